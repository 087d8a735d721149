// SPDX-License-Identifier: MIT
// Builds a sheet source from a game in progress: the scenario's sheet with the live units laid over it.
#include <map>

#include "fortuna/land/game.hpp"
#include "fortuna/sheets/sheet_source.hpp"

namespace fortuna::sheets {

SheetSource source_from_game(const Game& game, const std::string& save_name) {
    SheetSource source = source_from_scenario(game.library(), game.scenario());
    source.kind = SourceKind::SavedGame;
    source.origin = "saved game " + save_name + ", turn " + std::to_string(game.clock().turn) + " (" + game.clock_text() + ")";
    source.now = game.minutes();
    std::map<std::string, const Unit*, std::less<>> live;
    for (const Unit& unit : game.units()) live[unit.id.code] = &unit;
    for (auto& side : source.sides) {
        for (auto& command : side.commands) {
            bool any_awaiting = false;
            for (auto& unit : command.units) {
                const auto found = live.find(unit.code);
                if (found == live.end()) continue;
                const Unit& now = *found->second;
                if (now.now.presence == Presence::Awaiting) {
                    any_awaiting = true;
                    continue;
                }
                unit.bases_now = now.now.bases;
                unit.state = now.now.state;
                unit.off_board = now.now.presence == Presence::OffBoard;
            }
            if (command.arrives) command.arrived = !any_awaiting;
        }
    }
    for (int side = 0; side < static_cast<int>(source.sides.size()); ++side) {
        const SideTally tally = game.tally(side);
        source.sides[static_cast<std::size_t>(side)].bases_lost = tally.bases_lost;
        source.sides[static_cast<std::size_t>(side)].bases_now_total = tally.bases_start;
    }
    for (auto& reinforcement : source.reinforcements) reinforcement.arrived = reinforcement.arrives <= *source.now;
    return source;
}

}  // namespace fortuna::sheets
