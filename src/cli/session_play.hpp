// SPDX-License-Identifier: MIT
// fortuna-cli play and replay for any rule system behind the seam (GameSession): The Age of Sail
// today, each new system as it gains a game. The land games keep cmd_play.cpp's own loop for the
// options only they have (--resume, --advisory, --until HH:MM).
#pragma once

#include <cstdint>
#include <filesystem>
#include <optional>
#include <string>

#include "cli.hpp"
#include "fortuna/seam/rule_system.hpp"

namespace fortuna::cli {

// The file a --scenario (a shipped id of any system, or a file) or --load names, and the system
// that claims it; nullopt when it is the land games' (or names nothing: the land path says so).
struct SessionFile {
    std::filesystem::path file;
    ClaimedFile claimed;
};
std::optional<SessionFile> session_file(Context& context, const std::optional<std::string>& scenario, const std::optional<std::string>& load);

// A scenario of `system`: a file (a path or a name ending .json) as given, or a shipped id; an id
// the system does not ship is data/scenarios/ID.json, which the loader then refuses by name.
std::filesystem::path system_scenario_file(Context& context, const RuleSystem& system, const std::string& id_or_file);

// A command that serves the land games only this release (`serve`, `sheet`), handed a scenario or
// save of another rule system: a UsageError saying which system the file is and what plays it.
void refuse_other_system(Context& context, const std::optional<std::string>& scenario, const std::optional<std::string>& load,
                         const std::string& command, const std::string& what_plays_it);

struct SessionPlayRequest {
    SessionFile game;
    bool new_game = false;  // from a scenario: --seed applies
    std::optional<std::uint64_t> seed;
    std::optional<std::string> load;
    std::optional<std::string> save;
    std::optional<std::string> journal;
    std::optional<std::string> actions;
    std::optional<std::string> opponent;  // a side id or "both"
};
// A new game or one continued; actions from --actions (one JSON object a line, {"action": "undo"}
// and {"action": "redo"} too), then the programmed opponent with its reasons; the journal as they
// apply; the save at the end, also after a refusal.
int play_session(const SessionPlayRequest& request, Context& context);

// `replay` of a save or journal of a system behind the seam: replayed roll by roll; a file that
// does not reproduce is a DataError naming the field (exit 1).
int replay_session(const SessionFile& game, Context& context);

}  // namespace fortuna::cli
