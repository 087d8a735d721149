// SPDX-License-Identifier: MIT
// Reading the Age of Sail tables (seed 000) and the ship damage sheets, with the checks a schema cannot make.
#include <algorithm>
#include <charconv>

#include "fortuna/core/errors.hpp"
#include "fortuna/seam/library.hpp"
#include "fortuna/naval/model.hpp"
#include "core/json_reader.hpp"

namespace fortuna {

using detail::JsonReader;

namespace {

std::vector<DieChange> read_changes(const JsonReader& list, const std::string& delta_key) {
    std::vector<DieChange> rows;
    int next_face = 1;
    for (std::size_t i = 0; i < list.size(); ++i) {
        const JsonReader row = list.at(i);
        DieChange change{row.integer("from"), row.integer("to"), row.integer_or(delta_key, 0), row.string("words")};
        // The rows must cover 1-6 in order, each face once, or a throw would find no row.
        if (change.from != next_face || change.to < change.from)
            row.fail("rows covering the die faces 1-6 in order, this one starting at " + std::to_string(next_face),
                     std::to_string(change.from) + "-" + std::to_string(change.to));
        next_face = change.to + 1;
        rows.push_back(std::move(change));
    }
    if (next_face != 7) list.fail("rows covering the die faces 1-6", "rows ending at " + std::to_string(next_face - 1));
    return rows;
}

std::vector<int> read_faces(const JsonReader& list) {
    std::vector<int> faces;
    for (std::size_t i = 0; i < list.size(); ++i) faces.push_back(list.at(i).as_integer());
    return faces;
}

ShipClass read_class(const JsonReader& node) {
    ShipClass c;
    c.id = node.string("id");
    c.name = node.string("name");
    c.sheet = node.string("sheet");
    c.gun_decks_per_side = node.integer("gun_decks_per_side");
    if (c.gun_decks_per_side < 0) node.fail_at("gun_decks_per_side", "0 or more gun decks a side", std::to_string(c.gun_decks_per_side));
    const JsonReader masts = node.at("masts");
    for (std::size_t i = 0; i < masts.size(); ++i) {
        const JsonReader mast = masts.at(i);
        const int units = mast.integer("units");
        if (units < 1) mast.fail_at("units", "a mast worth at least 1 unit of movement", std::to_string(units));
        c.masts.push_back({mast.string("name"), units});
    }
    // A ship that sails needs a mast (Movement: speed is found from the number of masts).
    if (c.masts.empty()) masts.fail("at least one mast: a ship that sails has masts", "no masts");
    c.hull = node.integer("hull");
    if (c.hull < 1) node.fail_at("hull", "at least 1 hull integrity unit", std::to_string(c.hull));
    c.history = node.node().at("history");
    c.provenance = node.string("provenance");
    return c;
}

}  // namespace

int ShipClass::mast_units() const {
    int units = 0;
    for (const auto& mast : masts) units += mast.units;
    return units;
}

int ShipClass::cells() const { return 2 * gun_decks_per_side + static_cast<int>(masts.size()) + hull; }

NavalTables NavalTables::from_json(const nlohmann::json& document, const std::string& file) {
    const JsonReader root(document, file);
    NavalTables t;
    t.id = root.string("id");
    t.name = root.string("name");
    t.source = root.string("source");
    t.cm_per_unit = root.at("scale").number("cm_per_unit");

    const JsonReader wind = root.at("wind");
    for (std::size_t i = 0; i < wind.at("compass").size(); ++i) t.compass.push_back(wind.at("compass").at(i).as_string());
    t.wind_named_from = wind.string("direction_means") == "from";
    t.speed_min = wind.integer("speed_min");
    t.speed_max = wind.integer("speed_max");
    t.speed_start = wind.integer("speed_start");
    t.high_seas_from = wind.integer("high_seas_from");
    if (t.speed_min > t.speed_max) wind.fail_at("speed_min", "a slowest wind no faster than speed_max", std::to_string(t.speed_min));
    if (t.speed_start < t.speed_min || t.speed_start > t.speed_max)
        wind.fail_at("speed_start", "a starting speed within speed_min-speed_max", std::to_string(t.speed_start));
    t.direction_change = read_changes(wind.at("direction_change"), "points");
    t.speed_change = read_changes(wind.at("speed_change"), "levels");

    const JsonReader bands = root.at("points_of_sail").at("bands");
    double previous = -1;
    for (std::size_t i = 0; i < bands.size(); ++i) {
        const JsonReader b = bands.at(i);
        PointOfSailBand band{b.string("id"), b.string("name"), b.number("from_deg"), b.number("to_deg"),
                             b.node().at("can_sail").get<bool>(), b.integer("wind_modifier")};
        if (band.from_deg <= previous || band.to_deg < band.from_deg)
            b.fail("bands in order of angle off the wind, not overlapping", std::to_string(band.from_deg));
        previous = band.to_deg;
        t.points_of_sail.push_back(std::move(band));
    }

    const JsonReader movement = root.at("movement");
    t.minimum_cm = movement.number("minimum_cm");
    t.drift_cm = movement.number("drift_cm_dismasted");
    t.turning_points = movement.integer("turning_points");
    t.turning_cost_cm = movement.number("turning_cost_cm_per_point");
    t.anchor_moves_to_raise = movement.integer("anchor_moves_to_raise");

    const JsonReader hazards = root.at("hazards");
    t.shoal_grounds_on = read_faces(hazards.at("shoal_grounds_on"));
    t.refloat_on = hazards.integer("refloat_on");
    t.mast_repair_on = hazards.integer("mast_repair_on");
    t.disentangle_on = hazards.integer("disentangle_on");
    t.fire_out_first = hazards.integer("fire_out_first_round");
    t.fire_out_second = hazards.integer("fire_out_second_round");
    t.fire_sixes_needed = hazards.integer("fire_sixes_needed");
    t.explosion_radius_cm = hazards.number("explosion_radius_cm");
    t.founder_on = read_faces(hazards.at("founder_on"));

    // Boarding: "the captured ship must be manned by at least one gun deck from the winning ship".
    t.prize_crew_min = root.at("boarding").integer("prize_crew_min");

    const JsonReader firing = root.at("firing");
    t.max_range_cm = firing.number("max_range_cm");
    t.arc_deg = firing.number("arc_deg");
    double reach = 0;
    for (std::size_t i = 0; i < firing.at("bands").size(); ++i) {
        const JsonReader b = firing.at("bands").at(i);
        RangeBand band{b.number("from_cm"), b.number("to_cm"), b.integer("hull"), b.integer("sails")};
        // Bands follow on without gaps (S8: each includes its far edge).
        if (band.from_cm != reach || band.to_cm <= band.from_cm)
            b.fail("a band starting where the last ended (" + std::to_string(reach) + " cm)", std::to_string(band.from_cm));
        reach = band.to_cm;
        t.firing.push_back(band);
    }
    if (reach != t.max_range_cm) firing.fail_at("max_range_cm", "the far edge of the last band", std::to_string(t.max_range_cm));
    t.victory_measure = root.at("victory").string("measure");

    const JsonReader navies = root.at("navies");
    for (std::size_t i = 0; i < navies.size(); ++i)
        t.navies.push_back({navies.at(i).string("id"), navies.at(i).string("name"), navies.at(i).string("years")});
    const JsonReader classes = root.at("ship_classes");
    for (std::size_t i = 0; i < classes.size(); ++i) t.classes.push_back(read_class(classes.at(i)));
    return t;
}

const ShipClass& NavalTables::ship_class(std::string_view class_id) const {
    for (const auto& c : classes)
        if (c.id == class_id) return c;
    std::string known;
    for (const auto& c : classes) known += (known.empty() ? "" : ", ") + c.id;
    throw RuleError("unknown ship class '" + std::string(class_id) + "': expected one of " + known);
}

const Navy* NavalTables::navy(std::string_view navy_id) const {
    for (const auto& n : navies)
        if (n.id == navy_id) return &n;
    return nullptr;
}

int NavalTables::compass_index(std::string_view point) const {
    for (std::size_t i = 0; i < compass.size(); ++i)
        if (compass[i] == point) return static_cast<int>(i);
    throw RuleError("unknown compass point '" + std::string(point) + "': expected N, NE, E, SE, S, SW, W or NW");
}

NavalTables load_naval_tables(const std::filesystem::path& data_dir) {
    const auto file = data_dir / "tables" / "age-of-sail.json";
    const auto document = read_json_file(file);
    validate_against_schema(document, "naval", file.string(), data_dir);
    return NavalTables::from_json(document, file.string());
}

Roll entered_die(int value, std::string_view what) {
    if (value < 1 || value > 6)
        throw RuleError(std::string(what) + ": a die shows 1 to 6, not " + std::to_string(value));
    return Roll{RollKind::D6, value, RollSource::Entered};
}

std::vector<Roll> parse_dice_pool(std::string_view text, int expected, std::string_view what) {
    std::vector<Roll> dice;
    std::size_t start = 0;
    while (start <= text.size()) {
        const auto comma = text.find(',', start);
        const std::string_view part = text.substr(start, comma == std::string_view::npos ? std::string_view::npos : comma - start);
        int value = 0;
        const auto [end, error] = std::from_chars(part.data(), part.data() + part.size(), value);
        if (part.empty() || error != std::errc() || end != part.data() + part.size())
            throw RuleError(std::string(what) + ": '" + std::string(part) + "' is not a die (1 to 6)");
        dice.push_back(entered_die(value, what));
        if (comma == std::string_view::npos) break;
        start = comma + 1;
    }
    if (static_cast<int>(dice.size()) != expected)
        throw RuleError(std::string(what) + ": " + std::to_string(expected) + (expected == 1 ? " die" : " dice") +
                        " are thrown (one per gun deck), " + std::to_string(dice.size()) + " given");
    return dice;
}

}  // namespace fortuna
