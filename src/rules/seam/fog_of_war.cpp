// SPDX-License-Identifier: MIT
// Fog of war: the viewer's pieces and those they see, the rest left out (fog_of_war.hpp).
#include "fortuna/seam/fog_of_war.hpp"

namespace fortuna {

std::string_view to_string(FogStrengths strengths) { return strengths == FogStrengths::Rounded ? "rounded" : "hidden"; }

std::optional<FogStrengths> fog_strengths_from(std::string_view text) {
    if (text == "hidden") return FogStrengths::Hidden;
    if (text == "rounded") return FogStrengths::Rounded;
    return std::nullopt;
}

int rounded_strength(int bases) { return bases <= 0 ? 0 : 2 * ((bases + 1) / 2); }

SideView::SideView(const GameSession& session, int viewer, FogStrengths strengths) {
    // Every piece of the battle with its side: the roster (every system's pieces, on the table or not).
    const nlohmann::json roster = session.roster();
    const std::vector<std::string> ids = session.side_ids();
    std::set<std::string> others;
    for (const nlohmann::json& entry : roster) {
        if (!entry.is_object() || !entry.contains("code") || !entry["code"].is_string()) continue;
        const std::string code = entry["code"].get<std::string>();
        const std::optional<int> side = session.owner_of(code);
        if (side && *side == viewer) own_.insert(code);
        else others.insert(code);
    }
    for (const Piece& piece : session.pieces()) {
        if (piece.side == viewer) own_.insert(piece.id);
        else others.insert(piece.id);
    }
    if (viewer >= 0) {
        if (const auto seen = session.seen_by(viewer)) seen_ = *seen;
    }
    for (const std::string& code : others)
        if (!seen_.contains(code)) hidden_.insert(code);
    if (strengths == FogStrengths::Rounded && viewer >= 0) {
        // The other sides' units as their players see them, cut to what a glass would tell.
        for (int side = 0; side < static_cast<int>(ids.size()); ++side) {
            if (side == viewer) continue;
            const nlohmann::json units = session.units_of(side);
            if (!units.is_array()) continue;
            for (const nlohmann::json& unit : units) {
                if (!unit.is_object() || !unit.contains("code") || !unit["code"].is_string()) continue;
                const std::string code = unit["code"].get<std::string>();
                if (!seen_.contains(code)) continue;
                nlohmann::json told = nlohmann::json::object();
                if (unit.contains("state") && unit["state"].is_string()) told["state"] = unit["state"];
                if (unit.contains("bases") && unit["bases"].is_number_integer()) {
                    told["bases"] = rounded_strength(unit["bases"].get<int>());
                    told["bases_rounded"] = true;
                }
                if (!told.empty()) strengths_[code] = told;
            }
        }
    }
}

std::string SideView::unavailable(const GameSession& session) {
    if (session.side_ids().empty()) return "this game has no sides";
    if (!session.seen_by(0)) return "no fog of war: " + session.system().name() + " measures no line of sight yet";
    return {};
}

bool SideView::sees(std::string_view code) const { return !hidden_.contains(std::string(code)); }

nlohmann::json SideView::roster(const nlohmann::json& roster) const {
    nlohmann::json out = nlohmann::json::array();
    for (const nlohmann::json& entry : roster) {
        if (entry.is_object() && entry.contains("code") && entry["code"].is_string() && !sees(entry["code"].get<std::string>()))
            continue;
        out.push_back(entry);
        if (!strengths_.empty() && entry.is_object() && entry.contains("code") && entry["code"].is_string()) {
            const auto told = strengths_.find(entry["code"].get<std::string>());
            if (told != strengths_.end()) out.back().update(told->second);
        }
    }
    return out;
}

std::vector<Piece> SideView::pieces(const std::vector<Piece>& pieces) const {
    std::vector<Piece> out;
    for (const Piece& piece : pieces)
        if (sees(piece.id)) out.push_back(piece);
    return out;
}

namespace {

// Whether `code` stands in `text` as a word of its own ("I-C1" in "Correction: I-C1 Kürassiere",
// not in "I-C10"): codes are letters, digits and hyphens.
bool names_code(std::string_view text, std::string_view code) {
    const auto part_of_code = [](char c) {
        return (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '-' || c == '_';
    };
    for (std::size_t at = text.find(code); at != std::string_view::npos; at = text.find(code, at + 1)) {
        const bool starts = at == 0 || !part_of_code(text[at - 1]);
        const bool ends = at + code.size() == text.size() || !part_of_code(text[at + code.size()]);
        if (starts && ends) return true;
    }
    return false;
}

}  // namespace

bool SideView::names_unseen(const nlohmann::json& node) const {
    if (node.is_string()) {
        // A line's summary and explanation name pieces in their words too, not only in its fields.
        const std::string& text = node.get_ref<const std::string&>();
        for (const std::string& code : hidden_)
            if (names_code(text, code)) return true;
        return false;
    }
    if (node.is_array() || node.is_object()) {
        for (const auto& item : node) {
            if (names_unseen(item)) return true;
        }
    }
    return false;
}

nlohmann::json SideView::journal_line(const nlohmann::json& line) const {
    if (!names_unseen(line)) return line;
    nlohmann::json hidden{{"fog", true}};
    if (line.is_object() && line.contains("seq")) hidden["seq"] = line["seq"];
    return hidden;
}

}  // namespace fortuna
