// SPDX-License-Identifier: MIT
// The companion in the app: an action from a phone takes the desk's path (one undo command, one journal).
#include <QCheckBox>
#include <QEventLoop>
#include <QImage>
#include <QSemaphore>
#include <QThread>
#include <QPushButton>
#include <QSpinBox>
#include <QTcpServer>
#include <QTreeWidget>
#include <QNetworkAccessManager>
#include <QNetworkReply>
#include <QNetworkRequest>
#include <QTcpSocket>
#include <QTest>
#include <QTimer>
#include <QUndoStack>
#include <QWebSocket>

#include <atomic>
#include <memory>

#include <nlohmann/json.hpp>

#include "companion_dialog.hpp"
#include "companion_server.hpp"
#include "fortuna/core/message_catalogue.hpp"
#include "fortuna/land/game.hpp"
#include "fortuna/land/system.hpp"
#include "fortuna/seam/library.hpp"
#include "game_document.hpp"

using namespace fortuna;

class DeskCompanionTest : public QObject {
    Q_OBJECT

    std::shared_ptr<const RulesLibrary> library_;
    std::unique_ptr<app::GameDocument> document_;
    std::unique_ptr<companion::CompanionServer> server_;
    QNetworkAccessManager network_;

    // POSTs an action with the umpire's code (or this one); the status and the parsed answer.
    std::pair<int, nlohmann::json> post(const QString& path, const nlohmann::json& body, std::string code = {}, const QByteArray& language = "en") {
        if (code.empty()) code = server_->codes().umpire();
        QNetworkRequest request(QUrl(server_->url() + path.mid(1)));
        request.setRawHeader("Accept-Language", language);
        request.setHeader(QNetworkRequest::ContentTypeHeader, QStringLiteral("application/json"));
        request.setRawHeader("Authorization", QByteArray("Bearer ") + QByteArray::fromStdString(code));
        return answerOf(network_.post(request, QByteArray::fromStdString(body.dump())));
    }

    // GETs a URL (with this code, if any); the status and the parsed answer.
    std::pair<int, nlohmann::json> get(const QString& url, const std::string& code = {}, const QByteArray& language = "en") {
        QNetworkRequest request{QUrl(url)};
        request.setRawHeader("Accept-Language", language);
        if (!code.empty()) request.setRawHeader("Authorization", QByteArray("Bearer ") + QByteArray::fromStdString(code));
        return answerOf(network_.get(request));
    }

    // Waits for a reply with the event loop running (the server is in this thread); its status
    // and parsed body.
    std::pair<int, nlohmann::json> answerOf(QNetworkReply* reply) {
        QEventLoop loop;
        connect(reply, &QNetworkReply::finished, &loop, &QEventLoop::quit);
        QTimer::singleShot(10000, &loop, &QEventLoop::quit);
        loop.exec();
        const int status = reply->attribute(QNetworkRequest::HttpStatusCodeAttribute).toInt();
        const nlohmann::json answer = nlohmann::json::parse(reply->readAll().toStdString(), nullptr, false);
        reply->deleteLater();
        return {status, answer};
    }

    static bool rosterHas(const nlohmann::json& state, const std::string& code) {
        for (const auto& entry : state["roster"])
            if (entry["code"] == code) return true;
        return false;
    }

private slots:
    void initTestCase() { library_ = std::make_shared<const RulesLibrary>(RulesLibrary::load()); }

    void init() {
        document_ = std::make_unique<app::GameDocument>(library_);
        document_->setRecoveryEnabled(false);
        document_->setNewGameEnforcement(fortuna::Enforcement{false, false, false, false});  // the network path, not the rules
        document_->openScenario(QStringLiteral("test-skirmish"));
        server_ = std::make_unique<companion::CompanionServer>(app::deskTableGame(*document_));
        connect(document_.get(), &app::GameDocument::positionChanged, server_.get(), &companion::CompanionServer::gameChanged);
        server_->listen(QHostAddress::LocalHost, 0);
    }

    void cleanup() {
        server_.reset();
        document_.reset();
    }

    void aNetworkActionIsOneDeskUndoCommand() {
        const auto [status, answer] = post(QStringLiteral("/api/actions"), {{"do", "formation"}, {"unit", "F-I2"}, {"to", "column"}});
        QCOMPARE(status, 200);
        QCOMPARE(answer["by"].get<std::string>(), std::string("umpire"));
        QCOMPARE(document_->undoStack()->count(), 1);
        QCOMPARE(document_->game().history().size(), std::size_t{1});
        QCOMPARE(document_->game().unit("F-I2").now.formation, Formation::Column);

        // Undo from the phone is the desk's Edit > Undo: the stack's index moves back.
        const auto [undo_status, undone] = post(QStringLiteral("/api/actions"), {{"do", "undo"}});
        QCOMPARE(undo_status, 200);
        QCOMPARE(document_->undoStack()->index(), 0);
        QCOMPARE(document_->game().unit("F-I2").now.formation, Formation::Line);
        QCOMPARE(post(QStringLiteral("/api/actions"), {{"do", "undo"}}).first, 409);  // nothing left to undo
    }

    void aClientsByIsRefusedAndTheServersIsJournaled() {
        // Who did what is the server's record: a client's "by" is refused, even the umpire's.
        const auto [refused, why] = post(QStringLiteral("/api/actions"), {{"do", "formation"}, {"unit", "F-I2"}, {"to", "column"}, {"by", "french"}});
        QCOMPARE(refused, 403);
        QVERIFY(why["error"].is_string());
        QCOMPARE(document_->undoStack()->count(), 0);
        QCOMPARE(post(QStringLiteral("/api/actions"), {{"do", "formation"}, {"unit", "F-I2"}, {"to", "column"}}).first, 200);
        QCOMPARE(document_->game().journal().back()["input"]["by"].get<std::string>(), std::string("umpire"));
    }

    void aHostThatIsNotUtf8IsRefusedAndTheDeskServesOn() {
        // The bytes that stopped the server (issue 27): a 400 naming the header, then business as usual.
        // The server runs in this thread: wait with the event loop running, not in a blocking call.
        QTcpSocket socket;
        QByteArray reply;
        connect(&socket, &QTcpSocket::readyRead, this, [&socket, &reply] { reply += socket.readAll(); });
        socket.connectToHost(QHostAddress::LocalHost, server_->port());
        QTRY_VERIFY(socket.state() == QAbstractSocket::ConnectedState);
        socket.write(QByteArray("GET /api/state HTTP/1.1\r\nHost: \xff\r\n\r\n"));
        QTRY_VERIFY(reply.contains("'host'"));
        QVERIFY2(reply.startsWith("HTTP/1.1 400"), reply.constData());
        QVERIFY(server_->isListening());
        QCOMPARE(post(QStringLiteral("/api/actions"), {{"do", "formation"}, {"unit", "F-I2"}, {"to", "column"}}).first, 200);
    }

    void aCodeRevokedAtTheDeskIsRefusedAtOnce() {
        const std::string french = server_->codes().side_codes()[0];
        const nlohmann::json rally{{"do", "formation"}, {"unit", "F-I2"}, {"to", "column"}};
        const nlohmann::json fresh = server_->reissueCodes({"french"});
        QCOMPARE(post(QStringLiteral("/api/actions"), rally, french).first, 401);
        QCOMPARE(post(QStringLiteral("/api/actions"), rally, fresh["french"].get<std::string>()).first, 200);
        QVERIFY_THROWS_EXCEPTION(companion::ApiError, server_->reissueCodes({"prussian"}));
    }

    void theDialogsButtonsIssueNewCodes() {
        QWidget window;
        auto* dialog = new app::CompanionDialog(*document_, &window);
        QTcpServer probe;  // a free port for the dialog's own server
        QVERIFY(probe.listen(QHostAddress::LocalHost, 0));
        const quint16 port = probe.serverPort();
        probe.close();
        dialog->findChild<QSpinBox*>()->setValue(port);
        for (QPushButton* button : dialog->findChildren<QPushButton*>())
            if (button->text() == QStringLiteral("Start Serving")) button->click();
        auto* codes = dialog->findChild<QTreeWidget*>();
        QCOMPARE(codes->topLevelItemCount(), 3);  // two sides and the umpire
        const auto code = [codes](int row) { return codes->topLevelItem(row)->text(1); };
        const QStringList before{code(0), code(1), code(2)};
        auto* one = dialog->findChild<QPushButton*>(QStringLiteral("newCode"));
        auto* every = dialog->findChild<QPushButton*>(QStringLiteral("newCodes"));
        QVERIFY(!one->isEnabled());  // nothing selected
        QVERIFY(every->isEnabled());
        codes->setCurrentItem(codes->topLevelItem(2));
        QVERIFY(one->isEnabled());
        one->click();
        QCOMPARE(code(0), before[0]);
        QCOMPARE(code(1), before[1]);
        QVERIFY(code(2) != before[2]);  // the umpire's own, replaced, never gone
        QVERIFY(!code(2).isEmpty());
        const QString umpire = code(2);
        every->click();
        QVERIFY(code(0) != before[0]);
        QVERIFY(code(1) != before[1]);
        QCOMPARE(code(2), umpire);
    }

    void theFogOfWarHidesFromAPhoneWhatItsSideCannotSee() {
        // test-skirmish's Eichwald is (1050-1350, 480-760) mm: no French unit sees into its middle.
        QCOMPARE(post(QStringLiteral("/api/actions"), {{"do", "set"}, {"unit", "I-C1"}, {"to", {1200, 620}}, {"reason", "hidden"}}).first, 200);
        const std::string french = server_->codes().side_codes()[0];
        const QString state = server_->url() + QStringLiteral("api/state");
        QVERIFY(rosterHas(get(state, french).second, "I-C1"));  // no fog: the table is open
        server_->setFog(true);
        const auto [status, seen] = get(state, french);
        QCOMPARE(status, 200);
        QVERIFY(!rosterHas(seen, "I-C1"));
        QVERIFY(rosterHas(seen, "F-I1"));
        QVERIFY(rosterHas(get(state, server_->codes().umpire()).second, "I-C1"));

        // The dialog's box: ticked before serving, the new server starts in the fog.
        QWidget window;
        auto* dialog = new app::CompanionDialog(*document_, &window);
        QTcpServer probe;
        QVERIFY(probe.listen(QHostAddress::LocalHost, 0));
        const quint16 port = probe.serverPort();
        probe.close();
        dialog->findChild<QSpinBox*>()->setValue(port);
        dialog->findChild<QCheckBox*>(QStringLiteral("fogOfWar"))->setChecked(true);
        for (QPushButton* button : dialog->findChildren<QPushButton*>())
            if (button->text() == QStringLiteral("Start Serving")) button->click();
        const auto [fog_status, fog] = get(QStringLiteral("http://127.0.0.1:%1/api/fog").arg(port));
        QCOMPARE(fog_status, 200);
        QVERIFY(fog["on"] == true);
    }

    void theBoardPictureIsDrawnWhileStateAndPushesGoOn() {
        // The painter waits at a gate that the test opens: whatever is answered before it opens
        // was answered while the picture was being drawn, with no timing assumed (issue 27, item 4).
        struct Gate {
            QSemaphore open{0};
            std::atomic<int> drawings{0};
            std::atomic<bool> on_main_thread{false};
        };
        auto gate = std::make_shared<Gate>();
        struct Opener {  // opened whatever happens, before cleanup() waits for the painter
            std::shared_ptr<Gate> gate;
            ~Opener() { gate->open.release(100); }
        } opener{gate};
        auto view = std::shared_ptr<GameSession>(land::land_session_view(document_->game()));
        app::GameDocument& document = *document_;
        QThread* main_thread = QThread::currentThread();
        companion::TableGame game(
            [view]() -> const GameSession* { return view.get(); },
            [&document](const nlohmann::json& action) -> std::optional<std::string> {
                if (const auto refused = document.performJson(action)) return refused->toStdString();
                return std::nullopt;
            },
            [gate, main_thread] {
                return companion::TableGame::BoardDrawing([gate, main_thread](int width) {
                    ++gate->drawings;
                    if (QThread::currentThread() == main_thread) gate->on_main_thread = true;
                    gate->open.acquire();
                    gate->open.release();
                    QImage image(width, width / 2, QImage::Format_RGB32);
                    image.fill(Qt::white);
                    return image;
                });
            });
        server_ = std::make_unique<companion::CompanionServer>(std::move(game));
        connect(document_.get(), &app::GameDocument::positionChanged, server_.get(), &companion::CompanionServer::gameChanged);
        server_->listen(QHostAddress::LocalHost, 0);

        // Two phones ask for the same picture: one drawing, both wait for it.
        QTcpSocket first;
        QTcpSocket second;
        QByteArray first_reply;
        QByteArray second_reply;
        connect(&first, &QTcpSocket::readyRead, this, [&first, &first_reply] { first_reply += first.readAll(); });
        connect(&second, &QTcpSocket::readyRead, this, [&second, &second_reply] { second_reply += second.readAll(); });
        const QByteArray ask("GET /api/board.png?width=700 HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n");
        first.connectToHost(QHostAddress::LocalHost, server_->port());
        QTRY_VERIFY(first.state() == QAbstractSocket::ConnectedState);
        first.write(ask);
        QTRY_COMPARE(gate->drawings.load(), 1);  // being drawn, and held at the gate
        second.connectToHost(QHostAddress::LocalHost, server_->port());
        QTRY_VERIFY(second.state() == QAbstractSocket::ConnectedState);
        second.write(ask);

        // Meanwhile the state is answered, an action applied and pushed to a page.
        QWebSocket page;
        QList<nlohmann::json> messages;
        connect(&page, &QWebSocket::textMessageReceived, this,
                [&messages](const QString& text) { messages.push_back(nlohmann::json::parse(text.toStdString())); });
        page.open(QNetworkRequest(QUrl(server_->url().replace(QStringLiteral("http:"), QStringLiteral("ws:")) + QStringLiteral("api/live"))));
        QTRY_COMPARE(messages.size(), qsizetype{1});  // hello
        const auto [state_status, state] = get(server_->url() + QStringLiteral("api/state"));
        QCOMPARE(state_status, 200);
        QVERIFY(state["version"] == 0);
        QCOMPARE(post(QStringLiteral("/api/actions"), {{"do", "formation"}, {"unit", "F-I2"}, {"to", "column"}}).first, 200);
        QTRY_COMPARE(messages.size(), qsizetype{2});  // the update
        QCOMPARE(messages.back()["type"].get<std::string>(), std::string("update"));
        QVERIFY(first_reply.isEmpty());  // asked first, still being drawn
        QVERIFY(second_reply.isEmpty());
        QCOMPARE(gate->drawings.load(), 1);

        gate->open.release();
        QTRY_VERIFY(first_reply.contains("\r\n\r\n\x89PNG"));
        QTRY_VERIFY(second_reply.contains("\r\n\r\n\x89PNG"));
        QVERIFY2(first_reply.startsWith("HTTP/1.1 200"), first_reply.left(200).constData());
        QVERIFY(first_reply.contains("X-Board-Cache: drawn"));
        QVERIFY(second_reply.contains("X-Board-Cache: drawn"));
        QCOMPARE(gate->drawings.load(), 1);  // shared
        QVERIFY(!gate->on_main_thread);
        // The game changed since: drawn again, once, then kept.
        QCOMPARE(get(server_->url() + QStringLiteral("api/board.png?width=700")).first, 200);
        QCOMPARE(gate->drawings.load(), 2);
        QCOMPARE(get(server_->url() + QStringLiteral("api/board.png?width=720")).first, 200);
        QCOMPARE(gate->drawings.load(), 2);
        page.close();
    }

    void aPhoneReadsItsOwnLanguageWhateverTheDesks() {
        // The desk speaks German (its locale sets the process's shown(), as translations.cpp does);
        // one phone asks for English, another for German. The desk's own refusal reaches each in
        // its own language: the English phone gets the rules' English, as with a desk in English.
        const nlohmann::json unknown{{"do", "rally"}, {"unit", "X-99"}};
        const auto [status, plain] = post(QStringLiteral("/api/actions"), unknown);
        QCOMPARE(status, 409);
        struct DeskInGerman {
            explicit DeskInGerman(const RulesLibrary& library) { show_words_in(catalogue_for("de", library.data_dir())); }
            ~DeskInGerman() { show_words_in(nullptr); }  // the next test's desk speaks English again
        } desk_in_german(*library_);
        QVERIFY(words_shown_in() != nullptr);
        QVERIFY(shown(plain["error"].get<std::string>()) != plain["error"].get<std::string>());  // the desk would tell it
        const auto [english_status, english] = post(QStringLiteral("/api/actions"), unknown);
        const auto [german_status, german] = post(QStringLiteral("/api/actions"), unknown, {}, "de-DE,de");
        QCOMPARE(english_status, 409);
        QCOMPARE(german_status, 409);
        QVERIFY2(english["error"] == plain["error"], english.dump().c_str());
        QVERIFY2(german["error"].get<std::string>() == shown(plain["error"].get<std::string>()), german.dump().c_str());
        QCOMPARE(document_->undoStack()->count(), 0);
        // The state: each phone's clock in its own words.
        QCOMPARE(get(server_->url() + QStringLiteral("api/state")).second["clock_label"].get<std::string>(), std::string("turn 1, 12:15, French's half"));
        QCOMPARE(get(server_->url() + QStringLiteral("api/state"), {}, "de").second["clock_label"].get<std::string>(),
                 std::string("Zug 1, 12:15, Halbzug von French"));
    }

    void theDesksOwnActionReachesThePages() {
        QWebSocket page;
        QList<nlohmann::json> messages;
        connect(&page, &QWebSocket::textMessageReceived, this,
                [&messages](const QString& text) { messages.push_back(nlohmann::json::parse(text.toStdString())); });
        QNetworkRequest request(QUrl(server_->url().replace(QStringLiteral("http:"), QStringLiteral("ws:")) + QStringLiteral("api/live")));
        page.open(request);
        QTRY_COMPARE(messages.size(), qsizetype{1});  // hello
        QVERIFY(!document_->perform(EndPhaseAction{}));
        QTRY_COMPARE(messages.size(), qsizetype{2});
        const nlohmann::json& update = messages.back();
        QCOMPARE(update["type"].get<std::string>(), std::string("update"));
        QCOMPARE(update["state"]["phase"]["id"].get<std::string>(), std::string("b"));
        QCOMPARE(update["journal"].back()["by"].get<std::string>(), std::string("desk"));
        page.close();
    }
};

#include "app_test_registry.hpp"
FORTUNA_APP_TEST(fortuna_desk_companion_tests, DeskCompanionTest)
#include "test_desk_companion.moc"
