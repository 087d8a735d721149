// SPDX-License-Identifier: MIT
// Resolution with the dice edition: the worked examples of seed 002, modifiers, column shifts,
// leaders, squares, rally, crisis of morale and victory, and exact odds against simulation.
#include <gtest/gtest.h>

#include <cmath>

#include "fortuna/seam/library.hpp"
#include "fortuna/land/land_tables.hpp"
#include "fortuna/land/resolution.hpp"
#include "test_game_support.hpp"

namespace fortuna {
namespace {

using testing::gloire_dice;

using testing::library;
const UnitType& unit(const std::string& id) { return land_tables(library()).unit_type("gloire-dice", id); }

Roll d6(int value) { return Roll{RollKind::D6, value, RollSource::Entered}; }
Roll two_d6(int value) { return Roll{RollKind::TwoD6, value, RollSource::Entered}; }

Combatant battalion(const std::string& id, UnitState state, int bases = 5) {
    Combatant c;
    c.unit = &unit(id);
    c.label = id;
    c.bases = bases;
    c.state = state;
    return c;
}

// Seed 002, Example 1 (Prussian against French battalion), with strength = bases x factor.
TEST(WorkedExample1, PrussiansAttackAndAreDisrupted) {
    CombatRequest request;
    request.attacker = battalion("austria-prussia/line-infantry", UnitState::Normal);
    request.defender = battalion("france/line-infantry", UnitState::Normal);
    const auto r = resolve_combat(gloire_dice(), request, d6(1));
    EXPECT_EQ(r.setup.attack_strength, 10);
    EXPECT_EQ(r.setup.defend_strength, 10);
    EXPECT_EQ(r.setup.odds.odds.text(), "1:1");
    EXPECT_EQ(r.result, "Ad");  // "Attacker disrupted"
    EXPECT_EQ(r.attacker.after, UnitState::Disrupted);
    EXPECT_EQ(r.defender.after, UnitState::Normal);
}

TEST(WorkedExample1, FrenchReplyRoutsThePrussians) {
    CombatRequest request;
    request.attacker = battalion("france/line-infantry", UnitState::Normal);
    request.defender = battalion("austria-prussia/line-infantry", UnitState::Disrupted);
    const auto r = resolve_combat(gloire_dice(), request, d6(5));
    EXPECT_EQ(r.setup.odds.odds.text(), "2:1");  // the example's "20:10 = 2:1"
    // The example prints Dx; Table 6 at 2-1 with a 5 reads Dd (errata E5). The Prussians'
    // fate is the example's either way: remove one base and rout.
    EXPECT_EQ(r.result, "Dd");
    EXPECT_EQ(r.defender.bases_lost, 1);
    EXPECT_EQ(r.defender.after, UnitState::Routing);
    EXPECT_NE(r.effect.find("defender (already disrupted): remove 1 base, it routs"), std::string::npos) << r.effect;
}

TEST(WorkedExample1, RallyRolls) {
    // Round 2: the routing Prussians roll 4 and keep routing; the French roll 5 and rally.
    const auto prussians = resolve_rally(gloire_dice(), UnitState::Routing, &unit("austria-prussia/line-infantry"), RallySupport::None, d6(4));
    EXPECT_FALSE(prussians.rallied);
    EXPECT_EQ(prussians.after, UnitState::Routing);
    const auto french = resolve_rally(gloire_dice(), UnitState::Disrupted, &unit("france/line-infantry"), RallySupport::None, d6(5));
    EXPECT_TRUE(french.rallied);
    EXPECT_EQ(french.after, UnitState::Normal);
}

// Seed 002, Example 2 (British against French battalion): every round agrees with the tables.
TEST(WorkedExample2, EveryRound) {
    CombatRequest round1;
    round1.attacker = battalion("britain/line-infantry", UnitState::Normal);
    round1.defender = battalion("france/line-infantry", UnitState::Normal);
    const auto r1 = resolve_combat(gloire_dice(), round1, d6(5));
    EXPECT_EQ(r1.setup.attack_strength, 15);
    EXPECT_EQ(r1.setup.odds.odds.text(), "1:1");  // "15:10 = 1:1"
    EXPECT_EQ(r1.result, "Dx");                   // "French & British become disrupted"
    EXPECT_EQ(r1.attacker.after, UnitState::Disrupted);
    EXPECT_EQ(r1.defender.after, UnitState::Disrupted);

    EXPECT_FALSE(resolve_rally(gloire_dice(), UnitState::Disrupted, &unit("france/line-infantry"), RallySupport::None, d6(1)).rallied);
    CombatRequest round1b;
    round1b.attacker = battalion("france/line-infantry", UnitState::Disrupted);
    round1b.defender = battalion("britain/line-infantry", UnitState::Disrupted);
    const auto r1b = resolve_combat(gloire_dice(), round1b, d6(4));
    EXPECT_EQ(r1b.setup.attack_strength, 5);
    EXPECT_EQ(r1b.setup.defend_strength, 10);
    EXPECT_EQ(r1b.setup.odds.odds.text(), "1:2");  // "5:10 = 1:2"
    EXPECT_EQ(r1b.result, "-");                    // "No change from previous state"

    EXPECT_TRUE(resolve_rally(gloire_dice(), UnitState::Disrupted, &unit("britain/line-infantry"), RallySupport::None, d6(5)).rallied);
    CombatRequest round2;
    round2.attacker = battalion("britain/line-infantry", UnitState::Normal);
    round2.defender = battalion("france/line-infantry", UnitState::Disrupted);
    const auto r2 = resolve_combat(gloire_dice(), round2, d6(4));
    EXPECT_EQ(r2.setup.odds.odds.text(), "3:1");  // "15:5 = 3:1"
    EXPECT_EQ(r2.result, "Dd");                   // "French remove one base from game and unit routs"
    EXPECT_EQ(r2.defender.bases_lost, 1);
    EXPECT_EQ(r2.defender.after, UnitState::Routing);
    EXPECT_FALSE(resolve_rally(gloire_dice(), UnitState::Routing, &unit("france/line-infantry"), RallySupport::None, d6(2)).rallied);
}

TEST(Combat, ColumnShiftsAndClamping) {
    CombatRequest request;
    request.attacker.strength = 20;
    request.defender.strength = 20;
    request.flank = true;
    request.combined_arms = 2;
    const auto setup = prepare_combat(gloire_dice(), request);
    EXPECT_EQ(setup.odds.odds.text(), "1:1");
    EXPECT_EQ(setup.column_shift, 2);
    EXPECT_EQ(setup.column_label, "3-1");

    request.flank = false;
    request.rear = true;
    request.combined_arms = 3;
    request.attacker.strength = 35;
    request.defender.strength = 5;  // 7:1 -> column 6-1 already; +4 stays 6-1
    const auto clamped = prepare_combat(gloire_dice(), request);
    EXPECT_EQ(clamped.column_label, "6-1");
    EXPECT_NE(clamped.explanation.back().find("none"), std::string::npos);  // no roll modifiers
    bool mentions_end = false;
    for (const auto& step : clamped.explanation) mentions_end = mentions_end || step.find("the table ends at 6-1") != std::string::npos;
    EXPECT_TRUE(mentions_end);
}

TEST(Combat, RollModifiersAndTheirClamp) {
    CombatRequest request;
    request.attacker.strength = 10;
    request.defender = battalion("france/line-infantry", UnitState::Normal);
    request.defender.formation = Formation::Square;  // infantry attacking a square: +1, and the square fights disrupted
    request.charge = true;                           // +1
    request.terrain = TerrainAdvantage::Attacker;    // +1
    request.attacker_leader = LeaderEffect::Present; // +1
    const auto r = resolve_combat(gloire_dice(), request, d6(6));
    EXPECT_EQ(r.setup.defend_strength, 5);  // square: 5 bases x disrupted factor 1
    EXPECT_EQ(r.setup.roll_modifier, 4);
    EXPECT_EQ(r.modified_roll, 10);
    EXPECT_EQ(r.table_roll, 6);  // read on the last row

    CombatRequest against;
    against.attacker.strength = 10;
    against.defender.strength = 10;
    against.obstacle = true;                          // -1
    against.terrain = TerrainAdvantage::Defender;     // -1
    against.defender_leader = LeaderEffect::Present;  // -1
    against.attacker_leader = LeaderEffect::Killed;   // -1 (the attacker's leader fell)
    const auto low = resolve_combat(gloire_dice(), against, d6(2));
    EXPECT_EQ(low.setup.roll_modifier, -4);
    EXPECT_EQ(low.table_roll, 1);
    EXPECT_EQ(low.result, "Ad");
}

TEST(Combat, ExplanationCitesTheCell) {
    CombatRequest request;
    request.attacker.strength = 15;
    request.defender.strength = 5;
    const auto r = resolve_combat(gloire_dice(), request, d6(4));
    const std::string expected = "Table 6, column 3-1, roll 4 -> Dd (Defender disrupted)";
    EXPECT_NE(std::find(r.explanation.begin(), r.explanation.end(), expected), r.explanation.end());
}

TEST(Combat, RefusesWhatTheRulesDoNotAllow) {
    CombatRequest request;
    request.attacker = battalion("france/shock-cavalry", UnitState::Normal, 3);
    request.defender = battalion("britain/line-infantry", UnitState::Normal);
    request.defender.formation = Formation::Square;
    EXPECT_THROW(prepare_combat(gloire_dice(), request), RuleError);  // Table 7, not the CRT

    CombatRequest both;
    both.attacker.strength = 10;
    both.defender.strength = 10;
    both.flank = both.rear = true;
    EXPECT_THROW(prepare_combat(gloire_dice(), both), RuleError);

    CombatRequest fine;
    fine.attacker.strength = 10;
    fine.defender.strength = 10;
    EXPECT_THROW(resolve_combat(gloire_dice(), fine, d6(7)), RuleError);
    EXPECT_THROW(resolve_combat(gloire_dice(), fine, d6(0)), RuleError);
    EXPECT_THROW(resolve_combat(gloire_dice(), fine, two_d6(7)), RuleError);
}

// Every natural roll enumerated: the chances sum to exactly one and match each roll's result.
TEST(Probabilities, ExactAndComplete) {
    for (int attack : {1, 5, 10, 15, 20, 35})
        for (int defend : {1, 5, 10, 20, 35})
            for (int modifier_case = 0; modifier_case < 3; ++modifier_case) {
                CombatRequest request;
                request.attacker.strength = attack;
                request.defender.strength = defend;
                request.charge = modifier_case == 1;
                request.obstacle = modifier_case == 2;
                const auto setup = prepare_combat(gloire_dice(), request);
                const auto distribution = combat_probabilities(gloire_dice(), setup);
                std::uint64_t sum = 0;
                for (const auto& [code, p] : distribution) {
                    EXPECT_EQ(p.denominator, 6u);
                    sum += p.numerator;
                }
                EXPECT_EQ(sum, 6u);
                std::map<std::string, std::uint64_t> counted;
                for (int roll = 1; roll <= 6; ++roll) counted[resolve_combat(gloire_dice(), request, d6(roll)).result]++;
                for (const auto& [code, p] : distribution) EXPECT_EQ(p.numerator, counted[code]) << code;
            }
}

TEST(Combat, FastPathAgreesWithTheExplainedOne) {
    for (UnitState state : {UnitState::Normal, UnitState::Disrupted})
        for (int roll = 1; roll <= 6; ++roll) {
            CombatRequest request;
            request.attacker = battalion("britain/line-infantry", UnitState::Normal);
            request.defender = battalion("france/line-infantry", state);
            request.charge = roll % 2 == 0;
            request.flank = roll > 3;
            const auto explained = resolve_combat(gloire_dice(), request, d6(roll));
            const auto fast = resolve_combat_outcome(gloire_dice(), request, combat_numbers(gloire_dice(), request), roll);
            EXPECT_EQ(*fast.result, explained.result);
            EXPECT_EQ(fast.column, explained.setup.column);
            EXPECT_EQ(fast.roll_modifier, explained.setup.roll_modifier);
            EXPECT_EQ(fast.defender.lose_bases, explained.defender.bases_lost);
            EXPECT_EQ(fast.defender.state, explained.defender.after);
            EXPECT_EQ(fast.attacker.state, explained.attacker.after);
        }
}

// As Wesnoth does: play the same fight many times with a seeded generator and compare.
TEST(Probabilities, AgreeWithASeededSimulation) {
    CombatRequest request;
    request.attacker = battalion("britain/line-infantry", UnitState::Normal);
    request.defender = battalion("france/line-infantry", UnitState::Normal);
    request.charge = true;
    const auto distribution = combat_probabilities(gloire_dice(), request);
    Dice generator(2026);
    const int trials = 60000;
    std::map<std::string, int> seen;
    for (int i = 0; i < trials; ++i) seen[resolve_combat(gloire_dice(), request, generator.roll(RollKind::D6)).result]++;
    for (const auto& [code, p] : distribution) {
        const double expected = p.value();
        const double sigma = std::sqrt(expected * (1 - expected) / trials);
        EXPECT_NEAR(double(seen[code]) / trials, expected, 5 * sigma + 1e-12) << code;
    }
}

TEST(Probabilities, ArtilleryLeaderSquareRallyCrisis) {
    ArtilleryRequest fire;
    fire.range_mm = 100;
    const auto artillery = artillery_probabilities(gloire_dice(), fire);  // 60-120: Dd on 4,5; Dr on 6
    for (const auto& [code, p] : artillery) {
        if (code == "Dd") {
            EXPECT_EQ(p.numerator, 2u);
        }
        if (code == "Dr") {
            EXPECT_EQ(p.numerator, 1u);
        }
        if (code == "-") {
            EXPECT_EQ(p.numerator, 3u);
        }
    }
    const auto leader = leader_probabilities(gloire_dice());  // 2d6 on 2 or 3: 3 in 36
    EXPECT_EQ(leader[0].first, "survives");
    EXPECT_EQ(leader[0].second.numerator * 36, 33u * leader[0].second.denominator);
    const auto square = square_probabilities(gloire_dice(), UnitState::Normal);  // 2-6: 15/36, 7-10: 18/36, 11-12: 3/36
    EXPECT_EQ(square[0].second.numerator, 15u);
    EXPECT_EQ(square[1].second.numerator, 18u);
    EXPECT_EQ(square[2].second.numerator, 3u);
    EXPECT_EQ(rally_probability(gloire_dice(), UnitState::Routing, nullptr, RallySupport::None).numerator, 1u);
    EXPECT_EQ(rally_probability(gloire_dice(), UnitState::Routing, nullptr, RallySupport::General).numerator, 2u);
    EXPECT_EQ(rally_probability(gloire_dice(), UnitState::Disrupted, &unit("france/guard"), RallySupport::None).numerator, 3u);
    EXPECT_EQ(crisis_probability(gloire_dice(), 9, 60).numerator, 1u);   // 15 %: a crisis on 1
    EXPECT_EQ(crisis_probability(gloire_dice(), 21, 60).numerator, 5u);  // 35 %: on 1-5
    EXPECT_EQ(crisis_probability(gloire_dice(), 24, 60).value(), 1.0);   // 40 %: immediate
    EXPECT_EQ(crisis_probability(gloire_dice(), 8, 60).value(), 0.0);
}

TEST(Artillery, BandsEdgesAndModifiers) {
    ArtilleryRequest fire;
    fire.range_mm = 60;  // on the edge: the nearer band (errata E4)
    auto r = resolve_artillery(gloire_dice(), fire, d6(3));
    EXPECT_EQ(r.band, "0-60");
    EXPECT_EQ(r.result, "Dd");
    fire.range_mm = 60.5;
    EXPECT_EQ(resolve_artillery(gloire_dice(), fire, d6(3)).band, "60-120");
    fire.range_mm = 150;
    fire.target_formation = Formation::Column;  // +1
    r = resolve_artillery(gloire_dice(), fire, d6(4));
    EXPECT_EQ(r.modified_roll, 5);
    EXPECT_EQ(r.result, "Dd");
    fire.range_mm = 500;
    EXPECT_EQ(resolve_artillery(gloire_dice(), fire, d6(6)).band, "180-500");
    fire.range_mm = 501;
    EXPECT_THROW(resolve_artillery(gloire_dice(), fire, d6(6)), RuleError);
    fire.range_mm = -1;
    EXPECT_THROW(resolve_artillery(gloire_dice(), fire, d6(6)), RuleError);
    fire.range_mm = std::nan("");
    EXPECT_THROW(resolve_artillery(gloire_dice(), fire, d6(6)), RuleError);
}

TEST(Leader, UnderFire) {
    const auto safe = resolve_leader_under_fire(gloire_dice(), two_d6(4), std::nullopt);
    EXPECT_FALSE(safe.casualty);
    EXPECT_TRUE(safe.modifier_available);
    EXPECT_THROW(resolve_leader_under_fire(gloire_dice(), two_d6(3), std::nullopt), RuleError);
    const auto killed = resolve_leader_under_fire(gloire_dice(), two_d6(2), d6(1));
    EXPECT_EQ(killed.fate, "killed");
    EXPECT_TRUE(killed.unit_disrupted);
    const auto wounded = resolve_leader_under_fire(gloire_dice(), two_d6(3), d6(3));
    EXPECT_EQ(wounded.fate, "wounded");
    EXPECT_TRUE(wounded.leader_removed);
    const auto unhorsed = resolve_leader_under_fire(gloire_dice(), two_d6(3), d6(4));
    EXPECT_EQ(unhorsed.fate, "unhorsed");
    EXPECT_FALSE(unhorsed.modifier_available);
    EXPECT_FALSE(unhorsed.leader_removed);
}

TEST(Square, Table7) {
    const auto repulsed = resolve_cavalry_vs_square(gloire_dice(), UnitState::Normal, two_d6(6), UnitState::Disrupted, 5, 3);
    EXPECT_TRUE(repulsed.cavalry_disrupted);
    EXPECT_EQ(repulsed.cavalry.bases_lost, 1);  // already disrupted: remove a base and rout
    EXPECT_EQ(repulsed.cavalry.after, UnitState::Routing);
    const auto broken = resolve_cavalry_vs_square(gloire_dice(), UnitState::Disrupted, two_d6(8), UnitState::Normal, 5, 3);
    EXPECT_TRUE(broken.square_broken);
    EXPECT_EQ(broken.square.bases_lost, 1);
    EXPECT_EQ(broken.square.after, UnitState::Routing);
    EXPECT_EQ(broken.cavalry.after, UnitState::Normal);
    EXPECT_THROW(resolve_cavalry_vs_square(gloire_dice(), UnitState::Routing, two_d6(8)), RuleError);
}

TEST(Crisis, ThresholdsAndBands) {
    const auto& table = gloire_dice().crisis_of_morale;
    EXPECT_EQ(threshold_bases(table, 15, 60), 9);
    EXPECT_EQ(threshold_bases(table, 15, 74), 12);  // 11.1 -> reached at 12
    EXPECT_EQ(threshold_bases(table, 40, 100), 40);
    EXPECT_FALSE(resolve_crisis(gloire_dice(), 8, 60, std::nullopt).assessment.level);
    const auto test = resolve_crisis(gloire_dice(), 12, 60, d6(3));
    EXPECT_EQ(test.assessment.band, "20-25%");
    EXPECT_FALSE(test.crisis);  // a crisis on 1 or 2
    EXPECT_TRUE(resolve_crisis(gloire_dice(), 12, 60, d6(2)).crisis);
    EXPECT_TRUE(resolve_crisis(gloire_dice(), 30, 60, std::nullopt).crisis);  // 50 %: immediate
    EXPECT_THROW(resolve_crisis(gloire_dice(), 12, 60, std::nullopt), RuleError);
    EXPECT_THROW(assess_crisis(gloire_dice(), 61, 60), RuleError);
}

TEST(Victory, MarginsAndEdges) {
    auto v = judge_victory(gloire_dice(), 10, 100, 14, 100);
    EXPECT_EQ(v.result, "draw");  // less than 5 %
    EXPECT_EQ(v.winner, "");
    v = judge_victory(gloire_dice(), 10, 100, 15, 100);
    EXPECT_EQ(v.result, "victory");  // exactly 5 %: no longer "less than 5 %"
    EXPECT_EQ(v.winner, "a");
    v = judge_victory(gloire_dice(), 30, 74, 20, 100);  // 40.5 % against 20 %
    EXPECT_EQ(v.winner, "b");
    EXPECT_NEAR(v.margin, 20.54, 0.01);
    EXPECT_THROW(judge_victory(gloire_dice(), 1, 0, 0, 10), RuleError);
}

TEST(Orders, Messenger) {
    EXPECT_FALSE(resolve_order(gloire_dice(), d6(1)).understood);
    EXPECT_TRUE(resolve_order(gloire_dice(), d6(2)).understood);
}

}  // namespace
}  // namespace fortuna
