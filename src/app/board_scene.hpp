// SPDX-License-Identifier: MIT
// The table at true scale (1 scene unit = 1 mm): terrain, units, generals and the umpire's overlays.
#pragma once

#include <QGraphicsItem>
#include <QGraphicsScene>
#include <QPointer>

#include <optional>
#include <vector>

#include "board_geometry.hpp"

namespace fortuna {
struct GameChange;
}

namespace fortuna::app {

class GameDocument;

// A unit drawn base by base at its real size, in its side's colour, turned to its facing,
// with its state counters (seed 000 section 2.5: the orange disrupted counter).
class UnitItem : public QGraphicsItem {
public:
    UnitItem(std::size_t index, QColor colour);
    std::size_t index() const { return index_; }
    class UnitLabel* label() const { return label_; }
    const Footprint& footprint() const { return footprint_; }
    void setUnit(const Unit& unit, const UnitStatus& status);
    // The view's scale: a state counter is never smaller on screen than kMinimumCounterPixels,
    // so disrupted, routing, withdrawing, limbered and captured read at fit zoom too.
    void setViewScale(double pixels_per_mm);
    static constexpr double kMinimumCounterPixels = 13;
    double counterMillimetres() const { return counter_mm_; }
    // The counters shown, in order: "D" disrupted, "W" withdrawing, "R" routing, "L" limbered, "X" captured.
    QString counters() const;
    QRectF boundingRect() const override;
    QPainterPath shape() const override;
    void paint(QPainter* painter, const QStyleOptionGraphicsItem* option, QWidget* widget) override;
    enum { Type = UserType + 1 };
    int type() const override { return Type; }

private:
    std::size_t index_;
    QColor colour_;
    Footprint footprint_;
    Arm arm_ = Arm::Infantry;
    UnitState state_ = UnitState::Normal;
    Guns guns_ = Guns::None;
    double counter_mm_ = 8;  // seed 000 section 2.5's counter, enlarged when zoomed out
    class UnitLabel* label_ = nullptr;
};

class GeneralItem : public QGraphicsItem {
public:
    GeneralItem(std::size_t index, QColor colour, const QString& code);
    std::size_t index() const { return index_; }
    void setGeneral(const General& general, const GeneralStatus& status);
    QRectF boundingRect() const override { return {-17, -22, 34, 44}; }
    void paint(QPainter* painter, const QStyleOptionGraphicsItem* option, QWidget* widget) override;
    enum { Type = UserType + 2 };
    int type() const override { return Type; }

private:
    std::size_t index_;
    QColor colour_;
    GeneralCondition condition_ = GeneralCondition::Present;
};

class TakenArea;  // board_scene.cpp: the rectangles the labels keep clear of

class BoardScene : public QGraphicsScene {
    Q_OBJECT
public:
    explicit BoardScene(GameDocument& document, QObject* parent = nullptr);
    ~BoardScene() override;

    const QRectF& tableRect() const { return table_; }
    UnitItem* unitItem(std::size_t index) const { return index < units_.size() ? units_[index] : nullptr; }

    void setGridVisible(bool visible);
    bool gridVisible() const { return grid_visible_; }
    void setRangesVisible(bool visible);
    bool rangesVisible() const { return ranges_visible_; }
    // The view's scale (screen pixels per board mm): labels keep a constant size on screen, so
    // where they fit clear of the troops depends on it (placeLabels).
    void setViewScale(double pixels_per_mm);
    // Places the labels if the position or the scale changed since (a resize, a fit and an action
    // before one paint cost one placement).
    void ensureLabelsPlaced();

    // Overlays of the tools.
    void showRuler(const QPointF& from, const QPointF& to);
    void clearRuler();
    std::optional<QLineF> ruler() const { return ruler_; }
    void showSight(const QPointF& from, const QPointF& to, const SightLine& sight);
    void clearSight();
    void showMoveGhost(std::size_t unit, const QPointF& to, const MoveCheck& check);
    void clearMoveGhost();
    // The programmed opponent's next action (Game > Computer Plays): an arrow from the unit to
    // where it goes or what it attacks, a short label at its head, its reason as the tooltip.
    void showIntention(const QLineF& line, const QString& label, const QString& reason);
    void clearIntention();
    std::optional<QLineF> intention() const;
    QString intentionReason() const;
    // Where the intention's label lies at this scale (scene mm), and the unit codes as last placed.
    QRectF intentionLabelRect(double pixels_per_mm) const;
    const std::vector<QRectF>& unitLabelRects() const { return label_rects_; }

protected:
    void drawBackground(QPainter* painter, const QRectF& rect) override;
    void drawForeground(QPainter* painter, const QRectF& rect) override;

private:
    void rebuild();
    void refresh();
    // After an action, undo or redo: only the units and generals it changed.
    void refreshChange(const fortuna::GameChange& change);
    void trackSelection();
    void showSelection();
    void updateRangeOverlay();
    QPointF intentionLabelAt(const QLineF& line, double pixels_per_mm) const;
    // Unit codes and terrain names where they stay legible: clear of generals, other units and
    // each other (a code may move beside or in front of its unit, with a leader line).
    void placeLabels();
    void placeLabelsNear(const std::vector<std::size_t>& changed);
    void placeUnitLabels(const std::vector<std::size_t>& order, TakenArea& taken);
    void addGenerals(TakenArea& taken) const;
    void sortTopDown(std::vector<std::size_t>& order) const;
    QRectF footprintRect(std::size_t unit) const;  // in the scene; empty off the table

    GameDocument& document_;
    QRectF table_;
    std::vector<UnitItem*> units_;
    std::vector<GeneralItem*> generals_;
    std::vector<QGraphicsItem*> messengers_;
    bool grid_visible_ = true;
    bool ranges_visible_ = true;
    QGraphicsItem* range_overlay_ = nullptr;
    std::optional<QLineF> ruler_;
    std::optional<std::pair<QLineF, SightLine>> sight_;
    struct Ghost {
        std::size_t unit;
        QPointF from, to;
        MoveCheck check;
        double normal, difficult, road, charge;
    };
    std::optional<Ghost> ghost_;
    class IntentionArrow* intention_ = nullptr;
    QString intention_label_;
    bool rebuilding_ = false;
    QGraphicsItem* terrain_ = nullptr;
    double view_ppm_ = 0;
    bool labels_stale_ = true;                 // every label to be placed before the next paint
    std::vector<std::size_t> labels_moved_;     // units changed since: their codes and neighbours'
    std::vector<QRectF> unit_rects_, label_rects_;  // by unit, as last placed (empty: off the table)
    std::vector<QRectF> terrain_label_rects_;
};

}  // namespace fortuna::app
