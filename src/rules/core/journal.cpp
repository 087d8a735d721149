// SPDX-License-Identifier: MIT
// Durable JSON-lines journal: one write and one fsync per action; a torn last line is recognised.
#include "fortuna/core/journal.hpp"

#include <algorithm>
#include <cerrno>
#include <fstream>
#include <iterator>
#include <sstream>
#include <system_error>

#include "fortuna/core/errors.hpp"
#include "fortuna/core/json_fields.hpp"
#include "fortuna/seam/library.hpp"
#include "fortuna/core/limits.hpp"
#include "fortuna/core/platform.hpp"
#include "fortuna/core/game_files.hpp"

namespace fortuna {

namespace {
// A journal of a long afternoon is a few megabytes; anything far larger is not ours.
constexpr std::uintmax_t kMaxJournalBytes = 256ULL * 1024 * 1024;

// One line, keys a person looks for first: "seq", "do", the time, the summary; then the rest.
std::string line_text(const nlohmann::json& line) {
    static const char* const first[] = {"format", "format_version", "seq", "do", "of", "turn", "clock", "side", "phase", "summary"};
    if (!line.is_object()) return line.dump(-1, ' ', false, nlohmann::json::error_handler_t::replace);
    std::string text = "{";
    const auto add = [&](const std::string& key, const nlohmann::json& value) {
        if (text.size() > 1) text += ",";
        text += nlohmann::json(key).dump() + ":" + value.dump(-1, ' ', false, nlohmann::json::error_handler_t::replace);
    };
    for (const char* key : first)
        if (line.contains(key)) add(key, line[key]);
    for (const auto& item : line.items()) {
        // A named copy, not a structured binding: clang 14 cannot capture those in a lambda.
        const std::string& key = item.key();
        if (std::find_if(std::begin(first), std::end(first), [&](const char* k) { return key == k; }) == std::end(first))
            add(key, item.value());
    }
    return text + "}";
}
}  // namespace

std::unique_ptr<JournalFile> JournalFile::create(const std::filesystem::path& file, const std::vector<nlohmann::json>& lines) {
    if (file.has_parent_path()) std::filesystem::create_directories(file.parent_path());
    std::shared_ptr<platform::FileLock> owner = own_game_files(file);
    // An existing journal is continued, never cut short: when it holds exactly the first of
    // these lines the rest are appended; when it holds a line these do not, it is refused.
    std::size_t kept = 0;
    bool rewrite = true;
    std::error_code missing;
    if (std::filesystem::exists(file, missing)) {
        JournalContents existing;
        try {
            existing = read_journal(file);
        } catch (const DataError& error) {
            throw JournalConflict(file, 0, "it exists and is not a journal that can be continued (" + std::string(error.what()) + ")");
        }
        std::vector<nlohmann::json> old_lines;
        old_lines.push_back(existing.header);
        old_lines.insert(old_lines.end(), existing.lines.begin(), existing.lines.end());
        std::size_t same = 0;
        while (same < old_lines.size() && same < lines.size() && old_lines[same] == lines[same]) ++same;
        if (same < old_lines.size()) {
            const int beyond = static_cast<int>(old_lines.size() - same);
            throw JournalConflict(file, beyond,
                                  same == 0 ? "it is the journal of another game"
                                            : "it holds " + std::to_string(beyond) + " line" + (beyond == 1 ? "" : "s") +
                                                  " from line " + std::to_string(same + 1) + " on that this game does not");
        }
        // A torn tail (never applied) is cut by rewriting the whole journal atomically.
        rewrite = existing.torn_tail;
        kept = rewrite ? 0 : same;
    }
    if (rewrite) {
        std::string text;
        for (const auto& line : lines) text += line_text(line) + "\n";
        atomic_write_file(file, text);
        kept = lines.size();
    }
    const FileOperations& os = file_operations();
    const int fd = os.open(platform::utf8_path(file).c_str(), platform::open_flags_append(), 0644);
    if (fd < 0) throw std::system_error(errno, std::generic_category(), "opening the journal " + file.string());
    auto journal = std::unique_ptr<JournalFile>(new JournalFile(file, fd, std::move(owner)));
    std::string rest;
    for (std::size_t i = kept; i < lines.size(); ++i) rest += line_text(lines[i]) + "\n";
    if (!rest.empty()) journal->append_text(rest);
    return journal;
}

JournalFile::~JournalFile() {
    if (fd_ >= 0) platform::close_file(fd_);
}

void JournalFile::append(const nlohmann::json& line) { append_text(line_text(line) + "\n"); }

void JournalFile::append_text(const std::string& text) {
    // One write of the whole line: a crash leaves either nothing or a torn tail, which
    // read_journal recognises; the sync makes it survive a power cut before we return.
    const std::int64_t end = platform::file_end(fd_);
    int code = write_all(fd_, text);
    std::string step = "writing";
    if (code == 0 && sync_ && file_operations().fsync(fd_) != 0) {
        code = errno;
        step = "syncing";
    }
    if (code == 0) {
        // A journal removed under us (its file deleted, its folder moved) takes every write into
        // a file no one can open again: say so now, not at the next start (issue 13, 6).
        std::error_code missing;
        if (std::filesystem::exists(path_, missing) || missing) return;
        throw std::system_error(ENOENT, std::generic_category(),
                                "the journal " + path_.string() +
                                    " has vanished (deleted or moved while the game was open); no action is safe on disk "
                                    "until the game is saved");
    }
    // Leave no half line behind for the next append to glue onto.
    if (end >= 0 && platform::truncate_file(fd_, end) == 0 && sync_) platform::sync_file(fd_);
    throw std::system_error(code, std::generic_category(),
                            step + " the journal " + path_.string() + "; it holds every action before this one");
}

JournalConflict::JournalConflict(const std::filesystem::path& file, int lines_beyond, const std::string& why)
    : std::runtime_error("will not replace the journal " + file.string() + ": " + why),
      file_(file),
      lines_beyond_(lines_beyond) {}

JournalContents read_journal(const std::filesystem::path& file) {
    JournalContents contents;
    contents.file = file.string();
    std::error_code error;
    const auto size = std::filesystem::file_size(file, error);
    if (error) throw DataError(file.string(), "", "a journal file", error.message());
    if (size > kMaxJournalBytes) throw DataError(file.string(), "", "a journal under 256 MB", std::to_string(size) + " bytes");
    std::ifstream in(file, std::ios::binary);
    if (!in) throw DataError(file.string(), "", "a readable journal file", "cannot open it");
    std::stringstream buffer;
    buffer << in.rdbuf();
    const std::string text = buffer.str();

    std::size_t start = 0;
    int number = 0;
    while (start < text.size()) {
        const std::size_t end = text.find('\n', start);
        const bool last = end == std::string::npos;
        const std::string line = text.substr(start, last ? std::string::npos : end - start);
        ++number;
        start = last ? text.size() : end + 1;
        if (line.empty()) continue;
        // The same nesting limit as the data files: a hostile line could otherwise be nested
        // deeply enough for a later dump() of it to overflow the stack.
        bool too_deep = false;
        nlohmann::json parsed = nlohmann::json::parse(
            line,
            [&](int depth, nlohmann::json::parse_event_t, nlohmann::json&) {
                if (depth >= kMaxJsonDepth) too_deep = true;  // the outermost value is depth 0
                return !too_deep;
            },
            false);
        if (too_deep)
            throw DataError(file.string(), "line " + std::to_string(number),
                            "JSON nested at most " + std::to_string(kMaxJsonDepth) + " levels deep", "deeper nesting");
        if (parsed.is_discarded() || !parsed.is_object()) {
            // Only an unterminated last line can be the victim of a crash mid-write.
            if (last) {
                contents.torn_tail = true;
                break;
            }
            throw DataError(file.string(), "line " + std::to_string(number), "one JSON object a line",
                            line.substr(0, 60));
        }
        // A key written twice would silently replace the first (a hand-edited or forged line):
        // refused with its pointer, as in every data file (issue 13, 4).
        try {
            parse_json_text(line, file.string());
        } catch (const DataError& duplicate) {
            throw DataError(file.string(), "line " + std::to_string(number) + duplicate.where(), duplicate.expected(),
                            duplicate.found());
        }
        if (number == 1) {
            if (text_member(parsed, "format") != kJournalFormat)
                throw DataError(file.string(), "line 1", std::string("a journal header with \"format\": \"") + kJournalFormat + "\"",
                                line.substr(0, 60));
            // Absent means the first format; anything but a whole number is not a header we wrote.
            if (parsed.contains("format_version") && !integer_member(parsed, "format_version"))
                throw DataError(file.string(), "line 1/format_version", "the journal format as a whole number",
                                parsed["format_version"].dump().substr(0, 60));
            const long long version = integer_member(parsed, "format_version").value_or(1);
            if (version > kJournalFormatVersion)
                throw DataError(file.string(), "line 1/format_version",
                                "journal format " + std::to_string(kJournalFormatVersion) +
                                    " or older: written by a newer Fortuna Belli; update the app to open it",
                                std::to_string(version));
            contents.header = std::move(parsed);
        } else {
            contents.lines.push_back(std::move(parsed));
        }
    }
    if (contents.header.is_null()) throw DataError(file.string(), "line 1", "a journal header", "an empty file");
    return contents;
}

}  // namespace fortuna
