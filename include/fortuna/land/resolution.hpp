// SPDX-License-Identifier: MIT
// Resolution of every roll the rules call for, each with the steps that led to its result
// (citing the table cell) and, before the roll, the exact probability of every outcome.
#pragma once

#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "fortuna/land/army.hpp"
#include "fortuna/core/chance.hpp"
#include "fortuna/core/odds.hpp"
#include "fortuna/land/ruleset.hpp"

namespace fortuna {


// ---------------------------------------------------------------- combat (odds + CRT)

// One side of a combat: a unit type with its bases, or a strength typed in directly.
struct Combatant {
    const UnitType* unit = nullptr;
    std::string label;  // "France Line Infantry" or "attacker"
    int bases = 0;
    UnitState state = UnitState::Normal;
    Formation formation = Formation::Line;
    std::optional<int> strength;  // overrides bases x factor
};

enum class TerrainAdvantage { None, Attacker, Defender };
template <>
struct EnumNames<TerrainAdvantage> {
    static constexpr std::string_view what = "terrain advantage";
    static constexpr std::array<NameOf<TerrainAdvantage>, 3> names{{{TerrainAdvantage::None, "none"},
                                                                     {TerrainAdvantage::Attacker, "attacker"},
                                                                     {TerrainAdvantage::Defender, "defender"}}};
};
// A leader with a side: present and surviving (adds his modifier), killed under fire
// (the penalty of Table 6), or absent/unhorsed (nothing).
enum class LeaderEffect { None, Present, GreatCaptain, Killed };

struct CombatRequest {
    Combatant attacker;
    Combatant defender;
    bool flank = false;
    bool rear = false;
    int combined_arms = 1;  // number of arms attacking together: 1, 2 or 3
    bool charge = false;
    TerrainAdvantage terrain = TerrainAdvantage::None;
    bool obstacle = false;  // defender behind hedges, walls or redans
    LeaderEffect attacker_leader = LeaderEffect::None;
    LeaderEffect defender_leader = LeaderEffect::None;
};

// Everything decided before the roll: strengths, odds, the CRT column and roll modifier.
struct CombatSetup {
    int attack_strength = 0;
    int defend_strength = 0;
    OddsTable::Lookup odds;
    int base_column = 0;
    int column_shift = 0;
    int column = 0;  // after shifts, clamped
    std::string column_label;
    int roll_modifier = 0;
    Explanation explanation;
};

struct SideOutcome {
    UnitState before = UnitState::Normal;
    UnitState after = UnitState::Normal;
    int bases_before = 0;
    int bases_lost = 0;
    std::string words;  // "defender already disrupted: remove 1 base, it routs"
};

struct CombatResolution {
    CombatSetup setup;
    Roll natural;
    int modified_roll = 0;
    int table_roll = 0;  // clamped to the table's rows
    std::string result;  // "Dx"
    std::string result_name;
    SideOutcome attacker;
    SideOutcome defender;
    std::string effect;  // both sides in words
    Explanation explanation;
};

CombatSetup prepare_combat(const RuleSet& rules, const CombatRequest& request);
CombatResolution resolve_combat(const RuleSet& rules, const CombatRequest& request, const Roll& natural);
// Probability of each result code before the roll (every natural roll enumerated).
Distribution combat_probabilities(const RuleSet& rules, const CombatRequest& request);
Distribution combat_probabilities(const RuleSet& rules, const CombatSetup& setup);

// The hot path without words: strengths, odds, column, modifier, result and what it does to
// each side, for simulations and previews that resolve millions of combats.
struct CombatOutcome {
    int attack_strength = 0;
    int defend_strength = 0;
    int column = 0;
    int roll_modifier = 0;
    const std::string* result = nullptr;  // points into the rule set's table
    UnitOutcome attacker;
    UnitOutcome defender;
};
struct CombatNumbers {
    int attack_strength = 0;
    int defend_strength = 0;
    Odds odds;
    int column = 0;
    int roll_modifier = 0;
};
CombatNumbers combat_numbers(const RuleSet& rules, const CombatRequest& request);
CombatOutcome resolve_combat_outcome(const RuleSet& rules, const CombatRequest& request, const CombatNumbers& numbers,
                                     int natural_roll);

// What a result does to a side in a given state, by the rule set's result definitions.
SideOutcome apply_result_to_side(const RuleSet& rules, const std::string& code, bool attacker_side,
                                 UnitState before, int bases);

// ---------------------------------------------------------------- artillery

struct ArtilleryRequest {
    std::string battery = "field";
    double range_mm = 0;
    Formation target_formation = Formation::Line;
    UnitState target_state = UnitState::Normal;
    int target_bases = 0;  // 0: unknown, effect described without counts
};

struct ArtilleryResolution {
    std::string band;
    int band_index = 0;
    int modifier = 0;
    Roll natural;
    int modified_roll = 0;
    int table_roll = 0;
    std::string result;  // "-", "Dd", "Dr"
    SideOutcome target;
    std::string effect;
    Explanation explanation;
};

ArtilleryResolution resolve_artillery(const RuleSet& rules, const ArtilleryRequest& request, const Roll& natural);
Distribution artillery_probabilities(const RuleSet& rules, const ArtilleryRequest& request);

// ---------------------------------------------------------------- leaders under fire

struct LeaderResolution {
    Roll casualty_roll;
    std::optional<Roll> fate_roll;
    bool casualty = false;
    std::string fate;  // "survives", "killed", "wounded", "unhorsed"
    bool unit_disrupted = false;
    bool leader_removed = false;
    bool modifier_available = false;  // the leader may add his modifier this turn
    Explanation explanation;
};

// fate_roll is needed only when the casualty roll makes him a casualty.
LeaderResolution resolve_leader_under_fire(const RuleSet& rules, const Roll& casualty_roll,
                                           const std::optional<Roll>& fate_roll);
Distribution leader_probabilities(const RuleSet& rules);

// ---------------------------------------------------------------- cavalry against squares

struct SquareResolution {
    Roll natural;
    int modified_roll = 0;
    bool cavalry_disrupted = false;
    bool square_broken = false;
    std::string text;
    SideOutcome cavalry;
    SideOutcome square;
    Explanation explanation;
};

SquareResolution resolve_cavalry_vs_square(const RuleSet& rules, UnitState square_state, const Roll& natural,
                                           UnitState cavalry_state = UnitState::Normal, int square_bases = 0,
                                           int cavalry_bases = 0);
Distribution square_probabilities(const RuleSet& rules, UnitState square_state);

// ---------------------------------------------------------------- rally, control and orders

enum class RallySupport { None, General, GreatCaptain };

struct RallyResolution {
    Roll natural;
    int modifier = 0;
    int modified_roll = 0;
    int needed = 0;
    bool rallied = false;
    UnitState before = UnitState::Disrupted;
    UnitState after = UnitState::Disrupted;
    Explanation explanation;
};

// A disrupted (or withdrawing) unit needs its army-table rally value; a routing unit needs
// the rule set's routing value and becomes disrupted.
RallyResolution resolve_rally(const RuleSet& rules, UnitState state, const UnitType* unit, RallySupport support,
                              const Roll& natural);
Probability rally_probability(const RuleSet& rules, UnitState state, const UnitType* unit, RallySupport support);

struct OrderResolution {
    Roll natural;
    bool understood = false;
    Explanation explanation;
};
OrderResolution resolve_order(const RuleSet& rules, const Roll& natural);

// ---------------------------------------------------------------- crisis of morale

struct CrisisAssessment {
    int casualties = 0;
    int total = 0;
    double percent = 0;
    std::optional<int> level;  // highest threshold percent reached, if any
    std::string band;          // "20-25%"
    std::optional<RollBand> crisis_on;
    bool immediate = false;
    Explanation explanation;
};

// Threshold in base units for a percentage of an army (the victory table's marks).
int threshold_bases(const CrisisOfMoraleTable& table, int percent, int total);
CrisisAssessment assess_crisis(const RuleSet& rules, int casualties, int total);
// The same against a table whose thresholds a scenario set for the hour (Game::crisis_table).
CrisisAssessment assess_crisis(const CrisisOfMoraleTable& table, int casualties, int total);

struct CrisisResolution {
    CrisisAssessment assessment;
    std::optional<Roll> natural;
    bool crisis = false;
    Explanation explanation;
};
// Tests the level reached; an immediate level needs no roll.
CrisisResolution resolve_crisis(const RuleSet& rules, int casualties, int total, const std::optional<Roll>& natural);
CrisisResolution resolve_crisis(const CrisisOfMoraleTable& table, int casualties, int total, const std::optional<Roll>& natural);
Probability crisis_probability(const RuleSet& rules, int casualties, int total);
Probability crisis_probability(const CrisisOfMoraleTable& table, int casualties, int total);

// One mark of the victory table (seed 000, 3.2 and 9.1: 15 % and every 5 % thereafter).
struct CrisisMark {
    int percent = 0;
    int bases = 0;  // base units lost that cross this level
    std::optional<RollBand> crisis_on;
    bool immediate = false;
    Probability chance;  // of a crisis: for the army (scope "army") or for each unit (scope "unit")
};
// Every level an army of `total` base units can cross, ascending; a level whose mark lies beyond
// the army's total (100 % read as "exceed") is left out.
std::vector<CrisisMark> crisis_marks(const RuleSet& rules, int total);

// ---------------------------------------------------------------- victory

struct VictoryJudgement {
    double percent_a = 0;
    double percent_b = 0;
    double margin = 0;
    std::string winner;  // "a", "b" or "" for a draw
    std::string result;  // "draw", "victory", "marginal victory", ...
    Explanation explanation;
};
VictoryJudgement judge_victory(const RuleSet& rules, int casualties_a, int total_a, int casualties_b, int total_b,
                               const std::string& name_a = "Side A", const std::string& name_b = "Side B");

}  // namespace fortuna
