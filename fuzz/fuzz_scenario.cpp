// SPDX-License-Identifier: MIT
// Fuzz target: a scenario file (data/scenarios/*.json); a loaded one must also start a game.
#include <cstddef>
#include <cstdint>

#include "fortuna/core/errors.hpp"
#include "fortuna/land/game.hpp"
#include "fortuna/seam/library.hpp"
#include "fortuna/land/scenario.hpp"
#include "fuzz_support.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    using namespace fortuna;
    const RulesLibrary& library = fuzz::shipped_library();
    try {
        const auto document = parse_json_text(fuzz::text_of(data, size), "fuzz.json");
        Scenario scenario = Scenario::from_json(document, "fuzz.json", library);
        // What the app does next with a loaded scenario: a game, its summary and a save.
        Game game(library, std::move(scenario), 1);
        (void)game.summary_json();
        (void)game.summary_lines();
        (void)game.state_json();
        game.apply({{"do", "end-phase"}});
    } catch (const DataError&) {
    } catch (const RuleError&) {
    }
    return 0;
}
