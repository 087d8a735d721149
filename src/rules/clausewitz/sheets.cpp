// SPDX-License-Identifier: MIT
// Clausewitz's printed sheets (issue 30, item 5): the quick reference (actions and costs, movement,
// Steady!/Fire!, ranges, formations, zone of control, morale, melee), a card for each brigade (its
// units, attributes, five action boxes, strength and casualties) and the victory sheet with the
// objective tally. Every number is read from the tables and the scenario the game plays with.
#include "sheets.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <filesystem>

#include "fortuna/clausewitz/resolvers.hpp"
#include "fortuna/core/errors.hpp"

namespace fortuna::clausewitz {

namespace cw_sheet_detail {

std::string num(double value) {
    if (std::abs(value - std::round(value)) < 1e-9) return std::to_string(static_cast<long long>(std::llround(value)));
    char text[32];
    std::snprintf(text, sizeof text, "%.1f", value);
    return text;
}

std::string plus(int value) { return (value >= 0 ? "+" : "\u2212") + std::to_string(std::abs(value)); }

std::string post(const Tables& t, const std::string& id) {
    const std::string title = t.post_title(id);
    return title.empty() ? id : "\u201c" + title + "\u201d";
}

std::string side_name(const Game& game, int side) { return game.scenario().sides[static_cast<std::size_t>(side)].name; }

bool fresh(const Game& game) { return game.actions_in_effect() == 0; }

std::string subtitle(const Game& game) {
    if (fresh(game)) return "fresh from the scenario, before the first chip is drawn";
    const Outcome outcome = judge(game);
    return "as the game stands: turn " + std::to_string(game.state().turn) + " of " + std::to_string(game.scenario().turns) + ", " + game.clock() +
           (outcome.over ? "; " + outcome.reason : "");
}

std::vector<std::string> sources(const Game& game, bool scenario) {
    const Tables& t = game.tables();
    std::vector<std::string> out{"Rules: seed 003, Clausewitz (blog posts, the newest first and superseding the older; decisions in docs/rules/clausewitz.md).",
                                 "Numbers: " + std::filesystem::path(t.file).filename().string() + " (data/tables), each with the post it follows."};
    if (scenario) {
        out.push_back("Battle: " + game.scenario().id + " (data/scenarios), its brigades from the army lists in data/armies/clausewitz/.");
        const auto& document = game.scenario().document;
        if (document.contains("sources") && document["sources"].is_array())
            for (const auto& source : document["sources"])
                if (source.is_object() && source.contains("reference") && source["reference"].is_string())
                    out.push_back(source.value("id", std::string("source")) + ": " + source["reference"].get<std::string>());
    }
    return out;
}

// The brigade's morale as it stands in its formation, with no enemy cavalry near: the 2d6 it needs.
int morale_pass_on(const Tables& t, const Brigade& b) {
    MoraleRequest request;
    request.units = std::clamp(static_cast<int>(b.units.size()), 1, t.brigade_max_units);
    request.in_column = b.formation == Formation::Column ? request.units : 0;
    request.in_square = b.formation == Formation::Square ? request.units : 0;
    request.foot = b.arm == Arm::Foot;
    return prepare_morale(t, request).pass_on;
}

// ---------------------------------------------------------------- the quick reference

SheetContent quick_reference(const Game& game) {
    const Tables& t = game.tables();
    SheetContent sheet;
    sheet.kind = "reference";
    sheet.title = "Quick reference";
    sheet.subject = "Clausewitz";
    sheet.subtitle = "for " + game.scenario().name;
    sheet.columns = 2;
    {
        SheetSection s{"The turn", post(t, "alpha"), {}, false, false};
        s.blocks.push_back(SheetBlock::paragraph(
            "A turn is " + std::to_string(t.turn_minutes) + " minutes. The bag holds " + std::to_string(t.chips_per_player) +
            " chip a player and " + std::to_string(t.chips_per_general_activated) +
            " more for each general of division with a brigade on the table (D24). The side whose chip is drawn activates one element: a brigade through its general's command test, or the commander-in-chief's ADC. A brigade has " +
            std::to_string(t.actions) + " actions a turn; those unspent are kept for reactions. Scale 1:" + std::to_string(t.scale_ratio) +
            ", centimetres; a brigade of up to " + std::to_string(t.brigade_max_units) + " units, " + std::to_string(t.brigade_max_wide) + " wide."));
        sheet.sections.push_back(s);
    }
    {
        SheetSection s{"Actions and costs", post(t, "alpha") + ", " + post(t, "adjustments"), {}, false, false};
        SheetTable table;
        table.header = {"Action", "Cost", "In a zone of control"};
        table.weights = {3.2, 0.9, 2};
        table.centred = {false, true, true};
        for (const ActionCost& action : t.action_costs) table.add({action.name, std::to_string(action.cost), action.in_zone ? "yes" : "no"});
        s.blocks.push_back(SheetBlock::of(table));
        sheet.sections.push_back(s);
    }
    {
        SheetSection s{"Command", post(t, "synopsis"), {}, false, false};
        s.blocks.push_back(SheetBlock::paragraph(
            "Command test: 2d6 at least the general's rating plus the brigade's (" + std::to_string(t.command_rating_min) + "-" +
            std::to_string(t.command_rating_max) + " each), +1 for each command point the general spends (" + std::to_string(t.command_points) +
            " a turn) and each Light Cavalry unit; an action lost for each full " + num(t.command_cm_per_action_lost) +
            " cm between general and brigade. An order costs " + std::to_string(t.order_cost) + " action; ADCs ride " + std::to_string(t.adc_cm) +
            " cm, the commander-in-chief " + std::to_string(t.cinc_cm) + " cm a turn."));
        sheet.sections.push_back(s);
    }
    {
        SheetSection s{"Movement per action", post(t, "alpha"), {}, false, false};
        SheetTable table;
        table.header = {"Arm", "March", "Quick March"};
        table.weights = {2, 1.3, 1.6};
        table.centred = {false, true, true};
        for (const ArmRules& arm : t.arms) table.add({std::string(to_string(arm.id)), std::to_string(arm.march_cm) + " cm", std::to_string(arm.quick_cm) + " cm"});
        s.blocks.push_back(SheetBlock::of(table));
        SheetTable ground;
        ground.header = {"Ground", "Quick March", "Movement", "Terrain"};
        ground.weights = {1.5, 1.3, 1.6, 3.2};
        ground.centred = {false, true, true, false};
        for (const TerrainRules& rules : t.terrain) {
            std::string kinds;
            for (const auto& [kind, cls] : t.terrain_types)
                if (cls == rules.id) {
                    std::string words = kind;
                    std::replace(words.begin(), words.end(), '-', ' ');
                    kinds += (kinds.empty() ? "" : ", ") + words;
                }
            const std::string movement = rules.divisor == 0 ? "none (El Bruc " + std::to_string(rules.el_bruc_cm) + " cm)"
                                         : rules.divisor == 1 ? "full"
                                                              : "1/" + std::to_string(rules.divisor);
            ground.add({std::string(to_string(rules.id)), rules.quick_march ? "yes" : "no", movement, kinds});
        }
        s.blocks.push_back(SheetBlock::of(ground));
        s.blocks.push_back(SheetBlock::paragraph("Road: +" + std::to_string(t.road_bonus_cm) + " cm an action" +
                                                 (t.road_needs_column ? " in column" : "") + ". A wheel turns about the pinned inner front corner and is paid as march (D31)."));
        sheet.sections.push_back(s);
    }
    {
        SheetSection s{"Steady! then Fire!", post(t, "adjustments"), {}, false, false};
        s.blocks.push_back(SheetBlock::paragraph(
            "Steady!: each combat die of the front units passes on " + std::to_string(t.steady) + "+. Fire!: each die that passed hits on " +
            std::to_string(t.fire_effective) + "+ at effective range, " + std::to_string(t.fire_long) + "+ at long. Skirmish dice hit on " +
            std::to_string(t.skirmish_effective) + "+ / " + std::to_string(t.skirmish_long) + "+ whatever the formation. Enfilade: hits x" +
            std::to_string(t.enfilade_multiplier) + ". Each hit damages; for each damage a die is thrown, and on " + std::to_string(t.lose_die_on) +
            "+ the brigade loses a combat die."));
        SheetTable saves;
        saves.header = {"Cover", "Saves on"};
        saves.weights = {3, 1};
        saves.centred = {false, true};
        for (const auto& [cover, on] : t.saves) saves.add({cover, std::to_string(on) + "+"});
        s.blocks.push_back(SheetBlock::of(saves));
        sheet.sections.push_back(s);
    }
    {
        SheetSection s{"Ranges", post(t, "alpha"), {}, false, false};
        SheetTable table;
        table.header = {"Weapon", "Effective", "Long"};
        table.weights = {2, 1.3, 1.3};
        table.centred = {false, true, true};
        for (const Weapon& weapon : t.weapons)
            table.add({weapon.id + (weapon.artillery ? " (artillery)" : ""), "to " + num(weapon.effective_cm) + " cm", "to " + num(weapon.long_cm) + " cm"});
        s.blocks.push_back(SheetBlock::of(table));
        sheet.sections.push_back(s);
    }
    {
        SheetSection s{"Formations", post(t, "adjustments"), {}, false, false};
        SheetTable table;
        table.header = {"", "Dice", "Quick march", "Morale", "Artillery front / flank", "Cavalry threat"};
        table.weights = {1.3, 0.8, 1.1, 1.1, 1.9, 1.3};
        table.centred = {false, true, true, true, true, true};
        const auto effect = [](ArtilleryEffect e) { return e == ArtilleryEffect::Half ? "halved" : e == ArtilleryEffect::Double ? "doubled" : "normal"; };
        const auto threat = [](CavalryThreat c) { return c == CavalryThreat::Full ? "full" : c == CavalryThreat::Reduced ? "one less" : "none"; };
        for (const FormationRules& f : t.formations)
            table.add({std::string(to_string(f.id)), f.dice_divisor == 1 ? "all" : "1/" + std::to_string(f.dice_divisor) + ", round up",
                       !f.can_move ? "no move" : f.quick_march ? "yes" : "no", f.morale_per_unit ? plus(f.morale_per_unit) + " a unit" : "\u2014",
                       std::string(effect(f.artillery_front)) + " / " + effect(f.artillery_flank), threat(f.cavalry_threat)});
        s.blocks.push_back(SheetBlock::of(table));
        sheet.sections.push_back(s);
    }
    {
        SheetSection s{"Zone of control", post(t, "movement-2"), {}, false, false};
        std::string barred;
        for (const ActionCost& action : t.action_costs)
            if (!action.in_zone) barred += (barred.empty() ? "" : ", ") + action.name;
        s.blocks.push_back(SheetBlock::paragraph(
            num(t.zone_cm) + " cm from the front edge, " + num(t.zone_angle_deg) + "\u00b0 out from its corners. A brigade in an enemy's zone tests morale before each action there and may not take: " +
            barred + ". The zone's owner may react with the actions it kept."));
        sheet.sections.push_back(s);
    }
    {
        SheetSection s{"Morale", post(t, "alpha"), {}, false, false};
        s.blocks.push_back(SheetBlock::paragraph(
            "2d6, needing " + std::to_string(t.morale_base) + "+, " + std::to_string(t.morale_per_unit) + " less for each unit of the brigade and " +
            std::to_string(t.morale_per_column) + " less again for each unit in column (" + std::to_string(t.morale_per_square) +
            " in square); never better than " + std::to_string(t.morale_best) + "+, and " + std::to_string(t.morale_always_fails) +
            " always fails. Cavalry (\u22121)/(\u22122) within " + num(t.zone_cm) + " cm make foot worse. Failed by " + std::to_string(t.withdraw_margin) +
            " or less: withdraw " + std::to_string(t.withdraw_actions) +
            " action's march, front to the enemy, and halt; by more: flee a quick march plus one for each action left, and next turn test or flee " +
            std::to_string(t.flee_next_turn_actions) + " actions more."));
        sheet.sections.push_back(s);
    }
    {
        SheetSection s{"Melee", post(t, "alpha") + ", " + post(t, "adjustments"), {}, false, false};
        s.blocks.push_back(SheetBlock::paragraph(
            "Each combat die hits on " + std::to_string(t.melee_against_foot) + "+ against foot, " + std::to_string(t.melee_against_mounted) +
            "+ against mounted" + (t.six_always_hits ? " (a 6 always hits)" : "") + ". Modifiers to each die: flank " + plus(t.melee_flank) + ", rear " +
            plus(t.melee_rear) + ", lower on a gentle hill " + plus(t.uphill_gentle) + ", on a steep one " + plus(t.uphill_steep) + ", defending a village " +
            plus(t.village_defender) + ". Artillery: 1/" + std::to_string(t.artillery_melee_divisor) + " of its dice. A general adds " +
            std::to_string(t.general_dice) + " die hitting on " + std::to_string(t.general_hits_on) + "+; colours are taken on " + std::to_string(t.colours_on) + "."));
        sheet.sections.push_back(s);
    }
    {
        SheetSection s{"Victory", post(t, "alpha"), {}, false, false};
        s.blocks.push_back(SheetBlock::paragraph("Each objective held at the end of a turn scores its victory points. A general captured: " +
                                                 std::to_string(t.vp_general_captured) + " VP; colours: " + std::to_string(t.vp_colours) +
                                                 " VP. Strength: a point for each full " + std::to_string(t.men_per_strength) + " men."));
        sheet.sections.push_back(s);
    }
    sheet.sources = sources(game, false);
    return sheet;
}

// ---------------------------------------------------------------- brigade cards

SheetContent brigade_cards(const Game& game) {
    const Tables& t = game.tables();
    const Scenario& scenario = game.scenario();
    const GameState& state = game.state();
    SheetContent sheet;
    sheet.kind = "brigade-cards";
    sheet.title = "Brigade cards";
    sheet.subject = scenario.name;
    sheet.subtitle = subtitle(game);
    sheet.columns = 2;
    for (int side = 0; side < 2; ++side) {
        SheetSection heading;
        heading.heading = side_name(game, side);
        heading.full_width = true;
        heading.card = true;
        const SideSetup& setup = scenario.sides[static_cast<std::size_t>(side)];
        heading.cites = setup.commander.empty() ? "" : "commanded by " + setup.commander;
        std::string generals;
        for (const General& g : state.generals)
            if (g.side == side)
                generals += (generals.empty() ? "" : "; ") + g.name + (g.commander_in_chief ? " (commander-in-chief" : " (" + g.division) + ", rating " +
                            std::to_string(g.rating) + ")";
        heading.blocks.push_back(SheetBlock::paragraph(generals.empty() ? "No general on the table." : "Generals: " + generals + "."));
        sheet.sections.push_back(heading);
        // The brigades on the table, then those still to come (the scenario's arrivals, D60): a
        // club prints every card before the game.
        std::vector<const Brigade*> brigades;
        for (const Brigade& b : state.brigades) brigades.push_back(&b);
        for (const Brigade& r : scenario.arrivals)
            if (std::find(state.arrived.begin(), state.arrived.end(), r.id) == state.arrived.end()) brigades.push_back(&r);
        // A scouting battle's brigades before they deploy (D64-D67).
        for (const Brigade& d : scenario.to_deploy)
            if (std::none_of(state.brigades.begin(), state.brigades.end(), [&](const Brigade& b) { return b.id == d.id; })) brigades.push_back(&d);
        for (const Brigade* each : brigades) {
            const Brigade& b = *each;
            if (b.side != side) continue;
            SheetSection card;
            card.card = true;
            card.heading = b.name;
            card.cites = b.division;
            int combat = 0, skirmish = 0, artillery = 0;
            SheetTable units;
            units.header = {"Unit", "Type", "Weapon", "Combat", "Skirm.", "Art."};
            units.weights = {2.2, 1.9, 1.5, 1.4, 1.2, 0.9};
            units.centred = {false, false, false, true, true, true};
            for (const UnitBase& u : b.units) {
                const UnitType* type = t.find_unit_type(u.type);
                units.add({u.name, type ? type->name : u.type, u.weapon, std::to_string(u.combat_dice), std::to_string(u.skirmish_dice),
                           std::to_string(u.artillery_dice)});
                combat += u.combat_dice;
                skirmish += u.skirmish_dice;
                artillery += u.artillery_dice;
            }
            units.add({"Brigade", "", "", std::to_string(combat), std::to_string(skirmish), std::to_string(artillery)}, true);
            card.blocks.push_back(SheetBlock::of(units));
            const Weapon* weapon = nullptr;
            for (const Weapon& w : t.weapons)
                if (w.id == b.weapon) weapon = &w;
            const std::string ranges = weapon ? " (" + num(weapon->effective_cm) + "/" + num(weapon->long_cm) + " cm)" : "";
            SheetTable attributes;
            attributes.header = {"Command", "Morale", "Steady", "Fire eff./long", "CC foot/mtd", "Formation"};
            attributes.weights = {1.35, 1.15, 1.05, 1.35, 1.35, 1.45};
            attributes.centred = {true, true, true, true, true, true};
            attributes.add({std::to_string(b.rating), std::to_string(morale_pass_on(t, b)) + "+", std::to_string(t.steady) + "+",
                            std::to_string(t.fire_effective) + "+/" + std::to_string(t.fire_long) + "+",
                            std::to_string(t.melee_against_foot) + "+/" + std::to_string(t.melee_against_mounted) + "+", std::string(to_string(b.formation))});
            card.blocks.push_back(SheetBlock::of(attributes));
            const int spent = b.activated ? std::clamp(t.actions - b.actions_left, 0, t.actions) : 0;
            const int lost = std::max(0, b.strength_start - b.strength);
            SheetTable track;
            track.header = {"", ""};
            track.weights = {1.5, 6};
            track.add({"Actions", SheetCell::tick(t.actions, spent)});
            track.add({"Strength " + std::to_string(b.strength) + "/" + std::to_string(b.strength_start), SheetCell::tick(b.strength_start, lost)});
            card.blocks.push_back(SheetBlock::of(track));
            std::string status = b.arm == Arm::Foot ? "Foot" : "Mounted";
            status += ", weapon " + b.weapon + ranges + ". Casualties: " + std::to_string(lost * t.men_per_strength) + " men (" + std::to_string(lost) +
                      " strength), damage " + std::to_string(b.damage_taken) + ".";
            const bool to_come = !b.arrives.empty() && std::find(state.arrived.begin(), state.arrived.end(), b.id) == state.arrived.end();
            if (to_come) status += " Arrives at " + b.arrives + ".";
            else if (b.status != "ready") status += " Now: " + b.status + ".";
            if (!b.objective.empty()) status += " Objective: " + b.objective + ".";
            card.blocks.push_back(SheetBlock::note(status));
            sheet.sections.push_back(card);
        }
    }
    sheet.sources = sources(game, true);
    return sheet;
}

// ---------------------------------------------------------------- the victory sheet

SheetContent victory(const Game& game) {
    const Tables& t = game.tables();
    const Scenario& scenario = game.scenario();
    const GameState& state = game.state();
    SheetContent sheet;
    sheet.kind = "victory";
    sheet.title = "Victory sheet";
    sheet.subject = scenario.name;
    sheet.subtitle = subtitle(game);
    {
        SheetSection s{"Objectives", post(t, "alpha") + ", Objectives", {}, false, false};
        SheetTable table;
        table.header = {"Objective", "VP a turn", "Held now by"};
        table.weights = {4, 1.2, 2.4};
        table.centred = {false, true, true};
        for (std::size_t o = 0; o < scenario.objectives.size(); ++o) {
            std::string held = o < state.held.size() ? state.held[o] : "";
            for (const SideSetup& side : scenario.sides)
                if (side.id == held) held = side.name;
            table.add({scenario.objectives[o].id + ": " + scenario.objectives[o].name, std::to_string(scenario.objectives[o].vp), fresh(game) ? "" : held});
        }
        s.blocks.push_back(SheetBlock::of(table));
        s.blocks.push_back(SheetBlock::paragraph("At the end of each turn each side scores the victory points of the objectives it holds; a general captured scores " +
                                                 std::to_string(t.vp_general_captured) + ", colours " + std::to_string(t.vp_colours) +
                                                 ". The side with more points at the end wins; a side with no brigade left on the table loses."));
        if (!fresh(game)) s.blocks.push_back(SheetBlock::paragraph("Now: " + judge(game).reason + "."));
        sheet.sections.push_back(s);
    }
    {
        SheetSection s{"Turn by turn", std::to_string(scenario.turns) + " turns of " + std::to_string(scenario.turn_minutes) + " minutes", {}, false, false};
        SheetTable table;
        // A column for each objective, to write who holds it at the turn's end, then each side's points.
        table.header = {"Turn", "Time"};
        table.weights = {0.7, 0.9};
        table.centred = {true, true};
        for (const Objective& objective : scenario.objectives) {
            table.header.push_back("Obj. " + objective.id);
            table.weights.push_back(1.1);
            table.centred.push_back(true);
        }
        for (int side = 0; side < 2; ++side) {
            table.header.push_back(side_name(game, side) + ": VP");
            table.weights.push_back(2.0);
            table.centred.push_back(true);
        }
        table.header.push_back("Done");
        table.weights.push_back(0.7);
        table.centred.push_back(false);
        for (int turn = 1; turn <= scenario.turns; ++turn) {
            const int at = scenario.start_minutes + (turn - 1) * scenario.turn_minutes;
            char clock[8];
            std::snprintf(clock, sizeof clock, "%02d:%02d", (at / 60) % 24, at % 60);
            const bool current = !fresh(game) && turn == state.turn;
            std::vector<SheetCell> row{std::to_string(turn), std::string(clock)};
            for (std::size_t o = 0; o < scenario.objectives.size(); ++o) {
                std::string held = current && o < state.held.size() ? state.held[o] : "";
                for (const SideSetup& side : scenario.sides)
                    if (!held.empty() && side.id == held) held = side.name;
                row.emplace_back(held);
            }
            row.emplace_back(current ? std::to_string(state.vp[0]) + " so far" : "");
            row.emplace_back(current ? std::to_string(state.vp[1]) + " so far" : "");
            row.push_back(SheetCell::tick(1, turn < state.turn ? 1 : 0));
            table.add(row, current);
        }
        s.blocks.push_back(SheetBlock::of(table));
        sheet.sections.push_back(s);
    }
    sheet.sources = sources(game, true);
    return sheet;
}

}  // namespace cw_sheet_detail

std::vector<std::string> clausewitz_sheet_kinds() { return {"reference", "brigade-cards", "victory"}; }

SheetContent clausewitz_sheet(const Game& game, std::string_view kind) {
    if (kind == "reference") return cw_sheet_detail::quick_reference(game);
    if (kind == "brigade-cards") return cw_sheet_detail::brigade_cards(game);
    if (kind == "victory") return cw_sheet_detail::victory(game);
    throw RuleError("Clausewitz prints no '" + std::string(kind) + "' sheet (it prints: reference, brigade-cards, victory)");
}

}  // namespace fortuna::clausewitz
