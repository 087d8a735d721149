// SPDX-License-Identifier: MIT
// A QGuiApplication on demand for the command line's PDF and picture output (Qt code only).
#pragma once

#include <memory>

#include <QGuiApplication>
#include <QString>

namespace fortuna::qt {

// QPdfWriter and QPainter on images need a QGuiApplication; without a display the offscreen
// platform serves. Qt's warning that XDG_RUNTIME_DIR is unset is noise on a command line's stderr.
// The application made here belongs to the caller's scope and ends with it, while the program
// still runs: left to static destruction it outlived Qt's own per-thread font caches, which
// then said "QThreadStorage: Thread ... exited after QThreadStorage destroyed" on every sheet
// and left those caches unfreed. Empty when an application already exists (the desk, a test).
[[nodiscard]] inline std::unique_ptr<QGuiApplication> headless_gui_application() {
    if (QCoreApplication::instance()) return nullptr;
    if (qEnvironmentVariableIsEmpty("QT_QPA_PLATFORM")) qputenv("QT_QPA_PLATFORM", "offscreen");
    static int argc = 1;
    static char name[] = "fortuna-cli";
    static char* argv[] = {name, nullptr};
    static const QtMessageHandler previous = qInstallMessageHandler(nullptr);
    qInstallMessageHandler([](QtMsgType type, const QMessageLogContext& where, const QString& message) {
        if (message.startsWith(QStringLiteral("QStandardPaths: XDG_RUNTIME_DIR"))) return;
        if (previous) previous(type, where, message);
    });
    return std::make_unique<QGuiApplication>(argc, argv);
}

}  // namespace fortuna::qt
