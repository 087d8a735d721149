// SPDX-License-Identifier: MIT
// fortuna-cli words: which lines of a text the message catalogue of a language does not know yet,
// so a translator sees what is left (docs/translating.md).
#include <fstream>
#include <iostream>
#include <set>
#include <string>

#include "cli.hpp"
#include "fortuna/analysis/words_read.hpp"
#include "fortuna/seam/game_session.hpp"
#include "fortuna/seam/rule_system.hpp"

namespace fortuna::cli {
namespace {

// A shipped scenario of any rule system (or its file), opened through the seam.
std::unique_ptr<GameSession> open_scenario(const std::string& scenario, std::uint64_t seed, Context& context) {
    std::optional<std::filesystem::path> file;
    if (scenario.find('/') != std::string::npos || scenario.ends_with(".json")) file = scenario;
    else
        for (const RuleSystem* system : rule_systems())
            if (auto found = system->scenario_file(context.library(), scenario)) file = *found;
    if (!file) throw UsageError("no rule system ships a scenario '" + scenario + "'");
    const ClaimedFile claimed = claim_file_or_refuse(*file);
    return claimed.system->open_game(context.library(), *file, claimed, seed);
}

void declare_missing(CLI::App& command) {
    command.add_option("--language", "the catalogue's language (default: the environment's, from LC_ALL, LC_MESSAGES or LANG)")
        ->type_name("LANG");
    command.add_option("file", "the text to check, one line a sentence (default: standard input)")->type_name("FILE");
    command.add_option("--scenario", "leave this scenario's names (battle, sides, units, generals, places) out of each line first: "
                                     "they stay as the scenario writes them")->type_name("ID");
}

int run_missing(const Arguments& args, Context& context) {
    const std::string language = args.value("language").value_or(language_of_environment());
    if (language.empty()) throw UsageError("give --language (English needs no catalogue)");
    const auto catalogue = catalogue_for(language, context.data_dir);
    if (!catalogue) throw UsageError("no catalogue for '" + language + "' in " + (context.data_dir / "words").string());
    std::ifstream file;
    std::istream* in = &std::cin;
    if (const auto name = args.value("file")) {
        file.open(*name);
        if (!file) throw UsageError("cannot read '" + *name + "'");
        in = &file;
    }
    std::vector<std::string> names;
    if (const auto scenario = args.value("scenario")) names = names_in_play(*open_scenario(*scenario, 1, context));
    nlohmann::json missing = nlohmann::json::array();
    std::vector<std::string> lines;
    std::size_t read = 0;
    for (std::string line; std::getline(*in, line);) {
        if (line.find_first_not_of(" \t\r") == std::string::npos) continue;
        ++read;
        if (catalogue->knows(without_names(line, names))) continue;
        missing.push_back(line);
        lines.push_back(line);
    }
    lines.push_back(std::to_string(missing.size()) + " of " + std::to_string(read) + " lines unknown to the " + language + " catalogue (" +
                    std::to_string(catalogue->size()) + " entries)");
    emit(context, {{"language", language}, {"lines", read}, {"missing", missing}, {"entries", catalogue->size()}}, lines);
    return missing.empty() ? kExitOk : kExitFailure;
}

void declare_corpus(CLI::App& command) {
    command.add_option("--scenario", "a scenario id of any rule system, or its file")->type_name("ID")->required();
    command.add_option("--seed", "the generator's seed (default 1)")->type_name("N");
    command.add_option("--most", "the most actions the programmed opponents play (default 400)")->type_name("N");
}

// What a person reads of a game through the seam, played by the programmed opponents on both sides:
// the clock, the state, the duties, each action's summary, steps, terms and reason, refusals, the
// outcome, the public state and the sheets. One line a sentence, each once: the input of
// `words missing` and of the catalogue tests.
int run_corpus(const Arguments& args, Context& context) {
    const std::string scenario = args.required("scenario");
    const std::uint64_t seed = args.seed().value_or(1);
    const int most = args.integer("most", 400);
    std::unique_ptr<GameSession> session = open_scenario(scenario, seed, context);

    const std::vector<std::string> unique = words_read_in_play(*session, most);
    if (context.json) {
        emit(context, {{"scenario", scenario}, {"seed", seed}, {"lines", unique}}, {});
        return kExitOk;
    }
    for (const std::string& line : unique) context.out << line << "\n";  // English, as the library says it
    return kExitOk;
}

const Registration corpus{"words corpus", "every sentence a person reads of a game played by the programmed opponents, in English, one a line",
                          declare_corpus, run_corpus};

const Registration missing{"words missing", "the lines of a text the message catalogue of a language does not know (exit 1 when any)",
                           declare_missing, run_missing};

}  // namespace
}  // namespace fortuna::cli
