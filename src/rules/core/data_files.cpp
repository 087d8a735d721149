// SPDX-License-Identifier: MIT
// Finding the data folder, reading JSON from outside without trusting it, and checking it against
// its schema: every system's files are read here and report a problem the same way (file, JSON
// pointer, what was expected).
#include "fortuna/core/data_files.hpp"

#include <algorithm>
#include <cstdlib>
#include <fstream>
#include <mutex>
#include <sstream>

#include <spdlog/spdlog.h>
#ifdef _WIN32
#ifndef NOMINMAX  // libstdc++ for mingw defines it already
#define NOMINMAX
#endif
#ifndef WIN32_LEAN_AND_MEAN
#define WIN32_LEAN_AND_MEAN
#endif
#include <windows.h>
#endif
#include <valijson/adapters/nlohmann_json_adapter.hpp>
#include <valijson/schema.hpp>
#include <valijson/schema_parser.hpp>
#include <valijson/validation_results.hpp>
#include <valijson/validator.hpp>

#include "fortuna/core/errors.hpp"
#include "fortuna/core/limits.hpp"
namespace fortuna {

namespace fs = std::filesystem;

namespace {

fs::path executable_dir() {
#ifdef _WIN32
    std::wstring buffer(32768, L'\0');
    const DWORD length = GetModuleFileNameW(nullptr, buffer.data(), static_cast<DWORD>(buffer.size()));
    if (length == 0 || length >= buffer.size()) return {};
    buffer.resize(length);
    return fs::path(buffer).parent_path();
#else
    std::error_code error;
    const fs::path self = fs::read_symlink("/proc/self/exe", error);
    return error ? fs::path() : self.parent_path();
#endif
}

bool looks_like_data_dir(const fs::path& dir) {
    std::error_code error;
    return fs::is_directory(dir / "tables", error) && fs::is_directory(dir / "schema", error);
}

struct DepthExceeded {
    int depth;
};

// "line:column" of a byte offset, for syntax errors a person can find in an editor.
std::string line_column(const std::string& text, std::size_t offset) {
    std::size_t line = 1, column = 1;
    for (std::size_t i = 0; i < offset && i < text.size(); ++i) {
        if (text[i] == '\n') {
            ++line;
            column = 1;
        } else {
            ++column;
        }
    }
    return std::to_string(line) + ":" + std::to_string(column);
}

// valijson names the failing node as ["<root>", "[units]", "[0]", "[factors]"]: make it a JSON pointer.
std::string pointer_from_context(const std::vector<std::string>& context) {
    std::string pointer;
    for (const auto& part : context) {
        if (part == "<root>") continue;
        std::string token = part;
        if (token.size() >= 2 && token.front() == '[' && token.back() == ']') token = token.substr(1, token.size() - 2);
        if (token.size() >= 2 && token.front() == '"' && token.back() == '"') token = token.substr(1, token.size() - 2);
        pointer += "/" + token;
    }
    return pointer.empty() ? "/" : pointer;
}

struct SchemaCache {
    std::mutex mutex;
    std::map<std::string, std::shared_ptr<valijson::Schema>> schemas;
};

SchemaCache& schema_cache() {
    static SchemaCache cache;
    return cache;
}

std::shared_ptr<valijson::Schema> load_schema(const fs::path& data_dir, const std::string& kind) {
    const fs::path file = data_dir / "schema" / (kind + ".schema.json");
    auto& cache = schema_cache();
    std::lock_guard lock(cache.mutex);
    const std::string key = file.string();
    if (auto it = cache.schemas.find(key); it != cache.schemas.end()) return it->second;
    const nlohmann::json document = read_json_file(file);
    auto schema = std::make_shared<valijson::Schema>();
    valijson::SchemaParser parser;
    valijson::adapters::NlohmannJsonAdapter adapter(document);
    try {
        parser.populateSchema(adapter, *schema);
    } catch (const std::exception& error) {
        throw DataError(file.string(), "/", "a valid JSON Schema (draft 7)", error.what());
    }
    cache.schemas.emplace(key, schema);
    return schema;
}

}  // namespace

// The installed data relative to the installed program (GNUInstallDirs: bin/ and share/fortuna/data).
#ifndef FORTUNA_DATA_FROM_BINARY
#define FORTUNA_DATA_FROM_BINARY "../share/fortuna/data"
#endif

fs::path default_data_dir() {
    if (const char* env = std::getenv("FORTUNA_DATA"); env && *env) return fs::path(env);
    const fs::path exe = executable_dir();
    const fs::path installed = exe.empty() ? fs::path() : (exe / FORTUNA_DATA_FROM_BINARY).lexically_normal();
    if (!exe.empty()) {
        // Beside the program (a Windows folder, a portable copy), then the installed layout.
        for (const fs::path& candidate : {exe / "data", installed})
            if (looks_like_data_dir(candidate)) return candidate;
    }
#ifdef FORTUNA_SOURCE_DATA_DIR
    return fs::path(FORTUNA_SOURCE_DATA_DIR);  // a development build run from its build tree
#else
    // A packaged build knows no source tree: the loader's error then names the installed folder.
    return installed.empty() ? fs::path("data") : installed;
#endif
}

namespace {

// The first byte at which the text opens more than kMaxJsonDepth arrays and objects (outside
// strings), so that the refusal can say where; npos when it never does.
std::size_t too_deep_at(const std::string& text) {
    int depth = 0;
    bool in_string = false;
    for (std::size_t i = 0; i < text.size(); ++i) {
        const char c = text[i];
        if (in_string) {
            if (c == '\\') ++i;
            else if (c == '"') in_string = false;
        } else if (c == '"') {
            in_string = true;
        } else if (c == '[' || c == '{') {
            if (++depth > kMaxJsonDepth) return i;
        } else if (c == ']' || c == '}') {
            --depth;
        }
    }
    return std::string::npos;
}

struct DuplicateKey {
    std::string pointer;
};

std::string pointer_token(const std::string& key) {
    std::string token;
    for (const char c : key) {
        if (c == '~') token += "~0";
        else if (c == '/') token += "~1";
        else token += c;
    }
    return token;
}

// Follows the parser through the document to name the place of a key written twice: nlohmann
// (like most parsers) silently keeps the last, so a rule set with two "charge" entries would
// load with whichever came second.
class DuplicateKeyWatch {
public:
    bool operator()(int depth, nlohmann::json::parse_event_t event, nlohmann::json& parsed) {
        using Event = nlohmann::json::parse_event_t;
        // too_deep_at refuses deep files first; this only guards the stack of a file it missed.
        if (depth > kMaxJsonDepth) throw DepthExceeded{depth};
        switch (event) {
        case Event::object_start:
        case Event::array_start:
            frames_.push_back({event == Event::object_start, {}, {}, 0});
            break;
        case Event::key: {
            Frame& object = frames_.back();
            object.key = parsed.get<std::string>();
            if (!object.keys.insert(object.key).second) throw DuplicateKey{pointer()};
            break;
        }
        case Event::object_end:
        case Event::array_end:
            frames_.pop_back();
            advance();
            break;
        case Event::value:
            advance();
            break;
        }
        return true;
    }

private:
    struct Frame {
        bool object = false;
        std::set<std::string> keys;
        std::string key;        // the member being read, in an object
        std::size_t index = 0;  // the item being read, in an array
    };
    void advance() {
        if (!frames_.empty() && !frames_.back().object) ++frames_.back().index;
    }
    std::string pointer() const {
        std::string text;
        for (const Frame& frame : frames_) text += "/" + (frame.object ? pointer_token(frame.key) : std::to_string(frame.index));
        return text;
    }
    std::vector<Frame> frames_;
};

}  // namespace

nlohmann::json parse_json_text(const std::string& text, const std::string& file_name) {
    if (text.size() > kMaxDataFileBytes)
        throw DataError(file_name, "", "a file of at most " + std::to_string(kMaxDataFileBytes / (1024 * 1024)) + " MiB",
                        std::to_string(text.size()) + " bytes");
    if (const std::size_t at = too_deep_at(text); at != std::string::npos)
        throw DataError(file_name, line_column(text, at), "JSON nested at most " + std::to_string(kMaxJsonDepth) + " levels deep",
                        "deeper nesting");
    try {
        return nlohmann::json::parse(text, DuplicateKeyWatch());
    } catch (const DepthExceeded&) {
        throw DataError(file_name, "", "JSON nested at most " + std::to_string(kMaxJsonDepth) + " levels deep",
                        "deeper nesting");
    } catch (const DuplicateKey& duplicate) {
        throw DataError(file_name, duplicate.pointer, "each key once in an object (a second one would silently replace the first)",
                        "the key written again");
    } catch (const nlohmann::json::parse_error& error) {
        std::string what = error.what();
        // Keep nlohmann's explanation, drop its "[json.exception.parse_error.101] parse error at line 3, column 5: " prefix.
        if (const auto colon = what.find(": ", what.find("column")); colon != std::string::npos) what = what.substr(colon + 2);
        const std::size_t offset = error.byte > 0 ? error.byte - 1 : 0;
        throw DataError(file_name, line_column(text, offset), "valid JSON", what);
    } catch (const nlohmann::json::out_of_range& error) {
        // A number beyond a double ("1e999"): nlohmann names the token but not where it is
        // (found by fuzzing, docs/reliability.md).
        std::string what = error.what();
        std::string where;
        if (const auto open = what.find('\''), close = what.rfind('\''); open != std::string::npos && close > open) {
            const std::string token = what.substr(open + 1, close - open - 1);
            if (const auto at = text.find(token); !token.empty() && at != std::string::npos) where = line_column(text, at);
            what = "the number " + token + ", too large for this program";
        }
        throw DataError(file_name, where, "valid JSON with numbers of at most 1.8e308", what);
    }
}

nlohmann::json read_json_file(const fs::path& file) {
    std::error_code error;
    const auto size = fs::file_size(file, error);
    if (error) throw DataError(file.string(), "", "a readable file", error.message());
    if (size > kMaxDataFileBytes)
        throw DataError(file.string(), "", "a file of at most " + std::to_string(kMaxDataFileBytes / (1024 * 1024)) + " MiB",
                        std::to_string(size) + " bytes");
    std::ifstream in(file, std::ios::binary);
    if (!in) throw DataError(file.string(), "", "a readable file", "it cannot be opened");
    std::ostringstream text;
    text << in.rdbuf();
    return parse_json_text(text.str(), file.string());
}

void validate_against_schema(const nlohmann::json& document, const std::string& kind, const std::string& file,
                             const fs::path& data_dir) {
    const auto schema = load_schema(data_dir, kind);
    valijson::Validator validator;
    valijson::ValidationResults results;
    valijson::adapters::NlohmannJsonAdapter target(document);
    if (validator.validate(*schema, target, &results)) return;
    // The deepest error names the field itself rather than the array or object holding it.
    valijson::ValidationResults::Error deepest;
    valijson::ValidationResults::Error error;
    while (results.popError(error))
        if (error.context.size() > deepest.context.size() || deepest.description.empty()) deepest = error;
    std::string pointer = pointer_from_context(deepest.context);
    std::string found;
    try {
        const auto& value = document.at(nlohmann::json::json_pointer(pointer == "/" ? "" : pointer));
        found = value.dump();
        if (found.size() > 60) found = found.substr(0, 57) + "...";
    } catch (const std::exception&) {
    }
    const std::string article = kind == "army" ? "an " : "a ";
    throw DataError(file, pointer, article + kind + " file as data/schema/" + kind + ".schema.json describes (" +
                                       deepest.description + ")",
                    found);
}

std::vector<SchemaViolation> schema_violations(const nlohmann::json& document, const std::string& kind,
                                               const fs::path& data_dir) {
    const auto schema = load_schema(data_dir, kind);
    valijson::Validator validator;
    valijson::ValidationResults results;
    valijson::adapters::NlohmannJsonAdapter target(document);
    std::vector<SchemaViolation> violations;
    if (validator.validate(*schema, target, &results)) return violations;
    valijson::ValidationResults::Error error;
    while (results.popError(error)) {
        const std::string pointer = pointer_from_context(error.context);
        violations.push_back({pointer == "/" ? std::string() : pointer, error.description});
    }
    return violations;
}

// The checks of one rule-set file in data/tables: syntax, schema, the tables themselves, and
// the file named after its id (scenarios and army folders find it by that name).
// An edited copy for the battle lab may have any name: its id says what it edits.

}  // namespace fortuna
