// SPDX-License-Identifier: MIT
// The table in board millimetres: footprints, distances, going, line of sight and proposed modifiers.
#include "board_geometry.hpp"

#include <QLineF>
#include <QPainterPathStroker>
#include <QTransform>

#include <algorithm>
#include <cmath>
#include <numbers>

#include "fortuna/battlefield.hpp"
#include "qt_text.hpp"

namespace fortuna::app {

using namespace Qt::StringLiterals;

namespace {

QSizeF base_size(const UnitType& type) {
    if (type.base.width_mm > 0 && type.base.depth_mm > 0) return {type.base.width_mm, type.base.depth_mm};
    switch (type.arm) {
    case Arm::Infantry: return {20, 15};
    case Arm::Cavalry: return {30, 40};
    case Arm::Artillery: return {20, 30};
    }
    return {20, 15};
}

QPolygonF feature_polygon(const TerrainFeature& feature) {
    QPolygonF polygon;
    for (const BoardPoint& p : feature.points) polygon << to_point(p);
    return polygon;
}

bool is_difficult(TerrainKind kind) {
    return kind == TerrainKind::Wood || kind == TerrainKind::Rough || kind == TerrainKind::Village ||
           kind == TerrainKind::Town || kind == TerrainKind::River || kind == TerrainKind::Stream ||
           kind == TerrainKind::Lake || kind == TerrainKind::Wall || kind == TerrainKind::Earthwork ||
           kind == TerrainKind::Redan;
}

QString fixed(double value) { return QString::number(value, 'f', 0); }

// The library's Battlefield (elevation, line of sight) for a scenario, built once per scenario.
const Battlefield& battlefield_of(const Scenario& scenario) {
    static const Scenario* cached_for = nullptr;
    static std::string cached_id;
    static std::unique_ptr<Battlefield> cached;
    if (!cached || cached_for != &scenario || cached_id != scenario.id || cached->terrain().size() != scenario.terrain.size()) {
        cached = std::make_unique<Battlefield>(scenario);
        cached_for = &scenario;
        cached_id = scenario.id;
    }
    return *cached;
}

}  // namespace

Footprint unit_footprint(const UnitType& type, int bases, Formation formation) {
    Footprint fp;
    const QSizeF size = base_size(type);
    const double w = size.width(), d = size.height();
    const int n = std::max(1, bases);
    if (formation == Formation::Square && type.arm == Arm::Infantry) {
        // Four faces; each face's bases look outwards, so the square has no flank or rear.
        const int per_side = std::max(1, (n + 3) / 4);
        const double inner = per_side * w;
        const double half = inner / 2;
        int placed = 0;
        for (int side = 0; side < 4 && placed < n; ++side) {
            const int here = std::min(per_side, (n - placed + (3 - side)) / (4 - side));
            for (int i = 0; i < here; ++i, ++placed) {
                const double along = -half + (i + 0.5) * inner / here;
                // local rect of a base centred on the face, then turned by 90 deg per face
                QRectF rect(along - w / 2, -half - d, w, d);
                BaseOutline outline{rect, 90.0 * side};
                fp.bases.push_back(outline);
            }
        }
        fp.bounds = QRectF(-half - d, -half - d, inner + 2 * d, inner + 2 * d);
        fp.frontage_mm = inner;
        return fp;
    }
    if (formation == Formation::Column && type.arm != Arm::Artillery) {
        // A block ceil(sqrt(bases)) bases wide, as the library's footprint (fortuna/battlefield.hpp):
        // the dense column or tercio, ranks stacked behind the leading one.
        const int across = std::max(1, static_cast<int>(std::ceil(std::sqrt(static_cast<double>(n)))));
        const int ranks = (n + across - 1) / across;
        const double width = across * w, depth = ranks * d;
        for (int i = 0; i < n; ++i)
            fp.bases.push_back({QRectF(-width / 2 + (i % across) * w, -depth / 2 + (i / across) * d, w, d), 0});
        fp.bounds = QRectF(-width / 2, -depth / 2, width, depth);
        fp.frontage_mm = width;
        return fp;
    }
    const double width = n * w;
    for (int i = 0; i < n; ++i) fp.bases.push_back({QRectF(-width / 2 + i * w, -d / 2, w, d), 0});
    fp.bounds = QRectF(-width / 2, -d / 2, width, d);
    fp.frontage_mm = width;
    return fp;
}

QTransform unit_transform(const UnitStatus& status) {
    QTransform transform;
    transform.translate(status.position.x_mm, status.position.y_mm);
    transform.rotate(status.facing_deg);
    return transform;
}

QPolygonF unit_outline(const Unit& unit, const UnitStatus& status) {
    const Footprint fp = unit_footprint(unit.type(), status.bases, status.formation);
    return unit_transform(status).map(QPolygonF(fp.bounds));
}

namespace {
double point_segment_distance(const QPointF& p, const QPointF& a, const QPointF& b) {
    const QPointF ab = b - a;
    const double len2 = QPointF::dotProduct(ab, ab);
    double t = len2 > 0 ? QPointF::dotProduct(p - a, ab) / len2 : 0;
    t = std::clamp(t, 0.0, 1.0);
    const QPointF q = a + t * ab;
    return QLineF(p, q).length();
}
}  // namespace

double distance_between(const QPolygonF& a, const QPolygonF& b) {
    if (a.isEmpty() || b.isEmpty()) return 0;
    if (!a.intersected(b).isEmpty()) return 0;
    double best = std::numeric_limits<double>::max();
    const auto edges = [](const QPolygonF& poly, auto&& each) {
        for (qsizetype i = 0; i < poly.size(); ++i) each(poly[i], poly[(i + 1) % poly.size()]);
    };
    for (const QPointF& p : a) edges(b, [&](const QPointF& s, const QPointF& e) { best = std::min(best, point_segment_distance(p, s, e)); });
    for (const QPointF& p : b) edges(a, [&](const QPointF& s, const QPointF& e) { best = std::min(best, point_segment_distance(p, s, e)); });
    return best;
}

double distance_between_units(const Game& game, std::size_t a, std::size_t b) { return unit_gap_mm(game, a, b); }

int hill_layers_at(const Scenario& scenario, const QPointF& point) { return battlefield_of(scenario).elevation(to_board(point)); }

QPainterPath terrain_path(const TerrainFeature& feature) {
    QPainterPath path;
    const QPolygonF polygon = feature_polygon(feature);
    if (feature.closed) {
        path.addPolygon(polygon);
        path.closeSubpath();
        return path;
    }
    QPainterPath line;
    line.addPolygon(polygon);
    QPainterPathStroker stroker;
    double width = feature.width_mm.value_or(0);
    if (width <= 0) {
        switch (feature.kind) {
        case TerrainKind::Road: width = 8; break;
        case TerrainKind::River: width = 15; break;
        case TerrainKind::Stream: width = 6; break;
        default: width = 4; break;
        }
    }
    stroker.setWidth(width);
    stroker.setCapStyle(Qt::FlatCap);
    stroker.setJoinStyle(Qt::RoundJoin);
    return stroker.createStroke(line);
}

const TerrainFeature* area_at(const Scenario& scenario, const QPointF& point, std::initializer_list<TerrainKind> kinds) {
    for (const TerrainFeature& feature : scenario.terrain) {
        if (std::find(kinds.begin(), kinds.end(), feature.kind) == kinds.end()) continue;
        if (terrain_path(feature).contains(point)) return &feature;
    }
    return nullptr;
}

QString MoveCheck::words() const {
    return QStringLiteral("%1 mm (%2 m) of %3 mm, %4 going%5")
        .arg(fixed(distance_mm), fixed(distance_mm * kMetresPerMm), fixed(allowance_mm), going,
             over ? QStringLiteral(": PAST THE ALLOWANCE") : QString());
}

MoveCheck check_move(const Game& game, std::size_t unit, const QPointF& to, bool charge) {
    const Unit& u = game.units()[unit];
    const QPointF from = to_point(game.state().units[unit].position);
    MoveCheck check;
    check.distance_mm = QLineF(from, to).length();
    bool difficult = false, all_road = true;
    const int samples = std::max(2, static_cast<int>(check.distance_mm / 5.0));
    for (int i = 0; i <= samples; ++i) {
        const QPointF p = from + (to - from) * (static_cast<double>(i) / samples);
        for (const TerrainFeature& feature : game.scenario().terrain) {
            if (is_difficult(feature.kind) && terrain_path(feature).contains(p)) difficult = true;
        }
        if (!area_at(game.scenario(), p, {TerrainKind::Road})) all_road = false;
    }
    const Movement& movement = u.type().movement;
    if (charge) check.going = u"charge"_s;
    else if (difficult) check.going = u"difficult"_s;
    else if (all_road) check.going = u"road"_s;
    else check.going = u"normal"_s;
    check.allowance_mm = movement.allowance(ss(check.going));
    check.over = check.distance_mm > check.allowance_mm + 0.5;
    return check;
}

MoveCheck check_wheel(const Game& game, std::size_t unit, double new_facing_deg) {
    const Unit& u = game.units()[unit];
    const UnitStatus& now = game.state().units[unit];
    const Footprint fp = unit_footprint(u.type(), now.bases, now.formation);
    double turn = std::fmod(std::abs(new_facing_deg - now.facing_deg), 360.0);
    if (turn > 180) turn = 360 - turn;
    MoveCheck check;
    check.distance_mm = fp.frontage_mm / 2 * turn * std::numbers::pi / 180.0;
    check.going = u"normal"_s;
    check.allowance_mm = u.type().movement.allowance("normal");
    check.over = check.distance_mm > check.allowance_mm + 0.5;
    return check;
}

// The library's line of sight (fortuna/battlefield.hpp), with the point where it is first cut
// found by bisection so the board can draw the visible and the hidden stretch.
SightLine line_of_sight(const Game& game, const QPointF& from, const QPointF& to, const std::vector<std::size_t>& ignore) {
    const Battlefield& field = battlefield_of(game.scenario());
    SightQuery query;
    query.from = to_board(from);
    query.rules = &game.rules();
    query.minutes_before_dusk = game.minutes_to_dusk();
    for (std::size_t i = 0; i < game.units().size(); ++i) {
        if (game.state().units[i].presence != Presence::OnBoard) continue;
        if (std::find(ignore.begin(), ignore.end(), i) != ignore.end()) continue;
        query.screens.push_back({"unit " + game.units()[i].id.code + " " + game.units()[i].id.name, unit_footprint(game, i).corners});
    }
    const auto look = [&](const QPointF& target) {
        query.to = to_board(target);
        return field.line_of_sight(query);
    };
    const LineOfSight full = look(to);
    SightLine sight;
    sight.length_mm = QLineF(from, to).length();
    sight.visibility_mm = full.visibility_mm;
    sight.clear = full.visible;
    if (!full.visible) {
        sight.reason = u"blocked by "_s + qs(full.blocked_by);
        if (full.blocked_by == "dusk" && full.visibility_mm)
            sight.reason = QStringLiteral("beyond the dusk visibility of %1 mm (%2, %3 minutes before dusk)")
                               .arg(*full.visibility_mm)
                               .arg(qs(game.rules().dusk.section))
                               .arg(game.minutes_to_dusk());
        double seen = 0, hidden = 1;
        for (int i = 0; i < 12; ++i) {
            const double mid = (seen + hidden) / 2;
            if (look(from + (to - from) * mid).visible) seen = mid;
            else hidden = mid;
        }
        sight.blocked_at = from + (to - from) * hidden;
    }
    return sight;
}

SightLine line_of_sight_between(const Game& game, std::size_t from, std::size_t to) {
    const auto& state = game.state().units;
    return line_of_sight(game, to_point(state[from].position), to_point(state[to].position), {from, to});
}

QString aspect_of(const Game& game, std::size_t attacker, std::size_t defender) {
    const auto& state = game.state().units;
    const UnitStatus& d = state[defender];
    if (d.formation == Formation::Square) return u"front"_s;  // a square faces every way
    const Footprint fp = unit_footprint(game.units()[defender].type(), d.bases, d.formation);
    const QPointF local = unit_transform(d).inverted().map(to_point(state[attacker].position));
    const double half_w = fp.bounds.width() / 2, half_d = fp.bounds.height() / 2;
    const double beside = std::abs(local.x()) - half_w;
    const double ahead = -local.y() - half_d;
    const double behind = local.y() - half_d;
    if (behind > 0 && behind >= beside) return u"rear"_s;
    if (beside > 0 && beside > ahead) return u"flank"_s;
    return u"front"_s;
}

CombatProposal propose_combat(const Game& game, std::size_t attacker, const std::vector<std::size_t>& supports,
                              std::size_t defender) {
    CombatProposal proposal;
    const auto& units = game.units();
    const auto& state = game.state().units;
    const QString aspect = aspect_of(game, attacker, defender);
    if (aspect == u"flank") {
        proposal.flank = true;
        proposal.reasons << QStringLiteral("%1 strikes %2's flank (facing)").arg(qs(units[attacker].id.code), qs(units[defender].id.code));
    } else if (aspect == u"rear") {
        proposal.rear = true;
        proposal.reasons << QStringLiteral("%1 strikes %2's rear (facing)").arg(qs(units[attacker].id.code), qs(units[defender].id.code));
    }
    bool arms[3] = {false, false, false};
    arms[static_cast<int>(units[attacker].arm())] = true;
    for (std::size_t s : supports)
        if (s != attacker && units[s].id.side == units[attacker].id.side) arms[static_cast<int>(units[s].arm())] = true;
    proposal.arms = int(arms[0]) + int(arms[1]) + int(arms[2]);
    if (proposal.arms > 1) proposal.reasons << QStringLiteral("%1 arms attack together").arg(proposal.arms);
    if (state[attacker].last_charge_turn == game.clock().turn && game.clock().turn > 0 && state[attacker].last_charge_turn > 0) {
        proposal.charge = true;
        proposal.reasons << QStringLiteral("%1 charged this turn").arg(qs(units[attacker].id.code));
    }
    const Scenario& scenario = game.scenario();
    const QPointF a = to_point(state[attacker].position), d = to_point(state[defender].position);
    const int high_a = hill_layers_at(scenario, a), high_d = hill_layers_at(scenario, d);
    const TerrainFeature* cover = area_at(scenario, d, {TerrainKind::Village, TerrainKind::Town, TerrainKind::Wood});
    if (high_d > high_a) {
        proposal.terrain = TerrainAdvantage::Defender;
        proposal.reasons << QStringLiteral("defender uphill (%1 layers against %2)").arg(high_d).arg(high_a);
    } else if (cover) {
        proposal.terrain = TerrainAdvantage::Defender;
        proposal.reasons << QStringLiteral("defender in %1 (%2)").arg(qs(cover->name), qs(to_string(cover->kind)));
    } else if (high_a > high_d) {
        proposal.terrain = TerrainAdvantage::Attacker;
        proposal.reasons << QStringLiteral("attacker uphill (%1 layers against %2)").arg(high_a).arg(high_d);
    }
    const QLineF between(a, d);
    for (const TerrainFeature& f : scenario.terrain) {
        if (f.kind != TerrainKind::Wall && f.kind != TerrainKind::Earthwork && f.kind != TerrainKind::Redan) continue;
        for (std::size_t i = 0; i + 1 < f.points.size() + (f.closed ? 1 : 0); ++i) {
            const QLineF edge(to_point(f.points[i]), to_point(f.points[(i + 1) % f.points.size()]));
            if (between.intersects(edge, nullptr) == QLineF::BoundedIntersection) {
                proposal.obstacle = true;
                proposal.reasons << QStringLiteral("defender behind %1 (%2)").arg(qs(f.name), qs(to_string(f.kind)));
                break;
            }
        }
        if (proposal.obstacle) break;
    }
    return proposal;
}

}  // namespace fortuna::app
