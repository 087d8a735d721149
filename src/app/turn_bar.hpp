// SPDX-License-Identifier: MIT
// The turn bar: turn, clock, phasing side, phase a-e, minutes to dusk, and the next-phase action.
#pragma once

#include <QToolBar>

class QLabel;

namespace fortuna::app {

class GameDocument;

class TurnBar : public QToolBar {
    Q_OBJECT
public:
    TurnBar(GameDocument& document, QAction* next_phase, QWidget* parent = nullptr);
    void refresh();
    QString text() const;

private:
    GameDocument& document_;
    QLabel* turn_;
    QLabel* phases_;
    QLabel* dusk_;
};

}  // namespace fortuna::app
