// SPDX-License-Identifier: MIT
// The recorder every new rule system shares (recorded_game.hpp), on a toy model of one die a
// throw: undo keeps the dice, a refusal changes nothing, the journal replays roll by roll.
#include <gtest/gtest.h>

#include "fortuna/core/game_record.hpp"
#include "fortuna/core/recorded_game.hpp"

namespace fortuna::testing {
namespace {

// A tally of throws: "throw" adds a d6 (typed or generated) to a named pile; a pile of more than
// 20 refuses. Small, but with everything a system's model provides.
struct ToyPiles {
    struct Action {
        std::string pile;
        std::optional<Roll> die;
    };
    struct Applied {
        Action action;
        std::string summary;
        std::vector<std::string> explanation;
        std::map<std::string, int> before;
    };
    std::map<std::string, int> piles;
    std::vector<Applied> done, undone;
    KeptRolls kept;

    const Applied& apply(Action action, Dice& dice) {
        Applied applied{action, "", {}, piles};
        if (!action.die) applied.action.die = kept.draw_one("throw:" + action.pile, "die", RollKind::D6, dice);
        if (piles[action.pile] + applied.action.die->value > 20) throw RuleError("pile " + action.pile + " would pass 20");
        piles[action.pile] += applied.action.die->value;
        applied.summary = action.pile + " +" + std::to_string(applied.action.die->value);
        done.push_back(applied);
        undone.clear();
        return done.back();
    }
    bool undo() {
        if (done.empty()) return false;
        Applied last = done.back();
        done.pop_back();
        std::swap(piles, last.before);
        kept.keep("throw:" + last.action.pile, "die", {*last.action.die});
        undone.push_back(last);
        return true;
    }
    bool redo() {
        if (undone.empty()) return false;
        Applied again = undone.back();
        undone.pop_back();
        std::swap(piles, again.before);
        kept.take_back("throw:" + again.action.pile, "die", {*again.action.die});
        done.push_back(again);
        return true;
    }
    std::size_t actions_in_effect() const { return done.size(); }
    static nlohmann::json encode(const Action& action) {
        nlohmann::json out{{"action", "throw"}, {"pile", action.pile}};
        if (action.die) out["die"] = roll_to_json(*action.die);
        return out;
    }
    static Action decode(const nlohmann::json& input) {
        Action action{input.at("pile").get<std::string>(), std::nullopt};
        if (input.contains("die")) {
            const nlohmann::json& die = input["die"];
            Roll roll{RollKind::D6, die.is_object() ? die.at("value").get<int>() : die.get<int>(), RollSource::Entered};
            if (die.is_object() && die.value("source", "") == "generated") roll.source = RollSource::Generated;
            action.die = roll;
        }
        return action;
    }
    static std::string kind(const Action&) { return "throw"; }
    nlohmann::json line_context() const { return {{"throws", done.size()}}; }
    nlohmann::json to_json() const { return piles; }
};

using ToyGame = RecordedGame<ToyPiles>;

ToyGame toy(std::uint64_t seed) { return ToyGame(ToyPiles{}, seed, {{"format", "fortuna-journal"}, {"game", "toy"}}); }

TEST(RecordedGame, UndoKeepsTheGeneratedDiceForTheSameRequest) {
    ToyGame game = toy(11);
    const int first = game.apply({"a", std::nullopt}).action.die->value;
    ASSERT_TRUE(game.undo());
    EXPECT_EQ(game.apply({"a", std::nullopt}).action.die->value, first);
    // Another pile is another request: it does not take pile a's kept die.
    ASSERT_TRUE(game.undo());
    const Dice before = game.dice();
    game.apply({"b", Roll{RollKind::D6, 6, RollSource::Entered}});
    EXPECT_EQ(game.dice().draws(), before.draws());  // a typed die draws nothing
    EXPECT_EQ(game.journal().size(), 5u);
    EXPECT_EQ(game.journal()[1]["summary"], "Undo #1: a +" + std::to_string(first));
}

TEST(RecordedGame, ARedoneActionTakesItsDiceBackFromTheKeptOnes) {
    ToyGame game = toy(11);
    const int first = game.apply({"a", std::nullopt}).action.die->value;
    ASSERT_TRUE(game.undo());
    ASSERT_TRUE(game.redo());
    // The redone throw has its die again: the next throw on pile a is a fresh one, drawn from the
    // dice (one more draw), not the redone throw's die thrown a second time.
    const std::uint64_t draws = game.dice().draws();
    game.apply({"a", std::nullopt});
    EXPECT_EQ(game.dice().draws(), draws + 1);
    EXPECT_EQ(game.model().done.front().action.die->value, first);
}

// The same toy whose lines carry a note beside the action, as The Age of Sail keeps the umpire's
// overrule: the recorder writes it, reads it back on replay, and lets the model check a line first.
struct NotedPiles : ToyPiles {
    struct Action : ToyPiles::Action {
        std::string note;
    };
    const Applied& apply(Action action, Dice& dice) {
        notes.push_back(action.note);
        return ToyPiles::apply(action, dice);
    }
    static Action decode(const nlohmann::json& input) { return {ToyPiles::decode(input), {}}; }
    static nlohmann::json line_extras(const Action& action) {
        return action.note.empty() ? nlohmann::json::object() : nlohmann::json{{"note", action.note}};
    }
    static Action decode_line(const nlohmann::json& line, const nlohmann::json& action) {
        return {ToyPiles::decode(action), line.value("note", std::string())};
    }
    void check_line(const nlohmann::json& line, const std::string& file, const std::string& at) const {
        if (!line.contains("action") || !line["action"].contains("pile") || !line["action"]["pile"].is_string())
            throw DataError(file, at + "/action/pile", "the pile thrown on, a text", line.value("action", nlohmann::json()).dump());
    }
    nlohmann::json step_context() const { return {{"step", true}}; }
    std::vector<std::string> notes;
};

TEST(RecordedGame, AModelsOwnLineWordsAreWrittenAndReadBack) {
    RecordedGame<NotedPiles> game(NotedPiles{}, 3, nlohmann::json{{"format", "fortuna-journal"}, {"game", "noted"}});
    game.apply({{"a", std::nullopt}, "the umpire says so"});
    game.apply({{"b", std::nullopt}, ""});
    game.undo();
    EXPECT_EQ(game.journal()[0]["note"], "the umpire says so");
    EXPECT_FALSE(game.journal()[1].contains("note"));
    EXPECT_EQ(game.journal()[2]["step"], true);  // step_context, not line_context, on an undo line
    EXPECT_FALSE(game.journal()[2].contains("throws"));
    const auto where = [](std::size_t i) { return "line " + std::to_string(i + 2); };
    const auto again = RecordedGame<NotedPiles>::replay(NotedPiles{}, 3, game.journal_header(), game.journal(), "noted.journal", where);
    EXPECT_EQ(again.model().notes, (std::vector<std::string>{"the umpire says so", ""}));
    EXPECT_EQ(again.journal(), game.journal());
    // check_line names the bad field before the action is decoded.
    std::vector<nlohmann::json> broken = game.journal();
    broken[1]["action"]["pile"] = 7;
    try {
        (void)RecordedGame<NotedPiles>::replay(NotedPiles{}, 3, game.journal_header(), broken, "noted.journal", where);
        ADD_FAILURE() << "a pile that is no text replayed";
    } catch (const DataError& error) {
        EXPECT_EQ(error.where(), "line 3/action/pile");
    }
}

TEST(RecordedGame, ARefusalChangesNothingNotEvenTheDice) {
    ToyGame game = toy(5);
    for (const int face : {6, 6, 6, 2}) game.apply({"a", Roll{RollKind::D6, face, RollSource::Entered}});
    const Dice before = game.dice();
    const std::size_t lines = game.journal().size();
    // Any die passes 20 now: refused, and the die it drew is given back with the rest.
    EXPECT_THROW(game.apply({"a", std::nullopt}), RuleError);
    EXPECT_EQ(game.dice().draws(), before.draws());
    EXPECT_EQ(game.dice().state(), before.state());
    EXPECT_EQ(game.model().piles.at("a"), 20);
    EXPECT_EQ(game.journal().size(), lines);
}

TEST(RecordedGame, TheJournalReplaysRollByRollAndRefusesAnother) {
    ToyGame game = toy(99);
    for (const char* pile : {"a", "b", "a", "c"}) game.apply({pile, std::nullopt});
    game.undo();
    game.undo();
    game.redo();
    game.apply({"d", Roll{RollKind::D6, 2, RollSource::Entered}});
    const auto where = [](std::size_t i) { return "/journal/" + std::to_string(i); };
    const ToyGame again = ToyGame::replay(ToyPiles{}, 99, game.journal_header(), game.journal(), "toy.save", where);
    EXPECT_EQ(again.model().to_json(), game.model().to_json());
    EXPECT_EQ(again.journal(), game.journal());
    EXPECT_EQ(again.dice().draws(), game.dice().draws());
    // Another seed throws other dice: the replay says which line and that the file is not this game's.
    try {
        (void)ToyGame::replay(ToyPiles{}, 100, game.journal_header(), game.journal(), "toy.save", where);
        ADD_FAILURE() << "another seed replayed";
    } catch (const DataError& error) {
        EXPECT_EQ(error.file(), "toy.save");
        EXPECT_EQ(error.where().rfind("/journal/", 0), 0u) << error.where();
    }
}

TEST(RecordedGame, WithoutGeneratedRollsKeepsTheTypedOnes) {
    const nlohmann::json action = {{"action", "fire"},
                                   {"dice", {{{"value", 4}, {"source", "generated"}}, {{"value", 2}, {"source", "entered"}}, 6}},
                                   {"steady", {{"value", 3}, {"source", "generated"}}}};
    const nlohmann::json stripped = without_generated_rolls(action);
    EXPECT_FALSE(stripped.contains("steady"));
    EXPECT_EQ(stripped["dice"].size(), 2u);
    EXPECT_EQ(stripped["dice"][1], 6);
}

// The two orders of kept rolls (game_record.hpp): two actions of one key undone, last first.
TEST(KeptRolls, EachOrderGivesBackTheThrowsItsSavesWereWrittenWith) {
    const Roll first{RollKind::D6, 2, RollSource::Generated}, second{RollKind::D6, 5, RollSource::Generated};
    Dice dice(1);
    KeptRolls thrown;  // every system since Game Of Kings
    thrown.keep("volley", "die", {second});
    thrown.keep("volley", "die", {first});
    EXPECT_EQ(thrown.draw_one("volley", "die", RollKind::D6, dice).value, 2);
    EXPECT_EQ(thrown.draw_one("volley", "die", RollKind::D6, dice).value, 5);
    EXPECT_TRUE(thrown.empty());
    KeptRolls undone(KeptRolls::Order::FirstUndoneFirst);  // land, release 0.1
    undone.keep("volley", "die", {second});
    undone.keep("volley", "die", {first});
    EXPECT_EQ(undone.draw_one("volley", "die", RollKind::D6, dice).value, 5);
    EXPECT_EQ(undone.draw_one("volley", "die", RollKind::D6, dice).value, 2);
}

TEST(KeptRolls, AKeptRollOfAnotherKindWaitsAndTypedRollsAreNeverKept) {
    KeptRolls kept;
    kept.keep("fire", "roll", {Roll{RollKind::Random, 734, RollSource::Generated}, Roll{RollKind::D6, 6, RollSource::Entered}});
    EXPECT_FALSE(kept.take("fire", "roll", RollKind::D6).has_value());
    const std::optional<Roll> random = kept.take("fire", "roll", RollKind::Random);
    ASSERT_TRUE(random.has_value());
    EXPECT_EQ(random->value, 734);
    EXPECT_TRUE(kept.empty()) << "the typed 6 was kept";
}

TEST(KeptRolls, ARedoneActionTakesBackItsOwnThrowsWhereverTheyAre) {
    KeptRolls kept(KeptRolls::Order::FirstUndoneFirst);
    const Roll later{RollKind::D6, 3, RollSource::Generated}, earlier{RollKind::D6, 4, RollSource::Generated};
    kept.keep("charge", "die", {later});
    kept.keep("charge", "die", {earlier});  // behind the later one in this order
    kept.take_back("charge", "die", {earlier});
    Dice dice(1);
    EXPECT_EQ(kept.draw_one("charge", "die", RollKind::D6, dice).value, 3);
    EXPECT_TRUE(kept.empty());
}

TEST(GameRecord, UndoAndRedoLinesNameTheActionAndAStrayUndoIsRefusedAtItsLine) {
    GameRecord record;
    record.record_action({{"seq", 1}, {"do", "throw"}, {"summary", "A throws 4"}});
    record.record_action({{"seq", 2}, {"do", "throw"}, {"summary", "B throws 2"}});
    record.record_undo({{"turn", 1}});
    EXPECT_EQ(record.lines().back()["summary"], "Undo #2: B throws 2");
    EXPECT_EQ(record.lines().back()["turn"], 1);
    EXPECT_EQ(record.redo_target(), 2);
    record.record_redo(nlohmann::json::object());
    EXPECT_EQ(record.lines().back()["of"], 2);
    EXPECT_FALSE(record.can_redo());
    GameRecord again;
    int steps = 0;
    try {
        again.replay({{{"do", "undo"}, {"of", 1}}}, "game.journal", [](std::size_t i) { return "line " + std::to_string(i + 1); },
                     [&](bool) { ++steps; }, [&](const nlohmann::json&, const std::string&) {});
        FAIL() << "an undo of nothing replayed";
    } catch (const DataError& error) {
        EXPECT_EQ(error.where(), "line 1/of");
        EXPECT_EQ(steps, 0);
    }
}

}  // namespace
}  // namespace fortuna::testing
