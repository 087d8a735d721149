// SPDX-License-Identifier: MIT
// The combat family: close combat, cavalry against squares, artillery fire and generals under fire.
#include <algorithm>
#include <cmath>
#include <optional>
#include <string>

#include "action_context.hpp"
#include "fortuna/land/battlefield.hpp"
#include "fortuna/land/geometry.hpp"
#include "fortuna/core/errors.hpp"
#include "fortuna/land/rules_of_play.hpp"

namespace fortuna::detail {

namespace {

nlohmann::json side_outcome_json(const SideOutcome& o) {
    return {{"before", to_string(o.before)},
            {"after", to_string(o.after)},
            {"bases_before", o.bases_before},
            {"bases_lost", o.bases_lost},
            {"words", o.words}};
}

LeaderEffect leader_effect_of(const General& general) {
    return general.id.great_captain ? LeaderEffect::GreatCaptain : LeaderEffect::Present;
}

}  // namespace

LeaderResolution leader_under_fire(ActionContext& ctx, std::size_t g, std::optional<std::size_t> supported,
                                   const std::string& slot) {
    const RuleSet& rules = ctx.rules();
    const ActionRoll casualty = ctx.draw(slot, rules.leaders.casualty_roll);
    std::optional<Roll> fate;
    if (rules.leaders.casualty_on.contains(casualty.roll.value)) fate = ctx.draw(slot + "_fate", rules.leaders.fate_roll).roll;
    const LeaderResolution r = resolve_leader_under_fire(rules, casualty.roll, fate);
    const std::string who = ctx.general(g).id.code + " " + ctx.general(g).id.name;
    for (const std::string& line : r.explanation) ctx.explain(who + ": " + line);
    GeneralStatus& general = ctx.edit_general(g);
    if (r.casualty) {
        if (r.fate == "killed") general.condition = GeneralCondition::Killed;
        else if (r.fate == "wounded") general.condition = GeneralCondition::Wounded;
        else {
            general.condition = GeneralCondition::Unhorsed;
            general.unhorsed_turn = ctx.clock().turn;
        }
    }
    if (r.unit_disrupted && supported && ctx.state().units[*supported].state == UnitState::Normal) {
        ctx.edit(*supported).state = UnitState::Disrupted;
        ctx.explain(ctx.unit(*supported).id.code + " becomes disrupted by its leader's fall");
    }
    return r;
}

void apply_outcome(ActionContext& ctx, std::size_t index, const SideOutcome& outcome) {
    UnitStatus& now = ctx.edit(index);
    now.bases = std::max(0, now.bases - outcome.bases_lost);
    now.state = outcome.after;
    if (now.bases == 0) {
        now.presence = Presence::OffBoard;
        ctx.explain(ctx.unit(index).id.code + " has no bases left and leaves the table");
    }
}

namespace {
// Rules 3: a battery whose crew routs or falls in close combat leaves its guns to the enemy
// (seed 000, 6 "Artillery batteries are captured if enemy units pass through cannons"; 8.5
// "the remainder will rout": the crew runs, the guns stay where the enemy stands).
bool capture_abandoned_guns(ActionContext& ctx, std::size_t battery, std::size_t enemy) {
    if (ctx.rules_version() < 3 || ctx.unit(battery).arm() != Arm::Artillery) return false;
    const UnitStatus& now = ctx.state().units[battery];
    if (now.guns == Guns::Captured || (now.state != UnitState::Routing && now.presence == Presence::OnBoard)) return false;
    ctx.edit(battery).guns = Guns::Captured;
    ctx.explain(ctx.unit(battery).id.code + "'s crew " + (now.presence == Presence::OnBoard ? "routs" : "is lost") + " and " +
                ctx.unit(enemy).id.code + " takes the guns: captured (seed 000, 6 and 8.5; docs/rules/enforcement.md)");
    return true;
}
}  // namespace

namespace {

// Rules 5 (issue 32): a circumstance the action states is held against what the board shows. A
// claim the board bears out, or none, gives the measure; one it does not is refused, citing
// `rule`, unless the umpire overrules it (then the claim stands and the explanation says
// "claimed by the umpire") or the family only advises (the claim stands with a note).
void hold_claim(ActionContext& ctx, Refusal claim, const std::string& subject, const std::string& claim_words,
                const std::string& board_words) {
    const std::string_view family = refusal_rule(claim).family;
    const bool enforced = ctx.enforcing(family);
    ctx.require(false, claim, subject + ": the action claims " + claim_words + ", the board shows: " + board_words);
    // Switched off, require's advice says what was claimed and what the board shows.
    if (enforced) ctx.explain("claimed by the umpire: " + claim_words + " (the board shows: " + board_words + ")");
}

template <class T>
T judged(ActionContext& ctx, const std::optional<T>& claimed, const T& measured, const std::string& claim_words,
         const std::string& board_words, const std::string& subject, Refusal claim) {
    if (!claimed || *claimed == measured) return measured;
    hold_claim(ctx, claim, subject, claim_words, board_words);
    return *claimed;
}

std::string aspect_words(bool flank, bool rear) { return rear ? "rear" : flank ? "flank" : "front"; }
std::string arms_words(int arms) { return std::to_string(arms) + (arms == 1 ? " arm" : " arms"); }
std::string terrain_words(TerrainAdvantage t) {
    return t == TerrainAdvantage::None ? std::string("no terrain advantage") : "terrain advantage to the " + std::string(to_string(t));
}

// The combat as the board shows it, every claim judged (rules 5): the action to resolve, with
// every circumstance set.
CombatAction measured_combat(ActionContext& ctx, const CombatAction& action, std::size_t a, std::size_t d) {
    std::vector<std::size_t> supports;
    for (const std::string& code : action.supports) {
        const std::size_t s = ctx.unit_index("supports", code);  // one off the table is no arm (propose_combat)
        if (ctx.unit(s).id.side != ctx.unit(a).id.side || s == a) ctx.fail("supports", "units of " + ctx.unit(a).id.code + "'s side");
        supports.push_back(s);
    }
    const CombatProposal board = propose_combat(ctx.game(), ctx.game().battlefield(), a, supports, d);
    std::string shown;
    for (const std::string& reason : board.reasons) shown += (shown.empty() ? "" : "; ") + reason;
    ctx.explain("measured on the board: " + aspect_words(board.flank, board.rear) + ", " + arms_words(board.arms) + ", " +
                (board.charge ? "charging" : "no charge") + ", " + terrain_words(board.terrain) + ", " +
                (board.obstacle ? "an obstacle" : "no obstacle") + " (" + shown + ")");
    const std::string pair = ctx.unit(a).id.code + " against " + ctx.unit(d).id.code;
    const std::string aspect = aspect_words(board.flank, board.rear);
    CombatAction out = action;
    out.rear = judged(ctx, action.rear, board.rear, action.rear.value_or(false) ? "rear" : std::string("not the rear"), aspect, pair, Refusal::ClaimAspect);
    out.flank =
        judged(ctx, action.flank, board.flank, action.flank.value_or(false) ? "flank" : std::string("not the flank"), aspect, pair, Refusal::ClaimAspect);
    out.arms = judged(ctx, action.arms, board.arms, arms_words(action.arms.value_or(1)), arms_words(board.arms), pair,
                      Refusal::ClaimArms);
    const std::string charge_board =
        !board.charge_mm ? ctx.unit(a).id.code + " made no charge move this turn"
                         : ctx.unit(a).id.code + " charged " + fixed(*board.charge_mm) + " mm this turn" +
                               (board.charge ? "" : ", less than the " + fixed(charge_bonus_mm(ctx.game(), a)) + " mm a charge adds");
    out.charge = judged(ctx, action.charge, board.charge, action.charge.value_or(false) ? "a charge" : std::string("no charge"), charge_board,
                        pair, Refusal::ClaimCharge);
    out.terrain = judged(ctx, action.terrain, board.terrain, terrain_words(action.terrain.value_or(TerrainAdvantage::None)),
                         terrain_words(board.terrain), pair, Refusal::ClaimTerrain);
    const auto obstacle_words = [](bool obstacle) { return obstacle ? std::string("an obstacle") : std::string("no obstacle"); };
    out.obstacle = judged(ctx, action.obstacle, board.obstacle, obstacle_words(action.obstacle.value_or(false)), obstacle_words(board.obstacle),
                          pair, Refusal::ClaimObstacle);
    return out;
}

}  // namespace

void require_phasing(ActionContext& ctx, const Unit& unit, const std::string& verb, Refusal id) {
    const int phasing = ctx.game().phasing_side();
    if (unit.id.side == phasing) return;
    ctx.require(false, id,
                unit.id.code + " " + verb + " in " + ctx.scenario().sides[static_cast<std::size_t>(phasing)].name +
                    "'s half of the turn");
}

void execute(ActionContext& ctx, const CombatAction& action) {
    const std::size_t a = ctx.on_board_unit("attacker", action.attacker);
    const std::size_t d = ctx.on_board_unit("defender", action.defender);
    if (a == d) ctx.fail("defender", "a unit other than the attacker");
    const Unit& attacker = ctx.unit(a);
    const Unit& defender = ctx.unit(d);
    if (attacker.id.side == defender.id.side)
        ctx.fail("defender", "an enemy of " + attacker.id.code + " (" + defender.id.code + " is on its side)");
    ctx.key_rolls("combat", {attacker.id.code, defender.id.code});
    require_phasing(ctx, attacker, "attacks", Refusal::NotPhasingAttack);
    // seed 000, 8.1.1-8.1.3 (seed 002, 4) Combat Phase): infantry attacks within 0-50 mm,
    // cavalry only in physical contact.
    const double gap = unit_gap_mm(ctx.game(), a, d);
    const CombatReach reach = combat_reach(ctx.game(), a, d);
    ctx.require(reach.reach_mm && gap <= *reach.reach_mm + 1e-9, Refusal::CombatReach,
                attacker.id.code + " is " + fixed(gap) + " mm from " + defender.id.code + ": " + reach.rule);
    // One combat a pair a combat phase (seed 000, 8.2: each local combat once).
    if (const auto earlier = fought_this_phase(ctx, attacker.id.code, defender.id.code))
        ctx.require(false, Refusal::CombatOnce,
                    attacker.id.code + " has already attacked " + defender.id.code + " this combat phase (#" + std::to_string(*earlier) + ")");
    // The charge bonus needs a charge move this turn (seed 000, 7.2.6 and 8.3.3). From rules 5
    // every circumstance is measured on the board and a claim is judged against it.
    if (ctx.rules_version() < 5 && action.charge.value_or(false))
        ctx.require(charged_this_turn(ctx, attacker.id.code), Refusal::ChargeBonusUnearned,
                    attacker.id.code + " has made no charge move this turn: no charge bonus");
    const CombatAction judged_action = ctx.rules_version() >= 5 ? measured_combat(ctx, action, a, d) : action;

    const std::optional<std::string>* leader_codes[2] = {&action.attacker_leader, &action.defender_leader};
    const char* leader_keys[2] = {"attacker_leader", "defender_leader"};
    std::optional<std::size_t> leaders[2];
    for (int s = 0; s < 2; ++s) {
        if (!*leader_codes[s]) continue;
        const std::size_t g = ctx.general_index(leader_keys[s], **leader_codes[s]);
        const Unit& led = s == 0 ? attacker : defender;
        if (ctx.general(g).id.side != led.id.side) ctx.fail(leader_keys[s], "a general of " + led.id.code + "'s side");
        leaders[s] = g;
    }
    LeaderEffect effects[2] = {LeaderEffect::None, LeaderEffect::None};
    for (int s = 0; s < 2; ++s) {
        if (!leaders[s]) continue;
        const std::size_t g = *leaders[s];
        if (!ctx.general(g).effective()) {
            ctx.explain(ctx.general(g).id.code + " is " + std::string(to_string(ctx.state().generals[g].condition)) +
                        " and cannot help");
            continue;
        }
        const LeaderResolution r = leader_under_fire(ctx, g, s == 0 ? a : d, leader_keys[s]);
        if (!r.casualty) effects[s] = leader_effect_of(ctx.general(g));
        else if (r.fate == "killed") effects[s] = LeaderEffect::Killed;
    }
    const UnitStatus& att = ctx.state().units[a];
    const UnitStatus& def = ctx.state().units[d];
    if (attacker.arm() == Arm::Cavalry && def.formation == Formation::Square) {
        // Cavalry against a square: Table 7 instead of the odds (seed 002, 4) Combat Phase).
        const ActionRoll roll = ctx.draw("roll", ctx.rules().cavalry_vs_square.roll);
        const SquareResolution r =
            resolve_cavalry_vs_square(ctx.rules(), def.state, roll.roll, att.state, def.bases, att.bases);
        ctx.explain(r.explanation);
        apply_outcome(ctx, a, r.cavalry);
        apply_outcome(ctx, d, r.square);
        ctx.result() = {{"table", "cavalry-vs-square"}, {"text", r.text}, {"attacker", side_outcome_json(r.cavalry)},
                        {"defender", side_outcome_json(r.square)}};
        ctx.summary(unit_label(attacker) + " charges the square of " + unit_label(defender) + ", roll " +
                    format_roll(roll.roll.kind, roll.roll.value) + ": " + r.text);
        return;
    }
    ctx.refresh_views();  // a leader's fall may have disrupted his unit
    CombatRequest request = combat_request(ctx.game(), judged_action, ctx.rules_version());
    request.attacker_leader = effects[0];
    request.defender_leader = effects[1];
    const ActionRoll roll = ctx.draw("roll", ctx.rules().combat_results.roll);
    const CombatResolution r = resolve_combat(ctx.rules(), request, roll.roll);
    ctx.explain(r.explanation);
    apply_outcome(ctx, a, r.attacker);
    apply_outcome(ctx, d, r.defender);
    std::optional<std::string> captured;
    for (const auto& [battery, enemy] : {std::pair{a, d}, std::pair{d, a}})
        if (capture_abandoned_guns(ctx, battery, enemy)) captured = ctx.unit(battery).id.code;
    ctx.result() = {{"table", "combat"},
                    {"odds", r.setup.odds.odds.text()},
                    {"column", r.setup.column_label},
                    {"modified_roll", r.modified_roll},
                    {"result", r.result},
                    {"result_name", r.result_name},
                    {"attacker", side_outcome_json(r.attacker)},
                    {"defender", side_outcome_json(r.defender)}};
    if (captured) ctx.result()["guns_captured"] = *captured;
    ctx.summary(unit_label(attacker) + " attacks " + unit_label(defender) + " at " + r.setup.column_label + ", roll " +
                format_roll(roll.roll.kind, roll.roll.value) + " -> " + r.result + " (" + r.result_name + "): " + r.effect +
                (captured ? "; " + *captured + "'s guns are captured" : ""));
}

void execute(ActionContext& ctx, const ArtilleryAction& action) {
    const std::size_t b = ctx.on_board_unit("battery", action.battery);
    const std::size_t t = ctx.on_board_unit("target", action.target);
    const Unit& battery = ctx.unit(b);
    const UnitStatus& guns = ctx.state().units[b];
    if (battery.arm() != Arm::Artillery)
        ctx.fail("battery", "an artillery unit (" + battery.id.code + " is " + std::string(to_string(battery.arm())) + ")");
    if (guns.guns == Guns::Captured) ctx.fail("battery", "a battery with its guns (" + battery.id.code + "'s are captured)");
    if (ctx.unit(t).id.side == battery.id.side) ctx.fail("target", "an enemy unit");
    ctx.require(guns.guns == Guns::Unlimbered, Refusal::FireLimbered,
                battery.id.code + " cannot fire: its guns are " + std::string(to_string(guns.guns)));
    ctx.require(guns.state == UnitState::Normal, Refusal::FireDisordered,
                battery.id.code + " cannot fire: it is " + std::string(to_string(guns.state)));
    ctx.key_rolls("artillery", {battery.id.code, ctx.unit(t).id.code});
    require_phasing(ctx, battery, "fires", Refusal::NotPhasingFire);
    ctx.require(!fired_this_turn(ctx, battery.id.code), Refusal::FireOnce, battery.id.code + " has already fired this turn");
    const LineOfSight sight = line_of_sight(ctx.game(), ctx.game().battlefield(), battery.id.code, ctx.unit(t).id.code);
    ctx.require(sight.visible, Refusal::FireUnseen,
                battery.id.code + " cannot see " + ctx.unit(t).id.code + ": blocked by " + sight.blocked_by);
    ArtilleryAction measured = action;
    if (ctx.rules_version() >= 5) {
        // Rules 5 (issue 32): the range is always the board's, guns to the nearest base (errata
        // E20); a range the action gives is a claim, within contact (2 mm) of the measure or refused.
        const double board_mm = unit_gap_mm(ctx.game(), b, t);
        const BatteryTable& table = ctx.rules().artillery.battery(artillery_request(ctx.game(), action).battery);
        const auto band_of = [&](double range) {
            for (const ArtilleryBand& band : table.bands)
                if (range >= band.min_mm - 1e-9 && range <= band.max_mm + 1e-9) return "the " + band.label + " band";
            return std::string("beyond its bands");
        };
        const std::string board_words = fixed(board_mm) + " mm, " + band_of(board_mm);
        if (!measured.range_mm) {
            measured.range_mm = board_mm;
            measured.range_measured = true;
            ctx.pending().request.action = measured;
        } else if (std::abs(*measured.range_mm - board_mm) <= kContactToleranceMm + 1e-9) {
            if (!measured.range_measured)
                ctx.explain("the action's range of " + fixed(*measured.range_mm, 1) + " mm agrees with the board's within " +
                            fixed(kContactToleranceMm) + " mm");
            measured.range_mm = board_mm;
            measured.range_measured = true;
        } else {
            hold_claim(ctx, Refusal::ClaimRange, battery.id.code + " against " + ctx.unit(t).id.code,
                       "a range of " + fixed(*measured.range_mm) + " mm, " + band_of(*measured.range_mm), board_words);
            measured.range_measured = false;
        }
    } else if (!measured.range_mm) {
        // Measured on the board, guns to the nearest base (errata E20), and journaled as measured.
        measured.range_mm = unit_gap_mm(ctx.game(), b, t);
        measured.range_measured = true;
        ctx.pending().request.action = measured;
    }
    if (measured.range_measured) ctx.explain("range measured on the board: " + fixed(*measured.range_mm) + " mm (errata E20)");
    const ArtilleryRequest request = artillery_request(ctx.game(), measured);
    const ActionRoll roll = ctx.draw("roll", ctx.rules().artillery.roll);
    const ArtilleryResolution r = resolve_artillery(ctx.rules(), request, roll.roll);
    ctx.explain(r.explanation);
    apply_outcome(ctx, t, r.target);
    ctx.result() = {{"band", r.band}, {"modified_roll", r.modified_roll}, {"result", r.result}, {"target", side_outcome_json(r.target)}};
    ctx.summary(unit_label(battery) + " fires on " + unit_label(ctx.unit(t)) + " at " + fixed(request.range_mm) +
                " mm, roll " + format_roll(roll.roll.kind, roll.roll.value) + " -> " + r.result + ": " + r.effect);
}

void execute(ActionContext& ctx, const LeaderAction& action) {
    const std::size_t g = ctx.general_index("general", action.general);
    if (!ctx.general(g).effective())
        ctx.fail("general", "a general on the table and in the fight (" + ctx.general(g).id.code + " is " +
                                std::string(to_string(ctx.state().generals[g].condition)) + " or not on the table)");
    std::optional<std::size_t> supported;
    if (action.unit) supported = ctx.on_board_unit("unit", *action.unit);
    ctx.key_rolls("leader", {ctx.general(g).id.code});
    const LeaderResolution r = leader_under_fire(ctx, g, supported, "roll");
    ctx.result() = {{"casualty", r.casualty}, {"fate", r.fate}, {"unit_disrupted", r.unit_disrupted}};
    const Roll& first = ctx.pending().rolls.front().roll;
    ctx.summary(ctx.general(g).id.code + " " + ctx.general(g).id.name + " under fire, roll " +
                format_roll(first.kind, first.value) + ": " + r.fate);
}

}  // namespace fortuna::detail

namespace fortuna {

// The preview and the applied combat build their request here, so they cannot disagree.
CombatRequest combat_request(const Game& game, const CombatAction& action, int rules_version) {
    const Unit& attacker = game.unit(action.attacker);
    const Unit& defender = game.unit(action.defender);
    // Rules 4, seed 000, 2.4.2: "Uhlans and Lancers have the same shock value as medium cavalry in
    // the first move of contact, thereafter the same shock value as light cavalry". A contact is
    // new when the pair fought no close combat in this player-half or the one before.
    const auto combatant = [&](const Unit& unit, const Unit& enemy) {
        Combatant side{&unit.type(), unit.id.code, unit.now.bases, unit.now.state, unit.now.formation, std::nullopt};
        const UnitType* lance = unit.id.first_contact_type;
        if (rules_version >= 4 && lance != nullptr && unit.now.mount != Mount::Dismounted &&
            !contact_continues(game, unit.id.code, enemy.id.code)) {
            side.unit = lance;
            side.label = unit.id.code + " (first move of contact: the shock of " + lance->name + ", seed 000, 2.4.2)";
        }
        return side;
    };
    CombatRequest request;
    request.attacker = combatant(attacker, defender);
    request.defender = combatant(defender, attacker);
    // A circumstance the action leaves out is measured (rules 5); before, it was absent.
    std::optional<CombatProposal> board;
    if (rules_version >= 5 && (!action.flank || !action.rear || !action.arms || !action.charge || !action.terrain || !action.obstacle)) {
        const auto index = [&](const std::string& code) { return static_cast<std::size_t>(&game.unit(code) - game.units().data()); };
        std::vector<std::size_t> supports;
        for (const std::string& code : action.supports) supports.push_back(index(code));
        board = propose_combat(game, game.battlefield(), index(action.attacker), supports, index(action.defender));
    }
    request.flank = action.flank.value_or(board && board->flank);
    request.rear = action.rear.value_or(board && board->rear);
    request.combined_arms = action.arms.value_or(board ? board->arms : 1);
    request.charge = action.charge.value_or(board && board->charge);
    request.terrain = action.terrain.value_or(board ? board->terrain : TerrainAdvantage::None);
    request.obstacle = action.obstacle.value_or(board && board->obstacle);
    // A leader named for the preview is assumed to survive his own roll under fire.
    for (int s = 0; s < 2; ++s) {
        const auto& code = s == 0 ? action.attacker_leader : action.defender_leader;
        if (!code) continue;
        const General& general = game.general(*code);
        if (!general.effective()) continue;
        (s == 0 ? request.attacker_leader : request.defender_leader) =
            general.id.great_captain ? LeaderEffect::GreatCaptain : LeaderEffect::Present;
    }
    return request;
}

ArtilleryRequest artillery_request(const Game& game, const ArtilleryAction& action) {
    const Unit& battery = game.unit(action.battery);
    const Unit& target = game.unit(action.target);
    ArtilleryRequest request;
    request.battery = battery.type().battery.empty() ? std::string("field") : battery.type().battery;
    request.range_mm = action.range_mm.value_or(0);
    request.target_formation = target.now.formation;
    request.target_state = target.now.state;
    request.target_bases = target.now.bases;
    return request;
}

}  // namespace fortuna
