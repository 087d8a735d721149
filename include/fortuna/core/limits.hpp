// SPDX-License-Identifier: MIT
// Limits on what a data file or request may hold, so a hostile file cannot exhaust the machine.
#pragma once

#include <cstddef>

namespace fortuna {

inline constexpr std::size_t kMaxDataFileBytes = 16u * 1024u * 1024u;  // rule sets, armies, scenarios, saves
inline constexpr int kMaxJsonDepth = 64;                                // nesting of objects and arrays
inline constexpr int kMaxBases = 1000;                                   // bases in one unit or combat side
inline constexpr int kMaxStrength = 100000;                              // typed-in combat strength
inline constexpr int kMaxArmyBases = 1000000;                            // base units in one army (morale, victory)

}  // namespace fortuna
