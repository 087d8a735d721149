// SPDX-License-Identifier: MIT
// Naval saves and journals: a save reloads to the same game, a journal cut off by a kill resumes it, undo keeps its rolls across a reload, a corrupt save is refused by field.
#include <gtest/gtest.h>

#include <fstream>

#include "fortuna/core/errors.hpp"
#include "fortuna/naval/files.hpp"
#include "fortuna/core/game_files.hpp"
#include "naval_test_support.hpp"
#include "test_game_support.hpp"

namespace fortuna {
namespace {

using nlohmann::json;
using testing::sail;

using testing::kData;

NavalSession channel_session(std::uint64_t seed) {
    return NavalSession(sail(), read_naval_scenario_copy(kData / "scenarios" / "channel-1778.json", kData), seed, kData);
}

// Arethusa's starboard broadside at Belle Poule (6.3 cm, both heading east, Belle Poule to the
// south), the French reply from Belle Poule's port side, both moves ended: one round and a bit.
void first_round(NavalSession& session) {
    session.apply(BroadsideAction{"arethusa", "belle-poule", BroadsideSide::Starboard, Aim::Hull, {}, {}});
    session.apply(EndHalfAction{});
    session.apply(BroadsideAction{"belle-poule", "arethusa", BroadsideSide::Port, Aim::Sails, {}, {}});
    session.apply(EndHalfAction{});
}

std::vector<int> dice_of(const AppliedNavalAction& applied) {
    std::vector<int> values;
    for (const Roll& roll : std::get<BroadsideAction>(applied.action).dice) values.push_back(roll.value);
    return values;
}

json read_document(const std::filesystem::path& file) { return read_json_file(file); }
void write_document(const std::filesystem::path& file, const json& document) { std::ofstream(file) << document.dump(1); }

// Loads a save and returns the pointer of the DataError it raises ("" when it loads).
std::string refusal_of(const std::filesystem::path& file) {
    try {
        load_naval_game(sail(), file, kData);
    } catch (const DataError& error) {
        EXPECT_EQ(error.file(), file.string());
        return error.where();
    }
    return "";
}

TEST(NavalFiles, ASaveLoadsToTheSameGameDiceAndJournal) {
    testing::TemporaryFolder folder("naval-save");
    NavalSession live = channel_session(1778);
    first_round(live);
    live.apply(WindAction{});
    ASSERT_TRUE(live.undo());  // the wind, undone: the save keeps what can be redone
    const auto file = folder.path() / "channel.fortuna-naval";
    save_naval_game(live, file);
    EXPECT_TRUE(is_naval_save(file));
    EXPECT_FALSE(is_naval_save(kData / "scenarios" / "channel-1778.json"));

    NavalSession loaded = load_naval_game(sail(), file, kData);
    EXPECT_EQ(loaded.game().to_json(), live.game().to_json());
    EXPECT_EQ(loaded.journal(), live.journal());
    EXPECT_EQ(loaded.journal().size(), 6U);  // four actions, the wind, its undo
    EXPECT_EQ(loaded.dice().draws(), live.dice().draws());
    EXPECT_EQ(loaded.game().history().size(), 4U);
    EXPECT_TRUE(loaded.can_redo());
    // Both go on alike: the redone wind has the same dice, the next broadside draws the same.
    ASSERT_TRUE(live.redo());
    ASSERT_TRUE(loaded.redo());
    EXPECT_EQ(loaded.game().state().wind, live.game().state().wind);
    const auto a = live.apply(BroadsideAction{"arethusa", "belle-poule", BroadsideSide::Starboard, Aim::Hull, {}, {}});
    const auto b = loaded.apply(BroadsideAction{"arethusa", "belle-poule", BroadsideSide::Starboard, Aim::Hull, {}, {}});
    EXPECT_EQ(dice_of(a), dice_of(b));
    EXPECT_EQ(loaded.game().to_json(), live.game().to_json());
}

TEST(NavalFiles, AJournalCutOffByAKillResumesTheGame) {
    testing::TemporaryFolder folder("naval-journal");
    const auto file = folder.path() / "live.journal";
    NavalSession live = channel_session(42);
    live.attach_journal(file);
    first_round(live);
    live.apply(WindAction{});
    live.undo();
    live.redo();
    // The program is killed here: what it leaves is the journal as it stands, plus a line torn
    // mid-write (never returned to the user, so never applied).
    const auto left = folder.path() / "left.journal";
    std::filesystem::copy_file(file, left);
    std::ofstream(left, std::ios::app) << "{\"seq\":8,\"do\":\"broad";
    EXPECT_TRUE(is_naval_journal(left));

    NavalSession resumed = recover_naval_game(sail(), left, kData);
    EXPECT_EQ(resumed.game().to_json(), live.game().to_json());
    EXPECT_EQ(resumed.journal(), live.journal());
    EXPECT_EQ(resumed.journal().size(), 7U);
    EXPECT_EQ(resumed.dice().draws(), live.dice().draws());
    // The resumed journal is continued (the torn line cut away), and the next dice are the live game's.
    resumed.attach_journal(left);
    const auto a = live.apply(BroadsideAction{"arethusa", "belle-poule", BroadsideSide::Starboard, Aim::Hull, {}, {}});
    const auto b = resumed.apply(BroadsideAction{"arethusa", "belle-poule", BroadsideSide::Starboard, Aim::Hull, {}, {}});
    EXPECT_EQ(dice_of(a), dice_of(b));
    resumed.detach_journal();
    const JournalContents contents = read_journal(left);
    EXPECT_FALSE(contents.torn_tail);
    EXPECT_EQ(contents.lines.size(), 8U);
    EXPECT_EQ(contents.header.value("game", ""), "naval");
    EXPECT_EQ(contents.lines.back().value("do", ""), "broadside");
    EXPECT_EQ(recover_naval_game(sail(), left, kData).game().to_json(), live.game().to_json());
    // A land game's recovery never meets a naval journal: they live in a folder of their own.
    EXPECT_EQ(naval_recovery_dir().parent_path(), recovery_dir());
}

#ifndef _WIN32
// One step of a scripted naval game, picked by its own seeded stream so the parent can play
// the same script; refused steps (a side that has fired, nothing to redo) are part of it.
void script_step(NavalSession& session, Dice& chooser) {
    try {
        switch (chooser.below(7)) {
        case 0: session.apply(BroadsideAction{"arethusa", "belle-poule", BroadsideSide::Starboard, Aim::Sails, {}, {}}); break;
        case 1: session.apply(BroadsideAction{"belle-poule", "arethusa", BroadsideSide::Port, Aim::Sails, {}, {}}); break;
        case 2:
        case 3: session.apply(EndHalfAction{}); break;
        case 4: session.apply(WindAction{}); break;
        case 5: session.undo(); break;
        default: session.redo(); break;
        }
    } catch (const RuleError&) {
    }
}

// A child plays with a journal and reports each line it wrote through a pipe; the parent
// SIGKILLs it mid-script: every reported line is in the journal, and the resumed game equals
// the same script played live up to the same line.
TEST(NavalFiles, SigkillMidGameLosesNoReportedLine) {
    testing::TemporaryFolder folder("naval-sigkill");
    const auto file = folder.path() / "crash.journal";
    const testing::KilledChild run = testing::kill_after_reports(80, [&](const auto& report) {
        NavalSession session = channel_session(1778);
        session.attach_journal(file);
        Dice chooser(5);
        for (int i = 0; i < 1000000; ++i) {
            const std::size_t before = session.journal().size();
            script_step(session, chooser);
            if (session.journal().size() != before) report(static_cast<std::uint32_t>(session.journal().size()));
        }
    });
    ASSERT_TRUE(run.killed);
    const std::uint32_t acknowledged = run.acknowledged;
    ASSERT_GE(acknowledged, 80U);

    const NavalSession resumed = recover_naval_game(sail(), file, kData);
    EXPECT_GE(resumed.journal().size(), acknowledged);
    NavalSession live = channel_session(1778);
    Dice chooser(5);
    while (live.journal().size() < resumed.journal().size()) script_step(live, chooser);
    EXPECT_EQ(resumed.journal(), live.journal());
    EXPECT_EQ(resumed.game().to_json(), live.game().to_json());
    EXPECT_EQ(resumed.dice().draws(), live.dice().draws());
}
#endif

TEST(NavalFiles, UndoAfterAReloadKeepsTheRolls) {
    testing::TemporaryFolder folder("naval-undo");
    NavalSession live = channel_session(9);
    const auto first = dice_of(live.apply(BroadsideAction{"arethusa", "belle-poule", BroadsideSide::Starboard, Aim::Hull, {}, {}}));
    const json hit = live.game().to_json();
    const auto file = folder.path() / "g.fortuna-naval";
    save_naval_game(live, file);

    // Reloaded, undone and redone: the same broadside, the same dice, the same damage.
    NavalSession loaded = load_naval_game(sail(), file, kData);
    ASSERT_TRUE(loaded.undo());
    EXPECT_EQ(loaded.game().ship("belle-poule").now, testing::channel().ships[1].now);
    ASSERT_TRUE(loaded.redo());
    EXPECT_EQ(loaded.game().to_json(), hit);
    // Undone, saved, reloaded and fired again: the kept dice come back, not a fresh throw.
    ASSERT_TRUE(loaded.undo());
    save_naval_game(loaded, file);
    NavalSession again = load_naval_game(sail(), file, kData);
    const auto second = dice_of(again.apply(BroadsideAction{"arethusa", "belle-poule", BroadsideSide::Starboard, Aim::Hull, {}, {}}));
    EXPECT_EQ(second, first);
    EXPECT_EQ(again.game().to_json(), hit);
    EXPECT_EQ(again.dice().draws(), 2U);  // two dice (Arethusa's two starboard decks), thrown once
}

TEST(NavalFiles, ARefusedActionChangesNeitherGameNorDiceNorJournal) {
    NavalSession session = channel_session(5);
    const auto draws = session.dice().draws();
    // Belle Poule is in Arethusa's starboard arc, not her port one.
    EXPECT_THROW(session.apply(BroadsideAction{"arethusa", "belle-poule", BroadsideSide::Port, Aim::Hull, {}, {}}), RuleError);
    // Robuste is 45 cm from Valiant: no boarding without contact (D13).
    EXPECT_THROW(session.apply(BoardingAction{"valiant", "robuste", 1, {}, {}}), RuleError);
    EXPECT_EQ(session.dice().draws(), draws);
    EXPECT_TRUE(session.journal().empty());
    EXPECT_FALSE(session.undo());
}

// A full disk when the broadside's line is written: the broadside is not applied, the dice are
// not spent, nothing half-written stays; with room again the same broadside throws the same dice
// as a game that never met the fault, and undo after the fault is refused as a whole too.
TEST(NavalFiles, AJournalThatCannotTakeTheLineLeavesTheGameAsItWas) {
    testing::TemporaryFolder folder("naval-faults");
    const auto file = folder.path() / "g.journal";
    NavalSession session = channel_session(21);
    session.attach_journal(file);
    session.apply(EndHalfAction{});
    const std::string before = testing::read_text(file);
    FileOperations full = system_file_operations();
    full.write = [](int, const void*, std::size_t) -> long {
        errno = ENOSPC;
        return -1;
    };
    {
        ScopedFileOperations faults(full);
        EXPECT_THROW(session.apply(BroadsideAction{"belle-poule", "arethusa", BroadsideSide::Port, Aim::Hull, {}, {}}), std::system_error);
        EXPECT_THROW(session.undo(), std::system_error);
    }
    EXPECT_EQ(session.game().history().size(), 1U);
    EXPECT_EQ(session.journal().size(), 1U);
    EXPECT_EQ(session.dice().draws(), 0U);
    EXPECT_EQ(testing::read_text(file), before);
    NavalSession untroubled = channel_session(21);
    untroubled.apply(EndHalfAction{});
    const auto a = dice_of(session.apply(BroadsideAction{"belle-poule", "arethusa", BroadsideSide::Port, Aim::Hull, {}, {}}));
    const auto b = dice_of(untroubled.apply(BroadsideAction{"belle-poule", "arethusa", BroadsideSide::Port, Aim::Hull, {}, {}}));
    EXPECT_EQ(a, b);
    session.detach_journal();
    EXPECT_EQ(recover_naval_game(sail(), file, kData).game().to_json(), untroubled.game().to_json());
}

TEST(NavalFiles, ACorruptSaveIsRefusedNamingTheField) {
    testing::TemporaryFolder folder("naval-corrupt");
    NavalSession live = channel_session(3);
    first_round(live);
    const auto good = folder.path() / "good.fortuna-naval";
    save_naval_game(live, good);
    const json document = read_document(good);
    ASSERT_EQ(document["journal"][0]["action"]["dice"].size(), 2U);
    const auto bad = folder.path() / "bad.fortuna-naval";
    const auto refused_with = [&](const std::function<void(json&)>& spoil) {
        json copy = document;
        spoil(copy);
        write_document(bad, copy);
        return refusal_of(bad);
    };
    EXPECT_EQ(refusal_of(good), "");
    EXPECT_EQ(refused_with([](json& d) { d["journal"][2]["action"]["ship"] = "victory"; }), "/journal/2/action/ship");
    EXPECT_EQ(refused_with([](json& d) { d["journal"][0]["action"]["dice"][1]["value"] = 7; }), "/journal/0/action/dice/1/value");
    EXPECT_EQ(refused_with([](json& d) { d["format"] = "fortuna-save"; }), "/format");
    EXPECT_EQ(refused_with([](json& d) { d["format_version"] = 2; }), "/format_version");
    EXPECT_EQ(refused_with([](json& d) { d["seed"] = "-1"; }), "/seed");
    // A generated die changed to another face: the replay draws the true one and says so.
    EXPECT_EQ(refused_with([](json& d) {
                  auto& die = d["journal"][0]["action"]["dice"][0]["value"];
                  die = die.get<int>() % 6 + 1;
              }),
              "/journal/0/action");
    EXPECT_EQ(refused_with([](json& d) { d["state"]["ships"][1]["hull"] = 99; }), "/state/ships/1/hull");
    EXPECT_EQ(refused_with([](json& d) { d["journal"][3]["do"] = "undo"; }), "/journal/3/of");
    EXPECT_EQ(refused_with([](json& d) { d["scenario"]["document"]["ships"][0]["class"] = "galleon"; }),
              "/scenario/document/ships/0/class");
}

}  // namespace
}  // namespace fortuna
