// SPDX-License-Identifier: MIT
// Sheets through the seam (GameSession::sheet): Game Of Kings' key summary, rosters and victory
// sheet, Clausewitz's quick reference, brigade cards and victory sheet, as data against the tables
// and scenarios the games play with, and as PDFs written by the command line and read back.
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <memory>
#include <regex>
#include <string>
#include <vector>

#include <sys/wait.h>
#include <unistd.h>

#include "fortuna/clausewitz/tables.hpp"
#include "fortuna/core/errors.hpp"
#include "fortuna/land/game.hpp"
#include "fortuna/game_of_kings/tables.hpp"
#include "fortuna/seam/game_session.hpp"
#include "fortuna/land/system.hpp"
#include "fortuna/seam/library.hpp"
#include "fortuna/seam/rule_system.hpp"
#include "fortuna/land/scenario.hpp"
#include "fortuna/analysis/session_opponent.hpp"
#include "fortuna/sheets/content_sheet.hpp"
#include "fortuna/sheets/kings_table_plan.hpp"
#include "sheet_test_support.hpp"

#include <QDate>
#include <QString>

namespace seam_sheet_tests {

namespace fs = std::filesystem;
using fortuna::GameSession;
using fortuna::SheetBlock;
using fortuna::SheetContent;
using fortuna::SheetRow;
using fortuna::SheetSection;
using fortuna::SheetTable;

using Shell = fortuna::sheet_test_support::Command;

Shell shell(const std::string& command) { return fortuna::sheet_test_support::run(command); }
bool poppler() { return fortuna::sheet_test_support::have_poppler(); }
std::string quote(const fs::path& path) { return fortuna::sheet_test_support::quoted(path); }

int pages_of(const fs::path& pdf) {
    const std::string info = shell("pdfinfo " + quote(pdf)).output;
    std::smatch match;
    if (!std::regex_search(info, match, std::regex(R"(Pages:\s+(\d+))"))) return -1;
    return std::stoi(match[1].str());
}

std::string text_of(const fs::path& pdf) { return shell("pdftotext " + quote(pdf) + " -").output; }

fs::path scratch_path() { return fs::temp_directory_path() / ("fortuna-seam-sheets-" + std::to_string(::getpid())); }

fs::path scratch() {
    static const fs::path dir = [] {
        fs::create_directories(scratch_path());
        return scratch_path();
    }();
    return dir;
}

// The scratch folder goes when the tests end.
class ScratchCleanup : public ::testing::Environment {
public:
    void TearDown() override {
        std::error_code ignored;
        fs::remove_all(scratch_path(), ignored);
    }
};
[[maybe_unused]] ::testing::Environment* const kScratchCleanup = ::testing::AddGlobalTestEnvironment(new ScratchCleanup);

const fortuna::RulesLibrary& rules_library() {
    static const fortuna::RulesLibrary instance = fortuna::RulesLibrary::load(FORTUNA_TEST_DATA_DIR);
    return instance;
}

fs::path scenario_file(const std::string& id) { return fs::path(FORTUNA_TEST_DATA_DIR) / "scenarios" / (id + ".json"); }

std::unique_ptr<GameSession> open(const fs::path& file) {
    const fortuna::ClaimedFile claimed = fortuna::claim_file_or_refuse(file);
    return claimed.system->open_game(rules_library(), file, claimed, 7);
}

const SheetSection& section(const SheetContent& sheet, const std::string& heading) {
    for (const auto& s : sheet.sections)
        if (s.heading == heading) return s;
    throw std::runtime_error("no section '" + heading + "' in " + sheet.title);
}

const SheetTable& first_table(const SheetSection& s) {
    for (const auto& block : s.blocks)
        if (block.kind == SheetBlock::Kind::Table) return block.table;
    throw std::runtime_error("no table under '" + s.heading + "'");
}

std::string paragraphs(const SheetSection& s) {
    std::string out;
    for (const auto& block : s.blocks)
        if (block.kind != SheetBlock::Kind::Table) out += block.text + "\n";
    return out;
}

#define SEAM_REQUIRE_POPPLER() \
    if (!poppler()) GTEST_SKIP() << "pdftotext/pdfinfo (poppler-utils) not installed"

// ------------------------------------------------------------------ Game Of Kings

TEST(GameOfKingsSheets, TheTablePlanDrawsFontenoysGroundAndListsEveryUnitBySector) {
    SEAM_REQUIRE_POPPLER();
    const nlohmann::json document = fortuna::read_json_file(scenario_file("fontenoy-1745"));
    const fs::path pdf = scratch() / "fontenoy-table-plan.pdf";
    const int pages = fortuna::sheets::write_kings_table_plan_pdf(document, FORTUNA_TEST_DATA_DIR, QString::fromStdString(pdf.string()),
                                                                  fortuna::sheets::PlanPaper::A4, QDate(2026, 11, 26));
    EXPECT_EQ(pages_of(pdf), pages);
    const std::string text = text_of(pdf);
    for (const char* words : {"Table plan", "Set-up", "Player A: France (Saxe)", "Player B: The Pragmatic Allies", "The centre sector", "Fontenoy (built-", "2026-11-26"})
        EXPECT_NE(text.find(words), std::string::npos) << words;
    // Every unit of the scenario is in the set-up list.
    for (const auto& unit : document.at("units")) EXPECT_NE(text.find(unit.at("id").get<std::string>()), std::string::npos) << unit.at("id");
    // A draft without units or ground prints its table and sides, and nothing it cannot read.
    nlohmann::json draft = document;
    draft.erase("units");
    draft["terrain"] = nlohmann::json::object();
    const fs::path empty = scratch() / "draft-table-plan.pdf";
    EXPECT_GE(fortuna::sheets::write_kings_table_plan_pdf(draft, FORTUNA_TEST_DATA_DIR, QString::fromStdString(empty.string()),
                                                          fortuna::sheets::PlanPaper::Letter),
              1);
}

TEST(GameOfKingsSheets, TheKeySummaryPrintsTheTablesMusketryAndMeleeNumbers) {
    const auto session = open(scenario_file("encounter-1745"));
    EXPECT_EQ(session->sheet_kinds(), (std::vector<std::string>{"reference", "roster", "victory"}));
    const SheetContent sheet = session->sheet("reference");
    EXPECT_EQ(sheet.title, "Key summary");
    EXPECT_EQ(sheet.columns, 2);
    const auto tables = fortuna::game_of_kings::load_tables(FORTUNA_TEST_DATA_DIR);
    const SheetSection& musketry = section(sheet, "Musketry");
    const SheetTable& hits = first_table(musketry);
    const std::vector<std::string> order{"foot-firing-order", "light-foot", "foot-not-firing-order", "dismounted-horse"};
    ASSERT_EQ(hits.rows.size(), tables.musketry_hit_on.size());
    for (std::size_t i = 0; i < order.size(); ++i)
        EXPECT_EQ(hits.rows[i].cells[1].text, std::to_string(tables.musketry_hit_on.at(order[i])) + "+") << order[i];
    // As seed 004's key summary prints them: 4, 5, 6, 6; musket 8 cm, carbine 6 cm.
    EXPECT_EQ(hits.rows[0].cells[1].text, "4+");
    EXPECT_EQ(hits.rows[1].cells[1].text, "5+");
    EXPECT_NE(paragraphs(musketry).find("Musket 8 cm, carbine 6 cm"), std::string::npos) << paragraphs(musketry);
    // The melee matrix: lancers against foot in firing order attacked frontally roll 1½ a step, against other foot 4.
    const SheetTable& matrix = first_table(section(sheet, "Melee"));
    ASSERT_EQ(matrix.header.size(), 1 + tables.melee_columns.size());
    const auto lancers = std::find_if(matrix.rows.begin(), matrix.rows.end(), [](const SheetRow& r) { return r.cells[0].text == "Lan"; });
    ASSERT_NE(lancers, matrix.rows.end());
    EXPECT_EQ(lancers->cells[4].text, "1\u00bd");
    EXPECT_EQ(lancers->cells[5].text, "4");
    for (const char* heading : {"Sequence", "Action points", "Movement", "Artillery", "Saving throws", "Morale", "Weather", "Victory"})
        EXPECT_NO_THROW(section(sheet, heading)) << heading;
}

TEST(GameOfKingsSheets, TheVictorySheetsHalfIsBelowHalfTheArmyPoints) {
    const auto session = open(scenario_file("encounter-1745"));
    const SheetContent sheet = session->sheet("victory");
    const auto state = session->public_state();
    const SheetTable& points = first_table(section(sheet, "Army points"));
    ASSERT_EQ(points.rows.size(), 2U);
    for (std::size_t side = 0; side < 2; ++side) {
        const int start = state["sides"][side]["start"].get<int>();
        EXPECT_EQ(points.rows[side].cells[1].text, std::to_string(start));
        // 21 army points: below half is below 10.5, so the army has lost at 10 or fewer.
        EXPECT_EQ(start, 21);
        EXPECT_EQ(points.rows[side].cells[2].text, "10.5");
        EXPECT_EQ(points.rows[side].cells[3].text, "10 or fewer");
    }
    // A box a turn to tally, and a box for each army point.
    EXPECT_EQ(first_table(section(sheet, "Turn by turn")).rows.size(), 20U);
    const SheetTable& track = first_table(section(sheet, "Points lost"));
    EXPECT_EQ(track.rows[0].cells[1].boxes, 21);
    EXPECT_EQ(track.rows[0].cells[1].crossed, 0);
}

TEST(GameOfKingsSheets, ARosterFromASaveShowsTheLossTheGameTook) {
    auto session = open(scenario_file("encounter-1745"));
    // The programmed opponent plays both sides until the first effectiveness is lost.
    auto lost = [&] {
        const auto state = session->public_state();  // held: a range-for over a temporary's member dangles
        for (const auto& unit : state["units"])
            if (unit["effectiveness"].get<int>() < 100 || unit["status"] == "removed") return true;
        return false;
    };
    for (int i = 0; i < 20000 && !lost() && !session->outcome().over; ++i) {
        const int side = session->acting_side();
        const fortuna::OpponentStep step = fortuna::opponent_step(*session, side < 0 ? 0 : side);
        ASSERT_TRUE(step.applied()) << step.reason;
    }
    ASSERT_TRUE(lost()) << session->clock_label();
    const fs::path save = scratch() / "gok-loss.fortuna-gok";
    session->save(save);
    const auto loaded = open(save);
    const SheetContent roster = loaded->sheet("roster");
    EXPECT_NE(roster.subtitle.find("as the game stands"), std::string::npos) << roster.subtitle;
    int crossed = 0;
    int shown = 0;
    const auto state = loaded->public_state();
    for (const auto& unit : state["units"]) {
        const int effectiveness = unit["effectiveness"].get<int>();
        const bool removed = unit["status"] == "removed";
        for (const auto& s : roster.sections)
            for (const auto& block : s.blocks)
                for (const auto& row : block.table.rows) {
                    if (row.cells.empty() || row.cells[0].text.find("(" + unit["id"].get<std::string>() + ")") == std::string::npos) continue;
                    ++shown;
                    EXPECT_EQ(row.cells[4].boxes, 4);
                    EXPECT_EQ(row.cells[4].crossed, removed ? 4 : (100 - effectiveness) / 25) << unit.dump();
                    if (!removed) {
                        EXPECT_EQ(row.cells[5].text.substr(0, row.cells[5].text.find(' ')), std::to_string(effectiveness)) << unit.dump();
                    }
                    crossed += row.cells[4].crossed;
                }
    }
    EXPECT_EQ(shown, static_cast<int>(state["units"].size()));
    EXPECT_GT(crossed, 0);
}

// ------------------------------------------------------------------ Clausewitz

TEST(ClausewitzSheets, TheBrigadeCardsCountTheScenariosBrigades) {
    const fs::path file = scenario_file("quatre-bras-opening-1815");
    std::ifstream in(file);
    const auto document = nlohmann::json::parse(in);
    std::size_t brigades = 0;
    for (const auto& side : document["sides"]) brigades += side["brigades"].size();
    ASSERT_GT(brigades, 0U);
    const auto session = open(file);
    EXPECT_EQ(session->sheet_kinds(), (std::vector<std::string>{"reference", "brigade-cards", "victory"}));
    const SheetContent cards = session->sheet("brigade-cards");
    std::size_t counted = 0;
    const auto tables = fortuna::clausewitz::load_tables(FORTUNA_TEST_DATA_DIR);
    std::size_t sides = 0;
    for (const auto& s : cards.sections) {
        if (!s.card) continue;
        if (s.full_width) {  // a side's heading card: its name and generals
            ++sides;
            continue;
        }
        ++counted;
        // Five action boxes, and a strength box for each full 50 men.
        bool actions = false;
        for (const auto& block : s.blocks)
            for (const auto& row : block.table.rows)
                if (!row.cells.empty() && row.cells[0].text == "Actions") {
                    actions = true;
                    EXPECT_EQ(row.cells[1].boxes, tables.actions);
                }
        EXPECT_TRUE(actions) << s.heading;
    }
    EXPECT_EQ(counted, brigades);
    EXPECT_EQ(sides, 2U);
    // Each card's strength as the game counts it (a point a full 50 men of each unit), none lost yet.
    const auto state = session->public_state();
    std::size_t checked = 0;
    for (const auto& brigade : state["brigades"])
        for (const auto& s : cards.sections)
            if (s.heading == brigade["name"].get<std::string>())
                for (const auto& block : s.blocks)
                    for (const auto& row : block.table.rows)
                        if (!row.cells.empty() && row.cells[0].text.rfind("Strength", 0) == 0) {
                            ++checked;
                            const int strength = brigade["strength"].get<int>();
                            EXPECT_EQ(row.cells[0].text, "Strength " + std::to_string(strength) + "/" + std::to_string(strength));
                            EXPECT_EQ(row.cells[1].boxes, strength);
                            EXPECT_EQ(row.cells[1].crossed, 0);
                        }
    EXPECT_EQ(checked, state["brigades"].size());
    // The brigades still to come (Picton's division at 15:00, D60) have their cards, saying when.
    std::size_t to_come = 0;
    for (const auto& s : cards.sections)
        for (const auto& block : s.blocks)
            if (block.text.find("Arrives at 15:00") != std::string::npos) ++to_come;
    EXPECT_EQ(to_come + state["brigades"].size(), brigades);
}

TEST(ClausewitzSheets, TheQuickReferenceAndTheVictorySheetReadTheTablesAndTheScenario) {
    const auto session = open(scenario_file("quatre-bras-opening-1815"));
    const auto tables = fortuna::clausewitz::load_tables(FORTUNA_TEST_DATA_DIR);
    const SheetContent reference = session->sheet("reference");
    const SheetTable& actions = first_table(section(reference, "Actions and costs"));
    ASSERT_EQ(actions.rows.size(), tables.action_costs.size());
    for (std::size_t i = 0; i < actions.rows.size(); ++i) {
        EXPECT_EQ(actions.rows[i].cells[0].text, tables.action_costs[i].name);
        EXPECT_EQ(actions.rows[i].cells[1].text, std::to_string(tables.action_costs[i].cost));
    }
    EXPECT_EQ(actions.rows[4].cells[0].text, "Change Brigade Formation");
    EXPECT_EQ(actions.rows[4].cells[1].text, "3");
    EXPECT_EQ(first_table(section(reference, "Ranges")).rows.size(), tables.weapons.size());
    EXPECT_NE(paragraphs(section(reference, "Steady! then Fire!")).find("passes on 5+"), std::string::npos);

    const SheetContent victory = session->sheet("victory");
    const auto state = session->public_state();
    EXPECT_EQ(first_table(section(victory, "Objectives")).rows.size(), state["objectives"].size());
    // 14:00 to 15:30 in turns of ten minutes: nine rows to tally.
    const SheetTable& turns = first_table(section(victory, "Turn by turn"));
    ASSERT_EQ(turns.rows.size(), 9U);
    EXPECT_EQ(turns.rows[8].cells[1].text, "15:20");
    // The objective tally: a column for each objective, then each side's points and a box.
    ASSERT_EQ(turns.header.size(), 2 + state["objectives"].size() + 3);
    EXPECT_EQ(turns.header[2], "Obj. " + state["objectives"][0]["id"].get<std::string>());
    EXPECT_THROW(session->sheet("roster"), fortuna::RuleError);
}

// ------------------------------------------------------------------ the one renderer

TEST(ContentSheet, AnySystemsContentIsLaidOutWithCardsKeptWholeAndBoxesCrossed) {
    SEAM_REQUIRE_POPPLER();
    SheetContent sheet;
    sheet.kind = "cards";
    sheet.title = "Test cards";
    sheet.subject = "a subject long enough that it cannot share the title line with the sheet's own name on A4 paper";
    sheet.subtitle = "made by hand";
    sheet.columns = 2;
    for (int card = 1; card <= 30; ++card) {
        SheetSection section;
        section.card = true;
        section.heading = "Card " + std::to_string(card);
        section.cites = "a source";
        SheetTable table;
        table.header = {"What", "Boxes"};
        table.weights = {1, 3};
        table.add({"Strength", fortuna::SheetCell::tick(40, card)});
        table.add({"Too many", "cells", "for the header"});  // cut to the header's two columns
        section.blocks.push_back(SheetBlock::of(table));
        section.blocks.push_back(SheetBlock::note("note " + std::to_string(card)));
        sheet.sections.push_back(section);
    }
    sheet.sources = {"the test"};
    const fs::path pdf = scratch() / "content.pdf";
    const int pages = fortuna::sheets::write_content_pdf(sheet, QString::fromStdString(pdf.string()), fortuna::sheets::PlanPaper::Letter,
                                                         QStringLiteral("by hand"), QDate(2026, 11, 26));
    EXPECT_GT(pages, 1);  // thirty cards do not fit one page
    EXPECT_EQ(pages, pages_of(pdf));
    EXPECT_NE(shell("pdfinfo " + quote(pdf)).output.find("letter"), std::string::npos);
    const std::string text = text_of(pdf);
    // Each card whole on one page: its heading and its note on the same page (pdftotext ends a page with \f).
    const auto page_of = [&text](const std::string& pattern) {
        std::smatch match;
        if (!std::regex_search(text, match, std::regex(pattern))) return -1;
        const auto at = static_cast<std::size_t>(match.position(0));
        return static_cast<int>(std::count(text.begin(), text.begin() + static_cast<std::ptrdiff_t>(at), '\f'));
    };
    for (int card = 1; card <= 30; ++card) {
        const int heading = page_of("Card " + std::to_string(card) + "\\b");
        ASSERT_GE(heading, 0) << card;
        EXPECT_EQ(heading, page_of("note " + std::to_string(card) + "\\b")) << card;
    }
    EXPECT_EQ(page_of("note 30\\b"), pages - 1);
    // The long subject opens the line under the title instead of running off the page.
    EXPECT_NE(text.find("Test cards\n"), std::string::npos) << text.substr(0, 400);
    EXPECT_GE(page_of("printed from\\s+by\\s+hand"), 0);
}

// ------------------------------------------------------------------ the command line

TEST(SeamSheetCli, EverySheetOfBothSystemsIsWrittenAndTheKeySummaryFitsOneA4Page) {
    SEAM_REQUIRE_POPPLER();
    const std::pair<std::string, std::string> sheets[] = {
        {"encounter-1745", "reference"}, {"encounter-1745", "roster"}, {"encounter-1745", "victory"},
        {"quatre-bras-opening-1815", "reference"}, {"quatre-bras-opening-1815", "brigade-cards"}, {"quatre-bras-opening-1815", "victory"}};
    for (const auto& [scenario, kind] : sheets) {
        const fs::path pdf = scratch() / (scenario + "-" + kind + ".pdf");
        const Shell result = shell(std::string(FORTUNA_CLI) + " --json sheet " + kind + " --scenario " + scenario + " --date 2026-11-26 --out " + quote(pdf));
        ASSERT_EQ(result.status, 0) << result.output;
        const auto reply = nlohmann::json::parse(result.output.substr(result.output.find('{')));
        EXPECT_EQ(reply["sheet"], kind);
        EXPECT_GE(reply["pages"].get<int>(), 1);
        EXPECT_EQ(reply["pages"].get<int>(), pages_of(pdf)) << scenario << " " << kind;
        const std::string text = text_of(pdf);
        EXPECT_NE(text.find(reply["title"].get<std::string>()), std::string::npos) << text;
        EXPECT_NE(text.find("printed 2026-11-26"), std::string::npos);
        if (scenario == "encounter-1745" && kind == "reference") {
            EXPECT_EQ(reply["pages"], 1) << "seed 004: the rules fit one side of A4";
        }
    }
    const fs::path a3 = scratch() / "cards-a3.pdf";
    const Shell big = shell(std::string(FORTUNA_CLI) + " sheet brigade-cards --scenario quatre-bras-opening-1815 --paper a3 --out " + quote(a3));
    ASSERT_EQ(big.status, 0) << big.output;
    EXPECT_NE(shell("pdfinfo " + quote(a3)).output.find("(A3)"), std::string::npos);
}

TEST(SeamSheetCli, AKindASystemLacksIsRefusedNamingTheKindsItPrints) {
    const std::string out = " --out " + quote(scratch() / "refused.pdf");
    const std::pair<std::string, std::string> cases[] = {
        {"sheet brigade-cards --scenario encounter-1745" + out, "it prints reference, roster, victory"},
        {"sheet roster --scenario quatre-bras-opening-1815" + out, "it prints reference, brigade-cards, victory"},
        {"sheet table-plan --scenario quatre-bras-opening-1815" + out, "not table-plan"},
        {"sheet victory --scenario encounter-1745 --paper a5" + out, "--paper must be a4, a3 or letter"},
        {"sheet victory --scenario encounter-1745 --ruleset reason" + out, "--ruleset goes with the land games' sheets"},
        {"sheet brigade-cards --scenario test-skirmish" + out, "the land games print victory, roster, reference and table-plan"},
        {"sheet victory --scenario encounter-1745 --load x.fortuna-gok" + out, "not several"},
        {"sheet roster --load " + quote(scratch() / "no-such.fortuna-gok") + out, "no saved game"},
    };
    for (const auto& [arguments, message] : cases) {
        const Shell result = shell(std::string(FORTUNA_CLI) + " " + arguments);
        EXPECT_EQ(result.status, 2) << arguments << "\n" << result.output;
        EXPECT_NE(result.output.find(message), std::string::npos) << arguments << "\n" << result.output;
    }
}

TEST(SeamSheetCli, ASaveAndItsJournalPrintTheGameAsItStands) {
    SEAM_REQUIRE_POPPLER();
    const fs::path save = scratch() / "cli-gok.fortuna-gok";
    const Shell played = shell(std::string(FORTUNA_CLI) + " play --scenario encounter-1745 --seed 3 --opponent both --save " + quote(save));
    ASSERT_EQ(played.status, 0) << played.output;
    for (const fs::path& source : {save, fs::path(save.string() + ".journal")}) {
        ASSERT_TRUE(fs::exists(source)) << source;  // the save, and the journal play keeps beside it
        const fs::path pdf = scratch() / "cli-gok-roster.pdf";
        const Shell result = shell(std::string(FORTUNA_CLI) + " sheet roster --load " + quote(source) + " --out " + quote(pdf));
        ASSERT_EQ(result.status, 0) << result.output;
        const std::string text = text_of(pdf);
        EXPECT_NE(text.find("as the game stands"), std::string::npos) << text;
        EXPECT_NE(text.find("removed"), std::string::npos) << text;  // a battle played to its end has lost units
    }
}

// ------------------------------------------------------------------ the land games and The Age of Sail (issue 25)

const fortuna::SheetTrack& track_of(const SheetSection& s) {
    for (const auto& block : s.blocks)
        if (block.kind == SheetBlock::Kind::Track) return block.track;
    throw std::runtime_error("no track under '" + s.heading + "'");
}

TEST(LandSheets, WhiteMountainsSessionGivesItsThreeSheetsFromTheTablesAndTheScenario) {
    const auto session = open(scenario_file("white-mountain-1620"));
    EXPECT_EQ(session->sheet_kinds(), (std::vector<std::string>{"victory", "roster", "reference"}));
    const SheetContent victory = session->sheet("victory");
    EXPECT_EQ(victory.title, "Victory and time sheet");
    EXPECT_EQ(victory.tables, "glaube");
    // 12:15 to dusk at 17:00 in 5-minute turns: 57 turns, each with its number in the corner;
    // dusk on the hour is the 17h row's one box across two slots.
    int turns = 0;
    for (const auto& row : track_of(section(victory, "Time track")).rows)
        for (const auto& box : row.boxes) turns += box.corner.empty() ? 0 : 1;
    EXPECT_EQ(turns, 57);
    const auto& dusk = track_of(section(victory, "Time track")).rows.back().boxes.front();
    EXPECT_EQ(dusk.centre, "DUSK 17:00");
    EXPECT_EQ(dusk.span, 2);
    // The Catholic army's 100 base units, a box each; the marks of the Age of Glaube to its first
    // immediate level (errata E21, E22) heavy at 15, 20 ... 60 of 100.
    const auto& lost = track_of(victory.sections[1]);
    std::vector<int> heavy;
    int boxes = 0;
    for (const auto& row : lost.rows)
        for (const auto& box : row.boxes)
            if (++boxes, box.heavy) heavy.push_back(boxes);
    EXPECT_EQ(boxes, 100);
    EXPECT_EQ(heavy, (std::vector<int>{15, 20, 25, 30, 35, 40, 45, 50, 55, 60}));
    // The margins go with the worksheet, and the worksheet is never split: its "Difference" row
    // alone on a second page was a defect of the painted sheet.
    const auto& judging = section(victory, "Judging the winner");
    ASSERT_EQ(judging.blocks.size(), 2u);
    EXPECT_TRUE(judging.blocks[0].table.keep_with_next);
    EXPECT_TRUE(judging.blocks[1].table.keep_together);
    EXPECT_EQ(judging.blocks[1].table.rows.back().cells.front().text, "Difference");

    // The roster lists every unit of the scenario by its code, with a box per base.
    const fortuna::Scenario scenario = fortuna::load_scenario(rules_library(), "white-mountain-1620");
    std::vector<std::string> listed;
    for (const auto& s : session->sheet("roster").sections)
        for (const auto& block : s.blocks)
            for (const auto& row : block.table.rows)
                if (row.kind == SheetRow::Kind::Normal) {
                    listed.push_back(row.cells.front().text);
                    EXPECT_GE(row.cells[9].boxes, 1) << row.cells.front().text;
                }
    std::size_t units = 0;
    for (const auto& side : scenario.sides)
        for (const auto& command : side.commands) units += command.units.size();
    for (const auto& reinforcement : scenario.reinforcements) units += reinforcement.command.units.size();
    EXPECT_EQ(listed.size(), units);

    const SheetContent reference = session->sheet("reference");
    EXPECT_EQ(reference.columns, 2);
    EXPECT_EQ(reference.sections.front().heading, "Odds table");
    EXPECT_THROW(session->sheet("brigade-cards"), fortuna::RuleError);
}

TEST(LandSheets, AGameInPlayCrossesOffItsLossAndTicksTheUnitsState) {
    fortuna::Game game(rules_library(), fortuna::load_scenario(rules_library(), "test-skirmish"), 7,
                       fortuna::Enforcement{false, false, false, false});
    // Field artillery at 50 mm, a 5: Dr (seed 002, Table 3): Regiment Salm loses a base and routs.
    game.apply({{"do", "artillery"}, {"battery", "F-A1"}, {"target", "I-I2"}, {"range_mm", 50}, {"roll", 5}});
    // The app's desk prints through this view of its game.
    const auto session = fortuna::land::land_session_view(game);
    const SheetContent victory = session->sheet("victory");
    EXPECT_NE(victory.subtitle.find("the game as it stands: turn 1"), std::string::npos) << victory.subtitle;
    const auto crossed = [](const fortuna::SheetTrack& track) {
        int n = 0;
        for (const auto& row : track.rows)
            for (const auto& box : row.boxes) n += box.crossed ? 1 : 0;
        return n;
    };
    EXPECT_EQ(crossed(track_of(victory.sections[1])), 0);  // the French lost nothing
    EXPECT_EQ(crossed(track_of(victory.sections[2])), 1);  // the Imperialists one base
    bool found = false;
    for (const auto& s : session->sheet("roster").sections)
        for (const auto& block : s.blocks)
            for (const auto& row : block.table.rows)
                if (row.kind == SheetRow::Kind::Normal && row.cells.front().text == "I-I2") {
                    found = true;
                    EXPECT_EQ(row.cells[9].crossed, 1);
                    EXPECT_EQ(row.cells[10].ticked, 2);  // R: routing
                    EXPECT_EQ(row.cells[10].labels, (std::vector<std::string>{"D", "W", "R"}));
                }
    EXPECT_TRUE(found);
}

TEST(NavalSheets, TheTallyHasABoxPerEnemyCellAndCrossesWhatWasInflicted) {
    const auto session = open(scenario_file("channel-1778"));
    // Arethusa's starboard broadside, 4 and 5 at 6.3 cm: two of Belle Poule's port gun decks.
    session->apply(nlohmann::json{{"action", "broadside"}, {"ship", "arethusa"}, {"target", "belle-poule"}, {"side", "starboard"},
                                  {"aim", "hull"}, {"dice", {4, 5}}});
    const SheetContent sheet = session->sheet("victory");
    EXPECT_EQ(sheet.tables, "age-of-sail");
    const auto& inflicted = section(sheet, "Damage inflicted");
    ASSERT_EQ(inflicted.blocks.size(), 2u);
    const auto count = [](const fortuna::SheetTrack& track, bool only_crossed) {
        int n = 0;
        for (const auto& row : track.rows)
            for (const auto& box : row.boxes) n += !only_crossed || box.crossed ? 1 : 0;
        return n;
    };
    // Great Britain marks off the French fleet's 43 cells, two so far; France the British 41.
    EXPECT_EQ(count(inflicted.blocks[0].track, false), 43);
    EXPECT_EQ(count(inflicted.blocks[0].track, true), 2);
    EXPECT_EQ(count(inflicted.blocks[1].track, false), 41);
    EXPECT_EQ(count(inflicted.blocks[1].track, true), 0);
    // Belle Poule's damage sheet: two port gun decks of two crossed, her masts labelled F, M2, Mz
    // (her class's main mast is two movement units: the figure gives it).
    const auto& france = section(sheet, "France \u2014 Lieutenant-general d'Orvilliers");
    const auto& belle = first_table(france).rows.front();
    EXPECT_EQ(belle.cells[1].boxes, 2);
    EXPECT_EQ(belle.cells[1].crossed, 2);
    EXPECT_EQ(belle.cells[3].labels, (std::vector<std::string>{"F", "M2", "Mz"}));
}

TEST(LandSheetsCli, WhiteMountainsVictorySheetIsOneA4PageAndOnLetterKeepsTheWorksheetWhole) {
    SEAM_REQUIRE_POPPLER();
    const fs::path a4 = scratch() / "wm-victory-a4.pdf";
    const Shell wrote = shell(std::string(FORTUNA_CLI) + " --json sheet victory --scenario white-mountain-1620 --out " + quote(a4));
    ASSERT_EQ(wrote.status, 0) << wrote.output;
    const auto document = nlohmann::json::parse(wrote.output.substr(wrote.output.find('{')));
    EXPECT_EQ(document["system"], "land");
    EXPECT_EQ(document["ruleset"], "glaube");
    EXPECT_EQ(document["pages"], 1);
    EXPECT_EQ(pages_of(a4), 1);
    const fs::path letter = scratch() / "wm-victory-letter.pdf";
    ASSERT_EQ(shell(std::string(FORTUNA_CLI) + " sheet victory --scenario white-mountain-1620 --paper letter --out " + quote(letter)).status, 0);
    const int pages = pages_of(letter);
    ASSERT_GE(pages, 1);
    int worksheet_page = 0;
    for (int page = 1; page <= pages; ++page) {
        const std::string text = shell("pdftotext -f " + std::to_string(page) + " -l " + std::to_string(page) + " " + quote(letter) + " -").output;
        if (text.find("At the end") == std::string::npos) continue;
        worksheet_page = page;
        EXPECT_NE(text.find("Judging the winner"), std::string::npos) << text;
        EXPECT_NE(text.find("Difference (points)"), std::string::npos) << text;
    }
    EXPECT_GT(worksheet_page, 0);
    // The one renderer gives the land games A3 too.
    const fs::path a3 = scratch() / "wm-roster-a3.pdf";
    ASSERT_EQ(shell(std::string(FORTUNA_CLI) + " sheet roster --scenario white-mountain-1620 --paper a3 --out " + quote(a3)).status, 0);
    EXPECT_NE(shell("pdfinfo " + quote(a3)).output.find("(A3)"), std::string::npos);
}

}  // namespace seam_sheet_tests
