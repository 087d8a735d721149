// SPDX-License-Identifier: MIT
// The desk's focus rules: Esc from anywhere goes back to the board, and a letter typed in a roll box is a command, not a roll.
#pragma once

#include <QObject>
#include <QString>

#include <string>

class QLineEdit;
class QWidget;

namespace fortuna::app {

class GameDocument;

// A roll box takes a roll as the umpire reads it off the die or the table: digits and a decimal
// point ("4", "0.650", ".42"). Anything else is refused as it is typed, and a letter goes on to
// the window's single-key commands (J in a roll box opens the next duty, U undoes).
void make_roll_box(QLineEdit* edit, const QString& what);
bool is_roll_box(const QObject* object);

// A control's accessible name (what a screen reader says) and its tooltip, set together.
void describe(QWidget* widget, const QString& name, const QString& tip);

// Installed on the application: Esc pressed in any widget of `window` but the board (a dock,
// a roll box, the command line) puts the focus on the board; the command line is cleared.
// Popups (an open combo list) and dialogs keep their own Esc.
class BoardFocusRules : public QObject {
public:
    BoardFocusRules(QWidget* window, QWidget* board, QLineEdit* command_line);
    bool eventFilter(QObject* watched, QEvent* event) override;

private:
    QWidget* window_;
    QWidget* board_;
    QLineEdit* command_line_;
};

// The result a dock shows: the last applied action's summary and steps when it is of `kind`
// (a deliberate re-roll of such an action counts), else an empty string. Docks show only this,
// so no dock keeps a result the journal has moved past (issue 14, item 1).
QString last_result_html(const GameDocument& document, const std::string& kind);

}  // namespace fortuna::app
