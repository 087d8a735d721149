// SPDX-License-Identifier: MIT
// What a printed sheet says, as a rule system gives it through the seam (GameSession::sheet): a
// title, sections of paragraphs and tables with boxes to tick, and the sources cited. Pure C++ (no
// Qt), filled by the rules library; one renderer in fortuna_sheets lays any of them out on paper
// (fortuna/sheets/content_sheet.hpp), so a new rule system prints without a line of painting.
#pragma once

#include <string>
#include <utility>
#include <vector>

namespace fortuna {

// A table cell: text, or (boxes > 0) a row of boxes to tick, the first `crossed` of them already
// crossed off (an effectiveness step lost, a turn past).
struct SheetCell {
    std::string text;
    int boxes = 0;
    int crossed = 0;
    SheetCell() = default;
    SheetCell(std::string t) : text(std::move(t)) {}  // NOLINT: a cell is text most of the time
    SheetCell(const char* t) : text(t) {}             // NOLINT
    static SheetCell tick(int boxes, int crossed = 0) {
        SheetCell cell;
        cell.boxes = boxes;
        cell.crossed = crossed;
        return cell;
    }
};

struct SheetRow {
    // Group: its first cell spans the row (a side's name above its units); Note: the same, in small print.
    enum class Kind { Normal, Group, Note } kind = Kind::Normal;
    std::vector<SheetCell> cells;
    bool shaded = false;
    bool bold = false;
};

struct SheetTable {
    std::vector<std::string> header;  // the column titles; a table has as many cells a row
    std::vector<double> weights;      // each column's share of the width (empty: equal shares)
    std::vector<bool> centred;        // columns whose cells are centred (empty: all left)
    std::vector<SheetRow> rows;
    SheetRow& add(std::vector<SheetCell> cells, bool bold = false) {
        rows.push_back(SheetRow{SheetRow::Kind::Normal, std::move(cells), false, bold});
        return rows.back();
    }
    void group(std::string text) { rows.push_back(SheetRow{SheetRow::Kind::Group, {SheetCell(std::move(text))}, true, true}); }
    void note(std::string text) { rows.push_back(SheetRow{SheetRow::Kind::Note, {SheetCell(std::move(text))}, false, false}); }
};

// A paragraph, a note in small grey print (a rule's source, a decision) or a table.
struct SheetBlock {
    enum class Kind { Paragraph, Note, Table } kind = Kind::Paragraph;
    std::string text;
    SheetTable table;
    static SheetBlock paragraph(std::string text) { return {Kind::Paragraph, std::move(text), {}}; }
    static SheetBlock note(std::string text) { return {Kind::Note, std::move(text), {}}; }
    static SheetBlock of(SheetTable table) { return {Kind::Table, {}, std::move(table)}; }
};

// A heading (with its source beside it, "seed 004, MUSKETRY") and what comes under it. A card is
// framed and never split between columns or pages (a brigade's card); a section in a two-column
// sheet takes one column unless it is full width. A full-width card in a two-column sheet heads
// what follows it (a side's name above its brigades' cards): it never ends a page.
struct SheetSection {
    std::string heading;
    std::string cites;
    std::vector<SheetBlock> blocks;
    bool card = false;
    bool full_width = false;
};

struct SheetContent {
    std::string kind;      // "reference", "roster", "victory", "brigade-cards"
    std::string title;     // "Key summary"
    std::string subject;   // what it is for: the rule set's name or the battle's
    std::string subtitle;  // the state it shows: "fresh from the scenario" / "turn 4 of 20, ..."
    int columns = 1;       // 1 or 2
    std::vector<SheetSection> sections;
    std::vector<std::string> sources;  // every source the sheet's numbers come from
};

}  // namespace fortuna
