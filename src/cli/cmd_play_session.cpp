// SPDX-License-Identifier: MIT
// fortuna-cli play and replay through the seam: one loop for every rule system that has a
// GameSession (actions from a file, the programmed opponent with its reasons, journal and save).
#include <set>
#include <system_error>

#include "fortuna/core/message_catalogue.hpp"
#include "fortuna/core/errors.hpp"
#include "fortuna/seam/game_session.hpp"
#include "fortuna/core/journal.hpp"
#include "fortuna/core/json_fields.hpp"
#include "fortuna/land/system.hpp"
#include "fortuna/seam/library.hpp"
#include "fortuna/core/platform.hpp"
#include "fortuna/core/game_files.hpp"
#include "fortuna/analysis/session_opponent.hpp"
#include "play_files.hpp"
#include "session_play.hpp"

namespace fortuna::cli {

using nlohmann::json;
namespace fs = std::filesystem;

std::filesystem::path system_scenario_file(Context& context, const RuleSystem& system, const std::string& id_or_file) {
    const bool is_file = id_or_file.find('/') != std::string::npos || id_or_file.ends_with(".json");
    if (is_file) return id_or_file;
    if (auto found = system.scenario_file(context.library(), id_or_file)) return *found;
    return context.data_dir / "scenarios" / (id_or_file + ".json");
}

std::optional<SessionFile> session_file(Context& context, const std::optional<std::string>& scenario, const std::optional<std::string>& load) {
    std::error_code missing;
    std::optional<fs::path> file;
    if (scenario) {
        const bool is_file = scenario->find('/') != std::string::npos || scenario->ends_with(".json");
        if (is_file) {
            file = fs::path(*scenario);
        } else {
            for (const RuleSystem* system : rule_systems())
                if (system != &land_system())
                    if (auto found = system->scenario_file(context.library(), *scenario)) file = *found;
        }
    } else if (load) {
        file = fs::path(*load);
    }
    if (!file || !fs::is_regular_file(*file, missing)) return std::nullopt;
    try {
        ClaimedFile claimed = claim_file(*file);
        if (claimed.system == nullptr || claimed.system == &land_system()) return std::nullopt;
        return SessionFile{*file, std::move(claimed)};
    } catch (const DataError&) {
        return std::nullopt;  // not readable as a system's file: the land path names the problem
    }
}

void refuse_other_system(Context& context, const std::optional<std::string>& scenario, const std::optional<std::string>& load,
                         const std::string& command, const std::string& what_plays_it) {
    const auto game = session_file(context, scenario, load);
    if (!game) return;
    const RuleSystem& system = *game->claimed.system;
    throw UsageError(game->file.string() + " is a " + system.describe(game->claimed.format) + " (rule system " + system.id() + "): " + command +
                     " " + what_plays_it);
}

namespace {

json happened_entry(const Happened& happened) {
    return {{"seq", happened.seq}, {"do", happened.kind}, {"summary", happened.summary}, {"action", happened.action}};
}

// Applies the file's actions until the end or the first refusal (`stopped` says which line and why).
void apply_actions(GameSession& session, const std::string& actions, json& applied, std::vector<std::string>& lines,
                   std::optional<std::string>& stopped) {
    for_each_action_line(actions, [&](int number, const std::string& text) {
        const std::string where = actions + ":" + std::to_string(number) + ": ";
        const std::string what = "not an action of " + session.system().name() + " as JSON";
        try {
            const Happened happened = session.apply(parse_json_text(text, actions));
            json entry = happened_entry(happened);
            entry["line"] = number;
            applied.push_back(entry);
            lines.push_back("#" + std::to_string(happened.seq) + " " + happened.summary);
            return true;
        } catch (const DataError& error) {
            stopped = where + what + " (" + error.expected() + (error.found().empty() ? "" : ", found " + error.found()) + ")";
        } catch (const json::exception& error) {
            stopped = where + what + " (" + error.what() + ")";
        } catch (const RuleError& error) {
            stopped = where + error.what();
        } catch (const std::system_error& error) {
            // The journal could not take the line: not applied, and the ones before it are on disk.
            stopped = where + "not applied: " + error.what();
        }
        return false;
    });
}

// The programmed opponent plays `which` (a side id or both) until the battle ends or the other
// side's turn comes; each action with its reason. A proposal the rules refuse is not asked again.
void play_opponent(GameSession& session, const std::string& which, json& applied, std::vector<std::string>& lines,
                   std::optional<std::string>& stopped) {
    const auto ids = session.side_ids();
    std::set<int> sides;
    if (which == "both") {
        sides = {0, 1};
    } else {
        for (std::size_t i = 0; i < ids.size(); ++i)
            if (ids[i] == which) sides.insert(static_cast<int>(i));
        if (sides.empty())
            throw UsageError("--opponent needs a side of " + session.scenario_id() + " ('" + ids.at(0) + "', '" + ids.at(1) + "') or 'both', not '" +
                             which + "'");
    }
    // A battle of the longest scenario is a few thousand actions; this bound only stops a loop.
    constexpr int kMostActions = 50000;
    for (int step = 0; step < kMostActions; ++step) {
        if (session.outcome().over) return;
        const int side = session.acting_side();
        if (!sides.count(side)) return;  // the other side's turn: the table plays it
        const OpponentStep done = opponent_step(session, side);
        if (!done.applied()) {
            stopped = done.reason;
            return;
        }
        json entry = happened_entry(*done.happened);
        entry["by"] = "opponent:" + ids.at(static_cast<std::size_t>(side));
        entry["why"] = done.reason;
        applied.push_back(entry);
        lines.push_back("#" + std::to_string(done.happened->seq) + " " + done.happened->summary);
        lines.push_back("      why: " + done.reason);
    }
    stopped = "the programmed opponent stopped after " + std::to_string(kMostActions) + " actions without an end";
}

}  // namespace

int play_session(const SessionPlayRequest& request, Context& context) {
    platform::set_program_name("fortuna-cli");
    std::vector<std::shared_ptr<platform::FileLock>> owned;
    if (request.save) owned.push_back(own_game_files(*request.save));
    if (request.journal) owned.push_back(own_game_files(*request.journal));
    const bool continues_journal = request.load && request.game.claimed.format.ends_with("-journal");
    if (continues_journal && !request.save && !request.journal) owned.push_back(own_game_files(*request.load));

    const RuleSystem& system = *request.game.claimed.system;
    std::unique_ptr<GameSession> session =
        system.open_game(context.library(), request.game.file, request.game.claimed, request.new_game ? seed_or_random(request.seed) : 0);
    for (const auto& note : session->opening_notes()) context.err << "fortuna-cli play: " << shown(note) << "\n";

    // The journal keeps every action on disk as it applies, so nothing is lost before the save;
    // an existing journal is continued, never cut short.
    std::optional<fs::path> journal;
    if (request.journal) journal = *request.journal;
    else if (request.save) journal = journal_path_for_save(*request.save);
    else if (continues_journal) journal = *request.load;
    else if (request.load) {
        std::error_code missing;
        if (fs::exists(journal_path_for_save(*request.load), missing)) journal = journal_path_for_save(*request.load);
    }
    if (journal) {
        try {
            session->attach_journal(*journal);
        } catch (const JournalConflict& conflict) {
            throw UsageError(std::string(conflict.what()) + " ; give another --journal/--save");
        }
    }

    json applied = json::array();
    std::vector<std::string> lines;
    std::optional<std::string> stopped;
    if (request.actions) apply_actions(*session, *request.actions, applied, lines, stopped);
    if (request.opponent && !stopped) play_opponent(*session, *request.opponent, applied, lines, stopped);

    std::optional<std::string> save_failure;
    if (request.save) {
        try {
            session->save(*request.save);
        } catch (const std::system_error& error) {
            save_failure = error.what();
        }
    }

    json document = session->public_state();
    document["system"] = system.id();
    document["seed"] = std::to_string(session->seed());
    document["clock"] = session->clock_label();
    document["applied"] = applied;
    document["applied_count"] = applied.size();
    const SessionOutcome outcome = session->outcome();
    const auto ids = session->side_ids();
    document["outcome"] = {{"decided", outcome.over}, {"winner", outcome.winner < 0 ? "" : ids.at(static_cast<std::size_t>(outcome.winner))},
                           {"words", outcome.reason}};
    if (request.save && !save_failure) document["save"] = *request.save;
    if (save_failure) document["save_failed"] = *save_failure;
    if (const auto file = session->journal_file()) document["journal_file"] = file->string();
    if (stopped) document["refused"] = *stopped;
    if (request.opponent || outcome.over)
        lines.push_back(outcome.over ? "Decided: " + outcome.reason : "Not yet decided at " + session->clock_label());
    for (const auto& line : session->state_lines()) lines.push_back(line);
    if (request.save && !save_failure) lines.push_back("Saved to " + *request.save);
    emit(context, document, lines);
    if (stopped) {
        context.err << "fortuna-cli play: " << shown("refused " + *stopped) << "\n  "
                    << shown("the " + plural(applied.size(), "action") + " before it were applied" + (request.save && !save_failure ? " and saved" : ""))
                    << "\n";
    }
    if (save_failure) context.err << "fortuna-cli play: " << shown(*save_failure) << "\n";
    return stopped || save_failure ? kExitFailure : kExitOk;
}

int replay_session(const SessionFile& game, Context& context) {
    const RuleSystem& system = *game.claimed.system;
    const std::string kind = system.describe(game.claimed.format);
    const std::unique_ptr<GameSession> session = system.open_game(context.library(), game.file, game.claimed, 0);
    const std::string file = game.file.string();
    json document = session->public_state();
    document.update({{"file", file}, {"system", system.id()}, {"kind", kind}, {"reproduced", true},
                     {"lines", session->journal().size()}, {"actions", session->actions_in_effect()}});
    const bool journal = game.claimed.format.ends_with("-journal");
    std::vector<std::string> lines{file + ": the " + kind + " of " + plural(session->journal().size(), "line") + " (" +
                                   plural(session->actions_in_effect(), "action") + " in effect) replays roll by roll" +
                                   (journal ? "" : " to the saved state")};
    for (const auto& line : session->state_lines()) lines.push_back(line);
    emit(context, document, lines);
    return kExitOk;
}

}  // namespace fortuna::cli
