// SPDX-License-Identifier: MIT
// Issues 25, 29 and 30's speed targets, through the seam: one battle of each system's scenario
// played to its end by the programmed opponents (Game Of Kings under 1 s, Clausewitz under 2 s),
// and the lab's rounds of 100 battles on every core (1,000 in under a minute is 6 s a round).
#include "fortuna/seam/library.hpp"
#include "fortuna/seam/rule_system.hpp"
#include "fortuna/analysis/session_lab.hpp"

#include <benchmark/benchmark.h>

#include <filesystem>
#include <map>
#include <string>

#include "bench_support.hpp"

namespace {

using fortuna::bench::library;

struct SystemScenario {
    std::filesystem::path file;
    fortuna::ClaimedFile claimed;
};

const SystemScenario& system_scenario(const std::string& id) {
    static std::map<std::string, SystemScenario> loaded;
    auto found = loaded.find(id);
    if (found == loaded.end()) {
        const std::filesystem::path file = library().data_dir() / "scenarios" / (id + ".json");
        found = loaded.emplace(id, SystemScenario{file, fortuna::claim_file(file)}).first;
    }
    return found->second;
}

void play_battles(benchmark::State& state, const std::string& id, int battles_a_round, int jobs) {
    const SystemScenario& scenario = system_scenario(id);
    std::uint64_t seed = 1;
    double actions = 0;
    for (auto _ : state) {
        const auto played = fortuna::run_session_battles(library(), scenario.file, scenario.claimed, seed, battles_a_round, jobs);
        seed += static_cast<std::uint64_t>(battles_a_round);
        for (const auto& battle : played) actions += battle.actions;
        benchmark::DoNotOptimize(played.size());
    }
    state.counters["actions/battle"] = benchmark::Counter(actions / battles_a_round, benchmark::Counter::kAvgIterations);
}

void BM_SystemBattleToTheEnd(benchmark::State& state, const char* id) { play_battles(state, id, 1, 1); }
BENCHMARK_CAPTURE(BM_SystemBattleToTheEnd, channel_1778, "channel-1778")->Unit(benchmark::kMillisecond)->Iterations(fortuna::bench::iterations(20));
BENCHMARK_CAPTURE(BM_SystemBattleToTheEnd, encounter_1745, "encounter-1745")->Unit(benchmark::kMillisecond)->Iterations(fortuna::bench::iterations(20));
BENCHMARK_CAPTURE(BM_SystemBattleToTheEnd, quatre_bras_opening_1815, "quatre-bras-opening-1815")
    ->Unit(benchmark::kMillisecond)
    ->Iterations(fortuna::bench::iterations(20));

void BM_SystemLabHundredBattles(benchmark::State& state, const char* id) { play_battles(state, id, fortuna::bench::smoke() ? 2 : 100, 0); }
BENCHMARK_CAPTURE(BM_SystemLabHundredBattles, encounter_1745, "encounter-1745")
    ->Unit(benchmark::kMillisecond)
    ->Iterations(fortuna::bench::iterations(2))
    ->UseRealTime();
BENCHMARK_CAPTURE(BM_SystemLabHundredBattles, quatre_bras_opening_1815, "quatre-bras-opening-1815")
    ->Unit(benchmark::kMillisecond)
    ->Iterations(fortuna::bench::iterations(2))
    ->UseRealTime();

}  // namespace
