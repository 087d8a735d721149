// SPDX-License-Identifier: MIT
// Game Of Kings' printed sheets through the seam (GameSession::sheet): the one-page key summary,
// the rosters and the victory sheet with army points, each from the numbers the game plays with.
#pragma once

#include <string_view>
#include <vector>
#include <string>

#include "fortuna/game_of_kings/game.hpp"
#include "fortuna/sheets/sheet_content.hpp"

namespace fortuna::game_of_kings {

// "reference" (the key summary), "roster", "victory".
std::vector<std::string> gok_sheet_kinds();
// The sheet of `kind` for the game as it stands (fresh from its scenario, or in play with its
// losses); RuleError for a kind it lacks, naming the kinds it has.
SheetContent gok_sheet(const GameModel& game, std::string_view kind);

}  // namespace fortuna::game_of_kings
