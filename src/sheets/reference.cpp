// SPDX-License-Identifier: MIT
// The quick reference of a rule set, generated from its tables so that an edited table prints as it is played.
#include <algorithm>
#include <cmath>

#include "builders.hpp"
#include "fortuna/land/resolution.hpp"

namespace fortuna::sheets {

namespace {


QString kind_text(RollKind kind) { return qs(std::string(to_string(kind))); }

HeadingBlock& heading(Document& document, const QString& title, const std::string& section, bool full = false) {
    auto& block = document.emplace<HeadingBlock>(title, qs(section));
    block.full_width = full;
    block.space_before = 8;
    return block;
}

TableBlock& table(Document& document, std::vector<TableColumn> columns, bool full = false) {
    auto& block = document.emplace<TableBlock>(std::move(columns));
    block.full_width = full;
    block.space_before = 3;
    return block;
}

void text(Document& document, const QString& words, bool full = false) {
    auto& block = document.emplace<TextBlock>(words, fonts().tiny, kMuted);
    block.full_width = full;
    block.space_before = 2;
}

// "column" +1 means one column to the right (better for the attacker).
QString shift_text(int columns) {
    if (columns == 0) return QStringLiteral("none");
    return QStringLiteral("%1 column%2 %3").arg(std::abs(columns)).arg(std::abs(columns) == 1 ? QString() : QStringLiteral("s"),
                                                    columns > 0 ? QStringLiteral("right") : QStringLiteral("left"));
}

void sequence_of_play(Document& document, const RuleSet& rules) {
    heading(document, QStringLiteral("Sequence of play"), "a turn is " + std::to_string(rules.turn_minutes) + " minutes");
    auto& phases = table(document, {{QStringLiteral(""), 0.3, Qt::AlignCenter},
                                    {QStringLiteral("Phase"), 2.2, Qt::AlignLeft},
                                    {QStringLiteral("Rules"), 1.8, Qt::AlignLeft}});
    for (const auto& phase : rules.phases) phases.add({qs(phase.id), qs(phase.name), qs(phase.section)});
    if (rules.phases.empty()) phases.note(QStringLiteral("This rule set's file lists no phases."));
    phases.note(QStringLiteral("The first player plays every phase, then the second player; then the clock moves on %1 minutes.")
                    .arg(rules.turn_minutes));
}

void odds_table(Document& document, const RuleSet& rules) {
    const auto& odds = rules.odds;
    heading(document, QStringLiteral("Odds table"), odds.section + ": attacker's strength across, defender's down", true);
    std::vector<TableColumn> columns{{QStringLiteral("D \\ A"), 1.3, Qt::AlignCenter}};
    for (const int strength : odds.attack_strengths) columns.push_back({QString::number(strength), 1, Qt::AlignCenter});
    QFont header_font = fonts().tiny;
    header_font.setBold(true);
    auto& block = document.emplace<TableBlock>(columns, fonts().tiny, header_font);
    block.full_width = true;
    block.space_before = 3;
    block.padding = 1.2;
    for (std::size_t r = 0; r < odds.cells.size(); ++r) {
        std::vector<Cell> cells{QString::number(odds.defend_strengths[r])};
        for (const auto& cell : odds.cells[r]) cells.emplace_back(qs(cell.text()));
        block.add(cells, r % 2 == 1);
    }
    text(document,
         QStringLiteral("Strength = bases \u00d7 factor, added over every unit in the combat. A strength between two printed "
                        "ones uses the %1 printed strength; beyond the largest, the largest.")
             .arg(odds.between_strengths == "nearest" ? QStringLiteral("nearest") : QStringLiteral("next lower")),
         true);
}

void combat_results(Document& document, const RuleSet& rules) {
    const auto& crt = rules.combat_results;
    heading(document, QStringLiteral("Combat results table"),
            crt.section + ": roll " + std::string(to_string(crt.roll)) + " plus modifiers", true);
    std::vector<TableColumn> columns{{QStringLiteral("Roll"), 1.5, Qt::AlignCenter}};
    for (const auto& column : crt.columns) columns.push_back({qs(column.odds.text()), 1, Qt::AlignCenter});
    auto& block = table(document, columns, true);
    for (std::size_t r = 0; r < crt.rows.size(); ++r) {
        std::vector<Cell> cells{band_text(crt.roll, crt.rows[r].roll)};
        for (const auto& result : crt.rows[r].results) cells.emplace_back(qs(result));
        block.add(cells, r % 2 == 1);
    }
    text(document,
         QStringLiteral("A modified roll beyond the table uses its first or last row; odds beyond either end use the end column. "
                        "Results are explained under \u201cCombat results\u201d."),
         true);
}

void result_meanings(Document& document, const RuleSet& rules) {
    heading(document, QStringLiteral("Combat results"), "what each result does");
    auto& block = table(document, {{QStringLiteral("Result"), 0.55, Qt::AlignCenter},
                                   {QStringLiteral("Name"), 1.65, Qt::AlignLeft},
                                   {QStringLiteral("Effect"), 3.3, Qt::AlignLeft}});
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
        block.add({qs(code), qs(definition.name), definition.text.empty() ? QStringLiteral("\u2014") : qs(definition.text)});
    }
}

void modifiers(Document& document, const RuleSet& rules) {
    const RollKind kind = rules.combat_results.roll;
    const auto& m = rules.combat_modifiers;
    const auto& s = rules.column_shifts;
    heading(document, QStringLiteral("Column shifts and modifiers"), s.section);
    auto& shifts = table(document, {{QStringLiteral("Column shift"), 2.6, Qt::AlignLeft},
                                    {QStringLiteral("Columns"), 1.4, Qt::AlignCenter}});
    shifts.add({QStringLiteral("Two arms attack together"), shift_text(s.combined_arms_two)});
    shifts.add({QStringLiteral("Three arms attack together"), shift_text(s.combined_arms_three)});
    shifts.add({QStringLiteral("Attack on a flank"), shift_text(s.flank)});
    shifts.add({QStringLiteral("Attack in the rear"), shift_text(s.rear)});
    auto& rolls = table(document, {{QStringLiteral("Roll modifier (on the attacker's roll)"), 2.6, Qt::AlignLeft},
                                   {QStringLiteral("Modifier"), 1.4, Qt::AlignCenter}});
    rolls.space_before = 4;
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
    for (const auto& [what, value] : rows) rolls.add({QString::fromUtf8(what), modifier_text(kind, value)});
    text(document, QStringLiteral("High rolls favour the attacker: a modifier against the defender is added, one against the "
                                  "attacker subtracted. Charges at most once every %1 turns.")
                       .arg(rules.charge_once_every_turns));
}

void artillery(Document& document, const RuleSet& rules) {
    const auto& art = rules.artillery;
    heading(document, QStringLiteral("Artillery"), art.section + ", roll " + std::string(to_string(art.roll)));
    for (const auto& battery : art.batteries) {
        std::vector<TableColumn> columns{{QStringLiteral("Roll"), art.roll == RollKind::Random ? 1.8 : 1.3, Qt::AlignCenter}};
        for (const auto& band : battery.bands) columns.push_back({qs(band.label) + QStringLiteral(" mm"), 1, Qt::AlignCenter});
        auto& block = table(document, columns);
        block.group(qs(battery.name));
        for (std::size_t r = 0; r < battery.rows.size(); ++r) {
            std::vector<Cell> cells{band_text(art.roll, battery.rows[r].roll)};
            for (const auto& result : battery.rows[r].results) cells.emplace_back(qs(result));
            block.add(cells, r % 2 == 1);
        }
    }
    QStringList targets;
    for (const auto& [formation, value] : art.target_formation_modifiers)
        targets << QStringLiteral("%1 %2").arg(qs(std::string(to_string(formation))), modifier_text(art.roll, value));
    text(document, QStringLiteral("Target in %1. A range exactly on a band's edge uses the %2 band. Results as in combat (Dd, Dr).")
                       .arg(targets.join(QStringLiteral(", ")), qs(art.band_edge)));
}

void rally(Document& document, const RuleSet& rules) {
    const auto& r = rules.rally;
    heading(document, QStringLiteral("Rally"), r.section);
    auto& block = table(document, {{QStringLiteral("Unit"), 2.6, Qt::AlignLeft},
                                   {QStringLiteral("Needs (%1)").arg(kind_text(r.roll)), 1.4, Qt::AlignCenter}});
    block.add({QStringLiteral("Disrupted or withdrawing: becomes normal"), QStringLiteral("army table (roster)")});
    block.add({QStringLiteral("Routing: becomes disrupted"), roll_text(r.roll, r.routing_needs) + QStringLiteral(" or more")});
    block.add({QStringLiteral("General with the unit"), modifier_text(r.roll, rules.leaders.modifiers.rally)});
    if (rules.leaders.great_captain_modifiers)
        block.add({QStringLiteral("Great captain with the unit"), modifier_text(r.roll, rules.leaders.great_captain_modifiers->rally)});
    const auto& orders = rules.orders;
    auto& other = table(document, {{QStringLiteral("Orders and ranges"), 2.6, Qt::AlignLeft},
                                   {QStringLiteral(""), 1.4, Qt::AlignCenter}});
    other.space_before = 4;
    other.add({QStringLiteral("Order understood (%1)").arg(kind_text(orders.roll)),
               roll_text(orders.roll, orders.understood_from) + QStringLiteral(" or more")});
    other.add({QStringLiteral("Messenger rides a turn"), QStringLiteral("%1 mm").arg(std::lround(orders.messenger_mm_per_turn))});
    other.add({QStringLiteral("Infantry combat range"), QStringLiteral("%1 mm").arg(std::lround(rules.infantry_combat_mm))});
    other.add({QStringLiteral("Cavalry combat"), QStringLiteral("contact")});
    other.add({QStringLiteral("Charge"), QStringLiteral("once every %1 turns").arg(rules.charge_once_every_turns)});
}

void generals(Document& document, const RuleSet& rules) {
    const auto& l = rules.leaders;
    heading(document, QStringLiteral("Generals under fire"), l.section);
    std::uint64_t weight = 0;
    for (const auto& outcome : roll_outcomes(l.casualty_roll))
        if (l.casualty_on.contains(outcome.value)) weight += outcome.weight;
    text(document, QStringLiteral("A general who joins a combat or rally is hit on %1 %2 (%3); then roll %4 for his fate.")
                       .arg(kind_text(l.casualty_roll), band_text(l.casualty_roll, l.casualty_on),
                            qs(Probability{weight, total_weight(l.casualty_roll)}.percent(1)), kind_text(l.fate_roll)));
    auto& fates = table(document, {{QStringLiteral("Fate roll"), l.fate_roll == RollKind::Random ? 1.5 : 1.0, Qt::AlignCenter},
                                   {QStringLiteral("Fate"), 0.9, Qt::AlignLeft},
                                   {QStringLiteral("Effect"), 3.4, Qt::AlignLeft}});
    for (const auto& fate : l.fates) fates.add({band_text(l.fate_roll, fate.roll), qs(fate.fate), qs(fate.text)});
    const RollKind kind = rules.combat_results.roll;
    auto& mods = table(document, {{QStringLiteral("Modifier"), 1.6, Qt::AlignLeft},
                                  {QStringLiteral("Attack"), 1, Qt::AlignCenter},
                                  {QStringLiteral("Defend"), 1, Qt::AlignCenter},
                                  {QStringLiteral("Rally"), 1, Qt::AlignCenter}});
    mods.space_before = 4;
    mods.add({QStringLiteral("General"), modifier_text(kind, l.modifiers.attack), modifier_text(kind, l.modifiers.defend),
              modifier_text(rules.rally.roll, l.modifiers.rally)});
    if (l.great_captain_modifiers)
        mods.add({QStringLiteral("Great captain"), modifier_text(kind, l.great_captain_modifiers->attack),
                  modifier_text(kind, l.great_captain_modifiers->defend),
                  modifier_text(rules.rally.roll, l.great_captain_modifiers->rally)});
    if (!l.great_captains.empty()) {
        QStringList names;
        for (const auto& name : l.great_captains) names << qs(name);
        text(document, QStringLiteral("Great captains: %1.").arg(names.join(QStringLiteral(", "))));
    }
}

void squares(Document& document, const RuleSet& rules) {
    const auto& sq = rules.cavalry_vs_square;
    const QString name = rules.id == "glaube" ? QStringLiteral("hedgehog") : QStringLiteral("square");
    heading(document, QStringLiteral("Cavalry against a %1").arg(name), sq.section + ", roll " + std::string(to_string(sq.roll)));
    for (const auto* outcomes : {&sq.normal, &sq.disrupted}) {
        auto& block = table(document, {{QStringLiteral("Roll"), sq.roll == RollKind::Random ? 1.6 : 1.0, Qt::AlignCenter},
                                       {QStringLiteral("Outcome"), 4.3, Qt::AlignLeft}});
        block.group(outcomes == &sq.normal ? QStringLiteral("%1 in good order").arg(name.at(0).toUpper() + name.mid(1))
                                           : QStringLiteral("%1 already disrupted").arg(name.at(0).toUpper() + name.mid(1)));
        for (const auto& outcome : *outcomes) block.add({band_text(sq.roll, outcome.roll), qs(outcome.text)});
    }
    if (sq.infantry_fire_mm)
        text(document, QStringLiteral("The %1 fires on cavalry within %2 mm.").arg(name).arg(std::lround(*sq.infantry_fire_mm)));
}

void crisis(Document& document, const RuleSet& rules) {
    const auto& c = rules.crisis_of_morale;
    heading(document, QStringLiteral("Crisis of morale"), c.section);
    auto& block = table(document, {{QStringLiteral("Base units lost"), 1.4, Qt::AlignCenter},
                                   {QStringLiteral("Crisis on (%1)").arg(kind_text(c.roll)), 1.5, Qt::AlignCenter},
                                   {QStringLiteral("Chance"), 1, Qt::AlignCenter}});
    for (std::size_t i = 0; i < c.levels.size(); ++i) {
        const auto& level = c.levels[i];
        const QString band = i + 1 < c.levels.size() ? QStringLiteral("%1 \u2013 %2 %").arg(level.percent).arg(c.levels[i + 1].percent)
                                                     : QStringLiteral("%1 % and over").arg(level.percent);
        block.add({band,
                   level.immediate ? QStringLiteral("immediate")
                                   : (level.crisis_on ? band_text(c.roll, *level.crisis_on) : QStringLiteral("\u2014")),
                   chance_text(c.roll, level.crisis_on, level.immediate)});
    }
    text(document, QStringLiteral("%1 A mark counts when the losses %2 it; each mark is tested once. Crisis: %3")
                       .arg(c.scope == "unit" ? QStringLiteral("Every unit of the army rolls.")
                                              : QStringLiteral("One roll for the whole army."),
                            c.crossing == "exceed" ? QStringLiteral("exceed") : QStringLiteral("reach"), qs(c.effect)));
}

void formation_changes(Document& document, const RuleSet& rules) {
    const auto& f = rules.formation_changes;
    heading(document, QStringLiteral("Change of formation"), f.section + ": fraction of a move");
    auto& block = table(document, {{QStringLiteral("Change"), 2.4, Qt::AlignLeft},
                                   {QStringLiteral("Infantry"), 1, Qt::AlignCenter},
                                   {QStringLiteral("Cavalry"), 1, Qt::AlignCenter}});
    for (const auto& change : f.changes)
        block.add({qs(change.name), change.infantry ? qs(*change.infantry) : QStringLiteral("\u2014"),
                   change.cavalry ? qs(*change.cavalry) : QStringLiteral("\u2014")});
    for (const auto& deduction : f.national_deductions) block.note(qs(deduction.text));
}

void dusk(Document& document, const RuleSet& rules) {
    const auto& d = rules.dusk;
    heading(document, QStringLiteral("Dusk visibility"), d.section);
    std::vector<TableColumn> columns{{QStringLiteral("Minutes to dusk"), 2.6, Qt::AlignLeft}};
    for (const int minutes : d.minutes_before_dusk) columns.push_back({QString::number(minutes), 1, Qt::AlignCenter});
    QFont bold_tiny = fonts().tiny;
    bold_tiny.setBold(true);
    auto& block = document.emplace<TableBlock>(columns, fonts().tiny, bold_tiny);
    block.full_width = false;
    block.space_before = 3;
    block.padding = 1.2;
    std::vector<Cell> cells{QStringLiteral("Visibility, mm")};
    for (const int mm : d.visibility_mm) cells.emplace_back(QString::number(mm));
    block.add(cells);
    text(document, QStringLiteral("More than an hour before dusk: not limited. Artillery fires only on what it can see."));
}

void victory(Document& document, const RuleSet& rules) {
    heading(document, QStringLiteral("Judging the winner"), rules.victory.section);
    auto& block = table(document, {{QStringLiteral("Difference in % lost"), 2, Qt::AlignLeft},
                                   {QStringLiteral("Result"), 2, Qt::AlignLeft}});
    const auto& bands = rules.victory.bands;
    for (std::size_t i = 0; i < bands.size(); ++i) {
        const auto number = [](double value) { return QString::number(value, 'g', 4); };
        QString range = bands[i].exclusive ? QStringLiteral("more than %1").arg(number(bands[i].min_margin))
                                           : QStringLiteral("%1").arg(number(bands[i].min_margin));
        if (i + 1 < bands.size())
            range += bands[i + 1].exclusive ? QStringLiteral(" up to %1").arg(number(bands[i + 1].min_margin))
                                            : QStringLiteral(" to under %1").arg(number(bands[i + 1].min_margin));
        else if (!bands[i].exclusive)
            range += QStringLiteral(" or more");
        block.add({range, qs(bands[i].result)});
    }
}

}  // namespace

void build_reference(Document& document, const RuleSet& rules) {
    // Full-width tables first: the two-column flow below them fills what remains of the page.
    odds_table(document, rules);
    combat_results(document, rules);
    sequence_of_play(document, rules);
    result_meanings(document, rules);
    modifiers(document, rules);
    artillery(document, rules);
    rally(document, rules);
    generals(document, rules);
    squares(document, rules);
    crisis(document, rules);
    formation_changes(document, rules);
    dusk(document, rules);
    victory(document, rules);
}

}  // namespace fortuna::sheets
