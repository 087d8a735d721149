// SPDX-License-Identifier: MIT
// The one renderer of the sheets a rule system gives through the seam: sections become headings,
// paragraphs and tables of layout.cpp, a card a framed block kept whole, the sources a last section.
#include "fortuna/sheets/content_sheet.hpp"

#include <algorithm>
#include <memory>
#include <vector>

#include <QFontMetricsF>
#include <QPageLayout>
#include <QPageSize>
#include <QPagedPaintDevice>
#include <QPdfWriter>

#include "layout.hpp"

namespace fortuna::sheets {

namespace content_detail {

Cell cell_of(const SheetCell& in) {
    Cell cell(qs(in.text));
    cell.boxes = std::max(0, in.boxes);
    cell.crossed = std::clamp(in.crossed, 0, cell.boxes);
    for (const auto& label : in.labels) cell.labels << qs(label);
    cell.ticked = in.ticked < cell.boxes ? in.ticked : -1;
    return cell;
}

std::unique_ptr<TableBlock> table_of(const SheetTable& in) {
    std::vector<TableColumn> columns;
    const std::size_t count = std::max<std::size_t>(1, in.header.size());
    for (std::size_t c = 0; c < count; ++c) {
        TableColumn column;
        column.title = c < in.header.size() ? qs(in.header[c]) : QString();
        column.weight = c < in.weights.size() && in.weights[c] > 0 ? in.weights[c] : 1.0;
        column.align = c < in.centred.size() && in.centred[c] ? Qt::AlignHCenter : Qt::AlignLeft;
        columns.push_back(column);
    }
    QFont tiny_bold = fonts().tiny;
    tiny_bold.setBold(true);
    const bool tiny = in.print == SheetTable::Print::Tiny;
    auto table = std::make_unique<TableBlock>(std::move(columns),
                                              tiny ? fonts().tiny : in.print == SheetTable::Print::Pencil ? fonts().body : fonts().small,
                                              tiny ? tiny_bold : fonts().small_bold);
    table->space_before = 3;
    switch (in.print) {
    case SheetTable::Print::Small: break;
    case SheetTable::Print::Tight:
    case SheetTable::Print::Tiny: table->padding = 1.2; break;
    case SheetTable::Print::Pencil:
        table->box_size = 10;
        table->padding = 2.5;
        break;
    case SheetTable::Print::Large:
        table->box_size = 12;
        table->padding = 3;
        break;
    }
    table->keep_rows_together = in.keep_together;
    table->keep_with_next = in.keep_with_next;
    for (const SheetRow& row : in.rows) {
        if (row.kind != SheetRow::Kind::Normal) {
            const QString text = row.cells.empty() ? QString() : qs(row.cells.front().text);
            if (row.kind == SheetRow::Kind::Group) table->group(text);
            else table->note(text);
            continue;
        }
        std::vector<Cell> cells;
        for (const SheetCell& cell : row.cells) cells.push_back(cell_of(cell));
        cells.resize(count);  // a short row is padded, a long one cut: the header decides the shape
        table->add(std::move(cells), row.shaded, row.bold);
    }
    return table;
}

// Rows of boxes (a time track, the base units lost, the enemy cells marked off): a row and its
// lanes are one piece, so a track may go on over a page but a row is never cut.
class TrackBlock : public Block {
public:
    explicit TrackBlock(SheetTrack track) : track_(std::move(track)) { space_before = 3; }

    std::vector<double> pieces(Canvas&, double) override {
        std::vector<double> heights;
        for (const auto& row : track_.rows) heights.push_back(row_height(row));
        return heights;
    }

    void paint(Canvas& canvas, QPointF top_left, double width, std::size_t first, std::size_t last) override {
        const int per_row = std::max(1, track_.boxes_per_row);
        const double label = track_.label_width;
        const double box_width = (width - label) / per_row;
        double y = top_left.y();
        const double left = top_left.x();
        for (std::size_t r = first; r < last && r < track_.rows.size(); ++r) {
            const SheetTrackRow& row = track_.rows[r];
            if (!row.label.empty())
                canvas.text(QRectF(left, y, label - 3, row.height), Qt::AlignRight | Qt::AlignVCenter, qs(row.label),
                            row.label_bold ? fonts().bold : fonts().tiny, kMuted);
            int slot = 0;
            for (const SheetTrackBox& box : row.boxes) {
                const int span = std::clamp(box.span, 1, std::max(1, per_row - slot));
                paint_box(canvas, box, QRectF(left + label + slot * box_width, y, box_width * span, row.height));
                slot += span;
            }
            for (std::size_t l = 0; l < row.lanes.size(); ++l) {
                const SheetLane& lane = row.lanes[l];
                const double lane_y = y + row.height + 1 + static_cast<double>(l) * kLane;
                canvas.text(QRectF(left, lane_y, label - 3, kLane), Qt::AlignRight | Qt::AlignVCenter, qs(lane.label), fonts().tiny,
                            lane.current ? QColor(Qt::black) : kMuted);
                canvas.line(QPointF(left + label, lane_y + kLane - 0.5),
                            QPointF(left + label + std::min(per_row, lane.length) * box_width, lane_y + kLane - 0.5), 0.25, kLater);
                for (const auto& [at, text] : lane.marks) {
                    if (at < 0 || at >= per_row) continue;
                    const double x = left + label + at * box_width;
                    canvas.triangle(QPointF(x + 3.5, lane_y + 0.5), 4, false);
                    canvas.text(QRectF(x + 6, lane_y, box_width - 6, kLane), Qt::AlignLeft | Qt::AlignVCenter, qs(text), fonts().tiny);
                }
            }
            y += row_height(row);
        }
    }

private:
    static constexpr double kLane = 9;
    inline static const QColor kLight{238, 238, 238};
    inline static const QColor kLater{214, 214, 214};

    double row_height(const SheetTrackRow& row) const {
        const double lanes = static_cast<double>(row.lanes.size()) * kLane + (row.lanes.empty() ? 0 : 1);
        return row.height + lanes + track_.gap;
    }

    static void paint_box(Canvas& canvas, const SheetTrackBox& box, const QRectF& rect) {
        using Fill = SheetTrackBox::Fill;
        const double pen = box.heavy ? 1.4 : 0.5;
        const QColor ink = box.fill == Fill::Dark ? QColor(Qt::white) : QColor(Qt::black);
        switch (box.fill) {
        case Fill::White: canvas.box(rect, pen, Qt::white); break;
        case Fill::Light: canvas.box(rect, pen, kLight); break;
        case Fill::Grey: canvas.box(rect, pen, kLater); break;
        case Fill::Dark: canvas.box(rect, 1.2, QColor(60, 60, 60)); break;
        case Fill::Idle: canvas.box(rect, 0.3, kLight, kLater); break;
        }
        const QRectF inner = rect.adjusted(1.5, 0.5, -1.5, -0.5);
        if (!box.corner.empty()) canvas.text(inner, Qt::AlignLeft | Qt::AlignTop, qs(box.corner), fonts().tiny, kMuted);
        if (!box.top.empty()) canvas.text(inner, Qt::AlignHCenter | Qt::AlignTop, qs(box.top), fonts().tiny, ink);
        if (!box.centre.empty()) canvas.text(inner, Qt::AlignCenter, qs(box.centre), fonts().small_bold, ink);
        if (!box.foot_left.empty()) canvas.text(inner, Qt::AlignLeft | Qt::AlignBottom, qs(box.foot_left), fonts().tiny, kMuted);
        if (!box.foot_right.empty()) canvas.text(inner, Qt::AlignRight | Qt::AlignBottom, qs(box.foot_right), fonts().tiny, ink);
        if (box.crossed) canvas.cross(rect, 0.6);
    }

    SheetTrack track_;
};

std::unique_ptr<Block> block_of(const SheetBlock& in, const QFont& paragraph_font) {
    switch (in.kind) {
    case SheetBlock::Kind::Paragraph: return std::make_unique<TextBlock>(qs(in.text), paragraph_font);
    case SheetBlock::Kind::Strong: return std::make_unique<TextBlock>(qs(in.text), fonts().bold);
    case SheetBlock::Kind::Track: return std::make_unique<TrackBlock>(in.track);
    case SheetBlock::Kind::Note: {
        auto note = std::make_unique<TextBlock>(qs(in.text), fonts().tiny, kMuted);
        note->space_before = 2;
        return note;
    }
    case SheetBlock::Kind::Table: return table_of(in.table);
    }
    return std::make_unique<TextBlock>(qs(in.text), paragraph_font);
}

// A section framed as a card (a brigade's): its title, then its blocks, all in one piece so it is
// never split between columns or pages.
class CardBlock : public Block {
public:
    CardBlock(QString title, QString cites, std::vector<std::unique_ptr<Block>> inner)
        : title_(std::move(title)), cites_(std::move(cites)), inner_(std::move(inner)) {
        space_before = 8;
    }

    std::vector<double> pieces(Canvas& canvas, double width) override { return {measure(canvas, width)}; }

    void paint(Canvas& canvas, QPointF top_left, double width, std::size_t, std::size_t) override {
        const double height = measure(canvas, width);
        canvas.box(QRectF(top_left, QSizeF(width, height)), 1.0);
        const double title_height = canvas.line_height(fonts().bold);
        const QRectF title(top_left.x() + kPad, top_left.y() + kPad, width - 2 * kPad, title_height);
        canvas.fill(QRectF(top_left.x(), top_left.y(), width, title_height + 2 * kPad), QColor(214, 222, 235));
        canvas.text(title, Qt::AlignLeft | Qt::AlignVCenter, title_, fonts().bold);
        if (!cites_.isEmpty()) {
            // The source gives way to the title: shortened with an ellipsis, never over it.
            const double room = title.width() - canvas.text_width(title_, fonts().bold) - 8;
            const QFontMetricsF metrics(fonts().tiny, canvas.painter().device());
            const QString cites = metrics.elidedText(cites_, Qt::ElideRight, room * canvas.pixels_per_point());
            if (room > 20) canvas.text(title, Qt::AlignRight | Qt::AlignVCenter, cites, fonts().tiny, kMuted);
        }
        double y = top_left.y() + title_height + 2 * kPad;
        const double inner_width = width - 2 * kPad;
        for (const auto& block : inner_) {
            const auto heights = block->pieces(canvas, inner_width);
            y += block->space_before;
            block->paint(canvas, QPointF(top_left.x() + kPad, y), inner_width, 0, heights.size());
            y += block->header(canvas, inner_width);
            for (const double h : heights) y += h;
        }
    }

private:
    static constexpr double kPad = 4;
    double measure(Canvas& canvas, double width) {
        double height = canvas.line_height(fonts().bold) + 2 * kPad;
        for (const auto& block : inner_) {
            height += block->space_before + block->header(canvas, width - 2 * kPad);
            for (const double h : block->pieces(canvas, width - 2 * kPad)) height += h;
        }
        return height + kPad;
    }

    QString title_;
    QString cites_;
    std::vector<std::unique_ptr<Block>> inner_;
};

}  // namespace content_detail

QPageLayout content_page_layout(PlanPaper paper) {
    const QPageSize size(paper == PlanPaper::A3 ? QPageSize::A3 : paper == PlanPaper::A4 ? QPageSize::A4 : QPageSize::Letter);
    return QPageLayout(size, QPageLayout::Portrait, QMarginsF(12, 12, 12, 12), QPageLayout::Millimeter);
}

int paint_content_sheet(const SheetContent& content, QPagedPaintDevice& device, const QString& origin, const QDate& printed) {
    using namespace content_detail;
    PageFrame frame;
    frame.sheet = qs(content.title);
    frame.title = qs(content.subject);
    QStringList details;
    // A subject too long for the title line (a battle's full name) opens the line under it instead.
    const QFontMetricsF title_metrics(fonts().title, &device);
    const double title_points = title_metrics.horizontalAdvance(frame.sheet + QStringLiteral(" \u2014 ") + frame.title) * 72.0 / device.logicalDpiX();
    if (title_points > device.pageLayout().paintRect(QPageLayout::Point).width()) {
        details << frame.title;
        frame.title.clear();
    }
    if (!content.subtitle.empty()) details << qs(content.subtitle);
    // Each piece told in the reader's language before the pieces are joined with " · ".
    if (!origin.isEmpty()) details << qs("printed from " + origin.toStdString());
    details << qs("printed " + printed.toString(Qt::ISODate).toStdString());
    frame.details = details.join(QStringLiteral(" \u00b7 "));

    const int columns = std::clamp(content.columns, 1, 2);
    const QFont& paragraph_font = columns == 2 ? fonts().small : fonts().body;
    Document document(frame, columns);
    for (const SheetSection& section : content.sections) {
        if (section.card) {
            std::vector<std::unique_ptr<Block>> inner;
            for (const SheetBlock& block : section.blocks) inner.push_back(block_of(block, paragraph_font));
            auto& card = document.emplace<CardBlock>(qs(section.heading), qs(section.cites), std::move(inner));
            card.full_width = section.full_width;
            // A full-width card heads the cards under it (a side's name and generals): never alone at a page's foot.
            card.keep_with_next = section.full_width && columns == 2;
            continue;
        }
        if (!section.heading.empty()) {
            auto& heading = document.emplace<HeadingBlock>(qs(section.heading), qs(section.cites));
            heading.full_width = section.full_width;
            if (columns == 2) heading.space_before = 5;
        }
        for (const SheetBlock& block : section.blocks) {
            Block& added = document.add(block_of(block, paragraph_font));
            added.full_width = section.full_width;
        }
    }
    if (!content.sources.empty()) {
        // In a two-column sheet the sources close the last column, so a one-page summary stays one page.
        auto& heading = document.emplace<HeadingBlock>(QStringLiteral("Sources"));
        if (columns == 2) heading.space_before = 5;
        heading.full_width = columns == 1;
        QStringList lines;
        for (const auto& source : content.sources) lines << qs(source);
        auto& sources = document.emplace<TextBlock>(lines.join(QStringLiteral("\n")), fonts().tiny, kMuted);
        sources.full_width = columns == 1;
    }
    return document.paint(device);
}

int write_content_pdf(const SheetContent& content, const QString& file, PlanPaper paper, const QString& origin, const QDate& printed) {
    QPdfWriter writer(file);
    writer.setResolution(600);
    writer.setPageLayout(content_page_layout(paper));
    writer.setCreator(QStringLiteral("Fortuna Belli"));
    writer.setTitle(qs(content.title) + QStringLiteral(" \u2014 ") + qs(content.subject));
    return paint_content_sheet(content, writer, origin, printed);
}

}  // namespace fortuna::sheets
