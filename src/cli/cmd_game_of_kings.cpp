// SPDX-License-Identifier: MIT
// fortuna-cli's Game Of Kings subcommands (seed 004): melee, musketry, artillery, morale, rally,
// weather, action points and initiative, each with its exact odds (--preview) or a throw,
// generated (--seed N) or typed as the faces of the pool (--dice 6,3,1), explained step by step.
//
// The contract of issue 29, item 6, is fixed: scripts read its keys. More keys and options are welcome.
#include <cstdio>
#include <random>
#include <set>
#include <sstream>

#include "cli.hpp"
#include "fortuna/core/errors.hpp"
#include "fortuna/game_of_kings/resolvers.hpp"

namespace fortuna::cli {
namespace {

using nlohmann::json;
namespace gok = fortuna::game_of_kings;

std::string percent(double p) {
    char buffer[32];
    std::snprintf(buffer, sizeof buffer, "%.2f %%", 100.0 * p);
    return buffer;
}

std::string cm(double value) {
    char buffer[32];
    std::snprintf(buffer, sizeof buffer, "%g cm", value);
    return buffer;
}

json chances_json(const gok::Chances& chances) {
    json out = json::object();
    for (std::size_t k = 0; k < chances.size(); ++k) out[std::to_string(k)] = chances[k];
    return out;
}

json exact_json(const std::vector<std::pair<int, Probability>>& chances) {
    json out = json::object();
    for (const auto& [value, p] : chances) out[std::to_string(value)] = p.value();
    return out;
}

std::string chances_line(const std::string& what, const gok::Chances& chances) {
    std::string line = what + ":";
    for (std::size_t k = 0; k < chances.size(); ++k)
        if (chances[k] > 0) line += (k ? ", " : " ") + std::to_string(k) + " " + percent(chances[k]);
    return line;
}

void add_steps(std::vector<std::string>& lines, const gok::Explanation& steps) {
    for (const auto& step : steps) lines.push_back("  " + step);
}

gok::Tables tables_of(const Context& context) { return gok::load_tables(context.data_dir); }

int effectiveness_of(const Arguments& args, const std::string& name) {
    const int value = args.integer(name, 100);
    gok::effectiveness_steps(value, "--" + name);
    return value;
}

// The dice: typed (--NAME F,F,...) or generated (seeded by --seed when given).
Dice generator(const Arguments& args) {
    if (const auto seed = args.seed("seed")) return Dice(*seed);
    std::random_device device;
    return Dice((static_cast<std::uint64_t>(device()) << 32) | device());
}

gok::FaceSource faces_of(const Arguments& args, const std::string& name, Dice& dice) {
    if (const auto text = args.value(name)) return gok::FaceSource(gok::parse_faces(*text, "--" + name), "--" + name);
    return gok::FaceSource(dice);
}

void declare_throw(CLI::App& command, const std::string& dice_help) {
    command.add_option("--dice")->description(dice_help)->type_name("F,F,..");
    command.add_option("--seed", "seed for generated dice")->type_name("N");
    command.add_flag("--preview")->description("the exact chances only, no throw");
}

json faces_json(const std::vector<int>& faces) { return json(faces); }

// ------------------------------------------------------------------ melee

std::set<std::string> bonus_list(const Arguments& args, const std::string& name) {
    std::set<std::string> out;
    const auto text = args.value(name);
    if (!text) return out;
    std::stringstream stream(*text);
    std::string item;
    while (std::getline(stream, item, ',')) {
        if (item.empty()) throw UsageError("--" + name + " expects bonuses separated by commas: flank, higher-ground, river, town");
        out.insert(item);
    }
    return out;
}

gok::MeleeSide melee_side(const Arguments& args, const std::string& role) {
    gok::MeleeSide side;
    side.type = gok::unit_type_from_string(args.required(role), "--" + role);
    side.effectiveness = effectiveness_of(args, role + "-effectiveness");
    side.bonuses = bonus_list(args, role + "-bonus");
    side.in_wood_or_town = args.flag(role + "-in-wood-or-town");
    side.cuirassiers = args.flag(role + "-cuirassiers");
    if (side.cuirassiers && side.type != gok::UnitType::HeavyCavalry)
        throw RuleError("--" + role + "-cuirassiers: cuirassiers are heavy-cavalry; the " + role + " is " + std::string(gok::to_string(side.type)));
    side.cover = args.flag(role + "-cover");
    if (args.value(role + "-hit-on")) side.hit_on = args.integer(role + "-hit-on");
    const std::string order = args.value(role + "-order").value_or(role == "defender" ? "firing" : "other");
    if (order != "firing" && order != "other") throw UsageError("--" + role + "-order expects firing or other; got \"" + order + "\"");
    side.firing_order = order == "firing";
    return side;
}

json melee_side_json(const gok::MeleeSideSetup& s) {
    return {{"dice", s.pool.dice},   {"half_dice", s.pool.half_dice}, {"hits", chances_json(s.hits)},
            {"loses", s.loses},      {"hit_on", s.hit_on},            {"row", s.row},
            {"column", s.column},    {"halved", s.halved},            {"bonus_dice", s.bonus_dice.to_json()},
            {"enemy_save_on", s.enemy_save_on}, {"explanation", s.explanation}};
}

void declare_melee(CLI::App& command) {
    const std::string types = "unit type: " + gok::unit_type_list();
    command.add_option("--attacker")->description(types)->type_name("TYPE")->required();
    command.add_option("--defender")->description(types)->type_name("TYPE")->required();
    command.add_option("--attacker-effectiveness", "the attacker's effectiveness: 25, 50, 75 or 100 (default 100)")->type_name("PCT");
    command.add_option("--defender-effectiveness", "the defender's effectiveness: 25, 50, 75 or 100 (default 100)")->type_name("PCT");
    command.add_option("--defender-order", "foot defending: in firing order (Inf (ff) when met frontally) or other (default firing)")
        ->type_name("firing|other");
    command.add_option("--attacker-order", "foot attacking in a continuing melee: firing or other (default other)")->type_name("firing|other");
    command.add_option("--attacker-bonus", "bonus dice: flank, higher-ground")->type_name("B,B,..");
    command.add_option("--defender-bonus", "bonus dice: higher-ground, river, town")->type_name("B,B,..");
    command.add_flag("--from-rear")->description("the defender is meleed from the rear: half its dice (and the attacker's flank/rear bonus)");
    command.add_flag("--continuing")->description("a melee still in contact from an earlier half-turn (no one initiates contact)");
    command.add_flag("--attacker-in-wood-or-town")->description("light foot in a wood or built-up area melee as regular foot");
    command.add_flag("--defender-in-wood-or-town")->description("light foot in a wood or built-up area melee as regular foot");
    command.add_flag("--attacker-cuirassiers")->description("the attacker is cuirassiers: saving throw 6");
    command.add_flag("--defender-cuirassiers")->description("the defender is cuirassiers: saving throw 6");
    command.add_flag("--attacker-cover")->description("the attacker is behind cover: saving throw 4");
    command.add_flag("--defender-cover")->description("the defender is behind cover: saving throw 4");
    command.add_option("--attacker-hit-on", "national characteristic: the attacker hits on this score (e.g. 5)")->type_name("S");
    command.add_option("--defender-hit-on", "national characteristic: the defender hits on this score")->type_name("S");
    command.add_option("--attacker-dice", "the attacker's faces: the half die's decider first (if any), its pool, then its saving throws")
        ->type_name("F,F,..");
    command.add_option("--defender-dice", "the defender's faces: likewise")->type_name("F,F,..");
    command.add_option("--seed", "seed for generated dice")->type_name("N");
    command.add_flag("--preview")->description("the exact chances only, no throw");
}

int run_melee(const Arguments& args, Context& context) {
    const gok::Tables tables = tables_of(context);
    gok::MeleeRequest request;
    request.attacker = melee_side(args, "attacker");
    request.defender = melee_side(args, "defender");
    request.from_rear = args.flag("from-rear");
    request.continuing = args.flag("continuing");
    const gok::MeleeSetup setup = gok::prepare_melee(tables, request);
    json document{{"attacker", melee_side_json(setup.attacker)},
                  {"defender", melee_side_json(setup.defender)},
                  {"attacker_loses", setup.attacker.loses},
                  {"defender_loses", setup.defender.loses},
                  {"neither_loses", setup.neither_loses},
                  {"gun_overrun", setup.gun_overrun},
                  {"explanation", setup.explanation}};
    std::vector<std::string> lines;
    lines.push_back("Melee: " + std::string(gok::to_string(request.attacker.type)) + " at " + std::to_string(request.attacker.effectiveness) +
                    " % against " + std::string(gok::to_string(request.defender.type)) + " at " +
                    std::to_string(request.defender.effectiveness) + " %" + (request.from_rear ? ", from the rear" : ""));
    if (setup.gun_overrun) {
        add_steps(lines, setup.explanation);
    } else {
        for (const auto* side : {&setup.attacker, &setup.defender}) {
            lines.push_back((side == &setup.attacker ? "Attacker: " : "Defender: ") + gok::describe_pool(side->pool) + ", hits on " +
                            std::to_string(side->hit_on) + "+");
            add_steps(lines, side->explanation);
            lines.push_back("  " + chances_line("hits inflicted", side->hits));
        }
        lines.push_back("Chances: the attacker loses " + percent(setup.attacker.loses) + ", the defender loses " +
                        percent(setup.defender.loses) + ", neither " + percent(setup.neither_loses));
        add_steps(lines, setup.explanation);
    }
    if (args.flag("preview")) {
        emit(context, document, lines);
        return kExitOk;
    }
    Dice dice = generator(args);
    gok::FaceSource attacker_dice = faces_of(args, "attacker-dice", dice);
    gok::FaceSource defender_dice = faces_of(args, "defender-dice", dice);
    const gok::MeleeResult r = gok::resolve_melee(tables, setup, attacker_dice, defender_dice);
    document["throw"] = {{"attacker", {{"faces", faces_json(attacker_dice.taken())}, {"scored", r.attacker.scored}, {"hits", r.attacker.hits}}},
                         {"defender", {{"faces", faces_json(defender_dice.taken())}, {"scored", r.defender.scored}, {"hits", r.defender.hits}}},
                         {"entered", attacker_dice.typed() || defender_dice.typed()},
                         {"loser", r.loser.empty() ? json(nullptr) : json(r.loser)},
                         {"attacker_effectiveness_after", r.attacker_after},
                         {"defender_effectiveness_after", r.defender_after},
                         {"explanation", r.explanation}};
    lines.push_back("Throw:");
    const std::size_t first_throw_step = setup.attacker.explanation.size() + setup.defender.explanation.size();
    for (std::size_t i = first_throw_step; i < r.explanation.size(); ++i) lines.push_back("  " + r.explanation[i]);
    emit(context, document, lines);
    return kExitOk;
}

// ------------------------------------------------------------------ musketry

void declare_musketry(CLI::App& command) {
    command.add_option("--firer", "unit type: foot, light-foot, or a horse type firing dismounted (carbines)")->type_name("TYPE")->required();
    command.add_option("--effectiveness", "the firer's effectiveness: 25, 50, 75 or 100")->type_name("PCT")->required();
    command.add_option("--range", "range in cm")->type_name("CM")->required();
    command.add_flag("--moved")->description("the firer moved this turn (-1)");
    command.add_flag("--column")->description("the firer is in column: its front base fires (-1)");
    command.add_flag("--disorganised")->description("the firer is disorganised and has not spent a pip to reorganise (-1)");
    command.add_flag("--not-firing-order")->description("regular foot not in firing order: 6 to hit");
    command.add_flag("--before-contact")->description("infantry firing before a frontal contact (-1)");
    command.add_option("--weather", "fair, light-rain (-1), heavy-rain (-2), fog (6 cm visibility)")->type_name("W");
    command.add_option("--national", "national characteristic added to each die (e.g. 1 for the Prussian foot at Mollwitz)")->type_name("N");
    command.add_flag("--cuirassiers")->description("the target is cuirassiers: saving throw 6");
    command.add_flag("--cover")->description("the target is behind cover: saving throw 4");
    declare_throw(command, "the faces: one a die, then the target's saving throws, one a hit");
}

int run_musketry(const Arguments& args, Context& context) {
    const gok::Tables tables = tables_of(context);
    gok::MusketryRequest q;
    q.firer = gok::unit_type_from_string(args.required("firer"), "--firer");
    q.effectiveness = effectiveness_of(args, "effectiveness");
    q.range_cm = args.number("range");
    q.moved = args.flag("moved");
    q.column = args.flag("column");
    q.disorganised = args.flag("disorganised");
    q.not_firing_order = args.flag("not-firing-order");
    q.before_contact = args.flag("before-contact");
    q.weather = gok::weather_from_string(args.value("weather").value_or("fair"), "--weather");
    q.national = args.integer("national", 0);
    q.target_cuirassiers = args.flag("cuirassiers");
    q.target_cover = args.flag("cover");
    const gok::MusketrySetup s = gok::prepare_musketry(tables, q);
    json document{{"dice", s.dice},           {"hit_on", s.hit_on},          {"modifiers", s.terms.to_json()},
                  {"modifier", s.terms.total}, {"weapon", s.weapon},          {"save_on", s.save_on},
                  {"hits", chances_json(s.hits)}, {"explanation", s.explanation}};
    std::vector<std::string> lines{"Musketry: " + std::to_string(s.dice) + " dice, hits on " + std::to_string(s.hit_on) + "+" +
                                   (s.terms.empty() ? "" : " (" + s.terms.describe() + ")")};
    add_steps(lines, s.explanation);
    lines.push_back(chances_line("hits", s.hits));
    if (!args.flag("preview")) {
        Dice dice = generator(args);
        gok::FaceSource source = faces_of(args, "dice", dice);
        const gok::FireResult r = gok::resolve_musketry(s, source);
        document["throw"] = {{"faces", faces_json(source.taken())}, {"scored", r.scored}, {"hits", r.hits},
                             {"entered", source.typed()}, {"explanation", r.explanation}};
        lines.push_back("Throw:");
        for (std::size_t i = s.explanation.size(); i < r.explanation.size(); ++i) lines.push_back("  " + r.explanation[i]);
    }
    emit(context, document, lines);
    return kExitOk;
}

// ------------------------------------------------------------------ artillery

void declare_artillery(CLI::App& command) {
    command.add_option("--shot", "canister (0-6 cm) or roundshot (up to 24 cm)")->type_name("canister|roundshot")->required();
    command.add_option("--effectiveness", "the gun's effectiveness: 25, 50, 75 or 100")->type_name("PCT")->required();
    command.add_option("--target", "what is hit: foot, horse or gun")->type_name("foot|horse|gun")->required();
    command.add_option("--range", "range in cm")->type_name("CM")->required();
    command.add_option("--weather", "fair, light-rain, heavy-rain, fog (6 cm visibility)")->type_name("W");
    command.add_flag("--cuirassiers")->description("the target is cuirassiers: saving throw 6, not against roundshot");
    command.add_flag("--cover")->description("the target is behind cover: saving throw 4");
    declare_throw(command, "the faces: the score die, the half's die if the score leaves an exact half, one a potential hit, then saving throws");
}

int run_artillery(const Arguments& args, Context& context) {
    const gok::Tables tables = tables_of(context);
    gok::ArtilleryRequest q;
    q.shot = gok::shot_from_string(args.required("shot"), "--shot");
    q.effectiveness = effectiveness_of(args, "effectiveness");
    q.target = gok::target_from_string(args.required("target"), "--target");
    q.range_cm = args.number("range");
    q.weather = gok::weather_from_string(args.value("weather").value_or("fair"), "--weather");
    q.target_cuirassiers = args.flag("cuirassiers");
    q.target_cover = args.flag("cover");
    const gok::ArtillerySetup s = gok::prepare_artillery(tables, q);
    json document{{"potential_hits", chances_json(s.potential_hits)}, {"hits", chances_json(s.hits)}, {"hit_on", s.hit_on},
                  {"divisor", s.divisor}, {"halved", s.halved}, {"save_on", s.save_on}, {"explanation", s.explanation}};
    std::vector<std::string> lines{"Artillery: " + std::string(gok::to_string(q.shot)) + " at " + std::string(gok::to_string(q.target)) +
                                   ", hits on " + std::to_string(s.hit_on) + "+"};
    add_steps(lines, s.explanation);
    lines.push_back(chances_line("potential hits", s.potential_hits));
    lines.push_back(chances_line("hits", s.hits));
    if (!args.flag("preview")) {
        Dice dice = generator(args);
        gok::FaceSource source = faces_of(args, "dice", dice);
        const gok::ArtilleryResult r = gok::resolve_artillery(tables, s, source);
        document["throw"] = {{"faces", faces_json(source.taken())}, {"score", r.score}, {"potential_hits", r.potential_hits},
                             {"scored", r.scored}, {"hits", r.hits}, {"entered", source.typed()}, {"explanation", r.explanation}};
        lines.push_back("Throw:");
        for (std::size_t i = s.explanation.size(); i < r.explanation.size(); ++i) lines.push_back("  " + r.explanation[i]);
        lines.push_back("  the target loses " + std::to_string(25 * r.hits) + " % effectiveness");
    }
    emit(context, document, lines);
    return kExitOk;
}

// ------------------------------------------------------------------ morale and rally

int answer_test(const Arguments& args, Context& context, const gok::MoraleSetup& s, const std::string& title,
                std::string_view passed, std::string_view failed) {
    json document{{"pass_on", s.pass_on}, {"needed", s.needed}, {"modifiers", s.terms.to_json()},
                  {"probability", s.probability.value()}, {"explanation", s.explanation}};
    std::vector<std::string> lines{title + ": passes on " + std::to_string(s.pass_on) + "+, chance " + percent(s.probability.value()) +
                                   " (" + std::to_string(s.probability.numerator) + " in " + std::to_string(s.probability.denominator) + ")"};
    add_steps(lines, s.explanation);
    if (!args.flag("preview")) {
        Dice dice = generator(args);
        gok::FaceSource source = faces_of(args, "dice", dice);
        const gok::TestResult r = gok::resolve_test(s, source, passed, failed);
        document["throw"] = {{"face", r.face}, {"total", r.total}, {"passed", r.passed}, {"entered", source.typed()},
                             {"explanation", r.explanation}};
        lines.push_back("Throw:");
        lines.push_back("  " + r.explanation.back());
    }
    emit(context, document, lines);
    return kExitOk;
}

void declare_morale(CLI::App& command) {
    command.add_option("--quality", "elite, regular or poor")->type_name("elite|regular|poor")->required();
    command.add_flag("--general")->description("a general is attached (+1)");
    command.add_flag("--support")->description("friendly horse or foot (not light, not a gun) to the rear within two normal moves (+1)");
    declare_throw(command, "the die's face");
}

int run_morale(const Arguments& args, Context& context) {
    const gok::Tables tables = tables_of(context);
    const gok::Quality quality = gok::quality_from_string(args.required("quality"), "--quality");
    const auto s = gok::prepare_morale(tables, quality, args.flag("general"), args.flag("support"));
    return answer_test(args, context, s, "Morale (" + std::string(gok::to_string(quality)) + ")", "passed",
                       "failed: loses a further 25 % and retreats one move");
}

void declare_rally(CLI::App& command) {
    command.add_flag("--general")->description("a general is with the unit (+1)");
    declare_throw(command, "the die's face");
}

int run_rally(const Arguments& args, Context& context) {
    const gok::Tables tables = tables_of(context);
    const auto s = gok::prepare_rally(tables, args.flag("general"));
    return answer_test(args, context, s, "Rally", "halted: returns to normal action next turn (foot need a pip to reorganise)",
                       "still retreating");
}

// ------------------------------------------------------------------ weather

void declare_weather(CLI::App& command) {
    command.add_option("--gauge", "the gauge now (2-12); without it, the start of the game (2d6)")->type_name("N");
    declare_throw(command, "the faces: 2 for the start, 1 for a turn");
}

int run_weather(const Arguments& args, Context& context) {
    const gok::Tables tables = tables_of(context);
    std::optional<int> gauge;
    if (args.value("gauge")) {
        gauge = args.integer("gauge");
        gok::check_gauge(tables, *gauge, "--gauge");
    }
    const auto chances = gok::weather_chances(tables, gauge);
    json names = json::object();
    for (const auto& [value, p] : chances) names[std::to_string(value)] = tables.gauge_names.at(value);
    json document{{"probabilities", exact_json(chances)}, {"names", names}};
    if (gauge) document["gauge"] = *gauge;
    std::vector<std::string> lines{gauge ? "Weather next turn from gauge " + std::to_string(*gauge) + " (" + tables.gauge_names.at(*gauge) +
                                               "): one die, 1-2 down a notch, 3-4 stays, 5-6 up a notch"
                                         : std::string("Weather at the start: 2d6 on the gauge")};
    for (const auto& [value, p] : chances)
        lines.push_back("  " + std::to_string(value) + " " + tables.gauge_names.at(value) + ": " + percent(p.value()) + " (" +
                        std::to_string(p.numerator) + "/" + std::to_string(p.denominator) + ")");
    lines.push_back("  fog: visibility 6 cm, movement -50 %; light rain: musketry -1 a die; heavy rain: movement -25 %, musketry -2; "
                    "fair 3 turns on one number: extreme heat, movement -25 % (seed 004, WEATHER)");
    if (!args.flag("preview")) {
        Dice dice = generator(args);
        gok::FaceSource source = faces_of(args, "dice", dice);
        const gok::WeatherResult r = gok::resolve_weather(tables, gauge, source);
        document["throw"] = {{"faces", faces_json(r.dice)}, {"gauge", r.gauge}, {"name", r.name}, {"entered", source.typed()},
                             {"explanation", r.explanation}};
        lines.push_back("Throw:");
        add_steps(lines, r.explanation);
    }
    emit(context, document, lines);
    return kExitOk;
}

// ------------------------------------------------------------------ action points and initiative

void declare_action_points(CLI::App& command) { declare_throw(command, "the faces: the centre's d10, the left flank's d6, the right's"); }

int run_action_points(const Arguments& args, Context& context) {
    const gok::Tables tables = tables_of(context);
    const auto centre = gok::action_point_chances(tables, true);
    const auto flank = gok::action_point_chances(tables, false);
    json document{{"centre", exact_json(centre)}, {"left", exact_json(flank)}, {"right", exact_json(flank)},
                  {"centre_die", tables.centre_faces}, {"flank_die", tables.flank_faces}};
    std::vector<std::string> lines{"Action points: a d" + std::to_string(tables.centre_faces) + " for the centre (1-" +
                                   std::to_string(tables.centre_faces) + ", each " + percent(1.0 / tables.centre_faces) + "), a d" +
                                   std::to_string(tables.flank_faces) + " for each flank (each " + percent(1.0 / tables.flank_faces) +
                                   ") (seed 004, COMMAND & CONTROL)"};
    if (!args.flag("preview")) {
        Dice dice = generator(args);
        gok::FaceSource source = faces_of(args, "dice", dice);
        const gok::ActionPoints a = gok::resolve_action_points(tables, source);
        document["throw"] = {{"centre", a.centre}, {"left", a.left}, {"right", a.right}, {"entered", source.typed()},
                             {"explanation", a.explanation}};
        add_steps(lines, a.explanation);
    }
    emit(context, document, lines);
    return kExitOk;
}

void declare_initiative(CLI::App& command) { declare_throw(command, "the faces in pairs: player A's die, player B's; a tie, another pair"); }

int run_initiative(const Arguments& args, Context& context) {
    const gok::Tables tables = tables_of(context);
    json document{{"A", 0.5}, {"B", 0.5}};
    std::vector<std::string> lines{"Initiative: each player throws a die, the higher chooses to go first or second; a tie is thrown again "
                                   "(each player 50.00 %)"};
    if (!args.flag("preview")) {
        Dice dice = generator(args);
        gok::FaceSource source = faces_of(args, "dice", dice);
        const gok::Initiative i = gok::resolve_initiative(tables, source);
        json throws = json::array();
        for (const auto& [a, b] : i.throws) throws.push_back({a, b});
        document["throw"] = {{"throws", throws}, {"chooser", i.chooser}, {"entered", source.typed()}, {"explanation", i.explanation}};
        add_steps(lines, i.explanation);
    }
    emit(context, document, lines);
    return kExitOk;
}

// ------------------------------------------------------------------ movement

void declare_move(CLI::App& command) {
    command.add_option("--unit")->description("unit type: " + gok::unit_type_list())->type_name("TYPE")->required();
    command.add_option("--formation", "foot: line, column or retreating (default line)")->type_name("F");
    command.add_flag("--limbered")->description("a gun that is limbered");
    command.add_option("--weather", "fair, light-rain, heavy-rain, fog, extreme-heat")->type_name("W");
    command.add_option("--distance", "the distance the unit is ordered to move, in cm: The Variation is thrown from 3/4 of the move")
        ->type_name("CM");
    declare_throw(command, "the Variation's die");
}

int run_move(const Arguments& args, Context& context) {
    const gok::Tables tables = tables_of(context);
    const gok::UnitType type = gok::unit_type_from_string(args.required("unit"), "--unit");
    const gok::Weather weather = gok::weather_from_string(args.value("weather").value_or("fair"), "--weather");
    const gok::MoveSetup m = gok::prepare_move(tables, type, args.value("formation").value_or("line"), weather, args.flag("limbered"));
    const double up = 1.0 - gok::d6_at_least(tables.variation_up_on + 1);
    const double down = gok::d6_at_least(1) - gok::d6_at_least(tables.variation_down_on + 1);
    json document{{"rate", m.rate_key}, {"base_cm", m.base_cm}, {"max_cm", m.max_cm}, {"variation_from_cm", m.variation_from_cm},
                  {"variation", {{"plus", up}, {"minus", down}, {"percent", tables.variation_percent}}}, {"explanation", m.explanation}};
    std::vector<std::string> lines{"Move: " + m.rate_key + " up to " + cm(m.max_cm)};
    add_steps(lines, m.explanation);
    if (const auto distance = args.value("distance")) {
        const double d = args.number("distance");
        if (!(d >= 0) || d > m.max_cm)
            throw RuleError("--distance expects 0 to the unit's move of " + cm(m.max_cm) + "; got " + *distance);
        const bool varies = d >= m.variation_from_cm - 1e-9;
        document["distance_cm"] = d;
        document["variation_thrown"] = varies;
        if (varies && !args.flag("preview")) {
            Dice dice = generator(args);
            gok::FaceSource source = faces_of(args, "dice", dice);
            source.expect(1, "the Variation's die");
            const int face = source.take();
            source.finish();
            const int pct = face == tables.variation_up_on ? tables.variation_percent : face == tables.variation_down_on ? -tables.variation_percent : 0;
            const double moved = d * (100.0 + pct) / 100.0;
            document["throw"] = {{"face", face}, {"percent", pct}, {"distance_cm", moved}, {"entered", source.typed()}};
            lines.push_back("  Variation die " + std::to_string(face) + ": " + (pct > 0 ? "+" : "") + std::to_string(pct) + " % -> " +
                            cm(moved) + " (unless it would overshoot an ordered halt, e.g. a river bank)");
        } else if (!varies) {
            lines.push_back("  under three quarters of its move: no Variation die");
        }
    }
    emit(context, document, lines);
    return kExitOk;
}

// ------------------------------------------------------------------ random terrain

void declare_terrain(CLI::App& command) {
    declare_throw(command, "the faces, sector by sector (row 1 from player A's side, left to right): the sector's die, then the kind's die after a 4-6");
}

int run_terrain(const Arguments& args, Context& context) {
    const gok::Tables tables = tables_of(context);
    const gok::Chances pieces = gok::terrain_piece_chances(tables);
    json kinds = json::object();
    for (const auto& [face, kind] : tables.terrain_kinds) kinds[std::to_string(face)] = kind;
    const int sectors = tables.terrain_rows * tables.terrain_columns;
    const double expected = sectors * gok::terrain_piece_chance(tables);
    json document{{"pieces", chances_json(pieces)}, {"expected_pieces", expected}, {"sectors", sectors},
                  {"piece_chance", gok::terrain_piece_chance(tables)}, {"kinds", kinds}};
    std::vector<std::string> lines{"Random terrain: " + std::to_string(sectors) + " sectors, each a piece on 4-6 (" +
                                   percent(gok::terrain_piece_chance(tables)) + "); on average " + std::to_string(static_cast<int>(expected)) +
                                   " pieces (seed 004, RANDOM TERRAIN GENERATOR)"};
    lines.push_back("  kinds: 1 hill, 2 water, 3 wood, 4 built-up area, 5 player A's choice, 6 player B's choice");
    lines.push_back("  " + chances_line("pieces", pieces));
    if (!args.flag("preview")) {
        Dice dice = generator(args);
        gok::FaceSource source = faces_of(args, "dice", dice);
        const gok::TerrainResult r = gok::resolve_terrain(tables, source);
        json list = json::array();
        for (const auto& piece : r.sectors)
            list.push_back({{"row", piece.row}, {"column", piece.column}, {"die", piece.presence_die},
                            {"kind", piece.kind.empty() ? json(nullptr) : json(piece.kind)}});
        document["throw"] = {{"sectors", list}, {"pieces", r.pieces}, {"entered", source.typed()}, {"explanation", r.explanation}};
        add_steps(lines, r.explanation);
    }
    emit(context, document, lines);
    return kExitOk;
}

const Registration game_of_kings_registrations[] = {
    {"game-of-kings melee", "a melee's dice for both sides, the chances of each number of hits and of each side losing", declare_melee, run_melee},
    {"game-of-kings musketry", "a unit's musketry: dice, score to hit and the chances of each number of hits", declare_musketry, run_musketry},
    {"game-of-kings artillery", "a gun's canister or roundshot: potential hits, halving, the half diced, hits", declare_artillery, run_artillery},
    {"game-of-kings morale", "a morale test: the score needed and the chance to pass", declare_morale, run_morale},
    {"game-of-kings rally", "a rally attempt of a retreating unit", declare_rally, run_rally},
    {"game-of-kings weather", "the weather gauge: the start on 2d6, or the next turn's gauge", declare_weather, run_weather},
    {"game-of-kings action-points", "the action points of the centre (d10) and each flank (d6)", declare_action_points, run_action_points},
    {"game-of-kings initiative", "who chooses to go first this turn", declare_initiative, run_initiative},
    {"game-of-kings terrain", "the random terrain generator for non-historic battles", declare_terrain, run_terrain},
    {"game-of-kings move", "a unit's move in cm, the weather's cut and The Variation", declare_move, run_move},
};

}  // namespace
}  // namespace fortuna::cli
