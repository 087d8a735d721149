// SPDX-License-Identifier: MIT
// game_of_kings's own panels on the session desk (session_panels.hpp).
#include "session_panels.hpp"

#include "session_desk.hpp"

namespace fortuna::app {

std::unique_ptr<SessionPanels> make_game_of_kings_panels(SessionDesk& /*desk*/) { return std::make_unique<SessionPanels>(); }

}  // namespace fortuna::app
