// SPDX-License-Identifier: MIT
// The battle lab over the seam (session_lab.hpp): one GameSession a battle, the opponents on both sides.
#include "fortuna/analysis/session_lab.hpp"

#include <algorithm>
#include <atomic>
#include <mutex>
#include <thread>

#include "fortuna/core/errors.hpp"
#include "fortuna/seam/game_session.hpp"
#include "fortuna/analysis/session_opponent.hpp"

namespace fortuna {

namespace {

// A battle of the longest scenario is a few thousand actions; the cap only stops a doctrine
// that never ends (reported as undecided).
constexpr int kMostActions = 50000;

SessionBattle play_one(const RulesLibrary& library, const std::filesystem::path& file, const ClaimedFile& claimed, std::uint64_t seed) {
    const std::unique_ptr<GameSession> session = claimed.system->open_game(library, file, claimed, seed);
    SessionBattle battle;
    battle.seed = seed;
    while (battle.actions < kMostActions) {
        // The one step every client takes (session_opponent.hpp): a refusal is told to the
        // opponent and the next proposal tried; a stuck doctrine or a decided battle stops it.
        const OpponentStep step = opponent_step(*session, session->acting_side());
        battle.refused += step.refusals;
        if (!step.applied()) break;
        ++battle.actions;
    }
    const SessionOutcome outcome = session->outcome();
    battle.decided = outcome.over;
    battle.winner = outcome.winner;
    battle.reason = outcome.reason;
    battle.clock = session->clock_label();
    return battle;
}

}  // namespace

std::vector<SessionBattle> run_session_battles(const RulesLibrary& library, const std::filesystem::path& file, const ClaimedFile& claimed,
                                               std::uint64_t seed, int battles, int jobs, const std::function<void(int)>& progress) {
    std::vector<SessionBattle> results(static_cast<std::size_t>(std::max(battles, 0)));
    const int threads = std::max(1, std::min(battles, jobs > 0 ? jobs : static_cast<int>(std::max(1u, std::thread::hardware_concurrency()))));
    std::atomic<int> next{0};
    std::atomic<int> done{0};
    std::mutex reporting;
    std::exception_ptr failure;
    const auto work = [&] {
        for (int i = next++; i < battles; i = next++) {
            try {
                results[static_cast<std::size_t>(i)] = play_one(library, file, claimed, seed + static_cast<std::uint64_t>(i));
            } catch (...) {
                const std::lock_guard lock(reporting);
                if (!failure) failure = std::current_exception();
                return;
            }
            const int finished = ++done;
            if (progress) {
                const std::lock_guard lock(reporting);
                progress(finished);
            }
        }
    };
    std::vector<std::thread> pool;
    for (int t = 1; t < threads; ++t) pool.emplace_back(work);
    work();
    for (auto& thread : pool) thread.join();
    if (failure) std::rethrow_exception(failure);
    return results;
}

nlohmann::json summarise_session_battles(const std::vector<std::string>& side_ids, const std::vector<SessionBattle>& battles) {
    nlohmann::json wins = nlohmann::json::object();
    for (const auto& id : side_ids) wins[id] = 0;
    int level = 0;
    int undecided = 0;
    double actions = 0;
    double refused = 0;
    for (const SessionBattle& battle : battles) {
        if (!battle.decided) ++undecided;
        else if (battle.winner < 0) ++level;
        else wins[side_ids.at(static_cast<std::size_t>(battle.winner))] = wins[side_ids.at(static_cast<std::size_t>(battle.winner))].get<int>() + 1;
        actions += battle.actions;
        refused += battle.refused;
    }
    const double n = battles.empty() ? 1.0 : static_cast<double>(battles.size());
    return {{"battles", battles.size()}, {"wins", wins},           {"level", level},
            {"undecided", undecided},    {"mean_actions", actions / n}, {"mean_refused", refused / n}};
}

}  // namespace fortuna
