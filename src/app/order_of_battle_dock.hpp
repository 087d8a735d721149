// SPDX-License-Identifier: MIT
// Order of battle: side -> command -> units with bases, state and formation; a filter; selects on the board.
#pragma once

#include <QWidget>

#include <cstddef>
#include <vector>

class QLineEdit;
class QTreeWidget;

namespace fortuna {
struct GameChange;
}

namespace fortuna::app {

class GameDocument;

class OrderOfBattlePanel : public QWidget {
    Q_OBJECT
public:
    OrderOfBattlePanel(GameDocument& document, QWidget* parent = nullptr);
    QLineEdit* filterEdit() const { return filter_; }

signals:
    void unitActivated(std::size_t unit);  // Enter or double-click: centre the board on it

private:
    void rebuild();
    void refresh();
    void refreshChange(const fortuna::GameChange& change);  // only the rows of the units it changed
    void refreshRows(const std::vector<std::size_t>* units);  // every row, or only these
    void applyFilter();
    void followBoardSelection();
    void selectOnBoard();

    GameDocument& document_;
    QLineEdit* filter_;
    QTreeWidget* tree_;
    bool syncing_ = false;
};

}  // namespace fortuna::app
