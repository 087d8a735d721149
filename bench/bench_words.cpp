// SPDX-License-Identifier: MIT
// Issue 28, item 5's speed target: the German catalogue tells a desk's worth of text at once. White
// Mountain's sentences (a game played by both opponents, some 3,000 lines) looked up for the first
// time (a fresh catalogue each round: the matcher itself) and again (what the desk pays on a refresh:
// the catalogue remembers). Target: a first look-up under 1 ms a line on average, a remembered one
// under 5 us.
#include <benchmark/benchmark.h>

#include <filesystem>
#include <string>
#include <vector>

#include "bench_support.hpp"
#include "fortuna/analysis/words_read.hpp"
#include "fortuna/core/message_catalogue.hpp"
#include "fortuna/seam/game_session.hpp"
#include "fortuna/seam/rule_system.hpp"

namespace {

const std::vector<std::string>& white_mountain_sentences() {
    static const std::vector<std::string> lines = [] {
        const std::filesystem::path file = fortuna::bench::library().data_dir() / "scenarios" / "white-mountain-1620.json";
        const fortuna::ClaimedFile claimed = fortuna::claim_file(file);
        const auto session = claimed.system->open_game(fortuna::bench::library(), file, claimed, 3);
        return fortuna::words_read_in_play(*session, fortuna::bench::smoke() ? 40 : 400);
    }();
    return lines;
}

std::filesystem::path german_folder() { return fortuna::bench::library().data_dir() / "words" / "de"; }

void BM_GermanFirstLookUp(benchmark::State& state) {
    const auto& lines = white_mountain_sentences();
    for (auto _ : state) {
        state.PauseTiming();
        const fortuna::MessageCatalogue german = fortuna::MessageCatalogue::load(german_folder());
        state.ResumeTiming();
        for (const std::string& line : lines) benchmark::DoNotOptimize(german.shown(line));
    }
    state.counters["lines"] = static_cast<double>(lines.size());
    state.counters["per_line"] = benchmark::Counter(static_cast<double>(lines.size()), benchmark::Counter::kIsIterationInvariantRate |
                                                                                        benchmark::Counter::kInvert);
}
BENCHMARK(BM_GermanFirstLookUp)->Unit(benchmark::kMillisecond)->Iterations(fortuna::bench::iterations(5));

void BM_GermanRemembered(benchmark::State& state) {
    const auto& lines = white_mountain_sentences();
    const fortuna::MessageCatalogue german = fortuna::MessageCatalogue::load(german_folder());
    for (const std::string& line : lines) benchmark::DoNotOptimize(german.shown(line));
    for (auto _ : state)
        for (const std::string& line : lines) benchmark::DoNotOptimize(german.shown(line));
    state.counters["per_line"] = benchmark::Counter(static_cast<double>(lines.size()), benchmark::Counter::kIsIterationInvariantRate |
                                                                                        benchmark::Counter::kInvert);
}
BENCHMARK(BM_GermanRemembered)->Unit(benchmark::kMillisecond)->Iterations(fortuna::bench::iterations(20));

void BM_GermanCatalogueLoad(benchmark::State& state) {
    for (auto _ : state) benchmark::DoNotOptimize(fortuna::MessageCatalogue::load(german_folder()).size());
}
BENCHMARK(BM_GermanCatalogueLoad)->Unit(benchmark::kMillisecond)->Iterations(fortuna::bench::iterations(10));

}  // namespace
