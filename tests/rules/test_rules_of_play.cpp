// SPDX-License-Identifier: MIT
// The rules of play enforced (docs/rules/enforcement.md): each refusal cites its seed section; the umpire overrules with a reason.
#include <gtest/gtest.h>

#include "fortuna/land/actions.hpp"
#include "fortuna/land/save.hpp"
#include "test_game_support.hpp"

namespace fortuna {
namespace {

using testing::to_phase;

using testing::library;
using testing::skirmish;
using testing::refusal;


// F-I1 (France line infantry, 5 bases in line at (600, 950) facing the top edge: its front at
// y 942.5) and I-I1 put 5 mm in front of it: within the 50 mm infantry range (seed 000, 8.1.1).
void face_to_face(Game& game) {
    game.apply({{"do", "set"}, {"unit", "I-I1"}, {"to", {600, 930}}, {"reason", "test: close the lines"}});
}

TEST(RulesOfPlay, AnActionOutOfItsPhaseIsRefusedCitingTheSequence) {
    Game game(library(), skirmish(), 1);
    face_to_face(game);
    const std::string words = refusal(game, {{"do", "combat"}, {"attacker", "F-I1"}, {"defender", "I-I1"}});
    EXPECT_NE(words.find("'combat' belongs to phase d) Combat; it is phase a)"), std::string::npos) << words;
    EXPECT_NE(words.find("seed 000, 4"), std::string::npos) << words;
    EXPECT_EQ(game.history().size(), 1u);  // the set only
}

TEST(RulesOfPlay, TheUmpireOverrulesWithAReasonAndTheJournalKeepsIt) {
    Game game(library(), skirmish(), 1);
    face_to_face(game);
    const AppliedAction& done = game.apply(
        {{"do", "combat"}, {"attacker", "F-I1"}, {"defender", "I-I1"}, {"roll", 4}, {"override", "we forgot it in phase d"}});
    ASSERT_EQ(done.overruled.size(), 1u);
    EXPECT_NE(done.overruled[0].find("overruled by the umpire: we forgot it in phase d"), std::string::npos);
    EXPECT_EQ(done.explanation.front().rfind("OVERRULED: 'combat' belongs to phase d)", 0), 0u) << done.explanation.front();
    const nlohmann::json& line = game.journal().back();
    EXPECT_EQ(line["input"]["override"], "we forgot it in phase d");
    EXPECT_EQ(line["overruled"].size(), 1u);
    EXPECT_EQ(line["rules"], kRulesVersion);
    // Replayed, the overruled action stands as it was applied, reason and all.
    const Game replayed = Game::replay(library(), skirmish(), 1, game.journal());
    EXPECT_EQ(replayed.state(), game.state());
    EXPECT_EQ(replayed.history().back().overruled, done.overruled);
}

TEST(RulesOfPlay, CombatNeedsTheInfantryRangeOrContact) {
    // seed 000, 8.1.1: infantry attacks within 0-50 mm. I-I1 stands about 600 mm away.
    Game game(library(), skirmish(), 1);
    to_phase(game, "d");
    const std::string words = refusal(game, {{"do", "combat"}, {"attacker", "F-I1"}, {"defender", "I-I1"}});
    EXPECT_NE(words.find("seed 000, 8.1.1"), std::string::npos) << words;
    EXPECT_NE(words.find("mm from I-I1"), std::string::npos) << words;
}

TEST(RulesOfPlay, APairFightsOnceACombatPhaseAndTheChargeBonusNeedsAChargeMove) {
    Game game(library(), skirmish(), 1);
    face_to_face(game);
    to_phase(game, "d");
    // seed 000, 7.2.6 and 8.3.3: F-I1 has made no charge move this turn.
    const std::string charge = refusal(game, {{"do", "combat"}, {"attacker", "F-I1"}, {"defender", "I-I1"}, {"charge", true}});
    EXPECT_NE(charge.find("no charge move this turn"), std::string::npos) << charge;
    EXPECT_NE(charge.find("7.2.6"), std::string::npos) << charge;
    game.apply({{"do", "combat"}, {"attacker", "F-I1"}, {"defender", "I-I1"}, {"roll", 3}});
    const std::string again = refusal(game, {{"do", "combat"}, {"attacker", "F-I1"}, {"defender", "I-I1"}, {"roll", 6}});
    EXPECT_NE(again.find("has already attacked I-I1 this combat phase (#"), std::string::npos) << again;
    // Undone, the combat is out of the history: the pair may fight (and gets the kept roll).
    game.undo();
    EXPECT_EQ(refusal(game, {{"do", "combat"}, {"attacker", "F-I1"}, {"defender", "I-I1"}, {"roll", 3}}), "applied");
}

TEST(RulesOfPlay, ABatteryFiresOnceATurnAndDoesNotLimberAfterFiring) {
    Game game(library(), skirmish(), 1);
    face_to_face(game);
    to_phase(game, "b");
    // F-A1 at (730, 900) sees I-I1 at (600, 930) 70 mm away (measured); field artillery, a 6 at 60-120 mm.
    ASSERT_EQ(refusal(game, {{"do", "artillery"}, {"battery", "F-A1"}, {"target", "I-I1"}, {"roll", 6}}), "applied");
    const std::string twice = refusal(game, {{"do", "artillery"}, {"battery", "F-A1"}, {"target", "I-I1"}, {"roll", 6}});
    EXPECT_NE(twice.find("has already fired this turn (seed 000, 6"), std::string::npos) << twice;
    to_phase(game, "c");
    const std::string limber = refusal(game, {{"do", "formation"}, {"unit", "F-A1"}, {"guns", "limbered"}});
    EXPECT_NE(limber.find("fired this turn and may not limber up (seed 000, 6"), std::string::npos) << limber;
}

TEST(RulesOfPlay, AMoveUsesItsShareOfTheTurnsAllowance) {
    // France line infantry: 50 mm a turn in line (seed 002, Table 1). 30 mm is 60 % of it; a
    // second 30 mm would make 120 %.
    Game game(library(), skirmish(), 1);
    to_phase(game, "c");
    const AppliedAction& first = game.apply({{"do", "move"}, {"unit", "F-I1"}, {"to", {600, 980}}});
    EXPECT_NEAR(first.result["move_spent"].get<double>(), 0.6, 1e-9);
    const std::string second = refusal(game, {{"do", "move"}, {"unit", "F-I1"}, {"to", {600, 1010}}});
    EXPECT_NE(second.find("F-I1 has used 60% of its move this turn"), std::string::npos) << second;
    EXPECT_NE(second.find("seed 000, 7.2"), std::string::npos) << second;
    // Undoing the first move gives its allowance back.
    game.undo();
    EXPECT_EQ(refusal(game, {{"do", "move"}, {"unit", "F-I1"}, {"to", {600, 990}}}), "applied");
}

TEST(RulesOfPlay, APhaseIsNotLeftWithOpenDutiesWithoutAReason) {
    Game game(library(), skirmish(), 1);
    game.apply({{"do", "set"}, {"unit", "F-I2"}, {"state", "disrupted"}});
    const std::string words = refusal(game, {{"do", "end-phase"}});
    EXPECT_NE(words.find("has 1 open duty: Rally F-I2"), std::string::npos) << words;
    const AppliedAction& ended = game.apply({{"do", "end-phase"}, {"override", "F-I2 stays disrupted to hold the farm"}});
    EXPECT_EQ(ended.overruled.size(), 1u);
    EXPECT_EQ(game.phase().id, "b");
}

TEST(RulesOfPlay, OnlyThePhasingArmyRallies) {
    // seed 000, 5: "Only the army in the active, attacking stage of each turn can rally troops."
    Game game(library(), skirmish(), 1);  // the French are first
    game.apply({{"do", "set"}, {"unit", "I-I2"}, {"state", "disrupted"}});
    const std::string words = refusal(game, {{"do", "rally"}, {"unit", "I-I2"}, {"roll", 6}});
    EXPECT_NE(words.find("I-I2 rallies in French's half of the turn (seed 000, 5"), std::string::npos) << words;
}

TEST(RulesOfPlay, AFamilySwitchedOffAdvisesAndTheSwitchIsJournaled) {
    Game game(library(), skirmish(), 1);
    game.apply({{"do", "enforce"}, {"family", "sequence"}, {"on", false}});
    EXPECT_FALSE(game.state().enforcement.sequence);
    EXPECT_TRUE(game.state().enforcement.movement);
    face_to_face(game);
    const AppliedAction& combat = game.apply({{"do", "combat"}, {"attacker", "F-I1"}, {"defender", "I-I1"}, {"roll", 4}});
    EXPECT_EQ(combat.explanation.front().rfind("note: 'combat' belongs to phase d) Combat", 0), 0u);
    game.undo();
    game.undo();
    game.undo();  // the switch itself is undone like any action
    EXPECT_TRUE(game.state().enforcement.sequence);
    EXPECT_NE(refusal(game, {{"do", "enforce"}, {"family", "weather"}, {"on", false}}).find("movement, combat, fire, sequence or all"),
              std::string::npos);
}

TEST(RulesOfPlay, AGameStartedAdvisoryIsSavedAndLoadedSo) {
    testing::TemporaryFolder folder("rules-of-play");
    Game game(library(), skirmish(), 5, testing::kAdvisory);
    game.apply({{"do", "combat"}, {"attacker", "F-I1"}, {"defender", "I-I1"}, {"roll", 2}});  // far apart, phase a
    save_game(game, folder.path() / "advisory.fortuna");
    const Game loaded = load_game(library(), folder.path() / "advisory.fortuna");
    EXPECT_EQ(loaded.state(), game.state());
    EXPECT_FALSE(loaded.state().enforcement.combat);
}

TEST(RulesOfPlay, ACorrectionBeyondThePossibleNeedsAReason) {
    Game game(library(), skirmish(), 1);
    const std::string words = refusal(game, {{"do", "set"}, {"unit", "F-I1"}, {"bases", 99}});
    EXPECT_NE(words.find("F-I1 began the battle with 5 bases; 99 is more than it ever had"), std::string::npos) << words;
    EXPECT_EQ(refusal(game, {{"do", "set"}, {"unit", "F-I1"}, {"bases", 99}, {"override", "reinforced from the depot"}}),
              "applied");
}

// The same rules in a random-number rule set (the Age of Glaube): White Mountain.
TEST(RulesOfPlay, WhiteMountainRefusesAFightBetweenUnitsAKilometreApart) {
    static const RulesLibrary wm = RulesLibrary::load(FORTUNA_TEST_DATA_DIR);
    Game game(wm, load_scenario(wm, "white-mountain-1620"), 1620);
    to_phase(game, "d");
    const std::string words = refusal(game, {{"do", "combat"}, {"attacker", "CL-T1"}, {"defender", "B-L2"}});
    EXPECT_NE(words.find("mm from B-L2: seed 000, 8.1.1"), std::string::npos) << words;
}

}  // namespace
}  // namespace fortuna
