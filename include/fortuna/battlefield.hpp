// SPDX-License-Identifier: MIT
// Board geometry in millimetres: distances, polygons, unit footprints, elevation and line of sight.
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "fortuna/army.hpp"
#include "fortuna/ruleset.hpp"
#include "fortuna/scenario.hpp"

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
bool polygons_overlap(const Polygon& a, const Polygon& b, double tolerance_mm = 0.01);

// ---- Unit footprints --------------------------------------------------------------------

// Where a unit's bases stand: a rectangle centred on its position, turned to its facing
// (0 towards the top edge, 90 towards the right edge). Line: every base side by side, one
// rank deep. Column and square ('defensive hedgehog'): a block ceil(sqrt(bases)) bases wide,
// as many ranks as needed (the dense tercio of seed 001). Artillery: its guns side by side.
// The corners run front-left, front-right, rear-right, rear-left.
struct Footprint {
    double width_mm = 0;  // frontage
    double depth_mm = 0;
    Polygon corners;
};
Footprint unit_footprint(const UnitType& type, int bases, Formation formation, const BoardPoint& centre, double facing_deg);

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
    Board board_;
    std::vector<TerrainFeature> terrain_;
};

// ---- Units in a game --------------------------------------------------------------------------

// The footprint of a unit as it stands now.
Footprint unit_footprint(const Game& game, std::size_t unit_index);
// Line of sight between two units of a game at its current time: other units on the table
// screen, and dusk applies from the game's clock.
LineOfSight line_of_sight(const Game& game, const Battlefield& field, std::string_view from_code, std::string_view to_code);
// Shortest distance between two units' footprints (0 in contact).
double unit_gap_mm(const Game& game, std::size_t a, std::size_t b);

}  // namespace fortuna
