// SPDX-License-Identifier: MIT
// The table in board millimetres: unit footprints, distances, going, line of sight and the
// combat modifiers the board suggests. The scene draws with it; the docks and the command line ask it.
#pragma once

#include <QPainterPath>
#include <QPointF>
#include <QPolygonF>
#include <QRectF>
#include <QString>
#include <QStringList>

#include <optional>
#include <vector>

#include "fortuna/game.hpp"

namespace fortuna::app {

// Battlefield scale (seed 000 section 2 and the scenario board: 1 mm = 2 m).
inline constexpr double kMetresPerMm = 2.0;

inline QPointF to_point(const BoardPoint& point) { return {point.x_mm, point.y_mm}; }
inline BoardPoint to_board(const QPointF& point) { return {point.x(), point.y()}; }

// One base in the unit's own frame: the unit's centre at the origin, its front towards -y.
struct BaseOutline {
    QRectF rect;
    double rotation_deg = 0;  // squares turn their bases outwards
};

// How the bases of a unit stand (seed 002 "Scale"): infantry 20 x 15 mm side by side in line,
// one behind another in column, facing outwards on four sides in square; cavalry 30 x 40 mm;
// a gun 20 mm. Sizes come from the army table's base, with these as fallbacks.
struct Footprint {
    std::vector<BaseOutline> bases;
    QRectF bounds;  // local
    double frontage_mm = 0;
};
Footprint unit_footprint(const UnitType& type, int bases, Formation formation);

// The unit's outline on the table (its bounds, turned to its facing).
QPolygonF unit_outline(const Unit& unit, const UnitStatus& status);
QTransform unit_transform(const UnitStatus& status);

// Shortest distance between two units' outlines, in board mm (0 when they touch).
double distance_between(const QPolygonF& a, const QPolygonF& b);
double distance_between_units(const Game& game, std::size_t a, std::size_t b);

// What ground a point or a path is on.
int hill_layers_at(const Scenario& scenario, const QPointF& point);
const TerrainFeature* area_at(const Scenario& scenario, const QPointF& point, std::initializer_list<TerrainKind> kinds);
QPainterPath terrain_path(const TerrainFeature& feature);  // polygon, or a polyline's outline

struct MoveCheck {
    double distance_mm = 0;
    double allowance_mm = 0;
    QString going;  // "normal", "difficult", "road", "charge"
    bool over = false;
    QString words() const;  // "120 mm (240 m) of 120 mm normal going"
};
// The going of a straight move: difficult if any of it crosses woods, rough, villages, water;
// road if all of it keeps to a road; charge when charging (seed 002, Tables 1-2).
MoveCheck check_move(const Game& game, std::size_t unit, const QPointF& to, bool charge);
// A wheel about the centre: the outer flank travels frontage/2 x angle.
MoveCheck check_wheel(const Game& game, std::size_t unit, double new_facing_deg);

struct SightLine {
    bool clear = true;
    double length_mm = 0;
    QPointF blocked_at;
    QString reason;  // "blocked by Galgenberg (hill)", "beyond dusk visibility of 300 mm"
    std::optional<int> visibility_mm;
};
// Seed 002 "2) Artillery Fire Phase": no fire on units hidden behind hills or other units;
// woods and villages block too; Table 8 shortens sight in the hour before dusk. An observer
// on a hill sees over lower ground; a feature the observer or target stands in does not block.
SightLine line_of_sight(const Game& game, const QPointF& from, const QPointF& to, const std::vector<std::size_t>& ignore);
SightLine line_of_sight_between(const Game& game, std::size_t from, std::size_t to);

// What the board says about a combat before the umpire edits it (seed 002, Table 6 notes).
struct CombatProposal {
    bool flank = false;
    bool rear = false;
    bool charge = false;
    int arms = 1;
    TerrainAdvantage terrain = TerrainAdvantage::None;
    bool obstacle = false;
    QStringList reasons;
};
CombatProposal propose_combat(const Game& game, std::size_t attacker, const std::vector<std::size_t>& supports,
                              std::size_t defender);

// Where the attacker stands relative to the defender's facing: "front", "flank" or "rear".
QString aspect_of(const Game& game, std::size_t attacker, std::size_t defender);

}  // namespace fortuna::app
