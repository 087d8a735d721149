// SPDX-License-Identifier: MIT
// A club's own battle (issue 31): what the scenario editor and `fortuna-cli scenario new|check`
// ask of the library. A new empty battle for a rule set, a draft read back however incomplete,
// every problem of a draft listed at once (each named by its JSON pointer, what was found and
// what was expected), and the scenario written back as a file that diffs well.
//
// Nothing here decides a rule the editor would otherwise decide: what is impassable, whether a
// unit stands on the table, whether a feature crosses itself are measured here from the board
// (Battlefield), so the editor, the command line and `play` agree.
#pragma once

#include <filesystem>
#include <string>
#include <string_view>
#include <vector>

#include <nlohmann/json.hpp>

#include "fortuna/land/scenario.hpp"
#include "fortuna/seam/scenario_files.hpp"

namespace fortuna {

class RulesLibrary;

// An empty battle for a land rule set (glaube, gloire, reason, destiny, gloire-dice): a table of
// width x depth mm, the rule set's two first nations as the sides with no units, a start and a
// dusk, no terrain. Its id and name are placeholders the editor asks the user to replace; it is
// valid against the schema and `scenario_problems` lists only that the sides have no units.
// RuleError naming the known rule sets for an unknown one, and for a table outside 200-5000 mm.
Scenario new_scenario(const RulesLibrary& library, std::string_view ruleset, double width_mm, double depth_mm);

// What can be read of a draft: every member that is present and of the right type, the rest at
// its default; unknown nations or unit types are kept as typed (unit_type stays nullptr). Throws
// DataError only when the document is not a JSON object.
Scenario read_scenario_draft(const nlohmann::json& document, const std::string& file, const RulesLibrary& library);

// Every problem of a scenario document at once, in document order: the schema's (all of them,
// each in words, not the validator's phrase), then the cross-references Scenario::from_json
// checks, then what the board says: a unit or general off the table or on impassable ground
// (Battlefield::impassable_at), a command with units but no general, a terrain outline that
// crosses itself, a reinforcement after dusk, a side with no units. Empty: the file plays.
// The schema's come first, in the order of the file; the others follow in the order the file is
// read (a command's missing general after its units). A document that is not an object, or from
// a newer Fortuna, is one problem; past kMaxScenarioProblems a last line counts the rest.
std::vector<ScenarioProblem> scenario_problems(const RulesLibrary& library, const nlohmann::json& document,
                                               const std::string& file);

// The scenario as its JSON document, members in the order the shipped files use ("format",
// "format_version", "id", "name", ... "reinforcements", "sauve_qui_peut"); what `document` held
// beyond the model (a "notes" member, a feature's "source") is kept.
nlohmann::ordered_json scenario_to_json(const Scenario& scenario);

}  // namespace fortuna
