// SPDX-License-Identifier: MIT
// The battle lab over the seam: many battles of any rule system's scenario played to the end by
// its programmed opponents, each from its own seed, and what they came to.
#pragma once

#include <cstdint>
#include <filesystem>
#include <functional>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "fortuna/seam/rule_system.hpp"

namespace fortuna {

class RulesLibrary;

struct SessionBattle {
    std::uint64_t seed = 0;
    bool decided = false;
    int winner = -1;  // side index; -1: level or undecided
    std::string reason;
    int actions = 0;   // applied by the opponents
    int refused = 0;   // proposals the rules refused
    std::string clock; // where it ended
};

// Battles seed, seed+1, ... played on `jobs` threads (0: every core); `progress` is called with the
// number done (from one thread at a time). The same seeds give the same battles on any number of
// threads. The scenario is `file` as claim_file read it.
std::vector<SessionBattle> run_session_battles(const RulesLibrary& library, const std::filesystem::path& file, const ClaimedFile& claimed,
                                               std::uint64_t seed, int battles, int jobs,
                                               const std::function<void(int)>& progress = {});

// {"battles": n, "wins": {"british": n, ...}, "level": n, "undecided": n, "mean_actions": x, ...}
nlohmann::json summarise_session_battles(const std::vector<std::string>& side_ids, const std::vector<SessionBattle>& battles);

}  // namespace fortuna
