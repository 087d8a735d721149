// SPDX-License-Identifier: MIT
// The solo player's checklist (issue 6, item 4): what the rules require of the phasing side now.
#include "duties_dock.hpp"

#include <QKeyEvent>
#include <QShowEvent>
#include <QLabel>
#include <QTreeWidget>
#include <QVBoxLayout>

#include <algorithm>

#include <spdlog/spdlog.h>

#include "fortuna/land/battlefield.hpp"
#include "game_document.hpp"
#include "qt_text.hpp"

namespace fortuna::app {

using namespace Qt::StringLiterals;

namespace {
constexpr int kDutyRole = Qt::UserRole;        // the duty's id, on items and on their targets
constexpr int kTargetRole = Qt::UserRole + 1;  // an artillery target's code

// The library names units "CODE Name"; a dock line has room for the code only (the full line
// is in the tooltip and the detail below the list).
QString compact(const Game& game, const Duty& duty) {
    // A battery's line says what decides the shot: the nearest target and how many more there
    // are ("CL-A2 → B-A1 at 228 mm, +9 more"); at 1366 x 768 the library's sentence was cut
    // off before the target.
    if (duty.kind == DutyKind::ArtilleryFire && !duty.done && !duty.units.empty() && !duty.targets.empty()) {
        const FireTarget& nearest = duty.targets.front();
        QString text = QObject::tr("%1 → %2 at %3 mm").arg(qs(duty.units.front()), qs(nearest.unit)).arg(nearest.range_mm, 0, 'f', 0);
        if (duty.targets.size() > 1) text += QObject::tr(", +%1 more").arg(duty.targets.size() - 1);
        return text;
    }
    QString text = qs(duty.text);
    // Items resolved earlier carry the journal's summary, which names units in full too.
    for (const Unit& unit : game.units())
        if (text.contains(qs(unit.id.code))) text.replace(qs(unit.id.code + " " + unit.id.name), qs(unit.id.code));
    for (const FireTarget& target : duty.targets) text.replace(qs(target.unit + " " + target.name), qs(target.unit));
    return text;
}
}  // namespace

DutiesPanel::DutiesPanel(GameDocument& document, QWidget* parent) : QWidget(parent), document_(document) {
    setObjectName(u"dutiesPanel"_s);
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(4, 4, 4, 4);
    // Plain text (bold): a rich-text label lays out a whole text document at every resize.
    heading_ = new QLabel(this);
    heading_->setWordWrap(true);
    heading_->setTextFormat(Qt::PlainText);
    QFont bold = heading_->font();
    bold.setBold(true);
    heading_->setFont(bold);
    list_ = new QTreeWidget(this);
    list_->setObjectName(u"dutiesList"_s);
    list_->setColumnCount(1);
    list_->setHeaderHidden(true);
    list_->setUniformRowHeights(true);  // one line an item (the full text below the list)
    list_->setIndentation(14);
    list_->setAccessibleName(tr("Duties of the phasing side"));
    list_->setToolTip(tr("Enter or double click: select the units and open the resolver · J: the next open item · Esc: the board"));
    detail_ = new QLabel(this);
    detail_->setWordWrap(true);
    detail_->setTextFormat(Qt::RichText);
    detail_->setMinimumHeight(detail_->fontMetrics().height() * 3);
    detail_->setAlignment(Qt::AlignTop | Qt::AlignLeft);
    layout->addWidget(heading_);
    layout->addWidget(list_, 1);
    layout->addWidget(detail_);
    auto* keys = new QLabel(tr("Enter opens the resolver · J next open item · N next phase · ticks come from the journal (undo reopens)"), this);
    keys->setTextFormat(Qt::PlainText);
    keys->setWordWrap(true);
    QFont small = keys->font();
    small.setPointSizeF(small.pointSizeF() * 0.85);
    keys->setFont(small);
    layout->addWidget(keys);
    list_->installEventFilter(this);
    connect(list_, &QTreeWidget::itemActivated, this, [this](QTreeWidgetItem* item) { activate(item); });
    connect(list_, &QTreeWidget::currentItemChanged, this, [this](QTreeWidgetItem* item) {
        const Duty* duty = dutyOf(item);
        detail_->setText(duty == nullptr ? QString()
                                         : QStringLiteral("%1<b>%2</b><br><small>%3</small>")
                                               .arg(duty->done ? tr("Done: ") : QString(), qs(duty->text).toHtmlEscaped(),
                                                    qs(duty->rule).toHtmlEscaped()));
    });
    // A new game has new terrain; every change of position (action, undo, redo) a new list.
    connect(&document_, &GameDocument::gameReplaced, this, [this] {
        tracker_.reset();
        field_.reset();
    });
    connect(&document_, &GameDocument::positionChanged, this, &DutiesPanel::refresh);
    refresh();
}

DutiesPanel::~DutiesPanel() = default;

bool DutiesPanel::eventFilter(QObject* watched, QEvent* event) {
    if (watched == list_ && event->type() == QEvent::KeyPress && static_cast<QKeyEvent*>(event)->key() == Qt::Key_Escape) {
        emit leaveRequested();
        return true;
    }
    return QWidget::eventFilter(watched, event);
}

const Duty* DutiesPanel::dutyOf(const QTreeWidgetItem* item) const {
    if (item == nullptr) return nullptr;
    const QString id = item->data(0, kDutyRole).toString();
    if (id.isEmpty()) return nullptr;
    for (const Duty& duty : duties_)
        if (qs(duty.id) == id) return &duty;
    return nullptr;
}

QTreeWidgetItem* DutiesPanel::itemOf(const std::string& id) const {
    const QString wanted = qs(id);
    for (int p = 0; p < list_->topLevelItemCount(); ++p) {
        QTreeWidgetItem* phase = list_->topLevelItem(p);
        for (int c = 0; c < phase->childCount(); ++c)
            if (phase->child(c)->data(0, kDutyRole).toString() == wanted) return phase->child(c);
    }
    return nullptr;
}

QString DutiesPanel::summary() const {
    if (!document_.hasGame()) return {};
    const std::string& phase = document_.game().phase().id;
    int open = 0, done = 0, later = 0;
    for (const Duty& duty : duties_) {
        if (duty.phase == phase) (duty.done ? done : open) += 1;
        else if (duty.phase > phase && !duty.done) ++later;
    }
    QString text = open == 0 && done == 0 ? tr("Duties %1): none").arg(qs(phase))
                                          : tr("Duties %1): %2 to do, %3 done").arg(qs(phase)).arg(open).arg(done);
    if (later > 0) text += tr(" · %1 later this half-turn").arg(later);
    return text;
}

void DutiesPanel::showEvent(QShowEvent* event) {
    QWidget::showEvent(event);
    if (stale_) refresh();
}

int DutiesPanel::openNow() const {
    if (!document_.hasGame() || stale_) return 0;
    return static_cast<int>(std::count_if(duties_.begin(), duties_.end(), [&](const Duty& d) {
        return !d.done && d.phase == document_.game().phase().id;
    }));
}

void DutiesPanel::refresh() {
    // A hidden list waits: on a table of 2,000 units the list measured afresh costs about 13 ms,
    // kept up to date after one unit changed about 1 ms (bench/bench_duties.cpp).
    if (!isVisible() && window() != nullptr && window()->isVisible() && document_.hasGame()) {
        stale_ = true;
        emit summaryChanged(tr("Duties (Ctrl+D)"));
        return;
    }
    stale_ = false;
    // Keep the umpire's place: the same item (by its stable id) stays current.
    QString current_id, current_target;
    if (QTreeWidgetItem* item = list_->currentItem()) {
        current_id = item->data(0, kDutyRole).toString();
        current_target = item->data(0, kTargetRole).toString();
    }
    // The detail below keeps its text until the current item is set again (cleared and set, the
    // word-wrapped label would be laid out twice an action).
    list_->clear();
    duties_.clear();
    if (!document_.hasGame()) {
        heading_->clear();
        detail_->clear();
        emit summaryChanged(QString());
        return;
    }
    const Game& game = document_.game();
    try {
        if (!field_) field_ = std::make_unique<Battlefield>(game.scenario());
        duties_ = tracker_.update(game, *field_);
    } catch (const std::exception& error) {
        spdlog::error("duties: {}", error.what());
        heading_->setText(tr("Cannot list the duties: %1").arg(qs(error.what())));
        detail_->clear();
        emit summaryChanged(QString());
        return;
    }
    const SideSetup& side = game.scenario().sides[static_cast<std::size_t>(game.phasing_side())];
    heading_->setText(tr("%1, turn %2 (%3): what the rules require now").arg(qs(side.name)).arg(game.clock().turn).arg(qs(game.clock_text())));
    QPalette ink = heading_->palette();
    ink.setColor(QPalette::WindowText, QColor(qs(side.colour)).darker(130));
    heading_->setPalette(ink);

    const std::string& now = game.phase().id;
    QTreeWidgetItem* restore = nullptr;
    QTreeWidgetItem* first_open = nullptr;
    for (const Phase& phase : game.phases()) {
        int open = 0, done = 0;
        for (const Duty& duty : duties_)
            if (duty.phase == phase.id) (duty.done ? done : open) += 1;
        const bool current = phase.id == now;
        const bool passed = phase.id < now;
        QString counts = open + done == 0 ? tr("nothing required") : tr("%1 to do, %2 done").arg(open).arg(done);
        if (passed) counts += tr(" · passed");
        auto* head = new QTreeWidgetItem(list_, {QStringLiteral("%1) %2 — %3").arg(qs(phase.id), qs(phase.name), counts)});
        head->setToolTip(0, qs(phase.section));
        head->setFlags(Qt::ItemIsEnabled | Qt::ItemIsSelectable);
        QFont font = head->font(0);
        font.setBold(current);
        head->setFont(0, font);
        if (current) {
            head->setBackground(0, QColor(0x2b, 0x4c, 0x9b));
            head->setForeground(0, Qt::white);
        } else if (passed) {
            head->setForeground(0, QColor(0x88, 0x88, 0x88));
        }
        for (const Duty& duty : duties_) {
            if (duty.phase != phase.id) continue;
            auto* item = new QTreeWidgetItem(head, {compact(game, duty)});
            item->setData(0, kDutyRole, qs(duty.id));
            // Ticked from the journal only: the box is not the user's to tick.
            item->setFlags(Qt::ItemIsEnabled | Qt::ItemIsSelectable);
            item->setCheckState(0, duty.done ? Qt::Checked : Qt::Unchecked);
            item->setToolTip(0, tr("%1\n%2\nEnter: open the resolver").arg(qs(duty.text), qs(duty.rule)));
            if (duty.done) {
                QFont struck = item->font(0);
                struck.setStrikeOut(true);
                item->setFont(0, struck);
                item->setForeground(0, QColor(0x80, 0x80, 0x80));
            } else if (current && first_open == nullptr) {
                first_open = item;
            }
            if (!duty.done)
                for (const FireTarget& target : duty.targets) {
                    auto* t = new QTreeWidgetItem(item, {tr("→ %1 %2: %3 mm, band %4").arg(qs(target.unit), qs(target.name))
                                                             .arg(target.range_mm, 0, 'f', 0)
                                                             .arg(qs(target.band))});
                    t->setData(0, kDutyRole, qs(duty.id));
                    t->setData(0, kTargetRole, qs(target.unit));
                    t->setToolTip(0, tr("Enter: fire on %1").arg(qs(target.unit)));
                    if (qs(duty.id) == current_id && qs(target.unit) == current_target) restore = t;
                }
            if (qs(duty.id) == current_id && current_target.isEmpty()) restore = item;
        }
        head->setExpanded(!passed || open > 0);
    }
    if (restore == nullptr) restore = first_open;
    if (restore != nullptr) {
        list_->setCurrentItem(restore);
        list_->scrollToItem(restore);
    } else {
        detail_->clear();
    }
    emit summaryChanged(summary());
}

void DutiesPanel::activate(QTreeWidgetItem* item) {
    const Duty* duty = dutyOf(item);
    if (duty == nullptr) return;
    last_activated_ = qs(duty->id);
    emit dutyActivated(*duty, ss(item->data(0, kTargetRole).toString()));
}

bool DutiesPanel::activateNextOpen() {
    if (!document_.hasGame()) return false;
    const std::string& now = document_.game().phase().id;
    std::vector<QTreeWidgetItem*> open;
    for (int p = 0; p < list_->topLevelItemCount(); ++p) {
        QTreeWidgetItem* phase = list_->topLevelItem(p);
        for (int c = 0; c < phase->childCount(); ++c)
            if (const Duty* duty = dutyOf(phase->child(c)); duty != nullptr && !duty->done && duty->phase == now)
                open.push_back(phase->child(c));
    }
    if (open.empty()) return false;
    // The one after the current item, round the list: J walks through what is still to do.
    QTreeWidgetItem* current = list_->currentItem();
    if (current != nullptr && current->data(0, kTargetRole).isValid() && current->parent() != nullptr) current = current->parent();
    QTreeWidgetItem* next = open.front();
    for (std::size_t i = 0; i < open.size(); ++i)
        if (open[i] == current) {
            // The current item itself first, unless it was the last one opened.
            next = current->data(0, kDutyRole).toString() == last_activated_ ? open[(i + 1) % open.size()] : current;
            break;
        }
    list_->setCurrentItem(next);
    list_->scrollToItem(next);
    activate(next);
    return true;
}

}  // namespace fortuna::app
