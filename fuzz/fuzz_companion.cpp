// SPDX-License-Identifier: MIT
// Fuzz target: the table companion's network messages (HTTP requests, bodies, WebSocket messages, permissions).
#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <optional>
#include <string>

#include "companion_protocol.hpp"
#include "fuzz_support.hpp"

// Each input is what a client could send: it is parsed as an HTTP request (and, when whole,
// its body as an action checked against a player's and a spectator's permissions), and the
// same bytes as a WebSocket message. Oracles beyond "no crash": a parse never consumes more
// than it was given nor a body over the limit; a refusal always carries a status and words;
// a player is never allowed an action that names another side's acting unit or carries a key
// only the umpire sets; what the parser passes on is UTF-8, and every reply built from the
// input is written as UTF-8 JSON without an exception.
extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    using namespace fortuna::companion;
    const std::string text = fortuna::fuzz::text_of(data, size);
    Limits limits;
    limits.body_bytes = 2048;  // small, so the fuzzer reaches the limit
    const HttpParse parse = parse_http_request(text, limits);
    if (parse.status == HttpParse::Status::Complete) {
        if (parse.consumed > text.size() || parse.request.body.size() > limits.body_bytes) std::abort();
        // What the server reads on is UTF-8: the bytes that stopped it (issue 27) are refused here.
        if (!valid_utf8(parse.request.body) || !valid_utf8(parse.request.method) || !valid_utf8(parse.request.path)) std::abort();
        for (const auto& [name, value] : parse.request.headers)
            if (!valid_utf8(name) || !valid_utf8(value)) std::abort();
    } else if (parse.status == HttpParse::Status::Refused) {
        if (parse.refusal_status < 400 || parse.refusal_status > 599 || parse.refusal.empty()) std::abort();
        if (!valid_utf8(error_body(parse.refusal_status, parse.refusal))) std::abort();
    }
    // Any bytes, cut at any length, are written as JSON without an exception; valid text stays valid.
    const std::string cut = cut_text(text, size % 97);
    if (cut.size() > size % 97 || (valid_utf8(text) && !valid_utf8(cut))) std::abort();
    if (!valid_utf8(error_body(400, text))) std::abort();
    // Units "F-*" are side 0's, "I-*" side 1's; anything else is unknown.
    const SideOf side_of = [](std::string_view code) -> std::optional<int> {
        if (code.rfind("F-", 0) == 0) return 0;
        if (code.rfind("I-", 0) == 0) return 1;
        return std::nullopt;
    };
    const Caller french{Caller::Role::Player, 0, "french"};
    const std::string& body = parse.status == HttpParse::Status::Complete ? parse.request.body : text;
    try {
        const nlohmann::json action = parse_body_object(body, limits);
        try {
            check_permission(action, french, side_of, side_of);
            // Allowed: the acting unit must be French, and every key one a player may give.
            for (const char* key : {"attacker", "battery", "unit"}) {
                if (action.contains(key) && action[key].is_string() && action[key].get<std::string>().rfind("F-", 0) != 0) std::abort();
            }
            const auto keys = player_keys(action["do"].get<std::string>());
            for (const auto& [key, value] : action.items())
                if (std::find(keys.begin(), keys.end(), key) == keys.end()) std::abort();
            for (const char* key : {"override", "by", "why", "roll", "rolls"})
                if (action.contains(key)) std::abort();
        } catch (const ApiError& error) {
            if (error.status != 400 && error.status != 403) std::abort();
            if (!valid_utf8(error_body(error.status, error.what()))) std::abort();
        }
        try {
            check_permission(action, Caller{}, side_of, side_of);
            std::abort();  // a spectator may never act
        } catch (const ApiError& error) {
            if (error.status != 400 && error.status != 401) std::abort();
        }
    } catch (const ApiError& error) {
        if (error.status != 400 && error.status != 413) std::abort();
    }
    try {
        const SocketMessage message = parse_socket_message(text, limits);
        // A page says which journal lines it has with both "since" and "game", or neither.
        if (message.since.has_value() == message.game.empty() && message.type == SocketMessage::Type::Auth) std::abort();
        if (message.since && *message.since > 999999999U) std::abort();
    } catch (const ApiError& error) {
        if (std::string(error.what()).empty()) std::abort();
    }
    // A handshake's Origin is the page's own only when it is exactly http:// and the Host.
    if (parse.status == HttpParse::Status::Complete) {
        const std::string origin = parse.request.header("origin");
        const std::string host = parse.request.header("host");
        if (own_page_origin(origin, host) && origin != "http://" + host) std::abort();
        if (own_page_origin(origin, host) && host.empty()) std::abort();
        // The journal's "from" and the picture's width: whole numbers or refused, never thrown.
        if (const auto index = journal_index(parse.request.query_value("from")); index && *index > 999999999U) std::abort();
        const int width = snap_board_width(static_cast<int>(journal_index(parse.request.query_value("width")).value_or(720)));
        if (std::find(kBoardWidths.begin(), kBoardWidths.end(), width) == kBoardWidths.end()) std::abort();
    }
    (void)dump_json(nlohmann::json{{"text", text}});  // replaces, never throws
    if (const auto code = bearer_code(text)) (void)JoinCodes({"french"}, {"0000-1111-2222-3333"}, "4444-5555-6666-7777").identify(*code);
    return 0;
}
