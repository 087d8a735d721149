// SPDX-License-Identifier: MIT
// The board's view: zoom, pan, fit, select, drag to move, the ruler and the line-of-sight tool.
#pragma once

#include <QGraphicsView>

#include <optional>

#include "board_geometry.hpp"

namespace fortuna::app {

class BoardScene;
class GameDocument;

class BoardView : public QGraphicsView {
    Q_OBJECT
public:
    enum class Tool { Select, Ruler, Sight };
    BoardView(GameDocument& document, BoardScene& scene, QWidget* parent = nullptr);

    BoardScene& boardScene() { return scene_; }
    Tool tool() const { return tool_; }
    void setTool(Tool tool);

    void zoomBy(double factor);
    void fitTable();
    void centreOnUnit(std::size_t unit);
    double millimetresPerPixel() const;

    // The last measurement of the ruler (board mm) and the last drag's allowance check.
    std::optional<double> lastRulerMm() const { return ruler_mm_; }
    std::optional<MoveCheck> lastMoveCheck() const { return last_move_; }

    // Tab (step 1) and Shift+Tab (-1): the next unit of the phasing side, those with an enemy in
    // reach first; add keeps the selection (Ctrl+Tab).
    void selectNextOwn(int step, bool add);
    // E (1) and Shift+E (-1): the acting unit and the next enemy in contact or in range of it.
    void selectNextEnemy(int step);

    // Tools driven from the keyboard or tests, in board mm.
    void measure(const QPointF& from, const QPointF& to);
    void sight(const QPointF& from, const QPointF& to);

signals:
    // Drag to move (Alt: charge, Shift: past the allowance, flagged). Not yet applied.
    void moveRequested(std::size_t unit, QPointF to, bool charge, bool past_allowance);
    void message(const QString& text);
    void toolChanged(Tool tool);
    // Esc on the board (after it has put the tool and selection away).
    void escapePressed();

protected:
    void wheelEvent(QWheelEvent* event) override;
    void mousePressEvent(QMouseEvent* event) override;
    void mouseMoveEvent(QMouseEvent* event) override;
    void mouseReleaseEvent(QMouseEvent* event) override;
    void keyPressEvent(QKeyEvent* event) override;
    void keyReleaseEvent(QKeyEvent* event) override;
    void resizeEvent(QResizeEvent* event) override;
    void paintEvent(QPaintEvent* event) override;
    // Tab selects the next unit instead of moving the focus (see keyPressEvent).
    bool focusNextPrevChild(bool) override { return false; }

private:
    std::optional<std::size_t> unitAt(const QPoint& view_pos) const;

    GameDocument& document_;
    BoardScene& scene_;
    Tool tool_ = Tool::Select;
    struct Drag {
        std::size_t unit;
        QPointF press;
        QPointF origin;
        bool moving = false;
    };
    std::optional<Drag> drag_;
    std::optional<QPointF> tool_start_;
    std::optional<double> ruler_mm_;
    std::optional<MoveCheck> last_move_;
    bool panning_ = false;
    bool fitted_ = false;  // showing the whole table: refit when the viewport changes size
    QPoint pan_last_;
};

}  // namespace fortuna::app
