// SPDX-License-Identifier: MIT
// fortuna-cli scenario new writes an empty battle the schema and validate accept; scenario check lists every problem at once.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <set>
#include <sstream>
#include <string>

#include <nlohmann/json.hpp>

#include "cli_runner.hpp"

namespace {

using fortuna::testing::CliRun;
using nlohmann::json;

CliRun scenario_cli(const std::string& arguments) { return fortuna::testing::run_cli(arguments); }

std::size_t count_lines(const std::string& text, const std::string& part) {
    std::size_t count = 0;
    std::istringstream in(text);
    for (std::string line; std::getline(in, line);) count += line.find(part) != std::string::npos ? 1u : 0u;
    return count;
}

class CliScenarioEdit : public fortuna::testing::CliFolderTest {
protected:
    CliScenarioEdit() : CliFolderTest("scenario-edit") {}
    std::string path(const std::string& name) const { return (folder_ / name).string(); }
    json read(const std::string& name) const {
        std::ifstream in(folder_ / name);
        return json::parse(in);
    }
};

TEST_F(CliScenarioEdit, NewWritesAnEmptyBattleThatValidatesAndSaysWhatItLacks) {
    const std::string file = path("saturday.json");
    const CliRun made = scenario_cli("scenario new --ruleset glaube --table 1800x1200 --out '" + file + "'");
    ASSERT_EQ(made.code, 0) << made.out;
    EXPECT_NE(made.out.find("wrote " + file), std::string::npos) << made.out;
    EXPECT_EQ(count_lines(made.out, "still to do: /sides/"), 2u) << made.out;

    const json document = read("saturday.json");
    EXPECT_EQ(document["format"], "fortuna-scenario");
    EXPECT_EQ(document["ruleset"], "glaube");
    EXPECT_EQ(document["board"]["width_mm"], 1800);
    EXPECT_EQ(document["board"]["depth_mm"], 1200);

    const CliRun valid = scenario_cli("validate '" + file + "'");
    EXPECT_EQ(valid.code, 0) << valid.out;
    EXPECT_NE(valid.out.find("all valid"), std::string::npos) << valid.out;

    // A battle with no units validates (the schema and a game set up from it accept it) but does
    // not play: check says what is missing, each side in its own line.
    const CliRun check = scenario_cli("scenario check '" + file + "'");
    EXPECT_EQ(check.code, 1) << check.out;
    EXPECT_EQ(count_lines(check.out, file + ": /sides/0/commands: expected at least one unit for Bohemia and its allies"), 1u) << check.out;
    EXPECT_EQ(count_lines(check.out, file + ": /sides/1/commands: expected at least one unit"), 1u) << check.out;
    EXPECT_NE(check.out.find(file + ": 2 problems"), std::string::npos) << check.out;
}

TEST_F(CliScenarioEdit, NewNeverReplacesAFileUnlessForced) {
    const std::string file = write("mine.json", "my own battle, typed by hand\n");
    const CliRun refused = scenario_cli("scenario new --ruleset reason --table 6x4ft --out '" + file + "'");
    EXPECT_EQ(refused.code, 2) << refused.out;
    EXPECT_NE(refused.out.find("--force"), std::string::npos) << refused.out;
    std::ifstream in(file);
    std::string kept;
    std::getline(in, kept);
    EXPECT_EQ(kept, "my own battle, typed by hand");

    const CliRun forced = scenario_cli("scenario new --ruleset reason --table 6x4ft --out '" + file + "' --force");
    ASSERT_EQ(forced.code, 0) << forced.out;
    const json document = read("mine.json");
    EXPECT_EQ(document["board"]["width_mm"], 1828.8);  // 6 ft
    EXPECT_EQ(document["board"]["depth_mm"], 1219.2);  // 4 ft
}

TEST_F(CliScenarioEdit, NewRefusesWhatItCannotMake) {
    const CliRun table = scenario_cli("scenario new --ruleset glaube --table 1800 --out '" + path("a.json") + "'");
    EXPECT_EQ(table.code, 2) << table.out;
    EXPECT_NE(table.out.find("--table needs WIDTHxDEPTH"), std::string::npos) << table.out;
    const CliRun small = scenario_cli("scenario new --ruleset glaube --table 150x100 --out '" + path("a.json") + "'");
    EXPECT_EQ(small.code, 2) << small.out;
    EXPECT_NE(small.out.find("200-5000 mm"), std::string::npos) << small.out;
    const CliRun unknown = scenario_cli("scenario new --ruleset chess --table 1800x1200 --out '" + path("a.json") + "'");
    EXPECT_EQ(unknown.code, 2) << unknown.out;
    EXPECT_NE(unknown.out.find("gloire-dice"), std::string::npos) << unknown.out;
    const CliRun naval = scenario_cli("scenario new --ruleset age-of-sail --table 1800x1200 --out '" + path("a.json") + "'");
    EXPECT_EQ(naval.code, 2) << naval.out;
    EXPECT_NE(naval.out.find("has no editor yet"), std::string::npos) << naval.out;
    EXPECT_FALSE(std::filesystem::exists(path("a.json")));
}

TEST_F(CliScenarioEdit, NewWritesToStandardOutput) {
    const CliRun made = scenario_cli("scenario new --ruleset gloire-dice --table 180x120cm --out -");
    ASSERT_EQ(made.code, 0) << made.out;
    const json document = fortuna::testing::first_json(made.out);
    EXPECT_EQ(document["ruleset"], "gloire-dice");
    EXPECT_EQ(document["board"]["width_mm"], 1800);
}

TEST_F(CliScenarioEdit, NewInJsonSaysWhatIsStillToDo) {
    const CliRun made = scenario_cli("--json scenario new --ruleset destiny --table 2400x1500 --out '" + path("d.json") + "'");
    ASSERT_EQ(made.code, 0) << made.out;
    const json report = fortuna::testing::first_json(made.out);
    EXPECT_EQ(report["system"], "land");
    EXPECT_EQ(report["table_mm"], (json{{"width", 2400}, {"depth", 1500}}));
    ASSERT_EQ(report["to_do"].size(), 2u) << report;
    EXPECT_EQ(report["to_do"][0]["pointer"], "/sides/0/commands");
    EXPECT_EQ(report["to_do"][0]["found"], "no units");
}

TEST_F(CliScenarioEdit, CheckListsEveryProblemAtOnce) {
    json document = fortuna::testing::first_json(scenario_cli("scenario new --ruleset glaube --table 1200x800 --out -").out);
    ASSERT_TRUE(document.is_object());
    document["start"] = "9 o'clock";
    document["sides"][0]["commands"][0]["units"] = json::array({json{{"code", "B-I1"}, {"name", "Foot"}, {"type", "kraken"}, {"bases", 4},
                                                                     {"position", json{{"x_mm", 1300}, {"y_mm", 100}}}}});
    const std::string file = write("draft.json", document.dump(1));
    const CliRun check = scenario_cli("scenario check '" + file + "'");
    EXPECT_EQ(check.code, 1) << check.out;
    EXPECT_EQ(count_lines(check.out, file + ": /start: expected a time of day HH:MM (e.g. 09:30), found \"9 o'clock\""), 1u) << check.out;
    EXPECT_EQ(count_lines(check.out, file + ": /sides/0/commands/0/units/0/position: expected a position on the 1200 x 800 mm board"), 1u) << check.out;
    EXPECT_EQ(count_lines(check.out, file + ": /sides/0/commands/0/units/0/type: expected a unit type of"), 1u) << check.out;
    EXPECT_EQ(count_lines(check.out, file + ": /sides/0/commands/0/general: expected a general"), 1u) << check.out;
    EXPECT_EQ(count_lines(check.out, file + ": /sides/1/commands: expected at least one unit"), 1u) << check.out;
    EXPECT_NE(check.out.find(file + ": 5 problems"), std::string::npos) << check.out;

    const json report = fortuna::testing::first_json(scenario_cli("--json scenario check '" + file + "'").out);
    ASSERT_TRUE(report.is_object()) << report;
    EXPECT_EQ(report["plays"], false);
    ASSERT_EQ(report["problems"].size(), 5u);
    EXPECT_EQ(report["problems"][0], (json{{"pointer", "/start"}, {"expected", "a time of day HH:MM (e.g. 09:30)"}, {"found", "\"9 o'clock\""}}));
}

TEST_F(CliScenarioEdit, CheckAnySystemsScenarioThroughTheRegistry) {
    for (const char* id : {"white-mountain-1620", "test-skirmish", "channel-1778", "quatre-bras-1815", "encounter-1745"}) {
        const CliRun check = scenario_cli(std::string("scenario check ") + id);
        EXPECT_EQ(check.code, 0) << id << "\n" << check.out;
        EXPECT_NE(check.out.find(": plays (a scenario of "), std::string::npos) << check.out;
    }
    // Another system's broken scenario: its loader's first problem, said to be the first.
    std::ifstream in(std::filesystem::path(FORTUNA_TEST_DATA_DIR) / "scenarios" / "channel-1778.json");
    json naval = json::parse(in);
    naval.erase("wind");
    const std::string file = write("channel.json", naval.dump());
    const CliRun check = scenario_cli("scenario check '" + file + "'");
    EXPECT_EQ(check.code, 1) << check.out;
    EXPECT_NE(check.out.find("one problem at a time"), std::string::npos) << check.out;
}

// Game Of Kings (issue 31): an empty battle on the seed's table only, its to-do list; a draft's
// every problem at once, each at its pointer.
TEST_F(CliScenarioEdit, GameOfKingsNewAndCheck) {
    const CliRun wrong = scenario_cli("scenario new --ruleset game-of-kings --table 6x4ft --out '" + path("k.json") + "'");
    EXPECT_EQ(wrong.code, 2) << wrong.out;
    EXPECT_NE(wrong.out.find("the seed's table, 1828.8 x 762.0 mm"), std::string::npos) << wrong.out;
    EXPECT_FALSE(std::filesystem::exists(path("k.json")));
    const CliRun made = scenario_cli("--json scenario new --ruleset game-of-kings --table 6x2.5ft --out '" + path("k.json") + "'");
    ASSERT_EQ(made.code, 0) << made.out;
    const json report = fortuna::testing::first_json(made.out);
    EXPECT_EQ(report["system"], "game-of-kings");
    std::set<std::string> todo;
    for (const auto& problem : report["to_do"]) todo.insert(problem["pointer"].get<std::string>());
    EXPECT_EQ(todo, (std::set<std::string>{"/units", "/terrain", "/sides/0", "/sides/1", "/sides/0/general_with", "/sides/1/general_with"}));
    EXPECT_EQ(read("k.json")["table_cm"]["width"], 182.88);

    std::ifstream in(std::filesystem::path(FORTUNA_TEST_DATA_DIR) / "scenarios" / "encounter-1745.json");
    json draft = json::parse(in);
    draft["units"][0]["x"] = 500;            // off the table
    draft["units"][1]["list"] = "atlantis";  // no such list
    const std::string file = write("encounter-1745.json", draft.dump());
    const CliRun check = scenario_cli("scenario check '" + file + "'");
    EXPECT_EQ(check.code, 1) << check.out;
    EXPECT_NE(check.out.find("/units/0/x: expected a unit wholly on the table"), std::string::npos) << check.out;
    EXPECT_NE(check.out.find("/units/1/list: expected an army list of data/armies/game-of-kings, found atlantis"), std::string::npos) << check.out;
    EXPECT_NE(check.out.find(": 2 problems"), std::string::npos) << check.out;
}

TEST_F(CliScenarioEdit, CheckRefusesWhatIsNoScenario) {
    const std::string broken = write("broken.json", "{\n \"format\": \"fortuna-scenario\",\n oops\n}\n");
    const CliRun syntax = scenario_cli("scenario check '" + broken + "'");
    EXPECT_EQ(syntax.code, 1) << syntax.out;
    EXPECT_NE(syntax.out.find(broken + ": expected (at 3:"), std::string::npos) << syntax.out;

    const CliRun army = scenario_cli(std::string("scenario check '") + FORTUNA_TEST_DATA_DIR + "/armies/glaube/bohemia.json'");
    EXPECT_EQ(army.code, 1) << army.out;
    EXPECT_NE(army.out.find("/format: expected a scenario: \"fortuna-scenario\""), std::string::npos) << army.out;

    const CliRun missing = scenario_cli("scenario check '" + path("nowhere.json") + "'");
    EXPECT_EQ(missing.code, 1) << missing.out;
}

}  // namespace
