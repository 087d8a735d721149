// SPDX-License-Identifier: MIT
// The solo aid's list at 2,000 units (issue 11: refreshed after every action): the board bench's table without Qt.
#include "crowded_table.hpp"
#include "fortuna/battlefield.hpp"
#include "fortuna/duties.hpp"
#include "fortuna/game.hpp"
#include "fortuna/library.hpp"
#include "fortuna/scenario.hpp"

#include <benchmark/benchmark.h>

namespace {

const fortuna::RulesLibrary& library() {
    static const fortuna::RulesLibrary loaded = fortuna::RulesLibrary::load(FORTUNA_BENCH_DATA_DIR);
    return loaded;
}

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

}  // namespace
