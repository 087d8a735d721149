// SPDX-License-Identifier: MIT
// The naval desk offscreen: the keyboard sails, fires with the umpire's dice and boards, undo brings back the same dice, also after a save and a reopen; unsaved work survives in its journal.
#include <QAbstractButton>
#include <QApplication>
#include <QFileInfo>
#include <QLabel>
#include <QMessageBox>
#include <QPlainTextEdit>
#include <QScrollBar>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTest>
#include <QTimer>
#include <QUndoStack>

#include <filesystem>
#include <fstream>

#include "fortuna/seam/library.hpp"
#include "naval_desk.hpp"

#if __has_include("table_game.hpp")
#include "companion_dialog.hpp"
#include "companion_server.hpp"
#define FORTUNA_TEST_COMPANION 1
#endif

using namespace fortuna;
using namespace fortuna::app;

namespace naval_desk_test {

// Closes the desk with Ctrl+W and answers the box that asks about unsaved work with `button`
// (its text without the '&'); returns the box's text, "" when none came.
QString closeAnswering(NavalDesk* desk, const QString& button) {
    QString asked;
    QTimer watch;
    watch.setInterval(20);
    QObject::connect(&watch, &QTimer::timeout, &watch, [&] {
        auto* box = qobject_cast<QMessageBox*>(QApplication::activeModalWidget());
        if (box == nullptr) return;
        watch.stop();
        asked = box->text();
        for (QAbstractButton* candidate : box->buttons())
            if (candidate->text().remove(u'&') == button) return candidate->click();
        box->reject();
    });
    watch.start();
    QTest::keyClick(desk, Qt::Key_W, Qt::ControlModifier);
    watch.stop();
    return asked;
}

}  // namespace naval_desk_test
using naval_desk_test::closeAnswering;

class NavalDeskTest : public QObject {
    Q_OBJECT

    QTemporaryDir folder_;

private slots:
    void initTestCase() {
        // The desks' crash-safe journals go to a folder of the test's own.
        QVERIFY(folder_.isValid());
        qputenv("FORTUNA_RECOVERY_DIR", folder_.filePath(QStringLiteral("recovery")).toUtf8());
    }

    void keyboardBroadsideAndHonestUndo() {
        const auto data = default_data_dir();
        NavalDesk* desk = open_naval_desk(data / "scenarios" / "channel-1778.json", data, nullptr);
        QVERIFY(desk != nullptr);
        // Arethusa (British, first to move) is selected; Belle Poule lies in her starboard arc.
        QCOMPARE(desk->game().state().ships[static_cast<std::size_t>(desk->selectedShip())].id, std::string("arethusa"));
        QCOMPARE(desk->game().state().ships[static_cast<std::size_t>(desk->selectedTarget())].id, std::string("belle-poule"));
        const ShipStatus before = desk->game().ship("belle-poule").now;
        QTest::keyClick(desk, Qt::Key_F);
        QCOMPARE(desk->game().history().size(), std::size_t{1});
        const auto first = std::get<BroadsideAction>(desk->game().history().back().action).dice;
        QCOMPARE(first.size(), std::size_t{2});
        const ShipStatus hit = desk->game().ship("belle-poule").now;
        QCOMPARE(hit.port_decks, before.port_decks - static_cast<int>(std::count_if(first.begin(), first.end(), [](const Roll& r) { return r.value >= 4; })));
        // A second broadside from the same side is refused and changes nothing.
        QTest::keyClick(desk, Qt::Key_F);
        QCOMPARE(desk->game().history().size(), std::size_t{1});
        QVERIFY(desk->lastMessage().contains(QStringLiteral("have fired this round")));
        QTest::keyClick(desk, Qt::Key_Z, Qt::ControlModifier);
        QVERIFY(desk->game().ship("belle-poule").now == before);
        QTest::keyClick(desk, Qt::Key_F);
        const auto again = std::get<BroadsideAction>(desk->game().history().back().action).dice;
        QCOMPARE(again[0].value, first[0].value);
        QCOMPARE(again[1].value, first[1].value);
        QVERIFY(desk->game().ship("belle-poule").now == hit);
        // Issue 25: one command a broadside on the desk's undo stack (the refusal never reached
        // it); the stack's own undo and redo step the game, and redo replays the same dice.
        QCOMPARE(desk->undoStack()->count(), 1);
        desk->undoStack()->undo();
        QVERIFY(desk->game().ship("belle-poule").now == before);
        desk->undoStack()->redo();
        QVERIFY(desk->game().ship("belle-poule").now == hit);
        QCOMPARE(std::get<BroadsideAction>(desk->game().history().back().action).dice[0].value, first[0].value);
        // Issue 28: dice typed belong to the ship and target selected: Tab to another clears them.
        QTest::keyClick(desk, Qt::Key_Z, Qt::ControlModifier);
        QTest::keyClick(desk, Qt::Key_6);
        QTest::keyClick(desk, Qt::Key_6);
        QCOMPARE(desk->typedDice(), QStringLiteral("6 6"));
        QTest::keyClick(desk, Qt::Key_Tab);
        QCOMPARE(desk->typedDice(), QString());
        QTest::keyClick(desk, Qt::Key_Backtab);
        QCOMPARE(desk->game().state().ships[static_cast<std::size_t>(desk->selectedShip())].id, std::string("arethusa"));
        QTest::keyClick(desk, Qt::Key_F);  // the game's dice, kept from the undone broadside
        QCOMPARE(std::get<BroadsideAction>(desk->game().history().back().action).dice[0].value, first[0].value);
        // E ends the British move: the French ship is selected, and Tab stays on French ships.
        QTest::keyClick(desk, Qt::Key_E);
        QCOMPARE(desk->game().state().turn.active_side, 1);
        QCOMPARE(desk->game().state().ships[static_cast<std::size_t>(desk->selectedShip())].now.side, 1);
        QTest::keyClick(desk, Qt::Key_Tab);
        QCOMPARE(desk->game().state().ships[static_cast<std::size_t>(desk->selectedShip())].now.side, 1);
        QVERIFY(!closeAnswering(desk, QStringLiteral("Discard")).isEmpty());  // unsaved: asked
    }

    // Issue 25: the table companion serves the naval desk's game through the seam; a captain's
    // action from a phone takes the desk's path (one command on its undo stack), undo its stack.
    // (Declared whatever the build: moc cannot read __has_include.)
    void theTableCompanionServesTheNavalDesksGame() {
#ifndef FORTUNA_TEST_COMPANION
        QSKIP("built without the table companion");
#else
        const auto data = default_data_dir();
        NavalDesk* desk = open_naval_desk(data / "scenarios" / "channel-1778.json", data, nullptr);
        QVERIFY(desk != nullptr);
        companion::TableGame game = navalTableGame(*desk);
        const nlohmann::json state = game.public_state();
        QVERIFY(state["system"] == "age-of-sail");
        QVERIFY(!state.contains("seed"));
        QVERIFY(game.units_of(0).size() > 0);
        // A preview from the library: Arethusa's broadside at Belle Poule, exact odds before the roll.
        const nlohmann::json broadside{{"action", "broadside"}, {"ship", "arethusa"}, {"target", "belle-poule"}, {"side", "starboard"}};
        QVERIFY(game.preview(broadside).unavailable.empty());
        QSignalSpy changed(desk, &NavalDesk::positionChanged);
        nlohmann::json asked = broadside;
        asked["by"] = "british";
        const nlohmann::json line = game.apply(asked);
        QVERIFY(line["do"] == "broadside");
        QVERIFY(line["by"] == "british");  // who asked is the journal line's, beside the action
        QCOMPARE(desk->undoStack()->count(), 1);
        QVERIFY(changed.count() >= 1);
        bool refused = false;
        try {
            (void)game.apply(broadside);  // the same side again: the rules refuse, nothing changes
        } catch (const companion::ApiError& error) {
            refused = error.status == 409;
        }
        QVERIFY(refused);
        QCOMPARE(desk->undoStack()->count(), 1);
        (void)game.apply(nlohmann::json{{"action", "undo"}});
        QCOMPARE(desk->undoStack()->index(), 0);
        QCOMPARE(desk->game().history().size(), std::size_t{0});
        QVERIFY(!game.board_png(360).isEmpty());
        closeAnswering(desk, QStringLiteral("Discard"));
        QCoreApplication::sendPostedEvents(nullptr, QEvent::DeferredDelete);
#endif
    }

    // Belle Poule 18 cm off, out of range: Arethusa turns south with the arrow keys and sails 16 cm
    // into contact, fires her port broadside with the umpire's dice and boards her.
    void sailIntoRangeFireAndBoardWithTheKeys() {
        const auto data = default_data_dir();
        nlohmann::json scenario = read_json_file(data / "scenarios" / "channel-1778.json");
        scenario["ships"][1]["x_cm"] = 43;
        scenario["ships"][1]["y_cm"] = 82;
        const QString file = folder_.filePath(QStringLiteral("apart.json"));
        std::ofstream(file.toStdString()) << scenario.dump(2);
        NavalDesk* desk = open_naval_desk(file.toStdString(), data, nullptr);
        QCOMPARE(desk->game().state().ships[static_cast<std::size_t>(desk->selectedShip())].id, std::string("arethusa"));
        QCOMPARE(desk->selectedTarget(), -1);  // nobody within 12 cm
        // Esc leaves the move mode without a move.
        QTest::keyClick(desk, Qt::Key_G);
        QVERIFY(desk->isPlanningMove());
        QTest::keyClick(desk, Qt::Key_Left);
        QCOMPARE(desk->plannedMove()->heading_deg, 67.5);
        QTest::keyClick(desk, Qt::Key_Escape);
        QVERIFY(!desk->isPlanningMove());
        QVERIFY(desk->game().history().empty());
        // South is a beam reach: (4 + 1) x 4 mast units = 20 cm, 4 points of turning = 4 cm.
        QTest::keyClick(desk, Qt::Key_G);
        for (int i = 0; i < 4; ++i) QTest::keyClick(desk, Qt::Key_Right);
        QCOMPARE(desk->plannedMove()->heading_deg, 180.0);
        QCOMPARE(desk->plannedMove()->allowance.allowance_cm, 20.0);
        QCOMPARE(desk->plannedMove()->remaining_cm, 16.0);
        for (int i = 0; i < 16; ++i) QTest::keyClick(desk, Qt::Key_Up);
        QCOMPARE(desk->plannedMove()->remaining_cm, 0.0);
        QTest::keyClick(desk, Qt::Key_Up);  // one more is refused, the plan stays
        QCOMPARE(desk->plannedMove()->distance_cm, 16.0);
        QVERIFY2(desk->lastMessage().contains(QStringLiteral("may use 20 cm this move")), qPrintable(desk->lastMessage()));
        QTest::keyClick(desk, Qt::Key_Return);
        QVERIFY(!desk->isPlanningMove());
        const auto& move = std::get<ShipMoveAction>(desk->game().history().back().action);
        QCOMPARE(move.x_cm, 40.0);
        QCOMPARE(move.y_cm, 84.0);
        QCOMPARE(desk->game().ship("arethusa").now.heading_deg, 180.0);
        // Belle Poule is now 3.6 cm off the port bow quarter: T selects her.
        QTest::keyClick(desk, Qt::Key_T);
        QCOMPARE(desk->game().state().ships[static_cast<std::size_t>(desk->selectedTarget())].id, std::string("belle-poule"));
        // A 7 is not a die; the umpire's 1 and 2 miss (0-4 cm: hull 3-6) and are the broadside's dice.
        QTest::keyClick(desk, Qt::Key_7);
        QVERIFY2(desk->lastMessage().contains(QStringLiteral("a die shows 1 to 6, not 7")), qPrintable(desk->lastMessage()));
        QCOMPARE(desk->typedDice(), QString());
        QTest::keyClick(desk, Qt::Key_1);
        QTest::keyClick(desk, Qt::Key_2);
        QTest::keyClick(desk, Qt::Key_2);
        QTest::keyClick(desk, Qt::Key_Backspace);
        QCOMPARE(desk->typedDice(), QStringLiteral("1 2"));
        QTest::keyClick(desk, Qt::Key_F);
        const auto& fired = std::get<BroadsideAction>(desk->game().history().back().action);
        QCOMPARE(fired.side, BroadsideSide::Port);
        QCOMPARE(fired.dice.size(), std::size_t{2});
        QCOMPARE(fired.dice[0].value, 1);
        QCOMPARE(fired.dice[1].value, 2);
        QCOMPARE(fired.dice[0].source, RollSource::Entered);
        QCOMPARE(desk->typedDice(), QString());
        QCOMPARE(desk->game().ship("belle-poule").now.gun_decks(), 4);
        // In contact: the chances of the boarding, 4 dice against 4, are shown before the roll.
        const auto odds = boarding_odds(4, 4);
        bool shown = false;
        for (const QLabel* label : desk->findChildren<QLabel*>())
            shown = shown || label->text().contains(QStringLiteral("Boarding (4 dice against 4): capture %1").arg(QString::fromStdString(odds.attacker_wins.percent())));
        QVERIFY(shown);
        // Boarding throws 4 dice for Arethusa's gun decks and 4 for Belle Poule's: two typed are refused, not padded.
        QTest::keyClick(desk, Qt::Key_6);
        QTest::keyClick(desk, Qt::Key_6);
        QTest::keyClick(desk, Qt::Key_B);
        QCOMPARE(desk->game().history().size(), std::size_t{2});
        QVERIFY2(desk->lastMessage().contains(QStringLiteral("throws 8 dice; 2 typed")), qPrintable(desk->lastMessage()));
        QCOMPARE(desk->typedDice(), QStringLiteral("6 6"));  // kept to be corrected; Esc clears them
        QTest::keyClick(desk, Qt::Key_Escape);
        for (Qt::Key key : {Qt::Key_6, Qt::Key_6, Qt::Key_1, Qt::Key_1, Qt::Key_1, Qt::Key_1, Qt::Key_2, Qt::Key_2}) QTest::keyClick(desk, key);
        QTest::keyClick(desk, Qt::Key_B);
        QCOMPARE(desk->game().history().size(), std::size_t{3});
        QCOMPARE(desk->game().history().back().summary, std::string("Arethusa captures Belle Poule"));  // 14 against 6
        QVERIFY(desk->game().ship("belle-poule").now.struck);
        // The odds before the boarding were on the panel while she lay in contact; A drops Valiant's anchor,
        // and a move planned for her then says why she cannot sail.
        // Tab goes through the British ships, the prize Belle Poule now among them.
        QTest::keyClick(desk, Qt::Key_Tab);
        QCOMPARE(desk->game().state().ships[static_cast<std::size_t>(desk->selectedShip())].id, std::string("belle-poule"));
        QTest::keyClick(desk, Qt::Key_Tab);
        QCOMPARE(desk->game().state().ships[static_cast<std::size_t>(desk->selectedShip())].id, std::string("valiant"));
        QTest::keyClick(desk, Qt::Key_A);
        QVERIFY(desk->game().ship("valiant").now.anchored);
        QTest::keyClick(desk, Qt::Key_G);
        QCOMPARE(desk->plannedMove()->refusal, std::string("Valiant is at anchor: weigh anchor (a whole move) before sailing"));
        QTest::keyClick(desk, Qt::Key_Return);
        QCOMPARE(desk->game().history().size(), std::size_t{4});  // the anchor, no move
        QTest::keyClick(desk, Qt::Key_Escape);
        // E with dice typed is refused: ending the move throws none.
        QTest::keyClick(desk, Qt::Key_3);
        QTest::keyClick(desk, Qt::Key_E);
        QCOMPARE(desk->game().state().turn.active_side, 0);
        QTest::keyClick(desk, Qt::Key_Escape);
        QTest::keyClick(desk, Qt::Key_E);
        QCOMPARE(desk->game().state().turn.active_side, 1);
        QVERIFY(!closeAnswering(desk, QStringLiteral("Discard")).isEmpty());
    }

    void saveReopenAndUndoWithoutReRolling() {
        const auto data = default_data_dir();
        NavalDesk* desk = open_naval_desk(data / "scenarios" / "channel-1778.json", data, nullptr);
        const std::filesystem::path journal = desk->recoveryJournal().toStdString();
        QVERIFY2(std::filesystem::exists(journal), journal.c_str());
        QCOMPARE(journal.parent_path(), naval_recovery_dir());
        QTest::keyClick(desk, Qt::Key_F);
        const auto fired = std::get<BroadsideAction>(desk->game().history().back().action).dice;
        QTest::keyClick(desk, Qt::Key_E);
        QVERIFY(desk->isModified());
        QVERIFY(desk->isWindowModified());
        const QString save = folder_.filePath(QStringLiteral("channel.fortuna-naval"));
        QVERIFY2(desk->saveTo(save), qPrintable(desk->lastMessage()));
        QVERIFY(!desk->isModified());
        QVERIFY(!desk->isWindowModified());
        // Ctrl+S writes the same file again once it has a name.
        QTest::keyClick(desk, Qt::Key_Z, Qt::ControlModifier | Qt::ShiftModifier);  // nothing to redo: no change
        QTest::keyClick(desk, Qt::Key_S, Qt::ControlModifier);
        QCOMPARE(desk->lastMessage(), QStringLiteral("Saved %1").arg(save));
        const nlohmann::json state = desk->game().to_json();
        QCOMPARE(closeAnswering(desk, QStringLiteral("Discard")), QString());  // saved: nothing to ask
        QCoreApplication::sendPostedEvents(nullptr, QEvent::DeferredDelete);
        QVERIFY(!std::filesystem::exists(journal));  // saved: the crash journal is no longer needed

        NavalDesk* again = open_naval_desk(save.toStdString(), data, nullptr);
        QCOMPARE(again->savePath(), save);
        QVERIFY(again->game().to_json() == state);
        QCOMPARE(again->game().history().size(), std::size_t{2});
        // Undo reaches back across the reopen; the broadside fired again has the same dice.
        QTest::keyClick(again, Qt::Key_Z, Qt::ControlModifier);
        QTest::keyClick(again, Qt::Key_Z, Qt::ControlModifier);
        QCOMPARE(again->game().ship("belle-poule").now.port_decks, 2);
        // The opened save's actions are below the stack (it holds this desk's own): redo takes the
        // first back, undo leaves it again, in order.
        QCOMPARE(again->undoStack()->count(), 0);
        QCOMPARE(again->game().history().size(), std::size_t{0});
        QTest::keyClick(again, Qt::Key_Z, Qt::ControlModifier | Qt::ShiftModifier);
        QCOMPARE(again->game().history().size(), std::size_t{1});
        QTest::keyClick(again, Qt::Key_Z, Qt::ControlModifier);
        QCOMPARE(again->game().history().size(), std::size_t{0});
        QCOMPARE(again->game().state().ships[static_cast<std::size_t>(again->selectedShip())].id, std::string("arethusa"));
        QTest::keyClick(again, Qt::Key_F);
        QCOMPARE(again->game().history().size(), std::size_t{1});
        QCOMPARE(again->undoStack()->count(), 1);
        const auto refired = std::get<BroadsideAction>(again->game().history().back().action).dice;
        QCOMPARE(refired.size(), fired.size());
        for (std::size_t i = 0; i < fired.size(); ++i) QCOMPARE(refired[i].value, fired[i].value);
        // The app quits with unsaved work on the desk: the journal stays, and opening it gives
        // the game back as it was.
        QVERIFY(again->isModified());
        const QString kept = again->recoveryJournal();
        const nlohmann::json unsaved = again->game().to_json();
        delete again;
        QCoreApplication::sendPostedEvents(nullptr, QEvent::DeferredDelete);
        QVERIFY(std::filesystem::exists(kept.toStdString()));
        QVERIFY(is_naval_file(kept.toStdString()));
        NavalDesk* recovered = open_naval_desk(kept.toStdString(), data, nullptr);
        QVERIFY(recovered->game().to_json() == unsaved);
        QCOMPARE(recovered->recoveryJournal(), kept);
        const QString pdf = folder_.filePath(QStringLiteral("victory.pdf"));
        QVERIFY2(recovered->exportVictorySheet(pdf), qPrintable(recovered->lastMessage()));
        QVERIFY(QFileInfo(pdf).size() > 1000);
        // A recovered game is unsaved work until it is saved: closing it asks, Discard lets it go.
        QVERIFY(recovered->isModified());
        QVERIFY(!closeAnswering(recovered, QStringLiteral("Discard")).isEmpty());
        QCoreApplication::sendPostedEvents(nullptr, QEvent::DeferredDelete);
        QVERIFY(!std::filesystem::exists(kept.toStdString()));
    }

    // Issue 28: Ctrl+W closed unsaved work without a word, and the log did not follow its newest
    // line (the opened file's lines were added before the desk was laid out).
    void closingAsksAboutUnsavedWorkAndTheLogFollowsItsNewestLine() {
        const auto data = default_data_dir();
        NavalDesk* desk = open_naval_desk(data / "scenarios" / "channel-1778.json", data, nullptr);
        auto* log = desk->findChild<QPlainTextEdit*>();
        QVERIFY(log != nullptr);
        for (int i = 0; i < 8; ++i) {
            QTest::keyClick(desk, Qt::Key_F);
            QTest::keyClick(desk, Qt::Key_Z, Qt::ControlModifier);
        }
        QTest::keyClick(desk, Qt::Key_F);
        QApplication::processEvents();
        QVERIFY(log->verticalScrollBar()->maximum() > 0);
        QCOMPARE(log->verticalScrollBar()->value(), log->verticalScrollBar()->maximum());
        // Cancel keeps the desk and its game.
        const QString asked = closeAnswering(desk, QStringLiteral("Cancel"));
        QVERIFY2(asked.contains(QStringLiteral("Save the game before closing?")), qPrintable(asked));
        QVERIFY(desk->isVisible());
        QCOMPARE(desk->game().history().size(), std::size_t{1});
        const QString journal = desk->recoveryJournal();
        QVERIFY(std::filesystem::exists(journal.toStdString()));
        delete desk;  // the app quits: the unsaved work's journal stays

        // Opened again from its journal, the log shows its last line.
        NavalDesk* again = open_naval_desk(journal.toStdString(), data, nullptr);
        auto* again_log = again->findChild<QPlainTextEdit*>();
        QApplication::processEvents();
        QVERIFY(again_log->verticalScrollBar()->maximum() > 0);
        QCOMPARE(again_log->verticalScrollBar()->value(), again_log->verticalScrollBar()->maximum());
        // Discard: the desk closes and the unsaved actions' journal goes with them.
        QVERIFY(!closeAnswering(again, QStringLiteral("Discard")).isEmpty());
        QCoreApplication::sendPostedEvents(nullptr, QEvent::DeferredDelete);
        QVERIFY(!std::filesystem::exists(journal.toStdString()));
    }
};

#include "app_test_registry.hpp"
FORTUNA_APP_TEST(fortuna_naval_desk_tests, NavalDeskTest)
#include "test_naval_desk.moc"
