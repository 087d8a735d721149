// SPDX-License-Identifier: MIT
// One name table per enum, and the generic conversions to and from the words data files use.
//
// Each enum declares, next to itself, a specialisation of EnumNames listing every value with
// its canonical word first and any accepted alias after it ("square", then "hedgehog"). The
// conversions below are the only code that turns enum values into words and back, so a word
// is spelt once and an error always lists the words that would have been understood.
#pragma once

#include <array>
#include <cstddef>
#include <optional>
#include <string>
#include <string_view>
#include <utility>

#include "fortuna/core/errors.hpp"

namespace fortuna {

template <class E>
struct NameOf {
    E value;
    std::string_view word;
};

// Specialise with: static constexpr std::string_view what = "formation";
//                  static constexpr std::array<NameOf<E>, N> names{{...}};
template <class E>
struct EnumNames;

template <class E>
concept NamedEnum = requires {
    EnumNames<E>::what;
    EnumNames<E>::names;
};

template <NamedEnum E>
constexpr std::string_view to_string(E value) {
    for (const auto& entry : EnumNames<E>::names)
        if (entry.value == value) return entry.word;
    return "?";
}

template <NamedEnum E>
constexpr std::optional<E> try_enum_from_string(std::string_view word) {
    for (const auto& entry : EnumNames<E>::names)
        if (entry.word == word) return entry.value;
    return std::nullopt;
}

// The canonical words, "line, column or square": for messages that say what was expected.
template <NamedEnum E>
std::string enum_choices() {
    std::string text;
    std::size_t canonical = 0;
    const auto& names = EnumNames<E>::names;
    for (std::size_t i = 0; i < names.size(); ++i) {
        bool first = true;
        for (std::size_t j = 0; j < i; ++j) first = first && names[j].value != names[i].value;
        if (first) ++canonical;
    }
    std::size_t written = 0;
    for (std::size_t i = 0; i < names.size(); ++i) {
        bool first = true;
        for (std::size_t j = 0; j < i; ++j) first = first && names[j].value != names[i].value;
        if (!first) continue;
        if (written > 0) text += written + 1 == canonical ? " or " : ", ";
        text += names[i].word;
        ++written;
    }
    return text;
}

// Throws RuleError: "unknown formation 'wedge': expected line, column or square".
template <NamedEnum E>
E enum_from_string(std::string_view word) {
    if (auto value = try_enum_from_string<E>(word)) return *value;
    throw RuleError("unknown " + std::string(EnumNames<E>::what) + " '" + std::string(word) + "': expected " +
                    enum_choices<E>());
}

}  // namespace fortuna
