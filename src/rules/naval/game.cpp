// SPDX-License-Identifier: MIT
// A naval game in progress: actions apply the Age of Sail rules to the fleets, and undo them honestly.
//
// Honest undo, as the land game (game.cpp): every roll an action uses is stored inside the
// action, so redo swaps its undo record back and never rolls. The generated rolls of an undone
// action are kept under its key (kind, ships, round and half) and the next action with the same
// key takes them before any fresh roll, so undoing a broadside and firing it again gives the
// same dice. Dice the player entered are his own and are not kept.
#include <algorithm>
#include <cmath>
#include <cstdio>

#include "fortuna/core/errors.hpp"
#include "fortuna/naval/model.hpp"

namespace fortuna {

namespace {

int hazard_bit(Hazard hazard) { return 1 << static_cast<int>(hazard); }

// Does the straight path from a to b enter the circle (not already inside at a)?
bool enters_shoal(const Shoal& shoal, double ax, double ay, double bx, double by) {
    const double start = std::hypot(ax - shoal.x_cm, ay - shoal.y_cm);
    if (start <= shoal.radius_cm) return false;
    const double dx = bx - ax, dy = by - ay;
    const double length2 = dx * dx + dy * dy;
    double t = length2 > 0 ? ((shoal.x_cm - ax) * dx + (shoal.y_cm - ay) * dy) / length2 : 0;
    t = std::clamp(t, 0.0, 1.0);
    return std::hypot(ax + t * dx - shoal.x_cm, ay + t * dy - shoal.y_cm) <= shoal.radius_cm;
}

// Rolls of an action by slot, to keep them when it is undone.
std::vector<std::pair<std::string, std::vector<Roll>>> rolls_of(const NavalAction& action) {
    std::vector<std::pair<std::string, std::vector<Roll>>> out;
    auto one = [](const std::optional<Roll>& roll) { return roll ? std::vector<Roll>{*roll} : std::vector<Roll>{}; };
    if (const auto* w = std::get_if<WindAction>(&action)) {
        out = {{"direction", one(w->direction_roll)}, {"speed", one(w->speed_roll)}};
    } else if (const auto* m = std::get_if<ShipMoveAction>(&action)) {
        out = {{"shoal", one(m->shoal_roll)}};
    } else if (const auto* b = std::get_if<BroadsideAction>(&action)) {
        out = {{"dice", b->dice}};
    } else if (const auto* g = std::get_if<BoardingAction>(&action)) {
        out = {{"attacker", g->attacker_dice}, {"defender", g->defender_dice}};
    } else if (const auto* h = std::get_if<HazardAction>(&action)) {
        out = {{"roll", one(h->roll)}, {"spread", h->spread_rolls}};
    }
    return out;
}

std::string key_of(const NavalAction& action, const NavalTurn& turn) {
    std::string key(naval_action_kind(action));
    std::visit(
        [&](const auto& a) {
            using A = std::decay_t<decltype(a)>;
            if constexpr (requires { a.ship; }) key += ":" + a.ship;
            if constexpr (requires { a.target; }) key += ">" + a.target;
            if constexpr (std::is_same_v<A, HazardAction>) key += "/" + std::string(to_string(a.hazard));
        },
        action);
    return key + "@" + std::to_string(turn.round) + "." + std::to_string(turn.halves_done);
}

}  // namespace

void NavalChange::toggle(NavalState& state) {
    for (auto& [index, status] : ships) std::swap(state.ships[index].now, status);
    if (wind) std::swap(state.wind, *wind);
    if (turn) std::swap(state.turn, *turn);
}

NavalGame::NavalGame(const NavalTables& tables, NavalScenario scenario) : tables_(&tables), scenario_(std::move(scenario)) {
    state_.wind = scenario_.wind;
    state_.ships = scenario_.ships;
    state_.turn.active_side = scenario_.first_side;
}

std::size_t NavalGame::index_of(std::string_view id) const {
    for (std::size_t i = 0; i < state_.ships.size(); ++i)
        if (state_.ships[i].id == id) return i;
    std::string known;
    for (const auto& s : state_.ships) known += (known.empty() ? "" : ", ") + s.id;
    throw RuleError("unknown ship '" + std::string(id) + "': expected one of " + known);
}

const Ship& NavalGame::ship(std::string_view id) const { return state_.ships[index_of(id)]; }

std::vector<Roll> NavalGame::draw(const std::string& slot, std::size_t have, int needed) {
    return kept_.draw(roll_key_, slot, needed - static_cast<int>(have), RollKind::D6, *dice_);
}

void NavalGame::rule(bool ok, const std::string& words) {
    if (ok) return;
    if (overriding_.empty()) throw RuleError(words + " (to apply it anyway, the umpire overrules with a reason)");
    overruled_.push_back(words);
}

const AppliedNavalAction& NavalGame::apply(NavalAction action, Dice& dice, const std::string& override_reason) {
    const NavalState before = state_;
    dice_ = &dice;
    overriding_ = override_reason;
    overruled_.clear();
    roll_key_ = key_of(action, state_.turn);
    AppliedNavalAction applied;
    try {
        auto own = [&](const std::string& id) -> Ship& {
            Ship& s = state_.ships[index_of(id)];
            if (s.now.sunk) throw RuleError(s.name + " has sunk");
            rule(s.now.side == state_.turn.active_side,
                 s.name + " is not of the side moving now (" + scenario_.sides[static_cast<std::size_t>(state_.turn.active_side)].name +
                     ") (The Age of Sail, Game Sequence)");
            return s;
        };
        if (auto* w = std::get_if<WindAction>(&action)) {
            rule(state_.turn.halves_done >= 2, "the wind changes at the end of the round, after both players have moved (The Age of Sail, Game Sequence)");
            if (!w->direction_roll) w->direction_roll = draw("direction", 0, 1).front();
            if (!w->speed_roll) w->speed_roll = draw("speed", 0, 1).front();
            const WindChange change = change_wind(*tables_, state_.wind, *w->direction_roll, *w->speed_roll);
            state_.wind = change.after;
            applied.explanation = change.explanation;
            state_.turn = {state_.turn.round + 1, scenario_.first_side, 0};
            for (auto& s : state_.ships) s.now.port_fired = s.now.starboard_fired = s.now.repairing = false;
            applied.summary = "Round " + std::to_string(state_.turn.round) + ": wind from " +
                              tables_->compass[static_cast<std::size_t>(state_.wind.direction)] + ", speed " + std::to_string(state_.wind.speed);
        } else if (auto* m = std::get_if<ShipMoveAction>(&action)) {
            own(m->ship);
            applied.summary = apply_move(*m, applied.explanation);
        } else if (auto* b = std::get_if<BroadsideAction>(&action)) {
            own(b->ship);
            applied.summary = apply_broadside(*b, applied.explanation);
        } else if (auto* g = std::get_if<BoardingAction>(&action)) {
            own(g->ship);
            applied.summary = apply_boarding(*g, applied.explanation);
        } else if (auto* h = std::get_if<HazardAction>(&action)) {
            own(h->ship);
            applied.summary = apply_hazard(*h, applied.explanation);
        } else if (auto* n = std::get_if<AnchorAction>(&action)) {
            Ship& s = own(n->ship);
            if (n->drop) {
                if (s.now.anchored) throw RuleError(s.name + " is already at anchor");
                s.now.anchored = true;
                applied.summary = s.name + " drops anchor";
            } else {
                if (!s.now.anchored) throw RuleError(s.name + " is not at anchor");
                rule(!s.now.moved, s.name + " has moved this turn; raising the anchor takes a whole move (The Age of Sail, Movement)");
                s.now.anchored = false;
                s.now.weighing_anchor = true;
                s.now.moved = true;
                applied.summary = s.name + " weighs anchor: she cannot move until her next move";
            }
            applied.explanation.push_back("Movement: \"A ship may drop anchor and cannot move until an entire move has passed to raise the anchor again.\"");
        } else {
            if (state_.turn.halves_done >= 2) throw RuleError("both players have moved: throw for the wind to end the round");
            for (auto& s : state_.ships)
                if (s.now.side == state_.turn.active_side) {
                    s.now.moved = s.now.weighing_anchor = false;
                    s.now.hazards_thrown = 0;
                }
            applied.summary = scenario_.sides[static_cast<std::size_t>(state_.turn.active_side)].name + " ends the move";
            ++state_.turn.halves_done;
            state_.turn.active_side = 1 - state_.turn.active_side;
        }
    } catch (...) {
        state_ = before;
        dice_ = nullptr;
        throw;
    }
    dice_ = nullptr;
    for (auto it = overruled_.rbegin(); it != overruled_.rend(); ++it)
        applied.explanation.insert(applied.explanation.begin(), "overruled by the umpire: " + overriding_ + " (" + *it + ")");
    if (!overruled_.empty()) applied.summary += " (overruled by the umpire: " + overriding_ + ")";
    for (std::size_t i = 0; i < state_.ships.size(); ++i)
        if (!(state_.ships[i].now == before.ships[i].now)) applied.change.ships.emplace_back(i, before.ships[i].now);
    if (!(state_.wind == before.wind)) applied.change.wind = before.wind;
    if (!(state_.turn == before.turn)) applied.change.turn = before.turn;
    applied.action = std::move(action);
    undone_.clear();
    done_.push_back(std::move(applied));
    return done_.back();
}

bool NavalGame::undo() {
    if (done_.empty()) return false;
    AppliedNavalAction last = std::move(done_.back());
    done_.pop_back();
    last.change.toggle(state_);
    // Keep its generated rolls for the same request made again (see the file's opening comment).
    const std::string key = key_of(last.action, state_.turn);
    for (const auto& [slot, rolls] : rolls_of(last.action)) kept_.keep(key, slot, rolls);
    undone_.push_back(std::move(last));
    return true;
}

bool NavalGame::redo() {
    if (undone_.empty()) return false;
    AppliedNavalAction next = std::move(undone_.back());
    undone_.pop_back();
    // Redo replays the record; the kept rolls it would have drawn go back into it.
    const std::string key = key_of(next.action, state_.turn);
    for (const auto& [slot, rolls] : rolls_of(next.action)) kept_.take_back(key, slot, rolls);
    next.change.toggle(state_);
    done_.push_back(std::move(next));
    return true;
}

// ---------------------------------------------------------------- movement

ShipMovePlan NavalGame::check_move(const Ship& s, double x_cm, double y_cm, double heading_deg) const {
    ShipMovePlan plan;
    plan.ship = s.id;
    plan.from_x_cm = s.now.x_cm;
    plan.from_y_cm = s.now.y_cm;
    plan.to_x_cm = x_cm;
    plan.to_y_cm = y_cm;
    plan.heading_deg = heading_deg;
    // To a micrometre: a planned 15 cm is 15, not 15.0000000001 from the sine of its heading.
    plan.distance_cm = std::round(std::hypot(x_cm - s.now.x_cm, y_cm - s.now.y_cm) * 1e6) / 1e6;
    // The first reason found is the one given, in the order a player would meet them.
    auto refuse = [&](std::string why) {
        if (plan.refusal.empty()) plan.refusal = std::move(why);
    };
    if (s.now.sunk) refuse(s.name + " has sunk");
    if (s.now.side != state_.turn.active_side)
        refuse(s.name + " is not of the side moving now (" + scenario_.sides[static_cast<std::size_t>(state_.turn.active_side)].name + ")");
    if (s.now.grounded) refuse(s.name + " is aground: throw a " + std::to_string(tables_->refloat_on) + " to refloat first");
    if (s.now.anchored) refuse(s.name + " is at anchor: weigh anchor (a whole move) before sailing");
    if (s.now.weighing_anchor) refuse(s.name + " is raising her anchor this move");
    if (!s.now.entangled_with.empty()) refuse(s.name + " is entangled with another ship: throw a 6 to separate");
    if (s.now.moved) refuse(s.name + " has already moved this turn");
    const double point = 360.0 / tables_->turning_points;
    if (std::fabs(heading_deg / point - std::round(heading_deg / point)) > 1e-6)
        refuse("a heading is a point of the 16-point turning circle (a multiple of 22.5°), not " + format_tenths(heading_deg));
    plan.heading_deg = normalize_degrees(heading_deg);
    if (x_cm < 0 || y_cm < 0 || x_cm > scenario_.width_cm || y_cm > scenario_.depth_cm)
        refuse("the move leaves the table (" + format_tenths(scenario_.width_cm) + " x " + format_tenths(scenario_.depth_cm) + " cm)");
    plan.allowance = sailing_allowance(*tables_, state_.wind, plan.heading_deg, s.mast_units());
    for (const auto& shoal : scenario_.shoals)
        if (enters_shoal(shoal, s.now.x_cm, s.now.y_cm, x_cm, y_cm)) {
            plan.shoal = shoal.name;  // the first one met: one throw a move (D14)
            break;
        }
    if (plan.allowance.drifting) {
        // D15: straight downwind, at most the drift, heading unchanged.
        const double downwind = downwind_degrees(*tables_, state_.wind);
        plan.heading_deg = s.now.heading_deg;
        plan.remaining_cm = plan.allowance.allowance_cm - plan.distance_cm;
        if (plan.distance_cm > plan.allowance.allowance_cm + 1e-6 ||
            (plan.distance_cm > 1e-6 &&
             std::fabs(normalize_degrees(bearing_degrees(s.now.x_cm, s.now.y_cm, x_cm, y_cm) - downwind + 180) - 180) > 1e-3))
            refuse(s.name + " has no mast standing: she drifts " + format_tenths(tables_->drift_cm) + " cm downwind, no more");
        return plan;
    }
    plan.turning_points = turning_points_between(*tables_, s.now.heading_deg, plan.heading_deg);
    plan.turning_cm = turning_cost_cm(*tables_, s.now.heading_deg, plan.heading_deg);
    plan.remaining_cm = plan.allowance.allowance_cm - plan.turning_cm - plan.distance_cm;
    if (!plan.allowance.can_sail) refuse(s.name + " cannot sail directly into the wind: tack one compass point off it");
    if (plan.remaining_cm < -1e-6)
        refuse(s.name + " may use " + format_tenths(plan.allowance.allowance_cm) + " cm this move; " + format_tenths(plan.distance_cm) +
               " cm sailed and " + format_tenths(plan.turning_cm) + " cm of turning is more");
    return plan;
}

ShipMovePlan NavalGame::plan_move(std::string_view ship, double heading_deg, double distance_cm) const {
    const Ship& s = state_.ships[index_of(ship)];
    const SailingAllowance allowance = sailing_allowance(*tables_, state_.wind, normalize_degrees(heading_deg), s.mast_units());
    // A drifting ship goes downwind whatever heading is asked (D15).
    const double course = (allowance.drifting ? downwind_degrees(*tables_, state_.wind) : heading_deg) * 3.14159265358979323846 / 180;
    const double distance = std::max(distance_cm, 0.0);
    // Headings are clockwise from north and y grows northwards: east is +x, north is +y. Rounded
    // to a nanometre so a journal reads 100, not 100.00000000000001 (far inside the 1e-6 checks).
    const auto clean = [](double cm) { return std::round(cm * 1e9) / 1e9; };
    return check_move(s, clean(s.now.x_cm + distance * std::sin(course)), clean(s.now.y_cm + distance * std::cos(course)), heading_deg);
}

std::string NavalGame::apply_move(ShipMoveAction& move, Explanation& steps) {
    Ship& s = state_.ships[index_of(move.ship)];
    const ShipMovePlan plan = check_move(s, move.x_cm, move.y_cm, move.heading_deg);
    // A ship sunk or a move off the table has nothing to apply; the rest of the plan's refusals are
    // rules of sailing the umpire may overrule (a hedge of wind the table does not show).
    if (!plan.allowed()) {
        if (s.now.sunk || move.x_cm < 0 || move.y_cm < 0 || move.x_cm > scenario_.width_cm || move.y_cm > scenario_.depth_cm)
            throw RuleError(plan.refusal);
        rule(false, plan.refusal + " (The Age of Sail, Movement)");
    }
    move.heading_deg = plan.heading_deg;
    steps = plan.allowance.explanation;
    if (!plan.allowance.drifting)
        steps.push_back("Turning circle: " + std::to_string(plan.turning_points) + " points = " + format_tenths(plan.turning_cm) +
                        " cm; sailed " + format_tenths(plan.distance_cm) + " cm");
    std::string summary = s.name + " sails to (" + format_tenths(move.x_cm) + ", " + format_tenths(move.y_cm) + ") heading " + format_tenths(move.heading_deg) + "°";
    // A die given for a course that meets no shoal is refused, not kept unused in the record.
    if (plan.shoal.empty() && move.shoal_roll) throw RuleError("no shoal on this course: the move throws no die");
    if (!plan.shoal.empty()) {
        // One throw a move: the text checks "when first encountering them".
        if (!move.shoal_roll) move.shoal_roll = draw("shoal", 0, 1).front();
        const HazardRoll r = roll_hazard(*tables_, Hazard::Shoal, *move.shoal_roll);
        steps.push_back("passes over " + plan.shoal);
        steps.insert(steps.end(), r.explanation.begin(), r.explanation.end());
        if (r.bad) s.now.grounded = true;
        summary += "; over " + plan.shoal + ": " + r.outcome;
    }
    s.now.x_cm = move.x_cm;
    s.now.y_cm = move.y_cm;
    s.now.heading_deg = move.heading_deg;
    s.now.moved = true;
    return summary;
}

// ---------------------------------------------------------------- combat

std::string NavalGame::apply_broadside(BroadsideAction& fire, Explanation& steps) {
    Ship& firer = state_.ships[index_of(fire.ship)];
    Ship& target = state_.ships[index_of(fire.target)];
    if (target.now.sunk) throw RuleError(target.name + " has sunk");
    if (target.now.side == firer.now.side) throw RuleError(target.name + " is on your own side");
    rule(!firer.now.repairing, firer.name + "'s crew are repairing masts: they cannot man the guns this round (The Age of Sail, Combat)");
    const bool port = fire.side == BroadsideSide::Port;
    rule(!(port ? firer.now.port_fired : firer.now.starboard_fired),
         firer.name + "'s " + std::string(to_string(fire.side)) + " gun decks have fired this round (The Age of Sail, Combat)");
    const auto arc = arc_holding(*tables_, firer, target);
    rule(arc == fire.side, target.name + " is not in " + firer.name + "'s " + std::string(to_string(fire.side)) + " arc of fire" +
                               (arc ? " (she is in the " + std::string(to_string(*arc)) + " arc)" : " (she is ahead or astern)") +
                               " (The Age of Sail, Combat)");
    const int decks = port ? firer.now.port_decks : firer.now.starboard_decks;
    const BroadsideSetup setup = prepare_broadside(*tables_, decks, distance_cm(firer, target), fire.aim);
    const auto more = draw("dice", fire.dice.size(), decks);
    fire.dice.insert(fire.dice.end(), more.begin(), more.end());
    const BroadsideRoll roll = roll_broadside(*tables_, setup, fire.dice);
    steps = roll.explanation;
    const FireAspect aspect = aspect_of(target, firer);
    const DamageDone done = apply_hits(target, target.now, fire.aim, aspect, roll.hits, fire.owner_masts);
    steps.insert(steps.end(), done.explanation.begin(), done.explanation.end());
    target.now.damage_by[static_cast<std::size_t>(firer.now.side)] += done.cells();
    if (roll.fire && target.now.fire == FireState::None) target.now.fire = FireState::Burning;
    (port ? firer.now.port_fired : firer.now.starboard_fired) = true;
    return firer.name + " fires her " + std::string(to_string(fire.side)) + " broadside at " + target.name + ": " +
           std::to_string(roll.hits) + (roll.hits == 1 ? " hit" : " hits") + (roll.fire ? ", she is on fire" : "");
}

std::string NavalGame::apply_boarding(BoardingAction& boarding, Explanation& steps) {
    Ship& boarder = state_.ships[index_of(boarding.ship)];
    Ship& defender = state_.ships[index_of(boarding.target)];
    if (defender.now.sunk) throw RuleError(defender.name + " has sunk");
    if (defender.now.side == boarder.now.side) throw RuleError(defender.name + " is on your own side");
    rule(!boarder.now.repairing, boarder.name + "'s crew are repairing masts: they cannot board this round (The Age of Sail, Combat)");
    const double contact = tables_->firing.front().to_cm;  // D13
    const bool entangled = boarder.now.entangled_with == defender.id;
    rule(in_contact(*tables_, boarder, defender),
         "boarding needs the ships in contact (within " + format_tenths(contact) + " cm, D13); they are " +
                        format_tenths(distance_cm(boarder, defender)) + " cm apart");
    rule(boarder.now.entangled_with.empty() || entangled, boarder.name + " is entangled with another ship (The Age of Sail, Combat)");
    const int a = boarder.now.gun_decks(), d = defender.now.gun_decks();
    if (a < 1) throw RuleError(boarder.name + " has no gun deck left to board with");
    // "manned by at least one gun deck from the winning ship": fewer is refused, not raised (D8).
    if (boarding.prize_crew < tables_->prize_crew_min)
        throw RuleError("prize_crew: at least " + std::to_string(tables_->prize_crew_min) +
                        " gun deck must man a prize (Combat, D8), not " + std::to_string(boarding.prize_crew));
    auto more = draw("attacker", boarding.attacker_dice.size(), a);
    boarding.attacker_dice.insert(boarding.attacker_dice.end(), more.begin(), more.end());
    more = draw("defender", boarding.defender_dice.size(), d);
    boarding.defender_dice.insert(boarding.defender_dice.end(), more.begin(), more.end());
    const BoardingRoll roll = roll_boarding(a, d, boarding.attacker_dice, boarding.defender_dice);
    steps = roll.explanation;
    boarder.now.entangled_with = defender.id;
    defender.now.entangled_with = boarder.id;
    if (roll.winner < 0) return boarder.name + " boards " + defender.name + ": a tie, still entangled";
    Ship& winner = roll.winner == 0 ? boarder : defender;
    Ship& prize = roll.winner == 0 ? defender : boarder;
    // D8, D9: the prize's remaining cells are the loss; the prize crew mans it for the winner.
    prize.now.damage_by[static_cast<std::size_t>(winner.now.side)] += prize.cells_left();
    // No more than the winner has left: a defender winning sends what it can (D8).
    const int crew = std::min(boarding.prize_crew, winner.now.gun_decks());
    const int intact = prize.now.gun_decks();
    int manned = std::min(crew, intact);
    for (int i = 0; i < crew; ++i) (winner.now.port_decks >= winner.now.starboard_decks ? winner.now.port_decks : winner.now.starboard_decks)--;
    prize.now.port_decks = (manned + 1) / 2;
    prize.now.starboard_decks = manned / 2;
    prize.now.side = winner.now.side;
    prize.now.struck = true;
    steps.push_back("prize crew: " + std::to_string(crew) + " gun deck(s) of " + winner.name + " cross and man " + std::to_string(manned) +
                    " of " + prize.name + "'s " + std::to_string(intact) + " intact gun decks (D8)");
    return winner.name + " captures " + prize.name;
}

bool in_contact(const NavalTables& tables, const Ship& a, const Ship& b) {
    return a.now.entangled_with == b.id || distance_cm(a, b) <= tables.firing.front().to_cm + 1e-9;
}

// ---------------------------------------------------------------- hazards

std::string NavalGame::apply_hazard(HazardAction& hazard, Explanation& steps) {
    Ship& s = state_.ships[index_of(hazard.ship)];
    rule(!(s.now.hazards_thrown & hazard_bit(hazard.hazard)),
         s.name + " has thrown for " + std::string(to_string(hazard.hazard)) + " this move: one throw a move (The Age of Sail, Movement)");
    FireState fire = s.now.fire;
    switch (hazard.hazard) {
        case Hazard::Refloat:
            if (!s.now.grounded) throw RuleError(s.name + " is not aground");
            break;
        case Hazard::MastRepair:
            if (s.now.mast_count() == static_cast<int>(s.now.masts.size())) throw RuleError(s.name + " has every mast standing");
            rule(!(s.now.port_fired || s.now.starboard_fired), s.name + " has fired this round: her crew cannot also repair masts (The Age of Sail, Movement)");
            break;
        case Hazard::Disentangle:
            if (s.now.entangled_with.empty()) throw RuleError(s.name + " is not entangled");
            break;
        case Hazard::FireFight:
            if (fire == FireState::None) throw RuleError(s.name + " is not on fire");
            break;
        case Hazard::Founder:
            if (!s.severely_damaged()) throw RuleError(s.name + " still has gun decks or hull: only a ship with neither may founder");
            if (!high_seas(*tables_, state_.wind))
                throw RuleError("no high seas: the wind is " + std::to_string(state_.wind.speed) + ", ships founder from " + std::to_string(tables_->high_seas_from));
            break;
        default:
            throw RuleError(std::string(to_string(hazard.hazard)) + " is thrown as part of a move or an explosion, not on its own");
    }
    if (!hazard.roll) hazard.roll = draw("roll", 0, 1).front();
    const HazardRoll r = roll_hazard(*tables_, hazard.hazard, *hazard.roll, fire);
    steps = r.explanation;
    s.now.hazards_thrown |= hazard_bit(hazard.hazard);
    const std::size_t enemy = static_cast<std::size_t>(1 - s.now.side);
    std::string summary = s.name + ": " + r.outcome;
    switch (hazard.hazard) {
        case Hazard::Refloat: s.now.grounded = r.bad; break;
        case Hazard::MastRepair:
            s.now.repairing = true;
            if (!r.bad) *std::find(s.now.masts.begin(), s.now.masts.end(), false) = true;
            break;
        case Hazard::Disentangle:
            if (!r.bad) {
                state_.ships[index_of(s.now.entangled_with)].now.entangled_with.clear();
                s.now.entangled_with.clear();
            }
            break;
        case Hazard::Founder:
            if (r.bad) {
                s.now.damage_by[enemy] += s.cells_left();
                s.now.sunk = true;
            }
            break;
        default: {
            if (!r.bad) {
                s.now.fire = FireState::None;
            } else if (fire == FireState::Burning) {
                s.now.fire = FireState::Spreading;
            } else {
                // The ship blows up (D7): every ship within 12 cm throws against the hull row of its distance.
                s.now.damage_by[enemy] += s.cells_left();
                s.now.sunk = true;
                s.now.fire = FireState::None;
                std::size_t spread = 0;
                for (auto& other : state_.ships) {
                    if (&other == &s || other.now.sunk) continue;
                    const double d = distance_cm(s, other);
                    if (d > tables_->explosion_radius_cm + 1e-9) continue;
                    if (spread >= hazard.spread_rolls.size()) hazard.spread_rolls.push_back(draw("spread", 0, 1).front());
                    const HazardRoll caught = roll_hazard(*tables_, Hazard::ExplosionSpread, hazard.spread_rolls[spread++], FireState::None, d);
                    steps.push_back(other.name + " at " + format_tenths(d) + " cm: " + caught.explanation.back());
                    if (caught.bad && other.now.fire == FireState::None) other.now.fire = FireState::Burning;
                }
                summary = s.name + " blows up and sinks";
            }
        }
    }
    return summary;
}

// ---------------------------------------------------------------- tally

int NavalGame::damage_inflicted_by(int side) const {
    int total = 0;
    for (const auto& s : state_.ships) total += s.now.damage_by[static_cast<std::size_t>(side)];
    return total;
}

int NavalGame::leading_side() const {
    const int a = damage_inflicted_by(0), b = damage_inflicted_by(1);
    return a > b ? 0 : b > a ? 1 : -1;
}

nlohmann::json NavalGame::to_json() const {
    using nlohmann::json;
    json ships = json::array();
    for (const auto& s : state_.ships) {
        json masts = json::array();
        for (std::size_t i = 0; i < s.now.masts.size(); ++i)
            masts.push_back({{"name", s.ship_class->masts[i].name}, {"units", s.ship_class->masts[i].units}, {"standing", static_cast<bool>(s.now.masts[i])}});
        ships.push_back({{"id", s.id}, {"name", s.name}, {"class", s.ship_class->id}, {"navy", s.navy},
                         {"side", scenario_.sides[static_cast<std::size_t>(s.now.side)].id},
                         {"x_cm", s.now.x_cm}, {"y_cm", s.now.y_cm}, {"heading_deg", s.now.heading_deg},
                         {"port_decks", s.now.port_decks}, {"starboard_decks", s.now.starboard_decks}, {"masts", masts},
                         {"mast_units", s.mast_units()}, {"hull", s.now.hull}, {"fire", std::string(to_string(s.now.fire))},
                         {"grounded", s.now.grounded}, {"anchored", s.now.anchored}, {"struck", s.now.struck}, {"sunk", s.now.sunk},
                         {"entangled_with", s.now.entangled_with},
                         {"allowance_cm", sailing_allowance(*tables_, state_.wind, s.now.heading_deg, s.mast_units()).allowance_cm}});
    }
    json sides = json::array();
    for (std::size_t i = 0; i < scenario_.sides.size(); ++i)
        sides.push_back({{"id", scenario_.sides[i].id}, {"name", scenario_.sides[i].name}, {"damage_inflicted", damage_inflicted_by(static_cast<int>(i))}});
    const int leader = leading_side();
    return {{"scenario", scenario_.id}, {"round", state_.turn.round},
            {"active_side", scenario_.sides[static_cast<std::size_t>(state_.turn.active_side)].id},
            {"wind", {{"from", tables_->compass[static_cast<std::size_t>(state_.wind.direction)]}, {"speed", state_.wind.speed},
                      {"high_seas", high_seas(*tables_, state_.wind)}}},
            {"sides", sides}, {"ships", ships},
            {"leading", leader < 0 ? json("level") : json(scenario_.sides[static_cast<std::size_t>(leader)].id)}};
}

}  // namespace fortuna
