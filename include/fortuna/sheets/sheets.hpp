// SPDX-License-Identifier: MIT
// The land games' sheets (victory and time sheet, army rosters, quick reference) from a sheet source, as PDF.
#pragma once

#include <optional>
#include <string_view>

#include <QDate>
#include <QString>

#include "fortuna/sheets/sheet_source.hpp"
#include "fortuna/sheets/table_plan.hpp"

namespace fortuna::sheets {

enum class SheetKind { Victory, Roster, Reference };

std::string_view to_string(SheetKind kind);  // "victory", "roster", "reference"
std::optional<SheetKind> sheet_kind_from_string(std::string_view text);

// The sheet of a source no game session holds (totals typed in, a rule set alone) or of one
// built by hand, through land_sheet and the one renderer; returns the number of pages. Throws
// RuleError for a source that cannot give it, std::runtime_error when the file cannot be written.
int write_pdf(SheetKind kind, const SheetSource& source, const QString& file, PlanPaper paper,
              const QDate& printed = QDate::currentDate());

}  // namespace fortuna::sheets
