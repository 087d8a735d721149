// SPDX-License-Identifier: MIT
// Game Of Kings: every circumstance that changes a result is the board's (issue 32). Each test builds
// a position on the encounter's table (data/scenarios/encounter-1745.json), applies the action through
// the recorded game, and checks the term in the explanation is the measured one; then that a claim
// the board does not bear out is refused naming what the board shows, that a side's override is no
// umpire's, and that the umpire's override applies the claim and says so. The table of
// circumstances is in docs/rules/enforcement.md ("Game Of Kings and Clausewitz").
#include <gtest/gtest.h>

#include <filesystem>
#include <map>
#include <string>
#include <utility>

#include "fortuna/core/errors.hpp"
#include "fortuna/game_of_kings/session.hpp"
#include "fortuna/game_of_kings/system.hpp"
#include "fortuna/seam/library.hpp"

namespace fortuna::game_of_kings::testing_measured {
namespace {

namespace fs = std::filesystem;
using nlohmann::json;

const fs::path kMeasuredData = FORTUNA_TEST_DATA_DIR;
const fs::path kMeasuredEncounter = kMeasuredData / "scenarios" / "encounter-1745.json";

std::shared_ptr<const Tables> measured_tables() {
    static const auto loaded = std::make_shared<const Tables>(load_tables(kMeasuredData));
    return loaded;
}

// The encounter with the units named moved to the centres given (cm).
std::shared_ptr<const Scenario> measured_scenario(const std::map<std::string, std::pair<double, double>>& at) {
    json document = read_json_file(kMeasuredEncounter);
    for (auto& unit : document["units"]) {
        const auto found = at.find(unit["id"].get<std::string>());
        if (found != at.end()) unit["x"] = found->second.first, unit["y"] = found->second.second;
    }
    return std::make_shared<const Scenario>(scenario_from_json(*measured_tables(), kMeasuredData, document, "measured.json"));
}

// France's centre sector working, 4 points (the dice of tests/game_of_kings/test_gok_game.cpp).
Recorded measured_centre(const std::map<std::string, std::pair<double, double>>& at) {
    const auto scenario = measured_scenario(at);
    Recorded game(GameModel(measured_tables(), scenario), 5, journal_header(*scenario, 5));
    game.apply_json({{"action", "begin-turn"}, {"dice", {3, 4, 5, 2}}});
    game.apply_json({{"action", "choose"}, {"first", "france"}});
    game.apply_json({{"action", "action-points"}, {"dice", {4, 3, 2}}});
    game.apply_json({{"action", "sector"}, {"sector", "centre"}});
    return game;
}

// F-guns-1 in the open of the Allied centre (row 2, column 4 of the generator has no piece), the
// target A-british-1 `range` cm before its front edge, straight ahead; F-line-4 at `blocker` if given.
Recorded measured_gun(double range, std::pair<double, double> blocker = {102, 5}) {
    // The gun's base is 2 x 4 cm (D25): its front edge 2 cm before its centre; a line of foot is 2 deep.
    return measured_centre({{"F-guns-1", {100, 34.5}}, {"A-british-1", {100, 34.5 + 2 + range + 1}}, {"F-line-4", blocker}});
}

// The French Cavalerie (12, 5) has charged the British horse placed at (12, horse_y): the Allies went
// first, the horse about-faced in their half if `turned` (its back to the French), then France's
// left sector charged. The melee is to be fought.
Recorded measured_contact(double horse_y, bool turned) {
    const auto scenario = measured_scenario({{"A-british-horse", {12, horse_y}}});
    Recorded game(GameModel(measured_tables(), scenario), 3, journal_header(*scenario, 3));
    game.apply_json({{"action", "begin-turn"}, {"dice", {3, 4, 5, 2}}});
    game.apply_json({{"action", "choose"}, {"first", "allies"}});
    game.apply_json({{"action", "action-points"}, {"dice", {5, 3, 2}}});
    for (const char* sector : {"right", "left", "centre"}) {
        game.apply_json({{"action", "sector"}, {"sector", sector}});
        if (turned && std::string(sector) == "right") game.apply_json({{"action", "about-face"}, {"unit", "A-british-horse"}});
        game.apply_json({{"action", "end-sector"}});
    }
    game.apply_json({{"action", "action-points"}, {"dice", {5, 3, 2}}});
    game.apply_json({{"action", "sector"}, {"sector", "left"}});
    game.apply_json({{"action", "charge"}, {"unit", "F-cavalerie"}, {"target", "A-british-horse"}});
    return game;
}

std::string measured_refusal(Recorded& game, const json& action) {
    try {
        game.apply_json(action);
    } catch (const RuleError& error) {
        return error.what();
    }
    return "applied";
}

std::string measured_text(const Recorded& game) {
    std::string text;
    for (const std::string& line : game.model().last_explanation()) text += line + "\n";
    return text;
}

json measured_with(json action, const char* key, const json& value) {
    action[key] = value;
    return action;
}

// The claim refused with `words`, refused again when a side sends the override, and applied with the
// umpire's reason: the journal keeps it and the explanation says what was claimed beside the measure.
// Returns the umpire's game for the caller to check the term read.
template <typename Make>
Recorded measured_claim_cases(Make make, const json& action, const std::string& words, const std::string& claimed) {
    Recorded refused = make();
    const std::string why = measured_refusal(refused, action);
    EXPECT_NE(why.find(words), std::string::npos) << why;
    EXPECT_NE(why.find("the umpire overrules"), std::string::npos) << why;

    Recorded by_side = make();
    json theirs = measured_with(action, "override", "my phone says so");
    theirs["by"] = "france";
    EXPECT_NE(measured_refusal(by_side, theirs).find("only the umpire overrules"), std::string::npos);

    Recorded umpire = make();
    const json overruled = measured_with(action, "override", "test: a hedge the board does not have");
    EXPECT_EQ(measured_refusal(umpire, overruled), "applied");
    const std::string line = umpire.journal().back().dump();
    EXPECT_NE(line.find("\"override\":\"test: a hedge the board does not have\""), std::string::npos) << line;
    EXPECT_NE(umpire.journal().back()["summary"].get<std::string>().find("(claimed by the umpire: " + claimed), std::string::npos) << line;
    const std::string text = measured_text(umpire);
    EXPECT_NE(text.find("overruled by the umpire: test: a hedge the board does not have (" + words), std::string::npos) << text;
    EXPECT_NE(text.find("claimed by the umpire: " + claimed), std::string::npos) << text;
    return umpire;
}

// ---------------------------------------------------------------- flank and rear of a melee

TEST(GokMeasured, RearOfAMeleeIsTheBoards) {
    const json melee{{"action", "melee"}, {"unit", "F-cavalerie"}, {"target", "A-british-horse"}};
    // The horse turned its back: the charge meets its rear; the attacker's flank-or-rear die, the defender halved (D6).
    Recorded rear = measured_contact(15, true);
    ASSERT_EQ(rear.model().state().contacts.size(), 1u);
    EXPECT_TRUE(rear.model().state().contacts[0].from_rear);
    rear.apply_json(melee);
    EXPECT_NE(measured_text(rear).find("measured on the board: from the rear"), std::string::npos) << measured_text(rear);
    EXPECT_NE(measured_text(rear).find("attacking in flank or rear"), std::string::npos) << measured_text(rear);
    // Facing the French, the same charge meets its front: no such die.
    Recorded front = measured_contact(15, false);
    EXPECT_FALSE(front.model().state().contacts[0].from_rear);
    front.apply_json(melee);
    EXPECT_NE(measured_text(front).find("measured on the board: from the front"), std::string::npos) << measured_text(front);
    EXPECT_EQ(measured_text(front).find("attacking in flank or rear"), std::string::npos) << measured_text(front);
    // A claim the board bears out changes nothing.
    Recorded agreed = measured_contact(15, false);
    agreed.apply_json(measured_with(melee, "rear", false));
    EXPECT_NE(measured_text(agreed).find("rear: the action claims front; the board agrees: front"), std::string::npos) << measured_text(agreed);
    EXPECT_EQ(measured_text(agreed).find("attacking in flank or rear"), std::string::npos);
    // Claimed against the board: refused; the umpire's override reads the rear.
    Recorded umpire = measured_claim_cases([] { return measured_contact(15, false); }, measured_with(melee, "rear", true),
                                           "rear: the action claims rear, the board shows front (seed 004, MELEES; D29)", "rear (the board shows: front)");
    EXPECT_NE(measured_text(umpire).find("attacking in flank or rear"), std::string::npos) << measured_text(umpire);
    EXPECT_NE(measured_text(umpire).find("measured on the board: from the front"), std::string::npos) << measured_text(umpire);
}

TEST(GokMeasured, FlankOfAMeleeIsTheBoards) {
    // A charge from ahead of the target's front edge is a frontal contact: the board shows no flank (D46).
    const json melee{{"action", "melee"}, {"unit", "F-cavalerie"}, {"target", "A-british-horse"}};
    Recorded agreed = measured_contact(15, false);
    agreed.apply_json(measured_with(melee, "flank", false));
    EXPECT_NE(measured_text(agreed).find("flank: the action claims no flank; the board agrees"), std::string::npos) << measured_text(agreed);
    Recorded umpire = measured_claim_cases([] { return measured_contact(15, false); }, measured_with(melee, "flank", true),
                                           "flank: the action claims flank, the board shows no flank (seed 004, MELEES; D46)",
                                           "flank (the board shows: no flank");
    EXPECT_NE(measured_text(umpire).find("attacking in flank or rear"), std::string::npos) << measured_text(umpire);
}

// ---------------------------------------------------------------- higher ground

TEST(GokMeasured, HigherGroundIsTheBoards) {
    // The generator's hill in row 1, column 1 (x 7.6-22.9, y 9.5-28.6; D27).
    const json melee{{"action", "melee"}, {"unit", "F-cavalerie"}, {"target", "A-british-horse"}};
    // The horse at y 12 stands on the hill, the charger stops at y 8 below it: the defender's die.
    Recorded below = measured_contact(12, false);
    ASSERT_TRUE(below.model().in_terrain(below.model().unit_index("A-british-horse"), "hill"));
    ASSERT_FALSE(below.model().in_terrain(below.model().unit_index("F-cavalerie"), "hill"));
    below.apply_json(melee);
    EXPECT_NE(measured_text(below).find("higher ground the defender's"), std::string::npos) << measured_text(below);
    EXPECT_NE(measured_text(below).find("on higher ground"), std::string::npos) << measured_text(below);
    // At y 15 the charger stops at y 11, on the hill too: neither side higher, no die.
    Recorded level = measured_contact(15, false);
    ASSERT_TRUE(level.model().in_terrain(level.model().unit_index("F-cavalerie"), "hill"));
    level.apply_json(melee);
    EXPECT_NE(measured_text(level).find("higher ground neither side's"), std::string::npos) << measured_text(level);
    EXPECT_EQ(measured_text(level).find("on higher ground"), std::string::npos) << measured_text(level);
    // The attacker claims the height: refused naming the board; the umpire's override gives it the die.
    Recorded umpire = measured_claim_cases(
        [] { return measured_contact(15, false); }, measured_with(melee, "higher-ground", "attacker"),
        "higher-ground: the action claims the attacker higher, the board shows neither side higher (hills at the two centres) (seed 004, MELEES; D2)",
        "the attacker higher");
    EXPECT_NE(measured_text(umpire).find("on higher ground"), std::string::npos) << measured_text(umpire);
    EXPECT_NE(measured_text(umpire).find("higher ground neither side's"), std::string::npos) << measured_text(umpire);
    // A claim of the wrong shape names the field.
    Recorded bad = measured_contact(15, false);
    EXPECT_EQ(measured_refusal(bad, measured_with(melee, "higher-ground", "uphill")).rfind("higher-ground: expects", 0), 0u);
}

// ---------------------------------------------------------------- contact for a melee

TEST(GokMeasured, ContactForAMeleeIsTheBoards) {
    // Units 6 cm apart are not in contact: a melee is refused with the distance measured; the charge makes contact.
    Recorded apart = measured_contact(15, false);
    apart.undo();
    const std::string why = measured_refusal(apart, {{"action", "melee"}, {"unit", "F-cavalerie"}, {"target", "A-british-horse"}});
    EXPECT_NE(why.find("is not in contact with F-cavalerie (measured 6.0 cm); contact is made by a charge (seed 004, MELEES)"), std::string::npos) << why;
    Recorded touching = measured_contact(15, false);
    EXPECT_NEAR(touching.model().distance(touching.model().unit_index("F-cavalerie"), touching.model().unit_index("A-british-horse")), 0.0, 1e-9);
    EXPECT_EQ(measured_refusal(touching, {{"action", "melee"}, {"unit", "F-cavalerie"}, {"target", "A-british-horse"}}), "applied");
    // "contact" is no claim an action can make.
    Recorded claim = measured_contact(15, false);
    EXPECT_EQ(measured_refusal(claim, {{"action", "melee"}, {"unit", "F-cavalerie"}, {"target", "A-british-horse"}, {"contact", true}}).rfind("contact: not a field", 0), 0u);
}

// ---------------------------------------------------------------- cover

TEST(GokMeasured, CoverIsTheBoards) {
    const json fire{{"action", "fire-gun"}, {"unit", "F-guns-1"}, {"target", "A-british-1"}};
    // In the open: no saving throw. In the built-up area of row 1, column 3 (the gun's own position): a 4+ save.
    Recorded open = measured_gun(12);
    open.apply_json(fire);
    EXPECT_NE(measured_text(open).find("the target in the open"), std::string::npos) << measured_text(open);
    EXPECT_EQ(measured_text(open).find("saving throw of 4+"), std::string::npos) << measured_text(open);
    Recorded town = measured_centre({{"A-british-1", {77, 25.5}}});
    ASSERT_TRUE(town.model().in_terrain(town.model().unit_index("A-british-1"), "built-up-area"));
    town.apply_json(fire);
    EXPECT_NE(measured_text(town).find("the target behind cover"), std::string::npos) << measured_text(town);
    EXPECT_NE(measured_text(town).find("saving throw of 4+"), std::string::npos) << measured_text(town);
    // Claimed in the open: refused; the umpire's override gives the save and says so.
    Recorded umpire = measured_claim_cases([] { return measured_gun(12); }, measured_with(fire, "cover", true),
                                           "cover: the action claims cover (the target in a wood, built-up area or works), the board shows no cover (the target in the open) "
                                           "(seed 004, SAVING THROWS; D27)",
                                           "cover (the target in a wood, built-up area or works) (the board shows: no cover");
    EXPECT_NE(measured_text(umpire).find("saving throw of 4+"), std::string::npos) << measured_text(umpire);
    // Musketry reads the same measure, and a claim the board bears out is accepted.
    Recorded muskets = measured_centre({{"F-line-1", {77, 17}}, {"A-british-1", {77, 25.5}}});
    muskets.apply_json({{"action", "fire"}, {"unit", "F-line-1"}, {"target", "A-british-1"}, {"cover", true}});
    EXPECT_NE(measured_text(muskets).find("cover: the action claims cover (the target in a wood, built-up area or works); the board agrees"), std::string::npos)
        << measured_text(muskets);
    EXPECT_NE(measured_text(muskets).find("saving throw of 4+"), std::string::npos) << measured_text(muskets);
}

// ---------------------------------------------------------------- range band

TEST(GokMeasured, RangeBandIsTheBoards) {
    const json fire{{"action", "fire-gun"}, {"unit", "F-guns-1"}, {"target", "A-british-1"}};
    // 5 cm: canister (0-6 cm); 12 cm: roundshot (seed 004, ARTILLERY).
    Recorded near = measured_gun(5);
    near.apply_json(fire);
    EXPECT_NE(near.journal().back()["summary"].get<std::string>().find("fires canister at A-british-1 (5.0 cm)"), std::string::npos)
        << near.journal().back().dump();
    Recorded far = measured_gun(12);
    far.apply_json(fire);
    EXPECT_NE(far.journal().back()["summary"].get<std::string>().find("fires roundshot at A-british-1 (12.0 cm)"), std::string::npos)
        << far.journal().back().dump();
    // A range within 2 mm of the board's agrees.
    Recorded agreed = measured_gun(12);
    agreed.apply_json(measured_with(fire, "range", 12.1));
    EXPECT_NE(measured_text(agreed).find("range: the action claims a range of 12.1 cm; the board agrees: 12.0 cm"), std::string::npos) << measured_text(agreed);
    EXPECT_NE(agreed.journal().back()["summary"].get<std::string>().find("roundshot"), std::string::npos);
    // Canister claimed at 12 cm: refused; the umpire's override reads canister.
    Recorded umpire = measured_claim_cases([] { return measured_gun(12); }, measured_with(fire, "range", 5),
                                           "range: the action claims a range of 5.0 cm, the board shows 12.0 cm (seed 004, ARTILLERY; D26)",
                                           "a range of 5.0 cm (the board shows: 12.0 cm)");
    EXPECT_NE(umpire.journal().back()["summary"].get<std::string>().find("fires canister"), std::string::npos) << umpire.journal().back().dump();
    // Muskets: out of their 8 cm is a rule the umpire may overrule; a range claimed is held to the board as well.
    Recorded muskets = measured_centre({{"F-line-1", {77, 17}}, {"A-british-1", {77, 25.5}}});
    EXPECT_NE(measured_refusal(muskets, {{"action", "fire"}, {"unit", "F-line-1"}, {"target", "A-british-1"}, {"range", 2}})
                  .find("range: the action claims a range of 2.0 cm, the board shows 6.5 cm (seed 004, MUSKETRY; D26)"),
              std::string::npos);
}

// ---------------------------------------------------------------- what stands between

TEST(GokMeasured, WhatStandsBetweenIsTheBoards) {
    const json fire{{"action", "fire-gun"}, {"unit", "F-guns-1"}, {"target", "A-british-1"}};
    // F-line-4 on the line of fire: the target is unseen (D28); the umpire may overrule; moved aside, the gun fires.
    const std::pair<double, double> between{100, 42};
    Recorded blocked = measured_gun(12, between);
    const std::string why = measured_refusal(blocked, fire);
    EXPECT_NE(why.find("target: A-british-1 cannot be seen from F-guns-1 (a unit in the line of fire, or fog; D28)"), std::string::npos) << why;
    Recorded overruled = measured_gun(12, between);
    EXPECT_EQ(measured_refusal(overruled, measured_with(fire, "override", "test: the umpire sees over the foot")), "applied");
    EXPECT_NE(measured_text(overruled).find("overruled by the umpire: test: the umpire sees over the foot (target: A-british-1 cannot be seen"), std::string::npos);
    Recorded clear = measured_gun(12, {112, 42});
    EXPECT_EQ(measured_refusal(clear, fire), "applied");
}

// ---------------------------------------------------------------- column or line

TEST(GokMeasured, ColumnOrLineIsTheBoards) {
    const json fire{{"action", "fire"}, {"unit", "F-line-1"}, {"target", "A-british-1"}};
    Recorded line = measured_centre({{"F-line-1", {77, 17}}, {"A-british-1", {77, 25.5}}});
    line.apply_json(fire);
    EXPECT_EQ(measured_text(line).find("in column"), std::string::npos) << measured_text(line);
    // Formed in column (line to column is free): the front base only and -1 (seed 004, MUSKETRY; D13).
    Recorded column = measured_centre({{"F-line-1", {77, 17}}, {"A-british-1", {77, 25.5}}});
    column.apply_json({{"action", "form"}, {"unit", "F-line-1"}, {"formation", "column"}});
    column.apply_json(fire);
    EXPECT_NE(measured_text(column).find("in column"), std::string::npos) << measured_text(column);
    // A formation sent with a fire is no claim the game reads: refused naming the field.
    Recorded claim = measured_centre({{"F-line-1", {77, 17}}, {"A-british-1", {77, 25.5}}});
    EXPECT_EQ(measured_refusal(claim, measured_with(fire, "formation", "line")).rfind("formation: not a field of a Game Of Kings fire action", 0), 0u);
}

TEST(GokMeasured, AClaimOnlyTheActionsItConcernsMayStateAndTheJournalReplaysIt) {
    Recorded game = measured_gun(12);
    EXPECT_EQ(measured_refusal(game, {{"action", "fire-gun"}, {"unit", "F-guns-1"}, {"target", "A-british-1"}, {"rear", true}}).rfind("rear: not a field of a Game Of Kings fire-gun action", 0),
              0u);
    EXPECT_EQ(measured_refusal(game, {{"action", "fire-gun"}, {"unit", "F-guns-1"}, {"target", "A-british-1"}, {"range", "far"}}).rfind("range: expects", 0), 0u);
    game.apply_json({{"action", "fire-gun"}, {"unit", "F-guns-1"}, {"target", "A-british-1"}, {"range", 5}, {"override", "test: the umpire's tape"}});
    EXPECT_EQ(game.journal().back()["action"]["range"], 5);
    const auto scenario = measured_scenario({{"F-guns-1", {100, 34.5}}, {"A-british-1", {100, 49.5}}, {"F-line-4", {102, 5}}});
    const Recorded replayed = Recorded::replay(GameModel(measured_tables(), scenario), 5, journal_header(*scenario, 5), game.journal(), "test",
                                               [](std::size_t i) { return "/journal/" + std::to_string(i); });
    EXPECT_EQ(replayed.model().to_json(), game.model().to_json());
}

}  // namespace
}  // namespace fortuna::game_of_kings::testing_measured
