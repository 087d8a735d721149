// SPDX-License-Identifier: MIT
// What this turn's history says a unit has done: moved, charged, fired, fought (docs/rules/enforcement.md).
//
// These facts are read from the game's history rather than kept in the state: undoing an
// action takes it out of the history, so an undone move gives its allowance back and an
// undone combat lets the pair fight again. The rules of play (action_context.hpp) and the
// programmed opponent (opponent.hpp) ask the same questions here.
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace fortuna {

class Game;

// Every refusal the land game's rules of play can give (issue 32, 2; docs/rules/enforcement.md).
// A refusal names its rule and seed section and can always be overruled by the umpire with a
// reason (or advises when its family is switched off). A request that cannot mean anything (an
// unknown code, a unit attacking itself, a rally of a unit in good order, a messenger already
// delivered) is no refusal but a malformed field, refused naming the field and what was expected:
// there is nothing to apply, and the umpire's tool there is 'set'. tests/rules/test_refusals.cpp
// walks this list: each entry cites a section the seeds have and is overruled in a game.
enum class Refusal {
    WrongPhase,          // an action out of its phase
    NotPhasingAttack,    // the other side's unit attacks
    NotPhasingFire,      // ... fires
    NotPhasingMove,      // ... moves or charges
    NotPhasingFormation, // ... changes formation
    NotPhasingRout,      // ... routs
    NotPhasingRally,     // ... rallies
    OpenDuties,          // a phase left with duties open
    MoveAllowance,       // more than a move this turn
    MoveMeets,           // the path meets a unit, the edge or ground it may not cross
    PursuerCloses,       // a pursuer moves other than towards its quarry
    RoutShort,           // routers taken off the table short of their edge
    Table4Forbids,       // a formation change Table 4 does not allow the arm
    SquareStands,        // a square moves
    ChargeLockout,       // a charge within six turns (three in the dice edition) of the last
    ArtilleryCharges,    // a battery charges
    GeneralUnhorsed,     // a general moves in the turn he was unhorsed
    InPersonDistance,    // an order in person from beyond the unit
    MessengerEarly,      // a messenger delivered before he arrives
    ReinforcementsEarly, // reinforcements before their time
    CombatReach,         // an attack from beyond the attacker's reach
    CombatOnce,          // a pair fights twice in a combat phase
    ChargeBonusUnearned, // rules 2-4: a charge claimed without a charge move
    ClaimAspect,         // rules 5: flank or rear claimed against the board
    ClaimArms,           // ... combined arms
    ClaimCharge,         // ... the charge bonus
    ClaimTerrain,        // ... the higher ground or cover
    ClaimObstacle,       // ... an obstacle
    FireOnce,            // a battery fires twice in a turn
    FireUnseen,          // a battery fires on a unit it cannot see
    FireLimbered,        // a battery fires with its guns limbered
    FireDisordered,      // a battery not in the normal state fires
    ClaimRange,          // rules 5: a range claimed against the board
    LimberAfterFire,     // a battery limbers in the turn it fired
    BasesBeyondStart,    // 'set' gives a unit more bases than it began with
};
inline constexpr int kRefusalCount = static_cast<int>(Refusal::BasesBeyondStart) + 1;

struct RefusalRule {
    Refusal id;
    std::string_view key;      // "charge-lockout": the name docs and tests use
    std::string_view family;   // sequence, movement, combat, fire, umpire (switched off with 'enforce')
    std::string_view section;  // "seed 000, 7.2.6: units can only charge once per six turns"
};
const RefusalRule& refusal_rule(Refusal id);

// Fraction of a whole move the unit has used in this player-half (moves, charges, formation changes).
double move_spent_this_turn(const Game& game, std::string_view unit);
bool charged_this_turn(const Game& game, std::string_view unit);
// The longest charge move the unit made in this player-half, in board mm (0 for a charge that
// covered no ground); nullopt when it made none.
std::optional<double> charge_distance_this_turn(const Game& game, std::string_view unit);
// A rally in this player-half made the general's seed 000, 5.3 test.
bool under_fire_this_turn(const Game& game, std::string_view general);
bool fired_this_turn(const Game& game, std::string_view battery);
// The journal number of the combat of this pair in the current phase, if they have fought.
std::optional<int> fought_this_phase(const Game& game, std::string_view attacker, std::string_view defender);

// The pair fought a close combat (either attacking) in this player-half or the one before: their
// contact goes on, it is not a first move of contact (seed 000, 2.4.2: lancers).
bool contact_continues(const Game& game, std::string_view a, std::string_view b);

// A close combat of the current phase that routed one side (seed 000, 8.7): the unit that
// routed its enemy, and the enemy (routing now, or its last base gone).
struct CloseCombatRout {
    std::string victor;
    std::string routed;
    int seq = 0;  // the combat's journal number (or its re-roll's)
};
std::vector<CloseCombatRout> routs_this_phase(const Game& game);
// The control test of this unit in the current phase, if it has taken it.
bool control_tested_this_phase(const Game& game, std::string_view unit);

}  // namespace fortuna
