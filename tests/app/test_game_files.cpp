// SPDX-License-Identifier: MIT
// The app never loses what was entered: recovered games are unsaved until saved, quitting asks, locked games open read-only, a full disk is said.
#include <QApplication>
#include <QMessageBox>
#include <QPushButton>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTest>
#include <QTimer>
#include <QUndoStack>

#include <cerrno>
#include <filesystem>
#include <fstream>
#include <memory>

#include "fortuna/core/journal.hpp"
#include "fortuna/seam/rule_system.hpp"
#include "fortuna/analysis/session_opponent.hpp"
#include "fortuna/seam/library.hpp"
#include "fortuna/naval/files.hpp"
#include "fortuna/land/opponent.hpp"
#include "fortuna/core/platform.hpp"
#include "fortuna/land/save.hpp"
#include "fortuna/land/scenario.hpp"
#include "game_document.hpp"
#include "main_window.hpp"
#include "naval_desk.hpp"
#include "session_desk.hpp"
#include "qt_text.hpp"

using namespace fortuna;
using namespace fortuna::app;
using namespace Qt::StringLiterals;

// A named namespace: the app's test files share unity batches (tests/app/CMakeLists.txt).
namespace app_files_test {

// Answers the next message box with the button whose text contains `button` (after the
// ampersand is removed) and records the box's text for the test to read. The watch for the box
// lives in the answer: it ends when the box is answered, when the test calls stop() (a box that
// must not come), or when the answer goes out of scope. A watch left running would answer the
// next test's box with its button: a forgotten "Discard" watch once deleted a journal that the
// test meant to see offered again.
class DialogAnswer {
public:
    QString text;
    bool seen = false;

    DialogAnswer() {
        watch_.setInterval(50);
        QObject::connect(&watch_, &QTimer::timeout, &watch_, [this] { answer(); });
    }
    void watchFor(const QString& button) {
        button_ = button;
        watch_.start();
    }
    void stop() { watch_.stop(); }

private:
    void answer() {
        auto* box = qobject_cast<QMessageBox*>(QApplication::activeModalWidget());
        if (box == nullptr) return;  // not up yet: look again at the next tick
        watch_.stop();
        seen = true;
        text = box->text();
        for (QAbstractButton* candidate : box->buttons()) {
            if (candidate->text().remove(u'&').contains(button_)) {
                candidate->click();
                return;
            }
        }
        box->reject();
    }

    QString button_;
    QTimer watch_;
};

void answerNextDialog(const QString& button, DialogAnswer* answer) { answer->watchFor(button); }

}  // namespace app_files_test
using app_files_test::answerNextDialog;
using app_files_test::DialogAnswer;

class GameFilesTest : public QObject {
    Q_OBJECT

private:
    std::shared_ptr<const RulesLibrary> library_;
    std::unique_ptr<MainWindow> window_;
    std::unique_ptr<QTemporaryDir> folder_;

    std::filesystem::path path(const char* name) const { return ss(folder_->filePath(QString::fromUtf8(name))); }

    // A journal of two phases ended, as a crashed app leaves it in the recovery folder.
    std::filesystem::path crashedJournal() {
        const auto journal = recovery_dir() / "test-skirmish-crashed.journal";
        std::filesystem::create_directories(journal.parent_path());
        std::filesystem::remove(journal);
        Game game(*library_, load_scenario(*library_, "test-skirmish"), 5);
        game.attach_journal(journal);
        game.apply({{"do", "end-phase"}});
        game.apply({{"do", "end-phase"}});
        game.detach_journal();
        return journal;
    }

    // Every write fails as on a full disk (the platform fault seam, save.hpp).
    static FileOperations fullDisk() {
        FileOperations full = system_file_operations();
        full.write = [](int, const void*, std::size_t) -> long {
            errno = ENOSPC;
            return -1;
        };
        return full;
    }

private slots:
    void initTestCase() { library_ = std::make_shared<const RulesLibrary>(RulesLibrary::load()); }

    void init() {
        folder_ = std::make_unique<QTemporaryDir>();
        window_ = std::make_unique<MainWindow>(library_);
        window_->document().setNewGameEnforcement(fortuna::Enforcement{false, false, false, false});  // files, not rules
        window_->show();
        QVERIFY(QTest::qWaitForWindowExposed(window_.get()));
    }
    void cleanup() {
        // Destroying the window asks nothing (only closing does); the journals go with the folder.
        window_.reset();
        std::filesystem::remove_all(recovery_dir());
    }

    // Issue 13: a recovered game showed no unsaved mark, and quitting right after recovery
    // asked nothing and deleted the recovery journal with everything recovered.
    void aRecoveredGameIsUnsavedAndQuittingAsks() {
        const auto journal = crashedJournal();
        QVERIFY(window_->openFile(qs(journal.string()), true));
        GameDocument& document = window_->document();
        QCOMPARE(document.game().history().size(), std::size_t{2});
        QVERIFY(document.isModified());
        QVERIFY(window_->isWindowModified());
        QVERIFY(window_->windowTitle().contains(u"[*]"_s));
        QCOMPARE(document.recoveryJournal(), qs(journal.string()));

        // Cancel keeps the window open and the journal on disk.
        DialogAnswer cancel;
        answerNextDialog(u"Cancel"_s, &cancel);
        QVERIFY(!window_->close());
        QVERIFY(cancel.seen);
        QVERIFY(cancel.text.contains(u"recovered"_s));
        QVERIFY(window_->isVisible());
        QVERIFY(std::filesystem::exists(journal));

        // The recovered game goes on in the same journal: a new action is appended to it.
        QVERIFY(!document.perform(EndPhaseAction{}).has_value());
        QCOMPARE(read_journal(journal).lines.size(), std::size_t{3});

        // Discard is the umpire's own choice: only then is the journal deleted.
        DialogAnswer discard;
        answerNextDialog(u"Discard"_s, &discard);
        QVERIFY(window_->close());
        QVERIFY(discard.seen);
        QVERIFY(!std::filesystem::exists(journal));
        window_.reset();
    }

    void savingARecoveredGameMakesItClean() {
        const auto journal = crashedJournal();
        QVERIFY(window_->openFile(qs(journal.string()), true));
        GameDocument& document = window_->document();
        QVERIFY(document.isModified());
        document.save(qs(path("recovered.fortuna").string()));
        QVERIFY(!document.isModified());
        QVERIFY(!window_->isWindowModified());
        QCOMPARE(load_game(*library_, path("recovered.fortuna")).history().size(), std::size_t{2});
        // Clean now: closing asks nothing (a dialog would stop this test) and the journal goes.
        QVERIFY(window_->close());
        QVERIFY(!std::filesystem::exists(journal));
        window_.reset();
    }

    // Issue 28: after a kill -9 once the computer's batteries had fired, the recovered game
    // refused its own journal ("it holds 14 lines from line 50 on that this game does not"),
    // the undone action could not be redone, and after Ctrl+S the old journal was offered again.
    void aRecoveredComputerBattleGoesOnInItsJournalRedoStandsAndTheSaveRetiresIt() {
        const auto journal = recovery_dir() / "white-mountain-killed.journal";
        std::filesystem::create_directories(journal.parent_path());
        {
            Game game(*library_, load_scenario(*library_, "white-mountain-1620"), 7);
            game.attach_journal(journal);
            Opponent catholic(game, load_doctrines(*library_, game.scenario()).side(0));
            // The League's first shots (their range measured on the board), one action more, then U.
            int after_shot = -1;
            while (after_shot < 1) {
                const AppliedAction* applied = catholic.step(game);
                QVERIFY(applied != nullptr);
                if (applied->kind == "artillery" || after_shot >= 0) ++after_shot;
            }
            game.undo();
            game.detach_journal();  // the kill
        }
        const std::size_t lines = read_journal(journal).lines.size();
        QVERIFY(window_->openFile(qs(journal.string()), true));
        GameDocument& document = window_->document();
        QVERIFY(document.isRecovered());
        // It goes on in the same journal (it would have been refused and cleared).
        QCOMPARE(document.recoveryJournal(), qs(journal.string()));
        QVERIFY(document.undoStack()->canRedo());
        QCOMPARE(document.undoStack()->count(), static_cast<int>(document.game().history().size() + 1));
        document.undoStack()->redo();
        QVERIFY(!document.game().can_redo());
        QCOMPARE(read_journal(journal).lines.size(), lines + 1);
        QCOMPARE(read_journal(journal).lines.back().value("do", ""), std::string("redo"));
        // Saved: the journal of the crash goes; the game goes on in one of this run's own.
        document.save(qs(path("recovered.fortuna").string()));
        QVERIFY(!std::filesystem::exists(journal));
        const QString now = document.recoveryJournal();
        QVERIFY(!now.isEmpty() && now != qs(journal.string()));
        document.undoStack()->undo();
        QCOMPARE(read_journal(ss(now)).lines.size(), lines + 2);
        QVERIFY(find_recovery_journals().size() == 1);
        document.undoStack()->redo();
        QVERIFY(!document.isModified());
        QVERIFY(window_->close());
        QVERIFY(!std::filesystem::exists(ss(now)));
        QVERIFY(find_recovery_journals().empty());
        window_.reset();
    }

    // Issue 13: a second instance offered the first one's live journal, and "Discard" deleted it.
    void aJournalInUseIsNeitherOfferedNorDeleted() {
        const auto journal = crashedJournal();
        auto other = platform::FileLock::try_acquire(lock_path_for(journal), "fortuna");
        QVERIFY(other != nullptr);
        DialogAnswer offered;
        answerNextDialog(u"Discard"_s, &offered);
        window_->offerRecovery();
        QTest::qWait(200);
        QVERIFY(!offered.seen);
        offered.stop();  // no box came, and its "Discard" must not answer the offer below
        QVERIFY(std::filesystem::exists(journal));
        // Opening it anyway is refused, naming the holder.
        DialogAnswer refused;
        answerNextDialog(u"OK"_s, &refused);
        QVERIFY(!window_->openFile(qs(journal.string())));
        QVERIFY(refused.seen);
        QVERIFY2(refused.text.contains(u"in use by fortuna (process"_s), qPrintable(refused.text));
        QVERIFY(std::filesystem::exists(journal));
        other.reset();
        // Once its program has gone, it is an unfinished game like any other.
        DialogAnswer later;
        answerNextDialog(u"Later"_s, &later);
        window_->offerRecovery();
        QTRY_VERIFY(later.seen);
        QVERIFY(later.text.contains(u"Skirmish at Kleinfeld"_s));
        QVERIFY(!offered.seen);
        QVERIFY(std::filesystem::exists(journal));
    }

    void aSaveHeldByAnotherProgramOpensReadOnly() {
        const QString save = qs(path("shared.fortuna").string());
        {
            Game game(*library_, load_scenario(*library_, "test-skirmish"), 8);
            game.apply({{"do", "end-phase"}});
            save_game(game, ss(save));
        }
        auto other = platform::FileLock::try_acquire(lock_path_for(ss(save)), "fortuna-cli");
        QVERIFY(other != nullptr);
        QVERIFY(window_->openFile(save, true));
        GameDocument& document = window_->document();
        QVERIFY(document.isReadOnly());
        QVERIFY(document.readOnlyHolder().contains(u"fortuna-cli (process"_s));
        QVERIFY(window_->windowTitle().contains(u"(read-only)"_s));
        QVERIFY_THROWS_EXCEPTION(GameFilesInUse, document.save(save));
        // Under another name it saves, and is then the umpire's own.
        document.save(qs(path("mine.fortuna").string()));
        QVERIFY(!document.isReadOnly());
        QVERIFY(!window_->windowTitle().contains(u"(read-only)"_s));
    }

    // `fortuna channel-1778` opened the land loader, which refused the naval scenario's sides:
    // a shipped id opens through the system that ships it, in that system's desk.
    void aShippedIdOfAnotherSystemOpensInItsDesk() {
        const auto count = [](auto* kind) {
            int n = 0;
            for (QWidget* w : QApplication::topLevelWidgets())
                if (qobject_cast<decltype(kind)>(w) != nullptr) ++n;
            return n;
        };
        const int naval = count(static_cast<NavalDesk*>(nullptr));
        QVERIFY(window_->openFile(u"channel-1778"_s, true));
        QCOMPARE(count(static_cast<NavalDesk*>(nullptr)), naval + 1);
        const int sessions = count(static_cast<SessionDesk*>(nullptr));
        QVERIFY(window_->openFile(u"encounter-1745"_s, true));
        QCOMPARE(count(static_cast<SessionDesk*>(nullptr)), sessions + 1);
        QVERIFY(!window_->openFile(u"no-such-battle"_s, true));
        // Destroying a desk asks nothing (only closing does).
        QList<QWidget*> desks;
        for (QWidget* w : QApplication::topLevelWidgets())
            if (qobject_cast<NavalDesk*>(w) != nullptr || qobject_cast<SessionDesk*>(w) != nullptr) desks.append(w);
        qDeleteAll(desks);
    }

    // Issue 28: `fortuna channel-1778` and Ctrl+W on its desk left the land desk's window behind
    // with no battle in it. A window with no battle goes with the last desk; one with a battle stays.
    void theEmptyWindowGoesWithTheLastDesk() {
        const auto naval_desk = [] {
            for (QWidget* w : QApplication::topLevelWidgets())
                if (auto* desk = qobject_cast<NavalDesk*>(w); desk != nullptr && desk->isVisible()) return desk;
            return static_cast<NavalDesk*>(nullptr);
        };
        QVERIFY(!window_->document().hasGame());
        window_->show();
        const QRect home = window_->geometry();
        QVERIFY(window_->openFile(u"channel-1778"_s, true));
        NavalDesk* desk = naval_desk();
        QVERIFY(desk != nullptr);
        // The empty window made way for the desk, which took its place.
        QVERIFY(!window_->isVisible());
        QCOMPARE(desk->geometry(), home);
        QTest::keyClick(desk, Qt::Key_W, Qt::ControlModifier);  // nothing played: nothing to ask
        QTRY_VERIFY(naval_desk() == nullptr);
        QVERIFY(!window_->isVisible());

        window_->show();
        QVERIFY(window_->openFile(u"test-skirmish"_s, true));
        QVERIFY(window_->openFile(u"channel-1778"_s, true));
        QVERIFY(window_->isVisible());  // a window with a battle stays beside the desk
        desk = naval_desk();
        QVERIFY(desk != nullptr);
        QTest::keyClick(desk, Qt::Key_W, Qt::ControlModifier);
        QTRY_VERIFY(naval_desk() == nullptr);
        QCoreApplication::sendPostedEvents(nullptr, QEvent::DeferredDelete);
        QApplication::processEvents();
        QVERIFY(window_->isVisible());  // it holds the skirmish
    }

private:
    // A game of another system killed mid-play (its journal left in recovery/<system id>/) is
    // offered at the next start, and Recover opens it in its desk. `Desk` is the desk it opens in.
    template <typename Desk>
    void offeredAfterAKill(const char* system_id, const char* scenario_id, const QString& name) {
        const RuleSystem* system = find_rule_system(system_id);
        QVERIFY(system != nullptr);
        const auto scenario = system->scenario_file(*library_, scenario_id);
        QVERIFY(scenario.has_value());
        const auto journal = recovery_dir() / system_id / (std::string(scenario_id) + "-killed.journal");
        std::filesystem::create_directories(journal.parent_path());
        std::filesystem::remove(journal);
        {
            auto session = system->open_game(*library_, *scenario, claim_file(*scenario), 17);
            session->attach_journal(journal);
            QVERIFY(opponent_step(*session, session->acting_side()).applied());
        }  // the process "dies": the journal stays, its lock goes with the session
        const auto desks = [] {
            QList<QWidget*> found;
            for (QWidget* w : QApplication::topLevelWidgets())
                if (qobject_cast<Desk*>(w) != nullptr) found.append(w);
            return found;
        };
        const auto before = desks().size();
        DialogAnswer offered;
        answerNextDialog(u"Recover"_s, &offered);
        window_->offerRecovery();
        QTRY_VERIFY(offered.seen);
        QVERIFY2(offered.text.contains(name), qPrintable(offered.text));
        QCOMPARE(desks().size(), before + 1);
        qDeleteAll(desks());
        std::filesystem::remove_all(journal.parent_path());
    }

private slots:
    // A Game Of Kings game killed mid-play left its journal in recovery/game-of-kings/, and no
    // start offered it: only File > Open of a file the umpire had to know of brought it back.
    void aSessionGameKilledMidPlayIsOfferedAtTheNextStart() {
        offeredAfterAKill<SessionDesk>("game-of-kings", "encounter-1745", u"An encounter, 1745"_s);
    }

    // The naval desk kept its journals in recovery/naval/, where no start looked (issue 25).
    void aNavalGameKilledMidPlayIsOfferedAtTheNextStart() {
        QCOMPARE(naval_recovery_dir(), recovery_dir() / "age-of-sail");
        offeredAfterAKill<NavalDesk>("age-of-sail", "channel-1778", u"In the Channel, June 1778"_s);
    }

    // Issue 28, item 6: a battle that cannot be opened left an empty desk and a message about the
    // file only; now the default battle opens and one message says which, and why the other did not.
    void aBattleThatCannotBeOpenedSaysWhichOpenedInstead() {
        QTemporaryDir folder;
        const QString broken = folder.filePath(u"broken.json"_s);
        {
            std::ofstream out(broken.toStdString());
            out << R"({"format": "fortuna-scenario", "id": 3)";
        }
        QVERIFY(window_->openOrInstead(broken, u"test-skirmish"_s));
        QCOMPARE(qs(window_->document().game().scenario().id), u"test-skirmish"_s);
        auto* box = window_->findChild<QMessageBox*>(u"openedInstead"_s);
        QVERIFY(box != nullptr);
        QVERIFY2(box->text().contains(broken) && box->text().contains(u"Skirmish at Kleinfeld"_s), qPrintable(box->text()));
        QVERIFY2(box->informativeText().contains(u"broken.json:"_s), qPrintable(box->informativeText()));  // where the file breaks
        box->close();
        // A file that opens says nothing.
        QVERIFY(window_->openOrInstead(u"test-skirmish"_s, u"white-mountain-1620"_s));
        QTRY_VERIFY(window_->findChild<QMessageBox*>(u"openedInstead"_s) == nullptr);
    }

    // Issue 13: on a full disk the app showed a red status line only.
    void aFullDiskIsSaidWithWhatIsSafeAndTheGameStaysOpen() {
        QVERIFY(window_->openFile(u"test-skirmish"_s, true));
        GameDocument& document = window_->document();
        QVERIFY(!document.perform(EndPhaseAction{}).has_value());
        const auto journal = ss(document.recoveryJournal());
        QVERIFY(std::filesystem::exists(journal));
        QSignalSpy failures(&document, &GameDocument::storageFailed);
        DialogAnswer dialog;
        answerNextDialog(u"Not Now"_s, &dialog);
        std::optional<QString> refused;
        {
            ScopedFileOperations faults(fullDisk());
            refused = document.perform(EndPhaseAction{});
        }
        QVERIFY(refused.has_value());
        QCOMPARE(failures.count(), 1);
        QVERIFY(dialog.seen);
        QVERIFY2(dialog.text.contains(u"No space left on device"_s), qPrintable(dialog.text));
        QVERIFY2(dialog.text.contains(u"every action up to #1"_s), qPrintable(dialog.text));
        QCOMPARE(document.game().history().size(), std::size_t{1});
        QCOMPARE(read_journal(journal).lines.size(), std::size_t{1});
        // The game stays open: play goes on in memory, unsaved, until saved elsewhere.
        QVERIFY(!document.perform(EndPhaseAction{}).has_value());
        QCOMPARE(document.game().history().size(), std::size_t{2});
        QVERIFY(document.isModified());
        document.save(qs(path("elsewhere.fortuna").string()));
        QCOMPARE(load_game(*library_, path("elsewhere.fortuna")).history().size(), std::size_t{2});
    }

    // The undo stack moves before its command runs: an undo the journal could not take once left
    // the stack one step back and the game not (a red status line only), and Redo then failed.
    void anUndoOnAFullDiskIsSaidAndTheGameFollowsTheStack() {
        QVERIFY(window_->openFile(u"test-skirmish"_s, true));
        GameDocument& document = window_->document();
        QVERIFY(!document.perform(EndPhaseAction{}).has_value());
        QVERIFY(!document.perform(EndPhaseAction{}).has_value());
        const auto journal = ss(document.recoveryJournal());
        QCOMPARE(read_journal(journal).lines.size(), std::size_t{2});
        QSignalSpy failures(&document, &GameDocument::storageFailed);
        DialogAnswer dialog;
        answerNextDialog(u"Not Now"_s, &dialog);
        {
            ScopedFileOperations faults(fullDisk());
            document.undoStack()->undo();
        }
        QCOMPARE(failures.count(), 1);
        QVERIFY(dialog.seen);
        QVERIFY2(dialog.text.contains(u"No space left on device"_s), qPrintable(dialog.text));
        QVERIFY2(dialog.text.contains(u"every action up to #2"_s), qPrintable(dialog.text));
        // The game followed the stack: one action in effect, the second to redo.
        QCOMPARE(document.undoStack()->index(), 1);
        QCOMPARE(document.game().history().size(), std::size_t{1});
        QVERIFY(document.game().can_redo());
        QCOMPARE(read_journal(journal).lines.size(), std::size_t{2});
        // The journal has stopped: Redo goes on in memory, with its recorded rolls, unsaved.
        document.undoStack()->redo();
        QCOMPARE(document.undoStack()->index(), 2);
        QCOMPARE(document.game().history().size(), std::size_t{2});
        QCOMPARE(read_journal(journal).lines.size(), std::size_t{2});
        QCOMPARE(failures.count(), 1);
        QVERIFY(document.isModified());
    }

    // Issue 13: when the recovery journal could not be created at all (its folder unwritable),
    // the umpire saw one red status line and played on believing every action was safe.
    void aJournalThatCannotBeCreatedIsSaidAsADialog() {
        const QByteArray kept = qgetenv("FORTUNA_RECOVERY_DIR");
        const auto blocker = path("a-file-not-a-folder");
        { std::ofstream(blocker) << "x"; }
        qputenv("FORTUNA_RECOVERY_DIR", QByteArray::fromStdString((blocker / "recovery").string()));
        DialogAnswer dialog;
        answerNextDialog(u"Not Now"_s, &dialog);
        const bool opened = window_->openFile(u"test-skirmish"_s, true);
        QTRY_VERIFY(dialog.seen);
        qputenv("FORTUNA_RECOVERY_DIR", kept);
        QVERIFY(opened);
        QVERIFY2(dialog.text.contains(u"could not be created"_s), qPrintable(dialog.text));
        QVERIFY2(dialog.text.contains(u"nothing of this game is on disk yet"_s), qPrintable(dialog.text));
        GameDocument& document = window_->document();
        QVERIFY(document.recoveryJournal().isEmpty());
        // Play goes on in memory, unsaved, and saves where the disk works.
        QVERIFY(!document.perform(EndPhaseAction{}).has_value());
        QVERIFY(document.isModified());
        document.save(qs(path("saved.fortuna").string()));
        QCOMPARE(load_game(*library_, path("saved.fortuna")).history().size(), std::size_t{1});
    }

    void aSaveThatFailsOffersToSaveElsewhere() {
        QVERIFY(window_->openFile(u"test-skirmish"_s, true));
        GameDocument& document = window_->document();
        document.save(qs(path("first.fortuna").string()));
        QVERIFY(!document.perform(EndPhaseAction{}).has_value());
        FileOperations denied = system_file_operations();
        denied.open = [](const char*, int, unsigned) {
            errno = EROFS;
            return -1;
        };
        DialogAnswer dialog;
        answerNextDialog(u"Not Now"_s, &dialog);
        {
            ScopedFileOperations faults(denied);
            QTest::keySequence(window_.get(), QKeySequence::Save);
        }
        QTRY_VERIFY(dialog.seen);
        QVERIFY2(dialog.text.contains(u"Read-only file system"_s), qPrintable(dialog.text));
        QVERIFY2(dialog.text.contains(u"first.fortuna is unchanged"_s), qPrintable(dialog.text));
        QVERIFY(document.isModified());
        QCOMPARE(document.game().history().size(), std::size_t{1});
    }
};

#include "app_test_registry.hpp"
FORTUNA_APP_TEST(fortuna_app_files_tests, GameFilesTest)
#include "test_game_files.moc"
