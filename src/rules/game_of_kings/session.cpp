// SPDX-License-Identifier: MIT
// Game Of Kings behind the seam: the recorded game as a GameSession, its programmed opponent with
// a reason for every action (the scenario's doctrine), saves and journals, and open_game.
#include "fortuna/game_of_kings/session.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <set>

#include "fortuna/core/errors.hpp"
#include "fortuna/game_of_kings/system.hpp"
#include "fortuna/seam/game_session.hpp"
#include "fortuna/core/journal.hpp"
#include "fortuna/seam/library.hpp"
#include "fortuna/core/game_files.hpp"
#include "sheets.hpp"

namespace fortuna::game_of_kings {

namespace fs = std::filesystem;

// Effectiveness as the seed's figures show it (seed 004, ORGANISATION): "The officer is placed
// centrally behind the bases when the unit is at 100 percent effectiveness. After it suffers a
// "hit," ... 75 percent, the officer is moved to behind the righthand base. After a further
// hit, reducing effectiveness to 50 percent, one of the bases is removed and the officer is
// placed centrally behind the remaining one. A third hit, reducing effectiveness to 25 percent,
// sees the officer removed". Foot and horse have two bases; a gun one, its loss "shown with a
// marker" (the label's percent).
void mark_effectiveness(fortuna::Piece& piece, UnitType type, int effectiveness) {
    if (type == UnitType::Gun) {
        piece.bases = piece.bases_start = 1;
        return;
    }
    piece.bases_start = 2;
    piece.bases = effectiveness > 50 ? 2 : 1;
    if (effectiveness >= 100) piece.officer_at = 0.0;
    else if (effectiveness > 50) piece.officer_at = 0.25;
    else if (effectiveness > 25) piece.officer_at = 0.0;
}

using nlohmann::json;

namespace {

std::string cm(double value) {
    char text[32];
    std::snprintf(text, sizeof text, "%.1f cm", value);
    return text;
}
std::string pct(double p) {
    char text[32];
    std::snprintf(text, sizeof text, "%.0f %%", p * 100);
    return text;
}

bool foot(UnitType t) { return t == UnitType::Foot || t == UnitType::LightFoot; }
// Foot fire muskets; horse fire carbines only dismounted (seed 004, MUSKETRY; D14).
bool fires_small_arms(const UnitSpec& spec, const UnitState& u) { return foot(spec.type) || u.formation == "dismounted"; }
double small_arms_reach(const Tables& tables, const UnitSpec& spec) { return foot(spec.type) ? tables.musket_cm : tables.carbine_cm; }
// Foot cannot initiate contact against horse, unless the horse are on foot (seed 004, MELEES; D14).
bool may_contact(const UnitSpec& spec, const UnitSpec& target, const UnitState& target_state) {
    return !(foot(spec.type) && is_horse(target.type) && target_state.formation != "dismounted");
}

// What the opponent and the Duties list both ask of the sector being acted in, for the side
// acting: its own units there, the enemy's anywhere, who is in contact, and the enemy units a
// unit may shoot at within a reach (in its arc and sight, nearest first).
struct SideInSector {
    const GameModel& game;
    int side;
    const std::string& sector;
    bool mine(std::size_t i) const {
        const auto& spec = game.scenario().units[i];
        return spec.side == side && spec.sector == sector && game.state().units[i].status != Status::Removed;
    }
    bool enemy(std::size_t i) const { return game.scenario().units[i].side != side && game.state().units[i].status != Status::Removed; }
    bool in_contact(int unit) const {
        const auto& contacts = game.state().contacts;
        return std::any_of(contacts.begin(), contacts.end(), [&](const Contact& c) { return c.attacker == unit || c.defender == unit; });
    }
    std::vector<std::pair<double, int>> targets(int unit, double reach) const {
        std::vector<std::pair<double, int>> found;
        for (std::size_t j = 0; j < game.state().units.size(); ++j) {
            if (!enemy(j)) continue;
            const int e = static_cast<int>(j);
            const double d = game.distance(unit, e);
            if (d <= reach && game.in_arc(unit, e) && game.visible(unit, e)) found.emplace_back(d, e);
        }
        std::sort(found.begin(), found.end());
        return found;
    }
    // The nearest of them (the first in the file among equals), or -1.
    int nearest_target(int unit, double reach) const {
        const auto found = targets(unit, reach);
        return found.empty() ? -1 : found.front().second;
    }
};

// Whether the rules accept `action` now, as far as its first die (GameModel::foresee: apply's own
// code on a copy): the opponent's proposals and the Duties list's offers both ask it.
bool rules_accept(const GameModel& game, const json& action) {
    try {
        (void)game.foresee(GameModel::decode(action));
    } catch (const RuleError&) {
        return false;
    }
    return true;
}

// A place rounded to 0.1 mm for the journal may land a hair beyond the move it was measured
// within (seed 004, MOVEMENT, refuses it): the rounded depth is brought back 0.1 mm at a time.
double within_move(double from_y, double to_y, double across, double allowance) {
    for (int hair = 0; hair < 3 && std::hypot(across, to_y - from_y) > allowance; ++hair)
        to_y = std::round((to_y + (to_y > from_y ? -0.01 : 0.01)) * 100) / 100;
    return to_y;
}

}  // namespace

// ---------------------------------------------------------------- the opponent

std::optional<Proposal> propose_action(const GameModel& game, int side, const std::set<std::string>& refused) {
    const State& st = game.state();
    const TurnState& t = st.turn;
    const Scenario& sc = game.scenario();
    const SideSpec& me = sc.sides[static_cast<std::size_t>(side)];
    const Doctrine& doctrine = me.doctrine;
    if (t.phase == "over" || game.acting_side() != side) return std::nullopt;
    // Nothing is proposed that the rules would refuse: each proposal is first run through apply's
    // own code on a copy of the game, up to its first die (GameModel::foresee, the session's
    // preview), and one refused there is passed over for the doctrine's next choice.
    const auto offer = [&](json action, std::string reason) -> std::optional<Proposal> {
        if (refused.count(action.dump()) || !rules_accept(game, action)) return std::nullopt;
        return Proposal{std::move(action), std::move(reason)};
    };
    if (t.phase == "begin-turn")
        return offer(json{{"action", "begin-turn"}}, "the turn opens: the weather gauge and the dice for going first (seed 004, WEATHER; COMMAND & CONTROL)");
    if (t.phase == "choose") {
        const std::string first = doctrine.go_first ? me.id : sc.sides[static_cast<std::size_t>(1 - side)].id;
        return offer(json{{"action", "choose"}, {"first", first}},
                     doctrine.go_first ? "the scenario's doctrine for " + me.name + ": go first, to fire and charge before the enemy can"
                                       : "the scenario's doctrine for " + me.name + ": go second, to answer the enemy's moves");
    }
    if (t.phase == "action-points") return offer(json{{"action", "action-points"}}, "the half-turn opens: a d10 for the centre, a d6 for each flank");
    if (t.sector.empty()) {
        for (const std::string& sector : doctrine.sector_order)
            if (std::find(t.sectors_done.begin(), t.sectors_done.end(), sector) == t.sectors_done.end())
                if (auto p = offer(json{{"action", "sector"}, {"sector", sector}},
                                   "doctrine's order of sectors (" + doctrine.sector_order[0] + ", " + doctrine.sector_order[1] + ", " +
                                       doctrine.sector_order[2] + "): the " + sector + " next"))
                    return p;
        return std::nullopt;
    }
    const int s = game.sector_index(t.sector);
    const int points = t.points[s];
    const std::size_t n = st.units.size();
    const SideInSector here{game, side, t.sector};
    // Points kept back for the foot that can fire muskets now (step 4 comes after guns and moves).
    int reserve = 0;
    for (std::size_t i = 0; i < n; ++i)
        if (here.mine(i) && foot(sc.units[i].type) && st.units[i].status == Status::Normal && !st.units[i].fired && !st.units[i].formed_line &&
            !here.in_contact(static_cast<int>(i)) && here.nearest_target(static_cast<int>(i), game.tables().musket_cm) >= 0)
            ++reserve;

    // 1. rally (compulsory)
    if (t.step <= 0 && points > 0)
        for (std::size_t i = 0; i < n; ++i)
            if (here.mine(i) && st.units[i].status == Status::Retreating && !st.units[i].rally_tried && st.units[i].retreat_half != 2 * (t.turn - 1) + t.half)
                if (auto p = offer(json{{"action", "rally"}, {"unit", sc.units[i].id}},
                                   sc.units[i].id + " is retreating: action points go first to rallying it (seed 004, MORALE)"))
                    return p;
    // 2. guns
    if (t.step <= 1 && points > reserve)
        for (std::size_t i = 0; i < n; ++i) {
            if (!here.mine(i) || sc.units[i].type != UnitType::Gun || st.units[i].status != Status::Normal || st.units[i].fired_gun ||
                st.units[i].formation != "unlimbered")
                continue;
            const int target = here.nearest_target(static_cast<int>(i), game.tables().roundshot_cm);
            if (target < 0) continue;
            const double d = game.distance(static_cast<int>(i), target);
            if (auto p = offer(json{{"action", "fire-gun"}, {"unit", sc.units[i].id}, {"target", sc.units[static_cast<std::size_t>(target)].id}},
                               "the nearest enemy in its arc, " + cm(d) + " away (" + (d <= game.tables().canister_cm ? "canister" : "roundshot") +
                                   "); points beyond the " + std::to_string(reserve) + " kept for musketry"))
                return p;
        }
    // 3. moves
    if (t.step <= 2 && points > 0) {
        for (std::size_t i = 0; i < n; ++i) {
            if (!here.mine(i)) continue;
            const int unit = static_cast<int>(i);
            const UnitState& u = st.units[i];
            const UnitSpec& spec = sc.units[i];
            if (u.status != Status::Normal || here.in_contact(unit)) continue;
            // About-face a unit that rallied with its back to the enemy.
            if (u.facing == -me.facing && spec.type != UnitType::Gun && !u.about_faced) {
                if (auto p = offer(json{{"action", "about-face"}, {"unit", spec.id}}, spec.id + " rallied with its back to the enemy: it faces them again"))
                    return p;
                continue;
            }
            if (u.facing == -me.facing) continue;
            if (u.disorganised && points > reserve) {
                if (auto p = offer(json{{"action", "reorganise"}, {"unit", spec.id}}, spec.id + " is disorganised: reorganised it fires without the -1 (seed 004, MORALE)"))
                    return p;
            }
            if (u.formation == "dismounted" && !u.moved) {
                if (auto p = offer(json{{"action", "form"}, {"unit", spec.id}, {"formation", "mounted"}},
                                   spec.id + " is dismounted: squadrons charge home rather than engage in firefights (seed 004, ORGANISATION), so it mounts (D14)"))
                    return p;
            }
            if (u.moved || u.formed_line || spec.type == UnitType::Gun) continue;
            if (points <= reserve && here.nearest_target(unit, game.tables().musket_cm) >= 0) continue;
            const double allowance = game.move_allowance(unit);
            // Charges by the doctrine's odds.
            const double ratio = foot(spec.type) ? doctrine.charge_foot : doctrine.charge_horse;
            if (!(spec.type == UnitType::LightFoot)) {
                // A flank first (its die per 25 %, seed 004, MELEES; D46), then the rest in the file's order.
                std::vector<std::size_t> order;
                for (const bool flank_pass : {true, false})
                    for (std::size_t j = 0; j < n; ++j) {
                        if (!here.enemy(j)) continue;
                        const auto plan = game.charge_plan(unit, static_cast<int>(j), nullptr);
                        if ((plan && plan->flank) == flank_pass) order.push_back(j);
                    }
                for (const std::size_t j : order) {
                    const int e = static_cast<int>(j);
                    if (!may_contact(spec, sc.units[j], st.units[j])) continue;
                    if (game.distance(unit, e) > allowance) continue;
                    std::string why;
                    const auto plan = game.charge_plan(unit, e, &why);
                    if (!plan || std::hypot(plan->x - u.x, plan->y - u.y) > allowance) continue;
                    const auto place = std::optional<std::pair<double, double>>{std::pair{plan->x, plan->y}};
                    if (!game.path_blocked(unit, place->first, place->second, e).empty()) continue;
                    if (sc.units[j].type == UnitType::Gun) {
                        if (game.gun_protector(e) >= 0) continue;  // "cannot be contacted" (seed 004, MELEES)
                        if (auto p = offer(json{{"action", "charge"}, {"unit", spec.id}, {"target", sc.units[j].id}},
                                           sc.units[j].id + " is within reach: a gun contacted without foot near it is eliminated (seed 004, MELEES)"))
                            return p;
                        continue;
                    }
                    if (std::any_of(st.contacts.begin(), st.contacts.end(), [&](const Contact& c) { return c.attacker == e || c.defender == e; })) continue;
                    Contact c{unit, e, plan->from_rear, false, -1, false, plan->flank};
                    MeleeSetup setup;
                    try {
                        setup = game.melee_setup(c);
                    } catch (const RuleError&) {
                        continue;
                    }
                    const double win = setup.defender.loses, lose = setup.attacker.loses;
                    if (win > 0 && win >= ratio * lose)
                        if (auto p = offer(json{{"action", "charge"}, {"unit", spec.id}, {"target", sc.units[j].id}},
                                           std::string(plan->flank ? "a flank charge (a die per 25 %, seed 004, MELEES; D46): " : "") + "charge: " + sc.units[j].id + " loses the melee with chance " + pct(win) + ", " + spec.id + " with " + pct(lose) +
                                               " (doctrine: at least " + std::to_string(ratio).substr(0, 3) + " times)"))
                            return p;
                }
            }
            // Wheel to face an enemy on its flank within a move (D46): the nearest such, if the wheel can be made.
            if (spec.type != UnitType::Gun && u.formation != "dismounted") {
                int flanker = -1;
                double flanker_at = 1e9;
                bool flanker_left = false;
                for (std::size_t j = 0; j < n; ++j) {
                    if (!here.enemy(j) || st.units[j].status == Status::Retreating) continue;
                    const std::string arc = game.arc_of(unit, st.units[j].x, st.units[j].y);
                    if (arc != "left" && arc != "right") continue;
                    const double d = game.distance(unit, static_cast<int>(j));
                    if (d > allowance || d >= flanker_at) continue;
                    flanker = static_cast<int>(j), flanker_at = d, flanker_left = arc == "left";
                }
                // It does not wheel to give another enemy within a move its flank or rear.
                const auto exposes = [&](const WheelPlan& wheel) {
                    const Rect was = game.footprint(unit);
                    const double w = was.x1 - was.x0, d = was.y1 - was.y0;
                    const Rect now = {wheel.x - d / 2, wheel.y - w / 2, wheel.x + d / 2, wheel.y + w / 2};  // turned a quarter
                    for (std::size_t j = 0; j < n; ++j) {
                        if (!here.enemy(j) || static_cast<int>(j) == flanker || st.units[j].status == Status::Retreating) continue;
                        if (rect_distance(now, game.footprint(static_cast<int>(j))) > game.move_allowance(static_cast<int>(j))) continue;
                        if (arc_around(now, wheel.facing, st.units[j].x, st.units[j].y) != "front") return true;
                    }
                    return false;
                };
                if (flanker >= 0) {
                    const WheelPlan wheel = game.wheel_plan(unit, flanker_left);
                    if (wheel.blocked.empty() && wheel.arc_cm <= allowance && !exposes(wheel))
                        if (auto p = offer(json{{"action", "wheel"}, {"unit", spec.id}, {"direction", flanker_left ? "left" : "right"}},
                                           spec.id + " wheels " + (flanker_left ? "left" : "right") + " to face " + sc.units[static_cast<std::size_t>(flanker)].id +
                                               ", on its flank " + cm(flanker_at) + " away, within a move (" + cm(wheel.arc_cm) + " of its " + cm(allowance) +
                                               "; seed 004, MOVEMENT; D46)"))
                            return p;
                } else if (u.facing != me.facing) {
                    // No enemy on that flank now: it wheels back to face the enemy's edge.
                    const bool left = facing_after_wheel(u.facing, true) == me.facing;
                    const WheelPlan wheel = game.wheel_plan(unit, left);
                    if (wheel.blocked.empty() && wheel.arc_cm <= allowance && !exposes(wheel))
                        if (auto p = offer(json{{"action", "wheel"}, {"unit", spec.id}, {"direction", left ? "left" : "right"}},
                                           spec.id + " wheels " + (left ? "left" : "right") + " back to face the enemy's edge: no enemy on its flank within a move (D46)"))
                            return p;
                }
            }
            if (u.facing != me.facing) continue;  // a wheeled unit does not advance sideways
            // Advance: foot until an enemy is in musket range; horse until one is within a move.
            double nearest = 1e9;
            for (std::size_t j = 0; j < n; ++j)
                if (here.enemy(j)) nearest = std::min(nearest, game.distance(unit, static_cast<int>(j)));
            // A holding side stands; its reserve moves only against an enemy within its reach (D41).
            const bool in_reserve = std::find(doctrine.reserve.begin(), doctrine.reserve.end(), spec.id) != doctrine.reserve.end();
            std::string counter_attack;
            if (in_reserve) {
                const double reach = doctrine.counter_attack_moves * allowance;
                if (nearest > reach) continue;
                counter_attack = "; the reserve counter-attacks: the nearest enemy within " + cm(reach) + " (the doctrine: " +
                                 std::to_string(doctrine.counter_attack_moves).substr(0, 3) + " moves, D41)";
            } else if (doctrine.hold) {
                continue;
            }
            const double stand = foot(spec.type) ? game.tables().musket_cm - 1.5 : allowance * 0.6;
            if (foot(spec.type) && here.nearest_target(unit, game.tables().musket_cm) >= 0) continue;  // stand and fire
            if (nearest <= stand + 0.5) continue;
            const double forward = std::min(allowance, nearest - stand);
            if (forward < 0.5) continue;
            for (const double share : {1.0, 0.75, 0.5, 0.25}) {
                const double step = forward * share;
                if (step < 0.5) break;
                for (const double dx : {0.0, 3.0, -3.0}) {
                    const double lateral = std::min(std::abs(dx), step * 0.5) * (dx < 0 ? -1 : 1);
                    const double ahead = std::sqrt(std::max(0.0, step * step - lateral * lateral));
                    const double tx = std::round((u.x + lateral) * 100) / 100;
                    const double ty = within_move(u.y, std::round((u.y + me.facing * ahead) * 100) / 100, tx - u.x, allowance);
                    if (!game.path_blocked(unit, tx, ty).empty()) continue;
                    if (auto p = offer(json{{"action", "move"}, {"unit", spec.id}, {"to", {tx, ty}}},
                                       spec.id + " advances " + cm(step) + ", the nearest enemy " + cm(nearest) + " away (the doctrine: " +
                                           (foot(spec.type) ? "foot advance until an enemy is in musket range" : "horse advance until an enemy is within a move") + ")" +
                                           counter_attack))
                        return p;
                }
            }
        }
    }
    // 4. muskets
    if (t.step <= 3 && points > 0)
        for (std::size_t i = 0; i < n; ++i) {
            if (!here.mine(i) || !fires_small_arms(sc.units[i], st.units[i]) || st.units[i].status != Status::Normal || st.units[i].fired ||
                st.units[i].formed_line || here.in_contact(static_cast<int>(i)))
                continue;
            const int target = here.nearest_target(static_cast<int>(i), small_arms_reach(game.tables(), sc.units[i]));
            if (target < 0) continue;
            if (auto p = offer(json{{"action", "fire"}, {"unit", sc.units[i].id}, {"target", sc.units[static_cast<std::size_t>(target)].id}},
                               std::string("the nearest enemy in its arc and ") + (foot(sc.units[i].type) ? "musket" : "carbine") + " range, " +
                                   cm(game.distance(static_cast<int>(i), target)) + " away"))
                return p;
        }
    // 5. melees
    for (const Contact& c : st.contacts) {
        const int own = sc.units[static_cast<std::size_t>(c.attacker)].side == side ? c.attacker : c.defender;
        const int other = own == c.attacker ? c.defender : c.attacker;
        if (sc.units[static_cast<std::size_t>(own)].sector != t.sector || c.resolved_half == 2 * (t.turn - 1) + t.half) continue;
        if (auto p = offer(json{{"action", "melee"}, {"unit", sc.units[static_cast<std::size_t>(own)].id}, {"target", sc.units[static_cast<std::size_t>(other)].id}},
                           "units in contact melee each half-turn (seed 004, MELEES); no action point is charged"))
            return p;
    }
    return offer(json{{"action", "end-sector"}}, "nothing more the doctrine wants in the " + t.sector + " sector (" + std::to_string(points) + " points unspent)");
}

// ---------------------------------------------------------------- the umpire's duties

// What the acting side may or must do now, in the seed's order (COMMAND & CONTROL: "in each
// sector ... rally, guns, move, muskets and carbines, melee"), measured as the rules measure it.
// The opponent picks one of these by its doctrine; the desk lists them all.
std::vector<fortuna::SessionDuty> duties_of(const GameModel& game) {
    const State& st = game.state();
    const TurnState& t = st.turn;
    const Scenario& sc = game.scenario();
    std::vector<fortuna::SessionDuty> out;
    if (t.phase == "over") return out;
    const int side = game.acting_side();
    if (side < 0) return out;
    const SideSpec& me = sc.sides[static_cast<std::size_t>(side)];
    const auto add = [&](std::string words, json action, bool compulsory = false) {
        out.push_back({std::move(words), std::move(action), compulsory});
    };
    if (t.phase == "begin-turn") {
        add("throw the weather gauge's die and the dice for going first (seed 004, WEATHER; COMMAND & CONTROL)", json{{"action", "begin-turn"}}, true);
        return out;
    }
    if (t.phase == "choose") {
        for (const SideSpec& first : sc.sides)
            add(me.name + " chooses that " + first.name + " goes first", json{{"action", "choose"}, {"first", first.id}});
        return out;
    }
    if (t.phase == "action-points") {
        add("throw the action points: a d10 for the centre, a d6 for each flank (seed 004, COMMAND & CONTROL)", json{{"action", "action-points"}}, true);
        return out;
    }
    if (t.sector.empty()) {
        for (const std::string sector : {"left", "centre", "right"})
            if (std::find(t.sectors_done.begin(), t.sectors_done.end(), sector) == t.sectors_done.end())
                add("act in the " + sector + " sector (" + std::to_string(t.points[game.sector_index(sector)]) + " action points)",
                    json{{"action", "sector"}, {"sector", sector}});
        return out;
    }
    const int points = t.points[game.sector_index(t.sector)];
    const std::size_t n = st.units.size();
    const SideInSector here{game, side, t.sector};
    const auto id = [&](int unit) { return sc.units[static_cast<std::size_t>(unit)].id; };
    const std::string left = " (" + std::to_string(points) + (points == 1 ? " action point" : " action points") + " left)";
    // 1. rally: compulsory, first (MORALE).
    bool rallies = false;
    if (t.step <= 0 && points > 0)
        for (std::size_t i = 0; i < n; ++i)
            if (here.mine(i) && st.units[i].status == Status::Retreating && !st.units[i].rally_tried &&
                st.units[i].retreat_half != 2 * (t.turn - 1) + t.half) {
                add(sc.units[i].id + " is retreating: rally it first (seed 004, MORALE)" + left, json{{"action", "rally"}, {"unit", sc.units[i].id}}, true);
                rallies = true;
            }
    if (!rallies && points > 0) {
        // 2. guns
        if (t.step <= 1)
            for (std::size_t i = 0; i < n; ++i) {
                if (!here.mine(i) || sc.units[i].type != UnitType::Gun || st.units[i].status != Status::Normal || st.units[i].fired_gun) continue;
                if (st.units[i].formation != "unlimbered") {
                    add(sc.units[i].id + " may unlimber" + left, json{{"action", "unlimber"}, {"unit", sc.units[i].id}});
                    continue;
                }
                for (const auto& [d, e] : here.targets(static_cast<int>(i), game.tables().roundshot_cm))
                    add(sc.units[i].id + " may fire " + (d <= game.tables().canister_cm ? "canister" : "roundshot") + " at " + id(e) + ", " + cm(d) + " away" + left,
                        json{{"action", "fire-gun"}, {"unit", sc.units[i].id}, {"target", id(e)}});
            }
        // 3. moves, charges, formations
        if (t.step <= 2)
            for (std::size_t i = 0; i < n; ++i) {
                if (!here.mine(i)) continue;
                const int unit = static_cast<int>(i);
                const UnitState& u = st.units[i];
                const UnitSpec& spec = sc.units[i];
                if (u.status != Status::Normal || here.in_contact(unit)) continue;
                if (u.facing == -me.facing && spec.type != UnitType::Gun && !u.about_faced)
                    add(spec.id + " has its back to the enemy: it may about-face" + left, json{{"action", "about-face"}, {"unit", spec.id}});
                if (u.disorganised) add(spec.id + " is disorganised: it may reorganise" + left, json{{"action", "reorganise"}, {"unit", spec.id}});
                // Horse dismount to fire carbines at an enemy within their reach, and mount again (D14).
                if (u.formation == "dismounted" && !u.moved)
                    add(spec.id + " is dismounted: it may mount" + left, json{{"action", "form"}, {"unit", spec.id}, {"formation", "mounted"}});
                if (is_horse(spec.type) && u.formation == "mounted" && !u.moved && !u.fired &&
                    !here.targets(unit, game.tables().carbine_cm).empty())
                    add(spec.id + " may dismount to fire carbines (it may not otherwise move or fire this turn)" + left,
                        json{{"action", "form"}, {"unit", spec.id}, {"formation", "dismounted"}});
                if (u.moved || u.formed_line || spec.type == UnitType::Gun) continue;
                const double allowance = game.move_allowance(unit);
                // The place straight ahead: the whole move, else three quarters, a half or a quarter of
                // it, the first the rules accept (a friend, an enemy or the water in the way); none: no offer.
                for (const double share : {1.0, 0.75, 0.5, 0.25}) {
                    json to;
                    if (u.facing == kFacePlusY || u.facing == kFaceMinusY)
                        to = {std::round(u.x * 100) / 100, within_move(u.y, std::round((u.y + facing_dy(u.facing) * allowance * share) * 100) / 100, 0.0, allowance)};
                    else
                        to = {within_move(u.x, std::round((u.x + facing_dx(u.facing) * allowance * share) * 100) / 100, 0.0, allowance), std::round(u.y * 100) / 100};
                    const json move{{"action", "move"}, {"unit", spec.id}, {"to", to}};
                    if (!rules_accept(game, move)) continue;
                    add(spec.id + " may move up to " + cm(allowance) + " (the line holds the place straight ahead: edit \"to\")" + left, move);
                    break;
                }
                // The quarter wheels (seed 004, MOVEMENT; D46), each with its cost and what stops it.
                if (u.formation != "dismounted")
                    for (const bool to_left : {true, false}) {
                        const WheelPlan wheel = game.wheel_plan(unit, to_left);
                        const std::string way = to_left ? "left" : "right";
                        if (wheel.arc_cm > allowance + 1e-9 || !wheel.blocked.empty()) continue;
                        add(spec.id + " may wheel " + way + " to face " + facing_words(wheel.facing) + " (its front centre travels " + cm(wheel.arc_cm) + " of its " +
                                cm(allowance) + ")" + left,
                            json{{"action", "wheel"}, {"unit", spec.id}, {"direction", way}});
                    }
                if (spec.type == UnitType::LightFoot || u.formation == "dismounted") continue;
                for (std::size_t j = 0; j < n; ++j) {
                    if (!here.enemy(j) || game.distance(unit, static_cast<int>(j)) > allowance) continue;
                    if (!may_contact(spec, sc.units[j], st.units[j]) || game.gun_protector(static_cast<int>(j)) >= 0) continue;
                    std::string why;
                    const auto place = game.charge_position(unit, static_cast<int>(j), &why);
                    if (!place || std::hypot(place->first - u.x, place->second - u.y) > allowance) continue;
                    const json charge{{"action", "charge"}, {"unit", spec.id}, {"target", sc.units[j].id}};
                    if (!rules_accept(game, charge)) continue;  // the way to contact blocked, the target in melee: the resolver's own refusals
                    add(spec.id + " may charge " + sc.units[j].id + left, charge);
                }
            }
        // 4. muskets and carbines
        if (t.step <= 3)
            for (std::size_t i = 0; i < n; ++i) {
                if (!here.mine(i) || !fires_small_arms(sc.units[i], st.units[i]) || st.units[i].status != Status::Normal || st.units[i].fired ||
                    st.units[i].formed_line || here.in_contact(static_cast<int>(i)))
                    continue;
                for (const auto& [d, e] : here.targets(static_cast<int>(i), small_arms_reach(game.tables(), sc.units[i])))
                    add(sc.units[i].id + " may fire at " + id(e) + ", " + cm(d) + " away" + left,
                        json{{"action", "fire"}, {"unit", sc.units[i].id}, {"target", id(e)}});
            }
    }
    // 5. melees: every contact of the sector, each half-turn, no action point (MELEES).
    for (const Contact& c : st.contacts) {
        const int own = sc.units[static_cast<std::size_t>(c.attacker)].side == side ? c.attacker : c.defender;
        const int other = own == c.attacker ? c.defender : c.attacker;
        if (sc.units[static_cast<std::size_t>(own)].sector != t.sector || c.resolved_half == 2 * (t.turn - 1) + t.half) continue;
        add(id(own) + " and " + id(other) + " are in contact: fight the melee (seed 004, MELEES)", json{{"action", "melee"}, {"unit", id(own)}, {"target", id(other)}},
            true);
    }
    // Offered when the rules allow it (not while a melee of the sector is still to be fought).
    if (const json end{{"action", "end-sector"}}; rules_accept(game, end)) add("end the " + t.sector + " sector" + left, end);
    return out;
}

// ---------------------------------------------------------------- files

json journal_header(const Scenario& scenario, std::uint64_t seed) {
    return {{"format", "fortuna-journal"},
            {"game", kSystemId},
            {"scenario", {{"id", scenario.id}, {"document", scenario.document}}},
            {"seed", std::to_string(seed)}};
}

namespace {

std::uint64_t seed_of(const json& value, const std::string& file, const std::string& where) {
    if (!value.is_string()) throw DataError(file, where, "the seed as a string of digits", value.dump());
    const std::string text = value.get<std::string>();
    if (text.empty() || text.size() > 20 || text.find_first_not_of("0123456789") != std::string::npos)
        throw DataError(file, where, "the seed as a string of digits", text);
    return std::stoull(text);
}

std::shared_ptr<const Scenario> scenario_of_header(const Tables& tables, const fs::path& data_dir, const json& header, const std::string& file) {
    if (!header.is_object() || header.value("game", "") != kSystemId) throw DataError(file, "/game", "\"game-of-kings\"", header.value("game", json()).dump());
    if (!header.contains("scenario") || !header["scenario"].is_object() || !header["scenario"].contains("document"))
        throw DataError(file, "/scenario/document", "the scenario's document copied in", "none");
    const json& document = header["scenario"]["document"];
    validate_against_schema(document, "game-of-kings-scenario", file, data_dir);
    return std::make_shared<const Scenario>(scenario_from_json(tables, data_dir, document, file));
}

Recorded replay_lines(const std::shared_ptr<const Tables>& tables, std::shared_ptr<const Scenario> scenario, std::uint64_t seed, const json& header,
                      const std::vector<json>& lines, const std::string& file, const std::string& prefix) {
    return Recorded::replay(GameModel(tables, std::move(scenario)), seed, header, lines, file,
                            [&](std::size_t i) { return prefix + std::to_string(i); });
}

}  // namespace

Recorded load_save(const std::shared_ptr<const Tables>& tables, const fs::path& data_dir, const fs::path& file) {
    const json document = read_json_file(file);
    const std::string name = file.string();
    if (document.value("format", "") != kSaveFormat) throw DataError(name, "/format", std::string("\"") + kSaveFormat + "\"", document.value("format", json()).dump());
    if (document.value("format_version", 0) != 1) throw DataError(name, "/format_version", "1", document.value("format_version", json()).dump());
    if (!document.contains("header") || !document.contains("journal") || !document["journal"].is_array() || !document.contains("state"))
        throw DataError(name, "/journal", "a save with header, seed, journal and state", "missing");
    const std::uint64_t seed = seed_of(document.value("seed", json()), name, "/seed");
    const json& header = document["header"];
    auto scenario = scenario_of_header(*tables, data_dir, header, name + "#/header");
    Recorded game = replay_lines(tables, scenario, seed, header, document["journal"].get<std::vector<json>>(), name, "/journal/");
    const json replayed = game.model().to_json();
    const json& saved = document["state"];
    if (replayed != saved) {
        const json diff = json::diff(saved, replayed);
        const std::string where = diff.empty() ? "/state" : "/state" + diff[0].value("path", std::string());
        throw DataError(name, where, "the state the journal replays to", "the saved state differs there (" + diff.dump().substr(0, 160) + ")");
    }
    return game;
}

Recorded load_journal(const std::shared_ptr<const Tables>& tables, const fs::path& data_dir, const fs::path& file) {
    const JournalContents contents = read_journal(file);
    const std::string name = file.string();
    const std::uint64_t seed = seed_of(contents.header.value("seed", json()), name, "/header/seed");
    auto scenario = scenario_of_header(*tables, data_dir, contents.header, name + "#/header");
    return replay_lines(tables, scenario, seed, contents.header, contents.lines, name, "/line/");
}

void save_game(const Recorded& game, const fs::path& file) {
    json document{{"format", kSaveFormat},
                  {"format_version", 1},
                  {"header", game.journal_header()},
                  {"seed", std::to_string(game.seed())},
                  {"journal", game.journal()},
                  {"state", game.model().to_json()}};
    atomic_write_file(file, document.dump(1) + "\n");
}

// ---------------------------------------------------------------- the session

PlayerActions gok_player_actions() {
    struct Kind {
        const char* kind;
        std::vector<std::string> keys;  // beside "action", "note" and "unit"
        bool target = false;
        std::vector<std::string> umpire;
    };
    static const std::vector<Kind> kinds{
        {"rally", {}, false, {"dice", "roll", "override"}},
        {"fire-gun", {"target"}, true, {"cover", "range", "dice", "roll", "override"}},
        {"move", {"to"}, false, {"dice", "roll", "override"}},
        {"charge", {"target"}, true, {"dice", "roll", "override"}},
        {"form", {"formation"}, false, {"override"}},
        {"limber", {}, false, {"override"}},
        {"unlimber", {"direction"}, false, {"override"}},
        {"about-face", {}, false, {"override"}},
        {"wheel", {"direction"}, false, {"dice", "roll", "override"}},
        {"reorganise", {}, false, {"override"}},
        {"fire", {"target"}, true, {"cover", "range", "dice", "roll", "override"}},
        {"melee", {"target"}, true, {"rear", "flank", "higher-ground", "dice", "roll", "override"}},
    };
    PlayerActions actions;
    actions.kind_key = "action";
    for (const Kind& k : kinds) {
        PlayerActionKind kind{k.kind, {"action", "note", "unit"}, {"unit"}, {}, k.umpire};
        kind.keys.insert(kind.keys.end(), k.keys.begin(), k.keys.end());
        if (k.target) kind.existing.emplace_back("target");
        actions.kinds.push_back(std::move(kind));
    }
    return actions;
}

namespace {

class GokSession final : public GameSession {
public:
    GokSession(Recorded game, std::vector<std::string> notes) : game_(std::move(game)), notes_(std::move(notes)) {}

    const GameModel& model() const { return game_.model(); }
    const RuleSystem& system() const override { return game_of_kings_system(); }
    std::string scenario_id() const override { return game_.model().scenario().id; }
    std::string scenario_name() const override { return game_.model().scenario().name; }
    std::uint64_t seed() const override { return game_.seed(); }
    std::vector<std::string> side_ids() const override {
        return {game_.model().scenario().sides[0].id, game_.model().scenario().sides[1].id};
    }
    std::vector<std::string> side_names() const override {
        return {game_.model().scenario().sides[0].name, game_.model().scenario().sides[1].name};
    }
    int acting_side() const override { return game_.model().acting_side(); }
    std::string clock_label() const override { return game_.model().clock_label(); }

    Happened apply(const json& action) override {
        // (The recorder's apply_json erases "by" and "why", which a JSON array cannot take.)
        if (!action.is_object()) throw RuleError("an action is a JSON object with \"action\": KIND; got " + action.dump().substr(0, 60));
        const json& line = game_.apply_json(action);
        Happened happened;
        happened.seq = line.value("seq", 0);
        happened.kind = line.value("do", std::string());
        happened.summary = line.value("summary", std::string());
        happened.action = line.value("action", json());
        const std::string kind = happened.kind;
        if (kind != "undo" && kind != "redo") happened.explanation = last_explanation();
        refused_[0].clear();
        refused_[1].clear();
        return happened;
    }
    bool undo() override {
        refused_[0].clear();
        refused_[1].clear();
        return game_.undo();
    }
    bool redo() override {
        refused_[0].clear();
        refused_[1].clear();
        return game_.redo();
    }
    bool can_undo() const override { return game_.can_undo(); }
    bool can_redo() const override { return game_.can_redo(); }
    const std::vector<json>& journal() const override { return game_.journal(); }
    std::size_t actions_in_effect() const override { return game_.model().actions_in_effect(); }
    void attach_journal(const fs::path& file) override { game_.attach_journal(file); }
    std::optional<fs::path> journal_file() const override { return game_.journal_file(); }
    void save(const fs::path& file) const override { save_game(game_, file); }
    std::vector<std::string> opening_notes() const override { return notes_; }

    SessionOutcome outcome() const override {
        std::string why;
        const int r = game_.model().result(&why);
        if (r == -1) return {false, -1, "not decided: " + game_.model().clock_label()};
        return {true, r == 2 ? -1 : r, why};
    }
    json public_state() const override {
        json state = game_.model().to_json();
        json terrain = json::array();
        for (const auto& piece : game_.model().scenario().terrain)
            terrain.push_back({{"kind", piece.kind}, {"name", piece.name}, {"row", piece.row}, {"column", piece.column},
                               {"x0", piece.area.x0}, {"y0", piece.area.y0}, {"x1", piece.area.x1}, {"y1", piece.area.y1}});
        state["terrain"] = terrain;
        return state;
    }
    // Player A's edge at the bottom of the board: y down from the table's top is depth - y; a unit
    // facing +y (towards player B) faces north.
    std::vector<Piece> pieces() const override {
        const GameModel& model = game_.model();
        std::vector<Piece> out;
        for (std::size_t i = 0; i < model.state().units.size(); ++i) {
            const UnitState& u = model.state().units[i];
            if (u.status == Status::Removed) continue;
            const Rect r = model.footprint(static_cast<int>(i));
            Piece piece;
            piece.id = model.scenario().units[i].id;
            piece.label = piece.id + " " + std::to_string(u.effectiveness) + "%" + (u.general ? " (general)" : "");
            piece.side = model.scenario().units[i].side;
            piece.x_cm = u.x;
            piece.y_cm = model.scenario().depth_cm - u.y;
            // Clockwise from the table's top: +y north, +x east (D46); the frontage drawn across the facing.
            piece.facing_deg = u.facing == kFacePlusY ? 0 : u.facing == kFacePlusX ? 90 : u.facing == kFaceMinusY ? 180 : 270;
            const bool across = u.facing == kFacePlusX || u.facing == kFaceMinusX;
            piece.width_cm = across ? r.y1 - r.y0 : r.x1 - r.x0;
            piece.depth_cm = across ? r.x1 - r.x0 : r.y1 - r.y0;
            piece.status = u.status != Status::Normal ? std::string(to_string(u.status)) : u.disorganised ? "disorganised" : "";
            mark_effectiveness(piece, model.scenario().units[i].type, u.effectiveness);
            out.push_back(piece);
        }
        return out;
    }
    TableSize table() const override { return {game_.model().scenario().width_cm, game_.model().scenario().depth_cm}; }
    // The terrain's pieces (the generator's or a historic battle's, D40), in the board's frame (player A's edge at the bottom).
    std::vector<Ground> ground() const override {
        const double depth = game_.model().scenario().depth_cm;
        std::vector<Ground> out;
        for (const auto& piece : game_.model().scenario().terrain) {
            const Rect& r = piece.area;
            out.push_back({piece.name.empty() ? piece.kind + " (sector " + std::to_string(piece.row) + "," + std::to_string(piece.column) + ")" : piece.name, piece.kind,
                           {{r.x0, depth - r.y0}, {r.x1, depth - r.y0}, {r.x1, depth - r.y1}, {r.x0, depth - r.y1}}});
        }
        return out;
    }
    std::vector<std::string> state_lines() const override { return game_of_kings::state_lines(game_.model()); }
    std::vector<std::string> sheet_kinds() const override { return gok_sheet_kinds(); }
    SheetContent sheet(std::string_view kind) const override { return gok_sheet(game_.model(), kind); }

    // What a side's player may ask for from the phone: the unit actions of a sector's steps, each
    // naming one of the player's units and, for fire, charge and melee, an enemy. The turn's and
    // the sector's actions (begin-turn, choose, action-points, sector, end-sector), every die
    // ("dice", "roll"), the claims about the board (measured: rear, flank, higher-ground, cover,
    // range) and "override" stay the umpire's.
    PlayerActions player_actions() const override { return gok_player_actions(); }

    ActionPreview preview(const json& action) const override {
        if (!action.is_object()) throw RuleError("an action is a JSON object with \"action\": KIND; got " + action.dump().substr(0, 60));
        ActionPreview out;
        const std::string kind = action.contains("action") && action["action"].is_string() ? action["action"].get<std::string>() : "";
        if (kind == "undo" || kind == "redo") {
            if (!(kind == "undo" ? game_.can_undo() : game_.can_redo())) throw RuleError("there is nothing to " + kind);
            out.summary = kind + ": the last action " + (kind == "undo" ? "taken back, its dice kept" : "applied again with its own dice");
            return out;
        }
        json bare = action;
        for (const char* key : {"note", "by", "why", "dice", "roll"}) bare.erase(key);
        const Foreseen seen = game_.model().foresee(GameModel::decode(bare));
        out.summary = seen.summary;
        out.roll_kind = seen.roll_kind;
        out.roll_slot = seen.roll_kind.empty() ? "" : "roll";
        for (const auto& [label, p] : seen.odds) out.odds.push_back({label, p.numerator, p.denominator});
        return out;
    }

    std::vector<fortuna::SessionDuty> duties() const override { return duties_of(game_.model()); }
    std::optional<Proposal> propose(int side) override {
        if (side < 0 || side > 1) return std::nullopt;
        return propose_action(game_.model(), side, refused_[side]);
    }
    void refused(int side, const json& action) override {
        if (side < 0 || side > 1) return;
        refused_[side].insert(action.dump());
    }

private:
    std::vector<std::string> last_explanation() const { return game_.model().last_explanation(); }

    Recorded game_;
    std::vector<std::string> notes_;
    std::set<std::string> refused_[2];
};

}  // namespace

const GameModel* game_of_kings_game(const GameSession& session) {
    const auto* ours = dynamic_cast<const GokSession*>(&session);
    return ours != nullptr ? &ours->model() : nullptr;
}

std::vector<std::string> state_lines(const GameModel& game) {
    std::vector<std::string> lines{game.scenario().name, game.clock_label()};
    const json state = game.to_json();
    lines.push_back("weather: " + state["weather"]["name"].get<std::string>() + " (gauge " + std::to_string(state["weather"]["gauge"].get<int>()) + ")");
    for (int side = 0; side < 2; ++side) {
        const auto& spec = game.scenario().sides[static_cast<std::size_t>(side)];
        lines.push_back(spec.name + ": army points " + std::to_string(game.points_now(side)) + " of " + std::to_string(game.scenario().start_points[side]) +
                        " (loses below " + std::to_string(game.scenario().start_points[side] / 2.0).substr(0, 4) + ")");
        for (const auto& unit : state["units"]) {
            if (unit["side"] != spec.id) continue;
            char line[200];
            std::snprintf(line, sizeof line, "  %-20s %-14s %-6s %3d %%  (%5.1f, %4.1f) %s %s%s", unit["id"].get<std::string>().c_str(),
                          unit["type"].get<std::string>().c_str(), unit["sector"].get<std::string>().c_str(), unit["effectiveness"].get<int>(),
                          unit["x"].get<double>(), unit["y"].get<double>(), unit["formation"].get<std::string>().c_str(),
                          unit["status"].get<std::string>().c_str(), unit.contains("general") ? " (general)" : "");
            lines.push_back(line);
        }
    }
    return lines;
}

std::unique_ptr<GameSession> open_session(const fs::path& data_dir, const fs::path& file, const std::string& format, std::uint64_t seed) {
    auto tables = std::make_shared<const Tables>(load_tables(data_dir));
    std::vector<std::string> notes;
    if (format == kScenarioFormat) {
        const json document = read_json_file(file);
        validate_against_schema(document, "game-of-kings-scenario", file.string(), data_dir);
        auto scenario = std::make_shared<const Scenario>(scenario_from_json(*tables, data_dir, document, file.string()));
        json header = journal_header(*scenario, seed);
        return std::make_unique<GokSession>(Recorded(GameModel(tables, scenario), seed, std::move(header)), std::move(notes));
    }
    if (format == kSaveFormat) {
        Recorded game = load_save(tables, data_dir, file);
        // The journal beside the save, when it goes further (a crash after the save).
        const fs::path beside = journal_path_for_save(file);
        std::error_code missing;
        if (fs::exists(beside, missing)) {
            const JournalContents contents = read_journal(beside);
            const auto& saved = game.journal();
            std::size_t same = 0;
            const bool same_game = contents.header == game.journal_header();
            while (same_game && same < saved.size() && same < contents.lines.size() && saved[same] == contents.lines[same]) ++same;
            if (same_game && same == saved.size() && contents.lines.size() > saved.size()) {
                notes.push_back("continuing " + beside.string() + ": it holds " + std::to_string(contents.lines.size() - saved.size()) +
                                " journal lines beyond the save " + file.string());
                return std::make_unique<GokSession>(load_journal(tables, data_dir, beside), std::move(notes));
            }
            if (!(same_game && same == contents.lines.size()))
                throw RuleError("the journal " + beside.string() + (same_game ? " disagrees with " : " belongs to another game than ") + file.string() +
                                ": continue it with --load " + beside.string() + ", or move it away to continue the save");
        }
        return std::make_unique<GokSession>(std::move(game), std::move(notes));
    }
    if (format == kJournalFormat) return std::make_unique<GokSession>(load_journal(tables, data_dir, file), std::move(notes));
    throw RuleError(file.string() + " is no Game Of Kings scenario, save or journal: there is no game to play from it");
}

std::string check_game_file(const fs::path& data_dir, const fs::path& file, const json& document) {
    const std::string format = document.value("format", std::string());
    auto tables = std::make_shared<const Tables>(load_tables(data_dir));
    if (format == kScenarioFormat) {
        validate_against_schema(document, "game-of-kings-scenario", file.string(), data_dir);
        const Scenario scenario = scenario_from_json(*tables, data_dir, document, file.string());
        if (scenario.id != file.stem().string()) throw DataError(file.string(), "/id", "\"" + file.stem().string() + "\" (the file's name)", scenario.id);
        return "Game Of Kings scenario";
    }
    if (format == kSaveFormat) {
        (void)load_save(tables, data_dir, file);
        return "Game Of Kings save";
    }
    (void)load_journal(tables, data_dir, file);
    return "Game Of Kings journal";
}

}  // namespace fortuna::game_of_kings
