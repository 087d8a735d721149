// SPDX-License-Identifier: MIT
// The rolls of Clausewitz (seed 003) with exact odds before the roll and the steps after it:
// Steady! then Fire! (volleys, skirmishers, Bombard), melee, brigade morale with withdrawal and
// flight by the margin of failure, the command test, and movement per action.
//
// Each roll's modifiers are fortuna::Terms computed once, so the odds, the throw and the
// explanation add up the same terms. Odds come from enumerating every face of every die
// (a dynamic programme over the dice, in long double), never from sampling.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "fortuna/core/chance.hpp"
#include "fortuna/clausewitz/tables.hpp"
#include "fortuna/core/terms.hpp"

namespace fortuna::clausewitz {

using Explanation = std::vector<std::string>;

// Probability of each count 0..n (hits, damage, dice lost).
struct CountOdds {
    std::vector<long double> p;
    long double expected() const;
    long double at(std::size_t k) const { return k < p.size() ? p[k] : 0.0L; }
};

// Faces an umpire typed ("6,3,1"): exactly `count` dice of 1-6, else RuleError naming `what`,
// how many were expected and why ("--fire-dice: 3 dice expected (one a Steady! success), 2 given").
std::vector<int> parse_faces(std::string_view text, std::size_t count, std::string_view what, std::string_view why);

// Where the dice of a roll come from: faces typed by the umpire, or a seeded generator.
class DiceSource {
public:
    explicit DiceSource(Dice* generator) : generator_(generator) {}
    // `count` faces: the typed text when given (checked as parse_faces does), else thrown.
    std::vector<int> faces(const std::optional<std::string>& typed, std::size_t count, std::string_view what, std::string_view why);

private:
    Dice* generator_;
};

// ------------------------------------------------------------------ Steady! then Fire!

enum class FireKind { Volley, Skirmish, Artillery };

struct FireRequest {
    FireKind kind = FireKind::Volley;
    int dice = 0;  // volley: combat dice of the front units; skirmish: skirmish dice; artillery: artillery dice
    RangeBand range = RangeBand::Effective;
    Formation firer = Formation::Line;               // a volley from column or square uses a quarter, rounded up
    std::optional<int> steady;                       // the brigade's Steady score when not the usual 5+
    bool enfilade = false;                           // on the flank of a unit in line: double damage
    Formation target = Formation::Line;              // for Bombard: halved or doubled by formation
    bool target_flank = false;                       // for Bombard: into the flank of a line
    std::optional<int> save;                         // the target's saving throw (woods 5+, village 4+)
};

struct FireSetup {
    FireKind kind = FireKind::Volley;
    int dice_given = 0;
    int dice_used = 0;
    Terms dice_terms;  // how dice_given became dice_used
    int steady_on = 0;
    int fire_on = 0;
    std::optional<int> save_on;
    ArtilleryEffect damage = ArtilleryEffect::Normal;  // Half (rounded up), Normal or Double
    int double_multiplier = 2;                         // what "double damage" multiplies by (the tables' enfilade multiplier)
    std::string damage_why;
    Explanation explanation;
};
FireSetup prepare_fire(const Tables& tables, const FireRequest& request);

struct FireOdds {
    long double steady_success = 0;  // one die
    long double fire_success = 0;    // one die that passed Steady!
    long double per_die = 0;         // one die scores a hit that is not saved
    CountOdds steady_successes;      // how many dice go on to Fire!
    CountOdds dice_hits;             // hits not saved, before doubling or halving
    CountOdds damage;                // what the target takes
};
FireOdds fire_odds(const FireSetup& setup);

struct FireThrow {
    std::vector<int> steady_dice, fire_dice, save_dice;
    int steady_successes = 0, hits = 0, saved = 0, damage = 0;
    Explanation explanation;
};
// Typed faces (nullopt: thrown by `source`) for each of the three rolls.
FireThrow throw_fire(const FireSetup& setup, DiceSource& source, const std::optional<std::string>& steady_faces,
                     const std::optional<std::string>& fire_faces, const std::optional<std::string>& save_faces);

// A brigade that took damage rolls a die for each point: on 5+ it loses a combat die.
CountOdds dice_lost_odds(const Tables& tables, int damage);

// ------------------------------------------------------------------ melee

enum class Slope { Level, GentleBelow, SteepBelow };

struct MeleeRequest {
    int dice = 0;
    Arm against = Arm::Foot;
    bool flank = false;
    bool rear = false;
    Slope slope = Slope::Level;   // the rolling side lower on a hill than its enemy
    bool defending_village = false;
    bool artillery = false;       // the 'Artillery' rule: half the combat dice (rounded up)
    bool general = false;         // a general in contact adds his guard's die, hitting on 4s
};

struct MeleeSetup {
    int dice_used = 0;
    int general_dice = 0;
    int base_score = 0;   // CC v Foot 5+ / CC v Mounted 6+
    Terms terms;          // modifiers to each die
    int hit_on = 0;       // natural face needed by a combat die
    int general_hit_on = 0;
    Explanation explanation;
};
MeleeSetup prepare_melee(const Tables& tables, const MeleeRequest& request);
CountOdds melee_odds(const MeleeSetup& setup);
struct MeleeThrow {
    std::vector<int> dice, general_dice;
    int hits = 0;
    Explanation explanation;
};
MeleeThrow throw_melee(const MeleeSetup& setup, DiceSource& source, const std::optional<std::string>& faces,
                       const std::optional<std::string>& general_faces);

// ------------------------------------------------------------------ morale, withdrawal and flight

struct MoraleRequest {
    int units = 0;           // unit bases in the brigade (not the command base)
    int in_column = 0;
    int in_square = 0;
    int cavalry_threat = 0;  // the worst Cavalry (-N) rule of an enemy within 10 cm: 0, 1 or 2
    bool foot = true;        // Cavalry (-N) threatens foot units only
};

struct MoraleSetup {
    Terms terms;      // modifiers to the 2d6
    int pass_on = 0;  // natural 2d6 needed (13: cannot pass)
    Explanation explanation;
};
MoraleSetup prepare_morale(const Tables& tables, const MoraleRequest& request);

enum class MoraleResult { Pass, Withdraw, Flee };
std::string_view to_string(MoraleResult result);

struct MoraleOdds {
    Probability pass, withdraw, flee;  // exact, of 36
};
MoraleOdds morale_odds(const Tables& tables, const MoraleSetup& setup);
MoraleResult morale_result(const Tables& tables, const MoraleSetup& setup, int roll, int* margin = nullptr);

// What a failed test makes an element do, with the actions it has left this turn.
struct Reaction {
    MoraleResult result = MoraleResult::Pass;
    int margin = 0;        // by how much it failed
    int distance_cm = 0;   // withdrawn or fled
    Explanation explanation;
};
Reaction react(const Tables& tables, MoraleResult result, int margin, Arm arm, int actions_left);

struct MoraleThrow {
    int first = 0, second = 0, roll = 0;
    MoraleResult result = MoraleResult::Pass;
    int margin = 0;
    Explanation explanation;
};
MoraleThrow throw_morale(const Tables& tables, const MoraleSetup& setup, DiceSource& source, const std::optional<std::string>& faces);

// ------------------------------------------------------------------ command

struct CommandRequest {
    int general_rating = 0;  // 1-5
    int unit_rating = 0;     // 1-5
    int command_points = 0;  // spent by the general to help, 0-5
    int light_cavalry = 0;   // Light Cavalry units in the brigade: +1 each
    double distance_cm = 0;  // general to the brigade
};
struct CommandSetup {
    int target = 0;    // general + unit ratings
    Terms terms;       // modifiers to the 2d6
    int pass_on = 0;   // natural 2d6 needed (2: always; 13: never)
    int actions_lost = 0;
    int actions_left = 0;
    Explanation explanation;
};
CommandSetup prepare_command(const Tables& tables, const CommandRequest& request);
Probability command_odds(const CommandSetup& setup);
struct CommandThrow {
    int first = 0, second = 0, roll = 0;
    bool passed = false;
    Explanation explanation;
};
CommandThrow throw_command(const CommandSetup& setup, DiceSource& source, const std::optional<std::string>& faces);

// ------------------------------------------------------------------ movement

struct MoveRequest {
    Arm arm = Arm::Foot;
    int actions = 1;
    bool quick = false;
    Terrain terrain = Terrain::Open;
    bool road = false;
    std::optional<Formation> formation;  // checked when given (line cannot quick march, square cannot move)
    bool in_zone = false;                // inside an enemy's zone of control
    bool el_bruc = false;
};
struct Movement {
    Terms per_action;   // the distance of one action, term by term (cm)
    int per_action_cm = 0;
    int distance_cm = 0;
    Explanation explanation;
};
// Throws RuleError naming the rule when the move is not allowed.
Movement move(const Tables& tables, const MoveRequest& request);

// Binomial-like odds of independent dice with given chances of one success each.
CountOdds count_odds(const std::vector<long double>& per_die);
// Exact chance that 2d6 shows `at_least` or more, of 36.
Probability two_d6_at_least(int at_least);

}  // namespace fortuna::clausewitz
