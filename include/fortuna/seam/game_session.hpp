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
#include <set>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include <nlohmann/json.hpp>

#include "fortuna/core/errors.hpp"
#include "fortuna/core/odds.hpp"
#include "fortuna/seam/rule_system.hpp"
#include "fortuna/sheets/sheet_content.hpp"

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
    // The seed's own marks of a unit's strength where its rules have them (Game Of Kings' officer,
    // seed 004 ORGANISATION): the bases it has of those it started with, drawn side by side along
    // the front (a removed one dashed), and where its officer stands behind them, as a fraction of
    // the width from the centre (-0.25 behind the left base, 0 the centre, 0.25 the right base;
    // none: no officer). bases_start 0: the footprint drawn as one block.
    int bases = 0;
    int bases_start = 0;
    std::optional<double> officer_at = std::nullopt;
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

// One outcome of an action's roll before it is thrown, with its exact chance (numerator over
// denominator: 6 of 36 for a 7 on 2d6).
struct OutcomeChance {
    std::string outcome;  // the table's words: "Dd (disordered)", "2 hits", "the boarder captures"
    std::uint64_t numerator = 0;
    std::uint64_t denominator = 1;
};

// An action tried before its dice are thrown (the companion's roll requests and proposals): what it
// would do, the roll a player throws for it and where that roll goes, and the exact odds of each
// outcome. Nothing in it is read from the game's generator (it would tell the next roll).
struct ActionPreview {
    std::string summary;    // what every outcome shares, or the action in its own words
    std::string roll_kind;  // "d6", "2d6" (a sum), "random", "dice:3" (three d6, each read alone); "" when no one roll is thrown
    std::string roll_slot;  // the action's key an entered roll goes in ("roll", "dice", "shoal_roll")
    std::vector<OutcomeChance> odds;  // may overlap where the rules say so (a broadside's "fire" with its hits)
    // Why there are no odds when the system cannot compute them yet ("no preview for Game Of Kings
    // yet"); "" when the preview is what the rules say.
    std::string unavailable;
};

// A kind of action a side's player may ask for from the table (the companion): an allow-list, so
// that a key a later release adds is the umpire's until the system lists it here.
struct PlayerActionKind {
    std::string kind;                      // "combat", "broadside"
    std::vector<std::string> keys;         // every key a player may give, the kind key and "note" included
    std::vector<std::string> own;          // keys naming a piece that must be the player's; one of them must be given
    std::vector<std::string> existing;     // keys naming any piece of the battle (a target): it must exist
    std::vector<std::string> umpire_keys;  // keys of the kind the umpire alone sets (measured, or the other side's)
};

// What a side's player may ask for, as the system declares it.
struct PlayerActions {
    std::string kind_key = "action";  // the member naming an action's kind: "do" (land) or "action"
    std::vector<PlayerActionKind> kinds;
    // A system that declares no kinds (open == true) lets a player ask for any kind but undo and
    // redo that names one of their own pieces under one of `own_keys`, with no key but the kind
    // key, `own_keys` and `open_keys` (a target under "target" must be a piece of the battle): an
    // allow-list of the pieces' and places' common names, so that no roll, chip or overrule of any
    // system is a player's to give (docs/companion.md).
    bool open = false;
    std::vector<std::string> own_keys;
    std::vector<std::string> open_keys;
    const PlayerActionKind* find(std::string_view kind) const;
};

// What the side acting may or must do now, in its rules' order (the desk's Duties list): in words,
// with the action that does it for the desk to put in its line (a move's place to edit there).
struct SessionDuty {
    std::string words;
    nlohmann::json action;
    bool compulsory = false;  // the rules require it before what follows (a rally, a melee)
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

    // ---- The table's phones (the companion) ask these; each has a default from what every
    // session provides (pieces() carries each piece's code and side), so a system serves at once.

    // The side whose piece (unit, ship, general) has this code, or nullopt. Default: pieces().
    virtual std::optional<int> owner_of(std::string_view code) const;
    // A side's pieces as its player sees them: [{"code", "name", "status", ...}]. Default: pieces().
    virtual nlohmann::json units_of(int side) const;
    // Who stands where, for any page's pickers: [{"code", "name", "side", "present"}]. Default: pieces().
    virtual nlohmann::json roster() const;
    // What a side's player may ask for. Default: open (PlayerActions::open), kind key "action".
    virtual PlayerActions player_actions() const;
    // The action tried without touching the game and without reading its generator; RuleError
    // when the rules refuse it. Default: the action in its own words and `unavailable` saying
    // "no preview for <system> yet".
    virtual ActionPreview preview(const nlohmann::json& action) const;
    // A roll a player typed ("4", 4, "0.734", "3,6,6" for dice:3) checked against a preview's roll kind, as
    // the value the action's roll slot takes; RuleError naming the range. Default: d6, 2d6, d10
    // and random numbers as one value, "dice:N" as a list of N dice.
    virtual nlohmann::json entered_roll(const std::string& kind, const nlohmann::json& value) const;

    // Fog of war (issue 27, item 6): the codes of the other side's pieces that `side`'s own pieces
    // can see now, by the system's line of sight; nullopt when the system measures no sight (the
    // companion then offers no fog for it). Default: nullopt. See fortuna/fog_of_war.hpp.
    virtual std::optional<std::set<std::string>> seen_by(int side) const;

    // Printed sheets (issue 25, "sheets"): the kinds this game prints ("reference", "roster",
    // "victory", ...), and each one's content as the game stands (a game fresh from its scenario,
    // or one in play with its losses), for the one renderer of fortuna_sheets. A system without
    // sheets prints none; a kind it lacks is a RuleError naming the kinds it has.
    virtual std::vector<std::string> sheet_kinds() const { return {}; }
    virtual SheetContent sheet(std::string_view kind) const {
        std::string kinds;
        for (const auto& k : sheet_kinds()) kinds += (kinds.empty() ? "" : ", ") + k;
        throw RuleError(system().name() + " prints no '" + std::string(kind) + "' sheet" +
                        (kinds.empty() ? std::string(" (it prints no sheets yet)") : " (it prints: " + kinds + ")"));
    }

    // The programmed opponent's next action for `side` (which must be acting), or nullopt when
    // it has nothing to do that the rules let it do. Its doctrine is the scenario's.
    virtual std::optional<Proposal> propose(int side) = 0;
    // What the side acting may or must do now, in the rules' order, each measured on the board
    // (empty: the system lists none; the action line and the opponent still serve).
    virtual std::vector<SessionDuty> duties() const { return {}; }
    // A proposal the rules refused (the position changed under it): not proposed again until the
    // next action is applied, so the opponent never asks twice for what it cannot have.
    virtual void refused(int side, const nlohmann::json& action) = 0;
};

}  // namespace fortuna
