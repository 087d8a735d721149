// SPDX-License-Identifier: MIT
// POSIX and Windows implementations of the operating-system calls behind saves, journals and locks.
#include "fortuna/core/platform.hpp"

#include <cerrno>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <ctime>
#include <fcntl.h>
#include <fstream>
#include <sstream>
#include <system_error>

#include <nlohmann/json.hpp>

#include "fortuna/core/json_fields.hpp"

#ifdef _WIN32
#ifndef WIN32_LEAN_AND_MEAN
#define WIN32_LEAN_AND_MEAN
#endif
#include <windows.h>
#include <bcrypt.h>
#include <io.h>
#include <share.h>
#include <sys/stat.h>
#else
#include <csignal>
#include <sys/file.h>
#include <sys/stat.h>
#include <unistd.h>
#if defined(__linux__)
#include <sys/random.h>
#endif
#endif

namespace fortuna::platform {

namespace fs = std::filesystem;

namespace {
// What a lock holder writes into its lock file (read back by read_lock_holder).
std::string holder_text(const std::string& program) {
    return nlohmann::json{{"pid", current_process_id()}, {"host", host_name()}, {"program", program}, {"since", utc_timestamp()}}
               .dump() +
           "\n";
}
}  // namespace

#ifdef _WIN32

namespace {

std::wstring wide(const char* utf8) {
    const int length = ::MultiByteToWideChar(CP_UTF8, 0, utf8, -1, nullptr, 0);
    if (length <= 0) return {};
    std::wstring text(static_cast<std::size_t>(length), L'\0');
    ::MultiByteToWideChar(CP_UTF8, 0, utf8, -1, text.data(), length);
    text.resize(static_cast<std::size_t>(length - 1));
    return text;
}

// The errno a Windows error most resembles, so that messages read the same on every system.
int errno_of(DWORD error) {
    switch (error) {
    case ERROR_DISK_FULL:
    case ERROR_HANDLE_DISK_FULL: return ENOSPC;
    case ERROR_ACCESS_DENIED:
    case ERROR_WRITE_PROTECT:
    case ERROR_SHARING_VIOLATION:
    case ERROR_LOCK_VIOLATION: return EACCES;
    case ERROR_FILE_NOT_FOUND:
    case ERROR_PATH_NOT_FOUND: return ENOENT;
    case ERROR_NOT_SAME_DEVICE: return EXDEV;
    default: return EIO;
    }
}

// The byte locked is far past any content, so that the holder's details at the start of the
// file stay readable: a Windows byte-range lock also forbids reading the range it covers.
constexpr DWORD kLockOffsetHigh = 0x40000000;

}  // namespace

int open_flags_create_truncate() { return _O_WRONLY | _O_CREAT | _O_TRUNC | _O_BINARY | _O_NOINHERIT; }
int open_flags_append() { return _O_WRONLY | _O_APPEND | _O_BINARY | _O_NOINHERIT; }

int open_file(const char* utf8_path, int flags, unsigned mode) {
    int fd = -1;
    const errno_t error = ::_wsopen_s(&fd, wide(utf8_path).c_str(), flags, _SH_DENYNO, static_cast<int>(mode & (_S_IREAD | _S_IWRITE)));
    if (error != 0) {
        errno = error;
        return -1;
    }
    return fd;
}

long write_file(int fd, const void* data, std::size_t size) {
    const unsigned chunk = size > 0x40000000u ? 0x40000000u : static_cast<unsigned>(size);
    return static_cast<long>(::_write(fd, data, chunk));
}

int sync_file(int fd) {
    const HANDLE handle = reinterpret_cast<HANDLE>(::_get_osfhandle(fd));
    if (handle == INVALID_HANDLE_VALUE) {
        errno = EBADF;
        return -1;
    }
    if (!::FlushFileBuffers(handle)) {
        errno = errno_of(::GetLastError());
        return -1;
    }
    return 0;
}

int close_file(int fd) { return ::_close(fd); }

int replace_file(const char* utf8_from, const char* utf8_to) {
    if (::MoveFileExW(wide(utf8_from).c_str(), wide(utf8_to).c_str(), MOVEFILE_REPLACE_EXISTING | MOVEFILE_WRITE_THROUGH)) return 0;
    errno = errno_of(::GetLastError());
    return -1;
}

void sync_directory(const fs::path&) {
    // MOVEFILE_WRITE_THROUGH returns only once the move is on the disk.
}

std::int64_t file_end(int fd) { return ::_lseeki64(fd, 0, SEEK_END); }

int truncate_file(int fd, std::int64_t size) {
    const errno_t error = ::_chsize_s(fd, size);
    if (error == 0) return 0;
    errno = error;
    return -1;
}

std::string utf8_path(const fs::path& path) {
    const std::u8string text = path.u8string();
    return std::string(text.begin(), text.end());
}

long current_process_id() { return static_cast<long>(::GetCurrentProcessId()); }

std::string host_name() {
    wchar_t name[MAX_COMPUTERNAME_LENGTH + 1];
    DWORD size = MAX_COMPUTERNAME_LENGTH + 1;
    if (!::GetComputerNameW(name, &size)) return "unknown host";
    const int length = ::WideCharToMultiByte(CP_UTF8, 0, name, static_cast<int>(size), nullptr, 0, nullptr, nullptr);
    std::string text(static_cast<std::size_t>(length > 0 ? length : 0), '\0');
    if (length > 0) ::WideCharToMultiByte(CP_UTF8, 0, name, static_cast<int>(size), text.data(), length, nullptr, nullptr);
    return text;
}

bool process_alive(long pid) {
    if (pid <= 0) return false;
    const HANDLE process = ::OpenProcess(PROCESS_QUERY_LIMITED_INFORMATION, FALSE, static_cast<DWORD>(pid));
    if (process == nullptr) return ::GetLastError() == ERROR_ACCESS_DENIED;
    DWORD code = 0;
    const bool running = ::GetExitCodeProcess(process, &code) && code == STILL_ACTIVE;
    ::CloseHandle(process);
    return running;
}

std::string utc_timestamp() {
    const std::time_t now = std::chrono::system_clock::to_time_t(std::chrono::system_clock::now());
    std::tm tm{};
    ::gmtime_s(&tm, &now);
    char buffer[32];
    std::strftime(buffer, sizeof buffer, "%Y-%m-%dT%H:%M:%SZ", &tm);
    return buffer;
}

bool stderr_is_terminal() { return ::_isatty(::_fileno(stderr)) != 0; }

void fill_random(std::span<unsigned char> bytes) {
    // BCryptGenRandom takes a ULONG count: a span longer than that is filled in pieces.
    constexpr std::size_t kLargest = 0x40000000u;
    for (std::size_t done = 0; done < bytes.size();) {
        const std::size_t left = bytes.size() - done;
        const ULONG count = static_cast<ULONG>(left < kLargest ? left : kLargest);
        const NTSTATUS status = ::BCryptGenRandom(nullptr, bytes.data() + done, count, BCRYPT_USE_SYSTEM_PREFERRED_RNG);
        if (status < 0) throw std::system_error(EIO, std::generic_category(), "the system's random source (BCryptGenRandom) failed");
        done += count;
    }
}

std::unique_ptr<FileLock> FileLock::try_acquire(const fs::path& lock_file, const std::string& program, LockHolder* holder) {
    const HANDLE handle = ::CreateFileW(lock_file.wstring().c_str(), GENERIC_READ | GENERIC_WRITE,
                                        FILE_SHARE_READ | FILE_SHARE_WRITE | FILE_SHARE_DELETE, nullptr, OPEN_ALWAYS,
                                        FILE_ATTRIBUTE_NORMAL, nullptr);
    if (handle == INVALID_HANDLE_VALUE)
        throw std::system_error(errno_of(::GetLastError()), std::generic_category(), "creating the lock " + lock_file.string());
    OVERLAPPED where{};
    where.OffsetHigh = kLockOffsetHigh;
    if (!::LockFileEx(handle, LOCKFILE_EXCLUSIVE_LOCK | LOCKFILE_FAIL_IMMEDIATELY, 0, 1, 0, &where)) {
        ::CloseHandle(handle);
        if (holder != nullptr) *holder = read_lock_holder(lock_file).value_or(LockHolder{});
        return nullptr;
    }
    const std::string text = holder_text(program);
    DWORD written = 0;
    ::SetFilePointer(handle, 0, nullptr, FILE_BEGIN);
    ::SetEndOfFile(handle);
    ::WriteFile(handle, text.data(), static_cast<DWORD>(text.size()), &written, nullptr);
    ::FlushFileBuffers(handle);
    return std::unique_ptr<FileLock>(new FileLock(lock_file, reinterpret_cast<std::intptr_t>(handle)));
}

FileLock::~FileLock() {
    const HANDLE handle = reinterpret_cast<HANDLE>(handle_);
    OVERLAPPED where{};
    where.OffsetHigh = kLockOffsetHigh;
    ::UnlockFileEx(handle, 0, 1, 0, &where);
    ::CloseHandle(handle);
    ::DeleteFileW(path_.wstring().c_str());  // fails harmlessly while another process has it open
}

#else  // POSIX

int open_flags_create_truncate() { return O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC; }
int open_flags_append() { return O_WRONLY | O_APPEND | O_CLOEXEC; }

int open_file(const char* utf8_path, int flags, unsigned mode) { return ::open(utf8_path, flags, static_cast<mode_t>(mode)); }

long write_file(int fd, const void* data, std::size_t size) { return static_cast<long>(::write(fd, data, size)); }

int sync_file(int fd) {
#if defined(__linux__)
    // The data and the size it needs: all a save or a journal line must find after a power cut.
    return ::fdatasync(fd);
#else
    return ::fsync(fd);
#endif
}

int close_file(int fd) { return ::close(fd); }

int replace_file(const char* utf8_from, const char* utf8_to) { return ::rename(utf8_from, utf8_to); }

void sync_directory(const fs::path& directory) {
    const int dir = ::open(directory.c_str(), O_RDONLY | O_DIRECTORY | O_CLOEXEC);
    if (dir < 0) return;
    ::fsync(dir);
    ::close(dir);
}

std::int64_t file_end(int fd) { return static_cast<std::int64_t>(::lseek(fd, 0, SEEK_END)); }

int truncate_file(int fd, std::int64_t size) { return ::ftruncate(fd, static_cast<off_t>(size)); }

std::string utf8_path(const fs::path& path) { return path.string(); }

long current_process_id() { return static_cast<long>(::getpid()); }

std::string host_name() {
    char name[256] = {};
    if (::gethostname(name, sizeof name - 1) != 0) return "unknown host";
    return name;
}

bool process_alive(long pid) {
    if (pid <= 0) return false;
    if (::kill(static_cast<pid_t>(pid), 0) == 0) return true;
    return errno == EPERM;  // it exists, it is only someone else's
}

std::string utc_timestamp() {
    const std::time_t now = std::chrono::system_clock::to_time_t(std::chrono::system_clock::now());
    std::tm tm{};
    ::gmtime_r(&now, &tm);
    char buffer[32];
    std::strftime(buffer, sizeof buffer, "%Y-%m-%dT%H:%M:%SZ", &tm);
    return buffer;
}

bool stderr_is_terminal() { return ::isatty(STDERR_FILENO) == 1; }

void fill_random(std::span<unsigned char> bytes) {
#if defined(__linux__)
    // getrandom(2) may return fewer bytes than asked (past 256 bytes, or when a signal interrupts it).
    for (std::size_t done = 0; done < bytes.size();) {
        const ssize_t got = ::getrandom(bytes.data() + done, bytes.size() - done, 0);
        if (got < 0) {
            if (errno == EINTR) continue;
            throw std::system_error(errno, std::generic_category(), "the kernel's random source (getrandom) failed");
        }
        done += static_cast<std::size_t>(got);
    }
#else
    // macOS and the BSDs: seeded from the kernel, never fails.
    ::arc4random_buf(bytes.data(), bytes.size());
#endif
}

std::unique_ptr<FileLock> FileLock::try_acquire(const fs::path& lock_file, const std::string& program, LockHolder* holder) {
    // flock, not fcntl: an fcntl lock belongs to the process and vanishes when any descriptor
    // of the file is closed, and a second open in the same process would not conflict.
    for (int attempt = 0; attempt < 8; ++attempt) {
        const int fd = ::open(lock_file.c_str(), O_RDWR | O_CREAT | O_CLOEXEC, 0644);
        if (fd < 0) throw std::system_error(errno, std::generic_category(), "creating the lock " + lock_file.string());
        if (::flock(fd, LOCK_EX | LOCK_NB) != 0) {
            const int error = errno;
            ::close(fd);
            if (error != EWOULDBLOCK && error != EINTR)
                throw std::system_error(error, std::generic_category(), "locking " + lock_file.string());
            if (holder != nullptr) *holder = read_lock_holder(lock_file).value_or(LockHolder{});
            return nullptr;
        }
        // The previous holder removes the file as it lets go: a lock on the removed file
        // would protect nothing, so lock the file that is now at the path.
        struct stat locked {}, current {};
        if (::fstat(fd, &locked) != 0 || ::stat(lock_file.c_str(), &current) != 0 || locked.st_ino != current.st_ino ||
            locked.st_dev != current.st_dev) {
            ::close(fd);
            continue;
        }
        const std::string text = holder_text(program);
        // The details are a courtesy to whoever is refused: a failure to write them is no failure to lock.
        if (::ftruncate(fd, 0) == 0) {
            [[maybe_unused]] const ssize_t written = ::pwrite(fd, text.data(), text.size(), 0);
        }
        return std::unique_ptr<FileLock>(new FileLock(lock_file, fd));
    }
    throw std::system_error(EAGAIN, std::generic_category(), "locking " + lock_file.string() + " (it kept being replaced)");
}

FileLock::~FileLock() {
    const int fd = static_cast<int>(handle_);
    // Remove while still holding it, so nobody locks a file that is about to vanish unseen
    // (try_acquire checks that the file it locked is still the one at the path).
    ::unlink(path_.c_str());
    ::flock(fd, LOCK_UN);
    ::close(fd);
}

#endif

namespace {
std::string& program_name_storage() {
    static std::string name = "fortuna";
    return name;
}
}  // namespace

void set_program_name(std::string name) { program_name_storage() = std::move(name); }
const std::string& program_name() { return program_name_storage(); }

std::string LockHolder::describe() const {
    if (pid == 0) return "another program (it has not said which)";
    std::string text = (program.empty() ? std::string("a program") : program) + " (process " + std::to_string(pid);
    if (!host.empty()) text += " on " + host;
    text += ")";
    if (!since.empty()) text += " since " + since;
    return text;
}

std::optional<LockHolder> read_lock_holder(const fs::path& lock_file) {
    std::ifstream in(lock_file, std::ios::binary);
    if (!in) return std::nullopt;
    std::string line;
    std::getline(in, line);
    const nlohmann::json details = nlohmann::json::parse(line, nullptr, false);
    if (!details.is_object() || !details.contains("pid") || !details["pid"].is_number_integer()) return std::nullopt;
    LockHolder holder;
    holder.pid = details["pid"].get<long>();
    holder.host = text_member(details, "host");
    holder.program = text_member(details, "program");
    holder.since = text_member(details, "since");
    return holder;
}

fs::path temporary_for(const fs::path& file) { return fs::path(file.string() + ".tmp-" + std::to_string(current_process_id())); }

std::vector<fs::path> remove_stale_temporaries(const fs::path& file) {
    std::vector<fs::path> removed;
    const fs::path directory = file.has_parent_path() ? file.parent_path() : fs::path(".");
    const std::string prefix = file.filename().string() + ".tmp-";
    std::error_code error;
    for (const auto& entry : fs::directory_iterator(directory, error)) {
        const std::string name = entry.path().filename().string();
        if (name.size() <= prefix.size() || name.compare(0, prefix.size(), prefix) != 0) continue;
        const std::string digits = name.substr(prefix.size());
        if (digits.find_first_not_of("0123456789") != std::string::npos || digits.size() > 9) continue;
        const long pid = std::stol(digits);
        if (pid == current_process_id() || process_alive(pid)) continue;
        std::error_code ignored;
        if (fs::remove(entry.path(), ignored)) removed.push_back(entry.path());
    }
    return removed;
}

}  // namespace fortuna::platform
