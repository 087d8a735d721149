// SPDX-License-Identifier: MIT
// fortuna-cli report: a saved game told quarter hour by quarter hour, as HTML or PDF, headless.
#ifdef FORTUNA_HAVE_REPORT

#include <filesystem>
#include <sstream>

#include "cli.hpp"
#include "fortuna/core/message_catalogue.hpp"
#include "fortuna/land/battle_report.hpp"
#include "fortuna/report/report_file.hpp"
#include "fortuna/seam/game_session.hpp"
#include "fortuna/land/save.hpp"
#include "fortuna/analysis/session_report.hpp"
#include "session_play.hpp"

namespace fortuna::cli {
namespace {

int report_session(const Arguments& args, Context& context, const SessionFile& game) {
    const RuleSystem& system = *game.claimed.system;
    const auto session = system.open_game(context.library(), game.file, game.claimed, 0);
    const SessionReport report = make_session_report(*session);
    if (args.flag("text")) {
        context.out << shown(session_report_text(report));
        return kExitOk;
    }
    const std::string out = args.required("out");
    const std::string ext = std::filesystem::path(out).extension().string();
    const std::string format = args.value("format").value_or(out == "-" || ext == ".html" || ext == ".htm" ? "html" : ext == ".pdf" ? "pdf" : "");
    if (format != "html")
        throw UsageError("a report of " + system.name() + " is written as HTML (--out FILE.html or -) or --text; its PDF is not made yet");
    OutputFile file(out, ".html", context);
    atomic_write_file(file.path(), session_report_html(report));
    file.deliver();
    nlohmann::json sections = nlohmann::json::array();
    for (const auto& s : report.sections) sections.push_back(s.heading);
    emit(context, nlohmann::json{{"file", out}, {"format", format}, {"system", system.id()}, {"sections", sections}, {"result", report.result}},
         {"wrote " + file.name() + ": " + report.title + ", " + std::to_string(report.sections.size()) + " sections", report.result});
    return kExitOk;
}

int run_report(const Arguments& args, Context& context) {
    if (args.positional().size() != 1) throw UsageError("report needs one saved game: report SAVE --out FILE.html|FILE.pdf");
    const std::filesystem::path save = args.positional().front();
    if (!std::filesystem::exists(save)) throw UsageError("report: no saved game at '" + save.string() + "'");
    // A save of a rule system behind the seam (The Age of Sail, ...): told round by round from its journal.
    if (auto game = session_file(context, std::nullopt, save.string())) return report_session(args, context, *game);
    const Game game = load_game(context.library(), save);
    const BattleReport report = make_battle_report(game);
    if (args.flag("text")) {
        // A quarter hour's sentences make one paragraph: each is told in the reader's language on
        // its own before they are joined, then the headings ("## The end, 14:25").
        BattleReport told = report;
        for (ReportSection& section : told.sections)
            for (std::string& sentence : section.sentences) sentence = shown(sentence);
        for (std::string& line : told.casualties) line = shown(line);
        told.subtitle = shown(told.subtitle);
        told.result = shown(told.result);
        std::istringstream text(battle_report_text(told));
        for (std::string line; std::getline(text, line);) context.out << (line.starts_with("#") ? shown(line) : line) << "\n";
        return kExitOk;
    }
    const std::string out = args.required("out");
    std::string format = args.value("format").value_or("");
    if (format.empty()) {
        const std::string ext = std::filesystem::path(out).extension().string();
        format = out == "-" ? "html" : ext == ".pdf" ? "pdf" : ext == ".html" || ext == ".htm" ? "html" : "";
        if (format.empty()) throw UsageError("--out must name a .html or .pdf file, not '" + out + "' (or give --format)");
    }
    if (format != "html" && format != "pdf") throw UsageError("--format must be html or pdf, not '" + format + "'");
    OutputFile file(out, "." + format, context);
    report::write_report_headless(game, file.path());
    file.deliver();
    nlohmann::json sections = nlohmann::json::array();
    for (const auto& s : report.sections) sections.push_back(s.clock);
    emit(context, nlohmann::json{{"file", out}, {"format", format}, {"quarter_hours", sections}, {"result", report.result}},
         {"wrote " + file.name() + ": " + report.title + ", " + std::to_string(report.sections.size()) + (report.sections.size() == 1 ? " quarter hour (" : " quarter hours (") +
              report.start_clock + " to " + report.end_clock + ")",
          report.result});
    return kExitOk;
}

void declare_report(CLI::App& command) {
    command.add_option("save", "the saved game (.fortuna, or a save of another rule system such as .fortuna-naval)")->type_name("SAVE");
    command.add_option("--out", "write the report here; '-' writes it to standard output")->type_name("FILE.html|FILE.pdf|-");
    command.add_option("--format", "html or pdf (default: from --out's extension; html for '-')")->type_name("FORMAT");
    command.add_flag("--text")->description("print the report as plain text instead of writing a file");
}

const Registration report_registration{"report", "the battle told quarter hour by quarter hour, as HTML, PDF or text",
                                       declare_report, run_report};

}  // namespace
}  // namespace fortuna::cli

#endif  // FORTUNA_HAVE_REPORT
