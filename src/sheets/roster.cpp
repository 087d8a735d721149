// SPDX-License-Identifier: MIT
// The army roster: each side's units by command with factors, movement, rally need, base and state boxes.
#include <algorithm>
#include <cmath>

#include "builders.hpp"

namespace fortuna::sheets {

namespace {


QString mm(double value) { return QString::number(std::lround(value)); }

std::vector<TableColumn> roster_columns(RollKind rally_kind) {
    return {{QStringLiteral("Code"), 0.85, Qt::AlignLeft},
            {QStringLiteral("Unit"), 2.5, Qt::AlignLeft},
            {QStringLiteral("Type"), 2.0, Qt::AlignLeft},
            {QStringLiteral("Factor N / D"), 0.85, Qt::AlignCenter},
            // Wide enough for "Open" in the bold header font (0.62 clipped it to "Oper").
            {QStringLiteral("Open"), 0.72, Qt::AlignCenter},
            {QStringLiteral("Diff."), 0.7, Qt::AlignCenter},
            {QStringLiteral("Road"), 0.7, Qt::AlignCenter},
            {QStringLiteral("Charge"), 0.95, Qt::AlignCenter},
            {QStringLiteral("Rally"), rally_kind == RollKind::Random ? 1.05 : 0.6, Qt::AlignCenter},
            {QStringLiteral("Bases (cross off)"), 2.5, Qt::AlignLeft},
            {QStringLiteral("State"), 1.25, Qt::AlignLeft}};
}

Cell state_cell(UnitState state, bool off_board) {
    Cell cell;
    cell.boxes = 3;
    cell.labels = {QStringLiteral("D"), QStringLiteral("W"), QStringLiteral("R")};
    if (!off_board) {
        switch (state) {
        case UnitState::Disrupted: cell.ticked = 0; break;
        case UnitState::Withdrawing: cell.ticked = 1; break;
        case UnitState::Routing: cell.ticked = 2; break;
        case UnitState::Normal: break;
        }
    }
    return cell;
}

std::vector<Cell> unit_row(const RuleSet& rules, const SheetSide& side, const SheetUnit& unit) {
    const RollKind kind = rules.unit_roll_kind();
    std::vector<Cell> cells{qs(unit.code), qs(unit.name)};
    if (unit.off_board) cells[1].text += QStringLiteral(" (off the table)");
    if (const UnitType* type = unit.type) {
        cells.emplace_back(qs(type->name));
        cells.emplace_back(QStringLiteral("%1 / %2").arg(type->factor_normal).arg(type->factor_disrupted));
        cells.emplace_back(mm(type->movement.allowance("normal")));
        cells.emplace_back(mm(type->movement.allowance("difficult")));
        cells.emplace_back(mm(type->movement.allowance("road")));
        cells.emplace_back(mm(type->movement.allowance("charge")));
        cells.emplace_back(roll_text(kind, type->rally) + QLatin1Char('+'));
    } else {
        for (int i = 0; i < 7; ++i) cells.emplace_back(QString());
    }
    (void)side;
    Cell bases;
    bases.boxes = std::max(1, unit.bases);
    if (unit.bases_now) bases.crossed = std::clamp(unit.bases - *unit.bases_now, 0, unit.bases);
    if (unit.off_board) bases.crossed = bases.boxes;
    cells.push_back(bases);
    cells.push_back(state_cell(unit.state, unit.off_board));
    return cells;
}

QString command_heading(const SheetCommand& command) {
    QString text = qs(command.name);
    if (!command.general.empty())
        text += QStringLiteral(" \u2014 %1%2").arg(qs(command.general), command.great_captain ? QStringLiteral(" (great captain)") : QString());
    text += QStringLiteral(" \u2014 %1 base units").arg(command.bases());
    if (command.arrives) {
        text += QStringLiteral(" \u2014 reinforcement, arrives %1").arg(clock(*command.arrives));
        if (!command.entry.empty()) text += QStringLiteral(" ") + qs(command.entry);
        if (command.arrived) text += QStringLiteral(" (arrived)");
    }
    return text;
}

}  // namespace

void build_roster(Document& document, const SheetSource& source) {
    const RuleSet& rules = *source.rules;
    const RollKind kind = rules.unit_roll_kind();
    for (const auto& side : source.sides) {
        int total = side.bases_start;
        for (const auto& command : side.commands)
            if (command.arrives) total += command.bases();
        QString note = QStringLiteral("%1 base units at the start").arg(side.bases_start);
        if (total != side.bases_start) note += QStringLiteral(", %1 with reinforcements").arg(total);
        const QString title = side.nation.empty() || side.nation == side.name
                                  ? qs(side.name)
                                  : QStringLiteral("%1 (%2)").arg(qs(side.name), qs(side.nation));
        document.emplace<HeadingBlock>(title, note);
        auto& table = document.emplace<TableBlock>(roster_columns(kind), fonts().body, fonts().small_bold);
        table.space_before = 3;
        table.box_size = 10;  // big enough to tick with a pencil
        table.padding = 2.5;
        if (side.commands.empty()) {
            // Totals typed in: a blank form to fill in by hand.
            table.group(QStringLiteral("Command: "));
            const int rows = std::clamp((side.bases_start + 3) / 4, 6, 16);
            for (int r = 0; r < rows; ++r) {
                std::vector<Cell> cells(11, Cell(QStringLiteral(" ")));
                cells[9].boxes = 8;
                cells[10] = state_cell(UnitState::Normal, false);
                table.add(cells);
            }
            continue;
        }
        for (const auto& command : side.commands) {
            table.group(command_heading(command));
            for (const auto& unit : command.units) table.add(unit_row(rules, side, unit));
        }
    }
    QString legend =
        QStringLiteral("Factor: combat factor of each base, normal / disrupted (infantry in %1 use the disrupted factor). "
                       "Movement in board mm a turn: in the open, in difficult ground, on a road, charging. "
                       "Rally: the roll a disrupted or withdrawing unit needs to recover; a routing unit needs %2 (%3). ")
            .arg(rules.id == "glaube" ? QStringLiteral("hedgehog") : QStringLiteral("square"),
                 roll_text(rules.rally.roll, rules.rally.routing_needs), qs(rules.rally.section));
    if (rules.leaders.modifiers.rally != 0)
        legend += QStringLiteral("A general with the unit adds %1. ").arg(modifier_text(rules.rally.roll, rules.leaders.modifiers.rally));
    legend += QStringLiteral("Cross off a base box for every base unit lost and mark it on the victory sheet. "
                             "State: D disrupted, W withdrawing, R routing; clear the box when the unit rallies.");
    document.emplace<TextBlock>(legend, fonts().tiny, kMuted).space_before = 6;
}

}  // namespace fortuna::sheets
