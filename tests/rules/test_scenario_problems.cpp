// SPDX-License-Identifier: MIT
// A draft of a battle read however incomplete, and every problem of it listed at once, each at its
// JSON pointer in words (issue 31; issue 28, item 6).
#include <gtest/gtest.h>

#include <algorithm>
#include <functional>
#include <iterator>
#include <random>

#include "fortuna/core/errors.hpp"
#include "fortuna/land/geometry.hpp"
#include "fortuna/land/system.hpp"
#include "fortuna/seam/library.hpp"
#include "fortuna/seam/rule_system.hpp"
#include "fortuna/land/scenario.hpp"
#include "fortuna/land/scenario_editing.hpp"

namespace fortuna {

// GoogleTest prints a problem as its line.
void PrintTo(const ScenarioProblem& problem, std::ostream* out) { *out << problem.message(); }

namespace scenario_problems_tests {

using nlohmann::json;

const RulesLibrary& problems_library() {
    static const RulesLibrary loaded = RulesLibrary::load(FORTUNA_TEST_DATA_DIR);
    return loaded;
}

std::vector<ScenarioProblem> problems_of(const json& document) {
    return scenario_problems(problems_library(), document, "draft.json");
}

std::string listed(const std::vector<ScenarioProblem>& problems) {
    std::string text;
    for (const ScenarioProblem& p : problems) text += p.message() + "\n";
    return text;
}

// A battle that plays: Glaube on a 1200 x 800 mm table, a Bohemian and a Catholic League
// regiment facing each other, each under its general.
json playable_battle() {
    json document = json::parse(scenario_to_json(new_scenario(problems_library(), "glaube", 1200, 800)).dump());
    document["id"] = "two-regiments";
    document["name"] = "Two regiments";
    auto& bohemia = document["sides"][0]["commands"][0];
    bohemia["general"] = json{{"code", "B-G1"}, {"name", "Anhalt"}, {"great_captain", false}, {"position", json{{"x_mm", 600}, {"y_mm", 150}}}};
    bohemia["units"] = json::array({json{{"code", "B-I1"}, {"name", "Thurn's foot"}, {"type", "regulars"}, {"bases", 4},
                                         {"position", json{{"x_mm", 600}, {"y_mm", 200}}}, {"facing_deg", 180}, {"formation", "line"}}});
    auto& league = document["sides"][1]["commands"][0];
    league["general"] = json{{"code", "C-G1"}, {"name", "Tilly"}, {"great_captain", false}, {"position", json{{"x_mm", 600}, {"y_mm", 650}}}};
    league["units"] = json::array({json{{"code", "C-I1"}, {"name", "Tilly's foot"}, {"type", "veterans"}, {"bases", 4},
                                        {"position", json{{"x_mm", 600}, {"y_mm", 600}}}, {"facing_deg", 0}, {"formation", "column"}}});
    return document;
}

bool has_problem(const std::vector<ScenarioProblem>& problems, const std::string& pointer, const std::string& expected_part) {
    return std::any_of(problems.begin(), problems.end(), [&](const ScenarioProblem& p) {
        return p.pointer == pointer && p.expected.find(expected_part) != std::string::npos;
    });
}

// ------------------------------------------------------------------ an outline crossing itself

TEST(OutlineCrossing, NeighboursMeetOnlyAtTheirCornerOthersNever) {
    const std::vector<BoardPoint> square{{0, 0}, {100, 0}, {100, 100}, {0, 100}};
    EXPECT_FALSE(outline_crossing(square, true));
    EXPECT_FALSE(outline_crossing(square, false));
    // The first point written again at the end is one corner, not an edge of no length.
    std::vector<BoardPoint> closed_twice = square;
    closed_twice.push_back(square.front());
    EXPECT_FALSE(outline_crossing(closed_twice, true));
    // A bow tie: the edge from point 2 meets the edge from point 0.
    const auto bow = outline_crossing({{0, 0}, {100, 100}, {100, 0}, {0, 100}}, true);
    ASSERT_TRUE(bow);
    EXPECT_EQ(bow->first, 0u);
    EXPECT_EQ(bow->second, 2u);
    // A figure eight pinched at one corner: touching counts.
    EXPECT_TRUE(outline_crossing({{0, 0}, {50, 50}, {100, 0}, {100, 100}, {50, 50}, {0, 100}}, true));
    // A road that doubles back on itself along a stretch.
    EXPECT_TRUE(outline_crossing({{0, 0}, {100, 0}, {40, 0}}, false));
    // An open line whose ends come close but do not meet.
    EXPECT_FALSE(outline_crossing({{0, 0}, {100, 0}, {100, 100}, {1, 1}}, false));
}

// ------------------------------------------------------------------ the draft

TEST(ScenarioDraft, ReadsAShippedBattleAsFromJsonDoes) {
    const Scenario shipped = load_scenario(problems_library(), "white-mountain-1620");
    const Scenario draft = read_scenario_draft(shipped.document, "wm.json", problems_library());
    EXPECT_EQ(scenario_to_json(draft), scenario_to_json(shipped));
    EXPECT_NE(draft.sides.at(0).commands.at(0).units.at(0).unit_type, nullptr);
}

TEST(ScenarioDraft, KeepsUnknownNationsAndTypesAsTyped) {
    json document = playable_battle();
    document["sides"][0]["commands"][0]["units"][0]["type"] = "kraken";
    document["sides"][1]["commands"][0]["units"][0]["nation"] = "atlantis";
    const Scenario draft = read_scenario_draft(document, "draft.json", problems_library());
    const UnitSetup& kraken = draft.sides[0].commands[0].units[0];
    EXPECT_EQ(kraken.type, "kraken");
    EXPECT_EQ(kraken.nation, "bohemia");
    EXPECT_EQ(kraken.unit_type, nullptr);
    EXPECT_EQ(draft.sides[1].commands[0].units[0].nation, "atlantis");
    EXPECT_EQ(draft.sides[1].commands[0].units[0].unit_type, nullptr);
    // Written back, what was typed is still there.
    const auto written = scenario_to_json(draft);
    EXPECT_EQ(written["sides"][0]["commands"][0]["units"][0]["type"], "kraken");
    EXPECT_EQ(written["sides"][1]["commands"][0]["units"][0]["nation"], "atlantis");
}

TEST(ScenarioDraft, MissingMembersStayAtTheirDefaults) {
    const Scenario empty = read_scenario_draft(json::object(), "empty.json", problems_library());
    EXPECT_EQ(empty.format_version, 1);
    EXPECT_EQ(empty.id, "");
    EXPECT_EQ(empty.board.width_mm, Board{}.width_mm);
    EXPECT_TRUE(empty.sides.empty());
    EXPECT_TRUE(empty.terrain.empty());

    json document = playable_battle();
    document.erase("dusk");
    document["sides"][0]["commands"][0]["units"][0].erase("position");
    document["sides"][0]["commands"][0]["units"][0].erase("bases");
    const Scenario draft = read_scenario_draft(document, "draft.json", problems_library());
    EXPECT_EQ(draft.start, 9 * 60);
    EXPECT_EQ(draft.dusk, 0);
    EXPECT_EQ(draft.sides[0].commands[0].units[0].bases, 0);
    EXPECT_EQ(draft.sides[0].commands[0].units[0].position, BoardPoint{});
    EXPECT_EQ(draft.sides[0].commands[0].units[0].code, "B-I1");
}

TEST(ScenarioDraft, RefusesOnlyADocumentThatIsNoObject) {
    for (const json& document : {json::array(), json(5), json("scenario"), json(nullptr)}) {
        EXPECT_THROW((void)read_scenario_draft(document, "draft.json", problems_library()), DataError) << document.dump();
        const auto problems = problems_of(document);
        ASSERT_EQ(problems.size(), 1u);
        EXPECT_EQ(problems[0].pointer, "");
        EXPECT_EQ(problems[0].expected, "a JSON object (a scenario)");
    }
}

// Wrong types everywhere, arrays for objects, objects for arrays: read without a throw, and
// every problem listed without one.
TEST(ScenarioDraft, HostileDocumentsNeverThrow) {
    const json hostile[] = {
        json{{"format", 7}, {"format_version", "one"}, {"id", json::array()}, {"name", 3.5}, {"ruleset", json::object()},
             {"board", "big"}, {"start", 900}, {"dusk", true}, {"terrain", "none"}, {"sides", json{{"a", 1}}}},
        json{{"board", json::array({1, 2})}, {"sides", json::array({json::array({1, 2}), 3, "side"})},
             {"terrain", json::array({5, json::array(), json{{"kind", 3}, {"polygon", json{{"x", 1}}}}})},
             {"reinforcements", json::object()}, {"sauve_qui_peut", json::array({json{{"percents", "all"}}})}},
        json{{"ruleset", "glaube"}, {"start", "12:00"}, {"dusk", "11:00"},
             {"sides", json::array({json{{"id", "a"}, {"nation", 5}, {"commands", json::array({json{{"units", json::array({json{{"code", 1}, {"position", json::array()}, {"bases", 1e300}}, 7})}}})}},
                                    json{{"id", "a"}, {"commands", json::array({json{{"general", "Tilly"}, {"units", json::object()}}})}}})},
             {"reinforcements", json::array({json{{"side", 3}, {"arrives", "25:99"}, {"command", json::array()}}, json{{"id", "r"}, {"side", "zzz"}, {"command", json{{"units", json::array({json{{"code", "X"}}})}}}}})},
             {"sauve_qui_peut", json::array({json{{"from", "13:00"}, {"percents", json::array({90, 10, -5, 1e9, "x"})}}})},
             {"first_player", 9}},
        json{{"format_version", 18446744073709551615ULL}},
        json{{"format_version", -3}, {"board", json{{"width_mm", -1}, {"depth_mm", 1e308}}}},
    };
    for (const json& document : hostile) {
        EXPECT_NO_THROW((void)read_scenario_draft(document, "hostile.json", problems_library())) << document.dump();
        std::vector<ScenarioProblem> problems;
        EXPECT_NO_THROW(problems = problems_of(document)) << document.dump();
        EXPECT_FALSE(problems.empty()) << document.dump();
        EXPECT_NO_THROW((void)scenario_file_text(scenario_to_json(read_scenario_draft(document, "hostile.json", problems_library()))));
    }
}

TEST(ScenarioDraft, HugeArraysAreReadAndTheirProblemsCapped) {
    json document = playable_battle();
    json& units = document["sides"][0]["commands"][0]["units"];
    for (int i = 0; i < 3000; ++i)
        units.push_back(json{{"code", "U" + std::to_string(i)}, {"name", "Foot"}, {"type", "regulars"}, {"bases", 4},
                             {"position", json{{"x_mm", 5000 + i}, {"y_mm", 100}}}});
    const Scenario draft = read_scenario_draft(document, "huge.json", problems_library());
    EXPECT_EQ(draft.sides[0].commands[0].units.size(), 3001u);
    const auto problems = problems_of(document);
    // 500 units is the schema's most for a command; 3000 off the table: the list stops at 200
    // and says how many more there are.
    ASSERT_EQ(problems.size(), 201u);
    EXPECT_EQ(problems.back().pointer, "");
    EXPECT_NE(problems.back().found.find("more problems"), std::string::npos);
}

// ------------------------------------------------------------------ every problem at once

TEST(ScenarioProblems, ShippedLandBattlesAndANewOneWithUnitsPlay) {
    for (const char* id : {"white-mountain-1620", "first-combat-1620", "test-skirmish"}) {
        const Scenario shipped = load_scenario(problems_library(), id);
        EXPECT_EQ(listed(scenario_problems(problems_library(), shipped.document, shipped.file)), "") << id;
    }
    EXPECT_EQ(listed(problems_of(playable_battle())), "");
    EXPECT_NO_THROW((void)Scenario::from_json(playable_battle(), "two.json", problems_library()));
}

TEST(ScenarioProblems, ANewBattleLacksOnlyItsUnits) {
    const Scenario fresh = new_scenario(problems_library(), "glaube", 1800, 1200);
    EXPECT_NO_THROW((void)Scenario::from_json(fresh.document, "new.json", problems_library()));
    EXPECT_EQ(fresh.board.width_mm, 1800);
    EXPECT_EQ(fresh.sides.size(), 2u);
    EXPECT_EQ(fresh.sides[0].nation, "bohemia");
    EXPECT_EQ(fresh.sides[1].nation, "catholic-league");
    const auto problems = problems_of(fresh.document);
    ASSERT_EQ(problems.size(), 2u) << listed(problems);
    EXPECT_EQ(problems[0], (ScenarioProblem{"/sides/0/commands", "at least one unit for Bohemia and its allies, on the table or arriving as a reinforcement", "no units"}));
    EXPECT_EQ(problems[1].pointer, "/sides/1/commands");
}

TEST(ScenarioProblems, NewScenarioRefusesAnUnknownRuleSetAndAnOddTable) {
    try {
        (void)new_scenario(problems_library(), "chess", 1200, 800);
        FAIL() << "no throw";
    } catch (const RuleError& error) {
        EXPECT_NE(std::string(error.what()).find("glaube"), std::string::npos) << error.what();
    }
    EXPECT_THROW((void)new_scenario(problems_library(), "glaube", 199, 800), RuleError);
    EXPECT_THROW((void)new_scenario(problems_library(), "glaube", 1200, 5001), RuleError);
    EXPECT_THROW((void)new_scenario(problems_library(), "glaube", std::nan(""), 800), RuleError);
    EXPECT_NO_THROW((void)new_scenario(problems_library(), "gloire-dice", 200, 5000));
}

// The schema's errors all, each in words rather than the validator's phrase.
TEST(ScenarioProblems, TheSchemasErrorsInWords) {
    json document = playable_battle();
    document.erase("name");
    document["board"]["width_mm"] = "wide";
    document["terrain"] = json::array({json{{"kind", "swamp"}, {"name", "Mire"}, {"polygon", json::array({json::array({0, 0}), json::array({10, 0}), json::array({0, 10})})}}});
    document["sides"][0]["colour_x"] = "#000000";
    document["start"] = "9 o'clock";
    const auto problems = problems_of(document);
    EXPECT_TRUE(has_problem(problems, "/name", "a member 'name'")) << listed(problems);
    EXPECT_TRUE(has_problem(problems, "/board/width_mm", "a number above 0 and up to 100000")) << listed(problems);
    EXPECT_TRUE(has_problem(problems, "/terrain/0/kind", "one of hill, wood, rough, river")) << listed(problems);
    EXPECT_TRUE(has_problem(problems, "/sides/0/colour_x", "no member 'colour_x' here")) << listed(problems);
    EXPECT_TRUE(has_problem(problems, "/start", "a time of day HH:MM")) << listed(problems);
    for (const ScenarioProblem& p : problems) {
        EXPECT_EQ(p.expected.find("Failed"), std::string::npos) << p.message();
        EXPECT_EQ(p.expected.find("constraint"), std::string::npos) << p.message();
    }
    // In the order of the file (the shipped files' member order), not the validator's.
    std::vector<std::string> pointers;
    for (const ScenarioProblem& p : problems) pointers.push_back(p.pointer);
    EXPECT_EQ(pointers, (std::vector<std::string>{"/name", "/board/width_mm", "/start", "/terrain/0/kind", "/sides/0/colour_x"}));
    const auto width = std::find_if(problems.begin(), problems.end(), [](const ScenarioProblem& p) { return p.pointer == "/board/width_mm"; });
    ASSERT_NE(width, problems.end());
    EXPECT_EQ(width->found, "\"wide\"");
}

TEST(ScenarioProblems, AFeatureNeedsAnOutlineOfOneKind) {
    json document = playable_battle();
    document["terrain"] = json::array({json{{"kind", "wood"}, {"name", "Copse"}}});
    EXPECT_TRUE(has_problem(problems_of(document), "/terrain/0", "a member 'polygon' or 'polyline'")) << listed(problems_of(document));
    // A hill is an area with contour layers: the schema asks it of hills only, and says so.
    document["terrain"] = json::array({json{{"kind", "hill"}, {"name", "Galgenberg"}, {"polyline", json::array({json::array({0, 0}), json::array({10, 10})})}}});
    const auto problems = problems_of(document);
    EXPECT_TRUE(has_problem(problems, "/terrain/0/polygon", "a member 'polygon' for a hill")) << listed(problems);
    EXPECT_TRUE(has_problem(problems, "/terrain/0/layers", "a member 'layers' for a hill")) << listed(problems);
}

// The cross-references Scenario::from_json checks, all of them collected.
TEST(ScenarioProblems, CrossReferencesAllAtOnce) {
    json document = playable_battle();
    document["sides"][0]["commands"][0]["units"][0]["type"] = "kraken";
    document["sides"][1]["commands"][0]["units"][0]["code"] = "B-I1";
    document["first_player"] = "nobody";
    const auto problems = problems_of(document);
    EXPECT_TRUE(has_problem(problems, "/sides/0/commands/0/units/0/type", "a unit type of")) << listed(problems);
    EXPECT_TRUE(has_problem(problems, "/sides/1/commands/0/units/0/code", "a code no other unit")) << listed(problems);
    EXPECT_TRUE(has_problem(problems, "/first_player", "the id of one of the sides")) << listed(problems);
    // from_json throws the first of them, with the same words.
    try {
        (void)Scenario::from_json(document, "draft.json", problems_library());
        FAIL() << "no throw";
    } catch (const DataError& error) {
        EXPECT_EQ(error.where(), "/sides/0/commands/0/units/0/type");
    }
}

TEST(ScenarioProblems, AUnitOrGeneralOffTheTable) {
    json document = playable_battle();
    document["sides"][0]["commands"][0]["units"][0]["position"] = json{{"x_mm", 1250}, {"y_mm", 40}};
    document["sides"][1]["commands"][0]["general"]["position"] = json{{"x_mm", 600}, {"y_mm", -5}};
    const auto problems = problems_of(document);
    ASSERT_EQ(problems.size(), 2u) << listed(problems);
    EXPECT_EQ(problems[0], (ScenarioProblem{"/sides/0/commands/0/units/0/position", "a position on the 1200 x 800 mm board for B-I1", "(1250, 40) mm"}));
    EXPECT_EQ(problems[1].pointer, "/sides/1/commands/0/general/position");
}

TEST(ScenarioProblems, AUnitOrGeneralOnImpassableGround) {
    json document = playable_battle();
    document["terrain"] = json::array({json{{"kind", "lake"}, {"name", "Fishpond"},
                                            {"polygon", json::array({json::array({500, 100}), json::array({700, 100}), json::array({700, 300}), json::array({500, 300})})}}});
    const auto problems = problems_of(document);
    ASSERT_EQ(problems.size(), 2u) << listed(problems);
    EXPECT_EQ(problems[0], (ScenarioProblem{"/sides/0/commands/0/general/position",
                                            "a position on ground Anhalt can stand on (lake 'Fishpond' is impassable)", "(600, 150) mm"}));
    EXPECT_EQ(problems[1].pointer, "/sides/0/commands/0/units/0/position");
    // A file that plays may hold it (from_json does not measure the ground): the editor and check do.
    EXPECT_NO_THROW((void)Scenario::from_json(document, "lake.json", problems_library()));
}

TEST(ScenarioProblems, ACommandWithUnitsButNoGeneral) {
    json document = playable_battle();
    document["sides"][1]["commands"][0].erase("general");
    const auto problems = problems_of(document);
    ASSERT_EQ(problems.size(), 1u) << listed(problems);
    EXPECT_EQ(problems[0].pointer, "/sides/1/commands/0/general");
    EXPECT_EQ(problems[0].expected, "a general for the command's 1 unit (seed 000, 7.1: orders come through the generals)");
    // A reinforcement may come on without one (test-skirmish's dragoons).
    json reinforced = playable_battle();
    reinforced["reinforcements"] = json::array({json{{"id", "dragoons"}, {"side", "bohemia"}, {"arrives", "10:00"},
                                                     {"command", json{{"name", "Dragoons"}, {"units", json::array({json{{"code", "B-D1"}, {"name", "Dragoons"}, {"type", "dragoons-mounted"}, {"bases", 2}, {"position", json{{"x_mm", 10}, {"y_mm", 10}}}}})}}}}});
    EXPECT_EQ(listed(problems_of(reinforced)), "");
}

TEST(ScenarioProblems, AnOutlineThatCrossesItself) {
    json document = playable_battle();
    // A bow tie: the edge from point 2 crosses the edge from point 0.
    document["terrain"] = json::array({json{{"kind", "wood"}, {"name", "Bow tie"},
                                            {"polygon", json::array({json::array({100, 400}), json::array({300, 500}), json::array({300, 400}), json::array({100, 500})})}},
                                       json{{"kind", "road"}, {"name", "Loop"}, {"width_mm", 8},
                                            {"polyline", json::array({json::array({0, 700}), json::array({200, 700}), json::array({100, 650}), json::array({100, 750})})}}});
    const auto problems = problems_of(document);
    ASSERT_EQ(problems.size(), 2u) << listed(problems);
    EXPECT_EQ(problems[0], (ScenarioProblem{"/terrain/0/polygon/2", "an outline that does not cross itself",
                                            "the edge from point 2 meets the edge from point 0"}));
    EXPECT_EQ(problems[1].pointer, "/terrain/1/polyline/2");
}

TEST(ScenarioProblems, AReinforcementAfterDusk) {
    json document = playable_battle();
    document["reinforcements"] = json::array({json{{"id", "late"}, {"side", "catholic-league"}, {"arrives", "17:30"},
                                                   {"command", json{{"name", "Late"}, {"units", json::array()}}}}});
    const auto problems = problems_of(document);
    ASSERT_EQ(problems.size(), 1u) << listed(problems);
    EXPECT_EQ(problems[0], (ScenarioProblem{"/reinforcements/0/arrives", "a time between the start 09:00 and dusk 17:00", "17:30"}));
}

TEST(ScenarioProblems, ASideWithNoUnits) {
    json document = playable_battle();
    document["sides"][1]["commands"][0]["units"] = json::array();
    const auto problems = problems_of(document);
    ASSERT_EQ(problems.size(), 1u) << listed(problems);
    EXPECT_EQ(problems[0].pointer, "/sides/1/commands");
    EXPECT_EQ(problems[0].found, "no units");
}

// One document, five problems of five kinds: all five listed, in the document's order.
TEST(ScenarioProblems, FiveProblemsAllListed) {
    json document = playable_battle();
    document["board"]["depth_mm"] = "deep";                                                      // schema
    document["terrain"] = json::array({json{{"kind", "town"}, {"name", "Rakovník"}, {"shelters", 2},
                                            {"polygon", json::array({json::array({550, 550}), json::array({650, 550}), json::array({650, 700}), json::array({550, 700})})}}});
    document["sides"][0]["commands"][0]["units"][0]["position"] = json{{"x_mm", 1300}, {"y_mm", 200}};  // off the table
    document["sides"][1]["commands"][0].erase("general");                                       // no general
    document["reinforcements"] = json::array({json{{"id", "late"}, {"side", "bohemia"}, {"arrives", "18:00"},
                                                   {"command", json{{"name", "Late"}, {"units", json::array()}}}}});  // after dusk
    // and Tilly's foot at (600, 600) stands in the town
    const auto problems = problems_of(document);
    ASSERT_EQ(problems.size(), 5u) << listed(problems);
    EXPECT_EQ(problems[0].pointer, "/board/depth_mm");
    EXPECT_EQ(problems[1].pointer, "/sides/0/commands/0/units/0/position");
    EXPECT_NE(problems[1].expected.find("board"), std::string::npos);
    EXPECT_EQ(problems[2].pointer, "/sides/1/commands/0/units/0/position");
    EXPECT_NE(problems[2].expected.find("town 'Rakovník' is impassable"), std::string::npos);
    EXPECT_EQ(problems[3].pointer, "/sides/1/commands/0/general");
    EXPECT_EQ(problems[4].pointer, "/reinforcements/0/arrives");
}

TEST(ScenarioProblems, AFileFromANewerFortunaSaysSoFirst) {
    json document = playable_battle();
    document["format_version"] = 2;
    document.erase("name");
    const auto problems = problems_of(document);
    ASSERT_EQ(problems.size(), 1u) << listed(problems);
    EXPECT_EQ(problems[0].pointer, "/format_version");
}

}  // namespace scenario_problems_tests
}  // namespace fortuna

namespace fortuna {
namespace scenario_problems_tests {

// ------------------------------------------------------------------ through the seam

TEST(ScenarioProblemsSeam, LandListsEveryProblemAndMakesNewBattles) {
    json document = playable_battle();
    document["sides"][0]["commands"][0]["units"][0]["position"] = json{{"x_mm", 1250}, {"y_mm", 40}};
    document["dusk"] = "08:00";
    const auto problems = land_system().scenario_problems(problems_library(), "draft.json", document);
    ASSERT_EQ(problems.size(), 2u) << listed(problems);
    EXPECT_EQ(problems[0].pointer, "/dusk");
    EXPECT_EQ(problems[1].pointer, "/sides/0/commands/0/units/0/position");
    EXPECT_TRUE(land_system().scenario_problems(problems_library(), "two.json", playable_battle()).empty());

    const auto made = land_system().new_scenario_document(problems_library(), "reason", 1800, 1200);
    ASSERT_TRUE(made.has_value());
    EXPECT_EQ((*made)["ruleset"], "reason");
    EXPECT_NO_THROW((void)Scenario::from_json(json::parse(made->dump()), "new.json", problems_library()));
    EXPECT_FALSE(land_system().new_scenario_document(problems_library(), "age-of-sail", 1800, 1200).has_value());
    EXPECT_THROW((void)land_system().new_scenario_document(problems_library(), "reason", 100, 1200), RuleError);
}

// A system without a lister of its own says its loader's first problem, and that it is the first.
TEST(ScenarioProblemsSeam, AnotherSystemSaysItsFirstProblem) {
    const auto file = std::filesystem::path(FORTUNA_TEST_DATA_DIR) / "scenarios" / "channel-1778.json";
    json document = read_json_file(file);
    const RuleSystem* naval = rule_system_for_format(format_of(document));
    ASSERT_NE(naval, nullptr);
    EXPECT_TRUE(naval->scenario_problems(problems_library(), file, document).empty());
    document.erase("wind");
    const auto problems = naval->scenario_problems(problems_library(), file, document);
    ASSERT_EQ(problems.size(), 1u);
    EXPECT_NE(problems[0].expected.find("one problem at a time"), std::string::npos) << problems[0].message();
    EXPECT_FALSE(naval->new_scenario_document(problems_library(), "age-of-sail", 1800, 1200).has_value());
}

}  // namespace scenario_problems_tests
}  // namespace fortuna

namespace fortuna {
namespace scenario_problems_tests {

// White Mountain broken at random places, forty times with a fixed seed: a value of another
// type, a member removed, a list emptied. The draft reads, the check lists at least one problem
// for each (each with words), the writer writes it; nothing throws.
TEST(ScenarioDraftMutations, WhiteMountainBrokenAtRandomNeverStopsTheChecks) {
    const json shipped = load_scenario(problems_library(), "white-mountain-1620").document;
    std::vector<std::string> pointers;
    const std::function<void(const json&, const std::string&)> collect = [&](const json& node, const std::string& at) {
        if (!at.empty()) pointers.push_back(at);
        if (node.is_object())
            for (const auto& [key, value] : node.items()) collect(value, at + "/" + key);
        else if (node.is_array())
            for (std::size_t i = 0; i < node.size(); ++i) collect(node[i], at + "/" + std::to_string(i));
    };
    collect(shipped, "");
    const json replacements[] = {json(5), json(-1e300), json("x"), json::array(), json::object(), json(nullptr), json(true),
                                 json::array({json::array({1})}), json(std::string(300, 'w'))};
    std::mt19937 generator(20261126);
    for (int round = 0; round < 40; ++round) {
        json document = shipped;
        const std::string& pointer = pointers[generator() % pointers.size()];
        const json::json_pointer where(pointer);
        const auto choice = generator() % (std::size(replacements) + 1);
        if (choice == std::size(replacements)) {
            document[where.parent_pointer()].is_object() ? (void)document[where.parent_pointer()].erase(where.back())
                                                         : (void)(document[where] = json::array());
        } else {
            document[where] = replacements[choice];
        }
        std::vector<ScenarioProblem> problems;
        ASSERT_NO_THROW(problems = problems_of(document)) << pointer;
        ASSERT_NO_THROW((void)scenario_file_text(scenario_to_json(read_scenario_draft(document, "wm.json", problems_library()))))
            << pointer;
        for (const ScenarioProblem& p : problems) {
            EXPECT_FALSE(p.expected.empty()) << pointer << ": " << p.message();
            EXPECT_TRUE(p.pointer.empty() || p.pointer.front() == '/') << p.message();
        }
        // A file that from_json refuses is never called playable by the check.
        bool opens = true;
        try {
            (void)Scenario::from_json(document, "wm.json", problems_library());
        } catch (const DataError&) {
            opens = false;
        }
        if (!opens) {
            EXPECT_FALSE(problems.empty()) << pointer;
        }
    }
}

}  // namespace scenario_problems_tests
}  // namespace fortuna
