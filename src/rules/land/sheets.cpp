// SPDX-License-Identifier: MIT
// The land games' printed sheets as content for the one renderer (seed 000, 2.6, 3.2 and 9.1): the
// victory and time sheet (time track, base units lost with the crisis marks, marks and chances,
// reinforcements, margins) and the army rosters, every number from the rule set and the scenario.
#include <algorithm>
#include <cmath>
#include <cstdio>
#include <map>

#include "fortuna/core/chance.hpp"
#include "fortuna/core/errors.hpp"
#include "fortuna/land/resolution.hpp"
#include "fortuna/sheets/sheet_source.hpp"
#include "fortuna/land/game.hpp"
#include "reference_sheet.hpp"
#include "sheets.hpp"

namespace fortuna::sheets {

namespace land_sheet_detail {

std::string clock(int minutes) { return format_clock(minutes); }

std::string chance_text(RollKind kind, const std::optional<RollBand>& band, bool immediate) {
    if (immediate) return "certain";
    if (!band) return "none";
    std::uint64_t weight = 0;
    for (const auto& outcome : roll_outcomes(kind))
        if (band->contains(outcome.value)) weight += outcome.weight;
    return Probability{weight, total_weight(kind)}.percent(1);
}

std::string number_text(double value, const char* format) {
    char text[32];
    std::snprintf(text, sizeof text, format, value);
    return text;
}

std::string side_label(const SheetSide& side) {
    return side.nation.empty() || side.nation == side.name ? side.name : side.name + " (" + side.nation + ")";
}

std::string rules_line(const RuleSet& rules) { return "Rule set: " + rules.name + " (" + rules.period + ", " + rules.id + ")"; }

// An army total that holds from a time on: the start, then after each reinforcement.
struct Stage {
    std::string label;  // "start" or "12:45"
    int from = 0;
    int total = 0;
};

std::vector<Stage> stages_of(const SheetSource& source, int side) {
    std::vector<Stage> stages{{"start", source.start, side_total_at(source, side, source.start - 1)}};
    for (const auto& reinforcement : source.reinforcements) {
        if (reinforcement.side != side) continue;
        const int total = side_total_at(source, side, reinforcement.arrives);
        if (stages.back().from == reinforcement.arrives) {
            stages.back().total = total;
        } else {
            stages.push_back({clock(reinforcement.arrives), reinforcement.arrives, total});
        }
    }
    return stages;
}

// Reinforcement numbers as the time track marks them: R1, R2 ... by arrival.
std::string reinforcement_tag(std::size_t index) { return "R" + std::to_string(index + 1); }

// ------------------------------------------------------------------ time track

SheetSection time_track(const SheetSource& source) {
    const RuleSet& rules = *source.rules;
    const int step = std::max(1, rules.turn_minutes);
    SheetSection section;
    section.heading = "Time track";
    section.cites = std::to_string(step) + " minutes a turn, " + clock(source.start) + " to dusk at " + clock(source.dusk) + " (seed 000, 2.6)";
    const int slots = std::max(1, 60 / step);
    const int first_hour = source.start / 60;
    const int last_hour = source.dusk / 60;
    const auto is_turn = [&source, step](int minutes) {
        return minutes >= source.start && minutes < source.dusk && (minutes - source.start) % step == 0;
    };
    SheetTrack track;
    track.boxes_per_row = slots;
    track.label_width = 26;
    track.gap = 1.5;
    for (int hour = first_hour; hour <= last_hour; ++hour) {
        SheetTrackRow row;
        char label[8];
        std::snprintf(label, sizeof label, "%02dh", hour % 100);
        row.label = label;
        row.label_bold = true;
        bool any_turn = false;
        for (int s = 0; s < slots; ++s) any_turn = any_turn || is_turn(hour * 60 + s * step);
        // The hour of dusk on the hour holds no turn, only the dusk box: a single line of print.
        row.height = any_turn ? 23 : 12;
        for (int s = 0; s < slots; ++s) {
            const int minutes = hour * 60 + s * step;
            SheetTrackBox box;
            if (minutes == source.dusk) {
                box.fill = SheetTrackBox::Fill::Dark;
                if (!any_turn) {
                    // One line, "DUSK 17:00", over two slots: the one after dusk holds no turn.
                    box.centre = "DUSK " + clock(minutes);
                    box.span = std::min(2, slots - s);
                    s += box.span - 1;
                } else {
                    box.top = "DUSK";
                    box.centre = clock(minutes);
                }
            } else if (!is_turn(minutes)) {
                box.fill = SheetTrackBox::Fill::Idle;
            } else {
                box.corner = std::to_string((minutes - source.start) / step + 1);
                box.centre = clock(minutes);
                if (const auto visible = rules.dusk.visibility(source.dusk - minutes)) box.foot_left = "vis " + std::to_string(*visible);
                for (std::size_t i = 0; i < source.reinforcements.size(); ++i) {
                    const int arrives = source.reinforcements[i].arrives;
                    // A reinforcement due between two turns is marked on the first turn at or after it.
                    if (arrives <= minutes && arrives > minutes - step)
                        box.foot_right += (box.foot_right.empty() ? "" : " ") + reinforcement_tag(i);
                }
                box.heavy = source.now && *source.now == minutes;
                box.crossed = source.now && minutes < *source.now;
            }
            row.boxes.push_back(box);
        }
        track.rows.push_back(std::move(row));
    }
    section.blocks.push_back(SheetBlock::of(std::move(track)));
    std::string legend = "Cross off each turn when both players have moved. The number in the corner is the turn.";
    if (!rules.dusk.visibility_mm.empty())
        legend += " vis: how far one can see, in board mm, that close to dusk (" + rules.dusk.section + ").";
    if (!source.reinforcements.empty()) legend += " R1, R2 \u2026: reinforcements arriving (listed below).";
    if (source.now) legend += " The saved game stands at the boxed turn.";
    section.blocks.push_back(SheetBlock::note(legend));
    return section;
}

// The marks the sheet prints: up to the first immediate level. Every level beyond it is
// immediate as well (errata E21, E22), and the crisis table's note says so in one line, so the
// sheet keeps to one page with the levels running on to 100 %.
CrisisOfMoraleTable printed_marks(const CrisisOfMoraleTable& table) {
    CrisisOfMoraleTable printed = table;
    printed.levels.clear();
    for (const auto& level : table.levels) {
        printed.levels.push_back(level);
        if (level.immediate) break;
    }
    return printed;
}

// ------------------------------------------------------------------ casualty track

SheetSection casualty_track(const SheetSource& source, int side_index) {
    const SheetSide& side = source.sides[static_cast<std::size_t>(side_index)];
    const CrisisOfMoraleTable table = printed_marks(source.rules->crisis_of_morale);
    const std::vector<Stage> stages = stages_of(source, side_index);
    const int most = stages.back().total;
    SheetSection section;
    section.heading = side_label(side);
    section.cites = std::to_string(stages.front().total) + " base units at the start";
    if (stages.size() > 1) section.cites += ", " + std::to_string(most) + " when every reinforcement has arrived";

    // Twenty boxes a row leave room under each box for two marks ("15/20%"); a small army gets
    // wider boxes, never more than a row's worth. From 50 bases up the marks lie at least 2.5
    // boxes apart: 25 narrower boxes a row fit.
    const int per_row = most >= 50 ? 25 : std::clamp(most, 12, 20);
    const int rows = std::max(1, (most + per_row - 1) / per_row);
    // The stage in force now: its marks get heavy boxes.
    std::size_t current = 0;
    for (std::size_t s = 0; s < stages.size(); ++s)
        if (source.now && stages[s].from <= *source.now) current = s;
    const int lost = side.bases_lost.value_or(0);
    std::vector<std::map<int, std::vector<int>>> marks(stages.size());
    for (std::size_t s = 0; s < stages.size(); ++s)
        for (const auto& level : table.levels) marks[s][threshold_bases(table, level.percent, stages[s].total)].push_back(level.percent);

    SheetTrack track;
    track.boxes_per_row = per_row;
    track.label_width = 46;
    track.gap = 3;
    for (int r = 0; r < rows; ++r) {
        SheetTrackRow row;
        row.label = "lost";
        row.height = 16;
        for (int c = 0; c < per_row; ++c) {
            const int number = r * per_row + c + 1;
            if (number > most) break;
            const auto mark = marks[current].find(number);
            SheetTrackBox box;
            box.corner = std::to_string(number);
            box.heavy = mark != marks[current].end();
            box.fill = number > stages.front().total ? SheetTrackBox::Fill::Grey
                                                     : (box.heavy ? SheetTrackBox::Fill::Light : SheetTrackBox::Fill::White);
            if (box.heavy) box.foot_right = std::to_string(mark->second.back()) + "%";
            box.crossed = number <= lost;
            row.boxes.push_back(box);
        }
        // With one army total the marks in the boxes say it all; lanes under the boxes show the
        // marks of every total when reinforcements change it.
        if (stages.size() > 1) {
            for (std::size_t s = 0; s < stages.size(); ++s) {
                SheetLane lane;
                lane.label = stages[s].label + ": " + std::to_string(stages[s].total);
                lane.current = s == current;
                lane.length = std::min(per_row, most - r * per_row);
                for (const auto& [bases, percents] : marks[s]) {
                    const int column = bases - 1 - r * per_row;
                    if (column < 0 || column >= per_row) continue;
                    std::string text;
                    for (const int percent : percents) text += (text.empty() ? "" : "/") + std::to_string(percent);
                    lane.marks.emplace_back(column, text + "%");
                }
                row.lanes.push_back(std::move(lane));
            }
        }
        track.rows.push_back(std::move(row));
    }
    section.blocks.push_back(SheetBlock::of(std::move(track)));
    return section;
}

// ------------------------------------------------------------------ marks and chances

SheetSection crisis_marks(const SheetSource& source) {
    const RuleSet& rules = *source.rules;
    const CrisisOfMoraleTable table = printed_marks(rules.crisis_of_morale);
    const bool per_unit = table.scope == "unit";
    SheetSection section;
    section.heading = "Crisis of morale marks";
    section.cites = table.section + " (seed 000, 3.2 and 9.1)";
    SheetTable marks;
    // A row a mark, ten of them in the random-number editions (errata E21, E22): rows as tight as
    // the type allows keep the sheet on one page.
    marks.print = SheetTable::Print::Tight;
    marks.header.push_back("Mark");
    marks.weights.push_back(0.8);
    std::vector<int> totals;
    for (int s = 0; s < static_cast<int>(source.sides.size()); ++s) {
        for (const auto& stage : stages_of(source, s)) {
            const std::string when = stage.label == "start" ? "at the start" : "from " + stage.label;
            marks.header.push_back(source.sides[static_cast<std::size_t>(s)].name + " " + when + ": " + std::to_string(stage.total));
            marks.weights.push_back(1.2);
            totals.push_back(stage.total);
        }
    }
    marks.header.push_back("Crisis on (" + std::string(to_string(table.roll)) + (per_unit ? ", every unit" : "") + ")");
    marks.weights.push_back(1.3);
    marks.header.push_back(per_unit ? "Chance per unit" : "Chance");
    marks.weights.push_back(0.9);
    marks.centred.assign(marks.header.size(), true);
    bool shared = false;
    for (std::size_t l = 0; l < table.levels.size(); ++l) {
        const auto& level = table.levels[l];
        std::vector<SheetCell> cells{std::to_string(level.percent) + " %"};
        for (const int total : totals) {
            const int bases = threshold_bases(table, level.percent, total);
            const bool same = l + 1 < table.levels.size() && threshold_bases(table, table.levels[l + 1].percent, total) == bases;
            shared = shared || same;
            cells.emplace_back(std::to_string(bases) + " lost" + (same ? " *" : ""));
        }
        cells.emplace_back(level.immediate ? std::string("immediate")
                                           : (level.crisis_on ? level.crisis_on->text(table.roll) : std::string("\u2014")));
        cells.emplace_back(chance_text(table.roll, level.crisis_on, level.immediate));
        marks.add(std::move(cells));
    }
    std::string explain = table.crossing == "exceed" ? "A mark is reached when the base units lost exceed the percentage of the army. "
                                                     : "A mark is reached when the base units lost reach the percentage of the army. ";
    explain += per_unit ? "When a mark is first reached, every unit of the army rolls; each is tested once a mark. "
                        : "When a mark is first reached, one roll for the whole army; each mark is tested once. ";
    if (shared) explain += "* Two marks fall on the same count: reaching it tests the higher. ";
    if (table.levels.size() < rules.crisis_of_morale.levels.size())
        explain += "Every 5 % beyond " + std::to_string(table.levels.back().percent) + " % is an immediate crisis too, to 100 %. ";
    explain += "A crisis: " + table.effect;
    marks.note(explain);
    section.blocks.push_back(SheetBlock::of(std::move(marks)));
    return section;
}

// ------------------------------------------------------------------ reinforcements

SheetSection reinforcements(const SheetSource& source) {
    const CrisisOfMoraleTable table = printed_marks(source.rules->crisis_of_morale);
    SheetSection section;
    section.heading = "Reinforcements: recompute the marks";
    section.cites = "add them to the army's total when they arrive (seed 000, 3.2)";
    SheetTable arrivals;
    arrivals.header = {"", "Arrives", "Side", "Command", "Bases", "New total"};
    arrivals.weights = {0.45, 0.7, 1.1, 2.2, 0.6, 1.0};
    arrivals.centred = {true, true, false, false, true, true};
    for (const auto& level : table.levels) {
        arrivals.header.push_back(std::to_string(level.percent) + " %");
        arrivals.weights.push_back(0.55);
        arrivals.centred.push_back(true);
    }
    for (std::size_t i = 0; i < source.reinforcements.size(); ++i) {
        const auto& arrival = source.reinforcements[i];
        const int total = side_total_at(source, arrival.side, arrival.arrives);
        std::string command = arrival.name;
        if (!arrival.entry.empty()) command += ", " + arrival.entry;
        if (arrival.arrived) command += " (arrived)";
        std::vector<SheetCell> cells{reinforcement_tag(i), clock(arrival.arrives), source.sides[static_cast<std::size_t>(arrival.side)].name,
                                     command, std::to_string(arrival.bases), std::to_string(total)};
        for (const auto& level : table.levels) cells.emplace_back(std::to_string(threshold_bases(table, level.percent, total)));
        arrivals.add(std::move(cells));
    }
    // Space for troops the scenario does not plan: a detachment called back, a house rule.
    for (int i = 0; i < 2; ++i) {
        std::vector<SheetCell> cells(arrivals.header.size(), SheetCell(" "));
        cells[0] = SheetCell("+");
        arrivals.add(std::move(cells));
    }
    section.blocks.push_back(SheetBlock::of(std::move(arrivals)));
    return section;
}

// ------------------------------------------------------------------ victory margins

std::string margin_text(const std::vector<VictoryBand>& bands, std::size_t i) {
    const auto number = [](double value) { return number_text(value, "%.4g"); };
    const VictoryBand& band = bands[i];
    const std::string from = band.exclusive ? "more than " + number(band.min_margin) : (band.min_margin <= 0 ? "0" : number(band.min_margin));
    if (i + 1 >= bands.size()) return band.exclusive ? from : from + " or more";
    const VictoryBand& next = bands[i + 1];
    const std::string to = next.exclusive ? "up to " + number(next.min_margin) : "under " + number(next.min_margin);
    return from + " \u2026 " + to;
}

SheetSection judging(const SheetSource& source) {
    const RuleSet& rules = *source.rules;
    SheetSection section;
    section.heading = "Judging the winner";
    section.cites = "difference in % of base units lost (" + rules.victory.section + ")";
    SheetTable bands;
    bands.header = {"Difference (points)"};
    bands.weights = {1.6};
    bands.centred = {false};
    std::vector<SheetCell> results{"Result for the side that lost less"};
    for (std::size_t i = 0; i < rules.victory.bands.size(); ++i) {
        bands.header.push_back(margin_text(rules.victory.bands, i));
        bands.weights.push_back(1.3);
        bands.centred.push_back(true);
        results.emplace_back(rules.victory.bands[i].result);
    }
    bands.add(std::move(results));
    // The margins and the worksheet go together, and the worksheet is never split: its
    // "Difference" row alone on a second page was a defect.
    bands.keep_together = true;
    bands.keep_with_next = true;
    section.blocks.push_back(SheetBlock::of(std::move(bands)));

    SheetTable work;
    work.header = {"At the end", "Base units lost", "Army total", "% lost", "Result"};
    work.weights = {2.4, 1, 1, 1, 1.8};
    work.centred = {false, true, true, true, false};
    work.keep_together = true;
    for (const auto& side : source.sides) {
        std::vector<SheetCell> cells{side.name, " ", " ", " ", " "};
        if (side.bases_lost && side.bases_now_total && *side.bases_now_total > 0) {
            cells[1] = std::to_string(*side.bases_lost);
            cells[2] = std::to_string(*side.bases_now_total);
            cells[3] = number_text(100.0 * *side.bases_lost / *side.bases_now_total, "%.1f");
            cells[4] = "(so far)";
        }
        work.add(std::move(cells));
    }
    work.add({"Difference", " ", " ", " ", " "}, true).shaded = true;
    section.blocks.push_back(SheetBlock::of(std::move(work)));
    return section;
}

SheetContent victory_sheet(const SheetSource& source) {
    SheetContent content;
    content.kind = "victory";
    content.title = "Victory and time sheet";
    content.subject = source.title;
    content.subtitle = rules_line(*source.rules) + (source.origin.empty() ? "" : " \u00b7 " + source.origin);
    content.tables = source.rules->id;
    content.sections.push_back(time_track(source));
    for (int s = 0; s < static_cast<int>(source.sides.size()); ++s) content.sections.push_back(casualty_track(source, s));
    content.sections.push_back(crisis_marks(source));
    content.sections.push_back(reinforcements(source));
    content.sections.push_back(judging(source));
    return content;
}

// ------------------------------------------------------------------ army roster

SheetCell state_cell(UnitState state, bool off_board) {
    int ticked = -1;
    if (!off_board) {
        switch (state) {
        case UnitState::Disrupted: ticked = 0; break;
        case UnitState::Withdrawing: ticked = 1; break;
        case UnitState::Routing: ticked = 2; break;
        case UnitState::Normal: break;
        }
    }
    return SheetCell::labelled({"D", "W", "R"}, 0, ticked);
}

std::vector<SheetCell> unit_row(const RuleSet& rules, const SheetUnit& unit) {
    const RollKind kind = rules.unit_roll_kind();
    const auto mm = [](double value) { return std::to_string(std::lround(value)); };
    std::vector<SheetCell> cells{unit.code, unit.name};
    if (unit.off_board) cells[1].text += " (off the table)";
    if (const UnitType* type = unit.type) {
        cells.emplace_back(type->name);
        cells.emplace_back(std::to_string(type->factor_normal) + " / " + std::to_string(type->factor_disrupted));
        cells.emplace_back(mm(type->movement.allowance("normal")));
        cells.emplace_back(mm(type->movement.allowance("difficult")));
        cells.emplace_back(mm(type->movement.allowance("road")));
        cells.emplace_back(mm(type->movement.allowance("charge")));
        cells.emplace_back(format_roll(kind, type->rally) + "+");
    } else {
        for (int i = 0; i < 7; ++i) cells.emplace_back("");
    }
    SheetCell bases = SheetCell::tick(std::max(1, unit.bases));
    if (unit.bases_now) bases.crossed = std::clamp(unit.bases - *unit.bases_now, 0, unit.bases);
    if (unit.off_board) bases.crossed = bases.boxes;
    cells.push_back(bases);
    cells.push_back(state_cell(unit.state, unit.off_board));
    return cells;
}

std::string command_heading(const SheetCommand& command) {
    std::string text = command.name;
    if (!command.general.empty()) text += " \u2014 " + command.general + (command.great_captain ? " (great captain)" : "");
    text += " \u2014 " + std::to_string(command.bases()) + " base units";
    if (command.arrives) {
        text += " \u2014 reinforcement, arrives " + clock(*command.arrives);
        if (!command.entry.empty()) text += " " + command.entry;
        if (command.arrived) text += " (arrived)";
    }
    return text;
}

SheetContent roster(const SheetSource& source) {
    const RuleSet& rules = *source.rules;
    const RollKind kind = rules.unit_roll_kind();
    SheetContent content;
    content.kind = "roster";
    content.title = "Army roster";
    content.subject = source.title;
    content.subtitle = rules_line(rules) + (source.origin.empty() ? "" : " \u00b7 " + source.origin);
    content.tables = rules.id;
    for (const auto& side : source.sides) {
        int total = side.bases_start;
        for (const auto& command : side.commands)
            if (command.arrives) total += command.bases();
        SheetSection section;
        section.heading = side_label(side);
        section.cites = std::to_string(side.bases_start) + " base units at the start";
        if (total != side.bases_start) section.cites += ", " + std::to_string(total) + " with reinforcements";
        SheetTable table;
        table.header = {"Code", "Unit", "Type", "Factor N / D", "Open", "Diff.", "Road", "Charge", "Rally", "Bases (cross off)", "State"};
        // "Open" wide enough in the bold header type (0.62 clipped it to "Oper").
        table.weights = {0.85, 2.5, 2.0, 0.85, 0.72, 0.7, 0.7, 0.95, kind == RollKind::Random ? 1.05 : 0.6, 2.5, 1.25};
        table.centred = {false, false, false, true, true, true, true, true, true, false, false};
        table.print = SheetTable::Print::Pencil;  // boxes big enough to tick with a pencil
        if (side.commands.empty()) {
            // Totals typed in: a blank form to fill in by hand.
            table.group("Command: ");
            const int rows = std::clamp((side.bases_start + 3) / 4, 6, 16);
            for (int r = 0; r < rows; ++r) {
                std::vector<SheetCell> cells(11, SheetCell(" "));
                cells[9] = SheetCell::tick(8);
                cells[10] = state_cell(UnitState::Normal, false);
                table.add(std::move(cells));
            }
        }
        for (const auto& command : side.commands) {
            table.group(command_heading(command));
            for (const auto& unit : command.units) table.add(unit_row(rules, unit));
        }
        section.blocks.push_back(SheetBlock::of(std::move(table)));
        content.sections.push_back(std::move(section));
    }
    std::string legend = "Factor: combat factor of each base, normal / disrupted (infantry in " +
                         std::string(rules.id == "glaube" ? "hedgehog" : "square") +
                         " use the disrupted factor). Movement in board mm a turn: in the open, in difficult ground, on a road, "
                         "charging. Rally: the roll a disrupted or withdrawing unit needs to recover; a routing unit needs " +
                         format_roll(rules.rally.roll, rules.rally.routing_needs) + " (" + rules.rally.section + "). ";
    if (rules.leaders.modifiers.rally != 0)
        legend += "A general with the unit adds " + format_modifier(rules.rally.roll, rules.leaders.modifiers.rally) + ". ";
    legend += "Cross off a base box for every base unit lost and mark it on the victory sheet. "
              "State: D disrupted, W withdrawing, R routing; clear the box when the unit rallies.";
    SheetSection closing;
    closing.blocks.push_back(SheetBlock::note(legend));
    content.sections.push_back(std::move(closing));
    return content;
}

}  // namespace land_sheet_detail

std::vector<std::string> land_sheet_kinds() { return {"victory", "roster", "reference"}; }

SheetContent land_sheet(std::string_view kind, const SheetSource& source) {
    if (!source.rules) throw RuleError("a sheet needs a rule set");
    if (kind == "victory" || kind == "roster") {
        if (source.sides.size() != 2) throw RuleError("the " + std::string(kind) + " sheet needs two sides: a scenario, a saved game or two totals");
        return kind == "victory" ? land_sheet_detail::victory_sheet(source) : land_sheet_detail::roster(source);
    }
    if (kind == "reference") return reference_sheet(*source.rules, source.kind == SourceKind::Totals ? std::string() : source.title);
    throw RuleError("the land games print victory, roster and reference sheets (and the table plan), not '" + std::string(kind) + "'");
}

}  // namespace fortuna::sheets

namespace fortuna::land {

SheetContent land_game_sheet(const Game& game, std::string_view kind) {
    if (game.history().empty()) {
        // Fresh: the renderer names the scenario's file it is printed from.
        sheets::SheetSource source = sheets::source_from_scenario(game.library(), game.scenario());
        source.origin.clear();
        return sheets::land_sheet(kind, source);
    }
    sheets::SheetSource source = sheets::source_from_game(game, "");
    source.origin = "the game as it stands: turn " + std::to_string(game.clock().turn) + " (" + game.clock_text() + ")";
    return sheets::land_sheet(kind, source);
}

}  // namespace fortuna::land
