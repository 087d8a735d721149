// SPDX-License-Identifier: MIT
// The battle lab: many computer-played battles of one scenario, and what their outcomes say with their uncertainty.
//
//   const auto battles = run_battles(library, scenario, doctrines, seed, 1000, jobs);
//   const nlohmann::json summary = summarise_battles(scenario, battles);   // docs/lab.md
//
// Battle i is played with seed first_seed + i, whatever the number of threads: the same
// command gives the same numbers on any machine.
#pragma once

#include <array>
#include <atomic>
#include <cstdint>
#include <functional>
#include <string>
#include <utility>
#include <vector>

#include <nlohmann/json.hpp>

#include "fortuna/land/opponent.hpp"

namespace fortuna {

class RulesLibrary;
struct Scenario;

struct LabBattle {
    std::uint64_t seed = 0;
    BattleOutcome outcome;
    int applied = 0;
    int with_reason = 0;
    int refused = 0;    // proposals the rules refused
    int overruled = 0;  // phases ended by override
    std::array<int, 2> crises{};           // crisis-of-morale tests that struck, per side
    std::array<double, 2> percent_lost{};  // at the end
};

// Plays `battles` battles with both sides programmed, on `jobs` threads (0: every core).
// `progress` is called with the number finished (from the worker threads, one at a time).
// When `stop` becomes true no further battle is begun: the battles finished are returned, in
// seed order (the app's Stop button).
std::vector<LabBattle> run_battles(const RulesLibrary& library, const Scenario& scenario, const Doctrines& doctrines,
                                   std::uint64_t first_seed, int battles, int jobs,
                                   const std::function<void(int done)>& progress = {},
                                   const std::atomic<bool>* stop = nullptr);

// One battle: the same as run_battles plays for seed `seed`.
LabBattle run_battle(const RulesLibrary& library, const Scenario& scenario, const Doctrines& doctrines, std::uint64_t seed);

// Outcomes by winner, how battles ended, the margin, the time of decision, collapses per side,
// each share with its 95 % Wilson interval and each mean with its 95 % normal interval.
nlohmann::json summarise_battles(const Scenario& scenario, const std::vector<LabBattle>& battles);

// The summary as a table of text, one column per run ("printed tables", "edited: ..."): the
// command line prints it and the app shows it.
std::vector<std::string> lab_table(const Scenario& scenario, const std::vector<std::pair<std::string, nlohmann::json>>& runs);

// One battle as a record of the numbers its summary counts, so that runs over separate seed
// ranges (on other machines: docs/lab.md, "Past one machine") can be merged into exactly the
// summary one run over the whole range gives. Doubles are written so that they read back equal.
nlohmann::json battle_record(const LabBattle& battle);
// Reads a record back; a missing or mistyped field is a DataError naming `file` and the pointer.
LabBattle battle_from_record(const nlohmann::json& record, const std::string& file, const std::string& pointer);

// Wilson score interval for `hits` of `n` at 95 %.
std::array<double, 2> wilson_interval(int hits, int n);

}  // namespace fortuna
