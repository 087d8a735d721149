// SPDX-License-Identifier: MIT
// Game > Computer Plays: the programmed opponent at the desk, each of its actions performed like the umpire's own.
#pragma once

#include <QObject>
#include <QString>
#include <QTimer>

#include <map>
#include <memory>
#include <optional>
#include <set>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "fortuna/land/opponent.hpp"

namespace fortuna::app {

class BoardScene;
class GameDocument;

// A thin client of fortuna::Opponent (include/fortuna/opponent.hpp): it asks the opponent of
// the phasing side for its proposal, draws it on the board, and applies it through
// GameDocument::perform, so every opponent action is on the undo stack and in the journal with
// its reason. A proposal is asked for once and kept until it is applied, refused, or the game
// changes under it (a desk action, an undo): then the opponent forgets its phase and is asked again.
class OpponentDesk : public QObject {
    Q_OBJECT
public:
    // How fast the computer's half-turn plays: only on Step, one action a second, five a
    // second, or the whole half-turn at once (it pauses at the end of it).
    enum class Speed { StepByStep, Slow, Fast, Instant };

    OpponentDesk(GameDocument& document, BoardScene& scene, QObject* parent = nullptr);
    ~OpponentDesk() override;

    // Which sides the computer plays (scenario side index 0 or 1).
    void setPlays(int side, bool plays);
    bool plays(int side) const { return opponents_.count(side) > 0; }
    bool playsAny() const { return !opponents_.empty(); }

    bool paused() const { return paused_; }
    void setPaused(bool paused);
    Speed speed() const { return speed_; }
    void setSpeed(Speed speed);
    static int intervalMs(Speed speed);

    // One opponent action now, paused or not (Game > Computer Plays > Step). A refused
    // proposal is noted and the opponent chooses again, as Opponent::step does. Returns
    // whether an action was applied.
    bool step();

    // The solo player commands these units himself (Opponent::take_over / hand_back).
    // Returns the codes that changed hands.
    QStringList takeOver(const std::vector<std::size_t>& units);
    QStringList handBack(const std::vector<std::size_t>& units);
    const std::set<std::string>& takenOver() const { return taken_; }

    // What the computer will do next (drawn on the board), or nothing.
    const std::optional<ActionRequest>& proposal() const { return proposal_; }
    // What the computer waits for the player to do (units taken over with a duty open).
    const std::vector<std::string>& waitingFor() const { return waiting_; }
    // The battle as the programmed generals judge it, once decided.
    const std::optional<BattleOutcome>& outcome() const { return outcome_; }
    const Doctrines* doctrines() const { return doctrines_.get(); }

signals:
    // Words for the status line and the command echo: what was done and why, what it waits for.
    void reported(const QString& text, bool error);
    // Plays, paused or speed changed (the menu's check marks follow).
    void stateChanged();

private:
    Opponent* phasingOpponent();
    bool loadDoctrines();
    void gameReplaced();
    void positionChanged();
    void rememberPosition();
    // Asks the phasing side's opponent for its next action (once), draws it, says what it waits for.
    void propose();
    void drawProposal();
    bool judge();
    void schedule();
    void tick();
    // After an undo or redo: the opponent's phase judged again (Opponent::forget).
    void forgetAll();
    // After the player's own action or a change of hands: the opponent goes back to its mind
    // before the pending proposal and is asked again (what it decided earlier in the phase stands).
    void reconsider();
    // The player's takeovers, after an opponent was made or restored.
    void applyTakenOver(Opponent& opponent);
    QStringList changeHands(const std::vector<std::size_t>& units, bool take);

    GameDocument& document_;
    BoardScene& scene_;
    std::unique_ptr<Doctrines> doctrines_;
    std::map<int, Opponent> opponents_;
    std::set<std::string> taken_;
    std::optional<ActionRequest> proposal_;
    // The phasing side's opponent as it was before it made proposal_ (next() notes what it
    // decides as it goes, so asking again is asking this copy).
    std::optional<Opponent> unproposed_;
    std::vector<std::string> waiting_;
    std::optional<BattleOutcome> outcome_;
    // The opponent as it stood before each of its steps, by the length of the history then: an
    // undo (or redo) back to that length brings back the same mind, so it proposes the same
    // action. Opponent::forget alone would judge the phase afresh, and in the movement phase a
    // unit that had moved part of its allowance would be offered the rest (docs/user-guide.md).
    struct Snapshot {
        int side;
        Opponent opponent;
    };
    std::map<std::size_t, Snapshot> snapshots_;
    QTimer timer_;
    Speed speed_ = Speed::Slow;
    bool paused_ = false;
    bool performing_ = false;   // our own perform: the position changes under us knowingly
    bool storage_failed_ = false;
    // The game as last seen, to tell an undo or redo from a new action (both pause the computer).
    std::size_t history_seen_ = 0;
    std::size_t redo_seen_ = 0;
    nlohmann::json redo_top_seen_;
};

}  // namespace fortuna::app
