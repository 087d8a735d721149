// SPDX-License-Identifier: MIT
// Painting the board: labels with a halo at a constant size on screen, and the terrain item
// (see board_painting.hpp).
#include "board_painting.hpp"

#include <QCoreApplication>
#include <QHash>
#include <QImage>
#include <QPainterPath>

#include <algorithm>
#include <cmath>

#include "board_geometry.hpp"
#include "qt_text.hpp"

namespace fortuna::app {

using namespace Qt::StringLiterals;


// Screen pixels per board mm under the painter's current transform.
double pixels_per_mm(const QPainter* painter) {
    const QTransform& t = painter->worldTransform();
    return std::max(1e-6, std::sqrt(std::abs(t.determinant())));
}

QFont font_of_pixels(double pixels_per_mm, double pixel_size, bool bold, bool italic) {
    QFont font(u"Sans"_s);
    font.setPointSizeF(std::max(0.5, pixel_size / pixels_per_mm));
    font.setBold(bold);
    font.setItalic(italic);
    return font;
}

namespace {

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

}  // namespace

// The label's size on screen, in pixels (for placing it clear of other things): the size of
// its image, from the font's metrics alone (placing every label must not render them all).
QSizeF label_size(const QString& text, double point_size, bool bold, bool italic) {
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
void draw_label(QPainter* painter, const QPointF& at, const QString& text, double point_size, const QColor& colour, bool bold,
                bool italic, Qt::Alignment align, const QRectF& within) {
    const qreal dpr = painter->device() != nullptr ? painter->device()->devicePixelRatio() : 1.0;
    const LabelImage& label = label_image(text, point_size, colour, bold, italic, dpr);
    const QSizeF size = label.image.deviceIndependentSize();
    QPointF origin = painter->worldTransform().map(at);
    if (align & Qt::AlignHCenter) origin.rx() -= size.width() / 2;
    else if (align & Qt::AlignRight) origin.rx() -= size.width();
    if (align & Qt::AlignVCenter) origin.ry() -= size.height() / 2;
    else if (!(align & Qt::AlignTop)) origin.ry() -= label.baseline;
    if (!within.isNull()) {
        const QRectF room = painter->worldTransform().mapRect(within);
        origin.setX(std::max(room.left(), std::min(origin.x(), room.right() - size.width())));
        origin.setY(std::max(room.top(), std::min(origin.y(), room.bottom() - size.height())));
    }
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

namespace {

// A feature's ground: its outline in `pen`, filled with `fill`; the path, for what is drawn on it.
QPainterPath fill_ground(QPainter* p, const TerrainFeature& f, const QPen& pen, const QColor& fill) {
    const QPainterPath path = terrain_path(f);
    p->setPen(pen);
    p->setBrush(fill);
    p->drawPath(path);
    return path;
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
        const QPainterPath path = fill_ground(p, f, QPen(QColor(0x8d, 0x7b, 0x4e), 0.8, Qt::DashLine), QColor(0xd8, 0xcd, 0x9e));
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
        fill_ground(p, f, QPen(QColor(0x3f, 0x74, 0xa8), 1.0), QColor(0x93, 0xbd, 0xe0));
    }
    void drawWood(QPainter* p, const TerrainFeature& f) {
        const QPainterPath path = fill_ground(p, f, QPen(QColor(0x3e, 0x6b, 0x2e), 1.2), QColor(0x9c, 0xc0, 0x7c));
        p->setPen(QPen(QColor(0x3e, 0x6b, 0x2e), 0.6));
        p->setBrush(QColor(0x5d, 0x8f, 0x44));
        const QRectF box = path.boundingRect();
        int row = 0;
        for (double y = box.top() + 10; y < box.bottom() - 4; y += 18, ++row)
            for (double x = box.left() + 10 + (row % 2) * 9; x < box.right() - 4; x += 18)
                if (path.contains(QPointF(x, y))) p->drawEllipse(QPointF(x, y), 6, 6);
    }
    void drawRoad(QPainter* p, const TerrainFeature& f) {
        fill_ground(p, f, QPen(QColor(0x8c, 0x74, 0x4c), 0.8), QColor(0xd9, 0xc5, 0x96));
    }
    void drawVillage(QPainter* p, const TerrainFeature& f) {
        const QPainterPath path = fill_ground(p, f, QPen(QColor(0x6d, 0x5a, 0x4a), 1.0, Qt::DashLine), QColor(0xe2, 0xd8, 0xcc));
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

QGraphicsItem* make_terrain_item(const Scenario& scenario, QRectF table) { return new TerrainItem(scenario, table); }

void set_terrain_labels(QGraphicsItem* terrain, std::vector<TerrainLabel> labels) {
    static_cast<TerrainItem*>(terrain)->setLabels(std::move(labels));
}

// ------------------------------------------------------------------ objectives

namespace board_objective_detail {

class ObjectiveFlag : public QGraphicsItem {
public:
    ObjectiveFlag(QPointF at, QColor colour, QString words) : colour_(colour), words_(std::move(words)) {
        setPos(at);
        setZValue(12);
        setToolTip(words_);
        setAcceptedMouseButtons(Qt::NoButton);
    }
    static constexpr double kMostMm = 60;
    QRectF boundingRect() const override { return QRectF(-kMostMm, -kMostMm, 2 * kMostMm, 2 * kMostMm); }
    void paint(QPainter* painter, const QStyleOptionGraphicsItem*, QWidget*) override {
        painter->setRenderHint(QPainter::Antialiasing);
        const double ppm = std::max(1e-6, pixels_per_mm(painter));
        const double pole = std::clamp(22 / ppm, 15.0, kMostMm - 20);
        QPen ink(colour_.darker(200), 2.0);
        ink.setCosmetic(true);
        painter->setPen(ink);
        painter->drawLine(QPointF(0, 0), QPointF(0, -pole));
        painter->setBrush(colour_);
        painter->drawPolygon(QPolygonF({QPointF(0, -pole), QPointF(pole * 0.7, -pole * 0.8), QPointF(0, -pole * 0.6)}));
        painter->setBrush(Qt::NoBrush);
        painter->drawEllipse(QPointF(0, 0), 3 / ppm + 1, 3 / ppm + 1);
        draw_label(painter, QPointF(0, 10 / ppm), words_, 8, colour_.darker(220), true, false, Qt::AlignCenter);
    }

private:
    QColor colour_;
    QString words_;
};

}  // namespace board_objective_detail

QGraphicsItem* make_objective_flag(QPointF at, QColor colour, QString words) {
    return new board_objective_detail::ObjectiveFlag(at, colour, std::move(words));
}

QString objective_words(const SideSetup& side) {
    const QString who = qs(side.name.empty() ? side.id : side.name);
    // The editor's words, in the editor's translation context.
    if (side.orders && side.orders->posture == Posture::Attack) return QCoreApplication::translate("fortuna::app::PlanScene", "%1: attack").arg(who);
    return QCoreApplication::translate("fortuna::app::PlanScene", "%1: hold").arg(who);
}

}  // namespace fortuna::app
