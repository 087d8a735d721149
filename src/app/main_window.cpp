// SPDX-License-Identifier: MIT
// The main window: the board in the middle, the umpire's docks around it, the command line below.
#include "main_window.hpp"

#include <QAction>
#include <QActionGroup>
#include <QApplication>
#include <QCloseEvent>
#include <QCompleter>
#include <QDockWidget>
#include <QFileDialog>
#include <QFileInfo>
#include <QGuiApplication>
#include <QScreen>
#include <QKeyEvent>
#include <QLabel>
#include <QLineEdit>
#include <QMenuBar>
#include <QMessageBox>
#include <QPushButton>
#include <QSettings>
#include <QStatusBar>
#include <QStringListModel>
#include <QTimer>
#include <QToolBar>
#include <QTreeWidget>
#include <QUndoStack>

#include <array>
#include <cstdio>

#include <spdlog/spdlog.h>

#include "battle_lab_dialog.hpp"
#include "board_scene.hpp"
#include "board_view.hpp"
#ifdef FORTUNA_HAVE_COMPANION
#include "companion_dialog.hpp"
#endif
#include "combat_dock.hpp"
#include "desk_focus.hpp"
#include "duties_dock.hpp"
#include "export_actions.hpp"
#include "fire_and_morale_docks.hpp"
#include "fortuna/library.hpp"
#include "fortuna/save.hpp"
#include "game_document.hpp"
#include "inspector_dock.hpp"
#include "journal_dock.hpp"
#include "log_dock.hpp"
#include "naval_desk.hpp"
#include "opponent_desk.hpp"
#include "order_of_battle_dock.hpp"
#include "qt_text.hpp"
#include "turn_bar.hpp"
#include "umpire_command.hpp"
#include "victory_dock.hpp"
#include "welcome_overlay.hpp"

#ifdef FORTUNA_HAVE_SHEETS
#include "fortuna/sheets/sheet_source.hpp"
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

MainWindow::MainWindow(std::shared_ptr<const RulesLibrary> library, QWidget* parent) : QMainWindow(parent) {
    setObjectName(u"mainWindow"_s);
    document_ = std::make_unique<GameDocument>(std::move(library), this);
    scene_ = new BoardScene(*document_, this);
    view_ = new BoardView(*document_, *scene_, this);
    setCentralWidget(view_);
    setDockNestingEnabled(true);
    buildActions();
    buildDocks();
    welcome_ = new WelcomeOverlay(view_->viewport());
    connect(view_, &BoardView::escapePressed, this, [this] {
        if (welcome_->isVisible()) welcome_->dismiss();
    });
    // The command line's example names units of the open battle, the phasing side attacking.
    const auto update_example = [this] {
        if (!document_->hasGame()) return;
        command_line_->setPlaceholderText(tr("%1   ·   a   ·   r   ·   n   ·   ? for help   (C, A, R, K, N from the board; : or Ctrl+L to type)")
                                              .arg(example_command(document_->game())));
    };
    connect(document_.get(), &GameDocument::positionChanged, this, update_example);
    connect(document_.get(), &GameDocument::gameReplaced, this, [this] {
        updateTitle();
        view_->fitTable();
        QString rules = qs(document_->game().rules().name + " (" + document_->game().rules().source + ")");
        statusBar()->showMessage(tr("%1 · rules: %2").arg(qs(document_->game().scenario().name), rules), 8000);
    });
    connect(document_->undoStack(), &QUndoStack::cleanChanged, this, &MainWindow::updateTitle);
    connect(document_.get(), &GameDocument::modifiedChanged, this, &MainWindow::updateTitle);
    connect(document_.get(), &GameDocument::storageFailed, this, &MainWindow::offerSaveElsewhere);
    connect(document_.get(), &GameDocument::actionReported, this, [this](const QString& summary, const QStringList&) {
        report(summary);
        // The focus rule (user guide, "Keys"): after any result the board has the keys again,
        // so U undoes it and J opens the next duty, whichever box the roll was typed in.
        view_->setFocus(Qt::OtherFocusReason);
    });
    connect(document_.get(), &GameDocument::problem, this, [this](const QString& text) { report(text, true); });
    connect(view_, &BoardView::message, this, [this](const QString& text) { statusBar()->showMessage(text, 10000); });
    connect(view_, &BoardView::moveRequested, this, [this](std::size_t unit, QPointF to, bool charge, bool past) {
        const Game& game = document_->game();
        const std::string& code = game.units()[unit].id.code;
        const BoardPoint where{to.x(), to.y()};
        ActionRequest action = charge ? ActionRequest(charge_to(code, where)) : ActionRequest(move_to(code, where));
        if (past) action.note = "past the allowance: " + ss(check_move(game, unit, to, charge).words());
        if (auto error = document_->perform(action)) report(*error, true);
    });
    // The whole window on the screen it opens on (1366 x 768 laptops too), then as it was left.
    const QRect screen = QGuiApplication::primaryScreen() ? QGuiApplication::primaryScreen()->availableGeometry() : QRect(0, 0, 1600, 1000);
    resize(std::min(1600, screen.width()), std::min(1000, screen.height()));
    QSettings settings;
    restoreGeometry(settings.value(u"window/geometry"_s).toByteArray());
    restoreState(settings.value(u"window/state"_s).toByteArray());
    updateTitle();
    view_->viewport()->installEventFilter(this);
}

MainWindow::~MainWindow() = default;

void MainWindow::buildActions() {
    // ---------------------------------------------------------------- File
    file_menu_ = menuBar()->addMenu(tr("&File"));
    file_menu_->addAction(tr("&Open…"), QKeySequence::Open, this, &MainWindow::openDialog);
    recent_menu_ = file_menu_->addMenu(tr("Open &Recent"));
    file_menu_->addAction(tr("&Save"), QKeySequence::Save, this, &MainWindow::save);
    file_menu_->addAction(tr("Save &As…"), QKeySequence::SaveAs, this, &MainWindow::saveAs);
    file_menu_->addSeparator();
    QAction* recover = file_menu_->addAction(tr("Recover an Unfinished Game…"), this, &MainWindow::offerRecovery);
    recover->setObjectName(u"recover"_s);
#ifdef FORTUNA_HAVE_SHEETS
    file_menu_->addSeparator();
    installPrintActions(file_menu_, this, [this]() -> std::optional<sheets::SheetSource> {
        if (!document_->hasGame()) return std::nullopt;
        return sheets::source_from_game(document_->game(), ss(document_->title()));
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
    redo->setShortcuts({QKeySequence::Redo, QKeySequence(u"Ctrl+Y"_s)});
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
    auto* label = new QLabel(tr(" Umpire: "), bar);
    command_line_ = new QLineEdit(bar);
    command_line_->setObjectName(u"commandLine"_s);
    command_line_->setPlaceholderText(tr("? for help   (C, A, R, K, N from the board; : or Ctrl+L to type)"));
    command_line_->setToolTip(tr("The umpire's command line: a command, unit codes, modifiers and a roll, then Enter (? lists them). "
                                 "Up/Down recall earlier commands; Esc goes back to the board."));
    command_line_->setAccessibleName(tr("Umpire's command line"));
    command_line_->setClearButtonEnabled(true);
    command_line_->installEventFilter(new CommandHistoryFilter(history_, history_at_, this));
    label->setBuddy(command_line_);
    command_echo_ = new QLabel(bar);
    command_echo_->setObjectName(u"commandEcho"_s);
    command_echo_->setMinimumWidth(420);
    command_echo_->setTextFormat(Qt::RichText);
    command_echo_->setTextInteractionFlags(Qt::TextSelectableByMouse);
    bar->addWidget(label);
    bar->addWidget(command_line_);
    bar->addWidget(command_echo_);
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
    for (const auto& [speed, name] : speed_names) {
        QAction* action = computer->addAction(name);
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
            if (scene_->selectedUnits().empty()) return report(tr("Select a unit first (Tab or click)"), true);
            const QStringList codes = take ? opponent_->takeOver(scene_->selectedUnits()) : opponent_->handBack(scene_->selectedUnits());
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

void MainWindow::buildDocks() {
    const auto dock = [this](const QString& name, const QString& title, QWidget* content, Qt::DockWidgetArea area) {
        auto* d = new QDockWidget(title, this);
        d->setObjectName(name);
        d->setWidget(content);
        addDockWidget(area, d);
        view_menu_->addAction(d->toggleViewAction());
        return d;
    };
    // Docks behind a tab are built after the first paint (or when first raised): cold start.
    QDockWidget* oob_dock = lazyDock(u"orderOfBattle"_s, tr("Order of Battle"), Qt::LeftDockWidgetArea, [this] {
        auto* oob = new OrderOfBattlePanel(*document_, *scene_, this);
        connect(oob, &OrderOfBattlePanel::unitActivated, view_, &BoardView::centreOnUnit);
        return oob;
    });
    QDockWidget* inspector = dock(u"inspector"_s, tr("Unit Inspector"), new UnitInspector(*document_, *scene_, this), Qt::LeftDockWidgetArea);
    splitDockWidget(oob_dock, inspector, Qt::Vertical);
    // The solo aid, tied to the turn bar: its count shows there, the list sits on top at the left.
    duties_ = new DutiesPanel(*document_, this);
    QDockWidget* duties = dock(u"duties"_s, tr("Duties (solo)"), duties_, Qt::LeftDockWidgetArea);
    tabifyDockWidget(oob_dock, duties);
    duties->raise();
    connect(duties_, &DutiesPanel::summaryChanged, this, [this](const QString& text) { turn_bar_->setDuties(text, duties_->openNow()); });
    connect(duties_, &DutiesPanel::dutyActivated, this, &MainWindow::activateDuty);
    connect(duties_, &DutiesPanel::leaveRequested, this, [this] { view_->setFocus(Qt::ShortcutFocusReason); });
    connect(turn_bar_, &TurnBar::dutiesRequested, this, [this] {
        raiseDock(u"duties"_s);
        duties_->list()->setFocus(Qt::ShortcutFocusReason);
    });
    turn_bar_->setDuties(duties_->summary(), duties_->openNow());
    combat_ = new CombatPanel(*document_, *scene_, this);
    QDockWidget* combat = dock(u"combat"_s, tr("Combat"), combat_, Qt::RightDockWidgetArea);
    QDockWidget* artillery = lazyDock(u"artillery"_s, tr("Artillery"), Qt::RightDockWidgetArea, [this] {
        return artillery_ = new ArtilleryPanel(*document_, *scene_, this);
    });
    QDockWidget* rally = lazyDock(u"rally"_s, tr("Rally"), Qt::RightDockWidgetArea, [this] { return rally_ = new RallyPanel(*document_, *scene_, this); });
    QDockWidget* crisis = lazyDock(u"crisis"_s, tr("Crisis of Morale"), Qt::RightDockWidgetArea, [this] { return crisis_ = new CrisisPanel(*document_, this); });
    tabifyDockWidget(combat, artillery);
    tabifyDockWidget(artillery, rally);
    tabifyDockWidget(rally, crisis);
    combat->raise();
    QDockWidget* victory = lazyDock(u"victory"_s, tr("Victory"), Qt::RightDockWidgetArea, [this] { return new VictoryPanel(*document_, this); });
    splitDockWidget(combat, victory, Qt::Vertical);
    journal_ = new JournalPanel(*document_, this);
    QDockWidget* journal = dock(u"journal"_s, tr("Journal"), journal_, Qt::LeftDockWidgetArea);
    QDockWidget* log = dock(u"log"_s, tr("Log"), new LogPanel(this), Qt::LeftDockWidgetArea);
    splitDockWidget(inspector, journal, Qt::Vertical);
    tabifyDockWidget(journal, log);
    journal->raise();
    resizeDocks({duties, inspector, journal}, {330, 230, 220}, Qt::Vertical);
    resizeDocks({duties, combat}, {320, 380}, Qt::Horizontal);
    resizeDocks({combat, victory}, {640, 260}, Qt::Vertical);
}

void MainWindow::activateDuty(const Duty& duty, const std::string& target) {
    if (!document_->hasGame()) return;
    const Game& game = document_->game();
    std::vector<std::size_t> units;
    for (const std::string& code : duty.units)
        if (const int u = find_unit(game, qs(code)); u >= 0) units.push_back(static_cast<std::size_t>(u));
    const std::string shot = !target.empty() ? target : duty.targets.empty() ? std::string() : duty.targets.front().unit;
    std::optional<std::size_t> aim;
    if (const int t = shot.empty() ? -1 : find_unit(game, qs(shot)); t >= 0) aim = static_cast<std::size_t>(t);
    std::vector<std::size_t> selection = units;
    if (aim) selection.push_back(*aim);
    if (!selection.empty()) {
        scene_->selectUnits(selection);
        view_->centreOnUnit(selection.front());
    }
    if (duty.done) report(tr("Done already: %1").arg(qs(duty.text)));
    switch (duty.kind) {
    case DutyKind::Rally:
        raiseDock(u"rally"_s);
        if (!units.empty() && rally_ != nullptr) rally_->setUnit(units.front());
        break;
    case DutyKind::ArtilleryFire:
        raiseDock(u"artillery"_s);
        if (!units.empty() && aim && artillery_ != nullptr) artillery_->setFire(units.front(), *aim);
        break;
    case DutyKind::Combat:
        raiseDock(u"combat"_s);
        if (units.size() >= 2) combat_->setUnits(units[0], units[1]);
        break;
    case DutyKind::CrisisTest:
        raiseDock(u"crisis"_s);
        if (crisis_ != nullptr) crisis_->rollEdit()->setFocus(Qt::OtherFocusReason);
        break;
    case DutyKind::Reinforcements:
        prefillCommand(u"reinf "_s + qs(duty.action.value("id", std::string())));
        break;
    case DutyKind::Messenger:
        prefillCommand(QStringLiteral("deliver %1 ").arg(duty.action.value("messenger", 0)));
        break;
    case DutyKind::Rout:
        if (!units.empty()) prefillCommand(u"rout "_s + qs(game.units()[units.front()].id.code));
        break;
    }
}

QDockWidget* MainWindow::lazyDock(const QString& name, const QString& title, Qt::DockWidgetArea area, std::function<QWidget*()> build) {
    auto* d = new QDockWidget(title, this);
    d->setObjectName(name);
    d->setWidget(new QWidget(d));  // a placeholder: an empty dock lays its area out oddly
    addDockWidget(area, d);
    view_menu_->addAction(d->toggleViewAction());
    unbuilt_docks_[name] = std::move(build);
    connect(d, &QDockWidget::visibilityChanged, this, [this, name](bool visible) {
        if (visible) materialize(name);
    });
    return d;
}

void MainWindow::materialize(const QString& name) {
    const auto it = unbuilt_docks_.find(name);
    if (it == unbuilt_docks_.end()) return;
    const std::function<QWidget*()> build = std::move(it->second);
    unbuilt_docks_.erase(it);
    if (auto* d = findChild<QDockWidget*>(name)) {
        // The new content's size hint must not widen the dock area the umpire sees: keep the
        // width of the tab group as it is.
        QDockWidget* shown = d;
        for (QDockWidget* tab : tabifiedDockWidgets(d))
            if (tab->isVisible()) shown = tab;
        const int width = shown->width();
        QWidget* placeholder = d->widget();
        d->setWidget(build());
        delete placeholder;
        if (shown->isVisible() && width > 0) resizeDocks({shown}, {width}, Qt::Horizontal);
    }
}

ArtilleryPanel* MainWindow::artilleryPanel() {
    materialize(u"artillery"_s);
    return artillery_;
}

bool MainWindow::eventFilter(QObject* watched, QEvent* event) {
    if (!started_ && watched == view_->viewport() && event->type() == QEvent::Paint) {
        started_ = true;
        view_->viewport()->removeEventFilter(this);
        // Two hops through the event loop: whatever else the paint queued (the start-up
        // benchmark's quit) goes first.
        QTimer::singleShot(0, this, [this] { QTimer::singleShot(0, this, &MainWindow::finishStartup); });
    }
    return QMainWindow::eventFilter(watched, event);
}

void MainWindow::finishStartup() {
    started_ = true;
    if (qEnvironmentVariableIsSet("FORTUNA_TIMING")) std::fprintf(stderr, "after the first paint: the docks behind tabs are built\n");
    // The command line's fixed-width font: a font-database query better made after the paint.
    QFont mono(u"Monospace"_s);
    mono.setStyleHint(QFont::TypeWriter);
    command_line_->setFont(mono);
    std::vector<QString> names;
    for (const auto& entry : unbuilt_docks_) names.push_back(entry.first);
    for (const QString& name : names) materialize(name);
}

void MainWindow::raiseDock(const QString& name) {
    materialize(name);
    if (auto* d = findChild<QDockWidget*>(name)) {
        d->show();
        d->raise();
    }
}

bool MainWindow::openFile(const QString& file, bool quiet) {
    try {
        // A naval scenario, save or journal (The Age of Sail, by its content) opens in its own desk window.
        if (is_naval_file(ss(file))) return open_naval_desk(ss(file), document_->library().data_dir(), this) != nullptr;
        document_->open(file);
        if (file.contains(u'/')) addRecent(QFileInfo(file).absoluteFilePath());
        if (document_->isReadOnly() && !quiet)
            QMessageBox::information(this, tr("Opened read-only"),
                                     tr("%1 is in use by %2.\n\nIt is open here read-only: you may look and play on, "
                                        "and save under another name.")
                                         .arg(file, document_->readOnlyHolder()));
        return true;
    } catch (const std::exception& error) {
        spdlog::error("cannot open {}: {}", ss(file), error.what());
        if (!quiet) QMessageBox::warning(this, tr("Cannot open"), tr("%1\n\n%2").arg(file, qs(error.what())));
        return false;
    }
}

void MainWindow::openDialog() {
    const QString dir = QSettings().contains(u"lastDirectory"_s) ? start_folder() : qs(document_->library().data_dir().string() + "/scenarios");
    const QString file = QFileDialog::getOpenFileName(this, tr("Open a scenario or a saved game"), dir,
                                                      tr("Battles (*.json *.fortuna *.fortuna-naval *.journal);;All files (*)"));
    if (file.isEmpty()) return;
    remember_folder(file);
    openFile(file);
}

bool MainWindow::save() {
    if (document_->savePath().isEmpty() || document_->isReadOnly()) return saveAs();
    try {
        document_->save(document_->savePath());
        report(tr("Saved %1").arg(document_->savePath()));
        updateTitle();
        return true;
    } catch (const std::exception& error) {
        return offerSaveElsewhere(qs(error.what()), tr("the game as it stands, in memory here"));
    }
}

bool MainWindow::offerSaveElsewhere(const QString& cause, const QString& safe) {
    // Disk full, folder read-only, file vanished: say what failed and what is safe, keep the
    // game open in memory, and let the umpire save it somewhere that works.
    QMessageBox box(QMessageBox::Warning, tr("Cannot write the game"),
                    tr("<p>%1</p><p><b>Safe:</b> %2.</p><p>The game stays open. Save it elsewhere "
                       "(another folder or disk)?</p>")
                        .arg(cause.toHtmlEscaped(), safe.toHtmlEscaped()),
                    QMessageBox::NoButton, this);
    box.setObjectName(u"saveElsewhere"_s);
    QPushButton* elsewhere = box.addButton(tr("Save &Elsewhere…"), QMessageBox::AcceptRole);
    box.addButton(tr("&Not Now"), QMessageBox::RejectRole);
    box.exec();
    return box.clickedButton() == elsewhere && saveAs();
}

bool MainWindow::saveAs() {
    if (!document_->hasGame()) return false;
    const QString suggested = start_folder() + u"/"_s + qs(document_->game().scenario().id) + u".fortuna"_s;
    const QString file = QFileDialog::getSaveFileName(this, tr("Save the game"), suggested, tr("Fortuna Belli games (*.fortuna)"));
    if (file.isEmpty()) return false;
    try {
        document_->save(file);
        remember_folder(file);
        addRecent(file);
        report(tr("Saved %1").arg(file));
        updateTitle();
        return true;
    } catch (const std::exception& error) {
        return offerSaveElsewhere(qs(error.what()), tr("the game as it stands, in memory here"));
    }
}

void MainWindow::addRecent(const QString& file) {
    QSettings settings;
    QStringList recent = settings.value(u"recentFiles"_s).toStringList();
    recent.removeAll(file);
    recent.prepend(file);
    while (recent.size() > 8) recent.removeLast();
    settings.setValue(u"recentFiles"_s, recent);
    rebuildRecentMenu();
}

void MainWindow::rebuildRecentMenu() {
    recent_menu_->clear();
    const QStringList recent = QSettings().value(u"recentFiles"_s).toStringList();
    int n = 1;
    for (const QString& file : recent) {
        QAction* action = recent_menu_->addAction(QStringLiteral("&%1 %2").arg(n++).arg(QFileInfo(file).fileName()));
        action->setToolTip(file);
        connect(action, &QAction::triggered, this, [this, file] { openFile(file); });
    }
    recent_menu_->setEnabled(!recent.isEmpty());
}

void MainWindow::offerRecovery() {
    std::vector<RecoveryCandidate> candidates;
    try {
        candidates = find_recovery_journals();
    } catch (const std::exception& error) {
        spdlog::warn("cannot look for unfinished games: {}", error.what());
        return;
    }
    const QString own = document_->recoveryJournal();
    for (const RecoveryCandidate& c : candidates) {
        const QString path = qs(c.journal.string());
        // Another running program's game is not unfinished: never offered, never deleted.
        if (path == own || c.lines == 0 || c.in_use) continue;
        QMessageBox box(QMessageBox::Question, tr("Recover an unfinished game?"),
                        tr("<p>A game of <b>%1</b> was not closed cleanly.</p><p>%2 journal lines; the last: <i>%3</i>%4</p>"
                           "<p>Recover it exactly as it stood (rolls included)?</p>")
                            .arg(qs(c.scenario_name).toHtmlEscaped())
                            .arg(c.lines)
                            .arg(qs(c.last_summary).toHtmlEscaped(), c.torn_tail ? tr(" (a last, unfinished line was dropped)") : QString()),
                        QMessageBox::NoButton, this);
        QPushButton* recover = box.addButton(tr("&Recover"), QMessageBox::AcceptRole);
        QPushButton* discard = box.addButton(tr("&Discard"), QMessageBox::DestructiveRole);
        box.addButton(tr("&Later"), QMessageBox::RejectRole);
        box.exec();
        if (box.clickedButton() == recover) {
            openFile(path);
            return;
        }
        if (box.clickedButton() == discard) {
            try {
                const auto owner = own_game_files(c.journal);  // refused if it came alive meanwhile
                std::error_code ignored;
                std::filesystem::remove(c.journal, ignored);
            } catch (const std::exception& error) {
                report(qs(error.what()), true);
            }
        }
    }
}

void MainWindow::closeEvent(QCloseEvent* event) {
    if (document_->isModified()) {
        const QString question = document_->isRecovered() && document_->undoStack()->isClean()
                                     ? tr("This game was recovered from its journal and has not been saved. Save it before closing?\n\n"
                                          "Discard deletes the recovery journal.")
                                     : tr("Save the game before closing?\n\nDiscard deletes the unsaved actions and their journal.");
        const auto answer = QMessageBox::question(this, tr("Unsaved battle"), question,
                                                  QMessageBox::Save | QMessageBox::Discard | QMessageBox::Cancel, QMessageBox::Save);
        if (answer != QMessageBox::Save && answer != QMessageBox::Discard) {
            event->ignore();
            return;
        }
        if (answer == QMessageBox::Save && !save()) {
            event->ignore();
            return;
        }
    }
    // Saved, or discarded by the umpire's own choice: the crash journal is no longer needed.
    document_->discardRecoveryJournal();
    QSettings settings;
    settings.setValue(u"window/geometry"_s, saveGeometry());
    settings.setValue(u"window/state"_s, saveState());
    event->accept();
}

void MainWindow::updateTitle() {
    setWindowTitle(QStringLiteral("%1[*] — Fortuna Belli").arg(document_->title()));
    setWindowModified(document_->isModified());
}

void MainWindow::report(const QString& text, bool error) {
    command_echo_->setText(error ? QStringLiteral("<span style='color:#c01010'>%1</span>").arg(text.toHtmlEscaped()) : text.toHtmlEscaped());
    command_echo_->setToolTip(text);
    statusBar()->showMessage(text, error ? 15000 : 8000);
}

void MainWindow::prefillCommand(const QString& text) {
    command_line_->setText(text);
    command_line_->setFocus(Qt::ShortcutFocusReason);
    command_line_->end(false);
}

void MainWindow::applySelectedFormation(const QString& formation) {
    if (scene_->selectedUnits().empty()) return report(tr("Select a unit first (Tab or click)"), true);
    runCommand(u"f "_s + formation);
}

void MainWindow::wheelSelected(double degrees) {
    if (scene_->selectedUnits().empty()) return report(tr("Select a unit first (Tab or click)"), true);
    runCommand(QStringLiteral("w %1%2").arg(degrees > 0 ? u"+"_s : QString()).arg(degrees));
}

QString MainWindow::runCommand(const QString& text) {
    if (!document_->hasGame()) return tr("No battle is open");
    try {
        const UmpireCommand command = parse_umpire_command(text, document_->game(), scene_->selectedUnits());
        const Game& game = document_->game();
        switch (command.kind) {
        case UmpireCommand::Kind::Action:
            if (const auto* crisis = std::get_if<CrisisAction>(&command.action.action)) {
                // Nothing due is an answer, not an error (seed 000 section 9).
                const int side = game.scenario().side_index(crisis->side);
                if (const SideTally t = game.tally(side); !t.crisis_due) {
                    report(tr("No crisis test is due for %1: %2 of %3 bases lost").arg(qs(t.name)).arg(t.bases_lost).arg(t.bases_start));
                    return {};
                }
            }
            if (auto error = document_->perform(command.action)) {
                report(*error, true);
                return *error;
            }
            return {};
        case UmpireCommand::Kind::Undo:
            if (!document_->undoStack()->canUndo()) return report(tr("Nothing to undo")), QString();
            document_->undoStack()->undo();
            return {};
        case UmpireCommand::Kind::Redo:
            if (!document_->undoStack()->canRedo()) return report(tr("Nothing to redo")), QString();
            document_->undoStack()->redo();
            return {};
        case UmpireCommand::Kind::Select:
            scene_->selectUnits(command.units);
            if (!command.units.empty()) view_->centreOnUnit(command.units.back());
            return {};
        case UmpireCommand::Kind::Measure: {
            const BoardMark a = command.marks[0], b = command.marks[1];
            const double d = distance_between_marks(game, a, b);
            if (a.kind == BoardMark::Kind::Unit && b.kind == BoardMark::Kind::Unit) {
                const QLineF tape = measured_line(game, a.index, b.index);  // drawn between the nearest edges it measures
                view_->measure(tape.p1(), tape.p2());
            } else {
                view_->measure(mark_position(game, a), mark_position(game, b));
            }
            report(tr("%1 to %2: %3 mm between the nearest edges = %4 m").arg(mark_code(game, a), mark_code(game, b))
                       .arg(d, 0, 'f', 0).arg(d * kMetresPerMm, 0, 'f', 0));
            return {};
        }
        case UmpireCommand::Kind::Sight: {
            const BoardMark a = command.marks[0], b = command.marks[1];
            view_->sight(mark_position(game, a), mark_position(game, b));
            const SightLine line = line_of_sight_between_marks(game, a, b);
            report(line.clear ? tr("%1 sees %2").arg(mark_code(game, a), mark_code(game, b)) : line.reason);
            return {};
        }
        case UmpireCommand::Kind::Centre: {
            const BoardMark m = command.marks.front();
            if (m.kind == BoardMark::Kind::Unit) scene_->selectUnits({m.index});
            view_->centerOn(mark_position(game, m));
            return {};
        }
        case UmpireCommand::Kind::Fit:
            view_->fitTable();
            return {};
        case UmpireCommand::Kind::Help:
            showKeys();
            return {};
        case UmpireCommand::Kind::NextDuty:
            if (!duties_->activateNextOpen()) {
                report(tr("Nothing left to do in this phase: N for the next"));
                return tr("Nothing left to do in this phase");
            }
            return {};
        }
    } catch (const std::exception& error) {
        report(qs(error.what()), true);
        return qs(error.what());
    }
    return {};
}

void MainWindow::showKeys() {
    QString html = tr("<h3>Keys</h3><table>"
                      "<tr><td><b>Tab</b> / Shift+Tab</td><td>select the next / previous unit (Ctrl+Tab adds to the selection)</td></tr>"
                      "<tr><td><b>C</b>, <b>A</b>, <b>R</b>, <b>K</b></td><td>combat, artillery, rally, crisis: the command line opens prefilled; type the roll or nothing, Enter</td></tr>"
                      "<tr><td><b>N</b></td><td>next phase</td></tr>"
                      "<tr><td><b>Ctrl+D</b>, <b>J</b></td><td>the phasing side's duties (solo aid); open the next open one in its resolver</td></tr>"
                      "<tr><td><b>U</b> / Ctrl+Z, Ctrl+Shift+Z</td><td>undo, redo (the same rolls)</td></tr>"
                      "<tr><td><b>:</b> or Ctrl+L</td><td>command line</td></tr>"
                      "<tr><td><b>M</b>, <b>L</b>, <b>S</b>/Esc</td><td>ruler, line of sight, select tool</td></tr>"
                      "<tr><td><b>D</b>, <b>V</b></td><td>distance and sight between the two selected units</td></tr>"
                      "<tr><td><b>Alt+1/2/3</b>, <b>[</b> <b>]</b></td><td>line, column, square; wheel 45°</td></tr>"
                      "<tr><td><b>+</b> <b>-</b> Home</td><td>zoom, fit the table; <b>G</b> grid, <b>O</b> range overlays</td></tr>"
                      "</table><h3>Command line</h3><pre>");
    // The programmed opponent's keys, a row of their own (Game > Computer Plays).
    html.replace(u"</table>"_s, tr("<tr><td><b>P</b>, Shift+P</td><td>computer: pause or resume; one action now</td></tr>"
                                   "<tr><td><b>T</b>, Shift+T</td><td>take the selected units over from the computer; hand them back</td></tr>") +
                                    u"</table>"_s);
    for (const QString& line : umpire_command_help()) html += line.toHtmlEscaped() + u"\n"_s;
    html += u"</pre>"_s;
    QMessageBox box(QMessageBox::NoIcon, tr("Keys and commands"), html, QMessageBox::Close, this);
    box.setTextFormat(Qt::RichText);
    box.exec();
}

void MainWindow::about() {
    QString rules;
    for (const RuleSet* set : document_->library().rulesets())
        rules += QStringLiteral("<li><b>%1</b> (%2): %3</li>").arg(qs(set->name).toHtmlEscaped(), qs(set->period).toHtmlEscaped(),
                                                                    qs(set->source).toHtmlEscaped());
    QMessageBox::about(this, tr("About Fortuna Belli"),
                       tr("<h2>Fortuna Belli %1</h2><p>An umpire's assistant for horse-and-musket miniature wargames: "
                          "the board at true scale (1 mm = 2 m) and every roll explained.</p>"
                          "<p>Rule sources:</p><ul>%2</ul>"
                          "<p>From the blog texts <i>The Age of Glaube</i>, <i>The Age of Gloire</i>, <i>The Age of Reason</i>, "
                          "<i>The Age of Destiny</i>, <i>Realm of Chance: the Age of Gloire</i> (dice edition) and "
                          "<i>The Battle of White Mountain, 8 November 1620, Redux</i>.</p><p>MIT licence.</p>")
                           .arg(qs(FORTUNA_VERSION), rules));
}

}  // namespace fortuna::app
