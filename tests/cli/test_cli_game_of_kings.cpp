// SPDX-License-Identifier: MIT
// fortuna-cli game-of-kings: issue 29's contract (keys and options), exact odds, typed and seeded
// throws, and refusals of bad input naming the option and what was expected.
#include <gtest/gtest.h>

#include <cmath>
#include <string>

#include "cli_runner.hpp"

namespace fortuna::testing::game_of_kings_cli {
namespace {

using nlohmann::json;

double sum_of(const json& chances) {
    double total = 0;
    for (const auto& [key, p] : chances.items()) total += p.get<double>();
    return total;
}

void expect_refused(const std::string& arguments, const std::string& words) {
    const CliRun run = run_cli(arguments);
    EXPECT_TRUE(run.code == 1 || run.code == 2) << arguments << "\n" << run.out;
    EXPECT_NE(run.out.find(words), std::string::npos) << arguments << "\n" << run.out;
}

TEST(CliGameOfKings, MeleePreviewGivesBothSidesDiceHalfDiceAndHits) {
    const CliRun run = run_cli("--json game-of-kings melee --attacker lancers --defender foot --attacker-effectiveness 75 "
                               "--defender-effectiveness 100 --defender-order firing --preview");
    ASSERT_EQ(run.code, 0) << run.out;
    const json doc = first_json(run.out);
    EXPECT_EQ(doc["attacker"]["dice"], 4);
    EXPECT_EQ(doc["attacker"]["half_dice"], 1);
    EXPECT_EQ(doc["defender"]["dice"], 4);
    EXPECT_EQ(doc["defender"]["half_dice"], 0);
    // 4 1/2 dice on 4+: P(5 hits) = 1/2 x 1/32; 4 dice: P(0) = 1/16.
    EXPECT_DOUBLE_EQ(doc["attacker"]["hits"]["5"].get<double>(), 1.0 / 64);
    EXPECT_DOUBLE_EQ(doc["defender"]["hits"]["0"].get<double>(), 1.0 / 16);
    EXPECT_NEAR(sum_of(doc["attacker"]["hits"]), 1.0, 1e-12);
    EXPECT_NEAR(doc["attacker_loses"].get<double>() + doc["defender_loses"].get<double>() + doc["neither_loses"].get<double>(), 1.0,
                1e-12);
}

TEST(CliGameOfKings, MeleeBonusesRearAndOrder) {
    const json doc = first_json(run_cli("--json game-of-kings melee --attacker heavy-cavalry --defender foot --defender-order other "
                                        "--attacker-bonus flank,higher-ground --defender-effectiveness 50 --from-rear --preview")
                                    .out);
    EXPECT_EQ(doc["attacker"]["dice"], 12 + 8);   // 3 a step (Inf (oth)) + 2 bonuses a step, 4 steps
    EXPECT_EQ(doc["defender"]["dice"], 1);        // 2 dice halved
    EXPECT_EQ(doc["defender"]["half_dice"], 0);
    const json town = first_json(
        run_cli("--json game-of-kings melee --attacker medium-cavalry --defender foot --defender-bonus town,river --preview").out);
    EXPECT_EQ(town["attacker"]["dice"], 4);  // Inf (ff): 1 a step
    EXPECT_EQ(town["defender"]["dice"], 12);
}

TEST(CliGameOfKings, MeleeTypedAndSeededThrows) {
    const CliRun typed = run_cli("--json game-of-kings melee --attacker lancers --defender foot --attacker-effectiveness 75 "
                                 "--attacker-dice 5,6,1,4,4,2 --defender-dice 1,2,3,6");
    ASSERT_EQ(typed.code, 0) << typed.out;
    const json doc = first_json(typed.out);
    EXPECT_EQ(doc["throw"]["attacker"]["hits"], 3);
    EXPECT_EQ(doc["throw"]["defender"]["hits"], 1);
    EXPECT_EQ(doc["throw"]["loser"], "defender");
    EXPECT_EQ(doc["throw"]["defender_effectiveness_after"], 25);
    const std::string seeded = "--json game-of-kings melee --attacker heavy-cavalry --defender light-cavalry --seed 1745";
    EXPECT_EQ(first_json(run_cli(seeded).out)["throw"], first_json(run_cli(seeded).out)["throw"]);
    const CliRun words = run_cli("game-of-kings melee --attacker lancers --defender foot --attacker-effectiveness 75 "
                                 "--attacker-dice 5,6,1,4,4,2 --defender-dice 1,2,3,6");
    EXPECT_NE(words.out.find("the defender loses the melee"), std::string::npos) << words.out;
    EXPECT_NE(words.out.find("half die: 5"), std::string::npos) << words.out;
}

TEST(CliGameOfKings, MusketryContract) {
    const json doc = first_json(run_cli("--json game-of-kings musketry --firer foot --effectiveness 100 --range 8 --preview").out);
    EXPECT_EQ(doc["dice"], 4);
    EXPECT_EQ(doc["hit_on"], 4);
    EXPECT_DOUBLE_EQ(doc["hits"]["4"].get<double>(), 1.0 / 16);
    const json wet = first_json(run_cli("--json game-of-kings musketry --firer foot --effectiveness 50 --range 4 --moved --column "
                                        "--disorganised --weather light-rain --preview")
                                    .out);
    EXPECT_EQ(wet["dice"], 2);
    EXPECT_EQ(wet["modifier"], -2);  // one -1 for moved/column/disorganised, -1 light rain
    EXPECT_DOUBLE_EQ(wet["hits"]["0"].get<double>(), 25.0 / 36);
    const json light = first_json(run_cli("--json game-of-kings musketry --firer light-foot --effectiveness 25 --range 2 --preview").out);
    EXPECT_EQ(light["hit_on"], 5);
    EXPECT_DOUBLE_EQ(light["hits"]["1"].get<double>(), 1.0 / 3);
}

TEST(CliGameOfKings, ArtilleryContract) {
    const json doc = first_json(
        run_cli("--json game-of-kings artillery --shot canister --effectiveness 100 --target foot --range 6 --preview").out);
    EXPECT_DOUBLE_EQ(doc["potential_hits"]["0"].get<double>(), 1.0 / 12);
    EXPECT_DOUBLE_EQ(doc["potential_hits"]["3"].get<double>(), 1.0 / 4);
    EXPECT_NEAR(sum_of(doc["hits"]), 1.0, 1e-12);
    const json gun = first_json(
        run_cli("--json game-of-kings artillery --shot roundshot --effectiveness 50 --target gun --range 20 --preview").out);
    EXPECT_DOUBLE_EQ(gun["potential_hits"]["1"].get<double>(), 5.0 / 12);
    EXPECT_DOUBLE_EQ(gun["hits"]["1"].get<double>(), 5.0 / 72);
    const CliRun typed = run_cli("--json game-of-kings artillery --shot canister --effectiveness 100 --target foot --range 4 --dice 3,4,6,2");
    ASSERT_EQ(typed.code, 0) << typed.out;
    EXPECT_EQ(first_json(typed.out)["throw"]["potential_hits"], 2);
    EXPECT_EQ(first_json(typed.out)["throw"]["hits"], 1);
}

TEST(CliGameOfKings, MoraleRallyAndWeatherContracts) {
    const json morale = first_json(run_cli("--json game-of-kings morale --quality regular --general --preview").out);
    EXPECT_EQ(morale["pass_on"], 2);
    EXPECT_DOUBLE_EQ(morale["probability"].get<double>(), 5.0 / 6);
    const json poor = first_json(run_cli("--json game-of-kings morale --quality poor --preview").out);
    EXPECT_EQ(poor["pass_on"], 4);
    EXPECT_DOUBLE_EQ(poor["probability"].get<double>(), 0.5);
    EXPECT_DOUBLE_EQ(first_json(run_cli("--json game-of-kings rally --preview").out)["probability"].get<double>(), 1.0 / 3);
    EXPECT_DOUBLE_EQ(first_json(run_cli("--json game-of-kings rally --general --preview").out)["probability"].get<double>(), 0.5);
    const json start = first_json(run_cli("--json game-of-kings weather --preview").out);
    EXPECT_DOUBLE_EQ(start["probabilities"]["7"].get<double>(), 1.0 / 6);
    EXPECT_EQ(start["names"]["7"], "fair");
    EXPECT_EQ(start["names"]["2"], "fog");
    EXPECT_EQ(start["names"]["12"], "heavy-rain");
    const json next = first_json(run_cli("--json game-of-kings weather --gauge 12 --preview").out);
    EXPECT_DOUBLE_EQ(next["probabilities"]["12"].get<double>(), 2.0 / 3);
    EXPECT_DOUBLE_EQ(next["probabilities"]["11"].get<double>(), 1.0 / 3);
    EXPECT_EQ(next["names"]["11"], "light-rain");
    const json thrown = first_json(run_cli("--json game-of-kings weather --dice 6,6").out);
    EXPECT_EQ(thrown["throw"]["gauge"], 12);
    const json points = first_json(run_cli("--json game-of-kings action-points --dice 7,2,5").out);
    EXPECT_EQ(points["throw"]["centre"], 7);
    EXPECT_EQ(points["throw"]["right"], 5);
}

TEST(CliGameOfKings, TerrainGenerator) {
    const json preview = first_json(run_cli("--json game-of-kings terrain --preview").out);
    EXPECT_DOUBLE_EQ(preview["expected_pieces"].get<double>(), 6.0);
    EXPECT_DOUBLE_EQ(preview["pieces"]["12"].get<double>(), 1.0 / 4096);
    EXPECT_EQ(preview["kinds"]["2"], "water");
    const json thrown = first_json(run_cli("--json game-of-kings terrain --dice 6,2,1,1,1,1,1,1,1,1,1,1,1").out);
    EXPECT_EQ(thrown["throw"]["pieces"], 1);
    EXPECT_EQ(thrown["throw"]["sectors"][0]["kind"], "water");
    expect_refused("game-of-kings terrain --dice 6,2,1", "--dice expects");
}

TEST(CliGameOfKings, BadInputIsRefusedNamingTheOption) {
    expect_refused("game-of-kings musketry --firer foot --effectiveness 100 --range 5 --dice 6,3,1", "--dice expects 4 faces");
    expect_refused("game-of-kings musketry --firer foot --effectiveness 100 --range 5 --dice 6,3,1,7", "face 7");
    expect_refused("game-of-kings musketry --firer foot --effectiveness 60 --range 5 --preview", "--effectiveness expects");
    expect_refused("game-of-kings musketry --firer foot --effectiveness 100 --range 9 --preview", "beyond musket range");
    expect_refused("game-of-kings melee --attacker dragoons --defender foot --preview", "--attacker expects one of");
    expect_refused("game-of-kings melee --attacker foot --defender lancers --preview", "foot cannot initiate contact against horse");
    expect_refused("game-of-kings melee --attacker heavy-cavalry --defender foot --attacker-bonus river --preview", "--attacker-bonus");
    expect_refused("game-of-kings melee --attacker heavy-cavalry --defender foot --defender-effectiveness 110 --preview",
                   "--defender-effectiveness expects");
    expect_refused("game-of-kings weather --gauge 1", "--gauge expects a weather gauge of 2-12");
    expect_refused("game-of-kings weather --gauge 13 --preview", "--gauge expects a weather gauge of 2-12");
    expect_refused("game-of-kings artillery --shot grape --effectiveness 100 --target foot --range 3 --preview", "--shot expects");
    expect_refused("game-of-kings artillery --shot canister --effectiveness 100 --target foot --range 7 --preview", "--range");
    expect_refused("game-of-kings morale --quality veteran --preview", "--quality expects elite, regular or poor");
    expect_refused("game-of-kings action-points --dice 11,2,3", "not a face of a d10");
    expect_refused("game-of-kings rally --dice 3,4", "--dice expects 1 face");
}

// Round 2: the encounter played through the seam (play, replay, simulate, a journal continued).
class GokPlay : public fortuna::testing::CliFolderTest {
protected:
    GokPlay() : CliFolderTest("gok-play") {}
    std::string at(const std::string& name) const { return (folder_ / name).string(); }
};

TEST_F(GokPlay, TheComputerPlaysTheEncounterToTheEndWithReasonsAndTheSaveReplays) {
    const std::string save = at("encounter.json");
    const CliRun run = run_cli("--json play --scenario encounter-1745 --seed 5 --opponent both --save " + save);
    ASSERT_EQ(run.code, 0) << run.out;
    const json document = first_json(run.out);
    ASSERT_TRUE(document.is_object()) << run.out;
    EXPECT_EQ(document["system"], "game-of-kings");
    EXPECT_TRUE(document["outcome"]["decided"].get<bool>()) << run.out;
    ASSERT_GT(document["applied"].size(), 50u);
    for (const auto& entry : document["applied"]) {
        EXPECT_FALSE(entry.value("why", "").empty()) << entry.dump();
        EXPECT_EQ(entry.value("by", "").rfind("opponent:", 0), 0u) << entry.dump();
    }
    const CliRun replay = run_cli("replay " + save);
    EXPECT_EQ(replay.code, 0) << replay.out;
    EXPECT_NE(replay.out.find("replays roll by roll to the saved state"), std::string::npos) << replay.out;
    // The same seed plays the same battle.
    const CliRun again = run_cli("--json play --scenario encounter-1745 --seed 5 --opponent both");
    ASSERT_EQ(again.code, 0) << again.out;
    EXPECT_EQ(first_json(again.out)["applied"], document["applied"]);
    const CliRun lab = run_cli("--json simulate --scenario encounter-1745 --battles 4");
    ASSERT_EQ(lab.code, 0) << lab.out;
    EXPECT_NE(lab.out.find("\"battles\": 4"), std::string::npos) << lab.out;
}

TEST_F(GokPlay, AJournalCarriesAGameStoppedMidPlayToItsEnd) {
    const std::string journal = at("encounter.journal");
    // France's programmed opponent plays until the Allies must act; the table then walks away.
    const CliRun half = run_cli("--json play --scenario encounter-1745 --seed 9 --opponent france --journal " + journal);
    ASSERT_EQ(half.code, 0) << half.out;
    const json first = first_json(half.out);
    EXPECT_FALSE(first["outcome"]["decided"].get<bool>());
    const std::size_t played = first["applied"].size();
    ASSERT_GT(played, 0u);
    const CliRun rest = run_cli("--json play --load " + journal + " --opponent both");
    ASSERT_EQ(rest.code, 0) << rest.out;
    const json second = first_json(rest.out);
    EXPECT_TRUE(second["outcome"]["decided"].get<bool>()) << rest.out;
    EXPECT_EQ(second["applied"][0]["seq"], static_cast<int>(played) + 1);
}

TEST_F(GokPlay, ABadActionIsRefusedNamingTheFieldAndNothingIsApplied) {
    const std::string actions = write("bad.jsonl", "{\"action\": \"begin-turn\", \"dice\": [3, 4, 5, 9]}\n");
    const CliRun run = run_cli("play --scenario encounter-1745 --actions " + actions);
    EXPECT_EQ(run.code, 1) << run.out;
    EXPECT_NE(run.out.find("dice/3: 9 is not a face of a d6"), std::string::npos) << run.out;
}

}  // namespace
}  // namespace fortuna::testing::game_of_kings_cli
