// SPDX-License-Identifier: MIT
// The battle lab: battles played on every core, and their summary with 95 % intervals.
#include <algorithm>
#include <atomic>
#include <cmath>
#include <cstdio>
#include <functional>
#include <mutex>
#include <optional>
#include <thread>

#include "fortuna/land/battle_lab.hpp"
#include "fortuna/land/game.hpp"
#include "fortuna/seam/library.hpp"
#include "core/json_reader.hpp"

namespace fortuna {

using nlohmann::json;

LabBattle run_battle(const RulesLibrary& library, const Scenario& scenario, const Doctrines& doctrines, std::uint64_t seed) {
    Game game(library, scenario, seed);
    const AutoPlay play = play_opponents(game, doctrines, {0, 1});
    LabBattle battle;
    battle.seed = seed;
    battle.outcome = play.outcome;
    battle.applied = play.applied;
    battle.with_reason = play.with_reason;
    battle.refused = play.refused;
    battle.overruled = play.overruled;
    for (int s = 0; s < 2; ++s) {
        battle.crises[static_cast<std::size_t>(s)] = game.state().sides[static_cast<std::size_t>(s)].crises;
        battle.percent_lost[static_cast<std::size_t>(s)] = game.tally(s).percent_lost;
    }
    return battle;
}

std::vector<LabBattle> run_battles(const RulesLibrary& library, const Scenario& scenario, const Doctrines& doctrines,
                                   std::uint64_t first_seed, int battles, int jobs, const std::function<void(int)>& progress,
                                   const std::atomic<bool>* stop) {
    std::vector<std::optional<LabBattle>> results(static_cast<std::size_t>(std::max(0, battles)));
    if (jobs <= 0) jobs = static_cast<int>(std::max(1u, std::thread::hardware_concurrency()));
    jobs = std::clamp(jobs, 1, std::max(1, battles));
    std::atomic<int> next{0};
    std::atomic<int> done{0};
    std::mutex report;
    std::exception_ptr failure;
    const auto work = [&] {
        for (int i = next++; i < battles; i = next++) {
            if (stop != nullptr && *stop) return;
            try {
                results[static_cast<std::size_t>(i)] = run_battle(library, scenario, doctrines, first_seed + static_cast<std::uint64_t>(i));
            } catch (...) {
                const std::lock_guard lock(report);
                if (!failure) failure = std::current_exception();
                next = battles;  // stop the others
                return;
            }
            const int finished = ++done;
            if (progress) {
                const std::lock_guard lock(report);
                progress(finished);
            }
        }
    };
    std::vector<std::thread> threads;
    for (int j = 1; j < jobs; ++j) threads.emplace_back(work);
    work();
    for (std::thread& t : threads) t.join();
    if (failure) std::rethrow_exception(failure);
    std::vector<LabBattle> finished;
    for (auto& battle : results)
        if (battle) finished.push_back(std::move(*battle));
    return finished;
}

std::array<double, 2> wilson_interval(int hits, int n) {
    if (n <= 0) return {0, 1};
    constexpr double z = 1.959963984540054;
    const double p = static_cast<double>(hits) / n;
    const double denominator = 1 + z * z / n;
    const double centre = (p + z * z / (2.0 * n)) / denominator;
    const double half = z * std::sqrt(p * (1 - p) / n + z * z / (4.0 * n * n)) / denominator;
    return {std::max(0.0, centre - half), std::min(1.0, centre + half)};
}

namespace {

double round_to(double value, int decimals) {
    const double f = std::pow(10.0, decimals);
    return std::round(value * f) / f;
}

// Mean with a 95 % normal interval; median, least and greatest.
json describe(std::vector<double> values, int decimals) {
    if (values.empty()) return json{{"count", 0}};
    std::sort(values.begin(), values.end());
    const double n = static_cast<double>(values.size());
    double sum = 0;
    for (double v : values) sum += v;
    const double mean = sum / n;
    double squares = 0;
    for (double v : values) squares += (v - mean) * (v - mean);
    const double sd = values.size() > 1 ? std::sqrt(squares / (n - 1)) : 0;
    const double half = 1.959963984540054 * sd / std::sqrt(n);
    return {{"count", values.size()},
            {"mean", round_to(mean, decimals)},
            {"ci95", {round_to(mean - half, decimals), round_to(mean + half, decimals)}},
            {"median", round_to(values[values.size() / 2], decimals)},
            {"min", round_to(values.front(), decimals)},
            {"max", round_to(values.back(), decimals)}};
}

json share(int hits, int n) {
    const auto ci = wilson_interval(hits, n);
    return {{"count", hits}, {"share", n > 0 ? round_to(static_cast<double>(hits) / n, 4) : 0.0},
            {"ci95", {round_to(ci[0], 4), round_to(ci[1], 4)}}};
}

std::string lab_percent(double share) {
    char text[16];
    std::snprintf(text, sizeof text, "%.1f%%", share * 100);
    return text;
}

std::string share_text(const json& share) {
    const auto& ci = share["ci95"];
    return lab_percent(share["share"].get<double>()) + " (" + lab_percent(ci[0].get<double>()) + "-" +
           lab_percent(ci[1].get<double>()) + ")";
}

std::string mean_text(const json& d, const std::string& unit) {
    if (!d.contains("mean")) return "-";
    char text[96];
    std::snprintf(text, sizeof text, "%.1f%s (%.1f-%.1f)", d["mean"].get<double>(), unit.c_str(), d["ci95"][0].get<double>(),
                  d["ci95"][1].get<double>());
    return text;
}

}  // namespace

json summarise_battles(const Scenario& scenario, const std::vector<LabBattle>& battles) {
    const int n = static_cast<int>(battles.size());
    std::map<std::string, int> winners, hows;
    std::array<int, 2> collapsed{}, struck{};
    std::vector<double> margins, minutes, lost_a, lost_b, actions;
    int with_reason = 0, applied = 0, refused = 0, overruled = 0;
    for (const LabBattle& b : battles) {
        const std::string winner = b.outcome.winner < 0 ? "draw" : scenario.sides[static_cast<std::size_t>(b.outcome.winner)].id;
        ++winners[winner];
        ++hows[b.outcome.how.empty() ? "undecided" : b.outcome.how];
        if (b.outcome.how == "sauve-qui-peut" && b.outcome.loser >= 0) ++collapsed[static_cast<std::size_t>(b.outcome.loser)];
        for (std::size_t s = 0; s < 2; ++s)
            if (b.crises[s] > 0) ++struck[s];
        margins.push_back(b.outcome.judgement.margin);
        minutes.push_back(b.outcome.minutes - scenario.start);
        lost_a.push_back(b.percent_lost[0]);
        lost_b.push_back(b.percent_lost[1]);
        actions.push_back(b.applied);
        with_reason += b.with_reason;
        refused += b.refused;
        overruled += b.overruled;
        applied += b.applied;
    }
    json outcomes = json::object(), shares = json::object(), how = json::object();
    for (const SideSetup& side : scenario.sides) winners.try_emplace(side.id, 0);
    winners.try_emplace("draw", 0);
    for (const auto& [winner, count] : winners) {
        outcomes[winner] = count;
        shares[winner] = share(count, n);
    }
    for (const auto& [name, count] : hows) how[name] = share(count, n);
    json collapses = json::object(), crises = json::object(), lost = json::object();
    for (std::size_t s = 0; s < 2; ++s) {
        collapses[scenario.sides[s].id] = share(collapsed[s], n);
        crises[scenario.sides[s].id] = share(struck[s], n);
    }
    lost[scenario.sides[0].id] = describe(lost_a, 1);
    lost[scenario.sides[1].id] = describe(lost_b, 1);
    json decided = describe(minutes, 1);
    if (decided.contains("mean")) {
        decided["mean_clock"] = format_clock(scenario.start + static_cast<int>(std::lround(decided["mean"].get<double>())));
        decided["median_clock"] = format_clock(scenario.start + static_cast<int>(std::lround(decided["median"].get<double>())));
    }
    return {{"scenario", scenario.id},
            {"battles", n},
            {"outcomes", outcomes},
            {"outcome_shares", shares},
            {"ended_by", how},
            {"margin", describe(margins, 2)},
            {"minutes_to_decision", decided},
            {"sauve_qui_peut", collapses},
            {"crisis_struck", crises},
            {"percent_lost", lost},
            {"actions_per_battle", describe(actions, 1)},
            {"actions_with_reason", applied > 0 ? round_to(static_cast<double>(with_reason) / applied, 4) : 0.0},
            {"proposals_refused", refused},
            {"phases_ended_by_override", overruled}};
}

// Only what summarise_battles reads: the winner, loser and how by side index, the margin and
// the losses as the doubles they were (nlohmann writes the shortest text that reads back equal).
json battle_record(const LabBattle& b) {
    return {{"seed", b.seed},
            {"winner", b.outcome.winner},
            {"loser", b.outcome.loser},
            {"how", b.outcome.how},
            {"minutes", b.outcome.minutes},
            {"margin", b.outcome.judgement.margin},
            {"applied", b.applied},
            {"with_reason", b.with_reason},
            {"refused", b.refused},
            {"overruled", b.overruled},
            {"crises", b.crises},
            {"percent_lost", b.percent_lost}};
}

LabBattle battle_from_record(const json& record, const std::string& file, const std::string& pointer) {
    const detail::JsonReader in(record, file, pointer);
    if (!record.is_object()) in.fail("a battle record {\"seed\": 1, \"winner\": 0, ...}");
    LabBattle b;
    if (!record.contains("seed") || !record["seed"].is_number_unsigned()) in.fail_at("seed", "the battle's seed, a whole number 0 or more");
    b.seed = record["seed"].get<std::uint64_t>();
    b.outcome.winner = in.integer("winner");
    b.outcome.loser = in.integer("loser");
    for (const int side : {b.outcome.winner, b.outcome.loser})
        if (side < -1 || side > 1) in.fail_at(side == b.outcome.winner ? "winner" : "loser", "a side: 0, 1, or -1 for none");
    b.outcome.how = in.string("how");
    b.outcome.decided = !b.outcome.how.empty();
    b.outcome.minutes = in.integer("minutes");
    b.outcome.judgement.margin = in.number("margin");
    b.applied = in.integer("applied");
    b.with_reason = in.integer("with_reason");
    b.refused = in.integer("refused");
    b.overruled = in.integer("overruled");
    for (const char* key : {"crises", "percent_lost"}) {
        const detail::JsonReader pair = in.at(key);
        if (!pair.node().is_array() || pair.size() != 2) pair.fail("two numbers, one a side");
    }
    for (std::size_t s = 0; s < 2; ++s) {
        b.crises[s] = in.at("crises").at(s).as_integer();
        const detail::JsonReader lost = in.at("percent_lost").at(s);
        if (!lost.node().is_number()) lost.fail("a percentage");
        b.percent_lost[s] = lost.node().get<double>();
    }
    return b;
}

std::vector<std::string> lab_table(const Scenario& scenario, const std::vector<std::pair<std::string, json>>& runs) {
    std::vector<std::string> lines;
    // The names in full (issue 28: "won by Imperialists and Catholi"): the first column is as
    // wide as its longest name.
    std::size_t first = 34;
    for (const SideSetup& side : scenario.sides)
        first = std::max({first, std::string("won by ").size() + side.name.size() + 2, std::string("sauve-qui-peut of ").size() + side.id.size() + 2});
    const auto row = [&](const std::string& name, const std::function<std::string(const json&)>& cell) {
        std::string line = name;
        line.resize(std::max<std::size_t>(line.size() + 1, first), ' ');
        for (const auto& [label, summary] : runs) {
            std::string text = cell(summary);
            text.resize(std::max<std::size_t>(text.size() + 1, 30), ' ');
            line += text;
        }
        while (!line.empty() && line.back() == ' ') line.pop_back();
        lines.push_back(line);
    };
    std::string header(first, ' ');
    for (const auto& [label, summary] : runs) {
        std::string text = label;
        text.resize(std::max<std::size_t>(text.size() + 1, 30), ' ');
        header += text;
    }
    while (!header.empty() && header.back() == ' ') header.pop_back();
    lines.push_back(header);
    row("battles", [](const json& s) { return std::to_string(s["battles"].get<int>()); });
    for (const SideSetup& side : scenario.sides)
        row("won by " + side.name, [&](const json& s) { return share_text(s["outcome_shares"][side.id]); });
    row("drawn", [](const json& s) { return share_text(s["outcome_shares"]["draw"]); });
    for (const std::string how : {"sauve-qui-peut", "broke off", "dusk", "stalled"})
        row("  ended by " + how, [&](const json& s) { return s["ended_by"].contains(how) ? share_text(s["ended_by"][how]) : "-"; });
    for (const SideSetup& side : scenario.sides)
        row("sauve-qui-peut of " + side.id, [&](const json& s) { return share_text(s["sauve_qui_peut"][side.id]); });
    for (const SideSetup& side : scenario.sides)
        row("losses of " + side.id, [&](const json& s) { return mean_text(s["percent_lost"][side.id], "%"); });
    row("victory margin", [](const json& s) { return mean_text(s["margin"], ""); });
    row("decided after (minutes)", [](const json& s) {
        return mean_text(s["minutes_to_decision"], "") +
               (s["minutes_to_decision"].contains("mean_clock") ? " ~" + s["minutes_to_decision"]["mean_clock"].get<std::string>() : "");
    });
    row("actions with a reason", [](const json& s) { return lab_percent(s["actions_with_reason"].get<double>()); });
    row("proposals the rules refused", [](const json& s) { return std::to_string(s["proposals_refused"].get<int>()); });
    row("phases ended by override", [](const json& s) { return std::to_string(s["phases_ended_by_override"].get<int>()); });
    return lines;
}

}  // namespace fortuna
