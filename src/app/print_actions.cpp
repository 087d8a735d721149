// SPDX-License-Identifier: MIT
// File > Print..., Print Preview... and Export PDF...: a session's sheets through the one renderer behind Qt's print dialogs.
#include "print_actions.hpp"

#include <algorithm>
#include <exception>
#include <optional>
#include <vector>

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
#include "fortuna/sheets/content_sheet.hpp"

namespace fortuna {

namespace print_actions_detail {

// The paper most printers near the user hold: Letter in the US and Canada, A4 elsewhere.
sheets::PlanPaper local_paper() {
    return QLocale().measurementSystem() == QLocale::ImperialUSSystem ? sheets::PlanPaper::Letter : sheets::PlanPaper::A4;
}

void report(QWidget* parent, const std::exception& error) {
    QMessageBox::warning(parent, QObject::tr("Print"),
                         QObject::tr("The sheet could not be printed: %1").arg(QString::fromUtf8(error.what())));
}

// The sheet chosen from the open game's, with where it came from; nullopt when nothing is open,
// the choice is cancelled or the sheet cannot be made (each said). Remembers the last choice.
struct ChosenSheet {
    SheetContent content;
    std::string kind;
    QString origin;
};

std::optional<ChosenSheet> choose_sheet(QWidget* parent, const QString& title, const SheetSessionProvider& provider) {
    try {
        const std::unique_ptr<GameSession> session = provider ? provider() : nullptr;
        if (!session) {
            QMessageBox::information(parent, QObject::tr("Print"), QObject::tr("Open a scenario or a saved game to print its sheets."));
            return std::nullopt;
        }
        std::vector<SheetContent> contents;
        QStringList names;
        for (const std::string& kind : session->sheet_kinds()) {
            contents.push_back(session->sheet(kind));
            names << QString::fromStdString(contents.back().title);
        }
        if (contents.empty()) {
            QMessageBox::information(parent, title, QObject::tr("This game prints no sheets yet."));
            return std::nullopt;
        }
        static int last = 0;
        bool ok = false;
        const QString chosen = QInputDialog::getItem(parent, title, QObject::tr("Sheet:"), names, last < names.size() ? last : 0, false, &ok);
        if (!ok) return std::nullopt;
        last = static_cast<int>(std::max<qsizetype>(0, names.indexOf(chosen)));
        const std::size_t index = static_cast<std::size_t>(last);
        return ChosenSheet{contents[index], session->sheet_kinds()[index], QString::fromStdString(session->scenario_id())};
    } catch (const std::exception& error) {
        report(parent, error);
        return std::nullopt;
    }
}

void print(QWidget* parent, const SheetSessionProvider& provider) {
    const auto sheet = choose_sheet(parent, QObject::tr("Print"), provider);
    if (!sheet) return;
    QPrinter printer(QPrinter::HighResolution);
    printer.setPageLayout(sheets::content_page_layout(local_paper()));
    printer.setDocName(QString::fromStdString(sheet->content.title));
    QPrintDialog dialog(&printer, parent);
    if (dialog.exec() != QDialog::Accepted) return;
    try {
        sheets::paint_content_sheet(sheet->content, printer, sheet->origin, QDate::currentDate());
    } catch (const std::exception& error) {
        report(parent, error);
    }
}

void preview(QWidget* parent, const SheetSessionProvider& provider) {
    const auto sheet = choose_sheet(parent, QObject::tr("Print Preview"), provider);
    if (!sheet) return;
    QPrinter printer(QPrinter::HighResolution);
    printer.setPageLayout(sheets::content_page_layout(local_paper()));
    QPrintPreviewDialog dialog(&printer, parent);
    dialog.setWindowTitle(QString::fromStdString(sheet->content.title));
    QObject::connect(&dialog, &QPrintPreviewDialog::paintRequested, &dialog, [&](QPrinter* target) {
        try {
            sheets::paint_content_sheet(sheet->content, *target, sheet->origin, QDate::currentDate());
        } catch (const std::exception& error) {
            report(parent, error);
        }
    });
    dialog.exec();
}

void export_pdf(QWidget* parent, const SheetSessionProvider& provider) {
    const auto sheet = choose_sheet(parent, QObject::tr("Export PDF"), provider);
    if (!sheet) return;
    const QString suggested = app::start_folder() + QLatin1Char('/') + QString::fromStdString(sheet->kind) + QStringLiteral(".pdf");
    QString file = QFileDialog::getSaveFileName(parent, QObject::tr("Export PDF"), suggested, QObject::tr("PDF (*.pdf)"));
    if (file.isEmpty()) return;
    if (!file.endsWith(QStringLiteral(".pdf"), Qt::CaseInsensitive)) file += QStringLiteral(".pdf");
    try {
        sheets::write_content_pdf(sheet->content, file, local_paper(), sheet->origin);
        app::confirm_export(parent, file, QString::fromStdString(sheet->content.title));
    } catch (const std::exception& error) {
        report(parent, error);
    }
}

}  // namespace print_actions_detail

void installPrintActions(QMenu* fileMenu, QWidget* parent, SheetSessionProvider current) {
    using namespace print_actions_detail;
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
