// SPDX-License-Identifier: MIT
// The data folder as a program opens it: each rule system's tables loaded by the system itself
// (RuleSystem::load_library_tables), and every file of every rule system checked as the app and the CLI
// load it.
#pragma once

#include <filesystem>
#include <map>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include <nlohmann/json.hpp>

#include "fortuna/core/data_files.hpp"
#include "fortuna/core/errors.hpp"

namespace fortuna {

class RuleSystem;

// What a rule system loads of a data folder when the library opens it (the land rule sets and their
// armies: land/land_tables.hpp). Each system knows its own type; the library only keeps it.
class SystemTables {
public:
    virtual ~SystemTables() = default;
};

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
    // Asks every rule system to load its tables from the data folder (land: every rule set in
    // data/tables and every army in data/armies/<ruleset>/). A broken file is left out and recorded
    // in problems(), with what depends on it; everything else loads. Throws only when there is no
    // tables folder.
    static RulesLibrary load(const std::filesystem::path& data_dir = default_data_dir());
    // The same with house edits: each file is one of a system's tables that takes the place of the
    // shipped one with its id (the battle lab's "what if", docs/lab.md), given to the system whose
    // format it is. Throws DataError naming the file when it does not load, names no shipped table,
    // or is no system's.
    static RulesLibrary load(const std::filesystem::path& data_dir, const std::vector<std::filesystem::path>& edited_tables);

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
    // The tables `system_id` loaded, or nullptr when it loads none (each system's accessor casts
    // them: land_tables(library)).
    const SystemTables* tables_of(std::string_view system_id) const;

private:
    std::filesystem::path data_dir_;
    std::map<std::string, std::unique_ptr<SystemTables>, std::less<>> tables_;
    std::vector<DataError> problems_;
};

}  // namespace fortuna
