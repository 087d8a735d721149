// SPDX-License-Identifier: MIT
// The programmed opponent and the Duties list offer only what the rules accept: "A gun can only be
// contacted if it has no friendly regular foot within 4cm" (seed 004, MELEES). The charge's
// resolver, the opponent and the Duties list all ask GameModel::gun_protector, and the opponent runs
// every proposal through the rules' own preview (GameModel::foresee) before it makes it.
#include <gtest/gtest.h>

#include <filesystem>
#include <map>
#include <set>
#include <string>
#include <utility>

#include "fortuna/core/errors.hpp"
#include "fortuna/game_of_kings/session.hpp"
#include "fortuna/seam/library.hpp"

namespace fortuna::game_of_kings::testing_opponent_legal {
namespace {

namespace fs = std::filesystem;
using nlohmann::json;

const fs::path kLegalData = FORTUNA_TEST_DATA_DIR;

std::shared_ptr<const Tables> legal_tables() {
    static const auto loaded = std::make_shared<const Tables>(load_tables(kLegalData));
    return loaded;
}

// The encounter (data/scenarios/encounter-1745.json) with the units named moved to the centres
// given; France goes first and works its left sector with 5 points.
Recorded legal_position(const std::map<std::string, std::pair<double, double>>& at) {
    json document = read_json_file(kLegalData / "scenarios" / "encounter-1745.json");
    for (auto& unit : document["units"]) {
        const auto found = at.find(unit["id"].get<std::string>());
        if (found != at.end()) unit["x"] = found->second.first, unit["y"] = found->second.second;
    }
    const auto scenario = std::make_shared<const Scenario>(scenario_from_json(*legal_tables(), kLegalData, document, "legal.json"));
    Recorded game(GameModel(legal_tables(), scenario), 5, journal_header(*scenario, 5));
    game.apply_json({{"action", "begin-turn"}, {"dice", {3, 4, 5, 2}}});
    game.apply_json({{"action", "choose"}, {"first", "france"}});
    game.apply_json({{"action", "action-points"}, {"dice", {5, 5, 5}}});
    game.apply_json({{"action", "sector"}, {"sector", "left"}});
    return game;
}

const json kChargeTheGun{{"action", "charge"}, {"unit", "F-cavalerie"}, {"target", "A-british-guns"}};

bool duties_offer(const GameModel& model, const json& action) {
    for (const auto& duty : duties_of(model))
        if (duty.action == action) return true;
    return false;
}

// The French Cavalerie at (30, 30) facing the enemy; the British guns unlimbered 8 cm before it.
TEST(GokOpponentLegal, AGunLeftAloneIsChargedAndOverrun) {
    Recorded game = legal_position({{"F-cavalerie", {30, 30}}, {"A-british-guns", {30, 38}}});
    const GameModel& model = game.model();
    ASSERT_EQ(model.gun_protector(model.unit_index("A-british-guns")), -1);
    const auto proposal = propose_action(model, 0, {});
    ASSERT_TRUE(proposal.has_value());
    EXPECT_EQ(proposal->action, kChargeTheGun) << proposal->action.dump();
    EXPECT_NE(proposal->reason.find("without foot near it"), std::string::npos) << proposal->reason;
    EXPECT_TRUE(duties_offer(model, kChargeTheGun));
    game.apply_json(proposal->action);
    EXPECT_EQ(game.model().state().units[static_cast<std::size_t>(model.unit_index("A-british-guns"))].status, Status::Removed);
}

// The same, with the Foot Guards (regular foot) standing beside the gun: the rules refuse the
// charge, so neither the opponent nor the Duties list offers it.
TEST(GokOpponentLegal, AGunWithFootWithin4CmIsNeverOfferedForACharge) {
    Recorded game = legal_position({{"F-cavalerie", {30, 30}}, {"A-british-guns", {30, 38}}, {"A-guards", {30, 42}}});
    const GameModel& model = game.model();
    const int guns = model.unit_index("A-british-guns"), guards = model.unit_index("A-guards");
    ASSERT_LE(model.distance(guns, guards), legal_tables()->gun_protection_cm);
    EXPECT_EQ(model.gun_protector(guns), guards);
    // The rules refuse it, naming the foot.
    try {
        game.apply_json(kChargeTheGun);
        ADD_FAILURE() << "the charge on a protected gun was accepted";
    } catch (const RuleError& error) {
        EXPECT_NE(std::string(error.what()).find("A-guards"), std::string::npos) << error.what();
    }
    EXPECT_FALSE(duties_offer(model, kChargeTheGun));
    // Every proposal of this sector, each applied, is one the rules accept and none charges the gun.
    for (int step = 0; step < 12 && game.model().state().turn.sector == "left"; ++step) {
        const auto proposal = propose_action(game.model(), 0, {});
        ASSERT_TRUE(proposal.has_value());
        EXPECT_NE(proposal->action, kChargeTheGun) << proposal->reason;
        EXPECT_EQ(proposal->reason.find("A-british-guns is within reach"), std::string::npos) << proposal->reason;
        ASSERT_NO_THROW(game.apply_json(proposal->action)) << proposal->action.dump();
    }
    EXPECT_NE(game.model().state().turn.sector, "left");
}

// The opponent asks the rules before it proposes: an action they would refuse is passed over
// without being tried (no list of refusals is given), over Fontenoy's first seven turns; and every
// offer of the Duties list on the way is one the rules accept (before session 16 its straight-ahead
// moves ran into friends, a charge's way could be blocked, and the sector's end was offered while a
// melee was still to be fought).
TEST(GokOpponentLegal, NoProposalOfFontenoysFirstTurnsIsRefused) {
    const fs::path file = kLegalData / "scenarios" / "fontenoy-1745.json";
    const auto scenario = std::make_shared<const Scenario>(scenario_from_json(*legal_tables(), kLegalData, read_json_file(file), file.string()));
    // Seed 8 proposed a charge of the Guards on F-guns-eu, protected by foot, four times in turn 7
    // before the fix (seeds 6 and 7 did the like later in the battle).
    Recorded game(GameModel(legal_tables(), scenario), 8, journal_header(*scenario, 8));
    int refused = 0, applied = 0;
    const std::set<std::string> none;
    int offers = 0, offers_refused = 0;
    while (game.model().state().turn.phase != "over" && game.model().state().turn.turn <= 7 && applied < 4000) {
        for (const auto& duty : duties_of(game.model())) {
            ++offers;
            try {
                (void)game.model().foresee(GameModel::decode(duty.action));
            } catch (const RuleError& error) {
                if (++offers_refused <= 3) ADD_FAILURE() << "offered at " << game.model().clock_label() << ": " << duty.words << ": " << error.what();
            }
        }
        const auto proposal = propose_action(game.model(), game.model().acting_side(), none);
        ASSERT_TRUE(proposal.has_value()) << game.model().clock_label();
        try {
            game.apply_json(proposal->action);
            ++applied;
        } catch (const RuleError& error) {
            ++refused;
            ADD_FAILURE() << "refused at " << game.model().clock_label() << ": " << proposal->action.dump() << ": " << error.what();
            break;
        }
    }
    EXPECT_EQ(refused, 0);
    EXPECT_EQ(offers_refused, 0) << "of " << offers;
    EXPECT_GT(offers, 500);
    EXPECT_TRUE(game.model().state().turn.turn > 7 || game.model().state().turn.phase == "over") << game.model().clock_label();
}

}  // namespace
}  // namespace fortuna::game_of_kings::testing_opponent_legal
