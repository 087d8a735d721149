// SPDX-License-Identifier: MIT
// The game's journal on disk: JSON lines, each appended and fsynced before the action returns.
#pragma once

#include <filesystem>
#include <memory>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

namespace fortuna {

// The first line of a journal file: {"format": "fortuna-journal", "format_version": 1, ...}.
inline constexpr const char* kJournalFormat = "fortuna-journal";
inline constexpr int kJournalFormatVersion = 1;

// An open journal file. Every append is one write(2) of a whole line followed by fsync(2):
// once append returns, a crash or power cut cannot lose the line. A line torn by a crash
// during the write is the last one, never fsynced, so its action never returned to the user.
class JournalFile {
public:
    // Creates (or atomically replaces) the file with these lines, then keeps it open for appends.
    static std::unique_ptr<JournalFile> create(const std::filesystem::path& file, const std::vector<nlohmann::json>& lines);
    ~JournalFile();
    JournalFile(const JournalFile&) = delete;
    JournalFile& operator=(const JournalFile&) = delete;

    void append(const nlohmann::json& line);  // throws std::system_error; nothing is half-applied
    const std::filesystem::path& path() const { return path_; }

    // Benchmarks and tests may turn the fsync off to measure the rest; never in the app.
    void set_sync(bool sync) { sync_ = sync; }

private:
    JournalFile(std::filesystem::path path, int fd) : path_(std::move(path)), fd_(fd) {}
    std::filesystem::path path_;
    int fd_ = -1;
    bool sync_ = true;
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
