// SPDX-License-Identifier: MIT
// Game Of Kings behind the seam (game_session.hpp): open a scenario, save or journal as a
// GameSession; the programmed opponent (the scenario's doctrine) with a reason for every action;
// saves ({"format": "fortuna-game-of-kings-save", "header", "seed", "journal", "state"}) and
// journals replayed roll by roll through the shared recorder (recorded_game.hpp).
#pragma once

#include <cstdint>
#include <filesystem>
#include <memory>
#include <optional>
#include <set>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "fortuna/game_of_kings/game.hpp"
#include "fortuna/seam/game_session.hpp"

namespace fortuna::game_of_kings {

// The journal's first line for a new game of `scenario` (its document copied in).
nlohmann::json journal_header(const Scenario& scenario, std::uint64_t seed);

// The opponent's next action for `side` with its reason, skipping actions in `refused` (their dumps).
std::optional<fortuna::Proposal> propose_action(const GameModel& game, int side, const std::set<std::string>& refused);

// Saves and journals: loading replays and compares (DataError naming the field).
Recorded load_save(const std::shared_ptr<const Tables>& tables, const std::filesystem::path& data_dir, const std::filesystem::path& file);
Recorded load_journal(const std::shared_ptr<const Tables>& tables, const std::filesystem::path& data_dir, const std::filesystem::path& file);
void save_game(const Recorded& game, const std::filesystem::path& file);

std::vector<std::string> state_lines(const GameModel& game);

// What the acting side may or must do now, in the seed's order (GameSession::duties).
std::vector<fortuna::SessionDuty> duties_of(const GameModel& game);

// A piece's bases and officer for a unit's effectiveness, as the seed's figures show it (seed 004,
// ORGANISATION; fortuna::Piece::officer_at).
void mark_effectiveness(fortuna::Piece& piece, UnitType type, int effectiveness);

// What a side's player may ask for from the table's phones (the session's player_actions).
fortuna::PlayerActions gok_player_actions();

// A game from a scenario (with `seed`), a save (the journal beside it continued when it goes
// further) or a journal; `format` as claim_file read it.
std::unique_ptr<fortuna::GameSession> open_session(const std::filesystem::path& data_dir, const std::filesystem::path& file,
                                                   const std::string& format, std::uint64_t seed);

// The game of a Game Of Kings session (its desk panels read it: the turn, the action points, the
// army points), or nullptr when `session` is another system's.
const GameModel* game_of_kings_game(const fortuna::GameSession& session);

// check_file for a scenario, save or journal (a journal's `document` is its header).
std::string check_game_file(const std::filesystem::path& data_dir, const std::filesystem::path& file, const nlohmann::json& document);

}  // namespace fortuna::game_of_kings
