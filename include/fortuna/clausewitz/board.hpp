// SPDX-License-Identifier: MIT
// Clausewitz's geometry and chip bag (seed 003): the zone of control as a pure function of two
// bases' places and facings, the cost of a wheel about the pinned corner, and the bag of chips
// that decides who acts next, drawn without replacement with the exact chance of each side.
#pragma once

#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "fortuna/core/chance.hpp"
#include "fortuna/clausewitz/resolvers.hpp"
#include "fortuna/clausewitz/tables.hpp"

namespace fortuna::clausewitz {

// A brigade's footprint on the table: its centre in cm (x to the right, y up the table), the
// compass bearing it faces (0 = up the table, 90 = to the right) and its frontage and depth.
struct Footprint {
    double x_cm = 0;
    double y_cm = 0;
    double facing_deg = 0;
    double width_cm = 4;
    double depth_cm = 3;
};

struct ZoneCheck {
    bool inside = false;         // some part of `other` lies in the zone of `owner`
    double distance_cm = 0;      // from owner's front edge to the nearest part of other inside the arc
    bool in_arc = false;         // some part of other lies inside the 45-degree arc at any distance
    Explanation explanation;
};
// Whether `other` stands in the zone of control of `owner`: the area ahead of owner's front edge
// bounded by lines leaving its front corners at 45 degrees outward, within 10 cm of that edge
// (seed 003, "Movement Part II"; 10 cm from "Clausewitz Full Alpha Ruleset").
ZoneCheck zone_of_control(const Tables& tables, const Footprint& owner, const Footprint& other);
// The outline of `owner`'s zone of control in table cm (the same frame as the footprint), for a
// board to draw: the front edge's corners, out along the 45-degree lines to the zone's distance,
// round each corner's arc and across; every point lies on the zone's boundary as zone_of_control
// measures it. `arc_steps` points on each corner's arc.
std::vector<std::pair<double, double>> zone_outline(const Tables& tables, const Footprint& owner, int arc_steps = 6);

struct Wheel {
    double outer_cm = 0;  // the path of the outer front corner
    int actions = 0;      // march actions it costs
    Explanation explanation;
};
// A wheel of `degrees` about the pinned front corner: the outer corner travels the arc
// frontage x angle; each march action moves it the arm's march distance.
Wheel wheel(const Tables& tables, Arm arm, double frontage_cm, double degrees);

// The bag of chips: one a player, five more for each general of division activated
// ("Clausewitz (A Synopsis)"). Drawn without replacement.
class ChipBag {
public:
    void add(const std::string& side, int chips);
    int count(const std::string& side) const;
    int total() const;
    // The chance that the next chip drawn is `side`'s: its chips over all chips, exact.
    Probability next(const std::string& side) const;
    // The chance that `side` draws exactly k of the next `draws` chips (hypergeometric, by the
    // product of the draws' fractions in long double: the binomials of a full bag overflow 64 bits).
    long double exactly(const std::string& side, int k, int draws) const;
    // Draws one chip with the generator; RuleError when the bag is empty.
    std::string draw(Dice& dice);
    // The umpire drew `side`'s chip by hand: RuleError when that side has none left in the bag.
    void take(const std::string& side);
    const std::vector<std::pair<std::string, int>>& chips() const { return chips_; }

private:
    std::vector<std::pair<std::string, int>> chips_;
};
// A side's chips at the start of a turn: one, plus five for each activated general of division.
int chips_for(const Tables& tables, int generals_activated);

}  // namespace fortuna::clausewitz
