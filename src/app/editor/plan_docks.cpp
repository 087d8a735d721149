// SPDX-License-Identifier: MIT
// The scenario editor's docks: properties, order of battle, problems (see plan_docks.hpp).
#include "plan_docks.hpp"

#include <QCheckBox>
#include <QComboBox>
#include <QDialog>
#include <QDialogButtonBox>
#include <QDoubleSpinBox>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QLineEdit>
#include <QListWidget>
#include <QPushButton>
#include <QRadioButton>
#include <QScrollArea>
#include <QSpinBox>
#include <QTreeWidget>
#include <QVBoxLayout>

#include <algorithm>
#include <cctype>
#include <cmath>

#include "fortuna/seam/library.hpp"
#include "fortuna/land/land_tables.hpp"
#include "fortuna/land/terrain_effects.hpp"
#include "plan_board.hpp"
#include "qt_text.hpp"

namespace fortuna::app {

using namespace Qt::StringLiterals;

namespace plan_docks_detail {

std::optional<double> number_of(const QString& text) {
    bool ok = false;
    const double value = text.trimmed().toDouble(&ok);
    if (!ok || !std::isfinite(value)) return std::nullopt;
    return value;
}

std::optional<int> whole_of(const QString& text) {
    bool ok = false;
    const int value = text.trimmed().toInt(&ok);
    if (!ok) return std::nullopt;
    return value;
}

QString number_text(double value) { return QString::number(value, 'g', 10); }

// "100, 200; 300, 400": a feature's points as numbers.
QString points_text(const std::vector<BoardPoint>& points) {
    QStringList parts;
    for (const BoardPoint& p : points) parts << u"%1, %2"_s.arg(number_text(p.x_mm), number_text(p.y_mm));
    return parts.join(u"; "_s);
}

std::optional<std::vector<BoardPoint>> points_of(const QString& text) {
    std::vector<BoardPoint> points;
    for (const QString& part : text.split(u';', Qt::SkipEmptyParts)) {
        const QStringList xy = part.split(u',');
        if (xy.size() != 2) return std::nullopt;
        const auto x = number_of(xy[0]), y = number_of(xy[1]);
        if (!x || !y) return std::nullopt;
        points.push_back({*x, *y});
    }
    return points;
}

// "13:00: 20, 30; 14:30 bohemian: 15": the scenario's sauve-qui-peut thresholds by time
// (Scenario::sauve_qui_peut), one period a part: its time, a side's id or none (both sides), and its
// percents. What they must be (rising, no more than the rule set's levels, within the day) the
// library's problems say; here only the shape is read.
QString thresholds_text(const std::vector<MoraleThresholds>& periods) {
    QStringList parts;
    for (const MoraleThresholds& period : periods) {
        QStringList percents;
        for (const int percent : period.percents) percents << QString::number(percent);
        parts << u"%1%2: %3"_s.arg(qs(format_clock(period.from)), period.side.empty() ? QString() : u" "_s + qs(period.side),
                                  percents.join(u", "_s));
    }
    return parts.join(u"; "_s);
}

std::optional<std::vector<MoraleThresholds>> thresholds_of(const QString& text, const std::vector<MoraleThresholds>& before) {
    std::vector<MoraleThresholds> periods;
    for (const QString& part : text.split(u';', Qt::SkipEmptyParts)) {
        const qsizetype colon = part.indexOf(u':', part.indexOf(u':') + 1);  // past the clock's own colon
        if (colon < 0) return std::nullopt;
        const QStringList head = part.left(colon).simplified().split(u' ');
        if (head.isEmpty() || head.size() > 2) return std::nullopt;
        MoraleThresholds period;
        try {
            period.from = parse_clock(ss(head[0]));
        } catch (const std::exception&) {
            return std::nullopt;
        }
        if (head.size() == 2) period.side = ss(head[1]);
        for (const QString& percent : part.mid(colon + 1).split(u',', Qt::SkipEmptyParts)) {
            const auto value = whole_of(percent);
            if (!value) return std::nullopt;
            period.percents.push_back(*value);
        }
        if (period.percents.empty()) return std::nullopt;
        // A period kept as it was keeps the source its numbers came from.
        for (const MoraleThresholds& old : before)
            if (old.from == period.from && old.side == period.side && old.percents == period.percents) period.source = old.source;
        periods.push_back(std::move(period));
    }
    return periods;
}

std::vector<TerrainKind> area_kinds() {
    return {TerrainKind::Wood, TerrainKind::Hill, TerrainKind::Rough, TerrainKind::Lake, TerrainKind::Village, TerrainKind::Town};
}
std::vector<TerrainKind> line_kinds() {
    return {TerrainKind::Road, TerrainKind::River, TerrainKind::Stream, TerrainKind::Wall, TerrainKind::Earthwork, TerrainKind::Redan};
}

SideSetup& side_of(Scenario& s, int side) { return s.sides[static_cast<std::size_t>(side)]; }
const SideSetup& side_of(const Scenario& s, int side) { return s.sides[static_cast<std::size_t>(side)]; }
CommandSetup& command_of(Scenario& s, int side, int command) { return side_of(s, side).commands[static_cast<std::size_t>(command)]; }
const CommandSetup& command_of(const Scenario& s, int side, int command) { return side_of(s, side).commands[static_cast<std::size_t>(command)]; }
UnitSetup& unit_of(Scenario& s, int side, int command, int unit) { return command_of(s, side, command).units[static_cast<std::size_t>(unit)]; }
const UnitSetup& unit_of(const Scenario& s, int side, int command, int unit) {
    return command_of(s, side, command).units[static_cast<std::size_t>(unit)];
}

// The army a unit is drawn from: its own nation, else its side's.
const Army* army_for(const RulesLibrary& library, const Scenario& s, int side, const std::string& nation) {
    const std::string want = nation.empty() ? side_of(s, side).nation : nation;
    if (!land_tables(library).has_ruleset(s.ruleset)) return nullptr;
    for (const Army* army : land_tables(library).armies(s.ruleset))
        if (army->id == want) return army;
    return nullptr;
}

}  // namespace plan_docks_detail

namespace pdd = plan_docks_detail;

// ------------------------------------------------------------------ PlanPropertiesPanel

PlanPropertiesPanel::PlanPropertiesPanel(BattlePlan& plan, QWidget* parent) : QWidget(parent), plan_(plan) {
    auto* outer = new QVBoxLayout(this);
    outer->setContentsMargins(4, 4, 4, 4);
    heading_ = new QLabel(this);
    heading_->setWordWrap(true);
    outer->addWidget(heading_);
    auto* scroll = new QScrollArea(this);
    scroll->setWidgetResizable(true);
    auto* inner = new QWidget(scroll);
    form_ = new QFormLayout(inner);
    scroll->setWidget(inner);
    outer->addWidget(scroll, 1);
    effects_ = new QLabel(this);
    effects_->setWordWrap(true);
    effects_->setObjectName(u"groundEffects"_s);
    outer->addWidget(effects_);
    connect(&plan_, &BattlePlan::selectionChanged, this, &PlanPropertiesPanel::rebuild);
    connect(&plan_, &BattlePlan::changed, this, [this] {
        // The same piece with the same fields: only the values change (a field being typed in
        // keeps its focus); another shape of form is built again.
        const PieceRef selected = plan_.selection();
        std::size_t points = 0;
        if (selected.kind == PieceRef::Kind::Feature && plan_.holds(selected))
            points = plan_.scenario().terrain[static_cast<std::size_t>(selected.feature)].points.size();
        if (selected == shown_ && points == shown_points_ && selected.kind != PieceRef::Kind::Feature) refresh();
        else rebuild();
    });
    rebuild();
}

QWidget* PlanPropertiesPanel::field(const QString& label) const {
    for (const Field& f : fields_)
        if (f.label == label) return f.widget;
    return nullptr;
}

QString PlanPropertiesPanel::setField(const QString& label, const QString& text) {
    for (Field& f : fields_)
        if (f.label == label) return commit(f, QString(text));  // a copy: `text` may live in a widget the commit rebuilds
    return tr("no field %1 for this piece").arg(label);
}

QString PlanPropertiesPanel::commit(Field& field, const QString& text) {
    if (!field.set) return {};
    Scenario trial = plan_.scenario();
    if (const auto refused = field.set(trial, text)) {
        const QString words = tr("%1: expected %2; kept %3").arg(field.label, *refused, field.get(plan_.scenario()));
        emit message(words);
        refresh();
        return words;
    }
    const auto set = field.set;
    plan_.edit(tr("Change %1").arg(field.label), [&](Scenario& s) { set(s, text); }, field.key);
    return {};
}

void PlanPropertiesPanel::rebuild() {
    // A field deleted while it has the focus says its editing finished: it must not apply its
    // old text over the change (an undo) that rebuilt the form.
    for (Field& f : fields_)
        if (f.widget != nullptr) f.widget->blockSignals(true);
    // The rows' widgets go later, not now: the rebuild may come from one of their own signals
    // (a name typed in and finished, a kind chosen), which must return into a live widget.
    while (form_->rowCount() > 0) {
        const QFormLayout::TakeRowResult row = form_->takeRow(0);
        for (QLayoutItem* item : {row.labelItem, row.fieldItem}) {
            if (item == nullptr) continue;
            if (QWidget* widget = item->widget()) {
                widget->hide();
                widget->deleteLater();
            }
            delete item;
        }
    }
    fields_.clear();
    effects_->clear();
    const PieceRef selected = plan_.selection();
    shown_ = selected;
    shown_points_ = 0;
    switch (plan_.holds(selected) ? selected.kind : PieceRef::Kind::None) {
    case PieceRef::Kind::Feature:
        addFeatureFields(selected.feature);
        shown_points_ = plan_.scenario().terrain[static_cast<std::size_t>(selected.feature)].points.size();
        break;
    case PieceRef::Kind::Unit:
    case PieceRef::Kind::ReinforcementUnit: addUnitFields(selected); break;
    case PieceRef::Kind::Reinforcement: addReinforcementFields(selected.reinforcement); break;
    case PieceRef::Kind::General: addGeneralFields(selected.side, selected.command); break;
    default: addBattleFields(); break;
    }
    for (Field& f : fields_) {
        const QString now = f.get(plan_.scenario());
        if (!f.choices.isEmpty()) {
            auto* box = new QComboBox(this);
            for (int i = 0; i < f.choices.size(); ++i) box->addItem(i < f.labels.size() ? f.labels[i] : f.choices[i], f.choices[i]);
            box->setCurrentIndex(std::max(0, static_cast<int>(f.choices.indexOf(now))));
            if (!f.choices.contains(now)) {
                box->insertItem(0, now.isEmpty() ? tr("(none)") : now, now);
                box->setCurrentIndex(0);
            }
            const QString label = f.label;
            connect(box, &QComboBox::activated, this, [this, box, label] { setField(label, box->currentData().toString()); });
            f.widget = box;
        } else {
            auto* edit = new QLineEdit(now, this);
            edit->setReadOnly(!f.set);
            const QString label = f.label;
            // Only what the user typed is applied (a field refreshed after an undo is not modified).
            connect(edit, &QLineEdit::editingFinished, this, [this, edit, label] {
                if (!edit->isModified()) return;
                edit->setModified(false);
                // commit() may rebuild the form (fields_ with it): find the field, then stop.
                for (Field& g : fields_)
                    if (g.label == label && g.widget == edit) {
                        if (edit->text() != g.get(plan_.scenario())) commit(g, edit->text());
                        return;
                    }
            });
            f.widget = edit;
        }
        f.widget->setObjectName(f.label);
        form_->addRow(f.label + u':', f.widget);
    }
}

void PlanPropertiesPanel::refresh() {
    for (Field& f : fields_) {
        const QString now = f.get(plan_.scenario());
        if (auto* edit = qobject_cast<QLineEdit*>(f.widget)) {
            // What is being typed stays; anything else shows the plan as it is now.
            if (!edit->isModified()) edit->setText(now);
        } else if (auto* box = qobject_cast<QComboBox*>(f.widget)) {
            const int at = box->findData(now);
            if (at >= 0) box->setCurrentIndex(at);
        }
    }
}

void PlanPropertiesPanel::addBattleFields() {
    const Scenario& s = plan_.scenario();
    heading_->setText(tr("<b>The battle</b> (%1)").arg(qs(s.ruleset)));
    const QString base = u"/battle/"_s;
    auto text_field = [&](const QString& label, std::string Scenario::*member) {
        fields_.push_back({label, [member](const Scenario& sc) { return qs(sc.*member); },
                           [member](Scenario& sc, const QString& t) -> std::optional<QString> {
                               sc.*member = ss(t.trimmed());
                               return std::nullopt;
                           },
                           {}, {}, nullptr, base + label});
    };
    text_field(tr("id"), &Scenario::id);
    text_field(tr("name"), &Scenario::name);
    text_field(tr("description"), &Scenario::description);
    text_field(tr("source"), &Scenario::source);
    fields_.push_back({tr("rule set"), [](const Scenario& sc) { return qs(sc.ruleset); }, nullptr, {}, {}, nullptr, {}});
    const auto size_field = [&](const QString& label, double Board::*member) {
        fields_.push_back({label, [member](const Scenario& sc) { return pdd::number_text(sc.board.*member); },
                           [member](Scenario& sc, const QString& t) -> std::optional<QString> {
                               const auto v = pdd::number_of(t);
                               if (!v || *v < 200 || *v > 5000) return tr("a size from 200 to 5000 mm");
                               sc.board.*member = *v;
                               return std::nullopt;
                           },
                           {}, {}, nullptr, base + label});
    };
    size_field(tr("table width (mm)"), &Board::width_mm);
    size_field(tr("table depth (mm)"), &Board::depth_mm);
    fields_.push_back({tr("ground scale"), [](const Scenario& sc) { return qs(sc.board.scale); }, nullptr, {}, {}, nullptr, {}});
    const auto clock_field = [&](const QString& label, int Scenario::*member) {
        fields_.push_back({label, [member](const Scenario& sc) { return qs(format_clock(sc.*member)); },
                           [member](Scenario& sc, const QString& t) -> std::optional<QString> {
                               try {
                                   sc.*member = parse_clock(ss(t.trimmed()));
                               } catch (const std::exception&) {
                                   return tr("a time of day HH:MM");
                               }
                               return std::nullopt;
                           },
                           {}, {}, nullptr, base + label});
    };
    clock_field(tr("start"), &Scenario::start);
    clock_field(tr("dusk"), &Scenario::dusk);
    QStringList side_ids;
    for (const SideSetup& side : s.sides) side_ids << qs(side.id);
    fields_.push_back({tr("first player"), [](const Scenario& sc) { return qs(sc.first_player); },
                       [](Scenario& sc, const QString& t) -> std::optional<QString> {
                           sc.first_player = ss(t);
                           return std::nullopt;
                       },
                       side_ids, side_ids, nullptr, base + u"first"_s});
    // Victory by sauve-qui-peut (seed 000, 9; seed 001 gives White Mountain's by time): the rule
    // set's crisis thresholds all day unless periods are given here.
    fields_.push_back({tr("sauve-qui-peut by time"), [](const Scenario& sc) { return pdd::thresholds_text(sc.sauve_qui_peut); },
                       [](Scenario& sc, const QString& t) -> std::optional<QString> {
                           const auto periods = pdd::thresholds_of(t, sc.sauve_qui_peut);
                           if (!periods) return tr("periods as HH:MM [side]: percent, percent; e.g. 13:00: 10, 15; 14:30 bohemian: 15 (empty: the rule set's thresholds all day)");
                           sc.sauve_qui_peut = *periods;
                           return std::nullopt;
                       },
                       {}, {}, nullptr, base + u"sauve_qui_peut"_s});
    QStringList nations, nation_names;
    if (land_tables(plan_.library()).has_ruleset(s.ruleset))
        for (const Army* army : land_tables(plan_.library()).armies(s.ruleset)) nations << qs(army->id), nation_names << qs(army->name);
    for (std::size_t i = 0; i < s.sides.size(); ++i) {
        const int side = static_cast<int>(i);
        const QString prefix = tr("side %1 ").arg(side + 1);
        const QString key = u"/sides/%1/"_s.arg(side);
        const auto side_text = [&](const QString& label, std::string SideSetup::*member) {
            fields_.push_back({prefix + label, [side, member](const Scenario& sc) { return qs(pdd::side_of(sc, side).*member); },
                               [side, member](Scenario& sc, const QString& t) -> std::optional<QString> {
                                   if (member == &SideSetup::colour && !QColor(t.trimmed()).isValid()) return tr("a colour such as #2b4c9b or red");
                                   const std::string before = pdd::side_of(sc, side).*member;
                                   pdd::side_of(sc, side).*member = ss(t.trimmed());
                                   // A side renamed by its id keeps the first player and its reinforcements.
                                   if (member == &SideSetup::id) {
                                       if (sc.first_player == before) sc.first_player = ss(t.trimmed());
                                       for (ReinforcementSetup& r : sc.reinforcements)
                                           if (r.side == before) r.side = ss(t.trimmed());
                                   }
                                   return std::nullopt;
                               },
                               {}, {}, nullptr, key + label});
        };
        side_text(tr("id"), &SideSetup::id);
        side_text(tr("name"), &SideSetup::name);
        side_text(tr("colour"), &SideSetup::colour);
        fields_.push_back({prefix + tr("nation"), [side](const Scenario& sc) { return qs(pdd::side_of(sc, side).nation); },
                           [this, side](Scenario& sc, const QString& t) -> std::optional<QString> {
                               const std::string was = pdd::side_of(sc, side).nation;
                               pdd::side_of(sc, side).nation = ss(t);
                               // Units that took the side's nation follow it, their types found again.
                               for (CommandSetup& command : pdd::side_of(sc, side).commands)
                                   for (UnitSetup& unit : command.units)
                                       if (unit.nation.empty() || unit.nation == was) {
                                           unit.nation = ss(t);
                                           const Army* army = pdd::army_for(plan_.library(), sc, side, unit.nation);
                                           unit.unit_type = army != nullptr ? army->find(unit.type) : nullptr;
                                       }
                               return std::nullopt;
                           },
                           nations, nation_names, nullptr, key + u"nation"_s});
        addOrdersFields(side, prefix, key);
    }
}

// A side's initial orders (seed 000, 7.1.1; InitialOrders): what it does, where, and in words.
// The objective is one of the battle's named features or a point typed as x, y in mm.
void PlanPropertiesPanel::addOrdersFields(int side, const QString& prefix, const QString& key) {
    const auto orders_of = [side](Scenario& sc) -> InitialOrders& {
        auto& orders = pdd::side_of(sc, side).orders;
        if (!orders) orders.emplace();
        return *orders;
    };
    fields_.push_back({prefix + tr("orders"),
                       [side](const Scenario& sc) {
                           const auto& orders = pdd::side_of(sc, side).orders;
                           return orders ? qs(to_string(orders->posture)) : QString();
                       },
                       [side, orders_of](Scenario& sc, const QString& t) -> std::optional<QString> {
                           if (t.isEmpty()) {
                               pdd::side_of(sc, side).orders.reset();
                               return std::nullopt;
                           }
                           orders_of(sc).posture = enum_from_string<Posture>(ss(t));
                           return std::nullopt;
                       },
                       {QString(), u"attack"_s, u"defend"_s},
                       {tr("none (the first player attacks)"), tr("attack: march on the objective"), tr("defend: hold the ground")},
                       nullptr, key + u"orders"_s});
    QStringList names{QString()}, labels{tr("(none)")};
    for (const TerrainFeature& f : plan_.scenario().terrain)
        if (!f.name.empty() && !names.contains(qs(f.name))) names << qs(f.name), labels << qs(f.name);
    fields_.push_back({prefix + tr("objective"),
                       [side](const Scenario& sc) {
                           const auto& orders = pdd::side_of(sc, side).orders;
                           if (!orders) return QString();
                           if (orders->objective_point)
                               return pdd::points_text({*orders->objective_point});
                           return qs(orders->objective_terrain);
                       },
                       [orders_of](Scenario& sc, const QString& t) -> std::optional<QString> {
                           InitialOrders& orders = orders_of(sc);
                           orders.objective_terrain = ss(t);
                           orders.objective_point.reset();
                           return std::nullopt;
                       },
                       names, labels, nullptr, key + u"objective"_s});
    fields_.push_back({prefix + tr("objective point (mm)"),
                       [side](const Scenario& sc) {
                           const auto& orders = pdd::side_of(sc, side).orders;
                           return orders && orders->objective_point ? pdd::points_text({*orders->objective_point}) : QString();
                       },
                       [orders_of](Scenario& sc, const QString& t) -> std::optional<QString> {
                           const auto points = pdd::points_of(t);
                           if (!points || points->size() > 1) return tr("a point as x, y in mm from the table's top-left corner (empty: none)");
                           InitialOrders& orders = orders_of(sc);
                           if (points->empty()) {
                               orders.objective_point.reset();
                           } else {
                               orders.objective_point = points->front();
                               orders.objective_terrain.clear();
                           }
                           return std::nullopt;
                       },
                       {}, {}, nullptr, key + u"objective_point"_s});
    fields_.push_back({prefix + tr("orders in words"),
                       [side](const Scenario& sc) {
                           const auto& orders = pdd::side_of(sc, side).orders;
                           return orders ? qs(orders->text) : QString();
                       },
                       [orders_of](Scenario& sc, const QString& t) -> std::optional<QString> {
                           orders_of(sc).text = ss(t.trimmed());
                           return std::nullopt;
                       },
                       {}, {}, nullptr, key + u"orders_text"_s});
}

void PlanPropertiesPanel::addFeatureFields(int feature) {
    const TerrainFeature& f = plan_.scenario().terrain[static_cast<std::size_t>(feature)];
    heading_->setText(tr("<b>%1</b>: %2").arg(qs(to_string(f.kind)), qs(f.name).toHtmlEscaped()));
    const TerrainEffects effects = terrain_effects(f.kind);
    QStringList words;
    for (const std::string& w : effects.words) words << qs(w).toHtmlEscaped();
    effects_->setText(tr("<b>In the rules</b> (%1): %2").arg(qs(plan_.scenario().ruleset), words.join(u"; "_s)));
    const QString key = u"/terrain/%1/"_s.arg(feature);
    const auto at = [feature](Scenario& s) -> TerrainFeature& { return s.terrain[static_cast<std::size_t>(feature)]; };
    const auto cat = [feature](const Scenario& s) -> const TerrainFeature& { return s.terrain[static_cast<std::size_t>(feature)]; };
    fields_.push_back({tr("name"), [cat](const Scenario& s) { return qs(cat(s).name); },
                       [at](Scenario& s, const QString& t) -> std::optional<QString> {
                           const std::string was = at(s).name;
                           at(s).name = ss(t.trimmed());
                           // Orders that name the feature follow it.
                           for (SideSetup& side : s.sides)
                               if (side.orders && !was.empty() && side.orders->objective_terrain == was)
                                   side.orders->objective_terrain = at(s).name;
                           return std::nullopt;
                       },
                       {}, {}, nullptr, key + u"name"_s});
    QStringList kinds, kind_names;
    for (TerrainKind k : f.closed ? pdd::area_kinds() : pdd::line_kinds()) kinds << qs(to_string(k)), kind_names << qs(to_string(k));
    fields_.push_back({tr("kind"), [cat](const Scenario& s) { return qs(to_string(cat(s).kind)); },
                       [at](Scenario& s, const QString& t) -> std::optional<QString> {
                           TerrainFeature& g = at(s);
                           // A name the editor gave ("Redan 2") follows the kind ("Road 2").
                           std::string was(to_string(g.kind));
                           was[0] = static_cast<char>(std::toupper(static_cast<unsigned char>(was[0])));
                           g.kind = enum_from_string<TerrainKind>(ss(t));
                           if (g.name.rfind(was + " ", 0) == 0) {
                               std::string now(to_string(g.kind));
                               now[0] = static_cast<char>(std::toupper(static_cast<unsigned char>(now[0])));
                               g.name = now + g.name.substr(was.size());
                           }
                           if (g.kind == TerrainKind::Hill && g.layers < 1) g.layers = 1;
                           return std::nullopt;
                       },
                       kinds, kind_names, nullptr, key + u"kind"_s});
    if (f.kind == TerrainKind::Hill)
        fields_.push_back({tr("layers"), [cat](const Scenario& s) { return QString::number(cat(s).layers); },
                           [at](Scenario& s, const QString& t) -> std::optional<QString> {
                               const auto v = pdd::whole_of(t);
                               if (!v || *v < 1 || *v > 8) return tr("contour layers from 1 to 8");
                               at(s).layers = *v;
                               return std::nullopt;
                           },
                           {}, {}, nullptr, key + u"layers"_s});
    if (f.kind == TerrainKind::Village || f.kind == TerrainKind::Town)
        fields_.push_back({tr("shelters"), [cat](const Scenario& s) { return QString::number(cat(s).shelters); },
                           [at](Scenario& s, const QString& t) -> std::optional<QString> {
                               const auto v = pdd::whole_of(t);
                               if (!v || *v < 0 || *v > 50) return tr("the number of units its houses shelter, 0 to 50");
                               at(s).shelters = *v;
                               return std::nullopt;
                           },
                           {}, {}, nullptr, key + u"shelters"_s});
    if (!f.closed)
        fields_.push_back({tr("width (mm)"),
                           [cat](const Scenario& s) { return cat(s).width_mm ? pdd::number_text(*cat(s).width_mm) : QString(); },
                           [at](Scenario& s, const QString& t) -> std::optional<QString> {
                               if (t.trimmed().isEmpty()) {
                                   at(s).width_mm.reset();
                                   return std::nullopt;
                               }
                               const auto v = pdd::number_of(t);
                               if (!v || *v <= 0 || *v > 200) return tr("a width in mm from 1 to 200, or nothing for the usual");
                               at(s).width_mm = *v;
                               return std::nullopt;
                           },
                           {}, {}, nullptr, key + u"width"_s});
    fields_.push_back({tr("points"), [cat](const Scenario& s) { return pdd::points_text(cat(s).points); },
                       [at](Scenario& s, const QString& t) -> std::optional<QString> {
                           const auto points = pdd::points_of(t);
                           const std::size_t need = at(s).closed ? 3 : 2;
                           if (!points || points->size() < need) return tr("at least %1 points \"x, y\" in mm, separated by \";\"").arg(need);
                           at(s).points = *points;
                           return std::nullopt;
                       },
                       {}, {}, nullptr, key + u"points"_s});
}

void PlanPropertiesPanel::addUnitFields(const PieceRef& piece) {
    const Scenario& s = plan_.scenario();
    const UnitSetup& u = *unit_named(s, piece);
    // The side whose army list the unit is drawn from: its command's, or its reinforcement's.
    const bool arriving = piece.kind == PieceRef::Kind::ReinforcementUnit;
    const ReinforcementSetup* r = arriving ? &s.reinforcements[static_cast<std::size_t>(piece.reinforcement)] : nullptr;
    const int side = arriving ? std::max(0, s.side_index(r->side)) : piece.side;
    const QString where = arriving ? tr("reinforcement %1, arrives %2").arg(qs(r->id), qs(format_clock(r->arrives)))
                                   : qs(pdd::command_of(s, piece.side, piece.command).name).toHtmlEscaped();
    heading_->setText(tr("<b>%1</b> %2 (%3, %4)")
                          .arg(qs(u.code), qs(u.name).toHtmlEscaped(), qs(pdd::side_of(s, side).name).toHtmlEscaped(), where));
    const QString key = arriving ? u"/reinforcements/%1/units/%2/"_s.arg(piece.reinforcement).arg(piece.unit)
                                 : u"/sides/%1/commands/%2/units/%3/"_s.arg(piece.side).arg(piece.command).arg(piece.unit);
    const auto at = [piece](Scenario& sc) -> UnitSetup& { return *unit_named(sc, piece); };
    const auto cat = [piece](const Scenario& sc) -> const UnitSetup& { return *unit_named(sc, piece); };
    fields_.push_back({tr("code"), [cat](const Scenario& sc) { return qs(cat(sc).code); },
                       [at](Scenario& sc, const QString& t) -> std::optional<QString> {
                           if (t.trimmed().isEmpty()) return tr("a code the umpire types, such as BO-I3");
                           at(sc).code = ss(t.trimmed());
                           return std::nullopt;
                       },
                       {}, {}, nullptr, key + u"code"_s});
    fields_.push_back({tr("name"), [cat](const Scenario& sc) { return qs(cat(sc).name); },
                       [at](Scenario& sc, const QString& t) -> std::optional<QString> {
                           at(sc).name = ss(t.trimmed());
                           return std::nullopt;
                       },
                       {}, {}, nullptr, key + u"name"_s});
    QStringList types, type_names;
    if (const Army* army = pdd::army_for(plan_.library(), s, side, u.nation))
        for (const UnitType& type : army->units) types << qs(type.id), type_names << qs(type.name);
    fields_.push_back({tr("type"), [cat](const Scenario& sc) { return qs(cat(sc).type); },
                       [this, at, side](Scenario& sc, const QString& t) -> std::optional<QString> {
                           UnitSetup& x = at(sc);
                           x.type = ss(t);
                           const Army* army = pdd::army_for(plan_.library(), sc, side, x.nation);
                           x.unit_type = army != nullptr ? army->find(x.type) : nullptr;
                           return std::nullopt;
                       },
                       types, type_names, nullptr, key + u"type"_s});
    fields_.push_back({tr("bases"), [cat](const Scenario& sc) { return QString::number(cat(sc).bases); },
                       [at](Scenario& sc, const QString& t) -> std::optional<QString> {
                           const auto v = pdd::whole_of(t);
                           if (!v || *v < 1 || *v > 60) return tr("a number of bases from 1 to 60");
                           at(sc).bases = *v;
                           return std::nullopt;
                       },
                       {}, {}, nullptr, key + u"bases"_s});
    const auto coordinate = [&](const QString& label, double BoardPoint::*member) {
        fields_.push_back({label, [cat, member](const Scenario& sc) { return pdd::number_text(cat(sc).position.*member); },
                           [at, member](Scenario& sc, const QString& t) -> std::optional<QString> {
                               const auto v = pdd::number_of(t);
                               if (!v) return tr("a number of mm from the table's top-left corner");
                               at(sc).position.*member = *v;
                               return std::nullopt;
                           },
                           {}, {}, nullptr, key + label});
    };
    coordinate(u"x"_s, &BoardPoint::x_mm);
    coordinate(u"y"_s, &BoardPoint::y_mm);
    fields_.push_back({tr("facing (°)"), [cat](const Scenario& sc) { return pdd::number_text(cat(sc).facing_deg); },
                       [at](Scenario& sc, const QString& t) -> std::optional<QString> {
                           const auto v = pdd::number_of(t);
                           if (!v) return tr("degrees: 0 faces the top edge, 90 the right edge");
                           at(sc).facing_deg = std::fmod(std::fmod(*v, 360.0) + 360.0, 360.0);
                           return std::nullopt;
                       },
                       {}, {}, nullptr, key + u"facing"_s});
    QStringList formations;
    for (Formation f : {Formation::Line, Formation::Column, Formation::Square}) formations << qs(to_string(f));
    fields_.push_back({tr("formation"), [cat](const Scenario& sc) { return qs(to_string(cat(sc).formation)); },
                       [at](Scenario& sc, const QString& t) -> std::optional<QString> {
                           at(sc).formation = enum_from_string<Formation>(ss(t));
                           return std::nullopt;
                       },
                       formations, formations, nullptr, key + u"formation"_s});
}

void PlanPropertiesPanel::addReinforcementFields(int index) {
    const Scenario& s = plan_.scenario();
    const ReinforcementSetup& r = s.reinforcements[static_cast<std::size_t>(index)];
    heading_->setText(tr("<b>Reinforcement</b> %1: %2").arg(qs(r.id).toHtmlEscaped(), qs(r.command.name).toHtmlEscaped()));
    effects_->setText(tr("Its units are drawn pale where they come on; Add Unit… adds to it."));
    const QString key = u"/reinforcements/%1/"_s.arg(index);
    const auto at = [index](Scenario& sc) -> ReinforcementSetup& { return sc.reinforcements[static_cast<std::size_t>(index)]; };
    const auto cat = [index](const Scenario& sc) -> const ReinforcementSetup& { return sc.reinforcements[static_cast<std::size_t>(index)]; };
    const auto text_field = [&](const QString& label, std::string ReinforcementSetup::*member) {
        fields_.push_back({label, [cat, member](const Scenario& sc) { return qs(cat(sc).*member); },
                           [at, member](Scenario& sc, const QString& t) -> std::optional<QString> {
                               at(sc).*member = ss(t.trimmed());
                               return std::nullopt;
                           },
                           {}, {}, nullptr, key + label});
    };
    text_field(tr("id"), &ReinforcementSetup::id);
    QStringList side_ids;
    for (const SideSetup& side : s.sides) side_ids << qs(side.id);
    fields_.push_back({tr("side"), [cat](const Scenario& sc) { return qs(cat(sc).side); },
                       [at](Scenario& sc, const QString& t) -> std::optional<QString> {
                           at(sc).side = ss(t);
                           return std::nullopt;
                       },
                       side_ids, side_ids, nullptr, key + u"side"_s});
    fields_.push_back({tr("arrives"), [cat](const Scenario& sc) { return qs(format_clock(cat(sc).arrives)); },
                       [at](Scenario& sc, const QString& t) -> std::optional<QString> {
                           try {
                               at(sc).arrives = parse_clock(ss(t.trimmed()));
                           } catch (const std::exception&) {
                               return tr("a time of day HH:MM");
                           }
                           return std::nullopt;
                       },
                       {}, {}, nullptr, key + u"arrives"_s});
    text_field(tr("entry"), &ReinforcementSetup::entry);
    fields_.push_back({tr("command name"), [cat](const Scenario& sc) { return qs(cat(sc).command.name); },
                       [at](Scenario& sc, const QString& t) -> std::optional<QString> {
                           at(sc).command.name = ss(t.trimmed());
                           return std::nullopt;
                       },
                       {}, {}, nullptr, key + u"command/name"_s});
    // Its general comes on with it (no place on the table until then); the side's next code.
    const std::string next_code = plan_.suggestGeneralCode(std::max(0, s.side_index(r.side)));
    const auto general = [at, next_code](Scenario& sc) -> GeneralSetup& {
        if (!at(sc).command.general) at(sc).command.general = GeneralSetup{next_code, {}, false, std::nullopt};
        return *at(sc).command.general;
    };
    fields_.push_back({tr("general code"), [cat](const Scenario& sc) { return cat(sc).command.general ? qs(cat(sc).command.general->code) : QString(); },
                       [general](Scenario& sc, const QString& t) -> std::optional<QString> {
                           general(sc).code = ss(t.trimmed());
                           return std::nullopt;
                       },
                       {}, {}, nullptr, key + u"command/general/code"_s});
    fields_.push_back({tr("general name"), [cat](const Scenario& sc) { return cat(sc).command.general ? qs(cat(sc).command.general->name) : QString(); },
                       [general](Scenario& sc, const QString& t) -> std::optional<QString> {
                           general(sc).name = ss(t.trimmed());
                           return std::nullopt;
                       },
                       {}, {}, nullptr, key + u"command/general/name"_s});
}

void PlanPropertiesPanel::addGeneralFields(int side, int command) {
    const Scenario& s = plan_.scenario();
    const CommandSetup& c = pdd::command_of(s, side, command);
    heading_->setText(tr("<b>Command</b> %1 (%2)").arg(qs(c.name).toHtmlEscaped(), qs(pdd::side_of(s, side).name).toHtmlEscaped()));
    const QString key = u"/sides/%1/commands/%2/"_s.arg(side).arg(command);
    const auto cmd = [side, command](Scenario& sc) -> CommandSetup& { return pdd::command_of(sc, side, command); };
    const auto ccmd = [side, command](const Scenario& sc) -> const CommandSetup& { return pdd::command_of(sc, side, command); };
    // A command's first general gets the side's next free code.
    const std::string next_code = plan_.suggestGeneralCode(side);
    const auto general = [cmd, next_code](Scenario& sc) -> GeneralSetup& {
        if (!cmd(sc).general) cmd(sc).general = GeneralSetup{next_code, {}, false, std::nullopt};
        return *cmd(sc).general;
    };
    fields_.push_back({tr("command name"), [ccmd](const Scenario& sc) { return qs(ccmd(sc).name); },
                       [cmd](Scenario& sc, const QString& t) -> std::optional<QString> {
                           cmd(sc).name = ss(t.trimmed());
                           return std::nullopt;
                       },
                       {}, {}, nullptr, key + u"name"_s});
    fields_.push_back({tr("general code"), [ccmd](const Scenario& sc) { return ccmd(sc).general ? qs(ccmd(sc).general->code) : QString(); },
                       [general](Scenario& sc, const QString& t) -> std::optional<QString> {
                           general(sc).code = ss(t.trimmed());
                           return std::nullopt;
                       },
                       {}, {}, nullptr, key + u"general/code"_s});
    fields_.push_back({tr("general name"), [ccmd](const Scenario& sc) { return ccmd(sc).general ? qs(ccmd(sc).general->name) : QString(); },
                       [general](Scenario& sc, const QString& t) -> std::optional<QString> {
                           general(sc).name = ss(t.trimmed());
                           return std::nullopt;
                       },
                       {}, {}, nullptr, key + u"general/name"_s});
    fields_.push_back({tr("great captain"),
                       [ccmd](const Scenario& sc) { return ccmd(sc).general && ccmd(sc).general->great_captain ? u"yes"_s : u"no"_s; },
                       [general](Scenario& sc, const QString& t) -> std::optional<QString> {
                           general(sc).great_captain = t == u"yes"_s;
                           return std::nullopt;
                       },
                       {u"no"_s, u"yes"_s}, {tr("no"), tr("yes")}, nullptr, key + u"general/great"_s});
    const auto coordinate = [&](const QString& label, double BoardPoint::*member) {
        fields_.push_back({label,
                           [ccmd, member](const Scenario& sc) {
                               return ccmd(sc).general && ccmd(sc).general->position ? pdd::number_text(*ccmd(sc).general->position.*member) : QString();
                           },
                           [general, member](Scenario& sc, const QString& t) -> std::optional<QString> {
                               const auto v = pdd::number_of(t);
                               if (!v) return tr("a number of mm from the table's top-left corner");
                               GeneralSetup& g = general(sc);
                               if (!g.position) g.position = BoardPoint{};
                               (*g.position).*member = *v;
                               return std::nullopt;
                           },
                           {}, {}, nullptr, key + u"general/"_s + label});
    };
    coordinate(u"x"_s, &BoardPoint::x_mm);
    coordinate(u"y"_s, &BoardPoint::y_mm);
}

// ------------------------------------------------------------------ PlanOrderOfBattlePanel

PlanOrderOfBattlePanel::PlanOrderOfBattlePanel(BattlePlan& plan, PlanView& view, QWidget* parent)
    : QWidget(parent), plan_(plan), view_(view) {
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(4, 4, 4, 4);
    tree_ = new QTreeWidget(this);
    tree_->setHeaderLabels({tr("Piece"), tr("Type"), tr("Bases")});
    tree_->header()->setStretchLastSection(false);
    tree_->header()->setSectionResizeMode(0, QHeaderView::Stretch);
    tree_->header()->setSectionResizeMode(1, QHeaderView::ResizeToContents);
    tree_->header()->setSectionResizeMode(2, QHeaderView::ResizeToContents);
    layout->addWidget(tree_, 1);
    auto* buttons = new QHBoxLayout;
    auto* add_command = new QPushButton(tr("Add &Command…"), this);
    auto* remove_command = new QPushButton(tr("Remove Command"), this);
    auto* add_unit = new QPushButton(tr("Add &Unit…"), this);
    auto* place_general = new QPushButton(tr("Place &General"), this);
    auto* add_reinforcement = new QPushButton(tr("Add &Reinforcement"), this);
    add_reinforcement->setToolTip(tr("A command that comes on later: its side, time and entry in the Properties, its units with Add Unit…"));
    add_unit->setObjectName(u"addUnit"_s);
    for (QPushButton* b : {add_command, remove_command, add_unit, place_general}) buttons->addWidget(b);
    layout->addLayout(buttons);
    layout->addWidget(add_reinforcement);
    totals_ = new QLabel(this);
    totals_->setWordWrap(true);
    layout->addWidget(totals_);
    connect(add_command, &QPushButton::clicked, this, &PlanOrderOfBattlePanel::addCommandDialog);
    connect(add_reinforcement, &QPushButton::clicked, this, [this] { addReinforcement(std::max(0, currentCommand().first)); });
    connect(remove_command, &QPushButton::clicked, this, [this] {
        const PieceRef selected = plan_.selection();
        if (selected.kind == PieceRef::Kind::Reinforcement || selected.kind == PieceRef::Kind::ReinforcementUnit) {
            plan_.select(PieceRef::reinforcementAt(selected.reinforcement));
            view_.removeSelected();
            return;
        }
        const auto [side, command] = currentCommand();
        if (command >= 0) removeCommand(side, command);
    });
    connect(add_unit, &QPushButton::clicked, this, &PlanOrderOfBattlePanel::addUnitDialog);
    connect(place_general, &QPushButton::clicked, this, &PlanOrderOfBattlePanel::placeGeneral);
    connect(tree_, &QTreeWidget::currentItemChanged, this, [this](QTreeWidgetItem* item) {
        if (rebuilding_ || item == nullptr) return;
        const QList<QVariant> ref = item->data(0, Qt::UserRole).toList();
        if (ref.size() != 5) return;
        const auto kind = static_cast<PieceRef::Kind>(ref[0].toInt());
        PieceRef piece;
        piece.kind = kind;
        piece.side = ref[1].toInt(), piece.command = ref[2].toInt(), piece.unit = ref[3].toInt(), piece.reinforcement = ref[4].toInt();
        plan_.select(piece);
        if (kind == PieceRef::Kind::Unit || kind == PieceRef::Kind::General || kind == PieceRef::Kind::ReinforcementUnit) view_.centreOn(piece);
    });
    // Rebuilt once the event that changed the plan has returned: a click in the tree itself
    // selects, and its items must outlive that signal.
    const auto later = [this] {
        if (rebuild_pending_) return;
        rebuild_pending_ = true;
        QMetaObject::invokeMethod(this, [this] {
            rebuild_pending_ = false;
            rebuild();
        }, Qt::QueuedConnection);
    };
    connect(&plan_, &BattlePlan::changed, this, later);
    connect(&plan_, &BattlePlan::selectionChanged, this, later);
    rebuild();
}

void PlanOrderOfBattlePanel::rebuild() {
    rebuilding_ = true;
    tree_->clear();
    const Scenario& s = plan_.scenario();
    const PieceRef selected = plan_.selection();
    const auto ref = [](PieceRef::Kind kind, int side, int command, int unit, int reinforcement = -1) {
        return QVariant(QList<QVariant>{static_cast<int>(kind), side, command, unit, reinforcement});
    };
    QStringList totals;
    for (std::size_t si = 0; si < s.sides.size(); ++si) {
        const SideSetup& side = s.sides[si];
        const int sidx = static_cast<int>(si);
        auto* side_item = new QTreeWidgetItem(tree_, {u"%1 (%2)"_s.arg(qs(side.name), qs(side.nation))});
        side_item->setData(0, Qt::UserRole, ref(PieceRef::Kind::Side, sidx, -1, -1));
        QFont bold = side_item->font(0);
        bold.setBold(true);
        side_item->setFont(0, bold);
        int units = 0, bases = 0;
        for (std::size_t ci = 0; ci < side.commands.size(); ++ci) {
            const CommandSetup& command = side.commands[ci];
            const int cidx = static_cast<int>(ci);
            const QString general = command.general ? u"%1 %2"_s.arg(qs(command.general->code), qs(command.general->name)) : tr("no general");
            auto* command_item = new QTreeWidgetItem(side_item, {u"%1 — %2"_s.arg(qs(command.name), general)});
            command_item->setData(0, Qt::UserRole, ref(PieceRef::Kind::General, sidx, cidx, -1));
            if (selected.kind == PieceRef::Kind::General && selected.side == sidx && selected.command == cidx) tree_->setCurrentItem(command_item);
            for (std::size_t ui = 0; ui < command.units.size(); ++ui) {
                const UnitSetup& unit = command.units[ui];
                auto* unit_item = new QTreeWidgetItem(command_item, {u"%1 %2"_s.arg(qs(unit.code), qs(unit.name)),
                                                                     unit.unit_type != nullptr ? qs(unit.unit_type->name) : qs(unit.type) + u" ?"_s,
                                                                     QString::number(unit.bases)});
                unit_item->setData(0, Qt::UserRole, ref(PieceRef::Kind::Unit, sidx, cidx, static_cast<int>(ui)));
                if (selected == PieceRef::unitAt(sidx, cidx, static_cast<int>(ui))) tree_->setCurrentItem(unit_item);
                ++units;
                bases += unit.bases;
            }
        }
        // The land armies' lists give no points (data/armies/<rule set>/): the totals are units and bases.
        totals << tr("%1: %n unit(s)", nullptr, units).arg(qs(side.name)) + tr(", %n base(s)", nullptr, bases);
    }
    // Reinforcements: each with its side, time and entry, its units below.
    if (!s.reinforcements.empty()) {
        auto* group = new QTreeWidgetItem(tree_, {tr("Reinforcements")});
        QFont bold = group->font(0);
        bold.setBold(true);
        group->setFont(0, bold);
        group->setData(0, Qt::UserRole, ref(PieceRef::Kind::Battle, -1, -1, -1));
        for (std::size_t ri = 0; ri < s.reinforcements.size(); ++ri) {
            const ReinforcementSetup& r = s.reinforcements[ri];
            const int index = static_cast<int>(ri);
            auto* item = new QTreeWidgetItem(group, {tr("%1 (%2) at %3, %4").arg(qs(r.command.name), qs(r.side), qs(format_clock(r.arrives)), qs(r.entry))});
            item->setData(0, Qt::UserRole, ref(PieceRef::Kind::Reinforcement, -1, -1, -1, index));
            if (selected == PieceRef::reinforcementAt(index)) tree_->setCurrentItem(item);
            for (std::size_t ui = 0; ui < r.command.units.size(); ++ui) {
                const UnitSetup& unit = r.command.units[ui];
                auto* unit_item = new QTreeWidgetItem(item, {u"%1 %2"_s.arg(qs(unit.code), qs(unit.name)),
                                                             unit.unit_type != nullptr ? qs(unit.unit_type->name) : qs(unit.type) + u" ?"_s,
                                                             QString::number(unit.bases)});
                unit_item->setData(0, Qt::UserRole, ref(PieceRef::Kind::ReinforcementUnit, -1, -1, static_cast<int>(ui), index));
                if (selected == PieceRef::reinforcementUnitAt(index, static_cast<int>(ui))) tree_->setCurrentItem(unit_item);
            }
        }
    }
    tree_->expandAll();
    totals_->setText(totals.join(u" · "_s));
    rebuilding_ = false;
}

std::pair<int, int> PlanOrderOfBattlePanel::currentCommand() const {
    const PieceRef selected = plan_.selection();
    const Scenario& s = plan_.scenario();
    if ((selected.kind == PieceRef::Kind::Unit || selected.kind == PieceRef::Kind::General) && plan_.holds(selected))
        return {selected.side, selected.command};
    int side = selected.kind == PieceRef::Kind::Side && plan_.holds(selected) ? selected.side : 0;
    if ((selected.kind == PieceRef::Kind::Reinforcement || selected.kind == PieceRef::Kind::ReinforcementUnit) && plan_.holds(selected))
        side = std::max(0, s.side_index(s.reinforcements[static_cast<std::size_t>(selected.reinforcement)].side));
    if (side < static_cast<int>(s.sides.size()) && !s.sides[static_cast<std::size_t>(side)].commands.empty()) return {side, 0};
    return {side, -1};
}

void PlanOrderOfBattlePanel::addCommand(int side, const QString& name, const QString& general_code, const QString& general_name, bool great) {
    if (side < 0 || side >= static_cast<int>(plan_.scenario().sides.size())) return;
    const int index = static_cast<int>(plan_.scenario().sides[static_cast<std::size_t>(side)].commands.size());
    plan_.edit(tr("Add command %1").arg(name), [&](Scenario& s) {
        CommandSetup command;
        command.name = ss(name);
        if (!general_code.isEmpty() || !general_name.isEmpty()) command.general = GeneralSetup{ss(general_code), ss(general_name), great, std::nullopt};
        s.sides[static_cast<std::size_t>(side)].commands.push_back(std::move(command));
    });
    plan_.select(PieceRef::generalOf(side, index));
}

void PlanOrderOfBattlePanel::removeCommand(int side, int command) {
    if (!plan_.holds(PieceRef::generalOf(side, command))) return;
    plan_.edit(tr("Remove command %1").arg(qs(pdd::command_of(plan_.scenario(), side, command).name)), [&](Scenario& s) {
        auto& commands = s.sides[static_cast<std::size_t>(side)].commands;
        commands.erase(commands.begin() + command);
    });
    plan_.select({});
}

QString PlanOrderOfBattlePanel::addUnit(int side, int command, const QString& type, const QString& name, int bases, std::optional<QPointF> at) {
    const Scenario& s = plan_.scenario();
    if (!plan_.holds(PieceRef::generalOf(side, command))) return tr("add a command to the side first");
    const Army* army = pdd::army_for(plan_.library(), s, side, {});
    const UnitType* unit_type = army != nullptr ? army->find(ss(type)) : nullptr;
    if (unit_type == nullptr) return tr("a unit type of %1's army list").arg(qs(pdd::side_of(s, side).nation));
    UnitSetup unit;
    unit.code = plan_.suggestCode(side, unit_type->arm);
    unit.name = name.isEmpty() ? qs(unit_type->name).toStdString() : ss(name);
    unit.nation = army->id;
    unit.type = unit_type->id;
    unit.unit_type = unit_type;
    unit.bases = bases > 0 ? bases : std::max(1, unit_type->typical_bases);
    // Facing the enemy: the first side's troops face the top edge, the second's the bottom.
    unit.facing_deg = side == 0 ? 0 : 180;
    view_.armUnit(side, command, unit);
    if (at) view_.placeArmed(*at);
    return {};
}

int PlanOrderOfBattlePanel::addReinforcement(int side) {
    const Scenario& s = plan_.scenario();
    if (side < 0 || side >= static_cast<int>(s.sides.size())) return -1;
    const int index = static_cast<int>(s.reinforcements.size());
    plan_.edit(tr("Add a reinforcement"), [&](Scenario& edit) {
        ReinforcementSetup r;
        const std::string stem = edit.sides[static_cast<std::size_t>(side)].id + "-reinforcement-";
        for (int n = 1;; ++n) {
            const bool taken = std::any_of(edit.reinforcements.begin(), edit.reinforcements.end(),
                                           [&](const ReinforcementSetup& o) { return o.id == stem + std::to_string(n); });
            if (!taken) {
                r.id = stem + std::to_string(n);
                break;
            }
        }
        r.side = edit.sides[static_cast<std::size_t>(side)].id;
        // An hour after the start, but never after dusk; from the side's own edge.
        r.arrives = std::min(edit.start + 60, edit.dusk);
        r.entry = side == 0 ? "the bottom edge" : "the top edge";
        r.command.name = ss(tr("Reinforcement %1").arg(index + 1));
        edit.reinforcements.push_back(std::move(r));
    });
    plan_.select(PieceRef::reinforcementAt(index));
    emit message(tr("Reinforcement added: its time and entry in the Properties; Add Unit… puts its units where they come on"));
    return index;
}

QString PlanOrderOfBattlePanel::addReinforcementUnit(int reinforcement, const QString& type, const QString& name, int bases,
                                                    std::optional<QPointF> at) {
    const Scenario& s = plan_.scenario();
    if (!plan_.holds(PieceRef::reinforcementAt(reinforcement))) return tr("add a reinforcement first");
    const ReinforcementSetup& r = s.reinforcements[static_cast<std::size_t>(reinforcement)];
    const int side = s.side_index(r.side);
    if (side < 0) return tr("a reinforcement of one of the sides (%1 is none)").arg(qs(r.side));
    const Army* army = pdd::army_for(plan_.library(), s, side, {});
    const UnitType* unit_type = army != nullptr ? army->find(ss(type)) : nullptr;
    if (unit_type == nullptr) return tr("a unit type of %1's army list").arg(qs(pdd::side_of(s, side).nation));
    UnitSetup unit;
    unit.code = plan_.suggestCode(side, unit_type->arm);
    unit.name = name.isEmpty() ? unit_type->name : ss(name);
    unit.nation = army->id;
    unit.type = unit_type->id;
    unit.unit_type = unit_type;
    unit.bases = bases > 0 ? bases : std::max(1, unit_type->typical_bases);
    unit.facing_deg = side == 0 ? 0 : 180;
    view_.armReinforcementUnit(reinforcement, unit);
    if (at) view_.placeArmed(*at);
    return {};
}

void PlanOrderOfBattlePanel::addCommandDialog() {
    const auto [side, command] = currentCommand();
    QDialog dialog(this);
    dialog.setWindowTitle(tr("Add a Command"));
    auto* form = new QFormLayout(&dialog);
    auto* which = new QComboBox(&dialog);
    for (const SideSetup& s : plan_.scenario().sides) which->addItem(qs(s.name));
    which->setCurrentIndex(std::max(0, side));
    auto* name = new QLineEdit(tr("First brigade"), &dialog);
    auto* code = new QLineEdit(verbatim(plan_.suggestGeneralCode(std::max(0, side))), &dialog);
    auto* general = new QLineEdit(&dialog);
    auto* great = new QCheckBox(tr("a great captain"), &dialog);
    connect(which, &QComboBox::currentIndexChanged, &dialog, [this, code](int at) { code->setText(verbatim(plan_.suggestGeneralCode(at))); });
    form->addRow(tr("Side:"), which);
    form->addRow(tr("Command name:"), name);
    form->addRow(tr("General's code:"), code);
    form->addRow(tr("General's name:"), general);
    form->addRow(QString(), great);
    auto* buttons = new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel, &dialog);
    connect(buttons, &QDialogButtonBox::accepted, &dialog, &QDialog::accept);
    connect(buttons, &QDialogButtonBox::rejected, &dialog, &QDialog::reject);
    form->addRow(buttons);
    if (dialog.exec() != QDialog::Accepted) return;
    addCommand(which->currentIndex(), name->text(), code->text(), general->text(), great->isChecked());
    emit message(tr("Command added: Place General (then click the board) puts its general on the table"));
}

void PlanOrderOfBattlePanel::addUnitDialog() {
    auto [side, command] = currentCommand();
    const Scenario& s = plan_.scenario();
    // A reinforcement selected: the unit is one of its own, of its side's army list.
    const PieceRef selected = plan_.selection();
    const int reinforcement = (selected.kind == PieceRef::Kind::Reinforcement || selected.kind == PieceRef::Kind::ReinforcementUnit) && plan_.holds(selected)
                                  ? selected.reinforcement
                                  : -1;
    if (reinforcement >= 0) {
        side = std::max(0, s.side_index(s.reinforcements[static_cast<std::size_t>(reinforcement)].side));
        command = 0;
    }
    if (side < 0 || side >= static_cast<int>(s.sides.size())) return;
    if (command < 0) {
        emit message(tr("%1 has no command yet: Add Command… first").arg(qs(pdd::side_of(s, side).name)));
        return;
    }
    const Army* army = pdd::army_for(plan_.library(), s, side, {});
    if (army == nullptr) {
        emit message(tr("%1's nation %2 has no army list in %3").arg(qs(pdd::side_of(s, side).name), qs(pdd::side_of(s, side).nation), qs(s.ruleset)));
        return;
    }
    QDialog dialog(this);
    dialog.setWindowTitle(tr("Add a Unit to %1")
                              .arg(reinforcement >= 0 ? qs(s.reinforcements[static_cast<std::size_t>(reinforcement)].command.name)
                                                      : qs(pdd::command_of(s, side, command).name)));
    auto* form = new QFormLayout(&dialog);
    auto* type = new QComboBox(&dialog);
    for (const UnitType& t : army->units) type->addItem(u"%1 (%2)"_s.arg(qs(t.name), qs(to_string(t.arm))), qs(t.id));
    auto* name = new QLineEdit(&dialog);
    auto* bases = new QSpinBox(&dialog);
    bases->setRange(1, 60);
    const auto typed = [army, type, bases, name] {
        const UnitType* t = army->find(ss(type->currentData().toString()));
        if (t != nullptr) bases->setValue(std::max(1, t->typical_bases)), name->setPlaceholderText(qs(t->name));
    };
    connect(type, &QComboBox::currentIndexChanged, &dialog, typed);
    typed();
    auto* click = new QRadioButton(tr("where I click on the board next (Place Unit tool)"), &dialog);
    auto* typed_at = new QRadioButton(tr("at x, y (mm):"), &dialog);
    click->setChecked(true);
    auto* x = new QDoubleSpinBox(&dialog);
    auto* y = new QDoubleSpinBox(&dialog);
    x->setRange(-1000, 6000), y->setRange(-1000, 6000);
    x->setValue(s.board.width_mm / 2), y->setValue(side == 0 ? s.board.depth_mm * 0.8 : s.board.depth_mm * 0.2);
    form->addRow(tr("Army list:"), new QLabel(u"%1 (%2)"_s.arg(qs(army->name), qs(s.ruleset)), &dialog));
    form->addRow(tr("Type:"), type);
    form->addRow(tr("Name:"), name);
    form->addRow(tr("Bases:"), bases);
    form->addRow(tr("Code:"), new QLabel(tr("suggested when placed (%1 …); change it in the Properties").arg(qs(plan_.suggestCode(side, Arm::Infantry)).left(4)), &dialog));
    form->addRow(tr("Place it:"), click);
    auto* xy = new QHBoxLayout;
    xy->addWidget(typed_at);
    xy->addWidget(x);
    xy->addWidget(y);
    form->addRow(QString(), xy);
    auto* buttons = new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel, &dialog);
    connect(buttons, &QDialogButtonBox::accepted, &dialog, &QDialog::accept);
    connect(buttons, &QDialogButtonBox::rejected, &dialog, &QDialog::reject);
    form->addRow(buttons);
    if (dialog.exec() != QDialog::Accepted) return;
    const std::optional<QPointF> at = typed_at->isChecked() ? std::optional<QPointF>(QPointF(x->value(), y->value())) : std::nullopt;
    const QString refused = reinforcement >= 0 ? addReinforcementUnit(reinforcement, type->currentData().toString(), name->text(), bases->value(), at)
                                               : addUnit(side, command, type->currentData().toString(), name->text(), bases->value(), at);
    if (!refused.isEmpty()) emit message(refused);
}

void PlanOrderOfBattlePanel::placeGeneral() {
    const auto [side, command] = currentCommand();
    if (command < 0) {
        emit message(tr("Select a command first (or Add Command…)"));
        return;
    }
    view_.armGeneral(side, command);
}

// ------------------------------------------------------------------ PlanProblemsPanel

PlanProblemsPanel::PlanProblemsPanel(BattlePlan& plan, PlanView& view, QWidget* parent) : QWidget(parent), plan_(plan), view_(view) {
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(4, 4, 4, 4);
    list_ = new QListWidget(this);
    list_->setWordWrap(true);
    layout->addWidget(list_);
    connect(list_, &QListWidget::itemDoubleClicked, this, [this](QListWidgetItem* item) {
        const PieceRef piece = PieceRef::fromPointer(ss(item->data(Qt::UserRole).toString()));
        plan_.select(piece);
        if (piece.kind == PieceRef::Kind::Unit || piece.kind == PieceRef::Kind::General || piece.kind == PieceRef::Kind::Feature ||
            piece.kind == PieceRef::Kind::ReinforcementUnit)
            view_.centreOn(piece);
    });
    connect(&plan_, &BattlePlan::problemsChanged, this, &PlanProblemsPanel::refresh);
    refresh();
}

void PlanProblemsPanel::refresh() {
    list_->clear();
    for (const ScenarioProblem& problem : plan_.problems()) {
        auto* item = new QListWidgetItem(qs(problem.message()), list_);
        item->setData(Qt::UserRole, qs(problem.pointer));
    }
    if (plan_.problems().empty()) {
        auto* item = new QListWidgetItem(tr("No problems: the battle plays."), list_);
        item->setFlags(Qt::ItemIsEnabled);
    }
}

}  // namespace fortuna::app
