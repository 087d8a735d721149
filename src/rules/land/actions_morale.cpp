// SPDX-License-Identifier: MIT
// The morale family: rally, the control test after a rout and the crisis-of-morale test of a side
// (the routers' run is movement).
#include "action_context.hpp"
#include "fortuna/core/errors.hpp"
#include "fortuna/land/rules_of_play.hpp"

namespace fortuna::detail {

namespace {

// A general's help with a morale roll (seed 000, 5.3): under fire first, once a turn he helps,
// then +0.100 (+0.200 for a great captain) or +1 on the die if he stands.
RallySupport general_support(ActionContext& ctx, const std::optional<std::string>& code, std::size_t u, const std::string& what) {
    if (!code) return RallySupport::None;
    const Unit& unit = ctx.unit(u);
    const std::size_t g = ctx.general_index("general", *code);
    const General& general = ctx.general(g);
    if (general.id.side != unit.id.side) ctx.fail("general", "a general of the unit's side");
    if (general.effective() && ctx.rules_version() >= 2 && !under_fire_this_turn(ctx, general.id.code)) {
        const LeaderResolution r = leader_under_fire(ctx, g, u, "general");
        if (r.casualty) ctx.explain(general.id.code + " falls and cannot help the " + what);
    }
    if (ctx.general(g).effective() && ctx.state().generals[g].condition == GeneralCondition::Present)
        return general.id.great_captain ? RallySupport::GreatCaptain : RallySupport::General;
    ctx.explain(general.id.code + " is " + std::string(to_string(ctx.state().generals[g].condition)) + " and cannot help");
    return RallySupport::None;
}

}  // namespace

void execute(ActionContext& ctx, const RallyAction& action) {
    const std::size_t u = ctx.on_board_unit("unit", action.unit);
    const Unit& unit = ctx.unit(u);
    const UnitState before = ctx.state().units[u].state;
    // A pursuer in good order is brought back under control by the same test (8.7 "until rallied").
    const bool pursuing = ctx.state().units[u].pursuing >= 0;
    if (before == UnitState::Normal && !pursuing) ctx.fail("unit", "a disrupted, routing or pursuing unit (" + unit.id.code + " is in good order)");
    require_phasing(ctx, unit, "rallies", Refusal::NotPhasingRally);
    ctx.key_rolls("rally", {unit.id.code});
    const RallySupport support = general_support(ctx, action.general, u, "rally");
    const ActionRoll roll = ctx.draw("roll", ctx.rules().rally.roll);
    // A pursuer's test is its morale value, as a disrupted unit's (8.7 refers to 5.1's table).
    const UnitState tested = before == UnitState::Normal ? UnitState::Disrupted : before;
    const RallyResolution r = resolve_rally(ctx.rules(), tested, &unit.type(), support, roll.roll);
    ctx.explain(r.explanation);
    const UnitState after = before == UnitState::Normal ? UnitState::Normal : r.after;
    ctx.edit(u).state = after;
    std::string pursued;
    if (pursuing) {
        pursued = ctx.unit(static_cast<std::size_t>(ctx.state().units[u].pursuing)).id.code;
        if (r.rallied) {
            ctx.edit(u).pursuing = -1;
            ctx.explain(unit.id.code + " stops pursuing " + pursued + " and answers orders again (seed 000, 8.7)");
        }
    }
    ctx.result() = {{"needed", r.needed}, {"modified_roll", r.modified_roll}, {"rallied", r.rallied},
                    {"before", to_string(before)}, {"after", to_string(after)}};
    const std::string was = pursuing && before == UnitState::Normal ? "pursuing " + pursued : std::string(to_string(before));
    ctx.summary(unit_label(unit) + " (" + was + ") tries to rally, roll " + format_roll(roll.roll.kind, roll.roll.value) +
                (r.rallied ? ": rallies, now " : ": fails, stays ") +
                (pursuing && before == UnitState::Normal ? (r.rallied ? std::string("under control") : "pursuing " + pursued)
                                                         : std::string(to_string(after))));
}

void execute(ActionContext& ctx, const ControlAction& action) {
    const std::size_t u = ctx.on_board_unit("unit", action.unit);
    const Unit& unit = ctx.unit(u);
    // seed 000, 8.7: only troops that routed their opponent in close combat, once.
    std::optional<CloseCombatRout> rout;
    for (const CloseCombatRout& r : routs_this_phase(ctx.game()))
        if (r.victor == unit.id.code) rout = r;
    // Nothing to test: no enemy routed to pursue, a victor routing itself, a test taken (a second
    // roll is a re-roll, its own action). Malformed requests, not rules to overrule.
    if (!rout)
        ctx.fail("unit", "a unit that routed an enemy in close combat this phase (seed 000, 8.7; " + unit.id.code +
                             " routed no enemy in close combat this phase: no control test is due)");
    if (ctx.state().units[u].state == UnitState::Routing)
        ctx.fail("unit", "a victor in good order or disrupted (seed 000, 8.7; " + unit.id.code + " is routing itself)");
    if (control_tested_this_phase(ctx.game(), unit.id.code))
        ctx.fail("unit", "a unit yet to take its control test this phase (seed 000, 8.7; " + unit.id.code +
                             " has taken its control test this phase: a second roll is a 'reroll')");
    ctx.key_rolls("control", {unit.id.code});
    const RallySupport support = general_support(ctx, action.general, u, "control test");
    const ActionRoll roll = ctx.draw("roll", ctx.rules().rally.roll);
    // "comparing the result to the morale test values in the National Army tables": the value a
    // disrupted unit of its type needs to rally (5.1), with a general's help (5.3).
    const RallyResolution r = resolve_rally(ctx.rules(), UnitState::Disrupted, &unit.type(), support, roll.roll);
    const std::size_t routed = static_cast<std::size_t>(&ctx.game().unit(rout->routed) - ctx.units().data());
    if (!r.rallied) ctx.edit(u).pursuing = static_cast<int>(routed);
    ctx.explain("seed 000, 8.7: control test against the unit's morale value; below it, the unit pursues the routers until rallied");
    ctx.explain(r.explanation);
    ctx.result() = {{"needed", r.needed}, {"modified_roll", r.modified_roll}, {"in_control", r.rallied}, {"routed", rout->routed}};
    if (!r.rallied) ctx.result()["pursuing"] = rout->routed;
    ctx.summary(unit_label(unit) + " takes its control test after routing " + rout->routed + ", roll " +
                format_roll(roll.roll.kind, roll.roll.value) +
                (r.rallied ? ": under control" : ": out of control, pursues " + rout->routed));
}

void execute(ActionContext& ctx, const CrisisAction& action) {
    const Scenario& scenario = ctx.scenario();
    const int side = scenario.side_index(action.side);
    if (side < 0) ctx.fail("side", "'" + scenario.sides[0].id + "' or '" + scenario.sides[1].id + "'");
    const SideTally t = ctx.game().tally(side);
    // The thresholds of this hour (seed 001: "at the specified time on the battlefield").
    const CrisisOfMoraleTable table = ctx.game().crisis_table(side);
    const CrisisAssessment assessment = assess_crisis(table, t.bases_lost, t.bases_start);
    if (const MoraleThresholds* period = ctx.game().thresholds_now(side)) {
        std::string percents;
        for (const int p : period->percents) percents += (percents.empty() ? "" : ", ") + std::to_string(p) + "%";
        ctx.explain("the scenario's sauve-qui-peut thresholds from " + format_clock(period->from) + ": " + percents +
                    (period->source.empty() ? std::string() : " (" + period->source + ")"));
    }
    const int tested = ctx.state().sides[static_cast<std::size_t>(side)].tested_level;
    if (!assessment.level || *assessment.level <= tested) {
        ctx.fail("side", "a side that has crossed a new threshold (seed 000, 9.2; " + t.name + " has crossed none: " +
                             std::to_string(t.bases_lost) + " of " + std::to_string(t.bases_start) + " bases lost, " +
                             fixed(t.percent_lost, 1) + "%, no crisis-of-morale test is due)");
    }
    ctx.key_rolls("crisis", {action.side});
    std::vector<std::size_t> affected;
    bool any_crisis = false;
    std::string rolled;
    const auto hit = [&](std::size_t i) {
        UnitStatus& now = ctx.edit(i);
        now.state = now.state == UnitState::Normal ? UnitState::Disrupted : UnitState::Routing;
    };
    const auto in_battle = [&](std::size_t i) {
        return ctx.unit(i).id.side == side && ctx.state().units[i].presence == Presence::OnBoard;
    };
    if (table.scope == "unit") {
        // A roll for every unit on the table (rule sets whose crisis strikes unit by unit).
        for (std::size_t i = 0; i < ctx.units().size(); ++i) {
            if (!in_battle(i)) continue;
            std::optional<Roll> natural;
            if (!assessment.immediate) natural = ctx.draw(ctx.unit(i).id.code, table.roll).roll;
            const CrisisResolution r = resolve_crisis(table, t.bases_lost, t.bases_start, natural);
            if (r.crisis) {
                hit(i);
                affected.push_back(i);
                any_crisis = true;
            }
            if (natural) rolled += (rolled.empty() ? "" : ", ") + ctx.unit(i).id.code + " " + format_roll(natural->kind, natural->value);
        }
        ctx.explain(assessment.explanation);
    } else {
        std::optional<Roll> natural;
        if (!assessment.immediate) natural = ctx.draw("roll", table.roll).roll;
        const CrisisResolution r = resolve_crisis(table, t.bases_lost, t.bases_start, natural);
        ctx.explain(r.explanation);
        if (natural) rolled = format_roll(natural->kind, natural->value);
        if (r.crisis) {
            any_crisis = true;
            for (std::size_t i = 0; i < ctx.units().size(); ++i) {
                if (!in_battle(i)) continue;
                hit(i);
                affected.push_back(i);
            }
        }
    }
    SideStatus& status = ctx.edit_sides()[static_cast<std::size_t>(side)];
    status.tested_level = *assessment.level;
    if (any_crisis) {
        ++status.crises;
        status.last_crisis_turn = ctx.clock().turn;
        ctx.explain(table.effect);
    }
    nlohmann::json codes = nlohmann::json::array();
    for (std::size_t i : affected) codes.push_back(ctx.unit(i).id.code);
    ctx.result() = {{"level", *assessment.level}, {"band", assessment.band}, {"immediate", assessment.immediate},
                    {"crisis", any_crisis}, {"affected", codes}};
    ctx.summary(t.name + " crisis-of-morale test at " + std::to_string(*assessment.level) + "% (" +
                std::to_string(t.bases_lost) + " of " + std::to_string(t.bases_start) + " bases lost)" +
                (rolled.empty() ? std::string(", immediate") : ", roll " + rolled) +
                (any_crisis ? ": CRISIS, " + std::to_string(affected.size()) + " units disrupted or routed"
                            : ": the army fights on"));
}

}  // namespace fortuna::detail
