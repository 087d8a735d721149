// SPDX-License-Identifier: MIT
// The companion's network messages without Qt: HTTP requests, bodies, join codes, who may do what.
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <functional>
#include <list>
#include <map>
#include <optional>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

#include <nlohmann/json.hpp>

#include "fortuna/seam/game_session.hpp"

namespace fortuna::companion {

// Sizes and rates a listening companion accepts. The defaults carry a table of players
// comfortably (30 pages and 10 actions a second, docs/companion.md) and refuse more.
struct Limits {
    std::size_t header_bytes = 8 * 1024;   // request line and headers
    std::size_t header_count = 64;
    std::size_t body_bytes = 16 * 1024;    // one action object is a few hundred bytes
    std::size_t message_bytes = 4 * 1024;  // one WebSocket message from a page
    int connections = 256;                 // open sockets, HTTP and WebSocket together
    // A table's phones often share one address (the club's router), so one address is
    // limited by kind: a phone holding requests open cannot keep the table's pages out, a
    // phone opening pages without a code cannot keep the players (with codes) out, and one
    // code's pages cannot fill the address (docs/companion.md, Security, Limits).
    int requests_per_client = 32;          // HTTP requests not yet answered (each has 10 s to arrive)
    int pages_per_client = 96;             // live pages from one address
    int pages_without_code_per_client = 48;  // of those, watching without a code: a new one closes the oldest
    int pages_per_code = 16;               // pages joined with one code, from any address
    int idle_seconds = 120;                // a page that sends nothing (a ping will do) this long is closed
    double requests_per_second = 40;       // per client address, refilled continuously
    double request_burst = 120;
    // The board picture has a bucket of its own: a table of 30 phones behind one router each
    // refreshing it (at most once a second, the page) never takes the actions' and state's
    // tokens, and a guest asking for pictures cannot starve the players' requests.
    double pictures_per_second = 60;
    double picture_burst = 120;
};

// A refusal with its HTTP status and a message for the person (400, 401, 403, 404, 409, 413...).
struct ApiError : std::runtime_error {
    ApiError(int status_code, const std::string& message) : std::runtime_error(message), status(status_code) {}
    int status;
};

// Text from the network is UTF-8 or refused (docs/companion.md, Security): well-formed as RFC 3629
// says (no overlong forms, no surrogates, nothing above U+10FFFF).
bool valid_utf8(std::string_view text);
// At most `max_bytes` of the text, cut where a character begins, never inside one: every limit
// on a client's text (a note, a name quoted in a refusal) cuts with this.
std::string cut_text(std::string_view text, std::size_t max_bytes);
// JSON as text that cannot throw on a string that is not UTF-8 (each bad byte becomes U+FFFD):
// every answer and message built from what a client sent is written with it.
std::string dump_json(const nlohmann::json& value);

struct HttpRequest {
    std::string method;  // "GET"
    std::string path;    // "/api/state", without the query
    std::string query;   // "width=600", without '?'
    std::map<std::string, std::string> headers;  // names in lower case
    std::string body;
    std::string header(const std::string& lower_name) const;
    std::string query_value(std::string_view name) const;
};

// The result of reading a request from the bytes received so far.
struct HttpParse {
    enum class Status { Incomplete, Complete, Refused } status = Status::Incomplete;
    HttpRequest request;
    std::size_t consumed = 0;  // bytes of the buffer the request took (Complete)
    int refusal_status = 0;    // Refused: 400, 405, 413, 414, 431, 501
    std::string refusal;       // Refused: why, in words
};

// HTTP/1.1 request parsing with the limits checked before a byte of the body is stored:
// a Content-Length over the limit is refused at once (413), chunked bodies are not taken;
// a header value or a body that is not UTF-8 is refused (400, naming the header).
HttpParse parse_http_request(std::string_view buffer, const Limits& limits);

// Whether a WebSocket handshake's Origin is the page this server serves at that Host: exactly
// "http://" + Host, byte for byte (the same scheme, host and port, as a browser writes both);
// never "https://...", another port, "null", a trailing slash or an empty Origin.
bool own_page_origin(std::string_view origin, std::string_view host);

// A response with Connection: close (each request is its own connection; the live feed is a WebSocket).
std::string http_response(int status, std::string_view content_type, std::string_view body,
                          const std::vector<std::pair<std::string, std::string>>& extra_headers = {});
std::string_view reason_phrase(int status);
// The methods a path of the companion takes, for the Allow header of a 405: "GET", "POST",
// "GET, POST"; "" for a path that is not the page's nor the API's.
std::string allowed_methods(std::string_view path);
// {"error": message, "status": N} as the body of a refusal.
std::string error_body(int status, std::string_view message);

// One JSON object from a request body: 413 over the limit, 400 when it is not an object.
nlohmann::json parse_body_object(std::string_view body, const Limits& limits);

// "Bearer CODE" -> CODE; nothing for any other scheme.
std::optional<std::string> bearer_code(std::string_view authorization);

// Join codes: 80 random bits from the system (platform::fill_random) as 16 base-32 characters in groups
// of four ("K7QX-9MRT-2HBW-XE4N"), Crockford's alphabet, so a phone's typist cannot confuse 0/O or 1/I/L.
std::string new_join_code();
// Upper case, without the dashes and spaces people type.
std::string normalize_code(std::string_view code);
// Equal codes, in time that depends only on the lengths (no early exit on the first difference).
bool same_code(std::string_view a, std::string_view b);

// Who is asking: anyone on the network, a side's player (by side index), or the umpire.
struct Caller {
    enum class Role { Spectator, Player, Umpire } role = Role::Spectator;
    int side = -1;
    std::string name;  // "umpire", a side id, or "spectator"
};

class JoinCodes {
public:
    // One fresh code per side id and one for the umpire.
    explicit JoinCodes(const std::vector<std::string>& side_ids);
    JoinCodes(std::vector<std::string> side_ids, std::vector<std::string> side_codes, std::string umpire_code);
    // Compares the candidate with every code, always all of them, in constant time each.
    Caller identify(std::string_view code) const;
    const std::string& umpire() const { return umpire_; }
    const std::vector<std::string>& side_codes() const { return side_codes_; }
    const std::vector<std::string>& side_ids() const { return side_ids_; }
    nlohmann::json to_json() const;  // {"french": "...", "imperial": "...", "umpire": "..."}
    // Revokes the code of a side (its id) or of the umpire ("umpire") and issues a fresh one in
    // the same step, so that nobody, the umpire least of all, is ever left without a code; the
    // new code. ApiError 404 for a name that is neither.
    std::string reissue(std::string_view who);

private:
    std::vector<std::string> side_ids_;
    std::vector<std::string> side_codes_;
    std::string umpire_;
};

// The side a unit or general belongs to, or nothing when the battle has no such code.
using SideOf = std::function<std::optional<int>(std::string_view code)>;

// Whether the caller may apply (or propose) this action: the umpire anything but a "by" (who
// sent an action is the server's record, never a client's claim); a player only the kinds the
// rule system lists for players (GameSession::player_actions), with only their keys, naming a
// piece of their own side under one of the kind's acting keys (`owner` says whose a code is),
// so never an entered roll (their dice come through a roll request), an override, a "by" or a
// "why", and never the umpire's bookkeeping (end-phase, end-half, the wind, undo, set...).
// Throws ApiError: 400 malformed or an unknown piece, 401 a spectator, 403 not theirs.
void check_permission(const nlohmann::json& action, const Caller& caller, const PlayerActions& allowed, const SideOf& owner);
// The land games' list (land::land_player_actions) with units' and generals' sides apart: the
// first release's call, kept for its tests.
void check_permission(const nlohmann::json& action, const Caller& caller, const SideOf& unit_side, const SideOf& general_side);
// The keys a player's action of this kind may carry: "do" (or "action"), "note" where the system
// takes one, and the kind's own keys less those the umpire alone sets. Empty for a kind that is
// the umpire's alone. Without a list: the land games'.
std::vector<std::string> player_keys(const PlayerActions& allowed, std::string_view kind);
std::vector<std::string> player_keys(std::string_view kind);

// What a page may send on the WebSocket: {"type": "auth", "code": "...", "since": V, "game": "..."}
// or {"type": "ping"}. "since" and "game" (both or neither) say which journal lines the page has
// (those before line V of the game the server called "game"), so that it gets only what it missed.
struct SocketMessage {
    enum class Type { Auth, Ping } type = Type::Ping;
    std::string code;
    std::optional<std::size_t> since;
    std::string game;
};
// A journal line index given as text ("from", "since"): a whole number of at most 9 digits, or
// nothing (an empty text, or anything else).
std::optional<std::size_t> journal_index(std::string_view text);
SocketMessage parse_socket_message(std::string_view text, const Limits& limits);  // throws ApiError

// The board picture's widths: a page asks for its own, the server draws the next of these up
// (the page scales it down), so that a handful of pictures serve every phone at the table and a
// guest asking for changing widths draws nothing new (issue 27).
inline constexpr std::array<int, 5> kBoardWidths{360, 540, 720, 1080, 1600};
// The smallest of kBoardWidths at least `asked` wide; the largest for anything wider.
int snap_board_width(int asked);

// Pictures by game version, width and view, the most recently used kept: what a change of the
// game costs is one drawing per width (and view) asked for, whoever asks and however often. The
// view says whose picture it is (kEveryPiece, or a side's under fog of war), so that a side's
// picture is never served to another.
class PictureCache {
public:
    static constexpr int kEveryPiece = -2;
    explicit PictureCache(std::size_t capacity) : capacity_(capacity) {}
    // The picture for this version and width, drawn by `draw(width)` only when it is not kept.
    // `hit` says which.
    const std::string& get(std::size_t version, int width, const std::function<std::string(int)>& draw, bool* hit = nullptr);
    // The kept picture, or null (a found one becomes the most recently used).
    const std::string* find(std::size_t version, int width, int view = kEveryPiece);
    // Keeps a picture drawn elsewhere (the server draws on a worker thread), dropping the least
    // recently used beyond the capacity.
    const std::string& put(std::size_t version, int width, int view, std::string bytes);
    void clear() { entries_.clear(); }
    std::size_t size() const { return entries_.size(); }

private:
    struct Entry {
        std::size_t version;
        int width;
        int view;
        std::string bytes;
    };
    std::size_t capacity_;
    std::list<Entry> entries_;  // the most recently used first
};

// A token bucket per client address: `burst` requests at once, `rate` a second after that.
class RateLimiter {
public:
    RateLimiter(double rate_per_second, double burst) : rate_(rate_per_second), burst_(burst) {}
    // Takes one token for the client at time `now_seconds`; false when the bucket is empty.
    bool allow(const std::string& client, double now_seconds);
    // Seconds until the client has a token again.
    double retry_after(const std::string& client, double now_seconds) const;

private:
    struct Bucket {
        double tokens = 0;
        double updated = 0;
    };
    double rate_;
    double burst_;
    std::map<std::string, Bucket> buckets_;
};

}  // namespace fortuna::companion
