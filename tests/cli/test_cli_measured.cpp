// SPDX-License-Identifier: MIT
// fortuna-cli play, as a player's script would drive it: a combat, a battery's fire and a charge
// are judged on what the board shows, never on what the action claims (issue 32; rules 5).
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <string>
#include <unistd.h>
#include <vector>

#include <nlohmann/json.hpp>

#include "cli_runner.hpp"

namespace {

using fortuna::testing::CliRun;

CliRun run(const std::string& arguments) { return fortuna::testing::run_cli(arguments); }

class CliMeasured : public fortuna::testing::CliFolderTest {
protected:
    CliMeasured() : CliFolderTest("measured") {}
    // The journal's action lines (its first line is the header).
    std::vector<nlohmann::json> journal(const std::string& name) {
        std::vector<nlohmann::json> lines;
        std::ifstream in(folder_ / name);
        for (std::string line; std::getline(in, line);)
            if (!line.empty()) lines.push_back(nlohmann::json::parse(line));
        if (!lines.empty()) lines.erase(lines.begin());
        return lines;
    }
    std::string journal_option(const std::string& name) const { return " --journal " + (folder_ / name).string(); }
};

// White Mountain: the Catholic cuirassiers CL-C1 touching the front of the Bohemian foot B-I2.
const std::string kCuirassiersAtTheFront =
    "{\"do\": \"set\", \"unit\": \"CL-C1\", \"to\": [440, 389.5], \"reason\": \"placed at B-I2's front\"}\n"
    "{\"do\": \"end-phase\"}\n{\"do\": \"end-phase\"}\n{\"do\": \"end-phase\"}\n";

TEST_F(CliMeasured, ALoneRegimentClaimingTheRearAndThreeArmsIsRefusedWithWhatTheBoardShows) {
    const std::string actions =
        write("claim.jsonl", kCuirassiersAtTheFront +
                                 "{\"do\": \"combat\", \"attacker\": \"CL-C1\", \"defender\": \"B-I2\", \"rear\": true, \"arms\": 3, \"roll\": 0.5}\n");
    const CliRun r = run("play --scenario white-mountain-1620 --seed 1620 --actions " + actions);
    EXPECT_EQ(r.code, 1) << r.out;
    EXPECT_NE(r.out.find("claim.jsonl:5:"), std::string::npos) << r.out;
    EXPECT_NE(r.out.find("the action claims rear, the board shows: front (seed 000, 8.4"), std::string::npos) << r.out;
}

TEST_F(CliMeasured, TheSameCombatWithTheUmpiresReasonIsAppliedAndSaysSo) {
    const std::string actions = write(
        "overruled.jsonl",
        kCuirassiersAtTheFront +
            "{\"do\": \"combat\", \"attacker\": \"CL-C1\", \"defender\": \"B-I2\", \"rear\": true, \"arms\": 3, \"roll\": 0.5, "
            "\"override\": \"a hedge and a battery the table does not show\"}\n");
    const CliRun r = run("play --scenario white-mountain-1620 --seed 1620 --actions " + actions + journal_option("o.journal"));
    ASSERT_EQ(r.code, 0) << r.out;
    EXPECT_NE(r.out.find("at 5-1"), std::string::npos) << r.out;
    const nlohmann::json combat = journal("o.journal").back();
    EXPECT_EQ(combat["result"]["column"], "5-1") << combat.dump();
    const std::string explanation = combat["explanation"].dump();
    EXPECT_NE(explanation.find("claimed by the umpire: rear (the board shows: front)"), std::string::npos) << explanation;
    EXPECT_NE(explanation.find("measured on the board: front, 1 arm"), std::string::npos) << explanation;
    EXPECT_EQ(combat["overruled"].size(), 2U) << combat.dump();
}

TEST_F(CliMeasured, AnUphillAttackGetsTheTerrainModifierWithoutAsking) {
    const std::string actions =
        write("uphill.jsonl", "{\"do\": \"set\", \"unit\": \"CL-T1\", \"to\": [440, 422], \"reason\": \"below B-I2\"}\n"
                              "{\"do\": \"end-phase\"}\n{\"do\": \"end-phase\"}\n{\"do\": \"end-phase\"}\n"
                              "{\"do\": \"combat\", \"attacker\": \"CL-T1\", \"defender\": \"B-I2\", \"roll\": 0.5}\n");
    const CliRun r = run("play --scenario white-mountain-1620 --seed 1620 --actions " + actions + journal_option("u.journal"));
    ASSERT_EQ(r.code, 0) << r.out;
    const nlohmann::json combat = journal("u.journal").back();
    EXPECT_EQ(combat["result"]["modified_roll"], 400) << combat.dump();
    EXPECT_NE(combat["explanation"].dump().find("terrain advantage to the defender"), std::string::npos) << combat.dump();
}

TEST_F(CliMeasured, ABatteryClaimingTheNearBandIsRefusedAndWithoutARangeIsMeasured) {
    const std::string claimed = write("near.jsonl", "{\"do\": \"end-phase\"}\n"
                                                    "{\"do\": \"artillery\", \"battery\": \"CL-A2\", \"target\": \"B-I2\", \"range_mm\": 10, \"roll\": 0.9}\n");
    const CliRun refused = run("play --scenario white-mountain-1620 --seed 1620 --actions " + claimed);
    EXPECT_EQ(refused.code, 1) << refused.out;
    EXPECT_NE(refused.out.find("the board shows: 307 mm, the 180-500 band"), std::string::npos) << refused.out;
    EXPECT_NE(refused.out.find("errata E20"), std::string::npos) << refused.out;

    const std::string measured = write("measured.jsonl", "{\"do\": \"end-phase\"}\n"
                                                         "{\"do\": \"artillery\", \"battery\": \"CL-A2\", \"target\": \"B-I2\", \"roll\": 0.9}\n");
    const CliRun r = run("play --scenario white-mountain-1620 --seed 1620 --actions " + measured + journal_option("m.journal"));
    ASSERT_EQ(r.code, 0) << r.out;
    const nlohmann::json fire = journal("m.journal").back();
    EXPECT_EQ(fire["result"]["band"], "180-500") << fire.dump();
    EXPECT_EQ(fire["input"]["range_measured"], true) << fire.dump();
    EXPECT_NE(r.out.find("at 307 mm"), std::string::npos) << r.out;
}

TEST_F(CliMeasured, AChargeOfNoDistanceEarnsNoChargeBonus) {
    // The skirmish: I-C1 put touching F-C1's front; F-C1 "charges" without moving.
    const std::string actions =
        write("charge.jsonl", "{\"do\": \"set\", \"unit\": \"I-C1\", \"to\": [1050, 960], \"facing_deg\": 180, \"reason\": \"in contact\"}\n"
                              "{\"do\": \"end-phase\"}\n{\"do\": \"end-phase\"}\n"
                              "{\"do\": \"charge\", \"unit\": \"F-C1\"}\n"
                              "{\"do\": \"end-phase\"}\n"
                              "{\"do\": \"combat\", \"attacker\": \"F-C1\", \"defender\": \"I-C1\", \"charge\": true, \"roll\": 3}\n");
    const CliRun r = run("play --scenario test-skirmish --seed 1 --actions " + actions);
    EXPECT_EQ(r.code, 1) << r.out;
    EXPECT_NE(r.out.find("charge.jsonl:6:"), std::string::npos) << r.out;
    EXPECT_NE(r.out.find("F-C1 charged 0 mm this turn, less than the 20 mm a charge adds"), std::string::npos) << r.out;
}

}  // namespace
