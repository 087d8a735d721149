// SPDX-License-Identifier: MIT
// Clausewitz (seed 003) as a rule system of the seam: its files, and the check of each.
#pragma once

#include <filesystem>
#include <string>

#include <nlohmann/json.hpp>

#include "fortuna/seam/rule_system.hpp"

namespace fortuna::clausewitz {

// "clausewitz": data/tables/clausewitz.json ("fortuna-clausewitz"), data/armies/clausewitz/*.json
// ("fortuna-clausewitz-army") and its scenarios ("fortuna-clausewitz-scenario").
const fortuna::RuleSystem& clausewitz_system();

// What its check_file does, against a data folder rather than a loaded library: the file's schema
// by its "format", then the cross-checks (tables built, an army's unit types and weapons in the
// tables, a scenario's armies, brigades and objectives). Returns the file's description; throws
// DataError naming the file, the JSON pointer and what was expected.
std::string check_clausewitz_file(const std::filesystem::path& data_dir, const std::filesystem::path& file, const nlohmann::json& document);

}  // namespace fortuna::clausewitz
