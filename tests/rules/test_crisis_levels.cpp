// SPDX-License-Identifier: MIT
// Crisis-of-morale levels beyond 40 % (seed 000, 3.2, 9.1 and 9.2; seed 002, 5) Crisis of morale):
// every 5 % level to 100 % in the dice edition and a random-number rule set, with hand-checkable odds.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "fortuna/core/errors.hpp"
#include "fortuna/land/land_tables.hpp"
#include "fortuna/land/game.hpp"
#include "fortuna/land/resolution.hpp"
#include "test_game_support.hpp"

namespace fortuna {
namespace {

using testing::random_number;

using testing::gloire_dice;

using fortuna::testing::library;

const RuleSet& glaube() { return land_tables(library()).ruleset("glaube"); }


// Seed 000, 3.2 and 9.1: "15% of the total and at 5% intervals thereafter" - to 100 % in every rule set.
TEST(CrisisLevels, EveryRuleSetMarksFifteenPercentAndEveryFivePercentToOneHundred) {
    for (const std::string id : {"gloire-dice", "glaube", "gloire", "reason", "destiny"}) {
        const auto& levels = land_tables(library()).ruleset(id).crisis_of_morale.levels;
        ASSERT_EQ(levels.size(), 18u) << id;  // 15, 20, ... 100
        for (std::size_t i = 0; i < levels.size(); ++i) EXPECT_EQ(levels[i].percent, 15 + 5 * static_cast<int>(i)) << id;
    }
}

// An army of 40 base units: the marks are 6, 8, 10, ... 40 bases (40 x p / 100, reached, errata E11).
TEST(CrisisLevels, MarksOfAFortyBaseArmy) {
    const auto marks = crisis_marks(gloire_dice(), 40);
    ASSERT_EQ(marks.size(), 18u);
    EXPECT_EQ(marks.front().percent, 15);
    EXPECT_EQ(marks.front().bases, 6);
    EXPECT_EQ(marks[6].percent, 45);
    EXPECT_EQ(marks[6].bases, 18);
    EXPECT_EQ(marks.back().percent, 100);
    EXPECT_EQ(marks.back().bases, 40);
    // Read as "exceed" (errata E11's option) the 100 % mark would be a 41st base: out of reach.
    RuleSet exceed = gloire_dice();
    exceed.crisis_of_morale.crossing = "exceed";
    const auto strict = crisis_marks(exceed, 40);
    ASSERT_EQ(strict.size(), 17u);
    EXPECT_EQ(strict.back().percent, 95);
    EXPECT_EQ(strict.back().bases, 39);
}

// Seed 002, 5): "Greater than 40%: Immediate"; the army "fights on until the next level is reached,
// when an assessment is made again" (errata E21). 19 of 40 lost is 47.5 %: the 45 % level.
TEST(CrisisLevels, DiceEditionFortyFivePercentIsAnImmediateCrisis) {
    const auto crossed = resolve_crisis(gloire_dice(), 19, 40, std::nullopt);
    ASSERT_TRUE(crossed.assessment.level.has_value());
    EXPECT_EQ(*crossed.assessment.level, 45);
    EXPECT_EQ(crossed.assessment.band, "45-50%");
    EXPECT_TRUE(crossed.assessment.immediate);
    EXPECT_TRUE(crossed.crisis);
    EXPECT_DOUBLE_EQ(crisis_probability(gloire_dice(), 19, 40).value(), 1.0);
    EXPECT_EQ(*assess_crisis(gloire_dice(), 17, 40).level, 40);  // 42.5 %: still the 40 % level
    EXPECT_EQ(assess_crisis(gloire_dice(), 40, 40).band, "100%");
}

// Glaube (seed 000, 9.2): from 40 % every unit rolls against the essay's share of battles
// (errata E22): 45 % is Phi((45 - 25) / 10.34) = 0.9735 -> crisis on 0.000-0.973.
TEST(CrisisLevels, GlaubeFortyFivePercentUsesTheEssaysShare) {
    const auto assessment = assess_crisis(glaube(), 19, 40);
    ASSERT_TRUE(assessment.level.has_value());
    EXPECT_EQ(*assessment.level, 45);
    EXPECT_FALSE(assessment.immediate);
    ASSERT_TRUE(assessment.crisis_on.has_value());
    EXPECT_EQ(assessment.crisis_on->min, 0);
    EXPECT_EQ(assessment.crisis_on->max, 973);
    EXPECT_DOUBLE_EQ(crisis_probability(glaube(), 19, 40).value(), 0.974);
    EXPECT_TRUE(resolve_crisis(glaube(), 19, 40, random_number(973)).crisis);
    EXPECT_FALSE(resolve_crisis(glaube(), 19, 40, random_number(974)).crisis);  // this unit fights on
    EXPECT_THROW((void)resolve_crisis(glaube(), 19, 40, std::nullopt), RuleError);
}

// The essay's share at each level past the dice edition's printed rows, in thousandths; from 60 %
// it exceeds 0.9995 and every number brings the crisis. Same in all four random-number rule sets.
TEST(CrisisLevels, RandomNumberBandsFromFortyPercentFollowTheEssay) {
    struct Expected {
        int percent;
        int top;  // crisis on 0.000-0.top; -1: immediate
    };
    const std::vector<Expected> expected{{40, 926}, {45, 973}, {50, 992}, {55, 998}, {60, -1}, {100, -1}};
    for (const std::string id : {"glaube", "gloire", "reason", "destiny"}) {
        const auto& levels = land_tables(library()).ruleset(id).crisis_of_morale.levels;
        for (const auto& e : expected) {
            const auto level = static_cast<std::size_t>((e.percent - 15) / 5);
            ASSERT_LT(level, levels.size()) << id;
            EXPECT_EQ(levels[level].percent, e.percent) << id;
            if (e.top < 0) {
                EXPECT_TRUE(levels[level].immediate) << id << " " << e.percent;
            } else {
                ASSERT_TRUE(levels[level].crisis_on.has_value()) << id << " " << e.percent;
                EXPECT_EQ(levels[level].crisis_on->max, e.top) << id << " " << e.percent;
            }
        }
    }
    // 24 of 40 lost is 60 %: no number escapes, so no roll is asked for.
    EXPECT_TRUE(resolve_crisis(glaube(), 24, 40, std::nullopt).crisis);
}

// The chance of a crisis never falls as losses mount, and reaches certainty by 100 %.
TEST(CrisisLevels, ChanceRisesWithEveryLevel) {
    for (const std::string id : {"gloire-dice", "glaube"}) {
        const auto marks = crisis_marks(land_tables(library()).ruleset(id), 100);
        ASSERT_EQ(marks.size(), 18u) << id;
        for (std::size_t i = 1; i < marks.size(); ++i) EXPECT_GE(marks[i].chance.value(), marks[i - 1].chance.value()) << id;
        EXPECT_DOUBLE_EQ(marks.back().chance.value(), 1.0) << id;
    }
}

// In play (seed 002, 5)): after the immediate crisis at 50 % the army fights on until the next
// level; one more base lost (8 of 14 = 57.1 %, the 55 % mark at 8 bases) brings a new crisis.
TEST(CrisisLevels, AGameTestsAgainAtTheNextLevelBeyondForty) {
    Game game(library(), fortuna::testing::skirmish(), 1, fortuna::testing::kAdvisory);  // crisis out of phase e
    game.apply({{"do", "set"}, {"unit", "I-I1"}, {"bases", 1}, {"reason", "test"}});
    game.apply({{"do", "set"}, {"unit", "I-I2"}, {"bases", 2}, {"reason", "test"}});  // 7 of 14 lost: 50 %
    ASSERT_TRUE(game.tally(1).crisis_due);
    EXPECT_TRUE(game.apply({{"do", "crisis"}, {"side", "imperial"}}).result["crisis"].get<bool>());
    EXPECT_FALSE(game.tally(1).crisis_due);
    game.apply({{"do", "set"}, {"unit", "I-I2"}, {"bases", 1}, {"reason", "test"}});  // 8 of 14 lost
    ASSERT_TRUE(game.tally(1).crisis_due);
    const auto& again = game.apply({{"do", "crisis"}, {"side", "imperial"}});
    EXPECT_EQ(again.result["level"], 55);
    EXPECT_TRUE(again.result["crisis"].get<bool>());
}

}  // namespace
}  // namespace fortuna
