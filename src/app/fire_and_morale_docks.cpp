// SPDX-License-Identifier: MIT
// Artillery fire (Table 3), the rally list of the phasing side, and the crisis-of-morale check.
#include "fire_and_morale_docks.hpp"

#include <QComboBox>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QShowEvent>
#include <QSpinBox>
#include <QTreeWidget>
#include <QVBoxLayout>

#include <algorithm>
#include <cmath>
#include <vector>

#include "board_geometry.hpp"
#include "board_scene.hpp"
#include "desk_focus.hpp"
#include "game_document.hpp"
#include "odds_bars.hpp"
#include "qt_text.hpp"
#include "umpire_command.hpp"

namespace fortuna::app {

using namespace Qt::StringLiterals;

namespace {
QLineEdit* roll_edit(QWidget* parent, const QString& what) {
    auto* edit = new QLineEdit(parent);
    edit->setPlaceholderText(QObject::tr("empty: the app rolls"));
    edit->setMaximumWidth(140);
    make_roll_box(edit, what);
    return edit;
}

// A dock's result line: the last applied action of its kind, or nothing (desk_focus.hpp).
void show_last_result(QLabel* result, const GameDocument& document, const std::string& kind) {
    result->setText(last_result_html(document, kind));
}
}  // namespace

// ------------------------------------------------------------------ artillery

ArtilleryPanel::ArtilleryPanel(GameDocument& document, QWidget* parent)
    : QWidget(parent), document_(document) {
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(4, 4, 4, 4);
    auto* form = new QFormLayout();
    battery_ = new QComboBox(this);
    target_ = new QComboBox(this);
    // Long entries ("B-I3  Bohemian foot (1) · 254 mm, in sight") must not widen the dock area.
    for (QComboBox* box : {battery_, target_}) {
        box->setSizeAdjustPolicy(QComboBox::AdjustToMinimumContentsLengthWithIcon);
        box->setMinimumContentsLength(16);
    }
    range_ = new QSpinBox(this);
    range_->setRange(0, 5000);
    range_->setSuffix(u" mm"_s);
    form->addRow(tr("&Battery"), battery_);
    form->addRow(tr("&Target"), target_);
    form->addRow(tr("Ra&nge"), range_);
    layout->addLayout(form);
    sight_ = new QLabel(this);
    sight_->setWordWrap(true);
    bars_ = new OddsBars(this);
    layout->addWidget(sight_);
    layout->addWidget(bars_);
    auto* row = new QHBoxLayout();
    roll_ = roll_edit(this, tr("Artillery"));
    auto* fire = new QPushButton(tr("&Fire"), this);
    describe(battery_, tr("Battery"), tr("The battery that fires: the phasing side's first"));
    describe(target_, tr("Target"), tr("The enemy on the table: in range and in sight first, nearest first"));
    describe(range_, tr("Range in board mm"), tr("Measured between the nearest edges; the umpire may correct it"));
    describe(fire, tr("Fire the battery"), tr("Fire with the roll typed, or a roll of the app's (Enter in the roll box)"));
    row->addWidget(roll_);
    row->addWidget(fire);
    row->addStretch();
    layout->addLayout(row);
    result_ = new QLabel(this);
    result_->setObjectName(u"artilleryResult"_s);
    result_->setWordWrap(true);
    result_->setTextInteractionFlags(Qt::TextSelectableByMouse);
    layout->addWidget(result_);
    layout->addStretch();
    connect(&document_, &GameDocument::gameReplaced, this, &ArtilleryPanel::rebuildLists);
    connect(&document_, &GameDocument::positionChanged, this, &ArtilleryPanel::positionChanged);
    connect(&document_, &GameDocument::selectionChanged, this, &ArtilleryPanel::takeSelection);
    connect(battery_, &QComboBox::currentIndexChanged, this, [this] {
        if (filling_) return;
        rebuildTargets();
        measure();
    });
    connect(target_, &QComboBox::currentIndexChanged, this, &ArtilleryPanel::measure);
    connect(range_, &QSpinBox::valueChanged, this, &ArtilleryPanel::preview);
    connect(fire, &QPushButton::clicked, this, &ArtilleryPanel::fire);
    connect(roll_, &QLineEdit::returnPressed, this, &ArtilleryPanel::fire);
    // Fire from the dock, the command line or a re-roll, an undo or a redo: the journal's last word.
    connect(&document_, &GameDocument::actionReported, this, [this] { show_last_result(result_, document_, "artillery"); });
    rebuildLists();
}

void ArtilleryPanel::positionChanged() {
    // A dock out of sight waits: every target's line of sight is measured for the list, a few
    // milliseconds an action on a crowded table (bench/app/board_repaint.cpp). Behind another
    // dock's tab it is still "visible", only moved off the window: no region of it shows.
    if (window() != nullptr && window()->isVisible() && (!isVisible() || visibleRegion().isEmpty())) {
        stale_ = true;
        return;
    }
    rebuildTargets();
    measure();
}

void ArtilleryPanel::catchUp() {
    if (stale_) {
        rebuildTargets();
        measure();
    }
}

void ArtilleryPanel::showEvent(QShowEvent* event) {
    QWidget::showEvent(event);
    catchUp();
}

void ArtilleryPanel::rebuildLists() {
    bind_roll_box(roll_, {});
    filling_ = true;
    battery_->clear();
    target_->clear();
    if (document_.hasGame()) {
        const Game& game = document_.game();
        // The phasing side's batteries first: they are the ones that may fire now.
        for (int pass = 0; pass < 2; ++pass)
            for (std::size_t i = 0; i < game.units().size(); ++i) {
                const Unit& unit = game.units()[i];
                if (unit.id.type->arm != Arm::Artillery || (unit.id.side == game.phasing_side()) != (pass == 0)) continue;
                battery_->addItem(qs(unit.id.code + "  " + unit.id.name), QVariant::fromValue(i));
            }
    }
    filling_ = false;
    rebuildTargets();
    measure();
}

void ArtilleryPanel::rebuildTargets() {
    stale_ = false;
    const bool was_filling = filling_;
    filling_ = true;
    const QVariant keep = target_->currentData();
    target_->clear();
    if (document_.hasGame() && battery_->currentIndex() >= 0) {
        const Game& game = document_.game();
        const auto b = battery_->currentData().value<std::size_t>();
        const double reach = reach_mm(game, b);
        struct Option {
            std::size_t unit;
            double range;
            int rank;  // 0 in range and in sight, 1 in range but hidden, 2 out of range
        };
        std::vector<Option> options;
        for (std::size_t t = 0; t < game.units().size(); ++t) {
            if (game.units()[t].id.side == game.units()[b].id.side || game.state().units[t].presence != Presence::OnBoard) continue;
            const double range = distance_between_units(game, b, t);
            const bool in_range = range <= reach + 1e-9;
            // Sight only matters within reach; it is the costly question, so ask it only there.
            const int rank = !in_range ? 2 : line_of_sight_between(game, b, t).clear ? 0 : 1;
            options.push_back({t, range, rank});
        }
        std::sort(options.begin(), options.end(), [](const Option& x, const Option& y) {
            return x.rank != y.rank ? x.rank < y.rank : x.range < y.range;
        });
        for (const Option& o : options) {
            const Unit& unit = game.units()[o.unit];
            const QString note = o.rank == 0 ? tr("in sight") : o.rank == 1 ? tr("hidden") : tr("out of range");
            target_->addItem(QStringLiteral("%1  %2 · %3 mm, %4").arg(qs(unit.id.code), qs(unit.id.name)).arg(o.range, 0, 'f', 0).arg(note),
                             QVariant::fromValue(o.unit));
        }
        const int at = keep.isValid() ? target_->findData(keep) : -1;
        target_->setCurrentIndex(at >= 0 ? at : (target_->count() > 0 ? 0 : -1));
    }
    filling_ = was_filling;
}

void ArtilleryPanel::setFire(std::size_t battery, std::size_t target) {
    filling_ = true;
    if (const int at = battery_->findData(QVariant::fromValue(battery)); at >= 0) battery_->setCurrentIndex(at);
    rebuildTargets();
    if (const int at = target_->findData(QVariant::fromValue(target)); at >= 0) target_->setCurrentIndex(at);
    filling_ = false;
    measure();
    result_->clear();  // a new battery and target: the previous shot's result is not theirs
    roll_->setFocus(Qt::OtherFocusReason);
}

void ArtilleryPanel::takeSelection() {
    if (!document_.hasGame()) return;
    const Game& game = document_.game();
    filling_ = true;
    const int before = battery_->currentIndex();
    for (std::size_t u : document_.selection()) {
        if (game.units()[u].arm() == Arm::Artillery) {
            const int at = battery_->findData(QVariant::fromValue(u));
            if (at >= 0) battery_->setCurrentIndex(at);
        }
    }
    // Tab walks through the units: the targets are sorted again only for another battery.
    if (battery_->currentIndex() != before) rebuildTargets();
    if (battery_->currentIndex() >= 0) {
        const auto b = battery_->currentData().value<std::size_t>();
        for (std::size_t u : document_.selection())
            if (const int at = target_->findData(QVariant::fromValue(u)); at >= 0 && game.units()[u].id.side != game.units()[b].id.side)
                target_->setCurrentIndex(at);
    }
    filling_ = false;
    measure();
}

void ArtilleryPanel::measure() {
    if (filling_ || !document_.hasGame() || battery_->currentIndex() < 0 || target_->currentIndex() < 0) return;
    const Game& game = document_.game();
    const auto b = battery_->currentData().value<std::size_t>();
    const auto t = target_->currentData().value<std::size_t>();
    bind_roll_box(roll_, action_in_phase(document_, qs(game.units()[b].id.code + ">" + game.units()[t].id.code)));
    const double range = distance_between_units(game, b, t);
    const SightLine sight = line_of_sight_between(game, b, t);
    sight_->setText(sight.clear ? tr("<span style='color:#1a701a'>%1 sees %2: %3 mm (%4 m)</span>")
                                      .arg(qs(game.units()[b].id.code), qs(game.units()[t].id.code))
                                      .arg(range, 0, 'f', 0)
                                      .arg(range * kMetresPerMm, 0, 'f', 0)
                                : tr("<span style='color:#c01010'>%1 cannot see %2: %3</span>")
                                      .arg(qs(game.units()[b].id.code), qs(game.units()[t].id.code), sight.reason.toHtmlEscaped()));
    range_->blockSignals(true);
    range_->setValue(static_cast<int>(std::lround(range)));
    range_->blockSignals(false);
    preview();
}

void ArtilleryPanel::preview() {
    if (!document_.hasGame() || battery_->currentIndex() < 0 || target_->currentIndex() < 0) return;
    const Game& game = document_.game();
    const auto b = battery_->currentData().value<std::size_t>();
    const auto t = target_->currentData().value<std::size_t>();
    ArtilleryRequest request;
    request.battery = game.units()[b].type().battery.empty() ? "field" : game.units()[b].type().battery;
    request.range_mm = range_->value();
    request.target_formation = game.state().units[t].formation;
    request.target_state = game.state().units[t].state;
    request.target_bases = game.state().units[t].bases;
    try {
        bars_->setDistribution(artillery_probabilities(game.rules(), request));
    } catch (const std::exception& error) {
        bars_->setDistribution({});
        result_->setText(qs(error.what()));
    }
}

void ArtilleryPanel::fire() {
    catchUp();
    if (!document_.hasGame() || battery_->currentIndex() < 0 || target_->currentIndex() < 0) return;
    const Game& game = document_.game();
    ArtilleryAction fire;
    fire.battery = game.units()[battery_->currentData().value<std::size_t>()].id.code;
    fire.target = game.units()[target_->currentData().value<std::size_t>()].id.code;
    fire.range_mm = range_->value();
    ActionRequest request(std::move(fire));
    enter_roll(request, roll_->text());
    if (auto error = document_.perform(request)) {
        result_->setText(tr("<span style='color:#c01010'>Not fired: %1</span>").arg(error->toHtmlEscaped()));
        return;
    }
    roll_->clear();
}

// ------------------------------------------------------------------ rally

RallyPanel::RallyPanel(GameDocument& document, QWidget* parent)
    : QWidget(parent), document_(document) {
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(4, 4, 4, 4);
    list_ = new QTreeWidget(this);
    list_->setHeaderLabels({tr("Unit"), tr("State"), tr("Needs"), tr("Chance")});
    list_->setRootIsDecorated(false);
    list_->header()->setStretchLastSection(true);
    layout->addWidget(list_, 1);
    auto* row = new QHBoxLayout();
    general_ = new QComboBox(this);
    general_->setSizeAdjustPolicy(QComboBox::AdjustToMinimumContentsLengthWithIcon);  // long names: not a wider dock
    general_->setMinimumContentsLength(12);
    roll_ = roll_edit(this, tr("Rally"));
    auto* rally = new QPushButton(tr("&Rally"), this);
    describe(list_, tr("Units to rally"), tr("The phasing side's disrupted, withdrawing and routing units, with the roll each needs and its chance"));
    describe(general_, tr("General helping the rally"), tr("A general with the unit adds his modifier"));
    describe(rally, tr("Rally the unit"), tr("Rally the chosen unit with the roll typed, or a roll of the app's"));
    row->addWidget(general_, 1);
    row->addWidget(roll_);
    row->addWidget(rally);
    layout->addLayout(row);
    result_ = new QLabel(this);
    result_->setWordWrap(true);
    layout->addWidget(result_);
    connect(&document_, &GameDocument::positionChanged, this, &RallyPanel::refresh);
    connect(&document_, &GameDocument::gameReplaced, this, [this] {
        bind_roll_box(roll_, {});  // another game: no roll typed for it yet
        refresh();
    });
    connect(general_, &QComboBox::currentIndexChanged, this, &RallyPanel::refresh);
    connect(rally, &QPushButton::clicked, this, &RallyPanel::rallySelected);
    connect(roll_, &QLineEdit::returnPressed, this, &RallyPanel::rallySelected);
    connect(list_, &QTreeWidget::itemActivated, this, &RallyPanel::rallySelected);
    connect(&document_, &GameDocument::actionReported, this, [this] { show_last_result(result_, document_, "rally"); });
    connect(list_, &QTreeWidget::itemSelectionChanged, this, [this] {
        bindRoll();
        if (auto* item = list_->currentItem()) document_.select({item->data(0, Qt::UserRole).value<std::size_t>()});
    });
    refresh();
}

void RallyPanel::bindRoll() {
    const QTreeWidgetItem* item = list_->currentItem();
    bind_roll_box(roll_, action_in_phase(document_, item != nullptr ? item->text(0) : QString()));
}

// The phasing side's disrupted, withdrawing and routing units with their chance to rally.
void RallyPanel::refresh() {
    if (!document_.hasGame()) return;
    const Game& game = document_.game();
    const int side = game.phasing_side();
    const QString general = general_->currentData().toString();
    general_->blockSignals(true);
    general_->clear();
    general_->addItem(tr("no general"), QString());
    for (const General& g : game.generals())
        if (g.id.side == side && g.effective()) general_->addItem(qs(g.id.code + " " + g.id.name), verbatim(g.id.code));
    general_->setCurrentIndex(std::max(0, general_->findData(general)));
    general_->blockSignals(false);
    RallySupport support = RallySupport::None;
    if (const int g = general_->currentIndex() > 0 ? static_cast<int>(general_->currentIndex()) : 0; g > 0) {
        for (const General& candidate : game.generals())
            if (qs(candidate.id.code) == general_->currentData().toString())
                support = candidate.id.great_captain ? RallySupport::GreatCaptain : RallySupport::General;
    }
    const QString current = list_->currentItem() ? list_->currentItem()->text(0) : QString();
    list_->clear();
    for (std::size_t i = 0; i < game.units().size(); ++i) {
        const Unit& unit = game.units()[i];
        const UnitStatus& now = game.state().units[i];
        if (unit.id.side != side || now.presence != Presence::OnBoard || now.state == UnitState::Normal) continue;
        const Probability p = rally_probability(game.rules(), now.state, &unit.type(), support);
        const int needs = now.state == UnitState::Routing ? game.rules().rally.routing_needs : unit.type().rally;
        auto* item = new QTreeWidgetItem(list_, {qs(unit.id.code + " " + unit.id.name), qs(to_string(now.state)),
                                                 qs(format_roll(game.rules().rally.roll, needs)), qs(p.percent(0))});
        item->setData(0, Qt::UserRole, QVariant::fromValue(i));
        if (item->text(0) == current) list_->setCurrentItem(item);
    }
    if (list_->topLevelItemCount() == 0) {
        auto* item = new QTreeWidgetItem(list_, {tr("%1: every unit in good order").arg(qs(game.scenario().sides[static_cast<std::size_t>(side)].name))});
        item->setFlags(Qt::NoItemFlags);
    }
    for (int c = 0; c < 3; ++c) list_->resizeColumnToContents(c);
    bindRoll();
}

void RallyPanel::setUnit(std::size_t unit) {
    for (int i = 0; i < list_->topLevelItemCount(); ++i) {
        QTreeWidgetItem* item = list_->topLevelItem(i);
        if (item->data(0, Qt::UserRole).isValid() && item->data(0, Qt::UserRole).value<std::size_t>() == unit) {
            list_->setCurrentItem(item);
            break;
        }
    }
    bindRoll();
    result_->clear();
    roll_->setFocus(Qt::OtherFocusReason);
}

void RallyPanel::rallySelected() {
    if (!document_.hasGame() || !list_->currentItem() || !list_->currentItem()->data(0, Qt::UserRole).isValid()) return;
    const std::size_t u = list_->currentItem()->data(0, Qt::UserRole).value<std::size_t>();
    RallyAction rally;
    rally.unit = document_.game().units()[u].id.code;
    if (const QString g = general_->currentData().toString(); !g.isEmpty()) rally.general = ss(g);
    ActionRequest request(std::move(rally));
    enter_roll(request, roll_->text());
    if (auto error = document_.perform(request)) {
        result_->setText(QStringLiteral("<span style='color:#c01010'>%1</span>").arg(error->toHtmlEscaped()));
        return;
    }
    roll_->clear();
}

// ------------------------------------------------------------------ crisis of morale

CrisisPanel::CrisisPanel(GameDocument& document, QWidget* parent) : QWidget(parent), document_(document) {
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(4, 4, 4, 4);
    roll_ = roll_edit(this, tr("Crisis of morale"));
    for (int s = 0; s < 2; ++s) {
        sides_[s] = new QLabel(this);
        sides_[s]->setWordWrap(true);
        auto* button = new QPushButton(s == 0 ? tr("Test side &1") : tr("Test side &2"), this);
        connect(button, &QPushButton::clicked, this, [this, s] { test(s); });
        describe(button, tr("Crisis test, side %1").arg(s + 1),
                 tr("Make this side's crisis-of-morale test (seed 000 section 9) with the roll typed, or a roll of the app's"));
        auto* row = new QHBoxLayout();
        row->addWidget(sides_[s], 1);
        row->addWidget(button);
        layout->addLayout(row);
    }
    auto* row = new QHBoxLayout();
    row->addWidget(new QLabel(tr("Roll"), this));
    row->addWidget(roll_);
    row->addStretch();
    layout->addLayout(row);
    result_ = new QLabel(this);
    result_->setWordWrap(true);
    layout->addWidget(result_);
    layout->addStretch();
    connect(&document_, &GameDocument::positionChanged, this, &CrisisPanel::refresh);
    connect(&document_, &GameDocument::gameReplaced, this, [this] { bind_roll_box(roll_, {}); });
    connect(&document_, &GameDocument::actionReported, this, [this] { show_last_result(result_, document_, "crisis"); });
    // Enter in the roll box tests the phasing side, whose test the rules ask for (seed 000, 9).
    connect(roll_, &QLineEdit::returnPressed, this, [this] {
        if (document_.hasGame()) test(document_.game().phasing_side());
    });
    refresh();
}

void CrisisPanel::refresh() {
    if (!document_.hasGame()) return;
    bind_roll_box(roll_, action_in_phase(document_, u"crisis"_s));
    const Game& game = document_.game();
    for (int s = 0; s < 2; ++s) {
        const SideTally t = game.tally(s);
        // The thresholds in force at this hour: a scenario may change them by the clock (seed 001).
        const CrisisOfMoraleTable table = game.crisis_table(s);
        const CrisisAssessment a = assess_crisis(table, t.bases_lost, t.bases_start);
        QString text = tr("<b>%1</b>: %2 of %3 bases lost (%4%)")
                           .arg(qs(t.name)).arg(t.bases_lost).arg(t.bases_start).arg(t.percent_lost, 0, 'f', 1);
        if (t.crisis_due) {
            const Probability p = crisis_probability(table, t.bases_lost, t.bases_start);
            text += a.immediate ? tr("<br><b style='color:#c01010'>Immediate crisis: %1 reached</b>").arg(qs(a.band))
                                : tr("<br><b style='color:#c06000'>Test due</b> (%1): crisis on %2, chance %3")
                                      .arg(qs(a.band), a.crisis_on ? qs(a.crisis_on->text(table.roll)) : u"-"_s, qs(p.percent(1)));
        } else {
            for (const Threshold& th : t.thresholds)
                if (!th.reached) {
                    text += tr("<br>next test at %1% = %2 bases lost (%3 more)").arg(th.percent).arg(th.bases).arg(th.bases - t.bases_lost);
                    break;
                }
        }
        sides_[s]->setText(text);
    }
}

void CrisisPanel::test(int side) {
    if (!document_.hasGame()) return;
    // Nothing due is a plain answer, not an error (seed 000 section 9: a test per threshold crossed).
    if (const SideTally t = document_.game().tally(side); !t.crisis_due) {
        result_->setText(tr("No crisis test is due for %1: %2 of %3 bases lost.").arg(qs(t.name)).arg(t.bases_lost).arg(t.bases_start));
        return;
    }
    ActionRequest request(CrisisAction{document_.game().scenario().sides[static_cast<std::size_t>(side)].id});
    enter_roll(request, roll_->text());
    if (auto error = document_.perform(request)) result_->setText(QStringLiteral("<span style='color:#c01010'>%1</span>").arg(error->toHtmlEscaped()));
    else roll_->clear();
}

}  // namespace fortuna::app
