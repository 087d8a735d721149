// SPDX-License-Identifier: MIT
// Movement measured on the table: going, allowance, what a path meets, wheels and formation changes (see geometry.hpp).
#include <algorithm>
#include <array>
#include <charconv>
#include <cmath>
#include <numbers>

#include "fortuna/core/errors.hpp"
#include "fortuna/land/game.hpp"
#include "fortuna/land/geometry.hpp"
#include "fortuna/land/terrain_effects.hpp"

namespace fortuna {

namespace {

constexpr double kSampleMm = 2.0;  // going and ground are read every 2 mm along a path

// Rounds half away from zero (std::round), where detail::fixed rounds as printf does: the
// movement explanations have always read this way.
// The value is rounded first, so printing it with `decimals` places only writes what is there
// (to_chars: no locale, no six-place detour through to_string).
std::string rounded_text(double value, int decimals = 0) {
    const double scale = decimals == 0 ? 1.0 : decimals == 2 ? 100.0 : std::pow(10.0, decimals);
    const double rounded = std::round(value * scale) / scale;
    std::array<char, 64> buffer{};
    const auto [end, error] = std::to_chars(buffer.data(), buffer.data() + buffer.size(), rounded, std::chars_format::fixed, decimals);
    if (error != std::errc()) return std::to_string(rounded);  // beyond 64 characters: no board holds it
    return std::string(buffer.data(), end);
}

std::string label(const Game& game, std::size_t unit) { return game.units()[unit].id.code + " " + game.units()[unit].id.name; }

// What slows a move is the ground's (fortuna/terrain_effects.hpp); hills are read by height below.
bool slows(TerrainKind kind) { return terrain_effects(kind).difficult_going; }

// "3/4", "1", "3/2" as printed in Table 4 (data/tables/*.json formation_changes).
double fraction(const std::string& text) {
    const auto slash = text.find('/');
    if (slash == std::string::npos) return std::stod(text);
    return std::stod(text.substr(0, slash)) / std::stod(text.substr(slash + 1));
}

const std::string& formation_section(const RuleSet& rules) {
    static const std::string fallback = "seed 002, Table 4";
    return rules.formation_changes.section.empty() ? fallback : rules.formation_changes.section;
}

// "French deduct 1/4 move from each manoeuvre" (Table 4): a manoeuvre costs a quarter move less.
double national_deduction(const Game& game, std::size_t unit, MovePlan& plan) {
    for (const NationalDeduction& d : game.rules().formation_changes.national_deductions)
        if (d.nation == game.units()[unit].id.nation) {
            plan.explanation.push_back(formation_section(game.rules()) + ": " + (d.text.empty() ? d.nation + " deduct " + d.deduct : d.text));
            return fraction(d.deduct);
        }
    return 0;
}

// A Table 4 row for the unit's arm, or nullopt when the table has none (cavalry do not form square).
std::optional<double> table4(const Game& game, std::string_view change, Arm arm, std::string* name) {
    for (const FormationChange& row : game.rules().formation_changes.changes) {
        if (row.change != change) continue;
        if (name != nullptr) *name = row.name;
        const auto& cell = arm == Arm::Cavalry ? row.cavalry : row.infantry;
        if (!cell) return std::nullopt;
        return fraction(*cell);
    }
    return std::nullopt;
}

MovePlan fixed_cost(const Game& game, std::size_t unit, MoveKind kind, double moves, std::string why) {
    MovePlan plan;
    plan.kind = kind;
    plan.allowance_mm = move_allowance_mm(unit_type_now(game, unit), game.state().units[unit].formation, Going::Normal, false);
    plan.cost_moves = moves;
    plan.explanation.push_back(std::move(why));
    return plan;
}

}  // namespace

std::string_view to_string(Going going) {
    switch (going) {
    case Going::Normal: return "normal";
    case Going::Difficult: return "difficult";
    case Going::Road: return "road";
    }
    return "normal";
}

std::string_view to_string(MoveKind kind) {
    switch (kind) {
    case MoveKind::Move: return "move";
    case MoveKind::Charge: return "charge";
    case MoveKind::Rout: return "rout";
    case MoveKind::Wheel: return "wheel";
    case MoveKind::Formation: return "formation";
    case MoveKind::Withdraw: return "withdraw";
    }
    return "move";
}

std::string MovePlan::words() const {
    std::string text = rounded_text(distance_mm) + " mm (" + rounded_text(distance_mm * 2) + " m): " + rounded_text(cost_moves, 2) + " of a move";
    if (kind == MoveKind::Move || kind == MoveKind::Charge || kind == MoveKind::Rout || kind == MoveKind::Withdraw)
        text += " (" + std::string(to_string(going)) + " going, " + rounded_text(allowance_mm) + " mm a move" +
                (kind == MoveKind::Move ? std::string() : ", " + std::string(to_string(kind))) + ")";
    for (const MoveContact& c : contacts)
        if (!c.allowed) return text + ": BLOCKED by " + c.what + " (" + c.rule + ")";
    if (blocked && !explanation.empty()) return text + ": NOT ALLOWED (" + explanation.back() + ")";
    if (over()) text += ": PAST THE ALLOWANCE";
    for (const MoveContact& c : contacts)
        if (!c.consequence.empty()) text += "; " + c.what + ": " + c.consequence;
    return text;
}

double move_allowance_mm(const UnitType& type, Formation formation, Going going, bool charging) {
    const Movement& m = type.movement;
    double mm = m.normal;
    if (going == Going::Difficult) mm += m.difficult;
    if (going == Going::Road) mm += m.road;
    // Charging adds the charge speed (7.2.6); so does infantry in column (seed 002 Table 1's
    // heading). A charging column gets it once: both are "the charge speed".
    if (charging || (type.arm == Arm::Infantry && formation == Formation::Column)) mm += m.charge;
    return std::max(mm, 1.0);
}

MovePlan plan_move(const Game& game, const Battlefield& field, std::size_t unit, const BoardPoint& to, std::optional<double> facing_deg,
                   MoveKind kind, const TableIndex* table, PlanDetail detail) {
    const bool explain = detail == PlanDetail::Explained;
    const UnitStatus& now = game.state().units.at(unit);
    const UnitType& type = unit_type_now(game, unit);
    const Unit& self = game.units()[unit];
    const bool charging = kind == MoveKind::Charge || kind == MoveKind::Rout;
    const double facing = facing_deg.value_or(now.facing_deg);
    MovePlan plan;
    plan.kind = kind;
    plan.distance_mm = distance_mm(now.position, to);
    // Withdrawing facing the enemy: half speed (7.2.3); every going's allowance halves with it.
    const double pace = kind == MoveKind::Withdraw ? 0.5 : 1.0;
    plan.allowance_mm = move_allowance_mm(type, now.formation, Going::Normal, charging) * pace;

    if (now.formation == Formation::Square && type.arm == Arm::Infantry) {
        plan.blocked = true;
        plan.explanation.push_back("seed 000, 7.2.1: infantry in square cannot move");
    }
    if (type.arm == Arm::Artillery && now.guns == Guns::Unlimbered && kind != MoveKind::Rout) {
        plan.blocked = true;
        plan.explanation.push_back("seed 000, 6: unlimbered guns must limber (a full move) before they move");
    }

    // A point no table holds (a typing slip of 1e308 mm at the desk) is off the table: it is
    // not sampled every 2 mm, which would never end.
    const Board& board = game.scenario().board;
    if (!std::isfinite(plan.distance_mm) || plan.distance_mm > 2 * std::hypot(board.width_mm, board.depth_mm)) {
        MoveContact edge;
        edge.kind = MoveContact::Kind::OffBoard;
        edge.what = "the table's edge";
        edge.rule = "the point lies far beyond the table";
        plan.contacts.push_back(std::move(edge));
        plan.blocked = true;
        plan.explanation.push_back("the table's edge: blocks the move (the point lies far beyond the table)");
        // Its cost as if all in normal going (the path is not sampled): never "0.00 of a move"
        // for 5,000 mm (issue 28).
        if (std::isfinite(plan.distance_mm)) plan.cost_moves = plan.distance_mm / plan.allowance_mm;
        return plan;
    }

    // Going: each 2 mm stretch of the centre's path is road (on a road, which bridges what it
    // crosses), difficult (in a slowing feature, or climbing onto ground higher than the start:
    // 7.2.5 "hills"), or normal; it costs its length over that going's allowance.
    const int start_height = field.elevation(now.position);
    // Climbing is only possible where some hill rises above the start.
    const bool higher_ground = std::any_of(field.terrain().begin(), field.terrain().end(), [&](const TerrainFeature& f) {
        return f.kind == TerrainKind::Hill && f.layers > start_height;
    });
    const int steps = std::max(1, static_cast<int>(std::ceil(plan.distance_mm / kSampleMm)));
    const double step = plan.distance_mm / steps;
    // Only the features whose box meets the centre's path can hold one of its samples.
    const std::vector<const TerrainFeature*> near = field.features_near(
        {std::min(now.position.x_mm, to.x_mm), std::min(now.position.y_mm, to.y_mm)},
        {std::max(now.position.x_mm, to.x_mm), std::max(now.position.y_mm, to.y_mm)});
    const TerrainFeature* first_slow = nullptr;
    bool climbed = false;
    for (int i = 0; i < steps && plan.distance_mm > 0; ++i) {
        const double t = (i + 0.5) / steps;
        const BoardPoint p{now.position.x_mm + (to.x_mm - now.position.x_mm) * t, now.position.y_mm + (to.y_mm - now.position.y_mm) * t};
        bool road = false, slow = false;
        for (const TerrainFeature* f : near) {
            if (!field.holds(*f, p)) continue;
            if (f->kind == TerrainKind::Road) road = true;
            else if (slows(f->kind)) {
                slow = true;
                if (first_slow == nullptr) first_slow = f;
            }
        }
        if (!road && !slow && higher_ground && field.elevation(p) > start_height) slow = climbed = true;
        if (road) plan.road_mm += step;
        else if (slow) plan.difficult_mm += step;
        else plan.normal_mm += step;
    }
    plan.going = plan.difficult_mm > 0 ? Going::Difficult : (plan.distance_mm > 0 && plan.road_mm >= plan.distance_mm - 1e-9 ? Going::Road : Going::Normal);
    const double normal = plan.allowance_mm;
    const double difficult = move_allowance_mm(type, now.formation, Going::Difficult, charging) * pace;
    const double road = move_allowance_mm(type, now.formation, Going::Road, charging) * pace;
    plan.cost_moves = plan.normal_mm / normal + plan.difficult_mm / difficult + plan.road_mm / road;
    if (explain) {
        const std::string tables = type.source.empty() ? std::string("army table") : type.source;
        plan.explanation.push_back(tables + ": " + rounded_text(type.movement.normal) + " mm a move, difficult " + rounded_text(type.movement.difficult) +
                                   ", road +" + rounded_text(type.movement.road) + ", charge +" + rounded_text(type.movement.charge));
        if (charging) plan.explanation.push_back(kind == MoveKind::Rout ? "seed 000, 7.2.4: routers move at charge speed" : "seed 000, 7.2.6: charging adds the charge speed");
        else if (kind == MoveKind::Withdraw) plan.explanation.push_back("seed 000, 7.2.3: withdrawing facing the enemy, half speed");
        if (!charging && type.arm == Arm::Infantry && now.formation == Formation::Column)
            plan.explanation.push_back("seed 002, Table 1: movement in column adds the charge speed");
        if (plan.normal_mm > 0) plan.explanation.push_back(rounded_text(plan.normal_mm) + " mm in normal going at " + rounded_text(normal) + " mm a move");
        if (plan.difficult_mm > 0)
            plan.explanation.push_back(rounded_text(plan.difficult_mm) + " mm in difficult going (" +
                                       (first_slow != nullptr ? std::string(to_string(first_slow->kind)) + " " + first_slow->name : std::string("uphill")) +
                                       (climbed && first_slow != nullptr ? ", uphill" : "") + ") at " + rounded_text(difficult) + " mm a move (seed 000, 7.2.5)");
        if (plan.road_mm > 0) plan.explanation.push_back(rounded_text(plan.road_mm) + " mm on a road at " + rounded_text(road) + " mm a move (seed 000, 7.2.5)");
        plan.explanation.push_back("uses " + rounded_text(plan.cost_moves, 2) + " of a move");
    }

    // What the path meets. A straight move sweeps the hull of the outlines where it starts and
    // ends; units are met there, the ground along the paths of the centre and the four corners.
    const Footprint start = unit_footprint(type, now.bases, now.formation, now.position, now.facing_deg);
    const Footprint end = unit_footprint(type, now.bases, now.formation, to, facing);
    std::vector<BoardPoint> both = start.corners;
    both.insert(both.end(), end.corners.begin(), end.corners.end());
    const Polygon swept = convex_hull(both);
    double lo_x = swept.front().x_mm, hi_x = lo_x, lo_y = swept.front().y_mm, hi_y = lo_y;
    for (const BoardPoint& p : swept) {
        lo_x = std::min(lo_x, p.x_mm), hi_x = std::max(hi_x, p.x_mm);
        lo_y = std::min(lo_y, p.y_mm), hi_y = std::max(hi_y, p.y_mm);
    }
    for (std::size_t j = 0; j < game.units().size(); ++j) {
        if (j == unit || game.state().units[j].presence != Presence::OnBoard) continue;
        const BoardPoint& c = game.state().units[j].position;
        // With the table indexed, its widest half-diagonal rules most units out before any outline.
        if (table != nullptr && (c.x_mm < lo_x - table->widest_mm || c.x_mm > hi_x + table->widest_mm ||
                                 c.y_mm < lo_y - table->widest_mm || c.y_mm > hi_y + table->widest_mm))
            continue;
        Footprint measured;
        const bool indexed = table != nullptr && !table->footprints[j].corners.empty();
        if (!indexed) measured = unit_footprint(game, j);
        const Footprint& other = indexed ? table->footprints[j] : measured;
        const double r = std::hypot(other.width_mm, other.depth_mm) / 2;
        if (c.x_mm < lo_x - r || c.x_mm > hi_x + r || c.y_mm < lo_y - r || c.y_mm > hi_y + r) continue;
        if (!polygons_overlap(swept, other.corners)) continue;
        MoveContact contact;
        contact.kind = MoveContact::Kind::Unit;
        contact.unit = j;
        contact.friendly = game.units()[j].id.side == self.id.side;
        contact.ends_on = polygons_overlap(end.corners, other.corners);
        contact.what = "unit " + label(game, j);
        const bool guns = unit_type_now(game, j).arm == Arm::Artillery;
        if (contact.ends_on) {
            contact.rule = "two units cannot stand on the same ground (docs/rules/geometry.md)";
        } else if (contact.friendly && kind == MoveKind::Rout) {
            contact.allowed = true;
            contact.rule = "seed 000, 5.2 and 7.2.4: routers pass through friends";
            contact.consequence = "disrupted by the routers";
        } else if (contact.friendly) {
            contact.allowed = true;
            contact.rule = "seed 000, 7.2.2: units may move through each other";
            contact.consequence = "both disrupted";
        } else if (guns && kind != MoveKind::Rout) {
            contact.allowed = true;
            contact.rule = "seed 000, 6: enemy units passing through cannons capture them";
            contact.consequence = "guns captured";
        } else {
            contact.rule = "only friends are passed through (seed 000, 7.2.2)";
        }
        plan.contacts.push_back(std::move(contact));
    }
    std::vector<std::pair<BoardPoint, BoardPoint>> paths{{now.position, to}};
    for (std::size_t k = 0; k < start.corners.size(); ++k) paths.emplace_back(start.corners[k], end.corners[k]);
    const TerrainFeature* barrier = nullptr;
    // Only lakes and towns are impassable (Battlefield::impassable_at): without one on the
    // table there is nothing to sample for.
    const bool any_impassable = std::any_of(field.terrain().begin(), field.terrain().end(), [](const TerrainFeature& f) {
        return terrain_effects(f.kind).impassable;
    });
    for (const auto& [a, b] : any_impassable ? paths : decltype(paths){}) {
        const int n = std::max(1, static_cast<int>(std::ceil(distance_mm(a, b) / kSampleMm)));
        for (int i = 0; i <= n && barrier == nullptr; ++i) {
            const double t = static_cast<double>(i) / n;
            barrier = field.impassable_at({a.x_mm + (b.x_mm - a.x_mm) * t, a.y_mm + (b.y_mm - a.y_mm) * t});
        }
        if (barrier != nullptr) break;
    }
    if (barrier != nullptr) {
        MoveContact contact;
        contact.kind = MoveContact::Kind::Impassable;
        contact.what = std::string(to_string(barrier->kind)) + " " + barrier->name;
        contact.rule = "seed 000, 3.1.3-3.1.4: no unit enters a lake or a town's ground";
        plan.contacts.push_back(std::move(contact));
    }
    if (!field.on_board(end.corners)) {
        MoveContact contact;
        contact.kind = MoveContact::Kind::OffBoard;
        contact.what = "the table's edge";
        contact.allowed = kind == MoveKind::Rout;
        contact.rule = kind == MoveKind::Rout ? "seed 000, 7.2.4: routers leaving the board are removed from the battle"
                                              : "a unit leaves the table only by an order to march off (off_board)";
        if (contact.allowed) contact.consequence = "removed from the battle";
        plan.contacts.push_back(std::move(contact));
    }
    for (const MoveContact& c : plan.contacts) {
        if (!c.allowed) plan.blocked = true;
        if (explain) plan.explanation.push_back(c.what + ": " + (c.allowed ? "passed (" + c.rule + ")" + (c.consequence.empty() ? "" : ", " + c.consequence)
                                                              : "blocks the move (" + c.rule + ")"));
    }
    return plan;
}

double home_edge_y(const Game& game, int side) {
    const Scenario& scenario = game.scenario();
    double sum = 0;
    int count = 0;
    if (side >= 0 && static_cast<std::size_t>(side) < scenario.sides.size())
        for (const CommandSetup& command : scenario.sides[static_cast<std::size_t>(side)].commands)
            for (const UnitSetup& unit : command.units) sum += unit.position.y_mm, ++count;
    const double depth = scenario.board.depth_mm;
    // A side with nothing on the table at the start (all reinforcements): the first side's rear
    // is the bottom edge, the second's the top, as the scenario schema's sides are drawn.
    if (count == 0) return side == 0 ? depth : 0.0;
    return sum / count < depth / 2 ? 0.0 : depth;
}

RoutRun plan_rout(const Game& game, const Battlefield& field, std::size_t unit, const TableIndex* table) {
    const UnitStatus& now = game.state().units.at(unit);
    const UnitType& type = unit_type_now(game, unit);
    const double edge = home_edge_y(game, game.units()[unit].id.side);
    RoutRun run;
    // Backs to the enemy: facing the own edge (facing 0 is towards the top edge, 180 the bottom).
    run.facing_deg = edge < now.position.y_mm ? 0.0 : 180.0;
    const double sign = edge < now.position.y_mm ? -1.0 : 1.0;
    const double whole = move_allowance_mm(type, now.formation, Going::Normal, true);
    const auto plan_to = [&](double length) {
        return plan_move(game, field, unit, {now.position.x_mm, now.position.y_mm + sign * length}, run.facing_deg, MoveKind::Rout, table);
    };
    const auto stops = [](const MovePlan& plan) -> std::optional<std::string> {
        for (const MoveContact& c : plan.contacts)
            if (!c.allowed) return c.what;
        return std::nullopt;
    };
    const auto fits = [&](const MovePlan& plan) { return !plan.over() && !stops(plan); };
    // The longest run within a whole move: difficult going shortens it (cost above 1), an
    // enemy or a lake in the way ends it, and so does ending on a friend's ground. Runs past
    // that point fail too, so the longest run that fits is found by halving the interval.
    double lo = 0, hi = whole;
    MovePlan best = plan_to(whole);
    if (fits(best)) {
        lo = whole;
    } else {
        MovePlan failing = std::move(best);
        best = plan_to(0);
        while (hi - lo > 1.0) {
            const double mid = (lo + hi) / 2;
            MovePlan plan = plan_to(mid);
            if (fits(plan)) {
                best = std::move(plan);
                lo = mid;
            } else {
                failing = std::move(plan);
                hi = mid;
            }
        }
        run.stopped_by = stops(failing);  // nothing: only the going shortened it
    }
    run.plan = std::move(best);
    run.to = {now.position.x_mm, now.position.y_mm + sign * lo};
    run.off_board = std::any_of(run.plan.contacts.begin(), run.plan.contacts.end(),
                                [](const MoveContact& c) { return c.kind == MoveContact::Kind::OffBoard; });
    if (run.stopped_by)
        run.plan.explanation.push_back("the run stops after " + rounded_text(lo) + " mm, short of " + *run.stopped_by +
                                       ", which it may neither pass nor stand on (docs/rules/rout.md)");
    return run;
}

MovePlan plan_general_move(const Game& game, std::size_t general, const BoardPoint& to) {
    const GeneralStatus& now = game.state().generals.at(general);
    const double per_turn = game.rules().orders.messenger_mm_per_turn > 0 ? game.rules().orders.messenger_mm_per_turn : 200.0;
    MovePlan plan;
    plan.kind = MoveKind::Move;
    plan.distance_mm = distance_mm(now.position, to);
    plan.normal_mm = plan.distance_mm;
    plan.allowance_mm = per_turn;
    plan.cost_moves = plan.distance_mm / per_turn;
    plan.explanation.push_back("seed 000, 7.2.7: generals ride " + rounded_text(per_turn) + " mm a turn in any direction, regardless of terrain");
    if (!game.scenario().board.contains(to)) {
        MoveContact edge;
        edge.kind = MoveContact::Kind::OffBoard;
        edge.what = "the table's edge";
        edge.rule = "a general stays on the table";
        plan.contacts.push_back(std::move(edge));
        plan.blocked = true;
    }
    return plan;
}

MovePlan plan_wheel(const Game& game, std::size_t unit, double new_facing_deg) {
    const UnitStatus& now = game.state().units.at(unit);
    const UnitType& type = unit_type_now(game, unit);
    MovePlan plan;
    plan.kind = MoveKind::Wheel;
    plan.allowance_mm = move_allowance_mm(type, now.formation, Going::Normal, false);
    if (now.formation == Formation::Square && type.arm == Arm::Infantry) {
        plan.blocked = true;
        plan.explanation.push_back("seed 000, 7.2.1: infantry in square cannot move (its faces already look every way)");
        return plan;
    }
    double turn = std::fmod(std::abs(new_facing_deg - now.facing_deg), 360.0);
    if (turn > 180) turn = 360 - turn;
    const Footprint fp = unit_footprint(type, now.bases, now.formation, now.position, now.facing_deg);
    const auto arc = [&](double degrees) { return fp.frontage_mm / 2 * degrees * std::numbers::pi / 180.0; };
    plan.distance_mm = arc(turn);
    plan.cost_moves = plan.distance_mm / plan.allowance_mm;
    plan.explanation.push_back("wheel of " + rounded_text(turn) + " deg about the centre: the outer flank of a " + rounded_text(fp.frontage_mm) +
                               " mm front travels " + rounded_text(plan.distance_mm) + " mm of " + rounded_text(plan.allowance_mm) + " mm, " +
                               rounded_text(plan.cost_moves, 2) + " of a move (" + formation_section(game.rules()) +
                               ": 45 deg 3/4, 90 deg 1 1/2 for a 100 mm battalion)");
    std::string name;
    if (turn > 90 && type.arm != Arm::Artillery) {
        if (const auto about = table4(game, "wheel-180", type.arm, &name)) {
            const double rest = arc(180 - turn);
            const double cost = *about + rest / plan.allowance_mm;
            if (cost < plan.cost_moves) {
                plan.cost_moves = cost;
                plan.distance_mm = rest;
                plan.explanation.push_back(formation_section(game.rules()) + ", " + name + ": an about-face of " + rounded_text(*about, 2) +
                                           " of a move and a wheel back of " + rounded_text(180 - turn) + " deg (" + rounded_text(rest) +
                                           " mm) is cheaper: " + rounded_text(cost, 2) + " of a move");
            }
        }
    }
    if (turn > 0) plan.cost_moves = std::max(0.0, plan.cost_moves - national_deduction(game, unit, plan));
    return plan;
}

MovePlan plan_formation_change(const Game& game, std::size_t unit, Formation to) {
    const UnitStatus& now = game.state().units.at(unit);
    const UnitType& type = unit_type_now(game, unit);
    const std::string code = game.units()[unit].id.code;
    if (type.arm == Arm::Artillery) throw RuleError(code + " is artillery: its guns limber or unlimber (seed 000, 6), they form no line, column or square");
    if (now.formation == to) throw RuleError(code + " is already in " + std::string(to_string(to)));
    const std::string change = std::string(to_string(now.formation)) + "-to-" + std::string(to_string(to));
    std::string name;
    const std::optional<double> cost = table4(game, change, type.arm, &name);
    if (!cost)
        throw RuleError(code + ": " + formation_section(game.rules()) + " gives " + std::string(to_string(type.arm)) + " no " +
                        (name.empty() ? change : name) + (to == Formation::Square ? " (only infantry form square, seed 000 7.2.1)" : ""));
    MovePlan plan = fixed_cost(game, unit, MoveKind::Formation, *cost,
                               formation_section(game.rules()) + ", " + name + " (" + std::string(to_string(type.arm)) + "): " + rounded_text(*cost, 2) + " of a move");
    plan.cost_moves = std::max(0.0, plan.cost_moves - national_deduction(game, unit, plan));
    return plan;
}

MovePlan plan_mount_change(const Game& game, std::size_t unit) {
    const Unit& u = game.units()[unit];
    if (u.id.dismounted_type == nullptr) throw RuleError(u.id.code + " is not dragoons and cannot mount or dismount (seed 000, 2.4.2)");
    return fixed_cost(game, unit, MoveKind::Formation, 1.0, "seed 000, 2.4.2: to dismount or mount up takes a move");
}

MovePlan plan_guns_change(const Game& game, std::size_t unit) {
    if (unit_type_now(game, unit).arm != Arm::Artillery) throw RuleError(game.units()[unit].id.code + " has no guns to limber or unlimber");
    return fixed_cost(game, unit, MoveKind::Formation, 1.0, "seed 000, 6: to limber or unlimber a battery takes a full move");
}

}  // namespace fortuna
