// SPDX-License-Identifier: MIT
// Clausewitz (seed 003): the tables as the posts give them, and every roll's exact odds checked by
// hand-computed fractions and by a seeded simulation with fortuna::Dice.
#include <gtest/gtest.h>

#include <cmath>
#include <filesystem>
#include <fstream>
#include <string>

#include "fortuna/core/chance.hpp"
#include "fortuna/clausewitz/board.hpp"
#include "fortuna/clausewitz/resolvers.hpp"
#include "fortuna/clausewitz/system.hpp"
#include "fortuna/clausewitz/tables.hpp"
#include "fortuna/core/errors.hpp"
#include "fortuna/seam/library.hpp"

namespace fortuna::clausewitz {
namespace {

const std::filesystem::path kData = FORTUNA_TEST_DATA_DIR;

const Tables& tables() {
    static const Tables loaded = load_tables(kData);
    return loaded;
}

nlohmann::json table_document() { return read_json_file(kData / "tables" / "clausewitz.json"); }

long double binomial(int n, int k, long double p) {
    long double c = 1;
    for (int i = 0; i < k; ++i) c = c * (n - i) / (i + 1);
    return c * std::pow(p, k) * std::pow(1 - p, n - k);
}

TEST(ClausewitzTables, TheNumbersOfTheLatestPosts) {
    const Tables& t = tables();
    EXPECT_EQ(t.scale_ratio, 5300);
    EXPECT_EQ(t.actions, 5);
    EXPECT_EQ(t.steady, 5);            // Steady 5+ (Alpha; Synopsis "usually 5+")
    EXPECT_EQ(t.fire_effective, 4);
    EXPECT_EQ(t.fire_long, 6);         // Firing section and Fire Skirmish Weapons, not the 5+ of the attribute list
    EXPECT_EQ(t.brigade_max_wide, 3);  // Rulebook Adjustments
    EXPECT_EQ(t.formation(Formation::Column).dice_divisor, 4);
    EXPECT_EQ(t.melee_rear, 2);
    EXPECT_EQ(t.chips_per_general_activated, 5);  // Synopsis
    EXPECT_EQ(t.deployment_reach_cm, 30);         // Synopsis supersedes the Alpha's 15 cm
    EXPECT_EQ(t.weapon("12pdr").long_cm, 20);
    EXPECT_EQ(t.action("change-brigade-formation").cost, 3);
    EXPECT_EQ(t.post_title("adjustments"), "Rulebook Adjustments");
    EXPECT_THROW(t.weapon("blunderbuss"), RuleError);
}

TEST(ClausewitzTables, ABadNumberIsRefusedByItsPointer) {
    auto document = table_document();
    document["fire"]["steady"] = 7;
    try {
        validate_against_schema(document, "clausewitz", "edited.json", kData);
        FAIL() << "a Steady of 7+ was accepted";
    } catch (const DataError& error) {
        EXPECT_EQ(error.where(), "/fire/steady");
    }
    auto weapon = table_document();
    weapon["unit_types"][0]["weapon"] = "lance";
    try {
        (void)Tables::from_json(weapon, "edited.json");
        FAIL() << "an unknown weapon was accepted";
    } catch (const DataError& error) {
        EXPECT_EQ(error.where(), "/unit_types/0/weapon");
        EXPECT_NE(std::string(error.what()).find("musket"), std::string::npos);
    }
    auto cited = table_document();
    cited["melee"]["cites"]["flank"] = "v9";
    EXPECT_THROW(validate_against_schema(cited, "clausewitz", "edited.json", kData), DataError);
    auto backwards = table_document();
    backwards["weapons"][1]["long_cm"] = 1;
    EXPECT_THROW((void)Tables::from_json(backwards, "edited.json"), DataError);
}

TEST(ClausewitzTables, UnitDiceFromTheMen) {
    const UnitType& line = *tables().find_unit_type("line-infantry");
    const UnitDice battalion = unit_dice(tables(), line, 650, 0);
    EXPECT_EQ(battalion.combat, 3);    // one a full 200 men
    EXPECT_EQ(battalion.skirmish, 1);  // one a 1000, rounded up
    EXPECT_EQ(battalion.strength, 13);
    const UnitDice regiment = unit_dice(tables(), *tables().find_unit_type("heavy-cavalry"), 420, 0);
    EXPECT_EQ(regiment.combat, 8);
    EXPECT_EQ(regiment.skirmish, 0);
    EXPECT_EQ(unit_dice(tables(), *tables().find_unit_type("foot-artillery"), 200, 8).artillery, 8);
}

// ------------------------------------------------------------------ fire

TEST(ClausewitzFire, SteadyThenFireOddsAreBinomialOfBothRolls) {
    FireRequest r;
    r.dice = 8;
    const FireSetup s = prepare_fire(tables(), r);
    EXPECT_EQ(s.dice_used, 8);
    const FireOdds odds = fire_odds(s);
    EXPECT_NEAR(static_cast<double>(odds.per_die), 1.0 / 6, 1e-15);  // 5+ then 4+: 2/6 x 3/6
    for (int k = 0; k <= 8; ++k) EXPECT_NEAR(static_cast<double>(odds.damage.at(static_cast<std::size_t>(k))), static_cast<double>(binomial(8, k, 1.0L / 6)), 1e-15);
    EXPECT_NEAR(static_cast<double>(odds.damage.expected()), 8.0 / 6, 1e-12);

    r.firer = Formation::Column;
    r.range = RangeBand::Long;
    const FireSetup column = prepare_fire(tables(), r);
    EXPECT_EQ(column.dice_used, 2);  // a quarter of 8
    r.dice = 9;
    EXPECT_EQ(prepare_fire(tables(), r).dice_used, 3);  // rounded up
    EXPECT_NEAR(static_cast<double>(fire_odds(column).per_die), 2.0 / 36, 1e-15);  // 5+ then 6+
    EXPECT_EQ(column.dice_terms.total, 2);
    EXPECT_EQ(column.dice_terms.count, 2u);
}

TEST(ClausewitzFire, EnfiladeDoublesAndSavesCount) {
    FireRequest r;
    r.dice = 3;
    r.enfilade = true;
    const FireOdds odds = fire_odds(prepare_fire(tables(), r));
    EXPECT_NEAR(static_cast<double>(odds.damage.at(1)), 0.0, 1e-18);
    EXPECT_NEAR(static_cast<double>(odds.damage.at(2)), 3 * (1.0 / 6) * (25.0 / 36), 1e-15);
    EXPECT_NEAR(static_cast<double>(odds.damage.expected()), 1.0, 1e-12);
    r.enfilade = false;
    r.save = 5;  // woods
    EXPECT_NEAR(static_cast<double>(fire_odds(prepare_fire(tables(), r)).per_die), 1.0 / 6 * 4 / 6, 1e-15);
    r.save = 1;
    EXPECT_THROW(prepare_fire(tables(), r), RuleError);
}

TEST(ClausewitzFire, BombardHalvedOrDoubledByTheTargetsFormation) {
    FireRequest r;
    r.kind = FireKind::Artillery;
    r.dice = 4;
    r.target = Formation::Line;
    const FireSetup line = prepare_fire(tables(), r);
    EXPECT_EQ(line.damage, ArtilleryEffect::Half);
    DiceSource typed(nullptr);
    const FireThrow t = throw_fire(line, typed, "6,6,5,1", "4,5,1", std::nullopt);
    EXPECT_EQ(t.steady_successes, 3);
    EXPECT_EQ(t.hits, 2);
    EXPECT_EQ(t.damage, 1);  // half of 2
    const FireThrow three = throw_fire(line, typed, "6,6,6,1", "4,5,6", std::nullopt);
    EXPECT_EQ(three.damage, 2);  // half of 3, rounded up
    r.target = Formation::Column;
    EXPECT_EQ(throw_fire(prepare_fire(tables(), r), typed, "6,6,6,1", "4,5,6", std::nullopt).damage, 6);
    r.target = Formation::Line;
    r.target_flank = true;
    EXPECT_EQ(prepare_fire(tables(), r).damage, ArtilleryEffect::Double);
}

TEST(ClausewitzFire, TypedDiceAreCountedAndChecked) {
    FireRequest r;
    r.dice = 4;
    const FireSetup s = prepare_fire(tables(), r);
    DiceSource typed(nullptr);
    const FireThrow t = throw_fire(s, typed, "6,5,1,2", "4,3", std::nullopt);
    EXPECT_EQ(t.steady_successes, 2);
    EXPECT_EQ(t.hits, 1);
    try {
        (void)throw_fire(s, typed, "6,5,1,2", "4", std::nullopt);
        FAIL();
    } catch (const RuleError& error) {
        EXPECT_NE(std::string(error.what()).find("--fire-dice: 2 dice expected"), std::string::npos) << error.what();
    }
    EXPECT_THROW((void)throw_fire(s, typed, "6,5,1", "4", std::nullopt), RuleError);
    try {
        (void)throw_fire(s, typed, "6,5,7,1", "4,4", std::nullopt);
        FAIL();
    } catch (const RuleError& error) {
        EXPECT_NE(std::string(error.what()).find("a die shows 1 to 6, not 7"), std::string::npos);
    }
    EXPECT_THROW((void)throw_fire(s, typed, "6,x,1,1", std::nullopt, std::nullopt), RuleError);
}

TEST(ClausewitzFire, SimulationAgreesWithTheOdds) {
    FireRequest r;
    r.dice = 6;
    r.enfilade = true;
    r.save = 6;
    const FireSetup s = prepare_fire(tables(), r);
    const FireOdds odds = fire_odds(s);
    Dice dice(2026);
    DiceSource thrown(&dice);
    constexpr int kTrials = 40000;
    std::vector<int> seen(odds.damage.p.size(), 0);
    for (int i = 0; i < kTrials; ++i) ++seen[static_cast<std::size_t>(throw_fire(s, thrown, std::nullopt, std::nullopt, std::nullopt).damage)];
    for (std::size_t k = 0; k < seen.size(); ++k) {
        const double p = static_cast<double>(odds.damage.at(k));
        // Four standard deviations of the frequency, and never looser than 0.006.
        const double tolerance = std::max(0.006, 4 * std::sqrt(p * (1 - p) / kTrials));
        EXPECT_NEAR(static_cast<double>(seen[k]) / kTrials, p, tolerance) << "damage " << k;
    }
}

TEST(ClausewitzFire, DiceLostToDamage) {
    const CountOdds lost = dice_lost_odds(tables(), 3);
    EXPECT_NEAR(static_cast<double>(lost.at(0)), 8.0 / 27, 1e-15);  // each damage loses a die on 5+
    EXPECT_NEAR(static_cast<double>(lost.at(3)), 1.0 / 27, 1e-15);
}

// ------------------------------------------------------------------ melee

TEST(ClausewitzMelee, HitOnAgainstFootAndMountedWithFlankAndRear) {
    MeleeRequest r;
    r.dice = 6;
    EXPECT_EQ(prepare_melee(tables(), r).hit_on, 5);
    r.flank = true;
    EXPECT_EQ(prepare_melee(tables(), r).hit_on, 4);
    r.flank = false;
    r.rear = true;
    EXPECT_EQ(prepare_melee(tables(), r).hit_on, 3);
    r.rear = false;
    r.against = Arm::Mounted;
    EXPECT_EQ(prepare_melee(tables(), r).hit_on, 6);
    r.slope = Slope::SteepBelow;
    const MeleeSetup steep = prepare_melee(tables(), r);
    EXPECT_EQ(steep.hit_on, 6);  // 8+ is impossible: a 6 always hits
    EXPECT_EQ(steep.terms.total, -2);
    r.flank = r.rear = true;
    EXPECT_THROW(prepare_melee(tables(), r), RuleError);
}

TEST(ClausewitzMelee, TheGeneralsGuardDie) {
    MeleeRequest r;
    r.dice = 2;
    r.general = true;
    const MeleeSetup s = prepare_melee(tables(), r);
    EXPECT_EQ(s.general_hit_on, 4);
    const CountOdds odds = melee_odds(s);
    // two dice on 5+ (1/3 each) and one on 4+ (1/2)
    EXPECT_NEAR(static_cast<double>(odds.at(0)), (2.0 / 3) * (2.0 / 3) * 0.5, 1e-15);
    EXPECT_NEAR(static_cast<double>(odds.at(3)), (1.0 / 3) * (1.0 / 3) * 0.5, 1e-15);
    DiceSource typed(nullptr);
    EXPECT_EQ(throw_melee(s, typed, "5,4", "4").hits, 2);
    r.artillery = true;
    r.dice = 3;
    EXPECT_EQ(prepare_melee(tables(), r).dice_used, 2);
}

// ------------------------------------------------------------------ morale

TEST(ClausewitzMorale, PlusOneAUnitAndTheThreePlusCap) {
    MoraleRequest r;
    r.units = 3;
    MoraleSetup s = prepare_morale(tables(), r);
    EXPECT_EQ(s.pass_on, 5);
    MoraleOdds odds = morale_odds(tables(), s);
    EXPECT_EQ(odds.pass.numerator, 30u);     // 2d6 >= 5
    EXPECT_EQ(odds.withdraw.numerator, 5u);  // 3 or 4
    EXPECT_EQ(odds.flee.numerator, 1u);      // 2
    r.units = 4;
    r.in_column = 2;
    s = prepare_morale(tables(), r);
    EXPECT_EQ(s.pass_on, 3);  // 8 - 6 would be 2+: no better than 3+
    EXPECT_EQ(morale_odds(tables(), s).pass.numerator, 35u);
    EXPECT_EQ(morale_result(tables(), s, 2), MoraleResult::Withdraw);  // a 2 always fails, by 1
}

TEST(ClausewitzMorale, CavalryThreatByFormation) {
    MoraleRequest r;
    r.units = 3;
    r.cavalry_threat = 2;
    EXPECT_EQ(prepare_morale(tables(), r).pass_on, 7);
    r.in_column = 3;
    const MoraleSetup column = prepare_morale(tables(), r);
    EXPECT_EQ(column.pass_on, 4);  // 8-3-3 = 2, capped 3; Cavalry (-2) reduced to (-1)
    r.in_column = 0;
    r.in_square = 3;
    EXPECT_EQ(prepare_morale(tables(), r).pass_on, 3);  // square: the rule does not affect them
    r.in_square = 1;
    r.in_column = 2;
    r.cavalry_threat = 1;
    EXPECT_EQ(prepare_morale(tables(), r).pass_on, 3);  // Cavalry (-1) negated
    r.in_column = 3;
    EXPECT_THROW(prepare_morale(tables(), r), RuleError);  // 4 units of 3
    r.in_column = 0;
    r.units = 6;
    EXPECT_THROW(prepare_morale(tables(), r), RuleError);
}

TEST(ClausewitzMorale, WithdrawalAndFlightByTheMargin) {
    const Reaction withdraw = react(tables(), MoraleResult::Withdraw, 2, Arm::Foot, 3);
    EXPECT_EQ(withdraw.distance_cm, 2);
    const Reaction flee = react(tables(), MoraleResult::Flee, 3, Arm::Foot, 4);
    EXPECT_EQ(flee.distance_cm, 15);  // 3 cm plus 3 cm for each of 4 actions
    EXPECT_EQ(react(tables(), MoraleResult::Flee, 5, Arm::Foot, 0).distance_cm, 3);  // the minimum flight
    EXPECT_EQ(react(tables(), MoraleResult::Flee, 5, Arm::Mounted, 1).distance_cm, 16);
    MoraleRequest r;
    r.units = 2;
    const MoraleSetup s = prepare_morale(tables(), r);  // 6+
    int margin = 0;
    EXPECT_EQ(morale_result(tables(), s, 4, &margin), MoraleResult::Withdraw);
    EXPECT_EQ(margin, 2);
    EXPECT_EQ(morale_result(tables(), s, 3, &margin), MoraleResult::Flee);
    EXPECT_EQ(margin, 3);
}

TEST(ClausewitzMorale, SimulationAgreesWithTheOdds) {
    MoraleRequest r;
    r.units = 1;
    r.cavalry_threat = 1;
    const MoraleSetup s = prepare_morale(tables(), r);  // 8 - 1 + 1 = 8+
    const MoraleOdds odds = morale_odds(tables(), s);
    EXPECT_EQ(odds.pass.numerator, 15u);
    Dice dice(7);
    DiceSource thrown(&dice);
    int pass = 0, flee = 0;
    constexpr int kTrials = 36000;
    for (int i = 0; i < kTrials; ++i) {
        const MoraleThrow t = throw_morale(tables(), s, thrown, std::nullopt);
        pass += t.result == MoraleResult::Pass;
        flee += t.result == MoraleResult::Flee;
    }
    EXPECT_NEAR(pass / double(kTrials), odds.pass.value(), 0.012);
    EXPECT_NEAR(flee / double(kTrials), odds.flee.value(), 0.012);
}

// ------------------------------------------------------------------ command and movement

TEST(ClausewitzCommand, CombinedRatingPointsAndDistance) {
    CommandRequest r;
    r.general_rating = 3;
    r.unit_rating = 4;
    CommandSetup s = prepare_command(tables(), r);
    EXPECT_EQ(s.pass_on, 7);
    EXPECT_EQ(command_odds(s).numerator, 21u);
    r.command_points = 2;
    r.distance_cm = 17;
    s = prepare_command(tables(), r);
    EXPECT_EQ(s.pass_on, 5);
    EXPECT_EQ(s.actions_lost, 2);  // one for every 8 cm
    EXPECT_EQ(s.actions_left, 3);
    DiceSource typed(nullptr);
    EXPECT_TRUE(throw_command(s, typed, "4,1").passed);
    EXPECT_FALSE(throw_command(s, typed, "3,1").passed);
    EXPECT_THROW((void)throw_command(s, typed, "3"), RuleError);
    r.general_rating = 6;
    EXPECT_THROW(prepare_command(tables(), r), RuleError);
    r.general_rating = 3;
    r.command_points = 6;
    EXPECT_THROW(prepare_command(tables(), r), RuleError);
}

TEST(ClausewitzMovement, PerActionByArmTerrainAndRoad) {
    MoveRequest r;
    r.actions = 5;
    EXPECT_EQ(move(tables(), r).distance_cm, 10);  // "all five actions on a unit of line infantry will move them 10cm"
    r.arm = Arm::Mounted;
    r.quick = true;
    r.actions = 2;
    EXPECT_EQ(move(tables(), r).distance_cm, 16);
    r.terrain = Terrain::Rough;
    EXPECT_THROW(move(tables(), r), RuleError);  // Quick March on open terrain only
    r.quick = false;
    r.terrain = Terrain::Difficult;
    EXPECT_EQ(move(tables(), r).per_action_cm, 2);  // half of 4
    r.arm = Arm::Foot;
    EXPECT_EQ(move(tables(), r).per_action_cm, 1);
    r.road = true;
    r.quick = true;
    r.formation = Formation::Column;
    EXPECT_EQ(move(tables(), r).per_action_cm, 4);  // the 48th of Foot's quickstep on the road
    r.formation = Formation::Line;
    EXPECT_THROW(move(tables(), r), RuleError);
    r.road = false;
    r.terrain = Terrain::Open;
    r.formation = Formation::Square;
    r.quick = false;
    EXPECT_THROW(move(tables(), r), RuleError);
    r.formation.reset();
    r.quick = true;
    r.in_zone = true;
    EXPECT_THROW(move(tables(), r), RuleError);
    r.quick = false;
    r.terrain = Terrain::Impassable;
    EXPECT_THROW(move(tables(), r), RuleError);
    r.el_bruc = true;
    EXPECT_EQ(move(tables(), r).per_action_cm, 1);
    r.actions = 6;
    EXPECT_THROW(move(tables(), r), RuleError);
}

// ------------------------------------------------------------------ zone of control, wheel, chip bag

TEST(ClausewitzZone, TenCentimetresAheadInsideTheFortyFiveDegreeLines) {
    const Footprint owner{0, 0, 0, 4, 3};
    EXPECT_TRUE(zone_of_control(tables(), owner, {0, 10, 180, 4, 3}).inside);
    const ZoneCheck edge = zone_of_control(tables(), owner, {0, 13, 180, 4, 3});
    EXPECT_NEAR(edge.distance_cm, 10.0, 1e-9);
    EXPECT_TRUE(edge.inside);
    EXPECT_FALSE(zone_of_control(tables(), owner, {0, 14, 180, 4, 3}).inside);
    const ZoneCheck corner = zone_of_control(tables(), owner, {12, 8, 0, 4, 3});
    EXPECT_TRUE(corner.in_arc);  // its corner touches the 45-degree line
    EXPECT_FALSE(corner.inside);
    EXPECT_NEAR(corner.distance_cm, std::hypot(8.0, 8.0), 1e-9);
    EXPECT_FALSE(zone_of_control(tables(), owner, {0, -10, 0, 4, 3}).in_arc);  // behind
    EXPECT_FALSE(zone_of_control(tables(), owner, {6, 0, 0, 4, 3}).in_arc);    // beside
    EXPECT_TRUE(zone_of_control(tables(), owner, {7, 6, 0, 4, 3}).inside);     // out to the side, within the lines
    // Turned to face east, the same brigade now holds a zone to its right.
    EXPECT_TRUE(zone_of_control(tables(), {0, 0, 90, 4, 3}, {10, 0, 270, 4, 3}).inside);
    EXPECT_FALSE(zone_of_control(tables(), {0, 0, 90, 4, 3}, {0, 10, 180, 4, 3}).inside);
    EXPECT_THROW(zone_of_control(tables(), {0, 0, 0, 0, 3}, owner), RuleError);
}

TEST(ClausewitzZone, WheelAboutThePinnedCorner) {
    const Wheel w = wheel(tables(), Arm::Foot, 4, 90);
    EXPECT_NEAR(w.outer_cm, 2 * std::acos(-1.0), 1e-9);
    EXPECT_EQ(w.actions, 4);
    EXPECT_EQ(wheel(tables(), Arm::Mounted, 4, 90).actions, 2);
    EXPECT_THROW(wheel(tables(), Arm::Foot, 4, 0), RuleError);
}

TEST(ClausewitzChipBag, WhoseChipComesNext) {
    ChipBag bag;
    bag.add("French", chips_for(tables(), 1));   // 1 + 5
    bag.add("British", chips_for(tables(), 0));  // 1
    EXPECT_EQ(bag.total(), 7);
    const Probability french = bag.next("French");
    EXPECT_EQ(french.numerator, 6u);
    EXPECT_EQ(french.denominator, 7u);
    EXPECT_NEAR(static_cast<double>(bag.exactly("British", 1, 3)), 3.0 / 7, 1e-15);
    EXPECT_NEAR(static_cast<double>(bag.exactly("French", 2, 2)), 6.0 / 7 * 5 / 6, 1e-15);
    Dice dice(11);
    constexpr int kTrials = 20000;
    int british_first = 0, british_by_third = 0;
    for (int i = 0; i < kTrials; ++i) {
        ChipBag copy = bag;
        const std::string first = copy.draw(dice);
        british_first += first == "British";
        bool seen = first == "British";
        for (int d = 1; d < 3; ++d) seen = copy.draw(dice) == "British" || seen;
        british_by_third += seen;
        EXPECT_EQ(copy.total(), 4);
    }
    EXPECT_NEAR(british_first / double(kTrials), 1.0 / 7, 0.01);
    EXPECT_NEAR(british_by_third / double(kTrials), 3.0 / 7, 0.015);
    bag.take("British");
    EXPECT_EQ(bag.next("British").numerator, 0u);
    try {
        bag.take("British");
        FAIL();
    } catch (const RuleError& error) {
        EXPECT_NE(std::string(error.what()).find("out of turn"), std::string::npos);
    }
}

// ------------------------------------------------------------------ the system's files

TEST(ClausewitzSystem, DeclaresItsFormatsAndChecksItsFiles) {
    const RuleSystem& system = clausewitz_system();
    EXPECT_EQ(system.id(), "clausewitz");
    ASSERT_EQ(system.formats().size(), 5u);
    EXPECT_EQ(system.formats()[0].format, "fortuna-clausewitz");
    EXPECT_EQ(system.formats()[1].place, "armies");
    EXPECT_EQ(system.formats()[3].format, "fortuna-clausewitz-save");
    EXPECT_EQ(system.formats()[3].place, "saves");
    EXPECT_EQ(system.formats()[4].format, "fortuna-clausewitz-journal");
    EXPECT_EQ(system.formats()[4].place, "journals");
    const auto file = kData / "tables" / "clausewitz.json";
    EXPECT_NE(check_clausewitz_file(kData, file, table_document()).find("Clausewitz tables"), std::string::npos);
    auto broken = table_document();
    broken["morale"]["best"] = 9;
    EXPECT_THROW(check_clausewitz_file(kData, file, broken), DataError);
    EXPECT_THROW(check_clausewitz_file(kData, file, nlohmann::json{{"format", "fortuna-army"}}), DataError);
}

TEST(ClausewitzSystem, EveryArmyListChecks) {
    int armies = 0;
    for (const auto& entry : std::filesystem::directory_iterator(kData / "armies" / "clausewitz")) {
        const auto document = read_json_file(entry.path());
        EXPECT_NO_THROW(check_clausewitz_file(kData, entry.path(), document)) << entry.path();
        ++armies;
    }
    EXPECT_EQ(armies, 5);  // British, French, Prussian, Austrian, Russian
    auto document = read_json_file(kData / "armies" / "clausewitz" / "french.json");
    document["units"][0]["type"] = "grenadier";
    try {
        (void)check_clausewitz_file(kData, kData / "armies" / "clausewitz" / "french.json", document);
        FAIL();
    } catch (const DataError& error) {
        EXPECT_EQ(error.where(), "/units/0/type");
    }
}

TEST(ClausewitzSystem, TheQuatreBrasScenarioChecks) {
    const auto file = kData / "scenarios" / "quatre-bras-1815.json";
    const auto document = read_json_file(file);
    EXPECT_EQ(check_clausewitz_file(kData, file, document), "Clausewitz scenario");
    // Every brigade is at most five bases and every arrival falls between 14:00 and 21:00.
    auto late = document;
    late["sides"][1]["brigades"][2]["arrives"]["time"] = "21:30";
    try {
        (void)check_clausewitz_file(kData, file, late);
        FAIL() << "an arrival after the end was accepted";
    } catch (const DataError& error) {
        EXPECT_EQ(error.where(), "/sides/1/brigades/2/arrives/time");
    }
    auto off_table = document;
    off_table["objectives"][0]["at"] = nlohmann::json::array({200, 10});
    EXPECT_THROW((void)check_clausewitz_file(kData, file, off_table), DataError);
    auto big = document;
    for (int i = 0; i < 2; ++i) big["sides"][0]["brigades"][0]["units"].push_back(big["sides"][0]["brigades"][0]["units"][0]);
    try {
        (void)check_clausewitz_file(kData, file, big);
        FAIL() << "a brigade of six bases was accepted";
    } catch (const DataError& error) {
        EXPECT_EQ(error.where(), "/sides/0/brigades/0/units");
    }
    auto both = document;
    both["sides"][0]["brigades"][0]["arrives"] = {{"time", "15:00"}, {"at", {100, 0}}, {"cite", {"x"}}};
    EXPECT_THROW((void)check_clausewitz_file(kData, file, both), DataError);
}

}  // namespace
}  // namespace fortuna::clausewitz
