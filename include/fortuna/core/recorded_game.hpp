// SPDX-License-Identifier: MIT
// A system's typed actions recorded: the journal line of each action with its rolls, the replay
// that throws the dice again and compares, and the save, for every rule system behind the seam
// (The Age of Sail, Game Of Kings, Clausewitz). The kept rolls and the journal with its undo and
// redo lines are game_record.hpp's, which the land games use too.
//
// Honest undo (STYLE.md): every roll an action uses is stored inside the action, so redo swaps
// its undo record back and never rolls. The generated rolls of an undone action are kept under
// its key (KeptRolls) and the next action with the same key takes them before any fresh roll:
// undoing a volley and firing it again gives the same dice. Dice the umpire typed are his own.
//
// A system's game model (the `Model` below) holds its state and applies its typed actions; this
// header turns it into a recorded game: every action, undo and redo a journal line that reaches
// the disk before apply() returns, a refusal that changes nothing (the dice neither), a save that
// replays roll by roll. The model provides:
//
//     using Action = ...;                      // a typed action, its rolls inside
//     using Applied = ...;                     // has .action (with its rolls), .summary and .explanation
//     const Applied& apply(Action, Dice&);     // rolls what it lacks (through its KeptRolls);
//                                              // RuleError when the rules refuse
//     bool undo(); bool redo();                // the model's own undo record; undo keeps the
//                                              // generated rolls in its KeptRolls
//     std::size_t actions_in_effect() const;
//     static nlohmann::json encode(const Action&);   // the journal's words, {"action": KIND, ...},
//                                                    // rolls as {"value": 4, "source": "generated"}
//     static Action decode(const nlohmann::json&);   // RuleError naming the bad field
//     static std::string kind(const Action&);
//     nlohmann::json line_context() const;     // added to each line: {"turn": 3, "side": "french"}
//     nlohmann::json to_json() const;          // the state, compared after a replay
//
// and may provide, for a journal whose lines carry more than the action (The Age of Sail keeps
// the umpire's overrule beside it, as its first release wrote it):
//
//     static nlohmann::json line_extras(const Action&);     // added to the action's line
//     static Action decode_line(const nlohmann::json& line, const nlohmann::json& action);
//     void check_line(const nlohmann::json& line, const std::string& file, const std::string& at) const;
//                                              // before a replayed line is decoded: DataError
//                                              // naming the bad field of the line at `at`
//     nlohmann::json step_context() const;     // added to undo and redo lines (else line_context)
#pragma once

#include <algorithm>
#include <cstdint>
#include <filesystem>
#include <functional>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include <nlohmann/json.hpp>

#include "fortuna/core/chance.hpp"
#include "fortuna/core/errors.hpp"
#include "fortuna/core/game_record.hpp"
#include "fortuna/core/journal.hpp"

namespace fortuna {

// Rolls in the journal's words: {"value": 4, "source": "generated"}; a bare number is typed.
inline nlohmann::json roll_to_json(const Roll& roll) {
    return {{"value", roll.value}, {"source", roll.source == RollSource::Generated ? "generated" : "entered"}};
}
inline nlohmann::json rolls_to_json(const std::vector<Roll>& rolls) {
    nlohmann::json list = nlohmann::json::array();
    for (const Roll& roll : rolls) list.push_back(roll_to_json(roll));
    return list;
}

// The action with every generated roll taken out (so a replay throws them again from the seed and
// compares), typed rolls left in: any {"value", "source": "generated"} object, wherever it is.
inline nlohmann::json without_generated_rolls(const nlohmann::json& action) {
    const auto generated = [](const nlohmann::json& node) {
        return node.is_object() && node.contains("source") && node["source"] == "generated" && node.contains("value");
    };
    if (action.is_object()) {
        nlohmann::json out = nlohmann::json::object();
        for (const auto& [key, value] : action.items())
            if (!generated(value)) out[key] = without_generated_rolls(value);
        return out;
    }
    if (action.is_array()) {
        nlohmann::json out = nlohmann::json::array();
        for (const auto& value : action)
            if (!generated(value)) out.push_back(without_generated_rolls(value));
        return out;
    }
    return action;
}

template <class Model>
class RecordedGame {
public:
    using Action = typename Model::Action;
    using Applied = typename Model::Applied;

    // `header` is the journal's first line: {"format": "fortuna-journal", "game": SYSTEM ID,
    // "scenario": {"id", "document"}, "seed": "N", ...}; the recorder adds nothing to it.
    RecordedGame(Model model, std::uint64_t seed, nlohmann::json header)
        : model_(std::move(model)), seed_(seed), dice_(seed), header_(std::move(header)) {}
    RecordedGame(RecordedGame&&) noexcept = default;
    RecordedGame& operator=(RecordedGame&&) noexcept = default;

    const Model& model() const { return model_; }
    std::uint64_t seed() const { return seed_; }
    const Dice& dice() const { return dice_; }
    const nlohmann::json& journal_header() const { return header_; }
    const std::vector<nlohmann::json>& journal() const { return record_.lines(); }
    bool can_undo() const { return record_.can_undo(); }
    bool can_redo() const { return record_.can_redo(); }

    // Applies an action, rolling what it lacks; a RuleError leaves the game and the dice as they
    // were (the rolls an undo kept included), as if never asked. A journal that cannot take the
    // line undoes it and throws std::system_error.
    // `by` and `why` (who asked, the programmed opponent's reason) go into the journal line.
    const Applied& apply(Action action, const std::optional<std::string>& by = std::nullopt,
                         const std::optional<std::string>& why = std::nullopt) {
        Model before = model_;
        const Dice dice_before = dice_;
        nlohmann::json extras = nlohmann::json::object();
        if constexpr (requires { Model::line_extras(action); }) extras = Model::line_extras(action);
        try {
            const Applied& done = model_.apply(std::move(action), dice_);
            nlohmann::json line{{"seq", record_.next_seq()}, {"do", Model::kind(done.action)}, {"summary", done.summary}, {"action", Model::encode(done.action)}};
            line.update(before.line_context());
            line.update(extras);
            if (by) line["by"] = *by;
            if (why) line["why"] = *why;
            record_.record_action(line);
            return done;
        } catch (...) {
            model_ = std::move(before);
            dice_ = dice_before;
            throw;
        }
    }
    // The same from the journal's words; {"action": "undo"} and {"action": "redo"} undo and redo;
    // "by" and "why" beside the action's own keys go into the line. Returns the journal line written.
    const nlohmann::json& apply_json(const nlohmann::json& input) {
        if (!input.is_object())
            throw RuleError("an action is a JSON object with \"action\": its kind, not " + input.dump().substr(0, 40));
        const std::string kind = input.is_object() && input.contains("action") && input["action"].is_string() ? input["action"].get<std::string>() : "";
        if (kind == "undo" || kind == "redo") {
            if (!(kind == "undo" ? undo() : redo())) throw RuleError("there is nothing to " + kind);
        } else {
            nlohmann::json bare = input;
            std::optional<std::string> by, why;
            if (bare.contains("by") && bare["by"].is_string()) by = bare["by"].get<std::string>();
            if (bare.contains("why") && bare["why"].is_string()) why = bare["why"].get<std::string>();
            bare.erase("by");
            bare.erase("why");
            // Only the umpire overrules a rule of play (issue 32): a side's phone or the programmed
            // opponent ("by") sends no override. `by` absent or beginning "umpire" is the umpire.
            for (const char* key : {"override", "overrule"})
                if (by && by->rfind("umpire", 0) != 0 && bare.contains(key))
                    throw RuleError(std::string(key) + ": only the umpire overrules a rule; this action is by " + *by);
            apply(Model::decode(bare), by, why);
        }
        return record_.lines().back();
    }

    bool undo() {
        if (!record_.can_undo()) return false;
        // The line first: a journal that cannot take it leaves the game as it was.
        record_.record_undo(step_context());
        model_.undo();
        return true;
    }
    bool redo() {
        if (!record_.can_redo()) return false;
        record_.record_redo(step_context());
        model_.redo();
        return true;
    }

    // Writes the header and every line so far (an existing journal of exactly these lines is
    // continued; one of another game is refused with JournalConflict), then each new line.
    void attach_journal(const std::filesystem::path& file) { record_.attach(file, header_); }
    void detach_journal() { record_.detach(); }
    std::optional<std::filesystem::path> journal_file() const { return record_.file(); }

    // Rebuilds the game from journal lines on a fresh model: each action's generated rolls are
    // thrown again from the seed and must equal the recorded ones, typed rolls are used as typed.
    // A line that does not replay is a DataError naming `file` and `where(i)` ("/journal/3").
    static RecordedGame replay(Model fresh, std::uint64_t seed, nlohmann::json header, const std::vector<nlohmann::json>& lines,
                               const std::string& file, const std::function<std::string(std::size_t)>& where) {
        RecordedGame game(std::move(fresh), seed, std::move(header));
        game.record_.replay(
            lines, file, where, [&](bool undoing) { undoing ? game.undo() : game.redo(); },
            [&](const nlohmann::json& line, const std::string& at) {
                const nlohmann::json recorded = line.contains("action") ? line["action"] : nlohmann::json();
                if constexpr (requires { game.model_.check_line(line, file, at); }) game.model_.check_line(line, file, at);
                try {
                    const Applied& done = game.apply(decode_line(line, without_generated_rolls(recorded)));
                    const nlohmann::json replayed = Model::encode(done.action);
                    if (replayed != recorded)
                        throw DataError(file, at + "/action", "the recorded action and rolls " + recorded.dump().substr(0, 200),
                                        "replay gave " + replayed.dump().substr(0, 200) + ": the file does not belong to this scenario and seed");
                } catch (const RuleError& error) {
                    throw DataError(file, at + "/action", "an action the rules allow at this point", error.what());
                }
            });
        return game;
    }

private:
    static Action decode_line(const nlohmann::json& line, const nlohmann::json& action) {
        if constexpr (requires { Model::decode_line(line, action); })
            return Model::decode_line(line, action);
        else
            return Model::decode(action);
    }
    nlohmann::json step_context() const {
        if constexpr (requires { model_.step_context(); })
            return model_.step_context();
        else
            return model_.line_context();
    }

    Model model_;
    std::uint64_t seed_;
    Dice dice_;
    nlohmann::json header_;
    GameRecord record_;
};

}  // namespace fortuna
