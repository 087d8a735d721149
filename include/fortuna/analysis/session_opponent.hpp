// SPDX-License-Identifier: MIT
// The programmed opponent's step, written once for every client of the seam (the CLI's play, the
// battle lab, the app's session desk): propose for the acting side, stamp who asked and why,
// apply; a proposal the rules refuse is told to the opponent and the next one is tried.
#pragma once

#include <optional>
#include <string>

#include "fortuna/seam/game_session.hpp"

namespace fortuna {

// What one step of the programmed opponent came to.
struct OpponentStep {
    enum class Result {
        Applied,           // `happened` was applied; `reason` is the opponent's why
        Decided,           // the battle is over: `reason` says how
        NotActing,         // `side` is not the side to act: the table plays the other side
        NothingToPropose,  // the opponent has nothing the rules let it do: `reason` says where
        GaveUp,            // every proposal refused `kMostRefusals` times in a row: `reason` quotes the last
        NotApplied,        // the journal could not take the line (std::system_error): nothing changed
    };
    Result result = Result::NothingToPropose;
    std::optional<Happened> happened;
    std::string reason;
    int refusals = 0;  // proposals the rules refused during this step
    bool applied() const { return result == Result::Applied; }
};

// A doctrine whose every proposal is refused this many times in a row is stuck, not unlucky
// (the longest battle shipped sees at most a handful in a row: docs/architecture.md).
inline constexpr int kMostRefusals = 200;

// One action of the programmed opponent of `side`: the proposal stamped "by": "opponent:SIDE-ID"
// and "why": its reason (unless it carries its own), applied; each refusal (RuleError) told to
// session.refused() and the next proposal tried. Never throws for a refusal or a journal failure;
// anything else (a defect) propagates.
OpponentStep opponent_step(GameSession& session, int side, int most_refusals = kMostRefusals);

// The step in words for a terminal or a status line: "#12 Sloop Swallow fires ... / why: ...",
// or the reason it stopped.
std::string describe(const OpponentStep& step);

}  // namespace fortuna
