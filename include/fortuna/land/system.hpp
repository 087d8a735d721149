// SPDX-License-Identifier: MIT
// The land rule system in the registry: the four Ages and the dice edition of Gloire.
#pragma once

#include "fortuna/rule_system.hpp"

namespace fortuna {

// The four Ages (seed 000) and "Realm of Chance" (seed 002): rule sets of tables and random
// numbers, their armies, scenarios, doctrines, saves and journals.
const RuleSystem& land_system();

}  // namespace fortuna
