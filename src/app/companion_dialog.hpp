// SPDX-License-Identifier: MIT
// Game > Table companion...: serve the open battle to the players' phones; URL, QR code and join codes.
#pragma once

#include <QDialog>

#include <functional>
#include <memory>
#include <string>
#include <vector>

#include "table_game.hpp"

class QComboBox;
class QCheckBox;
class QLabel;
class QPushButton;
class QSpinBox;
class QTreeWidget;

namespace fortuna::companion {
class CompanionServer;
}

namespace fortuna::app {

class GameDocument;
class NavalDesk;
class SessionDesk;

// What the dialog serves, whatever desk holds the game: a window on it, whether a battle is open,
// the sides' names, and how the desk tells the server that the game changed or was replaced.
struct CompanionSource {
    std::function<companion::TableGame()> game;
    std::function<bool()> has_game;
    std::function<std::vector<std::string>()> side_names;
    // Connects the desk's change signals to the server (gameChanged, gameReplaced) and calls
    // `replaced` when another battle is open; `context` owns the connections.
    std::function<void(companion::CompanionServer* server, QObject* context, std::function<void()> replaced)> wire;
};

class CompanionDialog : public QDialog {
    Q_OBJECT
public:
    CompanionDialog(GameDocument& document, QWidget* parent = nullptr);
    CompanionDialog(CompanionSource source, QWidget* parent = nullptr);
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

    CompanionSource source_;
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
    QCheckBox* fog_ = nullptr;
};

// The companion's view of the desk's game: actions from the network take the desk's own path
// (GameDocument::perform, one undo command each; undo and redo through the undo stack).
companion::TableGame deskTableGame(GameDocument& document);
// The same for the session desk of any rule system behind the seam (Game Of Kings, Clausewitz):
// actions through SessionDesk::perform, undo and redo through its undo stack.
companion::TableGame sessionTableGame(SessionDesk& desk);
CompanionSource sessionCompanionSource(SessionDesk& desk);
// The naval desk's game through the seam (a view of its session), its actions through its undo stack.
companion::TableGame navalTableGame(NavalDesk& desk);
CompanionSource navalCompanionSource(NavalDesk& desk);

// One dialog per window, kept when closed so that the companion goes on serving.
void showCompanionDialog(GameDocument& document, QWidget* parent);
void showCompanionDialog(CompanionSource source, QWidget* parent);

}  // namespace fortuna::app
