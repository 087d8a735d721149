// SPDX-License-Identifier: MIT
// The naval desk: a window for an Age of Sail scenario with the board (wind, arcs, ranges), the sheets and keyboard gunnery.
#pragma once

#include <QWidget>

#include <filesystem>
#include <memory>
#include <optional>
#include <vector>

#include "fortuna/naval/model.hpp"
#include "fortuna/naval/files.hpp"
#include "fortuna/core/platform.hpp"

class QCloseEvent;
class QLabel;
class QListWidget;
class QPlainTextEdit;

class QUndoStack;

namespace fortuna::app {

// Draws the table at scale: shoals, ships as hulls pointing along their heading, the wind, and for
// the selected ship its two 90° broadside arcs with the 4, 8 and 12 cm range rings.
class NavalBoard : public QWidget {
    Q_OBJECT
public:
    NavalBoard(const NavalGame& game, QWidget* parent = nullptr);
    void setSelection(int ship, int target);
    // The move being planned (drawn as a dashed track to the ship's outline where she would end), or none.
    void setPlan(std::optional<ShipMovePlan> plan);
    QSize sizeHint() const override { return {720, 480}; }

protected:
    void paintEvent(QPaintEvent* event) override;

private:
    const NavalGame& game_;
    int ship_ = -1;
    int target_ = -1;
    std::optional<ShipMovePlan> plan_;
};

// Keys: Tab / Shift+Tab the ship (of the side to move), T the target, G plan a move (Left / Right
// the heading a point, Up / Down the distance a cm, Enter sails, Esc cancels), A drop or weigh
// anchor, F fire at the hull, S fire at the sails, B board, X fight the fire, R refloat, M repair
// a mast, D disentangle, H the high-seas check, E end the move, W the wind, the digits 1-6 the
// umpire's own dice for the next action (Backspace takes one back, Esc clears them), Ctrl+Z undo
// and Ctrl+Shift+Z redo (the rolls stay in each action: undo never re-rolls), Ctrl+S save,
// Ctrl+Shift+S save as, Ctrl+P the victory sheet as PDF, Ctrl+W close.
//
// The game is never lost: every action reaches a journal in naval_recovery_dir() as it applies.
// Closing a saved game removes that journal; closing unsaved work asks: Save, Discard (the journal
// goes too) or Cancel. The app quitting with the desk open keeps unsaved work's journal, to open again.
class NavalDesk : public QWidget {
    Q_OBJECT
public:
    // The session's game refers to the tables: the desk keeps both. `save_path` is the save it was
    // opened from ("" for a scenario), `journal` a recovery journal to continue ("" for a new one).
    NavalDesk(std::unique_ptr<NavalTables> tables, std::unique_ptr<NavalSession> session, const QString& save_path,
              const std::filesystem::path& journal, QWidget* parent = nullptr);
    ~NavalDesk() override;

    const NavalGame& game() const { return session_->game(); }
    const NavalSession& session() const { return *session_; }
    QString savePath() const { return save_path_; }
    QString recoveryJournal() const;
    bool isModified() const { return session_->journal().size() != saved_lines_; }
    // Writes the naval save there (atomic); false with the reason in lastMessage().
    bool saveTo(const QString& file);
    bool save();    // to savePath(), or asks where
    bool saveAs();  // asks where
    // The naval victory sheet of the game as it stands; false with the reason in lastMessage().
    bool exportVictorySheet(const QString& pdf);
    int selectedShip() const { return ship_; }
    int selectedTarget() const { return target_; }
    QString lastMessage() const { return last_; }
    // The last refusal in the rules' own (English) words, for the table companion, which tells
    // each phone its own language from them (lastMessage is the desk's).
    const std::string& lastRefusal() const { return last_refusal_; }
    // One action, as a key does it; false with the reason in lastMessage() when the rules refuse.
    bool perform(NavalAction action);
    // One action as the table companion sends it (JSON, with who asked beside it): the same path
    // as a key (one undo command). The refusal in words, or "" when applied.
    QString performFromTable(const nlohmann::json& action);
    // Undo and redo through the undo stack, one command per applied action, as the other desks
    // do; the actions of the opened save or journal, below the stack, are undone and redone after
    // (before) it. The rolls stay in each action: redo never re-rolls.
    bool undo();
    bool redo();
    QUndoStack* undoStack() const { return undo_; }
    void selectShip(int step);
    void selectTarget();
    // The move mode: the planned heading and distance of the selected ship, asked of the library.
    bool isPlanningMove() const { return plan_.has_value(); }
    std::optional<ShipMovePlan> plannedMove() const { return plan_; }
    // The dice the umpire typed for the next action (each one checked 1-6 as it is typed).
    QString typedDice() const;

signals:
    // The position changed: an action applied, undone or redone (the table companion pushes it).
    void positionChanged();

protected:
    void keyPressEvent(QKeyEvent* event) override;
    void closeEvent(QCloseEvent* event) override;
    bool focusNextPrevChild(bool next) override;  // Tab selects ships, not widgets

private:
    void fire(Aim aim);
    void board();
    void startMove();
    void stepPlan(int points, double cm);
    void sailPlan();
    void replan();
    bool planKey(QKeyEvent* event);
    void typeDie(int face);
    // The typed dice for an action throwing `expected` of them ("" what they are for); empty when
    // none were typed (the game throws them), nullopt, with the reason in lastMessage(), for a wrong count.
    std::optional<std::vector<Roll>> takeDice(int expected, const QString& what);
    void refuse(const QString& why);
    bool performAttributed(AttributedNavalAction attributed);
    void followActiveSide();
    void letGoOfJournal();
    void discardJournal();
    void log(const QString& line);
    void refresh();
    std::string shipId(int index) const;

    void exportVictorySheetAsked();
    // The session's undo and redo with what the desk says of them; false (with the reason) when
    // the journal could not take the line, and then nothing changed.
    bool stepBack();
    bool stepForward();
    QUndoStack* undo_ = nullptr;
    int loaded_undone_ = 0;    // actions of the opened file undone below the stack
    bool step_failed_ = false; // the last stepBack/stepForward a command made failed
    bool skip_step_ = false;   // the next command step only puts the stack's index back
    std::unique_ptr<NavalTables> tables_;
    std::unique_ptr<NavalSession> session_;
    QString save_path_;
    std::shared_ptr<platform::FileLock> save_owner_;  // the save is ours while the desk has it open
    std::size_t saved_lines_ = 0;                     // journal lines in the last save (or at opening)
    int ship_ = -1;
    int target_ = -1;
    std::optional<ShipMovePlan> plan_;
    double plan_heading_ = 0;
    double plan_distance_ = 0;
    std::vector<Roll> typed_dice_;
    QString last_;
    std::string last_refusal_;
    NavalBoard* board_ = nullptr;
    QLabel* status_ = nullptr;
    QLabel* odds_ = nullptr;
    QLabel* dice_ = nullptr;
    QListWidget* sheets_ = nullptr;
    QPlainTextEdit* journal_ = nullptr;
};

// Is this a naval scenario, naval save or naval journal (by its content, as the registry says)?
bool is_naval_file(const std::filesystem::path& file);
// Opens a naval scenario (a new game), a naval save or a naval journal in its own desk window;
// throws DataError or RuleError on a bad file, GameFilesInUse when another program has it.
NavalDesk* open_naval_desk(const std::filesystem::path& file, const std::filesystem::path& data_dir, QWidget* parent);

}  // namespace fortuna::app
