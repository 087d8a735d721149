// SPDX-License-Identifier: MIT
// The app's own words in the user's language: the shipped translation chosen from the locale.
#pragma once

#include <filesystem>

#include <QString>

class QCoreApplication;

namespace fortuna::app {

// Installs fortuna_LANG.qm (compiled into the program from translations/*.ts) and Qt's own
// qtbase_LANG.qm for the system locale (LANG, LC_MESSAGES, LC_ALL). English needs nothing. The
// rules data (unit names, table notes) stays in English: it cites the English rule texts.
void installTranslations(QCoreApplication& app);

// The rules' words (phases, duties, refusals, explanations, sheets, reports) in the locale's
// language, from the data folder's message catalogue (data/words/LANG/); English where there is
// none. Returns the reason when the catalogue cannot be read (the app then goes on in English).
QString showRulesWordsInLocale(const std::filesystem::path& data_dir);

}  // namespace fortuna::app
