// SPDX-License-Identifier: MIT
// What the rules benchmarks share: the shipped library, loaded once, and the smoke mode in which
// CI runs each benchmark once, small, to prove it still runs to its end (a smoke, not a timing;
// scripts/bench.sh times them).
#pragma once

#include <cstdlib>

#include "fortuna/seam/library.hpp"

namespace fortuna::bench {

inline const RulesLibrary& library() {
    static const RulesLibrary loaded = RulesLibrary::load(FORTUNA_BENCH_DATA_DIR);
    return loaded;
}

// FORTUNA_BENCH_SMOKE=1 (ctest -L bench).
inline bool smoke() {
    const char* value = std::getenv("FORTUNA_BENCH_SMOKE");
    return value != nullptr && value[0] != '\0' && value[0] != '0';
}

// A fixed iteration count for a timing run, one in a smoke.
inline int iterations(int timing) { return smoke() ? 1 : timing; }

}  // namespace fortuna::bench
