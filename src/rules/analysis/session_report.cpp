// SPDX-License-Identifier: MIT
// The battle report over the seam (session_report.hpp).
#include "fortuna/analysis/session_report.hpp"

#include <map>
#include <set>

#include "fortuna/seam/game_session.hpp"

namespace fortuna {

namespace {

std::string escaped(const std::string& text) {
    std::string out;
    out.reserve(text.size());
    for (const char c : text) {
        switch (c) {
            case '&': out += "&amp;"; break;
            case '<': out += "&lt;"; break;
            case '>': out += "&gt;"; break;
            case '"': out += "&quot;"; break;
            case '\'': out += "&#39;"; break;
            default: out += c;
        }
    }
    return out;
}

// "Round 3" from the line's own context (the naval game's "round", a turn-based system's "turn").
std::string heading_of(const nlohmann::json& line) {
    for (const char* key : {"round", "turn"})
        if (line.contains(key) && line[key].is_number_integer())
            return std::string(1, static_cast<char>(key[0] - 'a' + 'A')) + std::string(key + 1) + " " + std::to_string(line[key].get<int>());
    return "The battle";
}

}  // namespace

SessionReport make_session_report(const GameSession& session) {
    SessionReport report;
    report.title = session.scenario_name();
    report.system = session.system().name();
    const auto& journal = session.journal();
    std::set<int> undone;
    for (const auto& line : journal) {
        const std::string kind = line.value("do", std::string());
        if (kind == "undo") undone.insert(line.value("of", 0));
        if (kind == "redo") undone.erase(line.value("of", 0));
    }
    report.undone = static_cast<int>(undone.size());
    for (const auto& line : journal) {
        const std::string kind = line.value("do", std::string());
        if (kind == "undo" || kind == "redo" || undone.count(line.value("seq", 0))) continue;
        const std::string heading = heading_of(line);
        if (report.sections.empty() || report.sections.back().heading != heading) report.sections.push_back({heading, {}});
        report.sections.back().entries.push_back(
            {line.value("seq", 0), line.value("summary", std::string()), line.value("by", std::string()), line.value("why", std::string())});
    }
    const SessionOutcome outcome = session.outcome();
    report.result = outcome.over ? outcome.reason : "Not decided: the game stands at " + session.clock_label();
    return report;
}

std::string session_report_text(const SessionReport& report) {
    std::string text = report.title + "\n" + report.system + "\n\n";
    for (const auto& section : report.sections) {
        text += section.heading + "\n";
        for (const auto& entry : section.entries) {
            text += "  #" + std::to_string(entry.seq) + " " + entry.summary + "\n";
            if (!entry.why.empty()) text += "      why: " + entry.why + "\n";
        }
        text += "\n";
    }
    text += "Result: " + report.result + "\n";
    if (report.undone > 0) text += "(" + std::to_string(report.undone) + " actions undone at the table are not told.)\n";
    return text;
}

std::string session_report_html(const SessionReport& report) {
    std::string html = "<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\"><title>" + escaped(report.title) +
                       "</title>\n<style>body{font-family:serif;max-width:46em;margin:2em auto;line-height:1.4}"
                       "h2{border-bottom:1px solid #999}li{margin:.3em 0}.why{color:#555;font-style:italic}</style></head><body>\n";
    html += "<h1>" + escaped(report.title) + "</h1>\n<p>" + escaped(report.system) + "</p>\n";
    for (const auto& section : report.sections) {
        html += "<h2>" + escaped(section.heading) + "</h2>\n<ol>\n";
        for (const auto& entry : section.entries) {
            html += "<li value=\"" + std::to_string(entry.seq) + "\">" + escaped(entry.summary);
            if (!entry.why.empty()) html += "<br><span class=\"why\">" + escaped(entry.why) + "</span>";
            html += "</li>\n";
        }
        html += "</ol>\n";
    }
    html += "<h2>Result</h2>\n<p>" + escaped(report.result) + "</p>\n";
    if (report.undone > 0) html += "<p>" + std::to_string(report.undone) + " actions undone at the table are not told.</p>\n";
    return html + "</body></html>\n";
}

}  // namespace fortuna
