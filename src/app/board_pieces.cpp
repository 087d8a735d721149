// SPDX-License-Identifier: MIT
// The pieces on the board: units at their true base sizes with their state marks and labels,
// and generals (see board_scene.hpp).
#include <QPainterPath>
#include <QStyleOptionGraphicsItem>

#include <cmath>

#include "board_pieces.hpp"
#include "board_scene.hpp"
#include "qt_text.hpp"

namespace fortuna::app {

// ------------------------------------------------------------------ UnitItem

UnitItem::UnitItem(std::size_t index, QColor colour) : index_(index), colour_(colour) {
    setFlags(ItemIsSelectable);
    setZValue(10);
    setAcceptHoverEvents(false);
    // Each unit is painted once per zoom level and then blitted: 2,000 units repaint in a few ms.
    setCacheMode(DeviceCoordinateCache);
    label_ = new UnitLabel(this);
}

void UnitItem::setUnit(const Unit& unit, const UnitStatus& status) {
    prepareGeometryChange();
    footprint_ = unit_footprint(unit.type(), status.bases, status.formation);
    arm_ = unit.arm();
    state_ = status.state;
    guns_ = status.guns;
    setPos(to_point(status.position));
    setRotation(status.facing_deg);
    setVisible(status.presence == Presence::OnBoard);
    setData(0, qs(unit.id.code));
    QString tip = QStringLiteral("<b>%1</b> %2<br>%3, %4 bases, %5, facing %6°").arg(qs(unit.id.code), qs(unit.id.name).toHtmlEscaped(),
                                                                                 qs(to_string(unit.arm())), QString::number(status.bases),
                                                                                 qs(to_string(status.formation)))
                      .arg(status.facing_deg, 0, 'f', 0);
    if (status.state != UnitState::Normal) tip += QStringLiteral("<br><b>%1</b>").arg(qs(to_string(status.state)));
    if (status.guns == Guns::Limbered || status.guns == Guns::Captured) tip += QStringLiteral("<br>guns %1").arg(qs(to_string(status.guns)));
    setToolTip(tip);
    label_->setPos(0, footprint_.bounds.bottom());
    label_->setText(qs(unit.id.code), status.facing_deg);
    update();
}

QRectF UnitItem::boundingRect() const {
    // The counters stand beside the right rear corner, one above another.
    const auto shown = static_cast<double>(counters().size());
    if (shown == 0) return footprint_.bounds.adjusted(-3, -3, 12, 3);
    const double extra = std::max(12.0, counter_mm_ + 4);
    const double tall = std::max(0.0, shown * (counter_mm_ + 1) - footprint_.bounds.height());
    return footprint_.bounds.adjusted(-3, -3 - tall, extra, 3);
}

void UnitItem::setViewScale(double pixels_per_mm) {
    label_->setViewScale(pixels_per_mm);
    const double mm = std::max(8.0, kMinimumCounterPixels / std::max(1e-6, pixels_per_mm));
    if (std::abs(mm - counter_mm_) < 1e-6) return;
    if (!counters().isEmpty()) prepareGeometryChange();  // without counters the bounds do not depend on it
    counter_mm_ = mm;
}

QString UnitItem::counters() const {
    QString shown;
    if (state_ == UnitState::Disrupted) shown += u'D';
    if (state_ == UnitState::Withdrawing) shown += u'W';
    if (state_ == UnitState::Routing) shown += u'R';
    if (guns_ == Guns::Limbered) shown += u'L';
    if (guns_ == Guns::Captured) shown += u'X';
    return shown;
}

QPainterPath UnitItem::shape() const {
    QPainterPath path;
    path.addRect(footprint_.bounds.adjusted(-1, -1, 1, 1));
    return path;
}

void UnitItem::paint(QPainter* painter, const QStyleOptionGraphicsItem* option, QWidget*) {
    const double ppm = pixels_per_mm(painter);
    const double lod = option->levelOfDetailFromTransform(painter->worldTransform());
    painter->setRenderHint(QPainter::Antialiasing, lod > 0.5);
    const QColor edge = colour_.lightness() > 150 ? colour_.darker(260) : colour_.darker(190);
    const QColor mark = colour_.lightness() > 150 ? QColor(0x30, 0x30, 0x30) : QColor(255, 255, 255, 200);
    for (const BaseOutline& base : footprint_.bases) {
        painter->save();
        if (base.rotation_deg != 0) painter->rotate(base.rotation_deg);
        const QRectF r = base.rect;
        painter->setPen(QPen(edge, std::max(0.4, 1.0 / ppm)));
        painter->setBrush(colour_);
        painter->drawRect(r);
        if (lod > 0.8) {
            // The map symbol of the arm: infantry a cross, cavalry one diagonal, artillery a disc.
            painter->setPen(QPen(mark, std::max(0.3, 0.8 / ppm)));
            const QRectF s = r.adjusted(r.width() * 0.18, r.height() * 0.22, -r.width() * 0.18, -r.height() * 0.22);
            if (arm_ == Arm::Infantry) {
                painter->drawLine(s.topLeft(), s.bottomRight());
                painter->drawLine(s.bottomLeft(), s.topRight());
            } else if (arm_ == Arm::Cavalry) {
                painter->drawLine(s.bottomLeft(), s.topRight());
            } else {
                painter->setBrush(mark);
                painter->drawEllipse(s.center(), std::min(s.width(), s.height()) / 3, std::min(s.width(), s.height()) / 3);
            }
        }
        if (state_ == UnitState::Routing) {
            painter->setPen(Qt::NoPen);
            QBrush hatch(QColor(0xc0, 0x10, 0x10), Qt::BDiagPattern);
            hatch.setTransform(QTransform::fromScale(1 / ppm, 1 / ppm));
            painter->setBrush(hatch);
            painter->drawRect(r);
        }
        // The front edge, thick, so facing reads at a glance.
        painter->setPen(QPen(QColor(0x10, 0x10, 0x10), std::max(0.8, 2.0 / ppm), Qt::SolidLine, Qt::FlatCap));
        painter->drawLine(r.topLeft(), r.topRight());
        painter->restore();
    }
    // State counters beside the unit's right rear corner (seed 000 section 2.5), each with its
    // letter: the letter, not the colour, tells them apart (colour-blind players; the colours
    // are from the Okabe-Ito palette, which stays distinct under deuteranopia).
    const auto counter = [&](int slot, QColor fill, QChar letter) {
        const double size = counter_mm_;
        const QRectF box(footprint_.bounds.right() + 1.5, footprint_.bounds.bottom() - size - slot * (size + 1), size, size);
        painter->setPen(QPen(QColor(0x10, 0x10, 0x10), std::max(0.3, 1.2 / ppm)));
        painter->setBrush(fill);
        painter->drawRoundedRect(box, size * 0.18, size * 0.18);
        painter->save();
        painter->translate(box.center());
        painter->rotate(-rotation());
        painter->setFont(font_of_pixels(ppm, std::min(14.0, ppm * size * 0.8), true));
        painter->setPen(fill.lightness() < 110 ? Qt::white : Qt::black);
        painter->drawText(QRectF(-size, -size, 2 * size, 2 * size), Qt::AlignCenter, QString(letter));
        painter->restore();
    };
    int slot = 0;
    for (const QChar letter : counters()) {
        const QColor fill = letter == u'D'   ? QColor(0xe6, 0x9f, 0x00)   // orange
                            : letter == u'W' ? QColor(0xf0, 0xe4, 0x42)   // yellow
                            : letter == u'R' ? QColor(0xd5, 0x5e, 0x00)   // vermilion
                            : letter == u'L' ? QColor(0xd0, 0xd0, 0xd0)   // grey
                                             : QColor(0x20, 0x20, 0x20);  // captured: black
        counter(slot++, fill, letter);
    }
    if (isSelected()) {
        painter->setPen(QPen(QColor(0xff, 0xe0, 0x00), std::max(1.0, 3.0 / ppm)));
        painter->setBrush(Qt::NoBrush);
        painter->drawRect(footprint_.bounds.adjusted(-2, -2, 2, 2));
    }
}

// ------------------------------------------------------------------ GeneralItem

GeneralItem::GeneralItem(std::size_t index, QColor colour, const QString& code) : index_(index), colour_(colour) {
    setZValue(11);
    setData(0, code);
}

void GeneralItem::setGeneral(const General&, const GeneralStatus& status) {
    condition_ = status.condition;
    setPos(to_point(status.position));
    setVisible(status.presence == Presence::OnBoard && status.condition != GeneralCondition::Killed &&
               status.condition != GeneralCondition::Wounded);
    update();
}

void GeneralItem::paint(QPainter* painter, const QStyleOptionGraphicsItem*, QWidget*) {
    const double ppm = pixels_per_mm(painter);
    painter->setRenderHint(QPainter::Antialiasing);
    // Seed 002 "Scale": a general's base is 30 x 40 mm.
    const QRectF base(-15, -20, 30, 40);
    painter->setPen(QPen(QColor(0x20, 0x20, 0x20), std::max(0.5, 1.2 / ppm)));
    painter->setBrush(colour_.lighter(125));
    painter->drawRoundedRect(base, 3, 3);
    // A star for the commander.
    QPolygonF star;
    for (int i = 0; i < 10; ++i) {
        const double r = i % 2 ? 4.5 : 11;
        const double a = -std::numbers::pi / 2 + i * std::numbers::pi / 5;
        star << QPointF(r * std::cos(a), r * std::sin(a));
    }
    painter->setBrush(condition_ == GeneralCondition::Unhorsed ? QColor(0x99, 0x99, 0x99) : QColor(0xff, 0xd7, 0x00));
    painter->drawPolygon(star);
    if (ppm > 0.35) draw_label(painter, QPointF(0, 20 + 9 / ppm), data(0).toString(), 10, QColor(0x10, 0x10, 0x10), true, false,
                               Qt::AlignHCenter | Qt::AlignVCenter);
}

}  // namespace fortuna::app
