// SPDX-License-Identifier: MIT
// The movement family: moves, charges, the routers' run, formation changes and the arrival of
// reinforcements.
#include <algorithm>
#include <cmath>

#include "action_context.hpp"
#include "fortuna/land/geometry.hpp"
#include "fortuna/core/errors.hpp"

namespace fortuna::detail {

namespace {

// "1/2", "3/2", "1": a fraction of a move as Table 4 prints it.
double fraction_of_move(const std::string& text) {
    const auto slash = text.find('/');
    try {
        if (slash == std::string::npos) return std::stod(text);
        return std::stod(text.substr(0, slash)) / std::stod(text.substr(slash + 1));
    } catch (const std::exception&) {
        throw DataError("the rule set's Table 4", "", "a fraction of a move such as 1/2", "'" + text + "'");
    }
}

// Spends `fraction` of the unit's move this turn (seed 000, 7.2: "up to their maximum
// allowance"; seed 002, Table 4: changing formation "reduces the ability to move").
void spend_move(ActionContext& ctx, const Unit& unit, double fraction, const std::string& what) {
    const double before = move_spent_this_turn(ctx, unit.id.code);
    ctx.require(before + fraction <= 1.0 + 1e-6, Refusal::MoveAllowance,
                unit.id.code + " has used " + fixed(before * 100) + "% of its move this turn; " + what + " needs " +
                    fixed(fraction * 100) + "% more");
    ctx.result()["move_spent"] = fraction;
    if (fraction > 0)
        ctx.explain("move used this turn: " + fixed((before + fraction) * 100) + "% (" + what + ": " + fixed(fraction * 100) + "%)");
}

// The Table 4 cost of one change for this unit, with its nation's deduction.
std::optional<double> table4_cost(ActionContext& ctx, const Unit& unit, const std::string& change) {
    const RuleSet& rules = ctx.rules();
    for (const FormationChange& row : rules.formation_changes.changes) {
        if (row.change != change) continue;
        const auto& cost = unit.arm() == Arm::Cavalry ? row.cavalry : row.infantry;
        ctx.explain(rules.formation_changes.section + ", " + row.name + ": " +
                    (cost ? *cost + " of a move" : std::string("not allowed for this arm")));
        if (!cost) return std::nullopt;
        double fraction = fraction_of_move(*cost);
        for (const NationalDeduction& deduction : rules.formation_changes.national_deductions) {
            if (deduction.nation != unit.id.nation) continue;
            ctx.explain(deduction.text);
            fraction = std::max(0.0, fraction - fraction_of_move(deduction.deduct));
        }
        return fraction;
    }
    return 0.0;
}

void move_general(ActionContext& ctx, const MoveAction& action) {
    const std::size_t g = ctx.general_index("general", *action.general);
    const General& general = ctx.general(g);
    const GeneralStatus& status = ctx.state().generals[g];
    if (status.presence != Presence::OnBoard) ctx.fail("general", "a general on the table (" + general.id.code + " is not)");
    if (status.condition == GeneralCondition::Wounded || status.condition == GeneralCondition::Killed)
        ctx.fail("general", "a general in the game (" + general.id.code + " is " + std::string(to_string(status.condition)) + ")");
    ctx.require(!(status.condition == GeneralCondition::Unhorsed && status.unhorsed_turn == ctx.clock().turn), Refusal::GeneralUnhorsed,
                general.id.code + " was unhorsed this turn and cannot move");
    if (!action.to) ctx.fail("to", "a position {\"x_mm\": .., \"y_mm\": ..}");
    if (!ctx.scenario().board.contains(*action.to)) ctx.fail("to", "a position on the board");
    GeneralStatus& now = ctx.edit_general(g);
    const double distance = std::hypot(action.to->x_mm - now.position.x_mm, action.to->y_mm - now.position.y_mm);
    now.position = *action.to;
    ctx.summary(general.id.code + " " + general.id.name + " rides " + fixed(distance) + " mm");
}

// A unit's move or charge: to a point, to a new facing, or off the table.
// What the rules make of a move passing through other units (geometry.hpp MoveContact):
// friends passed through and the mover are disrupted (seed 000, 7.2.2); enemy guns passed
// through are captured, and the capturing unit gives a base to man them (seed 000, 6).
void apply_contacts(ActionContext& ctx, std::size_t mover, const MovePlan& plan) {
    for (const MoveContact& contact : plan.contacts) {
        if (!contact.allowed || contact.kind != MoveContact::Kind::Unit || !contact.unit) continue;
        const std::size_t other = *contact.unit;
        if (contact.consequence == "both disrupted") {
            for (std::size_t i : {mover, other}) {
                if (ctx.state().units[i].state != UnitState::Normal) continue;
                ctx.edit(i).state = UnitState::Disrupted;
                ctx.explain(ctx.unit(i).id.code + " is disrupted: " + contact.rule);
            }
        } else if (contact.consequence == "disrupted by the routers") {
            // seed 000, 5.2: "If they should pass through friendly units during their rout, they
            // disorganise these units"; a unit already worse off stays as it is.
            if (ctx.state().units[other].state != UnitState::Normal) continue;
            ctx.edit(other).state = UnitState::Disrupted;
            ctx.explain(ctx.unit(other).id.code + " is disrupted: " + contact.rule);
        } else if (contact.consequence == "guns captured" && ctx.state().units[other].guns != Guns::Captured) {
            ctx.edit(other).guns = Guns::Captured;
            UnitStatus& captor = ctx.edit(mover);
            captor.bases = std::max(0, captor.bases - 1);
            ctx.explain(ctx.unit(other).id.code + "'s guns are captured; " + ctx.unit(mover).id.code +
                        " gives one base to man them (" + contact.rule + ")");
        }
    }
}

// Rules 4, seed 000, 8.6: routers "would be at the mercy of any pursuing cavalry, who remove a
// base unit from play for every move the cavalry comes into contact with the routing unit". A
// cavalry move or charge that ends in contact with a routing enemy takes one of its bases.
void ride_down_routers(ActionContext& ctx, std::size_t mover) {
    if (ctx.rules_version() < 4 || ctx.unit(mover).arm() != Arm::Cavalry) return;
    const UnitStatus& rider = ctx.state().units[mover];
    if (rider.presence != Presence::OnBoard || rider.state == UnitState::Routing) return;
    const auto& units = ctx.game().units();
    for (std::size_t e = 0; e < units.size(); ++e) {
        const UnitStatus& router = ctx.state().units[e];
        if (units[e].id.side == units[mover].id.side || router.presence != Presence::OnBoard ||
            router.state != UnitState::Routing || !in_contact(ctx.game(), mover, e))
            continue;
        UnitStatus& caught = ctx.edit(e);
        caught.bases = std::max(0, caught.bases - 1);
        ctx.explain(units[mover].id.code + " rides into the routing " + units[e].id.code +
                    ": one base is lost (seed 000, 8.6: pursuing cavalry remove a base for every move in contact)");
        ctx.result()["ridden_down"].push_back(units[e].id.code);
        if (caught.bases == 0) {
            caught.presence = Presence::OffBoard;
            ctx.explain(units[e].id.code + " has no bases left and leaves the table");
        }
    }
}

// A unit's move or charge: to a point, to a new facing, or off the table.
void move_unit(ActionContext& ctx, const std::string& code, const std::optional<BoardPoint>& to,
               const std::optional<double>& facing_deg, bool off_board, bool charge) {
    const std::size_t u = ctx.on_board_unit("unit", code);
    const Unit& unit = ctx.unit(u);
    const UnitStatus& before = ctx.state().units[u];
    ctx.require(before.formation != Formation::Square, Refusal::SquareStands,
                unit.id.code + " is in square and cannot move");
    const int turn = ctx.clock().turn;
    require_phasing(ctx, unit, charge ? "charges" : "moves", Refusal::NotPhasingMove);
    if (charge) {
        // The charge lockout is the rule set's (six turns; three in the dice edition, seed 002, 3)).
        const int every = ctx.rules().charge_once_every_turns;
        ctx.require(!(before.last_charge_turn > 0 && turn - before.last_charge_turn < every), Refusal::ChargeLockout,
                    unit.id.code + " charged on turn " + std::to_string(before.last_charge_turn) + " and may charge again on turn " +
                        std::to_string(before.last_charge_turn + every) + " (once every " + std::to_string(every) + " turns in " +
                        ctx.rules().name + ")");
        ctx.require(unit.arm() != Arm::Artillery, Refusal::ArtilleryCharges, unit.id.code + " is artillery and cannot charge");
    }
    if (!to && !charge && !off_board && !facing_deg) ctx.fail("to", "a position {\"x_mm\": .., \"y_mm\": ..}");
    if (to && !ctx.scenario().board.contains(*to) && !off_board)
        ctx.fail("to", "a position on the board (or \"off_board\": true)");
    // seed 000, 8.7: a unit that failed its control test pursues the routers until rallied; it
    // does not answer orders, so a move of it must close on them.
    if (to && before.pursuing >= 0) {
        const UnitStatus& quarry = ctx.state().units[static_cast<std::size_t>(before.pursuing)];
        const std::string& quarry_code = ctx.unit(static_cast<std::size_t>(before.pursuing)).id.code;
        if (quarry.presence == Presence::OnBoard)
            ctx.require(distance_mm(*to, quarry.position) < distance_mm(before.position, quarry.position) - 1e-9, Refusal::PursuerCloses,
                        unit.id.code + " pursues " + quarry_code + " and does not answer orders until it rallies: it may only close on " +
                            quarry_code);
    }
    // Measured before anything changes: going, allowance, what the path meets (geometry.hpp).
    std::optional<MovePlan> plan;
    if (to) {
        plan = plan_move(ctx.game(), ctx.game().battlefield(), u, *to, facing_deg, charge ? MoveKind::Charge : MoveKind::Move);
    } else if (facing_deg) {
        plan = plan_wheel(ctx.game(), u, *facing_deg);
    }
    double distance = 0;
    if (plan) {
        distance = to ? plan->distance_mm : 0;
        ctx.explain(plan->explanation);
        for (const MoveContact& contact : plan->contacts) {
            if (contact.allowed || (off_board && contact.kind == MoveContact::Kind::OffBoard)) continue;
            ctx.require(false, Refusal::MoveMeets, unit.id.code + " meets " + contact.what + ": " + contact.rule);
        }
        spend_move(ctx, unit, plan->cost_moves,
                   (charge ? "a charge of " : to ? "a move of " : "a wheel of ") + fixed(plan->distance_mm) + " mm");
    }
    UnitStatus& now = ctx.edit(u);
    if (charge) now.last_charge_turn = turn;
    if (to) now.position = *to;
    if (facing_deg) now.facing_deg = std::fmod(*facing_deg, 360.0);
    if (off_board) now.presence = Presence::OffBoard;
    if (plan && ctx.rules_version() >= 2) apply_contacts(ctx, u, *plan);
    if (to) ride_down_routers(ctx, u);
    ctx.result()["distance_mm"] = distance;
    std::string ridden;
    if (ctx.result().contains("ridden_down"))
        for (const auto& caught : ctx.result()["ridden_down"]) ridden += (ridden.empty() ? "" : ", ") + caught.get<std::string>();
    ctx.summary(unit_label(unit) + (charge ? " charges" : " moves") +
                (distance > 0 ? " " + fixed(distance) + " mm" : std::string()) +
                (ctx.state().units[u].presence == Presence::OffBoard ? " off the table" : "") +
                (ridden.empty() ? "" : "; rides down the routing " + ridden + ": a base lost"));
}

}  // namespace

void execute(ActionContext& ctx, const MoveAction& action) {
    if (action.general && !action.unit) return move_general(ctx, action);
    if (!action.unit) ctx.fail("unit", "a unit code (or 'general' with a general's code)");
    if (action.general) ctx.fail("general", "nothing: a move is of one unit or one general");
    move_unit(ctx, *action.unit, action.to, action.facing_deg, action.off_board, false);
}

void execute(ActionContext& ctx, const ChargeAction& action) {
    move_unit(ctx, action.unit, action.to, action.facing_deg, false, true);
}

void execute(ActionContext& ctx, const RoutAction& action) {
    const std::size_t u = ctx.on_board_unit("unit", action.unit);
    const Unit& unit = ctx.unit(u);
    if (ctx.rules_version() < 3) {
        // Rules 1-2 (history is not re-judged): whoever sent the rout placed the unit.
        UnitStatus& now = ctx.edit(u);
        now.state = UnitState::Routing;
        if (action.to) now.position = *action.to;
        if (action.off_board) now.presence = Presence::OffBoard;
        ctx.summary(unit_label(unit) + (now.presence == Presence::OffBoard ? " routs off the table and is removed from the battle"
                                                                           : " routs at charge speed"));
        ctx.explain("seed 002, Game Sequence 3: routed units move to the rear at charge speed; off the board they are permanently removed");
        return;
    }
    require_phasing(ctx, unit, "routs", Refusal::NotPhasingRout);
    if (action.to && !ctx.scenario().board.contains(*action.to) && !action.off_board)
        ctx.fail("to", "a position on the board (or \"off_board\": true)");
    const Battlefield& field = ctx.game().battlefield();
    const RoutRun run = plan_rout(ctx.game(), field, u);
    MovePlan plan = run.plan;
    BoardPoint to = run.to;
    bool off = run.off_board;
    if (action.to) {
        // The umpire placed the run: judged as any move at charge speed, backs to the enemy.
        plan = plan_move(ctx.game(), field, u, *action.to, run.facing_deg, MoveKind::Rout);
        to = *action.to;
        off = action.off_board || std::any_of(plan.contacts.begin(), plan.contacts.end(), [](const MoveContact& c) {
                  return c.kind == MoveContact::Kind::OffBoard;
              });
        for (const MoveContact& contact : plan.contacts)
            if (!contact.allowed) ctx.require(false, Refusal::MoveMeets, unit.id.code + " meets " + contact.what + ": " + contact.rule);
    } else if (action.off_board && !run.off_board) {
        ctx.require(false, Refusal::RoutShort,
                    unit.id.code + "'s run of " + fixed(run.plan.distance_mm) + " mm ends " +
                        fixed(std::abs(home_edge_y(ctx.game(), unit.id.side) - run.to.y_mm)) + " mm from its edge");
        off = true;
    }
    ctx.explain(plan.explanation);
    spend_move(ctx, unit, plan.cost_moves, "a rout of " + fixed(plan.distance_mm) + " mm");
    UnitStatus& now = ctx.edit(u);
    now.state = UnitState::Routing;
    now.position = to;
    now.facing_deg = run.facing_deg;
    if (off) now.presence = Presence::OffBoard;
    apply_contacts(ctx, u, plan);
    ctx.result()["distance_mm"] = plan.distance_mm;
    ctx.result()["off_board"] = off;
    if (run.stopped_by && !action.to) ctx.result()["stopped_by"] = *run.stopped_by;
    ctx.summary(unit_label(unit) + (off ? " routs " + fixed(plan.distance_mm) + " mm off the table and is removed from the battle"
                                        : " routs " + fixed(plan.distance_mm) + " mm for its own edge"));
}

void execute(ActionContext& ctx, const FormationAction& action) {
    const std::size_t u = ctx.on_board_unit("unit", action.unit);
    const Unit& unit = ctx.unit(u);
    UnitStatus& now = ctx.edit(u);
    std::vector<std::string> changes;
    double cost = 0;
    require_phasing(ctx, unit, "changes formation", Refusal::NotPhasingFormation);
    if (action.to) {
        const Formation formation = *action.to;
        // Table 4 has columns for infantry and cavalry only: a battery forms no square. Cavalry
        // asking for one is refused by Table 4's empty cell (overrulable, as every rule).
        if (formation == Formation::Square && unit.arm() == Arm::Artillery)
            ctx.fail("to", "line or column: a battery forms no square (Table 4 has no artillery column)");
        if (formation != now.formation) {
            const std::string change = std::string(to_string(now.formation)) + "-to-" + std::string(to_string(formation));
            const auto fraction = table4_cost(ctx, unit, change);
            ctx.require(fraction.has_value(), Refusal::Table4Forbids,
                        unit.id.code + ": Table 4 does not allow " + change + " for " + std::string(to_string(unit.arm())));
            cost += fraction.value_or(0);
            now.formation = formation;
            changes.push_back("forms " + std::string(to_string(formation)));
        }
    }
    if (action.mount) {
        if (now.mount == Mount::None) ctx.fail("mount", "nothing: " + unit.id.code + " is not dragoons and cannot mount or dismount");
        const Mount wanted = *action.mount ? Mount::Mounted : Mount::Dismounted;
        if (wanted != now.mount) {
            now.mount = wanted;
            if (wanted == Mount::Dismounted && now.formation == Formation::Square) now.formation = Formation::Line;
            changes.push_back(*action.mount ? "mounts" : "dismounts");
            cost += 1.0;  // seed 000, 2.4.2: to dismount or mount up takes a move
        }
    }
    if (action.guns) {
        if (now.guns == Guns::None) ctx.fail("guns", "nothing: " + unit.id.code + " has no guns to limber");
        if (*action.guns != Guns::Limbered && *action.guns != Guns::Unlimbered) ctx.fail("guns", "limbered or unlimbered");
        if (now.guns == Guns::Captured) ctx.fail("guns", "nothing: " + unit.id.code + "'s guns are captured");
        if (*action.guns != now.guns) {
            if (*action.guns == Guns::Limbered)
                ctx.require(!fired_this_turn(ctx, unit.id.code), Refusal::LimberAfterFire,
                            unit.id.code + " fired this turn and may not limber up");
            cost += 1.0;
            now.guns = *action.guns;
            changes.push_back(*action.guns == Guns::Limbered ? "limbers up" : "unlimbers");
            ctx.explain("seed 002, Game Sequence 2: limbering or unlimbering takes a full move");
        }
    }
    if (action.facing_deg) {
        // A change of facing is a wheel: the smallest Table 4 wheel that covers the angle.
        const double turn = std::fabs(std::remainder(*action.facing_deg - now.facing_deg, 360.0));
        if (turn > 0.5) {
            const char* wheel = turn <= 45.5 ? "wheel-45" : turn <= 90.5 ? "wheel-90" : "wheel-180";
            cost += table4_cost(ctx, unit, wheel).value_or(0);
        }
        now.facing_deg = std::fmod(*action.facing_deg, 360.0);
        changes.push_back("faces " + fixed(now.facing_deg) + " deg");
    }
    if (changes.empty())
        ctx.fail("to", "a change for " + unit.id.code + ": give 'to', 'mount', 'guns' or 'facing_deg' with a new value");
    std::string words;
    for (const auto& c : changes) words += (words.empty() ? "" : " and ") + c;
    spend_move(ctx, unit, cost, words);
    ctx.summary(unit_label(unit) + " " + words);
}

void execute(ActionContext& ctx, const ReinforcementsAction& action) {
    const Scenario& scenario = ctx.scenario();
    const auto it = std::find_if(scenario.reinforcements.begin(), scenario.reinforcements.end(),
                                 [&](const ReinforcementSetup& r) { return r.id == action.id; });
    if (it == scenario.reinforcements.end()) {
        std::string known;
        for (const auto& r : scenario.reinforcements) known += (known.empty() ? "" : ", ") + r.id;
        ctx.fail("id", "a reinforcement of this scenario (" + (known.empty() ? std::string("none") : known) + ")");
    }
    ctx.require(ctx.game().minutes() >= it->arrives, Refusal::ReinforcementsEarly,
                it->command.name + " arrives at " + format_clock(it->arrives) + "; it is " + ctx.game().clock_text());
    int arrived = 0, bases = 0;
    for (std::size_t i = 0; i < ctx.units().size(); ++i) {
        if (ctx.unit(i).id.reinforcement != action.id) continue;
        if (ctx.state().units[i].presence != Presence::Awaiting) ctx.fail("id", "a reinforcement still to come (" + it->command.name + " has arrived)");
        ctx.edit(i).presence = Presence::OnBoard;
        ++arrived;
        bases += ctx.unit(i).id.bases_start;
    }
    for (std::size_t g = 0; g < ctx.generals().size(); ++g)
        if (ctx.general(g).id.reinforcement == action.id) ctx.edit_general(g).presence = Presence::OnBoard;
    ctx.refresh_views();  // the tally counts the units that have arrived
    const SideTally t = ctx.game().tally(scenario.side_index(it->side));
    ctx.explain("seed 002, 5) Crisis of morale: the casualty percentage now reflects the combined army of " +
                std::to_string(t.bases_start) + " bases");
    ctx.summary(it->command.name + " arrives (" + std::to_string(arrived) + " units, " + std::to_string(bases) + " bases)" +
                (it->entry.empty() ? std::string() : " " + it->entry) + "; " + t.name + " now " +
                std::to_string(t.bases_lost) + " of " + std::to_string(t.bases_start) + " bases lost");
}

}  // namespace fortuna::detail
