// SPDX-License-Identifier: MIT
// The scenario editor's board and its tools (see plan_board.hpp).
#include "plan_board.hpp"

#include <QGraphicsPathItem>
#include <QKeyEvent>
#include <QMouseEvent>
#include <QPainter>
#include <QPainterPathStroker>
#include <QScrollBar>
#include <QWheelEvent>

#include <algorithm>
#include <cmath>

#include "board_geometry.hpp"
#include "board_painting.hpp"
#include "fortuna/land/battlefield.hpp"
#include "fortuna/land/geometry.hpp"
#include "fortuna/seam/library.hpp"
#include "fortuna/land/terrain_effects.hpp"
#include "qt_text.hpp"

namespace fortuna::app {

using namespace Qt::StringLiterals;

namespace plan_board_detail {

QColor side_colour(const Scenario& scenario, int side) {
    if (side >= 0 && side < static_cast<int>(scenario.sides.size())) {
        const QColor colour(qs(scenario.sides[static_cast<std::size_t>(side)].colour));
        if (colour.isValid()) return colour;
    }
    return side == 0 ? QColor(0x2b, 0x4c, 0x9b) : QColor(0xb0, 0x30, 0x30);
}

// Hills lowest, then rough, water, woods, roads, villages, works: the desk's order of painting,
// so the piece on top under the pointer is the one drawn on top.
double terrain_z(const TerrainFeature& f) {
    switch (f.kind) {
    case TerrainKind::Hill: return 1 + 0.01 * std::clamp(f.layers, 0, 8);
    case TerrainKind::Rough: return 2;
    case TerrainKind::Lake:
    case TerrainKind::River:
    case TerrainKind::Stream: return 3;
    case TerrainKind::Wood: return 4;
    case TerrainKind::Road: return 5;
    case TerrainKind::Village:
    case TerrainKind::Town: return 6;
    case TerrainKind::Wall:
    case TerrainKind::Earthwork:
    case TerrainKind::Redan: return 7;
    }
    return 1;
}

// A feature's ground for picking: an area's outline, a line's strip (at least 8 mm wide).
QPainterPath feature_shape(const TerrainFeature& f) {
    if (f.closed && f.points.size() >= 3) {
        QPainterPath path;
        path.addPolygon(feature_polygon(f));
        path.closeSubpath();
        return path;
    }
    QPainterPath line;
    const QPolygonF polygon = feature_polygon(f);
    if (polygon.isEmpty()) return line;
    line.addPolygon(polygon);
    QPainterPathStroker stroker;
    stroker.setWidth(std::max(8.0, feature_width_mm(f)));
    stroker.setCapStyle(Qt::RoundCap);
    return stroker.createStroke(line);
}

// A unit: its bases at their true size in its side's colour, its code on it; a unit whose type
// the library does not know is a dashed 40 x 15 mm box (the Problems list says why).
class UnitPiece : public QGraphicsItem {
public:
    // `arriving`: a reinforcement's unit, drawn pale where it will come on.
    UnitPiece(const UnitSetup& unit, QColor colour, bool arriving = false) : colour_(colour), code_(qs(unit.code)), arriving_(arriving) {
        if (unit.unit_type != nullptr) {
            footprint_ = unit_footprint(*unit.unit_type, std::max(1, unit.bases), unit.formation);
        } else {
            footprint_.bounds = QRectF(-20, -7.5, 40, 15);
            footprint_.bases.push_back(BaseOutline{footprint_.bounds, 0});
            unknown_ = true;
        }
        setPos(to_point(unit.position));
        setRotation(unit.facing_deg);
        setZValue(10);
    }
    // The footprint, and room behind it for the code at any zoom (a label of 40 pixels is 160 mm
    // of table at a whole table's fit).
    QRectF boundingRect() const override {
        return footprint_.bounds.adjusted(-2, -2, 2, 2).united(QRectF(-100, footprint_.bounds.bottom(), 200, 60));
    }
    QPainterPath shape() const override {
        QPainterPath path;
        path.addRect(footprint_.bounds.adjusted(-1, -1, 1, 1));
        return path;
    }
    void paint(QPainter* painter, const QStyleOptionGraphicsItem*, QWidget*) override {
        painter->setRenderHint(QPainter::Antialiasing);
        const QColor edge = colour_.lightness() > 150 ? colour_.darker(260) : colour_.darker(190);
        painter->setPen(QPen(edge, 0.8, unknown_ || arriving_ ? Qt::DashLine : Qt::SolidLine));
        painter->setBrush(unknown_ || arriving_ ? QColor(colour_.red(), colour_.green(), colour_.blue(), 90) : colour_);
        for (const BaseOutline& base : footprint_.bases) {
            painter->save();
            painter->rotate(base.rotation_deg);
            painter->drawRect(base.rect);
            painter->restore();
        }
        // The front edge, thicker: which way the unit faces.
        painter->setPen(QPen(edge, 2.0));
        painter->drawLine(footprint_.bounds.topLeft(), footprint_.bounds.topRight());
        // The code behind the unit, clear of it (centred half a label's height past its rear), so
        // that at fit zoom the label does not hide the unit it names.
        const double ppm = std::max(1e-6, pixels_per_mm(painter));
        draw_label(painter, QPointF(0, footprint_.bounds.bottom() + 9 / ppm), code_ + (unknown_ ? u" ?"_s : QString()), 9, edge, true,
                   false, Qt::AlignCenter);
    }

private:
    Footprint footprint_;
    QColor colour_;
    QString code_;
    bool unknown_ = false;
    bool arriving_ = false;
};

// A general: a disc of 12 mm in the side's colour, a white ring for a great captain.
class GeneralPiece : public QGraphicsItem {
public:
    GeneralPiece(const GeneralSetup& general, QColor colour) : colour_(colour), code_(qs(general.code)), great_(general.great_captain) {
        setPos(to_point(*general.position));
        setZValue(11);
    }
    // A disc of 12 mm, never less than 12 pixels across on screen (a whole table at fit zoom).
    static constexpr double kRadiusMm = 6, kMostMm = 24;
    QRectF boundingRect() const override { return QRectF(-kMostMm, -kMostMm, 2 * kMostMm, 2 * kMostMm + 12); }
    QPainterPath shape() const override {
        QPainterPath path;
        path.addEllipse(QPointF(0, 0), kRadiusMm + 1, kRadiusMm + 1);
        return path;
    }
    void paint(QPainter* painter, const QStyleOptionGraphicsItem*, QWidget*) override {
        painter->setRenderHint(QPainter::Antialiasing);
        const double ppm = pixels_per_mm(painter);
        const double r = std::clamp(6 / ppm, kRadiusMm, kMostMm - 2);
        QPen ring(great_ ? QColor(0xff, 0xe0, 0x60) : colour_.darker(200), great_ ? 3.0 : 1.5);
        ring.setCosmetic(true);
        painter->setPen(ring);
        painter->setBrush(colour_.lighter(125));
        painter->drawEllipse(QPointF(0, 0), r, r);
        draw_label(painter, QPointF(0, r + 9 / ppm), code_, 9, QColor(0x20, 0x20, 0x20), true, false, Qt::AlignCenter);
    }

private:
    QColor colour_;
    QString code_;
    bool great_ = false;
};

// A feature's ground, invisible but for picking (the terrain item paints it); while it is
// dragged it shows its outline where it would go.
class FeaturePiece : public QGraphicsPathItem {
public:
    explicit FeaturePiece(const TerrainFeature& f) : QGraphicsPathItem(feature_shape(f)) {
        setPen(Qt::NoPen);
        setBrush(Qt::NoBrush);
        setZValue(terrain_z(f));
    }
};

}  // namespace plan_board_detail


// ------------------------------------------------------------------ PlanScene

PlanScene::PlanScene(BattlePlan& plan, QObject* parent) : QGraphicsScene(parent), plan_(plan) {
    connect(&plan_, &BattlePlan::changed, this, &PlanScene::rebuild);
    connect(&plan_, &BattlePlan::selectionChanged, this, &PlanScene::markSelection);
    rebuild();
}

void PlanScene::rebuild() {
    drawing_ = nullptr;
    selection_item_ = nullptr;
    handles_.clear();
    pieces_.clear();
    terrain_ = nullptr;
    clear();
    const Scenario& s = plan_.scenario();
    table_ = QRectF(0, 0, std::max(1.0, s.board.width_mm), std::max(1.0, s.board.depth_mm));
    setSceneRect(table_.adjusted(-60, -60, 60, 60));
    terrain_ = make_terrain_item(s, table_);
    // The editor changes the ground at every edit: paint it directly rather than cache it.
    terrain_->setCacheMode(QGraphicsItem::NoCache);
    addItem(terrain_);
    // Each feature's name at its best place (the desk places them clear of the troops; here the
    // first place the painter proposes is enough: the editor's table changes at every edit).
    std::vector<TerrainLabel> labels;
    for (const TerrainFeature& f : s.terrain) {
        if (f.name.empty() || f.points.empty()) continue;
        const QString text = qs(f.name);
        const auto candidates = terrain_label_candidates(f, table_, label_size(text, kTerrainLabelPoints, false, true));
        if (!candidates.empty()) labels.push_back({candidates.front(), text, terrain_ink(f.kind)});
    }
    set_terrain_labels(terrain_, std::move(labels));
    for (std::size_t k = 0; k < s.terrain.size(); ++k) {
        if (s.terrain[k].points.empty()) continue;
        auto* item = new plan_board_detail::FeaturePiece(s.terrain[k]);
        addItem(item);
        pieces_.push_back({PieceRef::featureAt(static_cast<int>(k)), item, item->zValue()});
    }
    for (std::size_t si = 0; si < s.sides.size(); ++si) {
        const QColor colour = plan_board_detail::side_colour(s, static_cast<int>(si));
        const SideSetup& side = s.sides[si];
        for (std::size_t ci = 0; ci < side.commands.size(); ++ci) {
            const CommandSetup& command = side.commands[ci];
            for (std::size_t ui = 0; ui < command.units.size(); ++ui) {
                auto* item = new plan_board_detail::UnitPiece(command.units[ui], colour);
                addItem(item);
                pieces_.push_back({PieceRef::unitAt(static_cast<int>(si), static_cast<int>(ci), static_cast<int>(ui)), item, 10});
            }
            if (command.general && command.general->position) {
                auto* item = new plan_board_detail::GeneralPiece(*command.general, colour);
                addItem(item);
                pieces_.push_back({PieceRef::generalOf(static_cast<int>(si), static_cast<int>(ci)), item, 11});
            }
        }
    }
    // Each side's objective, where its initial orders point.
    for (std::size_t si = 0; si < s.sides.size(); ++si) {
        const SideSetup& side = s.sides[si];
        if (!side.orders) continue;
        const auto objective = objective_of(s, *side.orders);
        if (!objective) continue;
        addItem(make_objective_flag(to_point(objective->at), plan_board_detail::side_colour(s, static_cast<int>(si)), objective_words(side)));
    }
    // Reinforcements' units, pale and dashed, where they come on.
    for (std::size_t ri = 0; ri < s.reinforcements.size(); ++ri) {
        const ReinforcementSetup& r = s.reinforcements[ri];
        const QColor colour = plan_board_detail::side_colour(s, s.side_index(r.side));
        for (std::size_t ui = 0; ui < r.command.units.size(); ++ui) {
            auto* item = new plan_board_detail::UnitPiece(r.command.units[ui], colour, true);
            item->setToolTip(tr("%1 arrives at %2 (%3)").arg(qs(r.command.units[ui].code), qs(format_clock(r.arrives)), qs(r.entry)));
            addItem(item);
            pieces_.push_back({PieceRef::reinforcementUnitAt(static_cast<int>(ri), static_cast<int>(ui)), item, 9});
        }
    }
    std::stable_sort(pieces_.begin(), pieces_.end(), [](const Piece& a, const Piece& b) { return a.z > b.z; });
    // Each piece a problem names is ringed in red on the board, where it stands.
    QPen flagged(QColor(0xd0, 0x10, 0x10), 2.5);
    flagged.setCosmetic(true);
    for (const ScenarioProblem& problem : plan_.problems()) {
        const PieceRef named = PieceRef::fromPointer(problem.pointer);
        for (const Piece& p : pieces_)
            if (p.ref == named) {
                auto* ring = addRect(p.item->sceneBoundingRect().adjusted(-4, -4, 4, 4), flagged);
                ring->setZValue(20);
                ring->setToolTip(qs(problem.message()));
            }
    }
    markSelection();
    update();
}

PieceRef PlanScene::pieceAt(const QPointF& at, double pixels_per_mm) const {
    for (const Piece& piece : pieces_)
        if (piece.item->contains(piece.item->mapFromScene(at))) return piece.ref;
    // A small piece far out of zoom: within 6 pixels of a unit or general still picks it.
    const double reach = 6 / std::max(1e-6, pixels_per_mm);
    for (const Piece& piece : pieces_)
        if (piece.ref.kind != PieceRef::Kind::Feature && piece.item->sceneBoundingRect().adjusted(-reach, -reach, reach, reach).contains(at))
            return piece.ref;
    return {};
}

std::optional<int> PlanScene::handleAt(const QPointF& at, double reach_mm) const {
    const PieceRef selected = plan_.selection();
    if (selected.kind != PieceRef::Kind::Feature || !plan_.holds(selected)) return std::nullopt;
    const auto& points = plan_.scenario().terrain[static_cast<std::size_t>(selected.feature)].points;
    std::optional<int> best;
    double nearest = reach_mm;
    for (std::size_t i = 0; i < points.size(); ++i) {
        const double d = QLineF(at, to_point(points[i])).length();
        if (d <= nearest) nearest = d, best = static_cast<int>(i);
    }
    return best;
}

QRectF PlanScene::boundsOf(const PieceRef& piece) const {
    for (const Piece& p : pieces_)
        if (p.ref == piece) return p.item->sceneBoundingRect();
    return {};
}

QPolygonF PlanScene::selectedOutline() const {
    const PieceRef selected = plan_.selection();
    if (selected.kind == PieceRef::Kind::Feature && plan_.holds(selected))
        return feature_polygon(plan_.scenario().terrain[static_cast<std::size_t>(selected.feature)]);
    return {};
}

void PlanScene::markSelection() {
    for (QGraphicsItem* handle : handles_) delete handle;
    handles_.clear();
    delete selection_item_;
    selection_item_ = nullptr;
    const PieceRef selected = plan_.selection();
    if (selected.kind == PieceRef::Kind::None || selected.kind == PieceRef::Kind::Battle || selected.kind == PieceRef::Kind::Side) return;
    QPainterPath path;
    const Scenario& s = plan_.scenario();
    if (selected.kind == PieceRef::Kind::Feature && plan_.holds(selected)) {
        const TerrainFeature& f = s.terrain[static_cast<std::size_t>(selected.feature)];
        const QPolygonF outline = feature_polygon(f);
        path.addPolygon(outline);
        if (f.closed && outline.size() >= 3) path.closeSubpath();
        for (const QPointF& p : outline) {
            auto* handle = addRect(QRectF(p.x() - 3, p.y() - 3, 6, 6), QPen(QColor(0x10, 0x10, 0x10), 0), QColor(0xff, 0xd0, 0x30));
            handle->setFlag(QGraphicsItem::ItemIgnoresTransformations, false);
            handle->setZValue(30);
            handles_.push_back(handle);
        }
    } else {
        for (const Piece& p : pieces_)
            if (p.ref == selected) path.addRect(p.item->sceneBoundingRect().adjusted(-3, -3, 3, 3));
    }
    selection_item_ = addPath(path, QPen(QColor(0xff, 0xb0, 0x00), 0, Qt::DashLine));
    QPen pen(QColor(0xff, 0x90, 0x00), 2.0, Qt::DashLine);
    pen.setCosmetic(true);
    selection_item_->setPen(pen);
    selection_item_->setZValue(25);
}

void PlanScene::showDrawing(const std::vector<QPointF>& points, const std::optional<QPointF>& cursor, bool closed) {
    QPainterPath path;
    if (!points.empty()) {
        path.moveTo(points.front());
        for (std::size_t i = 1; i < points.size(); ++i) path.lineTo(points[i]);
        if (cursor) path.lineTo(*cursor);
        if (closed && points.size() >= 2) path.lineTo(points.front());
        for (const QPointF& p : points) path.addEllipse(p, 2.5, 2.5);
    }
    if (drawing_ == nullptr) {
        drawing_ = addPath(path);
        QPen pen(QColor(0xd0, 0x20, 0x20), 2.0);
        pen.setCosmetic(true);
        drawing_->setPen(pen);
        drawing_->setZValue(40);
    } else {
        drawing_->setPath(path);
    }
}

void PlanScene::clearDrawing() {
    delete drawing_;
    drawing_ = nullptr;
}

void PlanScene::previewMove(const QPointF& offset) {
    const PieceRef selected = plan_.selection();
    for (Piece& p : pieces_)
        if (p.ref == selected) {
            p.item->setPos(p.item->pos() - p.item->data(1).toPointF() + offset);
            p.item->setData(1, offset);
            if (auto* feature = dynamic_cast<QGraphicsPathItem*>(p.item)) {
                QPen pen(terrain_ink(plan_.scenario().terrain[static_cast<std::size_t>(selected.feature)].kind), 2.0, Qt::DashLine);
                pen.setCosmetic(true);
                feature->setPen(pen);
            }
        }
    if (selection_item_ != nullptr) selection_item_->setPos(offset);
    for (QGraphicsItem* handle : handles_) handle->setPos(offset);
}

void PlanScene::previewPoint(int point, const QPointF& to) {
    QPolygonF outline = selectedOutline();
    if (point < 0 || point >= outline.size()) return;
    outline[point] = to;
    const TerrainFeature& f = plan_.scenario().terrain[static_cast<std::size_t>(plan_.selection().feature)];
    QPainterPath path;
    path.addPolygon(outline);
    if (f.closed) path.closeSubpath();
    if (selection_item_ != nullptr) selection_item_->setPath(path);
    if (point < static_cast<int>(handles_.size())) handles_[static_cast<std::size_t>(point)]->setPos(to - feature_polygon(f)[point]);
}

void PlanScene::clearPreview() { rebuild(); }

void PlanScene::drawBackground(QPainter* painter, const QRectF& rect) {
    painter->fillRect(rect, QColor(0x5b, 0x4a, 0x3a));  // the room beyond the table
    painter->fillRect(table_, QColor(0xc9, 0xd6, 0xa3));
    // The 100 mm grid the club lays its tape along.
    painter->setPen(QPen(QColor(0x90, 0xa0, 0x70, 170), 0));
    for (double x = 100; x < table_.width(); x += 100) painter->drawLine(QPointF(x, 0), QPointF(x, table_.height()));
    for (double y = 100; y < table_.height(); y += 100) painter->drawLine(QPointF(0, y), QPointF(table_.width(), y));
    const double ppm = pixels_per_mm(painter);
    painter->setPen(QPen(QColor(0x2e, 0x24, 0x1a), std::max(1.0, 2 / ppm)));
    painter->setBrush(Qt::NoBrush);
    painter->drawRect(table_);
    const QColor chalk(0xf5, 0xf0, 0xe0);
    draw_label(painter, QPointF(table_.left(), table_.bottom() + 24 / ppm),
               tr("table %1 × %2 mm · %3 · grid 100 mm").arg(table_.width()).arg(table_.height()).arg(qs(plan_.scenario().board.scale)), 10,
               chalk, false, false, Qt::AlignLeft | Qt::AlignVCenter);
}

// ------------------------------------------------------------------ PlanView

PlanView::PlanView(BattlePlan& plan, PlanScene& scene, QWidget* parent) : QGraphicsView(&scene, parent), plan_(plan), scene_(scene) {
    setRenderHints(QPainter::Antialiasing | QPainter::TextAntialiasing);
    setTransformationAnchor(QGraphicsView::AnchorUnderMouse);
    setResizeAnchor(QGraphicsView::AnchorViewCenter);
    setFocusPolicy(Qt::StrongFocus);
    setMouseTracking(true);
}

void PlanView::setTool(Tool tool) {
    if (tool_ != tool) cancelDrawing();
    tool_ = tool;
    viewport()->setCursor(tool == Tool::Select ? Qt::ArrowCursor : Qt::CrossCursor);
    emit toolChanged(tool);
    switch (tool) {
    case Tool::Select:
        emit message(tr("Select: click a piece, drag it to move; drag a yellow handle to reshape; Delete removes; R / Shift+R turns a unit"));
        break;
    case Tool::DrawArea: sayWhatTheGroundDoes(area_kind_); break;
    case Tool::DrawLine: sayWhatTheGroundDoes(line_kind_); break;
    case Tool::PlaceUnit:
        emit message(armed_ ? tr("Place: click where %1 stands (Alt: off the 10 mm grid)").arg(armed_->general ? tr("the general") : qs(armed_->unit.code))
                            : tr("Place: choose Add Unit… or Place General in the Order of Battle first"));
        break;
    }
}

void PlanView::setAreaKind(TerrainKind kind) {
    area_kind_ = kind;
    if (tool_ == Tool::DrawArea) sayWhatTheGroundDoes(kind);
}

void PlanView::setLineKind(TerrainKind kind) {
    line_kind_ = kind;
    if (tool_ == Tool::DrawLine) sayWhatTheGroundDoes(kind);
}

void PlanView::sayWhatTheGroundDoes(TerrainKind kind) {
    const TerrainEffects effects = terrain_effects(kind);
    QStringList words;
    for (const std::string& w : effects.words) words << qs(w);
    emit message(tr("Draw %1: click its points, Enter or double-click closes, Esc drops it. In the rules: %2")
                     .arg(qs(to_string(kind)), words.join(u"; "_s)));
}

void PlanView::armUnit(int side, int command, const UnitSetup& unit) {
    armed_ = Armed{false, side, command, unit};
    setTool(Tool::PlaceUnit);
}

void PlanView::armGeneral(int side, int command) {
    armed_ = Armed{true, side, command, {}};
    setTool(Tool::PlaceUnit);
}

void PlanView::armReinforcementUnit(int reinforcement, const UnitSetup& unit) {
    armed_ = Armed{false, -1, -1, unit, reinforcement};
    setTool(Tool::PlaceUnit);
}

bool PlanView::placeArmed(const QPointF& at) {
    if (!armed_) {
        emit message(tr("Place: choose Add Unit… or Place General in the Order of Battle first"));
        return false;
    }
    const Armed armed = *armed_;
    const Scenario& s = plan_.scenario();
    const BoardPoint spot{std::round(at.x() * 10) / 10, std::round(at.y() * 10) / 10};
    if (armed.reinforcement >= 0) {
        if (armed.reinforcement >= static_cast<int>(s.reinforcements.size())) {
            armed_.reset();
            emit message(tr("The command to place into is gone (undone?): choose Add Unit… again"));
            return false;
        }
        UnitSetup unit = armed.unit;
        unit.position = spot;
        const int index = static_cast<int>(s.reinforcements[static_cast<std::size_t>(armed.reinforcement)].command.units.size());
        plan_.edit(tr("Place %1").arg(qs(unit.code)), [&](Scenario& edit) {
            edit.reinforcements[static_cast<std::size_t>(armed.reinforcement)].command.units.push_back(unit);
        });
        plan_.select(PieceRef::reinforcementUnitAt(armed.reinforcement, index));
        const int side = plan_.scenario().side_index(plan_.scenario().reinforcements[static_cast<std::size_t>(armed.reinforcement)].side);
        armed_->unit.code = plan_.suggestCode(std::max(0, side), unit.unit_type != nullptr ? unit.unit_type->arm : Arm::Infantry);
        emit message(tr("Placed %1. Click again for %2 of the same type, or S to select").arg(qs(unit.code), qs(armed_->unit.code)));
        return true;
    }
    if (armed.side < 0 || armed.side >= static_cast<int>(s.sides.size()) || armed.command < 0 ||
        armed.command >= static_cast<int>(s.sides[static_cast<std::size_t>(armed.side)].commands.size())) {
        armed_.reset();
        emit message(tr("The command to place into is gone (undone?): choose Add Unit… again"));
        return false;
    }
    const BoardPoint where{std::round(at.x() * 10) / 10, std::round(at.y() * 10) / 10};
    if (armed.general) {
        plan_.edit(tr("Place general"), [&](Scenario& edit) {
            auto& command = edit.sides[static_cast<std::size_t>(armed.side)].commands[static_cast<std::size_t>(armed.command)];
            // A command without a general gets one with the side's next code, named later.
            if (!command.general) command.general = GeneralSetup{plan_.suggestGeneralCode(armed.side), {}, false, std::nullopt};
            command.general->position = where;
        });
        plan_.select(PieceRef::generalOf(armed.side, armed.command));
        armed_.reset();
        setTool(Tool::Select);
        return true;
    }
    UnitSetup unit = armed.unit;
    unit.position = where;
    const auto& units = s.sides[static_cast<std::size_t>(armed.side)].commands[static_cast<std::size_t>(armed.command)].units;
    const int index = static_cast<int>(units.size());
    plan_.edit(tr("Place %1").arg(qs(unit.code)), [&](Scenario& edit) {
        edit.sides[static_cast<std::size_t>(armed.side)].commands[static_cast<std::size_t>(armed.command)].units.push_back(unit);
    });
    plan_.select(PieceRef::unitAt(armed.side, armed.command, index));
    // The next click places another of the same type, with the next free code.
    armed_->unit.code = plan_.suggestCode(armed.side, unit.unit_type != nullptr ? unit.unit_type->arm : Arm::Infantry);
    emit message(tr("Placed %1. Click again for %2 of the same type, or S to select").arg(qs(unit.code), qs(armed_->unit.code)));
    return true;
}

void PlanView::zoomBy(double factor) {
    const double current = transform().m11();
    const double next = std::clamp(current * factor, 0.05, 40.0);
    scale(next / current, next / current);
    fitted_ = false;
}

void PlanView::fitTable() {
    fitInView(scene_.sceneRect(), Qt::KeepAspectRatio);
    fitted_ = true;
}

void PlanView::centreOn(const PieceRef& piece) {
    const QRectF bounds = scene_.boundsOf(piece);
    if (!bounds.isEmpty()) centerOn(bounds.center());
}

void PlanView::resizeEvent(QResizeEvent* event) {
    QGraphicsView::resizeEvent(event);
    if (fitted_) fitTable();
}

QPointF PlanView::boardPoint(const QMouseEvent* event) const { return mapToScene(event->position().toPoint()); }

QPointF PlanView::snapped(const QPointF& at, Qt::KeyboardModifiers modifiers) const {
    if (!snap_ || (modifiers & Qt::AltModifier)) return {std::round(at.x()), std::round(at.y())};
    return {std::round(at.x() / kSnapMm) * kSnapMm, std::round(at.y() / kSnapMm) * kSnapMm};
}

bool PlanView::finishDrawing() {
    if (tool_ != Tool::DrawArea && tool_ != Tool::DrawLine) return false;
    const bool area = tool_ == Tool::DrawArea;
    const std::size_t need = area ? 3 : 2;
    if (drawing_.size() < need) {
        emit message(area ? tr("An area needs at least three points (%1 so far)").arg(drawing_.size())
                          : tr("A line needs at least two points (%1 so far)").arg(drawing_.size()));
        return false;
    }
    TerrainFeature f;
    f.kind = area ? area_kind_ : line_kind_;
    f.closed = area;
    for (const QPointF& p : drawing_) f.points.push_back(to_board(p));
    // A hill drawn on a hill is its next contour: one layer above the highest it starts on.
    if (f.kind == TerrainKind::Hill) f.layers = 1 + Battlefield(plan_.scenario()).elevation(f.points.front());
    if (f.kind == TerrainKind::Village || f.kind == TerrainKind::Town) f.shelters = 1;
    int same = 1;
    for (const TerrainFeature& other : plan_.scenario().terrain) same += other.kind == f.kind ? 1 : 0;
    f.name = std::string(to_string(f.kind)) + " " + std::to_string(same);
    f.name[0] = static_cast<char>(std::toupper(static_cast<unsigned char>(f.name[0])));
    const int index = static_cast<int>(plan_.scenario().terrain.size());
    drawing_.clear();
    scene_.clearDrawing();
    plan_.edit(tr("Draw %1").arg(qs(to_string(f.kind))), [&](Scenario& s) { s.terrain.push_back(f); });
    plan_.select(PieceRef::featureAt(index));
    emit message(tr("Drew %1: name it in the Properties; draw the next, or S to select").arg(qs(f.name)));
    return true;
}

void PlanView::cancelDrawing() {
    drawing_.clear();
    scene_.clearDrawing();
}

void PlanView::removeSelected() {
    const PieceRef piece = plan_.selection();
    if (!plan_.holds(piece)) return;
    switch (piece.kind) {
    case PieceRef::Kind::Feature:
        plan_.edit(tr("Remove %1").arg(qs(plan_.scenario().terrain[static_cast<std::size_t>(piece.feature)].name)), [&](Scenario& s) {
            s.terrain.erase(s.terrain.begin() + piece.feature);
        });
        break;
    case PieceRef::Kind::Unit: {
        const auto& command = plan_.scenario().sides[static_cast<std::size_t>(piece.side)].commands[static_cast<std::size_t>(piece.command)];
        plan_.edit(tr("Remove %1").arg(qs(command.units[static_cast<std::size_t>(piece.unit)].code)), [&](Scenario& s) {
            auto& units = s.sides[static_cast<std::size_t>(piece.side)].commands[static_cast<std::size_t>(piece.command)].units;
            units.erase(units.begin() + piece.unit);
        });
        break;
    }
    case PieceRef::Kind::ReinforcementUnit:
        plan_.edit(tr("Remove %1").arg(qs(unit_named(plan_.scenario(), piece)->code)), [&](Scenario& s) {
            auto& units = s.reinforcements[static_cast<std::size_t>(piece.reinforcement)].command.units;
            units.erase(units.begin() + piece.unit);
        });
        break;
    case PieceRef::Kind::Reinforcement:
        plan_.edit(tr("Remove reinforcement %1").arg(qs(plan_.scenario().reinforcements[static_cast<std::size_t>(piece.reinforcement)].id)),
                   [&](Scenario& s) { s.reinforcements.erase(s.reinforcements.begin() + piece.reinforcement); });
        break;
    case PieceRef::Kind::General:
        // A general leaves the table (the command keeps its name and general's details).
        plan_.edit(tr("Take the general off the table"), [&](Scenario& s) {
            auto& command = s.sides[static_cast<std::size_t>(piece.side)].commands[static_cast<std::size_t>(piece.command)];
            if (command.general) command.general->position.reset();
        });
        break;
    default: return;
    }
    plan_.select({});
}

void PlanView::rotateSelected(double degrees) {
    const PieceRef piece = plan_.selection();
    if (unit_named(plan_.scenario(), piece) == nullptr) return;
    plan_.edit(tr("Turn a unit"), [&](Scenario& s) {
        UnitSetup& unit = *unit_named(s, piece);
        unit.facing_deg = std::fmod(std::fmod(unit.facing_deg + degrees, 360.0) + 360.0, 360.0);
    });
}

void PlanView::wheelEvent(QWheelEvent* event) {
    const double steps = event->angleDelta().y() / 120.0;
    if (steps == 0) return QGraphicsView::wheelEvent(event);
    zoomBy(std::pow(1.2, steps));
    event->accept();
}

void PlanView::mousePressEvent(QMouseEvent* event) {
    setFocus(Qt::MouseFocusReason);
    if (event->button() == Qt::MiddleButton || (event->button() == Qt::RightButton && tool_ == Tool::Select)) {
        panning_ = true;
        pan_last_ = event->position().toPoint();
        viewport()->setCursor(Qt::ClosedHandCursor);
        return;
    }
    if (event->button() != Qt::LeftButton) return;
    const QPointF at = boardPoint(event);
    switch (tool_) {
    case Tool::DrawArea:
    case Tool::DrawLine: {
        const QPointF p = snapped(at, event->modifiers());
        if (drawing_.empty() || drawing_.back() != p) drawing_.push_back(p);
        scene_.showDrawing(drawing_, std::nullopt, tool_ == Tool::DrawArea);
        return;
    }
    case Tool::PlaceUnit: placeArmed(snapped(at, event->modifiers())); return;
    case Tool::Select: break;
    }
    const double ppm = transform().m11();
    if (const auto handle = scene_.handleAt(at, 6 / std::max(1e-6, ppm))) {
        drag_ = Drag{plan_.selection(), handle, at, false};
        return;
    }
    const PieceRef piece = scene_.pieceAt(at, ppm);
    plan_.select(piece.kind == PieceRef::Kind::None ? PieceRef{PieceRef::Kind::Battle} : piece);
    if (piece.kind != PieceRef::Kind::None) drag_ = Drag{piece, std::nullopt, at, false};
}

void PlanView::mouseMoveEvent(QMouseEvent* event) {
    if (panning_) {
        const QPoint now = event->position().toPoint();
        const QPoint delta = now - pan_last_;
        pan_last_ = now;
        horizontalScrollBar()->setValue(horizontalScrollBar()->value() - delta.x());
        verticalScrollBar()->setValue(verticalScrollBar()->value() - delta.y());
        fitted_ = false;
        return;
    }
    const QPointF at = boardPoint(event);
    if ((tool_ == Tool::DrawArea || tool_ == Tool::DrawLine) && !drawing_.empty()) {
        scene_.showDrawing(drawing_, snapped(at, event->modifiers()), tool_ == Tool::DrawArea);
        return;
    }
    if (!drag_) return;
    if (!drag_->moving && QLineF(mapFromScene(drag_->press), event->position()).length() < 4) return;
    drag_->moving = true;
    if (drag_->point) {
        scene_.previewPoint(*drag_->point, snapped(at, event->modifiers()));
    } else {
        const QPointF offset = snapped(at - drag_->press, event->modifiers());
        scene_.previewMove(offset);
        emit message(tr("Moving by %1, %2 mm").arg(offset.x(), 0, 'f', 0).arg(offset.y(), 0, 'f', 0));
    }
}

void PlanView::mouseReleaseEvent(QMouseEvent* event) {
    if (panning_) {
        panning_ = false;
        viewport()->setCursor(tool_ == Tool::Select ? Qt::ArrowCursor : Qt::CrossCursor);
        return;
    }
    if (!drag_) return;
    const Drag drag = *drag_;
    drag_.reset();
    if (!drag.moving) return;
    const QPointF at = boardPoint(event);
    if (drag.point) {
        const BoardPoint to = to_board(snapped(at, event->modifiers()));
        const int feature = drag.piece.feature;
        const int point = *drag.point;
        scene_.clearPreview();
        plan_.edit(tr("Reshape %1").arg(qs(plan_.scenario().terrain[static_cast<std::size_t>(feature)].name)),
                   [&](Scenario& s) { s.terrain[static_cast<std::size_t>(feature)].points[static_cast<std::size_t>(point)] = to; });
        return;
    }
    const QPointF offset = snapped(at - drag.press, event->modifiers());
    const auto shift = [&](BoardPoint& p) {
        p.x_mm = std::round((p.x_mm + offset.x()) * 10) / 10;
        p.y_mm = std::round((p.y_mm + offset.y()) * 10) / 10;
    };
    scene_.clearPreview();
    const PieceRef piece = drag.piece;
    plan_.edit(tr("Move"), [&](Scenario& s) {
        switch (piece.kind) {
        case PieceRef::Kind::Feature:
            for (BoardPoint& p : s.terrain[static_cast<std::size_t>(piece.feature)].points) shift(p);
            break;
        case PieceRef::Kind::Unit:
        case PieceRef::Kind::ReinforcementUnit:
            if (UnitSetup* unit = unit_named(s, piece)) shift(unit->position);
            break;
        case PieceRef::Kind::General: {
            auto& general = s.sides[static_cast<std::size_t>(piece.side)].commands[static_cast<std::size_t>(piece.command)].general;
            if (general && general->position) shift(*general->position);
            break;
        }
        default: break;
        }
    });
}

void PlanView::mouseDoubleClickEvent(QMouseEvent* event) {
    if (tool_ == Tool::DrawArea || tool_ == Tool::DrawLine) {
        // The double-click's point ends the drawing: added unless its first press already did
        // (a mouse sends press, release, double-click; some sources send the double-click alone).
        const QPointF p = snapped(boardPoint(event), event->modifiers());
        if (event->button() == Qt::LeftButton &&
            (drawing_.empty() || QLineF(mapFromScene(drawing_.back()), mapFromScene(p)).length() > 3))
            drawing_.push_back(p);
        finishDrawing();
        return;
    }
    QGraphicsView::mouseDoubleClickEvent(event);
}

void PlanView::keyPressEvent(QKeyEvent* event) {
    switch (event->key()) {
    case Qt::Key_Return:
    case Qt::Key_Enter:
        if (finishDrawing()) return;
        break;
    case Qt::Key_Escape:
        if (!drawing_.empty()) {
            cancelDrawing();
            emit message(tr("Drawing dropped"));
        } else if (tool_ != Tool::Select) {
            armed_.reset();
            setTool(Tool::Select);
        } else {
            plan_.select({});
        }
        return;
    case Qt::Key_Backspace:
        if (!drawing_.empty()) {
            drawing_.pop_back();
            scene_.showDrawing(drawing_, std::nullopt, tool_ == Tool::DrawArea);
            return;
        }
        break;
    default: break;
    }
    QGraphicsView::keyPressEvent(event);
}

}  // namespace fortuna::app
