// SPDX-License-Identifier: MIT
// The naval desk: a window for an Age of Sail scenario with the board (wind, arcs, ranges), the sheets and keyboard gunnery.
#pragma once

#include <QWidget>

#include <filesystem>
#include <memory>

#include "fortuna/naval.hpp"

class QLabel;
class QListWidget;
class QPlainTextEdit;

namespace fortuna::app {

// Draws the table at scale: shoals, ships as hulls pointing along their heading, the wind, and for
// the selected ship its two 90° broadside arcs with the 4, 8 and 12 cm range rings.
class NavalBoard : public QWidget {
    Q_OBJECT
public:
    NavalBoard(const NavalGame& game, QWidget* parent = nullptr);
    void setSelection(int ship, int target);
    QSize sizeHint() const override { return {720, 480}; }

protected:
    void paintEvent(QPaintEvent* event) override;

private:
    const NavalGame& game_;
    int ship_ = -1;
    int target_ = -1;
};

// Keys: Tab / Shift+Tab the ship (of the side to move), T the target, F fire at the hull, S fire at
// the sails, B board, X fight the fire, R refloat, M repair a mast, E end the move, W the wind,
// Ctrl+Z undo and Ctrl+Shift+Z redo (the rolls stay in each action: undo never re-rolls).
class NavalDesk : public QWidget {
    Q_OBJECT
public:
    NavalDesk(NavalTables tables, NavalScenario scenario, std::uint64_t seed, QWidget* parent = nullptr);

    const NavalGame& game() const { return *game_; }
    int selectedShip() const { return ship_; }
    int selectedTarget() const { return target_; }
    QString lastMessage() const { return last_; }
    // One action, as a key does it; false with the reason in lastMessage() when the rules refuse.
    bool perform(NavalAction action);
    bool undo();
    bool redo();
    void selectShip(int step);
    void selectTarget();

protected:
    void keyPressEvent(QKeyEvent* event) override;
    bool focusNextPrevChild(bool next) override;  // Tab selects ships, not widgets

private:
    void fire(Aim aim);
    void refresh();
    std::string shipId(int index) const;

    std::unique_ptr<NavalTables> tables_;
    std::unique_ptr<NavalGame> game_;
    Dice dice_;
    int ship_ = -1;
    int target_ = -1;
    QString last_;
    NavalBoard* board_ = nullptr;
    QLabel* status_ = nullptr;
    QLabel* odds_ = nullptr;
    QListWidget* sheets_ = nullptr;
    QPlainTextEdit* journal_ = nullptr;
};

// Opens a naval scenario file in its own desk window; throws DataError or RuleError on a bad file.
NavalDesk* open_naval_desk(const std::filesystem::path& file, const std::filesystem::path& data_dir, QWidget* parent);

}  // namespace fortuna::app
