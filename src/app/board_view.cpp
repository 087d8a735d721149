// SPDX-License-Identifier: MIT
// The board's view: zoom, pan, fit, select, drag to move, the ruler and the line-of-sight tool.
#include "board_view.hpp"

#include <QKeyEvent>
#include <QMouseEvent>
#include <QScrollBar>
#include <QWheelEvent>

#include <algorithm>
#include <cmath>

#include "board_scene.hpp"
#include "game_document.hpp"
#include "qt_text.hpp"
#include "umpire_command.hpp"

namespace fortuna::app {

using namespace Qt::StringLiterals;

BoardView::BoardView(GameDocument& document, BoardScene& scene, QWidget* parent)
    : QGraphicsView(&scene, parent), document_(document), scene_(scene) {
    setRenderHints(QPainter::Antialiasing | QPainter::TextAntialiasing);
    setViewportUpdateMode(QGraphicsView::SmartViewportUpdate);
    setTransformationAnchor(QGraphicsView::AnchorUnderMouse);
    setResizeAnchor(QGraphicsView::AnchorViewCenter);
    setDragMode(QGraphicsView::RubberBandDrag);
    setFocusPolicy(Qt::StrongFocus);
    setOptimizationFlag(QGraphicsView::DontAdjustForAntialiasing);
    setCacheMode(QGraphicsView::CacheBackground);  // the table, grid and scale bar
}

void BoardView::setTool(Tool tool) {
    tool_ = tool;
    setDragMode(tool == Tool::Select ? QGraphicsView::RubberBandDrag : QGraphicsView::NoDrag);
    viewport()->setCursor(tool == Tool::Select ? Qt::ArrowCursor : Qt::CrossCursor);
    if (tool != Tool::Ruler) scene_.clearRuler();
    if (tool != Tool::Sight) scene_.clearSight();
    emit toolChanged(tool);
    emit message(tool == Tool::Select  ? tr("Select: click or drag a unit; Alt-drag charges; Shift-drag goes past the allowance")
                 : tool == Tool::Ruler ? tr("Ruler: drag to measure in board mm and battlefield metres (Esc: back to select)")
                                       : tr("Line of sight: drag from the observer to the target (Esc: back to select)"));
}

void BoardView::zoomBy(double factor) {
    const double current = transform().m11();
    const double next = std::clamp(current * factor, 0.05, 40.0);
    scale(next / current, next / current);
    fitted_ = false;
    scene_.setViewScale(transform().m11());
}

void BoardView::fitTable() {
    if (scene_.tableRect().isEmpty()) return;
    // The whole scene: the table, its edge and the scale bar below, with no scroll bar to hide
    // an edge under (fitInView keeps a margin of its own inside the viewport).
    fitInView(scene_.sceneRect(), Qt::KeepAspectRatio);
    fitted_ = true;
    scene_.setViewScale(transform().m11());
}

void BoardView::paintEvent(QPaintEvent* event) {
    scene_.ensureLabelsPlaced();
    QGraphicsView::paintEvent(event);
}

void BoardView::resizeEvent(QResizeEvent* event) {
    QGraphicsView::resizeEvent(event);
    // Docks opening or the window resized: a fitted table stays fitted.
    if (fitted_) fitTable();
}

void BoardView::centreOnUnit(std::size_t unit) {
    if (UnitItem* item = scene_.unitItem(unit)) centerOn(item);
}

double BoardView::millimetresPerPixel() const { return 1.0 / std::max(1e-9, transform().m11()); }

void BoardView::measure(const QPointF& from, const QPointF& to) {
    scene_.showRuler(from, to);
    ruler_mm_ = QLineF(from, to).length();
    emit message(tr("Ruler: %1 mm on the table = %2 m on the battlefield")
                     .arg(*ruler_mm_, 0, 'f', 0)
                     .arg(*ruler_mm_ * kMetresPerMm, 0, 'f', 0));
}

void BoardView::sight(const QPointF& from, const QPointF& to) {
    if (!document_.hasGame()) return;
    const SightLine line = line_of_sight(document_.game(), from, to);
    scene_.showSight(from, to, line);
    emit message(line.clear ? tr("Line of sight clear over %1 mm").arg(line.length_mm, 0, 'f', 0) : line.reason);
}

std::optional<std::size_t> BoardView::unitAt(const QPoint& view_pos) const {
    for (QGraphicsItem* item : items(view_pos))
        if (item->type() == UnitItem::Type && item->isVisible()) return static_cast<UnitItem*>(item)->index();
    return std::nullopt;
}

void BoardView::wheelEvent(QWheelEvent* event) {
    const double steps = event->angleDelta().y() / 120.0;
    if (steps == 0) return QGraphicsView::wheelEvent(event);
    zoomBy(std::pow(1.2, steps));
    event->accept();
}

void BoardView::mousePressEvent(QMouseEvent* event) {
    if (event->button() == Qt::MiddleButton) {
        panning_ = true;
        pan_last_ = event->position().toPoint();
        viewport()->setCursor(Qt::ClosedHandCursor);
        event->accept();
        return;
    }
    if (event->button() != Qt::LeftButton || !document_.hasGame()) return QGraphicsView::mousePressEvent(event);
    const QPointF at = mapToScene(event->position().toPoint());
    if (tool_ == Tool::Ruler || tool_ == Tool::Sight) {
        tool_start_ = at;
        event->accept();
        return;
    }
    if (auto unit = unitAt(event->position().toPoint())) {
        const bool add = event->modifiers() & Qt::ControlModifier;
        UnitItem* item = scene_.unitItem(*unit);
        if (add) {
            item->setSelected(!item->isSelected());
        } else if (!item->isSelected()) {
            scene_.clearSelection();
            item->setSelected(true);
        }
        drag_ = Drag{*unit, at, item->pos(), false};
        event->accept();
        return;
    }
    QGraphicsView::mousePressEvent(event);
}

void BoardView::mouseMoveEvent(QMouseEvent* event) {
    if (panning_) {
        const QPoint now = event->position().toPoint();
        const QPoint delta = now - pan_last_;
        pan_last_ = now;
        horizontalScrollBar()->setValue(horizontalScrollBar()->value() - delta.x());
        verticalScrollBar()->setValue(verticalScrollBar()->value() - delta.y());
        return;
    }
    const QPointF at = mapToScene(event->position().toPoint());
    if (tool_start_) {
        if (tool_ == Tool::Ruler) measure(*tool_start_, at);
        else sight(*tool_start_, at);
        return;
    }
    if (drag_) {
        const double pixels = QLineF(mapFromScene(drag_->press), event->position()).length();
        if (!drag_->moving && pixels < 4) return;
        drag_->moving = true;
        const QPointF to = drag_->origin + (at - drag_->press);
        const bool charge = event->modifiers() & Qt::AltModifier;
        const MoveCheck check = check_move(document_.game(), drag_->unit, to, charge);
        last_move_ = check;
        scene_.unitItem(drag_->unit)->setPos(to);  // a ghost only: the game moves on release
        scene_.showMoveGhost(drag_->unit, to, check);
        emit message(QStringLiteral("%1: %2").arg(qs(document_.game().units()[drag_->unit].id.code), check.words()));
        return;
    }
    QGraphicsView::mouseMoveEvent(event);
}

void BoardView::mouseReleaseEvent(QMouseEvent* event) {
    if (panning_ && event->button() == Qt::MiddleButton) {
        panning_ = false;
        viewport()->setCursor(tool_ == Tool::Select ? Qt::ArrowCursor : Qt::CrossCursor);
        return;
    }
    if (tool_start_) {
        tool_start_.reset();
        return;
    }
    if (drag_) {
        const Drag drag = *drag_;
        drag_.reset();
        scene_.clearMoveGhost();
        if (!drag.moving) return;
        UnitItem* item = scene_.unitItem(drag.unit);
        const QPointF to = item->pos();
        item->setPos(drag.origin);  // back where the game says it is, until the move is applied
        const bool charge = event->modifiers() & Qt::AltModifier;
        const bool force = event->modifiers() & Qt::ShiftModifier;
        const MoveCheck check = check_move(document_.game(), drag.unit, to, charge);
        last_move_ = check;
        const QString code = qs(document_.game().units()[drag.unit].id.code);
        if (check.over && !force) {
            emit message(tr("%1 not moved: %2. Hold Shift to move anyway; the journal will flag it.").arg(code, check.words()));
            return;
        }
        emit moveRequested(drag.unit, QPointF(std::round(to.x()), std::round(to.y())), charge, check.over);
        return;
    }
    QGraphicsView::mouseReleaseEvent(event);
}

void BoardView::keyPressEvent(QKeyEvent* event) {
    if (event->key() == Qt::Key_Escape) {
        if (tool_ != Tool::Select) setTool(Tool::Select);
        else scene_.clearSelection();
        scene_.clearRuler();
        scene_.clearSight();
        emit escapePressed();
        return;
    }
    if (event->key() == Qt::Key_Tab || event->key() == Qt::Key_Backtab) {
        // Tab walks through the phasing side's units, those with an enemy in reach first: the
        // mouse is never needed to choose who acts (E then chooses against whom).
        selectNextOwn(event->key() == Qt::Key_Backtab ? -1 : 1, event->modifiers() & Qt::ControlModifier);
        return;
    }
    QGraphicsView::keyPressEvent(event);
}

void BoardView::selectNextOwn(int step, bool add) {
    if (!document_.hasGame()) return;
    const std::vector<std::size_t> order = tab_order(document_.game());
    if (order.empty()) return;
    const auto& selected = document_.selection();
    std::size_t at = step > 0 ? order.size() - 1 : 0;  // nothing selected: the first (or the last)
    if (!selected.empty())
        if (const auto it = std::find(order.begin(), order.end(), selected.back()); it != order.end())
            at = static_cast<std::size_t>(it - order.begin());
    const std::size_t next = order[(at + order.size() + static_cast<std::size_t>(step)) % order.size()];
    std::vector<std::size_t> now = add ? selected : std::vector<std::size_t>{};
    now.push_back(next);
    document_.select(now);
    centreOnUnit(next);
    const std::size_t engaged = enemies_in_reach(document_.game(), next).size();
    const QString code = qs(document_.game().units()[next].id.code);
    emit message(engaged == 0 ? tr("%1: no enemy in reach (Tab: the next unit)").arg(code)
                              : tr("%1: %2 enemy unit(s) in reach; E chooses the one to attack or fire on").arg(code).arg(engaged));
}

void BoardView::selectNextEnemy(int step) {
    if (!document_.hasGame()) return;
    const Game& game = document_.game();
    const auto& selected = document_.selection();
    // The acting unit: the first selected of the phasing side, else the first unit Tab offers.
    std::optional<std::size_t> actor;
    for (std::size_t u : selected)
        if (game.units()[u].id.side == game.phasing_side()) { actor = u; break; }
    if (!actor) {
        const std::vector<std::size_t> order = tab_order(game);
        if (order.empty()) return;
        actor = order.front();
    }
    const std::vector<std::size_t> enemies = enemies_in_reach(game, *actor);
    const QString code = qs(game.units()[*actor].id.code);
    if (enemies.empty()) {
        document_.select({*actor});
        emit message(tr("%1 has no enemy in contact or in range (%2 mm): Tab for another unit").arg(code).arg(reach_mm(game, *actor), 0, 'f', 0));
        return;
    }
    // The enemy after the one selected now, round the list, nearest first.
    std::size_t at = step > 0 ? enemies.size() - 1 : 0;
    for (std::size_t u : selected)
        if (const auto it = std::find(enemies.begin(), enemies.end(), u); it != enemies.end()) at = static_cast<std::size_t>(it - enemies.begin());
    const std::size_t enemy = enemies[(at + enemies.size() + static_cast<std::size_t>(step)) % enemies.size()];
    document_.select({*actor, enemy});
    emit message(tr("%1 against %2 (%3 mm; %4 of %5 in reach): C combat, A fire, E the next enemy")
                     .arg(code, qs(game.units()[enemy].id.code))
                     .arg(distance_between_units(game, *actor, enemy), 0, 'f', 0)
                     .arg(static_cast<int>(std::find(enemies.begin(), enemies.end(), enemy) - enemies.begin()) + 1)
                     .arg(enemies.size()));
}

void BoardView::keyReleaseEvent(QKeyEvent* event) { QGraphicsView::keyReleaseEvent(event); }

}  // namespace fortuna::app
