// SPDX-License-Identifier: MIT
// Speed of the rules engine: one combat resolution, and the exact-odds preview before a roll.
// Targets on a 2-core machine: >= 5 million resolutions a second on one core; a preview < 50 us.
#include <benchmark/benchmark.h>

#include "bench_support.hpp"

#include "fortuna/seam/library.hpp"
#include "fortuna/land/land_tables.hpp"
#include "fortuna/land/resolution.hpp"

namespace {

using namespace fortuna;

using fortuna::bench::library;

CombatRequest typical_request(const std::string& ruleset) {
    CombatRequest request;
    request.attacker.unit = &land_tables(library()).unit_type(ruleset, "britain/line-infantry");
    request.attacker.bases = 5;
    request.defender.unit = &land_tables(library()).unit_type(ruleset, "france/line-infantry");
    request.defender.bases = 5;
    request.defender.state = UnitState::Disrupted;
    request.flank = true;
    request.charge = true;
    return request;
}

// The hot path without words: strengths, odds, shifts, modifiers, roll, result and effects.
void BM_ResolveCombat(benchmark::State& state) {
    const RuleSet& rules = land_tables(library()).ruleset("gloire-dice");
    const CombatRequest request = typical_request("gloire-dice");
    Dice dice(1);
    for (auto _ : state) {
        const CombatNumbers numbers = combat_numbers(rules, request);
        benchmark::DoNotOptimize(resolve_combat_outcome(rules, request, numbers, dice.roll(RollKind::D6).value));
    }
    state.SetItemsProcessed(state.iterations());
}
BENCHMARK(BM_ResolveCombat);

// A full resolution with its explanation in words, as the CLI and the app do it.
void BM_ResolveCombatWithExplanation(benchmark::State& state) {
    const RuleSet& rules = land_tables(library()).ruleset("gloire-dice");
    const CombatRequest request = typical_request("gloire-dice");
    Dice dice(1);
    for (auto _ : state) benchmark::DoNotOptimize(resolve_combat(rules, request, dice.roll(RollKind::D6)));
    state.SetItemsProcessed(state.iterations());
}
BENCHMARK(BM_ResolveCombatWithExplanation);

void BM_ProbabilityPreviewDice(benchmark::State& state) {
    const RuleSet& rules = land_tables(library()).ruleset("gloire-dice");
    const CombatRequest request = typical_request("gloire-dice");
    for (auto _ : state) benchmark::DoNotOptimize(combat_probabilities(rules, request));
}
BENCHMARK(BM_ProbabilityPreviewDice)->Unit(benchmark::kMicrosecond);

// The random-number rule sets enumerate 1,000 rolls.
void BM_ProbabilityPreviewRandomNumber(benchmark::State& state) {
    const RuleSet& rules = land_tables(library()).ruleset("gloire");
    const CombatRequest request = typical_request("gloire");
    for (auto _ : state) benchmark::DoNotOptimize(combat_probabilities(rules, request));
}
BENCHMARK(BM_ProbabilityPreviewRandomNumber)->Unit(benchmark::kMicrosecond);

}  // namespace
