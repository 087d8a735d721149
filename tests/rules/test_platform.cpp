// SPDX-License-Identifier: MIT
// The platform layer: one owner for a game's files, locks that die with their holder, stale temporaries removed.
#include <gtest/gtest.h>

#include <csignal>
#include <cstdio>
#include <cstdlib>
#include <fcntl.h>
#include <fstream>
#include <sys/wait.h>
#include <unistd.h>

#include "fortuna/core/journal.hpp"
#include "fortuna/core/platform.hpp"
#include "fortuna/land/save.hpp"
#include "test_game_support.hpp"

namespace fortuna {
namespace {

using testing::library;
using testing::skirmish;
using testing::TemporaryFolder;

// A process that has ended and been reaped: its id names nobody (until the system reuses it,
// which takes tens of thousands of new processes).
long dead_process_id() {
    const pid_t child = ::fork();
    if (child == 0) ::_exit(0);
    int status = 0;
    ::waitpid(child, &status, 0);
    return static_cast<long>(child);
}

TEST(Platform, ASecondLockOnTheSameFileIsRefusedAndNamesTheHolder) {
    TemporaryFolder folder("platform-lock");
    const auto file = folder.path() / "battle.fortuna.lock";
    auto first = platform::FileLock::try_acquire(file, "fortuna");
    ASSERT_NE(first, nullptr);
    platform::LockHolder holder;
    // flock(2) locks an open file, so a second open in this very process conflicts as a second program would.
    EXPECT_EQ(platform::FileLock::try_acquire(file, "fortuna-cli", &holder), nullptr);
    EXPECT_EQ(holder.pid, static_cast<long>(::getpid()));
    EXPECT_EQ(holder.program, "fortuna");
    EXPECT_EQ(holder.host, platform::host_name());
    EXPECT_EQ(holder.since.size(), 20U) << holder.since;  // 2026-11-22T19:40:00Z
    EXPECT_NE(holder.describe().find("fortuna (process " + std::to_string(::getpid()) + " on "), std::string::npos)
        << holder.describe();
    first.reset();
    EXPECT_FALSE(std::filesystem::exists(file)) << "the lock file is removed on release";
    EXPECT_NE(platform::FileLock::try_acquire(file, "fortuna-cli"), nullptr);
}

TEST(Platform, ALockDiesWithItsHolder) {
    TemporaryFolder folder("platform-lock-dies");
    const auto file = folder.path() / "battle.fortuna.lock";
    int ready[2];
    ASSERT_EQ(::pipe(ready), 0);
    const pid_t child = ::fork();
    ASSERT_GE(child, 0);
    if (child == 0) {
        auto lock = platform::FileLock::try_acquire(file, "doomed");
        const char byte = lock ? 'y' : 'n';
        [[maybe_unused]] const auto written = ::write(ready[1], &byte, 1);
        ::pause();
        ::_exit(0);
    }
    char byte = 0;
    ASSERT_EQ(::read(ready[0], &byte, 1), 1);
    ASSERT_EQ(byte, 'y');
    platform::LockHolder holder;
    EXPECT_EQ(platform::FileLock::try_acquire(file, "fortuna", &holder), nullptr);
    EXPECT_EQ(holder.pid, static_cast<long>(child));
    EXPECT_EQ(holder.program, "doomed");
    ::kill(child, SIGKILL);
    int status = 0;
    ::waitpid(child, &status, 0);
    ::close(ready[0]);
    ::close(ready[1]);
    // The crash left the lock file behind with the dead holder's details, but not the lock.
    EXPECT_TRUE(std::filesystem::exists(file));
    EXPECT_NE(platform::FileLock::try_acquire(file, "fortuna"), nullptr);
}

TEST(Platform, ProcessAliveKnowsTheLivingFromTheDead) {
    EXPECT_TRUE(platform::process_alive(static_cast<long>(::getpid())));
    EXPECT_TRUE(platform::process_alive(1));  // init: alive, though not ours to signal as a user
    EXPECT_FALSE(platform::process_alive(dead_process_id()));
    EXPECT_FALSE(platform::process_alive(0));
}

TEST(Platform, StandardErrorOnAPseudoTerminalIsATerminal) {
    // A terminal window is a pseudo-terminal: the progress bar of `fortuna-cli simulate` shows
    // there (the other half, a file, is in test_platform_portable.cpp).
    const int controller = ::posix_openpt(O_RDWR | O_NOCTTY);
    ASSERT_GE(controller, 0);
    ASSERT_EQ(::grantpt(controller), 0);
    ASSERT_EQ(::unlockpt(controller), 0);
    const int terminal = ::open(::ptsname(controller), O_RDWR | O_NOCTTY);
    ASSERT_GE(terminal, 0);
    std::fflush(stderr);
    const int saved = ::dup(STDERR_FILENO);
    ASSERT_GE(::dup2(terminal, STDERR_FILENO), 0);
    const bool seen = platform::stderr_is_terminal();
    ::dup2(saved, STDERR_FILENO);
    ::close(saved);
    ::close(terminal);
    ::close(controller);
    EXPECT_TRUE(seen);
}

TEST(Platform, StaleTemporariesOfDeadProcessesAreRemovedOthersKept) {
    TemporaryFolder folder("platform-temporaries");
    const auto save = folder.path() / "battle.fortuna";
    const auto write = [](const std::filesystem::path& file) { std::ofstream(file) << "{}"; };
    const auto dead = std::filesystem::path(save.string() + ".tmp-" + std::to_string(dead_process_id()));
    const auto own = platform::temporary_for(save);
    const auto living = std::filesystem::path(save.string() + ".tmp-1");  // init never dies
    const auto unrelated = folder.path() / "other.fortuna.tmp-99999999";
    const auto not_a_pid = std::filesystem::path(save.string() + ".tmp-notes");
    for (const auto& file : {save, dead, own, living, unrelated, not_a_pid}) write(file);

    const auto removed = platform::remove_stale_temporaries(save);
    ASSERT_EQ(removed.size(), 1U);
    EXPECT_EQ(removed.front(), dead);
    EXPECT_FALSE(std::filesystem::exists(dead));
    for (const auto& file : {save, own, living, unrelated, not_a_pid}) EXPECT_TRUE(std::filesystem::exists(file)) << file;
}

TEST(GameFiles, TheSaveAndItsJournalShareOneLock) {
    EXPECT_EQ(lock_path_for("/games/battle.fortuna"), "/games/battle.fortuna.lock");
    EXPECT_EQ(lock_path_for("/games/battle.fortuna.journal"), "/games/battle.fortuna.lock");
    EXPECT_EQ(lock_path_for("/recovery/test-skirmish-20261122-1.journal"), "/recovery/test-skirmish-20261122-1.lock");
}

TEST(GameFiles, OneGameHoldsOneLockHoweverItsFilesAreNamed) {
    TemporaryFolder folder("game-files-names");
    const auto before = std::filesystem::current_path();
    std::filesystem::current_path(folder.path());
    // Relative, before the lock file exists, then the journal of the same game, absolute.
    const auto save = own_game_files("g.fortuna");
    const auto journal = own_game_files(folder.path() / "g.fortuna.journal");
    const auto dotted = own_game_files("./g.fortuna");
    std::filesystem::current_path(before);
    EXPECT_EQ(save, journal);
    EXPECT_EQ(save, dotted);
    EXPECT_TRUE(std::filesystem::exists(folder.path() / "g.fortuna.lock"));
}

TEST(GameFiles, AJournalInUseByAnotherProgramIsNeitherReplacedNorOffered) {
    TemporaryFolder folder("game-files-in-use");
    const auto journal = folder.path() / "test-skirmish-1.journal";
    Game first(library(), skirmish(), 7);
    first.attach_journal(journal);
    first.apply({{"do", "end-phase"}});
    first.detach_journal();
    const std::string before = [&] {
        std::ifstream in(journal);
        return std::string(std::istreambuf_iterator<char>(in), {});
    }();

    // Another program holds the game's files (a lock taken outside this process's registry).
    auto other = platform::FileLock::try_acquire(lock_path_for(journal), "fortuna");
    ASSERT_NE(other, nullptr);
    Game second(library(), skirmish(), 8);
    try {
        second.attach_journal(journal);
        FAIL() << "a journal in use was taken over";
    } catch (const GameFilesInUse& error) {
        EXPECT_EQ(error.holder().pid, static_cast<long>(::getpid()));
        EXPECT_NE(std::string(error.what()).find("is in use by fortuna (process"), std::string::npos) << error.what();
    }
    const auto candidates = find_recovery_journals(folder.path());
    ASSERT_EQ(candidates.size(), 1U);
    ASSERT_TRUE(candidates.front().in_use.has_value());
    EXPECT_EQ(candidates.front().in_use->program, "fortuna");
    other.reset();
    EXPECT_FALSE(find_recovery_journals(folder.path()).front().in_use.has_value());
    std::ifstream in(journal);
    EXPECT_EQ(std::string(std::istreambuf_iterator<char>(in), {}), before);
}

TEST(GameFiles, AnExistingJournalIsContinuedNeverCutShort) {
    TemporaryFolder folder("journal-continued");
    const auto journal = folder.path() / "battle.fortuna.journal";
    Game game(library(), skirmish(), 11);
    game.attach_journal(journal);
    game.apply({{"do", "end-phase"}});
    game.apply({{"do", "end-phase"}});
    game.detach_journal();
    ASSERT_EQ(read_journal(journal).lines.size(), 2U);

    // The same game, one action behind (a save made before the last action): attaching would
    // drop line 3 of the file, so it is refused and the journal is left alone.
    Game behind(library(), skirmish(), 11);
    behind.apply({{"do", "end-phase"}});
    try {
        behind.attach_journal(journal);
        FAIL() << "a journal holding one more action was replaced";
    } catch (const JournalConflict& error) {
        EXPECT_EQ(error.lines_beyond(), 1);
        EXPECT_NE(std::string(error.what()).find("holds 1 line from line 3 on"), std::string::npos) << error.what();
    }
    EXPECT_EQ(read_journal(journal).lines.size(), 2U);

    // Another game (another seed) is refused as well.
    Game other(library(), skirmish(), 12);
    EXPECT_THROW(other.attach_journal(journal), JournalConflict);

    // The game recovered from it continues it: the next action is appended after line 3.
    Game recovered = recover_game(library(), journal);
    recovered.attach_journal(journal);
    recovered.apply({{"do", "end-phase"}});
    recovered.detach_journal();
    const JournalContents contents = read_journal(journal);
    ASSERT_EQ(contents.lines.size(), 3U);
    EXPECT_EQ(contents.lines[2].value("seq", 0), 3);
}

}  // namespace
}  // namespace fortuna
