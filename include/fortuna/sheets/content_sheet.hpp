// SPDX-License-Identifier: MIT
// The one renderer of the sheets a rule system gives through the seam (SheetContent,
// fortuna/sheets/sheet_content.hpp): any of them laid out on A4, A3 or Letter, as PDF or on a printer.
#pragma once

#include <QDate>
#include <QString>

#include "fortuna/sheets/sheet_content.hpp"
#include "fortuna/sheets/table_plan.hpp"

class QPagedPaintDevice;

namespace fortuna::sheets {

// Paints `content` page after page onto a device not yet painted on (QPdfWriter, QPrinter), in its
// page layout; `origin` names where it came from (the scenario or the save). Returns the number of
// pages. A section marked as a card is framed and kept whole in its column.
int paint_content_sheet(const SheetContent& content, QPagedPaintDevice& device, const QString& origin, const QDate& printed);

// Portrait, 12 mm margins, on A4, A3 or Letter (the papers of the table plan).
QPageLayout content_page_layout(PlanPaper paper);

// Writes it as a PDF with real, searchable text; returns the number of pages. Throws
// std::runtime_error when the file cannot be written.
int write_content_pdf(const SheetContent& content, const QString& file, PlanPaper paper, const QString& origin,
                      const QDate& printed = QDate::currentDate());

}  // namespace fortuna::sheets
