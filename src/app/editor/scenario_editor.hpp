// SPDX-License-Identifier: MIT
// The scenario editor (issue 31): a window of its own to build a club's battle for a land rule
// set: the board with its tools, the properties, the order of battle and the problems as docks;
// New Battle, Edit Scenario, Save, Save As, Play, Undo and Redo.
#pragma once

#include <QMainWindow>

#include <memory>

#include "battle_plan.hpp"

class QActionGroup;
class QComboBox;
class QLabel;

namespace fortuna::app {

class KingsEditor;
class PlanScene;
class PlanView;
class PlanPropertiesPanel;
class PlanOrderOfBattlePanel;
class PlanProblemsPanel;

class ScenarioEditor : public QMainWindow {
    Q_OBJECT
public:
    explicit ScenarioEditor(std::shared_ptr<const RulesLibrary> library, QWidget* parent = nullptr);
    ~ScenarioEditor() override;

    BattlePlan& plan() { return *plan_; }
    PlanView& view() { return *view_; }
    PlanScene& scene() { return *scene_; }
    PlanPropertiesPanel& properties() { return *properties_; }
    PlanOrderOfBattlePanel& orderOfBattle() { return *order_; }
    PlanProblemsPanel& problemsPanel() { return *problems_; }
    QString statusText() const;

    // File > New Battle… (the dialog), or a battle already chosen.
    bool newBattle();
    void startBattle(Scenario scenario);
    // File > Edit Scenario…: a land scenario file or a shipped id. Reports a failure unless quiet.
    // A Game Of Kings scenario opens in a KingsEditor (kingsEditorOpened), and this returns false.
    bool openScenario(const QString& file_or_id, bool quiet = false);
    bool save();
    bool saveAs();
    bool saveTo(const QString& file, bool quiet = false);
    // Saves, then asks the desk to open the battle (playRequested); refuses with the problems.
    bool play(bool quiet = false);

signals:
    // Play: the desk opens this file (MainWindow::openFile).
    void playRequested(const QString& file);
    // A Game Of Kings battle was chosen (New Battle) or opened (Edit Scenario): it went to an
    // editor of its own, whose Play the desk wires; newBattle or openScenario then returned false.
    void kingsEditorOpened(KingsEditor* editor);

protected:
    void closeEvent(QCloseEvent* event) override;

private:
    void buildActions();
    void updateTitle();
    void updateStatus();
    void say(const QString& text);

    std::unique_ptr<BattlePlan> plan_;
    PlanScene* scene_ = nullptr;
    PlanView* view_ = nullptr;
    PlanPropertiesPanel* properties_ = nullptr;
    PlanOrderOfBattlePanel* order_ = nullptr;
    PlanProblemsPanel* problems_ = nullptr;
    QLabel* verdict_ = nullptr;
    QActionGroup* tools_ = nullptr;
};

// Opens an editor window (deleted when closed) whose Play opens the battle with `play`.
ScenarioEditor* open_scenario_editor(std::shared_ptr<const RulesLibrary> library, QWidget* parent);

}  // namespace fortuna::app
