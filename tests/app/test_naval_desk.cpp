// SPDX-License-Identifier: MIT
// The naval desk offscreen: the Channel 1778 scenario opens, the keyboard fires a broadside, undo restores it, the same dice come back.
#include <QApplication>
#include <QTest>

#include "fortuna/library.hpp"
#include "naval_desk.hpp"

using namespace fortuna;
using namespace fortuna::app;

class NavalDeskTest : public QObject {
    Q_OBJECT

private slots:
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
};

QTEST_MAIN(NavalDeskTest)
#include "test_naval_desk.moc"
