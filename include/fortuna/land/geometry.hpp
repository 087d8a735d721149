// SPDX-License-Identifier: MIT
// The rules of the table measured on a game: movement and its going, contact, aspect, combat reach and the combat the board proposes.
#pragma once

#include <cstddef>
#include <optional>
#include <string>
#include <vector>

#include "fortuna/land/battlefield.hpp"
#include "fortuna/land/resolution.hpp"

namespace fortuna {

class Game;

// Bases placed by hand touch within this: "in physical contact" (seed 000, 8.1.2) on a real table.
inline constexpr double kContactToleranceMm = 2.0;

// ---- Movement (seed 000, 7.2; seed 002, "3) Movement and Orders Phase", Tables 1-2 and 4) --------

enum class Going { Normal, Difficult, Road };
std::string_view to_string(Going going);

// Withdraw: backing away facing the enemy at half speed (seed 000, 7.2.3).
enum class MoveKind { Move, Charge, Rout, Wheel, Formation, Withdraw };
std::string_view to_string(MoveKind kind);

// Something a proposed move meets: a unit passed through or ended on, impassable ground, the
// table's edge. `allowed` says whether the rules let the move go on (with `consequence`).
struct MoveContact {
    enum class Kind { Unit, Impassable, OffBoard };
    Kind kind = Kind::Unit;
    std::optional<std::size_t> unit;  // Kind::Unit: the unit's index
    bool friendly = false;
    bool ends_on = false;             // the move ends on it (not just through it)
    bool allowed = false;
    std::string what;                 // "unit B-I3 Silesian Foot", "lake Fishpond", "the table's edge"
    std::string rule;                 // "seed 000, 7.2.2: ... disrupt each other"
    std::string consequence;          // "both disrupted", "guns captured", ""
};

// The measurement of one proposed move, wheel, formation change or charge. The per-turn
// ledger (how much of the turn's move is already spent) is the game's; this is one step.
struct MovePlan {
    MoveKind kind = MoveKind::Move;
    double distance_mm = 0;        // the centre's path (a wheel: the outer flank's arc)
    double normal_mm = 0;          // of distance_mm, in each going
    double difficult_mm = 0;
    double road_mm = 0;
    Going going = Going::Normal;   // the slowest going met (road only when all of it is road)
    double allowance_mm = 0;       // a whole move in normal going for this kind of move
    double cost_moves = 0;         // share of the turn's move it uses: 1 is a whole move
    std::vector<MoveContact> contacts;
    bool blocked = false;          // a contact the rules do not allow
    std::vector<std::string> explanation;  // each step with its seed section
    bool over() const { return cost_moves > 1.0 + 1e-6; }
    // "120 mm (240 m): 0.75 of a move (normal going, 160 mm a move)" or the blocking contact.
    std::string words() const;
};

// The allowance in mm for a whole move in this going: Tables 1-2 (normal, + difficult, + road),
// charging adds the charge speed (7.2.6), and infantry in column add the charge speed as well
// (seed 002 Table 1 heading: "Movement in column add charge speed"; once, not twice).
double move_allowance_mm(const UnitType& type, Formation formation, Going going, bool charging);

// A straight move of the unit's centre to `to`, ending facing `facing_deg` (its own facing when
// not given). Going is sampled every 2 mm; a stretch costs its length over its going's allowance
// (7.2.5). Units passed through or ended on, impassable ground and the table's edge are contacts.
// `table`, when given, holds the footprints of the units as they stand (index_table): a caller
// planning many moves in one position measures them once. `detail` Measured leaves the
// explanation empty: the programmed opponent probes thousands of moves a battle and reads only
// the numbers, the contacts and words(); every measurement is the same either way.
enum class PlanDetail { Explained, Measured };
MovePlan plan_move(const Game& game, const Battlefield& field, std::size_t unit, const BoardPoint& to,
                   std::optional<double> facing_deg = std::nullopt, MoveKind kind = MoveKind::Move,
                   const TableIndex* table = nullptr, PlanDetail detail = PlanDetail::Explained);
// The rear of a side's army (seed 000, 7.2.4 "directly to the rear of their army"): the y of the
// long table edge nearer the mean of the side's units as the scenario sets them up (0 or the
// table's depth). docs/rules/rout.md.
double home_edge_y(const Game& game, int side);

// A router's run (seed 000, 5.2 and 7.2.4): straight for its own edge, a whole move at charge
// speed in the going it crosses, with its back to the enemy. Friends passed through are
// disrupted (contacts with that consequence); the run reaching the edge takes the unit off the
// table. The seeds do not say what stops a router: it stops short of an enemy or impassable
// ground in its path (docs/rules/rout.md), measured back in 1 mm steps.
struct RoutRun {
    MovePlan plan;
    BoardPoint to;
    double facing_deg = 0;
    bool off_board = false;
    std::optional<std::string> stopped_by;  // what ended the run short of a whole move
};
RoutRun plan_rout(const Game& game, const Battlefield& field, std::size_t unit, const TableIndex* table = nullptr);

// A general riding to `to`: 200 mm a turn in any direction regardless of terrain (seed 000,
// 7.2.7; the rule set's messenger speed), never off the table.
MovePlan plan_general_move(const Game& game, std::size_t general, const BoardPoint& to);
// A wheel about the centre to a new facing: the outer flank travels frontage/2 x angle; a turn
// past 90 deg may be an about-face (Table 4, "Wheel about 180") and a wheel of the rest, if cheaper.
MovePlan plan_wheel(const Game& game, std::size_t unit, double new_facing_deg);
// A change of formation (Table 4), of mount (dragoons: a move, seed 000 2.4.2) or of guns
// (limber or unlimber: a full move, section 6). Throws RuleError when the change is not one.
MovePlan plan_formation_change(const Game& game, std::size_t unit, Formation to);
MovePlan plan_mount_change(const Game& game, std::size_t unit);
MovePlan plan_guns_change(const Game& game, std::size_t unit);

// ---- Outlines (issue 31: a feature that crosses itself) ----------------------------------------

// Where a terrain outline crosses itself: two of its segments that are not neighbours share a
// point (touching counts: a figure eight pinched at one corner is no area). Segment i runs from
// points[i] to the next point; a closed outline also runs from the last point back to the first,
// and its first and last segments are neighbours. A point repeated at once (the first point
// written again at the end) is one point. nullopt when it does not cross itself.
struct OutlineCrossing {
    std::size_t first = 0;   // the segments' first points, first < second
    std::size_t second = 0;
};
std::optional<OutlineCrossing> outline_crossing(const std::vector<BoardPoint>& points, bool closed);

// ---- Contact, aspect and combat reach (seed 000, 8.1; 8.4) -----------------------------------

enum class Aspect { Front, Flank, Rear };
std::string_view to_string(Aspect aspect);

// Where the attacker's centre stands against the defender's facing: behind its rear edge is the
// rear, beyond its sides (more than ahead of its front) a flank, else the front. A square has
// bases facing every way and so only a front (seed 000, 8.6).
Aspect aspect_of(const Game& game, std::size_t attacker, std::size_t defender);

bool in_contact(const Game& game, std::size_t a, std::size_t b);

// The charge move that earns the charge bonus (8.3.3): at least the ground a charge adds to the
// unit's move (7.2.6, its army table's charge speed), and more than contact (2 mm) in any case.
double charge_bonus_mm(const Game& game, std::size_t attacker);

// How far a unit reaches to attack (8.1.1-8.1.3): infantry its own combat_range_mm or the rule
// set's infantry range (50 mm), cavalry only in contact; artillery attacks with its guns in
// phase b (section 6) and has no reach here.
struct CombatReach {
    std::optional<double> reach_mm;  // nullopt: does not attack
    bool contact_only = false;
    std::string rule;                // "seed 000, 8.1.1: infantry within 0-50 mm"
};
CombatReach combat_reach(const Game& game, std::size_t attacker);
// The reach against one defender: in the Age of Glaube cavalry attack a 'defensive hedgehog' by
// pistol fire before contact, from within its 0-30 mm (8.6; RuleSet attack_before_contact).
CombatReach combat_reach(const Game& game, std::size_t attacker, std::size_t defender);
// The farthest any defender can be attacked from: the search radius for the pair reach above.
double widest_reach_mm(const Game& game, std::size_t attacker);

// An enemy the unit may (and, seen, must: 8.1) fight: in contact or within its reach.
struct EngagedEnemy {
    std::size_t unit = 0;
    double gap_mm = 0;
    bool contact = false;
    bool visible = true;
    Aspect aspect = Aspect::Front;
};
// Sorted nearest first; visible ones first when `field` is given (the desk cycles them).
std::vector<EngagedEnemy> engaged_enemies(const Game& game, const Battlefield* field, std::size_t unit);

// What the board says about a combat before the umpire edits it (seed 002 Table 6 notes; seed
// 000, 8.3-8.4): flank or rear by aspect, charge when the attacker charged this turn far enough
// (charge_bonus_mm), arms
// among attacker and supports, terrain advantage by height or cover, an obstacle crossed.
struct CombatProposal {
    bool flank = false;
    bool rear = false;
    bool charge = false;
    std::optional<double> charge_mm;  // the attacker's longest charge this turn, if it charged
    int arms = 1;
    TerrainAdvantage terrain = TerrainAdvantage::None;
    bool obstacle = false;
    double gap_mm = 0;
    bool in_reach = false;
    std::vector<std::string> reasons;
};
CombatProposal propose_combat(const Game& game, const Battlefield& field, std::size_t attacker,
                              const std::vector<std::size_t>& supports, std::size_t defender);

}  // namespace fortuna
