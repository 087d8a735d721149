// SPDX-License-Identifier: MIT
// Print preview and PDF export of a battle's table plan (table_plan.hpp).
#include "table_plan.hpp"

#include <exception>

#include <QDate>
#include <QFileDialog>
#include <QInputDialog>
#include <QLocale>
#include <QMessageBox>
#include <QPrintPreviewDialog>
#include <QPrinter>
#include <QStringList>

#include "export_actions.hpp"
#include "fortuna/land/scenario.hpp"
#include "fortuna/sheets/table_plan.hpp"

namespace fortuna::app {

namespace {

sheets::PlanPaper local_plan_paper() {
    return QLocale().measurementSystem() == QLocale::ImperialUSSystem ? sheets::PlanPaper::Letter : sheets::PlanPaper::A4;
}

void report_failure(QWidget* parent, const std::exception& error) {
    QMessageBox::warning(parent, QObject::tr("Table Plan"),
                         QObject::tr("The table plan could not be printed: %1").arg(QString::fromUtf8(error.what())));
}

}  // namespace

void print_table_plan(QWidget* parent, const Scenario& scenario) {
    QPrinter printer(QPrinter::HighResolution);
    printer.setPageLayout(sheets::table_plan_layout(local_plan_paper()));
    printer.setDocName(QObject::tr("Table plan"));
    QPrintPreviewDialog dialog(&printer, parent);
    dialog.setWindowTitle(QObject::tr("Table Plan: %1").arg(QString::fromStdString(scenario.name)));
    QObject::connect(&dialog, &QPrintPreviewDialog::paintRequested, &dialog, [&](QPrinter* target) {
        try {
            sheets::paint_table_plan(scenario, *target, QDate::currentDate());
        } catch (const std::exception& error) {
            report_failure(parent, error);
        }
    });
    dialog.exec();
}

void export_table_plan(QWidget* parent, const Scenario& scenario) {
    const QStringList papers{QStringLiteral("A4"), QStringLiteral("A3"), QStringLiteral("Letter")};
    static int last = local_plan_paper() == sheets::PlanPaper::Letter ? 2 : 0;
    bool ok = false;
    const QString paper = QInputDialog::getItem(parent, QObject::tr("Export Table Plan"),
                                                QObject::tr("Paper (landscape):"), papers, last, false, &ok);
    if (!ok) return;
    last = static_cast<int>(papers.indexOf(paper));
    const QString suggested = start_folder() + QLatin1Char('/') +
                              QString::fromStdString(scenario.id.empty() ? std::string("battle") : scenario.id) +
                              QStringLiteral("-table-plan.pdf");
    QString file = QFileDialog::getSaveFileName(parent, QObject::tr("Export Table Plan"), suggested, QObject::tr("PDF (*.pdf)"));
    if (file.isEmpty()) return;
    if (!file.endsWith(QStringLiteral(".pdf"), Qt::CaseInsensitive)) file += QStringLiteral(".pdf");
    try {
        sheets::write_table_plan_pdf(scenario, file, *sheets::plan_paper_from_string(paper.toStdString()));
        remember_folder(file);
        confirm_export(parent, file, QObject::tr("Table plan"));
    } catch (const std::exception& error) {
        report_failure(parent, error);
    }
}

}  // namespace fortuna::app
