// SPDX-License-Identifier: MIT
// Reading one member of JSON that came from outside (a file, a journal line, a phone's request)
// without trusting its type. nlohmann's value(key, default) throws type_error when the member
// exists with another type, which is not the DataError the callers report; the fuzzers found
// journal headers with "format": 5 escaping that way.
#pragma once

#include <optional>
#include <string>
#include <string_view>

#include <nlohmann/json.hpp>

namespace fortuna {

// The member's text, or "" when the node is not an object or the member is missing or not text.
inline std::string text_member(const nlohmann::json& node, std::string_view key) {
    if (!node.is_object()) return {};
    const auto found = node.find(key);
    return found != node.end() && found->is_string() ? found->get<std::string>() : std::string();
}

// The member as a whole number, or nothing when it is missing or anything else (a fraction,
// text, a number too large for 64 bits).
inline std::optional<long long> integer_member(const nlohmann::json& node, std::string_view key) {
    if (!node.is_object()) return std::nullopt;
    const auto found = node.find(key);
    if (found == node.end()) return std::nullopt;
    if (found->is_number_integer() && !(found->is_number_unsigned() && found->get<unsigned long long>() > 0x7fffffffffffffffULL))
        return found->get<long long>();
    return std::nullopt;
}

// The member as true/false, or the fallback when it is missing or not a boolean.
inline bool flag_member(const nlohmann::json& node, std::string_view key, bool fallback) {
    if (!node.is_object()) return fallback;
    const auto found = node.find(key);
    return found != node.end() && found->is_boolean() ? found->get<bool>() : fallback;
}

}  // namespace fortuna
