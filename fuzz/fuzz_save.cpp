// SPDX-License-Identifier: MIT
// Fuzz target: a saved game (*.fortuna) through load_game's checks and `fortuna-cli replay`'s.
#include <cstddef>
#include <cstdint>

#include "fortuna/core/errors.hpp"
#include "fortuna/seam/library.hpp"
#include "fortuna/land/save.hpp"
#include "fuzz_support.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    using namespace fortuna;
    const RulesLibrary& library = fuzz::shipped_library();
    const auto& file = fuzz::write_scratch("save", data, size);
    try {
        ReplayCheck check = check_save(library, file);
        if (check.game) {
            (void)check.game->summary_json();
            (void)save_document(*check.game);
        }
    } catch (const DataError&) {
    } catch (const RuleError&) {
    }
    return 0;
}
