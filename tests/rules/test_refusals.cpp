// SPDX-License-Identifier: MIT
// Every refusal the land game can give cites its seed section and can be overruled by the umpire
// (issue 32, 2; docs/rules/enforcement.md). The refusals are walked from their list
// (fortuna/rules_of_play.hpp): one without a case here, without a section, or that an override
// does not apply, fails.
#include <gtest/gtest.h>

#include <filesystem>
#include <functional>
#include <map>
#include <regex>
#include <string>

#include "fortuna/land/game.hpp"
#include "fortuna/land/rules_of_play.hpp"
#include "test_game_support.hpp"

namespace fortuna::refusals_test {

using testing::library;
using testing::refusal;
using testing::skirmish;
using testing::to_phase;

// A game and the action its refusal answers.
struct RefusalCase {
    Game game;
    nlohmann::json action;
};

void put(Game& game, const nlohmann::json& set) {
    nlohmann::json action = set;
    action["do"] = "set";
    action["reason"] = "test: the position for a refusal";
    game.apply(action);
}

void to_phase_overruled(Game& game, const std::string& id) {
    while (game.phase().id != id) game.apply({{"do", "end-phase"}, {"override", "test: straight to the phase"}});
}

// The skirmish (dice edition): French at the bottom edge facing up, first to move; I-I1 put 20 mm in
// front of F-I1 when `close` (docs: tests/rules/test_rules_of_play.cpp).
Game skirmish_game(bool close = false) {
    Game game(library(), skirmish(), 1);
    if (close) put(game, {{"unit", "I-I1"}, {"to", {600, 930}}});
    return game;
}

// I-I1 put 200 mm before the French battery F-A1 (730, 900), within its bands; phase b.
Game battery_game() {
    Game game = skirmish_game();
    put(game, {{"unit", "I-I1"}, {"to", {730, 700}}});
    return game;
}

const Scenario& white_mountain_scenario() {
    static const Scenario loaded = load_scenario(library(), "white-mountain-1620");
    return loaded;
}

// White Mountain: CL-C1 touching the front of B-I2 (tests/rules/test_measured_circumstances.cpp).
Game cuirassiers_at_the_front() {
    Game game(library(), white_mountain_scenario(), 1620);
    put(game, {{"unit", "CL-C1"}, {"to", {440, 389.5}}});
    to_phase(game, "d");
    return game;
}
nlohmann::json cuirassier_attack(const char* claim, const nlohmann::json& value) {
    return {{"do", "combat"}, {"attacker", "CL-C1"}, {"defender", "B-I2"}, {claim, value}, {"roll", 0.5}};
}

std::map<Refusal, std::function<RefusalCase()>> cases() {
    std::map<Refusal, std::function<RefusalCase()>> c;
    c[Refusal::WrongPhase] = [] {
        return RefusalCase{skirmish_game(true), {{"do", "combat"}, {"attacker", "F-I1"}, {"defender", "I-I1"}, {"roll", 3}}};
    };
    c[Refusal::NotPhasingAttack] = [] {
        Game game = skirmish_game(true);
        to_phase_overruled(game, "d");
        return RefusalCase{std::move(game), {{"do", "combat"}, {"attacker", "I-I1"}, {"defender", "F-I1"}, {"roll", 3}}};
    };
    c[Refusal::NotPhasingFire] = [] {
        Game game = skirmish_game();
        put(game, {{"unit", "I-A1"}, {"to", {600, 800}}});
        to_phase_overruled(game, "b");
        return RefusalCase{std::move(game), {{"do", "artillery"}, {"battery", "I-A1"}, {"target", "F-I1"}, {"roll", 3}}};
    };
    c[Refusal::NotPhasingMove] = [] {
        Game game = skirmish_game();
        to_phase_overruled(game, "c");
        return RefusalCase{std::move(game), {{"do", "move"}, {"unit", "I-I2"}, {"to", {900, 320}}}};
    };
    c[Refusal::NotPhasingFormation] = [] {
        Game game = skirmish_game();
        to_phase_overruled(game, "c");
        return RefusalCase{std::move(game), {{"do", "formation"}, {"unit", "I-I2"}, {"to", "line"}}};
    };
    c[Refusal::NotPhasingRout] = [] {
        Game game = skirmish_game();
        put(game, {{"unit", "I-I2"}, {"state", "routing"}});
        to_phase_overruled(game, "c");
        return RefusalCase{std::move(game), {{"do", "rout"}, {"unit", "I-I2"}}};
    };
    c[Refusal::NotPhasingRally] = [] {
        Game game = skirmish_game();
        put(game, {{"unit", "I-I2"}, {"state", "disrupted"}});
        return RefusalCase{std::move(game), {{"do", "rally"}, {"unit", "I-I2"}, {"roll", 6}}};
    };
    c[Refusal::OpenDuties] = [] {
        Game game = skirmish_game();
        put(game, {{"unit", "F-I2"}, {"state", "disrupted"}});
        return RefusalCase{std::move(game), {{"do", "end-phase"}}};
    };
    c[Refusal::MoveAllowance] = [] {
        Game game = skirmish_game();
        to_phase_overruled(game, "c");
        return RefusalCase{std::move(game), {{"do", "move"}, {"unit", "F-I1"}, {"to", {600, 800}}}};
    };
    c[Refusal::MoveMeets] = [] {
        Game game = skirmish_game(true);
        to_phase_overruled(game, "c");
        return RefusalCase{std::move(game), {{"do", "move"}, {"unit", "F-I1"}, {"to", {600, 935}}}};
    };
    c[Refusal::PursuerCloses] = [] {
        // F-I1 routs I-I1 and fails its control test: it pursues (tests/rules/test_control.cpp).
        Game game = skirmish_game();
        put(game, {{"unit", "I-I1"}, {"to", {600, 930}}, {"state", "disrupted"}});
        to_phase_overruled(game, "d");
        game.apply({{"do", "combat"}, {"attacker", "F-I1"}, {"defender", "I-I1"}, {"roll", 6}});
        game.apply({{"do", "control"}, {"unit", "F-I1"}, {"roll", 1}});
        while (game.phasing_side() != 0 || game.phase().id != "c") game.apply({{"do", "end-phase"}, {"override", "test"}});
        return RefusalCase{std::move(game), {{"do", "move"}, {"unit", "F-I1"}, {"to", {600, 990}}}};
    };
    c[Refusal::RoutShort] = [] {
        Game game = skirmish_game();
        put(game, {{"unit", "F-I1"}, {"to", {600, 500}}, {"state", "routing"}});
        to_phase_overruled(game, "c");
        return RefusalCase{std::move(game), {{"do", "rout"}, {"unit", "F-I1"}, {"off_board", true}}};
    };
    c[Refusal::Table4Forbids] = [] {
        Game game = skirmish_game();
        to_phase_overruled(game, "c");
        return RefusalCase{std::move(game), {{"do", "formation"}, {"unit", "F-C1"}, {"to", "square"}}};
    };
    c[Refusal::SquareStands] = [] {
        Game game = skirmish_game();
        put(game, {{"unit", "F-I1"}, {"formation", "square"}});
        to_phase_overruled(game, "c");
        return RefusalCase{std::move(game), {{"do", "move"}, {"unit", "F-I1"}, {"to", {600, 940}}}};
    };
    c[Refusal::ChargeLockout] = [] {
        Game game = skirmish_game();
        put(game, {{"unit", "F-C1"}, {"last_charge_turn", 1}});
        to_phase_overruled(game, "c");
        return RefusalCase{std::move(game), {{"do", "charge"}, {"unit", "F-C1"}, {"to", {1050, 990}}}};
    };
    c[Refusal::ArtilleryCharges] = [] {
        Game game = skirmish_game();
        to_phase_overruled(game, "c");
        return RefusalCase{std::move(game), {{"do", "charge"}, {"unit", "F-A1"}, {"to", {730, 895}}}};
    };
    c[Refusal::GeneralUnhorsed] = [] {
        Game game = skirmish_game();
        put(game, {{"general", "F-G1"}, {"condition", "unhorsed"}});
        to_phase_overruled(game, "c");
        return RefusalCase{std::move(game), {{"do", "move"}, {"general", "F-G1"}, {"to", {700, 980}}}};
    };
    c[Refusal::InPersonDistance] = [] {
        Game game = skirmish_game();
        to_phase_overruled(game, "c");
        return RefusalCase{std::move(game), {{"do", "order"}, {"general", "F-G1"}, {"to", "F-C1"}, {"order", "advance"}, {"in_person", true}}};
    };
    c[Refusal::MessengerEarly] = [] {
        Game game = skirmish_game();
        to_phase_overruled(game, "c");
        game.apply({{"do", "order"}, {"general", "F-G1"}, {"to", "F-C1"}, {"order", "advance"}, {"distance_mm", 900}});
        return RefusalCase{std::move(game), {{"do", "deliver"}, {"messenger", 1}, {"roll", 6}}};
    };
    c[Refusal::ReinforcementsEarly] = [] {
        Game game = skirmish_game();
        to_phase_overruled(game, "c");
        return RefusalCase{std::move(game), {{"do", "reinforcements"}, {"id", "dragoons-lobkowitz"}}};
    };
    c[Refusal::CombatReach] = [] {
        Game game = skirmish_game();
        to_phase_overruled(game, "d");
        return RefusalCase{std::move(game), {{"do", "combat"}, {"attacker", "F-I1"}, {"defender", "I-I1"}, {"roll", 3}}};
    };
    c[Refusal::CombatOnce] = [] {
        Game game = skirmish_game(true);
        to_phase_overruled(game, "d");
        game.apply({{"do", "combat"}, {"attacker", "F-I1"}, {"defender", "I-I1"}, {"roll", 3}});
        return RefusalCase{std::move(game), {{"do", "combat"}, {"attacker", "F-I1"}, {"defender", "I-I1"}, {"roll", 4}}};
    };
    c[Refusal::ChargeBonusUnearned] = [] {
        // Rules 4 (before the charge was measured): its line is replayed under its own rules, so
        // the case is a rules 4 journal whose last line claims a charge F-I1 did not make.
        Game game = skirmish_game(true);
        to_phase_overruled(game, "d");
        return RefusalCase{std::move(game), {{"do", "combat"}, {"attacker", "F-I1"}, {"defender", "I-I1"}, {"charge", true}, {"roll", 3}}};
    };
    c[Refusal::ClaimAspect] = [] { return RefusalCase{cuirassiers_at_the_front(), cuirassier_attack("rear", true)}; };
    c[Refusal::ClaimArms] = [] { return RefusalCase{cuirassiers_at_the_front(), cuirassier_attack("arms", 3)}; };
    c[Refusal::ClaimCharge] = [] { return RefusalCase{cuirassiers_at_the_front(), cuirassier_attack("charge", true)}; };
    c[Refusal::ClaimTerrain] = [] { return RefusalCase{cuirassiers_at_the_front(), cuirassier_attack("terrain", "attacker")}; };
    c[Refusal::ClaimObstacle] = [] { return RefusalCase{cuirassiers_at_the_front(), cuirassier_attack("obstacle", true)}; };
    c[Refusal::FireOnce] = [] {
        Game game = battery_game();
        to_phase_overruled(game, "b");
        game.apply({{"do", "artillery"}, {"battery", "F-A1"}, {"target", "I-I1"}, {"roll", 1}});
        return RefusalCase{std::move(game), {{"do", "artillery"}, {"battery", "F-A1"}, {"target", "I-I1"}, {"roll", 1}}};
    };
    c[Refusal::FireUnseen] = [] {
        // Kleinfeld (a village, 690-810 x 560-660) stands between the battery and the target.
        Game game = skirmish_game();
        put(game, {{"unit", "I-I2"}, {"to", {750, 480}}});
        to_phase_overruled(game, "b");
        return RefusalCase{std::move(game), {{"do", "artillery"}, {"battery", "F-A1"}, {"target", "I-I2"}, {"roll", 1}}};
    };
    c[Refusal::FireLimbered] = [] {
        Game game = battery_game();
        put(game, {{"unit", "F-A1"}, {"guns", "limbered"}});
        to_phase_overruled(game, "b");
        return RefusalCase{std::move(game), {{"do", "artillery"}, {"battery", "F-A1"}, {"target", "I-I1"}, {"roll", 1}}};
    };
    c[Refusal::FireDisordered] = [] {
        Game game = battery_game();
        put(game, {{"unit", "F-A1"}, {"state", "disrupted"}});
        to_phase_overruled(game, "b");
        return RefusalCase{std::move(game), {{"do", "artillery"}, {"battery", "F-A1"}, {"target", "I-I1"}, {"roll", 1}}};
    };
    c[Refusal::ClaimRange] = [] {
        Game game = battery_game();
        to_phase_overruled(game, "b");
        return RefusalCase{std::move(game), {{"do", "artillery"}, {"battery", "F-A1"}, {"target", "I-I1"}, {"range_mm", 10}, {"roll", 1}}};
    };
    c[Refusal::LimberAfterFire] = [] {
        Game game = battery_game();
        to_phase_overruled(game, "b");
        game.apply({{"do", "artillery"}, {"battery", "F-A1"}, {"target", "I-I1"}, {"roll", 1}});
        to_phase_overruled(game, "c");
        return RefusalCase{std::move(game), {{"do", "formation"}, {"unit", "F-A1"}, {"guns", "limbered"}}};
    };
    c[Refusal::BasesBeyondStart] = [] {
        return RefusalCase{skirmish_game(), {{"do", "set"}, {"unit", "F-I1"}, {"bases", 99}}};
    };
    return c;
}

// Applies the case's action, replayed as a line of `rules` when the refusal belongs to an older
// rules version (the charge bonus without a charge move, rules 2-4).
std::string refused_words(RefusalCase& rc, Refusal id, const nlohmann::json& action) {
    if (id != Refusal::ChargeBonusUnearned) return refusal(rc.game, action);
    std::vector<nlohmann::json> lines = rc.game.journal();
    nlohmann::json overruled = action;
    overruled["override"] = "test: to write the line";
    Game scratch = Game::replay(library(), skirmish(), 1, lines);
    scratch.apply(overruled);
    nlohmann::json line = scratch.journal().back();
    line["rules"] = 4;
    line["input"] = action;
    line.erase("overruled");
    lines.push_back(line);
    try {
        (void)Game::replay(library(), skirmish(), 1, lines);
    } catch (const std::exception& error) {
        return error.what();
    }
    return "applied";
}

TEST(Refusals, EveryRefusalIsListedWithItsFamilyAndASeedSection) {
    const std::regex section(R"(^(seed 00[0-4], [^:]+|errata E\d+): .+)");
    for (int i = 0; i < kRefusalCount; ++i) {
        const RefusalRule& rule = refusal_rule(static_cast<Refusal>(i));
        EXPECT_EQ(static_cast<int>(rule.id), i);
        EXPECT_TRUE(std::regex_match(std::string(rule.section), section)) << rule.key << ": " << rule.section;
        EXPECT_TRUE(rule.family == "sequence" || rule.family == "movement" || rule.family == "combat" || rule.family == "fire" ||
                    rule.family == "umpire")
            << rule.key << ": " << rule.family;
    }
}

TEST(Refusals, EveryRefusalCitesItsSectionAndTheUmpireOverrulesIt) {
    auto all = cases();
    for (int i = 0; i < kRefusalCount; ++i) {
        const Refusal id = static_cast<Refusal>(i);
        const RefusalRule& rule = refusal_rule(id);
        SCOPED_TRACE(std::string(rule.key));
        const auto it = all.find(id);
        ASSERT_NE(it, all.end()) << "no case walks the refusal '" << rule.key << "': add one to tests/rules/test_refusals.cpp";
        const std::string section(rule.section);

        // Refused, citing the section and saying how to overrule.
        RefusalCase refused = it->second();
        const std::string words = refused_words(refused, id, refused.action);
        EXPECT_NE(words.find("(" + section + ")"), std::string::npos) << words;
        EXPECT_NE(words.find("the umpire overrules with a reason"), std::string::npos) << words;

        // A player's override is no umpire's.
        if (id != Refusal::ChargeBonusUnearned) {
            RefusalCase player = it->second();
            nlohmann::json by_player = player.action;
            by_player["override"] = "my phone says so";
            by_player["by"] = "french";
            const std::string theirs = refusal(player.game, by_player);
            EXPECT_NE(theirs.find("only the umpire overrules"), std::string::npos) << theirs;
        }

        // The umpire's reason applies it; the journal keeps the rule and the reason.
        RefusalCase overruled = it->second();
        nlohmann::json with_reason = overruled.action;
        const std::string reason = "test: the umpire's call on " + std::string(rule.key);
        with_reason["override"] = reason;
        if (id == Refusal::ChargeBonusUnearned) {
            EXPECT_EQ(refused_words(overruled, id, with_reason), "applied");
            continue;
        }
        ASSERT_EQ(refusal(overruled.game, with_reason), "applied");
        const AppliedAction& done = overruled.game.history().back();
        bool kept = false;
        for (const std::string& line : done.overruled)
            kept = kept || (line.find(section) != std::string::npos && line.find("overruled by the umpire: " + reason) != std::string::npos);
        EXPECT_TRUE(kept) << nlohmann::json(done.overruled).dump();
        EXPECT_TRUE(overruled.game.journal().back().contains("overruled"));

        // Its family switched off, the rule advises (a correction beyond the possible always asks).
        if (rule.family != "umpire") {
            RefusalCase advised = it->second();
            advised.game.apply({{"do", "enforce"}, {"family", std::string(rule.family)}, {"on", false}});
            EXPECT_EQ(refusal(advised.game, advised.action), "applied");
        }
    }
}

TEST(Refusals, EveryStopInTheActionsIsARefusalAMalformedFieldOrNothingToApply) {
    // A rule refused with a bare RuleError would have no section and no override: the actions stop
    // only through require (a refusal), fail (a malformed field) or impossible (nothing to apply).
    const std::filesystem::path rules = std::filesystem::path(FORTUNA_TEST_DATA_DIR) / ".." / "src" / "rules" / "land";
    int files = 0;
    for (const auto& entry : std::filesystem::directory_iterator(rules)) {
        const std::string name = entry.path().filename().string();
        if (name.rfind("actions_", 0) != 0 || entry.path().extension() != ".cpp") continue;
        ++files;
        const std::string text = testing::read_text(entry.path());
        EXPECT_EQ(text.find("throw RuleError"), std::string::npos) << name << " refuses without the list of refusals";
        EXPECT_EQ(text.find("require(false, \""), std::string::npos) << name;
    }
    EXPECT_GE(files, 5);
}

}  // namespace fortuna::refusals_test
