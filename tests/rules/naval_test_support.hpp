// SPDX-License-Identifier: MIT
// Shared set-up for the naval tests: the Age of Sail tables, the shipped scenario, dice by hand.
#pragma once

#include <string>
#include <vector>

#include "fortuna/seam/library.hpp"
#include "fortuna/naval/model.hpp"

namespace fortuna::testing {

inline const NavalTables& sail() {
    static const NavalTables loaded = load_naval_tables(FORTUNA_TEST_DATA_DIR);
    return loaded;
}

inline const NavalScenario& channel() {
    static const NavalScenario loaded =
        load_naval_scenario(std::string(FORTUNA_TEST_DATA_DIR) + "/scenarios/channel-1778.json", sail(), FORTUNA_TEST_DATA_DIR);
    return loaded;
}

inline Roll die(int value) { return Roll{RollKind::D6, value, RollSource::Entered}; }

inline std::vector<Roll> dice(std::initializer_list<int> values) {
    std::vector<Roll> out;
    for (int v : values) out.push_back(die(v));
    return out;
}

// A ship of a class at a place, for geometry and damage tests.
inline Ship ship_at(const std::string& class_id, int side, double x, double y, double heading) {
    Ship s;
    s.id = class_id + "-" + std::to_string(side);
    s.name = s.id;
    s.ship_class = &sail().ship_class(class_id);
    s.original_side = side;
    s.now = fresh_status(*s.ship_class, side);
    s.now.x_cm = x;
    s.now.y_cm = y;
    s.now.heading_deg = heading;
    return s;
}

}  // namespace fortuna::testing
