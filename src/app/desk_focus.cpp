// SPDX-License-Identifier: MIT
// The desk's focus rules: Esc from anywhere goes back to the board, and a letter typed in a roll box is a command, not a roll.
#include "desk_focus.hpp"

#include <QAbstractSpinBox>
#include <QApplication>
#include <QKeyEvent>
#include <QLineEdit>
#include <QWidget>

#include "game_document.hpp"
#include "qt_text.hpp"

namespace fortuna::app {

using namespace Qt::StringLiterals;

namespace {
constexpr const char* kRollBoxProperty = "fortunaRollBox";
constexpr const char* kRollForProperty = "fortunaRollFor";  // the action a typed roll is for
}

void make_roll_box(QLineEdit* edit, const QString& what) {
    edit->setProperty(kRollBoxProperty, true);
    // No validator: one would swallow what it does not like and leave the rest to be applied.
    edit->setToolTip(QObject::tr("%1: type the umpire's roll (4, or 0.650), or leave it empty and the app rolls; "
                                 "Enter resolves, Esc goes back to the board, a letter is a command (J, U, N)")
                         .arg(what));
    edit->setAccessibleName(QObject::tr("%1 roll").arg(what));
}

void describe(QWidget* widget, const QString& name, const QString& tip) {
    widget->setAccessibleName(name);
    widget->setToolTip(tip);
}

bool is_roll_box(const QObject* object) { return object != nullptr && object->property(kRollBoxProperty).toBool(); }

void bind_roll_box(QLineEdit* edit, const QString& action) {
    if (action.isEmpty() || edit->property(kRollForProperty).toString() != action) edit->clear();
    edit->setProperty(kRollForProperty, action);
}

QString action_in_phase(const GameDocument& document, const QString& subject) {
    if (!document.hasGame()) return {};
    const Clock& clock = document.game().clock();
    return QStringLiteral("%1@%2.%3.%4").arg(subject).arg(clock.turn).arg(clock.half).arg(clock.phase);
}

BoardFocusRules::BoardFocusRules(QWidget* window, QWidget* board, QLineEdit* command_line)
    : QObject(window), window_(window), board_(board), command_line_(command_line) {}

bool BoardFocusRules::eventFilter(QObject* watched, QEvent* event) {
    if (event->type() != QEvent::KeyPress && event->type() != QEvent::ShortcutOverride) return false;
    auto* widget = qobject_cast<QWidget*>(watched);
    if (widget == nullptr || widget == board_ || !window_->isAncestorOf(widget) || widget->window() != window_) return false;
    if (QApplication::activePopupWidget() != nullptr || QApplication::activeModalWidget() != nullptr) return false;
    auto* key = static_cast<QKeyEvent*>(event);
    if (key->key() == Qt::Key_Escape && key->modifiers() == Qt::NoModifier) {
        // Only the widget that has the focus acts on it (the event also travels to its parents).
        if (event->type() == QEvent::ShortcutOverride || widget != QApplication::focusWidget()) return false;
        if (widget == command_line_) command_line_->clear();
        board_->setFocus(Qt::ShortcutFocusReason);
        return true;
    }
    // A letter in a roll box or a number box (the Combat dock's arms, the Artillery range): not
    // taken as text, so the window's shortcut for it fires. A spin box swallowed U (issue 28).
    const bool letters_are_commands = is_roll_box(widget) || qobject_cast<QAbstractSpinBox*>(widget) != nullptr;
    if (event->type() == QEvent::ShortcutOverride && letters_are_commands && (key->modifiers() & ~Qt::ShiftModifier) == 0 &&
        !key->text().isEmpty() && key->text().front().isLetter()) {
        event->ignore();
        return true;
    }
    return false;
}

QString last_result_html(const GameDocument& document, const std::string& kind) {
    const AppliedAction* last = document.lastApplied();
    if (last == nullptr) return {};
    std::string of = last->kind;
    if (last->kind == "reroll" && last->input.contains("of"))
        for (const AppliedAction& earlier : document.game().history())
            if (earlier.seq == last->input["of"]) of = earlier.kind;
    if (of != kind) return {};
    QString html = QStringLiteral("<p><b>#%1 %2</b></p><ol>").arg(last->seq).arg(qs(last->summary).toHtmlEscaped());
    for (const std::string& line : last->explanation) html += u"<li>"_s + qs(line).toHtmlEscaped() + u"</li>"_s;
    return html + u"</ol>"_s;
}

}  // namespace fortuna::app
