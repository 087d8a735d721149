// SPDX-License-Identifier: MIT
// The naval victory sheet (The Age of Sail, seed 000; docs/rules/age-of-sail.md D9) as content:
// every ship's damage sheet as boxes to cross off, the damage each side inflicted, the wind.
#include "sheets.hpp"

#include <algorithm>
#include <cctype>
#include <variant>

#include "fortuna/core/errors.hpp"

namespace fortuna::naval {

namespace naval_sheet_detail {

// The seed's own words (Game Sequence), and how the engine counts them (D9).
constexpr const char* kVictoryWords = "\u201cThe winner is the Admiral inflicting the most damage on the opposing fleet.\u201d";

std::string mast_label(const std::string& name) {
    if (name == "mizzen") return "Mz";
    return name.empty() ? std::string() : std::string(1, static_cast<char>(std::toupper(static_cast<unsigned char>(name.front()))));
}

int cells_of(const ShipStatus& status) { return status.gun_decks() + status.mast_count() + status.hull; }

// A part of a ship's sheet: `start` boxes, the first `lost` crossed.
SheetCell boxes(int start, int lost) { return SheetCell::tick(start, std::clamp(lost, 0, start)); }

// The masts as they stood at the start: those shot away since come first, to be crossed; a
// figure gives a mast of more than one movement unit.
SheetCell mast_boxes(const Ship& start, const Ship& now) {
    std::vector<std::string> lost, standing;
    for (std::size_t i = 0; i < start.now.masts.size(); ++i) {
        if (!start.now.masts[i]) continue;
        const auto& mast = start.ship_class->masts[i];
        const std::string label = mast_label(mast.name) + (mast.units > 1 ? std::to_string(mast.units) : std::string());
        (now.now.masts[i] ? standing : lost).push_back(label);
    }
    const int crossed = static_cast<int>(lost.size());
    lost.insert(lost.end(), standing.begin(), standing.end());
    return SheetCell::labelled(std::move(lost), crossed);
}

std::string ship_state(const Ship& now, const NavalScenario& scenario) {
    std::string words;
    const auto add = [&words](const std::string& word) { words += (words.empty() ? "" : ", ") + word; };
    if (now.now.sunk) add("sunk");
    if (now.now.struck) add("prize of " + scenario.sides[static_cast<std::size_t>(now.now.side)].name);
    if (now.now.fire != FireState::None) add("on fire");
    if (now.now.grounded) add("aground");
    return words;
}

SheetSection fleet(const NavalGame& game, int side) {
    const NavalScenario& scenario = game.scenario();
    const NavalSide& who = scenario.sides[static_cast<std::size_t>(side)];
    int ships = 0, cells = 0;
    for (const Ship& s : scenario.ships)
        if (s.original_side == side) {
            ++ships;
            cells += cells_of(s.now);
        }
    SheetSection section;
    section.heading = who.name + " \u2014 " + who.admiral;
    section.cites = std::to_string(ships) + " ships, " + std::to_string(cells) + " cells";
    SheetTable table;
    table.header = {"Ship and class", "Port gun decks", "Starboard gun decks", "Masts", "Hull", "Damage taken"};
    table.weights = {3.0, 1.15, 1.15, 1.15, 1.15, 1.2};
    table.print = SheetTable::Print::Large;
    for (std::size_t i = 0; i < scenario.ships.size(); ++i) {
        const Ship& start = scenario.ships[i];
        if (start.original_side != side) continue;
        const Ship& now = game.state().ships[i];
        int taken = 0;
        for (std::size_t by = 0; by < now.now.damage_by.size(); ++by)
            if (static_cast<int>(by) != side) taken += now.now.damage_by[by];
        const std::string state = ship_state(now, scenario);
        std::string damage = std::to_string(taken) + " of " + std::to_string(cells_of(start.now));
        if (!state.empty()) damage += "\n" + state;
        table.add({start.name + "\n" + start.ship_class->name, boxes(start.now.port_decks, start.now.port_decks - now.now.port_decks),
                   boxes(start.now.starboard_decks, start.now.starboard_decks - now.now.starboard_decks), mast_boxes(start, now),
                   boxes(start.now.hull, start.now.hull - now.now.hull), damage});
    }
    section.blocks.push_back(SheetBlock::of(std::move(table)));
    return section;
}

// One box per cell of the enemy fleet: the side crosses one off for every cell it marks off on
// an enemy sheet (D9), so the longer row of crosses wins. Every fifth box is heavy for counting.
SheetBlock tally(const NavalGame& game, int side) {
    const NavalScenario& scenario = game.scenario();
    int enemy_cells = 0;
    for (const Ship& s : scenario.ships)
        if (s.original_side != side) enemy_cells += cells_of(s.now);
    const int inflicted = game.damage_inflicted_by(side);
    constexpr int kPerRow = 30;
    SheetTrack track;
    track.boxes_per_row = kPerRow;
    track.label_width = 70;
    track.gap = 3;
    for (int n = 1; n <= std::max(1, enemy_cells); ++n) {
        if ((n - 1) % kPerRow == 0) {
            SheetTrackRow row;
            row.label = n == 1 ? scenario.sides[static_cast<std::size_t>(side)].name : std::string();
            row.label_bold = true;
            row.height = 14;
            track.rows.push_back(std::move(row));
        }
        if (n > enemy_cells) break;
        SheetTrackBox box;
        box.corner = std::to_string(n);
        box.heavy = n % 5 == 0;
        box.crossed = n <= inflicted;
        track.rows.back().boxes.push_back(box);
    }
    return SheetBlock::of(std::move(track));
}

// The wind of each round (The Wind, D1, D2): the start from the scenario, then every end-of-round
// throw of the game so far, worked out again from its dice; empty rows for the rounds to come.
SheetSection wind_log(const NavalGame& game) {
    const NavalTables& tables = game.tables();
    SheetSection section;
    section.heading = "Rounds and the wind";
    section.cites = "at the end of each round a die for the direction, then one for the speed (D2)";
    SheetTable table;
    table.header = {"Round", "Wind from", "Speed", "Dice at its end (direction, speed)", "Notes"};
    table.weights = {0.7, 1.0, 1.0, 1.8, 4.0};
    table.centred = {true, true, true, true, false};
    const auto speed_text = [&tables](const WindState& wind) {
        return high_seas(tables, wind) ? std::to_string(wind.speed) + " (high seas)" : std::to_string(wind.speed);
    };
    WindState wind = game.scenario().wind;
    int round = 1;
    for (const AppliedNavalAction& applied : game.history()) {
        const auto* thrown = std::get_if<WindAction>(&applied.action);
        if (thrown == nullptr || !thrown->direction_roll || !thrown->speed_roll) continue;
        table.add({std::to_string(round), tables.point_name(wind.direction), speed_text(wind),
                   std::to_string(thrown->direction_roll->value) + ", " + std::to_string(thrown->speed_roll->value), ""});
        wind = change_wind(tables, wind, *thrown->direction_roll, *thrown->speed_roll).after;
        ++round;
    }
    table.add({std::to_string(round), tables.point_name(wind.direction), speed_text(wind), "", ""}, true);
    for (int next = round + 1; next <= std::max(10, round + 3); ++next) table.add({std::to_string(next), "", "", "", ""});
    section.blocks.push_back(SheetBlock::of(std::move(table)));
    return section;
}

SheetContent victory_sheet(const NavalGame& game) {
    const NavalScenario& scenario = game.scenario();
    const NavalTables& tables = game.tables();
    const auto& state = game.state();
    SheetContent content;
    content.kind = "victory";
    content.title = "Naval victory sheet";
    // The name up to its colon heads the page ("In the Channel, June 1778"); the whole of it opens the details.
    content.subject = scenario.name.substr(0, scenario.name.find(':'));
    content.subtitle = scenario.name + " \u00b7 " + tables.name + " (seed 000) \u00b7 round " + std::to_string(state.turn.round) +
                       ", wind from " + tables.point_name(state.wind.direction) + ", speed " + std::to_string(state.wind.speed);
    content.tables = tables.id;

    SheetSection victory;
    victory.heading = "Victory";
    victory.cites = "seed 000, Game Sequence; D9";
    victory.blocks.push_back(SheetBlock::strong(kVictoryWords));
    victory.blocks.push_back(SheetBlock::paragraph("Damage is counted in cells of the damage sheets below: " + tables.victory_measure +
                                                   ". Prize crews sent across are not damage; a repaired mast does not take back damage "
                                                   "already inflicted."));
    const int leader = game.leading_side();
    std::string standing;
    for (std::size_t side = 0; side < scenario.sides.size(); ++side)
        standing += (standing.empty() ? "" : ", ") + scenario.sides[side].name + " " +
                    std::to_string(game.damage_inflicted_by(static_cast<int>(side)));
    victory.blocks.push_back(SheetBlock::strong(
        "Damage inflicted so far: " + standing + " \u2014 " +
        (leader < 0 ? std::string("level") : scenario.sides[static_cast<std::size_t>(leader)].name + " leads") + "."));
    content.sections.push_back(std::move(victory));

    for (int side = 0; side < static_cast<int>(scenario.sides.size()); ++side) content.sections.push_back(fleet(game, side));
    content.sections.back().blocks.push_back(SheetBlock::note(
        "Cross off a box as the cell is lost. Gun decks: one die each in a broadside or a boarding; hull hits take the decks on the "
        "side fired at first (D4). Masts: F fore, M main, Mz mizzen, a figure gives a mast's movement units (1 if none). A ship with "
        "neither gun decks nor hull may founder in high seas (wind " +
        std::to_string(tables.high_seas_from) + " or more)."));

    SheetSection inflicted;
    inflicted.heading = "Damage inflicted";
    inflicted.cites = "one box for each enemy cell marked off; a ship sunk or taken counts every cell it still had";
    for (int side = 0; side < static_cast<int>(scenario.sides.size()); ++side) inflicted.blocks.push_back(tally(game, side));
    content.sections.push_back(std::move(inflicted));
    content.sections.push_back(wind_log(game));
    content.sources = {"seed 000, The Age of Sail: Game Sequence, The Wind, Damage", "docs/rules/age-of-sail.md D1, D2, D4, D9",
                       "data/tables/" + tables.id + ".json; the scenario " + scenario.id};
    return content;
}

}  // namespace naval_sheet_detail

std::vector<std::string> naval_sheet_kinds() { return {"victory"}; }

SheetContent naval_sheet(const NavalGame& game, std::string_view kind) {
    if (kind == "victory") return naval_sheet_detail::victory_sheet(game);
    throw RuleError("The Age of Sail prints a victory sheet only (fortuna-cli sheet victory), not '" + std::string(kind) + "'");
}

}  // namespace fortuna::naval
