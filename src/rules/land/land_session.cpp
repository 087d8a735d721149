// SPDX-License-Identifier: MIT
// The land games behind the seam: a Game seen as a GameSession, its programmed opponents from the
// scenario's doctrine, and the system's open_game (a scenario, a save, a journal after a crash).
#include "fortuna/errors.hpp"
#include "fortuna/game.hpp"
#include "fortuna/game_session.hpp"
#include "fortuna/land/system.hpp"
#include "fortuna/library.hpp"
#include "fortuna/opponent.hpp"
#include "fortuna/save.hpp"
#include "fortuna/scenario.hpp"

namespace fortuna::land {

namespace fs = std::filesystem;
using nlohmann::json;

namespace {

class LandGameSession final : public GameSession {
public:
    explicit LandGameSession(Game game) : game_(std::move(game)), doctrines_(load_doctrines(game_.library(), game_.scenario())) {
        for (int side = 0; side < 2; ++side) opponents_.emplace_back(game_, doctrines_.side(side));
        proposed_.resize(2);
    }

    const RuleSystem& system() const override { return land_system(); }
    std::string scenario_id() const override { return game_.scenario().id; }
    std::string scenario_name() const override { return game_.scenario().name; }
    std::uint64_t seed() const override { return game_.seed(); }
    std::vector<std::string> side_ids() const override {
        std::vector<std::string> ids;
        for (const auto& side : game_.scenario().sides) ids.push_back(side.id);
        return ids;
    }
    std::vector<std::string> side_names() const override {
        std::vector<std::string> names;
        for (const auto& side : game_.scenario().sides) names.push_back(side.name);
        return names;
    }
    int acting_side() const override { return game_.phasing_side(); }
    std::string clock_label() const override {
        return "turn " + std::to_string(game_.state().clock.turn) + ", " + game_.clock_text() + ", " +
               game_.scenario().sides[static_cast<std::size_t>(game_.phasing_side())].name + "'s half";
    }

    Happened apply(const json& action) override {
        const AppliedAction& applied = game_.apply(action);
        // The opponent whose proposal this was marks its subject decided for the phase.
        for (std::size_t side = 0; side < proposed_.size(); ++side)
            if (proposed_[side] && proposed_[side]->first == action) {
                opponents_[side].noted(proposed_[side]->second);
                proposed_[side].reset();
            }
        const json& line = game_.journal().back();
        return {line.value("seq", applied.seq), line.value("do", applied.kind), line.value("summary", applied.summary), applied.explanation,
                applied.input};
    }
    bool undo() override {
        if (!game_.can_undo()) return false;
        game_.undo();
        forget();
        return true;
    }
    bool redo() override {
        if (!game_.can_redo()) return false;
        game_.redo();
        forget();
        return true;
    }
    bool can_undo() const override { return game_.can_undo(); }
    bool can_redo() const override { return game_.can_redo(); }

    const std::vector<json>& journal() const override { return game_.journal(); }
    std::size_t actions_in_effect() const override { return game_.history().size(); }
    void attach_journal(const fs::path& file) override { game_.attach_journal(file); }
    std::optional<fs::path> journal_file() const override { return game_.journal_file(); }
    void save(const fs::path& file) const override { save_game(game_, file); }
    std::vector<std::string> opening_notes() const override { return {}; }

    SessionOutcome outcome() const override {
        const BattleOutcome judged = judge_battle(game_, doctrines_);
        return {judged.decided, judged.winner, judged.words};
    }
    json public_state() const override { return game_.summary_json(); }
    std::vector<std::string> state_lines() const override { return game_.summary_lines(); }

    std::optional<Proposal> propose(int side) override {
        if (side < 0 || side > 1) return std::nullopt;
        auto request = opponents_[static_cast<std::size_t>(side)].next(game_);
        if (!request) return std::nullopt;
        json action = encode_action(*request);
        proposed_[static_cast<std::size_t>(side)] = std::make_pair(action, *request);
        return Proposal{std::move(action), request->why.value_or("")};
    }
    void refused(int side, const json& action) override {
        if (side < 0 || side > 1) return;
        auto& proposed = proposed_[static_cast<std::size_t>(side)];
        const ActionRequest request = proposed && proposed->first == action ? proposed->second : decode_action(action);
        opponents_[static_cast<std::size_t>(side)].noted(request, std::string("refused by the rules"));
        proposed.reset();
    }

    const Game& game() const { return game_; }

private:
    void forget() {
        for (auto& opponent : opponents_) opponent.forget();
        for (auto& proposed : proposed_) proposed.reset();
    }
    Game game_;
    Doctrines doctrines_;
    std::vector<Opponent> opponents_;
    std::vector<std::optional<std::pair<json, ActionRequest>>> proposed_;
};

}  // namespace

std::unique_ptr<GameSession> open_land_session(const RulesLibrary& library, const fs::path& file, const std::string& format,
                                               const json& document, std::uint64_t seed) {
    if (format == "fortuna-scenario")
        return std::make_unique<LandGameSession>(Game(library, Scenario::from_json(document, file.string(), library), seed));
    if (format == "fortuna-save") return std::make_unique<LandGameSession>(load_game(library, file));
    if (format == "fortuna-journal") return std::make_unique<LandGameSession>(recover_game(library, file));
    throw RuleError(file.string() + " is a " + land_system().describe(format) + " of the land rules: there is no game to play from it " +
                    "(a scenario, a save or a journal starts or continues one)");
}

}  // namespace fortuna::land
