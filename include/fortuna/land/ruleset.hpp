// SPDX-License-Identifier: MIT
// A rule set's tables and scalar rules, as loaded from data/tables/<id>.json.
#pragma once

#include <map>
#include <optional>
#include <string>
#include <vector>

#include <nlohmann/json_fwd.hpp>

#include "fortuna/core/chance.hpp"
#include "fortuna/core/names.hpp"

namespace fortuna {

enum class Arm { Infantry, Cavalry, Artillery };
enum class UnitState { Normal, Disrupted, Withdrawing, Routing };
// Square is the 'defensive hedgehog' of the Age of Glaube.
enum class Formation { Line, Column, Square };

template <>
struct EnumNames<Arm> {
    static constexpr std::string_view what = "arm";
    static constexpr std::array<NameOf<Arm>, 3> names{
        {{Arm::Infantry, "infantry"}, {Arm::Cavalry, "cavalry"}, {Arm::Artillery, "artillery"}}};
};
template <>
struct EnumNames<UnitState> {
    static constexpr std::string_view what = "unit state";
    static constexpr std::array<NameOf<UnitState>, 6> names{{{UnitState::Normal, "normal"},
                                                              {UnitState::Disrupted, "disrupted"},
                                                              {UnitState::Withdrawing, "withdrawing"},
                                                              {UnitState::Routing, "routing"},
                                                              {UnitState::Normal, "organised"},
                                                              {UnitState::Normal, "organized"}}};
};
template <>
struct EnumNames<Formation> {
    static constexpr std::string_view what = "formation";
    static constexpr std::array<NameOf<Formation>, 4> names{{{Formation::Line, "line"},
                                                             {Formation::Column, "column"},
                                                             {Formation::Square, "square"},
                                                             {Formation::Square, "hedgehog"}}};
};

// Combat odds as printed: 3:1 is {3, 1}, 1:2 is {1, 2}.
struct Odds {
    int attacker = 1;
    int defender = 1;
    double ratio() const { return double(attacker) / double(defender); }
    std::string text() const;  // "3:1"
    bool operator==(const Odds&) const = default;
};
Odds parse_odds(std::string_view text);  // "3:1" or "3-1"; throws RuleError

// An inclusive band of rolls in the kind's units (dice faces or thousandths).
struct RollBand {
    int min = 0;
    int max = 0;
    bool contains(int roll) const { return roll >= min && roll <= max; }
    std::string text(RollKind kind) const;  // "5", "2-6", "0.000-0.166"
};

// Table 5 (dice edition): attacker's strength across, defender's down.
struct OddsTable {
    std::string section;
    std::vector<int> attack_strengths;  // as printed (descending)
    std::vector<int> defend_strengths;  // as printed (descending)
    std::vector<std::vector<Odds>> cells;  // [defend row][attack column]
    // Strengths that fall between printed ones use the next lower printed strength
    // ("next-lower") or the nearest ("nearest"); beyond the largest, the largest ("clamp").
    std::string between_strengths = "next-lower";
    // The attacking strength whose column the text conversion lost and the data restores
    // (errata E1: 24 by the table's own rounding; 35 was the earlier reading); 0 if none was.
    int lost_column = 0;

    struct Lookup {
        Odds odds;
        int attack_column = 0;  // printed strength used
        int defend_row = 0;
        std::string note;       // why a different strength was used, if one was
    };
    Lookup lookup(int attack_strength, int defend_strength) const;
};

struct UnitOutcome {
    int lose_bases = 0;
    UnitState state = UnitState::Normal;
};

// What one combat result does to one side, by that side's state before the combat.
struct SideEffect {
    std::optional<UnitOutcome> normal;
    std::optional<UnitOutcome> disrupted;
    bool affects() const { return normal || disrupted; }
};

struct CombatResultDefinition {
    std::string code;  // "Dx"
    std::string name;  // "Disruption exchange"
    std::string text;  // as printed
    std::string section;
    SideEffect attacker;
    SideEffect defender;
};

struct ResultsColumn {
    std::string label;  // "3-1" as the CRT names it
    Odds odds;
};

struct ResultsRow {
    RollBand roll;
    std::vector<std::string> results;  // one per column
};

// Table 6 (combat) and Table 3 (artillery) share this shape: roll bands down, columns across.
struct CombatResultsTable {
    std::string section;
    RollKind roll = RollKind::D6;
    std::vector<ResultsColumn> columns;
    std::vector<ResultsRow> rows;

    // The column for these odds: exact match, else the last column whose odds do not
    // exceed them; odds beyond either end use the end column ("clamp").
    int column_for(const Odds& odds, std::string* note = nullptr) const;
    int lowest_roll() const;
    int highest_roll() const;
    const ResultsRow& row_for(int table_roll) const;  // roll already clamped
};

struct ColumnShifts {
    std::string section;
    int combined_arms_two = 1;
    int combined_arms_three = 2;
    int flank = 1;
    int rear = 2;
};

// Roll modifiers in the rule set's roll units (+1 or +100 thousandths), signed as applied
// to the attacker's roll (high rolls favour the attacker).
struct CombatModifiers {
    std::string section;
    int terrain_attacker = 0;
    int terrain_defender = 0;
    int charge = 0;
    int attacking_square = 0;
    int obstacle = 0;
    int leader_with_attacker = 0;
    int leader_with_defender = 0;
    int leader_killed = 0;  // magnitude; against the side whose leader fell
};

struct ArtilleryBand {
    std::string label;
    double min_mm = 0;
    double max_mm = 0;
};

struct BatteryTable {
    std::string id;    // "field", "foot", "horse"
    std::string name;
    std::vector<ArtilleryBand> bands;
    std::vector<ResultsRow> rows;  // results per band
};

struct ArtilleryTable {
    std::string section;
    RollKind roll = RollKind::D6;
    std::vector<BatteryTable> batteries;
    std::map<Formation, int> target_formation_modifiers;
    std::string band_edge = "nearer";  // a range exactly on an edge uses the nearer band
    const BatteryTable& battery(std::string_view id) const;  // throws RuleError
};

struct LeaderFate {
    RollBand roll;
    std::string fate;  // "killed", "wounded", "unhorsed"
    std::string text;
    bool unit_disrupted = false;
    bool leader_removed = false;
    bool combat_penalty = false;
};

struct LeaderModifiers {
    int attack = 0;
    int defend = 0;
    int rally = 0;
};

struct LeaderTable {
    std::string section;
    RollKind casualty_roll = RollKind::TwoD6;
    RollBand casualty_on;
    RollKind fate_roll = RollKind::D6;
    std::vector<LeaderFate> fates;
    LeaderModifiers modifiers;
    std::optional<LeaderModifiers> great_captain_modifiers;
    std::vector<std::string> great_captains;
};

struct SquareOutcome {
    RollBand roll;
    bool cavalry_disrupted = false;
    bool square_broken = false;
    std::string text;
};

struct CavalryVsSquareTable {
    std::string section;
    RollKind roll = RollKind::TwoD6;
    std::vector<SquareOutcome> normal;     // square organised before the attack
    std::vector<SquareOutcome> disrupted;  // square disrupted before the attack
    std::optional<double> infantry_fire_mm;  // Glaube 30 mm, Gloire 50 mm
    // Glaube, 8.6: the cavalry's pistol fire comes before contact, so the attack is made from
    // anywhere within infantry_fire_mm; elsewhere cavalry must reach contact (8.1.2).
    bool attack_before_contact = false;
};

struct RallyRules {
    std::string section;
    RollKind roll = RollKind::D6;
    int routing_needs = 6;  // a leader adds LeaderTable::modifiers.rally
};

struct OrderRules {
    std::string section;
    RollKind roll = RollKind::D6;
    int understood_from = 2;
    double messenger_mm_per_turn = 200;
};

struct CrisisLevel {
    int percent = 0;
    std::optional<RollBand> crisis_on;  // rolls that bring a crisis
    bool immediate = false;
};

struct CrisisOfMoraleTable {
    std::string section;
    RollKind roll = RollKind::D6;
    std::string scope = "army";     // "army": one roll; "unit": a roll for every unit
    std::string crossing = "reach"; // "reach": at the threshold; "exceed": beyond it
    std::vector<CrisisLevel> levels;  // ascending
    std::string effect;
};

struct FormationChange {
    std::string change;  // "line-to-column"
    std::string name;
    std::optional<std::string> infantry;  // fraction of a move, "3/4"
    std::optional<std::string> cavalry;
};

struct NationalDeduction {
    std::string nation;
    std::string deduct;
    std::string text;
};

struct FormationChangeTable {
    std::string section;
    std::vector<FormationChange> changes;
    std::vector<NationalDeduction> national_deductions;
};

struct DuskTable {
    std::string section;
    std::vector<int> minutes_before_dusk;  // descending, 60 .. 0
    std::vector<int> visibility_mm;
    // Visibility in board mm at this many minutes before dusk; nullopt: not limited.
    std::optional<int> visibility(int minutes_before_dusk) const;
};

struct VictoryBand {
    double min_margin = 0;  // percentage points
    std::string result;     // "draw", "marginal victory", ...
    bool exclusive = false; // the margin must exceed min_margin (seed 000 section 10: "> 25%")
};

struct VictoryTable {
    std::string section;
    std::vector<VictoryBand> bands;  // ascending
};

struct Phase {
    std::string id;  // "a".."e"
    std::string name;
    std::string section;
};

struct RuleSet {
    std::string id;
    std::string name;
    std::string period;
    std::string source;
    std::string file;  // where it was loaded from
    std::string chance_model;  // "dice" or "random"
    int turn_minutes = 5;
    std::vector<Phase> phases;

    OddsTable odds;
    CombatResultsTable combat_results;
    std::map<std::string, CombatResultDefinition, std::less<>> results;
    ColumnShifts column_shifts;
    CombatModifiers combat_modifiers;
    ArtilleryTable artillery;
    LeaderTable leaders;
    CavalryVsSquareTable cavalry_vs_square;
    RallyRules rally;
    OrderRules orders;
    int charge_once_every_turns = 3;
    double infantry_combat_mm = 50;
    CrisisOfMoraleTable crisis_of_morale;
    FormationChangeTable formation_changes;
    DuskTable dusk;
    VictoryTable victory;

    RollKind unit_roll_kind() const;  // how army-table rally needs are expressed
    const CombatResultDefinition& result(std::string_view code) const;  // throws RuleError

    static RuleSet from_json(const nlohmann::json& document, const std::string& file);
};

}  // namespace fortuna
