// SPDX-License-Identifier: MIT
// The rolls of Clausewitz (seed 003): odds by enumeration over every die, throws explained step by step.
//
// The posts are named by their titles as the seed has them; docs/rules/clausewitz.md says which
// post each number follows and why.
#include <algorithm>
#include <charconv>
#include <cmath>

#include "fortuna/clausewitz/resolvers.hpp"
#include "fortuna/core/errors.hpp"

namespace fortuna::clausewitz {

namespace {

constexpr std::string_view kAlpha = "\"Clausewitz Full Alpha Ruleset\"";
constexpr std::string_view kAdjustments = "\"Rulebook Adjustments\"";
constexpr std::string_view kSynopsis = "\"Clausewitz (A Synopsis)\"";
constexpr std::string_view kUnitMovement = "\"Writing a Wargame – Unit Movement\"";

constexpr int kMaxDice = 300;  // more than five bases of the largest cavalry regiments throw

std::string cite(std::string_view post) { return " (seed 003, " + std::string(post) + ")"; }

long double chance_at_least(int natural) {  // one d6 shows `natural` or more
    if (natural <= 1) return 1.0L;
    if (natural > 6) return 0.0L;
    return static_cast<long double>(7 - natural) / 6.0L;
}

std::string faces_text(const std::vector<int>& faces) {
    std::string out;
    for (const int f : faces) out += (out.empty() ? "" : ",") + std::to_string(f);
    return out.empty() ? "none" : out;
}

int ceil_div(int a, int b) { return (a + b - 1) / b; }

int apply_damage(ArtilleryEffect effect, int hits, int enfilade_multiplier) {
    switch (effect) {
        case ArtilleryEffect::Half: return ceil_div(hits, 2);
        case ArtilleryEffect::Double: return hits * enfilade_multiplier;
        case ArtilleryEffect::Normal: break;
    }
    return hits;
}

void check_dice(int dice, std::string_view what) {
    if (dice < 0 || dice > kMaxDice)
        throw RuleError(std::string(what) + " expects 0 to " + std::to_string(kMaxDice) + " dice, not " + std::to_string(dice));
}

std::string score_text(int natural) {
    if (natural <= 1) return "every face";
    if (natural > 6) return "no face";
    return std::to_string(natural) + "+";
}

}  // namespace

long double CountOdds::expected() const {
    long double sum = 0;
    for (std::size_t k = 0; k < p.size(); ++k) sum += static_cast<long double>(k) * p[k];
    return sum;
}

CountOdds count_odds(const std::vector<long double>& per_die) {
    CountOdds odds;
    odds.p.assign(per_die.size() + 1, 0.0L);
    odds.p[0] = 1.0L;
    for (std::size_t i = 0; i < per_die.size(); ++i) {
        const long double q = per_die[i];
        for (std::size_t k = i + 1; k > 0; --k) odds.p[k] = odds.p[k] * (1.0L - q) + odds.p[k - 1] * q;
        odds.p[0] *= (1.0L - q);
    }
    return odds;
}

Probability two_d6_at_least(int at_least) {
    std::uint64_t ways = 0;
    for (int a = 1; a <= 6; ++a)
        for (int b = 1; b <= 6; ++b)
            if (a + b >= at_least) ++ways;
    return {ways, 36};
}

std::vector<int> parse_faces(std::string_view text, std::size_t count, std::string_view what, std::string_view why) {
    std::vector<int> faces;
    std::size_t start = 0;
    while (start <= text.size() && !text.empty()) {
        const std::size_t comma = text.find(',', start);
        const std::string_view word = text.substr(start, comma == std::string_view::npos ? std::string_view::npos : comma - start);
        int face = 0;
        const auto [end, error] = std::from_chars(word.data(), word.data() + word.size(), face);
        if (word.empty() || error != std::errc() || end != word.data() + word.size())
            throw RuleError(std::string(what) + ": expected the faces of the dice as numbers 1 to 6 separated by commas (e.g. 6,3,1), not '" +
                            std::string(text) + "'");
        if (face < 1 || face > 6) throw RuleError(std::string(what) + ": a die shows 1 to 6, not " + std::to_string(face));
        faces.push_back(face);
        if (comma == std::string_view::npos) break;
        start = comma + 1;
    }
    if (faces.size() != count)
        throw RuleError(std::string(what) + ": " + std::to_string(count) + (count == 1 ? " die" : " dice") + " expected (" + std::string(why) +
                        "), " + std::to_string(faces.size()) + " given");
    return faces;
}

std::vector<int> DiceSource::faces(const std::optional<std::string>& typed, std::size_t count, std::string_view what, std::string_view why) {
    if (typed) return parse_faces(*typed, count, what, why);
    if (count > 0 && generator_ == nullptr)
        throw RuleError(std::string(what) + ": " + std::to_string(count) + " dice to throw and no dice given (" + std::string(why) + ")");
    std::vector<int> faces;
    for (std::size_t i = 0; i < count; ++i) faces.push_back(generator_->roll(RollKind::D6).value);
    return faces;
}

// ------------------------------------------------------------------ fire

FireSetup prepare_fire(const Tables& tables, const FireRequest& request) {
    check_dice(request.dice, "--dice");
    FireSetup s;
    s.kind = request.kind;
    s.dice_given = request.dice;
    const FormationRules& firer = tables.formation(request.firer);
    if (request.kind == FireKind::Volley) {
        s.dice_terms.add(request.dice, "combat dice of the units at the front of the brigade");
        s.explanation.push_back("Fire!: " + std::to_string(request.dice) + " combat dice of the front units" + cite(kAdjustments));
        if (firer.dice_divisor > 1) {
            const int used = ceil_div(request.dice, firer.dice_divisor);
            s.dice_terms.add(used - request.dice, request.firer == Formation::Column ? "column: a quarter of the dice, rounded up"
                                                                                       : "square: a quarter of the dice, rounded up");
            s.explanation.push_back(std::string(to_string(request.firer)) + ": only 1/" + std::to_string(firer.dice_divisor) +
                                    " of the combat dice, rounded up: " + std::to_string(used) + cite(kAdjustments));
        }
    } else if (request.kind == FireKind::Skirmish) {
        s.dice_terms.add(request.dice, "skirmish dice");
        s.explanation.push_back("Fire Skirmish Weapons: " + std::to_string(request.dice) + " skirmish dice, whatever the formation" + cite(kAlpha));
    } else {
        s.dice_terms.add(request.dice, "artillery dice, one a gun");
        s.explanation.push_back("Bombard: " + std::to_string(request.dice) + " artillery dice" + cite(kAlpha));
    }
    s.dice_used = s.dice_terms.total;
    s.double_multiplier = tables.enfilade_multiplier;
    s.steady_on = request.steady.value_or(tables.steady);
    if (s.steady_on < 1 || s.steady_on > 6) throw RuleError("--steady expects a score of 1 to 6, not " + std::to_string(s.steady_on));
    s.explanation.push_back("Steady!: each die passes on " + score_text(s.steady_on) +
                            (request.steady ? " (the brigade's own Steady)" : " (Steady 5+" + cite(kSynopsis) + ")"));
    if (request.kind == FireKind::Skirmish) {
        s.fire_on = request.range == RangeBand::Effective ? tables.skirmish_effective : tables.skirmish_long;
        s.explanation.push_back("Fire!: skirmishers hit on " + score_text(s.fire_on) + " at " + std::string(to_string(request.range)) +
                                " range, long range as though effective" + cite(kAlpha));
    } else {
        s.fire_on = request.range == RangeBand::Effective ? tables.fire_effective : tables.fire_long;
        s.explanation.push_back("Fire!: the dice that passed hit on " + score_text(s.fire_on) + " at " + std::string(to_string(request.range)) +
                                " range" + cite(kAlpha) + " (Firing: effective 4+, long 6+)");
    }
    if (request.save) {
        if (*request.save < 2 || *request.save > 6) throw RuleError("--save expects a saving throw of 2 to 6, not " + std::to_string(*request.save));
        s.save_on = *request.save;
        s.explanation.push_back("the target saves each hit on " + score_text(*request.save) + cite(kAlpha) + " (Terrain Types)");
    }
    if (request.kind == FireKind::Artillery) {
        const FormationRules& target = tables.formation(request.target);
        const bool flank = request.target_flank;
        s.damage = flank ? target.artillery_flank : target.artillery_front;
        if (s.damage == ArtilleryEffect::Half) s.damage_why = "a line hit from the front takes half the damage, rounded up";
        else if (s.damage == ArtilleryEffect::Double)
            s.damage_why = request.target == Formation::Line ? "a line hit in the flank takes double damage"
                                                             : std::string(to_string(request.target)) + " takes double damage from artillery";
        if (request.enfilade && request.target == Formation::Line && !flank) {
            s.damage = ArtilleryEffect::Double;
            s.damage_why = "enfilade: a line fired on in its flank takes double damage";
        }
    } else if (request.enfilade) {
        s.damage = ArtilleryEffect::Double;
        s.damage_why = "enfilade: a line fired on in its flank takes double damage";
    }
    if (!s.damage_why.empty()) s.explanation.push_back(s.damage_why + cite(request.enfilade ? kAdjustments : kAlpha));
    return s;
}

FireOdds fire_odds(const FireSetup& setup) {
    FireOdds odds;
    odds.steady_success = chance_at_least(setup.steady_on);
    odds.fire_success = chance_at_least(setup.fire_on);
    const long double unsaved = setup.save_on ? 1.0L - chance_at_least(*setup.save_on) : 1.0L;
    odds.per_die = odds.steady_success * odds.fire_success * unsaved;
    const auto n = static_cast<std::size_t>(setup.dice_used);
    odds.steady_successes = count_odds(std::vector<long double>(n, odds.steady_success));
    odds.dice_hits = count_odds(std::vector<long double>(n, odds.per_die));
    const int max_damage = apply_damage(setup.damage, setup.dice_used, setup.double_multiplier);
    odds.damage.p.assign(static_cast<std::size_t>(max_damage) + 1, 0.0L);
    for (std::size_t h = 0; h < odds.dice_hits.p.size(); ++h)
        odds.damage.p[static_cast<std::size_t>(apply_damage(setup.damage, static_cast<int>(h), setup.double_multiplier))] += odds.dice_hits.p[h];
    return odds;
}

FireThrow throw_fire(const FireSetup& setup, DiceSource& source, const std::optional<std::string>& steady_faces,
                     const std::optional<std::string>& fire_faces, const std::optional<std::string>& save_faces) {
    FireThrow t;
    t.explanation = setup.explanation;
    t.steady_dice = source.faces(steady_faces, static_cast<std::size_t>(setup.dice_used), "--steady-dice",
                                 "one a die used: " + std::to_string(setup.dice_used));
    for (const int f : t.steady_dice) t.steady_successes += f >= setup.steady_on ? 1 : 0;
    t.explanation.push_back("Steady! roll " + faces_text(t.steady_dice) + ": " + std::to_string(t.steady_successes) + " of " +
                            std::to_string(setup.dice_used) + " on " + score_text(setup.steady_on));
    t.fire_dice = source.faces(fire_faces, static_cast<std::size_t>(t.steady_successes), "--fire-dice",
                               "one a Steady! success: " + std::to_string(t.steady_successes));
    int hits = 0;
    for (const int f : t.fire_dice) hits += f >= setup.fire_on ? 1 : 0;
    t.explanation.push_back("Fire! roll " + faces_text(t.fire_dice) + ": " + std::to_string(hits) + " hit" + (hits == 1 ? "" : "s") + " on " +
                            score_text(setup.fire_on));
    if (setup.save_on) {
        t.save_dice = source.faces(save_faces, static_cast<std::size_t>(hits), "--save-dice", "one a hit: " + std::to_string(hits));
        for (const int f : t.save_dice) t.saved += f >= *setup.save_on ? 1 : 0;
        t.explanation.push_back("saving throws " + faces_text(t.save_dice) + ": " + std::to_string(t.saved) + " saved on " + score_text(*setup.save_on));
    } else if (save_faces) {
        throw RuleError("--save-dice: no saving throw was asked for (give --save S)");
    }
    t.hits = hits - t.saved;
    t.damage = apply_damage(setup.damage, t.hits, setup.double_multiplier);
    if (setup.damage != ArtilleryEffect::Normal)
        t.explanation.push_back(std::to_string(t.hits) + " hit" + (t.hits == 1 ? "" : "s") + " -> " + std::to_string(t.damage) + " damage (" +
                                setup.damage_why + ")");
    t.explanation.push_back("the target takes " + std::to_string(t.damage) + " damage");
    return t;
}

CountOdds dice_lost_odds(const Tables& tables, int damage) {
    check_dice(damage, "damage");
    return count_odds(std::vector<long double>(static_cast<std::size_t>(damage), chance_at_least(tables.lose_die_on)));
}

// ------------------------------------------------------------------ melee

MeleeSetup prepare_melee(const Tables& tables, const MeleeRequest& request) {
    check_dice(request.dice, "--dice");
    if (request.flank && request.rear) throw RuleError("--flank and --rear: an attack is on the flank or on the rear, not both");
    MeleeSetup s;
    s.dice_used = request.dice;
    s.explanation.push_back("melee: " + std::to_string(request.dice) + " combat dice" + cite(kAlpha));
    if (request.artillery) {
        s.dice_used = ceil_div(request.dice, tables.artillery_melee_divisor);
        s.explanation.push_back("'Artillery': half the combat dice in melee, rounded up: " + std::to_string(s.dice_used) + cite(kAlpha));
    }
    s.base_score = request.against == Arm::Foot ? tables.melee_against_foot : tables.melee_against_mounted;
    s.explanation.push_back(std::string("CC v ") + (request.against == Arm::Foot ? "Foot " : "Mounted ") + std::to_string(s.base_score) + "+" + cite(kAlpha));
    if (request.flank) s.terms.add(tables.melee_flank, "attacking the enemy's flank");
    if (request.rear) s.terms.add(tables.melee_rear, "attacking the enemy's rear");
    if (request.slope == Slope::GentleBelow) s.terms.add(tables.uphill_gentle, "lower on a gentle hill than the enemy");
    if (request.slope == Slope::SteepBelow) s.terms.add(tables.uphill_steep, "lower on a steep hill than the enemy");
    if (request.defending_village) s.terms.add(tables.village_defender, "defending a village or town");
    if (!s.terms.empty())
        s.explanation.push_back("modifiers to each die: " + s.terms.describe() + cite(request.flank || request.rear ? kAdjustments : kAlpha));
    s.hit_on = std::max(1, s.base_score - s.terms.total);
    if (tables.six_always_hits) s.hit_on = std::min(6, s.hit_on);
    s.explanation.push_back("each combat die hits on a natural " + score_text(s.hit_on) + (tables.six_always_hits ? " (a 6 always hits)" : ""));
    if (request.general) {
        s.general_dice = tables.general_dice;
        s.general_hit_on = std::max(1, tables.general_hits_on - s.terms.total);
        if (tables.six_always_hits) s.general_hit_on = std::min(6, s.general_hit_on);
        s.explanation.push_back("the general's guard adds " + std::to_string(s.general_dice) + " die hitting on " + std::to_string(tables.general_hits_on) +
                                "s, with the same modifiers: " + score_text(s.general_hit_on) + cite(kAlpha) + " (Generals)");
    }
    return s;
}

CountOdds melee_odds(const MeleeSetup& setup) {
    std::vector<long double> dice(static_cast<std::size_t>(setup.dice_used), chance_at_least(setup.hit_on));
    for (int i = 0; i < setup.general_dice; ++i) dice.push_back(chance_at_least(setup.general_hit_on));
    return count_odds(dice);
}

MeleeThrow throw_melee(const MeleeSetup& setup, DiceSource& source, const std::optional<std::string>& faces,
                       const std::optional<std::string>& general_faces) {
    MeleeThrow t;
    t.explanation = setup.explanation;
    t.dice = source.faces(faces, static_cast<std::size_t>(setup.dice_used), "--melee-dice", "one a combat die used: " + std::to_string(setup.dice_used));
    int hits = 0;
    for (const int f : t.dice) hits += f >= setup.hit_on ? 1 : 0;
    t.explanation.push_back("combat dice " + faces_text(t.dice) + ": " + std::to_string(hits) + " on " + score_text(setup.hit_on));
    if (setup.general_dice > 0) {
        t.general_dice = source.faces(general_faces, static_cast<std::size_t>(setup.general_dice), "--general-dice", "the general's guard");
        int g = 0;
        for (const int f : t.general_dice) g += f >= setup.general_hit_on ? 1 : 0;
        t.explanation.push_back("general's die " + faces_text(t.general_dice) + ": " + std::to_string(g) + " on " + score_text(setup.general_hit_on));
        hits += g;
    } else if (general_faces) {
        throw RuleError("--general-dice: no general joins this melee (give --general)");
    }
    t.hits = hits;
    t.explanation.push_back(std::to_string(hits) + " hit" + (hits == 1 ? "" : "s") + " on the enemy brigade");
    return t;
}

// ------------------------------------------------------------------ morale

std::string_view to_string(MoraleResult result) {
    switch (result) {
        case MoraleResult::Pass: return "pass";
        case MoraleResult::Withdraw: return "withdraw";
        case MoraleResult::Flee: return "flee";
    }
    return "?";
}

MoraleSetup prepare_morale(const Tables& tables, const MoraleRequest& r) {
    if (r.units < 1 || r.units > tables.brigade_max_units)
        throw RuleError("--units expects 1 to " + std::to_string(tables.brigade_max_units) + " units (a brigade is no larger than " +
                        std::to_string(tables.brigade_max_units) + " troop bases), not " + std::to_string(r.units));
    if (r.in_column < 0 || r.in_square < 0 || r.in_column + r.in_square > r.units)
        throw RuleError("--column and --square count units of the brigade: 0 or more, together at most --units (" + std::to_string(r.units) + ")");
    if (r.cavalry_threat < 0 || r.cavalry_threat > 2) throw RuleError("--cavalry-threat expects 1 or 2 (Cavalry (-1) or (-2)), not " + std::to_string(r.cavalry_threat));
    MoraleSetup s;
    s.explanation.push_back("brigade morale " + std::to_string(tables.morale_base) + "+ on 2d6" + cite(kAlpha));
    s.terms.add(r.units * tables.morale_per_unit, "a unit in the brigade (+1 each)");
    s.terms.add(r.in_column * tables.morale_per_column, "a unit in column (+1 each)");
    s.terms.add(r.in_square * tables.morale_per_square, "a unit in square (+1 each)");
    const int allowed = tables.morale_base - tables.morale_best;
    if (s.terms.total > allowed) {
        s.explanation.push_back("the brigade cannot better its morale beyond " + std::to_string(tables.morale_best) + "+" + cite(kAlpha));
        s.terms.add(allowed - s.terms.total, "the 3+ cap on the brigade's own morale");
    }
    if (r.cavalry_threat > 0 && r.foot) {
        int threat = r.cavalry_threat;
        std::string_view why = r.cavalry_threat == 2 ? "Cavalry (-2) within 10 cm" : "Cavalry (-1) within 10 cm";
        if (r.in_square == r.units && tables.formation(Formation::Square).cavalry_threat == CavalryThreat::None) {
            threat = 0;
            s.explanation.push_back("Cavalry (-" + std::to_string(r.cavalry_threat) + ") does not affect units in square" + cite(kAlpha));
        } else if (r.in_column + r.in_square == r.units && tables.formation(Formation::Column).cavalry_threat == CavalryThreat::Reduced) {
            threat -= 1;
            why = "Cavalry (-2) reduced by one: the brigade is in column";
            if (threat == 0) s.explanation.push_back("Cavalry (-1) is negated: the brigade is in column" + cite(kAlpha));
        }
        s.terms.add(-threat, why);
    }
    s.pass_on = std::clamp(tables.morale_base - s.terms.total, tables.morale_always_fails + 1, 13);
    s.explanation.push_back("modifiers: " + s.terms.describe() + " -> passes on a natural " + std::to_string(s.pass_on) +
                            "+ (a 2 always fails); fails by " + std::to_string(tables.withdraw_margin) + " or less: withdraw; by more: flee");
    return s;
}

MoraleOdds morale_odds(const Tables& tables, const MoraleSetup& s) {
    MoraleOdds odds;
    odds.pass = two_d6_at_least(s.pass_on);
    const Probability withdraw_or_better = two_d6_at_least(s.pass_on - tables.withdraw_margin);
    odds.withdraw = {withdraw_or_better.numerator - odds.pass.numerator, 36};
    odds.flee = {36 - withdraw_or_better.numerator, 36};
    // A natural 2 is always a failure: by its margin it withdraws or flees, never passes.
    return odds;
}

MoraleResult morale_result(const Tables& tables, const MoraleSetup& s, int roll, int* margin) {
    const int by = s.pass_on - roll;
    if (margin) *margin = std::max(0, by);
    if (by <= 0) return MoraleResult::Pass;
    return by <= tables.withdraw_margin ? MoraleResult::Withdraw : MoraleResult::Flee;
}

Reaction react(const Tables& tables, MoraleResult result, int margin, Arm arm, int actions_left) {
    if (actions_left < 0 || actions_left > tables.actions)
        throw RuleError("--actions-left expects 0 to " + std::to_string(tables.actions) + ", not " + std::to_string(actions_left));
    Reaction r;
    r.result = result;
    r.margin = margin;
    const ArmRules& rates = tables.arm(arm);
    if (result == MoraleResult::Withdraw) {
        r.distance_cm = rates.march_cm * tables.withdraw_actions;
        r.explanation.push_back("failed by " + std::to_string(margin) + " (2 or less): withdraws " + std::to_string(r.distance_cm) +
                                " cm directly away at its march rate, front to the enemy; no more actions this turn but defensive fire or withdrawals" +
                                cite(kAlpha));
    } else if (result == MoraleResult::Flee) {
        const int actions = tables.flee_extra_actions + actions_left;
        r.distance_cm = rates.quick_cm * actions;
        r.explanation.push_back("failed by " + std::to_string(margin) + " (more than 2): flees " + std::to_string(rates.quick_cm) + " cm plus " +
                                std::to_string(rates.quick_cm) + " cm for each of its " + std::to_string(actions_left) + " actions left = " +
                                std::to_string(r.distance_cm) + " cm, ending facing away" + cite(kAdjustments) + " (Minimum Fleeing Distances)");
        r.explanation.push_back("next turn it must pass a morale test to move as normal, or flee a further " + std::to_string(tables.flee_next_turn_actions) +
                                " actions" + cite(kAlpha));
    } else {
        r.explanation.push_back("passed: the action goes ahead");
    }
    return r;
}

namespace {
std::pair<int, int> two_faces(DiceSource& source, const std::optional<std::string>& faces, std::string_view what) {
    const auto two = source.faces(faces, 2, what, "2d6");
    return {two[0], two[1]};
}
}  // namespace

MoraleThrow throw_morale(const Tables& tables, const MoraleSetup& s, DiceSource& source, const std::optional<std::string>& faces) {
    MoraleThrow t;
    std::tie(t.first, t.second) = two_faces(source, faces, "--dice");
    t.roll = t.first + t.second;
    t.result = morale_result(tables, s, t.roll, &t.margin);
    t.explanation = s.explanation;
    t.explanation.push_back("2d6 " + std::to_string(t.first) + "+" + std::to_string(t.second) + " = " + std::to_string(t.roll) +
                            (t.roll == tables.morale_always_fails ? " (a 2 always fails)" : "") + " against " + std::to_string(s.pass_on) + "+: " +
                            std::string(to_string(t.result)) + (t.margin > 0 ? " (failed by " + std::to_string(t.margin) + ")" : ""));
    return t;
}

// ------------------------------------------------------------------ command

CommandSetup prepare_command(const Tables& tables, const CommandRequest& r) {
    const auto rating = [&](int value, const char* what) {
        if (value < tables.command_rating_min || value > tables.command_rating_max)
            throw RuleError(std::string(what) + " expects a rating of " + std::to_string(tables.command_rating_min) + " to " +
                            std::to_string(tables.command_rating_max) + ", not " + std::to_string(value));
    };
    rating(r.general_rating, "--general");
    rating(r.unit_rating, "--unit");
    if (r.command_points < 0 || r.command_points > tables.command_points)
        throw RuleError("--points expects 0 to " + std::to_string(tables.command_points) + " command points (a general has " +
                        std::to_string(tables.command_points) + " a turn), not " + std::to_string(r.command_points));
    if (r.light_cavalry < 0 || r.light_cavalry > tables.brigade_max_units)
        throw RuleError("--light-cavalry expects 0 to " + std::to_string(tables.brigade_max_units) + " units, not " + std::to_string(r.light_cavalry));
    if (!(r.distance_cm >= 0) || r.distance_cm > 10000) throw RuleError("--distance expects 0 cm or more, not " + std::to_string(r.distance_cm));
    CommandSetup s;
    s.target = r.general_rating + r.unit_rating;
    s.explanation.push_back("command test: 2d6 equal or higher than the general's rating " + std::to_string(r.general_rating) + " + the unit's " +
                            std::to_string(r.unit_rating) + " = " + std::to_string(s.target) + cite(kSynopsis));
    s.terms.add(r.command_points, "command points spent by the general");
    const UnitType* light = tables.find_unit_type("light-cavalry");
    s.terms.add(r.light_cavalry * (light ? light->command_bonus : 0), "Light Cavalry in the brigade (Command +1 a unit)");
    if (!s.terms.empty()) s.explanation.push_back("modifiers: " + s.terms.describe() + cite(kAlpha));
    s.pass_on = std::clamp(s.target - s.terms.total, 2, 13);
    s.explanation.push_back("passes on a natural " + std::to_string(s.pass_on) + "+");
    s.actions_lost = static_cast<int>(std::floor(r.distance_cm / tables.command_cm_per_action_lost));
    s.actions_left = std::max(0, tables.actions - s.actions_lost);
    s.explanation.push_back("distance " + std::to_string(static_cast<int>(r.distance_cm)) + " cm: loses one action for every " +
                            std::to_string(static_cast<int>(tables.command_cm_per_action_lost)) + " cm = " + std::to_string(s.actions_lost) +
                            ", " + std::to_string(s.actions_left) + " of " + std::to_string(tables.actions) + " actions left this turn" + cite(kSynopsis));
    return s;
}

Probability command_odds(const CommandSetup& s) { return two_d6_at_least(s.pass_on); }

CommandThrow throw_command(const CommandSetup& s, DiceSource& source, const std::optional<std::string>& faces) {
    CommandThrow t;
    std::tie(t.first, t.second) = two_faces(source, faces, "--dice");
    t.roll = t.first + t.second;
    t.passed = t.roll >= s.pass_on;
    t.explanation = s.explanation;
    t.explanation.push_back("2d6 " + std::to_string(t.first) + "+" + std::to_string(t.second) + " = " + std::to_string(t.roll) + " against " +
                            std::to_string(s.pass_on) + "+: " + (t.passed ? "the order is carried out" : "fails: the brigade cannot act this turn"));
    return t;
}

// ------------------------------------------------------------------ movement

Movement move(const Tables& tables, const MoveRequest& r) {
    if (r.actions < 1 || r.actions > tables.actions)
        throw RuleError("--actions expects 1 to " + std::to_string(tables.actions) + " (a brigade has " + std::to_string(tables.actions) +
                        " actions a turn), not " + std::to_string(r.actions));
    if (r.quick && r.in_zone) throw RuleError("Quick March cannot be used inside the zone of control of an enemy unit" + cite(kAlpha));
    if (r.formation) {
        const FormationRules& f = tables.formation(*r.formation);
        if (!f.can_move) throw RuleError("units in " + std::string(to_string(*r.formation)) + " cannot move" + cite(kAdjustments));
        if (r.quick && !f.quick_march) throw RuleError("units in " + std::string(to_string(*r.formation)) + " cannot use the Quick March" + cite(kAdjustments));
        if (r.road && tables.road_needs_column && *r.formation != Formation::Column)
            throw RuleError("--road: only a unit in column gains the road's +1 cm" + cite(kUnitMovement));
    }
    const ArmRules& rates = tables.arm(r.arm);
    Movement m;
    const int base = r.quick ? rates.quick_cm : rates.march_cm;
    m.per_action.add(base, r.quick ? (r.arm == Arm::Foot ? "Quick March, foot" : "Quick March, mounted")
                                   : (r.arm == Arm::Foot ? "March, foot" : "March, mounted"));
    m.explanation.push_back(std::string(r.quick ? "Quick March" : "March") + ": " + std::string(to_string(r.arm)) + " " + std::to_string(base) +
                            " cm an action" + cite(kAlpha) + " (Movement)");
    if (r.road) {
        m.per_action.add(tables.road_bonus_cm, "along a road");
        m.explanation.push_back("along a road: +" + std::to_string(tables.road_bonus_cm) + " cm an action, in column, ending each action on the road; the road is open ground" +
                                cite(kAlpha) + cite(kUnitMovement));
    } else {
        const TerrainRules& ground = tables.ground(r.terrain);
        if (r.quick && !ground.quick_march)
            throw RuleError("Quick March can only be used on open terrain, not " + std::string(to_string(r.terrain)) + cite(kAlpha));
        if (ground.divisor == 0) {
            if (!r.el_bruc) throw RuleError("impassable terrain: only units with the special rule El Bruc may move through it" + cite(kAlpha));
            m.per_action.add(ground.el_bruc_cm - base, "El Bruc through impassable terrain");
            m.explanation.push_back("El Bruc: " + std::to_string(ground.el_bruc_cm) + " cm an action through impassable terrain" + cite(kAlpha));
        } else if (ground.divisor > 1) {
            const int halved = ceil_div(base, ground.divisor);
            m.per_action.add(halved - base, "difficult terrain: half, rounded up");
            m.explanation.push_back("difficult terrain: half the movement, rounded up: " + std::to_string(halved) + " cm" + cite(kAlpha));
        } else if (r.terrain != Terrain::Open) {
            m.explanation.push_back(std::string(to_string(r.terrain)) + " terrain: march unhindered, no Quick March" + cite(kAlpha));
        }
    }
    m.per_action_cm = m.per_action.total;
    m.distance_cm = m.per_action_cm * r.actions;
    m.explanation.push_back(std::to_string(r.actions) + " action" + (r.actions == 1 ? "" : "s") + " x " + std::to_string(m.per_action_cm) +
                            " cm = " + std::to_string(m.distance_cm) + " cm");
    return m;
}

}  // namespace fortuna::clausewitz
