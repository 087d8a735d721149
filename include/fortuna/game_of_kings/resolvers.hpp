// SPDX-License-Identifier: MIT
// Game Of Kings (seed 004): every roll of the rules with its exact odds before the throw and the
// steps after it, each citing the seed's section.
//
// A pool is a number of six-sided dice per 25 % of effectiveness; a "half die" has a 50:50 chance
// of becoming a die (decided by a die: 4-6, decision D5). Odds come from enumeration of every face
// of every die (binomial convolution); a thrown pool is either generated or typed by the umpire as
// its faces ("6,3,1"), refused when the count or a face is wrong, naming what was expected.
#pragma once

#include <functional>
#include <optional>
#include <set>
#include <string>
#include <string_view>
#include <vector>

#include "fortuna/core/chance.hpp"
#include "fortuna/game_of_kings/tables.hpp"
#include "fortuna/core/terms.hpp"

namespace fortuna::game_of_kings {

using Explanation = std::vector<std::string>;
// chances[k]: the exact probability of k (hits, potential hits, points), summing to 1.
using Chances = std::vector<double>;

// ---------------------------------------------------------------- dice

// The faces an umpire typed: "6,3,1" -> {6,3,1}. Only the syntax is checked here (whole numbers
// separated by commas); each face is checked against its die when it is taken. `field` names the
// option or field in messages ("--attacker-dice").
std::vector<int> parse_faces(std::string_view text, std::string_view field);

// Where a resolver's dice come from: the generator, or the faces the umpire typed, taken in order.
class FaceSource {
public:
    explicit FaceSource(fortuna::Dice& dice);
    FaceSource(std::vector<int> typed, std::string field);
    // Faces from a drawer (the game's kept rolls): `draw(sides)` gives a face of 1..sides.
    explicit FaceSource(std::function<int(int)> draw);

    bool typed() const { return typed_.has_value(); }
    // The resolver now knows it needs `more` faces beyond those taken (`what` says for what):
    // typed faces too few for that are refused, naming how many were needed and for what.
    void expect(std::size_t more, const std::string& what);
    // The next face of a die of `sides` faces (a typed face outside 1..sides is refused).
    int take(int sides = 6);
    // Typed faces left over are refused with the count expected.
    void finish();
    const std::vector<int>& taken() const { return taken_; }

private:
    fortuna::Dice* dice_ = nullptr;
    std::function<int(int)> draw_;
    std::optional<std::vector<int>> typed_;
    std::string field_;
    std::string needed_;  // what the faces taken or announced so far are for
    std::size_t announced_ = 0;
    std::vector<int> taken_;
};

// A pool of dice: whole dice and half dice (each a 50:50 chance of becoming a die).
struct Pool {
    int dice = 0;
    int half_dice = 0;
};
// "4", "4 and a half", "a half die" for explanations.
std::string describe_pool(const Pool& pool);

// P(k successes) of `dice` dice each succeeding with probability p (numerator/denominator of a d6).
Chances binomial(int dice, double p);
// The pool's chances of k hits when each die hits with probability p: every half die becomes a
// die with probability q (decision D5: 1/2), enumerated exactly.
Chances pool_chances(const Pool& pool, double p, double q);
// P(a die of six faces scores `need` or more after `modifier`); 0 when no face can.
double d6_at_least(int need, int modifier = 0);
// As a fraction of 6 (exact), for morale and rally.
fortuna::Probability d6_at_least_exact(int need, int modifier = 0);

// ---------------------------------------------------------------- melee (seed 004, MELEES)

struct MeleeSide {
    UnitType type = UnitType::Foot;
    int effectiveness = 100;
    std::set<std::string> bonuses;  // "flank", "higher-ground", "river", "town"
    bool firing_order = true;       // foot: in firing order (the matrix's "Inf (ff)" when met frontally)
    bool in_wood_or_town = false;   // light foot there melees as regular foot
    bool cuirassiers = false;       // saving throw 6 (SAVING THROWS)
    bool cover = false;             // behind cover: saving throw 4
    std::optional<int> hit_on;      // a national characteristic ("Prussian horse hit on 5-6")
};

struct MeleeRequest {
    MeleeSide attacker;
    MeleeSide defender;
    bool from_rear = false;   // the defender is meleed from the rear: half its dice
    bool continuing = false;  // a melee continuing from an earlier half-turn: no one initiates contact
};

struct MeleeSideSetup {
    std::string role;  // "attacker" / "defender"
    int steps = 0;
    std::string row;     // the matrix row read ("H/MCav")
    std::string column;  // the matrix column read ("Inf (oth)")
    int halves_per_step = 0;
    fortuna::Terms bonus_dice;  // named bonus dice (+steps each)
    bool halved = false;
    Pool pool;
    int hit_on = 4;
    int enemy_save_on = 0;  // 0: the enemy has no saving throw
    double hit_chance = 0;  // per die, after the enemy's saving throw
    Chances hits;           // hits inflicted (after the enemy's saving throw)
    double loses = 0;       // chance this side loses (suffers more hits than it inflicts)
    Explanation explanation;
};

struct MeleeSetup {
    MeleeSideSetup attacker;
    MeleeSideSetup defender;
    bool gun_overrun = false;  // a gun contacted: eliminated without dice
    double neither_loses = 0;
    Explanation explanation;
};

MeleeSetup prepare_melee(const Tables& tables, const MeleeRequest& request);

struct SideThrow {
    bool half_became_die = false;
    std::vector<int> dice;   // the hit dice
    int scored = 0;          // 4+ before saves
    std::vector<int> saves;  // the enemy's saving throws, one per scored hit
    int hits = 0;            // after saves
};
struct MeleeResult {
    SideThrow attacker;
    SideThrow defender;
    std::string loser;  // "attacker", "defender" or "" (equal hits)
    int attacker_after = 0;  // effectiveness after the hits suffered (0: removed)
    int defender_after = 0;
    Explanation explanation;
};
// `attacker_dice` supplies the attacker's pool (first the half die's decider when it has one) and the
// defender's saving throws against the attacker's hits; likewise `defender_dice`.
MeleeResult resolve_melee(const Tables& tables, const MeleeSetup& setup, FaceSource& attacker_dice,
                          FaceSource& defender_dice);

// ---------------------------------------------------------------- musketry (seed 004, MUSKETRY)

struct MusketryRequest {
    UnitType firer = UnitType::Foot;
    int effectiveness = 100;
    double range_cm = 0;
    bool moved = false;
    bool column = false;
    bool disorganised = false;
    bool not_firing_order = false;  // foot not in firing order: 6 to hit
    bool before_contact = false;    // infantry firing before a frontal contact: -1
    Weather weather = Weather::Fair;
    int national = 0;  // a national characteristic: "+1 to musketry throws"
    bool target_cuirassiers = false;
    bool target_cover = false;
};

struct MusketrySetup {
    int dice = 0;
    int hit_on = 0;
    std::string weapon;  // "musket" / "carbine"
    double range_limit_cm = 0;
    fortuna::Terms terms;  // modifiers to each die
    int save_on = 0;
    double hit_chance = 0;  // per die, after the target's saving throw
    Chances hits;
    Explanation explanation;
};
MusketrySetup prepare_musketry(const Tables& tables, const MusketryRequest& request);
struct FireResult {
    std::vector<int> dice;
    int scored = 0;
    std::vector<int> saves;
    int hits = 0;
    Explanation explanation;
};
FireResult resolve_musketry(const MusketrySetup& setup, FaceSource& dice);

// ---------------------------------------------------------------- artillery (seed 004, ARTILLERY)

enum class Shot { Canister, Roundshot };
std::string_view to_string(Shot shot);
Shot shot_from_string(std::string_view text, std::string_view field);
enum class Target { Foot, Horse, Gun };
std::string_view to_string(Target target);
Target target_from_string(std::string_view text, std::string_view field);

struct ArtilleryRequest {
    Shot shot = Shot::Roundshot;
    int effectiveness = 100;
    Target target = Target::Foot;
    double range_cm = 0;
    Weather weather = Weather::Fair;
    bool target_cuirassiers = false;
    bool target_cover = false;
};
struct ArtillerySetup {
    int divisor = 1;  // 2, 4, or doubled when halved
    bool halved = false;
    int hit_on = 4;
    int save_on = 0;
    double hit_chance = 0;         // per potential hit, after the target's saving throw
    Chances potential_hits;        // by potential hits
    Chances hits;                  // final hits
    Explanation explanation;
};
ArtillerySetup prepare_artillery(const Tables& tables, const ArtilleryRequest& request);
struct ArtilleryResult {
    int score = 0;
    std::optional<int> half_die;  // the die deciding an exact half
    int potential_hits = 0;
    std::vector<int> dice;
    int scored = 0;
    std::vector<int> saves;
    int hits = 0;
    Explanation explanation;
};
ArtilleryResult resolve_artillery(const Tables& tables, const ArtillerySetup& setup, FaceSource& dice);

// ---------------------------------------------------------------- morale and rally (seed 004, MORALE)

struct MoraleSetup {
    int needed = 0;       // the seed's minimum score for the quality
    fortuna::Terms terms; // +1 general attached, +1 support
    int pass_on = 0;      // the natural score that passes (1: every face)
    fortuna::Probability probability;
    Explanation explanation;
};
MoraleSetup prepare_morale(const Tables& tables, Quality quality, bool general, bool support);
MoraleSetup prepare_rally(const Tables& tables, bool general);
struct TestResult {
    int face = 0;
    int total = 0;
    bool passed = false;
    Explanation explanation;
};
TestResult resolve_test(const MoraleSetup& setup, FaceSource& dice, std::string_view passed_words,
                        std::string_view failed_words);

// ---------------------------------------------------------------- weather (seed 004, WEATHER)

// The gauge's name at a value; a RuleError naming `field` and 2-12 off the gauge.
std::string gauge_name(const Tables& tables, int gauge);
void check_gauge(const Tables& tables, int gauge, std::string_view field);
// The start (2d6) or the next gauge after `gauge` (one die: down, same, up; stays at the ends).
std::vector<std::pair<int, fortuna::Probability>> weather_chances(const Tables& tables, std::optional<int> gauge);
struct WeatherResult {
    std::vector<int> dice;
    int gauge = 0;
    std::string name;
    Explanation explanation;
};
WeatherResult resolve_weather(const Tables& tables, std::optional<int> gauge, FaceSource& dice);

// ---------------------------------------------------------------- command (seed 004, COMMAND & CONTROL)

struct ActionPoints {
    int centre = 0;
    int left = 0;
    int right = 0;
    Explanation explanation;
};
// One d10 for the centre, one d6 for each flank (the left flank's die first).
ActionPoints resolve_action_points(const Tables& tables, FaceSource& dice);
// Chances of each number of points: centre 1..10, flank 1..6.
std::vector<std::pair<int, fortuna::Probability>> action_point_chances(const Tables& tables, bool centre);

struct Initiative {
    std::vector<std::pair<int, int>> throws;  // (player A, player B), ties thrown again
    std::string chooser;                      // "A" or "B": chooses to go first or second
    Explanation explanation;
};
Initiative resolve_initiative(const Tables& tables, FaceSource& dice);

// ---------------------------------------------------------------- movement (seed 004, MOVEMENT)

struct MoveSetup {
    std::string rate_key;  // "foot-line"
    double base_cm = 0;
    int weather_percent = 0;
    double max_cm = 0;        // after weather
    double variation_from_cm = 0;  // moving this far or more throws The Variation
    Explanation explanation;
};
// `formation`: "line", "column" or "retreating" for foot; ignored for others. `limbered` for guns.
MoveSetup prepare_move(const Tables& tables, UnitType type, std::string_view formation, Weather weather, bool limbered);

// ---------------------------------------------------------------- terrain (seed 004, RANDOM TERRAIN GENERATOR)

struct TerrainPiece {
    int row = 0;     // 1..rows (1: player A's side, decision D23)
    int column = 0;  // 1..columns, left to right from player A's side
    int presence_die = 0;
    int kind_die = 0;  // 0: no piece
    std::string kind;  // "hill", ... or "" for open ground
};
struct TerrainResult {
    std::vector<TerrainPiece> sectors;  // row by row
    int pieces = 0;
    Explanation explanation;
};
// A die a sector (a piece on 4-6), then a die for its kind; sectors taken row by row.
TerrainResult resolve_terrain(const Tables& tables, FaceSource& dice);
// The chances of each number of terrain pieces (binomial over the sectors) and of each kind.
Chances terrain_piece_chances(const Tables& tables);
double terrain_piece_chance(const Tables& tables);

// ---------------------------------------------------------------- victory (seed 004, VICTORY)

struct ArmyPoints {
    int start = 0;
    int now = 0;
    bool lost = false;  // below half the starting total
};
ArmyPoints army_points(const Tables& tables, int generals, int foot, int others, int generals_now, int foot_now,
                       int others_now);

}  // namespace fortuna::game_of_kings
