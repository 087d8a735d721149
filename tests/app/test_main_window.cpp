// SPDX-License-Identifier: MIT
// The umpire at the keyboard: open a scenario, select two units, resolve a combat, undo it; the ruler; the allowance.
#include <QApplication>
#include <QComboBox>
#include <QGraphicsItem>
#include <QDir>
#include <QDockWidget>
#include <QFile>
#include <QLineEdit>
#include <QListWidget>
#include <QPainter>
#include <QSignalSpy>
#include <QTest>
#include <QTreeWidget>
#include <QUndoStack>

#include <cmath>
#include <memory>

#include "board_painting.hpp"
#include "board_scene.hpp"
#include "board_view.hpp"
#include "duties_dock.hpp"
#include "fire_and_morale_docks.hpp"
#include "inspector_dock.hpp"
#include "journal_dock.hpp"
#include "order_of_battle_dock.hpp"
#include "fortuna/land/battlefield.hpp"
#include "fortuna/seam/library.hpp"
#include "game_document.hpp"
#include "main_window.hpp"
#include "turn_bar.hpp"
#include "umpire_command.hpp"

using namespace fortuna;
using namespace fortuna::app;
using namespace Qt::StringLiterals;

class MainWindowTest : public QObject {
    Q_OBJECT

private:
    std::shared_ptr<const RulesLibrary> library_;
    std::unique_ptr<MainWindow> window_;

    std::size_t unit(const char* code) { return static_cast<std::size_t>(find_unit(window_->document().game(), QString::fromUtf8(code))); }
    const UnitStatus& status(const char* code) { return window_->document().game().state().units[unit(code)]; }

private slots:
    void initTestCase() { library_ = std::make_shared<const RulesLibrary>(RulesLibrary::load()); }

    void init() {
        window_ = std::make_unique<MainWindow>(library_);
        window_->document().setRecoveryEnabled(false);
        // The desk's keys and docks out of any sequence; the rules of play have their own tests.
        window_->document().setNewGameEnforcement(fortuna::Enforcement{false, false, false, false});
        QVERIFY(window_->openFile(u"test-skirmish"_s, true));
        window_->show();
        QVERIFY(QTest::qWaitForWindowExposed(window_.get()));
    }
    void cleanup() { window_.reset(); }

    // Seed 002 Table 5/6: French line infantry, 5 bases x 3 = 15, against Imperial line infantry
    // 5 x 3 = 15 is 1:1; a typed roll of 6 on the 1-1 column of the dice edition is the
    // result the engine reports, and undo puts both units back exactly as they were.
    // One history (issue 11): after a save is reopened, Undo reaches the actions made before.
    void undoReachesBackAcrossAReopenedSave() {
        QVERIFY(window_->runCommand(u"set F-I2 state=disrupted"_s).isEmpty());
        QVERIFY(window_->runCommand(u"set I-I2 state=disrupted"_s).isEmpty());
        const QString save = QDir::temp().filePath(u"fortuna-undo-history-%1.fortuna"_s.arg(QCoreApplication::applicationPid()));
        window_->document().save(save);
        QVERIFY(window_->openFile(save, true));
        QCOMPARE(window_->document().undoStack()->count(), 2);
        QVERIFY(window_->document().undoStack()->canUndo());
        window_->document().undoStack()->undo();
        QCOMPARE(status("I-I2").state, UnitState::Normal);
        QCOMPARE(status("F-I2").state, UnitState::Disrupted);
        QCOMPARE(window_->document().game().history().size(), std::size_t{1});
        QFile::remove(save);
        QFile::remove(save + u".journal"_s);
    }

    void combatFromTheKeyboardAndUndo() {
        window_->document().select({unit("F-I1"), unit("I-I1")});
        QCOMPARE(window_->document().selection().size(), std::size_t{2});
        const UnitStatus attacker_before = status("F-I1");
        const UnitStatus defender_before = status("I-I1");

        // C opens the command line with "c "; the umpire types his roll and presses Enter:
        // C, 6, Enter = 3 keystrokes once both units are chosen.
        window_->boardView().setFocus();
        QTest::keyClick(&window_->boardView(), Qt::Key_C);
        QLineEdit* line = window_->commandLine();
        QVERIFY(line->hasFocus());
        QCOMPARE(line->text(), u"c "_s);
        QTest::keyClicks(line, u"6"_s);
        QTest::keyClick(line, Qt::Key_Return);

        const Game& game = window_->document().game();
        QCOMPARE(game.history().size(), std::size_t{1});
        const AppliedAction& combat = game.history().back();
        QCOMPARE(combat.kind, std::string("combat"));
        QCOMPARE(combat.input["attacker"].get<std::string>(), std::string("F-I1"));
        QCOMPARE(combat.input["defender"].get<std::string>(), std::string("I-I1"));
        QCOMPARE(combat.rolls.front().roll.value, 6);
        QCOMPARE(combat.rolls.front().roll.source, RollSource::Entered);
        // What the engine decided is what the board shows now.
        const std::string result = combat.result["result"].get<std::string>();
        const nlohmann::json& defender = combat.result["defender"];
        QCOMPARE(status("I-I1").bases, defender_before.bases - defender["bases_lost"].get<int>());
        QCOMPARE(std::string(to_string(status("I-I1").state)), defender["after"].get<std::string>());
        const nlohmann::json& attacker = combat.result["attacker"];
        QCOMPARE(status("F-I1").bases, attacker_before.bases - attacker["bases_lost"].get<int>());
        QCOMPARE(std::string(to_string(status("F-I1").state)), attacker["after"].get<std::string>());
        // A 6 on the 1-1 column favours the attacker: the defender does not come out unharmed.
        QVERIFY2(!(status("I-I1") == defender_before), result.c_str());
        QVERIFY(window_->isWindowModified());

        // Undo from the keyboard (Ctrl+Z): both units exactly as before, the roll kept for redo.
        QTest::keyClick(window_.get(), Qt::Key_Z, Qt::ControlModifier);
        QCOMPARE(game.history().size(), std::size_t{0});
        QVERIFY(status("F-I1") == attacker_before);
        QVERIFY(status("I-I1") == defender_before);
        QVERIFY(!window_->isWindowModified());
        // Redo replays the same roll, not a fresh one.
        window_->document().undoStack()->redo();
        QCOMPARE(game.history().size(), std::size_t{1});
        QCOMPARE(game.history().back().rolls.front().roll.value, 6);
        QCOMPARE(game.history().back().result["result"].get<std::string>(), result);
    }

    // The combat of the example, typed with both codes and a modifier.
    // One selection, the document's (issue 11): whichever view makes it, the board, the order of
    // battle and the inspector show it, in the order the units were picked; an undo keeps it and
    // another game clears it.
    void oneSelectionHeldByTheDocument() {
        GameDocument& document = window_->document();
        BoardScene& scene = window_->boardScene();
        // On the board: a click, then a Ctrl+click that adds.
        scene.unitItem(unit("I-I1"))->setSelected(true);
        scene.unitItem(unit("F-I1"))->setSelected(true);
        QCOMPARE(document.selection(), (std::vector<std::size_t>{unit("I-I1"), unit("F-I1")}));
        auto* inspector = window_->findChild<UnitInspector*>();
        QVERIFY(inspector != nullptr);
        QVERIFY(inspector->toPlainText().contains(u"I-I1"_s));
        QVERIFY(inspector->toPlainText().contains(u"F-I1"_s));

        window_->findChild<QDockWidget*>(u"orderOfBattle"_s)->raise();
        QApplication::processEvents();
        auto* order_of_battle = window_->findChild<OrderOfBattlePanel*>();
        QVERIFY(order_of_battle != nullptr);
        auto* tree = order_of_battle->findChild<QTreeWidget*>();
        const auto rows_selected = [&] {
            QStringList codes;
            for (QTreeWidgetItem* item : tree->selectedItems()) codes << item->text(0).section(u' ', 0, 0);
            codes.sort();
            return codes;
        };
        QCOMPARE(rows_selected(), (QStringList{u"F-I1"_s, u"I-I1"_s}));  // built after the selection, it shows it

        // In the order of battle: a row picked there is the selection everywhere.
        QTreeWidgetItem* row = nullptr;
        for (QTreeWidgetItemIterator it(tree); *it; ++it)
            if ((*it)->text(0).startsWith(u"I-I2 "_s)) row = *it;
        QVERIFY(row != nullptr);
        tree->setCurrentItem(row, 0, QItemSelectionModel::ClearAndSelect);
        QCOMPARE(document.selection(), std::vector<std::size_t>{unit("I-I2")});
        QVERIFY(scene.unitItem(unit("I-I2"))->isSelected());
        QVERIFY(!scene.unitItem(unit("F-I1"))->isSelected());
        QVERIFY(inspector->toPlainText().contains(u"I-I2"_s));
        QVERIFY(!inspector->toPlainText().contains(u"F-I1"_s));

        // From the document (Tab, the command line, a duty): the board and the rows follow.
        document.select({unit("F-I2"), unit("I-I2"), unit("F-I2"), 99999});  // repeats and strangers dropped
        QCOMPARE(document.selection(), (std::vector<std::size_t>{unit("F-I2"), unit("I-I2")}));
        QCOMPARE(rows_selected(), (QStringList{u"F-I2"_s, u"I-I2"_s}));
        QVERIFY(scene.unitItem(unit("F-I2"))->isSelected());

        // An action and its undo leave it; another game clears it, on the board too.
        SetAction correction;
        correction.unit = "F-I2";
        correction.bases = status("F-I2").bases - 1;
        QVERIFY(!document.perform(correction).has_value());
        window_->document().undoStack()->undo();
        QCOMPARE(document.selection(), (std::vector<std::size_t>{unit("F-I2"), unit("I-I2")}));
        QSignalSpy cleared(&document, &GameDocument::selectionChanged);
        QVERIFY(window_->openFile(u"test-skirmish"_s, true));
        QVERIFY(document.selection().empty());
        QCOMPARE(cleared.count(), 1);
        QVERIFY(scene.selectedItems().isEmpty());
        QVERIFY(rows_selected().isEmpty());
    }

    // The journal's list adds the line of a new action and is built again for anything else: it
    // must show the history, then the undone actions, whatever the order of events.
    void journalListFollowsHistoryUndoAndRedo() {
        GameDocument& document = window_->document();
        auto* journal = window_->findChild<JournalPanel*>();
        QVERIFY(journal != nullptr);
        auto* list = journal->findChild<QListWidget*>();
        QVERIFY(list != nullptr);
        const auto correct = [&](int bases) {
            SetAction correction;
            correction.unit = "F-I2";
            correction.bases = bases;
            QVERIFY(!document.perform(correction).has_value());
        };
        // Row by row: "#seq ..." for the history, then "(undone) #seq ..." for what redo would bring back.
        const auto shows_history = [&] {
            const Game& game = document.game();
            QStringList want;
            for (const AppliedAction& action : game.history()) want << QStringLiteral("#%1 ").arg(action.seq);
            for (auto it = game.redo_stack().rbegin(); it != game.redo_stack().rend(); ++it) want << QStringLiteral("(undone) #%1 ").arg(it->seq);
            if (list->count() != want.size()) return false;
            for (int row = 0; row < list->count(); ++row)
                if (!list->item(row)->text().startsWith(want[row])) return false;
            return list->currentRow() == static_cast<int>(game.history().size()) - 1;
        };
        const int bases = status("F-I2").bases;
        correct(bases - 1);
        correct(bases - 2);
        QCOMPARE(list->count(), 2);
        QVERIFY(shows_history());
        QVERIFY(list->item(1)->toolTip().contains(u"F-I2"_s));  // the whole entry, the line being elided
        document.undoStack()->undo();
        QVERIFY(shows_history());
        QVERIFY(list->item(1)->text().startsWith(u"(undone)"_s));
        correct(bases - 3);  // a new action drops the undone one
        QCOMPARE(list->count(), 2);
        QVERIFY(shows_history());
        document.undoStack()->undo();
        QVERIFY(shows_history());
        document.undoStack()->redo();
        QVERIFY(shows_history());
        correct(bases);
        QCOMPARE(list->count(), 3);
        QVERIFY(shows_history());
        QVERIFY(window_->openFile(u"test-skirmish"_s, true));  // another game: none of these lines
        QCOMPARE(list->count(), 0);
        correct(bases - 1);
        QCOMPARE(list->count(), 1);
        QVERIFY(shows_history());
    }

    // A hidden Artillery dock measures its targets when it is shown, not at every action; shown,
    // it lists the position as it is then.
    void hiddenArtilleryDockCatchesUpWhenShown() {
        GameDocument& document = window_->document();
        ArtilleryPanel* artillery = window_->artilleryPanel();
        QVERIFY(artillery != nullptr);
        auto* combat = window_->findChild<QDockWidget*>(u"combat"_s);
        auto* artillery_dock = window_->findChild<QDockWidget*>(u"artillery"_s);
        window_->tabifyDockWidget(combat, artillery_dock);  // as the desk starts, whatever a test left
        combat->raise();  // the Artillery tab behind it
        QApplication::processEvents();
        QVERIFY(artillery->visibleRegion().isEmpty());
        const Game& game = document.game();
        std::size_t enemy = game.units().size();
        for (std::size_t i = 0; i < game.units().size() && enemy == game.units().size(); ++i)
            if (game.units()[i].id.side != game.units()[unit("F-A1")].id.side) enemy = i;
        QVERIFY(enemy < game.units().size());
        const QString code = QString::fromStdString(game.units()[enemy].id.code);
        const auto listed = [&] {
            for (int i = 0; i < artillery->targetBox()->count(); ++i)
                if (artillery->targetBox()->itemText(i).startsWith(code + u"  "_s)) return true;
            return false;
        };
        QVERIFY(listed());
        SetAction away;
        away.unit = game.units()[enemy].id.code;
        away.presence = Presence::OffBoard;
        QVERIFY(!document.perform(away).has_value());
        artillery_dock->raise();
        QApplication::processEvents();
        QVERIFY(!artillery->visibleRegion().isEmpty());
        QVERIFY2(!listed(), "a unit off the table is no target");
    }

    void typedCombatWithModifier() {
        QString error = window_->runCommand(u"c F-I2 I-I2 +flank 4"_s);
        QVERIFY2(error.isEmpty(), qPrintable(error));
        const AppliedAction& combat = window_->document().game().history().back();
        QCOMPARE(combat.input.value("flank", false), true);
        QCOMPARE(combat.rolls.front().roll.value, 4);
        // A unit of the same side cannot be attacked: refused, nothing applied.
        error = window_->runCommand(u"c F-I1 F-I2 3"_s);
        QVERIFY(!error.isEmpty());
        QCOMPARE(window_->document().game().history().size(), std::size_t{1});
    }

    // 300 mm across and 400 mm down is 500 mm on the table, 1000 m on the battlefield (1 mm = 2 m).
    void rulerReadsBoardMillimetresAndMetres() {
        BoardView& view = window_->boardView();
        view.setTool(BoardView::Tool::Ruler);
        view.fitTable();
        const QPoint from = view.mapFromScene(QPointF(100, 100));
        const QPoint to = view.mapFromScene(QPointF(400, 500));
        QTest::mousePress(view.viewport(), Qt::LeftButton, {}, from);
        QTest::mouseMove(view.viewport(), to);
        QTest::mouseRelease(view.viewport(), Qt::LeftButton, {}, to);
        QVERIFY(view.lastRulerMm().has_value());
        // One screen pixel is about 2 mm at fit; the reading is within that.
        QVERIFY2(std::abs(*view.lastRulerMm() - 500.0) <= 2 * view.millimetresPerPixel(), qPrintable(QString::number(*view.lastRulerMm())));
        // Exact through the keyboard path.
        view.measure(QPointF(0, 0), QPointF(300, 400));
        QCOMPARE(*view.lastRulerMm(), 500.0);
    }

    // Issue 11: the board and the library measure alike. `d IM-C1 B-I6` on White Mountain draws its
    // ruler between the nearest edges, (1255, 740) and (1080, 379.5): 400.7 mm, the library's
    // distance, not the 478.5 mm between the centres.
    void distanceCommandDrawsTheLibrarysTape() {
        QVERIFY(window_->openFile(u"white-mountain-1620"_s, true));
        QVERIFY(window_->runCommand(u"d IM-C1 B-I6"_s).isEmpty());
        const double library_mm = unit_gap_mm(window_->document().game(), unit("IM-C1"), unit("B-I6"));
        QVERIFY(window_->boardView().lastRulerMm().has_value());
        QVERIFY(std::abs(*window_->boardView().lastRulerMm() - library_mm) < 1e-9);
        QVERIFY(std::abs(library_mm - std::hypot(175.0, 360.5)) < 1e-9);
    }

    // Issue 28: the tape of D (and the line of V) stayed on the board after later actions, showing
    // a distance of a position no longer there. An action, an undo or a redo takes it away.
    void aMeasuredDistanceGoesWithTheNextAction() {
        QVERIFY(window_->openFile(u"white-mountain-1620"_s, true));
        BoardScene& scene = window_->boardScene();
        QVERIFY(window_->runCommand(u"d IM-C1 B-I6"_s).isEmpty());
        QVERIFY(scene.ruler().has_value());
        QVERIFY(window_->runCommand(u"n"_s).isEmpty());
        QVERIFY(!scene.ruler().has_value());
        QVERIFY(window_->runCommand(u"d IM-C1 B-I6"_s).isEmpty());
        window_->document().undoStack()->undo();
        QVERIFY(!scene.ruler().has_value());
    }

    // Issue 28: the drag's readout ran off the board at its edge. A label given the table stays on it.
    void aLabelKeptWithinTheTableStaysOnIt() {
        QImage picture(200, 60, QImage::Format_ARGB32_Premultiplied);
        picture.fill(Qt::transparent);
        {
            QPainter painter(&picture);
            draw_label(&painter, QPointF(95, 30), u"48 mm"_s, 12, Qt::black, true, false, Qt::AlignHCenter,
                       QRectF(0, 0, 100, 60));
        }
        int inside = 0;
        for (int y = 0; y < picture.height(); ++y)
            for (int x = 0; x < picture.width(); ++x) {
                if (qAlpha(picture.pixel(x, y)) == 0) continue;
                QVERIFY2(x < 100, qPrintable(u"a pixel of the label at x = %1"_s.arg(x)));
                ++inside;
            }
        QVERIFY(inside > 50);  // it was drawn, within
    }

    // F-I1 is French line infantry (seed 002 Table 1: 50 mm a turn). Dragging it 200 mm is past
    // the allowance: flagged, and the unit stays where the game says it is.
    void moveBeyondTheAllowanceIsFlagged() {
        BoardView& view = window_->boardView();
        view.setTool(BoardView::Tool::Select);
        view.resetTransform();
        view.scale(2, 2);
        view.centerOn(QPointF(600, 850));
        const UnitStatus before = status("F-I1");
        const QPoint from = view.mapFromScene(QPointF(before.position.x_mm, before.position.y_mm));
        const QPoint to = view.mapFromScene(QPointF(before.position.x_mm, before.position.y_mm - 200));
        QSignalSpy moves(&view, &BoardView::moveRequested);
        QTest::mousePress(view.viewport(), Qt::LeftButton, {}, from);
        QTest::mouseMove(view.viewport(), from + QPoint(0, -20));
        QTest::mouseMove(view.viewport(), to);
        QTest::mouseRelease(view.viewport(), Qt::LeftButton, {}, to);
        QVERIFY(view.lastMoveCheck().has_value());
        QVERIFY(view.lastMoveCheck()->over);
        QCOMPARE(view.lastMoveCheck()->allowance_mm, 50.0);
        QVERIFY(std::abs(view.lastMoveCheck()->distance_mm - 200.0) < 2.0);
        QCOMPARE(moves.count(), 0);
        QVERIFY(status("F-I1") == before);
        // The command line refuses it too, and says how to insist.
        const QString error = window_->runCommand(u"m F-I1 200"_s);
        QVERIFY(error.contains(u"PAST THE ALLOWANCE"_s));
        // A move within the allowance goes through as one undoable action.
        QVERIFY(window_->runCommand(u"m F-I1 40"_s).isEmpty());
        QCOMPARE(status("F-I1").position.y_mm, before.position.y_mm - 40);
        QVERIFY(window_->document().undoStack()->canUndo());
    }

    // At fit zoom on White Mountain the whole table shows (its left edge and the scale bar's
    // "0 mm" inside the view) and no unit code covers another: the guns of the centre redan,
    // B-A1 and B-A2, 20 mm apart, each keep a readable code.
    void fitShowsTheTableAndUnitCodesDoNotOverlap_data() {
        QTest::addColumn<QSize>("window");
        QTest::newRow("1366 x 768, the smallest laid out for (issue 14)") << QSize(1366, 768);
        QTest::newRow("1600 x 1000") << QSize(1600, 1000);
    }
    void fitShowsTheTableAndUnitCodesDoNotOverlap() {
        QFETCH(QSize, window);
        window_->resize(window);  // the offscreen platform's own screen is 800 x 600
        QApplication::processEvents();
        QVERIFY(window_->openFile(u"white-mountain-1620"_s, true));
        BoardView& view = window_->boardView();
        view.fitTable();
        QApplication::processEvents();
        window_->boardScene().ensureLabelsPlaced();
        const QRect viewport = view.viewport()->rect();
        QVERIFY(viewport.contains(view.mapFromScene(QPointF(0, 0))));
        QVERIFY(viewport.contains(view.mapFromScene(QPointF(1500, 1200))));
        QVERIFY(viewport.contains(view.mapFromScene(QPointF(-1, 1240))));  // the scale bar's 0 end
        const Game& game = window_->document().game();
        std::vector<std::pair<std::string, QRectF>> codes;
        for (std::size_t i = 0; i < game.units().size(); ++i) {
            UnitItem* item = window_->boardScene().unitItem(i);
            if (!item->isVisible()) continue;
            QVERIFY(!item->childItems().isEmpty());
            const QGraphicsItem* label = item->childItems().front();
            codes.emplace_back(game.units()[i].id.code, label->deviceTransform(view.viewportTransform()).mapRect(label->boundingRect()));
        }
        QVERIFY(codes.size() > 40);
        std::string overlaps;
        for (std::size_t a = 0; a < codes.size(); ++a)
            for (std::size_t b = a + 1; b < codes.size(); ++b) {
                // The leader line's end may touch its own unit, not another code: compare the plates.
                const QRectF x = codes[a].second.adjusted(1, 1, -1, -1), y = codes[b].second.adjusted(1, 1, -1, -1);
                if (x.intersects(y)) overlaps += codes[a].first + " over " + codes[b].first + "; ";
            }
        if (window.width() < 1400)
            QEXPECT_FAIL("1366 x 768, the smallest laid out for (issue 14)",
                         "known: at 0.38 px/mm Tilly's line is too crowded for every code to find a clear place (CL-T2 over CL-C1)", Abort);
        QVERIFY2(overlaps.empty(), overlaps.c_str());
    }

    // Issue 6 item 4, the solo replay aid. White Mountain, turn 1, the Imperialists and the League
    // phasing: after a) comes b), where their batteries in the intervals may fire on the
    // Bohemians they can see. The umpire opens one item from the keyboard, fires through the
    // Artillery dock, sees the item ticked; undo opens it again, redo ticks it again.
    void soloDutiesTickedByTheJournalAndReopenedByUndo() {
        QVERIFY(window_->openFile(u"white-mountain-1620"_s, true));
        const Game& game = window_->document().game();
        QCOMPARE(game.phasing_side(), 0);
        QVERIFY(window_->runCommand(u"n"_s).isEmpty());
        QCOMPARE(game.phase().id, std::string("b"));

        DutiesPanel* panel = window_->dutiesPanel();
        std::vector<Duty> fire;
        for (const Duty& duty : panel->duties())
            if (duty.phase == "b" && duty.kind == DutyKind::ArtilleryFire) fire.push_back(duty);
        QVERIFY2(!fire.empty(), "no battery of the first side may fire in phase b");
        for (const Duty& duty : fire) {
            QVERIFY(!duty.done);
            QVERIFY(!duty.targets.empty());
            QCOMPARE(game.units()[unit(duty.units.front().c_str())].id.side, 0);
            QVERIFY(panel->itemOf(duty.id) != nullptr);
            QCOMPARE(panel->itemOf(duty.id)->checkState(0), Qt::Unchecked);
        }
        QVERIFY2(window_->turnBar()->duties().startsWith(u"Duties b): %1 to do, 0 done"_s.arg(fire.size())),
                 qPrintable(window_->turnBar()->duties()));

        // Ctrl+D: the list has the focus; Enter on the first battery opens the Artillery dock
        // with the battery and its nearest target chosen, both selected on the board.
        const Duty duty = fire.front();
        QTest::keyClick(window_.get(), Qt::Key_D, Qt::ControlModifier);
        QTreeWidget* list = panel->list();
        QVERIFY(list->hasFocus());
        list->setCurrentItem(panel->itemOf(duty.id));
        QTest::keyClick(list, Qt::Key_Return);
        ArtilleryPanel* artillery = window_->artilleryPanel();
        QVERIFY(window_->findChild<QDockWidget*>(u"artillery"_s)->isVisible());
        QVERIFY(artillery->rollEdit()->hasFocus());
        const std::size_t battery = unit(duty.units.front().c_str());
        const std::size_t target = unit(duty.targets.front().unit.c_str());
        QCOMPARE(window_->document().selection(), (std::vector<std::size_t>{battery, target}));
        QCOMPARE(artillery->targetBox()->currentData().value<std::size_t>(), target);
        // The target list offers the enemy only, and the first offered is in sight.
        QVERIFY(artillery->targetBox()->count() > 0);
        for (int i = 0; i < artillery->targetBox()->count(); ++i)
            QVERIFY(game.units()[artillery->targetBox()->itemData(i).value<std::size_t>()].id.side != game.units()[battery].id.side);
        QVERIFY2(artillery->targetBox()->itemText(0).endsWith(u"in sight"_s), qPrintable(artillery->targetBox()->itemText(0)));

        // The umpire's roll, Enter: fired, journaled, and the item ticked and struck through.
        QTest::keyClicks(artillery->rollEdit(), u".420"_s);
        QTest::keyClick(artillery->rollEdit(), Qt::Key_Return);
        QCOMPARE(game.history().size(), std::size_t{2});
        QCOMPARE(game.history().back().kind, std::string("artillery"));
        QCOMPARE(game.history().back().input["battery"].get<std::string>(), duty.units.front());
        const auto done = [&] {
            for (const Duty& d : panel->duties())
                if (d.id == duty.id) return d.done;
            return false;
        };
        QVERIFY(done());
        QCOMPARE(panel->itemOf(duty.id)->checkState(0), Qt::Checked);
        QVERIFY(panel->itemOf(duty.id)->font(0).strikeOut());
        QVERIFY2(window_->turnBar()->duties().startsWith(u"Duties b): %1 to do, 1 done"_s.arg(fire.size() - 1)),
                 qPrintable(window_->turnBar()->duties()));

        // Undo (Ctrl+Z): the item is open again; redo (the same roll) ticks it again.
        QTest::keyClick(window_.get(), Qt::Key_Z, Qt::ControlModifier);
        QCOMPARE(game.history().size(), std::size_t{1});
        QVERIFY(!done());
        QCOMPARE(panel->itemOf(duty.id)->checkState(0), Qt::Unchecked);
        QVERIFY(!panel->itemOf(duty.id)->font(0).strikeOut());
        window_->document().undoStack()->redo();
        QVERIFY(done());
        QCOMPARE(panel->itemOf(duty.id)->checkState(0), Qt::Checked);

        // Closed (View menu) the list waits, at no cost per action, and the turn bar says so;
        // raised again it is recomputed: undo has reopened the item meanwhile.
        window_->findChild<QDockWidget*>(u"duties"_s)->hide();
        QVERIFY(!panel->isVisible());
        QVERIFY(window_->runCommand(u"u"_s).isEmpty());
        QCOMPARE(window_->turnBar()->duties(), u"Duties (Ctrl+D)"_s);
        window_->raiseDock(u"duties"_s);
        QVERIFY(panel->isVisible());
        QVERIFY(!done());
        QVERIFY(window_->turnBar()->duties().startsWith(u"Duties b): %1 to do, 0 done"_s.arg(fire.size())));
        window_->document().undoStack()->redo();
        QVERIFY(done());

        // J opens the next open battery; with none left in the phase it says so.
        window_->boardView().setFocus();
        QTest::keyClick(&window_->boardView(), Qt::Key_J);
        if (fire.size() > 1) {
            QVERIFY(artillery->rollEdit()->hasFocus());
            QVERIFY(window_->document().selection().front() != battery);
        }
    }
};

#include "app_test_registry.hpp"
FORTUNA_APP_TEST(fortuna_app_tests, MainWindowTest)
#include "test_main_window.moc"
