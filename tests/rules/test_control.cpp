// SPDX-License-Identifier: MIT
// The control test after a close-combat rout and the pursuit it may start (seed 000, 8.7;
// seed 002, 4) Combat Phase): due only to the victor, once; below the unit's morale value it
// pursues the routers and answers no orders until it rallies (docs/rules/enforcement.md).
#include <gtest/gtest.h>

#include "fortuna/land/battlefield.hpp"
#include "fortuna/land/duties.hpp"
#include "test_game_support.hpp"

namespace fortuna {
namespace {

using testing::library;
using testing::skirmish;
using testing::refusal;

void to_phase_overruled(Game& game, const std::string& id) {
    while (game.phase().id != id) game.apply({{"do", "end-phase"}, {"override", "test: straight to the phase"}});
}

std::optional<Duty> duty(const Game& game, const std::string& id) {
    const Battlefield field(game.scenario());
    for (const Duty& d : duties(game, field))
        if (d.id == id) return d;
    return std::nullopt;
}

// The skirmish (dice): I-I1, already disrupted, put 5 mm in front of F-I1. At 1-1 a 6 is Dd,
// which on a disrupted defender removes a base and routs it (seed 002, Table 6).
Game after_a_rout() {
    Game game(library(), skirmish(), 1);
    game.apply({{"do", "set"}, {"unit", "I-I1"}, {"to", {600, 930}}, {"state", "disrupted"}, {"reason", "test: a shaken line close in front"}});
    to_phase_overruled(game, "d");
    game.apply({{"do", "combat"}, {"attacker", "F-I1"}, {"defender", "I-I1"}, {"roll", 6}});
    EXPECT_EQ(game.unit("I-I1").now.state, UnitState::Routing);
    return game;
}

TEST(ControlTest, DueOnlyToTheVictorAndOnce) {
    Game game(library(), skirmish(), 1);
    to_phase_overruled(game, "d");
    const std::string none = refusal(game, {{"do", "control"}, {"unit", "F-I1"}, {"roll", 6}});
    EXPECT_NE(none.find("routed no enemy in close combat this phase"), std::string::npos) << none;
    EXPECT_NE(none.find("seed 000, 8.7"), std::string::npos) << none;

    Game won = after_a_rout();
    const auto open = duty(won, "d/control/F-I1");
    ASSERT_TRUE(open.has_value());
    EXPECT_EQ(open->kind, DutyKind::Control);
    // France line infantry's morale value in seed 002, Table 1: 5 on a die.
    EXPECT_EQ(open->text, "Control test for F-I1 Régiment de Champagne, which routed I-I1: needs 5 or more, else it pursues");
    EXPECT_FALSE(open->done);
    nlohmann::json with_roll = open->action;
    with_roll["roll"] = 5;
    won.apply(with_roll);
    EXPECT_TRUE(duty(won, "d/control/F-I1")->done);
    EXPECT_EQ(won.unit("F-I1").now.pursuing, -1);  // a 5 meets the 5: under control
    const std::string again = refusal(won, {{"do", "control"}, {"unit", "F-I1"}, {"roll", 6}});
    EXPECT_NE(again.find("has taken its control test this phase"), std::string::npos) << again;
}

TEST(ControlTest, BelowTheMoraleValueTheVictorPursuesUntilItRallies) {
    Game game = after_a_rout();
    const AppliedAction& test = game.apply({{"do", "control"}, {"unit", "F-I1"}, {"roll", 4}});
    EXPECT_FALSE(test.result["in_control"].get<bool>());
    EXPECT_EQ(test.result["pursuing"], "I-I1");
    EXPECT_EQ(test.summary, "F-I1 Régiment de Champagne takes its control test after routing I-I1, roll 4: out of control, pursues I-I1");
    const int quarry = static_cast<int>(&game.unit("I-I1") - game.units().data());
    EXPECT_EQ(game.unit("F-I1").now.pursuing, quarry);
    const nlohmann::json snapshot = game.state_json();
    const nlohmann::json& state = snapshot["units"];
    const auto f_i1 = std::find_if(state.begin(), state.end(), [](const nlohmann::json& u) { return u["code"] == "F-I1"; });
    EXPECT_EQ((*f_i1)["pursuing"], "I-I1");

    // The French turn again (phase a): the pursuer is on the rally list, needing its morale value.
    to_phase_overruled(game, "e");
    game.apply({{"do", "end-phase"}, {"override", "test"}});
    while (game.phasing_side() != 0 || game.phase().id != "a") game.apply({{"do", "end-phase"}, {"override", "test"}});
    const auto rally = duty(game, "a/rally/F-I1");
    ASSERT_TRUE(rally.has_value());
    EXPECT_EQ(rally->text, "Rally F-I1 Régiment de Champagne (pursuing I-I1): needs 5 or more");

    // It does not answer orders: a move away from I-I1 is refused (movement, 8.7), towards it
    // applied. I-I1 (routing, its run not yet made) stands at (600, 930), F-I1 at (600, 950).
    to_phase_overruled(game, "c");
    const std::string away = refusal(game, {{"do", "move"}, {"unit", "F-I1"}, {"to", {600, 990}}});
    EXPECT_NE(away.find("pursues I-I1 and does not answer orders until it rallies"), std::string::npos) << away;
    EXPECT_NE(away.find("seed 000, 8.7"), std::string::npos) << away;
    EXPECT_EQ(refusal(game, {{"do", "move"}, {"unit", "F-I1"}, {"to", {600, 946}}}), "applied");
}

TEST(ControlTest, ARallyBringsThePursuerBackUnderControl) {
    Game game = after_a_rout();
    game.apply({{"do", "control"}, {"unit", "F-I1"}, {"roll", 1}});
    while (game.phasing_side() != 0 || game.phase().id != "a") game.apply({{"do", "end-phase"}, {"override", "test"}});
    const AppliedAction& rally = game.apply({{"do", "rally"}, {"unit", "F-I1"}, {"roll", 5}});
    EXPECT_TRUE(rally.result["rallied"].get<bool>());
    EXPECT_EQ(game.unit("F-I1").now.pursuing, -1);
    EXPECT_EQ(game.unit("F-I1").now.state, UnitState::Normal);
    EXPECT_EQ(rally.summary, "F-I1 Régiment de Champagne (pursuing I-I1) tries to rally, roll 5: rallies, now under control");
    // Undo gives the pursuit back, and replay of the journal reaches the same position.
    game.undo();
    EXPECT_GE(game.unit("F-I1").now.pursuing, 0);
    const Game replayed = Game::replay(library(), skirmish(), 1, game.journal());
    EXPECT_EQ(replayed.state(), game.state());
}

TEST(ControlTest, InTheAgeOfGlaubeTheRollIsARandomNumberAgainstTheMoraleValue) {
    // White Mountain (seed 001, random numbers): CL-T1 routs a disrupted B-I2 with 0.999, the top
    // band of every column, which on a disrupted defender removes a base and routs it (Table 6).
    Game game(library(), load_scenario(library(), "white-mountain-1620"), 1620);
    const int catholics = game.scenario().side_index("catholic");
    game.apply({{"do", "set"}, {"unit", "B-I2"}, {"state", "disrupted"}, {"to", {420, 640}}, {"reason", "test: a shaken tercio close in front"}});
    while (game.phasing_side() != catholics || game.phase().id != "d")
        game.apply({{"do", "end-phase"}, {"override", "test: straight to the combat phase"}});
    game.apply({{"do", "combat"}, {"attacker", "CL-T1"}, {"defender", "B-I2"}, {"roll", "0.999"}});
    ASSERT_EQ(game.unit("B-I2").now.state, UnitState::Routing);
    const auto open = duty(game, "d/control/CL-T1");
    ASSERT_TRUE(open.has_value());
    // The Catholic League's regulars rally on 0.650 or more (docs/rules/glaube.md, 5.1).
    const int needs = game.unit("CL-T1").type().rally;
    EXPECT_EQ(needs, 650);
    EXPECT_NE(open->text.find("needs 0.650 or more"), std::string::npos) << open->text;
    game.apply({{"do", "control"}, {"unit", "CL-T1"}, {"roll", "0.650"}});
    EXPECT_EQ(game.unit("CL-T1").now.pursuing, -1);  // the value itself is enough (8.7: "matches or exceeds")
    game.undo();
    game.apply({{"do", "control"}, {"unit", "CL-T1"}, {"roll", "0.649"}});
    EXPECT_EQ(game.unit("CL-T1").now.pursuing, static_cast<int>(&game.unit("B-I2") - game.units().data()));
}

}  // namespace
}  // namespace fortuna
