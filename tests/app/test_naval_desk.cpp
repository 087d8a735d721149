// SPDX-License-Identifier: MIT
// The naval desk offscreen: the keyboard fires a broadside and undo brings back the same dice, also after a save and a reopen; unsaved work survives in its journal.
#include <QApplication>
#include <QFileInfo>
#include <QTemporaryDir>
#include <QTest>

#include <filesystem>

#include "fortuna/library.hpp"
#include "naval_desk.hpp"

using namespace fortuna;
using namespace fortuna::app;

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
        // E ends the British move: the French ship is selected, and Tab stays on French ships.
        QTest::keyClick(desk, Qt::Key_E);
        QCOMPARE(desk->game().state().turn.active_side, 1);
        QCOMPARE(desk->game().state().ships[static_cast<std::size_t>(desk->selectedShip())].now.side, 1);
        QTest::keyClick(desk, Qt::Key_Tab);
        QCOMPARE(desk->game().state().ships[static_cast<std::size_t>(desk->selectedShip())].now.side, 1);
        desk->close();
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
        desk->close();
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
        QCOMPARE(again->game().state().ships[static_cast<std::size_t>(again->selectedShip())].id, std::string("arethusa"));
        QTest::keyClick(again, Qt::Key_F);
        QCOMPARE(again->game().history().size(), std::size_t{1});
        const auto refired = std::get<BroadsideAction>(again->game().history().back().action).dice;
        QCOMPARE(refired.size(), fired.size());
        for (std::size_t i = 0; i < fired.size(); ++i) QCOMPARE(refired[i].value, fired[i].value);
        // Closed unsaved: the journal stays, and opening it gives the game back as it was.
        QVERIFY(again->isModified());
        const QString kept = again->recoveryJournal();
        const nlohmann::json unsaved = again->game().to_json();
        again->close();
        QCoreApplication::sendPostedEvents(nullptr, QEvent::DeferredDelete);
        QVERIFY(std::filesystem::exists(kept.toStdString()));
        QVERIFY(is_naval_file(kept.toStdString()));
        NavalDesk* recovered = open_naval_desk(kept.toStdString(), data, nullptr);
        QVERIFY(recovered->game().to_json() == unsaved);
        QCOMPARE(recovered->recoveryJournal(), kept);
        const QString pdf = folder_.filePath(QStringLiteral("victory.pdf"));
        QVERIFY2(recovered->exportVictorySheet(pdf), qPrintable(recovered->lastMessage()));
        QVERIFY(QFileInfo(pdf).size() > 1000);
        recovered->close();
    }
};

QTEST_MAIN(NavalDeskTest)
#include "test_naval_desk.moc"
