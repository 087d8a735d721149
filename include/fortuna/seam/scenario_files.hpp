// SPDX-License-Identifier: MIT
// What any rule system's scenario editing shares (issue 31): a problem of a draft named by its JSON
// pointer with what was expected and found, the schema's errors put in words, and a scenario
// written as a file that diffs well. (Defined with the land editing, land/scenario_editing.cpp.)
#pragma once

#include <cstddef>
#include <filesystem>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

namespace fortuna {

// One thing a draft lacks or gets wrong. `pointer` is the JSON pointer of the field in place
// ("/sides/0/commands/1/units/3/position"), "" for the file as a whole.
struct ScenarioProblem {
    std::string pointer;
    std::string expected;  // in words: "a position on the 1200 x 800 mm table"
    std::string found;     // in words: "(1250, 40) mm" or "" when the field is missing
    // "<pointer>: expected <expected>, found <found>" on one line.
    std::string message() const;
    bool operator==(const ScenarioProblem&) const = default;
};

// The table new_scenario accepts, a side in mm: a kitchen table to a club's longest.
inline constexpr double kNewTableMinMm = 200;
inline constexpr double kNewTableMaxMm = 5000;
// scenario_problems lists at most this many, then one line saying how many more there are.
inline constexpr std::size_t kMaxScenarioProblems = 200;

// Every error data/schema/<kind>.schema.json finds in a document, each in words ("a number
// from 0 to 360", "one of line, column, square, hedgehog", "a member 'name'"), at its pointer.
std::vector<ScenarioProblem> schema_problems(const nlohmann::json& document, const std::string& kind,
                                             const std::filesystem::path& data_dir);

// The text of a scenario file: one-space indentation like the shipped files, but a point, a
// position and a unit each on one line (a general too, and any list of plain values), so that
// moving one unit changes one line of a diff. Ends with a newline. Reading it back gives the
// same document; a string that is not UTF-8 is written with U+FFFD for its bad bytes.
std::string scenario_file_text(const nlohmann::ordered_json& document);

}  // namespace fortuna
