// SPDX-License-Identifier: MIT
// The journal: every applied action with its rolls and the explanation citing the tables.
#include "journal_dock.hpp"

#include <QListWidget>
#include <QSplitter>
#include <QTextBrowser>
#include <QVBoxLayout>

#include "game_document.hpp"
#include "qt_text.hpp"

namespace fortuna::app {

using namespace Qt::StringLiterals;

JournalPanel::JournalPanel(GameDocument& document, QWidget* parent) : QWidget(parent), document_(document) {
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(2, 2, 2, 2);
    auto* split = new QSplitter(Qt::Vertical, this);
    list_ = new QListWidget(split);
    // One line an entry, all of one height: a long game's list is not laid out again line by
    // line when an action adds one (the whole entry is in its tooltip and the detail below).
    list_->setUniformItemSizes(true);
    list_->setTextElideMode(Qt::ElideRight);
    list_->setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    detail_ = new QTextBrowser(split);
    split->setStretchFactor(0, 3);
    split->setStretchFactor(1, 2);
    layout->addWidget(split);
    connect(&document_, &GameDocument::positionChanged, this, &JournalPanel::refresh);
    connect(&document_, &GameDocument::gameReplaced, this, [this] {
        list_->clear();  // another game's lines: none of them stands
        shown_ = {};
        refresh();
    });
    connect(list_, &QListWidget::currentRowChanged, this, &JournalPanel::showEntry);
    refresh();
}

int JournalPanel::entries() const { return list_->count(); }

void JournalPanel::addEntry(const QString& text) {
    auto* item = new QListWidgetItem(text, list_);
    item->setToolTip(text);
}

namespace {
QString entry_text(const Game& game, const AppliedAction& action) {
    const QString clock = qs(format_clock(game.scenario().start + (action.clock.turn - 1) * game.rules().turn_minutes));
    QString rolls;
    for (const ActionRoll& roll : action.rolls)
        rolls += QStringLiteral(" [%1%2%3]").arg(qs(format_roll(roll.roll.kind, roll.roll.value)),
                                                  roll.roll.source == RollSource::Entered ? u" typed"_s : QString(),
                                                  roll.reused ? u" kept"_s : QString());
    return QStringLiteral("#%1 %2 %3%4").arg(action.seq).arg(clock, qs(action.summary), rolls);
}
}  // namespace

void JournalPanel::refresh() {
    if (!document_.hasGame()) {
        list_->clear();
        shown_ = {};
        return;
    }
    const Game& game = document_.game();
    const auto& history = game.history();
    // One action applied on what is shown, nothing undone: its line is added (a long game's
    // journal is not laid out again after every action).
    const bool one_more = game.redo_stack().empty() && shown_.undone == 0 && history.size() == shown_.applied + 1 &&
                          list_->count() == static_cast<int>(shown_.applied) &&
                          (shown_.applied == 0 || history[shown_.applied - 1].seq == shown_.last_seq);
    if (!one_more) {
        list_->clear();
        for (const AppliedAction& action : history) addEntry(entry_text(game, action));
        for (auto it = game.redo_stack().rbegin(); it != game.redo_stack().rend(); ++it) {
            auto* item = new QListWidgetItem(QStringLiteral("(undone) #%1 %2").arg(it->seq).arg(qs(it->summary)), list_);
            item->setForeground(QColor(0x99, 0x99, 0x99));
        }
    } else {
        addEntry(entry_text(game, history.back()));
    }
    shown_ = {history.size(), game.redo_stack().size(), history.empty() ? 0 : history.back().seq};
    if (!history.empty()) list_->setCurrentRow(static_cast<int>(history.size()) - 1);
    list_->scrollToBottom();
}

void JournalPanel::showEntry(int row) {
    if (!document_.hasGame() || row < 0) return detail_->clear();
    const Game& game = document_.game();
    const AppliedAction* action = nullptr;
    if (row < static_cast<int>(game.history().size())) action = &game.history()[static_cast<std::size_t>(row)];
    else {
        const std::size_t back = static_cast<std::size_t>(row) - game.history().size();
        if (back < game.redo_stack().size()) action = &game.redo_stack()[game.redo_stack().size() - 1 - back];
    }
    if (!action) return detail_->clear();
    QString html = QStringLiteral("<p><b>#%1 %2</b></p><ol>").arg(action->seq).arg(qs(action->summary).toHtmlEscaped());
    for (const std::string& line : action->explanation) html += u"<li>"_s + qs(line).toHtmlEscaped() + u"</li>"_s;
    html += u"</ol><p style='color:#666'>"_s + verbatim(action->input.dump()).toHtmlEscaped() + u"</p>"_s;
    detail_->setHtml(html);
}

}  // namespace fortuna::app
