// SPDX-License-Identifier: MIT
// A naval game that is never lost: the naval save, replayed to the state it records, and the durable naval journal.
//
// Both files hold the same lines (docs/data-format.md, "Naval saves and journals"): one line per
// applied action with every roll it used, undo and redo as lines of their own, exactly as the
// land game's journal (game.cpp). Replaying them applies each action again through
// NavalGame::apply with the dice of the game's seed, and checks that the rolls it draws are the
// recorded ones, so a save that does not belong to its scenario and seed is refused rather than
// quietly played differently.
#pragma once

#include <cstdint>
#include <filesystem>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include <nlohmann/json.hpp>

#include "fortuna/core/journal.hpp"
#include "fortuna/core/recorded_game.hpp"
#include "fortuna/naval/model.hpp"

namespace fortuna {

inline constexpr const char* kNavalSaveFormat = "fortuna-naval-save";
inline constexpr int kNavalSaveFormatVersion = 1;
// The journal header's "game" field: a naval journal is a fortuna-journal of this game.
inline constexpr const char* kNavalJournalGame = "naval";
// The file extension the app offers for naval saves (the content's "format" decides, not the name).
inline constexpr const char* kNavalSaveExtension = ".fortuna-naval";

// The scenario a naval game began from: its id, the file it was read from, and a copy of the
// document, so a save still opens when the shipped scenario changes or moves.
struct NavalScenarioCopy {
    std::string id;
    std::string file;
    nlohmann::json document;
};

// Reads a naval scenario file (schema-checked) and keeps its document.
NavalScenarioCopy read_naval_scenario_copy(const std::filesystem::path& file, const std::filesystem::path& data_dir);

// The Age of Sail as the recorder's model (core/recorded_game.hpp): the rules' NavalGame, each
// action with the umpire's overrule beside it (a journal line's "override", as the first release
// wrote it), the round and side on each line.
class NavalModel {
public:
    struct Action {
        NavalAction action;
        std::string override_reason;  // "" unless the umpire overrules a rule of play
    };
    using Applied = AppliedNavalAction;

    explicit NavalModel(NavalGame game) : game_(std::move(game)) {}
    const NavalGame& game() const { return game_; }

    const Applied& apply(Action action, Dice& dice) { return game_.apply(std::move(action.action), dice, action.override_reason); }
    bool undo() { return game_.undo(); }
    bool redo() { return game_.redo(); }
    std::size_t actions_in_effect() const { return game_.history().size(); }
    static nlohmann::json encode(const NavalAction& action) { return naval_action_to_json(action); }
    static Action decode(const nlohmann::json& action) { return {naval_action_from_json(action), {}}; }
    static std::string kind(const NavalAction& action) { return std::string(naval_action_kind(action)); }
    nlohmann::json line_context() const;  // {"round": 3, "side": "british"}
    nlohmann::json step_context() const;  // {"round": 3}
    nlohmann::json to_json() const { return game_.to_json(); }
    static nlohmann::json line_extras(const Action& action);  // {"override": reason} when overruled
    static Action decode_line(const nlohmann::json& line, const nlohmann::json& action);
    // A bad die or an unknown ship named by its pointer, and the line's "do" against its action.
    void check_line(const nlohmann::json& line, const std::string& file, const std::string& at) const;

private:
    NavalGame game_;
};

// A naval game in play: the rules' NavalGame, the dice of its seed and its journal, kept by the
// recorder every system behind the seam shares. Every action, undo and redo is a journal line and
// reaches the disk (when a journal file is attached) before it returns. The tables must outlive
// the session.
class NavalSession {
public:
    NavalSession(const NavalTables& tables, NavalScenarioCopy scenario, std::uint64_t seed, const std::filesystem::path& data_dir);

    // Applies an action, rolling what it lacks; RuleError when the rules refuse (nothing changes,
    // the dice neither). A journal that cannot take the line undoes it and throws std::system_error.
    // `by` and `why` (who asked, the programmed opponent's reason) go into its journal line, and
    // so does the umpire's `override` (a rule of play applied anyway, NavalGame::apply); only the
    // umpire overrules: with a `by` that is not the umpire's, an override is refused.
    const AppliedNavalAction& apply(NavalAction action, const std::optional<std::string>& by = std::nullopt,
                                    const std::optional<std::string>& why = std::nullopt,
                                    const std::optional<std::string>& override_reason = std::nullopt);
    bool undo() { return recorded_.undo(); }  // false when there is nothing to undo
    bool redo() { return recorded_.redo(); }
    bool can_undo() const { return recorded_.can_undo(); }
    bool can_redo() const { return recorded_.can_redo(); }

    const NavalGame& game() const { return recorded_.model().game(); }
    const NavalTables& tables() const { return game().tables(); }
    const NavalScenarioCopy& scenario_copy() const { return scenario_; }
    std::uint64_t seed() const { return recorded_.seed(); }
    const Dice& dice() const { return recorded_.dice(); }
    // The journal lines after the header, in order; the save holds the same.
    const std::vector<nlohmann::json>& journal() const { return recorded_.journal(); }
    const nlohmann::json& journal_header() const { return recorded_.journal_header(); }

    // Writes the header and every line so far to the file (an existing journal holding exactly
    // these lines is continued; one of another game is refused with JournalConflict), then
    // appends each new line as it happens.
    void attach_journal(const std::filesystem::path& file) { recorded_.attach_journal(file); }
    void detach_journal() { recorded_.detach_journal(); }
    std::optional<std::filesystem::path> journal_file() const { return recorded_.journal_file(); }

    // Rebuilds a session from journal lines; a line that does not replay is a DataError naming
    // `file` and the line's place: `where(i)` gives it for line index i ("/journal/3", "line 5").
    static NavalSession replay(const NavalTables& tables, NavalScenarioCopy scenario, std::uint64_t seed,
                               const std::vector<nlohmann::json>& lines, const std::filesystem::path& data_dir,
                               const std::string& file, const std::function<std::string(std::size_t)>& where);

private:
    NavalScenarioCopy scenario_;
    RecordedGame<NavalModel> recorded_;
};

// The save: format, scenario copy, seed, generator draws, the journal lines and the state they
// lead to (NavalGame::to_json) for the check on load.
nlohmann::json naval_save_document(const NavalSession& session);
void save_naval_game(const NavalSession& session, const std::filesystem::path& file);  // atomic (atomic_write_file)

// Loads a naval save: format and version, the scenario copy, then the journal is replayed and
// must draw the recorded rolls and reach the saved state and generator. Any failure is a
// DataError naming the file and the field ("/journal/2/action/dice/1", "/state/ships/0/hull").
NavalSession load_naval_game(const NavalTables& tables, const std::filesystem::path& file, const std::filesystem::path& data_dir);
// Resumes a naval journal (after a crash): the header holds the scenario copy and seed; undo and
// redo lines are replayed, so the game comes back with what can be undone and redone.
NavalSession recover_naval_game(const NavalTables& tables, const std::filesystem::path& journal, const std::filesystem::path& data_dir);

bool is_naval_save(const std::filesystem::path& file);     // a JSON document whose "format" is fortuna-naval-save
bool is_naval_journal(const std::filesystem::path& file);  // a fortuna-journal whose header says "game": "naval"
// Where the app keeps naval journals of games in progress: recovery/age-of-sail/ inside
// recovery_dir(), as every system keeps its own (builds before 2026-11-26 used recovery/naval/).
std::filesystem::path naval_recovery_dir();

}  // namespace fortuna
