// SPDX-License-Identifier: MIT
// The desk for any rule system behind the seam (session_desk.hpp).
#include "session_desk.hpp"

#include <QFileDialog>
#include <QFileInfo>
#include <QCloseEvent>
#include <QHBoxLayout>
#include <QInputDialog>
#include <QKeyEvent>
#include <QKeySequence>
#include <QLabel>
#include <QLineEdit>
#include <QListWidget>
#include <QPainter>
#include <QPolygonF>
#include <QPlainTextEdit>
#include <QScrollArea>
#include <QShortcut>
#include <QSplitter>
#include <QTimer>
#include <QUndoCommand>
#include <QUndoStack>
#include <QVBoxLayout>

#include <algorithm>
#include <cmath>
#include <random>
#include <system_error>

#include <spdlog/spdlog.h>

#include "fortuna/core/errors.hpp"
#include "fortuna/seam/library.hpp"
#include "fortuna/core/game_files.hpp"
#include "fortuna/analysis/session_opponent.hpp"
#ifdef FORTUNA_HAVE_SHEETS
#include "fortuna/sheets/content_sheet.hpp"
#endif
#include "odds_bars.hpp"
#include "qt_text.hpp"
#include "session_panels.hpp"

#ifdef FORTUNA_HAVE_COMPANION
#include "companion_dialog.hpp"
#include "table_game.hpp"
#endif

namespace fortuna::app {

namespace {

using namespace Qt::StringLiterals;

// One applied action on the undo stack: applied before it is pushed (a refusal never reaches the
// stack), undone and redone by the session, which keeps its rolls: redo never re-rolls.
class SessionCommand : public QUndoCommand {
public:
    SessionCommand(GameSession& session, const QString& text, std::function<void()> changed)
        : QUndoCommand(text), session_(session), changed_(std::move(changed)) {}
    void undo() override {
        session_.undo();
        changed_();
    }
    void redo() override {
        if (first_) {
            first_ = false;  // already applied when it was pushed
        } else {
            session_.redo();
        }
        changed_();
    }

private:
    GameSession& session_;
    std::function<void()> changed_;
    bool first_ = true;
};

}  // namespace

SessionBoard::SessionBoard(const GameSession& session, QWidget* parent) : QWidget(parent), session_(session) {
    setMinimumSize(320, 200);
    setAccessibleName(tr("Board"));
}

void SessionBoard::paintEvent(QPaintEvent*) {
    QPainter painter(this);
    painter.setRenderHint(QPainter::Antialiasing);
    painter.fillRect(rect(), QColor(0xe8, 0xe4, 0xd0));
    const TableSize table = session_.table();
    if (table.width_cm <= 0 || table.depth_cm <= 0) {
        painter.drawText(rect(), Qt::AlignCenter, tr("This rule system draws no board yet: the position is in words on the right."));
        return;
    }
    const double scale = std::min((width() - 20) / table.width_cm, (height() - 20) / table.depth_cm);
    painter.translate(10, 10);
    painter.setPen(QPen(Qt::darkGray, 1));
    painter.drawRect(QRectF(0, 0, table.width_cm * scale, table.depth_cm * scale));
    // The ground first, each kind in the colours of a printed map; its name beside it.
    QFont small = font();
    small.setPointSizeF(std::max(6.0, small.pointSizeF() * 0.8));
    painter.setFont(small);
    for (const Ground& ground : session_.ground()) {
        QPolygonF outline;
        for (const auto& [x, y] : ground.outline) outline << QPointF(x * scale, y * scale);
        const bool objective = ground.kind == "objective";
        const QColor fill = companion::session_ground_colour(ground.kind);
        painter.setPen(QPen(fill.darker(140), 1));
        painter.setBrush(fill);
        painter.drawPolygon(outline);
        painter.setPen(QColor(0x40, 0x40, 0x40));
        const QRectF box = outline.boundingRect();
        painter.drawText(objective ? box.topRight() + QPointF(2, 0) : box.topLeft() + QPointF(2, small.pointSizeF() + 2), qs(ground.name));
    }
    if (panels_ != nullptr) panels_->paintUnderPieces(painter, scale);
    const std::vector<Piece> pieces = session_.pieces();
    for (const Piece& piece : pieces) companion::paint_session_piece(painter, piece, scale);
    companion::paint_session_labels(painter, pieces, scale);
    if (panels_ != nullptr) panels_->paintOverPieces(painter, scale);
}

SessionDesk::SessionDesk(std::unique_ptr<GameSession> session, const QString& save_path, QWidget* parent)
    : QWidget(parent), session_(std::move(session)), save_path_(save_path) {
    setWindowTitle(qs(session_->scenario_name()) + u" - "_s + qs(session_->system().name()) + u" - Fortuna Belli"_s);
    if (!save_path_.isEmpty()) saved_lines_ = session_->journal().size();
    undo_ = new QUndoStack(this);
    board_ = new SessionBoard(*session_, this);
    board_->setFocusPolicy(Qt::StrongFocus);
    state_ = new QPlainTextEdit(this);
    state_->setReadOnly(true);
    state_->setAccessibleName(tr("Position"));
    journal_ = new QListWidget(this);
    journal_->setAccessibleName(tr("Journal"));
    journal_->setWordWrap(true);
    journal_->setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    action_line_ = new QLineEdit(this);
    action_line_->setAccessibleName(tr("Action"));
    action_line_->setPlaceholderText(tr("An action in the journal's words, then Enter; N: the opponent's next action"));
    roll_line_ = new QLineEdit(this);
    roll_line_->setAccessibleName(tr("Roll"));
    roll_line_->setPlaceholderText(tr("The roll typed, or empty: the desk throws"));
    roll_line_->setEnabled(false);
    status_ = new QLabel(this);
    status_->setWordWrap(true);
    // The odds of the action in the line before its roll, drawn as the land desk's Combat dock draws them.
    odds_box_ = new QWidget(this);
    odds_box_->setAccessibleName(tr("Odds before the roll"));
    odds_layout_ = new QVBoxLayout(odds_box_);
    odds_words_ = new QLabel(odds_box_);
    odds_words_->setWordWrap(true);
    odds_layout_->addWidget(odds_words_);
    // The groups side by side (a melee: the attacker's hits, the defender's, who loses).
    odds_columns_ = new QHBoxLayout;
    odds_layout_->addLayout(odds_columns_);
    odds_layout_->addStretch(1);
    auto* odds_scroll = new QScrollArea(this);
    odds_scroll->setWidget(odds_box_);
    odds_scroll->setWidgetResizable(true);
    preview_timer_ = new QTimer(this);
    preview_timer_->setSingleShot(true);
    preview_timer_->setInterval(150);
    connect(preview_timer_, &QTimer::timeout, this, &SessionDesk::previewLine);
    connect(action_line_, &QLineEdit::textChanged, this, [this] {
        preview_valid_ = false;
        preview_timer_->start();
    });

    duties_ = new QListWidget(this);
    duties_->setAccessibleName(tr("Duties"));
    duties_->setWordWrap(true);
    duties_->setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    duties_->setToolTip(tr("What the side acting may or must do now, in the rules' order: J, Enter or a double-click puts it in the action line"));
    connect(duties_, &QListWidget::itemActivated, this, [this](QListWidgetItem* item) { dutyIntoLine(duties_->row(item)); });
    // The system's own panels: a bar over the board, panels under the position.
    panels_ = make_session_panels(*this);
    board_->setPanels(panels_.get());
    auto* right = new QSplitter(Qt::Vertical, this);
    right->addWidget(state_);
    for (QWidget* panel : panels_->sidePanels()) right->addWidget(panel);
    right->addWidget(duties_);
    right->addWidget(journal_);
    // The odds under the board: a table of Game Of Kings (6 ft x 2 ft 6 in) or Clausewitz leaves
    // the board's lower part free at a desk's proportions.
    auto* left = new QSplitter(Qt::Vertical, this);
    left->addWidget(board_);
    left->addWidget(odds_scroll);
    left->setStretchFactor(0, 3);
    left->setStretchFactor(1, 2);
    left->setSizes({460, 220});
    auto* split = new QSplitter(Qt::Horizontal, this);
    split->addWidget(left);
    split->addWidget(right);
    split->setStretchFactor(0, 3);
    split->setStretchFactor(1, 2);
    auto* layout = new QVBoxLayout(this);
    if (QWidget* bar = panels_->topBar()) layout->addWidget(bar);
    layout->addWidget(split, 1);
    auto* lines = new QHBoxLayout;
    lines->addWidget(action_line_, 3);
    lines->addWidget(roll_line_, 1);
    layout->addLayout(lines);
    layout->addWidget(status_);
    setTabOrder(action_line_, roll_line_);

    connect(action_line_, &QLineEdit::returnPressed, this, &SessionDesk::submitLine);
    connect(roll_line_, &QLineEdit::returnPressed, this, &SessionDesk::submitLine);
    action_line_->installEventFilter(this);
    roll_line_->installEventFilter(this);
    auto key = [this](const QKeySequence& sequence, auto slot) {
        auto* shortcut = new QShortcut(sequence, this);
        shortcut->setContext(Qt::WindowShortcut);
        connect(shortcut, &QShortcut::activated, this, slot);
    };
    key(QKeySequence::Undo, [this] { undo_->undo(); });
    key(QKeySequence(u"Ctrl+Shift+Z"_s), [this] { undo_->redo(); });
    key(QKeySequence::Save, [this] {
        const QString file = save_path_.isEmpty()
                                 ? QFileDialog::getSaveFileName(this, tr("Save the game"), QString(), tr("Saved games (*.json);;All files (*)"))
                                 : save_path_;
        if (!file.isEmpty()) saveTo(file);
    });
    key(QKeySequence(u"Ctrl+W"_s), [this] { close(); });
    key(QKeySequence::Print, [this] {
        const std::vector<std::string> kinds = session_->sheet_kinds();
        if (kinds.empty()) return say(tr("%1 prints no sheets yet.").arg(qs(session_->system().name())), true);
        QStringList titles;
        for (const auto& kind : kinds) titles << qs(session_->sheet(kind).title);
        bool chosen = false;
        const QString title = QInputDialog::getItem(this, tr("Print a sheet"), tr("Sheet:"), titles, 0, false, &chosen);
        if (!chosen) return;
        const QString pdf = QFileDialog::getSaveFileName(this, tr("Write a sheet as a PDF file"), QString(), tr("PDF files (*.pdf)"));
        if (pdf.isEmpty()) return;
        const QString refusal = exportSheet(kinds[static_cast<std::size_t>(std::max<qsizetype>(0, titles.indexOf(title)))], pdf);
        say(refusal.isEmpty() ? tr("Wrote %1 to %2").arg(title, pdf) : refusal, !refusal.isEmpty());
    });
#ifdef FORTUNA_HAVE_COMPANION
    // The table companion for this desk's game: the players' phones, as Game > Table Companion
    // serves the land desk's.
    key(QKeySequence(u"Ctrl+Shift+C"_s), [this] { showCompanionDialog(sessionCompanionSource(*this), this); });
#endif
    auto* next = new QShortcut(QKeySequence(u"N"_s), this);
    next->setContext(Qt::WindowShortcut);
    // N types an N in the action or roll line when it has the focus; elsewhere it asks the opponent.
    connect(next, &QShortcut::activated, this, [this] {
        if (action_line_->hasFocus() || roll_line_->hasFocus()) {
            (action_line_->hasFocus() ? action_line_ : roll_line_)->insert(u"N"_s);
            return;
        }
        opponentStep();
    });
    // J: the first duty into the line (a compulsory one comes first in the list).
    auto* duty = new QShortcut(QKeySequence(u"J"_s), this);
    duty->setContext(Qt::WindowShortcut);
    connect(duty, &QShortcut::activated, this, [this] {
        if (action_line_->hasFocus() || roll_line_->hasFocus()) {
            (action_line_->hasFocus() ? action_line_ : roll_line_)->insert(u"J"_s);
            return;
        }
        dutyIntoLine(duties_->currentRow() > 0 && duties_->hasFocus() ? duties_->currentRow() : 0);
    });
    // Shift+N: the opponent's next action into the line, its odds drawn, for the umpire to roll.
    auto* into_line = new QShortcut(QKeySequence(u"Shift+N"_s), this);
    into_line->setContext(Qt::WindowShortcut);
    connect(into_line, &QShortcut::activated, this, [this] {
        if (action_line_->hasFocus() || roll_line_->hasFocus()) {
            (action_line_->hasFocus() ? action_line_ : roll_line_)->insert(u"N"_s);
            return;
        }
        proposalIntoLine();
    });

    // Nothing applied is lost: a journal in the recovery folder takes every action as it applies.
    try {
        // A folder of the system's own: the land desk's recovery offer reads only land journals.
        const std::filesystem::path folder = recovery_dir() / session_->system().id();
        std::filesystem::create_directories(folder);
        recovery_ = folder / (session_->scenario_id() + "-" + std::to_string(session_->seed()) + ".journal");
        session_->attach_journal(recovery_);
    } catch (const std::exception& error) {
        recovery_.clear();
        spdlog::warn("no recovery journal for {}: {}", session_->scenario_id(), error.what());
        say(tr("No recovery journal could be written (%1): save often.").arg(qs(error.what())), true);
    }
    refresh();
}

SessionDesk::~SessionDesk() = default;

void SessionDesk::closeEvent(QCloseEvent* event) {
    // A game saved since its last action needs its recovery journal no more; unsaved work keeps it,
    // to be opened again (File > Open, the journal) after the window or the program is gone.
    if (!recovery_.empty() && saved_lines_ == session_->journal().size()) {
        std::error_code ignored;
        std::filesystem::remove(recovery_, ignored);
    }
    QWidget::closeEvent(event);
}

bool SessionDesk::eventFilter(QObject* watched, QEvent* event) {
    // Ctrl+Z in the action line undoes its typing while it has any; then it undoes the game, as
    // everywhere else in the desk. Esc leaves the line for the board.
    if (watched == action_line_ && event->type() == QEvent::ShortcutOverride) {
        auto* key = static_cast<QKeyEvent*>(event);
        if (key->matches(QKeySequence::Undo) && !action_line_->isUndoAvailable()) return true;
        if ((key->matches(QKeySequence::Redo) || key->keyCombination() == QKeyCombination(Qt::ControlModifier | Qt::ShiftModifier, Qt::Key_Z)) &&
            !action_line_->isRedoAvailable())
            return true;
    }
    // J in the empty action line (Enter has just applied the last action) is the next duty:
    // J, Enter, J, Enter walks the turn without leaving the line.
    if (watched == action_line_ && event->type() == QEvent::KeyPress && action_line_->text().isEmpty()) {
        auto* key = static_cast<QKeyEvent*>(event);
        if (key->key() == Qt::Key_J && (key->modifiers() & ~Qt::KeypadModifier) == Qt::NoModifier) {
            dutyIntoLine(0);
            return true;
        }
    }
    if ((watched == action_line_ || watched == roll_line_) && event->type() == QEvent::KeyPress &&
        static_cast<QKeyEvent*>(event)->key() == Qt::Key_Escape) {
        board_->setFocus();
        return true;
    }
    return QWidget::eventFilter(watched, event);
}

void SessionDesk::say(const QString& text, bool refusal) {
    status_->setText(text);
    status_->setStyleSheet(refusal ? u"color: #a00000;"_s : QString());
}

void SessionDesk::refresh() {
    QStringList lines;
    for (const auto& line : session_->state_lines()) lines << qs(line);
    const SessionOutcome outcome = session_->outcome();
    if (outcome.over) lines << QString() << tr("Decided: %1").arg(qs(outcome.reason));
    state_->setPlainText(lines.join(u'\n'));
    journal_->clear();
    for (const auto& line : session_->journal()) {
        QString text = u"#"_s + QString::number(line.value("seq", 0)) + u" "_s + qs(line.value("summary", std::string()));
        if (line.contains("why") && line["why"].is_string()) text += u"\n      "_s + qs("why: " + line["why"].get<std::string>());
        journal_->addItem(text);
    }
    journal_->scrollToBottom();
    duties_->clear();
    duty_actions_.clear();
    if (!outcome.over) {
        for (const SessionDuty& duty : session_->duties()) {
            auto* item = new QListWidgetItem((duty.compulsory ? tr("must: ") : QString()) + qs(duty.words), duties_);
            if (duty.compulsory) {
                QFont bold = item->font();
                bold.setBold(true);
                item->setFont(bold);
            }
            duty_actions_.push_back(duty.action);
        }
    }
    if (duties_->count() == 0) duties_->addItem(outcome.over ? tr("The battle is decided.") : tr("This rule system lists no duties: type an action, or N for the opponent's."));
    panels_->refresh();
    board_->update();
    previewLine();  // the odds of the action in the line, in the new position
    emit positionChanged();
}

QString SessionDesk::perform(const nlohmann::json& action) {
    try {
        const Happened happened = session_->apply(action);
        undo_->push(new SessionCommand(*session_, u"#"_s + QString::number(happened.seq) + u" "_s + qs(happened.summary), [this] { refresh(); }));
        QString text = qs(happened.summary);
        for (const auto& step : happened.explanation) text += u"\n  "_s + qs(step);
        say(text, false);
        return {};
    } catch (const RuleError& refusal) {
        last_refusal_ = refusal.what();
        say(tr("Refused: %1").arg(qs(refusal.what())), true);
        return qs(refusal.what());
    } catch (const DataError& refusal) {
        last_refusal_ = refusal.what();
        say(tr("Refused: %1").arg(qs(refusal.what())), true);
        return qs(refusal.what());
    } catch (const nlohmann::json::exception& refusal) {
        last_refusal_ = refusal.what();
        say(tr("Refused: %1").arg(qs(refusal.what())), true);
        return qs(refusal.what());
    } catch (const std::system_error& failure) {
        // The journal could not take the line: the action was not applied.
        last_refusal_ = failure.what();
        say(tr("Not applied: %1").arg(qs(failure.what())), true);
        return qs(failure.what());
    }
}

QString SessionDesk::dutyIntoLine(int row) {
    if (row < 0 || static_cast<std::size_t>(row) >= duty_actions_.size()) {
        const QString text = tr("No duty to put in the line at %1").arg(qs(session_->clock_label()));
        say(text, true);
        return text;
    }
    duties_->setCurrentRow(row);
    action_line_->setText(verbatim(duty_actions_[static_cast<std::size_t>(row)].dump()));
    previewLine();
    // A move's place is the umpire's to measure: the line is theirs to edit before Enter.
    action_line_->setFocus();
    say(tr("%1: Enter applies it (Tab to the roll box to type the roll), Esc leaves it").arg(duties_->item(row)->text()), false);
    return {};
}

QString SessionDesk::proposalIntoLine() {
    const int side = session_->acting_side();
    const std::optional<Proposal> proposal = session_->outcome().over || side < 0 ? std::nullopt : session_->propose(side);
    if (!proposal) {
        const QString text = tr("The programmed opponent has nothing to propose at %1").arg(qs(session_->clock_label()));
        say(text, true);
        return text;
    }
    // The reason goes with the action into the journal ("why"), as N's would.
    nlohmann::json action = proposal->action;
    action["why"] = proposal->reason;
    action_line_->setText(verbatim(action.dump()));
    previewLine();
    action_line_->setFocus();
    say(tr("Proposed: %1 (Enter applies it, Tab types its roll)").arg(qs(proposal->reason)), false);
    return {};
}

QString SessionDesk::opponentStep() {
    if (session_->outcome().over) {
        say(tr("The battle is decided: %1").arg(qs(session_->outcome().reason)), false);
        return {};
    }
    // The library's one step (session_opponent.hpp): refusals go back to the opponent, who tries
    // its next proposal; the desk only pushes what was applied and says why.
    const OpponentStep step = opponent_step(*session_, session_->acting_side());
    if (step.applied()) {
        const Happened& happened = *step.happened;
        undo_->push(new SessionCommand(*session_, u"#"_s + QString::number(happened.seq) + u" "_s + qs(happened.summary), [this] { refresh(); }));
        say(qs(happened.summary) + u"\n  "_s + qs("why: " + step.reason), false);
        return {};
    }
    const QString text = step.result == OpponentStep::Result::NothingToPropose
                             ? tr("The programmed opponent has nothing to propose at %1").arg(qs(session_->clock_label()))
                             : qs(step.reason);
    say(text, true);
    return text;
}

void SessionDesk::clearOdds(const QString& words) {
    for (QWidget* column : odds_column_widgets_) delete column;
    odds_column_widgets_.clear();
    odds_rows_.clear();
    odds_words_->setText(words);
    roll_line_->setEnabled(false);
    roll_line_->setPlaceholderText(tr("The roll typed, or empty: the desk throws"));
}

std::vector<std::pair<QString, Distribution>> SessionDesk::shownOdds() const {
    std::vector<std::pair<QString, Distribution>> shown;
    for (const auto& [title, bars] : odds_rows_) shown.emplace_back(title->text(), bars->distribution());
    return shown;
}

void SessionDesk::previewLine() {
    preview_timer_->stop();
    preview_valid_ = false;
    preview_ = ActionPreview{};
    const QString text = action_line_->text().trimmed();
    if (text.isEmpty()) {
        clearOdds(tr("Type an action to see the odds of its roll before it is thrown."));
        return;
    }
    nlohmann::json action;
    try {
        action = parse_json_text(ss(text), "the action line");
    } catch (const DataError&) {
        clearOdds(tr("(the action is not complete JSON yet)"));
        return;
    }
    if (action.is_object()) {
        // Who asked and why are the journal's words about the action, not a part of it.
        action.erase("by");
        action.erase("why");
    }
    try {
        preview_ = session_->preview(action);
    } catch (const std::exception& refusal) {
        clearOdds(tr("Refused before the roll: %1").arg(qs(refusal.what())));
        return;
    }
    preview_valid_ = true;
    QString words = qs(preview_.summary);
    if (!preview_.unavailable.empty()) words += u"\n"_s + qs(preview_.unavailable);
    else if (preview_.odds.empty()) words += u"\n"_s + tr("No roll: nothing is left to chance.");
    clearOdds(words);
    if (!preview_.roll_kind.empty()) {
        roll_line_->setEnabled(true);
        roll_line_->setPlaceholderText(tr("The roll (%1) typed, or empty: the desk throws").arg(qs(preview_.roll_kind)));
    }
    // One set of bars a group of outcomes that exclude each other: the words before ": ".
    std::vector<std::pair<std::string, Distribution>> groups;
    for (const OutcomeChance& chance : preview_.odds) {
        const auto cut = chance.outcome.find(": ");
        const std::string group = cut == std::string::npos ? std::string() : chance.outcome.substr(0, cut);
        const std::string outcome = cut == std::string::npos ? chance.outcome : chance.outcome.substr(cut + 2);
        auto it = std::find_if(groups.begin(), groups.end(), [&](const auto& g) { return g.first == group; });
        if (it == groups.end()) it = groups.insert(groups.end(), {group, Distribution{}});
        it->second.emplace_back(outcome, Probability{chance.numerator, chance.denominator});
    }
    for (const auto& [group, distribution] : groups) {
        auto* column = new QWidget(odds_box_);
        auto* stack = new QVBoxLayout(column);
        stack->setContentsMargins(0, 0, 0, 0);
        auto* title = new QLabel(group.empty() ? tr("Outcomes") : qs(group), column);
        QFont bold = title->font();
        bold.setBold(true);
        title->setFont(bold);
        auto* bars = new OddsBars(column);
        bars->setDistribution(distribution);
        stack->addWidget(title);
        stack->addWidget(bars);
        stack->addStretch(1);
        odds_columns_->addWidget(column, 1);
        odds_column_widgets_.push_back(column);
        odds_rows_.emplace_back(title, bars);
    }
}

void SessionDesk::submitLine() {
    const QString text = action_line_->text().trimmed();
    if (text.isEmpty()) return;
    nlohmann::json action;
    try {
        action = parse_json_text(ss(text), "the action line");
    } catch (const DataError& error) {
        say(tr("Not an action in the journal's words: %1").arg(qs(error.what())), true);
        return;  // the text stays in the line
    }
    const QString roll = roll_line_->text().trimmed();
    if (!roll.isEmpty()) {
        // The roll typed goes where the preview of this very action says (its slot, its kind).
        if (!preview_valid_) previewLine();
        if (!preview_valid_ || preview_.roll_kind.empty()) {
            say(tr("Refused: this action has no one roll to type; leave the roll box empty and the desk throws"), true);
            return;
        }
        try {
            action[preview_.roll_slot.empty() ? std::string("roll") : preview_.roll_slot] = session_->entered_roll(preview_.roll_kind, nlohmann::json(ss(roll)));
        } catch (const RuleError& refusal) {
            say(tr("Refused: the roll: %1").arg(qs(refusal.what())), true);
            return;
        }
    }
    if (perform(action).isEmpty()) {
        action_line_->clear();
        action_line_->setText(QString());  // a fresh line: its own undo history goes with the action applied
        roll_line_->clear();
        action_line_->setFocus();
    }
}

QString SessionDesk::exportSheet(const std::string& kind, const QString& pdf) {
#ifdef FORTUNA_HAVE_SHEETS
    try {
        const QString origin = save_path_.isEmpty() ? qs(session_->scenario_id()) : QFileInfo(save_path_).fileName();
        sheets::write_content_pdf(session_->sheet(kind), pdf, sheets::PlanPaper::A4, origin);
        return {};
    } catch (const std::exception& error) {
        return tr("The sheet could not be printed: %1").arg(qs(error.what()));
    }
#else
    Q_UNUSED(kind);
    Q_UNUSED(pdf);
    return tr("This build has no printed sheets.");
#endif
}

bool SessionDesk::saveTo(const QString& file) {
    try {
        session_->save(ss(file));
        save_path_ = file;
        saved_lines_ = session_->journal().size();
        say(tr("Saved %1").arg(file), false);
        return true;
    } catch (const std::exception& error) {
        say(tr("Not saved: %1 (the game is still here and in its journal)").arg(qs(error.what())), true);
        return false;
    }
}

SessionDesk* open_session_desk(const std::filesystem::path& file, const RulesLibrary& library, QWidget* parent) {
    const ClaimedFile claimed = claim_file_or_refuse(file);
    std::random_device device;
    const std::uint64_t seed = (static_cast<std::uint64_t>(device()) << 32) | device();
    auto session = claimed.system->open_game(library, file, claimed, seed);
    const bool save = claimed.format.ends_with("-save");
    auto* desk = new SessionDesk(std::move(session), save ? qs(file.string()) : QString(), parent);
    desk->setWindowFlag(Qt::Window);
    desk->setAttribute(Qt::WA_DeleteOnClose);
    desk->resize(1200, 700);
    desk->show();
    return desk;
}

}  // namespace fortuna::app
