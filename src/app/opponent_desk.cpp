// SPDX-License-Identifier: MIT
// Game > Computer Plays: the programmed opponent at the desk, each of its actions performed like the umpire's own.
#include "opponent_desk.hpp"

#include <QElapsedTimer>
#include <QLineF>

#include <spdlog/spdlog.h>

#include "board_scene.hpp"
#include "fortuna/land/game.hpp"
#include "game_document.hpp"
#include "qt_text.hpp"

namespace fortuna::app {

using namespace Qt::StringLiterals;

namespace {

// Where the proposal points on the board: the unit (or general) to where it goes, the attacker
// to the defender, the battery to its target. Rallies, tests and the end of a phase have no arrow.
std::optional<std::pair<QLineF, QString>> arrow_of(const Game& game, const ActionRequest& request) {
    const auto unit_at = [&](const std::string& code) { return to_point(game.unit(code).now.position); };
    return std::visit(
        [&](const auto& a) -> std::optional<std::pair<QLineF, QString>> {
            using T = std::decay_t<decltype(a)>;
            if constexpr (std::is_same_v<T, MoveAction>) {
                if (!a.to) return std::nullopt;
                const QPointF from = a.unit ? unit_at(*a.unit) : to_point(game.general(a.general.value_or("")).now.position);
                return std::make_pair(QLineF(from, to_point(*a.to)), OpponentDesk::tr("%1 moves").arg(qs(a.unit.value_or(a.general.value_or("")))));
            } else if constexpr (std::is_same_v<T, ChargeAction>) {
                if (!a.to) return std::nullopt;
                return std::make_pair(QLineF(unit_at(a.unit), to_point(*a.to)), OpponentDesk::tr("%1 charges").arg(qs(a.unit)));
            } else if constexpr (std::is_same_v<T, RoutAction>) {
                if (!a.to) return std::nullopt;
                return std::make_pair(QLineF(unit_at(a.unit), to_point(*a.to)), OpponentDesk::tr("%1 routs").arg(qs(a.unit)));
            } else if constexpr (std::is_same_v<T, CombatAction>) {
                return std::make_pair(QLineF(unit_at(a.attacker), unit_at(a.defender)),
                                      OpponentDesk::tr("%1 attacks %2").arg(qs(a.attacker), qs(a.defender)));
            } else if constexpr (std::is_same_v<T, ArtilleryAction>) {
                return std::make_pair(QLineF(unit_at(a.battery), unit_at(a.target)),
                                      OpponentDesk::tr("%1 fires on %2").arg(qs(a.battery), qs(a.target)));
            } else {
                return std::nullopt;
            }
        },
        request.action);
}

QString outcome_words(const BattleOutcome& outcome) {
    return OpponentDesk::tr("The battle is decided (%1): %2").arg(qs(outcome.how), qs(outcome.words));
}

}  // namespace

OpponentDesk::OpponentDesk(GameDocument& document, BoardScene& scene, QObject* parent)
    : QObject(parent), document_(document), scene_(scene) {
    timer_.setSingleShot(true);
    connect(&timer_, &QTimer::timeout, this, &OpponentDesk::tick);
    connect(&document_, &GameDocument::gameReplaced, this, &OpponentDesk::gameReplaced);
    connect(&document_, &GameDocument::positionChanged, this, &OpponentDesk::positionChanged);
    // The journal could not take an action: the computer stops until the umpire has dealt with it.
    connect(&document_, &GameDocument::storageFailed, this, [this] {
        storage_failed_ = true;
        setPaused(true);
    });
    rememberPosition();
}

OpponentDesk::~OpponentDesk() = default;

int OpponentDesk::intervalMs(Speed speed) {
    switch (speed) {
    case Speed::Slow: return 1000;
    case Speed::Fast: return 200;
    case Speed::Instant: return 0;
    case Speed::StepByStep: break;
    }
    return -1;
}

bool OpponentDesk::loadDoctrines() {
    if (doctrines_) return true;
    if (!document_.hasGame()) return false;
    try {
        doctrines_ = std::make_unique<Doctrines>(load_doctrines(document_.library(), document_.game().scenario()));
        return true;
    } catch (const std::exception& error) {
        emit reported(tr("The computer cannot play: %1").arg(qs(error.what())), true);
        return false;
    }
}

void OpponentDesk::setPlays(int side, bool plays) {
    if (plays == this->plays(side)) return;
    if (!plays) {
        opponents_.erase(side);
    } else {
        if (!loadDoctrines()) return emit stateChanged();
        Opponent& opponent = opponents_.try_emplace(side, document_.game(), doctrines_->side(side)).first->second;
        applyTakenOver(opponent);
    }
    proposal_.reset();
    propose();
    schedule();
    emit stateChanged();
}

void OpponentDesk::setPaused(bool paused) {
    if (paused == paused_) return;
    paused_ = paused;
    if (paused_) timer_.stop();
    else storage_failed_ = false;
    if (playsAny()) emit reported(paused_ ? tr("Computer paused (P resumes, Shift+P plays one action)") : tr("Computer resumed"), false);
    schedule();
    emit stateChanged();
}

void OpponentDesk::setSpeed(Speed speed) {
    speed_ = speed;
    schedule();
    emit stateChanged();
}

Opponent* OpponentDesk::phasingOpponent() {
    if (!document_.hasGame()) return nullptr;
    const auto it = opponents_.find(document_.game().phasing_side());
    return it == opponents_.end() ? nullptr : &it->second;
}

bool OpponentDesk::judge() {
    if (!doctrines_ || !document_.hasGame()) return false;
    const BattleOutcome outcome = judge_battle(document_.game(), *doctrines_);
    if (!outcome.decided) {
        outcome_.reset();
        return false;
    }
    const bool news = !outcome_;
    outcome_ = outcome;
    if (news) {
        spdlog::info("{}", ss(outcome_words(outcome)));
        emit reported(outcome_words(outcome), false);
    }
    return true;
}

void OpponentDesk::propose() {
    waiting_.clear();
    Opponent* opponent = phasingOpponent();
    if (opponent == nullptr || judge()) {
        proposal_.reset();
        unproposed_.reset();
        drawProposal();
        return;
    }
    if (!proposal_) {
        unproposed_ = *opponent;
        proposal_ = opponent->next(document_.game());
    }
    if (!proposal_) {
        waiting_ = opponent->waiting_for(document_.game());
        if (!waiting_.empty()) {
            QStringList words;
            for (const std::string& w : waiting_) words << qs(w);
            emit reported(tr("Waiting for you: %1").arg(words.join(u"; "_s)), false);
        }
    }
    drawProposal();
}

void OpponentDesk::drawProposal() {
    if (!proposal_ || !document_.hasGame()) return scene_.clearIntention();
    std::optional<std::pair<QLineF, QString>> arrow;
    try {
        arrow = arrow_of(document_.game(), *proposal_);
    } catch (const std::exception&) {
        arrow.reset();  // a code the game no longer knows: nothing to draw; the game will refuse it
    }
    if (!arrow) return scene_.clearIntention();
    scene_.showIntention(arrow->first, arrow->second, qs(proposal_->why.value_or(std::string())));
}

bool OpponentDesk::step() {
    Opponent* opponent = phasingOpponent();
    if (opponent == nullptr || judge()) return false;
    // Every subject is proposed at most once a phase (a refusal is noted), so this ends; the
    // cap only guards against a doctrine that never settles.
    for (int attempt = 0; attempt < 1000; ++attempt) {
        if (!proposal_) propose();
        if (!proposal_) return false;  // waits for the player
        ActionRequest request = std::move(*proposal_);
        proposal_.reset();
        const bool ending = std::holds_alternative<EndPhaseAction>(request.action);
        const std::size_t length = document_.game().history().size();
        snapshots_.erase(snapshots_.lower_bound(length), snapshots_.end());
        if (unproposed_) snapshots_.insert_or_assign(length, Snapshot{document_.game().phasing_side(), *unproposed_});
        performing_ = true;
        // A refused end of phase is noted below: the opponent measures the phase again, then
        // proposes the end with its override (Opponent::noted), as Opponent::step does.
        std::optional<QString> refusal = document_.perform(request);
        performing_ = false;
        rememberPosition();
        if (storage_failed_) return false;
        if (!refusal) {
            opponent->noted(request);
            const AppliedAction* applied = document_.lastApplied();
            const QString summary = applied ? qs(applied->summary) : QString();
            const QString why = qs(request.why.value_or(std::string()));
            spdlog::info("{}: {} (why: {})", request.by.value_or("computer"), ss(summary), ss(why));
            emit reported(tr("%1 · %2 · why: %3").arg(qs(request.by.value_or("computer")), summary, why), false);
            propose();  // the next intention on the board before the next step
            return true;
        }
        opponent->noted(request, ss(*refusal));
        spdlog::info("{} proposed {}, refused by the rules: {}; it chooses again", request.by.value_or("computer"),
                     encode_action(request).dump(), ss(*refusal));
        if (ending && request.override_reason) {
            // Refused even when overruled: say so and stop, rather than ask again and again.
            emit reported(tr("The computer cannot end the phase: %1").arg(*refusal), true);
            setPaused(true);
            return false;
        }
    }
    emit reported(tr("The computer could not settle on an action: paused"), true);
    setPaused(true);
    return false;
}

void OpponentDesk::schedule() {
    const int interval = intervalMs(speed_);
    Opponent* opponent = phasingOpponent();
    if (paused_ || interval < 0 || opponent == nullptr || !proposal_ || outcome_) {
        timer_.stop();
        return;
    }
    if (!timer_.isActive()) timer_.start(interval);
}

void OpponentDesk::tick() {
    if (paused_ || phasingOpponent() == nullptr) return;
    if (speed_ != Speed::Instant) {
        step();
        return schedule();
    }
    // Instant: the rest of the half-turn, a slice at a time so the window stays alive; then it
    // pauses, so the umpire sees the half-turn's end before the next begins.
    const int side = document_.game().phasing_side();
    const int turn = document_.game().clock().turn;
    QElapsedTimer slice;
    slice.start();
    while (slice.elapsed() < 50) {
        if (paused_ || !step()) break;
        if (document_.game().phasing_side() != side || document_.game().clock().turn != turn || outcome_) {
            if (!outcome_ && phasingOpponent() != nullptr) setPaused(true);
            return;
        }
    }
    schedule();
}

void OpponentDesk::applyTakenOver(Opponent& opponent) {
    const std::set<std::string> before = opponent.taken_over();
    for (const std::string& code : before)
        if (!taken_.count(code)) opponent.hand_back(code);
    for (const std::string& code : taken_)
        if (document_.game().unit(code).id.side == opponent.side()) opponent.take_over(code);
}

void OpponentDesk::forgetAll() {
    for (auto& [side, opponent] : opponents_) opponent.forget();
    proposal_.reset();
    unproposed_.reset();
}

void OpponentDesk::reconsider() {
    if (unproposed_ && plays(unproposed_->side())) opponents_.insert_or_assign(unproposed_->side(), *unproposed_);
    unproposed_.reset();
    proposal_.reset();
    for (auto& [side, opponent] : opponents_) applyTakenOver(opponent);
}

void OpponentDesk::rememberPosition() {
    if (!document_.hasGame()) {
        history_seen_ = redo_seen_ = 0;
        redo_top_seen_ = nullptr;
        return;
    }
    const Game& game = document_.game();
    history_seen_ = game.history().size();
    redo_seen_ = game.redo_stack().size();
    redo_top_seen_ = game.redo_stack().empty() ? nlohmann::json() : game.redo_stack().back().input;
}

void OpponentDesk::positionChanged() {
    if (performing_ || !document_.hasGame()) return;
    const Game& game = document_.game();
    // An undo takes the last action off the history; a redo puts back the one on top of the
    // redo stack. Either way the umpire has taken the game in hand: the computer pauses.
    const bool undone = game.history().size() < history_seen_;
    const bool redone = game.history().size() == history_seen_ + 1 && game.redo_stack().size() + 1 == redo_seen_ &&
                        !game.history().empty() && game.history().back().input == redo_top_seen_;
    rememberPosition();
    const std::size_t length = game.history().size();
    if (undone || redone) {
        // The opponent's phase is judged again from the game as it is now; back where it stood
        // before one of its steps, it is of the same mind as it was then.
        forgetAll();
        const auto snapshot = snapshots_.find(length);
        if (snapshot != snapshots_.end() && snapshot->second.side == game.phasing_side() && plays(snapshot->second.side))
            applyTakenOver(opponents_.insert_or_assign(snapshot->second.side, snapshot->second.opponent).first->second);
    } else {
        // A new action of the player's: what the opponent had in mind after it is gone, and its
        // pending proposal is asked again in the new position.
        snapshots_.erase(snapshots_.lower_bound(length == 0 ? 0 : length - 1), snapshots_.end());
        reconsider();
    }
    if (playsAny() && (undone || redone)) {
        timer_.stop();
        paused_ = true;
        // Said after the document's own "Undone: ..." (emitted after this change), not under it.
        const QString words = undone ? tr("Computer paused after the undo: you are in control (P resumes)")
                                    : tr("Computer paused after the redo: you are in control (P resumes)");
        QTimer::singleShot(0, this, [this, words] { emit reported(words, false); });
        emit stateChanged();
    }
    propose();
    schedule();
}

void OpponentDesk::gameReplaced() {
    timer_.stop();
    opponents_.clear();
    snapshots_.clear();
    taken_.clear();
    doctrines_.reset();
    proposal_.reset();
    waiting_.clear();
    outcome_.reset();
    paused_ = false;
    storage_failed_ = false;
    rememberPosition();
    scene_.clearIntention();
    emit stateChanged();
}

QStringList OpponentDesk::changeHands(const std::vector<std::size_t>& units, bool take) {
    QStringList changed;
    if (!document_.hasGame()) return changed;
    const Game& game = document_.game();
    for (const std::size_t u : units) {
        if (u >= game.units().size()) continue;
        const std::string& code = game.units()[u].id.code;
        if (take ? !taken_.insert(code).second : taken_.erase(code) == 0) continue;
        changed << qs(code);
    }
    if (!changed.isEmpty()) {
        reconsider();
        propose();
        schedule();
    }
    return changed;
}

QStringList OpponentDesk::takeOver(const std::vector<std::size_t>& units) { return changeHands(units, true); }
QStringList OpponentDesk::handBack(const std::vector<std::size_t>& units) { return changeHands(units, false); }

}  // namespace fortuna::app
