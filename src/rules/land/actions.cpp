// SPDX-License-Identifier: MIT
// The one JSON codec of typed actions, derived from each kind's field list (actions.hpp).
#include "fortuna/land/actions.hpp"

#include <cmath>
#include <type_traits>

#include "fortuna/core/errors.hpp"

namespace fortuna {

namespace {

template <class T>
struct is_optional : std::false_type {};
template <class T>
struct is_optional<std::optional<T>> : std::true_type {
    using value_type = T;
};

// Keys every action may carry besides its own (see ActionRequest).
constexpr std::string_view kEnvelopeKeys[] = {"do", "roll", "rolls", "note", "override", "by", "why"};

std::string found_text(const nlohmann::json& object, std::string_view key) {
    const auto it = object.find(std::string(key));
    if (it == object.end() || it->is_null()) return "nothing";
    std::string found = it->dump();
    if (found.size() > 60) found = found.substr(0, 57) + "...";
    return found;
}

// Reads one action object's fields, refusing each malformed one with what was expected.
class FieldReader {
public:
    FieldReader(const nlohmann::json& object, std::string_view kind) : object_(object), kind_(kind) {}

    [[noreturn]] void fail(std::string_view key, std::string_view expected) const {
        throw RuleError("'" + std::string(kind_) + "' needs '" + std::string(key) + "': " + std::string(expected) +
                        " (found " + found_text(object_, key) + ")");
    }

    template <class Owner, class Member>
    void read(const FieldSpec<Owner, Member>& spec, Owner& owner) const {
        const auto it = object_.find(std::string(spec.key));
        const bool present = it != object_.end() && !it->is_null();
        if (!present) {
            if (spec.need == Need::Required) fail(spec.key, spec.expected);
            return;
        }
        if constexpr (is_optional<Member>::value) {
            owner.*spec.member = value<typename is_optional<Member>::value_type>(*it, spec);
        } else {
            owner.*spec.member = value<Member>(*it, spec);
        }
    }

private:
    template <class T, class Spec>
    T value(const nlohmann::json& node, const Spec& spec) const {
        if constexpr (std::is_same_v<T, std::string>) {
            if (!node.is_string() || node.get_ref<const std::string&>().empty()) fail(spec.key, spec.expected);
            return node.get<std::string>();
        } else if constexpr (std::is_same_v<T, bool>) {
            if (!node.is_boolean()) fail(spec.key, spec.expected);
            return node.get<bool>();
        } else if constexpr (std::is_same_v<T, int>) {
            if (!node.is_number_integer()) fail(spec.key, spec.expected);
            const auto v = node.get<long long>();
            if (v < static_cast<long long>(spec.min) || v > static_cast<long long>(spec.max)) fail(spec.key, spec.expected);
            return static_cast<int>(v);
        } else if constexpr (std::is_same_v<T, double>) {
            if (!node.is_number()) fail(spec.key, spec.expected);
            const double v = node.get<double>();
            if (!std::isfinite(v) || v < spec.min || v > spec.max) fail(spec.key, spec.expected);
            return v;
        } else if constexpr (std::is_same_v<T, std::vector<std::string>>) {
            if (!node.is_array()) fail(spec.key, spec.expected);
            std::vector<std::string> out;
            for (const nlohmann::json& item : node) {
                if (!item.is_string() || item.get_ref<const std::string&>().empty()) fail(spec.key, spec.expected);
                out.push_back(item.get<std::string>());
            }
            return out;
        } else if constexpr (std::is_same_v<T, BoardPoint>) {
            const std::string expected = "a position {\"x_mm\": .., \"y_mm\": ..} or [x_mm, y_mm] within " +
                                         std::to_string(static_cast<int>(kMaxBoardMm)) + " mm";
            BoardPoint p;
            if (node.is_object() && node.size() == 2 && node.contains("x_mm") && node.contains("y_mm") &&
                node["x_mm"].is_number() && node["y_mm"].is_number()) {
                p = {node["x_mm"].get<double>(), node["y_mm"].get<double>()};
            } else if (node.is_array() && node.size() == 2 && node[0].is_number() && node[1].is_number()) {
                p = {node[0].get<double>(), node[1].get<double>()};
            } else {
                fail(spec.key, expected);
            }
            if (!std::isfinite(p.x_mm) || !std::isfinite(p.y_mm) || std::abs(p.x_mm) > kMaxBoardMm ||
                std::abs(p.y_mm) > kMaxBoardMm)
                fail(spec.key, expected);
            return p;
        } else {
            static_assert(NamedEnum<T>, "a field of an action must be text, a flag, a number, a point or a named enum");
            if (!node.is_string()) fail(spec.key, spec.expected);
            const auto v = try_enum_from_string<T>(node.get_ref<const std::string&>());
            if (!v) fail(spec.key, spec.expected);
            return *v;
        }
    }

    const nlohmann::json& object_;
    std::string_view kind_;
};

template <class T>
nlohmann::json json_value(const T& value) {
    if constexpr (std::is_same_v<T, BoardPoint>) {
        return {{"x_mm", value.x_mm}, {"y_mm", value.y_mm}};
    } else if constexpr (NamedEnum<T>) {
        return std::string(to_string(value));
    } else {
        return value;
    }
}

template <class A>
void encode_fields(const A& action, nlohmann::json& out) {
    static const A defaults{};
    std::apply(
        [&](const auto&... spec) {
            const auto one = [&](const auto& s) {
                const auto& value = action.*(s.member);
                using Member = std::remove_cvref_t<decltype(value)>;
                if constexpr (is_optional<Member>::value) {
                    if (value) out[std::string(s.key)] = json_value(*value);
                } else {
                    if (s.need == Need::Required || !(value == defaults.*(s.member)))
                        out[std::string(s.key)] = json_value(value);
                }
            };
            (one(spec), ...);
            (void)one;  // a kind without fields (end-phase) calls it for no field
        },
        A::fields());
}

template <class A>
A decode_fields(const nlohmann::json& object) {
    A action{};
    const FieldReader reader(object, A::kind);
    std::apply([&](const auto&... spec) { (reader.read(spec, action), ...); }, A::fields());
    return action;
}

template <class A>
ActionKindInfo info_of() {
    ActionKindInfo info{A::kind, A::phase, {}};
    std::apply([&](const auto&... spec) { (info.keys.push_back(spec.key), ...); }, A::fields());
    return info;
}

template <std::size_t... I>
std::vector<ActionKindInfo> all_infos(std::index_sequence<I...>) {
    return {info_of<std::variant_alternative_t<I, Action>>()...};
}

// Decoders by kind, in the order of the variant.
using Decoder = Action (*)(const nlohmann::json&);
template <std::size_t... I>
std::vector<Decoder> all_decoders(std::index_sequence<I...>) {
    return {[](const nlohmann::json& o) -> Action { return decode_fields<std::variant_alternative_t<I, Action>>(o); }...};
}

std::optional<EnteredRoll> entered_roll(const nlohmann::json& node, const std::string& slot) {
    if (node.is_number()) return EnteredRoll{node.dump(), true};
    if (node.is_string()) return EnteredRoll{node.get<std::string>(), false};
    throw RuleError("'" + slot + "' roll must be a number such as 5 or 0.734, not " + node.dump());
}

std::string optional_text(const nlohmann::json& object, const char* key, std::string_view kind, const char* expected) {
    const auto& node = object[key];
    if (!node.is_string() || node.get_ref<const std::string&>().empty())
        throw RuleError("'" + std::string(kind) + "' needs '" + key + "': " + expected + " (found " + found_text(object, key) + ")");
    return node.get<std::string>();
}

}  // namespace

const std::vector<ActionKindInfo>& action_kinds() {
    static const std::vector<ActionKindInfo> kinds = all_infos(std::make_index_sequence<std::variant_size_v<Action>>{});
    return kinds;
}

const ActionKindInfo* find_action_kind(std::string_view kind) {
    for (const auto& info : action_kinds())
        if (info.kind == kind) return &info;
    return nullptr;
}

std::string known_action_kinds() {
    std::string text;
    for (const auto& info : action_kinds()) text += (text.empty() ? "" : ", ") + std::string(info.kind);
    return text + ", undo, redo";
}

std::string_view ActionRequest::kind() const {
    return std::visit([](const auto& a) { return std::decay_t<decltype(a)>::kind; }, action);
}
std::string_view ActionRequest::phase() const {
    return std::visit([](const auto& a) { return std::decay_t<decltype(a)>::phase; }, action);
}

ActionRequest decode_action(const nlohmann::json& object) {
    if (!object.is_object()) throw RuleError("an action is a JSON object with \"do\", e.g. {\"do\": \"end-phase\"}");
    if (!object.contains("do") || !object["do"].is_string())
        throw RuleError("an action needs \"do\": one of " + known_action_kinds());
    const std::string kind = object["do"].get<std::string>();
    const auto& kinds = action_kinds();
    std::size_t index = kinds.size();
    for (std::size_t i = 0; i < kinds.size(); ++i)
        if (kinds[i].kind == kind) index = i;
    if (index == kinds.size()) throw RuleError("unknown action '" + kind + "': expected one of " + known_action_kinds());
    const ActionKindInfo& info = kinds[index];
    for (const auto& [key, value] : object.items()) {
        const bool envelope = std::find(std::begin(kEnvelopeKeys), std::end(kEnvelopeKeys), key) != std::end(kEnvelopeKeys);
        if (envelope || std::find(info.keys.begin(), info.keys.end(), key) != info.keys.end()) continue;
        std::string keys;
        for (auto k : info.keys) keys += (keys.empty() ? "" : ", ") + std::string(k);
        throw RuleError("'" + kind + "' does not take '" + key + "': its keys are " +
                        (keys.empty() ? std::string("none") : keys) + (info.keys.empty() ? "" : ", roll, rolls") +
                        ", note, override");
    }
    static const std::vector<Decoder> decoders = all_decoders(std::make_index_sequence<std::variant_size_v<Action>>{});
    ActionRequest request;
    request.action = decoders[index](object);
    if (object.contains("roll") && !object["roll"].is_null()) request.rolls["roll"] = *entered_roll(object["roll"], "roll");
    if (object.contains("rolls") && !object["rolls"].is_null()) {
        if (!object["rolls"].is_object())
            throw RuleError("'rolls' is an object of entered rolls by slot, e.g. {\"attacker_leader\": 7, \"roll\": 5}");
        for (const auto& [slot, value] : object["rolls"].items())
            if (!request.rolls.contains(slot)) request.rolls[slot] = *entered_roll(value, slot);
    }
    if (object.contains("note") && !object["note"].is_null()) {
        if (!object["note"].is_string()) throw RuleError("'note' is text (found " + found_text(object, "note") + ")");
        request.note = object["note"].get<std::string>();
    }
    if (object.contains("override")) {
        // An override is never silent: it names its reason (docs/rules/enforcement.md).
        request.override_reason =
            optional_text(object, "override", kind, "the umpire's reason for overruling the rules, in words");
    }
    if (object.contains("by") && !object["by"].is_null()) request.by = optional_text(object, "by", kind, "who sent the action");
    if (object.contains("why") && !object["why"].is_null()) request.why = optional_text(object, "why", kind, "the reason in words");
    return request;
}

nlohmann::json encode_action(const ActionRequest& request) {
    nlohmann::json out = nlohmann::json::object();
    out["do"] = std::string(request.kind());
    std::visit([&](const auto& a) { encode_fields(a, out); }, request.action);
    nlohmann::json others = nlohmann::json::object();
    for (const auto& [slot, roll] : request.rolls) {
        nlohmann::json value = roll.text;
        if (roll.number) value = nlohmann::json::parse(roll.text, nullptr, false);
        if (value.is_discarded()) value = roll.text;
        if (slot == "roll") out["roll"] = value;
        else others[slot] = value;
    }
    if (!others.empty()) out["rolls"] = others;
    if (request.note) out["note"] = *request.note;
    if (request.override_reason) out["override"] = *request.override_reason;
    if (request.by) out["by"] = *request.by;
    if (request.why) out["why"] = *request.why;
    return out;
}

}  // namespace fortuna
