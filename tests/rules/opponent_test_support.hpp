// SPDX-License-Identifier: MIT
// White Mountain and its doctrines, loaded once, for the tests where the computer plays it.
#pragma once

#include "fortuna/land/opponent.hpp"
#include "test_game_support.hpp"

namespace fortuna::testing {

inline const Scenario& white_mountain() {
    static const Scenario loaded = load_scenario(library(), "white-mountain-1620");
    return loaded;
}

inline const Doctrines& white_mountain_doctrines() {
    static const Doctrines loaded = load_doctrines(library(), white_mountain());
    return loaded;
}

}  // namespace fortuna::testing
