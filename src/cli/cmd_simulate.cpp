// SPDX-License-Identifier: MIT
// fortuna-cli simulate: the battle lab, many computer-played battles and their outcomes, against an edited rule set if given.
#include <chrono>
#include <cmath>
#include <cstdio>
#include <map>

#include "cli.hpp"
#include "fortuna/battle_lab.hpp"
#include "fortuna/errors.hpp"
#include "fortuna/library.hpp"
#include "fortuna/opponent.hpp"
#include "fortuna/platform.hpp"
#include "fortuna/scenario.hpp"

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

int run_simulate(const Arguments& args, Context& context) {
    const int battles = args.integer("battles", 100);
    if (battles < 1 || battles > 1000000) throw UsageError("--battles needs a number of battles 1-1000000, not " + std::to_string(battles));
    const int jobs = args.integer("jobs", 0);
    if (jobs < 0 || jobs > 1024) throw UsageError("--jobs needs 0 (every core) to 1024 threads");
    const std::uint64_t seed = args.seed().value_or(1);
    const RulesLibrary& printed = context.library();
    const Scenario scenario = load_scenario(printed, args.required("scenario"));
    const Doctrines doctrines = load_doctrines(printed, scenario);

    std::vector<std::pair<std::string, json>> runs;
    const auto lab = [&](const RulesLibrary& library, const std::string& label) {
        // The scenario is read again against this library: its unit types point into it.
        const Scenario own = Scenario::from_json(scenario.document, scenario.file, library);
        ProgressBar bar(context.err, battles, label);
        const auto start = std::chrono::steady_clock::now();
        const auto results = run_battles(library, own, doctrines, seed, battles, jobs, std::ref(bar));
        json summary = summarise_battles(own, results);
        summary["seconds"] = std::round(std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count() * 100) / 100;
        summary["ruleset"] = own.ruleset;
        runs.emplace_back(label, std::move(summary));
    };
    lab(printed, "printed tables");
    std::optional<RulesLibrary> edited;
    if (const auto file = args.value("ruleset-file")) {
        edited.emplace(RulesLibrary::load(context.data_dir, {std::filesystem::path(*file)}));
        if (!edited->has_ruleset(scenario.ruleset) || edited->ruleset(scenario.ruleset).id != scenario.ruleset)
            throw UsageError(*file + " edits another rule set; " + scenario.id + " is played with " + scenario.ruleset);
        lab(*edited, "edited: " + std::filesystem::path(*file).filename().string());
    }

    json document{{"scenario", scenario.id}, {"seed", seed}, {"battles", battles},
                  {"doctrines", doctrines.file.empty() ? "default (docs/rules/opponent.md)" : doctrines.file}};
    document["printed"] = runs.front().second;
    if (runs.size() > 1) {
        document["edited"] = runs.back().second;
        document["ruleset_file"] = *args.value("ruleset-file");
        json shift = json::object();
        for (const auto& [winner, share] : runs.back().second["outcome_shares"].items())
            shift[winner] = std::round((share["share"].get<double>() - runs.front().second["outcome_shares"][winner]["share"].get<double>()) * 10000) / 10000;
        document["shift"] = shift;
    }
    std::vector<std::string> lines{scenario.name + ": " + std::to_string(battles) + " battles from seed " + std::to_string(seed) +
                                   ", both sides programmed (" +
                                   (doctrines.file.empty() ? std::string("default doctrines") : doctrines.file) + ")",
                                   "shares with their 95% intervals; means with their 95% intervals"};
    for (const auto& line : lab_table(scenario, runs)) lines.push_back(line);
    emit(context, document, lines);
    return kExitOk;
}

void declare_simulate(CLI::App& command) {
    command.add_option("--scenario", "the scenario to play (a shipped id or a .json file)")->type_name("ID|FILE")->required();
    command.add_option("--battles", "how many battles (default 100)")->type_name("N");
    command.add_option("--seed", "the first battle's seed; battle i plays seed+i (default 1)")->type_name("S");
    command.add_option("--jobs", "threads (default 0: every core)")->type_name("J");
    command.add_option("--ruleset-file", "an edited rule-set file: the same battles again with it, side by side")->type_name("FILE");
}

const Registration simulate_registrations[] = {
    {"simulate", "the battle lab: many computer-played battles, their outcomes with 95% intervals, against an edited rule set",
     declare_simulate, run_simulate},
};

}  // namespace
}  // namespace fortuna::cli
