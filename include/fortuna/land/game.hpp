// SPDX-License-Identifier: MIT
// The game in progress: units, generals, messengers, clock and morale, changed only by journaled actions.
#pragma once

#include <cstdint>
#include <filesystem>
#include <functional>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include <nlohmann/json.hpp>

#include "fortuna/land/actions.hpp"
#include "fortuna/core/chance.hpp"
#include "fortuna/core/game_record.hpp"
#include "fortuna/land/conditions.hpp"
#include "fortuna/land/resolution.hpp"
#include "fortuna/land/ruleset.hpp"
#include "fortuna/land/scenario.hpp"

namespace fortuna {

class RulesLibrary;
class JournalFile;
class Battlefield;
namespace detail {
class ActionContext;
struct PendingAction;
}  // namespace detail

// What never changes during a game.
struct UnitIdentity {
    std::string code;  // "B-I3"
    std::string name;
    std::string nation;
    std::string command;
    std::string reinforcement;  // id, or "" for the units on the table at the start
    int side = 0;               // index into Scenario::sides
    int bases_start = 0;
    const UnitType* type = nullptr;            // as deployed (mounted for dragoons)
    const UnitType* dismounted_type = nullptr; // dragoons: the army's dismounted type
    const UnitType* first_contact_type = nullptr; // lancers: the type whose shock they have at first contact (2.4.2)
};

// What actions change: small and trivially copyable, so an action's undo record is cheap.
struct UnitStatus {
    int bases = 0;
    UnitState state = UnitState::Normal;
    Formation formation = Formation::Line;
    Mount mount = Mount::None;
    Guns guns = Guns::None;
    int last_charge_turn = 0;  // 0: has not charged
    BoardPoint position;
    double facing_deg = 0;
    Presence presence = Presence::OnBoard;
    int pursuing = -1;  // the index of the unit it pursues after failing its control test (8.7); -1: none
    bool operator==(const UnitStatus&) const = default;
};

// A unit as the game shows it between actions: who it is and its status now.
struct Unit {
    UnitIdentity id;
    UnitStatus now;
    const UnitType& type() const { return now.mount == Mount::Dismounted ? *id.dismounted_type : *id.type; }
    Arm arm() const { return type().arm; }
};

struct GeneralIdentity {
    std::string code;
    std::string name;
    std::string command;
    std::string reinforcement;
    int side = 0;
    bool great_captain = false;
};

struct GeneralStatus {
    GeneralCondition condition = GeneralCondition::Present;
    int unhorsed_turn = 0;
    BoardPoint position;
    Presence presence = Presence::OnBoard;
    bool operator==(const GeneralStatus&) const = default;
};

struct General {
    GeneralIdentity id;
    GeneralStatus now;
    // May add his modifier: present, on the table, not unhorsed.
    bool effective() const { return now.presence == Presence::OnBoard && now.condition == GeneralCondition::Present; }
};

// A staff officer riding with an order (seed 002, Game Sequence 3: 200 mm a turn).
struct Messenger {
    int number = 0;
    int side = 0;
    std::string general;  // code of the general who sent him
    std::string to;       // command name or unit code
    std::string order;    // the order in words
    int issued_turn = 0;
    int arrives_turn = 0;
    MessengerStatus status = MessengerStatus::InTransit;
    double ride_mm = 0;  // his ride out, which he rides back once the order is given (7.1.2)
    int back_turn = 0;   // rules 4: the turn he is with his general again; 0 while out or before rules 4
    bool operator==(const Messenger&) const = default;
};

// Morale of one side: the highest threshold already tested (each is crossed once).
struct SideStatus {
    int tested_level = 0;  // percent; 0: none yet
    int crises = 0;
    int last_crisis_turn = 0;
    bool operator==(const SideStatus&) const = default;
};

// Five minutes a turn; the first player's half, then the second's; phases a-e in each.
struct Clock {
    int turn = 1;
    int half = 0;   // 0: first player, 1: second player
    int phase = 0;  // index into the rule set's phases
    bool operator==(const Clock&) const = default;
};

// Which families of the rules of play the game enforces (docs/rules/enforcement.md). An
// umpire beside figures may track movement on the table rather than in the app, and switch
// that family off; the switch is an action of its own, journaled and saved with the game.
struct Enforcement {
    bool movement = true;  // allowance, going, moving through units and impassable ground
    bool combat = true;    // contact and range, once per pair a phase, charge bonus after a charge
    bool fire = true;      // artillery once a turn, sight, range, no limbering after firing
    bool sequence = true;  // the phase of each action, the phasing side, duties before a phase ends
    bool operator==(const Enforcement&) const = default;
};

nlohmann::json enforcement_json(const Enforcement& enforcement);
// Reads {"movement": false, ...}; absent families are enforced. Throws DataError naming `where`.
Enforcement enforcement_from_json(const nlohmann::json& node, const std::string& file, const std::string& where);

// Everything an action may change. Two games are in the same position when these are equal.
struct GameState {
    std::vector<UnitStatus> units;
    std::vector<GeneralStatus> generals;
    std::vector<Messenger> messengers;
    std::vector<SideStatus> sides;
    Clock clock;
    Enforcement enforcement;
    bool operator==(const GameState&) const = default;
};

// The undo record of one action: the values it overwrote. Toggling swaps them with the
// state's, so the same record undoes and then redoes the action exactly, rolls and all.
struct StateChange {
    std::vector<std::pair<std::size_t, UnitStatus>> units;
    std::vector<std::pair<std::size_t, GeneralStatus>> generals;
    std::optional<std::vector<Messenger>> messengers;
    std::optional<std::vector<SideStatus>> sides;
    std::optional<Clock> clock;
    std::optional<Enforcement> enforcement;
    void toggle(GameState& state);
    bool empty() const { return units.empty() && generals.empty() && !messengers && !sides && !clock && !enforcement; }
};

// A roll as used by an action: which of its slots ("roll", "attacker_leader", ...), the
// natural roll, and whether it was kept from an undone action of the same kind.
struct ActionRoll {
    std::string slot;
    Roll roll;
    bool reused = false;
};

// One applied action: what was asked, the rolls, the result in words and the undo record.
// The version of the rules of play (1: release 0.1, advisory; 2: enforced, consequences applied;
// 3: routers run for their own edge as the library measures it, disrupting friends they pass;
// 4: lancers strike as medium cavalry at first contact, pursuing cavalry take a router's base;
// 5: a combat's circumstances and a battery's range are measured on the board and a claim the
// board does not bear out is refused, and the charge bonus needs a charge of the charge speed).
inline constexpr int kRulesVersion = 5;

struct AppliedAction {
    int seq = 0;                  // journal line number of the action
    ActionRequest request;        // the typed action, entered rolls included
    std::string kind;             // "combat"
    nlohmann::json input;         // the request in the journal's words (encode_action)
    std::vector<ActionRoll> rolls;
    std::string summary;          // one sentence
    Explanation explanation;      // the resolution's steps, citing the tables
    nlohmann::json result;        // structured outcome for programs
    std::string roll_key;         // undone rolls are kept for a request with the same key
    Clock clock;                  // when it was applied
    StateChange change;
    std::vector<std::string> overruled;  // rules the umpire overruled, each with his reason
    int rules_version = kRulesVersion;   // the rules of play it was applied under
};

// What an apply, undo, redo or load changed, for views that refresh only what they show.
struct GameChange {
    enum class Cause { Applied, Undone, Redone };
    Cause cause = Cause::Applied;
    const AppliedAction* action = nullptr;  // the action applied, undone or redone
    std::vector<std::size_t> units;         // indices whose status changed
    std::vector<std::size_t> generals;
    bool messengers = false;
    bool sides = false;
    bool clock = false;
};
using GameListener = std::function<void(const GameChange&)>;

// Per side, for the state summary and the morale track.
struct Threshold {
    int percent = 0;
    int bases = 0;         // base units lost that reach it, for the current army size
    bool reached = false;  // casualties have reached it
    bool tested = false;   // its crisis-of-morale test has been made (each is crossed once)
    bool immediate = false;
};

struct SideTally {
    std::string id;
    std::string name;
    int bases_start = 0;  // units on the table plus reinforcements that have arrived
    int bases_lost = 0;
    double percent_lost = 0;
    std::vector<Threshold> thresholds;
    bool crisis_due = false;  // a threshold reached but not yet tested
    std::map<std::string, int> units_by_state;  // normal, disrupted, withdrawing, routing, off-board, awaiting
};

class Game {
public:
    // A new game at the scenario's start. The library must outlive the game. `enforcement`
    // is the families of the rules of play enforced from the start (journaled in the header
    // and saved; later changes are "enforce" actions).
    Game(const RulesLibrary& library, Scenario scenario, std::uint64_t seed, Enforcement enforcement = {});
    const Enforcement& initial_enforcement() const { return initial_enforcement_; }
    ~Game();
    Game(Game&&) noexcept;
    Game& operator=(Game&&) noexcept;

    const RulesLibrary& library() const { return *library_; }
    const Scenario& scenario() const { return scenario_; }
    const RuleSet& rules() const { return *rules_; }
    std::uint64_t seed() const { return seed_; }
    const Dice& dice() const { return dice_; }
    const Battlefield& battlefield() const { return *battlefield_; }  // the scenario's terrain

    const GameState& state() const { return state_; }
    const std::vector<Unit>& units() const { return units_; }
    const std::vector<General>& generals() const { return generals_; }
    const Unit& unit(std::string_view code) const;        // throws RuleError naming known codes
    const General& general(std::string_view code) const;  // throws RuleError

    // The clock: turn 1 starts at the scenario's start; 5 minutes a turn.
    const Clock& clock() const { return state_.clock; }
    int minutes() const;            // minutes since midnight
    std::string clock_text() const; // "13:10"
    int phasing_side() const;       // index of the side whose half it is
    const Phase& phase() const;
    const std::vector<Phase>& phases() const { return phases_; }
    int minutes_to_dusk() const;

    SideTally tally(int side) const;
    // The crisis-of-morale table of this side now: the rule set's, its thresholds replaced by the
    // scenario's period in force at this time of day (Scenario::sauve_qui_peut; seed 001).
    CrisisOfMoraleTable crisis_table(int side) const;
    // The scenario's period in force for this side now, if any.
    const MoraleThresholds* thresholds_now(int side) const;
    VictoryJudgement victory() const;
    nlohmann::json summary_json() const;           // the state summary of `fortuna-cli play`
    std::vector<std::string> summary_lines() const;
    nlohmann::json state_json() const;             // every unit, general, messenger: for saves and checks

    // Applies one typed action. Throws RuleError, and changes nothing, when the action is
    // impossible, malformed, or refused by a rule the umpire has not overruled.
    const AppliedAction& apply(const ActionRequest& request);
    // The same from an action object of the journal and actions files (docs/cli.md "Playing
    // a game"), decoded by decode_action; {"do": "undo"} and {"do": "redo"} undo and redo.
    const AppliedAction& apply(const nlohmann::json& action);

    // Called after every apply, undo and redo with what changed; returns an id for unlisten.
    int listen(GameListener listener);
    void unlisten(int id);

    bool can_undo() const { return record_.can_undo(); }
    bool can_redo() const { return record_.can_redo(); }
    std::string undo_text() const;  // "Undo #12: F-I1 attacks I-I1 ..." or ""
    std::string redo_text() const;
    const AppliedAction& undo();     // throws RuleError when there is nothing to undo
    const AppliedAction& redo();

    const std::vector<AppliedAction>& history() const { return history_; }  // applied, oldest first
    // While a re-roll resolves its target again, the target's journal number: the rules of play
    // read the history without it (a re-roll is not a second combat, nor a later move).
    int reresolving() const { return reresolving_; }
    const std::vector<AppliedAction>& redo_stack() const { return redo_; }  // next redo last
    // Every journal line so far: actions, undos and redos, in order.
    const std::vector<nlohmann::json>& journal() const { return record_.lines(); }

    // Durable journal: writes a header (scenario copy, seed) and the lines so far to the
    // file, fsyncs, then appends and fsyncs every later line before apply/undo/redo return.
    void attach_journal(const std::filesystem::path& file);
    void detach_journal();
    std::optional<std::filesystem::path> journal_file() const;
    nlohmann::json journal_header() const;

    // Rebuilds a game by applying the lines of a journal to the scenario with the seed.
    // Generated rolls must come out as recorded; otherwise a DataError names the line. The
    // rebuilt game's journal holds the lines as given, so that it continues their file.
    static Game replay(const RulesLibrary& library, Scenario scenario, std::uint64_t seed,
                       const std::vector<nlohmann::json>& lines, const std::string& file = "journal",
                       Enforcement enforcement = {});

private:
    friend class detail::ActionContext;
    void sync_views();  // copies the state into units_[i].now and generals_[i].now
    UnitStatus& edit(std::size_t unit);
    GeneralStatus& edit_general(std::size_t general);
    std::vector<Messenger>& edit_messengers();
    std::vector<SideStatus>& edit_sides();
    Clock& edit_clock();

    std::size_t unit_index(std::string_view code) const;
    std::size_t general_index(std::string_view code) const;
    void execute(detail::PendingAction& pending);
    Enforcement& edit_enforcement();
    nlohmann::json step_context() const;
    void notify(GameChange::Cause cause, const AppliedAction& action);

    const RulesLibrary* library_;
    Scenario scenario_;
    const RuleSet* rules_;
    std::vector<Phase> phases_;  // the rule set's, or a-e of seed 002 when it gives none
    std::map<std::string, std::size_t, std::less<>> unit_codes_;
    std::map<std::string, std::size_t, std::less<>> general_codes_;
    std::uint64_t seed_;
    std::shared_ptr<const Battlefield> battlefield_;
    Enforcement initial_enforcement_;
    Dice dice_;
    std::vector<Unit> units_;
    std::vector<General> generals_;
    GameState state_;
    std::vector<AppliedAction> history_;
    std::vector<AppliedAction> redo_;
    // Generated rolls of undone actions, by roll key and slot: the next request with the same key
    // takes them instead of fresh ones, in the order release 0.1 wrote its saves with.
    KeptRolls kept_rolls_{KeptRolls::Order::FirstUndoneFirst};
    GameRecord record_;  // the journal, its file, and which actions are in effect (game_record.hpp)
    StateChange* recording_ = nullptr;
    // The rules version an action is applied under: the current one in play, the one its
    // journal line records in a replay (a line without one is from release 0.1, before the
    // rules of play were enforced; history is replayed as it was, never re-judged).
    int applying_rules_ = kRulesVersion;
    int reresolving_ = 0;
    std::vector<std::pair<int, GameListener>> listeners_;
    int next_listener_ = 1;
};

// The resolution request of a combat or a bombardment as the game stands: the desk's preview
// and the applied action build it here, so the odds shown are the odds rolled. Named leaders
// are assumed to survive their roll under fire; the applied action rolls it first.
CombatRequest combat_request(const Game& game, const CombatAction& action, int rules_version = kRulesVersion);
ArtilleryRequest artillery_request(const Game& game, const ArtilleryAction& action);

}  // namespace fortuna
