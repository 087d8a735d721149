// SPDX-License-Identifier: MIT
// fortuna-cli play with a naval scenario: actions from a file, a save loaded and continued, a journal resumed, a refusal that still saves.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <string>

#include <nlohmann/json.hpp>
#include <unistd.h>

#include "cli_runner.hpp"

namespace {

using fortuna::testing::CliRun;
using nlohmann::json;
namespace fs = std::filesystem;

CliRun cli(const std::string& arguments) { return fortuna::testing::run_cli(arguments); }

// A folder of its own for each test, removed afterwards.
class NavalPlay : public ::testing::Test {
protected:
    void SetUp() override {
        folder_ = fs::path(::testing::TempDir()) / ("fortuna-naval-play-" + std::to_string(::getpid()) + "-" +
                                                    ::testing::UnitTest::GetInstance()->current_test_info()->name());
        fs::remove_all(folder_);
        fs::create_directories(folder_);
    }
    void TearDown() override { fs::remove_all(folder_); }
    std::string at(const std::string& name) const { return (folder_ / name).string(); }
    std::string actions(const std::string& name, const std::string& lines) const {
        std::ofstream(at(name)) << lines;
        return at(name);
    }
    fs::path folder_;
};

// Arethusa's starboard broadside with the dice given (a 4 hits at 6.3 cm, a 1 misses: one of
// Belle Poule's port gun decks), then the British move ends.
const char* const kDuel =
    R"({"action":"broadside","ship":"arethusa","target":"belle-poule","side":"starboard","aim":"hull","dice":[4,1]})"
    "\n"
    R"({"action":"end-half"})"
    "\n";

TEST_F(NavalPlay, PlaysAFileSavesLoadsAndContinues) {
    const std::string save = at("duel.fortuna-naval");
    const CliRun first = cli("--json play --scenario channel-1778 --seed 7 --actions " + actions("a.jsonl", kDuel) + " --save " + save);
    ASSERT_EQ(first.code, 0) << first.out;
    const json played = fortuna::testing::first_json(first.out);
    EXPECT_EQ(played["applied_count"], 2);
    EXPECT_EQ(played["applied"][0]["summary"], "Arethusa fires her starboard broadside at Belle Poule: 1 hit");
    EXPECT_EQ(played["active_side"], "french");
    EXPECT_EQ(played["sides"][0]["damage_inflicted"], 1);
    EXPECT_EQ(played["leading"], "british");
    EXPECT_EQ(played["save"], save);
    EXPECT_TRUE(fs::exists(save + ".journal"));

    // Loaded and continued: Belle Poule answers with her one port gun deck left (a 6 hits), then undo and redo.
    const std::string reply =
        actions("b.jsonl", R"({"action":"broadside","ship":"belle-poule","target":"arethusa","side":"port","dice":[6]})"
                           "\n{\"action\":\"undo\"}\n{\"action\":\"redo\"}\n");
    const CliRun second = cli("--json play --load " + save + " --actions " + reply + " --save " + save);
    ASSERT_EQ(second.code, 0) << second.out;
    const json continued = fortuna::testing::first_json(second.out);
    EXPECT_EQ(continued["applied_count"], 3);
    EXPECT_EQ(continued["applied"][0]["seq"], 3);  // after the two lines of the first run
    EXPECT_EQ(continued["applied"][1]["summary"], "Undo #3: Belle Poule fires her port broadside at Arethusa: 1 hit");
    EXPECT_EQ(continued["applied"][2]["do"], "redo");
    EXPECT_EQ(continued["sides"][1]["damage_inflicted"], 1);
    EXPECT_EQ(continued["leading"], "level");

    // The text form: each action with its summary, the ships, the tally and who leads.
    const CliRun text = cli("play --load " + save);
    EXPECT_EQ(text.code, 0) << text.out;
    EXPECT_NE(text.out.find("Great Britain (damage inflicted 1)"), std::string::npos) << text.out;
    // Each lost the gun decks on the side that faced the other (D4).
    EXPECT_NE(text.out.find("arethusa     fifth-rate  port 2 stbd 1"), std::string::npos) << text.out;
    EXPECT_NE(text.out.find("belle-poule  fifth-rate  port 1 stbd 2"), std::string::npos) << text.out;
    EXPECT_NE(text.out.find("leading: level"), std::string::npos) << text.out;

    // Continued without --save: the actions go to the journal beside the save, and the next
    // --load of the save continues that journal, saying so.
    ASSERT_EQ(cli("play --load " + save + " --actions " + actions("c.jsonl", "{\"action\":\"end-half\"}\n")).code, 0);
    const CliRun later = cli("--json play --load " + save);
    EXPECT_EQ(later.code, 0) << later.out;
    EXPECT_NE(later.out.find("holds 1 journal line beyond the save"), std::string::npos) << later.out;
    EXPECT_EQ(fortuna::testing::first_json(later.out)["active_side"], "british");
}

TEST_F(NavalPlay, ARefusalStopsWithTheCountAndStillSaves) {
    const std::string file = actions("a.jsonl", std::string(kDuel) +
                                                    R"({"action":"broadside","ship":"arethusa","target":"belle-poule","side":"starboard"})"
                                                    "\n{\"action\":\"end-half\"}\n");
    const std::string save = at("refused.fortuna-naval");
    const CliRun run = cli("play --scenario channel-1778 --seed 1 --actions " + file + " --save " + save);
    EXPECT_EQ(run.code, 1) << run.out;
    EXPECT_NE(run.out.find(":3: Arethusa is not of the side moving now (France)"), std::string::npos) << run.out;
    EXPECT_NE(run.out.find("the 2 actions before it were applied and saved"), std::string::npos) << run.out;
    const json saved = json::parse(std::ifstream(save));
    EXPECT_EQ(saved["format"], "fortuna-naval-save");
    EXPECT_EQ(saved["journal"].size(), 2U);
}

TEST_F(NavalPlay, AJournalResumesAfterTheProgramDied) {
    const std::string journal = at("game.journal");
    ASSERT_EQ(cli("play --scenario channel-1778 --seed 11 --actions " + actions("a.jsonl", kDuel) + " --journal " + journal).code, 0);
    // No save was written (the program "died" after the actions): the journal alone continues it,
    // and a generated broadside draws the dice the uninterrupted game would have.
    const std::string more = actions("b.jsonl", R"({"action":"broadside","ship":"belle-poule","target":"arethusa","side":"port"})" "\n");
    const CliRun resumed = cli("--json play --load " + journal + " --actions " + more);
    ASSERT_EQ(resumed.code, 0) << resumed.out;
    const CliRun straight = cli("--json play --scenario channel-1778 --seed 11 --actions " +
                                actions("c.jsonl", std::string(kDuel) + R"({"action":"broadside","ship":"belle-poule","target":"arethusa","side":"port"})" "\n"));
    ASSERT_EQ(straight.code, 0) << straight.out;
    const json a = fortuna::testing::first_json(resumed.out), b = fortuna::testing::first_json(straight.out);
    EXPECT_EQ(a["applied"][0]["action"]["dice"], b["applied"][2]["action"]["dice"]);
    EXPECT_EQ(a["ships"], b["ships"]);
    EXPECT_EQ(a["journal_file"], journal);
    // Three lines and the header: the resumed run appended to the same journal.
    std::ifstream in(journal);
    int lines = 0;
    for (std::string line; std::getline(in, line);) ++lines;
    EXPECT_EQ(lines, 4);
}

TEST_F(NavalPlay, ReplayChecksASaveAndNamesTheFieldOfACorruptOne) {
    const std::string save = at("r.fortuna-naval");
    ASSERT_EQ(cli("play --scenario channel-1778 --seed 3 --actions " + actions("a.jsonl", kDuel) + " --save " + save).code, 0);
    const CliRun good = cli("replay " + save);
    EXPECT_EQ(good.code, 0) << good.out;
    EXPECT_NE(good.out.find("the naval save of 2 lines (2 actions in effect) replays roll by roll to the saved state"), std::string::npos)
        << good.out;
    json document = json::parse(std::ifstream(save));
    document["journal"][0]["action"]["dice"][1] = 7;  // a die entered as 7
    std::ofstream(save) << document.dump();
    const CliRun bad = cli("replay " + save);
    EXPECT_EQ(bad.code, 1) << bad.out;
    EXPECT_NE(bad.out.find("/journal/0/action/dice/1"), std::string::npos) << bad.out;
    EXPECT_NE(bad.out.find("a d6 roll, 1 to 6"), std::string::npos) << bad.out;
}

// validate is the loader (issue 13): a naval save and its journal are replayed as the naval
// desk and play open them, and a corrupt one is named with its field.
TEST_F(NavalPlay, ValidateReplaysANavalSaveAndItsJournal) {
    const std::string save = at("v.fortuna-naval");
    ASSERT_EQ(cli("play --scenario channel-1778 --seed 3 --actions " + actions("a.jsonl", kDuel) + " --save " + save).code, 0);
    const CliRun good = cli("validate " + save + " " + save + ".journal");
    EXPECT_EQ(good.code, 0) << good.out;
    EXPECT_NE(good.out.find("naval save"), std::string::npos) << good.out;
    EXPECT_NE(good.out.find("naval journal"), std::string::npos) << good.out;
    json document = json::parse(std::ifstream(save));
    document["journal"][0]["action"]["ship"] = "victory";  // no such ship in the scenario
    std::ofstream(save) << document.dump();
    const CliRun bad = cli("validate " + save);
    EXPECT_NE(bad.code, 0) << bad.out;
    EXPECT_NE(bad.out.find("/journal/0/action/ship"), std::string::npos) << bad.out;
}

TEST_F(NavalPlay, LandOnlyOptionsAreRefusedForANavalGame) {
    const CliRun run = cli("play --scenario channel-1778 --advisory");
    EXPECT_EQ(run.code, 2) << run.out;
    EXPECT_NE(run.out.find("--resume and --advisory are for the land games"), std::string::npos) << run.out;
    const CliRun until = cli("play --scenario channel-1778 --opponent both --until 13:00");
    EXPECT_EQ(until.code, 2) << until.out;
    EXPECT_NE(until.out.find("--until takes 'end' only"), std::string::npos) << until.out;
    const CliRun side = cli("play --scenario channel-1778 --opponent spanish");
    EXPECT_EQ(side.code, 2) << side.out;
    EXPECT_NE(side.out.find("('british', 'french') or 'both'"), std::string::npos) << side.out;
}

// Issue 25: a command that serves the land games only says which rule system a file is; serve
// takes every system now (tests/companion/test_api.py serves them), and refuses a land option
// for another system's file naming the system.
TEST_F(NavalPlay, CommandsOfTheLandGamesSayWhichSystemAFileIs) {
    const CliRun sheet = cli("sheet roster --scenario quatre-bras-opening-1815 --out /tmp/never.pdf");
    EXPECT_EQ(sheet.code, 2) << sheet.out;
    EXPECT_NE(sheet.out.find("(rule system "), std::string::npos) << sheet.out;
    for (const char* command : {"serve --advisory --scenario channel-1778 --port 0", "serve --advisory --scenario encounter-1745 --port 0"}) {
        const CliRun run = cli(command);
        EXPECT_EQ(run.code, 2) << command << ": " << run.out;
        EXPECT_NE(run.out.find("--advisory switches off the land games' rules of play"), std::string::npos) << run.out;
    }
}

// Issue 25: the programmed opponent plays The Age of Sail as it plays White Mountain, every
// action with its reason, and the save it leaves replays roll by roll.
TEST_F(NavalPlay, TheOpponentPlaysBothFleetsToTheEndAndTheSaveReplays) {
    const std::string save = at("duel.fortuna-naval");
    const CliRun run = cli("--json play --scenario channel-1778 --seed 1778 --opponent both --save " + save);
    ASSERT_EQ(run.code, 0) << run.out;
    const json document = fortuna::testing::first_json(run.out);
    ASSERT_TRUE(document.is_object()) << run.out;
    EXPECT_EQ(document["system"], "age-of-sail");
    EXPECT_TRUE(document["outcome"]["decided"].get<bool>()) << run.out;
    ASSERT_GT(document["applied"].size(), 20u);
    for (const auto& entry : document["applied"]) {
        EXPECT_FALSE(entry.value("why", "").empty()) << entry.dump();
        EXPECT_EQ(entry.value("by", "").rfind("opponent:", 0), 0u) << entry.dump();
    }
    const CliRun replay = cli("replay " + save);
    EXPECT_EQ(replay.code, 0) << replay.out;
    EXPECT_NE(replay.out.find("replays roll by roll to the saved state"), std::string::npos) << replay.out;
    // The report tells the battle round by round with the admirals' reasons, kept in the save's journal.
    const CliRun text = cli("report " + save + " --text");
    EXPECT_EQ(text.code, 0) << text.out;
    EXPECT_NE(text.out.find("Round 1\n"), std::string::npos) << text.out;
    EXPECT_NE(text.out.find("      why: "), std::string::npos) << text.out;
    EXPECT_NE(text.out.find("Result: "), std::string::npos) << text.out;
    const CliRun html = cli("report " + save + " --out " + at("duel.html"));
    EXPECT_EQ(html.code, 0) << html.out;
    const CliRun pdf = cli("report " + save + " --out " + at("duel.pdf"));
    EXPECT_EQ(pdf.code, 2) << pdf.out;
    EXPECT_NE(pdf.out.find("is written as HTML"), std::string::npos) << pdf.out;
    // One side only: it stops when the other fleet's move comes.
    const CliRun british = cli("--json play --scenario channel-1778 --seed 3 --opponent british");
    ASSERT_EQ(british.code, 0) << british.out;
    const json half = fortuna::testing::first_json(british.out);
    EXPECT_FALSE(half["outcome"]["decided"].get<bool>());
    EXPECT_EQ(half["applied"].back()["do"], "end-half") << british.out;
}

}  // namespace
