// SPDX-License-Identifier: MIT
// Board geometry, unit footprints, elevation and line of sight (see battlefield.hpp).
#include "fortuna/battlefield.hpp"

#include <algorithm>
#include <cmath>
#include <limits>
#include <numbers>

#include "fortuna/errors.hpp"
#include "fortuna/game.hpp"

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

// Woods, villages and towns hide what is behind them (seed 000, section 6; 3.1.4, 3.1.7).
bool blocks_sight(TerrainKind kind) {
    return kind == TerrainKind::Wood || kind == TerrainKind::Village || kind == TerrainKind::Town;
}

const UnitType& live_type(const Game& game, std::size_t index) {
    const Unit& unit = game.units()[index];
    const UnitStatus& now = game.state().units[index];
    if (now.mount == Mount::Dismounted && unit.id.dismounted_type != nullptr) return *unit.id.dismounted_type;
    return *unit.id.type;
}

}  // namespace

double distance_mm(const BoardPoint& a, const BoardPoint& b) { return std::hypot(a.x_mm - b.x_mm, a.y_mm - b.y_mm); }

bool point_in_polygon(const BoardPoint& point, const Polygon& polygon) {
    const std::size_t n = polygon.size();
    if (n < 3) return false;
    bool inside = false;
    for (std::size_t i = 0, j = n - 1; i < n; j = i++) {
        const BoardPoint& a = polygon[i];
        const BoardPoint& b = polygon[j];
        if (sign(cross(a, b, point)) == 0 && within_box(point, a, b)) return true;  // on an edge
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

double point_segment_distance(const BoardPoint& p, const BoardPoint& s1, const BoardPoint& s2) {
    const double dx = s2.x_mm - s1.x_mm;
    const double dy = s2.y_mm - s1.y_mm;
    const double length2 = dx * dx + dy * dy;
    if (length2 <= 0) return distance_mm(p, s1);
    const double t = std::clamp(((p.x_mm - s1.x_mm) * dx + (p.y_mm - s1.y_mm) * dy) / length2, 0.0, 1.0);
    return distance_mm(p, BoardPoint{s1.x_mm + t * dx, s1.y_mm + t * dy});
}

bool segment_meets_polygon(const BoardPoint& a, const BoardPoint& b, const Polygon& polygon) {
    if (point_in_polygon(a, polygon) || point_in_polygon(b, polygon)) return true;
    const std::size_t n = polygon.size();
    for (std::size_t i = 0; i < n; ++i)
        if (segments_cross(a, b, polygon[i], polygon[(i + 1) % n])) return true;
    return false;
}

double polygon_distance(const Polygon& a, const Polygon& b) {
    if (a.empty() || b.empty()) return 0;
    if (point_in_polygon(a.front(), b) || point_in_polygon(b.front(), a)) return 0;
    double best = std::numeric_limits<double>::infinity();
    for (std::size_t i = 0; i < a.size(); ++i) {
        const BoardPoint& a1 = a[i];
        const BoardPoint& a2 = a[(i + 1) % a.size()];
        for (std::size_t j = 0; j < b.size(); ++j) {
            const BoardPoint& b1 = b[j];
            const BoardPoint& b2 = b[(j + 1) % b.size()];
            if (segments_cross(a1, a2, b1, b2)) return 0;
            best = std::min({best, point_segment_distance(a1, b1, b2), point_segment_distance(a2, b1, b2),
                             point_segment_distance(b1, a1, a2), point_segment_distance(b2, a1, a2)});
        }
    }
    return best;
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

Footprint unit_footprint(const UnitType& type, int bases, Formation formation, const BoardPoint& centre, double facing_deg) {
    Footprint f;
    const int n = std::max(1, bases);
    const double w = type.base.width_mm > 0 ? type.base.width_mm : 20.0;
    const double d = type.base.depth_mm > 0 ? type.base.depth_mm : 15.0;
    if (type.arm != Arm::Artillery && (formation == Formation::Column || formation == Formation::Square)) {
        const int files = static_cast<int>(std::ceil(std::sqrt(static_cast<double>(n)) - 1e-9));
        const int ranks = (n + files - 1) / files;
        f.width_mm = files * w;
        f.depth_mm = ranks * d;
    } else {
        f.width_mm = n * w;
        f.depth_mm = d;
    }
    // Facing 0 is towards the top edge (-y); 90 towards the right edge (+x).
    const double rad = facing_deg * std::numbers::pi / 180.0;
    const BoardPoint forward{std::sin(rad), -std::cos(rad)};
    const BoardPoint right{std::cos(rad), std::sin(rad)};
    const double hw = f.width_mm / 2;
    const double hd = f.depth_mm / 2;
    const auto at = [&](double across, double ahead) {
        return BoardPoint{centre.x_mm + right.x_mm * across + forward.x_mm * ahead,
                          centre.y_mm + right.y_mm * across + forward.y_mm * ahead};
    };
    f.corners = {at(-hw, hd), at(hw, hd), at(hw, -hd), at(-hw, -hd)};
    return f;
}

Battlefield::Battlefield(const Scenario& scenario) : Battlefield(scenario.board, scenario.terrain) {}

Battlefield::Battlefield(Board board, std::vector<TerrainFeature> terrain) : board_(std::move(board)), terrain_(std::move(terrain)) {}

const TerrainFeature* Battlefield::hill_at(const BoardPoint& point) const {
    const TerrainFeature* best = nullptr;
    for (const auto& f : terrain_) {
        if (f.kind != TerrainKind::Hill || !is_area(f) || !point_in_polygon(point, f.points)) continue;
        if (best == nullptr || f.layers > best->layers) best = &f;
    }
    return best;
}

int Battlefield::elevation(const BoardPoint& point) const {
    const TerrainFeature* hill = hill_at(point);
    return hill == nullptr ? 0 : std::max(0, hill->layers);
}

const TerrainFeature* Battlefield::area_at(const BoardPoint& point, TerrainKind kind) const {
    for (const auto& f : terrain_)
        if (f.kind == kind && is_area(f) && point_in_polygon(point, f.points)) return &f;
    return nullptr;
}

const TerrainFeature* Battlefield::impassable_at(const BoardPoint& point) const {
    if (const auto* lake = area_at(point, TerrainKind::Lake)) return lake;
    return area_at(point, TerrainKind::Town);
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
    for (int i = 1; i < steps; ++i) {
        const double t = static_cast<double>(i) / steps;
        const BoardPoint p{q.from.x_mm + (q.to.x_mm - q.from.x_mm) * t, q.from.y_mm + (q.to.y_mm - q.from.y_mm) * t};
        if (crest == nullptr) {
            if (const TerrainFeature* hill = hill_at(p); hill != nullptr && hill->layers > eye) crest = hill;
        }
        if (cover == nullptr && distance_mm(p, q.from) > q.edge_mm && distance_mm(p, q.to) > q.edge_mm) {
            for (const auto& f : terrain_)
                if (blocks_sight(f.kind) && is_area(f) && point_in_polygon(p, f.points)) {
                    cover = &f;
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

Footprint unit_footprint(const Game& game, std::size_t index) {
    const UnitStatus& now = game.state().units.at(index);
    return unit_footprint(live_type(game, index), now.bases, now.formation, now.position, now.facing_deg);
}

double unit_gap_mm(const Game& game, std::size_t a, std::size_t b) {
    return polygon_distance(unit_footprint(game, a).corners, unit_footprint(game, b).corners);
}

LineOfSight line_of_sight(const Game& game, const Battlefield& field, std::string_view from_code, std::string_view to_code) {
    const auto index_of = [&](std::string_view code) {
        const auto& units = game.units();
        for (std::size_t i = 0; i < units.size(); ++i)
            if (units[i].id.code == code) return i;
        game.unit(code);  // throws RuleError naming the known codes
        return units.size();
    };
    const std::size_t from = index_of(from_code);
    const std::size_t to = index_of(to_code);
    SightQuery query;
    query.from = game.state().units[from].position;
    query.to = game.state().units[to].position;
    query.rules = &game.rules();
    query.minutes_before_dusk = game.minutes_to_dusk();
    for (std::size_t i = 0; i < game.units().size(); ++i) {
        if (i == from || i == to || game.state().units[i].presence != Presence::OnBoard) continue;
        query.screens.push_back({"unit " + game.units()[i].id.code + " " + game.units()[i].id.name, unit_footprint(game, i).corners});
    }
    return field.line_of_sight(query);
}

}  // namespace fortuna
