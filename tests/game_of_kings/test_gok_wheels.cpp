// SPDX-License-Identifier: MIT
// Wheels and flank contact (seed 004, MOVEMENT: "When a unit wheels, measure the distance from the
// front-centre of the unit", "the gun may be pivoted as part of unlimbering"; MELEES: "Add one die
// per 25 percent effectiveness when attacking in flank or rear"; decision D46): a quarter wheel about
// the front corner on its side, its cost the front centre's arc; a charge reaches the edge of the
// target its centre stands beyond, and a flank contact gives the attacker its die; musketry's arc
// follows the facing; the opponent and the Duties list wheel.
#include <gtest/gtest.h>

#include <cmath>
#include <filesystem>
#include <map>
#include <string>
#include <utility>

#include "fortuna/core/errors.hpp"
#include "fortuna/game_of_kings/session.hpp"
#include "fortuna/seam/library.hpp"

namespace fortuna::game_of_kings::testing_wheels {
namespace {

namespace fs = std::filesystem;
using nlohmann::json;

const fs::path kWheelData = FORTUNA_TEST_DATA_DIR;

std::shared_ptr<const Tables> wheel_tables() {
    static const auto loaded = std::make_shared<const Tables>(load_tables(kWheelData));
    return loaded;
}

// The encounter (data/scenarios/encounter-1745.json) with the units named moved to the centres given.
// Its generator's pieces near x 30 are the hill (x 7.6-22.9) and the water (x 38.1-53.3, y 9.5-28.6).
std::shared_ptr<const Scenario> wheel_scenario(const std::map<std::string, std::pair<double, double>>& at) {
    json document = read_json_file(kWheelData / "scenarios" / "encounter-1745.json");
    for (auto& unit : document["units"]) {
        const auto found = at.find(unit["id"].get<std::string>());
        if (found != at.end()) unit["x"] = found->second.first, unit["y"] = found->second.second;
    }
    return std::make_shared<const Scenario>(scenario_from_json(*wheel_tables(), kWheelData, document, "wheels.json"));
}

// France first, its `sector` working with 5 points in each.
Recorded wheel_france(const std::map<std::string, std::pair<double, double>>& at, const char* sector) {
    const auto scenario = wheel_scenario(at);
    Recorded game(GameModel(wheel_tables(), scenario), 5, journal_header(*scenario, 5));
    game.apply_json({{"action", "begin-turn"}, {"dice", {3, 4, 5, 2}}});
    game.apply_json({{"action", "choose"}, {"first", "france"}});
    game.apply_json({{"action", "action-points"}, {"dice", {5, 5, 5}}});
    game.apply_json({{"action", "sector"}, {"sector", sector}});
    return game;
}

std::string wheel_refusal(Recorded& game, const json& action) {
    try {
        game.apply_json(action);
    } catch (const RuleError& error) {
        return error.what();
    }
    return "applied";
}

std::string wheel_text(const Recorded& game) {
    std::string text;
    for (const std::string& line : game.model().last_explanation()) text += line + "\n";
    return text;
}

json wheel_unit_json(const json& state, const std::string& id) {
    for (const json& unit : state.at("units"))
        if (unit["id"] == id) return unit;
    throw std::runtime_error("no unit " + id);
}

// The Allies go first: the British horse, placed at (30, 44) facing -y, wheels left (about its front
// left corner, its left being +x) to face +x at (30, 40); then France's left sector works, the French
// Cavalerie at (30, 30) straight below it, beyond its side and between its front and rear lines.
Recorded wheel_flank_position() {
    const auto scenario = wheel_scenario({{"A-british-horse", {30, 44}}, {"F-cavalerie", {30, 30}}});
    Recorded game(GameModel(wheel_tables(), scenario), 3, journal_header(*scenario, 3));
    game.apply_json({{"action", "begin-turn"}, {"dice", {3, 4, 5, 2}}});
    game.apply_json({{"action", "choose"}, {"first", "allies"}});
    game.apply_json({{"action", "action-points"}, {"dice", {5, 3, 2}}});
    for (const char* sector : {"right", "left", "centre"}) {
        game.apply_json({{"action", "sector"}, {"sector", sector}});
        if (std::string(sector) == "right") game.apply_json({{"action", "wheel"}, {"unit", "A-british-horse"}, {"direction", "left"}});
        game.apply_json({{"action", "end-sector"}});
    }
    game.apply_json({{"action", "action-points"}, {"dice", {5, 3, 2}}});
    game.apply_json({{"action", "sector"}, {"sector", "left"}});
    return game;
}

TEST(GokWheels, AQuarterWheelTurnsAboutTheFrontCornerAndCostsTheFrontCentresArc) {
    // Horse 4 x 4 at (30, 30) facing +y wheels right about its front right corner (32, 32): it ends at
    // (30, 34) facing +x; its front centre travels a quarter circle of radius 2, pi cm (3.1 of 10).
    Recorded game = wheel_france({{"F-cavalerie", {30, 30}}}, "left");
    game.apply_json({{"action", "wheel"}, {"unit", "F-cavalerie"}, {"direction", "right"}});
    const json unit = wheel_unit_json(game.model().to_json(), "F-cavalerie");
    EXPECT_EQ(unit["facing"], "+x");
    EXPECT_DOUBLE_EQ(unit["x"].get<double>(), 30);
    EXPECT_DOUBLE_EQ(unit["y"].get<double>(), 34);
    EXPECT_EQ(game.model().state().turn.points[0], 4);  // a move's action point
    EXPECT_NE(wheel_text(game).find("its front centre travels 3.1 cm of its 10.0 cm"), std::string::npos) << wheel_text(game);
    const Rect r = game.model().footprint(game.model().unit_index("F-cavalerie"));
    EXPECT_DOUBLE_EQ(r.x0, 28);
    EXPECT_DOUBLE_EQ(r.y0, 32);
    // The wheel is its move this turn (D46).
    EXPECT_NE(wheel_refusal(game, {{"action", "move"}, {"unit", "F-cavalerie"}, {"to", {34, 34}}}).find("has moved this turn"), std::string::npos);
    // Undo puts it back as it stood.
    ASSERT_TRUE(game.undo());
    EXPECT_EQ(wheel_unit_json(game.model().to_json(), "F-cavalerie")["facing"], "+y");
    // Left from +y faces -x; four quarters come round (the facing arithmetic).
    EXPECT_EQ(facing_after_wheel(kFacePlusY, true), kFaceMinusX);
    EXPECT_EQ(facing_after_wheel(kFaceMinusX, true), kFaceMinusY);
    EXPECT_EQ(facing_after_wheel(kFaceMinusY, true), kFacePlusX);
    EXPECT_EQ(facing_after_wheel(kFacePlusX, true), kFacePlusY);
    EXPECT_EQ(facing_after_wheel(kFacePlusY, false), kFacePlusX);
}

TEST(GokWheels, FootInLineCannotWheelAQuarterButAColumnCan) {
    // Foot in line, 8 cm of frontage: the front centre's arc is 2 pi = 6.3 cm, beyond the 6 cm move.
    Recorded game = wheel_france({}, "centre");
    const std::string why = wheel_refusal(game, {{"action", "wheel"}, {"unit", "F-line-1"}, {"direction", "left"}});
    EXPECT_NE(why.find("the wheel's front centre travels 6.3 cm, beyond F-line-1's move of 6.0 cm"), std::string::npos) << why;
    EXPECT_NE(why.find("measure the distance from the front-centre"), std::string::npos) << why;
    // In column (free), 4 x 4: pi cm of its 8 cm.
    game.apply_json({{"action", "form"}, {"unit", "F-line-1"}, {"formation", "column"}});
    game.apply_json({{"action", "wheel"}, {"unit", "F-line-1"}, {"direction", "left"}});
    EXPECT_EQ(wheel_unit_json(game.model().to_json(), "F-line-1")["facing"], "-x");
    // Its muskets now fire to its new front (-x), not ahead up the table (D26, D46).
    const int line = game.model().unit_index("F-line-1");
    const auto& u = game.model().state().units[static_cast<std::size_t>(line)];
    ASSERT_DOUBLE_EQ(u.x, 72);  // from (72, 5) about its front left corner (70, 7): x 70-74, y 7-11
    ASSERT_DOUBLE_EQ(u.y, 9);
    Recorded placed = wheel_france({{"A-british-1", {60, 9}}, {"A-british-2", {72, 17}}}, "centre");
    placed.apply_json({{"action", "form"}, {"unit", "F-line-1"}, {"formation", "column"}});
    placed.apply_json({{"action", "wheel"}, {"unit", "F-line-1"}, {"direction", "left"}});
    const GameModel& m = placed.model();
    EXPECT_TRUE(m.in_arc(line, m.unit_index("A-british-1")));
    EXPECT_FALSE(m.in_arc(line, m.unit_index("A-british-2")));
}

TEST(GokWheels, AWheelIsRefusedByTheTablesEdgeAnEnemyInItsWayOrTouching) {
    Recorded edge = wheel_france({{"F-cavalerie", {30, 73}}}, "left");  // it would end at y 75-79, beyond 76.2
    const std::string off = wheel_refusal(edge, {{"action", "wheel"}, {"unit", "F-cavalerie"}, {"direction", "left"}});
    EXPECT_NE(off.find("the wheel leaves the table (D46)"), std::string::npos) << off;
    // The right wheel from (30, 30) ends at x 28-32, y 32-36: an enemy at y 35.5-39.5 is in its way.
    Recorded blocked = wheel_france({{"F-cavalerie", {30, 30}}, {"A-british-horse", {30, 37.5}}}, "left");
    const std::string why = wheel_refusal(blocked, {{"action", "wheel"}, {"unit", "F-cavalerie"}, {"direction", "right"}});
    EXPECT_NE(why.find("the enemy A-british-horse is in the way of the wheel"), std::string::npos) << why;
    // An enemy 2 mm from where it would end: contact is made only by a charge (D29).
    Recorded touching = wheel_france({{"F-cavalerie", {30, 30}}, {"A-british-horse", {34.2, 34}}}, "left");
    const std::string touch = wheel_refusal(touching, {{"action", "wheel"}, {"unit", "F-cavalerie"}, {"direction", "right"}});
    EXPECT_NE(touch.find("it would touch A-british-horse"), std::string::npos) << touch;
    // The umpire may overrule it, and says why.
    json overruled{{"action", "wheel"}, {"unit", "F-cavalerie"}, {"direction", "right"}, {"override", "test: the squadron squeezes past"}};
    EXPECT_EQ(wheel_refusal(touching, overruled), "applied");
}

TEST(GokWheels, AGunPivotsOnlyAsItUnlimbers) {
    Recorded game = wheel_france({}, "centre");
    const std::string why = wheel_refusal(game, {{"action", "wheel"}, {"unit", "F-guns-1"}, {"direction", "left"}});
    EXPECT_NE(why.find("pivoted as part of unlimbering"), std::string::npos) << why;
    game.apply_json({{"action", "limber"}, {"unit", "F-guns-1"}});
    game.apply_json({{"action", "unlimber"}, {"unit", "F-guns-1"}, {"direction", "right"}});
    const json gun = wheel_unit_json(game.model().to_json(), "F-guns-1");
    EXPECT_EQ(gun["facing"], "+x");
    EXPECT_EQ(gun["formation"], "unlimbered");
    const Rect r = game.model().footprint(game.model().unit_index("F-guns-1"));
    EXPECT_DOUBLE_EQ(r.x1 - r.x0, 4);  // lengthways along its new line of fire (D25)
    EXPECT_DOUBLE_EQ(r.y1 - r.y0, 2);
}

TEST(GokWheels, TheCodecNamesTheDirection) {
    const auto refused = [](const json& action) {
        try {
            (void)GameModel::decode(action);
        } catch (const RuleError& error) {
            return std::string(error.what());
        }
        return std::string("decoded");
    };
    EXPECT_EQ(refused({{"action", "wheel"}, {"unit", "F-cavalerie"}}).rfind("direction: wheel expects \"left\" or \"right\"", 0), 0u);
    EXPECT_EQ(refused({{"action", "wheel"}, {"unit", "F-cavalerie"}, {"direction", "about"}}).rfind("direction: wheel expects", 0), 0u);
    EXPECT_EQ(refused({{"action", "move"}, {"unit", "F-cavalerie"}, {"to", {1, 2}}, {"direction", "left"}}).rfind("direction: not a field", 0), 0u);
    const json wheel{{"action", "wheel"}, {"unit", "F-cavalerie"}, {"direction", "left"}};
    EXPECT_TRUE(GameModel::encode(GameModel::decode(wheel)) == wheel);
}

TEST(GokWheels, AChargeFromBeyondTheSideReachesTheFlankAndTheAttackerHasItsDie) {
    Recorded game = wheel_flank_position();
    const GameModel& m = game.model();
    EXPECT_EQ(wheel_unit_json(m.to_json(), "A-british-horse")["facing"], "+x");
    const auto plan = m.charge_plan(m.unit_index("F-cavalerie"), m.unit_index("A-british-horse"), nullptr);
    ASSERT_TRUE(plan.has_value());
    EXPECT_EQ(plan->edge, "flank");
    EXPECT_DOUBLE_EQ(plan->x, 30);
    EXPECT_DOUBLE_EQ(plan->y, 36);
    // The preview shows the melee with the flank die: 8 dice (4 and 4 for the flank) against 4.
    const json charge{{"action", "charge"}, {"unit", "F-cavalerie"}, {"target", "A-british-horse"}};
    const Foreseen seen = m.foresee(GameModel::decode(charge));
    EXPECT_NE(seen.summary.find("8 dice against 4 dice"), std::string::npos) << seen.summary;
    game.apply_json(charge);
    ASSERT_EQ(game.model().state().contacts.size(), 1u);
    EXPECT_TRUE(game.model().state().contacts[0].flank);
    EXPECT_NE(game.model().to_json()["contacts"][0].value("flank", false), false);
    EXPECT_NE(game.journal().back()["summary"].get<std::string>().find("in the flank"), std::string::npos);
}

TEST(GokWheels, TheFlankMeleeIsMeasuredAndAClaimOfNoFlankIsRefused) {
    Recorded game = wheel_flank_position();
    game.apply_json({{"action", "charge"}, {"unit", "F-cavalerie"}, {"target", "A-british-horse"}});
    Recorded refused = wheel_flank_position();
    refused.apply_json({{"action", "charge"}, {"unit", "F-cavalerie"}, {"target", "A-british-horse"}});
    const json melee{{"action", "melee"}, {"unit", "F-cavalerie"}, {"target", "A-british-horse"}};
    json no_flank = melee;
    no_flank["flank"] = false;
    const std::string why = wheel_refusal(refused, no_flank);
    EXPECT_NE(why.find("flank: the action claims no flank, the board shows flank (seed 004, MELEES; D46)"), std::string::npos) << why;
    game.apply_json(melee);
    const std::string text = wheel_text(game);
    EXPECT_NE(text.find("measured on the board: in the flank"), std::string::npos) << text;
    EXPECT_NE(text.find("+4 attacking in flank or rear"), std::string::npos) << text;
}

TEST(GokWheels, AChargerThatDoesNotFaceTheEdgeItReachesMustWheelFirst) {
    // The French Cavalerie beside the British horse (which faces -y): between its front and rear
    // lines, beyond its side; facing +y it does not face that flank.
    Recorded game = wheel_france({{"F-cavalerie", {40, 40}}, {"A-british-horse", {30, 40}}}, "left");
    const std::string why = wheel_refusal(game, {{"action", "charge"}, {"unit", "F-cavalerie"}, {"target", "A-british-horse"}});
    EXPECT_NE(why.find("A-british-horse is not before F-cavalerie's front: it stands in A-british-horse's flank arc (D46)"), std::string::npos) << why;
    EXPECT_NE(why.find("wheel first"), std::string::npos) << why;
    // The opponent wheels it to face the enemy on its flank, within a move, with its reason.
    const auto proposal = propose_action(game.model(), 0, {});
    ASSERT_TRUE(proposal.has_value());
    EXPECT_TRUE(proposal->action == (json{{"action", "wheel"}, {"unit", "F-cavalerie"}, {"direction", "left"}})) << proposal->action.dump();
    EXPECT_NE(proposal->reason.find("to face A-british-horse, on its flank"), std::string::npos) << proposal->reason;
    // The Duties list offers both wheels of a unit that can make them.
    bool left = false, right = false;
    for (const auto& duty : duties_of(game.model())) {
        if (duty.action == json{{"action", "wheel"}, {"unit", "F-cavalerie"}, {"direction", "left"}}) left = true;
        if (duty.action == json{{"action", "wheel"}, {"unit", "F-cavalerie"}, {"direction", "right"}}) right = true;
    }
    EXPECT_TRUE(left);
    EXPECT_TRUE(right);
    // Wheeled left about (38, 42), it stands at (40, 44) facing -x: 8 cm beyond the horse's side and 2
    // behind its rear edge, it is in the flank's arc (the lines through the corners at 45 degrees).
    game.apply_json(proposal->action);
    const auto plan = game.model().charge_plan(game.model().unit_index("F-cavalerie"), game.model().unit_index("A-british-horse"), nullptr);
    ASSERT_TRUE(plan.has_value());
    EXPECT_EQ(plan->edge, "flank");
}

TEST(GokWheels, AChargerFacingAFrontOrRearEdgeReachesItFromBeyondItsLineAsBefore) {
    // The British horse (facing -y) at (38, 34), the French Cavalerie at (30, 30) facing +y: more
    // beside it (6 cm beyond its side) than before it (2 cm beyond its front), in its flank arc, but
    // facing its front edge from beyond that edge's line: it reaches the front, as every journal
    // before D46 has it, centred on it at (38, 30).
    Recorded game = wheel_france({{"F-cavalerie", {30, 30}}, {"A-british-horse", {38, 34}}}, "left");
    const GameModel& m = game.model();
    EXPECT_EQ(m.arc_of(m.unit_index("A-british-horse"), 30, 30), "right");  // its right, as it faces -y
    const auto plan = m.charge_plan(m.unit_index("F-cavalerie"), m.unit_index("A-british-horse"), nullptr);
    ASSERT_TRUE(plan.has_value());
    EXPECT_EQ(plan->edge, "front");
    EXPECT_FALSE(plan->flank);
    EXPECT_DOUBLE_EQ(plan->x, 38);
    EXPECT_DOUBLE_EQ(plan->y, 30);
}

TEST(GokWheels, TheOpponentChargesAFlankWithItsReason) {
    Recorded game = wheel_flank_position();
    const auto proposal = propose_action(game.model(), 0, {});
    ASSERT_TRUE(proposal.has_value());
    EXPECT_TRUE(proposal->action == (json{{"action", "charge"}, {"unit", "F-cavalerie"}, {"target", "A-british-horse"}})) << proposal->action.dump();
    EXPECT_NE(proposal->reason.find("a flank charge"), std::string::npos) << proposal->reason;
}

}  // namespace
}  // namespace fortuna::game_of_kings::testing_wheels
