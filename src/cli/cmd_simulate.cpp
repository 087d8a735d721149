// SPDX-License-Identifier: MIT
// fortuna-cli simulate: the battle lab, many computer-played battles and their outcomes, against an edited rule set if given.
#include <chrono>
#include <cmath>
#include <cstdio>
#include <fstream>
#include <iterator>
#include <map>

#include "cli.hpp"
#include "fortuna/land/battle_lab.hpp"
#include "fortuna/land/land_tables.hpp"
#include "fortuna/core/errors.hpp"
#include "fortuna/seam/library.hpp"
#include "fortuna/land/opponent.hpp"
#include "fortuna/core/platform.hpp"
#include "fortuna/land/scenario.hpp"
#include "fortuna/seam/game_session.hpp"
#include "fortuna/analysis/session_lab.hpp"
#include "session_play.hpp"

namespace fortuna::cli {
namespace {

using nlohmann::json;

// A progress bar on standard error when it is a terminal (never in a pipe or a log).
class ProgressBar {
public:
    ProgressBar(std::ostream& err, int total, std::string label)
        : err_(err), total_(total), label_(std::move(label)), shown_(platform::stderr_is_terminal()) {}
    void operator()(int done) {
        if (!shown_) return;
        constexpr int kWidth = 30;
        const int filled = total_ > 0 ? done * kWidth / total_ : kWidth;
        err_ << "\r" << label_ << " [" << std::string(static_cast<std::size_t>(filled), '#')
             << std::string(static_cast<std::size_t>(kWidth - filled), '.') << "] " << done << "/" << total_ << std::flush;
        if (done == total_) err_ << "\n";
    }

private:
    std::ostream& err_;
    int total_;
    std::string label_;
    bool shown_;
};

// One lab run: its label ("printed tables", "edited: FILE") and the battles it played.
struct LabRun {
    std::string label;
    std::vector<LabBattle> battles;
    double seconds = 0;
};

// The document and the table both a run and a merge print: the same function, so that merged
// parts print exactly what one run over the whole range prints (docs/lab.md).
int print_lab(Context& context, const Scenario& scenario, const std::string& doctrines_file, const std::vector<LabRun>& runs,
              const std::optional<std::string>& ruleset_file, bool with_records) {
    const std::uint64_t seed = runs.front().battles.empty() ? 1 : runs.front().battles.front().seed;
    const int battles = static_cast<int>(runs.front().battles.size());
    std::vector<std::pair<std::string, json>> summaries;
    for (const LabRun& run : runs) {
        json summary = summarise_battles(scenario, run.battles);
        summary["seconds"] = std::round(run.seconds * 100) / 100;
        summary["ruleset"] = scenario.ruleset;
        summaries.emplace_back(run.label, std::move(summary));
    }
    json document{{"scenario", scenario.id}, {"seed", seed}, {"battles", battles},
                  {"doctrines", doctrines_file.empty() ? "default (docs/rules/opponent.md)" : doctrines_file}};
    document["printed"] = summaries.front().second;
    if (summaries.size() > 1) {
        document["edited"] = summaries.back().second;
        document["ruleset_file"] = ruleset_file.value_or("");
        json shift = json::object();
        for (const auto& [winner, share] : summaries.back().second["outcome_shares"].items())
            shift[winner] = std::round((share["share"].get<double>() - summaries.front().second["outcome_shares"][winner]["share"].get<double>()) * 10000) / 10000;
        document["shift"] = shift;
    }
    if (with_records) {
        json records = json::object();
        for (std::size_t r = 0; r < runs.size(); ++r) {
            json list = json::array();
            for (const LabBattle& battle : runs[r].battles) list.push_back(battle_record(battle));
            records[r == 0 ? "printed" : "edited"] = std::move(list);
        }
        document["records"] = std::move(records);
    }
    std::vector<std::string> lines{scenario.name + ": " + std::to_string(battles) + " battles from seed " + std::to_string(seed) +
                                   ", both sides programmed (" +
                                   (doctrines_file.empty() ? std::string("default doctrines") : doctrines_file) + ")",
                                   "shares with their 95% intervals; means with their 95% intervals"};
    for (const auto& line : lab_table(scenario, summaries)) lines.push_back(line);
    emit(context, document, lines);
    return kExitOk;
}

// --merge: parts of one lab run played over separate seed ranges (other machines, a batch
// engine's array jobs), each written with --json --records, printed as one run over the whole
// range. The parts must be of one scenario, doctrine and rule-set edit, and their seeds must
// join without a gap or an overlap.
int run_merge(const Arguments& args, Context& context) {
    const std::vector<std::string> files = args.values("merge");
    struct Part {
        std::string file;
        json document;
    };
    std::vector<Part> parts;
    for (const std::string& file : files) {
        std::ifstream in(file, std::ios::binary);
        if (!in) throw UsageError("cannot read the lab part " + file + ": no such file, or it may not be read");
        const std::string text{std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
        json document = parse_json_text(text, file);
        if (!document.is_object() || !document.contains("records") || !document["records"].is_object() || !document["records"].contains("printed"))
            throw DataError(file, "/records", "the battles of a lab part: run it with 'fortuna-cli --json simulate ... --records'",
                            document.is_object() && document.contains("printed") ? "a summary without its battles" : "no lab output");
        parts.push_back({file, std::move(document)});
    }
    const Part& first = parts.front();
    // Files are compared by name: each machine has its own folders (/usr/share/fortuna/data, build/...).
    const auto named = [](const json& value) {
        return value.is_string() ? json(std::filesystem::path(value.get<std::string>()).filename().string()) : value;
    };
    const auto same = [&](const Part& part, const char* key) {
        const json mine = named(part.document.value(key, json()));
        const json theirs = named(first.document.value(key, json()));
        if (mine != theirs)
            throw DataError(part.file, std::string("/") + key, first.file + "'s " + key + " " + theirs.dump(), mine.dump());
    };
    for (const Part& part : parts) {
        same(part, "scenario");
        same(part, "doctrines");
        same(part, "ruleset_file");
        if (part.document["records"].contains("edited") != first.document["records"].contains("edited"))
            throw DataError(part.file, "/records/edited", "the edited rule set's battles as in " + first.file, "a part without them");
    }
    const std::string scenario_id = first.document.value("scenario", std::string());
    const RulesLibrary& printed = context.library();
    const Scenario scenario = load_scenario(printed, scenario_id);
    std::vector<LabRun> runs{{"printed tables", {}, 0}};
    const std::optional<std::string> ruleset_file =
        first.document.contains("ruleset_file") ? std::optional<std::string>(first.document["ruleset_file"].get<std::string>()) : std::nullopt;
    if (first.document["records"].contains("edited"))
        runs.push_back({"edited: " + std::filesystem::path(ruleset_file.value_or("")).filename().string(), {}, 0});
    std::map<std::uint64_t, std::string> seen;  // seed -> the part that played it
    for (std::size_t r = 0; r < runs.size(); ++r) {
        const char* key = r == 0 ? "printed" : "edited";
        seen.clear();
        for (const Part& part : parts) {
            const json& list = part.document["records"][key];
            if (!list.is_array()) throw DataError(part.file, std::string("/records/") + key, "an array of battle records", list.dump().substr(0, 40));
            for (std::size_t i = 0; i < list.size(); ++i) {
                LabBattle battle = battle_from_record(list[i], part.file, std::string("/records/") + key + "/" + std::to_string(i));
                if (const auto [it, fresh] = seen.emplace(battle.seed, part.file); !fresh)
                    throw DataError(part.file, std::string("/records/") + key + "/" + std::to_string(i) + "/seed",
                                    "seeds no other part played", "seed " + std::to_string(battle.seed) + ", played in " + it->second + " too");
                runs[r].battles.push_back(std::move(battle));
            }
            runs[r].seconds += part.document.value(key, json::object()).value("seconds", 0.0);
        }
        std::sort(runs[r].battles.begin(), runs[r].battles.end(), [](const LabBattle& a, const LabBattle& b) { return a.seed < b.seed; });
        for (std::size_t i = 1; i < runs[r].battles.size(); ++i)
            if (runs[r].battles[i].seed != runs[r].battles[i - 1].seed + 1)
                throw UsageError("the parts leave out seeds " + std::to_string(runs[r].battles[i - 1].seed + 1) + "-" +
                                 std::to_string(runs[r].battles[i].seed - 1) + ": merge every part of the range");
    }
    if (runs.size() > 1 && runs[0].battles.size() != runs[1].battles.size())
        throw UsageError("the parts hold " + std::to_string(runs[0].battles.size()) + " battles with the printed tables but " +
                         std::to_string(runs[1].battles.size()) + " with the edited ones");
    return print_lab(context, scenario, first.document.value("doctrines", std::string()) == "default (docs/rules/opponent.md)"
                                            ? std::string()
                                            : first.document.value("doctrines", std::string()),
                     runs, ruleset_file, args.flag("records"));
}

// The lab for a scenario of a rule system behind the seam (The Age of Sail, ...): its opponents
// on both sides, battle after battle, and the tally of who won and how long it took.
int simulate_session(Context& context, const SessionFile& game, std::uint64_t seed, int battles, int jobs, bool with_records) {
    const RuleSystem& system = *game.claimed.system;
    if (!game.claimed.format.ends_with("-scenario"))
        throw UsageError(game.file.string() + " is a " + system.describe(game.claimed.format) + ": the lab plays scenarios");
    ProgressBar bar(context.err, battles, system.name());
    const auto start = std::chrono::steady_clock::now();
    const std::vector<SessionBattle> played = run_session_battles(context.library(), game.file, game.claimed, seed, battles, jobs, std::ref(bar));
    const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    const auto first = system.open_game(context.library(), game.file, game.claimed, seed);
    const auto ids = first->side_ids();
    const auto names = first->side_names();
    json summary = summarise_session_battles(ids, played);
    json document{{"scenario", first->scenario_id()}, {"system", system.id()}, {"seed", std::to_string(seed)}, {"summary", summary},
                  {"seconds", std::round(seconds * 100) / 100}};
    if (with_records) {
        json records = json::array();
        for (const SessionBattle& battle : played)
            records.push_back({{"seed", std::to_string(battle.seed)}, {"decided", battle.decided},
                               {"winner", battle.winner < 0 ? "" : ids.at(static_cast<std::size_t>(battle.winner))},
                               {"reason", battle.reason}, {"actions", battle.actions}, {"clock", battle.clock}});
        document["records"] = records;
    }
    std::vector<std::string> lines{first->scenario_name() + " (" + system.name() + "): " + std::to_string(battles) + " battles from seed " +
                                   std::to_string(seed) + ", both sides played by the programmed opponent"};
    for (std::size_t side = 0; side < ids.size(); ++side) {
        const int won = summary["wins"][ids[side]].get<int>();
        char line[200];
        std::snprintf(line, sizeof line, "  %-24s wins %5d  (%5.1f %%)", names[side].c_str(), won, 100.0 * won / battles);
        lines.push_back(line);
    }
    lines.push_back("  level " + std::to_string(summary["level"].get<int>()) + ", undecided " + std::to_string(summary["undecided"].get<int>()));
    char mean[120];
    std::snprintf(mean, sizeof mean, "  %.1f actions a battle; %.2f s in all", summary["mean_actions"].get<double>(), seconds);
    lines.push_back(mean);
    emit(context, document, lines);
    return kExitOk;
}

int run_simulate(const Arguments& args, Context& context) {
    if (!args.values("merge").empty()) {
        for (const char* alone : {"scenario", "battles", "seed", "ruleset-file"})
            if (args.value(alone)) throw UsageError(std::string("--merge takes its scenario, seeds and rule set from the parts: leave out --") + alone);
        return run_merge(args, context);
    }
    const int battles = args.integer("battles", 100);
    if (battles < 1 || battles > 1000000) throw UsageError("--battles needs a number of battles 1-1000000, not " + std::to_string(battles));
    const int jobs = args.integer("jobs", 0);
    if (jobs < 0 || jobs > 1024) throw UsageError("--jobs needs 0 (every core) to 1024 threads");
    if (args.flag("records") && !context.json) throw UsageError("--records writes every battle into the JSON document: add --json");
    const std::uint64_t seed = args.seed().value_or(1);
    const RulesLibrary& printed = context.library();
    const auto scenario_name = args.value("scenario");
    if (!scenario_name) throw UsageError("--scenario is required (or --merge PART.json ... to print parts run elsewhere as one)");
    if (auto game = session_file(context, scenario_name, std::nullopt)) {
        if (args.value("ruleset-file")) throw UsageError("--ruleset-file edits a land rule set; " + *scenario_name + " is " + game->claimed.system->name());
        return simulate_session(context, *game, seed, battles, jobs, args.flag("records"));
    }
    const Scenario scenario = load_scenario(printed, *scenario_name);
    const Doctrines doctrines = load_doctrines(printed, scenario);

    std::vector<LabRun> runs;
    const auto lab = [&](const RulesLibrary& library, const std::string& label) {
        // The scenario is read again against this library: its unit types point into it.
        const Scenario own = Scenario::from_json(scenario.document, scenario.file, library);
        ProgressBar bar(context.err, battles, label);
        const auto start = std::chrono::steady_clock::now();
        LabRun run{label, run_battles(library, own, doctrines, seed, battles, jobs, std::ref(bar)), 0};
        run.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
        runs.push_back(std::move(run));
    };
    lab(printed, "printed tables");
    std::optional<RulesLibrary> edited;
    const auto file = args.value("ruleset-file");
    if (file) {
        edited.emplace(RulesLibrary::load(context.data_dir, {std::filesystem::path(*file)}));
        if (!land_tables(*edited).has_ruleset(scenario.ruleset) || land_tables(*edited).ruleset(scenario.ruleset).id != scenario.ruleset)
            throw UsageError(*file + " edits another rule set; " + scenario.id + " is played with " + scenario.ruleset);
        lab(*edited, "edited: " + std::filesystem::path(*file).filename().string());
    }
    return print_lab(context, scenario, doctrines.file, runs, file, args.flag("records"));
}

void declare_simulate(CLI::App& command) {
    command.add_option("--scenario", "the scenario to play (a shipped id or a .json file)")->type_name("ID|FILE");
    command.add_option("--battles", "how many battles (default 100)")->type_name("N");
    command.add_option("--seed", "the first battle's seed; battle i plays seed+i (default 1)")->type_name("S");
    command.add_option("--jobs", "threads (default 0: every core)")->type_name("J");
    command.add_option("--ruleset-file", "an edited rule-set file: the same battles again with it, side by side")->type_name("FILE");
    command.add_flag("--records")->description("with --json: every battle's record too, so that parts run elsewhere can be merged");
    command.add_option("--merge", "print the parts (each from --json ... --records over its own seeds) as one run over the whole range")
        ->type_name("PART.json...")
        ->expected(1, -1)
        ->allow_extra_args(true);  // CLI11 2.1: a range of values needs this to take more than one
}

const Registration simulate_registrations[] = {
    {"simulate", "the battle lab: many computer-played battles, their outcomes with 95% intervals, against an edited rule set",
     declare_simulate, run_simulate},
};

}  // namespace
}  // namespace fortuna::cli
