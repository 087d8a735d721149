// SPDX-License-Identifier: MIT
// The table plan of a Game Of Kings battle (kings_table_plan.hpp), laid out by the sheets' pages.
#include "fortuna/sheets/kings_table_plan.hpp"

#include <algorithm>
#include <array>
#include <map>
#include <memory>
#include <stdexcept>

#include <QPdfWriter>

#include "fortuna/game_of_kings/editing.hpp"
#include "fortuna/game_of_kings/tables.hpp"
#include "layout.hpp"

namespace fortuna::sheets {

namespace kings_plan {

using nlohmann::json;

QString words(const std::string& text) { return QString::fromStdString(text); }
QString text_of(const json& node, const char* key) {
    return node.is_object() && node.contains(key) && node[key].is_string() ? words(node[key].get<std::string>()) : QString();
}
std::optional<double> number_of(const json& node, const char* key) {
    if (!node.is_object() || !node.contains(key) || !node[key].is_number()) return std::nullopt;
    return node[key].get<double>();
}
QString cm(double value) { return QString::number(value, 'f', 1); }

const std::array<QColor, 2> kSides{QColor(0x2a, 0x4f, 0x9e), QColor(0xb0, 0x2a, 0x2a)};

QColor ground(const std::string& kind) {
    if (kind == "wood") return {0x8f, 0xb8, 0x78};
    if (kind == "hill") return {0xd9, 0xc2, 0x94};
    if (kind == "water" || kind == "river") return {0xa8, 0xc8, 0xe8};
    if (kind == "built-up-area") return {0xc4, 0xb8, 0xac};
    if (kind == "works") return {0xb0, 0x9a, 0x80};
    if (kind == "crossing") return {0xe8, 0xe0, 0xc8};
    return {0xee, 0xee, 0xee};  // a player's choice not yet made
}

// One unit as the plan shows it: read from the document, its type from the army lists.
struct PlanUnit {
    QString id, name, type, sector, formation;
    int side = -1;
    double x = 0, y = 0;
    std::optional<game_of_kings::Rect> footprint;
};

struct Plan {
    std::shared_ptr<const game_of_kings::Tables> tables;
    double width = 0, depth = 0;
    std::vector<game_of_kings::TerrainArea> ground;
    std::vector<PlanUnit> units;
    std::array<QString, 2> side_names, side_ids, generals;
};

Plan read_plan(const json& document, const std::filesystem::path& data_dir) {
    Plan plan;
    plan.tables = std::make_shared<const game_of_kings::Tables>(game_of_kings::load_tables(data_dir));
    plan.width = game_of_kings::seed_table_width_cm(*plan.tables);
    plan.depth = game_of_kings::seed_table_depth_cm(*plan.tables);
    plan.ground = game_of_kings::draft_terrain(*plan.tables, document);
    if (document.contains("sides") && document["sides"].is_array())
        for (std::size_t s = 0; s < 2 && s < document["sides"].size(); ++s) {
            plan.side_ids[s] = text_of(document["sides"][s], "id");
            plan.side_names[s] = text_of(document["sides"][s], "name");
            plan.generals[s] = text_of(document["sides"][s], "general_with");
        }
    std::map<std::pair<std::string, std::string>, game_of_kings::ListUnit> lists;
    for (const auto& unit : game_of_kings::army_list_units(data_dir)) lists[{unit.list, unit.id}] = unit;
    if (!document.contains("units") || !document["units"].is_array()) return plan;
    for (const json& node : document["units"]) {
        PlanUnit unit;
        unit.id = text_of(node, "id");
        unit.name = text_of(node, "name");
        unit.sector = text_of(node, "sector");
        unit.formation = text_of(node, "formation");
        for (int s = 0; s < 2; ++s)
            if (!plan.side_ids[static_cast<std::size_t>(s)].isEmpty() && text_of(node, "side") == plan.side_ids[static_cast<std::size_t>(s)]) unit.side = s;
        const auto x = number_of(node, "x");
        const auto y = number_of(node, "y");
        unit.x = x.value_or(0);
        unit.y = y.value_or(0);
        const auto found = lists.find({text_of(node, "list").toStdString(), text_of(node, "list_unit").toStdString()});
        if (found != lists.end()) {
            unit.type = words(std::string(game_of_kings::to_string(found->second.type)));
            const std::string formation = unit.formation.isEmpty() ? game_of_kings::default_formation(found->second.type) : unit.formation.toStdString();
            if (unit.formation.isEmpty()) unit.formation = words(formation);
            if (x && y) unit.footprint = game_of_kings::unit_footprint(plan.tables, found->second.type, formation, *x, *y);
        }
        plan.units.push_back(std::move(unit));
    }
    return plan;
}

// The table drawn into `area` (points) with player A's edge at the bottom, as the editor shows it.
void paint_board(Canvas& canvas, QRectF area, const Plan& plan) {
    const double scale = std::min(area.width() / plan.width, area.height() / plan.depth);
    const QRectF table(area.left() + (area.width() - plan.width * scale) / 2, area.top(), plan.width * scale, plan.depth * scale);
    const auto at = [&](double x, double y) { return QPointF(table.left() + x * scale, table.bottom() - y * scale); };
    const auto rect = [&](const game_of_kings::Rect& r) { return QRectF(at(r.x0, r.y1), at(r.x1, r.y0)).normalized(); };
    canvas.box(table, 0.8, QColor(0xf6, 0xf3, 0xe4));
    // The twelve sectors of the generator (two rows of six), dashed in grey.
    for (int c = 1; c < 6; ++c) canvas.line(at(plan.width * c / 6, 0), at(plan.width * c / 6, plan.depth), 0.3, kMuted);
    canvas.line(at(0, plan.depth / 2), at(plan.width, plan.depth / 2), 0.3, kMuted);
    for (const auto& area_of : plan.ground) {
        const QRectF r = rect(area_of.area);
        canvas.box(r, 0.4, ground(area_of.kind));
        const bool choice = area_of.kind == "player-a-choice" || area_of.kind == "player-b-choice";
        const QString label = choice ? (area_of.kind == "player-a-choice" ? QStringLiteral("A's choice") : QStringLiteral("B's choice"))
                              : area_of.name.empty() ? words(area_of.kind)
                                                     : words(area_of.name) + QStringLiteral(" (") + words(area_of.kind) + QLatin1Char(')');
        canvas.text(r.adjusted(2, 1, -1, -1), Qt::AlignLeft | Qt::AlignTop | Qt::TextWordWrap, label, fonts().tiny, QColor(70, 60, 40));
    }
    for (const PlanUnit& unit : plan.units) {
        if (!unit.footprint) continue;
        const QRectF r = rect(*unit.footprint);
        const QColor colour = unit.side >= 0 ? kSides[static_cast<std::size_t>(unit.side)] : QColor(Qt::gray);
        const bool general = unit.side >= 0 && unit.id == plan.generals[static_cast<std::size_t>(unit.side)];
        canvas.box(r, general ? 1.4 : 0.4, colour);
        if (general) canvas.box(r.adjusted(-1.5, -1.5, 1.5, 1.5), 0.8, Qt::transparent, QColor(0xe0, 0xb0, 0x20));
        canvas.text(QRectF(r.center().x() - 30, r.bottom() + 0.5, 60, 7), Qt::AlignHCenter | Qt::AlignTop, unit.id, fonts().tiny,
                    colour.darker(140));
    }
    canvas.text(QRectF(table.left(), table.bottom() + 1, table.width(), 9), Qt::AlignLeft, QStringLiteral("Player A's edge (%1)").arg(plan.side_names[0]),
                fonts().tiny, kMuted);
    canvas.text(QRectF(table.left(), table.top() - 10, table.width(), 9), Qt::AlignLeft, QStringLiteral("Player B's edge (%1)").arg(plan.side_names[1]),
                fonts().tiny, kMuted);
    canvas.text(QRectF(table.left(), table.bottom() + 10, table.width(), 9), Qt::AlignRight,
                QStringLiteral("The seed's table, %1 x %2 cm in 12 sectors; 10 cm of table = %3 mm on this page.")
                    .arg(cm(plan.width), cm(plan.depth), QString::number(10 * scale * 25.4 / 72, 'f', 1)),
                fonts().tiny, kMuted);
}

}  // namespace kings_plan

int paint_kings_table_plan(const nlohmann::json& document, const std::filesystem::path& data_dir, QPagedPaintDevice& device,
                           const QDate& printed) {
    using namespace kings_plan;
    const Plan plan = read_plan(document, data_dir);
    PageFrame frame;
    frame.sheet = QStringLiteral("Table plan");
    const QString name = text_of(document, "name");
    frame.title = name.isEmpty() ? text_of(document, "id") : name;
    const auto turns = number_of(document, "turns");
    frame.details = QStringLiteral("Game Of Kings \u00b7 table %1 x %2 cm \u00b7 %3 turns \u00b7 printed %4")
                        .arg(cm(plan.width), cm(plan.depth), turns ? QString::number(static_cast<int>(*turns)) : QStringLiteral("?"),
                             printed.toString(Qt::ISODate));
    Document sheet(frame);
    const QRectF page = device.pageLayout().paintRect(QPageLayout::Point);
    const double height = std::max(100.0, page.height() - 110);
    auto& board = sheet.emplace<PaintedBlock>(
        [&plan, height](Canvas&, double width) { return std::min(height, width * plan.depth / plan.width) + 30; },
        [&plan](Canvas& canvas, QRectF area) { paint_board(canvas, area.adjusted(0, 12, 0, -20), plan); });
    board.space_before = 0;
    sheet.emplace<HeadingBlock>(QStringLiteral("Set-up"),
                                QStringLiteral("places in cm from player A's left and from A's edge; each unit faces the enemy's edge"));
    for (int s = 0; s < 2; ++s) {
        auto& table = sheet.emplace<TableBlock>(std::vector<TableColumn>{{QStringLiteral("Code"), 1.2},
                                                                          {QStringLiteral("Unit"), 3.0},
                                                                          {QStringLiteral("Type"), 1.6},
                                                                          {QStringLiteral("Formation"), 1.1},
                                                                          {QStringLiteral("Place (cm)"), 1.2}});
        table.group((s == 0 ? QStringLiteral("Player A: ") : QStringLiteral("Player B: ")) + plan.side_names[static_cast<std::size_t>(s)]);
        if (!plan.generals[static_cast<std::size_t>(s)].isEmpty())
            table.note(QStringLiteral("The general rides with %1").arg(plan.generals[static_cast<std::size_t>(s)]));
        for (const char* sector : {"left", "centre", "right"}) {
            bool any = false;
            for (const PlanUnit& unit : plan.units) {
                if (unit.side != s || unit.sector != QLatin1String(sector)) continue;
                if (!any) table.note(QStringLiteral("The %1 sector").arg(QLatin1String(sector)));
                any = true;
                table.add({unit.id, unit.name, unit.type, unit.formation, cm(unit.x) + QStringLiteral(", ") + cm(unit.y)});
            }
        }
    }
    return sheet.paint(device);
}

int write_kings_table_plan_pdf(const nlohmann::json& document, const std::filesystem::path& data_dir, const QString& file,
                               PlanPaper paper, const QDate& printed) {
    QPdfWriter writer(file);
    writer.setResolution(600);
    writer.setPageLayout(table_plan_layout(paper));
    writer.setCreator(QStringLiteral("Fortuna Belli"));
    writer.setTitle(QStringLiteral("Table plan \u2014 ") + kings_plan::text_of(document, "name"));
    const int pages = paint_kings_table_plan(document, data_dir, writer, printed);
    if (pages <= 0) throw std::runtime_error("the table plan could not be written to " + file.toStdString());
    return pages;
}

}  // namespace fortuna::sheets
