// SPDX-License-Identifier: MIT
// The game in progress: applies actions through the rules' resolutions, journals them, undoes them honestly.
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
#include "fortuna/game.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <set>
#include <utility>

#include "fortuna/errors.hpp"
#include "fortuna/journal.hpp"
#include "fortuna/library.hpp"

namespace fortuna {

namespace {

std::string fixed(double value, int decimals = 0) {
    char buffer[64];
    std::snprintf(buffer, sizeof buffer, "%.*f", decimals, value);
    return buffer;
}

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

// The phase each action belongs to; an action out of its phase is applied with a note,
// since the umpire may have forgotten something and must be able to put it right.
std::string_view phase_of(std::string_view kind) {
    if (kind == "rally") return "a";
    if (kind == "artillery") return "b";
    if (kind == "move" || kind == "charge" || kind == "formation" || kind == "order" || kind == "deliver" ||
        kind == "reinforcements" || kind == "rout")
        return "c";
    if (kind == "combat") return "d";
    if (kind == "crisis") return "e";
    return "";
}

struct ActionSpec {
    std::string_view kind;
    std::vector<std::string_view> keys;  // besides "do", "roll", "rolls", "note"
};

const std::vector<ActionSpec>& action_specs() {
    static const std::vector<ActionSpec> specs{
        {"combat", {"attacker", "defender", "flank", "rear", "arms", "charge", "terrain", "obstacle", "attacker_leader",
                    "defender_leader"}},
        {"artillery", {"battery", "target", "range_mm"}},
        {"rally", {"unit", "general"}},
        {"rout", {"unit", "to", "off_board"}},
        {"formation", {"unit", "to", "mount", "guns", "facing_deg"}},
        {"charge", {"unit", "to", "facing_deg"}},
        {"move", {"unit", "general", "to", "facing_deg", "off_board"}},
        {"leader", {"general", "unit"}},
        {"order", {"general", "to", "order", "distance_mm"}},
        {"deliver", {"messenger", "captured"}},
        {"crisis", {"side"}},
        {"reinforcements", {"id"}},
        {"set", {"unit", "general", "bases", "state", "formation", "guns", "mount", "to", "facing_deg", "presence",
                 "last_charge_turn", "condition", "reason"}},
        {"end-phase", {}},
        {"reroll", {"of"}},
    };
    return specs;
}

std::string known_kinds() {
    std::string text;
    for (const auto& spec : action_specs()) text += (text.empty() ? "" : ", ") + std::string(spec.kind);
    return text + ", undo, redo";
}

// Typed access to an action object with messages that say what was expected.
class ActionReader {
public:
    ActionReader(const nlohmann::json& input, std::string kind) : input_(input), kind_(std::move(kind)) {}

    bool has(const char* key) const { return input_.contains(key) && !input_[key].is_null(); }
    [[noreturn]] void fail(const std::string& key, const std::string& expected) const {
        std::string found = has(key.c_str()) ? input_[key].dump() : std::string("nothing");
        if (found.size() > 60) found = found.substr(0, 57) + "...";
        throw RuleError("'" + kind_ + "' needs '" + key + "': " + expected + " (found " + found + ")");
    }
    std::string text(const char* key, const std::string& expected) const {
        if (!has(key) || !input_[key].is_string() || input_[key].get_ref<const std::string&>().empty()) fail(key, expected);
        return input_[key].get<std::string>();
    }
    std::optional<std::string> text_opt(const char* key, const std::string& expected) const {
        if (!has(key)) return std::nullopt;
        return text(key, expected);
    }
    bool flag(const char* key) const {
        if (!has(key)) return false;
        if (!input_[key].is_boolean()) fail(key, "true or false");
        return input_[key].get<bool>();
    }
    std::optional<bool> flag_opt(const char* key) const {
        if (!has(key)) return std::nullopt;
        return flag(key);
    }
    double number(const char* key, const std::string& expected, double min, double max) const {
        if (!has(key) || !input_[key].is_number()) fail(key, expected);
        const double value = input_[key].get<double>();
        if (!std::isfinite(value) || value < min || value > max) fail(key, expected);
        return value;
    }
    std::optional<double> number_opt(const char* key, const std::string& expected, double min, double max) const {
        if (!has(key)) return std::nullopt;
        return number(key, expected, min, max);
    }
    int integer(const char* key, const std::string& expected, int min, int max) const {
        if (!has(key) || !input_[key].is_number_integer()) fail(key, expected);
        const auto value = input_[key].get<long long>();
        if (value < min || value > max) fail(key, expected);
        return static_cast<int>(value);
    }
    std::optional<int> integer_opt(const char* key, const std::string& expected, int min, int max) const {
        if (!has(key)) return std::nullopt;
        return integer(key, expected, min, max);
    }
    std::optional<BoardPoint> point(const char* key) const {
        if (!has(key)) return std::nullopt;
        const auto& node = input_[key];
        const std::string expected = "a position {\"x_mm\": .., \"y_mm\": ..} or [x_mm, y_mm]";
        if (node.is_object() && node.contains("x_mm") && node.contains("y_mm") && node["x_mm"].is_number() &&
            node["y_mm"].is_number() && node.size() == 2) {
            return finite({node["x_mm"].get<double>(), node["y_mm"].get<double>()}, key, expected);
        }
        if (node.is_array() && node.size() == 2 && node[0].is_number() && node[1].is_number()) {
            return finite({node[0].get<double>(), node[1].get<double>()}, key, expected);
        }
        fail(key, expected);
    }

private:
    BoardPoint finite(BoardPoint p, const char* key, const std::string& expected) const {
        if (!std::isfinite(p.x_mm) || !std::isfinite(p.y_mm) || std::abs(p.x_mm) > 1e6 || std::abs(p.y_mm) > 1e6)
            fail(key, expected);
        return p;
    }
    const nlohmann::json& input_;
    std::string kind_;
};

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

std::string side_outcome_json_words(const SideOutcome& o) { return o.words; }

nlohmann::json side_outcome_json(const SideOutcome& o) {
    return {{"before", to_string(o.before)},
            {"after", to_string(o.after)},
            {"bases_before", o.bases_before},
            {"bases_lost", o.bases_lost},
            {"words", side_outcome_json_words(o)}};
}

std::string ordinal_half(int half) { return half == 0 ? "first" : "second"; }

}  // namespace

// ------------------------------------------------------------------ enums

std::string_view to_string(Presence value) {
    switch (value) {
    case Presence::Awaiting: return "awaiting";
    case Presence::OnBoard: return "on-board";
    case Presence::OffBoard: return "off-board";
    }
    return "on-board";
}
std::string_view to_string(Mount value) {
    switch (value) {
    case Mount::None: return "none";
    case Mount::Mounted: return "mounted";
    case Mount::Dismounted: return "dismounted";
    }
    return "none";
}
std::string_view to_string(Guns value) {
    switch (value) {
    case Guns::None: return "none";
    case Guns::Limbered: return "limbered";
    case Guns::Unlimbered: return "unlimbered";
    case Guns::Captured: return "captured";
    }
    return "none";
}
std::string_view to_string(GeneralCondition value) {
    switch (value) {
    case GeneralCondition::Present: return "present";
    case GeneralCondition::Unhorsed: return "unhorsed";
    case GeneralCondition::Wounded: return "wounded";
    case GeneralCondition::Killed: return "killed";
    }
    return "present";
}
std::string_view to_string(MessengerStatus value) {
    switch (value) {
    case MessengerStatus::InTransit: return "in-transit";
    case MessengerStatus::Understood: return "understood";
    case MessengerStatus::NotUnderstood: return "not-understood";
    case MessengerStatus::Captured: return "captured";
    }
    return "in-transit";
}
Presence presence_from_string(std::string_view text) {
    if (text == "awaiting") return Presence::Awaiting;
    if (text == "on-board") return Presence::OnBoard;
    if (text == "off-board") return Presence::OffBoard;
    throw RuleError("unknown presence '" + std::string(text) + "': expected awaiting, on-board or off-board");
}
Guns guns_from_string(std::string_view text) {
    if (text == "limbered") return Guns::Limbered;
    if (text == "unlimbered") return Guns::Unlimbered;
    if (text == "captured") return Guns::Captured;
    throw RuleError("unknown guns '" + std::string(text) + "': expected limbered, unlimbered or captured");
}
GeneralCondition general_condition_from_string(std::string_view text) {
    if (text == "present") return GeneralCondition::Present;
    if (text == "unhorsed") return GeneralCondition::Unhorsed;
    if (text == "wounded") return GeneralCondition::Wounded;
    if (text == "killed") return GeneralCondition::Killed;
    throw RuleError("unknown condition '" + std::string(text) + "': expected present, unhorsed, wounded or killed");
}

// ------------------------------------------------------------------ undo records

void StateChange::toggle(GameState& state) {
    for (auto& [index, value] : units) std::swap(state.units[index], value);
    for (auto& [index, value] : generals) std::swap(state.generals[index], value);
    if (messengers) std::swap(state.messengers, *messengers);
    if (sides) std::swap(state.sides, *sides);
    if (clock) std::swap(state.clock, *clock);
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
Clock& Game::edit_clock() {
    if (recording_ != nullptr && !recording_->clock) recording_->clock = state_.clock;
    return state_.clock;
}

// ------------------------------------------------------------------ set-up

Game::Game(const RulesLibrary& library, Scenario scenario, std::uint64_t seed)
    : library_(&library), scenario_(std::move(scenario)), rules_(&library.ruleset(scenario_.ruleset)), seed_(seed),
      dice_(seed) {
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
            if (unit.id.type == nullptr) unit.id.type = &library.unit_type(scenario_.ruleset, setup.nation + "/" + setup.type);
            unit.now.bases = setup.bases;
            unit.now.state = setup.state;
            unit.now.formation = setup.formation;
            unit.now.position = setup.position;
            unit.now.facing_deg = setup.facing_deg;
            unit.now.presence = presence;
            // Dragoons: the army's dismounted type (seed 002, Tables 1-2 list both).
            const UnitType& type = *unit.id.type;
            if (type.can_dismount || type.kind == "dragoons") {
                const Army& army = library.army(scenario_.ruleset, setup.nation);
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
    const CrisisAssessment assessment = assess_crisis(*rules_, tally.bases_lost, tally.bases_start);
    const SideStatus& status = state_.sides[static_cast<std::size_t>(side)];
    for (const CrisisLevel& level : rules_->crisis_of_morale.levels) {
        Threshold threshold;
        threshold.percent = level.percent;
        threshold.bases = threshold_bases(rules_->crisis_of_morale, level.percent, tally.bases_start);
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
            {"journal_lines", journal_.size()},
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

struct Game::Pending {
    nlohmann::json input;  // the request as given
    nlohmann::json entered;  // where entered rolls are looked up (input, or the reroll's)
    std::string kind;
    std::string roll_key;
    std::string key_prefix;  // "reroll:" while re-rolling: its rolls are filed apart
    std::vector<ActionRoll> rolls;
    std::string summary;
    Explanation explanation;
    nlohmann::json result = nlohmann::json::object();
    StateChange change;
};

ActionRoll Game::draw(Pending& pending, std::string_view slot, RollKind kind) {
    const nlohmann::json* entered = nullptr;
    if (slot == "roll" && pending.entered.contains("roll")) entered = &pending.entered["roll"];
    else if (pending.entered.contains("rolls") && pending.entered["rolls"].is_object() &&
             pending.entered["rolls"].contains(slot))
        entered = &pending.entered["rolls"][std::string(slot)];
    ActionRoll roll;
    roll.slot = std::string(slot);
    if (entered != nullptr) {
        if (!entered->is_number() && !entered->is_string()) {
            throw RuleError("'" + std::string(slot) + "' roll must be a number such as 5 or 0.734, not " + entered->dump());
        }
        const std::string text = entered->is_string() ? entered->get<std::string>() : entered->dump();
        roll.roll = Roll{kind, parse_roll(kind, text), RollSource::Entered};
    } else {
        const auto kept = kept_rolls_.find(pending.key_prefix + pending.roll_key + "#" + std::string(slot));
        if (kept != kept_rolls_.end() && !kept->second.empty() && kept->second.front().kind == kind) {
            roll.roll = kept->second.front();
            roll.reused = true;
            kept->second.erase(kept->second.begin());
            if (kept->second.empty()) kept_rolls_.erase(kept);
        } else {
            roll.roll = dice_.roll(kind);
        }
    }
    pending.rolls.push_back(roll);
    return roll;
}

namespace {

// Only the phasing side's rolls in one player-half share a key (see the file comment).
std::string roll_key(const std::string& kind, const std::vector<std::string>& subjects, const Clock& clock) {
    std::string key = kind + ":";
    for (std::size_t i = 0; i < subjects.size(); ++i) key += (i ? ">" : "") + subjects[i];
    return key + "@" + std::to_string(clock.turn) + "." + std::to_string(clock.half);
}

std::string unit_label(const Unit& unit) { return unit.id.code + " " + unit.id.name; }

}  // namespace

void Game::execute(Pending& p) {
    ActionReader in(p.input, p.kind);
    const Clock clock = state_.clock;
    const auto on_board_unit = [&](const char* key) {
        const std::size_t index = unit_index(in.text(key, "a unit code"));
        if (state_.units[index].presence != Presence::OnBoard) {
            throw RuleError(units_[index].id.code + " is not on the table (" +
                            std::string(to_string(state_.units[index].presence)) + ")");
        }
        return index;
    };
    const auto leader_effect_of = [&](std::size_t g) {
        return generals_[g].id.great_captain ? LeaderEffect::GreatCaptain : LeaderEffect::Present;
    };
    // A general under fire (seed 002, Table 6 "Leaders add to die roll"): 2d6, and a fate roll
    // when he is hit. Applies his fate and, when it says so, disrupts the unit he supports.
    const auto leader_under_fire = [&](std::size_t g, std::optional<std::size_t> supported, const std::string& slot) {
        const ActionRoll casualty = draw(p, slot, rules_->leaders.casualty_roll);
        std::optional<Roll> fate;
        if (rules_->leaders.casualty_on.contains(casualty.roll.value)) fate = draw(p, slot + "_fate", rules_->leaders.fate_roll).roll;
        const LeaderResolution r = resolve_leader_under_fire(*rules_, casualty.roll, fate);
        const std::string who = generals_[g].id.code + " " + generals_[g].id.name;
        for (const std::string& line : r.explanation) p.explanation.push_back(who + ": " + line);
        GeneralStatus& general = edit_general(g);
        if (r.casualty) {
            if (r.fate == "killed") general.condition = GeneralCondition::Killed;
            else if (r.fate == "wounded") general.condition = GeneralCondition::Wounded;
            else {
                general.condition = GeneralCondition::Unhorsed;
                general.unhorsed_turn = clock.turn;
            }
        }
        if (r.unit_disrupted && supported && state_.units[*supported].state == UnitState::Normal) {
            edit(*supported).state = UnitState::Disrupted;
            p.explanation.push_back(units_[*supported].id.code + " becomes disrupted by its leader's fall");
        }
        return r;
    };
    const auto apply_outcome = [&](std::size_t index, const SideOutcome& outcome) {
        UnitStatus& now = edit(index);
        now.bases = std::max(0, now.bases - outcome.bases_lost);
        now.state = outcome.after;
        if (now.bases == 0) {
            now.presence = Presence::OffBoard;
            p.explanation.push_back(units_[index].id.code + " has no bases left and leaves the table");
        }
    };

    if (p.kind == "combat") {
        const std::size_t a = on_board_unit("attacker");
        const std::size_t d = on_board_unit("defender");
        if (a == d) throw RuleError("a unit cannot attack itself");
        if (units_[a].id.side == units_[d].id.side) {
            throw RuleError(units_[a].id.code + " and " + units_[d].id.code + " are on the same side");
        }
        p.roll_key = roll_key("combat", {units_[a].id.code, units_[d].id.code}, clock);
        const int arms = in.integer_opt("arms", "the number of arms attacking together, 1-3", 1, 3).value_or(1);
        const std::string terrain = in.text_opt("terrain", "none, attacker or defender").value_or("none");
        if (terrain != "none" && terrain != "attacker" && terrain != "defender") in.fail("terrain", "none, attacker or defender");
        std::optional<std::size_t> leaders[2];
        const char* leader_keys[2] = {"attacker_leader", "defender_leader"};
        for (int s = 0; s < 2; ++s) {
            if (auto code = in.text_opt(leader_keys[s], "a general's code")) {
                const std::size_t g = general_index(*code);
                if (generals_[g].id.side != units_[s == 0 ? a : d].id.side)
                    in.fail(leader_keys[s], "a general of " + units_[s == 0 ? a : d].id.code + "'s side");
                leaders[s] = g;
            }
        }
        LeaderEffect effects[2] = {LeaderEffect::None, LeaderEffect::None};
        for (int s = 0; s < 2; ++s) {
            if (!leaders[s]) continue;
            const std::size_t g = *leaders[s];
            if (!generals_[g].effective()) {
                p.explanation.push_back(generals_[g].id.code + " is " + std::string(to_string(state_.generals[g].condition)) +
                                        " and cannot help");
                continue;
            }
            const LeaderResolution r = leader_under_fire(g, s == 0 ? a : d, leader_keys[s]);
            if (!r.casualty) effects[s] = leader_effect_of(g);
            else if (r.fate == "killed") effects[s] = LeaderEffect::Killed;
        }
        const Unit& attacker = units_[a];
        const Unit& defender = units_[d];
        if (attacker.arm() == Arm::Cavalry && state_.units[d].formation == Formation::Square) {
            // Cavalry against a square: Table 7 instead of the odds (seed 002, 4) Combat Phase).
            const ActionRoll roll = draw(p, "roll", rules_->cavalry_vs_square.roll);
            const SquareResolution r =
                resolve_cavalry_vs_square(*rules_, state_.units[d].state, roll.roll, state_.units[a].state,
                                          state_.units[d].bases, state_.units[a].bases);
            p.explanation.insert(p.explanation.end(), r.explanation.begin(), r.explanation.end());
            apply_outcome(a, r.cavalry);
            apply_outcome(d, r.square);
            p.result = {{"table", "cavalry-vs-square"}, {"text", r.text}, {"attacker", side_outcome_json(r.cavalry)},
                        {"defender", side_outcome_json(r.square)}};
            p.summary = unit_label(attacker) + " charges the square of " + unit_label(defender) + ", roll " +
                        format_roll(roll.roll.kind, roll.roll.value) + ": " + r.text;
        } else {
            CombatRequest request;
            request.attacker = {&attacker.type(), attacker.id.code,
                                state_.units[a].bases, state_.units[a].state, state_.units[a].formation, std::nullopt};
            request.defender = {&defender.type(), defender.id.code, state_.units[d].bases, state_.units[d].state,
                                state_.units[d].formation, std::nullopt};
            request.flank = in.flag("flank");
            request.rear = in.flag("rear");
            request.combined_arms = arms;
            request.charge = in.flag("charge");
            request.terrain = terrain == "attacker"   ? TerrainAdvantage::Attacker
                              : terrain == "defender" ? TerrainAdvantage::Defender
                                                      : TerrainAdvantage::None;
            request.obstacle = in.flag("obstacle");
            request.attacker_leader = effects[0];
            request.defender_leader = effects[1];
            const ActionRoll roll = draw(p, "roll", rules_->combat_results.roll);
            const CombatResolution r = resolve_combat(*rules_, request, roll.roll);
            p.explanation.insert(p.explanation.end(), r.explanation.begin(), r.explanation.end());
            apply_outcome(a, r.attacker);
            apply_outcome(d, r.defender);
            p.result = {{"table", "combat"},
                        {"odds", r.setup.odds.odds.text()},
                        {"column", r.setup.column_label},
                        {"modified_roll", r.modified_roll},
                        {"result", r.result},
                        {"result_name", r.result_name},
                        {"attacker", side_outcome_json(r.attacker)},
                        {"defender", side_outcome_json(r.defender)}};
            p.summary = unit_label(attacker) + " attacks " + unit_label(defender) + " at " + r.setup.column_label +
                        ", roll " + format_roll(roll.roll.kind, roll.roll.value) + " -> " + r.result + " (" +
                        r.result_name + "): " + r.effect;
        }
    } else if (p.kind == "artillery") {
        const std::size_t b = on_board_unit("battery");
        const std::size_t t = on_board_unit("target");
        const Unit& battery = units_[b];
        if (battery.arm() != Arm::Artillery) in.fail("battery", "an artillery unit (" + battery.id.code + " is " + std::string(to_string(battery.arm())) + ")");
        if (state_.units[b].guns != Guns::Unlimbered)
            throw RuleError(battery.id.code + " cannot fire: its guns are " + std::string(to_string(state_.units[b].guns)));
        if (state_.units[b].state != UnitState::Normal)
            throw RuleError(battery.id.code + " cannot fire: it is " + std::string(to_string(state_.units[b].state)) +
                            " (seed 002, Game Sequence 2: only artillery in the normal state fires)");
        if (units_[t].id.side == battery.id.side) in.fail("target", "an enemy unit");
        p.roll_key = roll_key("artillery", {battery.id.code, units_[t].id.code}, clock);
        ArtilleryRequest request;
        request.battery = battery.type().battery.empty() ? std::string("field") : battery.type().battery;
        request.range_mm = in.number("range_mm", "the range in board mm, 0-10000", 0, 10000);
        request.target_formation = state_.units[t].formation;
        request.target_state = state_.units[t].state;
        request.target_bases = state_.units[t].bases;
        const ActionRoll roll = draw(p, "roll", rules_->artillery.roll);
        const ArtilleryResolution r = resolve_artillery(*rules_, request, roll.roll);
        p.explanation.insert(p.explanation.end(), r.explanation.begin(), r.explanation.end());
        apply_outcome(t, r.target);
        p.result = {{"band", r.band}, {"modified_roll", r.modified_roll}, {"result", r.result}, {"target", side_outcome_json(r.target)}};
        p.summary = unit_label(battery) + " fires on " + unit_label(units_[t]) + " at " + fixed(request.range_mm) +
                    " mm, roll " + format_roll(roll.roll.kind, roll.roll.value) + " -> " + r.result + ": " + r.effect;
    } else if (p.kind == "rally") {
        const std::size_t u = on_board_unit("unit");
        const UnitState before = state_.units[u].state;
        if (before == UnitState::Normal) throw RuleError(units_[u].id.code + " is in good order and needs no rally");
        RallySupport support = RallySupport::None;
        if (auto code = in.text_opt("general", "a general's code")) {
            const std::size_t g = general_index(*code);
            if (generals_[g].id.side != units_[u].id.side) in.fail("general", "a general of the unit's side");
            if (generals_[g].effective())
                support = generals_[g].id.great_captain ? RallySupport::GreatCaptain : RallySupport::General;
            else
                p.explanation.push_back(generals_[g].id.code + " is " + std::string(to_string(state_.generals[g].condition)) +
                                        " and cannot help");
        }
        p.roll_key = roll_key("rally", {units_[u].id.code}, clock);
        const ActionRoll roll = draw(p, "roll", rules_->rally.roll);
        const RallyResolution r = resolve_rally(*rules_, before, &units_[u].type(), support, roll.roll);
        p.explanation.insert(p.explanation.end(), r.explanation.begin(), r.explanation.end());
        edit(u).state = r.after;
        p.result = {{"needed", r.needed}, {"modified_roll", r.modified_roll}, {"rallied", r.rallied},
                    {"before", to_string(r.before)}, {"after", to_string(r.after)}};
        p.summary = unit_label(units_[u]) + " (" + std::string(to_string(before)) + ") tries to rally, roll " +
                    format_roll(roll.roll.kind, roll.roll.value) + (r.rallied ? ": rallies, now " : ": fails, stays ") +
                    std::string(to_string(r.after));
    } else if (p.kind == "rout") {
        const std::size_t u = on_board_unit("unit");
        UnitStatus& now = edit(u);
        now.state = UnitState::Routing;
        if (auto to = in.point("to")) now.position = *to;
        if (in.flag("off_board")) now.presence = Presence::OffBoard;
        p.summary = unit_label(units_[u]) + (now.presence == Presence::OffBoard ? " routs off the table and is removed from the battle"
                                                                                 : " routs at charge speed");
        p.explanation.push_back("seed 002, Game Sequence 3: routed units move to the rear at charge speed; off the board they are permanently removed");
    } else if (p.kind == "formation") {
        const std::size_t u = on_board_unit("unit");
        const Unit& unit = units_[u];
        UnitStatus& now = edit(u);
        std::vector<std::string> changes;
        if (auto to = in.text_opt("to", "line, column or square")) {
            Formation formation;
            try {
                formation = formation_from_string(*to);
            } catch (const RuleError&) {
                in.fail("to", "line, column or square");
            }
            if (formation == Formation::Square && unit.arm() != Arm::Infantry)
                throw RuleError(unit.id.code + " cannot form square: only infantry does");
            if (formation != now.formation) {
                const std::string change = std::string(to_string(now.formation)) + "-to-" + std::string(to_string(formation));
                for (const FormationChange& row : rules_->formation_changes.changes) {
                    if (row.change != change) continue;
                    const auto& cost = unit.arm() == Arm::Cavalry ? row.cavalry : row.infantry;
                    p.explanation.push_back(rules_->formation_changes.section + ", " + row.name + ": " +
                                            (cost ? *cost + " of a move" : std::string("not allowed for this arm")));
                }
                for (const NationalDeduction& deduction : rules_->formation_changes.national_deductions)
                    if (deduction.nation == unit.id.nation) p.explanation.push_back(deduction.text);
                now.formation = formation;
                changes.push_back("forms " + std::string(to_string(formation)));
            }
        }
        if (auto mount = in.flag_opt("mount")) {
            if (now.mount == Mount::None) throw RuleError(unit.id.code + " is not dragoons and cannot mount or dismount");
            const Mount wanted = *mount ? Mount::Mounted : Mount::Dismounted;
            if (wanted != now.mount) {
                now.mount = wanted;
                if (wanted == Mount::Dismounted && now.formation == Formation::Square) now.formation = Formation::Line;
                changes.push_back(*mount ? "mounts" : "dismounts");
            }
        }
        if (auto guns = in.text_opt("guns", "limbered or unlimbered")) {
            if (now.guns == Guns::None) throw RuleError(unit.id.code + " has no guns to limber");
            if (*guns != "limbered" && *guns != "unlimbered") in.fail("guns", "limbered or unlimbered");
            if (now.guns == Guns::Captured) throw RuleError(unit.id.code + "'s guns are captured");
            const Guns wanted = guns_from_string(*guns);
            if (wanted != now.guns) {
                now.guns = wanted;
                changes.push_back(*guns == "limbered" ? "limbers up" : "unlimbers");
                p.explanation.push_back("seed 002, Game Sequence 2: limbering or unlimbering takes a full move");
            }
        }
        if (auto facing = in.number_opt("facing_deg", "a direction 0-360", 0, 360)) {
            now.facing_deg = std::fmod(*facing, 360.0);
            changes.push_back("faces " + fixed(now.facing_deg) + " deg");
        }
        if (changes.empty()) throw RuleError("'formation' for " + unit.id.code + " changes nothing: give 'to', 'mount', 'guns' or 'facing_deg' with a new value");
        std::string words;
        for (const auto& c : changes) words += (words.empty() ? "" : " and ") + c;
        p.summary = unit_label(unit) + " " + words;
    } else if (p.kind == "charge" || p.kind == "move") {
        const bool general = p.kind == "move" && in.has("general");
        if (general) {
            const std::size_t g = general_index(in.text("general", "a general's code"));
            if (state_.generals[g].presence != Presence::OnBoard) throw RuleError(generals_[g].id.code + " is not on the table");
            if (state_.generals[g].condition == GeneralCondition::Wounded || state_.generals[g].condition == GeneralCondition::Killed)
                throw RuleError(generals_[g].id.code + " is " + std::string(to_string(state_.generals[g].condition)) + " and out of the game");
            if (state_.generals[g].condition == GeneralCondition::Unhorsed && state_.generals[g].unhorsed_turn == clock.turn)
                throw RuleError(generals_[g].id.code + " was unhorsed this turn and cannot move (seed 002, Table 6)");
            const auto to = in.point("to");
            if (!to) in.fail("to", "a position {\"x_mm\": .., \"y_mm\": ..}");
            if (!scenario_.board.contains(*to)) in.fail("to", "a position on the board");
            GeneralStatus& now = edit_general(g);
            const double distance = std::hypot(to->x_mm - now.position.x_mm, to->y_mm - now.position.y_mm);
            now.position = *to;
            p.summary = generals_[g].id.code + " " + generals_[g].id.name + " rides " + fixed(distance) + " mm";
        } else {
            const std::size_t u = on_board_unit("unit");
            const Unit& unit = units_[u];
            UnitStatus& now = edit(u);
            if (now.formation == Formation::Square) throw RuleError(unit.id.code + " is in square and cannot move (seed 002, Game Sequence 3)");
            if (p.kind == "charge") {
                const int every = rules_->charge_once_every_turns;
                if (now.last_charge_turn > 0 && clock.turn - now.last_charge_turn < every) {
                    throw RuleError(unit.id.code + " charged on turn " + std::to_string(now.last_charge_turn) +
                                    " and may charge again on turn " + std::to_string(now.last_charge_turn + every) +
                                    " (once every " + std::to_string(every) + " turns)");
                }
                if (unit.arm() == Arm::Artillery) throw RuleError(unit.id.code + " is artillery and cannot charge");
                now.last_charge_turn = clock.turn;
            }
            double distance = 0;
            if (auto to = in.point("to")) {
                distance = std::hypot(to->x_mm - now.position.x_mm, to->y_mm - now.position.y_mm);
                if (!scenario_.board.contains(*to) && !in.flag("off_board")) in.fail("to", "a position on the board (or \"off_board\": true)");
                now.position = *to;
            } else if (p.kind == "move" && !in.has("off_board") && !in.has("facing_deg")) {
                in.fail("to", "a position {\"x_mm\": .., \"y_mm\": ..}");
            }
            if (auto facing = in.number_opt("facing_deg", "a direction 0-360", 0, 360)) now.facing_deg = std::fmod(*facing, 360.0);
            if (in.flag("off_board")) now.presence = Presence::OffBoard;
            const Movement& movement = unit.type().movement;
            const double allowance = movement.normal + (p.kind == "charge" ? movement.charge : 0.0);
            p.explanation.push_back("allowance " + fixed(movement.normal) + " mm" +
                                    (p.kind == "charge" ? " + " + fixed(movement.charge) + " mm charging" : std::string()) +
                                    ", difficult " + fixed(movement.difficult) + " mm, road +" + fixed(movement.road) + " mm");
            if (distance > allowance + movement.road + 0.5)
                p.explanation.push_back("note: moved " + fixed(distance) + " mm, more than the allowance of " + fixed(allowance) + " mm");
            p.summary = unit_label(unit) + (p.kind == "charge" ? " charges" : " moves") +
                        (distance > 0 ? " " + fixed(distance) + " mm" : std::string()) +
                        (now.presence == Presence::OffBoard ? " off the table" : "");
        }
    } else if (p.kind == "leader") {
        const std::size_t g = general_index(in.text("general", "a general's code"));
        if (!generals_[g].effective()) throw RuleError(generals_[g].id.code + " is " + std::string(to_string(state_.generals[g].condition)) + " or not on the table");
        std::optional<std::size_t> supported;
        if (in.has("unit")) supported = on_board_unit("unit");
        p.roll_key = roll_key("leader", {generals_[g].id.code}, clock);
        const LeaderResolution r = leader_under_fire(g, supported, "roll");
        p.result = {{"casualty", r.casualty}, {"fate", r.fate}, {"unit_disrupted", r.unit_disrupted}};
        p.summary = generals_[g].id.code + " " + generals_[g].id.name + " under fire, roll " +
                    format_roll(p.rolls[0].roll.kind, p.rolls[0].roll.value) + ": " + r.fate;
    } else if (p.kind == "order") {
        const std::size_t g = general_index(in.text("general", "a general's code"));
        if (!generals_[g].effective() && state_.generals[g].condition != GeneralCondition::Unhorsed)
            throw RuleError(generals_[g].id.code + " is " + std::string(to_string(state_.generals[g].condition)) + " and gives no orders");
        const std::string to = in.text("to", "the command or unit the order is for");
        const std::string order = in.text("order", "the order in words");
        const double distance = in.number_opt("distance_mm", "the messenger's ride in board mm", 0, 100000).value_or(0);
        auto& messengers = edit_messengers();
        Messenger m;
        m.number = static_cast<int>(messengers.size()) + 1;
        m.side = generals_[g].id.side;
        m.general = generals_[g].id.code;
        m.to = to;
        m.order = order;
        m.issued_turn = clock.turn;
        const double per_turn = rules_->orders.messenger_mm_per_turn > 0 ? rules_->orders.messenger_mm_per_turn : 200.0;
        m.arrives_turn = clock.turn + static_cast<int>(std::ceil(distance / per_turn - 1e-9));
        messengers.push_back(m);
        p.result = {{"messenger", m.number}, {"arrives_turn", m.arrives_turn}};
        p.explanation.push_back(rules_->orders.section + ": a staff officer rides " + fixed(per_turn) + " mm a turn; " +
                                fixed(distance) + " mm takes him to turn " + std::to_string(m.arrives_turn));
        p.summary = generals_[g].id.code + " sends messenger " + std::to_string(m.number) + " to " + to + ": \"" + order +
                    "\", arriving turn " + std::to_string(m.arrives_turn);
    } else if (p.kind == "deliver") {
        const int number = in.integer("messenger", "a messenger's number", 1, 1000000);
        if (number > static_cast<int>(state_.messengers.size())) in.fail("messenger", "a messenger's number (1-" + std::to_string(state_.messengers.size()) + ")");
        const Messenger& m = state_.messengers[static_cast<std::size_t>(number - 1)];
        if (m.status != MessengerStatus::InTransit) throw RuleError("messenger " + std::to_string(number) + " is already " + std::string(to_string(m.status)));
        if (in.flag("captured")) {
            edit_messengers()[static_cast<std::size_t>(number - 1)].status = MessengerStatus::Captured;
            p.summary = "Messenger " + std::to_string(number) + " to " + m.to + " is captured";
        } else {
            if (clock.turn < m.arrives_turn)
                throw RuleError("messenger " + std::to_string(number) + " arrives on turn " + std::to_string(m.arrives_turn) +
                                "; it is turn " + std::to_string(clock.turn));
            p.roll_key = roll_key("deliver", {std::to_string(number)}, clock);
            const ActionRoll roll = draw(p, "roll", rules_->orders.roll);
            const OrderResolution r = resolve_order(*rules_, roll.roll);
            p.explanation.insert(p.explanation.end(), r.explanation.begin(), r.explanation.end());
            auto& messengers = edit_messengers();
            messengers[static_cast<std::size_t>(number - 1)].status = r.understood ? MessengerStatus::Understood : MessengerStatus::NotUnderstood;
            p.result = {{"understood", r.understood}};
            p.summary = "Messenger " + std::to_string(number) + " reaches " + messengers[static_cast<std::size_t>(number - 1)].to +
                        ", roll " + format_roll(roll.roll.kind, roll.roll.value) +
                        (r.understood ? ": the order is understood" : ": the order is not understood");
        }
    } else if (p.kind == "crisis") {
        const std::string side_id = in.text("side", "a side's id ('" + scenario_.sides[0].id + "' or '" + scenario_.sides[1].id + "')");
        const int side = scenario_.side_index(side_id);
        if (side < 0) in.fail("side", "'" + scenario_.sides[0].id + "' or '" + scenario_.sides[1].id + "'");
        const SideTally t = tally(side);
        const CrisisAssessment assessment = assess_crisis(*rules_, t.bases_lost, t.bases_start);
        const int tested = state_.sides[static_cast<std::size_t>(side)].tested_level;
        if (!assessment.level || *assessment.level <= tested) {
            throw RuleError(t.name + " has crossed no new threshold (" + std::to_string(t.bases_lost) + " of " +
                            std::to_string(t.bases_start) + " bases lost, " + fixed(t.percent_lost, 1) +
                            "%): no crisis-of-morale test is due");
        }
        p.roll_key = roll_key("crisis", {side_id}, clock);
        const auto& table = rules_->crisis_of_morale;
        std::vector<std::size_t> affected;
        bool any_crisis = false;
        std::string rolled;
        const auto hit = [&](std::size_t i) {
            UnitStatus& now = edit(i);
            if (now.state == UnitState::Normal) now.state = UnitState::Disrupted;
            else now.state = UnitState::Routing;
        };
        if (table.scope == "unit") {
            // A roll for every unit on the table (rule sets whose crisis strikes unit by unit).
            for (std::size_t i = 0; i < units_.size(); ++i) {
                if (units_[i].id.side != side || state_.units[i].presence != Presence::OnBoard) continue;
                std::optional<Roll> natural;
                if (!assessment.immediate) natural = draw(p, units_[i].id.code, table.roll).roll;
                const CrisisResolution r = resolve_crisis(*rules_, t.bases_lost, t.bases_start, natural);
                if (r.crisis) {
                    hit(i);
                    affected.push_back(i);
                    any_crisis = true;
                }
                if (natural) rolled += (rolled.empty() ? "" : ", ") + units_[i].id.code + " " + format_roll(natural->kind, natural->value);
            }
            p.explanation.insert(p.explanation.end(), assessment.explanation.begin(), assessment.explanation.end());
        } else {
            std::optional<Roll> natural;
            if (!assessment.immediate) natural = draw(p, "roll", table.roll).roll;
            const CrisisResolution r = resolve_crisis(*rules_, t.bases_lost, t.bases_start, natural);
            p.explanation.insert(p.explanation.end(), r.explanation.begin(), r.explanation.end());
            if (natural) rolled = format_roll(natural->kind, natural->value);
            if (r.crisis) {
                any_crisis = true;
                for (std::size_t i = 0; i < units_.size(); ++i) {
                    if (units_[i].id.side != side || state_.units[i].presence != Presence::OnBoard) continue;
                    hit(i);
                    affected.push_back(i);
                }
            }
        }
        SideStatus& status = edit_sides()[static_cast<std::size_t>(side)];
        status.tested_level = *assessment.level;
        if (any_crisis) {
            ++status.crises;
            status.last_crisis_turn = clock.turn;
            p.explanation.push_back(table.effect);
        }
        nlohmann::json codes = nlohmann::json::array();
        for (std::size_t i : affected) codes.push_back(units_[i].id.code);
        p.result = {{"level", *assessment.level}, {"band", assessment.band}, {"immediate", assessment.immediate},
                    {"crisis", any_crisis}, {"affected", codes}};
        p.summary = t.name + " crisis-of-morale test at " + std::to_string(*assessment.level) + "% (" +
                    std::to_string(t.bases_lost) + " of " + std::to_string(t.bases_start) + " bases lost)" +
                    (rolled.empty() ? std::string(", immediate") : ", roll " + rolled) +
                    (any_crisis ? ": CRISIS, " + std::to_string(affected.size()) + " units disrupted or routed"
                                : ": the army fights on");
    } else if (p.kind == "reinforcements") {
        const std::string id = in.text("id", "a reinforcement id of the scenario");
        const auto it = std::find_if(scenario_.reinforcements.begin(), scenario_.reinforcements.end(),
                                     [&](const ReinforcementSetup& r) { return r.id == id; });
        if (it == scenario_.reinforcements.end()) {
            std::string known;
            for (const auto& r : scenario_.reinforcements) known += (known.empty() ? "" : ", ") + r.id;
            in.fail("id", "a reinforcement of this scenario (" + (known.empty() ? std::string("none") : known) + ")");
        }
        if (minutes() < it->arrives)
            throw RuleError(it->command.name + " arrives at " + format_clock(it->arrives) + "; it is " + clock_text());
        int arrived = 0, bases = 0;
        for (std::size_t i = 0; i < units_.size(); ++i) {
            if (units_[i].id.reinforcement != id) continue;
            if (state_.units[i].presence != Presence::Awaiting) throw RuleError(it->command.name + " has already arrived");
            edit(i).presence = Presence::OnBoard;
            ++arrived;
            bases += units_[i].id.bases_start;
        }
        for (std::size_t g = 0; g < generals_.size(); ++g)
            if (generals_[g].id.reinforcement == id) edit_general(g).presence = Presence::OnBoard;
        const SideTally t = tally(scenario_.side_index(it->side));
        p.explanation.push_back("seed 002, 5) Crisis of morale: the casualty percentage now reflects the combined army of " +
                                std::to_string(t.bases_start) + " bases");
        p.summary = it->command.name + " arrives (" + std::to_string(arrived) + " units, " + std::to_string(bases) +
                    " bases)" + (it->entry.empty() ? std::string() : " " + it->entry) + "; " + t.name + " now " +
                    std::to_string(t.bases_lost) + " of " + std::to_string(t.bases_start) + " bases lost";
    } else if (p.kind == "set") {
        std::vector<std::string> changes;
        if (in.has("unit")) {
            const std::size_t u = unit_index(in.text("unit", "a unit code"));
            const Unit& unit = units_[u];
            UnitStatus& now = edit(u);
            if (auto bases = in.integer_opt("bases", "a number of bases 0-100", 0, 100)) {
                changes.push_back("bases " + std::to_string(now.bases) + " -> " + std::to_string(*bases));
                now.bases = *bases;
            }
            if (auto state = in.text_opt("state", "normal, disrupted, withdrawing or routing")) {
                try {
                    now.state = unit_state_from_string(*state);
                } catch (const RuleError&) {
                    in.fail("state", "normal, disrupted, withdrawing or routing");
                }
                changes.push_back("state " + std::string(to_string(now.state)));
            }
            if (auto formation = in.text_opt("formation", "line, column or square")) {
                try {
                    now.formation = formation_from_string(*formation);
                } catch (const RuleError&) {
                    in.fail("formation", "line, column or square");
                }
                if (now.formation == Formation::Square && unit.arm() != Arm::Infantry) in.fail("formation", "line or column: only infantry forms square");
                changes.push_back("formation " + std::string(to_string(now.formation)));
            }
            if (auto guns = in.text_opt("guns", "limbered, unlimbered or captured")) {
                if (now.guns == Guns::None) in.fail("guns", "nothing: " + unit.id.code + " is not artillery");
                try {
                    now.guns = guns_from_string(*guns);
                } catch (const RuleError&) {
                    in.fail("guns", "limbered, unlimbered or captured");
                }
                changes.push_back("guns " + *guns);
            }
            if (auto mount = in.flag_opt("mount")) {
                if (now.mount == Mount::None) in.fail("mount", "nothing: " + unit.id.code + " is not dragoons");
                now.mount = *mount ? Mount::Mounted : Mount::Dismounted;
                changes.push_back(*mount ? "mounted" : "dismounted");
            }
            if (auto to = in.point("to")) {
                now.position = *to;
                changes.push_back("position (" + fixed(to->x_mm) + ", " + fixed(to->y_mm) + ")");
            }
            if (auto facing = in.number_opt("facing_deg", "a direction 0-360", 0, 360)) {
                now.facing_deg = std::fmod(*facing, 360.0);
                changes.push_back("facing " + fixed(now.facing_deg));
            }
            if (auto presence = in.text_opt("presence", "awaiting, on-board or off-board")) {
                try {
                    now.presence = presence_from_string(*presence);
                } catch (const RuleError&) {
                    in.fail("presence", "awaiting, on-board or off-board");
                }
                changes.push_back(*presence);
            }
            if (auto turn = in.integer_opt("last_charge_turn", "a turn number, 0 for never", 0, 100000)) {
                now.last_charge_turn = *turn;
                changes.push_back("last charge turn " + std::to_string(*turn));
            }
            p.summary = "Correction: " + unit_label(unit);
        } else if (in.has("general")) {
            const std::size_t g = general_index(in.text("general", "a general's code"));
            GeneralStatus& now = edit_general(g);
            if (auto condition = in.text_opt("condition", "present, unhorsed, wounded or killed")) {
                try {
                    now.condition = general_condition_from_string(*condition);
                } catch (const RuleError&) {
                    in.fail("condition", "present, unhorsed, wounded or killed");
                }
                if (now.condition == GeneralCondition::Unhorsed) now.unhorsed_turn = clock.turn;
                changes.push_back(*condition);
            }
            if (auto to = in.point("to")) {
                now.position = *to;
                changes.push_back("position (" + fixed(to->x_mm) + ", " + fixed(to->y_mm) + ")");
            }
            if (auto presence = in.text_opt("presence", "awaiting, on-board or off-board")) {
                try {
                    now.presence = presence_from_string(*presence);
                } catch (const RuleError&) {
                    in.fail("presence", "awaiting, on-board or off-board");
                }
                changes.push_back(*presence);
            }
            p.summary = "Correction: " + generals_[g].id.code + " " + generals_[g].id.name;
        } else {
            in.fail("unit", "a unit code (or 'general' with a general's code)");
        }
        if (changes.empty()) throw RuleError("'set' changes nothing: give bases, state, formation, guns, mount, to, facing_deg, presence, last_charge_turn or condition");
        std::string words;
        for (const auto& c : changes) words += (words.empty() ? "" : ", ") + c;
        p.summary += ": " + words;
        if (auto reason = in.text_opt("reason", "the reason in words")) p.summary += " (" + *reason + ")";
        p.explanation.push_back("manual correction by the umpire; no roll");
    } else if (p.kind == "end-phase") {
        Clock& now = edit_clock();
        const std::string ended = phase().id + ") " + phase().name;
        const int ended_side = phasing_side();
        ++now.phase;
        if (now.phase >= static_cast<int>(phases_.size())) {
            now.phase = 0;
            ++now.half;
            if (now.half > 1) {
                now.half = 0;
                ++now.turn;
                // A general whose horse was shot is back in the saddle next turn (Table 6).
                for (std::size_t g = 0; g < generals_.size(); ++g)
                    if (state_.generals[g].condition == GeneralCondition::Unhorsed && state_.generals[g].unhorsed_turn < now.turn)
                        edit_general(g).condition = GeneralCondition::Present;
            }
        }
        for (int s = 0; s < 2; ++s)
            if (ended == phases_.back().id + ") " + phases_.back().name && s == ended_side && tally(s).crisis_due)
                p.explanation.push_back("note: " + scenario_.sides[static_cast<std::size_t>(s)].name + " ended the turn with a crisis-of-morale test due");
        p.summary = "End of " + scenario_.sides[static_cast<std::size_t>(ended_side)].name + "'s phase " + ended + "; now turn " +
                    std::to_string(now.turn) + " (" + clock_text() + "), " +
                    scenario_.sides[static_cast<std::size_t>(phasing_side())].name + ", phase " + phase().id + ") " + phase().name;
        const int to_dusk = minutes_to_dusk();
        if (const auto visibility = rules_->dusk.visibility(to_dusk); visibility && to_dusk >= 0)
            p.explanation.push_back(rules_->dusk.section + ": " + std::to_string(to_dusk) + " minutes before dusk, visibility " +
                                    std::to_string(*visibility) + " mm");
        if (to_dusk <= 0) p.explanation.push_back("dusk has fallen: judge the winner by casualties");
    } else {
        throw RuleError("unknown action '" + p.kind + "': expected one of " + known_kinds());
    }
    if (const std::string_view expected = phase_of(p.kind); !expected.empty() && expected != phase().id) {
        p.explanation.push_back("note: '" + p.kind + "' belongs to phase " + std::string(expected) + ", applied in phase " +
                                phase().id + ") " + phase().name);
    }
}

AppliedAction Game::commit(Pending& p, Dice before) {
    AppliedAction action;
    action.seq = static_cast<int>(journal_.size()) + 1;
    action.kind = p.kind;
    action.input = p.input;
    action.rolls = std::move(p.rolls);
    action.summary = std::move(p.summary);
    action.explanation = std::move(p.explanation);
    action.result = std::move(p.result);
    action.roll_key = std::move(p.roll_key);
    action.clock = state_.clock;
    action.change = std::move(p.change);
    (void)before;
    return action;
}

namespace {
nlohmann::json action_line(const AppliedAction& action, const Game& game, const Clock& at) {
    nlohmann::json rolls = nlohmann::json::array();
    for (const ActionRoll& roll : action.rolls) rolls.push_back(roll_json(roll));
    const auto& phases = game.phases();
    const int first = game.scenario().side_index(game.scenario().first_player);
    const int side = at.half == 0 ? first : 1 - first;
    return {{"seq", action.seq},
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
}
}  // namespace

const AppliedAction& Game::apply(const nlohmann::json& action) {
    if (!action.is_object()) throw RuleError("an action is a JSON object with \"do\", e.g. {\"do\": \"end-phase\"}");
    if (!action.contains("do") || !action["do"].is_string())
        throw RuleError("an action needs \"do\": one of " + known_kinds());
    const std::string kind = action["do"].get<std::string>();
    if (kind == "undo") return undo();
    if (kind == "redo") return redo();
    const auto spec = std::find_if(action_specs().begin(), action_specs().end(), [&](const ActionSpec& s) { return s.kind == kind; });
    if (spec == action_specs().end()) throw RuleError("unknown action '" + kind + "': expected one of " + known_kinds());
    for (const auto& [key, value] : action.items()) {
        if (key == "do" || key == "roll" || key == "rolls" || key == "note") continue;
        if (std::find(spec->keys.begin(), spec->keys.end(), key) == spec->keys.end()) {
            std::string keys;
            for (auto k : spec->keys) keys += (keys.empty() ? "" : ", ") + std::string(k);
            throw RuleError("'" + kind + "' does not take '" + key + "': its keys are " +
                            (keys.empty() ? std::string("none") : keys) + (spec->keys.empty() ? "" : ", roll, rolls") + ", note");
        }
    }
    if (action.contains("rolls") && !action["rolls"].is_object())
        throw RuleError("'rolls' is an object of entered rolls by slot, e.g. {\"attacker_leader\": 7, \"roll\": 5}");

    const Dice dice_before = dice_;
    const auto kept_before = kept_rolls_;
    const Clock clock_before = state_.clock;
    Pending p;
    p.input = action;
    p.entered = action;
    p.kind = kind;
    recording_ = &p.change;
    try {
        if (kind == "reroll") {
            if (history_.empty()) throw RuleError("there is no action to re-roll");
            const AppliedAction& target = history_.back();
            if (action.contains("of") && action["of"] != target.seq)
                throw RuleError("only the last action can be re-rolled: #" + std::to_string(target.seq) + ", not " + action["of"].dump());
            if (target.kind == "reroll") throw RuleError("#" + std::to_string(target.seq) + " is already a re-roll; undo it to return to the first roll");
            if (target.rolls.empty()) throw RuleError("#" + std::to_string(target.seq) + " (" + target.kind + ") has no roll to re-roll");
            // Put the target's values back, recording what they were, then resolve its request
            // again with fresh rolls (or the rolls entered with the reroll).
            for (const auto& [index, value] : target.change.units) edit(index) = value;
            for (const auto& [index, value] : target.change.generals) edit_general(index) = value;
            if (target.change.messengers) edit_messengers() = *target.change.messengers;
            if (target.change.sides) edit_sides() = *target.change.sides;
            if (target.change.clock) edit_clock() = *target.change.clock;
            Pending again;
            again.input = target.input;
            again.entered = action;
            again.kind = target.kind;
            again.key_prefix = "reroll:";
            sync_views();  // execute() reads the views (a general's condition, a unit's mount)
            std::string old_rolls;
            for (const ActionRoll& roll : target.rolls) old_rolls += (old_rolls.empty() ? "" : ", ") + format_roll(roll.roll.kind, roll.roll.value);
            // The re-roll's own key: undoing a re-roll and re-rolling again gives the same roll.
            execute(again);  // still recording into p.change: a refusal rolls everything back
            p.rolls = std::move(again.rolls);
            p.roll_key = "reroll:" + again.roll_key;
            std::string new_rolls;
            for (const ActionRoll& roll : p.rolls) new_rolls += (new_rolls.empty() ? "" : ", ") + format_roll(roll.roll.kind, roll.roll.value);
            p.summary = "Re-roll of #" + std::to_string(target.seq) + " (" + target.kind + "): " + old_rolls + " -> " + new_rolls +
                        ". " + again.summary;
            p.explanation = std::move(again.explanation);
            p.explanation.insert(p.explanation.begin(), "deliberate re-roll of #" + std::to_string(target.seq) + ", first rolled " + old_rolls);
            p.result = std::move(again.result);
            p.result["of"] = target.seq;
            p.input["of"] = target.seq;
        } else {
            execute(p);
        }
    } catch (...) {
        p.change.toggle(state_);
        recording_ = nullptr;
        dice_ = dice_before;
        kept_rolls_ = kept_before;
        sync_views();
        throw;
    }
    recording_ = nullptr;
    AppliedAction applied = commit(p, dice_before);
    const nlohmann::json line = action_line(applied, *this, clock_before);
    try {
        record(line);
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
    return history_.back();
}

void Game::record(const nlohmann::json& line) {
    if (journal_file_) journal_file_->append(line);
    journal_.push_back(line);
}

std::string Game::undo_text() const {
    return history_.empty() ? std::string() : "Undo #" + std::to_string(history_.back().seq) + ": " + history_.back().summary;
}
std::string Game::redo_text() const {
    return redo_.empty() ? std::string() : "Redo #" + std::to_string(redo_.back().seq) + ": " + redo_.back().summary;
}

const AppliedAction& Game::undo() {
    if (history_.empty()) throw RuleError("there is nothing to undo");
    AppliedAction& action = history_.back();
    const nlohmann::json line{{"seq", static_cast<int>(journal_.size()) + 1},
                              {"do", "undo"},
                              {"of", action.seq},
                              {"turn", state_.clock.turn},
                              {"clock", clock_text()},
                              {"summary", "Undo #" + std::to_string(action.seq) + ": " + action.summary}};
    record(line);
    action.change.toggle(state_);
    sync_views();
    // Keep the generated rolls for the next request of the same kind (file comment).
    for (const ActionRoll& roll : action.rolls)
        if (roll.roll.source == RollSource::Generated) kept_rolls_[action.roll_key + "#" + roll.slot].push_back(roll.roll);
    redo_.push_back(std::move(action));
    history_.pop_back();
    return redo_.back();
}

const AppliedAction& Game::redo() {
    if (redo_.empty()) throw RuleError("there is nothing to redo");
    AppliedAction& action = redo_.back();
    const nlohmann::json line{{"seq", static_cast<int>(journal_.size()) + 1},
                              {"do", "redo"},
                              {"of", action.seq},
                              {"turn", state_.clock.turn},
                              {"clock", clock_text()},
                              {"summary", "Redo #" + std::to_string(action.seq) + ": " + action.summary}};
    record(line);
    action.change.toggle(state_);
    sync_views();
    // Its rolls are in use again: they are no longer kept for another request.
    for (const ActionRoll& roll : action.rolls) {
        if (roll.roll.source != RollSource::Generated) continue;
        const auto kept = kept_rolls_.find(action.roll_key + "#" + roll.slot);
        if (kept == kept_rolls_.end()) continue;
        auto& list = kept->second;
        const auto it = std::find_if(list.begin(), list.end(), [&](const Roll& r) { return r.kind == roll.roll.kind && r.value == roll.roll.value; });
        if (it != list.end()) list.erase(it);
        if (list.empty()) kept_rolls_.erase(kept);
    }
    history_.push_back(std::move(action));
    redo_.pop_back();
    return history_.back();
}

// ------------------------------------------------------------------ journal

nlohmann::json Game::journal_header() const {
    return {{"format", kJournalFormat},
            {"format_version", kJournalFormatVersion},
            {"scenario", {{"id", scenario_.id}, {"ruleset", scenario_.ruleset}, {"document", scenario_.document}}},
            {"seed", std::to_string(seed_)},
            {"summary", "Journal of " + scenario_.name + "; one action a line, each with its rolls and a summary"}};
}

void Game::attach_journal(const std::filesystem::path& file) {
    std::vector<nlohmann::json> lines;
    lines.reserve(journal_.size() + 1);
    lines.push_back(journal_header());
    lines.insert(lines.end(), journal_.begin(), journal_.end());
    journal_file_ = JournalFile::create(file, lines);
}

void Game::detach_journal() { journal_file_.reset(); }

std::optional<std::filesystem::path> Game::journal_file() const {
    if (!journal_file_) return std::nullopt;
    return journal_file_->path();
}

Game Game::replay(const RulesLibrary& library, Scenario scenario, std::uint64_t seed, const std::vector<nlohmann::json>& lines,
                  const std::string& file) {
    Game game(library, std::move(scenario), seed);
    game.journal_.reserve(lines.size());
    for (std::size_t i = 0; i < lines.size(); ++i) {
        const nlohmann::json& line = lines[i];
        const std::string where = "line " + std::to_string(i + 1);
        if (!line.is_object() || !line.contains("do") || !line["do"].is_string())
            throw DataError(file, where, "a journal entry with \"do\"", line.dump().substr(0, 60));
        const std::string kind = line["do"].get<std::string>();
        try {
            if (kind == "undo" || kind == "redo") {
                const int expected = line.value("of", 0);
                const AppliedAction& done = kind == "undo" ? game.undo() : game.redo();
                if (done.seq != expected)
                    throw DataError(file, where, kind + " of #" + std::to_string(done.seq), kind + " of #" + std::to_string(expected));
            } else {
                if (!line.contains("input") || !line["input"].is_object())
                    throw DataError(file, where, "the action's \"input\" object", "nothing");
                const nlohmann::json& input = line["input"];
                const AppliedAction& done = game.apply(input);
                const auto& recorded = line.contains("rolls") ? line["rolls"] : nlohmann::json::array();
                nlohmann::json replayed = nlohmann::json::array();
                for (const ActionRoll& roll : done.rolls) replayed.push_back(roll_json(roll));
                if (recorded != replayed) {
                    throw DataError(file, where, "the recorded rolls " + recorded.dump(),
                                    "replay rolled " + replayed.dump() + ": the journal does not belong to this scenario and seed");
                }
            }
        } catch (const RuleError& error) {
            throw DataError(file, where, "an action that can be applied", error.what());
        }
    }
    return game;
}

}  // namespace fortuna
