// SPDX-License-Identifier: MIT
// The table plan: the board to scale on a landscape page, then the set-up list (table_plan.hpp).
#include "fortuna/sheets/table_plan.hpp"

#include <algorithm>
#include <cmath>

#include <QPageSize>
#include <QPainterPath>
#include <QPdfWriter>
#include <QPolygonF>

#include "fortuna/land/scenario.hpp"
#include "layout.hpp"
#include "fortuna/land/battlefield.hpp"

namespace fortuna::sheets {

namespace {

constexpr double kGridMm = 100;         // a line every 10 cm: what a club's tape reads
constexpr double kGeneralRadiusMm = 8;  // a general's disc on the plan (the desk draws the same)
constexpr double kUnknownUnitMm = 20;   // a draft's unit of no known type: a square this size

// Print inks: pale fills that leave the units legible, darker outlines; a wood also hatched so
// the plan reads in black and white.
QColor hill_fill(int layer) {
    const int shade = std::clamp(layer, 1, 4);
    return QColor(236 - 14 * shade, 228 - 16 * shade, 204 - 20 * shade);
}

struct Ink {
    QColor fill = Qt::transparent;
    QColor line = Qt::black;
    Qt::BrushStyle hatch = Qt::NoBrush;
    double line_mm = 0.5;  // a line feature's width on the table when the file gives none
};

Ink ink(const TerrainFeature& feature) {
    switch (feature.kind) {
    case TerrainKind::Hill: return {hill_fill(feature.layers), QColor(130, 100, 60), Qt::NoBrush, 0.5};
    case TerrainKind::Wood: return {QColor(205, 228, 190), QColor(40, 100, 40), Qt::Dense6Pattern, 0.5};
    case TerrainKind::Rough: return {QColor(232, 226, 206), QColor(120, 110, 80), Qt::Dense7Pattern, 0.5};
    case TerrainKind::Lake: return {QColor(188, 214, 234), QColor(40, 90, 150), Qt::NoBrush, 0.5};
    case TerrainKind::River: return {Qt::transparent, QColor(60, 120, 190), Qt::NoBrush, 8};
    case TerrainKind::Stream: return {Qt::transparent, QColor(80, 140, 200), Qt::NoBrush, 4};
    case TerrainKind::Road: return {Qt::transparent, QColor(160, 125, 85), Qt::NoBrush, 6};
    case TerrainKind::Village:
    case TerrainKind::Town: return {QColor(205, 190, 176), QColor(90, 60, 50), Qt::NoBrush, 0.5};
    case TerrainKind::Wall: return {Qt::transparent, QColor(40, 40, 40), Qt::NoBrush, 2};
    case TerrainKind::Earthwork:
    case TerrainKind::Redan: return {Qt::transparent, QColor(110, 80, 40), Qt::NoBrush, 4};
    }
    return {};
}

// Hills first, lowest layer first, then the other areas, then the lines: each drawn over what it
// stands on.
int paint_order(const TerrainFeature& feature) {
    if (feature.kind == TerrainKind::Hill) return feature.layers;
    return feature.closed ? 100 : 200;
}

QPolygonF outline(const TerrainFeature& feature) {
    QPolygonF polygon;
    for (const BoardPoint& point : feature.points) polygon << QPointF(point.x_mm, point.y_mm);
    return polygon;
}

QPolygonF outline(const Polygon& corners) {
    QPolygonF polygon;
    for (const BoardPoint& point : corners) polygon << QPointF(point.x_mm, point.y_mm);
    return polygon;
}

QColor side_colour(const SideSetup& side, std::size_t index) {
    const QColor colour(qs(side.colour));
    if (colour.isValid()) return colour;
    return index == 0 ? QColor(43, 76, 155) : QColor(176, 48, 48);
}

QString cm(double mm) { return QString::number(mm / 10.0, 'f', 1); }

// The plan's painter: board millimetres onto an area of the page given in points.
class PlanPainter {
public:
    PlanPainter(Canvas& canvas, const Scenario& scenario, const QRectF& area)
        : canvas_(canvas), painter_(canvas.painter()), scenario_(scenario) {
        const double width = std::max(1.0, scenario.board.width_mm);
        const double depth = std::max(1.0, scenario.board.depth_mm);
        points_per_mm_ = std::min(area.width() / width, area.height() / depth);
        origin_ = QPointF(area.left() + (area.width() - width * points_per_mm_) / 2, area.top());
    }

    void paint() {
        const QRectF table(0, 0, scenario_.board.width_mm, scenario_.board.depth_mm);
        painter_.save();
        painter_.setClipRect(canvas_.px(QRectF(origin_, table.size() * points_per_mm_)));
        painter_.translate(canvas_.px(origin_));
        const double k = canvas_.pixels_per_point() * points_per_mm_;
        painter_.scale(k, k);
        terrain();
        grid(table);
        units();
        objectives();
        painter_.restore();
        frame(table);
    }

    double points_per_mm() const { return points_per_mm_; }

private:
    QPen pen_mm(const QColor& colour, double mm) const {
        QPen pen(colour, mm);
        pen.setCapStyle(Qt::RoundCap);
        pen.setJoinStyle(Qt::RoundJoin);
        return pen;
    }
    // A pen of `points` on the page whatever the table's scale.
    QPen pen_points(const QColor& colour, double points) const { return pen_mm(colour, points / points_per_mm_); }

    void terrain() {
        std::vector<const TerrainFeature*> order;
        for (const TerrainFeature& feature : scenario_.terrain) order.push_back(&feature);
        std::stable_sort(order.begin(), order.end(),
                         [](const TerrainFeature* a, const TerrainFeature* b) { return paint_order(*a) < paint_order(*b); });
        for (const TerrainFeature* feature : order) {
            const Ink style = ink(*feature);
            const QPolygonF polygon = outline(*feature);
            if (feature->closed) {
                painter_.setPen(pen_points(style.line, 0.6));
                painter_.setBrush(style.fill);
                painter_.drawPolygon(polygon);
                if (style.hatch != Qt::NoBrush) {
                    painter_.setPen(Qt::NoPen);
                    QBrush hatch(style.line, style.hatch);
                    hatch.setTransform(QTransform::fromScale(1 / painter_.transform().m11(), 1 / painter_.transform().m22()));
                    painter_.setBrush(hatch);
                    painter_.drawPolygon(polygon);
                }
            } else {
                painter_.setPen(pen_mm(style.line, feature->width_mm.value_or(style.line_mm)));
                painter_.setBrush(Qt::NoBrush);
                painter_.drawPolyline(polygon);
            }
        }
        for (const TerrainFeature& feature : scenario_.terrain) label_feature(feature);
    }

    void label_feature(const TerrainFeature& feature) {
        if (feature.name.empty() || feature.points.empty()) return;
        // Areas at their vertices' mean, lines at their middle point: near enough for a plan.
        QPointF at;
        if (feature.closed) {
            for (const BoardPoint& p : feature.points) at += QPointF(p.x_mm, p.y_mm);
            at /= static_cast<double>(feature.points.size());
        } else {
            const BoardPoint& p = feature.points[feature.points.size() / 2];
            at = QPointF(p.x_mm, p.y_mm);
        }
        text_at(at, qs(feature.name), fonts().tiny, QColor(70, 60, 40), true);
    }

    void grid(const QRectF& table) {
        painter_.setPen(pen_points(QColor(150, 150, 150, 140), 0.3));
        for (double x = kGridMm; x < table.width(); x += kGridMm) painter_.drawLine(QPointF(x, 0), QPointF(x, table.height()));
        for (double y = kGridMm; y < table.height(); y += kGridMm) painter_.drawLine(QPointF(0, y), QPointF(table.width(), y));
    }

    void units() {
        for (std::size_t s = 0; s < scenario_.sides.size(); ++s) {
            const SideSetup& side = scenario_.sides[s];
            const QColor colour = side_colour(side, s);
            for (const CommandSetup& command : side.commands) {
                for (const UnitSetup& unit : command.units) this->unit(unit, colour);
                if (command.general && command.general->position) general(*command.general, colour);
            }
        }
    }

    // Each side's objective (its initial orders, seed 000 7.1.1): a pennant in the side's colour
    // on a pole standing at the objective.
    void objectives() {
        for (std::size_t s = 0; s < scenario_.sides.size(); ++s) {
            const SideSetup& side = scenario_.sides[s];
            if (!side.orders) continue;
            const auto objective = objective_of(scenario_, *side.orders);
            if (!objective) continue;
            const QColor colour = side_colour(side, s);
            const QPointF foot(objective->at.x_mm, objective->at.y_mm);
            const double pole = 14 / points_per_mm_;  // 14 points high on the page
            painter_.setPen(pen_points(colour.darker(160), 1.2));
            painter_.drawLine(foot, foot - QPointF(0, pole));
            painter_.setBrush(colour);
            painter_.drawPolygon(QPolygonF({foot - QPointF(0, pole), foot + QPointF(pole * 0.7, -pole * 0.8), foot - QPointF(0, pole * 0.6)}));
            text_at(foot, side.orders->posture == Posture::Attack ? QStringLiteral("%1: attack").arg(qs(side.name))
                                                                    : QStringLiteral("%1: hold").arg(qs(side.name)),
                    fonts().tiny, colour.darker(160), true, Anchor::Top);
        }
    }

    void unit(const UnitSetup& unit, const QColor& colour) {
        QColor fill = colour;
        fill.setAlpha(90);
        painter_.setBrush(fill);
        painter_.setPen(pen_points(colour, 0.6));
        const QPointF centre(unit.position.x_mm, unit.position.y_mm);
        double depth_mm = kUnknownUnitMm;
        if (unit.unit_type != nullptr && unit.bases > 0) {
            const Footprint footprint =
                unit_footprint(*unit.unit_type, unit.bases, unit.formation, unit.position, unit.facing_deg);
            const QPolygonF corners = outline(footprint.corners);
            painter_.drawPolygon(corners);
            // The front edge heavier: which way the unit faces.
            painter_.setPen(pen_points(colour.darker(140), 1.6));
            painter_.drawLine(corners.value(0), corners.value(1));
            depth_mm = footprint.depth_mm;
        } else {
            painter_.drawRect(QRectF(centre - QPointF(kUnknownUnitMm / 2, kUnknownUnitMm / 2),
                                     QSizeF(kUnknownUnitMm, kUnknownUnitMm)));
        }
        // The code behind the unit, clear of it: below a unit whose rear is towards the near edge,
        // above one whose rear is towards the far edge.
        const BoardPoint behind = unit_frame_point(unit.position, unit.facing_deg, 0, -(depth_mm / 2 + 1));
        text_at(QPointF(behind.x_mm, behind.y_mm), qs(unit.code), fonts().tiny, colour.darker(150), false,
                behind.y_mm >= unit.position.y_mm ? Anchor::Top : Anchor::Bottom);
    }

    void general(const GeneralSetup& general, const QColor& colour) {
        const QPointF at(general.position->x_mm, general.position->y_mm);
        painter_.setBrush(Qt::white);
        painter_.setPen(pen_points(colour, 1.2));
        painter_.drawEllipse(at, kGeneralRadiusMm, kGeneralRadiusMm);
        text_at(at, qs(general.code), fonts().tiny, colour.darker(150), false);
    }

    enum class Anchor { Centre, Top, Bottom };
    // Text of a size on the page, whatever the table's scale, centred on a board point (or with
    // its top or its bottom there).
    void text_at(const QPointF& board_point, const QString& text, const QFont& font, const QColor& colour, bool italic,
                 Anchor anchor = Anchor::Centre) {
        painter_.save();
        const QPointF page = painter_.transform().map(board_point);
        painter_.resetTransform();
        QFont f = font;
        f.setItalic(italic);
        painter_.setFont(f);
        const QFontMetricsF metrics(f, painter_.device());
        const QRectF box = metrics.boundingRect(text);
        const double top = anchor == Anchor::Top      ? page.y()
                           : anchor == Anchor::Bottom ? page.y() - box.height()
                                                      : page.y() - box.height() / 2;
        const QRectF rect(page.x() - box.width() / 2 - 2, top, box.width() + 4, box.height());
        QColor halo(255, 255, 255, 200);
        painter_.fillRect(rect, halo);
        painter_.setPen(colour);
        painter_.drawText(rect, Qt::AlignCenter, text);
        painter_.restore();
    }

    // The table's edge, the grid numbered in cm along the top and left edges, and the scale.
    void frame(const QRectF& table) {
        const QRectF edge(origin_, table.size() * points_per_mm_);
        canvas_.box(edge, 1.0);
        for (double x = 0; x <= table.width() + 0.5; x += kGridMm) {
            const double at = origin_.x() + x * points_per_mm_;
            canvas_.text(QRectF(at - 15, edge.bottom() + 1, 30, 9), Qt::AlignCenter, QString::number(std::lround(x / 10)), fonts().tiny, kMuted);
        }
        for (double y = 0; y <= table.height() + 0.5; y += kGridMm) {
            const double at = origin_.y() + y * points_per_mm_;
            canvas_.text(QRectF(edge.left() - 24, at - 4.5, 21, 9), Qt::AlignRight | Qt::AlignVCenter, QString::number(std::lround(y / 10)),
                         fonts().tiny, kMuted);
        }
    }

    Canvas& canvas_;
    QPainter& painter_;
    const Scenario& scenario_;
    double points_per_mm_ = 1;
    QPointF origin_;
};

// Height left on the page for the plan, in points: the page less the sheet's header and footer
// (Document::paint's) and the caption and edge numbers below the plan.
double plan_height(const QPagedPaintDevice& device) {
    const QRectF page = device.pageLayout().paintRect(QPageLayout::Point);
    return std::max(100.0, page.height() - 96);
}

QString position_text(const BoardPoint& point) { return QStringLiteral("%1, %2").arg(cm(point.x_mm), cm(point.y_mm)); }

QString facing_text(double degrees) { return QStringLiteral("%1\u00b0").arg(std::lround(degrees)); }

void add_set_up_list(Document& document, const Scenario& scenario) {
    document.emplace<HeadingBlock>(QStringLiteral("Set-up"),
                                   QStringLiteral("places in cm from the left and top edges; facing 0\u00b0 the top edge, "
                                                  "90\u00b0 the right"));
    for (std::size_t s = 0; s < scenario.sides.size(); ++s) {
        const SideSetup& side = scenario.sides[s];
        auto& table = document.emplace<TableBlock>(std::vector<TableColumn>{{QStringLiteral("Code"), 0.9},
                                                                            {QStringLiteral("Unit"), 3.0},
                                                                            {QStringLiteral("Type"), 2.0},
                                                                            {QStringLiteral("Bases"), 0.6, Qt::AlignCenter},
                                                                            {QStringLiteral("Formation"), 0.9},
                                                                            {QStringLiteral("Place (cm)"), 1.2},
                                                                            {QStringLiteral("Facing"), 0.7, Qt::AlignCenter}});
        table.group(qs(side.name) + QStringLiteral(" (") + qs(side.id) + QLatin1Char(')'));
        // The side's initial orders (seed 000, 7.1.1) head its list: the players' briefing.
        if (side.orders) {
            const auto objective = objective_of(scenario, *side.orders);
            QString orders = side.orders->posture == Posture::Attack ? QStringLiteral("Orders: attack") : QStringLiteral("Orders: hold");
            if (objective && !side.orders->objective_terrain.empty())
                orders += QStringLiteral(" %1 (its centre at %2)").arg(qs(objective->name), position_text(objective->at));
            else if (objective)
                orders += QStringLiteral(" the point at %1").arg(position_text(objective->at));
            if (!side.orders->text.empty()) orders += QStringLiteral(". ") + qs(side.orders->text);
            table.note(orders);
        }
        const auto add_command = [&](const CommandSetup& command, const QString& suffix) {
            QString heading = qs(command.name) + suffix;
            if (command.general)
                heading += QStringLiteral(": %1 %2%3")
                               .arg(qs(command.general->code), qs(command.general->name),
                                    command.general->position
                                        ? QStringLiteral(" at ") + position_text(*command.general->position)
                                        : QString());
            table.note(heading);
            for (const UnitSetup& unit : command.units) {
                table.add({qs(unit.code), qs(unit.name), unit.unit_type ? qs(unit.unit_type->name) : qs(unit.type),
                           QString::number(unit.bases), qs(std::string(to_string(unit.formation))),
                           position_text(unit.position), facing_text(unit.facing_deg)});
            }
        };
        for (const CommandSetup& command : side.commands) add_command(command, QString());
        for (const ReinforcementSetup& reinforcement : scenario.reinforcements) {
            if (reinforcement.side != side.id) continue;
            add_command(reinforcement.command,
                        QStringLiteral(" (arrives %1%2)")
                            .arg(clock(reinforcement.arrives),
                                 reinforcement.entry.empty() ? QString() : QStringLiteral(", ") + qs(reinforcement.entry)));
        }
    }
}

}  // namespace

std::optional<PlanPaper> plan_paper_from_string(std::string_view text) {
    if (text == "a4" || text == "A4") return PlanPaper::A4;
    if (text == "a3" || text == "A3") return PlanPaper::A3;
    if (text == "letter" || text == "Letter") return PlanPaper::Letter;
    return std::nullopt;
}

QPageLayout table_plan_layout(PlanPaper paper) {
    const QPageSize size(paper == PlanPaper::A3 ? QPageSize::A3 : paper == PlanPaper::A4 ? QPageSize::A4 : QPageSize::Letter);
    return QPageLayout(size, QPageLayout::Landscape, QMarginsF(10, 10, 10, 10), QPageLayout::Millimeter);
}

int paint_table_plan(const Scenario& scenario, QPagedPaintDevice& device, const QDate& printed) {
    PageFrame frame;
    frame.sheet = QStringLiteral("Table plan");
    frame.title = qs(scenario.name.empty() ? scenario.id : scenario.name);
    frame.details = QStringLiteral("Rule set %1 \u00b7 table %2 x %3 cm (%4) \u00b7 %5 to %6 \u00b7 printed %7")
                        .arg(qs(scenario.ruleset), cm(scenario.board.width_mm), cm(scenario.board.depth_mm),
                             qs(scenario.board.scale), clock(scenario.start), clock(scenario.dusk),
                             printed.toString(Qt::ISODate));
    Document document(frame);
    const double height = plan_height(device);
    auto& plan = document.emplace<PaintedBlock>(
        [&scenario, height](Canvas&, double width) {
            const double aspect = std::max(1.0, scenario.board.depth_mm) / std::max(1.0, scenario.board.width_mm);
            return std::min(height, (width - 30) * aspect) + 22;
        },
        [&scenario](Canvas& canvas, QRectF area) {
            // Room on the left for the edge numbers, below for theirs and the caption.
            const QRectF board(area.left() + 26, area.top(), area.width() - 30, area.height() - 22);
            PlanPainter painter(canvas, scenario, board);
            painter.paint();
            const double paper_per_table = painter.points_per_mm() * 25.4 / 72;  // mm of paper a mm of table
            canvas.text(QRectF(area.left(), area.bottom() - 10, area.width(), 10), Qt::AlignCenter,
                        QStringLiteral("Grid 10 cm, numbered in cm from the left and top edges; scale 1 : %1 "
                                       "(10 cm of table = %2 mm on this page).")
                            .arg(QString::number(1 / paper_per_table, 'f', 1), QString::number(100 * paper_per_table, 'f', 1)),
                        fonts().tiny, kMuted);
        });
    plan.space_before = 0;
    add_set_up_list(document, scenario);
    return document.paint(device);
}

int write_table_plan_pdf(const Scenario& scenario, const QString& file, PlanPaper paper, const QDate& printed) {
    QPdfWriter writer(file);
    writer.setResolution(600);
    writer.setPageLayout(table_plan_layout(paper));
    writer.setCreator(QStringLiteral("Fortuna Belli"));
    writer.setTitle(QStringLiteral("Table plan \u2014 ") + qs(scenario.name));
    return paint_table_plan(scenario, writer, printed);
}

}  // namespace fortuna::sheets
