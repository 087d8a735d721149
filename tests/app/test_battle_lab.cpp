// SPDX-License-Identifier: MIT
// The battle lab dialog: White Mountain's battles played off the window's thread, plotted and tabled, against an edited table.
#include <QSignalSpy>
#include <QTest>

#include <filesystem>
#include <fstream>

#include <nlohmann/json.hpp>

#include "battle_lab_dialog.hpp"
#include "fortuna/seam/library.hpp"
#include "fortuna/land/scenario.hpp"

namespace fortuna::app {

using namespace Qt::StringLiterals;

class BattleLabTest : public QObject {
    Q_OBJECT

private slots:
    void initTestCase() {
        library_ = std::make_unique<RulesLibrary>(RulesLibrary::load(default_data_dir()));
        scenario_ = std::make_unique<Scenario>(load_scenario(*library_, "white-mountain-1620"));
    }

    void theBattlesArePlayedAndPlottedWithoutFreezingTheWindow() {
        BattleLabDialog dialog(*library_, *scenario_);
        QSignalSpy finished(&dialog, &BattleLabDialog::labFinished);
        dialog.run(6, 1);
        QVERIFY(dialog.running() || finished.count() == 1);
        QVERIFY(finished.wait(120000));
        QCOMPARE(dialog.plot().runCount(), 1);
        const QString text = dialog.summaryText();
        // The sides named in full (issue 28: "won by Imperialists and Catholi" was cut at 24 letters).
        QVERIFY2(text.contains(u"won by Imperialists and Catholic League "_s) && text.contains(u"battles"_s), qPrintable(text));
        QVERIFY2(text.contains(u"printed tables"_s), qPrintable(text));
        QVERIFY2(dialog.plot().names().contains(u"won by Imperialists and Catholic League"_s), qPrintable(dialog.plot().names().join(u'|')));
        dialog.grab().save(QStringLiteral("battle-lab-dialog.png"));
    }

    void anEditedTableIsPlayedBesideThePrintedOne() {
        // The same tables under another file name: the same battles, so the same outcomes.
        const auto file = std::filesystem::temp_directory_path() / "fortuna-lab-dialog-glaube.json";
        std::ofstream(file) << std::ifstream(library_->data_dir() / "tables" / "glaube.json").rdbuf();
        BattleLabDialog dialog(*library_, *scenario_);
        QSignalSpy finished(&dialog, &BattleLabDialog::labFinished);
        dialog.run(3, 5, QString::fromStdString(file.string()));
        QVERIFY(finished.wait(120000));
        QCOMPARE(dialog.plot().runCount(), 2);
        QVERIFY2(dialog.summaryText().contains(u"edited: fortuna-lab-dialog-glaube.json"_s), qPrintable(dialog.summaryText()));
        std::filesystem::remove(file);
    }

    void stopEndsTheRunWithTheBattlesPlayedSoFar() {
        BattleLabDialog dialog(*library_, *scenario_);
        QSignalSpy finished(&dialog, &BattleLabDialog::labFinished);
        dialog.run(100000, 1);  // far more than the test waits for
        QTest::qWait(300);
        dialog.stop();
        QVERIFY(finished.wait(120000));
        QVERIFY2(dialog.statusText().contains(u"Stopped after"_s), qPrintable(dialog.statusText()));
        QCOMPARE(dialog.plot().runCount(), 1);
    }

    void closingWhileTheBattlesRunStopsThemAndCloses() {
        auto* dialog = new BattleLabDialog(*library_, *scenario_);
        dialog->show();
        QSignalSpy finished(dialog, &BattleLabDialog::labFinished);
        dialog->run(100000, 1);
        QTest::qWait(200);
        dialog->reject();  // Esc or the Close button
        QVERIFY(dialog->isVisible());  // until the battles under way are done
        QVERIFY(finished.wait(120000));
        QVERIFY(!dialog->isVisible());
        delete dialog;
    }

    void aBrokenEditIsSaidAndNothingIsPlotted() {
        const auto file = std::filesystem::temp_directory_path() / "fortuna-lab-dialog-broken.json";
        std::ofstream(file) << "{\"format\": \"fortuna-ruleset\"";
        BattleLabDialog dialog(*library_, *scenario_);
        QSignalSpy finished(&dialog, &BattleLabDialog::labFinished);
        dialog.run(2, 1, QString::fromStdString(file.string()));
        QVERIFY(finished.wait(120000));
        QCOMPARE(dialog.plot().runCount(), 0);
        QVERIFY2(dialog.statusText().contains(u"fortuna-lab-dialog-broken.json"_s), qPrintable(dialog.statusText()));
        std::filesystem::remove(file);
    }

private:
    std::unique_ptr<RulesLibrary> library_;
    std::unique_ptr<Scenario> scenario_;
};

}  // namespace fortuna::app

#include "app_test_registry.hpp"
FORTUNA_APP_TEST(fortuna_battle_lab_tests, fortuna::app::BattleLabTest)
#include "test_battle_lab.moc"
