// SPDX-License-Identifier: MIT
// fortuna-cli's naval subcommands (The Age of Sail, seed 000): broadside, boarding, wind, the ruler and a scenario's board.
//
// Each command parses its options in a few lines and hands plain values to a function that
// builds the JSON document and the human lines, so the parsing can change without the logic.
#include <cmath>
#include <cstdio>
#include <fstream>
#include <random>

#include "cli.hpp"
#include "fortuna/core/errors.hpp"
#include "fortuna/naval/model.hpp"
#include "fortuna/naval/system.hpp"
#include "session_play.hpp"

namespace fortuna::cli {
namespace {

using nlohmann::json;

Dice naval_dice(const std::optional<int>& seed) {
    if (seed) return Dice(static_cast<std::uint64_t>(*seed));
    std::random_device device;
    return Dice((static_cast<std::uint64_t>(device()) << 32) | device());
}

std::optional<int> seed_of(const Arguments& args) {
    return args.value("seed") ? std::optional<int>(args.integer("seed")) : std::nullopt;
}

json probability_json(const Distribution& distribution) {
    json out = json::object();
    for (const auto& [name, p] : distribution) out[name] = p.value();
    return out;
}

std::string chances_line(const Distribution& distribution) {
    std::string line = "chances:";
    for (const auto& [name, p] : distribution)
        if (p.numerator) line += std::string(line.size() > 8 ? "," : "") + " " + name + " " + p.percent();
    return line;
}

json rolls_json(const std::vector<Roll>& rolls) {
    json out = json::array();
    for (const auto& r : rolls) out.push_back(r.value);
    return out;
}

void add_naval_steps(std::vector<std::string>& lines, const Explanation& steps) {
    for (const auto& step : steps) lines.push_back("  " + step);
}

// ------------------------------------------------------------------ broadside

struct BroadsideQuestion {
    int decks = 0;
    double range_cm = 0;
    Aim aim = Aim::Hull;
    std::optional<std::string> rolls;  // "3,6,6"
    std::optional<int> seed;
    bool preview = false;
    std::string who;  // "Arethusa's starboard broadside at Belle Poule", or ""
};

int answer_broadside(Context& context, const NavalTables& tables, const BroadsideQuestion& q) {
    const BroadsideSetup setup = prepare_broadside(tables, q.decks, q.range_cm, q.aim);
    const BroadsideOdds odds = broadside_odds(setup);
    json document{{"decks", q.decks}, {"range_cm", q.range_cm}, {"aim", std::string(to_string(q.aim))}, {"score", setup.score},
                  {"band", {{"from_cm", setup.band->from_cm}, {"to_cm", setup.band->to_cm}}},
                  {"probabilities", probability_json(odds.as_distribution())}};
    std::vector<std::string> lines;
    if (!q.who.empty()) {
        document["broadside"] = q.who;
        lines.push_back(q.who);
    }
    if (q.preview) {
        document["explanation"] = setup.explanation;
        lines.push_back(std::to_string(q.decks) + " dice, " + std::to_string(setup.score) + " or more hits");
        add_naval_steps(lines, setup.explanation);
        lines.push_back(chances_line(odds.as_distribution()));
        emit(context, document, lines);
        return kExitOk;
    }
    std::vector<Roll> rolls;
    if (q.rolls) {
        rolls = parse_dice_pool(*q.rolls, q.decks, "--rolls");
    } else {
        Dice dice = naval_dice(q.seed);
        for (int i = 0; i < q.decks; ++i) rolls.push_back(dice.roll(RollKind::D6));
    }
    const BroadsideRoll r = roll_broadside(tables, setup, rolls);
    document.update({{"dice", rolls_json(rolls)}, {"entered", q.rolls.has_value()}, {"hits", r.hits}, {"sixes", r.sixes},
                     {"fire", r.fire}, {"explanation", r.explanation}});
    lines.push_back(std::to_string(r.hits) + (r.hits == 1 ? " hit" : " hits") + (r.fire ? ", the target catches fire" : ""));
    add_naval_steps(lines, r.explanation);
    lines.push_back(chances_line(odds.as_distribution()));
    emit(context, document, lines);
    return kExitOk;
}

int run_broadside(const Arguments& args, Context& context) {
    const NavalTables tables = load_naval_tables(context.data_dir);
    BroadsideQuestion q;
    q.aim = aim_from_string(args.value("aim").value_or("hull"));
    q.rolls = args.value("rolls");
    q.seed = seed_of(args);
    q.preview = args.flag("preview");
    if (const auto scenario = args.value("scenario")) {
        // The ships' own sheets and places: decks on the side facing the target, range centre to centre.
        const NavalScenario s = load_naval_scenario(system_scenario_file(context, naval_system(), *scenario), tables, context.data_dir);
        const NavalGame game(tables, s);
        const Ship& firer = game.ship(args.required("ship"));
        const Ship& target = game.ship(args.required("target"));
        const auto side = arc_holding(tables, firer, target);
        if (!side) throw RuleError(target.name + " is in neither broadside arc of " + firer.name + " (ahead or astern)");
        q.decks = *side == BroadsideSide::Port ? firer.now.port_decks : firer.now.starboard_decks;
        q.range_cm = distance_cm(firer, target);
        q.who = firer.name + "'s " + std::string(to_string(*side)) + " broadside at " + target.name + " (" + format_tenths(q.range_cm) +
                " cm, " + std::string(to_string(aspect_of(target, firer))) + " aspect)";
    } else {
        q.decks = args.integer("decks");
        q.range_cm = args.number("range");
    }
    return answer_broadside(context, tables, q);
}

// ------------------------------------------------------------------ boarding

int answer_boarding(Context& context, int attacker, int defender, const std::optional<std::string>& attacker_rolls,
                    const std::optional<std::string>& defender_rolls, const std::optional<int>& seed, bool preview) {
    const BoardingOdds odds = boarding_odds(attacker, defender);
    json document{{"attacker_decks", attacker}, {"defender_decks", defender}, {"probabilities", probability_json(odds.as_distribution())}};
    std::vector<std::string> lines;
    if (!preview) {
        Dice dice = naval_dice(seed);
        auto pool = [&](const std::optional<std::string>& typed, int n, const char* what) {
            if (typed) return parse_dice_pool(*typed, n, what);
            std::vector<Roll> rolls;
            for (int i = 0; i < n; ++i) rolls.push_back(dice.roll(RollKind::D6));
            return rolls;
        };
        const auto a = pool(attacker_rolls, attacker, "--attacker-rolls");
        const auto d = pool(defender_rolls, defender, "--defender-rolls");
        const BoardingRoll r = roll_boarding(attacker, defender, a, d);
        document.update({{"attacker_dice", rolls_json(a)}, {"defender_dice", rolls_json(d)}, {"attacker_total", r.attacker_total},
                         {"defender_total", r.defender_total},
                         {"winner", r.winner == 0 ? "attacker" : r.winner == 1 ? "defender" : "tie"}, {"explanation", r.explanation}});
        lines.push_back(r.explanation.back());
        add_naval_steps(lines, r.explanation);
    }
    lines.push_back(chances_line(odds.as_distribution()));
    emit(context, document, lines);
    return kExitOk;
}

int run_boarding(const Arguments& args, Context& context) {
    const int a = args.integer("attacker-decks"), d = args.integer("defender-decks");
    if (a < 1 || a > 6 || d < 0 || d > 6) throw UsageError("gun decks: the boarder 1-6, the defender 0-6 (3 a side at most)");
    return answer_boarding(context, a, d, args.value("attacker-rolls"), args.value("defender-rolls"), seed_of(args), args.flag("preview"));
}

// ------------------------------------------------------------------ wind

int answer_wind(Context& context, const NavalTables& tables, WindState wind, const std::optional<std::string>& rolls,
                const std::optional<int>& seed, std::optional<double> heading, int mast_units) {
    json document{{"before", {{"from", tables.compass[static_cast<std::size_t>(wind.direction)]}, {"speed", wind.speed}}},
                  {"probabilities", probability_json(wind_probabilities(tables, wind))}};
    // The chance of every wind after the end-of-round dice, before they are thrown (docs/cli.md).
    std::vector<std::string> lines{chances_line(wind_probabilities(tables, wind))};
    std::vector<Roll> dice;
    if (rolls) {
        dice = parse_dice_pool(*rolls, 2, "--rolls (direction,speed)");
    } else {
        Dice generator = naval_dice(seed);
        dice = {generator.roll(RollKind::D6), generator.roll(RollKind::D6)};
    }
    const WindChange change = change_wind(tables, wind, dice[0], dice[1]);
    const std::string after = tables.compass[static_cast<std::size_t>(change.after.direction)];
    document.update({{"dice", rolls_json(dice)}, {"after", {{"from", after}, {"speed", change.after.speed}}},
                     {"high_seas", high_seas(tables, change.after)}, {"explanation", change.explanation}});
    lines.push_back("wind from " + after + ", speed " + std::to_string(change.after.speed));
    add_naval_steps(lines, change.explanation);
    if (heading) {
        const SailingAllowance a = sailing_allowance(tables, change.after, *heading, mast_units);
        document["sailing"] = {{"heading_deg", *heading}, {"mast_units", mast_units}, {"point_of_sail", a.band ? a.band->id : ""},
                               {"can_sail", a.can_sail || a.drifting}, {"allowance_cm", a.allowance_cm}, {"explanation", a.explanation}};
        lines.push_back("heading " + format_tenths(*heading) + "°: " + (a.can_sail || a.drifting ? format_tenths(a.allowance_cm) + " cm" : "cannot sail"));
        add_naval_steps(lines, a.explanation);
    }
    emit(context, document, lines);
    return kExitOk;
}

int run_wind(const Arguments& args, Context& context) {
    const NavalTables tables = load_naval_tables(context.data_dir);
    WindState wind{tables.compass_index(args.value("from").value_or("W")), args.integer("speed", tables.speed_start)};
    if (wind.speed < tables.speed_min || wind.speed > tables.speed_max)
        throw UsageError("--speed is a wind of " + std::to_string(tables.speed_min) + " to " + std::to_string(tables.speed_max));
    const auto heading = args.value("heading") ? std::optional<double>(args.number("heading")) : std::nullopt;
    return answer_wind(context, tables, wind, args.value("rolls"), seed_of(args), heading, args.integer("mast-units", 3));
}

// ------------------------------------------------------------------ ruler and board

int run_ruler(const Arguments&, Context& context) {
    const NavalTables tables = load_naval_tables(context.data_dir);
    json bands = json::array();
    std::vector<std::string> lines{"range        hull (gun decks)  sails"};
    for (const auto& b : tables.firing) {
        bands.push_back({{"from_cm", b.from_cm}, {"to_cm", b.to_cm}, {"hull", b.hull}, {"sails", b.sails}});
        char line[96];
        std::snprintf(line, sizeof line, "%2g-%2g cm     %d-6               %d%s", b.from_cm, b.to_cm, b.hull, b.sails, b.sails < 6 ? "-6" : "");
        lines.push_back(line);
    }
    emit(context, json{{"bands", bands}, {"max_range_cm", tables.max_range_cm}}, lines);
    return kExitOk;
}

int run_board(const Arguments& args, Context& context) {
    if (args.positional().size() != 1) throw UsageError("name one naval scenario (an id in data/scenarios or a file)");
    const NavalTables tables = load_naval_tables(context.data_dir);
    const NavalScenario scenario = load_naval_scenario(system_scenario_file(context, naval_system(), args.positional().front()), tables, context.data_dir);
    NavalGame game(tables, scenario);
    std::vector<std::string> lines;
    json applied = json::array();
    if (const auto file = args.value("actions")) {
        // One naval action as JSON per line (naval_action_to_json's form); rolls left out are generated.
        std::ifstream in(*file);
        if (!in) throw DataError(*file, "", "a readable file of naval actions, one JSON object a line", "it cannot be opened");
        Dice dice = naval_dice(seed_of(args).value_or(0));
        std::string text;
        for (int number = 1; std::getline(in, text); ++number) {
            if (text.find_first_not_of(" \t\r") == std::string::npos) continue;
            try {
                const auto& done = game.apply(naval_action_from_json(json::parse(text)), dice);
                applied.push_back({{"line", number}, {"summary", done.summary}, {"action", naval_action_to_json(done.action)}});
                lines.push_back(std::to_string(number) + ". " + done.summary);
            } catch (const json::exception& error) {
                throw DataError(*file, std::to_string(number), "a naval action as JSON", error.what());
            } catch (const RuleError& error) {
                throw RuleError(*file + ":" + std::to_string(number) + ": " + error.what());
            }
        }
    }
    const json state = game.to_json();
    for (const auto& line : naval_state_lines(game)) lines.push_back(line);
    // Arcs and ranges: every enemy within the firing table, with the side it is on and the score.
    json in_range = json::array();
    lines.push_back("in range:");
    for (const auto& a : game.state().ships)
        for (const auto& b : game.state().ships) {
            if (a.now.sunk || b.now.sunk || a.now.side == b.now.side) continue;
            const auto side = arc_holding(tables, a, b);
            const double d = distance_cm(a, b);
            if (!side || d > tables.max_range_cm) continue;
            const int decks = *side == BroadsideSide::Port ? a.now.port_decks : a.now.starboard_decks;
            const BroadsideSetup setup = prepare_broadside(tables, std::max(decks, 1), d, Aim::Hull);
            in_range.push_back({{"ship", a.id}, {"target", b.id}, {"side", std::string(to_string(*side))}, {"range_cm", d},
                                {"decks", decks}, {"hull_score", setup.band->hull}, {"sails_score", setup.band->sails}});
            lines.push_back("  " + a.id + " " + std::string(to_string(*side)) + " -> " + b.id + " " + format_tenths(d) + " cm, " +
                            std::to_string(decks) + " dice, hull " + std::to_string(setup.band->hull) + "-6, sails " +
                            std::to_string(setup.band->sails) + (setup.band->sails < 6 ? "-6" : ""));
        }
    json document = state;
    document["in_range"] = in_range;
    if (!applied.empty()) document["applied"] = applied;
    emit(context, document, lines);
    return kExitOk;
}

void declare_broadside(CLI::App& command) {
    command.add_option("--decks", "gun decks firing (without --scenario)")->type_name("N");
    command.add_option("--range", "range in cm on the table (without --scenario)")->type_name("CM");
    command.add_option("--scenario", "a naval scenario: decks, side and range come from its ships")->type_name("S");
    command.add_option("--ship", "the firing ship (with --scenario)")->type_name("ID");
    command.add_option("--target", "the target ship (with --scenario)")->type_name("ID");
    command.add_option("--aim", "aim at the hull or the sails")->type_name("hull|sails");
    command.add_option("--rolls", "the dice thrown, one per deck, e.g. 3,6,6")->type_name("D,D,..");
    command.add_option("--seed", "seed for generated dice")->type_name("N");
    command.add_flag("--preview")->description("the chances only, no throw");
}
void declare_boarding(CLI::App& command) {
    command.add_option("--attacker-decks", "the boarder's gun decks")->type_name("N");
    command.add_option("--defender-decks", "the defender's gun decks")->type_name("N");
    command.add_option("--attacker-rolls", "the boarder's dice, e.g. 6,2")->type_name("D,D,..");
    command.add_option("--defender-rolls", "the defender's dice")->type_name("D,D,..");
    command.add_option("--seed", "seed for generated dice")->type_name("N");
    command.add_flag("--preview")->description("the chances only, no throw");
}
void declare_wind(CLI::App& command) {
    command.add_option("--from", "the wind's direction now (8-point compass)")->type_name("W");
    command.add_option("--speed", "the wind's speed level now")->type_name("N");
    command.add_option("--rolls", "the direction and speed dice, e.g. 4,2")->type_name("DIRECTION,SPEED");
    command.add_option("--seed", "seed for generated dice")->type_name("N");
    command.add_option("--heading", "a ship's heading in degrees: its point of sail and allowance")->type_name("DEG");
    command.add_option("--mast-units", "the ship's mast units (with --heading)")->type_name("N");
}
void declare_ruler(CLI::App&) {}
void declare_board(CLI::App& command) {
    command.add_option("scenario", "a naval scenario id in data/scenarios or a file")->type_name("SCENARIO");
    command.add_option("--actions", "naval actions to apply first, one JSON object a line")->type_name("FILE.jsonl");
    command.add_option("--seed", "seed for generated dice")->type_name("N");
}

const Registration naval_registrations[] = {
    {"broadside", "a broadside by range band against hull or sails, with exact odds (The Age of Sail)", declare_broadside,
     run_broadside},
    {"boarding", "a boarding by gun decks, with the chances of capture and tie", declare_boarding, run_boarding},
    {"wind", "the end-of-round wind dice and the point of sailing", declare_wind, run_wind},
    {"naval ruler", "the range ruler of The Age of Sail", declare_ruler, run_ruler},
    {"naval board", "a naval scenario's state, ships in range, and naval actions applied", declare_board, run_board},
};

}  // namespace
}  // namespace fortuna::cli
