// SPDX-License-Identifier: MIT
// The languages the companion speaks to each phone, whatever the desk's own: chosen per request.
//
// A page asks for its language (the page's chooser: ?language=de, or its browser's
// Accept-Language); the server finds it among the catalogues it read at start, never by a name a
// guest typed, and tells what a person reads in that catalogue (MessageCatalogue::shown, not the
// process-wide shown(): two phones may read two languages at once). JSON keys, codes and action
// words stay English. docs/companion.md, "In German".
#pragma once

#include <filesystem>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include <nlohmann/json.hpp>

#include "fortuna/core/message_catalogue.hpp"

namespace fortuna::companion {

// The page's own words of a language: data/words/<id>/companion.json (the catalogue's format; it is
// also part of that language's catalogue, so the server's refusals are told from it too).
inline constexpr std::string_view kPageWordsFile = "companion.json";
// The entry naming a language in itself, for the page's chooser ("Deutsch").
inline constexpr std::string_view kOwnNameEntry = "(this language's own name)";

class PageLanguages {
public:
    struct Language {
        std::string id;        // "de": the folder's name
        std::string own_name;  // "Deutsch"
        std::shared_ptr<const MessageCatalogue> catalogue;
        nlohmann::json page_words = nlohmann::json::object();  // companion.json's words, English -> this language
    };

    // Every folder data_dir/words/<id>/ whose name is a language id (two or three lowercase
    // letters, "en" aside), read now. Never throws: a folder or file that cannot be read is left
    // out (or served without the page's words) and named in problems(); English always serves.
    static PageLanguages load(const std::filesystem::path& data_dir);
    // The same, read once per process and folder: every server (one per serve, a new one each time
    // the umpire's dialog starts serving, and the fuzzer's one per input) shares it.
    static std::shared_ptr<const PageLanguages> shared(const std::filesystem::path& data_dir);

    // The language to answer in: `chosen` (the page's ?language=) when it names a language served
    // ("en" for English), else the first of `accept_language` (the browser's header, by its q
    // weights) that is served, else English (""). Only served ids come out: anything else a guest
    // sends (a path, 10 kB, bytes that are not UTF-8) reads as not given.
    std::string choose(std::string_view chosen, std::string_view accept_language) const;
    // The catalogue of a served language; null for English ("") and any other id.
    const MessageCatalogue* catalogue(std::string_view id) const;
    // GET /api/words: {"language": "de", "languages": [{"id": "en", "name": "English"}, ...],
    // "words": {English: German}} ("words" is empty for English: the page's words as written).
    nlohmann::json words_document(std::string_view id) const;
    const std::vector<Language>& languages() const noexcept { return languages_; }
    const std::vector<std::string>& problems() const noexcept { return problems_; }

private:
    std::vector<Language> languages_;
    std::vector<std::string> problems_;
};

// Tells in place what a person reads of a document the server sends: the members "summary",
// "clock_label", "reason", "unavailable", "error", "undo", "redo", an odds line's "outcome", the lines of
// "state_lines" and "explanation", a phase's "name". A piece's (a unit's, a ship's) state, status,
// formation, presence, fire and class stay as they are (the page's classes and checks read them)
// and are told beside them in "words": {"state": "in Unordnung"}. Actions ("action", "input"), results and
// player kinds are left alone: they are the record and the codes.
void tell(nlohmann::json& document, const MessageCatalogue& catalogue);

}  // namespace fortuna::companion
