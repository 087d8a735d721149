// SPDX-License-Identifier: MIT
// German all the way (issue 28, item 5): the shipped German catalogue knows every sentence a person
// reads of a game of each rule system, played by the programmed opponents. A sentence added to the
// rules without its German fails here, naming it.
#include <cstdlib>
#include <filesystem>
#include <memory>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "fortuna/analysis/words_read.hpp"
#include "fortuna/core/message_catalogue.hpp"
#include "fortuna/seam/game_session.hpp"
#include "fortuna/seam/rule_system.hpp"
#include "test_game_support.hpp"

namespace fortuna {
namespace {

struct GermanCase {
    const char* scenario;
    std::uint64_t seed;
    int most;       // actions played: enough for every family of action the opponent takes
    int unknown;    // sentences the catalogue may not know yet: a ratchet that only goes down
};

class GermanWords : public ::testing::TestWithParam<GermanCase> {};

TEST_P(GermanWords, TheGermanCatalogueKnowsWhatAGameSays) {
    const GermanCase& c = GetParam();
    const auto german = catalogue_for("de", FORTUNA_TEST_DATA_DIR);
    ASSERT_NE(german, nullptr) << "no data/words/de/";
    const std::filesystem::path file = std::filesystem::path(FORTUNA_TEST_DATA_DIR) / "scenarios" / (std::string(c.scenario) + ".json");
    const ClaimedFile claimed = claim_file(file);
    const auto session = claimed.system->open_game(testing::library(), file, claimed, c.seed);
    // Under the sanitizers (ten times slower) a third of the game: its sentences are a part of the
    // whole game's, so the whole game's ratchet holds for them too.
    const int most = std::getenv("FORTUNA_SANITIZED") != nullptr ? c.most / 3 : c.most;
    const std::vector<std::string> lines = words_read_in_play(*session, most);
    const std::vector<std::string> names = names_in_play(*session);  // they stay as the scenario writes them
    std::vector<std::string> unknown;
    for (const std::string& line : lines)
        if (!german->knows(without_names(line, names))) unknown.push_back(line);
    std::string listed;
    for (std::size_t i = 0; i < unknown.size() && i < 25; ++i) listed += "\n  " + unknown[i];
    EXPECT_LE(static_cast<int>(unknown.size()), c.unknown)
        << unknown.size() << " of " << lines.size() << " sentences have no German in data/words/de/ (fortuna-cli words corpus --scenario "
        << c.scenario << " --seed " << c.seed << " --most " << most << " | fortuna-cli words missing --language de --scenario " << c.scenario << "):" << listed;
    EXPECT_GT(lines.size(), 50U);  // a game was played and read
}

INSTANTIATE_TEST_SUITE_P(EveryRuleSystem, GermanWords,
                         ::testing::Values(GermanCase{"white-mountain-1620", 3, 150, 166}, GermanCase{"test-skirmish", 1, 150, 61},
                                           GermanCase{"channel-1778", 1, 150, 52}, GermanCase{"fontenoy-1745", 1, 150, 102},
                                           GermanCase{"quatre-bras-opening-1815", 1, 150, 133}),
                         [](const ::testing::TestParamInfo<GermanCase>& param) {
                             std::string name = param.param.scenario;
                             for (char& ch : name)
                                 if (ch == '-') ch = '_';
                             return name;
                         });

TEST(GermanWords, ShownSentencesComeOutGerman) {
    const auto german = catalogue_for("de", FORTUNA_TEST_DATA_DIR);
    ASSERT_NE(german, nullptr);
    EXPECT_NE(german->shown("Usage"), "Usage");
}

}  // namespace
}  // namespace fortuna
