// SPDX-License-Identifier: MIT
// The seam: every file of data/ claimed by one rule system, refusals that name the formats known
// and the system a file belongs to, and The Age of Sail played through a GameSession to its end
// by the programmed opponent, its journal replayed.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <set>

#include "fortuna/core/errors.hpp"
#include "fortuna/seam/game_session.hpp"
#include "fortuna/land/system.hpp"
#include "fortuna/seam/library.hpp"
#include "fortuna/naval/opponent.hpp"
#include "fortuna/naval/system.hpp"
#include "fortuna/seam/rule_system.hpp"
#include "test_game_support.hpp"

namespace fortuna::testing {
namespace {

namespace fs = std::filesystem;

// A game played by the opponent on both sides until the battle ends; every applied action's reason.
std::vector<std::string> play_to_the_end(GameSession& session) {
    std::vector<std::string> reasons;
    for (int step = 0; step < 20000 && !session.outcome().over; ++step) {
        const int side = session.acting_side();
        const auto proposal = session.propose(side);
        if (!proposal) {
            ADD_FAILURE() << "no proposal at " << session.clock_label();
            break;
        }
        try {
            session.apply(proposal->action);
            reasons.push_back(proposal->reason);
        } catch (const RuleError& refusal) {
            session.refused(side, proposal->action);
        }
    }
    return reasons;
}

std::unique_ptr<GameSession> open_channel(std::uint64_t seed) {
    const fs::path file = kData / "scenarios" / "channel-1778.json";
    const ClaimedFile claimed = claim_file(file);
    return claimed.system->open_game(library(), file, claimed, seed);
}

TEST(RuleSystems, TheRegistryKnowsLandAndSeaByTheirIds) {
    ASSERT_GE(rule_systems().size(), 2u);
    EXPECT_EQ(rule_systems().front(), &land_system());
    EXPECT_EQ(find_rule_system("age-of-sail"), &naval_system());
    EXPECT_EQ(find_rule_system("land"), &land_system());
    EXPECT_EQ(find_rule_system("chess"), nullptr);
    EXPECT_EQ(rule_system_for_format("fortuna-naval-save"), &naval_system());
    EXPECT_EQ(rule_system_for_format("fortuna-save"), &land_system());
    // No format is owned twice: the registry's answer never depends on the order of the list.
    std::set<std::string> seen;
    for (const RuleSystem* system : rule_systems())
        for (const FileFormat& format : system->formats()) EXPECT_TRUE(seen.insert(format.format).second) << format.format;
}

TEST(RuleSystems, EveryShippedFileIsClaimedByTheSystemThatChecksIt) {
    int claimed_files = 0;
    for (const auto& entry : fs::recursive_directory_iterator(kData)) {
        if (entry.path().extension() != ".json" || entry.path().parent_path().filename() == "schema") continue;
        // A language's words (data/words/de/) serve every system: validate checks them as "words".
        if (entry.path().parent_path().parent_path().filename() == "words") continue;
        const ClaimedFile claimed = claim_file(entry.path());
        EXPECT_NE(claimed.system, nullptr) << entry.path() << " (" << claimed.format << ")";
        ++claimed_files;
    }
    EXPECT_GT(claimed_files, 20);
    EXPECT_EQ(claim_file(kData / "scenarios" / "channel-1778.json").system, &naval_system());
    EXPECT_EQ(claim_file(kData / "scenarios" / "white-mountain-1620.json").system, &land_system());
    EXPECT_EQ(claim_file(kData / "tables" / "age-of-sail.json").format, "fortuna-naval");
}

TEST(RuleSystems, AFileNoSystemClaimsIsRefusedNamingTheFormatsKnown) {
    const fs::path file = fs::temp_directory_path() / ("fortuna-unclaimed-" + std::to_string(::getpid()) + ".json");
    std::ofstream(file) << R"({"format": "fortuna-chess", "id": "x"})";
    try {
        (void)claim_file_or_refuse(file);
        ADD_FAILURE() << "an unknown format was claimed";
    } catch (const DataError& error) {
        EXPECT_EQ(error.file(), file.string());
        EXPECT_EQ(error.where(), "/format");
        EXPECT_NE(error.expected().find("\"fortuna-naval-save\" (naval save)"), std::string::npos) << error.expected();
        EXPECT_NE(error.expected().find("\"fortuna-scenario\" (scenario)"), std::string::npos);
        EXPECT_EQ(error.found(), "\"fortuna-chess\"");
    }
    fs::remove(file);
}

TEST(RuleSystems, ASaveOfOneSystemHandedToAnotherSaysWhichItIs) {
    auto session = open_channel(7);
    const fs::path save = fs::temp_directory_path() / ("fortuna-naval-handed-" + std::to_string(::getpid()) + ".fortuna-naval");
    session->save(save);
    const ClaimedFile claimed = claim_file(save);
    try {
        require_system(claimed, land_system(), save, "fortuna-cli report");
        ADD_FAILURE() << "a naval save was taken for a land one";
    } catch (const RuleError& error) {
        const std::string message = error.what();
        EXPECT_NE(message.find("is a naval save of The Age of Sail (age-of-sail)"), std::string::npos) << message;
    }
    EXPECT_NO_THROW(require_system(claimed, naval_system(), save, "fortuna-cli play"));
    fs::remove(save);
}

TEST(RuleSystems, TheAgeOfSailIsPlayedToItsEndByTheOpponentAndItsJournalReplays) {
    auto session = open_channel(1778);
    EXPECT_EQ(session->system().id(), "age-of-sail");
    EXPECT_EQ(session->side_ids(), (std::vector<std::string>{"british", "french"}));
    const auto reasons = play_to_the_end(*session);
    const SessionOutcome outcome = session->outcome();
    ASSERT_TRUE(outcome.over) << session->clock_label();
    EXPECT_FALSE(outcome.reason.empty());
    // Ships closed and fired: the battle was fought, not sat out.
    int broadsides = 0;
    for (const auto& line : session->journal())
        if (line.value("do", "") == "broadside") ++broadsides;
    EXPECT_GT(broadsides, 5);
    for (const auto& reason : reasons) EXPECT_FALSE(reason.empty());

    // Saved and opened again through the registry: the same position, roll by roll.
    const fs::path save = fs::temp_directory_path() / ("fortuna-naval-played-" + std::to_string(::getpid()) + ".fortuna-naval");
    session->save(save);
    const ClaimedFile claimed = claim_file(save);
    const auto again = claimed.system->open_game(library(), save, claimed, 0);
    EXPECT_EQ(again->public_state(), session->public_state());
    EXPECT_EQ(again->journal().size(), session->journal().size());
    EXPECT_TRUE(again->outcome().over);
    fs::remove(save);
}

TEST(RuleSystems, TheSameSeedPlaysTheSameNavalBattle) {
    auto first = open_channel(42);
    auto second = open_channel(42);
    play_to_the_end(*first);
    play_to_the_end(*second);
    EXPECT_EQ(first->public_state(), second->public_state());
}

TEST(RuleSystems, UndoThroughTheSessionKeepsTheDice) {
    auto session = open_channel(5);
    // Play until the first broadside, undo it, ask again: the same dice.
    for (int step = 0; step < 400; ++step) {
        const auto proposal = session->propose(session->acting_side());
        ASSERT_TRUE(proposal);
        const Happened happened = session->apply(proposal->action);
        if (happened.kind != "broadside") continue;
        ASSERT_TRUE(session->undo());
        const Happened again = session->apply(proposal->action);
        EXPECT_EQ(again.action.at("dice"), happened.action.at("dice"));
        EXPECT_EQ(again.summary, happened.summary);
        return;
    }
    FAIL() << "no broadside in 400 actions";
}

TEST(RuleSystems, WhiteMountainIsPlayedThroughTheSameSessionToADecision) {
    const fs::path file = kData / "scenarios" / "white-mountain-1620.json";
    const ClaimedFile claimed = claim_file(file);
    ASSERT_EQ(claimed.system, &land_system());
    auto session = claimed.system->open_game(library(), file, claimed, 1620);
    EXPECT_EQ(session->side_ids().size(), 2u);
    const auto reasons = play_to_the_end(*session);
    EXPECT_TRUE(session->outcome().over) << session->clock_label();
    EXPECT_GT(reasons.size(), 50u);
    const fs::path save = fs::temp_directory_path() / ("fortuna-land-session-" + std::to_string(::getpid()) + ".fortuna");
    session->save(save);
    const ClaimedFile saved = claim_file(save);
    const auto again = saved.system->open_game(library(), save, saved, 0);
    EXPECT_EQ(again->public_state(), session->public_state());
    fs::remove(save);
    // Its tables are not a game: the system says what starts one.
    const fs::path tables = kData / "tables" / "glaube.json";
    try {
        (void)land_system().open_game(library(), tables, claim_file(tables), 1);
        ADD_FAILURE() << "a rule set opened as a game";
    } catch (const RuleError& error) {
        EXPECT_NE(std::string(error.what()).find("a scenario, a save or a journal"), std::string::npos) << error.what();
    }
}

TEST(NavalOpponent, ClosesOnTheEnemyAndGivesItsReason) {
    auto session = open_channel(3);
    // The British move first (the scenario's "first"): their first proposals are moves or fire.
    const auto proposal = session->propose(0);
    ASSERT_TRUE(proposal);
    EXPECT_FALSE(proposal->reason.empty());
    const std::string kind = proposal->action.value("action", "");
    EXPECT_TRUE(kind == "move" || kind == "broadside" || kind == "boarding") << proposal->action.dump();
    // The side not moving proposes nothing.
    EXPECT_FALSE(session->propose(1));
}

}  // namespace
}  // namespace fortuna::testing
