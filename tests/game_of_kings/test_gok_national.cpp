// SPDX-License-Identifier: MIT
// National characteristics as scenario data (seed 004, NATIONAL/ARMY CHARACTERISTICS: "Decide these
// on a battle-by-battle basis"; decision D44): a side carries them, the reader refuses one that
// names a unit it cannot apply to, and the rules apply them from the scenario (a musketry die's
// modifier, a melee's score to hit), measured, never claimed by an action.
#include <gtest/gtest.h>

#include <filesystem>
#include <string>

#include "fortuna/core/errors.hpp"
#include "fortuna/game_of_kings/session.hpp"
#include "fortuna/seam/library.hpp"

namespace fortuna::game_of_kings::testing_national {
namespace {

namespace fs = std::filesystem;
using nlohmann::json;

const fs::path kNationalData = FORTUNA_TEST_DATA_DIR;

std::shared_ptr<const Tables> national_tables() {
    static const auto loaded = std::make_shared<const Tables>(load_tables(kNationalData));
    return loaded;
}
json national_document(const char* id) { return read_json_file(kNationalData / "scenarios" / (std::string(id) + ".json")); }
std::shared_ptr<const Scenario> national_scenario(const json& document) {
    return std::make_shared<const Scenario>(scenario_from_json(*national_tables(), kNationalData, document, "edited.json"));
}
std::string national_refusal(const json& document) {
    try {
        validate_against_schema(document, "game-of-kings-scenario", "edited.json", kNationalData);
        (void)scenario_from_json(*national_tables(), kNationalData, document, "edited.json");
    } catch (const DataError& error) {
        return error.where() + " | " + error.expected();
    }
    return "";
}
const UnitSpec& national_unit(const Scenario& s, const std::string& id) {
    for (const auto& u : s.units)
        if (u.id == id) return u;
    throw std::runtime_error("no unit " + id);
}

// The encounter with A-british-1 brought 5 cm before F-line-1 (in arc, in sight), and `allies` as the
// Allies' characteristics.
json national_close_encounter(const json& allies) {
    json d = national_document("encounter-1745");
    for (auto& u : d["units"])
        if (u["id"] == "A-british-1") {
            u["x"] = 70;
            u["y"] = 12;
        }
    d["sides"][1]["characteristics"] = allies;
    return d;
}

// The Allies go first; their centre fires A-british-1 at F-line-1 with the pool typed as `faces`.
json national_volley(const json& document, const std::vector<int>& faces) {
    Recorded game(GameModel(national_tables(), national_scenario(document)), 7, journal_header(*national_scenario(document), 7));
    game.apply_json({{"action", "begin-turn"}, {"dice", {3, 4, 5, 2}}});
    game.apply_json({{"action", "choose"}, {"first", "allies"}});
    game.apply_json({{"action", "action-points"}, {"dice", {5, 3, 3}}});
    game.apply_json({{"action", "sector"}, {"sector", "centre"}});
    const json fire{{"action", "fire"}, {"unit", "A-british-1"}, {"target", "F-line-1"}, {"roll", faces}};
    json out;
    json bare = fire;
    bare.erase("roll");
    for (const auto& [outcome, p] : game.model().foresee(GameModel::decode(bare)).odds)
        out["preview"][outcome] = static_cast<double>(p.numerator) / static_cast<double>(p.denominator);
    out["line"] = game.apply_json(fire);
    out["explanation"] = game.model().last_explanation();
    out["effectiveness"] = game.model().to_json()["units"][static_cast<std::size_t>(game.model().unit_index("F-line-1"))]["effectiveness"];
    return out;
}

TEST(GokNational, FontenoyGivesTheBritishFootTheirPlatoonFire) {
    const auto fontenoy = national_scenario(national_document("fontenoy-1745"));
    ASSERT_EQ(fontenoy->sides[1].characteristics.size(), 1u);
    EXPECT_EQ(fontenoy->sides[1].characteristics[0].id, "british-platoon-fire");
    EXPECT_TRUE(fontenoy->sides[0].characteristics.empty());  // decided: none for the French (D44)
    for (const char* id : {"A-ingoldsby", "A-guards", "A-british-1", "A-british-2"}) EXPECT_EQ(national_unit(*fontenoy, id).musketry_national, 1) << id;
    for (const char* id : {"A-hanover-1", "A-dutch-1", "F-gardes-francaises", "F-irish"}) EXPECT_EQ(national_unit(*fontenoy, id).musketry_national, 0) << id;
    // The encounter never happened: no battle to decide them from, none (D44).
    const auto encounter = national_scenario(national_document("encounter-1745"));
    for (const auto& u : encounter->units) {
        EXPECT_EQ(u.musketry_national, 0) << u.id;
        EXPECT_FALSE(u.melee_hit_on) << u.id;
    }
}

TEST(GokNational, AMusketryCharacteristicAddsToEveryDieOfTheVolley) {
    // Four 3s: hit on 4 in firing order, so none without the characteristic and four with +1.
    const json plain = national_volley(national_close_encounter(json::array()), {3, 3, 3, 3});
    const json drilled = national_volley(national_close_encounter(json::array({json{{"id", "drilled"},
                                                                                     {"applies_to", {"A-british-1"}},
                                                                                     {"musketry_modifier", 1},
                                                                                     {"source", "a test"},
                                                                                     {"basis", "a test of decision D44"}}})),
                                         {3, 3, 3, 3});
    EXPECT_EQ(plain["effectiveness"], 100);
    EXPECT_EQ(drilled["effectiveness"], 0);
    EXPECT_NE(drilled["line"]["summary"].get<std::string>().find("4 hits"), std::string::npos) << drilled["line"].dump();
    bool named = false;
    for (const auto& step : drilled["explanation"]) named = named || step.get<std::string>().find("national characteristic") != std::string::npos;
    EXPECT_TRUE(named) << drilled["explanation"].dump();
    // The odds before the roll know it too: four hits with (2/3)^4 instead of (1/2)^4.
    EXPECT_NEAR(plain["preview"]["hits: 4"].get<double>(), 1.0 / 16, 1e-9);
    EXPECT_NEAR(drilled["preview"]["hits: 4"].get<double>(), 16.0 / 81, 1e-9);
}

TEST(GokNational, AMeleeCharacteristicChangesTheScoreToHitOnTheBoardsOwnRequest) {
    json d = national_document("encounter-1745");
    d["sides"][0]["characteristics"] = json::array({json{{"id", "mollwitz-like-horse"},
                                                          {"applies_to", {"F-cavalerie"}},
                                                          {"melee_hit_on", 5},
                                                          {"source", "seed 004, NATIONAL/ARMY CHARACTERISTICS"},
                                                          {"basis", "'Prussian horse in melees inflicted a hit on a throw of 5-6'"}}});
    const GameModel model(national_tables(), national_scenario(d));
    Contact contact;
    contact.attacker = model.unit_index("F-cavalerie");
    contact.defender = model.unit_index("A-british-horse");
    const MeleeRequest request = model.melee_request(contact);
    ASSERT_TRUE(request.attacker.hit_on);
    EXPECT_EQ(*request.attacker.hit_on, 5);
    EXPECT_FALSE(request.defender.hit_on);
    const MeleeSetup setup = model.melee_setup(contact);
    EXPECT_EQ(setup.attacker.hit_on, 5);
    EXPECT_EQ(setup.defender.hit_on, 4);
}

TEST(GokNational, ACharacteristicThatCannotApplyIsRefusedNamingIt) {
    const auto with = [](int side, const json& characteristic) {
        json d = national_document("encounter-1745");
        d["sides"][static_cast<std::size_t>(side)]["characteristics"] = json::array({characteristic});
        return national_refusal(d);
    };
    const json base{{"id", "x"}, {"applies_to", {"A-british-1"}}, {"musketry_modifier", 1}, {"source", "a test"}, {"basis", "a test of D44's checks"}};
    EXPECT_EQ(with(1, base), "");
    // A unit of the other side.
    EXPECT_EQ(with(0, base).rfind("/sides/0/characteristics/0/applies_to/0 | a unit of this side", 0), 0u) << with(0, base);
    // Musketry for horse, who fire only dismounted (D14).
    json horse = base;
    horse["applies_to"] = {"A-british-horse"};
    EXPECT_NE(with(1, horse).find("fires muskets"), std::string::npos) << with(1, horse);
    // Neither kind, or no basis: the schema's and the reader's refusals name the field.
    json neither = base;
    neither["musketry_modifier"] = 0;
    EXPECT_NE(with(1, neither).find("/sides/1/characteristics/0"), std::string::npos) << with(1, neither);
    json bare = base;
    bare.erase("basis");
    EXPECT_NE(with(1, bare).find("/sides/1/characteristics/0"), std::string::npos) << with(1, bare);
    json beyond = base;
    beyond["melee_hit_on"] = 7;
    EXPECT_NE(with(1, beyond).find("melee_hit_on"), std::string::npos) << with(1, beyond);
}

}  // namespace
}  // namespace fortuna::game_of_kings::testing_national
