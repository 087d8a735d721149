// SPDX-License-Identifier: MIT
// The phasing side's checklist for the current half-turn (see duties.hpp).
#include "fortuna/duties.hpp"

#include <algorithm>
#include <cmath>
#include <map>

#include "fortuna/battlefield.hpp"
#include "fortuna/chance.hpp"
#include "fortuna/errors.hpp"
#include "fortuna/game.hpp"
#include "fortuna/geometry.hpp"
#include "fortuna/rules_of_play.hpp"

namespace fortuna {

namespace {

std::string label(const Unit& unit) { return unit.id.code + " " + unit.id.name; }

std::string mm(double value) { return std::to_string(static_cast<long long>(std::lround(value))) + " mm"; }

bool on_table(const Game& game, std::size_t index) { return game.state().units[index].presence == Presence::OnBoard; }

// The id an applied action resolves, or "" when it resolves none.
std::string id_of(const AppliedAction& action) {
    const auto text = [&](const char* key) -> std::string {
        return action.input.contains(key) && action.input[key].is_string() ? action.input[key].get<std::string>() : std::string();
    };
    if (action.kind == "rally") return "a/rally/" + text("unit");
    if (action.kind == "artillery") return "b/fire/" + text("battery");
    if (action.kind == "reinforcements") return "c/reinforcements/" + text("id");
    if (action.kind == "rout") return "c/rout/" + text("unit");
    if (action.kind == "deliver" && action.input.contains("messenger") && action.input["messenger"].is_number_integer())
        return "c/messenger/" + std::to_string(action.input["messenger"].get<int>());
    if (action.kind == "combat") return "d/combat/" + text("attacker") + "/" + text("defender");
    if (action.kind == "control") return "d/control/" + text("unit");
    if (action.kind == "crisis" && action.result.contains("level"))
        return "e/crisis/" + text("side") + "/" + std::to_string(action.result["level"].get<int>());
    return {};
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

std::vector<Duty> duties(const Game& game, const Battlefield& field) { return duties(game, field, ""); }

std::vector<Duty> duties(const Game& game, const Battlefield& field, std::string_view only_phase) {
    // Each phase's items are measured only when asked for: the sight checks of b) and d) are
    // most of the cost, and the end of a phase or the programmed opponent asks for one phase.
    const auto wanted = [&](std::string_view phase) { return only_phase.empty() || only_phase == phase; };
    const RuleSet& rules = game.rules();
    const GameState& state = game.state();
    const int side = game.phasing_side();
    const std::string side_id = game.scenario().sides[static_cast<std::size_t>(side)].id;
    const auto& units = game.units();
    std::vector<Duty> list;

    // Every pair of opposing units is a question (who sees whom, who is in range): footprints are
    // computed once, and what cannot matter is skipped by centres and half-diagonals first. With
    // 2,000 units on the table this is what keeps the list cheap enough for every action.
    const TableIndex on_table_now = index_table(game);
    const std::vector<Footprint>& prints = on_table_now.footprints;
    std::vector<double> radius(units.size(), 0.0);
    for (std::size_t i = 0; i < units.size(); ++i)
        if (on_table(game, i)) radius[i] = std::hypot(prints[i].width_mm, prints[i].depth_mm) / 2;
    // fortuna::line_of_sight(game, field, a, b).visible, with the table indexed once above.
    const auto sees = [&](std::size_t from, std::size_t to) {
        return fortuna::sees(game, field, state.units[from].position, state.units[to].position, on_table_now);
    };

    // a) Disrupted, withdrawing and routing units try to rally (seed 000, 5.1-5.2).
    // A pursuer (8.7) in good order rallies to answer orders again.
    for (std::size_t i = 0; i < units.size() && wanted("a"); ++i) {
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

    // b) Batteries in the normal state with guns unlimbered fire on what they can see (section 6).
    for (std::size_t i = 0; i < units.size() && wanted("b"); ++i) {
        if (units[i].id.side != side || !on_table(game, i)) continue;
        const UnitType& type = unit_type_now(game, i);
        if (type.arm != Arm::Artillery || state.units[i].state != UnitState::Normal || state.units[i].guns != Guns::Unlimbered) continue;
        const BatteryTable* table = nullptr;
        try {
            table = &rules.artillery.battery(type.battery.empty() ? std::string("field") : type.battery);
        } catch (const RuleError&) {
            continue;
        }
        if (table->bands.empty()) continue;
        const double reach = table->bands.back().max_mm;
        Duty d;
        for (const std::size_t t : units_near(on_table_now, state.units[i].position, reach + radius[i])) {
            if (units[t].id.side == side || !on_table(game, t)) continue;
            // Measured as the umpire's tape does, from the guns to the nearest base of the
            // target (the artillery dock and the journal measure the same way).
            if (distance_mm(state.units[i].position, state.units[t].position) - radius[i] - radius[t] > reach + 1e-9) continue;
            // Sight before the exact range here: a battery's reach holds hundreds of units in a
            // crowded battle, most hidden by the first unit in the way, which is found quickly.
            if (!sees(i, t)) continue;
            const double range = polygon_distance(prints[i].corners, prints[t].corners);
            if (range > reach + 1e-9) continue;
            std::string band;
            for (const ArtilleryBand& b : table->bands)
                if (range >= b.min_mm - 1e-9 && range <= b.max_mm + 1e-9) {
                    band = b.label;  // an edge belongs to the nearer band (Table 3's reading)
                    break;
                }
            d.targets.push_back({units[t].id.code, units[t].id.name, range, band});
        }
        if (d.targets.empty()) continue;
        std::sort(d.targets.begin(), d.targets.end(), [](const FireTarget& a, const FireTarget& b) { return a.range_mm < b.range_mm; });
        d.id = "b/fire/" + units[i].id.code;
        d.phase = "b";
        d.kind = DutyKind::ArtilleryFire;
        d.text = label(units[i]) + " may fire: " + std::to_string(d.targets.size()) + (d.targets.size() == 1 ? " target" : " targets") +
                 " in sight, nearest " + d.targets.front().unit + " at " + mm(d.targets.front().range_mm) + " (band " +
                 d.targets.front().band + ")";
        d.rule = rules.artillery.section;
        d.units = {units[i].id.code};
        d.action = {{"do", "artillery"}, {"battery", units[i].id.code}, {"target", d.targets.front().unit},
                    {"range_mm", std::round(d.targets.front().range_mm)}};
        list.push_back(std::move(d));
    }

    // c) Reinforcements whose time has come, and messengers who have arrived (7.2.7).
    for (const ReinforcementSetup& r : game.scenario().reinforcements) {
        if (!wanted("c")) break;
        if (r.side != side_id || r.arrives > game.minutes()) continue;
        bool awaiting = false;
        for (std::size_t i = 0; i < units.size(); ++i)
            if (units[i].id.reinforcement == r.id && state.units[i].presence == Presence::Awaiting) awaiting = true;
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
    for (const Messenger& m : state.messengers) {
        if (!wanted("c")) break;
        if (m.side != side || m.status != MessengerStatus::InTransit || m.arrives_turn > game.clock().turn) continue;
        Duty d;
        d.id = "c/messenger/" + std::to_string(m.number);
        d.phase = "c";
        d.kind = DutyKind::Messenger;
        d.text = "Messenger " + std::to_string(m.number) + " from " + m.general + " reaches " + m.to + ": \"" + m.order + "\"";
        d.rule = rules.orders.section;
        d.action = {{"do", "deliver"}, {"messenger", m.number}};
        list.push_back(std::move(d));
    }

    // c) Routers that failed to rally run for their own edge (seed 000, 5.2 and 7.2.4), a whole
    // move at charge speed, measured by the library (geometry.hpp plan_rout).
    for (std::size_t i = 0; i < units.size() && wanted("c"); ++i) {
        if (units[i].id.side != side || !on_table(game, i) || state.units[i].state != UnitState::Routing) continue;
        const RoutRun run = plan_rout(game, field, i, &on_table_now);
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

    // d) Combat is not optional between visible enemies in range (8.1.1-8.1.2): infantry within
    // the infantry combat range, cavalry in contact, or within a hedgehog's fire in the Age of
    // Glaube (8.6; fortuna::combat_reach). Routing and
    // withdrawing units do not attack.
    for (std::size_t a = 0; a < units.size() && wanted("d"); ++a) {
        if (units[a].id.side != side || !on_table(game, a)) continue;
        const UnitState now = state.units[a].state;
        if (now == UnitState::Routing || now == UnitState::Withdrawing) continue;
        if (!combat_reach(game, a).reach_mm) continue;
        const double widest = widest_reach_mm(game, a);
        for (const std::size_t b : units_near(on_table_now, state.units[a].position, widest + radius[a])) {
            if (units[b].id.side == side || !on_table(game, b)) continue;
            const CombatReach reach = combat_reach(game, a, b);
            const double range = reach.reach_mm.value_or(0.0);
            if (distance_mm(state.units[a].position, state.units[b].position) - radius[a] - radius[b] > range + 1e-9) continue;
            const double gap = polygon_distance(prints[a].corners, prints[b].corners);
            if (gap > range + 1e-9) continue;
            if (!sees(a, b)) continue;
            Duty d;
            d.id = "d/combat/" + units[a].id.code + "/" + units[b].id.code;
            d.phase = "d";
            d.kind = DutyKind::Combat;
            d.text = units[a].id.code + " attacks " + label(units[b]) + (!reach.contact_only ? ": " + mm(gap) + " apart, within " + mm(range)
                                                                                               : ": in contact");
            d.rule = "seed 000, 8.1.1-8.1.2";
            d.units = {units[a].id.code, units[b].id.code};
            d.action = {{"do", "combat"}, {"attacker", units[a].id.code}, {"defender", units[b].id.code}};
            list.push_back(std::move(d));
        }
    }

    // d) Troops that routed their enemy in close combat take a control test (8.7), both sides'.
    std::vector<CloseCombatRout> routs = wanted("d") ? routs_this_phase(game) : std::vector<CloseCombatRout>{};
    std::reverse(routs.begin(), routs.end());  // the latest first: a victor of two routs pursues the last
    for (const CloseCombatRout& rout : routs) {
        const Unit& victor = game.unit(rout.victor);
        const std::size_t v = static_cast<std::size_t>(&victor - units.data());
        // One test a victor, however many it routed (the last one is pursued); none for a unit
        // that has since left the table or is running itself.
        if (!on_table(game, v) || state.units[v].state == UnitState::Routing) continue;
        if (std::any_of(list.begin(), list.end(), [&](const Duty& other) { return other.id == "d/control/" + rout.victor; })) continue;
        Duty d;
        d.id = "d/control/" + rout.victor;
        d.phase = "d";
        d.kind = DutyKind::Control;
        d.text = "Control test for " + label(victor) + ", which routed " + rout.routed + ": needs " +
                 format_roll(rules.rally.roll, unit_type_now(game, v).rally) + " or more, else it pursues";
        d.rule = "seed 000, 8.7";
        d.units = {rout.victor, rout.routed};
        d.action = {{"do", "control"}, {"unit", rout.victor}};
        list.push_back(std::move(d));
    }

    // e) A threshold reached and not yet tested brings a crisis-of-morale test (9.1-9.2).
    if (wanted("e")) {
        const SideTally tally = game.tally(side);
        int level = 0;
        for (const Threshold& t : tally.thresholds)
            if (t.reached && !t.tested) level = std::max(level, t.percent);
        if (level > 0) {
            Duty d;
            d.id = "e/crisis/" + side_id + "/" + std::to_string(level);
            d.phase = "e";
            d.kind = DutyKind::CrisisTest;
            d.text = "Crisis-of-morale test for " + tally.name + ": " + std::to_string(tally.bases_lost) + " of " +
                     std::to_string(tally.bases_start) + " base units lost reaches " + std::to_string(level) + " %";
            d.rule = rules.crisis_of_morale.section;
            d.action = {{"do", "crisis"}, {"side", side_id}};
            list.push_back(std::move(d));
        }
    }

    // Done: actions of this same turn and half in the history. Items they resolved that the
    // state no longer asks for (a unit rallied, a test made) are kept, ticked.
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
        }
        it->done = true;
    }
    std::stable_sort(list.begin(), list.end(), [](const Duty& a, const Duty& b) { return a.phase < b.phase; });
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
