// SPDX-License-Identifier: MIT
// The turn bar: turn, clock, phasing side, phase a-e, minutes to dusk, and the next-phase action.
#pragma once

#include <QToolBar>

class QLabel;
class QToolButton;

namespace fortuna::app {

class GameDocument;

class TurnBar : public QToolBar {
    Q_OBJECT
public:
    TurnBar(GameDocument& document, QAction* next_phase, QWidget* parent = nullptr);
    void refresh();
    QString text() const;
    // The solo aid's count for the current phase ("Duties b): 2 to do, 1 done"); the button
    // shows the Duties dock (Ctrl+D).
    void setDuties(const QString& summary, int open);
    QString duties() const;

signals:
    void dutiesRequested();

private:
    GameDocument& document_;
    QLabel* turn_;
    QLabel* phases_;
    QLabel* dusk_;
    QToolButton* duties_;
};

}  // namespace fortuna::app
