// SPDX-License-Identifier: MIT
// Game Of Kings (seed 004): the tables file read, cross-checked and named.
#include "fortuna/game_of_kings/tables.hpp"

#include <cmath>

#include "fortuna/core/errors.hpp"
#include "fortuna/seam/library.hpp"

namespace fortuna::game_of_kings {

namespace {

constexpr std::array<std::string_view, 7> kTypeNames{"heavy-cavalry", "medium-cavalry", "light-cavalry", "lancers",
                                                     "foot",          "light-foot",     "gun"};

template <std::size_t N>
std::string joined(const std::array<std::string_view, N>& names) {
    std::string text;
    for (const auto name : names) text += (text.empty() ? "" : ", ") + std::string(name);
    return text;
}

std::vector<int> int_list(const nlohmann::json& node) {
    std::vector<int> out;
    for (const auto& item : node) out.push_back(item.get<int>());
    return out;
}

}  // namespace

std::string_view to_string(UnitType type) { return kTypeNames.at(static_cast<std::size_t>(type)); }

UnitType unit_type_from_string(std::string_view text, std::string_view field) {
    for (std::size_t i = 0; i < kTypeNames.size(); ++i)
        if (kTypeNames[i] == text) return kUnitTypes.at(i);
    throw RuleError(std::string(field) + " expects one of " + unit_type_list() + "; got \"" + std::string(text) + "\"");
}

std::string unit_type_list() { return joined(kTypeNames); }

bool is_horse(UnitType type) {
    return type == UnitType::HeavyCavalry || type == UnitType::MediumCavalry || type == UnitType::LightCavalry ||
           type == UnitType::Lancers;
}

std::string_view to_string(Quality quality) {
    switch (quality) {
    case Quality::Elite: return "elite";
    case Quality::Regular: return "regular";
    case Quality::Poor: return "poor";
    }
    return "regular";
}

Quality quality_from_string(std::string_view text, std::string_view field) {
    for (const Quality q : {Quality::Elite, Quality::Regular, Quality::Poor})
        if (to_string(q) == text) return q;
    throw RuleError(std::string(field) + " expects elite, regular or poor; got \"" + std::string(text) + "\"");
}

std::string_view to_string(Weather weather) {
    switch (weather) {
    case Weather::Fair: return "fair";
    case Weather::LightRain: return "light-rain";
    case Weather::HeavyRain: return "heavy-rain";
    case Weather::Fog: return "fog";
    case Weather::ExtremeHeat: return "extreme-heat";
    }
    return "fair";
}

Weather weather_from_string(std::string_view text, std::string_view field) {
    for (const Weather w : {Weather::Fair, Weather::LightRain, Weather::HeavyRain, Weather::Fog, Weather::ExtremeHeat})
        if (to_string(w) == text) return w;
    throw RuleError(std::string(field) + " expects fair, light-rain, heavy-rain, fog or extreme-heat; got \"" +
                    std::string(text) + "\"");
}

int effectiveness_steps(int percent, std::string_view field, int step_percent) {
    if (step_percent <= 0 || percent <= 0 || percent > 4 * step_percent || percent % step_percent != 0)
        throw RuleError(std::string(field) + " expects an effectiveness in 25 % steps: 25, 50, 75 or 100 (seed 004, "
                                             "ORGANISATION); got " +
                        std::to_string(percent));
    return percent / step_percent;
}

Tables tables_from_json(const nlohmann::json& d, const std::string& file) {
    Tables t;
    t.file = file;
    t.name = d.at("name").get<std::string>();
    t.step_percent = d.at("/effectiveness/step_percent"_json_pointer).get<int>();
    t.initiative_faces = d.at("/initiative/die_faces"_json_pointer).get<int>();
    t.centre_faces = d.at("/action_points/centre_die_faces"_json_pointer).get<int>();
    t.flank_faces = d.at("/action_points/flank_die_faces"_json_pointer).get<int>();
    t.sequence = d.at("/sequence/steps"_json_pointer).get<std::vector<std::string>>();
    const std::vector<std::string> order{"rally", "guns", "move", "muskets-and-carbines", "melee"};
    if (t.sequence != order)
        throw DataError(file, "/sequence/steps", "the seed's order within a sector: rally, guns, move, muskets-and-carbines, melee",
                        d.at("/sequence/steps"_json_pointer).dump());
    for (const auto& [key, value] : d.at("action_point_costs").items())
        if (key != "section") t.costs[key] = value.get<int>();
    for (const auto& [key, value] : d.at("/movement/rates_cm"_json_pointer).items()) t.move_cm[key] = value.get<double>();
    const auto& variation = d.at("/movement/variation"_json_pointer);
    t.variation_from = variation.at("from_fraction_of_move").get<double>();
    t.variation_up_on = variation.at("up_on").get<int>();
    t.variation_down_on = variation.at("down_on").get<int>();
    t.variation_percent = variation.at("percent").get<int>();
    if (t.variation_up_on == t.variation_down_on)
        throw DataError(file, "/movement/variation/down_on", "a face other than up_on's", std::to_string(t.variation_down_on));

    const auto& musketry = d.at("musketry");
    t.musket_cm = musketry.at("/ranges_cm/musket"_json_pointer).get<double>();
    t.carbine_cm = musketry.at("/ranges_cm/carbine"_json_pointer).get<double>();
    t.musketry_dice_per_step = musketry.at("dice_per_step").get<int>();
    t.column_front_steps = musketry.at("column_front_steps").get<int>();
    for (const auto& [key, value] : musketry.at("hit_on").items()) t.musketry_hit_on[key] = value.get<int>();
    t.musketry_penalty = musketry.at("/penalty/value"_json_pointer).get<int>();
    t.before_contact = musketry.at("/before_contact/value"_json_pointer).get<int>();

    const auto& artillery = d.at("artillery");
    t.canister_cm = artillery.at("/shots/canister/max_range_cm"_json_pointer).get<double>();
    t.canister_divisor = artillery.at("/shots/canister/divisor"_json_pointer).get<int>();
    t.roundshot_cm = artillery.at("/shots/roundshot/max_range_cm"_json_pointer).get<double>();
    t.roundshot_divisor = artillery.at("/shots/roundshot/divisor"_json_pointer).get<int>();
    t.artillery_halve_at = artillery.at("halve_at_or_below_percent").get<int>();
    t.half_becomes_on = artillery.at("half_becomes_hit_on").get<int>();
    for (const auto& [key, value] : artillery.at("hit_on").items()) t.artillery_hit_on[key] = value.get<int>();

    const auto& melee = d.at("melee");
    t.melee_columns = melee.at("columns").get<std::vector<std::string>>();
    for (const auto& [row, values] : melee.at("dice_per_step").items()) {
        std::array<int, 6> halves{};
        for (std::size_t i = 0; i < 6; ++i) {
            const double v = values.at(i).get<double>();
            const double twice = v * 2;
            if (std::fabs(twice - std::round(twice)) > 1e-9)
                throw DataError(file, "/melee/dice_per_step/" + row + "/" + std::to_string(i), "a whole or half number of dice",
                                values.at(i).dump());
            halves[i] = static_cast<int>(std::lround(twice));
        }
        t.melee_halves[row] = halves;
    }
    t.bonus_dice_per_step = melee.at("bonus_dice_per_step").get<int>();
    for (const auto& [key, value] : melee.at("bonuses").items())
        t.bonuses[key] = MeleeBonus{value.at("side").get<std::string>(), value.at("words").get<std::string>()};
    t.melee_hit_on = melee.at("hit_on").get<int>();
    t.half_die_on = melee.at("half_die_becomes_die_on").get<int>();
    t.gun_protection_cm = melee.at("gun_protection_cm").get<double>();

    t.cuirassier_save_on = d.at("/saving_throws/cuirassiers/save_on"_json_pointer).get<int>();
    t.cuirassier_not_against = d.at("/saving_throws/cuirassiers/not_against"_json_pointer).get<std::vector<std::string>>();
    t.cover_save_on = d.at("/saving_throws/cover/save_on"_json_pointer).get<int>();

    for (const auto& [key, value] : d.at("/morale/pass_on"_json_pointer).items()) t.morale_pass_on[key] = value.get<int>();
    t.morale_general = d.at("/morale/general"_json_pointer).get<int>();
    t.morale_support = d.at("/morale/support"_json_pointer).get<int>();
    t.rally_pass_on = d.at("/rally/pass_on"_json_pointer).get<int>();
    t.rally_general = d.at("/rally/general"_json_pointer).get<int>();

    const auto& weather = d.at("weather");
    t.gauge_min = weather.at("gauge_min").get<int>();
    t.gauge_max = weather.at("gauge_max").get<int>();
    for (const auto& [key, value] : weather.at("names").items()) t.gauge_names[std::stoi(key)] = value.get<std::string>();
    t.weather_down = int_list(weather.at("/change/down"_json_pointer));
    t.weather_same = int_list(weather.at("/change/same"_json_pointer));
    t.weather_up = int_list(weather.at("/change/up"_json_pointer));
    std::array<int, 7> seen{};
    for (const auto* list : {&t.weather_down, &t.weather_same, &t.weather_up})
        for (const int face : *list) ++seen.at(static_cast<std::size_t>(face));
    for (int face = 1; face <= 6; ++face)
        if (seen.at(static_cast<std::size_t>(face)) != 1)
            throw DataError(file, "/weather/change", "each face 1-6 in exactly one of down, same and up",
                            "face " + std::to_string(face) + " in " + std::to_string(seen.at(static_cast<std::size_t>(face))));
    for (const auto& [key, value] : weather.at("effects").items()) {
        WeatherEffect e;
        e.visibility_cm = value.value("visibility_cm", 0.0);
        e.movement_percent = value.at("movement_percent").get<int>();
        e.musketry = value.at("musketry").get<int>();
        e.after_turns = value.value("after_turns_on_same_fair_number", 0);
        t.weather_effects[key] = e;
    }
    for (const auto& [gauge, name] : t.gauge_names)
        if (!t.weather_effects.count(name))
            throw DataError(file, "/weather/names/" + std::to_string(gauge), "a weather with an entry in /weather/effects", name);

    const auto& terrain = d.at("terrain_generator");
    t.table_width_ft = terrain.at("/table_ft/width"_json_pointer).get<double>();
    t.table_depth_ft = terrain.at("/table_ft/depth"_json_pointer).get<double>();
    t.terrain_rows = terrain.at("rows").get<int>();
    t.terrain_columns = terrain.at("columns").get<int>();
    t.terrain_piece_on = int_list(terrain.at("piece_on"));
    for (const auto& [key, value] : terrain.at("kinds").items()) t.terrain_kinds[std::stoi(key)] = value.get<std::string>();

    t.points_general = d.at("/victory/points/general"_json_pointer).get<int>();
    t.points_foot = d.at("/victory/points/foot"_json_pointer).get<int>();
    t.points_other = d.at("/victory/points/other"_json_pointer).get<int>();
    t.loses_below = d.at("/victory/loses_below_fraction_of_start"_json_pointer).get<double>();
    return t;
}

Tables load_tables(const std::filesystem::path& data_dir) {
    const auto file = data_dir / "tables" / "game-of-kings.json";
    const auto document = read_json_file(file);
    validate_against_schema(document, "game-of-kings", file.string(), data_dir);
    return tables_from_json(document, file.string());
}

}  // namespace fortuna::game_of_kings
