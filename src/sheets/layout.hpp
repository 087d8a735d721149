// SPDX-License-Identifier: MIT
// A small page-layout engine for the sheets: blocks measured in points, split between pages, in one or two columns.
#pragma once

#include <functional>
#include <memory>
#include <vector>

#include <QColor>
#include <QFont>
#include <QPainter>
#include <QRectF>
#include <QString>
#include <QStringList>

class QPagedPaintDevice;

namespace fortuna::sheets {

// The grey of secondary text (notes, sources, captions) on every sheet.
inline const QColor kMuted{90, 90, 90};

// The fonts of every sheet, in points.
struct Fonts {
    QFont title;
    QFont subtitle;
    QFont heading;
    QFont body;
    QFont bold;
    QFont small;
    QFont small_bold;
    QFont tiny;
    Fonts();
};
const Fonts& fonts();

// Paints in points (1/72 inch) on a device of any resolution: every coordinate goes through
// here, and font sizes are in points already, so the sheet looks the same on a PDF and a printer.
class Canvas {
public:
    Canvas(QPainter& painter, double device_pixels_per_point);

    QPainter& painter() { return painter_; }
    double pixels_per_point() const { return k_; }
    QRectF px(const QRectF& points) const;
    QPointF px(const QPointF& points) const;

    void text(const QRectF& rect, int flags, const QString& text, const QFont& font, const QColor& colour = Qt::black);
    // Height of wrapped text in points.
    double text_height(const QString& text, const QFont& font, double width) const;
    double text_width(const QString& text, const QFont& font) const;
    double line_height(const QFont& font) const;

    void box(const QRectF& rect, double pen_points = 0.5, const QColor& fill = Qt::transparent,
             const QColor& pen = Qt::black);
    void fill(const QRectF& rect, const QColor& colour);
    void line(const QPointF& from, const QPointF& to, double pen_points = 0.5, const QColor& colour = Qt::black);
    void cross(const QRectF& rect, double pen_points = 0.7);
    void triangle(const QPointF& tip, double size, bool pointing_down, const QColor& colour = Qt::black);

private:
    QPainter& painter_;
    double k_;
};

// Something placed on a page. A block is made of pieces (a table's rows) that may go on
// different pages; `header` is repeated at the top of every part (a table's column titles).
class Block {
public:
    virtual ~Block() = default;
    virtual std::vector<double> pieces(Canvas& canvas, double width) = 0;
    virtual double header(Canvas&, double) { return 0; }
    // Paints pieces [first, last) with the header above them, from the top-left point.
    virtual void paint(Canvas& canvas, QPointF top_left, double width, std::size_t first, std::size_t last) = 0;
    // A piece that must not end a page (a table's group row: a command's name without its units).
    virtual bool keep_piece_with_next(std::size_t) const { return false; }

    double space_before = 6;
    bool keep_with_next = false;  // a heading: never alone at the bottom of a page
    bool full_width = true;       // spans both columns of a two-column document
};

// A paragraph of wrapped text.
class TextBlock : public Block {
public:
    TextBlock(QString text, QFont font, QColor colour = Qt::black);
    std::vector<double> pieces(Canvas& canvas, double width) override;
    void paint(Canvas& canvas, QPointF top_left, double width, std::size_t first, std::size_t last) override;

private:
    QString text_;
    QFont font_;
    QColor colour_;
};

// A section heading with a rule under it.
class HeadingBlock : public Block {
public:
    explicit HeadingBlock(QString text, QString note = {});
    std::vector<double> pieces(Canvas& canvas, double width) override;
    void paint(Canvas& canvas, QPointF top_left, double width, std::size_t first, std::size_t last) override;

private:
    QString text_;
    QString note_;
};

// A cell: text, or a row of tick boxes (some already ticked or crossed), optionally labelled.
struct Cell {
    QString text;
    int boxes = 0;
    int crossed = 0;        // the first `crossed` boxes are crossed off (bases lost)
    QStringList labels;     // a letter in each box ("D", "W", "R")
    int ticked = -1;        // index of a labelled box that is ticked
    Cell() = default;
    Cell(QString t) : text(std::move(t)) {}  // NOLINT: cells are written as text most of the time
    Cell(const char* t) : text(QString::fromUtf8(t)) {}  // NOLINT
};

struct TableColumn {
    QString title;
    double weight = 1;  // share of the width
    Qt::Alignment align = Qt::AlignLeft;
};

struct TableRow {
    std::vector<Cell> cells;
    enum class Kind { Normal, Group, Note } kind = Kind::Normal;  // Group/Note: cells[0] spans the row
    bool shaded = false;
    bool bold = false;
};

class TableBlock : public Block {
public:
    TableBlock(std::vector<TableColumn> columns, QFont font = fonts().small, QFont header_font = fonts().small_bold);
    void add(std::vector<Cell> cells, bool shaded = false, bool bold = false);
    void group(const QString& text);  // a row spanning the table: a command's name
    void note(const QString& text);
    std::size_t size() const { return rows_.size(); }

    double box_size = 7.5;   // tick boxes, points
    double padding = 2;
    bool grid = true;
    bool header_shaded = true;

    std::vector<double> pieces(Canvas& canvas, double width) override;
    double header(Canvas& canvas, double width) override;
    void paint(Canvas& canvas, QPointF top_left, double width, std::size_t first, std::size_t last) override;
    bool keep_piece_with_next(std::size_t piece) const override;

private:
    std::vector<double> widths(double width) const;
    double cell_height(Canvas& canvas, const Cell& cell, double width, const QFont& font) const;
    void paint_cell(Canvas& canvas, const Cell& cell, const QRectF& rect, const QFont& font, Qt::Alignment align) const;

    std::vector<TableColumn> columns_;
    std::vector<TableRow> rows_;
    QFont font_;
    QFont header_font_;
};

// A block painted by a function (the time track, a casualty track): one piece of fixed height.
class PaintedBlock : public Block {
public:
    using Measure = std::function<double(Canvas&, double width)>;
    using Paint = std::function<void(Canvas&, QRectF area)>;
    PaintedBlock(Measure measure, Paint paint);
    std::vector<double> pieces(Canvas& canvas, double width) override;
    void paint(Canvas& canvas, QPointF top_left, double width, std::size_t first, std::size_t last) override;

private:
    Measure measure_;
    Paint paint_;
    double height_ = 0;
};

struct PageFrame {
    QString sheet;     // "Victory and time sheet"
    QString title;     // scenario name
    QString details;   // rule set, origin, date
};

// The blocks of one sheet, laid out on pages of the device's page layout and painted.
class Document {
public:
    explicit Document(PageFrame frame, int columns = 1);
    Block& add(std::unique_ptr<Block> block);
    template <typename T, typename... Args>
    T& emplace(Args&&... args) {
        auto block = std::make_unique<T>(std::forward<Args>(args)...);
        T& ref = *block;
        add(std::move(block));
        return ref;
    }
    // Returns the number of pages painted.
    int paint(QPagedPaintDevice& device);

    // A sheet meant for one page that spills over at full size is printed on one page at the
    // largest scale down to this one (in steps of 2 %); 1 never scales. The victory sheet: 0.85.
    double shrink_to_fit = 1;

private:
    PageFrame frame_;
    int columns_;
    std::vector<std::unique_ptr<Block>> blocks_;
};

QString qs(const std::string& text);

}  // namespace fortuna::sheets
