// SPDX-License-Identifier: MIT
// Doctrines: reading a scenario's doctrine file against the scenario, and when the programmed generals call a battle decided.
#include <algorithm>
#include <array>
#include <cmath>

#include "fortuna/core/errors.hpp"
#include "fortuna/land/game.hpp"
#include "fortuna/seam/library.hpp"
#include "fortuna/land/opponent.hpp"
#include "core/json_reader.hpp"

namespace fortuna {

namespace fs = std::filesystem;
using detail::JsonReader;

namespace {

// The index of the unit of `side` with this code, or a DataError naming the field and the codes of that side.
void require_unit_of_side(const Scenario& scenario, int side, const std::string& code, const JsonReader& where) {
    std::string known;
    for (const CommandSetup& command : scenario.sides[static_cast<std::size_t>(side)].commands)
        for (const UnitSetup& unit : command.units) {
            if (unit.code == code) return;
            known += (known.empty() ? "" : ", ") + unit.code;
        }
    for (const ReinforcementSetup& r : scenario.reinforcements)
        if (r.side == scenario.sides[static_cast<std::size_t>(side)].id)
            for (const UnitSetup& unit : r.command.units) {
                if (unit.code == code) return;
                known += (known.empty() ? "" : ", ") + unit.code;
            }
    where.fail("a unit of " + scenario.sides[static_cast<std::size_t>(side)].name + " (" + known + ")", code);
}

SideDoctrine side_from_json(const JsonReader& node, const Scenario& scenario, int side) {
    SideDoctrine d;
    d.side = scenario.sides[static_cast<std::size_t>(side)].id;
    d.side_index = side;
    d.posture = enum_from_string<Posture>(node.string("posture"));
    d.source = node.string("source");
    if (node.has("objective")) {
        const JsonReader objective = node.at("objective");
        d.sources["objective"] = objective.string("source");
        d.engage_within_mm = objective.number_or("engage_within_mm", d.engage_within_mm);
        if (objective.has("terrain")) {
            const std::string name = objective.string("terrain");
            const auto feature = std::find_if(scenario.terrain.begin(), scenario.terrain.end(),
                                              [&](const TerrainFeature& f) { return f.name == name; });
            if (feature == scenario.terrain.end()) {
                std::string known;
                for (const TerrainFeature& f : scenario.terrain) known += (known.empty() ? "" : ", ") + f.name;
                objective.at("terrain").fail("the name of a terrain feature of " + scenario.id + " (" + known + ")", name);
            }
            d.objective_name = name;
            d.objective = feature_centre(*feature);
        } else if (objective.has("point")) {
            const JsonReader point = objective.at("point");
            d.objective = BoardPoint{point.number("x_mm"), point.number("y_mm")};
            if (!scenario.board.contains(*d.objective)) point.fail("a point on the board", "outside it");
            d.objective_name = "the point (" + std::to_string(static_cast<int>(d.objective->x_mm)) + ", " +
                               std::to_string(static_cast<int>(d.objective->y_mm)) + ")";
        } else {
            objective.fail("'terrain' (a feature's name) or 'point' ({\"x_mm\", \"y_mm\"})");
        }
    }
    if (node.has("advance")) {
        const JsonReader advance = node.at("advance");
        d.advance_test = static_cast<int>(std::lround(advance.number("test") * 1000));
        d.sources["advance"] = advance.string("source");
    }
    if (node.has("attack")) {
        const JsonReader attack = node.at("attack");
        d.min_favourable = attack.number("min_favourable");
        d.counter_charge_within_mm = attack.number_or("counter_charge_within_mm", 0);
        d.sources["attack"] = attack.string("source");
    }
    if (node.has("artillery")) {
        const JsonReader artillery = node.at("artillery");
        d.aim = enum_from_string<ArtilleryAim>(artillery.string("aim"));
        d.sources["artillery"] = artillery.string("source");
    }
    if (node.has("rally")) {
        const JsonReader rally = node.at("rally");
        d.rally_general_within_mm = rally.number("general_within_mm");
        d.sources["rally"] = rally.string("source");
    }
    if (node.has("break_off")) {
        const JsonReader break_off = node.at("break_off");
        d.break_off_percent = break_off.number("percent_lost");
        d.sources["break_off"] = break_off.string("source");
    }
    if (node.has("reserves")) {
        const JsonReader reserves = node.at("reserves");
        for (std::size_t i = 0; i < reserves.size(); ++i) {
            const JsonReader entry = reserves.at(i);
            ReserveOrder order;
            const JsonReader units = entry.at("units");
            for (std::size_t k = 0; k < units.size(); ++k) {
                const std::string code = units.at(k).as_string();
                require_unit_of_side(scenario, side, code, units.at(k));
                order.units.push_back(code);
            }
            if (entry.has("commit_at")) order.commit_at = parse_clock(entry.string("commit_at"));
            if (entry.has("enemy_within_mm")) order.enemy_within_mm = entry.number("enemy_within_mm");
            if (!order.commit_at && !order.enemy_within_mm)
                entry.fail("'commit_at' (HH:MM) or 'enemy_within_mm': when the reserve is committed");
            order.source = entry.string("source");
            d.reserves.push_back(std::move(order));
        }
    }
    return d;
}

}  // namespace

fs::path doctrine_path(const RulesLibrary& library, std::string_view scenario_id) {
    return library.data_dir() / "doctrines" / (std::string(scenario_id) + ".json");
}

Doctrines default_doctrines(const Scenario& scenario) {
    // docs/rules/opponent.md, "Without a doctrine file": the first player attacks, the other
    // holds its ground; both fight at even chances, rally with a general a turn's ride away.
    Doctrines doctrines;
    doctrines.scenario = scenario.id;
    const int first = std::max(0, scenario.side_index(scenario.first_player));
    for (int s = 0; s < static_cast<int>(scenario.sides.size()); ++s) {
        SideDoctrine d;
        d.side = scenario.sides[static_cast<std::size_t>(s)].id;
        d.side_index = s;
        d.posture = s == first ? Posture::Attack : Posture::Defend;
        d.source = "default doctrine (docs/rules/opponent.md): the first player attacks, the second defends";
        d.min_favourable = 0.5;
        d.counter_charge_within_mm = s == first ? 0 : 140;
        d.rally_general_within_mm = 200;
        // The scenario's initial orders (seed 000, 7.1.1) say what the side does and where.
        if (const auto& orders = scenario.sides[static_cast<std::size_t>(s)].orders) {
            d.posture = orders->posture;
            d.counter_charge_within_mm = d.posture == Posture::Attack ? 0 : 140;
            d.source = "the scenario's initial orders (seed 000, 7.1.1)" + (orders->text.empty() ? std::string() : ": " + orders->text);
            if (const auto objective = objective_of(scenario, *orders)) {
                d.objective = objective->at;
                d.objective_name = objective->name;
                d.sources["objective"] = "the scenario's initial orders (seed 000, 7.1.1)";
            }
        }
        doctrines.sides.push_back(std::move(d));
    }
    return doctrines;
}

Doctrines doctrines_from_json(const nlohmann::json& document, const std::string& file, const RulesLibrary& library,
                              const Scenario& scenario) {
    validate_against_schema(document, "doctrine", file, library.data_dir());
    const JsonReader root(document, file);
    if (root.string("scenario") != scenario.id)
        root.at("scenario").fail("the id of the scenario it is for (" + scenario.id + ")", root.string("scenario"));
    Doctrines doctrines = default_doctrines(scenario);
    doctrines.file = file;
    const JsonReader sides = root.at("sides");
    for (const auto& [id, node] : document.at("sides").items()) {
        const int side = scenario.side_index(id);
        if (side < 0)
            sides.fail_at(id, "a side of " + scenario.id + " ('" + scenario.sides[0].id + "' or '" + scenario.sides[1].id + "')",
                          id);
        doctrines.sides[static_cast<std::size_t>(side)] = side_from_json(sides.at(id), scenario, side);
    }
    return doctrines;
}

Doctrines load_doctrines(const RulesLibrary& library, const Scenario& scenario) {
    const fs::path file = doctrine_path(library, scenario.id);
    std::error_code missing;
    if (!fs::exists(file, missing)) return default_doctrines(scenario);
    return doctrines_from_json(read_json_file(file), file.string(), library, scenario);
}

// ---- When is a battle decided (docs/rules/opponent.md, "The end of a battle") ----------------

namespace {

// Bases that no longer fight: lost, routing on the table, or routed off it (seed 000, 9.2:
// sauve qui peut is the army's flight; 7.2.4: routers off the board are removed).
int bases_out_of_the_fight(const Game& game, int side) {
    int out = 0;
    for (std::size_t i = 0; i < game.units().size(); ++i) {
        const Unit& unit = game.units()[i];
        if (unit.id.side != side || unit.now.presence == Presence::Awaiting) continue;
        out += unit.id.bases_start - unit.now.bases;
        if (unit.now.presence == Presence::OffBoard || unit.now.state == UnitState::Routing) out += unit.now.bases;
    }
    return out;
}

}  // namespace

BattleOutcome judge_battle(const Game& game, const Doctrines& doctrines) {
    // Asked after every action of a computer-played battle: each side's tally is taken once.
    const std::array<SideTally, 2> tallies{game.tally(0), game.tally(1)};
    BattleOutcome outcome;
    outcome.minutes = game.minutes();
    outcome.judgement = judge_victory(game.rules(), tallies[0].bases_lost, tallies[0].bases_start, tallies[1].bases_lost,
                                      tallies[1].bases_start, tallies[0].name, tallies[1].name);
    const auto decide = [&](int loser, std::string how, std::string words) {
        outcome.decided = true;
        outcome.loser = loser;
        outcome.winner = loser < 0 ? -1 : 1 - loser;
        outcome.how = std::move(how);
        outcome.words = std::move(words);
        return outcome;
    };
    for (int s = 0; s < 2; ++s) {
        const SideTally& tally = tallies[static_cast<std::size_t>(s)];
        const int out = bases_out_of_the_fight(game, s);
        if (tally.bases_start > 0 && 2 * out >= tally.bases_start)
            return decide(s, "sauve-qui-peut",
                          tally.name + " flees the field: " + std::to_string(out) + " of " + std::to_string(tally.bases_start) +
                              " bases lost or routing (seed 000, 9.2)");
    }
    for (int s = 0; s < 2; ++s) {
        const SideDoctrine& doctrine = doctrines.side(s);
        const SideTally& tally = tallies[static_cast<std::size_t>(s)];
        if (doctrine.break_off_percent && tally.percent_lost >= *doctrine.break_off_percent)
            return decide(s, "broke off",
                          tally.name + " breaks off the attack at " + std::to_string(static_cast<int>(std::lround(tally.percent_lost))) +
                              "% lost (" + doctrine.sources.at("break_off") + ")");
    }
    if (game.minutes() >= game.scenario().dusk) {
        const std::string& w = outcome.judgement.winner;
        const int loser = w == "a" ? 1 : w == "b" ? 0 : -1;
        return decide(loser, "dusk", "dusk at " + format_clock(game.scenario().dusk) + ": " + outcome.judgement.result);
    }
    return outcome;
}

}  // namespace fortuna
