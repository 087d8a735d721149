// SPDX-License-Identifier: MIT
// What any rule system's scenario editing shares (issue 31): the bounds of a new table and of a
// problem list, and a scenario written as a file that diffs well (defined with the land editing,
// land/scenario_editing.cpp). A problem of a draft and the schema's errors in words are
// core/data_files.hpp's: every loader reports them.
#pragma once

#include <cstddef>
#include <filesystem>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "fortuna/core/data_files.hpp"

namespace fortuna {

// The table new_scenario accepts, a side in mm: a kitchen table to a club's longest.
inline constexpr double kNewTableMinMm = 200;
inline constexpr double kNewTableMaxMm = 5000;
// scenario_problems lists at most this many, then one line saying how many more there are.
inline constexpr std::size_t kMaxScenarioProblems = 200;

// The text of a scenario file: one-space indentation like the shipped files, but a point, a
// position and a unit each on one line (a general too, and any list of plain values), so that
// moving one unit changes one line of a diff. Ends with a newline. Reading it back gives the
// same document; a string that is not UTF-8 is written with U+FFFD for its bad bytes.
std::string scenario_file_text(const nlohmann::ordered_json& document);

}  // namespace fortuna
