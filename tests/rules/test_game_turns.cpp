// SPDX-License-Identifier: MIT
// The turn sequence, the clock, and actions as an umpire would check them by hand.
#include <gtest/gtest.h>

#include "fortuna/core/errors.hpp"
#include "test_game_support.hpp"

namespace fortuna {
namespace {

using testing::library;
using testing::skirmish;

void end_phases(Game& game, int n) {
    for (int i = 0; i < n; ++i) game.apply({{"do", "end-phase"}});
}

TEST(GameTurns, TurnTwelveOfAGameStartingAtQuarterPastTwelveReadsTenPastOne) {
    Game game(library(), skirmish(), 1, testing::kAdvisory);
    EXPECT_EQ(game.clock_text(), "12:15");
    end_phases(game, 11 * 10);  // 5 phases x 2 halves a turn
    EXPECT_EQ(game.clock().turn, 12);
    EXPECT_EQ(game.clock_text(), "13:10");
}

TEST(GameTurns, PhasesAThroughEForTheFirstPlayerThenTheSecond) {
    Game game(library(), skirmish(), 1, testing::kAdvisory);
    std::string sequence;
    for (int i = 0; i < 11; ++i) {
        sequence += game.scenario().sides[static_cast<std::size_t>(game.phasing_side())].id.substr(0, 1) + game.phase().id + " ";
        game.apply({{"do", "end-phase"}});
    }
    EXPECT_EQ(sequence, "fa fb fc fd fe ia ib ic id ie fa ");
    EXPECT_EQ(game.clock().turn, 2);
    EXPECT_EQ(game.clock_text(), "12:20");
    EXPECT_EQ(game.phase().name, "Artillery fire");
}

TEST(GameTurns, ReinforcementsWaitForTheirTimeAndRaiseTheThresholds) {
    Game game(library(), skirmish(), 1, testing::kAdvisory);
    // Early, an advisory game applies them with the rule's advice (issue 32: every rule advises when
    // its family is off); the enforced game refuses them (tests/rules/test_refusals.cpp).
    const AppliedAction& early = game.apply({{"do", "reinforcements"}, {"id", "dragoons-lobkowitz"}});
    EXPECT_NE(nlohmann::json(early.explanation).dump().find("advice only (sequence family off): Dragoner Lobkowitz arrives at 12:45"),
              std::string::npos)
        << nlohmann::json(early.explanation).dump();
    game.undo();
    const int before = game.tally(1).thresholds.front().bases;
    end_phases(game, 6 * 10);  // turn 7 = 12:45
    ASSERT_EQ(game.clock_text(), "12:45");
    game.apply({{"do", "reinforcements"}, {"id", "dragoons-lobkowitz"}});
    EXPECT_EQ(game.tally(1).bases_start, 17);
    EXPECT_EQ(game.unit("I-D1").now.presence, Presence::OnBoard);
    EXPECT_GE(game.tally(1).thresholds.front().bases, before);
    EXPECT_THROW(game.apply({{"do", "reinforcements"}, {"id", "dragoons-lobkowitz"}}), RuleError);
}

TEST(GameTurns, CavalryChargesOnceEveryThreeTurns) {
    Game game(library(), skirmish(), 1, testing::kAdvisory);
    game.apply({{"do", "charge"}, {"unit", "F-C1"}, {"to", {{"x_mm", 1050}, {"y_mm", 900}}}});
    EXPECT_EQ(game.unit("F-C1").now.last_charge_turn, 1);
    end_phases(game, 10);
    // An advisory game applies a second charge with the lockout's advice; an enforced one refuses it
    // unless the umpire overrules (tests/rules/test_refusals.cpp).
    const AppliedAction& again = game.apply({{"do", "charge"}, {"unit", "F-C1"}});
    EXPECT_NE(nlohmann::json(again.explanation).dump().find("may charge again on turn 4"), std::string::npos)
        << nlohmann::json(again.explanation).dump();
    game.undo();
    Game enforced(library(), skirmish(), 1);
    enforced.apply({{"do", "set"}, {"unit", "F-C1"}, {"last_charge_turn", 1}, {"reason", "test: charged this turn"}});
    while (enforced.phase().id != "c") enforced.apply({{"do", "end-phase"}});
    EXPECT_NE(testing::refusal(enforced, {{"do", "charge"}, {"unit", "F-C1"}}).find("may charge again on turn 4 (once every 3 turns in"),
              std::string::npos);
    end_phases(game, 20);
    EXPECT_NO_THROW(game.apply({{"do", "charge"}, {"unit", "F-C1"}}));
}

TEST(GameTurns, CombatAppliesTheCrtAndCountsCasualtiesInBases) {
    Game game(library(), skirmish(), 1, testing::kAdvisory);
    // On open ground, F-I1 and F-I2 behind it both before I-I1's front: the board shows no modifier
    // (rules 5 measures it; I-I1's place on the Galgenberg would give it the higher ground).
    game.apply({{"do", "set"}, {"unit", "I-I1"}, {"to", {600, 930}}, {"reason", "test: open ground"}});
    game.apply({{"do", "set"}, {"unit", "F-I2"}, {"to", {600, 975}}, {"reason", "test: behind F-I1"}});
    // 5 French line (2) against 5 Imperial line (2): 10 against 10, 1:1. A 6 is Dd.
    game.apply({{"do", "combat"}, {"attacker", "F-I1"}, {"defender", "I-I1"}, {"roll", 6}});
    EXPECT_EQ(game.unit("I-I1").now.state, UnitState::Disrupted);
    EXPECT_EQ(game.history().back().result["result"], "Dd");
    // The defender, now disrupted, meets a second Dd: it loses a base and routs (Table 6).
    game.apply({{"do", "combat"}, {"attacker", "F-I2"}, {"defender", "I-I1"}, {"roll", 6}});
    EXPECT_EQ(game.unit("I-I1").now.bases, 4);
    EXPECT_EQ(game.unit("I-I1").now.state, UnitState::Routing);
    EXPECT_EQ(game.tally(1).bases_lost, 1);
    EXPECT_EQ(game.history().back().rolls.at(0).roll.source, RollSource::Entered);
}

// Errata E19: a routing unit that leaves the table is lost with all its bases; a unit that
// walks off in good order is not a casualty.
TEST(GameTurns, AUnitRoutedOffTheBoardCountsAsLost) {
    Game game(library(), skirmish(), 1, testing::kAdvisory);
    game.apply({{"do", "set"}, {"unit", "I-I1"}, {"bases", 4}, {"state", "routing"}, {"reason", "test"}});
    EXPECT_EQ(game.tally(1).bases_lost, 1);
    game.apply({{"do", "rout"}, {"unit", "I-I1"}, {"off_board", true}});
    EXPECT_EQ(game.tally(1).bases_lost, 5);  // the whole battalion of 5
    game.apply({{"do", "move"}, {"unit", "F-I1"}, {"off_board", true}});
    EXPECT_EQ(game.tally(0).bases_lost, 0);
}

TEST(GameTurns, CrisisOfMoraleIsTestedOnceAThreshold) {
    Game game(library(), skirmish(), 1, testing::kAdvisory);
    // 14 bases: 15 % is reached at 3 bases lost (2.1 rounded up) by the rule set's rounding.
    game.apply({{"do", "set"}, {"unit", "F-I1"}, {"bases", 2}, {"reason", "test"}});
    ASSERT_TRUE(game.tally(0).crisis_due);
    const auto& test = game.apply({{"do", "crisis"}, {"side", "french"}, {"roll", 6}});
    EXPECT_FALSE(test.result["crisis"].get<bool>());
    EXPECT_FALSE(game.tally(0).crisis_due);
    EXPECT_THROW(game.apply({{"do", "crisis"}, {"side", "french"}}), RuleError);  // crossed once only
}

TEST(GameTurns, ACrisisDisruptsTheOrderedAndRoutsTheDisrupted) {
    Game game(library(), skirmish(), 1, testing::kAdvisory);
    game.apply({{"do", "set"}, {"unit", "I-I1"}, {"bases", 1}, {"state", "disrupted"}});
    game.apply({{"do", "set"}, {"unit", "I-I2"}, {"bases", 2}});  // 7 of 14 lost: 50 %, immediate
    const auto& test = game.apply({{"do", "crisis"}, {"side", "imperial"}});
    EXPECT_TRUE(test.rolls.empty());
    EXPECT_TRUE(test.result["crisis"].get<bool>());
    EXPECT_EQ(game.unit("I-I1").now.state, UnitState::Routing);
    EXPECT_EQ(game.unit("I-I2").now.state, UnitState::Disrupted);
    EXPECT_EQ(game.unit("I-D1").now.state, UnitState::Normal);  // not yet on the table
}

TEST(GameTurns, MessengersRideTwoHundredMillimetresATurn) {
    Game game(library(), skirmish(), 1, testing::kAdvisory);
    const auto& order = game.apply({{"do", "order"}, {"general", "F-G1"}, {"to", "F-C1"}, {"order", "charge the guns"}, {"distance_mm", 350}});
    EXPECT_EQ(order.result["arrives_turn"], 3);
    const AppliedAction& early = game.apply({{"do", "deliver"}, {"messenger", 1}, {"roll", 6}});  // advisory: applied with advice
    EXPECT_NE(nlohmann::json(early.explanation).dump().find("arrives on turn 3"), std::string::npos);
    game.undo();
    end_phases(game, 20);
    game.apply({{"do", "deliver"}, {"messenger", 1}, {"roll", 1}});
    EXPECT_EQ(game.state().messengers[0].status, MessengerStatus::NotUnderstood);
}

TEST(GameTurns, DragoonsDismountToTheArmysDismountedType) {
    Game game(library(), skirmish(), 1, testing::kAdvisory);
    game.apply({{"do", "set"}, {"unit", "I-D1"}, {"presence", "on-board"}});
    EXPECT_EQ(game.unit("I-D1").type().id, "dragoons-mounted");
    game.apply({{"do", "formation"}, {"unit", "I-D1"}, {"mount", false}});
    EXPECT_EQ(game.unit("I-D1").type().id, "dragoons-dismounted");
    EXPECT_EQ(game.unit("I-D1").arm(), Arm::Infantry);
    EXPECT_THROW(game.apply({{"do", "formation"}, {"unit", "F-I1"}, {"mount", true}}), RuleError);
}

TEST(GameTurns, GunsLimberAndOnlyUnlimberedOrderedGunsFire) {
    Game game(library(), skirmish(), 1, testing::kAdvisory);
    game.apply({{"do", "formation"}, {"unit", "F-A1"}, {"guns", "limbered"}});
    const AppliedAction& limbered = game.apply({{"do", "artillery"}, {"battery", "F-A1"}, {"target", "I-I2"}, {"range_mm", 100}});
    EXPECT_NE(nlohmann::json(limbered.explanation).dump().find("F-A1 cannot fire: its guns are limbered"), std::string::npos);
    game.undo();
    game.apply({{"do", "formation"}, {"unit", "F-A1"}, {"guns", "unlimbered"}});
    // Field artillery at 0-60 mm, a 5: Dr (Table 3).
    const auto& fire = game.apply({{"do", "artillery"}, {"battery", "F-A1"}, {"target", "I-I2"}, {"range_mm", 50}, {"roll", 5}});
    EXPECT_EQ(fire.result["result"], "Dr");
    EXPECT_EQ(game.unit("I-I2").now.bases, 4);
}

TEST(GameTurns, BadActionsAreRefusedWithWhatWasExpectedAndChangeNothing) {
    Game game(library(), skirmish(), 1, testing::kAdvisory);
    const GameState before = game.state();
    const auto draws = game.dice().draws();
    const auto refused = [&](const nlohmann::json& action, const std::string& words) {
        try {
            game.apply(action);
            ADD_FAILURE() << action.dump() << " was accepted";
        } catch (const RuleError& error) {
            EXPECT_NE(std::string(error.what()).find(words), std::string::npos) << error.what();
        }
    };
    refused({{"do", "fight"}}, "expected one of combat");
    refused({{"do", "combat"}, {"attacker", "F-I1"}}, "'combat' needs 'defender'");
    refused({{"do", "combat"}, {"attacker", "F-I1"}, {"defender", "X-9"}}, "no unit 'X-9'");
    refused({{"do", "combat"}, {"attacker", "F-I1"}, {"defender", "I-I1"}, {"roll", 7}}, "1");
    refused({{"do", "combat"}, {"attacker", "F-I1"}, {"defender", "I-I1"}, {"atacker", "F-I2"}}, "does not take 'atacker'");
    refused({{"do", "formation"}, {"unit", "F-A1"}, {"to", "square"}}, "a battery forms no square");
    EXPECT_EQ(game.state(), before);
    EXPECT_EQ(game.dice().draws(), draws);
    EXPECT_TRUE(game.journal().empty());
}

}  // namespace
}  // namespace fortuna
