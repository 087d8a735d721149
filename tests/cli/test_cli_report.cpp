// SPDX-License-Identifier: MIT
// fortuna-cli report: a short scripted opening of White Mountain, saved, told quarter hour by quarter hour.
#include <gtest/gtest.h>

#include <array>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <sys/wait.h>
#include <unistd.h>

#include "cli_runner.hpp"

namespace {

namespace fs = std::filesystem;

using fortuna::testing::CliRun;
using fortuna::testing::run_cli;
using fortuna::testing::run_shell;

std::string slurp(const fs::path& file) {
    std::ifstream in(file, std::ios::binary);
    std::ostringstream text;
    text << in.rdbuf();
    return text.str();
}

class ReportCli : public ::testing::Test {
protected:
    void SetUp() override {
        dir_ = fs::temp_directory_path() / ("fortuna-report-" + std::to_string(::getpid()));
        fs::create_directories(dir_);
        if (run_cli("report").out.find("unknown command 'report'") != std::string::npos) GTEST_SKIP() << "built without Qt";
        // Two quarter hours: the Catholic guns fire at 12:15, then six turns of phases pass.
        std::ofstream actions(dir_ / "opening.jsonl");
        actions << R"({"do":"end-phase"})" << "\n"
                << R"({"do":"artillery","battery":"CL-A2","target":"B-I3","range_mm":150,"roll":0.95})" << "\n";
        for (int i = 0; i < 6 * 10; ++i) actions << R"({"do":"end-phase"})" << "\n";
        actions.close();
        const auto play = run_cli("play --advisory --scenario white-mountain-1620 --seed 3 --actions '" + (dir_ / "opening.jsonl").string() +
                                  "' --save '" + (dir_ / "game.fortuna").string() + "'");
        ASSERT_EQ(play.code, 0) << play.out;
    }
    void TearDown() override { fs::remove_all(dir_); }
    fs::path dir_;
};

TEST_F(ReportCli, HtmlTellsEachQuarterHourWithItsPicture) {
    const auto run = run_cli("report '" + (dir_ / "game.fortuna").string() + "' --out '" + (dir_ / "report.html").string() + "'");
    ASSERT_EQ(run.code, 0) << run.out;
    const std::string html = slurp(dir_ / "report.html");
    EXPECT_NE(html.find("12:15"), std::string::npos);
    EXPECT_NE(html.find("12:30"), std::string::npos);
    EXPECT_NE(html.find("fires on Bohemian foot"), std::string::npos);
    EXPECT_NE(html.find("data:image/png;base64,"), std::string::npos);
}

TEST_F(ReportCli, PdfHoldsSearchableText) {
    if (std::system("pdftotext -v > /dev/null 2>&1") != 0) GTEST_SKIP() << "no pdftotext";
    const fs::path pdf = dir_ / "report.pdf";
    const auto run = run_cli("report '" + (dir_ / "game.fortuna").string() + "' --out '" + pdf.string() + "'");
    ASSERT_EQ(run.code, 0) << run.out;
    const std::string out = run_shell("pdftotext '" + pdf.string() + "' -").out;
    EXPECT_NE(out.find("12:15"), std::string::npos) << out;
    EXPECT_NE(out.find("fires on"), std::string::npos) << out;  // no "ﬁ" ligature
}

TEST_F(ReportCli, RefusesAnUnknownExtension) {
    const auto run = run_cli("report '" + (dir_ / "game.fortuna").string() + "' --out '" + (dir_ / "report.docx").string() + "'");
    EXPECT_NE(run.code, 0);
    EXPECT_NE(run.out.find(".html or .pdf"), std::string::npos) << run.out;
}

}  // namespace
