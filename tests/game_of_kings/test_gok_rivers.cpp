// SPDX-License-Identifier: MIT
// Rivers and their banks (seed 004, MELEES: "defending a river bank"; RANDOM TERRAIN GENERATOR:
// "stream, river"; MOVEMENT: "ordered ... to line a river bank"; decision D27): a historic battle
// places a river and its crossings (bridges, fords); a move crosses only at a crossing; a charge
// that came across the river gives the defender the river-bank die, measured at the charge, for as
// long as the contact lasts.
#include <gtest/gtest.h>

#include <filesystem>
#include <string>

#include "fortuna/core/errors.hpp"
#include "fortuna/game_of_kings/session.hpp"
#include "fortuna/seam/library.hpp"

namespace fortuna::game_of_kings::testing_rivers {
namespace {

namespace fs = std::filesystem;
using nlohmann::json;

const fs::path kRiverData = FORTUNA_TEST_DATA_DIR;

std::shared_ptr<const Tables> river_tables() {
    static const auto loaded = std::make_shared<const Tables>(load_tables(kRiverData));
    return loaded;
}

// The encounter on placed ground: a brook across the left of the table (y 19-21) with a bridge at
// x 20-24; the French Dragons on its near bank, the British dragoons and horse beyond it.
json river_document() {
    json d = read_json_file(kRiverData / "scenarios" / "encounter-1745.json");
    d["historic"] = true;
    d["terrain"] = json{{"pieces", "a brook and its bridge, for the test"},
                        {"placed", json::array({json{{"name", "the Test Brook"}, {"kind", "river"}, {"rect_cm", {0, 19, 60, 21}}, {"source", "a test"}},
                                                json{{"name", "the mill bridge"}, {"kind", "crossing"}, {"rect_cm", {20, 17, 24, 23}}, {"source", "a test"}}})}};
    for (auto& u : d["units"]) {
        if (u["id"] == "F-dragons-1") u["y"] = 15;
        if (u["id"] == "A-british-dragoons") u["y"] = 26;
        if (u["id"] == "A-british-horse") {
            u["x"] = 40;
            u["y"] = 26;
        }
    }
    return d;
}
std::string river_check(const json& document) {
    try {
        validate_against_schema(document, "game-of-kings-scenario", "edited.json", kRiverData);
        (void)scenario_from_json(*river_tables(), kRiverData, document, "edited.json");
    } catch (const DataError& error) {
        return error.where() + " | " + error.expected();
    }
    return "";
}

TEST(GokRivers, ARiverIsCrossedAtItsBridgeAndItsBankIsDefended) {
    const json document = river_document();
    ASSERT_EQ(river_check(document), "");
    const auto scenario = std::make_shared<const Scenario>(scenario_from_json(*river_tables(), kRiverData, document, "edited.json"));
    Recorded game(GameModel(river_tables(), scenario), 3, journal_header(*scenario, 3));
    game.apply_json({{"action", "begin-turn"}, {"dice", {3, 4, 5, 2}}});
    game.apply_json({{"action", "choose"}, {"first", "allies"}});
    game.apply_json({{"action", "action-points"}, {"dice", {5, 3, 3}}});
    game.apply_json({{"action", "sector"}, {"sector", "right"}});
    // Off the bridge the brook stops a move, refused before any die.
    std::string refused;
    try {
        game.apply_json({{"action", "move"}, {"unit", "A-british-horse"}, {"to", {40, 17.5}}});
    } catch (const RuleError& error) {
        refused = error.what();
    }
    EXPECT_NE(refused.find("crossed only at a crossing"), std::string::npos) << refused;
    EXPECT_EQ(game.model().state().turn.points[2], 3);
    // Over the bridge the dragoons charge the French Dragons on the near bank (7 cm, no Variation).
    game.apply_json({{"action", "charge"}, {"unit", "A-british-dragoons"}, {"target", "F-dragons-1"}});
    ASSERT_EQ(game.model().state().contacts.size(), 1u);
    const Contact contact = game.model().state().contacts.back();
    EXPECT_TRUE(contact.across_river);
    bool said = false;
    for (const auto& step : game.model().last_explanation()) said = said || step.find("defends its bank") != std::string::npos;
    EXPECT_TRUE(said);
    // The defender's die for the bank: one more a 25 % step (MELEES): its matrix dice and 4 more.
    const MeleeRequest request = game.model().melee_request(contact);
    EXPECT_EQ(request.defender.bonuses.count("river"), 1u);
    EXPECT_EQ(request.attacker.bonuses.count("river"), 0u);
    const MeleeSetup setup = game.model().melee_setup(contact);
    EXPECT_EQ(setup.defender.pool.dice, 8);  // medium horse against medium horse: 1 a step, and the bank's 1 a step
    EXPECT_EQ(setup.attacker.pool.dice, 4);
    // Without the river the same charge gives no bank.
    json dry = river_document();
    dry["terrain"]["placed"] = json::array();
    const auto plain = std::make_shared<const Scenario>(scenario_from_json(*river_tables(), kRiverData, dry, "edited.json"));
    Recorded other(GameModel(river_tables(), plain), 3, journal_header(*plain, 3));
    other.apply_json({{"action", "begin-turn"}, {"dice", {3, 4, 5, 2}}});
    other.apply_json({{"action", "choose"}, {"first", "allies"}});
    other.apply_json({{"action", "action-points"}, {"dice", {5, 3, 3}}});
    other.apply_json({{"action", "sector"}, {"sector", "right"}});
    other.apply_json({{"action", "charge"}, {"unit", "A-british-dragoons"}, {"target", "F-dragons-1"}});
    EXPECT_FALSE(other.model().state().contacts.back().across_river);
    EXPECT_EQ(other.model().melee_setup(other.model().state().contacts.back()).defender.pool.dice, 4);
}

TEST(GokRivers, AUnitInARiverOrABridgeOverNothingIsRefused) {
    json wet = river_document();
    for (auto& u : wet["units"])
        if (u["id"] == "A-british-horse") u["y"] = 20;
    EXPECT_NE(river_check(wet).find("/units/"), std::string::npos) << river_check(wet);
    EXPECT_NE(river_check(wet).find("river"), std::string::npos) << river_check(wet);
    json nowhere = river_document();
    nowhere["terrain"]["placed"][1]["rect_cm"] = {100, 30, 104, 36};
    EXPECT_EQ(river_check(nowhere).rfind("/terrain/placed/1/rect_cm | a crossing over a river", 0), 0u) << river_check(nowhere);
}

}  // namespace
}  // namespace fortuna::game_of_kings::testing_rivers
