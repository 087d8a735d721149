// SPDX-License-Identifier: MIT
// The game in progress: applies actions through the rules' resolutions, journals them, undoes them honestly.
// Why one file of 770 lines: the game's invariants (an undo record for every action, the journal
// line before the state changes, replay applying exactly what apply does) belong to one class;
// the sections below are its parts (undo records, set-up, clock and tallies, applying, journal).
//
// Honest undo (STYLE.md "Undo that an umpire can trust"). Every roll an action uses is kept in
// the action and in its journal line, so undo and redo replay it exactly: redo toggles the
// action's undo record back, it never rolls. When an action is undone, the rolls the generator
// made for it are kept, filed under the action's roll key (the kind of request, the units it
// names, the turn and the player's half: "combat:F-I1>I-I1@3.0") and its roll slot ("roll",
// "attacker_leader", ...). The next request with the same key and slot takes the kept roll
// instead of a fresh one, so undoing a combat and resolving it again, even with corrected
// modifiers, gets the same number. Keys include the turn and half, so a kept roll cannot be
// carried into a later turn and spent on a combat chosen to suit it. A roll the umpire
// entered from real dice is his, and is not kept. A deliberate re-roll is its own action
// ("reroll"), takes fresh rolls under its own key, and shows the old and new rolls in the
// journal; undoing it restores the first result.
//
// Because undo, redo and reroll are journal lines too, replaying the journal from the
// scenario and the seed repeats every draw of the generator, every kept roll and every undo:
// the replayed game equals the live one, generator state included.
#include "fortuna/land/game.hpp"
#include "fortuna/land/land_tables.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <set>
#include <utility>

#include "fortuna/core/errors.hpp"
#include "fortuna/core/json_fields.hpp"
#include "fortuna/core/journal.hpp"
#include "fortuna/seam/library.hpp"
#include "action_context.hpp"
#include "fortuna/land/battlefield.hpp"

namespace fortuna {

namespace detail {

std::string fixed(double value, int decimals) {
    char buffer[64];
    std::snprintf(buffer, sizeof buffer, "%.*f", decimals, value);
    return buffer;
}

std::string unit_label(const Unit& unit) { return unit.id.code + " " + unit.id.name; }

}  // namespace detail

namespace {

const std::vector<Phase>& default_phases() {
    // seed 002, "Simplified Game Sequence".
    static const std::vector<Phase> phases{
        {"a", "Rout and disruption removal", "seed 002, Game Sequence 1"},
        {"b", "Artillery fire", "seed 002, Game Sequence 2"},
        {"c", "Movement and orders", "seed 002, Game Sequence 3"},
        {"d", "Combat", "seed 002, Game Sequence 4"},
        {"e", "Crisis of morale test", "seed 002, Game Sequence 5"},
    };
    return phases;
}

nlohmann::json roll_json(const ActionRoll& roll) {
    nlohmann::json node{{"slot", roll.slot},
                        {"kind", to_string(roll.roll.kind)},
                        {"value", roll.roll.value},
                        {"text", format_roll(roll.roll.kind, roll.roll.value)},
                        {"source", to_string(roll.roll.source)}};
    if (roll.reused) node["kept_from_undo"] = true;
    return node;
}

nlohmann::json point_json(const BoardPoint& p) { return {{"x_mm", p.x_mm}, {"y_mm", p.y_mm}}; }

std::string ordinal_half(int half) { return half == 0 ? "first" : "second"; }

using detail::fixed;

}  // namespace

// ------------------------------------------------------------------ undo records

void StateChange::toggle(GameState& state) {
    for (auto& [index, value] : units) std::swap(state.units[index], value);
    for (auto& [index, value] : generals) std::swap(state.generals[index], value);
    if (messengers) std::swap(state.messengers, *messengers);
    if (sides) std::swap(state.sides, *sides);
    if (clock) std::swap(state.clock, *clock);
    if (enforcement) std::swap(state.enforcement, *enforcement);
}

UnitStatus& Game::edit(std::size_t index) {
    if (recording_ != nullptr) {
        auto& list = recording_->units;
        if (std::none_of(list.begin(), list.end(), [&](const auto& entry) { return entry.first == index; }))
            list.emplace_back(index, state_.units[index]);
    }
    return state_.units[index];
}
GeneralStatus& Game::edit_general(std::size_t index) {
    if (recording_ != nullptr) {
        auto& list = recording_->generals;
        if (std::none_of(list.begin(), list.end(), [&](const auto& entry) { return entry.first == index; }))
            list.emplace_back(index, state_.generals[index]);
    }
    return state_.generals[index];
}
std::vector<Messenger>& Game::edit_messengers() {
    if (recording_ != nullptr && !recording_->messengers) recording_->messengers = state_.messengers;
    return state_.messengers;
}
std::vector<SideStatus>& Game::edit_sides() {
    if (recording_ != nullptr && !recording_->sides) recording_->sides = state_.sides;
    return state_.sides;
}
Enforcement& Game::edit_enforcement() {
    if (recording_ != nullptr && !recording_->enforcement) recording_->enforcement = state_.enforcement;
    return state_.enforcement;
}
Clock& Game::edit_clock() {
    if (recording_ != nullptr && !recording_->clock) recording_->clock = state_.clock;
    return state_.clock;
}

// ------------------------------------------------------------------ set-up

Game::Game(const RulesLibrary& library, Scenario scenario, std::uint64_t seed, Enforcement enforcement)
    : library_(&library), scenario_(std::move(scenario)), rules_(&land_tables(library).ruleset(scenario_.ruleset)), seed_(seed),
      battlefield_(std::make_shared<const Battlefield>(scenario_)), initial_enforcement_(enforcement), dice_(seed) {
    state_.enforcement = enforcement;
    phases_ = rules_->phases.empty() ? default_phases() : rules_->phases;
    state_.sides.resize(2);

    const auto add_command = [&](const CommandSetup& command, int side, const std::string& reinforcement) {
        const Presence presence = reinforcement.empty() ? Presence::OnBoard : Presence::Awaiting;
        if (command.general) {
            General general;
            general.id = {command.general->code, command.general->name, command.name, reinforcement, side,
                          command.general->great_captain};
            general.now.position = command.general->position.value_or(BoardPoint{});
            general.now.presence = presence;
            general_codes_.emplace(general.id.code, generals_.size());
            state_.generals.push_back(general.now);
            generals_.push_back(std::move(general));
        }
        for (const UnitSetup& setup : command.units) {
            Unit unit;
            unit.id.code = setup.code;
            unit.id.name = setup.name;
            unit.id.nation = setup.nation;
            unit.id.command = command.name;
            unit.id.reinforcement = reinforcement;
            unit.id.side = side;
            unit.id.bases_start = setup.bases;
            unit.id.type = setup.unit_type;
            if (unit.id.type == nullptr) unit.id.type = &land_tables(library).unit_type(scenario_.ruleset, setup.nation + "/" + setup.type);
            unit.now.bases = setup.bases;
            unit.now.state = setup.state;
            unit.now.formation = setup.formation;
            unit.now.position = setup.position;
            unit.now.facing_deg = setup.facing_deg;
            unit.now.presence = presence;
            // Dragoons: the army's dismounted type (seed 002, Tables 1-2 list both).
            const UnitType& type = *unit.id.type;
            if (type.can_dismount || type.kind == "dragoons") {
                const Army& army = land_tables(library).army(scenario_.ruleset, setup.nation);
                const UnitType* dismounted = type.dismounted_as.empty() ? nullptr : army.find(type.dismounted_as);
                if (dismounted == nullptr) {
                    for (const UnitType& candidate : army.units)
                        if (candidate.kind == "dismounted-dragoons") dismounted = &candidate;
                }
                if (dismounted != nullptr) {
                    unit.id.dismounted_type = dismounted;
                    unit.now.mount = Mount::Mounted;
                }
            }
            // Uhlans and lancers: the shock of medium cavalry in the first move of contact (seed 000, 2.4.2).
            if (!type.first_contact_as.empty())
                unit.id.first_contact_type = land_tables(library).army(scenario_.ruleset, setup.nation).find(type.first_contact_as);
            if (type.arm == Arm::Artillery) unit.now.guns = setup.guns_limbered ? Guns::Limbered : Guns::Unlimbered;
            unit_codes_.emplace(unit.id.code, units_.size());
            state_.units.push_back(unit.now);
            units_.push_back(std::move(unit));
        }
    };
    for (std::size_t s = 0; s < scenario_.sides.size(); ++s) {
        for (const CommandSetup& command : scenario_.sides[s].commands) add_command(command, static_cast<int>(s), "");
    }
    for (const ReinforcementSetup& reinforcement : scenario_.reinforcements) {
        add_command(reinforcement.command, scenario_.side_index(reinforcement.side), reinforcement.id);
    }
}

void Game::sync_views() {
    for (std::size_t i = 0; i < units_.size(); ++i) units_[i].now = state_.units[i];
    for (std::size_t i = 0; i < generals_.size(); ++i) generals_[i].now = state_.generals[i];
}

Game::~Game() = default;
Game::Game(Game&&) noexcept = default;
Game& Game::operator=(Game&&) noexcept = default;

std::size_t Game::unit_index(std::string_view code) const {
    const auto it = unit_codes_.find(code);
    if (it == unit_codes_.end()) {
        std::string known;
        for (const Unit& unit : units_) known += (known.empty() ? "" : ", ") + unit.id.code;
        throw RuleError("no unit '" + std::string(code) + "' in this game: the units are " + known);
    }
    return it->second;
}
std::size_t Game::general_index(std::string_view code) const {
    const auto it = general_codes_.find(code);
    if (it == general_codes_.end()) {
        std::string known;
        for (const General& general : generals_) known += (known.empty() ? "" : ", ") + general.id.code;
        throw RuleError("no general '" + std::string(code) + "' in this game: the generals are " +
                        (known.empty() ? std::string("none") : known));
    }
    return it->second;
}
const Unit& Game::unit(std::string_view code) const { return units_[unit_index(code)]; }
const General& Game::general(std::string_view code) const { return generals_[general_index(code)]; }

// ------------------------------------------------------------------ clock and tallies

int Game::minutes() const { return scenario_.start + (state_.clock.turn - 1) * rules_->turn_minutes; }
std::string Game::clock_text() const { return format_clock(minutes()); }
int Game::minutes_to_dusk() const { return scenario_.dusk - minutes(); }

const MoraleThresholds* Game::thresholds_now(int side) const {
    const MoraleThresholds* now = nullptr;
    const std::string& id = scenario_.sides[static_cast<std::size_t>(side)].id;
    for (const MoraleThresholds& period : scenario_.sauve_qui_peut) {
        if (period.from > minutes() || (!period.side.empty() && period.side != id)) continue;
        // The latest period begun; at the same time a side's own before the one for both.
        if (now == nullptr || period.from > now->from || (period.from == now->from && !period.side.empty())) now = &period;
    }
    return now;
}

CrisisOfMoraleTable Game::crisis_table(int side) const {
    CrisisOfMoraleTable table = rules_->crisis_of_morale;
    if (const MoraleThresholds* period = thresholds_now(side))
        for (std::size_t i = 0; i < period->percents.size() && i < table.levels.size(); ++i) table.levels[i].percent = period->percents[i];
    return table;
}
const Phase& Game::phase() const { return phases_[static_cast<std::size_t>(state_.clock.phase)]; }
int Game::phasing_side() const {
    const int first = scenario_.side_index(scenario_.first_player);
    return state_.clock.half == 0 ? first : 1 - first;
}

SideTally Game::tally(int side) const {
    SideTally tally;
    const SideSetup& setup = scenario_.sides.at(static_cast<std::size_t>(side));
    tally.id = setup.id;
    tally.name = setup.name;
    for (const char* state : {"normal", "disrupted", "withdrawing", "routing", "off-board", "awaiting"})
        tally.units_by_state[state] = 0;
    for (std::size_t i = 0; i < units_.size(); ++i) {
        if (units_[i].id.side != side) continue;
        const UnitStatus& now = state_.units[i];
        if (now.presence == Presence::Awaiting) {
            ++tally.units_by_state["awaiting"];
            continue;
        }
        tally.bases_start += units_[i].id.bases_start;
        // A unit that routs off the board is "permanently removed from the battle" (seed 002, 3);
        // its remaining bases are removed from play and count against morale and victory
        // (seed 000, 9.1). A unit that leaves in good order is not a casualty (errata E19).
        const bool routed_off = now.presence == Presence::OffBoard && now.state == UnitState::Routing;
        tally.bases_lost += routed_off ? units_[i].id.bases_start : std::max(0, units_[i].id.bases_start - now.bases);
        if (now.presence == Presence::OffBoard) ++tally.units_by_state["off-board"];
        else ++tally.units_by_state[std::string(to_string(now.state))];
    }
    tally.percent_lost = tally.bases_start > 0 ? 100.0 * tally.bases_lost / tally.bases_start : 0.0;
    const CrisisOfMoraleTable table = crisis_table(side);
    const CrisisAssessment assessment = assess_crisis(table, tally.bases_lost, tally.bases_start);
    const SideStatus& status = state_.sides[static_cast<std::size_t>(side)];
    for (const CrisisLevel& level : table.levels) {
        Threshold threshold;
        threshold.percent = level.percent;
        threshold.bases = threshold_bases(table, level.percent, tally.bases_start);
        threshold.reached = assessment.level && level.percent <= *assessment.level;
        threshold.tested = level.percent <= status.tested_level;
        threshold.immediate = level.immediate;
        if (threshold.reached && !threshold.tested) tally.crisis_due = true;
        tally.thresholds.push_back(threshold);
    }
    return tally;
}

VictoryJudgement Game::victory() const {
    const SideTally a = tally(0);
    const SideTally b = tally(1);
    return judge_victory(*rules_, a.bases_lost, a.bases_start, b.bases_lost, b.bases_start, a.name, b.name);
}

nlohmann::json Game::summary_json() const {
    nlohmann::json sides = nlohmann::json::array();
    for (int s = 0; s < 2; ++s) {
        const SideTally t = tally(s);
        nlohmann::json thresholds = nlohmann::json::array();
        nlohmann::json crossed = nlohmann::json::array();
        for (const Threshold& th : t.thresholds) {
            thresholds.push_back({{"percent", th.percent}, {"bases", th.bases}, {"reached", th.reached},
                                  {"tested", th.tested}, {"immediate", th.immediate}});
            if (th.tested) crossed.push_back(th.percent);
        }
        sides.push_back({{"id", t.id},
                         {"name", t.name},
                         {"bases_start", t.bases_start},
                         {"bases_lost", t.bases_lost},
                         {"percent_lost", std::round(t.percent_lost * 10.0) / 10.0},
                         {"thresholds", thresholds},
                         {"thresholds_crossed", crossed},
                         {"crisis_due", t.crisis_due},
                         {"crises", state_.sides[static_cast<std::size_t>(s)].crises},
                         {"units_by_state", t.units_by_state}});
    }
    const VictoryJudgement judgement = victory();
    return {{"scenario", scenario_.id},
            {"ruleset", rules_->id},
            {"seed", std::to_string(seed_)},
            {"turn", state_.clock.turn},
            {"clock", clock_text()},
            {"half", ordinal_half(state_.clock.half)},
            {"phasing_side", scenario_.sides[static_cast<std::size_t>(phasing_side())].id},
            {"phase", {{"id", phase().id}, {"name", phase().name}}},
            {"minutes_to_dusk", minutes_to_dusk()},
            {"sides", sides},
            {"victory", {{"result", judgement.result}, {"winner", judgement.winner}, {"margin", judgement.margin}}},
            {"actions", history_.size()},
            {"journal_lines", record_.lines().size()},
            {"undo", undo_text()},
            {"redo", redo_text()}};
}

std::vector<std::string> Game::summary_lines() const {
    std::vector<std::string> lines;
    lines.push_back(scenario_.name + " (" + rules_->name + ")");
    lines.push_back("Turn " + std::to_string(state_.clock.turn) + ", " + clock_text() + " (dusk " +
                    format_clock(scenario_.dusk) + "): " + scenario_.sides[static_cast<std::size_t>(phasing_side())].name +
                    " (" + ordinal_half(state_.clock.half) + " player), phase " + phase().id + ") " + phase().name);
    for (int s = 0; s < 2; ++s) {
        const SideTally t = tally(s);
        std::string crossed;
        for (const Threshold& th : t.thresholds)
            if (th.tested) crossed += (crossed.empty() ? "" : ", ") + std::to_string(th.percent) + "%";
        std::string states;
        for (const auto& [state, count] : t.units_by_state)
            if (count > 0) states += (states.empty() ? "" : ", ") + std::to_string(count) + " " + state;
        lines.push_back("  " + t.name + ": " + std::to_string(t.bases_lost) + " of " + std::to_string(t.bases_start) +
                        " bases lost (" + fixed(t.percent_lost, 1) + "%); thresholds crossed: " +
                        (crossed.empty() ? std::string("none") : crossed) + (t.crisis_due ? " (crisis test due)" : "") +
                        "; units: " + states);
    }
    const VictoryJudgement judgement = victory();
    lines.push_back("  Standing: " + judgement.result +
                    (judgement.winner.empty() ? std::string()
                                              : " for " + scenario_.sides[judgement.winner == "a" ? 0U : 1U].name));
    if (can_undo()) lines.push_back("  Next undo: " + undo_text());
    if (can_redo()) lines.push_back("  Next redo: " + redo_text());
    return lines;
}

nlohmann::json Game::state_json() const {
    nlohmann::json units = nlohmann::json::array();
    for (std::size_t i = 0; i < units_.size(); ++i) {
        const UnitStatus& now = state_.units[i];
        nlohmann::json node{{"code", units_[i].id.code},
                            {"bases", now.bases},
                            {"bases_start", units_[i].id.bases_start},
                            {"state", to_string(now.state)},
                            {"formation", to_string(now.formation)},
                            {"mount", to_string(now.mount)},
                            {"guns", to_string(now.guns)},
                            {"last_charge_turn", now.last_charge_turn},
                            {"position", point_json(now.position)},
                            {"facing_deg", now.facing_deg},
                            {"presence", to_string(now.presence)}};
        // Only when set, so that states written before the control test (rules 3) compare equal.
        if (now.pursuing >= 0) node["pursuing"] = units_[static_cast<std::size_t>(now.pursuing)].id.code;
        units.push_back(std::move(node));
    }
    nlohmann::json generals = nlohmann::json::array();
    for (std::size_t i = 0; i < generals_.size(); ++i) {
        const GeneralStatus& now = state_.generals[i];
        generals.push_back({{"code", generals_[i].id.code},
                            {"condition", to_string(now.condition)},
                            {"unhorsed_turn", now.unhorsed_turn},
                            {"position", point_json(now.position)},
                            {"presence", to_string(now.presence)}});
    }
    nlohmann::json messengers = nlohmann::json::array();
    for (const Messenger& m : state_.messengers) {
        messengers.push_back({{"number", m.number},
                              {"side", scenario_.sides[static_cast<std::size_t>(m.side)].id},
                              {"general", m.general},
                              {"to", m.to},
                              {"order", m.order},
                              {"issued_turn", m.issued_turn},
                              {"arrives_turn", m.arrives_turn},
                              {"status", to_string(m.status)}});
        if (m.back_turn > 0) messengers.back()["back_turn"] = m.back_turn;  // rules 4 only: older saves compare unchanged
    }
    nlohmann::json sides = nlohmann::json::array();
    for (const SideStatus& s : state_.sides)
        sides.push_back({{"tested_level", s.tested_level}, {"crises", s.crises}, {"last_crisis_turn", s.last_crisis_turn}});
    return {{"clock", {{"turn", state_.clock.turn}, {"half", state_.clock.half}, {"phase", state_.clock.phase}}},
            {"units", units},
            {"generals", generals},
            {"messengers", messengers},
            {"sides", sides}};
}

// ------------------------------------------------------------------ applying actions

namespace detail {

std::size_t ActionContext::unit_index(std::string_view key, const std::string& code) const {
    const auto it = game_.unit_codes_.find(code);
    if (it != game_.unit_codes_.end()) return it->second;
    (void)game_.unit_index(code);  // throws the message naming the known codes
    fail(key, "a unit code");
}

std::size_t ActionContext::general_index(std::string_view key, const std::string& code) const {
    const auto it = game_.general_codes_.find(code);
    if (it != game_.general_codes_.end()) return it->second;
    (void)game_.general_index(code);
    fail(key, "a general's code");
}

std::size_t ActionContext::on_board_unit(std::string_view key, const std::string& code) const {
    const std::size_t index = unit_index(key, code);
    if (game_.state_.units[index].presence != Presence::OnBoard) {
        throw RuleError(game_.units_[index].id.code + " is not on the table (" +
                        std::string(to_string(game_.state_.units[index].presence)) + ")");
    }
    return index;
}

void ActionContext::fail(std::string_view key, const std::string& expected) const {
    const nlohmann::json input = encode_action(p_.request);
    std::string found = input.contains(std::string(key)) ? input[std::string(key)].dump() : std::string("nothing");
    if (found.size() > 60) found = found.substr(0, 57) + "...";
    throw RuleError("'" + std::string(p_.request.kind()) + "' needs '" + std::string(key) + "': " + expected + " (found " +
                    found + ")");
}

void ActionContext::impossible(const std::string& words) const { throw RuleError(words); }

bool ActionContext::enforcing(std::string_view family) const {
    if (game_.applying_rules_ < 2) return false;  // release 0.1 history stands as applied
    const Enforcement& e = game_.state_.enforcement;
    if (family == "movement") return e.movement;
    if (family == "combat") return e.combat;
    if (family == "fire") return e.fire;
    if (family == "sequence") return e.sequence;
    return true;  // "umpire": a correction beyond the possible always needs a reason
}

void ActionContext::require(bool allowed, Refusal id, const std::string& words) {
    if (allowed) return;
    const RefusalRule& registered = refusal_rule(id);
    const std::string rule = words + " (" + std::string(registered.section) + ")";
    if (!enforcing(registered.family)) {
        // Switched off, the rule advises (release 0.1's history is replayed without a word).
        if (game_.applying_rules_ >= 2) p_.explanation.push_back("advice only (" + std::string(registered.family) + " family off): " + rule);
        return;
    }
    // Only the umpire overrules: an action sent by a player's phone ("by") carries no override. The
    // programmed opponent ends a phase it can do nothing more in by override, as the umpire's
    // standing delegation in solo play (docs/rules/opponent.md); no other action of it overrules.
    const auto& by = p_.request.by;
    const bool delegated = by && by->rfind("computer: ", 0) == 0 && std::holds_alternative<EndPhaseAction>(p_.request.action);
    const bool umpire = !by || by->rfind("umpire", 0) == 0 || delegated;
    if (const auto& reason = p_.request.override_reason; reason && umpire) {
        p_.overruled.push_back(rule + " -- overruled by the umpire: " + *reason);
        p_.explanation.push_back("OVERRULED: " + rule + " (umpire: " + *reason + ")");
        return;
    }
    if (p_.request.override_reason && !umpire)
        throw RuleError(rule + " (only the umpire overrules; this action is by " + *by + ")");
    throw RuleError(rule + " (to apply it anyway, the umpire overrules with a reason)");
}

void ActionContext::key_rolls(std::string_view kind, const std::vector<std::string>& subjects) {
    // Only the phasing side's rolls in one player-half share a key (see the file comment).
    std::string key = std::string(kind) + ":";
    for (std::size_t i = 0; i < subjects.size(); ++i) key += (i ? ">" : "") + subjects[i];
    const Clock& clock = game_.state_.clock;
    p_.roll_key = key + "@" + std::to_string(clock.turn) + "." + std::to_string(clock.half);
}

ActionRoll ActionContext::draw(std::string_view slot, RollKind kind) {
    const ActionRequest& entered = p_.entered ? *p_.entered : p_.request;
    ActionRoll roll;
    roll.slot = std::string(slot);
    if (const auto it = entered.rolls.find(slot); it != entered.rolls.end()) {
        // An entered roll is the umpire's: malformed, it is refused, never replaced.
        roll.roll = Roll{kind, parse_roll(kind, it->second.text), RollSource::Entered};
    } else {
        if (const std::optional<Roll> kept = game_.kept_rolls_.take(p_.key_prefix + p_.roll_key, slot, kind)) {
            roll.roll = *kept;
            roll.reused = true;
        } else {
            roll.roll = game_.dice_.roll(kind);
        }
    }
    p_.rolls.push_back(roll);
    return roll;
}

void ActionContext::execute_again(PendingAction& again, int target_seq) {
    struct Reresolving {
        Game& game;
        int before;
        ~Reresolving() { game.reresolving_ = before; }
    } scope{game_, game_.reresolving_};
    game_.reresolving_ = target_seq;
    game_.execute(again);
}

}  // namespace detail

void Game::execute(detail::PendingAction& p) {
    detail::ActionContext context(*this, p);
    if (const std::string_view expected = p.request.phase(); !expected.empty() && expected != phase().id) {
        // seed 000, 4 (seed 002, Game Sequence): each action has its phase.
        std::string belongs = std::string(expected);
        for (const Phase& candidate : phases_)
            if (candidate.id == expected) belongs += ") " + candidate.name;
        const std::string words = "'" + std::string(p.request.kind()) + "' belongs to phase " + belongs + "; it is phase " +
                                  phase().id + ") " + phase().name;
        if (context.enforcing("sequence")) context.require(false, Refusal::WrongPhase, words);
        else p.explanation.push_back("note: " + words);
    }
    std::visit([&](const auto& action) { detail::execute(context, action); }, p.request.action);
}

namespace {
nlohmann::json action_line(const AppliedAction& action, const Game& game, const Clock& at) {
    nlohmann::json rolls = nlohmann::json::array();
    for (const ActionRoll& roll : action.rolls) rolls.push_back(roll_json(roll));
    const auto& phases = game.phases();
    const int first = game.scenario().side_index(game.scenario().first_player);
    const int side = at.half == 0 ? first : 1 - first;
    nlohmann::json line{{"seq", action.seq},
                        {"do", action.kind},
                        {"turn", at.turn},
                        {"clock", format_clock(game.scenario().start + (at.turn - 1) * game.rules().turn_minutes)},
                        {"side", game.scenario().sides[static_cast<std::size_t>(side)].id},
                        {"phase", phases[static_cast<std::size_t>(at.phase)].id},
                        {"summary", action.summary},
                        {"input", action.input},
                        {"rolls", rolls},
                        {"result", action.result},
                        {"explanation", action.explanation}};
    if (!action.overruled.empty()) line["overruled"] = action.overruled;
    line["rules"] = action.rules_version;
    return line;
}

// What an action's undo record says it changed, for the listeners.
GameChange change_of(const StateChange& change, GameChange::Cause cause, const AppliedAction& action) {
    GameChange out;
    out.cause = cause;
    out.action = &action;
    for (const auto& entry : change.units) out.units.push_back(entry.first);
    for (const auto& entry : change.generals) out.generals.push_back(entry.first);
    out.messengers = change.messengers.has_value();
    out.sides = change.sides.has_value();
    out.clock = change.clock.has_value();
    return out;
}
}  // namespace

const AppliedAction& Game::apply(const nlohmann::json& action) {
    if (action.is_object() && action.contains("do") && action["do"].is_string()) {
        const std::string& kind = action["do"].get_ref<const std::string&>();
        if (kind == "undo") return undo();
        if (kind == "redo") return redo();
    }
    return apply(decode_action(action));
}

const AppliedAction& Game::apply(const ActionRequest& request) {
    // A typed request is held to the bounds of one read from JSON (actions.hpp): a NaN facing
    // typed in a client would be journaled as null, and the journal could not be replayed from
    // that line on (issue 13, 3). The same codec refuses it here, naming the key.
    static_cast<void>(decode_action(encode_action(request)));
    const Dice dice_before = dice_;
    const auto kept_before = kept_rolls_;
    const Clock clock_before = state_.clock;
    detail::PendingAction p;
    p.request = request;
    recording_ = &p.change;
    const auto roll_back = [&] {
        p.change.toggle(state_);
        recording_ = nullptr;
        dice_ = dice_before;
        kept_rolls_ = kept_before;
        sync_views();
    };
    try {
        execute(p);
    } catch (...) {
        roll_back();
        throw;
    }
    recording_ = nullptr;
    AppliedAction applied;
    applied.seq = record_.next_seq();
    applied.request = std::move(p.request);
    applied.kind = std::string(applied.request.kind());
    applied.input = encode_action(applied.request);
    applied.rolls = std::move(p.rolls);
    applied.summary = std::move(p.summary);
    applied.explanation = std::move(p.explanation);
    applied.result = std::move(p.result);
    applied.roll_key = std::move(p.roll_key);
    applied.clock = clock_before;
    applied.rules_version = applying_rules_;
    applied.change = std::move(p.change);
    applied.overruled = std::move(p.overruled);
    const nlohmann::json line = action_line(applied, *this, clock_before);
    try {
        record_.record_action(line);
    } catch (...) {
        applied.change.toggle(state_);
        dice_ = dice_before;
        kept_rolls_ = kept_before;
        sync_views();
        throw;
    }
    sync_views();
    redo_.clear();
    history_.push_back(std::move(applied));
    notify(GameChange::Cause::Applied, history_.back());
    return history_.back();
}

int Game::listen(GameListener listener) {
    listeners_.emplace_back(next_listener_, std::move(listener));
    return next_listener_++;
}

void Game::unlisten(int id) {
    std::erase_if(listeners_, [id](const auto& entry) { return entry.first == id; });
}

void Game::notify(GameChange::Cause cause, const AppliedAction& action) {
    if (listeners_.empty()) return;
    const GameChange change = change_of(action.change, cause, action);
    const auto listeners = listeners_;  // a listener may unlisten while being told
    for (const auto& [id, listener] : listeners) listener(change);
}

std::string Game::undo_text() const {
    return history_.empty() ? std::string() : "Undo #" + std::to_string(history_.back().seq) + ": " + history_.back().summary;
}
std::string Game::redo_text() const {
    return redo_.empty() ? std::string() : "Redo #" + std::to_string(redo_.back().seq) + ": " + redo_.back().summary;
}

// The context of an undo or redo line: when it was taken back.
nlohmann::json Game::step_context() const { return {{"turn", state_.clock.turn}, {"clock", clock_text()}}; }

const AppliedAction& Game::undo() {
    if (history_.empty()) throw RuleError("there is nothing to undo");
    record_.record_undo(step_context());  // the line first: a journal that cannot take it changes nothing
    AppliedAction& action = history_.back();
    action.change.toggle(state_);
    sync_views();
    // Keep the generated rolls for the next request of the same kind (file comment).
    for (const ActionRoll& roll : action.rolls) kept_rolls_.keep(action.roll_key, roll.slot, {roll.roll});
    redo_.push_back(std::move(action));
    history_.pop_back();
    notify(GameChange::Cause::Undone, redo_.back());
    return redo_.back();
}

const AppliedAction& Game::redo() {
    if (redo_.empty()) throw RuleError("there is nothing to redo");
    record_.record_redo(step_context());
    AppliedAction& action = redo_.back();
    action.change.toggle(state_);
    sync_views();
    // Its rolls are in use again: they are no longer kept for another request.
    for (const ActionRoll& roll : action.rolls) kept_rolls_.take_back(action.roll_key, roll.slot, {roll.roll});
    history_.push_back(std::move(action));
    redo_.pop_back();
    notify(GameChange::Cause::Redone, history_.back());
    return history_.back();
}

// ------------------------------------------------------------------ journal

nlohmann::json enforcement_json(const Enforcement& e) {
    return {{"movement", e.movement}, {"combat", e.combat}, {"fire", e.fire}, {"sequence", e.sequence}};
}

Enforcement enforcement_from_json(const nlohmann::json& node, const std::string& file, const std::string& where) {
    Enforcement e;
    if (!node.is_object()) throw DataError(file, where, "an object of families to enforce, e.g. {\"movement\": false}", node.dump());
    const std::pair<const char*, bool*> families[] = {
        {"movement", &e.movement}, {"combat", &e.combat}, {"fire", &e.fire}, {"sequence", &e.sequence}};
    for (const auto& [key, value] : node.items()) {
        bool known = false;
        for (const auto& [name, flag] : families) {
            if (key != name) continue;
            if (!value.is_boolean()) throw DataError(file, where + "/" + key, "true or false", value.dump());
            *flag = value.get<bool>();
            known = true;
        }
        if (!known) throw DataError(file, where + "/" + key, "one of movement, combat, fire, sequence", key);
    }
    return e;
}

nlohmann::json Game::journal_header() const {
    nlohmann::json header = {{"format", kJournalFormat},
            {"format_version", kJournalFormatVersion},
            {"scenario", {{"id", scenario_.id}, {"ruleset", scenario_.ruleset}, {"document", scenario_.document}}},
            {"seed", std::to_string(seed_)},
            {"summary", "Journal of " + scenario_.name + "; one action a line, each with its rolls and a summary"}};
    if (!(initial_enforcement_ == Enforcement{})) header["enforcement"] = enforcement_json(initial_enforcement_);
    return header;
}

void Game::attach_journal(const std::filesystem::path& file) { record_.attach(file, journal_header()); }
void Game::detach_journal() { record_.detach(); }
std::optional<std::filesystem::path> Game::journal_file() const { return record_.file(); }

Game Game::replay(const RulesLibrary& library, Scenario scenario, std::uint64_t seed, const std::vector<nlohmann::json>& lines,
                  const std::string& file, Enforcement enforcement) {
    Game game(library, std::move(scenario), seed, enforcement);
    game.record_.replay(
        lines, file, [](std::size_t i) { return "line " + std::to_string(i + 1); },
        [&](bool undoing) { undoing ? game.undo() : game.redo(); },
        [&](const nlohmann::json& line, const std::string& where) {
            if (!line.contains("input") || !line["input"].is_object())
                throw DataError(file, where, "the action's \"input\" object", "nothing");
            const nlohmann::json& input = line["input"];
            const auto rules = line.find("rules");
            game.applying_rules_ = 1;  // a line without a version is from release 0.1
            if (rules != line.end()) {
                if (!rules->is_number_integer() || rules->get<long long>() < 1 || rules->get<long long>() > kRulesVersion)
                    throw DataError(file, where, "\"rules\": a rules version from 1 to " + std::to_string(kRulesVersion), rules->dump());
                game.applying_rules_ = rules->get<int>();
            }
            struct CurrentRules {
                Game& game;
                ~CurrentRules() { game.applying_rules_ = kRulesVersion; }
            } current{game};
            const AppliedAction& done = game.apply(input);
            const auto& recorded = line.contains("rolls") ? line["rolls"] : nlohmann::json::array();
            nlohmann::json replayed = nlohmann::json::array();
            for (const ActionRoll& roll : done.rolls) replayed.push_back(roll_json(roll));
            if (recorded != replayed)
                throw DataError(file, where, "the recorded rolls " + recorded.dump(),
                                "replay rolled " + replayed.dump() + ": the journal does not belong to this scenario and seed");
        });
    return game;
}

}  // namespace fortuna
