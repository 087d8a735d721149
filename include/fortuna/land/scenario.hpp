// SPDX-License-Identifier: MIT
// A battle ready to play: board, terrain, orders of battle, times and reinforcements (data/scenarios).
#pragma once

#include <filesystem>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include <nlohmann/json.hpp>

#include "fortuna/land/army.hpp"
#include "fortuna/land/ruleset.hpp"

namespace fortuna {

class RulesLibrary;

// Board millimetres from the top-left corner; x to the right, y towards the bottom edge.
struct BoardPoint {
    double x_mm = 0;
    double y_mm = 0;
    bool operator==(const BoardPoint&) const = default;
};

struct Board {
    double width_mm = 1500;
    double depth_mm = 1200;
    std::string scale = "1 mm = 2 m";
    bool contains(const BoardPoint& point) const {
        return point.x_mm >= 0 && point.y_mm >= 0 && point.x_mm <= width_mm && point.y_mm <= depth_mm;
    }
};

enum class TerrainKind { Hill, Wood, Rough, River, Stream, Lake, Road, Village, Town, Wall, Earthwork, Redan };
template <>
struct EnumNames<TerrainKind> {
    static constexpr std::string_view what = "terrain kind";
    static constexpr std::array<NameOf<TerrainKind>, 12> names{
        {{TerrainKind::Hill, "hill"}, {TerrainKind::Wood, "wood"}, {TerrainKind::Rough, "rough"},
         {TerrainKind::River, "river"}, {TerrainKind::Stream, "stream"}, {TerrainKind::Lake, "lake"},
         {TerrainKind::Road, "road"}, {TerrainKind::Village, "village"}, {TerrainKind::Town, "town"},
         {TerrainKind::Wall, "wall"}, {TerrainKind::Earthwork, "earthwork"}, {TerrainKind::Redan, "redan"}}};
};

struct TerrainFeature {
    TerrainKind kind = TerrainKind::Hill;
    std::string name;
    bool closed = true;               // polygon (area) or polyline (line)
    std::vector<BoardPoint> points;
    int layers = 0;                   // hill: contour layers of 100 m each
    int shelters = 0;                 // village/town: units it can shelter
    std::optional<double> width_mm;   // road, river: drawn width
};

// Minutes since midnight <-> "HH:MM".
int parse_clock(std::string_view text);  // throws RuleError
std::string format_clock(int minutes_since_midnight);

struct GeneralSetup {
    std::string code;
    std::string name;
    bool great_captain = false;
    std::optional<BoardPoint> position;
};

struct UnitSetup {
    std::string code;    // "B-I3": what the umpire types
    std::string name;
    std::string nation;  // army id in the rule set (defaults to the side's nation)
    std::string type;    // unit type id in that army
    const UnitType* unit_type = nullptr;  // resolved against the library at load
    int bases = 0;
    BoardPoint position;
    double facing_deg = 0;
    Formation formation = Formation::Line;
    UnitState state = UnitState::Normal;
    bool guns_limbered = false;  // artillery only
};

struct CommandSetup {
    std::string name;
    std::optional<GeneralSetup> general;
    std::vector<UnitSetup> units;
};

// What a side's orders have it do: march on its objective, or hold it.
enum class Posture { Attack, Defend };
template <>
struct EnumNames<Posture> {
    static constexpr std::string_view what = "posture";
    static constexpr std::array<NameOf<Posture>, 2> names{{{Posture::Attack, "attack"}, {Posture::Defend, "defend"}}};
};

// A side's initial orders (seed 000, 7.1.1: "each division or brigade would have initial orders
// from the commander in chief of the army. This would explain initial objectives (e.g. III
// Brigade should advance, seize the village before it, and await new orders)"). A scenario gives
// one objective a side (docs/rules/opponent.md, D-orders): the programmed opponent marches on it
// or holds it when no doctrine file says otherwise, the table plan marks it, and the words are the
// players' briefing. The objective is a terrain feature (its centre) or a point, or none.
struct InitialOrders {
    Posture posture = Posture::Attack;
    std::string objective_terrain;              // a terrain feature's name, or ""
    std::optional<BoardPoint> objective_point;  // else a point on the table
    std::string text;                           // the orders in words
};

struct SideSetup {
    std::string id;
    std::string name;
    std::string colour;
    std::string nation;
    std::vector<CommandSetup> commands;
    std::optional<InitialOrders> orders;  // written before the commands in a file
};

struct ReinforcementSetup {
    std::string id;
    std::string side;  // side id
    int arrives = 0;   // minutes since midnight
    std::string entry;
    CommandSetup command;
};

// Sauve-qui-peut thresholds a scenario gives from a time of day on (seed 001: "once the threshold
// of base unit losses exceed the following total percentages at the specified time on the
// battlefield"). The i-th percent takes the place of the rule set's i-th crisis level, keeping its
// chance of a crisis; the rule set's levels beyond them stand. Used from `from` until the next
// period of the same side (docs/data-format.md#scenarios, docs/scenarios/white-mountain-1620.md).
struct MoraleThresholds {
    int from = 0;               // minutes since midnight
    std::string side;           // a side id, or "" for both
    std::vector<int> percents;  // ascending
    std::string source;         // where the numbers come from
};

struct Scenario {
    int format_version = 1;
    std::string id;
    std::string name;
    std::string description;
    std::string source;
    std::string ruleset;
    Board board;
    int start = 0;  // minutes since midnight
    int dusk = 0;
    std::string first_player;  // side id; the first side unless given
    std::vector<TerrainFeature> terrain;
    std::vector<SideSetup> sides;  // exactly two
    std::vector<ReinforcementSetup> reinforcements;
    std::vector<MoraleThresholds> sauve_qui_peut;  // none: the rule set's thresholds all day

    std::string file;          // where it was read from ("" when built in memory)
    nlohmann::json document;   // the document as read: saves keep a copy

    static constexpr int kFormatVersion = 1;

    // Schema check (data/schema/scenario.schema.json), then cross-references against the
    // rule set: nations and unit types exist, unit and general codes are unique, every
    // position lies on the board, reinforcements name a side. Throws DataError with the
    // JSON pointer of the first bad field.
    static Scenario from_json(const nlohmann::json& document, const std::string& file, const RulesLibrary& library);

    const SideSetup& side(std::string_view id) const;  // throws RuleError
    int side_index(std::string_view id) const;          // -1 if unknown
};

// The centre of a terrain feature's outline (the mean of its points): where an objective lies.
BoardPoint feature_centre(const TerrainFeature& feature);

// Where a side's initial orders point (its terrain feature's centre, or its point), and in words
// ("White Mountain (plateau)", "the point (900, 300)"); nullopt when they name no objective or a
// feature the scenario does not have.
struct Objective {
    BoardPoint at;
    std::string name;
};
std::optional<Objective> objective_of(const Scenario& scenario, const InitialOrders& orders);

// A scenario by id (data/scenarios/<id>.json) or by file path (anything with a '/' or
// ending in .json).
std::filesystem::path scenario_path(const RulesLibrary& library, std::string_view id_or_file);
Scenario load_scenario(const RulesLibrary& library, std::string_view id_or_file);

// The scenario ids shipped in data/scenarios, sorted.
std::vector<std::string> scenario_ids(const std::filesystem::path& data_dir);

}  // namespace fortuna
