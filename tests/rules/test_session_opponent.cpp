// SPDX-License-Identifier: MIT
// The programmed opponent's one step (session_opponent.hpp), shared by play, the lab and the desk:
// a scripted session shows each way a step ends; the Channel 1778 action shows the stamp in the journal.
#include <gtest/gtest.h>

#include <filesystem>
#include <system_error>

#include "fortuna/core/errors.hpp"
#include "fortuna/analysis/session_opponent.hpp"
#include "test_game_support.hpp"

namespace fortuna::testing {
namespace session_opponent_tests {

using nlohmann::json;

// A session whose opponent proposes from a script: each proposal's "n" says whether the rules
// take it ("ok"), refuse it ("no") or the journal fails ("disk").
class ScriptedSession final : public GameSession {
public:
    std::vector<json> script;
    std::vector<json> applied;
    std::vector<json> refused_told;
    std::vector<json> lines;
    int acting = 0;
    bool over = false;

    const RuleSystem& system() const override { return *rule_systems().front(); }
    std::string scenario_id() const override { return "scripted"; }
    std::string scenario_name() const override { return "Scripted"; }
    std::uint64_t seed() const override { return 1; }
    std::vector<std::string> side_ids() const override { return {"blue", "red"}; }
    std::vector<std::string> side_names() const override { return {"Blue", "Red"}; }
    int acting_side() const override { return acting; }
    std::string clock_label() const override { return "round 1"; }
    Happened apply(const json& action) override {
        const std::string n = action.value("n", "");
        if (n == "no") throw RuleError("not now");
        if (n == "disk") throw std::system_error(std::make_error_code(std::errc::no_space_on_device), "journal");
        applied.push_back(action);
        lines.push_back(action);
        return {static_cast<int>(applied.size()), "step", "did " + action.value("what", std::string()), {}, action};
    }
    bool undo() override { return false; }
    bool redo() override { return false; }
    bool can_undo() const override { return false; }
    bool can_redo() const override { return false; }
    const std::vector<json>& journal() const override { return lines; }
    std::size_t actions_in_effect() const override { return applied.size(); }
    void attach_journal(const std::filesystem::path&) override {}
    std::optional<std::filesystem::path> journal_file() const override { return std::nullopt; }
    void save(const std::filesystem::path&) const override {}
    std::vector<std::string> opening_notes() const override { return {}; }
    SessionOutcome outcome() const override { return {over, over ? 0 : -1, over ? "Blue holds the field" : ""}; }
    json public_state() const override { return json::object(); }
    std::vector<std::string> state_lines() const override { return {}; }
    std::optional<Proposal> propose(int) override {
        if (script.empty()) return std::nullopt;
        json next = script.front();
        script.erase(script.begin());
        return Proposal{next, "because " + next.value("what", std::string())};
    }
    void refused(int, const json& action) override { refused_told.push_back(action); }
};

TEST(SessionOpponent, AppliesTheFirstProposalTheRulesTakeAndStampsWhoAndWhy) {
    ScriptedSession session;
    session.script = {json{{"n", "no"}, {"what", "charge"}}, json{{"n", "ok"}, {"what", "volley"}}};
    const OpponentStep step = opponent_step(session, 0);
    ASSERT_TRUE(step.applied());
    EXPECT_EQ(step.refusals, 1);
    EXPECT_EQ(step.reason, "because volley");
    ASSERT_EQ(session.refused_told.size(), 1U);
    // The opponent hears of its refused proposal as it proposed it, without the stamp.
    EXPECT_EQ(session.refused_told[0], (json{{"n", "no"}, {"what", "charge"}}));
    ASSERT_EQ(session.applied.size(), 1U);
    EXPECT_EQ(session.applied[0]["by"], "opponent:blue");
    EXPECT_EQ(session.applied[0]["why"], "because volley");
    EXPECT_EQ(describe(step), "#1 did volley\n      why: because volley");
}

TEST(SessionOpponent, StopsWithItsReasonWhenItCannotAct) {
    ScriptedSession session;
    session.acting = 1;
    EXPECT_EQ(opponent_step(session, 0).result, OpponentStep::Result::NotActing);
    EXPECT_EQ(opponent_step(session, 0).reason, "Red is to act at round 1");
    EXPECT_EQ(opponent_step(session, 7).result, OpponentStep::Result::NotActing);
    const OpponentStep nothing = opponent_step(session, 1);
    EXPECT_EQ(nothing.result, OpponentStep::Result::NothingToPropose);
    EXPECT_EQ(nothing.reason, "the programmed opponent of Red has no action to propose at round 1");
    session.over = true;
    const OpponentStep decided = opponent_step(session, 1);
    EXPECT_EQ(decided.result, OpponentStep::Result::Decided);
    EXPECT_EQ(decided.reason, "Blue holds the field");
    EXPECT_TRUE(session.applied.empty());
}

TEST(SessionOpponent, GivesUpAfterTheRefusalsInARowAndSurvivesAJournalFailure) {
    ScriptedSession session;
    for (int i = 0; i < 5; ++i) session.script.push_back(json{{"n", "no"}, {"what", "march " + std::to_string(i)}});
    const OpponentStep stuck = opponent_step(session, 0, 3);
    EXPECT_EQ(stuck.result, OpponentStep::Result::GaveUp);
    EXPECT_EQ(stuck.refusals, 3);
    EXPECT_EQ(stuck.reason, "the programmed opponent's proposals were refused 3 times in a row; the last: not now");
    EXPECT_EQ(session.script.size(), 2U);  // the fourth was never asked for
    session.script = {json{{"n", "disk"}, {"what", "fire"}}};
    const OpponentStep failed = opponent_step(session, 0);
    EXPECT_EQ(failed.result, OpponentStep::Result::NotApplied);
    EXPECT_NE(failed.reason.find("not applied"), std::string::npos);
    EXPECT_TRUE(session.applied.empty());
}

TEST(SessionOpponent, TheAgeOfSailJournalKeepsWhoAskedAndWhy) {
    const std::filesystem::path file = kData / "scenarios" / "channel-1778.json";
    const ClaimedFile claimed = claim_file(file);
    const auto session = claimed.system->open_game(library(), file, claimed, 1778);
    const int side = session->acting_side();
    const OpponentStep step = opponent_step(*session, side);
    ASSERT_TRUE(step.applied()) << step.reason;
    EXPECT_FALSE(step.reason.empty());
    const json& line = session->journal().back();
    EXPECT_EQ(line.value("by", ""), "opponent:" + session->side_ids()[static_cast<std::size_t>(side)]);
    EXPECT_EQ(line.value("why", ""), step.reason);
}

}  // namespace session_opponent_tests
}  // namespace fortuna::testing
