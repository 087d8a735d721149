// SPDX-License-Identifier: MIT
// Which rule system brings which panels to the session desk (session_panels.hpp).
#include "session_panels.hpp"

#include <string>

#include "session_desk.hpp"

namespace fortuna::app {

std::unique_ptr<SessionPanels> make_session_panels(SessionDesk& desk) {
    const std::string id = desk.session().system().id();
    if (id == "game-of-kings") return make_game_of_kings_panels(desk);
    if (id == "clausewitz") return make_clausewitz_panels(desk);
    return std::make_unique<SessionPanels>();
}

}  // namespace fortuna::app
