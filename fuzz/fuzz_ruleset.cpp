// SPDX-License-Identifier: MIT
// Fuzz target: a rule-set table file (data/tables/*.json) as RulesLibrary::load reads it.
#include <cstddef>
#include <cstdint>

#include "fortuna/core/errors.hpp"
#include "fortuna/seam/library.hpp"
#include "fortuna/land/ruleset.hpp"
#include "fuzz_support.hpp"

// Only DataError and RuleError are the loader's answers to a bad file: any other exception,
// a crash or a sanitizer report is a finding.
extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    using namespace fortuna;
    try {
        const auto document = parse_json_text(fuzz::text_of(data, size), "fuzz.json");
        validate_against_schema(document, "ruleset", "fuzz.json", FORTUNA_FUZZ_DATA_DIR);
        const RuleSet rules = RuleSet::from_json(document, "fuzz.json");
        (void)rules;
    } catch (const DataError&) {
    } catch (const RuleError&) {
    }
    return 0;
}
