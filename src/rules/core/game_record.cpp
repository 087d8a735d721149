// SPDX-License-Identifier: MIT
// The kept rolls and the journal of a game, for every rule system (game_record.hpp).
#include "fortuna/core/game_record.hpp"

#include <algorithm>

#include "fortuna/core/errors.hpp"

namespace fortuna {

std::optional<Roll> KeptRolls::take(std::string_view key, std::string_view slot, RollKind kind) {
    const auto found = kept_.find(slot_key(key, slot));
    if (found == kept_.end() || found->second.empty() || found->second.front().kind != kind) return std::nullopt;
    const Roll roll = found->second.front();
    found->second.erase(found->second.begin());
    if (found->second.empty()) kept_.erase(found);
    return roll;
}

std::vector<Roll> KeptRolls::draw(std::string_view key, std::string_view slot, int count, RollKind kind, Dice& dice) {
    std::vector<Roll> out;
    for (int i = 0; i < count; ++i) {
        const std::optional<Roll> kept = take(key, slot, kind);
        out.push_back(kept ? *kept : dice.roll(kind));
    }
    return out;
}

void KeptRolls::keep(std::string_view key, std::string_view slot, const std::vector<Roll>& rolls) {
    std::vector<Roll> generated;
    for (const Roll& roll : rolls)
        if (roll.source == RollSource::Generated) generated.push_back(roll);
    if (generated.empty()) return;
    auto& kept = kept_[slot_key(key, slot)];
    // First thrown first: an earlier action undone after a later one goes ahead of it, so undoing
    // twice and asking again gives the first throw back first.
    kept.insert(order_ == Order::FirstThrownFirst ? kept.begin() : kept.end(), generated.begin(), generated.end());
}

void KeptRolls::take_back(std::string_view key, std::string_view slot, const std::vector<Roll>& rolls) {
    const auto found = kept_.find(slot_key(key, slot));
    if (found == kept_.end()) return;
    auto& kept = found->second;
    // The redone action's own throws, wherever the order put them (at the front when first thrown
    // goes first: redo takes the last undone action, which went in front of every other).
    for (const Roll& roll : rolls) {
        if (roll.source != RollSource::Generated) continue;
        const auto same = std::find_if(kept.begin(), kept.end(), [&](const Roll& k) { return k.kind == roll.kind && k.value == roll.value; });
        if (same != kept.end()) kept.erase(same);
    }
    if (kept.empty()) kept_.erase(found);
}

void GameRecord::record(const nlohmann::json& line) {
    if (file_) file_->append(line);
    lines_.push_back(line);
}

std::string GameRecord::summary_of(int seq) const {
    const nlohmann::json& line = lines_.at(static_cast<std::size_t>(seq - 1));
    return line.value("summary", std::string());
}

void GameRecord::record_action(const nlohmann::json& line) {
    record(line);
    in_effect_.push_back(static_cast<int>(lines_.size()));
    undone_.clear();
}

void GameRecord::record_step(bool undoing, const nlohmann::json& context) {
    const std::string kind = undoing ? "undo" : "redo";
    const int of = undoing ? undo_target() : redo_target();
    if (of == 0) throw RuleError("there is nothing to " + kind);
    nlohmann::json line{{"seq", next_seq()}, {"do", kind}, {"of", of}, {"summary", (undoing ? "Undo #" : "Redo #") + std::to_string(of) + ": " + summary_of(of)}};
    line.update(context);
    record(line);  // the file first: a journal that cannot take it leaves both lists as they were
    auto& from = undoing ? in_effect_ : undone_;
    auto& to = undoing ? undone_ : in_effect_;
    from.pop_back();
    to.push_back(of);
}

void GameRecord::attach(const std::filesystem::path& file, const nlohmann::json& header) {
    std::vector<nlohmann::json> all;
    all.reserve(lines_.size() + 1);
    all.push_back(header);
    all.insert(all.end(), lines_.begin(), lines_.end());
    file_ = JournalFile::create(file, all);
}

std::optional<std::filesystem::path> GameRecord::file() const {
    if (!file_) return std::nullopt;
    return file_->path();
}

void GameRecord::replay(const std::vector<nlohmann::json>& lines, const std::string& file, const std::function<std::string(std::size_t)>& where,
                        const std::function<void(bool undoing)>& step,
                        const std::function<void(const nlohmann::json& line, const std::string& at)>& act) {
    lines_.reserve(lines_.size() + lines.size());
    for (std::size_t i = 0; i < lines.size(); ++i) {
        const nlohmann::json& line = lines[i];
        const std::string at = where(i);
        if (!line.is_object() || !line.contains("do") || !line["do"].is_string())
            throw DataError(file, at + "/do", "a journal line with \"do\" (an action, undo or redo)", line.dump().substr(0, 60));
        const std::string kind = line["do"].get<std::string>();
        try {
            if (kind == "undo" || kind == "redo") {
                const bool undoing = kind == "undo";
                const int next = undoing ? undo_target() : redo_target();
                const nlohmann::json of = line.value("of", nlohmann::json());
                if (next == 0 || of != next)
                    throw DataError(file, at + "/of", next == 0 ? "no " + kind + ": there is nothing to " + kind + " here" : kind + " of #" + std::to_string(next),
                                    line.contains("of") ? of.dump().substr(0, 60) : "nothing");
                step(undoing);
            } else {
                act(line, at);
            }
        } catch (const RuleError& error) {
            throw DataError(file, at, "an action that can be applied", error.what());
        }
        lines_.back() = line;
    }
}

}  // namespace fortuna
