// SPDX-License-Identifier: MIT
// National army tables: unit types with their factors, rally need, movement and bases.
#pragma once

#include <filesystem>
#include <optional>
#include <string>
#include <vector>

#include <nlohmann/json_fwd.hpp>

#include "fortuna/land/ruleset.hpp"

namespace fortuna {

struct Movement {
    double normal = 0;     // mm a turn
    double difficult = 0;  // change in difficult ground (printed negative)
    double road = 0;       // change on a road
    double charge = 0;     // change when charging (and, for infantry in column, seed 002 Table 1)
    double allowance(std::string_view going) const;  // "normal", "difficult", "road", "charge"
};

struct BaseSize {
    double width_mm = 0;
    double depth_mm = 0;
    int figures = 0;
};

struct UnitType {
    std::string id;    // "line-infantry"
    std::string name;  // "Line Infantry"
    Arm arm = Arm::Infantry;
    std::string kind;  // "guard", "line", "shock", "dragoons", "field" ...
    int factor_normal = 0;
    int factor_disrupted = 0;
    int rally = 0;  // in the rule set's roll units: die face or thousandths
    Movement movement;
    BaseSize base;
    int typical_bases = 0;
    std::string battery;  // artillery: which battery table ("field", "foot", "horse")
    // A unit's own infantry combat range where the rules give one (Reason: the Minutemen's
    // rifles); otherwise the rule set's infantry_combat_mm.
    std::optional<double> combat_range_mm;
    // Destiny: Uhlans and Lancers strike as another type on the first move of contact.
    std::string first_contact_as;
    bool can_dismount = false;  // dragoons mount or dismount in one move
    std::string dismounted_as;  // unit type id when dismounted
    std::string source;         // "seed 002, Table 1" or "derived: docs/rules/glaube.md#armies"
    std::string notes;

    int factor(UnitState state, Formation formation) const;
};

struct Army {
    std::string ruleset;
    std::string id;    // "france"
    std::string name;  // "France"
    std::string alliance;
    std::string source;
    std::string file;
    std::vector<UnitType> units;

    const UnitType* find(std::string_view unit_id) const;

    static Army from_json(const nlohmann::json& document, const std::string& file, const RuleSet& rules);
};

// One land rule-set file of data/tables: syntax, schema, the tables, and (unless an edited copy
// for the lab) the file named after its id. Throws DataError.
RuleSet load_ruleset_file(const std::filesystem::path& file, const std::filesystem::path& data_dir, bool named_after_id = true);
// One land army file, against its rule set; named after its id. Throws DataError.
Army load_army_file(const std::filesystem::path& file, const std::filesystem::path& data_dir, const RuleSet& rules);

}  // namespace fortuna
