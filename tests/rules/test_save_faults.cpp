// SPDX-License-Identifier: MIT
// Fault injection for saves: a full disk, a refused permission or a kill between write and rename leave the previous save intact.
#include <gtest/gtest.h>

#include <cerrno>
#include <csignal>
#include <fcntl.h>
#include <fstream>
#include <sys/stat.h>
#include <sys/wait.h>
#include <system_error>
#include <unistd.h>

#include "fortuna/core/errors.hpp"
#include "fortuna/land/save.hpp"
#include "test_game_support.hpp"

namespace fortuna {
namespace {

using testing::library;
using testing::skirmish;
using testing::read_text;
using testing::TemporaryFolder;
using InjectedFaults = ScopedFileOperations;

// A game saved once (the "previous save"), then played on so the next save differs.
class SaveFaults : public ::testing::Test {
protected:
    SaveFaults() : folder_("save-faults"), game_(library(), skirmish(), 42, testing::kAdvisory) {
        game_.apply({{"do", "end-phase"}});
        save_game(game_, save_file());
        previous_ = read_text(save_file());
        game_.apply({{"do", "end-phase"}});
        game_.apply({{"do", "artillery"}, {"battery", "F-A1"}, {"target", "I-I2"}, {"range_mm", 150}});
    }

    std::filesystem::path save_file() const { return folder_.path() / "battle.fortuna"; }

    // The save that failed must leave the previous one byte for byte, loadable, and no
    // temporary behind; the message says which step failed and that the old file is intact.
    void expect_previous_save_intact(const std::system_error& error, int code) const {
        EXPECT_EQ(error.code().value(), code) << error.what();
        const std::string message = error.what();
        EXPECT_NE(message.find("could not save " + save_file().string()), std::string::npos) << message;
        EXPECT_NE(message.find("the previous battle.fortuna is unchanged"), std::string::npos) << message;
        EXPECT_EQ(read_text(save_file()), previous_);
        const Game loaded = load_game(library(), save_file());
        EXPECT_EQ(loaded.journal().size(), 1U);
        for (const auto& entry : std::filesystem::directory_iterator(folder_.path()))
            EXPECT_EQ(entry.path().filename(), "battle.fortuna") << "left behind: " << entry.path();
    }

    TemporaryFolder folder_;
    Game game_;
    std::string previous_;
};

TEST_F(SaveFaults, DiskFullLeavesThePreviousSaveIntact) {
    // /dev/full is a real device whose every write fails with ENOSPC: the temporary is opened
    // there instead of beside the save, so the write path meets a genuinely full "disk".
    FileOperations full = system_file_operations();
    full.open = [](const char*, int, unsigned) { return ::open("/dev/full", O_WRONLY | O_CLOEXEC); };
    try {
        InjectedFaults faults(full);
        save_game(game_, save_file());
        FAIL() << "the save succeeded on a full disk";
    } catch (const std::system_error& error) {
        EXPECT_NE(std::string(error.what()).find("writing battle.fortuna.tmp-"), std::string::npos) << error.what();
        expect_previous_save_intact(error, ENOSPC);
    }
}

TEST_F(SaveFaults, DiskFullHalfWayThroughTheWriteLeavesThePreviousSaveIntact) {
    // The first write is accepted in part, the next finds the disk full: a short file must
    // never replace the good one.
    FileOperations partial = system_file_operations();
    partial.write = [](int fd, const void* data, std::size_t size) -> long {
        static thread_local int calls = 0;
        if (++calls == 1) return static_cast<long>(::write(fd, data, size / 2));
        errno = ENOSPC;
        return -1;
    };
    try {
        InjectedFaults faults(partial);
        save_game(game_, save_file());
        FAIL() << "the save succeeded on a full disk";
    } catch (const std::system_error& error) {
        expect_previous_save_intact(error, ENOSPC);
    }
}

TEST_F(SaveFaults, PermissionDeniedLeavesThePreviousSaveIntact) {
    FileOperations denied = system_file_operations();
    denied.open = [](const char*, int, unsigned) {
        errno = EACCES;
        return -1;
    };
    try {
        InjectedFaults faults(denied);
        save_game(game_, save_file());
        FAIL() << "the save succeeded without permission";
    } catch (const std::system_error& error) {
        EXPECT_NE(std::string(error.what()).find("creating battle.fortuna.tmp-"), std::string::npos) << error.what();
        expect_previous_save_intact(error, EACCES);
    }
}

TEST_F(SaveFaults, AReadOnlyFolderLeavesThePreviousSaveIntact) {
    // The real thing, without a seam: root ignores directory permissions, so only as a user.
    if (::geteuid() == 0) GTEST_SKIP() << "root may write into a read-only folder; PermissionDenied covers it with a seam";
    ASSERT_EQ(::chmod(folder_.path().c_str(), 0555), 0);
    try {
        save_game(game_, save_file());
        ::chmod(folder_.path().c_str(), 0755);
        FAIL() << "the save succeeded in a read-only folder";
    } catch (const std::system_error& error) {
        ::chmod(folder_.path().c_str(), 0755);
        expect_previous_save_intact(error, EACCES);
    }
}

TEST_F(SaveFaults, AFailedSyncOrRenameLeavesThePreviousSaveIntact) {
    FileOperations sync_fails = system_file_operations();
    sync_fails.fsync = [](int) {
        errno = EIO;
        return -1;
    };
    try {
        InjectedFaults faults(sync_fails);
        save_game(game_, save_file());
        FAIL() << "the save succeeded though fsync failed";
    } catch (const std::system_error& error) {
        EXPECT_NE(std::string(error.what()).find("syncing"), std::string::npos) << error.what();
        expect_previous_save_intact(error, EIO);
    }
    FileOperations rename_fails = system_file_operations();
    rename_fails.rename = [](const char*, const char*) {
        errno = EXDEV;
        return -1;
    };
    try {
        InjectedFaults faults(rename_fails);
        save_game(game_, save_file());
        FAIL() << "the save succeeded though rename failed";
    } catch (const std::system_error& error) {
        EXPECT_NE(std::string(error.what()).find("replacing it"), std::string::npos) << error.what();
        expect_previous_save_intact(error, EXDEV);
    }
}

TEST_F(SaveFaults, AFirstSaveThatFailsSaysNothingWasWritten) {
    const auto fresh = folder_.path() / "new.fortuna";
    FileOperations full = system_file_operations();
    full.open = [](const char*, int, unsigned) { return ::open("/dev/full", O_WRONLY | O_CLOEXEC); };
    try {
        InjectedFaults faults(full);
        save_game(game_, fresh);
        FAIL() << "the save succeeded on a full disk";
    } catch (const std::system_error& error) {
        EXPECT_NE(std::string(error.what()).find("nothing was written"), std::string::npos) << error.what();
    }
    EXPECT_FALSE(std::filesystem::exists(fresh));
}

TEST_F(SaveFaults, KilledBetweenWriteAndRenameLeavesThePreviousSaveIntact) {
    // A child process writes and syncs the new save completely, then is SIGKILLed at the
    // moment it would rename it over the old one: the worst instant for a crash.
    const pid_t child = ::fork();
    ASSERT_GE(child, 0);
    if (child == 0) {
        FileOperations killed = system_file_operations();
        killed.rename = [](const char*, const char*) {
            ::kill(::getpid(), SIGKILL);
            return -1;
        };
        replace_file_operations(killed);
        try {
            save_game(game_, save_file());
        } catch (...) {
        }
        ::_exit(3);  // not reached: SIGKILL cannot be caught
    }
    int status = 0;
    ASSERT_EQ(::waitpid(child, &status, 0), child);
    ASSERT_TRUE(WIFSIGNALED(status)) << "status " << status;
    EXPECT_EQ(WTERMSIG(status), SIGKILL);

    EXPECT_EQ(read_text(save_file()), previous_);
    const Game loaded = load_game(library(), save_file());
    EXPECT_EQ(loaded.journal().size(), 1U);
    // The dead process's complete temporary is left beside the save; it is never mistaken for
    // the save, and the next successful save of this process goes through.
    const auto orphan = std::filesystem::path(save_file().string() + ".tmp-" + std::to_string(child));
    EXPECT_TRUE(std::filesystem::exists(orphan));
    save_game(game_, save_file());
    EXPECT_EQ(load_game(library(), save_file()).journal().size(), 3U);
}

}  // namespace
}  // namespace fortuna
