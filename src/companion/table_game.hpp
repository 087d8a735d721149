// SPDX-License-Identifier: MIT
// The companion's one window on the game: every use of fortuna::Game's API is in this class.
#pragma once

#include <QByteArray>

#include <cstddef>
#include <functional>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include <nlohmann/json.hpp>

namespace fortuna {
class Game;
}

namespace fortuna::companion {

// A dry run of an action on a copy of the game: the rules took it, its main roll ("roll"
// slot) is of this kind, and these are the exact chances of each outcome of that roll.
// Nothing in it comes from the game's generator: it is served before the roll is made.
struct Preview {
    std::string summary;   // what every outcome's summary says before its roll, or the action's fields
    std::string roll_kind; // "d6", "2d6", "random"; "" when the action has no main roll
    nlohmann::json odds = nlohmann::json::array();  // [{"outcome", "numerator", "denominator", "percent"}]
};

class TableGame {
public:
    // Where the game is (the app may replace it; nothing while no battle is open) and how an
    // action is applied: the holder's own path (the desk's undo stack in the app), which
    // returns the rules' refusal in words or nothing when the action was applied.
    using GameSource = std::function<const Game*()>;
    using Perform = std::function<std::optional<std::string>(const nlohmann::json& action)>;
    TableGame(GameSource game, Perform perform);
    // A game held by the caller alone (fortuna-cli serve): actions go straight to Game::apply.
    static TableGame over(Game& game);

    bool has_game() const;
    std::vector<std::string> side_ids() const;
    // Journal lines so far: grows with every action, undo and redo, so it dates a state.
    std::size_t version() const;
    // Turn, clock, phase {id, name}, phasing side, per side losses against the thresholds;
    // never the seed (it would tell the generated rolls in advance).
    nlohmann::json public_state() const;
    // The side's units as its player sees them: code, name, bases, state, formation, presence.
    nlohmann::json units_of(int side) const;
    // Journal lines from index `first` on (0: all), at most `count` of them.
    nlohmann::json journal_from(std::size_t first, std::size_t count = static_cast<std::size_t>(-1)) const;
    std::optional<int> unit_side(std::string_view code) const;
    std::optional<int> general_side(std::string_view code) const;
    // Applies through the holder's path; the journal line it wrote. ApiError 409 when refused.
    nlohmann::json apply(const nlohmann::json& action);
    // The action tried on a copy for every natural roll (ApiError 409 when the rules refuse it),
    // every roll entered: none is read from the copy's generator, the real one's twin.
    Preview preview(const nlohmann::json& action) const;
    // A typed roll checked against its kind's range ("4" for a d6, "0.734" for a random
    // number), as the action's "roll" value. ApiError 400 out of range.
    nlohmann::json entered_roll(const std::string& kind, const nlohmann::json& value) const;
    // The report's board painter at this moment, as PNG.
    QByteArray board_png(int width_px) const;

private:
    const Game& game() const;  // ApiError 503 when no battle is open
    GameSource game_;
    Perform perform_;
};

}  // namespace fortuna::companion
