// SPDX-License-Identifier: MIT
// The victory and time sheet (seed 000, 2.6, 3.2 and 9.1): time track, base units lost with the crisis marks, margins.
#include <algorithm>
#include <climits>
#include <cmath>
#include <map>

#include "builders.hpp"
#include "fortuna/land/resolution.hpp"

namespace fortuna::sheets {

namespace {

const QColor kLight(238, 238, 238);
const QColor kLater(214, 214, 214);

// An army total that holds from a time on: the start, then after each reinforcement.
struct Stage {
    QString label;  // "start" or "12:45"
    int from = 0;
    int total = 0;
};

std::vector<Stage> stages_of(const SheetSource& source, int side) {
    std::vector<Stage> stages{{QStringLiteral("start"), source.start, side_total_at(source, side, source.start - 1)}};
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

QString side_label(const SheetSide& side) {
    return side.nation.empty() || side.nation == side.name ? qs(side.name)
                                                           : QStringLiteral("%1 (%2)").arg(qs(side.name), qs(side.nation));
}

// Reinforcement numbers as the time track marks them: R1, R2 ... by arrival.
QString reinforcement_tag(std::size_t index) { return QStringLiteral("R%1").arg(index + 1); }

// ------------------------------------------------------------------ time track

void add_time_track(Document& document, const SheetSource& source) {
    const RuleSet& rules = *source.rules;
    const int step = std::max(1, rules.turn_minutes);
    document.emplace<HeadingBlock>(QStringLiteral("Time track"),
                                   QStringLiteral("%1 minutes a turn, %2 to dusk at %3 (seed 000, 2.6)")
                                       .arg(step)
                                       .arg(clock(source.start), clock(source.dusk)));
    constexpr double kLabel = 26;
    constexpr double kHeight = 23;
    // The hour of dusk on the hour holds no turn, only the dusk box: a single line of text.
    constexpr double kDuskOnlyHeight = 12;
    constexpr double kGap = 1.5;
    const int slots_per_row = std::max(1, 60 / step);
    const int first_hour = source.start / 60;
    const int last_hour = source.dusk / 60;
    const int rows = last_hour - first_hour + 1;
    const auto is_turn = [&source, step](int minutes) {
        return minutes >= source.start && minutes < source.dusk && (minutes - source.start) % step == 0;
    };
    std::vector<double> heights;
    for (int r = 0; r < rows; ++r) {
        bool any_turn = false;
        for (int s = 0; s < slots_per_row; ++s) any_turn = any_turn || is_turn((first_hour + r) * 60 + s * step);
        heights.push_back(any_turn ? kHeight : kDuskOnlyHeight);
    }
    double total = 0;
    for (const double height : heights) total += height + kGap;
    auto measure = [total](Canvas&, double) { return total; };
    auto paint = [&source, &rules, step, slots_per_row, first_hour, rows, heights, is_turn](Canvas& canvas, QRectF area) {
        const double box_width = (area.width() - kLabel) / slots_per_row;
        double y = area.top();
        for (int r = 0; r < rows; ++r) {
            const double height = heights[static_cast<std::size_t>(r)];
            const int hour = first_hour + r;
            canvas.text(QRectF(area.left(), y, kLabel - 3, height), Qt::AlignRight | Qt::AlignVCenter,
                        QStringLiteral("%1h").arg(hour, 2, 10, QLatin1Char('0')), fonts().bold, kMuted);
            for (int s = 0; s < slots_per_row; ++s) {
                const int minutes = hour * 60 + s * step;
                const QRectF box(area.left() + kLabel + s * box_width, y, box_width, height);
                const QRectF inner = box.adjusted(1.5, 1, -1.5, -1);
                if (minutes == source.dusk) {
                    if (height < kHeight) {
                        // One line, "DUSK 17:00", over two slots: the one after dusk holds no turn.
                        const QRectF wide(box.left(), box.top(), box_width * std::min(2, slots_per_row - s), height);
                        canvas.box(wide, 1.2, QColor(60, 60, 60));
                        canvas.text(wide, Qt::AlignCenter, QStringLiteral("DUSK ") + clock(minutes), fonts().small_bold, Qt::white);
                        ++s;
                    } else {
                        canvas.box(box, 1.2, QColor(60, 60, 60));
                        canvas.text(inner, Qt::AlignHCenter | Qt::AlignTop, QStringLiteral("DUSK"), fonts().tiny, Qt::white);
                        canvas.text(inner, Qt::AlignCenter, clock(minutes), fonts().small_bold, Qt::white);
                    }
                    continue;
                }
                if (!is_turn(minutes)) {
                    canvas.box(box, 0.3, kLight, kLater);
                    continue;
                }
                const int number = (minutes - source.start) / step + 1;
                const bool current = source.now && *source.now == minutes;
                canvas.box(box, current ? 1.6 : 0.5, Qt::white);
                canvas.text(inner, Qt::AlignLeft | Qt::AlignTop, QString::number(number), fonts().tiny, kMuted);
                canvas.text(inner, Qt::AlignCenter, clock(minutes), fonts().small_bold);
                if (const auto visible = rules.dusk.visibility(source.dusk - minutes))
                    canvas.text(inner, Qt::AlignLeft | Qt::AlignBottom, QStringLiteral("vis %1").arg(*visible), fonts().tiny,
                                kMuted);
                QStringList tags;
                for (std::size_t i = 0; i < source.reinforcements.size(); ++i) {
                    const int arrives = source.reinforcements[i].arrives;
                    // A reinforcement due between two turns is marked on the first turn at or after it.
                    if (arrives <= minutes && arrives > minutes - step) tags << reinforcement_tag(i);
                }
                if (!tags.isEmpty())
                    canvas.text(inner, Qt::AlignRight | Qt::AlignBottom, tags.join(QLatin1Char(' ')), fonts().tiny);
                if (source.now && minutes < *source.now) canvas.cross(box, 0.4);
            }
            y += height + kGap;
        }
    };
    document.emplace<PaintedBlock>(measure, paint);
    QString legend = QStringLiteral("Cross off each turn when both players have moved. The number in the corner is the turn.");
    if (!rules.dusk.visibility_mm.empty())
        legend += QStringLiteral(" vis: how far one can see, in board mm, that close to dusk (%1).").arg(qs(rules.dusk.section));
    if (!source.reinforcements.empty()) legend += QStringLiteral(" R1, R2 \u2026: reinforcements arriving (listed below).");
    if (source.now) legend += QStringLiteral(" The saved game stands at the boxed turn.");
    document.emplace<TextBlock>(legend, fonts().tiny, kMuted);
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

void add_casualty_track(Document& document, const SheetSource& source, int side_index) {
    const SheetSide& side = source.sides[static_cast<std::size_t>(side_index)];
    const CrisisOfMoraleTable table = printed_marks(source.rules->crisis_of_morale);
    const std::vector<Stage> stages = stages_of(source, side_index);
    const int most = stages.back().total;
    QString note = QStringLiteral("%1 base units at the start").arg(stages.front().total);
    if (stages.size() > 1) note += QStringLiteral(", %1 when every reinforcement has arrived").arg(most);
    auto& heading = document.emplace<HeadingBlock>(side_label(side), note);
    heading.space_before = 6;

    constexpr double kLabel = 46;
    constexpr double kBox = 16;
    constexpr double kLane = 9;
    // Twenty boxes a row leave room under each box for two marks ("15/20%"); a small army
    // gets wider boxes, never more than a row's worth.
    // From 50 bases up the marks lie at least 2.5 boxes apart: 25 narrower boxes a row fit.
    const int kPerRow = most >= 50 ? 25 : std::clamp(most, 12, 20);
    const int rows = std::max(1, (most + kPerRow - 1) / kPerRow);
    // With one army total the marks printed in the boxes say it all; lanes under the boxes
    // show the marks of every total when reinforcements change it.
    const int lanes = stages.size() > 1 ? static_cast<int>(stages.size()) : 0;
    const double row_height = kBox + lanes * kLane + 3;
    // The stage in force now: marks of that stage get heavy boxes.
    std::size_t current = 0;
    for (std::size_t s = 0; s < stages.size(); ++s)
        if (source.now && stages[s].from <= *source.now) current = s;
    const int lost = side.bases_lost.value_or(0);

    auto measure = [rows, row_height](Canvas&, double) { return rows * row_height; };
    auto paint = [=](Canvas& canvas, QRectF area) {
        const double box_width = (area.width() - kLabel) / kPerRow;
        std::vector<std::map<int, QStringList>> marks(stages.size());
        for (std::size_t s = 0; s < stages.size(); ++s)
            for (const auto& level : table.levels)
                marks[s][threshold_bases(table, level.percent, stages[s].total)] << QString::number(level.percent);
        for (int r = 0; r < rows; ++r) {
            const double y = area.top() + r * row_height;
            canvas.text(QRectF(area.left(), y, kLabel - 3, kBox), Qt::AlignRight | Qt::AlignVCenter,
                        QStringLiteral("lost"), fonts().tiny, kMuted);
            for (int c = 0; c < kPerRow; ++c) {
                const int number = r * kPerRow + c + 1;
                if (number > most) break;
                const QRectF box(area.left() + kLabel + c * box_width, y, box_width, kBox);
                const bool mark = marks[current].count(number) > 0;
                const QColor fill = number > stages.front().total ? kLater : (mark ? kLight : QColor(Qt::white));
                canvas.box(box, mark ? 1.4 : 0.5, fill);
                canvas.text(box.adjusted(1.5, 0.5, -1, -1), Qt::AlignLeft | Qt::AlignTop, QString::number(number),
                            fonts().tiny, kMuted);
                if (mark)
                    canvas.text(box.adjusted(1, 1, -1.5, -0.5), Qt::AlignRight | Qt::AlignBottom,
                                marks[current].at(number).last() + QLatin1Char('%'), fonts().tiny);
                if (number <= lost) canvas.cross(box, 0.6);
            }
            for (int s = 0; s < lanes; ++s) {
                const double lane_y = y + kBox + 1 + s * kLane;
                const auto& stage = stages[static_cast<std::size_t>(s)];
                canvas.text(QRectF(area.left(), lane_y, kLabel - 3, kLane), Qt::AlignRight | Qt::AlignVCenter,
                            QStringLiteral("%1: %2").arg(stage.label).arg(stage.total), fonts().tiny,
                            static_cast<std::size_t>(s) == current ? QColor(Qt::black) : kMuted);
                canvas.line(QPointF(area.left() + kLabel, lane_y + kLane - 0.5),
                            QPointF(area.left() + kLabel + std::min(kPerRow, most - r * kPerRow) * box_width, lane_y + kLane - 0.5),
                            0.25, kLater);
                for (const auto& [bases, percents] : marks[static_cast<std::size_t>(s)]) {
                    const int column = bases - 1 - r * kPerRow;
                    if (column < 0 || column >= kPerRow) continue;
                    const double x = area.left() + kLabel + column * box_width;
                    canvas.triangle(QPointF(x + 3.5, lane_y + 0.5), 4, false);
                    canvas.text(QRectF(x + 6, lane_y, box_width - 6, kLane), Qt::AlignLeft | Qt::AlignVCenter,
                                percents.join(QLatin1Char('/')) + QLatin1Char('%'), fonts().tiny);
                }
            }
        }
    };
    document.emplace<PaintedBlock>(measure, paint).space_before = 3;
}

// ------------------------------------------------------------------ marks and chances

void add_crisis_table(Document& document, const SheetSource& source) {
    const RuleSet& rules = *source.rules;
    const CrisisOfMoraleTable table = printed_marks(rules.crisis_of_morale);
    const bool per_unit = table.scope == "unit";
    document.emplace<HeadingBlock>(QStringLiteral("Crisis of morale marks"),
                                   QStringLiteral("%1 (seed 000, 3.2 and 9.1)").arg(qs(table.section)));
    std::vector<TableColumn> columns{{QStringLiteral("Mark"), 0.8, Qt::AlignCenter}};
    std::vector<std::pair<int, int>> totals;  // side, total
    for (int s = 0; s < static_cast<int>(source.sides.size()); ++s) {
        for (const auto& stage : stages_of(source, s)) {
            const QString when = stage.label == QStringLiteral("start") ? QStringLiteral("at the start")
                                                                        : QStringLiteral("from %1").arg(stage.label);
            columns.push_back({QStringLiteral("%1 %2: %3").arg(qs(source.sides[static_cast<std::size_t>(s)].name), when)
                                   .arg(stage.total),
                               1.2, Qt::AlignCenter});
            totals.emplace_back(s, stage.total);
        }
    }
    columns.push_back({QStringLiteral("Crisis on (%1%2)").arg(qs(std::string(to_string(table.roll))),
                                                               per_unit ? QStringLiteral(", every unit") : QString()),
                       1.3, Qt::AlignCenter});
    columns.push_back({per_unit ? QStringLiteral("Chance per unit") : QStringLiteral("Chance"), 0.9, Qt::AlignCenter});
    auto& crisis = document.emplace<TableBlock>(columns, fonts().small, fonts().small_bold);
    crisis.space_before = 3;
    // A row a mark, ten of them in the random-number editions (errata E21, E22): rows as
    // tight as the 7.5 pt type allows keep the sheet on one page.
    crisis.padding = 1.2;
    bool shared = false;
    for (std::size_t l = 0; l < table.levels.size(); ++l) {
        const auto& level = table.levels[l];
        std::vector<Cell> cells{QStringLiteral("%1 %").arg(level.percent)};
        for (const auto& [side, total] : totals) {
            const int bases = threshold_bases(table, level.percent, total);
            const bool same = l + 1 < table.levels.size() && threshold_bases(table, table.levels[l + 1].percent, total) == bases;
            shared = shared || same;
            cells.emplace_back(QStringLiteral("%1 lost%2").arg(bases).arg(same ? QStringLiteral(" *") : QString()));
        }
        cells.emplace_back(level.immediate ? QStringLiteral("immediate")
                                           : (level.crisis_on ? band_text(table.roll, *level.crisis_on) : QStringLiteral("\u2014")));
        cells.emplace_back(chance_text(table.roll, level.crisis_on, level.immediate));
        crisis.add(cells);
    }
    QString explain = table.crossing == "exceed"
                          ? QStringLiteral("A mark is reached when the base units lost exceed the percentage of the army. ")
                          : QStringLiteral("A mark is reached when the base units lost reach the percentage of the army. ");
    explain += per_unit ? QStringLiteral("When a mark is first reached, every unit of the army rolls; each is tested once a mark. ")
                        : QStringLiteral("When a mark is first reached, one roll for the whole army; each mark is tested once. ");
    if (shared) explain += QStringLiteral("* Two marks fall on the same count: reaching it tests the higher. ");
    if (table.levels.size() < rules.crisis_of_morale.levels.size())
        explain += QStringLiteral("Every 5 % beyond %1 % is an immediate crisis too, to 100 %. ").arg(table.levels.back().percent);
    explain += QStringLiteral("A crisis: ") + qs(table.effect);
    crisis.note(explain);
}

// ------------------------------------------------------------------ reinforcements

void add_reinforcements(Document& document, const SheetSource& source) {
    const CrisisOfMoraleTable table = printed_marks(source.rules->crisis_of_morale);
    document.emplace<HeadingBlock>(QStringLiteral("Reinforcements: recompute the marks"),
                                   QStringLiteral("add them to the army's total when they arrive (seed 000, 3.2)"));
    std::vector<TableColumn> columns{{QStringLiteral(""), 0.45, Qt::AlignCenter},
                                     {QStringLiteral("Arrives"), 0.7, Qt::AlignCenter},
                                     {QStringLiteral("Side"), 1.1, Qt::AlignLeft},
                                     {QStringLiteral("Command"), 2.2, Qt::AlignLeft},
                                     {QStringLiteral("Bases"), 0.6, Qt::AlignCenter},
                                     {QStringLiteral("New total"), 1.0, Qt::AlignCenter}};
    for (const auto& level : table.levels) columns.push_back({QStringLiteral("%1 %").arg(level.percent), 0.55, Qt::AlignCenter});
    auto& reinforcements = document.emplace<TableBlock>(columns);
    reinforcements.space_before = 3;
    for (std::size_t i = 0; i < source.reinforcements.size(); ++i) {
        const auto& arrival = source.reinforcements[i];
        const int total = side_total_at(source, arrival.side, arrival.arrives);
        QString command = qs(arrival.name);
        if (!arrival.entry.empty()) command += QStringLiteral(", ") + qs(arrival.entry);
        if (arrival.arrived) command += QStringLiteral(" (arrived)");
        std::vector<Cell> cells{reinforcement_tag(i), clock(arrival.arrives),
                                qs(source.sides[static_cast<std::size_t>(arrival.side)].name), command,
                                QString::number(arrival.bases), QString::number(total)};
        for (const auto& level : table.levels) cells.emplace_back(QString::number(threshold_bases(table, level.percent, total)));
        reinforcements.add(cells);
    }
    // Space for troops the scenario does not plan: a detachment called back, a house rule.
    const int blanks = 2;
    for (int i = 0; i < blanks; ++i) {
        std::vector<Cell> cells(columns.size(), Cell(QStringLiteral(" ")));
        cells[0] = Cell(QStringLiteral("+"));
        reinforcements.add(cells);
    }
}

// ------------------------------------------------------------------ victory margins

QString margin_text(const std::vector<VictoryBand>& bands, std::size_t i) {
    const auto number = [](double value) { return QString::number(value, 'g', 4); };
    const VictoryBand& band = bands[i];
    QString from = band.exclusive ? QStringLiteral("more than %1").arg(number(band.min_margin))
                                  : (band.min_margin <= 0 ? QStringLiteral("0") : QStringLiteral("%1").arg(number(band.min_margin)));
    if (i + 1 >= bands.size()) return band.exclusive ? from : from + QStringLiteral(" or more");
    const VictoryBand& next = bands[i + 1];
    const QString to = next.exclusive ? QStringLiteral("up to %1").arg(number(next.min_margin))
                                      : QStringLiteral("under %1").arg(number(next.min_margin));
    return from + QStringLiteral(" \u2026 ") + to;
}

void add_victory(Document& document, const SheetSource& source) {
    const RuleSet& rules = *source.rules;
    document.emplace<HeadingBlock>(QStringLiteral("Judging the winner"),
                                   QStringLiteral("difference in % of base units lost (%1)").arg(qs(rules.victory.section)));
    std::vector<TableColumn> columns{{QStringLiteral("Difference (points)"), 1.6, Qt::AlignLeft}};
    for (std::size_t i = 0; i < rules.victory.bands.size(); ++i)
        columns.push_back({margin_text(rules.victory.bands, i), 1.3, Qt::AlignCenter});
    auto& bands = document.emplace<TableBlock>(columns);
    bands.space_before = 3;
    std::vector<Cell> results{QStringLiteral("Result for the side that lost less")};
    for (const auto& band : rules.victory.bands) results.emplace_back(qs(band.result));
    bands.add(results);

    auto& work = document.emplace<TableBlock>(std::vector<TableColumn>{{QStringLiteral("At the end"), 2.4, Qt::AlignLeft},
                                                                       {QStringLiteral("Base units lost"), 1, Qt::AlignCenter},
                                                                       {QStringLiteral("Army total"), 1, Qt::AlignCenter},
                                                                       {QStringLiteral("% lost"), 1, Qt::AlignCenter},
                                                                       {QStringLiteral("Result"), 1.8, Qt::AlignLeft}});
    work.space_before = 4;
    for (const auto& side : source.sides) {
        std::vector<Cell> cells{qs(side.name), QStringLiteral(" "), QStringLiteral(" "), QStringLiteral(" "), QStringLiteral(" ")};
        if (side.bases_lost && side.bases_now_total && *side.bases_now_total > 0) {
            cells[1] = QString::number(*side.bases_lost);
            cells[2] = QString::number(*side.bases_now_total);
            cells[3] = QString::number(100.0 * *side.bases_lost / *side.bases_now_total, 'f', 1);
            cells[4] = QStringLiteral("(so far)");
        }
        work.add(cells);
    }
    work.add({QStringLiteral("Difference"), QStringLiteral(" "), QStringLiteral(" "), QStringLiteral(" "), QStringLiteral(" ")}, true);
}

}  // namespace

void build_victory_sheet(Document& document, const SheetSource& source) {
    add_time_track(document, source);
    for (int s = 0; s < static_cast<int>(source.sides.size()); ++s) add_casualty_track(document, source, s);
    add_crisis_table(document, source);
    add_reinforcements(document, source);
    add_victory(document, source);
}

}  // namespace fortuna::sheets
