// SPDX-License-Identifier: MIT
// The library's table geometry (fortuna/battlefield.hpp, fortuna/geometry.hpp) in Qt types for the
// scene, the docks and the command line; drawing helpers. No rule is decided here.
#pragma once

#include <QLineF>
#include <QPainterPath>
#include <QPointF>
#include <QPolygonF>
#include <QRectF>
#include <QString>
#include <QStringList>

#include <optional>
#include <vector>

#include "fortuna/land/game.hpp"
#include "fortuna/land/geometry.hpp"

namespace fortuna::app {

// Battlefield scale (seed 000 section 2 and the scenario board: 1 mm = 2 m).
inline constexpr double kMetresPerMm = 2.0;

inline QPointF to_point(const BoardPoint& point) { return {point.x_mm, point.y_mm}; }
inline BoardPoint to_board(const QPointF& point) { return {point.x(), point.y()}; }
QPolygonF to_polygon(const Polygon& polygon);

// The terrain of the game's scenario, built once per scenario (the library's Battlefield).
const Battlefield& battlefield_of(const Scenario& scenario);

// One base for drawing in the unit's frame: painted by rotating by rotation_deg, then drawing
// rect (so a square's side faces are the front face turned about the centre).
struct BaseOutline {
    QRectF rect;
    double rotation_deg = 0;
};

// The library's footprint (fortuna::unit_footprint) in the unit's own frame.
struct Footprint {
    std::vector<BaseOutline> bases;
    QRectF bounds;  // local
    double frontage_mm = 0;
};
Footprint unit_footprint(const UnitType& type, int bases, Formation formation);

// The unit's outline on the table, and the transform from its frame to the table.
QPolygonF unit_outline(const Unit& unit, const UnitStatus& status);
QTransform unit_transform(const UnitStatus& status);

// The library's distance between nearest edges (errata E20), and the line that measures it.
double distance_between_units(const Game& game, std::size_t a, std::size_t b);
QLineF measured_line(const Game& game, std::size_t a, std::size_t b);

int hill_layers_at(const Scenario& scenario, const QPointF& point);
QPainterPath terrain_path(const TerrainFeature& feature);  // polygon, or a polyline's outline

// A proposed move as the board shows it (fortuna::plan_move / plan_wheel).
struct MoveCheck {
    double distance_mm = 0;
    double allowance_mm = 0;
    double cost_moves = 0;
    QString going;  // "normal", "difficult", "road"
    bool over = false;     // past the allowance or blocked
    bool blocked = false;
    QString text;
    QString words() const { return text; }
};
MoveCheck check_move(const Game& game, std::size_t unit, const QPointF& to, bool charge);
MoveCheck check_wheel(const Game& game, std::size_t unit, double new_facing_deg);

struct SightLine {
    bool clear = true;
    double length_mm = 0;
    QPointF blocked_at;
    QString reason;  // "blocked by hill Galgenberg", "beyond the dusk visibility of 300 mm ..."
    std::optional<int> visibility_mm;
};
// The library's line of sight from one point of the table to another (the units holding
// either end do not screen it), with the point where it is first cut for drawing.
SightLine line_of_sight(const Game& game, const QPointF& from, const QPointF& to);
SightLine line_of_sight_between(const Game& game, std::size_t from, std::size_t to);

// The library's combat proposal (fortuna::propose_combat) on the game's terrain, and its reasons as text.
CombatProposal propose_combat(const Game& game, std::size_t attacker, const std::vector<std::size_t>& supports,
                              std::size_t defender);
QStringList reasons_of(const CombatProposal& proposal);

// "front", "flank" or "rear" (fortuna::aspect_of).
QString aspect_text(const Game& game, std::size_t attacker, std::size_t defender);

}  // namespace fortuna::app
