// SPDX-License-Identifier: MIT
// Builds a sheet source from a scenario or from army totals typed in.
#include "fortuna/sheets/sheet_source.hpp"
#include "fortuna/land/land_tables.hpp"

#include <algorithm>

#include "fortuna/core/errors.hpp"
#include "fortuna/seam/library.hpp"

namespace fortuna::sheets {

int SheetCommand::bases() const {
    int total = 0;
    for (const auto& unit : units) total += unit.bases;
    return total;
}

namespace sheet_source_detail {

std::string nation_name(const RulesLibrary& library, const std::string& ruleset, const std::string& nation) {
    try {
        return land_tables(library).army(ruleset, nation).name;
    } catch (const std::exception&) {
        return nation;
    }
}

SheetCommand command_from(const CommandSetup& setup) {
    SheetCommand command;
    command.name = setup.name;
    if (setup.general) {
        command.general = setup.general->name;
        command.great_captain = setup.general->great_captain;
    }
    for (const auto& unit : setup.units) {
        SheetUnit sheet_unit;
        sheet_unit.code = unit.code;
        sheet_unit.name = unit.name;
        sheet_unit.type = unit.unit_type;
        sheet_unit.bases = unit.bases;
        sheet_unit.state = unit.state;
        command.units.push_back(std::move(sheet_unit));
    }
    return command;
}

}  // namespace sheet_source_detail

using sheet_source_detail::command_from;
using sheet_source_detail::nation_name;

SheetSource source_from_scenario(const RulesLibrary& library, const Scenario& scenario) {
    SheetSource source;
    source.kind = SourceKind::Scenario;
    source.rules = &land_tables(library).ruleset(scenario.ruleset);
    source.title = scenario.name;
    source.origin = "scenario " + scenario.id;
    source.start = scenario.start;
    source.dusk = scenario.dusk;
    for (const auto& side_setup : scenario.sides) {
        SheetSide side;
        side.id = side_setup.id;
        side.name = side_setup.name;
        side.nation = nation_name(library, scenario.ruleset, side_setup.nation);
        for (const auto& command : side_setup.commands) {
            side.commands.push_back(command_from(command));
            side.bases_start += side.commands.back().bases();
        }
        source.sides.push_back(std::move(side));
    }
    std::vector<const ReinforcementSetup*> arrivals;
    for (const auto& reinforcement : scenario.reinforcements) arrivals.push_back(&reinforcement);
    std::stable_sort(arrivals.begin(), arrivals.end(), [](const auto* a, const auto* b) { return a->arrives < b->arrives; });
    for (const ReinforcementSetup* reinforcement : arrivals) {
        const int side = scenario.side_index(reinforcement->side);
        if (side < 0) continue;  // the loader has already refused such a scenario
        SheetCommand command = command_from(reinforcement->command);
        command.arrives = reinforcement->arrives;
        command.entry = reinforcement->entry;
        SheetReinforcement arrival;
        arrival.side = side;
        arrival.arrives = reinforcement->arrives;
        arrival.name = command.name;
        arrival.entry = reinforcement->entry;
        arrival.bases = command.bases();
        source.reinforcements.push_back(arrival);
        source.sides[static_cast<std::size_t>(side)].commands.push_back(std::move(command));
    }
    return source;
}

SheetSource source_from_totals(const RuleSet& rules, const std::vector<int>& totals, int start, int end) {
    if (totals.size() != 2)
        throw RuleError("--totals needs the two armies' totals in base units, as A,B (for example 40,36); got " +
                        std::to_string(totals.size()) + (totals.size() == 1 ? " number" : " numbers"));
    for (const int total : totals)
        if (total < 1 || total > 10000)
            throw RuleError("an army's total must be 1 to 10000 base units, not " + std::to_string(total));
    if (end <= start) throw RuleError("the end (dusk) must come after the start");
    if (end - start > 24 * 60) throw RuleError("a battle of more than 24 hours does not fit a time track");
    SheetSource source;
    source.kind = SourceKind::Totals;
    source.rules = &rules;
    source.title = "Army totals typed in";
    source.origin = "totals " + std::to_string(totals[0]) + "," + std::to_string(totals[1]);
    source.start = start;
    source.dusk = end;
    const char* names[] = {"Side A", "Side B"};
    for (std::size_t i = 0; i < 2; ++i) {
        SheetSide side;
        side.id = i == 0 ? "a" : "b";
        side.name = names[i];
        side.bases_start = totals[i];
        source.sides.push_back(std::move(side));
    }
    return source;
}

int side_total_at(const SheetSource& source, int side, int minutes) {
    int total = source.sides.at(static_cast<std::size_t>(side)).bases_start;
    for (const auto& reinforcement : source.reinforcements)
        if (reinforcement.side == side && reinforcement.arrives <= minutes) total += reinforcement.bases;
    return total;
}

}  // namespace fortuna::sheets
