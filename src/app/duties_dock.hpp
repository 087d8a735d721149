// SPDX-License-Identifier: MIT
// The solo player's checklist (issue 6, item 4): what the rules require of the phasing side now.
#pragma once

#include <QString>
#include <QWidget>

#include <memory>
#include <string>
#include <vector>

#include "fortuna/land/duties.hpp"

class QLabel;
class QTreeWidget;
class QTreeWidgetItem;

namespace fortuna {
class Battlefield;
}

namespace fortuna::app {

class GameDocument;

// The items of fortuna::duties() grouped by phase a-e, each ticked and struck through once the
// journal shows it resolved (so undo opens it again). Enter or a double click on an item asks
// for its resolver (dutyActivated); an artillery item's children are its visible targets.
class DutiesPanel : public QWidget {
    Q_OBJECT
public:
    explicit DutiesPanel(GameDocument& document, QWidget* parent = nullptr);
    ~DutiesPanel() override;

    const std::vector<Duty>& duties() const { return duties_; }
    QTreeWidget* list() const { return list_; }
    // The list item of a duty id ("b/fire/CL-A1"), or nullptr.
    QTreeWidgetItem* itemOf(const std::string& id) const;
    // "phase b: 2 to do, 1 done" for the turn bar.
    QString summary() const;
    // Open items of the current phase.
    int openNow() const;
    // Selects and activates the next open item after the current one (the J key).
    bool activateNextOpen();
    // Recomputes the list (after every action, undo and redo).
    void refresh();

signals:
    // A duty to resolve; for artillery, `target` is the chosen target's code (else empty).
    void dutyActivated(const fortuna::Duty& duty, const std::string& target);
    void summaryChanged(const QString& text);
    // Esc in the list: back to the board.
    void leaveRequested();

protected:
    bool eventFilter(QObject* watched, QEvent* event) override;
    void showEvent(QShowEvent* event) override;

private:
    void activate(QTreeWidgetItem* item);
    const Duty* dutyOf(const QTreeWidgetItem* item) const;

    GameDocument& document_;
    std::unique_ptr<Battlefield> field_;
    DutyTracker tracker_;  // measures again only what an action changed (duties.hpp)
    std::vector<Duty> duties_;
    QLabel* heading_;
    QLabel* detail_;
    QTreeWidget* list_;
    QString last_activated_;
    bool stale_ = false;  // changed while the dock was hidden: recomputed when it shows
};

}  // namespace fortuna::app
