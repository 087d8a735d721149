// SPDX-License-Identifier: MIT
// Board geometry in millimetres: distances, polygons, unit footprints, elevation and line of sight.
#pragma once

#include <functional>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "fortuna/land/army.hpp"
#include "fortuna/land/ruleset.hpp"
#include "fortuna/land/scenario.hpp"

namespace fortuna {

class Game;

// ---- Plane geometry (board mm, x to the right, y towards the bottom edge) ----------------

using Polygon = std::vector<BoardPoint>;

double distance_mm(const BoardPoint& a, const BoardPoint& b);
// Even-odd rule; a point on an edge counts as inside.
bool point_in_polygon(const BoardPoint& point, const Polygon& polygon);
// Whether segments a1-a2 and b1-b2 share a point (touching counts).
bool segments_cross(const BoardPoint& a1, const BoardPoint& a2, const BoardPoint& b1, const BoardPoint& b2);
double point_segment_distance(const BoardPoint& point, const BoardPoint& s1, const BoardPoint& s2);
// The segment a-b touches the polygon's edges or lies inside it.
bool segment_meets_polygon(const BoardPoint& a, const BoardPoint& b, const Polygon& polygon);
// Shortest distance between two polygons' outlines; 0 when they touch, cross or one holds the other.
double polygon_distance(const Polygon& a, const Polygon& b);
// The same distance with the two points that realise it (on a's outline, on b's outline): the
// umpire's tape laid between the nearest edges (errata E20). When the polygons touch or overlap
// both points are one shared point and mm is 0.
struct Gap {
    double mm = 0;
    BoardPoint from;
    BoardPoint to;
};
Gap polygon_gap(const Polygon& a, const Polygon& b);
// Convex hull (counter-clockwise in board axes), for the ground a straight move sweeps.
Polygon convex_hull(std::vector<BoardPoint> points);
bool polygons_overlap(const Polygon& a, const Polygon& b, double tolerance_mm = 0.01);

// ---- Unit footprints --------------------------------------------------------------------

// The base of one stand, from the army table; where the data gives none (a hand-made type in a
// test), the seeds' sizes: infantry 20 x 15 mm (seed 000, 2.4.1), cavalry 30 x 40 mm (2.4.2), a
// gun 20 mm wide (2.4.3) and 30 mm deep (ours: errata E18).
BaseSize base_size(const UnitType& type);

// One base in the unit's own frame: the unit's centre at the origin, its front towards -y, +x
// to its right (the board's axes for a unit facing the top edge). turn_deg is where the base
// faces: 0 the unit's front, 90 its right, 180 its rear, 270 its left (a square's faces).
struct BaseOutline {
    BoardPoint centre;
    double width_mm = 0;
    double depth_mm = 0;
    double turn_deg = 0;
};

// Where a unit's bases stand: centred on its position, turned to its facing (0 towards the top
// edge, 90 towards the right edge).
//  * Line: every base side by side, one rank deep (seed 000, 2.4.1: 5 bases, 100 mm front).
//  * Column: a block ceil(sqrt(bases)) bases wide, as many ranks as needed (the dense column or
//    tercio of seed 001; the seeds give no column's shape, docs/rules/geometry.md).
//  * Square ('defensive hedgehog', 7.2.1, 8.6): four faces of ceil(bases/4) bases, each face's
//    bases looking outwards; the outline is the square around them.
//  * Artillery: its guns side by side whatever the formation (2.4.3).
// width_mm x depth_mm is the outline, corners its corners (front-left, front-right, rear-right,
// rear-left), frontage_mm the front rank (a square's: one face), bases every stand in the unit's
// frame for drawing.
struct Footprint {
    double width_mm = 0;
    double depth_mm = 0;
    double frontage_mm = 0;
    Polygon corners;
    std::vector<BaseOutline> bases;
};
Footprint unit_footprint(const UnitType& type, int bases, Formation formation, const BoardPoint& centre, double facing_deg);
// A point `across` to the right and `ahead` forward of `centre` for a unit facing facing_deg.
BoardPoint unit_frame_point(const BoardPoint& centre, double facing_deg, double across, double ahead);
// The inverse: where `point` lies in a unit's frame (x to its right, y ahead of it).
BoardPoint to_unit_frame(const BoardPoint& centre, double facing_deg, const BoardPoint& point);

// ---- The battlefield ------------------------------------------------------------------------

// What a line of sight met. Every check below adds one line to `explanation`.
struct LineOfSight {
    bool visible = true;
    double distance_mm = 0;
    std::optional<int> visibility_mm;  // dusk limit, when one applies
    std::string blocked_by;            // "hill White Mountain (plateau)", "wood Star park", "unit B-I3", "dusk"
    std::vector<std::string> explanation;
};

// Something standing between two points that blocks sight: another unit's footprint.
struct SightScreen {
    std::string label;  // "unit B-I3 Bohemian foot (1)"
    Polygon outline;
};

struct SightQuery {
    BoardPoint from;
    BoardPoint to;
    std::vector<SightScreen> screens;           // units in between (never the two ends)
    std::optional<int> minutes_before_dusk;     // nullopt: no dusk limit
    const RuleSet* rules = nullptr;             // for the dusk table; required with minutes_before_dusk
    // A viewer at the edge of a wood or village sees out, and a target at an edge is seen:
    // the stretch of the line within this distance of either end is not blocked by them.
    double edge_mm = 20;
};

// The terrain of one scenario, for geometry questions. Holds a copy of the features.
class Battlefield {
public:
    explicit Battlefield(const Scenario& scenario);
    Battlefield(Board board, std::vector<TerrainFeature> terrain);

    const Board& board() const { return board_; }
    const std::vector<TerrainFeature>& terrain() const { return terrain_; }

    // Height in hill layers: the highest hill holding the point, 0 on the plain.
    int elevation(const BoardPoint& point) const;
    // The hill of that height holding the point, or nullptr.
    const TerrainFeature* hill_at(const BoardPoint& point) const;
    // The first area feature of this kind holding the point (wood, village, town, lake ...).
    const TerrainFeature* area_at(const BoardPoint& point, TerrainKind kind) const;
    // Lakes and towns: no unit stands inside their outline (seed 000, 3.1.3-3.1.4: a lake is
    // water; a town's houses shelter units, see TerrainFeature::shelters, but its ground is
    // not open to formed troops).
    const TerrainFeature* impassable_at(const BoardPoint& point) const;
    // Every feature holding the point: areas by their outline, lines (roads, rivers, streams,
    // walls, earthworks, redans) within half their width of the line.
    std::vector<const TerrainFeature*> features_at(const BoardPoint& point) const;
    // The features whose ground may reach into the box lo-hi (their bounding boxes meet it),
    // and whether one of them holds a point: a move asks the first once and the second for
    // each 2 mm of its path.
    std::vector<const TerrainFeature*> features_near(const BoardPoint& lo, const BoardPoint& hi) const;
    bool holds(const TerrainFeature& feature, const BoardPoint& point) const;
    bool on_board(const Polygon& outline) const;

    // Line of sight (seed 000, section 6: artillery "can't fire on units hidden behind hills, villages, or
    // hidden behind other units"):
    //  * hills: blocked where the line passes over ground higher than both ends (a crest
    //    between two lower points; dead ground behind it);
    //  * woods, villages and towns block the line, except within edge_mm of either end;
    //  * an intervening unit (a screen the line crosses) blocks it;
    //  * in the last hour before dusk, nothing further than the rule set's dusk visibility
    //    (seed 002, Table 8) is seen.
    // The line runs from centre to centre, sampled every 2 mm for heights and areas.
    LineOfSight line_of_sight(const SightQuery& query) const;

private:
    // Each feature's box, widened by half a line's width: a point outside it is not in the
    // feature, so most samples of a move or a line of sight skip the outline test.
    struct Bounds {
        double lo_x = 0, lo_y = 0, hi_x = 0, hi_y = 0;
        bool holds(const BoardPoint& p) const { return p.x_mm >= lo_x && p.x_mm <= hi_x && p.y_mm >= lo_y && p.y_mm <= hi_y; }
    };
    Board board_;
    std::vector<TerrainFeature> terrain_;
    std::vector<Bounds> bounds_;
};

// How wide a line feature is on the table: its own width_mm, else road 8, river 15, stream 6,
// anything else 4 mm (the seeds' felt strips are 20 mm; docs/rules/geometry.md).
double feature_width_mm(const TerrainFeature& feature);

// ---- Units in a game --------------------------------------------------------------------------

// The type a unit fights and moves as now (dragoons dismounted use the dismounted type).
const UnitType& unit_type_now(const Game& game, std::size_t unit_index);
// The footprint of a unit as it stands now.
Footprint unit_footprint(const Game& game, std::size_t unit_index);
// The units on the table once, for many questions in a row (the Duties list asks thousands):
// footprints by unit index (empty for units not on the table), and a grid of square cells over
// the units, each cell listing the units whose box (centre +- half-diagonal) overlaps it, so a
// question about a line reads only the units in the cells the line crosses.
struct TableIndex {
    std::vector<Footprint> footprints;
    double widest_mm = 0;  // the largest (width + depth) / 2, which bounds every half-diagonal
    double cell_mm = 50;
    double origin_x_mm = 0, origin_y_mm = 0;
    int columns = 0, rows = 0;
    std::vector<std::size_t> cell_start;  // columns * rows + 1 offsets into cell_units, cell by cell
    std::vector<std::size_t> cell_units;
};
TableIndex index_table(const Game& game);
// Visits each unit listed in a cell the segment crosses (a unit may be visited more than once),
// the cells nearest `from` first; stops when `visit` returns false.
void units_along(const TableIndex& index, const BoardPoint& from, const BoardPoint& to, const std::function<bool(std::size_t)>& visit);
// The units listed in the cells within `reach_mm` of `centre` (a square, so a superset of those
// within reach), in unit order, each once.
std::vector<std::size_t> units_near(const TableIndex& index, const BoardPoint& centre, double reach_mm);

// The question line_of_sight asks: the game's dusk and, as screens (in unit order), the units on
// the table near the line (a unit further from it than its half-diagonal cannot touch it) except
// those whose outline holds either end. `index`, when given, saves recomputing the footprints.
SightQuery sight_query(const Game& game, const BoardPoint& from, const BoardPoint& to, const TableIndex* index = nullptr);
// Line of sight between two points of the table at the game's current time: units on the table
// screen it, except a unit whose outline holds either end (the observer's own battery, the
// target itself, the unit a general rides with); dusk applies from the game's clock.
LineOfSight line_of_sight(const Game& game, const Battlefield& field, const BoardPoint& from, const BoardPoint& to);
// Whether line_of_sight would find the line visible, with the same screens, but stopping at the
// first unit across it and naming nothing: the Duties list asks this for every pair in range.
bool sees(const Game& game, const Battlefield& field, const BoardPoint& from, const BoardPoint& to, const TableIndex& index);
// Between two units or generals by code (centre to centre; a general's position is his base's
// centre). Throws RuleError naming the known codes.
LineOfSight line_of_sight(const Game& game, const Battlefield& field, std::string_view from_code, std::string_view to_code);
// Shortest distance between two units' footprints (0 in contact): the one distance every rule,
// the board, the duties, the command line and the report use (errata E20).
double unit_gap_mm(const Game& game, std::size_t a, std::size_t b);
// The same with the two nearest points, for drawing the measured line.
Gap unit_gap(const Game& game, std::size_t a, std::size_t b);

}  // namespace fortuna
