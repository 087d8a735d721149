// SPDX-License-Identifier: MIT
// Game Of Kings: every rule of play the game refuses cites seed 004 or a decision, and the umpire
// overrules it with "override": "reason", which the journal keeps and the explanation says; a side's
// own override is no umpire's (issue 32, 2). Circumstances come from the board, never the action
// (issue 32, 1): an action states no range, cover, rear or contact.
#include <gtest/gtest.h>

#include <cctype>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <regex>
#include <string>

#include "fortuna/core/errors.hpp"
#include "fortuna/game_of_kings/session.hpp"
#include "fortuna/game_of_kings/system.hpp"
#include "fortuna/seam/library.hpp"

namespace fortuna::game_of_kings::testing_overrides {
namespace {

namespace fs = std::filesystem;
using nlohmann::json;

const fs::path kGokData = FORTUNA_TEST_DATA_DIR;
const fs::path kEncounter = kGokData / "scenarios" / "encounter-1745.json";

std::shared_ptr<const Tables> gok_tables() {
    static const auto loaded = std::make_shared<const Tables>(load_tables(kGokData));
    return loaded;
}
std::shared_ptr<const Scenario> encounter() {
    static const auto loaded = std::make_shared<const Scenario>(scenario_from_json(*gok_tables(), kGokData, read_json_file(kEncounter), kEncounter.string()));
    return loaded;
}

// The encounter at the French centre's first sector (tests/game_of_kings/test_gok_game.cpp): 4 points.
Recorded centre_working() {
    Recorded game(GameModel(gok_tables(), encounter()), 5, journal_header(*encounter(), 5));
    game.apply_json({{"action", "begin-turn"}, {"dice", {3, 4, 5, 2}}});
    game.apply_json({{"action", "choose"}, {"first", "france"}});
    game.apply_json({{"action", "action-points"}, {"dice", {4, 3, 2}}});
    game.apply_json({{"action", "sector"}, {"sector", "centre"}});
    return game;
}

std::string gok_refused(Recorded& game, const json& action) {
    try {
        game.apply_json(action);
    } catch (const RuleError& error) {
        return error.what();
    }
    return "applied";
}

json with(json action, const char* key, const std::string& value) {
    action[key] = value;
    return action;
}

TEST(GokOverrides, ARefusedRuleCitesItsSectionAndTheUmpireOverrulesIt) {
    struct Case {
        json action;
        std::string words;  // what the refusal says, with its section
    };
    const std::vector<Case> cases{
        {{{"action", "move"}, {"unit", "F-line-1"}, {"to", {72, 12}}}, "beyond F-line-1's move of 6.0 cm (seed 004, MOVEMENT)"},
        {{{"action", "move"}, {"unit", "F-cavalerie"}, {"to", {12, 10}}}, "left sector, not the centre sector now working (seed 004, COMMAND & CONTROL)"},
        {{{"action", "fire-gun"}, {"unit", "F-guns-1"}, {"target", "A-british-1"}}, "roundshot reaches 24.0 cm (seed 004, ARTILLERY)"},
    };
    for (const Case& c : cases) {
        SCOPED_TRACE(c.action.dump());
        Recorded refused = centre_working();
        const std::string words = gok_refused(refused, c.action);
        EXPECT_NE(words.find(c.words), std::string::npos) << words;
        EXPECT_NE(words.find("the umpire overrules"), std::string::npos) << words;

        Recorded by_side = centre_working();
        json theirs = with(c.action, "override", "my general says so");
        theirs["by"] = "france";
        EXPECT_NE(gok_refused(by_side, theirs).find("only the umpire overrules"), std::string::npos);

        Recorded overruled = centre_working();
        const json umpire = with(c.action, "override", "test: the umpire's call");
        ASSERT_EQ(gok_refused(overruled, umpire), "applied");
        const json& line = overruled.journal().back();
        EXPECT_EQ(line.dump().find("\"override\":\"test: the umpire's call\"") != std::string::npos, true) << line.dump();
        EXPECT_NE(line.dump().find("overruled by the umpire: test: the umpire's call"), std::string::npos) << line.dump();
        // The journal replays the overruled action to the same state.
        const Recorded replayed =
            Recorded::replay(GameModel(gok_tables(), encounter()), 5, journal_header(*encounter(), 5), overruled.journal(), "test",
                             [](std::size_t i) { return "/journal/" + std::to_string(i); });
        EXPECT_EQ(replayed.model().to_json(), overruled.model().to_json());
    }
}

TEST(GokOverrides, EveryRuleOfPlayInTheGameCitesTheSeedOrADecision) {
    std::ifstream in(fs::path(FORTUNA_TEST_DATA_DIR) / ".." / "src" / "rules" / "game_of_kings" / "game.cpp");
    const std::string text{std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
    ASSERT_FALSE(text.empty());
    // Each call "rule(...)" to its closing parenthesis, strings read as strings.
    int rules = 0;
    for (std::size_t at = text.find("rule("); at != std::string::npos; at = text.find("rule(", at + 5)) {
        if (at > 0 && (std::isalnum(static_cast<unsigned char>(text[at - 1])) || text[at - 1] == '_' || text[at - 1] == ':')) continue;
        std::size_t end = at + 5;
        int depth = 1;
        for (; end < text.size() && depth > 0; ++end) {
            if (text[end] == '"') {
                for (++end; end < text.size() && text[end] != '"'; ++end)
                    if (text[end] == '\\') ++end;
            } else if (text[end] == '(') {
                ++depth;
            } else if (text[end] == ')') {
                --depth;
            }
        }
        const std::string args = text.substr(at + 5, end - at - 6);
        if (args.find("bool ok") != std::string::npos) continue;  // the definition
        if (args.find("\" + section + \"") != std::string::npos) continue;  // claim()'s rule: each claim(...) call names its section (below)
        ++rules;
        EXPECT_TRUE(std::regex_search(args, std::regex(R"(seed 004, [A-Z]|D\d+\))"))) << "a rule without its section: rule(" << args << ")";
    }
    EXPECT_GE(rules, 25);
    // Each claim held against the board (issue 32) names its section where it is called.
    int claims = 0;
    for (std::size_t at = text.find("claim(a, \""); at != std::string::npos; at = text.find("claim(a, \"", at + 9)) {
        const std::string call = text.substr(at, text.find(";", at) - at);
        ++claims;
        EXPECT_TRUE(std::regex_search(call, std::regex(R"(seed 004, [A-Z]|section)"))) << "a claim without its section: " << call;
    }
    EXPECT_GE(claims, 5);
}

// The encounter with A-british-1 put at (x, y) and F-guns-1 8 cm to its right and 14 cm before it
// (inside the gun's arc, clear of the water below the wood); the centre working.
Recorded gun_before(double x, double y) {
    json document = read_json_file(kEncounter);
    for (auto& unit : document["units"]) {
        if (unit["id"] == "F-guns-1") unit["x"] = x + 8, unit["y"] = y - 14;
        if (unit["id"] == "A-british-1") unit["x"] = x, unit["y"] = y;
    }
    auto moved = std::make_shared<const Scenario>(scenario_from_json(*gok_tables(), kGokData, document, "cover.json"));
    Recorded game(GameModel(gok_tables(), moved), 5, journal_header(*moved, 5));
    game.apply_json({{"action", "begin-turn"}, {"dice", {3, 4, 5, 2}}});
    game.apply_json({{"action", "choose"}, {"first", "france"}});
    game.apply_json({{"action", "action-points"}, {"dice", {4, 3, 2}}});
    game.apply_json({{"action", "sector"}, {"sector", "centre"}});
    return game;
}

std::string explained(const Recorded& game) {
    std::string text;
    for (const std::string& line : game.model().last_explanation()) text += line + "\n";
    return text;
}

TEST(GokOverrides, CoverIsTheBoardsAWoodGivesItAndOpenGroundDoesNot) {
    // The wood the encounter's terrain generator placed (data/scenarios/encounter-1745.json).
    const TerrainArea* wood = nullptr;
    for (const TerrainArea& piece : encounter()->terrain)
        if (piece.kind == "wood") wood = &piece;
    ASSERT_NE(wood, nullptr);
    const double x = (wood->area.x0 + wood->area.x1) / 2, y = (wood->area.y0 + wood->area.y1) / 2;
    const json fire{{"action", "fire-gun"}, {"unit", "F-guns-1"}, {"target", "A-british-1"}};
    Recorded in_wood = gun_before(x, y);
    in_wood.apply_json(fire);
    EXPECT_NE(explained(in_wood).find("cancelled on a saving throw"), std::string::npos) << explained(in_wood);
    // The same shot with the target 8 cm beyond the wood's right edge, in the open: no saving throw.
    Recorded open = gun_before(wood->area.x1 + 8, y);
    open.apply_json(fire);
    EXPECT_EQ(explained(open).find("cancelled on a saving throw"), std::string::npos) << explained(open);
}

TEST(GokOverrides, AnActionStatesNoCircumstanceTheBoardMeasures) {
    // Range, cover, rear and contact are the board's (game.cpp measures them). A claim a fire-gun may
    // state (range, cover) is held against the board (tests/game_of_kings/test_gok_measured.cpp);
    // any other is no field of it.
    Recorded game = centre_working();
    for (const char* claim : {"range_cm", "from_rear", "flank", "rear", "higher-ground", "contact", "uphill"}) {
        json action{{"action", "fire-gun"}, {"unit", "F-guns-1"}, {"target", "A-british-1"}};
        action[claim] = true;
        EXPECT_EQ(gok_refused(game, action).rfind(std::string(claim) + ": not a field", 0), 0u) << claim;
    }
}

}  // namespace
}  // namespace fortuna::game_of_kings::testing_overrides
