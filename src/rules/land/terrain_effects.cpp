// SPDX-License-Identifier: MIT
// What each kind of ground does in the land rule sets (see terrain_effects.hpp).
#include "fortuna/land/terrain_effects.hpp"

namespace fortuna {

TerrainEffects terrain_effects(TerrainKind kind) {
    TerrainEffects e;
    switch (kind) {
    // Woods, rough ground, villages, towns, water and works slow a move (seed 000, 7.2.5:
    // "hills / woods / crossing streams etc"; 3.1.3-3.1.7 name the features).
    case TerrainKind::Wood:
    case TerrainKind::Rough:
    case TerrainKind::Village:
    case TerrainKind::Town:
    case TerrainKind::River:
    case TerrainKind::Stream:
    case TerrainKind::Lake:
    case TerrainKind::Wall:
    case TerrainKind::Earthwork:
    case TerrainKind::Redan: e.difficult_going = true; break;
    case TerrainKind::Road: e.road = true; break;
    case TerrainKind::Hill: e.height = true; break;
    }
    // Woods, villages and towns hide what is behind them (seed 000, section 6; 3.1.4, 3.1.7).
    e.blocks_sight = kind == TerrainKind::Wood || kind == TerrainKind::Village || kind == TerrainKind::Town;
    // A lake is water; a town's houses shelter units but its ground is not open to formed troops.
    e.impassable = kind == TerrainKind::Lake || kind == TerrainKind::Town;
    e.cover = kind == TerrainKind::Wood || kind == TerrainKind::Village || kind == TerrainKind::Town;
    e.obstacle = kind == TerrainKind::Wall || kind == TerrainKind::Earthwork || kind == TerrainKind::Redan;

    if (e.difficult_going) e.words.emplace_back("difficult going for a move through it (seed 000, 7.2.5)");
    if (e.road) e.words.emplace_back("road going along it, and it bridges what it crosses (seed 000, 7.2.5)");
    if (e.height)
        e.words.emplace_back(
            "climbing onto higher layers is difficult going (seed 000, 7.2.5), a crest higher than both ends blocks sight (section 6), "
            "and the higher side of a combat has the advantage of the ground (8.3.1)");
    if (e.blocks_sight) e.words.emplace_back("blocks sight, except from and to its edge (seed 000, section 6)");
    if (e.impassable) e.words.emplace_back("impassable: no unit stands or moves inside it (seed 000, 3.1.3-3.1.4)");
    if (e.cover) e.words.emplace_back("a defender inside has the advantage of the ground (seed 000, 8.3.1)");
    if (e.obstacle) e.words.emplace_back("an obstacle to a combat across it (seed 002, 4) Combat Phase)");
    if (!e.difficult_going && !e.road && !e.height) e.words.emplace_back("normal going");
    return e;
}

}  // namespace fortuna
