// SPDX-License-Identifier: MIT
// fortuna-cli's game subcommands: play a scenario headlessly, check a save's replay, describe a scenario.
#include <fstream>
#include <iostream>
#include <map>
#include <random>

#include "cli.hpp"
#include "fortuna/errors.hpp"
#include "fortuna/game.hpp"
#include "fortuna/journal.hpp"
#include "fortuna/library.hpp"
#include "fortuna/save.hpp"
#include "fortuna/scenario.hpp"

namespace fortuna::cli {
namespace {

using nlohmann::json;

json roll_list(const AppliedAction& action) {
    json rolls = json::array();
    for (const ActionRoll& roll : action.rolls) {
        json node{{"slot", roll.slot}, {"kind", to_string(roll.roll.kind)}, {"value", roll.roll.value},
                  {"text", format_roll(roll.roll.kind, roll.roll.value)}, {"source", to_string(roll.roll.source)}};
        if (roll.reused) node["kept_from_undo"] = true;
        rolls.push_back(node);
    }
    return rolls;
}

std::uint64_t seed_of(const Arguments& args) {
    if (const auto text = args.value("seed")) {
        try {
            std::size_t used = 0;
            const unsigned long long value = std::stoull(*text, &used);
            if (used == text->size()) return value;
        } catch (const std::logic_error&) {
        }
        throw UsageError("--seed needs a whole number 0-18446744073709551615, not '" + *text + "'");
    }
    std::random_device device;
    return (static_cast<std::uint64_t>(device()) << 32) | device();
}

// ------------------------------------------------------------------ play

int run_play(const Arguments& args, Context& context) {
    if (!args.positional().empty()) throw UsageError("unexpected '" + args.positional().front() + "'");
    const auto load = args.value("load");
    const auto scenario_name = args.value("scenario");
    if (load && (scenario_name || args.value("seed")))
        throw UsageError("--load continues a saved game: its scenario and seed are in the save");
    if (!load && !scenario_name) throw UsageError("give --scenario ID|FILE for a new game or --load SAVE to continue one");
    if (load && args.flag("advisory"))
        throw UsageError("--advisory starts a new game without the rules of play; a saved game keeps its own (\"enforce\" actions change it)");
    // --advisory: the app advises, the table decides (docs/rules/enforcement.md).
    const Enforcement enforcement = args.flag("advisory") ? Enforcement{false, false, false, false} : Enforcement{};

    const RulesLibrary& library = context.library();
    Game game = load ? load_game(library, *load) : Game(library, load_scenario(library, *scenario_name), seed_of(args), enforcement);

    // The journal beside the save is the recovery file: every action reaches the disk as it
    // is applied, so a crash before the save loses nothing.
    const auto save = args.value("save");
    if (const auto journal = args.value("journal")) game.attach_journal(*journal);
    else if (save) game.attach_journal(journal_path_for_save(*save));

    json applied = json::array();
    std::vector<std::string> lines;
    std::optional<std::string> refused;
    if (const auto actions = args.value("actions")) {
        std::ifstream file;
        if (*actions != "-") {
            file.open(*actions);
            if (!file) throw DataError(*actions, "", "a readable file of actions, one JSON object a line", "cannot open it");
        }
        std::istream& in = *actions == "-" ? std::cin : file;
        std::string text;
        int number = 0;
        while (std::getline(in, text)) {
            ++number;
            const auto first = text.find_first_not_of(" \t\r");
            if (first == std::string::npos || text[first] == '#') continue;
            const std::string where = *actions + ":" + std::to_string(number) + ": ";
            // The data files' limits (docs/data-format.md, Limits): size, nesting, numbers.
            json action;
            try {
                action = parse_json_text(text, *actions);
            } catch (const DataError& error) {
                refused = where + "not a JSON object: expected one action a line, e.g. {\"do\": \"combat\", \"attacker\": \"F-I1\", \"defender\": \"I-I1\"} (" +
                          error.expected() + (error.found().empty() ? "" : ", found " + error.found()) + ")";
                break;
            }
            try {
                const AppliedAction& done = game.apply(action);
                const std::string kind = action.value("do", std::string());
                const bool undoing = kind == "undo" || kind == "redo";
                const std::string summary = undoing ? (kind == "undo" ? "Undo #" : "Redo #") + std::to_string(done.seq) + ": " + done.summary
                                                    : done.summary;
                applied.push_back({{"line", number},
                                   {"seq", game.journal().back().value("seq", 0)},
                                   {"do", kind},
                                   {"summary", summary},
                                   {"rolls", undoing ? json::array() : roll_list(done)}});
                lines.push_back("#" + std::to_string(game.journal().back().value("seq", 0)) + " " + summary);
            } catch (const RuleError& error) {
                refused = where + error.what();
                break;
            }
        }
    }
    if (save) save_game(game, *save);

    json document = game.summary_json();
    document["applied"] = applied;
    if (save) document["save"] = *save;
    if (const auto journal = game.journal_file()) document["journal_file"] = journal->string();
    if (refused) document["refused"] = *refused;
    for (const auto& line : game.summary_lines()) lines.push_back(line);
    if (save) lines.push_back("Saved to " + *save);
    emit(context, document, lines);
    if (refused) {
        context.err << "fortuna-cli play: refused " << *refused << "\n"
                    << "  the " << applied.size() << " actions before it were applied"
                    << (save ? " and saved" : "") << "\n";
        return kExitFailure;
    }
    return kExitOk;
}

// ------------------------------------------------------------------ replay

bool looks_like_journal(const std::string& path) {
    std::ifstream in(path);
    std::string first;
    if (!std::getline(in, first)) return false;
    const json header = json::parse(first, nullptr, false);
    return header.is_object() && header.value("format", std::string()) == kJournalFormat;
}

int run_replay(const Arguments& args, Context& context) {
    if (args.positional().size() != 1) throw UsageError("give one saved game (or journal) to replay");
    const std::string path = args.positional().front();
    const RulesLibrary& library = context.library();
    if (looks_like_journal(path)) {
        const JournalContents contents = read_journal(path);
        Game game = recover_game(library, path);
        json document = game.summary_json();
        document["file"] = path;
        document["kind"] = "journal";
        document["reproduced"] = true;
        document["lines"] = contents.lines.size();
        document["torn_tail"] = contents.torn_tail;
        std::vector<std::string> lines{path + ": journal of " + std::to_string(contents.lines.size()) +
                                       " lines replays without a mismatch" +
                                       (contents.torn_tail ? " (a torn last line, never applied, was ignored)" : "")};
        for (const auto& line : game.summary_lines()) lines.push_back(line);
        emit(context, document, lines);
        return kExitOk;
    }
    ReplayCheck check = check_save(library, path);
    json document = check.game->summary_json();
    document["file"] = path;
    document["kind"] = "save";
    document["reproduced"] = check.reproduced;
    document["lines"] = check.lines;
    document["differences"] = check.differences;
    std::vector<std::string> lines;
    if (check.reproduced) {
        lines.push_back(path + ": the journal (" + std::to_string(check.lines) + " lines, " + std::to_string(check.actions) +
                        " actions in effect) reproduces the saved state and generator");
    } else {
        lines.push_back(path + ": the journal does NOT reproduce the saved state:");
        for (const auto& difference : check.differences) lines.push_back("  " + difference);
    }
    for (const auto& line : check.game->summary_lines()) lines.push_back(line);
    emit(context, document, lines);
    return check.reproduced ? kExitOk : kExitFailure;
}

// ------------------------------------------------------------------ scenario info

int run_scenario_info(const Arguments& args, Context& context) {
    if (args.positional().size() != 1) throw UsageError("give one scenario id or file");
    const RulesLibrary& library = context.library();
    const Scenario scenario = load_scenario(library, args.positional().front());
    const RuleSet& rules = library.ruleset(scenario.ruleset);

    std::vector<std::string> lines;
    lines.push_back(scenario.name + " [" + scenario.id + "]");
    lines.push_back("  rule set: " + rules.name + " (" + rules.id + ")");
    lines.push_back("  start " + format_clock(scenario.start) + ", dusk " + format_clock(scenario.dusk) + " (" +
                    std::to_string((scenario.dusk - scenario.start) / std::max(1, rules.turn_minutes)) + " turns of " +
                    std::to_string(rules.turn_minutes) + " minutes)");
    lines.push_back("  board " + std::to_string(static_cast<int>(scenario.board.width_mm)) + " x " +
                    std::to_string(static_cast<int>(scenario.board.depth_mm)) + " mm, " + scenario.board.scale);

    std::map<std::string, std::vector<std::string>> terrain;
    for (const TerrainFeature& feature : scenario.terrain) {
        std::string name = feature.name;
        if (feature.kind == TerrainKind::Hill) name += " (" + std::to_string(feature.layers) + " layers)";
        if (feature.kind == TerrainKind::Village || feature.kind == TerrainKind::Town)
            name += " (shelters " + std::to_string(feature.shelters) + ")";
        terrain[std::string(to_string(feature.kind))].push_back(name);
    }
    json terrain_json = json::object();
    for (const auto& [kind, names] : terrain) {
        terrain_json[kind] = names;
        std::string list;
        for (const auto& n : names) list += (list.empty() ? "" : ", ") + n;
        lines.push_back("  " + kind + ": " + list);
    }

    const auto tally_command = [](const CommandSetup& command, std::map<std::string, int>& by_arm) {
        for (const UnitSetup& unit : command.units) by_arm[std::string(to_string(unit.unit_type->arm))] += unit.bases;
    };
    json sides = json::array();
    for (const SideSetup& side : scenario.sides) {
        std::map<std::string, int> by_arm{{"infantry", 0}, {"cavalry", 0}, {"artillery", 0}};
        json commanders = json::array();
        int units = 0;
        for (const CommandSetup& command : side.commands) {
            tally_command(command, by_arm);
            units += static_cast<int>(command.units.size());
            commanders.push_back({{"command", command.name},
                                  {"general", command.general ? command.general->name : ""},
                                  {"code", command.general ? command.general->code : ""},
                                  {"great_captain", command.general && command.general->great_captain},
                                  {"units", command.units.size()}});
        }
        std::map<std::string, int> arriving{{"infantry", 0}, {"cavalry", 0}, {"artillery", 0}};
        json reinforcements = json::array();
        for (const ReinforcementSetup& r : scenario.reinforcements) {
            if (r.side != side.id) continue;
            std::map<std::string, int> these;
            tally_command(r.command, these);
            int bases = 0;
            for (const auto& [arm, n] : these) {
                arriving[arm] += n;
                bases += n;
            }
            reinforcements.push_back({{"id", r.id}, {"command", r.command.name}, {"arrives", format_clock(r.arrives)},
                                      {"bases", bases}, {"entry", r.entry}});
        }
        const int total = by_arm["infantry"] + by_arm["cavalry"] + by_arm["artillery"];
        sides.push_back({{"id", side.id}, {"name", side.name}, {"nation", side.nation}, {"commanders", commanders},
                         {"units", units}, {"bases_by_arm", by_arm}, {"bases_total", total},
                         {"reinforcements", reinforcements}});
        lines.push_back("  " + side.name + " (" + side.id + ", " + side.nation + "): " + std::to_string(units) + " units, " +
                        std::to_string(total) + " bases: " + std::to_string(by_arm["infantry"]) + " infantry, " +
                        std::to_string(by_arm["cavalry"]) + " cavalry, " + std::to_string(by_arm["artillery"]) + " artillery");
        for (const auto& c : commanders) {
            lines.push_back("    " + c["command"].get<std::string>() +
                            (c["general"].get<std::string>().empty() ? "" : ": " + c["general"].get<std::string>() + " [" + c["code"].get<std::string>() + "]") +
                            (c["great_captain"].get<bool>() ? ", great captain" : ""));
        }
        for (const auto& r : reinforcements) {
            lines.push_back("    reinforcement " + r["command"].get<std::string>() + " at " + r["arrives"].get<std::string>() +
                            ": " + std::to_string(r["bases"].get<int>()) + " bases");
        }
    }
    const json document{{"id", scenario.id},
                        {"name", scenario.name},
                        {"file", scenario.file},
                        {"ruleset", scenario.ruleset},
                        {"start", format_clock(scenario.start)},
                        {"dusk", format_clock(scenario.dusk)},
                        {"first_player", scenario.first_player},
                        {"board", {{"width_mm", scenario.board.width_mm}, {"depth_mm", scenario.board.depth_mm}, {"scale", scenario.board.scale}}},
                        {"terrain", terrain_json},
                        {"sides", sides}};
    emit(context, document, lines);
    return kExitOk;
}

// ------------------------------------------------------------------ declarations

void declare_play(CLI::App& command) {
    command.add_option("--scenario", "start a new game of this scenario (a shipped id or a .json file)")->type_name("ID|FILE");
    command.add_option("--seed", "seed of the game's generator, for a repeatable game (0-18446744073709551615)")->type_name("N");
    command.add_option("--actions", "apply these actions, one JSON object a line ('-' reads standard input)")->type_name("FILE.jsonl|-");
    command.add_option("--load", "continue this saved game instead of starting one")->type_name("SAVE");
    command.add_option("--save", "save the game here afterwards (its journal goes beside it)")->type_name("SAVE");
    command.add_option("--journal", "write the recovery journal here instead of beside the save")->type_name("JOURNAL");
    command.add_flag("--advisory", "start without the rules of play: the app advises, the table decides (docs/rules/enforcement.md)");
}

void declare_replay(CLI::App& command) {
    command.add_option("file", "a saved game (.fortuna) or a recovery journal")->type_name("SAVE|JOURNAL");
}

void declare_scenario_info(CLI::App& command) {
    command.add_option("scenario", "a shipped scenario id or a scenario .json file")->type_name("ID|FILE");
}

const Registration registrations[] = {
    {"play", "play a scenario headlessly from a file of actions, and save it", declare_play, run_play},
    {"replay", "check that a save's journal reproduces its state (or recover a journal)", declare_replay, run_replay},
    {"scenario info", "a scenario's rule set, times, board, terrain and orders of battle", declare_scenario_info, run_scenario_info},
};

}  // namespace
}  // namespace fortuna::cli
