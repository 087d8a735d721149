// SPDX-License-Identifier: MIT
// The session desk offscreen (issue 25): a rule system's game through the seam, from the keys:
// the opponent's actions with their reasons, a typed action refused and kept in the line, undo and
// redo through the undo stack with the same dice, the main window opening each system's file in
// the desk that serves it; the odds of the action in the line drawn before its roll, the library's
// own, and the roll typed in the roll box.
#include <QListWidget>
#include <QApplication>
#include <QDir>
#include <QFileInfo>
#include <QLineEdit>
#include <QTemporaryDir>
#include <QTest>
#include <QUndoStack>

#include <cmath>
#include <filesystem>
#include <functional>
#include <map>

#include "fortuna/seam/library.hpp"
#include "fortuna/seam/rule_system.hpp"
#include "fortuna/core/game_files.hpp"
#include "session_desk.hpp"

#if __has_include("table_game.hpp")
#include <QHostAddress>

#include "companion_dialog.hpp"
#include "companion_server.hpp"
#include "table_game.hpp"
#define FORTUNA_TEST_COMPANION 1
#endif

using namespace fortuna;
using namespace fortuna::app;

namespace session_desk_preview_test {

using namespace Qt::StringLiterals;

// A copy of a shipped scenario with `change` made to its document, under the shipped name.
std::filesystem::path changedScenario(const QTemporaryDir& folder, const char* id, const std::function<void(nlohmann::json&)>& change) {
    nlohmann::json document = read_json_file(default_data_dir() / "scenarios" / (std::string(id) + ".json"));
    change(document);
    QDir(folder.path()).mkpath(QString::fromLatin1(id));
    const std::filesystem::path file = std::filesystem::path(folder.filePath(QString::fromLatin1(id)).toStdString()) / (std::string(id) + ".json");
    atomic_write_file(file, document.dump(1));
    return file;
}

// The bars the desk draws are the library's preview, group by group, each summing to 1.
void checkShownOdds(const SessionDesk& desk, const nlohmann::json& action, const std::vector<std::string>& groups) {
    const ActionPreview library = desk.session().preview(action);
    QVERIFY(!library.odds.empty());
    QVERIFY(desk.shownPreview().summary == library.summary);
    const auto shown = desk.shownOdds();
    std::size_t outcomes = 0;
    std::map<std::string, double> sums;
    for (const auto& [group, distribution] : shown) {
        for (const auto& [outcome, p] : distribution) {
            QVERIFY(outcomes < library.odds.size());
            const OutcomeChance& chance = library.odds[outcomes++];
            QCOMPARE(QString::fromStdString(chance.outcome), group + u": "_s + QString::fromStdString(outcome));
            QCOMPARE(p.numerator, chance.numerator);
            QCOMPARE(p.denominator, chance.denominator);
            sums[group.toStdString()] += p.value();
        }
    }
    QCOMPARE(outcomes, library.odds.size());
    for (const std::string& group : groups) {
        QVERIFY2(sums.count(group) == 1, group.c_str());
        QVERIFY2(std::abs(sums[group] - 1.0) < 1e-9, group.c_str());
    }
}

}  // namespace session_desk_preview_test

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
        QVERIFY(state["player_kinds_open"] == false);  // the system lists what a player may ask for
        QVERIFY(!state["player_kinds"].empty());
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

    // Issue 29, item 4: a melee's odds before the roll, both sides and the chance each loses.
    // Fontenoy's line of battle drew its labels over each other ("F-gardes 100%" across
    // "F-suisses 100%"): each label now takes a place no label before it covers.
    // (Declared whatever the build: moc cannot read __has_include.)
    void theLabelsOfACrowdedLineCoverNoOtherLabel() {
#ifndef FORTUNA_TEST_COMPANION
        QSKIP("built without the table companion");
#else
        std::vector<QPointF> anchors;
        std::vector<QSizeF> sizes;
        for (int i = 0; i < 8; ++i) {
            anchors.emplace_back(200 + 14 * i, 300);  // eight battalions shoulder to shoulder
            sizes.emplace_back(90, 13);
        }
        const std::vector<QRectF> boxes = companion::place_labels(anchors, sizes);
        QCOMPARE(boxes.size(), anchors.size());
        for (std::size_t i = 0; i < boxes.size(); ++i) {
            QCOMPARE(boxes[i].size(), sizes[i]);
            QVERIFY2(std::abs(boxes[i].center().y() - anchors[i].y()) < 80, "a label strays far from its piece");
            for (std::size_t j = 0; j < i; ++j) QVERIFY2(!boxes[i].intersects(boxes[j]), qPrintable(QStringLiteral("labels %1 and %2 overlap").arg(i).arg(j)));
        }
        // A lone piece keeps its label where it always was: above right.
        const std::vector<QRectF> lone = companion::place_labels({QPointF(50, 50)}, {QSizeF(40, 10)});
        QCOMPARE(lone.front(), QRectF(56, 36, 40, 10));
#endif
    }

    void aGameOfKingsMeleeShowsTheLibrarysOddsBeforeTheRoll() {
        const auto data = default_data_dir();
        const RulesLibrary library = RulesLibrary::load(data);
        // The British horse 10 cm before the French Cavalerie (tests/game_of_kings/test_gok_preview.cpp).
        const auto file = session_desk_preview_test::changedScenario(folder_, "encounter-1745", [](nlohmann::json& d) {
            for (auto& unit : d["units"])
                if (unit["id"] == "A-british-horse") unit["y"] = 15.0;
        });
        SessionDesk* desk = open_session_desk(file, library, nullptr);
        QVERIFY(desk != nullptr);
        for (const char* line : {R"({"action":"begin-turn","dice":[3,4,5,2]})", R"({"action":"choose","first":"allies"})",
                                 R"({"action":"action-points","dice":[5,3,2]})", R"({"action":"sector","sector":"right"})", R"({"action":"end-sector"})",
                                 R"({"action":"sector","sector":"left"})", R"({"action":"end-sector"})", R"({"action":"sector","sector":"centre"})",
                                 R"({"action":"end-sector"})", R"({"action":"action-points","dice":[5,3,2]})", R"({"action":"sector","sector":"left"})",
                                 R"({"action":"charge","unit":"F-cavalerie","target":"A-british-horse"})"})
            QCOMPARE(desk->perform(nlohmann::json::parse(line)), QString());
        const nlohmann::json melee{{"action", "melee"}, {"unit", "F-cavalerie"}, {"target", "A-british-horse"}};
        desk->actionLine()->setFocus();
        QTest::keyClicks(desk->actionLine(), QString::fromStdString(melee.dump()));
        QTRY_VERIFY(!desk->shownOdds().empty());
        session_desk_preview_test::checkShownOdds(*desk, melee, {"the attacker's hits", "the defender's hits", "loses"});
        QVERIFY(desk->rollLine()->isEnabled());
        // Tab to the roll box, type the attacker's pool, Enter: the melee fought with those dice.
        QTest::keyClick(desk->actionLine(), Qt::Key_Tab);
        QVERIFY(desk->rollLine()->hasFocus());
        const int faces = std::stoi(desk->shownPreview().roll_kind.substr(5));
        QString pool;
        for (int i = 0; i < faces; ++i) pool += QString::fromLatin1(i ? ",6" : "6");
        QTest::keyClicks(desk->rollLine(), pool);
        QTest::keyClick(desk->rollLine(), Qt::Key_Return);
        const nlohmann::json& line = desk->session().journal().back();
        QCOMPARE(QString::fromStdString(line.value("do", std::string())), QStringLiteral("melee"));
        QCOMPARE(static_cast<int>(line["action"]["roll"].size()), faces);
        QVERIFY(desk->actionLine()->text().isEmpty());
        QVERIFY(desk->rollLine()->text().isEmpty());
        QTRY_VERIFY(desk->shownOdds().empty());
        desk->close();
    }

    // Issue 30, item 4: Steady! then Fire! with both rolls' odds before the roll.
    void aClausewitzFireShowsSteadyAndFireOddsBeforeTheRoll() {
        const auto data = default_data_dir();
        const RulesLibrary library = RulesLibrary::load(data);
        // Gauthier 2 cm before Bijlandt's front (tests/clausewitz/test_clausewitz_preview.cpp): in its zone.
        const auto file = session_desk_preview_test::changedScenario(folder_, "quatre-bras-opening-1815", [](nlohmann::json& d) {
            d["sides"][0]["brigades"][2]["at"] = {103, 64};
            d["sides"][0]["generals"][1]["at"] = {103, 60};
            d["sides"][1]["brigades"][0]["at"] = {103, 72};
            d["sides"][1]["brigades"][0]["facing"] = 180;
        });
        SessionDesk* desk = open_session_desk(file, library, nullptr);
        QVERIFY(desk != nullptr);
        QCOMPARE(desk->perform(nlohmann::json{{"action", "draw"}, {"chip", "french"}}), QString());
        QCOMPARE(desk->perform(nlohmann::json{{"action", "activate"}, {"brigade", "gauthier"}, {"general", "foy"}, {"command", {6, 6}}}), QString());
        const nlohmann::json fire{{"action", "fire"}, {"brigade", "gauthier"}, {"target", "bijlandt"}};
        desk->actionLine()->setText(QString::fromStdString(fire.dump()));
        desk->previewLine();
        session_desk_preview_test::checkShownOdds(*desk, fire, {"morale", "Steady!", "damage"});
        QCOMPARE(QString::fromStdString(desk->shownPreview().roll_slot), QStringLiteral("steady"));
        // A roll of the wrong size is refused naming the count; the line keeps the action.
        desk->rollLine()->setText(QStringLiteral("6"));
        desk->actionLine()->setFocus();
        QTest::keyClick(desk->actionLine(), Qt::Key_Return);
        QCOMPARE(desk->session().journal().size(), std::size_t{2});
        QCOMPARE(desk->actionLine()->text(), QString::fromStdString(fire.dump()));
        // A line that is not an action yet says so; an action the rules refuse says why, before any roll.
        desk->actionLine()->setText(QStringLiteral(R"({"action":"fire","brigade":"gauthier","target":"gauthier"})"));
        desk->previewLine();
        QVERIFY(desk->shownOdds().empty());
        QVERIFY(!desk->rollLine()->isEnabled());
        desk->close();
    }

    // Shift+N: the opponent's next action in the line with its reason and its odds, applied by Enter.
    void theOpponentsProposalWaitsInTheLineWithItsOdds() {
        const auto data = default_data_dir();
        const RulesLibrary library = RulesLibrary::load(data);
        SessionDesk* desk = open_session_desk(data / "scenarios" / "encounter-1745.json", library, nullptr);
        QVERIFY(QTest::qWaitForWindowExposed(desk));
        desk->setFocus();
        QTest::keyClick(desk, Qt::Key_N, Qt::ShiftModifier);
        QVERIFY(desk->session().journal().empty());  // nothing applied yet
        const nlohmann::json line = nlohmann::json::parse(desk->actionLine()->text().toStdString());
        QVERIFY(line["action"] == "begin-turn");
        QVERIFY(line.contains("why"));
        QVERIFY(!desk->shownOdds().empty());
        QCOMPARE(desk->shownOdds().front().first, QStringLiteral("weather"));
        QVERIFY(desk->actionLine()->hasFocus());
        QTest::keyClick(desk->actionLine(), Qt::Key_Return);
        QCOMPARE(desk->session().journal().size(), std::size_t{1});
        QVERIFY(desk->session().journal().back().contains("why"));
        desk->close();
    }

    // Issue 29, item 4 ("the sequence walked by the Duties list", keyboard-first): Fontenoy's turn
    // opens with the weather and who goes first, then the action points, then a sector, each put
    // in the line by J and applied by Enter; in a sector the duties come in the seed's order and
    // each is one the rules accept.
    void theDutiesListWalksAGameOfKingsTurnFromTheKeys() {
        const auto data = default_data_dir();
        const RulesLibrary library = RulesLibrary::load(data);
        SessionDesk* desk = open_session_desk(data / "scenarios" / "fontenoy-1745.json", library, nullptr);
        QVERIFY(QTest::qWaitForWindowExposed(desk));
        desk->setFocus();
        QVERIFY(desk->dutiesList()->count() == 1);
        QVERIFY(desk->dutiesList()->item(0)->text().contains(QStringLiteral("weather")));
        // J, Enter four times: the turn's opening, the choice, the action points, the first sector.
        for (int step = 0; step < 4; ++step) {
            QTest::keyClick(desk->actionLine()->hasFocus() ? static_cast<QWidget*>(desk->actionLine()) : desk, Qt::Key_J);
            QVERIFY2(!desk->actionLine()->text().isEmpty(), qPrintable(QString::number(step)));
            QTest::keyClick(desk->actionLine(), Qt::Key_Return);
            QCOMPARE(desk->session().journal().size(), static_cast<std::size_t>(step + 1));
            QVERIFY(desk->actionLine()->text().isEmpty());
        }
        QVERIFY(desk->session().journal().back()["do"] == "sector");
        // In the sector: the seed's order (guns before moves before muskets), ending with its end.
        const auto duties = desk->session().duties();
        QVERIFY(duties.size() >= 2);
        QVERIFY(duties.back().action["action"] == "end-sector");
        const std::vector<std::string> order{"rally", "unlimber", "fire-gun", "about-face", "reorganise", "move", "wheel", "charge", "fire", "melee", "end-sector"};
        std::size_t last = 0;
        for (const SessionDuty& duty : duties) {
            const auto at = static_cast<std::size_t>(std::find(order.begin(), order.end(), duty.action["action"].get<std::string>()) - order.begin());
            QVERIFY2(at < order.size(), duty.words.c_str());
            // about-face, reorganise, move, wheel and charge come unit by unit within step 3
            const auto step_of = [](std::size_t i) { return i <= 0 ? 0 : i <= 2 ? 1 : i <= 7 ? 2 : i <= 8 ? 3 : i; };
            QVERIFY2(step_of(at) >= step_of(last), duty.words.c_str());
            last = at;
            // Each duty's preview is the rules' (a refusal would say why there are no odds).
            const ActionPreview preview = desk->session().preview(duty.action);
            QVERIFY2(preview.unavailable.empty() || duty.action["action"] == "move" || duty.action["action"] == "end-sector",
                     (duty.words + ": " + preview.unavailable).c_str());
        }
        // A duty chosen in the list (Enter on it) goes in the line; Enter applies it.
        desk->dutiesList()->setFocus();
        desk->dutiesList()->setCurrentRow(static_cast<int>(duties.size()) - 1);
        QTest::keyClick(desk->dutiesList(), Qt::Key_Return);
        QVERIFY(nlohmann::json::parse(desk->actionLine()->text().toStdString())["action"] == "end-sector");
        QTest::keyClick(desk->actionLine(), Qt::Key_Return);
        QVERIFY(desk->session().journal().back()["do"] == "end-sector");
        desk->close();
    }

    // Ctrl+P: the system's printed sheets through the seam (GameSession::sheet), as PDF; a kind the
    // system does not print is refused naming the kinds it does, and nothing is written.
    void aSheetOfTheSystemIsWrittenAsPdf() {
        const auto data = default_data_dir();
        const RulesLibrary library = RulesLibrary::load(data);
        SessionDesk* desk = open_session_desk(data / "scenarios" / "encounter-1745.json", library, nullptr);
        QVERIFY(desk != nullptr);
        const QString pdf = folder_.filePath(QStringLiteral("key-summary.pdf"));
        const QString written = desk->exportSheet("reference", pdf);
        if (written == QStringLiteral("This build has no printed sheets.")) QSKIP("built without the printed sheets");
        QVERIFY2(written.isEmpty(), qPrintable(written));
        QVERIFY(QFileInfo(pdf).size() > 1000);
        const QString other = folder_.filePath(QStringLiteral("cards.pdf"));
        const QString refused = desk->exportSheet("brigade-cards", other);
        QVERIFY2(refused.contains(QStringLiteral("reference, roster, victory")), qPrintable(refused));
        QVERIFY(!QFileInfo::exists(other));
        desk->close();
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

#include "app_test_registry.hpp"
FORTUNA_APP_TEST(fortuna_session_desk_tests, SessionDeskTest)
#include "test_session_desk.moc"
