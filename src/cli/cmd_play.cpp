// SPDX-License-Identifier: MIT
// fortuna-cli's game subcommands: play a scenario headlessly, check a save's replay, describe a scenario.
#include <fstream>
#include <iostream>
#include <map>
#include <random>
#include <system_error>

#include "cli.hpp"
#include "fortuna/core/message_catalogue.hpp"
#include "fortuna/land/land_tables.hpp"
#include "fortuna/core/errors.hpp"
#include "fortuna/core/json_fields.hpp"
#include "fortuna/land/game.hpp"
#include "fortuna/core/journal.hpp"
#include "fortuna/seam/library.hpp"
#include "fortuna/land/opponent.hpp"
#include "fortuna/core/platform.hpp"
#include "fortuna/land/save.hpp"
#include "fortuna/land/scenario.hpp"
#include "session_play.hpp"
#include "play_files.hpp"

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

// ------------------------------------------------------------------ play

// What `play` was asked, parsed from the command line (run_play) and acted on by play().
struct PlayRequest {
    std::optional<std::string> scenario;
    std::optional<std::uint64_t> seed;
    std::optional<std::string> load;     // a save or a journal
    bool resume = false;                 // continue the journal beside --save, or the newest unfinished game
    std::optional<std::string> save;
    std::optional<std::string> journal;  // written as actions are applied; an existing one is continued
    std::optional<std::string> actions;  // a file of actions, or "-"
    bool advisory = false;               // a new game without the rules of play (docs/rules/enforcement.md)
    std::optional<std::string> opponent; // a side id or "both": the programmed opponent plays it (docs/rules/opponent.md)
    std::optional<std::string> until;    // "end" or HH:MM: how far the opponent plays
};

bool looks_like_journal(const std::string& path) {
    std::ifstream in(path);
    std::string first;
    if (!std::getline(in, first)) return false;
    const json header = json::parse(first, nullptr, false);
    return header.is_object() && text_member(header, "format") == kJournalFormat;
}

// A game to continue and the journal it came from (if it came from one).
struct Continued {
    Game game;
    std::optional<std::filesystem::path> journal;
    std::vector<std::string> notes;  // said on stderr: what was continued and why
};

// A save, with the journal beside it when that journal is newer: a crash after the save
// leaves the actions since in the journal only, and continuing from the save alone would
// silently drop them. A journal that disagrees with the save is refused, never replaced.
Continued continue_save(const RulesLibrary& library, const std::filesystem::path& save) {
    Game game = load_game(library, save);
    const std::filesystem::path beside = journal_path_for_save(save);
    std::error_code missing;
    if (!std::filesystem::exists(beside, missing)) return {std::move(game), std::nullopt, {}};
    const JournalContents contents = read_journal(beside);
    const std::vector<json>& saved = game.journal();
    std::size_t same = 0;
    const bool same_game = contents.header == game.journal_header();
    while (same_game && same < saved.size() && same < contents.lines.size() && saved[same] == contents.lines[same]) ++same;
    if (same_game && same == contents.lines.size()) return {std::move(game), beside, {}};  // the save holds it all
    if (same_game && same == saved.size()) {
        const std::size_t beyond = contents.lines.size() - saved.size();
        Continued continued{recover_game(library, beside), beside, {}};
        continued.notes.push_back("continuing " + beside.string() + ": it holds " + plural(beyond, "journal line") +
                                  " beyond the save " + save.string() + " (written after it, e.g. before a crash)");
        return continued;
    }
    const std::size_t beyond = contents.lines.size() - same;
    throw UsageError("the journal " + beside.string() + " holds " + plural(beyond, "journal line") + " beyond what " +
                     save.string() + " holds" + (same_game ? " and disagrees with it from line " + std::to_string(same + 2)
                                                            : " and belongs to another game") +
                     ": continue that journal with --load " + beside.string() + ", or move it away to continue the save");
}

// The newest journal in the recovery folder that no running program is writing.
std::filesystem::path newest_unfinished_game() {
    std::optional<std::filesystem::path> newest;
    std::filesystem::file_time_type newest_time{};
    for (const RecoveryCandidate& candidate : find_recovery_journals()) {
        if (candidate.in_use) continue;
        std::error_code error;
        const auto time = std::filesystem::last_write_time(candidate.journal, error);
        if (error) continue;
        if (!newest || time > newest_time) {
            newest = candidate.journal;
            newest_time = time;
        }
    }
    if (!newest) throw UsageError("--resume: no unfinished game in " + recovery_dir().string() + "; give --load FILE.journal");
    return *newest;
}

Continued open_game(const RulesLibrary& library, const PlayRequest& request) {
    if (request.resume) {
        const std::filesystem::path journal = request.save ? journal_path_for_save(*request.save) : newest_unfinished_game();
        std::error_code missing;
        if (!std::filesystem::exists(journal, missing))
            throw UsageError("--resume: there is no journal " + journal.string() + " to continue");
        return {recover_game(library, journal), journal, {"continuing " + journal.string()}};
    }
    if (request.load) {
        if (looks_like_journal(*request.load)) return {recover_game(library, *request.load), *request.load, {}};
        return continue_save(library, *request.load);
    }
    const std::uint64_t seed = seed_or_random(request.seed);
    const Enforcement enforcement = request.advisory ? Enforcement{false, false, false, false} : Enforcement{};
    return {Game(library, load_scenario(library, *request.scenario), seed, enforcement), std::nullopt, {}};
}

// Applies the actions file line by line until the end, a refusal, or a journal that cannot
// be written; `stopped` says why it stopped early.
void apply_actions(Game& game, const std::string& actions, json& applied, std::vector<std::string>& lines,
                   std::optional<std::string>& stopped) {
    for_each_action_line(actions, [&](int number, const std::string& text) {
        const std::string where = actions + ":" + std::to_string(number) + ": ";
        // The data files' limits (docs/data-format.md, Limits): size, nesting, numbers.
        json action;
        try {
            action = parse_json_text(text, actions);
        } catch (const DataError& error) {
            stopped = where + "not a JSON object: expected one action a line, e.g. {\"do\": \"combat\", \"attacker\": \"F-I1\", \"defender\": \"I-I1\"} (" +
                      error.expected() + (error.found().empty() ? "" : ", found " + error.found()) + ")";
            return false;
        }
        try {
            const AppliedAction& done = game.apply(action);
            const std::string kind = text_member(action, "do");
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
            stopped = where + error.what();
            return false;
        } catch (const std::system_error& error) {
            // The journal could not take the line (disk full, folder gone): the action was
            // not applied, and the ones before it are on disk.
            stopped = where + "not applied: " + error.what();
            return false;
        }
        return true;
    });
}

// The sides the programmed opponent plays: one side id, or "both".
std::vector<int> opponent_sides(const Scenario& scenario, const std::string& which) {
    if (which == "both") return {0, 1};
    const int side = scenario.side_index(which);
    if (side < 0)
        throw UsageError("--opponent needs a side of " + scenario.id + " ('" + scenario.sides[0].id + "', '" + scenario.sides[1].id +
                         "') or 'both', not '" + which + "'");
    return {side};
}

// Lets the programmed opponent play (docs/rules/opponent.md): both sides to the decision or
// --until; one side until the other side's half-turn comes. Each applied action is listed
// with the opponent's reason.
BattleOutcome play_opponent(Game& game, const PlayRequest& request, json& applied, std::vector<std::string>& lines,
                            std::optional<std::string>& stopped) {
    const Doctrines doctrines = load_doctrines(game.library(), game.scenario());
    const std::vector<int> sides = opponent_sides(game.scenario(), *request.opponent);
    std::optional<int> until;
    if (request.until && *request.until != "end") {
        try {
            until = parse_clock(*request.until);
        } catch (const RuleError&) {
            throw UsageError("--until needs 'end' or a time HH:MM, not '" + *request.until + "'");
        }
    }
    try {
        const AutoPlay play = play_opponents(game, doctrines, sides, until, [&](const AppliedAction& done) {
            json entry{{"seq", done.seq}, {"do", done.kind}, {"summary", done.summary}, {"rolls", roll_list(done)},
                       {"by", done.request.by.value_or("")}};
            if (done.request.why) entry["why"] = *done.request.why;
            if (!done.overruled.empty()) entry["overruled"] = done.overruled;
            applied.push_back(entry);
            lines.push_back("#" + std::to_string(done.seq) + " " + done.summary);
            if (done.request.why) lines.push_back("      why: " + *done.request.why);
        });
        return play.outcome;
    } catch (const std::system_error& error) {
        stopped = std::string("the opponent's action was not applied: ") + error.what();
        return judge_battle(game, doctrines);
    }
}

int play(const PlayRequest& request, Context& context) {
    platform::set_program_name("fortuna-cli");
    const RulesLibrary& library = context.library();
    // The files this run writes are ours alone; a game another program has open is refused
    // with its holder's name (it would otherwise fork the game or replace its journal).
    std::vector<std::shared_ptr<platform::FileLock>> owned;
    if (request.save) owned.push_back(own_game_files(*request.save));
    if (request.journal) owned.push_back(own_game_files(*request.journal));
    if (request.load && !request.save && !request.journal && looks_like_journal(*request.load))
        owned.push_back(own_game_files(*request.load));
    if (request.load) {
        if (const auto holder = game_files_in_use(*request.load))
            context.err << "fortuna-cli play: "
                        << shown("note: " + *request.load + " is open in " + holder->describe() + "; continuing it as it stands on disk") << "\n";
    }

    Continued continued = open_game(library, request);
    Game& game = continued.game;
    for (const auto& note : continued.notes) context.err << "fortuna-cli play: " << shown(note) << "\n";

    // The journal is the recovery file: every action reaches the disk as it is applied, so a
    // crash before the save loses nothing. An existing journal is continued, never cut short.
    std::optional<std::filesystem::path> journal;
    if (request.journal) journal = *request.journal;
    else if (request.save) journal = journal_path_for_save(*request.save);
    else if (continued.journal) journal = continued.journal;
    if (journal) {
        try {
            game.attach_journal(*journal);
        } catch (const JournalConflict& conflict) {
            throw UsageError(std::string(conflict.what()) +
                             (conflict.lines_beyond() > 0 ? "; continue it with --load " + conflict.file().string() : std::string()) +
                             " or give another --journal/--save");
        }
    }

    json applied = json::array();
    std::vector<std::string> lines;
    std::optional<std::string> stopped;
    if (request.actions) apply_actions(game, *request.actions, applied, lines, stopped);
    std::optional<BattleOutcome> outcome;
    if (request.opponent && !stopped) outcome = play_opponent(game, request, applied, lines, stopped);

    // Saved even after a refusal or a journal that failed: the save may go to a healthy disk.
    std::optional<std::string> save_failure;
    if (request.save) {
        try {
            save_game(game, *request.save);
        } catch (const std::system_error& error) {
            save_failure = error.what();
        }
    }

    json document = game.summary_json();
    document["applied"] = applied;
    document["applied_count"] = applied.size();
    if (request.save && !save_failure) document["save"] = *request.save;
    if (save_failure) document["save_failed"] = *save_failure;
    if (const auto file = game.journal_file()) document["journal_file"] = file->string();
    if (stopped) document["refused"] = *stopped;
    if (outcome) {
        document["outcome"] = {{"decided", outcome->decided}, {"how", outcome->how}, {"words", outcome->words},
                               {"winner", outcome->winner < 0 ? "" : game.scenario().sides[static_cast<std::size_t>(outcome->winner)].id},
                               {"clock", game.clock_text()}};
        lines.push_back(outcome->decided ? "Decided: " + outcome->words : "Not yet decided at " + game.clock_text());
    }
    for (const auto& line : game.summary_lines()) lines.push_back(line);
    if (request.save && !save_failure) lines.push_back("Saved to " + *request.save);
    emit(context, document, lines);
    if (stopped) {
        std::string after = "the " + plural(applied.size(), "action") + " before it were applied" + (request.save && !save_failure ? " and saved" : "");
        if (!applied.empty())
            after += "; the last: #" + std::to_string(applied.back()["seq"].get<int>()) + " " + applied.back()["summary"].get<std::string>();
        context.err << "fortuna-cli play: " << shown("refused " + *stopped) << "\n  " << shown(after) << "\n";
    }
    if (save_failure) {
        context.err << "fortuna-cli play: " << shown(*save_failure) << "\n  "
                    << shown(plural(applied.size(), "action") + " applied" +
                             (game.journal_file() ? "; every one is in the journal " + game.journal_file()->string() : std::string()) +
                             "; save elsewhere with --load " + (game.journal_file() ? game.journal_file()->string() : std::string("JOURNAL")) +
                             " --save OTHER")
                    << "\n";
    }
    return stopped || save_failure ? kExitFailure : kExitOk;
}

int run_play(const Arguments& args, Context& context) {
    PlayRequest request;
    request.scenario = args.value("scenario");
    request.load = args.value("load");
    request.resume = args.flag("resume");
    request.save = args.value("save");
    request.journal = args.value("journal");
    request.actions = args.value("actions");
    request.seed = args.seed();
    const int sources = (request.load ? 1 : 0) + (request.resume ? 1 : 0) + (request.scenario ? 1 : 0);
    if (sources > 1 || ((request.load || request.resume) && request.seed))
        throw UsageError("give one of --scenario (a new game), --load SAVE|JOURNAL or --resume: a continued game's scenario and seed are in its file");
    if (sources == 0) throw UsageError("give --scenario ID|FILE for a new game, --load SAVE|JOURNAL or --resume to continue one");
    // A game of another rule system than the land games' plays through the seam (GameSession).
    if (auto game = session_file(context, request.scenario, request.load)) {
        const std::string name = game->claimed.system->name();
        if (request.resume || args.flag("advisory"))
            throw UsageError("a game of " + name + " continues with --load SAVE|JOURNAL; --resume and --advisory are for the land games");
        if (const auto until = args.value("until"); until && *until != "end")
            throw UsageError("a game of " + name + " is played by the opponent to its end: --until takes 'end' only");
        return play_session({std::move(*game), request.scenario.has_value(), request.seed, request.load, request.save, request.journal,
                             request.actions, args.value("opponent")},
                            context);
    }
    request.advisory = args.flag("advisory");
    request.opponent = args.value("opponent");
    request.until = args.value("until");
    if (request.until && !request.opponent) throw UsageError("--until says how far the programmed opponent plays: give --opponent SIDE|both");
    if (request.advisory && !request.scenario)
        throw UsageError("--advisory starts a new game without the rules of play; a continued game keeps its own (\"enforce\" actions change it)");
    return play(request, context);
}

// ------------------------------------------------------------------ replay

int run_replay(const Arguments& args, Context& context) {
    if (args.positional().size() != 1) throw UsageError("give one saved game (or journal) to replay");
    const std::string path = args.positional().front();
    if (auto game = session_file(context, std::nullopt, path)) return replay_session(*game, context);
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
    const RuleSet& rules = land_tables(library).ruleset(scenario.ruleset);

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
    command.add_option("--scenario", "start a new game of this scenario (a shipped id or a .json file; a naval one plays naval actions)")->type_name("ID|FILE");
    command.add_option("--seed", "seed of the game's generator, for a repeatable game (0-18446744073709551615)")->type_name("N");
    command.add_option("--actions", "apply these actions, one JSON object a line ('-' reads standard input)")->type_name("FILE.jsonl|-");
    command.add_option("--load", "continue this saved game or recovery journal (land or naval) instead of starting one")->type_name("SAVE|JOURNAL");
    command.add_flag("--resume")->description("continue the journal beside --save, or the newest unfinished game");
    command.add_option("--save", "save the game here afterwards (its journal goes beside it)")->type_name("SAVE");
    command.add_option("--journal", "write the recovery journal here instead of beside the save")->type_name("JOURNAL");
    command.add_flag("--advisory")->description("start without the rules of play: the app advises, the table decides (docs/rules/enforcement.md)");
    command.add_option("--opponent", "the programmed opponent plays this side, or both (docs/rules/opponent.md)")->type_name("SIDE|both");
    command.add_option("--until", "how far the opponent plays: 'end' (the decision, the default) or a time")->type_name("end|HH:MM");
}

void declare_replay(CLI::App& command) {
    command.add_option("file", "a saved game (.fortuna) or a recovery journal")->type_name("SAVE|JOURNAL");
}

void declare_scenario_info(CLI::App& command) {
    command.add_option("scenario", "a shipped scenario id or a scenario .json file")->type_name("ID|FILE");
}

const Registration play_registrations[] = {
    {"play", "play a scenario headlessly from a file of actions or with the programmed opponent, continue a save or a journal, and save it",
     declare_play, run_play},
    {"replay", "check that a save's journal reproduces its state (or recover a journal)", declare_replay, run_replay},
    {"scenario info", "a scenario's rule set, times, board, terrain and orders of battle", declare_scenario_info, run_scenario_info},
};

}  // namespace
}  // namespace fortuna::cli
