// SPDX-License-Identifier: MIT
// The data folder and the reading of any JSON that comes from outside (a data file, a save, a
// journal, a phone's request): size and depth limits, syntax errors with line and column, and the
// schema's checks, each problem naming the file, the JSON pointer and what was expected.
#pragma once

#include <filesystem>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

namespace fortuna {

// The data folder: $FORTUNA_DATA, else the installed or source data/ found next to the
// executable, else the source tree's data/ compiled in.
std::filesystem::path default_data_dir();

// Reads a JSON file. A syntax error becomes a DataError naming line:column; the size limit
// (data-format.md) keeps a hostile file from exhausting memory.
nlohmann::json read_json_file(const std::filesystem::path& file);
nlohmann::json parse_json_text(const std::string& text, const std::string& file_name);

// Validates a document against data/schema/<kind>.schema.json; throws DataError naming the
// file, the JSON pointer and what the schema expected.
void validate_against_schema(const nlohmann::json& document, const std::string& kind,
                             const std::string& file, const std::filesystem::path& data_dir);

// Every error the validator finds, in its order: the JSON pointer of the node ("" for the
// document) and the validator's own phrase (scenario_editing.cpp puts them in words).
struct SchemaViolation {
    std::string pointer;
    std::string description;
};
std::vector<SchemaViolation> schema_violations(const nlohmann::json& document, const std::string& kind,
                                               const std::filesystem::path& data_dir);

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

// Every error data/schema/<kind>.schema.json finds in a document, each in words ("a number
// from 0 to 360", "one of line, column, square, hedgehog", "a member 'name'"), at its pointer.
std::vector<ScenarioProblem> schema_problems(const nlohmann::json& document, const std::string& kind,
                                             const std::filesystem::path& data_dir);

}  // namespace fortuna
