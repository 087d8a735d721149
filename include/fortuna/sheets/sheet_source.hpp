// SPDX-License-Identifier: MIT
// What a printed sheet is made from: a scenario, a saved game or totals typed in, reduced to sides, commands and units.
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "fortuna/land/army.hpp"
#include "fortuna/land/ruleset.hpp"
#include "fortuna/land/scenario.hpp"
#include "fortuna/sheets/sheet_content.hpp"

namespace fortuna {
class Game;
class RulesLibrary;
}  // namespace fortuna

namespace fortuna::sheets {

struct SheetUnit {
    std::string code;  // "F-I1"
    std::string name;
    const UnitType* type = nullptr;
    int bases = 0;  // at the start of the battle, or on arrival for a reinforcement
    // A saved game's live state: bases left, state, off the board. Unset for a fresh sheet.
    std::optional<int> bases_now;
    UnitState state = UnitState::Normal;
    bool off_board = false;
};

struct SheetCommand {
    std::string name;
    std::string general;  // "" when the command has none
    bool great_captain = false;
    std::optional<int> arrives;  // minutes since midnight: a reinforcement
    std::string entry;           // where a reinforcement enters
    bool arrived = false;        // a saved game past its arrival
    std::vector<SheetUnit> units;
    int bases() const;
};

struct SheetSide {
    std::string id;
    std::string name;    // "French"
    std::string nation;  // "France"
    std::vector<SheetCommand> commands;  // on the table at the start, then reinforcements
    int bases_start = 0;                 // base units on the table at the start (seed 000, 3.2)
    std::optional<int> bases_lost;       // a saved game's casualties so far
    std::optional<int> bases_now_total;  // a saved game's current army total (arrivals included)
};

// A reinforcement as the victory sheet lists it: the army's total grows when it arrives.
struct SheetReinforcement {
    int side = 0;
    int arrives = 0;
    std::string name;
    std::string entry;
    int bases = 0;
    bool arrived = false;
};

enum class SourceKind { Scenario, SavedGame, Totals };

struct SheetSource {
    SourceKind kind = SourceKind::Scenario;
    const RuleSet* rules = nullptr;
    std::string title;   // the scenario's name, or "Typed totals"
    std::string origin;  // "scenario test-skirmish", "saved game battle.fortuna", "totals typed in"
    int start = 12 * 60;
    int dusk = 17 * 60;
    std::optional<int> now;  // a saved game's clock
    std::vector<SheetSide> sides;  // two
    std::vector<SheetReinforcement> reinforcements;  // by arrival time
};

// The sheets for a scenario before the battle.
SheetSource source_from_scenario(const RulesLibrary& library, const Scenario& scenario);
// The sheets for a game in progress: casualties crossed off, states ticked, the clock marked.
SheetSource source_from_game(const Game& game, const std::string& save_name);
// Sheets for a battle with no scenario file: army totals in base units typed in.
// Throws RuleError for fewer or more than two totals, a total below 1, or an end not after the start.
SheetSource source_from_totals(const RuleSet& rules, const std::vector<int>& totals, int start, int end);

// Army totals (base units) of each side after every reinforcement up to and including `minutes`.
int side_total_at(const SheetSource& source, int side, int minutes);

// The land games' sheets as content for the one renderer (src/rules/land/sheets.cpp): "victory"
// (the victory and time sheet), "roster" (army rosters) and "reference" (the rule set's quick
// reference; a source with a rule set and nothing else prints it). The land session gives them
// through GameSession::sheet; typed totals and a rule set alone come here directly. RuleError for
// a kind the land games do not print or a source without a rule set.
std::vector<std::string> land_sheet_kinds();
SheetContent land_sheet(std::string_view kind, const SheetSource& source);

}  // namespace fortuna::sheets
