// SPDX-License-Identifier: MIT
// Saved games: atomic, versioned, schema-checked files that replay to the state they record.
#pragma once

#include <filesystem>
#include <memory>
#include <optional>
#include <stdexcept>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "fortuna/game.hpp"
#include "fortuna/platform.hpp"

namespace fortuna {

class RulesLibrary;

inline constexpr const char* kSaveFormat = "fortuna-save";
inline constexpr int kSaveFormatVersion = 1;

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

nlohmann::json save_document(const Game& game);
void save_game(const Game& game, const std::filesystem::path& file);

// Loads a save: size limit, JSON syntax, format and version, schema, the scenario copy, then
// the journal is replayed and must reproduce the saved generator state and position. Any
// failure is a DataError naming the file and the place; the caller's game is untouched
// because a new Game is returned only on success.
Game load_game(const RulesLibrary& library, const std::filesystem::path& file);

// `fortuna-cli replay`: the same checks as load_game, reported instead of thrown.
struct ReplayCheck {
    bool reproduced = false;
    int lines = 0;    // journal lines replayed
    int actions = 0;  // actions in effect at the end
    std::vector<std::string> differences;  // "unit F-I1: bases 3 saved, 4 replayed"
    std::optional<Game> game;
};
ReplayCheck check_save(const RulesLibrary& library, const std::filesystem::path& file);

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

struct RecoveryCandidate {
    std::filesystem::path journal;
    std::string scenario;  // id
    std::string scenario_name;
    int lines = 0;
    std::string last_summary;
    bool torn_tail = false;
    // A journal another running program is writing: not to be offered, never to be deleted.
    std::optional<platform::LockHolder> in_use;
};
std::vector<RecoveryCandidate> find_recovery_journals(const std::filesystem::path& directory = recovery_dir());

// Rebuilds the game from a journal file alone (its header holds the scenario copy and seed).
Game recover_game(const RulesLibrary& library, const std::filesystem::path& journal);

}  // namespace fortuna
