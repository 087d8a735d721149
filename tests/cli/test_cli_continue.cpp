// SPDX-License-Identifier: MIT
// fortuna-cli play continues a game without dropping an action: newer journals, resumed journals, full disks, locks.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <string>
#include <sys/file.h>
#include <fcntl.h>
#include <unistd.h>

#include <nlohmann/json.hpp>

#include "cli_runner.hpp"

namespace {

using fortuna::testing::CliRun;
using nlohmann::json;

CliRun run(const std::string& arguments) { return fortuna::testing::run_cli(arguments); }

// Journal lines after the header.
int journal_lines(const std::filesystem::path& file) {
    std::ifstream in(file);
    std::string line;
    int lines = 0;
    while (std::getline(in, line))
        if (!line.empty()) ++lines;
    return lines - 1;
}

class CliContinue : public ::testing::Test {
protected:
    void SetUp() override {
        folder_ = std::filesystem::temp_directory_path() / ("fortuna-cli-continue-" + std::to_string(::getpid()));
        std::filesystem::remove_all(folder_);
        std::filesystem::create_directories(folder_);
    }
    void TearDown() override { std::filesystem::remove_all(folder_); }
    std::string path(const std::string& name) const { return (folder_ / name).string(); }
    // A file of `count` actions that any test-skirmish game accepts (ending phases).
    std::string phases(const std::string& name, int count) const {
        std::ofstream out(folder_ / name);
        for (int i = 0; i < count; ++i) out << "{\"do\": \"end-phase\"}\n";
        return path(name);
    }
    std::filesystem::path folder_;
};

TEST_F(CliContinue, LoadingASaveContinuesTheNewerJournalBesideIt) {
    const std::string save = path("g.fortuna");
    ASSERT_EQ(run("play --scenario test-skirmish --seed 7 --actions " + phases("a", 2) + " --save " + save).code, 0);
    // Three more actions reach the journal beside the save, and then the program dies before
    // saving (here: it was never asked to save).
    const CliRun crashed = run("play --load " + save + " --journal " + save + ".journal --actions " + phases("b", 3));
    ASSERT_EQ(crashed.code, 0) << crashed.out;
    ASSERT_EQ(journal_lines(save + ".journal"), 5);

    const CliRun next = run("--json play --load " + save + " --save " + save + " --actions " + phases("c", 1));
    ASSERT_EQ(next.code, 0) << next.out;
    EXPECT_NE(next.out.find("it holds 3 journal lines beyond the save"), std::string::npos) << next.out;
    const json state = fortuna::testing::first_json(next.out);
    EXPECT_EQ(state["journal_lines"], 6) << "2 saved + 3 journaled after the save + 1 new";
    EXPECT_EQ(journal_lines(save + ".journal"), 6);
    const CliRun check = run("--json replay " + save);
    EXPECT_EQ(fortuna::testing::first_json(check.out)["lines"], 6) << check.out;
}

TEST_F(CliContinue, AJournalBesideTheSaveThatDisagreesIsRefusedNamingIt) {
    const std::string save = path("g.fortuna");
    ASSERT_EQ(run("play --scenario test-skirmish --seed 7 --actions " + phases("a", 2) + " --save " + save).code, 0);
    // The journal of another game (seed 8) with four actions lies beside the save.
    ASSERT_EQ(run("play --scenario test-skirmish --seed 8 --journal " + path("other.journal") + " --actions " + phases("b", 4)).code, 0);
    std::filesystem::copy_file(path("other.journal"), save + ".journal", std::filesystem::copy_options::overwrite_existing);

    const CliRun r = run("play --load " + save + " --save " + save + " --actions " + phases("c", 1));
    EXPECT_EQ(r.code, 2) << r.out;
    EXPECT_NE(r.out.find("the journal " + save + ".journal holds 4 journal lines beyond what " + save + " holds"), std::string::npos) << r.out;
    EXPECT_NE(r.out.find("belongs to another game"), std::string::npos) << r.out;
    EXPECT_EQ(journal_lines(save + ".journal"), 4) << "the journal is left as it was";
}

// Issue 28: a save of the first release with the journal it wrote beside it was refused ("disagrees
// with it from line 2"): the save was replayed and its lines written again in today's words,
// while replay and the app took the pair. The lines are the save's own, as they were written.
TEST_F(CliContinue, AFirstReleaseSaveGoesOnInTheJournalItWroteBesideIt) {
    const std::filesystem::path fixture = std::filesystem::path(FORTUNA_TEST_FIXTURES_DIR) / "compat" / "white-mountain-release-0.1.fortuna";
    const std::string save = path("wm.fortuna");
    std::filesystem::copy_file(fixture, save);
    json saved;
    std::ifstream(fixture) >> saved;
    ASSERT_EQ(saved["journal"].size(), 22u);
    {
        // The first release's journal: its header (game.cpp, Game::journal_header, release 0.1),
        // then the save's lines.
        const json& scenario = saved["scenario"];
        const json header{{"format", "fortuna-journal"},
                          {"format_version", 1},
                          {"scenario", {{"id", scenario["id"]}, {"ruleset", scenario["ruleset"]}, {"document", scenario["document"]}}},
                          {"seed", saved["seed"]},
                          {"summary", "Journal of " + scenario["document"]["name"].get<std::string>() +
                                          "; one action a line, each with its rolls and a summary"}};
        std::ofstream out(save + ".journal");
        out << header.dump() << "\n";
        for (const json& line : saved["journal"]) out << line.dump() << "\n";
    }
    const CliRun r = run("--json play --load " + save + " --save " + save + " --actions " + phases("a", 1));
    ASSERT_EQ(r.code, 0) << r.out;
    EXPECT_EQ(r.out.find("disagrees"), std::string::npos) << r.out;
    EXPECT_EQ(fortuna::testing::first_json(r.out)["journal_lines"], 23);
    EXPECT_EQ(journal_lines(save + ".journal"), 23) << "the first release's journal goes on";
}

TEST_F(CliContinue, AnExistingJournalIsAppendedToOrRefusedNeverTruncated) {
    const std::string journal = path("j.journal");
    ASSERT_EQ(run("play --scenario test-skirmish --seed 5 --journal " + journal + " --actions " + phases("a", 3)).code, 0);
    ASSERT_EQ(journal_lines(journal), 3);
    // A new game (even with the same seed) would start the file over: refused.
    const CliRun fresh = run("play --scenario test-skirmish --seed 5 --journal " + journal + " --actions " + phases("b", 1));
    EXPECT_EQ(fresh.code, 2) << fresh.out;
    EXPECT_NE(fresh.out.find("will not replace the journal " + journal + ": it holds 3 lines from line 2 on"), std::string::npos)
        << fresh.out;
    EXPECT_EQ(journal_lines(journal), 3);
    // Continuing the game it holds appends.
    const CliRun more = run("--json play --load " + journal + " --journal " + journal + " --actions " + phases("c", 2));
    ASSERT_EQ(more.code, 0) << more.out;
    EXPECT_EQ(fortuna::testing::first_json(more.out)["journal_lines"], 5);
    EXPECT_EQ(journal_lines(journal), 5);
}

TEST_F(CliContinue, AJournalIsResumedDirectly) {
    const std::string journal = path("crashed.journal");
    ASSERT_EQ(run("play --scenario test-skirmish --seed 9 --journal " + journal + " --actions " + phases("a", 2)).code, 0);
    // --load FILE.journal: the game as the journal left it, continued in the same journal.
    const CliRun loaded = run("--json play --load " + journal + " --actions " + phases("b", 1));
    ASSERT_EQ(loaded.code, 0) << loaded.out;
    EXPECT_EQ(fortuna::testing::first_json(loaded.out)["journal_lines"], 3);
    EXPECT_EQ(fortuna::testing::first_json(loaded.out)["journal_file"], journal);
    EXPECT_EQ(journal_lines(journal), 3);

    // --resume --save SAVE: the journal beside the save, when the save itself was never written.
    const std::string save = path("never-saved.fortuna");
    std::filesystem::copy_file(journal, save + ".journal");
    const CliRun resumed = run("--json play --resume --save " + save + " --actions " + phases("c", 1));
    ASSERT_EQ(resumed.code, 0) << resumed.out;
    EXPECT_EQ(fortuna::testing::first_json(resumed.out)["journal_lines"], 4);
    EXPECT_TRUE(std::filesystem::exists(save));

    // --resume alone: the newest unfinished game in the recovery folder (the app's journals).
    const std::string recovery = path("recovery");
    std::filesystem::create_directories(recovery);
    std::filesystem::copy_file(journal, recovery + "/test-skirmish-20261122-1.journal");
    const CliRun newest = fortuna::testing::run_shell("FORTUNA_RECOVERY_DIR='" + recovery + "' '" + FORTUNA_CLI + "' --data '" +
                                                      FORTUNA_TEST_DATA_DIR + "' --json play --resume");
    ASSERT_EQ(newest.code, 0) << newest.out;
    EXPECT_EQ(fortuna::testing::first_json(newest.out)["journal_lines"], 3);
}

TEST_F(CliContinue, ASaveHeldByAnotherProgramIsRefusedNamingTheHolder) {
    const std::string save = path("held.fortuna");
    // Another program (here this test) holds the game's lock file, as fortuna does while the game is open.
    const int fd = ::open((save + ".lock").c_str(), O_RDWR | O_CREAT, 0644);
    ASSERT_GE(fd, 0);
    ASSERT_EQ(::flock(fd, LOCK_EX | LOCK_NB), 0);
    const std::string holder = "{\"pid\": " + std::to_string(::getpid()) + ", \"host\": \"umpire-laptop\", \"program\": \"fortuna\", \"since\": \"2026-11-22T19:40:00Z\"}\n";
    ASSERT_EQ(::write(fd, holder.data(), holder.size()), static_cast<ssize_t>(holder.size()));
    const CliRun r = run("play --scenario test-skirmish --seed 1 --save " + save + " --actions " + phases("a", 1));
    ::close(fd);
    EXPECT_EQ(r.code, 1) << r.out;
    EXPECT_NE(r.out.find(save + " is in use by fortuna (process " + std::to_string(::getpid()) + " on umpire-laptop) since 2026-11-22T19:40:00Z"),
              std::string::npos)
        << r.out;
    EXPECT_FALSE(std::filesystem::exists(save));
    EXPECT_FALSE(std::filesystem::exists(save + ".journal"));
}

TEST_F(CliContinue, AFullDiskStopsPlayAndSaysHowManyActionsAreSafe) {
    // The file-size limit makes every write past it fail with EFBIG, as a full disk fails with
    // ENOSPC: the journal grows past it after some actions. SIGXFSZ is ignored so that the
    // write fails instead of ending the program.
    const std::string journal = path("full.journal");
    const CliRun r = fortuna::testing::run_shell("trap '' XFSZ; ulimit -f 48; '" + std::string(FORTUNA_CLI) + "' --data '" +
                                                 FORTUNA_TEST_DATA_DIR + "' --json play --advisory --scenario test-skirmish --seed 3 --journal " +
                                                 journal + " --actions " + phases("many", 400) + " --save " + path("full.fortuna"));
    EXPECT_EQ(r.code, 1) << r.out;
    const json state = fortuna::testing::first_json(r.out);
    const int applied = state["applied_count"].get<int>();
    EXPECT_GT(applied, 0);
    EXPECT_LT(applied, 400);
    EXPECT_NE(state["refused"].get<std::string>().find("not applied: writing the journal " + journal + "; it holds every action before this one"),
              std::string::npos)
        << r.out;
    EXPECT_NE(r.out.find("the " + std::to_string(applied) + " actions before it were applied"), std::string::npos) << r.out;
    // Every applied action, and only those, is in the journal, which resumes.
    EXPECT_EQ(journal_lines(journal), applied);
    const CliRun resumed = run("--json play --load " + journal);
    ASSERT_EQ(resumed.code, 0) << resumed.out;
    EXPECT_EQ(fortuna::testing::first_json(resumed.out)["journal_lines"], applied);
    // The save, larger than the limit, could not be written: said, with where the actions are.
    EXPECT_TRUE(state.contains("save_failed")) << r.out;
    EXPECT_NE(r.out.find("every one is in the journal " + journal), std::string::npos) << r.out;
}

}  // namespace
