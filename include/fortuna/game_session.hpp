// SPDX-License-Identifier: MIT
// The game-session interface every client holds, whatever the rule system: apply an action in
// the journal's words and get back what happened, undo and redo that never re-roll, the journal,
// the save, the sides and the clock, the outcome, and the programmed opponent's next action with
// its reason. A client that holds a GameSession needs no line of its own for a new rule system.
#pragma once

#include <cstdint>
#include <filesystem>
#include <memory>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include <nlohmann/json.hpp>

#include "fortuna/resolution.hpp"
#include "fortuna/rule_system.hpp"

namespace fortuna {

// One action applied: its journal number, its kind, the sentence, the steps with the tables'
// cells, and the action as the journal keeps it (every roll inside, so a replay is exact).
struct Happened {
    int seq = 0;
    std::string kind;
    std::string summary;
    Explanation explanation;
    nlohmann::json action;
};

// Where the battle stands: over or not, the winning side (-1: none or a draw) and why, in words.
struct SessionOutcome {
    bool over = false;
    int winner = -1;
    std::string reason;
};

// The programmed opponent's next action for a side, in the journal's words, with its reason.
struct Proposal {
    nlohmann::json action;
    std::string reason;
};

// A piece as the board draws it: where it stands (cm from the table's top-left corner, y down),
// which way its front faces (degrees clockwise from north, the table's top), its footprint, its
// side, and its state in words.
struct Piece {
    std::string id;
    std::string label;  // what the board writes on it
    int side = 0;
    double x_cm = 0, y_cm = 0;
    double facing_deg = 0;
    double width_cm = 4, depth_cm = 2;
    std::string status;  // "disorganised", "sunk", ... ("" when nothing is the matter)
};

// A piece of ground as the board draws it: its outline (cm, in the pieces' frame) and its kind in
// the rule system's words ("wood", "hill", "water", "built-up-area", "shoal", "objective").
struct Ground {
    std::string name;
    std::string kind;
    std::vector<std::pair<double, double>> outline;
};

struct TableSize {
    double width_cm = 0;
    double depth_cm = 0;
};

class GameSession {
public:
    virtual ~GameSession() = default;

    virtual const RuleSystem& system() const = 0;
    virtual std::string scenario_id() const = 0;
    virtual std::string scenario_name() const = 0;
    virtual std::uint64_t seed() const = 0;
    virtual std::vector<std::string> side_ids() const = 0;    // {"british", "french"}
    virtual std::vector<std::string> side_names() const = 0;
    // The side whose turn it is to act (-1: neither, such as the end of a round).
    virtual int acting_side() const = 0;
    virtual std::string clock_label() const = 0;  // "round 3, France moving" / "turn 4, 12:35"

    // Applies an action in the journal's words; a refusal is a RuleError and changes nothing
    // (the dice neither). A journal that cannot take the line undoes it and throws std::system_error.
    virtual Happened apply(const nlohmann::json& action) = 0;
    virtual bool undo() = 0;  // false when there is nothing to undo
    virtual bool redo() = 0;
    virtual bool can_undo() const = 0;
    virtual bool can_redo() const = 0;

    // Every journal line so far, in order (actions, undos, redos).
    virtual const std::vector<nlohmann::json>& journal() const = 0;
    virtual std::size_t actions_in_effect() const = 0;
    // Keeps every later line on disk as it happens (an existing journal of exactly these lines is
    // continued; another game's is refused with JournalConflict).
    virtual void attach_journal(const std::filesystem::path& file) = 0;
    virtual std::optional<std::filesystem::path> journal_file() const = 0;
    virtual void save(const std::filesystem::path& file) const = 0;  // atomic
    // What opening the game found worth telling the user ("continuing the journal beside the
    // save: it holds 2 lines beyond it").
    virtual std::vector<std::string> opening_notes() const = 0;

    virtual SessionOutcome outcome() const = 0;
    // The position for programs and the players' phones: what anyone at the table may see.
    virtual nlohmann::json public_state() const = 0;
    // The position in a few lines for a terminal.
    virtual std::vector<std::string> state_lines() const = 0;
    // The pieces on the table and its size, for a board: a system without them yet has an empty
    // table (the desk then shows the position in words only).
    virtual std::vector<Piece> pieces() const { return {}; }
    virtual TableSize table() const { return {}; }
    virtual std::vector<Ground> ground() const { return {}; }

    // The programmed opponent's next action for `side` (which must be acting), or nullopt when
    // it has nothing to do that the rules let it do. Its doctrine is the scenario's.
    virtual std::optional<Proposal> propose(int side) = 0;
    // A proposal the rules refused (the position changed under it): not proposed again until the
    // next action is applied, so the opponent never asks twice for what it cannot have.
    virtual void refused(int side, const nlohmann::json& action) = 0;
};

}  // namespace fortuna
