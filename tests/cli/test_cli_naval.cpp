// SPDX-License-Identifier: MIT
// fortuna-cli's naval commands as a script sees them: broadside, boarding, wind, the ruler and a scenario's board.
#include <gtest/gtest.h>

#include <cstdio>
#include <fstream>
#include <string>

#include <nlohmann/json.hpp>

#include "cli_runner.hpp"

namespace {

using fortuna::testing::CliRun;

CliRun cli(const std::string& arguments) { return fortuna::testing::run_cli(arguments); }

nlohmann::json cli_json(const std::string& arguments) {
    const CliRun run = cli("--json " + arguments);
    EXPECT_EQ(run.code, 0) << run.out;
    return nlohmann::json::parse(run.out);
}

TEST(CliNaval, BroadsideWithEnteredDice) {
    // 4-8 cm on the hull: 4-6 hits; 6,6 is a pair of sixes.
    const auto j = cli_json("broadside --decks 3 --range 6 --rolls 3,6,6");
    EXPECT_EQ(j["score"], 4);
    EXPECT_EQ(j["hits"], 2);
    EXPECT_EQ(j["fire"], true);
    EXPECT_NEAR(j["probabilities"]["fire"].get<double>(), 16.0 / 216, 1e-12);
    EXPECT_NEAR(j["probabilities"]["0 hits"].get<double>(), 27.0 / 216, 1e-12);  // (3/6)^3
    const CliRun text = cli("broadside --decks 2 --range 10 --aim sails --rolls 6,5");
    EXPECT_EQ(text.code, 0);
    EXPECT_NE(text.out.find("1 hit"), std::string::npos);
    EXPECT_NE(text.out.find("range table row 8-12 cm"), std::string::npos);
}

TEST(CliNaval, BroadsideFromTheScenario) {
    const auto j = cli_json("broadside --scenario channel-1778 --ship arethusa --target belle-poule --preview");
    EXPECT_EQ(j["decks"], 2);
    EXPECT_EQ(j["score"], 4);
    EXPECT_NE(j["broadside"].get<std::string>().find("starboard broadside"), std::string::npos);
    const CliRun astern = cli("broadside --scenario channel-1778 --ship valiant --target monarch");
    EXPECT_NE(astern.code, 0);  // her own side, and astern
}

TEST(CliNaval, ARollOutsideTheDiceIsRefused) {
    const CliRun seven = cli("broadside --decks 2 --range 3 --rolls 7,1");
    EXPECT_EQ(seven.code, 2);
    EXPECT_NE(seven.out.find("a die shows 1 to 6, not 7"), std::string::npos) << seven.out;
    const CliRun count = cli("broadside --decks 3 --range 3 --rolls 4,1");
    EXPECT_EQ(count.code, 2);
    EXPECT_NE(count.out.find("3 dice are thrown"), std::string::npos) << count.out;
    const CliRun far = cli("broadside --decks 3 --range 13");
    EXPECT_EQ(far.code, 2);
    EXPECT_NE(far.out.find("out of range"), std::string::npos);
}

TEST(CliNaval, Boarding) {
    const auto j = cli_json("boarding --attacker-decks 1 --defender-decks 1 --attacker-rolls 5 --defender-rolls 2");
    EXPECT_EQ(j["winner"], "attacker");
    EXPECT_NEAR(j["probabilities"]["tie"].get<double>(), 6.0 / 36, 1e-12);
    EXPECT_NEAR(j["probabilities"]["boarder captures"].get<double>(), 15.0 / 36, 1e-12);
}

TEST(CliNaval, WindAndSailing) {
    const auto j = cli_json("wind --from W --speed 4 --rolls 6,6 --heading 90 --mast-units 3");
    EXPECT_EQ(j["after"]["from"], "NW");
    EXPECT_EQ(j["after"]["speed"], 5);
    EXPECT_EQ(j["sailing"]["point_of_sail"], "reaching");  // E is 135° off a NW wind
    EXPECT_EQ(j["sailing"]["allowance_cm"], 18);           // (5 + 1) x 3
    EXPECT_NEAR(j["probabilities"]["W 4"].get<double>(), 16.0 / 36, 1e-12);
    EXPECT_EQ(cli("wind --speed 9").code, 2);
    // The text gives the same chances before the throw: 4/6 x 4/6 = 16/36 the wind stays W 4, 1/6 x 1/6
    // = 1/36 for each of SW 3, SW 5, NW 3, NW 5 (a 1 turns it anticlockwise to SW, a 6 clockwise to NW).
    const CliRun text = cli("wind --from W --speed 4 --rolls 3,3");
    EXPECT_EQ(text.code, 0) << text.out;
    EXPECT_NE(text.out.find("chances: SW 3 2.8 %, SW 4 11.1 %, SW 5 2.8 %, W 3 11.1 %, W 4 44.4 %, W 5 11.1 %, NW 3 2.8 %, NW 4 11.1 %, NW 5 2.8 %"),
              std::string::npos) << text.out;
    EXPECT_NE(text.out.find("wind from W, speed 4"), std::string::npos) << text.out;
}

TEST(CliNaval, RulerAndBoard) {
    const auto ruler = cli_json("naval ruler");
    ASSERT_EQ(ruler["bands"].size(), 3u);
    EXPECT_EQ(ruler["bands"][0]["hull"], 3);
    EXPECT_EQ(ruler["bands"][2]["sails"], 6);
    const auto board = cli_json("naval board channel-1778");
    EXPECT_EQ(board["wind"]["from"], "W");
    EXPECT_EQ(board["ships"].size(), 8u);
    bool duel = false;
    for (const auto& r : board["in_range"])
        if (r["ship"] == "arethusa" && r["target"] == "belle-poule") duel = r["side"] == "starboard";
    EXPECT_TRUE(duel);
}

TEST(CliNaval, BoardPlaysAnActionsFile) {
    const std::string file = ::testing::TempDir() + "naval-actions.jsonl";
    {
        std::ofstream out(file);
        out << R"({"action":"broadside","ship":"arethusa","target":"belle-poule","side":"starboard","aim":"hull","dice":[4,5]})" << "\n";
        out << R"({"action":"end-half"})" << "\n";
    }
    const auto j = cli_json("naval board channel-1778 --actions " + file);
    EXPECT_EQ(j["applied"].size(), 2u);
    EXPECT_EQ(j["active_side"], "french");
    EXPECT_EQ(j["sides"][0]["damage_inflicted"], 2);
    {
        std::ofstream out(file);
        out << R"({"action":"broadside","ship":"arethusa","target":"belle-poule","side":"port","dice":[4,5]})" << "\n";
    }
    const CliRun wrong = cli("naval board channel-1778 --actions " + file);
    EXPECT_NE(wrong.code, 0);
    EXPECT_NE(wrong.out.find(":1: Belle Poule is not in Arethusa's port arc"), std::string::npos) << wrong.out;
    // "rolls" for "dice" is refused by name, never played with fresh dice.
    {
        std::ofstream out(file);
        out << R"({"action":"broadside","ship":"arethusa","target":"belle-poule","side":"starboard","rolls":[1,1]})" << "\n";
    }
    const CliRun misspelt = cli("naval board channel-1778 --actions " + file);
    EXPECT_NE(misspelt.code, 0);
    EXPECT_NE(misspelt.out.find(":1: naval action 'broadside': unknown key 'rolls': expected ship, target, side, aim, owner_masts, dice"),
              std::string::npos) << misspelt.out;
    std::remove(file.c_str());
}

TEST(CliNaval, ValidateAcceptsTheNavalFiles) {
    const CliRun run = cli(std::string("validate '") + FORTUNA_TEST_DATA_DIR + "/tables/age-of-sail.json' '" + FORTUNA_TEST_DATA_DIR +
                           "/scenarios/channel-1778.json'");
    EXPECT_EQ(run.code, 0) << run.out;
}

}  // namespace
