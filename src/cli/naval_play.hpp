// SPDX-License-Identifier: MIT
// What fortuna-cli's naval commands share: finding a naval scenario or game file, the state as lines, and `play` of a naval game.
#pragma once

#include <cstdint>
#include <filesystem>
#include <optional>
#include <string>
#include <vector>

#include "cli.hpp"
#include "fortuna/naval.hpp"

namespace fortuna::cli {

// A scenario id ("channel-1778", looked up in the data folder) or a file.
std::filesystem::path naval_scenario_file(const Context& context, const std::string& id_or_file);

// Does --scenario or --load name a naval game (a naval scenario, save or journal, by its content)?
bool names_naval_game(const Context& context, const std::optional<std::string>& scenario, const std::optional<std::string>& load);

// The round, the wind, each side with the damage it inflicted and its ships, the side ahead.
std::vector<std::string> naval_state_lines(const NavalGame& game);

// `play` of a naval game: a new one (--scenario, --seed) or one continued (--load a naval save
// or journal); naval actions from --actions, one JSON object a line ({"action": "undo"} and
// {"action": "redo"} too); the journal written as they apply; the save written at the end, also
// after a refusal.
struct NavalPlayRequest {
    std::optional<std::string> scenario;
    std::optional<std::uint64_t> seed;
    std::optional<std::string> load;
    std::optional<std::string> save;
    std::optional<std::string> journal;
    std::optional<std::string> actions;
};
int play_naval(const NavalPlayRequest& request, Context& context);

// `replay` of a naval save or journal: replayed roll by roll; a file that does not reproduce is a
// DataError naming the field (exit 1).
int replay_naval(const std::string& file, Context& context);

}  // namespace fortuna::cli
