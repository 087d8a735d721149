// SPDX-License-Identifier: MIT
// The companion's network messages without Qt: HTTP requests, bodies, join codes, who may do what.
#include "companion_protocol.hpp"

#include <algorithm>
#include <array>
#include <cctype>
#include <charconv>
#include <set>

#include "fortuna/land/actions.hpp"
#include "fortuna/core/errors.hpp"
#include "fortuna/land/system.hpp"
#include "fortuna/seam/library.hpp"
#include "fortuna/core/platform.hpp"

namespace fortuna::companion {
namespace {

std::string lower(std::string_view text) {
    std::string out(text);
    std::transform(out.begin(), out.end(), out.begin(), [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
    return out;
}

std::string_view trim(std::string_view text) {
    while (!text.empty() && (text.front() == ' ' || text.front() == '\t')) text.remove_prefix(1);
    while (!text.empty() && (text.back() == ' ' || text.back() == '\t')) text.remove_suffix(1);
    return text;
}

// RFC 9110 token characters: what a method or header name may contain.
bool is_token(std::string_view text) {
    if (text.empty()) return false;
    return std::all_of(text.begin(), text.end(), [](unsigned char c) {
        return std::isalnum(c) || std::string_view("!#$%&'*+-.^_`|~").find(static_cast<char>(c)) != std::string_view::npos;
    });
}

bool continuation(char c) { return (static_cast<unsigned char>(c) & 0xC0U) == 0x80U; }

HttpParse refuse(int status, std::string message) {
    HttpParse parse;
    parse.status = HttpParse::Status::Refused;
    parse.refusal_status = status;
    parse.refusal = std::move(message);
    return parse;
}

}  // namespace

bool valid_utf8(std::string_view text) {
    std::size_t i = 0;
    while (i < text.size()) {
        const auto lead = static_cast<unsigned char>(text[i]);
        if (lead < 0x80) {
            ++i;
            continue;
        }
        // RFC 3629, section 4: the second byte's range excludes overlong forms (E0, F0),
        // surrogates (ED) and code points above U+10FFFF (F4).
        if (lead < 0xC2 || lead > 0xF4) return false;  // a continuation byte, or C0, C1, F5-FF: never a lead
        const std::size_t length = lead <= 0xDF ? 2U : lead <= 0xEF ? 3U : 4U;
        const unsigned low = lead == 0xE0 ? 0xA0U : lead == 0xF0 ? 0x90U : 0x80U;
        const unsigned high = lead == 0xED ? 0x9FU : lead == 0xF4 ? 0x8FU : 0xBFU;
        if (text.size() - i < length) return false;
        const unsigned second = static_cast<unsigned char>(text[i + 1]);
        if (second < low || second > high) return false;
        for (std::size_t k = 2; k < length; ++k)
            if (!continuation(text[i + k])) return false;
        i += length;
    }
    return true;
}

std::string cut_text(std::string_view text, std::size_t max_bytes) {
    if (text.size() <= max_bytes) return std::string(text);
    std::size_t end = max_bytes;
    // A character is at most 4 bytes: back over at most 3 continuation bytes to where it begins.
    for (int k = 0; k < 3 && end > 0 && continuation(text[end]); ++k) --end;
    return std::string(text.substr(0, end));
}

std::string dump_json(const nlohmann::json& value) { return value.dump(-1, ' ', false, nlohmann::json::error_handler_t::replace); }

std::string HttpRequest::header(const std::string& lower_name) const {
    const auto it = headers.find(lower_name);
    return it == headers.end() ? std::string() : it->second;
}

std::string HttpRequest::query_value(std::string_view name) const {
    std::string_view rest = query;
    while (!rest.empty()) {
        const auto amp = rest.find('&');
        const std::string_view pair = rest.substr(0, amp);
        const auto eq = pair.find('=');
        if (pair.substr(0, eq) == name) return eq == std::string_view::npos ? std::string() : std::string(pair.substr(eq + 1));
        if (amp == std::string_view::npos) break;
        rest.remove_prefix(amp + 1);
    }
    return {};
}

HttpParse parse_http_request(std::string_view buffer, const Limits& limits) {
    const auto head_end = buffer.find("\r\n\r\n");
    if (head_end == std::string_view::npos) {
        if (buffer.size() > limits.header_bytes) return refuse(431, "the request headers exceed " + std::to_string(limits.header_bytes) + " bytes");
        return {};
    }
    if (head_end + 4 > limits.header_bytes) return refuse(431, "the request headers exceed " + std::to_string(limits.header_bytes) + " bytes");
    std::string_view head = buffer.substr(0, head_end);
    const auto line_end = head.find("\r\n");
    const std::string_view request_line = head.substr(0, line_end);
    head = line_end == std::string_view::npos ? std::string_view() : head.substr(line_end + 2);

    HttpParse parse;
    HttpRequest& request = parse.request;
    const auto space1 = request_line.find(' ');
    const auto space2 = space1 == std::string_view::npos ? space1 : request_line.find(' ', space1 + 1);
    if (space2 == std::string_view::npos || request_line.find(' ', space2 + 1) != std::string_view::npos)
        return refuse(400, "the request line is not 'METHOD /path HTTP/1.1'");
    request.method = std::string(request_line.substr(0, space1));
    const std::string_view target = request_line.substr(space1 + 1, space2 - space1 - 1);
    const std::string_view version = request_line.substr(space2 + 1);
    if (!is_token(request.method)) return refuse(400, "the request method is not a word");
    if (version != "HTTP/1.1" && version != "HTTP/1.0") return refuse(400, "only HTTP/1.0 and HTTP/1.1 are spoken here");
    if (target.empty() || target.front() != '/') return refuse(400, "the request target must be a path starting with '/'");
    if (target.size() > 2048) return refuse(414, "the request path exceeds 2048 bytes");
    for (const char ch : target)
        if (const auto c = static_cast<unsigned char>(ch); c <= 0x20 || c >= 0x7f) return refuse(400, "the request path holds a control or non-ASCII byte");
    const auto question = target.find('?');
    request.path = std::string(target.substr(0, question));
    if (question != std::string_view::npos) request.query = std::string(target.substr(question + 1));

    while (!head.empty()) {
        const auto end = head.find("\r\n");
        const std::string_view line = head.substr(0, end);
        head = end == std::string_view::npos ? std::string_view() : head.substr(end + 2);
        const auto colon = line.find(':');
        if (colon == std::string_view::npos || !is_token(line.substr(0, colon)))
            return refuse(400, "a header line is not 'Name: value'");
        if (request.headers.size() >= limits.header_count)
            return refuse(431, "more than " + std::to_string(limits.header_count) + " headers");
        const std::string name = lower(line.substr(0, colon));
        const std::string_view value = trim(line.substr(colon + 1));
        for (const char c : value)
            if (static_cast<unsigned char>(c) < 0x20 && c != '\t') return refuse(400, "the header '" + name + "' holds a control byte");
        // Host, Origin and the rest reach messages, logs and the JSON of replies: UTF-8 or nothing.
        if (!valid_utf8(value)) return refuse(400, "the header '" + name + "' is not UTF-8 text");
        if (request.headers.count(name) && (name == "content-length" || name == "authorization" || name == "host"))
            return refuse(400, "the header '" + name + "' is given twice");
        auto& slot = request.headers[name];
        slot = slot.empty() ? std::string(value) : slot + ", " + std::string(value);
    }

    if (request.headers.count("transfer-encoding"))
        return refuse(501, "chunked or encoded bodies are not accepted: send Content-Length");
    std::size_t length = 0;
    if (const auto it = request.headers.find("content-length"); it != request.headers.end()) {
        const std::string& text = it->second;
        const auto [ptr, error] = std::from_chars(text.data(), text.data() + text.size(), length);
        if (text.empty() || error != std::errc() || ptr != text.data() + text.size())
            return refuse(400, "Content-Length is not a whole number of bytes");
        if (length > limits.body_bytes)
            return refuse(413, "the body of " + text + " bytes exceeds the limit of " + std::to_string(limits.body_bytes) + " bytes");
    }
    const std::size_t body_start = head_end + 4;
    if (buffer.size() - body_start < length) return {};  // the body is still arriving
    request.body = std::string(buffer.substr(body_start, length));
    if (!valid_utf8(request.body)) return refuse(400, "the body is not UTF-8 text: expected one JSON object");
    parse.status = HttpParse::Status::Complete;
    parse.consumed = body_start + length;
    return parse;
}

bool own_page_origin(std::string_view origin, std::string_view host) {
    constexpr std::string_view scheme = "http://";
    return !host.empty() && origin.size() == scheme.size() + host.size() && origin.substr(0, scheme.size()) == scheme &&
           origin.substr(scheme.size()) == host;
}

std::string_view reason_phrase(int status) {
    switch (status) {
    case 101: return "Switching Protocols";
    case 200: return "OK";
    case 201: return "Created";
    case 204: return "No Content";
    case 304: return "Not Modified";
    case 400: return "Bad Request";
    case 401: return "Unauthorized";
    case 403: return "Forbidden";
    case 404: return "Not Found";
    case 405: return "Method Not Allowed";
    case 408: return "Request Timeout";
    case 409: return "Conflict";
    case 413: return "Content Too Large";
    case 414: return "URI Too Long";
    case 429: return "Too Many Requests";
    case 431: return "Request Header Fields Too Large";
    case 500: return "Internal Server Error";
    case 501: return "Not Implemented";
    case 503: return "Service Unavailable";
    default: return "Unknown";
    }
}

std::string allowed_methods(std::string_view path) {
    if (path.rfind("/api/", 0) != 0) return "GET";  // the page's files (or a 404 read with GET)
    std::string_view rest = path.substr(5);
    if (!rest.empty() && rest.back() == '/') rest.remove_suffix(1);
    const auto slash = rest.find('/');
    const std::string_view what = rest.substr(0, slash);
    const bool deeper = slash != std::string_view::npos;
    if (what == "state" || what == "me" || what == "journal" || what == "board.png" || what == "live" || what == "words")
        return deeper ? "" : "GET";
    if (what == "actions") return deeper ? "" : "POST";
    if (what == "rolls" || what == "proposals") return deeper ? "POST" : "GET, POST";
    if (what == "fog") return deeper ? "" : "GET, POST";
    if (what == "codes") return deeper ? "POST" : "";
    return "";
}

std::string http_response(int status, std::string_view content_type, std::string_view body,
                          const std::vector<std::pair<std::string, std::string>>& extra_headers) {
    std::string out = "HTTP/1.1 " + std::to_string(status) + " " + std::string(reason_phrase(status)) + "\r\n";
    if (!content_type.empty()) out += "Content-Type: " + std::string(content_type) + "\r\n";
    out += "Content-Length: " + std::to_string(body.size()) + "\r\n";
    out += "Connection: close\r\nCache-Control: no-store\r\nX-Content-Type-Options: nosniff\r\n";
    // The page loads nothing from elsewhere, so it works offline and cannot be made to.
    // No other site may frame it (clickjacking a player's Send), nor learn its address from a link.
    out += "Content-Security-Policy: default-src 'self'; img-src 'self' data: blob:; connect-src 'self' ws: wss:; frame-ancestors 'none'\r\n";
    out += "Referrer-Policy: no-referrer\r\n";
    for (const auto& [name, value] : extra_headers) out += name + ": " + value + "\r\n";
    out += "\r\n";
    out += body;
    return out;
}

std::string error_body(int status, std::string_view message) {
    return dump_json(nlohmann::json{{"status", status}, {"error", std::string(message)}});
}

nlohmann::json parse_body_object(std::string_view body, const Limits& limits) {
    if (body.size() > limits.body_bytes)
        throw ApiError(413, "the body of " + std::to_string(body.size()) + " bytes exceeds the limit of " + std::to_string(limits.body_bytes) + " bytes");
    if (body.empty()) throw ApiError(400, "the body is empty: expected one JSON object");
    nlohmann::json value;
    try {
        // The data files' parser and limits (docs/data-format.md, Limits): depth, numbers, UTF-8.
        value = parse_json_text(std::string(body), "request body");
    } catch (const DataError& error) {
        throw ApiError(400, "the body is not JSON: " + std::string(error.what()));
    }
    if (!value.is_object()) throw ApiError(400, "the body must be one JSON object, e.g. {\"do\": \"end-phase\"}");
    return value;
}

std::optional<std::string> bearer_code(std::string_view authorization) {
    authorization = trim(authorization);
    if (authorization.size() < 7 || lower(authorization.substr(0, 7)) != "bearer ") return std::nullopt;
    const std::string_view code = trim(authorization.substr(7));
    if (code.empty()) return std::nullopt;
    return std::string(code);
}

std::string new_join_code() {
    // Crockford's base 32 (no I, L, O, U): 5 bits a symbol, 16 symbols are 80 bits (the
    // issue asks for at least 64). normalize_code reads a typed O as 0 and I or L as 1.
    static constexpr std::string_view alphabet = "0123456789ABCDEFGHJKMNPQRSTVWXYZ";
    static_assert(alphabet.size() == 32);
    std::array<unsigned char, 10> bytes{};
    platform::fill_random(bytes);
    std::string code;
    std::uint32_t acc = 0;
    int bits = 0;
    for (const unsigned char byte : bytes) {
        acc = (acc << 8) | byte;
        bits += 8;
        while (bits >= 5) {
            bits -= 5;
            if (!code.empty() && code.size() % 5 == 4) code += '-';
            code += alphabet[(acc >> bits) & 31U];
        }
    }
    return code;
}

std::string normalize_code(std::string_view code) {
    std::string out;
    out.reserve(code.size());
    for (const char c : code) {
        if (c == '-' || c == ' ') continue;
        const char upper = static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
        out += upper == 'O' ? '0' : (upper == 'I' || upper == 'L') ? '1' : upper;
    }
    return out;
}

bool same_code(std::string_view a, std::string_view b) {
    if (a.size() != b.size()) return false;
    unsigned char difference = 0;
    for (std::size_t i = 0; i < a.size(); ++i) difference |= static_cast<unsigned char>(a[i] ^ b[i]);
    return difference == 0;
}

JoinCodes::JoinCodes(const std::vector<std::string>& side_ids) : side_ids_(side_ids), umpire_(new_join_code()) {
    for (std::size_t i = 0; i < side_ids_.size(); ++i) side_codes_.push_back(new_join_code());
}

JoinCodes::JoinCodes(std::vector<std::string> side_ids, std::vector<std::string> side_codes, std::string umpire_code)
    : side_ids_(std::move(side_ids)), side_codes_(std::move(side_codes)), umpire_(std::move(umpire_code)) {}

Caller JoinCodes::identify(std::string_view code) const {
    const std::string given = normalize_code(code);
    Caller caller{Caller::Role::Spectator, -1, "spectator"};
    // Every code is compared, whatever matched before, so the time says nothing of which one.
    if (same_code(given, normalize_code(umpire_))) caller = {Caller::Role::Umpire, -1, "umpire"};
    for (std::size_t i = 0; i < side_codes_.size(); ++i)
        if (same_code(given, normalize_code(side_codes_[i]))) caller = {Caller::Role::Player, static_cast<int>(i), side_ids_[i]};
    return caller;
}

nlohmann::json JoinCodes::to_json() const {
    nlohmann::json codes = nlohmann::json::object();
    for (std::size_t i = 0; i < side_ids_.size(); ++i) codes[side_ids_[i]] = side_codes_[i];
    codes["umpire"] = umpire_;
    return codes;
}

std::string JoinCodes::reissue(std::string_view who) {
    std::string fresh = new_join_code();
    // A fresh code never equals one in use (80 random bits make it all but impossible; the
    // loop makes it certain), so the old holder cannot keep a part by chance.
    const auto taken = [this](const std::string& code) {
        if (same_code(normalize_code(code), normalize_code(umpire_))) return true;
        return std::any_of(side_codes_.begin(), side_codes_.end(), [&](const std::string& c) { return same_code(normalize_code(code), normalize_code(c)); });
    };
    while (taken(fresh)) fresh = new_join_code();
    if (who == "umpire") return umpire_ = fresh;
    const auto side = std::find(side_ids_.begin(), side_ids_.end(), who);
    if (side == side_ids_.end()) throw ApiError(404, "there is no side '" + cut_text(who, 32) + "' (nor is it 'umpire') to issue a code for");
    return side_codes_[static_cast<std::size_t>(side - side_ids_.begin())] = fresh;
}

namespace {

// Why a key outside a player's keys is refused, in the player's words.
std::string refused_key(std::string_view kind, const std::string& key, const PlayerActionKind* spec) {
    const std::string quoted = "'" + cut_text(key, 32) + "'";
    if (key == "roll" || key == "rolls" || key == "dice" || key.ends_with("_roll") || key.ends_with("_rolls") || key.ends_with("_dice"))
        return "a player enters dice only when the umpire asks for them (a roll request), not in the action";
    if (key == "override") return "only the umpire overrules the rules of play ('override'); propose the action and say why in a note";
    if (key == "by") return "who sent an action is the server's record, not the action's ('by')";
    if (key == "why") return "'why' is the programmed opponent's reason, not a player's; say why in a note";
    if (key == "defender_leader") return "the defender's leader is for the defending side or the umpire to name";
    if (spec != nullptr && std::find(spec->umpire_keys.begin(), spec->umpire_keys.end(), key) != spec->umpire_keys.end())
        return quoted + " of '" + std::string(kind) + "' is measured by the game or set by the umpire, not by a player";
    if (spec == nullptr) return quoted + " is the umpire's to give";
    std::string keys;
    for (const std::string& k : spec->keys) keys += (keys.empty() ? "" : ", ") + k;
    return quoted + " is not for a player's '" + std::string(kind) + "', which takes " + keys;
}

bool is_dice_key(const std::string& key) {
    return key == "roll" || key == "rolls" || key == "dice" || key.ends_with("_roll") || key.ends_with("_rolls") || key.ends_with("_dice");
}

// A code the player gave under `key`: a piece of the battle, and the caller's when `mine`.
void check_piece(const nlohmann::json& action, const std::string& key, const Caller& caller, const SideOf& owner, bool mine) {
    if (!action[key].is_string()) throw ApiError(400, "'" + cut_text(key, 32) + "' must be a code of the battle, e.g. \"F-I1\"");
    const std::string code = cut_text(action[key].get_ref<const std::string&>(), 64);
    const auto side = owner(action[key].get_ref<const std::string&>());
    if (!side) throw ApiError(400, "there is no unit '" + code + "' in this battle");
    if (mine && *side != caller.side) throw ApiError(403, "'" + code + "' is not one of " + caller.name + "'s; a side's code acts only for its own units");
}

// The land games' acting keys, as the first release had them: a unit's or a general's side.
SideOf land_owner(const SideOf& unit_side, const SideOf& general_side) {
    return [unit_side, general_side](std::string_view code) -> std::optional<int> {
        if (auto side = unit_side(code)) return side;
        return general_side(code);
    };
}

}  // namespace

std::vector<std::string> player_keys(const PlayerActions& allowed, std::string_view kind) {
    const PlayerActionKind* spec = allowed.find(kind);
    return spec == nullptr ? std::vector<std::string>{} : spec->keys;
}

std::vector<std::string> player_keys(std::string_view kind) { return player_keys(land::land_player_actions(), kind); }

void check_permission(const nlohmann::json& action, const Caller& caller, const PlayerActions& allowed, const SideOf& owner) {
    const std::string& kind_key = allowed.kind_key;
    if (!action.is_object())
        throw ApiError(400, "an action is a JSON object with \"" + kind_key + "\", e.g. {\"" + kind_key + "\": \"" +
                                (kind_key == "do" ? "end-phase" : "end-half") + "\"}");
    if (!action.contains(kind_key) || !action[kind_key].is_string())
        throw ApiError(400, "an action needs \"" + kind_key + "\", e.g. {\"" + kind_key + "\": \"" + (kind_key == "do" ? "charge" : "move") + "\", ...}");
    if (caller.role == Caller::Role::Spectator) throw ApiError(401, "give a join code (Authorization: Bearer CODE) to act");
    // The server writes who sent each action; a client's own "by" would be a claim in the journal.
    if (action.contains("by")) throw ApiError(403, refused_key("", "by", nullptr));
    if (caller.role == Caller::Role::Umpire) return;
    const std::string kind = cut_text(action[kind_key].get<std::string>(), 32);
    if (allowed.open) {
        // A system that declares no kinds (PlayerActions::open): the common keys and an own piece.
        if (kind == "undo" || kind == "redo") throw ApiError(403, "'" + kind + "' is the umpire's to apply");
        for (const auto& [key, value] : action.items()) {
            const bool listed = key == kind_key || std::find(allowed.own_keys.begin(), allowed.own_keys.end(), key) != allowed.own_keys.end() ||
                                std::find(allowed.open_keys.begin(), allowed.open_keys.end(), key) != allowed.open_keys.end();
            if (!listed) throw ApiError(403, is_dice_key(key) || key == "by" || key == "why" || key == "override"
                                                 ? refused_key(kind, key, nullptr)
                                                 : "'" + cut_text(key, 32) + "' is the umpire's to give in this game; a player gives the acting piece and where or whom");
        }
        if (action.contains("target") && action["target"].is_string()) check_piece(action, "target", caller, owner, false);
        bool named = false;
        for (const std::string& key : allowed.own_keys)
            if (action.contains(key) && !action[key].is_null()) {
                check_piece(action, key, caller, owner, true);
                named = true;
            }
        if (!named) throw ApiError(403, "'" + kind + "' names none of your pieces (" + [&] {
                                            std::string keys;
                                            for (const std::string& k : allowed.own_keys) keys += (keys.empty() ? "" : ", ") + k;
                                            return keys;
                                        }() + "): it is the umpire's to apply");
        return;
    }
    const PlayerActionKind* spec = allowed.find(kind);
    if (spec == nullptr) {
        std::string kinds;
        for (const PlayerActionKind& k : allowed.kinds) kinds += (kinds.empty() ? "" : ", ") + k.kind;
        throw ApiError(403, "'" + kind + "' is the umpire's to apply; a player may ask for " + kinds);
    }
    // Entered dice first: the message a player is most likely to need.
    for (const auto& [key, value] : action.items())
        if (is_dice_key(key)) throw ApiError(403, refused_key(kind, key, spec));
    for (const auto& [key, value] : action.items())
        if (std::find(spec->keys.begin(), spec->keys.end(), key) == spec->keys.end()) throw ApiError(403, refused_key(kind, key, spec));
    bool named = false;
    for (const std::string& key : spec->own)
        if (action.contains(key) && !action[key].is_null()) {
            check_piece(action, key, caller, owner, true);
            named = true;
        }
    // A target is the enemy's: it must exist, and the acting piece must be the caller's.
    for (const std::string& key : spec->existing)
        if (action.contains(key) && action[key].is_string()) check_piece(action, key, caller, owner, false);
    if (!named) throw ApiError(400, "'" + kind + "' needs the acting piece: '" + (spec->own.empty() ? std::string("?") : spec->own.front()) + "'");
}

void check_permission(const nlohmann::json& action, const Caller& caller, const SideOf& unit_side, const SideOf& general_side) {
    check_permission(action, caller, land::land_player_actions(), land_owner(unit_side, general_side));
}

SocketMessage parse_socket_message(std::string_view text, const Limits& limits) {
    if (text.size() > limits.message_bytes)
        throw ApiError(413, "a message over " + std::to_string(limits.message_bytes) + " bytes");
    const nlohmann::json message = parse_body_object(text, limits);
    if (!message.contains("type") || !message["type"].is_string()) throw ApiError(400, "a message needs \"type\": \"auth\" or \"ping\"");
    const std::string type = message["type"].get<std::string>();
    if (type == "ping") return {SocketMessage::Type::Ping, {}, std::nullopt, {}};
    if (type == "auth") {
        if (!message.contains("code") || !message["code"].is_string() || message["code"].get_ref<const std::string&>().size() > 64)
            throw ApiError(400, "\"auth\" needs \"code\": the join code as text");
        SocketMessage auth{SocketMessage::Type::Auth, message["code"].get<std::string>(), std::nullopt, {}};
        if (message.contains("since") || message.contains("game")) {
            if (!message.contains("since") || !message["since"].is_number_unsigned() || message["since"].get<std::uint64_t>() > 999999999U ||
                !message.contains("game") || !message["game"].is_string() || message["game"].get_ref<const std::string&>().size() > 64)
                throw ApiError(400, "\"since\" is the number of journal lines the page has, with the \"game\" the server named in its hello");
            auth.since = static_cast<std::size_t>(message["since"].get<std::uint64_t>());
            auth.game = message["game"].get<std::string>();
        }
        return auth;
    }
    throw ApiError(400, "unknown message type '" + cut_text(type, 32) + "': expected \"auth\" or \"ping\"");
}

int snap_board_width(int asked) {
    for (const int width : kBoardWidths)
        if (asked <= width) return width;
    return kBoardWidths.back();
}

const std::string& PictureCache::get(std::size_t version, int width, const std::function<std::string(int)>& draw, bool* hit) {
    const std::string* kept = find(version, width);
    if (hit != nullptr) *hit = kept != nullptr;
    if (kept != nullptr) return *kept;
    return put(version, width, kEveryPiece, draw(width));  // drawn before anything is dropped: a throw leaves the cache as it was
}

const std::string* PictureCache::find(std::size_t version, int width, int view) {
    const auto it = std::find_if(entries_.begin(), entries_.end(),
                                 [&](const Entry& e) { return e.version == version && e.width == width && e.view == view; });
    if (it == entries_.end()) return nullptr;
    entries_.splice(entries_.begin(), entries_, it);
    return &entries_.front().bytes;
}

const std::string& PictureCache::put(std::size_t version, int width, int view, std::string bytes) {
    entries_.remove_if([&](const Entry& e) { return e.version == version && e.width == width && e.view == view; });
    entries_.push_front(Entry{version, width, view, std::move(bytes)});
    while (entries_.size() > std::max<std::size_t>(capacity_, 1)) entries_.pop_back();
    return entries_.front().bytes;
}

std::optional<std::size_t> journal_index(std::string_view text) {
    if (text.empty() || text.size() > 9 || !std::all_of(text.begin(), text.end(), [](char c) { return c >= '0' && c <= '9'; })) return std::nullopt;
    std::size_t value = 0;
    std::from_chars(text.data(), text.data() + text.size(), value);
    return value;
}

bool RateLimiter::allow(const std::string& client, double now_seconds) {
    if (buckets_.size() > 4096) {
        // Forget full buckets so a flood of addresses cannot grow the map without end.
        for (auto it = buckets_.begin(); it != buckets_.end();)
            it = std::min(burst_, it->second.tokens + (now_seconds - it->second.updated) * rate_) >= burst_ ? buckets_.erase(it) : std::next(it);
    }
    Bucket& bucket = buckets_.try_emplace(client, Bucket{burst_, now_seconds}).first->second;
    bucket.tokens = std::min(burst_, bucket.tokens + std::max(0.0, now_seconds - bucket.updated) * rate_);
    bucket.updated = now_seconds;
    if (bucket.tokens < 1) return false;
    bucket.tokens -= 1;
    return true;
}

double RateLimiter::retry_after(const std::string& client, double now_seconds) const {
    const auto it = buckets_.find(client);
    if (it == buckets_.end()) return 0;
    const double tokens = std::min(burst_, it->second.tokens + std::max(0.0, now_seconds - it->second.updated) * rate_);
    return tokens >= 1 ? 0 : (1 - tokens) / rate_;
}

}  // namespace fortuna::companion
