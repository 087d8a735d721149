// SPDX-License-Identifier: MIT
// fortuna-cli's rules commands as a script sees them: JSON keys, values, exit codes, messages.
#include <gtest/gtest.h>

#include <array>
#include <cstdio>
#include <string>
#include <sys/wait.h>

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

TEST(CliRules, RulesetsListsAllFive) {
    const auto j = cli_json("rulesets");
    std::vector<std::string> ids;
    for (const auto& r : j["rulesets"]) ids.push_back(r["id"]);
    EXPECT_EQ(ids, (std::vector<std::string>{"destiny", "glaube", "gloire", "gloire-dice", "reason"}));
}

TEST(CliRules, Odds) {
    const auto j = cli_json("odds --ruleset gloire-dice --attack 15 --defend 5");
    EXPECT_EQ(j["odds"], "3:1");
    EXPECT_EQ(j["column"], "3-1");
    EXPECT_FALSE(j["explanation"].empty());
}

TEST(CliRules, CombatWithUnitsAndTypedRoll) {
    const auto j = cli_json(
        "combat --ruleset gloire-dice --attacker britain/line-infantry --attacker-bases 5 "
        "--defender france/line-infantry --defender-bases 5 --defender-state disrupted --roll 4");
    EXPECT_EQ(j["attack"], 15);
    EXPECT_EQ(j["defend"], 5);
    EXPECT_EQ(j["odds"], "3:1");
    EXPECT_EQ(j["column"], "3-1");
    EXPECT_EQ(j["natural_roll"], 4);
    EXPECT_EQ(j["roll"], 4);
    EXPECT_EQ(j["result"], "Dd");
    EXPECT_EQ(j["defender"]["bases_lost"], 1);
    EXPECT_EQ(j["defender"]["state_after"], "routing");
    EXPECT_NE(j["effect"].get<std::string>().find("remove 1 base, it routs"), std::string::npos);
    double sum = 0;
    for (const auto& [code, p] : j["probabilities"].items()) sum += p.get<double>();
    EXPECT_NEAR(sum, 1.0, 1e-12);
    EXPECT_NEAR(j["probabilities"]["Dd"].get<double>(), 3.0 / 6, 1e-12);  // rolls 3, 4, 5 at 3-1
}

TEST(CliRules, CombatShiftsAndModifiers) {
    const auto j = cli_json("combat --ruleset gloire-dice --attack 20 --defend 20 --flank --combined-arms 2 --charge --roll 6");
    EXPECT_EQ(j["odds"], "1:1");
    EXPECT_EQ(j["column"], "3-1");
    EXPECT_EQ(j["natural_roll"], 6);
    EXPECT_EQ(j["roll"], 7);
    EXPECT_EQ(j["result"], "Dd");
}

TEST(CliRules, CombatRollsWhenNoRollIsGivenAndSeedRepeats) {
    const auto a = cli_json("combat --ruleset gloire-dice --attack 10 --defend 10 --seed 5");
    const auto b = cli_json("combat --ruleset gloire-dice --attack 10 --defend 10 --seed 5");
    EXPECT_EQ(a["roll_source"], "generated");
    EXPECT_EQ(a["natural_roll"], b["natural_roll"]);
    EXPECT_GE(a["natural_roll"].get<int>(), 1);
    EXPECT_LE(a["natural_roll"].get<int>(), 6);
}

TEST(CliRules, RandomNumberRuleSetTakesDecimalRolls) {
    const auto j = cli_json("combat --ruleset gloire --attack 20 --defend 10 --roll 0.734");
    EXPECT_DOUBLE_EQ(j["natural_roll"].get<double>(), 0.734);
    EXPECT_TRUE(j["probabilities"].contains("Aw"));
    EXPECT_TRUE(j["probabilities"].contains("Dw"));
}

TEST(CliRules, Artillery) {
    const auto j = cli_json("artillery --ruleset gloire-dice --range 130 --target-formation square --roll 4");
    EXPECT_EQ(j["band"], "120-180");
    EXPECT_EQ(j["roll"], 5);
    EXPECT_EQ(j["result"], "Dd");
    const CliRun far = cli("artillery --ruleset gloire-dice --range 650 --roll 6");
    EXPECT_EQ(far.code, 2);
    EXPECT_NE(far.out.find("beyond"), std::string::npos) << far.out;
}

TEST(CliRules, Morale) {
    const auto j = cli_json("morale --ruleset gloire-dice --casualties 12 --total 60 --roll 2");
    EXPECT_DOUBLE_EQ(j["percent"].get<double>(), 20.0);
    EXPECT_EQ(j["band"], "20-25%");
    EXPECT_EQ(j["crisis"], true);
    EXPECT_EQ(j["thresholds"]["15"], 9);
    const auto none = cli_json("morale --ruleset gloire-dice --casualties 3 --total 60");
    EXPECT_EQ(none["crisis"], false);
    EXPECT_TRUE(none["band"].is_null());
}

TEST(CliRules, SquareLeaderVictoryRallyOrder) {
    EXPECT_EQ(cli_json("square --ruleset gloire-dice --square-state normal --roll 11")["result"], "square broken");
    EXPECT_EQ(cli_json("square --ruleset gloire-dice --square-state disrupted --roll 3")["result"], "cavalry disrupted");
    const auto leader = cli_json("leader --ruleset gloire-dice --roll 2 --casualty-roll 5");
    EXPECT_EQ(leader["casualty"], true);
    EXPECT_EQ(leader["fate"], "unhorsed");
    EXPECT_EQ(cli_json("leader --ruleset gloire-dice --roll 9")["casualty"], false);
    const auto victory = cli_json("victory --ruleset gloire-dice --casualties-a 12 --total-a 100 --casualties-b 20 --total-b 74");
    EXPECT_EQ(victory["result"], "victory");
    EXPECT_EQ(victory["winner"], "a");
    const auto rally = cli_json("rally --ruleset gloire-dice --state disrupted --unit france/guard --roll 4");
    EXPECT_EQ(rally["rallied"], true);
    EXPECT_EQ(rally["new_state"], "normal");
    EXPECT_EQ(cli_json("rally --ruleset glaube --state routing --roll 0.799")["rallied"], false);
    EXPECT_EQ(cli_json("rally --ruleset glaube --state routing --roll 0.800")["rallied"], true);
    EXPECT_EQ(cli_json("order --ruleset glaube --roll 0.149")["understood"], false);
    EXPECT_EQ(cli_json("order --ruleset glaube --roll 0.150")["understood"], true);
}

TEST(CliRules, ValidateShippedData) {
    const CliRun run = cli("validate");
    EXPECT_EQ(run.code, 0) << run.out;
}

TEST(CliRules, BadArgumentsExitTwoWithAClearMessage) {
    struct Case {
        std::string arguments, message;
    };
    const std::vector<Case> cases{
        {"combat --ruleset gloire-dice --attack 10 --defend 10 --roll 7", "impossible roll '7': expected a whole number from 1 to 6"},
        {"combat --ruleset gloire --attack 10 --defend 10 --roll 1.5", "expected a random number from 0.000 to 0.999"},
        {"combat --ruleset nowhere --attack 10 --defend 10", "unknown rule set 'nowhere'"},
        {"combat --ruleset gloire-dice --attack 10", "--defend N or --defender NATION/TYPE"},
        {"combat --ruleset gloire-dice --attack 10 --defend 10 --flnak", "unknown option --flnak"},
        {"combat --ruleset gloire-dice --attacker france/hussars --defend 10", "has no unit type 'hussars'"},
        {"odds --ruleset gloire-dice --attack ten --defend 5", "--attack expects a whole number"},
        {"morale --ruleset gloire-dice --casualties 70 --total 60", "--casualties must be between 0 and --total"},
        {"artillery --ruleset gloire-dice --range -5", "cannot be negative"},
        {"frobnicate", "unknown command 'frobnicate'"},
    };
    for (const auto& c : cases) {
        const CliRun run = cli(c.arguments);
        EXPECT_EQ(run.code, 2) << c.arguments << "\n" << run.out;
        EXPECT_NE(run.out.find(c.message), std::string::npos) << c.arguments << "\n" << run.out;
    }
}

}  // namespace
