// SPDX-License-Identifier: MIT
// Clausewitz's Duties list and programmed opponent offer only what the rules accept: a brigade
// whose front units have no combat dice left (D47; "Fire!" counts the combat dice of the front
// units, Rulebook Adjustments) is not offered Fire!, as a reaction or in its own activation; both
// ask refusal_of, the action run through the rules' own code on a copy (Game::foresee).
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

}  // namespace cw_offers_test
}  // namespace fortuna::clausewitz
