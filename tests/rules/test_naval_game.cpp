// SPDX-License-Identifier: MIT
// A naval game of the shipped Channel 1778 scenario: sailing, both paths of every hazard, boarding,
// victory by damage, honest undo, the action codec, and bad ship sheets refused with their pointer.
#include <gtest/gtest.h>

#include "naval_test_support.hpp"

namespace fortuna {
namespace {

using nlohmann::json;
using testing::channel;
using testing::dice;
using testing::die;
using testing::sail;

json channel_document() { return read_json_file(std::string(FORTUNA_TEST_DATA_DIR) + "/scenarios/channel-1778.json"); }

// Belle Poule alongside Arethusa, 3 cm off her starboard beam: in contact (D13).
NavalScenario alongside() {
    json doc = channel_document();
    doc["ships"][1]["y_cm"] = 97;
    return NavalScenario::from_json(doc, "alongside.json", sail());
}

// Both halves done, then the wind (3, 3: unchanged): the next round starts with the British.
void next_round(NavalGame& game, Dice& generator) {
    while (game.state().turn.halves_done < 2) game.apply(EndHalfAction{}, generator);
    game.apply(WindAction{die(3), die(3)}, generator);
}

TEST(NavalScenarioFile, ChannelLoads) {
    const auto& s = channel();
    EXPECT_EQ(s.ships.size(), 8u);
    EXPECT_EQ(s.sides.at(static_cast<std::size_t>(s.first_side)).id, "british");
    EXPECT_EQ(sail().point_name(s.wind.direction), "W");
    EXPECT_EQ(s.wind.speed, 4);
    EXPECT_EQ(s.shoals.size(), 1u);
    const NavalGame game(sail(), s);
    EXPECT_EQ(game.ship("actionnaire").now.starboard_decks, 2);  // the sheet comes marked
    EXPECT_EQ(game.ship("actionnaire").now.port_decks, 3);
    EXPECT_TRUE(is_naval_scenario(std::string(FORTUNA_TEST_DATA_DIR) + "/scenarios/channel-1778.json"));
    EXPECT_FALSE(is_naval_scenario(std::string(FORTUNA_TEST_DATA_DIR) + "/scenarios/test-skirmish.json"));
}

TEST(NavalGameplay, BroadsideMarksTheSheetAndCountsForVictory) {
    NavalGame game(sail(), channel());
    Dice generator(1);
    // Belle Poule lies 6.3 cm off Arethusa's starboard beam: 4-8 cm, hull 4-6; she is hit on her port side.
    const auto& applied = game.apply(BroadsideAction{"arethusa", "belle-poule", BroadsideSide::Starboard, Aim::Hull, {}, dice({4, 2})}, generator);
    EXPECT_EQ(applied.summary, "Arethusa fires her starboard broadside at Belle Poule: 1 hit");
    EXPECT_EQ(game.ship("belle-poule").now.port_decks, 1);
    EXPECT_EQ(game.damage_inflicted_by(0), 1);
    EXPECT_EQ(game.leading_side(), 0);
    // The same side cannot fire twice a round; the port side has nobody in its arc.
    EXPECT_THROW(game.apply(BroadsideAction{"arethusa", "belle-poule", BroadsideSide::Starboard, Aim::Hull, {}, {}}, generator), RuleError);
    EXPECT_THROW(game.apply(BroadsideAction{"arethusa", "belle-poule", BroadsideSide::Port, Aim::Hull, {}, {}}, generator), RuleError);
    // A French ship cannot fire in the British half.
    EXPECT_THROW(game.apply(BroadsideAction{"belle-poule", "arethusa", BroadsideSide::Port, Aim::Hull, {}, {}}, generator), RuleError);
}

TEST(NavalGameplay, SailingWithinTheAllowance) {
    NavalGame game(sail(), channel());
    Dice generator(2);
    // Valiant heads N with a westerly wind: a beam reach, (4 + 1) x 3 = 15 cm.
    game.apply(ShipMoveAction{"valiant", 30, 55, 0, {}}, generator);
    EXPECT_EQ(game.ship("valiant").now.y_cm, 55);
    EXPECT_THROW(game.apply(ShipMoveAction{"valiant", 30, 56, 0, {}}, generator), RuleError);  // moved already
    // Monarch turning to W would head into the wind.
    EXPECT_THROW(game.apply(ShipMoveAction{"monarch", 25, 25, 270, {}}, generator), RuleError);
    // Turning to E (4 points, 4 cm) she runs before the wind: 4 x 3 = 12 cm, so 8 cm of sailing is all.
    EXPECT_THROW(game.apply(ShipMoveAction{"monarch", 39, 25, 90, {}}, generator), RuleError);
    game.apply(ShipMoveAction{"monarch", 38, 25, 90, {}}, generator);
    EXPECT_EQ(game.ship("monarch").now.heading_deg, 90);
}

TEST(NavalHazards, ShoalGroundsOnOneToThreeAndASixRefloats) {
    Dice generator(3);
    {
        NavalGame game(sail(), channel());
        game.apply(ShipMoveAction{"alert", 100, 52, 90, die(4)}, generator);  // over the Black Rocks, a 4: passes
        EXPECT_FALSE(game.ship("alert").now.grounded);
    }
    NavalGame game(sail(), channel());
    const auto& grounded = game.apply(ShipMoveAction{"alert", 100, 52, 90, die(3)}, generator);
    EXPECT_TRUE(game.ship("alert").now.grounded);
    EXPECT_NE(grounded.summary.find("runs aground"), std::string::npos);
    next_round(game, generator);
    EXPECT_THROW(game.apply(ShipMoveAction{"alert", 104, 52, 90, {}}, generator), RuleError);
    game.apply(HazardAction{"alert", Hazard::Refloat, die(5), {}}, generator);
    EXPECT_TRUE(game.ship("alert").now.grounded);
    EXPECT_THROW(game.apply(HazardAction{"alert", Hazard::Refloat, die(6), {}}, generator), RuleError);  // one throw a move
    next_round(game, generator);
    game.apply(HazardAction{"alert", Hazard::Refloat, die(6), {}}, generator);
    EXPECT_FALSE(game.ship("alert").now.grounded);
}

TEST(NavalHazards, FireGoesOutOrGrowsAndTheShipBlowsUp) {
    Dice generator(4);
    NavalGame game(sail(), channel());
    game.apply(BroadsideAction{"arethusa", "belle-poule", BroadsideSide::Starboard, Aim::Sails, {}, dice({6, 6})}, generator);
    EXPECT_EQ(game.ship("belle-poule").now.fire, FireState::Burning);
    EXPECT_EQ(game.ship("belle-poule").now.mast_count(), 1);
    game.apply(EndHalfAction{}, generator);
    {
        NavalGame copy = game;
        copy.apply(HazardAction{"belle-poule", Hazard::FireFight, die(5), {}}, generator);  // 5-6 puts it out
        EXPECT_EQ(copy.ship("belle-poule").now.fire, FireState::None);
    }
    game.apply(HazardAction{"belle-poule", Hazard::FireFight, die(4), {}}, generator);
    EXPECT_EQ(game.ship("belle-poule").now.fire, FireState::Spreading);
    next_round(game, generator);
    game.apply(EndHalfAction{}, generator);
    {
        NavalGame copy = game;
        copy.apply(HazardAction{"belle-poule", Hazard::FireFight, die(6), {}}, generator);  // only a 6 now
        EXPECT_EQ(copy.ship("belle-poule").now.fire, FireState::None);
    }
    const int before = game.damage_inflicted_by(0);
    // A 5 fails the second round: she blows up; Arethusa at 6.3 cm throws against 4-6 and catches fire on a 4.
    const auto& blast = game.apply(HazardAction{"belle-poule", Hazard::FireFight, die(5), dice({4})}, generator);
    EXPECT_EQ(blast.summary, "Belle Poule blows up and sinks");
    EXPECT_TRUE(game.ship("belle-poule").now.sunk);
    EXPECT_EQ(game.ship("arethusa").now.fire, FireState::Burning);
    EXPECT_EQ(game.damage_inflicted_by(0) - before, 2 + 2 + 1 + 3);  // every cell she had left (D9)
}

TEST(NavalHazards, FounderingInHighSeasOnOneOrTwo) {
    json doc = channel_document();
    doc["wind"]["speed"] = 6;
    doc["ships"][2]["sheet"] = {{"port_decks", 0}, {"starboard_decks", 0}, {"hull", 0}};  // Valiant, a wreck
    const NavalScenario s = NavalScenario::from_json(doc, "storm.json", sail());
    Dice generator(5);
    NavalGame afloat(sail(), s);
    afloat.apply(HazardAction{"valiant", Hazard::Founder, die(3), {}}, generator);
    EXPECT_FALSE(afloat.ship("valiant").now.sunk);
    NavalGame sinks(sail(), s);
    sinks.apply(HazardAction{"valiant", Hazard::Founder, die(2), {}}, generator);
    EXPECT_TRUE(sinks.ship("valiant").now.sunk);
    EXPECT_EQ(sinks.damage_inflicted_by(1), 3);  // her three masts
    EXPECT_THROW(sinks.apply(HazardAction{"monarch", Hazard::Founder, die(2), {}}, generator), RuleError);  // not a wreck
}

TEST(NavalHazards, MastRepairKeepsTheCrewFromTheGuns) {
    Dice generator(6);
    NavalGame game(sail(), channel());
    game.apply(EndHalfAction{}, generator);
    game.apply(BroadsideAction{"belle-poule", "arethusa", BroadsideSide::Port, Aim::Sails, {}, dice({5, 1})}, generator);
    EXPECT_EQ(game.ship("arethusa").now.mast_count(), 2);
    game.apply(EndHalfAction{}, generator);
    game.apply(WindAction{die(3), die(3)}, generator);
    game.apply(HazardAction{"arethusa", Hazard::MastRepair, die(6), {}}, generator);
    EXPECT_EQ(game.ship("arethusa").now.mast_count(), 3);
    EXPECT_THROW(game.apply(BroadsideAction{"arethusa", "belle-poule", BroadsideSide::Starboard, Aim::Hull, {}, {}}, generator), RuleError);
}

TEST(NavalHazards, AFailedMastRepairLeavesTheMastDownAndTheCrewBusy) {
    // Every face below the 6 fails ("getting a 6 repairs the mast"), and the crew still cannot fire.
    for (int face = 1; face <= 5; ++face) {
        Dice generator(6);
        NavalGame game(sail(), channel());
        game.apply(EndHalfAction{}, generator);
        game.apply(BroadsideAction{"belle-poule", "arethusa", BroadsideSide::Port, Aim::Sails, {}, dice({5, 1})}, generator);
        next_round(game, generator);
        const auto& repair = game.apply(HazardAction{"arethusa", Hazard::MastRepair, die(face), {}}, generator);
        EXPECT_EQ(game.ship("arethusa").now.mast_count(), 2) << face;
        EXPECT_TRUE(game.ship("arethusa").now.repairing) << face;
        EXPECT_EQ(repair.summary.find("Arethusa: "), 0u) << repair.summary;
        EXPECT_THROW(game.apply(BroadsideAction{"arethusa", "belle-poule", BroadsideSide::Starboard, Aim::Hull, {}, {}}, generator), RuleError);
        // One throw a move (D14).
        EXPECT_THROW(game.apply(HazardAction{"arethusa", Hazard::MastRepair, die(6), {}}, generator), RuleError);
    }
}

TEST(NavalHazards, AnExplosionSparesShipsThatMissAndShipsBeyondTwelveCm) {
    // Belle Poule blows up at (42, 94): Arethusa 6.3 cm away throws against the 4-8 cm hull score
    // (4-6), so a 3 misses; Valiant and every other ship is beyond 12 cm and throws nothing (D7).
    Dice generator(10);
    NavalGame game(sail(), channel());
    game.apply(BroadsideAction{"arethusa", "belle-poule", BroadsideSide::Starboard, Aim::Hull, {}, dice({6, 6})}, generator);
    ASSERT_EQ(game.ship("belle-poule").now.fire, FireState::Burning);
    game.apply(EndHalfAction{}, generator);
    game.apply(HazardAction{"belle-poule", Hazard::FireFight, die(4), {}}, generator);  // 5-6 needed: spreads
    next_round(game, generator);
    game.apply(EndHalfAction{}, generator);
    const auto& blast = game.apply(HazardAction{"belle-poule", Hazard::FireFight, die(5), dice({3})}, generator);  // 6 needed
    EXPECT_EQ(blast.summary, "Belle Poule blows up and sinks");
    EXPECT_TRUE(game.ship("belle-poule").now.sunk);
    EXPECT_EQ(game.ship("arethusa").now.fire, FireState::None);
    const auto& used = std::get<HazardAction>(blast.action).spread_rolls;
    ASSERT_EQ(used.size(), 1u);  // one ship within 12 cm: one die
    EXPECT_EQ(used[0].value, 3);
    for (const char* far : {"valiant", "monarch", "alert", "robuste", "actionnaire", "licorne"})
        EXPECT_EQ(game.ship(far).now.fire, FireState::None) << far;
}

TEST(NavalBoarding, APrizeCrewOfNoneIsRefused) {
    Dice generator(7);
    NavalGame game(sail(), alongside());
    try {
        game.apply(BoardingAction{"arethusa", "belle-poule", 0, dice({6, 5, 4, 3}), dice({1, 2, 3, 4})}, generator);
        FAIL() << "a prize crew of 0 was accepted";
    } catch (const RuleError& error) {
        EXPECT_NE(std::string(error.what()).find("prize_crew: at least 1 gun deck"), std::string::npos) << error.what();
    }
    EXPECT_TRUE(game.history().empty());
    EXPECT_FALSE(game.ship("belle-poule").now.struck);
}

TEST(NavalGameplay, APlannedMoveShowsTheAllowanceLeftAndWhyNot) {
    NavalGame game(sail(), channel());
    // Arethusa (fifth rate, masts 1 + 2 + 1 = 4 units) heads E before a westerly of 4: running, 4 x 4 = 16 cm.
    ShipMovePlan plan = game.plan_move("arethusa", 90, 10);
    EXPECT_TRUE(plan.allowed()) << plan.refusal;
    EXPECT_EQ(plan.allowance.allowance_cm, 16);
    EXPECT_EQ(plan.turning_points, 0);
    EXPECT_EQ(plan.remaining_cm, 6);
    EXPECT_EQ(plan.to_x_cm, 50);
    EXPECT_EQ(plan.to_y_cm, 100);
    EXPECT_EQ(plan.shoal, "");
    // One point to starboard (112.5°) is still running (157.5° off the wind) and costs 1 cm: 15 cm left to sail.
    plan = game.plan_move("arethusa", 112.5, 15);
    EXPECT_TRUE(plan.allowed()) << plan.refusal;
    EXPECT_EQ(plan.turning_cm, 1);
    EXPECT_EQ(plan.remaining_cm, 0);
    plan = game.plan_move("arethusa", 112.5, 16);
    EXPECT_FALSE(plan.allowed());
    EXPECT_EQ(plan.remaining_cm, -1);
    EXPECT_EQ(plan.refusal, "Arethusa may use 16 cm this move; 16 cm sailed and 1 cm of turning is more");
    // North: a beam reach, (4 + 1) x 4 = 20 cm, 4 points of turning.
    plan = game.plan_move("arethusa", 0, 10);
    EXPECT_EQ(plan.allowance.allowance_cm, 20);
    EXPECT_EQ(plan.turning_cm, 4);
    EXPECT_EQ(plan.remaining_cm, 6);
    EXPECT_EQ(plan.to_x_cm, 40);
    EXPECT_EQ(plan.to_y_cm, 110);
    // Into the wind, or off the table, the plan says why.
    EXPECT_EQ(game.plan_move("arethusa", 270, 1).refusal, "Arethusa cannot sail directly into the wind: tack one compass point off it");
    EXPECT_NE(game.plan_move("arethusa", 0, 21).refusal.find("leaves the table"), std::string::npos);
    EXPECT_NE(game.plan_move("belle-poule", 90, 1).refusal.find("not of the side moving now"), std::string::npos);
    // Alert's course east meets the Black Rocks (100, 55, radius 4): the plan names them, and a die
    // given for a course that meets no shoal is refused rather than kept unused.
    EXPECT_EQ(game.plan_move("alert", 90, 10).shoal, "the Black Rocks");
    Dice generator(3);
    ShipMovePlan clear = game.plan_move("valiant", 0, 10);
    EXPECT_EQ(clear.shoal, "");
    ShipMoveAction with_die = clear.action();
    with_die.shoal_roll = die(6);
    EXPECT_THROW(game.apply(with_die, generator), RuleError);
    // The plan's action is the move the game applies.
    game.apply(game.plan_move("arethusa", 0, 10).action(), generator);
    EXPECT_EQ(game.ship("arethusa").now.x_cm, 40);
    EXPECT_EQ(game.ship("arethusa").now.y_cm, 110);
    EXPECT_EQ(game.ship("arethusa").now.heading_deg, 0);
    EXPECT_EQ(game.plan_move("arethusa", 0, 1).refusal, "Arethusa has already moved this turn");
}

TEST(NavalBoarding, TheWinnerTakesThePrizeWithACrew) {
    json doc = channel_document();
    doc["ships"][1]["x_cm"] = 42;
    doc["ships"][1]["y_cm"] = 97;  // Belle Poule alongside, 3.6 cm
    const NavalScenario s = NavalScenario::from_json(doc, "alongside.json", sail());
    Dice generator(7);
    NavalGame game(sail(), s);
    const auto& fight = game.apply(BoardingAction{"arethusa", "belle-poule", 1, dice({6, 5, 4, 3}), dice({1, 2, 3, 4})}, generator);
    EXPECT_EQ(fight.summary, "Arethusa captures Belle Poule");
    const Ship& prize = game.ship("belle-poule");
    EXPECT_TRUE(prize.now.struck);
    EXPECT_EQ(prize.now.side, 0);
    EXPECT_EQ(prize.now.gun_decks(), 1);
    EXPECT_EQ(game.ship("arethusa").now.gun_decks(), 3);
    EXPECT_EQ(prize.now.entangled_with, "arethusa");
    EXPECT_EQ(game.damage_inflicted_by(0), 10);  // her whole sheet: 4 decks, 3 masts, 3 hull
    // Boarding needs contact.
    NavalGame apart(sail(), channel());
    EXPECT_THROW(apart.apply(BoardingAction{"arethusa", "belle-poule", 1, {}, {}}, generator), RuleError);
}

TEST(NavalBoarding, ATieStaysEntangledUntilASix) {
    Dice generator(8);
    NavalGame game(sail(), alongside());
    game.apply(BoardingAction{"arethusa", "belle-poule", 1, dice({3, 3, 3, 3}), dice({4, 4, 2, 2})}, generator);  // 12 all
    EXPECT_EQ(game.ship("arethusa").now.entangled_with, "belle-poule");
    EXPECT_FALSE(game.ship("belle-poule").now.struck);
    EXPECT_THROW(game.apply(ShipMoveAction{"arethusa", 45, 100, 90, {}}, generator), RuleError);  // entangled
    game.apply(HazardAction{"arethusa", Hazard::Disentangle, die(5), {}}, generator);
    EXPECT_EQ(game.ship("belle-poule").now.entangled_with, "arethusa");
    next_round(game, generator);
    game.apply(HazardAction{"arethusa", Hazard::Disentangle, die(6), {}}, generator);
    EXPECT_EQ(game.ship("arethusa").now.entangled_with, "");
    EXPECT_EQ(game.ship("belle-poule").now.entangled_with, "");
}

TEST(NavalGameplay, AnAnchorTakesAWholeMoveToRaise) {
    Dice generator(9);
    NavalGame game(sail(), channel());
    game.apply(AnchorAction{"valiant", true}, generator);
    EXPECT_THROW(game.apply(ShipMoveAction{"valiant", 30, 45, 0, {}}, generator), RuleError);
    next_round(game, generator);
    game.apply(AnchorAction{"valiant", false}, generator);  // weighing: this move is spent
    EXPECT_THROW(game.apply(ShipMoveAction{"valiant", 30, 45, 0, {}}, generator), RuleError);
    next_round(game, generator);
    game.apply(ShipMoveAction{"valiant", 30, 45, 0, {}}, generator);
    EXPECT_EQ(game.ship("valiant").now.y_cm, 45);
}

TEST(NavalGameplay, FewerMastsSailSlowerAndNoneDrift) {
    json doc = channel_document();
    doc["ships"][2]["sheet"] = {{"masts", 1}};  // Valiant keeps her foremast only
    Dice generator(10);
    NavalGame jury(sail(), NavalScenario::from_json(doc, "jury.json", sail()));
    EXPECT_EQ(jury.ship("valiant").mast_units(), 1);
    EXPECT_THROW(jury.apply(ShipMoveAction{"valiant", 30, 46, 0, {}}, generator), RuleError);  // beam reach: (4 + 1) x 1 = 5 cm
    jury.apply(ShipMoveAction{"valiant", 30, 45, 0, {}}, generator);
    NavalScenario hulk = channel();
    hulk.ships[2].now.masts = {false, false, false};  // every mast shot away
    NavalGame drifting(sail(), hulk);
    EXPECT_THROW(drifting.apply(ShipMoveAction{"valiant", 30, 41, 0, {}}, generator), RuleError);   // not downwind
    EXPECT_THROW(drifting.apply(ShipMoveAction{"valiant", 31.5, 40, 0, {}}, generator), RuleError); // more than 1 cm
    drifting.apply(ShipMoveAction{"valiant", 31, 40, 90, {}}, generator);  // 1 cm east before a westerly
    EXPECT_EQ(drifting.ship("valiant").now.x_cm, 31);
    EXPECT_EQ(drifting.ship("valiant").now.heading_deg, 0);  // she drifts, she does not turn
}

TEST(NavalUndo, UndoNeverRerolls) {
    NavalGame game(sail(), channel());
    Dice generator(1805);
    const auto first = game.apply(BroadsideAction{"arethusa", "belle-poule", BroadsideSide::Starboard, Aim::Hull, {}, {}}, generator);
    const auto& fired = std::get<BroadsideAction>(first.action).dice;
    ASSERT_EQ(fired.size(), 2u);
    const ShipStatus hit = game.ship("belle-poule").now;
    ASSERT_TRUE(game.undo());
    EXPECT_EQ(game.ship("belle-poule").now, channel().ships[1].now);
    ASSERT_TRUE(game.redo());
    EXPECT_EQ(game.ship("belle-poule").now, hit);
    ASSERT_TRUE(game.undo());
    // Asked again, the same broadside gets the same dice, not fresh ones.
    const auto again = game.apply(BroadsideAction{"arethusa", "belle-poule", BroadsideSide::Starboard, Aim::Hull, {}, {}}, generator);
    EXPECT_EQ(std::get<BroadsideAction>(again.action).dice[0].value, fired[0].value);
    EXPECT_EQ(std::get<BroadsideAction>(again.action).dice[1].value, fired[1].value);
    EXPECT_EQ(game.ship("belle-poule").now, hit);
}

TEST(NavalActions, JsonRoundTripAndBadInput) {
    const NavalAction action = BroadsideAction{"arethusa", "belle-poule", BroadsideSide::Starboard, Aim::Sails, {"main"}, dice({6, 2})};
    const json encoded = naval_action_to_json(action);
    EXPECT_EQ(encoded["action"], "broadside");
    EXPECT_EQ(naval_action_to_json(naval_action_from_json(encoded)), encoded);
    for (const NavalAction& other : {NavalAction{WindAction{die(1), die(6)}}, NavalAction{ShipMoveAction{"alert", 1, 2, 22.5, die(2)}},
                                     NavalAction{HazardAction{"alert", Hazard::Refloat, die(6), {}}}, NavalAction{AnchorAction{"alert", false}},
                                     NavalAction{EndHalfAction{}}, NavalAction{BoardingAction{"a", "b", 2, dice({1}), dice({2})}}})
        EXPECT_EQ(naval_action_to_json(naval_action_from_json(naval_action_to_json(other))), naval_action_to_json(other));
    try {
        naval_action_from_json({{"action", "broadside"}, {"ship", "a"}, {"target", "b"}, {"side", "port"}, {"dice", {7}}});
        FAIL() << "a 7 was accepted";
    } catch (const RuleError& error) {
        EXPECT_NE(std::string(error.what()).find("a die shows 1 to 6, not 7"), std::string::npos);
    }
    EXPECT_THROW(naval_action_from_json({{"action", "tack"}}), RuleError);
    // A field of the wrong type is a RuleError that names it, never a JSON type error.
    for (const json& wrong : {json{{"action", "broadside"}, {"ship", "a"}, {"target", "b"}, {"side", "port"}, {"aim", 3}},
                              json{{"action", "broadside"}, {"ship", "a"}, {"target", "b"}, {"side", "port"}, {"owner_masts", {1}}},
                              json{{"action", "boarding"}, {"ship", "a"}, {"target", "b"}, {"prize_crew", "ten"}},
                              json{{"action", "boarding"}, {"ship", "a"}, {"target", "b"}, {"prize_crew", 1e300}},
                              json{{"action", "anchor"}, {"ship", "a"}, {"drop", "yes"}}}) {
        SCOPED_TRACE(wrong.dump());
        try {
            (void)naval_action_from_json(wrong);
            FAIL() << "accepted";
        } catch (const RuleError& error) {
            const std::string field = wrong.contains("aim") ? "aim" : wrong.contains("owner_masts") ? "owner_masts"
                                    : wrong.contains("prize_crew")                             ? "prize_crew"
                                                                                               : "drop";
            EXPECT_NE(std::string(error.what()).find("'" + field + "'"), std::string::npos) << error.what();
        }
    }
}

// ---------------------------------------------------------------- bad sheets

std::string pointer_of(const std::function<void()>& load) {
    try {
        load();
    } catch (const DataError& error) {
        return error.where();
    }
    return "accepted";
}

TEST(NavalActions, UnknownKeysAreRefusedNamingTheKeyAndTheExpectedOnes) {
    // "rolls" where "dice" was meant would otherwise throw fresh dice in place of the player's own.
    const json mistaken = {{"action", "broadside"}, {"ship", "arethusa"}, {"target", "belle-poule"}, {"side", "starboard"}, {"rolls", {1, 1}}};
    try {
        naval_action_from_json(mistaken);
        FAIL() << "an unknown key was accepted";
    } catch (const RuleError& error) {
        EXPECT_EQ(std::string(error.what()),
                  "naval action 'broadside': unknown key 'rolls': expected ship, target, side, aim, owner_masts, dice");
    }
    EXPECT_THROW(naval_action_from_json(json{{"action", "end-half"}, {"ship", "arethusa"}}), RuleError);
    EXPECT_THROW(naval_action_from_json(json{{"action", "wind"}, {"direction", 3}}), RuleError);
}

TEST(NavalBadSheets, ImpossibleShipClassesAreRefusedWithTheirPointer) {
    const std::string file = std::string(FORTUNA_TEST_DATA_DIR) + "/tables/age-of-sail.json";
    json doc = read_json_file(file);
    json no_masts = doc;
    no_masts["ship_classes"][0]["masts"] = json::array();
    EXPECT_EQ(pointer_of([&] { validate_against_schema(no_masts, "naval", "t.json", FORTUNA_TEST_DATA_DIR); }), "/ship_classes/0/masts");
    EXPECT_EQ(pointer_of([&] { NavalTables::from_json(no_masts, "t.json"); }), "/ship_classes/0/masts");
    json negative = doc;
    negative["ship_classes"][4]["gun_decks_per_side"] = -1;
    EXPECT_EQ(pointer_of([&] { validate_against_schema(negative, "naval", "t.json", FORTUNA_TEST_DATA_DIR); }),
              "/ship_classes/4/gun_decks_per_side");
    EXPECT_EQ(pointer_of([&] { NavalTables::from_json(negative, "t.json"); }), "/ship_classes/4/gun_decks_per_side");
    json gap = doc;
    gap["firing"]["bands"][1]["from_cm"] = 5;
    EXPECT_EQ(pointer_of([&] { NavalTables::from_json(gap, "t.json"); }), "/firing/bands/1");
}

TEST(NavalBadSheets, ImpossibleShipsInAScenarioAreRefusedWithTheirPointer) {
    const std::string data = FORTUNA_TEST_DATA_DIR;
    json masts = channel_document();
    masts["ships"][0]["sheet"] = {{"masts", 0}};
    EXPECT_EQ(pointer_of([&] { validate_against_schema(masts, "naval-scenario", "s.json", data); }), "/ships/0/sheet/masts");
    EXPECT_EQ(pointer_of([&] { NavalScenario::from_json(masts, "s.json", sail()); }), "/ships/0/sheet/masts");
    json guns = channel_document();
    guns["ships"][3]["sheet"] = {{"port_decks", -2}};
    EXPECT_EQ(pointer_of([&] { validate_against_schema(guns, "naval-scenario", "s.json", data); }), "/ships/3/sheet/port_decks");
    EXPECT_EQ(pointer_of([&] { NavalScenario::from_json(guns, "s.json", sail()); }), "/ships/3/sheet/port_decks");
    json frigate = channel_document();
    frigate["ships"][0]["sheet"] = {{"port_decks", 3}};  // a frigate has 2 a side
    EXPECT_EQ(pointer_of([&] { NavalScenario::from_json(frigate, "s.json", sail()); }), "/ships/0/sheet/port_decks");
    json unknown = channel_document();
    unknown["ships"][2]["class"] = "galleon";
    EXPECT_EQ(pointer_of([&] { NavalScenario::from_json(unknown, "s.json", sail()); }), "/ships/2/class");
    json heading = channel_document();
    heading["ships"][2]["heading_deg"] = 10;
    EXPECT_EQ(pointer_of([&] { NavalScenario::from_json(heading, "s.json", sail()); }), "/ships/2/heading_deg");
}

}  // namespace
}  // namespace fortuna
