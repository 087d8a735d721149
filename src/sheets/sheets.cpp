// SPDX-License-Identifier: MIT
// The land games' sheets from a source (a scenario, a saved game, totals typed in) on paper: the
// content comes from the rules library (land_sheet), the one renderer lays it out.
#include "fortuna/sheets/sheets.hpp"

#include <QFileInfo>

#include "fortuna/sheets/content_sheet.hpp"

namespace fortuna::sheets {

std::string_view to_string(SheetKind kind) {
    switch (kind) {
    case SheetKind::Victory: return "victory";
    case SheetKind::Roster: return "roster";
    case SheetKind::Reference: return "reference";
    }
    return "victory";
}

std::optional<SheetKind> sheet_kind_from_string(std::string_view text) {
    for (const SheetKind kind : {SheetKind::Victory, SheetKind::Roster, SheetKind::Reference})
        if (to_string(kind) == text) return kind;
    return std::nullopt;
}

int write_pdf(SheetKind kind, const SheetSource& source, const QString& file, PlanPaper paper, const QDate& printed) {
    // A scenario's or save's sheet names its file where it came from; typed totals came from no file.
    const QString origin = source.rules && kind == SheetKind::Reference ? QFileInfo(QString::fromStdString(source.rules->file)).fileName() : QString();
    return write_content_pdf(land_sheet(to_string(kind), source), file, paper, origin, printed);
}

}  // namespace fortuna::sheets
