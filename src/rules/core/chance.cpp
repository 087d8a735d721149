// SPDX-License-Identifier: MIT
// Dice, random numbers and the seeded generator behind them.
#include "fortuna/core/chance.hpp"

#include <charconv>
#include <cmath>
#include <cstdio>
#include <sstream>

#include "fortuna/core/errors.hpp"

namespace fortuna {

RollRange natural_range(RollKind kind) {
    switch (kind) {
        case RollKind::D6: return {1, 6};
        case RollKind::TwoD6: return {2, 12};
        case RollKind::Random: return {0, 999};
    }
    return {0, 0};
}

std::string format_roll(RollKind kind, int value) {
    if (kind != RollKind::Random) return std::to_string(value);
    char buffer[32];
    const int magnitude = value < 0 ? -value : value;
    std::snprintf(buffer, sizeof buffer, "%s%d.%03d", value < 0 ? "-" : "", magnitude / 1000, magnitude % 1000);
    return buffer;
}

std::string format_modifier(RollKind kind, int value) {
    std::string text = format_roll(kind, value);
    return value >= 0 ? "+" + text : text;
}

int parse_roll(RollKind kind, std::string_view text) {
    const RollRange range = natural_range(kind);
    const std::string expected = kind == RollKind::Random
                                     ? std::string("a random number from 0.000 to 0.999 (three decimals)")
                                     : "a whole number from " + std::to_string(range.min) + " to " +
                                           std::to_string(range.max) + " (" + std::string(to_string(kind)) + ")";
    auto fail = [&]() -> int { throw RuleError("impossible roll '" + std::string(text) + "': expected " + expected); };
    while (!text.empty() && text.front() == ' ') text.remove_prefix(1);
    while (!text.empty() && text.back() == ' ') text.remove_suffix(1);
    if (text.empty()) return fail();
    int value = 0;
    if (kind == RollKind::Random) {
        // Accept "0.734", ".734", "0.7" (= 0.700); refuse more than three decimals and "1".
        std::string_view whole = text;
        std::string_view fraction;
        if (const auto dot = text.find('.'); dot != std::string_view::npos) {
            whole = text.substr(0, dot);
            fraction = text.substr(dot + 1);
        }
        if (!(whole.empty() || whole == "0") || fraction.empty() || fraction.size() > 3) return fail();
        for (char c : fraction)
            if (c < '0' || c > '9') return fail();
        std::string digits(fraction);
        digits.resize(3, '0');
        value = std::stoi(digits);
    } else {
        const auto [end, error] = std::from_chars(text.data(), text.data() + text.size(), value);
        if (error != std::errc() || end != text.data() + text.size()) return fail();
    }
    if (value < range.min || value > range.max) return fail();
    return value;
}

namespace {
std::vector<RollOutcome> make_outcomes(RollKind kind) {
    std::vector<RollOutcome> outcomes;
    switch (kind) {
        case RollKind::D6:
            for (int face = 1; face <= 6; ++face) outcomes.push_back({face, 1});
            break;
        case RollKind::TwoD6:
            for (int total = 2; total <= 12; ++total)
                outcomes.push_back({total, static_cast<std::uint32_t>(6 - std::abs(total - 7))});
            break;
        case RollKind::Random:
            for (int value = 0; value <= 999; ++value) outcomes.push_back({value, 1});
            break;
    }
    return outcomes;
}
}  // namespace

const std::vector<RollOutcome>& roll_outcomes(RollKind kind) {
    static const std::vector<RollOutcome> d6 = make_outcomes(RollKind::D6);
    static const std::vector<RollOutcome> two_d6 = make_outcomes(RollKind::TwoD6);
    static const std::vector<RollOutcome> random = make_outcomes(RollKind::Random);
    switch (kind) {
        case RollKind::D6: return d6;
        case RollKind::TwoD6: return two_d6;
        case RollKind::Random: break;
    }
    return random;
}

std::uint32_t total_weight(RollKind kind) {
    switch (kind) {
        case RollKind::D6: return 6;
        case RollKind::TwoD6: return 36;
        case RollKind::Random: return 1000;
    }
    return 1;
}

std::string Probability::percent(int decimals) const {
    char buffer[32];
    std::snprintf(buffer, sizeof buffer, "%.*f %%", decimals, value() * 100.0);
    return buffer;
}

Dice::Dice(std::uint64_t seed) : engine_(seed), seed_(seed) {}

std::uint32_t Dice::below(std::uint32_t bound) {
    if (bound <= 1) return 0;
    // Rejection sampling: discard the top partial block of 2^32 so every value is equally likely.
    const std::uint32_t limit = static_cast<std::uint32_t>((0x100000000ull / bound) * bound - 1);
    std::uint32_t draw = 0;
    do {
        draw = engine_();
        ++draws_;
    } while (limit != 0xffffffffu && draw > limit);
    return draw % bound;
}

Roll Dice::roll(RollKind kind) {
    Roll roll{kind, 0, RollSource::Generated};
    switch (kind) {
        case RollKind::D6: roll.value = static_cast<int>(below(6)) + 1; break;
        case RollKind::TwoD6: roll.value = static_cast<int>(below(6) + below(6)) + 2; break;
        case RollKind::Random: roll.value = static_cast<int>(below(1000)); break;
    }
    return roll;
}

std::string Dice::state() const {
    std::ostringstream out;
    out << engine_;
    return out.str();
}

void Dice::restore(std::uint64_t seed, std::uint64_t draws, const std::string& state) {
    std::istringstream in(state);
    pcg32 engine;
    in >> engine;
    if (in.fail()) throw RuleError("generator state is not a pcg32 state: '" + state + "'");
    engine_ = engine;
    seed_ = seed;
    draws_ = draws;
}

}  // namespace fortuna
