// SPDX-License-Identifier: MIT
// The session desk offscreen (issue 25): a rule system's game through the seam, from the keys:
// the opponent's actions with their reasons, a typed action refused and kept in the line, undo and
// redo through the undo stack with the same dice, the main window opening each system's file in
// the desk that serves it.
#include <QApplication>
#include <QDir>
#include <QLineEdit>
#include <QTemporaryDir>
#include <QTest>
#include <QUndoStack>

#include <filesystem>

#include "fortuna/library.hpp"
#include "fortuna/rule_system.hpp"
#include "session_desk.hpp"

#if __has_include("table_game.hpp")
#include <QHostAddress>

#include "companion_dialog.hpp"
#include "companion_server.hpp"
#define FORTUNA_TEST_COMPANION 1
#endif

using namespace fortuna;
using namespace fortuna::app;

class SessionDeskTest : public QObject {
    Q_OBJECT

    QTemporaryDir folder_;

private slots:
    void initTestCase() {
        QVERIFY(folder_.isValid());
        qputenv("FORTUNA_RECOVERY_DIR", folder_.filePath(QStringLiteral("recovery")).toUtf8());
    }

    // Issue 25: the table companion serves the session desk's game; an action from the network
    // takes the desk's own path (one command on its undo stack), undo from the network its stack.
    // (The slot is declared whatever the build, so that moc, which cannot read __has_include,
    // lists it.)
    void theTableCompanionServesTheSessionDesksGame() {
#ifndef FORTUNA_TEST_COMPANION
        QSKIP("built without the table companion");
#else
        const auto data = default_data_dir();
        const RulesLibrary library = RulesLibrary::load(data);
        SessionDesk* desk = open_session_desk(data / "scenarios" / "encounter-1745.json", library, nullptr);
        QVERIFY(desk != nullptr);
        companion::TableGame game = sessionTableGame(*desk);
        QVERIFY(game.has_game());
        const nlohmann::json state = game.public_state();
        QVERIFY(state["system"] == "game-of-kings");
        QVERIFY(!state.contains("seed"));
        QVERIFY(state["player_kinds_open"] == true);
        const nlohmann::json line = game.apply(nlohmann::json{{"action", "begin-turn"}, {"by", "umpire"}});
        QVERIFY(line["do"] == "begin-turn");
        QCOMPARE(desk->undoStack()->count(), 1);
        (void)game.apply(nlohmann::json{{"action", "undo"}});
        QCOMPARE(desk->undoStack()->index(), 0);
        QCOMPARE(desk->session().actions_in_effect(), std::size_t{0});
        bool refused = false;
        try {
            (void)game.apply(nlohmann::json{{"action", "no-such-action"}});
        } catch (const companion::ApiError& error) {
            refused = error.status == 409;
        }
        QVERIFY(refused);
        QCOMPARE(desk->undoStack()->count(), 1);  // a refusal never reaches the stack
        companion::CompanionServer server(sessionTableGame(*desk));
        server.listen(QHostAddress::LocalHost, 0);
        QVERIFY(server.isListening());
        QCOMPARE(server.codes().side_ids().size(), std::size_t{2});
        QVERIFY(!game.board_png(360).isEmpty());
        server.close();
        desk->close();
        QCoreApplication::sendPostedEvents(nullptr, QEvent::DeferredDelete);
#endif
    }

    void theOpponentActsFromTheKeysAndUndoKeepsTheDice() {
        const auto data = default_data_dir();
        const RulesLibrary library = RulesLibrary::load(data);
        SessionDesk* desk = open_session_desk(data / "scenarios" / "channel-1778.json", library, nullptr);
        QVERIFY(desk != nullptr);
        QCOMPARE(QString::fromStdString(desk->session().system().id()), QStringLiteral("age-of-sail"));
        QVERIFY(QTest::qWaitForWindowExposed(desk));
        desk->setFocus();
        // N: the programmed admiral's next action, journaled with its reason.
        for (int i = 0; i < 6; ++i) QTest::keyClick(desk, Qt::Key_N);
        QCOMPARE(desk->session().journal().size(), std::size_t{6});
        for (const auto& line : desk->session().journal()) QVERIFY(line.contains("why"));
        QCOMPARE(desk->undoStack()->count(), 6);

        // A typed action the rules refuse: said in words, the text kept in the line, nothing applied.
        const QString wrong = QStringLiteral(R"({"action":"broadside","ship":"arethusa","target":"arethusa","side":"port"})");
        desk->actionLine()->setText(wrong);
        desk->actionLine()->setFocus();
        QTest::keyClick(desk->actionLine(), Qt::Key_Return);
        QCOMPARE(desk->actionLine()->text(), wrong);
        QCOMPARE(desk->session().journal().size(), std::size_t{6});
        // Bytes that are not an action at all: refused the same way.
        desk->actionLine()->setText(QStringLiteral("{not json"));
        QTest::keyClick(desk->actionLine(), Qt::Key_Return);
        QCOMPARE(desk->actionLine()->text(), QStringLiteral("{not json"));

        // Esc leaves the line; undo and redo from the keys: the same position, the same dice.
        QTest::keyClick(desk->actionLine(), Qt::Key_Escape);
        QVERIFY(!desk->actionLine()->hasFocus());
        const auto before = desk->session().public_state();
        QTest::keyClick(desk, Qt::Key_Z, Qt::ControlModifier);
        QCOMPARE(desk->undoStack()->index(), 5);
        QVERIFY(desk->session().can_redo());
        QCOMPARE(QString::fromStdString(desk->session().journal().back().value("do", std::string())), QStringLiteral("undo"));
        QTest::keyClick(desk, Qt::Key_Z, Qt::ControlModifier | Qt::ShiftModifier);
        QCOMPARE(QString::fromStdString(desk->session().journal().back().value("do", std::string())), QStringLiteral("redo"));
        QVERIFY(desk->session().public_state() == before);

        // Saved since its last action: closing takes its recovery journal away.
        const QString save = folder_.filePath(QStringLiteral("channel.fortuna-naval"));
        QVERIFY(desk->saveTo(save));
        const QDir recovery(folder_.filePath(QStringLiteral("recovery/age-of-sail")));
        const int journals = static_cast<int>(recovery.entryList({QStringLiteral("*.journal")}, QDir::Files).size());
        QVERIFY(journals >= 1);
        desk->close();
        QCOMPARE(static_cast<int>(recovery.entryList({QStringLiteral("*.journal")}, QDir::Files).size()), journals - 1);
        // The save opens again through the registry in a desk of its own, in the same position.
        SessionDesk* again = open_session_desk(save.toStdString(), library, nullptr);
        QVERIFY(again->session().public_state() == before);
        again->close();
    }
};

QTEST_MAIN(SessionDeskTest)
#include "test_session_desk.moc"
