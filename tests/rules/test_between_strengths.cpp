// SPDX-License-Identifier: MIT
// Strengths Table 5 does not print (errata E3, issue 32, 4): the default reading (next lower) shorts
// whichever side is unprinted; the house option "ratio" reads the table's own rule on the real
// strengths, fair to both (docs/rules/errata.md, E3).
#include <gtest/gtest.h>

#include "fortuna/land/ruleset.hpp"
#include "test_game_support.hpp"

namespace fortuna::between_strengths_test {

OddsTable odds_read(const std::string& reading) {
    OddsTable odds = testing::gloire_dice().odds;
    odds.between_strengths = reading;
    return odds;
}

TEST(BetweenStrengths, NextLowerShortsWhicheverSideIsNotPrinted) {
    // 30 is not printed (28 and 32 are): six bases of 5.
    const OddsTable table = odds_read("next-lower");
    EXPECT_EQ(table.lookup(30, 10).odds.text(), "2:1");  // the attacker read as 28: 3:1 lost
    EXPECT_EQ(table.lookup(10, 30).odds.text(), "1:2");  // the defender read as 28: the attacker gains
}

TEST(BetweenStrengths, TheRatioReadingIsTheTablesOwnRuleForBothSides) {
    const OddsTable table = odds_read("ratio");
    EXPECT_EQ(table.lookup(30, 10).odds.text(), "3:1");
    EXPECT_EQ(table.lookup(10, 30).odds.text(), "1:3");
    EXPECT_EQ(table.lookup(27, 27).odds.text(), "1:1");
    EXPECT_EQ(table.lookup(60, 5).odds.text(), "7:1");  // at most 7 (errata E1)
    EXPECT_NE(table.lookup(30, 10).note.find("errata E1 and E3"), std::string::npos);
    // Printed strengths read the printed cell, whatever the reading.
    const OddsTable printed = odds_read("next-lower");
    for (const int a : {1, 5, 10, 20, 35})
        for (const int d : {1, 5, 10, 20, 35}) EXPECT_EQ(table.lookup(a, d).odds.text(), printed.lookup(a, d).odds.text()) << a << " against " << d;
}

TEST(BetweenStrengths, TheRuleSetChoosesTheReadingAndRefusesAnUnknownOne) {
    EXPECT_EQ(testing::gloire_dice().odds.between_strengths, "next-lower");
    nlohmann::json document = nlohmann::json::parse(testing::read_text(testing::kData / "tables" / "gloire-dice.json"));
    document["odds"]["between_strengths"] = "ratio";
    EXPECT_EQ(RuleSet::from_json(document, "gloire-dice.json").odds.between_strengths, "ratio");
    document["odds"]["between_strengths"] = "halfway";
    EXPECT_THROW((void)RuleSet::from_json(document, "gloire-dice.json"), DataError);
}

}  // namespace fortuna::between_strengths_test
