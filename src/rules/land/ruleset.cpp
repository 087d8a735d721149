// SPDX-License-Identifier: MIT
// Loading a rule set's tables from JSON and looking things up in them.
#include "fortuna/land/ruleset.hpp"

#include <algorithm>
#include <cstddef>
#include <cstdlib>
#include <optional>

#include <nlohmann/json.hpp>

#include "fortuna/core/errors.hpp"
#include "fortuna/core/limits.hpp"
#include "core/json_reader.hpp"

namespace fortuna {

using detail::JsonReader;

std::string Odds::text() const { return std::to_string(attacker) + ":" + std::to_string(defender); }

Odds parse_odds(std::string_view text) {
    const auto separator = text.find_first_of(":-");
    if (separator == std::string_view::npos) throw RuleError("odds '" + std::string(text) + "': expected A:D such as 3:1");
    try {
        std::size_t used_a = 0, used_d = 0;
        const std::string a(text.substr(0, separator)), d(text.substr(separator + 1));
        Odds odds{std::stoi(a, &used_a), std::stoi(d, &used_d)};
        if (used_a != a.size() || used_d != d.size() || odds.attacker < 1 || odds.defender < 1) throw std::invalid_argument("");
        return odds;
    } catch (const std::logic_error&) {
        throw RuleError("odds '" + std::string(text) + "': expected A:D with whole numbers from 1, such as 3:1");
    }
}

std::string RollBand::text(RollKind kind) const {
    if (min == max) return format_roll(kind, min);
    return format_roll(kind, min) + "-" + format_roll(kind, max);
}

namespace {

// The printed strength to use for an actual one: the printed value itself, else the next
// lower (or nearest) printed value; beyond the table, its largest or smallest value.
int printed_strength(const std::vector<int>& printed, int actual, const std::string& policy, std::string& note,
                     const char* who) {
    const auto [lowest, highest] = std::minmax_element(printed.begin(), printed.end());
    if (actual >= *highest) {
        if (actual > *highest)
            note += std::string(who) + " strength " + std::to_string(actual) + " is beyond the table; using " +
                    std::to_string(*highest) + ". ";
        return *highest;
    }
    if (actual <= *lowest) return *lowest;
    if (std::find(printed.begin(), printed.end(), actual) != printed.end()) return actual;
    int below = *lowest, above = *highest;
    for (int value : printed) {
        if (value < actual && value > below) below = value;
        if (value > actual && value < above) above = value;
    }
    const int chosen = (policy == "nearest" && above - actual < actual - below) ? above : below;
    note += std::string(who) + " strength " + std::to_string(actual) + " is not printed; using " +
            std::to_string(chosen) + " (" + (policy == "nearest" ? "nearest" : "next lower") + " printed strength). ";
    return chosen;
}

std::size_t index_of(const std::vector<int>& values, int value) {
    return static_cast<std::size_t>(std::find(values.begin(), values.end(), value) - values.begin());
}

}  // namespace

OddsTable::Lookup OddsTable::lookup(int attack_strength, int defend_strength) const {
    if (attack_strength < 0 || defend_strength < 0)
        throw RuleError("strengths must not be negative (attack " + std::to_string(attack_strength) + ", defend " +
                        std::to_string(defend_strength) + ")");
    if (attack_strength > kMaxStrength || defend_strength > kMaxStrength)
        throw RuleError("strengths must be at most " + std::to_string(kMaxStrength) + " (attack " + std::to_string(attack_strength) +
                        ", defend " + std::to_string(defend_strength) + ")");
    Lookup result;
    const auto printed = [](const std::vector<int>& values, int value) {
        return std::find(values.begin(), values.end(), value) != values.end();
    };
    if (between_strengths == "ratio" && attack_strength > 0 && defend_strength > 0 &&
        (!printed(attack_strengths, attack_strength) || !printed(defend_strengths, defend_strength))) {
        // House option (errata E3): a strength the table does not print reads the odds by the
        // table's own rule on the real strengths, the stronger over the weaker, rounded down, at
        // most 7 (errata E1), as it would have printed them: fair to both sides.
        const int high = std::max(attack_strength, defend_strength), low = std::min(attack_strength, defend_strength);
        const int ratio = std::min(high / low, 7);
        result.attack_column = attack_strength;
        result.defend_row = defend_strength;
        result.odds = attack_strength >= defend_strength ? Odds{ratio, 1} : Odds{1, ratio};
        result.note = "a strength the table does not print: odds by the table's own rule on the real strengths (" +
                      std::to_string(attack_strength) + " against " + std::to_string(defend_strength) +
                      ", the stronger over the weaker, rounded down, at most 7; errata E1 and E3)";
        return result;
    }
    result.attack_column = printed_strength(attack_strengths, attack_strength, between_strengths, result.note, "attack");
    result.defend_row = printed_strength(defend_strengths, defend_strength, between_strengths, result.note, "defend");
    result.odds = cells.at(index_of(defend_strengths, result.defend_row)).at(index_of(attack_strengths, result.attack_column));
    if (!result.note.empty() && result.note.back() == ' ') result.note.pop_back();
    return result;
}

int CombatResultsTable::column_for(const Odds& odds, std::string* note) const {
    // Columns ascend in odds. The last column whose odds do not exceed ours; below the first, the first.
    int chosen = 0;
    for (std::size_t i = 0; i < columns.size(); ++i)
        if (columns[i].odds.ratio() <= odds.ratio() + 1e-9) chosen = static_cast<int>(i);
    if (note) {
        const auto& column = columns[static_cast<std::size_t>(chosen)];
        if (!(column.odds == odds)) {
            *note = "odds " + odds.text() + " have no column of their own; the table's nearest column is " + column.label;
        }
    }
    return chosen;
}

int CombatResultsTable::lowest_roll() const { return rows.front().roll.min; }
int CombatResultsTable::highest_roll() const { return rows.back().roll.max; }

const ResultsRow& CombatResultsTable::row_for(int table_roll) const {
    for (const auto& row : rows)
        if (row.roll.contains(table_roll)) return row;
    throw RuleError("roll " + format_roll(roll, table_roll) + " is in no row of " + section);
}

const BatteryTable& ArtilleryTable::battery(std::string_view id) const {
    for (const auto& b : batteries)
        if (b.id == id) return b;
    std::string known;
    for (const auto& b : batteries) known += (known.empty() ? "" : ", ") + b.id;
    throw RuleError("no artillery table for '" + std::string(id) + "' batteries: this rule set has " + known);
}

std::optional<int> DuskTable::visibility(int minutes_left) const {
    if (minutes_before_dusk.empty()) return std::nullopt;
    if (minutes_left < 0) return 0;  // after dusk: nothing is seen
    if (minutes_left > minutes_before_dusk.front()) return std::nullopt;
    // Table 8 has a row every 5 minutes; a time between rows reads the row above it
    // (37 minutes before dusk reads "+40", 400 mm): visibility falls at each 5-minute mark.
    std::optional<int> best;
    for (std::size_t i = 0; i < minutes_before_dusk.size(); ++i)
        if (minutes_before_dusk[i] >= minutes_left) best = visibility_mm[i];
    return best;
}

RollKind RuleSet::unit_roll_kind() const { return rally.roll; }

const CombatResultDefinition& RuleSet::result(std::string_view code) const {
    const auto it = results.find(code);
    if (it == results.end()) throw RuleError("rule set " + id + " defines no result '" + std::string(code) + "'");
    return it->second;
}

namespace {

RollKind read_roll_kind(const JsonReader& table, const std::string& key = "roll") {
    const JsonReader node = table.at(key);
    try {
        return enum_from_string<RollKind>(node.as_string());
    } catch (const RuleError&) {
        node.fail("\"d6\", \"2d6\" or \"random\"", detail::describe_json(node.node()));
    }
}

RollBand read_band(const JsonReader& node, RollKind kind) {
    if (!node.node().is_array() || node.node().size() != 2) node.fail("a band [lowest, highest]", detail::describe_json(node.node()));
    RollBand band{node.at(std::size_t{0}).roll_value(kind), node.at(std::size_t{1}).roll_value(kind)};
    if (band.min > band.max) node.fail("a band whose lowest roll is not above its highest");
    return band;
}

std::optional<UnitOutcome> read_outcome(const JsonReader& side, const std::string& key) {
    if (!side.has(key)) return std::nullopt;
    const JsonReader node = side.at(key);
    UnitOutcome outcome;
    outcome.lose_bases = node.integer_or("lose_bases", 0);
    if (outcome.lose_bases < 0 || outcome.lose_bases > 10) node.fail_at("lose_bases", "a number of bases from 0 to 10");
    try {
        outcome.state = enum_from_string<UnitState>(node.string("state"));
    } catch (const RuleError& error) {
        node.fail_at("state", "normal, disrupted, withdrawing or routing", node.string("state"));
    }
    return outcome;
}

SideEffect read_side(const JsonReader& result, const std::string& key) {
    SideEffect effect;
    if (!result.has(key)) return effect;
    const JsonReader side = result.at(key);
    effect.normal = read_outcome(side, "normal");
    effect.disrupted = read_outcome(side, "disrupted");
    return effect;
}

// Rows of a results table: each row a roll band and one result per column, every band
// following the previous without gap or overlap, covering the natural rolls.
std::vector<ResultsRow> read_rows(const JsonReader& rows_node, RollKind kind, std::size_t columns,
                                  const std::map<std::string, CombatResultDefinition, std::less<>>* known) {
    std::vector<ResultsRow> rows;
    for (std::size_t i = 0; i < rows_node.size(); ++i) {
        const JsonReader row = rows_node.at(i);
        ResultsRow parsed;
        parsed.roll = read_band(row.at("roll"), kind);
        const JsonReader results = row.at("results");
        if (results.size() != columns)
            results.fail(std::to_string(columns) + " results, one per column", std::to_string(results.size()));
        for (std::size_t c = 0; c < columns; ++c) {
            std::string code = results.at(c).as_string();
            if (known && !known->count(code)) {
                std::string names;
                for (const auto& [name, definition] : *known) names += (names.empty() ? "" : ", ") + name;
                results.at(c).fail("a result defined in /results (" + names + ")", "\"" + code + "\"");
            }
            parsed.results.push_back(std::move(code));
        }
        if (!rows.empty() && parsed.roll.min != rows.back().roll.max + 1)
            row.at("roll").fail("a band starting at " + format_roll(kind, rows.back().roll.max + 1) +
                                " (right after the previous row)",
                                parsed.roll.text(kind));
        rows.push_back(std::move(parsed));
    }
    if (rows.empty()) rows_node.fail("at least one row");
    const RollRange range = natural_range(kind);
    if (rows.front().roll.min != range.min || rows.back().roll.max != range.max)
        rows_node.fail("rows covering every roll from " + format_roll(kind, range.min) + " to " + format_roll(kind, range.max));
    return rows;
}

}  // namespace

RuleSet RuleSet::from_json(const nlohmann::json& document, const std::string& file) {
    const JsonReader root(document, file);
    RuleSet rules;
    rules.file = file;
    rules.id = root.string("id");
    rules.name = root.string("name");
    rules.period = root.string_or("period", "");
    rules.source = root.string("source");
    rules.chance_model = root.at("chance").string("model");
    if (rules.chance_model != "dice" && rules.chance_model != "random")
        root.at("chance").fail_at("model", "\"dice\" or \"random\"", rules.chance_model);
    const bool random = rules.chance_model == "random";

    const JsonReader turn = root.at("turn");
    rules.turn_minutes = turn.integer("minutes");
    for (std::size_t i = 0; i < turn.at("phases").size(); ++i) {
        const JsonReader phase = turn.at("phases").at(i);
        rules.phases.push_back({phase.string("id"), phase.string("name"), phase.string_or("section", "")});
    }

    // Results first: the tables refer to them.
    const JsonReader results = root.at("results");
    for (const auto& [code, value] : results.node().items()) {
        const JsonReader result = results.at(code);
        CombatResultDefinition definition;
        definition.code = code;
        definition.name = result.string("name");
        definition.text = result.string_or("text", "");
        definition.section = result.string_or("section", "");
        definition.attacker = read_side(result, "attacker");
        definition.defender = read_side(result, "defender");
        rules.results.emplace(code, std::move(definition));
    }

    // Odds table.
    const JsonReader odds = root.at("odds");
    rules.odds.section = odds.string("section");
    rules.odds.between_strengths = odds.string_or("between_strengths", "next-lower");
    if (rules.odds.between_strengths != "next-lower" && rules.odds.between_strengths != "nearest" &&
        rules.odds.between_strengths != "ratio")
        odds.fail_at("between_strengths", "\"next-lower\", \"nearest\" or \"ratio\"", rules.odds.between_strengths);
    for (std::size_t i = 0; i < odds.at("attack_strengths").size(); ++i) {
        const int strength = odds.at("attack_strengths").at(i).as_integer();
        if (strength < 1) odds.at("attack_strengths").at(i).fail("a strength of at least 1");
        if (!rules.odds.attack_strengths.empty() && strength >= rules.odds.attack_strengths.back())
            odds.at("attack_strengths").at(i).fail("strengths in descending order, as printed");
        rules.odds.attack_strengths.push_back(strength);
    }
    // A row may print one odds fewer than there are strengths (seed 002 Table 5 lost a column in
    // the conversion, errata E1): `lost_column` names the strength and each row's `restored` the
    // cell each reading puts there, so the printed cells stay as printed.
    std::optional<std::size_t> lost_index;
    if (odds.has("lost_column")) {
        rules.odds.lost_column = odds.integer("lost_column");
        const auto& strengths = rules.odds.attack_strengths;
        const auto found = std::find(strengths.begin(), strengths.end(), rules.odds.lost_column);
        if (found == strengths.end())
            odds.fail_at("lost_column", "one of the attacking strengths", std::to_string(rules.odds.lost_column));
        lost_index = static_cast<std::size_t>(found - strengths.begin());
    }
    const JsonReader odds_rows = odds.at("rows");
    for (std::size_t r = 0; r < odds_rows.size(); ++r) {
        const JsonReader row = odds_rows.at(r);
        const int defend = row.integer("defend");
        if (defend < 1) row.fail_at("defend", "a strength of at least 1");
        if (!rules.odds.defend_strengths.empty() && defend >= rules.odds.defend_strengths.back())
            row.fail_at("defend", "rows in descending order of defending strength, as printed");
        rules.odds.defend_strengths.push_back(defend);
        const JsonReader cells = row.at("odds");
        const std::size_t columns = rules.odds.attack_strengths.size();
        const bool printed_short = lost_index && cells.size() + 1 == columns;
        if (cells.size() != columns && !printed_short)
            cells.fail(std::to_string(columns) + " odds, one per attacking strength" +
                           (lost_index ? " (or " + std::to_string(columns - 1) + " with the lost column restored)" : std::string()),
                       std::to_string(cells.size()));
        const auto parse_cell = [](const JsonReader& cell) {
            try {
                return parse_odds(cell.as_string());
            } catch (const RuleError&) {
                cell.fail("odds such as \"3:1\" or \"1:2\"", detail::describe_json(cell.node()));
            }
            return Odds{};
        };
        std::vector<Odds> parsed;
        for (std::size_t c = 0; c < cells.size(); ++c) parsed.push_back(parse_cell(cells.at(c)));
        if (printed_short) {
            const std::string key = std::to_string(rules.odds.lost_column);
            if (!row.has("restored") || !row.at("restored").has(key))
                row.fail_at("restored", "the cell restored in column " + key + " (\"restored\": {\"" + key + "\": \"1:1\"})");
            parsed.insert(parsed.begin() + static_cast<std::ptrdiff_t>(*lost_index), parse_cell(row.at("restored").at(key)));
        }
        rules.odds.cells.push_back(std::move(parsed));
    }
    if (rules.odds.cells.empty()) odds_rows.fail("at least one row");

    // Combat results table.
    const JsonReader crt = root.at("combat_results");
    rules.combat_results.section = crt.string("section");
    rules.combat_results.roll = read_roll_kind(crt);
    for (std::size_t c = 0; c < crt.at("columns").size(); ++c) {
        const JsonReader column = crt.at("columns").at(c);
        ResultsColumn parsed{column.string("label"), {}};
        try {
            parsed.odds = parse_odds(column.string("odds"));
        } catch (const RuleError&) {
            column.fail_at("odds", "odds such as \"3:1\"", column.string("odds"));
        }
        if (!rules.combat_results.columns.empty() && parsed.odds.ratio() <= rules.combat_results.columns.back().odds.ratio())
            column.fail_at("odds", "columns in ascending order of odds");
        rules.combat_results.columns.push_back(std::move(parsed));
    }
    if (rules.combat_results.columns.empty()) crt.at("columns").fail("at least one column");
    rules.combat_results.rows = read_rows(crt.at("rows"), rules.combat_results.roll,
                                          rules.combat_results.columns.size(), &rules.results);

    const JsonReader shifts = root.at("column_shifts");
    rules.column_shifts = {shifts.string_or("section", ""), shifts.integer("combined_arms_two"),
                           shifts.integer("combined_arms_three"), shifts.integer("flank"), shifts.integer("rear")};

    const JsonReader modifiers = root.at("combat_modifiers");
    auto& m = rules.combat_modifiers;
    m.section = modifiers.string_or("section", "");
    m.terrain_attacker = modifiers.modifier("terrain_attacker", random);
    m.terrain_defender = modifiers.modifier("terrain_defender", random);
    m.charge = modifiers.modifier("charge", random);
    m.attacking_square = modifiers.modifier("attacking_square", random);
    m.obstacle = modifiers.modifier("obstacle", random);
    m.leader_with_attacker = modifiers.modifier("leader_with_attacker", random);
    m.leader_with_defender = modifiers.modifier("leader_with_defender", random);
    m.leader_killed = modifiers.modifier("leader_killed", random);

    // Artillery.
    const JsonReader artillery = root.at("artillery");
    rules.artillery.section = artillery.string("section");
    rules.artillery.roll = read_roll_kind(artillery);
    rules.artillery.band_edge = artillery.string_or("band_edge", "nearer");
    if (rules.artillery.band_edge != "nearer" && rules.artillery.band_edge != "farther")
        artillery.fail_at("band_edge", "\"nearer\" or \"farther\"", rules.artillery.band_edge);
    for (std::size_t b = 0; b < artillery.at("batteries").size(); ++b) {
        const JsonReader battery = artillery.at("batteries").at(b);
        BatteryTable parsed;
        parsed.id = battery.string("id");
        parsed.name = battery.string("name");
        for (std::size_t i = 0; i < battery.at("bands").size(); ++i) {
            const JsonReader band = battery.at("bands").at(i);
            ArtilleryBand ab{band.string("label"), band.number("min_mm"), band.number("max_mm")};
            if (ab.min_mm < 0 || ab.max_mm <= ab.min_mm) band.fail("a range band with 0 <= min_mm < max_mm");
            if (!parsed.bands.empty() && ab.min_mm != parsed.bands.back().max_mm)
                band.fail_at("min_mm", "the previous band's max_mm (" + std::to_string(parsed.bands.back().max_mm) + ")");
            parsed.bands.push_back(ab);
        }
        if (parsed.bands.empty()) battery.at("bands").fail("at least one range band");
        parsed.rows = read_rows(battery.at("rows"), rules.artillery.roll, parsed.bands.size(), &rules.results);
        rules.artillery.batteries.push_back(std::move(parsed));
    }
    if (artillery.has("target_formation_modifiers")) {
        const JsonReader targets = artillery.at("target_formation_modifiers");
        for (const auto& [name, value] : targets.node().items()) {
            try {
                rules.artillery.target_formation_modifiers[enum_from_string<Formation>(name)] = targets.modifier(name, random);
            } catch (const RuleError&) {
                targets.fail_at(name, "a formation: line, column or square");
            }
        }
    }

    // Leaders under fire.
    const JsonReader leaders = root.at("leaders");
    auto& l = rules.leaders;
    l.section = leaders.string("section");
    l.casualty_roll = read_roll_kind(leaders, "casualty_roll");
    l.casualty_on = read_band(leaders.at("casualty_on"), l.casualty_roll);
    l.fate_roll = read_roll_kind(leaders, "fate_roll");
    for (std::size_t i = 0; i < leaders.at("fates").size(); ++i) {
        const JsonReader fate = leaders.at("fates").at(i);
        LeaderFate parsed;
        parsed.roll = read_band(fate.at("roll"), l.fate_roll);
        parsed.fate = fate.string("fate");
        parsed.text = fate.string_or("text", "");
        parsed.unit_disrupted = fate.boolean_or("unit_disrupted", false);
        parsed.leader_removed = fate.boolean_or("leader_removed", false);
        parsed.combat_penalty = fate.boolean_or("combat_penalty", false);
        l.fates.push_back(std::move(parsed));
    }
    auto read_leader_modifiers = [&](const JsonReader& node) {
        return LeaderModifiers{node.modifier("attack", random), node.modifier("defend", random), node.modifier("rally", random)};
    };
    l.modifiers = read_leader_modifiers(leaders.at("modifiers"));
    if (leaders.has("great_captain_modifiers")) l.great_captain_modifiers = read_leader_modifiers(leaders.at("great_captain_modifiers"));
    if (leaders.has("great_captains"))
        for (std::size_t i = 0; i < leaders.at("great_captains").size(); ++i)
            l.great_captains.push_back(leaders.at("great_captains").at(i).as_string());

    // Cavalry against squares (hedgehogs).
    const JsonReader square = root.at("cavalry_vs_square");
    auto& sq = rules.cavalry_vs_square;
    sq.section = square.string("section");
    sq.roll = read_roll_kind(square);
    auto read_square_rows = [&](const std::string& key) {
        std::vector<SquareOutcome> rows;
        const JsonReader list = square.at(key);
        for (std::size_t i = 0; i < list.size(); ++i) {
            const JsonReader row = list.at(i);
            SquareOutcome outcome;
            outcome.roll = read_band(row.at("roll"), sq.roll);
            const std::string cavalry = row.string("cavalry"), infantry = row.string("square");
            if (cavalry != "disrupted" && cavalry != "unchanged") row.fail_at("cavalry", "\"disrupted\" or \"unchanged\"", cavalry);
            if (infantry != "broken" && infantry != "unchanged") row.fail_at("square", "\"broken\" or \"unchanged\"", infantry);
            outcome.cavalry_disrupted = cavalry == "disrupted";
            outcome.square_broken = infantry == "broken";
            outcome.text = row.string_or("text", "");
            if (!rows.empty() && outcome.roll.min != rows.back().roll.max + 1)
                row.at("roll").fail("a band right after the previous row");
            rows.push_back(std::move(outcome));
        }
        const RollRange range = natural_range(sq.roll);
        if (rows.empty() || rows.front().roll.min != range.min || rows.back().roll.max != range.max)
            list.fail("rows covering every roll from " + format_roll(sq.roll, range.min) + " to " + format_roll(sq.roll, range.max));
        return rows;
    };
    sq.normal = read_square_rows("normal");
    sq.disrupted = read_square_rows("disrupted");
    if (square.has("infantry_fire_mm")) sq.infantry_fire_mm = square.number("infantry_fire_mm");
    sq.attack_before_contact = square.boolean_or("attack_before_contact", false);
    if (sq.attack_before_contact && !sq.infantry_fire_mm)
        square.fail_at("attack_before_contact", "false, or an infantry_fire_mm to attack from");

    const JsonReader rally = root.at("rally");
    rules.rally.section = rally.string("section");
    rules.rally.roll = read_roll_kind(rally);
    rules.rally.routing_needs = rally.roll_value("routing_needs", rules.rally.roll);

    const JsonReader orders = root.at("orders");
    rules.orders.section = orders.string("section");
    rules.orders.roll = read_roll_kind(orders);
    rules.orders.understood_from = orders.roll_value("understood_from", rules.orders.roll);
    rules.orders.messenger_mm_per_turn = orders.number_or("messenger_mm_per_turn", 200);

    rules.charge_once_every_turns = root.at("charge").integer("once_every_turns");
    rules.infantry_combat_mm = root.at("ranges").number("infantry_combat_mm");

    const JsonReader crisis = root.at("crisis_of_morale");
    auto& cm = rules.crisis_of_morale;
    cm.section = crisis.string("section");
    cm.roll = read_roll_kind(crisis);
    cm.scope = crisis.string("scope");
    if (cm.scope != "army" && cm.scope != "unit") crisis.fail_at("scope", "\"army\" or \"unit\"", cm.scope);
    cm.crossing = crisis.string_or("crossing", "reach");
    if (cm.crossing != "reach" && cm.crossing != "exceed") crisis.fail_at("crossing", "\"reach\" or \"exceed\"", cm.crossing);
    cm.effect = crisis.string_or("effect", "");
    for (std::size_t i = 0; i < crisis.at("levels").size(); ++i) {
        const JsonReader level = crisis.at("levels").at(i);
        CrisisLevel parsed;
        parsed.percent = level.integer("percent");
        if (parsed.percent <= 0 || parsed.percent > 100) level.fail_at("percent", "a percentage from 1 to 100");
        if (!cm.levels.empty() && parsed.percent <= cm.levels.back().percent)
            level.fail_at("percent", "levels in ascending order");
        parsed.immediate = level.boolean_or("immediate", false);
        if (level.has("crisis_on")) parsed.crisis_on = read_band(level.at("crisis_on"), cm.roll);
        if (!parsed.immediate && !parsed.crisis_on) level.fail("either \"crisis_on\": [lowest, highest] or \"immediate\": true");
        cm.levels.push_back(parsed);
    }

    if (root.has("formation_changes")) {
        const JsonReader changes = root.at("formation_changes");
        rules.formation_changes.section = changes.string("section");
        for (std::size_t i = 0; i < changes.at("changes").size(); ++i) {
            const JsonReader change = changes.at("changes").at(i);
            FormationChange parsed{change.string("change"), change.string("name"), std::nullopt, std::nullopt};
            if (change.has("infantry")) parsed.infantry = change.string("infantry");
            if (change.has("cavalry")) parsed.cavalry = change.string("cavalry");
            rules.formation_changes.changes.push_back(std::move(parsed));
        }
        if (changes.has("national_deductions"))
            for (std::size_t i = 0; i < changes.at("national_deductions").size(); ++i) {
                const JsonReader d = changes.at("national_deductions").at(i);
                rules.formation_changes.national_deductions.push_back({d.string("nation"), d.string("deduct"), d.string_or("text", "")});
            }
    }

    const JsonReader dusk = root.at("dusk_visibility");
    rules.dusk.section = dusk.string("section");
    for (std::size_t i = 0; i < dusk.at("minutes_before_dusk").size(); ++i)
        rules.dusk.minutes_before_dusk.push_back(dusk.at("minutes_before_dusk").at(i).as_integer());
    for (std::size_t i = 0; i < dusk.at("visibility_mm").size(); ++i)
        rules.dusk.visibility_mm.push_back(dusk.at("visibility_mm").at(i).as_integer());
    if (rules.dusk.minutes_before_dusk.size() != rules.dusk.visibility_mm.size())
        dusk.at("visibility_mm").fail("one visibility per time in minutes_before_dusk");

    const JsonReader victory = root.at("victory");
    rules.victory.section = victory.string("section");
    for (std::size_t i = 0; i < victory.at("bands").size(); ++i) {
        const JsonReader band = victory.at("bands").at(i);
        VictoryBand parsed{band.number("min_margin"), band.string("result"), band.boolean_or("exclusive", false)};
        if (!rules.victory.bands.empty() && parsed.min_margin <= rules.victory.bands.back().min_margin)
            band.fail_at("min_margin", "bands in ascending order of margin");
        rules.victory.bands.push_back(parsed);
    }
    if (rules.victory.bands.empty() || rules.victory.bands.front().min_margin != 0)
        victory.at("bands").fail("bands starting at a margin of 0");

    return rules;
}

}  // namespace fortuna
