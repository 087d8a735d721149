// SPDX-License-Identifier: MIT
// Clausewitz's printed sheets through the seam (GameSession::sheet): the quick reference, a card
// for each brigade and the victory sheet with the objective tally, each from the numbers the game
// plays with.
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "fortuna/clausewitz/game.hpp"
#include "fortuna/sheets/sheet_content.hpp"

namespace fortuna::clausewitz {

// "reference", "brigade-cards", "victory".
std::vector<std::string> clausewitz_sheet_kinds();
// The sheet of `kind` for the game as it stands; RuleError for a kind it lacks, naming the kinds it has.
SheetContent clausewitz_sheet(const Game& game, std::string_view kind);

}  // namespace fortuna::clausewitz
