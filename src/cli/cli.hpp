// SPDX-License-Identifier: MIT
// Shared plumbing of fortuna-cli's subcommands: the CLI11 command tree, option reading, output, exit codes.
//
// How to add a subcommand
// -----------------------
// Create src/cli/cmd_NAME.cpp (the folder is globbed; nothing else to edit) holding
//
//     namespace fortuna::cli {
//     namespace {
//     void declare_muster(CLI::App& command) {
//         command.add_option("--ruleset", "rule set id (see 'fortuna-cli rulesets')")->type_name("R")->required();
//         command.add_option("--bases", "number of bases in the unit")->type_name("N");
//         command.add_flag("--preview")->description("show the chances without rolling");
//         command.add_option("save", "a saved game (.fortuna)")->type_name("SAVE");   // a positional word
//     }
//     int run_muster(const Arguments& args, Context& context) {
//         const int bases = args.integer("bases", 4);   // "--bases expects a whole number" on bad input
//         emit(context, json{{"bases", bases}}, {"muster of " + std::to_string(bases) + " bases"});
//         return kExitOk;
//     }
//     const Registration muster{"muster", "one line for the command list", declare_muster, run_muster};
//     }  // namespace
//     }  // namespace fortuna::cli
//
// Declare every option with its help text: the same declarations produce `--help`, the man page
// (`fortuna-cli --man`) and the bash completion (`fortuna-cli --completion bash`). Value options
// are read as text and converted in the run function (Arguments::integer, ::number) so that a bad
// value gets our message. A name with a space ("scenario info") is a subcommand of a subcommand.
// An unknown option, a missing required option or a stray word is a usage error (exit 2) without
// the run function ever being called. Throw UsageError for bad combinations the declarations
// cannot express. Where the command writes a file, accept `--out -` through OutputFile.
#pragma once

#include <filesystem>
#include <functional>
#include <cstdint>
#include <optional>
#include <ostream>
#include <stdexcept>
#include <string>
#include <vector>

#include <CLI/CLI.hpp>
#include <nlohmann/json.hpp>

#include "fortuna/core/message_catalogue.hpp"
#include "fortuna/seam/library.hpp"

namespace fortuna::cli {

// Exit codes: 0 success, 1 the request failed (bad data, rule error), 2 bad arguments.
inline constexpr int kExitOk = 0;
inline constexpr int kExitFailure = 1;
inline constexpr int kExitUsage = 2;

// A bad command line: printed with the hint to the command's --help, exit code 2.
struct UsageError : std::runtime_error {
    using std::runtime_error::runtime_error;
};

// What a subcommand was given, read from its CLI11 declarations after a successful parse. Names
// are option names without the leading "--"; reading an undeclared option is a programming error.
class Arguments {
public:
    explicit Arguments(const CLI::App& command) : command_(command) {}

    bool flag(const std::string& name) const;
    std::optional<std::string> value(const std::string& name) const;
    // Every value of an option that takes several (--merge A.json B.json), in the order given.
    std::vector<std::string> values(const std::string& name) const;
    std::string required(const std::string& name) const;
    int integer(const std::string& name, std::optional<int> fallback = std::nullopt) const;
    double number(const std::string& name, std::optional<double> fallback = std::nullopt) const;
    // A generator's seed (--seed N, 0-18446744073709551615): nullopt when not given; a UsageError
    // naming what was typed when it is not such a number.
    std::optional<std::uint64_t> seed(const std::string& name = "seed") const;
    // Every positional word, in the order the positional options were declared.
    std::vector<std::string> positional() const;

private:
    const CLI::Option& option(const std::string& name) const;
    const CLI::App& command_;
};

struct Context {
    std::ostream& out;
    std::ostream& err;
    bool json = false;
    std::filesystem::path data_dir;
    const RulesLibrary& library() const;  // loaded on first use
    mutable std::optional<RulesLibrary> loaded;
    // Set when a command's file went to standard output (--out -): messages then go to err.
    bool out_holds_data = false;
};

using Declare = std::function<void(CLI::App& command)>;
using Command = std::function<int(const Arguments& args, Context& context)>;

struct CommandInfo {
    std::string name;     // "combat", or "scenario info" for a subcommand of a subcommand
    std::string summary;  // one line in the command list
    Declare declare;
    Command run;
};

// Each cmd_*.cpp registers its subcommands with static Registration objects.
std::vector<CommandInfo>& registry();
struct Registration {
    Registration(std::string name, std::string summary, Declare declare, Command run);
};

// Prints a JSON document (with --json) or the human-readable lines.
void emit(Context& context, const nlohmann::json& document, const std::vector<std::string>& lines);

// "--out FILE" where FILE may be "-" for standard output: the command writes path(), then
// deliver() copies that temporary file (named with `extension`) to standard output.
class OutputFile {
public:
    OutputFile(const std::string& requested, const std::string& extension, Context& context);
    ~OutputFile();
    OutputFile(const OutputFile&) = delete;
    OutputFile& operator=(const OutputFile&) = delete;
    bool to_standard_output() const { return to_stdout_; }
    const std::filesystem::path& path() const { return path_; }
    // What messages call the output: the file name, or "standard output".
    std::string name() const;
    void deliver();

private:
    Context& context_;
    bool to_stdout_ = false;
    std::filesystem::path path_;
};

// The whole program after main(): builds the command tree, parses, runs, reports errors.
int run_command_line(int argc, const char* const* argv, Context& context);

// The command tree built from the registry, with the global options (--json, --data, --verbose,
// --version, and the hidden --man and --completion).
struct CommandTree {
    CLI::App app;
    bool json = false;
    bool verbose = false;
    std::string data_dir;
    std::string completion_shell;
    bool man = false;
    std::vector<std::pair<CLI::App*, const CommandInfo*>> commands;
};
void build_command_tree(CommandTree& tree);

// Generated from the same declarations as --help (cli_documents.cpp).
std::string man_page(const CLI::App& app);
std::string bash_completion(const CLI::App& app);

}  // namespace fortuna::cli
