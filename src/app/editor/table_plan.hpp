// SPDX-License-Identifier: MIT
// The editor's (and the desk's) way to the table plan sheet (fortuna/sheets/table_plan.hpp): a
// preview to print from, or a PDF on the paper the organiser picks.
#pragma once

class QWidget;

namespace fortuna {
struct Scenario;
}

namespace fortuna::app {

// Print preview of the plan on landscape A4 (Letter where the locale measures in inches); the
// preview's own page set-up changes the paper (A3 for the club's board) and prints.
void print_table_plan(QWidget* parent, const Scenario& scenario);
// Asks for the paper (A4, A3, Letter) and a .pdf file, writes the plan, confirms with an Open button.
void export_table_plan(QWidget* parent, const Scenario& scenario);

}  // namespace fortuna::app
