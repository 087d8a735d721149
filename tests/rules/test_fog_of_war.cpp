// SPDX-License-Identifier: MIT
// Fog of war (fortuna/fog_of_war.hpp): a side sees the other side's pieces its own can see by the
// land line of sight; unseen pieces leave its roster, its pictures and the journal lines naming them.
#include <gtest/gtest.h>

#include "fortuna/seam/fog_of_war.hpp"
#include "fortuna/land/game.hpp"
#include "fortuna/land/system.hpp"
#include "test_game_support.hpp"

namespace fortuna::testing {
namespace fog_of_war_tests {

using nlohmann::json;

bool roster_has(const json& roster, const std::string& code) {
    for (const json& entry : roster)
        if (entry.value("code", std::string()) == code) return true;
    return false;
}

bool pieces_have(const std::vector<Piece>& pieces, const std::string& code) {
    for (const Piece& piece : pieces)
        if (piece.id == code) return true;
    return false;
}

// test-skirmish: the Eichwald wood is (1050-1350, 480-760) mm; the French stand at y 900-1000.
TEST(FogOfWar, AUnitDeepInAWoodIsHiddenAndSoAreTheLinesThatNameIt) {
    Game game(library(), skirmish(), 5, kAdvisory);
    game.apply({{"do", "set"}, {"unit", "I-C1"}, {"to", {1200, 620}}, {"reason", "test: deep in the Eichwald"}});
    const auto session = land::land_session_view(game);
    const int french = 0, imperial = 1;
    ASSERT_EQ(session->side_ids()[0], "french");

    const auto seen = session->seen_by(french);
    ASSERT_TRUE(seen.has_value()) << "land measures sight";
    EXPECT_FALSE(seen->contains("I-C1"));
    EXPECT_TRUE(seen->contains("I-I2")) << "in the open, in sight of the French";
    EXPECT_TRUE(SideView::unavailable(*session).empty());

    const SideView french_view(*session, french);
    EXPECT_FALSE(french_view.sees("I-C1"));
    EXPECT_TRUE(french_view.sees("F-C1")) << "their own";
    EXPECT_TRUE(french_view.sees("I-I2"));
    EXPECT_TRUE(french_view.sees("Kleinfeld")) << "what is no piece is no secret";
    EXPECT_FALSE(roster_has(french_view.roster(session->roster()), "I-C1"));
    EXPECT_TRUE(roster_has(french_view.roster(session->roster()), "I-I2"));
    EXPECT_FALSE(pieces_have(french_view.pieces(session->pieces()), "I-C1"));
    EXPECT_TRUE(pieces_have(french_view.pieces(session->pieces()), "F-I1"));

    // The umpire's set names I-C1: the French are told a line was written, not what it says.
    const json line = session->journal().back();
    const json told = french_view.journal_line(line);
    EXPECT_EQ(told, (json{{"fog", true}, {"seq", line["seq"]}}));
    const SideView imperial_view(*session, imperial);
    EXPECT_EQ(imperial_view.journal_line(line), line) << "the Imperialists see their own unit";

    // A code in a line's words counts as a code in its fields; a longer code is another piece.
    EXPECT_TRUE(french_view.journal_line(json{{"summary", "I-C1 charges"}}).contains("fog"));
    EXPECT_TRUE(french_view.journal_line(json{{"explanation", json::array({"screened by I-C1."})}}).contains("fog"));
    EXPECT_FALSE(french_view.journal_line(json{{"summary", "I-C10 and XI-C1 are no pieces"}}).contains("fog"));

    // Someone with no side sees no piece of either.
    const SideView nobody(*session, -1);
    EXPECT_FALSE(nobody.sees("F-I1"));
    EXPECT_FALSE(nobody.sees("I-I2"));
    EXPECT_TRUE(nobody.roster(session->roster()).empty());

    // Out of the wood into the open below it: seen again, and the line that names it with it.
    game.apply({{"do", "set"}, {"unit", "I-C1"}, {"to", {1200, 840}}, {"reason", "test: out of the wood"}});
    const SideView later(*session, french);
    EXPECT_TRUE(later.sees("I-C1"));
    EXPECT_EQ(later.journal_line(line), line);
}

const json* entry_of(const json& roster, const std::string& code) {
    for (const json& entry : roster)
        if (entry.value("code", std::string()) == code) return &entry;
    return nullptr;
}

// The umpire's choice of what a side is told of the enemy it sees (docs/rules/fog-of-war-strengths.md).
TEST(FogOfWar, EnemyStrengthsAreHiddenOrRoundedToTwoBases) {
    EXPECT_EQ(rounded_strength(0), 0);
    EXPECT_EQ(rounded_strength(1), 2) << "a unit still standing is never shown as none";
    EXPECT_EQ(rounded_strength(2), 2);
    EXPECT_EQ(rounded_strength(3), 4);
    EXPECT_EQ(rounded_strength(4), 4);
    EXPECT_EQ(rounded_strength(5), 6);
    EXPECT_EQ(fog_strengths_from("rounded"), FogStrengths::Rounded);
    EXPECT_EQ(fog_strengths_from("hidden"), FogStrengths::Hidden);
    EXPECT_EQ(fog_strengths_from("exact"), std::nullopt);

    Game game(library(), skirmish(), 5, kAdvisory);
    game.apply({{"do", "set"}, {"unit", "I-C1"}, {"to", {1200, 620}}, {"reason", "test: deep in the Eichwald"}});
    game.apply({{"do", "set"}, {"unit", "I-I2"}, {"state", "disrupted"}, {"reason", "test: shaken"}});
    const auto session = land::land_session_view(game);
    const json roster = session->roster();
    // Hidden (the default): seen, with no strength or state.
    const json hidden = SideView(*session, 0).roster(roster);
    ASSERT_NE(entry_of(hidden, "I-I2"), nullptr);
    EXPECT_FALSE(entry_of(hidden, "I-I2")->contains("bases"));
    EXPECT_FALSE(entry_of(hidden, "I-I2")->contains("state"));
    // Rounded: Salm's 5 bases are shown as 6, its state as it is; the unseen stay out; their own as before.
    const json rounded = SideView(*session, 0, FogStrengths::Rounded).roster(roster);
    const json* salm = entry_of(rounded, "I-I2");
    ASSERT_NE(salm, nullptr);
    EXPECT_EQ((*salm)["bases"], 6);
    EXPECT_EQ((*salm)["bases_rounded"], true);
    EXPECT_EQ((*salm)["state"], "disrupted");
    EXPECT_EQ(entry_of(rounded, "I-C1"), nullptr);
    ASSERT_NE(entry_of(rounded, "F-I1"), nullptr);
    EXPECT_FALSE(entry_of(rounded, "F-I1")->contains("bases")) << "a side's own strengths come with its units, exactly";
    EXPECT_TRUE(SideView(*session, -1, FogStrengths::Rounded).roster(roster).empty()) << "a spectator sees no piece";
}

TEST(FogOfWar, ASystemThatMeasuresNoSightSaysSo) {
    const auto file = kData / "scenarios" / "channel-1778.json";
    const ClaimedFile claimed = claim_file(file);
    const auto session = claimed.system->open_game(library(), file, claimed, 3);
    EXPECT_FALSE(session->seen_by(0).has_value());
    EXPECT_NE(SideView::unavailable(*session).find("no fog of war"), std::string::npos) << SideView::unavailable(*session);
}

}  // namespace fog_of_war_tests
}  // namespace fortuna::testing
