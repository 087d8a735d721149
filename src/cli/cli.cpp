// SPDX-License-Identifier: MIT
// fortuna-cli's command tree on CLI11: global options, the registry, option reading, errors as text or JSON.
#include "cli.hpp"

#include <algorithm>
#include <charconv>
#include <cmath>
#include <fstream>
#include <map>
#include <random>
#include <string_view>

#include <spdlog/spdlog.h>

#include "fortuna/core/errors.hpp"
#include "fortuna/core/message_catalogue.hpp"

#ifndef FORTUNA_VERSION
#define FORTUNA_VERSION "dev"
#endif

namespace fortuna::cli {

namespace {

constexpr const char* kGlobalGroup = "Global options (anywhere on the line)";

std::string version_text() { return std::string("fortuna-cli ") + FORTUNA_VERSION + " (Fortuna Belli)"; }

// The words the user typed for a command: "scenario info" for the nested "info".
std::string command_path(const CLI::App* command) {
    std::string path;
    for (; command != nullptr && command->get_parent() != nullptr; command = command->get_parent())
        path = command->get_name() + (path.empty() ? "" : " " + path);
    return path;
}

}  // namespace

// ------------------------------------------------------------------ Arguments

const CLI::Option& Arguments::option(const std::string& name) const {
    const CLI::Option* found = command_.get_option_no_throw("--" + name);
    if (found == nullptr) found = command_.get_option_no_throw(name);
    if (found == nullptr) throw std::logic_error("fortuna-cli " + command_path(&command_) + " reads --" + name + " but never declares it");
    return *found;
}

bool Arguments::flag(const std::string& name) const { return option(name).count() > 0; }

std::optional<std::string> Arguments::value(const std::string& name) const {
    const CLI::Option& o = option(name);
    if (o.count() == 0 || o.results().empty()) return std::nullopt;
    return o.results().back();
}

std::vector<std::string> Arguments::values(const std::string& name) const { return option(name).results(); }

std::string Arguments::required(const std::string& name) const {
    auto v = value(name);
    if (!v) throw UsageError("--" + name + " is required");
    return *v;
}

std::optional<std::uint64_t> Arguments::seed(const std::string& name) const {
    const auto text = value(name);
    if (!text) return std::nullopt;
    try {
        std::size_t used = 0;
        const unsigned long long parsed = std::stoull(*text, &used);
        if (used == text->size() && text->find('-') == std::string::npos) return parsed;
    } catch (const std::logic_error&) {
    }
    throw UsageError("--" + name + " needs a whole number 0-18446744073709551615, not '" + *text + "'");
}

int Arguments::integer(const std::string& name, std::optional<int> fallback) const {
    const auto v = value(name);
    if (!v) {
        if (fallback) return *fallback;
        throw UsageError("--" + name + " is required");
    }
    int result = 0;
    const auto [end, error] = std::from_chars(v->data(), v->data() + v->size(), result);
    if (error != std::errc() || end != v->data() + v->size())
        throw UsageError("--" + name + " expects a whole number, not '" + *v + "'");
    return result;
}

double Arguments::number(const std::string& name, std::optional<double> fallback) const {
    const auto v = value(name);
    if (!v) {
        if (fallback) return *fallback;
        throw UsageError("--" + name + " is required");
    }
    try {
        std::size_t used = 0;
        const double result = std::stod(*v, &used);
        if (used != v->size() || !std::isfinite(result)) throw std::invalid_argument("");
        return result;
    } catch (const std::logic_error&) {
        throw UsageError("--" + name + " expects a number, not '" + *v + "'");
    }
}

std::vector<std::string> Arguments::positional() const {
    std::vector<std::string> words;
    for (const CLI::Option* o : command_.get_options())
        if (o->get_positional())
            for (const auto& word : o->results()) words.push_back(word);
    return words;
}

// ------------------------------------------------------------------ context, registry, output

const RulesLibrary& Context::library() const {
    if (!loaded) {
        loaded = RulesLibrary::load(data_dir);
        // A broken data file disables itself only: say which, then work with the rest.
        for (const DataError& problem : loaded->problems())
            err << "fortuna-cli: " << shown("warning: left out a broken data file: " + std::string(problem.what())) << "\n";
    }
    return *loaded;
}

std::vector<CommandInfo>& registry() {
    static std::vector<CommandInfo> commands;
    return commands;
}

Registration::Registration(std::string name, std::string summary, Declare declare, Command run) {
    registry().push_back({std::move(name), std::move(summary), std::move(declare), std::move(run)});
}

void emit(Context& context, const nlohmann::json& document, const std::vector<std::string>& lines) {
    std::ostream& stream = context.out_holds_data ? context.err : context.out;
    if (context.json) {
        stream << document.dump(2) << "\n";
        return;
    }
    for (const auto& line : lines) stream << shown(line) << "\n";
}

OutputFile::OutputFile(const std::string& requested, const std::string& extension, Context& context)
    : context_(context), to_stdout_(requested == "-") {
    if (!to_stdout_) {
        path_ = requested;
        return;
    }
    std::random_device device;
    path_ = std::filesystem::temp_directory_path() / ("fortuna-cli-" + std::to_string(device()) + extension);
}

OutputFile::~OutputFile() {
    if (to_stdout_) {
        std::error_code ignored;
        std::filesystem::remove(path_, ignored);
    }
}

std::string OutputFile::name() const { return to_stdout_ ? std::string("standard output") : path_.string(); }

void OutputFile::deliver() {
    if (!to_stdout_) return;
    std::ifstream in(path_, std::ios::binary);
    if (!in) throw std::runtime_error("cannot read back the temporary file " + path_.string());
    context_.out << in.rdbuf();
    context_.out.flush();
    context_.out_holds_data = true;
}

// ------------------------------------------------------------------ the command tree

namespace {

void add_global_options(CLI::App& command, CommandTree& tree) {
    command.add_flag("--json", tree.json, "print results (and errors) as one JSON document")->group(kGlobalGroup);
    command.add_option("--data", tree.data_dir, "the data folder (default: $FORTUNA_DATA, else the installed data)")
        ->type_name("DIR")
        ->group(kGlobalGroup);
    command.add_flag("--verbose", tree.verbose, "log what the rules engine does")->group(kGlobalGroup);
    command.set_version_flag("--version", version_text(), "print the version and exit")->group(kGlobalGroup);
    command.set_help_flag("-h,--help", "print this help and exit")->group(kGlobalGroup);
    // Unknown words are collected and reported by us, naming the command and in JSON when asked.
    command.allow_extras();
}

}  // namespace

void build_command_tree(CommandTree& tree) {
    CLI::App& app = tree.app;
    app.name("fortuna-cli");
    app.description("The Fortuna Belli rules engine from the command line: resolve combats, fire, morale and rallies "
                    "with their explanation and exact odds, play and check saved games, print sheets.");
    add_global_options(app, tree);
    app.add_flag("--man", tree.man, "print the manual page (roff) and exit")->group("");
    app.add_option("--completion", tree.completion_shell, "print the completion script for SHELL (bash) and exit")
        ->type_name("SHELL")
        ->group("");
    app.footer("Exit codes: 0 done, 1 failed (bad data or rules), 2 bad arguments.\n"
               "Run 'fortuna-cli COMMAND --help' for a command's options; docs/cli.md has examples.");

    std::vector<const CommandInfo*> sorted;
    for (const CommandInfo& info : registry()) sorted.push_back(&info);
    std::sort(sorted.begin(), sorted.end(), [](const auto* a, const auto* b) { return a->name < b->name; });
    std::map<std::string, CLI::App*> groups;
    for (const CommandInfo* info : sorted) {
        CLI::App* parent = &app;
        std::string leaf = info->name;
        if (const auto space = info->name.find(' '); space != std::string::npos) {
            const std::string group = info->name.substr(0, space);
            leaf = info->name.substr(space + 1);
            if (!groups.count(group)) {
                groups[group] = app.add_subcommand(group, "");
                add_global_options(*groups[group], tree);
            }
            parent = groups[group];
            parent->description(parent->get_description() + (parent->get_description().empty() ? "" : "; ") + leaf + ": " + info->summary);
        }
        CLI::App* command = parent->add_subcommand(leaf, info->summary);
        add_global_options(*command, tree);
        info->declare(*command);
        command->footer("Exit codes: 0 done, 1 failed (bad data or rules), 2 bad arguments.");
        tree.commands.emplace_back(command, info);
    }
}

namespace {

struct Failure {
    std::string command;  // "combat", "" before a command is known
    std::string kind;     // usage, data, rules, failure
    std::string message;
    int code = kExitUsage;
    nlohmann::json detail = nlohmann::json::object();
};

int report(Context& context, const Failure& failure) {
    if (context.json) {
        nlohmann::json error{{"command", failure.command}, {"kind", failure.kind}, {"message", failure.message}};
        if (failure.detail.is_object()) error.update(failure.detail);
        context.out << nlohmann::json{{"error", error}, {"exit_code", failure.code}}.dump(2) << "\n";
        return failure.code;
    }
    const std::string who = failure.command.empty() ? "fortuna-cli" : "fortuna-cli " + failure.command;
    context.err << who << ": " << shown(failure.message) << "\n";
    if (failure.code == kExitUsage && failure.kind == "usage")
        context.err << shown("Run '" + who + " --help' for " + (failure.command.empty() ? "the commands" : "its options") + ".") << "\n";
    return failure.code;
}

// The words a person reads in the language the environment asks for (LANG, LC_MESSAGES, LC_ALL),
// from the data folder's catalogue; JSON output stays in the language-neutral English. A broken
// catalogue is said once and the command goes on in English.
void choose_language(int argc, const char* const* argv, Context& context) {
    show_words_in(nullptr);
    if (context.json) return;
    std::filesystem::path data = context.data_dir;
    for (int i = 1; i < argc; ++i) {
        const std::string_view word(argv[i]);
        if (word == "--data" && i + 1 < argc) data = argv[i + 1];
        else if (word.starts_with("--data=")) data = std::string(word.substr(7));
    }
    try {
        show_words_in(catalogue_for(language_of_environment(), data));
    } catch (const DataError& error) {
        context.err << "fortuna-cli: the words of your language could not be read, so English it is: " << error.what() << "\n";
    }
}

// --help in the chosen language: every command's, option's and group's description, and CLI11's labels.
void show_help_in_language(CLI::App& command) {
    command.description(shown(command.get_description()));
    command.footer(shown(command.get_footer()));
    for (CLI::Option* option : command.get_options({})) {
        option->description(shown(option->get_description()));
        if (!option->get_group().empty()) option->group(shown(option->get_group()));
    }
    for (const char* label : {"Usage", "OPTIONS", "SUBCOMMAND", "SUBCOMMANDS", "Options", "Subcommands", "Positionals", "REQUIRED",
                              "Excludes", "Needs", "TEXT", "INT", "FLOAT", "UINT", "Env"})
        if (const std::string said = shown(label); said != label) command.get_formatter()->label(label, said);
    for (CLI::App* sub : command.get_subcommands({})) {
        if (!sub->get_group().empty()) sub->group(shown(sub->get_group()));
        show_help_in_language(*sub);
    }
}

// Levenshtein distance, for "did you mean" on a misspelt option.
std::size_t edit_distance(const std::string& a, const std::string& b) {
    std::vector<std::size_t> row(b.size() + 1);
    for (std::size_t j = 0; j <= b.size(); ++j) row[j] = j;
    for (std::size_t i = 1; i <= a.size(); ++i) {
        std::size_t diagonal = row[0];
        row[0] = i;
        for (std::size_t j = 1; j <= b.size(); ++j) {
            const std::size_t above = row[j];
            row[j] = std::min({row[j] + 1, row[j - 1] + 1, diagonal + (a[i - 1] == b[j - 1] ? 0 : 1)});
            diagonal = above;
        }
    }
    return row[b.size()];
}

// The deepest subcommand the parser entered, or the root.
const CLI::App* chosen_command(const CLI::App& app) {
    const CLI::App* command = &app;
    for (auto subcommands = command->get_subcommands(); !subcommands.empty(); subcommands = command->get_subcommands())
        command = subcommands.front();
    return command;
}

// Words nobody declared, as the user would want to hear about them.
std::optional<Failure> stray_words(const CLI::App& app) {
    const CLI::App* command = chosen_command(app);
    const auto extras = app.remaining(true);
    const std::string path = command_path(command);
    if (extras.empty()) return std::nullopt;
    const std::string& first = extras.front();
    if (first.size() > 1 && first[0] == '-') {
        const std::string name = first.substr(0, first.find('='));
        std::string closest;
        std::size_t best = 3;  // suggest only a near miss: two typing slips at most
        for (const CLI::Option* o : command->get_options()) {
            if (o->get_positional() || o->get_group().empty()) continue;
            for (const auto& long_name : o->get_lnames())
                if (const std::size_t d = edit_distance(name, "--" + long_name); d < best) {
                    best = d;
                    closest = "--" + long_name;
                }
        }
        return Failure{path, "usage", "unknown option " + name + (closest.empty() ? std::string() : " (did you mean " + closest + "?)"),
                       kExitUsage, {{"word", name}}};
    }
    if (command == &app || command->get_subcommands({}).size() > 0)
        return Failure{"", "usage", "unknown command '" + (path.empty() ? first : path + " " + first) + "'", kExitUsage, {{"word", first}}};
    return Failure{path, "usage", "unexpected '" + first + "'", kExitUsage, {{"word", first}}};
}

}  // namespace

int run_command_line(int argc, const char* const* argv, Context& context) {
    // Known before parsing so that even a parse error is reported as JSON.
    for (int i = 1; i < argc; ++i)
        if (std::string_view(argv[i]) == "--json") context.json = true;
    choose_language(argc, argv, context);
    CommandTree tree;
    build_command_tree(tree);
    if (words_shown_in()) show_help_in_language(tree.app);
    if (argc <= 1) {
        context.err << tree.app.help();
        return kExitUsage;
    }
    try {
        tree.app.parse(argc, argv);
    } catch (const CLI::Success& done) {  // --help, --version
        return tree.app.exit(done, context.out, context.err) == 0 ? kExitOk : kExitUsage;
    } catch (const CLI::ParseError& error) {
        // A misspelt option is more use to hear about than the required one it left missing.
        if (auto stray = stray_words(tree.app)) return report(context, *stray);
        return report(context, {command_path(chosen_command(tree.app)), "usage", error.what(), kExitUsage, {}});
    }
    if (tree.verbose) spdlog::set_level(spdlog::level::debug);
    if (!tree.data_dir.empty()) context.data_dir = tree.data_dir;
    if (tree.man) {
        context.out << man_page(tree.app);
        return kExitOk;
    }
    if (!tree.completion_shell.empty()) {
        if (tree.completion_shell != "bash") return report(context, {"", "usage", "--completion knows bash, not '" + tree.completion_shell + "'", kExitUsage, {}});
        context.out << bash_completion(tree.app);
        return kExitOk;
    }
    if (auto stray = stray_words(tree.app)) return report(context, *stray);

    const CLI::App* chosen = chosen_command(tree.app);
    const auto found = std::find_if(tree.commands.begin(), tree.commands.end(), [&](const auto& entry) { return entry.first == chosen; });
    if (found == tree.commands.end() && chosen == &tree.app) return report(context, {"", "usage", "give a command", kExitUsage, {}});
    if (found == tree.commands.end()) {
        std::string subcommands;
        for (const CLI::App* sub : chosen->get_subcommands({})) subcommands += (subcommands.empty() ? "" : ", ") + sub->get_name();
        return report(context, {command_path(chosen), "usage", "give a subcommand: " + subcommands, kExitUsage, {}});
    }
    const CommandInfo& info = *found->second;
    try {
        return info.run(Arguments(*chosen), context);
    } catch (const UsageError& error) {
        return report(context, {info.name, "usage", error.what(), kExitUsage, {}});
    } catch (const DataError& error) {
        return report(context, {info.name, "data", "bad data: " + std::string(error.what()), kExitFailure,
                                {{"file", error.file()}, {"where", error.where()}, {"expected", error.expected()}, {"found", error.found()}}});
    } catch (const RuleError& error) {
        return report(context, {info.name, "rules", error.what(), kExitUsage, {}});
    } catch (const std::exception& error) {
        return report(context, {info.name, "failure", error.what(), kExitFailure, {}});
    }
}

}  // namespace fortuna::cli
