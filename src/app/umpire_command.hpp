// SPDX-License-Identifier: MIT
// The umpire's command line: "c B-I3 F-I1 +flank 4" becomes one game action (or a view request).
#pragma once

#include <QString>
#include <QStringList>

#include <stdexcept>
#include <vector>

#include <nlohmann/json.hpp>

#include "board_geometry.hpp"
#include "fortuna/land/actions.hpp"
#include "fortuna/land/game.hpp"

namespace fortuna::app {

// A unit or a general named on the command line (d, los and z take either).
struct BoardMark {
    enum class Kind { Unit, General };
    Kind kind = Kind::Unit;
    std::size_t index = 0;
    bool operator==(const BoardMark&) const = default;
};

struct UmpireCommand {
    enum class Kind { Action, Select, Measure, Sight, Undo, Redo, Fit, Centre, Help, NextDuty };
    Kind kind = Kind::Help;
    ActionRequest action;              // Kind::Action: the typed action the game applies
    std::vector<std::size_t> units;    // Select
    std::vector<BoardMark> marks;      // Measure, Sight (two), Centre (one)
    QString echo;                      // what was understood, in words (proposals included)
};

// A command the umpire typed that cannot be understood; the message says what was expected.
class CommandError : public std::runtime_error {
public:
    using std::runtime_error::runtime_error;
};

// Codes are matched without regard to case; units not named are taken from the selection
// (the phasing side's unit attacks, fires or rallies; the enemy one is the defender or target).
// Combat modifiers the board suggests (flank, rear, charge, combined arms, terrain, obstacle)
// are applied unless the umpire writes "-flank" etc.; "+flank" adds one.
UmpireCommand parse_umpire_command(const QString& text, const Game& game, const std::vector<std::size_t>& selection);

// One line per verb, for the help text and the user guide.
QStringList umpire_command_help();

// Unit index by code (any case), or -1.
int find_unit(const Game& game, const QString& code);
int find_general(const Game& game, const QString& code);

// Where a mark stands on the table, its code, and its outline (a general: his base's centre).
QPointF mark_position(const Game& game, const BoardMark& mark);
QString mark_code(const Game& game, const BoardMark& mark);
// Nearest-edge distance between two marks, in board mm.
double distance_between_marks(const Game& game, const BoardMark& a, const BoardMark& b);
// The units on the table whose outline holds the point: a line of sight drawn from or to a unit
// does not stop at that unit itself.
// Line of sight between two marks, ignoring the units they are or stand on.
SightLine line_of_sight_between_marks(const Game& game, const BoardMark& a, const BoardMark& b);

// How far a unit reaches an enemy (seed 000, 8.1.1-8.1.2 and Table 3): infantry its combat range,
// cavalry contact (2 mm, as the duties list), a battery the long end of its range table.
double reach_mm(const Game& game, std::size_t unit);
// The enemies on the table within a unit's reach, nearest first: what the E key cycles through.
std::vector<std::size_t> enemies_in_reach(const Game& game, std::size_t unit);
// The phasing side's units on the table in Tab order: those with an enemy in reach first, so
// that in a combat or fire phase Tab walks through the units that may act.
std::vector<std::size_t> tab_order(const Game& game);

// The command line's example, in the open game's own codes: the first unit of the phasing side
// on the table against the nearest enemy ("c CL-I1 B-I4 +flank 4").
QString example_command(const Game& game);

}  // namespace fortuna::app
