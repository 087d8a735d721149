// SPDX-License-Identifier: MIT
// The umpire's command line: "c B-I3 F-I1 +flank 4" becomes one game action (or a view request).
#pragma once

#include <QString>
#include <QStringList>

#include <stdexcept>
#include <vector>

#include <nlohmann/json.hpp>

#include "fortuna/game.hpp"

namespace fortuna::app {

struct UmpireCommand {
    enum class Kind { Action, Select, Measure, Sight, Undo, Redo, Fit, Centre, Help, NextDuty };
    Kind kind = Kind::Help;
    nlohmann::json action;             // Kind::Action: what Game::apply takes
    std::vector<std::size_t> units;    // Select, Measure, Sight, Centre
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

}  // namespace fortuna::app
