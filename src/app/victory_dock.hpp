// SPDX-License-Identifier: MIT
// Victory tracker: bases lost per side, percent, next threshold, the judgement now, and a plot of casualties against the clock.
#pragma once

#include <QWidget>

namespace fortuna::app {

class GameDocument;
class SteadyText;

class CasualtyPlot : public QWidget {
    Q_OBJECT
public:
    explicit CasualtyPlot(GameDocument& document, QWidget* parent = nullptr);
    QSize sizeHint() const override { return {280, 120}; }

protected:
    void paintEvent(QPaintEvent* event) override;

private:
    GameDocument& document_;
};

class VictoryPanel : public QWidget {
    Q_OBJECT
public:
    explicit VictoryPanel(GameDocument& document, QWidget* parent = nullptr);

private:
    void refresh();
    GameDocument& document_;
    SteadyText* text_;
    CasualtyPlot* plot_;
};

}  // namespace fortuna::app
