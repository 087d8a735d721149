// SPDX-License-Identifier: MIT
// The programmed opponent: plays one side's half-turn phase by phase through the typed actions, each with its reason.
// Why one file of 640 lines: the opponent plays the half-turn's five phases in order, one section
// each (a to e), so its choices read as the turn sequence of seed 000, section 4.
//
// The phases are seed 000, section 4 (seed 002, "Simplified Game Sequence"): a) rally,
// b) artillery, c) movement, d) combat, e) crisis of morale. Phases a, b, d and e are the
// duties the rules give the side (duties.hpp); phase c is where the doctrine chooses.
#include <algorithm>
#include <cmath>
#include <limits>
#include <numbers>

#include "fortuna/land/battlefield.hpp"
#include "fortuna/land/duties.hpp"
#include "fortuna/core/errors.hpp"
#include "fortuna/land/game.hpp"
#include "fortuna/land/geometry.hpp"
#include "fortuna/land/opponent.hpp"
#include "fortuna/land/rules_of_play.hpp"
#include "core/words.hpp"

namespace fortuna {

namespace {

std::string percent(double p) { return std::to_string(static_cast<int>(std::lround(p * 100))) + "%"; }
using detail::mm;

// Facing 0 is towards the top edge (-y), 90 towards the right edge (battlefield.cpp).
double facing_towards(const BoardPoint& from, const BoardPoint& to) {
    double deg = std::atan2(to.x_mm - from.x_mm, from.y_mm - to.y_mm) * 180.0 / std::numbers::pi;
    if (deg < 0) deg += 360.0;
    return std::fmod(deg, 360.0);
}

BoardPoint toward(const BoardPoint& from, const BoardPoint& to, double distance) {
    const double length = distance_mm(from, to);
    if (length <= 1e-9) return from;
    const double t = distance / length;
    return {from.x_mm + (to.x_mm - from.x_mm) * t, from.y_mm + (to.y_mm - from.y_mm) * t};
}

CombatAction combat_between(const std::string& attacker, const std::string& defender) {
    CombatAction action;
    action.attacker = attacker;
    action.defender = defender;
    return action;
}

bool fights(const Unit& unit) {
    return unit.now.presence == Presence::OnBoard && unit.now.bases > 0 && unit.now.state != UnitState::Routing;
}

// The chance, before the roll, that a combat's result hurts the defender and spares the
// attacker (seed 002, Table 6 with every natural roll enumerated: combat_probabilities).
struct Assessment {
    double favourable = 0;
    double unfavourable = 0;
    std::string odds;
};
Assessment assess(const Game& game, const CombatAction& action) {
    const CombatRequest request = combat_request(game, action);
    const RuleSet& rules = game.rules();
    Assessment a;
    const CombatNumbers numbers = combat_numbers(rules, request);
    a.odds = numbers.odds.text();
    for (const auto& [code, probability] : combat_probabilities(rules, request)) {
        const SideOutcome attacker = apply_result_to_side(rules, code, true, request.attacker.state, request.attacker.bases);
        const SideOutcome defender = apply_result_to_side(rules, code, false, request.defender.state, request.defender.bases);
        const bool hurts_attacker = attacker.bases_lost > 0 || attacker.after != attacker.before;
        const bool hurts_defender = defender.bases_lost > 0 || defender.after != defender.before;
        if (hurts_defender && !hurts_attacker) a.favourable += probability.value();
        if (hurts_attacker && !hurts_defender) a.unfavourable += probability.value();
    }
    return a;
}

// The gap between two units on the table from footprints measured once (index_table); nullopt
// when their centres are so far apart that the gap must exceed `limit` (a cheap test first).
std::optional<double> gap_within(const Game& game, const TableIndex& table, std::size_t a, std::size_t b, double limit) {
    const Footprint& fa = table.footprints[a];
    const Footprint& fb = table.footprints[b];
    if (fa.corners.empty() || fb.corners.empty()) return std::nullopt;
    const double reach = (std::sqrt(fa.width_mm * fa.width_mm + fa.depth_mm * fa.depth_mm) +
                          std::sqrt(fb.width_mm * fb.width_mm + fb.depth_mm * fb.depth_mm)) / 2;
    if (distance_mm(game.units()[a].now.position, game.units()[b].now.position) - reach > limit) return std::nullopt;
    const double gap = polygon_gap(fa.corners, fb.corners).mm;
    if (gap > limit) return std::nullopt;
    return gap;
}

// splitmix64: one well-mixed number from the seed and the question, so a unit's test is the
// same whenever it is asked (an undone step proposed again is the same step).
std::uint64_t mix(std::uint64_t x) {
    x += 0x9e3779b97f4a7c15ULL;
    x = (x ^ (x >> 30)) * 0xbf58476d1ce4e5b9ULL;
    x = (x ^ (x >> 27)) * 0x94d049bb133111ebULL;
    return x ^ (x >> 31);
}
std::uint64_t hash_text(std::string_view text) {
    std::uint64_t h = 1469598103934665603ULL;  // FNV-1a
    for (const char c : text) h = (h ^ static_cast<unsigned char>(c)) * 1099511628211ULL;
    return h;
}

}  // namespace

Opponent::Opponent(const Game& game, SideDoctrine doctrine) : doctrine_(std::move(doctrine)) {
    by_ = "computer: " + doctrine_.side;
    // The side's own edge, where its withdrawers go (the rear of its army, as routers run for it: 7.2.4).
    home_y_ = home_edge_y(game, doctrine_.side_index);
    catch_up(game);
}

void Opponent::catch_up(const Game& game) {
    if (game.phasing_side() != doctrine_.side_index) return;
    // The phase began with the last end of phase still applied: its journal line and those before.
    std::size_t start = 0;
    for (auto it = game.history().rbegin(); it != game.history().rend(); ++it)
        if (std::holds_alternative<EndPhaseAction>(it->request.action)) {
            start = static_cast<std::size_t>(it->seq);
            break;
        }
    const std::vector<nlohmann::json>& journal = game.journal();
    if (start >= journal.size()) return;  // the phase has just begun: nothing decided yet
    const auto by = [](const nlohmann::json& line) {
        const auto input = line.find("input");
        return input != line.end() && input->is_object() ? input->value("by", std::string()) : std::string();
    };
    try {
        Game copy = Game::replay(game.library(), game.scenario(), game.seed(),
                                 std::vector<nlohmann::json>(journal.begin(), journal.begin() + static_cast<std::ptrdiff_t>(start)),
                                 "journal", game.initial_enforcement());
        for (std::size_t i = start; i < journal.size(); ++i) {
            const nlohmann::json& line = journal[i];
            const std::string kind = line.value("do", std::string());
            if (kind == "undo" || kind == "redo") {
                // As the desk does after an undo or a redo: the phase is judged again.
                if (kind == "undo") copy.undo();
                else copy.redo();
                forget();
                continue;
            }
            if (by(line) != by_) {
                copy.apply(line.at("input"));  // the player's own action (or an umpire's correction)
                continue;
            }
            // Its own action: proposed again as it was, after the proposals refused before it.
            bool matched = false;
            for (int attempt = 0; attempt < 10000 && !matched; ++attempt) {
                const std::optional<ActionRequest> request = next(copy);
                if (!request) break;
                try {
                    copy.apply(*request);
                } catch (const RuleError& refusal) {
                    noted(*request, std::string(refusal.what()));
                    continue;
                }
                noted(*request);
                if (copy.journal().back() != line) break;
                matched = true;
            }
            if (!matched) throw RuleError("the phase went otherwise");
        }
        return;
    } catch (const std::exception&) {
        // A journal of an earlier release, or a phase the player shaped (units taken over):
        // at least what it did this phase is not done again (sync recalls it).
    }
    forget();
}

void Opponent::forget() {
    duties_stale_ = true;
    remeasured_ = false;
    end_override_.reset();
    decided_.clear();
    held_.clear();
    refusals_.clear();
    recall_ = true;
}

void Opponent::sync(const Game& game) {
    const Clock& c = game.clock();
    const std::tuple<int, int, int> key{c.turn, c.half, c.phase};
    if (key != phase_key_) {
        phase_key_ = key;
        forget();
    }
    if (!recall_) return;
    recall_ = false;
    // What it did itself in this phase stands: after an undo or a redo, or given a game in the
    // middle of the phase, the units that acted are not ordered again (issue 28).
    for (auto it = game.history().rbegin(); it != game.history().rend() && it->clock == c; ++it)
        if (it->request.by == by_ && !std::holds_alternative<EndPhaseAction>(it->request.action)) mark(it->request);
}

const std::vector<Duty>& Opponent::phase_duties(const Game& game) {
    if (duties_stale_) {
        duties_ = duties(game, game.battlefield(), game.phase().id);
        duties_stale_ = false;
    }
    return duties_;
}

std::vector<std::string> Opponent::waiting_for(const Game& game) {
    std::vector<std::string> waiting;
    if (taken_.empty() || game.phasing_side() != doctrine_.side_index) return waiting;
    sync(game);
    for (const Duty& duty : duties(game, game.battlefield(), game.phase().id))
        if (!duty.done && !duty.units.empty() && taken_.count(duty.units.front())) waiting.push_back(duty.text);
    return waiting;
}

int Opponent::unit_roll(const Game& game, std::size_t unit) const {
    const std::uint64_t h = mix(game.seed() ^ mix(hash_text(game.units()[unit].id.code) ^ mix(static_cast<std::uint64_t>(game.clock().turn))));
    return static_cast<int>(h % 1000);
}

bool Opponent::committed(const Game& game, std::size_t unit, const TableIndex& table) const {
    const std::string& code = game.units()[unit].id.code;
    for (const ReserveOrder& order : doctrine_.reserves) {
        if (std::find(order.units.begin(), order.units.end(), code) == order.units.end()) continue;
        if (order.commit_at && game.minutes() >= *order.commit_at) return true;
        if (order.enemy_within_mm) {
            for (const std::string& member : order.units) {
                const Unit& own = game.unit(member);
                if (own.now.presence != Presence::OnBoard) continue;
                const std::size_t m = static_cast<std::size_t>(&own - game.units().data());
                for (std::size_t e = 0; e < game.units().size(); ++e) {
                    const Unit& enemy = game.units()[e];
                    if (enemy.id.side == doctrine_.side_index || !fights(enemy)) continue;
                    if (gap_within(game, table, m, e, *order.enemy_within_mm)) return true;
                }
            }
        }
        return false;
    }
    return true;  // not in a reserve
}

void Opponent::mark(const ActionRequest& request) {
    const std::string subject = std::visit(
        [](const auto& a) -> std::string {
            using T = std::decay_t<decltype(a)>;
            if constexpr (std::is_same_v<T, CombatAction>) return "combat:" + a.attacker + ">" + a.defender;
            else if constexpr (std::is_same_v<T, ArtilleryAction>) return a.battery;
            else if constexpr (std::is_same_v<T, RallyAction> || std::is_same_v<T, RoutAction> ||
                               std::is_same_v<T, ChargeAction> || std::is_same_v<T, FormationAction>)
                return a.unit;
            else if constexpr (std::is_same_v<T, MoveAction>) return a.unit.value_or(a.general.value_or(""));
            else if constexpr (std::is_same_v<T, CrisisAction>) return "crisis:" + a.side;
            else if constexpr (std::is_same_v<T, ControlAction>) return "control:" + a.unit;
            else if constexpr (std::is_same_v<T, ReinforcementsAction>) return "reinforcements:" + a.id;
            else if constexpr (std::is_same_v<T, DeliverAction>) return "messenger:" + std::to_string(a.messenger);
            else return std::string(T::kind);
        },
        request.action);
    decided_.insert(subject);
}

void Opponent::noted(const ActionRequest& request, const std::optional<std::string>& refusal) {
    if (std::holds_alternative<EndPhaseAction>(request.action)) {
        if (!refusal) return;
        // A duty may have come up since the phase began (a screen routed away brings two units
        // into sight): the phase is measured again once and its new duty proposed. Refused
        // again, the phase has a duty the opponent found no legal way to do: it ends the phase
        // and says so, as the override the journal keeps.
        if (!remeasured_) {
            remeasured_ = true;
            duties_stale_ = true;
        } else {
            end_override_ = "the programmed opponent found no legal action for what is left: " + *refusal;
        }
        return;
    }
    mark(request);
    if (refusal) {
        refusals_.push_back(*refusal);
        ++refused_total_;
    }
    // A combat that routs brings its victor's control test (seed 000, 8.7): measure again.
    if (!refusal && std::holds_alternative<CombatAction>(request.action)) duties_stale_ = true;
}

std::optional<ActionRequest> Opponent::next(const Game& game) {
    if (game.phasing_side() != doctrine_.side_index) return std::nullopt;
    sync(game);
    const std::string& phase = game.phase().id;
    std::optional<ActionRequest> request;
    if (phase == "a") request = rally(game);
    else if (phase == "b") request = fire(game);
    else if (phase == "c") request = manoeuvre(game);
    else if (phase == "d") request = combat(game);
    else if (phase == "e") request = crisis(game);
    if (!request && !waiting_for(game).empty()) return std::nullopt;
    if (!request) {
        ActionRequest end{EndPhaseAction{}};
        std::string words = "phase " + phase + " (" + game.phase().name + ") done";
        if (!held_.empty()) {
            // Units held for one reason are named together ("B-I1, B-I2, B-C1 holds its ground
            // (seed 001 ...)"), in the order first held: a whole line's reason once, not twenty times.
            std::vector<std::pair<std::string, std::string>> groups;  // reason, codes
            for (const std::string& held : held_) {
                const std::size_t space = held.find(' ');
                const std::string code = held.substr(0, space), reason = space == std::string::npos ? "" : held.substr(space + 1);
                const auto same = std::find_if(groups.begin(), groups.end(), [&](const auto& group) { return group.first == reason; });
                if (same == groups.end()) groups.emplace_back(reason, code);
                else same->second += ", " + code;
            }
            words += "; held: ";
            for (std::size_t i = 0; i < groups.size(); ++i) words += (i ? "; " : "") + groups[i].second + " " + groups[i].first;
        }
        end.why = words;
        end.override_reason = end_override_;
        request = std::move(end);
    }
    request->by = by_;
    return request;
}

const AppliedAction* Opponent::step(Game& game) {
    // Each proposal is tried once; a refusal is noted and the opponent chooses again. Every
    // subject is decided at most once a phase, so this ends.
    for (int attempt = 0; attempt < 10000; ++attempt) {
        std::optional<ActionRequest> request = next(game);
        if (!request) return nullptr;
        const bool ending = std::holds_alternative<EndPhaseAction>(request->action);
        try {
            const AppliedAction& applied = game.apply(*request);
            noted(*request);
            return &applied;
        } catch (const RuleError& refusal) {
            if (ending && request->override_reason)
                throw RuleError("the programmed opponent of " + doctrine_.side + " cannot end the phase even by override: " +
                                refusal.what());
            noted(*request, std::string(refusal.what()));
        }
    }
    throw RuleError("the programmed opponent of " + doctrine_.side + " could not settle on an action");
}

// ---- a) rally ---------------------------------------------------------------------------------

std::optional<ActionRequest> Opponent::rally(const Game& game) {
    for (const Duty& duty : phase_duties(game)) {
        if (duty.done || duty.kind != DutyKind::Rally || decided_.count(duty.units.front()) || taken_.count(duty.units.front()))
            continue;
        const Unit& unit = game.unit(duty.units.front());
        RallyAction rally;
        rally.unit = unit.id.code;
        std::string why = "doctrine: every unit that can rallies (seed 000, 5)";
        // The nearest effective general of the side within a turn's ride helps (5.3).
        double best = doctrine_.rally_general_within_mm;
        for (const General& general : game.generals()) {
            if (general.id.side != doctrine_.side_index || !general.effective() || best <= 0) continue;
            const double d = distance_mm(general.now.position, unit.now.position);
            if (d <= best) {
                best = d;
                rally.general = general.id.code;
            }
        }
        if (rally.general) {
            const auto source = doctrine_.sources.find("rally");
            why += "; " + *rally.general + " is " + mm(best) + " away and helps" +
                   (source != doctrine_.sources.end() ? " (" + source->second + ")" : std::string());
        }
        ActionRequest request{rally};
        request.why = why;
        return request;
    }
    return std::nullopt;
}

// ---- b) artillery -----------------------------------------------------------------------------

std::optional<ActionRequest> Opponent::fire(const Game& game) {
    for (const Duty& duty : phase_duties(game)) {
        if (duty.done || duty.kind != DutyKind::ArtilleryFire || duty.targets.empty() || decided_.count(duty.units.front()) ||
            taken_.count(duty.units.front()))
            continue;
        const FireTarget* chosen = &duty.targets.front();  // nearest first
        for (const FireTarget& target : duty.targets) {
            const int bases = game.unit(target.unit).now.bases;
            if (doctrine_.aim == ArtilleryAim::Strongest && bases > game.unit(chosen->unit).now.bases) chosen = &target;
            if (doctrine_.aim == ArtilleryAim::Weakest && bases < game.unit(chosen->unit).now.bases) chosen = &target;
        }
        ActionRequest request{ArtilleryAction{duty.units.front(), chosen->unit, std::nullopt}};
        request.why = duty.units.front() + " fires on the " + std::string(to_string(doctrine_.aim)) + " target in sight, " +
                      chosen->unit + " at " + mm(chosen->range_mm) + " (band " + chosen->band + ")" +
                      (doctrine_.sources.count("artillery") ? "; " + doctrine_.sources.at("artillery") : std::string());
        return request;
    }
    return std::nullopt;
}

// ---- c) movement ------------------------------------------------------------------------------

std::optional<ActionRequest> Opponent::manoeuvre(const Game& game) {
    for (const Duty& duty : phase_duties(game)) {
        if (duty.done) continue;
        if (duty.kind == DutyKind::Reinforcements) {
            const std::string id = duty.id.substr(duty.id.rfind('/') + 1);
            if (decided_.count("reinforcements:" + id)) continue;
            ActionRequest request{ReinforcementsAction{id}};
            request.why = "reinforcement " + id + " is due: it marches on (scenario)";
            return request;
        }
        if (duty.kind == DutyKind::Messenger) {
            const int number = std::stoi(duty.id.substr(duty.id.rfind('/') + 1));
            if (decided_.count("messenger:" + std::to_string(number))) continue;
            ActionRequest request{DeliverAction{number, false}};
            request.why = "messenger " + std::to_string(number) + " has arrived: his order is delivered (seed 000, 7.2.7)";
            return request;
        }
    }
    const TableIndex table = index_table(game);  // the footprints as they stand before this order
    for (std::size_t u = 0; u < game.units().size(); ++u) {
        const Unit& unit = game.units()[u];
        if (unit.id.side != doctrine_.side_index || unit.now.presence != Presence::OnBoard || unit.now.bases <= 0) continue;
        if (decided_.count(unit.id.code)) continue;
        if (taken_.count(unit.id.code)) {
            decided_.insert(unit.id.code);
            held_.push_back(unit.id.code + " is commanded by the player");
            continue;
        }
        // One decision a unit a phase: an order is marked when it is applied or refused
        // (noted), a hold at once; so asking again before then gives the same order.
        if (auto request = unit_order(game, u, table)) return request;
        decided_.insert(unit.id.code);
    }
    return std::nullopt;
}

// One unit's order in phase c, or nullopt when it holds (the reason goes to held_).
std::optional<ActionRequest> Opponent::unit_order(const Game& game, std::size_t u, const TableIndex& table) {
    const Unit& unit = game.units()[u];
    const std::string& code = unit.id.code;
    const Battlefield& field = game.battlefield();
    const auto hold = [&](const std::string& why) {
        held_.push_back(code + " " + why);
        return std::nullopt;
    };
    const UnitType& type = unit.type();
    const double spent = move_spent_this_turn(game, code);
    const double left = 1.0 - spent;
    if (left <= 0.01) return hold("has used its move");

    // Routers run for their own edge at charge speed (seed 000, 7.2.4), off it if they reach it:
    // the library measures the run; the opponent only sends it.
    if (unit.now.state == UnitState::Routing) {
        const RoutRun run = plan_rout(game, field, u, &table);
        RoutAction rout;
        rout.unit = code;
        ActionRequest request{rout};
        request.why = code + " is routing: it runs " + mm(run.plan.distance_mm) + " for its own edge (seed 000, 7.2.4)" +
                      (run.off_board ? ", off the table" : "");
        return request;
    }
    if (unit.now.pursuing >= 0)
        return hold("pursues " + game.units()[static_cast<std::size_t>(unit.now.pursuing)].id.code +
                    " and does not answer orders until it rallies (seed 000, 8.7)");
    if (type.arm == Arm::Artillery) return hold("stays in battery (guns fire in phase b)");
    if (unit.now.state == UnitState::Disrupted) return hold("is disrupted and waits to rally");

    // The enemies it could fight now, the nearest enemy that still fights, and its gap.
    const std::vector<EngagedEnemy> engaged = engaged_enemies(game, &field, u);
    if (!engaged.empty())
        return hold("is engaged with " + game.units()[engaged.front().unit].id.code + " and fights in phase d");
    std::optional<std::size_t> nearest;
    double nearest_gap = 0;
    for (std::size_t e = 0; e < game.units().size(); ++e) {
        const Unit& enemy = game.units()[e];
        if (enemy.id.side == doctrine_.side_index || !fights(enemy)) continue;
        const auto gap = gap_within(game, table, u, e, nearest ? nearest_gap : std::numeric_limits<double>::max());
        if (gap && (!nearest || *gap < nearest_gap)) nearest = e, nearest_gap = *gap;
    }

    const bool withdrawing = unit.now.state == UnitState::Withdrawing;
    if (withdrawing) {
        // Withdraws facing the enemy at full speed (seed 000, 8.5.2), straight for its own edge.
        const BoardPoint home{unit.now.position.x_mm, home_y_};
        const double allowance = move_allowance_mm(type, unit.now.formation, Going::Normal, false) * left;
        const BoardPoint to = toward(unit.now.position, home, std::min(allowance, distance_mm(unit.now.position, home) - 30));
        const MovePlan plan = plan_move(game, field, u, to, unit.now.facing_deg, MoveKind::Move, &table, PlanDetail::Measured);
        if (plan.blocked || plan.over() || plan.distance_mm < 5) return hold("is withdrawing but its way back is blocked");
        ActionRequest request{MoveAction{code, std::nullopt, to, unit.now.facing_deg, false}};
        request.why = code + " withdraws " + mm(plan.distance_mm) + " facing the enemy (seed 000, 8.5.2)";
        return request;
    }

    const bool reserve = !committed(game, u, table);
    if (reserve) return hold("is held in reserve");
    const bool in_reserve_list = std::any_of(doctrine_.reserves.begin(), doctrine_.reserves.end(), [&](const ReserveOrder& r) {
        return std::find(r.units.begin(), r.units.end(), code) != r.units.end();
    });
    const bool attacking = doctrine_.posture == Posture::Attack || in_reserve_list;

    // A charge: cavalry (and foot, 7.2.6) into contact with an enemy it can reach this move.
    const int every = game.rules().charge_once_every_turns;
    const bool may_charge = unit.now.last_charge_turn == 0 || game.clock().turn - unit.now.last_charge_turn >= every;
    const double charge_reach = doctrine_.posture == Posture::Defend && !in_reserve_list ? doctrine_.counter_charge_within_mm
                                                                                         : doctrine_.engage_within_mm;
    if (nearest && may_charge && type.arm == Arm::Cavalry && nearest_gap <= charge_reach) {
        const std::size_t e = *nearest;
        const Unit& enemy = game.units()[e];
        const Footprint mine = unit_footprint(game, u);
        const Footprint theirs = unit_footprint(game, e);
        const Aspect aspect = aspect_of(game, u, e);
        // The point where its front meets the enemy's face it approaches (front, flank or rear).
        const double ahead = aspect == Aspect::Front ? theirs.depth_mm / 2 : aspect == Aspect::Rear ? -theirs.depth_mm / 2 : 0;
        const BoardPoint local = to_unit_frame(enemy.now.position, enemy.now.facing_deg, unit.now.position);
        const double across = aspect == Aspect::Flank ? (local.x_mm < 0 ? -theirs.width_mm / 2 : theirs.width_mm / 2) : 0;
        const double sign_ahead = aspect == Aspect::Front ? 1 : aspect == Aspect::Rear ? -1 : 0;
        const double sign_across = aspect == Aspect::Flank ? (local.x_mm < 0 ? -1 : 1) : 0;
        for (const double clearance : {0.5, 1.5}) {
            const double stand = mine.depth_mm / 2 + clearance;
            const BoardPoint to = unit_frame_point(enemy.now.position, enemy.now.facing_deg, across + sign_across * stand,
                                                   ahead + sign_ahead * stand);
            const double facing = facing_towards(to, enemy.now.position);
            const MovePlan plan = plan_move(game, field, u, to, facing, MoveKind::Charge, &table, PlanDetail::Measured);
            if (plan.blocked || plan.cost_moves > left + 1e-6) continue;
            CombatAction probe = combat_between(code, enemy.id.code);
            probe.charge = true;
            probe.flank = aspect == Aspect::Flank;
            probe.rear = aspect == Aspect::Rear;
            const Assessment a = assess(game, probe);
            if (a.favourable < doctrine_.min_favourable)
                return hold("does not charge " + enemy.id.code + ": odds " + a.odds + ", " + percent(a.favourable) +
                            " chance of a result that hurts only the enemy, below the doctrine's " + percent(doctrine_.min_favourable));
            ActionRequest request{ChargeAction{code, to, facing}};
            request.why = code + " charges " + enemy.id.code + " (" + std::string(to_string(aspect)) + "): odds " + a.odds + ", " +
                          percent(a.favourable) + " chance of a result that hurts only the enemy, " + percent(a.unfavourable) +
                          " the reverse; doctrine: at least " + percent(doctrine_.min_favourable) +
                          (doctrine_.sources.count("attack") ? " (" + doctrine_.sources.at("attack") + ")" : std::string());
            return request;
        }
    }
    if (!attacking) return hold("holds its ground (" + doctrine_.source + ")");

    // The author's test for a unit's advance this turn (doctrine "advance").
    if (doctrine_.advance_test > 0) {
        const int roll = unit_roll(game, u);
        if (roll < doctrine_.advance_test)
            return hold("does not advance: random number " + format_roll(RollKind::Random, roll) + " below " +
                        format_roll(RollKind::Random, doctrine_.advance_test));
    }

    // Where it goes: the nearest enemy within the doctrine's reach, else the objective.
    BoardPoint goal;
    std::string goal_words;
    double stand_off = 0;  // centre distance to stop at
    if (nearest && nearest_gap <= doctrine_.engage_within_mm) {
        const std::size_t e = *nearest;
        const Unit& enemy = game.units()[e];
        const CombatReach reach = combat_reach(game, u);
        CombatAction probe = combat_between(code, enemy.id.code);
        const Assessment a = assess(game, probe);
        const Footprint mine = unit_footprint(game, u);
        const Footprint theirs = unit_footprint(game, e);
        const double half_depths = mine.depth_mm / 2 + theirs.depth_mm / 2;
        if (a.favourable < doctrine_.min_favourable || !reach.reach_mm) {
            // Too poor a chance to close: it stands just out of reach and lets the guns work.
            stand_off = half_depths + game.rules().infantry_combat_mm + 15;
            goal_words = "stands off " + enemy.id.code + " (odds " + a.odds + ", " + percent(a.favourable) + " below the doctrine's " +
                         percent(doctrine_.min_favourable) + ")";
        } else {
            // Closes to within its reach (8.1.1): the combat follows in phase d.
            stand_off = half_depths + std::max(1.0, reach.contact_only ? 1.0 : *reach.reach_mm - 15);
            goal_words = "closes on " + enemy.id.code + " (odds " + a.odds + ", " + percent(a.favourable) +
                         " chance of a result that hurts only the enemy)";
        }
        goal = enemy.now.position;
    } else if (doctrine_.objective) {
        goal = *doctrine_.objective;
        goal_words = "marches on " + doctrine_.objective_name;
    } else if (nearest) {
        goal = game.units()[*nearest].now.position;
        goal_words = "marches on " + game.units()[*nearest].id.code;
    } else {
        return hold("has no enemy to march on");
    }
    const double distance = distance_mm(unit.now.position, goal) - stand_off;
    if (distance < 5) return hold("is where its doctrine wants it (" + goal_words + ")");
    const double facing = facing_towards(unit.now.position, goal);
    // The furthest point on the way that the rules allow with the move it has left: halve the
    // step until the plan is neither blocked nor over the allowance; then try a little to
    // either side of a friend in the way.
    const double allowance = move_allowance_mm(type, unit.now.formation, Going::Normal, false) * left;
    for (const double swerve : {0.0, 25.0, -25.0, 50.0, -50.0}) {
        const double rad = (facing + swerve) * std::numbers::pi / 180.0;
        double length = std::min(distance, allowance);
        for (int halving = 0; halving < 6 && length >= 5; ++halving) {
            const BoardPoint to{unit.now.position.x_mm + std::sin(rad) * length, unit.now.position.y_mm - std::cos(rad) * length};
            if (!game.scenario().board.contains(to)) {
                length *= 0.6;
                continue;
            }
            const MovePlan plan = plan_move(game, field, u, to, facing, MoveKind::Move, &table, PlanDetail::Measured);
            if (!plan.blocked && plan.cost_moves > left + 1e-6) {
                // Slow going: shorten in proportion to what the move has left (a hair under).
                length *= std::min(0.95, left / plan.cost_moves * 0.99);
                continue;
            }
            if (plan.blocked) {
                length *= 0.6;
                continue;
            }
            bool disrupts = false;  // passing through friends disrupts both (7.2.2): go round instead
            for (const MoveContact& contact : plan.contacts) disrupts = disrupts || !contact.consequence.empty();
            if (disrupts) continue;
            ActionRequest request{MoveAction{code, std::nullopt, to, facing, false}};
            request.why = code + " " + goal_words + ": moves " + mm(plan.distance_mm) + ", " + plan.words() +
                          (doctrine_.sources.count("objective") && goal_words.rfind("marches", 0) == 0
                               ? " (" + doctrine_.sources.at("objective") + ")"
                               : std::string());
            return request;
        }
    }
    return hold("finds its way blocked (" + goal_words + ")");
}

// ---- d) combat --------------------------------------------------------------------------------

std::optional<ActionRequest> Opponent::combat(const Game& game) {
    for (const Duty& duty : phase_duties(game)) {
        if (duty.done || duty.kind != DutyKind::Combat || duty.units.size() < 2 || taken_.count(duty.units.front())) continue;
        const std::string subject = "combat:" + duty.units[0] + ">" + duty.units[1];
        if (decided_.count(subject)) continue;
        const Unit& attacker = game.unit(duty.units[0]);
        const Unit& defender = game.unit(duty.units[1]);
        if (!fights(attacker) || defender.now.presence != Presence::OnBoard || defender.now.bases <= 0) {
            decided_.insert(subject);
            continue;
        }
        const std::size_t a = static_cast<std::size_t>(&attacker - game.units().data());
        const std::size_t d = static_cast<std::size_t>(&defender - game.units().data());
        const CombatProposal proposal = propose_combat(game, game.battlefield(), a, {}, d);
        CombatAction action = combat_between(attacker.id.code, defender.id.code);
        action.flank = proposal.flank;
        action.rear = proposal.rear;
        action.charge = proposal.charge;
        action.arms = proposal.arms;
        action.terrain = proposal.terrain;
        action.obstacle = proposal.obstacle;
        const Assessment odds = assess(game, action);
        ActionRequest request{action};
        std::string reasons;
        for (const auto& reason : proposal.reasons) reasons += "; " + reason;
        request.why = attacker.id.code + " must fight " + defender.id.code + " (" + duty.rule + "): odds " + odds.odds + ", " +
                      percent(odds.favourable) + " chance of a result that hurts only the enemy" + reasons;
        return request;
    }
    // The control tests of the phase's victors, either side's: a roll the rules require, no choice.
    for (const Duty& duty : phase_duties(game)) {
        if (duty.done || duty.kind != DutyKind::Control || duty.units.empty() || taken_.count(duty.units.front())) continue;
        if (decided_.count("control:" + duty.units.front())) continue;
        ControlAction control;
        control.unit = duty.units.front();
        ActionRequest request{control};
        request.why = duty.text + " (" + duty.rule + ")";
        return request;
    }
    return std::nullopt;
}

// ---- e) crisis of morale ----------------------------------------------------------------------

std::optional<ActionRequest> Opponent::crisis(const Game& game) {
    for (const Duty& duty : phase_duties(game)) {
        if (duty.done || duty.kind != DutyKind::CrisisTest) continue;
        const std::string side = duty.action.value("side", std::string());
        if (side.empty() || decided_.count("crisis:" + side)) continue;
        ActionRequest request{CrisisAction{side}};
        request.why = duty.text + " (" + duty.rule + ")";
        return request;
    }
    return std::nullopt;
}

// ---- Playing a battle -------------------------------------------------------------------------

AutoPlay play_opponents(Game& game, const Doctrines& doctrines, const std::vector<int>& sides, std::optional<int> until,
                        const std::function<void(const AppliedAction&)>& on_applied) {
    std::vector<Opponent> opponents;
    for (int side : sides) opponents.emplace_back(game, doctrines.side(side));
    AutoPlay play;
    // A battle of the shipped scenarios ends at dusk within a few thousand actions; the cap
    // only stops a doctrine that can never finish a phase (reported as "stalled").
    constexpr int kMaxActions = 200000;
    while (true) {
        play.outcome = judge_battle(game, doctrines);
        if (play.outcome.decided) return play;
        if (until && game.minutes() >= *until) return play;
        Opponent* mover = nullptr;
        for (Opponent& o : opponents)
            if (o.side() == game.phasing_side()) mover = &o;
        if (mover == nullptr) return play;
        if (play.applied >= kMaxActions) {
            play.outcome.decided = true;
            play.outcome.how = "stalled";
            play.outcome.words = "no decision after " + std::to_string(kMaxActions) + " actions";
            return play;
        }
        const int refusals_before = mover->refusals();
        const AppliedAction* applied = mover->step(game);
        play.refused += mover->refusals() - refusals_before;
        if (applied == nullptr) return play;
        ++play.applied;
        if (applied->request.why) ++play.with_reason;
        if (!applied->overruled.empty()) ++play.overruled;
        if (on_applied) on_applied(*applied);
    }
}

}  // namespace fortuna
