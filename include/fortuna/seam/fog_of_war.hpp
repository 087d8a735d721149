// SPDX-License-Identifier: MIT
// Fog of war (issue 27, item 6), the umpire's choice: each side's players are sent the other side's
// pieces only where their own pieces see them now, and the journal's lines only where every piece
// a line names is their own or seen. The system measures sight (GameSession::seen_by: land by its
// line of sight); this decides nothing of the rules, it filters what the table's phones are sent.
// Someone with no side (a spectator) sees no piece of either side while the fog is on; the umpire
// sees all.
#pragma once

#include <map>
#include <optional>
#include <set>
#include <string>
#include <string_view>
#include <vector>

#include <nlohmann/json.hpp>

#include "fortuna/seam/game_session.hpp"

namespace fortuna {

// What a side is told of the other side's pieces it sees, the umpire's choice with the fog
// (docs/rules/fog-of-war-strengths.md): nothing of their strength or state (Hidden, the default:
// the models stand there, their losses are the umpire's to know), or their state and their
// strength rounded (Rounded: what a general's glass and his aides' reports would give).
enum class FogStrengths { Hidden, Rounded };
std::string_view to_string(FogStrengths strengths);  // "hidden", "rounded"
std::optional<FogStrengths> fog_strengths_from(std::string_view text);
// An enemy unit's bases as the rounded choice shows them: to the nearest even number, an odd one
// up (1 -> 2, 4 -> 4, 5 -> 6), so that a unit still standing is never shown as none; 0 stays 0.
int rounded_strength(int bases);

// What one viewer may see of a session now. `viewer`: a side index, or -1 for no side.
class SideView {
public:
    SideView(const GameSession& session, int viewer, FogStrengths strengths = FogStrengths::Hidden);

    // Whether the system measures sight (fog of war can be had); "" or why not.
    static std::string unavailable(const GameSession& session);

    // A piece the viewer may see: their own, or the other side's seen now. A code that is no
    // piece of the battle (a command's name, a place) is no secret.
    bool sees(std::string_view code) const;
    // The roster, the pieces to draw: the unseen other side's entries left out. With Rounded, an
    // enemy entry seen carries its "state" and its "bases" rounded (rounded_strength), marked
    // "bases_rounded": true, where the system's units_of gives them.
    nlohmann::json roster(const nlohmann::json& roster) const;
    std::vector<Piece> pieces(const std::vector<Piece>& pieces) const;
    // A journal line whole when every piece it names is seen; otherwise its number and
    // {"fog": true} only, so a page still counts the lines and pages them.
    nlohmann::json journal_line(const nlohmann::json& line) const;
    // How many of the other side's pieces on the table the viewer sees, of how many there are.
    std::size_t seen_count() const { return seen_.size(); }

private:
    bool names_unseen(const nlohmann::json& node) const;

    std::set<std::string> own_;
    std::set<std::string> seen_;
    std::set<std::string> hidden_;  // the other side's pieces not seen: what a line must not name
    std::map<std::string, nlohmann::json> strengths_;  // Rounded: code -> {"state", "bases"} of the enemy seen
};

}  // namespace fortuna
