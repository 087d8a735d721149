// SPDX-License-Identifier: MIT
// The naval victory sheet (The Age of Sail, seed 000; docs/rules/age-of-sail.md D9): damage sheets to mark off and the damage each side inflicted.
#include "fortuna/sheets/naval_sheet.hpp"

#include <algorithm>

#include <QPdfWriter>

#include "builders.hpp"

namespace fortuna::sheets {

namespace {

const QColor kSideColours[] = {QColor(178, 34, 34), QColor(30, 70, 160)};

// The seed's own words (Game Sequence), and how the engine counts them (D9).
const char* const kVictoryWords = "\u201cThe winner is the Admiral inflicting the most damage on the opposing fleet.\u201d";

QString mast_label(const std::string& name) {
    if (name == "mizzen") return QStringLiteral("Mz");
    return name.empty() ? QString() : QString(QChar::fromLatin1(static_cast<char>(std::toupper(static_cast<unsigned char>(name.front())))));
}

int cells_of(const ShipStatus& status) { return status.gun_decks() + status.mast_count() + status.hull; }

// A row of boxes for one part of a ship's sheet: `start` boxes, the first `lost` crossed.
Cell boxes(int start, int lost, QStringList labels = {}) {
    Cell cell;
    cell.boxes = start;
    cell.crossed = std::clamp(lost, 0, start);
    cell.labels = std::move(labels);
    return cell;
}

// The masts as they stood at the start: those shot away since come first, to be crossed.
Cell mast_boxes(const Ship& start, const Ship& now) {
    QStringList lost, standing;
    for (std::size_t i = 0; i < start.now.masts.size(); ++i) {
        if (!start.now.masts[i]) continue;
        const QString label = mast_label(start.ship_class->masts[i].name) +
                              (start.ship_class->masts[i].units > 1 ? QString::number(start.ship_class->masts[i].units) : QString());
        (now.now.masts[i] ? standing : lost) << label;
    }
    Cell cell = boxes(static_cast<int>(lost.size() + standing.size()), static_cast<int>(lost.size()), lost + standing);
    return cell;
}

QString ship_state(const Ship& now, const NavalScenario& scenario) {
    QStringList words;
    if (now.now.sunk) words << QStringLiteral("sunk");
    if (now.now.struck) words << QStringLiteral("prize of %1").arg(qs(scenario.sides[static_cast<std::size_t>(now.now.side)].name));
    if (now.now.fire != FireState::None) words << QStringLiteral("on fire");
    if (now.now.grounded) words << QStringLiteral("aground");
    return words.join(QStringLiteral(", "));
}

void add_fleet(Document& document, const NavalGame& game, int side) {
    const NavalScenario& scenario = game.scenario();
    const NavalSide& who = scenario.sides[static_cast<std::size_t>(side)];
    int ships = 0, cells = 0;
    for (const Ship& s : scenario.ships)
        if (s.original_side == side) {
            ++ships;
            cells += cells_of(s.now);
        }
    document.emplace<HeadingBlock>(QStringLiteral("%1 \u2014 %2").arg(qs(who.name), qs(who.admiral)),
                                   QStringLiteral("%1 ships, %2 cells").arg(ships).arg(cells));
    auto& table = document.emplace<TableBlock>(std::vector<TableColumn>{{QStringLiteral("Ship and class"), 3.0},
                                                                        {QStringLiteral("Port gun decks"), 1.15},
                                                                        {QStringLiteral("Starboard gun decks"), 1.15},
                                                                        {QStringLiteral("Masts"), 1.15},
                                                                        {QStringLiteral("Hull"), 1.15},
                                                                        {QStringLiteral("Damage taken"), 1.2}},
                                               fonts().small, fonts().small_bold);
    table.box_size = 12;
    table.padding = 3;
    for (std::size_t i = 0; i < scenario.ships.size(); ++i) {
        const Ship& start = scenario.ships[i];
        if (start.original_side != side) continue;
        const Ship& now = game.state().ships[i];
        int taken = 0;
        for (std::size_t by = 0; by < now.now.damage_by.size(); ++by)
            if (static_cast<int>(by) != side) taken += now.now.damage_by[by];
        const QString state = ship_state(now, scenario);
        table.add({QStringLiteral("%1\n%2").arg(qs(start.name), qs(start.ship_class->name)),
                   boxes(start.now.port_decks, start.now.port_decks - now.now.port_decks),
                   boxes(start.now.starboard_decks, start.now.starboard_decks - now.now.starboard_decks),
                   mast_boxes(start, now),
                   boxes(start.now.hull, start.now.hull - now.now.hull),
                   state.isEmpty() ? QStringLiteral("%1 of %2").arg(taken).arg(cells_of(start.now))
                                   : QStringLiteral("%1 of %2\n%3").arg(taken).arg(cells_of(start.now)).arg(state)});
    }
}

// One box per cell of the enemy fleet: the side crosses one off for every cell it marks off
// on an enemy sheet (D9), so the longer row of crosses wins.
void add_tally(Document& document, const NavalGame& game, int side) {
    const NavalScenario& scenario = game.scenario();
    int enemy_cells = 0;
    for (const Ship& s : scenario.ships)
        if (s.original_side != side) enemy_cells += cells_of(s.now);
    const int inflicted = game.damage_inflicted_by(side);
    constexpr int kPerRow = 30;
    constexpr double kLabel = 70;
    constexpr double kBox = 14;
    constexpr double kGap = 3;
    const int rows = std::max(1, (enemy_cells + kPerRow - 1) / kPerRow);
    const QString name = qs(scenario.sides[static_cast<std::size_t>(side)].name);
    const QColor colour = kSideColours[side & 1];
    auto measure = [rows](Canvas&, double) { return rows * (kBox + kGap) - kGap; };
    auto paint = [=](Canvas& canvas, QRectF area) {
        const double box_width = (area.width() - kLabel) / kPerRow;
        canvas.text(QRectF(area.left(), area.top(), kLabel - 4, kBox), Qt::AlignLeft | Qt::AlignVCenter, name, fonts().small_bold, colour);
        for (int n = 1; n <= enemy_cells; ++n) {
            const int r = (n - 1) / kPerRow, c = (n - 1) % kPerRow;
            const QRectF box(area.left() + kLabel + c * box_width, area.top() + r * (kBox + kGap), box_width, kBox);
            canvas.box(box, n % 5 == 0 ? 1.0 : 0.5, Qt::white);
            canvas.text(box.adjusted(1, 0.5, -1, -1), Qt::AlignLeft | Qt::AlignTop, QString::number(n), fonts().tiny, kMuted);
            if (n <= inflicted) canvas.cross(box.adjusted(1.5, 1.5, -1.5, -1.5));
        }
    };
    document.emplace<PaintedBlock>(measure, paint).space_before = 4;
}

// The wind of each round (The Wind, D1, D2): the start from the scenario, then every end-of-round
// throw of the game so far, worked out again from its dice; empty rows for the rounds to come.
void add_wind_log(Document& document, const NavalGame& game) {
    const NavalTables& tables = game.tables();
    document.emplace<HeadingBlock>(QStringLiteral("Rounds and the wind"),
                                   QStringLiteral("at the end of each round a die for the direction, then one for the speed (D2)"));
    auto& table = document.emplace<TableBlock>(std::vector<TableColumn>{{QStringLiteral("Round"), 0.7, Qt::AlignCenter},
                                                                        {QStringLiteral("Wind from"), 1.0, Qt::AlignCenter},
                                                                        {QStringLiteral("Speed"), 1.0, Qt::AlignCenter},
                                                                        {QStringLiteral("Dice at its end (direction, speed)"), 1.8, Qt::AlignCenter},
                                                                        {QStringLiteral("Notes"), 4.0}},
                                               fonts().small, fonts().small_bold);
    const auto speed_text = [&tables](const WindState& wind) {
        return high_seas(tables, wind) ? QStringLiteral("%1 (high seas)").arg(wind.speed) : QString::number(wind.speed);
    };
    WindState wind = game.scenario().wind;
    int round = 1;
    for (const AppliedNavalAction& applied : game.history()) {
        const auto* thrown = std::get_if<WindAction>(&applied.action);
        if (thrown == nullptr || !thrown->direction_roll || !thrown->speed_roll) continue;
        table.add({QString::number(round), qs(tables.point_name(wind.direction)), speed_text(wind),
                   QStringLiteral("%1, %2").arg(thrown->direction_roll->value).arg(thrown->speed_roll->value), QString()});
        wind = change_wind(tables, wind, *thrown->direction_roll, *thrown->speed_roll).after;
        ++round;
    }
    table.add({QString::number(round), qs(tables.point_name(wind.direction)), speed_text(wind), QString(), QString()}, true);
    for (int next = round + 1; next <= std::max(10, round + 3); ++next) table.add({QString::number(next), QString(), QString(), QString(), QString()});
}

}  // namespace

std::string naval_sheet_title() { return "Naval victory sheet"; }

int paint_naval_victory_sheet(const NavalGame& game, QPagedPaintDevice& device, const QDate& printed, const QString& origin) {
    const NavalScenario& scenario = game.scenario();
    const NavalTables& tables = game.tables();
    const auto& state = game.state();
    PageFrame frame;
    frame.sheet = qs(naval_sheet_title());
    // The name up to its colon heads the page ("In the Channel, June 1778"); the whole of it opens the details.
    frame.title = qs(scenario.name).section(QLatin1Char(':'), 0, 0);
    frame.details = QStringLiteral("%1 \u00b7 %2 (seed 000) \u00b7 %3 \u00b7 round %4, wind from %5, speed %6 \u00b7 printed %7")
                        .arg(qs(scenario.name), qs(tables.name), origin)
                        .arg(state.turn.round)
                        .arg(qs(tables.point_name(state.wind.direction)))
                        .arg(state.wind.speed)
                        .arg(printed.toString(Qt::ISODate));
    Document document(frame, 1);

    document.emplace<HeadingBlock>(QStringLiteral("Victory"), QStringLiteral("seed 000, Game Sequence; D9"));
    document.emplace<TextBlock>(QString::fromUtf8(kVictoryWords), fonts().bold);
    document.emplace<TextBlock>(QStringLiteral("Damage is counted in cells of the damage sheets below: %1. Prize crews sent across "
                                               "are not damage; a repaired mast does not take back damage already inflicted.")
                                    .arg(qs(tables.victory_measure)),
                                fonts().small);
    const int leader = game.leading_side();
    QStringList standing;
    for (std::size_t side = 0; side < scenario.sides.size(); ++side)
        standing << QStringLiteral("%1 %2").arg(qs(scenario.sides[side].name)).arg(game.damage_inflicted_by(static_cast<int>(side)));
    document.emplace<TextBlock>(QStringLiteral("Damage inflicted so far: %1 \u2014 %2.")
                                    .arg(standing.join(QStringLiteral(", ")),
                                         leader < 0 ? QStringLiteral("level")
                                                    : QStringLiteral("%1 leads").arg(qs(scenario.sides[static_cast<std::size_t>(leader)].name))),
                                fonts().small_bold);

    for (int side = 0; side < static_cast<int>(scenario.sides.size()); ++side) add_fleet(document, game, side);
    document.emplace<TextBlock>(QStringLiteral("Cross off a box as the cell is lost. Gun decks: one die each in a broadside or a boarding; "
                                               "hull hits take the decks on the side fired at first (D4). Masts: F fore, M main, Mz mizzen, "
                                               "a figure gives a mast's movement units (1 if none). A ship with neither gun decks nor hull "
                                               "may founder in high seas (wind %1 or more).")
                                    .arg(tables.high_seas_from),
                                fonts().tiny, kMuted);

    document.emplace<HeadingBlock>(QStringLiteral("Damage inflicted"),
                                   QStringLiteral("one box for each enemy cell marked off; a ship sunk or taken counts every cell it still had"));
    for (int side = 0; side < static_cast<int>(scenario.sides.size()); ++side) add_tally(document, game, side);
    add_wind_log(document, game);
    return document.paint(device);
}

int write_naval_victory_pdf(const NavalGame& game, const QString& file, Paper paper, const QString& origin, const QDate& printed) {
    QPdfWriter writer(file);
    prepare_pdf_writer(writer, paper, qs(naval_sheet_title()) + QStringLiteral(" \u2014 ") + qs(game.scenario().name));
    return paint_naval_victory_sheet(game, writer, printed, origin);
}

}  // namespace fortuna::sheets
