// SPDX-License-Identifier: MIT
// The library's words in the reader's language (issue 28, item 5).
//
// The rules compose their words in English, and the journal, saves, JSON output and tests keep
// that English: it is the language-neutral record. What a person reads passes through shown(),
// which finds the sentence's pattern in the chosen language's catalogue and puts the pieces into
// that language's sentence. A catalogue is a folder of JSON files (data/words/de/*.json):
//
//     {"format": "fortuna-words", "format_version": 1, "language": "de",
//      "words": {"{unit} has no bases left and leaves the table":
//                "{unit} hat keine Basen mehr und verlässt den Tisch"}}
//
// A pattern's {name} stands for any text; the translation uses the same names. The text a
// placeholder took is itself translated when the catalogue knows it whole ("no effect" inside a
// longer sentence), else kept as it is (a unit's name, a roll). docs/data-format.md "Words".
#pragma once

#include <cstddef>
#include <filesystem>
#include <memory>
#include <mutex>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

#include "fortuna/core/errors.hpp"

namespace fortuna {

class MessageCatalogue {
public:
    // Reads every *.json of `folder` (in name order). A file that is not such a document, a
    // translation whose placeholders differ from its pattern's, a pattern given a second, different
    // translation (the first stays): each is left out and kept in problems(), naming the file and
    // the entry, and the rest of the catalogue serves. A folder that cannot be read throws DataError.
    static MessageCatalogue load(const std::filesystem::path& folder);
    const std::vector<DataError>& problems() const noexcept { return problems_; }

    // Adds one entry (the loader, and tests). `where` names it in an error.
    void add(std::string english, std::string translation, const std::string& where = "catalogue");

    const std::string& language() const noexcept { return language_; }
    std::size_t size() const noexcept { return exact_.size() + patterns_.size(); }

    // The text in this language: the whole text if a pattern fits it, else each line on its own;
    // a line no pattern fits is kept in English.
    std::string shown(std::string_view english) const;
    // Whether every line of `english` has a pattern (what the coverage tests ask) whose pieces are
    // each known too, or names and numbers (reads_as_english false): "{unit} becomes {state}"
    // knows "B-I2 becomes disrupted" only when it knows "disrupted".
    bool knows(std::string_view english) const;

    // An English text to translate, each translation's placeholders named: "found" pieces.
    struct Pattern {
        std::vector<std::string> literals;      // n + 1 literal pieces around n placeholders
        std::vector<std::string> names;         // the placeholders, in the English order
        std::vector<std::string> out_literals;  // the translation's pieces
        std::vector<std::string> out_names;     // its placeholders, in its own order
        std::size_t anchor = 0;                 // the longest literal piece: a quick "cannot fit"
        std::size_t literal_length = 0;
        bool has_words = false;                 // a letter in the literal pieces
    };

private:
    bool line_shown(std::string_view line, std::string& out, int depth) const;
    bool line_known(std::string_view line, int depth) const;
    const Pattern* fitting(std::string_view line, std::vector<std::string_view>& found, int depth) const;
    std::string piece_shown(std::string_view piece, int depth) const;

    std::string language_;
    std::vector<DataError> problems_;
    std::unordered_map<std::string, std::string> exact_;  // patterns without a placeholder
    std::vector<Pattern> patterns_;                        // most specific first (specificity() in the .cpp)
    std::unordered_map<std::string, std::string> pattern_keys_;  // a pattern's literals -> its translation, for duplicates
    void add_entry(std::string english, std::string translation, const std::string& where, bool keep_order);
    // Texts already shown: a desk shows the same names and phrases again and again.
    struct Memory {
        std::mutex mutex;
        std::unordered_map<std::string, std::string> shown;
    };
    std::unique_ptr<Memory> memory_ = std::make_unique<Memory>();
};

// The process's language for words shown to people: English (none) until a client chooses one.
// Clients call this once at start; shown() may then be called from any thread.
void show_words_in(std::shared_ptr<const MessageCatalogue> catalogue);
std::shared_ptr<const MessageCatalogue> words_shown_in();
// `english` in the chosen language (itself when none is chosen).
std::string shown(std::string_view english);

// Whether a text has one of English's commonest little words ("the", "of", "with" ...): the test
// the coverage checks and the desk's German test use to tell a sentence left in English from a
// name or a number.
bool reads_as_english(std::string_view text);

// The language the environment asks for: the first of LC_ALL, LC_MESSAGES and LANG that is set
// and not empty, its language part ("de" of "de_DE.UTF-8"); "" for C, POSIX and English.
std::string language_of_environment();
// The catalogue of `language` in the data folder (data/words/<language>/), or null when there is
// none (English, or a language not shipped). A broken catalogue throws DataError.
std::shared_ptr<const MessageCatalogue> catalogue_for(const std::string& language, const std::filesystem::path& data_dir);

}  // namespace fortuna
