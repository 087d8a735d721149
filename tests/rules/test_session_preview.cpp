// SPDX-License-Identifier: MIT
// What the table's phones ask of a session (game_session.hpp), answered by the library for every
// rule system: an exact preview before the roll, owners and units, a player's allowed actions,
// typed rolls checked against their kind. Land and sea compute their odds; the others say so.
#include <gtest/gtest.h>

#include <filesystem>
#include <utility>

#include "fortuna/core/errors.hpp"
#include "fortuna/land/game.hpp"
#include "fortuna/land/system.hpp"
#include "fortuna/naval/model.hpp"
#include "fortuna/analysis/session_opponent.hpp"
#include "test_game_support.hpp"

namespace fortuna::testing {
namespace session_preview_tests {

using nlohmann::json;
namespace fs = std::filesystem;

std::unique_ptr<GameSession> open_shipped(const std::string& id, std::uint64_t seed) {
    const fs::path file = kData / "scenarios" / (id + ".json");
    const ClaimedFile claimed = claim_file(file);
    return claimed.system->open_game(library(), file, claimed, seed);
}

std::uint64_t total_of(const ActionPreview& preview, bool skip_overlapping) {
    std::uint64_t sum = 0;
    for (const OutcomeChance& chance : preview.odds) {
        if (skip_overlapping && chance.outcome.rfind("fire", 0) == 0) continue;
        EXPECT_EQ(chance.denominator, preview.odds.front().denominator) << chance.outcome;
        sum += chance.numerator;
    }
    return sum;
}

TEST(SessionPreview, ALandCombatIsPreviewedExactlyWithoutTouchingTheGameOrItsDice) {
    const auto set_up = [] {
        Game game(library(), skirmish(), 11, kAdvisory);
        game.apply({{"do", "set"}, {"unit", "I-I1"}, {"to", {600, 930}}, {"reason", "test: open ground"}});
        game.apply({{"do", "set"}, {"unit", "F-I2"}, {"to", {600, 975}}, {"reason", "test: behind F-I1"}});
        return game;
    };
    Game game = set_up();
    Game twin = set_up();
    const json combat{{"do", "combat"}, {"attacker", "F-I1"}, {"defender", "I-I1"}};
    const auto view = land::land_session_view(game);
    const ActionPreview preview = view->preview(combat);
    EXPECT_EQ(preview.roll_kind, "d6");
    EXPECT_EQ(preview.roll_slot, "roll");
    EXPECT_TRUE(preview.unavailable.empty());
    // 1:1 on Table 6 (10 against 10): every face of the d6 counted once, a 6 is Dd.
    EXPECT_EQ(total_of(preview, false), 6U);
    EXPECT_EQ(preview.odds.front().denominator, 6U);
    bool disordered = false;
    for (const OutcomeChance& chance : preview.odds) disordered = disordered || chance.outcome.rfind("Dd", 0) == 0;
    EXPECT_TRUE(disordered);
    EXPECT_NE(preview.summary.find("F-I1"), std::string::npos) << preview.summary;
    // Nothing applied, and the generator untouched: the real combat rolls what its twin rolls.
    EXPECT_EQ(game.journal().size(), twin.journal().size());
    EXPECT_EQ(game.apply(combat).summary, twin.apply(combat).summary);
    // A refused action is refused by the preview too (RuleError), the game unchanged.
    const std::size_t lines = game.journal().size();
    EXPECT_THROW((void)view->preview(json{{"do", "combat"}, {"attacker", "F-I1"}, {"defender", "F-I2"}}), RuleError);
    EXPECT_EQ(game.journal().size(), lines);
    // The view reads; the desk applies.
    EXPECT_THROW((void)view->apply(combat), RuleError);
}

TEST(SessionPreview, ALandPreviewReusesItsCopyUntilTheGameMovesAndSaysTheSame) {
    // The dry run's copy is replayed once per position (issue 27: a replay per proposal cost
    // 30-40 ms at 300 lines): previews of one position agree with a fresh view's, and the first
    // after a change sees the change.
    Game game(library(), skirmish(), 11, kAdvisory);
    game.apply({{"do", "set"}, {"unit", "I-I1"}, {"to", {600, 930}}, {"reason", "test: open ground"}});
    const json combat{{"do", "combat"}, {"attacker", "F-I1"}, {"defender", "I-I1"}};
    const auto odds_of = [](const ActionPreview& p) {
        std::vector<std::pair<std::string, std::uint64_t>> out;
        for (const OutcomeChance& chance : p.odds) out.emplace_back(chance.outcome, chance.numerator);
        return out;
    };
    const auto view = land::land_session_view(game);
    const ActionPreview first = view->preview(combat);
    for (int again = 0; again < 5; ++again) {
        const ActionPreview next = view->preview(combat);
        EXPECT_EQ(next.summary, first.summary);
        EXPECT_EQ(odds_of(next), odds_of(first));
    }
    EXPECT_EQ(odds_of(land::land_session_view(game)->preview(combat)), odds_of(first));
    // The defender disordered at the desk: the same view's next preview is of the new position.
    game.apply({{"do", "set"}, {"unit", "I-I1"}, {"state", "disrupted"}, {"reason", "test: shaken"}});
    const ActionPreview moved = view->preview(combat);
    EXPECT_EQ(odds_of(moved), odds_of(land::land_session_view(game)->preview(combat)));
    EXPECT_NE(odds_of(moved), odds_of(first));
}

TEST(SessionPreview, LandPlayersActForTheirOwnUnitsAndGenerals) {
    Game game(library(), skirmish(), 3, kAdvisory);
    const auto view = land::land_session_view(game);
    EXPECT_EQ(view->owner_of("F-I1"), 0);
    EXPECT_EQ(view->owner_of("I-I1"), 1);
    EXPECT_EQ(view->owner_of("X-9"), std::nullopt);
    const PlayerActions allowed = view->player_actions();
    EXPECT_EQ(allowed.kind_key, "do");
    ASSERT_NE(allowed.find("rally"), nullptr);
    EXPECT_EQ(allowed.find("rally")->keys, (std::vector<std::string>{"do", "note", "unit", "general"}));
    EXPECT_EQ(allowed.find("end-phase"), nullptr);  // the umpire's bookkeeping
    const auto artillery = allowed.find("artillery");
    ASSERT_NE(artillery, nullptr);
    EXPECT_EQ(std::count(artillery->keys.begin(), artillery->keys.end(), "range_mm"), 0);  // measured, or the umpire's
    const json units = view->units_of(0);
    ASSERT_FALSE(units.empty());
    EXPECT_EQ(units[0]["code"].get<std::string>().rfind("F-", 0), 0U);
    EXPECT_EQ(view->entered_roll("d6", "4"), 4);
    EXPECT_EQ(view->entered_roll("random", "0.734"), "0.734");
    EXPECT_THROW((void)view->entered_roll("d6", 7), RuleError);
}

TEST(SessionPreview, ABroadsideIsPreviewedFromTheGunneryTableAndItsDiceAreThePlayersToType) {
    const auto session = open_shipped("channel-1778", 1778);
    // The opponents sail until one of them would fire; that broadside is previewed, then fired.
    for (int step = 0; step < 400 && !session->outcome().over; ++step) {
        const int side = session->acting_side();
        const auto proposal = session->propose(side);
        ASSERT_TRUE(proposal.has_value()) << session->clock_label();
        if (proposal->action.value("action", "") != "broadside") {
            try {
                session->apply(proposal->action);
            } catch (const RuleError&) {
                session->refused(side, proposal->action);
            }
            continue;
        }
        json asked = proposal->action;
        asked.erase("dice");
        const std::size_t lines = session->journal().size();
        const ActionPreview preview = session->preview(asked);
        EXPECT_EQ(session->journal().size(), lines);
        EXPECT_EQ(preview.roll_slot, "dice");
        const std::string& firer = asked["ship"].get_ref<const std::string&>();
        EXPECT_EQ(session->owner_of(firer), side);
        // The hits' chances add up to every throw of the dice (6^n), the fire beside them.
        const std::uint64_t throws = preview.odds.front().denominator;
        EXPECT_EQ(total_of(preview, true), throws);
        ASSERT_EQ(preview.roll_kind.rfind("dice:", 0), 0U) << preview.roll_kind;
        const int dice = std::stoi(preview.roll_kind.substr(5));
        std::uint64_t expected = 1;
        for (int i = 0; i < dice; ++i) expected *= 6;
        EXPECT_EQ(throws, expected) << preview.roll_kind;
        // The player's dice, typed, go into the slot and the broadside fires with them.
        std::string typed;
        for (int i = 0; i < dice; ++i) typed += (i ? "," : "") + std::string("6");
        asked[preview.roll_slot] = session->entered_roll(preview.roll_kind, typed);
        const Happened fired = session->apply(asked);
        EXPECT_EQ(fired.kind, "broadside");
        EXPECT_THROW((void)session->entered_roll(preview.roll_kind, "6"), RuleError);  // too few dice
        // A captain acts for her own ships only, with the keys of the kinds the system lists.
        const PlayerActions allowed = session->player_actions();
        EXPECT_EQ(allowed.kind_key, "action");
        ASSERT_NE(allowed.find("broadside"), nullptr);
        EXPECT_EQ(allowed.find("broadside")->own, (std::vector<std::string>{"ship"}));
        EXPECT_EQ(allowed.find("wind"), nullptr);
        EXPECT_EQ(allowed.find("end-half"), nullptr);
        const json ships = session->units_of(side);
        ASSERT_FALSE(ships.empty());
        EXPECT_TRUE(ships[0].contains("hull"));
        return;
    }
    FAIL() << "no broadside was proposed in 400 steps";
}

TEST(SessionPreview, GameOfKingsAndClausewitzPreviewTheirFirstRollAndServeTheirPieces) {
    // The first action of each: the turn's weather on 2d6 (Game Of Kings), a chip from the bag
    // (Clausewitz); their own tests (tests/game_of_kings, tests/clausewitz) check the odds.
    const std::pair<const char*, const char*> first[] = {{"encounter-1745", "begin-turn"}, {"quatre-bras-opening-1815", "draw"}};
    for (const auto& [id, kind] : first) {
        const auto session = open_shipped(id, 5);
        const auto pieces = session->pieces();
        ASSERT_FALSE(pieces.empty()) << id;
        EXPECT_EQ(session->owner_of(pieces.front().id), pieces.front().side) << id;
        EXPECT_FALSE(session->units_of(pieces.front().side).empty()) << id;
        EXPECT_EQ(session->roster().size(), pieces.size()) << id;
        const ActionPreview preview = session->preview(json{{"action", kind}});
        EXPECT_TRUE(preview.unavailable.empty()) << id;
        EXPECT_FALSE(preview.odds.empty()) << id;
        EXPECT_THROW((void)session->preview(json{{"action", "no-such-action"}}), RuleError) << id;
        const PlayerActions allowed = session->player_actions();
        EXPECT_FALSE(allowed.open) << id;
        EXPECT_FALSE(allowed.kinds.empty()) << id;
        EXPECT_EQ(allowed.kind_key, "action") << id;
    }
}

}  // namespace session_preview_tests
}  // namespace fortuna::testing
