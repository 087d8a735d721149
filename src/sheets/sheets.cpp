// SPDX-License-Identifier: MIT
// Entry points of the sheets library: sheet kinds, paper, painting onto a device and writing a PDF.
#include "fortuna/sheets/sheets.hpp"

#include <stdexcept>

#include <QFileInfo>
#include <QPageSize>
#include <QPdfWriter>

#include "builders.hpp"
#include "fortuna/core/errors.hpp"
#include "fortuna/land/resolution.hpp"

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

std::optional<Paper> paper_from_string(std::string_view text) {
    if (text == "a4" || text == "A4") return Paper::A4;
    if (text == "letter" || text == "Letter") return Paper::Letter;
    return std::nullopt;
}

std::string sheet_title(SheetKind kind) {
    switch (kind) {
    case SheetKind::Victory: return "Victory and time sheet";
    case SheetKind::Roster: return "Army roster";
    case SheetKind::Reference: return "Quick reference";
    }
    return {};
}

QPageLayout page_layout(Paper paper) {
    const QPageSize size(paper == Paper::A4 ? QPageSize::A4 : QPageSize::Letter);
    return QPageLayout(size, QPageLayout::Portrait, QMarginsF(12, 12, 12, 12), QPageLayout::Millimeter);
}

QString roll_text(RollKind kind, int value) { return qs(format_roll(kind, value)); }

QString band_text(RollKind kind, const RollBand& band) { return qs(band.text(kind)); }

QString modifier_text(RollKind kind, int value) { return qs(format_modifier(kind, value)); }

QString chance_text(RollKind kind, const std::optional<RollBand>& band, bool immediate) {
    if (immediate) return QStringLiteral("certain");
    if (!band) return QStringLiteral("none");
    std::uint64_t weight = 0;
    for (const auto& outcome : roll_outcomes(kind))
        if (band->contains(outcome.value)) weight += outcome.weight;
    return qs(Probability{weight, total_weight(kind)}.percent(1));
}

QString clock(int minutes) { return qs(format_clock(minutes)); }

int paint_sheet(SheetKind kind, const SheetSource& source, QPagedPaintDevice& device, const QDate& printed) {
    if (!source.rules) throw RuleError("a sheet needs a rule set");
    const RuleSet& rules = *source.rules;
    PageFrame frame;
    frame.sheet = qs(sheet_title(kind));
    QString details = QStringLiteral("Rule set: %1 (%2, %3)").arg(qs(rules.name), qs(rules.period), qs(rules.id));
    if (kind == SheetKind::Reference) {
        frame.title = qs(rules.name);
        details += QStringLiteral(" \u00b7 printed from %1").arg(QFileInfo(qs(rules.file)).fileName());
        if (source.kind != SourceKind::Totals) details += QStringLiteral(" \u00b7 for %1").arg(qs(source.title));
    } else {
        frame.title = qs(source.title);
        details += QStringLiteral(" \u00b7 %1").arg(qs(source.origin));
    }
    details += QStringLiteral(" \u00b7 printed %1").arg(printed.toString(Qt::ISODate));
    frame.details = details;

    Document document(frame, kind == SheetKind::Reference ? 2 : 1);
    switch (kind) {
    case SheetKind::Victory: build_victory_sheet(document, source); break;
    case SheetKind::Roster: build_roster(document, source); break;
    case SheetKind::Reference: build_reference(document, rules); break;
    }
    return document.paint(device);
}

void prepare_pdf_writer(QPdfWriter& writer, Paper paper, const QString& title) {
    writer.setResolution(600);
    writer.setPageLayout(page_layout(paper));
    writer.setCreator(QStringLiteral("Fortuna Belli"));
    writer.setTitle(title);
}

int write_pdf(SheetKind kind, const SheetSource& source, const QString& file, Paper paper, const QDate& printed) {
    QPdfWriter writer(file);
    prepare_pdf_writer(writer, paper,
                       qs(sheet_title(kind)) + QStringLiteral(" \u2014 ") +
                           qs(kind == SheetKind::Reference && source.rules ? source.rules->name : source.title));
    return paint_sheet(kind, source, writer, printed);
}

}  // namespace fortuna::sheets
