// SPDX-License-Identifier: MIT
// Typed actions: the codec, the registry of kinds, change notifications and the old-release save.
#include <gtest/gtest.h>

#include <filesystem>

#include "fortuna/land/actions.hpp"
#include "fortuna/land/save.hpp"
#include "test_game_support.hpp"

namespace fortuna {
namespace {

using testing::library;
using testing::skirmish;

TEST(ActionCodec, EveryKindRoundTripsThroughJson) {
    CombatAction combat;
    combat.attacker = "F-I1";
    combat.defender = "I-I1";
    combat.flank = true;
    combat.arms = 2;
    combat.terrain = TerrainAdvantage::Defender;
    combat.attacker_leader = "F-G1";
    ActionRequest request(combat);
    request.rolls["roll"] = {"5", true};
    request.rolls["attacker_leader"] = {"7", true};
    request.note = "left flank";
    request.override_reason = "the figures touch on the table";
    const nlohmann::json encoded = encode_action(request);
    EXPECT_EQ(encoded["do"], "combat");
    EXPECT_EQ(encoded["terrain"], "defender");
    EXPECT_EQ(encoded["arms"], 2);
    EXPECT_EQ(encoded["roll"], 5);
    EXPECT_EQ(encoded["rolls"]["attacker_leader"], 7);
    EXPECT_EQ(encoded["override"], "the figures touch on the table");
    EXPECT_FALSE(encoded.contains("rear"));  // defaults are left out
    const ActionRequest decoded = decode_action(encoded);
    EXPECT_EQ(encode_action(decoded), encoded);
    const auto& back = std::get<CombatAction>(decoded.action);
    EXPECT_EQ(back.attacker_leader, "F-G1");
    EXPECT_TRUE(back.flank);

    for (const char* text : {R"({"do":"move","unit":"F-I1","to":[100,200],"facing_deg":90})",
                             R"({"do":"formation","unit":"F-I1","to":"square"})",
                             R"({"do":"set","unit":"F-I1","state":"disrupted","presence":"off-board","reason":"r"})",
                             R"({"do":"set","general":"F-G1","condition":"unhorsed"})",
                             R"({"do":"order","general":"F-G1","to":"F-I1","order":"hold","distance_mm":250})",
                             R"({"do":"deliver","messenger":1,"captured":true})", R"({"do":"end-phase"})",
                             R"({"do":"reroll","of":3,"roll":"0.734"})", R"({"do":"crisis","side":"french"})"}) {
        const ActionRequest first = decode_action(nlohmann::json::parse(text));
        EXPECT_EQ(encode_action(decode_action(encode_action(first))), encode_action(first)) << text;
    }
}

TEST(ActionCodec, RefusalsNameTheActionTheKeyAndWhatWasExpected) {
    const auto refusal = [](const char* text) {
        try {
            decode_action(nlohmann::json::parse(text));
        } catch (const RuleError& error) {
            return std::string(error.what());
        }
        return std::string("accepted");
    };
    EXPECT_EQ(refusal(R"({"do":"combat","defender":"I-I1"})"), "'combat' needs 'attacker': a unit code (found nothing)");
    EXPECT_EQ(refusal(R"({"do":"combat","attacker":"F-I1","defender":"I-I1","arms":4})"),
              "'combat' needs 'arms': the number of arms attacking together, 1-3 (found 4)");
    EXPECT_EQ(refusal(R"({"do":"combat","attacker":"F-I1","defender":"I-I1","terrain":"hill"})"),
              "'combat' needs 'terrain': none, attacker or defender (found \"hill\")");
    EXPECT_NE(refusal(R"({"do":"move","unit":"F-I1","to":[1e308,5]})").find("'move' needs 'to'"), std::string::npos);
    EXPECT_NE(refusal(R"({"do":"charge","unit":"F-I1","speed":3})").find("'charge' does not take 'speed'"), std::string::npos);
    EXPECT_NE(refusal(R"({"do":"fly"})").find("unknown action 'fly'"), std::string::npos);
    EXPECT_NE(refusal(R"({"do":"end-phase","override":""})").find("'end-phase' needs 'override'"), std::string::npos);
    EXPECT_NE(refusal(R"({"do":"artillery","battery":"F-A1","target":"I-I1","range_mm":-5})").find("range_mm"), std::string::npos);
}

TEST(ActionRegistry, KnowsEveryKindOnceWithItsPhase) {
    std::set<std::string_view> kinds;
    for (const auto& info : action_kinds()) EXPECT_TRUE(kinds.insert(info.kind).second) << info.kind;
    EXPECT_EQ(kinds.size(), std::variant_size_v<Action>);
    EXPECT_EQ(find_action_kind("combat")->phase, "d");
    EXPECT_EQ(find_action_kind("rally")->phase, "a");
    EXPECT_EQ(find_action_kind("artillery")->phase, "b");
    EXPECT_EQ(find_action_kind("crisis")->phase, "e");
    EXPECT_EQ(find_action_kind("set")->phase, "");
    EXPECT_EQ(find_action_kind("undo"), nullptr);
}

TEST(GameActions, TypedAndJsonRequestsGiveTheSameGame) {
    Game typed(library(), skirmish(), 7, testing::kAdvisory);
    Game words(library(), skirmish(), 7, testing::kAdvisory);
    CombatAction combat;
    combat.attacker = "F-I1";
    combat.defender = "I-I1";
    combat.charge = true;
    typed.apply(EndPhaseAction{});
    typed.apply(combat);
    words.apply(nlohmann::json{{"do", "end-phase"}});
    words.apply(nlohmann::json{{"do", "combat"}, {"attacker", "F-I1"}, {"defender", "I-I1"}, {"charge", true}});
    EXPECT_EQ(typed.state(), words.state());
    EXPECT_EQ(typed.journal(), words.journal());
    EXPECT_EQ(typed.history().back().kind, "combat");
    EXPECT_TRUE(std::holds_alternative<CombatAction>(typed.history().back().request.action));
}

TEST(GameActions, ListenersHearWhatChangedOnApplyUndoAndRedo) {
    Game game(library(), skirmish(), 11, testing::kAdvisory);
    std::vector<GameChange> heard;
    const int id = game.listen([&](const GameChange& change) { heard.push_back(change); });
    SetAction set;
    set.unit = "F-I2";
    set.state = UnitState::Disrupted;
    game.apply(set);
    ASSERT_EQ(heard.size(), 1u);
    EXPECT_EQ(heard[0].cause, GameChange::Cause::Applied);
    ASSERT_EQ(heard[0].units.size(), 1u);
    EXPECT_EQ(game.units()[heard[0].units[0]].id.code, "F-I2");
    EXPECT_FALSE(heard[0].clock);
    game.apply(EndPhaseAction{});
    EXPECT_TRUE(heard[1].clock);
    EXPECT_TRUE(heard[1].units.empty());
    game.undo();
    EXPECT_EQ(heard[2].cause, GameChange::Cause::Undone);
    EXPECT_TRUE(heard[2].clock);
    game.redo();
    EXPECT_EQ(heard[3].cause, GameChange::Cause::Redone);
    game.unlisten(id);
    game.apply(EndPhaseAction{});
    EXPECT_EQ(heard.size(), 4u);
}

TEST(GameActions, ARefusedActionTellsNoListenerAndChangesNothing) {
    Game game(library(), skirmish(), 11);
    int told = 0;
    game.listen([&](const GameChange&) { ++told; });
    const GameState before = game.state();
    CombatAction combat;
    combat.attacker = "F-I1";
    combat.defender = "F-I2";  // same side
    EXPECT_THROW(game.apply(combat), RuleError);
    EXPECT_EQ(told, 0);
    EXPECT_EQ(game.state(), before);
    EXPECT_TRUE(game.journal().empty());
}

// A save written by release 0.1 (before typed actions), made with
// tests/fixtures/compat/white-mountain-release-0.1.actions.jsonl: it opens with the same
// state and its journal replays, undo, redo and re-roll included.
TEST(GameCompatibility, ASaveFromRelease01OpensAndReplays) {
    const auto file = std::filesystem::path(FORTUNA_TEST_FIXTURES_DIR) / "compat" / "white-mountain-release-0.1.fortuna";
    const ReplayCheck check = check_save(library(), file);
    EXPECT_TRUE(check.reproduced);
    for (const auto& difference : check.differences) ADD_FAILURE() << difference;
    ASSERT_TRUE(check.game.has_value());
    const Game& game = *check.game;
    EXPECT_EQ(game.journal().size(), 22u);  // 21 actions and one undo (of the re-roll)
    EXPECT_EQ(game.history().size(), 20u);
    EXPECT_EQ(game.unit("B-I3").now.state, UnitState::Routing);
    EXPECT_EQ(game.unit("B-C1").now.facing_deg, 180.0);
    EXPECT_EQ(game.history().front().kind, "end-phase");
}

}  // namespace
}  // namespace fortuna
