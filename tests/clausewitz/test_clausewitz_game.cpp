// SPDX-License-Identifier: MIT
// Clausewitz played (seed 003): the turn through the chip bag and the command test, Steady! then
// Fire! measured from the board, the zone's morale test with withdrawal and flight by the margin,
// the issue's refusals (and the umpire's logged overrule), undo that keeps the dice, a refusal
// that changes nothing, bad input named by field, the computer playing Quatre Bras's first hours
// to the end with a reason for every action, saves and journals that replay.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <set>
#include <string>

#include "fortuna/clausewitz/game.hpp"
#include "fortuna/clausewitz/session.hpp"
#include "fortuna/clausewitz/system.hpp"
#include "fortuna/core/errors.hpp"
#include "fortuna/seam/library.hpp"
#include "fortuna/core/recorded_game.hpp"

namespace fortuna::clausewitz {
namespace {

namespace fs = std::filesystem;
using nlohmann::json;
using Recorded = RecordedGame<Game>;

const fs::path kGameData = FORTUNA_TEST_DATA_DIR;
const fs::path kOpeningScenario = kGameData / "scenarios" / "quatre-bras-opening-1815.json";

std::shared_ptr<const Tables> shared_tables() {
    static const auto tables = std::make_shared<const Tables>(load_tables(kGameData));
    return tables;
}
const RulesLibrary& library() {
    static const RulesLibrary loaded = RulesLibrary::load(kGameData);
    return loaded;
}
json scenario_document() { return read_json_file(kOpeningScenario); }

Recorded game_of(const json& document, std::uint64_t seed = 7) {
    auto scenario = std::make_shared<const Scenario>(scenario_from_json(*shared_tables(), document, kGameData, "test"));
    json header{{"format", "fortuna-journal"}, {"game", "clausewitz"}, {"scenario", {{"id", scenario->id}, {"document", document}}}, {"seed", std::to_string(seed)}};
    return Recorded(Game(shared_tables(), scenario), seed, header);
}

// Gauthier's brigade (French, 4 bases, 12 cm wide, 6 deep) at (103, 64) facing north and
// Bijlandt's (5 bases) at (103, 72) facing south: their front edges 2 cm apart. Foy beside Gauthier.
json face_to_face() {
    json d = scenario_document();
    d["sides"][0]["brigades"][2]["at"] = {103, 64};
    d["sides"][0]["generals"][1]["at"] = {103, 60};
    return d;
}

std::string refusal_of(Recorded& game, const json& action) {
    const json before = game.model().to_json();
    const auto draws = game.dice().draws();
    const std::size_t lines = game.journal().size();
    try {
        game.apply_json(action);
    } catch (const RuleError& error) {
        EXPECT_EQ(game.model().to_json(), before) << "a refusal changed the game";
        EXPECT_EQ(game.dice().draws(), draws) << "a refusal changed the dice";
        EXPECT_EQ(game.journal().size(), lines);
        return error.what();
    }
    ADD_FAILURE() << "accepted: " << action.dump();
    return "";
}

void activate(Recorded& game, const std::string& side, const std::string& brigade, const std::string& general) {
    game.apply_json({{"action", "draw"}, {"chip", side}});
    game.apply_json({{"action", "activate"}, {"brigade", brigade}, {"general", general}, {"command", {6, 6}}});
}

const Brigade& brigade(const Recorded& game, const std::string& id) {
    return game.model().state().brigades.at(static_cast<std::size_t>(game.model().find_brigade(id)));
}

TEST(ClausewitzGame, TheScenarioSetsUpFromSourcedStrengths) {
    const Recorded game = game_of(scenario_document());
    // Bijlandt's battalions from their returns: 689, 762, 475, 644, 524 men -> 3+3+2+3+2 combat dice
    // (a full 200 men each), strength 13+15+9+12+10 (a full 50 men each).
    const Brigade& b = brigade(game, "bijlandt");
    int dice = 0;
    for (const auto& u : b.units) dice += u.combat_dice;
    EXPECT_EQ(dice, 13);
    EXPECT_EQ(b.strength, 59);
    EXPECT_EQ(game.model().scenario().turns, 9);  // 14:00 to 15:30, ten minutes a turn
    // One chip a player and five a general of division activated: France two divisions, the Allies one.
    EXPECT_EQ(game.model().state().bag, (std::vector<int>{11, 6}));
    // The whole battle is playable since session 16 (D71): both doctrines, a general a division;
    // the five brigades without a sourced strength are left out, and a copy that puts one back
    // (its men null) is still refused, saying why.
    const json whole = read_json_file(kGameData / "scenarios" / "quatre-bras-1815.json");
    const Scenario battle = scenario_from_json(*shared_tables(), whole, kGameData, "qb");
    EXPECT_EQ(battle.sides[0].posture, "attack");
    EXPECT_EQ(battle.sides[1].posture, "hold");
    EXPECT_EQ(battle.brigades.size() + battle.arrivals.size(), 17u);
    EXPECT_EQ(battle.generals.size(), 11u);
    json unsourced = whole;
    unsourced["sides"][1]["brigades"][0]["men"] = nullptr;
    try {
        (void)scenario_from_json(*shared_tables(), unsourced, kGameData, "qb");
        FAIL();
    } catch (const RuleError& error) {
        EXPECT_NE(std::string(error.what()).find("not yet playable: /sides/1/brigades/0/men is null"), std::string::npos) << error.what();
    }
}

TEST(ClausewitzGame, FireIsSteadyThenFireMeasuredFromTheBoard) {
    Recorded game = game_of(face_to_face());
    activate(game, "french", "gauthier", "foy");
    EXPECT_EQ(brigade(game, "gauthier").actions_left, 5);  // Foy 4 cm away: no action lost
    // Gauthier stands in Bijlandt's zone: a morale test first (4 bases: 4+). Three front units of
    // 3 dice fire 9 dice: Steady! 5+ gives 2, Fire! 4+ (effective: 2 cm) gives 1 hit, no cover.
    game.apply_json({{"action", "fire"}, {"brigade", "gauthier"}, {"target", "bijlandt"}, {"morale", {6, 6}},
                     {"steady", {6, 5, 1, 1, 1, 1, 1, 1, 1}}, {"fire", {4, 3}}, {"lose", {6}}});
    const Applied& done = game.model().last_applied();
    EXPECT_NE(done.summary.find("1 damage"), std::string::npos) << done.summary;
    std::string text;
    for (const auto& line : done.explanation) text += line + "\n";
    EXPECT_NE(text.find("effective range"), std::string::npos) << text;
    EXPECT_NE(text.find("Steady! roll 6,5,1,1,1,1,1,1,1: 2 of 9 on 5+"), std::string::npos) << text;
    EXPECT_NE(text.find("Fire! roll 4,3: 1 hit on 4+"), std::string::npos) << text;
    EXPECT_NE(text.find("morale test before each action"), std::string::npos) << text;
    EXPECT_EQ(brigade(game, "bijlandt").strength, 58);
    int dice = 0;
    for (const auto& u : brigade(game, "bijlandt").units) dice += u.combat_dice;
    EXPECT_EQ(dice, 12);  // the damage die showed 6: one combat die lost
    EXPECT_EQ(brigade(game, "gauthier").actions_left, 4);
    // Out of range: Jamin (not activated) and a target beyond the musket are refused by the board.
    EXPECT_NE(refusal_of(game, {{"action", "fire"}, {"brigade", "gauthier"}, {"target", "saxe-weimar"}}).find("front arc"), std::string::npos);
}

TEST(ClausewitzGame, AFailedMoraleTestWithdrawsOrFleesByTheMargin) {
    Recorded game = game_of(face_to_face());
    activate(game, "french", "gauthier", "foy");
    // 4 bases: passes on 4+; 1+2 = 3 fails by 1: withdraws one March action (2 cm), front to the enemy.
    game.apply_json({{"action", "fire"}, {"brigade", "gauthier"}, {"target", "bijlandt"}, {"morale", {1, 2}}});
    const Brigade& g = brigade(game, "gauthier");
    EXPECT_NEAR(g.y, 62.0, 1e-9);
    EXPECT_NEAR(g.facing, 0.0, 1e-9);
    EXPECT_TRUE(g.halted);
    EXPECT_EQ(g.actions_left, 0);
    EXPECT_EQ(brigade(game, "bijlandt").strength, 59);  // the volley was never fired
    EXPECT_NE(refusal_of(game, {{"action", "march"}, {"brigade", "gauthier"}, {"at", {103, 63}}}).find("withdrew"), std::string::npos);

    // A brigade of one base passes on 7+: a 2 fails by 5, so it flees 3 cm and 3 cm for each of
    // its 5 actions left = 18 cm, facing away.
    json small = face_to_face();
    small["sides"][0]["brigades"][2]["units"] = json::array({small["sides"][0]["brigades"][2]["units"][0]});
    Recorded lone = game_of(small);
    activate(lone, "french", "gauthier", "foy");
    lone.apply_json({{"action", "fire"}, {"brigade", "gauthier"}, {"target", "bijlandt"}, {"morale", {1, 1}}});
    const Brigade& fled = brigade(lone, "gauthier");
    EXPECT_EQ(fled.status, "fled");
    EXPECT_NEAR(fled.y, 64.0 - 18.0, 1e-9);
    EXPECT_NEAR(fled.facing, 180.0, 1e-9);
}

TEST(ClausewitzGame, TheIssuesRefusalsNameTheRuleAndTheUmpireMayOverrule) {
    Recorded game = game_of(face_to_face());
    // A chip drawn out of turn: the French chip drawn, an Allied brigade activated; a second draw.
    game.apply_json({{"action", "draw"}, {"chip", "french"}});
    EXPECT_NE(refusal_of(game, {{"action", "activate"}, {"brigade", "bijlandt"}, {"general", "perponcher"}}).find("a chip drawn out of turn"), std::string::npos);
    EXPECT_NE(refusal_of(game, {{"action", "draw"}}).find("a chip drawn out of turn"), std::string::npos);
    // An order from a general to another division: Bachelu to Foy's brigade.
    EXPECT_NE(refusal_of(game, {{"action", "activate"}, {"brigade", "gauthier"}, {"general", "bachelu"}}).find("an order from a general to another division"),
              std::string::npos);
    // A quick march inside a zone of control.
    game.apply_json({{"action", "activate"}, {"brigade", "gauthier"}, {"general", "foy"}, {"command", {6, 6}}});
    EXPECT_NE(refusal_of(game, {{"action", "quick-march"}, {"brigade", "gauthier"}, {"at", {103, 62}}}).find("Quick March cannot be used inside the zone"),
              std::string::npos);
    // Only directly towards or away inside the zone.
    EXPECT_NE(refusal_of(game, {{"action", "march"}, {"brigade", "gauthier"}, {"at", {99, 62}}}).find("directly towards or away"), std::string::npos);
    game.apply_json({{"action", "end-activation"}});

    // An action the brigade has no points left for: Jamin with Foy 33 cm away keeps 1 action.
    json far = scenario_document();
    far["sides"][0]["generals"][1]["at"] = {92, 19};
    far["sides"][0]["brigades"][2]["at"] = {60, 40};  // Gauthier out of Jamin's way
    Recorded short_of = game_of(far);
    activate(short_of, "french", "jamin", "foy");
    EXPECT_EQ(brigade(short_of, "jamin").actions_left, 1);  // 33 cm: four full 8 cm lost
    const std::string refused = refusal_of(short_of, {{"action", "march"}, {"brigade", "jamin"}, {"at", {92, 58}}});
    EXPECT_NE(refused.find("costs 6 actions"), std::string::npos) << refused;  // into the Bois de Bossu: difficult, 1 cm an action
    EXPECT_NE(refused.find("has 1 left"), std::string::npos) << refused;
    // The umpire overrules with a reason: applied, explained and journaled.
    short_of.apply_json({{"action", "march"}, {"brigade", "jamin"}, {"at", {92, 58}}, {"overrule", "the brigade was already moving"}});
    EXPECT_EQ(short_of.journal().back()["action"]["overrule"], "the brigade was already moving");
    std::string text;
    for (const auto& line : short_of.model().last_applied().explanation) text += line + "\n";
    EXPECT_NE(text.find("the umpire overrules"), std::string::npos) << text;
    EXPECT_NEAR(brigade(short_of, "jamin").y, 58.0, 1e-9);
}

TEST(ClausewitzGame, UndoKeepsTheDiceAndARefusalChangesNothing) {
    Recorded game = game_of(face_to_face(), 11);
    activate(game, "french", "gauthier", "foy");
    // A wrong number of typed dice is refused, the dice untouched (refusal_of checks).
    EXPECT_NE(refusal_of(game, {{"action", "fire"}, {"brigade", "gauthier"}, {"target", "bijlandt"}, {"morale", {6, 6}}, {"steady", {6}}}).find("\"steady\": 9 rolls expected"),
              std::string::npos);
    Recorded fresh = game_of(face_to_face(), 11);
    activate(fresh, "french", "gauthier", "foy");
    const json fire{{"action", "fire"}, {"brigade", "gauthier"}, {"target", "bijlandt"}};
    game.apply_json(fire);
    fresh.apply_json(fire);
    EXPECT_EQ(game.journal().back()["action"], fresh.journal().back()["action"]);  // the refusal drew nothing
    const json first = game.journal().back()["action"];
    const json after = game.model().to_json();
    ASSERT_TRUE(game.undo());
    game.apply_json(fire);
    EXPECT_EQ(game.journal().back()["action"], first);  // the same dice again
    EXPECT_EQ(game.model().to_json(), after);
    ASSERT_TRUE(game.undo());
    ASSERT_TRUE(game.redo());
    EXPECT_EQ(game.model().to_json(), after);
}

// A redone draw takes its chip back from the rolls its undo kept (game_record.hpp: matched by
// kind, a chip being a random number), so the next draw throws fresh, as a game never undone does.
TEST(ClausewitzGame, ARedoneDrawTakesItsChipBackSoTheNextDrawIsThrownFresh) {
    Recorded straight = game_of(face_to_face(), 5);
    Recorded stepped = game_of(face_to_face(), 5);
    for (Recorded* game : {&straight, &stepped}) {
        game->apply_json({{"action", "draw"}});
        if (game == &stepped) {
            ASSERT_TRUE(game->undo());
            ASSERT_TRUE(game->redo());
        }
        const bool french = game->model().state().chip == 0;
        game->apply_json({{"action", "activate"}, {"brigade", french ? "gauthier" : "bijlandt"}, {"general", french ? "foy" : "perponcher"}, {"command", {6, 6}}});
        game->apply_json({{"action", "end-activation"}});
        game->apply_json({{"action", "draw"}});
    }
    EXPECT_EQ(stepped.journal().back()["action"], straight.journal().back()["action"]);
}

TEST(ClausewitzGame, ABrigadeWithActionsInReserveReactsToAnEnemyInItsZone) {
    Recorded game = game_of(face_to_face());
    game.apply_json({{"action", "draw"}, {"chip", "allied"}});
    game.apply_json({{"action", "activate"}, {"brigade", "bijlandt"}, {"general", "perponcher"}, {"command", {6, 6}}});
    game.apply_json({{"action", "end-activation"}});
    const int reserve = brigade(game, "bijlandt").actions_left;
    ASSERT_GT(reserve, 0);
    EXPECT_TRUE(game.model().to_json()["reactions"].empty());  // nobody is acting
    activate(game, "french", "gauthier", "foy");
    const json offered = game.model().to_json()["reactions"];
    ASSERT_EQ(offered.size(), 1u);
    EXPECT_EQ(offered[0]["brigade"], "bijlandt");
    // Defensive fire: the reacting brigade passes a morale test first (5 bases: 3+), then spends one
    // action from its reserve.
    game.apply_json({{"action", "fire"}, {"brigade", "bijlandt"}, {"target", "gauthier"}, {"morale", {2, 2}}});
    EXPECT_NE(game.model().last_applied().summary.find("reacts"), std::string::npos) << game.model().last_applied().summary;
    EXPECT_NE(game.model().last_applied().explanation.at(1).find("must pass a morale test first"), std::string::npos) << game.model().last_applied().explanation.at(1);
    EXPECT_EQ(brigade(game, "bijlandt").actions_left, reserve - 1);
    // Saxe-Weimar, far away, may not react.
    EXPECT_NE(refusal_of(game, {{"action", "fire"}, {"brigade", "saxe-weimar"}, {"target", "gauthier"}}).find("reaction"), std::string::npos);
}

TEST(ClausewitzGame, HoldAndBombard) {
    // Hold! (0 actions): Gauthier in range, so a command test (general 3 + brigade 3: 6+).
    Recorded game = game_of(face_to_face());
    game.apply_json({{"action", "draw"}, {"chip", "allied"}});
    game.apply_json({{"action", "activate"}, {"brigade", "bijlandt"}, {"general", "perponcher"}, {"command", {6, 6}}});
    const int actions = brigade(game, "bijlandt").actions_left;  // Perponcher 9.8 cm away: one lost
    EXPECT_EQ(actions, 4);
    game.apply_json({{"action", "hold"}, {"brigade", "bijlandt"}, {"command", {3, 3}}});
    EXPECT_EQ(game.model().state().active, -1);
    EXPECT_EQ(brigade(game, "bijlandt").actions_left, actions);
    EXPECT_EQ(brigade(game, "gauthier").strength, 52);
    ASSERT_TRUE(game.undo());
    // A failed test fires at the closest enemy in range (its Fire! action, D54).
    game.apply_json({{"action", "hold"}, {"brigade", "bijlandt"}, {"command", {1, 2}}, {"morale", {6, 6}}});
    EXPECT_NE(game.model().last_applied().summary.find("fails to hold its fire"), std::string::npos) << game.model().last_applied().summary;
    EXPECT_EQ(brigade(game, "bijlandt").actions_left, actions - 1);
    EXPECT_EQ(game.journal().back()["action"]["steady"].size(), 8u);  // the front three battalions: 3+3+2 dice

    // Bombard: a battery of 8 guns in Bijlandt's brigade (a test's, not the scenario's).
    json guns = face_to_face();
    guns["sides"][1]["brigades"][0]["units"][4] = {{"type", "foot-artillery"}, {"name", "a battery"}, {"men", 119}, {"guns", 8}};
    Recorded battery = game_of(guns);
    battery.apply_json({{"action", "draw"}, {"chip", "allied"}});
    battery.apply_json({{"action", "activate"}, {"brigade", "bijlandt"}, {"general", "perponcher"}, {"command", {6, 6}}});
    // An enemy in the zone of control must be the target: not Jamin, 14 cm off, while Gauthier stands 2 cm off.
    EXPECT_NE(refusal_of(battery, {{"action", "bombard"}, {"brigade", "bijlandt"}, {"target", "jamin"}}).find("must be the target"), std::string::npos);
    battery.apply_json({{"action", "bombard"}, {"brigade", "bijlandt"}, {"target", "gauthier"}, {"morale", {6, 6}},
                        {"steady", {6, 6, 6, 1, 1, 1, 1, 1}}, {"fire", {6, 5, 4}}, {"lose", {1, 1}}});
    // 3 hits on a line from its front: half the damage, rounded up = 2.
    EXPECT_NE(battery.model().last_applied().summary.find("Bombard at Gauthier's brigade, 2 damage"), std::string::npos) << battery.model().last_applied().summary;
    Recorded no_guns = game_of(face_to_face());
    no_guns.apply_json({{"action", "draw"}, {"chip", "allied"}});
    no_guns.apply_json({{"action", "activate"}, {"brigade", "bijlandt"}, {"general", "perponcher"}, {"command", {6, 6}}});
    EXPECT_NE(refusal_of(no_guns, {{"action", "bombard"}, {"brigade", "bijlandt"}, {"target", "gauthier"}}).find("no artillery dice"), std::string::npos);
}

TEST(ClausewitzGame, BadInputIsRefusedNamingTheField) {
    const auto field_of = [](const json& action) {
        try {
            (void)Game::decode(action);
        } catch (const RuleError& error) {
            return std::string(error.what());
        }
        return std::string("accepted");
    };
    const std::vector<std::pair<json, std::string>> cases{
        {{{"action", 5}}, "\"action\""},
        {{{"action", "teleport"}}, "\"action\""},
        {{{"action", "fire"}, {"brigade", "gauthier"}}, "\"target\""},
        {{{"action", "fire"}, {"target", "bijlandt"}}, "\"brigade\""},
        {{{"action", "march"}, {"brigade", "gauthier"}}, "\"at\""},
        {{{"action", "march"}, {"brigade", "gauthier"}, {"at", {1}}}, "\"at\""},
        {{{"action", "face"}, {"brigade", "gauthier"}, {"facing", 400}}, "\"facing\""},
        {{{"action", "activate"}, {"brigade", "gauthier"}, {"general", "foy"}, {"points", 9}}, "\"points\""},
        {{{"action", "activate"}, {"brigade", "gauthier"}}, "\"general\""},
        {{{"action", "formation"}, {"brigade", "gauthier"}, {"formation", "wedge"}}, "\"formation\""},
        {{{"action", "draw"}, {"chips", {{{"value", 1000}}}}}, "\"chips/0\""},
        {{{"action", "fire"}, {"brigade", "a"}, {"target", "b"}, {"steady", {7}}}, "\"steady/0\""},
        {{{"action", "fire"}, {"brigade", "a"}, {"target", "b"}, {"fire", "4,3"}}, "\"fire\""},
        {{{"action", "fire"}, {"brigade", "a"}, {"target", "b"}, {"lose", {{{"value", 3}, {"source", "guessed"}}}}}, "\"lose/0/source\""},
        {{{"action", "activate"}, {"brigade", "a"}, {"general", "b"}, {"command", {0, 3}}}, "\"command/0\""},
        {{{"action", "fire"}, {"brigade", "a"}, {"target", "b"}, {"morale", {3, 9}}}, "\"morale/1\""},
        {{{"action", "fire"}, {"brigade", "a"}, {"target", "b"}, {"save", {{{"source", "entered"}}}}}, "\"save/0\""},
        {{{"action", "draw"}, {"colour", "red"}}, "\"colour\""},
        {{{"action", "order"}, {"general", "ney"}, {"to", "foy"}}, "\"objective\""},
        {{{"action", "order"}, {"general", "ney"}, {"objective", "2"}}, "\"to\""},
        {{{"action", "draw"}, {"overrule", ""}}, "\"overrule\""},
        {{{"action", "draw"}, {"chip", 3}}, "\"chip\""},
    };
    for (const auto& [action, field] : cases) EXPECT_NE(field_of(action).find(field), std::string::npos) << action.dump() << " -> " << field_of(action);
    // Ids the scenario does not know, refused by the game naming the field.
    Recorded game = game_of(face_to_face());
    EXPECT_NE(refusal_of(game, {{"action", "draw"}, {"chip", "prussian"}}).find("\"chip\""), std::string::npos);
    game.apply_json({{"action", "draw"}, {"chip", "french"}});
    EXPECT_NE(refusal_of(game, {{"action", "activate"}, {"brigade", "kempt"}, {"general", "foy"}}).find("\"brigade\""), std::string::npos);
    EXPECT_NE(refusal_of(game, {{"action", "activate"}, {"brigade", "gauthier"}, {"general", "picton"}}).find("\"general\""), std::string::npos);
    EXPECT_NE(refusal_of(game, {{"action", "order"}, {"general", "ney"}, {"to", "foy"}, {"objective", "9"}}).find("\"objective\""), std::string::npos);
    EXPECT_NE(refusal_of(game, {{"action", "order"}, {"general", "ney"}, {"to", "wellington"}, {"objective", "1"}}).find("\"to\""), std::string::npos);
    game.apply_json({{"action", "activate"}, {"brigade", "gauthier"}, {"general", "foy"}, {"command", {6, 6}}});
    EXPECT_NE(refusal_of(game, {{"action", "fire"}, {"brigade", "gauthier"}, {"target", "nobody"}}).find("\"target\""), std::string::npos);
    EXPECT_NE(refusal_of(game, {{"action", "fire"}, {"brigade", "gauthier"}, {"target", "jamin"}}).find("friendly"), std::string::npos);
}

TEST(ClausewitzGame, AnOrderRidesWithTheAdcToTheGeneral) {
    Recorded game = game_of(scenario_document());
    game.apply_json({{"action", "draw"}, {"chip", "french"}});
    game.apply_json({{"action", "order"}, {"general", "ney"}, {"to", "bachelu"}, {"objective", "1"}});
    ASSERT_EQ(game.model().state().adcs.size(), 1u);
    game.apply_json({{"action", "draw"}, {"chip", "french"}});
    EXPECT_NE(refusal_of(game, {{"action", "order"}, {"general", "ney"}, {"to", "foy"}, {"objective", "1"}}).find("one a turn"), std::string::npos);
    EXPECT_NE(refusal_of(game, {{"action", "order"}, {"general", "foy"}, {"to", "bachelu"}, {"objective", "1"}}).find("only the commander-in-chief"), std::string::npos);
}

// ------------------------------------------------------------------ through the seam

std::unique_ptr<GameSession> play_to_the_end(std::uint64_t seed, int* steps_out = nullptr) {
    auto session = new_clausewitz_session(library(), kOpeningScenario, seed);
    int steps = 0;
    while (!session->outcome().over && steps < 5000) {
        const int side = session->acting_side();
        const auto proposal = session->propose(side);
        if (!proposal) break;
        EXPECT_FALSE(proposal->reason.empty()) << proposal->action.dump();
        try {
            session->apply(proposal->action);
        } catch (const RuleError& error) {
            session->refused(side, proposal->action);
        }
        ++steps;
    }
    if (steps_out) *steps_out = steps;
    return session;
}

TEST(ClausewitzSession, TheComputerPlaysTheFirstHoursToTheEndWithReasons) {
    int steps = 0;
    const auto session = play_to_the_end(5, &steps);
    const SessionOutcome outcome = session->outcome();
    ASSERT_TRUE(outcome.over) << session->clock_label();
    EXPECT_NE(outcome.reason.find("VP"), std::string::npos) << outcome.reason;
    std::set<std::string> kinds;
    for (const auto& line : session->journal()) kinds.insert(line.value("do", std::string()));
    for (const char* kind : {"draw", "activate", "march", "fire", "end-activation", "move-general", "order"}) EXPECT_TRUE(kinds.contains(kind)) << kind;
    EXPECT_EQ(session->public_state()["turn"], 9);
    EXPECT_LT(steps, 5000);
}

TEST(ClausewitzSession, SameSeedSameBattleAndSavesAndJournalsReplay) {
    const auto one = play_to_the_end(21);
    const auto two = play_to_the_end(21);
    EXPECT_EQ(one->journal(), two->journal());
    EXPECT_EQ(one->public_state(), two->public_state());
    const auto other = play_to_the_end(22);
    EXPECT_NE(one->journal(), other->journal());

    const fs::path folder = fs::temp_directory_path() / ("fortuna-cw-session-" + std::to_string(::testing::UnitTest::GetInstance()->random_seed()) + "-" +
                                                         std::to_string(reinterpret_cast<std::uintptr_t>(one.get()) % 100000));
    fs::create_directories(folder);
    const fs::path save = folder / "battle.json";
    one->save(save);
    const auto loaded = open_clausewitz_session(library(), save, std::string(kSaveFormat), 0);
    EXPECT_EQ(loaded->public_state(), one->public_state());
    EXPECT_EQ(clausewitz_system().check_file(library(), save, read_json_file(save)), "Clausewitz save");
    // A save whose state the journal does not replay to is refused naming the field.
    json tampered = read_json_file(save);
    tampered["state"]["vp"]["allied"] = 99;
    std::ofstream(folder / "tampered.json") << tampered.dump();
    try {
        (void)open_clausewitz_session(library(), folder / "tampered.json", std::string(kSaveFormat), 0);
        FAIL();
    } catch (const DataError& error) {
        EXPECT_EQ(error.where(), "/state/vp/allied");
    }

    // A game killed mid-play continues from its journal.
    {
        auto session = new_clausewitz_session(library(), kOpeningScenario, 9);
        session->attach_journal(folder / "live.journal");
        for (int i = 0; i < 60; ++i) {
            const auto proposal = session->propose(session->acting_side());
            ASSERT_TRUE(proposal);
            session->apply(proposal->action);
        }
        session->undo();
        const json state = session->public_state();
        const auto lines = session->journal();
        session.reset();  // killed
        const auto recovered = open_clausewitz_session(library(), folder / "live.journal", std::string(kJournalFormat), 0);
        EXPECT_EQ(recovered->public_state(), state);
        EXPECT_EQ(recovered->journal(), lines);
        EXPECT_EQ(clausewitz_system().check_file(library(), folder / "live.journal", {{"format", "fortuna-journal"}, {"game", "clausewitz"}}), "Clausewitz journal");
    }
    fs::remove_all(folder);
}

}  // namespace
}  // namespace fortuna::clausewitz
