// SPDX-License-Identifier: MIT
// Named terms of a roll: every modifier, shift or die added to a roll is a value with the words
// that say why ("+1 general attached", "-1 moved"), so every client shows the same sum as data.
//
// Computed once, the terms are both what the explanation prints and what the fast path adds up,
// so the two can never disagree (MegaMek's modifiers; the combat results of seed 002, Table 6).
#pragma once

#include <array>
#include <cstddef>
#include <string>
#include <string_view>

#include <nlohmann/json.hpp>

namespace fortuna {

struct Term {
    int value = 0;
    std::string_view why;  // static text: the rules' own words for the circumstance
};

// A fixed array rather than a vector: a combat's terms are computed for every cell the odds
// enumerate and the opponent's plans try, so they must not allocate.
struct Terms {
    std::array<Term, 12> items{};
    std::size_t count = 0;
    int total = 0;

    // A zero term is not a term; a thirteenth is a programming error the tests catch.
    void add(int value, std::string_view why) {
        if (value == 0 || count == items.size()) return;
        items[count++] = {value, why};
        total += value;
    }
    const Term* begin() const { return items.data(); }
    const Term* end() const { return items.data() + count; }
    bool empty() const { return count == 0; }

    // "+1 general attached, -1 moved" (or "none").
    std::string describe() const {
        if (count == 0) return "none";
        std::string text;
        for (const Term& term : *this) {
            if (!text.empty()) text += ", ";
            text += (term.value > 0 ? "+" : "") + std::to_string(term.value) + " " + std::string(term.why);
        }
        return text;
    }
    // [{"value": 1, "why": "general attached"}, ...] for programs and the companion.
    nlohmann::json to_json() const {
        nlohmann::json list = nlohmann::json::array();
        for (const Term& term : *this) list.push_back({{"value", term.value}, {"why", std::string(term.why)}});
        return list;
    }
};

}  // namespace fortuna
