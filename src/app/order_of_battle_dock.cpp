// SPDX-License-Identifier: MIT
// Order of battle: side -> command -> units with bases, state and formation; a filter; selects on the board.
#include "order_of_battle_dock.hpp"

#include <algorithm>

#include <QHeaderView>
#include <QLineEdit>
#include <QTreeWidget>
#include <QVBoxLayout>

#include <map>

#include "board_scene.hpp"
#include "game_document.hpp"
#include "qt_text.hpp"

namespace fortuna::app {

using namespace Qt::StringLiterals;

namespace {
constexpr int kUnitRole = Qt::UserRole + 1;
}

OrderOfBattlePanel::OrderOfBattlePanel(GameDocument& document, QWidget* parent)
    : QWidget(parent), document_(document) {
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(2, 2, 2, 2);
    filter_ = new QLineEdit(this);
    filter_->setPlaceholderText(tr("Filter: code, name, state, formation…"));
    filter_->setClearButtonEnabled(true);
    tree_ = new QTreeWidget(this);
    tree_->setColumnCount(5);
    tree_->setHeaderLabels({tr("Unit"), tr("Bases"), tr("State"), tr("Formation"), tr("Type")});
    tree_->setSelectionMode(QAbstractItemView::ExtendedSelection);
    tree_->setUniformRowHeights(true);
    tree_->setRootIsDecorated(true);
    tree_->header()->setStretchLastSection(true);
    layout->addWidget(filter_);
    layout->addWidget(tree_);
    connect(filter_, &QLineEdit::textChanged, this, &OrderOfBattlePanel::applyFilter);
    connect(&document_, &GameDocument::gameReplaced, this, &OrderOfBattlePanel::rebuild);
    connect(&document_, &GameDocument::changed, this, &OrderOfBattlePanel::refreshChange);
    connect(&document_, &GameDocument::selectionChanged, this, &OrderOfBattlePanel::followBoardSelection);
    connect(tree_, &QTreeWidget::itemSelectionChanged, this, &OrderOfBattlePanel::selectOnBoard);
    connect(tree_, &QTreeWidget::itemActivated, this, [this](QTreeWidgetItem* item) {
        const QVariant unit = item->data(0, kUnitRole);
        if (unit.isValid()) emit unitActivated(unit.value<std::size_t>());
    });
    rebuild();
}

void OrderOfBattlePanel::rebuild() {
    tree_->clear();
    if (!document_.hasGame()) return;
    const Game& game = document_.game();
    std::map<std::pair<int, std::string>, QTreeWidgetItem*> commands;
    std::vector<QTreeWidgetItem*> sides;
    for (const SideSetup& side : game.scenario().sides) {
        auto* item = new QTreeWidgetItem(tree_, {qs(side.name)});
        item->setForeground(0, QColor(qs(side.colour)).darker(side.colour == "#c8c8c8" ? 200 : 100));
        QFont bold = item->font(0);
        bold.setBold(true);
        item->setFont(0, bold);
        item->setFlags(Qt::ItemIsEnabled);
        sides.push_back(item);
    }
    for (std::size_t i = 0; i < game.units().size(); ++i) {
        const Unit& unit = game.units()[i];
        auto key = std::make_pair(unit.id.side, unit.id.command);
        QTreeWidgetItem*& command = commands[key];
        if (!command) {
            command = new QTreeWidgetItem(sides[static_cast<std::size_t>(unit.id.side)], {qs(unit.id.command)});
            command->setFlags(Qt::ItemIsEnabled);
            for (const General& general : game.generals())
                if (general.id.command == unit.id.command) command->setText(4, qs(general.id.code + " " + general.id.name));
        }
        auto* item = new QTreeWidgetItem(command);
        item->setData(0, kUnitRole, QVariant::fromValue(i));
    }
    tree_->expandAll();
    refresh();
    for (int c = 0; c < 4; ++c) tree_->resizeColumnToContents(c);
    followBoardSelection();  // built (or rebuilt) with units already selected: show them
}

void OrderOfBattlePanel::refresh() { refreshRows(nullptr); }

void OrderOfBattlePanel::refreshChange(const GameChange& change) {
    if (!change.units.empty()) refreshRows(&change.units);
}

// Every row, or only those of `units` (sorted, as GameChange gives them).
void OrderOfBattlePanel::refreshRows(const std::vector<std::size_t>* units) {
    if (!document_.hasGame()) return;
    const Game& game = document_.game();
    for (QTreeWidgetItemIterator it(tree_); *it; ++it) {
        const QVariant unit_data = (*it)->data(0, kUnitRole);
        if (!unit_data.isValid()) continue;
        const std::size_t i = unit_data.value<std::size_t>();
        if (units != nullptr && !std::binary_search(units->begin(), units->end(), i)) continue;
        const Unit& unit = game.units()[i];
        const UnitStatus& now = game.state().units[i];
        QTreeWidgetItem* item = *it;
        item->setText(0, qs(unit.id.code + "  " + unit.id.name));
        item->setText(1, QStringLiteral("%1/%2").arg(now.bases).arg(unit.id.bases_start));
        QString state = qs(to_string(now.state));
        if (now.presence == Presence::Awaiting) state = tr("awaiting");
        if (now.presence == Presence::OffBoard) state = tr("off the table");
        item->setText(2, state);
        item->setText(3, unit.arm() == Arm::Artillery ? qs(to_string(now.guns)) : qs(to_string(now.formation)));
        item->setText(4, qs(unit.type().name));
        const QColor ink = now.state == UnitState::Disrupted ? QColor(0xc0, 0x60, 0x00)
                           : now.state == UnitState::Routing ? QColor(0xc0, 0x10, 0x10)
                                                             : palette().color(QPalette::Text);
        item->setForeground(2, ink);
        item->setDisabled(now.presence != Presence::OnBoard);
    }
    applyFilter();
}

void OrderOfBattlePanel::applyFilter() {
    const QString text = filter_->text().trimmed();
    for (QTreeWidgetItemIterator it(tree_); *it; ++it) {
        QTreeWidgetItem* item = *it;
        if (!item->data(0, kUnitRole).isValid()) continue;
        bool match = text.isEmpty();
        for (int c = 0; c < 5 && !match; ++c) match = item->text(c).contains(text, Qt::CaseInsensitive);
        item->setHidden(!match);
    }
}

void OrderOfBattlePanel::followBoardSelection() {
    if (syncing_) return;
    syncing_ = true;
    const auto& selected = document_.selection();
    QTreeWidgetItem* last = nullptr;
    for (QTreeWidgetItemIterator it(tree_); *it; ++it) {
        const QVariant unit_data = (*it)->data(0, kUnitRole);
        if (!unit_data.isValid()) continue;
        const bool on = std::find(selected.begin(), selected.end(), unit_data.value<std::size_t>()) != selected.end();
        (*it)->setSelected(on);
        if (on) last = *it;
    }
    if (last) tree_->scrollToItem(last);
    syncing_ = false;
}

void OrderOfBattlePanel::selectOnBoard() {
    if (syncing_) return;
    syncing_ = true;
    std::vector<std::size_t> units;
    for (QTreeWidgetItem* item : tree_->selectedItems()) {
        const QVariant unit_data = item->data(0, kUnitRole);
        if (unit_data.isValid()) units.push_back(unit_data.value<std::size_t>());
    }
    document_.select(units);
    syncing_ = false;
}

}  // namespace fortuna::app
