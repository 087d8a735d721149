// SPDX-License-Identifier: MIT
// The undo layer: one QUndoCommand per user action, undone and redone by the game's honest undo.
#include "action_command.hpp"

#include "game_document.hpp"

namespace fortuna::app {

ActionCommand::ActionCommand(GameDocument& document, const QString& text) : document_(document) { setText(text); }

void ActionCommand::undo() {
    document_.gameUndo();
    applied_ = false;
}

void ActionCommand::redo() {
    if (applied_) return;  // pushed after the game applied it
    document_.gameRedo();
    applied_ = true;
}

}  // namespace fortuna::app
