// SPDX-License-Identifier: MIT
// Typed access to a JSON document that reports a missing or wrong field by file and pointer.
#pragma once

#include <optional>
#include <string>

#include <nlohmann/json.hpp>

#include "fortuna/core/chance.hpp"
#include "fortuna/core/errors.hpp"

namespace fortuna::detail {

class JsonReader {
public:
    JsonReader(const nlohmann::json& node, std::string file, std::string pointer = "")
        : node_(&node), file_(std::move(file)), pointer_(std::move(pointer)) {}

    const nlohmann::json& node() const { return *node_; }
    const std::string& pointer() const { return pointer_; }
    const std::string& file() const { return file_; }
    std::string where() const { return pointer_.empty() ? std::string("/") : pointer_; }

    bool has(const std::string& key) const { return node_->is_object() && node_->contains(key) && !(*node_)[key].is_null(); }
    JsonReader at(const std::string& key) const;
    JsonReader at(std::size_t index) const;
    std::size_t size() const;

    std::string string(const std::string& key) const;
    std::string string_or(const std::string& key, const std::string& fallback) const;
    int integer(const std::string& key) const;
    int integer_or(const std::string& key, int fallback) const;
    double number(const std::string& key) const;
    double number_or(const std::string& key, double fallback) const;
    bool boolean_or(const std::string& key, bool fallback) const;

    // A roll value in the rule set's units: a whole die face, or a decimal in thousandths.
    int roll_value(RollKind kind) const;  // this node
    int roll_value(const std::string& key, RollKind kind) const;
    // A modifier: whole dice pips, or a decimal like 0.100 held as 100 thousandths.
    int modifier(const std::string& key, bool random_model) const;

    int as_integer() const;
    std::string as_string() const;

    [[noreturn]] void fail(const std::string& expected, const std::string& found = {}) const;
    [[noreturn]] void fail_at(const std::string& key, const std::string& expected, const std::string& found = {}) const;

private:
    const nlohmann::json* node_;
    std::string file_;
    std::string pointer_;
};

std::string describe_json(const nlohmann::json& value);

}  // namespace fortuna::detail
