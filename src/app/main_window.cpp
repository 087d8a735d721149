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
#include <QResizeEvent>
#include <QScreen>
#include <QShowEvent>
#include <QScrollArea>
#include <QKeyEvent>
#include <QLabel>
#include <QLayout>
#include <QLineEdit>
#include <QMenuBar>
#include <QMessageBox>
#include <QPushButton>
#include <QSettings>
#include <QShortcut>
#include <QStatusBar>
#include <QStringListModel>
#include <QTimer>
#include <QToolBar>
#include <QTreeWidget>
#include <QUndoStack>

#include <array>
#include <cstdio>
#include <filesystem>

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
#include "fortuna/seam/library.hpp"
#include "fortuna/land/land_tables.hpp"
#include "fortuna/land/save.hpp"
#include "game_document.hpp"
#include "inspector_dock.hpp"
#include "journal_dock.hpp"
#include "log_dock.hpp"
#include "fortuna/land/system.hpp"
#include "fortuna/naval/system.hpp"
#include "fortuna/seam/rule_system.hpp"
#include "naval_desk.hpp"
#include "session_desk.hpp"
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

MainWindow::MainWindow(std::shared_ptr<const RulesLibrary> library, QWidget* parent) : QMainWindow(parent), library_(library) {
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
    // The docks as they were left (their arrangement saved with its kind), then the kind this
    // window's size wants, before the first paint (user guide, "The window").
    if (restoreState(settings.value(u"window/state"_s).toByteArray())) {
        compact_ = settings.value(u"window/compact"_s, false).toBool();
        sized_here_ = false;  // the umpire's own dock sizes
    }
    if (wantsCompactDesk(size()) != compact_) arrangeDocks(!compact_);
    updateTitle();
    view_->viewport()->installEventFilter(this);
}

MainWindow::~MainWindow() = default;

void MainWindow::buildDocks() {
    const auto dock = [this](const QString& name, const QString& title, QWidget* content, Qt::DockWidgetArea area) {
        auto* d = new QDockWidget(title, this);
        d->setObjectName(name);
        d->setWidget(shrinkable(content));
        addDockWidget(area, d);
        view_menu_->addAction(d->toggleViewAction());
        return d;
    };
    // Docks behind a tab are built after the first paint (or when first raised): cold start.
    lazyDock(u"orderOfBattle"_s, tr("Order of Battle"), Qt::LeftDockWidgetArea, [this] {
        auto* oob = new OrderOfBattlePanel(*document_, this);
        connect(oob, &OrderOfBattlePanel::unitActivated, view_, &BoardView::centreOnUnit);
        return oob;
    });
    dock(u"inspector"_s, tr("Unit Inspector"), new UnitInspector(*document_, this), Qt::LeftDockWidgetArea);
    // The solo aid, tied to the turn bar: its count shows there, the list sits on top at the left.
    duties_ = new DutiesPanel(*document_, this);
    dock(u"duties"_s, tr("Duties (solo)"), duties_, Qt::LeftDockWidgetArea);
    connect(duties_, &DutiesPanel::summaryChanged, this, [this](const QString& text) { turn_bar_->setDuties(text, duties_->openNow()); });
    connect(duties_, &DutiesPanel::dutyActivated, this, &MainWindow::activateDuty);
    connect(duties_, &DutiesPanel::leaveRequested, this, [this] { view_->setFocus(Qt::ShortcutFocusReason); });
    connect(turn_bar_, &TurnBar::dutiesRequested, this, [this] {
        raiseDock(u"duties"_s);
        duties_->list()->setFocus(Qt::ShortcutFocusReason);
    });
    turn_bar_->setDuties(duties_->summary(), duties_->openNow());
    combat_ = new CombatPanel(*document_, this);
    dock(u"combat"_s, tr("Combat"), combat_, Qt::RightDockWidgetArea);
    lazyDock(u"artillery"_s, tr("Artillery"), Qt::RightDockWidgetArea, [this] {
        artillery_ = new ArtilleryPanel(*document_, this);
        // Its tab raised: the targets as the position stands now (ArtilleryPanel::positionChanged).
        connect(findChild<QDockWidget*>(u"artillery"_s), &QDockWidget::visibilityChanged, artillery_, [this](bool shown) {
            if (shown) artillery_->catchUp();
        });
        return artillery_;
    });
    lazyDock(u"rally"_s, tr("Rally"), Qt::RightDockWidgetArea, [this] { return rally_ = new RallyPanel(*document_, this); });
    lazyDock(u"crisis"_s, tr("Crisis of Morale"), Qt::RightDockWidgetArea, [this] { return crisis_ = new CrisisPanel(*document_, this); });
    lazyDock(u"victory"_s, tr("Victory"), Qt::RightDockWidgetArea, [this] { return new VictoryPanel(*document_, this); });
    journal_ = new JournalPanel(*document_, this);
    dock(u"journal"_s, tr("Journal"), journal_, Qt::LeftDockWidgetArea);
    dock(u"log"_s, tr("Log"), new LogPanel(this), Qt::LeftDockWidgetArea);
    arrangeDocks(false);
}

QWidget* MainWindow::shrinkable(QWidget* content) {
    // A dock's content scrolls rather than hold the window taller than a laptop's screen.
    auto* area = new QScrollArea;
    area->setObjectName(content->objectName().isEmpty() ? QString() : content->objectName() + u"Scroll"_s);
    area->setFrameShape(QFrame::NoFrame);
    area->setWidgetResizable(true);
    area->setWidget(content);
    area->setFocusPolicy(Qt::NoFocus);
    return area;
}

bool MainWindow::wantsCompactDesk(QSize size) {
    return size.width() < kRoomyDesk.width() || size.height() < kRoomyDesk.height();
}

void MainWindow::arrangeDocks(bool compact) {
    compact_ = compact;
    const auto d = [this](const char* name) { return findChild<QDockWidget*>(QString::fromLatin1(name)); };
    QDockWidget* const duties = d("duties");
    QDockWidget* const oob = d("orderOfBattle");
    QDockWidget* const inspector = d("inspector");
    QDockWidget* const journal = d("journal");
    QDockWidget* const log = d("log");
    QDockWidget* const combat = d("combat");
    QDockWidget* const artillery = d("artillery");
    QDockWidget* const rally = d("rally");
    QDockWidget* const crisis = d("crisis");
    QDockWidget* const victory = d("victory");
    const std::array<QDockWidget*, 10> all{duties, oob, inspector, journal, log, combat, artillery, rally, crisis, victory};
    // A dock the umpire closed (View menu) stays closed in the new arrangement.
    std::array<bool, 10> closed{};
    for (std::size_t i = 0; i < all.size(); ++i) closed[i] = arranged_ && all[i]->isHidden();
    for (QDockWidget* dock : all) removeDockWidget(dock);
    if (compact) {
        // A laptop (1280 x 720) or a 200 % screen: one column on the right, the resolvers above
        // the solo aid and the records, each group a row of tabs, so the board keeps most of
        // the window and the command line and status line stay on it (user guide, "The window").
        for (QDockWidget* dock : all) addDockWidget(Qt::RightDockWidgetArea, dock);
        for (std::size_t i = 0; i < all.size(); ++i) all[i]->setVisible(!closed[i]);
        splitDockWidget(combat, duties, Qt::Vertical);
        for (QDockWidget* tab : {artillery, rally, crisis, victory}) tabifyDockWidget(combat, tab);
        for (QDockWidget* tab : {oob, inspector, journal, log}) tabifyDockWidget(duties, tab);
    } else {
        // Room enough: the solo aid, the unit and the records on the left, the resolvers and the
        // victory tracker on the right.
        for (QDockWidget* dock : {duties, oob, inspector, journal, log}) addDockWidget(Qt::LeftDockWidgetArea, dock);
        for (QDockWidget* dock : {combat, artillery, rally, crisis, victory}) addDockWidget(Qt::RightDockWidgetArea, dock);
        for (std::size_t i = 0; i < all.size(); ++i) all[i]->setVisible(!closed[i]);
        splitDockWidget(oob, inspector, Qt::Vertical);
        tabifyDockWidget(oob, duties);
        splitDockWidget(inspector, journal, Qt::Vertical);
        tabifyDockWidget(journal, log);
        // Split before tabbing: a dock split off a tab group joins it as a tab instead.
        splitDockWidget(combat, victory, Qt::Vertical);
        tabifyDockWidget(combat, artillery);
        tabifyDockWidget(artillery, rally);
        tabifyDockWidget(rally, crisis);
    }
    // In front: the Journal of its group (roomy), then the Duties list and the Combat dock (in
    // the one column the Journal shares the Duties list's group, which stays in front).
    journal->raise();
    duties->raise();
    combat->raise();
    arranged_ = true;
    sized_here_ = true;
    // Dock sizes take only in a laid-out window: now, or once it is shown.
    if (isVisible()) sizeDocks();
    else size_docks_when_shown_ = true;
}

void MainWindow::sizeDocks() {
    size_docks_when_shown_ = false;
    if (layout() != nullptr) layout()->activate();
    const auto d = [this](const char* name) { return findChild<QDockWidget*>(QString::fromLatin1(name)); };
    if (compact_) {
        // The Combat dock's rows of boxes need 400 px (at 100 %); the rest is the board's.
        resizeDocks({d("combat")}, {400}, Qt::Horizontal);
        resizeDocks({d("combat"), d("duties")}, {height() * 55 / 100, height() * 30 / 100}, Qt::Vertical);
    } else {
        resizeDocks({d("duties"), d("inspector"), d("journal")}, {330, 230, 220}, Qt::Vertical);
        resizeDocks({d("duties"), d("combat")}, {320, 420}, Qt::Horizontal);
        resizeDocks({d("combat"), d("victory")}, {640, 260}, Qt::Vertical);
    }
}

void MainWindow::showEvent(QShowEvent* event) {
    QMainWindow::showEvent(event);
    if (size_docks_when_shown_) QTimer::singleShot(0, this, [this] {
            if (size_docks_when_shown_) sizeDocks();
        });
}

void MainWindow::resizeEvent(QResizeEvent* event) {
    QMainWindow::resizeEvent(event);
    // Crossing the size where the two columns of docks no longer leave the board most of the
    // window: arranged again once the resize is over (not inside the layout's own resize).
    if (wantsCompactDesk(event->size()) == compact_ || rearrange_pending_) return;
    rearrange_pending_ = true;
    QTimer::singleShot(0, this, [this] {
        rearrange_pending_ = false;
        if (const bool compact = wantsCompactDesk(size()); compact != compact_) arrangeDocks(compact);
    });
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
        document_->select(selection);
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
        prefillCommand(u"reinf "_s + verbatim(duty.action.value("id", std::string())));
        break;
    case DutyKind::Messenger:
        prefillCommand(QStringLiteral("deliver %1 ").arg(duty.action.value("messenger", 0)));
        break;
    case DutyKind::Control:
        if (!units.empty()) prefillCommand(u"ct "_s + verbatim(game.units()[units.front()].id.code) + u" "_s);
        break;
    case DutyKind::Rout:
        if (!units.empty()) prefillCommand(u"rout "_s + verbatim(game.units()[units.front()].id.code));
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
        d->setWidget(shrinkable(build()));
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
    // A dock's content built into its place resets the column to the new content's width
    // (a scrolling content asks for little): the columns as arranged, unless the umpire's own
    // sizes were restored.
    if (sized_here_ && !names.empty()) sizeDocks();
}

void MainWindow::raiseDock(const QString& name) {
    materialize(name);
    if (auto* d = findChild<QDockWidget*>(name)) {
        d->show();
        d->raise();
    }
}

namespace {

// The registry's claim on a file, or none when it is not readable as any system's (the land
// game's opening then says what is wrong with it).
ClaimedFile claim_file_or_nothing(const std::filesystem::path& file) {
    std::error_code missing;
    if (!std::filesystem::is_regular_file(file, missing)) return {};
    try {
        return claim_file(file);
    } catch (const DataError&) {
        return {};
    }
}

}  // namespace

bool MainWindow::openFile(const QString& file, bool quiet) {
    last_open_error_.clear();
    try {
        // The registry says which rule system the file is (by its content): The Age of Sail opens in
        // its own desk window, a system with no desk panels of its own yet in the session desk.
        // A shipped scenario's id (`fortuna channel-1778`) is its file, whichever system ships it.
        std::string path = ss(file);
        if (!std::filesystem::exists(path))
            for (const RuleSystem* system : rule_systems())
                if (system != &land_system())
                    if (const auto shipped = system->scenario_file(document_->library(), path)) {
                        path = shipped->string();
                        break;
                    }
        if (const ClaimedFile claimed = claim_file_or_nothing(path); claimed.system && claimed.system != &land_system()) {
            QWidget* desk = claimed.system == &naval_system()
                                ? static_cast<QWidget*>(open_naval_desk(path, document_->library().data_dir(), this))
                                : static_cast<QWidget*>(open_session_desk(path, document_->library(), this));
            if (desk == nullptr) return false;
            // Queued: when the app quits, this window goes first and the call with it.
            connect(desk, &QObject::destroyed, this, &MainWindow::closeIfEmptyBehindDesks, Qt::QueuedConnection);
            // A window with no battle would stand empty behind the desk, its land docks blank: the
            // desk takes its place on the screen, and it comes back if asked (the desk's Ctrl+O).
            if (!document_->hasGame()) {
                desk->setGeometry(geometry());  // its place, or at start the place it was given
                hide();
                gave_way_ = true;
            }
            // Ctrl+O on the desk opens another battle as this window's File > Open does.
            auto* open = new QShortcut(QKeySequence::Open, desk);
            open->setContext(Qt::WindowShortcut);
            connect(open, &QShortcut::activated, this, &MainWindow::openDialog);
            return true;
        }
        document_->open(file);
        if (gave_way_) {  // it made way for a desk of another system (above): back with a battle
            gave_way_ = false;
            show();
        }
        if (file.contains(u'/')) addRecent(QFileInfo(file).absoluteFilePath());
        if (document_->isReadOnly() && !quiet)
            QMessageBox::information(this, tr("Opened read-only"),
                                     tr("%1 is in use by %2.\n\nIt is open here read-only: you may look and play on, "
                                        "and save under another name.")
                                         .arg(file, document_->readOnlyHolder()));
        return true;
    } catch (const std::exception& error) {
        spdlog::error("cannot open {}: {}", ss(file), error.what());
        last_open_error_ = qs(error.what());
        if (!quiet) QMessageBox::warning(this, tr("Cannot open"), tr("%1\n\n%2").arg(file, qs(error.what())));
        return false;
    }
}

// A desk of another system closed, and this window holds no battle: it is an empty window left
// behind (issue 28, Ctrl+W on the naval desk). It closes too, unless another desk is still open.
void MainWindow::closeIfEmptyBehindDesks() {
    if (document_->hasGame()) return;
    for (QWidget* w : QApplication::topLevelWidgets())
        if (w != this && w->isVisible() && w->parentWidget() == this && w->isWindow() && w->windowType() == Qt::Window) return;
    close();
    // A window that made way for the desk was hidden: closing it closes no visible window, so Qt
    // would not end the program by itself.
    if (gave_way_ && QApplication::quitOnLastWindowClosed()) QCoreApplication::quit();
}

bool MainWindow::openOrInstead(const QString& file, const QString& fallback) {
    if (openFile(file, true)) return true;
    const QString why = last_open_error_;
    if (fallback == file || !openFile(fallback, true)) {
        QMessageBox::warning(this, tr("Cannot open"), tr("%1\n\n%2").arg(file, why));
        return false;
    }
    const QString opened = qs(document_->game().scenario().name);
    spdlog::warn("cannot open {}: {}; opened {} instead", ss(file), ss(why), ss(opened));
    // Window-modal and not waited for: the desk is usable behind it, and a test can read it.
    auto* box = new QMessageBox(QMessageBox::Warning, tr("Cannot open"), tr("%1 cannot be opened; %2 is open instead.").arg(file, opened),
                                QMessageBox::Ok, this);
    box->setObjectName(u"openedInstead"_s);
    box->setInformativeText(why);
    box->setAttribute(Qt::WA_DeleteOnClose);
    box->setWindowModality(Qt::WindowModal);
    box->show();
    return true;
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
        // The session and naval desks keep their journals in a folder of their system's own
        // (recovery/<system id>/): a game of theirs killed mid-play is offered here too.
        std::vector<std::filesystem::path> folders;
        for (const RuleSystem* system : rule_systems())
            if (system != &land_system()) folders.push_back(recovery_dir() / system->id());
        folders.push_back(recovery_dir() / "naval");  // where builds before 2026-11-26 kept naval journals
        for (const std::filesystem::path& folder : folders) {
            if (!std::filesystem::is_directory(folder)) continue;
            for (RecoveryCandidate& c : find_recovery_journals(folder)) candidates.push_back(std::move(c));
        }
    } catch (const std::exception& error) {
        spdlog::warn("cannot look for unfinished games: {}", error.what());
        return;
    }
    const QString own = document_->recoveryJournal();
    for (const RecoveryCandidate& c : candidates) {
        const QString path = verbatim(c.journal.string());
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
    settings.setValue(u"window/compact"_s, compact_);
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
    if (document_->selection().empty()) return report(tr("Select a unit first (Tab or click)"), true);
    runCommand(u"f "_s + formation);
}

void MainWindow::wheelSelected(double degrees) {
    if (document_->selection().empty()) return report(tr("Select a unit first (Tab or click)"), true);
    runCommand(QStringLiteral("w %1%2").arg(degrees > 0 ? u"+"_s : QString()).arg(degrees));
}

QString MainWindow::runCommand(const QString& text) {
    if (!document_->hasGame()) return tr("No battle is open");
    try {
        const UmpireCommand command = parse_umpire_command(text, document_->game(), document_->selection());
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
            document_->select(command.units);
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
            if (m.kind == BoardMark::Kind::Unit) document_->select({m.index});
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
    for (const RuleSet* set : land_tables(document_->library()).rulesets())
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
