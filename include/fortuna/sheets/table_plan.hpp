// SPDX-License-Identifier: MIT
// The table plan of a battle for the club's notice board (issue 31, item 5): the table to scale on
// one landscape page with its terrain, a 10 cm grid numbered along the edges, every unit's
// footprint where it deploys, facing and coded, and every general; then a set-up list giving each
// unit's place in centimetres from the left and top edges, and the reinforcements by time and
// edge. Printed on A4, A3 or Letter.
#pragma once

#include <optional>
#include <string_view>

#include <QDate>
#include <QPageLayout>
#include <QString>

#include "fortuna/land/scenario.hpp"

class QPagedPaintDevice;

namespace fortuna::sheets {

enum class PlanPaper { A4, A3, Letter };

std::optional<PlanPaper> plan_paper_from_string(std::string_view text);  // "a4", "a3", "letter"

// Landscape, 10 mm margins.
QPageLayout table_plan_layout(PlanPaper paper);

// Paints the plan onto a device not yet painted on (QPdfWriter, QPrinter), in its page layout;
// returns the number of pages. A draft whose units name no known type shows them as small
// squares; nothing in the scenario is checked here (scenario_problems does that).
int paint_table_plan(const Scenario& scenario, QPagedPaintDevice& device, const QDate& printed);

// Writes the plan as a PDF; returns the number of pages. Throws std::runtime_error when the file
// cannot be written.
int write_table_plan_pdf(const Scenario& scenario, const QString& file, PlanPaper paper,
                         const QDate& printed = QDate::currentDate());

}  // namespace fortuna::sheets
