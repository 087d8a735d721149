// SPDX-License-Identifier: MIT
// Game > Computer Plays (issue 17): the opponent's half-turn through the undo stack, its reasons, its arrow, pause, take-over and undo.
#include <QAction>
#include <QApplication>
#include <QElapsedTimer>
#include <QPlainTextEdit>
#include <QSettings>
#include <QStandardPaths>
#include <QStatusBar>
#include <QTest>
#include <QUndoStack>

#include <map>
#include <memory>

#include "board_scene.hpp"
#include "board_view.hpp"
#include "fortuna/seam/library.hpp"
#include "fortuna/land/scenario.hpp"
#include "game_document.hpp"
#include "log_dock.hpp"
#include "main_window.hpp"
#include "opponent_desk.hpp"
#include "qt_text.hpp"
#include "umpire_command.hpp"

using namespace fortuna;
using namespace fortuna::app;
using namespace Qt::StringLiterals;

class OpponentDeskTest : public QObject {
    Q_OBJECT

private:
    std::shared_ptr<const RulesLibrary> library_;
    std::unique_ptr<MainWindow> window_;

    const Game& game() { return window_->document().game(); }
    OpponentDesk& desk() { return *window_->opponentDesk(); }
    QAction* action(const QString& name) {
        auto* found = window_->findChild<QAction*>(name);
        if (found == nullptr) qFatal("no action %s", qPrintable(name));
        return found;
    }
    // White Mountain under a fixed seed (a scenario opened from the menu gets a fresh one).
    void openWhiteMountain(std::uint64_t seed) {
        window_->document().openGame(std::make_unique<Game>(*library_, load_scenario(*library_, "white-mountain-1620"), seed));
        QApplication::processEvents();
    }
    void playCatholicStepByStep() {
        action(u"computerSpeed%1"_s.arg(static_cast<int>(OpponentDesk::Speed::StepByStep)))->trigger();
        action(u"computerPlaysSide0"_s)->trigger();
    }
    QString logText() {
        auto* log = window_->findChild<LogPanel*>();
        return log != nullptr ? log->toPlainText() : QString();
    }

private slots:
    void initTestCase() {
        QStandardPaths::setTestModeEnabled(true);
        QSettings().clear();
        library_ = std::make_shared<const RulesLibrary>(RulesLibrary::load());
    }

    void init() {
        window_ = std::make_unique<MainWindow>(library_);
        window_->document().setRecoveryEnabled(false);
        window_->resize(1366, 768);
        window_->show();
        QVERIFY(QTest::qWaitForWindowExposed(window_.get()));
    }
    void cleanup() { window_.reset(); }

    // Game > Computer Plays > the Catholic side, step by step: each Step is one action through
    // GameDocument::perform, so the undo stack grows with the history, every action says who
    // asked and why, the log shows the reasons, and at the Bohemian half-turn it stops.
    void theCatholicHalfTurnGoesThroughTheUndoStackWithItsReasons() {
        openWhiteMountain(7);
        QCOMPARE(action(u"computerPlaysSide0"_s)->text(), u"Imperialists and Catholic League"_s);
        QCOMPARE(action(u"computerPlaysSide1"_s)->text(), u"Bohemians and allies"_s);
        playCatholicStepByStep();
        QVERIFY(desk().plays(0));
        QVERIFY(!desk().plays(1));
        QVERIFY(action(u"computerPlaysSide0"_s)->isChecked());
        QVERIFY(!action(u"computerPlaysBoth"_s)->isChecked());
        QVERIFY(desk().proposal().has_value());
        int steps = 0;
        while (game().phasing_side() == 0 && steps < 400) {
            action(u"computerStep"_s)->trigger();
            ++steps;
        }
        QCOMPARE(game().phasing_side(), 1);
        QCOMPARE(game().clock().turn, 1);
        QCOMPARE(window_->document().undoStack()->count(), static_cast<int>(game().history().size()));
        QCOMPARE(window_->document().undoStack()->count(), steps);  // every step applied one action
        int ends = 0, moves = 0;
        for (const AppliedAction& applied : game().history()) {
            QCOMPARE(applied.request.by.value_or(""), std::string("computer: catholic"));
            QVERIFY2(applied.request.why && !applied.request.why->empty(), applied.summary.c_str());
            ends += applied.kind == "end-phase";
            moves += applied.kind == "move";
        }
        QCOMPARE(ends, 5);  // phases a-e of the half-turn
        QVERIFY(moves > 0);
        // The journal on disk keeps the reason (the game's own journal lines).
        QVERIFY(game().journal().back().at("input").contains("why"));
        // Where the umpire reads results: the log dock and the status line.
        const std::string last_why = *game().history().back().request.why;
        QVERIFY2(logText().contains(qs(last_why)), qPrintable(logText().right(400)));
        QVERIFY(logText().contains(u"why: "_s));
        // The Bohemians' half is the player's: nothing proposed, no arrow, Step does nothing.
        QVERIFY(!desk().proposal().has_value());
        QVERIFY(!window_->boardScene().intention().has_value());
        action(u"computerStep"_s)->trigger();
        QCOMPARE(window_->document().undoStack()->count(), steps);
    }

    // Issue 28: the computer's label lay beyond the arrow's head, on the target's code. It goes
    // where it covers no unit's code (beside the arrow, behind it) when beyond the head is taken.
    void theComputersLabelLeavesTheUnitCodesReadable() {
        openWhiteMountain(7);
        playCatholicStepByStep();
        // At 1 px a board mm (White Mountain's 1500 mm table across a 1600 px screen); at the fit
        // zoom of a small window a label is as long as a third of the line and no place is clear.
        BoardView& view = window_->boardView();
        view.resetTransform();
        window_->boardScene().setViewScale(1.0);
        int labels = 0;
        for (int step = 0; step < 120 && game().phase().id != "e" && desk().proposal().has_value(); ++step) {
            if (window_->boardScene().intention().has_value()) {
                window_->boardScene().ensureLabelsPlaced();
                const double ppm = view.transform().m11();
                const QRectF label = window_->boardScene().intentionLabelRect(ppm);
                QVERIFY(!label.isEmpty());
                ++labels;
                for (const QRectF& code : window_->boardScene().unitLabelRects())
                    QVERIFY2(code.isEmpty() || !code.intersects(label),
                             qPrintable(u"the label of %1 covers a unit's code"_s.arg(qs(encode_action(*desk().proposal()).dump()))));
            }
            action(u"computerStep"_s)->trigger();
        }
        QVERIFY(labels >= 5);
    }

    // The intention drawn before the step is the step taken: an arrow from the unit to where it
    // goes, its reason the tooltip. Undo pauses the computer and it proposes the same action
    // again; resumed, it plays it with the same roll.
    void undoPausesAndTheSameActionIsProposedAgain() {
        openWhiteMountain(7);
        playCatholicStepByStep();
        // On to the first move of phase c, checking the arrow before it is played.
        while (game().phase().id != "c") action(u"computerStep"_s)->trigger();
        const auto* move = std::get_if<MoveAction>(&desk().proposal()->action);
        QVERIFY2(move != nullptr, encode_action(*desk().proposal()).dump().c_str());
        const std::optional<QLineF> arrow = window_->boardScene().intention();
        QVERIFY(arrow.has_value());
        QCOMPARE(arrow->p1(), to_point(game().unit(*move->unit).now.position));
        QCOMPARE(arrow->p2(), to_point(*move->to));
        QCOMPARE(window_->boardScene().intentionReason(), qs(*desk().proposal()->why));
        const nlohmann::json proposed = encode_action(*desk().proposal());
        action(u"computerStep"_s)->trigger();
        QVERIFY2(game().history().back().input == proposed, game().history().back().input.dump().c_str());
        // Two more actions, then undo the last of them (Edit > Undo, as U does).
        action(u"computerStep"_s)->trigger();
        action(u"computerStep"_s)->trigger();
        const std::size_t before = game().history().size();
        const nlohmann::json undone = game().history().back().input;
        QVERIFY(!desk().paused());
        window_->document().undoStack()->undo();
        QCOMPARE(game().history().size(), before - 1);
        QVERIFY(desk().paused());
        QVERIFY(action(u"computerPause"_s)->isChecked());
        QTRY_VERIFY2(window_->statusBar()->currentMessage().contains(u"paused after the undo"_s), qPrintable(window_->statusBar()->currentMessage()));
        QVERIFY(desk().proposal().has_value());
        QVERIFY2(encode_action(*desk().proposal()) == undone, encode_action(*desk().proposal()).dump().c_str());
        // Paused, the timer plays nothing, at any speed.
        action(u"computerSpeed%1"_s.arg(static_cast<int>(OpponentDesk::Speed::Fast)))->trigger();
        QTest::qWait(500);
        QCOMPARE(game().history().size(), before - 1);
        // P resumes: the same action again, at five a second.
        window_->boardView().setFocus();
        QTest::keyClick(&window_->boardView(), Qt::Key_P);
        QVERIFY(!desk().paused());
        QTRY_VERIFY_WITH_TIMEOUT(game().history().size() >= before, 3000);
        QVERIFY2(game().history()[before - 1].input == undone, game().history()[before - 1].input.dump().c_str());
        QTest::keyClick(&window_->boardView(), Qt::Key_P);
        QVERIFY(desk().paused());
    }

    // A step with a roll undone and played again keeps its roll (the game keeps undone rolls):
    // the opponent never fishes for a better one.
    void anUndoneShotIsFiredAgainWithTheSameRoll() {
        openWhiteMountain(4);
        playCatholicStepByStep();
        for (int i = 0; i < 50 && !std::holds_alternative<ArtilleryAction>(desk().proposal()->action); ++i)
            action(u"computerStep"_s)->trigger();
        const nlohmann::json shot = encode_action(*desk().proposal());
        action(u"computerStep"_s)->trigger();
        QCOMPARE(game().history().back().kind, std::string("artillery"));
        const nlohmann::json fired = game().history().back().input;  // the range measured filled in
        QVERIFY(!game().history().back().rolls.empty());
        const int roll = game().history().back().rolls.front().roll.value;
        const QString summary = qs(game().history().back().summary);
        action(u"computerStep"_s)->trigger();  // the next action too, then both undone
        window_->document().undoStack()->undo();
        window_->document().undoStack()->undo();
        QVERIFY(desk().paused());
        QVERIFY2(encode_action(*desk().proposal()) == shot, (encode_action(*desk().proposal()).dump() + " vs " + shot.dump()).c_str());
        action(u"computerStep"_s)->trigger();  // Step plays one action while paused
        QVERIFY2(game().history().back().input == fired, game().history().back().input.dump().c_str());
        QCOMPARE(game().history().back().rolls.front().roll.value, roll);
        QVERIFY(game().history().back().rolls.front().reused);
        QCOMPARE(qs(game().history().back().summary), summary);
    }

    // Instant: the whole Catholic half-turn at once, then the Bohemians' turn waits for the player.
    void instantPlaysTheHalfTurnToItsEnd() {
        openWhiteMountain(3);
        action(u"computerSpeed%1"_s.arg(static_cast<int>(OpponentDesk::Speed::Instant)))->trigger();
        action(u"computerPlaysSide0"_s)->trigger();
        QTRY_COMPARE_WITH_TIMEOUT(game().phasing_side(), 1, 20000);
        QCOMPARE(game().clock().turn, 1);
        QVERIFY(game().history().size() > 10);
        QVERIFY(!window_->boardScene().intention().has_value());
    }

    // Both sides, instant: each half-turn at once, paused at its end (P goes on), to the decision,
    // which the status line and the log announce; then the computer proposes nothing more.
    void bothSidesPlayToTheDecision() {
        openWhiteMountain(7);
        action(u"computerSpeed%1"_s.arg(static_cast<int>(OpponentDesk::Speed::Instant)))->trigger();
        action(u"computerPlaysBoth"_s)->trigger();
        QVERIFY(desk().plays(0) && desk().plays(1));
        QVERIFY(action(u"computerPlaysBoth"_s)->isChecked());
        QElapsedTimer clock;
        clock.start();
        int halves = 0;
        while (!desk().outcome() && halves < 200) {
            QTRY_VERIFY_WITH_TIMEOUT(desk().paused() || desk().outcome(), 60000);
            if (desk().outcome()) break;
            ++halves;
            action(u"computerPause"_s)->trigger();  // resume: the next half-turn
        }
        QVERIFY(desk().outcome().has_value());
        qInfo("%d half-turns, %d actions, %lld ms: %s", halves, static_cast<int>(game().history().size()),
              static_cast<long long>(clock.elapsed()), desk().outcome()->words.c_str());
        QVERIFY(halves > 2);
        // The same battle as the library plays it under the seed (fortuna-cli play --opponent both).
        Game library_game(*library_, load_scenario(*library_, "white-mountain-1620"), 7);
        play_opponents(library_game, *desk().doctrines(), {0, 1});
        QCOMPARE(game().history().size(), library_game.history().size());
        QVERIFY(game().journal() == library_game.journal());
        QTRY_VERIFY(window_->statusBar()->currentMessage().startsWith(u"The battle is decided"_s));
        QVERIFY(logText().contains(u"The battle is decided"_s));
        QVERIFY(!desk().proposal().has_value());
        QVERIFY(!window_->boardScene().intention().has_value());
    }

    // The player's own action in the computer's half-turn (a unit he took over moves) does not
    // make the computer forget what it decided this phase: no unit is ordered twice in phase c.
    void thePlayersActionDoesNotMakeTheComputerOrderAUnitTwice() {
        openWhiteMountain(7);
        playCatholicStepByStep();
        const std::size_t lancers = static_cast<std::size_t>(find_unit(game(), u"CL-C5"_s));
        window_->document().select({lancers});
        action(u"computerTakeOver"_s)->trigger();
        while (game().phase().id != "c") action(u"computerStep"_s)->trigger();
        const std::size_t phase_start = game().history().size();
        for (int i = 0; i < 3; ++i) action(u"computerStep"_s)->trigger();
        const BoardPoint at = game().units()[lancers].now.position;
        const std::optional<QString> refused = window_->document().perform(
            move_to("CL-C5", BoardPoint{at.x_mm, at.y_mm - 20}));
        QVERIFY2(!refused, qPrintable(refused.value_or(QString())));
        QVERIFY(!desk().paused());
        while (game().phase().id == "c") action(u"computerStep"_s)->trigger();
        std::map<std::string, int> orders;
        for (std::size_t i = phase_start; i < game().history().size(); ++i) {
            const AppliedAction& applied = game().history()[i];
            if (applied.request.by && applied.kind != "end-phase") ++orders[applied.input.value("unit", std::string())];
        }
        QVERIFY(orders.size() >= 3);
        for (const auto& [unit, count] : orders) QVERIFY2(count == 1, unit.c_str());
        QCOMPARE(orders.count("CL-C5"), std::size_t{0});
    }

    // A scenario without a doctrine file (the test skirmish) gets the default doctrines
    // (docs/rules/opponent.md); the menu names its sides; a new battle unticks the sides.
    void aScenarioWithoutDoctrinesIsPlayedByTheDefault() {
        QVERIFY(window_->openFile(u"test-skirmish"_s, true));
        QCOMPARE(action(u"computerPlaysSide0"_s)->text(), u"French"_s);
        QCOMPARE(action(u"computerPlaysSide1"_s)->text(), u"Imperialists"_s);
        const int side = game().phasing_side();
        action(u"computerSpeed%1"_s.arg(static_cast<int>(OpponentDesk::Speed::StepByStep)))->trigger();
        action(u"computerPlaysSide%1"_s.arg(side))->trigger();
        QVERIFY(desk().plays(side));
        QCOMPARE(desk().doctrines()->file, std::string());  // built in memory: the default
        for (int i = 0; i < 12 && game().phasing_side() == side; ++i) action(u"computerStep"_s)->trigger();
        QVERIFY(game().history().size() >= 5);
        for (const AppliedAction& applied : game().history()) QVERIFY2(applied.request.why.has_value(), applied.summary.c_str());
        openWhiteMountain(1);
        QVERIFY(!desk().playsAny());
        QVERIFY(!action(u"computerPlaysSide0"_s)->isChecked());
        QVERIFY(!action(u"computerPlaysSide1"_s)->isChecked());
        QCOMPARE(action(u"computerPlaysSide0"_s)->text(), u"Imperialists and Catholic League"_s);
    }

    // A battery the player takes over (T) is his to fire: the computer's phase b waits and says
    // so; once he has fired, it goes on.
    void aUnitTakenOverMakesTheComputerWaitForThePlayer() {
        openWhiteMountain(4);
        playCatholicStepByStep();
        window_->document().select({static_cast<std::size_t>(find_unit(game(), u"CL-A1"_s))});
        action(u"computerTakeOver"_s)->trigger();
        QVERIFY(desk().takenOver().count("CL-A1"));
        for (int i = 0; i < 50 && desk().waitingFor().empty(); ++i) action(u"computerStep"_s)->trigger();
        QCOMPARE(game().phase().id, std::string("b"));
        QCOMPARE(desk().waitingFor().size(), std::size_t{1});
        QVERIFY(!desk().proposal().has_value());
        const QString status = window_->statusBar()->currentMessage();
        QVERIFY2(status.startsWith(u"Waiting for you: "_s) && status.contains(u"CL-A1"_s), qPrintable(status));
        const std::size_t before = game().history().size();
        action(u"computerStep"_s)->trigger();
        QCOMPARE(game().history().size(), before);  // it waits
        QVERIFY(!window_->document().perform(ArtilleryAction{"CL-A1", "B-I3", std::nullopt}).has_value());
        QVERIFY(desk().waitingFor().empty());
        QVERIFY(desk().proposal().has_value());
        QVERIFY(!desk().paused());  // the player's action is not an undo: the computer goes on
        // Handed back (Shift+T), the battery is the computer's again.
        action(u"computerHandBack"_s)->trigger();
        QVERIFY(desk().takenOver().empty());
    }
};

#include "app_test_registry.hpp"
FORTUNA_APP_TEST(fortuna_opponent_desk_tests, OpponentDeskTest)
#include "test_opponent_desk.moc"
