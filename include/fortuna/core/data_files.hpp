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

}  // namespace fortuna
