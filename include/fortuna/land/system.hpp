// SPDX-License-Identifier: MIT
// The land rule system in the registry: the four Ages and the dice edition of Gloire.
#pragma once

#include <memory>

#include "fortuna/seam/game_session.hpp"
#include "fortuna/seam/rule_system.hpp"

namespace fortuna {

class Game;

// The four Ages (seed 000) and "Realm of Chance" (seed 002): rule sets of tables and random
// numbers, their armies, scenarios, doctrines, saves and journals.
const RuleSystem& land_system();

namespace land {

// What a side's player may ask for from the table: the kinds a player acts with, the key naming
// the acting unit or general, and the keys the umpire alone sets (docs/companion.md).
PlayerActions land_player_actions();
// A land game held elsewhere (the app's document, with its own undo stack) seen through the seam
// for reading and previews; its apply, undo and journal calls refuse (the holder applies).
std::unique_ptr<GameSession> land_session_view(const Game& game);
// The land game behind a session of the land system (for the report's board painter), or nullptr.
const Game* land_game_of(const GameSession& session);

}  // namespace land

}  // namespace fortuna
