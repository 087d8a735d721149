// SPDX-License-Identifier: MIT
// Issue 17's speed targets: one computer-played White Mountain to its decision under 2 s; 1,000 battles under a minute on 2 cores.
#include "fortuna/land/battle_lab.hpp"
#include "fortuna/land/game.hpp"
#include "fortuna/seam/library.hpp"
#include "fortuna/land/opponent.hpp"
#include "fortuna/land/scenario.hpp"

#include <benchmark/benchmark.h>

#include "bench_support.hpp"

namespace {

using fortuna::bench::library;

const fortuna::Scenario& white_mountain() {
    static const fortuna::Scenario loaded = fortuna::load_scenario(library(), "white-mountain-1620");
    return loaded;
}

// One battle, both sides programmed, to its decision (target: under 2 s). Seeds vary so the
// mean covers short and long battles alike.
void BM_WhiteMountainToTheDecision(benchmark::State& state) {
    const fortuna::Doctrines doctrines = fortuna::load_doctrines(library(), white_mountain());
    std::uint64_t seed = 1;
    int actions = 0;
    for (auto _ : state) {
        const fortuna::LabBattle battle = fortuna::run_battle(library(), white_mountain(), doctrines, seed++);
        actions += battle.applied;
        benchmark::DoNotOptimize(battle.outcome.decided);
    }
    state.counters["actions/battle"] = benchmark::Counter(actions, benchmark::Counter::kAvgIterations);
}
BENCHMARK(BM_WhiteMountainToTheDecision)->Unit(benchmark::kMillisecond)->Iterations(fortuna::bench::iterations(20));

// The lab on every core: 100 battles a round; 1,000 in under a minute is 6 s a round here.
void BM_LabHundredBattlesOnEveryCore(benchmark::State& state) {
    const fortuna::Doctrines doctrines = fortuna::load_doctrines(library(), white_mountain());
    std::uint64_t seed = 1;
    for (auto _ : state) {
        const int battles_a_round = fortuna::bench::smoke() ? 4 : 100;
        const auto battles = fortuna::run_battles(library(), white_mountain(), doctrines, seed, battles_a_round, 0);
        seed += static_cast<std::uint64_t>(battles_a_round);
        benchmark::DoNotOptimize(battles.size());
    }
}
BENCHMARK(BM_LabHundredBattlesOnEveryCore)->Unit(benchmark::kMillisecond)->Iterations(fortuna::bench::iterations(2))->UseRealTime();

}  // namespace
