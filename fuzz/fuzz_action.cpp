// SPDX-License-Identifier: MIT
// Fuzz target: `fortuna-cli play` action lines applied to a game of data/scenarios/test-skirmish.json.
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <cstdio>
#include <string>

#include "fortuna/core/errors.hpp"
#include "fortuna/land/game.hpp"
#include "fortuna/seam/library.hpp"
#include "fortuna/land/scenario.hpp"
#include "fuzz_support.hpp"

// Each input is an actions file: one JSON object a line, parsed with the limits cmd_play.cpp uses.
// Refused lines are skipped rather than ending the run, so later lines still reach deep states.
// Oracle beyond "no crash": the journal of what was applied must replay to the same position,
// which is what load_game and crash recovery rely on.
extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    using namespace fortuna;
    const RulesLibrary& library = fuzz::shipped_library();
    static const Scenario scenario = load_scenario(library, "test-skirmish");
    Game game(library, scenario, 20240601);
    const std::string text = fuzz::text_of(data, size);
    std::size_t start = 0;
    int applied = 0;
    while (start < text.size() && applied < 64) {
        std::size_t end = text.find('\n', start);
        if (end == std::string::npos) end = text.size();
        const std::string line = text.substr(start, end - start);
        start = end + 1;
        try {
            const nlohmann::json action = parse_json_text(line, "fuzz.jsonl");
            (void)game.apply(action);
            ++applied;
        } catch (const DataError&) {
        } catch (const RuleError&) {
        }
    }
    (void)game.summary_json();
    (void)game.summary_lines();
    fuzz::expect_journal_replays(library, scenario, game);
    return 0;
}
