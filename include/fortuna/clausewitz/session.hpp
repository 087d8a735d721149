// SPDX-License-Identifier: MIT
// Clausewitz (seed 003) through the game-session seam: a new game from a scenario, a save
// continued (with the journal beside it when that goes further), a journal recovered.
#pragma once

#include <cstdint>
#include <filesystem>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "fortuna/clausewitz/game.hpp"
#include "fortuna/seam/game_session.hpp"
#include "fortuna/seam/library.hpp"

namespace fortuna::clausewitz {

inline constexpr std::string_view kTablesFormat = "fortuna-clausewitz";
inline constexpr std::string_view kArmyFormat = "fortuna-clausewitz-army";
inline constexpr std::string_view kScenarioFormat = "fortuna-clausewitz-scenario";
inline constexpr std::string_view kSaveFormat = "fortuna-clausewitz-save";
inline constexpr std::string_view kJournalFormat = "fortuna-clausewitz-journal";

std::unique_ptr<GameSession> new_clausewitz_session(const RulesLibrary& library, const std::filesystem::path& scenario_file, std::uint64_t seed);
// `format` as claim_file read it: a scenario, a save or a journal.
std::unique_ptr<GameSession> open_clausewitz_session(const RulesLibrary& library, const std::filesystem::path& file, const std::string& format,
                                                     std::uint64_t seed);
// The model of a Clausewitz session (for a desk's panels to read), or nullptr for another system's.
const Game* clausewitz_game(const GameSession& session);
// What the side acting may or must do now (the session's duties): draw a chip, activate a
// brigade by its general, the reactions on offer (D68), end the activation.
std::vector<SessionDuty> clausewitz_duties(const Game& game);
// A save or journal checked by replaying it (a save's state compared); DataError naming the field.
std::string check_clausewitz_game_file(const RulesLibrary& library, const std::filesystem::path& file, const std::string& format);
std::vector<std::string> clausewitz_state_lines(const Game& game);
// What a side's player may ask for from the table's phones (the session's player_actions).
PlayerActions clausewitz_player_actions();
// The session's preview of `action` (Game::foresee in the seam's words); RuleError as apply refuses.
ActionPreview clausewitz_preview(const Game& game, bool can_undo, bool can_redo, const nlohmann::json& action);

}  // namespace fortuna::clausewitz
