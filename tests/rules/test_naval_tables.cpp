// SPDX-License-Identifier: MIT
// Every number of seed 000's "The Age of Sail" as the tables and the engine hold it, and the text's worked examples.
#include <gtest/gtest.h>

#include "naval_test_support.hpp"

namespace fortuna {
namespace {

using testing::die;
using testing::sail;

WindState wind(const std::string& from, int speed) { return WindState{sail().compass_index(from), speed}; }

TEST(AgeOfSailText, WindCompassSpeedsAndStart) {
    EXPECT_EQ(sail().compass, (std::vector<std::string>{"N", "NE", "E", "SE", "S", "SW", "W", "NW"}));  // eight points
    EXPECT_EQ(sail().speed_min, 1);    // "ranging from 1 to 7"
    EXPECT_EQ(sail().speed_max, 7);
    EXPECT_EQ(sail().speed_start, 4);  // "the wind speed is set to 4"
    EXPECT_EQ(sail().high_seas_from, 6);  // "6 or higher"; "greater than 5"
    EXPECT_TRUE(sail().wind_named_from);  // S3
}

TEST(AgeOfSailText, WindDirectionDie) {
    // 1 = one point anticlockwise, 2-5 = no change, 6 = one point clockwise.
    const WindState west = wind("W", 4);
    EXPECT_EQ(sail().point_name(change_wind(sail(), west, die(1), die(3)).after.direction), "SW");
    for (int face = 2; face <= 5; ++face) EXPECT_EQ(change_wind(sail(), west, die(face), die(3)).after.direction, west.direction);
    EXPECT_EQ(sail().point_name(change_wind(sail(), west, die(6), die(3)).after.direction), "NW");
    // The compass wraps (D1): N anticlockwise is NW, NW clockwise is N.
    EXPECT_EQ(sail().point_name(change_wind(sail(), wind("N", 4), die(1), die(3)).after.direction), "NW");
    EXPECT_EQ(sail().point_name(change_wind(sail(), wind("NW", 4), die(6), die(3)).after.direction), "N");
}

TEST(AgeOfSailText, WindSpeedDie) {
    // 1 = reduce one level, 2-5 = no change, 6 = increase one level; held within 1-7 (D1).
    EXPECT_EQ(change_wind(sail(), wind("W", 4), die(3), die(1)).after.speed, 3);
    for (int face = 2; face <= 5; ++face) EXPECT_EQ(change_wind(sail(), wind("W", 4), die(3), die(face)).after.speed, 4);
    EXPECT_EQ(change_wind(sail(), wind("W", 4), die(3), die(6)).after.speed, 5);
    EXPECT_EQ(change_wind(sail(), wind("W", 1), die(3), die(1)).after.speed, 1);
    EXPECT_EQ(change_wind(sail(), wind("W", 7), die(3), die(6)).after.speed, 7);
    const auto change = change_wind(sail(), wind("W", 5), die(6), die(6));
    EXPECT_NE(change.explanation[0].find("row 6: move wind 1 point clockwise"), std::string::npos);
    EXPECT_NE(change.explanation[1].find("5 -> 6"), std::string::npos);
    EXPECT_NE(change.explanation.back().find("High seas"), std::string::npos);
}

TEST(AgeOfSailText, WindOddsAfterARound) {
    // From W 4: unchanged in 4/6 x 4/6 = 16/36; NW 5 needs two sixes, 1/36.
    const auto odds = wind_probabilities(sail(), wind("W", 4));
    std::uint64_t total = 0;
    for (const auto& [key, p] : odds) {
        total += p.numerator;
        EXPECT_EQ(p.denominator, 36u);
        if (key == "W 4") {
            EXPECT_EQ(p.numerator, 16u);
        } else if (key == "NW 5") {
            EXPECT_EQ(p.numerator, 1u);
        } else if (key == "SW 4") {
            EXPECT_EQ(p.numerator, 4u);
        }
    }
    EXPECT_EQ(total, 36u);
    EXPECT_EQ(odds.size(), 9u);
}

TEST(AgeOfSailText, PointsOfSail) {
    const WindState w = wind("N", 4);  // from the north: heading N is into the wind
    EXPECT_FALSE(point_of_sail(sail(), w, 0).can_sail);      // directly into wind
    EXPECT_FALSE(point_of_sail(sail(), w, 22.5).can_sail);   // D10
    EXPECT_EQ(point_of_sail(sail(), w, 45).wind_modifier, -1);     // close hauled
    EXPECT_EQ(point_of_sail(sail(), w, 315).wind_modifier, -1);
    EXPECT_EQ(point_of_sail(sail(), w, 67.5).wind_modifier, 1);    // D10
    EXPECT_EQ(point_of_sail(sail(), w, 90).wind_modifier, 1);      // beam reach
    EXPECT_EQ(point_of_sail(sail(), w, 135).wind_modifier, 1);     // broad reach
    EXPECT_EQ(point_of_sail(sail(), w, 157.5).wind_modifier, 0);   // D10
    EXPECT_EQ(point_of_sail(sail(), w, 180).wind_modifier, 0);     // running
    EXPECT_EQ(point_of_sail(sail(), w, 180).id, "running");
}

TEST(AgeOfSailText, WorkedSpeedExamples) {
    // "if a ship of the line has 3 masts and the wind speed is 4 and it's sailing +180°, 3x4 = 12"
    const int line = sail().ship_class("third-rate").mast_units();
    EXPECT_EQ(line, 3);
    EXPECT_EQ(sailing_allowance(sail(), wind("N", 4), 180, line).allowance_cm, 12);
    EXPECT_EQ(sailing_allowance(sail(), wind("N", 5), 180, line).allowance_cm, 15);  // "3x5 = 15"
    EXPECT_EQ(sailing_allowance(sail(), wind("N", 5), 90, line).allowance_cm, 18);   // beam: "3x6 = 18"
    EXPECT_EQ(sailing_allowance(sail(), wind("N", 5), 45, line).allowance_cm, 12);   // close hauled: "3x4 = 12"
    // "lower rated ships ... (2X1 +1X2) x4 = 16 units"
    const int frigate = sail().ship_class("fifth-rate").mast_units();
    EXPECT_EQ(frigate, 4);
    EXPECT_EQ(sail().ship_class("privateer").mast_units(), 4);
    EXPECT_EQ(sailing_allowance(sail(), wind("N", 4), 180, frigate).allowance_cm, 16);
    const auto steps = sailing_allowance(sail(), wind("N", 5), 90, line).explanation;
    EXPECT_NE(steps.back().find("(wind 5 + 1) x 3 mast units = 18 cm"), std::string::npos);
}

TEST(AgeOfSailText, MinimumSpeedDriftAndTurning) {
    // "The minimum speed any ship may make in one move is 1 cm": wind 1 close hauled is 0 x 3, raised to 1.
    EXPECT_EQ(sailing_allowance(sail(), wind("N", 1), 45, 3).allowance_cm, 1);
    // "if all masts have been shot away, the ship will drift 1 unit in the direction of the wind"
    const auto drift = sailing_allowance(sail(), wind("W", 4), 0, 0);
    EXPECT_TRUE(drift.drifting);
    EXPECT_EQ(drift.allowance_cm, 1);
    EXPECT_EQ(downwind_degrees(sail(), wind("W", 4)), 90);  // a westerly carries her east
    // "16 point turning circle ... each point takes one unit ... to alter course by 90° would take 4 units"
    EXPECT_EQ(sail().turning_points, 16);
    EXPECT_EQ(turning_points_between(sail(), 0, 90), 4);
    EXPECT_EQ(turning_cost_cm(sail(), 0, 90), 4);
    EXPECT_EQ(turning_cost_cm(sail(), 337.5, 22.5), 2);  // the shorter way round
    EXPECT_EQ(turning_cost_cm(sail(), 0, 180), 8);
    EXPECT_EQ(sail().anchor_moves_to_raise, 1);
    EXPECT_EQ(sail().cm_per_unit, 1);
}

TEST(AgeOfSailText, HazardNumbers) {
    EXPECT_EQ(sail().shoal_grounds_on, (std::vector<int>{1, 2, 3}));
    EXPECT_EQ(sail().refloat_on, 6);
    EXPECT_EQ(sail().mast_repair_on, 6);
    EXPECT_EQ(sail().disentangle_on, 6);
    EXPECT_EQ(sail().fire_out_first, 5);
    EXPECT_EQ(sail().fire_out_second, 6);
    EXPECT_EQ(sail().fire_sixes_needed, 2);
    EXPECT_EQ(sail().explosion_radius_cm, 12);
    EXPECT_EQ(sail().founder_on, (std::vector<int>{1, 2}));
    // Each as a chance before the throw.
    EXPECT_EQ(hazard_probability(sail(), Hazard::Shoal).numerator, 3u);
    EXPECT_EQ(hazard_probability(sail(), Hazard::Refloat).numerator, 5u);       // still aground
    EXPECT_EQ(hazard_probability(sail(), Hazard::FireFight, FireState::Burning).numerator, 4u);
    EXPECT_EQ(hazard_probability(sail(), Hazard::FireFight, FireState::Spreading).numerator, 5u);
    EXPECT_EQ(hazard_probability(sail(), Hazard::Founder).numerator, 2u);
    EXPECT_EQ(hazard_probability(sail(), Hazard::ExplosionSpread, FireState::None, 3).numerator, 4u);   // 3-6
    EXPECT_EQ(hazard_probability(sail(), Hazard::ExplosionSpread, FireState::None, 6).numerator, 3u);   // 4-6
    EXPECT_EQ(hazard_probability(sail(), Hazard::ExplosionSpread, FireState::None, 12).numerator, 2u);  // 5-6
}

TEST(AgeOfSailText, FiringTableAndArc) {
    // 0-4 cm: 3-6 / 4-6; 4-8 cm: 4-6 / 5-6; 8-12 cm: 5-6 / 6.
    ASSERT_EQ(sail().firing.size(), 3u);
    const int hull[] = {3, 4, 5}, sails[] = {4, 5, 6}, to[] = {4, 8, 12};
    for (std::size_t i = 0; i < 3; ++i) {
        EXPECT_EQ(sail().firing[i].hull, hull[i]);
        EXPECT_EQ(sail().firing[i].sails, sails[i]);
        EXPECT_EQ(sail().firing[i].to_cm, to[i]);
    }
    EXPECT_EQ(sail().arc_deg, 90);
    EXPECT_EQ(sail().max_range_cm, 12);
    // S8: 4 cm is the first band, 8 the second, 12 the third; 12.5 is out of range.
    EXPECT_EQ(prepare_broadside(sail(), 3, 4, Aim::Hull).score, 3);
    EXPECT_EQ(prepare_broadside(sail(), 3, 8, Aim::Hull).score, 4);
    EXPECT_EQ(prepare_broadside(sail(), 3, 12, Aim::Sails).score, 6);
    EXPECT_THROW(prepare_broadside(sail(), 3, 12.5, Aim::Hull), RuleError);
}

TEST(AgeOfSailText, DamageSheets) {
    // "3 gun decks on both the port and starboard side (... Pirate and Frigate ships ... only 2), 3 masts and 3 hull"
    for (const char* id : {"first-rate", "second-rate", "third-rate", "fourth-rate"}) {
        const auto& c = sail().ship_class(id);
        EXPECT_EQ(c.gun_decks_per_side, 3) << id;
        EXPECT_EQ(c.masts.size(), 3u) << id;
        EXPECT_EQ(c.hull, 3) << id;
        EXPECT_EQ(c.cells(), 12) << id;
    }
    for (const char* id : {"fifth-rate", "sixth-rate", "privateer"}) {
        const auto& c = sail().ship_class(id);
        EXPECT_EQ(c.gun_decks_per_side, 2) << id;
        EXPECT_EQ(c.masts.size(), 3u) << id;
        EXPECT_EQ(c.masts[1].units, 2) << id;  // the main mast
        EXPECT_EQ(c.hull, 3) << id;
    }
    EXPECT_EQ(sail().ship_class("brig-sloop").mast_units(), 3);  // N5, derived
    EXPECT_EQ(sail().ship_class("ship-sloop").gun_decks_per_side, 1);
    EXPECT_EQ(sail().navies.size(), 7u);  // England x3, France, Netherlands, Spain, Privateers
    // Every navy with its years as the seed prints them (S9: "{(Commonwealth(1648 - 1660), Royal
    // Navy (1660 to 1707) and (1708 to 1800) }, France {La Royale (1618 to 1789)}, Netherlands
    // {United Provinces (1648-1795}, Spain {Armada Espanola (1660 to 1796)} and Privateers").
    const std::vector<std::pair<std::string, std::string>> navies = {
        {"commonwealth", "1648-1660"}, {"royal-navy-1660", "1660-1707"}, {"royal-navy-1708", "1708-1800"},
        {"la-royale", "1618-1789"},    {"united-provinces", "1648-1795"}, {"armada", "1660-1796"},
        {"privateers", "17th-18th century"}};
    for (const auto& [id, years] : navies) {
        ASSERT_NE(sail().navy(id), nullptr) << id;
        EXPECT_EQ(sail().navy(id)->years, years) << id;
    }
    EXPECT_EQ(sail().navy("royal-navy"), nullptr);
    // Boarding: "manned by at least one gun deck from the winning ship".
    EXPECT_EQ(sail().prize_crew_min, 1);
    EXPECT_THROW(sail().ship_class("galleon"), RuleError);
}

}  // namespace
}  // namespace fortuna
