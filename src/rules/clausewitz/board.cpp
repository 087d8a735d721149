// SPDX-License-Identifier: MIT
// Clausewitz's zone of control, wheels and chip bag (seed 003): pure functions of positions and counts.
#include <algorithm>
#include <cmath>
#include <limits>
#include <numbers>

#include "fortuna/clausewitz/board.hpp"
#include "fortuna/core/errors.hpp"

namespace fortuna::clausewitz {

namespace {

struct Point {
    double u = 0;  // to the owner's right
    double v = 0;  // ahead of the owner's front edge
};

std::vector<Point> corners_in_frame(const Footprint& owner, const Footprint& other) {
    const double rad = owner.facing_deg * std::numbers::pi / 180.0;
    const double fx = std::sin(rad), fy = std::cos(rad), rx = std::cos(rad), ry = -std::sin(rad);
    const double mx = owner.x_cm + fx * owner.depth_cm / 2, my = owner.y_cm + fy * owner.depth_cm / 2;
    const double orad = other.facing_deg * std::numbers::pi / 180.0;
    const double ofx = std::sin(orad), ofy = std::cos(orad), orx = std::cos(orad), ory = -std::sin(orad);
    std::vector<Point> points;
    for (const double along : {1.0, -1.0})      // front, back
        for (const double side : {-1.0, 1.0}) {  // left, right (in winding order below)
            const double s = along > 0 ? side : -side;
            const double px = other.x_cm + ofx * along * other.depth_cm / 2 + orx * s * other.width_cm / 2;
            const double py = other.y_cm + ofy * along * other.depth_cm / 2 + ory * s * other.width_cm / 2;
            points.push_back({(px - mx) * rx + (py - my) * ry, (px - mx) * fx + (py - my) * fy});
        }
    return points;
}

// Keeps the part of a convex polygon where a*u + b*v + c <= 0 (Sutherland-Hodgman, one edge).
std::vector<Point> clip(const std::vector<Point>& polygon, double a, double b, double c) {
    std::vector<Point> out;
    const auto value = [&](const Point& p) { return a * p.u + b * p.v + c; };
    for (std::size_t i = 0; i < polygon.size(); ++i) {
        const Point& p = polygon[i];
        const Point& q = polygon[(i + 1) % polygon.size()];
        const double vp = value(p), vq = value(q);
        if (vp <= 0) out.push_back(p);
        if ((vp < 0 && vq > 0) || (vp > 0 && vq < 0)) {
            const double t = vp / (vp - vq);
            out.push_back({p.u + t * (q.u - p.u), p.v + t * (q.v - p.v)});
        }
    }
    return out;
}

double point_segment(const Point& p, const Point& a, const Point& b) {
    const double du = b.u - a.u, dv = b.v - a.v;
    const double length2 = du * du + dv * dv;
    double t = length2 > 0 ? ((p.u - a.u) * du + (p.v - a.v) * dv) / length2 : 0;
    t = std::clamp(t, 0.0, 1.0);
    return std::hypot(p.u - (a.u + t * du), p.v - (a.v + t * dv));
}

void check_footprint(const Footprint& f, std::string_view who) {
    if (!(f.width_cm > 0) || !(f.depth_cm > 0) || !std::isfinite(f.x_cm) || !std::isfinite(f.y_cm) || !std::isfinite(f.facing_deg))
        throw RuleError(std::string(who) + ": expected a place in cm, a facing in degrees and a width and depth above 0 cm");
}

std::string cm(double value) {
    const double tenths = std::round(value * 10) / 10;
    std::string text = std::to_string(tenths);
    return text.substr(0, text.find('.') + 2);
}

}  // namespace

ZoneCheck zone_of_control(const Tables& tables, const Footprint& owner, const Footprint& other) {
    check_footprint(owner, "the brigade whose zone it is");
    check_footprint(other, "the other brigade");
    const double half = owner.width_cm / 2;
    const double splay = 1.0 / std::tan(tables.zone_angle_deg * std::numbers::pi / 180.0);  // sideways per cm ahead
    std::vector<Point> part = corners_in_frame(owner, other);
    part = clip(part, 0, -1, 0);             // ahead of the front edge: v >= 0
    part = clip(part, 1, -splay, -half);     // inside the right-hand 45-degree line
    part = clip(part, -1, -splay, -half);    // inside the left-hand 45-degree line
    ZoneCheck z;
    const std::string rule = "seed 003, \"Movement Part II\": the zone runs from the front edge outwards at " + cm(tables.zone_angle_deg) +
                             " degrees; \"Clausewitz Full Alpha Ruleset\": " + cm(tables.zone_cm) + " cm";
    if (part.empty()) {
        z.explanation.push_back("no part of the other brigade lies inside the front arc (" + rule + ")");
        return z;
    }
    z.in_arc = true;
    const Point left{-half, 0}, right{half, 0};
    double nearest = std::numeric_limits<double>::infinity();
    for (std::size_t i = 0; i < part.size(); ++i) {
        const Point& a = part[i];
        const Point& b = part[(i + 1) % part.size()];
        nearest = std::min({nearest, point_segment(a, left, right), point_segment(b, left, right), point_segment(left, a, b),
                            point_segment(right, a, b)});
    }
    z.distance_cm = nearest;
    z.inside = nearest <= tables.zone_cm + 1e-9;
    z.explanation.push_back("inside the front arc, " + cm(nearest) + " cm from the front edge: " +
                            (z.inside ? "inside the zone of control" : "beyond the zone of control") + " (" + rule + ")");
    if (z.inside)
        z.explanation.push_back("it may only move directly towards or directly away from the brigade, ending facing it; its actions are taken one at a time, each after a morale test");
    return z;
}

std::vector<std::pair<double, double>> zone_outline(const Tables& tables, const Footprint& owner, int arc_steps) {
    check_footprint(owner, "the brigade whose zone it is");
    arc_steps = std::clamp(arc_steps, 1, 90);
    const double rad = owner.facing_deg * std::numbers::pi / 180.0;
    const double fx = std::sin(rad), fy = std::cos(rad), rx = std::cos(rad), ry = -std::sin(rad);
    const double mx = owner.x_cm + fx * owner.depth_cm / 2, my = owner.y_cm + fy * owner.depth_cm / 2;
    const double half = owner.width_cm / 2, reach = tables.zone_cm;
    // The 45-degree lines leave the corners at (90 - angle) degrees off straight ahead.
    const double spread = (90.0 - tables.zone_angle_deg) * std::numbers::pi / 180.0;
    std::vector<std::pair<double, double>> out;
    const auto at = [&](double u, double v) { out.emplace_back(mx + rx * u + fx * v, my + ry * u + fy * v); };
    at(-half, 0);
    for (int i = 0; i <= arc_steps; ++i) {  // round the left corner, from its 45-degree line to straight ahead
        const double a = -spread + spread * i / arc_steps;
        at(-half + reach * std::sin(a), reach * std::cos(a));
    }
    for (int i = 0; i <= arc_steps; ++i) {  // round the right corner, from straight ahead to its line
        const double a = spread * i / arc_steps;
        at(half + reach * std::sin(a), reach * std::cos(a));
    }
    at(half, 0);
    return out;
}

Wheel wheel(const Tables& tables, Arm arm, double frontage_cm, double degrees) {
    if (!(frontage_cm > 0) || frontage_cm > 100) throw RuleError("--frontage expects a width in cm above 0, not " + cm(frontage_cm));
    if (!(degrees > 0) || degrees > 180) throw RuleError("--degrees expects a wheel of more than 0 and at most 180 degrees, not " + cm(degrees));
    Wheel w;
    const int rate = tables.arm(arm).march_cm;
    w.outer_cm = frontage_cm * degrees * std::numbers::pi / 180.0;
    w.actions = static_cast<int>(std::ceil(w.outer_cm / rate - 1e-9));
    w.explanation.push_back("the front corner on the inside of the wheel stays pinned; the outer corner travels " + cm(frontage_cm) + " cm x " +
                            cm(degrees) + " degrees = " + cm(w.outer_cm) + " cm (seed 003, \"Movement Part II\")");
    w.explanation.push_back("at " + std::to_string(rate) + " cm a March action: " + std::to_string(w.actions) + " actions" +
                            (w.actions > tables.actions ? ", more than a turn's " + std::to_string(tables.actions) : ""));
    return w;
}

// ------------------------------------------------------------------ chip bag

void ChipBag::add(const std::string& side, int chips) {
    if (side.empty()) throw RuleError("a chip belongs to a side: give its name");
    if (chips < 0 || chips > 1000) throw RuleError("chips for " + side + ": expected 0 to 1000, not " + std::to_string(chips));
    for (auto& [name, count] : chips_)
        if (name == side) {
            count += chips;
            return;
        }
    chips_.emplace_back(side, chips);
}

int ChipBag::count(const std::string& side) const {
    for (const auto& [name, count] : chips_)
        if (name == side) return count;
    return 0;
}

int ChipBag::total() const {
    int sum = 0;
    for (const auto& entry : chips_) sum += entry.second;
    return sum;
}

Probability ChipBag::next(const std::string& side) const {
    const int all = total();
    if (all == 0) return {0, 1};
    return {static_cast<std::uint64_t>(count(side)), static_cast<std::uint64_t>(all)};
}

long double ChipBag::exactly(const std::string& side, int k, int draws) const {
    const int all = total(), mine = count(side);
    if (draws < 0 || draws > all) throw RuleError("draws: expected 0 to the " + std::to_string(all) + " chips in the bag, not " + std::to_string(draws));
    if (k < 0 || k > draws || k > mine || draws - k > all - mine) return 0.0L;
    // C(mine,k) C(all-mine, draws-k) / C(all, draws) as a running product of fractions.
    long double p = 1.0L;
    for (int i = 0; i < k; ++i) p *= static_cast<long double>(mine - i) / static_cast<long double>(i + 1);
    for (int i = 0; i < draws - k; ++i) p *= static_cast<long double>(all - mine - i) / static_cast<long double>(i + 1);
    for (int i = 0; i < draws; ++i) p *= static_cast<long double>(i + 1) / static_cast<long double>(all - i);
    return p;
}

std::string ChipBag::draw(Dice& dice) {
    const int all = total();
    if (all == 0) throw RuleError("the chip bag is empty: the turn is over");
    int pick = static_cast<int>(dice.below(static_cast<std::uint32_t>(all)));
    for (auto& [name, count] : chips_) {
        if (pick < count) {
            --count;
            return name;
        }
        pick -= count;
    }
    throw RuleError("the chip bag lost count");  // unreachable: pick < total
}

void ChipBag::take(const std::string& side) {
    for (auto& [name, count] : chips_)
        if (name == side && count > 0) {
            --count;
            return;
        }
    std::string left;
    for (const auto& [name, count] : chips_)
        if (count > 0) left += (left.empty() ? "" : ", ") + name + " " + std::to_string(count);
    throw RuleError("a chip of " + side + " drawn out of turn: none of its chips is left in the bag (left: " + (left.empty() ? "none" : left) +
                    ") (seed 003, \"Clausewitz Full Alpha Ruleset\", Playing the Game)");
}

int chips_for(const Tables& tables, int generals_activated) {
    if (generals_activated < 0 || generals_activated > 50)
        throw RuleError("generals activated: expected 0 to 50, not " + std::to_string(generals_activated));
    return tables.chips_per_player + tables.chips_per_general_activated * generals_activated;
}

}  // namespace fortuna::clausewitz
