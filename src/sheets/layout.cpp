// SPDX-License-Identifier: MIT
// The sheets' page-layout engine: measuring, splitting between pages and columns, page frame and numbers.
#include "layout.hpp"

#include "fortuna/core/message_catalogue.hpp"
#include "fortuna/land/scenario.hpp"

#include <algorithm>
#include <cmath>
#include <stdexcept>

#include <QFontMetricsF>
#include <QPageLayout>
#include <QPagedPaintDevice>
#include <QPainterPath>
#include <QPolygonF>

namespace fortuna::sheets {

namespace {

QFont make_font(double points, bool bold = false) {
    // DejaVu Sans is on every Linux box we build on and has the accents of the regiments'
    // names; elsewhere the sans-serif hint picks the platform's own.
    QFont font(QStringLiteral("DejaVu Sans"));
    font.setStyleHint(QFont::SansSerif);
    font.setPointSizeF(points);
    font.setBold(bold);
    // No ligatures: a PDF with an "fi" glyph is not found when one searches it for "fire".
    font.setStyleStrategy(QFont::PreferNoShaping);
    return font;
}

constexpr double kColumnGap = 14;
const QColor kGrid(90, 90, 90);
const QColor kShade(232, 232, 232);
const QColor kGroupShade(214, 222, 235);

}  // namespace

Fonts::Fonts()
    : title(make_font(13, true)),
      subtitle(make_font(8)),
      heading(make_font(10, true)),
      body(make_font(8.5)),
      bold(make_font(8.5, true)),
      small(make_font(7.5)),
      small_bold(make_font(7.5, true)),
      tiny(make_font(6)) {}

const Fonts& fonts() {
    static const Fonts instance;
    return instance;
}

// A piece of the library's text in the reader's language, before a frame joins pieces ("Victory
// and time sheet" + " — " + the battle's name): a joined line is no sentence the catalogue knows.
// Canvas tells again what it prints (told() below) for the sheets' own words ("printed from").
QString qs(const std::string& text) { return QString::fromStdString(shown(text)); }
QString clock(int minutes) { return qs(format_clock(minutes)); }

// ------------------------------------------------------------------ Canvas

Canvas::Canvas(QPainter& painter, double device_pixels_per_point) : painter_(painter), k_(device_pixels_per_point) {}

QRectF Canvas::px(const QRectF& points) const {
    return {points.x() * k_, points.y() * k_, points.width() * k_, points.height() * k_};
}

QPointF Canvas::px(const QPointF& points) const { return points * k_; }

// Every word a sheet prints and measures in the reader's language: the frames' own words ("printed
// from", "Table plan") and the contents', measured as they are printed (catalogue look-ups are remembered).
static QString told(const QString& text) { return text.isEmpty() ? text : QString::fromStdString(shown(text.toStdString())); }

void Canvas::text(const QRectF& rect, int flags, const QString& english, const QFont& font, const QColor& colour) {
    painter_.setFont(font);
    painter_.setPen(colour);
    painter_.drawText(px(rect), flags, told(english));
}

double Canvas::text_height(const QString& english, const QFont& font, double width) const {
    const QString text = told(english);
    const QFontMetricsF metrics(font, painter_.device());
    if (text.isEmpty()) return metrics.height() / k_;
    const QRectF bound = metrics.boundingRect(QRectF(0, 0, width * k_, 1e7), Qt::TextWordWrap, text);
    return bound.height() / k_;
}

double Canvas::text_width(const QString& english, const QFont& font) const {
    const QString text = told(english);
    const QFontMetricsF metrics(font, painter_.device());
    return metrics.horizontalAdvance(text) / k_;
}

double Canvas::line_height(const QFont& font) const {
    const QFontMetricsF metrics(font, painter_.device());
    return metrics.height() / k_;
}

void Canvas::box(const QRectF& rect, double pen_points, const QColor& fill, const QColor& pen) {
    painter_.setPen(QPen(pen, pen_points * k_));
    painter_.setBrush(fill.alpha() == 0 ? QBrush(Qt::NoBrush) : QBrush(fill));
    painter_.drawRect(px(rect));
    painter_.setBrush(Qt::NoBrush);
}

void Canvas::fill(const QRectF& rect, const QColor& colour) { painter_.fillRect(px(rect), colour); }

void Canvas::line(const QPointF& from, const QPointF& to, double pen_points, const QColor& colour) {
    painter_.setPen(QPen(colour, pen_points * k_));
    painter_.drawLine(px(from), px(to));
}

void Canvas::cross(const QRectF& rect, double pen_points) {
    const QRectF inner = rect.adjusted(1.2, 1.2, -1.2, -1.2);
    line(inner.topLeft(), inner.bottomRight(), pen_points);
    line(inner.bottomLeft(), inner.topRight(), pen_points);
}

void Canvas::triangle(const QPointF& tip, double size, bool pointing_down, const QColor& colour) {
    const double dy = pointing_down ? -size : size;
    QPolygonF polygon;
    polygon << px(tip) << px(QPointF(tip.x() - size / 2, tip.y() + dy)) << px(QPointF(tip.x() + size / 2, tip.y() + dy));
    painter_.setPen(Qt::NoPen);
    painter_.setBrush(colour);
    painter_.drawPolygon(polygon);
    painter_.setBrush(Qt::NoBrush);
}

// ------------------------------------------------------------------ TextBlock, HeadingBlock

TextBlock::TextBlock(QString text, QFont font, QColor colour)
    : text_(std::move(text)), font_(std::move(font)), colour_(std::move(colour)) {
    space_before = 3;
}

std::vector<double> TextBlock::pieces(Canvas& canvas, double width) { return {canvas.text_height(text_, font_, width)}; }

void TextBlock::paint(Canvas& canvas, QPointF top_left, double width, std::size_t, std::size_t) {
    const double height = canvas.text_height(text_, font_, width);
    canvas.text(QRectF(top_left, QSizeF(width, height + 1)), Qt::TextWordWrap | Qt::AlignLeft | Qt::AlignTop, text_, font_,
                colour_);
}

HeadingBlock::HeadingBlock(QString text, QString note) : text_(std::move(text)), note_(std::move(note)) {
    space_before = 8;
    keep_with_next = true;
}

std::vector<double> HeadingBlock::pieces(Canvas& canvas, double) { return {canvas.line_height(fonts().heading) + 3}; }

void HeadingBlock::paint(Canvas& canvas, QPointF top_left, double width, std::size_t, std::size_t) {
    const double height = canvas.line_height(fonts().heading);
    canvas.text(QRectF(top_left, QSizeF(width, height)), Qt::AlignLeft | Qt::AlignVCenter, text_, fonts().heading);
    if (!note_.isEmpty()) {
        // The note (a rules citation) gives way to the heading: shortened with an ellipsis, never overlapping.
        const double used = canvas.text_width(text_, fonts().heading) + 10;
        const QFontMetricsF metrics(fonts().small, canvas.painter().device());
        const double room = width - used;
        const QString note = metrics.elidedText(note_, Qt::ElideRight, room * canvas.pixels_per_point());
        if (room > 20)
            canvas.text(QRectF(top_left.x() + used, top_left.y(), room, height), Qt::AlignRight | Qt::AlignVCenter, note,
                        fonts().small, kMuted);
    }
    canvas.line(QPointF(top_left.x(), top_left.y() + height + 1), QPointF(top_left.x() + width, top_left.y() + height + 1),
                0.8);
}

// ------------------------------------------------------------------ TableBlock

TableBlock::TableBlock(std::vector<TableColumn> columns, QFont font, QFont header_font)
    : columns_(std::move(columns)), font_(std::move(font)), header_font_(std::move(header_font)) {}

void TableBlock::add(std::vector<Cell> cells, bool shaded, bool bold) {
    cells.resize(columns_.size());
    rows_.push_back(TableRow{std::move(cells), TableRow::Kind::Normal, shaded, bold});
}

void TableBlock::group(const QString& text) { rows_.push_back(TableRow{{Cell(text)}, TableRow::Kind::Group, true, true}); }

void TableBlock::note(const QString& text) { rows_.push_back(TableRow{{Cell(text)}, TableRow::Kind::Note, false, false}); }

std::vector<double> TableBlock::widths(double width) const {
    double total = 0;
    for (const auto& column : columns_) total += column.weight;
    std::vector<double> out;
    for (const auto& column : columns_) out.push_back(width * column.weight / total);
    return out;
}

double TableBlock::cell_height(Canvas& canvas, const Cell& cell, double width, const QFont& font) const {
    if (cell.boxes > 0) {
        const double gap = 1.5;
        const int per_line = std::max(1, static_cast<int>((width - 2 * padding + gap) / (box_size + gap)));
        const int lines = (cell.boxes + per_line - 1) / per_line;
        return lines * (box_size + gap) - gap + 2 * padding;
    }
    return canvas.text_height(cell.text, font, width - 2 * padding) + 2 * padding;
}

std::vector<double> TableBlock::pieces(Canvas& canvas, double width) {
    const auto w = widths(width);
    std::vector<double> heights;
    for (const auto& row : rows_) {
        const QFont& font = row.bold ? header_font_ : font_;
        double height = 0;
        if (row.kind != TableRow::Kind::Normal) {
            height = cell_height(canvas, row.cells[0], width, row.kind == TableRow::Kind::Group ? header_font_ : font_);
        } else {
            for (std::size_t c = 0; c < columns_.size(); ++c)
                height = std::max(height, cell_height(canvas, row.cells[c], w[c], font));
        }
        heights.push_back(height);
    }
    return heights;
}

bool TableBlock::keep_piece_with_next(std::size_t piece) const {
    if (keep_rows_together) return piece + 1 < rows_.size();
    return piece < rows_.size() && rows_[piece].kind == TableRow::Kind::Group;
}

double TableBlock::header(Canvas& canvas, double width) {
    bool any = false;
    for (const auto& column : columns_) any = any || !column.title.isEmpty();
    if (!any) return 0;
    const auto w = widths(width);
    double height = 0;
    for (std::size_t c = 0; c < columns_.size(); ++c)
        height = std::max(height, canvas.text_height(columns_[c].title, header_font_, w[c] - 2 * padding) + 2 * padding);
    return height;
}

void TableBlock::paint_cell(Canvas& canvas, const Cell& cell, const QRectF& rect, const QFont& font,
                            Qt::Alignment align) const {
    if (cell.boxes > 0) {
        const double gap = 1.5;
        const int per_line = std::max(1, static_cast<int>((rect.width() - 2 * padding + gap) / (box_size + gap)));
        for (int b = 0; b < cell.boxes; ++b) {
            const double x = rect.left() + padding + (b % per_line) * (box_size + gap);
            const double y = rect.top() + padding + (b / per_line) * (box_size + gap);
            const QRectF square(x, y, box_size, box_size);
            canvas.box(square, 0.5, Qt::white);
            if (b < cell.labels.size())
                canvas.text(square, Qt::AlignCenter, cell.labels[b], fonts().tiny, QColor(150, 150, 150));
            if (b < cell.crossed || b == cell.ticked) canvas.cross(square);
        }
        return;
    }
    canvas.text(rect.adjusted(padding, padding, -padding, -padding),
                static_cast<int>(Qt::TextWordWrap | Qt::AlignVCenter | align), cell.text, font);
}

void TableBlock::paint(Canvas& canvas, QPointF top_left, double width, std::size_t first, std::size_t last) {
    const auto w = widths(width);
    const auto heights = pieces(canvas, width);
    double y = top_left.y();
    const double head = header(canvas, width);
    if (head > 0) {
        double x = top_left.x();
        if (header_shaded) canvas.fill(QRectF(x, y, width, head), kShade);
        for (std::size_t c = 0; c < columns_.size(); ++c) {
            const QRectF rect(x, y, w[c], head);
            canvas.text(rect.adjusted(padding, padding, -padding, -padding),
                        static_cast<int>(Qt::TextWordWrap | Qt::AlignVCenter | columns_[c].align), columns_[c].title,
                        header_font_);
            if (grid) canvas.box(rect, 0.4, Qt::transparent, kGrid);
            x += w[c];
        }
        y += head;
    }
    for (std::size_t r = first; r < last && r < rows_.size(); ++r) {
        const TableRow& row = rows_[r];
        const double height = heights[r];
        if (row.kind != TableRow::Kind::Normal) {
            const QRectF rect(top_left.x(), y, width, height);
            if (row.kind == TableRow::Kind::Group) canvas.fill(rect, kGroupShade);
            paint_cell(canvas, row.cells[0], rect, row.kind == TableRow::Kind::Group ? header_font_ : font_, Qt::AlignLeft);
            if (grid) canvas.box(rect, 0.4, Qt::transparent, kGrid);
        } else {
            double x = top_left.x();
            if (row.shaded) canvas.fill(QRectF(x, y, width, height), QColor(244, 244, 244));
            for (std::size_t c = 0; c < columns_.size(); ++c) {
                const QRectF rect(x, y, w[c], height);
                paint_cell(canvas, row.cells[c], rect, row.bold ? header_font_ : font_, columns_[c].align);
                if (grid) canvas.box(rect, 0.4, Qt::transparent, kGrid);
                x += w[c];
            }
        }
        y += height;
    }
}

// ------------------------------------------------------------------ PaintedBlock

PaintedBlock::PaintedBlock(Measure measure, Paint paint) : measure_(std::move(measure)), paint_(std::move(paint)) {}

std::vector<double> PaintedBlock::pieces(Canvas& canvas, double width) {
    height_ = measure_(canvas, width);
    return {height_};
}

void PaintedBlock::paint(Canvas& canvas, QPointF top_left, double width, std::size_t, std::size_t) {
    paint_(canvas, QRectF(top_left, QSizeF(width, measure_(canvas, width))));
}

// ------------------------------------------------------------------ Document

Document::Document(PageFrame frame, int columns) : frame_(std::move(frame)), columns_(std::max(1, columns)) {}

Block& Document::add(std::unique_ptr<Block> block) {
    blocks_.push_back(std::move(block));
    return *blocks_.back();
}

int Document::paint(QPagedPaintDevice& device) {
    QPainter painter;
    if (!painter.begin(&device)) throw std::runtime_error("cannot paint the sheet: the output could not be opened");
    painter.setRenderHint(QPainter::Antialiasing, true);
    Canvas canvas(painter, device.logicalDpiY() / 72.0);
    const QRectF page = device.pageLayout().paintRect(QPageLayout::Point);
    const double page_width = page.width();
    const double page_height = page.height();

    const double title_height = canvas.line_height(fonts().title);
    const double details_height = canvas.text_height(frame_.details, fonts().subtitle, page_width);
    const double header_height = title_height + details_height + 4;
    const double footer_height = canvas.line_height(fonts().tiny) + 4;
    const double body_top = header_height + 8;
    const double body_bottom = page_height - footer_height;
    const double column_width = (page_width - kColumnGap * (columns_ - 1)) / columns_;

    struct Placement {
        int page;
        Block* block;
        std::size_t first, last;
        QPointF at;
        double width;
    };
    std::vector<Placement> placements;
    int page_index = 0;
    double region_top = body_top;
    std::vector<double> column_y(static_cast<std::size_t>(columns_), body_top);
    std::size_t column = 0;

    auto lowest = [&] { return *std::max_element(column_y.begin(), column_y.end()); };
    for (std::size_t i = 0; i < blocks_.size(); ++i) {
        Block& block = *blocks_[i];
        const bool full = block.full_width || columns_ == 1;
        const double width = full ? page_width : column_width;
        const auto pieces = block.pieces(canvas, width);
        const double head = block.header(canvas, width);
        // What must follow a heading on the same page: the next block's first piece.
        double follow = 0;
        if (block.keep_with_next && i + 1 < blocks_.size()) {
            Block& next = *blocks_[i + 1];
            const double next_width = (next.full_width || columns_ == 1) ? page_width : column_width;
            const auto next_pieces = next.pieces(canvas, next_width);
            // The next block's first piece, and the one after it when the first may not end a
            // page: a side's heading keeps its first command's name and first unit.
            follow = next.space_before + next.header(canvas, next_width);
            bool whole = true;
            for (std::size_t k = 0; k < next_pieces.size(); ++k) {
                follow += next_pieces[k];
                if (!next.keep_piece_with_next(k)) {
                    whole = k + 1 == next_pieces.size();
                    break;
                }
            }
            // A chain kept together (a heading, the margins, the worksheet): the heading goes
            // over with all of it, never alone at a page's foot.
            for (std::size_t j = i + 2; whole && j < blocks_.size() && blocks_[j - 1]->keep_with_next; ++j) {
                Block& after = *blocks_[j];
                const double after_width = (after.full_width || columns_ == 1) ? page_width : column_width;
                const auto after_pieces = after.pieces(canvas, after_width);
                follow += after.space_before + after.header(canvas, after_width);
                for (std::size_t k = 0; k < after_pieces.size(); ++k) {
                    follow += after_pieces[k];
                    if (!after.keep_piece_with_next(k)) {
                        whole = k + 1 == after_pieces.size();
                        break;
                    }
                }
            }
        }
        std::size_t next_piece = 0;
        while (next_piece < pieces.size()) {
            const double y = full ? lowest() : column_y[column];
            const bool at_top = y <= body_top;  // nothing above it on this page, or in this column
            const double space = at_top ? 0 : block.space_before;
            const double available = body_bottom - y - space;
            double need = head;
            std::size_t n = next_piece;
            while (n < pieces.size() && need + pieces[n] <= available) need += pieces[n++];
            // A group row does not end a page: it goes over with the rows it names.
            while (n > next_piece + 1 && n < pieces.size() && block.keep_piece_with_next(n - 1)) need -= pieces[--n];
            if (n == next_piece + 1 && n < pieces.size() && block.keep_piece_with_next(next_piece) && !at_top) n = next_piece;
            const bool fits = n > next_piece && (n < pieces.size() || need + follow <= available);
            if (!fits && !at_top) {
                // The next column starts where this one did: worth trying only if this one has content.
                if (!full && y > region_top && column + 1 < column_y.size()) {
                    ++column;
                } else {
                    ++page_index;
                    region_top = body_top;
                    std::fill(column_y.begin(), column_y.end(), body_top);
                    column = 0;
                }
                continue;
            }
            if (n == next_piece) need += pieces[n++];  // taller than a page: place it anyway
            const double x = full ? 0 : static_cast<double>(column) * (column_width + kColumnGap);
            placements.push_back(Placement{page_index, &block, next_piece, n, QPointF(x, y + space), width});
            const double bottom = y + space + need;
            if (full) {
                region_top = bottom;
                std::fill(column_y.begin(), column_y.end(), bottom);
                column = 0;
            } else {
                column_y[column] = bottom;
            }
            next_piece = n;
        }
    }

    const int page_count = page_index + 1;
    for (int p = 0; p < page_count; ++p) {
        if (p > 0 && !device.newPage()) throw std::runtime_error("cannot start a new page of the sheet");
        // Page frame: the sheet's name and the battle at the top, details under, page number at the foot.
        const QString heading = frame_.title.isEmpty() ? frame_.sheet : frame_.sheet + QStringLiteral(" \u2014 ") + frame_.title;
        canvas.text(QRectF(0, 0, page_width, title_height), Qt::AlignLeft | Qt::AlignVCenter, heading, fonts().title);
        canvas.text(QRectF(0, title_height, page_width, details_height + 1), Qt::AlignLeft | Qt::TextWordWrap,
                    frame_.details, fonts().subtitle, kMuted);
        canvas.line(QPointF(0, header_height), QPointF(page_width, header_height), 1.0);
        const QRectF foot(0, page_height - footer_height + 3, page_width, footer_height - 3);
        canvas.line(QPointF(0, foot.top() - 1), QPointF(page_width, foot.top() - 1), 0.4, kGrid);
        canvas.text(foot, Qt::AlignLeft | Qt::AlignVCenter, QStringLiteral("Fortuna Belli \u00b7 ") + frame_.sheet,
                    fonts().tiny, kMuted);
        canvas.text(foot, Qt::AlignRight | Qt::AlignVCenter,
                    QStringLiteral("Page %1 of %2").arg(p + 1).arg(page_count), fonts().tiny, kMuted);
        for (const auto& placement : placements)
            if (placement.page == p)
                placement.block->paint(canvas, placement.at, placement.width, placement.first, placement.last);
    }
    painter.end();
    return page_count;
}

}  // namespace fortuna::sheets
