// SPDX-License-Identifier: MIT
// Artillery fire (Table 3), the rally list of the phasing side, and the crisis-of-morale check.
#pragma once

#include <QWidget>

class QComboBox;
class QLabel;
class QLineEdit;
class QSpinBox;
class QTreeWidget;

namespace fortuna::app {

class GameDocument;
class OddsBars;

class ArtilleryPanel : public QWidget {
    Q_OBJECT
public:
    ArtilleryPanel(GameDocument& document, QWidget* parent = nullptr);
    void fire();
    // The solo aid's artillery item: this battery on this target, the roll box focused.
    void setFire(std::size_t battery, std::size_t target);
    QComboBox* targetBox() const { return target_; }
    // The targets measured now if the position changed while the dock was out of sight (its
    // dock shown or its tab raised: MainWindow).
    void catchUp();
    QLineEdit* rollEdit() const { return roll_; }

protected:
    void showEvent(QShowEvent* event) override;

private:
    // After an action: the targets measured again now, or when the dock is next shown.
    void positionChanged();
    void rebuildLists();
    // Only the enemy on the table: in range and in sight first, nearest first.
    void rebuildTargets();
    void takeSelection();
    void measure();
    void preview();

    GameDocument& document_;
    QComboBox* battery_;
    QComboBox* target_;
    QSpinBox* range_;
    QLabel* sight_;
    OddsBars* bars_;
    QLineEdit* roll_;
    QLabel* result_;
    bool filling_ = false;
    bool stale_ = false;  // the position changed while the dock was hidden
};

class RallyPanel : public QWidget {
    Q_OBJECT
public:
    RallyPanel(GameDocument& document, QWidget* parent = nullptr);
    void rallySelected();
    // The solo aid's rally item: this unit current, the roll box focused.
    void setUnit(std::size_t unit);

private:
    void refresh();
    void bindRoll();  // the roll box is the current unit's (desk_focus.hpp)

    GameDocument& document_;
    QTreeWidget* list_;
    QComboBox* general_;
    QLineEdit* roll_;
    QLabel* result_;
};

class CrisisPanel : public QWidget {
    Q_OBJECT
public:
    CrisisPanel(GameDocument& document, QWidget* parent = nullptr);
    QLineEdit* rollEdit() const { return roll_; }

private:
    void refresh();
    void test(int side);

    GameDocument& document_;
    QLabel* sides_[2];
    QLineEdit* roll_;
    QLabel* result_;
};

}  // namespace fortuna::app
