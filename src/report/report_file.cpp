// SPDX-License-Identifier: MIT
// Headless entry point: a QGuiApplication on demand, then the report (see report_file.hpp).
#include "fortuna/report/report_file.hpp"

#include <memory>

#include <QGuiApplication>

#include "fortuna/report/report_export.hpp"

namespace fortuna::report {

void write_report_headless(const Game& game, const std::filesystem::path& file) {
    if (QCoreApplication::instance() == nullptr) {
        if (qEnvironmentVariableIsEmpty("QT_QPA_PLATFORM")) qputenv("QT_QPA_PLATFORM", "offscreen");
        static int argc = 1;
        static char name[] = "fortuna-report";
        static char* argv[] = {name, nullptr};
        static std::unique_ptr<QGuiApplication> application = std::make_unique<QGuiApplication>(argc, argv);
    }
    write_report(game, file);
}

}  // namespace fortuna::report
