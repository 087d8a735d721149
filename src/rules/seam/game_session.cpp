// SPDX-License-Identifier: MIT
// What every GameSession answers for the table's phones before its system says more
// (game_session.hpp): owners, units and the roster from pieces(), an open list of a player's
// actions, a preview that says plainly it has no odds, typed rolls checked against their kind.
#include "fortuna/seam/game_session.hpp"

#include <algorithm>
#include <charconv>

#include "fortuna/core/chance.hpp"
#include "fortuna/core/errors.hpp"

namespace fortuna {

using nlohmann::json;

const PlayerActionKind* PlayerActions::find(std::string_view kind) const {
    const auto it = std::find_if(kinds.begin(), kinds.end(), [&](const PlayerActionKind& k) { return k.kind == kind; });
    return it == kinds.end() ? nullptr : &*it;
}

std::optional<int> GameSession::owner_of(std::string_view code) const {
    for (const Piece& piece : pieces())
        if (piece.id == code) return piece.side;
    return std::nullopt;
}

json GameSession::units_of(int side) const {
    json units = json::array();
    for (const Piece& piece : pieces())
        if (piece.side == side)
            units.push_back({{"code", piece.id}, {"name", piece.label}, {"status", piece.status}, {"x_cm", piece.x_cm},
                             {"y_cm", piece.y_cm}, {"facing_deg", piece.facing_deg}});
    return units;
}

json GameSession::roster() const {
    const auto ids = side_ids();
    json roster = json::array();
    for (const Piece& piece : pieces()) {
        const std::string side = piece.side >= 0 && static_cast<std::size_t>(piece.side) < ids.size() ? ids[static_cast<std::size_t>(piece.side)] : "";
        roster.push_back({{"code", piece.id}, {"name", piece.label}, {"side", side}, {"present", piece.status != "sunk"}});
    }
    return roster;
}

PlayerActions GameSession::player_actions() const {
    PlayerActions actions;
    actions.kind_key = "action";
    actions.open = true;
    // The pieces' own names in the systems behind the seam: a unit, a ship, a brigade, a general.
    actions.own_keys = {"unit", "ship", "brigade", "general"};
    // Where and against whom, in the words every system behind the seam uses; never a roll's slot.
    actions.open_keys = {"target", "to", "at", "facing", "formation", "objective"};
    return actions;
}

std::optional<std::set<std::string>> GameSession::seen_by(int) const { return std::nullopt; }

ActionPreview GameSession::preview(const json& action) const {
    ActionPreview preview;
    std::string text = action.is_object() && action.contains("action") && action["action"].is_string() ? action["action"].get<std::string>() : "action";
    std::string fields;
    if (action.is_object())
        for (const auto& [key, value] : action.items()) {
            if (key == "action" || key == "do" || key == "note") continue;
            fields += (fields.empty() ? "" : ", ") + key + " " + (value.is_string() ? value.get<std::string>() : value.dump());
        }
    preview.summary = fields.empty() ? text : text + ": " + fields;
    preview.unavailable = "no preview for " + system().name() + " yet";
    return preview;
}

namespace game_session_detail {

// "dice:3" (three d6 thrown together, each read alone) -> 3; nullopt for anything else.
std::optional<int> pool_size(std::string_view kind) {
    constexpr std::string_view prefix = "dice:";
    if (!kind.starts_with(prefix)) return std::nullopt;
    int count = 0;
    const auto [end, error] = std::from_chars(kind.data() + prefix.size(), kind.data() + kind.size(), count);
    if (error != std::errc() || end != kind.data() + kind.size() || count < 1 || count > 60) return std::nullopt;
    return count;
}

int one_die(const json& value) {
    const std::string text = value.is_string() ? value.get<std::string>() : value.dump();
    return parse_roll(RollKind::D6, text.empty() ? std::string("?") : text);
}

}  // namespace game_session_detail

using game_session_detail::one_die;
using game_session_detail::pool_size;

json GameSession::entered_roll(const std::string& kind_text, const json& value) const {
    if (const auto count = pool_size(kind_text)) {
        // A pool: a list of dice, or the text a phone types ("3,6,6").
        std::vector<json> dice;
        if (value.is_array()) {
            for (const json& die : value) dice.push_back(die);
        } else if (value.is_string()) {
            std::string text = value.get<std::string>();
            std::size_t start = 0;
            while (start <= text.size()) {
                const auto comma = text.find_first_of(", ", start);
                const std::string part = text.substr(start, comma == std::string::npos ? std::string::npos : comma - start);
                if (!part.empty()) dice.emplace_back(part);
                if (comma == std::string::npos) break;
                start = comma + 1;
            }
        } else {
            throw RuleError("the roll is " + std::to_string(*count) + " dice 1-6, e.g. \"3,6,6\"");
        }
        if (static_cast<int>(dice.size()) != *count)
            throw RuleError("the roll is " + std::to_string(*count) + " dice 1-6, not " + std::to_string(dice.size()));
        json out = json::array();
        for (std::size_t i = 0; i < dice.size(); ++i) out.push_back(one_die(dice[i]));
        return out;
    }
    if (!value.is_number() && !value.is_string()) throw RuleError("the roll is a number, e.g. 4 or 0.734");
    const std::string text = value.is_string() ? value.get<std::string>() : value.dump();
    RollKind kind = RollKind::D6;
    if (kind_text == "2d6") kind = RollKind::TwoD6;
    else if (kind_text == "random") kind = RollKind::Random;
    else if (kind_text != "d6") throw RuleError("no typed roll of kind '" + kind_text + "' in " + system().name());
    const int natural = parse_roll(kind, text);
    if (kind == RollKind::Random) return format_roll(kind, natural);
    return natural;
}

}  // namespace fortuna
