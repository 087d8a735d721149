// SPDX-License-Identifier: MIT
// The companion's message layer by hand: HTTP requests and limits, join codes, permissions, rate limit.
#include <gtest/gtest.h>

#include <set>
#include <string>

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

TEST(CompanionSocket, AuthAndPingOnly) {
    const Limits limits;
    EXPECT_EQ(parse_socket_message(R"({"type": "auth", "code": "AB"})", limits).code, "AB");
    EXPECT_EQ(parse_socket_message(R"({"type": "ping"})", limits).type, SocketMessage::Type::Ping);
    EXPECT_THROW((void)parse_socket_message(R"({"type": "apply"})", limits), ApiError);
    EXPECT_THROW((void)parse_socket_message(R"({"type": "auth", "code": 5})", limits), ApiError);
    EXPECT_THROW((void)parse_socket_message(std::string(5000, ' '), limits), ApiError);
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
