// SPDX-License-Identifier: MIT
// Serves one game to the table over HTTP and a WebSocket feed, from the process that holds it.
// Why one file of 800 lines: the HTTP reader (below), the API's routes and the WebSocket feed
// share one caller check, one set of limits and the one game the server holds.
//
// Why a small HTTP reader of our own rather than QHttpServer: Qt 6.4's QHttpServer reads a
// whole body into memory before a handler sees it and has no size or rate limits; a server
// on a club's network must refuse an oversized body from its Content-Length (413) and a
// flood of requests (429) before storing them. The WebSocket part is Qt's: a request to
// /api/live is handed, unread, to QWebSocketServer::handleConnection after its Host and
// Origin have been checked.
#include "companion_server.hpp"

#include <QDateTime>
#include <QDirIterator>
#include <QHostInfo>
#include <QTcpServer>
#include <QTcpSocket>
#include <QThread>
#include <QThreadPool>
#include <QTimer>
#include <QUrlQuery>
#include <QWebSocket>
#include <QWebSocketServer>

#include <algorithm>
#include <cmath>
#include <limits>
#include <stdexcept>

#include <spdlog/spdlog.h>

#include "fortuna/core/data_files.hpp"
#include "fortuna/core/json_fields.hpp"
#include "fortuna/core/platform.hpp"

namespace fortuna::companion {
namespace {

using nlohmann::json;

QString qs(const std::string& text) { return QString::fromStdString(text); }
std::string ss(const QString& text) { return text.toStdString(); }

constexpr int kRequestTimeoutMs = 10000;
constexpr long kOpenProposalsPerSide = 8;  // a request must arrive whole within this (slow clients hold sockets)

std::string content_type_of(const QString& name) {
    if (name.endsWith(u".html")) return "text/html; charset=utf-8";
    if (name.endsWith(u".js")) return "text/javascript; charset=utf-8";
    if (name.endsWith(u".css")) return "text/css; charset=utf-8";
    if (name.endsWith(u".svg")) return "image/svg+xml";
    if (name.endsWith(u".png")) return "image/png";
    if (name.endsWith(u".webmanifest") || name.endsWith(u".json")) return "application/json";
    return "application/octet-stream";
}

constexpr std::size_t kNoteBytes = 280;  // a note to the umpire: a tweet's length

// The journal is paged (issue 27: the whole of it, 380 KB at 300 lines, went to every page that
// joined): a page is greeted with the last lines and asks GET /api/journal for older ones.
constexpr std::size_t kHelloLines = 50;
constexpr std::size_t kJournalPageLines = 100;  // GET /api/journal without a count
constexpr std::size_t kJournalMaxLines = 500;   // GET /api/journal's largest count

// A fresh name for a game's journal (pages that kept lines of another game start over).
std::string new_game_token() { return normalize_code(new_join_code()).substr(0, 10); }

// What a reply says of a failure inside the server: the details go to the log, never to the
// network (they may name files, or quote what another client sent).
constexpr std::string_view kInternalError = "the companion failed to answer this; the umpire's log has the details";

// A note to the umpire (a proposal's or a roll request's): optional text, cut on a character
// boundary to a tweet's length.
std::string note_of(const json& body) {
    if (body.contains("note") && !body["note"].is_string()) throw ApiError(400, "'note' is text for the umpire, e.g. \"Aiming at the guns\"");
    return cut_text(text_member(body, "note"), kNoteBytes);
}

// "/api/rolls/12/apply" -> {"api", "rolls", "12", "apply"}
std::vector<std::string> segments(const std::string& path) {
    std::vector<std::string> parts;
    std::size_t start = 1;
    while (start <= path.size()) {
        const auto slash = path.find('/', start);
        const std::string part = path.substr(start, slash == std::string::npos ? std::string::npos : slash - start);
        if (!part.empty()) parts.push_back(part);
        if (slash == std::string::npos) break;
        start = slash + 1;
    }
    return parts;
}

int id_of(const std::string& text) {
    if (text.empty() || text.size() > 9 || !std::all_of(text.begin(), text.end(), [](char c) { return c >= '0' && c <= '9'; }))
        throw ApiError(404, "no request or proposal '" + cut_text(text, 16) + "'");
    return std::stoi(text);
}

}  // namespace

CompanionServer::CompanionServer(TableGame game, Limits limits, QObject* parent)
    : QObject(parent), game_(std::move(game)), limits_(limits),
      requests_(limits.requests_per_second, limits.request_burst),
      pictures_(limits.pictures_per_second, limits.picture_burst) {
    clock_.start();
    // The page's own files, and nothing else, by exact name: no path from a request reaches
    // the file system.
    QDirIterator it(QStringLiteral(":/companion"), QDir::Files, QDirIterator::Subdirectories);
    while (it.hasNext()) {
        const QString name = it.next();
        QFile file(name);
        if (!file.open(QIODevice::ReadOnly)) continue;
        const std::string path = ss(name.mid(QStringLiteral(":/companion").size()));
        files_[path] = {qs(content_type_of(name)), file.readAll()};
    }
    if (files_.count("/index.html")) files_["/"] = files_["/index.html"];
    else spdlog::error("companion: the page's resources (:/companion/index.html) are not linked in");
    codes_ = std::make_unique<JoinCodes>(game_.has_game() ? game_.side_ids() : std::vector<std::string>{});
    pushed_version_ = game_.version();
    game_token_ = new_game_token();
    // The board pictures' painter: one thread on a machine of two cores (the other answers and
    // pushes), two on a larger one.
    painters_ = std::make_unique<QThreadPool>();
    painters_->setMaxThreadCount(std::clamp(QThread::idealThreadCount() / 2, 1, 2));
    // Every language the pages may ask for, read once per process (not per request, nor per server).
    languages_ = PageLanguages::shared(default_data_dir());
}

void CompanionServer::setLanguages(std::shared_ptr<const PageLanguages> languages) {
    if (languages) languages_ = std::move(languages);
}

std::string CompanionServer::languageOf(const HttpRequest& request) const {
    return languages_->choose(request.query_value("language"), request.header("accept-language"));
}

json CompanionServer::toldIn(json document, const std::string& language) const {
    if (const MessageCatalogue* catalogue = languages_->catalogue(language)) tell(document, *catalogue);
    return document;
}

std::string CompanionServer::toldIn(const std::string& text, const std::string& language) const {
    const MessageCatalogue* catalogue = languages_->catalogue(language);
    return catalogue ? catalogue->shown(text) : text;
}

CompanionServer::~CompanionServer() {
    close();
    // A drawing under way reads only its own copy; its answer, posted to this object, is dropped with it.
    painters_->clear();
    painters_->waitForDone();
}

void CompanionServer::listen(const QHostAddress& address, quint16 port) {
    close();
    tcp_ = new QTcpServer(this);
    if (!tcp_->listen(address, port)) {
        const std::string reason = ss(tcp_->errorString());
        delete tcp_;
        tcp_ = nullptr;
        throw std::runtime_error("cannot listen on " + ss(address.toString()) + " port " + std::to_string(port) + ": " + reason);
    }
    tcp_->setMaxPendingConnections(limits_.connections);
    connect(tcp_, &QTcpServer::newConnection, this, &CompanionServer::acceptConnections);
    websockets_ = new QWebSocketServer(QStringLiteral("Fortuna Belli companion"), QWebSocketServer::NonSecureMode, this);
    connect(websockets_, &QWebSocketServer::newConnection, this, &CompanionServer::acceptPage);
    idle_check_ = new QTimer(this);
    // Looked at four times in the idle time (at most every 15 s): a page is closed at most a
    // quarter of it late.
    idle_check_->setInterval(std::clamp(limits_.idle_seconds * 250, 250, 15000));
    connect(idle_check_, &QTimer::timeout, this, &CompanionServer::closeIdlePages);
    idle_check_->start();
    spdlog::info("companion: serving on {}", ss(url()));
}

void CompanionServer::close() {
    for (const Page& page : pages_) {
        page.socket->disconnect(this);
        page.socket->close(QWebSocketProtocol::CloseCodeGoingAway, QStringLiteral("the umpire closed the companion"));
        page.socket->deleteLater();
    }
    pages_.clear();
    for (auto it = pending_.begin(); it != pending_.end(); ++it) it.key()->deleteLater();
    pending_.clear();
    pending_clients_.clear();
    awaiting_picture_.clear();
    pictures_asked_.clear();
    pictures_order_.clear();
    delete websockets_;
    websockets_ = nullptr;
    delete idle_check_;
    idle_check_ = nullptr;
    delete tcp_;
    tcp_ = nullptr;
    emit pagesChanged(0);
}

bool CompanionServer::isListening() const { return tcp_ != nullptr && tcp_->isListening(); }
quint16 CompanionServer::port() const { return tcp_ ? tcp_->serverPort() : 0; }

QString CompanionServer::url() const {
    if (!tcp_) return {};
    QHostAddress address = tcp_->serverAddress();
    if (address == QHostAddress::AnyIPv4 || address == QHostAddress::Any) address = QHostAddress::LocalHost;
    const QString host = address.protocol() == QAbstractSocket::IPv6Protocol ? u'[' + address.toString() + u']' : address.toString();
    return QStringLiteral("http://%1:%2/").arg(host).arg(tcp_->serverPort());
}

void CompanionServer::setAttributionLog(const QString& file) {
    auto log = std::make_unique<QFile>(file);
    if (!log->open(QIODevice::WriteOnly | QIODevice::Append | QIODevice::Text))
        throw std::runtime_error("cannot open the companion's attribution log " + ss(file) + ": " + ss(log->errorString()));
    attribution_ = std::move(log);
}

double CompanionServer::now() const { return static_cast<double>(clock_.nsecsElapsed()) / 1e9; }

int CompanionServer::requestsFrom(const QString& client) const {
    int count = 0;
    for (const QString& c : pending_clients_) count += c == client;
    return count;
}

std::string CompanionServer::admitPage(const QString& client) {
    int from_client = 0;
    int without_code = 0;
    Page* oldest_without_code = nullptr;
    for (Page& page : pages_) {
        if (page.closing || page.client != client) continue;
        ++from_client;
        if (page.caller.role != Caller::Role::Spectator) continue;
        ++without_code;
        if (oldest_without_code == nullptr) oldest_without_code = &page;  // pages_ is in the order they came
    }
    // A new page watches until it joins: when the address's watching pages are at their limit,
    // the oldest of them makes room, so that one phone opening pages cannot keep out a player
    // whose page joins with a code a moment later (and a joined page is never closed for it).
    if (without_code >= limits_.pages_without_code_per_client && oldest_without_code != nullptr) {
        closePage(*oldest_without_code, QWebSocketProtocol::CloseCodePolicyViolated,
                  QStringLiteral("too many pages watch from this address without a join code; the oldest made room"));
        --from_client;
    }
    if (from_client >= limits_.pages_per_client) return "too many live pages from " + ss(client) + "; close one and try again";
    return {};
}

void CompanionServer::closePage(Page& page, QWebSocketProtocol::CloseCode code, const QString& reason) {
    page.closing = true;
    page.socket->close(code, reason);
}

void CompanionServer::closeIdlePages() {
    // A page pings every 30 s (app.js); one silent for the idle time is gone (a phone that slept,
    // a tab left behind) or holds a slot without using it. It may come back: the page reconnects.
    const double limit = now() - limits_.idle_seconds;
    for (Page& page : pages_)
        if (!page.closing && page.heard < limit)
            closePage(page, QWebSocketProtocol::CloseCodeGoingAway,
                      QStringLiteral("no message for %1 s: a page pings to stay; reconnect").arg(limits_.idle_seconds));
}

void CompanionServer::acceptConnections() {
    while (QTcpSocket* socket = tcp_->nextPendingConnection()) {
        const QString client = socket->peerAddress().toString();
        const int open = static_cast<int>(pending_.size()) + static_cast<int>(pages_.size());
        if (open >= limits_.connections || requestsFrom(client) >= limits_.requests_per_client) {
            // A flood of connections: refused with a status, the pages already open keep theirs.
            const std::string body = error_body(503, "too many connections; try again shortly");
            socket->write(QByteArray::fromStdString(http_response(503, "application/json", body, {{"Retry-After", "5"}})));
            socket->disconnectFromHost();
            connect(socket, &QTcpSocket::disconnected, socket, &QObject::deleteLater);
            continue;
        }
        pending_.insert(socket, {});
        pending_clients_.insert(socket, client);
        socket->startTransaction();  // so an upgrade can be handed over unread
        connect(socket, &QTcpSocket::readyRead, this, [this, socket] { readRequest(socket); });
        connect(socket, &QTcpSocket::disconnected, this, [this, socket] {
            pending_.remove(socket);
            pending_clients_.remove(socket);
            awaiting_picture_.remove(socket);
            socket->deleteLater();
        });
        QTimer::singleShot(kRequestTimeoutMs, socket, [this, socket] {
            if (pending_.contains(socket)) finish(socket, {408, "application/json", error_body(408, "the request did not arrive in time"), {}});
        });
    }
}

void CompanionServer::readRequest(QTcpSocket* socket) {
    // A Qt slot: an exception leaving it would stop the event loop and the server with it.
    try {
        handleRequest(socket);
    } catch (const std::exception& error) {
        failRequest(socket, error.what());
    } catch (...) {
        failRequest(socket, "an exception that is not a std::exception");
    }
}

void CompanionServer::failRequest(QTcpSocket* socket, const char* what) {
    spdlog::error("companion: a request from {} failed: {}", ss(pending_clients_.value(socket)), what);
    if (pending_.contains(socket)) finish(socket, {500, "application/json", error_body(500, kInternalError), {}});
}

void CompanionServer::handleRequest(QTcpSocket* socket) {
    if (!pending_.contains(socket) || awaiting_picture_.contains(socket)) return;
    QByteArray& buffer = pending_[socket];
    buffer += socket->readAll();
    const HttpParse parse = parse_http_request(std::string_view(buffer.constData(), static_cast<std::size_t>(buffer.size())), limits_);
    if (parse.status == HttpParse::Status::Incomplete) return;
    if (parse.status == HttpParse::Status::Refused) {
        finish(socket, {parse.refusal_status, "application/json", error_body(parse.refusal_status, parse.refusal), {}});
        return;
    }
    const HttpRequest& request = parse.request;
    const QString client = pending_clients_.value(socket);
    if (request.path == "/api/live" && request.method == "GET") {
        // A client waits for the answer to its handshake before it sends a frame (RFC 6455, 4.1).
        // Frames that came with the handshake are refused: Qt WebSockets, handed them with it,
        // answered them in a masked close frame, which no server may send (fuzz_companion_wire).
        if (static_cast<std::size_t>(buffer.size()) > parse.consumed) {
            finish(socket, {400, "application/json",
                            error_body(400, "send WebSocket frames after the answer to the handshake, not with it (RFC 6455, 4.1)"), {}});
            return;
        }
        upgrade(socket, request);
        return;
    }
    Reply reply;
    RateLimiter& bucket = request.path == "/api/board.png" ? pictures_ : requests_;
    if (!bucket.allow(ss(client), now())) {
        const int wait = static_cast<int>(std::ceil(bucket.retry_after(ss(client), now())));
        reply = {429, "application/json", error_body(429, toldIn("too many requests from " + ss(client) + "; slow down", languageOf(request))),
                 {{"Retry-After", std::to_string(std::max(1, wait))}}};
    } else {
        reply = route(request, client, socket);
    }
    if (reply.status == 0) return;  // a board picture on its way: answered when it is drawn
    finish(socket, reply);
}

void CompanionServer::finish(QTcpSocket* socket, const Reply& reply) {
    pending_.remove(socket);
    pending_clients_.remove(socket);
    awaiting_picture_.remove(socket);
    socket->commitTransaction();
    socket->write(QByteArray::fromStdString(http_response(reply.status, reply.content_type, reply.body, reply.headers)));
    socket->disconnectFromHost();
}

bool CompanionServer::hostAllowed(const std::string& host) const {
    // A browser sends the name it resolved: an address literal, localhost or this machine's
    // name pass; any other name is a DNS-rebinding page pretending to be us.
    std::string name = host;
    if (!name.empty() && name.front() == '[') name = name.substr(1, name.find(']') - 1);
    else if (const auto colon = name.rfind(':'); colon != std::string::npos) name = name.substr(0, colon);
    if (name.empty()) return false;
    if (!QHostAddress(qs(name)).isNull()) return true;
    const QString lower = qs(name).toLower();
    const QString local = QHostInfo::localHostName().toLower();
    return lower == u"localhost" || lower == local || lower == local + QStringLiteral(".local");
}

void CompanionServer::upgrade(QTcpSocket* socket, const HttpRequest& request) {
    const QString client = pending_clients_.value(socket);
    const std::string host = request.header("host");
    const std::string origin = request.header("origin");
    // A page of ours comes from http://HOST exactly; a page from elsewhere may not read the
    // feed (a site the guest visits would read the club's game through the guest's browser).
    // Browsers always send Origin on a WebSocket handshake, so one without it is a script on
    // the network, which may read the public state anyway: it is let in to watch, and may not
    // join with a code on the socket (acceptPage, pageMessage). An Origin sent empty is refused.
    std::string refusal;
    if (!hostAllowed(host)) refusal = "unknown Host '" + cut_text(host, 64) + "'";
    else if (request.headers.count("origin") != 0 && !own_page_origin(origin, host))
        refusal = "the live feed is for this server's own page (http://" + cut_text(host, 64) + "), not '" + cut_text(origin, 64) + "'";
    // The Origin of the drafts of 2011, which Qt reads when Origin is absent: no browser sends
    // it any more, and one origin header is all that is checked.
    else if (request.headers.count("sec-websocket-origin") != 0) refusal = "send Origin, not Sec-WebSocket-Origin";
    else if (!requests_.allow(ss(client), now())) refusal = "too many requests";
    else if (request.header("upgrade").find("websocket") == std::string::npos && request.header("upgrade").find("WebSocket") == std::string::npos)
        refusal = "/api/live is a WebSocket: send Upgrade: websocket";
    // Last, so that no page makes room for a request refused anyway.
    else if (const std::string full = admitPage(client); !full.empty()) refusal = full;
    if (!refusal.empty()) {
        const int status = refusal == "too many requests" ? 429 : refusal.rfind("/api/live", 0) == 0 ? 400 : refusal.rfind("too many", 0) == 0 ? 503 : 403;
        Reply reply{status, "application/json", error_body(status, refusal), {}};
        if (status == 503) reply.headers.emplace_back("Retry-After", "5");
        finish(socket, reply);
        return;
    }
    pending_.remove(socket);
    pending_clients_.remove(socket);
    socket->disconnect(this);
    socket->rollbackTransaction();
    websockets_->handleConnection(socket);
    emit socket->readyRead();  // the handshake is already buffered: let the WebSocket server read it
}

void CompanionServer::acceptPage() {
    while (QWebSocket* socket = websockets_->nextPendingConnection()) {
        socket->setParent(this);
        socket->setMaxAllowedIncomingMessageSize(limits_.message_bytes);
        socket->setMaxAllowedIncomingFrameSize(limits_.message_bytes);
        // The page's language: /api/live?language=de (the page's choice), else its browser's.
        const std::string language = languages_->choose(ss(QUrlQuery(socket->requestUrl()).queryItemValue(QStringLiteral("language"))),
                                                        socket->request().rawHeader("Accept-Language").toStdString());
        const Page page{socket, Caller{}, socket->peerAddress().toString(), socket->origin().isEmpty(), now(), false, language};
        pages_.push_back(page);
        connect(socket, &QWebSocket::textMessageReceived, this, [this, socket](const QString& text) { pageMessage(socket, text); });
        connect(socket, &QWebSocket::binaryMessageReceived, this, [socket] {
            socket->close(QWebSocketProtocol::CloseCodeDatatypeNotSupported, QStringLiteral("text messages only"));
        });
        connect(socket, &QWebSocket::disconnected, this, [this, socket] {
            pages_.erase(std::remove_if(pages_.begin(), pages_.end(), [socket](const Page& p) { return p.socket == socket; }), pages_.end());
            socket->deleteLater();
            emit pagesChanged(pages());
        });
        try {
            // A page that reconnects says which lines it has: /api/live?since=V&game=NAME.
            const QUrlQuery query(socket->requestUrl());
            std::optional<std::size_t> since;
            if (ss(query.queryItemValue(QStringLiteral("game"))) == game_token_)
                since = journal_index(ss(query.queryItemValue(QStringLiteral("since"))));
            const json hello{{"type", "hello"}, {"n", pushes_}, {"snapshot", toldIn(snapshot(page.caller, since), page.language)}};
            socket->sendTextMessage(qs(dump_json(hello)));
        } catch (const std::exception& error) {
            // A Qt slot: the page is closed rather than the server stopped.
            spdlog::error("companion: the first message to a page from {} failed: {}", ss(page.client), error.what());
            socket->close(QWebSocketProtocol::CloseCodeBadOperation, QString::fromUtf8(kInternalError.data(), static_cast<qsizetype>(kInternalError.size())));
        }
        emit pagesChanged(pages());
    }
}

void CompanionServer::pageMessage(QWebSocket* socket, const QString& text) {
    const auto page = std::find_if(pages_.begin(), pages_.end(), [socket](const Page& p) { return p.socket == socket; });
    if (page == pages_.end() || page->closing) return;
    page->heard = now();  // any message keeps a page open, a refused one too
    json reply;
    try {
        if (!requests_.allow(ss(page->client), now())) throw ApiError(429, "too many messages; slow down");
        const std::string utf8 = ss(text);
        const SocketMessage message = parse_socket_message(utf8, limits_);
        if (message.type == SocketMessage::Type::Ping) {
            reply = {{"type", "pong"}, {"n", pushes_}};
        } else {
            if (page->watch_only)
                throw ApiError(403, "a connection without an Origin (not a browser's page) watches only: act with your code through the API, "
                                    "or connect with the page's own Origin");
            const Caller caller = codes_->identify(message.code);
            if (caller.role == Caller::Role::Spectator) throw ApiError(401, "unknown join code");
            const auto same = std::count_if(pages_.begin(), pages_.end(), [&](const Page& p) {
                return !p.closing && p.socket != socket && p.caller.role == caller.role && p.caller.side == caller.side;
            });
            if (same >= limits_.pages_per_code)
                throw ApiError(429, std::to_string(same) + " pages have joined with this code already; close one of them first");
            page->caller = caller;
            const auto since = message.game == game_token_ ? message.since : std::nullopt;
            reply = {{"type", "hello"}, {"n", pushes_}, {"snapshot", toldIn(snapshot(caller, since), page->language)}};
        }
    } catch (const ApiError& error) {
        reply = {{"type", "error"}, {"status", error.status}, {"error", toldIn(std::string(error.what()), page->language)}};
    } catch (const std::exception& error) {
        // A Qt slot: nothing may leave it; the page hears that it failed, the log why.
        spdlog::error("companion: a message from {} failed: {}", ss(page->client), error.what());
        reply = {{"type", "error"}, {"status", 500}, {"error", kInternalError}};
    }
    socket->sendTextMessage(qs(dump_json(reply)));
}

Caller CompanionServer::callerOf(const HttpRequest& request) const {
    const auto code = bearer_code(request.header("authorization"));
    if (!code || code->size() > 64) return {};
    return codes_->identify(*code);
}

Caller CompanionServer::requireCaller(const HttpRequest& request) const {
    if (request.header("authorization").empty()) throw ApiError(401, "this needs a join code: Authorization: Bearer CODE");
    const Caller caller = callerOf(request);
    if (caller.role == Caller::Role::Spectator) throw ApiError(401, "unknown join code");
    return caller;
}

CompanionServer::Reply CompanionServer::staticFile(const std::string& path) const {
    const auto it = files_.find(path);
    if (it == files_.end()) return {404, "application/json", error_body(404, "no such page or API: " + cut_text(path, 80)), {}};
    return {200, ss(it->second.first), it->second.second.toStdString(), {}};
}

CompanionServer::Reply CompanionServer::route(const HttpRequest& request, const QString& client, QTcpSocket* socket) {
    const std::string language = languageOf(request);
    try {
        if (!hostAllowed(request.header("host"))) throw ApiError(403, "unknown Host '" + cut_text(request.header("host"), 64) + "'");
        if (request.path.rfind("/api/", 0) == 0) return api(request, client, socket, language);
        if (request.method != "GET") throw ApiError(405, "the page's files are read with GET");
        return staticFile(request.path);
    } catch (const ApiError& error) {
        Reply reply{error.status, "application/json", error_body(error.status, toldIn(std::string(error.what()), language)), {}};
        if (error.status == 405) reply.headers.emplace_back("Allow", allowed_methods(request.path).empty() ? "GET" : allowed_methods(request.path));
        return reply;
    } catch (const std::exception& error) {
        spdlog::error("companion: {} {}: {}", request.method, request.path, error.what());
        return {500, "application/json", error_body(500, kInternalError), {}};
    }
}

CompanionServer::Reply CompanionServer::api(const HttpRequest& request, const QString& client, QTcpSocket* socket, const std::string& language) {
    const std::vector<std::string> parts = segments(request.path);  // "api", ...
    const std::string what = parts.size() > 1 ? parts[1] : "";
    const bool get = request.method == "GET";
    const bool post = request.method == "POST";
    // Every answer in the request's language: what a person reads told, keys and codes as they are.
    const auto ok = [this, &language](int status, const json& body) { return Reply{status, "application/json", dump_json(toldIn(body, language)), {}}; };
    // Who owns a code, and what a player may ask for: the rule system's answers, never a list of ours.
    const SideOf owner = [this](std::string_view code) { return game_.owner_of(code); };
    const auto allowed = [this] { return game_.player_actions(); };

    if (what == "state" && parts.size() == 2 && get) {
        // Anyone may read it; under fog of war, a code (if given) says which side's view.
        const int viewer = viewerOf(callerOf(request));
        json state = game_.public_state(viewer);
        state["requests"] = requestsJson(viewer);
        state["pages"] = pages();
        return ok(200, state);
    }
    if (what == "me" && parts.size() == 2 && get) return ok(200, snapshot(requireCaller(request)));
    if (what == "words" && parts.size() == 2 && get) {
        // The page's own words in the language asked for (?language=, else Accept-Language), and
        // the languages served, for its chooser: from the catalogues read at start, never a file
        // named by the request.
        return Reply{200, "application/json", dump_json(languages_->words_document(language)), {}};
    }
    if (what == "journal" && parts.size() == 2 && get) {
        // A page of lines: GET /api/journal?from=K&count=N (from 0, 100 lines, at most 500).
        const std::string from = request.query_value("from");
        const std::string count_text = request.query_value("count");
        const auto first = from.empty() ? std::optional<std::size_t>(0) : journal_index(from);
        if (!first) throw ApiError(400, "'from' is a journal line index, a whole number");
        const auto count = count_text.empty() ? std::optional<std::size_t>(kJournalPageLines) : journal_index(count_text);
        if (!count || *count < 1 || *count > kJournalMaxLines)
            throw ApiError(400, "'count' is how many lines, 1-" + std::to_string(kJournalMaxLines));
        return ok(200, annotate(game_.journal_from(*first, *count, viewerOf(callerOf(request)))));
    }
    if (what == "board.png" && parts.size() == 2 && get) {
        // Drawn at the next of a few widths up (kBoardWidths) and kept per width for this
        // version of the game: at most five drawings per change, however many guests ask.
        int width = 720;
        const std::string text = request.query_value("width");
        if (!text.empty()) {
            const auto asked = journal_index(text);
            if (!asked || text.size() > 5) throw ApiError(400, "'width' is the picture's width in pixels, e.g. 720");
            width = snap_board_width(static_cast<int>(*asked));
        }
        return boardPicture(width, game_.picture_view(viewerOf(callerOf(request))), socket);
    }
    if (what == "actions" && parts.size() == 2) {
        if (!post) throw ApiError(405, "apply an action with POST");
        const Caller caller = requireCaller(request);
        const json action = parse_body_object(request.body, limits_);
        check_permission(action, caller, allowed(), owner);
        const json line = applyFrom(action, caller.name, client);
        push(false);
        return ok(200, {{"applied", line}, {"by", caller.name}});
    }
    if (what == "rolls" && (post || get)) {
        if (get && parts.size() == 2) return ok(200, requestsJson(viewerOf(callerOf(request))));
        if (!post) throw ApiError(405, "roll requests are changed with POST");
        const Caller caller = requireCaller(request);
        if (parts.size() == 2) {
            // The umpire asks one side to roll for a pending action.
            if (caller.role != Caller::Role::Umpire) throw ApiError(403, "only the umpire asks a side for a roll");
            const json body = parse_body_object(request.body, limits_);
            if (!body.contains("side") || !body["side"].is_string()) throw ApiError(400, "'side' is the id of the side that rolls, e.g. \"imperial\"");
            if (!body.contains("action") || !body["action"].is_object()) throw ApiError(400, "'action' is the pending action, e.g. {\"do\": \"combat\", ...}");
            const auto ids = game_.side_ids();
            const auto side = std::find(ids.begin(), ids.end(), body["side"].get<std::string>());
            if (side == ids.end()) throw ApiError(400, "there is no side '" + cut_text(body["side"].get<std::string>(), 32) + "'");
            check_permission(body["action"], caller, allowed(), owner);
            RollRequest roll{next_id_, static_cast<int>(side - ids.begin()), body["action"], game_.preview(body["action"]), std::nullopt,
                             note_of(body)};
            if (roll.preview.roll_kind.empty())
                throw ApiError(409, roll.preview.unavailable.empty() ? "this action has no roll to ask for" : roll.preview.unavailable + ": no roll to ask for");
            ++next_id_;
            rolls_.push_back(roll);
            push(true);
            return ok(201, requestsJson().back());
        }
        const int id = id_of(parts[2]);
        const auto roll = std::find_if(rolls_.begin(), rolls_.end(), [id](const RollRequest& r) { return r.id == id; });
        if (roll == rolls_.end()) throw ApiError(404, "no open roll request " + std::to_string(id));
        if (parts.size() == 3) {
            // The side's player (or the umpire for them) enters the natural roll they threw.
            if (caller.role == Caller::Role::Player && caller.side != roll->side)
                throw ApiError(403, "this roll is asked of " + game_.side_ids()[static_cast<std::size_t>(roll->side)] + ", not of " + caller.name);
            const json body = parse_body_object(request.body, limits_);
            if (!body.contains("value")) throw ApiError(400, "'value' is the roll you threw, e.g. {\"value\": 4}");
            roll->value = game_.entered_roll(roll->preview.roll_kind, body["value"]);
            push(true);
            return ok(200, requestsJson()[static_cast<std::size_t>(roll - rolls_.begin())]);
        }
        if (parts.size() == 4 && (parts[3] == "apply" || parts[3] == "cancel")) {
            if (caller.role != Caller::Role::Umpire) throw ApiError(403, "only the umpire applies or cancels a roll request");
            if (parts[3] == "cancel") {
                rolls_.erase(roll);
                push(true);
                return ok(200, {{"cancelled", id}});
            }
            if (!roll->value) throw ApiError(409, "no roll has been entered for request " + std::to_string(id) + " yet");
            json action = roll->action;
            action[roll->preview.roll_slot.empty() ? "roll" : roll->preview.roll_slot] = *roll->value;
            const std::string by = "umpire (roll entered by " + game_.side_ids()[static_cast<std::size_t>(roll->side)] + ")";
            const json line = applyFrom(action, by, client);
            rolls_.erase(roll);
            push(true);
            return ok(200, {{"applied", line}, {"by", by}});
        }
        throw ApiError(404, "no such roll request call: " + cut_text(request.path, 80));
    }
    if (what == "proposals" && (post || get)) {
        const Caller caller = requireCaller(request);
        if (get && parts.size() == 2) return ok(200, proposalsJson(caller));
        if (!post) throw ApiError(405, "proposals are changed with POST");
        if (parts.size() == 2) {
            if (caller.role != Caller::Role::Player) throw ApiError(403, "the umpire applies actions directly; players propose them");
            // Each proposal is tried on a copy of the game for every roll: a side's open ones are capped.
            const auto open = std::count_if(proposals_.begin(), proposals_.end(), [&](const Proposal& p) { return p.side == caller.side; });
            if (open >= kOpenProposalsPerSide)
                throw ApiError(429, "the umpire has " + std::to_string(open) + " of your proposals to answer already; wait for them");
            const json body = parse_body_object(request.body, limits_);
            if (!body.contains("action") || !body["action"].is_object()) throw ApiError(400, "'action' is the proposed action, e.g. {\"do\": \"charge\", ...}");
            check_permission(body["action"], caller, allowed(), owner);
            Proposal proposal{next_id_++, caller.side, body["action"], game_.preview(body["action"]), note_of(body)};
            proposals_.push_back(proposal);
            push(true);
            return ok(201, proposalsJson(caller).back());
        }
        const int id = id_of(parts[2]);
        const auto proposal = std::find_if(proposals_.begin(), proposals_.end(), [id](const Proposal& p) { return p.id == id; });
        if (proposal == proposals_.end()) throw ApiError(404, "no open proposal " + std::to_string(id));
        if (parts.size() == 4 && (parts[3] == "accept" || parts[3] == "decline")) {
            if (caller.role != Caller::Role::Umpire) throw ApiError(403, "only the umpire accepts or declines a proposal");
            if (parts[3] == "decline") {
                proposals_.erase(proposal);
                push(true);
                return ok(200, {{"declined", id}});
            }
            const std::string by = "umpire (proposed by " + game_.side_ids()[static_cast<std::size_t>(proposal->side)] + ")";
            const json line = applyFrom(proposal->action, by, client);
            proposals_.erase(proposal);
            push(true);
            return ok(200, {{"applied", line}, {"by", by}});
        }
        throw ApiError(404, "no such proposal call: " + cut_text(request.path, 80));
    }
    if (what == "codes") {
        // The umpire revokes a code that went astray (a player left, a code was read out
        // aloud) and hands out the new one: POST /api/codes/reissue (every side's) or
        // /api/codes/SIDE/reissue (one side's, or "umpire"). The new codes go to the umpire only.
        if (!post) throw ApiError(405, "join codes are reissued with POST");
        const Caller caller = requireCaller(request);
        if (caller.role != Caller::Role::Umpire) throw ApiError(403, "only the umpire revokes and reissues join codes");
        if (parts.size() == 3 && parts[2] == "reissue") return ok(200, {{"codes", reissueCodes({})}});
        if (parts.size() == 4 && parts[3] == "reissue") return ok(200, {{"codes", reissueCodes({parts[2]})}});
        throw ApiError(404, "no such call: " + cut_text(request.path, 80) + "; POST /api/codes/reissue or /api/codes/SIDE/reissue");
    }
    if (what == "fog" && parts.size() == 2) {
        // Fog of war, the umpire's choice: POST /api/fog {"on": true|false, "strengths": "hidden"|"rounded"}.
        const auto answer = [this] { return json{{"on", game_.fog()}, {"strengths", std::string(to_string(game_.fog_strengths()))}}; };
        if (get) return ok(200, answer());
        if (!post) throw ApiError(405, "fog of war is turned on or off with POST");
        const Caller caller = requireCaller(request);
        if (caller.role != Caller::Role::Umpire) throw ApiError(403, "only the umpire turns the fog of war on or off");
        const json body = parse_body_object(request.body, limits_);
        const bool has_strengths = body.contains("strengths");
        std::optional<FogStrengths> strengths;
        if (has_strengths && body["strengths"].is_string()) strengths = fog_strengths_from(body["strengths"].get<std::string>());
        if (!body.contains("on") || !body["on"].is_boolean() || body.size() != 1 + (has_strengths ? 1 : 0) || (has_strengths && !strengths))
            throw ApiError(400, "the body is {\"on\": true} or {\"on\": false}, and \"strengths\": \"hidden\" or \"rounded\" if given");
        setFog(body["on"].get<bool>());  // 409 for a system that measures no sight: nothing changed
        if (strengths) setFogStrengths(*strengths);
        return ok(200, answer());
    }
    if (what == "live") throw ApiError(405, "/api/live is a WebSocket (GET with Upgrade: websocket)");
    // A path the API has, asked with another method: 405 (with Allow); any other: 404.
    throw ApiError(allowed_methods(request.path).empty() ? 404 : 405,
                   "no such API: " + cut_text(request.method, 8) + " " + cut_text(request.path, 80));
}

CompanionServer::Reply CompanionServer::boardPicture(int width, int view, QTcpSocket* socket) {
    if (!game_.has_game()) throw ApiError(503, "no battle is open at the umpire's desk");
    // A side's own picture under fog of war says so; it is kept for that side's view alone.
    const std::string own = view == TableGame::kUmpire ? "" : "own";
    if (const std::string* png = board_.find(game_.version(), width, view))
        return {200, "image/png", *png, {{"X-Board-Cache", own.empty() ? "hit" : own}}};
    // Drawn for this version already: wait for it with the others.
    const auto drawing = pictures_drawing_.find(PictureJob{game_.version(), width, view});
    if (drawing != pictures_drawing_.end()) {
        drawing->second.emplace_back(socket);
    } else {
        Waiting& waiting = pictures_asked_[PictureAsk{width, view}];
        if (waiting.empty()) pictures_order_.emplace_back(width, view);
        waiting.emplace_back(socket);
    }
    awaiting_picture_.insert(socket);
    startPictures();
    return {0, "", "", {}};
}

void CompanionServer::startPictures() {
    while (pictures_active_ < painters_->maxThreadCount() && !pictures_order_.empty()) {
        const PictureAsk ask = pictures_order_.front();
        pictures_order_.pop_front();
        Waiting waiting = std::move(pictures_asked_[ask]);
        pictures_asked_.erase(ask);
        waiting.erase(std::remove_if(waiting.begin(), waiting.end(), [this](const QPointer<QTcpSocket>& s) { return !s || !pending_.contains(s); }),
                      waiting.end());
        if (waiting.empty()) continue;  // every asker gave up or timed out
        const int width = ask.first;  // not a structured binding: clang 14 lets no lambda capture one
        const int view = ask.second;
        // Drawn as the game is now, whatever version it was asked at: a newer picture is no worse,
        // and a game that changes faster than it is drawn queues nothing old.
        const std::size_t version = game_.version();
        const std::string own = view == TableGame::kUmpire ? "drawn" : "own";
        if (const std::string* png = board_.find(version, width, view)) {
            for (const auto& socket : waiting) finish(socket, {200, "image/png", *png, {{"X-Board-Cache", own}}});
            continue;
        }
        Waiting& joined = pictures_drawing_[PictureJob{version, width, view}];
        const bool under_way = !joined.empty();
        joined.insert(joined.end(), waiting.begin(), waiting.end());
        if (under_way) continue;
        TableGame::BoardDrawing draw;
        try {
            draw = game_.board_drawing(view);  // the copy of what the picture shows, made on this thread
        } catch (const std::exception& error) {
            const int status = dynamic_cast<const ApiError*>(&error) != nullptr ? static_cast<const ApiError&>(error).status : 500;
            if (status == 500) spdlog::error("companion: the board picture could not be copied: {}", error.what());
            const std::string body = error_body(status, status == 500 ? std::string(kInternalError) : std::string(error.what()));
            for (const auto& socket : joined)
                if (socket && pending_.contains(socket)) finish(socket, {status, "application/json", body, {}});
            pictures_drawing_.erase(PictureJob{version, width, view});
            continue;
        }
        ++pictures_active_;
        const std::uint64_t generation = picture_generation_;
        painters_->start([this, draw = std::move(draw), generation, version, width, view] {
            // On the worker: reads only its copy. Its answer goes back to the server's thread.
            QByteArray png;
            std::string failure;
            try {
                png = TableGame::png_of(draw(width));
            } catch (const std::exception& error) {
                failure = error.what();
            } catch (...) {
                failure = "an exception that is not a std::exception";
            }
            QMetaObject::invokeMethod(
                this, [this, generation, version, width, view, png, failure] { pictureDrawn(generation, version, width, view, png, failure); },
                Qt::QueuedConnection);
        });
    }
}

void CompanionServer::pictureDrawn(std::uint64_t generation, std::size_t version, int width, int view, const QByteArray& png,
                                   const std::string& failure) {
    // A Qt slot (a queued call): nothing may leave it.
    try {
        --pictures_active_;
        const auto job = pictures_drawing_.find(PictureJob{version, width, view});
        Waiting waiting;
        if (job != pictures_drawing_.end()) {
            waiting = std::move(job->second);
            pictures_drawing_.erase(job);
        }
        Reply reply{200, "image/png", png.toStdString(), {{"X-Board-Cache", view == TableGame::kUmpire ? "drawn" : "own"}}};
        if (!failure.empty()) {
            spdlog::error("companion: drawing the board picture at {} px failed: {}", width, failure);
            reply = {500, "application/json", error_body(500, kInternalError), {}};
        } else if (generation == picture_generation_) {
            board_.put(version, width, view, reply.body);  // not a picture of another game's version
        }
        for (const auto& socket : waiting)
            if (socket && pending_.contains(socket)) finish(socket, reply);
    } catch (const std::exception& error) {
        spdlog::error("companion: answering a board picture failed: {}", error.what());
    }
    try {
        startPictures();
    } catch (const std::exception& error) {
        spdlog::error("companion: starting a board picture failed: {}", error.what());
    }
}

json CompanionServer::reissueCodes(const std::vector<std::string>& who) {
    std::vector<std::string> names = who.empty() ? codes_->side_ids() : who;
    // Every name is checked before a code changes: a refusal changes nothing.
    for (const std::string& name : names)
        if (name != "umpire" && std::find(codes_->side_ids().begin(), codes_->side_ids().end(), name) == codes_->side_ids().end())
            throw ApiError(404, "there is no side '" + cut_text(name, 32) + "' (nor is it 'umpire') to issue a code for");
    json fresh = json::object();
    for (const std::string& name : names) fresh[name] = codes_->reissue(name);
    for (Page& page : pages_) {
        const std::string holder = page.caller.role == Caller::Role::Umpire ? "umpire" : page.caller.role == Caller::Role::Player ? page.caller.name : "";
        if (holder.empty() || !fresh.contains(holder)) continue;
        page.caller = Caller{Caller::Role::Spectator, -1, "spectator"};
        const json told{{"type", "error"}, {"status", 401}, {"revoked", true},
                        {"error", toldIn("the umpire issued a new join code for " + holder + "; this page watches until you join with it", page.language)}};
        page.socket->sendTextMessage(qs(dump_json(told)));
    }
    std::string list;
    for (const std::string& name : names) list += (list.empty() ? "" : ", ") + name;
    spdlog::info("companion: new join codes for {}", list);  // the codes themselves stay out of the log
    emit codesChanged();
    return fresh;
}

json CompanionServer::applyFrom(const json& action, const std::string& by, const QString& client) {
    // The app's document announces the change while it applies (and this server pushes it
    // then): the sender is known before the journal line exists.
    in_flight_ = InFlight{by, game_.version()};
    // Who sent it is the server's record, written into the journal's line with the action
    // (check_permission refuses a client's own "by"); undo and redo are not actions.
    json stamped = action;
    const std::string kind_key = game_.player_actions().kind_key;
    const std::string kind = action.is_object() && action.contains(kind_key) && action[kind_key].is_string() ? action[kind_key].get<std::string>() : "";
    if (kind != "undo" && kind != "redo") stamped["by"] = by;
    json line;
    try {
        line = game_.apply(stamped);
    } catch (...) {
        in_flight_.reset();
        throw;
    }
    attribute(line, by, client);
    in_flight_.reset();
    return line;
}

void CompanionServer::attribute(const json& line, const std::string& by, const QString& client) {
    const int seq = line.value("seq", 0);
    senders_[seq] = by;
    const std::string summary = line.value("summary", std::string());
    spdlog::info("companion: #{} by {} from {}: {}", seq, by, ss(client), summary);
    if (attribution_) {
        const json entry{{"seq", seq}, {"by", by}, {"peer", ss(client)}, {"do", line.value("do", std::string())},
                         {"summary", summary}, {"at", ss(QDateTime::currentDateTimeUtc().toString(Qt::ISODateWithMs))}};
        attribution_->write(QByteArray::fromStdString(dump_json(entry) + "\n"));
        // On the disk before the page hears back, as the journal line it attributes is.
        if (!attribution_->flush() || platform::sync_file(attribution_->handle()) != 0)
            spdlog::warn("companion: the attribution log {} did not reach the disk", ss(attribution_->fileName()));
    }
    emit networkAction(qs(by), qs(summary));
}

json CompanionServer::annotate(json lines) const {
    for (json& line : lines) {
        if (line.contains("fog")) continue;  // a line the fog of war hides says nothing of who sent it
        const int seq = line.value("seq", 0);
        const auto it = senders_.find(seq);
        if (it != senders_.end()) line["by"] = it->second;
        else if (in_flight_ && seq > static_cast<int>(in_flight_->version)) line["by"] = in_flight_->by;
        else if (line.contains("input") && line["input"].is_object() && line["input"].contains("by") && line["input"]["by"].is_string())
            line["by"] = line["input"]["by"];  // journaled by this server before a restart, or by the desk's opponent
        else if (!(line.contains("by") && line["by"].is_string())) line["by"] = "desk";  // the other systems keep "by" on the line
    }
    return lines;
}

void CompanionServer::setFogStrengths(FogStrengths strengths) {
    if (strengths == game_.fog_strengths()) return;
    game_.set_fog_strengths(strengths);
    spdlog::info("companion: under the fog, enemy strengths {}", to_string(strengths));
    push(true);
}

void CompanionServer::setFog(bool on) {
    game_.set_fog(on);
    spdlog::info("companion: fog of war {}", on ? "on" : "off");
    push(true);
    emit fogChanged(on);
}

int CompanionServer::viewerOf(const Caller& caller) {
    if (caller.role == Caller::Role::Umpire) return TableGame::kUmpire;
    if (caller.role == Caller::Role::Player) return caller.side;
    return TableGame::kNoSide;
}

json CompanionServer::requestsJson(int viewer) const {
    json list = json::array();
    const auto ids = game_.has_game() ? game_.side_ids() : std::vector<std::string>{};
    for (const RollRequest& r : rolls_) {
        if (game_.hides(r.action, viewer)) continue;
        list.push_back({{"id", r.id},
                        {"side", r.side < static_cast<int>(ids.size()) ? ids[static_cast<std::size_t>(r.side)] : ""},
                        {"action", r.action},
                        {"summary", r.preview.summary},
                        {"roll_kind", r.preview.roll_kind},
                        {"roll_slot", r.preview.roll_slot},
                        {"odds", r.preview.odds},
                        {"entered", r.value ? *r.value : json(nullptr)},
                        {"note", r.note}});
    }
    return list;
}

json CompanionServer::proposalsJson(const Caller& caller) const {
    json list = json::array();
    const auto ids = game_.side_ids();
    for (const Proposal& p : proposals_) {
        if (caller.role == Caller::Role::Spectator || (caller.role == Caller::Role::Player && caller.side != p.side)) continue;
        list.push_back({{"id", p.id}, {"side", ids[static_cast<std::size_t>(p.side)]}, {"action", p.action},
                        {"summary", p.preview.summary}, {"roll_kind", p.preview.roll_kind}, {"odds", p.preview.odds},
                        {"unavailable", p.preview.unavailable}, {"note", p.note}});
    }
    return list;
}

json CompanionServer::snapshot(const Caller& caller, std::optional<std::size_t> since) const {
    json snap{{"role", caller.role == Caller::Role::Umpire ? "umpire" : caller.role == Caller::Role::Player ? "player" : "spectator"},
              {"name", caller.name}};
    if (!game_.has_game()) {
        snap["state"] = nullptr;
        return snap;
    }
    const int viewer = viewerOf(caller);
    snap["state"] = game_.public_state(viewer);
    const std::size_t total = game_.version();
    std::size_t first = total > kHelloLines ? total - kHelloLines : 0;
    if (since && *since <= total && *since >= first) first = *since;  // the page has the rest
    snap["journal"] = annotate(game_.journal_from(first, static_cast<std::size_t>(-1), viewer));
    snap["journal_first"] = first;  // the index of the first line sent: older ones by GET /api/journal
    snap["journal_total"] = total;
    snap["game"] = game_token_;
    snap["requests"] = requestsJson(viewer);
    if (caller.role == Caller::Role::Spectator) return snap;
    snap["proposals"] = proposalsJson(caller);
    snap["units"] = unitsFor(caller);
    if (caller.role == Caller::Role::Player) snap["side"] = caller.name;
    return snap;
}

json CompanionServer::unitsFor(const Caller& caller) const {
    json units = json::object();
    const auto ids = game_.side_ids();
    for (std::size_t side = 0; side < ids.size(); ++side)
        if (caller.role == Caller::Role::Umpire || caller.side == static_cast<int>(side)) units[ids[side]] = game_.units_of(static_cast<int>(side));
    return units;
}

void CompanionServer::gameChanged() { push(false); }

void CompanionServer::gameReplaced() {
    // Another battle: its journal starts anew, so the old senders, requests and proposals go;
    // the join codes stay (by side order) so that the phones at the table stay joined.
    senders_.clear();
    rolls_.clear();
    proposals_.clear();
    board_.clear();  // the new game's versions count from its own journal
    ++picture_generation_;  // and a picture of the old game being drawn is not kept
    game_token_ = new_game_token();
    if (game_.has_game()) {
        const auto ids = game_.side_ids();
        auto side_codes = codes_->side_codes();
        if (side_codes.size() != ids.size()) side_codes = JoinCodes(ids).side_codes();
        codes_ = std::make_unique<JoinCodes>(ids, side_codes, codes_->umpire());
    }
    pushed_version_ = std::numeric_limits<std::size_t>::max();
    push(true);
}

void CompanionServer::push(bool force) {
    // Called from Qt slots (the desk's changes) and after every API call: a failure to push is
    // logged, and the pages, missing a numbered update, reconnect for a fresh snapshot.
    try {
        pushUpdate(force);
    } catch (const std::exception& error) {
        spdlog::error("companion: pushing an update to the pages failed: {}", error.what());
    }
}

void CompanionServer::pushUpdate(bool force) {
    const std::size_t version = game_.version();
    if (!force && version == pushed_version_) return;
    // Journal lines the pages have not had; a shorter journal means another game: all of it.
    const bool reset = version < pushed_version_;
    if (reset) senders_.clear();
    // Another game's journal is paged as a hello's is: its last lines, older ones on request.
    const std::size_t first = reset ? (version > kHelloLines ? version - kHelloLines : 0) : pushed_version_;
    const json lines = annotate(game_.has_game() ? game_.journal_from(first) : json::array());
    pushed_version_ = version;
    ++pushes_;
    json update{{"type", "update"}, {"n", pushes_}, {"version", version}, {"reset", reset}, {"journal", lines}, {"journal_first", first}};
    if (reset) update["game"] = game_token_;
    if (game_.has_game()) {
        update["state"] = game_.public_state();
        update["requests"] = requestsJson();
    }
    // The update every spectator gets, told once per language the pages read.
    std::map<std::string, QString> shared;
    for (const Page& page : pages_) {
        if (page.closing) continue;
        const int viewer = viewerOf(page.caller);
        const bool fogged = game_.fogged_for(viewer);
        if (!fogged && (page.caller.role == Caller::Role::Spectator || !game_.has_game())) {
            auto told = shared.find(page.language);
            if (told == shared.end()) told = shared.emplace(page.language, qs(dump_json(toldIn(update, page.language)))).first;
            page.socket->sendTextMessage(told->second);
            continue;
        }
        json mine = update;
        if (fogged) {
            // What this page's side may know: its own view of the state, the lines and the requests.
            mine["state"] = game_.public_state(viewer);
            mine["journal"] = annotate(game_.journal_from(first, static_cast<std::size_t>(-1), viewer));
            mine["requests"] = requestsJson(viewer);
            if (page.caller.role == Caller::Role::Spectator) {
                page.socket->sendTextMessage(qs(dump_json(toldIn(std::move(mine), page.language))));
                continue;
            }
        }
        mine["proposals"] = proposalsJson(page.caller);
        mine["units"] = unitsFor(page.caller);
        page.socket->sendTextMessage(qs(dump_json(toldIn(std::move(mine), page.language))));
    }
}

}  // namespace fortuna::companion
