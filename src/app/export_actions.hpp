// SPDX-License-Identifier: MIT
// Where files are written and how the umpire is told: the folder the dialogs start in, the confirmation with an Open button, the battle report.
#pragma once

#include <QString>

class QWidget;

namespace fortuna {
class Game;
}

namespace fortuna::app {

// The folder a file dialog starts in: the last one used, else the user's documents folder
// (never the working directory, which is "/" when started from a desktop menu).
QString start_folder();
// Remembers the folder of a file just opened or written.
void remember_folder(const QString& file);

// "Written <file>" with an Open button (the desktop's viewer for it) and Close. Not modal to
// the keys: the box is window-modal and returns at once.
void confirm_export(QWidget* parent, const QString& file, const QString& what);

// File > Battle Report (built with src/report, FORTUNA_HAVE_REPORT): asks for an .html or .pdf file, writes fortuna::report's battle report
// of the game so far with a progress bar (one picture per quarter hour), then confirms.
void export_battle_report(QWidget* parent, const Game& game, const QString& suggested_name);

}  // namespace fortuna::app
