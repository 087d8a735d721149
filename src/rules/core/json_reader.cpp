// SPDX-License-Identifier: MIT
// Typed JSON access with errors that name file, pointer and expectation.
#include "json_reader.hpp"

#include <cmath>

namespace fortuna::detail {

namespace {
std::string escape_token(const std::string& key) {
    std::string out;
    for (char c : key) {
        if (c == '~') out += "~0";
        else if (c == '/') out += "~1";
        else out += c;
    }
    return out;
}
}  // namespace

std::string describe_json(const nlohmann::json& value) {
    std::string text = value.dump();
    if (text.size() > 60) text = text.substr(0, 57) + "...";
    return text + " (" + value.type_name() + ")";
}

void JsonReader::fail(const std::string& expected, const std::string& found) const {
    throw DataError(file_, where(), expected, found);
}

void JsonReader::fail_at(const std::string& key, const std::string& expected, const std::string& found) const {
    throw DataError(file_, pointer_ + "/" + escape_token(key), expected, found);
}

JsonReader JsonReader::at(const std::string& key) const {
    if (!node_->is_object()) fail("an object with '" + key + "'", describe_json(*node_));
    const auto it = node_->find(key);
    if (it == node_->end()) fail_at(key, "a value for '" + key + "'", "nothing");
    return JsonReader(*it, file_, pointer_ + "/" + escape_token(key));
}

JsonReader JsonReader::at(std::size_t index) const {
    if (!node_->is_array() || index >= node_->size()) fail("an array with an item " + std::to_string(index));
    return JsonReader((*node_)[index], file_, pointer_ + "/" + std::to_string(index));
}

std::size_t JsonReader::size() const {
    if (!node_->is_array() && !node_->is_object()) fail("an array or object", describe_json(*node_));
    return node_->size();
}

std::string JsonReader::as_string() const {
    if (!node_->is_string()) fail("a string", describe_json(*node_));
    return node_->get<std::string>();
}

int JsonReader::as_integer() const {
    if (!node_->is_number_integer()) fail("a whole number", describe_json(*node_));
    const auto value = node_->get<long long>();
    if (value < -1000000000LL || value > 1000000000LL) fail("a whole number within +-1,000,000,000", describe_json(*node_));
    return static_cast<int>(value);
}

std::string JsonReader::string(const std::string& key) const { return at(key).as_string(); }

std::string JsonReader::string_or(const std::string& key, const std::string& fallback) const {
    return has(key) ? string(key) : fallback;
}

int JsonReader::integer(const std::string& key) const { return at(key).as_integer(); }

int JsonReader::integer_or(const std::string& key, int fallback) const { return has(key) ? integer(key) : fallback; }

double JsonReader::number(const std::string& key) const {
    const JsonReader value = at(key);
    if (!value.node().is_number()) value.fail("a number", describe_json(value.node()));
    const double number = value.node().get<double>();
    if (!std::isfinite(number)) value.fail("a finite number");
    return number;
}

double JsonReader::number_or(const std::string& key, double fallback) const {
    return has(key) ? number(key) : fallback;
}

bool JsonReader::boolean_or(const std::string& key, bool fallback) const {
    if (!has(key)) return fallback;
    const JsonReader value = at(key);
    if (!value.node().is_boolean()) value.fail("true or false", describe_json(value.node()));
    return value.node().get<bool>();
}

int JsonReader::roll_value(RollKind kind) const {
    const RollRange range = natural_range(kind);
    if (kind == RollKind::Random) {
        if (!node_->is_number()) fail("a random number from 0.000 to 0.999", describe_json(*node_));
        const double value = node_->get<double>();
        const double thousandths = value * 1000.0;
        const double rounded = std::round(thousandths);
        if (!std::isfinite(value) || std::fabs(thousandths - rounded) > 1e-6 || rounded < range.min || rounded > range.max)
            fail("a random number from 0.000 to 0.999 with at most three decimals", describe_json(*node_));
        return static_cast<int>(rounded);
    }
    if (!node_->is_number_integer()) fail("a whole " + std::string(to_string(kind)) + " roll", describe_json(*node_));
    const auto value = node_->get<long long>();
    if (value < range.min || value > range.max)
        fail("a " + std::string(to_string(kind)) + " roll from " + std::to_string(range.min) + " to " +
                 std::to_string(range.max),
             describe_json(*node_));
    return static_cast<int>(value);
}

int JsonReader::roll_value(const std::string& key, RollKind kind) const { return at(key).roll_value(kind); }

int JsonReader::modifier(const std::string& key, bool random_model) const {
    if (!has(key)) return 0;
    const JsonReader value = at(key);
    if (random_model) {
        if (!value.node().is_number()) value.fail("a modifier such as 0.100", describe_json(value.node()));
        const double number = value.node().get<double>();
        const double thousandths = std::round(number * 1000.0);
        if (!std::isfinite(number) || std::fabs(number * 1000.0 - thousandths) > 1e-6 || std::fabs(number) > 1.0)
            value.fail("a modifier between -1.000 and 1.000 with at most three decimals", describe_json(value.node()));
        return static_cast<int>(thousandths);
    }
    const int pips = value.as_integer();
    if (pips < -12 || pips > 12) value.fail("a dice modifier between -12 and +12", describe_json(value.node()));
    return pips;
}

}  // namespace fortuna::detail
