// SPDX-License-Identifier: MIT
// The desk for any rule system behind the seam that has no desk panels of its own yet (Game Of
// Kings, Clausewitz): the board of its pieces, the position and the journal, an action line in the
// journal's words, the programmed opponent step by step with its reasons, undo through QUndoStack.
#pragma once

#include <QWidget>

#include <filesystem>
#include <memory>
#include <utility>
#include <vector>

#include "fortuna/seam/game_session.hpp"
#include "fortuna/land/resolution.hpp"

class QCloseEvent;
class QHBoxLayout;
class QLabel;
class QLineEdit;
class QListWidget;
class QPlainTextEdit;
class QTimer;
class QUndoStack;
class QVBoxLayout;

namespace fortuna::app {

class OddsBars;
class SessionPanels;

// Draws the session's pieces at scale on its table: rectangles along their facing, side colours,
// labels, a cross over the ones whose status says something is the matter.
class SessionBoard : public QWidget {
    Q_OBJECT
public:
    explicit SessionBoard(const GameSession& session, QWidget* parent = nullptr);
    QSize sizeHint() const override { return {640, 420}; }
    // The system's own marks (zones, riders, objectives) drawn with the pieces; none by default.
    void setPanels(SessionPanels* panels) { panels_ = panels; }

protected:
    void paintEvent(QPaintEvent* event) override;

private:
    const GameSession& session_;
    SessionPanels* panels_ = nullptr;
};

// Keys: J puts the first duty of the Duties list (what the side acting may or must do now, in
// the rules' order) in the action line, Enter or a double-click on a duty the chosen one; or type
// an action in the journal's words in the action line and press Enter (a refusal is
// shown in red and the text stays in the line: nothing typed is lost), Esc leaves the line. While
// the line holds an action, the odds of its roll before it is thrown are drawn beside the position
// (the library's preview, one set of bars for each group of outcomes that exclude each other) and
// the roll box says what to type; Tab to it and type the roll ("3,4"), or leave it empty and the
// desk throws. Shift+N puts the programmed opponent's next action in the line (with its reason)
// for its odds and roll; N the programmed opponent's
// next action for the side acting, with its reason; Ctrl+Z undo and Ctrl+Shift+Z redo through the
// undo stack (the rolls stay in each action: undo never re-rolls); Ctrl+S save; Ctrl+W close;
// Ctrl+Shift+C the table companion (the players' phones) for this game; Ctrl+P one of the
// system's printed sheets as PDF.
// Every action reaches a journal in the recovery folder as it applies; closing a saved game
// removes that journal, closing unsaved work keeps it.
class SessionDesk : public QWidget {
    Q_OBJECT
public:
    SessionDesk(std::unique_ptr<GameSession> session, const QString& save_path, QWidget* parent = nullptr);
    ~SessionDesk() override;

    const GameSession& session() const { return *session_; }
    // The rule system's own panels (session_panels.hpp); the empty set for a system without any.
    SessionPanels& panels() const { return *panels_; }
    SessionBoard* board() const { return board_; }
    QUndoStack* undoStack() const { return undo_; }
    QLineEdit* actionLine() const { return action_line_; }
    QLineEdit* rollLine() const { return roll_line_; }
    // The preview of the action in the action line, as drawn: the library's, and the bars shown,
    // each group of outcomes with its distribution ("" when the line holds no action it previews).
    const ActionPreview& shownPreview() const { return preview_; }
    std::vector<std::pair<QString, Distribution>> shownOdds() const;
    // Reads the action line again and draws its odds (the line's edits do it after a short pause).
    void previewLine();
    // Applies an action in the journal's words through the undo stack; the refusal in words, or "".
    QString perform(const nlohmann::json& action);
    // The last refusal in the rules' own (English) words, which perform returned told in the
    // desk's language: the table companion tells each phone its own from these.
    const std::string& lastRefusal() const { return last_refusal_; }
    // The opponent's next action for the acting side, applied with its reason; the refusal, or "".
    QString opponentStep();
    // The opponent's next action put in the action line with its reason, its odds drawn, not yet
    // applied (Shift+N): the umpire rolls it (the roll box) or lets the desk throw (Enter).
    QString proposalIntoLine();
    // The Duties list (the session's duties, in the rules' order): J or Enter on one puts its
    // action in the action line, its odds drawn, for the umpire to roll or edit; "" or why not.
    QListWidget* dutiesList() const { return duties_; }
    QString dutyIntoLine(int row);
    bool saveTo(const QString& file);
    // The system's printed sheet of `kind` (GameSession::sheet, docs/sheets.md) as the game stands,
    // written as an A4 PDF: "" when written, otherwise why not (Ctrl+P asks which sheet and where).
    QString exportSheet(const std::string& kind, const QString& pdf);

signals:
    // The position changed: an action applied, undone or redone (the table companion pushes it).
    void positionChanged();

protected:
    bool eventFilter(QObject* watched, QEvent* event) override;
    void closeEvent(QCloseEvent* event) override;

private:
    void refresh();
    void submitLine();
    void say(const QString& text, bool refusal);
    void clearOdds(const QString& words);
    std::unique_ptr<GameSession> session_;
    std::unique_ptr<SessionPanels> panels_;
    QString save_path_;
    std::filesystem::path recovery_;
    std::size_t saved_lines_ = static_cast<std::size_t>(-1);  // journal lines at the last save; none yet
    QUndoStack* undo_ = nullptr;
    SessionBoard* board_ = nullptr;
    QPlainTextEdit* state_ = nullptr;
    QListWidget* journal_ = nullptr;
    QListWidget* duties_ = nullptr;
    std::vector<nlohmann::json> duty_actions_;  // each row's action
    QLineEdit* action_line_ = nullptr;
    QLineEdit* roll_line_ = nullptr;
    QLabel* odds_words_ = nullptr;
    QWidget* odds_box_ = nullptr;
    QVBoxLayout* odds_layout_ = nullptr;
    QHBoxLayout* odds_columns_ = nullptr;
    std::vector<QWidget*> odds_column_widgets_;
    std::vector<std::pair<QLabel*, OddsBars*>> odds_rows_;
    QTimer* preview_timer_ = nullptr;
    ActionPreview preview_;
    bool preview_valid_ = false;  // preview_ is of the action now in the line
    QLabel* status_ = nullptr;
    std::string last_refusal_;
};

// Opens a scenario, save or journal of a system behind the seam (as claim_file read it) in a desk window.
SessionDesk* open_session_desk(const std::filesystem::path& file, const RulesLibrary& library, QWidget* parent);

}  // namespace fortuna::app
