// SPDX-License-Identifier: MIT
// Shared set-up for the game tests: the library, the test scenario, a temporary folder, random actions.
#pragma once

#include <cstdint>
#include <filesystem>
#include <fstream>
#include <functional>
#include <iterator>
#include <string>
#include <vector>

#include <unistd.h>
#ifndef _WIN32
#include <csignal>
#include <sys/wait.h>
#endif

#include <nlohmann/json.hpp>

#include "fortuna/core/chance.hpp"
#include "fortuna/land/land_tables.hpp"
#include "fortuna/core/errors.hpp"
#include "fortuna/land/game.hpp"
#include "fortuna/seam/library.hpp"
#include "fortuna/land/scenario.hpp"

namespace fortuna::testing {

inline const RulesLibrary& library() {
    static const RulesLibrary loaded = RulesLibrary::load(FORTUNA_TEST_DATA_DIR);
    return loaded;
}

inline const Scenario& skirmish() {
    static const Scenario loaded = load_scenario(library(), "test-skirmish");
    return loaded;
}

// These tests check the arithmetic of actions taken in any order, as release 0.1 allowed: the
// rules of play (issue 12) are off in their games (docs/rules/enforcement.md); the enforced
// rules have tests of their own.
inline constexpr Enforcement kAdvisory{false, false, false, false};

// A fresh folder under the system's temporary folder, removed with the object.
class TemporaryFolder {
public:
    explicit TemporaryFolder(const std::string& name)
        : path_(std::filesystem::temp_directory_path() / ("fortuna-" + name + "-" + std::to_string(::getpid()))) {
        std::filesystem::remove_all(path_);
        std::filesystem::create_directories(path_);
    }
    ~TemporaryFolder() { std::filesystem::remove_all(path_); }
    const std::filesystem::path& path() const { return path_; }

private:
    std::filesystem::path path_;
};

// The whole of a file, as bytes.
// The words of the rule that refused the action, or "applied".
inline std::string refusal(Game& game, const nlohmann::json& action) {
    try {
        game.apply(action);
    } catch (const RuleError& error) {
        return error.what();
    }
    return "applied";
}

inline std::string read_text(const std::filesystem::path& file) {
    std::ifstream in(file, std::ios::binary);
    return {std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
}

// A random but plausible action for the test scenario, drawn from its own seeded stream so
// that a failing sequence can be repeated. Some are impossible (refused): that is tested too.
inline nlohmann::json random_action(Dice& chooser) {
    static const char* const french[] = {"F-I1", "F-I2", "F-C1", "F-A1"};
    static const char* const imperial[] = {"I-I1", "I-I2", "I-C1", "I-A1", "I-D1"};
    const auto pick_f = [&] { return std::string(french[chooser.below(4)]); };
    const auto pick_i = [&] { return std::string(imperial[chooser.below(5)]); };
    const auto any = [&] { return chooser.below(2) ? pick_f() : pick_i(); };
    switch (chooser.below(16)) {
    case 0:
    case 1:
        return {{"do", "combat"}, {"attacker", pick_f()}, {"defender", pick_i()}, {"flank", chooser.below(4) == 0},
                {"attacker_leader", chooser.below(3) == 0 ? nlohmann::json("F-G1") : nlohmann::json()}};
    case 2:
        return {{"do", "combat"}, {"attacker", pick_i()}, {"defender", pick_f()}, {"charge", chooser.below(2) == 0}};
    case 3:
        return {{"do", "artillery"}, {"battery", chooser.below(2) ? "F-A1" : "I-A1"}, {"target", any()},
                {"range_mm", static_cast<double>(chooser.below(400))}};
    case 4: return {{"do", "rally"}, {"unit", any()}};
    case 5: return {{"do", "formation"}, {"unit", any()}, {"to", chooser.below(3) == 0 ? "square" : chooser.below(2) ? "column" : "line"}};
    case 6:
        return {{"do", "move"}, {"unit", any()},
                {"to", {{"x_mm", static_cast<double>(chooser.below(1500))}, {"y_mm", static_cast<double>(chooser.below(1200))}}}};
    case 7: return {{"do", "charge"}, {"unit", any()}};
    case 8: return {{"do", "crisis"}, {"side", chooser.below(2) ? "french" : "imperial"}};
    case 9: return {{"do", "set"}, {"unit", any()}, {"bases", static_cast<int>(chooser.below(6))}, {"reason", "test"}};
    case 10: return {{"do", "reinforcements"}, {"id", "dragoons-lobkowitz"}};
    case 11: return {{"do", "undo"}};
    case 12: return {{"do", "redo"}};
    case 13: return {{"do", "reroll"}};
    case 14: return {{"do", "leader"}, {"general", chooser.below(2) ? "F-G1" : "I-G1"}};
    default: return {{"do", "end-phase"}};
    }
}

#ifndef _WIN32
// A crash in the middle of play: `play` runs in a forked child and calls report(lines) each
// time its journal holds a new durable line; the parent reads `wanted` reports, SIGKILLs the
// child and reaps it. Tests of journals then check that every reported line survived.
struct KilledChild {
    std::uint32_t acknowledged = 0;  // the last journal size the child reported
    bool killed = false;             // it died of the SIGKILL, not on its own
};
inline KilledChild kill_after_reports(int wanted, const std::function<void(const std::function<void(std::uint32_t)>&)>& play) {
    int channel[2];
    if (::pipe(channel) != 0) return {};
    const pid_t child = ::fork();
    if (child < 0) return {};
    if (child == 0) {
        ::close(channel[0]);
        play([&](std::uint32_t lines) {
            if (::write(channel[1], &lines, sizeof lines) != sizeof lines) ::_exit(3);
        });
        ::_exit(0);
    }
    ::close(channel[1]);
    KilledChild run;
    for (int i = 0; i < wanted; ++i)
        if (::read(channel[0], &run.acknowledged, sizeof run.acknowledged) != sizeof run.acknowledged) break;
    ::kill(child, SIGKILL);
    int status = 0;
    ::waitpid(child, &status, 0);
    ::close(channel[0]);
    run.killed = WIFSIGNALED(status) && WTERMSIG(status) == SIGKILL;
    return run;
}
#endif

// Helpers many test files share (one definition, so that the files can also be compiled together).
inline void to_phase(Game& game, const std::string& id) {
    while (game.phase().id != id) game.apply({{"do", "end-phase"}});
}
inline std::size_t index_of(const Game& game, const std::string& code) {
    return static_cast<std::size_t>(&game.unit(code) - game.units().data());
}
inline const RuleSet& gloire_dice() { return land_tables(library()).ruleset("gloire-dice"); }
inline Roll random_number(int thousandths) { return Roll{RollKind::Random, thousandths, RollSource::Entered}; }
inline const std::filesystem::path kData = FORTUNA_TEST_DATA_DIR;

}  // namespace fortuna::testing
