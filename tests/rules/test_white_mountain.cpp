// SPDX-License-Identifier: MIT
// White Mountain 1620: the scenario's numbers and placement, line of sight, the solo duties and the battle report.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <iostream>
#include <map>
#include <string>

#include "fortuna/land/battle_report.hpp"
#include "fortuna/land/land_tables.hpp"
#include "fortuna/land/battlefield.hpp"
#include "fortuna/land/duties.hpp"
#include "fortuna/land/game.hpp"
#include "fortuna/seam/library.hpp"
#include "fortuna/land/scenario.hpp"
#include "test_game_support.hpp"

namespace fortuna {
namespace {

const RulesLibrary& wm_library() {
    static const RulesLibrary loaded = RulesLibrary::load(FORTUNA_TEST_DATA_DIR);
    return loaded;
}

const Scenario& wm_scenario() {
    static const Scenario loaded = load_scenario(wm_library(), "white-mountain-1620");
    return loaded;
}

int bases_of(const SideSetup& side) {
    int total = 0;
    for (const auto& command : side.commands)
        for (const auto& unit : command.units) total += unit.bases;
    return total;
}

// ---- The scenario ------------------------------------------------------------------------

TEST(WhiteMountainScenario, LoadsAsTheAgeOfGlaubeAtSeed001sScale) {
    const Scenario& s = wm_scenario();
    EXPECT_EQ(s.ruleset, "glaube");
    EXPECT_EQ(s.board.width_mm, 1500);  // 5 feet
    EXPECT_EQ(s.board.depth_mm, 1200);  // 4 feet
    EXPECT_EQ(s.board.scale, "1 mm = 2 m");
    EXPECT_EQ(format_clock(s.start), "12:15");  // seed 001's first quarter hour
    EXPECT_EQ(format_clock(s.dusk), "17:00");   // nightfall, docs/scenarios/white-mountain-1620.md
    EXPECT_EQ(s.first_player, "catholic");
    EXPECT_TRUE(s.reinforcements.empty());
}

TEST(WhiteMountainScenario, SidesKeepTwentyThreeToSeventeen) {
    const Scenario& s = wm_scenario();
    const int catholic = bases_of(s.side("catholic"));
    const int bohemian = bases_of(s.side("bohemian"));
    // 23,000 and 17,000 men halved, 115 men a base unit: 100 and 74 (docs: "Scaling").
    EXPECT_EQ(catholic, 100);
    EXPECT_EQ(bohemian, 74);
    EXPECT_NEAR(static_cast<double>(catholic) / bohemian, 23.0 / 17.0, 0.01);
}

TEST(WhiteMountainScenario, CommandersAsInTheSeed) {
    const Scenario& s = wm_scenario();
    std::vector<std::string> names;
    for (const auto& side : s.sides)
        for (const auto& command : side.commands) {
            ASSERT_TRUE(command.general.has_value()) << command.name;
            names.push_back(command.general->name);
        }
    for (const char* who : {"Tilly", "Buquoy", "Schlick", "Christian of Anhalt", "Thurn"})
        EXPECT_TRUE(std::any_of(names.begin(), names.end(), [&](const std::string& n) { return n.find(who) != std::string::npos; })) << who;
}

TEST(WhiteMountainScenario, TerrainTheSeedNames) {
    const Scenario& s = wm_scenario();
    const auto has = [&](TerrainKind kind, const std::string& part) {
        return std::any_of(s.terrain.begin(), s.terrain.end(),
                           [&](const TerrainFeature& f) { return f.kind == kind && f.name.find(part) != std::string::npos; });
    };
    EXPECT_TRUE(has(TerrainKind::Hill, "White Mountain"));
    EXPECT_TRUE(has(TerrainKind::Village, "Star Palace"));
    EXPECT_TRUE(has(TerrainKind::Wood, "Star park"));
    EXPECT_TRUE(has(TerrainKind::Wall, "Star park"));
    EXPECT_TRUE(has(TerrainKind::Redan, "Centre"));
    EXPECT_TRUE(has(TerrainKind::Redan, "Left"));
    EXPECT_TRUE(has(TerrainKind::Village, "Ruzyn"));
    EXPECT_TRUE(has(TerrainKind::Stream, "rka brook"));
}

TEST(WhiteMountainScenario, EveryUnitStandsOnTheBoardOutOfImpassableGroundAndAlone) {
    const Scenario& s = wm_scenario();
    const Battlefield field(s);
    std::vector<std::pair<std::string, Polygon>> footprints;
    for (const auto& side : s.sides)
        for (const auto& command : side.commands)
            for (const auto& u : command.units) {
                ASSERT_NE(u.unit_type, nullptr) << u.code;
                const Footprint f = unit_footprint(*u.unit_type, u.bases, u.formation, u.position, u.facing_deg);
                EXPECT_TRUE(field.on_board(f.corners)) << u.code << " reaches off the table";
                for (const auto& corner : f.corners) EXPECT_EQ(field.impassable_at(corner), nullptr) << u.code;
                EXPECT_EQ(field.impassable_at(u.position), nullptr) << u.code;
                footprints.emplace_back(u.code, f.corners);
            }
    for (std::size_t i = 0; i < footprints.size(); ++i)
        for (std::size_t j = i + 1; j < footprints.size(); ++j)
            EXPECT_FALSE(polygons_overlap(footprints[i].second, footprints[j].second))
                << footprints[i].first << " overlaps " << footprints[j].first;
}

TEST(WhiteMountainScenario, BohemiansHoldTheHillAndTheCatholicsStandBelow) {
    const Scenario& s = wm_scenario();
    const Battlefield field(s);
    for (const auto& command : s.side("bohemian").commands)
        for (const auto& u : command.units) EXPECT_EQ(field.elevation(u.position), 2) << u.code << " should stand on the plateau";
    for (const auto& command : s.side("catholic").commands)
        for (const auto& u : command.units) EXPECT_EQ(field.elevation(u.position), 0) << u.code << " should stand in the valley";
}

TEST(WhiteMountainScenario, EveryArmHasItsPlaceAndTercios) {
    std::map<std::string, std::map<Arm, int>> arms;
    for (const auto& side : wm_scenario().sides)
        for (const auto& command : side.commands)
            for (const auto& u : command.units) arms[side.id][u.unit_type->arm] += u.bases;
    EXPECT_EQ(arms["catholic"][Arm::Infantry], 64);
    EXPECT_EQ(arms["catholic"][Arm::Cavalry], 30);
    EXPECT_EQ(arms["catholic"][Arm::Artillery], 6);
    EXPECT_EQ(arms["bohemian"][Arm::Infantry], 43);
    EXPECT_EQ(arms["bohemian"][Arm::Cavalry], 27);
    EXPECT_EQ(arms["bohemian"][Arm::Artillery], 4);
}

// ---- Geometry and line of sight ----------------------------------------------------------

TerrainFeature area(TerrainKind kind, const std::string& name, Polygon points, int layers = 0) {
    TerrainFeature f;
    f.kind = kind;
    f.name = name;
    f.closed = true;
    f.points = std::move(points);
    f.layers = layers;
    return f;
}

TEST(Geometry, PointsSegmentsAndPolygons) {
    const Polygon square{{0, 0}, {10, 0}, {10, 10}, {0, 10}};
    EXPECT_DOUBLE_EQ(distance_mm({0, 0}, {3, 4}), 5.0);
    EXPECT_TRUE(point_in_polygon({5, 5}, square));
    EXPECT_TRUE(point_in_polygon({10, 5}, square));  // on the edge
    EXPECT_FALSE(point_in_polygon({11, 5}, square));
    EXPECT_TRUE(segments_cross({0, 0}, {10, 10}, {0, 10}, {10, 0}));
    EXPECT_FALSE(segments_cross({0, 0}, {10, 0}, {0, 1}, {10, 1}));
    EXPECT_TRUE(segment_meets_polygon({-5, 5}, {15, 5}, square));
    EXPECT_FALSE(segment_meets_polygon({-5, 15}, {15, 15}, square));
    EXPECT_DOUBLE_EQ(polygon_distance(square, Polygon{{13, 0}, {20, 0}, {20, 10}, {13, 10}}), 3.0);
    EXPECT_FALSE(polygons_overlap(square, Polygon{{10, 0}, {20, 0}, {20, 10}, {10, 10}}));  // touching only
    EXPECT_TRUE(polygons_overlap(square, Polygon{{9, 0}, {20, 0}, {20, 10}, {9, 10}}));
}

TEST(Geometry, FootprintsFollowFormationAndFacing) {
    UnitType foot;
    foot.arm = Arm::Infantry;
    foot.base = {20, 15, 2};
    const Footprint line = unit_footprint(foot, 6, Formation::Line, {100, 100}, 0);
    EXPECT_DOUBLE_EQ(line.width_mm, 120);
    EXPECT_DOUBLE_EQ(line.depth_mm, 15);
    EXPECT_NEAR(line.corners[0].x_mm, 40, 1e-9);   // front-left
    EXPECT_NEAR(line.corners[0].y_mm, 92.5, 1e-9); // front is towards the top edge
    const Footprint tercio = unit_footprint(foot, 10, Formation::Column, {100, 100}, 90);
    EXPECT_DOUBLE_EQ(tercio.width_mm, 80);  // 4 files
    EXPECT_DOUBLE_EQ(tercio.depth_mm, 45);  // 3 ranks
    EXPECT_NEAR(tercio.corners[0].x_mm, 122.5, 1e-9);  // facing the right edge: front at x + 22.5
    EXPECT_NEAR(tercio.corners[0].y_mm, 60, 1e-9);
}

class LineOfSightTest : public ::testing::Test {
protected:
    LineOfSightTest()
        : field_(Board{}, {area(TerrainKind::Wood, "Eichwald", {{400, 400}, {500, 400}, {500, 500}, {400, 500}}),
                           area(TerrainKind::Hill, "Galgenberg", {{800, 300}, {900, 300}, {900, 700}, {800, 700}}, 1),
                           area(TerrainKind::Hill, "Weinberg", {{1100, 100}, {1300, 100}, {1300, 300}, {1100, 300}}, 2)}) {}
    LineOfSight look(BoardPoint from, BoardPoint to, std::vector<SightScreen> screens = {}, std::optional<int> dusk = std::nullopt) {
        SightQuery q;
        q.from = from;
        q.to = to;
        q.screens = std::move(screens);
        q.minutes_before_dusk = dusk;
        q.rules = &land_tables(wm_library()).ruleset("glaube");
        return field_.line_of_sight(q);
    }
    Battlefield field_;
};

TEST_F(LineOfSightTest, ClearAcrossOpenGround) {
    const LineOfSight los = look({100, 100}, {300, 100});
    EXPECT_TRUE(los.visible);
    EXPECT_DOUBLE_EQ(los.distance_mm, 200);
    EXPECT_TRUE(los.blocked_by.empty());
}

TEST_F(LineOfSightTest, BlockedByAWood) {
    const LineOfSight los = look({300, 450}, {600, 450});
    EXPECT_FALSE(los.visible);
    EXPECT_EQ(los.blocked_by, "wood Eichwald");
}

TEST_F(LineOfSightTest, AUnitAtTheWoodsEdgeSeesOut) {
    EXPECT_TRUE(look({490, 450}, {700, 450}).visible);   // 10 mm inside the edge
    EXPECT_FALSE(look({450, 450}, {700, 450}).visible);  // deep in the wood
}

TEST_F(LineOfSightTest, BlockedByAHillBetweenTwoLowerPoints) {
    const LineOfSight los = look({700, 500}, {1000, 500});
    EXPECT_FALSE(los.visible);
    EXPECT_EQ(los.blocked_by, "hill Galgenberg");
    // From the top of the hill both sides are in view.
    EXPECT_TRUE(look({850, 500}, {1000, 500}).visible);
    EXPECT_TRUE(look({850, 500}, {700, 500}).visible);
}

TEST_F(LineOfSightTest, AHigherHillHidesDeadGroundOnALowerOne) {
    // From the one-layer Galgenberg across the two-layer Weinberg to the plain beyond.
    EXPECT_FALSE(look({850, 200 + 150}, {1400, 200}).visible);
    EXPECT_TRUE(look({850, 350}, {1200, 200}).visible);  // the viewer sees the Weinberg itself
}

TEST_F(LineOfSightTest, BlockedByAnInterveningUnit) {
    const SightScreen unit{"unit X-1", {{190, 90}, {210, 90}, {210, 110}, {190, 110}}};
    const LineOfSight los = look({100, 100}, {300, 100}, {unit});
    EXPECT_FALSE(los.visible);
    EXPECT_EQ(los.blocked_by, "unit X-1");
    EXPECT_TRUE(look({100, 150}, {300, 150}, {unit}).visible);
}

TEST_F(LineOfSightTest, CutByDusk) {
    // Seed 002 Table 8: 30 minutes before dusk one sees 300 mm.
    EXPECT_TRUE(look({100, 100}, {350, 100}, {}, 30).visible);
    const LineOfSight far = look({100, 100}, {450, 100}, {}, 30);
    EXPECT_FALSE(far.visible);
    EXPECT_EQ(far.blocked_by, "dusk");
    ASSERT_TRUE(far.visibility_mm.has_value());
    EXPECT_EQ(*far.visibility_mm, 300);
    EXPECT_TRUE(look({100, 100}, {1000, 100}, {}, 90).visible);  // more than an hour: no limit
    EXPECT_FALSE(look({100, 100}, {110, 100}, {}, -5).visible);  // night
}

// ---- The solo player's duties ------------------------------------------------------------

Game new_game() { return Game(wm_library(), wm_scenario(), 1620, testing::kAdvisory); }

const Duty* find(const std::vector<Duty>& list, const std::string& id) {
    const auto it = std::find_if(list.begin(), list.end(), [&](const Duty& d) { return d.id == id; });
    return it == list.end() ? nullptr : &*it;
}

TEST(Duties, AtTheStartTheCatholicGunsMayFireAndNothingElseIsDue) {
    const Game game = new_game();
    const Battlefield field(game.scenario());
    const std::vector<Duty> list = duties(game, field);
    ASSERT_FALSE(list.empty());
    for (const Duty& d : list) {
        EXPECT_EQ(d.phase, "b") << d.id;
        EXPECT_EQ(d.kind, DutyKind::ArtilleryFire) << d.id;
        EXPECT_TRUE(d.id.starts_with("b/fire/CL-A") || d.id.starts_with("b/fire/IM-A")) << d.id;
        EXPECT_FALSE(d.done);
    }
    const Duty* gun = find(list, "b/fire/CL-A1");
    ASSERT_NE(gun, nullptr);
    // Measured from the guns to the nearest base: CL-A1's gun (20 x 30 mm at (472, 640), facing
    // the top edge) has its muzzle at y 625; B-I2's six bases in line (120 x 15 mm at (440, 362))
    // end at y 369.5, straight ahead: 255.5 mm, the 180-500 band of the foot battery.
    const auto target = std::find_if(gun->targets.begin(), gun->targets.end(), [](const FireTarget& t) { return t.unit == "B-I2"; });
    ASSERT_NE(target, gun->targets.end());
    EXPECT_NEAR(target->range_mm, 625.0 - 369.5, 1e-6);
    EXPECT_EQ(target->band, "180-500");
    EXPECT_EQ(gun->action["do"], "artillery");
}

TEST(Duties, RallyIsListedAndTickedWhenRolled) {
    Game game = new_game();
    game.apply({{"do", "set"}, {"unit", "CL-T2"}, {"state", "disrupted"}, {"reason", "test"}});
    const Battlefield field(game.scenario());
    const Duty* rally = nullptr;
    auto list = duties(game, field);
    rally = find(list, "a/rally/CL-T2");
    ASSERT_NE(rally, nullptr);
    EXPECT_EQ(rally->phase, "a");
    EXPECT_FALSE(rally->done);
    EXPECT_NE(rally->text.find("0.650"), std::string::npos) << rally->text;  // regulars' need (army table)
    game.apply(rally->action);
    list = duties(game, field);
    rally = find(list, "a/rally/CL-T2");
    ASSERT_NE(rally, nullptr) << "a done item stays in the list";
    EXPECT_TRUE(rally->done);
    game.undo();
    list = duties(game, field);
    ASSERT_NE(find(list, "a/rally/CL-T2"), nullptr);
    EXPECT_FALSE(find(list, "a/rally/CL-T2")->done);
}

TEST(Duties, InfantryWithinRangeAndCavalryInContactMustFight) {
    Game game = new_game();
    // B-I2's front edge is at y 369.5; a tercio 45 mm deep centred at y 422.5 stands 30 mm off.
    game.apply({{"do", "set"}, {"unit", "CL-T1"}, {"to", {{"x_mm", 440}, {"y_mm", 422}}}, {"reason", "test"}});
    // B-I3's front edge is at y 372.5; cavalry 40 mm deep centred at 392.5 touches it.
    game.apply({{"do", "set"}, {"unit", "CL-C1"}, {"to", {{"x_mm", 580}, {"y_mm", 392.5}}}, {"reason", "test"}});
    // Cavalry 10 mm short of contact has no duty.
    game.apply({{"do", "set"}, {"unit", "IM-C2"}, {"to", {{"x_mm", 830}, {"y_mm", 402.5}}}, {"reason", "test"}});
    const Battlefield field(game.scenario());
    const auto list = duties(game, field);
    const Duty* foot = find(list, "d/combat/CL-T1/B-I2");
    ASSERT_NE(foot, nullptr);
    EXPECT_EQ(foot->phase, "d");
    EXPECT_EQ(foot->units, (std::vector<std::string>{"CL-T1", "B-I2"}));
    EXPECT_NE(find(list, "d/combat/CL-C1/B-I3"), nullptr);
    EXPECT_EQ(find(list, "d/combat/IM-C2/B-I4"), nullptr);
    // Only the phasing side attacks.
    EXPECT_EQ(find(list, "d/combat/B-I2/CL-T1"), nullptr);
}

TEST(Duties, AnEnemyScreenedByAnotherUnitBringsNoCombat) {
    Game game = new_game();
    // CL-T1 30 mm in front of B-I2 (front edge y 399.5); B-C1 moved behind B-I2 (y 310-350)
    // is 49.5 mm from the tercio, within the 50 mm infantry range, but B-I2 stands between.
    game.apply({{"do", "set"}, {"unit", "CL-T1"}, {"to", {{"x_mm", 440}, {"y_mm", 422}}}, {"reason", "test"}});
    game.apply({{"do", "set"}, {"unit", "B-C1"}, {"to", {{"x_mm", 440}, {"y_mm", 330}}}, {"reason", "test"}});
    const Battlefield field(game.scenario());
    const auto list = duties(game, field);
    EXPECT_NE(find(list, "d/combat/CL-T1/B-I2"), nullptr);
    EXPECT_EQ(find(list, "d/combat/CL-T1/B-C1"), nullptr);
    const LineOfSight los = line_of_sight(game, field, "CL-T1", "B-C1");
    EXPECT_FALSE(los.visible);
    EXPECT_EQ(los.blocked_by, "unit B-I2 Silesian Foot");
}

TEST(Duties, CrisisTestWhenAThresholdIsReached) {
    Game game = new_game();
    // 15 of 100 base units lost: the first threshold (seed 000, 9.1).
    game.apply({{"do", "set"}, {"unit", "CL-T1"}, {"bases", 3}, {"reason", "test"}});
    game.apply({{"do", "set"}, {"unit", "CL-T2"}, {"bases", 0}, {"reason", "test"}});
    const Battlefield field(game.scenario());
    auto list = duties(game, field);
    const Duty* crisis = find(list, "e/crisis/catholic/15");
    ASSERT_NE(crisis, nullptr);
    EXPECT_EQ(crisis->phase, "e");
    game.apply(crisis->action);
    list = duties(game, field);
    ASSERT_NE(find(list, "e/crisis/catholic/15"), nullptr);
    EXPECT_TRUE(find(list, "e/crisis/catholic/15")->done);
}

TEST(Duties, JsonCarriesEveryField) {
    const Game game = new_game();
    const auto json = duties_json(duties(game, Battlefield(game.scenario())));
    ASSERT_TRUE(json.is_array());
    ASSERT_FALSE(json.empty());
    for (const char* key : {"id", "phase", "kind", "text", "rule", "units", "targets", "action", "done"}) EXPECT_TRUE(json[0].contains(key)) << key;
}

// ---- A scripted opening and its report ---------------------------------------------------

// Plays whole turns as a solo player following the duties: every battery fires at its
// nearest target, the Catholic foot advance 40 mm a turn (50 mm less 10 mm up the hill)
// while they keep 1 mm from everyone, every mandatory combat is fought, crises tested.
void play_turns(Game& game, int turns) {
    const Battlefield field(game.scenario());
    const int end_turn = game.clock().turn + turns;
    while (game.clock().turn < end_turn) {
        const std::string phase = game.phase().id;
        for (const Duty& d : duties(game, field)) {
            if (d.done || d.phase != phase) continue;
            if (d.kind == DutyKind::Combat || d.kind == DutyKind::ArtilleryFire || d.kind == DutyKind::CrisisTest ||
                d.kind == DutyKind::Rally) {
                // An earlier combat this phase may have routed or removed one of the two.
                bool present = true;
                for (const auto& code : d.units) {
                    const auto& u = game.unit(code);
                    const auto index = static_cast<std::size_t>(&u - game.units().data());
                    if (game.state().units[index].presence != Presence::OnBoard) present = false;
                    if (d.kind == DutyKind::Combat && code == d.units.front() && game.state().units[index].state == UnitState::Routing) present = false;
                }
                if (d.kind == DutyKind::Rally) {
                    const auto& u = game.unit(d.units.front());
                    if (game.state().units[static_cast<std::size_t>(&u - game.units().data())].state == UnitState::Normal) present = false;
                }
                if (d.kind == DutyKind::CrisisTest && !game.tally(game.phasing_side()).crisis_due) present = false;
                if (present) game.apply(d.action);
            }
        }
        if (phase == "c" && game.scenario().sides[static_cast<std::size_t>(game.phasing_side())].id == "catholic") {
            for (std::size_t i = 0; i < game.units().size(); ++i) {
                const Unit& u = game.units()[i];
                const UnitStatus& now = game.state().units[i];
                if (u.id.side != game.phasing_side() || u.arm() != Arm::Infantry || now.presence != Presence::OnBoard ||
                    now.state != UnitState::Normal)
                    continue;
                const BoardPoint to{now.position.x_mm, now.position.y_mm - 40};
                const Polygon next = unit_footprint(*u.id.type, now.bases, now.formation, to, now.facing_deg).corners;
                bool clear = true;
                for (std::size_t j = 0; j < game.units().size() && clear; ++j)
                    if (j != i && game.state().units[j].presence == Presence::OnBoard && polygon_distance(next, unit_footprint(game, j).corners) < 1)
                        clear = false;
                if (clear) game.apply({{"do", "move"}, {"unit", u.id.code}, {"to", {{"x_mm", to.x_mm}, {"y_mm", to.y_mm}}}});
            }
        }
        game.apply({{"do", "end-phase"}});
    }
}

TEST(WhiteMountainOpening, SevenTurnsPlayAndTheReportTellsTheQuarterHours) {
    Game game = new_game();
    ASSERT_NO_THROW(play_turns(game, 7));
    EXPECT_EQ(game.clock_text(), "12:50");
    const BattleReport report = make_battle_report(game);
    ASSERT_EQ(report.sections.size(), 3u);
    EXPECT_EQ(report.sections[0].clock, "12:15");
    EXPECT_EQ(report.sections[1].clock, "12:30");
    EXPECT_EQ(report.sections[2].clock, "12:45");
    EXPECT_EQ(report.sections[0].first_turn, 1);
    EXPECT_EQ(report.sections[0].last_turn, 3);
    EXPECT_EQ(report.sections[1].first_turn, 4);
    // The opening barrage is told, and the Catholic advance.
    const std::string first = report.sections[0].sentences.front();
    EXPECT_NE(first.find("The guns of Imperialists and Catholic League fire"), std::string::npos) << first;
    const std::string text = battle_report_text(report);
    if (std::getenv("FORTUNA_SHOW_REPORT") != nullptr) std::cout << text;
    EXPECT_NE(text.find("## 12:15"), std::string::npos);
    EXPECT_NE(text.find("## 12:30"), std::string::npos);
    EXPECT_NE(text.find("## 12:45"), std::string::npos);
    EXPECT_NE(text.find("manoeuvre"), std::string::npos);
    EXPECT_NE(text.find("## The end, 12:50"), std::string::npos);
    EXPECT_NE(text.find("base units ("), std::string::npos);
    ASSERT_EQ(report.sides.size(), 2u);
    EXPECT_EQ(report.sides[0].bases_start, 100);
    EXPECT_EQ(report.sides[1].bases_start, 74);
    // The picture of each quarter is the position at its end: the last one is the game's.
    EXPECT_EQ(report.sections.back().state, game.state());
    // The tercios have climbed: CL-T1 started at y 700.
    const auto& t1 = game.unit("CL-T1");
    const auto t1_index = static_cast<std::size_t>(&t1 - game.units().data());
    EXPECT_LT(report.sections[2].state.units[t1_index].position.y_mm, 700);
    EXPECT_EQ(report.sections[0].state.units[t1_index].position.y_mm, 700 - 3 * 40);
}

TEST(WhiteMountainOpening, TheSameSeedTellsTheSameStory) {
    Game a = new_game();
    Game b = new_game();
    play_turns(a, 4);
    play_turns(b, 4);
    EXPECT_EQ(battle_report_text(make_battle_report(a)), battle_report_text(make_battle_report(b)));
}

TEST(BattleReport, CombatRoutsAndGeneralsAreTold) {
    Game game = new_game();
    game.apply({{"do", "set"}, {"unit", "IM-T1"}, {"to", {{"x_mm", 1290}, {"y_mm", 430}}}, {"reason", "test"}});
    for (int i = 0; i < 3; ++i) game.apply({{"do", "end-phase"}});  // to phase d
    game.apply({{"do", "combat"}, {"attacker", "IM-T1"}, {"defender", "B-I7"}, {"roll", 0.999}});
    game.apply({{"do", "rout"}, {"unit", "B-I7"}, {"to", {{"x_mm", 1290}, {"y_mm", 300}}}});
    game.apply({{"do", "set"}, {"general", "B-G3"}, {"condition", "wounded"}, {"reason", "test"}});
    game.apply({{"do", "set"}, {"unit", "B-A4"}, {"guns", "captured"}, {"reason", "stormed"}});
    const BattleReport report = make_battle_report(game);
    const std::string text = battle_report_text(report);
    EXPECT_NE(text.find("Buquoy's first tercio (Imperial foot, IM-T1) attacks Lower Austrian Foot (B-I7)"), std::string::npos) << text;
    EXPECT_NE(text.find("Lower Austrian Foot (B-I7) routs"), std::string::npos) << text;
    EXPECT_NE(text.find("(The umpire corrects the table: IM-T1"), std::string::npos) << text;  // a position only
    EXPECT_NE(text.find("Left redan battery (2, B-A4) loses its guns to the enemy (stormed)"), std::string::npos) << text;
    EXPECT_NE(text.find("Count Heinrich Matthias von Thurn is wounded"), std::string::npos) << text;
    EXPECT_EQ(report.sides[1].guns_lost, 1);
}

}  // namespace
}  // namespace fortuna
