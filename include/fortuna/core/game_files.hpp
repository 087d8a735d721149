// SPDX-License-Identifier: MIT
// A game's files, for every rule system: written whole or not at all, one program their owner at
// a time, the journal kept beside a save, and the folder where the journals of games in progress
// wait to be recovered after a crash.
#pragma once

#include <cstddef>
#include <filesystem>
#include <memory>
#include <optional>
#include <stdexcept>
#include <string>

#include "fortuna/core/platform.hpp"

namespace fortuna {

// Writes the whole file or nothing: a temporary beside it, write, fsync, rename over the
// target, fsync the directory. Throws std::system_error whose message says which step failed
// and that the previous file is unchanged (or that nothing was written); the old file is
// then untouched and the temporary removed.
void atomic_write_file(const std::filesystem::path& file, const std::string& contents);

// The system calls atomic_write_file and the journal (journal.cpp) make, the only way either
// writes a game's files. Tests swap them to inject a full disk, a refused permission or a
// crash between write and rename (tests/rules/test_save_faults.cpp,
// tests/rules/test_journal_faults.cpp); the app never does. Paths are UTF-8, flags those of
// platform::open_flags_*(), failures -1 with errno (platform.hpp).
struct FileOperations {
    int (*open)(const char* path, int flags, unsigned mode);
    long (*write)(int fd, const void* data, std::size_t size);
    int (*fsync)(int fd);
    int (*close)(int fd);
    int (*rename)(const char* from, const char* to);
};
FileOperations system_file_operations();
// Replaces the operations for the calling thread; returns the ones in effect before.
FileOperations replace_file_operations(const FileOperations& operations);
// Swaps the operations for the calling thread while it lives (tests inject faults with it).
class ScopedFileOperations {
public:
    explicit ScopedFileOperations(const FileOperations& operations) : before_(replace_file_operations(operations)) {}
    ~ScopedFileOperations() { replace_file_operations(before_); }
    ScopedFileOperations(const ScopedFileOperations&) = delete;
    ScopedFileOperations& operator=(const ScopedFileOperations&) = delete;

private:
    FileOperations before_;
};
// The operations in effect for the calling thread.
const FileOperations& file_operations();
// Writes all of `text` through file_operations().write, retrying short writes and EINTR:
// 0, or the errno of the failed write (EIO for a device that takes nothing).
int write_all(int fd, const std::string& text);

// Where journals of games in progress live for the GUI to offer after a crash:
// $FORTUNA_RECOVERY_DIR, else $XDG_STATE_HOME/fortuna-belli/recovery, else
// ~/.local/state/fortuna-belli/recovery.
std::filesystem::path recovery_dir();
// The journal kept beside a save: "battle.fortuna" -> "battle.fortuna.journal".
std::filesystem::path journal_path_for_save(const std::filesystem::path& save);

// One owner for a game's files. The save "battle.fortuna", its journal
// "battle.fortuna.journal" and a recovery journal "x.journal" are guarded by one lock file
// ("battle.fortuna.lock", "x.lock"), held while a program may write them. A second program
// (app or CLI) is refused with GameFilesInUse naming the holder, opens the game read-only,
// and never deletes or replaces a journal that is in use.
std::filesystem::path lock_path_for(const std::filesystem::path& game_file);

class GameFilesInUse : public std::runtime_error {
public:
    GameFilesInUse(const std::filesystem::path& file, platform::LockHolder holder);
    const std::filesystem::path& file() const noexcept { return file_; }
    const platform::LockHolder& holder() const noexcept { return holder_; }

private:
    std::filesystem::path file_;
    platform::LockHolder holder_;
};

// Takes the lock of the game whose file this is, or throws GameFilesInUse. Within one
// process the lock is shared (the journal and the save of one game hold the same one), and
// released when the last holder lets go.
std::shared_ptr<platform::FileLock> own_game_files(const std::filesystem::path& game_file);
// Who holds the game's files, if another program does (this process's own locks are not "in use").
std::optional<platform::LockHolder> game_files_in_use(const std::filesystem::path& game_file);

}  // namespace fortuna
