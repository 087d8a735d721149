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
    std::vector<std::string> labels;  // a letter in each box ("D", "W", "R"; "F", "M", "Mz")
    int ticked = -1;                  // a labelled box ticked (the unit's state), -1 none
    SheetCell() = default;
    SheetCell(std::string t) : text(std::move(t)) {}  // NOLINT: a cell is text most of the time
    SheetCell(const char* t) : text(t) {}             // NOLINT
    static SheetCell tick(int boxes, int crossed = 0) {
        SheetCell cell;
        cell.boxes = boxes;
        cell.crossed = crossed;
        return cell;
    }
    static SheetCell labelled(std::vector<std::string> labels, int crossed = 0, int ticked = -1) {
        SheetCell cell = tick(static_cast<int>(labels.size()), crossed);
        cell.labels = std::move(labels);
        cell.ticked = ticked;
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
    // Print: Small (the default, 7.5 pt boxes), Tight (rows as close as the type allows: ten
    // crisis marks on one page), Pencil (body type, 10 pt boxes to tick with a pencil: a roster),
    // Large (12 pt boxes: a ship's damage sheet), Tiny (the smallest type, tight rows: a table
    // of many columns, the odds table).
    enum class Print { Small, Tight, Pencil, Large, Tiny } print = Print::Small;
    bool keep_together = false;   // never split between pages (a worksheet with its last row)
    bool keep_with_next = false;  // on the same page as the first rows of the block after it
    SheetRow& add(std::vector<SheetCell> cells, bool bold = false) {
        rows.push_back(SheetRow{SheetRow::Kind::Normal, std::move(cells), false, bold});
        return rows.back();
    }
    void group(std::string text) { rows.push_back(SheetRow{SheetRow::Kind::Group, {SheetCell(std::move(text))}, true, true}); }
    void note(std::string text) { rows.push_back(SheetRow{SheetRow::Kind::Note, {SheetCell(std::move(text))}, false, false}); }
};

// A box of a track: a turn on the time track, a base unit lost, an enemy cell marked off.
struct SheetTrackBox {
    std::string corner;      // small and grey at the top left: the turn's or the box's number
    std::string top;         // small at the top centre ("DUSK")
    std::string centre;      // bold in the middle: the turn's clock time
    std::string foot_left;   // small and grey at the foot ("vis 300")
    std::string foot_right;  // small at the foot ("R1", "15%")
    // White; Light (a mark, a little grey); Grey (a box to come: reinforcements' bases); Dark
    // (dusk, white print); Idle (no turn in this slot: faint).
    enum class Fill { White, Light, Grey, Dark, Idle } fill = Fill::White;
    bool heavy = false;    // a heavy frame: a mark, the current turn, every fifth box
    bool crossed = false;  // already crossed off
    int span = 1;          // slots it takes ("DUSK 17:00" across two)
};

// A lane under a row of a track: a label at the left, marks under boxes (the crisis marks of one
// army total: "start: 14", a triangle and "15/20%" under the 3rd box).
struct SheetLane {
    std::string label;
    bool current = false;  // printed black (the total in force), else grey
    int length = 0;        // boxes it runs under
    std::vector<std::pair<int, std::string>> marks;  // (box index in the row, from 0; text)
};

struct SheetTrackRow {
    std::string label;  // at the left: "12h", "lost", a side's name
    bool label_bold = false;
    double height = 16;  // the boxes' height, points
    std::vector<SheetTrackBox> boxes;
    std::vector<SheetLane> lanes;
};

// Rows of boxes across the width, `boxes_per_row` to a row, each row kept whole on a page.
struct SheetTrack {
    int boxes_per_row = 12;
    double label_width = 26;  // points
    double gap = 1.5;         // between rows, points
    std::vector<SheetTrackRow> rows;
};

// A paragraph, a note in small grey print (a rule's source, a decision), a table or a track.
struct SheetBlock {
    enum class Kind { Paragraph, Strong, Note, Table, Track } kind = Kind::Paragraph;
    std::string text;
    SheetTable table;
    SheetTrack track;
    static SheetBlock paragraph(std::string text) { return {Kind::Paragraph, std::move(text), {}, {}}; }
    static SheetBlock strong(std::string text) { return {Kind::Strong, std::move(text), {}, {}}; }
    static SheetBlock note(std::string text) { return {Kind::Note, std::move(text), {}, {}}; }
    static SheetBlock of(SheetTable table) { return {Kind::Table, {}, std::move(table), {}}; }
    static SheetBlock of(SheetTrack track) { return {Kind::Track, {}, {}, std::move(track)}; }
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
    std::string tables;    // the id of the tables its numbers come from ("glaube", "age-of-sail"), if one
    int columns = 1;       // 1 or 2
    std::vector<SheetSection> sections;
    std::vector<std::string> sources;  // every source the sheet's numbers come from
};

}  // namespace fortuna
