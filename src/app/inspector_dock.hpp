// SPDX-License-Identifier: MIT
// Unit inspector: the selected unit's army-table entry and its state now.
#pragma once

#include <QTextBrowser>

namespace fortuna::app {

class GameDocument;

class UnitInspector : public QTextBrowser {
    Q_OBJECT
public:
    UnitInspector(GameDocument& document, QWidget* parent = nullptr);
    void refresh();

private:
    GameDocument& document_;
};

}  // namespace fortuna::app
