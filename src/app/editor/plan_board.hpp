// SPDX-License-Identifier: MIT
// The scenario editor's board: the table to scale with its 100 mm grid, the ground drawn as on
// the desk, units as their footprints in their side's colour, generals as discs; and the tools
// that edit them (select and move, reshape by handles, draw an area or a line, place a unit).
// Every change goes to the BattlePlan as one command.
#pragma once

#include <QGraphicsScene>
#include <QGraphicsView>
#include <QPointer>

#include <optional>
#include <vector>

#include "battle_plan.hpp"

class QGraphicsItem;
class QGraphicsPathItem;

namespace fortuna::app {

class PlanScene : public QGraphicsScene {
    Q_OBJECT
public:
    explicit PlanScene(BattlePlan& plan, QObject* parent = nullptr);

    QRectF tableRect() const { return table_; }
    // The piece under a scene point, the topmost first (a unit over the wood it stands in).
    PieceRef pieceAt(const QPointF& at, double pixels_per_mm) const;
    // The handle of the selected feature's point under `at`, within `reach_mm`.
    std::optional<int> handleAt(const QPointF& at, double reach_mm) const;
    // Where a piece stands: its items' bounds, for centring the view on it.
    QRectF boundsOf(const PieceRef& piece) const;

    // Previews while a tool is at work (board mm, scene coordinates).
    void showDrawing(const std::vector<QPointF>& points, const std::optional<QPointF>& cursor, bool closed);
    void clearDrawing();
    // The selected piece shown moved by `offset`, or a feature's point moved to `to`.
    void previewMove(const QPointF& offset);
    void previewPoint(int point, const QPointF& to);
    void clearPreview();

    // Rebuilds every item from the plan (after each edit: a plan is small).
    void rebuild();

protected:
    void drawBackground(QPainter* painter, const QRectF& rect) override;

private:
    void markSelection();
    QPolygonF selectedOutline() const;

    BattlePlan& plan_;
    QRectF table_;
    QGraphicsItem* terrain_ = nullptr;
    struct Piece {
        PieceRef ref;
        QGraphicsItem* item = nullptr;
        double z = 0;
    };
    std::vector<Piece> pieces_;
    QGraphicsPathItem* selection_item_ = nullptr;
    std::vector<QGraphicsItem*> handles_;
    QGraphicsPathItem* drawing_ = nullptr;
};

class PlanView : public QGraphicsView {
    Q_OBJECT
public:
    enum class Tool { Select, DrawArea, DrawLine, PlaceUnit };
    PlanView(BattlePlan& plan, PlanScene& scene, QWidget* parent = nullptr);

    Tool tool() const { return tool_; }
    void setTool(Tool tool);
    // What the draw tools draw: an area (wood, hill, rough, lake, village, town) or a line
    // (road, river, stream, wall, earthwork, redan).
    TerrainKind areaKind() const { return area_kind_; }
    TerrainKind lineKind() const { return line_kind_; }
    void setAreaKind(TerrainKind kind);
    void setLineKind(TerrainKind kind);
    bool snapping() const { return snap_; }
    void setSnapping(bool on) { snap_ = on; }
    static constexpr double kSnapMm = 10;

    // The Place Unit tool's next piece: a unit for a command (placed at the next click, then
    // the next of the same type is offered with a new code), or a command's general.
    void armUnit(int side, int command, const UnitSetup& unit);
    void armGeneral(int side, int command);
    // A unit of a reinforcement, placed where it comes on.
    void armReinforcementUnit(int reinforcement, const UnitSetup& unit);
    bool armed() const { return armed_.has_value(); }
    // Places the armed piece at a board point (the click, or typed coordinates).
    bool placeArmed(const QPointF& at);

    void zoomBy(double factor);
    void fitTable();
    void centreOn(const PieceRef& piece);
    // The drawing in progress: closes it (Enter, double-click) or drops it (Esc).
    bool finishDrawing();
    void cancelDrawing();
    int drawingPoints() const { return static_cast<int>(drawing_.size()); }
    // Delete: removes the selected piece; R / Shift+R: turns the selected unit 15 degrees.
    void removeSelected();
    void rotateSelected(double degrees);

signals:
    void message(const QString& text);
    void toolChanged(Tool tool);

protected:
    void wheelEvent(QWheelEvent* event) override;
    void mousePressEvent(QMouseEvent* event) override;
    void mouseMoveEvent(QMouseEvent* event) override;
    void mouseReleaseEvent(QMouseEvent* event) override;
    void mouseDoubleClickEvent(QMouseEvent* event) override;
    void keyPressEvent(QKeyEvent* event) override;
    void resizeEvent(QResizeEvent* event) override;

private:
    QPointF boardPoint(const QMouseEvent* event) const;
    QPointF snapped(const QPointF& at, Qt::KeyboardModifiers modifiers) const;
    void sayWhatTheGroundDoes(TerrainKind kind);

    BattlePlan& plan_;
    PlanScene& scene_;
    Tool tool_ = Tool::Select;
    TerrainKind area_kind_ = TerrainKind::Wood;
    TerrainKind line_kind_ = TerrainKind::Road;
    bool snap_ = true;
    std::vector<QPointF> drawing_;
    struct Drag {
        PieceRef piece;
        std::optional<int> point;  // a handle
        QPointF press;
        bool moving = false;
    };
    std::optional<Drag> drag_;
    struct Armed {
        bool general = false;
        int side = 0, command = 0;
        UnitSetup unit;
        int reinforcement = -1;  // a reinforcement's unit, not the side's command's
    };
    std::optional<Armed> armed_;
    bool panning_ = false;
    bool fitted_ = true;
    QPoint pan_last_;
};

}  // namespace fortuna::app
