// SPDX-License-Identifier: MIT
// Naval scenarios (fleets on a table, wind, shoals) and the JSON codec of naval actions.
#include <algorithm>
#include <cmath>
#include <initializer_list>

#include "fortuna/core/errors.hpp"
#include "fortuna/core/json_fields.hpp"
#include "fortuna/seam/library.hpp"
#include "fortuna/naval/model.hpp"
#include "core/json_reader.hpp"

namespace fortuna {

using detail::JsonReader;
using nlohmann::json;

NavalScenario NavalScenario::from_json(const json& document, const std::string& file, const NavalTables& tables) {
    const JsonReader root(document, file);
    NavalScenario s;
    s.id = root.string("id");
    s.name = root.string("name");
    s.description = root.string_or("description", "");
    s.source = root.string_or("source", "");
    s.width_cm = root.at("table").number("width_cm");
    s.depth_cm = root.at("table").number("depth_cm");
    s.wind.direction = tables.compass_index(root.at("wind").string("from"));
    s.wind.speed = root.at("wind").integer("speed");
    const JsonReader sides = root.at("sides");
    for (std::size_t i = 0; i < sides.size(); ++i) {
        const JsonReader side = sides.at(i);
        NavalSide entry{side.string("id"), side.string("name"), side.string("navy"), side.string_or("admiral", "")};
        if (!tables.navy(entry.navy)) side.fail_at("navy", "a navy of the tables (commonwealth, royal-navy-1708, la-royale, ...)", entry.navy);
        s.sides.push_back(std::move(entry));
    }
    if (s.sides[0].id == s.sides[1].id) sides.at(1).fail_at("id", "a side id different from the first side's", s.sides[1].id);
    auto side_index = [&](const JsonReader& node, const std::string& key) {
        const std::string named = node.string(key);
        for (std::size_t i = 0; i < s.sides.size(); ++i)
            if (s.sides[i].id == named) return static_cast<int>(i);
        node.fail_at(key, "one of the sides: " + s.sides[0].id + " or " + s.sides[1].id, named);
    };
    s.first_side = side_index(root, "first");
    // The seed sets no length of battle; a scenario may (D18): 0 plays until a fleet is beaten.
    s.rounds = root.integer_or("rounds", 0);
    if (s.rounds < 0) root.fail_at("rounds", "a number of rounds, 1 or more (or none: until a fleet is beaten)", std::to_string(s.rounds));
    if (root.has("shoals")) {
        const JsonReader shoals = root.at("shoals");
        for (std::size_t i = 0; i < shoals.size(); ++i) {
            const JsonReader sh = shoals.at(i);
            s.shoals.push_back({sh.string("name"), sh.number("x_cm"), sh.number("y_cm"), sh.number("radius_cm")});
        }
    }
    const JsonReader ships = root.at("ships");
    for (std::size_t i = 0; i < ships.size(); ++i) {
        const JsonReader node = ships.at(i);
        Ship ship;
        ship.id = node.string("id");
        for (const auto& other : s.ships)
            if (other.id == ship.id) node.fail_at("id", "a ship id used once", ship.id);
        ship.name = node.string("name");
        try {
            ship.ship_class = &tables.ship_class(node.string("class"));
        } catch (const RuleError& error) {
            node.fail_at("class", error.what(), node.string("class"));
        }
        ship.original_side = side_index(node, "side");
        ship.navy = node.string_or("navy", s.sides[static_cast<std::size_t>(ship.original_side)].navy);
        if (!tables.navy(ship.navy)) node.fail_at("navy", "a navy of the tables", ship.navy);
        ship.now = fresh_status(*ship.ship_class, ship.original_side);
        ship.now.x_cm = node.number("x_cm");
        ship.now.y_cm = node.number("y_cm");
        if (ship.now.x_cm > s.width_cm) node.fail_at("x_cm", "a place on the table, 0-" + std::to_string(static_cast<int>(s.width_cm)) + " cm", std::to_string(ship.now.x_cm));
        if (ship.now.y_cm > s.depth_cm) node.fail_at("y_cm", "a place on the table, 0-" + std::to_string(static_cast<int>(s.depth_cm)) + " cm", std::to_string(ship.now.y_cm));
        ship.now.heading_deg = node.number("heading_deg");
        const double point = 360.0 / tables.turning_points;
        if (std::fabs(ship.now.heading_deg / point - std::round(ship.now.heading_deg / point)) > 1e-6)
            node.fail_at("heading_deg", "a point of the 16-point turning circle (a multiple of 22.5°)", std::to_string(ship.now.heading_deg));
        if (node.has("sheet")) {
            // A sheet already marked: never more than the class has, never a mastless ship that sails.
            const JsonReader sheet = node.at("sheet");
            const ShipClass& c = *ship.ship_class;
            auto limited = [&](const std::string& key, int fresh, int& value) {
                if (!sheet.has(key)) return;
                value = sheet.integer(key);
                if (value < 0 || value > fresh)
                    sheet.fail_at(key, "0 to " + std::to_string(fresh) + " (the " + c.name + " sheet)", std::to_string(value));
            };
            limited("port_decks", c.gun_decks_per_side, ship.now.port_decks);
            limited("starboard_decks", c.gun_decks_per_side, ship.now.starboard_decks);
            limited("hull", c.hull, ship.now.hull);
            if (sheet.has("masts")) {
                const int standing = sheet.integer("masts");
                if (standing < 1 || standing > static_cast<int>(c.masts.size()))
                    sheet.fail_at("masts", "1 to " + std::to_string(c.masts.size()) + " masts standing: a ship that sails has a mast",
                                  std::to_string(standing));
                for (std::size_t m = static_cast<std::size_t>(standing); m < ship.now.masts.size(); ++m) ship.now.masts[m] = false;
            }
        }
        s.ships.push_back(std::move(ship));
    }
    return s;
}

bool is_naval_scenario(const std::filesystem::path& file) {
    try {
        const json document = read_json_file(file);
        return document.is_object() && text_member(document, "format") == "fortuna-naval-scenario";
    } catch (const DataError&) {
        return false;
    }
}

NavalScenario load_naval_scenario(const std::filesystem::path& file, const NavalTables& tables, const std::filesystem::path& data_dir) {
    const json document = read_json_file(file);
    validate_against_schema(document, "naval-scenario", file.string(), data_dir);
    return NavalScenario::from_json(document, file.string(), tables);
}

// ---------------------------------------------------------------- action codec

namespace {

json roll_json(const Roll& roll) { return {{"value", roll.value}, {"source", std::string(to_string(roll.source))}}; }
json rolls_json(const std::vector<Roll>& rolls) {
    json out = json::array();
    for (const auto& r : rolls) out.push_back(roll_json(r));
    return out;
}

Roll roll_from(const json& node, const std::string& field) {
    // A bare number is a die the player entered; {"value", "source"} is how the journal keeps one.
    const json& value = node.is_object() ? node.at("value") : node;
    if (!value.is_number_integer()) throw RuleError(field + ": expected a die 1 to 6, found " + value.dump());
    Roll roll = entered_die(value.get<int>(), field);
    if (node.is_object() && node.value("source", std::string("entered")) == "generated") roll.source = RollSource::Generated;
    return roll;
}
std::optional<Roll> optional_roll(const json& input, const std::string& key) {
    if (!input.contains(key) || input[key].is_null()) return std::nullopt;
    return roll_from(input[key], key);
}
std::vector<Roll> rolls_from(const json& input, const std::string& key) {
    std::vector<Roll> out;
    if (!input.contains(key)) return out;
    if (!input[key].is_array()) throw RuleError(key + ": expected a list of dice");
    for (std::size_t i = 0; i < input[key].size(); ++i) out.push_back(roll_from(input[key][i], key + "/" + std::to_string(i)));
    return out;
}
std::string text_from(const json& input, const std::string& key) {
    if (!input.contains(key) || !input[key].is_string()) throw RuleError("naval action: '" + key + "' expected (a ship id)");
    return input[key].get<std::string>();
}
std::string text_or(const json& input, const std::string& key, const std::string& fallback) {
    if (!input.contains(key)) return fallback;
    if (!input[key].is_string()) throw RuleError("naval action: '" + key + "' expected as text, found " + input[key].dump().substr(0, 40));
    return input[key].get<std::string>();
}
int count_or(const json& input, const std::string& key, int fallback) {
    if (!input.contains(key)) return fallback;
    const auto value = integer_member(input, key);
    if (!value || *value < 0 || *value > 10000)
        throw RuleError("naval action: '" + key + "' expected as a whole number from 0 to 10000, found " + input[key].dump().substr(0, 40));
    return static_cast<int>(*value);
}
bool flag_or(const json& input, const std::string& key, bool fallback) {
    if (!input.contains(key)) return fallback;
    if (!input[key].is_boolean()) throw RuleError("naval action: '" + key + "' expected as true or false, found " + input[key].dump().substr(0, 40));
    return input[key].get<bool>();
}
std::vector<std::string> texts_from(const json& input, const std::string& key) {
    std::vector<std::string> out;
    if (!input.contains(key)) return out;
    if (!input[key].is_array()) throw RuleError("naval action: '" + key + "' expected as a list of names");
    for (const auto& item : input[key]) {
        if (!item.is_string()) throw RuleError("naval action: '" + key + "' expected as a list of names, found " + item.dump().substr(0, 40));
        out.push_back(item.get<std::string>());
    }
    return out;
}
double number_from(const json& input, const std::string& key) {
    if (!input.contains(key) || !input[key].is_number()) throw RuleError("naval action: '" + key + "' expected (a number)");
    return input[key].get<double>();
}

// A key the kind does not know is refused, never ignored: "rolls" for "dice" would otherwise
// throw fresh dice where the player meant his own.
void only_known_keys(const json& input, const std::string& kind, std::initializer_list<const char*> keys) {
    for (const auto& item : input.items()) {
        const std::string& key = item.key();  // not a structured binding: clang 14 cannot capture one
        if (key == "action") continue;
        if (std::find_if(keys.begin(), keys.end(), [&](const char* k) { return key == k; }) != keys.end()) continue;
        std::string expected;
        for (const char* k : keys) expected += (expected.empty() ? "" : ", ") + std::string(k);
        throw RuleError("naval action '" + kind + "': unknown key '" + key + "': expected " +
                        (expected.empty() ? std::string("none but \"action\"") : expected));
    }
}

}  // namespace

std::string_view naval_action_kind(const NavalAction& action) {
    static constexpr std::string_view kKinds[] = {"wind", "move", "broadside", "boarding", "hazard", "anchor", "end-half"};
    return kKinds[action.index()];
}

json naval_action_to_json(const NavalAction& action) {
    json out{{"action", std::string(naval_action_kind(action))}};
    if (const auto* a = std::get_if<WindAction>(&action)) {
        if (a->direction_roll) out["direction_roll"] = roll_json(*a->direction_roll);
        if (a->speed_roll) out["speed_roll"] = roll_json(*a->speed_roll);
    } else if (const auto* m = std::get_if<ShipMoveAction>(&action)) {
        out.update({{"ship", m->ship}, {"x_cm", m->x_cm}, {"y_cm", m->y_cm}, {"heading_deg", m->heading_deg}});
        if (m->shoal_roll) out["shoal_roll"] = roll_json(*m->shoal_roll);
    } else if (const auto* b = std::get_if<BroadsideAction>(&action)) {
        out.update({{"ship", b->ship}, {"target", b->target}, {"side", std::string(to_string(b->side))},
                    {"aim", std::string(to_string(b->aim))}, {"dice", rolls_json(b->dice)}});
        if (!b->owner_masts.empty()) out["owner_masts"] = b->owner_masts;
    } else if (const auto* g = std::get_if<BoardingAction>(&action)) {
        out.update({{"ship", g->ship}, {"target", g->target}, {"prize_crew", g->prize_crew},
                    {"attacker_dice", rolls_json(g->attacker_dice)}, {"defender_dice", rolls_json(g->defender_dice)}});
    } else if (const auto* h = std::get_if<HazardAction>(&action)) {
        out.update({{"ship", h->ship}, {"hazard", std::string(to_string(h->hazard))}});
        if (h->roll) out["roll"] = roll_json(*h->roll);
        if (!h->spread_rolls.empty()) out["spread_rolls"] = rolls_json(h->spread_rolls);
    } else if (const auto* n = std::get_if<AnchorAction>(&action)) {
        out.update({{"ship", n->ship}, {"drop", n->drop}});
    }
    return out;
}

AttributedNavalAction attributed_naval_action_from_json(const json& input) {
    json bare = input;
    AttributedNavalAction attributed;
    if (bare.is_object()) {
        const auto take = [&bare](const char* key, std::optional<std::string>& into) {
            if (bare.contains(key) && bare[key].is_string()) into = bare[key].get<std::string>();
            bare.erase(key);
        };
        take("by", attributed.by);
        take("why", attributed.why);
        take("override", attributed.overrule);
    }
    attributed.action = naval_action_from_json(bare);
    return attributed;
}

NavalAction naval_action_from_json(const json& input) {
    if (!input.is_object() || !input.contains("action") || !input["action"].is_string())
        throw RuleError("naval action: expected an object with \"action\": wind, move, broadside, boarding, hazard, anchor or end-half");
    const std::string kind = input["action"].get<std::string>();
    if (kind == "wind") only_known_keys(input, kind, {"direction_roll", "speed_roll"});
    if (kind == "move") only_known_keys(input, kind, {"ship", "x_cm", "y_cm", "heading_deg", "shoal_roll"});
    if (kind == "broadside") only_known_keys(input, kind, {"ship", "target", "side", "aim", "owner_masts", "dice"});
    if (kind == "boarding") only_known_keys(input, kind, {"ship", "target", "prize_crew", "attacker_dice", "defender_dice"});
    if (kind == "hazard") only_known_keys(input, kind, {"ship", "hazard", "roll", "spread_rolls"});
    if (kind == "anchor") only_known_keys(input, kind, {"ship", "drop"});
    if (kind == "end-half") only_known_keys(input, kind, {});
    if (kind == "wind") return WindAction{optional_roll(input, "direction_roll"), optional_roll(input, "speed_roll")};
    if (kind == "move")
        return ShipMoveAction{text_from(input, "ship"), number_from(input, "x_cm"), number_from(input, "y_cm"),
                          number_from(input, "heading_deg"), optional_roll(input, "shoal_roll")};
    if (kind == "broadside") {
        BroadsideAction b{text_from(input, "ship"), text_from(input, "target"),
                          broadside_side_from_string(text_from(input, "side")), aim_from_string(text_or(input, "aim", "hull")),
                          {}, rolls_from(input, "dice")};
        b.owner_masts = texts_from(input, "owner_masts");
        return b;
    }
    if (kind == "boarding")
        return BoardingAction{text_from(input, "ship"), text_from(input, "target"), count_or(input, "prize_crew", 1),
                              rolls_from(input, "attacker_dice"), rolls_from(input, "defender_dice")};
    if (kind == "hazard")
        return HazardAction{text_from(input, "ship"), hazard_from_string(text_from(input, "hazard")), optional_roll(input, "roll"),
                            rolls_from(input, "spread_rolls")};
    if (kind == "anchor") return AnchorAction{text_from(input, "ship"), flag_or(input, "drop", true)};
    if (kind == "end-half") return EndHalfAction{};
    throw RuleError("naval action: unknown action '" + kind + "': expected wind, move, broadside, boarding, hazard, anchor or end-half");
}

}  // namespace fortuna
