// SPDX-License-Identifier: MIT
// Saved land games: atomic, versioned, schema-checked files that replay to the state they record,
// and the land journals a recovery offers.
#pragma once

#include <filesystem>
#include <memory>
#include <optional>
#include <stdexcept>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "fortuna/land/game.hpp"
#include "fortuna/core/game_files.hpp"
#include "fortuna/core/platform.hpp"

namespace fortuna {

class RulesLibrary;

inline constexpr const char* kSaveFormat = "fortuna-save";
inline constexpr int kSaveFormatVersion = 1;

nlohmann::json save_document(const Game& game);
void save_game(const Game& game, const std::filesystem::path& file);

// Loads a save: size limit, JSON syntax, format and version, schema, the scenario copy, then
// the journal is replayed and must reproduce the saved generator state and position. Any
// failure is a DataError naming the file and the place; the caller's game is untouched
// because a new Game is returned only on success.
Game load_game(const RulesLibrary& library, const std::filesystem::path& file);

// `fortuna-cli replay`: the same checks as load_game, reported instead of thrown.
struct ReplayCheck {
    bool reproduced = false;
    int lines = 0;    // journal lines replayed
    int actions = 0;  // actions in effect at the end
    std::vector<std::string> differences;  // "unit F-I1: bases 3 saved, 4 replayed"
    std::optional<Game> game;
};
ReplayCheck check_save(const RulesLibrary& library, const std::filesystem::path& file);

struct RecoveryCandidate {
    std::filesystem::path journal;
    std::string scenario;  // id
    std::string scenario_name;
    int lines = 0;
    std::string last_summary;
    bool torn_tail = false;
    // A journal another running program is writing: not to be offered, never to be deleted.
    std::optional<platform::LockHolder> in_use;
};
std::vector<RecoveryCandidate> find_recovery_journals(const std::filesystem::path& directory = recovery_dir());

// Rebuilds the game from a journal file alone (its header holds the scenario copy and seed).
Game recover_game(const RulesLibrary& library, const std::filesystem::path& journal);

}  // namespace fortuna
