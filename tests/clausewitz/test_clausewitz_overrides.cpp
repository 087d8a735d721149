// SPDX-License-Identifier: MIT
// Clausewitz: the rules of play issue 32 added to the umpire's overrule (a brigade in a zone of
// control facing away, activated twice), only the umpire overrules, and a circumstance measured on
// the board is never stated by the action (issue 32, 1 and 2).
#include <gtest/gtest.h>

#include <filesystem>
#include <string>
#include <utility>

#include "fortuna/clausewitz/game.hpp"
#include "fortuna/clausewitz/session.hpp"
#include "fortuna/clausewitz/system.hpp"
#include "fortuna/core/errors.hpp"
#include "fortuna/seam/library.hpp"
#include "fortuna/core/recorded_game.hpp"

namespace fortuna::clausewitz::testing_overrides {
namespace {

namespace fs = std::filesystem;
using nlohmann::json;
using RecordedClausewitz = RecordedGame<Game>;

const fs::path kCwData = FORTUNA_TEST_DATA_DIR;

// Gauthier (French) 2 cm before Bijlandt's front, Foy beside him (tests/clausewitz/test_clausewitz_game.cpp).
RecordedClausewitz gauthier_in_bijlandts_zone() {
    static const auto tables = std::make_shared<const Tables>(load_tables(kCwData));
    json d = read_json_file(kCwData / "scenarios" / "quatre-bras-opening-1815.json");
    d["sides"][0]["brigades"][2]["at"] = {103, 64};
    d["sides"][0]["generals"][1]["at"] = {103, 60};
    auto scenario = std::make_shared<const Scenario>(scenario_from_json(*tables, d, kCwData, "test"));
    json header{{"format", "fortuna-journal"}, {"game", "clausewitz"}, {"scenario", {{"id", scenario->id}, {"document", d}}}, {"seed", "7"}};
    RecordedClausewitz game(Game(tables, scenario), 7, header);
    game.apply_json({{"action", "draw"}, {"chip", "french"}});
    game.apply_json({{"action", "activate"}, {"brigade", "gauthier"}, {"general", "foy"}, {"command", {6, 6}}});
    return game;
}

std::string cw_refused(RecordedClausewitz& game, const json& action) {
    try {
        game.apply_json(action);
    } catch (const RuleError& error) {
        return error.what();
    }
    return "applied";
}

TEST(ClausewitzOverrides, FacingAwayInAZoneIsRefusedAndTheUmpireOverrulesIt) {
    const json away{{"action", "face"}, {"brigade", "gauthier"}, {"facing", 180}};
    RecordedClausewitz refused = gauthier_in_bijlandts_zone();
    EXPECT_NE(cw_refused(refused, away).find("a brigade must face it"), std::string::npos);

    RecordedClausewitz by_side = gauthier_in_bijlandts_zone();
    json theirs = away;
    theirs["overrule"] = "my phone says so";
    theirs["by"] = "french";
    EXPECT_NE(cw_refused(by_side, theirs).find("only the umpire overrules"), std::string::npos);

    RecordedClausewitz overruled = gauthier_in_bijlandts_zone();
    json umpire = away;
    umpire["overrule"] = "test: the brigade turns to meet a threat the board does not show";
    ASSERT_EQ(cw_refused(overruled, umpire), "applied");
    EXPECT_EQ(overruled.journal().back()["action"]["overrule"], umpire["overrule"]);
    std::string text;
    for (const auto& line : overruled.model().last_applied().explanation) text += line + "\n";
    EXPECT_NE(text.find("the umpire overrules: face: inside the zone of control"), std::string::npos) << text;
}

// Gauthier's front `gap` cm from Bijlandt's (2 cm in the shipped test position), activated.
RecordedClausewitz gauthier_at(double gap) {
    static const auto tables = std::make_shared<const Tables>(load_tables(kCwData));
    json d = read_json_file(kCwData / "scenarios" / "quatre-bras-opening-1815.json");
    d["sides"][0]["brigades"][2]["at"] = {103, 66 - gap};
    d["sides"][0]["generals"][1]["at"] = {103, 62 - gap};
    auto scenario = std::make_shared<const Scenario>(scenario_from_json(*tables, d, kCwData, "test"));
    json header{{"format", "fortuna-journal"}, {"game", "clausewitz"}, {"scenario", {{"id", scenario->id}, {"document", d}}}, {"seed", "7"}};
    RecordedClausewitz game(Game(tables, scenario), 7, header);
    game.apply_json({{"action", "draw"}, {"chip", "french"}});
    game.apply_json({{"action", "activate"}, {"brigade", "gauthier"}, {"general", "foy"}, {"command", {6, 6}}});
    return game;
}

TEST(ClausewitzOverrides, TheRangeBandIsMeasuredFromTheBases) {
    // Muskets: effective to 2 cm, long to 4 (data/tables/clausewitz.json): the same volley at 2 and at 4 cm.
    const json fire{{"action", "fire"}, {"brigade", "gauthier"}, {"target", "bijlandt"}, {"morale", {6, 6}}, {"steady", {6, 5, 1, 1, 1, 1, 1, 1, 1}}};
    for (const auto& [gap, band] : {std::pair{2.0, "effective range"}, std::pair{4.0, "long range"}}) {
        RecordedClausewitz game = gauthier_at(gap);
        game.apply_json(fire);
        std::string text;
        for (const auto& line : game.model().last_applied().explanation) text += line + "\n";
        EXPECT_NE(text.find(band), std::string::npos) << gap << " cm: " << text;
    }
}

TEST(ClausewitzOverrides, AnActionStatesNoCircumstanceTheBoardMeasures) {
    RecordedClausewitz game = gauthier_in_bijlandts_zone();
    // Range, enfilade and cover a Fire! may claim: each is held against the board
    // (tests/clausewitz/test_clausewitz_measured.cpp); the others are no field of it.
    for (const char* claim : {"zone", "flank", "arc", "formation_of_target"}) {
        json fire{{"action", "fire"}, {"brigade", "gauthier"}, {"target", "bijlandt"}};
        fire[claim] = true;
        EXPECT_NE(cw_refused(game, fire).find(std::string("\"") + claim + "\": not a field"), std::string::npos) << claim;
    }
}

}  // namespace
}  // namespace fortuna::clausewitz::testing_overrides
