// SPDX-License-Identifier: MIT
// Finding the data folder, reading JSON from outside without trusting it, and checking it against
// its schema: every system's files are read here and report a problem the same way (file, JSON
// pointer, what was expected).
#include "fortuna/core/data_files.hpp"

#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <fstream>
#include <map>
#include <mutex>
#include <set>
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
    valijson::adapters::NlohmannJsonAdapter target(document);
    if (validator.validate(*schema, target, nullptr)) return;
    // Every problem at once, each in words: what was found and what was expected ("a whole
    // number from 1 to 12"), not the validator's phrase (issue 28, item 6).
    std::vector<DataError> all;
    for (const ScenarioProblem& problem : schema_problems(document, kind, data_dir))
        all.emplace_back(file, problem.pointer, problem.expected, problem.found);
    if (all.empty()) all.emplace_back(file, "", "a " + kind + " file as data/schema/" + kind + ".schema.json describes", "another shape");
    throw DataErrors(std::move(all));
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

// ---------------------------------------------------------------- the schema's errors in words

namespace scenario_schema_words {

using Json = nlohmann::json;

// The schema node that describes the value at `pointer`, following "properties", "items" and
// "$ref" ("#/definitions/..."); nullptr where the schema says nothing.
const Json* resolve(const Json& root, const Json* node) {
    for (int guard = 0; node != nullptr && node->is_object() && node->contains("$ref") && guard < 16; ++guard) {
        const Json& ref = node->at("$ref");
        if (!ref.is_string()) return nullptr;
        const std::string target = ref.get<std::string>();
        if (target.rfind("#", 0) != 0) return nullptr;
        try {
            node = &root.at(Json::json_pointer(target.substr(1)));
        } catch (const std::exception&) {
            return nullptr;
        }
    }
    return node;
}

const Json* schema_at(const Json& root, const std::string& pointer) {
    const Json* node = resolve(root, &root);
    std::size_t at = 0;
    while (node != nullptr && at < pointer.size()) {
        const std::size_t next = pointer.find('/', at + 1);
        const std::string token = pointer.substr(at + 1, next == std::string::npos ? std::string::npos : next - at - 1);
        at = next == std::string::npos ? pointer.size() : next;
        const Json* child = nullptr;
        if (const auto properties = node->find("properties"); properties != node->end() && properties->contains(token))
            child = &properties->at(token);
        else if (const auto items = node->find("items"); items != node->end() && items->is_object())
            child = &*items;
        node = resolve(root, child);
    }
    return node;
}

std::string number_text(const Json& value) { return value.dump(); }

std::vector<std::string> one_of_members(const Json* node);

// The words for what a schema node wants: "a whole number from 1 to 100", "one of line, column".
std::string wanted(const Json* node) {
    if (node == nullptr || !node->is_object()) return "a value the schema allows";
    // A choice of kinds ("rally": a whole number of a d6 edition, or a decimal of 0-1): each said.
    for (const char* key : {"oneOf", "anyOf"})
        if (const auto it = node->find(key); it != node->end() && it->is_array() && !it->empty() && one_of_members(node).empty()) {
            std::string words;
            for (const Json& choice : *it) words += (words.empty() ? "" : " or ") + wanted(&choice);
            return words;
        }
    if (const auto it = node->find("const"); it != node->end()) return it->dump();
    if (const auto it = node->find("enum"); it != node->end() && it->is_array()) {
        std::string words;
        for (const Json& option : *it) words += (words.empty() ? "" : ", ") + (option.is_string() ? option.get<std::string>() : option.dump());
        return "one of " + words;
    }
    const auto text_of = [&](const char* key) {
        const auto it = node->find(key);
        return it != node->end() && it->is_string() ? it->get<std::string>() : std::string();
    };
    const auto count_of = [&](const char* key, int fallback) {
        const auto it = node->find(key);
        return it != node->end() && it->is_number_integer() ? it->get<int>() : fallback;
    };
    const std::string type = text_of("type");
    if (type == "number" || type == "integer") {
        std::string words = type == "integer" ? "a whole number" : "a number";
        const auto bound = [&](const char* key) { return node->contains(key) ? number_text(node->at(key)) : std::string(); };
        const std::string min = bound("minimum"), above = bound("exclusiveMinimum"), max = bound("maximum"), below = bound("exclusiveMaximum");
        if (!min.empty() && !max.empty()) return words + " from " + min + " to " + max;
        if (!above.empty()) words += " above " + above;
        if (!min.empty()) words += " from " + min;
        if (!max.empty()) words += (above.empty() && min.empty() ? " up to " : " and up to ") + max;
        if (!below.empty()) words += (above.empty() && min.empty() ? " below " : " and below ") + below;
        return words;
    }
    if (type == "string") {
        const std::string pattern = text_of("pattern");
        // The patterns of the scenario schema in words; another is quoted as it stands.
        if (pattern == "^[a-z0-9][a-z0-9-]{0,63}$") return "an id of lower-case letters, digits and '-' (e.g. my-battle), at most 64";
        if (pattern == "^[A-Za-z0-9][A-Za-z0-9.-]{0,15}$") return "a code of letters, digits, '.' and '-' (e.g. B-I3), at most 16";
        if (pattern == "^([01][0-9]|2[0-3]):[0-5][0-9]$") return "a time of day HH:MM (e.g. 09:30)";
        if (pattern == "^#[0-9a-fA-F]{6}$") return "a colour #rrggbb (e.g. #2b4c9b)";
        if (pattern == "^1 mm = [0-9]+(\\.[0-9]+)? m$") return "a ground scale '1 mm = N m' (e.g. 1 mm = 2 m)";
        if (pattern == "^[0-9]{1,20}$") return "a whole number of 1 to 20 digits, written as text (e.g. \"1620\")";
        if (!pattern.empty()) return "a text matching " + pattern;
        const int min = count_of("minLength", 0);
        if (node->contains("maxLength"))
            return "a text of " + (min > 0 ? std::to_string(min) + " to " : std::string("at most ")) + number_text(node->at("maxLength")) + " characters";
        return min > 0 ? "a text of at least " + std::to_string(min) + " characters" : "a text";
    }
    if (type == "array") {
        const int min = count_of("minItems", 0);
        const int max = count_of("maxItems", -1);
        std::string count = min == max ? "exactly " + std::to_string(min)
                            : max >= 0  ? (min > 0 ? std::to_string(min) + " to " + std::to_string(max) : "at most " + std::to_string(max))
                                        : (min > 0 ? "at least " + std::to_string(min) : std::string());
        return "a list" + (count.empty() ? std::string() : " of " + count + " items");
    }
    if (type == "object") return "an object with members";
    if (type == "boolean") return "true or false";
    return "a value the schema allows";
}

// What the file holds there, in a line: the value as written, cut at 60 characters.
std::string found_text(const Json& document, const std::string& pointer) {
    try {
        const Json& value = document.at(Json::json_pointer(pointer));
        if (value.is_array()) return "a list of " + std::to_string(value.size()) + (value.size() == 1 ? " item" : " items");
        if (value.is_object()) return "an object";
        std::string text = value.dump(-1, ' ', false, Json::error_handler_t::replace);
        if (text.size() > 60) text = text.substr(0, 57) + "...";
        return text;
    } catch (const std::exception&) {
        return {};
    }
}

std::string quoted_after(const std::string& description, const std::string& lead) {
    const std::size_t start = description.find(lead);
    if (start == std::string::npos) return {};
    const std::size_t from = start + lead.size();
    const std::size_t end = description.find('\'', from);
    return end == std::string::npos ? std::string() : description.substr(from, end - from);
}

// " for a hill" when the object names its kind: the schema asks some members of some kinds only.
std::string kind_words(const Json& document, const std::string& pointer) {
    try {
        const Json& node = document.at(Json::json_pointer(pointer));
        const auto kind = node.find("kind");
        if (!node.is_object() || kind == node.end() || !kind->is_string() || kind->get_ref<const std::string&>().empty()) return {};
        const std::string& word = kind->get_ref<const std::string&>();
        const bool vowel = std::string("aeiou").find(word.front()) != std::string::npos;
        return std::string(vowel ? " for an " : " for a ") + word;
    } catch (const std::exception&) {
        return {};
    }
}

std::string escape_token(const std::string& key) {
    std::string token;
    for (const char c : key) token += c == '~' ? std::string("~0") : c == '/' ? std::string("~1") : std::string(1, c);
    return token;
}

// The names a "oneOf" of {"required": [...]} choices offers ("polygon", "polyline").
std::vector<std::string> one_of_members(const Json* node) {
    std::vector<std::string> names;
    if (node == nullptr || !node->contains("oneOf") || !node->at("oneOf").is_array()) return names;
    for (const Json& choice : node->at("oneOf"))
        if (choice.is_object() && choice.contains("required") && choice.at("required").is_array())
            for (const Json& name : choice.at("required"))
                if (name.is_string()) names.push_back(name.get<std::string>());
    return names;
}

std::string members_text(const std::vector<std::string>& names, const char* join) {
    std::string text;
    for (std::size_t i = 0; i < names.size(); ++i)
        text += (i == 0 ? "" : i + 1 == names.size() ? join : ", ") + ("'" + names[i] + "'");
    return text;
}

// The order a person reads a scenario file in: members as the shipped files have them, list
// items by index. valijson reports in the order of nlohmann's sorted members.
std::vector<std::string> pointer_tokens(const std::string& pointer) {
    std::vector<std::string> tokens;
    std::size_t at = 0;
    while (at < pointer.size()) {
        const std::size_t next = pointer.find('/', at + 1);
        tokens.push_back(pointer.substr(at + 1, next == std::string::npos ? std::string::npos : next - at - 1));
        at = next == std::string::npos ? pointer.size() : next;
    }
    return tokens;
}

const std::vector<std::string>& member_order(const std::vector<std::string>& tokens, std::size_t depth) {
    static const std::vector<std::string> top{"$schema", "format", "format_version", "id", "name", "description", "source", "notes",
                                              "ruleset", "board", "start", "dusk", "first_player", "terrain", "sides",
                                              "reinforcements", "sauve_qui_peut"};
    static const std::vector<std::string> board{"width_mm", "depth_mm", "scale", "north_deg"};
    static const std::vector<std::string> feature{"kind", "name", "layers", "shelters", "width_mm", "polygon", "polyline", "notes"};
    static const std::vector<std::string> side{"id", "name", "colour", "nation", "orders", "commands"};
    static const std::vector<std::string> orders{"posture", "objective", "text"};
    static const std::vector<std::string> command{"name", "general", "units"};
    static const std::vector<std::string> general{"code", "name", "great_captain", "position", "notes"};
    static const std::vector<std::string> unit{"code", "name", "nation", "type", "bases", "position", "facing_deg", "formation",
                                               "state", "guns", "notes"};
    static const std::vector<std::string> reinforcement{"id", "side", "arrives", "entry", "command"};
    static const std::vector<std::string> period{"from", "side", "percents", "source"};
    static const std::vector<std::string> position{"x_mm", "y_mm"};
    static const std::vector<std::string> none;
    const auto at = [&](std::size_t back) { return depth >= back ? tokens[depth - back] : std::string(); };
    if (depth == 0) return top;
    if (depth == 1 && at(1) == "board") return board;
    if (at(1) == "position") return position;
    if (at(1) == "general") return general;
    if (at(1) == "command" || at(2) == "commands") return command;
    if (at(2) == "units") return unit;
    if (depth == 2 && at(2) == "terrain") return feature;
    if (depth == 2 && at(2) == "sides") return side;
    if (depth == 3 && at(1) == "orders") return orders;
    if (depth == 2 && at(2) == "reinforcements") return reinforcement;
    if (depth == 2 && at(2) == "sauve_qui_peut") return period;
    return none;
}

bool before_in_file(const std::string& a, const std::string& b) {
    const auto ta = pointer_tokens(a), tb = pointer_tokens(b);
    for (std::size_t i = 0; i < ta.size() && i < tb.size(); ++i) {
        if (ta[i] == tb[i]) continue;
        const bool na = !ta[i].empty() && ta[i].find_first_not_of("0123456789") == std::string::npos && ta[i].size() < 10;
        const bool nb = !tb[i].empty() && tb[i].find_first_not_of("0123456789") == std::string::npos && tb[i].size() < 10;
        if (na && nb) return std::stoul(ta[i]) < std::stoul(tb[i]);
        const auto& order = member_order(ta, i);
        const auto ra = std::find(order.begin(), order.end(), ta[i]) - order.begin();
        const auto rb = std::find(order.begin(), order.end(), tb[i]) - order.begin();
        return ra != rb ? ra < rb : ta[i] < tb[i];
    }
    return ta.size() < tb.size();
}

}  // namespace scenario_schema_words

std::vector<ScenarioProblem> schema_problems(const nlohmann::json& document, const std::string& kind,
                                             const std::filesystem::path& data_dir) {
    using namespace scenario_schema_words;
    const std::vector<SchemaViolation> violations = schema_violations(document, kind, data_dir);
    if (violations.empty()) return {};
    const Json schema = read_json_file(data_dir / "schema" / (kind + ".schema.json"));

    // Members a "oneOf" of required members wants: said once as a choice, not once a member.
    std::set<std::pair<std::string, std::string>> choice_members;
    for (const SchemaViolation& v : violations)
        if (v.description.find("allowed by oneOf") != std::string::npos)
            for (const std::string& name : one_of_members(schema_at(schema, v.pointer))) choice_members.emplace(v.pointer, name);

    std::vector<ScenarioProblem> problems;
    const auto add = [&](ScenarioProblem problem) {
        for (const ScenarioProblem& known : problems)
            if (known.pointer == problem.pointer && known.expected == problem.expected) return;
        problems.push_back(std::move(problem));
    };
    for (const SchemaViolation& v : violations) {
        const std::string& d = v.description;
        if (const std::string name = quoted_after(d, "Missing required property '"); !name.empty()) {
            if (choice_members.count({v.pointer, name}) == 0)
                add({v.pointer + "/" + escape_token(name), "a member '" + name + "'" + kind_words(document, v.pointer), ""});
        } else if (const std::string extra = quoted_after(d, "constraints: '"); !extra.empty()) {
            const Json* node = schema_at(schema, v.pointer);
            std::vector<std::string> known;
            if (node && node->contains("properties"))
                for (const auto& [key, value] : node->at("properties").items()) known.push_back(key);
            const std::string pointer = v.pointer + "/" + escape_token(extra);
            add({pointer, "no member '" + extra + "' here (the members are " + members_text(known, " and ") + ")",
                 found_text(document, pointer)});
        } else if (d.find("allowed by oneOf") != std::string::npos) {
            const Json* node = schema_at(schema, v.pointer);
            const auto names = one_of_members(node);
            if (names.empty()) add({v.pointer, wanted(node), found_text(document, v.pointer)});  // a choice of kinds, not of members
            else add({v.pointer, "a member " + members_text(names, " or "), ""});
        } else if (d.find("exactly one child schema") != std::string::npos) {
            const auto names = one_of_members(schema_at(schema, v.pointer));
            add({v.pointer, "only one of the members " + members_text(names, " and "), "both"});
        } else if (d.rfind("Failed to validate", 0) == 0 || d.rfind("Cannot validate", 0) == 0) {
            // A wrapper around the errors listed on their own (an item, a property, a condition).
        } else {
            add({v.pointer, wanted(schema_at(schema, v.pointer)), found_text(document, v.pointer)});
        }
    }
    // valijson stops an "allOf" at its first failing member: the conditions after it ("if" a
    // kind, "then" members required) are read here, so that a hill drawn as a line hears of its
    // polygon and of its layers at once.
    for (const SchemaViolation& v : violations) {
        if (v.description.rfind("Failed to validate against child schema #", 0) != 0) continue;
        const Json* node = schema_at(schema, v.pointer);
        const Json* target = nullptr;
        try {
            target = &document.at(Json::json_pointer(v.pointer));
        } catch (const std::exception&) {
        }
        if (node == nullptr || target == nullptr || !target->is_object() || !node->contains("allOf") || !node->at("allOf").is_array())
            continue;
        for (const Json& condition : node->at("allOf")) {
            if (!condition.is_object() || !condition.contains("if") || !condition.contains("then")) continue;
            const Json& when = condition.at("if");
            const Json& then = condition.at("then");
            if (!when.is_object() || !when.contains("properties") || !when.at("properties").is_object() || !then.is_object() ||
                !then.contains("required") || !then.at("required").is_array())
                continue;
            bool holds = true;
            for (const auto& [key, wanted_value] : when.at("properties").items()) {
                const auto value = target->find(key);
                if (value == target->end() || !wanted_value.is_object()) {
                    holds = false;
                    break;
                }
                const auto options = wanted_value.find("enum");
                const auto single = wanted_value.find("const");
                const bool listed = options != wanted_value.end() && options->is_array() &&
                                    std::find(options->begin(), options->end(), *value) != options->end();
                if (!listed && !(single != wanted_value.end() && *single == *value)) holds = false;
            }
            if (!holds) continue;
            for (const Json& name : then.at("required"))
                if (name.is_string() && !target->contains(name.get<std::string>()) &&
                    choice_members.count({v.pointer, name.get<std::string>()}) == 0)
                    add({v.pointer + "/" + escape_token(name.get<std::string>()),
                         "a member '" + name.get<std::string>() + "'" + kind_words(document, v.pointer), ""});
        }
    }
    std::stable_sort(problems.begin(), problems.end(),
                     [](const ScenarioProblem& a, const ScenarioProblem& b) { return before_in_file(a.pointer, b.pointer); });
    return problems;
}

std::string ScenarioProblem::message() const {
    // The file as a whole has no pointer to name: its line starts with what was expected.
    return (pointer.empty() ? std::string() : pointer + ": ") + "expected " + expected + ", found " +
           (found.empty() ? std::string("nothing") : found);
}

}  // namespace fortuna
