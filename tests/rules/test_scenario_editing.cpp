// SPDX-License-Identifier: MIT
// The scenario editor's library side (issue 31): a scenario written back as a file that diffs well,
// read again as the same battle.
#include <gtest/gtest.h>

#include <algorithm>
#include <cctype>
#include <filesystem>
#include <fstream>
#include <regex>
#include <sstream>

#include "fortuna/core/errors.hpp"
#include "fortuna/seam/library.hpp"
#include "fortuna/land/scenario.hpp"
#include "fortuna/land/scenario_editing.hpp"

namespace fortuna {
namespace scenario_editing_tests {

namespace fs = std::filesystem;

const RulesLibrary& editing_library() {
    static const RulesLibrary loaded = RulesLibrary::load(FORTUNA_TEST_DATA_DIR);
    return loaded;
}

std::string shipped_text(const std::string& id) {
    std::ifstream in(fs::path(FORTUNA_TEST_DATA_DIR) / "scenarios" / (id + ".json"), std::ios::binary);
    std::ostringstream text;
    text << in.rdbuf();
    return text.str();
}

std::vector<std::string> text_lines(const std::string& text) {
    std::vector<std::string> lines;
    std::istringstream in(text);
    for (std::string line; std::getline(in, line);) lines.push_back(line);
    return lines;
}

class ShippedScenarioWritten : public ::testing::TestWithParam<std::string> {};

// Written and read back, a shipped battle is the same document, member for member in the
// shipped file's order, and Scenario::from_json reads the same battle from it.
TEST_P(ShippedScenarioWritten, ReadsBackAsTheSameDocument) {
    const Scenario scenario = load_scenario(editing_library(), GetParam());
    const nlohmann::ordered_json written = scenario_to_json(scenario);
    EXPECT_EQ(written, nlohmann::ordered_json::parse(shipped_text(GetParam())))
        << "the members and their order as in data/scenarios/" << GetParam() << ".json";

    const std::string text = scenario_file_text(written);
    const nlohmann::json reread = nlohmann::json::parse(text);
    EXPECT_TRUE(reread == scenario.document);
    const Scenario again = Scenario::from_json(reread, "again.json", editing_library());
    EXPECT_EQ(scenario_to_json(again), written);
    EXPECT_EQ(scenario_file_text(scenario_to_json(again)), text);
}

// One unit, one general, one point a line: moving one unit changes one line of a diff.
TEST_P(ShippedScenarioWritten, WritesAUnitAPositionAndAPointOnOneLine) {
    Scenario scenario = load_scenario(editing_library(), GetParam());
    const std::string text = scenario_file_text(scenario_to_json(scenario));
    const std::vector<std::string> lines = text_lines(text);
    ASSERT_FALSE(lines.empty());
    EXPECT_EQ(lines.front(), "{");
    EXPECT_EQ(lines[1], " \"format\": \"fortuna-scenario\",");
    EXPECT_EQ(lines.back(), "}");
    EXPECT_EQ(text.back(), '\n');

    std::size_t units = 0, generals = 0, points = 0;
    const auto count = [&](const CommandSetup& command) {
        units += command.units.size();
        generals += command.general ? 1u : 0u;
    };
    for (const SideSetup& side : scenario.sides)
        for (const CommandSetup& command : side.commands) count(command);
    for (const ReinforcementSetup& r : scenario.reinforcements) count(r.command);
    for (const TerrainFeature& f : scenario.terrain) points += f.points.size();

    const std::regex unit_line(R"(^ +\{"code": "[^"]+", "name": .*"type": .*"position": \{"x_mm": -?[0-9.e]+, "y_mm": -?[0-9.e]+\}.*\},?$)");
    const std::regex general_line(R"(^ +"general": \{"code": "[^"]+", .*\},?$)");
    const std::regex point_line(R"(^ +\[-?[0-9.e+-]+, -?[0-9.e+-]+\],?$)");
    std::size_t unit_lines = 0, general_lines = 0, point_lines = 0;
    for (const std::string& line : lines) {
        if (std::regex_match(line, unit_line)) ++unit_lines;
        if (std::regex_match(line, general_line)) ++general_lines;
        if (std::regex_match(line, point_line)) ++point_lines;
        const auto indent = line.find_first_not_of(' ');
        // Everything else indented with one space a level, as the shipped files.
        EXPECT_NE(indent, std::string::npos) << "an empty line";
    }
    EXPECT_GT(units, 0u);
    EXPECT_EQ(unit_lines, units);
    EXPECT_EQ(general_lines, generals);
    EXPECT_EQ(point_lines, points);

    // Moving one unit changes exactly one line.
    scenario.sides[0].commands[0].units[0].position.x_mm += 12.5;
    const std::vector<std::string> moved = text_lines(scenario_file_text(scenario_to_json(scenario)));
    ASSERT_EQ(moved.size(), lines.size());
    std::size_t changed = 0;
    for (std::size_t i = 0; i < lines.size(); ++i) changed += lines[i] != moved[i] ? 1u : 0u;
    EXPECT_EQ(changed, 1u);
}

INSTANTIATE_TEST_SUITE_P(Land, ShippedScenarioWritten,
                         ::testing::Values("white-mountain-1620", "first-combat-1620", "test-skirmish"),
                         [](const ::testing::TestParamInfo<std::string>& scenario_id) {
                             std::string name;
                             for (const char c : scenario_id.param) name += std::isalnum(static_cast<unsigned char>(c)) ? c : '_';
                             return name;
                         });

// A battle the editor made in memory (no document behind it): the text a person could check
// line by line, with the shipped files' conventions (facing and formation written, defaults of
// state and nation left out, whole millimetres without ".0").
TEST(ScenarioFileText, ABattleMadeInMemory) {
    Scenario scenario;
    scenario.id = "my-battle";
    scenario.name = "Saturday";
    scenario.ruleset = "glaube";
    scenario.board.width_mm = 1800;
    scenario.board.depth_mm = 1200;
    scenario.start = 9 * 60;
    scenario.dusk = 17 * 60;
    TerrainFeature wood;
    wood.kind = TerrainKind::Wood;
    wood.name = "Copse";
    wood.points = {{100, 100}, {200.5, 100}, {150, 180}};
    scenario.terrain.push_back(wood);
    SideSetup blue{"blue", "Blue", "#2b4c9b", "imperial", {}, {}};
    CommandSetup first;
    first.name = "First";
    first.general = GeneralSetup{"B-G1", "Ansbach", false, BoardPoint{300, 900}};
    UnitSetup unit;
    unit.code = "B-I1";
    unit.name = "First foot";
    unit.nation = "imperial";
    unit.type = "tercio";
    unit.bases = 4;
    unit.position = {300, 950};
    unit.formation = Formation::Column;
    first.units.push_back(unit);
    blue.commands.push_back(first);
    SideSetup red{"red", "Red", "#b03030", "bohemian", {}, {}};
    red.commands.push_back(CommandSetup{"Second", std::nullopt, {}});
    scenario.sides = {blue, red};
    scenario.first_player = "blue";

    const std::string expected = R"({
 "format": "fortuna-scenario",
 "format_version": 1,
 "id": "my-battle",
 "name": "Saturday",
 "ruleset": "glaube",
 "board": {
  "width_mm": 1800,
  "depth_mm": 1200,
  "scale": "1 mm = 2 m"
 },
 "start": "09:00",
 "dusk": "17:00",
 "first_player": "blue",
 "terrain": [
  {
   "kind": "wood",
   "name": "Copse",
   "polygon": [
    [100, 100],
    [200.5, 100],
    [150, 180]
   ]
  }
 ],
 "sides": [
  {
   "id": "blue",
   "name": "Blue",
   "colour": "#2b4c9b",
   "nation": "imperial",
   "commands": [
    {
     "name": "First",
     "general": {"code": "B-G1", "name": "Ansbach", "great_captain": false, "position": {"x_mm": 300, "y_mm": 900}},
     "units": [
      {"code": "B-I1", "name": "First foot", "type": "tercio", "bases": 4, "position": {"x_mm": 300, "y_mm": 950}, "facing_deg": 0, "formation": "column"}
     ]
    }
   ]
  },
  {
   "id": "red",
   "name": "Red",
   "colour": "#b03030",
   "nation": "bohemian",
   "commands": [
    {
     "name": "Second",
     "units": []
    }
   ]
  }
 ],
 "reinforcements": []
}
)";
    EXPECT_EQ(scenario_file_text(scenario_to_json(scenario)), expected);
}

// What the file held beyond the model stays with its unit, general or side when the editor
// moves, reorders or renames around it.
TEST(ScenarioFileText, KeepsNotesWithTheirUnitWhenItMovesToAnotherCommand) {
    nlohmann::json document = load_scenario(editing_library(), "test-skirmish").document;
    document["sides"][0]["commands"][0]["units"][1]["notes"] = "the colonel's own regiment";
    document["sides"][0]["commands"][0]["general"]["notes"] = "wounded at Fleurus";
    document["terrain"][0]["notes"] = "the mill on its top";
    Scenario scenario = Scenario::from_json(document, "skirmish.json", editing_library());
    // The unit goes to the other side's first command, the terrain is reversed.
    UnitSetup moved = scenario.sides[0].commands[0].units[1];
    scenario.sides[0].commands[0].units.erase(scenario.sides[0].commands[0].units.begin() + 1);
    scenario.sides[1].commands[0].units.push_back(moved);
    std::reverse(scenario.terrain.begin(), scenario.terrain.end());
    const nlohmann::ordered_json written = scenario_to_json(scenario);
    EXPECT_EQ(written["sides"][1]["commands"][0]["units"].back()["notes"], "the colonel's own regiment");
    EXPECT_EQ(written["sides"][1]["commands"][0]["units"].back()["code"], moved.code);
    EXPECT_FALSE(written["sides"][0]["commands"][0]["units"][1].contains("notes"));
    EXPECT_EQ(written["sides"][0]["commands"][0]["general"]["notes"], "wounded at Fleurus");
    EXPECT_EQ(written["terrain"].back()["notes"], "the mill on its top");
    EXPECT_FALSE(written["terrain"].front().contains("notes"));
}

// Numbers read back as the same doubles; text that is not UTF-8 never stops the writer.
TEST(ScenarioFileText, NumbersReadBackTheSameAndBadTextIsReplaced) {
    nlohmann::ordered_json document = nlohmann::ordered_json::object();
    document["x"] = 0.1 + 0.2;
    document["y"] = 1e-7;
    document["name"] = std::string("Pra\xffha");
    const std::string text = scenario_file_text(document);
    const auto reread = nlohmann::json::parse(text);
    EXPECT_EQ(reread["x"].get<double>(), 0.1 + 0.2);
    EXPECT_EQ(reread["y"].get<double>(), 1e-7);
    EXPECT_EQ(reread["name"].get<std::string>(), "Pra\xef\xbf\xbdha");
}

TEST(ScenarioProblemMessage, NamesThePointerWhatWasExpectedAndFound) {
    EXPECT_EQ((ScenarioProblem{"/sides/0/commands/1/units/3/position", "a position on the 1200 x 800 mm table", "(1250, 40) mm"}.message()),
              "/sides/0/commands/1/units/3/position: expected a position on the 1200 x 800 mm table, found (1250, 40) mm");
    EXPECT_EQ((ScenarioProblem{"/name", "a member 'name'", ""}.message()), "/name: expected a member 'name', found nothing");
    EXPECT_EQ((ScenarioProblem{"", "a JSON object", "an array"}.message()), "expected a JSON object, found an array");
}

}  // namespace scenario_editing_tests
}  // namespace fortuna
