// SPDX-License-Identifier: MIT
// Where files are written and how the umpire is told: the folder the dialogs start in, the confirmation with an Open button, the battle report.
#include "export_actions.hpp"

#include <QApplication>
#include <QDesktopServices>
#include <QDir>
#include <QFileDialog>
#include <QFileInfo>
#include <QMessageBox>
#include <QProgressDialog>
#include <QPushButton>
#include <QSettings>
#include <QStandardPaths>
#include <QUrl>

#include <exception>

#include "fortuna/land/game.hpp"
#ifdef FORTUNA_HAVE_REPORT
#include "fortuna/report/report_export.hpp"
#endif
#include "qt_text.hpp"

namespace fortuna::app {

using namespace Qt::StringLiterals;

namespace {
const QString kLastFolderKey = u"lastDirectory"_s;
}

QString start_folder() {
    const QString last = QSettings().value(kLastFolderKey).toString();
    if (!last.isEmpty() && QFileInfo(last).isDir()) return last;
    const QString documents = QStandardPaths::writableLocation(QStandardPaths::DocumentsLocation);
    return documents.isEmpty() ? QDir::homePath() : documents;
}

void remember_folder(const QString& file) { QSettings().setValue(kLastFolderKey, QFileInfo(file).absolutePath()); }

void confirm_export(QWidget* parent, const QString& file, const QString& what) {
    remember_folder(file);
    auto* box = new QMessageBox(QMessageBox::Information, QObject::tr("Written"),
                                QObject::tr("%1 written to\n%2").arg(what, QDir::toNativeSeparators(file)), QMessageBox::Close, parent);
    box->setObjectName(u"exportConfirmation"_s);
    box->setAttribute(Qt::WA_DeleteOnClose);
    QPushButton* open = box->addButton(QObject::tr("&Open"), QMessageBox::AcceptRole);
    open->setToolTip(QObject::tr("Open the file in the desktop's viewer"));
    QObject::connect(open, &QPushButton::clicked, box, [file] { QDesktopServices::openUrl(QUrl::fromLocalFile(file)); });
    box->setDefaultButton(open);
    box->open();
}

#ifdef FORTUNA_HAVE_REPORT
void export_battle_report(QWidget* parent, const Game& game, const QString& suggested_name) {
    QString selected;
    QString file = QFileDialog::getSaveFileName(parent, QObject::tr("Battle Report"), start_folder() + u"/"_s + suggested_name + u".html"_s,
                                                QObject::tr("Web page (*.html);;PDF (*.pdf)"), &selected);
    if (file.isEmpty()) return;
    const bool pdf = selected.contains(u"pdf"_s) || file.endsWith(u".pdf"_s, Qt::CaseInsensitive);
    if (!file.endsWith(u".html"_s, Qt::CaseInsensitive) && !file.endsWith(u".htm"_s, Qt::CaseInsensitive) &&
        !file.endsWith(u".pdf"_s, Qt::CaseInsensitive))
        file += pdf ? u".pdf"_s : u".html"_s;
    // A picture per quarter hour: a whole day's battle draws dozens; show how far it has got.
    QProgressDialog progress(QObject::tr("Drawing the board for each quarter hour…"), QString(), 0, 1, parent);
    progress.setWindowTitle(QObject::tr("Battle Report"));
    progress.setWindowModality(Qt::WindowModal);
    progress.setMinimumDuration(300);
    try {
        report::write_report(game, ss(file), [&](std::size_t done, std::size_t total) {
            progress.setMaximum(static_cast<int>(total));
            progress.setValue(static_cast<int>(done));
            QApplication::processEvents(QEventLoop::ExcludeUserInputEvents);
        });
    } catch (const std::exception& error) {
        progress.close();
        QMessageBox::warning(parent, QObject::tr("Battle Report"), QObject::tr("The report was not written: %1").arg(qs(error.what())));
        return;
    }
    progress.close();
    confirm_export(parent, file, QObject::tr("The battle report"));
}
#endif

}  // namespace fortuna::app
