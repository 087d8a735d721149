// SPDX-License-Identifier: MIT
// Fuzz target: a journal (*.journal, JSON lines) as crash recovery and `fortuna-cli replay` read it.
#include <cstddef>
#include <cstdint>

#include "fortuna/core/errors.hpp"
#include "fortuna/core/journal.hpp"
#include "fortuna/seam/library.hpp"
#include "fortuna/land/save.hpp"
#include "fuzz_support.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    using namespace fortuna;
    const RulesLibrary& library = fuzz::shipped_library();
    const auto& file = fuzz::write_scratch("journal", data, size);
    try {
        const JournalContents contents = read_journal(file);
        (void)contents;
        Game game = recover_game(library, file);
        (void)game.summary_json();
    } catch (const DataError&) {
    } catch (const RuleError&) {
    }
    return 0;
}
