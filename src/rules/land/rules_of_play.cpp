// SPDX-License-Identifier: MIT
// What the history of this turn says a unit has done: moved, charged, fired, fought (docs/rules/enforcement.md).
#include "fortuna/land/rules_of_play.hpp"

#include <algorithm>
#include <iterator>

#include "fortuna/land/game.hpp"

namespace fortuna {

namespace {

// One line a refusal; in the order of the enum (refusal_rule checks it).
constexpr RefusalRule kRefusals[] = {
    {Refusal::WrongPhase, "wrong-phase", "sequence", "seed 000, 4: each action has its phase"},
    {Refusal::NotPhasingAttack, "not-phasing-attack", "sequence", "seed 000, 4: the army in the attacking stage attacks"},
    {Refusal::NotPhasingFire, "not-phasing-fire", "sequence", "seed 000, 6: the army taking the attacking stage fires"},
    {Refusal::NotPhasingMove, "not-phasing-move", "sequence", "seed 000, 7.2: the phasing player moves"},
    {Refusal::NotPhasingFormation, "not-phasing-formation", "sequence", "seed 000, 7.2: the phasing player moves"},
    {Refusal::NotPhasingRout, "not-phasing-rout", "sequence", "seed 000, 7.2.4: routers run in their own side's movement phase"},
    {Refusal::NotPhasingRally, "not-phasing-rally", "sequence", "seed 000, 5: only the army in the attacking stage can rally troops"},
    {Refusal::OpenDuties, "open-duties", "sequence", "seed 000, 4: each phase's business is done before the next"},
    {Refusal::MoveAllowance, "move-allowance", "movement", "seed 000, 7.2: up to the maximum allowance"},
    {Refusal::MoveMeets, "move-meets", "movement", "seed 000, 7.2: what a move may pass and where it stops"},
    {Refusal::PursuerCloses, "pursuer-closes", "movement", "seed 000, 8.7: a unit out of control pursues the routers until rallied"},
    {Refusal::RoutShort, "rout-short", "movement", "seed 000, 7.2.4: routers leave the table only when their run reaches its edge"},
    {Refusal::Table4Forbids, "table4-forbids", "movement", "seed 002, Table 4: the changes of formation each arm may make"},
    {Refusal::SquareStands, "square-stands", "movement", "seed 002, Game Sequence 3: infantry in square cannot move"},
    {Refusal::ChargeLockout, "charge-lockout", "combat", "seed 000, 7.2.6: units can only charge once per six turns"},
    {Refusal::ArtilleryCharges, "artillery-charges", "movement", "seed 000, 7.2.6: charging is for the National Army tables' charge speeds, which batteries have not"},
    {Refusal::GeneralUnhorsed, "general-unhorsed", "movement", "seed 002, Table 6: an unhorsed leader is out for that move"},
    {Refusal::InPersonDistance, "in-person-distance", "movement", "seed 000, 7.1.2: orders in person are given by the commander at the unit"},
    {Refusal::MessengerEarly, "messenger-early", "movement", "seed 000, 7.2.7: messengers ride at their speed"},
    {Refusal::ReinforcementsEarly, "reinforcements-early", "sequence", "seed 000, 3.2: deploy the troops at the designated time"},
    {Refusal::CombatReach, "combat-reach", "combat", "seed 000, 8.1: who may attack from where"},
    {Refusal::CombatOnce, "combat-once", "combat", "seed 000, 8.2: each combat is resolved once a phase"},
    {Refusal::ChargeBonusUnearned, "charge-bonus-unearned", "combat", "seed 000, 7.2.6 and 8.3.3: no charge bonus without a charge move"},
    {Refusal::ClaimAspect, "claim-aspect", "combat", "seed 000, 8.4: flank or rear by where the attacker stands against the defender's facing"},
    {Refusal::ClaimArms, "claim-arms", "combat", "seed 000, 8.4: combined arms are the attacker and the 'supports' named that reach the defender"},
    {Refusal::ClaimCharge, "claim-charge", "combat", "seed 000, 7.2.6 and 8.3.3: the charge bonus needs a charge move of the charge speed"},
    {Refusal::ClaimTerrain, "claim-terrain", "combat", "seed 000, 8.3.1: hill layers, then woods, villages and towns"},
    {Refusal::ClaimObstacle, "claim-obstacle", "combat", "seed 002, 4) Combat Phase: obstacles; errata E9: a wall, earthwork or redan between them"},
    {Refusal::FireOnce, "fire-once", "fire", "seed 000, 6: each battery fires once per turn"},
    {Refusal::FireUnseen, "fire-unseen", "fire", "seed 000, 6: artillery fires only on visible units"},
    {Refusal::FireLimbered, "fire-limbered", "fire", "seed 000, 6: to limber or unlimber takes a full move, the battery firing in the next"},
    {Refusal::FireDisordered, "fire-disordered", "fire", "seed 000, 6: batteries in the organised state fire, the disrupted may not"},
    {Refusal::ClaimRange, "claim-range", "fire", "seed 000, 6: measure the distance between the artillery unit and the target; errata E20"},
    {Refusal::LimberAfterFire, "limber-after-fire", "fire", "seed 000, 6: batteries which fire may not limber up in that turn"},
    {Refusal::BasesBeyondStart, "bases-beyond-start", "umpire", "seed 000, 3.2: the base units on the battlefield are counted before the battle starts"},
};
static_assert(std::size(kRefusals) == static_cast<std::size_t>(kRefusalCount), "one line a refusal");
constexpr bool in_order() {
    for (std::size_t i = 0; i < std::size(kRefusals); ++i)
        if (static_cast<std::size_t>(kRefusals[i].id) != i) return false;
    return true;
}
static_assert(in_order(), "the refusals are listed in the order of the enum");

// Calls f on each action applied in the current player-half, newest first; f returns false to stop.
template <class F>
void each_this_half(const Game& game, F f) {
    const Clock& now = game.clock();
    const auto& history = game.history();
    for (auto it = history.rbegin(); it != history.rend(); ++it) {
        if (it->clock.turn != now.turn || it->clock.half != now.half) return;
        if (it->seq == game.reresolving()) continue;  // a re-roll's target is being resolved again
        if (!f(*it)) return;
    }
}

// The request an action resolved: a re-roll resolves its target's request again.
const Action& resolved(const AppliedAction& action, const std::vector<AppliedAction>& history) {
    if (std::holds_alternative<RerollAction>(action.request.action)) {
        const int of = std::get<RerollAction>(action.request.action).of.value_or(0);
        for (const auto& earlier : history)
            if (earlier.seq == of) return earlier.request.action;
    }
    return action.request.action;
}

}  // namespace

const RefusalRule& refusal_rule(Refusal id) {
    const RefusalRule& rule = kRefusals[static_cast<std::size_t>(id)];
    return rule;
}

double move_spent_this_turn(const Game& game, std::string_view code) {
    double spent = 0;
    each_this_half(game, [&](const AppliedAction& action) {
        const Action& a = action.request.action;
        const bool mine = std::visit(
            [&](const auto& typed) {
                using T = std::decay_t<decltype(typed)>;
                if constexpr (std::is_same_v<T, MoveAction>) return typed.unit && *typed.unit == code;
                else if constexpr (std::is_same_v<T, ChargeAction> || std::is_same_v<T, FormationAction> || std::is_same_v<T, RoutAction>)
                    return typed.unit == code;
                else return false;
            },
            a);
        if (mine && action.result.contains("move_spent") && action.result["move_spent"].is_number())
            spent += action.result["move_spent"].get<double>();
        return true;
    });
    return spent;
}

bool charged_this_turn(const Game& game, std::string_view code) {
    bool charged = false;
    each_this_half(game, [&](const AppliedAction& action) {
        if (const auto* charge = std::get_if<ChargeAction>(&action.request.action); charge && charge->unit == code) charged = true;
        return !charged;
    });
    return charged;
}

std::optional<double> charge_distance_this_turn(const Game& game, std::string_view code) {
    std::optional<double> longest;
    each_this_half(game, [&](const AppliedAction& action) {
        const auto* charge = std::get_if<ChargeAction>(&action.request.action);
        if (charge == nullptr || charge->unit != code) return true;
        const auto it = action.result.find("distance_mm");
        const double ran = it != action.result.end() && it->is_number() ? it->get<double>() : 0.0;
        longest = std::max(longest.value_or(0.0), ran);
        return true;
    });
    return longest;
}

bool under_fire_this_turn(const Game& game, std::string_view general) {
    bool tested = false;
    each_this_half(game, [&](const AppliedAction& action) {
        const auto* rally = std::get_if<RallyAction>(&action.request.action);
        if (rally && rally->general == general)
            for (const ActionRoll& roll : action.rolls) tested = tested || roll.slot == "general";
        return !tested;
    });
    return tested;
}

bool fired_this_turn(const Game& game, std::string_view battery) {
    bool fired = false;
    each_this_half(game, [&](const AppliedAction& action) {
        const Action& a = resolved(action, game.history());
        if (const auto* fire = std::get_if<ArtilleryAction>(&a); fire && fire->battery == battery) fired = true;
        return !fired;
    });
    return fired;
}

std::optional<int> fought_this_phase(const Game& game, std::string_view attacker, std::string_view defender) {
    std::optional<int> seq;
    each_this_half(game, [&](const AppliedAction& action) {
        if (action.clock.phase != game.clock().phase) return false;
        if (std::holds_alternative<RerollAction>(action.request.action)) return true;  // its target is further back
        if (const auto* combat = std::get_if<CombatAction>(&action.request.action);
            combat && combat->attacker == attacker && combat->defender == defender)
            seq = action.seq;
        return !seq;
    });
    return seq;
}

bool contact_continues(const Game& game, std::string_view a, std::string_view b) {
    const Clock& now = game.clock();
    const Clock before = now.half == 1 ? Clock{now.turn, 0, 0} : Clock{now.turn - 1, 1, 0};
    const auto& history = game.history();
    for (auto it = history.rbegin(); it != history.rend(); ++it) {
        const Clock& at = it->clock;
        const bool this_half = at.turn == now.turn && at.half == now.half;
        if (!this_half && !(at.turn == before.turn && at.half == before.half)) return false;
        if (it->seq == game.reresolving()) continue;
        const auto* combat = std::get_if<CombatAction>(&resolved(*it, history));
        if (combat && ((combat->attacker == a && combat->defender == b) || (combat->attacker == b && combat->defender == a)))
            return true;
    }
    return false;
}

std::vector<CloseCombatRout> routs_this_phase(const Game& game) {
    std::vector<CloseCombatRout> routs;
    std::vector<int> superseded;  // combats whose result a later re-roll replaced
    each_this_half(game, [&](const AppliedAction& action) {
        if (action.clock.phase != game.clock().phase) return false;
        if (const auto* reroll = std::get_if<RerollAction>(&action.request.action); reroll && reroll->of) superseded.push_back(*reroll->of);
        if (std::find(superseded.begin(), superseded.end(), action.seq) != superseded.end()) return true;
        const auto* combat = std::get_if<CombatAction>(&resolved(action, game.history()));
        if (combat == nullptr) return true;
        const auto routed = [&](const char* side) {
            if (!action.result.contains(side) || !action.result[side].is_object()) return false;
            const nlohmann::json& outcome = action.result[side];
            const bool routing = outcome.value("after", std::string()) == "routing";
            const bool gone = outcome.value("bases_lost", 0) > 0 && outcome.value("bases_lost", 0) >= outcome.value("bases_before", 1);
            return routing || gone;
        };
        // One side routs at most; a routed attacker's enemy is the defender that stood.
        if (routed("defender") && !routed("attacker")) routs.push_back({combat->attacker, combat->defender, action.seq});
        else if (routed("attacker") && !routed("defender")) routs.push_back({combat->defender, combat->attacker, action.seq});
        return true;
    });
    std::reverse(routs.begin(), routs.end());  // in the order they were fought
    return routs;
}

bool control_tested_this_phase(const Game& game, std::string_view unit) {
    bool tested = false;
    each_this_half(game, [&](const AppliedAction& action) {
        if (action.clock.phase != game.clock().phase) return false;
        if (const auto* control = std::get_if<ControlAction>(&resolved(action, game.history())); control && control->unit == unit)
            tested = true;
        return !tested;
    });
    return tested;
}

}  // namespace fortuna
