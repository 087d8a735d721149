// SPDX-License-Identifier: MIT
// Game > Table companion...: serve the open battle to the players' phones; URL, QR code and join codes.
#pragma once

#include <QDialog>

#include <memory>

#include "table_game.hpp"

class QComboBox;
class QLabel;
class QPushButton;
class QSpinBox;
class QTreeWidget;

namespace fortuna::companion {
class CompanionServer;
}

namespace fortuna::app {

class GameDocument;

class CompanionDialog : public QDialog {
    Q_OBJECT
public:
    CompanionDialog(GameDocument& document, QWidget* parent = nullptr);
    ~CompanionDialog() override;

private:
    void start();
    void stop();
    void showCodes();
    void showQr();
    // Revokes the selected row's code (a side's or the umpire's), or every side's, and shows
    // the new ones: the pages joined with an old code watch from then on.
    void reissueSelected();
    void reissueEverySide();

    GameDocument& document_;
    companion::CompanionServer* server_ = nullptr;
    QComboBox* address_ = nullptr;
    QSpinBox* port_ = nullptr;
    QPushButton* start_ = nullptr;
    QLabel* url_ = nullptr;
    QComboBox* qr_for_ = nullptr;
    QLabel* qr_ = nullptr;
    QTreeWidget* codes_ = nullptr;
    QPushButton* new_code_ = nullptr;
    QPushButton* new_codes_ = nullptr;
    QLabel* status_ = nullptr;
};

// The companion's view of the desk's game: actions from the network take the desk's own path
// (GameDocument::perform, one undo command each; undo and redo through the undo stack).
companion::TableGame deskTableGame(GameDocument& document);

// One dialog per window, kept when closed so that the companion goes on serving.
void showCompanionDialog(GameDocument& document, QWidget* parent);

}  // namespace fortuna::app
