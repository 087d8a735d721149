// SPDX-License-Identifier: MIT
// The library's table geometry in Qt types, and the terrain's drawn outline (see board_geometry.hpp).
#include "board_geometry.hpp"

#include <QCoreApplication>
#include <QLineF>
#include <QPainterPathStroker>
#include <QTransform>

#include <cmath>
#include <memory>
#include <numbers>

#include "qt_text.hpp"

namespace fortuna::app {

using namespace Qt::StringLiterals;

QPolygonF to_polygon(const Polygon& polygon) {
    QPolygonF out;
    for (const BoardPoint& p : polygon) out << to_point(p);
    return out;
}

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

Footprint unit_footprint(const UnitType& type, int bases, Formation formation) {
    const fortuna::Footprint library = fortuna::unit_footprint(type, bases, formation, BoardPoint{0, 0}, 0);
    Footprint fp;
    for (const fortuna::BaseOutline& base : library.bases) {
        // The painter turns by rotation_deg before drawing: place the rect where the turn brings
        // it onto the library's base centre.
        const double rad = base.turn_deg * std::numbers::pi / 180.0;
        const QPointF before(base.centre.x_mm * std::cos(rad) + base.centre.y_mm * std::sin(rad),
                             -base.centre.x_mm * std::sin(rad) + base.centre.y_mm * std::cos(rad));
        fp.bases.push_back({QRectF(before.x() - base.width_mm / 2, before.y() - base.depth_mm / 2, base.width_mm, base.depth_mm), base.turn_deg});
    }
    fp.bounds = QRectF(-library.width_mm / 2, -library.depth_mm / 2, library.width_mm, library.depth_mm);
    fp.frontage_mm = library.frontage_mm;
    return fp;
}

QTransform unit_transform(const UnitStatus& status) {
    QTransform transform;
    transform.translate(status.position.x_mm, status.position.y_mm);
    transform.rotate(status.facing_deg);
    return transform;
}

QPolygonF unit_outline(const Unit& unit, const UnitStatus& status) {
    return to_polygon(fortuna::unit_footprint(unit.type(), status.bases, status.formation, status.position, status.facing_deg).corners);
}

double distance_between_units(const Game& game, std::size_t a, std::size_t b) { return unit_gap_mm(game, a, b); }

QLineF measured_line(const Game& game, std::size_t a, std::size_t b) {
    const Gap gap = unit_gap(game, a, b);
    return {to_point(gap.from), to_point(gap.to)};
}

int hill_layers_at(const Scenario& scenario, const QPointF& point) { return battlefield_of(scenario).elevation(to_board(point)); }

QPainterPath terrain_path(const TerrainFeature& feature) {
    QPainterPath path;
    const QPolygonF polygon = to_polygon(feature.points);
    if (feature.closed) {
        path.addPolygon(polygon);
        path.closeSubpath();
        return path;
    }
    QPainterPath line;
    line.addPolygon(polygon);
    QPainterPathStroker stroker;
    stroker.setWidth(feature_width_mm(feature));
    stroker.setCapStyle(Qt::FlatCap);
    stroker.setJoinStyle(Qt::RoundJoin);
    return stroker.createStroke(line);
}

namespace {
MoveCheck to_check(const MovePlan& plan) {
    MoveCheck check;
    check.distance_mm = plan.distance_mm;
    check.allowance_mm = plan.allowance_mm;
    check.cost_moves = plan.cost_moves;
    check.going = qs(to_string(plan.going));
    check.blocked = plan.blocked;
    check.over = plan.over() || plan.blocked;
    check.text = qs(plan.words());
    return check;
}
}  // namespace

MoveCheck check_move(const Game& game, std::size_t unit, const QPointF& to, bool charge) {
    return to_check(plan_move(game, battlefield_of(game.scenario()), unit, to_board(to), std::nullopt, charge ? MoveKind::Charge : MoveKind::Move));
}

MoveCheck check_wheel(const Game& game, std::size_t unit, double new_facing_deg) { return to_check(plan_wheel(game, unit, new_facing_deg)); }

SightLine line_of_sight(const Game& game, const QPointF& from, const QPointF& to) {
    const Battlefield& field = battlefield_of(game.scenario());
    SightQuery query = sight_query(game, to_board(from), to_board(to));
    const LineOfSight full = field.line_of_sight(query);
    SightLine sight;
    sight.length_mm = QLineF(from, to).length();
    sight.visibility_mm = full.visibility_mm;
    sight.clear = full.visible;
    if (!full.visible) {
        sight.reason = QCoreApplication::translate("BoardGeometry", "blocked by %1").arg(qs(full.blocked_by));
        if (full.blocked_by == "dusk" && full.visibility_mm)
            sight.reason = QCoreApplication::translate("BoardGeometry", "beyond the dusk visibility of %1 mm (%2, %3 minutes before dusk)")
                               .arg(*full.visibility_mm)
                               .arg(qs(game.rules().dusk.section))
                               .arg(game.minutes_to_dusk());
        // Where the line is first cut, for drawing the seen and the hidden stretch: the same
        // screens, a shorter line.
        double seen = 0, hidden = 1;
        for (int i = 0; i < 12; ++i) {
            const double mid = (seen + hidden) / 2;
            query.to = to_board(from + (to - from) * mid);
            if (field.line_of_sight(query).visible) seen = mid;
            else hidden = mid;
        }
        sight.blocked_at = from + (to - from) * hidden;
    }
    return sight;
}

SightLine line_of_sight_between(const Game& game, std::size_t from, std::size_t to) {
    const auto& state = game.state().units;
    return line_of_sight(game, to_point(state[from].position), to_point(state[to].position));
}

QString aspect_text(const Game& game, std::size_t attacker, std::size_t defender) { return qs(to_string(fortuna::aspect_of(game, attacker, defender))); }

CombatProposal propose_combat(const Game& game, std::size_t attacker, const std::vector<std::size_t>& supports, std::size_t defender) {
    return fortuna::propose_combat(game, battlefield_of(game.scenario()), attacker, supports, defender);
}

QStringList reasons_of(const CombatProposal& proposal) {
    QStringList reasons;
    for (const std::string& reason : proposal.reasons) reasons << qs(reason);
    return reasons;
}

}  // namespace fortuna::app
