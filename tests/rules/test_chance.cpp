// SPDX-License-Identifier: MIT
// The generator's sequence is pinned so saved games and tests replay the same on every platform.
#include <gtest/gtest.h>

#include <array>

#include "fortuna/core/chance.hpp"
#include "fortuna/core/errors.hpp"

namespace fortuna {
namespace {

// The engine itself: pcg32 seeded (42, 54) gives the sequence printed by the PCG reference demo.
TEST(Dice, EngineMatchesThePcgReference) {
    pcg32 engine(42u, 54u);
    EXPECT_EQ(engine(), 0xa15c02b7u);
    EXPECT_EQ(engine(), 0x7b47f409u);
    EXPECT_EQ(engine(), 0xba1d3330u);
}

TEST(Dice, GoldenSequences) {
    Dice d6(42);
    std::vector<int> faces;
    for (int i = 0; i < 12; ++i) faces.push_back(d6.roll(RollKind::D6).value);
    EXPECT_EQ(faces, (std::vector<int>{3, 6, 4, 4, 4, 5, 1, 6, 3, 4, 2, 2}));
    Dice random(7);
    std::vector<int> thousandths;
    for (int i = 0; i < 6; ++i) thousandths.push_back(random.roll(RollKind::Random).value);
    EXPECT_EQ(thousandths, (std::vector<int>{47, 492, 922, 712, 892, 979}));
}

TEST(Dice, StateRoundTripContinuesTheSequence) {
    Dice a(99);
    for (int i = 0; i < 5; ++i) (void)a.roll(RollKind::TwoD6);
    Dice b(1);
    b.restore(a.seed(), a.draws(), a.state());
    for (int i = 0; i < 20; ++i) EXPECT_EQ(a.roll(RollKind::Random).value, b.roll(RollKind::Random).value);
    EXPECT_EQ(a.draws(), b.draws());
    EXPECT_THROW(b.restore(1, 0, "not a state"), RuleError);
}

TEST(Dice, EveryFaceEquallyLikely) {
    Dice dice(1);
    std::array<int, 7> counts{};
    for (int i = 0; i < 60000; ++i) counts[static_cast<std::size_t>(dice.roll(RollKind::D6).value)]++;
    for (int face = 1; face <= 6; ++face) EXPECT_NEAR(counts[static_cast<std::size_t>(face)], 10000, 500) << face;
    EXPECT_EQ(counts[0], 0);
}

TEST(Rolls, ParseWhatTheUmpireTypes) {
    EXPECT_EQ(parse_roll(RollKind::D6, "5"), 5);
    EXPECT_EQ(parse_roll(RollKind::TwoD6, " 12 "), 12);
    EXPECT_EQ(parse_roll(RollKind::Random, "0.734"), 734);
    EXPECT_EQ(parse_roll(RollKind::Random, ".05"), 50);
    EXPECT_EQ(parse_roll(RollKind::Random, "0.999"), 999);
    for (const char* bad : {"7", "0", "", "five", "4.5", "-1"}) EXPECT_THROW(parse_roll(RollKind::D6, bad), RuleError) << bad;
    for (const char* bad : {"1", "1.000", "0.7345", "0.-1", "nan", "0.73x"})
        EXPECT_THROW(parse_roll(RollKind::Random, bad), RuleError) << bad;
    try {
        parse_roll(RollKind::D6, "7");
    } catch (const RuleError& error) {
        EXPECT_STREQ(error.what(), "impossible roll '7': expected a whole number from 1 to 6 (d6)");
    }
    EXPECT_EQ(format_roll(RollKind::Random, 50), "0.050");
    EXPECT_EQ(format_modifier(RollKind::Random, -100), "-0.100");
    EXPECT_EQ(format_modifier(RollKind::D6, 1), "+1");
}

TEST(Rolls, Outcomes) {
    EXPECT_EQ(total_weight(RollKind::TwoD6), 36u);
    std::uint32_t sum = 0;
    for (const auto& o : roll_outcomes(RollKind::TwoD6)) sum += o.weight;
    EXPECT_EQ(sum, 36u);
    EXPECT_EQ(roll_outcomes(RollKind::TwoD6)[5].value, 7);
    EXPECT_EQ(roll_outcomes(RollKind::TwoD6)[5].weight, 6u);
    EXPECT_EQ(roll_outcomes(RollKind::Random).size(), 1000u);
}

}  // namespace
}  // namespace fortuna
