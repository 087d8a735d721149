// SPDX-License-Identifier: MIT
// What every rule system's resolution gives a client: the steps that led to a result, in words
// (each citing its table cell or section), and before the roll the exact probability of each
// outcome.
#pragma once

#include <string>
#include <utility>
#include <vector>

#include "fortuna/core/chance.hpp"

namespace fortuna {

using Explanation = std::vector<std::string>;

// Probability of each outcome, in the table's order of outcomes.
using Distribution = std::vector<std::pair<std::string, Probability>>;

}  // namespace fortuna
