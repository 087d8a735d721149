// SPDX-License-Identifier: MIT
// The land rule sets (data/tables/*.json of format "fortuna-ruleset") and their armies
// (data/armies/<rule set>/*.json) of a data folder, as the land rule system loads them into the
// library when it opens (seam/library.hpp: each rule system loads its own tables).
#pragma once

#include <filesystem>
#include <map>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "fortuna/core/errors.hpp"
#include "fortuna/seam/library.hpp"

namespace fortuna {

struct Army;
struct RuleSet;
struct UnitType;

class LandTables final : public SystemTables {
public:
    // Every rule set in data/tables and every army in data/armies/<ruleset>/; a broken file is
    // left out and added to `problems` with what depends on it (the armies of a broken rule set),
    // everything else loads. `edited` are house edits (the battle lab's "what if", docs/lab.md):
    // each a rule set taking the place of the shipped one with its id; DataError naming the file
    // when one does not load or names no shipped rule set.
    static std::unique_ptr<LandTables> load(const std::filesystem::path& data_dir, const std::vector<std::filesystem::path>& edited,
                                            std::vector<DataError>& problems);
    ~LandTables() override;

    std::vector<const RuleSet*> rulesets() const;
    const RuleSet& ruleset(std::string_view id) const;  // throws RuleError listing known ids
    bool has_ruleset(std::string_view id) const;
    std::vector<const Army*> armies(std::string_view ruleset) const;
    const Army& army(std::string_view ruleset, std::string_view nation) const;
    // "france/line-infantry"; throws RuleError naming what is known.
    const UnitType& unit_type(std::string_view ruleset, std::string_view nation_slash_type) const;

private:
    LandTables() = default;
    // The recorded problem of a file, to say why a rule set or army is missing.
    const DataError* problem_with(const std::filesystem::path& file) const;
    std::filesystem::path data_dir_;
    std::map<std::string, std::unique_ptr<RuleSet>, std::less<>> rulesets_;
    std::map<std::string, std::map<std::string, std::unique_ptr<Army>, std::less<>>, std::less<>> armies_;
    std::vector<DataError> problems_;  // the problems of land's files
};

// The land tables of a library; RuleError when the library has none (the land system did not
// load: no tables folder).
const LandTables& land_tables(const RulesLibrary& library);

}  // namespace fortuna
