// SPDX-License-Identifier: MIT
// The solo aid's list at 2,000 units (issue 11: refreshed after every action): the board bench's table without Qt.
#include "crowded_table.hpp"
#include "fortuna/land/battlefield.hpp"
#include "fortuna/land/duties.hpp"
#include "fortuna/land/actions.hpp"
#include "fortuna/land/game.hpp"
#include "fortuna/seam/library.hpp"
#include "fortuna/land/scenario.hpp"

#include <benchmark/benchmark.h>

#include "bench_support.hpp"

namespace {

using fortuna::bench::library;

void BM_DutiesAt2000Units(benchmark::State& state) {
    const fortuna::Game game(library(), fortuna::bench::crowded_table(library(), FORTUNA_BENCH_DATA_DIR, static_cast<int>(state.range(0))), 1);
    const fortuna::Battlefield field(game.scenario());
    std::size_t items = 0;
    for (auto _ : state) {
        items = fortuna::duties(game, field).size();
        benchmark::DoNotOptimize(items);
    }
    state.counters["items"] = static_cast<double>(items);
}
BENCHMARK(BM_DutiesAt2000Units)->Arg(2000)->Unit(benchmark::kMillisecond);

// The same list kept across actions (DutyTracker), as the Duties dock has it: one unit corrected
// (a base lost, then given back), then the list brought up to date.
void BM_DutyTrackerAfterOneUnitChanged(benchmark::State& state) {
    fortuna::Game game(library(), fortuna::bench::crowded_table(library(), FORTUNA_BENCH_DATA_DIR, static_cast<int>(state.range(0))), 1);
    const fortuna::Battlefield field(game.scenario());
    fortuna::DutyTracker tracker;
    std::size_t items = tracker.update(game, field).size();
    const std::string unit = game.units().front().id.code;
    const int bases = game.units().front().now.bases;
    bool lose = true;
    for (auto _ : state) {
        state.PauseTiming();
        fortuna::SetAction correction;
        correction.unit = unit;
        correction.bases = lose ? bases - 1 : bases;
        lose = !lose;
        game.apply(fortuna::ActionRequest{correction});
        state.ResumeTiming();
        items = tracker.update(game, field).size();
        benchmark::DoNotOptimize(items);
    }
    state.counters["items"] = static_cast<double>(items);
}
BENCHMARK(BM_DutyTrackerAfterOneUnitChanged)->Arg(2000)->Unit(benchmark::kMillisecond);

}  // namespace
