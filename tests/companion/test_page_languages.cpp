// SPDX-License-Identifier: MIT
// Each phone in its own language (page_languages.hpp): which language a request gets, what is told
// in it and what stays English, and that nothing a guest sends chooses a file.
#include <gtest/gtest.h>

#include <chrono>
#include <filesystem>
#include <fstream>
#include <string>

#include <nlohmann/json.hpp>

#include "fortuna/core/data_files.hpp"
#include "page_languages.hpp"

namespace fortuna::companion {
namespace page_languages_tests {

namespace fs = std::filesystem;

// A data folder of our own: words/de (a catalogue and the page's words), words/fr (a page's words
// file that is not JSON), words/xx-bad and words/EN (not language ids: never read).
struct WordsFolder {
    fs::path root = fs::temp_directory_path() /
                    ("fortuna-page-languages-" + std::to_string(std::chrono::steady_clock::now().time_since_epoch().count()));
    WordsFolder() {
        write("de/companion.json", R"j({"format": "fortuna-words", "format_version": 1, "language": "de", "words": {
            "(this language's own name)": "Deutsch", "Join": "Beitreten", "unknown join code": "unbekannter Beitrittscode"}})j");
        write("de/land.json", R"j({"format": "fortuna-words", "format_version": 1, "language": "de", "words": {
            "turn {n}, {time}, {side}'s half": "Zug {n}, {time}, Halbzug von {side}", "disrupted": "in Unordnung",
            "line": "Linie", "{unit} attacks {target}": "{unit} greift {target} an", "Fire": "Feuer"}})j");
        write("fr/companion.json", "{ not json");
        write("fr/land.json", R"j({"format": "fortuna-words", "format_version": 1, "language": "fr", "words": {"line": "ligne"}})j");
        write("xx-bad/companion.json", R"j({"format": "fortuna-words", "format_version": 1, "language": "xx", "words": {"Join": "X"}})j");
        write("EN/companion.json", R"j({"format": "fortuna-words", "format_version": 1, "language": "en", "words": {"Join": "X"}})j");
    }
    ~WordsFolder() {
        std::error_code ignored;
        fs::remove_all(root, ignored);
    }
    void write(const std::string& file, const std::string& text) const {
        fs::create_directories((root / "words" / file).parent_path());
        std::ofstream(root / "words" / file) << text;
    }
};

TEST(CompanionLanguages, TheLanguagesOfTheDataFolderAndWhatWasWrongWithThem) {
    const WordsFolder folder;
    const PageLanguages served = PageLanguages::load(folder.root);
    ASSERT_EQ(served.languages().size(), 2u);  // de and fr; xx-bad and EN are no language ids
    EXPECT_EQ(served.languages()[0].id, "de");
    EXPECT_EQ(served.languages()[0].own_name, "Deutsch");
    EXPECT_EQ(served.languages()[1].id, "fr");
    EXPECT_EQ(served.languages()[1].own_name, "fr");  // its page's words could not be read
    ASSERT_EQ(served.problems().size(), 1u);
    EXPECT_NE(served.problems()[0].find("companion.json"), std::string::npos) << served.problems()[0];
    // The French catalogue still tells the server's sentences; its page stays in English.
    EXPECT_EQ(served.catalogue("fr")->shown("line"), "ligne");
    EXPECT_EQ(served.words_document("fr")["words"], nlohmann::json::object());

    const nlohmann::json words = served.words_document("de");
    EXPECT_EQ(words["language"], "de");
    EXPECT_EQ(words["words"]["Join"], "Beitreten");
    EXPECT_EQ(words["languages"], (nlohmann::json{nlohmann::json{{"id", "en"}, {"name", "English"}},
                                                 nlohmann::json{{"id", "de"}, {"name", "Deutsch"}},
                                                 nlohmann::json{{"id", "fr"}, {"name", "fr"}}}));
    EXPECT_EQ(served.words_document("")["language"], "en");
    EXPECT_EQ(served.words_document("")["words"], nlohmann::json::object());

    // No folder at all: English, and a problem named, never an exception.
    const PageLanguages none = PageLanguages::load(folder.root / "nowhere");
    EXPECT_TRUE(none.languages().empty());
    EXPECT_EQ(none.problems().size(), 1u);
    EXPECT_EQ(none.choose("de", "de"), "");
}

TEST(CompanionLanguages, ThePagesChoiceThenTheBrowsersByWeightThenEnglish) {
    const WordsFolder folder;
    const PageLanguages served = PageLanguages::load(folder.root);
    EXPECT_EQ(served.choose("de", ""), "de");
    EXPECT_EQ(served.choose("DE", ""), "de");
    EXPECT_EQ(served.choose("en", "de"), "");        // the page chose English over its browser's German
    EXPECT_EQ(served.choose("", "de-DE,de;q=0.9,en;q=0.8"), "de");
    EXPECT_EQ(served.choose("", "de_AT"), "de");
    EXPECT_EQ(served.choose("", "en-GB,de;q=0.9"), "");
    EXPECT_EQ(served.choose("", "it,fr;q=0.5,de;q=0.7"), "de");  // by weight, Italian not served
    EXPECT_EQ(served.choose("", "de;q=0.3,fr;q=0.8"), "fr");
    EXPECT_EQ(served.choose("", "de;q=0,en;q=0.1"), "");        // q=0: not acceptable
    EXPECT_EQ(served.choose("", "de;q=2"), "");                  // not a weight
    EXPECT_EQ(served.choose("it", "de"), "de");                  // a choice not served reads as not given
    EXPECT_EQ(served.choose("", ""), "");
}

TEST(CompanionLanguages, NothingAGuestSendsNamesAFile) {
    const WordsFolder folder;
    const PageLanguages served = PageLanguages::load(folder.root);
    const std::string not_utf8 = "\xff\xfe\xc3(de";
    for (const std::string& hostile :
         {std::string("../../etc"), std::string("de/../../etc"), std::string("../de"), std::string("de/"), std::string("xx-bad"),
          std::string("EN/../de"), std::string("de\0x", 4), not_utf8, std::string(10 * 1024, 'd'), "de-" + std::string(2000, 'x'),
          std::string("*"), std::string("q=1"), std::string(",,,;;;"), std::string("de-"), std::string("-de")}) {
        EXPECT_EQ(served.choose(hostile, ""), "") << hostile.substr(0, 20);
        EXPECT_EQ(served.choose("", hostile), "") << hostile.substr(0, 20);
        EXPECT_EQ(served.catalogue(hostile), nullptr);
        EXPECT_EQ(served.words_document(hostile)["language"], "en");
    }
    // A header of 10 kB of entries: the first kilobyte is read, so German at its end is not.
    std::string many;
    for (int i = 0; i < 1000; ++i) many += "it;q=0.5,";
    EXPECT_EQ(served.choose("", many + "de"), "");
    EXPECT_EQ(served.choose("", "de," + many), "de");
}

TEST(CompanionLanguages, LoadedOncePerFolder) {
    const WordsFolder folder;
    const auto first = PageLanguages::shared(folder.root);
    folder.write("de/companion.json", R"j({"format": "fortuna-words", "format_version": 1, "language": "de", "words": {"Join": "Anders"}})j");
    const auto second = PageLanguages::shared(folder.root);
    EXPECT_EQ(first.get(), second.get());
    EXPECT_EQ(second->words_document("de")["words"]["Join"], "Beitreten");  // read at first use, not again
}

TEST(CompanionLanguages, WhatAPersonReadsIsToldAndTheRecordAndCodesAreNot) {
    const WordsFolder folder;
    const PageLanguages served = PageLanguages::load(folder.root);
    const MessageCatalogue& german = *served.catalogue("de");
    nlohmann::json state{{"clock_label", "turn 1, 12:15, French's half"},
                         {"phase", nlohmann::json{{"id", "d"}, {"name", "Fire"}}},
                         {"phasing_side", "french"},
                         {"state_lines", nlohmann::json::array({"turn 2, 12:30, French's half", "Fire"})},
                         {"outcome", nlohmann::json{{"over", false}, {"reason", "Fire"}, {"winner", ""}}},
                         {"error", "unknown join code"},
                         {"roster", nlohmann::json::array({nlohmann::json{{"code", "F-I1"}, {"name", "Fire"}, {"state", "disrupted"}}})},
                         {"units", nlohmann::json{{"french", nlohmann::json::array({nlohmann::json{
                                                               {"code", "F-I2"}, {"state", "normal"}, {"formation", "line"}}})}}},
                         {"requests", nlohmann::json::array({nlohmann::json{
                                          {"summary", "F-I1 attacks I-I1"},
                                          {"action", nlohmann::json{{"do", "combat"}, {"note", "Fire"}}},
                                          {"odds", nlohmann::json::array({nlohmann::json{{"outcome", "Fire"}, {"numerator", 1}}})}}})},
                         {"journal", nlohmann::json::array({nlohmann::json{{"summary", "F-I1 attacks I-I1"},
                                                                           {"explanation", nlohmann::json::array({"Fire"})},
                                                                           {"input", nlohmann::json{{"do", "fire"}, {"why", "Fire"}}},
                                                                           {"result", nlohmann::json{{"summary", "Fire"}}}}})}};
    tell(state, german);
    EXPECT_EQ(state["clock_label"], "Zug 1, 12:15, Halbzug von French");
    EXPECT_EQ(state["phase"], (nlohmann::json{{"id", "d"}, {"name", "Feuer"}}));
    EXPECT_EQ(state["phasing_side"], "french");
    EXPECT_EQ(state["state_lines"], nlohmann::json::array({"Zug 2, 12:30, Halbzug von French", "Feuer"}));
    EXPECT_EQ(state["outcome"]["reason"], "Feuer");
    EXPECT_EQ(state["error"], "unbekannter Beitrittscode");
    // A piece: its name is a name, its codes stay; the state's words beside them.
    EXPECT_EQ(state["roster"][0]["name"], "Fire");
    EXPECT_EQ(state["roster"][0]["state"], "disrupted");
    EXPECT_EQ(state["roster"][0]["words"], (nlohmann::json{{"state", "in Unordnung"}}));
    EXPECT_EQ(state["units"]["french"][0]["formation"], "line");
    EXPECT_EQ(state["units"]["french"][0]["words"], (nlohmann::json{{"formation", "Linie"}}));  // "normal": no German given
    EXPECT_EQ(state["requests"][0]["summary"], "F-I1 greift I-I1 an");
    EXPECT_EQ(state["requests"][0]["odds"][0]["outcome"], "Feuer");
    EXPECT_EQ(state["requests"][0]["action"], (nlohmann::json{{"do", "combat"}, {"note", "Fire"}}));  // the action as sent
    EXPECT_EQ(state["journal"][0]["summary"], "F-I1 greift I-I1 an");
    EXPECT_EQ(state["journal"][0]["explanation"], nlohmann::json::array({"Feuer"}));
    EXPECT_EQ(state["journal"][0]["input"], (nlohmann::json{{"do", "fire"}, {"why", "Fire"}}));  // the record
    EXPECT_EQ(state["journal"][0]["result"], (nlohmann::json{{"summary", "Fire"}}));
}

TEST(CompanionLanguages, TheShippedGermanServesThePageAndTheServer) {
    // The data folder of this build (FORTUNA_DATA in the tests): German, with the page's words and
    // no broken entry in any file of data/words/de/ (companion.json joins the others' catalogue).
    const PageLanguages served = PageLanguages::load(default_data_dir());
    ASSERT_NE(served.catalogue("de"), nullptr);
    EXPECT_TRUE(served.problems().empty()) << served.problems().front();
    EXPECT_EQ(served.words_document("de")["languages"][1], (nlohmann::json{{"id", "de"}, {"name", "Deutsch"}}));
    EXPECT_EQ(served.words_document("de")["words"]["Enter your dice"], "Ihren Wurf eingeben");
    EXPECT_EQ(served.catalogue("de")->shown("turn 1, 12:15, French's half"), "Zug 1, 12:15, Halbzug von French");
    EXPECT_EQ(served.catalogue("de")->shown("unknown join code"), "unbekannter Beitrittscode");
    EXPECT_EQ(served.catalogue("de")->shown("too many requests from 10.0.0.7; slow down"), "zu viele Anfragen von 10.0.0.7; bitte langsamer");
}

}  // namespace page_languages_tests
}  // namespace fortuna::companion
