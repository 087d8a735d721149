// SPDX-License-Identifier: MIT
// Game Of Kings (seed 004): every resolver's exact odds against hand counts and a seeded simulation.
#include <gtest/gtest.h>

#include <cmath>
#include <filesystem>

#include "fortuna/core/errors.hpp"
#include "fortuna/game_of_kings/resolvers.hpp"
#include "fortuna/game_of_kings/system.hpp"
#include "fortuna/seam/library.hpp"

namespace fortuna::game_of_kings {
namespace {

const Tables& tables() {
    static const Tables loaded = load_tables(FORTUNA_TEST_DATA_DIR);
    return loaded;
}

double sum(const Chances& chances) {
    double total = 0;
    for (const double p : chances) total += p;
    return total;
}

FaceSource typed(const std::string& text, const std::string& field = "--dice") { return FaceSource(parse_faces(text, field), field); }

// Throws a setup `trials` times with seeded dice; the share of each number of hits.
template <typename Throw>
Chances simulate(std::size_t size, int trials, Throw&& one) {
    Chances share(size + 8, 0.0);
    for (int i = 0; i < trials; ++i) {
        const auto k = static_cast<std::size_t>(one());
        if (k >= share.size()) share.resize(k + 1, 0.0);
        share[k] += 1.0 / trials;
    }
    return share;
}

// Every outcome within `tolerance` of the simulated share (4 standard errors of 40,000 throws is
// about 0.01 at p = 0.5; a wrong rule moves some outcome by several times that).
void expect_close(const Chances& exact, const Chances& simulated, double tolerance = 0.01) {
    for (std::size_t k = 0; k < std::max(exact.size(), simulated.size()); ++k) {
        const double e = k < exact.size() ? exact[k] : 0.0;
        const double s = k < simulated.size() ? simulated[k] : 0.0;
        EXPECT_NEAR(e, s, tolerance) << "outcome " << k;
    }
}

// ------------------------------------------------------------------ tables

TEST(GameOfKingsTables, NumbersOfTheSeedAreReadFromTheFile) {
    const Tables& t = tables();
    EXPECT_EQ(t.centre_faces, 10);
    EXPECT_EQ(t.flank_faces, 6);
    EXPECT_EQ(t.move_cm.at("foot-line"), 6);
    EXPECT_EQ(t.move_cm.at("foot-column"), 8);
    EXPECT_EQ(t.move_cm.at("heavy-cavalry"), 10);
    EXPECT_EQ(t.move_cm.at("light-cavalry"), 12);
    EXPECT_EQ(t.musket_cm, 8);
    EXPECT_EQ(t.carbine_cm, 6);
    EXPECT_EQ(t.artillery_hit_on.at("foot"), 4);  // the author's first change: 4, not 5
    EXPECT_EQ(t.artillery_hit_on.at("gun"), 6);
    EXPECT_EQ(t.morale_pass_on.at("elite"), 2);
    EXPECT_EQ(t.morale_pass_on.at("regular"), 3);
    EXPECT_EQ(t.morale_pass_on.at("poor"), 4);
    EXPECT_EQ(t.rally_pass_on, 5);
    // The matrix, in half dice per 25 %, row by row as the seed prints it (MELEES).
    const std::array<int, 6> hm{2, 4, 4, 2, 6, 4}, lan{2, 2, 2, 3, 8, 8}, lc{2, 4, 2, 2, 4, 6}, inf{2, 2, 2, 2, 2, 2};
    EXPECT_EQ(t.melee_halves.at("heavy-medium-cavalry"), hm);
    EXPECT_EQ(t.melee_halves.at("lancers"), lan);
    EXPECT_EQ(t.melee_halves.at("light-cavalry"), lc);
    EXPECT_EQ(t.melee_halves.at("foot"), inf);
    EXPECT_EQ(t.gauge_names.at(2), "fog");
    EXPECT_EQ(t.gauge_names.at(3), "light-rain");
    EXPECT_EQ(t.gauge_names.at(7), "fair");
    EXPECT_EQ(t.gauge_names.at(11), "light-rain");
    EXPECT_EQ(t.gauge_names.at(12), "heavy-rain");
}

TEST(GameOfKingsTables, ABadTableIsRefusedNamingTheField) {
    nlohmann::json document = read_json_file(std::filesystem::path(FORTUNA_TEST_DATA_DIR) / "tables" / "game-of-kings.json");
    document["weather"]["change"]["same"] = {3, 4, 5};
    try {
        tables_from_json(document, "game-of-kings.json");
        FAIL() << "a face in two places was accepted";
    } catch (const DataError& error) {
        EXPECT_EQ(error.where(), "/weather/change");
    }
    document = read_json_file(std::filesystem::path(FORTUNA_TEST_DATA_DIR) / "tables" / "game-of-kings.json");
    document["melee"]["dice_per_step"]["lancers"][3] = 1.25;
    EXPECT_THROW(validate_against_schema(document, "game-of-kings", "t.json", FORTUNA_TEST_DATA_DIR), DataError);
}

TEST(GameOfKingsTables, EffectivenessIsA25PercentStep) {
    EXPECT_EQ(effectiveness_steps(100, "--effectiveness"), 4);
    EXPECT_EQ(effectiveness_steps(25, "--effectiveness"), 1);
    for (const int bad : {0, 30, 125, -25}) {
        try {
            effectiveness_steps(bad, "--attacker-effectiveness");
            FAIL() << bad;
        } catch (const RuleError& error) {
            EXPECT_NE(std::string(error.what()).find("--attacker-effectiveness"), std::string::npos);
            EXPECT_NE(std::string(error.what()).find("25, 50, 75 or 100"), std::string::npos);
        }
    }
    EXPECT_THROW(unit_type_from_string("dragoons", "--attacker"), RuleError);
}

// ------------------------------------------------------------------ dice

TEST(GameOfKingsDice, ABinomialAndAHalfDieByHand) {
    const Chances one = binomial(1, 0.5);
    EXPECT_DOUBLE_EQ(one[0], 0.5);
    const Chances half = pool_chances({0, 1}, 0.5, 0.5);  // a half die: becomes a die half the time, which hits half the time
    ASSERT_EQ(half.size(), 2u);
    EXPECT_DOUBLE_EQ(half[0], 0.75);
    EXPECT_DOUBLE_EQ(half[1], 0.25);
    const Chances pool = pool_chances({2, 1}, 0.5, 0.5);  // 2 1/2 dice: 0.5 * B(2) + 0.5 * B(3)
    EXPECT_DOUBLE_EQ(pool[0], 0.5 * 0.25 + 0.5 * 0.125);
    EXPECT_DOUBLE_EQ(pool[3], 0.5 * 0.125);
    EXPECT_NEAR(sum(pool), 1.0, 1e-12);
}

TEST(GameOfKingsDice, TypedFacesAreRefusedWhenTheCountOrAFaceIsWrong) {
    EXPECT_THROW(parse_faces("6,x,1", "--dice"), RuleError);
    EXPECT_THROW(parse_faces("6,,1", "--dice"), RuleError);
    FaceSource seven = typed("6,7");
    seven.expect(2, "2 dice");
    EXPECT_EQ(seven.take(), 6);
    try {
        seven.take();
        FAIL();
    } catch (const RuleError& error) {
        EXPECT_NE(std::string(error.what()).find("face 7"), std::string::npos);
        EXPECT_NE(std::string(error.what()).find("1-6"), std::string::npos);
    }
    FaceSource few = typed("6,3", "--attacker-dice");
    try {
        few.expect(3, "3 dice of the pool");
        FAIL();
    } catch (const RuleError& error) {
        EXPECT_NE(std::string(error.what()).find("--attacker-dice expects 3 faces"), std::string::npos) << error.what();
    }
    FaceSource many = typed("6,3,1");
    many.expect(2, "2 dice");
    many.take();
    many.take();
    EXPECT_THROW(many.finish(), RuleError);
    FaceSource d10 = typed("10,6,7");
    d10.expect(3, "action points");
    EXPECT_EQ(d10.take(10), 10);
    EXPECT_EQ(d10.take(6), 6);
    EXPECT_THROW(d10.take(6), RuleError);
}

// ------------------------------------------------------------------ melee

MeleeRequest melee(UnitType a, UnitType d, int a_eff = 100, int d_eff = 100) {
    MeleeRequest r;
    r.attacker.type = a;
    r.attacker.effectiveness = a_eff;
    r.defender.type = d;
    r.defender.effectiveness = d_eff;
    return r;
}

TEST(GameOfKingsMelee, EveryCellOfTheMatrixAtFullEffectiveness) {
    // Defender foot in firing order met frontally reads Inf (ff); other foot Inf (oth).
    struct Cell {
        UnitType attacker;
        UnitType defender;
        bool firing;
        int dice;
        int half;
    };
    const Cell cells[] = {
        {UnitType::HeavyCavalry, UnitType::HeavyCavalry, true, 4, 0}, {UnitType::MediumCavalry, UnitType::Lancers, true, 8, 0},
        {UnitType::HeavyCavalry, UnitType::LightCavalry, true, 8, 0}, {UnitType::HeavyCavalry, UnitType::Foot, true, 4, 0},
        {UnitType::HeavyCavalry, UnitType::Foot, false, 12, 0},      {UnitType::HeavyCavalry, UnitType::LightFoot, true, 8, 0},
        {UnitType::Lancers, UnitType::HeavyCavalry, true, 4, 0},      {UnitType::Lancers, UnitType::Lancers, true, 4, 0},
        {UnitType::Lancers, UnitType::LightCavalry, true, 4, 0},      {UnitType::Lancers, UnitType::Foot, true, 6, 0},
        {UnitType::Lancers, UnitType::Foot, false, 16, 0},            {UnitType::Lancers, UnitType::LightFoot, true, 16, 0},
        {UnitType::LightCavalry, UnitType::HeavyCavalry, true, 4, 0}, {UnitType::LightCavalry, UnitType::Lancers, true, 8, 0},
        {UnitType::LightCavalry, UnitType::LightCavalry, true, 4, 0}, {UnitType::LightCavalry, UnitType::Foot, true, 4, 0},
        {UnitType::LightCavalry, UnitType::Foot, false, 8, 0},        {UnitType::LightCavalry, UnitType::LightFoot, true, 12, 0},
        {UnitType::Foot, UnitType::Foot, true, 4, 0},                 {UnitType::Foot, UnitType::LightFoot, true, 4, 0},
    };
    for (const Cell& c : cells) {
        MeleeRequest r = melee(c.attacker, c.defender);
        r.defender.firing_order = c.firing;
        const MeleeSetup s = prepare_melee(tables(), r);
        EXPECT_EQ(s.attacker.pool.dice, c.dice) << to_string(c.attacker) << " v " << to_string(c.defender) << " " << c.firing;
        EXPECT_EQ(s.attacker.pool.half_dice, c.half);
        EXPECT_NEAR(sum(s.attacker.hits), 1.0, 1e-12);
    }
    // Foot against horse in a continuing melee read the Inf row: 1 a step.
    MeleeRequest r = melee(UnitType::Foot, UnitType::Lancers);
    r.continuing = true;
    EXPECT_EQ(prepare_melee(tables(), r).attacker.pool.dice, 4);
}

TEST(GameOfKingsMelee, LancersAtThreeQuartersAgainstFiringFootRollFourAndAHalf) {
    MeleeRequest r = melee(UnitType::Lancers, UnitType::Foot, 75, 100);
    const MeleeSetup s = prepare_melee(tables(), r);
    EXPECT_EQ(s.attacker.pool.dice, 4);
    EXPECT_EQ(s.attacker.pool.half_dice, 1);
    EXPECT_EQ(s.defender.pool.dice, 4);  // foot: 1 a step against lancers
    // Exact against a seeded simulation of the whole procedure (the half die's 50:50 included).
    Dice dice(29);
    const Chances simulated = simulate(6, 40000, [&] {
        FaceSource source(dice);
        FaceSource other(dice);
        return resolve_melee(tables(), s, source, other).attacker.hits;
    });
    expect_close(s.attacker.hits, simulated);
    // By hand: 0.5 * B(4, 1/2) + 0.5 * B(5, 1/2) at 5 hits = 0.5 / 32.
    EXPECT_DOUBLE_EQ(s.attacker.hits[5], 0.5 / 32);
    EXPECT_NEAR(s.attacker.loses + s.defender.loses + s.neither_loses, 1.0, 1e-12);
}

TEST(GameOfKingsMelee, TheChanceEachSideLosesMatchesASimulation) {
    MeleeRequest r = melee(UnitType::HeavyCavalry, UnitType::LightCavalry, 50, 100);
    r.attacker.bonuses = {"higher-ground"};
    r.defender.cuirassiers = false;
    const MeleeSetup s = prepare_melee(tables(), r);
    EXPECT_EQ(s.attacker.pool.dice, 6);  // 2 a step x 2 steps + 1 a step higher ground x 2
    EXPECT_EQ(s.defender.pool.dice, 4);  // light cavalry against H/MCav: 1 a step x 4
    Dice dice(1745);
    int attacker_lost = 0, defender_lost = 0;
    const int trials = 40000;
    for (int i = 0; i < trials; ++i) {
        FaceSource a(dice), d(dice);
        const MeleeResult m = resolve_melee(tables(), s, a, d);
        attacker_lost += m.loser == "attacker";
        defender_lost += m.loser == "defender";
    }
    EXPECT_NEAR(s.attacker.loses, double(attacker_lost) / trials, 0.01);
    EXPECT_NEAR(s.defender.loses, double(defender_lost) / trials, 0.01);
}

TEST(GameOfKingsMelee, BonusesRearHalvingAndTheirRefusals) {
    MeleeRequest r = melee(UnitType::HeavyCavalry, UnitType::Foot, 100, 75);
    r.from_rear = true;
    const MeleeSetup s = prepare_melee(tables(), r);
    // Attacker: Inf (oth) 3 a step x 4 = 12, + flank/rear 4 = 16. Defender: 3 dice halved = 1 and a half.
    EXPECT_EQ(s.attacker.pool.dice, 16);
    EXPECT_EQ(s.attacker.column, "Inf (oth)");
    EXPECT_TRUE(s.defender.halved);
    EXPECT_EQ(s.defender.pool.dice, 1);
    EXPECT_EQ(s.defender.pool.half_dice, 1);
    // Defending a town and on higher ground: +2 a step.
    MeleeRequest t = melee(UnitType::HeavyCavalry, UnitType::Foot, 100, 50);
    t.defender.bonuses = {"town", "higher-ground"};
    EXPECT_EQ(prepare_melee(tables(), t).defender.pool.dice, 2 + 4);
    t.attacker.bonuses = {"river"};
    EXPECT_THROW(prepare_melee(tables(), t), RuleError);  // a river bank is defended, not attacked
    EXPECT_THROW(prepare_melee(tables(), melee(UnitType::Foot, UnitType::HeavyCavalry)), RuleError);
    EXPECT_THROW(prepare_melee(tables(), melee(UnitType::LightFoot, UnitType::Foot)), RuleError);
    EXPECT_THROW(prepare_melee(tables(), melee(UnitType::Gun, UnitType::Foot)), RuleError);
    MeleeRequest wood = melee(UnitType::LightFoot, UnitType::Foot);
    wood.attacker.in_wood_or_town = true;
    EXPECT_EQ(prepare_melee(tables(), wood).attacker.pool.dice, 4);
    EXPECT_EQ(prepare_melee(tables(), melee(UnitType::Foot, UnitType::LightFoot)).defender.pool.dice, 0);
    const MeleeSetup gun = prepare_melee(tables(), melee(UnitType::HeavyCavalry, UnitType::Gun));
    EXPECT_TRUE(gun.gun_overrun);
    EXPECT_EQ(gun.defender.loses, 1.0);
}

TEST(GameOfKingsMelee, CuirassiersSaveOnASixAndPrussianHorseHitOnFive) {
    MeleeRequest r = melee(UnitType::HeavyCavalry, UnitType::HeavyCavalry);
    r.defender.cuirassiers = true;
    r.attacker.hit_on = 5;
    const MeleeSetup s = prepare_melee(tables(), r);
    EXPECT_DOUBLE_EQ(s.attacker.hit_chance, (2.0 / 6) * (5.0 / 6));
    EXPECT_DOUBLE_EQ(s.defender.hit_chance, 0.5);
}

TEST(GameOfKingsMelee, ATypedThrowIsExplainedAndRefusedWhenShort) {
    const MeleeSetup s = prepare_melee(tables(), melee(UnitType::Lancers, UnitType::Foot, 75, 100));
    // The half die's decider 5 makes it a die: 5 dice 6,1,4,4,2 = 3 hits; the foot 1,2,3,6 = 1 hit.
    FaceSource a = typed("5,6,1,4,4,2", "--attacker-dice");
    FaceSource d = typed("1,2,3,6", "--defender-dice");
    const MeleeResult m = resolve_melee(tables(), s, a, d);
    EXPECT_TRUE(m.attacker.half_became_die);
    EXPECT_EQ(m.attacker.hits, 3);
    EXPECT_EQ(m.defender.hits, 1);
    EXPECT_EQ(m.loser, "defender");
    EXPECT_EQ(m.defender_after, 25);
    EXPECT_EQ(m.attacker_after, 50);
    FaceSource short_a = typed("5,6,1,4,4", "--attacker-dice");
    FaceSource d2 = typed("1,2,3,6", "--defender-dice");
    try {
        resolve_melee(tables(), s, short_a, d2);
        FAIL();
    } catch (const RuleError& error) {
        EXPECT_NE(std::string(error.what()).find("--attacker-dice expects 6 faces"), std::string::npos) << error.what();
    }
    // With the half lost (decider 2) only 4 dice follow.
    FaceSource lost = typed("2,6,6,6,6", "--attacker-dice");
    FaceSource d3 = typed("1,1,1,1", "--defender-dice");
    EXPECT_EQ(resolve_melee(tables(), s, lost, d3).attacker.hits, 4);
}

// ------------------------------------------------------------------ musketry

TEST(GameOfKingsMusketry, DiceScoresAndModifiers) {
    MusketryRequest q;
    q.firer = UnitType::Foot;
    q.range_cm = 8;
    MusketrySetup s = prepare_musketry(tables(), q);
    EXPECT_EQ(s.dice, 4);
    EXPECT_EQ(s.hit_on, 4);
    EXPECT_DOUBLE_EQ(s.hits[4], 1.0 / 16);
    // Moved and in column: one -1, the front base only (2 dice).
    q.moved = q.column = true;
    q.weather = Weather::LightRain;
    s = prepare_musketry(tables(), q);
    EXPECT_EQ(s.dice, 2);
    EXPECT_EQ(s.terms.total, -2);
    EXPECT_DOUBLE_EQ(s.hit_chance, 1.0 / 6);
    // Light foot hit on 5; in heavy rain after moving (-3) nothing can hit.
    MusketryRequest light;
    light.firer = UnitType::LightFoot;
    light.effectiveness = 50;
    light.range_cm = 3;
    light.weather = Weather::HeavyRain;
    light.moved = true;
    s = prepare_musketry(tables(), light);
    EXPECT_EQ(s.dice, 2);
    EXPECT_EQ(s.hits[0], 1.0);
    // Dismounted horse: carbines, 6 cm, 6 to hit; Prussian foot +1.
    MusketryRequest horse;
    horse.firer = UnitType::MediumCavalry;
    horse.range_cm = 7;
    EXPECT_THROW(prepare_musketry(tables(), horse), RuleError);
    horse.range_cm = 6;
    EXPECT_EQ(prepare_musketry(tables(), horse).hit_on, 6);
    MusketryRequest prussian;
    prussian.range_cm = 4;
    prussian.national = 1;
    EXPECT_DOUBLE_EQ(prepare_musketry(tables(), prussian).hit_chance, 4.0 / 6);
    MusketryRequest fog;
    fog.range_cm = 7;
    fog.weather = Weather::Fog;
    EXPECT_THROW(prepare_musketry(tables(), fog), RuleError);
}

TEST(GameOfKingsMusketry, ExactOddsMatchASimulationWithCover) {
    MusketryRequest q;
    q.range_cm = 5;
    q.effectiveness = 75;
    q.target_cover = true;
    q.before_contact = true;
    const MusketrySetup s = prepare_musketry(tables(), q);
    EXPECT_DOUBLE_EQ(s.hit_chance, (2.0 / 6) * 0.5);
    Dice dice(8);
    const Chances simulated = simulate(4, 40000, [&] {
        FaceSource source(dice);
        return resolve_musketry(s, source).hits;
    });
    expect_close(s.hits, simulated);
}

// ------------------------------------------------------------------ artillery

TEST(GameOfKingsArtillery, CanisterAtFullEffectivenessByHand) {
    ArtilleryRequest q;
    q.shot = Shot::Canister;
    q.range_cm = 6;
    const ArtillerySetup s = prepare_artillery(tables(), q);
    // 1 -> 1/2 (diced), 2 -> 1, 3 -> 1 1/2 (diced), 4 -> 2, 5 -> 2 1/2 (diced), 6 -> 3.
    ASSERT_EQ(s.potential_hits.size(), 4u);
    EXPECT_DOUBLE_EQ(s.potential_hits[0], 1.0 / 12);
    EXPECT_DOUBLE_EQ(s.potential_hits[1], 1.0 / 3);
    EXPECT_DOUBLE_EQ(s.potential_hits[2], 1.0 / 3);
    EXPECT_DOUBLE_EQ(s.potential_hits[3], 1.0 / 4);
    EXPECT_NEAR(sum(s.hits), 1.0, 1e-12);
    EXPECT_DOUBLE_EQ(s.hits[3], 0.25 / 8);
}

TEST(GameOfKingsArtillery, RoundshotHalvedAtFiftyPercentAndSimulated) {
    ArtilleryRequest q;
    q.shot = Shot::Roundshot;
    q.range_cm = 24;
    q.effectiveness = 50;
    q.target = Target::Gun;
    const ArtillerySetup s = prepare_artillery(tables(), q);
    EXPECT_EQ(s.divisor, 8);
    // 1-3 -> 0, 4 -> 1/2 (diced), 5-6 -> 1 (0.625 and 0.75 round up).
    EXPECT_DOUBLE_EQ(s.potential_hits[0], 7.0 / 12);
    EXPECT_DOUBLE_EQ(s.potential_hits[1], 5.0 / 12);
    EXPECT_DOUBLE_EQ(s.hits[1], 5.0 / 12 / 6);  // a gun needs 6
    ArtilleryRequest full;
    full.range_cm = 20;
    const ArtillerySetup r = prepare_artillery(tables(), full);
    Dice dice(11);
    const Chances simulated = simulate(3, 40000, [&] {
        FaceSource source(dice);
        return resolve_artillery(tables(), r, source).hits;
    });
    expect_close(r.hits, simulated);
    full.range_cm = 25;
    EXPECT_THROW(prepare_artillery(tables(), full), RuleError);
    q.shot = Shot::Canister;
    q.range_cm = 7;
    EXPECT_THROW(prepare_artillery(tables(), q), RuleError);
}

TEST(GameOfKingsArtillery, ATypedThrowDicesTheHalf) {
    ArtilleryRequest q;
    q.shot = Shot::Canister;
    q.range_cm = 4;
    const ArtillerySetup s = prepare_artillery(tables(), q);
    FaceSource source = typed("3,4,6,2");  // 3 -> 1 1/2; the half's 4 makes 2 potential hits; 6 and 2: 1 hit
    const ArtilleryResult r = resolve_artillery(tables(), s, source);
    EXPECT_EQ(r.potential_hits, 2);
    EXPECT_EQ(r.hits, 1);
    FaceSource wrong = typed("3,4,6");
    EXPECT_THROW(resolve_artillery(tables(), s, wrong), RuleError);
    // Roundshot ignores the cuirass: no saving throw.
    ArtilleryRequest cuirass;
    cuirass.range_cm = 10;
    cuirass.target = Target::Horse;
    cuirass.target_cuirassiers = true;
    EXPECT_EQ(prepare_artillery(tables(), cuirass).save_on, 0);
    cuirass.shot = Shot::Canister;
    cuirass.range_cm = 5;
    EXPECT_EQ(prepare_artillery(tables(), cuirass).save_on, 6);
}

// ------------------------------------------------------------------ morale, rally, weather, command

TEST(GameOfKingsMorale, ScoresAndModifiers) {
    EXPECT_EQ(prepare_morale(tables(), Quality::Regular, false, false).probability.numerator, 4u);
    EXPECT_EQ(prepare_morale(tables(), Quality::Poor, false, false).probability.numerator, 3u);
    const MoraleSetup best = prepare_morale(tables(), Quality::Elite, true, true);
    EXPECT_EQ(best.pass_on, 1);
    EXPECT_EQ(best.probability.numerator, 6u);
    EXPECT_EQ(prepare_morale(tables(), Quality::Poor, true, false).pass_on, 3);
    EXPECT_EQ(prepare_rally(tables(), false).probability.numerator, 2u);
    EXPECT_EQ(prepare_rally(tables(), true).probability.numerator, 3u);
    FaceSource two = typed("2");
    EXPECT_FALSE(resolve_test(prepare_morale(tables(), Quality::Regular, false, false), two, "passed", "failed").passed);
    FaceSource four = typed("4");
    EXPECT_TRUE(resolve_test(prepare_rally(tables(), true), four, "halted", "retreating").passed);
    Dice dice(3);
    int passed = 0;
    const MoraleSetup regular = prepare_morale(tables(), Quality::Regular, false, true);
    for (int i = 0; i < 30000; ++i) {
        FaceSource source(dice);
        passed += resolve_test(regular, source, "", "").passed;
    }
    EXPECT_NEAR(regular.probability.value(), passed / 30000.0, 0.01);
}

TEST(GameOfKingsWeather, TheStartAndTheNextGauge) {
    const auto start = weather_chances(tables(), std::nullopt);
    ASSERT_EQ(start.size(), 11u);
    EXPECT_EQ(start[5].first, 7);
    EXPECT_EQ(start[5].second.numerator, 6u);
    EXPECT_EQ(start[5].second.denominator, 36u);
    const auto bottom = weather_chances(tables(), 2);  // 1-4 leave it at 2, 5-6 take it to 3
    ASSERT_EQ(bottom.size(), 2u);
    EXPECT_EQ(bottom[0].second.numerator, 4u);
    const auto middle = weather_chances(tables(), 7);
    ASSERT_EQ(middle.size(), 3u);
    EXPECT_EQ(middle[0].first, 6);
    EXPECT_EQ(middle[1].second.numerator, 2u);
    EXPECT_THROW(weather_chances(tables(), 13), RuleError);
    EXPECT_THROW(weather_chances(tables(), 1), RuleError);
    FaceSource dice = typed("5");
    const WeatherResult r = resolve_weather(tables(), 10, dice);
    EXPECT_EQ(r.gauge, 11);
    EXPECT_EQ(r.name, "light-rain");
    FaceSource two = typed("1,1");
    EXPECT_EQ(resolve_weather(tables(), std::nullopt, two).name, "fog");
}

TEST(GameOfKingsCommand, ActionPointsInitiativeMovementAndArmyPoints) {
    FaceSource faces = typed("10,1,6");
    const ActionPoints a = resolve_action_points(tables(), faces);
    EXPECT_EQ(a.centre, 10);
    EXPECT_EQ(a.left, 1);
    EXPECT_EQ(a.right, 6);
    FaceSource bad = typed("11,1,6");
    EXPECT_THROW(resolve_action_points(tables(), bad), RuleError);
    FaceSource ties = typed("3,3,2,5");
    const Initiative i = resolve_initiative(tables(), ties);
    EXPECT_EQ(i.throws.size(), 2u);
    EXPECT_EQ(i.chooser, "B");
    const MoveSetup heavy_rain = prepare_move(tables(), UnitType::HeavyCavalry, "", Weather::HeavyRain, false);
    EXPECT_DOUBLE_EQ(heavy_rain.max_cm, 7.5);
    const MoveSetup fog = prepare_move(tables(), UnitType::Foot, "column", Weather::Fog, false);
    EXPECT_DOUBLE_EQ(fog.max_cm, 4);
    EXPECT_DOUBLE_EQ(fog.variation_from_cm, 3);
    EXPECT_THROW(prepare_move(tables(), UnitType::Gun, "", Weather::Fair, false), RuleError);
    // 1 general, 10 battalions, 8 other units: 3 + 20 + 8 = 31; 15 is below half.
    EXPECT_EQ(army_points(tables(), 1, 10, 8, 1, 10, 8).start, 31);
    EXPECT_TRUE(army_points(tables(), 1, 10, 8, 1, 5, 2).lost);
    EXPECT_FALSE(army_points(tables(), 1, 10, 8, 1, 6, 1).lost);  // 3 + 12 + 1 = 16: not below 15.5
}

TEST(GameOfKingsTerrain, TwelveSectorsAPieceOnFourToSix) {
    const Chances pieces = terrain_piece_chances(tables());
    ASSERT_EQ(pieces.size(), 13u);
    EXPECT_DOUBLE_EQ(pieces[6], 924.0 / 4096);  // C(12,6) / 2^12: the seed's "on average six"
    double mean = 0;
    for (std::size_t k = 0; k < pieces.size(); ++k) mean += static_cast<double>(k) * pieces[k];
    EXPECT_NEAR(mean, 6.0, 1e-12);
    // Row 1: 4 then 1 (hill), 1, 2, 6 then 3 (wood), 3, 5 then 4 (built-up area); row 2: all open.
    FaceSource faces = typed("4,1,1,2,6,3,3,5,4,1,2,3,1,2,3");
    const TerrainResult r = resolve_terrain(tables(), faces);
    EXPECT_EQ(r.pieces, 3);
    EXPECT_EQ(r.sectors[0].kind, "hill");
    EXPECT_EQ(r.sectors[3].kind, "wood");
    EXPECT_EQ(r.sectors[5].kind, "built-up-area");
    EXPECT_EQ(r.sectors[6].kind, "");
    FaceSource short_faces = typed("4,1,1,2,6,3,3,5,4,1,2,3,1,2");
    EXPECT_THROW(resolve_terrain(tables(), short_faces), RuleError);
    Dice dice(6);
    const Chances simulated = simulate(13, 20000, [&] {
        FaceSource source(dice);
        return resolve_terrain(tables(), source).pieces;
    });
    expect_close(pieces, simulated);
}

// ------------------------------------------------------------------ the system and its files

TEST(GameOfKingsSystem, DeclaresItsFormatsAndChecksItsFiles) {
    const RuleSystem& system = game_of_kings_system();
    EXPECT_EQ(system.id(), "game-of-kings");
    EXPECT_TRUE(system.owns("fortuna-game-of-kings"));
    EXPECT_TRUE(system.owns("fortuna-game-of-kings-army"));
    EXPECT_FALSE(system.owns("fortuna-army"));
    const std::filesystem::path data(FORTUNA_TEST_DATA_DIR);
    const auto table = data / "tables" / "game-of-kings.json";
    EXPECT_EQ(check_game_of_kings_file(data, table, read_json_file(table)), "Game Of Kings tables");
    int armies = 0;
    for (const auto& entry : std::filesystem::directory_iterator(data / "armies" / "game-of-kings")) {
        EXPECT_EQ(check_game_of_kings_file(data, entry.path(), read_json_file(entry.path())), "Game Of Kings army list")
            << entry.path();
        ++armies;
    }
    EXPECT_EQ(armies, 6);
    // A list whose characteristic names a unit it lacks is refused at that field.
    const auto prussia = data / "armies" / "game-of-kings" / "prussia.json";
    nlohmann::json bad = read_json_file(prussia);
    bad["characteristics"][0]["applies_to"][0] = "janissaries";
    try {
        check_game_of_kings_file(data, prussia, bad);
        FAIL() << "an unknown unit was accepted";
    } catch (const DataError& error) {
        EXPECT_EQ(error.where(), "/characteristics/0/applies_to");
    }
    bad = read_json_file(prussia);
    bad["units"][1]["cuirassiers"] = true;  // musketeers in breastplates
    EXPECT_THROW(check_game_of_kings_file(data, prussia, bad), DataError);
    bad = read_json_file(prussia);
    bad["id"] = "brandenburg";
    EXPECT_THROW(check_game_of_kings_file(data, prussia, bad), DataError);
    bad = read_json_file(prussia);
    bad["format"] = "fortuna-army";
    EXPECT_THROW(check_game_of_kings_file(data, prussia, bad), DataError);
}

}  // namespace
}  // namespace fortuna::game_of_kings
