// SPDX-License-Identifier: MIT
// fortuna-cli: the rules engine from the command line, for umpires, scripts and tests.
#include <algorithm>
#include <iostream>

#include <spdlog/spdlog.h>

#include "cli.hpp"
#include "fortuna/errors.hpp"

using namespace fortuna;
using namespace fortuna::cli;

namespace {

void usage(std::ostream& out) {
    out << "usage: fortuna-cli [--json] [--data DIR] [--verbose] COMMAND [OPTIONS]\n\ncommands:\n";
    auto commands = registry();
    std::sort(commands.begin(), commands.end(), [](const auto& a, const auto& b) { return a.name < b.name; });
    for (const auto& command : commands) out << "  " << command.synopsis << "\n";
    out << "\nSee docs/cli.md for every option. Exit codes: 0 done, 1 failed (bad data or rules), 2 bad arguments.\n";
}

}  // namespace

int main(int argc, char** argv) {
    spdlog::set_level(spdlog::level::warn);
    std::vector<std::string> words(argv + 1, argv + argc);
    Context context{std::cout, std::cerr, false, default_data_dir(), std::nullopt};
    // Global options may stand anywhere: take them out before the subcommand sees its words.
    std::vector<std::string> rest;
    for (std::size_t i = 0; i < words.size(); ++i) {
        if (words[i] == "--json") {
            context.json = true;
        } else if (words[i] == "--verbose") {
            spdlog::set_level(spdlog::level::debug);
        } else if (words[i] == "--data") {
            if (i + 1 >= words.size()) {
                std::cerr << "fortuna-cli: --data needs a folder\n";
                return kExitUsage;
            }
            context.data_dir = words[++i];
        } else if (words[i] == "--help" || words[i] == "-h") {
            usage(std::cout);
            return kExitOk;
        } else {
            rest.push_back(words[i]);
        }
    }
    if (rest.empty()) {
        usage(std::cerr);
        return kExitUsage;
    }
    // Subcommands may have two words ("scenario info", "sheet victory"): match the longest name.
    const CommandInfo* chosen = nullptr;
    std::size_t used = 0;
    for (const auto& command : registry()) {
        std::size_t n = 0, start = 0;
        bool match = true;
        while (start <= command.name.size()) {
            const auto space = command.name.find(' ', start);
            const std::string part = command.name.substr(start, space == std::string::npos ? std::string::npos : space - start);
            if (n >= rest.size() || rest[n] != part) {
                match = false;
                break;
            }
            ++n;
            if (space == std::string::npos) break;
            start = space + 1;
        }
        if (match && n > used) {
            chosen = &command;
            used = n;
        }
    }
    if (!chosen) {
        std::cerr << "fortuna-cli: unknown command '" << rest.front() << "'\n\n";
        usage(std::cerr);
        return kExitUsage;
    }
    const std::vector<std::string> arguments(rest.begin() + static_cast<std::ptrdiff_t>(used), rest.end());
    try {
        return chosen->run(arguments, context);
    } catch (const UsageError& error) {
        std::cerr << "fortuna-cli " << chosen->name << ": " << error.what() << "\nusage: fortuna-cli " << chosen->synopsis << "\n";
        return kExitUsage;
    } catch (const DataError& error) {
        std::cerr << "fortuna-cli: bad data: " << error.what() << "\n";
        return kExitFailure;
    } catch (const RuleError& error) {
        std::cerr << "fortuna-cli " << chosen->name << ": " << error.what() << "\n";
        return kExitUsage;
    } catch (const std::exception& error) {
        std::cerr << "fortuna-cli " << chosen->name << ": " << error.what() << "\n";
        return kExitFailure;
    }
}
