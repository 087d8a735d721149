// SPDX-License-Identifier: MIT
// fortuna-cli's sheet subcommands: every rule system's sheets (GameSession::sheet) and the land games' typed totals through one renderer, and the table plan, as PDF, headless.
#ifdef FORTUNA_HAVE_SHEETS

// Qt's `emit` keyword would swallow cli::emit.
#ifndef QT_NO_KEYWORDS
#define QT_NO_KEYWORDS
#endif

#include <algorithm>
#include <cstdlib>
#include <filesystem>
#include <memory>

#include <QDate>
#include <QGuiApplication>

#include "cli.hpp"
#include "fortuna/core/errors.hpp"
#include "fortuna/land/land_tables.hpp"
#include "fortuna/seam/game_session.hpp"
#include "fortuna/qt/headless_gui.hpp"
#include "fortuna/land/save.hpp"
#include "fortuna/land/scenario.hpp"
#include "fortuna/sheets/content_sheet.hpp"
#include "fortuna/sheets/sheets.hpp"
#include "fortuna/sheets/kings_table_plan.hpp"
#include "fortuna/sheets/table_plan.hpp"
#include "fortuna/land/system.hpp"
#include "fortuna/naval/system.hpp"
#include "fortuna/seam/rule_system.hpp"
#include "session_play.hpp"

namespace fortuna::cli {
namespace {

using nlohmann::json;
using namespace fortuna::sheets;

constexpr const char* kSources = "(--scenario ID|FILE | --load SAVE | --ruleset R --totals A,B [--start HH:MM --end HH:MM])";

std::vector<int> parse_totals(const std::string& text) {
    std::vector<int> totals;
    std::size_t start = 0;
    while (start <= text.size()) {
        const auto comma = text.find(',', start);
        const std::string part = text.substr(start, comma == std::string::npos ? std::string::npos : comma - start);
        std::size_t used = 0;
        int value = 0;
        try {
            value = std::stoi(part, &used);
        } catch (const std::exception&) {
            used = 0;
        }
        if (part.empty() || used != part.size())
            throw UsageError("--totals: '" + part + "' is not a number of base units; write the two armies' totals as A,B (for example 40,36)");
        totals.push_back(value);
        if (comma == std::string::npos) break;
        start = comma + 1;
    }
    return totals;
}

// --out: a .pdf file or '-' (standard output), the same for every sheet.
std::string pdf_out(const Arguments& args) {
    const std::string out = args.required("out");
    if (out != "-" && std::filesystem::path(out).extension() != ".pdf")
        throw UsageError("--out must name a .pdf file (or '-' for standard output), not '" + out + "'");
    return out;
}

// --date: the day printed on the sheet (today unless given, for sheets that compare byte for byte).
QDate printed_date(const Arguments& args) {
    QDate printed = QDate::currentDate();
    if (const auto date = args.value("date")) {
        printed = QDate::fromString(QString::fromStdString(*date), Qt::ISODate);
        if (!printed.isValid()) throw UsageError("--date must be YYYY-MM-DD, not '" + *date + "'");
    }
    return printed;
}

std::string paper_name(PlanPaper paper) { return paper == PlanPaper::A3 ? "A3" : paper == PlanPaper::A4 ? "A4" : "Letter"; }

PlanPaper paper_of(const Arguments& args) {
    const std::string paper_text = args.value("paper").value_or("a4");
    const auto paper = plan_paper_from_string(paper_text);
    if (!paper) throw UsageError("--paper must be a4, a3 or letter, not '" + paper_text + "'");
    return *paper;
}

// Lays the content out through the one renderer and says what it wrote:
// {"sheet", "system", "title", "file", "pages", "paper", "for", "ruleset"} with --json.
int print_content(const SheetContent& content, const std::string& kind, const RuleSystem& system, const QString& origin,
                  const std::string& out, PlanPaper paper, const QDate& printed, Context& context) {
    const auto gui = fortuna::qt::headless_gui_application();
    OutputFile file(out, ".pdf", context);
    const int pages = write_content_pdf(content, QString::fromStdString(file.path().string()), paper, origin, printed);
    file.deliver();
    json document{{"sheet", kind}, {"system", system.id()}, {"title", content.title}, {"file", out}, {"pages", pages},
                  {"paper", paper_name(paper)}, {"for", content.subject}};
    if (!content.tables.empty()) document["ruleset"] = content.tables;
    // The first release's naval sheet said {"naval": true, "tables": ID}; scripts read them still.
    if (system.id() == "age-of-sail") {
        document["naval"] = true;
        document["tables"] = content.tables;
    }
    emit(context, document,
         {"wrote " + file.name() + ": " + content.title + " for " + content.subject + ", " + std::to_string(pages) + (pages == 1 ? " page" : " pages") +
          " (" + paper_name(paper) + ")"});
    return kExitOk;
}

// The sheet of a game of any rule system (the land games, The Age of Sail, Game Of Kings,
// Clausewitz ...): the system gives its content (GameSession::sheet) and the one renderer lays
// it out; a kind the system lacks is refused naming the kinds it prints.
// `land_options`: the command declares --ruleset, --totals, --start and --end (every sheet but the table plan).
int write_seam_sheet(const std::string& kind, const SessionFile& game, const Arguments& args, Context& context, bool land_options) {
    const RuleSystem& system = *game.claimed.system;
    const std::string what = game.file.string() + " is a " + system.describe(game.claimed.format) + " (rule system " + system.id() + ")";
    for (const char* option : {"ruleset", "totals", "start", "end"})
        if (land_options && args.value(option))
            throw UsageError(std::string("--") + option + " goes with the land games' sheets of typed totals; " + what + " and names its own rules and times");
    const std::string out = pdf_out(args);
    const PlanPaper paper = paper_of(args);
    const QDate printed = printed_date(args);
    const std::unique_ptr<GameSession> session = system.open_game(context.library(), game.file, game.claimed, 1);
    const std::vector<std::string> kinds = session->sheet_kinds();
    if (std::find(kinds.begin(), kinds.end(), kind) == kinds.end()) {
        std::string names;
        for (const auto& k : kinds) names += (names.empty() ? "" : ", ") + k;
        throw UsageError(what + ": it prints " + (names.empty() ? std::string("no sheets yet") : names) + " (fortuna-cli sheet KIND), not " + kind);
    }
    return print_content(session->sheet(kind), kind, system, QString::fromStdString(game.file.filename().string()), out, paper, printed, context);
}

// A land battle's scenario or save as the registry claims it, refused by name when it is not there.
SessionFile land_file(Context& context, const std::optional<std::string>& scenario, const std::optional<std::string>& save) {
    const RulesLibrary& library = context.library();
    std::filesystem::path file;
    if (scenario) {
        file = scenario_path(library, *scenario);
        if (!std::filesystem::exists(file)) {
            std::string shipped;
            for (const auto& id : scenario_ids(library.data_dir())) shipped += (shipped.empty() ? "" : ", ") + id;
            throw UsageError("--scenario: no scenario '" + *scenario + "' (shipped: " + shipped + "; or give a .json file)");
        }
    } else {
        file = *save;
        if (!std::filesystem::exists(file)) throw UsageError("--load: no saved game at '" + *save + "'");
    }
    return SessionFile{file, claim_file_or_refuse(file)};
}

int run_sheet(const std::string& kind, const Arguments& args, Context& context) {
    if (!args.positional().empty()) throw UsageError("unexpected '" + args.positional().front() + "'");
    const auto scenario = args.value("scenario");
    const auto save = args.value("load");
    const auto ruleset = args.value("ruleset");
    const auto totals = args.value("totals");
    const int sources = (scenario ? 1 : 0) + (save ? 1 : 0) + (totals ? 1 : 0);
    if (sources > 1) throw UsageError("give one of --scenario, --load or --totals, not several");
    if (const auto other_system = session_file(context, scenario, save)) return write_seam_sheet(kind, *other_system, args, context, true);

    // The land games: a scenario or save through their session, as every system; typed totals
    // and a rule set alone have no game, and go to the land sheets' content directly.
    const std::vector<std::string> land_kinds = land_sheet_kinds();
    if (std::find(land_kinds.begin(), land_kinds.end(), kind) == land_kinds.end())
        throw UsageError("the land games print victory, roster, reference and table-plan sheets, not " + kind +
                         " (Game Of Kings and Clausewitz print their own: give one of their scenarios or saves)");
    if (sources == 0 && !(kind == "reference" && ruleset)) throw UsageError(std::string("say what the sheet is for: ") + kSources);
    if (totals && !ruleset) throw UsageError("--totals needs --ruleset R: the marks and chances depend on the rule set");
    if ((scenario || save) && ruleset) throw UsageError("--ruleset goes with --totals; a scenario or a saved game names its own rule set");
    if ((args.value("start") || args.value("end")) && !totals)
        throw UsageError("--start and --end go with --totals; a scenario or a saved game has its own times");
    if (scenario || save) {
        return write_seam_sheet(kind, land_file(context, scenario, save), args, context, false);
    }
    const std::string out = pdf_out(args);
    const PlanPaper paper = paper_of(args);
    const QDate printed = printed_date(args);
    const RulesLibrary& library = context.library();
    SheetSource source;
    if (totals) {
        const int start = parse_clock(args.value("start").value_or("12:00"));
        const int end = parse_clock(args.value("end").value_or("17:00"));
        source = source_from_totals(land_tables(library).ruleset(*ruleset), parse_totals(*totals), start, end);
    } else {
        source.kind = SourceKind::Totals;
        source.rules = &land_tables(library).ruleset(*ruleset);
        source.title = source.rules->name;
    }
    const QString origin = kind == "reference" ? QString::fromStdString(std::filesystem::path(source.rules->file).filename().string()) : QString();
    return print_content(land_sheet(kind, source), kind, land_system(), origin, out, paper, printed, context);
}

// The table plan (issue 31, item 5): a land or Game Of Kings scenario's table to scale and its set-up list.
int run_table_plan(const Arguments& args, Context& context) {
    if (!args.positional().empty()) throw UsageError("unexpected '" + args.positional().front() + "'");
    const auto scenario = args.value("scenario");
    if (!scenario) throw UsageError("say which battle: --scenario ID|FILE (a shipped id or a scenario .json file)");
    const std::string out = pdf_out(args);
    const PlanPaper paper = paper_of(args);
    const QDate printed = printed_date(args);
    if (const auto other_system = session_file(context, scenario, std::nullopt)) {
        // Game Of Kings' plan is drawn from its scenario document, a draft too (the editor prints it).
        if (other_system->claimed.system->id() == "game-of-kings" && other_system->claimed.document.is_object()) {
            const nlohmann::json& document = other_system->claimed.document;
            const std::string name = document.value("name", document.value("id", std::string("the battle")));
            const auto gui = fortuna::qt::headless_gui_application();
            OutputFile file(out, ".pdf", context);
            const int pages = write_kings_table_plan_pdf(document, context.library().data_dir(), QString::fromStdString(file.path().string()),
                                                         paper, printed);
            file.deliver();
            emit(context,
                 json{{"sheet", "table-plan"}, {"system", "game-of-kings"}, {"file", out}, {"pages", pages}, {"paper", paper_name(paper)},
                      {"ruleset", "game-of-kings"}, {"for", name}},
                 {"wrote " + file.name() + ": Table plan for " + name + ", " + std::to_string(pages) + (pages == 1 ? " page" : " pages") +
                  " (" + paper_name(paper) + " landscape)"});
            return kExitOk;
        }
        if (other_system->claimed.system != &naval_system()) return write_seam_sheet("table-plan", *other_system, args, context, false);
        refuse_other_system(context, scenario, std::nullopt, "sheet table-plan", "prints the table plan of a land battle this release");
    }
    const RulesLibrary& library = context.library();
    if (!std::filesystem::exists(scenario_path(library, *scenario))) {
        std::string shipped;
        for (const auto& id : scenario_ids(library.data_dir())) shipped += (shipped.empty() ? "" : ", ") + id;
        throw UsageError("--scenario: no scenario '" + *scenario + "' (shipped: " + shipped + "; or give a .json file)");
    }
    const Scenario battle = load_scenario(library, *scenario);
    const auto gui = fortuna::qt::headless_gui_application();
    OutputFile file(out, ".pdf", context);
    const int pages = write_table_plan_pdf(battle, QString::fromStdString(file.path().string()), paper, printed);
    file.deliver();
    emit(context,
         json{{"sheet", "table-plan"}, {"file", out}, {"pages", pages}, {"paper", paper_name(paper)}, {"ruleset", battle.ruleset},
              {"for", battle.name}},
         {"wrote " + file.name() + ": Table plan for " + battle.name + ", " + std::to_string(pages) +
          (pages == 1 ? " page" : " pages") + " (" + paper_name(paper) + " landscape)"});
    return kExitOk;
}

void declare_table_plan(CLI::App& command) {
    command.add_option("--scenario", "the battle: a shipped land or Game Of Kings scenario id, or a scenario .json file")->type_name("ID|FILE");
    command.add_option("--out", "the PDF to write; '-' writes it to standard output")->type_name("FILE.pdf|-")->required();
    command.add_option("--paper", "a4 (default), a3 or letter, landscape")->type_name("PAPER");
    command.add_option("--date", "the date printed on the plan (default today)")->type_name("YYYY-MM-DD");
}

void declare_sheet(CLI::App& command) {
    command.add_option("--scenario", "a sheet for this scenario of any rule system (a shipped id or a .json file)")->type_name("ID|FILE");
    command.add_option("--load", "a sheet for this saved game or journal of any rule system, with its losses so far")->type_name("SAVE|JOURNAL");
    command.add_option("--ruleset", "the rule set, with --totals (or alone for the quick reference)")->type_name("R");
    command.add_option("--totals", "the two armies' base units, e.g. 40,36 (with --ruleset)")->type_name("A,B");
    command.add_option("--start", "with --totals: the battle's first turn (default 12:00)")->type_name("HH:MM");
    command.add_option("--end", "with --totals: the battle's last turn (default 17:00)")->type_name("HH:MM");
    command.add_option("--out", "the PDF to write; '-' writes it to standard output")->type_name("FILE.pdf|-")->required();
    command.add_option("--paper", "a4 (default), a3 or letter")->type_name("PAPER");
    command.add_option("--date", "the date printed on the sheet (default today)")->type_name("YYYY-MM-DD");
}

Command sheet_of(std::string kind) {
    return [kind](const Arguments& args, Context& context) { return run_sheet(kind, args, context); };
}

const Registration victory_registration{"sheet victory", "the victory sheet as PDF (each rule system its own)", declare_sheet, sheet_of("victory")};
const Registration roster_registration{"sheet roster", "army rosters as PDF", declare_sheet, sheet_of("roster")};
const Registration brigade_cards_registration{"sheet brigade-cards", "Clausewitz: a card for each brigade as PDF", declare_sheet,
                                              sheet_of("brigade-cards")};
const Registration table_plan_registration{"sheet table-plan", "a battle's table plan and set-up list as PDF (A4, A3, Letter)",
                                           declare_table_plan, run_table_plan};
const Registration reference_registration{"sheet reference", "a rule set's quick reference (Game Of Kings: the key summary) as PDF", declare_sheet,
                                          sheet_of("reference")};

}  // namespace
}  // namespace fortuna::cli

#endif  // FORTUNA_HAVE_SHEETS
