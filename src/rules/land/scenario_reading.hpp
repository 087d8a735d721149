// SPDX-License-Identifier: MIT
// The one reader of a land scenario document (scenario.cpp), shared by Scenario::from_json, the
// editor's draft and `scenario check`: each cross-reference check is written once.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "fortuna/land/scenario.hpp"
#include "fortuna/land/scenario_editing.hpp"

namespace fortuna::scenario_reading {

// What a check that fails does: throw DataError (a file that must play), add a ScenarioProblem
// (every problem at once), or nothing (a draft read for the editor).
enum class Problems { Throw, Collect, Ignore };

// A file from a newer Fortuna Belli ("format_version" above Scenario::kFormatVersion): said
// before anything else, so that a field this build does not know is not blamed instead.
std::optional<ScenarioProblem> newer_format(const nlohmann::json& document);

// Every member present and of the right type is read, the rest left at its default; elements of
// an array that are not objects are passed over. Never throws in Collect or Ignore mode.
Scenario read(const nlohmann::json& document, const std::string& file, const RulesLibrary& library, Problems mode,
              std::vector<ScenarioProblem>* problems = nullptr);

}  // namespace fortuna::scenario_reading
