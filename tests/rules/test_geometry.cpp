// SPDX-License-Identifier: MIT
// The rules of the table, each with its seed section and a value to check by hand: outlines, distances, going, blocking, wheels, contact, aspect, sight.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <numbers>

#include "fortuna/land/battlefield.hpp"
#include "fortuna/core/errors.hpp"
#include "fortuna/land/game.hpp"
#include "fortuna/land/geometry.hpp"
#include "fortuna/seam/library.hpp"
#include "fortuna/land/scenario.hpp"
#include "test_game_support.hpp"

namespace fortuna {
namespace {

using testing::index_of;

using testing::library;
using testing::skirmish;

// White Mountain is played with the Age of Glaube (random numbers); the test skirmish with the
// dice edition of Gloire (seed 002).
Game white_mountain_game() { return Game(library(), load_scenario(library(), "white-mountain-1620"), 1620, testing::kAdvisory); }  // geometry, not the rules of play
Game skirmish_game() { return Game(library(), skirmish(), 7); }


void place(Game& game, const std::string& code, double x, double y, std::optional<double> facing = std::nullopt) {
    nlohmann::json action = {{"do", "set"}, {"unit", code}, {"to", {{"x_mm", x}, {"y_mm", y}}}, {"reason", "test"}};
    if (facing) action["facing_deg"] = *facing;
    game.apply(action);
}

UnitType foot() {
    UnitType t;
    t.arm = Arm::Infantry;
    t.base = {20, 15, 2};
    return t;
}

// ---- Outlines (seed 000, 2.4.1-2.4.3; seed 002 "Battlefield scale") ----------------------------

TEST(GeometryOutline, LineOfSixTwentyMillimetreBasesIs120mmWide) {
    // 2.4.1: each base 20 x 15 mm side by side in line.
    const Footprint line = unit_footprint(foot(), 6, Formation::Line, {100, 100}, 0);
    EXPECT_DOUBLE_EQ(line.width_mm, 120);
    EXPECT_DOUBLE_EQ(line.frontage_mm, 120);
    EXPECT_DOUBLE_EQ(line.depth_mm, 15);
    ASSERT_EQ(line.bases.size(), 6u);
    EXPECT_DOUBLE_EQ(line.bases.front().centre.x_mm, -50);  // -60 + 10
    EXPECT_DOUBLE_EQ(line.bases.back().centre.x_mm, 50);
}

TEST(GeometryOutline, CavalryOfThreeSquadronsIs90By40) {
    // 2.4.2: a squadron is 30 x 40 mm; four make a 120 mm front, so three make 90.
    UnitType horse;
    horse.arm = Arm::Cavalry;
    horse.base = {30, 40, 2};
    const Footprint f = unit_footprint(horse, 3, Formation::Line, {0, 0}, 0);
    EXPECT_DOUBLE_EQ(f.width_mm, 90);
    EXPECT_DOUBLE_EQ(f.depth_mm, 40);
}

TEST(GeometryOutline, FallbackSizesAreTheSeedsWhereTheDataHasNone) {
    UnitType horse;
    horse.arm = Arm::Cavalry;  // no base in the data: seed 000 2.4.2's 30 x 40 mm
    EXPECT_DOUBLE_EQ(base_size(horse).width_mm, 30);
    EXPECT_DOUBLE_EQ(base_size(horse).depth_mm, 40);
    UnitType gun;
    gun.arm = Arm::Artillery;  // 2.4.3: a 20 mm front; 30 mm deep (errata E18)
    EXPECT_DOUBLE_EQ(base_size(gun).width_mm, 20);
    EXPECT_DOUBLE_EQ(base_size(gun).depth_mm, 30);
}

TEST(GeometryOutline, ColumnIsABlockAndSquareHasFourOutwardFaces) {
    // Column: ceil(sqrt(10)) = 4 files, 3 ranks: 80 x 45 mm.
    const Footprint column = unit_footprint(foot(), 10, Formation::Column, {0, 0}, 0);
    EXPECT_DOUBLE_EQ(column.width_mm, 80);
    EXPECT_DOUBLE_EQ(column.depth_mm, 45);
    // Square of 8 (8.6, 'defensive hedgehog'): two bases a face, 40 mm inside, one base deep
    // all round: 40 + 2 x 15 = 70 mm each way; each face's bases look outwards.
    const Footprint square = unit_footprint(foot(), 8, Formation::Square, {0, 0}, 0);
    EXPECT_DOUBLE_EQ(square.width_mm, 70);
    EXPECT_DOUBLE_EQ(square.depth_mm, 70);
    EXPECT_DOUBLE_EQ(square.frontage_mm, 40);
    ASSERT_EQ(square.bases.size(), 8u);
    int faces[4] = {0, 0, 0, 0};
    for (const BaseOutline& b : square.bases) {
        const int face = static_cast<int>(std::lround(b.turn_deg / 90.0));
        ++faces[face];
        // The base's middle is 20 + 7.5 = 27.5 mm out from the centre in the way it faces.
        const double out = face == 0 ? -b.centre.y_mm : face == 1 ? b.centre.x_mm : face == 2 ? b.centre.y_mm : -b.centre.x_mm;
        EXPECT_NEAR(out, 27.5, 1e-9) << "face " << face;
    }
    EXPECT_EQ(faces[0], 2);
    EXPECT_EQ(faces[1], 2);
    EXPECT_EQ(faces[2], 2);
    EXPECT_EQ(faces[3], 2);
}

TEST(GeometryOutline, GunsStandSideBySideInAnyFormationAndDragoonsDismountToFoot) {
    UnitType gun;
    gun.arm = Arm::Artillery;
    gun.base = {20, 30, 1};
    const Footprint limbered = unit_footprint(gun, 2, Formation::Column, {0, 0}, 0);
    EXPECT_DOUBLE_EQ(limbered.width_mm, 40);
    EXPECT_DOUBLE_EQ(limbered.depth_mm, 30);
    // CL-C5, three squadrons of dragoons: 90 x 40 mounted; dismounted they stand as foot, three
    // 20 x 15 bases (seed 000 2.4.2, the army table's dismounted type): 60 x 15.
    Game game = white_mountain_game();
    const std::size_t dragoons = index_of(game, "CL-C5");
    EXPECT_DOUBLE_EQ(unit_footprint(game, dragoons).width_mm, 90);
    game.apply({{"do", "set"}, {"unit", "CL-C5"}, {"mount", false}, {"reason", "test"}});
    EXPECT_DOUBLE_EQ(unit_footprint(game, dragoons).width_mm, 60);
    EXPECT_DOUBLE_EQ(unit_footprint(game, dragoons).depth_mm, 15);
}

// ---- Distances: nearest edges (errata E20) ------------------------------------------------------

TEST(GeometryDistance, TheTapeIsLaidBetweenTheNearestEdgesAndTheDrawnLineSaysTheSame) {
    const Game game = white_mountain_game();
    // IM-C1: three 30 x 40 squadrons at (1300, 760) facing the top edge, x 1255-1345, y 740-780.
    // B-I6: six 20 x 15 bases at (1020, 372) facing the bottom edge, x 960-1080, y 364.5-379.5.
    // Nearest corners (1255, 740) and (1080, 379.5): sqrt(175^2 + 360.5^2) = 400.7 mm; the
    // centres are 478.5 mm apart (what the board used to draw).
    const Gap gap = unit_gap(game, index_of(game, "IM-C1"), index_of(game, "B-I6"));
    EXPECT_NEAR(gap.mm, std::hypot(175.0, 360.5), 1e-9);
    EXPECT_NEAR(gap.from.x_mm, 1255, 1e-9);
    EXPECT_NEAR(gap.from.y_mm, 740, 1e-9);
    EXPECT_NEAR(gap.to.x_mm, 1080, 1e-9);
    EXPECT_NEAR(gap.to.y_mm, 379.5, 1e-9);
    // For every pair on the table, the line drawn between the two points is as long as the
    // distance the rules use, and both ends lie on the outlines.
    for (std::size_t a = 0; a < game.units().size(); ++a)
        for (std::size_t b = a + 1; b < game.units().size(); ++b) {
            const Gap g = unit_gap(game, a, b);
            EXPECT_NEAR(distance_mm(g.from, g.to), g.mm, 1e-9) << game.units()[a].id.code << "-" << game.units()[b].id.code;
            EXPECT_NEAR(g.mm, unit_gap_mm(game, a, b), 1e-12);
            const auto on_outline = [](const BoardPoint& p, const Polygon& outline) {
                double best = 1e9;
                for (std::size_t i = 0; i < outline.size(); ++i)
                    best = std::min(best, point_segment_distance(p, outline[i], outline[(i + 1) % outline.size()]));
                return best;
            };
            EXPECT_LT(on_outline(g.from, unit_footprint(game, a).corners), 1e-6);
            EXPECT_LT(on_outline(g.to, unit_footprint(game, b).corners), 1e-6);
        }
}

TEST(GeometryDistance, ArtilleryRangeIsToTheNearestBase) {
    // Seed 000, 6 "measure the distance between the artillery unit and the target" (E20):
    // CL-A1's muzzle at y 625, B-I2's nearest edge at y 369.5, straight ahead: 255.5 mm.
    const Game game = white_mountain_game();
    EXPECT_NEAR(unit_gap_mm(game, index_of(game, "CL-A1"), index_of(game, "B-I2")), 255.5, 1e-9);
}

// ---- Movement: going and allowance (seed 000, 7.2.5; seed 002 Tables 1-2) ---------------------------

TEST(GeometryMovement, OpenGroundCostsDistanceOverTheNormalMove) {
    // Gloire dice: French line infantry 50 mm a move (Table 1). 40 mm straight ahead: 0.8 of a move.
    const Game game = skirmish_game();
    const Battlefield field(game.scenario());
    const MovePlan plan = plan_move(game, field, index_of(game, "F-I1"), {600, 910});
    EXPECT_DOUBLE_EQ(plan.distance_mm, 40);
    EXPECT_EQ(plan.going, Going::Normal);
    EXPECT_DOUBLE_EQ(plan.allowance_mm, 50);
    EXPECT_NEAR(plan.cost_moves, 0.8, 1e-9);
    EXPECT_FALSE(plan.over());
    EXPECT_FALSE(plan.blocked);
}

TEST(GeometryMovement, APointFarBeyondTheTableIsTheEdgeNotAnEndlessWalk) {
    // The fuzzer's "ch F-C1 1e308" at the desk: measured at once as off the table.
    const Game game = skirmish_game();
    const Battlefield field(game.scenario());
    for (const BoardPoint to : {BoardPoint{1e308, 0}, BoardPoint{600, 1e9}}) {
        const MovePlan plan = plan_move(game, field, index_of(game, "F-I1"), to);
        EXPECT_TRUE(plan.blocked);
        ASSERT_EQ(plan.contacts.size(), 1u);
        EXPECT_EQ(plan.contacts[0].kind, MoveContact::Kind::OffBoard);
    }
}

TEST(GeometryMovement, SixtyMillimetresThroughWoodsCostOneAndAHalfMovesInBothEditions) {
    // Line infantry: 50 mm a move, difficult -10 (Table 1 / derived Glaube table): 40 mm a move
    // in woods, so 60 mm through woods is 60 / 40 = 1.5 moves.
    {
        Game game = skirmish_game();  // dice: the Eichwald spans x 1100-1300 at y 640-700
        place(game, "F-I1", 1200, 700);
        const MovePlan plan = plan_move(game, Battlefield(game.scenario()), index_of(game, "F-I1"), {1200, 640});
        EXPECT_EQ(plan.going, Going::Difficult);
        EXPECT_NEAR(plan.difficult_mm, 60, 1e-9);
        EXPECT_NEAR(plan.cost_moves, 1.5, 1e-9);
        EXPECT_TRUE(plan.over());
        EXPECT_NE(plan.words().find("PAST THE ALLOWANCE"), std::string::npos) << plan.words();
    }
    {
        Game game = white_mountain_game();  // Glaube: the Star park wood on the plateau
        place(game, "B-I1", 250, 150);
        const MovePlan plan = plan_move(game, Battlefield(game.scenario()), index_of(game, "B-I1"), {250, 90});
        EXPECT_EQ(plan.going, Going::Difficult);
        EXPECT_NEAR(plan.cost_moves, 1.5, 1e-9);
    }
}

TEST(GeometryMovement, RoadsAndColumnsAddSpeed) {
    Game game = skirmish_game();
    const Battlefield field(game.scenario());
    // The Kleinfeld road runs from (740, 700) to (750, 1200): 48 mm along it at 50 + 10 = 60 mm a
    // move is 0.8 of a move.
    place(game, "F-I1", 748, 1100);
    const MovePlan road = plan_move(game, field, index_of(game, "F-I1"), {747.04, 1052});
    EXPECT_EQ(road.going, Going::Road);
    EXPECT_NEAR(road.cost_moves, road.distance_mm / 60, 1e-9);
    EXPECT_NEAR(road.cost_moves, 0.8, 1e-3);
    // Seed 002 Table 1 heading, "Movement in column add charge speed": I-I2 in column moves
    // 50 + 10 = 60 mm; charging in column adds the charge speed once, not twice.
    const UnitType& type = unit_type_now(game, index_of(game, "I-I2"));
    EXPECT_DOUBLE_EQ(move_allowance_mm(type, Formation::Column, Going::Normal, false), 60);
    EXPECT_DOUBLE_EQ(move_allowance_mm(type, Formation::Column, Going::Normal, true), 60);
    EXPECT_DOUBLE_EQ(move_allowance_mm(type, Formation::Line, Going::Normal, true), 60);
    EXPECT_DOUBLE_EQ(move_allowance_mm(type, Formation::Line, Going::Difficult, false), 40);
}

TEST(GeometryMovement, ClimbingTheWhiteMountainIsDifficultGoing) {
    // 7.2.5 names hills as difficult terrain: the stretch above the ground the move started on.
    // CL-T1 in line from (420, 520) to (420, 448): the slopes begin at y 487.96 at x 420
    // (between (380, 485) and (650, 505)); 32.04 mm at 50 mm a move, 39.96 mm at 40.
    Game game = white_mountain_game();
    game.apply({{"do", "set"}, {"unit", "CL-T1"}, {"formation", "line"}, {"reason", "test"}});
    place(game, "CL-T1", 420, 520);
    const MovePlan plan = plan_move(game, Battlefield(game.scenario()), index_of(game, "CL-T1"), {420, 448});
    EXPECT_EQ(plan.going, Going::Difficult);
    EXPECT_NEAR(plan.normal_mm, 32.04, 1.0);
    EXPECT_NEAR(plan.difficult_mm, 39.96, 1.0);
    EXPECT_NEAR(plan.cost_moves, plan.normal_mm / 50 + plan.difficult_mm / 40, 1e-9);
}

TEST(GeometryMovement, WithdrawingIsHalfSpeedAndGeneralsRideTwoHundred) {
    // 7.2.3: withdrawing facing the enemy at half speed: 20 mm for French foot is 20 / 25 = 0.8.
    const Game game = skirmish_game();
    const MovePlan back = plan_move(game, Battlefield(game.scenario()), index_of(game, "F-I1"), {600, 970}, std::nullopt, MoveKind::Withdraw);
    EXPECT_DOUBLE_EQ(back.allowance_mm, 25);
    EXPECT_NEAR(back.cost_moves, 0.8, 1e-9);
    // 7.2.7: a general rides 200 mm a turn whatever the ground: F-G1 from (700, 1000) to
    // (700, 850) through nothing, 150 mm, 0.75 of a turn.
    const MovePlan ride = plan_general_move(game, 0, {700, 850});
    EXPECT_DOUBLE_EQ(ride.allowance_mm, 200);
    EXPECT_NEAR(ride.cost_moves, 0.75, 1e-9);
    EXPECT_TRUE(plan_general_move(game, 0, {700, 1300}).blocked);
}

// ---- Movement: what a path meets (seed 000, 7.2.2, 7.2.4, 6, 3.1.3-3.1.4) ------------------------

const MoveContact* contact_with(const MovePlan& plan, MoveContact::Kind kind) {
    for (const MoveContact& c : plan.contacts)
        if (c.kind == kind) return &c;
    return nullptr;
}

TEST(GeometryMovement, FriendsArePassedThroughAndDisruptedEnemiesBlock) {
    Game game = skirmish_game();
    const Battlefield field(game.scenario());
    const std::size_t f_i1 = index_of(game, "F-I1");
    // F-A1 (friendly guns) put 50 mm ahead of F-I1: passed through, both disrupted (7.2.2).
    place(game, "F-A1", 600, 900);
    MovePlan plan = plan_move(game, field, f_i1, {600, 850});
    ASSERT_EQ(plan.contacts.size(), 1u);
    EXPECT_TRUE(plan.contacts[0].allowed);
    EXPECT_TRUE(plan.contacts[0].friendly);
    EXPECT_EQ(plan.contacts[0].consequence, "both disrupted");
    EXPECT_FALSE(plan.blocked);
    // Ending on them is not allowed.
    plan = plan_move(game, field, f_i1, {600, 905});
    EXPECT_TRUE(plan.blocked);
    EXPECT_TRUE(plan.contacts[0].ends_on);
    EXPECT_NE(plan.words().find("BLOCKED by unit F-A1"), std::string::npos) << plan.words();
    // Enemy foot in the way block the move; enemy guns are overrun and captured (section 6).
    place(game, "F-A1", 730, 900);
    place(game, "I-I1", 600, 890);
    plan = plan_move(game, field, f_i1, {600, 850});
    EXPECT_TRUE(plan.blocked);
    place(game, "I-I1", 450, 330);
    place(game, "I-A1", 600, 900);
    plan = plan_move(game, field, f_i1, {600, 850});
    EXPECT_FALSE(plan.blocked);
    ASSERT_EQ(plan.contacts.size(), 1u);
    EXPECT_EQ(plan.contacts[0].consequence, "guns captured");
}

TEST(GeometryMovement, RoutersPassThroughFriendsAndMayLeaveTheTable) {
    Game game = skirmish_game();
    const Battlefield field(game.scenario());
    place(game, "F-A1", 600, 1000);
    // 7.2.4: routing units move to their rear at charge speed, through friends, off the board.
    const MovePlan rout = plan_move(game, field, index_of(game, "F-I1"), {600, 1195}, std::nullopt, MoveKind::Rout);
    EXPECT_DOUBLE_EQ(rout.allowance_mm, 60);
    EXPECT_FALSE(rout.blocked);
    ASSERT_NE(contact_with(rout, MoveContact::Kind::OffBoard), nullptr);
    EXPECT_EQ(contact_with(rout, MoveContact::Kind::OffBoard)->consequence, "removed from the battle");
    // An ordinary move to the same place is stopped at the edge.
    const MovePlan move = plan_move(game, field, index_of(game, "F-I1"), {600, 1195});
    EXPECT_TRUE(move.blocked);
}

TEST(GeometryMovement, LakesAndSquaresDoNotMove) {
    Game game = skirmish_game();
    TerrainFeature lake;
    lake.kind = TerrainKind::Lake;
    lake.name = "Fishpond";
    lake.points = {{500, 870}, {700, 870}, {700, 880}, {500, 880}};
    const Battlefield field(game.scenario().board, {lake});
    const MovePlan wet = plan_move(game, field, index_of(game, "F-I1"), {600, 850});
    ASSERT_NE(contact_with(wet, MoveContact::Kind::Impassable), nullptr);
    EXPECT_EQ(contact_with(wet, MoveContact::Kind::Impassable)->what, "lake Fishpond");
    EXPECT_TRUE(wet.blocked);
    // 7.2.1: infantry in square "cannot move".
    game.apply({{"do", "set"}, {"unit", "F-I1"}, {"formation", "square"}, {"reason", "test"}});
    EXPECT_TRUE(plan_move(game, Battlefield(game.scenario()), index_of(game, "F-I1"), {600, 940}).blocked);
}

// ---- Wheels and formation changes (seed 002, Table 4) ---------------------------------------------

TEST(GeometryManoeuvre, WheelsMatchTable4ForAHundredMillimetreBattalion) {
    const Game game = skirmish_game();
    const std::size_t imperial = index_of(game, "I-I1");  // 5 bases, 100 mm front, 50 mm a move
    // 45 deg: the outer flank travels 50 x pi/4 = 39.27 mm = 0.785 of a move (Table 4: 3/4).
    EXPECT_NEAR(plan_wheel(game, imperial, 180 + 45).cost_moves, 50 * std::numbers::pi / 4 / 50, 1e-9);
    // 90 deg: 78.54 mm = 1.571 moves (Table 4: 1 1/2).
    EXPECT_NEAR(plan_wheel(game, imperial, 270).cost_moves, std::numbers::pi / 2, 1e-9);
    // 180 deg: an about-face, Table 4's 1/2, far cheaper than 157 mm of wheel.
    EXPECT_NEAR(plan_wheel(game, imperial, 0).cost_moves, 0.5, 1e-9);
    // 135 deg: about-face (1/2) and wheel back 45 (0.785) = 1.285, cheaper than 2.356.
    EXPECT_NEAR(plan_wheel(game, imperial, 180 + 135).cost_moves, 0.5 + std::numbers::pi / 4, 1e-9);
    // "French deduct 1/4 move from each manoeuvre": F-I1's 45 deg wheel costs 0.785 - 0.25.
    EXPECT_NEAR(plan_wheel(game, index_of(game, "F-I1"), 45).cost_moves, std::numbers::pi / 4 - 0.25, 1e-9);
}

TEST(GeometryManoeuvre, WheelInGlaubeIsTheOuterFlanksTravel) {
    // B-I2: six bases, 120 mm; a 90 deg wheel sends the outer flank 60 x pi/2 = 94.25 mm of 50.
    const Game game = white_mountain_game();
    EXPECT_NEAR(plan_wheel(game, index_of(game, "B-I2"), 270).cost_moves, 60 * std::numbers::pi / 2 / 50, 1e-9);
}

TEST(GeometryManoeuvre, FormationChangesCostTable4) {
    Game game = skirmish_game();
    EXPECT_DOUBLE_EQ(plan_formation_change(game, index_of(game, "I-I1"), Formation::Column).cost_moves, 1.0);
    EXPECT_DOUBLE_EQ(plan_formation_change(game, index_of(game, "I-I1"), Formation::Square).cost_moves, 0.5);
    EXPECT_DOUBLE_EQ(plan_formation_change(game, index_of(game, "I-I2"), Formation::Square).cost_moves, 0.25);  // column to square
    EXPECT_DOUBLE_EQ(plan_formation_change(game, index_of(game, "F-I1"), Formation::Column).cost_moves, 0.75);  // French
    EXPECT_DOUBLE_EQ(plan_formation_change(game, index_of(game, "I-C1"), Formation::Column).cost_moves, 0.5);   // cavalry 1/2
    EXPECT_THROW(plan_formation_change(game, index_of(game, "I-C1"), Formation::Square), RuleError);        // no cavalry square
    EXPECT_THROW(plan_formation_change(game, index_of(game, "I-A1"), Formation::Column), RuleError);        // guns limber
    EXPECT_DOUBLE_EQ(plan_guns_change(game, index_of(game, "I-A1")).cost_moves, 1.0);                         // section 6
    const Game glaube = white_mountain_game();
    EXPECT_DOUBLE_EQ(plan_formation_change(glaube, index_of(glaube, "CL-T1"), Formation::Line).cost_moves, 1.0);  // no French rule
    EXPECT_DOUBLE_EQ(plan_mount_change(glaube, index_of(glaube, "CL-C5")).cost_moves, 1.0);                         // 2.4.2
}

// ---- Contact, aspect, reach (seed 000, 8.1, 8.4) ----------------------------------------------

TEST(GeometryCombat, ContactAndReach) {
    Game game = white_mountain_game();
    // B-I3's front edge is at y 372.5; cavalry 40 mm deep centred at 392.5 touches it; IM-C2
    // at 402.5 is 10 mm short.
    place(game, "CL-C1", 580, 392.5);
    place(game, "IM-C2", 830, 402.5);
    EXPECT_TRUE(in_contact(game, index_of(game, "CL-C1"), index_of(game, "B-I3")));
    EXPECT_FALSE(in_contact(game, index_of(game, "IM-C2"), index_of(game, "B-I4")));
    // 8.1.1: infantry reach 50 mm; 8.1.2: cavalry contact only; guns attack no one.
    EXPECT_DOUBLE_EQ(*combat_reach(game, index_of(game, "CL-T1")).reach_mm, 50);
    EXPECT_TRUE(combat_reach(game, index_of(game, "CL-C1")).contact_only);
    EXPECT_FALSE(combat_reach(game, index_of(game, "CL-A1")).reach_mm.has_value());
    const Game dice = skirmish_game();
    EXPECT_DOUBLE_EQ(*combat_reach(dice, index_of(dice, "F-I1")).reach_mm, 50);  // seed 002, 4) Combat Phase
    // The desk's cycle, nearest first: CL-T1 (80 x 45 at (440, 422), front edge y 399.5) is 30 mm
    // from B-I2 and, corner to corner, sqrt(40^2 + 27^2) = 48.3 mm from B-I3: both within 50.
    place(game, "CL-T1", 440, 422);
    const auto engaged = engaged_enemies(game, nullptr, index_of(game, "CL-T1"));
    ASSERT_EQ(engaged.size(), 2u);
    EXPECT_EQ(game.units()[engaged[0].unit].id.code, "B-I2");
    EXPECT_NEAR(engaged[0].gap_mm, 30, 1e-9);
    EXPECT_FALSE(engaged[0].contact);
    EXPECT_EQ(game.units()[engaged[1].unit].id.code, "B-I3");
    EXPECT_NEAR(engaged[1].gap_mm, std::hypot(40.0, 27.0), 1e-9);
}

TEST(GeometryCombat, AspectIsFrontFlankOrRearOfTheDefendersFacing) {
    Game game = white_mountain_game();
    // B-I2 at (440, 362) faces the bottom edge: its front is +y, its rear -y.
    const std::size_t b_i2 = index_of(game, "B-I2");
    const std::size_t c1 = index_of(game, "CL-C1");
    place(game, "CL-C1", 440, 400);
    EXPECT_EQ(aspect_of(game, c1, b_i2), Aspect::Front);
    place(game, "CL-C1", 560, 362);
    EXPECT_EQ(aspect_of(game, c1, b_i2), Aspect::Flank);
    place(game, "CL-C1", 440, 310);
    EXPECT_EQ(aspect_of(game, c1, b_i2), Aspect::Rear);
    // A square faces every way (8.6): only a front.
    game.apply({{"do", "set"}, {"unit", "B-I2"}, {"formation", "square"}, {"reason", "test"}});
    EXPECT_EQ(aspect_of(game, c1, b_i2), Aspect::Front);
}

TEST(GeometryCombat, ProposalFromTheBoard) {
    Game game = white_mountain_game();
    const Battlefield field(game.scenario());
    // CL-T1 on the slopes (1 layer) 30 mm below B-I2 on the plateau (2): defender uphill.
    place(game, "CL-T1", 440, 422);
    place(game, "CL-C1", 335, 389.5);  // cavalry touching B-I2's left front corner (380, 369.5): a second arm
    place(game, "CL-C2", 440, 600);    // far away: not counted
    CombatProposal p = propose_combat(game, field, index_of(game, "CL-T1"), {index_of(game, "CL-C1"), index_of(game, "CL-C2")},
                                      index_of(game, "B-I2"));
    EXPECT_TRUE(p.in_reach);
    EXPECT_NEAR(p.gap_mm, 30, 1e-9);
    EXPECT_EQ(p.terrain, TerrainAdvantage::Defender);
    EXPECT_EQ(p.arms, 2);
    EXPECT_FALSE(p.flank);
    EXPECT_FALSE(p.obstacle);
    // Behind the Centre redan: the line from (700, 470) to B-A1 at (680, 382) crosses it.
    place(game, "CL-T2", 700, 470);
    p = propose_combat(game, field, index_of(game, "CL-T2"), {}, index_of(game, "B-A1"));
    EXPECT_TRUE(p.obstacle);
    EXPECT_FALSE(p.in_reach);  // 470 - 22.5 - (382 + 15) = 50.5 mm: just out of 50
}

// ---- Line of sight (seed 000, 6) ------------------------------------------------------------------

TEST(GeometrySight, TheEndsOwnUnitsDoNotHideTheLine) {
    Game game = white_mountain_game();
    const Battlefield field(game.scenario());
    // The sight tool started on CL-A3's gun (830, 640): the battery itself is no screen.
    const LineOfSight from_gun = line_of_sight(game, field, BoardPoint{830, 640}, BoardPoint{830, 520});
    EXPECT_TRUE(from_gun.visible) << from_gun.blocked_by;
    // A general riding with a tercio sees past it: Tilly put at CL-T1's centre looks at B-I2.
    game.apply({{"do", "move"}, {"general", "CL-G1"}, {"to", {{"x_mm", 420}, {"y_mm", 700}}}});
    const LineOfSight tilly = line_of_sight(game, field, "CL-G1", "B-I2");
    EXPECT_TRUE(tilly.visible) << tilly.blocked_by;
    EXPECT_NEAR(tilly.distance_mm, std::hypot(20.0, 338.0), 1e-9);
    // A unit in between still screens: B-C1 behind B-I2 is hidden from CL-T1.
    place(game, "CL-T1", 440, 422);
    place(game, "B-C1", 440, 330);
    EXPECT_EQ(line_of_sight(game, field, "CL-T1", "B-C1").blocked_by, "unit B-I2 Silesian Foot");
}

TEST(GeometrySight, TheIndexedQuestionAgreesWithTheFullAnswerForEveryPair) {
    // The Duties list asks `sees` (grid, first unit in the way); the sight tool asks
    // line_of_sight (every unit, named). Over all of White Mountain's pairs they must agree, and
    // the grid must find every unit whose outline meets the line.
    const Game game = white_mountain_game();
    const Battlefield field(game.scenario());
    const TableIndex index = index_table(game);
    const auto& state = game.state().units;
    int pairs = 0, visible = 0;
    for (std::size_t a = 0; a < game.units().size(); ++a)
        for (std::size_t b = a + 1; b < game.units().size(); ++b) {
            if (index.footprints[a].corners.empty() || index.footprints[b].corners.empty()) continue;
            const BoardPoint& from = state[a].position;
            const BoardPoint& to = state[b].position;
            const bool full = line_of_sight(game, field, from, to).visible;
            ASSERT_EQ(sees(game, field, from, to, index), full) << game.units()[a].id.code << " - " << game.units()[b].id.code;
            std::vector<std::size_t> listed;
            units_along(index, from, to, [&](std::size_t i) {
                listed.push_back(i);
                return true;
            });
            for (std::size_t i = 0; i < game.units().size(); ++i)
                if (!index.footprints[i].corners.empty() && segment_meets_polygon(from, to, index.footprints[i].corners)) {
                    ASSERT_NE(std::find(listed.begin(), listed.end(), i), listed.end())
                        << game.units()[i].id.code << " on the line " << game.units()[a].id.code << " - " << game.units()[b].id.code;
                }
            ++pairs;
            visible += full ? 1 : 0;
        }
    // Both answers occur, so the comparison means something.
    EXPECT_GT(pairs, 800);  // 43 units on the table: 903 pairs
    EXPECT_GT(visible, 0);
    EXPECT_LT(visible, pairs);
}

TEST(GeometrySight, TheGridTakesPointsFarOffTheTable) {
    // A point typed far beyond the table (1e300 mm, or not a number) visits the cells the line
    // crosses on the table, and ends.
    const Game game = white_mountain_game();
    const TableIndex index = index_table(game);
    for (const BoardPoint far : {BoardPoint{1e300, 1e300}, BoardPoint{-1e300, 600}, BoardPoint{std::nan(""), 0}}) {
        std::size_t visits = 0;
        units_along(index, {750, 600}, far, [&](std::size_t) { return ++visits < 100000; });
        EXPECT_LT(visits, 100000u);
        EXPECT_LE(units_near(index, far, 1e300).size(), game.units().size());
    }
}

TEST(GeometrySight, UnitsNearListsEveryUnitWithinReachOnce) {
    const Game game = white_mountain_game();
    const TableIndex index = index_table(game);
    const auto& state = game.state().units;
    for (const double reach : {0.0, 40.0, 150.0, 5000.0}) {
        const BoardPoint centre = state[0].position;
        const std::vector<std::size_t> near = units_near(index, centre, reach);
        EXPECT_TRUE(std::is_sorted(near.begin(), near.end()));
        EXPECT_EQ(std::adjacent_find(near.begin(), near.end()), near.end());
        for (std::size_t i = 0; i < state.size(); ++i) {
            if (index.footprints[i].corners.empty()) continue;
            const Footprint& f = index.footprints[i];
            const double box = (f.width_mm + f.depth_mm) / 2;
            if (std::abs(state[i].position.x_mm - centre.x_mm) <= reach + box && std::abs(state[i].position.y_mm - centre.y_mm) <= reach + box) {
                EXPECT_NE(std::find(near.begin(), near.end(), i), near.end()) << game.units()[i].id.code << " within " << reach;
            }
        }
    }
}

}  // namespace
}  // namespace fortuna
