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

// A roll box takes the roll as the umpire reads it off the die or the table ("4", "0.650"). Its
// text goes to the rules as typed: the roll, or refused with the reason when the box's action
// is applied (issue 28: nothing stripped, "0.6x" is not 0.600 nor "-1" a 1). A letter that is
// one of the window's single-key commands goes on to it (J in a roll box opens the next duty,
// U undoes); any other stays in the box as text, to be refused.
void make_roll_box(QLineEdit* edit, const QString& what);
bool is_roll_box(const QObject* object);
// A typed roll belongs to the action it was typed for: `action` names the action the box
// applies now (its units and the phase), and the box is emptied when that changes, so that no
// roll typed for one battery is fired by the next (issue 28). An empty `action` empties it.
void bind_roll_box(QLineEdit* edit, const QString& action);
// That name: `subject` (the units the box's action names) in the open game's present phase.
QString action_in_phase(const GameDocument& document, const QString& subject);

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
