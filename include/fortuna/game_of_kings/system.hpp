// SPDX-License-Identifier: MIT
// Game Of Kings (seed 004) in the registry of rule systems.
#pragma once

#include "fortuna/seam/rule_system.hpp"

namespace fortuna::game_of_kings {

// Game Of Kings: its tables (data/tables/game-of-kings.json) and army lists (data/armies/game-of-kings/),
// each checked against its schema and cross-checked.
const fortuna::RuleSystem& game_of_kings_system();

// What the system's check_file does, for callers without a loaded library (the tests, `validate`
// before the library loads): returns the file's description, throws DataError or RuleError.
std::string check_game_of_kings_file(const std::filesystem::path& data_dir, const std::filesystem::path& file,
                                     const nlohmann::json& document);

}  // namespace fortuna::game_of_kings
