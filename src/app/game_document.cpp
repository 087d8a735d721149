// SPDX-License-Identifier: MIT
// The open battle: one Game, its undo stack, its file and its crash-safe journal.
#include "game_document.hpp"

#include <QCoreApplication>
#include <QDateTime>
#include <QFileInfo>
#include <QRandomGenerator>

#include <algorithm>
#include <system_error>

#include <spdlog/spdlog.h>

#include "action_command.hpp"
#include "fortuna/core/errors.hpp"
#include "fortuna/core/json_fields.hpp"
#include "fortuna/core/journal.hpp"
#include "fortuna/land/save.hpp"
#include "fortuna/land/scenario.hpp"
#include "qt_text.hpp"

namespace fortuna::app {

using namespace Qt::StringLiterals;

GameDocument::GameDocument(std::shared_ptr<const RulesLibrary> library, QObject* parent)
    : QObject(parent), library_(std::move(library)) {}

GameDocument::~GameDocument() {
    // The undo stack is destroyed after the members its listeners read (the window's title asks
    // for save_path_ when the stack's cleanChanged fires): dying, it says nothing (found by the
    // app's tests under AddressSanitizer).
    undo_stack_.blockSignals(true);
    if (game_) game_->detach_journal();
}

QString GameDocument::title() const {
    QString name = !save_path_.isEmpty() ? QFileInfo(save_path_).fileName() : game_ ? qs(game_->scenario().name) : tr("No battle");
    if (read_only_) name += tr(" (read-only)");
    return name;
}

bool GameDocument::isModified() const { return game_ && (recovered_ || !undo_stack_.isClean()); }

void GameDocument::openScenario(const QString& id_or_file) {
    Scenario scenario = load_scenario(*library_, ss(id_or_file));
    auto game = std::make_unique<Game>(*library_, std::move(scenario), QRandomGenerator::global()->generate64(),
                                       new_game_enforcement_);
    adopt(std::move(game), QString());
}

void GameDocument::openSave(const QString& file) {
    // Another program holding the save (the app elsewhere, or `fortuna-cli play --save`) may
    // still write it: look, play on, but save under another name.
    std::shared_ptr<platform::FileLock> owner;
    QString holder;
    try {
        owner = own_game_files(ss(file));
    } catch (const GameFilesInUse& in_use) {
        holder = qs(in_use.holder().describe());
    }
    auto game = std::make_unique<Game>(load_game(*library_, ss(file)));
    adopt(std::move(game), file);
    save_owner_ = std::move(owner);
    read_only_ = !holder.isEmpty();
    read_only_holder_ = holder;
    if (read_only_) spdlog::warn("{} is in use by {}: opened read-only", ss(file), ss(holder));
    emit modifiedChanged();
}

void GameDocument::openRecovery(const QString& journal) {
    const std::filesystem::path path = ss(journal);
    // A journal another program is writing is that program's game in progress: never taken over.
    std::shared_ptr<platform::FileLock> owner = own_game_files(path);
    auto game = std::make_unique<Game>(recover_game(*library_, path));
    // The recovered game continues the same journal, so that until it is saved every action,
    // recovered or new, stays in one file to recover again.
    adopt(std::move(game), QString(), path);
    recovered_ = true;
    recovered_from_ = path;
    emit modifiedChanged();
}

void GameDocument::open(const QString& file) {
    if (file.endsWith(u".journal")) return openRecovery(file);
    if (!file.contains(u'/') && !file.endsWith(u".json") && !file.endsWith(u".fortuna")) return openScenario(file);
    const nlohmann::json document = read_json_file(ss(file));
    if (document.is_object() && text_member(document, "format") == kSaveFormat) return openSave(file);
    openScenario(file);
}

void GameDocument::select(const std::vector<std::size_t>& units) {
    std::vector<std::size_t> now;
    for (std::size_t u : units)
        if (game_ != nullptr && u < game_->units().size() && std::find(now.begin(), now.end(), u) == now.end()) now.push_back(u);
    if (now == selection_) return;
    selection_ = std::move(now);
    emit selectionChanged();
}

void GameDocument::leaveCurrentGame() {
    // Unsaved work keeps its journal on disk (offered at the next start); saved work needs none.
    if (isModified()) keepRecoveryJournal();
    else discardRecoveryJournal();
    save_owner_.reset();
    read_only_ = false;
    read_only_holder_.clear();
    recovered_ = false;
    recovered_from_.clear();
}

void GameDocument::adopt(std::unique_ptr<Game> game, const QString& save_path, const std::filesystem::path& journal) {
    leaveCurrentGame();
    undo_stack_.clear();
    game_ = std::move(game);
    // One history (issue 11): the undo stack is a view of the game's, so Undo reaches back
    // across a save, a reopen and a crash recovery exactly as far as the journal does. Each
    // command is pushed already applied (its first redo does nothing). The game's redo list
    // is the stack's too (issue 28: "(undone) #4" is redone after a recovery): its actions are
    // pushed, next redo first, and the stack steps back over them without touching the game.
    for (const AppliedAction& action : game_->history()) undo_stack_.push(new ActionCommand(*this, qs(action.summary)));
    const std::vector<AppliedAction>& undone = game_->redo_stack();  // next redo last
    for (auto it = undone.rbegin(); it != undone.rend(); ++it) undo_stack_.push(new ActionCommand(*this, qs(it->summary)));
    mirroring_ = true;
    undo_stack_.setIndex(static_cast<int>(game_->history().size()));
    mirroring_ = false;
    // What each action, undo or redo changed, gathered until the views are told (announceChange).
    pending_change_.reset();
    game_->listen([this](const GameChange& change) {
        if (!pending_change_) {
            pending_change_ = change;
            return;
        }
        GameChange& merged = *pending_change_;
        merged.cause = change.cause;
        merged.action = change.action;
        for (auto [into, from] : {std::pair{&merged.units, &change.units}, std::pair{&merged.generals, &change.generals}}) {
            into->insert(into->end(), from->begin(), from->end());
            std::sort(into->begin(), into->end());
            into->erase(std::unique(into->begin(), into->end()), into->end());
        }
        merged.messengers = merged.messengers || change.messengers;
        merged.sides = merged.sides || change.sides;
        merged.clock = merged.clock || change.clock;
    });
    undo_stack_.setClean();  // what was opened is what is on disk
    save_path_ = save_path;
    rebuildCasualtySeries();
    attachRecoveryJournal(journal);
    spdlog::info("opened {} ({}, {} units)", game_->scenario().name, game_->rules().name, game_->units().size());
    const bool had_selection = !selection_.empty();
    selection_.clear();  // indices of the last game's units
    emit gameReplaced();
    if (had_selection) emit selectionChanged();
    emit positionChanged();
    emit modifiedChanged();
}

void GameDocument::attachRecoveryJournal(const std::filesystem::path& existing) {
    if (!recovery_enabled_ || !game_) return;
    try {
        if (!existing.empty()) {
            journal_ = existing;
        } else {
            const std::filesystem::path dir = recovery_dir();
            std::filesystem::create_directories(dir);
            const QString stamp = QDateTime::currentDateTime().toString(u"yyyyMMdd-HHmmss"_s);
            journal_ = dir / (game_->scenario().id + "-" + ss(stamp) + "-" +
                              std::to_string(QCoreApplication::applicationPid()) + ".journal");
        }
        game_->attach_journal(journal_);
    } catch (const std::exception& error) {
        // Issue 13: a status line was all the umpire saw, then played on believing every action
        // was safe. The same dialog as a failed write says so and offers to save elsewhere; it
        // comes once the game is shown (queued), not in the middle of opening it.
        journal_.clear();
        spdlog::warn("no crash-safe journal: {}", error.what());
        const QString cause = tr("The crash-safe journal could not be created: %1").arg(qs(error.what()));
        const QString safe = save_path_.isEmpty()
                                 ? tr("nothing of this game is on disk yet; every action stays in memory until you save it")
                                 : tr("%1 as it was opened; actions from now on stay in memory until you save").arg(save_path_);
        QMetaObject::invokeMethod(this, [this, cause, safe] { emit storageFailed(cause, safe); }, Qt::QueuedConnection);
    }
}

QString GameDocument::recoveryJournal() const { return journal_.empty() ? QString() : verbatim(journal_.string()); }

void GameDocument::discardRecoveryJournal() {
    if (game_) game_->detach_journal();
    if (!journal_.empty()) {
        std::error_code ignored;
        std::filesystem::remove(journal_, ignored);
        journal_.clear();
    }
}

void GameDocument::keepRecoveryJournal() {
    if (game_) game_->detach_journal();
    if (!journal_.empty()) spdlog::info("kept the journal {} with the unsaved work", journal_.string());
    journal_.clear();
}

void GameDocument::save(const QString& file) {
    const std::filesystem::path path = ss(file);
    if (read_only_ && file == save_path_)
        throw GameFilesInUse(path, platform::LockHolder{});  // the caller offers another name
    // The file becomes ours (refused if another program holds it), then is written.
    std::shared_ptr<platform::FileLock> owner = own_game_files(path);
    save_game(*game_, path);
    save_owner_ = std::move(owner);
    save_path_ = file;
    read_only_ = false;
    read_only_holder_.clear();
    recovered_ = false;
    undo_stack_.setClean();
    spdlog::info("saved {}", ss(file));
    retireRecoveredJournal();
    emit modifiedChanged();
}

void GameDocument::retireRecoveredJournal() {
    // The journal left by the crash is in the save now: it is not offered again, and the game
    // goes on in a journal of this run's own (as if opened from the save).
    if (recovered_from_.empty() || !game_) return;
    if (journal_ == recovered_from_) {
        game_->detach_journal();
        journal_.clear();
    }
    std::error_code ignored;
    std::filesystem::remove(recovered_from_, ignored);
    spdlog::info("retired the recovered journal {}: the game is saved", recovered_from_.string());
    recovered_from_.clear();
    if (journal_.empty()) attachRecoveryJournal({});
}

QString GameDocument::lastDurableAction() const {
    if (!game_ || game_->journal().empty()) return tr("the start of the game (no action yet)");
    const nlohmann::json& last = game_->journal().back();
    return tr("#%1 %2").arg(last.value("seq", 0)).arg(qs(last.value("summary", std::string())));
}

std::optional<QString> GameDocument::performJson(const nlohmann::json& action) {
    try {
        return perform(decode_action(action));
    } catch (const std::exception& error) {
        spdlog::warn("refused {}: {}", action.dump(), error.what());
        last_refusal_ = error.what();
        return qs(error.what());
    }
}

std::optional<QString> GameDocument::perform(const ActionRequest& request) {
    if (!game_) return tr("No battle is open");
    const auto action = [&request] { return encode_action(request); };  // for the log only
    try {
        const AppliedAction& applied = game_->apply(request);
        casualties_.resize(game_->history().size() - 1);
        casualties_.push_back(casualtiesNow());
        const QString summary = qs(applied.summary);
        QStringList explanation;
        for (const std::string& line : applied.explanation) explanation << qs(line);
        spdlog::info("#{} {}", applied.seq, applied.summary);
        undo_stack_.push(new ActionCommand(*this, summary));
        announceChange();
        emit actionReported(summary, explanation);
        return std::nullopt;
    } catch (const std::system_error& error) {
        // The journal could not take the line: the action is not applied, the game is as it
        // was, and every earlier action is on disk.
        spdlog::error("journal failed, {} not applied: {}", action().dump(), error.what());
        journalFailed(error);
        last_refusal_ = std::string("Not applied: ") + error.what();
        return tr("Not applied: %1").arg(qs(error.what()));
    } catch (const std::exception& error) {
        spdlog::warn("refused {}: {}", action().dump(), error.what());
        last_refusal_ = error.what();
        return qs(error.what());
    }
}

const AppliedAction* GameDocument::lastApplied() const {
    if (!game_ || game_->history().empty()) return nullptr;
    return &game_->history().back();
}

void GameDocument::journalFailed(const std::system_error& error) {
    const QString safe = journal_.empty() ? tr("the last save") : tr("every action up to %1, in %2").arg(lastDurableAction(), recoveryJournal());
    // The journal keeps what it has; play goes on in memory until the game is saved
    // somewhere that works (the title shows it unsaved, and closing asks).
    game_->detach_journal();
    emit storageFailed(qs(error.what()), safe + tr(". The journal has stopped there: actions from now on are in memory until you save"));
}

// The undo stack has already moved when a command's undo() or redo() runs: the game must
// follow it. When the journal cannot take the undo (or redo) line, the umpire is told what is
// on disk, the journal stops, and the step is made in memory, so that the stack and the game
// never disagree. storageFailed comes first: a game saved elsewhere from its dialog is the one
// the stack's position names, and the step after it makes the game unsaved again.
template <typename Step>
const AppliedAction* GameDocument::stepThroughHistory(Step step, const char* what) {
    try {
        return &step();
    } catch (const std::system_error& error) {
        spdlog::error("journal failed at {}: {}; going on in memory", what, error.what());
        journalFailed(error);
    } catch (const std::exception& error) {
        emit problem(qs(error.what()));
        return nullptr;
    }
    try {
        return &step();
    } catch (const std::exception& error) {
        emit problem(qs(error.what()));
        return nullptr;
    }
}

void GameDocument::gameUndo() {
    if (mirroring_) return;  // the stack is being set to the game's position (adopt)
    const AppliedAction* undone = stepThroughHistory([this]() -> const AppliedAction& { return game_->undo(); }, "undo");
    if (undone == nullptr) return;
    casualties_.resize(game_->history().size());
    spdlog::info("undo #{}: {}", undone->seq, undone->summary);
    announceChange();
    emit actionReported(tr("Undone: %1").arg(qs(undone->summary)), {});
}

void GameDocument::gameRedo() {
    if (mirroring_) return;
    const AppliedAction* redone = stepThroughHistory([this]() -> const AppliedAction& { return game_->redo(); }, "redo");
    if (redone == nullptr) return;
    casualties_.resize(game_->history().size() - 1);
    casualties_.push_back(casualtiesNow());
    spdlog::info("redo #{}: {} (same rolls)", redone->seq, redone->summary);
    announceChange();
    emit actionReported(tr("Redone with the same rolls: %1").arg(qs(redone->summary)), {});
}

void GameDocument::announceChange() {
    if (pending_change_) {
        const GameChange change = std::move(*pending_change_);
        pending_change_.reset();
        emit changed(change);
    }
    emit positionChanged();
}

CasualtyPoint GameDocument::casualtiesNow() const {
    CasualtyPoint point;
    point.minutes = game_->minutes();
    for (int side = 0; side < 2; ++side) point.bases_lost[static_cast<std::size_t>(side)] = game_->tally(side).bases_lost;
    return point;
}

// Walks the history backwards with each action's undo record to find the casualties after
// every action of a game opened from a file (StateChange::toggle gives the state before it).
void GameDocument::rebuildCasualtySeries() {
    casualties_.clear();
    if (!game_) return;
    const auto& history = game_->history();
    std::vector<GameState> states;
    GameState state = game_->state();
    for (auto it = history.rbegin(); it != history.rend(); ++it) {
        states.push_back(state);
        StateChange change = it->change;
        change.toggle(state);
    }
    const auto lost = [&](const GameState& s, int side) {
        int bases = 0;
        for (std::size_t i = 0; i < game_->units().size(); ++i) {
            const Unit& unit = game_->units()[i];
            if (unit.id.side != side || s.units[i].presence == Presence::Awaiting) continue;
            bases += std::max(0, unit.id.bases_start - s.units[i].bases);
        }
        return bases;
    };
    const int start = game_->scenario().start;
    const int turn_minutes = game_->rules().turn_minutes;
    for (auto it = states.rbegin(); it != states.rend(); ++it) {
        CasualtyPoint point;
        point.minutes = start + (it->clock.turn - 1) * turn_minutes;
        point.bases_lost = {lost(*it, 0), lost(*it, 1)};
        casualties_.push_back(point);
    }
}

}  // namespace fortuna::app
