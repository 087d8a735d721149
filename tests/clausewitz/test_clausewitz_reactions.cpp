// SPDX-License-Identifier: MIT
// Clausewitz's reactions offered and what the desk reads (seed 003, Zone of Control; D68, D69):
// an action of the activated brigade inside an enemy's zone offers that enemy a defensive
// reaction, its side answers (fires or lets it pass) before the activated side goes on; the
// programmed opponent takes it by the odds; the zone's outline on the library's own measure; the
// chip drawn and the brigade it activated; the ADC's ride and arrival; the objectives' count by turn.
#include <gtest/gtest.h>

#include <cmath>
#include <filesystem>
#include <string>

#include "fortuna/clausewitz/board.hpp"
#include "fortuna/clausewitz/game.hpp"
#include "fortuna/clausewitz/session.hpp"
#include "fortuna/core/errors.hpp"
#include "fortuna/seam/library.hpp"
#include "fortuna/core/recorded_game.hpp"

namespace fortuna::clausewitz {
namespace cw_reaction_test {

namespace fs = std::filesystem;
using nlohmann::json;
using Recorded = RecordedGame<Game>;

const fs::path kReactData = FORTUNA_TEST_DATA_DIR;
const fs::path kReactOpening = kReactData / "scenarios" / "quatre-bras-opening-1815.json";

std::shared_ptr<const Tables> react_tables() {
    static const auto tables = std::make_shared<const Tables>(load_tables(kReactData));
    return tables;
}

Recorded react_game(const json& document, std::uint64_t seed = 7) {
    auto scenario = std::make_shared<const Scenario>(scenario_from_json(*react_tables(), document, kReactData, "test"));
    json header{{"format", "fortuna-journal"}, {"game", "clausewitz"}, {"scenario", {{"id", scenario->id}, {"document", document}}}, {"seed", std::to_string(seed)}};
    return Recorded(Game(react_tables(), scenario), seed, header);
}

// Gauthier (French) at (103, 64) facing north, Bijlandt (allied) at (103, 72) facing south: their
// front edges 2 cm apart, each in the other's zone of control (as test_clausewitz_game.cpp).
json react_face_to_face() {
    json d = read_json_file(kReactOpening);
    d["sides"][0]["brigades"][2]["at"] = {103, 64};
    d["sides"][0]["generals"][1]["at"] = {103, 60};
    return d;
}

const Brigade& react_brigade(const Recorded& game, const std::string& id) {
    return game.model().state().brigades.at(static_cast<std::size_t>(game.model().find_brigade(id)));
}

// Bijlandt activated and ended with its actions in reserve; Gauthier activated (no action yet).
Recorded reserve_then_gauthier() {
    Recorded game = react_game(react_face_to_face());
    game.apply_json({{"action", "draw"}, {"chip", "allied"}});
    game.apply_json({{"action", "activate"}, {"brigade", "bijlandt"}, {"general", "perponcher"}, {"command", {6, 6}}});
    game.apply_json({{"action", "end-activation"}});
    game.apply_json({{"action", "draw"}, {"chip", "french"}});
    game.apply_json({{"action", "activate"}, {"brigade", "gauthier"}, {"general", "foy"}, {"command", {6, 6}}});
    return game;
}

int side_of(const Recorded& game, const std::string& id) { return game.model().side_index(id); }

TEST(ClausewitzReactions, AnActionInsideTheZoneOffersTheReactionAndItsSideAnswersFirst) {
    Recorded game = reserve_then_gauthier();
    const int reserve = react_brigade(game, "bijlandt").actions_left;
    ASSERT_GT(reserve, 0);
    // Activation is no action in the zone: nothing offered yet, the French act.
    EXPECT_TRUE(game.model().reactions_on_offer().empty());
    EXPECT_EQ(game.model().acting_side(), side_of(game, "french"));
    // Gauthier fires (its morale test passed): Bijlandt is offered a reaction, the allies answer.
    game.apply_json({{"action", "fire"}, {"brigade", "gauthier"}, {"target", "bijlandt"}, {"morale", {6, 6}}, {"steady", {1, 1, 1, 1, 1, 1, 1, 1, 1}}});
    ASSERT_EQ(game.model().reactions_on_offer().size(), 1u);
    EXPECT_EQ(game.model().state().may_react, std::vector<std::string>{"bijlandt"});
    EXPECT_EQ(game.model().acting_side(), side_of(game, "allied"));
    std::string said;
    for (const auto& line : game.model().last_applied().explanation) said += line + "\n";
    EXPECT_NE(said.find("a defensive reaction is offered"), std::string::npos) << said;
    // The duties: Bijlandt's Fire! with its morale test's odds, then letting it pass.
    const auto duties = clausewitz_duties(game.model());
    ASSERT_GE(duties.size(), 2u);
    EXPECT_EQ(duties.front().action, (json{{"action", "fire"}, {"brigade", "bijlandt"}, {"target", "gauthier"}}));
    EXPECT_NE(duties.front().words.find("morale test 3+"), std::string::npos) << duties.front().words;  // 5 bases: 3+
    EXPECT_EQ(duties.back().action, (json{{"action", "pass-reaction"}}));
    // Let it pass: the offer closes, the French act again, Bijlandt keeps its reserve.
    game.apply_json({{"action", "pass-reaction"}});
    EXPECT_TRUE(game.model().reactions_on_offer().empty());
    EXPECT_EQ(game.model().acting_side(), side_of(game, "french"));
    EXPECT_EQ(react_brigade(game, "bijlandt").actions_left, reserve);
    try {
        game.apply_json({{"action", "pass-reaction"}});
        ADD_FAILURE() << "a pass with nothing on offer was accepted";
    } catch (const RuleError& error) {
        EXPECT_NE(std::string(error.what()).find("no reaction is on offer"), std::string::npos) << error.what();
    }
    // Fired again: offered again; the reaction fired closes it and spends one action of the reserve.
    game.apply_json({{"action", "fire"}, {"brigade", "gauthier"}, {"target", "bijlandt"}, {"morale", {6, 6}}, {"steady", {1, 1, 1, 1, 1, 1, 1, 1, 1}}});
    ASSERT_EQ(game.model().reactions_on_offer().size(), 1u);
    game.apply_json({{"action", "fire"}, {"brigade", "bijlandt"}, {"target", "gauthier"}, {"morale", {3, 3}}});
    EXPECT_TRUE(game.model().reactions_on_offer().empty());
    EXPECT_EQ(react_brigade(game, "bijlandt").actions_left, reserve - 1);
    EXPECT_EQ(game.model().acting_side(), side_of(game, "french"));
    // Undo brings the offer back exactly; redo closes it again.
    ASSERT_TRUE(game.undo());
    EXPECT_EQ(game.model().state().may_react, std::vector<std::string>{"bijlandt"});
    ASSERT_TRUE(game.redo());
    EXPECT_TRUE(game.model().state().may_react.empty());
}

TEST(ClausewitzReactions, TheActivatedSideActingOnClosesTheOfferSoOldJournalsReplay) {
    // A journal of session 12 has no pass-reaction: the activated brigade's next action is taken
    // as the reaction let pass (D68).
    Recorded game = reserve_then_gauthier();
    game.apply_json({{"action", "fire"}, {"brigade", "gauthier"}, {"target", "bijlandt"}, {"morale", {6, 6}}, {"steady", {1, 1, 1, 1, 1, 1, 1, 1, 1}}});
    ASSERT_FALSE(game.model().reactions_on_offer().empty());
    game.apply_json({{"action", "end-activation"}});
    EXPECT_TRUE(game.model().reactions_on_offer().empty());
    // A failed morale test is no action taken: nothing is offered (1+1 fails 4+ by 2: withdraws).
    Recorded failed = reserve_then_gauthier();
    failed.apply_json({{"action", "fire"}, {"brigade", "gauthier"}, {"target", "bijlandt"}, {"morale", {1, 1}}});
    EXPECT_TRUE(failed.model().reactions_on_offer().empty());
}

TEST(ClausewitzReactions, TheOpponentReactsByTheOddsWithItsReason) {
    Recorded game = reserve_then_gauthier();
    game.apply_json({{"action", "fire"}, {"brigade", "gauthier"}, {"target", "bijlandt"}, {"morale", {6, 6}}, {"steady", {1, 1, 1, 1, 1, 1, 1, 1, 1}}});
    const int allied = side_of(game, "allied");
    // The French are not to act while the allies answer; the allies' proposal is the reaction.
    EXPECT_FALSE(propose_action(game.model(), side_of(game, "french"), {}));
    const auto proposed = propose_action(game.model(), allied, {});
    ASSERT_TRUE(proposed);
    // The rule by hand from the library's preview: the test passes 3+ (35/36); the damage expected.
    const Foreseen seen = game.model().foresee(Game::decode(json{{"action", "fire"}, {"brigade", "bijlandt"}, {"target", "gauthier"}}));
    long double pass = 0, damage = 0;
    for (const auto& [label, p] : seen.odds) {
        const long double chance = static_cast<long double>(p.numerator) / static_cast<long double>(p.denominator);
        if (label == "morale: passes") pass = chance;
        if (label.rfind("damage: ", 0) == 0) damage += chance * std::stold(label.substr(8));
    }
    EXPECT_NEAR(static_cast<double>(pass), 35.0 / 36.0, 1e-12);
    const bool takes = pass >= 0.5L && pass * damage >= 0.5L;
    if (takes) {
        EXPECT_EQ(proposed->action, (json{{"action", "fire"}, {"brigade", "bijlandt"}, {"target", "gauthier"}}));
        EXPECT_NE(proposed->reason.find("97.2%"), std::string::npos) << proposed->reason;
    } else {
        EXPECT_EQ(proposed->action, (json{{"action", "pass-reaction"}}));
    }
    EXPECT_NE(proposed->reason.find("D69"), std::string::npos) << proposed->reason;
    // Its weapons refused (the position changed under them), the opponent lets the chance pass.
    std::vector<json> refused;
    for (const char* kind : {"fire", "bombard", "skirmish"}) refused.push_back(json{{"action", kind}, {"brigade", "bijlandt"}, {"target", "gauthier"}});
    const auto instead = propose_action(game.model(), allied, refused);
    ASSERT_TRUE(instead);
    if (takes) {
        EXPECT_EQ(instead->action, (json{{"action", "pass-reaction"}})) << instead->reason;
    }
}

TEST(ClausewitzReactions, TheZoneOutlineLiesOnTheZonesOwnBoundary) {
    const Tables& tables = *react_tables();
    for (const double facing : {0.0, 37.0, 180.0}) {
        const Footprint owner{50, 40, facing, 12, 6};
        const auto outline = zone_outline(tables, owner, 6);
        ASSERT_EQ(outline.size(), 2u * 7u + 2u);
        // Every point past the two front corners lies at the zone's distance from the front edge,
        // inside its arc; a speck just beyond it is outside the zone, a speck just short is inside.
        const double cx = owner.x_cm + std::sin(facing * 3.14159265358979323846 / 180) * 6, cy = owner.y_cm + std::cos(facing * 3.14159265358979323846 / 180) * 6;
        for (std::size_t i = 1; i + 1 < outline.size(); ++i) {
            const auto [x, y] = outline[i];
            const double dx = x - cx, dy = y - cy, d = std::hypot(dx, dy);
            const Footprint on{x, y, 0, 0.001, 0.001};
            const ZoneCheck z = zone_of_control(tables, owner, on);
            EXPECT_NEAR(z.distance_cm, tables.zone_cm, 0.01) << "facing " << facing << " point " << i;
            const Footprint beyond{x + dx / d * 0.05, y + dy / d * 0.05, 0, 0.001, 0.001};
            EXPECT_FALSE(zone_of_control(tables, owner, beyond).inside) << "facing " << facing << " point " << i;
        }
        // The first and last points are the front edge's corners.
        const Footprint corner{outline.front().first, outline.front().second, 0, 0.001, 0.001};
        EXPECT_NEAR(zone_of_control(tables, owner, corner).distance_cm, 0.0, 0.01);
    }
}

TEST(ClausewitzReactions, TheChipTheAdcAndTheCountByTurnAreKept) {
    Recorded game = react_game(read_json_file(kReactOpening));
    game.apply_json({{"action", "draw"}, {"chip", "french"}});
    EXPECT_EQ(game.model().state().last_chip, side_of(game, "french"));
    EXPECT_TRUE(game.model().state().chip_activated.empty());
    game.apply_json({{"action", "order"}, {"general", "ney"}, {"to", "bachelu"}, {"objective", "1"}});
    const auto rides = game.model().adc_rides();
    ASSERT_EQ(rides.size(), 1u);
    const General& ney = game.model().state().generals.at(static_cast<std::size_t>(game.model().find_general("ney")));
    const General& bachelu = game.model().state().generals.at(static_cast<std::size_t>(game.model().find_general("bachelu")));
    EXPECT_NEAR(rides[0].from_x, ney.x, 1e-9);
    EXPECT_NEAR(rides[0].to_x, bachelu.x, 1e-9);
    EXPECT_NEAR(rides[0].distance_cm, std::hypot(bachelu.x - ney.x, bachelu.y - ney.y), 1e-9);
    const int turns = rides[0].turns;
    const std::string arrives = rides[0].arrives;
    // Play the turns out with empty chips: the ADC arrives at the end of the turn foretold.
    int ended = 0;
    while (!game.model().state().adcs.empty() && ended < 10) {
        const int turn = game.model().state().turn;
        const std::string clock = game.model().clock();
        if (game.model().state().chip < 0) game.apply_json({{"action", "draw"}});
        game.apply_json({{"action", "end-activation"}});
        if (game.model().state().turn != turn) {
            ++ended;
            if (game.model().state().adcs.empty()) {
                EXPECT_EQ(clock, arrives);
            }
        }
    }
    EXPECT_EQ(ended, turns);
    // The count of each turn ended: its clock, who held each objective, the points after it.
    const auto& tally = game.model().state().tally;
    ASSERT_EQ(tally.size(), static_cast<std::size_t>(turns));
    EXPECT_EQ(tally.front().turn, 1);
    EXPECT_EQ(tally.front().held.size(), game.model().scenario().objectives.size());
    EXPECT_EQ(tally.back().vp, game.model().state().vp);
    // A chip activates a brigade: it is named.
    if (game.model().state().chip < 0) game.apply_json({{"action", "draw"}, {"chip", "allied"}});
    game.apply_json({{"action", "activate"}, {"brigade", "bijlandt"}, {"general", "perponcher"}, {"command", {6, 6}}});
    EXPECT_EQ(game.model().state().chip_activated, "bijlandt");
}

}  // namespace cw_reaction_test
}  // namespace fortuna::clausewitz
