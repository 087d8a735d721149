// SPDX-License-Identifier: MIT
// Game Of Kings' printed sheets (issue 29, item 5): the key summary the seed says fits one side of
// A4, each side's roster with effectiveness in 25 % steps, and the victory sheet with army points.
// Every number is read from the tables and the scenario the game plays with, never typed again.
#include "sheets.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <filesystem>
#include <map>

#include "fortuna/core/errors.hpp"

namespace fortuna::game_of_kings {

namespace gok_sheet_detail {

std::string num(double value) {
    if (std::abs(value - std::round(value)) < 1e-9) return std::to_string(static_cast<long long>(std::llround(value)));
    char text[32];
    std::snprintf(text, sizeof text, "%.2f", value);
    std::string out = text;
    while (out.back() == '0') out.pop_back();
    return out;
}

// Half dice as the seed prints them: 3 halves is "1½".
std::string halves(int count) {
    const std::string whole = count / 2 == 0 && count % 2 ? "" : std::to_string(count / 2);
    return whole + (count % 2 ? "\u00bd" : "");
}

std::string plus(int value) { return (value >= 0 ? "+" : "\u2212") + std::to_string(std::abs(value)); }

std::string words_of(const std::map<std::string, std::string>& words, const std::string& key) {
    const auto found = words.find(key);
    if (found != words.end()) return found->second;
    std::string out = key;
    std::replace(out.begin(), out.end(), '_', ' ');
    std::replace(out.begin(), out.end(), '-', ' ');
    return out;
}

const std::map<std::string, std::string> kStepWords{
    {"rally", "Try to rally retreating units (the only compulsory use of action points)"},
    {"guns", "Fire guns (a gun fired may not also pivot, limber or move)"},
    {"move", "Move units"},
    {"muskets-and-carbines", "Fire muskets, carbines and other missile weapons"},
    {"melee", "Resolve melees"}};
const std::map<std::string, std::string> kStepCost{
    {"rally", "rally_attempt"}, {"guns", "fire_gun"}, {"move", "move"}, {"muskets-and-carbines", "fire_muskets"}, {"melee", "melee"}};
const std::map<std::string, std::string> kCostWords{
    {"rally_attempt", "A rally attempt"},
    {"fire_gun", "A gun fires"},
    {"move", "A unit moves"},
    {"fire_muskets", "A unit fires muskets or carbines"},
    {"melee", "A melee"},
    {"column_to_line", "Column to line (no other move or fire)"},
    {"line_to_column", "Line to column"},
    {"dismount_or_mount", "Horse dismount or mount (D14)"},
    {"limber_or_unlimber", "Limber or unlimber (and pivot)"},
    {"about_face", "About-face (once a turn)"},
    {"reorganise", "Reorganise (disorganised)"}};
const std::map<std::string, std::string> kMoveWords{
    {"foot-line", "Foot in line"},
    {"foot-column", "Foot in column"},
    {"foot-retreating", "Foot retreating"},
    {"light-foot", "Light foot"},
    {"limbered-gun", "Limbered guns"},
    {"heavy-cavalry", "Heavy horse"},
    {"medium-cavalry", "Medium horse"},
    {"light-cavalry", "Light horse"},
    {"lancers", "Lancers (as light horse, D7)"},
    {"general", "Generals"}};
const std::vector<std::string> kMoveOrder{"foot-line", "foot-column", "foot-retreating", "light-foot", "limbered-gun",
                                          "heavy-cavalry", "medium-cavalry", "light-cavalry", "lancers", "general"};
const std::map<std::string, std::string> kMusketWords{
    {"foot-firing-order", "Foot in firing order"},
    {"light-foot", "Light foot"},
    {"foot-not-firing-order", "Foot not in firing order"},
    {"dismounted-horse", "Dismounted horse"}};
const std::vector<std::string> kMusketOrder{"foot-firing-order", "light-foot", "foot-not-firing-order", "dismounted-horse"};
// The seed's own abbreviations of its matrix (KEY SUMMARY, MELEES).
const std::map<std::string, std::string> kMeleeWords{
    {"heavy-medium-cavalry", "H/M Cav"}, {"lancers", "Lan"},         {"light-cavalry", "L Cav"},
    {"foot-firing-frontal", "Inf (ff)"}, {"foot-other", "Inf (oth)"}, {"light-foot", "L Inf"},
    {"foot", "Inf"}};
const std::map<std::string, std::string> kTypeWords{
    {"heavy-cavalry", "Heavy horse"}, {"medium-cavalry", "Medium horse"}, {"light-cavalry", "Light horse"},
    {"lancers", "Lancers"},           {"foot", "Foot"},                   {"light-foot", "Light foot"},
    {"gun", "Gun"}};

std::string side_name(const GameModel& game, int side) { return game.scenario().sides[static_cast<std::size_t>(side)].name; }

int unit_points(const Tables& t, const UnitSpec& unit) { return unit.type == UnitType::Foot ? t.points_foot : t.points_other; }

// The largest whole number of army points still below the losing line: at or under it the army has lost.
int losing_points(const Tables& t, int start) { return static_cast<int>(std::ceil(t.loses_below * start)) - 1; }

bool fresh(const GameModel& game) { return game.actions_in_effect() == 0; }

std::string subtitle(const GameModel& game) {
    return fresh(game) ? "fresh from the scenario, before the first turn" : "as the game stands: " + game.clock_label();
}

std::vector<std::string> sources(const GameModel& game, bool scenario) {
    std::vector<std::string> out{
        "Rules: seed 004, Game Of Kings (its body and KEY SUMMARY; the author's two changes: guns hit on 4, players dice each turn for who goes first).",
        "Numbers: " + std::filesystem::path(game.tables().file).filename().string() +
            " (data/tables), each with its seed section; decisions D1-D38 in docs/rules/game-of-kings.md."};
    if (scenario) out.push_back("Battle: " + game.scenario().id + " (data/scenarios), its units from the army lists in data/armies/game-of-kings/.");
    return out;
}

// ---------------------------------------------------------------- the key summary

SheetContent key_summary(const GameModel& game) {
    const Tables& t = game.tables();
    SheetContent sheet;
    sheet.kind = "reference";
    sheet.title = "Key summary";
    sheet.subject = t.name;
    sheet.subtitle = "the rules on one side of A4, as seed 004 says they fit; for " + game.scenario().name;
    sheet.columns = 2;

    {
        SheetSection s{"Sequence", "seed 004, COMMAND & CONTROL", {}, false, false};
        s.blocks.push_back(SheetBlock::paragraph(
            "Each turn: throw the weather die, then each player a d" + std::to_string(t.initiative_faces) +
            " for the choice of going first or second. A turn is two half-turns. On turn, throw action points: d" +
            std::to_string(t.centre_faces) + " for the centre, d" + std::to_string(t.flank_faces) +
            " for each flank. Sector by sector, in the order the player chooses:"));
        SheetTable steps;
        steps.header = {"", "Within a sector", "AP"};
        steps.weights = {0.5, 6, 0.9};
        steps.centred = {true, false, true};
        int n = 0;
        for (const auto& step : t.sequence) {
            const auto cost = kStepCost.find(step);
            const auto points = cost == kStepCost.end() ? t.costs.end() : t.costs.find(cost->second);
            steps.add({std::to_string(++n), words_of(kStepWords, step), points == t.costs.end() ? "" : std::to_string(points->second)});
        }
        s.blocks.push_back(SheetBlock::of(steps));
        sheet.sections.push_back(s);
    }
    {
        SheetSection s{"Action points", "seed 004; D24", {}, false, false};
        // The costs the sequence does not show already, two to a row; a cost a later table adds is printed too.
        std::vector<std::pair<std::string, int>> listed;
        for (const auto& key : {"column_to_line", "line_to_column", "limber_or_unlimber", "about_face", "reorganise"})
            if (const auto found = t.costs.find(key); found != t.costs.end()) listed.emplace_back(words_of(kCostWords, key), found->second);
        for (const auto& [key, value] : t.costs)
            if (!kCostWords.count(key)) listed.emplace_back(words_of(kCostWords, key), value);
        SheetTable costs;
        costs.header = {"What", "AP", "What", "AP"};
        costs.weights = {3.4, 0.6, 3.4, 0.6};
        costs.centred = {false, true, false, true};
        const std::size_t half = (listed.size() + 1) / 2;
        for (std::size_t i = 0; i < half; ++i) {
            std::vector<SheetCell> row{listed[i].first, std::to_string(listed[i].second)};
            if (i + half < listed.size()) row.insert(row.end(), {listed[i + half].first, std::to_string(listed[i + half].second)});
            costs.add(row);
        }
        s.blocks.push_back(SheetBlock::of(costs));
        sheet.sections.push_back(s);
    }
    {
        SheetSection s{"Movement", "seed 004, MOVEMENT", {}, false, false};
        SheetTable moves;
        moves.header = {"Unit", "cm", "Unit", "cm"};
        moves.weights = {3, 0.8, 3, 0.8};
        moves.centred = {false, true, false, true};
        std::vector<std::pair<std::string, double>> rates;
        for (const auto& key : kMoveOrder)
            if (const auto found = t.move_cm.find(key); found != t.move_cm.end()) rates.emplace_back(words_of(kMoveWords, key), found->second);
        for (const auto& [key, value] : t.move_cm)
            if (std::find(kMoveOrder.begin(), kMoveOrder.end(), key) == kMoveOrder.end()) rates.emplace_back(words_of(kMoveWords, key), value);
        const std::size_t half = (rates.size() + 1) / 2;
        for (std::size_t i = 0; i < half; ++i) {
            std::vector<SheetCell> row{rates[i].first, num(rates[i].second)};
            if (i + half < rates.size()) row.insert(row.end(), {rates[i + half].first, num(rates[i + half].second)});
            moves.add(row);
        }
        s.blocks.push_back(SheetBlock::of(moves));
        s.blocks.push_back(SheetBlock::paragraph(
            "The Variation: moving " + num(t.variation_from * 100) + " % of a move or more, throw a die: " + std::to_string(t.variation_up_on) +
            " adds " + std::to_string(t.variation_percent) + " %, " + std::to_string(t.variation_down_on) + " takes " +
            std::to_string(t.variation_percent) + " % off. All pass through friendly light foot; light foot through anyone."));
        sheet.sections.push_back(s);
    }
    {
        SheetSection s{"Musketry", "seed 004, MUSKETRY", {}, false, false};
        s.blocks.push_back(SheetBlock::paragraph("Musket " + num(t.musket_cm) + " cm, carbine " + num(t.carbine_cm) + " cm, 45\u00b0 arc of the front. " +
                                                 std::to_string(t.musketry_dice_per_step) + " die per " + std::to_string(t.step_percent) +
                                                 " % effectiveness in the front line (a column fires " + std::to_string(t.column_front_steps) +
                                                 " steps at most). A hit on:"));
        SheetTable hits;
        hits.header = {"Firers", "Hit on"};
        hits.weights = {5, 1.2};
        hits.centred = {false, true};
        for (const auto& key : kMusketOrder)
            if (const auto found = t.musketry_hit_on.find(key); found != t.musketry_hit_on.end())
                hits.add({words_of(kMusketWords, key), std::to_string(found->second) + "+"});
        for (const auto& [key, value] : t.musketry_hit_on)
            if (std::find(kMusketOrder.begin(), kMusketOrder.end(), key) == kMusketOrder.end()) hits.add({words_of(kMusketWords, key), std::to_string(value) + "+"});
        s.blocks.push_back(SheetBlock::of(hits));
        s.blocks.push_back(SheetBlock::paragraph(plus(t.musketry_penalty) + " if the firers moved, are in column or disorganised (one " + plus(t.musketry_penalty) +
                                                 " in all, D4). Foot contacted frontally by a unit that began outside musket range fires first at " +
                                                 plus(t.before_contact) + "."));
        sheet.sections.push_back(s);
    }
    {
        SheetSection s{"Artillery", "seed 004, ARTILLERY", {}, false, false};
        std::string hit_on;
        for (const auto& [target, on] : t.artillery_hit_on) hit_on += (hit_on.empty() ? "" : ", ") + target + " " + std::to_string(on) + "+";
        s.blocks.push_back(SheetBlock::paragraph(
            "Canister to " + num(t.canister_cm) + " cm: a die \u00f7 " + std::to_string(t.canister_divisor) + "; roundshot to " + num(t.roundshot_cm) +
            " cm: a die \u00f7 " + std::to_string(t.roundshot_divisor) + " gives the potential hits. Halved again if the gun is at " +
            std::to_string(t.artillery_halve_at) + " % or less. Round to the nearest; an exact half is diced (" + std::to_string(t.half_becomes_on) +
            "+ makes it a hit). Each potential hit scores on: " + hit_on + "."));
        sheet.sections.push_back(s);
    }
    {
        SheetSection s{"Melee", "seed 004, MELEES", {}, false, false};
        SheetTable matrix;
        matrix.header = {"Dice per " + std::to_string(t.step_percent) + " %: own \u2193 enemy \u2192"};
        matrix.weights = {2.1};
        matrix.centred = {false};
        for (const auto& column : t.melee_columns) {
            matrix.header.push_back(words_of(kMeleeWords, column));
            matrix.weights.push_back(1);
            matrix.centred.push_back(true);
        }
        std::vector<std::string> rows;
        for (const auto& column : t.melee_columns)
            if (t.melee_halves.count(column)) rows.push_back(column);
        for (const auto& [row, values] : t.melee_halves)
            if (std::find(rows.begin(), rows.end(), row) == rows.end()) rows.push_back(row);
        for (const auto& row : rows) {
            std::vector<SheetCell> cells{words_of(kMeleeWords, row)};
            const auto& values = t.melee_halves.at(row);
            for (std::size_t c = 0; c < t.melee_columns.size() && c < values.size(); ++c) cells.emplace_back(halves(values[c]));
            matrix.add(cells);
        }
        s.blocks.push_back(SheetBlock::of(matrix));
        std::string bonuses;
        for (const auto& [key, bonus] : t.bonuses) bonuses += (bonuses.empty() ? "" : "; ") + bonus.words;
        s.blocks.push_back(SheetBlock::paragraph(
            "+" + std::to_string(t.bonus_dice_per_step) + " die per " + std::to_string(t.step_percent) + " % for each: " + bonuses +
            ". Meleed from the rear: half the dice. A half die becomes a die on " + std::to_string(t.half_die_on) + "+. Hit on " +
            std::to_string(t.melee_hit_on) + "+, both sides at once. Foot never contacts horse; guns and light foot never contact (light foot in a wood or town fights as foot). A gun with no friendly foot within " +
            num(t.gun_protection_cm) + " cm may be contacted and is lost."));
        sheet.sections.push_back(s);
    }
    {
        SheetSection s{"Saving throws", "seed 004, SAVING THROWS", {}, false, false};
        std::string not_against;
        for (const auto& shot : t.cuirassier_not_against) not_against += (not_against.empty() ? "" : ", ") + shot;
        s.blocks.push_back(SheetBlock::paragraph("Cuirassiers: " + std::to_string(t.cuirassier_save_on) + "+ cancels a hit" +
                                                 (not_against.empty() ? "" : " (not against " + not_against + ")") + ". Behind cover: " +
                                                 std::to_string(t.cover_save_on) + "+."));
        sheet.sections.push_back(s);
    }
    {
        SheetSection s{"Morale", "seed 004, MORALE", {}, false, false};
        std::string needs;
        for (const auto& quality : {"elite", "regular", "poor"})
            if (const auto found = t.morale_pass_on.find(quality); found != t.morale_pass_on.end())
                needs += (needs.empty() ? "" : ", ") + std::string(quality) + " " + std::to_string(found->second) + "+";
        s.blocks.push_back(SheetBlock::paragraph(
            "Test after losing effectiveness to fire or losing a melee; fail and lose " + std::to_string(t.step_percent) + " % more. Needs: " + needs + "; " +
            plus(t.morale_general) + " general attached, " + plus(t.morale_support) +
            " a friendly horse or foot (not light, not a gun) to the rear within two moves. Failing, or losing a melee: retreat a move (with the Variation), back to the enemy. Rally on " +
            std::to_string(t.rally_pass_on) + "+ (" + plus(t.rally_general) + " general)."));
        sheet.sections.push_back(s);
    }
    {
        SheetSection s{"Weather", "seed 004, WEATHER", {}, false, false};
        std::string gauge;
        for (auto it = t.gauge_names.begin(); it != t.gauge_names.end();) {
            auto end = it;
            int last = it->first;
            while (std::next(end) != t.gauge_names.end() && std::next(end)->second == it->second && std::next(end)->first == last + 1) last = (++end)->first;
            gauge += (gauge.empty() ? "" : ", ") + (last == it->first ? std::to_string(last) : std::to_string(it->first) + "-" + std::to_string(last)) + " " +
                     it->second;
            it = std::next(end);
        }
        const auto faces = [](const std::vector<int>& values) {
            std::string out;
            for (const int v : values) out += (out.empty() ? "" : ",") + std::to_string(v);
            return out;
        };
        s.blocks.push_back(SheetBlock::paragraph("Gauge " + std::to_string(t.gauge_min) + "-" + std::to_string(t.gauge_max) +
                                                 ", first thrown on 2d6: " + gauge + ". Each turn a die: " + faces(t.weather_down) + " down one, " +
                                                 faces(t.weather_same) + " the same, " + faces(t.weather_up) + " up one."));
        SheetTable effects;
        effects.header = {"Weather", "Sight", "Move", "Musketry"};
        effects.weights = {2.2, 1.2, 1, 1.2};
        effects.centred = {false, true, true, true};
        std::vector<std::string> names;
        for (const auto& name : {"fair", "light-rain", "heavy-rain", "fog", "extreme-heat"})
            if (t.weather_effects.count(name)) names.push_back(name);
        for (const auto& [name, effect] : t.weather_effects)
            if (std::find(names.begin(), names.end(), name) == names.end()) names.push_back(name);
        for (const auto& name : names) {
            const WeatherEffect& effect = t.weather_effects.at(name);
            std::string label = name;
            std::replace(label.begin(), label.end(), '-', ' ');
            if (effect.after_turns > 0) label += " (" + std::to_string(effect.after_turns) + " turns on one fair number)";
            effects.add({label, effect.visibility_cm > 0 ? num(effect.visibility_cm) + " cm" : "\u2014",
                         effect.movement_percent == 0 ? "\u2014" : plus(effect.movement_percent) + " %",
                         effect.musketry == 0 ? "\u2014" : plus(effect.musketry)});
        }
        s.blocks.push_back(SheetBlock::of(effects));
        sheet.sections.push_back(s);
    }
    {
        SheetSection s{"Victory", "seed 004, VICTORY", {}, false, false};
        s.blocks.push_back(SheetBlock::paragraph("Army points: general " + std::to_string(t.points_general) + ", foot battalion " +
                                                 std::to_string(t.points_foot) + ", any other unit " + std::to_string(t.points_other) +
                                                 " (light foot too). An army loses when its points fall below " + num(t.loses_below * 100) +
                                                 " % of the start. Effectiveness: 100/75/50/25 %, each hit a " + std::to_string(t.step_percent) + " % step."));
        sheet.sections.push_back(s);
    }
    sheet.sources = sources(game, false);
    return sheet;
}

// ---------------------------------------------------------------- rosters

SheetContent roster(const GameModel& game) {
    const Tables& t = game.tables();
    const Scenario& scenario = game.scenario();
    SheetContent sheet;
    sheet.kind = "roster";
    sheet.title = "Army rosters";
    sheet.subject = scenario.name;
    sheet.subtitle = subtitle(game);
    const int steps = std::max(1, 100 / std::max(1, t.step_percent));
    for (int side = 0; side < 2; ++side) {
        SheetSection s;
        s.heading = side_name(game, side);
        s.cites = "army points " + std::to_string(game.points_now(side)) + " of " + std::to_string(scenario.start_points[side]);
        SheetTable table;
        table.header = {"Unit", "Type", "Quality", "Sector", "Effectiveness (" + std::to_string(t.step_percent) + " % a box)", "Now", "Points"};
        table.weights = {4.2, 1.9, 1.2, 1.1, 2.2, 2.0, 1.0};
        table.centred = {false, false, false, false, false, false, true};
        std::map<std::string, std::vector<std::size_t>> by_sector;
        for (const std::string sector : {"left", "centre", "right"}) by_sector[sector];
        for (std::size_t i = 0; i < scenario.units.size(); ++i)
            if (scenario.units[i].side == side) by_sector[scenario.units[i].sector].push_back(i);
        for (const std::string sector : {"left", "centre", "right"}) {
            for (const std::size_t i : by_sector[sector]) {
                const UnitSpec& spec = scenario.units[i];
                const UnitState& now = game.state().units[i];
                const bool removed = now.status == Status::Removed;
                const int lost = removed ? steps : std::clamp((100 - now.effectiveness) / std::max(1, t.step_percent), 0, steps);
                std::string state = removed ? "removed" : std::to_string(now.effectiveness) + " %";
                if (!removed && now.status != Status::Normal) state += ", " + std::string(to_string(now.status));
                if (!removed && now.disorganised) state += ", disorganised";
                std::string type = words_of(kTypeWords, std::string(to_string(spec.type)));
                if (spec.cuirassiers) type += " (cuirassiers)";
                int points = unit_points(t, spec);
                std::string unit = spec.name + " (" + spec.id + ")";
                if (now.general) {
                    unit += ", the general attached (+" + std::to_string(t.points_general) + ")";
                    points += t.points_general;
                }
                auto& row = table.add({unit, type, std::string(to_string(spec.quality)), sector, SheetCell::tick(steps, lost), state, std::to_string(points)});
                row.shaded = removed;
            }
        }
        s.blocks.push_back(SheetBlock::of(table));
        s.blocks.push_back(SheetBlock::note("Army points " + std::to_string(scenario.start_points[side]) + " at the start (general " +
                                            std::to_string(t.points_general) + ", foot " + std::to_string(t.points_foot) + ", other " +
                                            std::to_string(t.points_other) + "; seed 004, VICTORY); a unit's points are lost when it is removed. " +
                                            "The army loses at " + std::to_string(losing_points(t, scenario.start_points[side])) + " or fewer."));
        sheet.sections.push_back(s);
    }
    sheet.sources = sources(game, true);
    return sheet;
}

// ---------------------------------------------------------------- the victory sheet

SheetContent victory(const GameModel& game) {
    const Tables& t = game.tables();
    const Scenario& scenario = game.scenario();
    SheetContent sheet;
    sheet.kind = "victory";
    sheet.title = "Victory sheet";
    sheet.subject = scenario.name;
    sheet.subtitle = subtitle(game);
    {
        SheetSection s{"Army points", "seed 004, VICTORY", {}, false, false};
        SheetTable table;
        table.header = {"Army", "At the start", "Half", "Loses at", "Now"};
        table.weights = {3, 1.4, 1.2, 1.4, 1.2};
        table.centred = {false, true, true, true, true};
        for (int side = 0; side < 2; ++side) {
            const int start = scenario.start_points[side];
            table.add({side_name(game, side), std::to_string(start), num(t.loses_below * start),
                       std::to_string(losing_points(t, start)) + " or fewer", fresh(game) ? std::string() : std::to_string(game.points_now(side))},
                      true);
        }
        s.blocks.push_back(SheetBlock::of(table));
        s.blocks.push_back(SheetBlock::paragraph("Army points: general " + std::to_string(t.points_general) + ", foot battalion " +
                                                 std::to_string(t.points_foot) + ", any other unit " + std::to_string(t.points_other) +
                                                 ". An army loses when its points fall below " + num(t.loses_below * 100) +
                                                 " % of its start; both at once is a draw, and so is neither after the last turn (D33)."));
        std::string why;
        const int result = game.result(&why);
        if (result != -1) s.blocks.push_back(SheetBlock::paragraph(why));
        sheet.sections.push_back(s);
    }
    {
        SheetSection s{"Points lost", "cross off one box a point", {}, false, false};
        SheetTable track;
        track.header = {"Army", "Army points: a box each, the lost crossed off"};
        track.weights = {1.3, 6};
        for (int side = 0; side < 2; ++side) {
            const int start = scenario.start_points[side];
            track.add({side_name(game, side), SheetCell::tick(start, start - game.points_now(side))});
        }
        s.blocks.push_back(SheetBlock::of(track));
        std::string lost;
        for (std::size_t i = 0; i < scenario.units.size(); ++i)
            if (game.state().units[i].status == Status::Removed) {
                const UnitSpec& spec = scenario.units[i];
                int points = unit_points(t, spec) + (game.state().units[i].general ? t.points_general : 0);
                lost += (lost.empty() ? "" : "; ") + spec.name + " (" + side_name(game, spec.side) + ", " + std::to_string(points) + ")";
            }
        if (!fresh(game)) s.blocks.push_back(SheetBlock::paragraph(lost.empty() ? "No unit removed yet." : "Removed: " + lost + "."));
        sheet.sections.push_back(s);
    }
    {
        SheetSection s{"Turn by turn", std::to_string(scenario.turns) + " turns (D33)", {}, false, false};
        SheetTable turns;
        turns.header = {"Turn", "Weather gauge", "First", side_name(game, 0) + ": points", side_name(game, 1) + ": points", "Done"};
        turns.weights = {0.8, 1.4, 1.6, 1.9, 1.9, 0.8};
        turns.centred = {true, true, true, true, true, false};
        const int now = game.state().turn.turn;
        for (int turn = 1; turn <= scenario.turns; ++turn) {
            const bool current = !fresh(game) && turn == now;
            std::vector<SheetCell> row{std::to_string(turn), "", "", "", "", SheetCell::tick(1, turn < now ? 1 : 0)};
            if (current) {
                if (game.state().turn.gauge) row[1] = std::to_string(game.state().turn.gauge);
                if (game.state().turn.phase != "begin-turn" && game.state().turn.phase != "choose") row[2] = side_name(game, game.state().turn.first);
                row[3] = std::to_string(game.points_now(0));
                row[4] = std::to_string(game.points_now(1));
            }
            turns.add(row, current);
        }
        s.blocks.push_back(SheetBlock::of(turns));
        sheet.sections.push_back(s);
    }
    sheet.sources = sources(game, true);
    return sheet;
}

}  // namespace gok_sheet_detail

std::vector<std::string> gok_sheet_kinds() { return {"reference", "roster", "victory"}; }

SheetContent gok_sheet(const GameModel& game, std::string_view kind) {
    if (kind == "reference") return gok_sheet_detail::key_summary(game);
    if (kind == "roster") return gok_sheet_detail::roster(game);
    if (kind == "victory") return gok_sheet_detail::victory(game);
    throw RuleError("Game Of Kings prints no '" + std::string(kind) + "' sheet (it prints: reference, roster, victory)");
}

}  // namespace fortuna::game_of_kings
