// SPDX-License-Identifier: MIT
// Game Of Kings played through the seam: the encounter-1745 scenario, the computer playing it to
// the end with a reason for every action, same seed same battle, saves and journals that replay,
// undo that keeps the dice, refusals that change nothing, and bad input refused naming the field.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <set>
#include <string>

#include "fortuna/core/errors.hpp"
#include "fortuna/game_of_kings/session.hpp"
#include "fortuna/game_of_kings/system.hpp"
#include "fortuna/seam/library.hpp"

namespace fortuna::game_of_kings::testing_game {
namespace {

namespace fs = std::filesystem;
using nlohmann::json;

const fs::path kData = FORTUNA_TEST_DATA_DIR;
const fs::path kScenario = kData / "scenarios" / "encounter-1745.json";

std::shared_ptr<const Tables> tables() {
    static const auto loaded = std::make_shared<const Tables>(load_tables(kData));
    return loaded;
}
std::shared_ptr<const Scenario> scenario() {
    static const auto loaded = std::make_shared<const Scenario>(scenario_from_json(*tables(), kData, read_json_file(kScenario), kScenario.string()));
    return loaded;
}
Recorded new_game(std::uint64_t seed) { return Recorded(GameModel(tables(), scenario()), seed, journal_header(*scenario(), seed)); }

// Plays with the opponent for both sides until the battle is over; every proposal has a reason.
int play_out(Recorded& game, int most = 5000) {
    std::set<std::string> refused[2];
    int actions = 0;
    while (game.model().state().turn.phase != "over" && actions < most) {
        const int side = game.model().acting_side();
        const auto proposal = propose_action(game.model(), side, refused[side]);
        if (!proposal) {
            ADD_FAILURE() << "no proposal at " << game.model().clock_label();
            break;
        }
        EXPECT_FALSE(proposal->reason.empty()) << proposal->action.dump();
        try {
            game.apply_json(proposal->action);
            refused[0].clear();
            refused[1].clear();
            ++actions;
        } catch (const RuleError&) {
            refused[side].insert(proposal->action.dump());
        }
    }
    return actions;
}

// Applies the opponent's actions until `stop(game)` holds.
template <class Stop>
void play_until(Recorded& game, Stop stop) {
    std::set<std::string> refused[2];
    for (int i = 0; i < 3000 && !stop(game); ++i) {
        const int side = game.model().acting_side();
        const auto proposal = propose_action(game.model(), side, refused[side]);
        ASSERT_TRUE(proposal.has_value()) << game.model().clock_label();
        try {
            game.apply_json(proposal->action);
            refused[0].clear();
            refused[1].clear();
        } catch (const RuleError&) {
            refused[side].insert(proposal->action.dump());
        }
    }
    ASSERT_TRUE(stop(game)) << game.model().clock_label();
}

std::string refusal(Recorded& game, const json& action) {
    const json before = game.model().to_json();
    const auto draws = game.dice().draws();
    const std::size_t lines = game.journal().size();
    try {
        game.apply_json(action);
    } catch (const RuleError& error) {
        EXPECT_EQ(game.model().to_json(), before) << action.dump();
        EXPECT_EQ(game.dice().draws(), draws) << action.dump();
        EXPECT_EQ(game.journal().size(), lines) << action.dump();
        return error.what();
    }
    ADD_FAILURE() << "not refused: " << action.dump();
    return "";
}

TEST(GokScenario, TheEncounterIsCheckedAndBothArmiesHaveEqualPoints) {
    EXPECT_EQ(check_game_of_kings_file(kData, kScenario, read_json_file(kScenario)), "Game Of Kings scenario");
    const Scenario& s = *scenario();
    EXPECT_EQ(s.start_points[0], 21);  // 3 (general) + 6 x 2 (battalions) + 6 x 1 (squadrons, guns): seed 004, VICTORY
    EXPECT_EQ(s.start_points[1], 21);
    EXPECT_EQ(s.terrain.size(), 10u);  // the generator's dice from seed 1745: ten pieces
    std::size_t water = 0;
    for (const auto& piece : s.terrain) water += piece.kind == "water";
    EXPECT_EQ(water, 1u);
    // A unit moved into the water is refused naming the unit's field.
    json bad = read_json_file(kScenario);
    bad["units"][0]["x"] = 45.0;
    bad["units"][0]["y"] = 15.0;
    try {
        (void)scenario_from_json(*tables(), kData, bad, "bad.json");
        ADD_FAILURE() << "a unit in the water was accepted";
    } catch (const DataError& error) {
        EXPECT_NE(std::string(error.what()).find("/units/0/x"), std::string::npos) << error.what();
    }
    bad = read_json_file(kScenario);
    bad["terrain"]["dice"][0] = 7;
    EXPECT_THROW((void)scenario_from_json(*tables(), kData, bad, "bad.json"), DataError);
}

TEST(GokGame, TheComputerPlaysTheEncounterToTheEndWithAReasonForEveryAction) {
    Recorded game = new_game(7);
    const int actions = play_out(game);
    std::string why;
    const int result = game.model().result(&why);
    EXPECT_NE(result, -1) << game.model().clock_label();
    EXPECT_FALSE(why.empty());
    EXPECT_GT(actions, 50);
    // Same seed, same battle; another seed, another.
    Recorded again = new_game(7);
    play_out(again);
    EXPECT_EQ(again.journal(), game.journal());
    Recorded other = new_game(8);
    play_out(other);
    EXPECT_NE(other.journal(), game.journal());
}

TEST(GokGame, ASaveAndAJournalReplayToTheSameState) {
    const fs::path folder = fs::temp_directory_path() / ("gok-save-" + std::to_string(::testing::UnitTest::GetInstance()->random_seed()));
    fs::create_directories(folder);
    Recorded game = new_game(11);
    game.attach_journal(folder / "game.journal");
    play_until(game, [](const Recorded& g) { return g.model().state().turn.turn >= 5; });
    ASSERT_TRUE(game.undo());
    save_game(game, folder / "game.json");
    const Recorded loaded = load_save(tables(), kData, folder / "game.json");
    EXPECT_EQ(loaded.model().to_json(), game.model().to_json());
    EXPECT_EQ(loaded.journal(), game.journal());
    const Recorded recovered = load_journal(tables(), kData, folder / "game.journal");
    EXPECT_EQ(recovered.model().to_json(), game.model().to_json());
    EXPECT_EQ(check_game_of_kings_file(kData, folder / "game.json", read_json_file(folder / "game.json")), "Game Of Kings save");
    // A saved state that the journal does not replay to is refused naming the field.
    json doc = read_json_file(folder / "game.json");
    doc["state"]["units"][3]["effectiveness"] = 25;
    std::ofstream(folder / "bad.json") << doc.dump();
    try {
        (void)load_save(tables(), kData, folder / "bad.json");
        ADD_FAILURE() << "a tampered save was accepted";
    } catch (const DataError& error) {
        EXPECT_NE(std::string(error.what()).find("/state/units/3/effectiveness"), std::string::npos) << error.what();
    }
    game.detach_journal();
    fs::remove_all(folder);
}

TEST(GokGame, UndoNeverRerollsAndTypedDiceAreTheUmpires) {
    Recorded game = new_game(3);
    const json first = game.apply_json({{"action", "begin-turn"}})["action"]["dice"];
    ASSERT_TRUE(game.undo());
    EXPECT_EQ(game.apply_json({{"action", "begin-turn"}})["action"]["dice"], first);
    ASSERT_TRUE(game.undo());
    // Typed: weather 2d6 (3 and 4: gauge 7, fair), initiative A 5 against B 2 (player A, France, chooses).
    const auto draws = game.dice().draws();
    game.apply_json({{"action", "begin-turn"}, {"dice", {3, 4, 5, 2}}});
    EXPECT_EQ(game.dice().draws(), draws);
    EXPECT_EQ(game.model().state().turn.gauge, 7);
    EXPECT_EQ(game.model().acting_side(), 0);
    game.apply_json({{"action", "choose"}, {"first", "allies"}});
    EXPECT_EQ(game.model().acting_side(), 1);
    // The d10 of the centre takes a face of 10; the flanks' d6 do not.
    EXPECT_NE(refusal(game, {{"action", "action-points"}, {"dice", {10, 7, 3}}}).find("dice/1"), std::string::npos);
    game.apply_json({{"action", "action-points"}, {"dice", {10, 2, 3}}});
    EXPECT_EQ(game.model().state().turn.points[1], 10);
    EXPECT_EQ(game.model().state().turn.points[0], 2);
}

TEST(GokGame, ARedoneThrowTakesItsDiceBackSoTheNextLikeItIsThrownAfresh) {
    Recorded game = new_game(7);
    game.apply_json({{"action", "begin-turn"}, {"dice", {3, 4, 5, 2}}});
    game.apply_json({{"action", "choose"}, {"first", "france"}});
    game.apply_json({{"action", "action-points"}});
    ASSERT_TRUE(game.undo());
    ASSERT_TRUE(game.redo());
    // The opponent plays France's half to its end; the Allies' action points are the next throw of
    // the same kind: fresh from the dice, not France's redone d10 and d6 thrown again.
    std::set<std::string> refused[2];
    for (int step = 0; step < 600; ++step) {
        const int side = game.model().acting_side();
        const auto proposal = propose_action(game.model(), side, refused[side]);
        ASSERT_TRUE(proposal.has_value());
        const bool points = proposal->action.value("action", std::string()) == "action-points";
        const auto draws = game.dice().draws();
        try {
            game.apply_json(proposal->action);
        } catch (const RuleError&) {
            refused[side].insert(proposal->action.dump());
            continue;
        }
        if (points) {
            EXPECT_EQ(side, 1);
            EXPECT_GT(game.dice().draws(), draws);
            return;
        }
    }
    FAIL() << "the Allies' half never threw its action points";
}

TEST(GokGame, EveryCircumstanceIsMeasuredAndRefusalsChangeNothing) {
    Recorded game = new_game(5);
    game.apply_json({{"action", "begin-turn"}, {"dice", {3, 4, 5, 2}}});
    game.apply_json({{"action", "choose"}, {"first", "france"}});
    game.apply_json({{"action", "action-points"}, {"dice", {4, 3, 2}}});  // the centre's d10 first: centre 4, left 3, right 2
    EXPECT_NE(refusal(game, {{"action", "move"}, {"unit", "F-line-1"}, {"to", {72, 11}}}).find("choose a sector"), std::string::npos);
    game.apply_json({{"action", "sector"}, {"sector", "centre"}});
    // Out of range and arc: the board says so, not the action.
    EXPECT_NE(refusal(game, {{"action", "fire-gun"}, {"unit", "F-guns-1"}, {"target", "A-british-1"}}).find("roundshot reaches 24.0 cm"), std::string::npos);
    // A unit of another sector, a friend as target, a move beyond the allowance, a move onto a friend.
    EXPECT_NE(refusal(game, {{"action", "move"}, {"unit", "F-cavalerie"}, {"to", {12, 10}}}).find("left sector"), std::string::npos);
    EXPECT_NE(refusal(game, {{"action", "fire"}, {"unit", "F-line-1"}, {"target", "F-line-2"}}).find("a friend"), std::string::npos);
    EXPECT_NE(refusal(game, {{"action", "move"}, {"unit", "F-line-1"}, {"to", {72, 12}}}).find("beyond F-line-1's move of 6.0 cm"), std::string::npos);
    EXPECT_NE(refusal(game, {{"action", "move"}, {"unit", "F-line-1"}, {"to", {77, 7}}}).find("in the way"), std::string::npos);
    EXPECT_NE(refusal(game, {{"action", "limber"}, {"unit", "F-line-1"}}).find("only guns"), std::string::npos);
    // A move of 3 cm (under three quarters: no Variation die) costs one action point.
    game.apply_json({{"action", "move"}, {"unit", "F-line-1"}, {"to", {72, 8}}});
    EXPECT_EQ(game.model().state().turn.points[1], 3);
    EXPECT_NEAR(game.model().state().units[static_cast<std::size_t>(game.model().unit_index("F-line-1"))].y, 8.0, 1e-9);
    // Guns come before moves in a sector (seed 004, COMMAND & CONTROL).
    EXPECT_NE(refusal(game, {{"action", "fire-gun"}, {"unit", "F-guns-1"}, {"target", "A-british-1"}}).find("the order within a sector"),
              std::string::npos);
    // A full move throws the Variation: typed 6 adds 25 %.
    game.apply_json({{"action", "move"}, {"unit", "F-line-2"}, {"to", {82, 11}}, {"dice", {6}}});
    EXPECT_NEAR(game.model().state().units[static_cast<std::size_t>(game.model().unit_index("F-line-2"))].y, 12.5, 1e-9);
    EXPECT_NE(refusal(game, {{"action", "move"}, {"unit", "F-line-3"}, {"to", {92, 11}}, {"dice", {7}}}).find("dice/0"), std::string::npos);
    EXPECT_NE(refusal(game, {{"action", "move"}, {"unit", "F-line-3"}, {"to", {92, 8}}, {"dice", {3}}}).find("faces"), std::string::npos);
    game.apply_json({{"action", "end-sector"}});
    EXPECT_NE(refusal(game, {{"action", "sector"}, {"sector", "centre"}}).find("has acted"), std::string::npos);
}

TEST(GokGame, BadInputInEveryFieldIsRefusedNamingTheField) {
    Recorded game = new_game(9);
    const auto names = [&](const json& action, const std::string& field) {
        const std::string words = refusal(game, action);
        EXPECT_EQ(words.rfind(field, 0), 0u) << action.dump() << " -> " << words;
    };
    names({{"action", "shout"}}, "action");
    names({{"action", "begin-turn"}, {"colour", "red"}}, "colour");
    names({{"action", "begin-turn"}, {"dice", "6,6"}}, "dice");
    names({{"action", "begin-turn"}, {"dice", {0, 6}}}, "dice/0");
    names({{"action", "begin-turn"}, {"dice", {6, 6}}}, "dice");  // too few for the weather and the initiative
    names({{"action", "move"}, {"unit", "F-line-1"}}, "to");
    names({{"action", "move"}, {"unit", "F-line-1"}, {"to", {1}}}, "to");
    names({{"action", "fire"}, {"unit", 3}, {"target", "A-guards"}}, "unit");
    names({{"action", "fire"}, {"unit", "F-line-1"}}, "target");
    names({{"action", "choose"}}, "first");
    names({{"action", "sector"}}, "sector");
    names({{"action", "form"}, {"unit", "F-line-1"}}, "formation");
    game.apply_json({{"action", "begin-turn"}, {"dice", {3, 4, 2, 5}}});  // player B (the Allies) chooses
    names({{"action", "choose"}, {"first", "prussia"}}, "first");
    game.apply_json({{"action", "choose"}, {"first", "france"}});
    game.apply_json({{"action", "action-points"}, {"dice", {3, 4, 2}}});
    names({{"action", "sector"}, {"sector", "middle"}}, "sector");
    game.apply_json({{"action", "sector"}, {"sector", "centre"}});
    names({{"action", "move"}, {"unit", "F-nobody"}, {"to", {1, 1}}}, "unit");
    names({{"action", "move"}, {"unit", "A-guards"}, {"to", {62, 65}}}, "unit");
    names({{"action", "fire"}, {"unit", "F-line-1"}, {"target", "A-nobody"}}, "target");
    names({{"action", "form"}, {"unit", "F-line-1"}, {"formation", "square"}}, "formation");
    names({{"action", "move"}, {"unit", "F-line-1"}, {"to", {500, 8}}}, "to");
}

// A charge, a melee with typed dice, the loser's morale and retreat with its back to the enemy, and
// the compulsory rally in its side's next half-turn: the British horse placed 6 cm before the Cavalerie.
TEST(GokGame, AMeleeLostMeansARetreatAndTheNextHalfMustTryToRally) {
    json document = read_json_file(kScenario);
    for (auto& unit : document["units"])
        if (unit["id"] == "A-british-horse") unit["y"] = 15.0;
    auto close = std::make_shared<const Scenario>(scenario_from_json(*tables(), kData, document, "close.json"));
    Recorded game(GameModel(tables(), close), 1, journal_header(*close, 1));
    const auto unit = [&](const std::string& id) { return game.model().state().units[static_cast<std::size_t>(game.model().unit_index(id))]; };
    game.apply_json({{"action", "begin-turn"}, {"dice", {3, 4, 5, 2}}});
    game.apply_json({{"action", "choose"}, {"first", "france"}});
    game.apply_json({{"action", "action-points"}, {"dice", {5, 3, 2}}});
    game.apply_json({{"action", "sector"}, {"sector", "left"}});
    // The horse charges 6 cm (under three quarters of its 10: no Variation).
    game.apply_json({{"action", "charge"}, {"unit", "F-cavalerie"}, {"target", "A-british-horse"}});
    ASSERT_EQ(game.model().state().contacts.size(), 1u);
    EXPECT_FALSE(game.model().state().contacts[0].from_rear);
    EXPECT_NEAR(unit("F-cavalerie").y, 11.0, 1e-9);
    EXPECT_NE(refusal(game, {{"action", "end-sector"}}).find("still to be fought"), std::string::npos);
    // H/MCav against H/MCav: 4 dice each. Attacker 6,6,6,1 (3 hits), defender 1,1,1,4 (1 hit); the
    // loser's morale 5 (regular, 3 needed: holds), then its retreat's Variation 3 (10 cm as rated).
    game.apply_json({{"action", "melee"}, {"unit", "F-cavalerie"}, {"target", "A-british-horse"}, {"dice", {6, 6, 6, 1, 1, 1, 1, 4, 5, 3}}});
    EXPECT_EQ(unit("F-cavalerie").effectiveness, 75);
    EXPECT_EQ(unit("A-british-horse").effectiveness, 25);
    EXPECT_EQ(unit("A-british-horse").status, Status::Retreating);
    EXPECT_EQ(unit("A-british-horse").facing, 1);  // its back to the French
    EXPECT_NEAR(unit("A-british-horse").y, 25.0, 1e-9);
    EXPECT_TRUE(game.model().state().contacts.empty());
    for (const char* step : {"left", "centre", "right"}) {
        if (std::string(step) != "left") game.apply_json({{"action", "sector"}, {"sector", step}});
        game.apply_json({{"action", "end-sector"}});
    }
    EXPECT_EQ(game.model().acting_side(), 1);
    game.apply_json({{"action", "action-points"}, {"dice", {5, 3, 2}}});  // the Allies: centre 5, left 3, right 2
    game.apply_json({{"action", "sector"}, {"sector", "right"}});
    EXPECT_NE(refusal(game, {{"action", "move"}, {"unit", "A-british-dragoons"}, {"to", {22, 66}}}).find("first be used to try to rally"),
              std::string::npos);
    game.apply_json({{"action", "rally"}, {"unit", "A-british-horse"}, {"dice", {4}}});  // 5 needed: it keeps retreating
    EXPECT_EQ(unit("A-british-horse").status, Status::Retreating);
    game.apply_json({{"action", "move"}, {"unit", "A-british-dragoons"}, {"to", {22, 66}}});
    game.apply_json({{"action", "end-sector"}, {"dice", {3}}});  // another retreat move (D31)
    EXPECT_NEAR(unit("A-british-horse").y, 35.0, 1e-9);
}

TEST(GokSystem, TheSystemDeclaresItsGameFormats) {
    const RuleSystem& system = game_of_kings_system();
    EXPECT_EQ(system.describe(kScenarioFormat), "Game Of Kings scenario");
    EXPECT_EQ(system.describe(kSaveFormat), "Game Of Kings save");
    EXPECT_EQ(system.describe(kJournalFormat), "Game Of Kings journal");
    auto session = open_session(kData, kScenario, kScenarioFormat, 42);
    EXPECT_EQ(session->scenario_id(), "encounter-1745");
    EXPECT_EQ(session->side_ids(), (std::vector<std::string>{"france", "allies"}));
    const auto proposal = session->propose(session->acting_side());
    ASSERT_TRUE(proposal.has_value());
    const Happened happened = session->apply(proposal->action);
    EXPECT_EQ(happened.kind, "begin-turn");
    EXPECT_FALSE(happened.explanation.empty());
    EXPECT_FALSE(session->outcome().over);
    // The board: 24 pieces on the seed's table, France (player A) at the bottom facing north.
    EXPECT_NEAR(session->table().width_cm, 182.88, 1e-9);
    const auto pieces = session->pieces();
    ASSERT_EQ(pieces.size(), 24u);
    EXPECT_EQ(pieces[0].side, 0);
    EXPECT_NEAR(pieces[0].y_cm, 76.2 - 5.0, 1e-9);
    EXPECT_EQ(pieces[0].facing_deg, 0);
    EXPECT_EQ(session->public_state()["terrain"].size(), 10u);
}

// Issue 29, item 4: the turn as the desk's turn bar and panels read it: the initiative's dice (a tie
// thrown again), who goes first, the weather and what it does, each sector's die, points thrown and
// left, the army points against half; undo gives the earlier summary back.
TEST(GokGame, TheTurnSummaryIsTheGamesOwn) {
    Recorded game = new_game(11);
    TurnSummary before = game.model().turn_summary();
    EXPECT_EQ(before.turn, 1);
    EXPECT_EQ(before.turns, 20);
    EXPECT_EQ(before.gauge, 0);
    EXPECT_EQ(before.chooser, -1);
    EXPECT_TRUE(before.initiative.empty());
    EXPECT_NE(before.weather_effect.find("not yet thrown"), std::string::npos);
    EXPECT_FALSE(before.points_thrown);
    // Weather 2d6 3 and 4 (gauge 7, fair); initiative a tie 4-4 thrown again, then France 6, the Allies 1.
    game.apply_json({{"action", "begin-turn"}, {"dice", {3, 4, 4, 4, 6, 1}}});
    TurnSummary opened = game.model().turn_summary();
    EXPECT_EQ(opened.gauge, 7);
    EXPECT_EQ(opened.weather, "fair");
    EXPECT_EQ(opened.weather_effect, "no effect (1 turn on 7; extreme heat from the third)");
    ASSERT_EQ(opened.initiative.size(), 2u);
    EXPECT_EQ(opened.initiative[0], std::make_pair(4, 4));
    EXPECT_EQ(opened.initiative[1], std::make_pair(6, 1));
    EXPECT_EQ(opened.chooser, 0);
    EXPECT_EQ(opened.first, -1);
    game.apply_json({{"action", "choose"}, {"first", "france"}});
    game.apply_json({{"action", "action-points"}, {"dice", {4, 3, 2}}});  // centre d10 4, left 3, right 2
    game.apply_json({{"action", "sector"}, {"sector", "centre"}});
    game.apply_json({{"action", "move"}, {"unit", "F-line-1"}, {"to", {72, 8}}});
    TurnSummary spent = game.model().turn_summary();
    EXPECT_EQ(spent.first, 0);
    EXPECT_EQ(spent.acting, 0);
    ASSERT_TRUE(spent.points_thrown);
    ASSERT_EQ(spent.sectors.size(), 3u);
    EXPECT_EQ(spent.sectors[1].name, "centre");
    EXPECT_EQ(spent.sectors[1].faces, 10);
    EXPECT_EQ(spent.sectors[1].thrown, 4);
    EXPECT_EQ(spent.sectors[1].left, 3);
    EXPECT_TRUE(spent.sectors[1].working);
    EXPECT_EQ(spent.sectors[0].faces, 6);
    EXPECT_EQ(spent.sectors[0].thrown, 3);
    EXPECT_EQ(spent.sectors[2].left, 2);
    for (const auto& army : spent.armies) {
        EXPECT_EQ(army.start, 21);
        EXPECT_EQ(army.points, 21);
        EXPECT_DOUBLE_EQ(army.loses_below, 10.5);
        EXPECT_FALSE(army.lost);
    }
    ASSERT_TRUE(game.undo());
    EXPECT_EQ(game.model().turn_summary().sectors[1].left, 4);
    game.apply_json({{"action", "end-sector"}});
    EXPECT_TRUE(game.model().turn_summary().sectors[1].done);
    EXPECT_FALSE(game.model().turn_summary().sectors[1].working);
    // What each weather does, every number the tables' (seed 004, WEATHER).
    const Tables& t = *tables();
    EXPECT_EQ(weather_effect_words(t, Weather::Fog, 2, 0), "visibility 6 cm (unseen foes cannot be fired at), movement -50 %");
    EXPECT_EQ(weather_effect_words(t, Weather::LightRain, 3, 0), "muskets and carbines -1 a die");
    EXPECT_EQ(weather_effect_words(t, Weather::HeavyRain, 12, 0), "movement -25 %, muskets and carbines -2 a die");
    EXPECT_EQ(weather_effect_words(t, Weather::ExtremeHeat, 6, 3), "extreme heat: movement -25 % while the gauge stays on 6 (3 turns on it; D19)");
}

}  // namespace
}  // namespace fortuna::game_of_kings::testing_game
