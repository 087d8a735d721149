// SPDX-License-Identifier: MIT
// A rule system's own panels on the session desk (issue 25, item 5: each system contributes its
// desk panels, board marks and keys through one interface; the desk itself decides no rule).
// The desk asks make_session_panels once, when it opens a game; a system without panels of its
// own gets the empty set, and the desk still plays it from the action line and the Duties list.
#pragma once

#include <memory>
#include <vector>

class QPainter;
class QWidget;

namespace fortuna::app {

class SessionDesk;

class SessionPanels {
public:
    virtual ~SessionPanels() = default;
    // A bar above the board (the turn, the clock, the weather), or nullptr.
    virtual QWidget* topBar() { return nullptr; }
    // Panels for the right-hand column, under the position, in this order (each has its
    // accessibleName and windowTitle set: the desk shows the title as the panel's heading).
    virtual std::vector<QWidget*> sidePanels() { return {}; }
    // After every apply, undo, redo and load: read the session again.
    virtual void refresh() {}
    // Marks on the board in table centimetres at `scale` pixels a centimetre (the painter's origin
    // is the table's corner): under the pieces (zones, ranges) and over them (riders, labels).
    virtual void paintUnderPieces(QPainter& /*painter*/, double /*scale*/) {}
    virtual void paintOverPieces(QPainter& /*painter*/, double /*scale*/) {}
};

// The panels of the desk's rule system, by its id; each system's maker is in src/app/systems/.
std::unique_ptr<SessionPanels> make_session_panels(SessionDesk& desk);
std::unique_ptr<SessionPanels> make_game_of_kings_panels(SessionDesk& desk);
std::unique_ptr<SessionPanels> make_clausewitz_panels(SessionDesk& desk);

}  // namespace fortuna::app
