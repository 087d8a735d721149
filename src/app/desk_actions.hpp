// SPDX-License-Identifier: MIT
// Typed actions as the desk builds them: the roll the umpire typed, a move or a charge to a point.
#pragma once

#include <QString>

#include "fortuna/land/actions.hpp"
#include "qt_text.hpp"

namespace fortuna::app {

// Into the action's main roll slot, as typed: the game checks it ("0.6x" is refused, never
// replaced by a generated roll). An empty box leaves the roll to the game's dice.
inline void enter_roll(ActionRequest& request, const QString& typed) {
    if (const QString roll = typed.trimmed(); !roll.isEmpty()) request.rolls["roll"] = EnteredRoll{ss(roll), false};
}

// A move or a charge of a unit to a point of the board (a drag, or "m CODE X,Y").
inline MoveAction move_to(const std::string& unit, BoardPoint to) {
    MoveAction move;
    move.unit = unit;
    move.to = to;
    return move;
}
inline ChargeAction charge_to(const std::string& unit, BoardPoint to) {
    ChargeAction charge;
    charge.unit = unit;
    charge.to = to;
    return charge;
}

}  // namespace fortuna::app
