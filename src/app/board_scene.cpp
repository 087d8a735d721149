// SPDX-License-Identifier: MIT
// The table at true scale (1 scene unit = 1 mm): terrain, units, generals and the umpire's overlays.
#include "board_scene.hpp"

#include <QFont>
#include <QFontMetricsF>
#include <QGraphicsPathItem>
#include <QGraphicsSimpleTextItem>
#include <QHash>
#include <QImage>
#include <QPainter>
#include <QPainterPath>
#include <QPixmapCache>
#include <QStyleOptionGraphicsItem>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <limits>
#include <unordered_map>
#include <numbers>
#include <optional>

#include "board_painting.hpp"
#include "board_pieces.hpp"
#include "game_document.hpp"
#include "qt_text.hpp"

namespace fortuna::app {

using namespace Qt::StringLiterals;

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
    connect(&document_, &GameDocument::selectionChanged, this, &BoardScene::showSelection);
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
    terrain_ = make_terrain_item(game.scenario(), table_);
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
    // Each side's objective where its initial orders point (issue 31), as the editor and the table plan show it.
    const Scenario& scenario = game.scenario();
    for (const SideSetup& side : scenario.sides) {
        if (!side.orders) continue;
        const auto objective = objective_of(scenario, *side.orders);
        if (!objective) continue;
        QColor colour(qs(side.colour));
        if (!colour.isValid()) colour = QColor(0x60, 0x60, 0x60);
        addItem(make_objective_flag(QPointF(objective->at.x_mm, objective->at.y_mm), colour, objective_words(side)));
    }
    rebuilding_ = false;
    refresh();
}

void BoardScene::refresh() {
    if (!document_.hasGame()) return;
    const Game& game = document_.game();
    for (std::size_t i = 0; i < units_.size(); ++i)
        units_[i]->setUnit(game.units()[i], game.state().units[i]);
    for (std::size_t g = 0; g < generals_.size(); ++g) generals_[g]->setGeneral(game.generals()[g], game.state().generals[g]);
    labels_stale_ = true;  // placed before the next paint (BoardView::paintEvent)
    updateRangeOverlay();
    update();
}

void BoardScene::refreshChange(const GameChange& change) {
    if (!document_.hasGame()) return;
    // A new phase or turn alone changes no unit's look: the units it changed are named.
    const Game& game = document_.game();
    for (std::size_t i : change.units)
        if (i < units_.size())
            units_[i]->setUnit(game.units()[i], game.state().units[i]);
    for (std::size_t g : change.generals)
        if (g < generals_.size()) generals_[g]->setGeneral(game.generals()[g], game.state().generals[g]);
    // Generals hold their place and the codes make way (placeLabels): one moved, all are placed
    // again. Units changed: only the codes near them (placeLabelsNear).
    if (!change.generals.empty()) labels_stale_ = true;
    labels_moved_.insert(labels_moved_.end(), change.units.begin(), change.units.end());
    updateRangeOverlay();
    // A distance or a sight measured by the D or V command is of the position it was measured in:
    // after an action, an undo or a redo it would stand for what is no longer there (issue 28).
    if (ruler_ || sight_) {
        ruler_.reset();
        sight_.reset();
        update();
    }
    // The items changed repaint themselves; the whole board only under an overlay drawn over
    // everything (drawForeground), which a change of position may have to follow.
    if (ghost_ || intention_ != nullptr) update();
}

void BoardScene::setViewScale(double pixels_per_mm) {
    if (pixels_per_mm <= 0 || std::abs(pixels_per_mm - view_ppm_) < 1e-9 * pixels_per_mm) return;
    view_ppm_ = pixels_per_mm;
    for (UnitItem* unit : units_) unit->setViewScale(pixels_per_mm);
    if (intention_ != nullptr) intention_->setViewScale(pixels_per_mm);
    labels_stale_ = true;
}

void BoardScene::ensureLabelsPlaced() {
    if (labels_stale_) {
        labels_stale_ = false;
        labels_moved_.clear();
        placeLabels();
    } else if (!labels_moved_.empty()) {
        std::vector<std::size_t> moved;
        moved.swap(labels_moved_);
        placeLabelsNear(moved);
    }
}

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

// The generals, and their codes below them, as the codes of the troops find them: in the way.
void BoardScene::addGenerals(TakenArea& taken) const {
    const Game& game = document_.game();
    const double mm = 1.0 / view_ppm_;
    for (std::size_t g = 0; g < generals_.size(); ++g) {
        if (!generals_[g]->isVisible()) continue;
        taken.add(generals_[g]->sceneBoundingRect());
        if (view_ppm_ > 0.35) {
            const QSizeF size = label_size(qs(game.generals()[g].id.code), 10, true) * mm;
            const QPointF at = generals_[g]->scenePos() + QPointF(0, 20 + 9 * mm);
            taken.add(QRectF(at - QPointF(size.width() / 2, size.height() / 2), size));
        }
    }
}

QRectF BoardScene::footprintRect(std::size_t i) const {
    return units_[i]->isVisible() ? units_[i]->mapRectToScene(units_[i]->footprint().bounds) : QRectF();
}

// Each code of `order` in turn at the first clear place of: behind the unit, in front of it,
// beside either, further behind; what it takes is in the way of the next.
void BoardScene::placeUnitLabels(const std::vector<std::size_t>& order, TakenArea& taken) {
    const double mm = 1.0 / view_ppm_;
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
        label_rects_[i] = best;
        label->place(QRectF((best.topLeft() - anchor) * view_ppm_, behind.size()));
    }
}

// After an action: the codes of the units it changed, and of those near enough that their codes
// may now have to make way or may have room again; every other code stays where it is (on a
// table of 2,000 units, placing them all is most of a frame: bench/app/board_repaint.cpp).
void BoardScene::placeLabelsNear(const std::vector<std::size_t>& changed) {
    if (view_ppm_ <= 0 || !document_.hasGame() || unit_rects_.size() != units_.size()) return;
    const double mm = 1.0 / view_ppm_;
    QRectF region;  // where the changed units and their codes were and are
    const auto grow = [&](const QRectF& rect) {
        if (!rect.isEmpty()) region = region.isEmpty() ? rect : region.united(rect);
    };
    double widest = 0, tallest = 0;
    for (const UnitItem* unit : units_) {
        widest = std::max(widest, unit->label()->defaultRect().width());
        tallest = std::max(tallest, unit->label()->defaultRect().height());
    }
    for (std::size_t i : changed) {
        if (i >= units_.size()) continue;
        grow(unit_rects_[i]);
        grow(label_rects_[i]);
        grow(footprintRect(i));
        if (units_[i]->isVisible()) {
            const QRectF behind = units_[i]->label()->defaultRect();
            grow(QRectF(units_[i]->label()->scenePos() + behind.topLeft() * mm, behind.size() * mm));
        }
    }
    if (region.isEmpty()) return;
    // The furthest a code goes from its unit's outline among placeUnitLabels' candidates: two
    // widths and a half aside, three heights behind or ahead.
    const double reach = (2.5 * widest + 3 * (tallest + 1)) * mm;
    const QRectF near = region.adjusted(-reach, -reach, reach, reach);
    // A terrain name there may have to make way too: then everything is placed again.
    for (const QRectF& name : terrain_label_rects_)
        if (name.intersects(near)) {
            placeLabels();
            return;
        }
    const QRectF around = near.adjusted(-reach, -reach, reach, reach);
    std::vector<std::size_t> order;
    TakenArea taken(std::max(40.0, 60 * mm));
    addGenerals(taken);
    for (std::size_t i = 0; i < units_.size(); ++i) {
        unit_rects_[i] = footprintRect(i);
        if (unit_rects_[i].isEmpty()) {
            label_rects_[i] = QRectF();
            continue;
        }
        if (unit_rects_[i].intersects(near)) order.push_back(i);
        if (unit_rects_[i].intersects(around)) taken.add(unit_rects_[i], static_cast<int>(i));
    }
    for (std::size_t i = 0; i < units_.size(); ++i)
        if (!unit_rects_[i].isEmpty() && !unit_rects_[i].intersects(near) && label_rects_[i].intersects(around)) taken.add(label_rects_[i]);
    sortTopDown(order);
    placeUnitLabels(order, taken);
}

void BoardScene::sortTopDown(std::vector<std::size_t>& order) const {
    std::sort(order.begin(), order.end(), [&](std::size_t a, std::size_t b) {
        const QPointF pa = units_[a]->pos(), pb = units_[b]->pos();
        return pa.y() != pb.y() ? pa.y() < pb.y() : pa.x() < pb.x();
    });
}

void BoardScene::placeLabels() {
    if (view_ppm_ <= 0 || !document_.hasGame()) return;
    const Game& game = document_.game();
    const double mm = 1.0 / view_ppm_;  // board mm per screen pixel
    TakenArea taken(std::max(40.0, 60 * mm));
    addGenerals(taken);
    unit_rects_.assign(units_.size(), QRectF());
    label_rects_.assign(units_.size(), QRectF());
    for (std::size_t i = 0; i < units_.size(); ++i)
        if (units_[i]->isVisible()) taken.add(footprintRect(i), static_cast<int>(i));
    // Unit codes from the top of the table down, each at the first clear place of: behind the
    // unit, in front of it, beside either, further behind.
    std::vector<std::size_t> order;
    for (std::size_t i = 0; i < units_.size(); ++i)
        if (units_[i]->isVisible()) order.push_back(i);
    sortTopDown(order);
    placeUnitLabels(order, taken);
    for (std::size_t i = 0; i < units_.size(); ++i) unit_rects_[i] = footprintRect(i);
    // Terrain names last: the first of their places that no unit, code or other name covers.
    terrain_label_rects_.clear();
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
            terrain_label_rects_.push_back(QRectF(best.at - QPointF(best_size.width() / 2, best_size.height() / 2), best_size));
            labels.push_back(std::move(best));
        }
        set_terrain_labels(terrain_, std::move(labels));
    }
}

// A click, Ctrl+click or rubber band on the board: the items' selection becomes the document's,
// in the order the units were picked (those still selected first, as they were, then the new).
void BoardScene::trackSelection() {
    if (rebuilding_) return;
    std::vector<std::size_t> now;
    for (QGraphicsItem* item : selectedItems())
        if (item->type() == UnitItem::Type) now.push_back(static_cast<UnitItem*>(item)->index());
    std::vector<std::size_t> ordered;
    for (std::size_t u : document_.selection())
        if (std::find(now.begin(), now.end(), u) != now.end()) ordered.push_back(u);
    std::sort(now.begin(), now.end());
    for (std::size_t u : now)
        if (std::find(ordered.begin(), ordered.end(), u) == ordered.end()) ordered.push_back(u);
    document_.select(ordered);
}

// The document's selection, from whichever view made it, shown on the items.
void BoardScene::showSelection() {
    rebuilding_ = true;
    const std::vector<std::size_t>& selected = document_.selection();
    for (std::size_t u = 0; u < units_.size(); ++u) {
        const bool on = std::find(selected.begin(), selected.end(), u) != selected.end();
        if (units_[u]->isSelected() != on) units_[u]->setSelected(on);
    }
    rebuilding_ = false;
    updateRangeOverlay();
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
    if (!ranges_visible_ || document_.selection().size() != 1 || !document_.hasGame()) return;
    const Game& game = document_.game();
    const std::size_t u = document_.selection().front();
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

// Where the computer's label goes: beyond the arrow's head, else beside the arrow or behind its
// tail, a step further out each time: the first place that covers no unit's code and no unit,
// else the first that covers no code, else the one that covers fewest (issue 28: beyond the head
// it lay on the target's code).
QPointF BoardScene::intentionLabelAt(const QLineF& line, double ppm) const {
    const double length = std::max(line.length(), 1e-9);
    const QPointF along = (line.p2() - line.p1()) / length;
    const QPointF across(-along.y(), along.x());
    const QSizeF size = label_size(intention_label_, 12, true) / ppm;
    const double gap = 6 / ppm;
    std::vector<QPointF> candidates{line.p2() + along * (size.width() / 2 + gap)};
    for (int step = 1; step <= 4; ++step) {
        const double out = step * (size.height() + gap);
        for (const QPointF& at : {line.center() + across * out, line.center() - across * out, line.p2() + across * out,
                                  line.p2() - across * out, line.p1() - along * (size.width() / 2 + out)})
            candidates.push_back(at);
    }
    const auto count = [&](const std::vector<QRectF>& rects, const QRectF& box) {
        return static_cast<int>(std::count_if(rects.begin(), rects.end(), [&](const QRectF& r) { return !r.isEmpty() && r.intersects(box); }));
    };
    std::optional<QPointF> clear_of_codes;
    QPointF fewest = candidates.front();
    int fewest_codes = std::numeric_limits<int>::max();
    for (const QPointF& at : candidates) {
        const QRectF box(at - QPointF(size.width() / 2, size.height() / 2), size);
        if (!table_.contains(box)) continue;
        const int codes = count(label_rects_, box);
        if (codes == 0 && count(unit_rects_, box) == 0) return at;
        if (codes == 0 && !clear_of_codes) clear_of_codes = at;
        if (codes < fewest_codes) {
            fewest_codes = codes;
            fewest = at;
        }
    }
    return clear_of_codes.value_or(fewest);
}

QRectF BoardScene::intentionLabelRect(double ppm) const {
    if (intention_ == nullptr || intention_label_.isEmpty() || ppm <= 0) return {};
    const QSizeF size = label_size(intention_label_, 12, true) / ppm;
    return {intentionLabelAt(intention_->line(), ppm) - QPointF(size.width() / 2, size.height() / 2), size};
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
    // Where the table is too narrow for both on one line (a corner of a battle), it goes a line
    // lower, below the bar's metres, instead of over its "300 mm".
    const QString caption = tr("1 mm = 2 m · table %1 × %2 mm · grid 100 mm").arg(table_.width()).arg(table_.height());
    QFont font(u"Sans"_s);
    font.setPointSizeF(11);
    const double caption_mm = (QFontMetricsF(font).horizontalAdvance(caption) + 6) / ppm;
    const double bar_end_mm = x0 + 300 + 40 / ppm;  // the bar and half of its "300 mm"
    const double caption_y = table_.right() - caption_mm < bar_end_mm ? y + 8 + 32 / ppm : y + 8;
    draw_label(painter, QPointF(table_.right(), caption_y), caption, 11, chalk, false, false, Qt::AlignRight | Qt::AlignVCenter);
}

void BoardScene::drawForeground(QPainter* painter, const QRectF&) {
    const double ppm = pixels_per_mm(painter);
    painter->setRenderHint(QPainter::Antialiasing);
    if (intention_ != nullptr && !intention_label_.isEmpty()) {
        const QLineF& line = intention_->line();
        draw_label(painter, intentionLabelAt(line, ppm), intention_label_, 12, IntentionArrow::colour(), true, false, Qt::AlignCenter,
                   table_);
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
        // On the table, whatever the edge the unit is dragged to (issue 28: it ran off the board).
        draw_label(painter, g.to + QPointF(0, -22 / ppm), g.check.words(), 12, line, true, false, Qt::AlignHCenter, table_);
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
