// SPDX-License-Identifier: MIT
// The data folder as a program opens it: the land rule sets and their armies loaded, and every
// file of every rule system checked as the app and the CLI load it.
#pragma once

#include <filesystem>
#include <map>
#include <memory>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "fortuna/core/data_files.hpp"
#include "fortuna/core/errors.hpp"

namespace fortuna {

struct Army;
struct RuleSet;
struct UnitType;

struct ValidationReport {
    struct Checked {
        std::filesystem::path file;
        std::string kind;  // "rule set", "army", "scenario", "save", "journal", "schema" or "broken"
    };
    std::vector<Checked> checked;
    std::vector<DataError> problems;
};

class RulesLibrary {
public:
    RulesLibrary();
    ~RulesLibrary();
    RulesLibrary(RulesLibrary&&) noexcept;
    RulesLibrary& operator=(RulesLibrary&&) noexcept;
    // Loads every rule set in data/tables and every army in data/armies/<ruleset>/. A broken
    // file is left out and recorded in problems(), with what depends on it (the armies of a
    // broken rule set); everything else loads. Throws only when there is no tables folder.
    static RulesLibrary load(const std::filesystem::path& data_dir = default_data_dir());
    // The same with house edits: each file is a rule set that takes the place of the shipped
    // one with its id (the battle lab's "what if", docs/lab.md); the armies load against it.
    // Throws DataError naming the file when it does not load or names no shipped rule set.
    static RulesLibrary load(const std::filesystem::path& data_dir, const std::vector<std::filesystem::path>& edited_rulesets);

    // The files load() left out, each with why; the app shows them, the CLI prints them.
    const std::vector<DataError>& problems() const { return problems_; }

    // `fortuna-cli validate`: checks each file exactly as the app and the CLI load it (syntax
    // with duplicate keys and depth, schema, cross-references against the rule sets and armies
    // of data_dir, then a game set up from a scenario and a full replay of a save or journal).
    // Folders are searched for *.json, *.fortuna and *.journal; no paths means all of data_dir.
    static ValidationReport check_files(const std::filesystem::path& data_dir,
                                        const std::vector<std::filesystem::path>& paths = {});
    // The problems of check_files alone.
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
    std::vector<DataError> problems_;
    // The recorded problem of a file, to say why a rule set or army is missing.
    const DataError* problem_with(const std::filesystem::path& file) const;
};

}  // namespace fortuna
