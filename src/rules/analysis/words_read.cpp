// SPDX-License-Identifier: MIT
// Every sentence a person reads of a game, gathered through the seam (issue 28, item 5).
#include "fortuna/analysis/words_read.hpp"

#include <algorithm>
#include <set>
#include <string>

#include <nlohmann/json.hpp>

#include "fortuna/analysis/session_report.hpp"
#include "fortuna/seam/game_session.hpp"
#include "fortuna/sheets/sheet_content.hpp"

namespace fortuna {

namespace words_read_detail {

// Every string of a JSON value that reads as words (a space in it), for the public state and sheets.
void words_in(const nlohmann::json& value, std::vector<std::string>& out) {
    if (value.is_string()) {
        if (const std::string& text = value.get_ref<const std::string&>(); text.find(' ') != std::string::npos) out.push_back(text);
    } else if (value.is_structured()) {
        for (const auto& item : value) words_in(item, out);
    }
}

// Every value of a "name" member, at any depth.
void names_in(const nlohmann::json& value, std::set<std::string>& out) {
    if (value.is_object()) {
        for (const auto& [key, item] : value.items()) {
            if (item.is_string() && (key == "name" || key.ends_with("_name"))) out.insert(item.get<std::string>());
            else names_in(item, out);
        }
    } else if (value.is_array()) {
        for (const auto& item : value) names_in(item, out);
    }
}

}  // namespace words_read_detail

std::vector<std::string> names_in_play(const GameSession& session) {
    std::set<std::string> names{session.scenario_name()};
    for (const std::string& side : session.side_names()) names.insert(side);
    words_read_detail::names_in(session.roster(), names);
    words_read_detail::names_in(session.public_state(), names);
    for (const Ground& ground : session.ground()) names.insert(ground.name);
    names.erase("");
    std::vector<std::string> list(names.begin(), names.end());
    std::sort(list.begin(), list.end(), [](const std::string& a, const std::string& b) { return a.size() > b.size(); });
    return list;
}

std::string without_names(std::string line, const std::vector<std::string>& names) {
    for (const std::string& name : names) {
        if (name.size() < 3) continue;  // "X" itself, and letters that are words
        for (std::size_t at = line.find(name); at != std::string::npos; at = line.find(name, at + 1)) line.replace(at, name.size(), "X");
    }
    return line;
}

std::vector<std::string> words_read_in_play(GameSession& game, int most) {
    GameSession* const session = &game;
    std::vector<std::string> said;
    const auto take = [&](const std::string& text) {
        std::size_t start = 0;
        for (;;) {  // one line at a time, as the catalogue looks them up
            const std::size_t end = text.find('\n', start);
            const std::string line = text.substr(start, end == std::string::npos ? std::string::npos : end - start);
            if (line.find_first_not_of(" \t") != std::string::npos) said.push_back(line.substr(line.find_first_not_of(" \t")));
            if (end == std::string::npos) return;
            start = end + 1;
        }
    };
    const auto look = [&] {
        take(session->clock_label());
        for (const auto& line : session->state_lines()) take(line);
        for (const auto& duty : session->duties()) take(duty.words);
        for (const auto& piece : session->pieces()) take(piece.status);
        std::vector<std::string> words;
        words_read_detail::words_in(session->public_state(), words);
        for (const auto& text : words) take(text);
    };
    for (const auto& note : session->opening_notes()) take(note);
    for (int played = 0; played < most && !session->outcome().over; ++played) {
        look();
        const int side = session->acting_side();
        const auto proposal = session->propose(side < 0 ? 0 : side);
        if (!proposal) break;
        take(proposal->reason);
        try {  // a proposal the rules refuse is refused in its preview too: both are read
            const ActionPreview preview = session->preview(proposal->action);
            take(preview.summary);
            take(preview.unavailable);
            for (const auto& chance : preview.odds) take(chance.outcome);
        } catch (const std::exception& refusal) {
            take(refusal.what());
        }
        try {
            const Happened happened = session->apply(proposal->action);
            take(happened.summary);
            for (const auto& step : happened.explanation) take(step);
        } catch (const std::exception& refusal) {
            take(refusal.what());
            session->refused(side < 0 ? 0 : side, proposal->action);
        }
    }
    look();
    take(session->outcome().reason);
    for (const std::string& kind : session->sheet_kinds()) {
        const SheetContent sheet = session->sheet(kind);
        for (const std::string* text : {&sheet.title, &sheet.subject, &sheet.subtitle}) take(*text);
        for (const SheetSection& section : sheet.sections) {
            take(section.heading);
            for (const SheetBlock& block : section.blocks) {
                take(block.text);
                for (const auto& header : block.table.header) take(header);
                for (const SheetRow& row : block.table.rows)
                    for (const SheetCell& cell : row.cells) take(cell.text);
                for (const SheetTrackRow& row : block.track.rows) {
                    take(row.label);
                    for (const SheetTrackBox& box : row.boxes)
                        for (const std::string* text : {&box.corner, &box.top, &box.centre, &box.foot_left, &box.foot_right}) take(*text);
                    for (const SheetLane& lane : row.lanes) {
                        take(lane.label);
                        for (const auto& mark : lane.marks) take(mark.second);
                    }
                }
            }
        }
    }
    const std::string report = session_report_text(make_session_report(*session));
    take(report);
    std::vector<std::string> unique;
    std::set<std::string> seen;
    for (const std::string& line : said)
        if (seen.insert(line).second) unique.push_back(line);
    return unique;
}

}  // namespace fortuna
