// SPDX-License-Identifier: MIT
// Finding, reading, schema-checking and cross-checking the data folder.
#include "fortuna/library.hpp"

#include <algorithm>
#include <cstdlib>
#include <fstream>
#include <mutex>
#include <sstream>

#include <spdlog/spdlog.h>
#ifdef _WIN32
#define NOMINMAX
#define WIN32_LEAN_AND_MEAN
#include <windows.h>
#endif
#include <valijson/adapters/nlohmann_json_adapter.hpp>
#include <valijson/schema.hpp>
#include <valijson/schema_parser.hpp>
#include <valijson/validation_results.hpp>
#include <valijson/validator.hpp>

#include "fortuna/limits.hpp"

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

std::string format_of(const nlohmann::json& document) {
    if (document.is_object() && document.contains("format") && document["format"].is_string())
        return document["format"].get<std::string>();
    return {};
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

nlohmann::json parse_json_text(const std::string& text, const std::string& file_name) {
    if (text.size() > kMaxDataFileBytes)
        throw DataError(file_name, "", "a file of at most " + std::to_string(kMaxDataFileBytes / (1024 * 1024)) + " MiB",
                        std::to_string(text.size()) + " bytes");
    try {
        return nlohmann::json::parse(text, [](int depth, nlohmann::json::parse_event_t, nlohmann::json&) {
            // nlohmann counts the outermost value as depth 0: 64 levels are depths 0-63.
            if (depth >= kMaxJsonDepth) throw DepthExceeded{depth};
            return true;
        });
    } catch (const DepthExceeded&) {
        throw DataError(file_name, "", "JSON nested at most " + std::to_string(kMaxJsonDepth) + " levels deep",
                        "deeper nesting");
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

RulesLibrary RulesLibrary::load(const fs::path& data_dir) {
    RulesLibrary library;
    library.data_dir_ = data_dir;
    const fs::path tables = data_dir / "tables";
    std::error_code error;
    if (!fs::is_directory(tables, error))
        throw DataError(tables.string(), "", "a folder of rule-set tables (is FORTUNA_DATA right?)", "no such folder");
    std::vector<fs::path> files;
    for (const auto& entry : fs::directory_iterator(tables))
        if (entry.path().extension() == ".json") files.push_back(entry.path());
    std::sort(files.begin(), files.end());
    for (const auto& file : files) {
        const auto document = read_json_file(file);
        // The naval tables (seed 000, The Age of Sail) share the folder; naval.cpp reads them.
        if (format_of(document) == "fortuna-naval") {
            validate_against_schema(document, "naval", file.string(), data_dir);
            continue;
        }
        validate_against_schema(document, "ruleset", file.string(), data_dir);
        auto rules = std::make_unique<RuleSet>(RuleSet::from_json(document, file.string()));
        if (rules->id != file.stem().string())
            throw DataError(file.string(), "/id", "\"" + file.stem().string() + "\" (the file's name)", rules->id);
        library.rulesets_.emplace(rules->id, std::move(rules));
    }
    const fs::path armies = data_dir / "armies";
    if (fs::is_directory(armies, error)) {
        std::vector<fs::path> folders;
        for (const auto& entry : fs::directory_iterator(armies))
            if (entry.is_directory()) folders.push_back(entry.path());
        std::sort(folders.begin(), folders.end());
        for (const auto& folder : folders) {
            const std::string ruleset_id = folder.filename().string();
            const auto rules = library.rulesets_.find(ruleset_id);
            if (rules == library.rulesets_.end())
                throw DataError(folder.string(), "", "a folder named after a rule set in data/tables", ruleset_id);
            std::vector<fs::path> army_files;
            for (const auto& entry : fs::directory_iterator(folder))
                if (entry.path().extension() == ".json") army_files.push_back(entry.path());
            std::sort(army_files.begin(), army_files.end());
            for (const auto& file : army_files) {
                const auto document = read_json_file(file);
                validate_against_schema(document, "army", file.string(), data_dir);
                auto army = std::make_unique<Army>(Army::from_json(document, file.string(), *rules->second));
                if (army->id != file.stem().string())
                    throw DataError(file.string(), "/id", "\"" + file.stem().string() + "\" (the file's name)", army->id);
                library.armies_[ruleset_id].emplace(army->id, std::move(army));
            }
        }
    }
    spdlog::debug("loaded {} rule sets from {}", library.rulesets_.size(), data_dir.string());
    return library;
}

std::vector<DataError> RulesLibrary::validate(const fs::path& data_dir, const std::vector<fs::path>& paths) {
    std::vector<DataError> problems;
    if (paths.empty()) {
        try {
            (void)load(data_dir);
        } catch (const DataError& error) {
            problems.push_back(error);
        }
        return problems;
    }
    // Single files: an army is checked against its rule set's tables in data_dir (only those,
    // so one broken army does not hide the state of another).
    std::map<std::string, RuleSet> rulesets;
    auto ruleset_for = [&](const std::string& id, const fs::path& army_file) -> const RuleSet& {
        if (auto it = rulesets.find(id); it != rulesets.end()) return it->second;
        const fs::path tables = data_dir / "tables" / (id + ".json");
        std::error_code missing;
        if (id.empty() || !fs::is_regular_file(tables, missing))
            throw DataError(army_file.string(), "/ruleset", "a rule set in " + (data_dir / "tables").string(), id);
        const auto document = read_json_file(tables);
        validate_against_schema(document, "ruleset", tables.string(), data_dir);
        return rulesets.emplace(id, RuleSet::from_json(document, tables.string())).first->second;
    };
    for (const auto& path : paths) {
        try {
            const auto document = read_json_file(path);
            const std::string format = format_of(document);
            if (format == "fortuna-ruleset") {
                validate_against_schema(document, "ruleset", path.string(), data_dir);
                (void)RuleSet::from_json(document, path.string());
            } else if (format == "fortuna-army") {
                validate_against_schema(document, "army", path.string(), data_dir);
                (void)Army::from_json(document, path.string(), ruleset_for(document.value("ruleset", ""), path));
            } else if (format == "fortuna-scenario" || format == "fortuna-save" || format == "fortuna-naval" ||
                       format == "fortuna-naval-scenario") {
                validate_against_schema(document, format.substr(8), path.string(), data_dir);
            } else {
                throw DataError(path.string(), "/format",
                                "\"fortuna-ruleset\", \"fortuna-army\", \"fortuna-scenario\", \"fortuna-save\", \"fortuna-naval\" or "
                                "\"fortuna-naval-scenario\"",
                                format.empty() ? "no format" : format);
            }
        } catch (const DataError& error) {
            problems.push_back(error);
        }
    }
    return problems;
}

std::vector<const RuleSet*> RulesLibrary::rulesets() const {
    std::vector<const RuleSet*> list;
    for (const auto& [id, rules] : rulesets_) list.push_back(rules.get());
    return list;
}

bool RulesLibrary::has_ruleset(std::string_view id) const { return rulesets_.find(id) != rulesets_.end(); }

const RuleSet& RulesLibrary::ruleset(std::string_view id) const {
    const auto it = rulesets_.find(id);
    if (it != rulesets_.end()) return *it->second;
    std::string known;
    for (const auto& [name, rules] : rulesets_) known += (known.empty() ? "" : ", ") + name;
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
