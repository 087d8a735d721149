// SPDX-License-Identifier: MIT
// Headless entry point: a QGuiApplication on demand, then the report (see report_file.hpp).
#include "fortuna/report/report_file.hpp"

#include "fortuna/qt/headless_gui.hpp"
#include "fortuna/report/report_export.hpp"

namespace fortuna::report {

void write_report_headless(const Game& game, const std::filesystem::path& file) {
    const auto gui = qt::headless_gui_application();
    write_report(game, file);
}

}  // namespace fortuna::report
