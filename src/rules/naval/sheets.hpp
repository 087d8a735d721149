// SPDX-License-Identifier: MIT
// The Age of Sail's printed sheet as content for the one renderer: the naval victory sheet.
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "fortuna/naval/model.hpp"
#include "fortuna/sheets/sheet_content.hpp"

namespace fortuna::naval {

// "victory"
std::vector<std::string> naval_sheet_kinds();
// The naval victory sheet of a game fresh from its scenario or in play (the cells lost crossed
// off, the wind thrown so far); RuleError for a kind it does not print.
SheetContent naval_sheet(const NavalGame& game, std::string_view kind);

}  // namespace fortuna::naval
