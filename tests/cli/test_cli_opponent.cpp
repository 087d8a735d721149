// SPDX-License-Identifier: MIT
// fortuna-cli play --opponent and simulate: a computer-played battle with its reasons, and the battle lab, as a user runs them.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>

#include <unistd.h>

#include "cli_runner.hpp"

namespace fortuna::testing {
namespace {

namespace fs = std::filesystem;

bool mentions(const std::string& text, const std::string& part) { return text.find(part) != std::string::npos; }

TEST(CliOpponent, BothSidesPlayWhiteMountainToADecisionWithTheirReasonsAndTheSaveReplays) {
    const fs::path save = fs::temp_directory_path() / ("fortuna-opponent-" + std::to_string(::getpid()) + ".fortuna");
    const CliRun run = run_cli("--json play --scenario white-mountain-1620 --seed 7 --opponent both --save '" + save.string() + "'");
    ASSERT_EQ(run.code, 0) << run.out.substr(0, 2000);
    const auto document = first_json(run.out);
    ASSERT_TRUE(document.is_object()) << run.out.substr(0, 2000);
    EXPECT_TRUE(document["outcome"]["decided"].get<bool>());
    const auto& applied = document["applied"];
    ASSERT_GT(applied.size(), 100u);
    int with_reason = 0;
    for (const auto& entry : applied) with_reason += entry.contains("why") ? 1 : 0;
    EXPECT_GT(2 * with_reason, static_cast<int>(applied.size()));
    EXPECT_EQ(applied[0]["by"], "computer: catholic");

    // The same seed, the same battle; the save's journal reproduces it.
    const CliRun again = run_cli("--json play --scenario white-mountain-1620 --seed 7 --opponent both");
    EXPECT_EQ(first_json(again.out)["applied"], applied);
    const CliRun replay = run_cli("replay '" + save.string() + "'");
    EXPECT_EQ(replay.code, 0) << replay.out;
    EXPECT_TRUE(mentions(replay.out, "reproduces")) << replay.out;
    fs::remove(save);
    fs::remove(fs::path(save).replace_extension(".journal"));
}

TEST(CliOpponent, OneSidePlaysItsHalfTurnAndStopsForThePlayer) {
    const CliRun run = run_cli("play --scenario white-mountain-1620 --seed 2 --opponent catholic");
    ASSERT_EQ(run.code, 0) << run.out;
    EXPECT_TRUE(mentions(run.out, "why: ")) << run.out;
    EXPECT_TRUE(mentions(run.out, "Not yet decided at 12:15")) << run.out;
    EXPECT_TRUE(mentions(run.out, "Bohemians and allies (second player), phase a)")) << run.out;
}

TEST(CliOpponent, BadSidesAndTimesAreRefusedWithWhatWasExpected) {
    const CliRun side = run_cli("play --scenario white-mountain-1620 --opponent saxons");
    EXPECT_EQ(side.code, 2);
    EXPECT_TRUE(mentions(side.out, "'catholic', 'bohemian'") && mentions(side.out, "'saxons'")) << side.out;
    const CliRun until = run_cli("play --scenario white-mountain-1620 --opponent both --until 25:99");
    EXPECT_EQ(until.code, 2);
    EXPECT_TRUE(mentions(until.out, "--until needs 'end' or a time HH:MM")) << until.out;
    const CliRun lone = run_cli("play --scenario white-mountain-1620 --until 13:00");
    EXPECT_EQ(lone.code, 2);
    const CliRun battles = run_cli("simulate --scenario white-mountain-1620 --battles 0");
    EXPECT_EQ(battles.code, 2);
    EXPECT_TRUE(mentions(battles.out, "--battles needs")) << battles.out;
}

TEST(CliOpponent, TheLabReportsOutcomesWithIntervalsAndAnEditedTableSideBySide) {
    // A house edit: every rally needs 0.100 less (a friendlier table), same id as the printed one.
    auto rules = nlohmann::json::parse(std::ifstream(std::string(FORTUNA_TEST_DATA_DIR) + "/tables/glaube.json"));
    rules["name"] = "The Age of Glaube (house rally)";
    const fs::path edited = fs::temp_directory_path() / ("fortuna-lab-" + std::to_string(::getpid()) + ".json");
    std::ofstream(edited) << rules.dump(2);
    const CliRun run = run_cli("--json simulate --scenario white-mountain-1620 --battles 4 --seed 3 --jobs 2 --ruleset-file '" +
                               edited.string() + "'");
    ASSERT_EQ(run.code, 0) << run.out.substr(0, 2000);
    const auto document = first_json(run.out);
    ASSERT_TRUE(document.is_object()) << run.out.substr(0, 2000);
    const auto& printed = document["printed"];
    EXPECT_EQ(printed["battles"], 4);
    int total = 0;
    for (const auto& [winner, count] : printed["outcomes"].items()) total += count.get<int>();
    EXPECT_EQ(total, 4);
    EXPECT_TRUE(printed["outcome_shares"]["catholic"].contains("ci95"));
    // The same tables under another name play the same battles: no shift.
    EXPECT_EQ(document["edited"]["outcomes"], printed["outcomes"]);
    for (const auto& [winner, shift] : document["shift"].items()) EXPECT_DOUBLE_EQ(shift.get<double>(), 0.0) << winner;

    rules["id"] = "glaube-house";
    std::ofstream(edited) << rules.dump(2);
    const CliRun other = run_cli("simulate --scenario white-mountain-1620 --battles 1 --ruleset-file '" + edited.string() + "'");
    EXPECT_EQ(other.code, 1);
    EXPECT_TRUE(mentions(other.out, "/id") && mentions(other.out, "glaube-house")) << other.out;
    fs::remove(edited);
}

// Past one machine (docs/lab.md): seeds 5-6 and 7-10 played as two parts (given in either
// order) merge into exactly what one run over seeds 5-10 prints, the time taken aside.
TEST(CliOpponent, PartsOfTheLabRunElsewhereMergeIntoExactlyOneRunOverTheWholeRange) {
    const fs::path dir = fs::temp_directory_path() / ("fortuna-lab-parts-" + std::to_string(::getpid()));
    fs::create_directories(dir);
    const auto lab = [&](const std::string& arguments, const fs::path& out) {
        const CliRun run = run_cli("--json simulate --scenario white-mountain-1620 --jobs 2 --records " + arguments);
        EXPECT_EQ(run.code, 0) << run.out.substr(0, 2000);
        std::ofstream(out) << run.out;
        return first_json(run.out);
    };
    nlohmann::json whole = lab("--battles 6 --seed 5", dir / "whole.json");
    lab("--battles 2 --seed 5", dir / "first.json");
    lab("--battles 4 --seed 7", dir / "second.json");
    const CliRun merged = run_cli("--json simulate --records --merge '" + (dir / "second.json").string() + "' '" + (dir / "first.json").string() + "'");
    ASSERT_EQ(merged.code, 0) << merged.out.substr(0, 2000);
    nlohmann::json document = first_json(merged.out);
    ASSERT_TRUE(document.is_object()) << merged.out.substr(0, 2000);
    whole["printed"].erase("seconds");
    document["printed"].erase("seconds");
    EXPECT_EQ(document, whole);
    EXPECT_EQ(document["battles"], 6);
    EXPECT_EQ(document["seed"], 5);

    // The same part twice, and parts that leave a gap, are refused with the seeds named.
    const CliRun twice = run_cli("simulate --merge '" + (dir / "first.json").string() + "' '" + (dir / "first.json").string() + "'");
    EXPECT_EQ(twice.code, 1);
    EXPECT_TRUE(mentions(twice.out, "seed 5, played in")) << twice.out;
    lab("--battles 1 --seed 20", dir / "later.json");
    const CliRun gap = run_cli("simulate --merge '" + (dir / "first.json").string() + "' '" + (dir / "later.json").string() + "'");
    EXPECT_EQ(gap.code, 2);
    EXPECT_TRUE(mentions(gap.out, "seeds 7-19")) << gap.out;
    // A summary without its battles says how to make a part.
    std::ofstream(dir / "summary.json") << nlohmann::json{{"scenario", "white-mountain-1620"}, {"printed", nlohmann::json::object()}}.dump();
    const CliRun summary = run_cli("simulate --merge '" + (dir / "summary.json").string() + "'");
    EXPECT_EQ(summary.code, 1);
    EXPECT_TRUE(mentions(summary.out, "--records")) << summary.out;
    fs::remove_all(dir);
}

TEST(CliOpponent, ValidateRefusesADoctrineNamingAUnitTheScenarioLacks) {
    auto doctrine = nlohmann::json::parse(std::ifstream(std::string(FORTUNA_TEST_DATA_DIR) + "/doctrines/white-mountain-1620.json"));
    doctrine["sides"]["bohemian"]["reserves"][0]["units"][0] = "B-C9";
    const fs::path file = fs::temp_directory_path() / ("fortuna-doctrine-" + std::to_string(::getpid()) + ".json");
    std::ofstream(file) << doctrine.dump(2);
    const CliRun run = run_cli("validate '" + file.string() + "'");
    EXPECT_EQ(run.code, 1) << run.out;
    EXPECT_TRUE(mentions(run.out, "/sides/bohemian/reserves/0/units/0") && mentions(run.out, "B-C9")) << run.out;
    fs::remove(file);
}

}  // namespace
}  // namespace fortuna::testing
