// SPDX-License-Identifier: MIT
// What the scenario editor and `fortuna-cli scenario new|check` ask of Game Of Kings (issue 31):
// an empty battle on the seed's table, the random terrain generator thrown for a draft, the ground
// and the army points a draft holds, and every problem of a draft at once. The editor decides
// nothing: the table, the generator, the footprints, the points and the checks are all here.
#pragma once

#include <array>
#include <cstdint>
#include <filesystem>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "fortuna/game_of_kings/game.hpp"
#include "fortuna/game_of_kings/tables.hpp"
#include "fortuna/seam/scenario_files.hpp"

namespace fortuna::game_of_kings {

// The seed's table (RANDOM TERRAIN GENERATOR: "my 6ft by 2ft 6in table"), in cm: the only table
// a Game Of Kings scenario plays on (scenario_from_json refuses another).
double seed_table_width_cm(const Tables& tables);
double seed_table_depth_cm(const Tables& tables);

// One unit of an army list of data/armies/game-of-kings, as the editor offers it.
struct ListUnit {
    std::string list;  // the list's id ("france")
    std::string list_name;
    std::string id, name;
    UnitType type = UnitType::Foot;
    Quality quality = Quality::Regular;
    bool cuirassiers = false;
};
// Every unit of every list, lists in the order of their file names; a list that cannot be read is
// left out (`validate` names it).
std::vector<ListUnit> army_list_units(const std::filesystem::path& data_dir);

// The formation a unit of `type` is set up in unless the scenario says otherwise: foot in line,
// a gun unlimbered, horse mounted (the formations scenario_from_json accepts for each).
std::string default_formation(UnitType type);
// Where a unit of `type` in `formation` centred on (x, y) cm stands: the footprint the game measures (D25).
Rect unit_footprint(const std::shared_ptr<const Tables>& tables, UnitType type, const std::string& formation, double x, double y);

// An empty non-historic battle on the seed's table: its two sides (France as player A, the
// Pragmatic Allies as B, the plain doctrine of encounter-1745), a turn limit of 20 (D33), no
// terrain thrown yet and no units. Its id and name are placeholders. `scenario check` lists what
// is still to do: the units, each side's general, the terrain's throw.
nlohmann::ordered_json new_battle_document(const Tables& tables);

// The random terrain generator thrown for a scenario (seed 004, RANDOM TERRAIN GENERATOR; D23):
// from `typed` faces when given, else from a generator seeded with `seed`.
struct TerrainThrow {
    std::uint64_t seed = 0;
    bool typed = false;
    std::vector<int> dice;
    std::vector<TerrainPiece> sectors;  // row by row, kind "" for open ground
    Explanation explanation;            // a line a sector: "row 1, column 2: 5 (a piece), kind 3: wood"
    // The scenario's "terrain" member for it: generator_seed, command, dice, choices ([] : a
    // player's choice is still to make), pieces, and `placed` kept from `before` (a non-historic
    // battle may add named pieces beside the generator's).
    nlohmann::ordered_json terrain;
};
// RuleError naming the die when typed faces are wrong (too few, too many, not 1-6).
TerrainThrow throw_terrain(const Tables& tables, std::uint64_t seed, const std::optional<std::vector<int>>& typed,
                           const nlohmann::ordered_json& before = nlohmann::ordered_json::object());

// The ground of a draft as the game will have it: the generator's pieces (D27: half the sector's
// width and depth, centred) with the players' choices made, a choice not yet made as kind
// "player-a-choice" / "player-b-choice", then the pieces placed by name. What cannot be read is
// left out (battle_problems names it).
std::vector<TerrainArea> draft_terrain(const Tables& tables, const nlohmann::json& document);

// A side's army points at the start (seed 004, VICTORY: general 3, foot 2, others 1): the general
// and every unit of the side whose list unit is known.
struct SidePoints {
    int points = 0;
    int foot = 0, others = 0;
};
std::array<SidePoints, 2> side_points(const Tables& tables, const std::vector<ListUnit>& lists, const nlohmann::json& document);

// Every problem of a Game Of Kings scenario document at once, in document order, each at its
// JSON pointer: the schema's, then the table, the terrain (dice, choices, placed pieces), the
// sides, each unit (side, list, formation, on the table, out of the water, clear of the others)
// and each side's general; when none of these, what `validate` says of the file (its name and id
// included). Empty: the file plays. At most kMaxScenarioProblems, then a line counting the rest.
std::vector<ScenarioProblem> battle_problems(const std::filesystem::path& data_dir, const nlohmann::json& document,
                                             const std::filesystem::path& file);

}  // namespace fortuna::game_of_kings
