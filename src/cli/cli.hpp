// SPDX-License-Identifier: MIT
// Shared plumbing of fortuna-cli's subcommands: argument parsing, output, exit codes.
#pragma once

#include <functional>
#include <map>
#include <optional>
#include <ostream>
#include <set>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "fortuna/library.hpp"

namespace fortuna::cli {

// Exit codes: 0 success, 1 the request failed (bad data, rule error), 2 bad arguments.
inline constexpr int kExitOk = 0;
inline constexpr int kExitFailure = 1;
inline constexpr int kExitUsage = 2;

// A bad command line: printed with the usage hint, exit code 2.
struct UsageError : std::runtime_error {
    using std::runtime_error::runtime_error;
};

// "--name value" and "--flag" options plus positional words, checked against what the
// subcommand accepts so that a misspelt option is an error, not silently ignored.
class Arguments {
public:
    Arguments(std::vector<std::string> words, std::set<std::string> value_options, std::set<std::string> flags);

    bool flag(const std::string& name) const;
    std::optional<std::string> value(const std::string& name) const;
    std::string required(const std::string& name) const;
    int integer(const std::string& name, std::optional<int> fallback = std::nullopt) const;
    double number(const std::string& name, std::optional<double> fallback = std::nullopt) const;
    const std::vector<std::string>& positional() const { return positional_; }

private:
    std::map<std::string, std::string> values_;
    std::set<std::string> flags_;
    std::vector<std::string> positional_;
};

struct Context {
    std::ostream& out;
    std::ostream& err;
    bool json = false;
    std::filesystem::path data_dir;
    const RulesLibrary& library() const;  // loaded on first use
    mutable std::optional<RulesLibrary> loaded;
};

using Command = std::function<int(const std::vector<std::string>& words, Context& context)>;

struct CommandInfo {
    std::string name;
    std::string synopsis;
    Command run;
};

// Each cmd_*.cpp registers its subcommands with a static FORTUNA_CLI_COMMAND(...) object.
std::vector<CommandInfo>& registry();
struct Registration {
    Registration(std::string name, std::string synopsis, Command run);
};

// Prints a JSON document (with --json) or the human-readable lines.
void emit(Context& context, const nlohmann::json& document, const std::vector<std::string>& lines);

}  // namespace fortuna::cli
