// SPDX-License-Identifier: MIT
// The land rule sets and their armies of a data folder (land_tables.hpp).
#include "fortuna/land/land_tables.hpp"

#include <algorithm>

#include <spdlog/spdlog.h>

#include "fortuna/core/data_files.hpp"
#include "fortuna/land/army.hpp"
#include "fortuna/land/ruleset.hpp"
#include "fortuna/land/system.hpp"
#include "fortuna/seam/rule_system.hpp"

namespace fortuna {

namespace fs = std::filesystem;

LandTables::~LandTables() = default;

RuleSet load_ruleset_file(const fs::path& file, const fs::path& data_dir, bool named_after_id) {
    const auto document = read_json_file(file);
    validate_against_schema(document, "ruleset", file.string(), data_dir);
    RuleSet rules = RuleSet::from_json(document, file.string());
    if (named_after_id && rules.id != file.stem().string())
        throw DataError(file.string(), "/id", "\"" + file.stem().string() + "\" (the file's name)", rules.id);
    return rules;
}

Army load_army_file(const fs::path& file, const fs::path& data_dir, const RuleSet& rules) {
    const auto document = read_json_file(file);
    validate_against_schema(document, "army", file.string(), data_dir);
    Army army = Army::from_json(document, file.string(), rules);
    if (army.id != file.stem().string())
        throw DataError(file.string(), "/id", "\"" + file.stem().string() + "\" (the file's name)", army.id);
    return army;
}

std::unique_ptr<LandTables> LandTables::load(const fs::path& data_dir, const std::vector<fs::path>& edited_rulesets,
                                             std::vector<DataError>& problems) {
    std::unique_ptr<LandTables> tables(new LandTables());
    tables->data_dir_ = data_dir;
    const fs::path tables_folder = data_dir / "tables";
    std::error_code error;
    // A broken file disables itself and what depends on it, and is recorded: one bad army
    // from a club's download must not stop the umpire's other rule sets (issue 13).
    const auto record = [&](const DataError& problem) {
        spdlog::info("{} (this file is not loaded)", problem.what());
        // Every problem of the file, each on its own (issue 28, item 6).
        if (const auto* many = dynamic_cast<const DataErrors*>(&problem)) tables->problems_.insert(tables->problems_.end(), many->all().begin(), many->all().end());
        else tables->problems_.push_back(problem);
    };
    std::vector<fs::path> files;
    for (const auto& entry : fs::directory_iterator(tables_folder))
        if (entry.path().extension() == ".json") files.push_back(entry.path());
    std::sort(files.begin(), files.end());
    for (const auto& file : files) {
        try {
            // Other rule systems' tables share the folder (The Age of Sail, Game Of Kings, ...): each
            // reads its own; the land loader leaves them alone (rule_system.hpp).
            const auto document = read_json_file(file);
            if (const RuleSystem* owner = rule_system_for_format(format_of(document)); owner != nullptr && owner != &land_system())
                continue;
            auto rules = std::make_unique<RuleSet>(load_ruleset_file(file, data_dir));
            tables->rulesets_.emplace(rules->id, std::move(rules));
        } catch (const DataError& problem) {
            record(problem);
        }
    }
    for (const fs::path& file : edited_rulesets) {
        auto rules = std::make_unique<RuleSet>(load_ruleset_file(file, data_dir, false));
        const auto shipped = tables->rulesets_.find(rules->id);
        if (shipped == tables->rulesets_.end()) {
            std::string known;
            for (const auto& [id, set] : tables->rulesets_) known += (known.empty() ? "" : ", ") + id;
            throw DataError(file.string(), "/id", "the id of a shipped rule set it edits (" + known + ")", rules->id);
        }
        spdlog::info("{}: rule set '{}' edited, in place of the shipped tables", file.string(), rules->id);
        shipped->second = std::move(rules);
    }
    const fs::path armies = data_dir / "armies";
    if (fs::is_directory(armies, error)) {
        std::vector<fs::path> folders;
        for (const auto& entry : fs::directory_iterator(armies))
            if (entry.is_directory()) folders.push_back(entry.path());
        std::sort(folders.begin(), folders.end());
        for (const auto& folder : folders) {
            const std::string ruleset_id = folder.filename().string();
            // data/armies/<system id>/ holds another rule system's army lists, which it reads; a land
            // army there is in the wrong folder.
            if (const RuleSystem* owner = find_rule_system(ruleset_id); owner != nullptr && owner != &land_system()) {
                for (const auto& entry : fs::directory_iterator(folder)) {
                    if (entry.path().extension() != ".json") continue;
                    try {
                        if (land_system().owns(format_of(read_json_file(entry.path()))))
                            record(DataError(entry.path().string(), "",
                                             "a folder named after a rule set in data/tables (" + folder.string() + " holds " + owner->name() + "'s army lists)",
                                             ruleset_id));
                    } catch (const DataError&) {
                        // The owner's own check names what is wrong with it.
                    }
                }
                continue;
            }
            const auto rules = tables->rulesets_.find(ruleset_id);
            if (rules == tables->rulesets_.end()) {
                const bool broken = fs::exists(tables_folder / (ruleset_id + ".json"), error);
                record(DataError(folder.string(), "",
                                 broken ? "its rule set " + (tables_folder / (ruleset_id + ".json")).string() + " to load first (see its own error)"
                                        : "a folder named after a rule set in data/tables",
                                 ruleset_id));
                continue;
            }
            std::vector<fs::path> army_files;
            for (const auto& entry : fs::directory_iterator(folder))
                if (entry.path().extension() == ".json") army_files.push_back(entry.path());
            std::sort(army_files.begin(), army_files.end());
            for (const auto& file : army_files) {
                try {
                    auto army = std::make_unique<Army>(load_army_file(file, data_dir, *rules->second));
                    tables->armies_[ruleset_id].emplace(army->id, std::move(army));
                } catch (const DataError& problem) {
                    record(problem);
                }
            }
        }
    }
    spdlog::debug("loaded {} land rule sets from {} ({} broken files)", tables->rulesets_.size(), data_dir.string(), tables->problems_.size());
    problems.insert(problems.end(), tables->problems_.begin(), tables->problems_.end());
    return tables;
}

std::vector<const RuleSet*> LandTables::rulesets() const {
    std::vector<const RuleSet*> list;
    for (const auto& [id, rules] : rulesets_) list.push_back(rules.get());
    return list;
}

const DataError* LandTables::problem_with(const fs::path& file) const {
    for (const DataError& problem : problems_)
        if (fs::path(problem.file()) == file) return &problem;
    return nullptr;
}

bool LandTables::has_ruleset(std::string_view id) const { return rulesets_.find(id) != rulesets_.end(); }

const RuleSet& LandTables::ruleset(std::string_view id) const {
    const auto it = rulesets_.find(id);
    if (it != rulesets_.end()) return *it->second;
    std::string known;
    for (const auto& [name, rules] : rulesets_) known += (known.empty() ? "" : ", ") + name;
    if (const DataError* broken = problem_with(data_dir_ / "tables" / (std::string(id) + ".json")))
        throw RuleError("rule set '" + std::string(id) + "' is not available: its file did not load: " + broken->what());
    throw RuleError("unknown rule set '" + std::string(id) + "': expected one of " + known);
}

std::vector<const Army*> LandTables::armies(std::string_view ruleset_id) const {
    std::vector<const Army*> list;
    (void)ruleset(ruleset_id);
    if (const auto it = armies_.find(ruleset_id); it != armies_.end())
        for (const auto& [id, army] : it->second) list.push_back(army.get());
    return list;
}

const Army& LandTables::army(std::string_view ruleset_id, std::string_view nation) const {
    (void)ruleset(ruleset_id);
    const auto it = armies_.find(ruleset_id);
    if (it != armies_.end())
        if (const auto found = it->second.find(nation); found != it->second.end()) return *found->second;
    std::string known;
    if (it != armies_.end())
        for (const auto& [id, army] : it->second) known += (known.empty() ? "" : ", ") + id;
    if (const DataError* broken = problem_with(data_dir_ / "armies" / std::string(ruleset_id) / (std::string(nation) + ".json")))
        throw RuleError("the army '" + std::string(nation) + "' of rule set " + std::string(ruleset_id) +
                        " is not available: its file did not load: " + broken->what());
    throw RuleError("rule set " + std::string(ruleset_id) + " has no army '" + std::string(nation) +
                    "': expected one of " + (known.empty() ? std::string("(none)") : known));
}

const UnitType& LandTables::unit_type(std::string_view ruleset_id, std::string_view nation_slash_type) const {
    const auto slash = nation_slash_type.find('/');
    if (slash == std::string_view::npos)
        throw RuleError("unit '" + std::string(nation_slash_type) + "': expected NATION/TYPE such as france/line-infantry");
    const Army& nation = army(ruleset_id, nation_slash_type.substr(0, slash));
    const auto type = nation_slash_type.substr(slash + 1);
    if (const UnitType* unit = nation.find(type)) return *unit;
    std::string known;
    for (const auto& unit : nation.units) known += (known.empty() ? "" : ", ") + unit.id;
    throw RuleError("the " + nation.name + " army of rule set " + std::string(ruleset_id) + " has no unit type '" +
                    std::string(type) + "': expected one of " + known);
}

const LandTables& land_tables(const RulesLibrary& library) {
    if (const auto* tables = dynamic_cast<const LandTables*>(library.tables_of(land_system().id()))) return *tables;
    throw RuleError("the land rule sets are not loaded (no " + (library.data_dir() / "tables").string() + ")");
}

}  // namespace fortuna
