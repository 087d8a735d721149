// SPDX-License-Identifier: MIT
// Contact, aspect, combat reach and the combat the board proposes (see geometry.hpp).
#include <algorithm>
#include <cmath>

#include "fortuna/land/game.hpp"
#include "fortuna/land/geometry.hpp"
#include "fortuna/land/terrain_effects.hpp"
#include "fortuna/land/rules_of_play.hpp"
#include "core/words.hpp"

namespace fortuna {

namespace {

using detail::mm;

bool works(TerrainKind kind) { return terrain_effects(kind).obstacle; }

// Any edge of a wall, earthwork or redan crossing the segment a-b.
const TerrainFeature* obstacle_between(const Battlefield& field, const BoardPoint& a, const BoardPoint& b) {
    for (const TerrainFeature& f : field.terrain()) {
        if (!works(f.kind) || f.points.size() < 2) continue;
        const std::size_t edges = f.points.size() - (f.closed ? 0u : 1u);
        for (std::size_t i = 0; i < edges; ++i)
            if (segments_cross(a, b, f.points[i], f.points[(i + 1) % f.points.size()])) return &f;
    }
    return nullptr;
}

}  // namespace

std::string_view to_string(Aspect aspect) {
    switch (aspect) {
    case Aspect::Front: return "front";
    case Aspect::Flank: return "flank";
    case Aspect::Rear: return "rear";
    }
    return "front";
}

Aspect aspect_of(const Game& game, std::size_t attacker, std::size_t defender) {
    const UnitStatus& d = game.state().units.at(defender);
    const UnitType& type = unit_type_now(game, defender);
    if (d.formation == Formation::Square && type.arm == Arm::Infantry) return Aspect::Front;
    const Footprint fp = unit_footprint(type, d.bases, d.formation, d.position, d.facing_deg);
    // x to the defender's right, y ahead of it.
    const BoardPoint local = to_unit_frame(d.position, d.facing_deg, game.state().units.at(attacker).position);
    const double beside = std::abs(local.x_mm) - fp.width_mm / 2;
    const double ahead = local.y_mm - fp.depth_mm / 2;
    const double behind = -local.y_mm - fp.depth_mm / 2;
    if (behind > 0 && behind >= beside) return Aspect::Rear;
    if (beside > 0 && beside > ahead) return Aspect::Flank;
    return Aspect::Front;
}

double charge_bonus_mm(const Game& game, std::size_t attacker) {
    return std::max(unit_type_now(game, attacker).movement.charge, kContactToleranceMm);
}

bool in_contact(const Game& game, std::size_t a, std::size_t b) { return unit_gap_mm(game, a, b) <= kContactToleranceMm + 1e-9; }

CombatReach combat_reach(const Game& game, std::size_t attacker) {
    const UnitType& type = unit_type_now(game, attacker);
    CombatReach reach;
    switch (type.arm) {
    case Arm::Infantry:
        reach.reach_mm = type.combat_range_mm.value_or(game.rules().infantry_combat_mm);
        reach.rule = "seed 000, 8.1.1: infantry within 0-" + mm(*reach.reach_mm) + (type.combat_range_mm ? " (its own range, army table)" : "");
        break;
    case Arm::Cavalry:
        reach.reach_mm = kContactToleranceMm;
        reach.contact_only = true;
        reach.rule = "seed 000, 8.1.2: cavalry in physical contact (within " + mm(kContactToleranceMm) + ")";
        break;
    case Arm::Artillery: reach.rule = "seed 000, 6: artillery fires in its own phase and attacks no one in combat"; break;
    }
    return reach;
}

namespace {
// Glaube's caracole (8.6): the distance cavalry may attack a hedgehog from, if the rule set has it.
std::optional<double> attack_by_fire_mm(const Game& game, std::size_t attacker) {
    const CavalryVsSquareTable& square = game.rules().cavalry_vs_square;
    if (!square.attack_before_contact || !square.infantry_fire_mm || unit_type_now(game, attacker).arm != Arm::Cavalry)
        return std::nullopt;
    return std::max(*square.infantry_fire_mm, kContactToleranceMm);
}
}  // namespace

CombatReach combat_reach(const Game& game, std::size_t attacker, std::size_t defender) {
    CombatReach reach = combat_reach(game, attacker);
    const UnitStatus& target = game.state().units.at(defender);
    const auto by_fire = attack_by_fire_mm(game, attacker);
    if (by_fire && target.formation == Formation::Square && unit_type_now(game, defender).arm == Arm::Infantry) {
        reach.reach_mm = *by_fire;
        reach.contact_only = false;
        reach.rule = "seed 000, 8.6: cavalry attack a 'defensive hedgehog' by pistol fire before contact, within 0-" + mm(*by_fire);
    }
    return reach;
}

double widest_reach_mm(const Game& game, std::size_t attacker) {
    const double own = combat_reach(game, attacker).reach_mm.value_or(0.0);
    return std::max(own, attack_by_fire_mm(game, attacker).value_or(0.0));
}

std::vector<EngagedEnemy> engaged_enemies(const Game& game, const Battlefield* field, std::size_t unit) {
    std::vector<EngagedEnemy> out;
    const double limit = std::max(widest_reach_mm(game, unit), kContactToleranceMm);
    const Footprint self = unit_footprint(game, unit);
    const double self_r = std::hypot(self.width_mm, self.depth_mm) / 2;
    const auto& state = game.state().units;
    for (std::size_t e = 0; e < game.units().size(); ++e) {
        if (game.units()[e].id.side == game.units()[unit].id.side || state[e].presence != Presence::OnBoard) continue;
        const Footprint other = unit_footprint(game, e);
        if (distance_mm(state[unit].position, state[e].position) - self_r - std::hypot(other.width_mm, other.depth_mm) / 2 > limit + 1e-9) continue;
        const double gap = polygon_distance(self.corners, other.corners);
        if (gap > combat_reach(game, unit, e).reach_mm.value_or(kContactToleranceMm) + 1e-9) continue;
        EngagedEnemy enemy{e, gap, gap <= kContactToleranceMm + 1e-9, true, aspect_of(game, unit, e)};
        if (field != nullptr) enemy.visible = line_of_sight(game, *field, state[unit].position, state[e].position).visible;
        out.push_back(enemy);
    }
    std::sort(out.begin(), out.end(), [](const EngagedEnemy& a, const EngagedEnemy& b) {
        return a.visible != b.visible ? a.visible : a.gap_mm < b.gap_mm;
    });
    return out;
}

CombatProposal propose_combat(const Game& game, const Battlefield& field, std::size_t attacker, const std::vector<std::size_t>& supports,
                              std::size_t defender) {
    CombatProposal proposal;
    const auto& units = game.units();
    const auto& state = game.state().units;
    const std::string& a_code = units[attacker].id.code;
    const std::string& d_code = units[defender].id.code;

    proposal.gap_mm = unit_gap_mm(game, attacker, defender);
    const CombatReach reach = combat_reach(game, attacker, defender);
    proposal.in_reach = reach.reach_mm && proposal.gap_mm <= *reach.reach_mm + 1e-9;
    proposal.reasons.push_back(a_code + " is " + (proposal.gap_mm <= kContactToleranceMm ? std::string("in contact with ") + d_code
                                                                                         : mm(proposal.gap_mm) + " from " + d_code) +
                               (proposal.in_reach ? ", within reach (" : ", OUT OF REACH (") + reach.rule + ")");

    // 8.4: flank one column, rear two.
    switch (aspect_of(game, attacker, defender)) {
    case Aspect::Flank:
        proposal.flank = true;
        proposal.reasons.push_back(a_code + " strikes " + d_code + "'s flank (seed 000, 8.4: facing)");
        break;
    case Aspect::Rear:
        proposal.rear = true;
        proposal.reasons.push_back(a_code + " strikes " + d_code + "'s rear (seed 000, 8.4: facing)");
        break;
    case Aspect::Front: break;
    }

    // 8.4: combined arms. A support counts when it too reaches the defender (infantry and guns
    // within the infantry range, cavalry in contact: docs/rules/geometry.md).
    bool arms[3] = {false, false, false};
    arms[static_cast<int>(unit_type_now(game, attacker).arm)] = true;
    for (std::size_t s : supports) {
        if (s == attacker || units[s].id.side != units[attacker].id.side || state[s].presence != Presence::OnBoard) continue;
        const Arm arm = unit_type_now(game, s).arm;
        const double limit = arm == Arm::Cavalry ? kContactToleranceMm : combat_reach(game, s).reach_mm.value_or(game.rules().infantry_combat_mm);
        const double gap = unit_gap_mm(game, s, defender);
        if (gap > limit + 1e-9) {
            proposal.reasons.push_back(units[s].id.code + " is " + mm(gap) + " from " + d_code + ", beyond " + mm(limit) + ": not counted as an arm");
            continue;
        }
        arms[static_cast<int>(arm)] = true;
    }
    proposal.arms = int(arms[0]) + int(arms[1]) + int(arms[2]);
    if (proposal.arms > 1) proposal.reasons.push_back(std::to_string(proposal.arms) + " arms attack together (seed 000, 8.4)");

    // 8.3.3 "if the troops attacking are charging": a charge move this turn of at least the
    // ground the charge adds (7.2.6, the army table's charge speed). A charge of 0 mm is no move.
    if (const auto ran = charge_distance_this_turn(game, a_code)) {
        const double need = charge_bonus_mm(game, attacker);
        proposal.charge_mm = *ran;
        if (*ran + 1e-9 >= need) {
            proposal.charge = true;
            proposal.reasons.push_back(a_code + " charged " + mm(*ran) + " this turn (seed 000, 7.2.6, 8.3.3)");
        } else {
            proposal.reasons.push_back(a_code + " charged " + mm(*ran) + " this turn, less than the " + mm(need) +
                                       " a charge adds: no charge bonus (seed 000, 7.2.6, 8.3.3)");
        }
    }

    // 8.3.1: advantageous terrain, by height first, then the defender's cover.
    const BoardPoint& a = state[attacker].position;
    const BoardPoint& d = state[defender].position;
    const int high_a = field.elevation(a), high_d = field.elevation(d);
    const TerrainFeature* cover = nullptr;
    for (TerrainKind kind : {TerrainKind::Village, TerrainKind::Town, TerrainKind::Wood})
        if (cover == nullptr) cover = field.area_at(d, kind);
    if (high_d > high_a) {
        proposal.terrain = TerrainAdvantage::Defender;
        proposal.reasons.push_back("defender uphill (" + std::to_string(high_d) + " layers against " + std::to_string(high_a) + ", seed 000 8.3.1)");
    } else if (cover != nullptr) {
        proposal.terrain = TerrainAdvantage::Defender;
        proposal.reasons.push_back("defender in " + cover->name + " (" + std::string(to_string(cover->kind)) + ", seed 000 8.3.1)");
    } else if (high_a > high_d) {
        proposal.terrain = TerrainAdvantage::Attacker;
        proposal.reasons.push_back("attacker uphill (" + std::to_string(high_a) + " layers against " + std::to_string(high_d) + ", seed 000 8.3.1)");
    }
    if (const TerrainFeature* works_between = obstacle_between(field, a, d)) {
        proposal.obstacle = true;
        proposal.reasons.push_back("defender behind " + works_between->name + " (" + std::string(to_string(works_between->kind)) +
                                   ", seed 002 4) Combat Phase: obstacles)");
    }
    return proposal;
}

}  // namespace fortuna
