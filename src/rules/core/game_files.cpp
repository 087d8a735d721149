// SPDX-License-Identifier: MIT
// A game's files, for every rule system: written whole or not at all, one owner at a time, and
// where the journals of games in progress wait for a recovery (game_files.hpp).
#include "fortuna/core/game_files.hpp"

#include <cerrno>
#include <cstdlib>
#include <map>
#include <mutex>
#include <system_error>

#include <spdlog/spdlog.h>

#include "fortuna/core/errors.hpp"
#include "fortuna/core/platform.hpp"

namespace fortuna {

namespace {

FileOperations& current_file_operations() {
    thread_local FileOperations operations = system_file_operations();
    return operations;
}

}  // namespace

FileOperations system_file_operations() {
    return {platform::open_file, platform::write_file, platform::sync_file, platform::close_file, platform::replace_file};
}

FileOperations replace_file_operations(const FileOperations& operations) {
    const FileOperations before = current_file_operations();
    current_file_operations() = operations;
    return before;
}

const FileOperations& file_operations() { return current_file_operations(); }

int write_all(int fd, const std::string& text) {
    const FileOperations& os = current_file_operations();
    const char* data = text.data();
    std::size_t left = text.size();
    while (left > 0) {
        const long written = os.write(fd, data, left);
        if (written < 0) {
            if (errno == EINTR) continue;
            return errno;
        }
        if (written == 0) return EIO;  // a device that takes nothing would loop for ever
        data += written;
        left -= static_cast<std::size_t>(written);
    }
    return 0;
}

void atomic_write_file(const std::filesystem::path& file, const std::string& contents) {
    const FileOperations& os = current_file_operations();
    const std::filesystem::path directory = file.has_parent_path() ? file.parent_path() : std::filesystem::path(".");
    const std::filesystem::path temporary = platform::temporary_for(file);
    const std::string temporary_utf8 = platform::utf8_path(temporary);
    std::error_code exists_error;
    const bool had_file = std::filesystem::exists(file, exists_error);
    // The user's question after a failed save is whether the last good one survived: say so.
    const auto failure = [&](int code, const std::string& step) {
        return std::system_error(code, std::generic_category(),
                                 "could not save " + file.string() + " (" + step + ")" +
                                     (had_file ? "; the previous " + file.filename().string() + " is unchanged"
                                               : "; nothing was written"));
    };
    const int fd = os.open(temporary_utf8.c_str(), platform::open_flags_create_truncate(), 0644);
    if (fd < 0) throw failure(errno, "creating " + temporary.filename().string());
    int code = write_all(fd, contents);
    std::string step = "writing " + temporary.filename().string();
    if (code == 0 && os.fsync(fd) != 0) {
        code = errno;
        step = "syncing " + temporary.filename().string();
    }
    if (os.close(fd) != 0 && code == 0) {
        code = errno;
        step = "closing " + temporary.filename().string();
    }
    std::error_code ignored;
    if (code != 0) {
        std::filesystem::remove(temporary, ignored);
        throw failure(code, step);
    }
    if (os.rename(temporary_utf8.c_str(), platform::utf8_path(file).c_str()) != 0) {
        code = errno;
        std::filesystem::remove(temporary, ignored);
        throw failure(code, "replacing it with " + temporary.filename().string());
    }
    // The rename itself must reach the disk: sync the directory entry.
    platform::sync_directory(directory);
}

std::filesystem::path recovery_dir() {
    if (const char* dir = std::getenv("FORTUNA_RECOVERY_DIR"); dir != nullptr && *dir != '\0') return dir;
    if (const char* state = std::getenv("XDG_STATE_HOME"); state != nullptr && *state != '\0')
        return std::filesystem::path(state) / "fortuna-belli" / "recovery";
    if (const char* home = std::getenv("HOME"); home != nullptr && *home != '\0')
        return std::filesystem::path(home) / ".local" / "state" / "fortuna-belli" / "recovery";
    return std::filesystem::temp_directory_path() / "fortuna-belli-recovery";
}

std::filesystem::path lock_path_for(const std::filesystem::path& game_file) {
    std::string name = game_file.string();
    const std::string suffix = ".journal";
    if (name.size() > suffix.size() && name.compare(name.size() - suffix.size(), suffix.size(), suffix) == 0)
        name.resize(name.size() - suffix.size());
    return name + ".lock";
}

GameFilesInUse::GameFilesInUse(const std::filesystem::path& file, platform::LockHolder holder)
    : std::runtime_error(file.string() + " is in use by " + holder.describe() +
                         ": close it there first, or open it read-only and save under another name"),
      file_(file),
      holder_(std::move(holder)) {}

namespace {
struct OwnedLocks {
    std::mutex mutex;
    std::map<std::string, std::weak_ptr<platform::FileLock>> by_path;
};
OwnedLocks& owned_locks() {
    static OwnedLocks locks;
    return locks;
}
// One name for one lock file however the game's file was named ("g.fortuna", "./g.fortuna",
// a link to it): absolute first, because weakly_canonical leaves a relative path relative
// until part of it exists.
std::string lock_key(const std::filesystem::path& game_file) {
    std::error_code error;
    std::filesystem::path path = std::filesystem::absolute(lock_path_for(game_file), error);
    if (error) path = lock_path_for(game_file);
    const std::filesystem::path canonical = std::filesystem::weakly_canonical(path, error);
    return (error ? path : canonical).string();
}
}  // namespace

std::shared_ptr<platform::FileLock> own_game_files(const std::filesystem::path& game_file) {
    const std::string key = lock_key(game_file);
    OwnedLocks& locks = owned_locks();
    std::lock_guard guard(locks.mutex);
    if (auto held = locks.by_path[key].lock()) return held;
    platform::LockHolder holder;
    std::unique_ptr<platform::FileLock> lock = platform::FileLock::try_acquire(key, platform::program_name(), &holder);
    if (!lock) throw GameFilesInUse(game_file, holder);
    std::shared_ptr<platform::FileLock> shared(std::move(lock));
    locks.by_path[key] = shared;
    // The files are ours now: temporaries of saves killed before their rename can go.
    const std::string base = key.substr(0, key.size() - std::string(".lock").size());
    for (const auto& file : {std::filesystem::path(base), std::filesystem::path(base + ".journal")})
        for (const auto& removed : platform::remove_stale_temporaries(file))
            spdlog::info("removed {}, left by a save that did not finish", removed.string());
    return shared;
}

std::optional<platform::LockHolder> game_files_in_use(const std::filesystem::path& game_file) {
    const std::string key = lock_key(game_file);
    {
        OwnedLocks& locks = owned_locks();
        std::lock_guard guard(locks.mutex);
        if (const auto it = locks.by_path.find(key); it != locks.by_path.end() && !it->second.expired()) return std::nullopt;
    }
    std::error_code error;
    if (!std::filesystem::exists(key, error)) return std::nullopt;  // nobody has taken it
    platform::LockHolder holder;
    try {
        if (platform::FileLock::try_acquire(key, platform::program_name(), &holder)) return std::nullopt;
    } catch (const std::system_error&) {
        // A folder we cannot write: nobody can hold a lock in it either.
        return std::nullopt;
    }
    return holder;
}

std::filesystem::path journal_path_for_save(const std::filesystem::path& save) {
    return std::filesystem::path(save.string() + ".journal");
}

}  // namespace fortuna
