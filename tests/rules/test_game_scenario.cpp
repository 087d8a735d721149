// SPDX-License-Identifier: MIT
// Scenarios: the shipped test scenario validates; bad ones are refused naming the JSON pointer.
#include <gtest/gtest.h>

#include "fortuna/core/errors.hpp"
#include "test_game_support.hpp"

namespace fortuna {
namespace {

using testing::library;
using testing::skirmish;

TEST(GameScenario, TestSkirmishValidatesAndReadsAsWritten) {
    const Scenario& s = skirmish();
    EXPECT_EQ(s.id, "test-skirmish");
    EXPECT_EQ(s.ruleset, "gloire-dice");
    EXPECT_EQ(format_clock(s.start), "12:15");
    EXPECT_EQ(format_clock(s.dusk), "16:25");
    EXPECT_DOUBLE_EQ(s.board.width_mm, 1500);
    EXPECT_DOUBLE_EQ(s.board.depth_mm, 1200);
    ASSERT_EQ(s.sides.size(), 2U);
    EXPECT_EQ(s.sides[0].commands[0].units.size(), 4U);
    EXPECT_EQ(s.sides[0].commands[0].units[0].code, "F-I1");
    EXPECT_EQ(s.sides[0].commands[0].units[0].unit_type->name, "Line Infantry");
    ASSERT_EQ(s.terrain.size(), 4U);
    EXPECT_EQ(s.terrain[0].kind, TerrainKind::Hill);
    EXPECT_EQ(s.terrain[0].layers, 2);
    EXPECT_EQ(s.terrain[3].kind, TerrainKind::Village);
    EXPECT_EQ(s.terrain[3].shelters, 2);
    EXPECT_FALSE(s.terrain[2].closed);  // the road is a polyline
    ASSERT_EQ(s.reinforcements.size(), 1U);
    EXPECT_EQ(format_clock(s.reinforcements[0].arrives), "12:45");
    EXPECT_TRUE(RulesLibrary::validate(FORTUNA_TEST_DATA_DIR, {std::filesystem::path(FORTUNA_TEST_DATA_DIR) / "scenarios" / "test-skirmish.json"}).empty());
}

// Edits the test scenario's document, loads it, and returns the DataError's pointer.
std::string refused_at(const std::function<void(nlohmann::json&)>& edit, std::string* expected = nullptr) {
    nlohmann::json document = skirmish().document;
    edit(document);
    try {
        (void)Scenario::from_json(document, "edited.json", library());
    } catch (const DataError& error) {
        if (expected) *expected = error.expected();
        return error.where();
    }
    return "accepted";
}

TEST(GameScenario, UnknownUnitTypeNamesItsPointerAndTheKnownTypes) {
    std::string expected;
    EXPECT_EQ(refused_at([](auto& d) { d["sides"][1]["commands"][0]["units"][2]["type"] = "hussars"; }, &expected),
              "/sides/1/commands/0/units/2/type");
    EXPECT_NE(expected.find("regular-cavalry"), std::string::npos) << expected;
}

TEST(GameScenario, UnknownNationIsRefused) {
    EXPECT_EQ(refused_at([](auto& d) { d["sides"][0]["commands"][0]["units"][0]["nation"] = "venice"; }),
              "/sides/0/commands/0/units/0/nation");
}

TEST(GameScenario, DuplicateCodeIsRefused) {
    EXPECT_EQ(refused_at([](auto& d) { d["sides"][1]["commands"][0]["units"][0]["code"] = "F-I1"; }),
              "/sides/1/commands/0/units/0/code");
}

TEST(GameScenario, PositionOffTheBoardIsRefused) {
    EXPECT_EQ(refused_at([](auto& d) { d["sides"][0]["commands"][0]["units"][1]["position"]["x_mm"] = 1600; }),
              "/sides/0/commands/0/units/1/position");
}

TEST(GameScenario, SchemaViolationsNameThePointer) {
    EXPECT_EQ(refused_at([](auto& d) { d["terrain"][0].erase("layers"); }).rfind("/terrain/0", 0), 0U);
    EXPECT_EQ(refused_at([](auto& d) { d["start"] = "noon"; }), "/start");
    EXPECT_EQ(refused_at([](auto& d) { d["sides"][0]["commands"][0]["units"][0]["bases"] = 0; }),
              "/sides/0/commands/0/units/0/bases");
}

TEST(GameScenario, ReinforcementOfUnknownSideIsRefused) {
    EXPECT_EQ(refused_at([](auto& d) { d["reinforcements"][0]["side"] = "swedes"; }), "/reinforcements/0/side");
}

TEST(GameScenario, NewerFormatSaysSo) {
    std::string expected;
    EXPECT_EQ(refused_at([](auto& d) { d["format_version"] = 2; }, &expected), "/format_version");
    EXPECT_NE(expected.find("newer"), std::string::npos);
}

TEST(GameScenario, InfoCountsBasesBySide) {
    const Game game(library(), skirmish(), 1);
    EXPECT_EQ(game.tally(0).bases_start, 14);  // 5 + 5 + 3 + 1
    EXPECT_EQ(game.tally(1).bases_start, 14);  // dragoons not yet arrived
    EXPECT_EQ(game.tally(1).units_by_state.at("awaiting"), 1);
}

}  // namespace
}  // namespace fortuna
