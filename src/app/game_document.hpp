// SPDX-License-Identifier: MIT
// The open battle: one Game, its undo stack, its file and its crash-safe journal.
#pragma once

#include <QObject>
#include <QString>
#include <QUndoStack>

#include <array>
#include <filesystem>
#include <memory>
#include <optional>
#include <system_error>
#include <vector>

#include <nlohmann/json.hpp>

#include "fortuna/land/actions.hpp"
#include "fortuna/land/game.hpp"
#include "fortuna/seam/library.hpp"
#include "fortuna/core/platform.hpp"
#include "desk_actions.hpp"

namespace fortuna::app {

// Casualties of both sides after an action: the victory tracker's plot (minutes since midnight).
struct CasualtyPoint {
    int minutes = 0;
    std::array<int, 2> bases_lost{0, 0};
};

// The document of the Subsurface shape: the UI asks it for one action per user intent
// (perform), and only the game, through the commands it pushes, changes the position.
class GameDocument : public QObject {
    Q_OBJECT
public:
    explicit GameDocument(std::shared_ptr<const RulesLibrary> library, QObject* parent = nullptr);
    ~GameDocument() override;

    const RulesLibrary& library() const { return *library_; }
    bool hasGame() const { return game_ != nullptr; }
    const Game& game() const { return *game_; }
    QUndoStack* undoStack() { return &undo_stack_; }

    // A new game from a scenario (by id or file), a saved game, or a recovery journal.
    // Throw the engine's errors (DataError, RuleError) and leave the open game untouched.
    void openScenario(const QString& id_or_file);
    void openSave(const QString& file);
    void openRecovery(const QString& journal);
    // The rules of play a new game starts with (docs/rules/enforcement.md); all by default.
    void setNewGameEnforcement(const Enforcement& enforcement) { new_game_enforcement_ = enforcement; }
    // A game built elsewhere (benchmarks, tests).
    void openGame(std::unique_ptr<Game> game) { adopt(std::move(game), QString()); }
    // Opens whatever the file is: a save (format fortuna-save), a journal, or a scenario.
    void open(const QString& file);

    // The save file, if the game has been saved or was opened from one.
    QString savePath() const { return save_path_; }
    QString title() const;  // "Skirmish at Kleinfeld" or the save's file name, "(read-only)" when it is
    // Writes the save and takes ownership of its files. Throws std::system_error (disk full,
    // folder read-only, folder gone: the game stays open and in memory), or GameFilesInUse
    // when another program holds that file, or when this game is read-only and the file is its own.
    void save(const QString& file);

    // Work that is not in a save: actions since the last save, or a game recovered from a
    // journal and not saved since. Closing such a game asks first.
    bool isModified() const;
    // Opened while another program (named by readOnlyHolder) holds the save: it may be looked
    // at and played on, but saved only under another name.
    bool isReadOnly() const { return read_only_; }
    QString readOnlyHolder() const { return read_only_holder_; }
    bool isRecovered() const { return recovered_; }

    // One user action: apply it to the game now, then push the command that undoes and redoes
    // it. Returns the error in words when the game refuses it (nothing changes then). Widgets
    // build the typed action (actions.hpp); only JSON that arrives from outside (the table
    // companion's network messages) goes through performJson, which decodes it first.
    std::optional<QString> perform(const ActionRequest& request);
    std::optional<QString> performJson(const nlohmann::json& action);
    // The last refusal in the rules' own (English) words, which perform returned told in the
    // desk's language: the table companion tells each phone its own from these.
    const std::string& lastRefusal() const { return last_refusal_; }
    const AppliedAction* lastApplied() const;

    // The crash-safe journal (seed-free words: every action is appended and fsynced by the
    // game before perform returns). Closing cleanly removes it; a crash leaves it to offer.
    QString recoveryJournal() const;
    // Deletes the journal: only for a game that is saved, or when the umpire chose Discard.
    void discardRecoveryJournal();
    // Stops journaling but keeps the file (it holds every action up to now, to recover later).
    void keepRecoveryJournal();
    // Keep the journal off disk (benchmarks and --screenshot of an unchanged file).
    void setRecoveryEnabled(bool enabled) { recovery_enabled_ = enabled; }

    const std::vector<CasualtyPoint>& casualtySeries() const { return casualties_; }

    // The selected units, in the order they were selected: the first is the one that acts, the
    // second what it attacks or fires on. Held here, not by the board, so that the board, the
    // order of battle, the docks and the command line show and use one selection (issue 11).
    // It is the desk's, not the game's: never journaled, cleared when another game opens.
    const std::vector<std::size_t>& selection() const { return selection_; }
    // Units out of range and repeats are dropped; selectionChanged only when it differs.
    void select(const std::vector<std::size_t>& units);

    // Used by ActionCommand only: the game's own honest undo and redo.
    void gameUndo();
    void gameRedo();

signals:
    void gameReplaced();               // a different game is open: rebuild everything
    void positionChanged();            // units, clock or morale changed
    // Just before positionChanged after an action, undo or redo: what it changed (game.hpp's
    // GameChange, from the game's own undo record), so that a view refreshes only that.
    void changed(const fortuna::GameChange& change);
    void actionReported(const QString& summary, const QStringList& explanation);
    void problem(const QString& message);
    void modifiedChanged();  // isModified() or isReadOnly() may have changed
    void selectionChanged();
    // The journal could not be written (disk full, folder read-only or gone): a new action was
    // not applied (an undo or redo goes on in memory); `safe` says which actions are on disk.
    // The journal stops; the game stays open in memory.
    void storageFailed(const QString& cause, const QString& safe);

private:
    void adopt(std::unique_ptr<Game> game, const QString& save_path, const std::filesystem::path& journal = {});
    void attachRecoveryJournal(const std::filesystem::path& existing);
    void leaveCurrentGame();
    // After a save: the recovered journal goes (the save holds it) and a new one takes over.
    void retireRecoveredJournal();
    // Emits changed (what the game reported since the last call) and then positionChanged.
    void announceChange();
    QString lastDurableAction() const;
    // Tells storageFailed what is on disk and stops the journal after a failed write.
    void journalFailed(const std::system_error& error);
    // Game::undo or Game::redo, made in memory when the journal cannot take it.
    template <typename Step>
    const AppliedAction* stepThroughHistory(Step step, const char* what);
    void rebuildCasualtySeries();
    CasualtyPoint casualtiesNow() const;

    std::shared_ptr<const RulesLibrary> library_;
    std::unique_ptr<Game> game_;
    std::optional<GameChange> pending_change_;  // gathered from the game's listener
    QUndoStack undo_stack_;
    QString save_path_;
    std::filesystem::path journal_;
    bool recovery_enabled_ = true;
    Enforcement new_game_enforcement_;
    std::shared_ptr<platform::FileLock> save_owner_;  // the save's files are ours while it is open
    bool read_only_ = false;
    QString read_only_holder_;
    bool recovered_ = false;  // recovered from a journal and not saved since
    std::filesystem::path recovered_from_;  // that journal, until the game is saved
    bool mirroring_ = false;  // adopt is stepping the undo stack back over the game's redo list
    std::vector<CasualtyPoint> casualties_;  // one per action in history, after it
    std::vector<std::size_t> selection_;
    std::string last_refusal_;
};

}  // namespace fortuna::app
