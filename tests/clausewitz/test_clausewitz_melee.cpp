// SPDX-License-Identifier: MIT
// Clausewitz melee in the game (seed 003; docs/rules/clausewitz.md D57-D62): a charge is a March
// straight at an enemy brigade into base-to-base contact, the morale test of the zone first; both
// brigades roll their combat dice with the resolvers' scores (flank +1, rear +2 measured from the
// board; a general in contact adds his guard's die), each hit is a point of damage with its die
// to lose a combat die, the side taking more hits withdraws (by 2 or less) or flees (by more), the
// winner takes the loser's colours on a 6. The preview gives both sides' hits and who loses.
// Generals a brigade moves over are captured (+1 VP) and freed when their captors lose a melee.
// Old journals and saves (tests/fixtures/compat, written by the session-12 build) still replay.
#include <gtest/gtest.h>

#include <filesystem>
#include <map>
#include <random>
#include <string>

#include "fortuna/clausewitz/game.hpp"
#include "fortuna/clausewitz/session.hpp"
#include "fortuna/clausewitz/system.hpp"
#include "fortuna/core/errors.hpp"
#include "fortuna/seam/library.hpp"
#include "fortuna/core/recorded_game.hpp"

namespace fortuna::clausewitz::testing_melee {
namespace {

namespace fs = std::filesystem;
using nlohmann::json;
using MeleeGame = RecordedGame<Game>;

const fs::path kMeleeData = FORTUNA_TEST_DATA_DIR;
// The system test binaries are given the data folder only; the fixtures sit beside it in the tree.
const fs::path kMeleeFixtures = fs::path(FORTUNA_TEST_DATA_DIR).parent_path() / "tests" / "fixtures";

std::shared_ptr<const Tables> melee_tables() {
    static const auto tables = std::make_shared<const Tables>(load_tables(kMeleeData));
    return tables;
}
const RulesLibrary& melee_library() {
    static const RulesLibrary loaded = RulesLibrary::load(kMeleeData);
    return loaded;
}

json melee_document() { return read_json_file(kMeleeData / "scenarios" / "quatre-bras-opening-1815.json"); }

MeleeGame melee_game(const json& d, std::uint64_t seed = 5) {
    auto scenario = std::make_shared<const Scenario>(scenario_from_json(*melee_tables(), d, kMeleeData, "melee"));
    json header{{"format", "fortuna-journal"}, {"game", "clausewitz"}, {"scenario", {{"id", scenario->id}, {"document", d}}}, {"seed", std::to_string(seed)}};
    return MeleeGame(Game(melee_tables(), scenario), seed, header);
}

// Gauthier (4 bases of 666-667 men: 12 combat dice, 12 x 6 cm) at (103, 64) facing 0 and Bijlandt
// (5 bases, 13 dice) at (103, 72) facing 180: 2 cm between their fronts, each in the other's zone.
// Foy at `foy`: (96, 62) touches Gauthier's left before and after the charge; (103, 52) is 12 cm off.
json front_to_front(std::pair<double, double> foy) {
    json d = melee_document();
    d["sides"][0]["brigades"][2]["at"] = {103, 64};
    d["sides"][0]["generals"][1]["at"] = {foy.first, foy.second};
    return d;
}

const Brigade& melee_brigade(const MeleeGame& game, const std::string& id) {
    return game.model().state().brigades.at(static_cast<std::size_t>(game.model().find_brigade(id)));
}

int combat_dice_of(const Brigade& b) {
    int dice = 0;
    for (const auto& u : b.units) dice += u.combat_dice;
    return dice;
}

std::string melee_refusal(MeleeGame& game, const json& action) {
    const json before = game.model().to_json();
    try {
        game.apply_json(action);
    } catch (const RuleError& error) {
        EXPECT_EQ(game.model().to_json(), before) << "a refusal changed the game";
        return error.what();
    }
    ADD_FAILURE() << "accepted: " << action.dump();
    return "";
}

std::string melee_text(const MeleeGame& game) {
    std::string text;
    for (const auto& line : game.model().last_applied().explanation) text += line + "\n";
    return text;
}

double melee_chance(const Foreseen& seen, const std::string& outcome) {
    for (const auto& [label, p] : seen.odds)
        if (label == outcome) return p.value();
    ADD_FAILURE() << "no outcome \"" << outcome << "\" in the preview";
    return -1;
}

long double binomial_at(int n, int k, long double p) {
    long double c = 1;
    for (int i = 1; i <= k; ++i) c = c * (n - k + i) / i;
    return c * std::pow(p, k) * std::pow(1 - p, n - k);
}

void activate_with(MeleeGame& game, const std::string& side, const std::string& brigade, const std::string& general) {
    game.apply_json({{"action", "draw"}, {"chip", side}});
    game.apply_json({{"action", "activate"}, {"brigade", brigade}, {"general", general}, {"command", {6, 6}}});
}

TEST(ClausewitzMeleeGame, AChargeClosesIntoContactAndTheMarginDecides) {
    MeleeGame game = melee_game(front_to_front({103, 52}));
    activate_with(game, "french", "gauthier", "foy");
    ASSERT_EQ(melee_brigade(game, "gauthier").actions_left, 4);  // Foy 12 cm away: one action lost
    // In Bijlandt's zone: the morale test first. The March of 2 cm costs 1 action; 12 dice against
    // 13, both on 5+ (foot against foot). 12 hits given, none taken: Bijlandt loses by 12 and flees
    // 3 cm plus 3 cm for each action it has left (none in reserve): 3 cm, facing away.
    json charge{{"action", "charge"}, {"brigade", "gauthier"}, {"target", "bijlandt"}, {"morale", {6, 6}},
                {"melee", json::array()}, {"defence", json::array()}, {"lose", json::array()}, {"colours", {6}}};
    for (int i = 0; i < 12; ++i) charge["melee"].push_back(6), charge["lose"].push_back(1);
    for (int i = 0; i < 13; ++i) charge["defence"].push_back(1);
    game.apply_json(charge);
    const std::string text = melee_text(game);
    const Brigade& g = melee_brigade(game, "gauthier");
    const Brigade& b = melee_brigade(game, "bijlandt");
    EXPECT_NEAR(g.y, 66.0, 1e-6) << text;  // front edge touching Bijlandt's at 69
    EXPECT_NEAR(g.x, 103.0, 1e-9);
    EXPECT_EQ(g.actions_left, 3) << text;
    EXPECT_EQ(b.strength, 59 - 12);
    EXPECT_EQ(b.status, "fled");
    EXPECT_NEAR(b.y, 75.0, 1e-6) << text;
    EXPECT_NEAR(b.facing, 0.0, 1e-9);
    EXPECT_EQ(combat_dice_of(b), 13);  // every damage die showed 1
    EXPECT_NE(text.find("in the front"), std::string::npos) << text;
    EXPECT_NE(text.find("takes 12 more hits and loses the melee: by more than 2 it flees"), std::string::npos) << text;
    EXPECT_NE(text.find("takes Bijlandt's brigade's colours, +1 VP"), std::string::npos) << text;
    EXPECT_EQ(game.model().state().vp[0], 1);
    EXPECT_EQ(game.model().to_json()["colours_taken"]["french"], 1);

    // Without the zone's morale roll or with too few melee dice typed, the field is named.
    MeleeGame again = melee_game(front_to_front({103, 52}));
    activate_with(again, "french", "gauthier", "foy");
    EXPECT_NE(melee_refusal(again, {{"action", "charge"}, {"brigade", "gauthier"}, {"target", "bijlandt"}, {"morale", {6, 6}}, {"melee", {6, 6}}}).find("\"melee\": 12 rolls expected"),
              std::string::npos);
    // Withdrawal by 2 or less: 2 hits given, 4 taken; Gauthier withdraws one March action (2 cm),
    // front to the enemy, and may act no more; Bijlandt wins and rolls for Gauthier's colours.
    json close{{"action", "charge"}, {"brigade", "gauthier"}, {"target", "bijlandt"}, {"morale", {6, 6}}, {"melee", json::array()}, {"defence", json::array()},
               {"lose", {1, 1}}, {"lose_back", {5, 1, 1, 1}}, {"colours", {3}}};
    for (int i = 0; i < 12; ++i) close["melee"].push_back(i < 2 ? 5 : 2);
    for (int i = 0; i < 13; ++i) close["defence"].push_back(i < 4 ? 6 : 4);
    again.apply_json(close);
    const Brigade& w = melee_brigade(again, "gauthier");
    EXPECT_TRUE(w.halted);
    EXPECT_EQ(w.actions_left, 0);
    EXPECT_NEAR(w.y, 64.0, 1e-6);
    EXPECT_NEAR(w.facing, 0.0, 1e-9);
    EXPECT_EQ(combat_dice_of(w), 11);  // one damage die of 5
    EXPECT_EQ(w.strength, 52 - 4);
    EXPECT_EQ(melee_brigade(again, "bijlandt").status, "ready");
    EXPECT_EQ(again.model().state().vp[1], 0);  // a 3: no colours
    EXPECT_FALSE(again.model().to_json().contains("colours_taken"));
    EXPECT_NE(melee_refusal(again, {{"action", "charge"}, {"brigade", "gauthier"}, {"target", "bijlandt"}}).find("withdrew"), std::string::npos);
}

TEST(ClausewitzMeleeGame, ADrawnMeleeLeavesBothInContactAndTheyFightAgainForOneAction) {
    MeleeGame game = melee_game(front_to_front({103, 52}));
    activate_with(game, "french", "gauthier", "foy");
    json charge{{"action", "charge"}, {"brigade", "gauthier"}, {"target", "bijlandt"}, {"morale", {6, 6}}, {"melee", json::array()}, {"defence", json::array()},
                {"lose", {1}}, {"lose_back", {1}}};
    for (int i = 0; i < 12; ++i) charge["melee"].push_back(i == 0 ? 6 : 1);
    for (int i = 0; i < 13; ++i) charge["defence"].push_back(i == 0 ? 5 : 1);
    game.apply_json(charge);
    EXPECT_NE(game.model().last_applied().summary.find("drawn"), std::string::npos);
    EXPECT_EQ(melee_brigade(game, "gauthier").actions_left, 3);
    EXPECT_EQ(melee_brigade(game, "bijlandt").status, "ready");
    // In contact already: the next charge moves nothing and costs one action.
    const Game::Contact contact = game.model().charge_contact(game.model().find_brigade("gauthier"), game.model().find_brigade("bijlandt"));
    EXPECT_TRUE(contact.already);
    EXPECT_EQ(contact.cost, 1);
    // A drawn melee has no colours roll.
    json drawn_again = charge;
    drawn_again["colours"] = {6};
    EXPECT_NE(melee_refusal(game, drawn_again).find("\"colours\""), std::string::npos);
}

TEST(ClausewitzMeleeGame, ABrigadeWithoutCombatDiceStrikesNothingBack) {
    // Bijlandt's five battalions of 150 men: no full 200, so no combat die; it still has strength.
    json d = front_to_front({103, 52});
    d["sides"][1]["brigades"][0]["men"] = 750;
    for (auto& u : d["sides"][1]["brigades"][0]["units"]) u["men"] = 150;
    MeleeGame game = melee_game(d);
    activate_with(game, "french", "gauthier", "foy");
    game.apply_json({{"action", "charge"}, {"brigade", "gauthier"}, {"target", "bijlandt"}, {"morale", {6, 6}},
                     {"melee", {5, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1}}, {"lose", {1}}, {"colours", {2}}});
    EXPECT_NE(melee_text(game).find("combat dice none: 0 on 5+"), std::string::npos) << melee_text(game);
    EXPECT_EQ(melee_brigade(game, "bijlandt").status, "ready");
    EXPECT_TRUE(melee_brigade(game, "bijlandt").halted);  // lost by 1: withdrew
    // A charger without dice is refused.
    json none = front_to_front({103, 52});
    none["sides"][0]["brigades"][2]["men"] = 600;
    MeleeGame weak = melee_game(none);
    activate_with(weak, "french", "gauthier", "foy");
    EXPECT_NE(melee_refusal(weak, {{"action", "charge"}, {"brigade", "gauthier"}, {"target", "bijlandt"}, {"morale", {6, 6}}}).find("no combat dice"), std::string::npos);
}

TEST(ClausewitzMeleeGame, FlankAndRearAreMeasuredFromTheBoard) {
    // Gauthier 4 cm off Bijlandt's right flank (Bijlandt faces 180, Gauthier at x 90 facing 90).
    json d = melee_document();
    d["sides"][0]["brigades"][2]["at"] = {90, 72};
    d["sides"][0]["brigades"][2]["facing"] = 90;
    d["sides"][0]["generals"][1]["at"] = {90, 62};
    MeleeGame game = melee_game(d);
    const int g = game.model().find_brigade("gauthier"), b = game.model().find_brigade("bijlandt");
    const Game::Contact contact = game.model().charge_contact(g, b);
    EXPECT_FALSE(contact.already);
    const MeleeOutlook flank = game.model().melee_outlook_at(g, b, contact.x, contact.y, contact.facing);
    EXPECT_TRUE(flank.flank);
    EXPECT_FALSE(flank.rear);
    EXPECT_EQ(flank.charger.hit_on, 4);   // CC v Foot 5+, +1 in the flank
    EXPECT_EQ(flank.defender.hit_on, 5);  // Bijlandt strikes Gauthier's front
    // Behind it: the rear, +2.
    d["sides"][0]["brigades"][2]["at"] = {103, 84};
    d["sides"][0]["brigades"][2]["facing"] = 180;
    MeleeGame behind = melee_game(d);
    const Game::Contact back = behind.model().charge_contact(g, b);
    const MeleeOutlook rear = behind.model().melee_outlook_at(g, b, back.x, back.y, back.facing);
    EXPECT_TRUE(rear.rear);
    EXPECT_EQ(rear.charger.hit_on, 3);
    // Bijlandt on a gentle hill, Gauthier below it: -1 to Gauthier's dice; a steep hill -2; a village
    // under Bijlandt +1 to Bijlandt's.
    json hill = front_to_front({103, 52});
    hill["terrain"].push_back({{"id", "test-hill"}, {"type", "gentle-hills"}, {"from", {96, 69}}, {"to", {110, 80}}, {"cite", {"test"}}});
    MeleeGame uphill = melee_game(hill);
    const MeleeOutlook up = uphill.model().melee_outlook_at(g, b, 103, 66, 0);
    EXPECT_EQ(up.charger.hit_on, 6);   // 5+ and -1
    EXPECT_EQ(up.defender.hit_on, 5);
    hill["terrain"].back()["type"] = "steep-hills";
    MeleeGame steep = melee_game(hill);
    EXPECT_EQ(steep.model().melee_outlook_at(g, b, 103, 66, 0).charger.hit_on, 6);  // 5+ and -2: a 6 always hits
    hill["terrain"].back()["type"] = "village";
    MeleeGame village = melee_game(hill);
    const MeleeOutlook walls = village.model().melee_outlook_at(g, b, 103, 66, 0);
    EXPECT_EQ(walls.charger.hit_on, 5);
    EXPECT_EQ(walls.defender.hit_on, 4);  // defending a village: +1
    // A general touching the brigade adds his guard's die, on 4s.
    MeleeGame guarded = melee_game(front_to_front({96, 62}));
    const MeleeOutlook with_foy = guarded.model().melee_outlook(g, b);
    EXPECT_EQ(with_foy.charger.general_dice, 1);
    EXPECT_EQ(with_foy.charger.general_hit_on, 4);
    EXPECT_EQ(with_foy.defender.general_dice, 0);
}

TEST(ClausewitzMeleeGame, ThePreviewGivesBothSidesHitsAndWhoLoses) {
    MeleeGame game = melee_game(front_to_front({103, 52}));
    activate_with(game, "french", "gauthier", "foy");
    const auto draws = game.dice().draws();
    const Foreseen seen = game.model().foresee(Game::decode({{"action", "charge"}, {"brigade", "gauthier"}, {"target", "bijlandt"}}));
    EXPECT_EQ(game.dice().draws(), draws);
    EXPECT_EQ(seen.roll_kind, "dice:12");
    EXPECT_EQ(seen.roll_slot, "melee");
    std::map<std::string, double> sums;
    for (const auto& [label, p] : seen.odds) sums[label.substr(0, label.find(": "))] += p.value();
    for (const char* group : {"morale", "hits on Bijlandt's brigade", "hits on Gauthier's brigade", "melee", "colours"}) EXPECT_NEAR(sums[group], 1.0, 1e-9) << group;
    // Each side's hits are binomial: 12 dice on 5+ against Bijlandt, 13 on 5+ against Gauthier.
    for (int k = 0; k <= 12; ++k)
        EXPECT_NEAR(melee_chance(seen, "hits on Bijlandt's brigade: " + std::to_string(k)), static_cast<double>(binomial_at(12, k, 1.0L / 3)), 1e-11) << k;
    for (int k = 0; k <= 13; ++k)
        EXPECT_NEAR(melee_chance(seen, "hits on Gauthier's brigade: " + std::to_string(k)), static_cast<double>(binomial_at(13, k, 1.0L / 3)), 1e-11) << k;
    // Who loses: the chance that Bijlandt takes 3 or more hits more than Gauthier (it flees).
    long double flees = 0;
    for (int i = 0; i <= 12; ++i)
        for (int j = 0; j <= 13; ++j)
            if (i - j > 2) flees += binomial_at(12, i, 1.0L / 3) * binomial_at(13, j, 1.0L / 3);
    EXPECT_NEAR(melee_chance(seen, "melee: Bijlandt's brigade flees"), static_cast<double>(flees), 1e-11);
    const MeleeOutlook o = game.model().melee_outlook_at(game.model().find_brigade("gauthier"), game.model().find_brigade("bijlandt"), 103, 66, 0);
    EXPECT_NEAR(melee_chance(seen, "colours: taken by Gauthier's brigade"), static_cast<double>(o.charger_wins / 6), 1e-11);
    EXPECT_GT(o.defender_wins, o.charger_wins);  // 13 dice against 12
}

TEST(ClausewitzMeleeGame, WhoMayChargeWhomNamesTheRuleAndTheUmpireMayOverrule) {
    // Cavalry cannot charge a square (alpha, Unit Formations; adjustments, Formations).
    json d = front_to_front({103, 52});
    for (auto& u : d["sides"][0]["brigades"][2]["units"]) u["type"] = "line-cavalry";
    d["sides"][1]["brigades"][0]["formation"] = "square";
    MeleeGame game = melee_game(d);
    activate_with(game, "french", "gauthier", "foy");
    EXPECT_NE(melee_refusal(game, {{"action", "charge"}, {"brigade", "gauthier"}, {"target", "bijlandt"}}).find("Cavalry cannot charge units in Square formation"), std::string::npos);
    EXPECT_NE(melee_refusal(game, {{"action", "charge"}, {"brigade", "gauthier"}, {"target", "jamin"}}).find("friendly"), std::string::npos);
    EXPECT_NE(melee_refusal(game, {{"action", "charge"}, {"brigade", "jamin"}, {"target", "bijlandt"}}).find("not the activated element"), std::string::npos);
    game.apply_json({{"action", "charge"}, {"brigade", "gauthier"}, {"target", "bijlandt"}, {"overrule", "the umpire: the square was not closed"}});
    EXPECT_NE(melee_text(game).find("the umpire overrules: charge: Cavalry cannot charge"), std::string::npos) << melee_text(game);
    // A square cannot move, so cannot charge.
    json sq = front_to_front({103, 52});
    sq["sides"][0]["brigades"][2]["formation"] = "square";
    MeleeGame square = melee_game(sq);
    activate_with(square, "french", "gauthier", "foy");
    EXPECT_NE(melee_refusal(square, {{"action", "charge"}, {"brigade", "gauthier"}, {"target", "bijlandt"}}).find("a square cannot move"), std::string::npos);
    // Too far for the actions left: the March's cost is named.
    json far = melee_document();
    far["sides"][0]["brigades"][2]["at"] = {103, 50};
    far["sides"][0]["generals"][1]["at"] = {103, 38};
    far["sides"][0]["brigades"][3]["at"] = {60, 30};  // Jamin out of the way
    MeleeGame distant = melee_game(far);
    activate_with(distant, "french", "gauthier", "foy");
    const std::string too_far = melee_refusal(distant, {{"action", "charge"}, {"brigade", "gauthier"}, {"target", "bijlandt"}});
    EXPECT_NE(too_far.find("costs"), std::string::npos) << too_far;
    // Melee rolls belong to a charge only.
    EXPECT_THROW((void)Game::decode({{"action", "fire"}, {"brigade", "gauthier"}, {"target", "bijlandt"}, {"melee", {6}}}), RuleError);
}

TEST(ClausewitzMeleeGame, AGeneralMarchedOverIsCapturedAndFreedWhenHisCaptorsLose) {
    // Perponcher stands just ahead of Husson; Bijlandt 5 cm beyond, facing Husson; Orange near it.
    json d = melee_document();
    d["sides"][1]["generals"][1]["at"] = {116, 63};
    d["sides"][1]["generals"][0]["at"] = {116, 80};
    d["sides"][1]["brigades"][0]["at"] = {116, 74};
    d["sides"][1]["brigades"][1]["at"] = {20, 110};
    MeleeGame game = melee_game(d);
    activate_with(game, "french", "husson", "bachelu");
    game.apply_json({{"action", "march"}, {"brigade", "husson"}, {"at", {116, 61}}, {"morale", {6, 6}}});
    const auto& perponcher = game.model().state().generals.at(static_cast<std::size_t>(game.model().find_general("perponcher")));
    EXPECT_EQ(perponcher.captured_by, "husson") << melee_text(game);
    EXPECT_EQ(game.model().state().vp[0], 1);
    EXPECT_EQ(game.model().to_json()["generals_captured"]["french"], 1);
    EXPECT_NE(melee_text(game).find("he is captured"), std::string::npos);
    game.apply_json({{"action", "end-activation"}});
    // A prisoner gives no orders; the commander-in-chief may still.
    game.apply_json({{"action", "draw"}, {"chip", "allied"}});
    EXPECT_NE(melee_refusal(game, {{"action", "activate"}, {"brigade", "bijlandt"}, {"general", "perponcher"}}).find("prisoner"), std::string::npos);
    EXPECT_NE(melee_refusal(game, {{"action", "move-general"}, {"general", "perponcher"}, {"at", {116, 90}}}).find("prisoner"), std::string::npos);
    game.apply_json({{"action", "activate"}, {"brigade", "bijlandt"}, {"general", "orange"}, {"command", {6, 6}}});
    json charge{{"action", "charge"}, {"brigade", "bijlandt"}, {"target", "husson"}, {"morale", {6, 6}}, {"melee", json::array()}, {"defence", json::array()},
                {"lose", json::array()}, {"colours", {1}}};
    const int bijlandt_dice = combat_dice_of(melee_brigade(game, "bijlandt")), husson_dice = combat_dice_of(melee_brigade(game, "husson"));
    for (int i = 0; i < bijlandt_dice; ++i) charge["melee"].push_back(6), charge["lose"].push_back(1);
    for (int i = 0; i < husson_dice; ++i) charge["defence"].push_back(1);
    game.apply_json(charge);
    const auto& freed = game.model().state().generals.at(static_cast<std::size_t>(game.model().find_general("perponcher")));
    EXPECT_TRUE(freed.captured_by.empty()) << melee_text(game);
    EXPECT_NE(melee_text(game).find("Perponcher"), std::string::npos);
    EXPECT_EQ(melee_brigade(game, "husson").status, "fled");
    EXPECT_EQ(game.model().state().vp[0], 1);  // the capture's point stays
    EXPECT_NE(judge(game.model()).reason.find("include 0 for colours and 1 for generals captured"), std::string::npos) << judge(game.model()).reason;
}

TEST(ClausewitzMeleeGame, TheOpponentOrdersThroughTheCommanderInChiefWhenItsGeneralIsAPrisoner) {
    json d = melee_document();
    d["sides"][1]["generals"][1]["at"] = {116, 63};
    d["sides"][1]["brigades"][0]["at"] = {116, 74};
    d["sides"][1]["brigades"][1]["at"] = {20, 110};
    MeleeGame game = melee_game(d);
    activate_with(game, "french", "husson", "bachelu");
    game.apply_json({{"action", "march"}, {"brigade", "husson"}, {"at", {116, 61}}, {"morale", {6, 6}}});
    game.apply_json({{"action", "end-activation"}});
    game.apply_json({{"action", "draw"}, {"chip", "allied"}});
    const auto proposed = propose_action(game.model(), 1, {});
    ASSERT_TRUE(proposed);
    EXPECT_EQ(proposed->action.value("general", std::string()), "orange") << proposed->action.dump();
}

TEST(ClausewitzMeleeGame, TheAttackingOpponentChargesWhenTheOddsFavourIt) {
    // Bijlandt cut to five battalions of 200 (5 dice) before Gauthier's 12: the opponent charges.
    json d = front_to_front({103, 52});
    d["sides"][1]["brigades"][0]["men"] = 1000;
    for (auto& u : d["sides"][1]["brigades"][0]["units"]) u["men"] = 200;
    MeleeGame game = melee_game(d);
    activate_with(game, "french", "gauthier", "foy");
    const auto proposed = propose_action(game.model(), 0, {});
    ASSERT_TRUE(proposed);
    EXPECT_EQ(proposed->action["action"], "charge") << proposed->action.dump();
    EXPECT_NE(proposed->reason.find("the melee's odds win"), std::string::npos) << proposed->reason;
    // At full strength (12 dice against 13) it fires instead.
    MeleeGame even = melee_game(front_to_front({103, 52}));
    activate_with(even, "french", "gauthier", "foy");
    const auto fires = propose_action(even.model(), 0, {});
    ASSERT_TRUE(fires);
    EXPECT_EQ(fires->action["action"], "fire") << fires->action.dump();
}

TEST(ClausewitzMeleeGame, UndoOfAChargeKeepsItsDice) {
    MeleeGame game = melee_game(front_to_front({103, 52}));
    activate_with(game, "french", "gauthier", "foy");
    game.apply_json({{"action", "charge"}, {"brigade", "gauthier"}, {"target", "bijlandt"}});
    const json after = game.model().to_json();
    const std::string summary = game.model().last_applied().summary;
    game.undo();
    game.apply_json({{"action", "charge"}, {"brigade", "gauthier"}, {"target", "bijlandt"}});
    EXPECT_EQ(game.model().to_json(), after);
    EXPECT_EQ(game.model().last_applied().summary, summary);
}

// Every chip of the turn drawn and passed: the turn ends.
void pass_the_turn(MeleeGame& game) {
    const int turn = game.model().state().turn;
    while (game.model().state().turn == turn && !game.model().state().over) {
        game.apply_json({{"action", "draw"}});
        game.apply_json({{"action", "end-activation"}});
    }
}

TEST(ClausewitzArrivals, ReinforcementsEnterWhenTheClockReachesThem) {
    // The shipped opening: Picton's three brigades arrive at 15:00 on the Brussels road.
    const json shipped = melee_document();
    MeleeGame opening = melee_game(shipped);
    ASSERT_EQ(opening.model().scenario().arrivals.size(), 3U);
    EXPECT_EQ(opening.model().scenario().arrivals[0].id, "kempt");
    EXPECT_EQ(opening.model().scenario().arrivals[0].arrives, "15:00");
    EXPECT_EQ(opening.model().find_brigade("kempt"), -1);  // not on the table at 14:00

    // Moved to 14:10 for the test: after turn 1 Kempt enters at its place, facing into the table,
    // in column; Pack, due at the same place, waits while Kempt stands on it; Picton's division
    // brings its five chips (one a player, five a general of division activated: 1 + 5 + 5).
    json d = melee_document();
    for (auto& b : d["sides"][1]["brigades"])
        if (b.contains("arrives")) b["arrives"]["time"] = "14:10";
    MeleeGame game = melee_game(d);
    EXPECT_EQ(game.model().state().bag[1], 6);
    pass_the_turn(game);
    ASSERT_EQ(game.model().clock(), "14:10");
    const int kempt = game.model().find_brigade("kempt");
    ASSERT_GE(kempt, 0);
    const Brigade& k = melee_brigade(game, "kempt");
    EXPECT_NEAR(k.x, 100.0, 1e-9);
    EXPECT_NEAR(k.y, 121.0, 1e-9);
    EXPECT_NEAR(k.facing, 180.0, 1e-9);
    EXPECT_EQ(k.formation, Formation::Column);
    EXPECT_EQ(k.objective, "1");
    EXPECT_EQ(game.model().find_brigade("pack"), -1);
    EXPECT_EQ(game.model().to_json()["waiting"], json::array({"pack", "best"}));
    EXPECT_EQ(game.model().to_json()["arrived"], json::array({"kempt"}));
    EXPECT_EQ(game.model().state().bag[1], 11);
    // Kempt can be activated by Picton at once.
    game.apply_json({{"action", "draw"}, {"chip", "allied"}});
    game.apply_json({{"action", "activate"}, {"brigade", "kempt"}, {"general", "picton"}, {"command", {6, 6}}});
    game.apply_json({{"action", "quick-march"}, {"brigade", "kempt"}, {"at", {100, 106}}});
    game.apply_json({{"action", "end-activation"}});
    pass_the_turn(game);
    // The road clear, Pack enters at 14:20; Best still waits behind it.
    EXPECT_GE(game.model().find_brigade("pack"), 0);
    EXPECT_EQ(game.model().find_brigade("best"), -1);
    EXPECT_EQ(game.model().to_json()["waiting"], json::array({"best"}));
}

// Any action from anyone is applied or refused naming a field or a rule: never another error.
// Random charges, marches and fires (overruled or not) over the opening's brigades, seeded.
TEST(ClausewitzMeleeGame, RandomChargesAreAppliedOrRefusedNeverThrowOtherwise) {
    MeleeGame game = melee_game(front_to_front({96, 62}), 3);
    std::mt19937 pick(2026);
    const std::vector<std::string> ids{"husson", "campi", "gauthier", "jamin", "bijlandt", "saxe-weimar", "nobody"};
    const std::vector<std::string> generals{"ney", "foy", "bachelu", "orange", "perponcher"};
    int applied = 0, charges = 0;
    for (int i = 0; i < 1500 && !game.model().state().over; ++i) {
        const auto any = [&](const auto& list) { return list[pick() % list.size()]; };
        json action;
        switch (pick() % 6) {
            case 0: action = {{"action", "draw"}}; break;
            case 1: {
                action = {{"action", "activate"}, {"brigade", any(ids)}, {"general", any(generals)}};
                // Half the time the right general for a brigade of the side holding the chip.
                const int chip = game.model().state().chip;
                if (chip >= 0 && pick() % 2 == 0) {
                    const std::vector<std::pair<std::string, std::string>> own =
                        chip == 0 ? std::vector<std::pair<std::string, std::string>>{{"gauthier", "foy"}, {"jamin", "foy"}, {"husson", "bachelu"}}
                                  : std::vector<std::pair<std::string, std::string>>{{"bijlandt", "perponcher"}, {"saxe-weimar", "perponcher"}};
                    const auto& [b, g] = any(own);
                    action["brigade"] = b;
                    action["general"] = g;
                    action["command"] = {6, 6};
                }
                break;
            }
            case 2: action = {{"action", "charge"}, {"brigade", any(ids)}, {"target", any(ids)}}; break;
            case 3: action = {{"action", "march"}, {"brigade", any(ids)}, {"at", {static_cast<int>(pick() % 183), static_cast<int>(pick() % 122)}}}; break;
            case 4: action = {{"action", "fire"}, {"brigade", any(ids)}, {"target", any(ids)}}; break;
            default: action = {{"action", "end-activation"}}; break;
        }
        if (pick() % 4 == 0) action["overrule"] = "the umpire's test";
        if (action["action"] == "charge") {
            // Bring the activated brigade in reach first, half the time.
            const int active = game.model().state().active;
            if (active >= 0 && pick() % 2 == 0) {
                const Brigade& acting = game.model().state().brigades[static_cast<std::size_t>(active)];
                action["brigade"] = acting.id;
                action["target"] = acting.side == 0 ? "bijlandt" : "gauthier";
            }
        }
        try {
            game.apply_json(action);
            ++applied;
            charges += action["action"] == "charge" ? 1 : 0;
        } catch (const RuleError&) {
        }
    }
    EXPECT_GT(applied, 100);
    EXPECT_GT(charges, 2);
}

// ------------------------------------------------------------------ scouting (D64-D67)

json scouting_document() {
    json d = melee_document();
    d["scouting"] = {{"cite", {"test: the opening's brigades deployed by scouting"}}};
    for (auto& side : d["sides"])
        for (auto& b : side["brigades"]) b.erase("at");
    return d;
}

TEST(ClausewitzScouting, MarkersMoveFifteenCentimetresStayInReachAndLockThirtyApart) {
    MeleeGame game = melee_game(scouting_document());
    const GameState& s = game.model().state();
    EXPECT_EQ(s.phase, "scouting");
    // Five markers and one a Deployment Marker unit: French light infantry in Husson's and Jamin's
    // brigades (2 + 2), the Allied 27th Jagers (1).
    EXPECT_EQ(s.markers_left[0], 9);
    EXPECT_EQ(s.markers_left[1], 6);
    EXPECT_TRUE(s.brigades.empty());
    EXPECT_FALSE(judge(game.model()).over);
    EXPECT_NE(melee_refusal(game, {{"action", "scout"}, {"at", {90, 15}}}).find("roll-off"), std::string::npos);
    EXPECT_NE(melee_refusal(game, {{"action", "draw"}}).find("the battle has not begun"), std::string::npos);
    // The French lose the roll-off (2 against 5 after a tie): they place first.
    game.apply_json({{"action", "roll-off"}, {"roll_off", {3, 3, 2, 5}}});
    EXPECT_EQ(s.scout_side, 0);
    EXPECT_NE(melee_refusal(game, {{"action", "scout"}, {"at", {10, 16}}}).find("15 cm a deployment turn"), std::string::npos);
    // x 10 is within 30 cm of the left edge: always in reach.
    game.apply_json({{"action", "scout"}, {"at", {10, 15}}});
    game.apply_json({{"action", "scout"}, {"at", {10, 106.9}}});  // the Allies from the far edge
    game.apply_json({{"action", "scout"}, {"at", {90, 15}}});
    game.apply_json({{"action", "scout"}, {"marker", 1}, {"at", {10, 91.9}}});
    game.apply_json({{"action", "scout"}, {"marker", 2}, {"at", {90, 30}}});
    game.apply_json({{"action", "scout"}, {"marker", 1}, {"at", {10, 76.9}}});
    // 45 cm from the near edge with no friendly marker within 30 cm: out of reach.
    EXPECT_NE(melee_refusal(game, {{"action", "scout"}, {"marker", 2}, {"at", {90, 45}}}).find("within 30 cm of a table edge or of another friendly marker"), std::string::npos);
    game.apply_json({{"action", "scout"}, {"marker", 1}, {"at", {10, 30}}});
    game.apply_json({{"action", "scout-pass"}});
    game.apply_json({{"action", "scout"}, {"marker", 1}, {"at", {10, 45}}});  // 31.9 cm from the Allied marker: not yet
    EXPECT_FALSE(s.markers[0].locked);
    game.apply_json({{"action", "scout-pass"}});
    // Towards 60 it comes within 30 cm of the Allied marker at 76.9 and stops there: both locked.
    game.apply_json({{"action", "scout"}, {"marker", 1}, {"at", {10, 60}}});
    ASSERT_EQ(s.markers.size(), 3U);
    EXPECT_TRUE(s.markers[0].locked);
    EXPECT_NEAR(s.markers[0].y, 76.9 - 30.0, 0.011);
    EXPECT_TRUE(s.markers[1].locked);
    EXPECT_NE(melee_refusal(game, {{"action", "scout"}, {"marker", 1}, {"at", {10, 50}}}).find("locked"), std::string::npos);
    // The zone: the markers' hull with the side's own edge.
    const auto zone = game.model().deployment_zone(0);
    EXPECT_GE(zone.size(), 4U);
    EXPECT_FALSE(game.model().state().phase.empty());
}

TEST(ClausewitzScouting, TheComputerScoutsDeploysInTheZonesAndFightsTheBattle) {
    auto scenario = std::make_shared<const Scenario>(scenario_from_json(*melee_tables(), scouting_document(), kMeleeData, "scouting"));
    json header{{"format", "fortuna-journal"}, {"game", "clausewitz"}, {"scenario", {{"id", scenario->id}, {"document", scouting_document()}}}, {"seed", "4"}};
    MeleeGame game(Game(melee_tables(), scenario), 4, header);
    std::vector<json> refused;
    bool deployed = false;
    for (int step = 0; step < 3000 && !game.model().state().over; ++step) {
        const int side = game.model().acting_side();
        const auto p = propose_action(game.model(), side, refused);
        ASSERT_TRUE(p) << game.model().to_json().dump().substr(0, 400);
        EXPECT_FALSE(p->reason.empty());
        if (p->action["action"] == "deploy") {
            // Every brigade stands inside its side's zone, as the markers left it.
            const auto zone = game.model().deployment_zone(side);
            EXPECT_FALSE(game.model().deploy_refusal(p->action["brigade"], p->action["at"][0], p->action["at"][1], p->action["facing"]));
            EXPECT_GE(zone.size(), 3U);
            deployed = true;
        }
        try {
            game.apply_json(p->action);
            refused.clear();
        } catch (const RuleError&) {
            refused.push_back(p->action);
        }
    }
    EXPECT_TRUE(deployed);
    EXPECT_TRUE(game.model().state().over);
    EXPECT_TRUE(game.model().state().phase.empty());
    EXPECT_TRUE(game.model().state().to_deploy.empty());
    EXPECT_EQ(game.model().state().brigades.size(), 9U);  // six deployed, Picton's three arrived
    // The whole game, scouting included, replays from its journal to the same state.
    const MeleeGame again = MeleeGame::replay(Game(melee_tables(), scenario), 4, header, game.journal(), "scouting", [](std::size_t i) { return "/journal/" + std::to_string(i); });
    EXPECT_EQ(again.model().to_json(), game.model().to_json());
    EXPECT_TRUE(game.model().to_json().contains("markers"));
}

TEST(ClausewitzScouting, AScenarioWithoutScoutingPlacesEveryBrigade) {
    json d = melee_document();
    d["sides"][0]["brigades"][0].erase("at");
    EXPECT_THROW((void)scenario_from_json(*melee_tables(), d, kMeleeData, "no-scouting"), RuleError);
    MeleeGame game = melee_game(melee_document());
    EXPECT_NE(melee_refusal(game, {{"action", "roll-off"}}).find("no scouting phase"), std::string::npos);
    EXPECT_THROW((void)Game::decode({{"action", "march"}, {"brigade", "gauthier"}, {"at", {1, 1}}, {"marker", 2}}), RuleError);
}

// A journal and a save written by the session-12 build (before melee, captures and arrivals)
// replay to the same end: the new state fields appear only when they hold something.
TEST(ClausewitzMeleeGame, OldJournalsAndSavesStillReplay) {
    const fs::path journal = kMeleeFixtures / "compat" / "quatre-bras-opening-s12.journal";
    const fs::path save = kMeleeFixtures / "compat" / "quatre-bras-opening-s12.fortuna";
    EXPECT_EQ(clausewitz_system().check_file(melee_library(), journal, {{"format", "fortuna-journal"}, {"game", "clausewitz"}}), "Clausewitz journal");
    EXPECT_EQ(clausewitz_system().check_file(melee_library(), save, read_json_file(save)), "Clausewitz save");
    const auto from_journal = open_clausewitz_session(melee_library(), journal, std::string(kJournalFormat), 0);
    const auto from_save = open_clausewitz_session(melee_library(), save, std::string(kSaveFormat), 0);
    EXPECT_EQ(from_journal->public_state(), from_save->public_state());
    EXPECT_EQ(read_json_file(save)["state"], from_save->public_state());
    EXPECT_TRUE(from_journal->outcome().over);
}

}  // namespace
}  // namespace fortuna::clausewitz::testing_melee
