// SPDX-License-Identifier: MIT
// Fuzz target: an army file (data/armies/<ruleset>/*.json) checked against its shipped rule set.
#include <cstddef>
#include <cstdint>

#include "fortuna/land/army.hpp"
#include "fortuna/land/land_tables.hpp"
#include "fortuna/core/errors.hpp"
#include "fortuna/seam/library.hpp"
#include "fuzz_support.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    using namespace fortuna;
    const RulesLibrary& library = fuzz::shipped_library();
    try {
        const auto document = parse_json_text(fuzz::text_of(data, size), "fuzz.json");
        validate_against_schema(document, "army", "fuzz.json", library.data_dir());
        // As RulesLibrary::validate does: the army is read against the rule set it names.
        const Army army = Army::from_json(document, "fuzz.json", land_tables(library).ruleset(document.value("ruleset", "")));
        (void)army;
    } catch (const DataError&) {
    } catch (const RuleError&) {
    }
    return 0;
}
