// SPDX-License-Identifier: MIT
// What the sheet tests share: a command run through the shell with its output, and whether
// poppler's pdftotext and pdfinfo are there to read a PDF back.
#pragma once

#include <cstdio>
#include <filesystem>
#include <string>

#include <sys/wait.h>

namespace fortuna::sheet_test_support {

struct Command {
    int status = -1;
    std::string output;
};

inline Command run(const std::string& command) {
    Command result;
    FILE* pipe = ::popen((command + " 2>&1").c_str(), "r");
    if (!pipe) return result;
    char buffer[4096];
    while (const std::size_t n = std::fread(buffer, 1, sizeof buffer, pipe)) result.output.append(buffer, n);
    const int status = ::pclose(pipe);
    result.status = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
    return result;
}

inline bool have_poppler() { return run("pdftotext -v").status == 0 && run("pdfinfo -v").status == 0; }

inline std::string quoted(const std::filesystem::path& path) { return "'" + path.string() + "'"; }

}  // namespace fortuna::sheet_test_support
