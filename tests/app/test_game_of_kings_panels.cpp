// SPDX-License-Identifier: MIT
// Game Of Kings' own panels on the session desk (issue 29, item 4), offscreen: the turn bar (turn,
// initiative with its dice, weather gauge and what it does), each sector's action points thrown and
// left for the side acting, the army points against half; read after actions, after undo and redo
// from the keys, and after the computer has played a battle to its end.
#include <QApplication>
#include <QGroupBox>
#include <QLabel>
#include <QLineEdit>
#include <QProgressBar>
#include <QTemporaryDir>
#include <QTest>
#include <QUndoStack>

#include <filesystem>

#include "fortuna/seam/library.hpp"
#include "session_desk.hpp"
#include "session_panels.hpp"

using namespace fortuna;
using namespace fortuna::app;

namespace gok_panels_test {

QString labelText(const SessionDesk& desk, const char* name) {
    const auto* label = desk.findChild<QLabel*>(QString::fromLatin1(name));
    return label != nullptr ? label->text() : QStringLiteral("(no label %1)").arg(QString::fromLatin1(name));
}

}  // namespace gok_panels_test

using gok_panels_test::labelText;

class GameOfKingsPanelsTest : public QObject {
    Q_OBJECT

    QTemporaryDir folder_;

private slots:
    void initTestCase() {
        QVERIFY(folder_.isValid());
        qputenv("FORTUNA_RECOVERY_DIR", folder_.filePath(QStringLiteral("recovery")).toUtf8());
    }

    void thePanelsFollowEveryActionUndoAndRedo() {
        const auto data = default_data_dir();
        const RulesLibrary library = RulesLibrary::load(data);
        SessionDesk* desk = open_session_desk(data / "scenarios" / "encounter-1745.json", library, nullptr);
        QVERIFY(desk != nullptr);
        QVERIFY(QTest::qWaitForWindowExposed(desk));
        // The system's panels: a bar over the board, action points and victory beside it.
        QVERIFY(desk->panels().topBar() != nullptr);
        QCOMPARE(desk->panels().sidePanels().size(), std::size_t{2});
        QCOMPARE(desk->panels().sidePanels()[0]->windowTitle(), QStringLiteral("Action points"));
        QCOMPARE(desk->panels().sidePanels()[1]->windowTitle(), QStringLiteral("Victory"));
        QCOMPARE(labelText(*desk, "gokTurn"), QStringLiteral("Turn 1 of 20"));
        QVERIFY2(labelText(*desk, "gokWeather").contains(QStringLiteral("not yet thrown")), qPrintable(labelText(*desk, "gokWeather")));
        QVERIFY(labelText(*desk, "gokInitiative").contains(QStringLiteral("as the turn opens")));
        QCOMPARE(labelText(*desk, "gokArmy0"), QStringLiteral("France\n21 of 21 army points; loses below 10.5"));
        QCOMPARE(labelText(*desk, "gokArmy1"), QStringLiteral("The Pragmatic Allies\n21 of 21 army points; loses below 10.5"));
        QCOMPARE(labelText(*desk, "gokSector1"), QStringLiteral("centre (d10)"));
        QCOMPARE(labelText(*desk, "gokSector0"), QStringLiteral("left (d6)"));

        // The turn opens: gauge 7 (3 and 4), a tie 4-4 thrown again, France 6 against 1.
        QVERIFY(desk->perform(nlohmann::json{{"action", "begin-turn"}, {"dice", {3, 4, 4, 4, 6, 1}}}).isEmpty());
        QCOMPARE(labelText(*desk, "gokWeather"), QStringLiteral("Weather gauge 7, fair: no effect (1 turn on 7; extreme heat from the third)"));
        QCOMPARE(labelText(*desk, "gokInitiative"),
                 QStringLiteral("Initiative: France won the dice 6 to 1 (after a tie), to choose who goes first"));
        QVERIFY(desk->perform(nlohmann::json{{"action", "choose"}, {"first", "allies"}}).isEmpty());
        QVERIFY(labelText(*desk, "gokInitiative").endsWith(QStringLiteral("; The Pragmatic Allies goes first")));
        QCOMPARE(labelText(*desk, "gokPointsSide"), QStringLiteral("The Pragmatic Allies to throw: a d10 for the centre, a d6 for each flank"));
        // The Allies' points: the centre's d10 first (7), then left 5, right 2.
        QVERIFY(desk->perform(nlohmann::json{{"action", "action-points"}, {"dice", {7, 5, 2}}}).isEmpty());
        QCOMPARE(labelText(*desk, "gokPointsSide"), QStringLiteral("Half-turn of The Pragmatic Allies"));
        QCOMPARE(labelText(*desk, "gokSector1"), QStringLiteral("centre (d10): 7 thrown, 7 left"));
        QCOMPARE(labelText(*desk, "gokSector0"), QStringLiteral("left (d6): 5 thrown, 5 left"));
        QCOMPARE(labelText(*desk, "gokSector2"), QStringLiteral("right (d6): 2 thrown, 2 left"));
        QVERIFY(desk->perform(nlohmann::json{{"action", "sector"}, {"sector", "centre"}}).isEmpty());
        QCOMPARE(labelText(*desk, "gokSector1"), QStringLiteral("centre (d10): 7 thrown, 7 left - working now"));
        // The opponent's first action in the centre spends a point (N, from the keys).
        desk->setFocus();
        QTest::keyClick(desk, Qt::Key_N);
        QCOMPARE(desk->session().journal().size(), std::size_t{5});
        const QString spent = labelText(*desk, "gokSector1");
        QVERIFY2(spent.startsWith(QStringLiteral("centre (d10): 7 thrown, 6 left")), qPrintable(spent));

        // Undo from the keys: the point comes back; redo: spent again.
        QTest::keyClick(desk, Qt::Key_Z, Qt::ControlModifier);
        QCOMPARE(labelText(*desk, "gokSector1"), QStringLiteral("centre (d10): 7 thrown, 7 left - working now"));
        QTest::keyClick(desk, Qt::Key_Z, Qt::ControlModifier | Qt::ShiftModifier);
        QCOMPARE(labelText(*desk, "gokSector1"), spent);
        // Undo to before the turn opened: the bar forgets the weather and the initiative.
        for (int i = 0; i < 5; ++i) QTest::keyClick(desk, Qt::Key_Z, Qt::ControlModifier);
        QCOMPARE(desk->undoStack()->index(), 0);
        QVERIFY(labelText(*desk, "gokWeather").contains(QStringLiteral("not yet thrown")));
        QCOMPARE(labelText(*desk, "gokSector1"), QStringLiteral("centre (d10)"));
        desk->close();
    }

    // The computer plays the encounter to its end: the victory panel says who fell below half.
    void theVictoryPanelShowsTheLossBelowHalf() {
        const auto data = default_data_dir();
        const RulesLibrary library = RulesLibrary::load(data);
        SessionDesk* desk = open_session_desk(data / "scenarios" / "encounter-1745.json", library, nullptr);
        QVERIFY(desk != nullptr);
        for (int i = 0; i < 2000 && !desk->session().outcome().over; ++i) desk->opponentStep();
        QVERIFY(desk->session().outcome().over);
        const QString outcome = QString::fromStdString(desk->session().outcome().reason);
        QVERIFY2(labelText(*desk, "gokTurn").endsWith(QStringLiteral("the battle is decided")), qPrintable(labelText(*desk, "gokTurn")));
        const QString army0 = labelText(*desk, "gokArmy0");
        const QString army1 = labelText(*desk, "gokArmy1");
        const bool lost0 = army0.contains(QStringLiteral("the army has lost"));
        const bool lost1 = army1.contains(QStringLiteral("the army has lost"));
        QVERIFY2(lost0 || lost1 || outcome.contains(QStringLiteral("draw")), qPrintable(army0 + u'\n' + army1 + u'\n' + outcome));
        if (lost0 != lost1) QVERIFY2(outcome.contains(QStringLiteral("Victory to ")), qPrintable(outcome));
        const auto* bar = desk->findChild<QProgressBar*>(QStringLiteral("gokArmyBar0"));
        QVERIFY(bar != nullptr);
        QCOMPARE(bar->maximum(), 21);
        QVERIFY(bar->value() < 21 || !lost0);
        desk->close();
    }
};

#include "app_test_registry.hpp"
FORTUNA_APP_TEST(fortuna_game_of_kings_panels_tests, GameOfKingsPanelsTest)
#include "test_game_of_kings_panels.moc"
