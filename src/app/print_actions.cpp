// SPDX-License-Identifier: MIT
// File > Print..., Print Preview... and Export PDF...: the sheets library behind Qt's print dialogs.
#include "print_actions.hpp"

#include <exception>

#include <QAction>
#include <QDate>
#include <QFileDialog>
#include <QInputDialog>
#include <QKeySequence>
#include <QLocale>
#include <QMenu>
#include <QMessageBox>
#include <QPrintDialog>
#include <QPrintPreviewDialog>
#include <QPrinter>

#include "export_actions.hpp"
#include "fortuna/sheets/sheets.hpp"

namespace fortuna {

namespace {

using sheets::SheetKind;

// The paper most printers near the user hold: Letter in the US and Canada, A4 elsewhere.
sheets::Paper local_paper() {
    return QLocale().measurementSystem() == QLocale::ImperialUSSystem ? sheets::Paper::Letter : sheets::Paper::A4;
}

// Asks which sheet; remembers the last answer for the next time.
std::optional<SheetKind> choose_sheet(QWidget* parent, const QString& title) {
    static int last = 0;
    const SheetKind kinds[] = {SheetKind::Victory, SheetKind::Roster, SheetKind::Reference};
    QStringList names;
    for (const SheetKind kind : kinds) names << QString::fromStdString(sheets::sheet_title(kind));
    bool ok = false;
    const QString chosen = QInputDialog::getItem(parent, title, QObject::tr("Sheet:"), names, last, false, &ok);
    if (!ok) return std::nullopt;
    last = static_cast<int>(names.indexOf(chosen));
    return kinds[last < 0 ? 0 : last];
}

std::optional<sheets::SheetSource> current_source(QWidget* parent, const SheetSourceProvider& provider) {
    std::optional<sheets::SheetSource> source = provider ? provider() : std::nullopt;
    if (!source || !source->rules)
        QMessageBox::information(parent, QObject::tr("Print"), QObject::tr("Open a scenario or a saved game to print its sheets."));
    return source;
}

void report(QWidget* parent, const std::exception& error) {
    QMessageBox::warning(parent, QObject::tr("Print"),
                         QObject::tr("The sheet could not be printed: %1").arg(QString::fromUtf8(error.what())));
}

void print(QWidget* parent, const SheetSourceProvider& provider) {
    const auto source = current_source(parent, provider);
    if (!source) return;
    const auto kind = choose_sheet(parent, QObject::tr("Print"));
    if (!kind) return;
    QPrinter printer(QPrinter::HighResolution);
    printer.setPageLayout(sheets::page_layout(local_paper()));
    printer.setDocName(QString::fromStdString(sheets::sheet_title(*kind)));
    QPrintDialog dialog(&printer, parent);
    if (dialog.exec() != QDialog::Accepted) return;
    try {
        sheets::paint_sheet(*kind, *source, printer, QDate::currentDate());
    } catch (const std::exception& error) {
        report(parent, error);
    }
}

void preview(QWidget* parent, const SheetSourceProvider& provider) {
    const auto source = current_source(parent, provider);
    if (!source) return;
    const auto kind = choose_sheet(parent, QObject::tr("Print Preview"));
    if (!kind) return;
    QPrinter printer(QPrinter::HighResolution);
    printer.setPageLayout(sheets::page_layout(local_paper()));
    QPrintPreviewDialog dialog(&printer, parent);
    dialog.setWindowTitle(QString::fromStdString(sheets::sheet_title(*kind)));
    QObject::connect(&dialog, &QPrintPreviewDialog::paintRequested, &dialog, [&](QPrinter* target) {
        try {
            sheets::paint_sheet(*kind, *source, *target, QDate::currentDate());
        } catch (const std::exception& error) {
            report(parent, error);
        }
    });
    dialog.exec();
}

void export_pdf(QWidget* parent, const SheetSourceProvider& provider) {
    const auto source = current_source(parent, provider);
    if (!source) return;
    const auto kind = choose_sheet(parent, QObject::tr("Export PDF"));
    if (!kind) return;
    const QString suggested = app::start_folder() + QLatin1Char('/') + QString::fromStdString(std::string(sheets::to_string(*kind))) +
                              QStringLiteral(".pdf");
    QString file = QFileDialog::getSaveFileName(parent, QObject::tr("Export PDF"), suggested, QObject::tr("PDF (*.pdf)"));
    if (file.isEmpty()) return;
    if (!file.endsWith(QStringLiteral(".pdf"), Qt::CaseInsensitive)) file += QStringLiteral(".pdf");
    try {
        sheets::write_pdf(*kind, *source, file, local_paper());
        app::confirm_export(parent, file, QString::fromStdString(sheets::sheet_title(*kind)));
    } catch (const std::exception& error) {
        report(parent, error);
    }
}

}  // namespace

void installPrintActions(QMenu* fileMenu, QWidget* parent, SheetSourceProvider current) {
    QAction* print_action = fileMenu->addAction(QObject::tr("&Print..."));
    print_action->setShortcut(QKeySequence::Print);
    print_action->setStatusTip(QObject::tr("Print the victory and time sheet, the army rosters or the quick reference"));
    QObject::connect(print_action, &QAction::triggered, parent, [parent, current] { print(parent, current); });

    QAction* preview_action = fileMenu->addAction(QObject::tr("Print Pre&view..."));
    QObject::connect(preview_action, &QAction::triggered, parent, [parent, current] { preview(parent, current); });

    QAction* pdf_action = fileMenu->addAction(QObject::tr("&Export PDF..."));
    pdf_action->setStatusTip(QObject::tr("Write a sheet as a PDF file"));
    QObject::connect(pdf_action, &QAction::triggered, parent, [parent, current] { export_pdf(parent, current); });
}

}  // namespace fortuna
