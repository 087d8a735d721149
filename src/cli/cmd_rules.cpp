// SPDX-License-Identifier: MIT
// fortuna-cli's rules subcommands: one resolution each, with its explanation and odds.
#include <algorithm>
#include <map>
#include <random>

#include "cli.hpp"
#include "fortuna/core/errors.hpp"
#include "fortuna/land/land_tables.hpp"
#include "fortuna/land/resolution.hpp"
#include "fortuna/seam/rule_system.hpp"

namespace fortuna::cli {
namespace {

using nlohmann::json;

// The roll the umpire typed (--roll), or one from the generator (--seed for a repeatable one).
Roll take_roll(const Arguments& args, RollKind kind, const std::string& option, Dice& dice) {
    if (const auto typed = args.value(option)) return Roll{kind, parse_roll(kind, *typed), RollSource::Entered};
    return dice.roll(kind);
}

Dice make_dice(const Arguments& args) {
    if (args.value("seed")) return Dice(static_cast<std::uint64_t>(args.integer("seed")));
    std::random_device device;
    return Dice((static_cast<std::uint64_t>(device()) << 32) | device());
}

json roll_value_json(RollKind kind, int value) {
    return kind == RollKind::Random ? json(value / 1000.0) : json(value);
}

json distribution_json(const Distribution& distribution) {
    json out = json::object();
    for (const auto& [code, probability] : distribution) out[code] = probability.value();
    return out;
}

std::vector<std::string> distribution_lines(const Distribution& distribution) {
    std::string line = "chances:";
    for (const auto& [code, probability] : distribution)
        if (probability.numerator) line += " " + code + " " + probability.percent();
    return {line};
}

void add_explanation(std::vector<std::string>& lines, const Explanation& explanation) {
    for (const auto& step : explanation) lines.push_back("  " + step);
}

const RuleSet& ruleset_of(const Arguments& args, Context& context) {
    return land_tables(context.library()).ruleset(args.required("ruleset"));
}

// ------------------------------------------------------------------ rulesets, armies

int run_rulesets(const Arguments&, Context& context) {
    json list = json::array();
    std::vector<std::string> lines;
    for (const RuleSet* rules : land_tables(context.library()).rulesets()) {
        list.push_back({{"id", rules->id}, {"name", rules->name}, {"period", rules->period}, {"chance", rules->chance_model},
                        {"source", rules->source}, {"armies", land_tables(context.library()).armies(rules->id).size()}});
        lines.push_back(rules->id + "  " + rules->name + " (" + rules->period + ", " + rules->chance_model + ")");
    }
    // Every rule system of the registry, the land one (whose rule sets are listed above) among them.
    json systems = json::array();
    lines.push_back("");
    lines.push_back("Rule systems (the land rule sets above are the first):");
    for (const RuleSystem* system : rule_systems()) {
        json formats = json::array();
        for (const FileFormat& format : system->formats()) formats.push_back({{"format", format.format}, {"kind", format.description}});
        systems.push_back({{"id", system->id()}, {"name", system->name()}, {"era", system->era()}, {"source", system->source()},
                           {"formats", formats}});
        lines.push_back(system->id() + "  " + system->name() + " (" + system->era() + "; " + system->source() + ")");
    }
    emit(context, json{{"rulesets", list}, {"systems", systems}}, lines);
    return kExitOk;
}

int run_armies(const Arguments& args, Context& context) {
    const RuleSet& rules = ruleset_of(args, context);
    json list = json::array();
    std::vector<std::string> lines;
    const RollKind kind = rules.unit_roll_kind();
    std::size_t width = 0;  // align the columns on the longest NATION/TYPE
    for (const Army* army : land_tables(context.library()).armies(rules.id))
        for (const auto& unit : army->units) width = std::max(width, army->id.size() + 1 + unit.id.size());
    for (const Army* army : land_tables(context.library()).armies(rules.id)) {
        json units = json::array();
        lines.push_back(army->name + " (" + army->id + ", " + army->source + ")");
        for (const auto& unit : army->units) {
            units.push_back({{"id", unit.id}, {"name", unit.name}, {"arm", std::string(to_string(unit.arm))},
                             {"factors", {{"normal", unit.factor_normal}, {"disrupted", unit.factor_disrupted}}},
                             {"rally", roll_value_json(kind, unit.rally)},
                             {"movement_mm", {{"normal", unit.movement.normal}, {"difficult", unit.movement.allowance("difficult")},
                                              {"road", unit.movement.allowance("road")}, {"charge", unit.movement.allowance("charge")}}}});
            char line[300];
            std::snprintf(line, sizeof line, "  %-*s %-9s %d/%d  rally %s  move %g (difficult %g, road %g, charge %g)",
                          static_cast<int>(width), (army->id + "/" + unit.id).c_str(), std::string(to_string(unit.arm)).c_str(), unit.factor_normal,
                          unit.factor_disrupted, format_roll(kind, unit.rally).c_str(), unit.movement.normal,
                          unit.movement.allowance("difficult"), unit.movement.allowance("road"), unit.movement.allowance("charge"));
            lines.push_back(line);
        }
        list.push_back({{"id", army->id}, {"name", army->name}, {"alliance", army->alliance}, {"source", army->source}, {"units", units}});
    }
    emit(context, json{{"ruleset", rules.id}, {"armies", list}}, lines);
    return kExitOk;
}

// ------------------------------------------------------------------ odds and combat

int run_odds(const Arguments& args, Context& context) {
    const RuleSet& rules = ruleset_of(args, context);
    const int attack = args.integer("attack"), defend = args.integer("defend");
    if (attack < 1 || defend < 1) throw UsageError("--attack and --defend are strengths of at least 1");
    const auto lookup = rules.odds.lookup(attack, defend);
    std::string column_note;
    const int column = rules.combat_results.column_for(lookup.odds, &column_note);
    Explanation explanation{rules.odds.section + ": attack " + std::to_string(lookup.attack_column) + " against defence " +
                            std::to_string(lookup.defend_row) + " -> odds " + lookup.odds.text()};
    if (!lookup.note.empty()) explanation.push_back(lookup.note);
    if (!column_note.empty()) explanation.push_back(column_note);
    const std::string label = rules.combat_results.columns[static_cast<std::size_t>(column)].label;
    json document{{"ruleset", rules.id}, {"attack", attack}, {"defend", defend}, {"odds", lookup.odds.text()},
                  {"column", label}, {"explanation", explanation}};
    std::vector<std::string> lines{"odds " + lookup.odds.text() + " (combat results column " + label + ")"};
    add_explanation(lines, explanation);
    emit(context, document, lines);
    return kExitOk;
}

Combatant combatant(const Arguments& args, Context& context, const RuleSet& rules, const std::string& side) {
    Combatant c;
    c.label = side;
    const auto strength = args.value(side == "attacker" ? "attack" : "defend");
    const auto unit = args.value(side);
    if (strength && unit) throw UsageError("give --" + std::string(side == "attacker" ? "attack" : "defend") + " or --" + side + ", not both");
    if (auto state = args.value(side + "-state")) {
        try {
            c.state = enum_from_string<UnitState>(*state);
        } catch (const RuleError& error) {
            throw UsageError("--" + side + "-state: " + std::string(error.what()));
        }
    }
    if (auto formation = args.value(side + "-formation")) {
        try {
            c.formation = enum_from_string<Formation>(*formation);
        } catch (const RuleError& error) {
            throw UsageError("--" + side + "-formation: " + std::string(error.what()));
        }
    }
    if (strength) {
        c.strength = args.integer(side == "attacker" ? "attack" : "defend");
        if (*c.strength < 0) throw UsageError("a strength cannot be negative");
        return c;
    }
    if (!unit) throw UsageError("give --" + std::string(side == "attacker" ? "attack N" : "defend N") + " or --" + side + " NATION/TYPE");
    c.unit = &land_tables(context.library()).unit_type(rules.id, *unit);
    c.label = *unit;
    c.bases = args.integer(side + "-bases", c.unit->typical_bases);
    if (c.bases < 1) throw UsageError("--" + side + "-bases must be at least 1");
    return c;
}

LeaderEffect leader_effect(const std::optional<std::string>& text, const std::string& option) {
    if (!text) return LeaderEffect::None;
    if (*text == "present") return LeaderEffect::Present;
    if (*text == "great-captain") return LeaderEffect::GreatCaptain;
    if (*text == "killed") return LeaderEffect::Killed;
    if (*text == "none" || *text == "unhorsed") return LeaderEffect::None;
    throw UsageError("--" + option + " expects present, great-captain, killed, unhorsed or none");
}

int run_combat(const Arguments& args, Context& context) {
    const RuleSet& rules = ruleset_of(args, context);
    CombatRequest request;
    request.attacker = combatant(args, context, rules, "attacker");
    request.defender = combatant(args, context, rules, "defender");
    request.flank = args.flag("flank");
    request.rear = args.flag("rear");
    if (request.flank && request.rear) throw UsageError("--flank and --rear exclude each other");
    request.combined_arms = args.integer("combined-arms", 1);
    if (request.combined_arms < 1 || request.combined_arms > 3) throw UsageError("--combined-arms expects 2 or 3");
    request.charge = args.flag("charge");
    request.obstacle = args.flag("obstacle");
    if (const auto terrain = args.value("terrain")) {
        if (*terrain == "attacker") request.terrain = TerrainAdvantage::Attacker;
        else if (*terrain == "defender") request.terrain = TerrainAdvantage::Defender;
        else throw UsageError("--terrain expects attacker or defender (who has the advantageous terrain)");
    }
    request.attacker_leader = leader_effect(args.value("attacker-leader"), "attacker-leader");
    request.defender_leader = leader_effect(args.value("defender-leader"), "defender-leader");

    const CombatSetup setup = prepare_combat(rules, request);
    const Distribution chances = combat_probabilities(rules, setup);
    if (args.flag("preview")) {
        json document{{"ruleset", rules.id}, {"attack", setup.attack_strength}, {"defend", setup.defend_strength},
                      {"odds", setup.odds.odds.text()}, {"column", setup.column_label},
                      {"roll_modifier", roll_value_json(rules.combat_results.roll, setup.roll_modifier)},
                      {"explanation", setup.explanation}, {"probabilities", distribution_json(chances)}};
        std::vector<std::string> lines{"odds " + setup.odds.odds.text() + ", column " + setup.column_label};
        add_explanation(lines, setup.explanation);
        for (const auto& l : distribution_lines(chances)) lines.push_back(l);
        emit(context, document, lines);
        return kExitOk;
    }
    Dice dice = make_dice(args);
    const Roll roll = take_roll(args, rules.combat_results.roll, "roll", dice);
    const CombatResolution resolution = resolve_combat(rules, request, roll);
    auto side_json = [](const SideOutcome& side) {
        return json{{"state_before", std::string(to_string(side.before))}, {"state_after", std::string(to_string(side.after))},
                    {"bases_lost", side.bases_lost}, {"words", side.words}};
    };
    json document{{"ruleset", rules.id},
                  {"attack", setup.attack_strength},
                  {"defend", setup.defend_strength},
                  {"odds", setup.odds.odds.text()},
                  {"column", setup.column_label},
                  {"natural_roll", roll_value_json(roll.kind, roll.value)},
                  {"roll_source", std::string(to_string(roll.source))},
                  {"roll_modifier", roll_value_json(roll.kind, setup.roll_modifier)},
                  {"roll", roll_value_json(roll.kind, resolution.modified_roll)},
                  {"result", resolution.result},
                  {"result_name", resolution.result_name},
                  {"effect", resolution.effect},
                  {"attacker", side_json(resolution.attacker)},
                  {"defender", side_json(resolution.defender)},
                  {"explanation", resolution.explanation},
                  {"probabilities", distribution_json(chances)}};
    std::vector<std::string> lines{resolution.result + " (" + resolution.result_name + "): " + resolution.effect};
    add_explanation(lines, resolution.explanation);
    for (const auto& l : distribution_lines(chances)) lines.push_back(l);
    emit(context, document, lines);
    return kExitOk;
}

// ------------------------------------------------------------------ artillery

int run_artillery(const Arguments& args, Context& context) {
    const RuleSet& rules = ruleset_of(args, context);
    ArtilleryRequest request;
    request.range_mm = args.number("range");
    if (request.range_mm < 0) throw UsageError("--range is a distance in mm and cannot be negative");
    request.battery = args.value("battery").value_or(rules.artillery.batteries.front().id);
    try {
        if (auto f = args.value("target-formation")) request.target_formation = enum_from_string<Formation>(*f);
        if (auto s = args.value("target-state")) request.target_state = enum_from_string<UnitState>(*s);
    } catch (const RuleError& error) {
        throw UsageError(error.what());
    }
    const Distribution chances = artillery_probabilities(rules, request);
    Dice dice = make_dice(args);
    const Roll roll = take_roll(args, rules.artillery.roll, "roll", dice);
    const auto resolution = resolve_artillery(rules, request, roll);
    json document{{"ruleset", rules.id},
                  {"battery", request.battery},
                  {"range_mm", request.range_mm},
                  {"band", resolution.band},
                  {"natural_roll", roll_value_json(roll.kind, roll.value)},
                  {"roll_source", std::string(to_string(roll.source))},
                  {"roll", roll_value_json(roll.kind, resolution.modified_roll)},
                  {"result", resolution.result},
                  {"effect", resolution.effect},
                  {"explanation", resolution.explanation},
                  {"probabilities", distribution_json(chances)}};
    std::vector<std::string> lines{resolution.result + " at " + resolution.band + " mm: " + resolution.effect};
    add_explanation(lines, resolution.explanation);
    for (const auto& l : distribution_lines(chances)) lines.push_back(l);
    emit(context, document, lines);
    return kExitOk;
}

// ------------------------------------------------------------------ morale, square, leader, victory

int run_morale(const Arguments& args, Context& context) {
    const RuleSet& rules = ruleset_of(args, context);
    const int casualties = args.integer("casualties"), total = args.integer("total");
    if (total < 1) throw UsageError("--total is the army's base units, at least 1");
    if (casualties < 0 || casualties > total) throw UsageError("--casualties must be between 0 and --total");
    const auto assessment = assess_crisis(rules, casualties, total);
    std::optional<Roll> roll;
    if (assessment.level && !assessment.immediate) {
        Dice dice = make_dice(args);
        roll = take_roll(args, rules.crisis_of_morale.roll, "roll", dice);
    }
    const auto resolution = resolve_crisis(rules, casualties, total, roll);
    // Every level the army can cross (seed 000, 3.2 and 9.1: 15 % and every 5 % thereafter), the
    // victory table's marks with the chance of a crisis at each, so the umpire sees what is to come.
    const auto marks = crisis_marks(rules, total);
    json thresholds = json::object();
    json levels = json::array();
    std::vector<std::string> level_lines{"levels (" + rules.crisis_of_morale.section + "):"};
    for (const auto& mark : marks) {
        thresholds[std::to_string(mark.percent)] = mark.bases;
        const std::string on = mark.immediate ? "immediate" : mark.crisis_on->text(rules.crisis_of_morale.roll);
        levels.push_back({{"percent", mark.percent},
                          {"bases", mark.bases},
                          {"crisis_on", mark.immediate ? json(nullptr) : json(on)},
                          {"immediate", mark.immediate},
                          {"probability", mark.chance.value()},
                          {"crossed", casualties >= mark.bases}});
        level_lines.push_back("  " + std::to_string(mark.percent) + "% at " + std::to_string(mark.bases) + " bases: crisis " +
                              (mark.immediate ? std::string("immediate") : "on " + on + " (" + mark.chance.percent() + ")") +
                              (casualties >= mark.bases ? ", crossed" : ""));
    }
    json document{{"ruleset", rules.id},
                  {"casualties", casualties},
                  {"total", total},
                  {"percent", assessment.percent},
                  {"band", assessment.level ? json(assessment.band) : json(nullptr)},
                  {"test_due", assessment.level.has_value()},
                  {"immediate", assessment.immediate},
                  {"natural_roll", roll ? roll_value_json(roll->kind, roll->value) : json(nullptr)},
                  {"crisis", resolution.crisis},
                  {"scope", rules.crisis_of_morale.scope},
                  {"thresholds", thresholds},
                  {"levels", levels},
                  {"probability", crisis_probability(rules, casualties, total).value()},
                  {"explanation", resolution.explanation}};
    const bool per_unit = rules.crisis_of_morale.scope == "unit";
    std::vector<std::string> lines{resolution.crisis ? (per_unit ? "CRISIS OF MORALE for this unit" : "CRISIS OF MORALE")
                                   : assessment.level ? (per_unit ? "no crisis: this unit fights on" : "no crisis: the army fights on")
                                                      : "no test due"};
    add_explanation(lines, resolution.explanation);
    lines.insert(lines.end(), level_lines.begin(), level_lines.end());
    emit(context, document, lines);
    return kExitOk;
}

int run_square(const Arguments& args, Context& context) {
    const RuleSet& rules = ruleset_of(args, context);
    UnitState square_state = UnitState::Normal, cavalry_state = UnitState::Normal;
    try {
        square_state = enum_from_string<UnitState>(args.required("square-state"));
        if (auto c = args.value("cavalry-state")) cavalry_state = enum_from_string<UnitState>(*c);
    } catch (const RuleError& error) {
        throw UsageError(error.what());
    }
    Dice dice = make_dice(args);
    const Roll roll = take_roll(args, rules.cavalry_vs_square.roll, "roll", dice);
    const auto resolution = resolve_cavalry_vs_square(rules, square_state, roll, cavalry_state);
    const std::string result = resolution.square_broken ? "square broken" : resolution.cavalry_disrupted ? "cavalry disrupted" : "no change";
    json document{{"ruleset", rules.id},
                  {"natural_roll", roll_value_json(roll.kind, roll.value)},
                  {"roll_source", std::string(to_string(roll.source))},
                  {"result", result},
                  {"square_broken", resolution.square_broken},
                  {"cavalry_disrupted", resolution.cavalry_disrupted},
                  {"effect", resolution.cavalry.words + "; " + resolution.square.words},
                  {"explanation", resolution.explanation},
                  {"probabilities", distribution_json(square_probabilities(rules, square_state))}};
    std::vector<std::string> lines{result};
    add_explanation(lines, resolution.explanation);
    emit(context, document, lines);
    return kExitOk;
}

int run_leader(const Arguments& args, Context& context) {
    const RuleSet& rules = ruleset_of(args, context);
    Dice dice = make_dice(args);
    const Roll roll = take_roll(args, rules.leaders.casualty_roll, "roll", dice);
    std::optional<Roll> fate;
    if (rules.leaders.casualty_on.contains(roll.value)) fate = take_roll(args, rules.leaders.fate_roll, "casualty-roll", dice);
    const auto resolution = resolve_leader_under_fire(rules, roll, fate);
    json document{{"ruleset", rules.id},
                  {"natural_roll", roll_value_json(roll.kind, roll.value)},
                  {"casualty_roll", fate ? roll_value_json(fate->kind, fate->value) : json(nullptr)},
                  {"casualty", resolution.casualty},
                  {"fate", resolution.fate},
                  {"unit_disrupted", resolution.unit_disrupted},
                  {"modifier_available", resolution.modifier_available},
                  {"explanation", resolution.explanation},
                  {"probabilities", distribution_json(leader_probabilities(rules))}};
    std::vector<std::string> lines{"leader " + resolution.fate};
    add_explanation(lines, resolution.explanation);
    emit(context, document, lines);
    return kExitOk;
}

int run_victory(const Arguments& args, Context& context) {
    const RuleSet& rules = ruleset_of(args, context);
    const int ca = args.integer("casualties-a"), ta = args.integer("total-a"), cb = args.integer("casualties-b"),
              tb = args.integer("total-b");
    if (ta < 1 || tb < 1) throw UsageError("--total-a and --total-b are base units, at least 1");
    if (ca < 0 || ca > ta || cb < 0 || cb > tb) throw UsageError("casualties must be between 0 and the side's total");
    const auto judgement = judge_victory(rules, ca, ta, cb, tb, args.value("name-a").value_or("Side A"),
                                         args.value("name-b").value_or("Side B"));
    json document{{"ruleset", rules.id},   {"percent_a", judgement.percent_a}, {"percent_b", judgement.percent_b},
                  {"margin", judgement.margin}, {"result", judgement.result},  {"winner", judgement.winner},
                  {"explanation", judgement.explanation}};
    std::vector<std::string> lines{judgement.result + (judgement.winner.empty() ? "" : " for side " + judgement.winner)};
    add_explanation(lines, judgement.explanation);
    emit(context, document, lines);
    return kExitOk;
}

// ------------------------------------------------------------------ rally and orders

int run_rally(const Arguments& args, Context& context) {
    const RuleSet& rules = ruleset_of(args, context);
    UnitState state = UnitState::Disrupted;
    try {
        state = enum_from_string<UnitState>(args.required("state"));
    } catch (const RuleError& error) {
        throw UsageError(error.what());
    }
    const UnitType* unit = nullptr;
    if (auto u = args.value("unit")) unit = &land_tables(context.library()).unit_type(rules.id, *u);
    RallySupport support = args.flag("general") ? RallySupport::General : RallySupport::None;
    if (auto captain = args.value("great-captain")) {
        const auto& known = rules.leaders.great_captains;
        if (std::find(known.begin(), known.end(), *captain) == known.end()) {
            std::string names;
            for (const auto& n : known) names += (names.empty() ? "" : ", ") + n;
            throw UsageError("--great-captain: '" + *captain + "' is not a great captain of " + rules.name +
                             (names.empty() ? std::string(" (it has none)") : " (" + names + ")"));
        }
        support = RallySupport::GreatCaptain;
    }
    const Probability chance = rally_probability(rules, state, unit, support);
    Dice dice = make_dice(args);
    const Roll roll = take_roll(args, rules.rally.roll, "roll", dice);
    const auto resolution = resolve_rally(rules, state, unit, support, roll);
    json document{{"ruleset", rules.id},
                  {"natural_roll", roll_value_json(roll.kind, roll.value)},
                  {"roll", roll_value_json(roll.kind, resolution.modified_roll)},
                  {"needed", roll_value_json(roll.kind, resolution.needed)},
                  {"rallied", resolution.rallied},
                  {"new_state", std::string(to_string(resolution.after))},
                  {"probability", chance.value()},
                  {"explanation", resolution.explanation}};
    std::vector<std::string> lines{resolution.rallied ? "rallied: now " + std::string(to_string(resolution.after)) : "not rallied"};
    add_explanation(lines, resolution.explanation);
    emit(context, document, lines);
    return kExitOk;
}

int run_order(const Arguments& args, Context& context) {
    const RuleSet& rules = ruleset_of(args, context);
    Dice dice = make_dice(args);
    const Roll roll = take_roll(args, rules.orders.roll, "roll", dice);
    const auto resolution = resolve_order(rules, roll);
    json document{{"ruleset", rules.id}, {"natural_roll", roll_value_json(roll.kind, roll.value)},
                  {"understood", resolution.understood}, {"explanation", resolution.explanation}};
    std::vector<std::string> lines{resolution.understood ? "order understood" : "order NOT understood"};
    add_explanation(lines, resolution.explanation);
    emit(context, document, lines);
    return kExitOk;
}

// ------------------------------------------------------------------ validate

// The loader's own checks on each file (RulesLibrary::check_files): what validate calls valid
// the app and `play` open, and what they refuse validate reports.
int validate_paths(const std::vector<std::filesystem::path>& paths, Context& context) {
    const ValidationReport report = RulesLibrary::check_files(context.data_dir, paths);
    json list = json::array();
    std::vector<std::string> lines;
    for (const auto& problem : report.problems) {
        list.push_back({{"file", problem.file()}, {"where", problem.where()}, {"expected", problem.expected()},
                        {"found", problem.found()}, {"message", problem.what()}});
        lines.push_back(problem.what());
    }
    std::map<std::string, int> kinds;
    json checked = json::array();
    for (const auto& file : report.checked) {
        ++kinds[file.kind];
        checked.push_back({{"file", file.file.string()}, {"kind", file.kind}});
    }
    std::string tally;
    for (const auto& [kind, count] : kinds) tally += (tally.empty() ? "" : ", ") + std::to_string(count) + " " + kind;
    // With no paths the data folder is checked: say which one, so an installed copy shows where it looks.
    const std::string where = paths.empty() ? " in " + context.data_dir.string() : "";
    const std::string what = std::to_string(report.checked.size()) + " file(s) checked" + where +
                             (tally.empty() ? "" : " (" + tally + ")");
    lines.push_back(report.problems.empty() ? what + ": all valid"
                                            : what + ": " + std::to_string(report.problems.size()) + " problem(s)");
    emit(context, json{{"valid", report.problems.empty()}, {"checked", checked}, {"problems", list}}, lines);
    return report.problems.empty() ? kExitOk : kExitFailure;
}


int run_validate(const Arguments& args, Context& context) {
    const auto words = args.positional();
    std::vector<std::filesystem::path> paths(words.begin(), words.end());
    return validate_paths(paths, context);
}

// ------------------------------------------------------------------ declarations

void ruleset_option(CLI::App& command) {
    command.add_option("--ruleset", "the rule set, e.g. gloire-dice (see 'fortuna-cli rulesets')")->type_name("R")->required();
}

// --roll X as thrown at the table, else the program rolls (--seed N makes that repeatable).
void roll_options(CLI::App& command, const std::string& what) {
    command.add_option("--roll")->type_name("X")->description(
        "the " + what + " roll as thrown: a die 1-6, 2-12 for two dice, or a random number 0.000-0.999, "
        "as the rule set uses; without it the program rolls");
    command.add_option("--seed", "seed the program's roll so that it repeats")->type_name("N");
}

void side_options(CLI::App& command, const std::string& side, const std::string& strength) {
    command.add_option("--" + strength)->type_name("N")->description("the " + side + "'s strength as a number, instead of --" + side);
    command.add_option("--" + side)->type_name("NATION/TYPE")->description("the " + side + "'s unit type from its army list (strength from its factors)");
    command.add_option("--" + side + "-bases")->type_name("B")->description("bases in the " + side + "'s unit (default: the type's usual number)");
    command.add_option("--" + side + "-state")->type_name("S")->description("the " + side + "'s state: normal, disrupted, withdrawing or routing");
    command.add_option("--" + side + "-formation")->type_name("F")->description("the " + side + "'s formation: line, column or square");
    command.add_option("--" + side + "-leader")->type_name("L")->description("a leader with the " + side + ": present, great-captain, killed, unhorsed or none");
}

void declare_nothing(CLI::App&) {}

void declare_armies(CLI::App& command) { ruleset_option(command); }

void declare_odds(CLI::App& command) {
    ruleset_option(command);
    command.add_option("--attack", "attacking strength")->type_name("N")->required();
    command.add_option("--defend", "defending strength")->type_name("N")->required();
}

void declare_combat(CLI::App& command) {
    ruleset_option(command);
    side_options(command, "attacker", "attack");
    side_options(command, "defender", "defend");
    command.add_flag("--flank")->description("the attack comes in on the defender's flank");
    command.add_flag("--rear")->description("the attack comes in on the defender's rear");
    command.add_option("--combined-arms", "arms attacking together (2 or 3) for the combined-arms shift")->type_name("2|3");
    command.add_flag("--charge")->description("the attacker charges");
    command.add_option("--terrain", "who holds the advantageous terrain: attacker or defender")->type_name("SIDE");
    command.add_flag("--obstacle")->description("the defender stands behind an obstacle");
    roll_options(command, "combat");
    command.add_flag("--preview")->description("show the odds and the chances of every result without rolling");
}

void declare_artillery(CLI::App& command) {
    ruleset_option(command);
    command.add_option("--range", "range to the target in mm")->type_name("MM")->required();
    command.add_option("--battery", "the battery type (default: the rule set's first)")->type_name("ID");
    command.add_option("--target-formation", "the target's formation: line, column or square")->type_name("F");
    command.add_option("--target-state", "the target's state: normal, disrupted, withdrawing or routing")->type_name("S");
    roll_options(command, "artillery");
}

void declare_morale(CLI::App& command) {
    ruleset_option(command);
    command.add_option("--casualties", "base units the army has lost")->type_name("N")->required();
    command.add_option("--total", "base units the army started with")->type_name("N")->required();
    roll_options(command, "crisis of morale");
}

void declare_square(CLI::App& command) {
    ruleset_option(command);
    command.add_option("--square-state", "the square's state: normal or disrupted")->type_name("S")->required();
    command.add_option("--cavalry-state", "the charging cavalry's state (default normal)")->type_name("S");
    roll_options(command, "cavalry against square");
}

void declare_leader(CLI::App& command) {
    ruleset_option(command);
    roll_options(command, "leader casualty");
    command.add_option("--casualty-roll", "the roll for the leader's fate when he is hit")->type_name("Y");
}

void declare_victory(CLI::App& command) {
    ruleset_option(command);
    command.add_option("--casualties-a", "base units side A has lost")->type_name("N")->required();
    command.add_option("--total-a", "base units side A started with")->type_name("N")->required();
    command.add_option("--casualties-b", "base units side B has lost")->type_name("N")->required();
    command.add_option("--total-b", "base units side B started with")->type_name("N")->required();
    command.add_option("--name-a", "side A's name in the verdict (default 'Side A')")->type_name("NAME");
    command.add_option("--name-b", "side B's name in the verdict (default 'Side B')")->type_name("NAME");
}

void declare_rally(CLI::App& command) {
    ruleset_option(command);
    command.add_option("--state", "the unit's state: disrupted or routing")->type_name("S")->required();
    command.add_option("--unit", "the unit's type, for its own rally number")->type_name("NATION/TYPE");
    command.add_flag("--general")->description("a general is with the unit");
    command.add_option("--great-captain", "a great captain of the rule set is with the unit")->type_name("NAME");
    roll_options(command, "rally");
}

void declare_order(CLI::App& command) {
    ruleset_option(command);
    roll_options(command, "order");
}

void declare_validate(CLI::App& command) {
    command.add_option("paths", "data files to check (default: the whole data folder)")
        ->type_name("PATH")
        ->expected(1, CLI::detail::expected_max_vector_size)
        ->allow_extra_args();
}

const Registration rules_registrations[] = {
    {"rulesets", "the rule sets in the data folder and every rule system (land, The Age of Sail, Game Of Kings, Clausewitz)", declare_nothing, run_rulesets},
    {"armies", "a rule set's armies and their unit types", declare_armies, run_armies},
    {"odds", "the odds and combat results column of two strengths", declare_odds, run_odds},
    {"combat", "resolve a combat (or --preview its chances) with every shift and modifier explained", declare_combat, run_combat},
    {"artillery", "resolve a battery's fire at a range", declare_artillery, run_artillery},
    {"morale", "whether an army's losses call for a crisis of morale test, and its outcome", declare_morale, run_morale},
    {"square", "cavalry charging a square", declare_square, run_square},
    {"leader", "a leader under fire: hit or not, and his fate", declare_leader, run_leader},
    {"victory", "the victory verdict from both sides' losses", declare_victory, run_victory},
    {"rally", "rally a disrupted or routing unit", declare_rally, run_rally},
    {"order", "whether an order is understood", declare_order, run_order},
    {"validate", "check data files against their schemas and each other", declare_validate, run_validate},
};

}  // namespace
}  // namespace fortuna::cli
