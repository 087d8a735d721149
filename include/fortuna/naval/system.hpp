// SPDX-License-Identifier: MIT
// The Age of Sail in the registry.
#pragma once

#include "fortuna/rule_system.hpp"

namespace fortuna {

// The Age of Sail (seed 000): its tables, scenarios, saves and journals.
const RuleSystem& naval_system();

}  // namespace fortuna
