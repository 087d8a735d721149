// SPDX-License-Identifier: MIT
// The library of the data folder: the land rule sets and their armies loaded, and every file of
// every system checked as the app and the CLI load it (`fortuna-cli validate`). Reading and
// schema-checking one file is data_files.cpp's.
#include "fortuna/seam/library.hpp"
#include "fortuna/land/army.hpp"
#include "fortuna/core/data_files.hpp"
#include "fortuna/core/message_catalogue.hpp"
#include "fortuna/land/system.hpp"
#include "fortuna/seam/rule_system.hpp"
#include "fortuna/core/json_fields.hpp"
#include "fortuna/land/opponent.hpp"
#include "fortuna/land/ruleset.hpp"

#include <algorithm>
#include <set>

#include <spdlog/spdlog.h>

#include "fortuna/land/game.hpp"
#include "fortuna/core/journal.hpp"
#include "fortuna/core/limits.hpp"
#include "fortuna/land/save.hpp"
#include "fortuna/land/scenario.hpp"

namespace fortuna {

namespace fs = std::filesystem;

RulesLibrary::RulesLibrary() = default;
RulesLibrary::~RulesLibrary() = default;
RulesLibrary::RulesLibrary(RulesLibrary&&) noexcept = default;
RulesLibrary& RulesLibrary::operator=(RulesLibrary&&) noexcept = default;
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

namespace {

}  // namespace

RulesLibrary RulesLibrary::load(const fs::path& data_dir) { return load(data_dir, {}); }

RulesLibrary RulesLibrary::load(const fs::path& data_dir, const std::vector<fs::path>& edited_rulesets) {
    RulesLibrary library;
    library.data_dir_ = data_dir;
    const fs::path tables = data_dir / "tables";
    std::error_code error;
    if (!fs::is_directory(tables, error))
        throw DataError(tables.string(), "", "a folder of rule-set tables (is FORTUNA_DATA right?)", "no such folder");
    // A broken file disables itself and what depends on it, and is recorded: one bad army
    // from a club's download must not stop the umpire's other rule sets (issue 13).
    const auto record = [&](const DataError& problem) {
        spdlog::info("{} (this file is not loaded)", problem.what());
        // Every problem of the file, each on its own (issue 28, item 6).
        if (const auto* many = dynamic_cast<const DataErrors*>(&problem)) library.problems_.insert(library.problems_.end(), many->all().begin(), many->all().end());
        else library.problems_.push_back(problem);
    };
    std::vector<fs::path> files;
    for (const auto& entry : fs::directory_iterator(tables))
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
            library.rulesets_.emplace(rules->id, std::move(rules));
        } catch (const DataError& problem) {
            record(problem);
        }
    }
    for (const fs::path& file : edited_rulesets) {
        auto rules = std::make_unique<RuleSet>(load_ruleset_file(file, data_dir, false));
        const auto shipped = library.rulesets_.find(rules->id);
        if (shipped == library.rulesets_.end()) {
            std::string known;
            for (const auto& [id, set] : library.rulesets_) known += (known.empty() ? "" : ", ") + id;
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
            const auto rules = library.rulesets_.find(ruleset_id);
            if (rules == library.rulesets_.end()) {
                const bool broken = fs::exists(tables / (ruleset_id + ".json"), error);
                record(DataError(folder.string(), "",
                                 broken ? "its rule set " + (tables / (ruleset_id + ".json")).string() + " to load first (see its own error)"
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
                    library.armies_[ruleset_id].emplace(army->id, std::move(army));
                } catch (const DataError& problem) {
                    record(problem);
                }
            }
        }
    }
    spdlog::debug("loaded {} rule sets from {} ({} broken files)", library.rulesets_.size(), data_dir.string(), library.problems_.size());
    return library;
}

namespace {

// One file, checked exactly as the app and the CLI load it, by the rule system whose format it
// is; returns its kind. A file no system claims is refused naming every format known.
std::string check_one_file(const RulesLibrary& library, const fs::path& file) {
    const ClaimedFile claimed = claim_file(file);
    if (claimed.format.empty() && claimed.document.is_object() && claimed.document.contains("$schema")) return "schema";
    if (claimed.format == "fortuna-words") {
        // A language's words: checked with the folder it belongs to, its own entries' problems named.
        const MessageCatalogue catalogue = MessageCatalogue::load(file.parent_path());
        std::vector<DataError> own;
        for (const DataError& problem : catalogue.problems())
            if (fs::path(problem.file()) == file) own.push_back(problem);
        if (!own.empty()) throw DataErrors(std::move(own));
        return "words (" + catalogue.language() + ")";
    }
    if (claimed.system == nullptr)
        throw DataError(file.string(), "/format", "a file of a rule system this program knows: " + known_formats() + " or a JSON schema",
                        claimed.format.empty() ? "no \"format\"" : "\"" + claimed.format + "\"");
    return claimed.system->check_file(library, file, claimed.document);
}

bool is_candidate(const fs::path& file) {
    const auto extension = file.extension();
    return extension == ".json" || extension == ".fortuna" || extension == ".fortuna-naval" || extension == ".journal";
}

}  // namespace

ValidationReport RulesLibrary::check_files(const fs::path& data_dir, const std::vector<fs::path>& paths) {
    ValidationReport report;
    std::optional<RulesLibrary> library;
    try {
        library.emplace(load(data_dir));
    } catch (const DataError& error) {
        report.problems.push_back(error);
        return report;
    }
    // The files to check: those named, and every data file in the folders named (all of
    // data/ when nothing is named), in a stable order.
    std::vector<fs::path> files;
    for (const fs::path& path : paths.empty() ? std::vector<fs::path>{data_dir} : paths) {
        std::error_code error;
        if (fs::is_directory(path, error)) {
            std::vector<fs::path> found;
            for (auto it = fs::recursive_directory_iterator(path, fs::directory_options::skip_permission_denied, error);
                 !error && it != fs::recursive_directory_iterator(); it.increment(error)) {
                if (it->is_regular_file(error) && is_candidate(it->path())) found.push_back(it->path());
            }
            if (error) report.problems.emplace_back(path.string(), "", "a folder that can be read", error.message());
            std::sort(found.begin(), found.end());
            files.insert(files.end(), found.begin(), found.end());
        } else if (fs::exists(path, error)) {
            files.push_back(path);
        } else {
            report.problems.emplace_back(path.string(), "", "a data file or a folder of them", "no such file or folder");
        }
    }
    for (const fs::path& file : files) {
        try {
            report.checked.push_back({file, check_one_file(*library, file)});
        } catch (const DataErrors& errors) {
            report.checked.push_back({file, "broken"});
            report.problems.insert(report.problems.end(), errors.all().begin(), errors.all().end());
        } catch (const DataError& error) {
            report.checked.push_back({file, "broken"});
            report.problems.push_back(error);
        } catch (const RuleError& error) {
            report.checked.push_back({file, "broken"});
            report.problems.emplace_back(file.string(), "", "a file whose every action and reference the rules accept", error.what());
        } catch (const nlohmann::json::exception& error) {
            report.checked.push_back({file, "broken"});
            report.problems.emplace_back(file.string(), "", "a file of the shape its schema describes", error.what());
        }
    }
    return report;
}

std::vector<DataError> RulesLibrary::validate(const fs::path& data_dir, const std::vector<fs::path>& paths) {
    return check_files(data_dir, paths).problems;
}

std::vector<const RuleSet*> RulesLibrary::rulesets() const {
    std::vector<const RuleSet*> list;
    for (const auto& [id, rules] : rulesets_) list.push_back(rules.get());
    return list;
}

const DataError* RulesLibrary::problem_with(const fs::path& file) const {
    for (const DataError& problem : problems_)
        if (fs::path(problem.file()) == file) return &problem;
    return nullptr;
}

bool RulesLibrary::has_ruleset(std::string_view id) const { return rulesets_.find(id) != rulesets_.end(); }

const RuleSet& RulesLibrary::ruleset(std::string_view id) const {
    const auto it = rulesets_.find(id);
    if (it != rulesets_.end()) return *it->second;
    std::string known;
    for (const auto& [name, rules] : rulesets_) known += (known.empty() ? "" : ", ") + name;
    if (const DataError* broken = problem_with(data_dir_ / "tables" / (std::string(id) + ".json")))
        throw RuleError("rule set '" + std::string(id) + "' is not available: its file did not load: " + broken->what());
    throw RuleError("unknown rule set '" + std::string(id) + "': expected one of " + known);
}

std::vector<const Army*> RulesLibrary::armies(std::string_view ruleset_id) const {
    std::vector<const Army*> list;
    (void)ruleset(ruleset_id);
    if (const auto it = armies_.find(ruleset_id); it != armies_.end())
        for (const auto& [id, army] : it->second) list.push_back(army.get());
    return list;
}

const Army& RulesLibrary::army(std::string_view ruleset_id, std::string_view nation) const {
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

const UnitType& RulesLibrary::unit_type(std::string_view ruleset_id, std::string_view nation_slash_type) const {
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

}  // namespace fortuna
