// SPDX-License-Identifier: MIT
// The journal: every applied action with its rolls and the explanation citing the tables.
#pragma once

#include <QWidget>

class QListWidget;
class QTextBrowser;

namespace fortuna::app {

class GameDocument;

class JournalPanel : public QWidget {
    Q_OBJECT
public:
    explicit JournalPanel(GameDocument& document, QWidget* parent = nullptr);
    int entries() const;

private:
    void refresh();
    void showEntry(int row);
    void addEntry(const QString& text);
    GameDocument& document_;
    QListWidget* list_;
    QTextBrowser* detail_;
    struct Shown {
        std::size_t applied = 0, undone = 0;
        long long last_seq = 0;
    } shown_;  // what the list holds: the history's lines, then the undone ones
};

}  // namespace fortuna::app
