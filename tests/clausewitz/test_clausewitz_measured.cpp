// SPDX-License-Identifier: MIT
// Clausewitz: every circumstance that changes a result is the board's (issue 32). Each test builds a
// position on Quatre Bras (Gauthier's brigade before Bijlandt's, data/scenarios/
// quatre-bras-opening-1815.json), applies the action through the recorded game, and checks the term
// in the explanation is the measured one; then that a claim the board does not bear out is refused
// naming what the board shows, that a side's overrule is no umpire's, and that the umpire's overrule
// applies the claim and says so. The table is in docs/rules/enforcement.md ("Game Of Kings and
// Clausewitz").
#include <gtest/gtest.h>

#include <filesystem>
#include <string>

#include "fortuna/clausewitz/game.hpp"
#include "fortuna/clausewitz/session.hpp"
#include "fortuna/clausewitz/system.hpp"
#include "fortuna/core/errors.hpp"
#include "fortuna/seam/library.hpp"
#include "fortuna/core/recorded_game.hpp"

namespace fortuna::clausewitz::testing_measured {
namespace {

namespace fs = std::filesystem;
using nlohmann::json;
using MeasuredGame = RecordedGame<Game>;

const fs::path kMeasuredCwData = FORTUNA_TEST_DATA_DIR;

struct Position {
    double gauthier_y = 64;  // its front edge 3 cm ahead: 2 cm from Bijlandt's front (69) when Bijlandt stands at y 72 facing 180
    double bijlandt_y = 72;
    double bijlandt_facing = 180;
    std::string bijlandt_formation = "line";
    bool guns = false;  // a battery added to Gauthier's brigade (the basic list's foot artillery)
};

struct MeasuredSetup {
    std::shared_ptr<const Tables> tables;
    std::shared_ptr<const Scenario> scenario;
    json header;
};

// The scenario with the position `p`.
MeasuredSetup measured_setup(const Position& p) {
    static const auto tables = std::make_shared<const Tables>(load_tables(kMeasuredCwData));
    json d = read_json_file(kMeasuredCwData / "scenarios" / "quatre-bras-opening-1815.json");
    d["sides"][0]["brigades"][2]["at"] = {103, p.gauthier_y};
    d["sides"][0]["generals"][1]["at"] = {103, p.gauthier_y - 4};
    if (p.guns) d["sides"][0]["brigades"][2]["units"].push_back(json{{"type", "foot-artillery"}, {"name", "test battery"}, {"guns", 2}});
    d["sides"][1]["brigades"][0]["at"] = {103, p.bijlandt_y};
    d["sides"][1]["brigades"][0]["facing"] = p.bijlandt_facing;
    d["sides"][1]["brigades"][0]["formation"] = p.bijlandt_formation;
    auto scenario = std::make_shared<const Scenario>(scenario_from_json(*tables, d, kMeasuredCwData, "measured"));
    json header{{"format", "fortuna-journal"}, {"game", "clausewitz"}, {"scenario", {{"id", scenario->id}, {"document", d}}}, {"seed", "11"}};
    return {tables, scenario, header};
}

// Gauthier activated (the French chip drawn, Foy's command test passed), at (103, gauthier_y) facing 0.
MeasuredGame measured_cw(const Position& p) {
    const MeasuredSetup setup = measured_setup(p);
    MeasuredGame game(Game(setup.tables, setup.scenario), 11, setup.header);
    game.apply_json({{"action", "draw"}, {"chip", "french"}});
    game.apply_json({{"action", "activate"}, {"brigade", "gauthier"}, {"general", "foy"}, {"command", {6, 6}}});
    return game;
}

// A shot of Gauthier's at Bijlandt; a passing morale test typed when Gauthier stands in a zone (D50).
json measured_shot(const MeasuredGame& game, const char* kind) {
    json action{{"action", kind}, {"brigade", "gauthier"}, {"target", "bijlandt"}};
    if (game.model().zone_owner(game.model().find_brigade("gauthier")) >= 0) action["morale"] = {6, 6};
    return action;
}

std::string measured_cw_refusal(MeasuredGame& game, const json& action) {
    try {
        game.apply_json(action);
    } catch (const RuleError& error) {
        return error.what();
    }
    return "applied";
}

std::string measured_cw_text(const MeasuredGame& game) {
    std::string text;
    for (const auto& line : game.model().last_applied().explanation) text += line + "\n";
    return text;
}

// The claim `key`: `value` refused with `words`, refused when a side overrules, applied with the
// umpire's reason (kept in the journal, said in the explanation with the measure). The umpire's game.
MeasuredGame measured_cw_claim(const Position& p, const char* kind, const char* key, const json& value, const std::string& words) {
    MeasuredGame refused = measured_cw(p);
    json action = measured_shot(refused, kind);
    action[key] = value;
    const std::string why = measured_cw_refusal(refused, action);
    EXPECT_NE(why.find(words), std::string::npos) << why;

    MeasuredGame by_side = measured_cw(p);
    json theirs = action;
    theirs["overrule"] = "my phone says so";
    theirs["by"] = "french";
    EXPECT_NE(measured_cw_refusal(by_side, theirs).find("only the umpire overrules"), std::string::npos);

    MeasuredGame umpire = measured_cw(p);
    json overruled = action;
    overruled["overrule"] = "test: the umpire's tape";
    EXPECT_EQ(measured_cw_refusal(umpire, overruled), "applied");
    EXPECT_EQ(umpire.journal().back()["action"]["overrule"], "test: the umpire's tape");
    EXPECT_EQ(umpire.journal().back()["action"][key], value);
    EXPECT_NE(umpire.journal().back()["summary"].get<std::string>().find("(claimed by the umpire: " + std::string(key) + ": "), std::string::npos)
        << umpire.journal().back().dump();
    const std::string text = measured_cw_text(umpire);
    EXPECT_NE(text.find("the umpire overrules: " + words), std::string::npos) << text;
    EXPECT_NE(text.find("claimed by the umpire: " + std::string(key) + ": "), std::string::npos) << text;
    return umpire;
}

// ---------------------------------------------------------------- range band

TEST(ClausewitzMeasured, RangeBandIsTheBoards) {
    // Muskets: effective to 2 cm, long to 4 (data/tables/clausewitz.json).
    Position near;
    MeasuredGame effective = measured_cw(near);
    effective.apply_json(measured_shot(effective, "fire"));
    EXPECT_NE(measured_cw_text(effective).find("effective range"), std::string::npos) << measured_cw_text(effective);
    Position far;
    far.gauthier_y = 62;
    MeasuredGame long_range = measured_cw(far);
    json agreed = measured_shot(long_range, "fire");
    agreed["range"] = "long";
    long_range.apply_json(agreed);
    EXPECT_NE(measured_cw_text(long_range).find("long range"), std::string::npos) << measured_cw_text(long_range);
    EXPECT_NE(measured_cw_text(long_range).find("\"range\": the action claims long; the board agrees: long"), std::string::npos) << measured_cw_text(long_range);
    MeasuredGame umpire = measured_cw_claim(far, "fire", "range", "effective", "\"range\": the action claims effective, the board shows long (4.0 cm from the front edge");
    EXPECT_NE(measured_cw_text(umpire).find("effective range"), std::string::npos) << measured_cw_text(umpire);
    // Skirmish dice read the same measure.
    MeasuredGame skirmish = measured_cw(far);
    json skirmish_claim = measured_shot(skirmish, "skirmish");
    skirmish_claim["range"] = "effective";
    EXPECT_NE(measured_cw_refusal(skirmish, skirmish_claim).find("the board shows long"), std::string::npos);
}

// ---------------------------------------------------------------- flank: enfilade and the Bombard's flank

TEST(ClausewitzMeasured, EnfiladeIsTheBoards) {
    // Bijlandt turned to face east (90): Gauthier, south of it, stands off the flank of its line.
    Position flank;
    flank.bijlandt_facing = 90;
    flank.gauthier_y = 61;  // Bijlandt's line runs y 66-78 facing east; Gauthier's front 2 cm below it
    MeasuredGame enfilade = measured_cw(flank);
    enfilade.apply_json(measured_shot(enfilade, "fire"));
    EXPECT_NE(measured_cw_text(enfilade).find("in the flank of a line: enfilade"), std::string::npos) << measured_cw_text(enfilade);
    // Facing Gauthier, it shows its front: no enfilade.
    MeasuredGame front = measured_cw(Position{});
    front.apply_json(measured_shot(front, "fire"));
    EXPECT_EQ(measured_cw_text(front).find("enfilade"), std::string::npos) << measured_cw_text(front);
    // Claimed from the front: refused; the umpire's overrule reads it.
    MeasuredGame umpire = measured_cw_claim(Position{}, "fire", "enfilade", true,
                                            "\"enfilade\": the action claims true, the board shows no enfilade (the firer is not off its flank, 45-135 degrees; D48)");
    EXPECT_NE(measured_cw_text(umpire).find("in the flank of a line: enfilade"), std::string::npos) << measured_cw_text(umpire);
}

TEST(ClausewitzMeasured, ColumnOrLineIsTheBoards) {
    // The same flank position, Bijlandt in column: no enfilade (only a line is enfiladed).
    Position column;
    column.bijlandt_facing = 90;
    column.gauthier_y = 61;
    column.bijlandt_formation = "column";
    MeasuredGame game = measured_cw(column);
    json agreed = measured_shot(game, "fire");
    agreed["enfilade"] = false;
    game.apply_json(agreed);
    EXPECT_NE(measured_cw_text(game).find("\"enfilade\": the action claims false; the board agrees: no enfilade (the target is not in line"), std::string::npos)
        << measured_cw_text(game);
    EXPECT_EQ(measured_cw_text(game).find("in the flank of a line"), std::string::npos);
    // A formation sent with a shot is no claim the game reads: refused naming the field.
    MeasuredGame claim = measured_cw(Position{});
    json with_formation = measured_shot(claim, "fire");
    with_formation["formation"] = "line";
    EXPECT_EQ(measured_cw_refusal(claim, with_formation).rfind("\"formation\": not a field of a Clausewitz fire action", 0), 0u);
}

TEST(ClausewitzMeasured, BombardFlankIsTheBoards) {
    Position flank;
    flank.bijlandt_facing = 90;
    flank.gauthier_y = 61;
    flank.guns = true;
    // Off the flank of Bijlandt's line: the guns in its flank (double damage); facing it, not.
    MeasuredGame on_flank = measured_cw(flank);
    on_flank.apply_json(measured_shot(on_flank, "bombard"));
    EXPECT_NE(measured_cw_text(on_flank).find("the guns in its flank"), std::string::npos) << measured_cw_text(on_flank);
    Position facing;
    facing.guns = true;
    MeasuredGame in_front = measured_cw(facing);
    in_front.apply_json(measured_shot(in_front, "bombard"));
    EXPECT_EQ(measured_cw_text(in_front).find("the guns in its flank"), std::string::npos) << measured_cw_text(in_front);
    MeasuredGame agreeing = measured_cw(flank);
    json agreed = measured_shot(agreeing, "bombard");
    agreed["flank"] = true;
    agreeing.apply_json(agreed);
    EXPECT_NE(measured_cw_text(agreeing).find("\"flank\": the action claims true; the board agrees: the flank"), std::string::npos) << measured_cw_text(agreeing);
    Position front;
    front.guns = true;
    MeasuredGame umpire = measured_cw_claim(front, "bombard", "flank", true, "\"flank\": the action claims true, the board shows no flank");
    EXPECT_NE(measured_cw_text(umpire).find("claimed by the umpire: flank: true (the board shows: no flank"), std::string::npos) << measured_cw_text(umpire);
    EXPECT_NE(measured_cw_text(umpire).find("the guns in its flank"), std::string::npos) << measured_cw_text(umpire);
    // Enfilade is Fire!'s word; a Bombard claims its flank.
    MeasuredGame wrong = measured_cw(front);
    json enfilade = measured_shot(wrong, "bombard");
    enfilade["enfilade"] = true;
    EXPECT_EQ(measured_cw_refusal(wrong, enfilade).rfind("\"enfilade\": not a field of a Clausewitz bombard action", 0), 0u);
}

// ---------------------------------------------------------------- cover

TEST(ClausewitzMeasured, CoverIsTheBoards) {
    // Bijlandt's centre in Gemioncourt (the village, x 100-105, y 74-78): a 4+ save; at y 72, in the open, none.
    Position village;
    village.bijlandt_y = 76;
    village.gauthier_y = 68;
    MeasuredGame in_village = measured_cw(village);
    in_village.apply_json(measured_shot(in_village, "fire"));
    EXPECT_NE(measured_cw_text(in_village).find("in cover, saving on 4+"), std::string::npos) << measured_cw_text(in_village);
    MeasuredGame open = measured_cw(Position{});
    open.apply_json(measured_shot(open, "fire"));
    EXPECT_EQ(measured_cw_text(open).find("in cover"), std::string::npos) << measured_cw_text(open);
    MeasuredGame umpire = measured_cw_claim(Position{}, "fire", "cover", "village", "\"cover\": the action claims village, the board shows none (the target's centre in no woods or village)");
    EXPECT_NE(measured_cw_text(umpire).find("in cover, saving on 4+"), std::string::npos) << measured_cw_text(umpire);
}

// ---------------------------------------------------------------- zone of control

TEST(ClausewitzMeasured, ZoneOfControlIsTheBoards) {
    // 2 cm before Bijlandt's front: inside its zone (10 cm, 45 degrees); each action needs a morale test first.
    MeasuredGame inside = measured_cw(Position{});
    ASSERT_EQ(inside.model().zone_owner(inside.model().find_brigade("gauthier")), inside.model().find_brigade("bijlandt"));
    inside.apply_json({{"action", "formation"}, {"brigade", "gauthier"}, {"formation", "column"}, {"morale", {6, 6}}});
    EXPECT_NE(measured_cw_text(inside).find("inside the zone of control of"), std::string::npos) << measured_cw_text(inside);
    // 12 cm away: outside; the same change needs no test.
    Position away;
    away.gauthier_y = 54;
    MeasuredGame outside = measured_cw(away);
    ASSERT_EQ(outside.model().zone_owner(outside.model().find_brigade("gauthier")), -1);
    outside.apply_json({{"action", "formation"}, {"brigade", "gauthier"}, {"formation", "column"}});
    EXPECT_EQ(measured_cw_text(outside).find("zone of control"), std::string::npos) << measured_cw_text(outside);
    // Inside, a Quick March is refused by the measure; the umpire may overrule it.
    MeasuredGame quick = measured_cw(Position{});
    const json march{{"action", "quick-march"}, {"brigade", "gauthier"}, {"at", {103, 60}}, {"morale", {6, 6}}};
    EXPECT_NE(measured_cw_refusal(quick, march).find("Quick March cannot be used inside the zone of control"), std::string::npos);
    // "zone" is no claim an action can make: the board's measure is the only one.
    MeasuredGame claim = measured_cw(Position{});
    json in_zone = measured_shot(claim, "fire");
    in_zone["zone"] = false;
    EXPECT_EQ(measured_cw_refusal(claim, in_zone).rfind("\"zone\": not a field", 0), 0u);
}

TEST(ClausewitzMeasured, ClaimsAreJournaledAndReplayed) {
    Position far;
    far.gauthier_y = 62;
    MeasuredGame game = measured_cw(far);
    json shot = measured_shot(game, "fire");
    shot["range"] = "effective";
    shot["overrule"] = "test: the umpire's tape";
    game.apply_json(shot);
    const MeasuredSetup setup = measured_setup(far);
    const MeasuredGame replayed = MeasuredGame::replay(Game(setup.tables, setup.scenario), 11, setup.header, game.journal(), "test",
                                                       [](std::size_t i) { return "/journal/" + std::to_string(i); });
    EXPECT_EQ(replayed.model().to_json(), game.model().to_json());
}

}  // namespace
}  // namespace fortuna::clausewitz::testing_measured
