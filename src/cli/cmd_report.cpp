// SPDX-License-Identifier: MIT
// fortuna-cli report: a saved game told quarter hour by quarter hour, as HTML or PDF, headless.
#ifdef FORTUNA_HAVE_REPORT

#include <filesystem>

#include "cli.hpp"
#include "fortuna/battle_report.hpp"
#include "fortuna/report/report_file.hpp"
#include "fortuna/save.hpp"

namespace fortuna::cli {
namespace {

int run_report(const std::vector<std::string>& words, Context& context) {
    const Arguments args(words, {"out"}, {"text"});
    if (args.positional().size() != 1) throw UsageError("report needs one saved game: report SAVE --out FILE.html|FILE.pdf");
    const std::filesystem::path save = args.positional().front();
    if (!std::filesystem::exists(save)) throw UsageError("report: no saved game at '" + save.string() + "'");
    const Game game = load_game(context.library(), save);
    const BattleReport report = make_battle_report(game);
    if (args.flag("text")) {
        context.out << battle_report_text(report);
        return kExitOk;
    }
    const std::string out = args.required("out");
    std::string ext = std::filesystem::path(out).extension().string();
    if (ext != ".html" && ext != ".htm" && ext != ".pdf") throw UsageError("--out must name a .html or .pdf file, not '" + out + "'");
    report::write_report_headless(game, out);
    nlohmann::json sections = nlohmann::json::array();
    for (const auto& s : report.sections) sections.push_back(s.clock);
    emit(context, nlohmann::json{{"file", out}, {"quarter_hours", sections}, {"result", report.result}},
         {"wrote " + out + ": " + report.title + ", " + std::to_string(report.sections.size()) + (report.sections.size() == 1 ? " quarter hour (" : " quarter hours (") +
              report.start_clock + " to " + report.end_clock + ")",
          report.result});
    return kExitOk;
}

const Registration report_registration{"report", "report SAVE (--out FILE.html|FILE.pdf | --text)  the battle told quarter hour by quarter hour",
                                       run_report};

}  // namespace
}  // namespace fortuna::cli

#endif  // FORTUNA_HAVE_REPORT
