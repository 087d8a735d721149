// SPDX-License-Identifier: MIT
// What `play` of a land game and of a naval game share: the actions file read line by line, a new game's seed, counted words.
#pragma once

#include <cstdint>
#include <fstream>
#include <functional>
#include <iostream>
#include <optional>
#include <random>
#include <string>

#include "fortuna/core/errors.hpp"

namespace fortuna::cli {

// Reads the actions file (standard input for "-") one action a line; blank lines and lines
// starting with '#' are skipped. Calls each(line number, text) until it returns false.
inline void for_each_action_line(const std::string& actions, const std::function<bool(int, const std::string&)>& each) {
    std::ifstream file;
    if (actions != "-") {
        file.open(actions);
        if (!file) throw DataError(actions, "", "a readable file of actions, one JSON object a line", "cannot open it");
    }
    std::istream& in = actions == "-" ? std::cin : file;
    std::string text;
    for (int number = 1; std::getline(in, text); ++number) {
        const auto first = text.find_first_not_of(" \t\r");
        if (first == std::string::npos || text[first] == '#') continue;
        if (!each(number, text)) return;
    }
}

// The seed asked for, or a fresh one from the system's entropy for a game nobody means to repeat.
inline std::uint64_t seed_or_random(const std::optional<std::uint64_t>& seed) {
    if (seed) return *seed;
    std::random_device device;
    return (static_cast<std::uint64_t>(device()) << 32) | device();
}

inline std::string plural(std::size_t n, const std::string& word) { return std::to_string(n) + " " + word + (n == 1 ? "" : "s"); }

}  // namespace fortuna::cli
