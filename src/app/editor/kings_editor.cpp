// SPDX-License-Identifier: MIT
// The scenario editor for Game Of Kings: board, docks, actions and the file (see kings_editor.hpp).
#include "kings_editor.hpp"

#include <QAction>
#include <QCheckBox>
#include <QCloseEvent>
#include <QComboBox>
#include <QDockWidget>
#include <QDoubleSpinBox>
#include <QFileDialog>
#include <QFileInfo>
#include <QFormLayout>
#include <QGraphicsRectItem>
#include <QGraphicsSimpleTextItem>
#include <QHBoxLayout>
#include <QInputDialog>
#include <QLabel>
#include <QLineEdit>
#include <QListWidget>
#include <QMenuBar>
#include <QMessageBox>
#include <QMouseEvent>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QScrollArea>
#include <QSpinBox>
#include <QStatusBar>
#include <QToolBar>
#include <QVBoxLayout>
#include <QWheelEvent>

#include <cmath>
#include <random>

#include "fortuna/core/errors.hpp"
#include "fortuna/seam/library.hpp"
#include "fortuna/seam/rule_system.hpp"
#include "fortuna/land/scenario.hpp"
#include "qt_text.hpp"

#ifdef FORTUNA_HAVE_TABLE_PLAN
#include "fortuna/sheets/kings_table_plan.hpp"
#endif

namespace fortuna::app {

using namespace Qt::StringLiterals;
using Ordered = nlohmann::ordered_json;

namespace kings_editor_detail {

constexpr double kScale = 10;  // scene units (mm) a cm
const QColor kSideColours[2] = {QColor(u"#2a52a0"_s), QColor(u"#b0302c"_s)};

QColor ground_colour(const std::string& kind) {
    if (kind == "hill") return QColor(u"#b99a62"_s);
    if (kind == "water") return QColor(u"#6fa6d8"_s);
    if (kind == "wood") return QColor(u"#4f7d3a"_s);
    if (kind == "built-up-area") return QColor(u"#9a8f86"_s);
    if (kind == "works") return QColor(u"#7a5a3a"_s);
    return QColor(u"#e8d870"_s);  // a player's choice still to make
}

// A number as the file writes it: whole tenths of a cm.
Ordered cm_value(double cm) {
    const double tenths = std::round(cm * 10) / 10;
    if (tenths == std::floor(tenths)) return static_cast<std::int64_t>(tenths);
    return tenths;
}

Ordered& placed_of(Ordered& d) {
    Ordered& terrain = d["terrain"];
    if (!terrain.is_object()) terrain = Ordered::object();
    Ordered& placed = terrain["placed"];
    if (!placed.is_array()) placed = Ordered::array();
    return placed;
}

const QStringList kGroundKinds{u"hill"_s, u"water"_s, u"wood"_s, u"built-up-area"_s, u"works"_s};
const QStringList kSectors{u"left"_s, u"centre"_s, u"right"_s};

QString side_id(const Ordered& d, int side) {
    if (!d.contains("sides") || !d.at("sides").is_array() || side < 0 || side >= static_cast<int>(d.at("sides").size())) return {};
    return qs(text_in(d.at("sides").at(static_cast<std::size_t>(side)), "id"));
}

// Empties a form whose widgets may be the very one whose signal led here (a choice made, a field
// finished): taken out now, deleted once the signal has returned.
void clear_form(QFormLayout* form) {
    while (form->rowCount() > 0) {
        const QFormLayout::TakeRowResult row = form->takeRow(0);
        for (QLayoutItem* item : {row.labelItem, row.fieldItem}) {
            if (item == nullptr) continue;
            if (QWidget* widget = item->widget()) {
                widget->hide();
                widget->deleteLater();
            }
            delete item;
        }
    }
}

}  // namespace kings_editor_detail

using namespace kings_editor_detail;

// ------------------------------------------------------------------ the board

KingsScene::KingsScene(KingsPlan& plan, QObject* parent) : QGraphicsScene(parent), plan_(plan) {
    connect(&plan_, &KingsPlan::changed, this, &KingsScene::rebuild);
    connect(&plan_, &KingsPlan::selectionChanged, this, &KingsScene::rebuild);
    rebuild();
}

QPointF KingsScene::toScene(double x_cm, double y_cm) const {
    return {x_cm * kScale, (game_of_kings::seed_table_depth_cm(plan_.tables()) - y_cm) * kScale};
}

QPointF KingsScene::toBoard(const QPointF& scene) const {
    return {scene.x() / kScale, game_of_kings::seed_table_depth_cm(plan_.tables()) - scene.y() / kScale};
}

KingsPiece KingsScene::pieceAt(const QPointF& scene) const {
    // Units over the ground: the last drawn is the topmost.
    for (auto it = items_.rbegin(); it != items_.rend(); ++it)
        if (it->item->sceneBoundingRect().contains(scene)) return it->piece;
    return {};
}

std::optional<QPointF> KingsScene::handle() const {
    const KingsPiece selected = plan_.selection();
    if (selected.kind != KingsPiece::Kind::Placed) return std::nullopt;
    const auto& piece = plan_.document().at("terrain").at("placed").at(static_cast<std::size_t>(selected.index));
    const auto rect = value_in(piece, "rect_cm");
    if (!rect.is_array() || rect.size() != 4 || !rect[2].is_number() || !rect[3].is_number()) return std::nullopt;
    return toScene(rect[2].get<double>(), rect[3].get<double>());
}

void KingsScene::previewMove(const QPointF& offset) {
    for (const Item& item : items_)
        if (item.piece == plan_.selection()) item.item->setPos(offset);
}

void KingsScene::rebuild() {
    clear();
    items_.clear();
    const double width = game_of_kings::seed_table_width_cm(plan_.tables()), depth = game_of_kings::seed_table_depth_cm(plan_.tables());
    const QRectF table(toScene(0, depth), toScene(width, 0));
    setSceneRect(table.adjusted(-60, -60, 60, 60));
    addRect(table, QPen(QColor(u"#3d4a2a"_s), 3), QColor(u"#c9d6a3"_s));
    // The generator's 12 sectors (seed 004, RANDOM TERRAIN GENERATOR), row 1 on player A's side.
    const int rows = plan_.tables().terrain_rows, columns = plan_.tables().terrain_columns;
    QPen sector_pen(QColor(u"#7d8a60"_s), 1.5, Qt::DashLine);
    for (int c = 1; c < columns; ++c) addLine(QLineF(toScene(width * c / columns, 0), toScene(width * c / columns, depth)), sector_pen);
    for (int r = 1; r < rows; ++r) addLine(QLineF(toScene(0, depth * r / rows), toScene(width, depth * r / rows)), sector_pen);
    for (int r = 1; r <= rows; ++r)
        for (int c = 1; c <= columns; ++c) {
            auto* label = addSimpleText(tr("row %1, sector %2").arg(r).arg(c));
            label->setBrush(QColor(u"#6b7650"_s));
            label->setScale(2.2);
            label->setPos(toScene(width * (c - 1) / columns, depth * r / rows) + QPointF(8, 6));
        }
    auto* a_edge = addSimpleText(tr("player A's edge"));
    a_edge->setScale(2.6);
    a_edge->setPos(toScene(0, 0) + QPointF(0, 8));
    auto* b_edge = addSimpleText(tr("player B's edge"));
    b_edge->setScale(2.6);
    b_edge->setPos(toScene(0, depth) + QPointF(0, -44));

    // The ground as the game will have it; the pieces placed by name can be selected. The ground
    // holds only the placed pieces with a rectangle of four numbers: each is matched to its place
    // in the document's list.
    std::vector<int> placed_at;
    for (int i = 0; i < plan_.placedCount(); ++i)
        if (rect_in(plan_.document().at("terrain").at("placed").at(static_cast<std::size_t>(i)))) placed_at.push_back(i);
    std::size_t placed = 0;
    for (const game_of_kings::TerrainArea& area : plan_.ground()) {
        const QRectF r = QRectF(toScene(area.area.x0, area.area.y1), toScene(area.area.x1, area.area.y0)).normalized();
        const bool choice = area.kind == "player-a-choice" || area.kind == "player-b-choice";
        auto* item = addRect(r, QPen(ground_colour(area.kind).darker(140), 2, choice ? Qt::DashLine : Qt::SolidLine), ground_colour(area.kind));
        const QString words = area.row > 0 ? (choice ? (area.kind == "player-a-choice" ? tr("A's choice") : tr("B's choice")) : qs(area.kind))
                                           : qs(area.name) + u" ("_s + qs(area.kind) + u')';
        auto* label = new QGraphicsSimpleTextItem(words, item);
        label->setScale(2.4);
        label->setPos(r.topLeft() + QPointF(6, 6));
        if (area.row == 0 && placed < placed_at.size()) items_.push_back({{KingsPiece::Kind::Placed, placed_at[placed++]}, item});
    }

    // The units: their footprint where the game measures it, in their side's colour, the general's with a gold rim.
    std::string generals[2];
    if (plan_.document().contains("sides") && plan_.document().at("sides").is_array())
        for (std::size_t i = 0; i < 2 && i < plan_.document().at("sides").size(); ++i)
            generals[i] = text_in(plan_.document().at("sides").at(i), "general_with");
    for (int i = 0; i < plan_.unitCount(); ++i) {
        const auto rect = plan_.footprintOf(i);
        if (!rect) continue;
        const int side = plan_.sideOf(i);
        const QColor colour = side >= 0 ? kSideColours[side] : QColor(Qt::gray);
        const auto& unit = plan_.document().at("units").at(static_cast<std::size_t>(i));
        const std::string id = text_in(unit, "id");
        const bool general = side >= 0 && !id.empty() && generals[side] == id;
        auto* item = addRect(QRectF(toScene(rect->x0, rect->y1), toScene(rect->x1, rect->y0)).normalized(),
                             QPen(general ? QColor(u"#e0b020"_s) : colour.darker(150), general ? 5 : 2), colour);
        item->setZValue(2);
        auto* label = new QGraphicsSimpleTextItem(qs(id), item);
        label->setScale(1.8);
        label->setPos(item->rect().bottomLeft() + QPointF(0, 2));
        items_.push_back({{KingsPiece::Kind::Unit, i}, item});
    }

    // Each piece a problem names, ringed in red where it stands (the Problems list says why).
    for (const ScenarioProblem& problem : plan_.problems()) {
        const KingsPiece named = KingsPiece::fromPointer(problem.pointer);
        for (const Item& item : items_)
            if (named.kind != KingsPiece::Kind::None && item.piece == named) {
                auto* ring = addRect(item.item->sceneBoundingRect().adjusted(-10, -10, 10, 10), QPen(QColor(u"#d01010"_s), 3));
                ring->setZValue(3);
                ring->setToolTip(qs(problem.message()));
            }
    }
    // The selection, and the selected piece's resize handle.
    for (const Item& item : items_)
        if (item.piece == plan_.selection()) {
            auto* mark = addRect(item.item->sceneBoundingRect().adjusted(-6, -6, 6, 6), QPen(QColor(u"#ff8c00"_s), 4, Qt::DashLine));
            mark->setZValue(3);
            mark->setParentItem(nullptr);
        }
    if (const auto corner = handle()) {
        auto* grip = addRect(QRectF(*corner - QPointF(12, 12), QSizeF(24, 24)), QPen(Qt::black, 2), QColor(u"#ff8c00"_s));
        grip->setZValue(4);
    }
}

KingsView::KingsView(KingsPlan& plan, KingsScene& scene, QWidget* parent) : QGraphicsView(&scene, parent), plan_(plan), scene_(scene) {
    setRenderHint(QPainter::Antialiasing);
    setMouseTracking(true);
    setObjectName(u"kingsBoard"_s);
}

void KingsView::armUnit(nlohmann::ordered_json unit) {
    armed_ = std::move(unit);
    emit message(tr("Click on the board where %1 stands").arg(qs(armed_->value("name", std::string()))));
}

bool KingsView::placeArmed(double x_cm, double y_cm) {
    if (!armed_) return false;
    Ordered unit = *armed_;
    unit["x"] = cm_value(x_cm);
    unit["y"] = cm_value(y_cm);
    armed_.reset();
    const int index = plan_.unitCount();
    plan_.edit(tr("Add %1").arg(qs(text_in(unit, "name"))), [&](Ordered& d) {
        if (!d["units"].is_array()) d["units"] = Ordered::array();
        d["units"].push_back(unit);
    });
    plan_.select({KingsPiece::Kind::Unit, index});
    return true;
}

void KingsView::fitTable() {
    const double width = game_of_kings::seed_table_width_cm(plan_.tables()), depth = game_of_kings::seed_table_depth_cm(plan_.tables());
    fitInView(QRectF(scene_.toScene(0, depth), scene_.toScene(width, 0)).adjusted(-40, -60, 40, 60), Qt::KeepAspectRatio);
}

void KingsView::removeSelected() {
    const KingsPiece selected = plan_.selection();
    if (selected.kind == KingsPiece::Kind::Unit) {
        const auto& unit = plan_.document().at("units").at(static_cast<std::size_t>(selected.index));
        plan_.edit(tr("Delete %1").arg(qs(text_in(unit, "id"))),
                   [&](Ordered& d) { d["units"].erase(static_cast<std::size_t>(selected.index)); });
    } else if (selected.kind == KingsPiece::Kind::Placed) {
        plan_.edit(tr("Delete a terrain piece"), [&](Ordered& d) { placed_of(d).erase(static_cast<std::size_t>(selected.index)); });
    }
}

void KingsView::turnSelected() {
    const KingsPiece selected = plan_.selection();
    if (selected.kind == KingsPiece::Kind::Unit) {
        emit message(tr("A unit faces the enemy's edge (Game Of Kings plays no wheels: D25-D31); its formation is in its properties"));
        return;
    }
    if (selected.kind != KingsPiece::Kind::Placed) return;
    plan_.edit(tr("Turn a terrain piece"), [&](Ordered& d) {
        Ordered& piece = placed_of(d).at(static_cast<std::size_t>(selected.index));
        const auto corners = rect_in(piece);
        if (!corners) return;
        Ordered& rect = piece["rect_cm"];
        const auto [x0, y0, x1, y1] = *corners;
        const double cx = (x0 + x1) / 2, cy = (y0 + y1) / 2, hw = (x1 - x0) / 2, hd = (y1 - y0) / 2;
        rect = Ordered::array({cm_value(cx - hd), cm_value(cy - hw), cm_value(cx + hd), cm_value(cy + hw)});
    });
}

void KingsView::mousePressEvent(QMouseEvent* event) {
    if (event->button() != Qt::LeftButton) return QGraphicsView::mousePressEvent(event);
    const QPointF at = mapToScene(event->position().toPoint());
    if (armed_) {
        const QPointF cm = scene_.toBoard(at);
        placeArmed(cm.x(), cm.y());
        return;
    }
    if (const auto corner = scene_.handle(); corner && QLineF(*corner, at).length() < 20 / std::max(transform().m11(), 0.01) + 10) {
        drag_ = Drag{plan_.selection(), true, at, false};
        return;
    }
    const KingsPiece piece = scene_.pieceAt(at);
    plan_.select(piece);
    if (piece.kind != KingsPiece::Kind::None) drag_ = Drag{piece, false, at, false};
}

void KingsView::mouseMoveEvent(QMouseEvent* event) {
    if (!drag_) return QGraphicsView::mouseMoveEvent(event);
    const QPointF at = mapToScene(event->position().toPoint());
    if ((at - drag_->press).manhattanLength() > 3) drag_->moving = true;
    if (drag_->moving && !drag_->handle) scene_.previewMove(at - drag_->press);
}

void KingsView::mouseReleaseEvent(QMouseEvent* event) {
    if (!drag_ || event->button() != Qt::LeftButton) return QGraphicsView::mouseReleaseEvent(event);
    const Drag drag = *drag_;
    drag_.reset();
    if (!drag.moving) return;
    const QPointF at = mapToScene(event->position().toPoint());
    const QPointF from = scene_.toBoard(drag.press), to = scene_.toBoard(at);
    const double dx = to.x() - from.x(), dy = to.y() - from.y();
    const auto index = static_cast<std::size_t>(drag.piece.index);
    // One drag, one command (STYLE.md, Tiled).
    if (drag.piece.kind == KingsPiece::Kind::Unit) {
        plan_.edit(tr("Move %1").arg(qs(text_in(plan_.document().at("units").at(index), "id"))), [&](Ordered& d) {
            Ordered& unit = d["units"].at(index);
            if (value_in(unit, "x").is_number()) unit["x"] = cm_value(unit["x"].get<double>() + dx);
            if (value_in(unit, "y").is_number()) unit["y"] = cm_value(unit["y"].get<double>() + dy);
        });
    } else if (drag.piece.kind == KingsPiece::Kind::Placed) {
        plan_.edit(drag.handle ? tr("Resize a terrain piece") : tr("Move a terrain piece"), [&](Ordered& d) {
            Ordered& piece = placed_of(d).at(index);
            const auto corners = rect_in(piece);
            if (!corners) return;
            Ordered& rect = piece["rect_cm"];
            if (drag.handle) {
                rect[2] = cm_value(to.x());
                rect[3] = cm_value(to.y());
            } else {
                rect = Ordered::array({cm_value((*corners)[0] + dx), cm_value((*corners)[1] + dy), cm_value((*corners)[2] + dx), cm_value((*corners)[3] + dy)});
            }
        });
    }
    scene_.rebuild();
}

void KingsView::wheelEvent(QWheelEvent* event) {
    const double factor = event->angleDelta().y() > 0 ? 1.2 : 1 / 1.2;
    scale(factor, factor);
}

void KingsView::resizeEvent(QResizeEvent* event) {
    QGraphicsView::resizeEvent(event);
    fitTable();
}

// ------------------------------------------------------------------ the window

KingsEditor::KingsEditor(std::shared_ptr<const RulesLibrary> library, QWidget* parent) : QMainWindow(parent) {
    setObjectName(u"kingsEditor"_s);
    plan_ = std::make_unique<KingsPlan>(std::move(library), this);
    scene_ = new KingsScene(*plan_, this);
    view_ = new KingsView(*plan_, *scene_, this);
    setCentralWidget(view_);
    verdict_ = new QLabel(this);
    statusBar()->addPermanentWidget(verdict_);
    buildDocks();
    buildActions();
    connect(view_, &KingsView::message, this, &KingsEditor::say);
    connect(plan_.get(), &KingsPlan::refused, this, &KingsEditor::say);
    connect(plan_.get(), &KingsPlan::changed, this, [this] {
        refreshBattle();
        refreshTerrain();
        refreshArmy();
        refreshSelected();
    });
    connect(plan_.get(), &KingsPlan::selectionChanged, this, [this] {
        refreshSelected();
        refreshing_ = true;  // the list follows the board's selection without selecting again
        units_->setCurrentRow(plan_->selection().kind == KingsPiece::Kind::Unit ? plan_->selection().index : -1);
        refreshing_ = false;
    });
    connect(plan_.get(), &KingsPlan::problemsChanged, this, &KingsEditor::refreshProblems);
    connect(plan_.get(), &KingsPlan::fileChanged, this, &KingsEditor::updateTitle);
    resize(1500, 900);
}

KingsEditor::~KingsEditor() = default;

void KingsEditor::buildDocks() {
    const auto dock = [this](const QString& name, const QString& title, QWidget* content, Qt::DockWidgetArea area) {
        auto* d = new QDockWidget(title, this);
        d->setObjectName(name);
        auto* scroll = new QScrollArea(d);
        scroll->setWidget(content);
        scroll->setWidgetResizable(true);
        d->setWidget(scroll);
        addDockWidget(area, d);
        return d;
    };
    const auto commit_on_finish = [this](QLineEdit* edit, const QString& field) {
        connect(edit, &QLineEdit::editingFinished, this, [this, edit, field] {
            if (refreshing_) return;
            const QString refusal = setField(field, edit->text());
            if (!refusal.isEmpty()) say(refusal);
        });
    };

    // The battle: its name, table, turns and sides.
    auto* battle = new QWidget(this);
    auto* form = new QFormLayout(battle);
    id_ = new QLineEdit(battle);
    id_->setObjectName(u"battleId"_s);
    name_ = new QLineEdit(battle);
    commit_on_finish(id_, u"/id"_s);
    commit_on_finish(name_, u"/name"_s);
    form->addRow(tr("Battle &id:"), id_);
    form->addRow(tr("Battle &name:"), name_);
    auto* table = new QLabel(tr("%1 x %2 cm, the seed's 6 ft x 2 ft 6 in table in 12 sectors of 1 ft x 1 ft 3 in. Game Of Kings states its "
                                "distances on the table, in cm: no ground scale (seed 004, RANDOM TERRAIN GENERATOR).")
                                 .arg(game_of_kings::seed_table_width_cm(plan_->tables()), 0, 'f', 2)
                                 .arg(game_of_kings::seed_table_depth_cm(plan_->tables()), 0, 'f', 1),
                             battle);
    table->setWordWrap(true);
    form->addRow(tr("Table:"), table);
    turns_ = new QSpinBox(battle);
    turns_->setRange(1, 100);
    connect(turns_, &QSpinBox::editingFinished, this, [this] {
        if (!refreshing_) setField(u"/turns"_s, QString::number(turns_->value()));
    });
    form->addRow(tr("Turn limit:"), turns_);
    historic_ = new QCheckBox(tr("Historic: the ground placed by name, no generator (D40)"), battle);
    connect(historic_, &QCheckBox::toggled, this, [this](bool on) {
        if (!refreshing_) setHistoric(on);
    });
    form->addRow(historic_);
    for (int side = 0; side < 2; ++side) {
        side_ids_[side] = new QLineEdit(battle);
        side_names_[side] = new QLineEdit(battle);
        side_names_[side]->setObjectName(u"sideName%1"_s.arg(side));
        commit_on_finish(side_ids_[side], u"/sides/%1/id"_s.arg(side));
        commit_on_finish(side_names_[side], u"/sides/%1/name"_s.arg(side));
        generals_[side] = new QComboBox(battle);
        // Queued: the edit refills this very box, which must first finish emitting.
        connect(
            generals_[side], &QComboBox::activated, this,
            [this, side] {
                if (!refreshing_) setField(u"/sides/%1/general_with"_s.arg(side), generals_[side]->currentData().toString());
            },
            Qt::QueuedConnection);
        const QString player = side == 0 ? tr("Player A (from the bottom edge)") : tr("Player B (from the top edge)");
        form->addRow(new QLabel(u"<b>%1</b>"_s.arg(player), battle));
        form->addRow(tr("Side id:"), side_ids_[side]);
        form->addRow(tr("Side name:"), side_names_[side]);
        form->addRow(tr("General with:"), generals_[side]);
    }
    points_ = new QLabel(battle);
    points_->setObjectName(u"armyPoints"_s);
    points_->setWordWrap(true);
    form->addRow(tr("Army points:"), points_);
    QDockWidget* battle_dock = dock(u"battle"_s, tr("Battle"), battle, Qt::LeftDockWidgetArea);

    // The terrain: the generator and the pieces placed by name.
    auto* terrain = new QWidget(this);
    auto* tlayout = new QVBoxLayout(terrain);
    auto* throw_row = new QFormLayout;
    seed_ = new QSpinBox(terrain);
    seed_->setRange(0, 999999);
    seed_->setValue(static_cast<int>(std::random_device{}() % 100000));
    throw_row->addRow(tr("Generator seed:"), seed_);
    typed_ = new QLineEdit(terrain);
    typed_->setPlaceholderText(tr("or the faces thrown at the table: 5,1,5,2,…"));
    throw_row->addRow(tr("Dice typed:"), typed_);
    tlayout->addLayout(throw_row);
    auto* random = new QPushButton(tr("&Random terrain"), terrain);
    random->setObjectName(u"randomTerrain"_s);
    random->setToolTip(tr("The seed's generator for a non-historic battle: a die a sector, a piece on 4-6, then a die for its kind"));
    connect(random, &QPushButton::clicked, this, [this] {
        const QString refusal = randomTerrain(static_cast<std::uint64_t>(seed_->value()), typed_->text());
        say(refusal.isEmpty() ? tr("Terrain thrown: the dice and what each gave are under the button (Ctrl+Z takes it back)") : refusal);
        if (refusal.isEmpty() && typed_->text().isEmpty()) seed_->setValue(static_cast<int>(std::random_device{}() % 100000));
    });
    tlayout->addWidget(random);
    dice_ = new QPlainTextEdit(terrain);
    dice_->setObjectName(u"terrainDice"_s);
    dice_->setReadOnly(true);
    dice_->setMinimumHeight(180);
    tlayout->addWidget(dice_);
    choices_box_ = new QWidget(terrain);
    choices_ = new QFormLayout(choices_box_);
    tlayout->addWidget(choices_box_);
    auto* add_row = new QHBoxLayout;
    piece_kind_ = new QComboBox(terrain);
    for (const QString& kind : kGroundKinds) piece_kind_->addItem(kind, kind);
    piece_name_ = new QLineEdit(terrain);
    piece_name_->setPlaceholderText(tr("its name"));
    auto* add_piece = new QPushButton(tr("Add piece"), terrain);
    connect(add_piece, &QPushButton::clicked, this, [this] {
        const double cx = game_of_kings::seed_table_width_cm(plan_->tables()) / 2, cy = game_of_kings::seed_table_depth_cm(plan_->tables()) / 2;
        const QString refusal = addPiece(piece_kind_->currentData().toString(), piece_name_->text(), cx - 10, cy - 6, cx + 10, cy + 6);
        say(refusal.isEmpty() ? tr("Placed in the middle of the table: drag it, or pull its corner") : refusal);
    });
    add_row->addWidget(piece_kind_);
    add_row->addWidget(piece_name_);
    add_row->addWidget(add_piece);
    tlayout->addLayout(add_row);
    tlayout->addStretch();
    QDockWidget* terrain_dock = dock(u"terrain"_s, tr("Terrain"), terrain, Qt::LeftDockWidgetArea);

    // The armies: units from the lists, each side's points.
    auto* army = new QWidget(this);
    auto* alayout = new QVBoxLayout(army);
    auto* aform = new QFormLayout;
    unit_side_ = new QComboBox(army);
    unit_side_->addItem(tr("player A"), 0);
    unit_side_->addItem(tr("player B"), 1);
    aform->addRow(tr("Side:"), unit_side_);
    list_unit_ = new QComboBox(army);
    list_unit_->setObjectName(u"listUnit"_s);
    // "France: Gardes Françaises (foot, elite)" read whole in the popup; the box itself keeps the dock narrow.
    list_unit_->setSizeAdjustPolicy(QComboBox::AdjustToMinimumContentsLengthWithIcon);
    list_unit_->setMinimumContentsLength(24);
    for (const auto& entry : plan_->listUnits())
        list_unit_->addItem(u"%1: %2 (%3, %4)"_s.arg(qs(entry.list_name), qs(entry.name), qs(game_of_kings::to_string(entry.type)),
                                                      qs(game_of_kings::to_string(entry.quality))),
                            QStringList{qs(entry.list), qs(entry.id)});
    aform->addRow(tr("From the list:"), list_unit_);
    unit_name_ = new QLineEdit(army);
    unit_name_->setPlaceholderText(tr("its name (the list's if empty)"));
    aform->addRow(tr("Name:"), unit_name_);
    unit_sector_ = new QComboBox(army);
    for (const QString& sector : kSectors) unit_sector_->addItem(sector, sector);
    unit_sector_->setCurrentIndex(1);
    aform->addRow(tr("Sector:"), unit_sector_);
    auto* at_row = new QHBoxLayout;
    unit_x_ = new QDoubleSpinBox(army);
    unit_y_ = new QDoubleSpinBox(army);
    for (QDoubleSpinBox* box : {unit_x_, unit_y_}) {
        box->setDecimals(1);
        box->setSuffix(u" cm"_s);
    }
    unit_x_->setRange(0, game_of_kings::seed_table_width_cm(plan_->tables()));
    unit_y_->setRange(0, game_of_kings::seed_table_depth_cm(plan_->tables()));
    unit_x_->setValue(90);
    unit_y_->setValue(5);
    at_row->addWidget(unit_x_);
    at_row->addWidget(unit_y_);
    aform->addRow(tr("At x, y:"), at_row);
    alayout->addLayout(aform);
    auto* buttons = new QHBoxLayout;
    auto* add_at = new QPushButton(tr("Add at x, y"), army);
    auto* add_click = new QPushButton(tr("Add, then click on the board"), army);
    const auto add = [this](bool typed) {
        const QStringList key = list_unit_->currentData().toStringList();
        if (key.size() != 2) return;
        const QString refusal = addUnit(unit_side_->currentData().toInt(), key[0], key[1], unit_name_->text(), unit_sector_->currentData().toString(),
                                        typed ? std::optional<QPointF>(QPointF(unit_x_->value(), unit_y_->value())) : std::nullopt);
        if (!refusal.isEmpty()) say(refusal);
    };
    connect(add_at, &QPushButton::clicked, this, [add] { add(true); });
    connect(add_click, &QPushButton::clicked, this, [add] { add(false); });
    buttons->addWidget(add_at);
    alayout->addLayout(buttons);
    alayout->addWidget(add_click);
    units_ = new QListWidget(army);
    units_->setObjectName(u"units"_s);
    connect(units_, &QListWidget::currentRowChanged, this, [this](int row) {
        if (!refreshing_ && row >= 0) plan_->select({KingsPiece::Kind::Unit, row});
    });
    alayout->addWidget(units_);
    QDockWidget* army_dock = dock(u"army"_s, tr("Armies"), army, Qt::RightDockWidgetArea);

    // The selected piece's fields.
    selected_box_ = new QWidget(this);
    selected_ = new QFormLayout(selected_box_);
    QDockWidget* selected_dock = dock(u"selected"_s, tr("Selected"), selected_box_, Qt::RightDockWidgetArea);

    problems_ = new QListWidget(this);
    problems_->setObjectName(u"problems"_s);
    connect(problems_, &QListWidget::itemDoubleClicked, this, [this](QListWidgetItem* item) {
        plan_->select(KingsPiece::fromPointer(ss(item->data(Qt::UserRole).toString())));
    });
    auto* problems_dock = new QDockWidget(tr("Problems"), this);
    problems_dock->setObjectName(u"problemsDock"_s);
    problems_dock->setWidget(problems_);
    addDockWidget(Qt::BottomDockWidgetArea, problems_dock);
    tabifyDockWidget(battle_dock, terrain_dock);
    battle_dock->raise();
    splitDockWidget(army_dock, selected_dock, Qt::Vertical);
    resizeDocks({battle_dock, army_dock}, {380, 400}, Qt::Horizontal);
    resizeDocks({problems_dock}, {120}, Qt::Vertical);
}

void KingsEditor::buildActions() {
    QMenu* file = menuBar()->addMenu(tr("&File"));
    file->addAction(tr("&Edit Scenario…"), QKeySequence::Open, this, [this] {
        const QString dir = qs(plan_->library().data_dir().string() + "/scenarios");
        const QString chosen = QFileDialog::getOpenFileName(this, tr("Edit a Game Of Kings scenario"), dir, tr("Scenarios (*.json);;All files (*)"));
        if (!chosen.isEmpty()) openScenario(chosen);
    });
    file->addAction(tr("&Save"), QKeySequence::Save, this, &KingsEditor::save);
    file->addAction(tr("Save &As…"), QKeySequence::SaveAs, this, &KingsEditor::saveAs);
    file->addSeparator();
    file->addAction(tr("&Play"), QKeySequence(u"F5"_s), this, [this] { play(); });
#ifdef FORTUNA_HAVE_TABLE_PLAN
    file->addSeparator();
    // The club's notice board: the table to scale and the set-up list (issue 31, item 5).
    file->addAction(tr("Export &Table Plan as PDF…"), QKeySequence::Print, this, [this] {
        const QStringList papers{u"A4"_s, u"A3"_s, u"Letter"_s};
        bool chosen = false;
        const QString paper = QInputDialog::getItem(this, tr("Export Table Plan"), tr("Paper (landscape):"), papers, 0, false, &chosen);
        if (!chosen) return;
        QString pdf = QFileDialog::getSaveFileName(this, tr("Export Table Plan"), tr("%1-table-plan.pdf").arg(qs(text_in(plan_->document(), "id"))),
                                                   tr("PDF (*.pdf)"));
        if (pdf.isEmpty()) return;
        if (!pdf.endsWith(u".pdf"_s, Qt::CaseInsensitive)) pdf += u".pdf"_s;
        const QString refusal = exportTablePlan(pdf, paper);
        say(refusal.isEmpty() ? tr("Wrote the table plan to %1").arg(pdf) : refusal);
    });
#endif
    file->addSeparator();
    file->addAction(tr("&Close"), QKeySequence::Close, this, &QWidget::close);

    QMenu* edit = menuBar()->addMenu(tr("&Edit"));
    QAction* undo = plan_->undoStack()->createUndoAction(this, tr("&Undo"));
    undo->setShortcut(QKeySequence::Undo);
    QAction* redo = plan_->undoStack()->createRedoAction(this, tr("&Redo"));
    redo->setShortcuts({QKeySequence(QKeySequence::Redo), QKeySequence(u"Ctrl+Y"_s)});
    edit->addAction(undo);
    edit->addAction(redo);
    edit->addSeparator();
    edit->addAction(tr("&Delete the Selected Piece"), QKeySequence::Delete, view_, &KingsView::removeSelected);
    edit->addAction(tr("&Turn the Selected Piece"), QKeySequence(u"R"_s), view_, &KingsView::turnSelected);

    QToolBar* bar = addToolBar(tr("Edit"));
    bar->setObjectName(u"kingsTools"_s);
    bar->addAction(undo);
    bar->addAction(redo);
    bar->addSeparator();
    bar->addAction(tr("Play"), this, [this] { play(); });
}

QString KingsEditor::exportTablePlan(const QString& pdf, const QString& paper) {
#ifdef FORTUNA_HAVE_TABLE_PLAN
    const auto chosen = sheets::plan_paper_from_string(paper.toStdString());
    if (!chosen) return tr("The paper is A4, A3 or Letter, not %1").arg(paper);
    try {
        // The draft as it stands, problems and all: the plan leaves out what it cannot read.
        const nlohmann::json document = nlohmann::json::parse(plan_->document().dump());
        sheets::write_kings_table_plan_pdf(document, plan_->library().data_dir(), pdf, *chosen);
        return {};
    } catch (const std::exception& error) {
        return tr("The table plan could not be written: %1").arg(QString::fromUtf8(error.what()));
    }
#else
    (void)pdf;
    (void)paper;
    return tr("This build prints no sheets.");
#endif
}

QString KingsEditor::statusText() const { return verdict_->text(); }
QString KingsEditor::diceText() const { return dice_->toPlainText(); }

void KingsEditor::say(const QString& text) { statusBar()->showMessage(text, 15000); }

void KingsEditor::updateTitle() {
    const QString file = plan_->filePath().isEmpty() ? tr("not saved yet") : QFileInfo(plan_->filePath()).fileName();
    setWindowTitle(tr("%1 (%2)%3 — Game Of Kings scenario editor")
                       .arg(qs(text_in(plan_->document(), "name")), file, plan_->isModified() ? u" *"_s : QString()));
}

void KingsEditor::refreshBattle() {
    refreshing_ = true;
    const Ordered& d = plan_->document();
    id_->setText(verbatim(text_in(d, "id")));
    name_->setText(verbatim(text_in(d, "name")));
    turns_->setValue(value_in(d, "turns").is_number_integer() ? d.at("turns").get<int>() : 20);
    historic_->setChecked(flag_in(d, "historic"));
    for (int side = 0; side < 2; ++side) {
        const Ordered s = d.contains("sides") && d.at("sides").is_array() && d.at("sides").size() > static_cast<std::size_t>(side)
                              ? d.at("sides").at(static_cast<std::size_t>(side))
                              : Ordered::object();
        side_ids_[side]->setText(verbatim(text_in(s, "id")));
        side_names_[side]->setText(verbatim(text_in(s, "name")));
        unit_side_->setItemText(side, verbatim(text_in(s, "name")));
        generals_[side]->clear();
        generals_[side]->addItem(tr("(choose a unit)"), QString());
        for (int i = 0; i < plan_->unitCount(); ++i)
            if (plan_->sideOf(i) == side) {
                const QString id = qs(text_in(d.at("units").at(static_cast<std::size_t>(i)), "id"));
                generals_[side]->addItem(id, id);
            }
        const int at = generals_[side]->findData(qs(text_in(s, "general_with")));
        generals_[side]->setCurrentIndex(std::max(at, 0));
    }
    const auto points = plan_->points();
    QStringList lines;
    for (int side = 0; side < 2; ++side)
        lines << tr("%1: %2 (the general 3, %3 foot at 2, %4 others at 1; seed 004, VICTORY)")
                     .arg(side_names_[side]->text())
                     .arg(points[static_cast<std::size_t>(side)].points)
                     .arg(points[static_cast<std::size_t>(side)].foot)
                     .arg(points[static_cast<std::size_t>(side)].others);
    points_->setText(lines.join(u'\n'));
    refreshing_ = false;
    updateTitle();
}

void KingsEditor::refreshTerrain() {
    const Ordered& d = plan_->document();
    const Ordered terrain = value_in(d, "terrain");
    // The dice and what each gave, read again from the document (an undo shows the throw before).
    QStringList lines;
    std::vector<game_of_kings::TerrainPiece> sectors;
    if (terrain.is_object() && terrain.contains("dice") && terrain.at("dice").is_array()) {
        try {
            const auto thrown = game_of_kings::throw_terrain(plan_->tables(), 0, terrain.at("dice").get<std::vector<int>>());
            QStringList faces;
            for (const int face : thrown.dice) faces << QString::number(face);
            lines << tr("Dice: %1 (%2)").arg(faces.join(u", "_s), qs(text_in(terrain, "command")));
            for (const std::string& line : thrown.explanation) lines << qs(line);
            sectors = thrown.sectors;
        } catch (const std::exception& error) {
            lines << tr("The dice do not make a throw: %1").arg(qs(error.what()));
        }
    } else {
        lines << tr("No terrain thrown yet: press Random terrain (a non-historic battle), or tick Historic and place the ground by name.");
    }
    dice_->setPlainText(lines.join(u'\n'));

    // A player's choice (kind die 5 or 6) for each sector that gave one.
    clear_form(choices_);
    for (const auto& piece : sectors) {
        if (piece.kind != "player-a-choice" && piece.kind != "player-b-choice") continue;
        auto* box = new QComboBox(choices_box_);
        box->setObjectName(u"choice%1-%2"_s.arg(piece.row).arg(piece.column));
        box->addItem(tr("(to choose)"), QString());
        for (const QString& kind : kGroundKinds.mid(0, 4)) box->addItem(kind, kind);
        for (const auto& choice : value_in(terrain, "choices"))
            if (whole_in(choice, "row") == piece.row && whole_in(choice, "column") == piece.column)
                box->setCurrentIndex(std::max(0, box->findData(qs(text_in(choice, "kind")))));
        const int row = piece.row, column = piece.column;
        connect(box, &QComboBox::activated, this, [this, box, row, column] {
            const QString refusal = chooseTerrain(row, column, box->currentData().toString());
            if (!refusal.isEmpty()) say(refusal);
        });
        choices_->addRow(piece.kind == "player-a-choice" ? tr("Row %1, sector %2 (player A's choice):").arg(row).arg(column)
                                                         : tr("Row %1, sector %2 (player B's choice):").arg(row).arg(column),
                         box);
    }
}

void KingsEditor::refreshArmy() {
    refreshing_ = true;
    units_->clear();
    for (int i = 0; i < plan_->unitCount(); ++i) {
        const auto& u = plan_->document().at("units").at(static_cast<std::size_t>(i));
        const auto* entry = plan_->listUnitOf(i);
        units_->addItem(u"%1  %2 — %3, %4"_s.arg(qs(text_in(u, "id")), qs(text_in(u, "name")),
                                                 entry ? qs(game_of_kings::to_string(entry->type)) : tr("unknown list unit"),
                                                 qs(text_in(u, "sector"))));
    }
    if (plan_->selection().kind == KingsPiece::Kind::Unit) units_->setCurrentRow(plan_->selection().index);
    refreshing_ = false;
}

void KingsEditor::refreshSelected() {
    clear_form(selected_);
    const KingsPiece piece = plan_->selection();
    const Ordered& d = plan_->document();
    const auto line = [this](const QString& label, const QString& field, const QString& value) {
        auto* edit = new QLineEdit(value, selected_box_);
        edit->setObjectName(field);
        connect(edit, &QLineEdit::editingFinished, this, [this, edit, field] {
            const QString refusal = setField(field, edit->text());
            if (!refusal.isEmpty()) say(refusal);
        });
        selected_->addRow(label, edit);
    };
    const auto choice = [this](const QString& label, const QString& field, const QStringList& values, const QString& value) {
        auto* box = new QComboBox(selected_box_);
        box->setObjectName(field);
        box->addItems(values);
        box->setCurrentIndex(std::max(0, static_cast<int>(values.indexOf(value))));
        connect(box, &QComboBox::activated, this, [this, box, field] { say(setField(field, box->currentText())); });
        selected_->addRow(label, box);
    };
    const auto num = [](const Ordered& v) { return v.is_number() ? QString::number(v.get<double>()) : QString(); };
    if (piece.kind == KingsPiece::Kind::Unit) {
        const Ordered& u = d.at("units").at(static_cast<std::size_t>(piece.index));
        const auto* entry = plan_->listUnitOf(piece.index);
        selected_->addRow(new QLabel(entry ? tr("%1 of %2: %3, %4%5")
                                                 .arg(qs(entry->name), qs(entry->list_name), qs(game_of_kings::to_string(entry->type)),
                                                      qs(game_of_kings::to_string(entry->quality)), entry->cuirassiers ? tr(", cuirassiers") : QString())
                                           : tr("a unit of no known list"),
                                     selected_box_));
        line(tr("Id:"), u"id"_s, qs(text_in(u, "id")));
        line(tr("Name:"), u"name"_s, qs(text_in(u, "name")));
        choice(tr("Sector:"), u"sector"_s, kSectors, qs(text_in(u, "sector")));
        line(tr("x (cm):"), u"x"_s, num(value_in(u, "x")));
        line(tr("y (cm):"), u"y"_s, num(value_in(u, "y")));
        QStringList formations{u"line"_s, u"column"_s};
        if (entry && entry->type == game_of_kings::UnitType::Gun) formations = {u"unlimbered"_s, u"limbered"_s};
        else if (entry && entry->type != game_of_kings::UnitType::Foot && entry->type != game_of_kings::UnitType::LightFoot) formations = {u"mounted"_s};
        choice(tr("Formation:"), u"formation"_s, formations, qs(text_in(u, "formation")));
        auto* facing = new QLabel(plan_->sideOf(piece.index) == 1 ? tr("Faces player A's edge, as player B's army does (no wheels: D25-D31)")
                                                                   : tr("Faces player B's edge, as player A's army does (no wheels: D25-D31)"),
                                  selected_box_);
        facing->setWordWrap(true);
        selected_->addRow(tr("Facing:"), facing);
    } else if (piece.kind == KingsPiece::Kind::Placed) {
        const Ordered& p = d.at("terrain").at("placed").at(static_cast<std::size_t>(piece.index));
        line(tr("Name:"), u"name"_s, qs(text_in(p, "name")));
        choice(tr("Kind:"), u"kind"_s, kGroundKinds, qs(text_in(p, "kind")));
        const Ordered rect = value_in(p, "rect_cm");
        const QStringList corners{u"x0"_s, u"y0"_s, u"x1"_s, u"y1"_s};
        for (std::size_t i = 0; i < 4; ++i)
            line(corners[static_cast<qsizetype>(i)] + u" (cm):"_s, corners[static_cast<qsizetype>(i)], rect.is_array() && rect.size() == 4 ? num(rect[i]) : QString());
        line(tr("Source:"), u"source"_s, qs(text_in(p, "source")));
    } else {
        auto* hint = new QLabel(tr("Click a unit or a piece placed by name; drag to move it, pull a piece's corner to resize it, R turns it."),
                                selected_box_);
        hint->setWordWrap(true);
        selected_->addRow(hint);
    }
}

void KingsEditor::refreshProblems() {
    problems_->clear();
    for (const ScenarioProblem& p : plan_->problems()) {
        auto* item = new QListWidgetItem(qs(p.message()), problems_);
        item->setData(Qt::UserRole, qs(p.pointer));
    }
    const auto n = static_cast<int>(plan_->problems().size());
    verdict_->setText(n == 0 ? tr("Plays") : tr("Draft: %n problem(s)", nullptr, n));
}

void KingsEditor::startBattle(nlohmann::ordered_json document) {
    plan_->start(std::move(document));
    view_->fitTable();
    say(tr("A new Game Of Kings battle: throw the terrain, add units from the lists, choose each side's general, save (Ctrl+S)"));
}

bool KingsEditor::openScenario(const QString& file_or_id, bool quiet) {
    try {
        plan_->open(file_or_id);
        view_->fitTable();
        if (plan_->filePath().isEmpty()) say(tr("A shipped battle: Save asks where to keep your copy"));
        return true;
    } catch (const std::exception& error) {
        if (!quiet) QMessageBox::warning(this, tr("Cannot edit"), tr("%1\n\n%2").arg(file_or_id, qs(error.what())));
        return false;
    }
}

bool KingsEditor::save() {
    if (plan_->filePath().isEmpty()) return saveAs();
    return saveTo(plan_->filePath());
}

bool KingsEditor::saveAs() {
    // The file is named after the battle's id: `validate` asks it.
    const std::string id = text_in(plan_->document(), "id");
    const QString suggested = qs(id.empty() ? std::string("my-battle") : id) + u".json"_s;
    const QString file = QFileDialog::getSaveFileName(this, tr("Save the battle"), suggested, tr("Scenarios (*.json)"));
    if (file.isEmpty()) return false;
    return saveTo(file);
}

bool KingsEditor::saveTo(const QString& file, bool quiet) {
    try {
        plan_->save(file);
        const auto n = static_cast<int>(plan_->problems().size());
        say(n == 0 ? tr("Saved %1: it plays").arg(file) : tr("Saved %1 as a draft with %n problem(s)", nullptr, n).arg(file));
        return true;
    } catch (const std::exception& error) {
        if (!quiet) QMessageBox::warning(this, tr("Cannot save"), qs(error.what()));
        return false;
    }
}

bool KingsEditor::play(bool quiet) {
    if (!save()) return false;
    if (!plan_->problems().empty()) {
        QStringList lines;
        for (const ScenarioProblem& p : plan_->problems()) lines << qs(p.message());
        if (!quiet)
            QMessageBox::warning(this, tr("Not ready to play"),
                                 tr("The battle is saved as a draft, but it does not play yet:\n\n%1").arg(lines.mid(0, 20).join(u'\n')));
        say(tr("Not ready to play: %n problem(s), see the Problems", nullptr, static_cast<int>(lines.size())));
        return false;
    }
    emit playRequested(plan_->filePath());
    return true;
}

QString KingsEditor::randomTerrain(std::uint64_t seed, const QString& typed) {
    std::optional<std::vector<int>> faces;
    try {
        if (!typed.trimmed().isEmpty()) faces = game_of_kings::parse_faces(ss(typed.trimmed()), "the typed dice");
        const auto before = value_in(plan_->document(), "terrain");
        const auto thrown = game_of_kings::throw_terrain(plan_->tables(), seed, faces, before);
        plan_->edit(tr("Random terrain"), [&](Ordered& d) {
            d["terrain"] = thrown.terrain;
            d["historic"] = false;  // the generator is for non-historic battles (D40)
        });
        return {};
    } catch (const std::exception& error) {
        return qs(error.what());
    }
}

void KingsEditor::setHistoric(bool historic) {
    // A historic battle places its ground by name and carries no generator dice (D40): ticking it
    // drops the throw (one undo step brings it back); unticking it leaves the throw to be made.
    plan_->edit(historic ? tr("A historic battle") : tr("A non-historic battle"), [&](Ordered& d) {
        d["historic"] = historic;
        Ordered& terrain = d["terrain"];
        if (!terrain.is_object()) terrain = Ordered::object();
        if (historic) {
            for (const char* key : {"generator_seed", "command", "dice", "choices"}) terrain.erase(key);
            if (!terrain.contains("placed")) terrain["placed"] = Ordered::array();
        }
    });
}

QString KingsEditor::chooseTerrain(int row, int column, const QString& kind) {
    plan_->edit(tr("Choose the terrain of row %1, sector %2").arg(row).arg(column), [&](Ordered& d) {
        Ordered& choices = d["terrain"]["choices"];
        if (!choices.is_array()) choices = Ordered::array();
        Ordered kept = Ordered::array();
        for (const auto& choice : choices)
            if (!(whole_in(choice, "row") == row && whole_in(choice, "column") == column)) kept.push_back(choice);
        if (!kind.isEmpty()) {
            // Which player chooses is the kind die's (5: A, 6: B); the die is read again from the document.
            std::string by = ss(side_id(d, 0));
            try {
                const auto thrown = game_of_kings::throw_terrain(plan_->tables(), 0, d.at("terrain").at("dice").get<std::vector<int>>());
                for (const auto& piece : thrown.sectors)
                    if (piece.row == row && piece.column == column && piece.kind == "player-b-choice") by = ss(side_id(d, 1));
            } catch (const std::exception&) {
            }
            Ordered choice = Ordered::object();
            choice["row"] = row;
            choice["column"] = column;
            choice["kind"] = ss(kind);
            choice["by"] = by;
            choice["why"] = "chosen in the scenario editor for " + by;
            kept.push_back(choice);
        }
        choices = kept;
    });
    return {};
}

QString KingsEditor::addPiece(const QString& kind, const QString& name, double x0, double y0, double x1, double y1) {
    if (!kGroundKinds.contains(kind)) return tr("A terrain piece is one of %1, not %2").arg(kGroundKinds.join(u", "_s), kind);
    QString named = name.trimmed();
    if (named.isEmpty()) named = tr("%1 %2").arg(kind).arg(plan_->placedCount() + 1);
    const int index = plan_->placedCount();
    plan_->edit(tr("Add %1").arg(named), [&](Ordered& d) {
        Ordered piece = Ordered::object();
        piece["name"] = ss(named);
        piece["kind"] = ss(kind);
        piece["rect_cm"] = Ordered::array({cm_value(x0), cm_value(y0), cm_value(x1), cm_value(y1)});
        piece["source"] = "placed by the organiser in the scenario editor";
        placed_of(d).push_back(piece);
    });
    plan_->select({KingsPiece::Kind::Placed, index});
    return {};
}

QString KingsEditor::addUnit(int side, const QString& list, const QString& list_unit, const QString& name, const QString& sector,
                             std::optional<QPointF> at_cm) {
    const game_of_kings::ListUnit* entry = nullptr;
    for (const auto& u : plan_->listUnits())
        if (qs(u.list) == list && qs(u.id) == list_unit) entry = &u;
    if (!entry) return tr("No unit %1 in the army list %2 (data/armies/game-of-kings)").arg(list_unit, list);
    if (side < 0 || side > 1) return tr("A side is player A or player B");
    if (!kSectors.contains(sector)) return tr("A sector is left, centre or right, not %1").arg(sector);
    Ordered unit = Ordered::object();
    unit["id"] = plan_->suggestUnitId(side, entry->id);
    unit["name"] = name.trimmed().isEmpty() ? entry->name : ss(name.trimmed());
    unit["side"] = ss(side_id(plan_->document(), side));
    unit["list"] = entry->list;
    unit["list_unit"] = entry->id;
    unit["sector"] = ss(sector);
    unit["x"] = 0;
    unit["y"] = 0;
    unit["formation"] = game_of_kings::default_formation(entry->type);
    view_->armUnit(unit);
    if (at_cm) {
        view_->placeArmed(at_cm->x(), at_cm->y());
        say(tr("Add %1").arg(qs(text_in(unit, "name"))));
    }
    return {};
}

QString KingsEditor::setField(const QString& field, const QString& text) {
    // A field of the battle is its pointer ("/name", "/sides/1/general_with"); a selected piece's its member.
    std::string pointer;
    const KingsPiece piece = plan_->selection();
    if (field.startsWith(u'/')) pointer = ss(field);
    else if (piece.kind == KingsPiece::Kind::Unit) pointer = "/units/" + std::to_string(piece.index) + "/" + ss(field);
    else if (piece.kind == KingsPiece::Kind::Placed) {
        const QStringList corners{u"x0"_s, u"y0"_s, u"x1"_s, u"y1"_s};
        pointer = "/terrain/placed/" + std::to_string(piece.index) + "/" +
                  (corners.contains(field) ? "rect_cm/" + std::to_string(corners.indexOf(field)) : ss(field));
    } else {
        return tr("Nothing selected for %1").arg(field);
    }
    try {
        return setFieldAt(pointer, field, text);
    } catch (const std::exception& error) {
        return tr("%1: not applied, the draft's shape does not allow it (%2); the Problems say what to correct").arg(field, qs(error.what()));
    }
}

QString KingsEditor::setFieldAt(const std::string& pointer, const QString& field, const QString& text) {
    const Ordered::json_pointer at(pointer);
    const Ordered& d = plan_->document();
    const Ordered old = d.contains(at) ? d.at(at) : Ordered();
    Ordered value;
    const QStringList numeric{u"x"_s, u"y"_s, u"x0"_s, u"y0"_s, u"x1"_s, u"y1"_s, u"/turns"_s};
    if (old.is_number() || numeric.contains(field)) {
        bool ok = false;
        const double number = text.trimmed().toDouble(&ok);
        if (!ok || !std::isfinite(number)) return tr("%1: a number, not %2").arg(field, text);
        value = field == u"/turns"_s ? Ordered(static_cast<int>(number)) : cm_value(number);
    } else if (old.is_boolean()) {
        value = text == u"true"_s;
    } else {
        value = ss(text);
    }
    if (old == value) return {};
    // A renamed unit or side keeps the references to it.
    const std::string old_text = old.is_string() ? old.get<std::string>() : std::string();
    const bool unit_id = pointer.rfind("/units/", 0) == 0 && field == u"id"_s;
    const bool side_id_changed = pointer.size() > 7 && pointer.rfind("/sides/", 0) == 0 && pointer.ends_with("/id");
    return plan_->edit(tr("Change %1").arg(field.section(u'/', -1)), [&](Ordered& doc) {
        doc[at] = value;
        if (!value.is_string() || old_text.empty()) return;
        const std::string now = value.get<std::string>();
        if (unit_id)
            for (auto& side : doc["sides"])
                if (side.is_object() && text_in(side, "general_with") == old_text) side["general_with"] = now;
        if (side_id_changed && doc["units"].is_array())
            for (auto& unit : doc["units"])
                if (unit.is_object() && text_in(unit, "side") == old_text) unit["side"] = now;
    }, u"kings:"_s + qs(pointer));
}

void KingsEditor::closeEvent(QCloseEvent* event) {
    if (plan_->isModified()) {
        const auto answer = QMessageBox::question(this, tr("Unsaved changes"),
                                                  tr("Save the changes to %1 before closing?").arg(qs(text_in(plan_->document(), "name"))),
                                                  QMessageBox::Save | QMessageBox::Discard | QMessageBox::Cancel, QMessageBox::Save);
        if (answer == QMessageBox::Cancel || (answer == QMessageBox::Save && !save())) {
            event->ignore();
            return;
        }
    }
    event->accept();
}

KingsEditor* open_kings_editor(std::shared_ptr<const RulesLibrary> library, QWidget* parent) {
    auto* editor = new KingsEditor(std::move(library), parent);
    editor->setAttribute(Qt::WA_DeleteOnClose);
    editor->show();
    return editor;
}

bool is_kings_scenario(const RulesLibrary& library, const QString& file_or_id) {
    try {
        const ClaimedFile claimed = claim_file(scenario_path(library, ss(file_or_id)));
        return claimed.format == game_of_kings::kScenarioFormat;
    } catch (const std::exception&) {
        return false;
    }
}

}  // namespace fortuna::app
