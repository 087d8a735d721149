// SPDX-License-Identifier: MIT
// Runs the built fortuna-cli as a user would, against the source data, and captures what it prints.
#pragma once

#include <array>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <string>

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>
#include <sys/wait.h>
#include <unistd.h>

namespace fortuna::testing {

struct CliRun {
    int code = -1;     // exit code, -1 when it did not exit normally
    std::string out;   // standard output and standard error together
};

// Any shell command line; its exit code and everything it printed.
inline CliRun run_shell(const std::string& command) {
    CliRun run;
    FILE* pipe = ::popen((command + " 2>&1").c_str(), "r");
    if (pipe == nullptr) return run;
    std::array<char, 4096> buffer{};
    while (const std::size_t n = std::fread(buffer.data(), 1, buffer.size(), pipe)) run.out.append(buffer.data(), n);
    const int status = ::pclose(pipe);
    run.code = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
    return run;
}

// The JSON document that --json printed, with what went to standard error before and after
// it (notes, warnings, the refusal) left out: it is the first "{" to the first "}" alone on a line.
inline nlohmann::json first_json(const std::string& out) {
    const auto start = out.find('{');
    if (start == std::string::npos) return nlohmann::json();
    const auto end = out.find("\n}", start);
    return nlohmann::json::parse(out.substr(start, end == std::string::npos ? std::string::npos : end + 2 - start), nullptr, false);
}

// fortuna-cli ARGUMENTS with the source tree's data folder.
inline CliRun run_cli(const std::string& arguments) {
    return run_shell(std::string("'") + FORTUNA_CLI + "' --data '" + FORTUNA_TEST_DATA_DIR + "' " + arguments);
}

// A test with a folder of its own under the system's temporary folder, for the files it writes.
class CliFolderTest : public ::testing::Test {
protected:
    explicit CliFolderTest(const std::string& name)
        : folder_(std::filesystem::temp_directory_path() / ("fortuna-cli-" + name + "-" + std::to_string(::getpid()))) {}
    void SetUp() override { std::filesystem::create_directories(folder_); }
    void TearDown() override { std::filesystem::remove_all(folder_); }
    std::string write(const std::string& name, const std::string& text) const {
        const auto path = folder_ / name;
        std::ofstream(path) << text;
        return path.string();
    }
    std::filesystem::path folder_;
};

}  // namespace fortuna::testing
