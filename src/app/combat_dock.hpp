// SPDX-License-Identifier: MIT
// The combat resolver: attacker and defender, proposed and editable modifiers, the exact odds
// of every result before the roll, the roll (generated or typed), the explanation.
#pragma once

#include <QWidget>

#include <optional>

#include "fortuna/land/actions.hpp"
#include "fortuna/land/resolution.hpp"

class QCheckBox;
class QComboBox;
class QLabel;
class QLineEdit;
class QPushButton;
class QSpinBox;
class QTextBrowser;

namespace fortuna::app {

class GameDocument;
class OddsBars;

class CombatPanel : public QWidget {
    Q_OBJECT
public:
    CombatPanel(GameDocument& document, QWidget* parent = nullptr);

    // Fills attacker and defender from the board's selection and proposes the modifiers.
    void takeSelection();
    // The solo aid's combat item: this attacker against this defender, the roll box focused.
    void setUnits(std::size_t attacker, std::size_t defender);
    // Resolves with the roll in the roll box (empty: the app rolls) and applies the result.
    void resolve();
    QLineEdit* rollEdit() const { return roll_; }

private:
    void rebuildLists();
    void pickLikelyPair();
    void propose();
    void preview();
    // The combat as the widgets set it: the preview's request and the applied action both come
    // from it (combat_request in the library), so what the bars show is what Enter resolves.
    std::optional<CombatAction> action() const;

    GameDocument& document_;
    QComboBox* attacker_;
    QComboBox* defender_;
    QCheckBox* flank_;
    QCheckBox* rear_;
    QCheckBox* charge_;
    QCheckBox* obstacle_;
    QSpinBox* arms_;
    QComboBox* terrain_;
    QComboBox* attacker_leader_;
    QComboBox* defender_leader_;
    QLabel* proposals_;
    QLabel* setup_;
    OddsBars* bars_;
    QLineEdit* roll_;
    QPushButton* resolve_;
    QTextBrowser* result_;
    bool filling_ = false;
};

}  // namespace fortuna::app
