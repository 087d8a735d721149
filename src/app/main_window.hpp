// SPDX-License-Identifier: MIT
// The main window: the board in the middle, the umpire's docks around it, the command line below.
#pragma once

#include <QMainWindow>
#include <QSize>
#include <QStringList>

#include <functional>
#include <map>
#include <memory>
#include <string>

namespace fortuna {
class RulesLibrary;
struct Duty;
}

class QDockWidget;
class QLabel;
class QLineEdit;
class QMenu;

namespace fortuna::app {

class ArtilleryPanel;
class BoardScene;
class BoardView;
class CombatPanel;
class CrisisPanel;
class DutiesPanel;
class GameDocument;
class JournalPanel;
class OpponentDesk;
class RallyPanel;
class TurnBar;
class WelcomeOverlay;

class MainWindow : public QMainWindow {
    Q_OBJECT
public:
    explicit MainWindow(std::shared_ptr<const RulesLibrary> library, QWidget* parent = nullptr);
    ~MainWindow() override;

    GameDocument& document() { return *document_; }
    BoardView& boardView() { return *view_; }
    BoardScene& boardScene() { return *scene_; }
    QLineEdit* commandLine() const { return command_line_; }
    CombatPanel* combatPanel() const { return combat_; }
    ArtilleryPanel* artilleryPanel();
    DutiesPanel* dutiesPanel() const { return duties_; }
    TurnBar* turnBar() const { return turn_bar_; }
    WelcomeOverlay* welcome() const { return welcome_; }
    // Game > Computer Plays: the programmed opponent (opponent_desk.hpp).
    OpponentDesk* opponentDesk() const { return opponent_; }

    // Opens a scenario, save or recovery journal; reports a failure in a message box unless quiet.
    bool openFile(const QString& file, bool quiet = false);
    // The battle asked for at the start; when it cannot be opened, `fallback` is, and one message
    // (object name "openedInstead") says which, what could not be opened and why (issue 28, item 6).
    // False when neither opens.
    bool openOrInstead(const QString& file, const QString& fallback);
    // Why the last openFile failed, in words ("" after one that opened).
    QString lastOpenError() const { return last_open_error_; }
    // Runs one line of the command line; returns the error in words or an empty string.
    QString runCommand(const QString& text);
    // Offers the journals of games that did not close cleanly (after a crash).
    void offerRecovery();
    // Raises a dock by its object name ("combat", "artillery", "duties", "journal", ...).
    void raiseDock(const QString& name);
    // The solo aid: select the duty's units and open its resolver, filled in (target: artillery).
    void activateDuty(const Duty& duty, const std::string& target);

    // File > New Battle… and Edit Scenario… (issue 31): the scenario editor, its Play opening
    // here. An empty file: a new battle; otherwise that scenario file or shipped id.
    void openScenarioEditor(const QString& file = QString());

    // The printed sheets (issue 7, print_actions.cpp) add File > Print / Export PDF to this menu.
    QMenu* fileMenu() const { return file_menu_; }

    // Below this window size the docks stand in one column of tabs on the right (a 1280 x 720
    // laptop, a 200 % screen), so the board keeps most of the window; at it or above, two columns.
    static constexpr QSize kRoomyDesk{1366, 768};
    static bool wantsCompactDesk(QSize size);
    bool compactDesk() const { return compact_; }
    // It holds no battle and made way for a desk of another system (openFile): not shown at start.
    bool gaveWayToADesk() const { return gave_way_; }

protected:
    void closeEvent(QCloseEvent* event) override;
    void resizeEvent(QResizeEvent* event) override;
    void showEvent(QShowEvent* event) override;
    bool eventFilter(QObject* watched, QEvent* event) override;

private:
    void closeIfEmptyBehindDesks();
    bool gave_way_ = false;
    QString last_open_error_;
    void buildActions();
    void buildDocks();
    // Places the docks for a small window (one column of tabs) or a roomy one (two columns).
    void arrangeDocks(bool compact);
    void sizeDocks();
    static QWidget* shrinkable(QWidget* content);
    void buildComputerMenu(QMenu* game);
    void updateTitle();
    void addRecent(const QString& file);
    void rebuildRecentMenu();
    void openDialog();
    bool save();
    bool saveAs();
    // The game could not be written (cause): says what is safe and offers Save As elsewhere.
    bool offerSaveElsewhere(const QString& cause, const QString& safe);
    void showKeys();
    void about();
    void prefillCommand(const QString& text);
    void applySelectedFormation(const QString& formation);
    void wheelSelected(double degrees);
    void report(const QString& text, bool error = false);
    // A dock whose content is built when first shown, or just after the window's first paint.
    QDockWidget* lazyDock(const QString& name, const QString& title, Qt::DockWidgetArea area, std::function<QWidget*()> build);
    void materialize(const QString& name);
    // What can wait until the board has been painted once (start-up benchmark, issue 5 item 9).
    void finishStartup();

    std::shared_ptr<const RulesLibrary> library_;  // for the scenario editor's windows
    std::unique_ptr<GameDocument> document_;
    BoardScene* scene_ = nullptr;
    BoardView* view_ = nullptr;
    TurnBar* turn_bar_ = nullptr;
    CombatPanel* combat_ = nullptr;
    ArtilleryPanel* artillery_ = nullptr;
    RallyPanel* rally_ = nullptr;
    CrisisPanel* crisis_ = nullptr;
    DutiesPanel* duties_ = nullptr;
    JournalPanel* journal_ = nullptr;
    QLineEdit* command_line_ = nullptr;
    QLabel* command_echo_ = nullptr;
    WelcomeOverlay* welcome_ = nullptr;
    QMenu* file_menu_ = nullptr;
    QMenu* recent_menu_ = nullptr;
    QMenu* view_menu_ = nullptr;
    QAction* next_phase_ = nullptr;
    OpponentDesk* opponent_ = nullptr;
    std::map<QString, std::function<QWidget*()>> unbuilt_docks_;
    bool started_ = false;
    bool compact_ = false;
    bool arranged_ = false;
    bool rearrange_pending_ = false;
    bool size_docks_when_shown_ = false;
    bool sized_here_ = false;  // the dock sizes are the arrangement's, not restored from the settings
    QStringList history_;
    int history_at_ = 0;
};

}  // namespace fortuna::app
