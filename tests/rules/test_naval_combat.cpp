// SPDX-License-Identifier: MIT
// Naval gunnery and boarding: arcs (port on the left), hits by range band, pairs of sixes, damage to the sheet,
// and the exact odds checked against full enumeration of the dice and a seeded simulation.
#include <gtest/gtest.h>

#include <cmath>
#include <functional>

#include "naval_test_support.hpp"

namespace fortuna {
namespace {

using testing::dice;
using testing::sail;
using testing::ship_at;

TEST(NavalArcs, PortIsTheLeftSideNotAsPrinted) {
    // S1: bow to N, port looks W, starboard looks E.
    const Ship firer = ship_at("third-rate", 0, 50, 50, 0);
    EXPECT_EQ(arc_holding(sail(), firer, ship_at("third-rate", 1, 40, 50, 0)), BroadsideSide::Port);
    EXPECT_EQ(arc_holding(sail(), firer, ship_at("third-rate", 1, 60, 50, 0)), BroadsideSide::Starboard);
    EXPECT_EQ(arc_holding(sail(), firer, ship_at("third-rate", 1, 50, 60, 0)), std::nullopt);  // dead ahead
    EXPECT_EQ(arc_holding(sail(), firer, ship_at("third-rate", 1, 60, 60, 0)), BroadsideSide::Starboard);  // NE edge: 90° arc
    // Heading E: port looks N.
    const Ship east = ship_at("third-rate", 0, 50, 50, 90);
    EXPECT_EQ(arc_holding(sail(), east, ship_at("third-rate", 1, 50, 58, 0)), BroadsideSide::Port);
}

TEST(NavalArcs, AspectSeenFromTheTarget) {
    const Ship target = ship_at("third-rate", 1, 50, 50, 0);
    EXPECT_EQ(aspect_of(target, ship_at("third-rate", 0, 50, 40, 0)), FireAspect::Stern);
    EXPECT_EQ(aspect_of(target, ship_at("third-rate", 0, 50, 60, 0)), FireAspect::Bow);
    EXPECT_EQ(aspect_of(target, ship_at("third-rate", 0, 40, 50, 0)), FireAspect::Port);
    EXPECT_EQ(aspect_of(target, ship_at("third-rate", 0, 60, 50, 0)), FireAspect::Starboard);
}

TEST(NavalGunnery, HitsAndAPairOfSixes) {
    const auto setup = prepare_broadside(sail(), 3, 6, Aim::Hull);  // 4-8 cm: hull 4-6
    const auto r = roll_broadside(sail(), setup, dice({3, 4, 6}));
    EXPECT_EQ(r.hits, 2);
    EXPECT_FALSE(r.fire);
    EXPECT_NE(r.explanation.front().find("range table row 4-8 cm"), std::string::npos);
    const auto burning = roll_broadside(sail(), setup, dice({6, 1, 6}));
    EXPECT_EQ(burning.hits, 2);
    EXPECT_TRUE(burning.fire);
    EXPECT_NE(burning.explanation.back().find("catches fire"), std::string::npos);
    // Sails at 8-12 cm need a 6: two sixes are two masts and a fire.
    const auto rigging = roll_broadside(sail(), prepare_broadside(sail(), 2, 10, Aim::Sails), dice({6, 6}));
    EXPECT_EQ(rigging.hits, 2);
    EXPECT_TRUE(rigging.fire);
}

TEST(NavalGunnery, ARollOutsideTheDiceIsRefused) {
    const auto setup = prepare_broadside(sail(), 2, 3, Aim::Hull);
    try {
        roll_broadside(sail(), setup, dice({7, 3}));
        FAIL() << "a 7 on a d6 was accepted";
    } catch (const RuleError& error) {
        EXPECT_NE(std::string(error.what()).find("a die shows 1 to 6, not 7"), std::string::npos);
    }
    EXPECT_THROW(roll_broadside(sail(), setup, dice({3})), RuleError);  // one die per gun deck
    EXPECT_THROW(parse_dice_pool("3,0", 2, "broadside"), RuleError);
    EXPECT_THROW(parse_dice_pool("3,x", 2, "broadside"), RuleError);
    EXPECT_EQ(parse_dice_pool("3,6", 2, "broadside")[1].value, 6);
    EXPECT_THROW(prepare_broadside(sail(), 0, 3, Aim::Hull), RuleError);  // no gun deck left
}

// Every throw of n dice, counted one by one.
void enumerate(int n, const std::function<void(const std::vector<Roll>&)>& visit) {
    std::vector<Roll> rolls(static_cast<std::size_t>(n), testing::die(1));
    while (true) {
        visit(rolls);
        int i = 0;
        while (i < n && rolls[static_cast<std::size_t>(i)].value == 6) rolls[static_cast<std::size_t>(i++)].value = 1;
        if (i == n) return;
        ++rolls[static_cast<std::size_t>(i)].value;
    }
}

TEST(NavalOdds, BroadsideAgreesWithEveryThrowOfTheDice) {
    for (int n = 1; n <= 4; ++n)
        for (double range : {2.0, 6.0, 10.0})
            for (Aim aim : {Aim::Hull, Aim::Sails}) {
                const auto setup = prepare_broadside(sail(), n, range, aim);
                const auto odds = broadside_odds(setup);
                std::vector<std::uint64_t> hits(static_cast<std::size_t>(n) + 1, 0), fire_hits(hits.size(), 0);
                std::uint64_t fire = 0, all = 0;
                enumerate(n, [&](const std::vector<Roll>& rolls) {
                    const auto r = roll_broadside(sail(), setup, rolls);
                    ++hits[static_cast<std::size_t>(r.hits)];
                    if (r.fire) ++fire_hits[static_cast<std::size_t>(r.hits)], ++fire;
                    ++all;
                });
                EXPECT_EQ(odds.fire.numerator, fire);
                for (std::size_t h = 0; h < hits.size(); ++h) {
                    EXPECT_EQ(odds.hits[h].numerator, hits[h]) << n << " dice, " << range << " cm, hits " << h;
                    EXPECT_EQ(odds.hits[h].denominator, all);
                    EXPECT_EQ(odds.hits_and_fire[h].numerator, fire_hits[h]);
                }
            }
}

TEST(NavalOdds, BroadsideByHand) {
    // Three gun decks at 0-4 cm on the hull (3-6 hits): all miss (2/6)^3 = 8/216; a pair of sixes
    // 3 x 5 + 1 = 16 of 216.
    const auto odds = broadside_odds(prepare_broadside(sail(), 3, 2, Aim::Hull));
    EXPECT_EQ(odds.hits[0].numerator, 8u);
    EXPECT_EQ(odds.hits[3].numerator, 64u);
    EXPECT_EQ(odds.fire.numerator, 16u);
    EXPECT_EQ(odds.fire.denominator, 216u);
    EXPECT_EQ(odds.at_least_one_hit.numerator, 208u);
    EXPECT_EQ(broadside_odds(prepare_broadside(sail(), 1, 2, Aim::Hull)).fire.numerator, 0u);  // one die: no pair
}

TEST(NavalOdds, BroadsideAgreesWithASeededSimulation) {
    const auto setup = prepare_broadside(sail(), 3, 6, Aim::Hull);
    const auto odds = broadside_odds(setup);
    Dice generator(1778);
    const int trials = 60000;
    std::vector<int> seen(4, 0);
    int fires = 0;
    for (int i = 0; i < trials; ++i) {
        std::vector<Roll> rolls;
        for (int d = 0; d < 3; ++d) rolls.push_back(generator.roll(RollKind::D6));
        const auto r = roll_broadside(sail(), setup, rolls);
        ++seen[static_cast<std::size_t>(r.hits)];
        fires += r.fire;
    }
    for (std::size_t h = 0; h < 4; ++h) {
        const double p = odds.hits[h].value();
        EXPECT_NEAR(double(seen[h]) / trials, p, 5 * std::sqrt(p * (1 - p) / trials)) << h;
    }
    const double pf = odds.fire.value();
    EXPECT_NEAR(double(fires) / trials, pf, 5 * std::sqrt(pf * (1 - pf) / trials));
}

TEST(NavalOdds, BoardingAgreesWithEveryThrowAndByHand) {
    // One deck against one: 15 wins each, 6 ties of 36.
    const auto one = boarding_odds(1, 1);
    EXPECT_EQ(one.attacker_wins.numerator, 15u);
    EXPECT_EQ(one.defender_wins.numerator, 15u);
    EXPECT_EQ(one.tie.numerator, 6u);
    EXPECT_EQ(one.tie.denominator, 36u);
    for (int a = 0; a <= 3; ++a)
        for (int d = 0; d <= 2; ++d) {
            const auto odds = boarding_odds(a, d);
            std::uint64_t wins = 0, losses = 0, ties = 0;
            enumerate(a + d, [&](const std::vector<Roll>& rolls) {
                const std::vector<Roll> mine(rolls.begin(), rolls.begin() + a), theirs(rolls.begin() + a, rolls.end());
                const auto r = roll_boarding(a, d, mine, theirs);
                (r.winner == 0 ? wins : r.winner == 1 ? losses : ties)++;
            });
            EXPECT_EQ(odds.attacker_wins.numerator, wins) << a << " v " << d;
            EXPECT_EQ(odds.defender_wins.numerator, losses);
            EXPECT_EQ(odds.tie.numerator, ties);
        }
    // A three-decker's six decks against a frigate's four, by simulation.
    const auto big = boarding_odds(6, 4);
    Dice generator(1805);
    const int trials = 40000;
    int wins = 0;
    for (int i = 0; i < trials; ++i) {
        int a = 0, d = 0;
        for (int k = 0; k < 6; ++k) a += generator.roll(RollKind::D6).value;
        for (int k = 0; k < 4; ++k) d += generator.roll(RollKind::D6).value;
        wins += a > d;
    }
    const double p = big.attacker_wins.value();
    EXPECT_NEAR(double(wins) / trials, p, 5 * std::sqrt(p * (1 - p) / trials));
    EXPECT_EQ(dice_total_counts(2)[7], 6u);
}

TEST(NavalDamage, HullHitsTakeTheSideFiredAtThenTheHull) {
    const Ship frigate = ship_at("fifth-rate", 1, 0, 0, 0);
    ShipStatus status = frigate.now;
    const auto done = apply_hits(frigate, status, Aim::Hull, FireAspect::Port, 3);
    EXPECT_EQ(status.port_decks, 0);
    EXPECT_EQ(status.starboard_decks, 2);
    EXPECT_EQ(status.hull, 2);  // D4: the third hit finds no port deck
    EXPECT_EQ(done.cells(), 3);
    // Raked from the stern: each hit takes a deck on both sides.
    ShipStatus raked = frigate.now;
    apply_hits(frigate, raked, Aim::Hull, FireAspect::Stern, 1);
    EXPECT_EQ(raked.port_decks, 1);
    EXPECT_EQ(raked.starboard_decks, 1);
}

TEST(NavalDamage, MastsByOwnerChoiceOrFromFore) {
    const Ship frigate = ship_at("fifth-rate", 1, 0, 0, 0);
    ShipStatus a = frigate.now;
    auto done = apply_hits(frigate, a, Aim::Sails, FireAspect::Starboard, 1);  // D5 default: fore (1 unit)
    EXPECT_EQ(done.masts, (std::vector<std::string>{"fore"}));
    ShipStatus b = frigate.now;
    done = apply_hits(frigate, b, Aim::Sails, FireAspect::Port, 1, {"main"});  // the owner's choice
    EXPECT_EQ(done.masts, (std::vector<std::string>{"main"}));
    ShipStatus c = frigate.now;
    done = apply_hits(frigate, c, Aim::Sails, FireAspect::Stern, 2);  // from aft onwards
    EXPECT_EQ(done.masts, (std::vector<std::string>{"mizzen", "main"}));
    Ship dismasted = frigate;
    dismasted.now = c;
    EXPECT_EQ(dismasted.mast_units(), 1);
}

}  // namespace
}  // namespace fortuna
