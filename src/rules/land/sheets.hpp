// SPDX-License-Identifier: MIT
// The land games' sheets of a game, for the land session's GameSession::sheet (src/rules/land/sheets.cpp).
#pragma once

#include <string_view>

#include "fortuna/land/game.hpp"
#include "fortuna/sheets/sheet_content.hpp"
#include "fortuna/sheets/sheet_source.hpp"

namespace fortuna::land {

// The sheet of this game: fresh from its scenario before its first action, else as it stands
// (casualties crossed off, states ticked, the clock boxed). RuleError for a kind it lacks.
SheetContent land_game_sheet(const Game& game, std::string_view kind);

}  // namespace fortuna::land
