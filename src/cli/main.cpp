// SPDX-License-Identifier: MIT
// fortuna-cli: the rules engine from the command line, for umpires, scripts and tests.
#include <iostream>

#include <spdlog/spdlog.h>

#include "cli.hpp"

int main(int argc, char** argv) {
    spdlog::set_level(spdlog::level::warn);
    fortuna::cli::Context context{std::cout, std::cerr, false, fortuna::default_data_dir(), std::nullopt, false};
    return fortuna::cli::run_command_line(argc, argv, context);
}
