// SPDX-License-Identifier: MIT
// The benchmarks' crowded table: the test scenario's terrain and sides with `units` units of 2 bases spread over the two halves.
#pragma once

#include <string>

#include "fortuna/seam/library.hpp"
#include "fortuna/land/scenario.hpp"

namespace fortuna::bench {

// The test scenario's first command repeated until each side has units/2 units, in commands
// of 250 (the schema allows 500 a command), 40 to a row, each side on its own half.
inline Scenario crowded_table(const RulesLibrary& library, const std::string& data_dir, int units) {
    nlohmann::json document = read_json_file(data_dir + "/scenarios/test-skirmish.json");
    document["reinforcements"] = nlohmann::json::array();
    for (std::size_t side = 0; side < 2; ++side) {
        nlohmann::json& commands = document["sides"][side]["commands"];
        const nlohmann::json pattern = commands[0]["units"];
        const nlohmann::json first = commands[0];
        commands = nlohmann::json::array();
        for (int i = 0; i < units / 2; ++i) {
            if (i % 250 == 0) {
                nlohmann::json command = first;
                command.erase("general");
                command["name"] = "Brigade " + std::to_string(i / 250);
                command["units"] = nlohmann::json::array();
                commands.push_back(command);
            }
            nlohmann::json unit = pattern[static_cast<std::size_t>(i) % pattern.size()];
            unit["code"] = std::string(side ? "I-" : "F-") + std::to_string(i);
            const int col = i % 40, row = i / 40;
            unit["position"] = {{"x_mm", 20 + col * 36.5}, {"y_mm", side ? 20 + row * 22.0 : 1180 - row * 22.0}};
            unit["bases"] = 2;
            commands.back()["units"].push_back(unit);
        }
    }
    return Scenario::from_json(document, "bench", library);
}

}  // namespace fortuna::bench
