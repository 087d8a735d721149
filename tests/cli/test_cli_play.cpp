// SPDX-License-Identifier: MIT
// fortuna-cli play, replay and scenario info, run as a user would run them.
#include <gtest/gtest.h>

#include <array>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <string>
#include <sys/wait.h>
#include <unistd.h>

#include <nlohmann/json.hpp>

#include "cli_runner.hpp"

namespace {

using fortuna::testing::CliRun;

CliRun run(const std::string& arguments) { return fortuna::testing::run_cli(arguments); }

class CliPlay : public ::testing::Test {
protected:
    void SetUp() override {
        folder_ = std::filesystem::temp_directory_path() / ("fortuna-cli-play-" + std::to_string(::getpid()));
        std::filesystem::create_directories(folder_);
    }
    void TearDown() override { std::filesystem::remove_all(folder_); }
    std::string write(const std::string& name, const std::string& text) {
        const auto path = folder_ / name;
        std::ofstream(path) << text;
        return path.string();
    }
    std::filesystem::path folder_;
};

TEST_F(CliPlay, ScenarioInfoListsTimesTerrainAndBases) {
    const CliRun r = run("--json scenario info test-skirmish");
    ASSERT_EQ(r.code, 0) << r.out;
    const auto info = nlohmann::json::parse(r.out);
    EXPECT_EQ(info["ruleset"], "gloire-dice");
    EXPECT_EQ(info["start"], "12:15");
    EXPECT_EQ(info["dusk"], "16:25");
    EXPECT_EQ(info["terrain"]["hill"][0], "Galgenberg (2 layers)");
    EXPECT_EQ(info["sides"][0]["bases_total"], 14);
    EXPECT_EQ(info["sides"][0]["bases_by_arm"]["infantry"], 10);
    EXPECT_EQ(info["sides"][1]["reinforcements"][0]["arrives"], "12:45");
}

TEST_F(CliPlay, PlaysASaveThatReplayConfirms) {
    const std::string actions = write("a.jsonl",
                                      "# French first half\n"
                                      "{\"do\": \"end-phase\"}\n"
                                      "{\"do\": \"artillery\", \"battery\": \"F-A1\", \"target\": \"I-I2\", \"range_mm\": 50, \"roll\": 5}\n"
                                      "{\"do\": \"combat\", \"attacker\": \"F-I1\", \"defender\": \"I-I1\", \"roll\": 6}\n"
                                      "{\"do\": \"combat\", \"attacker\": \"F-I2\", \"defender\": \"I-I1\"}\n"
                                      "{\"do\": \"undo\"}\n"
                                      "{\"do\": \"combat\", \"attacker\": \"F-I2\", \"defender\": \"I-I1\"}\n");
    const std::string save = (folder_ / "game.fortuna").string();
    const CliRun r = run("--json play --advisory --scenario test-skirmish --seed 7 --actions " + actions + " --save " + save);
    ASSERT_EQ(r.code, 0) << r.out;
    const auto state = nlohmann::json::parse(r.out);
    EXPECT_EQ(state["ruleset"], "gloire-dice");
    EXPECT_EQ(state["turn"], 1);
    EXPECT_EQ(state["clock"], "12:15");
    EXPECT_EQ(state["phasing_side"], "french");
    EXPECT_EQ(state["phase"]["id"], "b");
    EXPECT_EQ(state["sides"][1]["bases_start"], 14);
    EXPECT_GE(state["sides"][1]["bases_lost"].get<int>(), 1);  // the 5 at 0-60 mm is Dr
    ASSERT_EQ(state["applied"].size(), 6U);
    // Undo then the same combat: the same generated roll.
    EXPECT_EQ(state["applied"][5]["rolls"][0]["value"], state["applied"][3]["rolls"][0]["value"]);
    EXPECT_TRUE(std::filesystem::exists(save + ".journal"));

    const CliRun check = run("replay " + save);
    EXPECT_EQ(check.code, 0) << check.out;
    EXPECT_NE(check.out.find("reproduces the saved state"), std::string::npos) << check.out;

    // Continue the saved game.
    const std::string more = write("b.jsonl", "{\"do\": \"end-phase\"}\n");
    const CliRun next = run("--json play --load " + save + " --actions " + more + " --save " + save);
    ASSERT_EQ(next.code, 0) << next.out;
    EXPECT_EQ(nlohmann::json::parse(next.out)["phase"]["id"], "c");
}

TEST_F(CliPlay, ABadActionLineIsRefusedWithItsLineNumber) {
    const std::string actions = write("bad.jsonl", "{\"do\": \"end-phase\"}\n\n{\"do\": \"combat\", \"attacker\": \"F-I1\"}\n");
    const CliRun r = run("play --scenario test-skirmish --seed 1 --actions " + actions);
    EXPECT_EQ(r.code, 1);
    EXPECT_NE(r.out.find("bad.jsonl:3"), std::string::npos) << r.out;
    EXPECT_NE(r.out.find("'combat' needs 'defender'"), std::string::npos) << r.out;
    const std::string garbage = write("garbage.jsonl", "{\"do\": \"end-phase\"\n");
    const CliRun g = run("play --scenario test-skirmish --seed 1 --actions " + garbage);
    EXPECT_EQ(g.code, 1);
    EXPECT_NE(g.out.find("garbage.jsonl:1: not a JSON object"), std::string::npos) << g.out;
}

TEST_F(CliPlay, ReplayRefusesATamperedSave) {
    const CliRun r = run("replay " + std::string(FORTUNA_TEST_FIXTURES_DIR) + "/saves/tampered-state.fortuna");
    EXPECT_EQ(r.code, 1);
    EXPECT_NE(r.out.find("does NOT reproduce"), std::string::npos) << r.out;
    const CliRun n = run("replay " + std::string(FORTUNA_TEST_FIXTURES_DIR) + "/saves/newer-version.fortuna");
    EXPECT_EQ(n.code, 1);
    EXPECT_NE(n.out.find("newer Fortuna Belli"), std::string::npos) << n.out;
}

}  // namespace
