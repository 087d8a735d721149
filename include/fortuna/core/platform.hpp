// SPDX-License-Identifier: MIT
// The operating-system calls the library makes (durable writes, atomic replace, locks), one implementation per platform.
#pragma once

#include <cstdint>
#include <filesystem>
#include <memory>
#include <optional>
#include <span>
#include <string>
#include <vector>

namespace fortuna::platform {

// How a file is opened for writing; the numbers are this platform's open(2)/_wopen flags.
int open_flags_create_truncate();  // write-only, created or emptied, not inherited by children
int open_flags_append();           // write-only, appending to an existing file

// Thin wrappers of the system calls: -1 (or a negative count) with errno set on failure, as
// POSIX does, so that the file-operations seam (save.hpp) can stand in for any of them.
int open_file(const char* utf8_path, int flags, unsigned mode);
long write_file(int fd, const void* data, std::size_t size);
// Flushes the file's data (and the size needed to read it back) to the disk.
int sync_file(int fd);
int close_file(int fd);
// Replaces `to` with `from` in one step: rename(2), or MoveFileExW with
// MOVEFILE_REPLACE_EXISTING | MOVEFILE_WRITE_THROUGH on Windows.
int replace_file(const char* utf8_from, const char* utf8_to);
// Makes a rename in `directory` durable (fsync of the directory; Windows's write-through
// move already is). Failures are ignored: some file systems cannot sync a directory.
void sync_directory(const std::filesystem::path& directory);
// The end of the file (its size), or -1.
std::int64_t file_end(int fd);
// Cuts the file back to `size` bytes: 0, or -1 with errno.
int truncate_file(int fd, std::int64_t size);

// A path as UTF-8 bytes for the wrappers above (a no-op on POSIX).
std::string utf8_path(const std::filesystem::path& path);

// Whether standard error is a terminal a person watches (isatty; _isatty on Windows): progress
// lines that redraw themselves go there only then, never into a log file or a pipe.
bool stderr_is_terminal();

// Fills `bytes` from the operating system's cryptographic random source (getrandom(2) on Linux,
// arc4random_buf elsewhere on POSIX, BCryptGenRandom on Windows): for secrets such as the
// companion's join codes, never for dice (those come from the game's seeded generator).
// Throws std::system_error when the source fails.
void fill_random(std::span<unsigned char> bytes);

// Now, in UTC, as ISO 8601 ("2026-11-22T19:40:00Z").
std::string utc_timestamp();

// The program's name as lock files show it ("fortuna", "fortuna-cli"); set once by main.
void set_program_name(std::string name);
const std::string& program_name();

long current_process_id();
std::string host_name();
// Whether a process with this id runs on this machine (a process we may not signal counts as
// running: it exists). Only meaningful for ids written on this host.
bool process_alive(long pid);

// Who holds a lock: written into the lock file by the holder so that the one refused can say
// "held by fortuna (pid 4242) on umpire-laptop since 2026-11-22T19:40:00Z".
struct LockHolder {
    long pid = 0;
    std::string host;
    std::string program;
    std::string since;  // UTC, ISO 8601
    std::string describe() const;
};

// An advisory exclusive lock on a file of its own (flock(2); LockFileEx on Windows). The
// operating system drops it when the holder exits or dies, so a crash never leaves a game
// locked; the holder's details in the file are only for the message. Released (and the lock
// file removed) on destruction.
class FileLock {
public:
    // Takes the lock at once or returns nullptr; then `holder`, if given, receives what the
    // current holder wrote (empty fields when it wrote nothing readable yet).
    static std::unique_ptr<FileLock> try_acquire(const std::filesystem::path& lock_file, const std::string& program,
                                                 LockHolder* holder = nullptr);
    ~FileLock();
    FileLock(const FileLock&) = delete;
    FileLock& operator=(const FileLock&) = delete;
    const std::filesystem::path& path() const { return path_; }

private:
    FileLock(std::filesystem::path path, std::intptr_t handle) : path_(std::move(path)), handle_(handle) {}
    std::filesystem::path path_;
    std::intptr_t handle_;  // a file descriptor, or a Windows HANDLE
};

// Reads what a lock file says about its holder; nullopt when it says nothing readable.
std::optional<LockHolder> read_lock_holder(const std::filesystem::path& lock_file);

// The temporary that atomic_write_file writes beside `file` in this process: "FILE.tmp-PID".
std::filesystem::path temporary_for(const std::filesystem::path& file);
// Removes the "FILE.tmp-PID" temporaries of processes that no longer run (a save killed
// between write and rename leaves one); returns what it removed. Another live process's
// temporary, and this process's own, are left alone.
std::vector<std::filesystem::path> remove_stale_temporaries(const std::filesystem::path& file);

}  // namespace fortuna::platform
