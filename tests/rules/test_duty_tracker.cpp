// SPDX-License-Identifier: MIT
// The Duties list kept across actions (duties.hpp DutyTracker) against the list measured afresh
// (duties): after every action, undo and redo of a long random game they must be the same.
#include <gtest/gtest.h>

#include <algorithm>
#include <array>
#include <optional>
#include <random>
#include <string>

#include "fortuna/land/battlefield.hpp"
#include "fortuna/land/duties.hpp"
#include "fortuna/land/game.hpp"
#include "test_game_support.hpp"

namespace fortuna {
namespace {

using nlohmann::json;

// An umpire's correction of one unit, of the kinds that change what the list measures: where it
// stands (often a short step, so that lines of sight and contacts come and go), its facing,
// formation, bases, state, guns and whether it is on the table.
json random_correction(const Game& game, std::mt19937& dice) {
    const auto pick = [&](int n) { return std::uniform_int_distribution<int>(0, n - 1)(dice); };
    const auto& units = game.units();
    const std::size_t u = static_cast<std::size_t>(pick(static_cast<int>(units.size())));
    json set = {{"do", "set"}, {"unit", units[u].id.code}, {"reason", "tracker test"}};
    const UnitStatus& now = game.state().units[u];
    const Board& board = game.scenario().board;
    switch (pick(8)) {
    case 0:
    case 1: {  // a step
        const double x = std::clamp(now.position.x_mm + pick(121) - 60, 1.0, board.width_mm - 1);
        const double y = std::clamp(now.position.y_mm + pick(121) - 60, 1.0, board.depth_mm - 1);
        set["to"] = {{"x_mm", x}, {"y_mm", y}};
        break;
    }
    case 2: {  // next to another unit: contact, screens and combats
        const UnitStatus& other = game.state().units[static_cast<std::size_t>(pick(static_cast<int>(units.size())))];
        set["to"] = {{"x_mm", std::clamp(other.position.x_mm + pick(61) - 30, 1.0, board.width_mm - 1)},
                     {"y_mm", std::clamp(other.position.y_mm + pick(81) - 40, 1.0, board.depth_mm - 1)}};
        break;
    }
    case 3: set["facing_deg"] = pick(360); break;
    case 4: set["formation"] = std::array{"line", "column", "square"}[static_cast<std::size_t>(pick(3))]; break;
    case 5: set["state"] = std::array{"normal", "normal", "disrupted", "routing", "withdrawing"}[static_cast<std::size_t>(pick(5))]; break;
    case 6:
        if (units[u].arm() == Arm::Artillery) set["guns"] = pick(2) == 0 ? "limbered" : "unlimbered";
        else set["bases"] = std::max(1, now.bases + (pick(2) == 0 ? -1 : 1));
        break;
    default: set["presence"] = now.presence == Presence::OnBoard && pick(3) == 0 ? "off-board" : "on-board"; break;
    }
    return set;
}

void expect_same(const std::vector<Duty>& kept, const Game& game, const Battlefield& field, int step) {
    EXPECT_EQ(duties_json(kept), duties_json(duties(game, field))) << "after step " << step;
}

TEST(DutyTracker, AfterEveryActionUndoAndRedoListsExactlyWhatDutiesMeasuresAfresh) {
    for (const unsigned seed : {1u, 2u, 3u}) {
        Game game(testing::library(), load_scenario(testing::library(), "white-mountain-1620"), seed, testing::kAdvisory);
        const Battlefield field(game.scenario());
        DutyTracker tracker;
        std::mt19937 dice(seed);
        int batteries_listed = 0, combats_listed = 0;
        for (int step = 0; step < 400; ++step) {
            const int what = std::uniform_int_distribution<int>(0, 19)(dice);
            try {
                if (what == 0 && game.can_undo()) game.undo();
                else if (what == 1 && game.can_redo()) game.redo();
                else if (what == 2) game.apply(json{{"do", "end-phase"}});
                else game.apply(random_correction(game, dice));
            } catch (const std::exception&) {
                // A correction the game refuses (a unit off the table moved, say) changes nothing.
            }
            const std::vector<Duty> kept = tracker.update(game, field);
            expect_same(kept, game, field, step);
            if (::testing::Test::HasFailure()) return;
            for (const Duty& d : kept) {
                batteries_listed += d.kind == DutyKind::ArtilleryFire;
                combats_listed += d.kind == DutyKind::Combat;
            }
        }
        // The walk reached what the tracker keeps: batteries with targets and combats.
        EXPECT_GT(batteries_listed, 100) << "seed " << seed;
        EXPECT_GT(combats_listed, 10) << "seed " << seed;
    }
}

TEST(DutyTracker, AnotherGameIsMeasuredAfresh) {
    Game first(testing::library(), load_scenario(testing::library(), "white-mountain-1620"), 1, testing::kAdvisory);
    const Battlefield field(first.scenario());
    DutyTracker tracker;
    (void)tracker.update(first, field);
    Game second(testing::library(), load_scenario(testing::library(), "white-mountain-1620"), 2, testing::kAdvisory);
    second.apply(json{{"do", "set"}, {"unit", "CL-A1"}, {"guns", "limbered"}, {"reason", "test"}});
    expect_same(tracker.update(second, field), second, field, 0);
    tracker.reset();
    expect_same(tracker.update(first, field), first, field, 1);
}

// Issue 28: a done item was measured again with the state ("F-I1 attacks I-I1: 82 mm apart"
// became "140 mm apart" after later moves). Done, it says what was done, as the journal has it,
// and no later change of the board rewrites it.
TEST(DutyTracker, ADoneItemSaysWhatWasDoneAndKeepsSaying) {
    Game game(testing::library(), testing::skirmish(), 3, testing::kAdvisory);
    const Battlefield field(game.scenario());
    game.apply(json{{"do", "set"}, {"unit", "I-I1"}, {"to", {600, 930}}, {"reason", "test: open ground"}});
    game.apply(json{{"do", "set"}, {"unit", "F-I1"}, {"to", {600, 960}}, {"reason", "test: before I-I1"}});
    while (game.phase().id != "d" || game.phasing_side() != game.unit("F-I1").id.side) game.apply(json{{"do", "end-phase"}});
    const std::string id = "d/combat/F-I1/I-I1";
    const auto item = [&](const std::vector<Duty>& list) {
        const auto it = std::find_if(list.begin(), list.end(), [&](const Duty& d) { return d.id == id; });
        return it == list.end() ? std::optional<Duty>() : std::optional<Duty>(*it);
    };
    const auto before = item(duties(game, field));
    ASSERT_TRUE(before.has_value());
    EXPECT_FALSE(before->done);
    game.apply(json{{"do", "combat"}, {"attacker", "F-I1"}, {"defender", "I-I1"}, {"roll", 3}});
    const std::string summary = game.history().back().summary;
    const std::string seq = std::to_string(game.history().back().seq);
    DutyTracker tracker;
    for (const auto& list : {duties(game, field), tracker.update(game, field)}) {
        const auto done = item(list);
        ASSERT_TRUE(done.has_value());
        EXPECT_TRUE(done->done);
        EXPECT_EQ(done->text, summary);
        EXPECT_EQ(done->rule, "done: journal #" + seq);
    }
    // The defender stepped back by the umpire: the item still says what was done.
    game.apply(json{{"do", "set"}, {"unit", "I-I1"}, {"to", {600, 900}}, {"reason", "test: stepped back"}});
    EXPECT_EQ(item(duties(game, field))->text, summary);
    EXPECT_EQ(item(tracker.update(game, field))->text, summary);
}

}  // namespace
}  // namespace fortuna
