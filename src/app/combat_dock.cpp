// SPDX-License-Identifier: MIT
// The combat resolver: proposed and editable modifiers, exact odds before the roll, the explanation.
#include "combat_dock.hpp"

#include <QCheckBox>
#include <QComboBox>
#include <QFormLayout>
#include <QGridLayout>
#include <QHBoxLayout>
#include <QScrollArea>
#include <QScrollBar>
#include <QLayout>
#include <QTimer>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QSpinBox>
#include <QTextBrowser>
#include <QVBoxLayout>

#include "board_geometry.hpp"
#include "board_scene.hpp"
#include "desk_focus.hpp"
#include "game_document.hpp"
#include "odds_bars.hpp"
#include "qt_text.hpp"
#include "umpire_command.hpp"

namespace fortuna::app {

using namespace Qt::StringLiterals;

CombatPanel::CombatPanel(GameDocument& document, QWidget* parent)
    : QWidget(parent), document_(document) {
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(4, 4, 4, 4);
    auto* form = new QFormLayout();
    form->setFieldGrowthPolicy(QFormLayout::AllNonFixedFieldsGrow);
    attacker_ = new QComboBox(this);
    defender_ = new QComboBox(this);
    form->addRow(tr("&Attacker"), attacker_);
    form->addRow(tr("&Defender"), defender_);
    layout->addLayout(form);
    auto* grid = new QGridLayout();
    flank_ = new QCheckBox(tr("&Flank (+1 col)"), this);
    rear_ = new QCheckBox(tr("&Rear (+2 col)"), this);
    charge_ = new QCheckBox(tr("C&harge"), this);
    obstacle_ = new QCheckBox(tr("&Obstacle"), this);
    arms_ = new QSpinBox(this);
    arms_->setRange(1, 3);
    arms_->setPrefix(tr("arms "));
    terrain_ = new QComboBox(this);
    terrain_->addItems({tr("no terrain advantage"), tr("terrain favours attacker"), tr("terrain favours defender")});
    grid->addWidget(flank_, 0, 0);
    grid->addWidget(rear_, 0, 1);
    grid->addWidget(charge_, 0, 2);
    grid->addWidget(obstacle_, 1, 0);
    grid->addWidget(arms_, 1, 1);
    grid->addWidget(terrain_, 1, 2);
    layout->addLayout(grid);
    auto* leaders = new QFormLayout();
    attacker_leader_ = new QComboBox(this);
    defender_leader_ = new QComboBox(this);
    leaders->addRow(tr("Attacker's leader"), attacker_leader_);
    leaders->addRow(tr("Defender's leader"), defender_leader_);
    layout->addLayout(leaders);
    // Long unit names must not hold the dock wider than a laptop's column of docks (user guide,
    // "The window"): the boxes show what fits, their lists the whole name.
    for (QComboBox* box : {attacker_, defender_, terrain_, attacker_leader_, defender_leader_}) {
        box->setSizeAdjustPolicy(QComboBox::AdjustToMinimumContentsLengthWithIcon);
        box->setMinimumContentsLength(12);
    }
    proposals_ = new QLabel(this);
    proposals_->setWordWrap(true);
    proposals_->setStyleSheet(u"color:#2a5a2a"_s);
    setup_ = new QLabel(this);
    setup_->setWordWrap(true);
    setup_->setTextInteractionFlags(Qt::TextSelectableByMouse);
    bars_ = new OddsBars(this);
    layout->addWidget(proposals_);
    layout->addWidget(setup_);
    layout->addWidget(bars_);
    auto* rollRow = new QHBoxLayout();
    roll_ = new QLineEdit(this);
    roll_->setPlaceholderText(tr("empty: the app rolls; or type the umpire's roll"));
    make_roll_box(roll_, tr("Combat"));
    resolve_ = new QPushButton(tr("Roll && apply (Ctrl+Enter)"), this);
    auto* rollLabel = new QLabel(tr("Ro&ll"), this);
    rollLabel->setBuddy(roll_);
    rollRow->addWidget(rollLabel);
    rollRow->addWidget(roll_, 1);
    rollRow->addWidget(resolve_);
    layout->addLayout(rollRow);
    result_ = new QTextBrowser(this);
    result_->setObjectName(u"combatResult"_s);
    result_->setMinimumHeight(80);
    layout->addWidget(result_, 1);
    // What each control is, for the tooltip and for a screen reader.
    describe(attacker_, tr("Attacker"), tr("The attacking unit (Tab and E choose it from the board)"));
    describe(defender_, tr("Defender"), tr("The defending unit"));
    describe(flank_, tr("Flank attack"), tr("Attack on the defender's flank: one column in the attacker's favour (Table 6)"));
    describe(rear_, tr("Rear attack"), tr("Attack on the defender's rear: two columns in the attacker's favour (Table 6)"));
    describe(charge_, tr("Charge"), tr("The attacker charged this turn"));
    describe(obstacle_, tr("Obstacle"), tr("A wall, earthwork or redan between them"));
    describe(arms_, tr("Combined arms"), tr("How many arms attack together (infantry, cavalry, artillery)"));
    describe(terrain_, tr("Terrain advantage"), tr("Uphill, in a village or a wood: who the ground favours"));
    describe(attacker_leader_, tr("Attacker's leader"), tr("A general with the attacker (rolls under fire first, Table 6)"));
    describe(defender_leader_, tr("Defender's leader"), tr("A general with the defender"));
    describe(resolve_, tr("Roll and apply the combat"), tr("Resolve with the roll typed, or a roll of the app's (Ctrl+Enter, or Enter in the roll box)"));
    describe(result_, tr("Combat result"), tr("The last combat applied and the table cells it used"));

    connect(&document_, &GameDocument::gameReplaced, this, &CombatPanel::rebuildLists);
    connect(&document_, &GameDocument::positionChanged, this, &CombatPanel::preview);
    connect(&document_, &GameDocument::selectionChanged, this, &CombatPanel::takeSelection);
    for (QCheckBox* box : {flank_, rear_, charge_, obstacle_}) connect(box, &QCheckBox::toggled, this, &CombatPanel::preview);
    connect(arms_, &QSpinBox::valueChanged, this, &CombatPanel::preview);
    for (QComboBox* box : {terrain_, attacker_leader_, defender_leader_})
        connect(box, &QComboBox::currentIndexChanged, this, &CombatPanel::preview);
    for (QComboBox* box : {attacker_, defender_})
        connect(box, &QComboBox::currentIndexChanged, this, [this] {
            if (!filling_) propose();
        });
    connect(resolve_, &QPushButton::clicked, this, &CombatPanel::resolve);
    connect(roll_, &QLineEdit::returnPressed, this, &CombatPanel::resolve);
    // After an action, an undo or a redo: the last combat in the journal, or nothing.
    connect(&document_, &GameDocument::actionReported, this, [this] {
        result_->setHtml(last_result_html(document_, "combat"));
        // In a short dock (a laptop's column of tabs) the result sits below the fold: scroll to it.
        if (!result_->toPlainText().isEmpty())
            for (QWidget* up = parentWidget(); up != nullptr; up = up->parentWidget())
                if (auto* area = qobject_cast<QScrollArea*>(up)) {
                    // Once the new text is laid out: the whole result box, its top first.
                    QTimer::singleShot(0, area, [area, box = result_] {
                        if (area->widget() != nullptr && area->widget()->layout() != nullptr) area->widget()->layout()->activate();
                        area->verticalScrollBar()->setValue(area->verticalScrollBar()->maximum());
                        area->ensureWidgetVisible(box, 0, 0);
                    });
                    break;
                }
    });
    rebuildLists();
}

void CombatPanel::rebuildLists() {
    bind_roll_box(roll_, {});  // another game: no roll typed for this one yet
    filling_ = true;
    attacker_->clear();
    defender_->clear();
    attacker_leader_->clear();
    defender_leader_->clear();
    if (document_.hasGame()) {
        const Game& game = document_.game();
        for (std::size_t i = 0; i < game.units().size(); ++i) {
            const Unit& unit = game.units()[i];
            const QString label = qs(unit.id.code + "  " + unit.id.name);
            attacker_->addItem(label, QVariant::fromValue(i));
            defender_->addItem(label, QVariant::fromValue(i));
        }
        attacker_leader_->addItem(tr("none"), QString());
        defender_leader_->addItem(tr("none"), QString());
        for (const General& general : game.generals()) {
            attacker_leader_->addItem(qs(general.id.code + " " + general.id.name), verbatim(general.id.code));
            defender_leader_->addItem(qs(general.id.code + " " + general.id.name), verbatim(general.id.code));
        }
        pickLikelyPair();
    }
    filling_ = false;
    result_->clear();
    propose();
}

// Until the umpire chooses: the first unit of the phasing side that the board says is engaged
// (engaged_enemies: in contact or within its reach), against the enemy it is engaged with; with
// none engaged, the first unit of the phasing side against the first enemy. Units off the table
// or without bases are never proposed.
void CombatPanel::pickLikelyPair() {
    const Game& game = document_.game();
    const auto fights = [&](std::size_t i) { return game.state().units[i].presence == Presence::OnBoard && game.state().units[i].bases > 0; };
    std::optional<std::size_t> attacker, defender;
    for (std::size_t i = 0; i < game.units().size() && !defender; ++i) {
        if (game.units()[i].id.side != game.phasing_side() || !fights(i)) continue;
        if (!attacker) attacker = i;
        for (const EngagedEnemy& enemy : engaged_enemies(game, &game.battlefield(), i))
            if (fights(enemy.unit)) {
                attacker = i, defender = enemy.unit;
                break;
            }
    }
    for (std::size_t i = 0; i < game.units().size() && !defender; ++i)
        if (game.units()[i].id.side != game.phasing_side() && fights(i)) defender = i;
    const bool was = filling_;
    filling_ = true;
    if (attacker) attacker_->setCurrentIndex(attacker_->findData(QVariant::fromValue(*attacker)));
    if (defender) defender_->setCurrentIndex(defender_->findData(QVariant::fromValue(*defender)));
    filling_ = was;
}

void CombatPanel::takeSelection() {
    if (!document_.hasGame()) return;
    const auto& selected = document_.selection();
    if (selected.size() < 2) return;
    try {
        const UmpireCommand command = parse_umpire_command(u"c"_s, document_.game(), selected);
        const auto* combat = std::get_if<CombatAction>(&command.action.action);
        if (combat == nullptr) return;
        filling_ = true;
        attacker_->setCurrentIndex(find_unit(document_.game(), qs(combat->attacker)));
        defender_->setCurrentIndex(find_unit(document_.game(), qs(combat->defender)));
        filling_ = false;
        propose();
    } catch (const std::exception&) {
        filling_ = false;
    }
}

void CombatPanel::setUnits(std::size_t attacker, std::size_t defender) {
    filling_ = true;
    attacker_->setCurrentIndex(attacker_->findData(QVariant::fromValue(attacker)));
    defender_->setCurrentIndex(defender_->findData(QVariant::fromValue(defender)));
    filling_ = false;
    propose();
    result_->clear();  // a new pair: the previous combat's result is not this one's
    roll_->setFocus(Qt::OtherFocusReason);
}

void CombatPanel::propose() {
    if (!document_.hasGame() || attacker_->currentIndex() < 0 || defender_->currentIndex() < 0) return;
    const Game& game = document_.game();
    const auto a = attacker_->currentData().value<std::size_t>();
    const auto d = defender_->currentData().value<std::size_t>();
    std::vector<std::size_t> supports;
    for (std::size_t u : document_.selection())
        if (u != a && game.units()[u].id.side == game.units()[a].id.side) supports.push_back(u);
    const CombatProposal p = propose_combat(game, a, supports, d);
    filling_ = true;
    flank_->setChecked(p.flank && !p.rear);
    rear_->setChecked(p.rear);
    charge_->setChecked(p.charge);
    obstacle_->setChecked(p.obstacle);
    arms_->setValue(p.arms);
    terrain_->setCurrentIndex(p.terrain == TerrainAdvantage::Attacker ? 1 : p.terrain == TerrainAdvantage::Defender ? 2 : 0);
    filling_ = false;
    proposals_->setText(p.reasons.empty() ? tr("The board proposes no modifier.")
                                          : tr("Proposed from the board: %1").arg(reasons_of(p).join(u"; "_s)));
    preview();
}

std::optional<CombatAction> CombatPanel::action() const {
    if (!document_.hasGame() || attacker_->currentIndex() < 0 || defender_->currentIndex() < 0) return std::nullopt;
    const Game& game = document_.game();
    CombatAction action;
    action.attacker = game.units()[attacker_->currentData().value<std::size_t>()].id.code;
    action.defender = game.units()[defender_->currentData().value<std::size_t>()].id.code;
    // The friends selected with the attacker: the game counts combined arms from them (rules 5).
    const auto a = attacker_->currentData().value<std::size_t>();
    for (std::size_t u : document_.selection())
        if (u != a && game.units()[u].id.side == game.units()[a].id.side) action.supports.push_back(game.units()[u].id.code);
    action.flank = flank_->isChecked();
    action.rear = rear_->isChecked();
    action.charge = charge_->isChecked();
    action.obstacle = obstacle_->isChecked();
    action.arms = arms_->value();
    action.terrain = terrain_->currentIndex() == 1   ? TerrainAdvantage::Attacker
                     : terrain_->currentIndex() == 2 ? TerrainAdvantage::Defender
                                                     : TerrainAdvantage::None;
    if (const QString g = attacker_leader_->currentData().toString(); !g.isEmpty()) action.attacker_leader = ss(g);
    if (const QString g = defender_leader_->currentData().toString(); !g.isEmpty()) action.defender_leader = ss(g);
    return action;
}

void CombatPanel::preview() {
    if (filling_) return;
    // A unit the last action removed (routed off, its last base lost) is no pair to preview:
    // the dock proposes a likely pair again instead of a stale refusal.
    if (document_.hasGame() && attacker_->currentIndex() >= 0 && defender_->currentIndex() >= 0) {
        const Game& game = document_.game();
        const auto gone = [&](const QComboBox* box) {
            const auto i = box->currentData().value<std::size_t>();
            return i >= game.units().size() || game.state().units[i].presence != Presence::OnBoard || game.state().units[i].bases <= 0;
        };
        if (gone(attacker_) || gone(defender_)) {
            const int before_a = attacker_->currentIndex(), before_d = defender_->currentIndex();
            pickLikelyPair();
            if (attacker_->currentIndex() != before_a || defender_->currentIndex() != before_d) {
                propose();  // previews the new pair
                return;
            }
        }
    }
    const auto combat = action();
    if (!combat) return;
    bind_roll_box(roll_, action_in_phase(document_, qs(combat->attacker + ">" + combat->defender)));
    const Game& game = document_.game();
    const RuleSet& rules = game.rules();
    try {
        const CombatRequest r = combat_request(game, *combat);
        if (r.attacker.unit->arm == Arm::Cavalry && r.defender.formation == Formation::Square) {
            setup_->setText(tr("<b>Cavalry against a square</b>: %1 with %2 (the odds table is not used).")
                                .arg(qs(rules.cavalry_vs_square.section), qs(to_string(rules.cavalry_vs_square.roll))));
            bars_->setDistribution(square_probabilities(rules, r.defender.state));
        } else {
            const CombatSetup setup = prepare_combat(rules, r);
            QString text = tr("<b>%1 : %2</b> → odds %3, column <b>%4</b>%5, roll modifier <b>%6</b>")
                               .arg(setup.attack_strength)
                               .arg(setup.defend_strength)
                               .arg(qs(setup.odds.odds.text()), qs(setup.column_label),
                                    setup.column_shift ? tr(" (%1 shifted)").arg(setup.column_shift) : QString(),
                                    qs(format_modifier(rules.combat_results.roll, setup.roll_modifier)));
            text += u"<br><span style='color:#555'>"_s;
            QStringList steps;
            for (const std::string& step : setup.explanation) steps << qs(step).toHtmlEscaped();
            text += steps.join(u"<br>"_s) + u"</span>"_s;
            if (r.attacker_leader != LeaderEffect::None || r.defender_leader != LeaderEffect::None)
                text += tr("<br><i>Leaders first roll under fire (Table 6); the bars assume they survive.</i>");
            setup_->setText(text);
            bars_->setDistribution(combat_probabilities(rules, setup));
        }
    } catch (const std::exception& error) {
        setup_->setText(tr("<span style='color:#c01010'>%1</span>").arg(qs(error.what()).toHtmlEscaped()));
        bars_->setDistribution({});
    }
}

void CombatPanel::resolve() {
    const auto combat = action();
    if (!combat) return;
    ActionRequest request(*combat);
    enter_roll(request, roll_->text());
    if (auto error = document_.perform(request)) {
        result_->setHtml(QStringLiteral("<p style='color:#c01010'><b>Not applied:</b> %1</p>").arg(error->toHtmlEscaped()));
        emit document_.problem(*error);
        return;
    }
    roll_->clear();
}

}  // namespace fortuna::app
