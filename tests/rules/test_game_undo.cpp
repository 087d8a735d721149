// SPDX-License-Identifier: MIT
// Honest undo and the journal: same roll after undo, visible re-rolls, and property tests over random play.
#include <gtest/gtest.h>

#include "fortuna/core/errors.hpp"
#include "fortuna/core/journal.hpp"
#include "fortuna/land/save.hpp"
#include "test_game_support.hpp"

namespace fortuna {
namespace {

using testing::library;
using testing::skirmish;

const nlohmann::json kCombat{{"do", "combat"}, {"attacker", "F-I1"}, {"defender", "I-I1"}};

TEST(GameUndo, ResolvingTheSameCombatAfterAnUndoGetsTheSameRoll) {
    for (std::uint64_t seed = 1; seed <= 20; ++seed) {
        Game game(library(), skirmish(), seed, testing::kAdvisory);
        const int first = game.apply(kCombat).rolls.at(0).roll.value;
        for (int attempt = 0; attempt < 5; ++attempt) {
            game.undo();
            nlohmann::json corrected = kCombat;
            corrected["flank"] = attempt % 2 == 0;  // a corrected modifier keeps the roll too
            const AppliedAction& again = game.apply(corrected);
            EXPECT_EQ(again.rolls.at(0).roll.value, first) << "seed " << seed;
            EXPECT_TRUE(again.rolls.at(0).reused);
        }
    }
}

TEST(GameUndo, AMoveBetweenUndoAndRetryDoesNotBuyAFreshRoll) {
    Game game(library(), skirmish(), 99, testing::kAdvisory);
    const int first = game.apply(kCombat).rolls.at(0).roll.value;
    game.undo();
    game.apply({{"do", "move"}, {"unit", "F-I2"}, {"to", {{"x_mm", 850}, {"y_mm", 900}}}});
    EXPECT_EQ(game.apply(kCombat).rolls.at(0).roll.value, first);
}

// Issue 28: "entered" and "generated" told apart in every explanation: the first roll, the roll
// of an action undone and made again (an entered one is never kept for it), and a re-roll's.
TEST(GameUndo, EveryExplanationSaysWhetherItsRollWasEnteredOrGenerated) {
    const auto says = [](const AppliedAction& action, const std::string& words) {
        for (const std::string& step : action.explanation)
            if (step.find(words) != std::string::npos) return true;
        return false;
    };
    Game game(library(), skirmish(), 5, testing::kAdvisory);
    nlohmann::json entered = kCombat;
    entered["roll"] = "4";
    EXPECT_TRUE(says(game.apply(entered), "roll 4 (entered)"));
    game.undo();
    // Made again without a roll: a fresh roll of the game's, said to be so.
    const AppliedAction& again = game.apply(kCombat);
    ASSERT_EQ(again.rolls.at(0).roll.source, RollSource::Generated);
    EXPECT_FALSE(again.rolls.at(0).reused);
    const std::string generated = "roll " + std::to_string(again.rolls.at(0).roll.value) + " (generated)";
    EXPECT_TRUE(says(again, generated)) << generated;
    // Undone and made again: the kept roll is still the game's.
    game.undo();
    const AppliedAction kept = game.apply(kCombat);  // copies: the history grows below
    EXPECT_TRUE(kept.rolls.at(0).reused);
    EXPECT_TRUE(says(kept, generated));
    // A re-roll says whose the first roll was, and whose its own is.
    const AppliedAction reroll = game.apply({{"do", "reroll"}, {"roll", "2"}});
    EXPECT_TRUE(says(reroll, "first rolled " + std::to_string(kept.rolls.at(0).roll.value) + " (generated)")) << reroll.explanation.front();
    EXPECT_TRUE(says(reroll, "roll 2 (entered)"));
    game.undo();
    game.undo();
    game.apply(entered);
    const AppliedAction fresh = game.apply({{"do", "reroll"}});
    EXPECT_TRUE(says(fresh, "first rolled 4 (entered)")) << fresh.explanation.front();
    EXPECT_TRUE(says(fresh, "(generated)"));
}

TEST(GameUndo, ARerollIsItsOwnVisibleActionAndUndoingItRestoresTheFirstResult) {
    Game game(library(), skirmish(), 5, testing::kAdvisory);
    game.apply(kCombat);
    const GameState first = game.state();
    const int first_roll = game.history().back().rolls.at(0).roll.value;
    const AppliedAction& reroll = game.apply({{"do", "reroll"}});
    EXPECT_EQ(reroll.kind, "reroll");
    EXPECT_NE(reroll.summary.find("Re-roll of #1"), std::string::npos) << reroll.summary;
    EXPECT_EQ(game.journal().back()["do"], "reroll");
    EXPECT_EQ(game.history().size(), 2U);
    game.undo();
    EXPECT_EQ(game.state(), first);
    EXPECT_EQ(game.history().back().rolls.at(0).roll.value, first_roll);
    // Re-rolling again after undoing the re-roll gives the re-roll's number, not a third one.
    const int second = game.redo().rolls.at(0).roll.value;
    game.undo();
    EXPECT_EQ(game.apply({{"do", "reroll"}}).rolls.at(0).roll.value, second);
    EXPECT_THROW(game.apply({{"do", "reroll"}}), RuleError);  // a re-roll of a re-roll
}

TEST(GameUndo, UndoAndRedoDescribeThemselvesAndAreJournalLines) {
    Game game(library(), skirmish(), 5, testing::kAdvisory);
    EXPECT_FALSE(game.can_undo());
    EXPECT_EQ(game.undo_text(), "");
    game.apply({{"do", "end-phase"}});
    EXPECT_TRUE(game.can_undo());
    EXPECT_EQ(game.undo_text().rfind("Undo #1: End of French's phase a)", 0), 0U) << game.undo_text();
    game.undo();
    EXPECT_TRUE(game.can_redo());
    EXPECT_EQ(game.redo_text().rfind("Redo #1:", 0), 0U);
    game.redo();
    ASSERT_EQ(game.journal().size(), 3U);
    EXPECT_EQ(game.journal()[1]["do"], "undo");
    EXPECT_EQ(game.journal()[2]["do"], "redo");
    EXPECT_EQ(game.journal()[2]["of"], 1);
    EXPECT_THROW(game.redo(), RuleError);
}

// Plays random actions (refused ones skipped) and returns the game.
Game play_randomly(std::uint64_t seed, int steps, std::vector<GameState>* after_each = nullptr) {
    Game game(library(), skirmish(), seed, testing::kAdvisory);
    Dice chooser(seed * 7919 + 1);
    for (int i = 0; i < steps; ++i) {
        try {
            game.apply(testing::random_action(chooser));
        } catch (const RuleError&) {
        }
        if (after_each) after_each->push_back(game.state());
    }
    return game;
}

TEST(GameProperties, UndoAllGivesTheInitialStateAndRedoAllTheFinalOne) {
    for (std::uint64_t seed = 1; seed <= 12; ++seed) {
        Game game = play_randomly(seed, 300);
        const GameState initial = Game(library(), skirmish(), seed, testing::kAdvisory).state();
        const GameState final_state = game.state();
        const auto applied = game.history().size();
        while (game.can_undo()) game.undo();
        EXPECT_EQ(game.state(), initial) << "seed " << seed;
        // Actions undone during play sat on the redo stack beneath: redo exactly what was applied.
        for (std::size_t i = 0; i < applied; ++i) game.redo();
        EXPECT_EQ(game.state(), final_state) << "seed " << seed;
        EXPECT_EQ(game.history().size(), applied);
    }
}

TEST(GameProperties, ReplayingTheJournalEqualsLivePlay) {
    for (std::uint64_t seed = 1; seed <= 12; ++seed) {
        const Game live = play_randomly(seed, 300);
        const Game replayed = Game::replay(library(), skirmish(), seed, live.journal(), "journal", testing::kAdvisory);
        EXPECT_EQ(replayed.state(), live.state()) << "seed " << seed;
        EXPECT_EQ(replayed.dice().state(), live.dice().state());
        EXPECT_EQ(replayed.journal(), live.journal());
        EXPECT_EQ(replayed.history().size(), live.history().size());
        EXPECT_EQ(replayed.undo_text(), live.undo_text());
        EXPECT_EQ(replayed.redo_text(), live.redo_text());
    }
}

TEST(GameProperties, SaveThenLoadEqualsAndPlaysOnIdentically) {
    testing::TemporaryFolder folder("save-load");
    for (std::uint64_t seed = 1; seed <= 6; ++seed) {
        Game live = play_randomly(seed, 200);
        const auto file = folder.path() / ("game-" + std::to_string(seed) + ".fortuna");
        save_game(live, file);
        Game loaded = load_game(library(), file);
        EXPECT_EQ(loaded.state(), live.state());
        EXPECT_EQ(loaded.dice().state(), live.dice().state());
        EXPECT_EQ(loaded.summary_json(), live.summary_json());
        // The same next actions give the same rolls in both.
        Dice a(seed), b(seed);
        for (int i = 0; i < 50; ++i) {
            const nlohmann::json action = testing::random_action(a);
            (void)testing::random_action(b);
            std::string x, y;
            try {
                x = live.apply(action).summary;
            } catch (const RuleError& e) {
                x = e.what();
            }
            try {
                y = loaded.apply(action).summary;
            } catch (const RuleError& e) {
                y = e.what();
            }
            EXPECT_EQ(x, y);
        }
        EXPECT_EQ(loaded.state(), live.state());
    }
}

TEST(GameJournal, EveryLineIsOneJsonObjectWithASummaryAndTheRolls) {
    testing::TemporaryFolder folder("journal-lines");
    Game game(library(), skirmish(), 3, testing::kAdvisory);
    game.attach_journal(folder.path() / "game.journal");
    game.apply(kCombat);
    game.apply({{"do", "end-phase"}});
    game.undo();
    const JournalContents contents = read_journal(folder.path() / "game.journal");
    EXPECT_EQ(contents.header["format"], "fortuna-journal");
    EXPECT_EQ(contents.header["scenario"]["id"], "test-skirmish");
    ASSERT_EQ(contents.lines.size(), 3U);
    EXPECT_EQ(contents.lines[0]["do"], "combat");
    EXPECT_EQ(contents.lines[0]["rolls"][0]["source"], "generated");
    EXPECT_FALSE(contents.lines[0]["summary"].get<std::string>().empty());
    EXPECT_EQ(contents.lines[2]["do"], "undo");
    const Game recovered = recover_game(library(), folder.path() / "game.journal");
    EXPECT_EQ(recovered.state(), game.state());
}

}  // namespace
}  // namespace fortuna
