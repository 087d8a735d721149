// SPDX-License-Identifier: MIT
// The undo layer: one QUndoCommand per user action, undone and redone by the game's honest undo.
#pragma once

#include <QUndoCommand>

namespace fortuna::app {

class GameDocument;

// The action has already been applied when the command is pushed (so a refused action never
// reaches the stack); the first redo() is therefore a no-op. Later redo() calls replay the
// stored rolls through Game::redo(), never a fresh roll (STYLE.md, "Undo that an umpire can trust").
class ActionCommand : public QUndoCommand {
public:
    ActionCommand(GameDocument& document, const QString& text);
    void undo() override;
    void redo() override;

private:
    GameDocument& document_;
    bool applied_ = true;
};

}  // namespace fortuna::app
