// SPDX-License-Identifier: MIT
// Game Of Kings: the odds of an action before its roll (GameModel::foresee, the session's preview).
// Each test builds a position on the encounter's table (data/scenarios/encounter-1745.json) and
// checks that the preview's chances are the resolvers' for the circumstances the CLI would be given
// (`fortuna-cli game-of-kings musketry|melee|artillery --preview`), that the roll typed after the
// preview gives the outcome the preview listed for it, and that a preview changes nothing: the
// journal and the next generated roll are the same with and without it.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <filesystem>
#include <map>
#include <string>
#include <utility>

#include "fortuna/core/errors.hpp"
#include "fortuna/game_of_kings/session.hpp"
#include "fortuna/game_of_kings/system.hpp"
#include "fortuna/seam/library.hpp"

namespace fortuna::game_of_kings::testing_preview {
namespace {

namespace fs = std::filesystem;
using nlohmann::json;

const fs::path kPreviewData = FORTUNA_TEST_DATA_DIR;
const fs::path kPreviewEncounter = kPreviewData / "scenarios" / "encounter-1745.json";

std::shared_ptr<const Tables> preview_tables() {
    static const auto loaded = std::make_shared<const Tables>(load_tables(kPreviewData));
    return loaded;
}

std::shared_ptr<const Scenario> preview_scenario(const std::map<std::string, std::pair<double, double>>& at) {
    json document = read_json_file(kPreviewEncounter);
    for (auto& unit : document["units"]) {
        const auto found = at.find(unit["id"].get<std::string>());
        if (found != at.end()) unit["x"] = found->second.first, unit["y"] = found->second.second;
    }
    return std::make_shared<const Scenario>(scenario_from_json(*preview_tables(), kPreviewData, document, "preview.json"));
}

// France's centre sector working, 4 points, F-line-1 6.5 cm before A-british-1 (both in line): in
// the open, or (`town`) A-british-1 in the built-up area of row 1, column 4 (test_gok_measured.cpp).
Recorded preview_muskets(std::uint64_t seed = 5, bool town = false) {
    const auto scenario = town ? preview_scenario({{"F-line-1", {77, 17}}, {"A-british-1", {77, 25.5}}})
                               : preview_scenario({{"F-line-1", {100, 30}}, {"A-british-1", {100, 38.5}}});
    Recorded game(GameModel(preview_tables(), scenario), seed, journal_header(*scenario, seed));
    game.apply_json({{"action", "begin-turn"}, {"dice", {3, 4, 5, 2}}});
    game.apply_json({{"action", "choose"}, {"first", "france"}});
    game.apply_json({{"action", "action-points"}, {"dice", {4, 3, 2}}});
    game.apply_json({{"action", "sector"}, {"sector", "centre"}});
    return game;
}

// The French Cavalerie has charged the British horse from the front, 6 cm on level ground, no Variation
// (tests/game_of_kings/test_gok_measured.cpp).
Recorded preview_contact(bool charged = true) {
    const auto scenario = preview_scenario({{"A-british-horse", {12, 15}}});
    Recorded game(GameModel(preview_tables(), scenario), 3, journal_header(*scenario, 3));
    game.apply_json({{"action", "begin-turn"}, {"dice", {3, 4, 5, 2}}});
    game.apply_json({{"action", "choose"}, {"first", "allies"}});
    game.apply_json({{"action", "action-points"}, {"dice", {5, 3, 2}}});
    for (const char* sector : {"right", "left", "centre"}) {
        game.apply_json({{"action", "sector"}, {"sector", sector}});
        game.apply_json({{"action", "end-sector"}});
    }
    game.apply_json({{"action", "action-points"}, {"dice", {5, 3, 2}}});
    game.apply_json({{"action", "sector"}, {"sector", "left"}});
    if (charged) game.apply_json({{"action", "charge"}, {"unit", "F-cavalerie"}, {"target", "A-british-horse"}});
    return game;
}

double preview_chance(const Foreseen& seen, const std::string& outcome) {
    for (const auto& [label, p] : seen.odds)
        if (label == outcome) return p.value();
    ADD_FAILURE() << "no outcome \"" << outcome << "\" in the preview";
    return -1;
}

// Every group's chances (the words before ": ") sum to 1.
void expect_groups_sum_to_one(const Foreseen& seen) {
    std::map<std::string, double> sums;
    for (const auto& [label, p] : seen.odds) sums[label.substr(0, label.find(": "))] += p.value();
    EXPECT_FALSE(sums.empty());
    for (const auto& [group, sum] : sums) EXPECT_NEAR(sum, 1.0, 1e-9) << group;
}

TEST(GokPreview, MusketryOddsAreTheResolversForTheMeasuredCircumstances) {
    for (const bool town : {false, true}) {
        Recorded game = preview_muskets(5, town);
        const int target = game.model().unit_index("A-british-1");
        ASSERT_EQ(game.model().in_terrain(target, "built-up-area"), town);
        ASSERT_FALSE(game.model().in_terrain(target, "wood"));
        const Foreseen seen = game.model().foresee(GameModel::decode({{"action", "fire"}, {"unit", "F-line-1"}, {"target", "A-british-1"}}));
        // What `game-of-kings musketry --firer foot --effectiveness 100 --range 6.5 [--cover] --preview` prints.
        MusketryRequest request;
        request.firer = UnitType::Foot;
        request.effectiveness = 100;
        request.range_cm = 6.5;
        request.target_cover = town;
        const MusketrySetup cli = prepare_musketry(*preview_tables(), request);
        EXPECT_EQ(seen.roll_kind, "dice:" + std::to_string(cli.dice));
        EXPECT_EQ(seen.faces, cli.dice);
        ASSERT_EQ(seen.odds.size(), cli.hits.size());
        for (std::size_t k = 0; k < cli.hits.size(); ++k) EXPECT_NEAR(preview_chance(seen, "hits: " + std::to_string(k)), cli.hits[k], 1e-12) << k;
        expect_groups_sum_to_one(seen);
        EXPECT_NE(seen.summary.find("F-line-1 fires at A-british-1"), std::string::npos) << seen.summary;
        EXPECT_EQ(seen.summary.find("saving on 4+") != std::string::npos, town) << seen.summary;
    }
}

TEST(GokPreview, AGunsOddsAreTheResolversForTheMeasuredRange) {
    // F-guns-1 in the open of the Allied centre, A-british-1 12 cm before its front edge (test_gok_measured.cpp).
    const auto scenario = preview_scenario({{"F-guns-1", {100, 34.5}}, {"A-british-1", {100, 34.5 + 2 + 12 + 1}}, {"F-line-4", {112, 42}}});
    Recorded game(GameModel(preview_tables(), scenario), 5, journal_header(*scenario, 5));
    game.apply_json({{"action", "begin-turn"}, {"dice", {3, 4, 5, 2}}});
    game.apply_json({{"action", "choose"}, {"first", "france"}});
    game.apply_json({{"action", "action-points"}, {"dice", {4, 3, 2}}});
    game.apply_json({{"action", "sector"}, {"sector", "centre"}});
    const Foreseen seen = game.model().foresee(GameModel::decode({{"action", "fire-gun"}, {"unit", "F-guns-1"}, {"target", "A-british-1"}}));
    // What `game-of-kings artillery --shot roundshot --effectiveness 100 --target foot --range 12 --preview` prints.
    ArtilleryRequest request;
    request.shot = Shot::Roundshot;
    request.effectiveness = 100;
    request.target = Target::Foot;
    request.range_cm = 12;
    const ArtillerySetup cli = prepare_artillery(*preview_tables(), request);
    EXPECT_EQ(seen.roll_kind, "d6");  // the score die
    for (std::size_t k = 0; k < cli.potential_hits.size(); ++k)
        EXPECT_NEAR(preview_chance(seen, "potential hits: " + std::to_string(k)), cli.potential_hits[k], 1e-12) << k;
    for (std::size_t k = 0; k < cli.hits.size(); ++k) EXPECT_NEAR(preview_chance(seen, "hits: " + std::to_string(k)), cli.hits[k], 1e-12) << k;
    expect_groups_sum_to_one(seen);
}

TEST(GokPreview, TheRollTypedGivesTheOutcomeListedForIt) {
    Recorded game = preview_muskets();
    const json fire{{"action", "fire"}, {"unit", "F-line-1"}, {"target", "A-british-1"}};
    const Foreseen seen = game.model().foresee(GameModel::decode(fire));
    ASSERT_EQ(seen.faces, 4);  // foot at 100 %: a die per 25 % (seed 004, MUSKETRY)
    // 6, 5, 1, 1: two hits on 4+ against a target in the open, with the chance the preview gave.
    EXPECT_GT(preview_chance(seen, "hits: 2"), 0.0);
    json typed = fire;
    typed["roll"] = {6, 5, 1, 1};
    game.apply_json(typed);
    const json& line = game.journal().back();
    EXPECT_NE(line["summary"].get<std::string>().find(": 2 hits"), std::string::npos) << line.dump();
    EXPECT_EQ(line["action"]["roll"], json({6, 5, 1, 1}));
    // The morale test after the hits is the desk's: thrown, kept in "dice" as generated.
    ASSERT_TRUE(line["action"].contains("dice")) << line.dump();
    for (const json& die : line["action"]["dice"]) EXPECT_EQ(die.value("source", ""), "generated") << line.dump();
    // The journal replays: the typed roll as typed, the rest from the seed.
    const Recorded again = Recorded::replay(GameModel(preview_tables(), std::make_shared<const Scenario>(game.model().scenario())), 5,
                                            game.journal_header(), game.journal(), "preview.journal", [](std::size_t i) { return std::to_string(i); });
    EXPECT_EQ(again.model().to_json(), game.model().to_json());
}

TEST(GokPreview, ARollOfTheWrongSizeIsRefusedNamingTheCount) {
    Recorded game = preview_muskets();
    const json before = game.model().to_json();
    try {
        game.apply_json({{"action", "fire"}, {"unit", "F-line-1"}, {"target", "A-british-1"}, {"roll", {6, 5}}});
        FAIL() << "a roll of 2 faces for a pool of 4 was taken";
    } catch (const RuleError& error) {
        EXPECT_NE(std::string(error.what()).find("roll: expects 4 faces"), std::string::npos) << error.what();
    }
    EXPECT_EQ(game.model().to_json(), before);
    EXPECT_THROW(game.apply_json({{"action", "sector"}, {"sector", "left"}, {"roll", {6}}}), RuleError);
}

TEST(GokPreview, AMeleeShowsBothSidesAndTheChanceEachLoses) {
    Recorded game = preview_contact();
    const Foreseen seen = game.model().foresee(GameModel::decode({{"action", "melee"}, {"unit", "F-cavalerie"}, {"target", "A-british-horse"}}));
    // What `game-of-kings melee --attacker TYPE --defender TYPE --preview` prints for the two horse,
    // met frontally on level ground at 100 %.
    MeleeRequest request;
    request.attacker.type = game.model().scenario().units[static_cast<std::size_t>(game.model().unit_index("F-cavalerie"))].type;
    request.defender.type = game.model().scenario().units[static_cast<std::size_t>(game.model().unit_index("A-british-horse"))].type;
    request.attacker.cuirassiers = game.model().scenario().units[static_cast<std::size_t>(game.model().unit_index("F-cavalerie"))].cuirassiers;
    request.defender.cuirassiers = game.model().scenario().units[static_cast<std::size_t>(game.model().unit_index("A-british-horse"))].cuirassiers;
    const MeleeSetup cli = prepare_melee(*preview_tables(), request);
    for (std::size_t k = 0; k < cli.attacker.hits.size(); ++k)
        EXPECT_NEAR(preview_chance(seen, "the attacker's hits: " + std::to_string(k) + (k == 1 ? " hit" : " hits")), cli.attacker.hits[k], 1e-12);
    for (std::size_t k = 0; k < cli.defender.hits.size(); ++k)
        EXPECT_NEAR(preview_chance(seen, "the defender's hits: " + std::to_string(k) + (k == 1 ? " hit" : " hits")), cli.defender.hits[k], 1e-12);
    EXPECT_NEAR(preview_chance(seen, "loses: the attacker"), cli.attacker.loses, 1e-12);
    EXPECT_NEAR(preview_chance(seen, "loses: the defender"), cli.defender.loses, 1e-12);
    EXPECT_NEAR(preview_chance(seen, "loses: neither"), cli.neither_loses, 1e-12);
    expect_groups_sum_to_one(seen);
    EXPECT_EQ(seen.roll_kind, "dice:" + std::to_string(seen.faces));
    EXPECT_EQ(seen.half_die, cli.attacker.pool.half_dice > 0);
}

// The Uhlans de Saxe (France's lancers) in the Cavalerie's place charge A-british-1 in line from 8.5 cm,
// beyond musket range: the foot fires first (6,1,1,1: one hit at -1) and the lancers hold (6), so
// they melee at 75 %: 1½ dice per 25 % against foot in firing order met frontally, 4 and a half.
Recorded preview_lancers() {
    json document = read_json_file(kPreviewEncounter);
    for (auto& unit : document["units"]) {
        if (unit["id"] == "F-cavalerie") unit["list_unit"] = "uhlans-de-saxe";
        if (unit["id"] == "A-british-1") unit["x"] = 12, unit["y"] = 16.5;
    }
    const auto scenario = std::make_shared<const Scenario>(scenario_from_json(*preview_tables(), kPreviewData, document, "lancers.json"));
    Recorded game(GameModel(preview_tables(), scenario), 3, journal_header(*scenario, 3));
    game.apply_json({{"action", "begin-turn"}, {"dice", {3, 4, 5, 2}}});
    game.apply_json({{"action", "choose"}, {"first", "france"}});
    game.apply_json({{"action", "action-points"}, {"dice", {5, 3, 2}}});
    game.apply_json({{"action", "sector"}, {"sector", "left"}});
    game.apply_json({{"action", "charge"}, {"unit", "F-cavalerie"}, {"target", "A-british-1"}, {"dice", {6, 1, 1, 1, 6}}});
    return game;
}

TEST(GokPreview, AHalfDieIsTypedAsTheSeedThrowsItItsDeciderFirst) {
    const json melee{{"action", "melee"}, {"unit", "F-cavalerie"}, {"target", "A-british-1"}};
    for (const int decider : {1, 6}) {
        Recorded game = preview_lancers();
        const Foreseen seen = game.model().foresee(GameModel::decode(melee));
        ASSERT_TRUE(seen.half_die) << seen.summary;
        // 4 and a half dice: the decider, the 4 whole dice, then the half's own die (D5, D38).
        EXPECT_EQ(seen.roll_kind, "dice:6");
        EXPECT_NE(seen.summary.find("4 and a half dice"), std::string::npos) << seen.summary;
        json typed = melee;
        typed["roll"] = {decider, 6, 6, 6, 1, 6};
        game.apply_json(typed);
        const std::string summary = game.journal().back()["summary"].get<std::string>();
        // The decider's 1 loses the half: three 6s of four whole dice hit; its 6 makes the half's 6 a fourth.
        EXPECT_NE(summary.find(decider == 1 ? "hits 3 and" : "hits 4 and"), std::string::npos) << summary;
        std::string text;
        for (const std::string& line : game.model().last_explanation()) text += line + "\n";
        EXPECT_EQ(text.find("is not counted") != std::string::npos, decider == 1) << text;
        EXPECT_EQ(game.journal().back()["action"]["roll"], typed["roll"]);
    }
}

TEST(GokPreview, AChargeShowsTheMeleeItsContactWouldBring) {
    // 6 cm to contact of 10: no Variation, no fire before contact (horse): no die in the charge itself.
    const Recorded before = preview_contact(false);
    const Foreseen charge = before.model().foresee(GameModel::decode({{"action", "charge"}, {"unit", "F-cavalerie"}, {"target", "A-british-horse"}}));
    EXPECT_EQ(charge.roll_kind, "");
    const Recorded after = preview_contact(true);
    const Foreseen melee = after.model().foresee(GameModel::decode({{"action", "melee"}, {"unit", "F-cavalerie"}, {"target", "A-british-horse"}}));
    EXPECT_NEAR(preview_chance(charge, "then the melee, who loses: the attacker"), preview_chance(melee, "loses: the attacker"), 1e-15);
    EXPECT_NEAR(preview_chance(charge, "then the melee, who loses: the defender"), preview_chance(melee, "loses: the defender"), 1e-15);
    EXPECT_NEAR(preview_chance(charge, "then the melee, the attacker's hits: 2 hits"), preview_chance(melee, "the attacker's hits: 2 hits"), 1e-15);
    expect_groups_sum_to_one(charge);
    // The lancers' charge throws the foot's fire first: its chances, then the melee at contact.
    json document = read_json_file(kPreviewEncounter);
    for (auto& unit : document["units"]) {
        if (unit["id"] == "F-cavalerie") unit["list_unit"] = "uhlans-de-saxe";
        if (unit["id"] == "A-british-1") unit["x"] = 12, unit["y"] = 16.5;
    }
    const auto scenario = std::make_shared<const Scenario>(scenario_from_json(*preview_tables(), kPreviewData, document, "lancers.json"));
    Recorded lancers(GameModel(preview_tables(), scenario), 3, journal_header(*scenario, 3));
    lancers.apply_json({{"action", "begin-turn"}, {"dice", {3, 4, 5, 2}}});
    lancers.apply_json({{"action", "choose"}, {"first", "france"}});
    lancers.apply_json({{"action", "action-points"}, {"dice", {5, 3, 2}}});
    lancers.apply_json({{"action", "sector"}, {"sector", "left"}});
    const Foreseen fire = lancers.model().foresee(GameModel::decode({{"action", "charge"}, {"unit", "F-cavalerie"}, {"target", "A-british-1"}}));
    EXPECT_EQ(fire.roll_kind, "dice:4");  // the foot's four dice at -1
    EXPECT_GT(preview_chance(fire, "fire before contact: 0 hits"), 0.0);
    EXPECT_GT(preview_chance(fire, "then the melee, who loses: the defender"), 0.0);
    expect_groups_sum_to_one(fire);
}

TEST(GokPreview, ARefusedActionIsRefusedAsApplyRefusesIt) {
    Recorded game = preview_muskets();
    // A-british-2 is beyond musket range: the preview's refusal is apply's, word for word.
    const json far{{"action", "fire"}, {"unit", "F-line-1"}, {"target", "A-british-2"}};
    std::string previewed, applied;
    try {
        (void)game.model().foresee(GameModel::decode(far));
    } catch (const RuleError& error) {
        previewed = error.what();
    }
    try {
        game.apply_json(far);
    } catch (const RuleError& error) {
        applied = error.what();
    }
    EXPECT_FALSE(previewed.empty());
    EXPECT_EQ(previewed, applied);
}

TEST(GokPreview, APreviewChangesNeitherTheJournalNorTheNextRoll) {
    Recorded with = preview_muskets(11);
    Recorded without = preview_muskets(11);
    const json fire{{"action", "fire"}, {"unit", "F-line-1"}, {"target", "A-british-1"}};
    for (int i = 0; i < 3; ++i) (void)with.model().foresee(GameModel::decode(fire));
    EXPECT_EQ(with.journal(), without.journal());
    with.apply_json(fire);
    without.apply_json(fire);
    EXPECT_EQ(with.journal(), without.journal());  // the same generated dice
    EXPECT_EQ(with.model().to_json(), without.model().to_json());
}

TEST(GokPreview, TheSessionPreviewsWithTheRollSlotAndTakesTheRollAPhoneTypes) {
    const auto session = open_session(kPreviewData, kPreviewEncounter, kScenarioFormat, 7);
    // The first action of a turn: the weather gauge starts on 2d6 (seed 004, WEATHER).
    const ActionPreview weather = session->preview({{"action", "begin-turn"}});
    EXPECT_EQ(weather.roll_kind, "dice:2");
    EXPECT_EQ(weather.roll_slot, "roll");
    EXPECT_TRUE(weather.unavailable.empty());
    std::uint64_t sum = 0;
    for (const OutcomeChance& chance : weather.odds) {
        EXPECT_EQ(chance.denominator, 36u);
        sum += chance.numerator;
    }
    EXPECT_EQ(sum, 36u);
    const std::size_t lines = session->journal().size();
    json begin{{"action", "begin-turn"}};
    begin[weather.roll_slot] = session->entered_roll(weather.roll_kind, "3,4");
    (void)session->apply(begin);
    EXPECT_EQ(session->journal().size(), lines + 1);
    const std::string summary = session->journal().back()["summary"].get<std::string>();
    EXPECT_NE(summary.find("(gauge 7)"), std::string::npos) << summary;  // 3 + 4 on the listed "weather: gauge 7 (fair)"
    bool listed = false;
    for (const OutcomeChance& chance : weather.odds) listed = listed || chance.outcome == "weather: gauge 7 (fair)";
    EXPECT_TRUE(listed);
    // Who may ask what from a phone: the unit actions, never the turn's, the dice or the claims.
    const PlayerActions allowed = session->player_actions();
    EXPECT_FALSE(allowed.open);
    EXPECT_EQ(allowed.kind_key, "action");
    ASSERT_NE(allowed.find("melee"), nullptr);
    EXPECT_EQ(allowed.find("begin-turn"), nullptr);
    EXPECT_EQ(allowed.find("end-sector"), nullptr);
    const PlayerActionKind& melee = *allowed.find("melee");
    EXPECT_EQ(melee.own, std::vector<std::string>{"unit"});
    EXPECT_EQ(melee.existing, std::vector<std::string>{"target"});
    for (const char* key : {"rear", "flank", "higher-ground", "dice", "roll", "override"}) {
        EXPECT_EQ(std::find(melee.keys.begin(), melee.keys.end(), key), melee.keys.end()) << key;
        EXPECT_NE(std::find(melee.umpire_keys.begin(), melee.umpire_keys.end(), key), melee.umpire_keys.end()) << key;
    }
}

}  // namespace
}  // namespace fortuna::game_of_kings::testing_preview
