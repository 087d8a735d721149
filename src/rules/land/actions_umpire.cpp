// SPDX-License-Identifier: MIT
// The umpire's family: corrections, the end of a phase, and the deliberate re-roll of the last action.
#include <cmath>

#include "action_context.hpp"
#include "fortuna/land/duties.hpp"
#include "fortuna/core/errors.hpp"

namespace fortuna::detail {

namespace {

std::string position_words(const BoardPoint& p) { return "position (" + fixed(p.x_mm) + ", " + fixed(p.y_mm) + ")"; }

void correct_unit(ActionContext& ctx, const SetAction& action, std::vector<std::string>& changes) {
    const std::size_t u = ctx.unit_index("unit", *action.unit);
    const Unit& unit = ctx.unit(u);
    UnitStatus& now = ctx.edit(u);
    if (action.bases) {
        // More bases than the unit began with cannot be a correction of a mistake.
        ctx.require(*action.bases <= unit.id.bases_start, Refusal::BasesBeyondStart,
                    unit.id.code + " began the battle with " + std::to_string(unit.id.bases_start) +
                        " bases; " + std::to_string(*action.bases) + " is more than it ever had");
        changes.push_back("bases " + std::to_string(now.bases) + " -> " + std::to_string(*action.bases));
        now.bases = *action.bases;
    }
    if (action.state) {
        now.state = *action.state;
        changes.push_back("state " + std::string(to_string(now.state)));
    }
    if (action.formation) {
        if (*action.formation == Formation::Square && unit.arm() != Arm::Infantry)
            ctx.fail("formation", "line or column: only infantry forms square");
        now.formation = *action.formation;
        changes.push_back("formation " + std::string(to_string(now.formation)));
    }
    if (action.guns) {
        if (now.guns == Guns::None) ctx.fail("guns", "nothing: " + unit.id.code + " is not artillery");
        if (*action.guns == Guns::None) ctx.fail("guns", "limbered, unlimbered or captured");
        now.guns = *action.guns;
        changes.push_back("guns " + std::string(to_string(now.guns)));
    }
    if (action.mount) {
        if (now.mount == Mount::None) ctx.fail("mount", "nothing: " + unit.id.code + " is not dragoons");
        now.mount = *action.mount ? Mount::Mounted : Mount::Dismounted;
        changes.push_back(*action.mount ? "mounted" : "dismounted");
    }
    if (action.to) {
        now.position = *action.to;
        changes.push_back(position_words(*action.to));
    }
    if (action.facing_deg) {
        now.facing_deg = std::fmod(*action.facing_deg, 360.0);
        changes.push_back("facing " + fixed(now.facing_deg));
    }
    if (action.presence) {
        now.presence = *action.presence;
        changes.push_back(std::string(to_string(*action.presence)));
    }
    if (action.last_charge_turn) {
        now.last_charge_turn = *action.last_charge_turn;
        changes.push_back("last charge turn " + std::to_string(*action.last_charge_turn));
    }
    if (action.condition) ctx.fail("condition", "nothing for a unit: a general's condition is set with 'general'");
    ctx.summary("Correction: " + unit_label(unit));
}

void correct_general(ActionContext& ctx, const SetAction& action, std::vector<std::string>& changes) {
    const std::size_t g = ctx.general_index("general", *action.general);
    GeneralStatus& now = ctx.edit_general(g);
    if (action.condition) {
        now.condition = *action.condition;
        if (now.condition == GeneralCondition::Unhorsed) now.unhorsed_turn = ctx.clock().turn;
        changes.push_back(std::string(to_string(*action.condition)));
    }
    if (action.to) {
        now.position = *action.to;
        changes.push_back(position_words(*action.to));
    }
    if (action.presence) {
        now.presence = *action.presence;
        changes.push_back(std::string(to_string(*action.presence)));
    }
    const std::pair<const char*, bool> unit_only[] = {
        {"bases", action.bases.has_value()},   {"state", action.state.has_value()},
        {"formation", action.formation.has_value()}, {"guns", action.guns.has_value()},
        {"mount", action.mount.has_value()},   {"facing_deg", action.facing_deg.has_value()},
        {"last_charge_turn", action.last_charge_turn.has_value()}};
    for (const auto& [key, given] : unit_only)
        if (given) ctx.fail(key, "nothing for a general: condition, to or presence");
    ctx.summary("Correction: " + ctx.general(g).id.code + " " + ctx.general(g).id.name);
}

}  // namespace

void execute(ActionContext& ctx, const SetAction& action) {
    std::vector<std::string> changes;
    if (action.unit && action.general) ctx.fail("general", "nothing: a correction is of one unit or one general");
    if (action.unit) correct_unit(ctx, action, changes);
    else if (action.general) correct_general(ctx, action, changes);
    else ctx.fail("unit", "a unit code (or 'general' with a general's code)");
    if (changes.empty())
        ctx.impossible("'set' changes nothing: give bases, state, formation, guns, mount, to, facing_deg, presence, "
                        "last_charge_turn or condition");
    std::string words;
    for (const auto& c : changes) words += (words.empty() ? "" : ", ") + c;
    ctx.pending().summary += ": " + words;
    if (action.reason) ctx.pending().summary += " (" + *action.reason + ")";
    ctx.explain("manual correction by the umpire; no roll");
}

void execute(ActionContext& ctx, const EndPhaseAction&) {
    const Game& game = ctx.game();
    const auto& phases = game.phases();
    const Phase ended_phase = game.phase();
    if (ctx.enforcing("sequence")) {
        // seed 000, 4: each phase's business is done before the next; leaving some undone is
        // the umpire's call, and his reason is journaled with the end of the phase.
        std::string open;
        int count = 0;
        for (const Duty& duty : duties(game, game.battlefield(), ended_phase.id)) {
            if (duty.done || duty.kind == DutyKind::ArtilleryFire) continue;  // firing is "as many as they wish"
            if (++count <= 4) open += (open.empty() ? "" : "; ") + duty.text;
        }
        if (count > 4) open += "; and " + std::to_string(count - 4) + " more";
        ctx.require(count == 0, Refusal::OpenDuties,
                    "phase " + ended_phase.id + ") " + ended_phase.name + " has " + std::to_string(count) + " open dut" +
                        (count == 1 ? "y" : "ies") + ": " + open);
    }
    const std::string ended = ended_phase.id + ") " + ended_phase.name;
    const int ended_side = game.phasing_side();
    Clock& now = ctx.edit_clock();
    ++now.phase;
    if (now.phase >= static_cast<int>(phases.size())) {
        now.phase = 0;
        ++now.half;
        if (now.half > 1) {
            now.half = 0;
            ++now.turn;
            // A general whose horse was shot is back in the saddle next turn (Table 6).
            for (std::size_t g = 0; g < ctx.generals().size(); ++g) {
                const GeneralStatus& status = ctx.state().generals[g];
                if (status.condition == GeneralCondition::Unhorsed && status.unhorsed_turn < now.turn)
                    ctx.edit_general(g).condition = GeneralCondition::Present;
            }
        }
    }
    const auto& sides = ctx.scenario().sides;
    if (ended_phase.id == phases.back().id && game.tally(ended_side).crisis_due)
        ctx.explain("note: " + sides[static_cast<std::size_t>(ended_side)].name +
                    " ended the turn with a crisis-of-morale test due");
    ctx.summary("End of " + sides[static_cast<std::size_t>(ended_side)].name + "'s phase " + ended + "; now turn " +
                std::to_string(now.turn) + " (" + game.clock_text() + "), " +
                sides[static_cast<std::size_t>(game.phasing_side())].name + ", phase " + game.phase().id + ") " +
                game.phase().name);
    const int to_dusk = game.minutes_to_dusk();
    if (const auto visibility = ctx.rules().dusk.visibility(to_dusk); visibility && to_dusk >= 0)
        ctx.explain(ctx.rules().dusk.section + ": " + std::to_string(to_dusk) + " minutes before dusk, visibility " +
                    std::to_string(*visibility) + " mm");
    if (to_dusk <= 0) ctx.explain("dusk has fallen: judge the winner by casualties");
}

void execute(ActionContext& ctx, const EnforceAction& action) {
    Enforcement& e = ctx.edit_enforcement();
    const std::pair<const char*, bool*> families[] = {
        {"movement", &e.movement}, {"combat", &e.combat}, {"fire", &e.fire}, {"sequence", &e.sequence}};
    bool known = action.family == "all";
    for (const auto& [name, flag] : families) {
        if (action.family != "all" && action.family != name) continue;
        *flag = action.on;
        known = true;
    }
    if (!known) ctx.fail("family", "movement, combat, fire, sequence or all");
    ctx.summary(std::string("The umpire ") + (action.on ? "enforces" : "stops enforcing") + " the " +
                (action.family == "all" ? std::string("rules of play") : action.family + " rules") +
                (action.on ? "" : ": the app advises, the table decides"));
    ctx.explain("docs/rules/enforcement.md: a switch of the game, journaled and saved with it");
}

void execute(ActionContext& ctx, const RerollAction& action) {
    const auto& history = ctx.history();
    if (history.empty()) ctx.impossible("there is no action to re-roll");
    const AppliedAction& target = history.back();
    if (action.of && *action.of != target.seq)
        ctx.impossible("only the last action can be re-rolled: #" + std::to_string(target.seq) + ", not #" +
                       std::to_string(*action.of));
    if (target.kind == "reroll")
        ctx.impossible("#" + std::to_string(target.seq) + " is already a re-roll; undo it to return to the first roll");
    if (target.rolls.empty()) ctx.impossible("#" + std::to_string(target.seq) + " (" + target.kind + ") has no roll to re-roll");
    // Put the target's values back, recording what they were, then resolve its request again
    // with fresh rolls (or the rolls entered with the reroll).
    for (const auto& [index, value] : target.change.units) ctx.edit(index) = value;
    for (const auto& [index, value] : target.change.generals) ctx.edit_general(index) = value;
    if (target.change.messengers) ctx.edit_messengers() = *target.change.messengers;
    if (target.change.sides) ctx.edit_sides() = *target.change.sides;
    if (target.change.clock) ctx.edit_clock() = *target.change.clock;
    ctx.refresh_views();  // the rules read the views (a general's condition, a unit's mount)
    PendingAction again;
    again.request = target.request;
    again.entered = &ctx.request();
    again.key_prefix = "reroll:";
    std::string old_rolls;
    std::string old_words;  // each with whose it was: "5 (entered)", "0.192 (generated)"
    for (const ActionRoll& roll : target.rolls) {
        old_rolls += (old_rolls.empty() ? "" : ", ") + format_roll(roll.roll.kind, roll.roll.value);
        old_words += (old_words.empty() ? "" : ", ") + format_roll(roll.roll.kind, roll.roll.value) + " (" +
                     std::string(to_string(roll.roll.source)) + ")";
    }
    // The re-roll's own key: undoing a re-roll and re-rolling again gives the same roll.
    ctx.execute_again(again, target.seq);  // still recording into this action's change: a refusal rolls everything back
    PendingAction& p = ctx.pending();
    p.rolls = std::move(again.rolls);
    p.roll_key = "reroll:" + again.roll_key;
    std::string new_rolls;
    for (const ActionRoll& roll : p.rolls) new_rolls += (new_rolls.empty() ? "" : ", ") + format_roll(roll.roll.kind, roll.roll.value);
    p.summary = "Re-roll of #" + std::to_string(target.seq) + " (" + target.kind + "): " + old_rolls + " -> " + new_rolls +
                ". " + again.summary;
    p.explanation = std::move(again.explanation);
    p.explanation.insert(p.explanation.begin(), "deliberate re-roll of #" + std::to_string(target.seq) + ", first rolled " + old_words);
    p.result = std::move(again.result);
    p.result["of"] = target.seq;
    std::get<RerollAction>(p.request.action).of = target.seq;
}

}  // namespace fortuna::detail
