// SPDX-License-Identifier: MIT
// fortuna-cli's Clausewitz commands as a script sees them (issue 30, item 6): the fixed keys, the
// exact odds, typed dice refused with what was expected, and the umpire's step-by-step text.
#include <gtest/gtest.h>

#include <cmath>
#include <filesystem>
#include <fstream>
#include <string>

#include <nlohmann/json.hpp>

#include "cli_runner.hpp"

namespace fortuna::clausewitz_cli_tests {
namespace {

using fortuna::testing::CliRun;

CliRun cli(const std::string& arguments) { return fortuna::testing::run_cli(arguments); }

nlohmann::json cli_json(const std::string& arguments) {
    const CliRun run = cli("--json " + arguments);
    EXPECT_EQ(run.code, 0) << run.out;
    return fortuna::testing::first_json(run.out);
}

double binomial(int n, int k, double p) {
    double c = 1;
    for (int i = 0; i < k; ++i) c = c * (n - i) / (i + 1);
    return c * std::pow(p, k) * std::pow(1 - p, n - k);
}

TEST(CliClausewitz, FirePreviewGivesTheContractKeys) {
    const auto j = cli_json("clausewitz fire --dice 8 --range effective --preview");
    EXPECT_EQ(j["dice_used"], 8);
    EXPECT_NEAR(j["expected_hits"].get<double>(), 8.0 / 6, 1e-12);  // Steady! 5+ then Fire! 4+: 1/6 a die
    for (int k = 0; k <= 8; ++k) EXPECT_NEAR(j["hits"][std::to_string(k)].get<double>(), binomial(8, k, 1.0 / 6), 1e-12);
    const auto column = cli_json("clausewitz fire --dice 9 --range long --formation column --steady 4 --preview");
    EXPECT_EQ(column["dice_used"], 3);  // a quarter of 9, rounded up
    EXPECT_NEAR(column["hits"]["0"].get<double>(), std::pow(1 - 0.5 / 6, 3), 1e-12);  // 4+ then 6+
    const auto enfilade = cli_json("clausewitz fire --dice 2 --range effective --enfilade --preview");
    EXPECT_NEAR(enfilade["hits"]["2"].get<double>(), 2 * (1.0 / 6) * (5.0 / 6), 1e-12);
    EXPECT_NEAR(enfilade["hits"]["1"].get<double>(), 0.0, 1e-15);
}

TEST(CliClausewitz, FireWithTypedDiceExplainsEachStep) {
    const auto j = cli_json("clausewitz fire --dice 4 --range effective --steady-dice 6,5,1,2 --fire-dice 4,3");
    EXPECT_EQ(j["throw"]["steady_successes"], 2);
    EXPECT_EQ(j["throw"]["damage"], 1);
    EXPECT_EQ(j["throw"]["entered"], true);
    const CliRun text = cli("clausewitz fire --dice 4 --range effective --steady-dice 6,5,1,2 --fire-dice 4,3");
    EXPECT_EQ(text.code, 0);
    EXPECT_NE(text.out.find("Steady! roll 6,5,1,2: 2 of 4 on 5+"), std::string::npos) << text.out;
    EXPECT_NE(text.out.find("Rulebook Adjustments"), std::string::npos);
    const CliRun short_roll = cli("clausewitz fire --dice 4 --range effective --steady-dice 6,5,1,2 --fire-dice 4");
    EXPECT_EQ(short_roll.code, 2);
    EXPECT_NE(short_roll.out.find("--fire-dice: 2 dice expected"), std::string::npos) << short_roll.out;
    const CliRun seven = cli("clausewitz fire --dice 2 --range long --steady-dice 7,1");
    EXPECT_EQ(seven.code, 2);
    EXPECT_NE(seven.out.find("a die shows 1 to 6, not 7"), std::string::npos) << seven.out;
}

TEST(CliClausewitz, ASeededThrowRepeats) {
    const auto a = cli_json("clausewitz fire --dice 12 --range effective --seed 42");
    const auto b = cli_json("clausewitz fire --dice 12 --range effective --seed 42");
    EXPECT_EQ(a["throw"], b["throw"]);
    EXPECT_EQ(a["throw"]["steady_dice"].size(), 12u);
}

TEST(CliClausewitz, BadFireOptionsAreRefusedByName) {
    const CliRun range = cli("clausewitz fire --dice 4 --range near");
    EXPECT_EQ(range.code, 2);
    EXPECT_NE(range.out.find("--range expects effective|long"), std::string::npos) << range.out;
    const CliRun dice = cli("clausewitz fire --dice many --range long");
    EXPECT_EQ(dice.code, 2);
    EXPECT_NE(dice.out.find("--dice"), std::string::npos) << dice.out;
    const CliRun formation = cli("clausewitz fire --dice 4 --range long --formation wedge");
    EXPECT_EQ(formation.code, 2);
    EXPECT_NE(formation.out.find("line|column|square"), std::string::npos) << formation.out;
}

TEST(CliClausewitz, BombardByDistanceAndTargetFormation) {
    const auto j = cli_json("clausewitz bombard --dice 4 --distance 12 --weapon 6pdr --target line --preview");
    EXPECT_EQ(j["range"], "long");
    EXPECT_EQ(j["damage"], "half");
    const CliRun far = cli("clausewitz bombard --dice 4 --distance 16 --weapon 6pdr --preview");
    EXPECT_EQ(far.code, 2);
    EXPECT_NE(far.out.find("out of range"), std::string::npos);
    const auto column = cli_json("clausewitz bombard --dice 1 --range effective --target column --preview");
    EXPECT_NEAR(column["hits"]["2"].get<double>(), 1.0 / 6, 1e-12);
}

TEST(CliClausewitz, MeleeHitOnAgainstFootAndMounted) {
    const auto foot = cli_json("clausewitz melee --dice 6 --against foot --preview");
    EXPECT_EQ(foot["hit_on"], 5);
    EXPECT_NEAR(foot["hits"]["0"].get<double>(), std::pow(4.0 / 6, 6), 1e-12);
    EXPECT_EQ(cli_json("clausewitz melee --dice 6 --against foot --flank --preview")["hit_on"], 4);
    const auto rear = cli_json("clausewitz melee --dice 3 --against mounted --rear --preview");
    EXPECT_EQ(rear["hit_on"], 4);
    EXPECT_NEAR(rear["expected_hits"].get<double>(), 1.5, 1e-12);
    const CliRun both = cli("clausewitz melee --dice 3 --against foot --flank --rear");
    EXPECT_EQ(both.code, 2);
    const CliRun typed = cli("--json clausewitz melee --dice 3 --against foot --melee-dice 5,4,6");
    EXPECT_EQ(fortuna::testing::first_json(typed.out)["throw"]["hits"], 2);
}

TEST(CliClausewitz, MoraleGivesPassOnAndTheExactProbability) {
    const auto j = cli_json("clausewitz morale --units 3 --preview");
    EXPECT_EQ(j["pass_on"], 5);
    EXPECT_NEAR(j["probability"].get<double>(), 30.0 / 36, 1e-12);
    const auto capped = cli_json("clausewitz morale --units 4 --column 4 --cavalry-threat 2 --preview");
    EXPECT_EQ(capped["pass_on"], 4);  // capped at 3+, then Cavalry (-2) reduced to (-1) by the columns
    // One unit of four out of column: the threat stays whole.
    EXPECT_EQ(cli_json("clausewitz morale --units 4 --column 3 --cavalry-threat 2 --preview")["pass_on"], 5);
    const auto square = cli_json("clausewitz morale --units 2 --square 2 --cavalry-threat 2 --preview");
    EXPECT_EQ(square["pass_on"], 4);
    const auto thrown = cli_json("clausewitz morale --units 3 --cavalry-threat 2 --dice 2,1 --actions-left 4");
    EXPECT_EQ(thrown["throw"]["result"], "flee");
    EXPECT_EQ(thrown["throw"]["margin"], 4);
    EXPECT_EQ(thrown["throw"]["distance_cm"], 15);
    const CliRun too_many = cli("clausewitz morale --units 6");
    EXPECT_EQ(too_many.code, 2);
    EXPECT_NE(too_many.out.find("--units"), std::string::npos);
    const CliRun threat = cli("clausewitz morale --units 3 --cavalry-threat 3");
    EXPECT_EQ(threat.code, 2);
    EXPECT_NE(threat.out.find("--cavalry-threat"), std::string::npos);
}

TEST(CliClausewitz, MoveGivesTheDistance) {
    EXPECT_EQ(cli_json("clausewitz move --arm foot --actions 5")["distance_cm"], 10);
    EXPECT_EQ(cli_json("clausewitz move --arm mounted --actions 2 --quick")["distance_cm"], 16);
    EXPECT_EQ(cli_json("clausewitz move --arm foot --actions 2 --terrain difficult")["distance_cm"], 2);
    EXPECT_EQ(cli_json("clausewitz move --arm foot --actions 1 --quick --road")["distance_cm"], 4);
    const CliRun rough = cli("clausewitz move --arm foot --actions 1 --quick --terrain rough");
    EXPECT_EQ(rough.code, 2);
    EXPECT_NE(rough.out.find("Quick March can only be used on open terrain"), std::string::npos) << rough.out;
    const CliRun zone = cli("clausewitz move --arm foot --actions 1 --quick --in-zone");
    EXPECT_EQ(zone.code, 2);
    EXPECT_NE(zone.out.find("zone of control"), std::string::npos);
    EXPECT_EQ(cli("clausewitz move --arm foot --actions 6").code, 2);
}

TEST(CliClausewitz, CommandTest) {
    const auto j = cli_json("clausewitz command --general 3 --unit 4 --points 2 --distance 17 --preview");
    EXPECT_EQ(j["pass_on"], 5);
    EXPECT_NEAR(j["probability"].get<double>(), 30.0 / 36, 1e-12);
    EXPECT_EQ(j["actions_lost"], 2);
    EXPECT_EQ(cli_json("clausewitz command --general 1 --unit 1 --dice 1,1")["throw"]["passed"], true);
    const CliRun rating = cli("clausewitz command --general 6 --unit 1");
    EXPECT_EQ(rating.code, 2);
    EXPECT_NE(rating.out.find("--general"), std::string::npos);
}

TEST(CliClausewitz, DiceLostToDamage) {
    const auto j = cli_json("clausewitz damage --damage 3 --preview");
    EXPECT_NEAR(j["dice_lost"]["0"].get<double>(), 8.0 / 27, 1e-12);  // each point loses a die on 5+
    EXPECT_NEAR(j["expected_dice_lost"].get<double>(), 1.0, 1e-12);
    EXPECT_EQ(cli_json("clausewitz damage --damage 3 --dice 5,4,6")["throw"]["lost"], 2);
    const CliRun wrong = cli("clausewitz damage --damage 3 --dice 5,4");
    EXPECT_EQ(wrong.code, 2);
    EXPECT_NE(wrong.out.find("--dice: 3 dice expected"), std::string::npos) << wrong.out;
}

TEST(CliClausewitz, ZoneAndChips) {
    const auto zone = cli_json("clausewitz zone --brigade 0,0,0 --enemy 0,10,180");
    EXPECT_EQ(zone["in_enemy_zone"], true);
    EXPECT_NEAR(zone["our_zone"]["distance_cm"].get<double>(), 7.0, 1e-9);
    EXPECT_EQ(cli_json("clausewitz zone --brigade 0,0,0 --enemy 0,14,180")["enemy_in_our_zone"], false);
    EXPECT_EQ(cli("clausewitz zone --brigade 0,0 --enemy 0,14,180").code, 2);
    const auto chips = cli_json("clausewitz chips --side French:1 --side British --draw 2 --seed 9");
    EXPECT_EQ(chips["chips"]["French"], 6);
    EXPECT_NEAR(chips["next"]["British"].get<double>(), 1.0 / 7, 1e-12);
    EXPECT_EQ(chips["drawn"].size(), 2u);
}


// ------------------------------------------------------------------ played through the seam

class CliClausewitzPlay : public fortuna::testing::CliFolderTest {
protected:
    CliClausewitzPlay() : CliFolderTest("clausewitz-play") {}
    std::string at(const std::string& name) const { return (folder_ / name).string(); }
};

TEST_F(CliClausewitzPlay, TheComputerPlaysTheFirstHoursToTheEndAndTheSaveReplays) {
    const std::string save = at("qb.json");
    const CliRun run = cli("--json play --scenario quatre-bras-opening-1815 --opponent both --seed 4 --save " + save);
    ASSERT_EQ(run.code, 0) << run.out.substr(0, 2000);
    const auto j = fortuna::testing::first_json(run.out);
    EXPECT_EQ(j["outcome"]["decided"], true);
    EXPECT_NE(j["outcome"]["words"].get<std::string>().find("victory points"), std::string::npos);
    ASSERT_GT(j["applied"].size(), 100u);
    for (const auto& entry : j["applied"]) EXPECT_FALSE(entry.value("why", std::string()).empty()) << entry.dump();
    // The same seed, the same battle.
    const auto again = fortuna::testing::first_json(cli("--json play --scenario quatre-bras-opening-1815 --opponent both --seed 4").out);
    EXPECT_EQ(again["applied"], j["applied"]);
    // The save and its journal replay roll by roll.
    const CliRun replay = cli("replay " + save);
    EXPECT_EQ(replay.code, 0) << replay.out;
    EXPECT_EQ(cli("replay " + save + ".journal").code, 0);
    EXPECT_EQ(cli("validate").code, 0);
    const CliRun lab = cli("simulate --scenario quatre-bras-opening-1815 --battles 3");
    EXPECT_EQ(lab.code, 0) << lab.out;
    EXPECT_NE(lab.out.find("3 battles"), std::string::npos) << lab.out;
}

TEST_F(CliClausewitzPlay, AJournalCarriesAGameKilledMidPlayToTheEnd) {
    std::ofstream(at("start.jsonl")) << R"({"action": "draw", "chip": "french"})" << "\n"
                                     << R"({"action": "activate", "brigade": "gauthier", "general": "foy", "command": [6, 6]})" << "\n"
                                     << R"({"action": "march", "brigade": "gauthier", "at": [100.4, 60]})" << "\n"
                                     << R"({"action": "quick-march", "brigade": "gauthier", "at": [100, 61]})" << "\n";
    const std::string journal = at("live.journal");
    const CliRun first = cli("--json play --scenario quatre-bras-opening-1815 --seed 8 --actions " + at("start.jsonl") + " --journal " + journal);
    // Gauthier starts inside Bijlandt's zone: it marches straight at it, then a Quick March is refused
    // naming the rule; the three lines before are kept in the journal.
    EXPECT_NE(first.out.find("Quick March"), std::string::npos) << first.out.substr(0, 2000);
    const CliRun rest = cli("--json play --load " + journal + " --opponent both");
    ASSERT_EQ(rest.code, 0) << rest.out.substr(0, 2000);
    const auto j = fortuna::testing::first_json(rest.out);
    EXPECT_EQ(j["outcome"]["decided"], true);
    EXPECT_EQ(cli("replay " + journal).code, 0);
}

}  // namespace
}  // namespace fortuna::clausewitz_cli_tests
