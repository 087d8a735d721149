// SPDX-License-Identifier: MIT
// What every rule system records of a game, written once (issue 25): the rolls undone actions
// leave for the next request (KeptRolls), and the journal with its undo and redo lines and its
// file (GameRecord). The land games use them directly (land/game.hpp); every other system through
// RecordedGame (recorded_game.hpp), which adds the typed-action codec and the replay check.
//
// Honest undo (STYLE.md): redo swaps an action's own undo record back and never rolls; the
// generated rolls of an undone action are kept under its key, and the next action with the same
// key takes them before any fresh roll, so undoing a volley and firing it again gives the same
// dice. Dice the umpire typed are his own and are never kept.
#pragma once

#include <cstddef>
#include <filesystem>
#include <functional>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include <nlohmann/json.hpp>

#include "fortuna/core/chance.hpp"
#include "fortuna/core/journal.hpp"

namespace fortuna {

// Generated rolls of undone actions, by the action's key and the roll's slot.
class KeptRolls {
public:
    // Which kept throw a new request takes first when several undone actions left rolls under one
    // key. The order is part of a system's save format: a replay throws the same dice only in the
    // order the game was played with, so each system keeps the one its first release wrote.
    enum class Order {
        FirstThrownFirst,  // the earliest action's rolls first (every system since Game Of Kings)
        FirstUndoneFirst,  // the last action's rolls first, as they were undone (land, release 0.1)
    };
    KeptRolls() = default;
    explicit KeptRolls(Order order) : order_(order) {}

    // The next kept roll of `kind` for `slot` of the action keyed `key`, taken out; nullopt when
    // none is kept (or the next kept is of another kind: that one stays for its own request).
    std::optional<Roll> take(std::string_view key, std::string_view slot, RollKind kind);
    // `count` rolls of `kind`: the kept ones first, in order, then fresh ones from `dice`.
    std::vector<Roll> draw(std::string_view key, std::string_view slot, int count, RollKind kind, Dice& dice);
    Roll draw_one(std::string_view key, std::string_view slot, RollKind kind, Dice& dice) { return draw(key, slot, 1, kind, dice).front(); }

    // An undone action's rolls of one slot: the generated ones are kept, placed by the order.
    void keep(std::string_view key, std::string_view slot, const std::vector<Roll>& rolls);
    // A redone action takes its rolls back: each generated roll of it is no longer kept for a new
    // request (it has it again), so no later action draws it twice.
    void take_back(std::string_view key, std::string_view slot, const std::vector<Roll>& rolls);
    bool empty() const { return kept_.empty(); }

private:
    static std::string slot_key(std::string_view key, std::string_view slot) { return std::string(key) + "#" + std::string(slot); }
    Order order_ = Order::FirstThrownFirst;
    std::map<std::string, std::vector<Roll>, std::less<>> kept_;
};

// The journal of a game: its lines (actions, undos and redos, numbered by "seq"), the file each
// line reaches before the action returns, and which actions are in effect and which undone. The
// system composes the action's line (its words, rolls and context); this writes it and the undo
// and redo lines, and keeps the bookkeeping every system needs the same.
class GameRecord {
public:
    const std::vector<nlohmann::json>& lines() const { return lines_; }
    // The "seq" of the next line.
    int next_seq() const { return static_cast<int>(lines_.size()) + 1; }
    bool can_undo() const { return !in_effect_.empty(); }
    bool can_redo() const { return !undone_.empty(); }
    // The "seq" of the action undo (redo) would take, or 0.
    int undo_target() const { return in_effect_.empty() ? 0 : in_effect_.back(); }
    int redo_target() const { return undone_.empty() ? 0 : undone_.back(); }

    // An action's line, "seq" next_seq(): to the file first (std::system_error when it cannot take
    // it, and nothing is recorded), then the action is in effect and nothing is left to redo.
    void record_action(const nlohmann::json& line);
    // The undo (redo) line of undo_target() (redo_target()): {"seq", "do": "undo", "of", "summary":
    // "Undo #12: <the action's summary>"} with `context` added. The caller has checked there is one;
    // when the file cannot take the line it throws and nothing changed, so the caller changes its
    // game only after this returns.
    void record_undo(const nlohmann::json& context) { record_step(true, context); }
    void record_redo(const nlohmann::json& context) { record_step(false, context); }

    // Writes `header` and every line so far (an existing journal of exactly these lines is
    // continued; one of another game is refused with JournalConflict), then each new line.
    void attach(const std::filesystem::path& file, const nlohmann::json& header);
    void detach() { file_.reset(); }
    std::optional<std::filesystem::path> file() const;

    // Replays journal lines: an undo or redo line through `step` (true: undo) after checking its
    // "of" names the action it takes back; any other line through `act` (`at` names it in an
    // error). A RuleError becomes a DataError at the line. After each line the record holds the
    // line as it was written, not the replay's words for it, so an attached journal continues the
    // file as it is (a journal of an earlier release, worded otherwise, is not "another game's").
    void replay(const std::vector<nlohmann::json>& lines, const std::string& file, const std::function<std::string(std::size_t)>& where,
                const std::function<void(bool undoing)>& step, const std::function<void(const nlohmann::json& line, const std::string& at)>& act);

private:
    void record(const nlohmann::json& line);
    void record_step(bool undoing, const nlohmann::json& context);
    std::string summary_of(int seq) const;
    std::vector<nlohmann::json> lines_;
    std::vector<int> in_effect_;  // the "seq" of each action in effect, oldest first
    std::vector<int> undone_;     // the "seq" of each action undone and not redone, next redo last
    std::unique_ptr<JournalFile> file_;
};

}  // namespace fortuna
