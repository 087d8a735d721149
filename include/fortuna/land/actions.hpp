// SPDX-License-Identifier: MIT
// Typed actions: one struct per kind of action, the variant of them all, and their one JSON codec.
//
// Every client speaks these types: the journal and saves, fortuna-cli's actions files, the
// app's docks and command line, the table companion and the programmed opponent. Each struct
// names its kind, the phase of the turn it belongs to (seed 002, "Simplified Game Sequence")
// and its fields once, in `fields()`; the codec, the list of keys an action takes and the
// messages for a malformed action are all derived from that one list. The variant `Action` is
// the registry of kinds: adding a kind means adding a struct here, listing it in the variant
// and writing its `execute` overload in the family file named in its comment.
#pragma once

#include <cstddef>
#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <tuple>
#include <variant>
#include <vector>

#include <nlohmann/json.hpp>

#include "fortuna/land/conditions.hpp"
#include "fortuna/core/names.hpp"
#include "fortuna/land/resolution.hpp"
#include "fortuna/land/ruleset.hpp"
#include "fortuna/land/scenario.hpp"

namespace fortuna {


// ---- Field descriptors ------------------------------------------------------------------

// Required: the key must be given. Optional: absent leaves the struct's default.
enum class Need { Required, Optional };

template <class Owner, class Member>
struct FieldSpec {
    std::string_view key;
    Member Owner::*member;
    std::string_view expected;  // "a unit code", "the range in board mm, 0-10000"
    Need need = Need::Optional;
    double min = 0;  // numbers only
    double max = 0;
};

template <class Owner, class Member>
constexpr FieldSpec<Owner, Member> required_key(std::string_view key, Member Owner::*member, std::string_view expected,
                                            double min = 0, double max = 0) {
    return {key, member, expected, Need::Required, min, max};
}
template <class Owner, class Member>
constexpr FieldSpec<Owner, Member> optional_key(std::string_view key, Member Owner::*member, std::string_view expected,
                                            double min = 0, double max = 0) {
    return {key, member, expected, Need::Optional, min, max};
}

// Board distances and positions are bounded so that a typing slip (1e308 mm) is refused,
// not carried into the geometry: a table is at most a few metres.
inline constexpr double kMaxBoardMm = 100000;

// ---- The kinds of action -------------------------------------------------------------------

// Close combat (seed 002, 4) Combat Phase; Tables 5-7). Family: combat.
// From rules 5 the circumstances are measured on the board (docs/rules/enforcement.md): a key
// left out is measured, a key given is a claim the board must bear out (or the umpire overrule),
// and combined arms count the attacker and the `supports` named that reach the defender.
struct CombatAction {
    static constexpr std::string_view kind = "combat";
    static constexpr std::string_view phase = "d";
    std::string attacker;
    std::string defender;
    std::optional<bool> flank;
    std::optional<bool> rear;
    std::optional<int> arms;
    std::optional<bool> charge;
    std::optional<TerrainAdvantage> terrain;
    std::optional<bool> obstacle;
    std::optional<std::string> attacker_leader;
    std::optional<std::string> defender_leader;
    std::vector<std::string> supports;
    static constexpr auto fields() {
        return std::tuple{required_key("attacker", &CombatAction::attacker, "a unit code"),
                          required_key("defender", &CombatAction::defender, "a unit code"),
                          optional_key("flank", &CombatAction::flank, "true or false"),
                          optional_key("rear", &CombatAction::rear, "true or false"),
                          optional_key("arms", &CombatAction::arms, "the number of arms attacking together, 1-3", 1, 3),
                          optional_key("charge", &CombatAction::charge, "true or false"),
                          optional_key("terrain", &CombatAction::terrain, "none, attacker or defender"),
                          optional_key("obstacle", &CombatAction::obstacle, "true or false"),
                          optional_key("attacker_leader", &CombatAction::attacker_leader, "a general's code"),
                          optional_key("defender_leader", &CombatAction::defender_leader, "a general's code"),
                          optional_key("supports", &CombatAction::supports,
                                       "the codes of the attacker's friends attacking with it, e.g. [\"F-C1\"]")};
    }
};

// Artillery fire (seed 002, 2) Artillery Fire Phase; Table 3). Family: combat.
// Without a range, the game measures it on the board, guns to the nearest base, and journals
// the range it measured with range_measured: a replay reads that range, never measures again,
// and explains it in the same words (issue 28: the recovered line equals the line on disk).
struct ArtilleryAction {
    static constexpr std::string_view kind = "artillery";
    static constexpr std::string_view phase = "b";
    std::string battery;
    std::string target;
    std::optional<double> range_mm;
    bool range_measured = false;
    static constexpr auto fields() {
        return std::tuple{required_key("battery", &ArtilleryAction::battery, "an artillery unit's code"),
                          required_key("target", &ArtilleryAction::target, "a unit code"),
                          optional_key("range_mm", &ArtilleryAction::range_mm, "the range in board mm, 0-10000", 0, 10000),
                          optional_key("range_measured", &ArtilleryAction::range_measured,
                                       "true when range_mm is the game's own measure on the board (journal)")};
    }
};

// A general under fire on his own (seed 002, Table 6 "Leaders"). Family: combat.
struct LeaderAction {
    static constexpr std::string_view kind = "leader";
    static constexpr std::string_view phase = "";
    std::string general;
    std::optional<std::string> unit;
    static constexpr auto fields() {
        return std::tuple{required_key("general", &LeaderAction::general, "a general's code"),
                          optional_key("unit", &LeaderAction::unit, "the code of the unit he is with")};
    }
};

// Rally of a disrupted, withdrawing or routing unit (seed 002, Game Sequence 1). Family: morale.
struct RallyAction {
    static constexpr std::string_view kind = "rally";
    static constexpr std::string_view phase = "a";
    std::string unit;
    std::optional<std::string> general;
    static constexpr auto fields() {
        return std::tuple{required_key("unit", &RallyAction::unit, "a unit code"),
                          optional_key("general", &RallyAction::general, "a general's code")};
    }
};

// The control test of a unit that routed its enemy in close combat (seed 000, 8.7; seed 002, 4)
// Combat Phase): at or above its morale value it answers orders; below it, it pursues the
// routers until rallied. A general may help as in a rally (5.3). Family: morale.
struct ControlAction {
    static constexpr std::string_view kind = "control";
    static constexpr std::string_view phase = "d";
    std::string unit;
    std::optional<std::string> general;
    static constexpr auto fields() {
        return std::tuple{required_key("unit", &ControlAction::unit, "a unit code"),
                          optional_key("general", &ControlAction::general, "a general's code")};
    }
};

// Crisis-of-morale test of one side (seed 002, 5); seed 000, 9.1). Family: morale.
struct CrisisAction {
    static constexpr std::string_view kind = "crisis";
    static constexpr std::string_view phase = "e";
    std::string side;
    static constexpr auto fields() { return std::tuple{required_key("side", &CrisisAction::side, "a side's id")}; }
};

// A unit routs (seed 000, 5.2 and 7.2.4; seed 002, Game Sequence 3): it runs a whole move at
// charge speed for its own edge, disrupting friends it passes through, off the table if it
// reaches the edge. Without `to` the library measures the run (geometry.hpp plan_rout); with
// `to` the umpire placed it and it is judged as a move. Family: movement.
struct RoutAction {
    static constexpr std::string_view kind = "rout";
    static constexpr std::string_view phase = "c";
    std::string unit;
    std::optional<BoardPoint> to;
    bool off_board = false;
    static constexpr auto fields() {
        return std::tuple{required_key("unit", &RoutAction::unit, "a unit code"),
                          optional_key("to", &RoutAction::to, "a position on the board"),
                          optional_key("off_board", &RoutAction::off_board, "true or false")};
    }
};

// A move of a unit or a general (seed 002, Game Sequence 3; Tables 1-2). Family: movement.
struct MoveAction {
    static constexpr std::string_view kind = "move";
    static constexpr std::string_view phase = "c";
    std::optional<std::string> unit;
    std::optional<std::string> general;
    std::optional<BoardPoint> to;
    std::optional<double> facing_deg;
    bool off_board = false;
    static constexpr auto fields() {
        return std::tuple{optional_key("unit", &MoveAction::unit, "a unit code"),
                          optional_key("general", &MoveAction::general, "a general's code"),
                          optional_key("to", &MoveAction::to, "a position on the board"),
                          optional_key("facing_deg", &MoveAction::facing_deg, "a direction 0-360", 0, 360),
                          optional_key("off_board", &MoveAction::off_board, "true or false")};
    }
};

// A charge move (seed 002, Tables 1-2 "charge"; once every N turns). Family: movement.
struct ChargeAction {
    static constexpr std::string_view kind = "charge";
    static constexpr std::string_view phase = "c";
    std::string unit;
    std::optional<BoardPoint> to;
    std::optional<double> facing_deg;
    static constexpr auto fields() {
        return std::tuple{required_key("unit", &ChargeAction::unit, "a unit code"),
                          optional_key("to", &ChargeAction::to, "a position on the board"),
                          optional_key("facing_deg", &ChargeAction::facing_deg, "a direction 0-360", 0, 360)};
    }
};

// Formation, mount, limber or facing changes (seed 002, Table 4). Family: movement.
struct FormationAction {
    static constexpr std::string_view kind = "formation";
    static constexpr std::string_view phase = "c";
    std::string unit;
    std::optional<Formation> to;
    std::optional<bool> mount;
    std::optional<Guns> guns;
    std::optional<double> facing_deg;
    static constexpr auto fields() {
        return std::tuple{required_key("unit", &FormationAction::unit, "a unit code"),
                          optional_key("to", &FormationAction::to, "line, column or square"),
                          optional_key("mount", &FormationAction::mount, "true (mount) or false (dismount)"),
                          optional_key("guns", &FormationAction::guns, "limbered or unlimbered"),
                          optional_key("facing_deg", &FormationAction::facing_deg, "a direction 0-360", 0, 360)};
    }
};

// A reinforcement arrives (scenario; seed 002, 5) on the combined army). Family: movement.
struct ReinforcementsAction {
    static constexpr std::string_view kind = "reinforcements";
    static constexpr std::string_view phase = "c";
    std::string id;
    static constexpr auto fields() {
        return std::tuple{required_key("id", &ReinforcementsAction::id, "a reinforcement id of the scenario")};
    }
};

// An order sent by messenger (seed 002, Game Sequence 3: 200 mm a turn), or given in person by a
// general at the unit (seed 000, 7.1.2: "accepted without question"). Family: command.
struct OrderAction {
    static constexpr std::string_view kind = "order";
    static constexpr std::string_view phase = "c";
    std::string general;
    std::string to;
    std::string order;
    std::optional<double> distance_mm;  // rules 4: measured on the board when left out
    bool in_person = false;
    bool distance_measured = false;  // distance_mm is the game's own measure (journal), as ArtilleryAction::range_measured
    static constexpr auto fields() {
        return std::tuple{required_key("general", &OrderAction::general, "a general's code"),
                          required_key("to", &OrderAction::to, "the command or unit the order is for"),
                          required_key("order", &OrderAction::order, "the order in words"),
                          optional_key("distance_mm", &OrderAction::distance_mm, "the messenger's ride in board mm", 0,
                                   kMaxBoardMm),
                          optional_key("in_person", &OrderAction::in_person, "true (the general gives it at the unit) or false"),
                          optional_key("distance_measured", &OrderAction::distance_measured,
                                       "true when distance_mm is the game's own measure on the board (journal)")};
    }
};

// A messenger arrives (or is captured) and his order is understood or not. Family: command.
struct DeliverAction {
    static constexpr std::string_view kind = "deliver";
    static constexpr std::string_view phase = "c";
    int messenger = 0;
    bool captured = false;
    static constexpr auto fields() {
        return std::tuple{required_key("messenger", &DeliverAction::messenger, "a messenger's number", 1, 1000000),
                          optional_key("captured", &DeliverAction::captured, "true or false")};
    }
};

// The umpire's correction of a unit or a general, with no roll. Family: umpire.
struct SetAction {
    static constexpr std::string_view kind = "set";
    static constexpr std::string_view phase = "";
    std::optional<std::string> unit;
    std::optional<std::string> general;
    std::optional<int> bases;
    std::optional<UnitState> state;
    std::optional<Formation> formation;
    std::optional<Guns> guns;
    std::optional<bool> mount;
    std::optional<BoardPoint> to;
    std::optional<double> facing_deg;
    std::optional<Presence> presence;
    std::optional<int> last_charge_turn;
    std::optional<GeneralCondition> condition;
    std::optional<std::string> reason;
    static constexpr auto fields() {
        return std::tuple{optional_key("unit", &SetAction::unit, "a unit code"),
                          optional_key("general", &SetAction::general, "a general's code"),
                          optional_key("bases", &SetAction::bases, "a number of bases 0-100", 0, 100),
                          optional_key("state", &SetAction::state, "normal, disrupted, withdrawing or routing"),
                          optional_key("formation", &SetAction::formation, "line, column or square"),
                          optional_key("guns", &SetAction::guns, "limbered, unlimbered or captured"),
                          optional_key("mount", &SetAction::mount, "true (mounted) or false (dismounted)"),
                          optional_key("to", &SetAction::to, "a position on the board"),
                          optional_key("facing_deg", &SetAction::facing_deg, "a direction 0-360", 0, 360),
                          optional_key("presence", &SetAction::presence, "awaiting, on-board or off-board"),
                          optional_key("last_charge_turn", &SetAction::last_charge_turn, "a turn number, 0 for never", 0,
                                   100000),
                          optional_key("condition", &SetAction::condition, "present, unhorsed, wounded or killed"),
                          optional_key("reason", &SetAction::reason, "the reason in words")};
    }
};

// The end of the phasing side's phase; the clock moves on. Family: umpire.
struct EndPhaseAction {
    static constexpr std::string_view kind = "end-phase";
    static constexpr std::string_view phase = "";
    static constexpr auto fields() { return std::tuple{}; }
};

// The umpire switches a family of the rules of play on or off for this game
// (docs/rules/enforcement.md): movement, combat, fire, sequence, or all of them. Family: umpire.
struct EnforceAction {
    static constexpr std::string_view kind = "enforce";
    static constexpr std::string_view phase = "";
    std::string family;
    bool on = true;
    static constexpr auto fields() {
        return std::tuple{required_key("family", &EnforceAction::family, "movement, combat, fire, sequence or all"),
                          required_key("on", &EnforceAction::on, "true (enforce) or false (advise only)")};
    }
};

// A deliberate re-roll of the last action, journaled as its own action. Family: umpire.
struct RerollAction {
    static constexpr std::string_view kind = "reroll";
    static constexpr std::string_view phase = "";
    std::optional<int> of;
    static constexpr auto fields() {
        return std::tuple{optional_key("of", &RerollAction::of, "the number of the last action", 1, 100000000)};
    }
};

// The registry of kinds: every kind, once.
using Action = std::variant<CombatAction, ArtilleryAction, LeaderAction, RallyAction, CrisisAction, RoutAction, MoveAction,
                            ChargeAction, FormationAction, ReinforcementsAction, OrderAction, DeliverAction, SetAction,
                            EndPhaseAction, EnforceAction, RerollAction, ControlAction>;

// A roll typed by the umpire from real dice: its text, and whether it came as a JSON number.
struct EnteredRoll {
    std::string text;
    bool number = false;
    bool operator==(const EnteredRoll&) const = default;
};

// An action with what any action may carry: entered rolls by slot ("roll" is the main one),
// a note, the umpire's override of a rule with its reason (docs/rules/enforcement.md), and
// who asked for it when not the desk (a companion's side, the programmed opponent).
struct ActionRequest {
    Action action;
    std::map<std::string, EnteredRoll, std::less<>> rolls;
    std::optional<std::string> note;
    std::optional<std::string> override_reason;
    std::optional<std::string> by;
    std::optional<std::string> why;  // the programmed opponent's reason, kept with the action

    ActionRequest() : action(EndPhaseAction{}) {}
    template <class A>
        requires std::is_constructible_v<Action, A>
    ActionRequest(A a) : action(std::move(a)) {}  // NOLINT: implicit on purpose, game.apply(CombatAction{...})

    std::string_view kind() const;
    std::string_view phase() const;  // "" for actions of any phase
};

// What the registry knows of one kind, derived from its struct.
struct ActionKindInfo {
    std::string_view kind;
    std::string_view phase;
    std::vector<std::string_view> keys;  // its own keys; every action also takes roll, rolls, note, override, by, why
};
const std::vector<ActionKindInfo>& action_kinds();
const ActionKindInfo* find_action_kind(std::string_view kind);
std::string known_action_kinds();  // "combat, artillery, ..., undo, redo"

// The codec. decode_action throws RuleError naming the action, the key and what was
// expected ("'combat' needs 'attacker': a unit code (found nothing)"); "undo" and "redo" are
// game operations, not actions, and are refused here (Game::apply(json) handles them).
ActionRequest decode_action(const nlohmann::json& object);
nlohmann::json encode_action(const ActionRequest& request);

}  // namespace fortuna
