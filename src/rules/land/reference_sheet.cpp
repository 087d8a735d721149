// SPDX-License-Identifier: MIT
// The quick reference of a land rule set, generated from its tables so that an edited table prints as it is played.
#include "reference_sheet.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <filesystem>

#include "fortuna/core/chance.hpp"
#include "fortuna/land/resolution.hpp"

namespace fortuna::sheets {

namespace land_reference_detail {

std::string kind_text(RollKind kind) { return std::string(to_string(kind)); }

std::string chance_of(RollKind kind, const RollBand& band) {
    std::uint64_t weight = 0;
    for (const auto& outcome : roll_outcomes(kind))
        if (band.contains(outcome.value)) weight += outcome.weight;
    return Probability{weight, total_weight(kind)}.percent(1);
}

std::string chance_text(RollKind kind, const std::optional<RollBand>& band, bool immediate) {
    if (immediate) return "certain";
    return band ? chance_of(kind, *band) : std::string("none");
}

std::string number(double value) {
    char text[32];
    std::snprintf(text, sizeof text, "%.4g", value);
    return text;
}

std::string mm(double value) { return std::to_string(std::lround(value)) + " mm"; }

SheetSection& heading(SheetContent& content, std::string title, std::string cites, bool full = false) {
    SheetSection section;
    section.heading = std::move(title);
    section.cites = std::move(cites);
    section.full_width = full;
    content.sections.push_back(std::move(section));
    return content.sections.back();
}

SheetTable table(std::vector<std::string> header, std::vector<double> weights, std::vector<bool> centred) {
    SheetTable block;
    block.header = std::move(header);
    block.weights = std::move(weights);
    block.centred = std::move(centred);
    return block;
}

// "column" +1 means one column to the right (better for the attacker).
std::string shift_text(int columns) {
    if (columns == 0) return "none";
    return std::to_string(std::abs(columns)) + " column" + (std::abs(columns) == 1 ? "" : "s") + (columns > 0 ? " right" : " left");
}

void sequence_of_play(SheetContent& content, const RuleSet& rules) {
    auto& section = heading(content, "Sequence of play", "a turn is " + std::to_string(rules.turn_minutes) + " minutes");
    auto phases = table({"", "Phase", "Rules"}, {0.3, 2.2, 1.8}, {true, false, false});
    for (const auto& phase : rules.phases) phases.add({phase.id, phase.name, phase.section});
    if (rules.phases.empty()) phases.note("This rule set's file lists no phases.");
    phases.note("The first player plays every phase, then the second player; then the clock moves on " + std::to_string(rules.turn_minutes) +
                " minutes.");
    section.blocks.push_back(SheetBlock::of(std::move(phases)));
}

void odds_table(SheetContent& content, const RuleSet& rules) {
    const auto& odds = rules.odds;
    auto& section = heading(content, "Odds table", odds.section + ": attacker's strength across, defender's down", true);
    SheetTable block;
    block.print = SheetTable::Print::Tiny;
    block.header.push_back("D \\ A");
    block.weights.push_back(1.3);
    for (const int strength : odds.attack_strengths) {
        block.header.push_back(std::to_string(strength));
        block.weights.push_back(1);
    }
    block.centred.assign(block.header.size(), true);
    for (std::size_t r = 0; r < odds.cells.size(); ++r) {
        std::vector<SheetCell> cells{std::to_string(odds.defend_strengths[r])};
        for (const auto& cell : odds.cells[r]) cells.emplace_back(cell.text());
        block.add(std::move(cells)).shaded = r % 2 == 1;
    }
    section.blocks.push_back(SheetBlock::of(std::move(block)));
    section.blocks.push_back(SheetBlock::note("Strength = bases \u00d7 factor, added over every unit in the combat. A strength between two "
                                              "printed ones uses the " +
                                              std::string(odds.between_strengths == "nearest" ? "nearest" : "next lower") +
                                              " printed strength; beyond the largest, the largest."));
}

void combat_results(SheetContent& content, const RuleSet& rules) {
    const auto& crt = rules.combat_results;
    auto& section = heading(content, "Combat results table", crt.section + ": roll " + kind_text(crt.roll) + " plus modifiers", true);
    SheetTable block;
    block.header.push_back("Roll");
    block.weights.push_back(1.5);
    for (const auto& column : crt.columns) {
        block.header.push_back(column.odds.text());
        block.weights.push_back(1);
    }
    block.centred.assign(block.header.size(), true);
    for (std::size_t r = 0; r < crt.rows.size(); ++r) {
        std::vector<SheetCell> cells{crt.rows[r].roll.text(crt.roll)};
        for (const auto& result : crt.rows[r].results) cells.emplace_back(result);
        block.add(std::move(cells)).shaded = r % 2 == 1;
    }
    section.blocks.push_back(SheetBlock::of(std::move(block)));
    section.blocks.push_back(SheetBlock::note("A modified roll beyond the table uses its first or last row; odds beyond either end use the "
                                              "end column. Results are explained under \u201cCombat results\u201d."));
}

void result_meanings(SheetContent& content, const RuleSet& rules) {
    auto& section = heading(content, "Combat results", "what each result does");
    auto block = table({"Result", "Name", "Effect"}, {0.55, 1.65, 3.3}, {true, false, false});
    // The CRT's order, so the reader finds the codes as the table lists them.
    std::vector<std::string> order;
    for (const auto& row : rules.combat_results.rows)
        for (const auto& code : row.results)
            if (std::find(order.begin(), order.end(), code) == order.end()) order.push_back(code);
    for (const auto& [code, definition] : rules.results)
        if (std::find(order.begin(), order.end(), code) == order.end()) order.push_back(code);
    std::sort(order.begin(), order.end(), [](const std::string& a, const std::string& b) {
        auto rank = [](const std::string& code) { return code == "-" ? 0 : code[0] == 'A' ? 1 : 2; };
        return rank(a) != rank(b) ? rank(a) < rank(b) : a < b;
    });
    for (const auto& code : order) {
        const auto found = rules.results.find(code);
        if (found == rules.results.end()) continue;
        const auto& definition = found->second;
        block.add({code, definition.name, definition.text.empty() ? std::string("\u2014") : definition.text});
    }
    section.blocks.push_back(SheetBlock::of(std::move(block)));
}

void modifiers(SheetContent& content, const RuleSet& rules) {
    const RollKind kind = rules.combat_results.roll;
    const auto& m = rules.combat_modifiers;
    const auto& s = rules.column_shifts;
    auto& section = heading(content, "Column shifts and modifiers", s.section);
    auto shifts = table({"Column shift", "Columns"}, {2.6, 1.4}, {false, true});
    shifts.add({"Two arms attack together", shift_text(s.combined_arms_two)});
    shifts.add({"Three arms attack together", shift_text(s.combined_arms_three)});
    shifts.add({"Attack on a flank", shift_text(s.flank)});
    shifts.add({"Attack in the rear", shift_text(s.rear)});
    section.blocks.push_back(SheetBlock::of(std::move(shifts)));
    auto rolls = table({"Roll modifier (on the attacker's roll)", "Modifier"}, {2.6, 1.4}, {false, true});
    const std::pair<const char*, int> rows[] = {
        {"Attacker has the terrain advantage", m.terrain_attacker},
        {"Defender has the terrain advantage", m.terrain_defender},
        {"Charging", m.charge},
        {"Attacking a square", m.attacking_square},
        {"Defender behind hedges, walls or redans", m.obstacle},
        {"General with the attacker", m.leader_with_attacker},
        {"General with the defender", m.leader_with_defender},
        {"Attacker's general killed", -m.leader_killed},
        {"Defender's general killed", m.leader_killed},
    };
    for (const auto& [what, value] : rows) rolls.add({what, format_modifier(kind, value)});
    section.blocks.push_back(SheetBlock::of(std::move(rolls)));
    section.blocks.push_back(SheetBlock::note("High rolls favour the attacker: a modifier against the defender is added, one against the "
                                              "attacker subtracted. Charges at most once every " +
                                              std::to_string(rules.charge_once_every_turns) + " turns."));
}

void artillery(SheetContent& content, const RuleSet& rules) {
    const auto& art = rules.artillery;
    auto& section = heading(content, "Artillery", art.section + ", roll " + kind_text(art.roll));
    for (const auto& battery : art.batteries) {
        SheetTable block;
        block.header.push_back("Roll");
        block.weights.push_back(art.roll == RollKind::Random ? 1.8 : 1.3);
        for (const auto& band : battery.bands) {
            block.header.push_back(band.label + " mm");
            block.weights.push_back(1);
        }
        block.centred.assign(block.header.size(), true);
        block.group(battery.name);
        for (std::size_t r = 0; r < battery.rows.size(); ++r) {
            std::vector<SheetCell> cells{battery.rows[r].roll.text(art.roll)};
            for (const auto& result : battery.rows[r].results) cells.emplace_back(result);
            block.add(std::move(cells)).shaded = r % 2 == 1;
        }
        section.blocks.push_back(SheetBlock::of(std::move(block)));
    }
    std::string targets;
    for (const auto& [formation, value] : art.target_formation_modifiers)
        targets += (targets.empty() ? "" : ", ") + std::string(to_string(formation)) + " " + format_modifier(art.roll, value);
    section.blocks.push_back(SheetBlock::note("Target in " + targets + ". A range exactly on a band's edge uses the " + art.band_edge +
                                              " band. Results as in combat (Dd, Dr)."));
}

void rally(SheetContent& content, const RuleSet& rules) {
    const auto& r = rules.rally;
    auto& section = heading(content, "Rally", r.section);
    auto block = table({"Unit", "Needs (" + kind_text(r.roll) + ")"}, {2.6, 1.4}, {false, true});
    block.add({"Disrupted or withdrawing: becomes normal", "army table (roster)"});
    block.add({"Routing: becomes disrupted", format_roll(r.roll, r.routing_needs) + " or more"});
    block.add({"General with the unit", format_modifier(r.roll, rules.leaders.modifiers.rally)});
    if (rules.leaders.great_captain_modifiers)
        block.add({"Great captain with the unit", format_modifier(r.roll, rules.leaders.great_captain_modifiers->rally)});
    section.blocks.push_back(SheetBlock::of(std::move(block)));
    const auto& orders = rules.orders;
    auto other = table({"Orders and ranges", ""}, {2.6, 1.4}, {false, true});
    other.add({"Order understood (" + kind_text(orders.roll) + ")", format_roll(orders.roll, orders.understood_from) + " or more"});
    other.add({"Messenger rides a turn", mm(orders.messenger_mm_per_turn)});
    other.add({"Infantry combat range", mm(rules.infantry_combat_mm)});
    other.add({"Cavalry combat", "contact"});
    other.add({"Charge", "once every " + std::to_string(rules.charge_once_every_turns) + " turns"});
    section.blocks.push_back(SheetBlock::of(std::move(other)));
}

void generals(SheetContent& content, const RuleSet& rules) {
    const auto& l = rules.leaders;
    auto& section = heading(content, "Generals under fire", l.section);
    section.blocks.push_back(SheetBlock::note("A general who joins a combat or rally is hit on " + kind_text(l.casualty_roll) + " " +
                                              l.casualty_on.text(l.casualty_roll) + " (" + chance_of(l.casualty_roll, l.casualty_on) +
                                              "); then roll " + kind_text(l.fate_roll) + " for his fate."));
    auto fates = table({"Fate roll", "Fate", "Effect"}, {l.fate_roll == RollKind::Random ? 1.5 : 1.0, 0.9, 3.4}, {true, false, false});
    for (const auto& fate : l.fates) fates.add({fate.roll.text(l.fate_roll), fate.fate, fate.text});
    section.blocks.push_back(SheetBlock::of(std::move(fates)));
    const RollKind kind = rules.combat_results.roll;
    auto mods = table({"Modifier", "Attack", "Defend", "Rally"}, {1.6, 1, 1, 1}, {false, true, true, true});
    mods.add({"General", format_modifier(kind, l.modifiers.attack), format_modifier(kind, l.modifiers.defend),
              format_modifier(rules.rally.roll, l.modifiers.rally)});
    if (l.great_captain_modifiers)
        mods.add({"Great captain", format_modifier(kind, l.great_captain_modifiers->attack), format_modifier(kind, l.great_captain_modifiers->defend),
                  format_modifier(rules.rally.roll, l.great_captain_modifiers->rally)});
    section.blocks.push_back(SheetBlock::of(std::move(mods)));
    if (!l.great_captains.empty()) {
        std::string names;
        for (const auto& name : l.great_captains) names += (names.empty() ? "" : ", ") + name;
        section.blocks.push_back(SheetBlock::note("Great captains: " + names + "."));
    }
}

void squares(SheetContent& content, const RuleSet& rules) {
    const auto& sq = rules.cavalry_vs_square;
    const std::string name = rules.id == "glaube" ? "hedgehog" : "square";
    const std::string capital = rules.id == "glaube" ? "Hedgehog" : "Square";
    auto& section = heading(content, "Cavalry against a " + name, sq.section + ", roll " + kind_text(sq.roll));
    for (const auto* outcomes : {&sq.normal, &sq.disrupted}) {
        auto block = table({"Roll", "Outcome"}, {sq.roll == RollKind::Random ? 1.6 : 1.0, 4.3}, {true, false});
        block.group(capital + (outcomes == &sq.normal ? " in good order" : " already disrupted"));
        for (const auto& outcome : *outcomes) block.add({outcome.roll.text(sq.roll), outcome.text});
        section.blocks.push_back(SheetBlock::of(std::move(block)));
    }
    if (sq.infantry_fire_mm)
        section.blocks.push_back(SheetBlock::note("The " + name + " fires on cavalry within " + mm(*sq.infantry_fire_mm) + "."));
}

void crisis(SheetContent& content, const RuleSet& rules) {
    const auto& c = rules.crisis_of_morale;
    auto& section = heading(content, "Crisis of morale", c.section);
    auto block = table({"Base units lost", "Crisis on (" + kind_text(c.roll) + ")", "Chance"}, {1.4, 1.5, 1}, {true, true, true});
    for (std::size_t i = 0; i < c.levels.size(); ++i) {
        const auto& level = c.levels[i];
        const std::string band = i + 1 < c.levels.size()
                                     ? std::to_string(level.percent) + " \u2013 " + std::to_string(c.levels[i + 1].percent) + " %"
                                     : std::to_string(level.percent) + " % and over";
        block.add({band,
                   level.immediate ? std::string("immediate") : (level.crisis_on ? level.crisis_on->text(c.roll) : std::string("\u2014")),
                   chance_text(c.roll, level.crisis_on, level.immediate)});
    }
    section.blocks.push_back(SheetBlock::of(std::move(block)));
    section.blocks.push_back(SheetBlock::note(std::string(c.scope == "unit" ? "Every unit of the army rolls." : "One roll for the whole army.") +
                                              " A mark counts when the losses " + (c.crossing == "exceed" ? "exceed" : "reach") +
                                              " it; each mark is tested once. Crisis: " + c.effect));
}

void formation_changes(SheetContent& content, const RuleSet& rules) {
    const auto& f = rules.formation_changes;
    auto& section = heading(content, "Change of formation", f.section + ": fraction of a move");
    auto block = table({"Change", "Infantry", "Cavalry"}, {2.4, 1, 1}, {false, true, true});
    for (const auto& change : f.changes)
        block.add({change.name, change.infantry ? *change.infantry : std::string("\u2014"), change.cavalry ? *change.cavalry : std::string("\u2014")});
    for (const auto& deduction : f.national_deductions) block.note(deduction.text);
    section.blocks.push_back(SheetBlock::of(std::move(block)));
}

void dusk(SheetContent& content, const RuleSet& rules) {
    const auto& d = rules.dusk;
    auto& section = heading(content, "Dusk visibility", d.section);
    SheetTable block;
    block.print = SheetTable::Print::Tiny;
    block.header.push_back("Minutes to dusk");
    block.weights.push_back(2.6);
    block.centred.push_back(false);
    for (const int minutes : d.minutes_before_dusk) {
        block.header.push_back(std::to_string(minutes));
        block.weights.push_back(1);
        block.centred.push_back(true);
    }
    std::vector<SheetCell> cells{"Visibility, mm"};
    for (const int mm : d.visibility_mm) cells.emplace_back(std::to_string(mm));
    block.add(std::move(cells));
    section.blocks.push_back(SheetBlock::of(std::move(block)));
    section.blocks.push_back(SheetBlock::note("More than an hour before dusk: not limited. Artillery fires only on what it can see."));
}

void victory(SheetContent& content, const RuleSet& rules) {
    auto& section = heading(content, "Judging the winner", rules.victory.section);
    auto block = table({"Difference in % lost", "Result"}, {2, 2}, {false, false});
    const auto& bands = rules.victory.bands;
    for (std::size_t i = 0; i < bands.size(); ++i) {
        std::string range = bands[i].exclusive ? "more than " + number(bands[i].min_margin) : number(bands[i].min_margin);
        if (i + 1 < bands.size())
            range += bands[i + 1].exclusive ? " up to " + number(bands[i + 1].min_margin) : " to under " + number(bands[i + 1].min_margin);
        else if (!bands[i].exclusive)
            range += " or more";
        block.add({range, bands[i].result});
    }
    section.blocks.push_back(SheetBlock::of(std::move(block)));
}

}  // namespace land_reference_detail

SheetContent reference_sheet(const RuleSet& rules, const std::string& battle) {
    using namespace land_reference_detail;
    SheetContent content;
    content.kind = "reference";
    content.title = "Quick reference";
    content.subject = rules.name;
    const std::string file = std::filesystem::path(rules.file).filename().string();
    content.subtitle = "Rule set: " + rules.name + " (" + rules.period + ", " + rules.id + ") \u00b7 tables of " + file;
    if (!battle.empty()) content.subtitle += " \u00b7 for " + battle;
    content.tables = rules.id;
    content.columns = 2;
    // Full-width tables first: the two-column flow below them fills what remains of the page.
    odds_table(content, rules);
    combat_results(content, rules);
    sequence_of_play(content, rules);
    result_meanings(content, rules);
    modifiers(content, rules);
    artillery(content, rules);
    rally(content, rules);
    generals(content, rules);
    squares(content, rules);
    crisis(content, rules);
    formation_changes(content, rules);
    dusk(content, rules);
    victory(content, rules);
    return content;
}

}  // namespace fortuna::sheets
