// SPDX-License-Identifier: MIT
// The battle report of any rule system behind the seam: the actions in effect, round by round
// (or turn by turn), each with the reason its commander gave, and the result.
#pragma once

#include <string>
#include <vector>

namespace fortuna {

class GameSession;

struct SessionReportEntry {
    int seq = 0;
    std::string summary;
    std::string by;   // "opponent:british", or "" for the table
    std::string why;  // the programmed opponent's reason
};

struct SessionReportSection {
    std::string heading;  // "Round 3"
    std::vector<SessionReportEntry> entries;
};

struct SessionReport {
    std::string title;   // the scenario's name
    std::string system;  // the rule system's name
    std::vector<SessionReportSection> sections;
    std::string result;  // the outcome in words, or where the game stands
    int undone = 0;      // actions undone and not redone: not in the report
};

// Walks the journal: an action undone (and not redone) is left out, as it never happened at the table.
SessionReport make_session_report(const GameSession& session);
std::string session_report_text(const SessionReport& report);
// A page that stands alone (no script, no outside resource), every text escaped.
std::string session_report_html(const SessionReport& report);

}  // namespace fortuna
