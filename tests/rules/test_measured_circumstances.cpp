// SPDX-License-Identifier: MIT
// Rules 5 (issue 32): a combat's circumstances and a battery's range are measured on the board for
// every caller; a claim the board does not bear out is refused, citing its seed section, unless the
// umpire overrules it; a charge earns its bonus only with the charge distance (docs/rules/enforcement.md).
#include <gtest/gtest.h>

#include <optional>
#include <string>
#include <vector>

#include "fortuna/land/game.hpp"
#include "fortuna/land/geometry.hpp"
#include "fortuna/land/scenario.hpp"
#include "test_game_support.hpp"

namespace fortuna {
namespace {

using testing::to_phase;

using testing::library;
using testing::refusal;
using testing::skirmish;

const Scenario& white_mountain_scenario() {
    static const Scenario loaded = load_scenario(library(), "white-mountain-1620");
    return loaded;
}


void place_unit(Game& game, const std::string& unit, double x, double y) {
    game.apply({{"do", "set"}, {"unit", unit}, {"to", {x, y}}, {"reason", "test: placed"}});
}

bool says(const AppliedAction& done, const std::string& words) {
    for (const std::string& line : done.explanation)
        if (line.find(words) != std::string::npos) return true;
    return false;
}

std::string all_of(const AppliedAction& done) {
    std::string text;
    for (const std::string& line : done.explanation) text += line + "\n";
    return text;
}

// White Mountain: CL-C1 (Catholic cuirassiers, 3 bases, 40 mm deep) placed touching the front of
// B-I2 (Bohemian foot, six bases in line at (440, 362) facing the Catholic edge; front at y 369.5).
Game cuirassiers_at_the_front() {
    Game game(library(), white_mountain_scenario(), 1620);
    place_unit(game, "CL-C1", 440, 389.5);
    to_phase(game, "d");
    return game;
}

TEST(MeasuredCircumstances, ALoneRegimentClaimingTheRearAndThreeArmsIsRefusedWithWhatTheBoardShows) {
    Game game = cuirassiers_at_the_front();
    const std::string words =
        refusal(game, {{"do", "combat"}, {"attacker", "CL-C1"}, {"defender", "B-I2"}, {"rear", true}, {"arms", 3}, {"roll", 0.5}});
    EXPECT_NE(words.find("the action claims rear, the board shows: front"), std::string::npos) << words;
    EXPECT_NE(words.find("seed 000, 8.4"), std::string::npos) << words;
    const std::string arms = refusal(game, {{"do", "combat"}, {"attacker", "CL-C1"}, {"defender", "B-I2"}, {"arms", 3}, {"roll", 0.5}});
    EXPECT_NE(arms.find("the action claims 3 arms, the board shows: 1 arm"), std::string::npos) << arms;
    // The honest combat: measured, not believed.
    const AppliedAction& honest = game.apply({{"do", "combat"}, {"attacker", "CL-C1"}, {"defender", "B-I2"}, {"roll", 0.5}});
    EXPECT_TRUE(says(honest, "measured on the board: front, 1 arm, no charge")) << all_of(honest);
    EXPECT_EQ(honest.result["column"], "1-1") << honest.result.dump();
}

TEST(MeasuredCircumstances, TheUmpireOverrulesAClaimAndTheJournalSaysWhatWasClaimedAndMeasured) {
    Game game = cuirassiers_at_the_front();
    const AppliedAction& done = game.apply({{"do", "combat"},
                                            {"attacker", "CL-C1"},
                                            {"defender", "B-I2"},
                                            {"rear", true},
                                            {"arms", 3},
                                            {"roll", 0.5},
                                            {"override", "a Catholic battery and foot the table does not show"}});
    EXPECT_TRUE(says(done, "claimed by the umpire: rear (the board shows: front)")) << all_of(done);
    EXPECT_TRUE(says(done, "claimed by the umpire: 3 arms (the board shows: 1 arm)")) << all_of(done);
    ASSERT_EQ(done.overruled.size(), 2u);
    EXPECT_EQ(done.result["column"], "5-1") << done.result.dump();  // 1-1, two for the rear, two for three arms
    const nlohmann::json line = game.journal().back();
    EXPECT_EQ(line["rules"], kRulesVersion);
    EXPECT_EQ(line["overruled"].size(), 2u);
    // Replayed, the line is judged and overruled the same way.
    const Game replayed = Game::replay(library(), white_mountain_scenario(), 1620, game.journal());
    EXPECT_EQ(replayed.state(), game.state());
    EXPECT_EQ(replayed.history().back().explanation, done.explanation);
}

TEST(MeasuredCircumstances, AFlankAttackIsMeasuredWhenTheActionDoesNotSayIt) {
    Game game(library(), white_mountain_scenario(), 1620);
    place_unit(game, "CL-C1", 520, 362);  // beside B-I2's left end (x 500): touching its flank
    to_phase(game, "d");
    const AppliedAction& done = game.apply({{"do", "combat"}, {"attacker", "CL-C1"}, {"defender", "B-I2"}, {"roll", 0.5}});
    EXPECT_TRUE(says(done, "measured on the board: flank")) << all_of(done);
    EXPECT_EQ(done.result["column"], "2-1") << done.result.dump();
    const std::string front =
        refusal(game, {{"do", "combat"}, {"attacker", "CL-C1"}, {"defender", "B-I2"}, {"flank", false}, {"roll", 0.5}});
    EXPECT_NE(front.find("already attacked"), std::string::npos) << front;  // once a phase; the claim is judged on a new pair
}

TEST(MeasuredCircumstances, ATercioAttackingUphillHasTheTerrainAgainstItWithoutAsking) {
    // CL-T1 on the slopes (1 layer) 30 mm below B-I2 on the plateau (2 layers): the defender holds the
    // higher ground (seed 000, 8.3.1), -0.100 on the attacker's number.
    Game game(library(), white_mountain_scenario(), 1620);
    place_unit(game, "CL-T1", 440, 422);
    to_phase(game, "d");
    const std::string none =
        refusal(game, {{"do", "combat"}, {"attacker", "CL-T1"}, {"defender", "B-I2"}, {"terrain", "none"}, {"roll", 0.5}});
    EXPECT_NE(none.find("the action claims no terrain advantage, the board shows: terrain advantage to the defender"), std::string::npos)
        << none;
    EXPECT_NE(none.find("seed 000, 8.3.1"), std::string::npos) << none;
    const AppliedAction& done = game.apply({{"do", "combat"}, {"attacker", "CL-T1"}, {"defender", "B-I2"}, {"roll", 0.5}});
    EXPECT_TRUE(says(done, "terrain advantage to the defender")) << all_of(done);
    EXPECT_TRUE(says(done, "defender uphill (2 layers against 1")) << all_of(done);
    EXPECT_EQ(done.result["modified_roll"], 400) << done.result.dump();
}

TEST(MeasuredCircumstances, CombinedArmsCountTheSupportsNamedThatReachTheDefender) {
    // CL-T1 30 mm below B-I2, CL-C1 touching B-I2's left front corner, CL-C2 far away (the
    // geometry test's ProposalFromTheBoard): two arms when CL-C1 is named, one when it is not.
    Game game(library(), white_mountain_scenario(), 1620);
    place_unit(game, "CL-T1", 440, 422);
    place_unit(game, "CL-C1", 335, 389.5);
    place_unit(game, "CL-C2", 440, 600);
    to_phase(game, "d");
    const std::string alone =
        refusal(game, {{"do", "combat"}, {"attacker", "CL-T1"}, {"defender", "B-I2"}, {"arms", 2}, {"roll", 0.5}});
    EXPECT_NE(alone.find("the action claims 2 arms, the board shows: 1 arm"), std::string::npos) << alone;
    const std::string far = refusal(
        game, {{"do", "combat"}, {"attacker", "CL-T1"}, {"defender", "B-I2"}, {"arms", 2}, {"supports", {"CL-C2"}}, {"roll", 0.5}});
    EXPECT_NE(far.find("the board shows: 1 arm"), std::string::npos) << far;
    const AppliedAction& done = game.apply(
        {{"do", "combat"}, {"attacker", "CL-T1"}, {"defender", "B-I2"}, {"arms", 2}, {"supports", {"CL-C1", "CL-C2"}}, {"roll", 0.5}});
    EXPECT_TRUE(says(done, "2 arms attack together (seed 000, 8.4)")) << all_of(done);
    EXPECT_TRUE(says(done, "CL-C2 is")) << all_of(done);  // named, but beyond reach: not counted
    EXPECT_EQ(game.journal().back()["input"]["supports"], nlohmann::json({"CL-C1", "CL-C2"}));
}

TEST(MeasuredCircumstances, AnObstacleBetweenThemIsMeasuredAndItsDenialRefused) {
    // CL-T2 before the Centre redan, 48.5 mm from the battery B-A1 behind it (errata E9).
    Game game(library(), white_mountain_scenario(), 1620);
    place_unit(game, "CL-T2", 700, 468);
    to_phase(game, "d");
    const std::string denied =
        refusal(game, {{"do", "combat"}, {"attacker", "CL-T2"}, {"defender", "B-A1"}, {"obstacle", false}, {"roll", 0.5}});
    EXPECT_NE(denied.find("the action claims no obstacle, the board shows: an obstacle"), std::string::npos) << denied;
    EXPECT_NE(denied.find("errata E9"), std::string::npos) << denied;
    const AppliedAction& done = game.apply({{"do", "combat"}, {"attacker", "CL-T2"}, {"defender", "B-A1"}, {"roll", 0.5}});
    EXPECT_TRUE(says(done, "defender behind Centre redan")) << all_of(done);
}

TEST(MeasuredCircumstances, ABatterysRangeIsTheBoardsAndAClaimedRangeMustAgree) {
    // CL-A2 (a foot battery at (680, 640)) and B-I2: 307 mm between the guns and the nearest base.
    Game game(library(), white_mountain_scenario(), 1620);
    to_phase(game, "b");
    const std::string near =
        refusal(game, {{"do", "artillery"}, {"battery", "CL-A2"}, {"target", "B-I2"}, {"range_mm", 10}, {"roll", 0.9}});
    EXPECT_NE(near.find("the action claims a range of 10 mm, the 0-60 band, the board shows: 307 mm, the 180-500 band"), std::string::npos)
        << near;
    EXPECT_NE(near.find("errata E20"), std::string::npos) << near;
    // Faked as the game's own measure, it is refused the same.
    EXPECT_NE(refusal(game, {{"do", "artillery"}, {"battery", "CL-A2"}, {"target", "B-I2"}, {"range_mm", 10}, {"range_measured", true}})
                  .find("the board shows: 307 mm"),
              std::string::npos);
    // Within 2 mm the claim agrees, and the board's range is the one read.
    const AppliedAction& fire =
        game.apply({{"do", "artillery"}, {"battery", "CL-A2"}, {"target", "B-I2"}, {"range_mm", 306}, {"roll", 0.9}});
    EXPECT_TRUE(says(fire, "agrees with the board's within 2 mm")) << all_of(fire);
    EXPECT_EQ(fire.result["band"], "180-500");
    game.undo();
    const AppliedAction& claimed = game.apply({{"do", "artillery"},
                                               {"battery", "CL-A2"},
                                               {"target", "B-I2"},
                                               {"range_mm", 10},
                                               {"roll", 0.9},
                                               {"override", "the target stands closer than its base shows"}});
    EXPECT_TRUE(says(claimed, "claimed by the umpire: a range of 10 mm, the 0-60 band (the board shows: 307 mm, the 180-500 band)"))
        << all_of(claimed);
    EXPECT_EQ(claimed.result["band"], "0-60");
    const Game replayed = Game::replay(library(), white_mountain_scenario(), 1620, game.journal());
    EXPECT_EQ(replayed.state(), game.state());
}

// The skirmish (dice edition): F-C1 (French shock cavalry, 3 bases 40 mm deep at (1050, 1000),
// front at y 980, facing the top edge) charges to `to` (or without moving) at I-C1 put facing it
// at y `enemy_y`; the game is left in phase d) Combat.
Game charged_at(double enemy_y, const std::optional<BoardPoint>& to) {
    Game game(library(), skirmish(), 1);
    game.apply({{"do", "set"}, {"unit", "I-C1"}, {"to", {1050, enemy_y}}, {"facing_deg", 180}, {"reason", "test: facing F-C1"}});
    to_phase(game, "c");
    nlohmann::json charge{{"do", "charge"}, {"unit", "F-C1"}};
    if (to) charge["to"] = {to->x_mm, to->y_mm};
    const AppliedAction& done = game.apply(charge);
    EXPECT_EQ(done.result["distance_mm"], to ? 1000 - to->y_mm : 0.0);
    to_phase(game, "d");
    return game;
}

TEST(MeasuredCircumstances, AChargeOfNoDistanceEarnsNoChargeBonus) {
    Game game = charged_at(960, std::nullopt);  // in contact already: the "charge" covers 0 mm
    const std::string words =
        refusal(game, {{"do", "combat"}, {"attacker", "F-C1"}, {"defender", "I-C1"}, {"charge", true}, {"roll", 3}});
    EXPECT_NE(words.find("F-C1 charged 0 mm this turn, less than the 20 mm a charge adds"), std::string::npos) << words;
    EXPECT_NE(words.find("seed 000, 7.2.6 and 8.3.3"), std::string::npos) << words;
    const AppliedAction& done = game.apply({{"do", "combat"}, {"attacker", "F-C1"}, {"defender", "I-C1"}, {"roll", 3}});
    EXPECT_TRUE(says(done, "no charge")) << all_of(done);
    EXPECT_EQ(done.result["modified_roll"], 3) << done.result.dump();
}

TEST(MeasuredCircumstances, AChargeIntoContactEarnsTheBonusWithoutAsking) {
    Game game = charged_at(860, BoardPoint{1050, 900});  // 100 mm, into contact
    const AppliedAction& done = game.apply({{"do", "combat"}, {"attacker", "F-C1"}, {"defender", "I-C1"}, {"roll", 3}});
    EXPECT_TRUE(says(done, "F-C1 charged 100 mm this turn")) << all_of(done);
    EXPECT_EQ(done.result["modified_roll"], 4) << done.result.dump();
}

TEST(MeasuredCircumstances, LinesOfAnEarlierRulesVersionAreReplayedAsTheyWereNotJudged) {
    // A rules 4 line believed its charge: a charge of 0 mm and then "charge": true kept the +1.
    Game game = charged_at(960, std::nullopt);
    game.apply({{"do", "combat"}, {"attacker", "F-C1"}, {"defender", "I-C1"}, {"charge", true}, {"roll", 3}, {"override", "test"}});
    std::vector<nlohmann::json> lines = game.journal();
    nlohmann::json& combat = lines.back();
    combat["rules"] = 4;
    combat["input"].erase("override");
    const Game replayed = Game::replay(library(), skirmish(), 1, lines);
    EXPECT_EQ(replayed.history().back().result["modified_roll"], 4) << replayed.history().back().result.dump();
    EXPECT_EQ(replayed.history().back().rules_version, 4);
    EXPECT_TRUE(replayed.history().back().overruled.empty());
}

}  // namespace
}  // namespace fortuna
