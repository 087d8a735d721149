// SPDX-License-Identifier: MIT
// The battle told as seed 001 tells White Mountain: quarter hour by quarter hour, from the journal.
#pragma once

#include <string>
#include <vector>

#include "fortuna/land/game.hpp"

namespace fortuna {

// One quarter hour of the battle: its clock time, what happened in sentences, and the
// position at its end (for the picture of the board).
struct ReportSection {
    int minutes = 0;          // minutes since midnight at its start
    std::string clock;        // "12:15"
    int first_turn = 0;       // the game turns it covers
    int last_turn = 0;
    std::vector<std::string> sentences;  // in the order things happened
    std::vector<int> actions;            // journal numbers (seq) of the actions told
    GameState state;                     // the position after its last action
};

struct SideOutcomeLine {
    std::string id;
    std::string name;
    int bases_start = 0;
    int bases_lost = 0;
    double percent_lost = 0;
    int units_routed_or_gone = 0;
    int guns_lost = 0;
};

struct BattleReport {
    std::string title;       // "White Mountain, 8 November 1620"
    std::string subtitle;    // "The Age of Glaube; 12:15 to 14:25, seed 42"
    std::string ruleset;
    std::string start_clock;
    std::string end_clock;   // the game's clock when the report was made
    std::vector<ReportSection> sections;
    std::vector<SideOutcomeLine> sides;
    std::vector<std::string> casualties;  // one sentence per side
    std::string result;                   // "The Bohemians and allies win a major victory (margin 14.2 points)."
};

// Every quarter hour from the scenario's start to the game's clock, on the quarter hours of
// the clock (12:15, 12:30 ...; a start between quarters opens a short first section). The
// sentences come from the actions in effect (undone actions are not told): combats and
// their results, artillery that told (salvoes without effect are counted together), rallies,
// routs, guns taken, generals hit, crises of morale, orders, arrivals and the umpire's
// corrections; moves are summed per side. Pure: reads the game, changes nothing.
BattleReport make_battle_report(const Game& game);

// The report as plain text (Markdown headings), for the terminal and for tests.
std::string battle_report_text(const BattleReport& report);

}  // namespace fortuna
