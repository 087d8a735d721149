// SPDX-License-Identifier: MIT
// A unit's code label on the board (internal to the board: board_pieces.cpp, board_scene.cpp).
#pragma once

#include <QFont>
#include <QGraphicsItem>
#include <QPainter>

#include <algorithm>
#include <cmath>
#include <numbers>

#include "board_painting.hpp"

namespace fortuna::app {

using namespace Qt::StringLiterals;

// ------------------------------------------------------------------ UnitLabel

// The unit's code, upright and at a constant size on screen, just behind the unit's rear edge.
// A child drawn with drawText on a pale plate, in screen pixels: it undoes its unit's rotation
// and the view's scale itself (setViewScale). It does not ignore transformations: the scene's
// index cannot hold such items, and looked through 2,000 of them at every paint (most of the
// board's frame after an action, bench/app/board_repaint.cpp).
class UnitLabel : public QGraphicsItem {
public:
    explicit UnitLabel(QGraphicsItem* parent) : QGraphicsItem(parent) {
        setCacheMode(DeviceCoordinateCache);
        setAcceptedMouseButtons(Qt::NoButton);
        font_ = QFont(u"Sans"_s);
        font_.setPixelSize(static_cast<int>(kUnitLabelPixels));
        font_.setBold(true);
    }
    void setText(const QString& text, double unit_rotation_deg) {
        prepareGeometryChange();
        text_ = text;
        const QFontMetricsF metrics(font_);
        const QSizeF size(metrics.horizontalAdvance(text) + 6, metrics.height() + 1);
        const double rad = unit_rotation_deg * std::numbers::pi / 180.0;
        const QPointF behind(-std::sin(rad), std::cos(rad));  // the rear, in screen axes
        const double away = std::abs(behind.x()) * size.width() / 2 + std::abs(behind.y()) * size.height() / 2 + 1;
        default_ = QRectF(behind * away - QPointF(size.width() / 2, size.height() / 2), size);
        rect_ = default_;
        setRotation(-unit_rotation_deg);  // upright on the table, whichever way the unit faces
        update();
    }
    // Screen pixels per board mm: one pixel of the label is this many mm of the table.
    void setViewScale(double pixels_per_mm) {
        if (pixels_per_mm > 0) setScale(1.0 / pixels_per_mm);
    }
    // Screen pixels around the unit's rear-edge centre: where the label goes when nothing is in the way.
    const QRectF& defaultRect() const { return default_; }
    const QRectF& placedRect() const { return rect_; }
    // Moved clear of its neighbours (BoardScene::placeLabels); a thin leader joins it to its unit.
    void place(const QRectF& rect) {
        if (rect == rect_) return;
        prepareGeometryChange();
        rect_ = rect;
        update();
    }
    QRectF boundingRect() const override { return rect_.united(QRectF(-1, -1, 2, 2)); }
    void paint(QPainter* painter, const QStyleOptionGraphicsItem*, QWidget*) override {
        if (rect_ != default_ && !rect_.adjusted(-3, -3, 3, 3).contains(QPointF(0, 0))) {
            painter->setPen(QPen(QColor(0x10, 0x10, 0x10, 150), 1));
            const QPointF near(std::clamp(0.0, rect_.left(), rect_.right()), std::clamp(0.0, rect_.top(), rect_.bottom()));
            painter->drawLine(QPointF(0, 0), near);
        }
        painter->setPen(Qt::NoPen);
        painter->setBrush(QColor(255, 255, 255, 190));
        painter->drawRoundedRect(rect_, 3, 3);
        painter->setFont(font_);
        painter->setPen(QColor(0x10, 0x10, 0x10));
        painter->drawText(rect_, Qt::AlignCenter, text_);
    }

private:
    QFont font_;
    QString text_;
    QRectF default_;
    QRectF rect_;
};

}  // namespace fortuna::app
