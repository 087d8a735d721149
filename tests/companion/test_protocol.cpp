// SPDX-License-Identifier: MIT
// The companion's message layer by hand: HTTP requests and limits, join codes, permissions, rate limit.
#include <gtest/gtest.h>

#include <set>
#include <stdexcept>
#include <string>
#include <vector>

#include "companion_protocol.hpp"

namespace fortuna::companion {
namespace {

HttpParse parse(const std::string& text, Limits limits = {}) { return parse_http_request(text, limits); }

TEST(CompanionHttp, ReadsAWholeRequestAndNothingMore) {
    const std::string text = "POST /api/actions?x=1&width=600 HTTP/1.1\r\nHost: 127.0.0.1:8700\r\nContent-Length: 5\r\n"
                             "Authorization: Bearer AB\r\n\r\nhelloEXTRA";
    const HttpParse p = parse(text);
    ASSERT_EQ(p.status, HttpParse::Status::Complete);
    EXPECT_EQ(p.request.method, "POST");
    EXPECT_EQ(p.request.path, "/api/actions");
    EXPECT_EQ(p.request.query_value("width"), "600");
    EXPECT_EQ(p.request.query_value("y"), "");
    EXPECT_EQ(p.request.header("host"), "127.0.0.1:8700");
    EXPECT_EQ(p.request.body, "hello");
    EXPECT_EQ(p.consumed, text.size() - 5);  // "EXTRA" is not this request's
}

TEST(CompanionHttp, WaitsForTheRestOfHeadersAndBody) {
    EXPECT_EQ(parse("GET / HTTP/1.1\r\nHost: a").status, HttpParse::Status::Incomplete);
    EXPECT_EQ(parse("POST /api/actions HTTP/1.1\r\nContent-Length: 10\r\n\r\n12345").status, HttpParse::Status::Incomplete);
}

TEST(CompanionHttp, RefusesWithTheRightStatus) {
    Limits limits;
    limits.body_bytes = 100;
    limits.header_bytes = 200;
    const auto status = [&](const std::string& text) {
        const HttpParse p = parse(text, limits);
        EXPECT_EQ(p.status, HttpParse::Status::Refused) << text;
        EXPECT_FALSE(p.refusal.empty());
        return p.refusal_status;
    };
    EXPECT_EQ(status("POST /a HTTP/1.1\r\nContent-Length: 101\r\n\r\n"), 413);  // before a byte of the body
    EXPECT_EQ(status("GET / HTTP/1.1\r\nX: " + std::string(300, 'a')), 431);    // no end of headers in sight
    EXPECT_EQ(status("GET / HTTP/1.1\r\nTransfer-Encoding: chunked\r\n\r\n"), 501);
    EXPECT_EQ(status("GET / HTTP/2\r\n\r\n"), 400);
    EXPECT_EQ(status("GET a HTTP/1.1\r\n\r\n"), 400);
    EXPECT_EQ(status("GET / HTTP/1.1\r\nno colon\r\n\r\n"), 400);
    EXPECT_EQ(status("POST / HTTP/1.1\r\nContent-Length: -1\r\n\r\n"), 400);
    EXPECT_EQ(status("POST / HTTP/1.1\r\nContent-Length: 1\r\nContent-Length: 1\r\n\r\n"), 400);
    EXPECT_EQ(status("GET /\x01 HTTP/1.1\r\n\r\n"), 400);
}

TEST(CompanionHttp, BodiesAreOneJsonObjectWithinTheLimit) {
    Limits limits;
    limits.body_bytes = 20;
    EXPECT_EQ(parse_body_object(R"({"do": "end-phase"})", limits)["do"], "end-phase");
    const auto status = [&](const std::string& body) {
        try {
            (void)parse_body_object(body, limits);
        } catch (const ApiError& error) {
            return error.status;
        }
        return 0;
    };
    EXPECT_EQ(status(R"({"do": "end-phase", "x": 1})"), 413);
    EXPECT_EQ(status("[1]"), 400);
    EXPECT_EQ(status("{"), 400);
    EXPECT_EQ(status(""), 400);
}

TEST(CompanionCodes, EightyBitsInCrockfordGroups) {
    std::set<std::string> seen;
    for (int i = 0; i < 200; ++i) {
        const std::string code = new_join_code();
        ASSERT_EQ(code.size(), 19U) << code;  // 16 symbols of 5 bits and 3 dashes
        for (std::size_t k = 0; k < code.size(); ++k) {
            if (k % 5 == 4) EXPECT_EQ(code[k], '-');
            else EXPECT_NE(std::string("0123456789ABCDEFGHJKMNPQRSTVWXYZ").find(code[k]), std::string::npos) << code;
        }
        seen.insert(code);
    }
    EXPECT_EQ(seen.size(), 200U);
}

TEST(CompanionCodes, TypedCodesAreForgivingButExact) {
    EXPECT_EQ(normalize_code("k7qx-9mrt 2hbw-xe4n"), "K7QX9MRT2HBWXE4N");
    EXPECT_EQ(normalize_code("O1IL"), "0111");  // Crockford: O reads as 0, I and L as 1
    const JoinCodes codes({"french", "imperial"}, {"AAAA-BBBB-CCCC-DDDD", "EEEE-FFFF-GGGG-HHHH"}, "JJJJ-KKKK-MMMM-NNNN");
    EXPECT_EQ(codes.identify("aaaabbbbccccdddd").name, "french");
    EXPECT_EQ(codes.identify("EEEE-FFFF-GGGG-HHHH").side, 1);
    EXPECT_EQ(codes.identify("JJJJ-KKKK-MMMM-NNNN").role, Caller::Role::Umpire);
    EXPECT_EQ(codes.identify("JJJJ-KKKK-MMMM-NNNP").role, Caller::Role::Spectator);
    EXPECT_EQ(codes.identify("").role, Caller::Role::Spectator);
    EXPECT_FALSE(same_code("ABC", "ABCD"));
    EXPECT_TRUE(same_code("ABC", "ABC"));
    EXPECT_EQ(bearer_code("Bearer  XY "), "XY");
    EXPECT_EQ(bearer_code("bearer XY"), "XY");
    EXPECT_FALSE(bearer_code("Basic XY"));
    EXPECT_FALSE(bearer_code("Bearer "));
}

TEST(CompanionCodes, ACodeIsRevokedAndReissuedInOneStep) {
    JoinCodes codes({"french", "imperial"}, {"AAAA-BBBB-CCCC-DDDD", "EEEE-FFFF-GGGG-HHHH"}, "JJJJ-KKKK-MMMM-NNNN");
    const std::string french = codes.reissue("french");
    EXPECT_NE(normalize_code(french), "AAAABBBBCCCCDDDD");
    EXPECT_EQ(codes.identify("AAAA-BBBB-CCCC-DDDD").role, Caller::Role::Spectator);  // the old code is nobody's
    EXPECT_EQ(codes.identify(french).name, "french");
    EXPECT_EQ(codes.side_codes()[0], french);
    EXPECT_EQ(codes.identify("EEEE-FFFF-GGGG-HHHH").name, "imperial");  // the others' stand
    EXPECT_EQ(codes.identify("JJJJ-KKKK-MMMM-NNNN").role, Caller::Role::Umpire);
    // The umpire's own: the old one stops, a new one is there at once.
    const std::string umpire = codes.reissue("umpire");
    EXPECT_EQ(codes.identify("JJJJ-KKKK-MMMM-NNNN").role, Caller::Role::Spectator);
    EXPECT_EQ(codes.identify(umpire).role, Caller::Role::Umpire);
    EXPECT_EQ(codes.umpire(), umpire);
    EXPECT_EQ(codes.to_json()["umpire"], umpire);
    try {
        codes.reissue("prussian");
        FAIL() << "a side that does not exist";
    } catch (const ApiError& error) {
        EXPECT_EQ(error.status, 404);
    }
    EXPECT_EQ(codes.identify(umpire).role, Caller::Role::Umpire);  // a refused reissue changes nothing
}

int permission_status(const nlohmann::json& action, const Caller& caller) {
    const SideOf side_of = [](std::string_view code) -> std::optional<int> {
        if (code.rfind("F-", 0) == 0) return 0;
        if (code.rfind("I-", 0) == 0) return 1;
        return std::nullopt;
    };
    try {
        check_permission(action, caller, side_of, side_of);
    } catch (const ApiError& error) {
        return error.status;
    }
    return 200;
}

TEST(CompanionPermissions, ASideActsOnlyForItsOwnUnitsAndRolls) {
    const Caller french{Caller::Role::Player, 0, "french"};
    const Caller umpire{Caller::Role::Umpire, -1, "umpire"};
    const nlohmann::json attack = {{"do", "combat"}, {"attacker", "F-I1"}, {"defender", "I-I1"}};
    EXPECT_EQ(permission_status(attack, french), 200);
    EXPECT_EQ(permission_status(attack, Caller{}), 401);
    EXPECT_EQ(permission_status({{"do", "combat"}, {"attacker", "I-I1"}, {"defender", "F-I1"}}, french), 403);
    EXPECT_EQ(permission_status({{"do", "combat"}, {"attacker", "F-I1"}, {"defender", "X-9"}}, french), 400);
    EXPECT_EQ(permission_status({{"do", "combat"}, {"attacker", "F-I1"}, {"defender", "I-I1"}, {"roll", 6}}, french), 403);
    EXPECT_EQ(permission_status({{"do", "combat"}, {"attacker", "F-I1"}, {"defender", "I-I1"}, {"rolls", {{"roll", 6}}}}, french), 403);
    EXPECT_EQ(permission_status({{"do", "rally"}, {"unit", "F-I1"}, {"general", "I-G1"}}, french), 403);
    EXPECT_EQ(permission_status({{"do", "move"}, {"general", "F-G1"}, {"to", {1, 2}}}, french), 200);
    EXPECT_EQ(permission_status({{"do", "end-phase"}}, french), 403);
    EXPECT_EQ(permission_status({{"do", "undo"}}, french), 403);
    EXPECT_EQ(permission_status({{"do", "set"}, {"unit", "F-I1"}, {"bases", 9}}, french), 403);
    EXPECT_EQ(permission_status({{"do", "rally"}}, french), 400);
    EXPECT_EQ(permission_status({{"do", "rally"}, {"unit", 7}}, french), 400);
    EXPECT_EQ(permission_status({{"do", "set"}, {"unit", "I-I1"}, {"bases", 9}}, umpire), 200);
    EXPECT_EQ(permission_status({{"unit", "F-I1"}}, umpire), 400);
}

TEST(CompanionText, Utf8IsCheckedAsRfc3629Says) {
    for (const char* good : {"", "plain", "caf\xc3\xa9", "\xe2\x82\xac", "\xf0\x9f\x98\x80", "\xf4\x8f\xbf\xbf", "\xed\x9f\xbf"})
        EXPECT_TRUE(valid_utf8(good)) << good;
    for (const char* bad : {"\xff", "a\xc3", "\xc0\xaf", "\xc1\xbf", "\xe0\x80\x80", "\xed\xa0\x80", "\xf0\x80\x80\x80",
                            "\xf4\x90\x80\x80", "\xf5\x80\x80\x80", "\x80", "\xe2\x82", "\xe2\x28\xa1"})
        EXPECT_FALSE(valid_utf8(bad)) << bad;
}

TEST(CompanionText, LimitsCutOnACharacterBoundary) {
    EXPECT_EQ(cut_text("abc", 5), "abc");
    EXPECT_EQ(cut_text("abc", 2), "ab");
    EXPECT_EQ(cut_text("a\xc3\xa9", 2), "a");  // not half of the e acute
    EXPECT_EQ(cut_text("a\xc3\xa9", 3), "a\xc3\xa9");
    EXPECT_EQ(cut_text("\xf0\x9f\x98\x80\xf0\x9f\x98\x80", 7), "\xf0\x9f\x98\x80");
    // A 280-byte note of two-byte letters after one ASCII byte: 279 bytes, still UTF-8.
    std::string note = "x";
    for (int i = 0; i < 200; ++i) note += "\xc3\xa9";
    const std::string cut = cut_text(note, 280);
    EXPECT_EQ(cut.size(), 279U);
    EXPECT_TRUE(valid_utf8(cut));
}

TEST(CompanionText, RepliesAreWrittenEvenFromBytesThatAreNotUtf8) {
    // Defence in depth: a reply quoting a client's bytes must not throw (nlohmann's type_error.316).
    const std::string body = error_body(403, "unknown Host '\xff\xfe'");
    EXPECT_TRUE(valid_utf8(body));
    EXPECT_NE(body.find("\xef\xbf\xbd"), std::string::npos);  // U+FFFD in place of each bad byte
    EXPECT_NO_THROW((void)dump_json(nlohmann::json{{"note", std::string("a\xc3")}}));
}

TEST(CompanionHttp, HeadersAndBodiesThatAreNotUtf8AreRefused) {
    const auto refusal = [](const std::string& text) {
        const HttpParse p = parse_http_request(text, Limits{});
        EXPECT_EQ(p.status, HttpParse::Status::Refused) << text;
        EXPECT_EQ(p.refusal_status, 400) << text;
        EXPECT_TRUE(valid_utf8(error_body(p.refusal_status, p.refusal)));
        return p.refusal;
    };
    EXPECT_NE(refusal("GET /api/state HTTP/1.1\r\nHost: \xff\r\n\r\n").find("'host'"), std::string::npos);
    EXPECT_NE(refusal("GET /api/live HTTP/1.1\r\nHost: a\r\nOrigin: http://\xc3\r\n\r\n").find("'origin'"), std::string::npos);
    EXPECT_NE(refusal("GET /api/state HTTP/1.1\r\nHost: a\r\nX-Name: \xed\xa0\x80\r\n\r\n").find("'x-name'"), std::string::npos);
    EXPECT_NE(refusal("POST /api/actions HTTP/1.1\r\nContent-Length: 13\r\n\r\n{\"note\": \"\xff\"}").find("body"), std::string::npos);
    EXPECT_EQ(refusal("G\xc3\xa9T / HTTP/1.1\r\n\r\n"), "the request method is not a word");
    // UTF-8 is taken: a name with an accent in a header, a body with one.
    EXPECT_EQ(parse("GET / HTTP/1.1\r\nHost: caf\xc3\xa9.local\r\n\r\n").status, HttpParse::Status::Complete);
    EXPECT_EQ(parse("POST / HTTP/1.1\r\nContent-Length: 4\r\n\r\n\"\xc3\xa9\"").status, HttpParse::Status::Complete);
}

TEST(CompanionHttp, ResponsesForbidFramingAndReferrersAnd405SaysWhatIsAllowed) {
    const std::string reply = http_response(200, "text/html", "x");
    EXPECT_NE(reply.find("frame-ancestors 'none'"), std::string::npos);
    EXPECT_NE(reply.find("\r\nReferrer-Policy: no-referrer\r\n"), std::string::npos);
    EXPECT_EQ(allowed_methods("/"), "GET");
    EXPECT_EQ(allowed_methods("/app.js"), "GET");
    EXPECT_EQ(allowed_methods("/api/state"), "GET");
    EXPECT_EQ(allowed_methods("/api/live"), "GET");
    EXPECT_EQ(allowed_methods("/api/actions"), "POST");
    EXPECT_EQ(allowed_methods("/api/rolls"), "GET, POST");
    EXPECT_EQ(allowed_methods("/api/rolls/3/apply"), "POST");
    EXPECT_EQ(allowed_methods("/api/proposals/3/accept"), "POST");
    EXPECT_EQ(allowed_methods("/api/state/x"), "");
    EXPECT_EQ(allowed_methods("/api/nothing"), "");
}

TEST(CompanionPermissions, OnlyTheUmpireSetsWhatTheUmpireAloneMaySet) {
    const Caller french{Caller::Role::Player, 0, "french"};
    const Caller umpire{Caller::Role::Umpire, -1, "umpire"};
    const nlohmann::json move = {{"do", "move"}, {"unit", "F-I1"}, {"to", {{"x_mm", 100}, {"y_mm", 700}}}};
    EXPECT_EQ(permission_status(move, french), 200);
    const auto with = [](nlohmann::json action, const char* key, nlohmann::json value) {
        action[key] = std::move(value);
        return action;
    };
    EXPECT_EQ(permission_status(with(move, "note", "through the wood"), french), 200);
    // The umpire's keys on every action: each refused to a player, whatever the kind.
    for (const char* key : {"override", "by", "why", "roll", "rolls"}) {
        EXPECT_EQ(permission_status(with(move, key, "umpire"), french), 403) << key;
        EXPECT_EQ(permission_status(with({{"do", "rally"}, {"unit", "F-I1"}}, key, "x"), french), 403) << key;
    }
    // Keys of the kind that the game measures unless the umpire says otherwise.
    EXPECT_EQ(permission_status({{"do", "artillery"}, {"battery", "F-A1"}, {"target", "I-I1"}, {"range_mm", 10}}, french), 403);
    EXPECT_EQ(permission_status({{"do", "artillery"}, {"battery", "F-A1"}, {"target", "I-I1"}}, french), 200);
    EXPECT_EQ(permission_status({{"do", "order"}, {"general", "F-G1"}, {"to", "F-I1"}, {"order", "hold"}, {"distance_mm", 1}}, french), 403);
    EXPECT_EQ(permission_status({{"do", "rout"}, {"unit", "F-I1"}, {"to", {{"x_mm", 0}, {"y_mm", 0}}}}, french), 403);
    EXPECT_EQ(permission_status({{"do", "combat"}, {"attacker", "F-I1"}, {"defender", "I-I1"}, {"defender_leader", "I-G1"}}, french), 403);
    // Anything else not in the kind's keys (a key a later release adds to every action, say).
    EXPECT_EQ(permission_status(with(move, "enforce", true), french), 403);
    EXPECT_EQ(permission_status(with(move, "teleport", true), french), 403);
    // The umpire overrules and corrects, but who sent an action is never a client's to say.
    EXPECT_EQ(permission_status(with(move, "override", "the wood is passable"), umpire), 200);
    EXPECT_EQ(permission_status(with(move, "by", "french"), umpire), 403);
    // The allow-list: do, note and the kind's own keys less the umpire's.
    EXPECT_EQ(player_keys("rally"), (std::vector<std::string>{"do", "note", "unit", "general"}));
    EXPECT_TRUE(player_keys("set").empty());
    EXPECT_TRUE(player_keys("end-phase").empty());
    EXPECT_TRUE(player_keys("no-such-kind").empty());
}

// Issue 25: the allow-list is the rule system's (GameSession::player_actions), in its own kind key.
int system_permission_status(const nlohmann::json& action, const Caller& caller, const PlayerActions& allowed) {
    const SideOf owner = [](std::string_view code) -> std::optional<int> {
        if (code.rfind("hms-", 0) == 0) return 0;
        if (code.rfind("fs-", 0) == 0) return 1;
        return std::nullopt;
    };
    try {
        check_permission(action, caller, allowed, owner);
    } catch (const ApiError& error) {
        return error.status;
    }
    return 200;
}

TEST(CompanionPermissions, AnySystemsListDecidesWhatACaptainMayAskFor) {
    PlayerActions sea;
    sea.kind_key = "action";
    sea.kinds = {{"broadside", {"action", "ship", "target", "side", "aim"}, {"ship"}, {"target"}, {"owner_masts", "dice"}},
                 {"anchor", {"action", "ship", "drop"}, {"ship"}, {}, {}}};
    const Caller british{Caller::Role::Player, 0, "british"};
    const Caller umpire{Caller::Role::Umpire, -1, "umpire"};
    const nlohmann::json fire{{"action", "broadside"}, {"ship", "hms-arethusa"}, {"target", "fs-belle-poule"}, {"side", "port"}};
    EXPECT_EQ(system_permission_status(fire, british, sea), 200);
    EXPECT_EQ(system_permission_status(fire, Caller{}, sea), 401);
    auto with = [](nlohmann::json action, const char* key, nlohmann::json value) {
        action[key] = std::move(value);
        return action;
    };
    EXPECT_EQ(system_permission_status(with(fire, "dice", nlohmann::json::array({6, 6})), british, sea), 403);
    EXPECT_EQ(system_permission_status(with(fire, "owner_masts", nlohmann::json::array()), british, sea), 403);
    EXPECT_EQ(system_permission_status(with(fire, "ship", "fs-belle-poule"), british, sea), 403);  // not hers
    EXPECT_EQ(system_permission_status(with(fire, "target", "la-nowhere"), british, sea), 400);    // no such ship
    EXPECT_EQ(system_permission_status(nlohmann::json{{"action", "end-half"}}, british, sea), 403);  // the umpire's
    EXPECT_EQ(system_permission_status(nlohmann::json{{"action", "undo"}}, british, sea), 403);
    EXPECT_EQ(system_permission_status(nlohmann::json{{"do", "anchor"}, {"ship", "hms-arethusa"}}, british, sea), 400);  // not its words
    EXPECT_EQ(system_permission_status(nlohmann::json{{"action", "anchor"}}, british, sea), 400);  // no ship named
    EXPECT_EQ(system_permission_status(nlohmann::json{{"action", "end-half"}}, umpire, sea), 200);
    EXPECT_EQ(system_permission_status(with(fire, "by", "british"), umpire, sea), 403);
    EXPECT_EQ(player_keys(sea, "anchor"), (std::vector<std::string>{"action", "ship", "drop"}));
    EXPECT_TRUE(player_keys(sea, "wind").empty());
}

TEST(CompanionPermissions, AnOpenListTakesAnOwnPieceAndThePlacesNeverARoll) {
    PlayerActions open;
    open.open = true;
    open.own_keys = {"unit", "brigade"};
    open.open_keys = {"target", "to"};
    const Caller british{Caller::Role::Player, 0, "british"};
    EXPECT_EQ(system_permission_status(nlohmann::json{{"action", "march"}, {"brigade", "hms-1"}, {"to", {1, 2}}}, british, open), 200);
    EXPECT_EQ(system_permission_status(nlohmann::json{{"action", "fire"}, {"unit", "hms-1"}, {"target", "fs-2"}}, british, open), 200);
    EXPECT_EQ(system_permission_status(nlohmann::json{{"action", "fire"}, {"unit", "hms-1"}, {"target", "nowhere"}}, british, open), 400);
    EXPECT_EQ(system_permission_status(nlohmann::json{{"action", "fire"}, {"unit", "fs-2"}}, british, open), 403);
    EXPECT_EQ(system_permission_status(nlohmann::json{{"action", "end-sector"}}, british, open), 403);  // names no piece of hers
    EXPECT_EQ(system_permission_status(nlohmann::json{{"action", "undo"}, {"unit", "hms-1"}}, british, open), 403);
    for (const char* key : {"dice", "morale", "chips", "overrule", "by", "why", "save_roll"})
        EXPECT_EQ(system_permission_status(nlohmann::json{{"action", "fire"}, {"unit", "hms-1"}, {key, 6}}, british, open), 403) << key;
}

TEST(CompanionSocket, OnlyThePagesOwnOriginExactly) {
    EXPECT_TRUE(own_page_origin("http://127.0.0.1:8700", "127.0.0.1:8700"));
    EXPECT_TRUE(own_page_origin("http://umpire-laptop.local:8700", "umpire-laptop.local:8700"));
    EXPECT_TRUE(own_page_origin("http://[::1]:8700", "[::1]:8700"));
    for (const char* origin : {"https://127.0.0.1:8700", "http://127.0.0.1:8701", "http://127.0.0.1", "http://127.0.0.1:8700/",
                               "http://localhost:8700", "HTTP://127.0.0.1:8700", "null", "", "ws://127.0.0.1:8700",
                               "http://user@127.0.0.1:8700", "http://127.0.0.1:8700, http://127.0.0.1:8700", "http://127.0.0.1:87000"})
        EXPECT_FALSE(own_page_origin(origin, "127.0.0.1:8700")) << origin;
    EXPECT_FALSE(own_page_origin("http://", ""));  // no Host: nothing is the page's own
}

TEST(CompanionSocket, AuthAndPingOnly) {
    const Limits limits;
    EXPECT_EQ(parse_socket_message(R"({"type": "auth", "code": "AB"})", limits).code, "AB");
    EXPECT_EQ(parse_socket_message(R"({"type": "ping"})", limits).type, SocketMessage::Type::Ping);
    EXPECT_THROW((void)parse_socket_message(R"({"type": "apply"})", limits), ApiError);
    EXPECT_THROW((void)parse_socket_message(R"({"type": "auth", "code": 5})", limits), ApiError);
    EXPECT_THROW((void)parse_socket_message(std::string(5000, ' '), limits), ApiError);
    // A long type of two-byte letters is quoted cut on a character boundary.
    std::string type = "x";
    for (int i = 0; i < 40; ++i) type += "\xc3\xa9";
    try {
        (void)parse_socket_message(nlohmann::json{{"type", type}}.dump(), limits);
        ADD_FAILURE() << "an unknown type was taken";
    } catch (const ApiError& error) {
        EXPECT_TRUE(valid_utf8(error.what())) << error.what();
    }
}

TEST(CompanionBoard, WidthsSnapToAFewSizes) {
    EXPECT_EQ(snap_board_width(0), 360);
    EXPECT_EQ(snap_board_width(360), 360);
    EXPECT_EQ(snap_board_width(361), 540);
    EXPECT_EQ(snap_board_width(780), 1080);
    EXPECT_EQ(snap_board_width(1600), 1600);
    EXPECT_EQ(snap_board_width(99999), 1600);
    std::set<int> sizes;
    for (int asked = 0; asked <= 3000; ++asked) sizes.insert(snap_board_width(asked));
    EXPECT_EQ(sizes.size(), kBoardWidths.size());
}

TEST(CompanionBoard, OnePicturePerWidthAndVersion) {
    PictureCache cache(6);
    int drawn = 0;
    const auto draw = [&drawn](int width) {
        ++drawn;
        return "png " + std::to_string(width);
    };
    // Thirty phones at eight widths, twice over: five drawings for the version.
    for (int round = 0; round < 2; ++round)
        for (int phone = 0; phone < 30; ++phone)
            for (const int asked : {320, 360, 390, 412, 768, 800, 1280, 2560}) EXPECT_EQ(cache.get(1, snap_board_width(asked), draw), "png " + std::to_string(snap_board_width(asked)));
    EXPECT_EQ(drawn, 4);  // 360, 540, 1080 and 1600 (nobody asked for 720)
    bool hit = false;
    cache.get(1, 360, draw, &hit);
    EXPECT_TRUE(hit);
    cache.get(2, 360, draw, &hit);  // the game changed: drawn again
    EXPECT_FALSE(hit);
    EXPECT_EQ(drawn, 5);
    for (const int width : kBoardWidths) cache.get(3, width, draw);
    EXPECT_EQ(cache.size(), 6U);  // the least recently used went
    cache.get(2, 360, draw, &hit);
    EXPECT_TRUE(hit);
    cache.get(1, 1600, draw, &hit);
    EXPECT_FALSE(hit);
    EXPECT_THROW(cache.get(4, 360, [](int) -> std::string { throw std::runtime_error("no painter"); }), std::runtime_error);
    EXPECT_EQ(cache.size(), 6U);
}

TEST(CompanionBoard, ASidesPictureIsKeptForThatSideAlone) {
    // The server draws on a worker and keeps the picture by (version, width, view).
    PictureCache cache(4);
    EXPECT_EQ(cache.find(1, 360), nullptr);
    cache.put(1, 360, PictureCache::kEveryPiece, "all");
    cache.put(1, 360, 0, "french");
    EXPECT_EQ(*cache.find(1, 360), "all");
    EXPECT_EQ(*cache.find(1, 360, 0), "french");
    EXPECT_EQ(cache.find(1, 360, 1), nullptr);  // the other side's is not the French one
    EXPECT_EQ(cache.find(1, 360, -1), nullptr);  // nor a spectator's
    cache.put(1, 360, 0, "french again");        // kept once
    EXPECT_EQ(cache.size(), 2U);
    EXPECT_EQ(*cache.find(1, 360, 0), "french again");
    for (int width : {540, 720, 1080}) cache.put(2, width, PictureCache::kEveryPiece, "new");
    EXPECT_EQ(cache.size(), 4U);
    EXPECT_EQ(cache.find(1, 360), nullptr);  // the least recently used went
    EXPECT_NE(cache.find(1, 360, 0), nullptr);
}

TEST(CompanionJournal, IndexesAreWholeNumbers) {
    EXPECT_EQ(journal_index("0"), 0U);
    EXPECT_EQ(journal_index("300"), 300U);
    EXPECT_EQ(journal_index("999999999"), 999999999U);
    for (const char* bad : {"", "-1", "1e3", "12a", "1000000000", " 1", "+1"}) EXPECT_FALSE(journal_index(bad)) << bad;
}

TEST(CompanionSocket, AuthSaysWhichLinesThePageHas) {
    const Limits limits;
    const SocketMessage auth = parse_socket_message(R"({"type": "auth", "code": "AB", "since": 68, "game": "G1"})", limits);
    EXPECT_EQ(auth.since, 68U);
    EXPECT_EQ(auth.game, "G1");
    EXPECT_FALSE(parse_socket_message(R"({"type": "auth", "code": "AB"})", limits).since);
    for (const char* bad : {R"({"type": "auth", "code": "AB", "since": 68})", R"({"type": "auth", "code": "AB", "game": "G"})",
                            R"({"type": "auth", "code": "AB", "since": -1, "game": "G"})", R"({"type": "auth", "code": "AB", "since": 1.5, "game": "G"})"}) {
        try {
            parse_socket_message(bad, limits);
            ADD_FAILURE() << bad;
        } catch (const ApiError& error) {
            EXPECT_EQ(error.status, 400) << bad;
        }
    }
}

TEST(CompanionRateLimit, BurstThenRate) {
    RateLimiter limiter(2, 3);  // 2 a second, bursts of 3
    EXPECT_TRUE(limiter.allow("a", 0));
    EXPECT_TRUE(limiter.allow("a", 0));
    EXPECT_TRUE(limiter.allow("a", 0));
    EXPECT_FALSE(limiter.allow("a", 0));
    EXPECT_DOUBLE_EQ(limiter.retry_after("a", 0), 0.5);
    EXPECT_TRUE(limiter.allow("b", 0));  // another client has its own bucket
    EXPECT_FALSE(limiter.allow("a", 0.25));
    EXPECT_TRUE(limiter.allow("a", 0.5));  // one token back after half a second
    EXPECT_FALSE(limiter.allow("a", 0.5));
}

}  // namespace
}  // namespace fortuna::companion
