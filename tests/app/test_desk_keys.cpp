// SPDX-License-Identifier: MIT
// The desk at table speed (issue 14): real key events on the widgets, the focus rules, pairing by keys, a solo phase with J and Enter.
#include <QApplication>
#include <QCheckBox>
#include <QComboBox>
#include <QDockWidget>
#include <QLabel>
#include <QLineEdit>
#include <QSettings>
#include <QSpinBox>
#include <QStandardPaths>
#include <QStatusBar>
#include <QTest>
#include <QTextBrowser>
#include <QTreeWidget>
#include <QUndoStack>

#include <memory>

#include "board_scene.hpp"
#include "board_view.hpp"
#include "combat_dock.hpp"
#include "duties_dock.hpp"
#include "fire_and_morale_docks.hpp"
#include "fortuna/seam/library.hpp"
#include "game_document.hpp"
#include "main_window.hpp"
#include "turn_bar.hpp"
#include "umpire_command.hpp"
#include "welcome_overlay.hpp"

using namespace fortuna;
using namespace fortuna::app;
using namespace Qt::StringLiterals;

class DeskKeysTest : public QObject {
    Q_OBJECT

private:
    std::shared_ptr<const RulesLibrary> library_;
    std::unique_ptr<MainWindow> window_;
    int keystrokes_ = 0;

    const Game& game() { return window_->document().game(); }
    std::size_t unit(const char* code) { return static_cast<std::size_t>(find_unit(game(), QString::fromUtf8(code))); }
    int unit_side(const char* code) { return game().units()[unit(code)].id.side; }
    BoardView* board() { return &window_->boardView(); }
    // One key as the umpire presses it: to whichever widget has the focus now.
    void press(int key, Qt::KeyboardModifiers modifiers = Qt::NoModifier) {
        QWidget* target = QApplication::focusWidget();
        QVERIFY2(target != nullptr, "no widget has the focus");
        QTest::keyClick(target, static_cast<Qt::Key>(key), modifiers);
        ++keystrokes_;
    }
    void type(const QString& text) {
        for (const QChar c : text) {
            QWidget* target = QApplication::focusWidget();
            QVERIFY(target != nullptr);
            QTest::keyClicks(target, QString(c));
            ++keystrokes_;
        }
    }
    void open(const QString& battle) {
        QVERIFY(window_->openFile(battle, true));
        board()->setFocus();
        QApplication::processEvents();
        QVERIFY(board()->hasFocus());
        keystrokes_ = 0;
    }
    QString echo() { return window_->findChild<QLabel*>(u"commandEcho"_s)->text(); }

private slots:
    void initTestCase() {
        QStandardPaths::setTestModeEnabled(true);
        QSettings().clear();
        library_ = std::make_shared<const RulesLibrary>(RulesLibrary::load());
    }

    void init() {
        window_ = std::make_unique<MainWindow>(library_);
        window_->document().setRecoveryEnabled(false);
        // The desk's keys out of any sequence; the rules of play have their own tests.
        window_->document().setNewGameEnforcement(fortuna::Enforcement{false, false, false, false});
        window_->resize(1366, 768);
        window_->show();
        QVERIFY(QTest::qWaitForWindowActive(window_.get()));
    }
    void cleanup() { window_.reset(); }

    // The newcomer's combat of the issue: F-I1 brought within 25 mm of I-I1 (inside the 50 mm
    // infantry combat range, seed 000 8.1.1), then from the board: Tab (F-I1, the one unit of
    // the French with an enemy in reach, comes first), E (I-I1, the nearest enemy in reach),
    // C, the roll 6, Enter: five keystrokes. U undoes it from the board, where the focus is.
    void aCombatOfTheirChoiceInFiveKeysAndUndoWithU() {
        open(u"test-skirmish"_s);
        QVERIFY(window_->runCommand(u"m F-I1 450,370 !"_s).isEmpty());
        board()->setFocus();
        keystrokes_ = 0;
        press(Qt::Key_Tab);
        QCOMPARE(window_->document().selection(), std::vector<std::size_t>{unit("F-I1")});
        press(Qt::Key_E);
        QCOMPARE(window_->document().selection(), (std::vector<std::size_t>{unit("F-I1"), unit("I-I1")}));
        press(Qt::Key_C);
        QVERIFY(window_->commandLine()->hasFocus());
        type(u"6"_s);
        press(Qt::Key_Return);
        QCOMPARE(keystrokes_, 5);
        QCOMPARE(game().history().size(), std::size_t{2});
        QCOMPARE(game().history().back().kind, std::string("combat"));
        QCOMPARE(game().history().back().input["attacker"].get<std::string>(), std::string("F-I1"));
        QCOMPARE(game().history().back().input["defender"].get<std::string>(), std::string("I-I1"));
        QCOMPARE(game().history().back().rolls.front().roll.value, 6);
        // The result shown in the Combat dock is this one, and the keys are the board's again.
        QVERIFY(board()->hasFocus());
        QVERIFY(window_->findChild<QTextBrowser*>(u"combatResult"_s)->toPlainText().contains(u"#2"_s));
        press(Qt::Key_U);
        QCOMPARE(game().history().size(), std::size_t{1});
        QVERIFY(board()->hasFocus());
        QVERIFY(window_->commandLine()->text().isEmpty());
        // The command line's example names the battle's own units.
        QVERIFY2(window_->commandLine()->placeholderText().startsWith(u"c F-I"_s), qPrintable(window_->commandLine()->placeholderText()));
    }

    // E cycles only the enemies within reach, nearest first; with none it says so and keeps the unit.
    void eCyclesOnlyTheEnemiesInReach() {
        open(u"white-mountain-1620"_s);
        // Cavalry reaches only what it touches: none of the League's horse at the start.
        window_->document().select({unit("CL-C1")});
        press(Qt::Key_E);
        QCOMPARE(window_->document().selection(), std::vector<std::size_t>{unit("CL-C1")});
        QVERIFY2(window_->statusBar()->currentMessage().contains(u"no enemy in contact or in range"_s),
                 qPrintable(window_->statusBar()->currentMessage()));
        // A League battery reaches the Bohemian line (its duties list targets in phase b).
        window_->document().select({unit("CL-A1")});
        const std::vector<std::size_t> targets = enemies_in_reach(game(), unit("CL-A1"));
        QVERIFY(!targets.empty());
        for (std::size_t i = 0; i < targets.size() + 1; ++i) {
            press(Qt::Key_E);
            QCOMPARE(window_->document().selection(), (std::vector<std::size_t>{unit("CL-A1"), targets[i % targets.size()]}));
        }
        for (std::size_t t : targets) {
            QCOMPARE(game().units()[t].id.side, 1);
            QVERIFY(distance_between_units(game(), unit("CL-A1"), t) <= reach_mm(game(), unit("CL-A1")));
        }
        // Tab offers the League's units that may act first: the batteries with targets.
        board()->setFocus();
        press(Qt::Key_Escape);
        press(Qt::Key_Tab);
        QVERIFY(!enemies_in_reach(game(), window_->document().selection().front()).empty());
        QCOMPARE(game().units()[window_->document().selection().front()].id.side, 0);
    }

    // Esc from a roll box, a check box of a dock and the command line: the board has the keys.
    void escapeFromAnywhereReturnsToTheBoard() {
        open(u"test-skirmish"_s);
        QLineEdit* roll = window_->combatPanel()->rollEdit();
        roll->setFocus();
        QVERIFY(roll->hasFocus());
        press(Qt::Key_Escape);
        QVERIFY(board()->hasFocus());
        QCheckBox* flank = window_->combatPanel()->findChild<QCheckBox*>();
        flank->setFocus();
        press(Qt::Key_Escape);
        QVERIFY(board()->hasFocus());
        press(Qt::Key_Colon);
        QVERIFY(window_->commandLine()->hasFocus());
        type(u"c F-I1"_s);
        press(Qt::Key_Escape);
        QVERIFY(board()->hasFocus());
        QVERIFY(window_->commandLine()->text().isEmpty());
        window_->dutiesPanel()->list()->setFocus();
        press(Qt::Key_Escape);
        QVERIFY(board()->hasFocus());
    }

    // A letter in a roll box that is the window's command is that command (U undoes); any other
    // stays in the box as typed (issue 28: it was swallowed, and "0.6x" applied as 0.600).
    void aLetterInARollBoxIsACommand() {
        open(u"test-skirmish"_s);
        QVERIFY(window_->runCommand(u"c F-I1 I-I1 4"_s).isEmpty());
        QLineEdit* roll = window_->combatPanel()->rollEdit();
        roll->setFocus();
        type(u"0.6x"_s);  // no X command: the x is text
        QCOMPARE(roll->text(), u"0.6x"_s);
        roll->clear();
        press(Qt::Key_U);
        QCOMPARE(game().history().size(), std::size_t{0});
        QVERIFY(roll->text().isEmpty());
    }

    // Issue 28: U in the Combat dock's "arms" box was swallowed by the spin box (a letter is no
    // number there); in the number boxes, as in the roll boxes, a letter is a command.
    void aLetterInANumberBoxIsACommand() {
        open(u"test-skirmish"_s);
        QVERIFY(window_->runCommand(u"c F-I1 I-I1 4"_s).isEmpty());
        QCOMPARE(game().history().size(), std::size_t{1});
        QSpinBox* arms = nullptr;
        for (QSpinBox* box : window_->combatPanel()->findChildren<QSpinBox*>())
            if (box->accessibleName() == u"Combined arms"_s) arms = box;
        QVERIFY(arms != nullptr);
        window_->combatPanel()->window()->activateWindow();
        arms->setFocus();
        QApplication::processEvents();
        QCOMPARE(QApplication::focusWidget(), static_cast<QWidget*>(arms));
        press(Qt::Key_U);
        QCOMPARE(game().history().size(), std::size_t{0});
        QCOMPARE(arms->value(), 1);  // and nothing typed into the box
    }

    // Issue 28: the roll boxes stripped what they did not understand and applied the rest: "-1"
    // in the dice game's Combat box was roll 1, "0.6x" in the Artillery box roll 0.600. The text
    // is the roll or it is refused with the rules' reason, and it stays in the box.
    void aRollBoxTextIsTheRollOrRefusedWithTheReason() {
        open(u"test-skirmish"_s);
        QVERIFY(window_->runCommand(u"m F-I1 450,370 !"_s).isEmpty());
        const std::size_t before = game().history().size();
        CombatPanel* combat = window_->combatPanel();
        auto* result = combat->findChild<QTextBrowser*>(u"combatResult"_s);
        for (const QString& bad : {u"-1"_s, u"4x"_s, u"7"_s, u"0.5"_s, u"+4"_s}) {
            combat->setUnits(unit("F-I1"), unit("I-I1"));
            QVERIFY(combat->rollEdit()->hasFocus());
            type(bad);
            QCOMPARE(combat->rollEdit()->text(), bad);  // nothing stripped as it is typed
            press(Qt::Key_Return);
            QCOMPARE(game().history().size(), before);  // nothing applied
            QVERIFY2(result->toPlainText().contains(u"impossible roll '%1'"_s.arg(bad)), qPrintable(result->toPlainText()));
            QVERIFY2(result->toPlainText().contains(u"from 1 to 6"_s), qPrintable(result->toPlainText()));
            QCOMPARE(combat->rollEdit()->text(), bad);  // kept, to be corrected
            QVERIFY(combat->rollEdit()->hasFocus());
            combat->rollEdit()->clear();
        }
        type(u"5"_s);
        press(Qt::Key_Return);
        QCOMPARE(game().history().size(), before + 1);
        QCOMPARE(game().history().back().rolls.front().roll.value, 5);
        QCOMPARE(game().history().back().rolls.front().roll.source, RollSource::Entered);

        // The random number of White Mountain's Artillery box, the same.
        open(u"white-mountain-1620"_s);
        press(Qt::Key_N);
        press(Qt::Key_J);
        QLineEdit* roll = window_->artilleryPanel()->rollEdit();
        QVERIFY(roll->hasFocus());
        auto* shown = window_->findChild<QLabel*>(u"artilleryResult"_s);
        for (const QString& bad : {u"0.6x"_s, u"-0.5"_s, u"1"_s, u"0.6500"_s, u"0,6"_s}) {
            type(bad);
            QCOMPARE(roll->text(), bad);
            press(Qt::Key_Return);
            QCOMPARE(game().history().size(), std::size_t{1});  // the end of phase a only
            QVERIFY2(shown->text().contains(u"impossible roll"_s) && shown->text().contains(u"0.000 to 0.999"_s), qPrintable(shown->text()));
            QCOMPARE(roll->text(), bad);
            roll->clear();
        }
        type(u".25"_s);
        press(Qt::Key_Return);
        QCOMPARE(game().history().back().kind, std::string("artillery"));
        QCOMPARE(game().history().back().rolls.front().roll.value, 250);
        QVERIFY2(game().history().back().explanation.size() > 1, "explained");
        bool entered = false;
        for (const std::string& step : game().history().back().explanation) entered = entered || step.find("0.250 (entered)") != std::string::npos;
        QVERIFY(entered);
    }

    // Redo listed the platform's Redo and Ctrl+Y: where they are one key (the offscreen
    // platform), the key was ambiguous and redid nothing. Each key once, and both redo.
    void ctrlYAndCtrlShiftZRedo() {
        open(u"test-skirmish"_s);
        for (const QKeySequence& redo : {QKeySequence(u"Ctrl+Y"_s), QKeySequence(u"Ctrl+Shift+Z"_s)}) {
            press(Qt::Key_N);
            const std::string after = game().phase().id;
            QTest::keySequence(window_.get(), QKeySequence(QKeySequence::Undo));
            QVERIFY(game().phase().id != after);
            QTest::keySequence(window_.get(), redo);
            QCOMPARE(game().phase().id, after);
        }
    }

    // Issue 28: J to a battery, a roll typed, J to the next battery: the box still held the roll
    // and the next battery fired with it. A typed roll is the action's it was typed for.
    void aTypedRollBelongsToItsAction() {
        open(u"white-mountain-1620"_s);
        press(Qt::Key_N);
        QVERIFY(window_->dutiesPanel()->openNow() >= 2);
        QLineEdit* roll = window_->artilleryPanel()->rollEdit();
        press(Qt::Key_J);
        QVERIFY(roll->hasFocus());
        const QString first = window_->artilleryPanel()->findChild<QComboBox*>()->currentText();
        type(u"0.5"_s);
        press(Qt::Key_J);  // the same duty is still open: J goes on to the next
        QVERIFY(roll->hasFocus());
        QVERIFY(window_->artilleryPanel()->findChild<QComboBox*>()->currentText() != first);
        QVERIFY2(roll->text().isEmpty(), qPrintable(roll->text()));
        press(Qt::Key_Return);
        QCOMPARE(game().history().back().kind, std::string("artillery"));
        QCOMPARE(game().history().back().rolls.front().roll.source, RollSource::Generated);
        QVERIFY(game().history().back().request.rolls.empty());
    }

    // Issue 28: a refused roll left in the Combat box broke the J, Enter loop a turn later.
    void aRefusedRollLeftInABoxDoesNotReachTheNextTurn() {
        open(u"test-skirmish"_s);
        QVERIFY(window_->runCommand(u"m F-I1 450,370 !"_s).isEmpty());
        board()->setFocus();
        const auto to_combat = [&] {
            for (int i = 0; i < 12 && !(game().phase().id == "d" && game().phasing_side() == unit_side("F-I1")); ++i) press(Qt::Key_N);
            QCOMPARE(game().phase().id, std::string("d"));
        };
        to_combat();
        press(Qt::Key_J);
        QLineEdit* roll = window_->combatPanel()->rollEdit();
        QVERIFY2(roll->hasFocus(), qPrintable(QApplication::focusWidget()->objectName()));
        type(u"9x"_s);
        press(Qt::Key_Return);
        QCOMPARE(roll->text(), u"9x"_s);  // refused, kept
        const std::size_t before = game().history().size();
        board()->setFocus();
        press(Qt::Key_N);  // the turn goes on
        to_combat();
        QVERIFY(game().clock().turn > 1);
        press(Qt::Key_J);
        QVERIFY(roll->hasFocus());
        QVERIFY2(roll->text().isEmpty(), qPrintable(roll->text()));
        press(Qt::Key_Return);
        QCOMPARE(game().history().back().kind, std::string("combat"));
        QVERIFY(game().history().size() > before);
        QVERIFY(board()->hasFocus());
    }

    // A dock shows the last applied action or nothing: a re-roll replaces the combat's result,
    // a shot fired from the command line shows in the Artillery dock, J's new pair clears it.
    void docksShowOnlyTheLastResultApplied() {
        open(u"test-skirmish"_s);
        auto* result = window_->combatPanel()->findChild<QTextBrowser*>(u"combatResult"_s);
        QVERIFY(window_->runCommand(u"c F-I1 I-I1 2"_s).isEmpty());
        QVERIFY(result->toPlainText().contains(u"#1"_s));
        QVERIFY(window_->runCommand(u"reroll 5"_s).isEmpty());
        QVERIFY2(result->toPlainText().contains(u"#2"_s) && result->toPlainText().contains(u"Re-roll"_s), qPrintable(result->toPlainText()));
        QVERIFY(window_->runCommand(u"a F-A1 I-I2 400 4 !"_s).isEmpty());  // 400: the range in mm
        QCOMPARE(game().history().back().input["range_mm"].get<double>(), 400.0);
        QVERIFY(result->toPlainText().isEmpty());  // the last action is not a combat
        ArtilleryPanel* artillery = window_->artilleryPanel();
        const QList<QLabel*> shown = artillery->findChildren<QLabel*>();
        bool found = false;
        for (QLabel* label : shown) found = found || label->text().contains(u"#3"_s);
        QVERIFY(found);
        QVERIFY(window_->runCommand(u"u"_s).isEmpty());
        for (QLabel* label : artillery->findChildren<QLabel*>()) QVERIFY(!label->text().contains(u"#3"_s));
    }

    // The solo loop of the user guide for a whole phase: White Mountain, phase b, the League's
    // batteries. J opens each open duty with its roll box focused, Enter fires (the app rolls),
    // the focus is back on the board; when nothing is left J says so and N goes on to phase c.
    void aWholeSoloPhaseWithJAndEnter() {
        open(u"white-mountain-1620"_s);
        press(Qt::Key_N);
        QCOMPARE(game().phase().id, std::string("b"));
        DutiesPanel* duties = window_->dutiesPanel();
        const int open_at_start = duties->openNow();
        QVERIFY2(open_at_start >= 2, "the League's batteries have targets in phase b");
        auto* shown = window_->findChild<QLabel*>(u"artilleryResult"_s);
        for (int i = 0; i < open_at_start; ++i) {
            press(Qt::Key_J);
            QVERIFY2(window_->artilleryPanel()->rollEdit()->hasFocus(), qPrintable(QApplication::focusWidget()->objectName()));
            QVERIFY2(shown->text().isEmpty(), qPrintable(shown->text()));  // the new pair: the last shot's result is gone
            press(Qt::Key_Return);
            QVERIFY(shown->text().contains(u"#%1"_s.arg(i + 2)));  // this shot's result, numbered as in the journal
            QVERIFY(board()->hasFocus());
            QCOMPARE(game().history().size(), static_cast<std::size_t>(i + 2));
            QCOMPARE(game().history().back().kind, std::string("artillery"));
            QCOMPARE(duties->openNow(), open_at_start - i - 1);
            QVERIFY2(window_->turnBar()->duties().startsWith(u"Duties b): %1 to do, %2 done"_s.arg(open_at_start - i - 1).arg(i + 1)),
                     qPrintable(window_->turnBar()->duties()));
        }
        press(Qt::Key_J);
        QVERIFY(board()->hasFocus());
        QVERIFY2(echo().contains(u"Nothing left to do in this phase"_s), qPrintable(echo()));
        QVERIFY(!echo().contains(u"color"_s));  // said plainly, not as an error
        press(Qt::Key_N);
        QCOMPARE(game().phase().id, std::string("c"));
        QCOMPARE(keystrokes_, 2 * open_at_start + 3);
    }

    // Typed distances in mm, generals named like units, malformed rolls refused.
    void theCommandLineReadsMillimetresGeneralsAndRefusesBadRolls() {
        open(u"white-mountain-1620"_s);
        const UmpireCommand fire = parse_umpire_command(u"a CL-A2 B-I4 300 0.950 !"_s, game(), {});
        QCOMPARE(encode_action(fire.action)["range_mm"].get<double>(), 300.0);
        QCOMPARE(encode_action(fire.action)["roll"].get<std::string>(), std::string("0.950"));
        QCOMPARE(encode_action(parse_umpire_command(u"a CL-A2 B-I4 250mm !"_s, game(), {}).action)["range_mm"].get<double>(), 250.0);
        // A move ahead in mm, written as the guide writes it (issue 28): "m CL-C3 10mm" is "m CL-C3 10".
        QVERIFY(encode_action(parse_umpire_command(u"m CL-C3 10mm"_s, game(), {}).action) ==
                encode_action(parse_umpire_command(u"m CL-C3 10"_s, game(), {}).action));
        // Far beyond the table: refused with its cost in moves, never "0.00 of a move".
        const QString far = window_->runCommand(u"m CL-C3 5000"_s);
        QVERIFY2(far.contains(u"BLOCKED"_s) && !far.contains(u"0.00 of a move"_s), qPrintable(far));
        for (const QString& bad : {u"a CL-A2 B-I4 -300 !"_s, u"a CL-A2 B-I4 -300mm !"_s, u"m CL-C3 -40"_s}) {
            QVERIFY_THROWS_EXCEPTION(CommandError, parse_umpire_command(bad, game(), {}));
            QVERIFY(window_->runCommand(bad).contains(u"negative"_s));
        }
        // Orders (seed 000, 7.1.2): by messenger, the ride measured by the library unless typed; in person.
        const nlohmann::json order = encode_action(parse_umpire_command(u"order CL-G1 CL-T1 advance on the redan"_s, game(), {}).action);
        QCOMPARE(order["order"].get<std::string>(), std::string("advance on the redan"));
        QVERIFY(!order.contains("distance_mm"));
        QCOMPARE(encode_action(parse_umpire_command(u"order CL-G1 CL-T1 300mm hold"_s, game(), {}).action)["distance_mm"].get<double>(), 300.0);
        QVERIFY(encode_action(parse_umpire_command(u"order CL-G1 CL-T1 person hold"_s, game(), {}).action)["in_person"].get<bool>());
        for (const QString& bad : {u"order CL-G1 CL-T1"_s, u"order CL-T1 CL-G1 hold"_s, u"order CL-G1 CL-T1 -5mm hold"_s})
            QVERIFY_THROWS_EXCEPTION(CommandError, parse_umpire_command(bad, game(), {}));
        // A "!" with no command before it (fuzz_umpire_command) is refused, saying what it follows.
        for (const QString& bare : {u"!"_s, u" ! "_s, u"!-c I1 I-IA1  F-I1 I-IA1 +f4"_s})
            QVERIFY_THROWS_EXCEPTION(CommandError, parse_umpire_command(bare, game(), {}));
        QVERIFY(window_->runCommand(u"! the bases touch"_s).contains(u"follows a command"_s));
        for (const QString& bad : {u"r CL-C3 0.6x"_s, u"r B-I3 abc"_s, u"k 0.6x"_s, u"c CL-C3 B-C1 4x"_s, u"reroll 4x"_s}) {
            const QString error = window_->runCommand(bad);
            QVERIFY2(!error.isEmpty(), qPrintable(bad));
            QVERIFY2(error.contains(u"roll"_s) || error.contains(u"does not understand"_s), qPrintable(error));
        }
        QCOMPARE(game().history().size(), std::size_t{0});  // nothing rolled for any of them
        // Issue 28: a decimal below 1 is the roll, refused with the rules' reason, never a range
        // of 0.65 mm fired with a roll of the app's; a negative number is not taken for a unit.
        const QString places = window_->runCommand(u"a CL-A2 B-I4 0.6500 !"_s);
        QVERIFY2(places.contains(u"impossible roll '0.6500'"_s), qPrintable(places));
        const QString negative = window_->runCommand(u"r B-I3 -1"_s);
        QVERIFY2(negative.contains(u"'-1' is not a roll"_s), qPrintable(negative));
        QCOMPARE(game().history().size(), std::size_t{0});
        // Angles and distances that measure nothing are refused, never wrapped or journaled as null
        // (issue 13, 3): a NaN facing would leave a journal line no replay can read.
        for (const QString& bad : {u"set CL-T1 facing=nan !"_s, u"set CL-T1 facing=400 !"_s, u"face CL-T1 inf"_s, u"face CL-T1 400"_s,
                                   u"w CL-T1 nan !"_s, u"w CL-T1 720"_s, u"m CL-T1 nan"_s, u"m CL-T1 inf"_s}) {
            const QString error = window_->runCommand(bad);
            QVERIFY2(!error.isEmpty(), qPrintable(bad));
        }
        QCOMPARE(game().history().size(), std::size_t{0});
        QVERIFY(window_->runCommand(u"los CL-A3 B-G1"_s).isEmpty());
        QVERIFY(window_->runCommand(u"d CL-G1 B-G1"_s).isEmpty());
        QVERIFY2(echo().contains(u"CL-G1 to B-G1"_s), qPrintable(echo()));
        QVERIFY(window_->runCommand(u"z B-G1"_s).isEmpty());
        // A line of sight from a battery does not stop at the battery itself.
        const QPointF battery = to_point(game().state().units[unit("CL-A3")].position);
        const QPointF target = to_point(game().state().units[unit("B-I4")].position);
        board()->sight(battery, target);
        QVERIFY2(!echo().contains(u"CL-A3"_s), qPrintable(window_->statusBar()->currentMessage()));
        QVERIFY(!window_->statusBar()->currentMessage().contains(u"unit CL-A3"_s));
        QVERIFY(!window_->statusBar()->currentMessage().contains(u"unit B-I4"_s));
    }

    // Neutral answers are not errors: no crisis test due, nothing to undo.
    void neutralMessagesAreNotRed() {
        open(u"white-mountain-1620"_s);
        QVERIFY(window_->runCommand(u"k"_s).isEmpty());
        QVERIFY2(echo().startsWith(u"No crisis test is due"_s), qPrintable(echo()));
        QVERIFY(window_->runCommand(u"u"_s).isEmpty());
        QVERIFY(!echo().contains(u"color"_s));
        QVERIFY(!window_->runCommand(u"c B-I3"_s).isEmpty());
        QVERIFY(echo().contains(u"color"_s));  // an error is red
    }

    // The state counters keep 13 px on screen at fit zoom, each with its letter.
    void stateCountersReadAtFitZoom() {
        open(u"white-mountain-1620"_s);
        QVERIFY(window_->runCommand(u"set B-I3 state=disrupted"_s).isEmpty());
        QVERIFY(window_->runCommand(u"set B-I4 state=routing"_s).isEmpty());
        QVERIFY(window_->runCommand(u"set CL-A1 guns=limbered"_s).isEmpty());
        board()->fitTable();
        QApplication::processEvents();
        QCOMPARE(window_->boardScene().unitItem(unit("B-I3"))->counters(), u"D"_s);
        QCOMPARE(window_->boardScene().unitItem(unit("B-I4"))->counters(), u"R"_s);
        QCOMPARE(window_->boardScene().unitItem(unit("CL-A1"))->counters(), u"L"_s);
        const double ppm = board()->transform().m11();
        QVERIFY2(ppm < 1.0, "fit zoom on a 1366 x 768 window shows less than a pixel a millimetre");
        QVERIFY(window_->boardScene().unitItem(unit("B-I3"))->counterMillimetres() * ppm >= UnitItem::kMinimumCounterPixels - 1e-6);
        QVERIFY(window_->boardScene().unitItem(unit("B-I3"))->toolTip().contains(u"disrupted"_s));
    }

    // The first run shows the welcome; Esc on the board dismisses it for good.
    void welcomeIsShownOnceAndRemembered() {
        QSettings().remove(u"welcome/dismissed"_s);
        window_ = std::make_unique<MainWindow>(library_);
        window_->show();
        QVERIFY(QTest::qWaitForWindowActive(window_.get()));
        open(u"test-skirmish"_s);
        QVERIFY(window_->welcome()->isVisible());
        press(Qt::Key_Escape);
        QVERIFY(!window_->welcome()->isVisible());
        QVERIFY(!WelcomeOverlay::wanted());
        window_ = std::make_unique<MainWindow>(library_);
        window_->show();
        QVERIFY(!window_->welcome()->isVisible());
    }
};

#include "app_test_registry.hpp"
FORTUNA_APP_TEST(fortuna_desk_tests, DeskKeysTest)
#include "test_desk_keys.moc"
