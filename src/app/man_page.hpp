// SPDX-License-Identifier: MIT
// fortuna(1) written from QCommandLineParser's own help text, so the manual and --help never drift.
#pragma once

#include <QString>

namespace fortuna::app {

// `help` is QCommandLineParser::helpText(); the result is a roff manual page, section 1.
QString manPageFromHelp(const QString& help, const QString& version);

}  // namespace fortuna::app
