// SPDX-License-Identifier: MIT
// File > New Battle…: the rule set, the table's size, the ground scale it implies, the two sides
// with their nations and colours, the start and dusk. Gives the new scenario (new_scenario with
// the choices made).
#pragma once

#include <QDialog>

#include <array>
#include <optional>

#include <nlohmann/json.hpp>

#include "fortuna/land/scenario.hpp"

class QComboBox;
class QDoubleSpinBox;
class QLabel;
class QLineEdit;
class QPushButton;
class QTimeEdit;

namespace fortuna {
class RulesLibrary;
}

namespace fortuna::app {

class NewBattleDialog : public QDialog {
    Q_OBJECT
public:
    NewBattleDialog(const RulesLibrary& library, QWidget* parent = nullptr);

    // The battle as chosen; RuleError (an unknown rule set, a table out of range) as new_scenario says.
    Scenario battle() const;

    // For tests and scripts: the choices the dialog offers.
    void choose(const QString& ruleset, double width_mm, double depth_mm);
    QComboBox* rulesetBox() const { return ruleset_; }
    // Game Of Kings chosen: its battle is a document for the KingsEditor, not a land Scenario.
    bool kingsChosen() const;
    // The empty Game Of Kings battle with the id, name and sides typed (new_scenario_document).
    nlohmann::ordered_json kingsBattle() const;

private:
    void rulesetChosen();
    void presetChosen();
    void sayScale();

    const RulesLibrary& library_;
    QComboBox* ruleset_ = nullptr;
    QComboBox* preset_ = nullptr;
    QDoubleSpinBox* width_ = nullptr;
    QDoubleSpinBox* depth_ = nullptr;
    QLabel* scale_ = nullptr;
    QLineEdit* id_ = nullptr;
    QLineEdit* name_ = nullptr;
    QTimeEdit* start_ = nullptr;
    QTimeEdit* dusk_ = nullptr;
    struct SideRow {
        QLineEdit* id = nullptr;
        QLineEdit* name = nullptr;
        QComboBox* nation = nullptr;
        QPushButton* colour = nullptr;
        QString colour_name;
    };
    std::array<SideRow, 2> sides_;
};

}  // namespace fortuna::app
