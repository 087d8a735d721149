// SPDX-License-Identifier: MIT
// Limits (docs/data-format.md, Limits): oversized files, deep nesting and absurd numbers are refused with clear messages.
#include <gtest/gtest.h>

#include <fstream>
#include <string>

#include "fortuna/core/errors.hpp"
#include "fortuna/land/land_tables.hpp"
#include "fortuna/core/journal.hpp"
#include "fortuna/seam/library.hpp"
#include "fortuna/core/limits.hpp"
#include "fortuna/land/resolution.hpp"
#include "fortuna/land/save.hpp"
#include "test_game_support.hpp"

namespace fortuna {
namespace {

using nlohmann::json;
using testing::library;
using testing::read_text;
using testing::skirmish;
using testing::TemporaryFolder;

using testing::kData;
const std::filesystem::path kFuzzFixtures = std::filesystem::path(FORTUNA_TEST_FIXTURES_DIR) / "fuzz";

Roll entered(RollKind kind, int value) { return {kind, value, RollSource::Entered}; }

std::string nested(int depth) { return std::string(static_cast<std::size_t>(depth), '[') + std::string(static_cast<std::size_t>(depth), ']'); }


void write_text(const std::filesystem::path& file, const std::string& text) {
    std::ofstream out(file, std::ios::binary | std::ios::trunc);
    out << text;
}

// The message a user sees names what was expected; these tests check the words that matter.
template <typename Error, typename F>
std::string refusal(F&& f) {
    try {
        f();
    } catch (const Error& error) {
        return error.what();
    }
    ADD_FAILURE() << "was accepted";
    return {};
}

// ---------------------------------------------------------------- sizes and nesting

TEST(Limits, AFileOfMoreThan16MiBIsRefusedBeforeItIsRead) {
    TemporaryFolder folder("limits-size");
    const auto file = folder.path() / "huge.json";
    write_text(file, "{}");
    std::filesystem::resize_file(file, kMaxDataFileBytes + 1);  // sparse: costs no disk
    const std::string message = refusal<DataError>([&] { (void)read_json_file(file); });
    EXPECT_NE(message.find("at most 16 MiB"), std::string::npos) << message;
    EXPECT_NE(message.find("16777217 bytes"), std::string::npos) << message;
    // The same limit for text that arrives without a file (action lines, pasted JSON).
    EXPECT_THROW((void)parse_json_text(std::string(kMaxDataFileBytes + 1, ' '), "pasted"), DataError);
}

TEST(Limits, NestingDeeperThan64IsRefused) {
    EXPECT_NO_THROW((void)parse_json_text(nested(kMaxJsonDepth), "ok.json"));
    const std::string message = refusal<DataError>([&] { (void)parse_json_text(nested(kMaxJsonDepth + 1), "deep.json"); });
    EXPECT_NE(message.find("nested at most 64 levels deep"), std::string::npos) << message;
    // Far deeper than any stack could recurse: still a clean refusal.
    EXPECT_THROW((void)parse_json_text(nested(1000000), "deeper.json"), DataError);
}

TEST(Limits, AJournalLineNestedTooDeeplyIsRefusedNamingTheLine) {
    TemporaryFolder folder("limits-journal");
    Game game(library(), skirmish(), 3, testing::kAdvisory);
    game.attach_journal(folder.path() / "game.journal");
    game.detach_journal();
    std::string text = read_text(folder.path() / "game.journal");
    text += "{\"do\": \"end-phase\", \"note\": " + nested(200000) + "}\n{\"do\": \"end-phase\"}\n";
    write_text(folder.path() / "game.journal", text);
    try {
        (void)read_journal(folder.path() / "game.journal");
        FAIL() << "a 200,000-deep line was read";
    } catch (const DataError& error) {
        EXPECT_EQ(error.where(), "line 2");
        EXPECT_NE(error.expected().find("nested at most 64"), std::string::npos) << error.what();
    }
}

// Fuzzing found this (docs/reliability.md): a number beyond a double ("1e3080") escaped the
// loaders as nlohmann's out_of_range and ended the program instead of a DataError.
TEST(Limits, ANumberBeyondADoubleIsADataErrorNamingLineAndColumn) {
    try {
        (void)parse_json_text("{\n  \"bases\": 1e3080\n}", "army.json");
        FAIL() << "1e3080 was parsed";
    } catch (const DataError& error) {
        EXPECT_EQ(error.where(), "2:12");
        EXPECT_NE(error.expected().find("1.8e308"), std::string::npos) << error.what();
        EXPECT_NE(error.found().find("1e3080"), std::string::npos) << error.what();
    }
}

TEST(Limits, TheFuzzersCrashingInputsAreRefusedCleanly) {
    // Each file in tests/fixtures/fuzz once ended a fuzz target; each is now a DataError.
    int checked = 0;
    for (const auto& entry : std::filesystem::directory_iterator(kFuzzFixtures)) {
        const std::string name = entry.path().filename().string();
        SCOPED_TRACE(name);
        if (name.starts_with("journal-")) {
            EXPECT_THROW((void)recover_game(library(), entry.path()), DataError);
        } else if (name.starts_with("save-")) {
            EXPECT_THROW((void)load_game(library(), entry.path()), DataError);
        } else {
            // Rule sets, armies, scenarios: `fortuna-cli validate FILE` reports, never crashes.
            const auto problems = RulesLibrary::validate(kData, {entry.path()});
            EXPECT_EQ(problems.size(), 1U);
        }
        ++checked;
    }
    EXPECT_GE(checked, 8);
}

TEST(Limits, TheRecoveryScanPassesOverFilesOfTheWrongShape) {
    // The app scans its recovery folder at start: a journal whose header holds numbers where text
    // belongs must be passed over or listed, never end the app.
    std::vector<RecoveryCandidate> found;
    ASSERT_NO_THROW(found = find_recovery_journals(kFuzzFixtures));
    for (const auto& candidate : found) {
        SCOPED_TRACE(candidate.journal.string());
        EXPECT_TRUE(candidate.journal.filename().string().starts_with("journal-"));
    }
}

// ---------------------------------------------------------------- absurd numbers in requests

TEST(Limits, CombatRefusesABillionBasesAndHugeStrengths) {
    const RuleSet& rules = land_tables(library()).ruleset("gloire-dice");
    const UnitType& line = land_tables(library()).unit_type("gloire-dice", "france/line-infantry");
    CombatRequest request;
    request.attacker.unit = &line;
    request.attacker.bases = 1000000000;
    request.defender.unit = &line;
    request.defender.bases = 4;
    std::string message = refusal<RuleError>([&] { (void)resolve_combat(rules, request, entered(RollKind::D6, 3)); });
    EXPECT_NE(message.find("expected 1 to 1000"), std::string::npos) << message;

    request.attacker.bases = -3;
    EXPECT_THROW((void)resolve_combat(rules, request, entered(RollKind::D6, 3)), RuleError);

    request.attacker = {};
    request.attacker.strength = kMaxStrength + 1;
    message = refusal<RuleError>([&] { (void)resolve_combat(rules, request, entered(RollKind::D6, 3)); });
    EXPECT_NE(message.find("expected 0 to 100000"), std::string::npos) << message;

    // `fortuna-cli odds` looks the strengths up directly: the same bound.
    message = refusal<RuleError>([&] { (void)rules.odds.lookup(1000000000, 5); });
    EXPECT_NE(message.find("at most 100000"), std::string::npos) << message;
    EXPECT_THROW((void)rules.odds.lookup(-1, 5), RuleError);
}

// Found in review for issue 8: the victory margin's exact product (casualties x total x 100)
// overflowed a long long, undefined behaviour, for totals near INT_MAX.
TEST(Limits, MoraleAndVictoryRefuseArmiesOfABillionBases) {
    const RuleSet& rules = land_tables(library()).ruleset("gloire-dice");
    std::string message = refusal<RuleError>([&] { (void)judge_victory(rules, 2000000000, 2000000000, 1, 1, "A", "B"); });
    EXPECT_NE(message.find("1 to 1000000 base units"), std::string::npos) << message;
    message = refusal<RuleError>([&] { (void)assess_crisis(rules, 5, 2000000000); });
    EXPECT_NE(message.find("1 to 1000000 base units, not 2000000000"), std::string::npos) << message;
    EXPECT_THROW((void)assess_crisis(rules, -4, 20), RuleError);
    // The largest army allowed is judged exactly: 1 loss in a million against none.
    const VictoryJudgement judgement = judge_victory(rules, kMaxArmyBases, kMaxArmyBases, 0, kMaxArmyBases, "A", "B");
    EXPECT_EQ(judgement.winner, "b");
    EXPECT_DOUBLE_EQ(judgement.margin, 100.0);
}

TEST(Limits, RollsOutsideTheDieAreRefused) {
    const RuleSet& rules = land_tables(library()).ruleset("gloire-dice");
    const UnitType& line = land_tables(library()).unit_type("gloire-dice", "france/line-infantry");
    CombatRequest request;
    request.attacker.unit = &line;
    request.attacker.bases = 4;
    request.defender.unit = &line;
    request.defender.bases = 4;
    for (const int value : {0, 7, -1, 1000000000}) {
        SCOPED_TRACE(value);
        EXPECT_THROW((void)resolve_combat(rules, request, entered(RollKind::D6, value)), RuleError);
    }
}

struct AbsurdAction {
    const char* name;
    const char* line;
    const char* says;  // words of the refusal
};

class LimitsOfActions : public ::testing::TestWithParam<AbsurdAction> {};

// Every action line goes through parse_json_text (as fortuna-cli play reads it) and Game::apply.
TEST_P(LimitsOfActions, AreRefusedAndChangeNothing) {
    const AbsurdAction& a = GetParam();
    Game game(library(), skirmish(), 5, testing::kAdvisory);
    game.apply({{"do", "end-phase"}});
    const GameState before = game.state();
    const std::string message = refusal<RuleError>([&] { (void)game.apply(parse_json_text(a.line, "actions.jsonl")); });
    EXPECT_NE(message.find(a.says), std::string::npos) << message;
    EXPECT_EQ(game.state(), before);
    EXPECT_EQ(game.journal().size(), 1U);
}

INSTANTIATE_TEST_SUITE_P(
    Actions, LimitsOfActions,
    ::testing::Values(
        AbsurdAction{"BillionBases", R"({"do": "set", "unit": "F-I1", "bases": 1000000000})", "a number of bases 0-100"},
        AbsurdAction{"NegativeBases", R"({"do": "set", "unit": "F-I1", "bases": -1})", "a number of bases 0-100"},
        AbsurdAction{"Uint64Bases", R"({"do": "set", "unit": "F-I1", "bases": 18446744073709551615})", "a number of bases 0-100"},
        AbsurdAction{"NegativeRange", R"({"do": "artillery", "battery": "F-A1", "target": "I-I2", "range_mm": -50})", "0-10000"},
        AbsurdAction{"HugeRange", R"({"do": "artillery", "battery": "F-A1", "target": "I-I2", "range_mm": 1e300})", "0-10000"},
        AbsurdAction{"RollSeven", R"({"do": "combat", "attacker": "F-I1", "defender": "I-I1", "roll": 7})", "1 to 6"},
        AbsurdAction{"RollHalf", R"({"do": "combat", "attacker": "F-I1", "defender": "I-I1", "roll": 0.5})", "roll"},
        AbsurdAction{"RollHuge", R"({"do": "combat", "attacker": "F-I1", "defender": "I-I1", "roll": 1e308})", "roll"},
        AbsurdAction{"FarAwayMove", R"({"do": "move", "unit": "F-I1", "to": [1e300, 5]})", "a position"},
        AbsurdAction{"FacingBeyond360", R"({"do": "set", "unit": "F-I1", "facing_deg": 1e20})", "a direction 0-360"},
        AbsurdAction{"ChargeTurnHuge", R"({"do": "set", "unit": "F-I1", "last_charge_turn": 2147483648})", "a turn number"},
        AbsurdAction{"MessengerBillion", R"({"do": "deliver", "messenger": 1000000000})", "a messenger's number"},
        AbsurdAction{"RideNegative", R"({"do": "order", "general": "F-G1", "to": "F-I1", "order": "halt", "distance_mm": -1})",
                     "the messenger's ride"}),
    [](const ::testing::TestParamInfo<AbsurdAction>& param_info) { return std::string(param_info.param.name); });

TEST(Limits, AnActionLineNestedTooDeeplyIsRefusedBeforeItIsApplied) {
    const std::string line = "{\"do\": \"end-phase\", \"note\": " + nested(200000) + "}";
    const std::string message = refusal<DataError>([&] { (void)parse_json_text(line, "actions.jsonl"); });
    EXPECT_NE(message.find("nested at most 64"), std::string::npos) << message;
}

// ---------------------------------------------------------------- absurd numbers in data files

struct AbsurdScenario {
    const char* name;
    const char* pointer;  // a JSON pointer into test-skirmish.json
    json value;
    const char* where;  // expected start of DataError::where()
};

class LimitsOfScenarios : public ::testing::TestWithParam<AbsurdScenario> {};

TEST_P(LimitsOfScenarios, AreRefusedNamingTheField) {
    const AbsurdScenario& a = GetParam();
    json document = json::parse(read_text(kData / "scenarios" / "test-skirmish.json"));
    document[json::json_pointer(a.pointer)] = a.value;
    try {
        (void)Scenario::from_json(document, "absurd.json", library());
        FAIL() << a.name << " was accepted";
    } catch (const DataError& error) {
        EXPECT_EQ(error.where().rfind(a.where, 0), 0U) << error.what();
    }
}

INSTANTIATE_TEST_SUITE_P(
    Scenarios, LimitsOfScenarios,
    ::testing::Values(AbsurdScenario{"BillionBases", "/sides/0/commands/0/units/0/bases", 1000000000, "/sides/0/commands/0/units/0/bases"},
                      AbsurdScenario{"NegativeBases", "/sides/0/commands/0/units/0/bases", -5, "/sides/0/commands/0/units/0/bases"},
                      AbsurdScenario{"HugeBoard", "/board/width_mm", 1e300, "/board/width_mm"},
                      AbsurdScenario{"NegativeBoard", "/board/depth_mm", -1200, "/board/depth_mm"},
                      AbsurdScenario{"FacingHuge", "/sides/0/commands/0/units/0/facing_deg", 1e30, "/sides/0/commands/0/units/0/facing_deg"},
                      AbsurdScenario{"StartAt25", "/start", "25:99", "/start"}),
    [](const ::testing::TestParamInfo<AbsurdScenario>& param_info) { return std::string(param_info.param.name); });

TEST(Limits, AnArmyWithABillionTypicalBasesOrAHugeFactorIsRefused) {
    const json shipped = json::parse(read_text(kData / "armies" / "gloire-dice" / "france.json"));
    for (const auto& [pointer, value] : std::vector<std::pair<std::string, json>>{
             {"/units/0/typical_bases", 1000000000}, {"/units/0/typical_bases", -1}, {"/units/0/base/width_mm", 1e300}}) {
        SCOPED_TRACE(pointer);
        json document = shipped;
        document[json::json_pointer(pointer)] = value;
        try {
            validate_against_schema(document, "army", "absurd.json", kData);
            (void)Army::from_json(document, "absurd.json", land_tables(library()).ruleset("gloire-dice"));
            FAIL() << pointer << " = " << value.dump() << " was accepted";
        } catch (const DataError& error) {
            EXPECT_EQ(error.where().rfind(pointer, 0), 0U) << error.what();
        }
    }
}

TEST(Limits, ASaveWithAnAbsurdSeedOrDrawCountIsRefused) {
    TemporaryFolder folder("limits-save");
    Game game(library(), skirmish(), 8, testing::kAdvisory);
    game.apply({{"do", "end-phase"}});
    json document = save_document(game);
    for (const auto& [pointer, value] : std::vector<std::pair<std::string, json>>{
             {"/seed", "99999999999999999999999"}, {"/seed", "-1"}, {"/generator/draws", "1e9"}, {"/seed", 1e300}}) {
        SCOPED_TRACE(pointer + " = " + value.dump());
        json tampered = document;
        tampered[json::json_pointer(pointer)] = value;
        write_text(folder.path() / "absurd.fortuna", tampered.dump());
        EXPECT_THROW((void)load_game(library(), folder.path() / "absurd.fortuna"), DataError);
    }
}

}  // namespace
}  // namespace fortuna
