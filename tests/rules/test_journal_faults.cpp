// SPDX-License-Identifier: MIT
// Fault injection for the journal through the same seam as saves: a full disk refuses the action and keeps every earlier line.
#include <gtest/gtest.h>

#include <cerrno>
#include <fstream>
#include <system_error>
#include <unistd.h>

#include "fortuna/core/journal.hpp"
#include "fortuna/land/save.hpp"
#include "test_game_support.hpp"

namespace fortuna {
namespace {

using testing::library;
using testing::skirmish;
using testing::read_text;
using testing::TemporaryFolder;
using InjectedFaults = ScopedFileOperations;

// A game with a journal of two actions on disk, then a third that meets the fault.
class JournalFaults : public ::testing::Test {
protected:
    JournalFaults() : folder_("journal-faults"), game_(library(), skirmish(), 42, testing::kAdvisory) {
        game_.attach_journal(journal());
        game_.apply({{"do", "end-phase"}});
        game_.apply({{"do", "end-phase"}});
        before_ = read_text(journal());
    }
    ~JournalFaults() override { game_.detach_journal(); }

    std::filesystem::path journal() const { return folder_.path() / "battle.fortuna.journal"; }

    // The action is refused as a whole: the game, the journal in memory and the file on disk
    // are as they were, the message says every earlier action is safe, and once the disk has
    // room again the same action goes through and the journal replays.
    void expect_refused_whole(const std::system_error& error, int code) {
        EXPECT_EQ(error.code().value(), code) << error.what();
        EXPECT_NE(std::string(error.what()).find("the journal " + journal().string()), std::string::npos) << error.what();
        EXPECT_NE(std::string(error.what()).find("it holds every action before this one"), std::string::npos) << error.what();
        EXPECT_EQ(game_.history().size(), 2U);
        EXPECT_EQ(game_.journal().size(), 2U);
        EXPECT_EQ(read_text(journal()), before_) << "no half line left behind";
        game_.apply({{"do", "artillery"}, {"battery", "F-A1"}, {"target", "I-I2"}, {"range_mm", 150}});
        const Game recovered = recover_game(library(), journal());
        EXPECT_EQ(recovered.history().size(), 3U);
        EXPECT_EQ(recovered.state_json(), game_.state_json());
    }

    TemporaryFolder folder_;
    Game game_;
    std::string before_;
};

TEST_F(JournalFaults, DiskFullRefusesTheActionAndKeepsEveryEarlierLine) {
    FileOperations full = system_file_operations();
    full.write = [](int, const void*, std::size_t) -> long {
        errno = ENOSPC;
        return -1;
    };
    try {
        InjectedFaults faults(full);
        game_.apply({{"do", "artillery"}, {"battery", "F-A1"}, {"target", "I-I2"}, {"range_mm", 150}});
        FAIL() << "the action was applied though its journal line could not be written";
    } catch (const std::system_error& error) {
        EXPECT_NE(std::string(error.what()).find("writing the journal"), std::string::npos) << error.what();
        expect_refused_whole(error, ENOSPC);
    }
}

TEST_F(JournalFaults, AHalfWrittenLineIsCutBack) {
    // Half the line reaches the file, then the disk is full: the half line must not stay to be
    // glued to the next one (which would make the journal unreadable from that line on).
    FileOperations partial = system_file_operations();
    partial.write = [](int fd, const void* data, std::size_t size) -> long {
        static thread_local int calls = 0;
        if (++calls == 1) return static_cast<long>(::write(fd, data, size / 2));
        errno = ENOSPC;
        return -1;
    };
    try {
        InjectedFaults faults(partial);
        game_.apply({{"do", "end-phase"}});
        FAIL() << "the action was applied though its journal line was cut short";
    } catch (const std::system_error& error) {
        expect_refused_whole(error, ENOSPC);
    }
}

TEST_F(JournalFaults, AFailedSyncRefusesTheAction) {
    FileOperations sync_fails = system_file_operations();
    sync_fails.fsync = [](int) {
        errno = EIO;
        return -1;
    };
    try {
        InjectedFaults faults(sync_fails);
        game_.apply({{"do", "end-phase"}});
        FAIL() << "the action was applied though its journal line never reached the disk";
    } catch (const std::system_error& error) {
        EXPECT_NE(std::string(error.what()).find("syncing the journal"), std::string::npos) << error.what();
        expect_refused_whole(error, EIO);
    }
}

TEST_F(JournalFaults, AJournalThatCannotBeOpenedIsRefusedWithItsCause) {
    game_.detach_journal();
    FileOperations denied = system_file_operations();
    denied.open = [](const char*, int, unsigned) {
        errno = EROFS;
        return -1;
    };
    InjectedFaults faults(denied);
    Game fresh(library(), skirmish(), 1);
    try {
        fresh.attach_journal(folder_.path() / "fresh.journal");
        FAIL() << "a journal was attached on a read-only file system";
    } catch (const std::system_error& error) {
        EXPECT_EQ(error.code().value(), EROFS) << error.what();
    }
}

TEST_F(JournalFaults, AJournalThatVanishesIsSaidAtOnceAndTheGameCanBeSavedElsewhere) {
    // Issue 13, 6: the journal deleted (or its folder moved) while the game is open. Writes
    // would go into a file no one can open again; the next action says so instead.
    std::filesystem::remove(journal());
    try {
        game_.apply({{"do", "end-phase"}});
        FAIL() << "an action was journaled into a file that no longer exists";
    } catch (const std::system_error& error) {
        EXPECT_EQ(error.code().value(), ENOENT) << error.what();
        EXPECT_NE(std::string(error.what()).find("the journal " + journal().string() + " has vanished"), std::string::npos)
            << error.what();
    }
    EXPECT_EQ(game_.history().size(), 2U);  // the game in memory is as it was
    const std::filesystem::path elsewhere = folder_.path() / "elsewhere.fortuna";
    save_game(game_, elsewhere);
    EXPECT_EQ(load_game(library(), elsewhere).state_json(), game_.state_json());
}

}  // namespace
}  // namespace fortuna
