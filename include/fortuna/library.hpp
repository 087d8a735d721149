// SPDX-License-Identifier: MIT
// Loads and validates everything under data/: rule sets, their armies, and scenarios.
#pragma once

#include <filesystem>
#include <map>
#include <memory>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "fortuna/army.hpp"
#include "fortuna/errors.hpp"
#include "fortuna/ruleset.hpp"

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

class RulesLibrary {
public:
    // Loads every rule set in data/tables and every army in data/armies/<ruleset>/.
    // Throws the first DataError.
    static RulesLibrary load(const std::filesystem::path& data_dir = default_data_dir());

    // Checks files (or every file under data/ when paths is empty) and returns every problem.
    static std::vector<DataError> validate(const std::filesystem::path& data_dir,
                                           const std::vector<std::filesystem::path>& paths = {});

    const std::filesystem::path& data_dir() const { return data_dir_; }
    std::vector<const RuleSet*> rulesets() const;
    const RuleSet& ruleset(std::string_view id) const;  // throws RuleError listing known ids
    bool has_ruleset(std::string_view id) const;
    std::vector<const Army*> armies(std::string_view ruleset) const;
    const Army& army(std::string_view ruleset, std::string_view nation) const;
    // "france/line-infantry"; throws RuleError naming what is known.
    const UnitType& unit_type(std::string_view ruleset, std::string_view nation_slash_type) const;

private:
    std::filesystem::path data_dir_;
    std::map<std::string, std::unique_ptr<RuleSet>, std::less<>> rulesets_;
    std::map<std::string, std::map<std::string, std::unique_ptr<Army>, std::less<>>, std::less<>> armies_;
};

}  // namespace fortuna
