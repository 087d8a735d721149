// SPDX-License-Identifier: MIT
// Speed of the game in progress: one action with its durable journal append, and a replayed afternoon.
#include "fortuna/core/errors.hpp"
#include "fortuna/land/game.hpp"
#include "fortuna/seam/library.hpp"
#include "fortuna/land/scenario.hpp"

#include <benchmark/benchmark.h>

#include "bench_support.hpp"

#include <filesystem>
#include <unistd.h>

namespace {

using fortuna::bench::library;

const fortuna::Scenario& scenario() {
    static const fortuna::Scenario loaded = fortuna::load_scenario(library(), "test-skirmish");
    return loaded;
}

// A full afternoon: 40 turns; in each half, the phasing side's rallies, fire, moves and
// combats, then end-phase five times; 50 actions a turn, 2,000 in all. Combats are
// corrected back with 'set' so that both sides keep fighting all afternoon.
std::vector<nlohmann::json> afternoon() {
    std::vector<nlohmann::json> lines;
    fortuna::Game game(library(), scenario(), 1620);
    // A refused action (a unit already routed off) is replaced by a correction, so that
    // every half has the same number of journal lines.
    const auto apply = [&](const nlohmann::json& action) {
        try {
            game.apply(action);
        } catch (const fortuna::RuleError&) {
            game.apply({{"do", "set"}, {"unit", "F-A1"}, {"facing_deg", static_cast<double>(game.journal().size() % 360)}});
        }
    };
    const char* infantry[2][2] = {{"F-I1", "F-I2"}, {"I-I1", "I-I2"}};
    for (int turn = 1; turn <= 40; ++turn) {
        for (int half = 0; half < 2; ++half) {
            const int us = half, them = 1 - half;
            apply({{"do", "move"}, {"unit", infantry[us][0]}, {"to", {{"x_mm", 600 + turn}, {"y_mm", 600}}}});
            apply({{"do", "move"}, {"unit", infantry[us][1]}, {"to", {{"x_mm", 800 - turn}, {"y_mm", 620}}}});
            apply({{"do", "end-phase"}});
            apply({{"do", "end-phase"}});
            apply({{"do", "combat"}, {"attacker", infantry[us][0]}, {"defender", infantry[them][0]}});
            apply({{"do", "combat"}, {"attacker", infantry[us][1]}, {"defender", infantry[them][1]}});
            apply({{"do", "combat"}, {"attacker", infantry[us][0]}, {"defender", infantry[them][1]}});
            apply({{"do", "undo"}});
            apply({{"do", "redo"}});
            for (int u = 0; u < 2; ++u) {
                for (int s = 0; s < 2; ++s) {
                    apply({{"do", "set"}, {"unit", infantry[s][u]}, {"bases", 5}, {"state", "normal"}, {"presence", "on-board"},
                           {"reason", "fresh battalion"}});
                }
            }
            apply({{"do", "formation"}, {"unit", infantry[us][0]}, {"to", "column"}});
            apply({{"do", "formation"}, {"unit", infantry[us][0]}, {"to", "line"}});
            apply({{"do", "end-phase"}});
            apply({{"do", "end-phase"}});
            apply({{"do", "end-phase"}});
            while (game.journal().size() % 25 != 0) apply({{"do", "set"}, {"unit", infantry[us][1]}, {"facing_deg", static_cast<double>(game.journal().size() % 360)}});
        }
    }
    return game.journal();
}

void BM_ApplyActionWithDurableJournal(benchmark::State& state) {
    const std::filesystem::path dir = std::filesystem::temp_directory_path() / ("fortuna-bench-" + std::to_string(::getpid()));
    std::filesystem::create_directories(dir);
    fortuna::Game game(library(), scenario(), 7);
    game.attach_journal(dir / "bench.journal");
    int i = 0;
    for (auto _ : state) {
        game.apply({{"do", "set"}, {"unit", "F-I1"}, {"facing_deg", static_cast<double>(i++ % 360)}});
    }
    game.detach_journal();
    std::filesystem::remove_all(dir);
}
BENCHMARK(BM_ApplyActionWithDurableJournal)->Unit(benchmark::kMicrosecond);

// One combat in phase d) Combat, as at the table (the sequence is enforced: a combat in
// another phase is refused, which is what stopped this benchmark once). The skirmish's
// regiments stand 640 mm apart, so contact is not enforced here: the resolution, the
// journal line and the undo record are what is measured.
void BM_ApplyCombatInMemory(benchmark::State& state) {
    fortuna::Enforcement enforcement;
    enforcement.combat = false;
    fortuna::Game game(library(), scenario(), 7, enforcement);
    while (game.phase().id != "d") game.apply({{"do", "end-phase"}});
    for (auto _ : state) {
        game.apply({{"do", "combat"}, {"attacker", "F-I1"}, {"defender", "I-I1"}});
        state.PauseTiming();
        game.undo();
        state.ResumeTiming();
    }
}
BENCHMARK(BM_ApplyCombatInMemory)->Unit(benchmark::kMicrosecond);

void BM_ReplayAfternoon(benchmark::State& state) {
    static const std::vector<nlohmann::json> lines = afternoon();
    for (auto _ : state) {
        fortuna::Game game = fortuna::Game::replay(library(), scenario(), 1620, lines);
        benchmark::DoNotOptimize(game.state());
    }
    state.counters["lines"] = static_cast<double>(lines.size());
}
BENCHMARK(BM_ReplayAfternoon)->Unit(benchmark::kMillisecond);

}  // namespace
