// SPDX-License-Identifier: MIT
// The table at true scale (1 scene unit = 1 mm): terrain, units, generals and the umpire's overlays.
#include "board_scene.hpp"

#include <QGraphicsPathItem>
#include <QGraphicsSimpleTextItem>
#include <QHash>
#include <QImage>
#include <QPainter>
#include <QPainterPath>
#include <QPixmapCache>
#include <QStyleOptionGraphicsItem>

#include <cmath>
#include <cstdint>
#include <limits>
#include <unordered_map>
#include <numbers>

#include "game_document.hpp"
#include "qt_text.hpp"

namespace fortuna::app {

using namespace Qt::StringLiterals;

namespace {

// Screen pixels per board mm under the painter's current transform.
double pixels_per_mm(const QPainter* painter) {
    const QTransform& t = painter->worldTransform();
    return std::max(1e-6, std::sqrt(std::abs(t.determinant())));
}

QFont font_of_pixels(double pixels_per_mm, double pixel_size, bool bold = false, bool italic = false) {
    QFont font(u"Sans"_s);
    font.setPointSizeF(std::max(0.5, pixel_size / pixels_per_mm));
    font.setBold(bold);
    font.setItalic(italic);
    return font;
}

// A label drawn once into an image: the text in its colour over a halo of the same glyphs
// shifted a pixel around (legible on any ground), at a constant size on screen. Glyphs come
// from the font cache, so this is far cheaper than stroking the text's outline, and the image
// is kept: the scale bar, terrain names and generals' codes are the same words at every paint.
struct LabelImage {
    QImage image;
    double baseline = 0;  // logical pixels from the top to the text's baseline
};

const LabelImage& label_image(const QString& text, double point_size, const QColor& colour, bool bold, bool italic, qreal dpr) {
    static QHash<QString, LabelImage> cache;
    const QString key = QStringLiteral("%1\x1f%2\x1f%3\x1f%4\x1f%5").arg(text).arg(point_size).arg(colour.rgba()).arg(int(bold) * 2 + int(italic)).arg(dpr);
    if (const auto it = cache.constFind(key); it != cache.constEnd()) return *it;
    if (cache.size() > 2048) cache.clear();  // a long session of ruler readings: start again
    QFont font(u"Sans"_s);
    font.setPointSizeF(point_size);
    font.setBold(bold);
    font.setItalic(italic);
    const QFontMetricsF metrics(font);
    constexpr double kHalo = 1.5;
    const QSizeF size(std::ceil(metrics.horizontalAdvance(text) + 2 * kHalo + 2), std::ceil(metrics.height() + 2 * kHalo));
    LabelImage label;
    label.baseline = kHalo + metrics.ascent();
    label.image = QImage((size * dpr).toSize(), QImage::Format_ARGB32_Premultiplied);
    label.image.setDevicePixelRatio(dpr);
    label.image.fill(Qt::transparent);
    QPainter p(&label.image);
    p.setFont(font);
    p.setRenderHint(QPainter::TextAntialiasing);
    const QPointF origin(kHalo + 1, label.baseline);
    p.setPen(colour.lightness() > 200 ? QColor(0, 0, 0, 150) : QColor(255, 255, 255, 210));
    static constexpr double kAround[][2] = {{-kHalo, 0}, {kHalo, 0}, {0, -kHalo}, {0, kHalo}, {-1, -1}, {1, -1}, {-1, 1}, {1, 1}};
    for (const auto& d : kAround) p.drawText(origin + QPointF(d[0], d[1]), text);
    p.setPen(colour);
    p.drawText(origin, text);
    p.end();
    return *cache.insert(key, std::move(label));
}

// The label's size on screen, in pixels (for placing it clear of other things): the size of
// its image, from the font's metrics alone (placing every label must not render them all).
QSizeF label_size(const QString& text, double point_size, bool bold = false, bool italic = false) {
    static QHash<QString, QSizeF> sizes;
    const QString key = QStringLiteral("%1\x1f%2\x1f%3").arg(text).arg(point_size).arg(int(bold) * 2 + int(italic));
    if (const auto it = sizes.constFind(key); it != sizes.constEnd()) return *it;
    if (sizes.size() > 4096) sizes.clear();
    QFont font(u"Sans"_s);
    font.setPointSizeF(point_size);
    font.setBold(bold);
    font.setItalic(italic);
    const QFontMetricsF metrics(font);
    constexpr double kHalo = 1.5;  // as label_image
    return *sizes.insert(key, QSizeF(std::ceil(metrics.horizontalAdvance(text) + 2 * kHalo + 2), std::ceil(metrics.height() + 2 * kHalo)));
}

// Text with a pale halo, legible on any ground, at a constant size on screen, upright.
// `at` is the anchor in the painter's coordinates: the baseline unless AlignVCenter/AlignTop.
void draw_label(QPainter* painter, const QPointF& at, const QString& text, double point_size, const QColor& colour,
                bool bold = false, bool italic = false, Qt::Alignment align = Qt::AlignCenter) {
    const qreal dpr = painter->device() != nullptr ? painter->device()->devicePixelRatio() : 1.0;
    const LabelImage& label = label_image(text, point_size, colour, bold, italic, dpr);
    const QSizeF size = label.image.deviceIndependentSize();
    QPointF origin = painter->worldTransform().map(at);
    if (align & Qt::AlignHCenter) origin.rx() -= size.width() / 2;
    else if (align & Qt::AlignRight) origin.rx() -= size.width();
    if (align & Qt::AlignVCenter) origin.ry() -= size.height() / 2;
    else if (!(align & Qt::AlignTop)) origin.ry() -= label.baseline;
    painter->save();
    painter->resetTransform();
    painter->drawImage(QPointF(std::round(origin.x()), std::round(origin.y())), label.image);
    painter->restore();
}

QPolygonF feature_polygon(const TerrainFeature& feature) {
    QPolygonF polygon;
    for (const BoardPoint& p : feature.points) polygon << to_point(p);
    return polygon;
}

constexpr double kTerrainLabelPoints = 11;
constexpr double kUnitLabelPixels = 11;

struct TerrainLabel {
    QPointF at;  // centre, board mm
    QString text;
    QColor ink;
    bool operator==(const TerrainLabel&) const = default;
};

// Where a feature's name may go, best first: an area's middle, then around it; a line's
// middle, then further along it (a road's name can slide clear of the troops standing on it).
std::vector<QPointF> terrain_label_candidates(const TerrainFeature& f, const QRectF& table, const QSizeF& label) {
    const QPolygonF polygon = feature_polygon(f);
    std::vector<QPointF> out;
    const QRectF box = polygon.boundingRect();
    if (f.kind == TerrainKind::Hill) {
        // Just inside its lower contour, so stacked layers do not collide; then along it.
        const double y = std::min(table.bottom() - 10, box.bottom() - 14);
        for (double fx : {0.5, 0.35, 0.65, 0.2, 0.8})
            out.emplace_back(std::clamp(box.left() + fx * box.width(), table.left() + 150, table.right() - 150), y);
        out.emplace_back(std::clamp(box.center().x(), table.left() + 150, table.right() - 150), std::min(table.bottom() - 10, box.bottom() - 34));
        return out;
    }
    if (!f.closed && polygon.size() >= 2) {
        std::vector<double> lengths{0};
        for (qsizetype i = 1; i < polygon.size(); ++i) lengths.push_back(lengths.back() + QLineF(polygon[i - 1], polygon[i]).length());
        const auto point_at = [&](double fraction) {
            const double want = fraction * lengths.back();
            for (qsizetype i = 1; i < polygon.size(); ++i)
                if (lengths[static_cast<std::size_t>(i)] >= want) {
                    const double seg = lengths[static_cast<std::size_t>(i)] - lengths[static_cast<std::size_t>(i - 1)];
                    return QLineF(polygon[i - 1], polygon[i]).pointAt(seg > 0 ? (want - lengths[static_cast<std::size_t>(i - 1)]) / seg : 0);
                }
            return polygon.back();
        };
        for (double fraction : {0.5, 0.4, 0.6, 0.3, 0.7, 0.2, 0.8, 0.12, 0.88})
            for (double side : {8.0, -8.0}) out.push_back(point_at(fraction) + QPointF(side, 0));
        return out;
    }
    const QPointF c = box.center();
    out.push_back(c);
    for (const QPointF d : {QPointF(0, -0.25), QPointF(0, 0.25), QPointF(-0.25, 0), QPointF(0.25, 0), QPointF(0, -0.4), QPointF(0, 0.4)})
        out.push_back(c + QPointF(d.x() * box.width(), d.y() * box.height()));
    // A small place (a palace, a farm) names itself just outside its outline.
    const double above = box.height() / 2 + label.height() / 2 + 2, beside = box.width() / 2 + label.width() / 2 + 2;
    for (const QPointF d : {QPointF(0, above), QPointF(0, -above), QPointF(beside, 0), QPointF(-beside, 0)}) out.push_back(c + d);
    return out;
}

QColor terrain_ink(TerrainKind kind) {
    if (kind == TerrainKind::Wood) return QColor(0x1f, 0x3d, 0x16);
    if (kind == TerrainKind::River || kind == TerrainKind::Stream || kind == TerrainKind::Lake) return QColor(0x1d, 0x4f, 0x8a);
    return QColor(0x4a, 0x36, 0x1c);
}

// All terrain in one item: drawn in layers (hills under woods under roads under villages).
class TerrainItem : public QGraphicsItem {
public:
    TerrainItem(const Scenario& scenario, QRectF table) : scenario_(scenario), table_(table) {
        setZValue(-10);
        // Terrain never changes during a game: paint it once per zoom level, then blit.
        setCacheMode(DeviceCoordinateCache);
    }
    QRectF boundingRect() const override { return table_.adjusted(-50, -50, 50, 50); }
    void paint(QPainter* painter, const QStyleOptionGraphicsItem*, QWidget*) override {
        painter->setRenderHint(QPainter::Antialiasing);
        painter->save();
        painter->setClipRect(table_);
        const auto pass = [&](std::initializer_list<TerrainKind> kinds, auto&& draw) {
            for (const TerrainFeature& f : scenario_.terrain)
                if (std::find(kinds.begin(), kinds.end(), f.kind) != kinds.end()) draw(f);
        };
        for (int layer = 0; layer <= 8; ++layer)
            for (const TerrainFeature& f : scenario_.terrain)
                if (f.kind == TerrainKind::Hill && std::clamp(f.layers, 0, 8) == layer) drawHill(painter, f);
        pass({TerrainKind::Rough}, [&](const TerrainFeature& f) { drawRough(painter, f); });
        pass({TerrainKind::Lake, TerrainKind::River, TerrainKind::Stream}, [&](const TerrainFeature& f) { drawWater(painter, f); });
        pass({TerrainKind::Wood}, [&](const TerrainFeature& f) { drawWood(painter, f); });
        pass({TerrainKind::Road}, [&](const TerrainFeature& f) { drawRoad(painter, f); });
        pass({TerrainKind::Village, TerrainKind::Town}, [&](const TerrainFeature& f) { drawVillage(painter, f); });
        pass({TerrainKind::Wall, TerrainKind::Earthwork, TerrainKind::Redan}, [&](const TerrainFeature& f) { drawWork(painter, f); });
        painter->restore();
        // Names last, upright and at a constant size, where BoardScene::placeLabels put them.
        for (const TerrainLabel& label : labels_)
            draw_label(painter, label.at, label.text, kTerrainLabelPoints, label.ink, false, true, Qt::AlignHCenter | Qt::AlignVCenter);
    }

    // The names and their places (BoardScene::placeLabels): repaint only when one moved.
    void setLabels(std::vector<TerrainLabel> labels) {
        if (labels == labels_) return;
        labels_ = std::move(labels);
        update();
    }

private:
    // A hill polygon stands at its own height in layers (the highest holding a point wins,
    // fortuna/battlefield.hpp); higher layers are drawn later and darker, with a contour line.
    void drawHill(QPainter* p, const TerrainFeature& f) {
        static const QColor fills[] = {QColor(0xe3, 0xd5, 0xa4), QColor(0xd2, 0xbb, 0x82), QColor(0xc0, 0xa2, 0x68), QColor(0xad, 0x8c, 0x54)};
        p->setPen(QPen(QColor(0x80, 0x5e, 0x30), 1.2));
        p->setBrush(fills[std::clamp(f.layers - 1, 0, 3)]);
        p->drawPolygon(feature_polygon(f));
    }
    void drawRough(QPainter* p, const TerrainFeature& f) {
        const QPainterPath path = terrain_path(f);
        p->setPen(QPen(QColor(0x8d, 0x7b, 0x4e), 0.8, Qt::DashLine));
        p->setBrush(QColor(0xd8, 0xcd, 0x9e));
        p->drawPath(path);
        p->setPen(QPen(QColor(0x7a, 0x6a, 0x3e), 0.8));
        const QRectF box = path.boundingRect();
        for (double y = box.top() + 6; y < box.bottom(); y += 14)
            for (double x = box.left() + 6 + (static_cast<int>(y) % 28 ? 7 : 0); x < box.right(); x += 14)
                if (path.contains(QPointF(x, y))) {
                    p->drawLine(QPointF(x - 2, y + 2), QPointF(x, y - 2));
                    p->drawLine(QPointF(x, y - 2), QPointF(x + 2, y + 2));
                }
    }
    void drawWater(QPainter* p, const TerrainFeature& f) {
        const QPainterPath path = terrain_path(f);
        p->setPen(QPen(QColor(0x3f, 0x74, 0xa8), 1.0));
        p->setBrush(QColor(0x93, 0xbd, 0xe0));
        p->drawPath(path);
    }
    void drawWood(QPainter* p, const TerrainFeature& f) {
        const QPainterPath path = terrain_path(f);
        p->setPen(QPen(QColor(0x3e, 0x6b, 0x2e), 1.2));
        p->setBrush(QColor(0x9c, 0xc0, 0x7c));
        p->drawPath(path);
        p->setPen(QPen(QColor(0x3e, 0x6b, 0x2e), 0.6));
        p->setBrush(QColor(0x5d, 0x8f, 0x44));
        const QRectF box = path.boundingRect();
        int row = 0;
        for (double y = box.top() + 10; y < box.bottom() - 4; y += 18, ++row)
            for (double x = box.left() + 10 + (row % 2) * 9; x < box.right() - 4; x += 18)
                if (path.contains(QPointF(x, y))) p->drawEllipse(QPointF(x, y), 6, 6);
    }
    void drawRoad(QPainter* p, const TerrainFeature& f) {
        const QPainterPath path = terrain_path(f);
        p->setPen(QPen(QColor(0x8c, 0x74, 0x4c), 0.8));
        p->setBrush(QColor(0xd9, 0xc5, 0x96));
        p->drawPath(path);
    }
    void drawVillage(QPainter* p, const TerrainFeature& f) {
        const QPainterPath path = terrain_path(f);
        p->setPen(QPen(QColor(0x6d, 0x5a, 0x4a), 1.0, Qt::DashLine));
        p->setBrush(QColor(0xe2, 0xd8, 0xcc));
        p->drawPath(path);
        p->setPen(QPen(QColor(0x5a, 0x2a, 0x16), 0.6));
        p->setBrush(QColor(0xa8, 0x4b, 0x2c));
        const QRectF box = path.boundingRect();
        int i = 0;
        for (double y = box.top() + 10; y < box.bottom() - 8; y += 22)
            for (double x = box.left() + 10; x < box.right() - 10; x += 24, ++i) {
                const QRectF house(x + (i % 3) * 2, y + (i % 2) * 3, i % 2 ? 14 : 10, i % 2 ? 8 : 11);
                if (path.contains(house)) p->drawRect(house);
            }
    }
    void drawWork(QPainter* p, const TerrainFeature& f) {
        const QPolygonF line = feature_polygon(f);
        if (f.kind == TerrainKind::Wall) {
            p->setPen(QPen(QColor(0x55, 0x55, 0x55), f.width_mm.value_or(3), Qt::SolidLine, Qt::FlatCap, Qt::MiterJoin));
        } else {
            p->setPen(QPen(QColor(0x6b, 0x4a, 0x22), f.width_mm.value_or(5), Qt::SolidLine, Qt::FlatCap, Qt::MiterJoin));
        }
        p->setBrush(Qt::NoBrush);
        if (f.closed) p->drawPolygon(line);
        else p->drawPolyline(line);
        if (f.kind != TerrainKind::Wall) {
            // Teeth on the enemy's side of the parapet.
            p->setPen(QPen(QColor(0x6b, 0x4a, 0x22), 1.2));
            for (qsizetype i = 0; i + 1 < line.size(); ++i) {
                const QLineF edge(line[i], line[i + 1]);
                const QPointF normal = QPointF(-edge.dy(), edge.dx()) / std::max(1e-6, edge.length());
                for (double t = 6; t < edge.length(); t += 10) {
                    const QPointF at = edge.pointAt(t / edge.length());
                    p->drawLine(at, at + normal * 6);
                }
            }
        }
    }

    const Scenario& scenario_;
    QRectF table_;
    std::vector<TerrainLabel> labels_;
};

}  // namespace

// ------------------------------------------------------------------ UnitLabel

// The unit's code, upright and at a constant size on screen, just behind the unit's rear edge.
// A child that ignores the view's scale, drawn with drawText on a pale plate: cheap enough for
// thousands of units (bench/app/board_repaint.cpp).
class UnitLabel : public QGraphicsItem {
public:
    explicit UnitLabel(QGraphicsItem* parent) : QGraphicsItem(parent) {
        setFlag(ItemIgnoresTransformations);
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
        update();
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

// ------------------------------------------------------------------ UnitItem

UnitItem::UnitItem(std::size_t index, QColor colour) : index_(index), colour_(colour) {
    setFlags(ItemIsSelectable);
    setZValue(10);
    setAcceptHoverEvents(false);
    // Each unit is painted once per zoom level and then blitted: 2,000 units repaint in a few ms.
    setCacheMode(DeviceCoordinateCache);
    label_ = new UnitLabel(this);
}

void UnitItem::setUnit(const Unit& unit, const UnitStatus& status, int, int) {
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

// ------------------------------------------------------------------ IntentionArrow

// The programmed opponent's next action: a violet arrow with a pale halo, as thick on screen at
// fit zoom as at true scale, its reason the tooltip. It takes no clicks: the units below stay
// selectable through it.
class IntentionArrow : public QGraphicsItem {
public:
    explicit IntentionArrow(const QLineF& line) : line_(line) {
        setZValue(12);  // above units (10) and generals (11)
        setAcceptedMouseButtons(Qt::NoButton);
    }
    const QLineF& line() const { return line_; }
    void setViewScale(double pixels_per_mm) {
        prepareGeometryChange();
        ppm_ = std::max(pixels_per_mm, 0.02);
    }
    static QColor colour() { return {0x6a, 0x1b, 0x9a}; }
    QRectF boundingRect() const override {
        const double m = kHeadPixels / ppm_;
        return QRectF(line_.p1(), line_.p2()).normalized().adjusted(-m, -m, m, m);
    }
    QPainterPath shape() const override {
        QPainterPath path(line_.p1());
        path.lineTo(line_.p2());
        QPainterPathStroker stroke;
        stroke.setWidth(kHeadPixels / ppm_);
        return stroke.createStroke(path);
    }
    void paint(QPainter* painter, const QStyleOptionGraphicsItem*, QWidget*) override {
        const double ppm = pixels_per_mm(painter);
        const double shaft = kShaftPixels / ppm, head = kHeadPixels / ppm;
        painter->setRenderHint(QPainter::Antialiasing);
        const double length = line_.length();
        const QPointF tip = line_.p2();
        const QPointF along = length > 1e-9 ? (line_.p2() - line_.p1()) / length : QPointF(0, -1);
        const QPointF across(-along.y(), along.x());
        const QPointF base = tip - along * std::min(head, length);
        const QPolygonF arrow_head({tip, base + across * head * 0.45, base - across * head * 0.45});
        const QColor halo(0xf8, 0xf4, 0xe8, 220);
        for (const bool halo_pass : {true, false}) {
            const double widen = halo_pass ? 3 / ppm : 0;
            painter->setPen(QPen(halo_pass ? halo : colour(), shaft + widen, Qt::SolidLine, Qt::RoundCap, Qt::RoundJoin));
            painter->setBrush(halo_pass ? halo : colour());
            if (length > head) painter->drawLine(line_.p1(), base);
            painter->setPen(QPen(halo_pass ? halo : colour(), widen > 0 ? widen : 1 / ppm, Qt::SolidLine, Qt::RoundCap, Qt::RoundJoin));
            painter->drawPolygon(arrow_head);
        }
        // Where it starts: a ring round the unit's centre.
        painter->setPen(QPen(colour(), 2 / ppm));
        painter->setBrush(Qt::NoBrush);
        painter->drawEllipse(line_.p1(), 6 / ppm, 6 / ppm);
    }

private:
    static constexpr double kShaftPixels = 4;
    static constexpr double kHeadPixels = 18;
    QLineF line_;
    double ppm_ = 1;
};

// ------------------------------------------------------------------ BoardScene

BoardScene::BoardScene(GameDocument& document, QObject* parent) : QGraphicsScene(parent), document_(document) {
    setItemIndexMethod(QGraphicsScene::BspTreeIndex);
    // Every unit and label keeps a device pixmap (DeviceCoordinateCache); the default 10 MB
    // pixmap cache holds a few hundred and then thrashes, so a big battle gets room for its own.
    QPixmapCache::setCacheLimit(std::max(QPixmapCache::cacheLimit(), 256 * 1024));
    connect(&document_, &GameDocument::gameReplaced, this, &BoardScene::rebuild);
    connect(&document_, &GameDocument::changed, this, &BoardScene::refreshChange);
    connect(this, &QGraphicsScene::selectionChanged, this, &BoardScene::trackSelection);
    rebuild();
}

// Items deleted by ~QGraphicsScene emit selectionChanged: ignore it, the overlays go too.
BoardScene::~BoardScene() {
    rebuilding_ = true;
    range_overlay_ = nullptr;
    terrain_ = nullptr;
    intention_ = nullptr;
    disconnect(this, nullptr, nullptr, nullptr);
}

void BoardScene::rebuild() {
    rebuilding_ = true;
    clearSelection();
    range_overlay_ = nullptr;
    terrain_ = nullptr;
    intention_ = nullptr;  // deleted by clear() with the rest
    clear();
    units_.clear();
    generals_.clear();
    selection_order_.clear();
    ruler_.reset();
    sight_.reset();
    ghost_.reset();
    if (!document_.hasGame()) {
        rebuilding_ = false;
        return;
    }
    const Game& game = document_.game();
    const Board& board = game.scenario().board;
    table_ = QRectF(0, 0, board.width_mm, board.depth_mm);
    // Room around the table for the scale bar and units stepping off it.
    setSceneRect(table_.adjusted(-60, -40, 60, 90));
    terrain_ = new TerrainItem(game.scenario(), table_);
    addItem(terrain_);
    for (std::size_t i = 0; i < game.units().size(); ++i) {
        const QColor colour(qs(game.scenario().sides[static_cast<std::size_t>(game.units()[i].id.side)].colour));
        auto* item = new UnitItem(i, colour);
        if (view_ppm_ > 0) item->setViewScale(view_ppm_);
        addItem(item);
        units_.push_back(item);
    }
    for (std::size_t g = 0; g < game.generals().size(); ++g) {
        const General& general = game.generals()[g];
        const QColor colour(qs(game.scenario().sides[static_cast<std::size_t>(general.id.side)].colour));
        auto* item = new GeneralItem(g, colour, qs(general.id.code));
        addItem(item);
        generals_.push_back(item);
    }
    rebuilding_ = false;
    refresh();
}

void BoardScene::refresh() {
    if (!document_.hasGame()) return;
    const Game& game = document_.game();
    for (std::size_t i = 0; i < units_.size(); ++i)
        units_[i]->setUnit(game.units()[i], game.state().units[i], game.clock().turn, game.rules().charge_once_every_turns);
    for (std::size_t g = 0; g < generals_.size(); ++g) generals_[g]->setGeneral(game.generals()[g], game.state().generals[g]);
    labels_stale_ = true;  // placed before the next paint (BoardView::paintEvent)
    updateRangeOverlay();
    update();
}

void BoardScene::refreshChange(const GameChange& change) {
    if (!document_.hasGame()) return;
    if (change.clock) return refresh();
    const Game& game = document_.game();
    for (std::size_t i : change.units)
        if (i < units_.size())
            units_[i]->setUnit(game.units()[i], game.state().units[i], game.clock().turn, game.rules().charge_once_every_turns);
    for (std::size_t g : change.generals)
        if (g < generals_.size()) generals_[g]->setGeneral(game.generals()[g], game.state().generals[g]);
    if (!change.units.empty() || !change.generals.empty()) labels_stale_ = true;
    updateRangeOverlay();
    update();
}

void BoardScene::setViewScale(double pixels_per_mm) {
    if (pixels_per_mm <= 0 || std::abs(pixels_per_mm - view_ppm_) < 1e-9 * pixels_per_mm) return;
    view_ppm_ = pixels_per_mm;
    for (UnitItem* unit : units_) unit->setViewScale(pixels_per_mm);
    if (intention_ != nullptr) intention_->setViewScale(pixels_per_mm);
    labels_stale_ = true;
}

void BoardScene::ensureLabelsPlaced() {
    if (!labels_stale_) return;
    labels_stale_ = false;
    placeLabels();
}

namespace {

// Rectangles on the board in buckets, for "how much of this rectangle is already taken".
class TakenArea {
public:
    explicit TakenArea(double cell) : cell_(std::max(1.0, cell)) {}
    void add(const QRectF& rect, int owner = -1) {
        forCells(rect, [&](std::int64_t key) { cells_[key].push_back({rect, owner}); });
    }
    // Overlapping area (a rectangle spanning two buckets may count twice: only zero matters).
    double overlap(const QRectF& rect, int ignore = -2) const {
        double area = 0;
        forCells(rect, [&](std::int64_t key) {
            const auto it = cells_.find(key);
            if (it == cells_.end()) return;
            for (const auto& [other, owner] : it->second)
                if (owner != ignore && other.intersects(rect)) {
                    const QRectF common = other.intersected(rect);
                    area += common.width() * common.height();
                }
        });
        return area;
    }

private:
    template <typename F>
    void forCells(const QRectF& rect, F&& each) const {
        const auto lo_x = static_cast<std::int64_t>(std::floor(rect.left() / cell_)), hi_x = static_cast<std::int64_t>(std::floor(rect.right() / cell_));
        const auto lo_y = static_cast<std::int64_t>(std::floor(rect.top() / cell_)), hi_y = static_cast<std::int64_t>(std::floor(rect.bottom() / cell_));
        for (std::int64_t x = lo_x; x <= hi_x; ++x)
            for (std::int64_t y = lo_y; y <= hi_y; ++y) each(x * 1'000'003 + y);
    }
    double cell_;
    std::unordered_map<std::int64_t, std::vector<std::pair<QRectF, int>>> cells_;
};

}  // namespace

void BoardScene::placeLabels() {
    if (view_ppm_ <= 0 || !document_.hasGame()) return;
    const Game& game = document_.game();
    const double mm = 1.0 / view_ppm_;  // board mm per screen pixel
    TakenArea taken(std::max(40.0, 60 * mm));
    // Generals and their codes stay where they are: the codes of the troops make way.
    for (std::size_t g = 0; g < generals_.size(); ++g) {
        if (!generals_[g]->isVisible()) continue;
        taken.add(generals_[g]->sceneBoundingRect());
        if (view_ppm_ > 0.35) {
            const QSizeF size = label_size(qs(game.generals()[g].id.code), 10, true) * mm;
            const QPointF at = generals_[g]->scenePos() + QPointF(0, 20 + 9 * mm);
            taken.add(QRectF(at - QPointF(size.width() / 2, size.height() / 2), size));
        }
    }
    for (std::size_t i = 0; i < units_.size(); ++i)
        if (units_[i]->isVisible()) taken.add(units_[i]->mapRectToScene(units_[i]->footprint().bounds), static_cast<int>(i));
    // Unit codes from the top of the table down, each at the first clear place of: behind the
    // unit, in front of it, beside either, further behind.
    std::vector<std::size_t> order;
    for (std::size_t i = 0; i < units_.size(); ++i)
        if (units_[i]->isVisible()) order.push_back(i);
    std::sort(order.begin(), order.end(), [&](std::size_t a, std::size_t b) {
        const QPointF pa = units_[a]->pos(), pb = units_[b]->pos();
        return pa.y() != pb.y() ? pa.y() < pb.y() : pa.x() < pb.x();
    });
    for (std::size_t i : order) {
        UnitItem* unit = units_[i];
        UnitLabel* label = unit->label();
        const QPointF anchor = label->scenePos();
        const QPointF front = unit->mapToScene(QPointF(0, unit->footprint().bounds.top()));
        const QRectF behind = label->defaultRect();
        const QRectF ahead(-behind.center() - QPointF(behind.width() / 2, behind.height() / 2), behind.size());
        const double side = behind.width() / 2 + 2;
        const double down = behind.center().y() >= 0 ? 1 : -1;
        const auto in_scene = [&](const QPointF& at, const QRectF& px) { return QRectF(at + px.topLeft() * mm, px.size() * mm); };
        const std::pair<QPointF, QRectF> candidates[] = {
            {anchor, behind},
            {front, ahead},
            {anchor, behind.translated(-side, 0)},
            {anchor, behind.translated(side, 0)},
            {front, ahead.translated(-side, 0)},
            {front, ahead.translated(side, 0)},
            {anchor, behind.translated(0, down * (behind.height() + 1))},
            {front, ahead.translated(0, -down * (behind.height() + 1))},
            {anchor, behind.translated(-side, down * (behind.height() + 1))},
            {anchor, behind.translated(side, down * (behind.height() + 1))},
            // A crowded line at a small zoom (a 1366 x 768 window): further out, the leader line longer.
            {anchor, behind.translated(-2 * side, 0)},
            {anchor, behind.translated(2 * side, 0)},
            {front, ahead.translated(-side, -down * (behind.height() + 1))},
            {front, ahead.translated(side, -down * (behind.height() + 1))},
            {anchor, behind.translated(0, down * 2 * (behind.height() + 1))},
            {front, ahead.translated(0, -down * 2 * (behind.height() + 1))},
        };
        QRectF best = in_scene(anchor, behind);
        double best_overlap = std::numeric_limits<double>::infinity();
        for (const auto& [at, px] : candidates) {
            const QRectF rect = in_scene(at, px);
            const double overlap = taken.overlap(rect, static_cast<int>(i));
            if (overlap < best_overlap - 1e-9) {
                best = rect;
                best_overlap = overlap;
            }
            if (overlap <= 0) break;
        }
        taken.add(best);
        label->place(QRectF((best.topLeft() - anchor) * view_ppm_, behind.size()));
    }
    // Terrain names last: the first of their places that no unit, code or other name covers.
    if (terrain_ != nullptr) {
        std::vector<TerrainLabel> labels;
        // Areas first (a village's name belongs in the village); a road or a brook can give way
        // along its length.
        std::vector<const TerrainFeature*> named;
        for (const TerrainFeature& f : game.scenario().terrain)
            if (!f.name.empty()) named.push_back(&f);
        std::stable_sort(named.begin(), named.end(), [](const TerrainFeature* a, const TerrainFeature* b) { return a->closed && !b->closed; });
        for (const TerrainFeature* feature : named) {
            const TerrainFeature& f = *feature;
            QString text = qs(f.name);
            if (f.kind == TerrainKind::Hill && f.layers > 0) text += QStringLiteral(" · layer %1").arg(f.layers);
            // Crowded: the name without its gloss ("Star Palace" for "Star Palace (letohrádek Hvězda)").
            QStringList forms{text};
            if (const qsizetype open = text.indexOf(u" ("_s); open > 0) forms << text.left(open);
            TerrainLabel best{{}, text, terrain_ink(f.kind)};
            QSizeF best_size;
            double best_overlap = std::numeric_limits<double>::infinity();
            for (const QString& form : forms) {
                const QSizeF size = label_size(form, kTerrainLabelPoints, false, true) * mm;
                for (QPointF at : terrain_label_candidates(f, table_, size)) {
                    // Slid inside the table's edge rather than hanging over it.
                    at.setX(std::clamp(at.x(), table_.left() + size.width() / 2 + 2, std::max(table_.left() + size.width() / 2 + 2, table_.right() - size.width() / 2 - 2)));
                    at.setY(std::clamp(at.y(), table_.top() + size.height() / 2 + 2, std::max(table_.top() + size.height() / 2 + 2, table_.bottom() - size.height() / 2 - 2)));
                    const QRectF rect(at - QPointF(size.width() / 2, size.height() / 2), size);
                    // Off the table is as bad as under a regiment.
                    const QRectF inside = rect.intersected(table_);
                    const double overlap = taken.overlap(rect) + (rect.width() * rect.height() - inside.width() * inside.height());
                    if (overlap < best_overlap - 1e-9) {
                        best.at = at;
                        best.text = form;
                        best_size = size;
                        best_overlap = overlap;
                    }
                    if (overlap <= 0) break;
                }
                if (best_overlap <= 0) break;
            }
            taken.add(QRectF(best.at - QPointF(best_size.width() / 2, best_size.height() / 2), best_size));
            labels.push_back(std::move(best));
        }
        static_cast<TerrainItem*>(terrain_)->setLabels(std::move(labels));
    }
}

void BoardScene::trackSelection() {
    if (rebuilding_) return;
    std::vector<std::size_t> now;
    for (QGraphicsItem* item : selectedItems())
        if (item->type() == UnitItem::Type) now.push_back(static_cast<UnitItem*>(item)->index());
    std::vector<std::size_t> ordered;
    for (std::size_t u : selection_order_)
        if (std::find(now.begin(), now.end(), u) != now.end()) ordered.push_back(u);
    std::sort(now.begin(), now.end());
    for (std::size_t u : now)
        if (std::find(ordered.begin(), ordered.end(), u) == ordered.end()) ordered.push_back(u);
    selection_order_ = ordered;
    updateRangeOverlay();
    emit selectionOrderChanged();
}

void BoardScene::selectUnits(const std::vector<std::size_t>& units) {
    rebuilding_ = true;
    clearSelection();
    for (std::size_t u : units)
        if (u < units_.size()) units_[u]->setSelected(true);
    rebuilding_ = false;
    selection_order_.clear();
    for (std::size_t u : units)
        if (u < units_.size() && std::find(selection_order_.begin(), selection_order_.end(), u) == selection_order_.end())
            selection_order_.push_back(u);
    updateRangeOverlay();
    emit selectionOrderChanged();
}

void BoardScene::setGridVisible(bool visible) {
    grid_visible_ = visible;
    invalidate(sceneRect(), BackgroundLayer);
}

void BoardScene::setRangesVisible(bool visible) {
    ranges_visible_ = visible;
    updateRangeOverlay();
}

// Range overlays of the one selected unit: the artillery bands of its battery (Table 3), the
// infantry combat range, or a square's fire range against cavalry (Table 7 notes).
void BoardScene::updateRangeOverlay() {
    if (range_overlay_) {
        removeItem(range_overlay_);
        delete range_overlay_;
        range_overlay_ = nullptr;
    }
    if (!ranges_visible_ || selection_order_.size() != 1 || !document_.hasGame()) return;
    const Game& game = document_.game();
    const std::size_t u = selection_order_.front();
    const Unit& unit = game.units()[u];
    const UnitStatus& now = game.state().units[u];
    if (now.presence != Presence::OnBoard) return;
    const Footprint fp = unit_footprint(unit.type(), now.bases, now.formation);
    const QTransform place = unit_transform(now);
    auto* group = new QGraphicsPathItem();
    group->setZValue(5);
    group->setPen(Qt::NoPen);
    const auto zone = [&](double range, QColor fill, QColor line, const QString& label) {
        QPainterPath path;
        path.addRoundedRect(fp.bounds.adjusted(-range, -range, range, range), range, range);
        auto* item = new QGraphicsPathItem(place.map(path), group);
        item->setPen(QPen(line, 1.2, Qt::DashLine));
        item->setBrush(fill);
        auto* text = new QGraphicsSimpleTextItem(label, group);
        text->setFlag(QGraphicsItem::ItemIgnoresTransformations);
        text->setBrush(line.darker(150));
        QFont font(u"Sans"_s, 8);
        text->setFont(font);
        text->setPos(place.map(QPointF(fp.bounds.right() + range * 0.72, fp.bounds.top() - range * 0.72)));
    };
    const RuleSet& rules = game.rules();
    if (unit.arm() == Arm::Artillery) {
        const std::string battery = unit.type().battery.empty() ? "field" : unit.type().battery;
        try {
            const BatteryTable& table = rules.artillery.battery(battery);
            static const QColor shades[] = {QColor(220, 40, 40, 40), QColor(230, 120, 30, 30), QColor(230, 190, 30, 26), QColor(120, 120, 200, 20)};
            for (std::size_t b = table.bands.size(); b-- > 0;) {
                const ArtilleryBand& band = table.bands[b];
                zone(band.max_mm, shades[std::min<std::size_t>(b, 3)], QColor(150, 60, 20),
                     QStringLiteral("%1 mm").arg(qs(band.label)));
            }
        } catch (const std::exception&) {
        }
    } else if (unit.arm() == Arm::Infantry) {
        if (now.formation == Formation::Square && rules.cavalry_vs_square.infantry_fire_mm) {
            zone(*rules.cavalry_vs_square.infantry_fire_mm, QColor(200, 40, 40, 35), QColor(160, 30, 30),
                 tr("square fire %1 mm").arg(*rules.cavalry_vs_square.infantry_fire_mm));
        } else {
            const double range = unit.type().combat_range_mm.value_or(rules.infantry_combat_mm);
            zone(range, QColor(40, 80, 200, 30), QColor(30, 60, 150), tr("musketry %1 mm").arg(range));
        }
    }
    addItem(group);
    range_overlay_ = group;
}

void BoardScene::showRuler(const QPointF& from, const QPointF& to) {
    ruler_ = QLineF(from, to);
    update();
}
void BoardScene::clearRuler() {
    ruler_.reset();
    update();
}
void BoardScene::showSight(const QPointF& from, const QPointF& to, const SightLine& sight) {
    sight_ = std::make_pair(QLineF(from, to), sight);
    update();
}
void BoardScene::clearSight() {
    sight_.reset();
    update();
}

void BoardScene::showMoveGhost(std::size_t unit, const QPointF& to, const MoveCheck& check) {
    const Game& game = document_.game();
    const Movement& m = game.units()[unit].type().movement;
    ghost_ = Ghost{unit, to_point(game.state().units[unit].position), to, check,
                   m.allowance("normal"), m.allowance("difficult"), m.allowance("road"), m.allowance("charge")};
    update();
}

void BoardScene::clearMoveGhost() {
    ghost_.reset();
    update();
}

void BoardScene::showIntention(const QLineF& line, const QString& label, const QString& reason) {
    clearIntention();
    intention_ = new IntentionArrow(line);
    if (view_ppm_ > 0) intention_->setViewScale(view_ppm_);
    intention_->setToolTip(reason);
    intention_label_ = label;
    addItem(intention_);
    update();
}

void BoardScene::clearIntention() {
    if (intention_ == nullptr) return;
    delete intention_;  // removes itself from the scene
    intention_ = nullptr;
    intention_label_.clear();
    update();
}

std::optional<QLineF> BoardScene::intention() const {
    if (intention_ == nullptr) return std::nullopt;
    return intention_->line();
}

QString BoardScene::intentionReason() const { return intention_ != nullptr ? intention_->toolTip() : QString(); }

void BoardScene::drawBackground(QPainter* painter, const QRectF& rect) {
    painter->fillRect(rect, QColor(0x5b, 0x4a, 0x3a));  // the room beyond the table
    if (table_.isEmpty()) return;
    const double ppm = pixels_per_mm(painter);
    painter->setRenderHint(QPainter::Antialiasing, false);
    painter->fillRect(table_, QColor(0xc9, 0xd6, 0xa3));
    if (grid_visible_) {
        painter->setPen(QPen(QColor(0x90, 0xa0, 0x70, 150), 0));
        for (double x = 100; x < table_.width(); x += 100) painter->drawLine(QPointF(x, 0), QPointF(x, table_.height()));
        for (double y = 100; y < table_.height(); y += 100) painter->drawLine(QPointF(0, y), QPointF(table_.width(), y));
    }
    painter->setPen(QPen(QColor(0x2e, 0x24, 0x1a), std::max(1.0, 2 / ppm)));
    painter->setBrush(Qt::NoBrush);
    painter->drawRect(table_);
    painter->setRenderHint(QPainter::Antialiasing, true);
    // The scale bar below the table: 0-300 mm, in board mm and battlefield metres (1 mm = 2 m).
    const double y = table_.bottom() + 30;
    const double x0 = 0;
    for (int i = 0; i < 6; ++i) {
        painter->fillRect(QRectF(x0 + i * 50, y, 50, 8), i % 2 ? QColor(0xf5, 0xf0, 0xe0) : QColor(0x20, 0x20, 0x20));
    }
    painter->setPen(QPen(QColor(0xf5, 0xf0, 0xe0), 0));
    painter->drawRect(QRectF(x0, y, 300, 8));
    const QColor chalk(0xf5, 0xf0, 0xe0);
    for (int mm = 0; mm <= 300; mm += 300) {
        // The 0 starts at the bar's left end (centred on it, its left half fell off the view).
        const Qt::Alignment align = mm == 0 ? Qt::AlignLeft : Qt::AlignHCenter;
        const QPointF nudge(mm == 0 ? -2 / ppm : 0, 0);
        draw_label(painter, QPointF(x0 + mm, y - 4 / ppm) + nudge, QStringLiteral("%1 mm").arg(mm), 11, chalk, false, false, align);
        draw_label(painter, QPointF(x0 + mm, y + 8 + 14 / ppm) + nudge, QStringLiteral("%1 m").arg(mm * 2), 11, chalk, false, false, align);
    }
    // Ends at the table's right edge: a label keeps its size on screen, and one started after the
    // bar ran past the scene (under the docks) when a 1366 x 768 window shows the table small.
    draw_label(painter, QPointF(table_.right(), y + 8), tr("1 mm = 2 m · table %1 × %2 mm · grid 100 mm").arg(table_.width()).arg(table_.height()),
               11, chalk, false, false, Qt::AlignRight | Qt::AlignVCenter);
}

void BoardScene::drawForeground(QPainter* painter, const QRectF&) {
    const double ppm = pixels_per_mm(painter);
    painter->setRenderHint(QPainter::Antialiasing);
    if (intention_ != nullptr && !intention_label_.isEmpty()) {
        // The label beyond the arrow's head, where it does not cover the unit that acts.
        const QLineF& line = intention_->line();
        const double length = std::max(line.length(), 1e-9);
        const QPointF beyond = line.p2() + (line.p2() - line.p1()) / length * (26 / ppm);
        draw_label(painter, beyond, intention_label_, 12, IntentionArrow::colour(), true, false, Qt::AlignCenter);
    }
    if (ghost_) {
        const Ghost& g = *ghost_;
        // The allowances around where the unit stood: normal, difficult, road, charge.
        const struct { double r; QColor c; Qt::PenStyle s; const char* name; } rings[] = {
            {g.difficult, QColor(0x8a, 0x5a, 0x20), Qt::DotLine, "difficult"},
            {g.normal, QColor(0x10, 0x60, 0x10), Qt::SolidLine, "normal"},
            {g.road, QColor(0x7a, 0x60, 0x30), Qt::DashLine, "road"},
            {g.charge, QColor(0xa0, 0x10, 0x10), Qt::DashDotLine, "charge"},
        };
        for (const auto& ring : rings) {
            painter->setPen(QPen(ring.c, std::max(0.6, 1.5 / ppm), ring.s));
            painter->setBrush(Qt::NoBrush);
            painter->drawEllipse(g.from, ring.r, ring.r);
            draw_label(painter, g.from + QPointF(ring.r * 0.7071, -ring.r * 0.7071),
                       QStringLiteral("%1 %2").arg(qs(ring.name)).arg(ring.r), 9, ring.c);
        }
        const QColor line = g.check.over ? QColor(0xd0, 0x10, 0x10) : QColor(0x10, 0x60, 0x10);
        painter->setPen(QPen(line, std::max(1.0, 2.5 / ppm)));
        painter->drawLine(g.from, g.to);
        draw_label(painter, g.to + QPointF(0, -22 / ppm), g.check.words(), 12, line, true, false, Qt::AlignHCenter);
    }
    if (ruler_) {
        const QLineF& r = *ruler_;
        painter->setPen(QPen(QColor(0x10, 0x10, 0x90), std::max(1.0, 2.5 / ppm), Qt::SolidLine, Qt::RoundCap));
        painter->drawLine(r);
        // ticks every 50 mm
        const QPointF n = r.length() > 0 ? QPointF(-r.dy(), r.dx()) / r.length() : QPointF();
        for (double t = 0; t <= r.length(); t += 50) {
            const QPointF at = r.pointAt(t / std::max(1e-9, r.length()));
            const double tick = static_cast<int>(t) % 100 == 0 ? 6 : 3;
            painter->drawLine(at - n * tick, at + n * tick);
        }
        draw_label(painter, r.center() + QPointF(0, -14 / ppm),
                   QStringLiteral("%1 mm  =  %2 m").arg(r.length(), 0, 'f', 0).arg(r.length() * kMetresPerMm, 0, 'f', 0), 13,
                   QColor(0x10, 0x10, 0x90), true, false, Qt::AlignHCenter);
    }
    if (sight_) {
        const auto& [line, sight] = *sight_;
        const QColor ok(0x10, 0x80, 0x10), bad(0xd0, 0x10, 0x10);
        painter->setPen(QPen(ok, std::max(1.0, 2.5 / ppm)));
        painter->drawLine(line.p1(), sight.clear ? line.p2() : sight.blocked_at);
        if (!sight.clear) {
            painter->setPen(QPen(bad, std::max(1.0, 2.5 / ppm), Qt::DashLine));
            painter->drawLine(sight.blocked_at, line.p2());
            painter->setBrush(bad);
            painter->drawEllipse(sight.blocked_at, 4, 4);
        }
        draw_label(painter, line.center() + QPointF(0, -14 / ppm),
                   sight.clear ? tr("clear sight, %1 mm").arg(sight.length_mm, 0, 'f', 0) : sight.reason, 12,
                   sight.clear ? ok : bad, true, false, Qt::AlignHCenter);
    }
}

}  // namespace fortuna::app
