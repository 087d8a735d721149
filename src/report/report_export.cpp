// SPDX-License-Identifier: MIT
// Draws the board for each quarter hour and writes the battle report as HTML or PDF.
#include "fortuna/report/report_export.hpp"

#include "fortuna/core/message_catalogue.hpp"

#include <algorithm>
#include <cmath>
#include <stdexcept>

#include <QBuffer>
#include <QByteArray>
#include <QColor>
#include <QFile>
#include <QFont>
#include <QPageLayout>
#include <QPageSize>
#include <QPainter>
#include <QPainterPath>
#include <QPdfWriter>
#include <QPolygonF>
#include <QTextDocument>
#include <QUrl>

#include "fortuna/land/battlefield.hpp"
#include "fortuna/core/game_files.hpp"

namespace fortuna::report {

namespace {

// What a person reads, in the chosen language (fortuna/core/message_catalogue.hpp).
QString qs(const std::string& text) { return QString::fromStdString(shown(text)); }

QString escaped(const std::string& text) { return qs(text).toHtmlEscaped(); }

QColor terrain_fill(TerrainKind kind, int layers) {
    switch (kind) {
    case TerrainKind::Hill: return QColor::fromHsv(35, std::min(255, 40 + 35 * layers), std::max(120, 235 - 22 * layers));
    case TerrainKind::Wood: return QColor(112, 160, 96);
    case TerrainKind::Rough: return QColor(200, 190, 150);
    case TerrainKind::Lake: return QColor(120, 170, 220);
    case TerrainKind::Village: return QColor(176, 112, 88);
    case TerrainKind::Town: return QColor(150, 110, 100);
    default: return QColor(160, 160, 160);
    }
}

QColor line_colour(TerrainKind kind) {
    switch (kind) {
    case TerrainKind::River:
    case TerrainKind::Stream: return QColor(70, 130, 200);
    case TerrainKind::Road: return QColor(150, 120, 80);
    case TerrainKind::Wall: return QColor(90, 80, 70);
    case TerrainKind::Earthwork:
    case TerrainKind::Redan: return QColor(110, 70, 40);
    default: return QColor(100, 100, 100);
    }
}

const UnitType& live_type(const std::vector<Unit>& units, const GameState& state, std::size_t i) {
    const Unit& unit = units[i];
    if (state.units[i].mount == Mount::Dismounted && unit.id.dismounted_type != nullptr) return *unit.id.dismounted_type;
    return *unit.id.type;
}

QByteArray png_bytes(const QImage& image) {
    QByteArray bytes;
    QBuffer buffer(&bytes);
    buffer.open(QIODevice::WriteOnly);
    image.save(&buffer, "PNG");
    return bytes;
}

// The scenario's optional board.north_deg: the facing (0 up, 90 right) that points north.
std::optional<double> north_of(const Scenario& scenario) {
    const auto& doc = scenario.document;
    if (doc.is_object() && doc.contains("board") && doc["board"].is_object() && doc["board"].contains("north_deg") &&
        doc["board"]["north_deg"].is_number())
        return doc["board"]["north_deg"].get<double>();
    return std::nullopt;
}

// The picture from what it reads of a game: the game's own or a scene's copy of it.
QImage draw_board(const Scenario& scenario, const std::vector<Unit>& units, const std::vector<General>& generals,
                  const GameState& state, int width_px) {
    const double scale = width_px / scenario.board.width_mm;
    const int height_px = static_cast<int>(std::lround(scenario.board.depth_mm * scale));
    QImage image(width_px, height_px, QImage::Format_ARGB32);
    image.fill(QColor(226, 232, 196));
    QPainter p(&image);
    p.setRenderHint(QPainter::Antialiasing);
    p.scale(scale, scale);  // from here on, board millimetres
    const auto polygon = [](const std::vector<BoardPoint>& points) {
        QPolygonF out;
        for (const auto& q : points) out << QPointF(q.x_mm, q.y_mm);
        return out;
    };

    // Areas, hills lowest layer first, then lines on top.
    std::vector<const TerrainFeature*> areas;
    for (const auto& f : scenario.terrain)
        if (f.closed && f.points.size() >= 3) areas.push_back(&f);
    std::stable_sort(areas.begin(), areas.end(), [](const TerrainFeature* a, const TerrainFeature* b) {
        const auto rank = [](const TerrainFeature* f) { return f->kind == TerrainKind::Hill ? f->layers : 100; };
        return rank(a) < rank(b);
    });
    for (const TerrainFeature* f : areas) {
        p.setPen(QPen(terrain_fill(f->kind, f->layers).darker(125), 1.2));
        p.setBrush(terrain_fill(f->kind, f->layers));
        if (f->kind == TerrainKind::Wood) p.setBrush(QBrush(terrain_fill(f->kind, 0), Qt::Dense4Pattern));
        p.drawPolygon(polygon(f->points));
    }
    for (const auto& f : scenario.terrain) {
        if (f.closed && f.points.size() >= 3) continue;
        const double width = f.width_mm.value_or(f.kind == TerrainKind::Road ? 6.0 : 4.0);
        p.setPen(QPen(line_colour(f.kind), width, Qt::SolidLine, Qt::RoundCap, Qt::RoundJoin));
        p.setBrush(Qt::NoBrush);
        p.drawPolyline(polygon(f.points));
    }
    QFont font(QStringLiteral("DejaVu Sans"));
    font.setPixelSize(20);
    p.setFont(font);
    for (const auto& f : scenario.terrain) {
        if (f.points.empty() || f.kind == TerrainKind::Hill) continue;
        BoardPoint at = f.points[f.points.size() / 2];
        if (f.closed) {
            at = {0, 0};
            for (const auto& q : f.points) at = {at.x_mm + q.x_mm, at.y_mm + q.y_mm};
            at = {at.x_mm / static_cast<double>(f.points.size()), at.y_mm / static_cast<double>(f.points.size())};
        }
        // The whole name on the picture: it ends before the board's right edge.
        const double advance = p.fontMetrics().horizontalAdvance(qs(f.name)) + 8;
        at.x_mm = std::clamp(at.x_mm, 10.0, std::max(10.0, scenario.board.width_mm - advance));
        at.y_mm = std::clamp(at.y_mm, 20.0, scenario.board.depth_mm - 10);
        p.setPen(QColor(60, 50, 40));
        p.drawText(QPointF(at.x_mm + 4, at.y_mm - 4), qs(f.name));
    }
    for (const auto& f : scenario.terrain) {
        if (f.kind != TerrainKind::Hill || f.points.empty()) continue;
        double top = f.points.front().y_mm;
        BoardPoint at = f.points.front();
        for (const auto& q : f.points)
            if (q.y_mm > top && q.x_mm > 0 && q.x_mm < scenario.board.width_mm) top = q.y_mm, at = q;
        p.setPen(QColor(110, 85, 50));
        const double advance = p.fontMetrics().horizontalAdvance(qs(f.name)) + 8;
        p.drawText(QPointF(std::clamp(at.x_mm, 10.0, std::max(10.0, scenario.board.width_mm - advance)),
                           std::min(at.y_mm - 6, scenario.board.depth_mm - 10)),
                   qs(f.name));
    }

    // Units: footprints in the side's colour. Codes at 18 mm: about 11 px in a 900 px picture,
    // 8 pt on the printed page (the report's pictures are the board at 1:2.5 or smaller).
    font.setPixelSize(18);
    font.setBold(true);
    p.setFont(font);
    for (std::size_t i = 0; i < units.size(); ++i) {
        const UnitStatus& now = state.units[i];
        if (now.presence != Presence::OnBoard) continue;
        const Unit& unit = units[i];
        const QColor side_colour(qs(scenario.sides[static_cast<std::size_t>(unit.id.side)].colour));
        const Footprint f = unit_footprint(live_type(units, state, i), now.bases, now.formation, now.position, now.facing_deg);
        QColor fill = side_colour;
        if (now.state == UnitState::Disrupted || now.state == UnitState::Withdrawing) fill = fill.lighter(160);
        if (now.state == UnitState::Routing) fill = fill.lighter(185);
        p.setPen(QPen(Qt::black, 0.8));
        p.setBrush(fill);
        const QPolygonF outline = polygon(f.corners);
        p.drawPolygon(outline);
        // The front edge, thicker, so facing reads at a glance.
        p.setPen(QPen(Qt::black, 2.0));
        p.drawLine(outline[0], outline[1]);
        if (now.state == UnitState::Routing || now.guns == Guns::Captured) {
            p.setPen(QPen(now.guns == Guns::Captured ? QColor(0, 0, 0) : QColor(200, 0, 0), 1.6));
            p.drawLine(outline[0], outline[2]);
            p.drawLine(outline[1], outline[3]);
        }
        p.setPen(QColor(20, 20, 20));
        const double right = std::max({f.corners[0].x_mm, f.corners[1].x_mm, f.corners[2].x_mm, f.corners[3].x_mm});
        const double top = std::min({f.corners[0].y_mm, f.corners[1].y_mm, f.corners[2].y_mm, f.corners[3].y_mm});
        // Beside the unit's right side, or its left where the code would run off the picture.
        const double code_width = p.fontMetrics().horizontalAdvance(qs(unit.id.code));
        const double left = std::min({f.corners[0].x_mm, f.corners[1].x_mm, f.corners[2].x_mm, f.corners[3].x_mm});
        const double x = right + 2 + code_width <= scenario.board.width_mm ? right + 2 : left - 2 - code_width;
        p.drawText(QPointF(x, top + 15), qs(unit.id.code));
    }
    for (std::size_t g = 0; g < generals.size(); ++g) {
        const GeneralStatus& now = state.generals[g];
        if (now.presence != Presence::OnBoard) continue;
        const General& general = generals[g];
        const QColor side_colour(qs(scenario.sides[static_cast<std::size_t>(general.id.side)].colour));
        p.setPen(QPen(Qt::black, 1.0));
        p.setBrush(now.condition == GeneralCondition::Present ? side_colour : QColor(Qt::white));
        p.drawEllipse(QPointF(now.position.x_mm, now.position.y_mm), 8, 8);
        if (now.condition == GeneralCondition::Killed || now.condition == GeneralCondition::Wounded) {
            p.setPen(QPen(QColor(200, 0, 0), 2));
            p.drawLine(QPointF(now.position.x_mm - 8, now.position.y_mm - 8), QPointF(now.position.x_mm + 8, now.position.y_mm + 8));
        }
        p.setPen(QColor(20, 20, 20));
        p.drawText(QPointF(now.position.x_mm + 10, now.position.y_mm + 4), qs(general.id.code));
    }

    // North arrow and scale bar, bottom right.
    if (const auto north = north_of(scenario)) {
        const QPointF c(scenario.board.width_mm - 110, scenario.board.depth_mm - 110);
        const double rad = *north * 3.14159265358979 / 180.0;
        const QPointF tip(c.x() + 60 * std::sin(rad), c.y() - 60 * std::cos(rad));
        const QPointF tail(c.x() - 60 * std::sin(rad), c.y() + 60 * std::cos(rad));
        p.setPen(QPen(Qt::black, 3));
        p.drawLine(tail, tip);
        p.setBrush(Qt::black);
        p.drawEllipse(tip, 5, 5);
        font.setPixelSize(22);
        font.setBold(true);
        p.setFont(font);
        p.drawText(QPointF(tip.x() - 8 + 20 * std::sin(rad), tip.y() + 8 - 20 * std::cos(rad)), QStringLiteral("N"));
    }
    p.setPen(QPen(Qt::black, 3));
    p.drawLine(QPointF(40, scenario.board.depth_mm - 30), QPointF(290, scenario.board.depth_mm - 30));
    font.setPixelSize(16);
    font.setBold(false);
    p.setFont(font);
    double metres_per_mm = 1.0;  // "1 mm = 2 m"
    if (const auto eq = scenario.board.scale.find('='); eq != std::string::npos) {
        try {
            metres_per_mm = std::stod(scenario.board.scale.substr(eq + 1));
        } catch (const std::exception&) {
        }
    }
    p.drawText(QPointF(40, scenario.board.depth_mm - 38),
               QStringLiteral("250 mm = %1 m").arg(static_cast<int>(std::lround(250 * metres_per_mm))));
    p.end();
    return image;
}

}  // namespace

QImage render_board(const Game& game, const GameState& state, int width_px) {
    return draw_board(game.scenario(), game.units(), game.generals(), state, width_px);
}

BoardScene board_scene(const Game& game, const GameState& state) {
    return BoardScene{std::make_shared<const Scenario>(game.scenario()), game.units(), game.generals(), state};
}

QImage render_board(const BoardScene& scene, int width_px) {
    return draw_board(*scene.scenario, scene.units, scene.generals, scene.state, width_px);
}

namespace {

// paged: for the PDF, each quarter hour starts a page (the first page holds the title and the
// scenario), so its picture and caption stay with its text: QTextDocument keeps no block with
// the next of its own accord, and the 12:15 caption of White Mountain fell onto page 2.
QString report_html(const Game& game, const BattleReport& report, const std::vector<QString>& image_sources, bool paged) {
    QString html;
    html += QStringLiteral("<!DOCTYPE html>\n<html><head><meta charset=\"utf-8\"><title>") + escaped(report.title) +
            QStringLiteral("</title>\n<style>body{font-family:Georgia,serif;max-width:60em;margin:2em auto;line-height:1.4}"
                           "h2{border-bottom:1px solid #999;margin-top:1.6em}img{max-width:100%;border:1px solid #666}"
                           "table{border-collapse:collapse}td,th{border:1px solid #999;padding:0.2em 0.6em}</style></head><body>\n");
    html += QStringLiteral("<h1>") + escaped(report.title) + QStringLiteral("</h1>\n<p><i>") + escaped(report.subtitle) +
            QStringLiteral("</i></p>\n");
    if (!game.scenario().description.empty()) html += QStringLiteral("<p>") + escaped(game.scenario().description) + QStringLiteral("</p>\n");
    // Both sides of the picture, in the board's proportions.
    const int picture_width = paged ? 660 : 600;
    const int picture_height = static_cast<int>(std::lround(picture_width * game.scenario().board.depth_mm / game.scenario().board.width_mm));
    for (std::size_t k = 0; k < report.sections.size(); ++k) {
        const ReportSection& s = report.sections[k];
        html += (paged ? QStringLiteral("<h2 style=\"page-break-before: always\">") : QStringLiteral("<h2>")) + escaped(s.clock) +
                QStringLiteral("</h2>\n<p>");
        for (const auto& line : s.sentences) html += escaped(line) + QStringLiteral(" ");
        // The caption above its picture: printed, QTextDocument left a picture's height of blank
        // below the image before a caption under it, so the caption lost its picture.
        html += QStringLiteral("</p>\n<p><small>") + escaped("Battle of " + report.title + " (" + s.clock + ")") +
                QStringLiteral("</small><br><img src=\"") + image_sources[k] +
                QStringLiteral("\" width=\"%1\" height=\"%2\" alt=\"").arg(picture_width).arg(picture_height) +
                escaped("The board at the end of " + s.clock) + QStringLiteral("\"></p>\n");
    }
    html += (paged ? QStringLiteral("<h2 style=\"page-break-before: always\">") : QStringLiteral("<h2>")) + escaped("The end, " + report.end_clock) +
            QStringLiteral("</h2>\n<table width=\"100%\" border=\"1\" cellspacing=\"0\" cellpadding=\"4\"><tr>");
    for (const char* heading : {"Army", "base units", "lost", "%", "routing or gone", "guns taken"})
        html += QStringLiteral("<th>") + escaped(heading) + QStringLiteral("</th>");
    html += QStringLiteral("</tr>\n");
    for (const auto& side : report.sides)
        html += QStringLiteral("<tr><td>") + escaped(side.name) + QStringLiteral("</td><td>") + QString::number(side.bases_start) +
                QStringLiteral("</td><td>") + QString::number(side.bases_lost) + QStringLiteral("</td><td>") +
                QString::number(side.percent_lost, 'f', 1) + QStringLiteral("</td><td>") + QString::number(side.units_routed_or_gone) +
                QStringLiteral("</td><td>") + QString::number(side.guns_lost) + QStringLiteral("</td></tr>\n");
    html += QStringLiteral("</table>\n<p>");
    for (const auto& line : report.casualties) html += escaped(line) + QStringLiteral(" ");
    html += QStringLiteral("</p>\n<p><b>") + escaped(report.result) + QStringLiteral("</b></p>\n</body></html>\n");
    return html;
}

}  // namespace

void write_html(const Game& game, const BattleReport& report, const std::filesystem::path& file, int image_width_px,
                const ReportProgress& progress) {
    std::vector<QString> sources;
    for (const ReportSection& s : report.sections) {
        sources.push_back(QStringLiteral("data:image/png;base64,") +
                          QString::fromLatin1(png_bytes(render_board(game, s.state, image_width_px)).toBase64()));
        if (progress) progress(sources.size(), report.sections.size());
    }
    const QByteArray bytes = report_html(game, report, sources, false).toUtf8();
    atomic_write_file(file, std::string(bytes.constData(), static_cast<std::size_t>(bytes.size())));
}

void write_pdf(const Game& game, const BattleReport& report, const std::filesystem::path& file, const ReportProgress& progress) {
    QPdfWriter writer(QString::fromStdString(file.string()));
    writer.setPageSize(QPageSize(QPageSize::A4));
    writer.setPageMargins(QMarginsF(15, 15, 15, 15), QPageLayout::Millimeter);
    writer.setResolution(150);
    writer.setTitle(qs(report.title));
    writer.setCreator(QStringLiteral("Fortuna Belli"));
    QTextDocument document;
    // Lay the text out on the page's printable area at screen resolution (96 px an inch, the
    // unit of the HTML's image widths and font sizes); print() scales it to the writer.
    document.setPageSize(QSizeF(writer.pageLayout().paintRectPixels(96).size()));
    std::vector<QString> sources;
    for (std::size_t k = 0; k < report.sections.size(); ++k) {
        const QString name = QStringLiteral("board-%1.png").arg(k);
        document.addResource(QTextDocument::ImageResource, QUrl(name), render_board(game, report.sections[k].state, 900));
        sources.push_back(name);
        if (progress) progress(k + 1, report.sections.size());
    }
    // No ligatures: a PDF with an "fi" glyph is not found when one searches it for "fire".
    QFont font = document.defaultFont();
    font.setStyleStrategy(QFont::PreferNoShaping);
    document.setDefaultFont(font);
    document.setHtml(report_html(game, report, sources, true));
    document.print(&writer);
    if (!QFile::exists(QString::fromStdString(file.string()))) throw std::runtime_error("could not write " + file.string());
}

void write_report(const Game& game, const std::filesystem::path& file, const ReportProgress& progress) {
    std::string ext = file.extension().string();
    std::transform(ext.begin(), ext.end(), ext.begin(), [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
    const BattleReport report = make_battle_report(game);
    if (ext == ".html" || ext == ".htm") write_html(game, report, file, 900, progress);
    else if (ext == ".pdf") write_pdf(game, report, file, progress);
    else throw std::invalid_argument("the report is written as .html or .pdf, not '" + ext + "': " + file.string());
}

}  // namespace fortuna::report
