// SPDX-License-Identifier: MIT
// File > New Battle… (see new_battle_dialog.hpp).
#include "new_battle_dialog.hpp"

#include <QColorDialog>
#include <QComboBox>
#include <QDialogButtonBox>
#include <QDoubleSpinBox>
#include <QFormLayout>
#include <QGridLayout>
#include <QGroupBox>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QStandardItemModel>
#include <QTimeEdit>
#include <QVBoxLayout>

#include "fortuna/core/errors.hpp"
#include "fortuna/land/land_tables.hpp"

#include "fortuna/game_of_kings/editing.hpp"
#include "fortuna/land/system.hpp"
#include "fortuna/seam/library.hpp"
#include "fortuna/seam/rule_system.hpp"
#include "fortuna/land/scenario_editing.hpp"
#include "qt_text.hpp"

namespace fortuna::app {

using namespace Qt::StringLiterals;

namespace new_battle_detail {

struct TablePreset {
    const char* words;
    double width_mm;
    double depth_mm;
};
// The tables clubs play on: 6 x 4 and 8 x 5 feet at 305 mm a foot, rounded to 10 mm, and a
// kitchen table.
constexpr TablePreset kPresets[] = {
    {QT_TRANSLATE_NOOP("fortuna::app::NewBattleDialog", "6 x 4 ft (1830 x 1220 mm)"), 1830, 1220},
    {QT_TRANSLATE_NOOP("fortuna::app::NewBattleDialog", "8 x 5 ft (2440 x 1520 mm)"), 2440, 1520},
    {QT_TRANSLATE_NOOP("fortuna::app::NewBattleDialog", "kitchen table (1200 x 800 mm)"), 1200, 800},
};

void paint_button(QPushButton* button, const QString& colour) {
    button->setText(colour);
    button->setStyleSheet(u"background: %1; color: %2"_s.arg(colour, QColor(colour).lightness() > 140 ? u"black"_s : u"white"_s));
}

}  // namespace new_battle_detail

NewBattleDialog::NewBattleDialog(const RulesLibrary& library, QWidget* parent) : QDialog(parent), library_(library) {
    setWindowTitle(tr("New Battle"));
    setMinimumWidth(760);  // the sides' names and nations read whole
    auto* layout = new QVBoxLayout(this);
    auto* form = new QFormLayout;
    layout->addLayout(form);

    ruleset_ = new QComboBox(this);
    ruleset_->setObjectName(u"ruleset"_s);
    auto* model = new QStandardItemModel(ruleset_);
    for (const RuleSet* set : land_tables(library_).rulesets()) {
        auto* item = new QStandardItem(u"%1 (%2)"_s.arg(qs(set->name), qs(set->id)));
        item->setData(qs(set->id), Qt::UserRole);
        model->appendRow(item);
    }
    // The other systems' battles have other shapes. Game Of Kings has an editor of its own
    // (KingsEditor) on the seed's one table; the rest are listed, greyed, while the seam says
    // they have no editor yet (RuleSystem::new_scenario_document gives no document).
    for (const RuleSystem* system : rule_systems()) {
        if (system == &land_system()) continue;
        if (system->id() == game_of_kings::kSystemId) {
            auto* item = new QStandardItem(tr("%1 (%2): its own editor, on the seed's table").arg(qs(system->name()), qs(system->id())));
            item->setData(qs(system->id()), Qt::UserRole);
            model->appendRow(item);
            continue;
        }
        std::optional<nlohmann::ordered_json> empty;
        try {
            empty = system->new_scenario_document(library_, system->id(), 1830, 1220);
        } catch (const std::exception&) {
            empty.reset();
        }
        if (empty) continue;  // an editor of its own shape, not this one's

        auto* item = new QStandardItem(tr("%1: no editor yet").arg(qs(system->name())));
        item->setEnabled(false);
        model->appendRow(item);
    }
    ruleset_->setModel(model);
    form->addRow(tr("&Rule set:"), ruleset_);

    preset_ = new QComboBox(this);
    for (const auto& preset : new_battle_detail::kPresets) preset_->addItem(tr(preset.words));
    preset_->addItem(tr("another size"));
    form->addRow(tr("&Table:"), preset_);
    auto* size = new QHBoxLayout;
    width_ = new QDoubleSpinBox(this);
    depth_ = new QDoubleSpinBox(this);
    for (QDoubleSpinBox* box : {width_, depth_}) {
        box->setRange(200, 5000);  // new_scenario's range
        box->setDecimals(1);  // the seed's 6 ft is 1828.8 mm
        box->setSingleStep(10);
        box->setSuffix(u" mm"_s);
    }
    width_->setObjectName(u"width"_s);
    depth_->setObjectName(u"depth"_s);
    size->addWidget(width_);
    size->addWidget(new QLabel(u"×"_s, this));
    size->addWidget(depth_);
    form->addRow(tr("Width × depth:"), size);
    scale_ = new QLabel(this);
    scale_->setWordWrap(true);
    form->addRow(tr("Ground scale:"), scale_);

    id_ = new QLineEdit(u"my-battle"_s, this);
    id_->setToolTip(tr("The file's id: small letters, digits and hyphens"));
    name_ = new QLineEdit(tr("Saturday's battle"), this);
    form->addRow(tr("Battle &id:"), id_);
    form->addRow(tr("Battle &name:"), name_);
    start_ = new QTimeEdit(QTime(10, 0), this);
    dusk_ = new QTimeEdit(QTime(17, 0), this);
    start_->setDisplayFormat(u"HH:mm"_s);
    dusk_->setDisplayFormat(u"HH:mm"_s);
    form->addRow(tr("&Start:"), start_);
    form->addRow(tr("&Dusk:"), dusk_);

    auto* sides = new QGroupBox(tr("Sides"), this);
    auto* grid = new QGridLayout(sides);
    grid->addWidget(new QLabel(tr("id"), sides), 0, 1);
    grid->addWidget(new QLabel(tr("name"), sides), 0, 2);
    grid->addWidget(new QLabel(tr("nation (army list)"), sides), 0, 3);
    grid->addWidget(new QLabel(tr("colour"), sides), 0, 4);
    static const char* colours[] = {"#2b4c9b", "#b03030"};
    for (int i = 0; i < 2; ++i) {
        SideRow& row = sides_[static_cast<std::size_t>(i)];
        grid->addWidget(new QLabel(tr("Side %1").arg(i + 1), sides), i + 1, 0);
        row.id = new QLineEdit(sides);
        row.name = new QLineEdit(sides);
        row.nation = new QComboBox(sides);
        row.nation->setSizeAdjustPolicy(QComboBox::AdjustToContents);
        row.colour = new QPushButton(sides);
        row.colour_name = qs(colours[i]);
        new_battle_detail::paint_button(row.colour, row.colour_name);
        connect(row.colour, &QPushButton::clicked, this, [this, i] {
            SideRow& r = sides_[static_cast<std::size_t>(i)];
            const QColor chosen = QColorDialog::getColor(QColor(r.colour_name), this, tr("Colour of side %1").arg(i + 1));
            if (!chosen.isValid()) return;
            r.colour_name = chosen.name();
            new_battle_detail::paint_button(r.colour, r.colour_name);
        });
        connect(row.nation, &QComboBox::currentIndexChanged, this, [this, i] {
            // The side is named after its nation until the user names it.
            SideRow& r = sides_[static_cast<std::size_t>(i)];
            if (r.nation->currentIndex() < 0) return;
            r.id->setText(r.nation->currentData().toString());
            r.name->setText(r.nation->currentText());
        });
        grid->addWidget(row.id, i + 1, 1);
        grid->addWidget(row.name, i + 1, 2);
        grid->addWidget(row.nation, i + 1, 3);
        grid->addWidget(row.colour, i + 1, 4);
    }
    layout->addWidget(sides);

    auto* buttons = new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel, this);
    buttons->button(QDialogButtonBox::Ok)->setText(tr("Create the Battle"));
    connect(buttons, &QDialogButtonBox::accepted, this, &QDialog::accept);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    layout->addWidget(buttons);

    connect(ruleset_, &QComboBox::currentIndexChanged, this, &NewBattleDialog::rulesetChosen);
    connect(preset_, &QComboBox::currentIndexChanged, this, &NewBattleDialog::presetChosen);
    connect(width_, &QDoubleSpinBox::valueChanged, this, &NewBattleDialog::sayScale);
    connect(depth_, &QDoubleSpinBox::valueChanged, this, &NewBattleDialog::sayScale);
    presetChosen();
    rulesetChosen();
}

bool NewBattleDialog::kingsChosen() const { return ruleset_->currentData().toString() == qs(game_of_kings::kSystemId); }

nlohmann::ordered_json NewBattleDialog::kingsBattle() const {
    const RuleSystem* system = find_rule_system(game_of_kings::kSystemId);
    auto document = system->new_scenario_document(library_, game_of_kings::kSystemId, width_->value(), depth_->value());
    if (!document) throw RuleError("Game Of Kings gives no new battle");
    if (!id_->text().trimmed().isEmpty()) (*document)["id"] = ss(id_->text().trimmed());
    if (!name_->text().trimmed().isEmpty()) (*document)["name"] = ss(name_->text().trimmed());
    for (std::size_t i = 0; i < sides_.size(); ++i) {
        const SideRow& row = sides_[i];
        if (!row.id->text().trimmed().isEmpty()) (*document)["sides"][i]["id"] = ss(row.id->text().trimmed());
        if (!row.name->text().trimmed().isEmpty()) (*document)["sides"][i]["name"] = ss(row.name->text().trimmed());
    }
    return *document;
}

void NewBattleDialog::rulesetChosen() {
    const std::string id = ss(ruleset_->currentData().toString());
    // Game Of Kings: the seed's table only, its distances on the table in cm, a turn limit
    // instead of a dusk, armies from its own lists (chosen unit by unit in the editor).
    const bool kings = kingsChosen();
    for (QWidget* land_only : std::initializer_list<QWidget*>{preset_, start_, dusk_, sides_[0].nation, sides_[1].nation, sides_[0].colour, sides_[1].colour})
        land_only->setEnabled(!kings);
    if (kings) {
        const game_of_kings::Tables tables = game_of_kings::load_tables(library_.data_dir());
        width_->setValue(game_of_kings::seed_table_width_cm(tables) * 10);
        depth_->setValue(game_of_kings::seed_table_depth_cm(tables) * 10);
        width_->setEnabled(false);
        depth_->setEnabled(false);
        const nlohmann::ordered_json empty = game_of_kings::new_battle_document(tables);
        for (std::size_t i = 0; i < sides_.size(); ++i) {
            sides_[i].nation->clear();
            sides_[i].id->setText(verbatim(empty.at("sides").at(i).at("id").get<std::string>()));
            sides_[i].name->setText(verbatim(empty.at("sides").at(i).at("name").get<std::string>()));
        }
        scale_->setText(tr("The seed's 6 ft x 2 ft 6 in table (12 sectors of 1 ft x 1 ft 3 in for its random terrain); "
                           "Game Of Kings states its distances on the table, in cm: no ground scale. The turn limit is set in the editor."));
        return;
    }
    presetChosen();
    for (std::size_t i = 0; i < sides_.size(); ++i) {
        QComboBox* nation = sides_[i].nation;
        nation->clear();
        if (!land_tables(library_).has_ruleset(id)) continue;
        for (const Army* army : land_tables(library_).armies(id)) nation->addItem(qs(army->name), verbatim(army->id));
        nation->setCurrentIndex(std::min(static_cast<int>(i), nation->count() - 1));
    }
    sayScale();
}

void NewBattleDialog::presetChosen() {
    if (kingsChosen()) return;  // the seed's table only
    const int at = preset_->currentIndex();
    const bool preset = at >= 0 && at < static_cast<int>(std::size(new_battle_detail::kPresets));
    if (preset) {
        width_->setValue(new_battle_detail::kPresets[at].width_mm);
        depth_->setValue(new_battle_detail::kPresets[at].depth_mm);
    }
    width_->setEnabled(!preset);
    depth_->setEnabled(!preset);
}

void NewBattleDialog::sayScale() {
    if (kingsChosen()) return;  // rulesetChosen said it
    // The land rule sets state every distance on the table, in mm (their movement and ranges);
    // the ground those millimetres stand for is the scenario board's scale, 1 mm = 2 m (seed
    // 000, section 2), so the table's size says how much battlefield it holds.
    scale_->setText(tr("1 mm = 2 m: the rule set states its distances on the table, in mm (moves, ranges); "
                       "this table stands for %1 × %2 m of ground")
                        .arg(width_->value() * 2, 0, 'f', 0)
                        .arg(depth_->value() * 2, 0, 'f', 0));
}

void NewBattleDialog::choose(const QString& ruleset, double width_mm, double depth_mm) {
    for (int i = 0; i < ruleset_->count(); ++i)
        if (ruleset_->itemData(i).toString() == ruleset) ruleset_->setCurrentIndex(i);
    preset_->setCurrentIndex(preset_->count() - 1);
    width_->setValue(width_mm);
    depth_->setValue(depth_mm);
}

Scenario NewBattleDialog::battle() const {
    Scenario s = new_scenario(library_, ss(ruleset_->currentData().toString()), width_->value(), depth_->value());
    if (!id_->text().trimmed().isEmpty()) s.id = ss(id_->text().trimmed());
    if (!name_->text().trimmed().isEmpty()) s.name = ss(name_->text().trimmed());
    s.start = start_->time().hour() * 60 + start_->time().minute();
    s.dusk = dusk_->time().hour() * 60 + dusk_->time().minute();
    for (std::size_t i = 0; i < sides_.size() && i < s.sides.size(); ++i) {
        const SideRow& row = sides_[i];
        if (!row.id->text().trimmed().isEmpty()) s.sides[i].id = ss(row.id->text().trimmed());
        if (!row.name->text().trimmed().isEmpty()) s.sides[i].name = ss(row.name->text().trimmed());
        if (row.nation->currentIndex() >= 0) s.sides[i].nation = ss(row.nation->currentData().toString());
        s.sides[i].colour = ss(row.colour_name);
    }
    if (!s.sides.empty()) s.first_player = s.sides.front().id;
    return s;
}

}  // namespace fortuna::app
