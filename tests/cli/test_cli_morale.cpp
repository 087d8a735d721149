// SPDX-License-Identifier: MIT
// fortuna-cli morale lists every crisis-of-morale level the army can reach, 45 % and beyond
// (seed 000, 3.2, 9.1 and 9.2; seed 002, 5) Crisis of morale; errata E21 and E22).
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "cli_runner.hpp"

namespace {

using fortuna::testing::CliRun;

nlohmann::json morale_json(const std::string& arguments) {
    const CliRun run = fortuna::testing::run_cli("--json morale " + arguments);
    EXPECT_EQ(run.code, 0) << run.out;
    return nlohmann::json::parse(run.out);
}

std::vector<int> level_percents(const nlohmann::json& document) {
    std::vector<int> percents;
    for (const auto& level : document["levels"]) percents.push_back(level["percent"].get<int>());
    return percents;
}

const std::vector<int> kFifteenToHundred{15, 20, 25, 30, 35, 40, 45, 50, 55, 60, 65, 70, 75, 80, 85, 90, 95, 100};

// An army of 40 bases that has lost 19 (47.5 %) has crossed the 45 % level (its mark: 18 bases).
TEST(CliMorale, DiceEditionListsEveryLevelAndCrossesFortyFive) {
    const auto j = morale_json("--ruleset gloire-dice --casualties 19 --total 40");
    EXPECT_EQ(level_percents(j), kFifteenToHundred);
    EXPECT_EQ(j["thresholds"]["45"], 18);
    EXPECT_EQ(j["thresholds"]["100"], 40);
    EXPECT_EQ(j["band"], "45-50%");
    EXPECT_EQ(j["immediate"], true);  // seed 002: "Greater than 40%: Immediate"
    EXPECT_EQ(j["crisis"], true);
    const auto& forty_five = j["levels"][6];
    EXPECT_EQ(forty_five["percent"], 45);
    EXPECT_EQ(forty_five["bases"], 18);
    EXPECT_EQ(forty_five["crossed"], true);
    EXPECT_EQ(j["levels"][7]["crossed"], false);  // 50 % at 20 bases
}

// Glaube: each unit rolls; at 45 % a crisis on 0.000-0.973 (the essay's share, errata E22).
TEST(CliMorale, GlaubeFortyFivePercentRow) {
    const auto j = morale_json("--ruleset glaube --casualties 19 --total 40 --roll 0.974");
    EXPECT_EQ(level_percents(j), kFifteenToHundred);
    EXPECT_EQ(j["band"], "45-50%");
    EXPECT_EQ(j["crisis"], false);  // 0.974 is above the band: this unit fights on
    EXPECT_DOUBLE_EQ(j["probability"].get<double>(), 0.974);
    const auto& forty_five = j["levels"][6];
    EXPECT_EQ(forty_five["crisis_on"], "0.000-0.973");
    EXPECT_DOUBLE_EQ(forty_five["probability"].get<double>(), 0.974);
    EXPECT_EQ(morale_json("--ruleset glaube --casualties 19 --total 40 --roll 0.973")["crisis"], true);
}

// The plain-text listing names the levels beyond 40 % too.
TEST(CliMorale, TextListsLevelsBeyondForty) {
    const CliRun run = fortuna::testing::run_cli("morale --ruleset gloire-dice --casualties 3 --total 40");
    EXPECT_EQ(run.code, 0) << run.out;
    EXPECT_NE(run.out.find("45% at 18 bases: crisis immediate"), std::string::npos) << run.out;
    EXPECT_NE(run.out.find("100% at 40 bases: crisis immediate"), std::string::npos) << run.out;
    EXPECT_NE(run.out.find("15% at 6 bases: crisis on 1 (16.7 %)"), std::string::npos) << run.out;
}

}  // namespace
