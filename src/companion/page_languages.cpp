// SPDX-License-Identifier: MIT
// The languages the companion speaks to each phone (page_languages.hpp).
#include "page_languages.hpp"

#include <algorithm>
#include <map>
#include <mutex>
#include <optional>
#include <set>
#include <system_error>

#include <spdlog/spdlog.h>

#include "fortuna/core/data_files.hpp"
#include "fortuna/core/errors.hpp"

namespace fortuna::companion {

namespace page_languages_detail {

namespace fs = std::filesystem;

// A language id as a folder under data/words/ is named: two or three lowercase ASCII letters.
bool language_folder_name(const std::string& name) {
    return name.size() >= 2 && name.size() <= 3 && std::all_of(name.begin(), name.end(), [](char c) { return c >= 'a' && c <= 'z'; });
}

// The primary subtag of a language tag ("de" of "de-AT", "DE_de"), lowercased; nothing when the
// tag is not one (RFC 5646: subtags of one to eight letters and digits, the first letters; at most
// 35 characters here): a path, "*", a byte that is not ASCII, "de-" and 2,000 letters.
std::optional<std::string> primary_subtag(std::string_view tag) {
    while (!tag.empty() && (tag.front() == ' ' || tag.front() == '\t')) tag.remove_prefix(1);
    while (!tag.empty() && (tag.back() == ' ' || tag.back() == '\t')) tag.remove_suffix(1);
    if (tag.empty() || tag.size() > 35) return std::nullopt;
    std::size_t run = 0;
    for (char c : tag) {
        const bool alphanumeric = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9');
        if (c == '-' || c == '_') {
            if (run == 0) return std::nullopt;
            run = 0;
        } else if (!alphanumeric || ++run > 8) {
            return std::nullopt;
        }
    }
    if (run == 0) return std::nullopt;
    const std::size_t end = tag.find_first_of("-_");
    const std::string_view primary = tag.substr(0, end);
    std::string out;
    for (char c : primary) {
        if (c >= 'A' && c <= 'Z') c = static_cast<char>(c - 'A' + 'a');
        if (c < 'a' || c > 'z') return std::nullopt;
        out += c;
    }
    return out;
}

// An Accept-Language weight ("q=0.8"): 0-1 with at most three decimals (RFC 9110, 12.4.2);
// anything else reads as 0, not acceptable.
double weight_of(std::string_view parameters) {
    const std::size_t at = parameters.find("q=");
    if (at == std::string_view::npos) return 1.0;
    std::string_view text = parameters.substr(at + 2);
    while (!text.empty() && (text.back() == ' ' || text.back() == '\t')) text.remove_suffix(1);
    if (text.empty() || text.size() > 5 || (text[0] != '0' && text[0] != '1')) return 0.0;
    double value = text[0] - '0';
    if (text.size() > 1) {
        if (text[1] != '.') return 0.0;
        double scale = 0.1;
        for (std::size_t i = 2; i < text.size(); ++i, scale /= 10) {
            if (text[i] < '0' || text[i] > '9') return 0.0;
            value += (text[i] - '0') * scale;
        }
    }
    return std::min(value, 1.0);
}

// The page's words of one language's folder: companion.json's "words", strings only.
nlohmann::json page_words_of(const fs::path& file, std::vector<std::string>& problems) {
    nlohmann::json words = nlohmann::json::object();
    std::error_code error;
    if (!fs::exists(file, error)) {
        problems.push_back(file.string() + ": missing: the page stays in English for this language");
        return words;
    }
    try {
        const nlohmann::json document = read_json_file(file);
        if (!document.is_object() || !document.contains("words") || !document["words"].is_object()) {
            problems.push_back(file.string() + ": expected an object with \"words\"");
            return words;
        }
        for (const auto& [english, translation] : document["words"].items())
            if (translation.is_string()) words[english] = translation;
    } catch (const std::exception& problem) {
        problems.push_back(problem.what());
    }
    return words;
}

// Members whose text a person reads, and the pieces' members told beside them in "words".
const std::set<std::string, std::less<>>& words_members() {
    static const std::set<std::string, std::less<>> members{"summary", "clock_label", "reason", "unavailable", "error", "outcome", "undo", "redo"};
    return members;
}
const std::set<std::string, std::less<>>& lines_members() {
    static const std::set<std::string, std::less<>> members{"state_lines", "explanation"};
    return members;
}
const std::set<std::string, std::less<>>& left_alone() {
    static const std::set<std::string, std::less<>> members{"action", "input", "result", "player_kinds", "player_open", "rolls"};
    return members;
}
constexpr std::string_view kPieceMembers[] = {"state", "status", "formation", "presence", "fire", "class"};

void tell_node(nlohmann::json& node, const MessageCatalogue& catalogue, int depth) {
    if (depth > 16) return;  // documents the server builds are shallow; a deeper one is left as it is
    if (node.is_array()) {
        for (auto& item : node) tell_node(item, catalogue, depth + 1);
        return;
    }
    if (!node.is_object()) return;
    // A piece (it has a code): its state words told beside the codes the page checks.
    if (node.contains("code") && node["code"].is_string()) {
        nlohmann::json words = nlohmann::json::object();
        for (std::string_view member : kPieceMembers) {
            const auto it = node.find(member);
            if (it == node.end() || !it->is_string()) continue;
            std::string told = catalogue.shown(it->get_ref<const std::string&>());
            if (told != it->get_ref<const std::string&>()) words[std::string(member)] = std::move(told);
        }
        if (!words.empty()) node["words"] = std::move(words);
    }
    for (auto& [key, value] : node.items()) {
        if (left_alone().contains(key)) continue;
        if (value.is_string()) {
            if (words_members().contains(key) && !value.get_ref<const std::string&>().empty())
                value = catalogue.shown(value.get_ref<const std::string&>());
        } else if (value.is_array() && lines_members().contains(key)) {
            for (auto& line : value)
                if (line.is_string()) line = catalogue.shown(line.get_ref<const std::string&>());
        } else if (key == "phase" && value.is_object() && value.contains("name") && value["name"].is_string()) {
            value["name"] = catalogue.shown(value["name"].get_ref<const std::string&>());
        } else if (value.is_structured()) {
            tell_node(value, catalogue, depth + 1);
        }
    }
}

}  // namespace page_languages_detail

PageLanguages PageLanguages::load(const std::filesystem::path& data_dir) {
    namespace fs = std::filesystem;
    PageLanguages served;
    const fs::path words = data_dir / "words";
    std::error_code error;
    std::vector<fs::path> folders;
    for (const auto& entry : fs::directory_iterator(words, error))
        if (entry.is_directory(error) && page_languages_detail::language_folder_name(entry.path().filename().string()) &&
            entry.path().filename() != "en")
            folders.push_back(entry.path());
    if (error) served.problems_.push_back(words.string() + ": " + error.message() + ": the pages are served in English only");
    std::sort(folders.begin(), folders.end());
    for (const fs::path& folder : folders) {
        Language language;
        language.id = folder.filename().string();
        try {
            language.catalogue = std::make_shared<const MessageCatalogue>(MessageCatalogue::load(folder));
        } catch (const std::exception& problem) {
            served.problems_.push_back(problem.what());
            continue;
        }
        for (const DataError& problem : language.catalogue->problems()) served.problems_.push_back(problem.what());
        // The words file is one of the catalogue's: a fault the catalogue named already is not named twice.
        std::vector<std::string> page_problems;
        language.page_words = page_languages_detail::page_words_of(folder / kPageWordsFile, page_problems);
        const std::string file = (folder / kPageWordsFile).string();
        for (std::string& problem : page_problems)
            if (std::none_of(served.problems_.begin(), served.problems_.end(), [&](const std::string& named) { return named.find(file) != std::string::npos; }))
                served.problems_.push_back(std::move(problem));
        const auto own = language.page_words.find(kOwnNameEntry);
        language.own_name = own != language.page_words.end() ? own->get<std::string>() : language.id;
        served.languages_.push_back(std::move(language));
    }
    return served;
}

std::shared_ptr<const PageLanguages> PageLanguages::shared(const std::filesystem::path& data_dir) {
    static std::mutex mutex;
    static std::map<std::filesystem::path, std::shared_ptr<const PageLanguages>> loaded;
    std::lock_guard lock(mutex);
    auto& slot = loaded[data_dir];
    if (!slot) {
        slot = std::make_shared<const PageLanguages>(load(data_dir));
        for (const std::string& problem : slot->problems()) spdlog::warn("companion: the pages' words: {}", problem);
    }
    return slot;
}

std::string PageLanguages::choose(std::string_view chosen, std::string_view accept_language) const {
    // "" for English, the id of a served language, or nothing for anything else.
    const auto served = [this](std::string_view tag) -> std::optional<std::string> {
        const auto primary = page_languages_detail::primary_subtag(tag);
        if (!primary) return std::nullopt;
        if (*primary == "en") return std::string();
        for (const Language& language : languages_)
            if (language.id == *primary) return language.id;
        return std::nullopt;
    };
    if (!chosen.empty())
        if (const auto id = served(chosen)) return *id;
    // The header's first kilobyte and 32 entries: a browser sends a few; more is no reason to read on.
    accept_language = accept_language.substr(0, 1024);
    struct Wanted {
        std::string id;
        double weight;
    };
    std::vector<Wanted> wanted;
    for (std::size_t start = 0; start < accept_language.size() && wanted.size() < 32;) {
        std::size_t comma = accept_language.find(',', start);
        if (comma == std::string_view::npos) comma = accept_language.size();
        const std::string_view entry = accept_language.substr(start, comma - start);
        start = comma + 1;
        const std::size_t semicolon = entry.find(';');
        const double weight = semicolon == std::string_view::npos ? 1.0 : page_languages_detail::weight_of(entry.substr(semicolon + 1));
        if (weight <= 0) continue;
        if (const auto id = served(entry.substr(0, semicolon))) wanted.push_back({*id, weight});
    }
    std::stable_sort(wanted.begin(), wanted.end(), [](const Wanted& a, const Wanted& b) { return a.weight > b.weight; });
    return wanted.empty() ? std::string() : wanted.front().id;
}

const MessageCatalogue* PageLanguages::catalogue(std::string_view id) const {
    for (const Language& language : languages_)
        if (language.id == id) return language.catalogue.get();
    return nullptr;
}

nlohmann::json PageLanguages::words_document(std::string_view id) const {
    nlohmann::json list = nlohmann::json::array();
    list.push_back(nlohmann::json{{"id", "en"}, {"name", "English"}});
    nlohmann::json words = nlohmann::json::object();
    std::string answered = "en";
    for (const Language& language : languages_) {
        list.push_back(nlohmann::json{{"id", language.id}, {"name", language.own_name}});
        if (language.id == id) {
            words = language.page_words;
            answered = language.id;
        }
    }
    return nlohmann::json{{"language", answered}, {"languages", list}, {"words", words}};
}

void tell(nlohmann::json& document, const MessageCatalogue& catalogue) { page_languages_detail::tell_node(document, catalogue, 0); }

}  // namespace fortuna::companion
