// SPDX-License-Identifier: MIT
// Dismounted horse (seed 004, MUSKETRY: "Carbine range: 6cm ... dismounted horse, 6"; decision D14):
// a squadron dismounts for an action point and may not otherwise move or fire that turn; on foot it
// fires carbines at 6 cm needing 6, moves as foot in line, never charges, and is met in melee as
// close-order foot not in firing order; it mounts again for a point; the programmed opponent mounts
// its own (squadrons "charged home"), and the Duties list offers both.
#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <string>

#include "fortuna/core/errors.hpp"
#include "fortuna/game_of_kings/session.hpp"
#include "fortuna/seam/library.hpp"

namespace fortuna::game_of_kings::testing_dismounted {
namespace {

namespace fs = std::filesystem;
using nlohmann::json;

const fs::path kDismountedData = FORTUNA_TEST_DATA_DIR;

std::shared_ptr<const Tables> dismounted_tables() {
    static const auto loaded = std::make_shared<const Tables>(load_tables(kDismountedData));
    return loaded;
}

// The encounter with the British dragoons 3 cm before the French Dragons' front (x 22, y 12), alone
// in the Allies' right (the British horse moved to the centre's command).
json dismounted_document() {
    json d = read_json_file(kDismountedData / "scenarios" / "encounter-1745.json");
    for (auto& u : d["units"]) {
        if (u["id"] == "A-british-dragoons") u["y"] = 12;
        if (u["id"] == "A-british-horse") u["sector"] = "centre";
    }
    return d;
}
Recorded dismounted_game(const json& document) {
    const auto scenario = std::make_shared<const Scenario>(scenario_from_json(*dismounted_tables(), kDismountedData, document, "edited.json"));
    return Recorded(GameModel(dismounted_tables(), scenario), 5, journal_header(*scenario, 5));
}
std::string dismounted_refusal(Recorded& game, const json& action) {
    const json before = game.model().to_json();
    try {
        game.apply_json(action);
    } catch (const RuleError& error) {
        EXPECT_EQ(game.model().to_json(), before) << action.dump();
        return error.what();
    }
    return "(applied)";
}
const UnitState& dismounted_state(const Recorded& game, const char* id) {
    return game.model().state().units[static_cast<std::size_t>(game.model().unit_index(id))];
}
// Every sector not yet done, each opened and ended at once.
void dismounted_end_half(Recorded& game) {
    if (!game.model().state().turn.sector.empty()) game.apply_json({{"action", "end-sector"}});
    while (game.model().state().turn.phase == "sectors") {
        const auto& done = game.model().state().turn.sectors_done;
        for (const char* sector : {"left", "centre", "right"})
            if (std::find(done.begin(), done.end(), sector) == done.end()) {
                game.apply_json({{"action", "sector"}, {"sector", sector}});
                game.apply_json({{"action", "end-sector"}});
                break;
            }
    }
}

TEST(GokDismounted, ASquadronDismountsFiresCarbinesAndMountsAgain) {
    Recorded game = dismounted_game(dismounted_document());
    game.apply_json({{"action", "begin-turn"}, {"dice", {3, 4, 5, 2}}});  // gauge 7, France chooses
    game.apply_json({{"action", "choose"}, {"first", "allies"}});
    game.apply_json({{"action", "action-points"}, {"dice", {5, 3, 3}}});  // centre 5, left 3, right 3
    game.apply_json({{"action", "sector"}, {"sector", "right"}});
    // On its horses it has no carbine fire: refused naming the decision.
    EXPECT_NE(dismounted_refusal(game, {{"action", "fire"}, {"unit", "A-british-dragoons"}, {"target", "F-dragons-1"}}).find("D14"), std::string::npos);
    // The Duties list offers the dismount: an enemy is within carbine reach.
    bool offered = false;
    for (const auto& duty : duties_of(game.model()))
        offered = offered || (duty.action["action"] == "form" && duty.action["unit"] == "A-british-dragoons" && duty.action["formation"] == "dismounted");
    EXPECT_TRUE(offered);
    EXPECT_NE(dismounted_refusal(game, {{"action", "form"}, {"unit", "A-british-dragoons"}, {"formation", "line"}}).find("\"dismounted\" or \"mounted\""),
              std::string::npos);
    game.apply_json({{"action", "form"}, {"unit", "A-british-dragoons"}, {"formation", "dismounted"}});
    EXPECT_EQ(game.model().state().turn.points[2], 2);  // one action point (D14)
    const Rect on_foot = game.model().footprint(game.model().unit_index("A-british-dragoons"));
    EXPECT_DOUBLE_EQ(on_foot.x1 - on_foot.x0, 8.0);  // the two bases side by side
    // It may not otherwise move or fire that turn, and never charges on foot.
    EXPECT_NE(dismounted_refusal(game, {{"action", "move"}, {"unit", "A-british-dragoons"}, {"to", {22, 14}}}).find("changed"), std::string::npos);
    EXPECT_NE(dismounted_refusal(game, {{"action", "charge"}, {"unit", "A-british-dragoons"}, {"target", "F-dragons-1"}}).find("mount first"),
              std::string::npos);
    EXPECT_NE(dismounted_refusal(game, {{"action", "fire"}, {"unit", "A-british-dragoons"}, {"target", "F-dragons-1"}}).find("changed formation"),
              std::string::npos);
    // Met in melee it is close-order foot not in firing order: dragoons roll 3 a step against it.
    Contact contact;
    contact.attacker = game.model().unit_index("F-dragons-1");
    contact.defender = game.model().unit_index("A-british-dragoons");
    const MeleeSetup melee = game.model().melee_setup(contact);
    EXPECT_EQ(melee.attacker.column, "Inf (oth)");
    EXPECT_EQ(melee.attacker.pool.dice, 12);
    EXPECT_EQ(melee.defender.row, "Inf");
    // Foot may contact it: it is on foot (the rule against foot charging horse is for horse on horses).
    dismounted_end_half(game);
    game.apply_json({{"action", "action-points"}, {"dice", {1, 1, 1}}});
    dismounted_end_half(game);
    // Turn 2: the Allies first again; carbines at 6 cm, 6 to hit, one die a 25 % step.
    game.apply_json({{"action", "begin-turn"}, {"dice", {3, 5, 2}}});
    game.apply_json({{"action", "choose"}, {"first", "allies"}});
    game.apply_json({{"action", "action-points"}, {"dice", {5, 3, 3}}});
    game.apply_json({{"action", "sector"}, {"sector", "right"}});
    EXPECT_DOUBLE_EQ(game.model().move_allowance(game.model().unit_index("A-british-dragoons")), 6.0);  // as foot in line
    // The programmed opponent would mount it first (squadrons charge home, ORGANISATION); the umpire fires.
    const auto proposal = propose_action(game.model(), 1, {});
    ASSERT_TRUE(proposal);
    EXPECT_EQ(proposal->action["action"], "form") << proposal->action.dump() << " " << proposal->reason;
    EXPECT_EQ(proposal->action["formation"], "mounted");
    EXPECT_NE(proposal->reason.find("D14"), std::string::npos);
    const json fire{{"action", "fire"}, {"unit", "A-british-dragoons"}, {"target", "F-dragons-1"}};
    const Foreseen seen = game.model().foresee(GameModel::decode(fire));
    double none = -1;
    for (const auto& [outcome, p] : seen.odds)
        if (outcome == "hits: 0") none = p.value();
    EXPECT_NEAR(none, 625.0 / 1296, 1e-9);  // (5/6)^4
    json typed = fire;
    typed["roll"] = {6, 5, 1, 6};
    game.apply_json(typed);
    EXPECT_NE(game.journal().back()["summary"].get<std::string>().find("2 hits"), std::string::npos) << game.journal().back().dump();
    bool carbine = false;
    for (const auto& step : game.model().last_explanation()) carbine = carbine || step.find("carbine") != std::string::npos;
    EXPECT_TRUE(carbine);
}

TEST(GokDismounted, AScenarioMayPlaceHorseDismountedButNotFoot) {
    json d = dismounted_document();
    for (auto& u : d["units"])
        if (u["id"] == "A-british-dragoons") u["formation"] = "dismounted";
    Recorded game = dismounted_game(d);
    EXPECT_EQ(dismounted_state(game, "A-british-dragoons").formation, "dismounted");
    for (auto& u : d["units"])
        if (u["id"] == "A-british-1") u["formation"] = "dismounted";
    try {
        (void)scenario_from_json(*dismounted_tables(), kDismountedData, d, "edited.json");
        ADD_FAILURE() << "foot dismounted was accepted";
    } catch (const DataError& error) {
        EXPECT_NE(error.where().find("/formation"), std::string::npos) << error.where();
    }
}

}  // namespace
}  // namespace fortuna::game_of_kings::testing_dismounted
