// SPDX-License-Identifier: MIT
// What this turn's history says a unit has done: moved, charged, fired, fought (docs/rules/enforcement.md).
//
// These facts are read from the game's history rather than kept in the state: undoing an
// action takes it out of the history, so an undone move gives its allowance back and an
// undone combat lets the pair fight again. The rules of play (action_context.hpp) and the
// programmed opponent (opponent.hpp) ask the same questions here.
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace fortuna {

class Game;

// Fraction of a whole move the unit has used in this player-half (moves, charges, formation changes).
double move_spent_this_turn(const Game& game, std::string_view unit);
bool charged_this_turn(const Game& game, std::string_view unit);
// The longest charge move the unit made in this player-half, in board mm (0 for a charge that
// covered no ground); nullopt when it made none.
std::optional<double> charge_distance_this_turn(const Game& game, std::string_view unit);
// A rally in this player-half made the general's seed 000, 5.3 test.
bool under_fire_this_turn(const Game& game, std::string_view general);
bool fired_this_turn(const Game& game, std::string_view battery);
// The journal number of the combat of this pair in the current phase, if they have fought.
std::optional<int> fought_this_phase(const Game& game, std::string_view attacker, std::string_view defender);

// The pair fought a close combat (either attacking) in this player-half or the one before: their
// contact goes on, it is not a first move of contact (seed 000, 2.4.2: lancers).
bool contact_continues(const Game& game, std::string_view a, std::string_view b);

// A close combat of the current phase that routed one side (seed 000, 8.7): the unit that
// routed its enemy, and the enemy (routing now, or its last base gone).
struct CloseCombatRout {
    std::string victor;
    std::string routed;
    int seq = 0;  // the combat's journal number (or its re-roll's)
};
std::vector<CloseCombatRout> routs_this_phase(const Game& game);
// The control test of this unit in the current phase, if it has taken it.
bool control_tested_this_phase(const Game& game, std::string_view unit);

}  // namespace fortuna
