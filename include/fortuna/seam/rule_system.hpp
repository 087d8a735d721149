// SPDX-License-Identifier: MIT
// The seam every rule system plugs into: one registry that knows each system's files, and
// says which system a file belongs to before any client parses it as its own.
//
// A rule system is a family of rules that play differently from the others: the four ages and
// the dice edition of Gloire (tables and random numbers, "land"), The Age of Sail (ships, wind,
// dice per gun deck), Game Of Kings (dice pools per 25 % of effectiveness) and Clausewitz
// (brigades, a chip bag). Each declares the "format" values of its files; the library, `validate`
// and the clients ask the registry instead of keeping their own lists (docs/architecture.md).
#pragma once

#include <filesystem>
#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include <nlohmann/json.hpp>

namespace fortuna {

class RulesLibrary;
class SystemTables;
class DataError;
class GameSession;
struct ClaimedFile;
struct ScenarioProblem;  // fortuna/core/data_files.hpp

// One kind of file a system owns, by the "format" member of its JSON document (or its journal's
// header): "fortuna-naval-save" is a "naval save".
struct FileFormat {
    std::string format;       // "fortuna-naval-save"
    std::string description;  // "naval save": what `validate` prints and a refusal names
    // Where it lives: "tables" (data/tables, loaded with the library), "armies" (data/armies/<system id>/),
    // "scenarios", "doctrines", "saves" or "journals".
    std::string place;
};

class RuleSystem {
public:
    virtual ~RuleSystem() = default;

    virtual std::string id() const = 0;      // "age-of-sail"; the folder of its armies under data/armies
    virtual std::string name() const = 0;    // "The Age of Sail"
    virtual std::string era() const = 0;     // "1756-1815"
    virtual std::string source() const = 0;  // the seed it follows: "seed 000, The Age of Sail"
    virtual std::vector<FileFormat> formats() const = 0;

    // Its tables of a data folder, loaded once when the library opens (RulesLibrary::load), or
    // nullptr when it loads none there (the default: it reads its own files when a game opens).
    // A broken file is left out and added to `problems`, naming the file; the rest loads. `edited`
    // are house edits of its tables (the battle lab's "what if"); one that does not load throws.
    virtual std::unique_ptr<SystemTables> load_library_tables(const std::filesystem::path& data_dir,
                                                      const std::vector<std::filesystem::path>& edited,
                                                      std::vector<DataError>& problems) const;

    // Checks one of its files exactly as its commands load it (schema, cross-references, a game set
    // up or replayed) and returns its description; throws DataError naming the file, the field and
    // what was expected. `document` is the parsed file (for a journal: its header line).
    virtual std::string check_file(const RulesLibrary& library, const std::filesystem::path& file,
                                   const nlohmann::json& document) const = 0;

    // A game of this system from one of its files (`claimed` as claim_file read it): a new game
    // from a scenario with `seed`, or a save or journal continued. RuleError when the system has
    // no game to play from it (its tables, an army list), naming what it expects.
    virtual std::unique_ptr<GameSession> open_game(const RulesLibrary& library, const std::filesystem::path& file,
                                                   const ClaimedFile& claimed, std::uint64_t seed) const;
    // The file of a shipped scenario of this system, or nullopt.
    virtual std::optional<std::filesystem::path> scenario_file(const RulesLibrary& library, std::string_view id) const;

    // Every problem of one of its scenario files at once (issue 31), each at its JSON pointer in
    // words; empty when the file plays. The default is check_file's first DataError as one problem
    // that says only the first is known; land lists all (scenario_problems, scenario_editing.hpp).
    virtual std::vector<ScenarioProblem> scenario_problems(const RulesLibrary& library, const std::filesystem::path& file,
                                                           const nlohmann::json& document) const;
    // The document of an empty battle of `ruleset` (one of this system's) on a table of
    // width x depth mm, valid for its schema, for the editor and `scenario new`; nullopt when the
    // ruleset is not this system's, or the system has no editor yet (the default). RuleError for
    // a table the system does not play on.
    virtual std::optional<nlohmann::ordered_json> new_scenario_document(const RulesLibrary& library, std::string_view ruleset,
                                                                        double width_mm, double depth_mm) const;

    // Whether it owns this "format" value.
    bool owns(std::string_view format) const;
    // Its description of a format it owns; "" otherwise.
    std::string describe(std::string_view format) const;
};

// Every system the program knows, land first; one line in rule_system.cpp a system.
const std::vector<const RuleSystem*>& rule_systems();
// The system with this id, or nullptr.
const RuleSystem* find_rule_system(std::string_view id);
// The system owning a "format" value, or nullptr.
const RuleSystem* rule_system_for_format(std::string_view format);
// Every format known, quoted and joined ("\"fortuna-ruleset\", \"fortuna-army\", ..."), for a
// refusal that names what a file could have been.
std::string known_formats();

// The "format" of a JSON document or journal header: its string member "format", or "".
std::string format_of(const nlohmann::json& document);
// The format of a file as the registry sees it: the journal header's "game" picks the system's
// journal format ("fortuna-journal" with "game": "naval" is "fortuna-naval-journal"), otherwise
// the document's "format". Throws DataError (file unreadable, not JSON) naming the file.
struct ClaimedFile {
    const RuleSystem* system = nullptr;  // nullptr: no system claims it
    std::string format;
    nlohmann::json document;  // the parsed file, or the journal's header
};
ClaimedFile claim_file(const std::filesystem::path& file);
// The same, refusing a file no system claims: DataError naming the file and every format known.
ClaimedFile claim_file_or_refuse(const std::filesystem::path& file);
// A command for one system handed another's file: RuleError "FILE is a naval save of The Age
// of Sail (age-of-sail), not a ... : use ...". `wanted` is the command's system.
void require_system(const ClaimedFile& claimed, const RuleSystem& wanted, const std::filesystem::path& file,
                    std::string_view command);

}  // namespace fortuna
