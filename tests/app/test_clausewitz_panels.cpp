// SPDX-License-Identifier: MIT
// Clausewitz's panels on the session desk offscreen (issue 30, item 4): the clock over the board,
// the chip bag (chips left, the last drawn and the brigade it activated), each brigade's actions
// spent and kept in reserve, the zone's morale test with its odds, a reaction offered when an
// enemy acts inside a zone (through the Duties list, J and Enter), the ADC's ride and arrival, the
// objectives' count turn by turn, the zones drawn on the board; each read again after undo.
#include <QApplication>
#include <QDir>
#include <QImage>
#include <QLabel>
#include <QLineEdit>
#include <QListWidget>
#include <QPainter>
#include <QTabWidget>
#include <QTableWidget>
#include <QTemporaryDir>
#include <QTest>
#include <QUndoStack>

#include <filesystem>
#include <functional>
#include <set>

#include "fortuna/clausewitz/session.hpp"
#include "fortuna/seam/library.hpp"
#include "fortuna/land/save.hpp"
#include "session_desk.hpp"
#include "session_panels.hpp"

using namespace fortuna;
using namespace fortuna::app;

namespace clausewitz_panels_test {

using namespace Qt::StringLiterals;

std::filesystem::path cwScenarioCopy(const QTemporaryDir& folder, const std::function<void(nlohmann::json&)>& change) {
    const char* id = "quatre-bras-opening-1815";
    nlohmann::json document = read_json_file(default_data_dir() / "scenarios" / (std::string(id) + ".json"));
    change(document);
    QDir(folder.path()).mkpath(QString::fromLatin1(id));
    const std::filesystem::path file = std::filesystem::path(folder.filePath(QString::fromLatin1(id)).toStdString()) / (std::string(id) + ".json");
    atomic_write_file(file, document.dump(1));
    return file;
}

template <typename W>
W* panel(SessionDesk& desk, const QString& name) {
    for (W* w : desk.findChildren<W*>())
        if (w->accessibleName() == name) return w;
    return nullptr;
}

QString tableText(QTableWidget* table) {
    QStringList rows;
    for (int r = 0; r < table->rowCount(); ++r) {
        QStringList cells;
        for (int c = 0; c < table->columnCount(); ++c) cells << (table->item(r, c) ? table->item(r, c)->text() : QString());
        rows << cells.join(u" | "_s);
    }
    return rows.join(u'\n');
}

// The row of a brigade: its first cell is its name (its side the tooltip and the colour).
QString rowOf(QTableWidget* table, const QString& brigade) {
    for (const QString& row : tableText(table).split(u'\n'))
        if (row.section(u" | "_s, 0, 0) == brigade) return row;
    return {};
}

}  // namespace clausewitz_panels_test

using namespace clausewitz_panels_test;

class ClausewitzPanelsTest : public QObject {
    Q_OBJECT

    QTemporaryDir folder_;

private slots:
    void initTestCase() {
        QVERIFY(folder_.isValid());
        qputenv("FORTUNA_RECOVERY_DIR", folder_.filePath(QStringLiteral("recovery")).toUtf8());
    }

    void thePanelsFollowTheChipsTheActionsAndAReactionAndUndo() {
        const RulesLibrary library = RulesLibrary::load(default_data_dir());
        // Gauthier 2 cm before Bijlandt's front: each in the other's zone.
        const auto file = cwScenarioCopy(folder_, [](nlohmann::json& d) {
            d["sides"][0]["brigades"][2]["at"] = {103, 64};
            d["sides"][0]["generals"][1]["at"] = {103, 60};
        });
        SessionDesk* desk = open_session_desk(file, library, nullptr);
        QVERIFY(desk != nullptr);
        const clausewitz::Game* game = clausewitz::clausewitz_game(desk->session());
        QVERIFY(game != nullptr);
        auto* bar = panel<QLabel>(*desk, u"Clock"_s);
        auto* bag = panel<QLabel>(*desk, u"Chip bag"_s);
        auto* brigades = panel<QTableWidget>(*desk, u"Brigades"_s);
        auto* zones = panel<QLabel>(*desk, u"Zones, reactions and ADCs"_s);
        auto* victory = panel<QTableWidget>(*desk, u"Victory"_s);
        QVERIFY(bar && bag && brigades && zones && victory);
        QVERIFY2(bar->text().startsWith(u"Turn 1 of %1 \u00b7 %2"_s.arg(game->scenario().turns).arg(QString::fromStdString(game->clock()))), qPrintable(bar->text()));
        QVERIFY2(bar->text().endsWith(u"a chip to draw"_s), qPrintable(bar->text()));
        const auto& s = game->state();
        QVERIFY2(bag->text().contains(u"In the bag: French %1, Allies %2"_s.arg(s.bag[0]).arg(s.bag[1])) ||
                     bag->text().contains(u"(%1 chips)"_s.arg(s.bag[0] + s.bag[1])),
                 qPrintable(bag->text()));
        QVERIFY(bag->text().contains(u"No chip drawn yet"_s));

        const QString bijlandt = QString::fromStdString(s.brigades[static_cast<std::size_t>(game->find_brigade("bijlandt"))].name);
        const QString gauthier = QString::fromStdString(s.brigades[static_cast<std::size_t>(game->find_brigade("gauthier"))].name);
        QCOMPARE(desk->perform(nlohmann::json{{"action", "draw"}, {"chip", "allied"}}), QString());
        QVERIFY2(bag->text().contains(u"no brigade activated by it yet"_s), qPrintable(bag->text()));
        QCOMPARE(desk->perform(nlohmann::json{{"action", "activate"}, {"brigade", "bijlandt"}, {"general", "perponcher"}, {"command", {6, 6}}}), QString());
        QVERIFY2(bag->text().contains(u"it activated %1"_s.arg(bijlandt)), qPrintable(bag->text()));
        // Perponcher is more than 8 cm away: one of the five actions is lost, drawn as spent.
        const int reserve = s.brigades[static_cast<std::size_t>(game->find_brigade("bijlandt"))].actions_left;
        QCOMPARE(reserve, 4);
        QVERIFY2(bar->text().contains(u"%1 activated, 4 actions left"_s.arg(bijlandt)), qPrintable(bar->text()));
        QVERIFY2(rowOf(brigades, bijlandt).contains(u"\u25cf\u25cb\u25cb\u25cb\u25cb | activated"_s), qPrintable(rowOf(brigades, bijlandt)));
        QCOMPARE(desk->perform(nlohmann::json{{"action", "end-activation"}}), QString());
        QVERIFY2(rowOf(brigades, bijlandt).contains(u"4 in reserve for reactions"_s), qPrintable(tableText(brigades)));
        QCOMPARE(desk->perform(nlohmann::json{{"action", "draw"}, {"chip", "french"}}), QString());
        QCOMPARE(desk->perform(nlohmann::json{{"action", "activate"}, {"brigade", "gauthier"}, {"general", "foy"}, {"command", {6, 6}}}), QString());
        // Gauthier in Bijlandt's zone: the morale test before its action with its odds (4 bases: 4+, 27/36).
        QVERIFY2(zones->text().contains(u"%1 stands in the zone of control of %2: before each action a morale test on 2d6, 4+: passes 91.7 %"_s.arg(gauthier, bijlandt)),
                 qPrintable(zones->text()));
        QVERIFY2(rowOf(brigades, gauthier).contains(u"in %1's zone: morale 4+"_s.arg(bijlandt)), qPrintable(rowOf(brigades, gauthier)));
        const int before_fire = desk->undoStack()->count();

        // Gauthier fires (its test passed): Bijlandt is offered a reaction; the allies answer.
        QCOMPARE(desk->perform(nlohmann::json{{"action", "fire"}, {"brigade", "gauthier"}, {"target", "bijlandt"}, {"morale", {6, 6}}, {"steady", {1, 1, 1, 1, 1, 1, 1, 1, 1}}}),
                 QString());
        QVERIFY2(rowOf(brigades, gauthier).contains(u"\u25cf\u25cb\u25cb\u25cb\u25cb"_s), qPrintable(rowOf(brigades, gauthier)));
        const QString allies = QString::fromStdString(game->scenario().sides[1].name);
        QVERIFY2(bar->text().endsWith(u"%1 may react to %2"_s.arg(allies, gauthier)), qPrintable(bar->text()));
        QVERIFY2(zones->text().contains(u"Reaction offered: %1 (4 in reserve) may fire at %2 after a morale test 3+ (passes 97.2 %)"_s.arg(bijlandt, gauthier)),
                 qPrintable(zones->text()));
        QVERIFY2(rowOf(brigades, bijlandt).contains(u"may react now"_s), qPrintable(rowOf(brigades, bijlandt)));
        // J puts the reaction (the first duty) in the line; its odds: the morale test, Steady!, damage.
        QVERIFY2(desk->dutiesList()->item(0)->text().contains(u"reacts: Fire!"_s), qPrintable(desk->dutiesList()->item(0)->text()));
        desk->show();
        QVERIFY(QTest::qWaitForWindowExposed(desk));
        desk->board()->setFocus();
        QTest::keyClick(desk->board(), Qt::Key_J);
        const nlohmann::json line = nlohmann::json::parse(desk->actionLine()->text().toStdString());
        QVERIFY(line == (nlohmann::json{{"action", "fire"}, {"brigade", "bijlandt"}, {"target", "gauthier"}}));
        std::set<QString> groups;
        for (const auto& [group, distribution] : desk->shownOdds()) groups.insert(group);
        QVERIFY(groups.count(u"morale"_s) && groups.count(u"Steady!"_s) && groups.count(u"damage"_s));
        QVERIFY2(QString::fromStdString(desk->shownPreview().summary).contains(u"Steady! "_s) &&
                     QString::fromStdString(desk->shownPreview().summary).contains(u"then Fire! "_s),
                 desk->shownPreview().summary.c_str());
        QTest::keyClick(desk->actionLine(), Qt::Key_Escape);
        desk->actionLine()->clear();

        // The zones drawn: between the two fronts both zones are filled.
        QImage picture(800, 600, QImage::Format_RGB32);
        picture.fill(Qt::white);
        {
            QPainter painter(&picture);
            desk->panels().paintUnderPieces(painter, 4.0);
        }
        const double depth = game->scenario().depth_cm;
        QVERIFY(picture.pixelColor(static_cast<int>(103 * 4), static_cast<int>((depth - 68) * 4)) != QColor(Qt::white));
        QCOMPARE(picture.pixelColor(static_cast<int>(20 * 4), static_cast<int>((depth - 5) * 4)), QColor(Qt::white));

        // Undo takes the fire back: the offer gone, Gauthier's action unspent; redo brings both again.
        desk->undoStack()->undo();
        QCOMPARE(desk->undoStack()->index(), before_fire);
        QVERIFY2(!zones->text().contains(u"Reaction offered"_s), qPrintable(zones->text()));
        QVERIFY2(bar->text().endsWith(u"%1 activated, 5 actions left"_s.arg(gauthier)), qPrintable(bar->text()));
        QVERIFY2(rowOf(brigades, gauthier).contains(u"\u25cb\u25cb\u25cb\u25cb\u25cb"_s), qPrintable(rowOf(brigades, gauthier)));
        desk->undoStack()->redo();
        QVERIFY2(zones->text().contains(u"Reaction offered"_s), qPrintable(zones->text()));
        // Let it pass from the Duties list (its last row) by the keys.
        desk->dutiesList()->setFocus();
        desk->dutiesList()->setCurrentRow(desk->dutiesList()->count() - 1);
        QTest::keyClick(desk->dutiesList(), Qt::Key_Return);
        QVERIFY(nlohmann::json::parse(desk->actionLine()->text().toStdString()) == (nlohmann::json{{"action", "pass-reaction"}}));
        QTest::keyClick(desk->actionLine(), Qt::Key_Return);
        QVERIFY2(bar->text().endsWith(u"%1 activated, 4 actions left"_s.arg(gauthier)), qPrintable(bar->text()));

        // Ctrl+2: the zones and ADCs tab, the focus in it.
        auto* tabs = panel<QTabWidget>(*desk, u"Clausewitz"_s);
        QVERIFY(tabs != nullptr);
        QTest::keyClick(desk, Qt::Key_3, Qt::ControlModifier);
        QCOMPARE(tabs->currentWidget(), static_cast<QWidget*>(victory));
        QTest::keyClick(desk, Qt::Key_2, Qt::ControlModifier);
        QCOMPARE(tabs->currentWidget(), static_cast<QWidget*>(zones));
        desk->close();
    }

    void theAdcRidesAndTheCountIsKeptTurnByTurn() {
        const RulesLibrary library = RulesLibrary::load(default_data_dir());
        SessionDesk* desk = open_session_desk(default_data_dir() / "scenarios" / "quatre-bras-opening-1815.json", library, nullptr);
        QVERIFY(desk != nullptr);
        const clausewitz::Game* game = clausewitz::clausewitz_game(desk->session());
        auto* zones = panel<QLabel>(*desk, u"Zones, reactions and ADCs"_s);
        auto* victory = panel<QTableWidget>(*desk, u"Victory"_s);
        QCOMPARE(desk->perform(nlohmann::json{{"action", "draw"}, {"chip", "french"}}), QString());
        QCOMPARE(desk->perform(nlohmann::json{{"action", "order"}, {"general", "ney"}, {"to", "bachelu"}, {"objective", "1"}}), QString());
        const auto rides = game->adc_rides();
        QCOMPARE(rides.size(), std::size_t{1});
        QVERIFY2(zones->text().contains(u"ADC of %1 riding to"_s.arg(QString::fromStdString(game->scenario().sides[0].name))) && zones->text().contains(u"arrives at the end of the %1 turn"_s.arg(QString::fromStdString(rides[0].arrives))),
                 qPrintable(zones->text()));
        QCOMPARE(victory->rowCount(), 1);  // "now"
        // The turn played out with empty chips: the count of turn 1 is a row of its own.
        int guard = 0;
        while (game->state().turn == 1 && guard++ < 60) {
            if (game->state().chip < 0) QCOMPARE(desk->perform(nlohmann::json{{"action", "draw"}}), QString());
            QCOMPARE(desk->perform(nlohmann::json{{"action", "end-activation"}}), QString());
        }
        QCOMPARE(game->state().turn, 2);
        QCOMPARE(victory->rowCount(), 2);
        QVERIFY2(victory->item(0, 0)->text().startsWith(u"1 ("_s), qPrintable(tableText(victory)));
        QCOMPARE(victory->item(0, victory->columnCount() - 2)->text(), QString::number(game->state().tally[0].vp[0]));
        // Undo of the turn's last action takes the row back.
        desk->undoStack()->undo();
        QCOMPARE(victory->rowCount(), 1);
        desk->close();
    }
};

#include "app_test_registry.hpp"
FORTUNA_APP_TEST(fortuna_clausewitz_panels_tests, ClausewitzPanelsTest)
#include "test_clausewitz_panels.moc"
