// SPDX-License-Identifier: MIT
// fortuna-cli's command line itself: per-command help, --version, usage errors (as text and JSON), man page, completion.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <iterator>
#include <sstream>
#include <string>
#include <unistd.h>

#include <nlohmann/json.hpp>

#include "cli_runner.hpp"

namespace {

namespace fs = std::filesystem;
using fortuna::testing::CliRun;
using fortuna::testing::run_cli;
using fortuna::testing::run_shell;

const std::string kCli = std::string("'") + FORTUNA_CLI + "' --data '" + FORTUNA_TEST_DATA_DIR + "'";

bool mentions(const std::string& text, const std::string& word) { return text.find(word) != std::string::npos; }

TEST(CliOptions, EachCommandAnswersHelpWithItsOwnOptions) {
    const CliRun combat = run_cli("combat --help");
    ASSERT_EQ(combat.code, 0) << combat.out;
    EXPECT_TRUE(mentions(combat.out, "--attacker-bases")) << combat.out;
    EXPECT_TRUE(mentions(combat.out, "--preview")) << combat.out;
    EXPECT_TRUE(mentions(combat.out, "--json")) << combat.out;  // the global options are listed too
    EXPECT_FALSE(mentions(combat.out, "--casualties")) << combat.out;  // morale's, not combat's

    const CliRun info = run_cli("scenario info --help");
    ASSERT_EQ(info.code, 0) << info.out;
    EXPECT_TRUE(mentions(info.out, "ID|FILE")) << info.out;

    const CliRun top = run_cli("--help");
    ASSERT_EQ(top.code, 0) << top.out;
    for (const char* command : {"combat", "morale", "play", "replay", "scenario", "validate"})
        EXPECT_TRUE(mentions(top.out, command)) << command << "\n" << top.out;
}

TEST(CliOptions, VersionAnswersEverywhere) {
    const std::string expected = std::string("fortuna-cli ") + FORTUNA_VERSION + " (Fortuna Belli)\n";
    for (const char* where : {"--version", "combat --version", "scenario info --version", "--json rulesets --version"}) {
        const CliRun run = run_cli(where);
        EXPECT_EQ(run.code, 0) << where;
        EXPECT_EQ(run.out, expected) << where;
    }
}

TEST(CliOptions, UsageErrorsExitTwoAndNameTheProblem) {
    struct Case {
        std::string arguments, message;
    };
    const std::vector<Case> cases{
        {"odds --ruleset gloire-dice --attack 1 --defend 1 --bogus=3", "unknown option --bogus"},
        {"odds --attack 1 --defend 1", "--ruleset is required"},
        {"odds --ruleset gloire-dice --attack 1 --defend", "--defend"},
        {"rulesets extra", "unexpected 'extra'"},
        {"scenario", "give a subcommand: check, info, new"},
        {"scenario frob", "unknown command 'scenario frob'"},
        {"--completion zsh", "--completion knows bash"},
    };
    for (const auto& c : cases) {
        const CliRun run = run_cli(c.arguments);
        EXPECT_EQ(run.code, 2) << c.arguments << "\n" << run.out;
        EXPECT_TRUE(mentions(run.out, c.message)) << c.arguments << "\n" << run.out;
    }
    // Nothing at all: the command list, on standard error, exit 2.
    const CliRun bare = run_shell("('" + std::string(FORTUNA_CLI) + "' 2>&1 >/dev/null)");
    EXPECT_EQ(bare.code, 2);
    EXPECT_TRUE(mentions(bare.out, "combat")) << bare.out;
}

TEST(CliOptions, JsonModeReportsErrorsAsJson) {
    const CliRun unknown = run_cli("--json combat --ruleset gloire-dice --attack 10 --defend 10 --flnak");
    EXPECT_EQ(unknown.code, 2);
    const auto a = nlohmann::json::parse(unknown.out);
    EXPECT_EQ(a["exit_code"], 2);
    EXPECT_EQ(a["error"]["command"], "combat");
    EXPECT_EQ(a["error"]["kind"], "usage");
    EXPECT_TRUE(mentions(a["error"]["message"].get<std::string>(), "unknown option --flnak"));

    const CliRun rules = run_cli("combat --json --ruleset nowhere --attack 10 --defend 10");
    EXPECT_EQ(rules.code, 2);
    const auto b = nlohmann::json::parse(rules.out);
    EXPECT_EQ(b["error"]["kind"], "rules");
    EXPECT_TRUE(mentions(b["error"]["message"].get<std::string>(), "unknown rule set 'nowhere'"));

    const CliRun replay = run_cli("--json replay '" + std::string(FORTUNA_TEST_FIXTURES_DIR) + "/saves/newer-version.fortuna'");
    EXPECT_EQ(replay.code, 1);
    const auto c = nlohmann::json::parse(replay.out);
    EXPECT_EQ(c["exit_code"], 1);
    EXPECT_TRUE(mentions(c["error"]["message"].get<std::string>(), "newer Fortuna Belli")) << replay.out;
}

TEST(CliOptions, OutDashWritesTheSheetToStandardOutput) {
    // The sanitizer build leaves out Qt and with it the sheets: its command list has no 'sheet'.
    const auto commands = run_cli("--help");
    if (!mentions(commands.out, "\n  sheet ")) GTEST_SKIP() << "built without Qt: no 'sheet' command";
    const fs::path pdf = fs::temp_directory_path() / ("fortuna-cli-stdout-" + std::to_string(::getpid()) + ".pdf");
    // Standard error stays on the pipe, standard output goes to the file.
    const CliRun run = run_shell("(" + kCli + " sheet reference --ruleset reason --date 2026-01-02 --out - 2>&1 > '" + pdf.string() + "')");
    ASSERT_EQ(run.code, 0) << run.out;
    EXPECT_TRUE(mentions(run.out, "wrote standard output")) << run.out;  // the message went to standard error
    std::ifstream in(pdf, std::ios::binary);
    const std::string pdf_text((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
    EXPECT_EQ(pdf_text.substr(0, 5), "%PDF-");
    EXPECT_EQ(pdf_text.find("wrote"), std::string::npos) << "a message went into the PDF";
    fs::remove(pdf);
}

TEST(CliOptions, ManPageComesFromTheDeclarations) {
    const CliRun man = run_cli("--man");
    ASSERT_EQ(man.code, 0) << man.out;
    EXPECT_TRUE(mentions(man.out, ".TH FORTUNA\\-CLI 1")) << man.out;
    EXPECT_TRUE(mentions(man.out, ".SS \"scenario info\"")) << man.out;
    EXPECT_TRUE(mentions(man.out, "\\fB\\-\\-attacker\\-bases\\fR \\fIB\\fR")) << man.out;
    EXPECT_TRUE(mentions(man.out, "bases in the attacker's unit")) << man.out;
    EXPECT_FALSE(mentions(man.out, "\\-\\-completion")) << "hidden options stay out of the manual";
}

// Loads the generated script into bash and asks it to complete a partial command line.
std::string complete(const fs::path& script, const std::string& words, int current) {
    const std::string command = "bash -c 'source \"" + script.string() + "\"; COMP_WORDS=(" + words + "); COMP_CWORD=" +
                                std::to_string(current) + "; _fortuna_cli; echo \"${COMPREPLY[*]}\"'";
    return run_shell(command).out;
}

TEST(CliOptions, BashCompletionKnowsCommandsAndOptions) {
    const fs::path script = fs::temp_directory_path() / ("fortuna-cli-completion-" + std::to_string(::getpid()) + ".bash");
    ASSERT_EQ(run_shell(kCli + " --completion bash > '" + script.string() + "'").code, 0);
    EXPECT_EQ(run_shell("bash -n '" + script.string() + "'").code, 0);
    EXPECT_EQ(complete(script, "fortuna-cli sce", 1), "scenario\n");
    EXPECT_EQ(complete(script, "fortuna-cli scenario \"\"", 2), "check info new\n");
    EXPECT_EQ(complete(script, "fortuna-cli scenario new --t", 3), "--table\n");
    EXPECT_EQ(complete(script, "fortuna-cli combat --ruleset gloire --attacker-b", 4), "--attacker-bases\n");
    EXPECT_EQ(complete(script, "fortuna-cli --json morale --to", 3), "--total\n");
    fs::remove(script);
}

}  // namespace
