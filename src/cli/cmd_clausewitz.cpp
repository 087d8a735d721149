// SPDX-License-Identifier: MIT
// fortuna-cli's Clausewitz subcommands (seed 003): fire, skirmish, bombard, melee, morale, move,
// command, zone and chips, each with the exact odds, and a throw explained step by step.
//
// The contract of issue 30 (item 6) is fixed: `fire` gives dice_used, expected_hits and hits;
// `melee` hit_on and hits; `morale` pass_on and probability; `move` distance_cm. Without
// --preview a command also throws (seeded by --seed, or the faces typed with --*-dice).
#include <cmath>
#include <cstdio>
#include <random>

#include "cli.hpp"
#include "fortuna/clausewitz/board.hpp"
#include "fortuna/clausewitz/resolvers.hpp"
#include "fortuna/clausewitz/tables.hpp"
#include "fortuna/core/errors.hpp"

namespace fortuna::cli {
namespace {

namespace cw = fortuna::clausewitz;
using nlohmann::json;

Dice clausewitz_dice(const Arguments& args) {
    if (const auto seed = args.seed()) return Dice(*seed);
    std::random_device device;
    return Dice((static_cast<std::uint64_t>(device()) << 32) | device());
}

std::string percent(long double p) {
    char text[32];
    std::snprintf(text, sizeof text, "%.2f%%", static_cast<double>(p * 100));
    return text;
}
std::string decimal(long double value, int places = 2) {
    char text[32];
    std::snprintf(text, sizeof text, "%.*f", places, static_cast<double>(value));
    return text;
}

json odds_json(const cw::CountOdds& odds) {
    json out = json::object();
    for (std::size_t k = 0; k < odds.p.size(); ++k) out[std::to_string(k)] = static_cast<double>(odds.p[k]);
    return out;
}

std::string odds_line(const std::string& what, const cw::CountOdds& odds) {
    std::string line = what + ":";
    for (std::size_t k = 0; k < odds.p.size(); ++k)
        if (odds.p[k] > 0) line += " " + std::to_string(k) + " " + percent(odds.p[k]) + ",";
    if (line.back() == ',') line.pop_back();
    return line;
}

void add_steps(std::vector<std::string>& lines, const cw::Explanation& steps) {
    for (const auto& step : steps) lines.push_back("  " + step);
}

json faces_json(const std::vector<int>& faces) { return json(faces); }

int whole(const Arguments& args, const std::string& name, int low, int high, std::optional<int> fallback = std::nullopt) {
    const int value = args.integer(name, fallback);
    if (value < low || value > high)
        throw UsageError("--" + name + " expects a whole number from " + std::to_string(low) + " to " + std::to_string(high) + ", not " +
                         std::to_string(value));
    return value;
}

std::optional<int> optional_score(const Arguments& args, const std::string& name, int low, int high) {
    if (!args.value(name)) return std::nullopt;
    return whole(args, name, low, high);
}

// ------------------------------------------------------------------ fire, skirmish, bombard

cw::RangeBand range_of(const Arguments& args, const cw::Tables& tables, const std::string& default_weapon, std::vector<std::string>& notes) {
    const auto range = args.value("range");
    const auto distance = args.value("distance");
    if (range && distance) throw UsageError("give --range or --distance, not both");
    if (range) return cw::range_from(*range, "--range");
    if (!distance) throw UsageError("--range expects effective|long (or give --distance CM with --weapon)");
    const double cm = args.number("distance");
    const cw::Weapon& weapon = tables.weapon(args.value("weapon").value_or(default_weapon));
    if (!(cm >= 0)) throw UsageError("--distance expects a distance in cm of 0 or more");
    if (cm > weapon.long_cm)
        throw RuleError("out of range: " + weapon.id + " reach " + decimal(weapon.effective_cm, 0) + " cm effective and " + decimal(weapon.long_cm, 0) +
                        " cm long, not " + decimal(cm, 1) + " cm (seed 003, \"Clausewitz Full Alpha Ruleset\", Weapons)");
    const cw::RangeBand band = cm <= weapon.effective_cm ? cw::RangeBand::Effective : cw::RangeBand::Long;
    notes.push_back(weapon.id + " at " + decimal(cm, 1) + " cm: " + std::string(cw::to_string(band)) + " range (effective to " +
                    decimal(weapon.effective_cm, 0) + " cm, long to " + decimal(weapon.long_cm, 0) + " cm)");
    return band;
}

int run_fire_kind(const Arguments& args, Context& context, cw::FireKind kind) {
    const cw::Tables tables = cw::load_tables(context.data_dir);
    cw::FireRequest request;
    request.kind = kind;
    request.dice = whole(args, "dice", 0, 300);
    std::vector<std::string> notes;
    request.range = range_of(args, tables, kind == cw::FireKind::Artillery ? "6pdr" : "musket", notes);
    if (kind == cw::FireKind::Volley) request.firer = cw::formation_from(args.value("formation").value_or("line"), "--formation");
    request.steady = optional_score(args, "steady", 1, 6);
    if (kind != cw::FireKind::Artillery || args.flag("enfilade")) request.enfilade = args.flag("enfilade");
    if (kind == cw::FireKind::Artillery) {
        request.target = cw::formation_from(args.value("target").value_or("line"), "--target");
        request.target_flank = args.flag("flank");
    }
    if (args.value("save") && args.value("cover")) throw UsageError("give --save or --cover, not both");
    request.save = optional_score(args, "save", 2, 6);
    if (const auto cover = args.value("cover")) request.save = tables.save_on(*cover);
    const cw::FireSetup setup = cw::prepare_fire(tables, request);
    const cw::FireOdds odds = cw::fire_odds(setup);
    const bool preview = args.flag("preview");
    json document{{"kind", kind == cw::FireKind::Volley ? "fire" : kind == cw::FireKind::Skirmish ? "skirmish" : "bombard"},
                  {"dice_given", setup.dice_given},
                  {"dice_used", setup.dice_used},
                  {"dice_terms", setup.dice_terms.to_json()},
                  {"range", std::string(cw::to_string(request.range))},
                  {"steady_on", setup.steady_on},
                  {"fire_on", setup.fire_on},
                  {"steady_probability", static_cast<double>(odds.steady_success)},
                  {"fire_probability", static_cast<double>(odds.fire_success)},
                  {"hit_probability_per_die", static_cast<double>(odds.per_die)},
                  {"damage", setup.damage == cw::ArtilleryEffect::Half ? "half" : setup.damage == cw::ArtilleryEffect::Double ? "double" : "normal"},
                  {"expected_hits", static_cast<double>(odds.damage.expected())},
                  {"hits", odds_json(odds.damage)},
                  {"dice_hits", odds_json(odds.dice_hits)},
                  {"steady_successes", odds_json(odds.steady_successes)}};
    if (kind == cw::FireKind::Volley) document["formation"] = std::string(cw::to_string(request.firer));
    if (setup.save_on) document["save_on"] = *setup.save_on;
    cw::Explanation steps = notes;
    steps.insert(steps.end(), setup.explanation.begin(), setup.explanation.end());
    std::vector<std::string> lines{std::string(kind == cw::FireKind::Volley ? "Fire!" : kind == cw::FireKind::Skirmish ? "Fire Skirmish Weapons" : "Bombard") +
                                   ": " + std::to_string(setup.dice_used) + " dice, Steady! " + std::to_string(setup.steady_on) + "+ (" +
                                   percent(odds.steady_success) + " a die) then Fire! " + std::to_string(setup.fire_on) + "+ (" +
                                   percent(odds.fire_success) + ")"};
    lines.push_back("each die scores with " + percent(odds.per_die) + "; expected hits on the target " + decimal(odds.damage.expected()));
    lines.push_back(odds_line("hits on the target", odds.damage));
    if (!preview) {
        Dice dice = clausewitz_dice(args);
        cw::DiceSource source(&dice);
        const cw::FireThrow t = cw::throw_fire(setup, source, args.value("steady-dice"), args.value("fire-dice"), args.value("save-dice"));
        document["throw"] = {{"steady_dice", faces_json(t.steady_dice)}, {"fire_dice", faces_json(t.fire_dice)}, {"save_dice", faces_json(t.save_dice)},
                             {"steady_successes", t.steady_successes}, {"hits", t.hits}, {"saved", t.saved}, {"damage", t.damage},
                             {"entered", args.value("steady-dice").has_value()}};
        steps = notes;
        steps.insert(steps.end(), t.explanation.begin(), t.explanation.end());
        lines.push_back("thrown: " + std::to_string(t.damage) + " hit" + (t.damage == 1 ? "" : "s") + " on the target");
    } else if (args.value("steady-dice") || args.value("fire-dice")) {
        throw UsageError("--preview shows the odds only: leave out --steady-dice and --fire-dice, or --preview");
    }
    document["explanation"] = steps;
    add_steps(lines, steps);
    emit(context, document, lines);
    return kExitOk;
}

int run_fire(const Arguments& args, Context& context) { return run_fire_kind(args, context, cw::FireKind::Volley); }
int run_skirmish(const Arguments& args, Context& context) { return run_fire_kind(args, context, cw::FireKind::Skirmish); }
int run_bombard(const Arguments& args, Context& context) { return run_fire_kind(args, context, cw::FireKind::Artillery); }

void declare_fire_common(CLI::App& command, const std::string& dice_help) {
    command.add_option("--dice")->description(dice_help)->type_name("N")->required();
    command.add_option("--range", "the range band of the target")->type_name("effective|long");
    command.add_option("--distance", "or: the distance to the target, with --weapon for its range band")->type_name("CM");
    command.add_option("--weapon", "the weapon for --distance (musket, rifle, pistol, 6pdr, 12pdr, howitzer)")->type_name("W");
    command.add_option("--steady", "the brigade's Steady score when not 5+")->type_name("S");
    command.add_option("--save", "the target's saving throw")->type_name("S");
    command.add_option("--cover", "the target's cover, for its save")->type_name("woods|village");
    command.add_flag("--preview")->description("the exact odds only, no throw");
    command.add_option("--seed", "seed for the thrown dice")->type_name("N");
    command.add_option("--steady-dice", "the Steady! faces typed, one a die used, e.g. 6,3,1")->type_name("F,F,..");
    command.add_option("--fire-dice", "the Fire! faces typed, one a Steady! success")->type_name("F,F,..");
    command.add_option("--save-dice", "the target's saving throws typed, one a hit")->type_name("F,F,..");
}
void declare_fire(CLI::App& command) {
    declare_fire_common(command, "combat dice of the brigade's front units");
    command.add_option("--formation", "the firing units' formation (column and square use a quarter of the dice, rounded up)")->type_name("line|column|square");
    command.add_flag("--enfilade")->description("firing on the flank of a unit in line: double damage");
}
void declare_skirmish(CLI::App& command) {
    declare_fire_common(command, "the brigade's skirmish dice");
    command.add_flag("--enfilade")->description("firing on the flank of a unit in line: double damage");
}
void declare_bombard(CLI::App& command) {
    declare_fire_common(command, "the brigade's artillery dice (one a gun)");
    command.add_option("--target", "the target's formation: line halves the damage from the front, column and square double it")->type_name("line|column|square");
    command.add_flag("--flank")->description("into the flank of the target (a line takes double damage)");
    command.add_flag("--enfilade")->description("the same as --flank against a line");
}

// ------------------------------------------------------------------ melee

int run_melee(const Arguments& args, Context& context) {
    const cw::Tables tables = cw::load_tables(context.data_dir);
    cw::MeleeRequest request;
    request.dice = whole(args, "dice", 0, 300);
    request.against = cw::arm_from(args.required("against"), "--against");
    request.flank = args.flag("flank");
    request.rear = args.flag("rear");
    if (request.flank && request.rear) throw UsageError("--flank and --rear: an attack is on the flank or on the rear, not both");
    if (const auto slope = args.value("below")) {
        if (*slope == "gentle") request.slope = cw::Slope::GentleBelow;
        else if (*slope == "steep") request.slope = cw::Slope::SteepBelow;
        else throw UsageError("--below expects gentle|steep (the hill the brigade fights up), not '" + *slope + "'");
    }
    request.defending_village = args.flag("village");
    request.artillery = args.flag("artillery");
    request.general = args.flag("general");
    const cw::MeleeSetup setup = cw::prepare_melee(tables, request);
    const cw::CountOdds odds = cw::melee_odds(setup);
    json document{{"hit_on", setup.hit_on}, {"dice_used", setup.dice_used}, {"terms", setup.terms.to_json()},
                  {"against", std::string(cw::to_string(request.against))}, {"expected_hits", static_cast<double>(odds.expected())},
                  {"hits", odds_json(odds)}};
    if (setup.general_dice > 0) document["general_hit_on"] = setup.general_hit_on;
    std::vector<std::string> lines{"melee: " + std::to_string(setup.dice_used) + " dice hitting on " + std::to_string(setup.hit_on) + "+" +
                                   (setup.general_dice ? " and the general's die on " + std::to_string(setup.general_hit_on) + "+" : "") +
                                   "; expected hits " + decimal(odds.expected())};
    lines.push_back(odds_line("hits", odds));
    cw::Explanation steps = setup.explanation;
    if (!args.flag("preview")) {
        Dice dice = clausewitz_dice(args);
        cw::DiceSource source(&dice);
        const cw::MeleeThrow t = cw::throw_melee(setup, source, args.value("melee-dice"), args.value("general-dice"));
        document["throw"] = {{"dice", faces_json(t.dice)}, {"general_dice", faces_json(t.general_dice)}, {"hits", t.hits},
                             {"entered", args.value("melee-dice").has_value()}};
        steps = t.explanation;
        lines.push_back("thrown: " + std::to_string(t.hits) + " hit" + (t.hits == 1 ? "" : "s"));
    }
    document["explanation"] = steps;
    add_steps(lines, steps);
    emit(context, document, lines);
    return kExitOk;
}
void declare_melee(CLI::App& command) {
    command.add_option("--dice", "the brigade's combat dice")->type_name("N")->required();
    command.add_option("--against", "the enemy in contact: CC v Foot 5+, CC v Mounted 6+")->type_name("foot|mounted")->required();
    command.add_flag("--flank")->description("attacking the enemy's flank: +1");
    command.add_flag("--rear")->description("attacking the enemy's rear: +2");
    command.add_option("--below", "fighting up a hill: gentle -1, steep -2")->type_name("gentle|steep");
    command.add_flag("--village")->description("defending a village or town: +1");
    command.add_flag("--artillery")->description("the 'Artillery' rule: half the combat dice, rounded up");
    command.add_flag("--general")->description("a general in contact adds his guard's die, hitting on 4s");
    command.add_flag("--preview")->description("the exact odds only, no throw");
    command.add_option("--seed", "seed for the thrown dice")->type_name("N");
    command.add_option("--melee-dice", "the faces typed, one a combat die")->type_name("F,F,..");
    command.add_option("--general-dice", "the general's die typed")->type_name("F");
}

// ------------------------------------------------------------------ morale

int run_morale(const Arguments& args, Context& context) {
    const cw::Tables tables = cw::load_tables(context.data_dir);
    cw::MoraleRequest request;
    request.units = whole(args, "units", 1, tables.brigade_max_units);
    request.in_column = whole(args, "column", 0, tables.brigade_max_units, 0);
    request.in_square = whole(args, "square", 0, tables.brigade_max_units, 0);
    request.cavalry_threat = args.value("cavalry-threat") ? whole(args, "cavalry-threat", 1, 2) : 0;
    const cw::Arm arm = cw::arm_from(args.value("arm").value_or("foot"), "--arm");
    request.foot = arm == cw::Arm::Foot;
    const int actions_left = whole(args, "actions-left", 0, tables.actions, tables.actions - 1);
    const cw::MoraleSetup setup = cw::prepare_morale(tables, request);
    const cw::MoraleOdds odds = cw::morale_odds(tables, setup);
    json document{{"pass_on", setup.pass_on}, {"probability", odds.pass.value()}, {"withdraw", odds.withdraw.value()}, {"flee", odds.flee.value()},
                  {"of_36", {{"pass", odds.pass.numerator}, {"withdraw", odds.withdraw.numerator}, {"flee", odds.flee.numerator}}},
                  {"terms", setup.terms.to_json()}};
    std::vector<std::string> lines{"morale: passes on " + std::to_string(setup.pass_on) + "+ on 2d6, " + std::to_string(odds.pass.numerator) + "/36 = " +
                                   percent(odds.pass.value()) + "; withdraws " + percent(odds.withdraw.value()) + ", flees " + percent(odds.flee.value())};
    cw::Explanation steps = setup.explanation;
    if (!args.flag("preview")) {
        Dice dice = clausewitz_dice(args);
        cw::DiceSource source(&dice);
        const cw::MoraleThrow t = cw::throw_morale(tables, setup, source, args.value("dice"));
        const cw::Reaction reaction = cw::react(tables, t.result, t.margin, arm, actions_left);
        document["throw"] = {{"dice", {t.first, t.second}}, {"roll", t.roll}, {"result", std::string(cw::to_string(t.result))}, {"margin", t.margin},
                             {"distance_cm", reaction.distance_cm}, {"entered", args.value("dice").has_value()}};
        steps = t.explanation;
        steps.insert(steps.end(), reaction.explanation.begin(), reaction.explanation.end());
        lines.push_back("thrown: " + std::to_string(t.roll) + ", " + std::string(cw::to_string(t.result)) +
                        (reaction.distance_cm ? " " + std::to_string(reaction.distance_cm) + " cm" : ""));
    } else if (args.value("dice")) {
        throw UsageError("--preview shows the odds only: leave out --dice, or --preview");
    }
    document["explanation"] = steps;
    add_steps(lines, steps);
    emit(context, document, lines);
    return kExitOk;
}
void declare_morale(CLI::App& command) {
    command.add_option("--units", "unit bases in the brigade (not the command base): +1 each")->type_name("N")->required();
    command.add_option("--column", "units in column: +1 each")->type_name("K");
    command.add_option("--square", "units in square: +1 each")->type_name("K");
    command.add_option("--cavalry-threat", "the enemy's Cavalry (-1) or (-2) within 10 cm")->type_name("1|2");
    command.add_option("--arm", "the brigade's arm (Cavalry (-N) threatens foot; the distance of a flight)")->type_name("foot|mounted");
    command.add_option("--actions-left", "actions the element has left this turn, for the distance it flees (default 4)")->type_name("N");
    command.add_flag("--preview")->description("the exact odds only, no throw");
    command.add_option("--seed", "seed for the thrown dice")->type_name("N");
    command.add_option("--dice", "the two faces typed, e.g. 5,2")->type_name("A,B");
}

// ------------------------------------------------------------------ command

int run_command_test(const Arguments& args, Context& context) {
    const cw::Tables tables = cw::load_tables(context.data_dir);
    cw::CommandRequest request;
    request.general_rating = whole(args, "general", tables.command_rating_min, tables.command_rating_max);
    request.unit_rating = whole(args, "unit", tables.command_rating_min, tables.command_rating_max);
    request.command_points = whole(args, "points", 0, tables.command_points, 0);
    request.light_cavalry = whole(args, "light-cavalry", 0, tables.brigade_max_units, 0);
    request.distance_cm = args.number("distance", 0.0);
    const cw::CommandSetup setup = cw::prepare_command(tables, request);
    const Probability odds = cw::command_odds(setup);
    json document{{"pass_on", setup.pass_on}, {"probability", odds.value()}, {"of_36", odds.numerator}, {"terms", setup.terms.to_json()},
                  {"actions_lost", setup.actions_lost}, {"actions_left", setup.actions_left}};
    std::vector<std::string> lines{"command test: passes on " + std::to_string(setup.pass_on) + "+ on 2d6, " + std::to_string(odds.numerator) +
                                   "/36 = " + percent(odds.value()) + "; " + std::to_string(setup.actions_left) + " actions this turn"};
    cw::Explanation steps = setup.explanation;
    if (!args.flag("preview")) {
        Dice dice = clausewitz_dice(args);
        cw::DiceSource source(&dice);
        const cw::CommandThrow t = cw::throw_command(setup, source, args.value("dice"));
        document["throw"] = {{"dice", {t.first, t.second}}, {"roll", t.roll}, {"passed", t.passed}, {"entered", args.value("dice").has_value()}};
        steps = t.explanation;
        lines.push_back(std::string("thrown: ") + std::to_string(t.roll) + (t.passed ? ", passed" : ", failed"));
    }
    document["explanation"] = steps;
    add_steps(lines, steps);
    emit(context, document, lines);
    return kExitOk;
}
void declare_command(CLI::App& command) {
    command.add_option("--general", "the rating of the general giving the order, 1-5")->type_name("G")->required();
    command.add_option("--unit", "the rating of the brigade receiving it, 1-5")->type_name("U")->required();
    command.add_option("--points", "command points the general spends to help: +1 each")->type_name("K");
    command.add_option("--light-cavalry", "Light Cavalry units in the brigade: +1 each")->type_name("K");
    command.add_option("--distance", "from the general to the brigade: an action lost every 8 cm")->type_name("CM");
    command.add_flag("--preview")->description("the exact odds only, no throw");
    command.add_option("--seed", "seed for the thrown dice")->type_name("N");
    command.add_option("--dice", "the two faces typed, e.g. 5,2")->type_name("A,B");
}

// ------------------------------------------------------------------ move

int run_move(const Arguments& args, Context& context) {
    const cw::Tables tables = cw::load_tables(context.data_dir);
    cw::MoveRequest request;
    request.arm = cw::arm_from(args.required("arm"), "--arm");
    request.actions = whole(args, "actions", 1, tables.actions);
    request.quick = args.flag("quick");
    request.terrain = cw::terrain_from(args.value("terrain").value_or("open"), "--terrain");
    request.road = args.flag("road");
    if (const auto formation = args.value("formation")) request.formation = cw::formation_from(*formation, "--formation");
    request.in_zone = args.flag("in-zone");
    request.el_bruc = args.flag("el-bruc");
    const cw::Movement m = cw::move(tables, request);
    json document{{"distance_cm", m.distance_cm}, {"per_action_cm", m.per_action_cm}, {"terms", m.per_action.to_json()},
                  {"explanation", m.explanation}};
    std::vector<std::string> lines{std::to_string(m.distance_cm) + " cm (" + std::to_string(m.per_action_cm) + " cm an action: " + m.per_action.describe() + ")"};
    add_steps(lines, m.explanation);
    emit(context, document, lines);
    return kExitOk;
}
void declare_move(CLI::App& command) {
    command.add_option("--arm", "foot (and foot artillery) or mounted (cavalry, horse artillery, generals)")->type_name("foot|mounted")->required();
    command.add_option("--actions", "March or Quick March actions spent, 1-5")->type_name("N")->required();
    command.add_flag("--quick")->description("Quick March (open terrain only, never inside a zone of control)");
    command.add_option("--terrain", "the ground crossed")->type_name("open|rough|difficult|impassable");
    command.add_flag("--road")->description("along a road, in column: +1 cm an action");
    command.add_option("--formation", "the units' formation, checked (line cannot quick march, square cannot move)")->type_name("line|column|square");
    command.add_flag("--in-zone")->description("inside an enemy's zone of control");
    command.add_flag("--el-bruc")->description("the El Bruc rule: 1 cm an action through impassable terrain");
}

// ------------------------------------------------------------------ damage

int run_damage(const Arguments& args, Context& context) {
    const cw::Tables tables = cw::load_tables(context.data_dir);
    const int damage = whole(args, "damage", 0, 300);
    const cw::CountOdds odds = cw::dice_lost_odds(tables, damage);
    json document{{"damage", damage}, {"lose_die_on", tables.lose_die_on}, {"expected_dice_lost", static_cast<double>(odds.expected())},
                  {"dice_lost", odds_json(odds)}};
    cw::Explanation steps{"each point of damage rolls a die: on " + std::to_string(tables.lose_die_on) +
                          "+ the brigade's combat dice pool loses one (seed 003, \"Clausewitz Full Alpha Ruleset\", Combat Dice)"};
    std::vector<std::string> lines{std::to_string(damage) + " damage: expected combat dice lost " + decimal(odds.expected())};
    lines.push_back(odds_line("combat dice lost", odds));
    if (!args.flag("preview")) {
        Dice dice = clausewitz_dice(args);
        cw::DiceSource source(&dice);
        const auto faces = source.faces(args.value("dice"), static_cast<std::size_t>(damage), "--dice", "one a point of damage: " + std::to_string(damage));
        int lost = 0;
        for (const int f : faces) lost += f >= tables.lose_die_on ? 1 : 0;
        std::string shown;
        for (const int f : faces) shown += (shown.empty() ? "" : ",") + std::to_string(f);
        steps.push_back("dice " + (shown.empty() ? std::string("none") : shown) + ": " + std::to_string(lost) + " on " + std::to_string(tables.lose_die_on) + "+");
        document["throw"] = {{"dice", faces_json(faces)}, {"lost", lost}, {"entered", args.value("dice").has_value()}};
        lines.push_back("thrown: the brigade loses " + std::to_string(lost) + " combat " + (lost == 1 ? "die" : "dice"));
    }
    document["explanation"] = steps;
    add_steps(lines, steps);
    emit(context, document, lines);
    return kExitOk;
}
void declare_damage(CLI::App& command) {
    command.add_option("--damage", "the damage the brigade took")->type_name("N")->required();
    command.add_flag("--preview")->description("the exact odds only, no throw");
    command.add_option("--seed", "seed for the thrown dice")->type_name("N");
    command.add_option("--dice", "the faces typed, one a point of damage")->type_name("F,F,..");
}

// ------------------------------------------------------------------ zone of control

cw::Footprint footprint(const std::string& text, const std::string& option) {
    std::vector<double> numbers;
    std::size_t start = 0;
    while (start <= text.size()) {
        const std::size_t comma = text.find(',', start);
        const std::string word = text.substr(start, comma == std::string::npos ? std::string::npos : comma - start);
        try {
            std::size_t used = 0;
            numbers.push_back(std::stod(word, &used));
            if (used != word.size()) throw std::invalid_argument(word);
        } catch (const std::logic_error&) {
            throw UsageError("--" + option + " expects X,Y,FACING[,WIDTH,DEPTH] in cm and degrees, not '" + text + "'");
        }
        if (comma == std::string::npos) break;
        start = comma + 1;
    }
    if (numbers.size() != 3 && numbers.size() != 5)
        throw UsageError("--" + option + " expects 3 or 5 numbers X,Y,FACING[,WIDTH,DEPTH], not " + std::to_string(numbers.size()));
    cw::Footprint f{numbers[0], numbers[1], numbers[2], 4, 3};
    if (numbers.size() == 5) f.width_cm = numbers[3], f.depth_cm = numbers[4];
    return f;
}

json zone_json(const cw::ZoneCheck& z) {
    return {{"inside", z.inside}, {"in_arc", z.in_arc}, {"distance_cm", z.in_arc ? json(z.distance_cm) : json(nullptr)}, {"explanation", z.explanation}};
}

int run_zone(const Arguments& args, Context& context) {
    const cw::Tables tables = cw::load_tables(context.data_dir);
    const cw::Footprint brigade = footprint(args.required("brigade"), "brigade");
    const cw::Footprint enemy = footprint(args.required("enemy"), "enemy");
    const cw::ZoneCheck theirs = cw::zone_of_control(tables, enemy, brigade);
    const cw::ZoneCheck ours = cw::zone_of_control(tables, brigade, enemy);
    json document{{"in_enemy_zone", theirs.inside}, {"enemy_in_our_zone", ours.inside}, {"enemy_zone", zone_json(theirs)}, {"our_zone", zone_json(ours)}};
    std::vector<std::string> lines{std::string("the brigade is ") + (theirs.inside ? "inside" : "outside") + " the enemy's zone of control; the enemy is " +
                                   (ours.inside ? "inside" : "outside") + " the brigade's"};
    lines.push_back("the enemy's zone:");
    add_steps(lines, theirs.explanation);
    lines.push_back("the brigade's zone:");
    add_steps(lines, ours.explanation);
    emit(context, document, lines);
    return kExitOk;
}
void declare_zone(CLI::App& command) {
    command.add_option("--brigade", "the brigade: centre X,Y in cm, facing in degrees (0 up the table, 90 right), width and depth (default 4,3)")
        ->type_name("X,Y,FACING[,W,D]")
        ->required();
    command.add_option("--enemy", "the enemy brigade, the same way")->type_name("X,Y,FACING[,W,D]")->required();
}

// ------------------------------------------------------------------ chip bag

int run_chips(const Arguments& args, Context& context) {
    const cw::Tables tables = cw::load_tables(context.data_dir);
    cw::ChipBag bag;
    for (const auto& entry : args.values("side")) {
        const auto colon = entry.find(':');
        const std::string name = entry.substr(0, colon);
        int generals = 0;
        if (colon != std::string::npos) {
            try {
                std::size_t used = 0;
                generals = std::stoi(entry.substr(colon + 1), &used);
                if (used != entry.size() - colon - 1) throw std::invalid_argument(entry);
            } catch (const std::logic_error&) {
                throw UsageError("--side expects NAME or NAME:GENERALS (generals of division activated), not '" + entry + "'");
            }
        }
        if (name.empty() || bag.count(name) > 0) throw UsageError("--side expects a distinct name for each side, not '" + entry + "'");
        bag.add(name, cw::chips_for(tables, generals));
    }
    if (bag.chips().size() < 2) throw UsageError("--side: give at least two sides, e.g. --side French:1 --side British");
    json chips = json::object(), next = json::object();
    std::vector<std::string> lines{"the bag holds " + std::to_string(bag.total()) + " chips (one a player, " + std::to_string(tables.chips_per_general_activated) +
                                   " more for each general of division activated; seed 003, \"Clausewitz (A Synopsis)\")"};
    for (const auto& [name, count] : bag.chips()) {
        const Probability p = bag.next(name);
        chips[name] = count;
        next[name] = p.value();
        lines.push_back("  " + name + ": " + std::to_string(count) + (count == 1 ? " chip" : " chips") + ", next chip " + std::to_string(p.numerator) + "/" + std::to_string(p.denominator) +
                        " = " + percent(p.value()));
    }
    json document{{"chips", chips}, {"next", next}};
    const int draws = whole(args, "draw", 0, bag.total(), 0);
    if (draws > 0) {
        Dice dice = clausewitz_dice(args);
        json drawn = json::array();
        std::string line = "drawn:";
        for (int i = 0; i < draws; ++i) {
            const std::string who = bag.draw(dice);
            drawn.push_back(who);
            line += " " + who;
        }
        document["drawn"] = drawn;
        lines.push_back(line);
    }
    emit(context, document, lines);
    return kExitOk;
}
void declare_chips(CLI::App& command) {
    command.add_option("--side", "a side and its generals of division activated, e.g. French:2 (repeat for each side)")->type_name("NAME[:GENERALS]")->expected(1)->multi_option_policy(CLI::MultiOptionPolicy::TakeAll);
    command.add_option("--draw", "draw this many chips without replacement")->type_name("N");
    command.add_option("--seed", "seed for the draws")->type_name("N");
}

const Registration clausewitz_registrations[] = {
    {"clausewitz fire", "Clausewitz: Steady! then Fire! of a brigade's combat dice, with the exact odds of the hits", declare_fire, run_fire},
    {"clausewitz skirmish", "Clausewitz: Fire Skirmish Weapons (long range as though effective)", declare_skirmish, run_skirmish},
    {"clausewitz bombard", "Clausewitz: artillery dice, damage halved or doubled by the target's formation", declare_bombard, run_bombard},
    {"clausewitz melee", "Clausewitz: melee hits against foot or mounted, flank and rear", declare_melee, run_melee},
    {"clausewitz morale", "Clausewitz: brigade morale on 2d6, and withdrawal or flight by the margin", declare_morale, run_morale},
    {"clausewitz command", "Clausewitz: the command test (2d6 against the general's and the unit's ratings)", declare_command, run_command_test},
    {"clausewitz move", "Clausewitz: the distance of March or Quick March actions by arm, terrain and road", declare_move, run_move},
    {"clausewitz damage", "Clausewitz: the combat dice a brigade loses to damage (a die a point, lost on 5+)", declare_damage, run_damage},
    {"clausewitz zone", "Clausewitz: whether two brigades stand in each other's zone of control", declare_zone, run_zone},
    {"clausewitz chips", "Clausewitz: the chip bag, whose chip comes next, and draws", declare_chips, run_chips},
};

}  // namespace
}  // namespace fortuna::cli
