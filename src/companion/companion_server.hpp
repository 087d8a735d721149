// SPDX-License-Identifier: MIT
// Serves one game to the table over HTTP and a WebSocket feed, from the process that holds it.
#pragma once

#include <QElapsedTimer>
#include <QFile>
#include <QHash>
#include <QHostAddress>
#include <QObject>
#include <QPointer>
#include <QSet>
#include <QString>
#include <QWebSocketProtocol>

#include <deque>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <tuple>
#include <utility>
#include <vector>

#include <nlohmann/json.hpp>

#include "companion_protocol.hpp"
#include "page_languages.hpp"
#include "table_game.hpp"

class QTcpServer;
class QTimer;
class QTcpSocket;
class QThreadPool;
class QWebSocket;
class QWebSocketServer;

namespace fortuna::companion {

// A physical roll the umpire asks one side for: the pending action, its exact odds, and
// the value the side's player typed once they have rolled.
struct RollRequest {
    int id = 0;
    int side = 0;
    nlohmann::json action;
    Preview preview;
    std::optional<nlohmann::json> value;  // the entered roll, as the action's "roll"
    std::string note;
};

// An action a player asks for; the umpire accepts (applies it) or declines.
struct Proposal {
    int id = 0;
    int side = 0;
    nlohmann::json action;
    Preview preview;
    std::string note;
};

class CompanionServer : public QObject {
    Q_OBJECT
public:
    CompanionServer(TableGame game, Limits limits = {}, QObject* parent = nullptr);
    ~CompanionServer() override;

    // Listens on the address the umpire picked (port 0: any free port). Throws
    // std::runtime_error naming the address and Qt's reason when it cannot.
    void listen(const QHostAddress& address, quint16 port);
    void close();
    bool isListening() const;
    quint16 port() const;
    QString url() const;  // "http://127.0.0.1:8700/"
    const JoinCodes& codes() const { return *codes_; }
    int pages() const { return static_cast<int>(pages_.size()); }

    // Every action from the network is appended here as one JSON line {seq, by, peer, at,
    // do, summary} and fsynced before the reply, beside the game's own journal (which has
    // no field for the sender yet). Throws std::runtime_error when the file cannot be opened.
    void setAttributionLog(const QString& file);

    // The languages the pages may be served in (page_languages.hpp): each page and request is
    // answered in its own, whatever the desk's. By default those of default_data_dir(); the
    // command line gives its --data folder's. Read once per process and folder.
    void setLanguages(std::shared_ptr<const PageLanguages> languages);

    // Revokes the join codes of these (side ids, or "umpire") and issues fresh ones in the same
    // step; none named: every side's (the umpire's is asked for by name, so that the umpire's
    // own page is not dropped by accident). The new codes, {"french": "..."}. Every page
    // joined with a revoked code is told (an error message, "revoked": true) and watches as a
    // spectator from then on; an HTTP call with it is refused 401. ApiError 404 for a name that
    // is neither a side nor "umpire" (and then no code changes).
    nlohmann::json reissueCodes(const std::vector<std::string>& who);

    // Fog of war (fortuna/fog_of_war.hpp), the umpire's choice, off by default: each side's pages
    // are sent only their own pieces and those they see, a spectator's none; the umpire's all.
    // ApiError 409 naming why for a system that measures no sight. Every page is sent its view.
    void setFog(bool on);
    bool fog() const { return game_.fog(); }
    // Under the fog, what a side is told of the enemy units it sees: hidden (the default) or their
    // state and strength rounded (fortuna/fog_of_war.hpp). Every page is sent its view.
    void setFogStrengths(FogStrengths strengths);
    FogStrengths fogStrengths() const { return game_.fog_strengths(); }

public slots:
    // The game changed (an action at the desk, an undo, another battle): push it to every page.
    void gameChanged();
    // Another game is open at the desk: every page starts over from its journal.
    void gameReplaced();

signals:
    void networkAction(const QString& by, const QString& summary);
    void pagesChanged(int pages);
    void codesChanged();
    void fogChanged(bool on);

private:
    struct Reply {
        int status = 200;
        std::string content_type = "application/json";
        std::string body;
        std::vector<std::pair<std::string, std::string>> headers;
    };
    struct Page {
        QWebSocket* socket = nullptr;
        Caller caller;
        QString client;
        bool watch_only = false;  // no Origin: not a browser's page, so it watches and never joins
        double heard = 0;         // when it last sent a message (now()): idle pages are closed
        bool closing = false;     // closed by the server, gone at its disconnected signal
        std::string language;     // its words' language ("" English): ?language= on /api/live, else Accept-Language
    };

    void acceptConnections();
    // The Qt slots readRequest, acceptPage, pageMessage and push let no exception out: a
    // failure is logged and answered 500 (or the page closed) with no internal text.
    void readRequest(QTcpSocket* socket);
    void handleRequest(QTcpSocket* socket);
    void failRequest(QTcpSocket* socket, const char* what);
    void finish(QTcpSocket* socket, const Reply& reply);
    void upgrade(QTcpSocket* socket, const HttpRequest& request);
    void acceptPage();
    void pageMessage(QWebSocket* socket, const QString& text);
    // A reply of status 0 is on its way: the socket waits for a board picture (answerPicture).
    Reply route(const HttpRequest& request, const QString& client, QTcpSocket* socket);
    Reply api(const HttpRequest& request, const QString& client, QTcpSocket* socket, const std::string& language);
    // The language a request is answered in: its ?language=, else its Accept-Language, else English.
    std::string languageOf(const HttpRequest& request) const;
    // A document as a page of this language reads it (tell(), page_languages.hpp); itself in English.
    nlohmann::json toldIn(nlohmann::json document, const std::string& language) const;
    std::string toldIn(const std::string& text, const std::string& language) const;
    // The board picture, GET /api/board.png: from the cache at once, or the socket waits for the
    // drawing of its (version, width, view) on the worker thread, one at a time, shared by every
    // request waiting for the same picture; the main thread meanwhile answers and pushes.
    Reply boardPicture(int width, int view, QTcpSocket* socket);
    void startPictures();
    void pictureDrawn(std::uint64_t generation, std::size_t version, int width, int view, const QByteArray& png, const std::string& failure);
    Reply staticFile(const std::string& path) const;
    Caller callerOf(const HttpRequest& request) const;
    Caller requireCaller(const HttpRequest& request) const;  // 401 for no or an unknown code
    bool hostAllowed(const std::string& host) const;
    // Applies an action from the network through the game's holder and records who sent it.
    nlohmann::json applyFrom(const nlohmann::json& action, const std::string& by, const QString& client);
    void attribute(const nlohmann::json& line, const std::string& by, const QString& client);
    void push(bool force);
    void pushUpdate(bool force);
    // What a page sees on joining: the journal's last lines (kHelloLines), or only those after
    // `since` when the page has the rest of this game's journal.
    nlohmann::json snapshot(const Caller& caller, std::optional<std::size_t> since = std::nullopt) const;
    nlohmann::json unitsFor(const Caller& caller) const;
    // Roll requests; under fog of war, a player or spectator is not told of one naming a piece
    // they do not see.
    nlohmann::json requestsJson(int viewer = TableGame::kUmpire) const;
    static int viewerOf(const Caller& caller);
    nlohmann::json proposalsJson(const Caller& caller) const;
    nlohmann::json annotate(nlohmann::json lines) const;
    int requestsFrom(const QString& client) const;
    // Makes room for one more page from this address, or says why there is none.
    std::string admitPage(const QString& client);
    void closeIdlePages();
    void closePage(Page& page, QWebSocketProtocol::CloseCode code, const QString& reason);
    double now() const;

    TableGame game_;
    Limits limits_;
    std::unique_ptr<JoinCodes> codes_;
    QTcpServer* tcp_ = nullptr;
    QWebSocketServer* websockets_ = nullptr;
    QTimer* idle_check_ = nullptr;
    QHash<QTcpSocket*, QByteArray> pending_;  // requests still arriving
    QHash<QTcpSocket*, QString> pending_clients_;
    std::vector<Page> pages_;
    RateLimiter requests_;
    RateLimiter pictures_;  // GET /api/board.png, by address (Limits::pictures_per_second)
    QElapsedTimer clock_;
    std::map<std::string, std::pair<QString, QByteArray>> files_;  // path -> content type, bytes
    std::vector<RollRequest> rolls_;
    std::vector<Proposal> proposals_;
    int next_id_ = 1;
    std::map<int, std::string> senders_;  // journal seq -> who sent it from the network
    struct InFlight {
        std::string by;
        std::size_t version = 0;  // journal lines before the action
    };
    std::optional<InFlight> in_flight_;
    std::size_t pushed_version_ = 0;
    std::uint64_t pushes_ = 0;  // numbered so that a page can see that it missed none
    std::string game_token_;    // names this game's journal to the pages: another game, another name
    // Every width of this version for everyone and for two sides and a spectator under fog, and one to spare.
    PictureCache board_{kBoardWidths.size() * 4 + 1};
    // Pictures on their way: asked for (width, view), drawn for the game's version when a worker
    // is free (so a queue of old versions never builds up), then being drawn (version, width, view).
    using PictureAsk = std::pair<int, int>;                      // width, view
    using PictureJob = std::tuple<std::size_t, int, int>;        // version, width, view
    using Waiting = std::vector<QPointer<QTcpSocket>>;
    std::map<PictureAsk, Waiting> pictures_asked_;
    std::deque<PictureAsk> pictures_order_;
    std::map<PictureJob, Waiting> pictures_drawing_;
    QSet<QTcpSocket*> awaiting_picture_;  // read no more from these: their request is in hand
    std::uint64_t picture_generation_ = 0;  // another game: pictures of the old one are not kept
    int pictures_active_ = 0;
    std::unique_ptr<QThreadPool> painters_;
    std::unique_ptr<QFile> attribution_;
    std::shared_ptr<const PageLanguages> languages_;
};

}  // namespace fortuna::companion
