// SPDX-License-Identifier: MIT
// The programmed opponent: it plays White Mountain to a decision by the rules, the same under a seed, with its reasons.
#include <gtest/gtest.h>

#include <algorithm>

#include "fortuna/land/battle_lab.hpp"
#include "fortuna/land/duties.hpp"
#include "fortuna/core/errors.hpp"
#include "fortuna/land/opponent.hpp"
#include "opponent_test_support.hpp"

namespace fortuna {
namespace {

using testing::library;
using testing::white_mountain;
using testing::white_mountain_doctrines;

TEST(Opponent, WhiteMountainPlaysToADecisionTheSameUnderTheSameSeedAndItsJournalReplays) {
    Game first(library(), white_mountain(), 7);
    const AutoPlay played = play_opponents(first, white_mountain_doctrines(), {0, 1});
    ASSERT_TRUE(played.outcome.decided) << played.outcome.words;
    EXPECT_NE(played.outcome.how, "stalled");
    EXPECT_GT(played.applied, 100);
    // More than half the applied actions carry the opponent's reason (issue 17: every one does).
    EXPECT_GT(2 * played.with_reason, played.applied);
    EXPECT_EQ(played.with_reason, played.applied);

    Game second(library(), white_mountain(), 7);
    play_opponents(second, white_mountain_doctrines(), {0, 1});
    EXPECT_EQ(second.journal(), first.journal());
    EXPECT_EQ(second.state(), first.state());

    const Game replayed = Game::replay(library(), white_mountain(), 7, first.journal());
    EXPECT_EQ(replayed.state(), first.state());
    EXPECT_EQ(judge_battle(replayed, white_mountain_doctrines()).how, played.outcome.how);
}

TEST(Opponent, PlaysByTheRulesAndJournalsWhoAskedAndWhy) {
    Game game(library(), white_mountain(), 11);
    play_opponents(game, white_mountain_doctrines(), {0, 1});
    int charges = 0, combats = 0, moves = 0;
    for (const AppliedAction& action : game.history()) {
        ASSERT_TRUE(action.request.by.has_value());
        EXPECT_EQ(action.request.by->rfind("computer: ", 0), 0u) << *action.request.by;
        ASSERT_TRUE(action.request.why.has_value()) << action.summary;
        // Only a phase it could not end by the rules is overruled, and it says so.
        if (!action.overruled.empty()) {
            EXPECT_EQ(action.kind, "end-phase") << action.summary;
        }
        charges += action.kind == "charge";
        combats += action.kind == "combat";
        moves += action.kind == "move";
        if (action.kind == "charge") {
            EXPECT_NE(action.request.why->find("chance of a result"), std::string::npos);
        }
    }
    EXPECT_GT(moves, 20);
    EXPECT_GT(combats, 5);
    EXPECT_GT(charges, 0);
    // The journal keeps the reason and the asker.
    const auto line = std::find_if(game.journal().begin(), game.journal().end(),
                                   [](const nlohmann::json& l) { return l.value("do", "") == "charge"; });
    ASSERT_NE(line, game.journal().end());
    EXPECT_TRUE(line->at("input").contains("why")) << line->dump();
    EXPECT_EQ(line->at("input").value("by", ""), "computer: catholic");
}

TEST(Opponent, PlaysOnlyItsOwnHalfTurnAndEndsEachPhaseSayingWhy) {
    Game game(library(), white_mountain(), 3);
    ASSERT_EQ(game.phasing_side(), 0);  // the Catholics move first (scenario)
    play_opponents(game, white_mountain_doctrines(), {0});
    EXPECT_EQ(game.phasing_side(), 1);  // the Bohemians' half: the opponent stops for the player
    EXPECT_EQ(game.clock().turn, 1);
    Opponent bohemian(game, white_mountain_doctrines().side(1));
    Opponent catholic(game, white_mountain_doctrines().side(0));
    EXPECT_FALSE(catholic.next(game).has_value());
    const auto next = bohemian.next(game);
    ASSERT_TRUE(next.has_value());
    // The same question asked again gets the same answer (a pure function of game and seed).
    EXPECT_EQ(encode_action(*bohemian.next(game)), encode_action(*next));
    // Its half-turn: five phases, each ended with the phase named and what was held.
    std::vector<std::string> ends;
    while (game.phasing_side() == 1) {
        const AppliedAction* step = bohemian.step(game);
        ASSERT_NE(step, nullptr);
        if (step->kind == "end-phase") ends.push_back(*step->request.why);
    }
    ASSERT_EQ(ends.size(), 5u);
    EXPECT_EQ(ends[0].rfind("phase a (", 0), 0u) << ends[0];
    EXPECT_EQ(ends[4].rfind("phase e (", 0), 0u) << ends[4];
    // Units held for one reason are named together, the reason said once.
    EXPECT_NE(ends[2].find("B-C7, B-L1, B-L2 is held in reserve"), std::string::npos) << ends[2];
    EXPECT_EQ(ends[2].find("holds its ground"), ends[2].rfind("holds its ground")) << ends[2];
    EXPECT_EQ(game.clock().turn, 2);
}

TEST(Opponent, AUnitThePlayerTakesOverIsLeftToThePlayer) {
    Game game(library(), white_mountain(), 4);
    Opponent catholic(game, white_mountain_doctrines().side(0));
    catholic.take_over("CL-T1");
    catholic.take_over("CL-A1");
    const BoardPoint start = game.unit("CL-T1").now.position;
    // Phase b waits for the player's battery, and says what for.
    const AppliedAction* step = nullptr;
    while ((step = catholic.step(game)) != nullptr) ASSERT_LT(game.history().size(), 100u);
    EXPECT_EQ(game.phase().id, "b");
    const auto waiting = catholic.waiting_for(game);
    ASSERT_EQ(waiting.size(), 1u);
    EXPECT_NE(waiting[0].find("CL-A1"), std::string::npos) << waiting[0];
    ArtilleryAction fire;
    fire.battery = "CL-A1";
    fire.target = "B-I3";
    game.apply(fire);  // the player fires; the opponent goes on
    while (game.phasing_side() == 0) ASSERT_NE(catholic.step(game), nullptr) << game.clock_text() << " phase " << game.phase().id;
    EXPECT_EQ(game.unit("CL-T1").now.position, start);
    for (const AppliedAction& action : game.history()) {
        if (!action.request.by) continue;  // the player's own shot
        EXPECT_NE(action.input.value("unit", ""), "CL-T1") << action.summary;
        EXPECT_NE(action.input.value("battery", ""), "CL-A1") << action.summary;
    }
    // Its half-turn went on without them: the other tercios advanced.
    EXPECT_LT(game.unit("CL-T2").now.position.y_mm, 700.0);
}

TEST(Opponent, ACallerThatAppliesTheProposalsItselfPlaysTheSameHalfTurnAsStep) {
    // The app applies next()'s proposal through its undo stack and tells the opponent with noted().
    Game stepped(library(), white_mountain(), 9);
    Opponent by_step(stepped, white_mountain_doctrines().side(0));
    while (stepped.phasing_side() == 0) ASSERT_NE(by_step.step(stepped), nullptr);
    Game applied(library(), white_mountain(), 9);
    Opponent by_hand(applied, white_mountain_doctrines().side(0));
    while (applied.phasing_side() == 0) {
        ASSERT_LT(applied.history().size(), 500u);
        std::optional<ActionRequest> request = by_hand.next(applied);
        ASSERT_TRUE(request.has_value());
        try {
            applied.apply(*request);
            by_hand.noted(*request);
        } catch (const RuleError& refusal) {
            ASSERT_FALSE(std::holds_alternative<EndPhaseAction>(request->action)) << refusal.what();
            by_hand.noted(*request, std::string(refusal.what()));
        }
    }
    EXPECT_EQ(applied.journal(), stepped.journal());
    EXPECT_EQ(by_hand.refusals(), by_step.refusals());
}

TEST(Opponent, AProposalNotedAsRefusedIsNotProposedAgainThisPhase) {
    Game game(library(), white_mountain(), 4);
    Opponent catholic(game, white_mountain_doctrines().side(0));
    while (game.phase().id != "b") ASSERT_NE(catholic.step(game), nullptr);
    const std::optional<ActionRequest> first = catholic.next(game);
    ASSERT_TRUE(first.has_value());
    ASSERT_TRUE(std::holds_alternative<ArtilleryAction>(first->action)) << encode_action(*first).dump();
    const std::string battery = std::get<ArtilleryAction>(first->action).battery;
    EXPECT_EQ(encode_action(*catholic.next(game)), encode_action(*first));  // asked again: the same
    catholic.noted(*first, std::string("the umpire says the smoke hides every target"));
    EXPECT_EQ(catholic.refusals(), 1);
    ASSERT_EQ(catholic.refusals_this_phase().size(), 1u);
    EXPECT_EQ(catholic.refusals_this_phase()[0], "the umpire says the smoke hides every target");
    const std::optional<ActionRequest> second = catholic.next(game);
    ASSERT_TRUE(second.has_value());
    if (const auto* fire = std::get_if<ArtilleryAction>(&second->action)) {
        EXPECT_NE(fire->battery, battery);
    }
    // Forgotten (after an undo in the app), the phase is judged afresh: the battery is proposed again.
    catholic.forget();
    EXPECT_EQ(encode_action(*catholic.next(game)), encode_action(*first));
    EXPECT_TRUE(catholic.refusals_this_phase().empty());
}

TEST(Opponent, TheBohemiansHoldTheRidgeAndTheReserveWaits) {
    Game game(library(), white_mountain(), 5);
    play_opponents(game, white_mountain_doctrines(), {0, 1}, parse_clock("12:25"));
    // Three turns in: the defenders have not left their ground, the tercios have come on.
    for (const char* code : {"B-I3", "B-I5", "B-C7"}) {
        const Unit& unit = game.unit(code);
        const UnitSetup* setup = nullptr;
        for (const auto& command : white_mountain().sides[1].commands)
            for (const auto& u : command.units)
                if (u.code == code) setup = &u;
        ASSERT_NE(setup, nullptr);
        EXPECT_EQ(unit.now.position, setup->position) << code;
    }
    EXPECT_LT(game.unit("CL-T1").now.position.y_mm, 700.0);
    EXPECT_LT(game.unit("IM-T1").now.position.y_mm, 700.0);
}

TEST(Duties, OnePhaseMeasuredAloneIsThatPhaseOfTheWholeList) {
    // Along a computer-played hour of White Mountain, after every action.
    Game game(library(), white_mountain(), 13);
    int compared = 0;
    play_opponents(game, white_mountain_doctrines(), {0, 1}, parse_clock("13:15"), [&](const AppliedAction&) {
        for (const char* phase : {"a", "b", "c", "d", "e"}) {
            const auto alone = duties(game, game.battlefield(), phase);
            const auto filtered = duties_in_phase(duties(game, game.battlefield()), phase);
            ASSERT_EQ(duties_json(alone), duties_json(filtered)) << "phase " << phase << " at " << game.clock_text();
            compared += static_cast<int>(alone.size());
        }
    });
    EXPECT_GT(compared, 100);
}

nlohmann::json doctrine_document() {
    return read_json_file(doctrine_path(library(), "white-mountain-1620"));
}

TEST(Doctrines, AUnitOrTerrainTheScenarioLacksIsRefusedWithItsPointer) {
    nlohmann::json bad_unit = doctrine_document();
    bad_unit["sides"]["bohemian"]["reserves"][0]["units"][1] = "B-X9";
    try {
        (void)doctrines_from_json(bad_unit, "doctrine.json", library(), white_mountain());
        FAIL() << "a doctrine naming B-X9 was accepted";
    } catch (const DataError& error) {
        EXPECT_EQ(error.file(), "doctrine.json");
        EXPECT_EQ(error.where(), "/sides/bohemian/reserves/0/units/1");
        EXPECT_EQ(error.found(), "B-X9");
        EXPECT_NE(error.expected().find("B-C7"), std::string::npos) << error.expected();
    }
    nlohmann::json bad_terrain = doctrine_document();
    bad_terrain["sides"]["catholic"]["objective"]["terrain"] = "Vyšehrad";
    try {
        (void)doctrines_from_json(bad_terrain, "doctrine.json", library(), white_mountain());
        FAIL() << "a doctrine naming Vyšehrad was accepted";
    } catch (const DataError& error) {
        EXPECT_EQ(error.where(), "/sides/catholic/objective/terrain");
        EXPECT_NE(error.expected().find("White Mountain (plateau)"), std::string::npos) << error.expected();
    }
    nlohmann::json bad_side = doctrine_document();
    bad_side["sides"]["saxon"] = bad_side["sides"]["bohemian"];
    bad_side["sides"].erase("bohemian");
    EXPECT_THROW((void)doctrines_from_json(bad_side, "doctrine.json", library(), white_mountain()), DataError);
    nlohmann::json bad_posture = doctrine_document();
    bad_posture["sides"]["catholic"]["posture"] = "charge";
    try {
        (void)doctrines_from_json(bad_posture, "doctrine.json", library(), white_mountain());
        FAIL() << "posture 'charge' was accepted";
    } catch (const DataError& error) {
        EXPECT_EQ(error.where(), "/sides/catholic/posture");
    }
}

TEST(Doctrines, WhiteMountainFollowsSeed001) {
    const Doctrines& d = white_mountain_doctrines();
    EXPECT_EQ(d.side(0).posture, Posture::Attack);
    EXPECT_EQ(d.side(1).posture, Posture::Defend);
    ASSERT_TRUE(d.side(0).break_off_percent.has_value());
    EXPECT_DOUBLE_EQ(*d.side(0).break_off_percent, 33);  // seed 001, 14:25: "fully one third"
    EXPECT_NE(d.side(0).sources.at("break_off").find("14:25"), std::string::npos);
    ASSERT_EQ(d.side(1).reserves.size(), 1u);
    EXPECT_EQ(d.side(1).reserves[0].units, (std::vector<std::string>{"B-C7", "B-L1", "B-L2"}));
    EXPECT_EQ(d.side(0).objective_name, "White Mountain (plateau)");
}

TEST(BattleOutcome, DuskBreakingOffAndFlightDecide) {
    Game game(library(), white_mountain(), 1, testing::kAdvisory);
    EXPECT_FALSE(judge_battle(game, white_mountain_doctrines()).decided);
    // The Catholics break off at a third lost (seed 001, 14:25): 34 of their 100 bases.
    int lost = 0;
    for (const char* code : {"CL-T1", "CL-T2", "CL-T3", "CL-T4"}) {
        SetAction set;
        set.unit = code;
        set.bases = 0;
        lost += game.unit(code).id.bases_start;
        game.apply(set);
    }
    ASSERT_EQ(lost, 34);
    const BattleOutcome broke = judge_battle(game, white_mountain_doctrines());
    EXPECT_TRUE(broke.decided);
    EXPECT_EQ(broke.how, "broke off");
    EXPECT_EQ(broke.loser, 0);
    EXPECT_EQ(broke.winner, 1);
    // Half the Bohemian bases lost or routing is their flight, whoever else breaks off.
    Game flight(library(), white_mountain(), 1, testing::kAdvisory);
    int out = 0;
    for (const Unit& unit : flight.units()) {
        if (unit.id.side != 1 || 2 * out >= 74) continue;
        SetAction set;
        set.unit = unit.id.code;
        set.state = UnitState::Routing;
        out += unit.id.bases_start;
        flight.apply(set);
    }
    const BattleOutcome fled = judge_battle(flight, white_mountain_doctrines());
    EXPECT_EQ(fled.how, "sauve-qui-peut");
    EXPECT_EQ(fled.loser, 1);
}

TEST(BattleLab, TheSameBattlesOnOneThreadOrTwoAndWilsonIntervals) {
    const auto one = run_battles(library(), white_mountain(), white_mountain_doctrines(), 100, 3, 1);
    const auto two = run_battles(library(), white_mountain(), white_mountain_doctrines(), 100, 3, 2);
    ASSERT_EQ(one.size(), 3u);
    for (std::size_t i = 0; i < one.size(); ++i) {
        EXPECT_EQ(one[i].seed, 100 + i);
        EXPECT_EQ(one[i].outcome.how, two[i].outcome.how);
        EXPECT_EQ(one[i].outcome.minutes, two[i].outcome.minutes);
        EXPECT_EQ(one[i].applied, two[i].applied);
    }
    const nlohmann::json summary = summarise_battles(white_mountain(), one);
    EXPECT_EQ(summary["battles"], 3);
    int total = 0;
    for (const auto& [winner, count] : summary["outcomes"].items()) total += count.get<int>();
    EXPECT_EQ(total, 3);
    // Wilson 95 %: 5 of 10 is 0.2366-0.7634; 0 of 10 is 0-0.2775 (by hand from the formula).
    const auto half = wilson_interval(5, 10);
    EXPECT_NEAR(half[0], 0.2366, 1e-4);
    EXPECT_NEAR(half[1], 0.7634, 1e-4);
    const auto none = wilson_interval(0, 10);
    EXPECT_NEAR(none[0], 0.0, 1e-9);
    EXPECT_NEAR(none[1], 0.2775, 1e-4);
}

}  // namespace
}  // namespace fortuna

namespace fortuna {
namespace {

TEST(Opponent, AskedTwiceInTheMovementPhaseItProposesTheSameOrder) {
    Game game(library(), white_mountain(), 9);
    Opponent catholic(game, white_mountain_doctrines().side(0));
    while (game.phase().id != "c") ASSERT_NE(catholic.step(game), nullptr);
    for (int order = 0; order < 5; ++order) {
        const auto first = catholic.next(game);
        const auto again = catholic.next(game);
        ASSERT_TRUE(first && again);
        EXPECT_EQ(encode_action(*first), encode_action(*again));
        ASSERT_NE(catholic.step(game), nullptr);
    }
}

}  // namespace
}  // namespace fortuna
