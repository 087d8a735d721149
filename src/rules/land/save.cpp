// SPDX-License-Identifier: MIT
// Saved games: atomic write, versioned schema-checked load that replays the journal, recovery files.
#include "fortuna/land/save.hpp"
#include "fortuna/core/game_files.hpp"

#include <cerrno>
#include <cstdlib>
#include <map>
#include <mutex>
#include <system_error>

#include <spdlog/spdlog.h>

#include "fortuna/core/errors.hpp"
#include "fortuna/core/json_fields.hpp"
#include "fortuna/core/journal.hpp"
#include "fortuna/seam/library.hpp"
#include "fortuna/core/platform.hpp"

#ifndef FORTUNA_VERSION
#define FORTUNA_VERSION "dev"
#endif

namespace fortuna {

namespace {

std::uint64_t parse_u64(const nlohmann::json& node, const std::string& file, const std::string& where) {
    const std::string text = node.get<std::string>();
    errno = 0;
    char* end = nullptr;
    const unsigned long long value = std::strtoull(text.c_str(), &end, 10);
    if (errno != 0 || end == text.c_str() || *end != '\0')
        throw DataError(file, where, "an unsigned 64-bit number as decimal text", text);
    return value;
}

DataError rebase(const DataError& error, const std::string& file, const std::string& prefix) {
    return DataError(file, prefix + error.where(), error.expected(), error.found());
}

// Everything load_game checks, with the differences collected rather than thrown.
ReplayCheck replay_save(const RulesLibrary& library, const std::filesystem::path& path) {
    const std::string file = path.string();
    const nlohmann::json document = read_json_file(path);
    if (!document.is_object() || text_member(document, "format") != kSaveFormat) {
        throw DataError(file, "/format", std::string("a Fortuna Belli saved game (\"format\": \"") + kSaveFormat + "\")",
                        document.is_object() && document.contains("format") ? document["format"].dump() : "no format");
    }
    if (document.contains("format_version") && document["format_version"].is_number_integer() &&
        document["format_version"].get<long long>() > kSaveFormatVersion) {
        throw DataError(file, "/format_version",
                        "save format " + std::to_string(kSaveFormatVersion) +
                            " or older: this game was saved by a newer Fortuna Belli; update the app to open it",
                        document["format_version"].dump());
    }
    validate_against_schema(document, "save", file, library.data_dir());

    Scenario scenario = [&] {
        try {
            return Scenario::from_json(document["scenario"]["document"], file, library);
        } catch (const DataError& error) {
            throw rebase(error, file, "/scenario/document");
        }
    }();
    if (scenario.id != document["scenario"]["id"].get<std::string>())
        throw DataError(file, "/scenario/id", "the id of the scenario copy ('" + scenario.id + "')",
                        document["scenario"]["id"].dump());
    const std::uint64_t seed = parse_u64(document["seed"], file, "/seed");
    const auto& lines = document["journal"].get_ref<const nlohmann::json::array_t&>();
    Game game = [&] {
        try {
            const Enforcement enforcement = document.contains("enforcement")
                                                ? enforcement_from_json(document["enforcement"], file, "/enforcement")
                                                : Enforcement{};
            return Game::replay(library, std::move(scenario), seed, std::vector<nlohmann::json>(lines.begin(), lines.end()),
                                file, enforcement);
        } catch (const DataError& error) {
            // "line 12" of the journal is /journal/11 of the save.
            std::string where = error.where();
            if (where.rfind("line ", 0) == 0) where = "/journal/" + std::to_string(std::stoi(where.substr(5)) - 1);
            throw DataError(file, where, error.expected(), error.found());
        }
    }();

    ReplayCheck check;
    check.lines = static_cast<int>(lines.size());
    check.actions = static_cast<int>(game.history().size());
    const auto& generator = document["generator"];
    if (generator["state"].get<std::string>() != game.dice().state() ||
        parse_u64(generator["draws"], file, "/generator/draws") != game.dice().draws() ||
        parse_u64(generator["seed"], file, "/generator/seed") != game.dice().seed()) {
        check.differences.push_back("generator: saved after " + generator["draws"].get<std::string>() + " draws, replay made " +
                                    std::to_string(game.dice().draws()));
    }
    const nlohmann::json replayed = game.state_json();
    const nlohmann::json& saved = document["state"];
    if (replayed != saved) {
        const nlohmann::json patch = nlohmann::json::diff(saved, replayed);
        for (const auto& op : patch) {
            if (check.differences.size() >= 20) break;
            const std::string pointer = op.value("path", std::string());
            const nlohmann::json::json_pointer ptr(pointer);
            const std::string was = saved.contains(ptr) ? saved[ptr].dump() : std::string("nothing");
            const std::string now = op.contains("value") ? op["value"].dump() : std::string("nothing");
            check.differences.push_back("state" + pointer + ": saved " + was + ", replayed " + now);
        }
        if (check.differences.empty()) check.differences.push_back("state differs");
    }
    check.reproduced = check.differences.empty();
    check.game.emplace(std::move(game));
    return check;
}

}  // namespace

nlohmann::json save_document(const Game& game) {
    const Scenario& scenario = game.scenario();
    nlohmann::json scenario_node{{"id", scenario.id}, {"ruleset", scenario.ruleset}, {"document", scenario.document}};
    if (!scenario.file.empty()) scenario_node["file"] = scenario.file;
    nlohmann::json document = {{"format", kSaveFormat},
            {"format_version", kSaveFormatVersion},
            {"app", std::string("Fortuna Belli ") + FORTUNA_VERSION},
            {"saved_at", platform::utc_timestamp()},
            {"scenario", scenario_node},
            {"seed", std::to_string(game.seed())},
            {"generator",
             {{"seed", std::to_string(game.dice().seed())},
              {"draws", std::to_string(game.dice().draws())},
              {"state", game.dice().state()}}},
            {"journal", game.journal()},
            {"state", game.state_json()},
            {"summary", game.summary_json()}};
    // The rules of play the game began with, when not all of them (docs/rules/enforcement.md).
    if (!(game.initial_enforcement() == Enforcement{})) document["enforcement"] = enforcement_json(game.initial_enforcement());
    return document;
}

void save_game(const Game& game, const std::filesystem::path& file) {
    atomic_write_file(file, save_document(game).dump(1, ' ', false, nlohmann::json::error_handler_t::replace) + "\n");
}

Game load_game(const RulesLibrary& library, const std::filesystem::path& file) {
    ReplayCheck check = replay_save(library, file);
    if (!check.reproduced) {
        throw DataError(file.string(), "/journal", "a journal that replays to the saved position",
                        check.differences.front() + (check.differences.size() > 1 ? " (and " + std::to_string(check.differences.size() - 1) + " more)" : ""));
    }
    return std::move(*check.game);
}

ReplayCheck check_save(const RulesLibrary& library, const std::filesystem::path& file) { return replay_save(library, file); }

std::vector<RecoveryCandidate> find_recovery_journals(const std::filesystem::path& directory) {
    std::vector<RecoveryCandidate> found;
    std::error_code error;
    for (const auto& entry : std::filesystem::directory_iterator(directory, error)) {
        if (!entry.is_regular_file()) continue;
        try {
            const JournalContents contents = read_journal(entry.path());
            RecoveryCandidate candidate;
            candidate.journal = entry.path();
            const nlohmann::json& scenario = contents.header.contains("scenario") ? contents.header["scenario"] : contents.header;
            candidate.scenario = text_member(scenario, "id");
            if (scenario.is_object() && scenario.contains("document")) candidate.scenario_name = text_member(scenario["document"], "name");
            candidate.lines = static_cast<int>(contents.lines.size());
            if (!contents.lines.empty()) candidate.last_summary = text_member(contents.lines.back(), "summary");
            candidate.torn_tail = contents.torn_tail;
            candidate.in_use = game_files_in_use(entry.path());
            found.push_back(std::move(candidate));
        } catch (const DataError&) {
            // Not a journal: leave it alone.
        }
    }
    return found;
}

Game recover_game(const RulesLibrary& library, const std::filesystem::path& journal) {
    const JournalContents contents = read_journal(journal);
    const std::string file = journal.string();
    const auto& header = contents.header;
    if (!header.contains("scenario") || !header["scenario"].is_object() || !header["scenario"].contains("document"))
        throw DataError(file, "line 1/scenario/document", "the scenario copy in the journal header", "nothing");
    if (!header.contains("seed") || !header["seed"].is_string())
        throw DataError(file, "line 1/seed", "the seed as decimal text", header.value("seed", nlohmann::json()).dump());
    Scenario scenario = [&] {
        try {
            return Scenario::from_json(header["scenario"]["document"], file, library);
        } catch (const DataError& error) {
            throw rebase(error, file, "line 1/scenario/document");
        }
    }();
    const std::uint64_t seed = parse_u64(header["seed"], file, "line 1/seed");
    // Journal line numbers count the header as line 1.
    try {
        const Enforcement enforcement = header.contains("enforcement")
                                            ? enforcement_from_json(header["enforcement"], file, "line 1/enforcement")
                                            : Enforcement{};
        return Game::replay(library, std::move(scenario), seed, contents.lines, file, enforcement);
    } catch (const DataError& error) {
        std::string where = error.where();
        if (where.rfind("line ", 0) == 0) where = "line " + std::to_string(std::stoi(where.substr(5)) + 1);
        throw DataError(file, where, error.expected(), error.found());
    }
}

}  // namespace fortuna
