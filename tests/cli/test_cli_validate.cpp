// SPDX-License-Identifier: MIT
// fortuna-cli validate is the loader: what it calls valid opens, what the app or play refuses it reports, folders included.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <set>
#include <string>
#include <unistd.h>

#include <nlohmann/json.hpp>

#include "cli_runner.hpp"

namespace {

using fortuna::testing::CliRun;
using nlohmann::json;

const std::string kFixtures = FORTUNA_TEST_FIXTURES_DIR;

CliRun run(const std::string& arguments) { return fortuna::testing::run_cli(arguments); }

json validate_json(const std::string& paths) { return fortuna::testing::first_json(run("--json validate " + paths).out); }

std::set<std::string> broken_files(const json& report) {
    std::set<std::string> files;
    for (const auto& problem : report["problems"]) files.insert(std::filesystem::path(problem["file"].get<std::string>()).filename().string());
    return files;
}

TEST(CliValidate, EveryBrokenSaveIsReportedAndTheValidOneIsNot) {
    // Each file in tests/fixtures/saves except valid.fortuna is refused by load_game (and so by
    // the app and `play --load`); validate must say so for every one, replay included.
    const json report = validate_json(kFixtures + "/saves");
    const std::set<std::string> broken = broken_files(report);
    int saves = 0;
    for (const auto& entry : std::filesystem::directory_iterator(kFixtures + "/saves")) {
        ++saves;
        const std::string name = entry.path().filename().string();
        if (name == "valid.fortuna") EXPECT_EQ(broken.count(name), 0U) << name;
        else EXPECT_EQ(broken.count(name), 1U) << name << " was called valid";
    }
    EXPECT_EQ(report["checked"].size(), static_cast<std::size_t>(saves));
    EXPECT_EQ(report["valid"], false);
}

TEST(CliValidate, SavesThatOnlyTheReplayOrTheCrossReferencesCatch) {
    struct Case {
        std::string file, where, words;
    };
    const std::vector<Case> cases{
        {"saves/tampered-state.fortuna", "/journal", "a journal that replays to the saved position"},
        {"saves/tampered-roll.fortuna", "/journal/", "the recorded rolls"},
        {"saves/unknown-unit-type.fortuna", "/scenario/document/sides/0/commands/0/units/0/type", "imaginary-lancers"},
        {"saves/unknown-nation.fortuna", "/scenario/document/sides/1/", "atlantis"},
        {"saves/duplicate-key.fortuna", "/generator/seed", "each key once"},
        {"scenarios/unknown-unit-type.json", "/sides/0/commands/0/units/0/type", "imaginary-lancers"},
        {"scenarios/unknown-nation.json", "/sides/1/", "atlantis"},
        {"scenarios/unknown-ruleset.json", "/ruleset", "no-such-rules"},
        {"scenarios/duplicate-key.json", "/name", "each key once"},
    };
    for (const Case& c : cases) {
        SCOPED_TRACE(c.file);
        const CliRun r = run("--json validate " + kFixtures + "/" + c.file);
        EXPECT_EQ(r.code, 1) << r.out;
        const json report = fortuna::testing::first_json(r.out);
        ASSERT_EQ(report["problems"].size(), 1U) << r.out;
        EXPECT_EQ(report["problems"][0]["where"].get<std::string>().rfind(c.where, 0), 0U) << r.out;
        EXPECT_NE(report["problems"][0]["message"].get<std::string>().find(c.words), std::string::npos) << r.out;
    }
    const CliRun valid = run("validate " + kFixtures + "/scenarios/valid.json " + kFixtures + "/saves/valid.fortuna");
    EXPECT_EQ(valid.code, 0) << valid.out;
    EXPECT_NE(valid.out.find("2 file(s) checked (1 save, 1 scenario): all valid"), std::string::npos) << valid.out;
}

TEST(CliValidate, AFolderIsSearchedAndEveryKindInItChecked) {
    const CliRun r = run("validate " + std::string(FORTUNA_TEST_DATA_DIR));
    EXPECT_EQ(r.code, 0) << r.out;
    EXPECT_EQ(r.out.find("Is a directory"), std::string::npos) << r.out;
    // The shipped data: 5 rule sets, their armies, 3 land scenarios (White Mountain, its
    // first-combat corner, the test skirmish), the naval tables and scenario, White Mountain's
    // doctrine, every system's tables and lists, and every schema.
    std::size_t schemas = 0;
    for (const auto& entry : std::filesystem::directory_iterator(std::string(FORTUNA_TEST_DATA_DIR) + "/schema"))
        if (entry.path().extension() == ".json") ++schemas;
    EXPECT_NE(r.out.find("5 rule set"), std::string::npos) << r.out;
    EXPECT_NE(r.out.find("3 scenario"), std::string::npos) << r.out;
    EXPECT_NE(r.out.find("1 doctrine"), std::string::npos) << r.out;
    EXPECT_NE(r.out.find(std::to_string(schemas) + " schema"), std::string::npos) << r.out;
    EXPECT_NE(r.out.find(": all valid"), std::string::npos) << r.out;

    const CliRun missing = run("validate /no/such/folder");
    EXPECT_EQ(missing.code, 1);
    EXPECT_NE(missing.out.find("no such file or folder"), std::string::npos) << missing.out;
}

TEST(CliValidate, AJournalIsReplayedInFull) {
    const auto folder = std::filesystem::temp_directory_path() / ("fortuna-validate-" + std::to_string(::getpid()));
    std::filesystem::create_directories(folder);
    const std::string journal = (folder / "game.journal").string();
    {
        std::ofstream actions(folder / "a.jsonl");
        actions << "{\"do\": \"end-phase\"}\n{\"do\": \"combat\", \"attacker\": \"F-I1\", \"defender\": \"I-I1\", \"roll\": 6}\n";
    }
    ASSERT_EQ(run("play --advisory --scenario test-skirmish --seed 4 --journal " + journal + " --actions " + (folder / "a.jsonl").string()).code, 0);
    EXPECT_EQ(run("validate " + journal).code, 0);
    // The recorded roll of the combat changed from 6 to 1: the replay no longer agrees.
    std::ifstream in(journal);
    std::string text((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
    const auto at = text.find("\"value\":6");
    ASSERT_NE(at, std::string::npos) << text;
    text.replace(at, 9, "\"value\":1");
    std::ofstream(journal, std::ios::trunc) << text;
    const CliRun r = run("validate " + journal);
    EXPECT_EQ(r.code, 1) << r.out;
    EXPECT_NE(r.out.find("line 3"), std::string::npos) << r.out;
    std::filesystem::remove_all(folder);
}

TEST(CliValidate, ABrokenDataFileDisablesOnlyItselfForTheRestOfTheCli) {
    // A copy of data/ with one broken army of another rule set: the CLI says so on stderr and
    // the test skirmish (gloire-dice) plays on.
    const auto root = std::filesystem::temp_directory_path() / ("fortuna-broken-cli-" + std::to_string(::getpid()));
    std::filesystem::remove_all(root);
    std::filesystem::copy(FORTUNA_TEST_DATA_DIR, root, std::filesystem::copy_options::recursive);
    const auto broken = root / "armies" / "glaube";
    ASSERT_TRUE(std::filesystem::is_directory(broken));
    const auto army = std::filesystem::directory_iterator(broken)->path();
    std::ofstream(army, std::ios::trunc) << "{ \"format\": \"fortuna-army\", ";
    const CliRun r = fortuna::testing::run_shell("'" + std::string(FORTUNA_CLI) + "' --data '" + root.string() +
                                                 "' play --scenario test-skirmish --seed 1");
    EXPECT_EQ(r.code, 0) << r.out;
    EXPECT_NE(r.out.find("warning: left out a broken data file: " + army.string()), std::string::npos) << r.out;
    const CliRun v = fortuna::testing::run_shell("'" + std::string(FORTUNA_CLI) + "' --data '" + root.string() + "' validate");
    EXPECT_EQ(v.code, 1) << v.out;
    EXPECT_NE(v.out.find(army.string()), std::string::npos) << v.out;
    std::filesystem::remove_all(root);
}

}  // namespace
