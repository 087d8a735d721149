// SPDX-License-Identifier: MIT
// Board geometry, unit footprints, elevation and line of sight (see battlefield.hpp).
// Why one file of 620 lines: every distance, outline and sight question of the rules is answered
// from the primitives here (errata E20: one definition of distance), the table index included.
#include "fortuna/land/battlefield.hpp"

#include <algorithm>
#include <cmath>
#include <limits>
#include <numbers>
#include <optional>

#include "fortuna/core/errors.hpp"
#include "fortuna/land/game.hpp"
#include "fortuna/land/terrain_effects.hpp"

namespace fortuna {

namespace {

double cross(const BoardPoint& o, const BoardPoint& a, const BoardPoint& b) {
    return (a.x_mm - o.x_mm) * (b.y_mm - o.y_mm) - (a.y_mm - o.y_mm) * (b.x_mm - o.x_mm);
}

bool within_box(const BoardPoint& p, const BoardPoint& a, const BoardPoint& b) {
    constexpr double eps = 1e-9;
    return std::min(a.x_mm, b.x_mm) - eps <= p.x_mm && p.x_mm <= std::max(a.x_mm, b.x_mm) + eps &&
           std::min(a.y_mm, b.y_mm) - eps <= p.y_mm && p.y_mm <= std::max(a.y_mm, b.y_mm) + eps;
}

int sign(double value) {
    constexpr double eps = 1e-9;
    return value > eps ? 1 : (value < -eps ? -1 : 0);
}

std::string fixed0(double value) { return std::to_string(static_cast<long long>(std::lround(value))); }

bool is_area(const TerrainFeature& f) { return f.closed && f.points.size() >= 3; }

// Woods, villages and towns hide what is behind them (fortuna/terrain_effects.hpp).
bool blocks_sight(TerrainKind kind) { return terrain_effects(kind).blocks_sight; }

const UnitType& live_type(const Game& game, std::size_t index) {
    const Unit& unit = game.units()[index];
    const UnitStatus& now = game.state().units[index];
    if (now.mount == Mount::Dismounted && unit.id.dismounted_type != nullptr) return *unit.id.dismounted_type;
    return *unit.id.type;
}

}  // namespace

// Board distances are far from overflow: the plain root is exact enough and several times
// cheaper than std::hypot, and this is the innermost call of every move and sight line.
double distance_mm(const BoardPoint& a, const BoardPoint& b) {
    const double dx = a.x_mm - b.x_mm, dy = a.y_mm - b.y_mm;
    return std::sqrt(dx * dx + dy * dy);
}

bool point_in_polygon(const BoardPoint& point, const Polygon& polygon) {
    const std::size_t n = polygon.size();
    if (n < 3) return false;
    bool inside = false;
    for (std::size_t i = 0, j = n - 1; i < n; j = i++) {
        const BoardPoint& a = polygon[i];
        const BoardPoint& b = polygon[j];
        if (within_box(point, a, b) && sign(cross(a, b, point)) == 0) return true;  // on an edge (the box first: cheaper, rarely true)
        if ((a.y_mm > point.y_mm) != (b.y_mm > point.y_mm)) {
            const double x = a.x_mm + (point.y_mm - a.y_mm) * (b.x_mm - a.x_mm) / (b.y_mm - a.y_mm);
            if (point.x_mm < x) inside = !inside;
        }
    }
    return inside;
}

bool segments_cross(const BoardPoint& a1, const BoardPoint& a2, const BoardPoint& b1, const BoardPoint& b2) {
    const int d1 = sign(cross(b1, b2, a1));
    const int d2 = sign(cross(b1, b2, a2));
    const int d3 = sign(cross(a1, a2, b1));
    const int d4 = sign(cross(a1, a2, b2));
    if (d1 * d2 < 0 && d3 * d4 < 0) return true;
    if (d1 == 0 && within_box(a1, b1, b2)) return true;
    if (d2 == 0 && within_box(a2, b1, b2)) return true;
    if (d3 == 0 && within_box(b1, a1, a2)) return true;
    if (d4 == 0 && within_box(b2, a1, a2)) return true;
    return false;
}

namespace {
BoardPoint closest_on_segment(const BoardPoint& p, const BoardPoint& s1, const BoardPoint& s2) {
    const double dx = s2.x_mm - s1.x_mm;
    const double dy = s2.y_mm - s1.y_mm;
    const double length2 = dx * dx + dy * dy;
    if (length2 <= 0) return s1;
    const double t = std::clamp(((p.x_mm - s1.x_mm) * dx + (p.y_mm - s1.y_mm) * dy) / length2, 0.0, 1.0);
    return BoardPoint{s1.x_mm + t * dx, s1.y_mm + t * dy};
}

double squared_mm(const BoardPoint& a, const BoardPoint& b) {
    const double dx = a.x_mm - b.x_mm, dy = a.y_mm - b.y_mm;
    return dx * dx + dy * dy;
}

// Where two crossing segments meet (the first end of a when they are parallel and overlap).
BoardPoint crossing_point(const BoardPoint& a1, const BoardPoint& a2, const BoardPoint& b1, const BoardPoint& b2) {
    const double rx = a2.x_mm - a1.x_mm, ry = a2.y_mm - a1.y_mm;
    const double sx = b2.x_mm - b1.x_mm, sy = b2.y_mm - b1.y_mm;
    const double denominator = rx * sy - ry * sx;
    if (std::abs(denominator) < 1e-12) return within_box(a1, b1, b2) ? a1 : b1;
    const double t = ((b1.x_mm - a1.x_mm) * sy - (b1.y_mm - a1.y_mm) * sx) / denominator;
    return {a1.x_mm + t * rx, a1.y_mm + t * ry};
}
}  // namespace

double point_segment_distance(const BoardPoint& p, const BoardPoint& s1, const BoardPoint& s2) {
    return distance_mm(p, closest_on_segment(p, s1, s2));
}

bool segment_meets_polygon(const BoardPoint& a, const BoardPoint& b, const Polygon& polygon) {
    if (point_in_polygon(a, polygon) || point_in_polygon(b, polygon)) return true;
    const std::size_t n = polygon.size();
    for (std::size_t i = 0; i < n; ++i)
        if (segments_cross(a, b, polygon[i], polygon[(i + 1) % n])) return true;
    return false;
}

double polygon_distance(const Polygon& a, const Polygon& b) { return polygon_gap(a, b).mm; }

Gap polygon_gap(const Polygon& a, const Polygon& b) {
    if (a.empty() || b.empty()) return {};
    if (point_in_polygon(a.front(), b)) return {0, a.front(), a.front()};
    if (point_in_polygon(b.front(), a)) return {0, b.front(), b.front()};
    Gap best{std::numeric_limits<double>::infinity(), {}, {}};
    const auto consider = [&](const BoardPoint& on_a, const BoardPoint& on_b) {
        const double d = distance_mm(on_a, on_b);
        if (d < best.mm) best = {d, on_a, on_b};
    };
    for (std::size_t i = 0; i < a.size(); ++i) {
        const BoardPoint& a1 = a[i];
        const BoardPoint& a2 = a[(i + 1) % a.size()];
        for (std::size_t j = 0; j < b.size(); ++j) {
            const BoardPoint& b1 = b[j];
            const BoardPoint& b2 = b[(j + 1) % b.size()];
            if (segments_cross(a1, a2, b1, b2)) {
                const BoardPoint meet = crossing_point(a1, a2, b1, b2);
                return {0, meet, meet};
            }
            consider(a1, closest_on_segment(a1, b1, b2));
            consider(a2, closest_on_segment(a2, b1, b2));
            consider(closest_on_segment(b1, a1, a2), b1);
            consider(closest_on_segment(b2, a1, a2), b2);
        }
    }
    return best;
}

Polygon convex_hull(std::vector<BoardPoint> points) {
    std::sort(points.begin(), points.end(), [](const BoardPoint& p, const BoardPoint& q) {
        return p.x_mm != q.x_mm ? p.x_mm < q.x_mm : p.y_mm < q.y_mm;
    });
    if (points.size() < 3) return points;
    Polygon hull(2 * points.size());
    std::size_t k = 0;
    for (const BoardPoint& p : points) {  // lower chain
        while (k >= 2 && cross(hull[k - 2], hull[k - 1], p) <= 0) --k;
        hull[k++] = p;
    }
    for (std::size_t i = points.size() - 1, lower = k + 1; i-- > 0;) {  // upper chain
        while (k >= lower && cross(hull[k - 2], hull[k - 1], points[i]) <= 0) --k;
        hull[k++] = points[i];
    }
    hull.resize(k - 1);
    return hull;
}

bool polygons_overlap(const Polygon& a, const Polygon& b, double tolerance_mm) {
    // Shrink neither: two footprints that only touch along an edge do not overlap. Test the
    // interiors by checking points nudged inwards from each vertex and each edge's middle.
    const auto centroid = [](const Polygon& p) {
        BoardPoint c;
        for (const auto& q : p) {
            c.x_mm += q.x_mm;
            c.y_mm += q.y_mm;
        }
        c.x_mm /= static_cast<double>(p.size());
        c.y_mm /= static_cast<double>(p.size());
        return c;
    };
    const auto shrunk = [&](const Polygon& p) {
        const BoardPoint c = centroid(p);
        Polygon out;
        for (const auto& q : p) {
            const double d = distance_mm(q, c);
            const double k = d > tolerance_mm ? (d - tolerance_mm) / d : 0.0;
            out.push_back({c.x_mm + (q.x_mm - c.x_mm) * k, c.y_mm + (q.y_mm - c.y_mm) * k});
        }
        return out;
    };
    const Polygon sa = shrunk(a);
    const Polygon sb = shrunk(b);
    for (std::size_t i = 0; i < sa.size(); ++i)
        for (std::size_t j = 0; j < sb.size(); ++j)
            if (segments_cross(sa[i], sa[(i + 1) % sa.size()], sb[j], sb[(j + 1) % sb.size()])) return true;
    return point_in_polygon(centroid(sa), sb) || point_in_polygon(centroid(sb), sa);
}

BaseSize base_size(const UnitType& type) {
    BaseSize size = type.base;
    if (size.width_mm > 0 && size.depth_mm > 0) return size;
    switch (type.arm) {
    case Arm::Infantry: return {20, 15, size.figures};   // seed 000, 2.4.1
    case Arm::Cavalry: return {30, 40, size.figures};    // seed 000, 2.4.2
    case Arm::Artillery: return {20, 30, size.figures};  // 2.4.3 gives the 20 mm front; depth errata E18
    }
    return {20, 15, size.figures};
}

BoardPoint unit_frame_point(const BoardPoint& centre, double facing_deg, double across, double ahead) {
    // Facing 0 is towards the top edge (-y); 90 towards the right edge (+x).
    const double rad = facing_deg * std::numbers::pi / 180.0;
    const double fx = std::sin(rad), fy = -std::cos(rad);  // forward
    const double rx = std::cos(rad), ry = std::sin(rad);   // right
    return {centre.x_mm + rx * across + fx * ahead, centre.y_mm + ry * across + fy * ahead};
}

BoardPoint to_unit_frame(const BoardPoint& centre, double facing_deg, const BoardPoint& point) {
    const double rad = facing_deg * std::numbers::pi / 180.0;
    const double dx = point.x_mm - centre.x_mm, dy = point.y_mm - centre.y_mm;
    return {dx * std::cos(rad) + dy * std::sin(rad), dx * std::sin(rad) - dy * std::cos(rad)};
}

Footprint unit_footprint(const UnitType& type, int bases, Formation formation, const BoardPoint& centre, double facing_deg) {
    Footprint f;
    const int n = std::max(1, bases);
    const BaseSize size = base_size(type);
    const double w = size.width_mm;
    const double d = size.depth_mm;
    // Bases in the unit's frame: x to its right, y towards its rear (front at -y).
    const auto base = [&](double x, double y, double turn) { f.bases.push_back({{x, y}, w, d, turn}); };
    double outline_w = 0, outline_d = 0;
    if (type.arm != Arm::Artillery && formation == Formation::Square) {
        // Four faces, each face's bases looking outwards (seed 000, 8.6: the hedgehog has no
        // flank or rear); the faces share the corners' space out, as figures on the table do.
        const int per_face = (n + 3) / 4;
        const double inner = per_face * w;
        const double half = inner / 2;
        int placed = 0;
        for (int face = 0; face < 4 && placed < n; ++face) {
            const int here = std::min(per_face, (n - placed + (3 - face)) / (4 - face));
            for (int i = 0; i < here; ++i, ++placed) {
                const double along = -half + (i + 0.5) * inner / here;  // across the face, left to right seen from outside
                const double out = half + d / 2;                          // from the centre to the base's middle
                // Face 0 looks ahead, 1 right, 2 to the rear, 3 left; turn the front face's position.
                const double turn = 90.0 * face;
                const double rad = turn * std::numbers::pi / 180.0;
                const double x = along * std::cos(rad) + out * std::sin(rad);
                const double y = along * std::sin(rad) - out * std::cos(rad);
                base(x, y, turn);
            }
        }
        f.frontage_mm = inner;
        outline_w = outline_d = inner + 2 * d;
    } else if (type.arm != Arm::Artillery && formation == Formation::Column) {
        const int files = static_cast<int>(std::ceil(std::sqrt(static_cast<double>(n)) - 1e-9));
        const int ranks = (n + files - 1) / files;
        outline_w = files * w;
        outline_d = ranks * d;
        for (int i = 0; i < n; ++i) base(-outline_w / 2 + (i % files + 0.5) * w, -outline_d / 2 + (i / files + 0.5) * d, 0);
        f.frontage_mm = outline_w;
    } else {
        outline_w = n * w;
        outline_d = d;
        for (int i = 0; i < n; ++i) base(-outline_w / 2 + (i + 0.5) * w, 0, 0);
        f.frontage_mm = outline_w;
    }
    f.width_mm = outline_w;
    f.depth_mm = outline_d;
    const double hw = outline_w / 2;
    const double hd = outline_d / 2;
    f.corners = {unit_frame_point(centre, facing_deg, -hw, hd), unit_frame_point(centre, facing_deg, hw, hd),
                 unit_frame_point(centre, facing_deg, hw, -hd), unit_frame_point(centre, facing_deg, -hw, -hd)};
    return f;
}

Battlefield::Battlefield(const Scenario& scenario) : Battlefield(scenario.board, scenario.terrain) {}

Battlefield::Battlefield(Board board, std::vector<TerrainFeature> terrain) : board_(std::move(board)), terrain_(std::move(terrain)) {
    for (const TerrainFeature& f : terrain_) {
        Bounds b{std::numeric_limits<double>::max(), std::numeric_limits<double>::max(), std::numeric_limits<double>::lowest(),
                 std::numeric_limits<double>::lowest()};
        for (const BoardPoint& p : f.points) {
            b.lo_x = std::min(b.lo_x, p.x_mm), b.hi_x = std::max(b.hi_x, p.x_mm);
            b.lo_y = std::min(b.lo_y, p.y_mm), b.hi_y = std::max(b.hi_y, p.y_mm);
        }
        // Lines reach half their width beyond their points; 1e-6 keeps points on an edge inside.
        const double margin = (is_area(f) ? 0.0 : feature_width_mm(f) / 2) + 1e-6;
        b.lo_x -= margin, b.lo_y -= margin, b.hi_x += margin, b.hi_y += margin;
        bounds_.push_back(b);
    }
}

const TerrainFeature* Battlefield::hill_at(const BoardPoint& point) const {
    const TerrainFeature* best = nullptr;
    for (std::size_t k = 0; k < terrain_.size(); ++k) {
        const TerrainFeature& f = terrain_[k];
        if (f.kind != TerrainKind::Hill || !bounds_[k].holds(point) || !is_area(f) || !point_in_polygon(point, f.points)) continue;
        if (best == nullptr || f.layers > best->layers) best = &f;
    }
    return best;
}

int Battlefield::elevation(const BoardPoint& point) const {
    const TerrainFeature* hill = hill_at(point);
    return hill == nullptr ? 0 : std::max(0, hill->layers);
}

const TerrainFeature* Battlefield::area_at(const BoardPoint& point, TerrainKind kind) const {
    for (std::size_t k = 0; k < terrain_.size(); ++k)
        if (terrain_[k].kind == kind && bounds_[k].holds(point) && is_area(terrain_[k]) && point_in_polygon(point, terrain_[k].points))
            return &terrain_[k];
    return nullptr;
}

const TerrainFeature* Battlefield::impassable_at(const BoardPoint& point) const {
    // The kinds in their declared order (a lake before a town, as always), each the first of
    // its kind holding the point.
    for (const auto& kind : EnumNames<TerrainKind>::names)
        if (terrain_effects(kind.value).impassable)
            if (const auto* found = area_at(point, kind.value)) return found;
    return nullptr;
}

double feature_width_mm(const TerrainFeature& feature) {
    if (feature.width_mm && *feature.width_mm > 0) return *feature.width_mm;
    switch (feature.kind) {
    case TerrainKind::Road: return 8;
    case TerrainKind::River: return 15;
    case TerrainKind::Stream: return 6;
    default: return 4;
    }
}

bool Battlefield::holds(const TerrainFeature& f, const BoardPoint& point) const {
    const auto k = static_cast<std::size_t>(&f - terrain_.data());
    if (k >= terrain_.size() || !bounds_[k].holds(point)) return false;
    if (is_area(f)) return point_in_polygon(point, f.points);
    const double half = feature_width_mm(f) / 2;
    const std::size_t segments = f.points.size() - (f.closed ? 0u : 1u);
    // A segment whose box, widened by the half width (and a hair for rounding), leaves the point
    // out is farther than the half width: skip its distance (the 2 mm move samples ask this often).
    const double reach = half + 1e-6;
    for (std::size_t i = 0; f.points.size() >= 2 && i < segments; ++i) {
        const BoardPoint& a = f.points[i];
        const BoardPoint& b = f.points[(i + 1) % f.points.size()];
        if (point.x_mm < std::min(a.x_mm, b.x_mm) - reach || point.x_mm > std::max(a.x_mm, b.x_mm) + reach ||
            point.y_mm < std::min(a.y_mm, b.y_mm) - reach || point.y_mm > std::max(a.y_mm, b.y_mm) + reach)
            continue;
        if (point_segment_distance(point, a, b) <= half) return true;
    }
    return false;
}

std::vector<const TerrainFeature*> Battlefield::features_at(const BoardPoint& point) const {
    std::vector<const TerrainFeature*> out;
    for (const TerrainFeature& f : terrain_)
        if (holds(f, point)) out.push_back(&f);
    return out;
}

std::vector<const TerrainFeature*> Battlefield::features_near(const BoardPoint& lo, const BoardPoint& hi) const {
    std::vector<const TerrainFeature*> out;
    for (std::size_t k = 0; k < terrain_.size(); ++k) {
        const Bounds& b = bounds_[k];
        if (b.lo_x <= hi.x_mm && lo.x_mm <= b.hi_x && b.lo_y <= hi.y_mm && lo.y_mm <= b.hi_y) out.push_back(&terrain_[k]);
    }
    return out;
}

bool Battlefield::on_board(const Polygon& outline) const {
    return std::all_of(outline.begin(), outline.end(), [&](const BoardPoint& p) { return board_.contains(p); });
}

LineOfSight Battlefield::line_of_sight(const SightQuery& q) const {
    LineOfSight los;
    los.distance_mm = distance_mm(q.from, q.to);
    const auto block = [&](const std::string& by, const std::string& why) {
        if (los.visible) {
            los.visible = false;
            los.blocked_by = by;
        }
        los.explanation.push_back(why);
    };

    // Dusk first: it needs no geometry (seed 002, Table 8).
    if (q.minutes_before_dusk && q.rules != nullptr) {
        los.visibility_mm = q.rules->dusk.visibility(*q.minutes_before_dusk);
        if (los.visibility_mm) {
            const std::string section = q.rules->dusk.section.empty() ? std::string("dusk table") : q.rules->dusk.section;
            if (los.distance_mm > *los.visibility_mm + 1e-9)
                block("dusk", section + ": " + std::to_string(*q.minutes_before_dusk) + " minutes before dusk visibility is " +
                                  std::to_string(*los.visibility_mm) + " mm; the target is " + fixed0(los.distance_mm) + " mm away");
            else
                los.explanation.push_back(section + ": visibility " + std::to_string(*los.visibility_mm) + " mm, the target is " +
                                          fixed0(los.distance_mm) + " mm away");
        }
    }

    const int from_height = elevation(q.from);
    const int to_height = elevation(q.to);
    const int eye = std::max(from_height, to_height);
    const int steps = std::max(1, static_cast<int>(std::ceil(los.distance_mm / 2.0)));
    const TerrainFeature* crest = nullptr;
    const TerrainFeature* cover = nullptr;
    // What the samples can meet, found once: a crest only where some hill rises above both
    // ends; cover only from woods and villages whose box the line's box touches. Most lines
    // of a battle meet neither, and are then not sampled for them at all.
    bool higher_hill = false;
    std::vector<std::size_t> screens;
    const Bounds line{std::min(q.from.x_mm, q.to.x_mm), std::min(q.from.y_mm, q.to.y_mm), std::max(q.from.x_mm, q.to.x_mm),
                      std::max(q.from.y_mm, q.to.y_mm)};
    for (std::size_t k = 0; k < terrain_.size(); ++k) {
        const TerrainFeature& f = terrain_[k];
        if (f.kind == TerrainKind::Hill && f.layers > eye) higher_hill = true;
        const Bounds& b = bounds_[k];
        if (blocks_sight(f.kind) && is_area(f) && b.lo_x <= line.hi_x && line.lo_x <= b.hi_x && b.lo_y <= line.hi_y && line.lo_y <= b.hi_y)
            screens.push_back(k);
    }
    for (int i = 1; i < steps && (higher_hill || !screens.empty()); ++i) {
        const double t = static_cast<double>(i) / steps;
        const BoardPoint p{q.from.x_mm + (q.to.x_mm - q.from.x_mm) * t, q.from.y_mm + (q.to.y_mm - q.from.y_mm) * t};
        if (crest == nullptr && higher_hill) {
            if (const TerrainFeature* hill = hill_at(p); hill != nullptr && hill->layers > eye) crest = hill;
        }
        if (cover == nullptr && !screens.empty() && distance_mm(p, q.from) > q.edge_mm && distance_mm(p, q.to) > q.edge_mm) {
            for (const std::size_t k : screens)
                if (bounds_[k].holds(p) && point_in_polygon(p, terrain_[k].points)) {
                    cover = &terrain_[k];
                    break;
                }
        }
        if (crest != nullptr && cover != nullptr) break;
    }
    if (crest != nullptr)
        block("hill " + crest->name, "hill " + crest->name + " (" + std::to_string(crest->layers) +
                                         " layers) rises between the two, which stand at " + std::to_string(from_height) +
                                         " and " + std::to_string(to_height) + " layers");
    else
        los.explanation.push_back("no hill higher than the ends (" + std::to_string(from_height) + " and " +
                                  std::to_string(to_height) + " layers) lies between them");
    if (cover != nullptr)
        block(std::string(to_string(cover->kind)) + " " + cover->name,
              std::string(to_string(cover->kind)) + " " + cover->name + " lies across the line (more than " + fixed0(q.edge_mm) +
                  " mm from either end)");
    for (const auto& screen : q.screens) {
        if (segment_meets_polygon(q.from, q.to, screen.outline)) {
            block(screen.label, screen.label + " stands in the line of sight");
            break;
        }
    }
    if (los.visible) los.explanation.push_back("line of sight is clear over " + fixed0(los.distance_mm) + " mm");
    return los;
}

const UnitType& unit_type_now(const Game& game, std::size_t index) { return live_type(game, index); }

Footprint unit_footprint(const Game& game, std::size_t index) {
    const UnitStatus& now = game.state().units.at(index);
    return unit_footprint(live_type(game, index), now.bases, now.formation, now.position, now.facing_deg);
}

double unit_gap_mm(const Game& game, std::size_t a, std::size_t b) { return unit_gap(game, a, b).mm; }

Gap unit_gap(const Game& game, std::size_t a, std::size_t b) {
    return polygon_gap(unit_footprint(game, a).corners, unit_footprint(game, b).corners);
}

namespace {
// The cell holding `offset_mm`, clamped to [lo, hi] before the conversion: a point typed far off
// the table (1e300 mm) must not overflow the int (undefined behaviour, and UBSan's to report).
int cell_index(double offset_mm, double cell_mm, int lo, int hi) {
    const double at = std::floor(offset_mm / cell_mm);
    if (!(at > lo)) return lo;  // NaN as well
    return at >= hi ? hi : static_cast<int>(at);
}
}  // namespace

TableIndex index_table(const Game& game) {
    TableIndex index;
    const auto& state = game.state().units;
    index.footprints.resize(game.units().size());
    double lo_x = 0, lo_y = 0, hi_x = 0, hi_y = 0;
    bool any = false;
    for (std::size_t i = 0; i < game.units().size(); ++i) {
        if (state[i].presence != Presence::OnBoard) continue;
        const Footprint& f = index.footprints[i] = unit_footprint(game, i);
        const double box = (f.width_mm + f.depth_mm) / 2;
        index.widest_mm = std::max(index.widest_mm, box);
        const BoardPoint& c = state[i].position;
        lo_x = any ? std::min(lo_x, c.x_mm - box) : c.x_mm - box, hi_x = any ? std::max(hi_x, c.x_mm + box) : c.x_mm + box;
        lo_y = any ? std::min(lo_y, c.y_mm - box) : c.y_mm - box, hi_y = any ? std::max(hi_y, c.y_mm + box) : c.y_mm + box;
        any = true;
    }
    if (!any) return index;
    // Cells about a base group wide: a 1.5 x 1.2 m table is 30 x 24 cells, a unit in one to four.
    index.origin_x_mm = lo_x, index.origin_y_mm = lo_y;
    index.columns = cell_index(hi_x - lo_x, index.cell_mm, 0, 4095) + 1;
    index.rows = cell_index(hi_y - lo_y, index.cell_mm, 0, 4095) + 1;
    index.cell_mm = std::max(index.cell_mm, std::max((hi_x - lo_x) / index.columns, (hi_y - lo_y) / index.rows) * 1.0001);
    const auto column = [&](double x) { return cell_index(x - lo_x, index.cell_mm, 0, index.columns - 1); };
    const auto row = [&](double y) { return cell_index(y - lo_y, index.cell_mm, 0, index.rows - 1); };
    // Counted, then filled: one array for all cells.
    const auto each_cell = [&](std::size_t i, const auto& act) {
        const Footprint& f = index.footprints[i];
        const double box = (f.width_mm + f.depth_mm) / 2;
        const BoardPoint& c = state[i].position;
        for (int y = row(c.y_mm - box); y <= row(c.y_mm + box); ++y)
            for (int x = column(c.x_mm - box); x <= column(c.x_mm + box); ++x) act(static_cast<std::size_t>(y) * static_cast<std::size_t>(index.columns) + static_cast<std::size_t>(x));
    };
    index.cell_start.assign(static_cast<std::size_t>(index.columns) * static_cast<std::size_t>(index.rows) + 1, 0);
    for (std::size_t i = 0; i < state.size(); ++i)
        if (state[i].presence == Presence::OnBoard) each_cell(i, [&](std::size_t cell) { ++index.cell_start[cell + 1]; });
    for (std::size_t k = 1; k < index.cell_start.size(); ++k) index.cell_start[k] += index.cell_start[k - 1];
    index.cell_units.resize(index.cell_start.back());
    std::vector<std::size_t> filled(index.cell_start.begin(), index.cell_start.end() - 1);
    for (std::size_t i = 0; i < state.size(); ++i)
        if (state[i].presence == Presence::OnBoard) each_cell(i, [&](std::size_t cell) { index.cell_units[filled[cell]++] = i; });
    return index;
}

void units_along(const TableIndex& index, const BoardPoint& from, const BoardPoint& to, const std::function<bool(std::size_t)>& visit) {
    if (index.columns == 0) return;
    const double size = index.cell_mm;
    const auto column = [&](double x) { return cell_index(x - index.origin_x_mm, size, -1, index.columns); };
    const auto row = [&](double y) { return cell_index(y - index.origin_y_mm, size, -1, index.rows); };
    // Column by column from `from`'s side: within each column's slice of the segment, the rows
    // it spans, nearest `from` first. A unit that touches the segment has a point of it inside
    // its box, and so is listed in a cell visited here.
    const int first = column(from.x_mm), last = column(to.x_mm);
    const int step = last >= first ? 1 : -1;
    const double dx = to.x_mm - from.x_mm;
    const auto y_at = [&](double x) { return std::abs(dx) < 1e-12 ? from.y_mm : from.y_mm + (to.y_mm - from.y_mm) * (x - from.x_mm) / dx; };
    for (int x = first;; x += step) {
        if (x >= 0 && x < index.columns) {
            const double left = index.origin_x_mm + x * size, right = left + size;
            const double x0 = std::clamp(from.x_mm, left, right), x1 = std::clamp(to.x_mm, left, right);
            const double y0 = std::abs(dx) < 1e-12 ? from.y_mm : y_at(x0), y1 = std::abs(dx) < 1e-12 ? to.y_mm : y_at(x1);
            const int r0 = row(y0), r1 = row(y1);
            const int down = r1 >= r0 ? 1 : -1;
            for (int y = r0;; y += down) {
                if (y >= 0 && y < index.rows) {
                    const std::size_t cell = static_cast<std::size_t>(y) * static_cast<std::size_t>(index.columns) + static_cast<std::size_t>(x);
                    for (std::size_t k = index.cell_start[cell]; k < index.cell_start[cell + 1]; ++k)
                        if (!visit(index.cell_units[k])) return;
                }
                if (y == r1) break;
            }
        }
        if (x == last) break;
    }
}

std::vector<std::size_t> units_near(const TableIndex& index, const BoardPoint& centre, double reach_mm) {
    std::vector<std::size_t> near;
    if (index.columns == 0) return near;
    const auto column = [&](double x) { return cell_index(x - index.origin_x_mm, index.cell_mm, 0, index.columns - 1); };
    const auto row = [&](double y) { return cell_index(y - index.origin_y_mm, index.cell_mm, 0, index.rows - 1); };
    const int x0 = column(centre.x_mm - reach_mm), x1 = column(centre.x_mm + reach_mm);
    const int y0 = row(centre.y_mm - reach_mm), y1 = row(centre.y_mm + reach_mm);
    // A row's cells are contiguous in the list: the square's entries are one run a row.
    const auto run = [&](int y) {
        const std::size_t start = static_cast<std::size_t>(y) * static_cast<std::size_t>(index.columns);
        return std::pair{index.cell_start[start + static_cast<std::size_t>(x0)], index.cell_start[start + static_cast<std::size_t>(x1) + 1]};
    };
    std::size_t listed = 0;
    for (int y = y0; y <= y1; ++y) listed += run(y).second - run(y).first;
    if (listed >= index.footprints.size()) {
        // A long reach (a battery's) covers most of the table: every unit on it, already in order.
        for (std::size_t i = 0; i < index.footprints.size(); ++i)
            if (!index.footprints[i].corners.empty()) near.push_back(i);
        return near;
    }
    near.reserve(listed);
    for (int y = y0; y <= y1; ++y) {
        const auto [begin, end] = run(y);
        near.insert(near.end(), index.cell_units.begin() + static_cast<std::ptrdiff_t>(begin),
                    index.cell_units.begin() + static_cast<std::ptrdiff_t>(end));
    }
    std::sort(near.begin(), near.end());
    near.erase(std::unique(near.begin(), near.end()), near.end());
    return near;
}

namespace {
// Whether unit i, on the table, may screen the line: within its half-diagonal of the line, and
// not holding either end (the battery the tape starts on does not hide its own target).
bool may_screen(const Game& game, const TableIndex& index, std::size_t i, const BoardPoint& from, const BoardPoint& to) {
    const Footprint& f = index.footprints[i];
    const BoardPoint& c = game.state().units[i].position;
    const double reach2 = (f.width_mm * f.width_mm + f.depth_mm * f.depth_mm) / 4 + 1e-9;
    if (squared_mm(c, closest_on_segment(c, from, to)) > reach2) return false;
    const auto holds = [&](const BoardPoint& end) { return squared_mm(c, end) <= reach2 && point_in_polygon(end, f.corners); };
    return !holds(from) && !holds(to);
}
}  // namespace

SightQuery sight_query(const Game& game, const BoardPoint& from, const BoardPoint& to, const TableIndex* index) {
    SightQuery query;
    query.from = from;
    query.to = to;
    query.rules = &game.rules();
    query.minutes_before_dusk = game.minutes_to_dusk();
    std::optional<TableIndex> built;
    if (index == nullptr) index = &built.emplace(index_table(game));
    std::vector<std::size_t> near;
    units_along(*index, from, to, [&](std::size_t i) {
        if (may_screen(game, *index, i, from, to)) near.push_back(i);
        return true;
    });
    // Unit order, each once, so that the screen named is the same whoever asks.
    std::sort(near.begin(), near.end());
    near.erase(std::unique(near.begin(), near.end()), near.end());
    for (std::size_t i : near)
        query.screens.push_back({"unit " + game.units()[i].id.code + " " + game.units()[i].id.name, index->footprints[i].corners});
    return query;
}

bool sees(const Game& game, const Battlefield& field, const BoardPoint& from, const BoardPoint& to, const TableIndex& index) {
    bool screened = false;
    units_along(index, from, to, [&](std::size_t i) {
        screened = may_screen(game, index, i, from, to) && segment_meets_polygon(from, to, index.footprints[i].corners);
        return !screened;
    });
    if (screened) return false;
    // Clear of units: the rest (dusk, hills, cover) as line_of_sight judges it. No unit meets
    // the line, so the question carries no screens (sight_query would name each unit near it).
    SightQuery query;
    query.from = from;
    query.to = to;
    query.rules = &game.rules();
    query.minutes_before_dusk = game.minutes_to_dusk();
    return field.line_of_sight(query).visible;
}

LineOfSight line_of_sight(const Game& game, const Battlefield& field, const BoardPoint& from, const BoardPoint& to) {
    return field.line_of_sight(sight_query(game, from, to));
}

LineOfSight line_of_sight(const Game& game, const Battlefield& field, std::string_view from_code, std::string_view to_code) {
    const auto where = [&](std::string_view code) {
        for (std::size_t i = 0; i < game.generals().size(); ++i)
            if (game.generals()[i].id.code == code) return game.state().generals[i].position;
        return game.state().units[static_cast<std::size_t>(&game.unit(code) - game.units().data())].position;  // throws naming the codes
    };
    return line_of_sight(game, field, where(from_code), where(to_code));
}

}  // namespace fortuna
