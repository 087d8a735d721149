// SPDX-License-Identifier: MIT
// Resolving combats, fire, leaders, squares, rallies, orders, crises and victory, with the
// working shown step by step and the exact chances of every outcome.
// Why one file of 800 lines: the seven resolutions below (combat, artillery, leaders, squares,
// rally and orders, crisis, victory) share the helpers at the top (roll modifiers, the working in
// words, exact chances by enumerating every roll); each section is short and reads alone.
#include "fortuna/land/resolution.hpp"

#include <algorithm>
#include <array>
#include <cstdlib>
#include <map>
#include <numeric>

#include "fortuna/core/errors.hpp"
#include "fortuna/core/limits.hpp"
#include "fortuna/core/terms.hpp"

namespace fortuna {

namespace {

std::string plural(int n, const char* word) { return std::to_string(n) + " " + word + (n == 1 ? "" : "s"); }

void check_roll(const Roll& roll, RollKind expected, const std::string& what) {
    if (roll.kind != expected)
        throw RuleError(what + " needs a " + std::string(to_string(expected)) + " roll, not " + std::string(to_string(roll.kind)));
    const RollRange range = natural_range(expected);
    if (roll.value < range.min || roll.value > range.max)
        throw RuleError("impossible " + std::string(to_string(expected)) + " roll " + format_roll(expected, roll.value) +
                        " for " + what + ": expected " + format_roll(expected, range.min) + " to " +
                        format_roll(expected, range.max));
}

std::string roll_words(const Roll& roll) {
    return format_roll(roll.kind, roll.value) + " (" + std::string(to_string(roll.source)) + ")";
}

// The canonical order of result codes, from the attacker's worst to best.
int result_rank(const std::string& code) {
    static const std::map<std::string, int> ranks{{"Ar", 0}, {"Aw", 1}, {"Ad", 2}, {"Dx", 3}, {"-", 4},
                                                  {"Dd", 5}, {"Dw", 6}, {"Dr", 7}};
    const auto it = ranks.find(code);
    return it == ranks.end() ? 100 : it->second;
}

std::vector<std::string> ordered_codes(const RuleSet& rules) {
    std::vector<std::string> codes;
    for (const auto& [code, definition] : rules.results) codes.push_back(code);
    std::stable_sort(codes.begin(), codes.end(), [](const auto& a, const auto& b) { return result_rank(a) < result_rank(b); });
    return codes;
}

Distribution to_distribution(const std::vector<std::string>& order, const std::map<std::string, std::uint64_t>& weights,
                             std::uint64_t total) {
    Distribution distribution;
    for (const auto& code : order) {
        const auto it = weights.find(code);
        distribution.push_back({code, Probability{it == weights.end() ? 0 : it->second, total}});
    }
    return distribution;
}

int clamp_to_rows(int roll, int lowest, int highest) { return std::clamp(roll, lowest, highest); }

std::string side_name(bool attacker) { return attacker ? "attacker" : "defender"; }

void check_strength_inputs(const Combatant& side, bool attacker) {
    if (side.strength) {
        if (*side.strength < 0 || *side.strength > kMaxStrength)
            throw RuleError(side_name(attacker) + " strength " + std::to_string(*side.strength) + ": expected 0 to " +
                            std::to_string(kMaxStrength));
        return;
    }
    if (!side.unit) throw RuleError(side_name(attacker) + ": give a unit type with its bases, or a strength");
    if (side.bases < 1 || side.bases > kMaxBases)
        throw RuleError(side_name(attacker) + " bases " + std::to_string(side.bases) + ": expected 1 to " +
                        std::to_string(kMaxBases));
}

// Strength = bases x the factor for the unit's state (seed 002, 4) Combat Phase; seed 000, 8.2).
int strength_value(const Combatant& side) {
    return side.strength ? *side.strength : side.bases * side.unit->factor(side.state, side.formation);
}

std::string strength_words(const Combatant& side, bool attacker, int strength) {
    if (side.strength) return side_name(attacker) + " strength " + std::to_string(strength) + " (typed in)";
    std::string why = std::string(to_string(side.state));
    if (side.unit->arm == Arm::Infantry && side.formation == Formation::Square)
        why = "in square: disrupted factor whatever its state";
    else if (side.state == UnitState::Withdrawing || side.state == UnitState::Routing)
        why += ": fights as disrupted";
    return side_name(attacker) + " " + (side.label.empty() ? side_name(attacker) : side.label) + ": " +
           std::to_string(side.bases) + " bases x " + std::to_string(side.unit->factor(side.state, side.formation)) + " (" +
           why + ") = " + std::to_string(strength);
}

void check_request(const RuleSet& rules, const CombatRequest& request) {
    if (request.attacker.unit && request.attacker.unit->arm == Arm::Cavalry && request.defender.unit &&
        request.defender.unit->arm == Arm::Infantry && request.defender.formation == Formation::Square)
        throw RuleError("cavalry attacking a square is resolved on " + rules.cavalry_vs_square.section +
                        " (cavalry against squares), not on the combat results table");
    if (request.flank && request.rear) throw RuleError("an attack comes from the flank or from the rear, not both");
    if (request.combined_arms < 1 || request.combined_arms > 3)
        throw RuleError("combined arms counts the arms attacking together: expected 1, 2 or 3, not " +
                        std::to_string(request.combined_arms));
    check_strength_inputs(request.attacker, true);
    check_strength_inputs(request.defender, false);
}

Terms column_shift_terms(const RuleSet& rules, const CombatRequest& request) {
    const auto& cs = rules.column_shifts;
    Terms terms;
    if (request.combined_arms == 2) terms.add(cs.combined_arms_two, "two arms combined");
    if (request.combined_arms == 3) terms.add(cs.combined_arms_three, "three arms combined");
    if (request.flank) terms.add(cs.flank, "flank");
    if (request.rear) terms.add(cs.rear, "rear");
    return terms;
}

void add_leader_term(const RuleSet& rules, LeaderEffect effect, bool attacker, Terms& terms) {
    const auto& m = rules.combat_modifiers;
    const auto& great = rules.leaders.great_captain_modifiers;
    switch (effect) {
        case LeaderEffect::None: return;
        case LeaderEffect::Present:
            terms.add(attacker ? m.leader_with_attacker : m.leader_with_defender,
                      attacker ? "leader with attacker" : "leader with defender");
            return;
        case LeaderEffect::GreatCaptain:
            if (great)
                terms.add(attacker ? great->attack : great->defend,
                          attacker ? "great captain with attacker" : "great captain with defender");
            else
                terms.add(attacker ? m.leader_with_attacker : m.leader_with_defender,
                          attacker ? "leader with attacker; no great-captain bonus in this rule set"
                                   : "leader with defender; no great-captain bonus in this rule set");
            return;
        case LeaderEffect::Killed:
            // Table 6: the unit whose leader fell has 1 deducted; on the attacker's roll that is
            // -1 for the attacker's side and +1 for the defender's (errata E8).
            terms.add(attacker ? -std::abs(m.leader_killed) : std::abs(m.leader_killed),
                      attacker ? "attacker's leader killed" : "defender's leader killed");
            return;
    }
}

Terms roll_modifier_terms(const RuleSet& rules, const CombatRequest& request) {
    const auto& m = rules.combat_modifiers;
    Terms terms;
    if (request.charge) terms.add(m.charge, "charging");
    if (request.terrain == TerrainAdvantage::Attacker) terms.add(m.terrain_attacker, "attacker has the advantageous terrain");
    if (request.terrain == TerrainAdvantage::Defender) terms.add(m.terrain_defender, "defender has the advantageous terrain");
    const bool attacker_is_infantry = !request.attacker.unit || request.attacker.unit->arm == Arm::Infantry;
    if (request.defender.formation == Formation::Square && attacker_is_infantry)
        terms.add(m.attacking_square, "infantry attacking a square");
    if (request.obstacle) terms.add(m.obstacle, "defender behind an obstacle");
    add_leader_term(rules, request.attacker_leader, true, terms);
    add_leader_term(rules, request.defender_leader, false, terms);
    return terms;
}

int shifted_column(const CombatResultsTable& crt, int base_column, int shift) {
    return std::clamp(base_column + shift, 0, static_cast<int>(crt.columns.size()) - 1);
}

}  // namespace

// ---------------------------------------------------------------- combat

CombatNumbers combat_numbers(const RuleSet& rules, const CombatRequest& request) {
    check_request(rules, request);
    CombatNumbers numbers;
    numbers.attack_strength = strength_value(request.attacker);
    numbers.defend_strength = strength_value(request.defender);
    if (numbers.attack_strength == 0) throw RuleError("the attacker has no strength to attack with");
    numbers.odds = rules.odds.lookup(numbers.attack_strength, std::max(numbers.defend_strength, 1)).odds;
    numbers.column = shifted_column(rules.combat_results, rules.combat_results.column_for(numbers.odds),
                                    column_shift_terms(rules, request).total);
    numbers.roll_modifier = roll_modifier_terms(rules, request).total;
    return numbers;
}

CombatSetup prepare_combat(const RuleSet& rules, const CombatRequest& request) {
    check_request(rules, request);
    CombatSetup setup;
    auto& steps = setup.explanation;
    const auto& crt = rules.combat_results;
    const RollKind kind = crt.roll;

    setup.attack_strength = strength_value(request.attacker);
    setup.defend_strength = strength_value(request.defender);
    steps.push_back(strength_words(request.attacker, true, setup.attack_strength));
    steps.push_back(strength_words(request.defender, false, setup.defend_strength));
    if (setup.attack_strength == 0) throw RuleError("the attacker has no strength to attack with");

    setup.odds = rules.odds.lookup(setup.attack_strength, std::max(setup.defend_strength, 1));
    if (setup.defend_strength == 0) steps.push_back("defender strength 0 is read on the table's lowest row (1)");
    steps.push_back(rules.odds.section + ": attack " + std::to_string(setup.odds.attack_column) + " against defence " +
                    std::to_string(setup.odds.defend_row) + " -> odds " + setup.odds.odds.text());
    if (!setup.odds.note.empty()) steps.push_back(setup.odds.note);

    std::string column_note;
    setup.base_column = crt.column_for(setup.odds.odds, &column_note);
    if (!column_note.empty()) steps.push_back(column_note + " (errata E2)");

    const Terms shifts = column_shift_terms(rules, request);
    setup.column_shift = shifts.total;
    setup.column = shifted_column(crt, setup.base_column, setup.column_shift);
    setup.column_label = crt.columns[static_cast<std::size_t>(setup.column)].label;
    if (shifts.count == 0) {
        steps.push_back(crt.section + ": column " + setup.column_label);
    } else {
        std::string text = crt.section + ": column " + crt.columns[static_cast<std::size_t>(setup.base_column)].label;
        for (std::size_t i = 0; i < shifts.count; ++i)
            text += " +" + std::to_string(shifts.items[i].value) + " (" + std::string(shifts.items[i].why) + ")";
        text += " -> " + setup.column_label;
        if (setup.base_column + setup.column_shift != setup.column) text += " (the table ends at " + setup.column_label + ")";
        steps.push_back(text);
    }

    const Terms modifiers = roll_modifier_terms(rules, request);
    setup.roll_modifier = modifiers.total;
    if (modifiers.count == 0) {
        steps.push_back("roll modifiers: none");
    } else {
        std::string text = "roll modifiers:";
        for (std::size_t i = 0; i < modifiers.count; ++i)
            text += " " + format_modifier(kind, modifiers.items[i].value) + " (" + std::string(modifiers.items[i].why) + ")";
        text += " = " + format_modifier(kind, setup.roll_modifier);
        steps.push_back(text);
    }
    return setup;
}

namespace {
UnitOutcome outcome_for_side(const RuleSet& rules, std::string_view code, bool attacker_side, UnitState before, int bases) {
    const auto& definition = rules.result(code);
    const SideEffect& effect = attacker_side ? definition.attacker : definition.defender;
    // Withdrawing and routing units are treated as disrupted (seed 000, 7.2.3).
    const std::optional<UnitOutcome>& applies = before == UnitState::Normal ? effect.normal : effect.disrupted;
    if (!applies) return UnitOutcome{0, before};
    return UnitOutcome{bases > 0 ? std::min(applies->lose_bases, bases) : applies->lose_bases, applies->state};
}
}  // namespace

CombatOutcome resolve_combat_outcome(const RuleSet& rules, const CombatRequest& request, const CombatNumbers& numbers,
                                     int natural_roll) {
    const auto& crt = rules.combat_results;
    const RollRange range = natural_range(crt.roll);
    if (natural_roll < range.min || natural_roll > range.max)
        throw RuleError("impossible " + std::string(to_string(crt.roll)) + " roll " + format_roll(crt.roll, natural_roll));
    CombatOutcome outcome;
    outcome.attack_strength = numbers.attack_strength;
    outcome.defend_strength = numbers.defend_strength;
    outcome.column = numbers.column;
    outcome.roll_modifier = numbers.roll_modifier;
    const int table_roll = clamp_to_rows(natural_roll + numbers.roll_modifier, crt.lowest_roll(), crt.highest_roll());
    outcome.result = &crt.row_for(table_roll).results[static_cast<std::size_t>(numbers.column)];
    outcome.attacker = outcome_for_side(rules, *outcome.result, true, request.attacker.state, request.attacker.bases);
    outcome.defender = outcome_for_side(rules, *outcome.result, false, request.defender.state, request.defender.bases);
    return outcome;
}

SideOutcome apply_result_to_side(const RuleSet& rules, const std::string& code, bool attacker_side, UnitState before,
                                 int bases) {
    const auto& definition = rules.result(code);
    const SideEffect& effect = attacker_side ? definition.attacker : definition.defender;
    const UnitOutcome numbers = outcome_for_side(rules, code, attacker_side, before, bases);
    SideOutcome outcome;
    outcome.before = before;
    outcome.after = numbers.state;
    outcome.bases_before = bases;
    outcome.bases_lost = numbers.lose_bases;
    const std::string who = side_name(attacker_side);
    const std::string already = before == UnitState::Normal ? "" : " (already " + std::string(to_string(before)) + ")";
    const bool applies = before == UnitState::Normal ? effect.normal.has_value() : effect.disrupted.has_value();
    if (!applies) {
        outcome.words = effect.affects() ? who + already + ": no change" : "";
        return outcome;
    }
    std::vector<std::string> parts;
    if (outcome.bases_lost > 0) parts.push_back("remove " + plural(outcome.bases_lost, "base"));
    switch (outcome.after) {
        case UnitState::Routing: parts.push_back(before == UnitState::Routing ? "it keeps routing" : "it routs"); break;
        case UnitState::Withdrawing: parts.push_back("disrupted, it withdraws facing the enemy at full speed"); break;
        case UnitState::Disrupted:
            parts.push_back(before == UnitState::Normal ? "it becomes disrupted" : "it holds its ground, disrupted");
            break;
        case UnitState::Normal: parts.push_back("no change"); break;
    }
    if (bases > 0 && outcome.bases_lost >= bases) parts.push_back("no bases remain: the unit is gone");
    std::string words = who + already + ": ";
    for (std::size_t i = 0; i < parts.size(); ++i) words += (i ? ", " : "") + parts[i];
    outcome.words = words;
    return outcome;
}

CombatResolution resolve_combat(const RuleSet& rules, const CombatRequest& request, const Roll& natural) {
    const auto& crt = rules.combat_results;
    check_roll(natural, crt.roll, "combat");
    CombatResolution resolution;
    resolution.setup = prepare_combat(rules, request);
    resolution.natural = natural;
    resolution.modified_roll = natural.value + resolution.setup.roll_modifier;
    resolution.table_roll = clamp_to_rows(resolution.modified_roll, crt.lowest_roll(), crt.highest_roll());
    const auto& row = crt.row_for(resolution.table_roll);
    resolution.result = row.results[static_cast<std::size_t>(resolution.setup.column)];
    resolution.result_name = rules.result(resolution.result).name;

    auto& steps = resolution.explanation;
    steps = resolution.setup.explanation;
    std::string roll_text = "roll " + roll_words(natural);
    if (resolution.setup.roll_modifier != 0)
        roll_text += " " + format_modifier(crt.roll, resolution.setup.roll_modifier) + " = " +
                     format_roll(crt.roll, resolution.modified_roll);
    if (resolution.table_roll != resolution.modified_roll)
        roll_text += ", read as " + format_roll(crt.roll, resolution.table_roll) + " (the table's " +
                     (resolution.modified_roll < resolution.table_roll ? "lowest" : "highest") + " row)";
    steps.push_back(roll_text);
    steps.push_back(crt.section + ", column " + resolution.setup.column_label + ", roll " + row.roll.text(crt.roll) +
                    " -> " + resolution.result + " (" + resolution.result_name + ")");

    resolution.attacker = apply_result_to_side(rules, resolution.result, true, request.attacker.state, request.attacker.bases);
    resolution.defender = apply_result_to_side(rules, resolution.result, false, request.defender.state, request.defender.bases);
    std::vector<std::string> words;
    for (const auto* side : {&resolution.attacker, &resolution.defender})
        if (!side->words.empty()) words.push_back(side->words);
    if (words.empty()) {
        resolution.effect = "no effect: both sides hold";
    } else {
        for (std::size_t i = 0; i < words.size(); ++i) resolution.effect += (i ? "; " : "") + words[i];
    }
    steps.push_back("effect: " + resolution.effect);
    return resolution;
}

Distribution combat_probabilities(const RuleSet& rules, const CombatSetup& setup) {
    const auto& crt = rules.combat_results;
    std::map<std::string, std::uint64_t> weights;
    for (const auto& outcome : roll_outcomes(crt.roll)) {
        const int table_roll = clamp_to_rows(outcome.value + setup.roll_modifier, crt.lowest_roll(), crt.highest_roll());
        weights[crt.row_for(table_roll).results[static_cast<std::size_t>(setup.column)]] += outcome.weight;
    }
    return to_distribution(ordered_codes(rules), weights, total_weight(crt.roll));
}

Distribution combat_probabilities(const RuleSet& rules, const CombatRequest& request) {
    return combat_probabilities(rules, prepare_combat(rules, request));
}

// ---------------------------------------------------------------- artillery

namespace {

int band_for_range(const BatteryTable& battery, const std::string& edge, double range_mm) {
    const int count = static_cast<int>(battery.bands.size());
    for (int i = 0; i < count; ++i) {
        const auto& band = battery.bands[static_cast<std::size_t>(i)];
        const bool first = i == 0, last = i == count - 1;
        // "nearer": an edge belongs to the nearer band (60 mm reads 0-60); "farther": to the farther.
        const bool inside = edge == "nearer" ? ((first ? range_mm >= band.min_mm : range_mm > band.min_mm) && range_mm <= band.max_mm)
                                             : (range_mm >= band.min_mm && (last ? range_mm <= band.max_mm : range_mm < band.max_mm));
        if (inside) return i;
    }
    return -1;
}

int artillery_modifier(const RuleSet& rules, Formation target) {
    const auto it = rules.artillery.target_formation_modifiers.find(target);
    return it == rules.artillery.target_formation_modifiers.end() ? 0 : it->second;
}

const BatteryTable& checked_battery(const RuleSet& rules, const ArtilleryRequest& request, int& band) {
    if (!(request.range_mm >= 0) || request.range_mm > 1e6)
        throw RuleError("range " + std::to_string(request.range_mm) + " mm: expected a distance of 0 mm or more");
    const auto& battery = rules.artillery.battery(request.battery);
    band = band_for_range(battery, rules.artillery.band_edge, request.range_mm);
    if (band < 0) {
        char buffer[64];
        std::snprintf(buffer, sizeof buffer, "%g", request.range_mm);
        throw RuleError(std::string("range ") + buffer + " mm is beyond the " + battery.name + " table's longest band (" +
                        battery.bands.back().label + " mm): the battery cannot reach");
    }
    return battery;
}

}  // namespace

ArtilleryResolution resolve_artillery(const RuleSet& rules, const ArtilleryRequest& request, const Roll& natural) {
    const auto& table = rules.artillery;
    check_roll(natural, table.roll, "artillery fire");
    ArtilleryResolution resolution;
    const auto& battery = checked_battery(rules, request, resolution.band_index);
    const auto& band = battery.bands[static_cast<std::size_t>(resolution.band_index)];
    resolution.band = band.label;
    resolution.natural = natural;
    resolution.modifier = artillery_modifier(rules, request.target_formation);
    resolution.modified_roll = natural.value + resolution.modifier;
    const int lowest = battery.rows.front().roll.min, highest = battery.rows.back().roll.max;
    resolution.table_roll = clamp_to_rows(resolution.modified_roll, lowest, highest);
    const ResultsRow* row = nullptr;
    for (const auto& r : battery.rows)
        if (r.roll.contains(resolution.table_roll)) row = &r;
    resolution.result = row->results[static_cast<std::size_t>(resolution.band_index)];

    auto& steps = resolution.explanation;
    char range_text[64];
    std::snprintf(range_text, sizeof range_text, "%g", request.range_mm);
    steps.push_back(battery.name + " at " + range_text + " mm: range band " + band.label + " mm" +
                    (band.max_mm == request.range_mm && resolution.band_index + 1 < static_cast<int>(battery.bands.size())
                         ? " (a range on the band's edge reads the nearer band, errata E4)"
                         : ""));
    std::string roll_text = "roll " + roll_words(natural);
    if (resolution.modifier)
        roll_text += " " + format_modifier(table.roll, resolution.modifier) + " (target in " +
                     std::string(to_string(request.target_formation)) + ") = " + format_roll(table.roll, resolution.modified_roll);
    if (resolution.table_roll != resolution.modified_roll)
        roll_text += ", read as " + format_roll(table.roll, resolution.table_roll) + " (the table's last row)";
    steps.push_back(roll_text);
    const std::string name = rules.result(resolution.result).name;
    steps.push_back(table.section + ", " + band.label + " mm, roll " + row->roll.text(table.roll) + " -> " + resolution.result +
                    " (" + name + ")");
    resolution.target = apply_result_to_side(rules, resolution.result, false, request.target_state, request.target_bases);
    std::string words = resolution.target.words;
    if (const auto colon = words.find("defender"); colon == 0) words.replace(0, 8, "target");
    resolution.effect = words.empty() ? "no effect" : words;
    steps.push_back("effect: " + resolution.effect);
    return resolution;
}

Distribution artillery_probabilities(const RuleSet& rules, const ArtilleryRequest& request) {
    int band = 0;
    const auto& battery = checked_battery(rules, request, band);
    const int modifier = artillery_modifier(rules, request.target_formation);
    const int lowest = battery.rows.front().roll.min, highest = battery.rows.back().roll.max;
    std::map<std::string, std::uint64_t> weights;
    for (const auto& outcome : roll_outcomes(rules.artillery.roll)) {
        const int table_roll = clamp_to_rows(outcome.value + modifier, lowest, highest);
        for (const auto& r : battery.rows)
            if (r.roll.contains(table_roll)) weights[r.results[static_cast<std::size_t>(band)]] += outcome.weight;
    }
    std::vector<std::string> order;
    for (const auto& code : ordered_codes(rules)) {
        bool used = false;
        for (const auto& r : battery.rows) used = used || std::find(r.results.begin(), r.results.end(), code) != r.results.end();
        if (used) order.push_back(code);
    }
    return to_distribution(order, weights, total_weight(rules.artillery.roll));
}

// ---------------------------------------------------------------- leaders

LeaderResolution resolve_leader_under_fire(const RuleSet& rules, const Roll& casualty_roll, const std::optional<Roll>& fate_roll) {
    const auto& l = rules.leaders;
    check_roll(casualty_roll, l.casualty_roll, "a leader under fire");
    LeaderResolution resolution;
    resolution.casualty_roll = casualty_roll;
    resolution.casualty = l.casualty_on.contains(casualty_roll.value);
    auto& steps = resolution.explanation;
    steps.push_back(l.section + ": roll " + roll_words(casualty_roll) + "; a casualty on " + l.casualty_on.text(l.casualty_roll));
    if (!resolution.casualty) {
        resolution.fate = "survives";
        resolution.modifier_available = true;
        steps.push_back("the leader survives and may add his modifier (attack " +
                        format_modifier(rules.combat_results.roll, l.modifiers.attack) + ", defend " +
                        format_modifier(rules.combat_results.roll, l.modifiers.defend) + ", rally " +
                        format_modifier(rules.rally.roll, l.modifiers.rally) + ")");
        return resolution;
    }
    if (!fate_roll) throw RuleError("the leader is a casualty: a " + std::string(to_string(l.fate_roll)) + " fate roll is needed");
    check_roll(*fate_roll, l.fate_roll, "a leader's fate");
    resolution.fate_roll = fate_roll;
    for (const auto& fate : l.fates) {
        if (!fate.roll.contains(fate_roll->value)) continue;
        resolution.fate = fate.fate;
        resolution.unit_disrupted = fate.unit_disrupted;
        resolution.leader_removed = fate.leader_removed;
        steps.push_back("a casualty: fate roll " + roll_words(*fate_roll) + " -> " + fate.roll.text(l.fate_roll) + ": " + fate.fate);
        if (!fate.text.empty()) steps.push_back(fate.text);
        return resolution;
    }
    throw RuleError("fate roll " + format_roll(l.fate_roll, fate_roll->value) + " is in no row of the leaders table");
}

Distribution leader_probabilities(const RuleSet& rules) {
    const auto& l = rules.leaders;
    const std::uint64_t casualty_total = total_weight(l.casualty_roll), fate_total = total_weight(l.fate_roll);
    std::uint64_t casualty_weight = 0;
    for (const auto& o : roll_outcomes(l.casualty_roll))
        if (l.casualty_on.contains(o.value)) casualty_weight += o.weight;
    Distribution distribution;
    const std::uint64_t denominator = casualty_total * fate_total;
    distribution.push_back({"survives", Probability{(casualty_total - casualty_weight) * fate_total, denominator}});
    for (const auto& fate : l.fates) {
        std::uint64_t w = 0;
        for (const auto& o : roll_outcomes(l.fate_roll))
            if (fate.roll.contains(o.value)) w += o.weight;
        distribution.push_back({fate.fate, Probability{casualty_weight * w, denominator}});
    }
    return distribution;
}

// ---------------------------------------------------------------- cavalry against squares

SquareResolution resolve_cavalry_vs_square(const RuleSet& rules, UnitState square_state, const Roll& natural,
                                           UnitState cavalry_state, int square_bases, int cavalry_bases) {
    const auto& table = rules.cavalry_vs_square;
    check_roll(natural, table.roll, "cavalry attacking a square");
    if (square_state == UnitState::Routing)
        throw RuleError("routing infantry cannot form a square: pursuing cavalry remove a base for every move in contact");
    SquareResolution resolution;
    resolution.natural = natural;
    resolution.modified_roll = natural.value;
    const bool organised = square_state == UnitState::Normal;
    const auto& rows = organised ? table.normal : table.disrupted;
    const SquareOutcome* row = nullptr;
    for (const auto& r : rows)
        if (r.roll.contains(natural.value)) row = &r;
    if (!row) throw RuleError("roll " + format_roll(table.roll, natural.value) + " is in no row of " + table.section);
    resolution.cavalry_disrupted = row->cavalry_disrupted;
    resolution.square_broken = row->square_broken;
    resolution.text = row->text;
    auto& steps = resolution.explanation;
    steps.push_back(table.section + ", square initially " + (organised ? "in normal, organised state" : "disrupted") +
                    ": roll " + roll_words(natural) + " -> " + row->roll.text(table.roll));
    if (!row->text.empty()) steps.push_back(row->text);
    resolution.cavalry = {cavalry_state, cavalry_state, cavalry_bases, 0, "cavalry: no change"};
    if (row->cavalry_disrupted) {
        if (cavalry_state == UnitState::Normal) {
            resolution.cavalry.after = UnitState::Disrupted;
            resolution.cavalry.words = "cavalry: it becomes disrupted";
        } else {
            resolution.cavalry.after = UnitState::Routing;
            resolution.cavalry.bases_lost = cavalry_bases > 0 ? std::min(1, cavalry_bases) : 1;
            resolution.cavalry.words = "cavalry (already disrupted): remove 1 base, it routs";
        }
    }
    resolution.square = {square_state, square_state, square_bases, 0, "square: unbroken"};
    if (row->square_broken) {
        resolution.square.after = UnitState::Routing;
        resolution.square.bases_lost = square_bases > 0 ? std::min(1, square_bases) : 1;
        resolution.square.words = "square broken: remove 1 base, it routs";
    }
    steps.push_back("effect: " + resolution.cavalry.words + "; " + resolution.square.words);
    return resolution;
}

Distribution square_probabilities(const RuleSet& rules, UnitState square_state) {
    const auto& table = rules.cavalry_vs_square;
    const auto& rows = square_state == UnitState::Normal ? table.normal : table.disrupted;
    std::map<std::string, std::uint64_t> weights;
    auto label = [](const SquareOutcome& o) {
        return o.square_broken ? std::string("square broken") : o.cavalry_disrupted ? std::string("cavalry disrupted") : std::string("no change");
    };
    for (const auto& o : roll_outcomes(table.roll))
        for (const auto& r : rows)
            if (r.roll.contains(o.value)) weights[label(r)] += o.weight;
    return to_distribution({"cavalry disrupted", "no change", "square broken"}, weights, total_weight(table.roll));
}

// ---------------------------------------------------------------- rally and orders

namespace {

struct RallyNeed {
    int needed = 0;
    int modifier = 0;
    std::string why;
};

RallyNeed rally_need(const RuleSet& rules, UnitState state, const UnitType* unit, RallySupport support) {
    RallyNeed need;
    const RollKind kind = rules.rally.roll;
    if (state == UnitState::Normal) throw RuleError("the unit is in good order: there is nothing to rally");
    if (state == UnitState::Routing) {
        need.needed = rules.rally.routing_needs;
        need.why = "routing units need " + format_roll(kind, need.needed) + " or more (" + rules.rally.section + ")";
    } else {
        if (!unit) throw RuleError("a disrupted unit rallies on its army-table value: name the unit type (NATION/TYPE)");
        need.needed = unit->rally;
        need.why = unit->name + " rallies on " + format_roll(kind, need.needed) + " or more (army table)";
    }
    if (support == RallySupport::General) need.modifier = rules.leaders.modifiers.rally;
    if (support == RallySupport::GreatCaptain)
        need.modifier = rules.leaders.great_captain_modifiers ? rules.leaders.great_captain_modifiers->rally
                                                             : rules.leaders.modifiers.rally;
    return need;
}

}  // namespace

RallyResolution resolve_rally(const RuleSet& rules, UnitState state, const UnitType* unit, RallySupport support,
                              const Roll& natural) {
    const RollKind kind = rules.rally.roll;
    check_roll(natural, kind, "a rally");
    const RallyNeed need = rally_need(rules, state, unit, support);
    RallyResolution resolution;
    resolution.natural = natural;
    resolution.modifier = need.modifier;
    resolution.modified_roll = natural.value + need.modifier;
    resolution.needed = need.needed;
    resolution.before = state;
    resolution.rallied = resolution.modified_roll >= need.needed;
    resolution.after = !resolution.rallied ? state : state == UnitState::Routing ? UnitState::Disrupted : UnitState::Normal;
    auto& steps = resolution.explanation;
    steps.push_back(need.why);
    std::string roll_text = "roll " + roll_words(natural);
    if (need.modifier)
        roll_text += " " + format_modifier(kind, need.modifier) + " (" +
                     (support == RallySupport::GreatCaptain ? "great captain" : "general") + " present) = " +
                     format_roll(kind, resolution.modified_roll);
    steps.push_back(roll_text);
    if (resolution.rallied)
        steps.push_back(state == UnitState::Routing ? "rallied: it stops routing and is disrupted for the turn"
                                                    : "rallied: it is organised again");
    else
        steps.push_back(state == UnitState::Routing ? "not rallied: it keeps routing at charge speed"
                                                    : "not rallied: it stays " + std::string(to_string(state)) + " this turn");
    return resolution;
}

Probability rally_probability(const RuleSet& rules, UnitState state, const UnitType* unit, RallySupport support) {
    const RallyNeed need = rally_need(rules, state, unit, support);
    std::uint64_t weight = 0;
    for (const auto& o : roll_outcomes(rules.rally.roll))
        if (o.value + need.modifier >= need.needed) weight += o.weight;
    return {weight, total_weight(rules.rally.roll)};
}

OrderResolution resolve_order(const RuleSet& rules, const Roll& natural) {
    const RollKind kind = rules.orders.roll;
    check_roll(natural, kind, "an order by messenger");
    OrderResolution resolution;
    resolution.natural = natural;
    resolution.understood = natural.value >= rules.orders.understood_from;
    resolution.explanation.push_back(rules.orders.section + ": an order by messenger is understood on " +
                                     format_roll(kind, rules.orders.understood_from) + " or more");
    resolution.explanation.push_back("roll " + roll_words(natural) + " -> " +
                                     (resolution.understood ? "understood" : "not understood: the units carry on as before"));
    return resolution;
}

// ---------------------------------------------------------------- crisis of morale

int threshold_bases(const CrisisOfMoraleTable& table, int percent, int total) {
    if (total <= 0) return 0;
    const long long product = static_cast<long long>(total) * percent;
    // "reach": the first count at or above the percentage; "exceed": the first count above it.
    const long long count = table.crossing == "exceed" ? product / 100 + 1 : (product + 99) / 100;
    return static_cast<int>(count);
}

CrisisAssessment assess_crisis(const RuleSet& rules, int casualties, int total) {
    return assess_crisis(rules.crisis_of_morale, casualties, total);
}

CrisisAssessment assess_crisis(const CrisisOfMoraleTable& table, int casualties, int total) {
    if (total <= 0 || total > kMaxArmyBases)
        throw RuleError("an army's total must be 1 to " + std::to_string(kMaxArmyBases) + " base units, not " + std::to_string(total));
    if (casualties < 0 || casualties > total)
        throw RuleError("casualties " + std::to_string(casualties) + ": expected 0 to the army's total of " + std::to_string(total));
    CrisisAssessment assessment;
    assessment.casualties = casualties;
    assessment.total = total;
    assessment.percent = 100.0 * casualties / total;
    for (std::size_t i = 0; i < table.levels.size(); ++i) {
        const auto& level = table.levels[i];
        if (casualties < threshold_bases(table, level.percent, total)) break;
        assessment.level = level.percent;
        assessment.crisis_on = level.crisis_on;
        assessment.immediate = level.immediate;
        assessment.band = i + 1 < table.levels.size() ? std::to_string(level.percent) + "-" + std::to_string(table.levels[i + 1].percent) + "%"
                          : level.percent == 100              ? std::string("100%")
                                                              : std::to_string(level.percent) + "% and over";
    }
    char percent[32];
    std::snprintf(percent, sizeof percent, "%.1f", assessment.percent);
    assessment.explanation.push_back(std::to_string(casualties) + " of " + std::to_string(total) + " base units lost = " +
                                     percent + "%");
    std::string marks = "thresholds (" + table.crossing + "):";
    for (const auto& level : table.levels) {
        const int bases = threshold_bases(table, level.percent, total);
        if (bases <= total) marks += " " + std::to_string(level.percent) + "% at " + std::to_string(bases);
    }
    assessment.explanation.push_back(marks);
    if (!assessment.level)
        assessment.explanation.push_back("below the first threshold: no crisis test");
    else if (assessment.immediate)
        assessment.explanation.push_back("band " + assessment.band + ": the crisis is immediate");
    else
        assessment.explanation.push_back("band " + assessment.band + ": a crisis on " + assessment.crisis_on->text(table.roll));
    return assessment;
}

CrisisResolution resolve_crisis(const RuleSet& rules, int casualties, int total, const std::optional<Roll>& natural) {
    return resolve_crisis(rules.crisis_of_morale, casualties, total, natural);
}

CrisisResolution resolve_crisis(const CrisisOfMoraleTable& table, int casualties, int total, const std::optional<Roll>& natural) {
    CrisisResolution resolution;
    resolution.assessment = assess_crisis(table, casualties, total);
    resolution.explanation = resolution.assessment.explanation;
    if (!resolution.assessment.level) return resolution;
    if (resolution.assessment.immediate) {
        resolution.crisis = true;
    } else {
        if (!natural) throw RuleError("a crisis test is due: a " + std::string(to_string(table.roll)) + " roll is needed");
        check_roll(*natural, table.roll, "a crisis of morale test");
        resolution.natural = natural;
        resolution.crisis = resolution.assessment.crisis_on->contains(natural->value);
        resolution.explanation.push_back("roll " + roll_words(*natural) + (resolution.crisis            ? " -> crisis of morale"
                                                                      : table.scope == "unit" ? " -> this unit fights on"
                                                                                              : " -> the army fights on"));
    }
    if (resolution.crisis && !table.effect.empty()) resolution.explanation.push_back(table.effect);
    if (table.scope == "unit")
        resolution.explanation.push_back("this rule set tests every unit of the army with its own roll (" + table.section + ")");
    return resolution;
}

namespace {

Probability chance_of_crisis(RollKind kind, const std::optional<RollBand>& crisis_on, bool immediate) {
    if (immediate) return {1, 1};
    if (!crisis_on) return {0, 1};
    std::uint64_t weight = 0;
    for (const auto& o : roll_outcomes(kind))
        if (crisis_on->contains(o.value)) weight += o.weight;
    return {weight, total_weight(kind)};
}

}  // namespace

Probability crisis_probability(const RuleSet& rules, int casualties, int total) {
    return crisis_probability(rules.crisis_of_morale, casualties, total);
}

Probability crisis_probability(const CrisisOfMoraleTable& table, int casualties, int total) {
    const auto assessment = assess_crisis(table, casualties, total);
    if (!assessment.level) return {0, 1};
    return chance_of_crisis(table.roll, assessment.crisis_on, assessment.immediate);
}

std::vector<CrisisMark> crisis_marks(const RuleSet& rules, int total) {
    (void)assess_crisis(rules, 0, total);  // the same refusal of an impossible army
    const auto& table = rules.crisis_of_morale;
    std::vector<CrisisMark> marks;
    for (const auto& level : table.levels) {
        const int bases = threshold_bases(table, level.percent, total);
        if (bases > total) break;  // levels ascend: no later one is reachable either
        marks.push_back({level.percent, bases, level.crisis_on, level.immediate, chance_of_crisis(table.roll, level.crisis_on, level.immediate)});
    }
    return marks;
}

// ---------------------------------------------------------------- victory

VictoryJudgement judge_victory(const RuleSet& rules, int casualties_a, int total_a, int casualties_b, int total_b,
                               const std::string& name_a, const std::string& name_b) {
    for (const auto& [casualties, total, name] : {std::tuple{casualties_a, total_a, name_a}, std::tuple{casualties_b, total_b, name_b}}) {
        // Bounded so that the exact comparison below (casualties x total x 100) cannot overflow.
        if (total <= 0 || total > kMaxArmyBases)
            throw RuleError(name + ": an army's total must be 1 to " + std::to_string(kMaxArmyBases) + " base units, not " +
                            std::to_string(total));
        if (casualties < 0 || casualties > total)
            throw RuleError(name + ": casualties " + std::to_string(casualties) + " must be between 0 and the total " + std::to_string(total));
    }
    VictoryJudgement judgement;
    judgement.percent_a = 100.0 * casualties_a / total_a;
    judgement.percent_b = 100.0 * casualties_b / total_b;
    // Compare exactly: margin = |ca/ta - cb/tb| * 100 as a fraction over ta*tb.
    const long long cross = static_cast<long long>(casualties_a) * total_b - static_cast<long long>(casualties_b) * total_a;
    const long long numerator = std::llabs(cross) * 100;
    const long long denominator = static_cast<long long>(total_a) * total_b;
    judgement.margin = static_cast<double>(numerator) / static_cast<double>(denominator);
    const VictoryBand* band = &rules.victory.bands.front();
    for (const auto& b : rules.victory.bands) {
        const long double threshold = static_cast<long double>(b.min_margin) * static_cast<long double>(denominator);
        const long double value = static_cast<long double>(numerator);
        if (b.exclusive ? value > threshold : value >= threshold) band = &b;
    }
    judgement.result = band->result;
    const bool draw = band == &rules.victory.bands.front();
    judgement.winner = draw ? "" : (cross < 0 ? "a" : "b");
    char line[160];
    std::snprintf(line, sizeof line, "%s lost %d of %d base units = %.1f%%; %s lost %d of %d = %.1f%%", name_a.c_str(),
                  casualties_a, total_a, judgement.percent_a, name_b.c_str(), casualties_b, total_b, judgement.percent_b);
    judgement.explanation.push_back(line);
    std::snprintf(line, sizeof line, "margin %.1f percentage points -> %s (%s)", judgement.margin, band->result.c_str(),
                  rules.victory.section.c_str());
    judgement.explanation.push_back(line);
    judgement.explanation.push_back(draw ? "the battle is drawn"
                                         : (judgement.winner == "a" ? name_a : name_b) + " wins: fewer casualties in proportion");
    return judgement;
}

}  // namespace fortuna
