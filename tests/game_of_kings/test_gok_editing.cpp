// SPDX-License-Identifier: MIT
// Game Of Kings in the scenario editor's seam (issue 31): the empty battle lists what is still to
// do, the generator thrown from seed 1745 gives the encounter's own dice, a draft's ground and
// points are the game's, and a draft with many faults names each at its pointer at once.
#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <set>
#include <string>

#include "fortuna/game_of_kings/editing.hpp"
#include "fortuna/seam/library.hpp"

namespace fortuna::game_of_kings::testing_editing {
namespace {

namespace fs = std::filesystem;
using nlohmann::json;

const fs::path kEditingData = FORTUNA_TEST_DATA_DIR;

std::shared_ptr<const Tables> editing_tables() {
    static const auto loaded = std::make_shared<const Tables>(load_tables(kEditingData));
    return loaded;
}
json encounter_document() { return read_json_file(kEditingData / "scenarios" / "encounter-1745.json"); }

std::set<std::string> pointers_of(const std::vector<ScenarioProblem>& problems) {
    std::set<std::string> out;
    for (const auto& p : problems) out.insert(p.pointer);
    return out;
}

TEST(GokEditing, TheEmptyBattleIsOnTheSeedsTableAndSaysWhatIsStillToDo) {
    const auto document = json::parse(new_battle_document(*editing_tables()).dump());
    EXPECT_DOUBLE_EQ(document.at("/table_cm/width"_json_pointer).get<double>(), 182.88);  // 6 ft
    EXPECT_DOUBLE_EQ(document.at("/table_cm/depth"_json_pointer).get<double>(), 76.2);    // 2 ft 6 in
    const auto problems = battle_problems(kEditingData, document, "my-battle.json");
    EXPECT_EQ(pointers_of(problems), (std::set<std::string>{"/units", "/terrain", "/sides/0", "/sides/1", "/sides/0/general_with",
                                                            "/sides/1/general_with"}));
}

TEST(GokEditing, TheShippedBattlesPlay) {
    EXPECT_TRUE(battle_problems(kEditingData, encounter_document(), kEditingData / "scenarios" / "encounter-1745.json").empty());
    const fs::path fontenoy = kEditingData / "scenarios" / "fontenoy-1745.json";
    EXPECT_TRUE(battle_problems(kEditingData, read_json_file(fontenoy), fontenoy).empty());
}

TEST(GokEditing, SeedSeventeenFortyFiveThrowsTheEncountersDice) {
    const json encounter = encounter_document();
    const TerrainThrow thrown = throw_terrain(*editing_tables(), 1745, std::nullopt);
    EXPECT_EQ(thrown.dice, encounter.at("/terrain/dice"_json_pointer).get<std::vector<int>>());
    EXPECT_EQ(thrown.terrain.at("command").get<std::string>(), encounter.at("/terrain/command"_json_pointer).get<std::string>());
    ASSERT_EQ(thrown.sectors.size(), 12u);
    // 5 then 1: row 1, sector 1 is a hill (kind die 1); 5, 2: row 1, sector 2 water.
    EXPECT_EQ(thrown.sectors[0].kind, "hill");
    EXPECT_EQ(thrown.sectors[1].kind, "water");
    // Typed faces give the same throw; too few are refused naming the die.
    const TerrainThrow typed = throw_terrain(*editing_tables(), 0, thrown.dice);
    EXPECT_EQ(typed.dice, thrown.dice);
    EXPECT_NE(typed.terrain.at("command").get<std::string>().find("--dice 5,1,5,2"), std::string::npos);
    EXPECT_THROW(throw_terrain(*editing_tables(), 0, std::vector<int>{5, 1}), RuleError);
}

TEST(GokEditing, TheDraftsGroundAndPointsAreTheGames) {
    const json encounter = encounter_document();
    const Scenario game = scenario_from_json(*editing_tables(), kEditingData, encounter, "encounter-1745.json");
    const auto ground = draft_terrain(*editing_tables(), encounter);
    ASSERT_EQ(ground.size(), game.terrain.size());
    for (std::size_t i = 0; i < ground.size(); ++i) {
        EXPECT_EQ(ground[i].kind, game.terrain[i].kind);
        EXPECT_DOUBLE_EQ(ground[i].area.x0, game.terrain[i].area.x0);
        EXPECT_DOUBLE_EQ(ground[i].area.y1, game.terrain[i].area.y1);
    }
    const auto points = side_points(*editing_tables(), army_list_units(kEditingData), encounter);
    // The encounter's notes: 21 each (a general 3, six battalions 12, four squadrons and two guns 6).
    EXPECT_EQ(points[0].points, 21);
    EXPECT_EQ(points[1].points, 21);
    EXPECT_EQ(points[0].points, game.start_points[0]);
    EXPECT_EQ(points[0].foot, 6);
    // A battalion in line is 8 x 2 cm (two 40 x 20 mm bases side by side, D25).
    const Rect line = unit_footprint(editing_tables(), UnitType::Foot, "line", 50, 10);
    EXPECT_DOUBLE_EQ(line.x1 - line.x0, 8.0);
    EXPECT_DOUBLE_EQ(line.y1 - line.y0, 2.0);
}

TEST(GokEditing, EveryFaultOfADraftIsNamedAtOnce) {
    json draft = encounter_document();
    draft["terrain"]["choices"] = json::array();                              // the Allies' two choices not made
    draft["units"][0]["x"] = 500;                                             // off the table (schema allows 0-1000)
    draft["units"][1]["list_unit"] = "no-such-unit";                          // not in the list
    draft["units"][3]["x"] = draft["units"][2]["x"];                          // on top of the Gardes Françaises
    draft["units"][4]["formation"] = "mounted";                               // foot cannot be mounted
    draft["terrain"]["placed"] = json::array({json{{"name", "the pond"}, {"kind", "water"}, {"rect_cm", {100, 30, 110, 40}}, {"source", "test"}}});
    draft["units"][5]["x"] = 105;                                             // in the pond
    draft["units"][5]["y"] = 35;
    draft["sides"][1]["general_with"] = "F-line-4";                           // a French unit
    const auto problems = battle_problems(kEditingData, draft, "encounter-1745.json");
    const auto pointers = pointers_of(problems);
    for (const char* expected : {"/terrain/choices", "/units/0/x", "/units/1/list_unit", "/units/3/x", "/units/4/formation", "/units/5/x",
                                 "/sides/1/general_with"})
        EXPECT_TRUE(pointers.count(expected)) << expected;
    const auto pond = std::find_if(problems.begin(), problems.end(), [](const ScenarioProblem& p) { return p.pointer == "/units/5/x"; });
    ASSERT_NE(pond, problems.end());
    EXPECT_NE(pond->expected.find("water"), std::string::npos);
    // Both of the Allies' choices are asked for, each by its sector.
    EXPECT_EQ(std::count_if(problems.begin(), problems.end(), [](const ScenarioProblem& p) { return p.pointer == "/terrain/choices"; }), 2);
}

}  // namespace
}  // namespace fortuna::game_of_kings::testing_editing
