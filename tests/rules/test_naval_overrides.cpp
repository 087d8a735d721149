// SPDX-License-Identifier: MIT
// The Age of Sail: a rule of play the naval game refuses cites its section and the umpire overrules
// it with a reason the journal keeps; only the umpire overrules (issue 32, 2).
#include <gtest/gtest.h>

#include <string>

#include "fortuna/core/errors.hpp"
#include "fortuna/naval/files.hpp"
#include "naval_test_support.hpp"

namespace fortuna::naval_overrides_test {

using testing::dice;
using testing::sail;

const std::filesystem::path kNavalData = FORTUNA_TEST_DATA_DIR;

NavalSession channel_at_sea() {
    return NavalSession(sail(), read_naval_scenario_copy(kNavalData / "scenarios" / "channel-1778.json", kNavalData), 1778, kNavalData);
}

std::string naval_refused(NavalSession& session, const NavalAction& action, const std::optional<std::string>& by = std::nullopt,
                          const std::optional<std::string>& reason = std::nullopt) {
    try {
        session.apply(action, by, std::nullopt, reason);
    } catch (const RuleError& error) {
        return error.what();
    }
    return "applied";
}

TEST(NavalOverrides, ARefusedRuleCitesItsSectionAndTheUmpireOverrulesIt) {
    // Arethusa's port arc is empty (Belle Poule lies off her starboard beam), and Valiant sails once a move.
    const NavalAction port{BroadsideAction{"arethusa", "belle-poule", BroadsideSide::Port, Aim::Hull, {}, dice({4, 2})}};
    NavalSession refused = channel_at_sea();
    const std::string words = naval_refused(refused, port);
    EXPECT_NE(words.find("arc of fire"), std::string::npos) << words;
    EXPECT_NE(words.find("(The Age of Sail, Combat)"), std::string::npos) << words;
    EXPECT_NE(words.find("the umpire overrules with a reason"), std::string::npos) << words;

    NavalSession by_side = channel_at_sea();
    EXPECT_NE(naval_refused(by_side, port, std::string("british"), std::string("my captain says so")).find("only the umpire overrules"),
              std::string::npos);

    NavalSession overruled = channel_at_sea();
    ASSERT_EQ(naval_refused(overruled, port, std::nullopt, std::string("test: she wore round between the moves")), "applied");
    const AppliedNavalAction& done = overruled.game().history().back();
    ASSERT_FALSE(done.explanation.empty());
    EXPECT_EQ(done.explanation.front().rfind("overruled by the umpire: test: she wore round between the moves (", 0), 0u) << done.explanation.front();
    const nlohmann::json& line = overruled.journal().back();
    EXPECT_EQ(line.value("override", std::string()), "test: she wore round between the moves");
    EXPECT_NE(line.value("summary", std::string()).find("(overruled by the umpire: "), std::string::npos) << line.dump();
    // The journal replays the overruled broadside to the same state.
    const NavalSession replayed =
        NavalSession::replay(sail(), read_naval_scenario_copy(kNavalData / "scenarios" / "channel-1778.json", kNavalData), 1778,
                             overruled.journal(), kNavalData, "test", [](std::size_t i) { return "/journal/" + std::to_string(i); });
    EXPECT_EQ(replayed.game().to_json(), overruled.game().to_json());
}

TEST(NavalOverrides, AMoveBeyondTheAllowanceIsOverruledButNotOneOffTheTable) {
    NavalSession session = channel_at_sea();
    // Valiant on a beam reach: 15 cm (tests/rules/test_naval_game.cpp); 20 cm is beyond.
    const NavalAction far{ShipMoveAction{"valiant", 30, 60, 0, {}}};
    EXPECT_NE(naval_refused(session, far).find("(The Age of Sail, Movement)"), std::string::npos);
    EXPECT_EQ(naval_refused(session, far, std::nullopt, std::string("test: a fair gust")), "applied");
    EXPECT_EQ(session.game().ship("valiant").now.y_cm, 60);
    const NavalAction off{ShipMoveAction{"monarch", -5, 25, 0, {}}};
    EXPECT_NE(naval_refused(session, off, std::nullopt, std::string("test")).find("leaves the table"), std::string::npos);
}

}  // namespace fortuna::naval_overrides_test
