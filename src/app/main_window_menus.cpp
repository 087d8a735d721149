// SPDX-License-Identifier: MIT
// The main window's menus and their actions, keys included (File, Edit, View, Game, Computer,
// Tools, Help); the window itself is main_window.cpp.
#include "main_window.hpp"

#include <QAction>
#include <QTreeWidget>
#include <QSettings>
#include <QLabel>
#include <QActionGroup>
#include <QApplication>
#include <QFileDialog>
#include <QHBoxLayout>
#include <QKeyEvent>
#include <QLineEdit>
#include <QMenu>
#include <QMenuBar>
#include <QMessageBox>
#include <QStatusBar>
#include <QToolBar>
#include <QUndoStack>

#include <filesystem>

#include "battle_lab_dialog.hpp"
#include "duties_dock.hpp"
#include "combat_dock.hpp"
#include "desk_focus.hpp"
#include "board_scene.hpp"
#include "board_view.hpp"
#ifdef FORTUNA_HAVE_COMPANION
#include "companion_dialog.hpp"
#endif
#include "editor/kings_editor.hpp"
#include "editor/scenario_editor.hpp"
#include "export_actions.hpp"
#include "game_document.hpp"
#include "opponent_desk.hpp"
#include "qt_text.hpp"
#include "turn_bar.hpp"

#ifdef FORTUNA_HAVE_SHEETS
#include "fortuna/land/system.hpp"
#include "print_actions.hpp"
#endif

namespace fortuna::app {

using namespace Qt::StringLiterals;

namespace {

// Up and Down walk through the commands already typed, as in a shell.
class CommandHistoryFilter : public QObject {
public:
    CommandHistoryFilter(QStringList& history, int& at, QObject* parent) : QObject(parent), history_(history), at_(at) {}
    bool eventFilter(QObject* watched, QEvent* event) override {
        if (event->type() != QEvent::KeyPress) return false;
        auto* key = static_cast<QKeyEvent*>(event);
        auto* edit = static_cast<QLineEdit*>(watched);
        if (key->key() == Qt::Key_Up && !history_.isEmpty()) {
            at_ = std::max(0, at_ - 1);
            edit->setText(history_[at_]);
            return true;
        }
        if (key->key() == Qt::Key_Down && !history_.isEmpty()) {
            at_ = std::min(static_cast<int>(history_.size()), at_ + 1);
            edit->setText(at_ < history_.size() ? history_[at_] : QString());
            return true;
        }
        return false;
    }

private:
    QStringList& history_;
    int& at_;
};

}  // namespace

void MainWindow::openScenarioEditor(const QString& file) {
    ScenarioEditor* editor = open_scenario_editor(library_, this);
    const auto play = [this](const QString& battle) {
        if (openFile(battle)) {
            raise();
            activateWindow();
        }
    };
    connect(editor, &ScenarioEditor::playRequested, this, play);
    // A Game Of Kings battle goes to an editor of its own: its Play opens the battle here too.
    connect(editor, &ScenarioEditor::kingsEditorOpened, this, [this, play](KingsEditor* kings) { connect(kings, &KingsEditor::playRequested, this, play); });
    if (file.isEmpty()) {
        if (!editor->newBattle()) editor->close();
    } else if (!editor->openScenario(file)) {
        editor->close();
    }
}

void MainWindow::buildActions() {
    // ---------------------------------------------------------------- File
    file_menu_ = menuBar()->addMenu(tr("&File"));
    file_menu_->addAction(tr("&Open…"), QKeySequence::Open, this, &MainWindow::openDialog);
    recent_menu_ = file_menu_->addMenu(tr("Open &Recent"));
    file_menu_->addAction(tr("&Save"), QKeySequence::Save, this, &MainWindow::save);
    file_menu_->addAction(tr("Save &As…"), QKeySequence::SaveAs, this, &MainWindow::saveAs);
    file_menu_->addSeparator();
    // The scenario editor (issue 31, src/app/editor): a window of its own.
    file_menu_->addAction(tr("&New Battle…"), QKeySequence(u"Ctrl+Shift+N"_s), this, [this] { openScenarioEditor(); });
    file_menu_->addAction(tr("Edit Scenar&io…"), this, [this] {
        const QString file = QFileDialog::getOpenFileName(this, tr("Edit a scenario"), qs(library_->data_dir().string() + "/scenarios"),
                                                          tr("Scenarios (*.json);;All files (*)"));
        if (!file.isEmpty()) openScenarioEditor(file);
    });
    QAction* edit_this = file_menu_->addAction(tr("Edit This Battle's Scenario"), this, [this] {
        if (!document_->hasGame()) return;
        // The scenario file the battle came from; its shipped id when that file is not there (moved, or a save's).
        const Scenario& battle = document_->game().scenario();
        std::error_code missing;
        openScenarioEditor(qs(!battle.file.empty() && std::filesystem::is_regular_file(battle.file, missing) ? battle.file : battle.id));
    });
    edit_this->setObjectName(u"editThisScenario"_s);
    file_menu_->addSeparator();
    QAction* recover = file_menu_->addAction(tr("Recover an Unfinished Game…"), this, &MainWindow::offerRecovery);
    recover->setObjectName(u"recover"_s);
#ifdef FORTUNA_HAVE_SHEETS
    file_menu_->addSeparator();
    installPrintActions(file_menu_, this, [this]() -> std::unique_ptr<GameSession> {
        return document_->hasGame() ? land::land_session_view(document_->game()) : nullptr;
    });
#endif
#ifdef FORTUNA_HAVE_REPORT
    QAction* battle_report = file_menu_->addAction(tr("&Battle Report (HTML or PDF)…"), this, [this] {
        if (document_->hasGame()) export_battle_report(this, document_->game(), qs(document_->game().scenario().id) + u"-report"_s);
    });
    battle_report->setObjectName(u"battleReport"_s);
    battle_report->setStatusTip(tr("The battle so far, quarter hour by quarter hour, with a picture of the board for each"));
#endif
    file_menu_->addSeparator();
    file_menu_->addAction(tr("&Quit"), QKeySequence::Quit, this, &QWidget::close);
    rebuildRecentMenu();

    // ---------------------------------------------------------------- Edit
    QMenu* edit = menuBar()->addMenu(tr("&Edit"));
    QAction* undo = document_->undoStack()->createUndoAction(this, tr("&Undo"));
    undo->setShortcuts({QKeySequence::Undo, QKeySequence(u"U"_s)});
    QAction* redo = document_->undoStack()->createRedoAction(this, tr("&Redo"));
    // The platform's Redo, Ctrl+Shift+Z and Ctrl+Y, each once: where the platform's Redo is
    // Ctrl+Y, listing it twice made the key ambiguous, and then neither key redid anything.
    QList<QKeySequence> redo_keys{QKeySequence(QKeySequence::Redo)};
    for (const QKeySequence& key : {QKeySequence(u"Ctrl+Shift+Z"_s), QKeySequence(u"Ctrl+Y"_s)})
        if (!redo_keys.contains(key)) redo_keys << key;
    redo->setShortcuts(redo_keys);
    edit->addAction(undo);
    edit->addAction(redo);
    edit->addSeparator();
    edit->addAction(tr("&Command Line"), QKeySequence(u"Ctrl+L"_s), this, [this] { prefillCommand(QString()); });
    QAction* colon = new QAction(this);
    colon->setShortcuts({QKeySequence(u":"_s), QKeySequence(u"/"_s)});
    connect(colon, &QAction::triggered, this, [this] { prefillCommand(QString()); });
    addAction(colon);
    edit->addAction(tr("Select the Next Unit of the Phasing Side (Tab)"), this, [this] { view_->selectNextOwn(1, false); });
    edit->addAction(tr("Select the Next &Enemy in Reach"), QKeySequence(u"E"_s), this, [this] { view_->selectNextEnemy(1); });
    edit->addAction(tr("Select the Previous Enemy in Reach"), QKeySequence(u"Shift+E"_s), this, [this] { view_->selectNextEnemy(-1); });

    // ---------------------------------------------------------------- View
    view_menu_ = menuBar()->addMenu(tr("&View"));
    view_menu_->addAction(tr("Zoom &In"), QKeySequence::ZoomIn, this, [this] { view_->zoomBy(1.25); })
        ->setShortcuts({QKeySequence::ZoomIn, QKeySequence(u"+"_s), QKeySequence(u"="_s)});
    view_menu_->addAction(tr("Zoom &Out"), QKeySequence::ZoomOut, this, [this] { view_->zoomBy(0.8); })
        ->setShortcuts({QKeySequence::ZoomOut, QKeySequence(u"-"_s)});
    view_menu_->addAction(tr("&Fit the Table"), this, [this] { view_->fitTable(); })
        ->setShortcuts({QKeySequence(u"Ctrl+0"_s), QKeySequence(u"Home"_s)});
    view_menu_->addAction(tr("&True Scale (1:1 on a 96 dpi screen)"), QKeySequence(u"Ctrl+1"_s), this, [this] {
        const double px_per_mm = logicalDpiX() / 25.4;
        view_->zoomBy(px_per_mm / view_->transform().m11());
    });
    QAction* grid = view_menu_->addAction(tr("100 mm &Grid"));
    grid->setCheckable(true);
    grid->setChecked(QSettings().value(u"view/grid"_s, true).toBool());
    grid->setShortcut(QKeySequence(u"G"_s));
    scene_->setGridVisible(grid->isChecked());
    connect(grid, &QAction::toggled, this, [this](bool on) {
        scene_->setGridVisible(on);
        QSettings().setValue(u"view/grid"_s, on);
    });
    QAction* ranges = view_menu_->addAction(tr("&Range Overlays"));
    ranges->setCheckable(true);
    ranges->setChecked(QSettings().value(u"view/ranges"_s, true).toBool());
    ranges->setShortcut(QKeySequence(u"O"_s));
    scene_->setRangesVisible(ranges->isChecked());
    connect(ranges, &QAction::toggled, this, [this](bool on) {
        scene_->setRangesVisible(on);
        QSettings().setValue(u"view/ranges"_s, on);
    });
    view_menu_->addSeparator();

    // ---------------------------------------------------------------- Tools
    QMenu* tools = menuBar()->addMenu(tr("&Tools"));
    tools->addAction(tr("&Select and Move"), QKeySequence(u"S"_s), this, [this] { view_->setTool(BoardView::Tool::Select); });
    tools->addAction(tr("&Ruler (Measure)"), QKeySequence(u"M"_s), this, [this] { view_->setTool(BoardView::Tool::Ruler); });
    tools->addAction(tr("&Line of Sight"), QKeySequence(u"L"_s), this, [this] { view_->setTool(BoardView::Tool::Sight); });
    tools->addSeparator();
    tools->addAction(tr("Measure the Two Selected Units"), QKeySequence(u"D"_s), this, [this] { runCommand(u"d"_s); });
    tools->addAction(tr("Sight Between the Two Selected Units"), QKeySequence(u"V"_s), this, [this] { runCommand(u"los"_s); });

    // ---------------------------------------------------------------- Game
    QMenu* game = menuBar()->addMenu(tr("&Game"));
    next_phase_ = game->addAction(tr("&Next Phase"), QKeySequence(u"N"_s), this, [this] { runCommand(u"n"_s); });
    next_phase_->setToolTip(tr("End this phase and go to the next (N)"));
    game->addSeparator();
    game->addAction(tr("&Combat… (type the roll, Enter)"), QKeySequence(u"C"_s), this, [this] { prefillCommand(u"c "_s); });
    game->addAction(tr("Resolve Combat in the &Resolver"), QKeySequence(u"Ctrl+Return"_s), this, [this] { combat_->resolve(); });
    game->addAction(tr("&Artillery Fire…"), QKeySequence(u"A"_s), this, [this] { prefillCommand(u"a "_s); });
    game->addAction(tr("&Rally…"), QKeySequence(u"R"_s), this, [this] { prefillCommand(u"r "_s); });
    game->addAction(tr("Crisis of &Morale Test…"), QKeySequence(u"K"_s), this, [this] { prefillCommand(u"k "_s); });
    game->addAction(tr("&Move Ahead…"), QKeySequence(u"Shift+M"_s), this, [this] { prefillCommand(u"m "_s); });
    game->addAction(tr("C&harge…"), QKeySequence(u"H"_s), this, [this] { prefillCommand(u"ch "_s); });
    game->addSeparator();
    game->addAction(tr("Form &Line"), QKeySequence(u"Alt+1"_s), this, [this] { applySelectedFormation(u"line"_s); });
    game->addAction(tr("Form C&olumn"), QKeySequence(u"Alt+2"_s), this, [this] { applySelectedFormation(u"column"_s); });
    game->addAction(tr("Form &Square / Hedgehog"), QKeySequence(u"Alt+3"_s), this, [this] { applySelectedFormation(u"square"_s); });
    game->addAction(tr("Wheel Left 45°"), QKeySequence(u"["_s), this, [this] { wheelSelected(-45); });
    game->addAction(tr("Wheel Right 45°"), QKeySequence(u"]"_s), this, [this] { wheelSelected(45); });
    game->addSeparator();
    game->addAction(tr("Bring On &Reinforcements"), this, [this] { runCommand(u"reinf"_s); });
    game->addSeparator();
    game->addAction(tr("&Duties of the Phasing Side"), QKeySequence(u"Ctrl+D"_s), this, [this] {
        raiseDock(u"duties"_s);
        duties_->list()->setFocus(Qt::ShortcutFocusReason);
    });
    game->addAction(tr("Open the Next &Open Duty"), QKeySequence(u"J"_s), this, [this] {
        if (!duties_->activateNextOpen()) report(tr("Nothing left to do in this phase: N for the next"));
    });
    game->addAction(tr("Deliberate Re-roll of the Last Action"), this, [this] { runCommand(u"reroll"_s); });
    game->addSeparator();
    buildComputerMenu(game);
#ifdef FORTUNA_HAVE_COMPANION
    game->addSeparator();
    game->addAction(tr("Table &Companion…"), this, [this] { showCompanionDialog(*document_, this); });
#endif

    // ---------------------------------------------------------------- Help
    QMenu* help = menuBar()->addMenu(tr("&Help"));
    help->addAction(tr("&Keys and Commands"), QKeySequence::HelpContents, this, &MainWindow::showKeys);
    help->addAction(tr("&About Fortuna Belli"), this, &MainWindow::about);

    // The command line: unit codes, modifiers and a roll, then Enter.
    auto* bar = new QToolBar(tr("Command Line"), this);
    bar->setObjectName(u"commandBar"_s);
    bar->setMovable(false);
    // One row that the toolbar never folds away: the line keeps room to type in (two parts of
    // five), a long echo is cut at the window's edge (its whole text is the tooltip and the
    // status line), so neither leaves a laptop's window (user guide, "The window").
    auto* row = new QWidget(bar);
    row->setObjectName(u"commandRow"_s);
    row->setSizePolicy(QSizePolicy::Expanding, QSizePolicy::Preferred);
    auto* line = new QHBoxLayout(row);
    line->setContentsMargins(0, 0, 0, 0);
    auto* label = new QLabel(tr(" Umpire: "), row);
    command_line_ = new QLineEdit(row);
    command_line_->setObjectName(u"commandLine"_s);
    command_line_->setPlaceholderText(tr("? for help   (C, A, R, K, N from the board; : or Ctrl+L to type)"));
    command_line_->setToolTip(tr("The umpire's command line: a command, unit codes, modifiers and a roll, then Enter (? lists them). "
                                 "Up/Down recall earlier commands; Esc goes back to the board."));
    command_line_->setAccessibleName(tr("Umpire's command line"));
    command_line_->setClearButtonEnabled(true);
    command_line_->installEventFilter(new CommandHistoryFilter(history_, history_at_, this));
    command_line_->setMinimumWidth(300);
    label->setBuddy(command_line_);
    command_echo_ = new QLabel(row);
    command_echo_->setObjectName(u"commandEcho"_s);
    command_echo_->setMinimumWidth(200);
    command_echo_->setSizePolicy(QSizePolicy::Ignored, QSizePolicy::Preferred);
    command_echo_->setTextFormat(Qt::RichText);
    command_echo_->setTextInteractionFlags(Qt::TextSelectableByMouse);
    line->addWidget(label);
    line->addWidget(command_line_, 2);
    line->addWidget(command_echo_, 3);
    bar->addWidget(row);
    addToolBar(Qt::BottomToolBarArea, bar);
    connect(command_line_, &QLineEdit::returnPressed, this, [this] {
        const QString text = command_line_->text();
        if (text.trimmed().isEmpty()) return;
        history_.removeAll(text);
        history_ << text;
        history_at_ = static_cast<int>(history_.size());
        const QString error = runCommand(text);
        if (!error.isEmpty()) return;  // the text stays, to be corrected
        command_line_->clear();
        // Done: back to the board, unless the command gave the focus elsewhere (j: a roll box).
        if (command_line_->hasFocus()) view_->setFocus(Qt::OtherFocusReason);
    });
    qApp->installEventFilter(new BoardFocusRules(this, view_, command_line_));

    turn_bar_ = new TurnBar(*document_, next_phase_, this);
    addToolBar(Qt::TopToolBarArea, turn_bar_);
}

void MainWindow::buildComputerMenu(QMenu* game) {
    // The programmed opponent (issue 17): which sides it plays, how fast, and the player's hand on it.
    opponent_ = new OpponentDesk(*document_, *scene_, this);
    QMenu* computer = game->addMenu(tr("Com&puter Plays"));
    // The battle lab (issue 17): many computer-played battles of the open scenario.
    game->addAction(tr("Battle La&b…"), this, [this] {
        if (!document_->hasGame()) return report(tr("Open a scenario first"), true);
        auto* lab = new BattleLabDialog(document_->library(), document_->game().scenario(), this);
        lab->setAttribute(Qt::WA_DeleteOnClose);
        lab->show();
    })->setObjectName(u"battleLab"_s);
    computer->menuAction()->setObjectName(u"computerPlays"_s);
    std::array<QAction*, 2> sides{};
    for (int side = 0; side < 2; ++side) {
        sides[static_cast<std::size_t>(side)] = computer->addAction(QString());
        QAction* action = sides[static_cast<std::size_t>(side)];
        action->setObjectName(QStringLiteral("computerPlaysSide%1").arg(side));
        action->setCheckable(true);
        connect(action, &QAction::triggered, this, [this, side](bool on) { opponent_->setPlays(side, on); });
    }
    QAction* both = computer->addAction(tr("&Both Sides"));
    both->setObjectName(u"computerPlaysBoth"_s);
    both->setCheckable(true);
    connect(both, &QAction::triggered, this, [this](bool on) {
        opponent_->setPlays(0, on);
        opponent_->setPlays(1, on);
    });
    computer->addSeparator();
    QAction* pause = computer->addAction(tr("&Pause / Resume"));
    pause->setObjectName(u"computerPause"_s);
    pause->setShortcut(QKeySequence(u"P"_s));
    pause->setCheckable(true);
    connect(pause, &QAction::triggered, this, [this](bool on) { opponent_->setPaused(on); });
    QAction* step = computer->addAction(tr("&Step: One Action of the Computer"));
    step->setObjectName(u"computerStep"_s);
    step->setShortcut(QKeySequence(u"Shift+P"_s));
    connect(step, &QAction::triggered, this, [this] {
        if (!opponent_->playsAny()) return report(tr("The computer plays no side: Game > Computer Plays"), true);
        if (!opponent_->step() && opponent_->waitingFor().empty() && !opponent_->outcome())
            report(tr("Not the computer's half-turn"));
    });
    computer->addSeparator();
    auto* speeds = new QActionGroup(this);
    const std::pair<OpponentDesk::Speed, QString> speed_names[] = {
        {OpponentDesk::Speed::StepByStep, tr("Step by Step (Only on Step)")},
        {OpponentDesk::Speed::Slow, tr("Slow (One Action a Second)")},
        {OpponentDesk::Speed::Fast, tr("Fast (Five Actions a Second)")},
        {OpponentDesk::Speed::Instant, tr("Instant (to the End of Its Half-Turn)")},
    };
    const int saved = QSettings().value(u"computer/speed"_s, static_cast<int>(OpponentDesk::Speed::Slow)).toInt();
    for (const auto& entry : speed_names) {
        const OpponentDesk::Speed speed = entry.first;  // a plain variable: clang 14 cannot capture a structured binding
        QAction* action = computer->addAction(entry.second);
        action->setObjectName(QStringLiteral("computerSpeed%1").arg(static_cast<int>(speed)));
        action->setCheckable(true);
        action->setActionGroup(speeds);
        action->setChecked(static_cast<int>(speed) == saved);
        if (action->isChecked()) opponent_->setSpeed(speed);
        connect(action, &QAction::triggered, this, [this, speed] {
            opponent_->setSpeed(speed);
            QSettings().setValue(u"computer/speed"_s, static_cast<int>(speed));
        });
    }
    computer->addSeparator();
    // The selected units change hands: T takes them from the computer, Shift+T gives them back.
    const auto hands = [this, computer](const QString& text, const QString& name, const QString& key, bool take) {
        QAction* action = computer->addAction(text);
        action->setObjectName(name);
        action->setShortcut(QKeySequence(key));
        connect(action, &QAction::triggered, this, [this, take] {
            if (document_->selection().empty()) return report(tr("Select a unit first (Tab or click)"), true);
            const QStringList codes = take ? opponent_->takeOver(document_->selection()) : opponent_->handBack(document_->selection());
            const QString list = codes.join(u", "_s);
            if (take) report(codes.isEmpty() ? tr("Yours already") : tr("You command %1: the computer gives it no orders").arg(list));
            else report(codes.isEmpty() ? tr("Not taken over") : tr("The computer commands %1 again").arg(list));
        });
        return action;
    };
    QAction* take = hands(tr("&Take Over the Selected Units"), u"computerTakeOver"_s, u"T"_s, true);
    QAction* give = hands(tr("&Hand Back the Selected Units"), u"computerHandBack"_s, u"Shift+T"_s, false);
    const auto follow = [this, sides, both, pause, step, take, give] {
        const bool open = document_->hasGame();
        for (int side = 0; side < 2; ++side) {
            QAction* action = sides[static_cast<std::size_t>(side)];
            action->setEnabled(open);
            action->setChecked(opponent_->plays(side));
            action->setText(open ? qs(document_->game().scenario().sides[static_cast<std::size_t>(side)].name) : tr("(no battle open)"));
        }
        both->setEnabled(open);
        both->setChecked(opponent_->plays(0) && opponent_->plays(1));
        pause->setChecked(opponent_->paused());
        for (QAction* action : {step, take, give}) action->setEnabled(open);
    };
    connect(opponent_, &OpponentDesk::stateChanged, this, follow);
    connect(document_.get(), &GameDocument::gameReplaced, this, follow);
    // Its words go to the status line (the echo below keeps the action's summary, as for a desk
    // action, and stays short enough to leave the command line room); a refusal is an error.
    connect(opponent_, &OpponentDesk::reported, this, [this](const QString& text, bool error) {
        if (error) return report(text, true);
        statusBar()->showMessage(text, 30000);
    });
    follow();
}

}  // namespace fortuna::app
