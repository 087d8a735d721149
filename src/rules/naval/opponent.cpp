// SPDX-License-Identifier: MIT
// The Age of Sail's programmed opponent (docs/rules/age-of-sail.md, "The programmed opponent").
//
// Stateless but for the actions the rules refused this half: each call looks at the position
// and proposes the first thing a captain of the side would do, in the order of the seed's turn
// (Game Sequence: hazards, move, then broadsides and boarding), with the reason in words.
#include "fortuna/naval/opponent.hpp"

#include <algorithm>
#include <cmath>
#include <limits>

namespace fortuna {

namespace naval_opponent {

bool enemy_of(const Ship& ship, int side) { return ship.now.side != side && !ship.now.sunk && !ship.now.struck; }

bool thrown(const Ship& ship, Hazard hazard) { return (ship.now.hazards_thrown & (1 << static_cast<int>(hazard))) != 0; }

const Ship* nearest_enemy(const NavalGame& game, const Ship& from, int side) {
    const Ship* best = nullptr;
    double best_cm = std::numeric_limits<double>::max();
    for (const Ship& other : game.state().ships)
        if (enemy_of(other, side) && distance_cm(from, other) < best_cm) {
            best_cm = distance_cm(from, other);
            best = &other;
        }
    return best;
}

std::string cm(double value) { return format_tenths(value) + " cm"; }

// How good a place is for a captain closing on `target`: near the chosen range, the target in a
// broadside's arc and range, raking (the target's bow or stern towards us), off the shoals.
double place_score(const NavalGame& game, const Ship& placed, const Ship& target, const NavalDoctrine& doctrine) {
    const NavalTables& tables = game.tables();
    const double range = distance_cm(placed, target);
    double score = -std::abs(range - doctrine.close_to_cm);
    if (range <= tables.max_range_cm) {
        if (const auto side = arc_holding(tables, placed, target)) {
            const int decks = *side == BroadsideSide::Port ? placed.now.port_decks : placed.now.starboard_decks;
            const bool fired = *side == BroadsideSide::Port ? placed.now.port_fired : placed.now.starboard_fired;
            if (decks > 0 && !fired) score += 6;
            const FireAspect aspect = aspect_of(target, placed);
            if (aspect == FireAspect::Bow || aspect == FireAspect::Stern) score += 3;
        }
    }
    for (const Shoal& shoal : game.scenario().shoals)
        if (std::hypot(placed.now.x_cm - shoal.x_cm, placed.now.y_cm - shoal.y_cm) <= shoal.radius_cm + 2) score -= 20;
    if (placed.now.x_cm < 3 || placed.now.y_cm < 3 || placed.now.x_cm > game.scenario().width_cm - 3 ||
        placed.now.y_cm > game.scenario().depth_cm - 3)
        score -= 20;
    return score;
}

}  // namespace naval_opponent

NavalDoctrine default_naval_doctrine(const NavalScenario& scenario, int side) {
    NavalDoctrine doctrine;
    const std::string navy = scenario.sides.at(static_cast<std::size_t>(side)).navy;
    if (navy == "la-royale") {
        doctrine.aim = Aim::Sails;
        doctrine.close_to_cm = 8;
        doctrine.board_from = 0.6;
        doctrine.source = "La Royale: fire at the masts and rigging from a middle range to cripple and escape, the French practice "
                          "naval histories of the period describe (N. A. M. Rodger, The Command of the Ocean, 2004)";
    } else {
        doctrine.source = "close action, the hull as the target: the Royal Navy's practice (N. A. M. Rodger, The Command of the Ocean, 2004)";
    }
    return doctrine;
}

int fighting_ships(const NavalGame& game, int side) {
    int count = 0;
    for (const Ship& ship : game.state().ships)
        if (ship.now.side == side && !ship.now.sunk && !ship.now.struck && !ship.severely_damaged()) ++count;
    return count;
}

NavalOutcome judge_naval_battle(const NavalGame& game) {
    NavalOutcome outcome;
    const auto& sides = game.scenario().sides;
    for (int side = 0; side < 2; ++side)
        if (fighting_ships(game, side) == 0) {
            outcome.over = true;
            outcome.winner = 1 - side;
            outcome.reason = sides[static_cast<std::size_t>(side)].name + " has no ship left fighting";
            return outcome;
        }
    const int rounds = game.scenario().rounds;
    if (rounds > 0 && game.state().turn.round > rounds) {
        outcome.over = true;
        outcome.winner = game.leading_side();
        const std::string tally = std::to_string(game.damage_inflicted_by(0)) + " cells to " + std::to_string(game.damage_inflicted_by(1));
        outcome.reason = "the " + std::to_string(rounds) + " rounds are fought; damage inflicted " + tally +
                         (outcome.winner < 0 ? ": level" : ": " + sides[static_cast<std::size_t>(outcome.winner)].name + " wins (D9)");
    }
    return outcome;
}

std::optional<NavalProposal> NavalOpponent::next(const NavalGame& game) const {
    const NavalTurn& turn = game.state().turn;
    if (turn.halves_done >= 2) {
        // The round ends: the side that moves first throws the wind dice (Game Sequence).
        if (side_ != game.scenario().first_side) return std::nullopt;
        return NavalProposal{WindAction{}, "both fleets have moved: the wind changes for the next round (Game Sequence)"};
    }
    if (turn.active_side != side_) return std::nullopt;
    if (auto p = hazard(game)) return p;
    if (auto p = move(game)) return p;
    if (auto p = boarding(game)) return p;
    if (auto p = broadside(game)) return p;
    return NavalProposal{EndHalfAction{}, "every captain has done what his orders and the rules allow this move"};
}

std::optional<NavalProposal> NavalOpponent::hazard(const NavalGame& game) const {
    using namespace naval_opponent;
    const bool seas = high_seas(game.tables(), game.state().wind);
    for (const Ship& ship : game.state().ships) {
        if (ship.now.side != side_ || ship.now.sunk || ship.now.struck) continue;
        auto offer = [&](Hazard hazard, std::string reason) -> std::optional<NavalProposal> {
            NavalAction action = HazardAction{ship.id, hazard, std::nullopt, {}};
            if (thrown(ship, hazard) || was_refused(action)) return std::nullopt;
            return NavalProposal{std::move(action), std::move(reason)};
        };
        if (ship.now.fire != FireState::None)
            if (auto p = offer(Hazard::FireFight, ship.name + " is on fire: every hand fights it before the magazine goes")) return p;
        if (ship.now.grounded)
            if (auto p = offer(Hazard::Refloat, ship.name + " is aground: she tries to float off")) return p;
        if (ship.severely_damaged() && seas)
            if (auto p = offer(Hazard::Founder, ship.name + " has neither gun decks nor hull left in high seas: she must throw against foundering")) return p;
        if (!ship.now.entangled_with.empty()) {
            const Ship& other = game.ship(ship.now.entangled_with);
            if (other.now.side == side_ || other.now.struck) {
                if (auto p = offer(Hazard::Disentangle, ship.name + " is entangled with " + other.name + ", a prize of ours now: she cuts free to fight on"))
                    return p;
                continue;
            }
            const bool board = other.now.side != side_ && !other.now.struck && ship.now.gun_decks() > 0 &&
                               boarding_odds(ship.now.gun_decks(), other.now.gun_decks()).attacker_wins.value() >= doctrine_.board_from;
            if (!board)
                if (auto p = offer(Hazard::Disentangle, ship.name + " is entangled with " + other.name + " and the odds do not favour boarding: she cuts free"))
                    return p;
        }
        if (doctrine_.repair_masts && ship.now.mast_count() < static_cast<int>(ship.now.masts.size()) && !ship.now.port_fired &&
            !ship.now.starboard_fired && !ship.now.repairing) {
            const Ship* enemy = nearest_enemy(game, ship, side_);
            if (!enemy || distance_cm(ship, *enemy) > game.tables().max_range_cm)
                if (auto p = offer(Hazard::MastRepair, ship.name + " has a mast down and no enemy within " + cm(game.tables().max_range_cm) +
                                                           ": her crew sets about a jury rig (doctrine)"))
                    return p;
        }
        if (ship.mast_units() == 0 && !ship.now.anchored && !ship.now.grounded) {
            NavalAction action = AnchorAction{ship.id, true};
            if (!was_refused(action))
                return NavalProposal{std::move(action), ship.name + " is dismasted: she anchors rather than drift downwind (doctrine)"};
        }
    }
    return std::nullopt;
}

std::optional<NavalProposal> NavalOpponent::move(const NavalGame& game) const {
    using namespace naval_opponent;
    const NavalTables& tables = game.tables();
    for (const Ship& ship : game.state().ships) {
        if (ship.now.side != side_ || ship.now.sunk || ship.now.struck || ship.now.moved || ship.now.anchored || ship.now.grounded ||
            !ship.now.entangled_with.empty() || ship.mast_units() == 0)
            continue;
        const Ship* target = nearest_enemy(game, ship, side_);
        if (!target) continue;
        // Every heading of the compass, sailed a quarter, a half, three quarters and all of what
        // is left after turning; the best place against staying where she is.
        const double stay = place_score(game, ship, *target, doctrine_);
        std::optional<ShipMovePlan> best;
        double best_score = stay + 0.5;  // a move must be worth it
        const double step = 360.0 / tables.turning_points;
        for (int point = 0; point < tables.turning_points; ++point) {
            const double heading = point * step;
            const ShipMovePlan probe = game.plan_move(ship.id, heading, 0);
            const double reach = probe.allowance.allowance_cm - probe.turning_cm;
            if (reach <= 0) continue;
            for (const double part : {1.0, 0.75, 0.5, 0.25}) {
                const ShipMovePlan plan = game.plan_move(ship.id, heading, reach * part);
                if (!plan.allowed() || !plan.shoal.empty()) continue;
                Ship placed = ship;
                placed.now.x_cm = plan.to_x_cm;
                placed.now.y_cm = plan.to_y_cm;
                placed.now.heading_deg = plan.heading_deg;
                const double score = place_score(game, placed, *target, doctrine_);
                if (score > best_score) {
                    best_score = score;
                    best = plan;
                }
            }
        }
        if (!best) continue;
        NavalAction action = best->action();
        if (was_refused(action)) continue;
        Ship placed = ship;
        placed.now.x_cm = best->to_x_cm;
        placed.now.y_cm = best->to_y_cm;
        placed.now.heading_deg = best->heading_deg;
        const double range = distance_cm(placed, *target);
        std::string reason = ship.name + " sails " + cm(best->distance_cm) + " on " + format_tenths(best->heading_deg) + "° to close on " +
                             target->name + " (" + cm(distance_cm(ship, *target)) + " now, " + cm(range) + " after; the admiral's range is " +
                             cm(doctrine_.close_to_cm) + ")";
        if (range <= tables.max_range_cm && arc_holding(tables, placed, *target)) {
            const FireAspect aspect = aspect_of(*target, placed);
            reason += (aspect == FireAspect::Bow || aspect == FireAspect::Stern)
                          ? ", crossing her " + std::string(to_string(aspect)) + " to rake"
                          : ", her broadside bearing";
        }
        return NavalProposal{std::move(action), reason};
    }
    return std::nullopt;
}

std::optional<NavalProposal> NavalOpponent::broadside(const NavalGame& game) const {
    using namespace naval_opponent;
    const NavalTables& tables = game.tables();
    std::optional<NavalProposal> best;
    double best_expected = 0;
    for (const Ship& ship : game.state().ships) {
        if (ship.now.side != side_ || ship.now.sunk || ship.now.struck || ship.now.repairing) continue;
        for (const BroadsideSide side : {BroadsideSide::Port, BroadsideSide::Starboard}) {
            const int decks = side == BroadsideSide::Port ? ship.now.port_decks : ship.now.starboard_decks;
            const bool fired = side == BroadsideSide::Port ? ship.now.port_fired : ship.now.starboard_fired;
            if (decks == 0 || fired) continue;
            for (const Ship& target : game.state().ships) {
                if (!enemy_of(target, side_)) continue;
                const double range = distance_cm(ship, target);
                if (range > tables.max_range_cm || arc_holding(tables, ship, target) != side) continue;
                // Sails when the doctrine says so and she has masts to lose; the hull otherwise.
                const Aim aim = doctrine_.aim == Aim::Sails && target.now.mast_count() > 0 ? Aim::Sails : Aim::Hull;
                const BroadsideOdds odds = broadside_odds(prepare_broadside(tables, decks, range, aim));
                double expected = 0;
                for (std::size_t hits = 0; hits < odds.hits.size(); ++hits) expected += static_cast<double>(hits) * odds.hits[hits].value();
                const FireAspect aspect = aspect_of(target, ship);
                if (aspect == FireAspect::Bow || aspect == FireAspect::Stern) expected *= 1.01;  // a rake first, at equal odds
                BroadsideAction fire{ship.id, target.id, side, aim, {}, {}};
                if (expected <= best_expected || was_refused(fire)) continue;
                best_expected = expected;
                best = NavalProposal{fire, ship.name + " fires her " + std::string(to_string(side)) + " broadside (" + std::to_string(decks) +
                                               (decks == 1 ? " deck" : " decks") + ") at " + target.name + "'s " + std::string(to_string(aim)) +
                                               " at " + cm(range) + ": " + format_tenths(expected) + (format_tenths(expected) == "1" ? " hit" : " hits") + " expected, " +
                                               odds.at_least_one_hit.percent() + " for at least one" +
                                               ((aspect == FireAspect::Bow || aspect == FireAspect::Stern)
                                                    ? ", raking her " + std::string(to_string(aspect))
                                                    : std::string())};
            }
        }
    }
    return best;
}

std::optional<NavalProposal> NavalOpponent::boarding(const NavalGame& game) const {
    using namespace naval_opponent;
    for (const Ship& ship : game.state().ships) {
        if (ship.now.side != side_ || ship.now.sunk || ship.now.struck || ship.now.repairing || ship.now.gun_decks() == 0) continue;
        for (const Ship& target : game.state().ships) {
            if (!enemy_of(target, side_) || !in_contact(game.tables(), ship, target)) continue;
            if (!ship.now.entangled_with.empty() && ship.now.entangled_with != target.id) continue;
            const BoardingOdds odds = boarding_odds(ship.now.gun_decks(), target.now.gun_decks());
            if (odds.attacker_wins.value() < doctrine_.board_from) continue;
            BoardingAction board{ship.id, target.id, game.tables().prize_crew_min, {}, {}};
            if (was_refused(board)) continue;
            return NavalProposal{board, ship.name + " boards " + target.name + ": " + std::to_string(ship.now.gun_decks()) + " gun decks against " +
                                            std::to_string(target.now.gun_decks()) + ", " + odds.attacker_wins.percent() +
                                            " to carry her (the admiral boards from " + format_tenths(doctrine_.board_from * 100) + " %)"};
        }
    }
    return std::nullopt;
}

}  // namespace fortuna
