// SPDX-License-Identifier: MIT
// Fuzz target: raw bytes on the table companion's sockets, into the very server `serve` and the app run.
//
// Why a real server in the process rather than a parser: the companion's WebSocket frames are
// decoded by Qt's QWebSocketServer (our code sees whole messages), and what stopped the server
// before (issue 27) was the path from the bytes through the HTTP reader, the upgrade, Qt's frame
// decoder and the page's message handler to a reply. So each input is written, as bytes, to a
// QTcpSocket connected to a CompanionServer listening on 127.0.0.1 (a fresh one, over a fresh
// game of test-skirmish, for every input), and the event loop runs both ends.
//
// The input's first byte chooses how the rest is sent:
//   0: as raw bytes on a new connection (an HTTP request, or a handshake and frames after it);
//   1: after a proper WebSocket handshake with the page's Origin: as raw frame bytes;
//   2: after the handshake: each line as one masked text message (its bytes as they are).
// "@U@" and "@F@" in modes 0 and 2 become the umpire's and the French side's join codes, so that
// the fuzzer reaches what a code unlocks.
// Oracles beyond "no crash": no exception leaves the event loop; no reply is a 500 (every failure
// inside the server is a finding); every reply is HTTP/1.1 with a status, its JSON body UTF-8 text;
// every text message the server sends is UTF-8 JSON; and after each input the server still answers
// GET /api/state with 200.
#include <QByteArray>
#include <QEventLoop>
#include <QGuiApplication>
#include <QHostAddress>
#include <QTcpSocket>
#include <QTimer>

#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <memory>
#include <optional>
#include <string>

#include <spdlog/spdlog.h>

#include "companion_protocol.hpp"
#include "companion_server.hpp"
#include "fortuna/land/game.hpp"
#include "fortuna/land/system.hpp"
#include "fortuna/land/scenario.hpp"
#include "fuzz_support.hpp"
#include "table_game.hpp"

namespace fuzz_companion_wire {

using fortuna::companion::CompanionServer;
using fortuna::companion::TableGame;

[[noreturn]] void finding(const char* what, const QByteArray& detail = {}) {
    std::fprintf(stderr, "fuzz_companion_wire: %s\n%s\n", what, detail.left(600).constData());
    std::abort();
}

QGuiApplication& application() {
    // QtGui for the board picture's fonts, offscreen: made once, kept for the process.
    static QGuiApplication* app = [] {
        qputenv("QT_QPA_PLATFORM", "offscreen");
        static int argc = 1;
        static char name[] = "fuzz_companion_wire";
        static char* argv[] = {name, nullptr};
        spdlog::set_level(spdlog::level::off);  // the server logs every refusal: not wanted a million times
        return new QGuiApplication(argc, argv);
    }();
    return *app;
}

// Runs the event loop until the socket is closed or nothing has come for `quiet_ms`.
void pump(QTcpSocket& socket, QByteArray& received, int quiet_ms) {
    for (int round = 0; round < 200; ++round) {
        if (socket.state() == QAbstractSocket::UnconnectedState) break;
        const qsizetype before = received.size();
        QEventLoop loop;
        QTimer::singleShot(quiet_ms, &loop, &QEventLoop::quit);
        QObject::connect(&socket, &QTcpSocket::readyRead, &loop, &QEventLoop::quit);
        QObject::connect(&socket, &QTcpSocket::disconnected, &loop, &QEventLoop::quit);
        loop.exec();
        received += socket.readAll();
        if (received.size() == before && socket.state() != QAbstractSocket::UnconnectedState) break;  // quiet
    }
    received += socket.readAll();
}

bool connect_to(QTcpSocket& socket, quint16 port) {
    socket.connectToHost(QHostAddress::LocalHost, port);
    for (int round = 0; round < 100 && socket.state() != QAbstractSocket::ConnectedState; ++round) {
        QEventLoop loop;
        QTimer::singleShot(5, &loop, &QEventLoop::quit);
        QObject::connect(&socket, &QTcpSocket::connected, &loop, &QEventLoop::quit);
        loop.exec();
    }
    return socket.state() == QAbstractSocket::ConnectedState;
}

// An HTTP reply: a status line, and a body that is UTF-8 (JSON's) unless it is a picture or a page.
void check_http_reply(const QByteArray& reply) {
    if (reply.isEmpty()) return;  // nothing yet (a request still arriving when the client gave up)
    if (!reply.startsWith("HTTP/1.1 ") || reply.size() < 12) finding("a reply that is not HTTP/1.1 with a status", reply);
    const QByteArray status = reply.mid(9, 3);
    if (status == "500") finding("a reply of 500: something threw inside the server", reply);
    if (status == "101") return;  // the live feed: frames follow (checked by check_frames)
    const qsizetype end = reply.indexOf("\r\n\r\n");
    if (end < 0) finding("a reply without the end of its headers", reply);
    if (reply.left(end).contains("Content-Type: application/json")) {
        const std::string body = reply.mid(end + 4).toStdString();
        if (!fortuna::companion::valid_utf8(body) || !nlohmann::json::accept(body)) finding("a JSON reply that is not UTF-8 JSON", reply);
    }
}

// The server's frames after a 101 (unmasked, as a server sends them): every text message UTF-8 JSON.
void check_frames(const QByteArray& reply) {
    const qsizetype start = reply.indexOf("\r\n\r\n");
    if (!reply.startsWith("HTTP/1.1 101") || start < 0) return;
    std::size_t at = static_cast<std::size_t>(start) + 4;
    const auto* bytes = reinterpret_cast<const unsigned char*>(reply.constData());
    const auto size = static_cast<std::size_t>(reply.size());
    std::string message;
    while (at + 2 <= size) {
        const unsigned opcode = bytes[at] & 0x0Fu;
        const bool fin = (bytes[at] & 0x80u) != 0;
        std::uint64_t length = bytes[at + 1] & 0x7Fu;
        if ((bytes[at + 1] & 0x80u) != 0) finding("a server frame that is masked", reply);
        at += 2;
        const std::size_t extra = length == 126 ? 2 : length == 127 ? 8 : 0;
        if (at + extra > size) return;  // cut where the client stopped reading
        if (extra != 0) {
            length = 0;
            for (std::size_t k = 0; k < extra; ++k) length = (length << 8) | bytes[at + k];
            at += extra;
        }
        if (length > size - at) return;
        const std::string payload(reply.constData() + at, static_cast<std::size_t>(length));
        at += static_cast<std::size_t>(length);
        if (opcode == 0x1 || opcode == 0x0) {
            message += payload;
            if (!fin) continue;
            if (!fortuna::companion::valid_utf8(message) || !nlohmann::json::accept(message))
                finding("a text message from the server that is not UTF-8 JSON", QByteArray::fromStdString(message));
            message.clear();
        } else if (opcode != 0x8 && opcode != 0x9 && opcode != 0xA) {
            finding("a server frame of an unknown opcode", reply);
        }
    }
}

QByteArray with_codes(QByteArray bytes, const CompanionServer& server) {
    bytes.replace("@U@", QByteArray::fromStdString(server.codes().umpire()));
    bytes.replace("@F@", QByteArray::fromStdString(server.codes().side_codes().at(0)));
    return bytes;
}

QByteArray masked_text_frame(const QByteArray& text) {
    QByteArray frame;
    frame.append(static_cast<char>(0x81));
    const auto length = static_cast<std::uint64_t>(text.size());
    if (length < 126) {
        frame.append(static_cast<char>(0x80 | length));
    } else if (length < 65536) {
        frame.append(static_cast<char>(0x80 | 126));
        frame.append(static_cast<char>((length >> 8) & 0xFF));
        frame.append(static_cast<char>(length & 0xFF));
    } else {
        frame.append(static_cast<char>(0x80 | 127));
        for (int shift = 56; shift >= 0; shift -= 8) frame.append(static_cast<char>((length >> shift) & 0xFF));
    }
    const char key[4] = {0x11, 0x22, 0x33, 0x44};
    frame.append(key, 4);
    for (qsizetype i = 0; i < text.size(); ++i) frame.append(static_cast<char>(text[i] ^ key[i % 4]));
    return frame;
}

}  // namespace fuzz_companion_wire

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    using namespace fuzz_companion_wire;
    using namespace fortuna;
    if (size == 0) return 0;
    (void)application();
    const RulesLibrary& library = fuzz::shipped_library();
    static const Scenario scenario = load_scenario(library, "test-skirmish");
    try {
        // A fresh game and server for every input: what one input did cannot change the next.
        Game game(library, scenario, 20261126);
        const std::unique_ptr<GameSession> view = land::land_session_view(game);
        TableGame table([&view]() -> const GameSession* { return view.get(); },
                        [&game](const nlohmann::json& action) -> std::optional<std::string> {
                            try {
                                (void)game.apply(action);
                                return std::nullopt;
                            } catch (const std::exception& error) {
                                return std::string(error.what());
                            }
                        });
        companion::Limits limits;
        limits.requests_per_second = 1e9;  // the fuzzer's inputs all come from 127.0.0.1, at speed
        limits.request_burst = 1e9;
        CompanionServer server(std::move(table), limits);
        server.listen(QHostAddress::LocalHost, 0);
        const quint16 port = server.port();
        const QByteArray input(reinterpret_cast<const char*>(data) + 1, static_cast<qsizetype>(size - 1));
        const int mode = data[0] % 3;

        QTcpSocket client;
        QByteArray received;
        if (!connect_to(client, port)) finding("the server took no connection");
        if (mode == 0) {
            client.write(with_codes(input, server));
        } else {
            const QByteArray host = "127.0.0.1:" + QByteArray::number(port);
            client.write("GET /api/live HTTP/1.1\r\nHost: " + host + "\r\nOrigin: http://" + host +
                         "\r\nUpgrade: websocket\r\nConnection: Upgrade\r\nSec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\n"
                         "Sec-WebSocket-Version: 13\r\n\r\n");
            // The handshake's answer and the hello after it, however long the first takes under the sanitizers.
            for (int round = 0; round < 200 && !received.contains("\"hello\"") && client.state() == QAbstractSocket::ConnectedState; ++round)
                pump(client, received, 10);
            if (!received.startsWith("HTTP/1.1 101")) finding("the page's own handshake was refused", received);
            if (mode == 1) {
                client.write(input);
            } else {
                for (const QByteArray& line : with_codes(input, server).split('\n')) client.write(masked_text_frame(line));
            }
        }
        pump(client, received, 4);  // 4 ms with nothing new: the server waits for more (an incomplete request or frame)
        check_http_reply(received);
        check_frames(received);
        client.abort();

        // Still serving: the state of the game, to anyone.
        QTcpSocket probe;
        QByteArray state;
        if (!connect_to(probe, port)) finding("the server took no connection after the input");
        probe.write("GET /api/state HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n");
        for (int round = 0; round < 100 && !state.contains("\r\n\r\n{") && probe.state() != QAbstractSocket::UnconnectedState; ++round)
            pump(probe, state, 5);
        if (!state.startsWith("HTTP/1.1 200")) finding("GET /api/state after the input was not answered 200", state);
        check_http_reply(state);
        probe.abort();
        QCoreApplication::processEvents();  // the server sees both sockets go
    } catch (const std::exception& error) {
        finding("an exception left the server's event loop", error.what());
    }
    return 0;
}
