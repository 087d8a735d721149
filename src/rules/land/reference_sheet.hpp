// SPDX-License-Identifier: MIT
// The quick reference of a land rule set as content for the one renderer (src/rules/land/reference_sheet.cpp).
#pragma once

#include <string>

#include "fortuna/land/ruleset.hpp"
#include "fortuna/sheets/sheet_content.hpp"

namespace fortuna::sheets {

// Every table of the rule set, generated from its JSON at print time, so an edited table prints
// as it is played. `battle`: the scenario or saved game it is printed for ("" for the rule set alone).
SheetContent reference_sheet(const RuleSet& rules, const std::string& battle);

}  // namespace fortuna::sheets
