// SPDX-License-Identifier: MIT
// Gunnery by range band against hull and sails, pairs of sixes, boarding by gun decks (seed 000, Combat), with exact odds.
#include <algorithm>
#include <array>
#include <cstdio>

#include "fortuna/core/errors.hpp"
#include "fortuna/naval/model.hpp"

namespace fortuna {

namespace {

std::string dice_text(const std::vector<Roll>& dice) {
    std::string text;
    for (const auto& die : dice) text += (text.empty() ? "" : ",") + std::to_string(die.value);
    return text;
}

std::uint64_t power_of_six(int n) {
    std::uint64_t p = 1;
    for (int i = 0; i < n; ++i) p *= 6;
    return p;
}

std::string plural(int n, const std::string& one, const std::string& many) {
    return std::to_string(n) + " " + (n == 1 ? one : many);
}

void check_dice(const std::vector<Roll>& dice, int expected, const std::string& what) {
    if (static_cast<int>(dice.size()) != expected)
        throw RuleError(what + ": " + plural(expected, "die", "dice") + (expected == 1 ? " is" : " are") + " thrown (one per gun deck), " +
                        std::to_string(dice.size()) + " given");
    for (const auto& die : dice)
        if (die.value < 1 || die.value > 6) throw RuleError(what + ": a die shows 1 to 6, not " + std::to_string(die.value));
}

}  // namespace

// ---------------------------------------------------------------- broadsides

BroadsideSetup prepare_broadside(const NavalTables& tables, int dice, double range_cm, Aim aim) {
    if (dice < 1) throw RuleError("no gun deck left on that side to fire");
    if (range_cm < 0) throw RuleError("a range is 0 cm or more, not " + format_tenths(range_cm));
    if (range_cm > tables.max_range_cm + 1e-9)
        throw RuleError("out of range: " + format_tenths(range_cm) + " cm is beyond the firing table's " +
                        format_tenths(tables.max_range_cm) + " cm");
    BroadsideSetup setup;
    setup.dice = dice;
    setup.range_cm = range_cm;
    setup.aim = aim;
    // S8: each band includes its far edge, so 4 cm is the first band.
    for (std::size_t i = 0; i < tables.firing.size(); ++i)
        if (range_cm <= tables.firing[i].to_cm + 1e-9) {
            setup.band_index = static_cast<int>(i);
            setup.band = &tables.firing[i];
            break;
        }
    setup.score = aim == Aim::Hull ? setup.band->hull : setup.band->sails;
    setup.explanation.push_back("Combat, range table row " + format_tenths(setup.band->from_cm) + "-" + format_tenths(setup.band->to_cm) +
                                " cm (range " + format_tenths(range_cm) + " cm), " +
                                (aim == Aim::Hull ? "hull (gun decks)" : "sails") + ": each die of " +
                                std::to_string(setup.score) + (setup.score < 6 ? "-6" : "") + " hits");
    setup.explanation.push_back(plural(dice, "gun deck fires one die", "gun decks fire one die each") +
                                "; a pair of sixes sets the target on fire (D6)");
    return setup;
}

BroadsideRoll roll_broadside(const NavalTables& tables, const BroadsideSetup& setup, const std::vector<Roll>& dice) {
    check_dice(dice, setup.dice, "broadside");
    BroadsideRoll r;
    r.setup = setup;
    r.dice = dice;
    for (const auto& die : dice) {
        if (die.value >= setup.score) ++r.hits;
        if (die.value == 6) ++r.sixes;
    }
    r.fire = r.sixes >= tables.fire_sixes_needed;
    r.explanation = setup.explanation;
    r.explanation.push_back("dice " + dice_text(dice) + ": " + plural(r.hits, "hit", "hits") + " (" +
                            std::to_string(setup.score) + " or more)");
    if (r.fire) r.explanation.push_back("a pair of sixes (" + std::to_string(r.sixes) + " sixes): the target catches fire");
    return r;
}

BroadsideOdds broadside_odds(const BroadsideSetup& setup) {
    // Each die is one of: a six (1 face, a hit too), a hit below six (6 - score faces), a miss.
    // counts[h][s]: ways for h hits with s sixes (s capped at 2, "a pair").
    const int n = setup.dice;
    const std::uint64_t hit_faces = static_cast<std::uint64_t>(6 - setup.score);
    const std::uint64_t miss_faces = static_cast<std::uint64_t>(setup.score - 1);
    std::vector<std::array<std::uint64_t, 3>> counts(static_cast<std::size_t>(n) + 1, {0, 0, 0});
    counts[0][0] = 1;
    for (int die = 0; die < n; ++die) {
        std::vector<std::array<std::uint64_t, 3>> next(counts.size(), {0, 0, 0});
        for (std::size_t h = 0; h < counts.size(); ++h)
            for (int s = 0; s < 3; ++s) {
                const std::uint64_t ways = counts[h][static_cast<std::size_t>(s)];
                if (!ways) continue;
                next[h][static_cast<std::size_t>(s)] += ways * miss_faces;
                if (h + 1 < counts.size()) {
                    next[h + 1][static_cast<std::size_t>(s)] += ways * hit_faces;
                    next[h + 1][static_cast<std::size_t>(std::min(s + 1, 2))] += ways;
                }
            }
        counts = std::move(next);
    }
    const std::uint64_t all = power_of_six(n);
    BroadsideOdds odds;
    odds.fire = {0, all};
    odds.at_least_one_hit = {0, all};
    for (std::size_t h = 0; h < counts.size(); ++h) {
        const std::uint64_t any = counts[h][0] + counts[h][1] + counts[h][2];
        odds.hits.push_back({any, all});
        odds.hits_and_fire.push_back({counts[h][2], all});
        odds.fire.numerator += counts[h][2];
        if (h > 0) odds.at_least_one_hit.numerator += any;
    }
    return odds;
}

Distribution BroadsideOdds::as_distribution() const {
    Distribution d;
    for (std::size_t h = 0; h < hits.size(); ++h) d.push_back({plural(static_cast<int>(h), "hit", "hits"), hits[h]});
    d.push_back({"fire", fire});
    return d;
}

// ---------------------------------------------------------------- damage to the sheet

DamageDone apply_hits(const Ship& target, ShipStatus& status, Aim aim, FireAspect aspect, int hits,
                      const std::vector<std::string>& owner_masts) {
    DamageDone done;
    const auto& masts = target.ship_class->masts;
    for (int hit = 0; hit < hits; ++hit) {
        if (aim == Aim::Sails) {
            // D5: broadside, the owner's choice (else the least movement lost); fore or aft in order.
            int chosen = -1;
            if (aspect == FireAspect::Bow || aspect == FireAspect::Stern) {
                for (int k = 0; k < static_cast<int>(masts.size()); ++k) {
                    const int i = aspect == FireAspect::Bow ? k : static_cast<int>(masts.size()) - 1 - k;
                    if (status.masts[static_cast<std::size_t>(i)]) {
                        chosen = i;
                        break;
                    }
                }
            } else {
                for (const auto& name : owner_masts)
                    for (std::size_t i = 0; i < masts.size() && chosen < 0; ++i)
                        if (masts[i].name == name && status.masts[i]) chosen = static_cast<int>(i);
                if (chosen < 0) {
                    // Fewest units first; among equals fore, then mizzen (aft), then main.
                    static constexpr int kPreference[] = {0, 2, 1};
                    for (int units = 1; units <= 3 && chosen < 0; ++units)
                        for (int i : kPreference)
                            if (i < static_cast<int>(masts.size()) && status.masts[static_cast<std::size_t>(i)] &&
                                masts[static_cast<std::size_t>(i)].units == units && chosen < 0)
                                chosen = i;
                }
            }
            if (chosen < 0) {
                done.explanation.push_back("hit " + std::to_string(hit + 1) + ": no mast left standing");
                continue;
            }
            status.masts[static_cast<std::size_t>(chosen)] = false;
            done.masts.push_back(masts[static_cast<std::size_t>(chosen)].name);
            done.explanation.push_back("hit " + std::to_string(hit + 1) + ": " + masts[static_cast<std::size_t>(chosen)].name +
                                       " mast shot away (" + std::string(to_string(aspect)) + ")");
            continue;
        }
        // Hull (gun decks), D4.
        auto take_deck = [&](bool port) {
            int& decks = port ? status.port_decks : status.starboard_decks;
            if (decks > 0) {
                --decks;
                ++(port ? done.port_decks : done.starboard_decks);
                return std::string(port ? "port" : "starboard") + " gun deck knocked out";
            }
            if (status.hull > 0) {
                --status.hull;
                ++done.hull;
                return std::string("no ") + (port ? "port" : "starboard") + " gun deck left: a hull integrity unit lost";
            }
            return std::string("nothing left on the ") + (port ? "port" : "starboard") + " side to damage";
        };
        std::string words;
        if (aspect == FireAspect::Stern) {
            words = "raked from the stern: " + take_deck(true) + "; " + take_deck(false);
        } else if (aspect == FireAspect::Bow) {
            words = "from the bow: " + take_deck(status.port_decks >= status.starboard_decks);
        } else {
            words = take_deck(aspect == FireAspect::Port);
        }
        done.explanation.push_back("hit " + std::to_string(hit + 1) + ": " + words);
    }
    return done;
}

// ---------------------------------------------------------------- boarding

std::vector<std::uint64_t> dice_total_counts(int dice) {
    std::vector<std::uint64_t> counts{1};  // zero dice: total 0 one way
    for (int d = 0; d < dice; ++d) {
        std::vector<std::uint64_t> next(counts.size() + 6, 0);
        for (std::size_t total = 0; total < counts.size(); ++total)
            for (int face = 1; face <= 6; ++face) next[total + static_cast<std::size_t>(face)] += counts[total];
        counts = std::move(next);
    }
    return counts;
}

BoardingOdds boarding_odds(int attacker_decks, int defender_decks) {
    if (attacker_decks < 0 || defender_decks < 0) throw RuleError("a ship has 0 or more gun decks");
    const auto a = dice_total_counts(attacker_decks);
    const auto d = dice_total_counts(defender_decks);
    const std::uint64_t all = power_of_six(attacker_decks) * power_of_six(defender_decks);
    BoardingOdds odds{{0, all}, {0, all}, {0, all}};
    for (std::size_t i = 0; i < a.size(); ++i)
        for (std::size_t j = 0; j < d.size(); ++j) {
            const std::uint64_t ways = a[i] * d[j];
            if (i > j) odds.attacker_wins.numerator += ways;
            else if (j > i) odds.defender_wins.numerator += ways;
            else odds.tie.numerator += ways;
        }
    return odds;
}

Distribution BoardingOdds::as_distribution() const {
    return {{"boarder captures", attacker_wins}, {"defender captures", defender_wins}, {"tie", tie}};
}

BoardingRoll roll_boarding(int attacker_decks, int defender_decks, const std::vector<Roll>& attacker_dice,
                           const std::vector<Roll>& defender_dice) {
    check_dice(attacker_dice, attacker_decks, "boarding, boarder");
    check_dice(defender_dice, defender_decks, "boarding, defender");
    BoardingRoll r;
    r.attacker_dice = attacker_dice;
    r.defender_dice = defender_dice;
    for (const auto& die : attacker_dice) r.attacker_total += die.value;
    for (const auto& die : defender_dice) r.defender_total += die.value;
    r.winner = r.attacker_total > r.defender_total ? 0 : r.defender_total > r.attacker_total ? 1 : -1;
    r.explanation.push_back("Combat, boarding: each remaining gun deck throws a die; the highest total captures");
    r.explanation.push_back("boarder " + plural(attacker_decks, "gun deck", "gun decks") + " (" + dice_text(attacker_dice) +
                            ") = " + std::to_string(r.attacker_total) + "; defender " +
                            plural(defender_decks, "gun deck", "gun decks") + " (" + dice_text(defender_dice) + ") = " +
                            std::to_string(r.defender_total));
    r.explanation.push_back(r.winner == 0   ? "the boarder captures the defender"
                            : r.winner == 1 ? "the defender captures the boarder"
                                            : "a tie: no capture, the ships stay entangled (D8)");
    return r;
}

}  // namespace fortuna
