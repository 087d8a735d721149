// SPDX-License-Identifier: MIT
// Clausewitz: the odds of an action before its rolls (Game::foresee, the session's preview). On Quatre
// Bras (Gauthier's brigade before Bijlandt's, data/scenarios/quatre-bras-opening-1815.json) the
// preview's Steady! and damage chances are the resolvers' for the circumstances the CLI would be
// given (`fortuna-cli clausewitz fire --dice N --range effective --preview`), a zone of control adds
// the morale test's three chances, the chip bag's are the chips left; the Steady! dice typed after
// the preview give the outcome it listed; and a preview changes neither the journal nor the next
// generated roll.
#include <gtest/gtest.h>

#include <filesystem>
#include <map>
#include <string>

#include "fortuna/clausewitz/game.hpp"
#include "fortuna/clausewitz/session.hpp"
#include "fortuna/clausewitz/system.hpp"
#include "fortuna/core/errors.hpp"
#include "fortuna/seam/library.hpp"
#include "fortuna/core/recorded_game.hpp"

namespace fortuna::clausewitz::testing_preview {
namespace {

namespace fs = std::filesystem;
using nlohmann::json;
using PreviewGame = RecordedGame<Game>;

const fs::path kPreviewCwData = FORTUNA_TEST_DATA_DIR;

// Gauthier activated at (103, 64) facing 0, Bijlandt at (103, 72) facing `bijlandt_facing`: its
// front 2 cm from Gauthier's (in Bijlandt's zone when it faces 180, behind it when it faces 0).
PreviewGame preview_cw(double bijlandt_facing, std::uint64_t seed = 11) {
    static const auto tables = std::make_shared<const Tables>(load_tables(kPreviewCwData));
    json d = read_json_file(kPreviewCwData / "scenarios" / "quatre-bras-opening-1815.json");
    d["sides"][0]["brigades"][2]["at"] = {103, 64};
    d["sides"][0]["generals"][1]["at"] = {103, 60};
    d["sides"][1]["brigades"][0]["at"] = {103, 72};
    d["sides"][1]["brigades"][0]["facing"] = bijlandt_facing;
    auto scenario = std::make_shared<const Scenario>(scenario_from_json(*tables, d, kPreviewCwData, "preview"));
    json header{{"format", "fortuna-journal"}, {"game", "clausewitz"}, {"scenario", {{"id", scenario->id}, {"document", d}}}, {"seed", std::to_string(seed)}};
    PreviewGame game(Game(tables, scenario), seed, header);
    game.apply_json({{"action", "draw"}, {"chip", "french"}});
    game.apply_json({{"action", "activate"}, {"brigade", "gauthier"}, {"general", "foy"}, {"command", {6, 6}}});
    return game;
}

double cw_chance(const Foreseen& seen, const std::string& outcome) {
    for (const auto& [label, p] : seen.odds)
        if (label == outcome) return p.value();
    ADD_FAILURE() << "no outcome \"" << outcome << "\" in the preview";
    return -1;
}

void expect_cw_groups_sum_to_one(const Foreseen& seen) {
    std::map<std::string, double> sums;
    for (const auto& [label, p] : seen.odds) sums[label.substr(0, label.find(": "))] += p.value();
    EXPECT_FALSE(sums.empty());
    for (const auto& [group, sum] : sums) EXPECT_NEAR(sum, 1.0, 1e-9) << group;
}

// What `clausewitz fire --dice N --range effective --preview` computes for Gauthier's front units.
FireOdds cli_fire(const PreviewGame& game, FireSetup* setup_out = nullptr) {
    const Brigade& gauthier = game.model().state().brigades[static_cast<std::size_t>(game.model().find_brigade("gauthier"))];
    FireRequest request;
    request.kind = FireKind::Volley;
    const int front = std::min(static_cast<int>(gauthier.units.size()), game.model().tables().brigade_max_wide);
    for (int i = 0; i < front; ++i) request.dice += gauthier.units[static_cast<std::size_t>(i)].combat_dice;
    request.range = RangeBand::Effective;
    const FireSetup setup = prepare_fire(game.model().tables(), request);
    if (setup_out) *setup_out = setup;
    return fire_odds(setup);
}

TEST(ClausewitzPreview, SteadyThenFireOddsAreTheResolversForTheMeasuredCircumstances) {
    const PreviewGame game = preview_cw(0);  // Gauthier behind Bijlandt: no zone, no enfilade
    const Foreseen seen = game.model().foresee(Game::decode({{"action", "fire"}, {"brigade", "gauthier"}, {"target", "bijlandt"}}));
    FireSetup setup;
    const FireOdds cli = cli_fire(game, &setup);
    EXPECT_EQ(seen.roll_kind, "dice:" + std::to_string(setup.dice_used));
    EXPECT_EQ(seen.roll_slot, "steady");
    for (std::size_t k = 0; k < cli.steady_successes.p.size(); ++k)
        EXPECT_NEAR(cw_chance(seen, "Steady!: " + std::to_string(k)), static_cast<double>(cli.steady_successes.p[k]), 1e-12) << k;
    for (std::size_t k = 0; k < cli.damage.p.size(); ++k)
        EXPECT_NEAR(cw_chance(seen, "damage: " + std::to_string(k)), static_cast<double>(cli.damage.p[k]), 1e-12) << k;
    expect_cw_groups_sum_to_one(seen);
    for (const auto& [label, p] : seen.odds) EXPECT_EQ(label.rfind("morale: ", 0), std::string::npos) << label;
}

TEST(ClausewitzPreview, InAZoneOfControlTheMoraleTestComesFirst) {
    const PreviewGame game = preview_cw(180);  // 2 cm before Bijlandt's front: inside its zone
    const Foreseen seen = game.model().foresee(Game::decode({{"action", "fire"}, {"brigade", "gauthier"}, {"target", "bijlandt"}}));
    MoraleRequest request;
    const Brigade& gauthier = game.model().state().brigades[static_cast<std::size_t>(game.model().find_brigade("gauthier"))];
    request.units = static_cast<int>(gauthier.units.size());
    const MoraleOdds morale = morale_odds(game.model().tables(), prepare_morale(game.model().tables(), request));
    EXPECT_NEAR(cw_chance(seen, "morale: passes"), morale.pass.value(), 1e-15);
    EXPECT_NEAR(cw_chance(seen, "morale: withdraws"), morale.withdraw.value(), 1e-15);
    EXPECT_NEAR(cw_chance(seen, "morale: flees"), morale.flee.value(), 1e-15);
    // Still the Steady! dice to type; the volley's odds are once the test has passed.
    EXPECT_EQ(seen.roll_slot, "steady");
    EXPECT_GT(cw_chance(seen, "Steady!: 0"), 0.0);
    expect_cw_groups_sum_to_one(seen);
    // A march in the zone: the morale test is the roll, typed as its two dice.
    const Foreseen march = game.model().foresee(Game::decode({{"action", "formation"}, {"brigade", "gauthier"}, {"formation", "column"}}));
    EXPECT_EQ(march.roll_kind, "dice:2");
    EXPECT_EQ(march.roll_slot, "morale");
    expect_cw_groups_sum_to_one(march);
}

TEST(ClausewitzPreview, TheSteadyDiceTypedGiveTheOutcomeListedForThem) {
    PreviewGame game = preview_cw(0);
    const json fire{{"action", "fire"}, {"brigade", "gauthier"}, {"target", "bijlandt"}};
    const Foreseen seen = game.model().foresee(Game::decode(fire));
    const int dice = std::stoi(seen.roll_kind.substr(5));
    ASSERT_GE(dice, 2);
    // Two dice steady (6s), the rest not (1s): the preview's "Steady!: 2".
    json typed = fire;
    typed["steady"] = json::array();
    for (int i = 0; i < dice; ++i) typed["steady"].push_back(i < 2 ? 6 : 1);
    EXPECT_GT(cw_chance(seen, "Steady!: 2"), 0.0);
    game.apply_json(typed);
    const json& action = game.journal().back()["action"];
    ASSERT_EQ(action["steady"].size(), static_cast<std::size_t>(dice));
    for (const json& die : action["steady"]) EXPECT_EQ(die["source"], "entered");
    ASSERT_EQ(action["fire"].size(), 2u);  // one Fire! die a steady die, thrown by the desk
    for (const json& die : action["fire"]) EXPECT_EQ(die["source"], "generated");
}

TEST(ClausewitzPreview, TheChipBagsChancesAreTheChipsLeft) {
    PreviewGame game = preview_cw(0);
    game.apply_json({{"action", "end-activation"}});
    const Foreseen seen = game.model().foresee(Game::decode({{"action", "draw"}}));
    const GameState& state = game.model().state();
    const auto& sides = game.model().scenario().sides;
    const double total = state.bag[0] + state.bag[1];
    EXPECT_DOUBLE_EQ(cw_chance(seen, "chip: " + sides[0].name), state.bag[0] / total);
    EXPECT_DOUBLE_EQ(cw_chance(seen, "chip: " + sides[1].name), state.bag[1] / total);
    EXPECT_EQ(seen.roll_kind, "");  // drawn by the desk or named by hand
}

TEST(ClausewitzPreview, ARefusedActionIsRefusedAsApplyRefusesIt) {
    PreviewGame game = preview_cw(0);
    const json wrong{{"action", "fire"}, {"brigade", "gauthier"}, {"target", "gauthier"}};
    std::string previewed, applied;
    try {
        (void)game.model().foresee(Game::decode(wrong));
    } catch (const RuleError& error) {
        previewed = error.what();
    }
    try {
        game.apply_json(wrong);
    } catch (const RuleError& error) {
        applied = error.what();
    }
    EXPECT_FALSE(previewed.empty());
    EXPECT_EQ(previewed, applied);
}

TEST(ClausewitzPreview, APreviewChangesNeitherTheJournalNorTheNextRoll) {
    PreviewGame with = preview_cw(180, 23);
    PreviewGame without = preview_cw(180, 23);
    const json fire{{"action", "fire"}, {"brigade", "gauthier"}, {"target", "bijlandt"}};
    for (int i = 0; i < 3; ++i) (void)with.model().foresee(Game::decode(fire));
    EXPECT_EQ(with.journal(), without.journal());
    with.apply_json(fire);
    without.apply_json(fire);
    EXPECT_EQ(with.journal(), without.journal());
    EXPECT_EQ(with.model().to_json(), without.model().to_json());
}

TEST(ClausewitzPreview, PlayersAskForTheirOwnBrigadesActionsOnly) {
    const PlayerActions allowed = clausewitz_player_actions();
    EXPECT_FALSE(allowed.open);
    EXPECT_EQ(allowed.kind_key, "action");
    EXPECT_EQ(allowed.find("draw"), nullptr);  // the chip bag is the umpire's
    EXPECT_EQ(allowed.find("end-activation"), nullptr);
    const PlayerActionKind* fire = allowed.find("fire");
    ASSERT_NE(fire, nullptr);
    EXPECT_EQ(fire->own, std::vector<std::string>{"brigade"});
    EXPECT_EQ(fire->existing, std::vector<std::string>{"target"});
    for (const char* key : {"steady", "fire", "morale", "range", "enfilade", "cover", "overrule"}) {
        EXPECT_EQ(std::find(fire->keys.begin(), fire->keys.end(), key), fire->keys.end()) << key;
        EXPECT_NE(std::find(fire->umpire_keys.begin(), fire->umpire_keys.end(), key), fire->umpire_keys.end()) << key;
    }
}

}  // namespace
}  // namespace fortuna::clausewitz::testing_preview
