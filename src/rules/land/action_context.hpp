// SPDX-License-Identifier: MIT
// What an action's rule sees while it runs: the game to read, edits that record their undo, draws, words.
//
// Each family file (actions_combat.cpp, actions_movement.cpp, actions_command.cpp,
// actions_morale.cpp, actions_umpire.cpp) writes one `execute` overload per kind it owns.
// They change the game only through ActionContext: every edit goes into the action's undo
// record, every roll through draw() (entered, kept from an undo, or generated), and a
// refusal anywhere rolls the whole action back (Game::apply).
#pragma once

#include <cstddef>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include <nlohmann/json.hpp>

#include "fortuna/land/actions.hpp"
#include "fortuna/land/game.hpp"
#include "fortuna/land/rules_of_play.hpp"

namespace fortuna::detail {

// An action while it is being resolved.
struct PendingAction {
    ActionRequest request;
    const ActionRequest* entered = nullptr;  // where entered rolls are looked up (the request, or the reroll's)
    std::string roll_key;
    std::string key_prefix;  // "reroll:" while re-rolling: its rolls are filed apart
    std::vector<ActionRoll> rolls;
    std::string summary;
    Explanation explanation;
    nlohmann::json result = nlohmann::json::object();
    StateChange change;
    std::vector<std::string> overruled;  // rules the umpire overruled for this action
};

class ActionContext {
public:
    ActionContext(Game& game, PendingAction& pending) : game_(game), p_(pending) {}

    // ---- reading
    const Game& game() const { return game_; }
    const RuleSet& rules() const { return *game_.rules_; }
    const Scenario& scenario() const { return game_.scenario_; }
    const GameState& state() const { return game_.state_; }
    const Clock& clock() const { return game_.state_.clock; }
    const Unit& unit(std::size_t index) const { return game_.units_[index]; }
    const General& general(std::size_t index) const { return game_.generals_[index]; }
    const std::vector<Unit>& units() const { return game_.units_; }
    const std::vector<General>& generals() const { return game_.generals_; }
    const std::vector<AppliedAction>& history() const { return game_.history_; }
    const ActionRequest& request() const { return p_.request; }

    // Index of a unit or general named by the action's key; a refusal names the key and the known codes.
    std::size_t unit_index(std::string_view key, const std::string& code) const;
    std::size_t general_index(std::string_view key, const std::string& code) const;
    // A unit that must be on the table.
    std::size_t on_board_unit(std::string_view key, const std::string& code) const;

    // ---- changing (recorded in the action's undo record)
    UnitStatus& edit(std::size_t unit) { return game_.edit(unit); }
    GeneralStatus& edit_general(std::size_t general) { return game_.edit_general(general); }
    std::vector<Messenger>& edit_messengers() { return game_.edit_messengers(); }
    std::vector<SideStatus>& edit_sides() { return game_.edit_sides(); }
    Clock& edit_clock() { return game_.edit_clock(); }
    // Copies the state into the unit and general views the rules read (after an edit they must see).
    void refresh_views() { game_.sync_views(); }

    // ---- rolls and words
    ActionRoll draw(std::string_view slot, RollKind kind);
    // The key that files this action's generated rolls when it is undone (see game.cpp).
    void key_rolls(std::string_view kind, const std::vector<std::string>& subjects);
    void explain(std::string line) { p_.explanation.push_back(std::move(line)); }
    void explain(const Explanation& lines) { p_.explanation.insert(p_.explanation.end(), lines.begin(), lines.end()); }
    void summary(std::string words) { p_.summary = std::move(words); }
    nlohmann::json& result() { return p_.result; }
    PendingAction& pending() { return p_; }

    // A malformed field: "'combat' needs 'terrain': none, attacker or defender (found "x")".
    [[noreturn]] void fail(std::string_view key, const std::string& expected) const;
    // A request with nothing to apply ("there is no action to re-roll"): no rule to overrule.
    [[noreturn]] void impossible(const std::string& words) const;

    // A rule of play (issue 12, docs/rules/enforcement.md): when `allowed` is false the
    // action is refused with `words` and the refusal's seed section (rules_of_play.hpp), unless
    // the umpire overrules it with a reason or the game's enforcement of its family is off;
    // either way the explanation says so, and the journal keeps it.
    void require(bool allowed, Refusal id, const std::string& words);
    // Whether that family is enforced now (and the action is not release 0.1 history).
    bool enforcing(std::string_view family) const;
    // The rules of play the action is applied under (kRulesVersion, or older in a replay).
    int rules_version() const { return game_.applying_rules_; }
    Enforcement& edit_enforcement() { return game_.edit_enforcement(); }

    // Runs another request inside this action (the re-roll of the last action).
    void execute_again(PendingAction& again, int target_seq);

private:
    Game& game_;
    PendingAction& p_;
};

std::string unit_label(const Unit& unit);           // "B-I3 Bohemian foot (3)"
std::string fixed(double value, int decimals = 0);  // "%.*f"

// What this turn's history says (fortuna/rules_of_play.hpp): facts the rules of play need.
inline double move_spent_this_turn(const ActionContext& ctx, const std::string& unit) {
    return fortuna::move_spent_this_turn(ctx.game(), unit);
}
inline bool charged_this_turn(const ActionContext& ctx, const std::string& unit) {
    return fortuna::charged_this_turn(ctx.game(), unit);
}
inline bool under_fire_this_turn(const ActionContext& ctx, const std::string& general) {
    return fortuna::under_fire_this_turn(ctx.game(), general);
}
inline bool fired_this_turn(const ActionContext& ctx, const std::string& battery) {
    return fortuna::fired_this_turn(ctx.game(), battery);
}
inline std::optional<int> fought_this_phase(const ActionContext& ctx, const std::string& attacker, const std::string& defender) {
    return fortuna::fought_this_phase(ctx.game(), attacker, defender);
}

// The phasing side acts: refuses (sequence family) a unit of the other side doing `verb`.
void require_phasing(ActionContext& ctx, const Unit& unit, const std::string& verb, Refusal id);

// One overload per kind, in the family files.
void execute(ActionContext& ctx, const CombatAction& action);          // actions_combat.cpp
void execute(ActionContext& ctx, const ArtilleryAction& action);       // actions_combat.cpp
void execute(ActionContext& ctx, const LeaderAction& action);          // actions_combat.cpp
void execute(ActionContext& ctx, const RallyAction& action);           // actions_morale.cpp
void execute(ActionContext& ctx, const CrisisAction& action);          // actions_morale.cpp
void execute(ActionContext& ctx, const ControlAction& action);         // actions_morale.cpp
void execute(ActionContext& ctx, const RoutAction& action);            // actions_movement.cpp
void execute(ActionContext& ctx, const MoveAction& action);            // actions_movement.cpp
void execute(ActionContext& ctx, const ChargeAction& action);          // actions_movement.cpp
void execute(ActionContext& ctx, const FormationAction& action);       // actions_movement.cpp
void execute(ActionContext& ctx, const ReinforcementsAction& action);  // actions_movement.cpp
void execute(ActionContext& ctx, const OrderAction& action);           // actions_command.cpp
void execute(ActionContext& ctx, const DeliverAction& action);         // actions_command.cpp
void execute(ActionContext& ctx, const SetAction& action);             // actions_umpire.cpp
void execute(ActionContext& ctx, const EndPhaseAction& action);        // actions_umpire.cpp
void execute(ActionContext& ctx, const EnforceAction& action);         // actions_umpire.cpp
void execute(ActionContext& ctx, const RerollAction& action);          // actions_umpire.cpp

// A general under fire (seed 002, Table 6 "Leaders add to die roll"), shared by combat and leader.
LeaderResolution leader_under_fire(ActionContext& ctx, std::size_t general, std::optional<std::size_t> supported,
                                   const std::string& slot);
// Casualties and the new state of one side of a fight; a unit with no bases leaves the table.
void apply_outcome(ActionContext& ctx, std::size_t unit, const SideOutcome& outcome);

}  // namespace fortuna::detail
