// SPDX-License-Identifier: MIT
// The library's words in the reader's language: patterns found in English text, retold.
#include "fortuna/core/message_catalogue.hpp"

#include <algorithm>
#include <cctype>
#include <cstdlib>
#include <set>

#include <nlohmann/json.hpp>

#include "core/json_reader.hpp"
#include "fortuna/core/data_files.hpp"
#include "fortuna/core/errors.hpp"

namespace fortuna {

namespace fs = std::filesystem;

// The file's own helpers, named apart: the library is compiled in unity batches.
namespace catalogue_matching {

constexpr int kDeepest = 6;                      // placeholders inside placeholders, at most
constexpr std::size_t kMostRemembered = 20'000;  // texts remembered before the memory starts again

bool name_char(char c) { return (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '_'; }

// "{unit} fires at {range}" -> literals {"", " fires at ", ""}, names {"unit", "range"}.
void split_pattern(const std::string& text, std::vector<std::string>& literals, std::vector<std::string>& names) {
    literals.assign(1, {});
    names.clear();
    std::size_t i = 0;
    while (i < text.size()) {
        if (text[i] == '{') {
            std::size_t j = i + 1;
            while (j < text.size() && name_char(text[j])) ++j;
            if (j > i + 1 && j < text.size() && text[j] == '}') {
                names.push_back(text.substr(i + 1, j - i - 1));
                literals.emplace_back();
                i = j + 1;
                continue;
            }
        }
        literals.back() += text[i++];
    }
}

std::vector<std::string_view> lines_of(std::string_view text) {
    std::vector<std::string_view> lines;
    std::size_t start = 0;
    for (;;) {
        const std::size_t end = text.find('\n', start);
        lines.push_back(text.substr(start, end == std::string_view::npos ? std::string_view::npos : end - start));
        if (end == std::string_view::npos) return lines;
        start = end + 1;
    }
}

// Fits the pattern's placeholders from `k` on to text[at...]: each takes at least one character
// and never a line break (a report's lines are told each on its own), the shortest first, then
// longer ones. Each complete fit goes to `fits`, at most kMostFits of them.
// A pattern whose separators recur in the text (", " in a list) could try very many ways: after
// kMostSteps the search stops with the fits found so far, so no text ever holds up a desk.
constexpr std::size_t kMostFits = 8;
constexpr std::size_t kMostSteps = 4'000;
// And one text's whole look-up, its pieces' look-ups and their pieces' included, at most this
// many steps: past it each pattern takes its first fit, and what is left of the text stays as it is.
constexpr long kMostStepsForAText = 200'000;
thread_local long steps_left = kMostStepsForAText;
void fit(const MessageCatalogue::Pattern& p, std::string_view text, std::size_t at, std::size_t k, std::vector<std::string_view>& found,
         std::vector<std::vector<std::string_view>>& fits, std::size_t& steps) {
    if (fits.size() >= kMostFits || ++steps > kMostSteps || --steps_left < 0) return;
    if (k == p.names.size()) {
        if (at == text.size()) fits.push_back(found);
        return;
    }
    const std::string& after = p.literals[k + 1];
    const std::size_t line_end = std::min(text.find('\n', at), text.size());
    if (k + 1 == p.names.size()) {  // the last placeholder takes all up to the closing literal
        if (text.size() < at + 1 + after.size() || text.substr(text.size() - after.size()) != after) return;
        if (text.size() - after.size() > line_end) return;
        found[k] = text.substr(at, text.size() - after.size() - at);
        fits.push_back(found);
        return;
    }
    for (std::size_t next = text.find(after, at + 1); next != std::string_view::npos && next <= line_end; next = text.find(after, next + 1)) {
        found[k] = text.substr(at, next - at);
        fit(p, text, next + after.size(), k + 1, found, fits, steps);
        if (fits.size() >= kMostFits || steps > kMostSteps || steps_left < 0) return;
    }
}

bool is_word_char(char c) { return std::isalpha(static_cast<unsigned char>(c)) || c == '\''; }

// The most specific pattern is tried first: the one with the most words of its own, its opening
// words counted twice. A sentence's opening words place it ("why: {reason}"), where words at its
// end may be the end of any sentence ("{unit} moves").
std::size_t specificity(const MessageCatalogue::Pattern& p) { return p.literal_length + p.literals.front().size(); }
bool more_specific(const MessageCatalogue::Pattern& a, const MessageCatalogue::Pattern& b) { return specificity(a) > specificity(b); }

// The chosen catalogue, read by any thread (the companion's server among them).
struct Chosen {
    std::mutex mutex;
    std::shared_ptr<const MessageCatalogue> catalogue;
};
Chosen& chosen() {
    static Chosen chosen;
    return chosen;
}

}  // namespace catalogue_matching


void MessageCatalogue::add(std::string english, std::string translation, const std::string& where) {
    add_entry(std::move(english), std::move(translation), where, true);
}

void MessageCatalogue::add_entry(std::string english, std::string translation, const std::string& where, bool keep_order) {
    Pattern p;
    catalogue_matching::split_pattern(english, p.literals, p.names);
    catalogue_matching::split_pattern(translation, p.out_literals, p.out_names);
    const std::set<std::string> in(p.names.begin(), p.names.end()), out(p.out_names.begin(), p.out_names.end());
    if (in.size() != p.names.size())
        throw DataError(where, english, "each placeholder once in the English pattern", "a placeholder named twice");
    if (in != out)
        throw DataError(where, english, "a translation with the English pattern's placeholders, each of them",
                        "\"" + translation + "\"");
    for (std::size_t k = 1; k + 1 < p.literals.size(); ++k)
        if (p.literals[k].empty())
            throw DataError(where, english, "words between two placeholders (a pattern cannot tell where one ends)",
                            "two placeholders side by side");
    if (p.names.empty()) {
        const auto [it, added] = exact_.emplace(english, translation);
        if (!added && it->second != translation)
            throw DataError(where, english, "one translation for each English text",
                            "\"" + translation + "\" beside \"" + it->second + "\"");
        return;
    }
    // Two patterns are one when their words are: "line {status}" and "line {mod}" alike. Their
    // translations are one when they put the same pieces in the same places.
    std::string key;
    for (const std::string& literal : p.literals) key += literal + '\x1f';
    std::string told;
    for (std::size_t k = 0; k < p.out_literals.size(); ++k) {
        told += p.out_literals[k];
        if (k < p.out_names.size())
            told += "{" + std::to_string(std::find(p.names.begin(), p.names.end(), p.out_names[k]) - p.names.begin()) + "}";
    }
    if (const auto [it, added] = pattern_keys_.emplace(key, told); !added) {
        if (it->second == told) return;
        throw DataError(where, english, "one translation for each English pattern", "\"" + translation + "\"");
    }
    for (std::size_t k = 0; k < p.literals.size(); ++k) {
        p.literal_length += p.literals[k].size();
        for (const char c : p.literals[k])
            if (std::isalpha(static_cast<unsigned char>(c)) || static_cast<unsigned char>(c) >= 0x80) p.has_words = true;
        if (p.literals[k].size() > p.literals[p.anchor].size()) p.anchor = k;
    }
    if (p.literal_length == 0) throw DataError(where, english, "some words beside the placeholders", "placeholders only");
    // The most specific pattern first: "{unit} fires on {target}" before "{who}: {what}".
    if (keep_order) patterns_.insert(std::upper_bound(patterns_.begin(), patterns_.end(), p, catalogue_matching::more_specific), std::move(p));
    else patterns_.push_back(std::move(p));  // load() sorts once at the end
    std::lock_guard lock(memory_->mutex);
    memory_->shown.clear();
}

MessageCatalogue MessageCatalogue::load(const fs::path& folder) {
    MessageCatalogue catalogue;
    std::vector<fs::path> files;
    std::error_code error;
    for (const auto& entry : fs::directory_iterator(folder, error))
        if (entry.path().extension() == ".json") files.push_back(entry.path());
    if (error) throw DataError(folder.string(), "", "a folder of the language's word files", error.message());
    std::sort(files.begin(), files.end());
    for (const fs::path& file : files) {
        try {
            const nlohmann::json document = read_json_file(file);
            const detail::JsonReader reader(document, file.string());
            if (reader.string("format") != "fortuna-words")
                reader.fail_at("format", "\"fortuna-words\"", detail::describe_json(document["format"]));
            const std::string language = reader.string("language");
            if (catalogue.language_.empty()) catalogue.language_ = language;
            else if (language != catalogue.language_)
                reader.fail_at("language", "\"" + catalogue.language_ + "\", the language of the folder's other files", "\"" + language + "\"");
            const nlohmann::json& words = document.contains("words") ? document["words"] : nlohmann::json();
            if (!words.is_object()) reader.fail_at("words", "an object of English patterns and their translations");
            for (const auto& [english, translation] : words.items()) {
                try {
                    if (!translation.is_string())
                        throw DataError(file.string(), "/words/" + english, "the translation as text", detail::describe_json(translation));
                    catalogue.add_entry(english, translation.get<std::string>(), file.string(), false);
                } catch (const DataError& problem) {
                    catalogue.problems_.emplace_back(file.string(), problem.where().starts_with("/") ? problem.where() : "/words/" + english,
                                                     problem.expected(), problem.found());
                }
            }
        } catch (const DataError& problem) {
            catalogue.problems_.push_back(problem);
        }
    }
    std::stable_sort(catalogue.patterns_.begin(), catalogue.patterns_.end(), catalogue_matching::more_specific);
    return catalogue;
}

std::string MessageCatalogue::piece_shown(std::string_view piece, int depth) const {
    std::string out;
    if (depth < catalogue_matching::kDeepest && line_shown(piece, out, depth + 1)) return out;
    return std::string(piece);
}

bool MessageCatalogue::line_shown(std::string_view line, std::string& out, int depth) const {
    // An indented line (a step under its heading) keeps its indent: the words after it are looked up.
    if (depth == 0 && !line.empty() && (line.front() == ' ' || line.front() == '\t')) {
        const std::size_t words = line.find_first_not_of(" \t");
        if (words == std::string_view::npos || !line_shown(line.substr(words), out, 0)) return false;
        out.insert(0, line.substr(0, words));
        return true;
    }
    if (const auto it = exact_.find(std::string(line)); it != exact_.end()) {
        out = it->second;
        return true;
    }
    std::vector<std::string_view> found;
    const Pattern* p = fitting(line, found, depth);
    if (p == nullptr) return false;
    out.clear();
    for (std::size_t k = 0; k < p->out_literals.size(); ++k) {
        out += p->out_literals[k];
        if (k < p->out_names.size()) {
            const auto slot = std::find(p->names.begin(), p->names.end(), p->out_names[k]) - p->names.begin();
            out += piece_shown(found[static_cast<std::size_t>(slot)], depth);
        }
    }
    return true;
}

const MessageCatalogue::Pattern* MessageCatalogue::fitting(std::string_view line, std::vector<std::string_view>& found, int depth) const {
    // Near the top of a text, the sentence is the way of reading it that leaves no English behind:
    // of the first few patterns that fit, each way they fit is scored by its pieces (known, or a
    // name or a number), and the first whole score wins, else the best. Deeper, the first fit is
    // taken: the look-up of one text stays bounded.
    const bool choose = depth <= 1;
    const int most_weighed = depth == 0 ? 16 : 4;
    const Pattern* best_pattern = nullptr;
    std::vector<std::string_view> best_found;
    int best_score = -1, weighed = 0;
    std::vector<std::vector<std::string_view>> fits;
    for (const Pattern& p : patterns_) {
        // The cheap refusals first: too short, the wrong opening or ending words, then the longest words missing.
        if (p.literal_length >= line.size()) continue;  // each placeholder takes a character at least
        if (!line.starts_with(p.literals.front()) || !line.ends_with(p.literals.back())) continue;
        if (--catalogue_matching::steps_left < 0) break;
        if (line.find(p.literals[p.anchor]) == std::string_view::npos) continue;
        found.assign(p.names.size(), {});
        fits.clear();
        std::size_t steps = 0;
        catalogue_matching::fit(p, line, p.literals.front().size(), 0, found, fits, steps);
        if (fits.empty()) continue;
        if (!choose || catalogue_matching::steps_left <= 0) {
            found = fits.front();
            return &p;
        }
        for (const auto& pieces : fits) {
            int score = 0;
            for (std::string_view piece : pieces)
                if (!reads_as_english(piece) || line_known(piece, depth + 1)) ++score;
            if (score > best_score) best_score = score, best_pattern = &p, best_found = pieces;
            if (score == static_cast<int>(pieces.size())) {
                found = pieces;
                return &p;
            }
        }
        if (++weighed >= most_weighed) break;
    }
    if (best_pattern != nullptr) found = best_found;
    return best_pattern;
}

bool MessageCatalogue::line_known(std::string_view line, int depth) const {
    if (depth > catalogue_matching::kDeepest) return false;
    if (std::none_of(line.begin(), line.end(), catalogue_matching::is_word_char)) return true;  // "+0.100", "0.000-0.083", "-"
    if (const std::size_t words = line.find_first_not_of(" \t"); words != 0 && words != std::string_view::npos) line = line.substr(words);
    if (exact_.contains(std::string(line))) return true;
    std::vector<std::string_view> found;
    const Pattern* p = fitting(line, found, depth);
    if (p == nullptr) return false;
    // Each piece the pattern leaves is known too, or a name or a number (no English in it); a
    // pattern of punctuation alone only splits, so its pieces must be known or hold no word at all.
    return std::all_of(found.begin(), found.end(), [&](std::string_view piece) {
        if (line_known(piece, depth + 1)) return true;
        if (p->has_words) return !reads_as_english(piece);
        return std::none_of(piece.begin(), piece.end(), catalogue_matching::is_word_char);
    });
}

std::string MessageCatalogue::shown(std::string_view english) const {
    if (english.empty()) return {};
    {
        std::lock_guard lock(memory_->mutex);
        if (const auto it = memory_->shown.find(std::string(english)); it != memory_->shown.end()) return it->second;
    }
    catalogue_matching::steps_left = catalogue_matching::kMostStepsForAText;
    std::string out;
    if (!line_shown(english, out, 0)) {
        out.clear();
        bool first = true;
        for (std::string_view line : catalogue_matching::lines_of(english)) {
            if (!first) out += '\n';
            first = false;
            std::string said;
            out += line_shown(line, said, 0) ? said : std::string(line);
        }
    }
    std::lock_guard lock(memory_->mutex);
    if (memory_->shown.size() >= catalogue_matching::kMostRemembered) memory_->shown.clear();
    memory_->shown.emplace(english, out);
    return out;
}

bool MessageCatalogue::knows(std::string_view english) const {
    catalogue_matching::steps_left = catalogue_matching::kMostStepsForAText;
    if (line_known(english, 0)) return true;
    const auto lines = catalogue_matching::lines_of(english);
    return lines.size() > 1 &&
           std::all_of(lines.begin(), lines.end(), [&](std::string_view line) { return line.empty() || line_known(line, 0); });
}

void show_words_in(std::shared_ptr<const MessageCatalogue> catalogue) {
    std::lock_guard lock(catalogue_matching::chosen().mutex);
    catalogue_matching::chosen().catalogue = std::move(catalogue);
}

std::shared_ptr<const MessageCatalogue> words_shown_in() {
    std::lock_guard lock(catalogue_matching::chosen().mutex);
    return catalogue_matching::chosen().catalogue;
}

std::string shown(std::string_view english) {
    const auto catalogue = words_shown_in();
    return catalogue ? catalogue->shown(english) : std::string(english);
}

bool reads_as_english(std::string_view text) {
    // English's commonest little words that no German sentence has: a unit's or a side's name
    // ("Bohemian foot (1)") has none of them, an English sentence hardly ever none.
    static const std::set<std::string, std::less<>> english{
        "the", "and", "of", "to", "is", "are", "with", "from", "for", "on", "at", "by", "has", "have", "its", "not", "or",
        "this", "that", "which", "may", "must", "cannot", "been", "after", "before", "each", "every", "into", "than", "when",
        "where", "who", "would", "should", "there", "their", "they", "them", "his", "it", "be", "no", "yet"};
    std::size_t i = 0;
    while (i < text.size()) {
        while (i < text.size() && !catalogue_matching::is_word_char(text[i])) ++i;
        std::size_t j = i;
        while (j < text.size() && catalogue_matching::is_word_char(text[j])) ++j;
        if (j > i) {
            std::string word(text.substr(i, j - i));
            for (char& c : word) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
            if (english.contains(word)) return true;
        }
        i = j;
    }
    return false;
}

std::string language_of_environment() {
    for (const char* name : {"LC_ALL", "LC_MESSAGES", "LANG"}) {
        const char* value = std::getenv(name);
        if (value == nullptr || *value == '\0') continue;
        std::string language(value);
        language = language.substr(0, language.find_first_of("_.@"));
        if (language == "C" || language == "POSIX" || language == "en") return {};
        return language;
    }
    return {};
}

std::shared_ptr<const MessageCatalogue> catalogue_for(const std::string& language, const fs::path& data_dir) {
    if (language.empty() || language == "en") return nullptr;
    if (language.find_first_not_of("abcdefghijklmnopqrstuvwxyz") != std::string::npos) return nullptr;
    const fs::path folder = data_dir / "words" / language;
    std::error_code error;
    if (!fs::is_directory(folder, error)) return nullptr;
    return std::make_shared<const MessageCatalogue>(MessageCatalogue::load(folder));
}

}  // namespace fortuna
