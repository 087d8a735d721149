// SPDX-License-Identifier: MIT
// The morale family: rally and the crisis-of-morale test of a side (the routers' run is movement).
#include "action_context.hpp"
#include "fortuna/errors.hpp"

namespace fortuna::detail {

void execute(ActionContext& ctx, const RallyAction& action) {
    const std::size_t u = ctx.on_board_unit("unit", action.unit);
    const Unit& unit = ctx.unit(u);
    const UnitState before = ctx.state().units[u].state;
    if (before == UnitState::Normal) throw RuleError(unit.id.code + " is in good order and needs no rally");
    require_phasing(ctx, unit, "rallies", "seed 000, 5: only the army in the attacking stage can rally troops");
    ctx.key_rolls("rally", {unit.id.code});
    RallySupport support = RallySupport::None;
    if (action.general) {
        const std::size_t g = ctx.general_index("general", *action.general);
        const General& general = ctx.general(g);
        if (general.id.side != unit.id.side) ctx.fail("general", "a general of the unit's side");
        if (general.effective() && ctx.rules_version() >= 2 && !under_fire_this_turn(ctx, general.id.code)) {
            // seed 000, 5.3: the general must see if he survives, once each turn he helps.
            const LeaderResolution r = leader_under_fire(ctx, g, u, "general");
            if (r.casualty) ctx.explain(general.id.code + " falls and cannot help the rally");
        }
        if (ctx.general(g).effective() && ctx.state().generals[g].condition == GeneralCondition::Present)
            support = general.id.great_captain ? RallySupport::GreatCaptain : RallySupport::General;
        else
            ctx.explain(general.id.code + " is " + std::string(to_string(ctx.state().generals[g].condition)) +
                        " and cannot help");
    }
    const ActionRoll roll = ctx.draw("roll", ctx.rules().rally.roll);
    const RallyResolution r = resolve_rally(ctx.rules(), before, &unit.type(), support, roll.roll);
    ctx.explain(r.explanation);
    ctx.edit(u).state = r.after;
    ctx.result() = {{"needed", r.needed}, {"modified_roll", r.modified_roll}, {"rallied", r.rallied},
                    {"before", to_string(r.before)}, {"after", to_string(r.after)}};
    ctx.summary(unit_label(unit) + " (" + std::string(to_string(before)) + ") tries to rally, roll " +
                format_roll(roll.roll.kind, roll.roll.value) + (r.rallied ? ": rallies, now " : ": fails, stays ") +
                std::string(to_string(r.after)));
}

void execute(ActionContext& ctx, const CrisisAction& action) {
    const Scenario& scenario = ctx.scenario();
    const int side = scenario.side_index(action.side);
    if (side < 0) ctx.fail("side", "'" + scenario.sides[0].id + "' or '" + scenario.sides[1].id + "'");
    const SideTally t = ctx.game().tally(side);
    const CrisisAssessment assessment = assess_crisis(ctx.rules(), t.bases_lost, t.bases_start);
    const int tested = ctx.state().sides[static_cast<std::size_t>(side)].tested_level;
    if (!assessment.level || *assessment.level <= tested) {
        throw RuleError(t.name + " has crossed no new threshold (" + std::to_string(t.bases_lost) + " of " +
                        std::to_string(t.bases_start) + " bases lost, " + fixed(t.percent_lost, 1) +
                        "%): no crisis-of-morale test is due");
    }
    ctx.key_rolls("crisis", {action.side});
    const auto& table = ctx.rules().crisis_of_morale;
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
            const CrisisResolution r = resolve_crisis(ctx.rules(), t.bases_lost, t.bases_start, natural);
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
        const CrisisResolution r = resolve_crisis(ctx.rules(), t.bases_lost, t.bases_start, natural);
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
