// SPDX-License-Identifier: MIT
// Recovery is exact (issue 28, 2): a battle the computer plays with its artillery, rebuilt from its journal file at fifty
// points as a crash leaves it, goes on to the same end with the journal file intact; undone actions stay redoable.
#include <gtest/gtest.h>

#include <cstdlib>

#include <algorithm>
#include <fstream>
#include <map>
#include <string>
#include <vector>

#include "fortuna/core/journal.hpp"
#include "fortuna/land/opponent.hpp"
#include "fortuna/land/save.hpp"
#include "opponent_test_support.hpp"

namespace fortuna {
namespace {

using testing::library;
using testing::white_mountain;
const Doctrines& doctrines() { return testing::white_mountain_doctrines(); }

constexpr std::uint64_t kSeed = 7;

// What is under test is what the journal holds, not that it reaches the platters: the lines are
// written as in the app, without the fsync after each (fifty battles would take a minute).
FileOperations without_sync() {
    FileOperations operations = system_file_operations();
    operations.fsync = [](int) { return 0; };
    return operations;
}

// The lines of a journal file as written, each without its newline.
std::vector<std::string> text_lines(const std::string& text) {
    std::vector<std::string> lines;
    std::size_t start = 0;
    while (start < text.size()) {
        const std::size_t end = text.find('\n', start);
        lines.push_back(text.substr(start, end - start));
        start = end == std::string::npos ? text.size() : end + 1;
    }
    return lines;
}

// A battle from the first action to its decision, both sides played by the computer, journaled.
struct PlayedBattle {
    std::vector<nlohmann::json> journal;
    GameState state;
    std::string file_text;  // the journal file as the game left it
};

const PlayedBattle& whole_battle(const std::filesystem::path& folder) {
    static const PlayedBattle played = [&] {
        const auto file = folder / "whole.journal";
        Game game(library(), white_mountain(), kSeed);
        game.attach_journal(file);
        const AutoPlay outcome = play_opponents(game, doctrines(), {0, 1});
        EXPECT_TRUE(outcome.outcome.decided) << outcome.outcome.words;
        game.detach_journal();
        return PlayedBattle{game.journal(), game.state(), testing::read_text(file)};
    }();
    return played;
}

// Every artillery action the computer took measured its range on the board (none was typed).
bool measured_artillery(const nlohmann::json& line) {
    return line.value("do", "") == "artillery" && line["input"].value("by", "").rfind("computer", 0) == 0;
}

// The bug of issue 28: the line of a computer's shot rebuilt by the replay differed from the
// line on disk (the range "measured on the board" was not said again), so the recovered game
// refused to continue its journal ("it holds N lines from line 50 on that this game does not").
TEST(Recovery, AGameTheComputerPlaysWithArtilleryRebuiltAtFiftyPointsGoesOnWithItsJournalIntact) {
    testing::TemporaryFolder folder("recovery-artillery");
    const ScopedFileOperations quick(without_sync());
    const PlayedBattle& whole = whole_battle(folder.path());
    const std::vector<std::string> file_lines = text_lines(whole.file_text);
    ASSERT_EQ(file_lines.size(), whole.journal.size() + 1);  // the header first
    const auto shots = std::count_if(whole.journal.begin(), whole.journal.end(), measured_artillery);
    ASSERT_GE(shots, 5) << "the computer's batteries fire, measuring their range";
    const auto first_shot = std::find_if(whole.journal.begin(), whole.journal.end(), measured_artillery);
    ASSERT_TRUE(first_shot->at("input").contains("range_mm")) << first_shot->dump();

    // The fifty points: spread over the whole battle, and the line after the first shot among them.
    // Under the sanitizers (scripts/fortuna.sh sanitize sets FORTUNA_SANITIZED) ten: they look for
    // memory errors, which ten recoveries meet as well as fifty, and fifty took three minutes there.
    const std::size_t points = std::getenv("FORTUNA_SANITIZED") != nullptr ? 10 : 50;
    const std::size_t actions = whole.journal.size();
    std::vector<std::size_t> cuts;
    for (std::size_t i = 1; i < points; ++i) cuts.push_back(i * actions / points);
    cuts.push_back(static_cast<std::size_t>(first_shot - whole.journal.begin()) + 1);
    std::sort(cuts.begin(), cuts.end());
    cuts.erase(std::unique(cuts.begin(), cuts.end()), cuts.end());
    ASSERT_GE(cuts.size(), points - 5);

    for (std::size_t n = 0; n < cuts.size(); ++n) {
        const std::size_t kept = cuts[n];
        SCOPED_TRACE("recovered after journal line " + std::to_string(kept + 1));
        // What a kill -9 leaves: the lines that were synced and, every other time, half of the
        // line it was writing.
        const auto file = folder.path() / ("cut-" + std::to_string(kept) + ".journal");
        {
            std::ofstream out(file, std::ios::binary);
            for (std::size_t i = 0; i <= kept; ++i) out << file_lines[i] << '\n';
            if (n % 2 == 1 && kept + 1 < file_lines.size()) out << file_lines[kept + 1].substr(0, file_lines[kept + 1].size() / 2);
        }
        Game recovered = recover_game(library(), file);
        ASSERT_EQ(recovered.journal().size(), kept);
        ASSERT_TRUE(std::equal(recovered.journal().begin(), recovered.journal().end(), whole.journal.begin()));
        // The app continues the same file: every line it holds is this game's.
        ASSERT_NO_THROW(recovered.attach_journal(file));
        play_opponents(recovered, doctrines(), {0, 1});
        recovered.detach_journal();
        EXPECT_EQ(recovered.state(), whole.state);
        ASSERT_EQ(recovered.journal().size(), whole.journal.size());
        for (std::size_t i = 0; i < whole.journal.size(); ++i)
            ASSERT_EQ(recovered.journal()[i], whole.journal[i]) << "journal line " << i + 2;
        // Byte for byte the file of the battle that was never interrupted.
        EXPECT_EQ(testing::read_text(file), whole.file_text);
        std::filesystem::remove(file);
    }
}

#ifndef _WIN32
// The same with a real kill -9 of a process playing the battle, at three points.
TEST(Recovery, AProcessKilledWhileTheComputerPlaysIsRecoveredAndGoesOnToTheSameEnd) {
    testing::TemporaryFolder folder("recovery-kill");
    const ScopedFileOperations quick(without_sync());
    const PlayedBattle& whole = whole_battle(folder.path());
    for (const int reports : {7, 120, 400}) {
        SCOPED_TRACE("killed after " + std::to_string(reports) + " actions");
        const auto file = folder.path() / ("killed-" + std::to_string(reports) + ".journal");
        const testing::KilledChild run = testing::kill_after_reports(reports, [&](const auto& report) {
            Game game(library(), white_mountain(), kSeed);
            game.attach_journal(file);
            play_opponents(game, doctrines(), {0, 1}, std::nullopt,
                           [&](const AppliedAction&) { report(static_cast<std::uint32_t>(game.journal().size())); });
        });
        ASSERT_TRUE(run.killed);
        Game recovered = recover_game(library(), file);
        ASSERT_GE(recovered.journal().size(), run.acknowledged);
        ASSERT_NO_THROW(recovered.attach_journal(file));
        play_opponents(recovered, doctrines(), {0, 1});
        recovered.detach_journal();
        EXPECT_EQ(recovered.journal(), whole.journal);
        EXPECT_EQ(recovered.state(), whole.state);
        EXPECT_EQ(testing::read_text(file), whole.file_text);
    }
}
#endif

// An undo and a redo before the crash: the computer, given the recovered game, orders no unit of
// the phase a second time (it forgot its phase at the undo, and moved every unit again).
TEST(Recovery, AfterAnUndoAndARedoTheComputerOrdersNoUnitTwiceInThePhase) {
    testing::TemporaryFolder folder("recovery-undo-redo");
    const PlayedBattle& whole = whole_battle(folder.path());
    const auto file = folder.path() / "undo-redo.journal";
    Game game(library(), white_mountain(), kSeed);
    game.attach_journal(file);
    int moves = 0;
    for (const nlohmann::json& line : whole.journal) {
        game.apply(line.at("input"));
        moves += line.value("do", "") == "move";
        if (moves == 4) break;
    }
    ASSERT_EQ(moves, 4);
    game.undo();
    game.redo();
    game.detach_journal();  // the kill
    Game recovered = recover_game(library(), file);
    const Clock phase = recovered.clock();
    Opponent computer(recovered, doctrines().side(recovered.phasing_side()));
    while (recovered.clock() == phase) ASSERT_NE(computer.step(recovered), nullptr);
    std::map<std::string, int> ordered;
    for (const AppliedAction& action : recovered.history())
        if (action.clock == phase && action.kind == "move") ++ordered[action.input.value("unit", "")];
    ASSERT_GT(ordered.size(), 4u);
    for (const auto& [unit, times] : ordered) EXPECT_EQ(times, 1) << unit << " was ordered " << times << " times in the phase";
}

// The line of every action the game wrote reads back equal: each line rebuilt from its own
// "input" equals the line on disk (what JournalFile::create compares when it continues a file).
TEST(Recovery, EveryLineOfTheComputersBattleIsRebuiltEqualFromTheFile) {
    testing::TemporaryFolder folder("recovery-lines");
    const PlayedBattle& whole = whole_battle(folder.path());
    const auto file = folder.path() / "read-back.journal";
    {
        std::ofstream out(file, std::ios::binary);
        out << whole.file_text;
    }
    const JournalContents contents = read_journal(file);
    ASSERT_EQ(contents.lines, whole.journal);
    Game rebuilt(library(), white_mountain(), kSeed);
    for (const nlohmann::json& line : contents.lines) {
        const std::string kind = line.value("do", "");
        if (kind == "undo" || kind == "redo") rebuilt.apply(nlohmann::json{{"do", kind}});
        else rebuilt.apply(line.at("input"));
        ASSERT_EQ(rebuilt.journal().back(), line);
    }
}

// Undone actions are still there to redo after a crash: the recovered game's redo list is the
// one it had, and redoing it gives the same rolls and the same journal.
TEST(Recovery, UndoneActionsStayRedoableAfterACrash) {
    testing::TemporaryFolder folder("recovery-redo");
    const PlayedBattle& whole = whole_battle(folder.path());
    const auto file = folder.path() / "redo.journal";
    // The battle up to the computer's first shot and the action after it; both undone.
    Game game(library(), white_mountain(), kSeed);
    game.attach_journal(file);
    bool fired = false;
    for (const nlohmann::json& line : whole.journal) {
        game.apply(line.at("input"));
        if (fired) break;
        fired = measured_artillery(line);
    }
    ASSERT_TRUE(fired);
    game.undo();
    game.undo();
    ASSERT_EQ(game.redo_stack().size(), 2u);
    const std::string redo_text = game.redo_text();
    game.detach_journal();  // the kill

    Game recovered = recover_game(library(), file);
    ASSERT_TRUE(recovered.can_redo());
    EXPECT_EQ(recovered.redo_text(), redo_text);
    ASSERT_EQ(recovered.redo_stack().size(), 2u);
    ASSERT_NO_THROW(recovered.attach_journal(file));
    for (Game* g : {&recovered, &game}) {
        g->redo();
        g->redo();
    }
    recovered.detach_journal();
    EXPECT_EQ(recovered.journal(), game.journal());
    EXPECT_EQ(recovered.state(), game.state());
    EXPECT_EQ(read_journal(file).lines, game.journal());
}

}  // namespace
}  // namespace fortuna
