// SPDX-License-Identifier: MIT
// Sauve-qui-peut thresholds that change with the time of day (issue 32, 6; seed 001: "once the
// threshold of base unit losses exceed the following total percentages at the specified time on
// the battlefield"): a scenario may give them, the game's crisis check uses the period in force.
#include <gtest/gtest.h>

#include <string>

#include "fortuna/core/errors.hpp"
#include "fortuna/land/game.hpp"
#include "fortuna/land/scenario.hpp"
#include "test_game_support.hpp"

namespace fortuna::thresholds_by_time_test {

using testing::library;

// White Mountain (Age of Glaube: thresholds 15 %, 20 %, ... of seed 000, 3.2 and 9.1) with the
// scenario's own periods: from 12:15 both sides break first at 18 %; from 12:25 the Bohemians at 10 %.
nlohmann::json timed_document() {
    nlohmann::json document = load_scenario(library(), "white-mountain-1620").document;
    document["sauve_qui_peut"] = nlohmann::json::array(
        {nlohmann::json{{"from", "12:15"}, {"percents", {18}}, {"source", "test"}},
         nlohmann::json{{"from", "12:25"}, {"side", "bohemian"}, {"percents", {10}}, {"source", "test: the Bohemian resolve wavers"}}});
    return document;
}

const Scenario& timed_scenario() {
    static const Scenario loaded = Scenario::from_json(timed_document(), "timed-white-mountain.json", library());
    return loaded;
}

// The Bohemians lose B-I1 and B-I2 (12 of 74 bases, 16.2 %).
Game bohemians_at_sixteen_percent() {
    Game game(library(), timed_scenario(), 1620);
    for (const char* unit : {"B-I1", "B-I2"}) game.apply({{"do", "set"}, {"unit", unit}, {"bases", 0}, {"reason", "test: losses"}});
    return game;
}

void to_turn(Game& game, int turn) {
    while (game.clock().turn < turn) game.apply({{"do", "end-phase"}, {"override", "test: to the hour"}});
}

TEST(ThresholdsByTime, TheScenariosPeriodsAreLoaded) {
    const Scenario& s = timed_scenario();
    ASSERT_EQ(s.sauve_qui_peut.size(), 2u);
    EXPECT_EQ(s.sauve_qui_peut[1].from, 12 * 60 + 25);
    EXPECT_EQ(s.sauve_qui_peut[1].side, "bohemian");
    EXPECT_EQ(s.sauve_qui_peut[1].percents, std::vector<int>{10});
    EXPECT_TRUE(load_scenario(library(), "white-mountain-1620").sauve_qui_peut.empty());
}

TEST(ThresholdsByTime, BeforeItsTimeAThresholdDoesNotCount) {
    Game game = bohemians_at_sixteen_percent();
    const SideTally bohemians = game.tally(1);
    EXPECT_NEAR(bohemians.percent_lost, 16.2, 0.05);
    EXPECT_EQ(bohemians.thresholds.front().percent, 18);
    EXPECT_FALSE(bohemians.crisis_due);  // 16.2 % is below 12:15's 18 %
    // The same losses under the rule set alone cross 15 %.
    Game plain(library(), load_scenario(library(), "white-mountain-1620"), 1620);
    for (const char* unit : {"B-I1", "B-I2"}) plain.apply({{"do", "set"}, {"unit", unit}, {"bases", 0}, {"reason", "test: losses"}});
    EXPECT_TRUE(plain.tally(1).crisis_due);
    while (game.phase().id != "e") game.apply({{"do", "end-phase"}, {"override", "test: to the crisis phase"}});
    const std::string words = testing::refusal(game, {{"do", "crisis"}, {"side", "bohemian"}});
    EXPECT_NE(words.find("has crossed none"), std::string::npos) << words;
}

TEST(ThresholdsByTime, FromItsTimeTheSidesOwnThresholdIsUsedAndTheTestSaysSo) {
    Game game = bohemians_at_sixteen_percent();
    to_turn(game, 3);  // 12:25
    ASSERT_EQ(game.clock_text(), "12:25");
    EXPECT_TRUE(game.tally(1).crisis_due);
    EXPECT_EQ(game.tally(1).thresholds.front().percent, 10);
    EXPECT_EQ(game.tally(0).thresholds.front().percent, 18);  // the Catholics keep the period for both
    while (game.phase().id != "e") game.apply({{"do", "end-phase"}, {"override", "test: to the crisis phase"}});
    const AppliedAction& test = game.apply({{"do", "crisis"}, {"side", "bohemian"}});
    EXPECT_EQ(test.result["level"], 10);
    bool said = false;
    for (const std::string& line : test.explanation)
        said = said || line == "the scenario's sauve-qui-peut thresholds from 12:25: 10% (test: the Bohemian resolve wavers)";
    EXPECT_TRUE(said) << nlohmann::json(test.explanation).dump();
    // Replayed from its journal, the game reaches the same state.
    EXPECT_EQ(Game::replay(library(), timed_scenario(), 1620, game.journal()).state(), game.state());
}

TEST(ThresholdsByTime, ABadPeriodIsRefusedNamingItsField) {
    const auto refused = [](const nlohmann::json& periods) -> std::string {
        nlohmann::json document = load_scenario(library(), "white-mountain-1620").document;
        document["sauve_qui_peut"] = periods;
        try {
            (void)Scenario::from_json(document, "bad.json", library());
        } catch (const DataError& error) {
            return error.where() + ": " + error.what();
        }
        return "loaded";
    };
    // Falling: 25 % then 20 %, and 25 % then the rule set's next level, 20 %.
    EXPECT_EQ(refused(nlohmann::json::array({nlohmann::json{{"from", "12:15"}, {"percents", {25, 20}}}})).rfind("/sauve_qui_peut/0/percents/1", 0), 0u);
    EXPECT_EQ(refused(nlohmann::json::array({nlohmann::json{{"from", "12:15"}, {"percents", {25}}}})).rfind("/sauve_qui_peut/0/percents/0", 0), 0u);
    EXPECT_EQ(refused(nlohmann::json::array({nlohmann::json{{"from", "09:00"}, {"percents", {10}}}})).rfind("/sauve_qui_peut/0/from", 0), 0u);
    EXPECT_EQ(refused(nlohmann::json::array({nlohmann::json{{"from", "12:30"}, {"side", "swedes"}, {"percents", {10}}}}))
                  .rfind("/sauve_qui_peut/0/side", 0),
              0u);
    EXPECT_NE(refused(nlohmann::json::array({nlohmann::json{{"from", "12:30"}, {"percents", {10}}, {"when", 1}}})), "loaded");
}

}  // namespace fortuna::thresholds_by_time_test
