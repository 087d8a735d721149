// SPDX-License-Identifier: MIT
// Rules 4: the era rules that were data only before: Destiny's lancers at first contact (seed
// 000, 2.4.2), Glaube's cavalry attacking a 'defensive hedgehog' by pistol fire within 0-30 mm
// (8.6), and pursuing cavalry riding down routers, a base a move (8.6; docs/rules/enforcement.md).
#include <gtest/gtest.h>

#include "fortuna/land/battlefield.hpp"
#include "fortuna/land/duties.hpp"
#include "fortuna/land/geometry.hpp"
#include "test_game_support.hpp"

namespace fortuna {
namespace {

using testing::index_of;

using testing::library;
using testing::refusal;
using testing::skirmish;

const Scenario& lancers_scenario() {
    static const Scenario loaded =
        load_scenario(library(), std::string(FORTUNA_TEST_FIXTURES_DIR) + "/scenarios/destiny-lancers.json");
    return loaded;
}

void to_phase(Game& game, int side, const std::string& id) {
    while (game.phasing_side() != side || game.phase().id != id)
        game.apply({{"do", "end-phase"}, {"override", "test: straight to the phase"}});
}


// Puts `mover`, facing 0 (up the table), straight below `target` with `gap_mm` between their outlines.
void place_below(Game& game, const std::string& mover, const std::string& target, double gap_mm) {
    const BoardPoint at = game.unit(target).now.position;
    game.apply({{"do", "set"}, {"unit", mover}, {"to", {at.x_mm, at.y_mm + 200}}, {"facing_deg", 0}, {"reason", "test: placed"}});
    const double now = unit_gap_mm(game, index_of(game, mover), index_of(game, target));
    game.apply({{"do", "set"}, {"unit", mover}, {"to", {at.x_mm, at.y_mm + 200 - (now - gap_mm)}}, {"reason", "test: placed"}});
    ASSERT_NEAR(unit_gap_mm(game, index_of(game, mover), index_of(game, target)), gap_mm, 1e-6);
}

std::string joined(const std::vector<std::string>& lines) {
    std::string all;
    for (const std::string& line : lines) all += line + "\n";
    return all;
}

CombatAction combat_of(const std::string& attacker, const std::string& defender) {
    CombatAction action;
    action.attacker = attacker;
    action.defender = defender;
    return action;
}

// ---- Lancers (seed 000, 2.4.2) -------------------------------------------------------------

TEST(Lancers, StrikeAsDragoonsInTheFirstMoveOfContactOnly) {
    // "Uhlans and Lancers have the same shock value as medium cavalry in the first move of
    // contact, thereafter they have the same shock value as light cavalry." French lancers 3/2,
    // dragoons 4/2 (docs/rules/destiny.md): 4 bases strike at 16 first, 12 after.
    Game game(library(), lancers_scenario(), 1);
    place_below(game, "F-L1", "A-I1", 0.5);
    to_phase(game, 0, "d");
    const CombatRequest first = combat_request(game, combat_of("F-L1", "A-I1"));
    EXPECT_EQ(first.attacker.unit->id, "dragoons");
    EXPECT_EQ(first.attacker.bases * first.attacker.unit->factor(first.attacker.state, first.attacker.formation), 16);
    const AppliedAction& struck = game.apply({{"do", "combat"}, {"attacker", "F-L1"}, {"defender", "A-I1"}, {"roll", "0.500"}});
    const std::string words = joined(struck.explanation);
    EXPECT_NE(words.find("F-L1 (first move of contact: the shock of Dragoons, seed 000, 2.4.2): 4 bases x 4 (normal) = 16"),
              std::string::npos)
        << words;
    // A re-roll resolves the same first contact again: not a second combat, not a later move.
    const AppliedAction& again = game.apply({{"do", "reroll"}, {"roll", "0.400"}});
    EXPECT_NE(joined(again.explanation).find("4 bases x 4 (normal) = 16"), std::string::npos) << joined(again.explanation);

    // The Austrians' half: the contact goes on, so the lancers defend as light cavalry.
    game.apply({{"do", "set"}, {"unit", "F-L1"}, {"bases", 4}, {"state", "normal"}, {"reason", "test: as before"}});
    game.apply({{"do", "set"}, {"unit", "A-I1"}, {"bases", 4}, {"state", "normal"}, {"reason", "test: as before"}});
    place_below(game, "F-L1", "A-I1", 0.5);
    to_phase(game, 1, "d");
    const CombatRequest after = combat_request(game, combat_of("A-I1", "F-L1"));
    EXPECT_EQ(after.defender.unit->id, "lancers");
    EXPECT_EQ(after.defender.bases * after.defender.unit->factor(after.defender.state, after.defender.formation), 12);

    // A player-half with no combat between them ends the contact: the next is a first move again.
    to_phase(game, 0, "d");
    EXPECT_EQ(combat_request(game, combat_of("F-L1", "A-I1")).attacker.unit->id, "dragoons");
}

TEST(Lancers, OtherLightCavalryAndOlderHistoryKeepTheirOwnShock) {
    Game game(library(), lancers_scenario(), 1);
    place_below(game, "F-L1", "A-I1", 0.5);
    to_phase(game, 0, "d");
    // A line journaled under rules 3 stands as it was applied: the lancers' own factor.
    EXPECT_EQ(combat_request(game, combat_of("F-L1", "A-I1"), 3).attacker.unit->id, "lancers");
    // Dragoons have no first-contact type: their own shock always.
    place_below(game, "F-D1", "A-I2", 0.5);
    EXPECT_EQ(combat_request(game, combat_of("F-D1", "A-I2")).attacker.unit->id, "dragoons");
    EXPECT_EQ(game.unit("F-D1").id.first_contact_type, nullptr);
    ASSERT_NE(game.unit("F-L1").id.first_contact_type, nullptr);
    EXPECT_EQ(game.unit("F-L1").id.first_contact_type->id, "dragoons");
}

// ---- Cavalry against a hedgehog or square (seed 000, 8.6) ----------------------------------

TEST(HedgehogFire, GlaubesCavalryAttackAHedgehogByPistolFireWithin30Millimetres) {
    // Glaube, 8.6: "cavalry will attack this formation by pistol fire before attempting to make
    // physical contact ... infantry will attempt to repel this by firing if within 0-30 mm".
    Game game(library(), load_scenario(library(), "white-mountain-1620"), 1620);
    const int catholics = game.scenario().side_index("catholic");
    game.apply({{"do", "set"}, {"unit", "B-I1"}, {"formation", "square"}, {"to", {120, 560}}, {"reason", "test: a hedgehog in the open"}});
    place_below(game, "CL-C1", "B-I1", 20);
    to_phase(game, catholics, "d");
    const CombatReach reach = combat_reach(game, index_of(game, "CL-C1"), index_of(game, "B-I1"));
    ASSERT_TRUE(reach.reach_mm.has_value());
    EXPECT_DOUBLE_EQ(*reach.reach_mm, 30);
    EXPECT_FALSE(reach.contact_only);
    const AppliedAction& attack = game.apply({{"do", "combat"}, {"attacker", "CL-C1"}, {"defender", "B-I1"}, {"roll", "0.500"}});
    EXPECT_EQ(attack.result["table"], "cavalry-vs-square");
    EXPECT_TRUE(attack.overruled.empty());

    // 40 mm away is beyond the hedgehog's fire: refused, citing the rule.
    Game far(library(), load_scenario(library(), "white-mountain-1620"), 1620);
    far.apply({{"do", "set"}, {"unit", "B-I1"}, {"formation", "square"}, {"to", {120, 560}}, {"reason", "test"}});
    place_below(far, "CL-C1", "B-I1", 40);
    to_phase(far, catholics, "d");
    const std::string refused = refusal(far, {{"do", "combat"}, {"attacker", "CL-C1"}, {"defender", "B-I1"}, {"roll", "0.500"}});
    EXPECT_NE(refused.find("by pistol fire before contact, within 0-30 mm"), std::string::npos) << refused;
    // Against a tercio in line the cuirassiers still need contact (8.1.2).
    far.apply({{"do", "set"}, {"unit", "B-I1"}, {"formation", "line"}, {"reason", "test"}});
    EXPECT_TRUE(combat_reach(far, index_of(far, "CL-C1"), index_of(far, "B-I1")).contact_only);
}

TEST(HedgehogFire, TheDutiesListAHedgehogWithinThePistolsReach) {
    Game game(library(), load_scenario(library(), "white-mountain-1620"), 1620);
    const int catholics = game.scenario().side_index("catholic");
    game.apply({{"do", "set"}, {"unit", "B-I1"}, {"formation", "square"}, {"to", {120, 560}}, {"reason", "test"}});
    place_below(game, "CL-C1", "B-I1", 20);
    to_phase(game, catholics, "d");
    const Battlefield field(game.scenario());
    bool listed = false;
    for (const Duty& d : duties(game, field, "d"))
        if (d.id == "d/combat/CL-C1/B-I1") {
            listed = true;
            EXPECT_NE(d.text.find("20 mm apart, within 30 mm"), std::string::npos) << d.text;
        }
    EXPECT_TRUE(listed);
}

TEST(HedgehogFire, ElsewhereCavalryMustReachTheSquare) {
    // Destiny, 8.6: "cavalry will attempt to make physical contact with the square ... infantry
    // will attempt to repel this by firing if within 0-50 mm": contact is still needed.
    Game game(library(), lancers_scenario(), 1);
    game.apply({{"do", "set"}, {"unit", "A-I2"}, {"formation", "square"}, {"reason", "test"}});
    place_below(game, "F-D1", "A-I2", 20);
    to_phase(game, 0, "d");
    const std::string refused = refusal(game, {{"do", "combat"}, {"attacker", "F-D1"}, {"defender", "A-I2"}, {"roll", "0.500"}});
    EXPECT_NE(refused.find("cavalry in physical contact"), std::string::npos) << refused;
}

// ---- Pursuing cavalry ride down routers (seed 000, 8.6) ------------------------------------

// Routers "would be at the mercy of any pursuing cavalry, who remove a base unit from play for
// every move the cavalry comes into contact with the routing unit".
void expect_a_base_a_move(Game& game, const std::string& rider, const std::string& router, int side) {
    const int before = game.unit(router).now.bases;
    game.apply({{"do", "set"}, {"unit", router}, {"state", "routing"}, {"facing_deg", 0}, {"reason", "test: a router"}});
    place_below(game, rider, router, 60);
    to_phase(game, side, "c");
    const BoardPoint from = game.unit(rider).now.position;
    const AppliedAction& caught = game.apply({{"do", "move"}, {"unit", rider}, {"to", {from.x_mm, from.y_mm - 59}}});
    EXPECT_EQ(game.unit(router).now.bases, before - 1);
    EXPECT_EQ(caught.result["ridden_down"], nlohmann::json::array({router}));
    EXPECT_NE(caught.summary.find("rides down the routing " + router + ": a base lost"), std::string::npos) << caught.summary;
    EXPECT_NE(joined(caught.explanation).find("seed 000, 8.6"), std::string::npos);
    // Undo gives the base back; the move's contact is the event, not standing there.
    game.undo();
    EXPECT_EQ(game.unit(router).now.bases, before);
}

TEST(Pursuit, CavalryRideDownARouterABaseForEveryMoveInContact) {
    Game dice(library(), skirmish(), 1);  // the dice edition: French cuirassiers, Imperial line
    expect_a_base_a_move(dice, "F-C1", "I-I1", 0);
    Game destiny(library(), lancers_scenario(), 1);  // random numbers: French dragoons
    expect_a_base_a_move(destiny, "F-D1", "A-I2", 0);
}

TEST(Pursuit, InfantryAndUnitsNotRoutingLoseNoBase) {
    Game game(library(), skirmish(), 1);
    game.apply({{"do", "set"}, {"unit", "I-I1"}, {"state", "routing"}, {"facing_deg", 0}, {"reason", "test"}});
    game.apply({{"do", "set"}, {"unit", "I-I2"}, {"facing_deg", 0}, {"to", {900, 600}}, {"reason", "test: a steady line"}});
    place_below(game, "F-I1", "I-I1", 30);
    place_below(game, "F-C1", "I-I2", 60);
    to_phase(game, 0, "c");
    const BoardPoint foot = game.unit("F-I1").now.position;
    game.apply({{"do", "move"}, {"unit", "F-I1"}, {"to", {foot.x_mm, foot.y_mm - 29.5}}});
    EXPECT_EQ(game.unit("I-I1").now.bases, 5);  // infantry do not ride anyone down
    const BoardPoint horse = game.unit("F-C1").now.position;
    const AppliedAction& contact = game.apply({{"do", "move"}, {"unit", "F-C1"}, {"to", {horse.x_mm, horse.y_mm - 59}}});
    EXPECT_EQ(game.unit("I-I2").now.bases, 5);  // a steady enemy is fought in phase d, not ridden down
    EXPECT_FALSE(contact.result.contains("ridden_down"));
}

// ---- Orders in person, messengers measured and riding back (seed 000, 7.1.2 and 7.2.7) -------

TEST(Orders, AMessengersRideIsMeasuredOnTheBoardAndHeRidesBackAfterDelivering) {
    // F-G1 stands at (700, 1000); F-C1's outline (3 bases of 30 mm, 40 deep, centred on
    // (1050, 1000)) begins at x = 1005: a ride of 305 mm at 200 mm a turn, two turns each way.
    Game game(library(), skirmish(), 1);
    to_phase(game, 0, "c");
    const AppliedAction& sent = game.apply({{"do", "order"}, {"general", "F-G1"}, {"to", "F-C1"}, {"order", "charge the guns"}});
    EXPECT_NEAR(sent.input["distance_mm"].get<double>(), 305, 1e-9);  // journaled as measured
    EXPECT_EQ(sent.result["arrives_turn"], 3);
    while (game.clock().turn < 3) game.apply({{"do", "end-phase"}, {"override", "test: on to turn 3"}});
    to_phase(game, 0, "c");
    const AppliedAction& delivered = game.apply({{"do", "deliver"}, {"messenger", 1}, {"roll", 6}});
    EXPECT_EQ(delivered.result["back_turn"], 5);
    EXPECT_NE(delivered.summary.find("he rides back to F-G1, with him on turn 5"), std::string::npos) << delivered.summary;
    EXPECT_EQ(game.state_json()["messengers"][0]["back_turn"], 5);
    // The journal replays to the same messenger, ride and all.
    EXPECT_EQ(Game::replay(library(), skirmish(), 1, game.journal()).state(), game.state());
    // A ride the umpire measured on the table stands as given.
    EXPECT_EQ(game.apply({{"do", "order"}, {"general", "F-G1"}, {"to", "F-C1"}, {"order", "hold"}, {"distance_mm", 450}}).result["arrives_turn"], 3 + 3);
    // An addressee that is not on the table needs the ride from the umpire.
    const std::string unknown = refusal(game, {{"do", "order"}, {"general", "F-G1"}, {"to", "the baggage"}, {"order", "hold"}});
    EXPECT_NE(unknown.find("distance_mm"), std::string::npos) << unknown;
}

TEST(Orders, AnOrderInPersonIsGivenAtTheUnitAndAcceptedWithoutAMessenger) {
    // F-I1: 5 bases of 20 mm, 15 deep, centred on (600, 950): its outline ends at y = 957.5.
    Game game(library(), skirmish(), 1);
    while (game.phase().id != "c") game.apply({{"do", "end-phase"}, {"override", "test"}});
    const std::string far = refusal(game, {{"do", "order"}, {"general", "F-G1"}, {"to", "F-I1"}, {"order", "advance"}, {"in_person", true}});
    EXPECT_NE(far.find("an order in person is given at the unit (within 20 mm) (seed 000, 7.1.2"), std::string::npos) << far;
    game.apply({{"do", "set"}, {"general", "F-G1"}, {"to", {600, 970}}, {"reason", "test: he rides to the regiment"}});
    const AppliedAction& given = game.apply({{"do", "order"}, {"general", "F-G1"}, {"to", "F-I1"}, {"order", "advance"}, {"in_person", true}});
    EXPECT_TRUE(given.result["understood"].get<bool>());
    EXPECT_TRUE(given.rolls.empty());  // "accepted without question or loss of clarity"
    EXPECT_TRUE(game.state().messengers.empty());
    EXPECT_EQ(given.summary, "F-G1 gives his order in person to F-I1: \"advance\", accepted");
}

TEST(Orders, HistoryUnderRules3KeepsItsUnmeasuredRide) {
    // Before rules 4 an order without a ride arrived at once and no one rode back.
    Game game(library(), skirmish(), 1);
    to_phase(game, 0, "c");
    game.apply({{"do", "order"}, {"general", "F-G1"}, {"to", "F-C1"}, {"order", "charge the guns"}, {"distance_mm", 0}});
    game.apply({{"do", "deliver"}, {"messenger", 1}, {"roll", 6}});
    std::vector<nlohmann::json> lines = game.journal();
    for (nlohmann::json& line : lines) {
        if (!line.contains("do")) continue;  // the header
        line["rules"] = 3;
        line["input"].erase("distance_mm");
        line["result"].erase("back_turn");
    }
    const Game replayed = Game::replay(library(), skirmish(), 1, lines);
    ASSERT_EQ(replayed.state().messengers.size(), 1U);
    EXPECT_EQ(replayed.state().messengers[0].arrives_turn, 1);
    EXPECT_EQ(replayed.state().messengers[0].back_turn, 0);
}

}  // namespace
}  // namespace fortuna
