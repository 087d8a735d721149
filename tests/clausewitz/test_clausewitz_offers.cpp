// SPDX-License-Identifier: MIT
// Clausewitz's Duties list and programmed opponent offer only what the rules accept: a brigade
// whose front units have no combat dice left (D47; "Fire!" counts the combat dice of the front
// units, Rulebook Adjustments) is not offered Fire!, as a reaction or in its own activation; both
// ask refusal_of, the action run through the rules' own code on a copy (Game::foresee). And the
// whole battle of Quatre Bras, playable by the opponents since session 16 (D71).
#include <gtest/gtest.h>

#include <filesystem>
#include <string>

#include "fortuna/clausewitz/game.hpp"
#include "fortuna/clausewitz/session.hpp"
#include "fortuna/core/errors.hpp"
#include "fortuna/core/recorded_game.hpp"
#include "fortuna/seam/library.hpp"

namespace fortuna::clausewitz {
namespace cw_offers_test {

namespace fs = std::filesystem;
using nlohmann::json;
using Recorded = RecordedGame<Game>;

const fs::path kOffersData = FORTUNA_TEST_DATA_DIR;

std::shared_ptr<const Tables> offers_tables() {
    static const auto tables = std::make_shared<const Tables>(load_tables(kOffersData));
    return tables;
}

// The opening with Gauthier (French) at (103, 64) facing Bijlandt (allied) at (103, 72), their
// front edges 2 cm apart (as test_clausewitz_reactions.cpp). Bijlandt's three front units (the
// brigade is three units wide, Rulebook Adjustments) have 150 men each: no combat die (one per
// full 200) and no skirmish die; its two rear units 1,500 each: seven combat dice and one
// skirmish die apiece.
Recorded offers_game() {
    json d = read_json_file(kOffersData / "scenarios" / "quatre-bras-opening-1815.json");
    d["sides"][0]["brigades"][2]["at"] = {103, 64};
    d["sides"][0]["generals"][1]["at"] = {103, 60};
    json& bijlandt = d["sides"][1]["brigades"][0];
    EXPECT_EQ(bijlandt["id"], "bijlandt");
    const int men[] = {150, 150, 150, 1500, 1500};
    for (std::size_t i = 0; i < 5; ++i) bijlandt["units"][i]["men"] = men[i];
    bijlandt["men"] = 3450;
    auto scenario = std::make_shared<const Scenario>(scenario_from_json(*offers_tables(), d, kOffersData, "offers"));
    json header{{"format", "fortuna-journal"}, {"game", "clausewitz"}, {"scenario", {{"id", scenario->id}, {"document", d}}}, {"seed", "7"}};
    return Recorded(Game(offers_tables(), scenario), 7, header);
}

const json kBijlandtFires{{"action", "fire"}, {"brigade", "bijlandt"}, {"target", "gauthier"}};
const json kBijlandtSkirmishes{{"action", "skirmish"}, {"brigade", "bijlandt"}, {"target", "gauthier"}};

bool offers_listed(const Game& game, const json& action) {
    for (const auto& duty : clausewitz_duties(game))
        if (duty.action == action) return true;
    return false;
}

TEST(ClausewitzOffers, AReactionWithoutFrontCombatDiceIsNotOfferedFire) {
    Recorded game = offers_game();
    game.apply_json({{"action", "draw"}, {"chip", "allied"}});
    game.apply_json({{"action", "activate"}, {"brigade", "bijlandt"}, {"general", "perponcher"}, {"command", {6, 6}}});
    game.apply_json({{"action", "end-activation"}});
    game.apply_json({{"action", "draw"}, {"chip", "french"}});
    game.apply_json({{"action", "activate"}, {"brigade", "gauthier"}, {"general", "foy"}, {"command", {6, 6}}});
    game.apply_json({{"action", "fire"}, {"brigade", "gauthier"}, {"target", "bijlandt"}, {"morale", {6, 6}}, {"steady", {1, 1, 1, 1, 1, 1, 1, 1, 1}}});
    ASSERT_EQ(game.model().state().may_react, std::vector<std::string>{"bijlandt"});
    // The rules refuse Bijlandt's Fire! (its front has no combat die), and say so.
    const auto refused = refusal_of(game.model(), kBijlandtFires);
    ASSERT_TRUE(refused.has_value());
    EXPECT_NE(refused->find("no combat dice left"), std::string::npos) << *refused;
    EXPECT_THROW(game.apply_json(kBijlandtFires), RuleError);
    // So the Duties list does not offer it; it offers the skirmish fire the rules accept, and the pass.
    EXPECT_FALSE(offers_listed(game.model(), kBijlandtFires));
    EXPECT_FALSE(refusal_of(game.model(), kBijlandtSkirmishes).has_value());
    EXPECT_TRUE(offers_listed(game.model(), kBijlandtSkirmishes));
    EXPECT_TRUE(offers_listed(game.model(), json{{"action", "pass-reaction"}}));
    // The opponent's answer is one the rules accept.
    const auto answer = propose_action(game.model(), game.model().side_index("allied"), {});
    ASSERT_TRUE(answer.has_value());
    EXPECT_NE(answer->action, kBijlandtFires) << answer->reason;
    EXPECT_NO_THROW(game.apply_json(answer->action)) << answer->action.dump();
}

TEST(ClausewitzOffers, AnActivatedBrigadeWithoutFrontCombatDiceFiresWhatItHas) {
    Recorded game = offers_game();
    game.apply_json({{"action", "draw"}, {"chip", "allied"}});
    game.apply_json({{"action", "activate"}, {"brigade", "bijlandt"}, {"general", "perponcher"}, {"command", {6, 6}}});
    const auto proposal = propose_action(game.model(), game.model().side_index("allied"), {});
    ASSERT_TRUE(proposal.has_value());
    // Gauthier stands 2 cm before its front: the doctrine fires, but Fire! is refused, so its
    // skirmishers fire, the reason naming the rule that refused the volley.
    EXPECT_EQ(proposal->action, kBijlandtSkirmishes) << proposal->reason;
    EXPECT_NE(proposal->reason.find("the rules refuse its Fire!"), std::string::npos) << proposal->reason;
    EXPECT_NE(proposal->reason.find("no combat dice left"), std::string::npos) << proposal->reason;
    EXPECT_NO_THROW(game.apply_json(proposal->action)) << proposal->action.dump();
}

// D72: a wheel (a face, turned about the brigade's centre) may not turn it onto another brigade, as
// a march may not pass through one (Movement Part II); the umpire may overrule it.
TEST(ClausewitzOffers, AWheelOntoAnotherBrigadeIsRefused) {
    json d = read_json_file(kOffersData / "scenarios" / "quatre-bras-opening-1815.json");
    ASSERT_EQ(d["sides"][0]["brigades"][0]["id"], "husson");
    // Gauthier at (60, 40), out of every enemy's zone, facing north in line; Husson 1 cm before it.
    d["sides"][0]["brigades"][2]["at"] = {60, 40};
    d["sides"][0]["generals"][1]["at"] = {60, 36};
    double depth = 0;
    {
        const auto probe = std::make_shared<const Scenario>(scenario_from_json(*offers_tables(), d, kOffersData, "wheel"));
        const Game measured(offers_tables(), probe);
        depth = measured.footprint(measured.state().brigades[static_cast<std::size_t>(measured.find_brigade("gauthier"))]).depth_cm;
    }
    ASSERT_GT(depth, 0.0);
    d["sides"][0]["brigades"][0]["at"] = {60, 40 + depth + 1.0};
    auto scenario = std::make_shared<const Scenario>(scenario_from_json(*offers_tables(), d, kOffersData, "wheel"));
    json header{{"format", "fortuna-journal"}, {"game", "clausewitz"}, {"scenario", {{"id", scenario->id}, {"document", d}}}, {"seed", "7"}};
    Recorded game(Game(offers_tables(), scenario), 7, header);
    game.apply_json({{"action", "draw"}, {"chip", "french"}});
    game.apply_json({{"action", "activate"}, {"brigade", "gauthier"}, {"general", "foy"}, {"command", {6, 6}}});
    ASSERT_EQ(game.model().state().brigades[static_cast<std::size_t>(game.model().find_brigade("gauthier"))].actions_left, 5);
    // An eighth of a turn to the north-east (its outer corner travels 12 x 45 degrees = 9.4 cm: five
    // actions, which it has) swings the right of Gauthier's 12 cm frontage into Husson's place.
    const json wheel{{"action", "face"}, {"brigade", "gauthier"}, {"facing", 45}};
    const auto refused = refusal_of(game.model(), wheel);
    ASSERT_TRUE(refused.has_value());
    EXPECT_NE(refused->find("onto Husson's brigade"), std::string::npos) << *refused;
    EXPECT_THROW(game.apply_json(wheel), RuleError);
    // A small wheel that stays clear is allowed; the umpire may overrule the rule.
    const auto small = refusal_of(game.model(), json{{"action", "face"}, {"brigade", "gauthier"}, {"facing", 5}});
    EXPECT_FALSE(small.has_value()) << *small;
    json overruled = wheel;
    overruled["overrule"] = "umpire: the brigade wheels about its left, clear of Husson";
    EXPECT_NO_THROW(game.apply_json(overruled));
}

// The whole battle (D71): a brigade whose objective lies far off its front cannot march there in one
// turn (the march's wheel alone would cost more actions than it has), so it wheels towards it as
// far as the rules allow instead of ending its activation "holding" an objective 80 cm away.
TEST(ClausewitzOffers, ABrigadeFacingAwayFromItsObjectiveWheelsTowardsIt) {
    json d = read_json_file(kOffersData / "scenarios" / "quatre-bras-1815.json");
    json& maitland = d["sides"][1]["brigades"][9];
    ASSERT_EQ(maitland["id"], "maitland");
    maitland.erase("arrives");
    maitland["at"] = {8, 88};
    maitland["facing"] = 180;  // as it arrives from the west edge, facing into the table (D60)
    maitland["formation"] = "line";
    auto scenario = std::make_shared<const Scenario>(scenario_from_json(*offers_tables(), d, kOffersData, "whole"));
    json header{{"format", "fortuna-journal"}, {"game", "clausewitz"}, {"scenario", {{"id", scenario->id}, {"document", d}}}, {"seed", "3"}};
    Recorded game(Game(offers_tables(), scenario), 3, header);
    game.apply_json({{"action", "draw"}, {"chip", "allied"}});
    game.apply_json({{"action", "activate"}, {"brigade", "maitland"}, {"general", "cooke"}, {"command", {6, 6}}});
    const auto proposal = propose_action(game.model(), game.model().side_index("allied"), {});
    ASSERT_TRUE(proposal.has_value());
    EXPECT_EQ(proposal->action.value("action", ""), "face") << proposal->action.dump() << ": " << proposal->reason;
    EXPECT_NE(proposal->reason.find("towards objective 5"), std::string::npos) << proposal->reason;
    EXPECT_EQ(proposal->reason.find("holds objective"), std::string::npos) << proposal->reason;
    const double before = game.model().state().brigades[static_cast<std::size_t>(game.model().find_brigade("maitland"))].facing;
    ASSERT_NO_THROW(game.apply_json(proposal->action)) << proposal->action.dump();
    const double after = game.model().state().brigades[static_cast<std::size_t>(game.model().find_brigade("maitland"))].facing;
    EXPECT_LT(after, before);  // from south (180) round towards the objective in the east (about 90)
    EXPECT_GE(after, 89.0);
}

// The whole battle's first turns, both sides played by the opponent: no proposal is refused.
TEST(ClausewitzOffers, TheWholeBattleOpensWithNoProposalRefused) {
    const json d = read_json_file(kOffersData / "scenarios" / "quatre-bras-1815.json");
    auto scenario = std::make_shared<const Scenario>(scenario_from_json(*offers_tables(), d, kOffersData, "whole"));
    json header{{"format", "fortuna-journal"}, {"game", "clausewitz"}, {"scenario", {{"id", scenario->id}, {"document", d}}}, {"seed", "1"}};
    Recorded game(Game(offers_tables(), scenario), 1, header);
    for (int step = 0; step < 250 && !game.model().state().over; ++step) {
        const int side = game.model().acting_side();
        const auto proposal = propose_action(game.model(), side, {});
        ASSERT_TRUE(proposal.has_value()) << "step " << step;
        try {
            game.apply_json(proposal->action);
        } catch (const RuleError& error) {
            FAIL() << "step " << step << ": " << proposal->action.dump() << " refused: " << error.what();
        }
    }
    EXPECT_GE(game.model().state().turn, 2);
}

}  // namespace cw_offers_test
}  // namespace fortuna::clausewitz
