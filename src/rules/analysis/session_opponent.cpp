// SPDX-License-Identifier: MIT
// The programmed opponent's step over the seam (session_opponent.hpp), one loop for every client.
#include "fortuna/analysis/session_opponent.hpp"

#include <system_error>

#include "fortuna/core/errors.hpp"

namespace fortuna {

OpponentStep opponent_step(GameSession& session, int side, int most_refusals) {
    OpponentStep step;
    const SessionOutcome outcome = session.outcome();
    if (outcome.over) {
        step.result = OpponentStep::Result::Decided;
        step.reason = outcome.reason;
        return step;
    }
    const auto ids = session.side_ids();
    const auto names = session.side_names();
    if (side < 0 || static_cast<std::size_t>(side) >= ids.size() || session.acting_side() != side) {
        step.result = OpponentStep::Result::NotActing;
        const int acting = session.acting_side();
        step.reason = acting >= 0 && static_cast<std::size_t>(acting) < names.size()
                          ? names[static_cast<std::size_t>(acting)] + " is to act at " + session.clock_label()
                          : "no side is to act at " + session.clock_label();
        return step;
    }
    const std::string& name = names.at(static_cast<std::size_t>(side));
    for (;;) {
        const auto proposal = session.propose(side);
        if (!proposal) {
            step.result = OpponentStep::Result::NothingToPropose;
            step.reason = "the programmed opponent of " + name + " has no action to propose at " + session.clock_label();
            return step;
        }
        // The journal keeps who asked and why, as the land journal always has.
        nlohmann::json asked = proposal->action;
        if (!asked.contains("by")) asked["by"] = "opponent:" + ids.at(static_cast<std::size_t>(side));
        if (!asked.contains("why") && !proposal->reason.empty()) asked["why"] = proposal->reason;
        try {
            step.happened = session.apply(asked);
            step.result = OpponentStep::Result::Applied;
            step.reason = proposal->reason;
            return step;
        } catch (const RuleError& refusal) {
            session.refused(side, proposal->action);
            if (++step.refusals >= most_refusals) {
                step.result = OpponentStep::Result::GaveUp;
                step.reason = "the programmed opponent's proposals were refused " + std::to_string(step.refusals) +
                              " times in a row; the last: " + refusal.what();
                return step;
            }
        } catch (const std::system_error& error) {
            step.result = OpponentStep::Result::NotApplied;
            step.reason = std::string("the opponent's action was not applied: ") + error.what();
            return step;
        }
    }
}

std::string describe(const OpponentStep& step) {
    if (step.applied() && step.happened)
        return "#" + std::to_string(step.happened->seq) + " " + step.happened->summary + (step.reason.empty() ? "" : "\n      why: " + step.reason);
    return step.reason;
}

}  // namespace fortuna
