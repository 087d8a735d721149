// SPDX-License-Identifier: MIT
// The phasing side's checklist for the current half-turn (see duties.hpp).
#include "fortuna/land/duties.hpp"
#include "fortuna/core/overloaded.hpp"

#include <algorithm>
#include <cmath>
#include <map>
#include <optional>

#include "fortuna/land/battlefield.hpp"
#include "fortuna/core/chance.hpp"
#include "fortuna/core/errors.hpp"
#include "fortuna/land/game.hpp"
#include "fortuna/land/geometry.hpp"
#include "fortuna/land/rules_of_play.hpp"
#include "core/words.hpp"

namespace fortuna {

namespace {

std::string label(const Unit& unit) { return unit.id.code + " " + unit.id.name; }

using detail::mm;

bool on_table(const Game& game, std::size_t index) { return game.state().units[index].presence == Presence::OnBoard; }

// The id an applied action resolves, or "" when it resolves none.
std::string id_of(const AppliedAction& action) {
    return std::visit(Overloaded{
                          [](const RallyAction& a) { return "a/rally/" + a.unit; },
                          [](const ArtilleryAction& a) { return "b/fire/" + a.battery; },
                          [](const ReinforcementsAction& a) { return "c/reinforcements/" + a.id; },
                          [](const RoutAction& a) { return "c/rout/" + a.unit; },
                          [](const DeliverAction& a) { return "c/messenger/" + std::to_string(a.messenger); },
                          [](const CombatAction& a) { return "d/combat/" + a.attacker + "/" + a.defender; },
                          [](const ControlAction& a) { return "d/control/" + a.unit; },
                          [&](const CrisisAction& a) {
                              return action.result.contains("level") ? "e/crisis/" + a.side + "/" + std::to_string(action.result["level"].get<int>()) : std::string();
                          },
                          [](const auto&) { return std::string(); },
                      },
                      action.request.action);
}

DutyKind kind_of(std::string_view id) {
    if (id.starts_with("a/")) return DutyKind::Rally;
    if (id.starts_with("b/")) return DutyKind::ArtilleryFire;
    if (id.starts_with("c/reinforcements/")) return DutyKind::Reinforcements;
    if (id.starts_with("c/rout/")) return DutyKind::Rout;
    if (id.starts_with("c/")) return DutyKind::Messenger;
    if (id.starts_with("d/control/")) return DutyKind::Control;
    if (id.starts_with("d/")) return DutyKind::Combat;
    return DutyKind::CrisisTest;
}

}  // namespace

std::string_view to_string(DutyKind kind) {
    switch (kind) {
    case DutyKind::Rally: return "rally";
    case DutyKind::ArtilleryFire: return "artillery";
    case DutyKind::Reinforcements: return "reinforcements";
    case DutyKind::Messenger: return "messenger";
    case DutyKind::Rout: return "rout";
    case DutyKind::Combat: return "combat";
    case DutyKind::Control: return "control";
    case DutyKind::CrisisTest: return "crisis";
    }
    return "?";
}

namespace {

// The position as the list measures it: footprints computed once (index_table), and what cannot
// matter skipped by centres and half-diagonals first. With 2,000 units on the table this is what
// keeps the list cheap enough for every action.
struct Survey {
    const Game& game;
    const Battlefield& field;
    const TableIndex& index;
    int side;
    std::vector<double> radius;  // half-diagonals, 0 off the table

    Survey(const Game& g, const Battlefield& f, const TableIndex& table) : game(g), field(f), index(table), side(g.phasing_side()) {
        radius.assign(g.units().size(), 0.0);
        for (std::size_t i = 0; i < radius.size(); ++i)
            if (on_table(g, i)) radius[i] = std::hypot(index.footprints[i].width_mm, index.footprints[i].depth_mm) / 2;
    }
    const UnitStatus& at(std::size_t i) const { return game.state().units[i]; }
    // fortuna::line_of_sight(game, field, a, b).visible, with the table indexed once.
    bool sees(std::size_t from, std::size_t to) const { return fortuna::sees(game, field, at(from).position, at(to).position, index); }
};

// a) Disrupted, withdrawing and routing units try to rally (seed 000, 5.1-5.2).
// A pursuer (8.7) in good order rallies to answer orders again.
void rally_items(const Game& game, int side, std::vector<Duty>& list) {
    const RuleSet& rules = game.rules();
    const auto& units = game.units();
    const GameState& state = game.state();
    for (std::size_t i = 0; i < units.size(); ++i) {
        const bool pursuing = state.units[i].pursuing >= 0;
        if (units[i].id.side != side || !on_table(game, i) || (state.units[i].state == UnitState::Normal && !pursuing)) continue;
        const UnitState now = state.units[i].state;
        const int need = now == UnitState::Routing ? rules.rally.routing_needs : unit_type_now(game, i).rally;
        const std::string why = now == UnitState::Normal
                                    ? "pursuing " + units[static_cast<std::size_t>(state.units[i].pursuing)].id.code
                                    : std::string(to_string(now));
        Duty d;
        d.id = "a/rally/" + units[i].id.code;
        d.phase = "a";
        d.kind = DutyKind::Rally;
        d.text = "Rally " + label(units[i]) + " (" + why + "): needs " + format_roll(rules.rally.roll, need) + " or more";
        d.rule = rules.rally.section.empty() ? std::string("seed 000, 5") : rules.rally.section;
        d.units = {units[i].id.code};
        d.action = {{"do", "rally"}, {"unit", units[i].id.code}};
        list.push_back(std::move(d));
    }
}

// b) Batteries in the normal state with guns unlimbered fire on what they can see (section 6):
// the battery's table if unit i is such a battery of the phasing side, else null.
const BatteryTable* firing_battery(const Survey& s, std::size_t i) {
    const Game& game = s.game;
    if (game.units()[i].id.side != s.side || !on_table(game, i)) return nullptr;
    const UnitType& type = unit_type_now(game, i);
    if (type.arm != Arm::Artillery || s.at(i).state != UnitState::Normal || s.at(i).guns != Guns::Unlimbered) return nullptr;
    try {
        const BatteryTable& table = game.rules().artillery.battery(type.battery.empty() ? std::string("field") : type.battery);
        return table.bands.empty() ? nullptr : &table;
    } catch (const RuleError&) {
        return nullptr;
    }
}

// What a battery's tape finds at an enemy unit within its reach: a target, or one hidden from it.
// (Units beyond its reach are not kept: that depends on the two units alone.)
struct Sighting {
    std::size_t unit = 0;
    bool target = false;
    double range_mm = 0;
    std::size_t band = 0;  // into the battery table's bands
};

// The enemy units a battery's reach may hold (a superset, in unit order).
std::vector<std::size_t> battery_candidates(const Survey& s, std::size_t i, const BatteryTable& table) {
    std::vector<std::size_t> out;
    for (const std::size_t t : units_near(s.index, s.at(i).position, table.bands.back().max_mm + s.radius[i]))
        if (s.game.units()[t].id.side != s.side && on_table(s.game, t)) out.push_back(t);
    return out;
}

// Enemy unit t as battery i sees it; nullopt beyond its reach.
std::optional<Sighting> sight_target(const Survey& s, std::size_t i, std::size_t t, const BatteryTable& table) {
    const double reach = table.bands.back().max_mm;
    // Measured as the umpire's tape does, from the guns to the nearest base of the target (the
    // artillery dock and the journal measure the same way).
    if (distance_mm(s.at(i).position, s.at(t).position) - s.radius[i] - s.radius[t] > reach + 1e-9) return std::nullopt;
    Sighting seen;
    seen.unit = t;
    // Sight before the exact range here: a battery's reach holds hundreds of units in a crowded
    // battle, most hidden by the first unit in the way, which is found quickly.
    if (!s.sees(i, t)) return seen;
    const double range = polygon_distance(s.index.footprints[i].corners, s.index.footprints[t].corners);
    if (range > reach + 1e-9) return std::nullopt;
    for (std::size_t b = 0; b < table.bands.size(); ++b)
        if (range >= table.bands[b].min_mm - 1e-9 && range <= table.bands[b].max_mm + 1e-9) {
            seen.band = b;  // an edge belongs to the nearer band (Table 3's reading)
            break;
        }
    seen.target = true;
    seen.range_mm = range;
    return seen;
}

void battery_item(const Survey& s, std::size_t i, const BatteryTable& table, const std::vector<Sighting>& sightings, std::vector<Duty>& list) {
    const auto& units = s.game.units();
    Duty d;
    for (const Sighting& seen : sightings)
        if (seen.target) d.targets.push_back({units[seen.unit].id.code, units[seen.unit].id.name, seen.range_mm, table.bands[seen.band].label});
    if (d.targets.empty()) return;
    std::sort(d.targets.begin(), d.targets.end(), [](const FireTarget& a, const FireTarget& b) { return a.range_mm < b.range_mm; });
    d.id = "b/fire/" + units[i].id.code;
    d.phase = "b";
    d.kind = DutyKind::ArtilleryFire;
    d.text = label(units[i]) + " may fire: " + std::to_string(d.targets.size()) + (d.targets.size() == 1 ? " target" : " targets") +
             " in sight, nearest " + d.targets.front().unit + " at " + mm(d.targets.front().range_mm) + " (band " + d.targets.front().band + ")";
    d.rule = s.game.rules().artillery.section;
    d.units = {units[i].id.code};
    d.action = {{"do", "artillery"}, {"battery", units[i].id.code}, {"target", d.targets.front().unit},
                {"range_mm", std::round(d.targets.front().range_mm)}};
    list.push_back(std::move(d));
}

// c) Reinforcements whose time has come, and messengers who have arrived (7.2.7).
void arrival_items(const Game& game, int side, std::vector<Duty>& list) {
    const std::string& side_id = game.scenario().sides[static_cast<std::size_t>(side)].id;
    const auto& units = game.units();
    for (const ReinforcementSetup& r : game.scenario().reinforcements) {
        if (r.side != side_id || r.arrives > game.minutes()) continue;
        bool awaiting = false;
        for (std::size_t i = 0; i < units.size(); ++i)
            if (units[i].id.reinforcement == r.id && game.state().units[i].presence == Presence::Awaiting) awaiting = true;
        if (!awaiting) continue;
        Duty d;
        d.id = "c/reinforcements/" + r.id;
        d.phase = "c";
        d.kind = DutyKind::Reinforcements;
        d.text = r.command.name + " is due (" + format_clock(r.arrives) + ")" + (r.entry.empty() ? std::string() : ": " + r.entry);
        d.rule = "scenario reinforcements";
        d.action = {{"do", "reinforcements"}, {"id", r.id}};
        list.push_back(std::move(d));
    }
    for (const Messenger& m : game.state().messengers) {
        if (m.side != side || m.status != MessengerStatus::InTransit || m.arrives_turn > game.clock().turn) continue;
        Duty d;
        d.id = "c/messenger/" + std::to_string(m.number);
        d.phase = "c";
        d.kind = DutyKind::Messenger;
        d.text = "Messenger " + std::to_string(m.number) + " from " + m.general + " reaches " + m.to + ": \"" + m.order + "\"";
        d.rule = game.rules().orders.section;
        d.action = {{"do", "deliver"}, {"messenger", m.number}};
        list.push_back(std::move(d));
    }
}

// c) Routers that failed to rally run for their own edge (seed 000, 5.2 and 7.2.4), a whole
// move at charge speed, measured by the library (geometry.hpp plan_rout).
void rout_items(const Survey& s, std::vector<Duty>& list) {
    const auto& units = s.game.units();
    for (std::size_t i = 0; i < units.size(); ++i) {
        if (units[i].id.side != s.side || !on_table(s.game, i) || s.at(i).state != UnitState::Routing) continue;
        const RoutRun run = plan_rout(s.game, s.field, i, &s.index);
        Duty d;
        d.id = "c/rout/" + units[i].id.code;
        d.phase = "c";
        d.kind = DutyKind::Rout;
        d.text = label(units[i]) + " routs " + mm(run.plan.distance_mm) + " for its own edge" +
                 (run.off_board ? ", off the table" : run.stopped_by ? ", stopped by " + *run.stopped_by : std::string());
        d.rule = "seed 000, 5.2 and 7.2.4";
        d.units = {units[i].id.code};
        d.action = {{"do", "rout"}, {"unit", units[i].id.code}};
        list.push_back(std::move(d));
    }
}

// d) Combat is not optional between visible enemies in range (8.1.1-8.1.2): infantry within the
// infantry combat range, cavalry in contact, or within a hedgehog's fire in the Age of Glaube
// (8.6; fortuna::combat_reach). Routing and withdrawing units do not attack. Whether unit a
// attacks at all:
bool attacks(const Survey& s, std::size_t a) {
    if (s.game.units()[a].id.side != s.side || !on_table(s.game, a)) return false;
    const UnitState now = s.at(a).state;
    if (now == UnitState::Routing || now == UnitState::Withdrawing) return false;
    return combat_reach(s.game, a).reach_mm.has_value();
}

// The combats unit a must fight, in unit order of its enemies.
void combat_items(const Survey& s, std::size_t a, std::vector<Duty>& list) {
    const auto& units = s.game.units();
    const double widest = widest_reach_mm(s.game, a);
    for (const std::size_t b : units_near(s.index, s.at(a).position, widest + s.radius[a])) {
        if (units[b].id.side == s.side || !on_table(s.game, b)) continue;
        const CombatReach reach = combat_reach(s.game, a, b);
        const double range = reach.reach_mm.value_or(0.0);
        if (distance_mm(s.at(a).position, s.at(b).position) - s.radius[a] - s.radius[b] > range + 1e-9) continue;
        const double gap = polygon_distance(s.index.footprints[a].corners, s.index.footprints[b].corners);
        if (gap > range + 1e-9) continue;
        if (!s.sees(a, b)) continue;
        Duty d;
        d.id = "d/combat/" + units[a].id.code + "/" + units[b].id.code;
        d.phase = "d";
        d.kind = DutyKind::Combat;
        d.text = units[a].id.code + " attacks " + label(units[b]) + (!reach.contact_only ? ": " + mm(gap) + " apart, within " + mm(range) : ": in contact");
        d.rule = "seed 000, 8.1.1-8.1.2";
        d.units = {units[a].id.code, units[b].id.code};
        d.action = {{"do", "combat"}, {"attacker", units[a].id.code}, {"defender", units[b].id.code}};
        list.push_back(std::move(d));
    }
}

// d) Troops that routed their enemy in close combat take a control test (8.7), both sides'.
void control_items(const Game& game, std::vector<Duty>& list) {
    const auto& units = game.units();
    std::vector<CloseCombatRout> routs = routs_this_phase(game);
    std::reverse(routs.begin(), routs.end());  // the latest first: a victor of two routs pursues the last
    for (const CloseCombatRout& rout : routs) {
        const Unit& victor = game.unit(rout.victor);
        const std::size_t v = static_cast<std::size_t>(&victor - units.data());
        // One test a victor, however many it routed (the last one is pursued); none for a unit
        // that has since left the table or is running itself.
        if (!on_table(game, v) || game.state().units[v].state == UnitState::Routing) continue;
        if (std::any_of(list.begin(), list.end(), [&](const Duty& other) { return other.id == "d/control/" + rout.victor; })) continue;
        Duty d;
        d.id = "d/control/" + rout.victor;
        d.phase = "d";
        d.kind = DutyKind::Control;
        d.text = "Control test for " + label(victor) + ", which routed " + rout.routed + ": needs " +
                 format_roll(game.rules().rally.roll, unit_type_now(game, v).rally) + " or more, else it pursues";
        d.rule = "seed 000, 8.7";
        d.units = {rout.victor, rout.routed};
        d.action = {{"do", "control"}, {"unit", rout.victor}};
        list.push_back(std::move(d));
    }
}

// e) A threshold reached and not yet tested brings a crisis-of-morale test (9.1-9.2).
void crisis_items(const Game& game, int side, std::vector<Duty>& list) {
    const SideTally tally = game.tally(side);
    int level = 0;
    for (const Threshold& t : tally.thresholds)
        if (t.reached && !t.tested) level = std::max(level, t.percent);
    if (level == 0) return;
    Duty d;
    d.id = "e/crisis/" + game.scenario().sides[static_cast<std::size_t>(side)].id + "/" + std::to_string(level);
    d.phase = "e";
    d.kind = DutyKind::CrisisTest;
    d.text = "Crisis-of-morale test for " + tally.name + ": " + std::to_string(tally.bases_lost) + " of " +
             std::to_string(tally.bases_start) + " base units lost reaches " + std::to_string(level) + " %";
    d.rule = game.rules().crisis_of_morale.section;
    d.action = {{"do", "crisis"}, {"side", game.scenario().sides[static_cast<std::size_t>(side)].id}};
    list.push_back(std::move(d));
}

// Done: actions of this same turn and half in the history. Items they resolved that the state no
// longer asks for (a unit rallied, a test made) are kept, ticked. Then phase order.
template <typename Wanted>
void tick_done(const Game& game, const Wanted& wanted, std::vector<Duty>& list) {
    const Clock& clock = game.clock();
    for (const AppliedAction& action : game.history()) {
        if (action.clock.turn != clock.turn || action.clock.half != clock.half) continue;
        const std::string id = id_of(action);
        if (id.empty() || !wanted(std::string_view(id).substr(0, 1))) continue;
        auto it = std::find_if(list.begin(), list.end(), [&](const Duty& d) { return d.id == id; });
        if (it == list.end()) {
            Duty d;
            d.id = id;
            d.phase = std::string(1, id.front());
            d.kind = kind_of(id);
            d.text = action.summary;
            d.rule = "done: journal #" + std::to_string(action.seq);
            d.action = action.input;
            list.push_back(std::move(d));
            it = std::prev(list.end());
        } else {
            // Done, it says what was done, as the journal has it: the state's measure of it would
            // change with every later move ("82 mm apart" became "140 mm apart", issue 28).
            it->text = action.summary;
            it->rule = "done: journal #" + std::to_string(action.seq);
        }
        it->done = true;
    }
    std::stable_sort(list.begin(), list.end(), [](const Duty& a, const Duty& b) { return a.phase < b.phase; });
}

struct Box {
    double lo_x = 0, lo_y = 0, hi_x = 0, hi_y = 0;
};

// Whether the segment meets the box (its ends included): a slab test.
bool segment_meets_box(const BoardPoint& from, const BoardPoint& to, const Box& box) {
    double lo = 0, hi = 1;
    const double start[2] = {from.x_mm, from.y_mm}, delta[2] = {to.x_mm - from.x_mm, to.y_mm - from.y_mm};
    const double min[2] = {box.lo_x, box.lo_y}, max[2] = {box.hi_x, box.hi_y};
    for (int k = 0; k < 2; ++k) {
        if (std::abs(delta[k]) < 1e-12) {
            if (start[k] < min[k] || start[k] > max[k]) return false;
            continue;
        }
        double t0 = (min[k] - start[k]) / delta[k], t1 = (max[k] - start[k]) / delta[k];
        if (t0 > t1) std::swap(t0, t1);
        lo = std::max(lo, t0);
        hi = std::min(hi, t1);
        if (lo > hi) return false;
    }
    return true;
}

bool boxes_meet(const Box& a, const Box& b) { return a.lo_x <= b.hi_x && b.lo_x <= a.hi_x && a.lo_y <= b.hi_y && b.lo_y <= a.hi_y; }

}  // namespace

std::vector<Duty> duties(const Game& game, const Battlefield& field) { return duties(game, field, ""); }

std::vector<Duty> duties(const Game& game, const Battlefield& field, std::string_view only_phase) {
    // Each phase's items are measured only when asked for: the sight checks of b) and d) are
    // most of the cost, and the end of a phase or the programmed opponent asks for one phase.
    const auto wanted = [&](std::string_view phase) { return only_phase.empty() || only_phase == phase; };
    const TableIndex index = index_table(game);
    const Survey s(game, field, index);
    std::vector<Duty> list;
    if (wanted("a")) rally_items(game, s.side, list);
    for (std::size_t i = 0; i < game.units().size() && wanted("b"); ++i)
        if (const BatteryTable* table = firing_battery(s, i)) {
            std::vector<Sighting> sightings;
            for (const std::size_t t : battery_candidates(s, i, *table))
                if (const auto seen = sight_target(s, i, t, *table)) sightings.push_back(*seen);
            battery_item(s, i, *table, sightings, list);
        }
    if (wanted("c")) {
        arrival_items(game, s.side, list);
        rout_items(s, list);
    }
    if (wanted("d")) {
        for (std::size_t a = 0; a < game.units().size(); ++a)
            if (attacks(s, a)) combat_items(s, a, list);
        control_items(game, list);
    }
    if (wanted("e")) crisis_items(game, s.side, list);
    tick_done(game, wanted, list);
    return list;
}

// What the tracker keeps from its last measurement.
struct DutyTracker::Memory {
    const Game* game = nullptr;
    const Battlefield* field = nullptr;
    int side = -1;
    int minutes_to_dusk = 0;
    std::vector<UnitStatus> status;                  // by unit, as measured
    TableIndex index;                                // the footprints as measured
    std::vector<std::vector<Sighting>> sightings;    // by battery: the units within its reach
    std::vector<char> battery;                       // whether the unit was a firing battery
    std::vector<std::vector<Duty>> combats;          // by attacker: its combat items
    std::vector<char> attacker;                      // whether the unit attacks (combat_reach)
    std::vector<double> reach;                       // and how far (widest_reach_mm)
};

DutyTracker::DutyTracker() = default;
DutyTracker::~DutyTracker() = default;
DutyTracker::DutyTracker(DutyTracker&&) noexcept = default;
DutyTracker& DutyTracker::operator=(DutyTracker&&) noexcept = default;

void DutyTracker::reset() { memory_.reset(); }

std::vector<Duty> DutyTracker::update(const Game& game, const Battlefield& field) {
    try {
        return measure(game, field);
    } catch (...) {
        memory_.reset();  // half brought up to date: the next call measures everything
        throw;
    }
}

std::vector<Duty> DutyTracker::measure(const Game& game, const Battlefield& field) {
    const std::size_t n = game.units().size();
    TableIndex index = index_table(game);
    const Survey s(game, field, index);
    // Everything is measured again for another game, another side's half-turn, or a change of
    // the dusk (sight); otherwise only what the units that changed can have changed.
    const bool fresh = !memory_ || memory_->game != &game || memory_->field != &field || memory_->side != s.side ||
                       memory_->minutes_to_dusk != game.minutes_to_dusk() || memory_->status.size() != n;
    if (fresh) {
        memory_ = std::make_unique<Memory>();
        memory_->sightings.resize(n);
        memory_->battery.assign(n, 0);
        memory_->combats.resize(n);
        memory_->attacker.assign(n, 0);
        memory_->reach.assign(n, 0.0);
    }
    Memory& m = *memory_;
    std::vector<char> changed(n, fresh ? 1 : 0);
    std::vector<Box> dirty;  // where the changed units stood and stand
    if (!fresh) {
        const auto box_of = [&](const Footprint& f) {
            Box b{f.corners.front().x_mm, f.corners.front().y_mm, f.corners.front().x_mm, f.corners.front().y_mm};
            for (const BoardPoint& p : f.corners)
                b.lo_x = std::min(b.lo_x, p.x_mm), b.lo_y = std::min(b.lo_y, p.y_mm), b.hi_x = std::max(b.hi_x, p.x_mm), b.hi_y = std::max(b.hi_y, p.y_mm);
            return Box{b.lo_x - 1e-6, b.lo_y - 1e-6, b.hi_x + 1e-6, b.hi_y + 1e-6};
        };
        for (std::size_t i = 0; i < n; ++i) {
            if (game.state().units[i] == m.status[i]) continue;
            changed[i] = 1;
            if (!m.index.footprints[i].corners.empty()) dirty.push_back(box_of(m.index.footprints[i]));
            if (!index.footprints[i].corners.empty()) dirty.push_back(box_of(index.footprints[i]));
        }
    }
    const auto crosses_change = [&](std::size_t a, std::size_t b) {
        return std::any_of(dirty.begin(), dirty.end(), [&](const Box& box) { return segment_meets_box(s.at(a).position, s.at(b).position, box); });
    };
    std::vector<Duty> list;
    rally_items(game, s.side, list);
    // b) A battery that did not change keeps what it saw of every unit that did not change,
    // unless a unit that changed stood or stands across the line between them; the units that
    // changed are looked at afresh.
    std::vector<std::size_t> moved;
    for (std::size_t i = 0; i < n && !fresh; ++i)
        if (changed[i]) moved.push_back(i);
    for (std::size_t i = 0; i < n; ++i) {
        const BatteryTable* table = firing_battery(s, i);
        std::vector<Sighting> now;
        if (table != nullptr && !changed[i] && m.battery[i]) {
            std::vector<Sighting> looked;  // at the units that changed, in unit order
            for (const std::size_t t : moved)
                if (game.units()[t].id.side != s.side && on_table(game, t))
                    if (const auto seen = sight_target(s, i, t, *table)) looked.push_back(*seen);
            now.reserve(m.sightings[i].size() + looked.size());
            auto next = looked.begin();
            for (const Sighting& before : m.sightings[i]) {
                if (changed[before.unit]) continue;
                for (; next != looked.end() && next->unit < before.unit; ++next) now.push_back(*next);
                if (!crosses_change(i, before.unit)) now.push_back(before);
                else if (const auto seen = sight_target(s, i, before.unit, *table)) now.push_back(*seen);
            }
            now.insert(now.end(), next, looked.end());
        } else if (table != nullptr) {
            for (const std::size_t t : battery_candidates(s, i, *table))
                if (const auto seen = sight_target(s, i, t, *table)) now.push_back(*seen);
        }
        if (table != nullptr) battery_item(s, i, *table, now, list);
        m.sightings[i] = std::move(now);
        m.battery[i] = table != nullptr;
    }
    arrival_items(game, s.side, list);
    rout_items(s, list);
    // d) An attacker that did not change keeps its combats unless a change lies within its reach
    // (a pair's line of sight lies within it too).
    const double widest = std::max(index.widest_mm, m.index.widest_mm);
    for (std::size_t a = 0; a < n; ++a) {
        // Whether a unit attacks, and how far, depends on it alone.
        if (changed[a]) {
            m.attacker[a] = attacks(s, a);
            m.reach[a] = m.attacker[a] ? widest_reach_mm(game, a) : 0.0;
        }
        if (!m.attacker[a]) {
            m.combats[a].clear();
            continue;
        }
        const double r = m.reach[a] + s.radius[a] + widest + 1;
        const BoardPoint& c = s.at(a).position;
        const Box around{c.x_mm - r, c.y_mm - r, c.x_mm + r, c.y_mm + r};
        if (changed[a] || std::any_of(dirty.begin(), dirty.end(), [&](const Box& box) { return boxes_meet(box, around); })) {
            m.combats[a].clear();
            combat_items(s, a, m.combats[a]);
        }
        list.insert(list.end(), m.combats[a].begin(), m.combats[a].end());
    }
    control_items(game, list);
    crisis_items(game, s.side, list);
    tick_done(game, [](std::string_view) { return true; }, list);
    m.game = &game;
    m.field = &field;
    m.side = s.side;
    m.minutes_to_dusk = game.minutes_to_dusk();
    m.status = game.state().units;
    m.index = std::move(index);
    return list;
}

std::vector<Duty> duties_in_phase(const std::vector<Duty>& all, std::string_view phase) {
    std::vector<Duty> out;
    for (const Duty& d : all)
        if (d.phase == phase) out.push_back(d);
    return out;
}

nlohmann::json duties_json(const std::vector<Duty>& all) {
    nlohmann::json out = nlohmann::json::array();
    for (const Duty& d : all) {
        nlohmann::json targets = nlohmann::json::array();
        for (const FireTarget& t : d.targets)
            targets.push_back({{"unit", t.unit}, {"name", t.name}, {"range_mm", t.range_mm}, {"band", t.band}});
        out.push_back({{"id", d.id},
                       {"phase", d.phase},
                       {"kind", to_string(d.kind)},
                       {"text", d.text},
                       {"rule", d.rule},
                       {"units", d.units},
                       {"targets", targets},
                       {"action", d.action},
                       {"done", d.done}});
    }
    return out;
}

}  // namespace fortuna
