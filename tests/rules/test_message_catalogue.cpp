// SPDX-License-Identifier: MIT
// The message catalogue: English patterns found in the library's text and retold in German.
#include <filesystem>
#include <fstream>

#include <gtest/gtest.h>

#include "fortuna/core/errors.hpp"
#include "fortuna/core/message_catalogue.hpp"

namespace fortuna {
namespace {

MessageCatalogue german() {
    MessageCatalogue c;
    c.add("no effect", "keine Wirkung");
    c.add("disrupted", "erschüttert");
    c.add("{unit} has no bases left and leaves the table", "{unit} hat keine Basen mehr und verlässt den Tisch");
    c.add("{battery} fires on {target} at {range}, roll {roll} -> {code}: {effect}",
          "{battery} feuert auf {target} auf {range}, Wurf {roll} -> {code}: {effect}");
    c.add("{who}: {what}", "{who}: {what}");
    c.add("{unit} becomes {state}", "{unit} wird {state}");
    return c;
}

TEST(MessageCatalogue, RetellsAPatternWithItsPiecesInTheirPlaces) {
    const MessageCatalogue c = german();
    EXPECT_EQ(c.shown("B-I3 Bohemian foot (1) has no bases left and leaves the table"),
              "B-I3 Bohemian foot (1) hat keine Basen mehr und verlässt den Tisch");
}

TEST(MessageCatalogue, TranslatesAPieceTheCatalogueKnowsWholeAndKeepsNamesAsTheyAre) {
    const MessageCatalogue c = german();
    EXPECT_EQ(c.shown("CL-A1 League battery (left) fires on B-I3 Bohemian foot (1) at 255 mm, roll 0.573 -> -: no effect"),
              "CL-A1 League battery (left) feuert auf B-I3 Bohemian foot (1) auf 255 mm, Wurf 0.573 -> -: keine Wirkung");
    EXPECT_EQ(c.shown("CL-G1 Tilly: B-I2 becomes disrupted"), "CL-G1 Tilly: B-I2 wird erschüttert");
}

TEST(MessageCatalogue, APatternOfPunctuationAloneKnowsALineOnlyWhenItKnowsItsPieces) {
    const MessageCatalogue c = german();
    EXPECT_TRUE(c.knows("CL-G1 Tilly: B-I2 becomes disrupted"));  // "{who}: {what}" and "{unit} becomes {state}"
    EXPECT_FALSE(c.knows("CL-G1 Tilly: gallops away"));          // "{who}: {what}" alone is no translation
    EXPECT_TRUE(c.knows("B-I2 becomes anything"));                // a pattern with words knows its line
    EXPECT_FALSE(c.knows("B-I2 becomes the worse for it"));       // unless a piece it leaves is English
}

TEST(MessageCatalogue, WhereAPatternFitsTwoWaysThePiecesItKnowsDecide) {
    MessageCatalogue c;
    c.add("{duty} ({n} action points left)", "{duty} (noch {n} Aktionspunkte)");
    c.add("{unit} may move up to {d} ({why})", "{unit} darf bis zu {d} ziehen ({why})");
    c.add("the line holds the place straight ahead", "die Linie hält den Platz geradeaus");
    EXPECT_EQ(c.shown("A-guards may move up to 6.0 cm (the line holds the place straight ahead) (4 action points left)"),
              "A-guards darf bis zu 6.0 cm ziehen (die Linie hält den Platz geradeaus) (noch 4 Aktionspunkte)");
    EXPECT_TRUE(c.knows("A-guards may move up to 6.0 cm (the line holds the place straight ahead) (4 action points left)"));
    EXPECT_TRUE(reads_as_english("the line holds"));
    EXPECT_FALSE(reads_as_english("League battery (left)"));
    EXPECT_FALSE(reads_as_english("6.0 cm"));
}

TEST(MessageCatalogue, KeepsWhatItDoesNotKnowAndRetellsEachLineOnItsOwn) {
    const MessageCatalogue c = german();
    EXPECT_EQ(c.shown("a sentence nobody wrote"), "a sentence nobody wrote");
    EXPECT_FALSE(c.knows("a sentence nobody wrote"));
    EXPECT_EQ(c.shown("no effect\nsomething else"), "keine Wirkung\nsomething else");
    EXPECT_FALSE(c.knows("no effect\nsomething else"));
    EXPECT_TRUE(c.knows("no effect\ndisrupted"));
    EXPECT_EQ(c.shown(""), "");
    EXPECT_EQ(c.shown("  no effect"), "  keine Wirkung");  // an indented step keeps its indent
}

TEST(MessageCatalogue, PrefersTheMostSpecificPatternOverAGeneralOne) {
    MessageCatalogue c = german();
    // "{who}: {what}" would also fit; the pattern with more words wins.
    EXPECT_EQ(c.shown("X has no bases left and leaves the table"), "X hat keine Basen mehr und verlässt den Tisch");
}

TEST(MessageCatalogue, RefusesATranslationThatLosesOrInventsAPlaceholder) {
    MessageCatalogue c;
    EXPECT_THROW(c.add("{unit} routs", "flieht", "de/land.json"), DataError);
    EXPECT_THROW(c.add("{unit} routs", "{einheit} flieht", "de/land.json"), DataError);
    EXPECT_THROW(c.add("{a}{b} routs", "{a}{b} flieht", "de/land.json"), DataError);
    EXPECT_THROW(c.add("{a}", "{a}", "de/land.json"), DataError);
    c.add("routs", "flieht");
    EXPECT_THROW(c.add("routs", "weicht", "de/land.json"), DataError);
    c.add("routs", "flieht");  // the same translation twice is no conflict
    c.add("line {status}", "Linie {status}");
    c.add("line {mod}", "Linie {mod}");  // the same pattern, its placeholder named otherwise: one
    try {
        c.add("{unit} routs", "flieht", "de/land.json");
        FAIL();
    } catch (const DataError& e) {
        EXPECT_EQ(e.file(), "de/land.json");
        EXPECT_EQ(e.where(), "{unit} routs");
    }
}

TEST(MessageCatalogue, APlaceholderNeverTakesALineBreakSoEachLineOfAReportIsToldOnItsOwn) {
    MessageCatalogue c;
    c.add("{side} throws action points: {points}", "{side} würfelt Aktionspunkte: {points}");
    c.add("Round {n}", "Runde {n}");
    EXPECT_EQ(c.shown("France throws action points: 3\nRound 2"), "France würfelt Aktionspunkte: 3\nRunde 2");
}

TEST(MessageCatalogue, APatternThatBeginsWithItsWordsIsPreferredToOneThatOnlyEndsWithThem) {
    MessageCatalogue c;
    c.add("why: {reason}", "warum: {reason}");
    c.add("{unit} moves", "{unit} marschiert");
    c.add("to stop the enemy's moves", "um die Züge des Feindes zu stoppen");
    EXPECT_EQ(c.shown("why: to stop the enemy's moves"), "warum: um die Züge des Feindes zu stoppen");
}

TEST(MessageCatalogue, ATranslationMayReorderItsPlaceholders) {
    MessageCatalogue c;
    c.add("{unit} charges {enemy}", "{enemy} wird von {unit} angegriffen");
    EXPECT_EQ(c.shown("F-C1 charges I-I2"), "I-I2 wird von F-C1 angegriffen");
}

TEST(MessageCatalogue, LoadsAFolderAndNamesTheFileOfABrokenOne) {
    const auto folder = std::filesystem::temp_directory_path() / "fortuna-words-test" / "de";
    std::filesystem::remove_all(folder.parent_path());
    std::filesystem::create_directories(folder);
    std::ofstream(folder / "a.json") << R"({"format":"fortuna-words","format_version":1,"language":"de","words":{"no effect":"keine Wirkung"}})";
    const MessageCatalogue c = MessageCatalogue::load(folder);
    EXPECT_EQ(c.language(), "de");
    EXPECT_EQ(c.shown("no effect"), "keine Wirkung");
    EXPECT_EQ(catalogue_for("de", folder.parent_path().parent_path() / "nothing-here"), nullptr);
    std::ofstream(folder / "b.json") << R"({"format":"fortuna-words","format_version":1,"language":"de","words":{"x {a}":7,"no effect":"ohne Wirkung","y {b}":"Y {b}"}})";
    // Each broken entry is left out and named; the rest serves, and the first translation stays.
    const MessageCatalogue with_problems = MessageCatalogue::load(folder);
    ASSERT_EQ(with_problems.problems().size(), 2U);
    EXPECT_NE(with_problems.problems()[0].file().find("b.json"), std::string::npos);
    EXPECT_EQ(with_problems.problems()[0].where(), "/words/no effect");  // the words in the order of their keys
    EXPECT_EQ(with_problems.problems()[1].where(), "/words/x {a}");
    EXPECT_EQ(with_problems.shown("no effect"), "keine Wirkung");
    EXPECT_EQ(with_problems.shown("y 3"), "Y 3");
    std::filesystem::remove_all(folder.parent_path());
}

TEST(MessageCatalogue, ShownIsEnglishUntilAClientChoosesALanguage) {
    show_words_in(nullptr);
    EXPECT_EQ(shown("no effect"), "no effect");
    show_words_in(std::make_shared<const MessageCatalogue>(german()));
    EXPECT_EQ(shown("no effect"), "keine Wirkung");
    show_words_in(nullptr);
}

#ifndef _WIN32  // setenv is POSIX's
TEST(MessageCatalogue, ReadsTheLanguageFromTheEnvironmentAsPosixDoes) {
    ::setenv("LC_ALL", "", 1);
    ::setenv("LC_MESSAGES", "de_AT.UTF-8", 1);
    ::setenv("LANG", "en_GB.UTF-8", 1);
    EXPECT_EQ(language_of_environment(), "de");
    ::setenv("LC_ALL", "C.UTF-8", 1);
    EXPECT_EQ(language_of_environment(), "");
    ::unsetenv("LC_ALL");
    ::unsetenv("LC_MESSAGES");
    ::unsetenv("LANG");
    EXPECT_EQ(language_of_environment(), "");
}
#endif

}  // namespace
}  // namespace fortuna
