// SPDX-License-Identifier: MIT
// What a kind of ground does in the land rule sets: difficult going, sight, impassable, cover,
// an obstacle to combat. Movement (geometry_movement.cpp), sight and the impassable ground
// (battlefield.cpp) and the combat proposal (geometry_combat.cpp) read it here, and the scenario
// editor shows it while the ground is drawn: one statement of each fact.
#pragma once

#include <string>
#include <vector>

#include "fortuna/land/scenario.hpp"

namespace fortuna {

struct TerrainEffects {
    // Moving through it is difficult going (seed 000, 7.2.5); a road is its own going.
    bool difficult_going = false;
    // A road: the road allowance, and it bridges what it crosses (seed 000, 7.2.5).
    bool road = false;
    // Climbing onto it is difficult going and a crest higher than both ends blocks sight: a hill,
    // read by its contour layers (seed 000, 7.2.5 and section 6).
    bool height = false;
    // Its outline hides what is behind it, but for the edge it is seen from (seed 000, section 6).
    bool blocks_sight = false;
    // No unit stands or moves inside its outline (seed 000, 3.1.3-3.1.4).
    bool impassable = false;
    // A defender inside it has the advantage of the ground (seed 000, 8.3.1).
    bool cover = false;
    // A combat across it is against a defender behind an obstacle (seed 002, 4) Combat Phase).
    bool obstacle = false;
    // The same in words, one line each with its seed section, in the order above.
    std::vector<std::string> words;
};

// The same for every land rule set (glaube, gloire, reason, destiny, gloire-dice): the seeds
// state the ground's effects once, and the rule sets' tables differ only in the allowances.
TerrainEffects terrain_effects(TerrainKind kind);

}  // namespace fortuna
