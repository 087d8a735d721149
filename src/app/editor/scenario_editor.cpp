// SPDX-License-Identifier: MIT
// The scenario editor's window: menus, keys, tool bar, docks and the file (see scenario_editor.hpp).
#include "scenario_editor.hpp"

#include <QAction>
#include <QActionGroup>
#include <QCloseEvent>
#include <QComboBox>
#include <QDockWidget>
#include <QFileDialog>
#include <QFileInfo>
#include <QLabel>
#include <QMenuBar>
#include <QMessageBox>
#include <QStatusBar>
#include <QToolBar>

#include "fortuna/seam/library.hpp"
#include "kings_editor.hpp"
#include "new_battle_dialog.hpp"
#include "plan_board.hpp"
#include "plan_docks.hpp"
#include "qt_text.hpp"
#ifdef FORTUNA_HAVE_TABLE_PLAN
#include "table_plan.hpp"
#endif

namespace fortuna::app {

using namespace Qt::StringLiterals;

ScenarioEditor::ScenarioEditor(std::shared_ptr<const RulesLibrary> library, QWidget* parent) : QMainWindow(parent) {
    setObjectName(u"scenarioEditor"_s);
    plan_ = std::make_unique<BattlePlan>(std::move(library), this);
    scene_ = new PlanScene(*plan_, this);
    view_ = new PlanView(*plan_, *scene_, this);
    setCentralWidget(view_);

    const auto dock = [this](const QString& name, const QString& title, QWidget* content, Qt::DockWidgetArea area) {
        auto* d = new QDockWidget(title, this);
        d->setObjectName(name);
        d->setWidget(content);
        addDockWidget(area, d);
        return d;
    };
    properties_ = new PlanPropertiesPanel(*plan_, this);
    order_ = new PlanOrderOfBattlePanel(*plan_, *view_, this);
    problems_ = new PlanProblemsPanel(*plan_, *view_, this);
    QDockWidget* properties = dock(u"properties"_s, tr("Properties"), properties_, Qt::RightDockWidgetArea);
    QDockWidget* order = dock(u"orderOfBattle"_s, tr("Order of Battle"), order_, Qt::LeftDockWidgetArea);
    QDockWidget* problems = dock(u"problems"_s, tr("Problems"), problems_, Qt::BottomDockWidgetArea);

    verdict_ = new QLabel(this);
    statusBar()->addPermanentWidget(verdict_);
    connect(view_, &PlanView::message, this, &ScenarioEditor::say);
    connect(properties_, &PlanPropertiesPanel::message, this, &ScenarioEditor::say);
    connect(order_, &PlanOrderOfBattlePanel::message, this, &ScenarioEditor::say);
    connect(plan_.get(), &BattlePlan::problemsChanged, this, &ScenarioEditor::updateStatus);
    connect(plan_.get(), &BattlePlan::fileChanged, this, &ScenarioEditor::updateTitle);
    connect(plan_->undoStack(), &QUndoStack::cleanChanged, this, &ScenarioEditor::updateTitle);

    buildActions();
    resize(1400, 900);
    // The board keeps most of the window: the docks as wide as their fields, the problems a few lines.
    resizeDocks({order, properties}, {400, 380}, Qt::Horizontal);
    resizeDocks({problems}, {130}, Qt::Vertical);
    updateTitle();
    updateStatus();
}

ScenarioEditor::~ScenarioEditor() = default;

void ScenarioEditor::buildActions() {
    // ---------------------------------------------------------------- File
    QMenu* file = menuBar()->addMenu(tr("&File"));
    file->addAction(tr("&New Battle…"), QKeySequence(u"Ctrl+Shift+N"_s), this, &ScenarioEditor::newBattle);
    file->addAction(tr("&Edit Scenario…"), QKeySequence::Open, this, [this] {
        const QString dir = qs(plan_->library().data_dir().string() + "/scenarios");
        const QString chosen = QFileDialog::getOpenFileName(this, tr("Edit a scenario"), dir, tr("Scenarios (*.json);;All files (*)"));
        if (!chosen.isEmpty()) openScenario(chosen);
    });
    file->addAction(tr("&Save"), QKeySequence::Save, this, &ScenarioEditor::save);
    file->addAction(tr("Save &As…"), QKeySequence::SaveAs, this, &ScenarioEditor::saveAs);
    file->addSeparator();
    file->addAction(tr("&Play"), QKeySequence(u"F5"_s), this, [this] { play(); });
#ifdef FORTUNA_HAVE_TABLE_PLAN
    file->addAction(tr("Print &Table Plan…"), QKeySequence::Print, this, [this] { print_table_plan(this, plan_->scenario()); });
    file->addAction(tr("E&xport Table Plan as PDF…"), this, [this] { export_table_plan(this, plan_->scenario()); });
#endif
    file->addSeparator();
    file->addAction(tr("&Close"), QKeySequence::Close, this, &QWidget::close);

    // ---------------------------------------------------------------- Edit
    QMenu* edit = menuBar()->addMenu(tr("&Edit"));
    QAction* undo = plan_->undoStack()->createUndoAction(this, tr("&Undo"));
    undo->setShortcut(QKeySequence::Undo);
    QAction* redo = plan_->undoStack()->createRedoAction(this, tr("&Redo"));
    // Ctrl+Shift+Z and Ctrl+Y whatever the platform's Redo is (listed once each: one key twice
    // on an action is ambiguous, and then it triggers nothing).
    QList<QKeySequence> redo_keys{QKeySequence(QKeySequence::Redo)};
    for (const QKeySequence& key : {QKeySequence(u"Ctrl+Shift+Z"_s), QKeySequence(u"Ctrl+Y"_s)})
        if (!redo_keys.contains(key)) redo_keys << key;
    redo->setShortcuts(redo_keys);
    edit->addAction(undo);
    edit->addAction(redo);
    edit->addSeparator();
    edit->addAction(tr("&Delete the Selected Piece"), QKeySequence::Delete, view_, &PlanView::removeSelected);
    edit->addAction(tr("Turn the Unit 15° Ri&ght"), QKeySequence(u"R"_s), this, [this] { view_->rotateSelected(15); });
    edit->addAction(tr("Turn the Unit 15° &Left"), QKeySequence(u"Shift+R"_s), this, [this] { view_->rotateSelected(-15); });

    // ---------------------------------------------------------------- View
    QMenu* view = menuBar()->addMenu(tr("&View"));
    view->addAction(tr("Zoom &In"), this, [this] { view_->zoomBy(1.25); })
        ->setShortcuts({QKeySequence::ZoomIn, QKeySequence(u"Ctrl+="_s)});
    view->addAction(tr("Zoom &Out"), QKeySequence::ZoomOut, this, [this] { view_->zoomBy(0.8); });
    view->addAction(tr("&Fit the Table"), QKeySequence(u"Ctrl+0"_s), this, [this] { view_->fitTable(); });
    QAction* snap = view->addAction(tr("&Snap to 10 mm"));
    snap->setCheckable(true);
    snap->setChecked(view_->snapping());
    snap->setShortcut(QKeySequence(u"Shift+G"_s));
    snap->setStatusTip(tr("Points and pieces fall on a 10 mm grid; hold Alt to place one freely"));
    connect(snap, &QAction::toggled, view_, &PlanView::setSnapping);
    view->addSeparator();
    for (QDockWidget* d : findChildren<QDockWidget*>()) view->addAction(d->toggleViewAction());

    // ---------------------------------------------------------------- Tools
    QToolBar* bar = addToolBar(tr("Tools"));
    bar->setObjectName(u"tools"_s);
    QMenu* tools = menuBar()->addMenu(tr("&Tools"));
    tools_ = new QActionGroup(this);
    const auto tool = [&](const QString& text, const QString& key, PlanView::Tool which) {
        QAction* a = tools->addAction(text);
        a->setShortcut(QKeySequence(key));
        a->setCheckable(true);
        a->setData(static_cast<int>(which));
        tools_->addAction(a);
        bar->addAction(a);
        connect(a, &QAction::triggered, this, [this, which] { view_->setTool(which); });
        return a;
    };
    tool(tr("&Select / Move"), u"S"_s, PlanView::Tool::Select)->setChecked(true);
    tool(tr("Draw &Area"), u"A"_s, PlanView::Tool::DrawArea);
    auto* area_kind = new QComboBox(this);
    area_kind->setObjectName(u"areaKind"_s);
    for (TerrainKind k : {TerrainKind::Wood, TerrainKind::Hill, TerrainKind::Rough, TerrainKind::Lake, TerrainKind::Village, TerrainKind::Town})
        area_kind->addItem(qs(to_string(k)), static_cast<int>(k));
    bar->addWidget(area_kind);
    tool(tr("Draw &Line"), u"L"_s, PlanView::Tool::DrawLine);
    auto* line_kind = new QComboBox(this);
    line_kind->setObjectName(u"lineKind"_s);
    for (TerrainKind k : {TerrainKind::Road, TerrainKind::River, TerrainKind::Stream, TerrainKind::Wall, TerrainKind::Earthwork, TerrainKind::Redan})
        line_kind->addItem(qs(to_string(k)), static_cast<int>(k));
    bar->addWidget(line_kind);
    tool(tr("&Place Unit"), u"P"_s, PlanView::Tool::PlaceUnit);
    connect(area_kind, &QComboBox::currentIndexChanged, this, [this, area_kind] {
        view_->setAreaKind(static_cast<TerrainKind>(area_kind->currentData().toInt()));
        view_->setTool(PlanView::Tool::DrawArea);
    });
    connect(line_kind, &QComboBox::currentIndexChanged, this, [this, line_kind] {
        view_->setLineKind(static_cast<TerrainKind>(line_kind->currentData().toInt()));
        view_->setTool(PlanView::Tool::DrawLine);
    });
    connect(view_, &PlanView::toolChanged, this, [this](PlanView::Tool which) {
        for (QAction* a : tools_->actions())
            if (a->data().toInt() == static_cast<int>(which)) a->setChecked(true);
    });
    bar->addSeparator();
    bar->addAction(undo);
    bar->addAction(redo);
}

QString ScenarioEditor::statusText() const { return verdict_->text(); }

void ScenarioEditor::say(const QString& text) { statusBar()->showMessage(text, 15000); }

void ScenarioEditor::updateTitle() {
    const QString file = plan_->filePath().isEmpty() ? tr("not saved yet") : QFileInfo(plan_->filePath()).fileName();
    if (plan_->scenario().sides.empty() && plan_->filePath().isEmpty()) {
        setWindowTitle(tr("Fortuna Belli scenario editor"));
        return;
    }
    setWindowTitle(tr("%1 (%2)%3 — Fortuna Belli scenario editor")
                       .arg(qs(plan_->scenario().name), file, plan_->isModified() ? u" *"_s : QString()));
}

void ScenarioEditor::updateStatus() {
    const auto n = static_cast<int>(plan_->problems().size());
    verdict_->setText(n == 0 ? tr("Plays") : tr("Draft: %n problem(s)", nullptr, n));
    verdict_->setToolTip(tr("Checked in %1 ms").arg(plan_->lastCheckMs(), 0, 'f', 1));
}

bool ScenarioEditor::newBattle() {
    NewBattleDialog dialog(plan_->library(), this);
    if (dialog.exec() != QDialog::Accepted) return false;
    try {
        if (dialog.kingsChosen()) {
            // Game Of Kings has an editor of its own: a window beside this one.
            KingsEditor* kings = open_kings_editor(plan_->sharedLibrary(), parentWidget());
            kings->startBattle(dialog.kingsBattle());
            emit kingsEditorOpened(kings);
            return false;
        }
        startBattle(dialog.battle());
        return true;
    } catch (const std::exception& error) {
        QMessageBox::warning(this, tr("Cannot start the battle"), qs(error.what()));
        return false;
    }
}

void ScenarioEditor::startBattle(Scenario scenario) {
    plan_->start(std::move(scenario));
    view_->setTool(PlanView::Tool::Select);
    view_->fitTable();
    say(tr("A new battle: draw the ground (A, L), add commands and units in the Order of Battle, save (Ctrl+S)"));
}

bool ScenarioEditor::openScenario(const QString& file_or_id, bool quiet) {
    if (is_kings_scenario(plan_->library(), file_or_id)) {
        // A Game Of Kings scenario (Fontenoy, the encounter): its own editor, beside this one.
        try {
            KingsEditor* kings = open_kings_editor(plan_->sharedLibrary(), parentWidget());
            if (!kings->openScenario(file_or_id, quiet)) {
                kings->close();
                return false;
            }
            emit kingsEditorOpened(kings);
        } catch (const std::exception& error) {  // its tables or army lists unreadable
            if (!quiet) QMessageBox::warning(this, tr("Cannot edit"), tr("%1\n\n%2").arg(file_or_id, qs(error.what())));
        }
        return false;
    }
    try {
        plan_->open(file_or_id);
        view_->fitTable();
        if (plan_->filePath().isEmpty()) say(tr("A shipped battle: Save asks where to keep your copy"));
        return true;
    } catch (const std::exception& error) {
        if (!quiet) QMessageBox::warning(this, tr("Cannot edit"), tr("%1\n\n%2").arg(file_or_id, qs(error.what())));
        return false;
    }
}

bool ScenarioEditor::save() {
    if (plan_->filePath().isEmpty()) return saveAs();
    return saveTo(plan_->filePath());
}

bool ScenarioEditor::saveAs() {
    const QString suggested = qs(plan_->scenario().id.empty() ? std::string("my-battle") : plan_->scenario().id) + u".json"_s;
    const QString file = QFileDialog::getSaveFileName(this, tr("Save the battle"), suggested, tr("Scenarios (*.json)"));
    if (file.isEmpty()) return false;
    return saveTo(file);
}

bool ScenarioEditor::saveTo(const QString& file, bool quiet) {
    try {
        plan_->save(file);
        const auto n = plan_->problems().size();
        say(n == 0 ? tr("Saved %1: it plays").arg(file) : tr("Saved %1 as a draft with %n problem(s)", nullptr, static_cast<int>(n)).arg(file));
        return true;
    } catch (const std::exception& error) {
        if (!quiet) QMessageBox::warning(this, tr("Cannot save"), qs(error.what()));
        return false;
    }
}

bool ScenarioEditor::play(bool quiet) {
    if (!save()) return false;
    if (!plan_->problems().empty()) {
        QStringList lines;
        for (const ScenarioProblem& p : plan_->problems()) lines << qs(p.message());
        if (!quiet)
            QMessageBox::warning(this, tr("Not ready to play"),
                                 tr("The battle is saved as a draft, but it does not play yet:\n\n%1").arg(lines.mid(0, 20).join(u'\n')));
        say(tr("Not ready to play: %n problem(s), see the Problems", nullptr, static_cast<int>(lines.size())));
        return false;
    }
    emit playRequested(plan_->filePath());
    return true;
}

void ScenarioEditor::closeEvent(QCloseEvent* event) {
    if (plan_->isModified()) {
        const auto answer = QMessageBox::question(this, tr("Unsaved changes"), tr("Save the changes to %1 before closing?").arg(qs(plan_->scenario().name)),
                                                  QMessageBox::Save | QMessageBox::Discard | QMessageBox::Cancel, QMessageBox::Save);
        if (answer == QMessageBox::Cancel || (answer == QMessageBox::Save && !save())) {
            event->ignore();
            return;
        }
    }
    event->accept();
}

ScenarioEditor* open_scenario_editor(std::shared_ptr<const RulesLibrary> library, QWidget* parent) {
    auto* editor = new ScenarioEditor(std::move(library), parent);
    editor->setAttribute(Qt::WA_DeleteOnClose);
    editor->show();
    return editor;
}

}  // namespace fortuna::app
