// SPDX-License-Identifier: MIT
// The game's journal on disk: JSON lines, each appended and fsynced before the action returns.
#pragma once

#include <filesystem>
#include <memory>
#include <stdexcept>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

namespace fortuna {

namespace platform {
class FileLock;
}

// The first line of a journal file: {"format": "fortuna-journal", "format_version": 1, ...}.
inline constexpr const char* kJournalFormat = "fortuna-journal";
inline constexpr int kJournalFormatVersion = 1;

// An open journal file. Every append is one write(2) of a whole line followed by fsync(2):
// once append returns, a crash or power cut cannot lose the line. A line torn by a crash
// during the write is the last one, never fsynced, so its action never returned to the user.
class JournalFile {
public:
    // Creates the file with these lines (header first), then keeps it open for appends. An
    // existing journal holding the first of these lines is continued (the rest appended); one
    // holding any line these do not, or a file that is no journal, is refused with
    // JournalConflict and left as it was: a journal is never cut short. A journal another
    // program holds (own_game_files, save.hpp) is refused with GameFilesInUse.
    static std::unique_ptr<JournalFile> create(const std::filesystem::path& file, const std::vector<nlohmann::json>& lines);
    ~JournalFile();
    JournalFile(const JournalFile&) = delete;
    JournalFile& operator=(const JournalFile&) = delete;

    // Throws std::system_error (disk full, folder gone...) saying every earlier line is safe;
    // the file is cut back to where it was, so nothing is half-written.
    void append(const nlohmann::json& line);
    const std::filesystem::path& path() const { return path_; }

    // Benchmarks and tests may turn the fsync off to measure the rest; never in the app.
    void set_sync(bool sync) { sync_ = sync; }

private:
    void append_text(const std::string& text);
    JournalFile(std::filesystem::path path, int fd, std::shared_ptr<platform::FileLock> owner)
        : path_(std::move(path)), fd_(fd), owner_(std::move(owner)) {}
    std::filesystem::path path_;
    int fd_ = -1;
    bool sync_ = true;
    std::shared_ptr<platform::FileLock> owner_;  // the game's files are ours while the journal is open
};

// JournalFile::create refused to replace a journal that holds lines the game does not.
class JournalConflict : public std::runtime_error {
public:
    JournalConflict(const std::filesystem::path& file, int lines_beyond, const std::string& why);
    const std::filesystem::path& file() const noexcept { return file_; }
    int lines_beyond() const noexcept { return lines_beyond_; }  // lines that would have been lost

private:
    std::filesystem::path file_;
    int lines_beyond_ = 0;
};

struct JournalContents {
    std::string file;
    nlohmann::json header;
    std::vector<nlohmann::json> lines;  // after the header
    bool torn_tail = false;             // the last line was cut short by a crash and ignored
};

// Reads a journal. A torn last line is dropped (torn_tail); anything else malformed is a
// DataError naming the line.
JournalContents read_journal(const std::filesystem::path& file);

}  // namespace fortuna
