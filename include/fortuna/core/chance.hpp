// SPDX-License-Identifier: MIT
// Chance: the dice of the dice edition and the 0.000-0.999 random number of the others.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include <pcg_random.hpp>

#include "fortuna/core/names.hpp"

namespace fortuna {

// What is rolled. A random number 0.000-0.999 is held as integer thousandths (0..999) so
// that table bands and +0.100 modifiers are exact.
enum class RollKind { D6, TwoD6, Random };

template <>
struct EnumNames<RollKind> {
    static constexpr std::string_view what = "roll kind";
    static constexpr std::array<NameOf<RollKind>, 3> names{
        {{RollKind::D6, "d6"}, {RollKind::TwoD6, "2d6"}, {RollKind::Random, "random"}}};
};

struct RollRange {
    int min = 0;
    int max = 0;
};
RollRange natural_range(RollKind kind);

// "5" for dice, "0.734" for a random number; also used for modifiers ("+1", "+0.100").
std::string format_roll(RollKind kind, int value);
std::string format_modifier(RollKind kind, int value);

// Parses what an umpire types: "5", "12", "0.734", ".734". Throws RuleError naming the
// expected range when the text is not a possible natural roll of that kind.
int parse_roll(RollKind kind, std::string_view text);

enum class RollSource { Generated, Entered };
template <>
struct EnumNames<RollSource> {
    static constexpr std::string_view what = "roll source";
    static constexpr std::array<NameOf<RollSource>, 2> names{
        {{RollSource::Generated, "generated"}, {RollSource::Entered, "entered"}}};
};

struct Roll {
    RollKind kind = RollKind::D6;
    int value = 0;
    RollSource source = RollSource::Generated;
};

// One possible natural roll and how many of the kind's equally likely elementary outcomes
// give it (d6: 1 of 6; 2d6 total 7: 6 of 36; random 0.734: 1 of 1000).
struct RollOutcome {
    int value = 0;
    std::uint32_t weight = 0;
};
const std::vector<RollOutcome>& roll_outcomes(RollKind kind);
std::uint32_t total_weight(RollKind kind);  // 6, 36 or 1000

// Exact probability as a fraction of elementary outcomes.
struct Probability {
    std::uint64_t numerator = 0;
    std::uint64_t denominator = 1;
    double value() const { return denominator ? double(numerator) / double(denominator) : 0.0; }
    std::string percent(int decimals = 1) const;
};

// A seeded generator whose sequence is the same on every platform: PCG32 (pcg-cpp,
// pcg32 = XSH-RR 64/32) with our own unbiased mapping to a range (rejection sampling),
// never std::uniform_int_distribution, whose output differs between standard libraries.
class Dice {
public:
    explicit Dice(std::uint64_t seed = 0x5eedf0u);

    Roll roll(RollKind kind);
    // Uniform integer in [0, bound) by rejection: exact and portable.
    std::uint32_t below(std::uint32_t bound);

    std::uint64_t seed() const noexcept { return seed_; }
    std::uint64_t draws() const noexcept { return draws_; }
    // The generator's full state as text (pcg-cpp's stream format) for saved games.
    std::string state() const;
    void restore(std::uint64_t seed, std::uint64_t draws, const std::string& state);

private:
    pcg32 engine_;
    std::uint64_t seed_;
    std::uint64_t draws_ = 0;
};

}  // namespace fortuna
