// SPDX-License-Identifier: MIT
// The registry of rule systems, and which system a file belongs to.
#include "fortuna/seam/rule_system.hpp"

#include <fstream>
#include <optional>

#include "fortuna/core/errors.hpp"
#include "fortuna/seam/game_session.hpp"
#include "fortuna/core/journal.hpp"
#include "fortuna/core/json_fields.hpp"
#include "fortuna/clausewitz/system.hpp"
#include "fortuna/game_of_kings/system.hpp"
#include "fortuna/land/system.hpp"
#include "fortuna/seam/library.hpp"
#include "fortuna/core/limits.hpp"
#include "fortuna/naval/system.hpp"
#include "fortuna/seam/scenario_files.hpp"

namespace fortuna {

namespace fs = std::filesystem;

bool RuleSystem::owns(std::string_view format) const {
    for (const FileFormat& known : formats())
        if (known.format == format) return true;
    return false;
}

std::string RuleSystem::describe(std::string_view format) const {
    for (const FileFormat& known : formats())
        if (known.format == format) return known.description;
    return {};
}

std::unique_ptr<SystemTables> RuleSystem::load_library_tables(const fs::path&, const std::vector<fs::path>&, std::vector<DataError>&) const {
    return nullptr;
}

std::unique_ptr<GameSession> RuleSystem::open_game(const RulesLibrary&, const fs::path& file, const ClaimedFile& claimed,
                                                   std::uint64_t) const {
    throw RuleError(file.string() + " is a " + describe(claimed.format) + " of " + name() +
                    ": there is no game to play from it (a scenario, a save or a journal of " + name() + " starts or continues one)");
}

std::optional<fs::path> RuleSystem::scenario_file(const RulesLibrary& library, std::string_view id) const {
    // A shipped scenario is data/scenarios/<id>.json whose format is one of this system's.
    const fs::path file = library.data_dir() / "scenarios" / (std::string(id) + ".json");
    std::error_code error;
    if (!fs::is_regular_file(file, error)) return std::nullopt;
    try {
        return owns(format_of(read_json_file(file))) ? std::optional<fs::path>(file) : std::nullopt;
    } catch (const DataError&) {
        return std::nullopt;
    }
}

std::vector<ScenarioProblem> RuleSystem::scenario_problems(const RulesLibrary& library, const fs::path& file,
                                                           const nlohmann::json& document) const {
    // Its loader stops at the first problem: that one, and a word that others may follow.
    const std::string first_only = " (" + name() + " checks its files one problem at a time: others may follow this one)";
    try {
        (void)check_file(library, file, document);
        return {};
    } catch (const DataError& problem) {
        const bool pointer = problem.where().empty() || problem.where().front() == '/';
        return {{pointer ? problem.where() : std::string(),
                 (pointer ? std::string() : "(at " + problem.where() + ") ") + problem.expected() + first_only, problem.found()}};
    } catch (const RuleError& problem) {
        return {{"", std::string("a scenario a game can be set up from") + first_only, problem.what()}};
    }
}

std::optional<nlohmann::ordered_json> RuleSystem::new_scenario_document(const RulesLibrary&, std::string_view, double, double) const {
    return std::nullopt;  // this system has no editor yet: its scenarios are written by hand
}

const std::vector<const RuleSystem*>& rule_systems() {
    // One line a system. Land first: a file of no other system's format is offered to it last.
    static const std::vector<const RuleSystem*> systems{&land_system(), &naval_system(), &game_of_kings::game_of_kings_system(),
                                                        &clausewitz::clausewitz_system()};
    return systems;
}

const RuleSystem* find_rule_system(std::string_view id) {
    for (const RuleSystem* system : rule_systems())
        if (system->id() == id) return system;
    return nullptr;
}

const RuleSystem* rule_system_for_format(std::string_view format) {
    if (format.empty()) return nullptr;
    for (const RuleSystem* system : rule_systems())
        if (system->owns(format)) return system;
    return nullptr;
}

std::string known_formats() {
    std::string text;
    for (const RuleSystem* system : rule_systems())
        for (const FileFormat& known : system->formats())
            text += (text.empty() ? "\"" : ", \"") + known.format + "\" (" + known.description + ")";
    return text;
}

std::string format_of(const nlohmann::json& document) {
    return document.is_object() ? text_member(document, "format") : std::string();
}

namespace {

// A journal is a header line and one JSON object a line; its header's "game" names the system
// ("naval"; none for land), whose journal format is "fortuna-<game>-journal".
std::optional<nlohmann::json> journal_header(const fs::path& file) {
    std::ifstream in(file, std::ios::binary);
    std::string first;
    if (!in || !std::getline(in, first) || first.size() > 64 * 1024) return std::nullopt;
    nlohmann::json header = nlohmann::json::parse(first, nullptr, false);
    if (!header.is_object() || text_member(header, "format") != kJournalFormat) return std::nullopt;
    return header;
}

}  // namespace

ClaimedFile claim_file(const fs::path& file) {
    ClaimedFile claimed;
    if (auto header = journal_header(file)) {
        const std::string game = text_member(*header, "game");
        claimed.format = game.empty() ? std::string(kJournalFormat) : "fortuna-" + game + "-journal";
        claimed.document = std::move(*header);
    } else {
        claimed.document = read_json_file(file);
        claimed.format = format_of(claimed.document);
    }
    claimed.system = rule_system_for_format(claimed.format);
    return claimed;
}

ClaimedFile claim_file_or_refuse(const fs::path& file) {
    ClaimedFile claimed = claim_file(file);
    if (claimed.system == nullptr)
        throw DataError(file.string(), "/format", "a file of a rule system this program knows: " + known_formats(),
                        claimed.format.empty() ? "no \"format\"" : "\"" + claimed.format + "\"");
    return claimed;
}

void require_system(const ClaimedFile& claimed, const RuleSystem& wanted, const fs::path& file, std::string_view command) {
    if (claimed.system == &wanted) return;
    if (claimed.system == nullptr)
        throw RuleError(file.string() + " is no file of " + wanted.name() + " (" + std::string(command) +
                        " expects one of its files): its format is " +
                        (claimed.format.empty() ? std::string("not given") : "\"" + claimed.format + "\""));
    throw RuleError(file.string() + " is a " + claimed.system->describe(claimed.format) + " of " + claimed.system->name() +
                    " (" + claimed.system->id() + "), not of " + wanted.name() + ": " + std::string(command) +
                    " plays " + wanted.name() + " only");
}

}  // namespace fortuna
