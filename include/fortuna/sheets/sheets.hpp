// SPDX-License-Identifier: MIT
// Printed sheets: the victory and time sheet, army rosters and a rule set's quick reference, as PDF or on a printer.
#pragma once

#include <optional>
#include <string>
#include <string_view>

#include <QDate>
#include <QPageLayout>
#include <QString>

#include "fortuna/sheets/sheet_source.hpp"

class QPagedPaintDevice;

namespace fortuna::sheets {

enum class SheetKind { Victory, Roster, Reference };
enum class Paper { A4, Letter };

std::string_view to_string(SheetKind kind);  // "victory", "roster", "reference"
std::optional<SheetKind> sheet_kind_from_string(std::string_view text);
std::optional<Paper> paper_from_string(std::string_view text);  // "a4", "letter"
std::string sheet_title(SheetKind kind);  // "Victory and time sheet"

// Portrait, 12 mm margins.
QPageLayout page_layout(Paper paper);

// Paints the sheet page after page onto a device that is not yet painted on (QPdfWriter,
// QPrinter). Uses the device's page layout. Returns the number of pages. Throws RuleError
// when the source cannot give this sheet (a quick reference needs a rule set).
int paint_sheet(SheetKind kind, const SheetSource& source, QPagedPaintDevice& device, const QDate& printed);

// Writes a PDF with real, searchable text; returns the number of pages. Throws
// std::runtime_error when the file cannot be written.
int write_pdf(SheetKind kind, const SheetSource& source, const QString& file, Paper paper,
              const QDate& printed = QDate::currentDate());

}  // namespace fortuna::sheets
