// SPDX-License-Identifier: MIT
// The battle report written to a file from plain C++ (no Qt in the caller): for fortuna-cli.
#pragma once

#include <filesystem>

#include "fortuna/land/game.hpp"

namespace fortuna::report {

// Writes the report as .html or .pdf (by extension, see report_export.hpp). Starts a
// QGuiApplication on the offscreen platform when none runs (QT_QPA_PLATFORM is respected
// when set), so it works without a display.
void write_report_headless(const Game& game, const std::filesystem::path& file);

}  // namespace fortuna::report
