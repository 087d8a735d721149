// SPDX-License-Identifier: MIT
// Finding, reading, schema-checking and cross-checking the data folder.
// Why one file of 630 lines: finding, reading, schema-checking and cross-checking feed one
// another and report every problem the same way (file, JSON pointer, what was expected).
#include "fortuna/library.hpp"
#include "fortuna/land/system.hpp"
#include "fortuna/rule_system.hpp"
#include "fortuna/json_fields.hpp"
#include "fortuna/opponent.hpp"

#include <algorithm>
#include <cstdlib>
#include <fstream>
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

#include "fortuna/game.hpp"
#include "fortuna/journal.hpp"
#include "fortuna/limits.hpp"
#include "fortuna/save.hpp"
#include "fortuna/scenario.hpp"
#include "fortuna/scenario_editing.hpp"

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
RuleSet load_ruleset_file(const fs::path& file, const fs::path& data_dir, bool named_after_id) {
    const auto document = read_json_file(file);
    validate_against_schema(document, "ruleset", file.string(), data_dir);
    RuleSet rules = RuleSet::from_json(document, file.string());
    if (named_after_id && rules.id != file.stem().string())
        throw DataError(file.string(), "/id", "\"" + file.stem().string() + "\" (the file's name)", rules.id);
    return rules;
}

Army load_army_file(const fs::path& file, const fs::path& data_dir, const RuleSet& rules) {
    const auto document = read_json_file(file);
    validate_against_schema(document, "army", file.string(), data_dir);
    Army army = Army::from_json(document, file.string(), rules);
    if (army.id != file.stem().string())
        throw DataError(file.string(), "/id", "\"" + file.stem().string() + "\" (the file's name)", army.id);
    return army;
}

namespace {

}  // namespace

RulesLibrary RulesLibrary::load(const fs::path& data_dir) { return load(data_dir, {}); }

RulesLibrary RulesLibrary::load(const fs::path& data_dir, const std::vector<fs::path>& edited_rulesets) {
    RulesLibrary library;
    library.data_dir_ = data_dir;
    const fs::path tables = data_dir / "tables";
    std::error_code error;
    if (!fs::is_directory(tables, error))
        throw DataError(tables.string(), "", "a folder of rule-set tables (is FORTUNA_DATA right?)", "no such folder");
    // A broken file disables itself and what depends on it, and is recorded: one bad army
    // from a club's download must not stop the umpire's other rule sets (issue 13).
    const auto record = [&](const DataError& problem) {
        spdlog::info("{} (this file is not loaded)", problem.what());
        // Every problem of the file, each on its own (issue 28, item 6).
        if (const auto* many = dynamic_cast<const DataErrors*>(&problem)) library.problems_.insert(library.problems_.end(), many->all().begin(), many->all().end());
        else library.problems_.push_back(problem);
    };
    std::vector<fs::path> files;
    for (const auto& entry : fs::directory_iterator(tables))
        if (entry.path().extension() == ".json") files.push_back(entry.path());
    std::sort(files.begin(), files.end());
    for (const auto& file : files) {
        try {
            // Other rule systems' tables share the folder (The Age of Sail, Game Of Kings, ...): each
            // reads its own; the land loader leaves them alone (rule_system.hpp).
            const auto document = read_json_file(file);
            if (const RuleSystem* owner = rule_system_for_format(format_of(document)); owner != nullptr && owner != &land_system())
                continue;
            auto rules = std::make_unique<RuleSet>(load_ruleset_file(file, data_dir));
            library.rulesets_.emplace(rules->id, std::move(rules));
        } catch (const DataError& problem) {
            record(problem);
        }
    }
    for (const fs::path& file : edited_rulesets) {
        auto rules = std::make_unique<RuleSet>(load_ruleset_file(file, data_dir, false));
        const auto shipped = library.rulesets_.find(rules->id);
        if (shipped == library.rulesets_.end()) {
            std::string known;
            for (const auto& [id, set] : library.rulesets_) known += (known.empty() ? "" : ", ") + id;
            throw DataError(file.string(), "/id", "the id of a shipped rule set it edits (" + known + ")", rules->id);
        }
        spdlog::info("{}: rule set '{}' edited, in place of the shipped tables", file.string(), rules->id);
        shipped->second = std::move(rules);
    }
    const fs::path armies = data_dir / "armies";
    if (fs::is_directory(armies, error)) {
        std::vector<fs::path> folders;
        for (const auto& entry : fs::directory_iterator(armies))
            if (entry.is_directory()) folders.push_back(entry.path());
        std::sort(folders.begin(), folders.end());
        for (const auto& folder : folders) {
            const std::string ruleset_id = folder.filename().string();
            // data/armies/<system id>/ holds another rule system's army lists, which it reads; a land
            // army there is in the wrong folder.
            if (const RuleSystem* owner = find_rule_system(ruleset_id); owner != nullptr && owner != &land_system()) {
                for (const auto& entry : fs::directory_iterator(folder)) {
                    if (entry.path().extension() != ".json") continue;
                    try {
                        if (land_system().owns(format_of(read_json_file(entry.path()))))
                            record(DataError(entry.path().string(), "",
                                             "a folder named after a rule set in data/tables (" + folder.string() + " holds " + owner->name() + "'s army lists)",
                                             ruleset_id));
                    } catch (const DataError&) {
                        // The owner's own check names what is wrong with it.
                    }
                }
                continue;
            }
            const auto rules = library.rulesets_.find(ruleset_id);
            if (rules == library.rulesets_.end()) {
                const bool broken = fs::exists(tables / (ruleset_id + ".json"), error);
                record(DataError(folder.string(), "",
                                 broken ? "its rule set " + (tables / (ruleset_id + ".json")).string() + " to load first (see its own error)"
                                        : "a folder named after a rule set in data/tables",
                                 ruleset_id));
                continue;
            }
            std::vector<fs::path> army_files;
            for (const auto& entry : fs::directory_iterator(folder))
                if (entry.path().extension() == ".json") army_files.push_back(entry.path());
            std::sort(army_files.begin(), army_files.end());
            for (const auto& file : army_files) {
                try {
                    auto army = std::make_unique<Army>(load_army_file(file, data_dir, *rules->second));
                    library.armies_[ruleset_id].emplace(army->id, std::move(army));
                } catch (const DataError& problem) {
                    record(problem);
                }
            }
        }
    }
    spdlog::debug("loaded {} rule sets from {} ({} broken files)", library.rulesets_.size(), data_dir.string(), library.problems_.size());
    return library;
}

namespace {

// One file, checked exactly as the app and the CLI load it, by the rule system whose format it
// is; returns its kind. A file no system claims is refused naming every format known.
std::string check_one_file(const RulesLibrary& library, const fs::path& file) {
    const ClaimedFile claimed = claim_file(file);
    if (claimed.format.empty() && claimed.document.is_object() && claimed.document.contains("$schema")) return "schema";
    if (claimed.system == nullptr)
        throw DataError(file.string(), "/format", "a file of a rule system this program knows: " + known_formats() + " or a JSON schema",
                        claimed.format.empty() ? "no \"format\"" : "\"" + claimed.format + "\"");
    return claimed.system->check_file(library, file, claimed.document);
}

bool is_candidate(const fs::path& file) {
    const auto extension = file.extension();
    return extension == ".json" || extension == ".fortuna" || extension == ".fortuna-naval" || extension == ".journal";
}

}  // namespace

ValidationReport RulesLibrary::check_files(const fs::path& data_dir, const std::vector<fs::path>& paths) {
    ValidationReport report;
    std::optional<RulesLibrary> library;
    try {
        library.emplace(load(data_dir));
    } catch (const DataError& error) {
        report.problems.push_back(error);
        return report;
    }
    // The files to check: those named, and every data file in the folders named (all of
    // data/ when nothing is named), in a stable order.
    std::vector<fs::path> files;
    for (const fs::path& path : paths.empty() ? std::vector<fs::path>{data_dir} : paths) {
        std::error_code error;
        if (fs::is_directory(path, error)) {
            std::vector<fs::path> found;
            for (auto it = fs::recursive_directory_iterator(path, fs::directory_options::skip_permission_denied, error);
                 !error && it != fs::recursive_directory_iterator(); it.increment(error)) {
                if (it->is_regular_file(error) && is_candidate(it->path())) found.push_back(it->path());
            }
            if (error) report.problems.emplace_back(path.string(), "", "a folder that can be read", error.message());
            std::sort(found.begin(), found.end());
            files.insert(files.end(), found.begin(), found.end());
        } else if (fs::exists(path, error)) {
            files.push_back(path);
        } else {
            report.problems.emplace_back(path.string(), "", "a data file or a folder of them", "no such file or folder");
        }
    }
    for (const fs::path& file : files) {
        try {
            report.checked.push_back({file, check_one_file(*library, file)});
        } catch (const DataErrors& errors) {
            report.checked.push_back({file, "broken"});
            report.problems.insert(report.problems.end(), errors.all().begin(), errors.all().end());
        } catch (const DataError& error) {
            report.checked.push_back({file, "broken"});
            report.problems.push_back(error);
        } catch (const RuleError& error) {
            report.checked.push_back({file, "broken"});
            report.problems.emplace_back(file.string(), "", "a file whose every action and reference the rules accept", error.what());
        } catch (const nlohmann::json::exception& error) {
            report.checked.push_back({file, "broken"});
            report.problems.emplace_back(file.string(), "", "a file of the shape its schema describes", error.what());
        }
    }
    return report;
}

std::vector<DataError> RulesLibrary::validate(const fs::path& data_dir, const std::vector<fs::path>& paths) {
    return check_files(data_dir, paths).problems;
}

std::vector<const RuleSet*> RulesLibrary::rulesets() const {
    std::vector<const RuleSet*> list;
    for (const auto& [id, rules] : rulesets_) list.push_back(rules.get());
    return list;
}

const DataError* RulesLibrary::problem_with(const fs::path& file) const {
    for (const DataError& problem : problems_)
        if (fs::path(problem.file()) == file) return &problem;
    return nullptr;
}

bool RulesLibrary::has_ruleset(std::string_view id) const { return rulesets_.find(id) != rulesets_.end(); }

const RuleSet& RulesLibrary::ruleset(std::string_view id) const {
    const auto it = rulesets_.find(id);
    if (it != rulesets_.end()) return *it->second;
    std::string known;
    for (const auto& [name, rules] : rulesets_) known += (known.empty() ? "" : ", ") + name;
    if (const DataError* broken = problem_with(data_dir_ / "tables" / (std::string(id) + ".json")))
        throw RuleError("rule set '" + std::string(id) + "' is not available: its file did not load: " + broken->what());
    throw RuleError("unknown rule set '" + std::string(id) + "': expected one of " + known);
}

std::vector<const Army*> RulesLibrary::armies(std::string_view ruleset_id) const {
    std::vector<const Army*> list;
    (void)ruleset(ruleset_id);
    if (const auto it = armies_.find(ruleset_id); it != armies_.end())
        for (const auto& [id, army] : it->second) list.push_back(army.get());
    return list;
}

const Army& RulesLibrary::army(std::string_view ruleset_id, std::string_view nation) const {
    (void)ruleset(ruleset_id);
    const auto it = armies_.find(ruleset_id);
    if (it != armies_.end())
        if (const auto found = it->second.find(nation); found != it->second.end()) return *found->second;
    std::string known;
    if (it != armies_.end())
        for (const auto& [id, army] : it->second) known += (known.empty() ? "" : ", ") + id;
    if (const DataError* broken = problem_with(data_dir_ / "armies" / std::string(ruleset_id) / (std::string(nation) + ".json")))
        throw RuleError("the army '" + std::string(nation) + "' of rule set " + std::string(ruleset_id) +
                        " is not available: its file did not load: " + broken->what());
    throw RuleError("rule set " + std::string(ruleset_id) + " has no army '" + std::string(nation) +
                    "': expected one of " + (known.empty() ? std::string("(none)") : known));
}

const UnitType& RulesLibrary::unit_type(std::string_view ruleset_id, std::string_view nation_slash_type) const {
    const auto slash = nation_slash_type.find('/');
    if (slash == std::string_view::npos)
        throw RuleError("unit '" + std::string(nation_slash_type) + "': expected NATION/TYPE such as france/line-infantry");
    const Army& nation = army(ruleset_id, nation_slash_type.substr(0, slash));
    const auto type = nation_slash_type.substr(slash + 1);
    if (const UnitType* unit = nation.find(type)) return *unit;
    std::string known;
    for (const auto& unit : nation.units) known += (known.empty() ? "" : ", ") + unit.id;
    throw RuleError("the " + nation.name + " army of rule set " + std::string(ruleset_id) + " has no unit type '" +
                    std::string(type) + "': expected one of " + known);
}

}  // namespace fortuna
