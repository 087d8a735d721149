// SPDX-License-Identifier: MIT
// Saves that refuse to be wrong quietly, and a journal that survives SIGKILL.
#include <gtest/gtest.h>

#include <fstream>

#include "fortuna/core/errors.hpp"
#include "fortuna/core/journal.hpp"
#include "fortuna/land/save.hpp"
#include "test_game_support.hpp"

namespace fortuna {
namespace {

using testing::library;
using testing::skirmish;

const std::filesystem::path kSaves = std::filesystem::path(FORTUNA_TEST_FIXTURES_DIR) / "saves";

TEST(GameSaves, TheValidFixtureLoadsAndReplays) {
    const Game game = load_game(library(), kSaves / "valid.fortuna");
    EXPECT_EQ(game.scenario().id, "test-skirmish");
    EXPECT_EQ(game.history().size(), 7U);
    EXPECT_EQ(game.journal().size(), 9U);
    EXPECT_EQ(game.phase().id, "d");
    const ReplayCheck check = check_save(library(), kSaves / "valid.fortuna");
    EXPECT_TRUE(check.reproduced);
}

struct CorruptSave {
    const char* file;
    const char* where;     // expected start of DataError::where()
    const char* expected;  // words in DataError::expected()
};

class GameCorruptSaves : public ::testing::TestWithParam<CorruptSave> {};

TEST_P(GameCorruptSaves, AreRefusedWithAClearMessageAndChangeNothing) {
    const CorruptSave& c = GetParam();
    Game game(library(), skirmish(), 11, testing::kAdvisory);
    game.apply({{"do", "end-phase"}});
    const GameState before = game.state();
    try {
        game = load_game(library(), kSaves / c.file);
        FAIL() << c.file << " was loaded";
    } catch (const DataError& error) {
        EXPECT_EQ(std::string(error.where()).rfind(c.where, 0), 0U) << c.file << ": " << error.what();
        EXPECT_NE(error.expected().find(c.expected), std::string::npos) << c.file << ": " << error.what();
        EXPECT_NE(std::string(error.what()).find(c.file), std::string::npos);
    }
    EXPECT_EQ(game.state(), before);
    EXPECT_EQ(game.journal().size(), 1U);
}

INSTANTIATE_TEST_SUITE_P(
    Fixtures, GameCorruptSaves,
    ::testing::Values(CorruptSave{"truncated.fortuna", "", "valid JSON"}, CorruptSave{"not-json.fortuna", "", "valid JSON"},
                      CorruptSave{"empty.fortuna", "", "valid JSON"},
                      CorruptSave{"wrong-format.fortuna", "/format", "saved game"},
                      CorruptSave{"newer-version.fortuna", "/format_version", "newer Fortuna Belli"},
                      CorruptSave{"tampered-roll.fortuna", "/journal/4", "recorded rolls"},
                      CorruptSave{"tampered-state.fortuna", "/journal", "replays to the saved position"},
                      CorruptSave{"tampered-generator.fortuna", "/journal", "replays to the saved position"},
                      CorruptSave{"hostile-seed.fortuna", "/seed", "a whole number of 1 to 20 digits"},
                      CorruptSave{"hostile-action.fortuna", "/journal/0", "an action that can be applied"},
                      CorruptSave{"bad-scenario-copy.fortuna", "/scenario/document/sides/0/commands/0/units/0/type", "unit type"},
                      CorruptSave{"deep-nesting.fortuna", "", "nested"},
                      CorruptSave{"wrong-type.fortuna", "/journal", "a list of at most"}),
    [](const ::testing::TestParamInfo<CorruptSave>& param_info) {
        std::string name = param_info.param.file;
        name = name.substr(0, name.find('.'));
        for (char& ch : name)
            if (ch == '-') ch = '_';
        return name;
    });

TEST(GameSaves, AtomicWriteReplacesTheWholeFileAndLeavesNoTemporary) {
    testing::TemporaryFolder folder("atomic");
    const auto file = folder.path() / "game.fortuna";
    Game game(library(), skirmish(), 2, testing::kAdvisory);
    save_game(game, file);
    game.apply({{"do", "end-phase"}});
    save_game(game, file);
    EXPECT_EQ(load_game(library(), file).state(), game.state());
    int entries = 0;
    for (const auto& entry : std::filesystem::directory_iterator(folder.path())) {
        (void)entry;
        ++entries;
    }
    EXPECT_EQ(entries, 1);
}

TEST(GameSaves, ATornLastJournalLineIsIgnoredAndAnythingElseIsRefused) {
    testing::TemporaryFolder folder("torn");
    const auto file = folder.path() / "game.journal";
    Game game(library(), skirmish(), 2, testing::kAdvisory);
    game.attach_journal(file);
    game.apply({{"do", "combat"}, {"attacker", "F-I1"}, {"defender", "I-I1"}});
    game.detach_journal();
    {
        std::ofstream out(file, std::ios::app);
        out << "{\"seq\":2,\"do\":\"end-ph";  // the crash came mid-write
    }
    const JournalContents contents = read_journal(file);
    EXPECT_TRUE(contents.torn_tail);
    EXPECT_EQ(contents.lines.size(), 1U);
    EXPECT_EQ(recover_game(library(), file).state(), game.state());
    {
        std::ofstream out(file, std::ios::app);
        out << "\n{\"seq\":3,\"do\":\"end-phase\"}\n";
    }
    EXPECT_THROW(read_journal(file), DataError);  // a broken line in the middle is not a crash
}

TEST(GameSaves, AJournalLineWithAKeyWrittenTwiceIsRefusedWithItsLineAndPointer) {
    // Issue 13, 4: "seq" twice would silently keep the last one; the journal is refused instead.
    testing::TemporaryFolder folder("duplicate");
    const auto file = folder.path() / "game.journal";
    Game game(library(), skirmish(), 2, testing::kAdvisory);
    game.attach_journal(file);
    game.apply({{"do", "end-phase"}});
    game.detach_journal();
    {
        std::ofstream out(file, std::ios::app);
        out << "{\"seq\":2,\"seq\":7,\"do\":\"end-phase\"}\n";
    }
    try {
        read_journal(file);
        FAIL() << "a line with a key written twice was read";
    } catch (const DataError& error) {
        EXPECT_EQ(error.where(), "line 3/seq") << error.what();
        EXPECT_NE(error.expected().find("each key once"), std::string::npos) << error.what();
    }
}

// A child applies actions with a durable journal and reports each applied action through a
// pipe; the parent SIGKILLs it mid-script and re-opens the journal: every action the child
// reported is there, and the recovered game equals a live replay of those actions.
TEST(GameCrash, SigkillInTheMiddleOfAScriptLosesNoAppliedAction) {
    testing::TemporaryFolder folder("sigkill");
    const auto file = folder.path() / "crash.journal";
    const testing::KilledChild run = testing::kill_after_reports(60, [&](const auto& report) {
        Game game(library(), skirmish(), 1620, testing::kAdvisory);
        game.attach_journal(file);
        Dice chooser(77);
        for (int i = 0; i < 100000; ++i) {
            try {
                game.apply(testing::random_action(chooser));
            } catch (const RuleError&) {
                continue;
            }
            report(static_cast<std::uint32_t>(game.journal().size()));
        }
    });
    ASSERT_TRUE(run.killed);
    const std::uint32_t acknowledged = run.acknowledged;
    ASSERT_GE(acknowledged, 60U);

    const JournalContents contents = read_journal(file);
    EXPECT_GE(contents.lines.size(), acknowledged);
    const Game recovered = recover_game(library(), file);
    // The same script, live, up to the same journal line.
    Game live(library(), skirmish(), 1620, testing::kAdvisory);
    Dice chooser(77);
    while (live.journal().size() < contents.lines.size()) {
        try {
            live.apply(testing::random_action(chooser));
        } catch (const RuleError&) {
        }
    }
    EXPECT_EQ(recovered.state(), live.state());
    EXPECT_EQ(recovered.journal(), live.journal());
}

}  // namespace
}  // namespace fortuna
