// SPDX-License-Identifier: MIT
// The scenario editor's docks: the selected piece's properties, the order of battle (commands,
// generals, units from the army lists) and the problems of the draft. Each edit goes to the
// BattlePlan as one command.
#pragma once

#include <QWidget>

#include <functional>
#include <optional>
#include <vector>

#include "battle_plan.hpp"

class QFormLayout;
class QLabel;
class QListWidget;
class QPushButton;
class QTreeWidget;
class QTreeWidgetItem;

namespace fortuna::app {

class PlanView;

// The selected piece's fields (the battle's when nothing is selected); a field's edit is
// applied when it is finished (Enter, Tab, another field), typing in one field is one command.
class PlanPropertiesPanel : public QWidget {
    Q_OBJECT
public:
    explicit PlanPropertiesPanel(BattlePlan& plan, QWidget* parent = nullptr);

    // The field with this label, for tests ("x", "name", "type" ...): its widget.
    QWidget* field(const QString& label) const;
    // Sets a field as if typed and finished; returns the refusal in words, or an empty string.
    QString setField(const QString& label, const QString& text);

signals:
    void message(const QString& text);

private:
    struct Field {
        QString label;
        std::function<QString(const Scenario&)> get;
        // Applies the text to the scenario, or returns what was expected in words.
        std::function<std::optional<QString>(Scenario&, const QString&)> set;
        QStringList choices;  // a combo box when not empty: the values
        QStringList labels;   // and what the combo shows
        QWidget* widget = nullptr;
        QString key;
    };
    void rebuild();
    void refresh();
    QString commit(Field& field, const QString& text);
    void addBattleFields();
    void addOrdersFields(int side, const QString& prefix, const QString& key);
    void addFeatureFields(int feature);
    void addUnitFields(const PieceRef& piece);
    void addReinforcementFields(int index);
    void addGeneralFields(int side, int command);

    BattlePlan& plan_;
    QFormLayout* form_ = nullptr;
    QLabel* heading_ = nullptr;
    QLabel* effects_ = nullptr;
    std::vector<Field> fields_;
    PieceRef shown_;
    std::size_t shown_points_ = 0;
};

// The two sides, their commands (each with its general) and units; adds and removes commands,
// adds units by type from the side's army list.
class PlanOrderOfBattlePanel : public QWidget {
    Q_OBJECT
public:
    PlanOrderOfBattlePanel(BattlePlan& plan, PlanView& view, QWidget* parent = nullptr);

    // The actions behind the buttons, without their dialogs (tests, scripts).
    void addCommand(int side, const QString& name, const QString& general_code, const QString& general_name, bool great_captain);
    void removeCommand(int side, int command);
    // A unit of the side's army list, its code suggested, ready to place (view.armUnit) or to
    // add at `at`. Returns the refusal in words, or an empty string.
    QString addUnit(int side, int command, const QString& type, const QString& name, int bases, std::optional<QPointF> at = std::nullopt);
    // A reinforcement of the side, arriving an hour after the start from its own edge; returns its index.
    int addReinforcement(int side);
    QString addReinforcementUnit(int reinforcement, const QString& type, const QString& name, int bases, std::optional<QPointF> at = std::nullopt);
    QTreeWidget* tree() const { return tree_; }

signals:
    void message(const QString& text);

private:
    void rebuild();
    void addCommandDialog();
    void addUnitDialog();
    void placeGeneral();
    // The side and command the tree's selection is in (the first side's first command else).
    std::pair<int, int> currentCommand() const;

    BattlePlan& plan_;
    PlanView& view_;
    QTreeWidget* tree_ = nullptr;
    QLabel* totals_ = nullptr;
    bool rebuilding_ = false;
    bool rebuild_pending_ = false;
};

// Every problem of the draft, one a line; double-click selects the piece it names.
class PlanProblemsPanel : public QWidget {
    Q_OBJECT
public:
    PlanProblemsPanel(BattlePlan& plan, PlanView& view, QWidget* parent = nullptr);
    QListWidget* list() const { return list_; }

private:
    void refresh();
    BattlePlan& plan_;
    PlanView& view_;
    QListWidget* list_ = nullptr;
};

}  // namespace fortuna::app
