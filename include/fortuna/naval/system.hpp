// SPDX-License-Identifier: MIT
// The Age of Sail in the registry.
#pragma once

#include <memory>

#include "fortuna/seam/rule_system.hpp"

namespace fortuna {

// The Age of Sail (seed 000): its tables, scenarios, saves and journals.
const RuleSystem& naval_system();

class GameSession;
class NavalSession;
namespace naval {
// A naval session held elsewhere (the naval desk's, with its own undo stack) seen through the seam
// for reading and previews (the table companion); its apply, undo and journal calls refuse.
std::unique_ptr<GameSession> naval_session_view(const NavalSession& session);
}  // namespace naval

}  // namespace fortuna
