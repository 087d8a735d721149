// SPDX-License-Identifier: MIT
// Clausewitz's programmed opponent: the side's doctrine from the scenario ("attack" or "hold",
// with its historical source), applied brigade by brigade with a reason for every action.
#include <algorithm>
#include <cmath>
#include <cstdio>
#include <numbers>

#include "fortuna/clausewitz/game.hpp"
#include "fortuna/core/errors.hpp"

namespace fortuna::clausewitz {

namespace {

using nlohmann::json;

std::string cm1(double value) {
    char text[32];
    std::snprintf(text, sizeof text, "%.1f", value);
    return text;
}
double bearing_to(double x0, double y0, double x1, double y1) {
    double b = std::atan2(x1 - x0, y1 - y0) * 180.0 / std::numbers::pi;
    return b < 0 ? b + 360.0 : b;
}
double turn_between(double a, double b) {
    double d = std::fmod(std::fabs(a - b), 360.0);
    return d > 180.0 ? 360.0 - d : d;
}

bool was_refused(const std::vector<json>& refused, const json& action) {
    return std::find(refused.begin(), refused.end(), action) != refused.end();
}

const Objective* objective_of(const Game& game, const Brigade& b) {
    for (const Objective& o : game.scenario().objectives)
        if (o.id == b.objective) return &o;
    return nullptr;
}

// The nearest enemy brigade in good order, or -1.
int nearest_enemy(const Game& game, const Brigade& b, double* distance) {
    int best = -1;
    double best_d = 1e18;
    const auto& all = game.state().brigades;
    for (std::size_t i = 0; i < all.size(); ++i) {
        if (all[i].side == b.side || all[i].status != "ready") continue;
        const double d = std::hypot(all[i].x - b.x, all[i].y - b.y);
        if (d < best_d) best_d = d, best = static_cast<int>(i);
    }
    if (distance) *distance = best_d;
    return best;
}

// The farthest point towards (gx, gy), stopping `short_of` cm before it, that the brigade can
// reach with its actions left; nullopt when none.
std::optional<std::pair<double, double>> reachable(const Game& game, int b, double gx, double gy, double short_of, bool quick, int* cost_out) {
    const Brigade& me = game.state().brigades[static_cast<std::size_t>(b)];
    const double full = std::hypot(gx - me.x, gy - me.y) - short_of;
    if (full < 0.5) return std::nullopt;
    const double dx = (gx - me.x) / (full + short_of), dy = (gy - me.y) / (full + short_of);
    for (double d = full; d >= 0.5; d -= 0.5) {
        // Rounded to a millimetre, as the journal will carry it, before the cost is measured.
        const double x = std::round((me.x + dx * d) * 10) / 10, y = std::round((me.y + dy * d) * 10) / 10;
        try {
            const int cost = game.march_cost(b, x, y, quick);
            if (cost <= me.actions_left) {
                if (cost_out) *cost_out = cost;
                return std::make_pair(x, y);
            }
        } catch (const RuleError&) {
        }
    }
    return std::nullopt;
}

// A brigade whose objective lies off its front cannot march there when the wheel the march
// includes costs more actions than it has left (Movement Part II: the outer corner travels the
// frontage times the angle): it wheels towards it as far as its actions allow, ten degrees at a
// time, each wheel asked of the rules (refusal_of) before it is proposed.
std::optional<Proposed> wheel_towards(const Game& game, const Brigade& me, const Objective& objective, const std::vector<json>& refused, const std::string& why_doctrine) {
    const double want = std::round(bearing_to(me.x, me.y, objective.x, objective.y));
    const double turn = turn_between(want, me.facing);
    if (turn <= 10.0) return std::nullopt;
    const double sign = std::fmod(want - me.facing + 720.0, 360.0) <= 180.0 ? 1.0 : -1.0;
    for (double step = std::round(turn); step >= 10.0; step -= 10.0) {
        const double facing = std::fmod(std::round(me.facing + sign * step) + 720.0, 360.0);
        const json face{{"action", "face"}, {"brigade", me.id}, {"facing", facing}};
        if (was_refused(refused, face) || refusal_of(game, face)) continue;
        return Proposed{face, "wheel " + cm1(step) + " degrees towards objective " + objective.id + " (" + objective.name + "), " + cm1(turn) +
                                  " degrees off its front: the march there would cost more actions than it has (its wheel counts, Movement Part II), by " + why_doctrine};
    }
    return std::nullopt;
}

std::optional<Proposed> brigade_action(const Game& game, int b, const std::vector<json>& refused) {
    const Tables& tables = game.tables();
    const Brigade& me = game.state().brigades[static_cast<std::size_t>(b)];
    const SideSetup& doctrine = game.scenario().sides[static_cast<std::size_t>(me.side)];
    const std::string why_doctrine = "doctrine '" + doctrine.posture + "' (" + doctrine.doctrine_cite + ")";
    const json end{{"action", "end-activation"}};
    if (me.actions_left == 0 || me.halted || me.status != "ready") return Proposed{end, me.name + " has no action left to spend this turn"};
    const auto& all = game.state().brigades;
    const Weapon& weapon = tables.weapon(me.weapon);
    // Attack: charge the enemy whose zone it stands in (or the nearest within the zone's reach)
    // when the melee's exact odds give it at least an even chance of winning (D62).
    if (doctrine.posture == "attack") {
        double near_d = 0;
        const int owner_now = game.zone_owner(b);
        const int near = owner_now >= 0 ? owner_now : nearest_enemy(game, me, &near_d);
        if (near >= 0 && (owner_now >= 0 || near_d <= tables.zone_cm + game.footprint(me).depth_cm)) {
            const Brigade& e = all[static_cast<std::size_t>(near)];
            const json charge{{"action", "charge"}, {"brigade", me.id}, {"target", e.id}};
            if (!was_refused(refused, charge)) {
                try {
                    const Game::Contact contact = game.charge_contact(b, near);
                    if (contact.cost <= me.actions_left) {
                        const MeleeOutlook o = game.melee_outlook_at(b, near, contact.x, contact.y, contact.facing);
                        if (o.charger_wins >= o.defender_wins)
                            return Proposed{charge, "charge " + e.name + " (" + std::to_string(contact.cost) + " action" + (contact.cost == 1 ? "" : "s") + (o.flank ? ", in its flank" : o.rear ? ", in its rear" : "") +
                                                        "): the melee's odds win " + cm1(static_cast<double>(o.charger_wins) * 100) + "%, draw " +
                                                        cm1(static_cast<double>(o.drawn) * 100) + "%, lose " + cm1(static_cast<double>(o.defender_wins) * 100) +
                                                        "% (it charges when it wins at least as often as it loses, D62), by " + why_doctrine};
                    }
                } catch (const RuleError&) {
                }
            }
        }
    }
    // Fire! at the nearest enemy in the front arc within the weapon's range.
    int target = -1;
    double target_d = 1e18;
    for (std::size_t i = 0; i < all.size(); ++i) {
        if (all[i].side == me.side || all[i].status == "gone") continue;
        const ZoneCheck arc = zone_of_control(tables, game.footprint(me), game.footprint(all[i]));
        if (arc.in_arc && arc.distance_cm <= weapon.long_cm + 1e-9 && arc.distance_cm < target_d) target = static_cast<int>(i), target_d = arc.distance_cm;
    }
    if (target >= 0) {
        const Brigade& t = all[static_cast<std::size_t>(target)];
        if (me.formation != Formation::Line && me.actions_left >= 2) {
            const json form{{"action", "formation"}, {"brigade", me.id}, {"formation", "line"}};
            if (!was_refused(refused, form))
                return Proposed{form, "form line before firing on " + t.name + ": a column fires a quarter of its dice, a line all of them (Rulebook Adjustments)"};
        }
        const std::string at = t.name + ", " + cm1(target_d) + " cm off its front edge";
        const json fire{{"action", "fire"}, {"brigade", me.id}, {"target", t.id}};
        const std::optional<std::string> no_fire = refusal_of(game, fire);
        if (!no_fire && !was_refused(refused, fire))
            return Proposed{fire, "Fire! at " + at + ": " + (target_d <= weapon.effective_cm ? "effective" : "long") + " range of the " + weapon.id + " (" +
                                      cm1(weapon.effective_cm) + "/" + cm1(weapon.long_cm) + " cm)"};
        // The rules refuse Fire! (no combat dice left at the front, D47): its other weapons, if the rules take them.
        if (no_fire)
            for (const char* kind : {"skirmish", "bombard"}) {
                const json other{{"action", kind}, {"brigade", me.id}, {"target", t.id}};
                if (was_refused(refused, other) || refusal_of(game, other)) continue;
                return Proposed{other, std::string(std::string(kind) == "skirmish" ? "Fire Skirmish Weapons" : "Bombard") + " at " + at + ": the rules refuse its Fire! (" +
                                           *no_fire + ")"};
            }
    }
    double enemy_d = 0;
    const int enemy = nearest_enemy(game, me, &enemy_d);
    const int owner = game.zone_owner(b);
    const Objective* objective = objective_of(game, me);
    if (doctrine.posture == "hold") {
        if (owner >= 0) return Proposed{end, me.name + " stands in the zone of " + all[static_cast<std::size_t>(owner)].name + " and holds its ground by " + why_doctrine};
        if (objective && std::hypot(objective->x - me.x, objective->y - me.y) > 3.0) {
            int cost = 0;
            if (const auto to = reachable(game, b, objective->x, objective->y, 0.0, false, &cost)) {
                const json march{{"action", "march"}, {"brigade", me.id}, {"at", {to->first, to->second}}};
                if (!was_refused(refused, march))
                    return Proposed{march, "march towards objective " + objective->id + " (" + objective->name + "), " + std::to_string(cost) + " actions, by " + why_doctrine};
            }
            if (auto wheel = wheel_towards(game, me, *objective, refused, why_doctrine)) return wheel;
        }
        if (enemy >= 0 && enemy_d < 15.0) {
            const Brigade& e = all[static_cast<std::size_t>(enemy)];
            const double facing = std::round(bearing_to(me.x, me.y, e.x, e.y));
            if (turn_between(facing, me.facing) > 30.0) {
                const json face{{"action", "face"}, {"brigade", me.id}, {"facing", facing}};
                if (!was_refused(refused, face)) return Proposed{face, "wheel to face " + e.name + ", " + cm1(enemy_d) + " cm away, so its fire and zone of control cover it"};
            }
        }
        if (objective && std::hypot(objective->x - me.x, objective->y - me.y) > 3.0)
            return Proposed{end, me.name + " can come no nearer objective " + objective->id + " (" + objective->name + ", " +
                                     cm1(std::hypot(objective->x - me.x, objective->y - me.y)) + " cm away) this turn and keeps " + std::to_string(me.actions_left) +
                                     " actions in reserve for reactions, by " + why_doctrine};
        return Proposed{end, me.name + " holds " + (objective ? "objective " + objective->id + " (" + objective->name + ")" : std::string("its ground")) + " and keeps " +
                                 std::to_string(me.actions_left) + " actions in reserve for reactions, by " + why_doctrine};
    }
    // "attack": inside an enemy's zone, close on it (the only way forward the zone allows); an
    // enemy within 12 cm, close on it to musket range; otherwise march on the objective.
    if (owner >= 0 || (enemy >= 0 && enemy_d < 12.0)) {
        const Brigade& e = all[static_cast<std::size_t>(owner >= 0 ? owner : enemy)];
        if (me.formation == Formation::Column && me.actions_left >= 2) {
            const json form{{"action", "formation"}, {"brigade", me.id}, {"formation", "line"}};
            if (!was_refused(refused, form)) return Proposed{form, "deploy into line " + cm1(enemy_d) + " cm from " + e.name + " to fire with every front die (Rulebook Adjustments)"};
        }
        // Straight at the enemy's centre, or up to 8 degrees either side (D49 allows 10) past a
        // friendly brigade in the way.
        for (const double swing : {0.0, 8.0, -8.0}) {
            const double a = swing * std::numbers::pi / 180.0, rx = e.x - me.x, ry = e.y - me.y;
            const double gx = me.x + rx * std::cos(a) + ry * std::sin(a), gy = me.y - rx * std::sin(a) + ry * std::cos(a);
            int cost = 0;
            if (const auto to = reachable(game, b, gx, gy, 0.0, false, &cost)) {
                const json march{{"action", "march"}, {"brigade", me.id}, {"at", {to->first, to->second}}};
                if (!was_refused(refused, march))
                    return Proposed{march, "close on " + e.name + " to musket range (" + std::to_string(cost) + " actions" +
                                               (owner >= 0 ? ", directly towards the enemy whose zone it stands in" : "") + ") by " + why_doctrine};
            }
        }
        if (owner >= 0)
            return Proposed{end, me.name + " stands in the zone of " + e.name + " and cannot come closer this turn (the zone allows only a move directly towards or away); it keeps " +
                                     std::to_string(me.actions_left) + " actions for reactions"};
    }
    if (objective && std::hypot(objective->x - me.x, objective->y - me.y) > 3.0) {
        if (me.formation == Formation::Line && me.actions_left >= 3 && std::hypot(objective->x - me.x, objective->y - me.y) > 12.0 &&
            (enemy < 0 || enemy_d > 20.0)) {
            const json form{{"action", "formation"}, {"brigade", me.id}, {"formation", "column"}};
            if (!was_refused(refused, form)) return Proposed{form, "form column to Quick March on objective " + objective->id + ": no enemy within 20 cm (a line cannot quick march)"};
        }
        for (const bool quick : {true, false}) {
            if (quick && me.formation != Formation::Column) continue;
            int cost = 0;
            if (const auto to = reachable(game, b, objective->x, objective->y, 0.0, quick, &cost)) {
                const json march{{"action", quick ? "quick-march" : "march"}, {"brigade", me.id}, {"at", {to->first, to->second}}};
                if (!was_refused(refused, march))
                    return Proposed{march, std::string(quick ? "Quick March" : "march") + " on objective " + objective->id + " (" + objective->name + "), " +
                                               std::to_string(cost) + " actions, by " + why_doctrine};
            }
        }
        if (auto wheel = wheel_towards(game, me, *objective, refused, why_doctrine)) return wheel;
    }
    if (objective && std::hypot(objective->x - me.x, objective->y - me.y) <= 3.0)
        return Proposed{end, me.name + " holds objective " + objective->id + " (" + objective->name + ") and keeps " + std::to_string(me.actions_left) +
                                 " actions in reserve for reactions, by " + why_doctrine};
    return Proposed{end, me.name + " can go no further towards its objective or the enemy this turn; it keeps " + std::to_string(me.actions_left) + " actions for reactions"};
}

// D69: a reaction on offer (D68) is taken when the reacting brigade's morale test before it passes
// at least half the time and the damage it expects to deal (the chance of passing times the
// damage expected once it has) is at least half a strength point; the best of the brigades
// offered and of their weapons (Fire!, Fire Skirmish Weapons, Bombard) is taken, else it lets
// the chance pass. Every chance is the library's own preview (Game::foresee) of that action.
std::optional<Proposed> opponent_reaction(const Game& game, int side, const std::vector<json>& refused) {
    const GameState& s = game.state();
    const std::vector<int> offered = game.reactions_on_offer();
    if (offered.empty() || s.active < 0) return std::nullopt;
    const Brigade& enemy = s.brigades[static_cast<std::size_t>(s.active)];
    const SideSetup& doctrine = game.scenario().sides[static_cast<std::size_t>(side)];
    const std::string why_doctrine = "doctrine '" + doctrine.posture + "' (" + doctrine.doctrine_cite + ")";
    struct Choice {
        json action;
        long double pass = 0, damage = 0, expected = 0;
        std::string name;
    };
    std::optional<Choice> best;
    std::string considered;
    for (const int r : offered) {
        const Brigade& me = s.brigades[static_cast<std::size_t>(r)];
        if (me.side != side) continue;
        for (const char* kind : {"fire", "bombard", "skirmish"}) {
            const json action{{"action", kind}, {"brigade", me.id}, {"target", enemy.id}};
            if (was_refused(refused, action)) continue;
            Foreseen seen;
            try {
                seen = game.foresee(Game::decode(action));
            } catch (const RuleError& refusal) {
                // No such weapon, out of arc or range: the rules refuse it (said for a Fire! only,
                // the weapon every brigade of foot has).
                if (std::string(kind) == "fire") considered += (considered.empty() ? "" : "; ") + me.name + " (fire): " + refusal.what();
                continue;
            }
            long double pass = 1, damage = 0;
            bool any_damage = false;
            for (const auto& [label, p] : seen.odds) {
                const long double chance = static_cast<long double>(p.numerator) / static_cast<long double>(p.denominator);
                if (label == "morale: passes") pass = chance;
                if (label.rfind("damage: ", 0) == 0) {
                    any_damage = true;
                    damage += chance * std::stold(label.substr(8));
                }
            }
            if (!any_damage) continue;
            Choice c{action, pass, damage, pass * damage, me.name + " (" + std::string(kind) + ")"};
            considered += (considered.empty() ? "" : "; ") + c.name + ": morale passes " + cm1(static_cast<double>(pass) * 100) + "%, damage " +
                          cm1(static_cast<double>(damage)) + " once passed";
            if (!best || c.expected > best->expected) best = c;
        }
    }
    const json let_pass{{"action", "pass-reaction"}};
    if (best && best->pass >= 0.5L && best->expected >= 0.5L)
        return Proposed{best->action, best->name + " reacts to " + enemy.name + " acting in its zone of control: its morale test passes " + cm1(static_cast<double>(best->pass) * 100) +
                                          "% and it expects " + cm1(static_cast<double>(best->expected)) + " damage (" + cm1(static_cast<double>(best->damage)) +
                                          " once passed); it reacts when the test passes at least half the time and it expects at least 0.5 (D69), by " + why_doctrine};
    if (was_refused(refused, let_pass)) return std::nullopt;
    return Proposed{let_pass, "no reaction to " + enemy.name + " is worth its risk" + (considered.empty() ? std::string(" (no weapon of the brigades offered may fire at it)") : " (" + considered + ")") +
                                  ": it reacts only when the morale test passes at least half the time and the damage expected is at least 0.5 (D69); the actions stay in reserve"};
}

}  // namespace

// Before the battle (D67): the roll-off; markers placed in a line across the middle of the side's
// edge and moved 15 cm at a time towards the enemy, the rearmost first, until they lock; brigades
// deployed as near their objective as the zone allows.
namespace cw_opponent_detail {

std::optional<Proposed> before_battle(const Game& game, int side, const std::vector<json>& refused) {
    const GameState& s = game.state();
    const Tables& tables = game.tables();
    const Scenario& scenario = game.scenario();
    const std::string name = scenario.sides[static_cast<std::size_t>(side)].name;
    if (s.phase == "scouting" && s.scout_side < 0)
        return Proposed{json{{"action", "roll-off"}}, "the scouting phase begins with a roll-off: the loser places the first marker (Clausewitz (A Synopsis), Deployment)"};
    if (s.phase == "scouting") {
        const double forward = side == 0 ? 1.0 : -1.0;
        int placed = 0;
        for (const Marker& m : s.markers) placed += m.side == side ? 1 : 0;
        const int left = s.markers_left[static_cast<std::size_t>(side)];
        if (left > 0) {
            const int n = placed + left;
            const double spacing = std::min(tables.deployment_reach_cm - 5.0, scenario.width_cm / (n + 1));
            const double x = std::round((scenario.width_cm / 2 + (placed - (n - 1) / 2.0) * spacing) * 10) / 10;
            const json scout{{"action", "scout"}, {"at", {x, game.edge_y(side) + forward * tables.deployment_move_cm}}};
            if (!was_refused(refused, scout) && !game.scout_refusal(side, 0, x, game.edge_y(side) + forward * tables.deployment_move_cm))
                return Proposed{scout, "place marker " + std::to_string(placed + 1) + " of " + std::to_string(n) + " in a line across the middle of " + name +
                                           "'s edge, " + cm1(spacing) + " cm apart so each stays within reach of the next, and move it 15 cm towards the enemy (D67)"};
        }
        // The rearmost unlocked marker steps forward as far as the reach of its neighbours allows.
        std::vector<std::pair<double, int>> order;
        int index = 0;
        for (const Marker& m : s.markers)
            if (m.side == side) {
                ++index;
                if (!m.locked) order.emplace_back(forward * m.y, index);
            }
        std::sort(order.begin(), order.end());
        for (const auto& [depth, marker] : order) {
            int seen = 0;
            const Marker* m = nullptr;
            for (const Marker& each : s.markers)
                if (each.side == side && ++seen == marker) m = &each;
            for (const double step : {15.0, 10.0, 5.0}) {
                const double y = std::clamp(m->y + forward * step, 0.0, scenario.depth_cm);
                const json scout{{"action", "scout"}, {"marker", marker}, {"at", {m->x, std::round(y * 10) / 10}}};
                if (!was_refused(refused, scout) && !game.scout_refusal(side, marker, m->x, std::round(y * 10) / 10))
                    return Proposed{scout, "move marker " + std::to_string(marker) + " (the rearmost not locked) " + cm1(step) + " cm towards the enemy, to find " + name +
                                               "'s deployment zone as far forward as it will lock (D67)"};
            }
        }
        return Proposed{json{{"action", "scout-pass"}}, name + " has no marker left that can move: it passes (D66)"};
    }
    // Deployment: the side's next brigade as near its objective as the zone allows, facing the enemy.
    for (const std::string& id : s.to_deploy) {
        const Brigade* b = game.undeployed(id);
        if (!b || b->side != side) continue;
        const Objective* objective = nullptr;
        for (const Objective& o : scenario.objectives)
            if (o.id == b->objective) objective = &o;
        const double ox = objective ? objective->x : scenario.width_cm / 2, oy = objective ? objective->y : scenario.depth_cm / 2;
        const double facing = side == 0 ? 0.0 : 180.0;
        double best_d = 1e18, bx = 0, by = 0;
        for (double x = 8; x <= scenario.width_cm - 8; x += 4)
            for (double y = 5; y <= scenario.depth_cm - 5; y += 4) {
                const double d = std::hypot(x - ox, y - oy);
                if (d < best_d && !game.deploy_refusal(id, x, y, facing)) best_d = d, bx = x, by = y;
            }
        if (best_d < 1e17) {
            const json deploy{{"action", "deploy"}, {"brigade", id}, {"at", {bx, by}}, {"facing", facing}};
            if (!was_refused(refused, deploy))
                return Proposed{deploy, "deploy " + b->name + " in " + name + "'s zone as near its objective" + (objective ? " " + objective->id + " (" + objective->name + ")" : std::string()) +
                                            " as the zone allows, " + cm1(best_d) + " cm from it (D67)"};
        }
        return std::nullopt;  // no place left in the zone: the umpire must place it
    }
    return std::nullopt;
}


std::optional<Proposed> propose_by_doctrine(const Game& game, int side, const std::vector<json>& refused) {
    const GameState& s = game.state();
    if (s.over || game.acting_side() != side) return std::nullopt;
    if (!s.phase.empty()) return cw_opponent_detail::before_battle(game, side, refused);
    if (!s.may_react.empty()) return opponent_reaction(game, side, refused);
    const auto& sides = game.scenario().sides;
    if (s.active >= 0) return brigade_action(game, s.active, refused);
    if (s.chip < 0) {
        const int total = s.bag[0] + s.bag[1];
        return Proposed{json{{"action", "draw"}},
                        "draw a chip from the bag (" + sides[0].name + " " + std::to_string(s.bag[0]) + ", " + sides[1].name + " " + std::to_string(s.bag[1]) + " of " +
                            std::to_string(total) + "; Clausewitz Full Alpha Ruleset, Playing the Game)"};
    }
    // Attack: a division that held its objective at the last count is sent on to the doctrine's
    // next one by the commander-in-chief's ADC (one a turn), if no ADC is riding for it already.
    const SideSetup& doctrine = sides[static_cast<std::size_t>(side)];
    if (doctrine.posture == "attack" && !doctrine.advance_to.empty() && !s.adc_sent[static_cast<std::size_t>(side)]) {
        int cinc = -1;
        for (std::size_t i = 0; i < s.generals.size(); ++i)
            if (s.generals[i].side == side && s.generals[i].commander_in_chief) cinc = static_cast<int>(i);
        for (std::size_t i = 0; cinc >= 0 && i < s.generals.size(); ++i) {
            const General& g = s.generals[i];
            if (g.side != side || g.commander_in_chief) continue;
            bool riding = false;
            for (const Adc& adc : s.adcs) riding = riding || adc.to_general == g.id;
            std::string objective;
            for (const Brigade& b : s.brigades)
                if (b.side == side && b.division == g.division && b.status != "gone") objective = b.objective;
            if (riding || objective.empty() || objective == doctrine.advance_to) continue;
            const auto& objectives = game.scenario().objectives;
            for (std::size_t o = 0; o < objectives.size(); ++o)
                if (objectives[o].id == objective && s.held[o] == doctrine.id) {
                    const json order{{"action", "order"}, {"general", s.generals[static_cast<std::size_t>(cinc)].id}, {"to", g.id}, {"objective", doctrine.advance_to}};
                    if (!was_refused(refused, order))
                        return Proposed{order, g.division + " holds objective " + objective + " (" + objectives[o].name + "): " +
                                                   s.generals[static_cast<std::size_t>(cinc)].name + " sends an ADC to " + g.name + " to push on to objective " +
                                                   doctrine.advance_to + ", by doctrine (" + doctrine.doctrine_cite + ")"};
                }
        }
    }
    // The side holds a chip: the brigade nearest the enemy that has not acted, its general first
    // brought within 8 cm so no action is lost to distance.
    int pick = -1;
    double pick_d = 1e18;
    for (std::size_t i = 0; i < s.brigades.size(); ++i) {
        const Brigade& b = s.brigades[i];
        if (b.side != side || b.activated || b.status == "gone") continue;
        double d = 0;
        (void)nearest_enemy(game, b, &d);
        if (d < pick_d) pick_d = d, pick = static_cast<int>(i);
    }
    const json pass{{"action", "end-activation"}};
    if (pick < 0) return Proposed{pass, "every brigade of " + sides[static_cast<std::size_t>(side)].name + " has been activated this turn: the chip passes"};
    const Brigade& b = s.brigades[static_cast<std::size_t>(pick)];
    int g = -1;
    for (std::size_t i = 0; i < s.generals.size(); ++i)
        if (s.generals[i].side == side && s.generals[i].division == b.division && !s.generals[i].commander_in_chief) g = static_cast<int>(i);
    // A general of division taken prisoner gives no orders: the commander-in-chief orders any division (D61).
    if (g >= 0 && !s.generals[static_cast<std::size_t>(g)].captured_by.empty()) {
        g = -1;
        for (std::size_t i = 0; i < s.generals.size(); ++i)
            if (s.generals[i].side == side && s.generals[i].commander_in_chief && s.generals[i].captured_by.empty()) g = static_cast<int>(i);
    }
    if (g < 0) return Proposed{pass, "no general of " + b.division + " free to activate " + b.name};
    const General& general = s.generals[static_cast<std::size_t>(g)];
    const Tables& tables = game.tables();
    const double distance = std::hypot(general.x - b.x, general.y - b.y);
    if (distance >= tables.command_cm_per_action_lost && general.moved_cm < tables.cinc_cm - 0.5) {
        // Ride to 4 cm behind the brigade, as far as the ride left allows.
        const double back = (b.facing + 180.0) * std::numbers::pi / 180.0;
        const double tx = b.x + std::sin(back) * 4.0, ty = b.y + std::cos(back) * 4.0;
        const double want = std::hypot(tx - general.x, ty - general.y), can = std::min(want, tables.cinc_cm - general.moved_cm - 0.01);
        const double x = std::clamp(general.x + (tx - general.x) * can / want, 0.0, game.scenario().width_cm);
        const double y = std::clamp(general.y + (ty - general.y) * can / want, 0.0, game.scenario().depth_cm);
        const json ride{{"action", "move-general"}, {"general", general.id}, {"at", {std::round(x * 100) / 100, std::round(y * 100) / 100}}};
        if (!was_refused(refused, ride))
            return Proposed{ride, general.name + " rides towards " + b.name + " (" + cm1(distance) + " cm away): every full " + cm1(tables.command_cm_per_action_lost) +
                                      " cm between them costs the brigade an action (Clausewitz (A Synopsis))"};
    }
    // Command points: enough to pass on 5+ where the general has them (the rest kept for the
    // division's other brigades).
    const int target = general.rating + b.rating;
    const int points = std::clamp(target - 5, 0, std::min(general.points_left, 2));
    const json activate{{"action", "activate"}, {"brigade", b.id}, {"general", general.id}, {"points", points}};
    if (was_refused(refused, activate)) return Proposed{pass, "the activation of " + b.name + " was refused; the chip passes"};
    return Proposed{activate, general.name + " orders " + b.name + " (nearest the enemy, " + cm1(pick_d) + " cm): command test 2d6 " + std::to_string(target - points) +
                                  "+ with " + std::to_string(points) + " command point" + (points == 1 ? "" : "s") + ", " + std::to_string(general.points_left - points) + " kept"};
}

}  // namespace cw_opponent_detail

std::optional<std::string> refusal_of(const Game& game, const json& action) {
    try {
        (void)game.foresee(Game::decode(action));
    } catch (const RuleError& refusal) {
        return std::string(refusal.what());
    }
    return std::nullopt;
}

// The doctrine's choice, asked of the rules before it is proposed: one they refuse is passed over
// (as a refusal would be) and the doctrine chooses again. A choice it makes again after that (an
// end of activation it always falls back to) is proposed, and the session's refusal tells of it.
std::optional<Proposed> propose_action(const Game& game, int side, const std::vector<json>& refused) {
    std::vector<json> passed_over = refused;
    for (int choice = 0;; ++choice) {
        std::optional<Proposed> next = cw_opponent_detail::propose_by_doctrine(game, side, passed_over);
        if (!next || choice >= 200 || was_refused(passed_over, next->action) || !refusal_of(game, next->action)) return next;
        passed_over.push_back(next->action);
    }
}

}  // namespace fortuna::clausewitz
