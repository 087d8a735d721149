// SPDX-License-Identifier: MIT
// Game Of Kings (seed 004): melee, musketry, artillery, morale, rally, weather, action points,
// initiative, movement and army points, each with exact odds and the steps of a throw.
//
// Every chance is enumerated: a pool of n dice hitting with probability p is the binomial of n
// (computed by convolution, never sampled); a half die adds a second binomial weighted by its
// 50:50 chance; the artillery's score die is walked face by face. The tests check each against
// a seeded simulation with fortuna::Dice.
#include "fortuna/game_of_kings/resolvers.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>

#include "fortuna/core/errors.hpp"

namespace fortuna::game_of_kings {

namespace {

std::string faces_text(const std::vector<int>& faces) {
    std::string text;
    for (const int f : faces) text += (text.empty() ? "" : ",") + std::to_string(f);
    return text.empty() ? "none" : text;
}

std::string dice_words(int n) { return std::to_string(n) + (n == 1 ? " die" : " dice"); }
std::string hits_words(int n) { return std::to_string(n) + (n == 1 ? " hit" : " hits"); }

std::string cm_text(double cm) {
    char buffer[32];
    std::snprintf(buffer, sizeof buffer, "%g cm", cm);
    return buffer;
}

// Adds the chances of `b` (weighted) to `into`, growing it as needed.
void add_weighted(Chances& into, const Chances& b, double weight) {
    if (into.size() < b.size()) into.resize(b.size(), 0.0);
    for (std::size_t k = 0; k < b.size(); ++k) into[k] += weight * b[k];
}

// The chances of hits when each of k potential hits (chances `potential`) hits with p.
Chances thin(const Chances& potential, double p) {
    Chances out(potential.size(), 0.0);
    for (std::size_t k = 0; k < potential.size(); ++k) add_weighted(out, binomial(static_cast<int>(k), p), potential[k]);
    return out;
}

// Counts the faces at or above `need`.
int count_at_least(const std::vector<int>& faces, int need, int modifier = 0) {
    return static_cast<int>(std::count_if(faces.begin(), faces.end(), [&](int f) { return f + modifier >= need; }));
}

// Takes `n` faces from `source`, announcing them first.
std::vector<int> take_faces(FaceSource& source, int n, const std::string& what) {
    std::vector<int> out;
    if (n <= 0) return out;
    source.expect(static_cast<std::size_t>(n), what);
    for (int i = 0; i < n; ++i) out.push_back(source.take());
    return out;
}

// The target's saving throw against a kind of fire ("roundshot", "canister", "musketry", "melee"):
// 0 for none. One saving throw a hit: with both, the better (decision D9).
int save_on(const Tables& tables, bool cuirassiers, bool cover, std::string_view against) {
    int best = 0;
    const auto& not_against = tables.cuirassier_not_against;
    if (cuirassiers && std::find(not_against.begin(), not_against.end(), against) == not_against.end())
        best = tables.cuirassier_save_on;
    if (cover && (best == 0 || tables.cover_save_on < best)) best = tables.cover_save_on;
    return best;
}

std::string save_words(int save) {
    return save == 0 ? std::string() : "; each hit is cancelled on a saving throw of " + std::to_string(save) + "+ (seed 004, SAVING THROWS)";
}

// Rolls the saving throws of `scored` hits: returns the hits left.
int roll_saves(FaceSource& source, int scored, int save, std::vector<int>& saves, const std::string& what) {
    if (save == 0 || scored == 0) return scored;
    saves = take_faces(source, scored, what);
    return scored - count_at_least(saves, save);
}

const char* const kColumnWords[6] = {"H/MCav", "Lan", "LCav", "Inf (ff)", "Inf (oth)", "LInf"};

}  // namespace

// ------------------------------------------------------------------ dice

std::vector<int> parse_faces(std::string_view text, std::string_view field) {
    std::vector<int> faces;
    std::string current;
    auto flush = [&]() {
        if (current.empty() || current.size() > 3)
            throw RuleError(std::string(field) + " expects the dice's faces as whole numbers separated by commas (e.g. 6,3,1); got \"" +
                            std::string(text) + "\"");
        faces.push_back(std::stoi(current));
        current.clear();
    };
    for (const char c : text) {
        if (c == ',') {
            flush();
        } else if (c >= '0' && c <= '9') {
            current += c;
        } else if (c != ' ') {
            throw RuleError(std::string(field) + " expects the dice's faces as whole numbers separated by commas (e.g. 6,3,1); got \"" +
                            std::string(text) + "\"");
        }
    }
    if (!text.empty()) flush();
    return faces;
}

FaceSource::FaceSource(fortuna::Dice& dice) : dice_(&dice) {}
FaceSource::FaceSource(std::vector<int> typed, std::string field) : typed_(std::move(typed)), field_(std::move(field)) {}
FaceSource::FaceSource(std::function<int(int)> draw) : draw_(std::move(draw)) {}

void FaceSource::expect(std::size_t more, const std::string& what) {
    needed_ += (needed_.empty() ? "" : ", ") + what;
    announced_ = taken_.size() + more;
    if (typed_ && typed_->size() < announced_)
        throw RuleError(field_ + " expects " + std::to_string(announced_) + (announced_ == 1 ? " face" : " faces") + " (" + needed_ +
                        "); got " + std::to_string(typed_->size()) + ": " + faces_text(*typed_));
}

int FaceSource::take(int sides) {
    int face = 0;
    if (typed_) {
        const std::size_t index = taken_.size();
        if (index >= typed_->size())
            throw RuleError(field_ + " expects more faces than the " + std::to_string(typed_->size()) + " typed (" + needed_ + ")");
        face = (*typed_)[index];
        if (face < 1 || face > sides)
            throw RuleError(field_ + ": face " + std::to_string(face) + " (die " + std::to_string(index + 1) +
                            ") is not a face of a d" + std::to_string(sides) + " (1-" + std::to_string(sides) + ")");
    } else if (draw_) {
        face = draw_(sides);
    } else {
        face = static_cast<int>(dice_->below(static_cast<std::uint32_t>(sides))) + 1;
    }
    taken_.push_back(face);
    return face;
}

void FaceSource::finish() {
    if (typed_ && typed_->size() != taken_.size())
        throw RuleError(field_ + " expects " + std::to_string(taken_.size()) + (taken_.size() == 1 ? " face" : " faces") + " (" +
                        (needed_.empty() ? std::string("no dice are thrown") : needed_) + "); got " +
                        std::to_string(typed_->size()) + ": " + faces_text(*typed_));
}

std::string describe_pool(const Pool& pool) {
    if (pool.half_dice == 0) return dice_words(pool.dice);
    if (pool.dice == 0) return "a half die";
    return std::to_string(pool.dice) + " and a half dice";
}

Chances binomial(int dice, double p) {
    Chances out{1.0};
    for (int i = 0; i < dice; ++i) {
        Chances next(out.size() + 1, 0.0);
        for (std::size_t k = 0; k < out.size(); ++k) {
            next[k] += out[k] * (1.0 - p);
            next[k + 1] += out[k] * p;
        }
        out = std::move(next);
    }
    return out;
}

Chances pool_chances(const Pool& pool, double p, double q) {
    // Each half die independently becomes a die with q: enumerate how many do.
    Chances out;
    const Chances became = binomial(pool.half_dice, q);
    for (std::size_t extra = 0; extra < became.size(); ++extra)
        add_weighted(out, binomial(pool.dice + static_cast<int>(extra), p), became[extra]);
    return out;
}

double d6_at_least(int need, int modifier) { return d6_at_least_exact(need, modifier).value(); }

fortuna::Probability d6_at_least_exact(int need, int modifier) {
    const int natural = std::max(1, need - modifier);
    return {static_cast<std::uint64_t>(std::max(0, 7 - natural)), 6};
}

// ------------------------------------------------------------------ melee

namespace {

bool frontal(const MeleeRequest& r) { return !r.from_rear && !r.attacker.bonuses.count("flank"); }

// The matrix column the enemy is read under; -1 for a gun (no column: it is overrun).
int column_of(const MeleeSide& enemy, bool enemy_is_defender, bool attacked_frontally) {
    switch (enemy.type) {
    case UnitType::HeavyCavalry:
    case UnitType::MediumCavalry: return 0;
    case UnitType::Lancers: return 1;
    case UnitType::LightCavalry: return 2;
    case UnitType::Foot: return enemy_is_defender && enemy.firing_order && attacked_frontally ? 3 : 4;
    case UnitType::LightFoot: return 5;
    case UnitType::Gun: return -1;
    }
    return -1;
}

// The matrix row of one's own unit: "" for a unit that inflicts no melee casualties.
std::string row_of(const MeleeSide& own) {
    switch (own.type) {
    case UnitType::HeavyCavalry:
    case UnitType::MediumCavalry: return "heavy-medium-cavalry";
    case UnitType::Lancers: return "lancers";
    case UnitType::LightCavalry: return "light-cavalry";
    case UnitType::Foot: return "foot";
    case UnitType::LightFoot: return own.in_wood_or_town ? "foot" : "";
    case UnitType::Gun: return "";
    }
    return "";
}

std::string_view bonus_term(const std::string& key) {
    if (key == "flank") return "attacking in flank or rear";
    if (key == "higher-ground") return "on higher ground";
    if (key == "river") return "defending a river bank";
    return "defending a built-up area";
}

MeleeSideSetup prepare_side(const Tables& tables, const MeleeRequest& request, bool attacker) {
    const MeleeSide& own = attacker ? request.attacker : request.defender;
    const MeleeSide& enemy = attacker ? request.defender : request.attacker;
    const std::string field = attacker ? "--attacker" : "--defender";
    MeleeSideSetup s;
    s.role = attacker ? "attacker" : "defender";
    s.steps = effectiveness_steps(own.effectiveness, field + "-effectiveness", tables.step_percent);
    s.hit_on = own.hit_on.value_or(tables.melee_hit_on);
    if (s.hit_on < 1 || s.hit_on > 6)
        throw RuleError(field + "-hit-on expects a score of 1-6; got " + std::to_string(s.hit_on));
    const int col = column_of(enemy, attacker, frontal(request));
    s.column = col >= 0 ? kColumnWords[col] : "gun";
    const std::string row = row_of(own);
    std::string who = s.role + " " + std::string(to_string(own.type)) + " at " + std::to_string(own.effectiveness) + " % (" +
                      std::to_string(s.steps) + (s.steps == 1 ? " step" : " steps") + " of 25 %)";
    if (row.empty()) {
        s.row = "-";
        s.explanation.push_back(who + ": " +
                                (own.type == UnitType::Gun ? std::string("guns never inflict melee casualties")
                                                           : std::string("light infantry inflict no melee casualties outside a wood or built-up area")) +
                                " (seed 004, MELEES): no dice");
    } else {
        const auto& halves = tables.melee_halves.at(row);
        s.row = row == "heavy-medium-cavalry" ? "H/MCav" : row == "lancers" ? "Lan" : row == "light-cavalry" ? "LCav" : "Inf";
        s.halves_per_step = halves.at(static_cast<std::size_t>(col));
        const std::string per = s.halves_per_step % 2 ? std::to_string(s.halves_per_step / 2) + "\xC2\xBD" : std::to_string(s.halves_per_step / 2);
        s.explanation.push_back(who + ": matrix row " + s.row + ", column " + s.column + ": " + per +
                                " per 25 % (seed 004, MELEES)" +
                                (own.type == UnitType::LightFoot ? "; light foot in a wood or built-up area melee as regular foot" : ""));
        for (const std::string& key : {std::string("flank"), std::string("higher-ground"), std::string("river"), std::string("town")})
            if (own.bonuses.count(key) || (key == "flank" && attacker && request.from_rear))
                s.bonus_dice.add(tables.bonus_dice_per_step * s.steps, bonus_term(key));
        if (!s.bonus_dice.empty())
            s.explanation.push_back("bonus dice, one per 25 % each (seed 004, MELEES): " + s.bonus_dice.describe());
    }
    const int halves_total = row.empty() ? 0 : s.halves_per_step * s.steps + 2 * s.bonus_dice.total;
    s.halved = !attacker && request.from_rear && halves_total > 0;
    // In quarter dice: rounding to the nearest whole die, an exact half diced for (decision D6).
    const int quarters = s.halved ? halves_total : 2 * halves_total;
    const int rem = quarters % 4;
    s.pool.dice = quarters / 4 + (rem == 3 ? 1 : 0);
    s.pool.half_dice = rem == 2 ? 1 : 0;
    if (s.halved) {
        const std::string normal = describe_pool({halves_total / 2, halves_total % 2});
        s.explanation.push_back("meleed from the rear: half its normal " + normal + " = " + describe_pool(s.pool) +
                                (rem == 1 || rem == 3 ? " (a quarter rounded to the nearest whole die, decision D6)" : "") +
                                " (seed 004, MELEES)");
    }
    if (halves_total > 0)
        s.explanation.push_back("rolls " + describe_pool(s.pool) +
                                (s.pool.half_dice ? " (the half die becomes a die on " + std::to_string(tables.half_die_on) + "+, 50:50)" : "") +
                                "; each die hits on " + std::to_string(s.hit_on) + "+" +
                                (own.hit_on ? " (national characteristic)" : " (seed 004, MELEES)"));
    s.enemy_save_on = save_on(tables, enemy.cuirassiers, enemy.cover, "melee");
    if (s.enemy_save_on) s.explanation.push_back("the " + std::string(attacker ? "defender" : "attacker") + save_words(s.enemy_save_on));
    s.hit_chance = d6_at_least(s.hit_on) * (s.enemy_save_on ? 1.0 - d6_at_least(s.enemy_save_on) : 1.0);
    s.hits = pool_chances(s.pool, s.hit_chance, d6_at_least(tables.half_die_on));
    return s;
}

void check_bonuses(const Tables& tables, const MeleeSide& side, bool attacker) {
    const std::string field = attacker ? "--attacker-bonus" : "--defender-bonus";
    for (const std::string& key : side.bonuses) {
        const auto found = tables.bonuses.find(key);
        if (found == tables.bonuses.end())
            throw RuleError(field + " expects flank, higher-ground, river or town; got \"" + key + "\"");
        const std::string& who = found->second.side;
        if (who != "either" && who != (attacker ? "attacker" : "defender"))
            throw RuleError(field + ": \"" + key + "\" (" + found->second.words + ") is a bonus of the " + who +
                            " only (seed 004, MELEES)");
    }
}

}  // namespace

MeleeSetup prepare_melee(const Tables& tables, const MeleeRequest& request) {
    const auto& a = request.attacker;
    const auto& d = request.defender;
    check_bonuses(tables, a, true);
    check_bonuses(tables, d, false);
    effectiveness_steps(a.effectiveness, "--attacker-effectiveness", tables.step_percent);
    effectiveness_steps(d.effectiveness, "--defender-effectiveness", tables.step_percent);
    if (a.type == UnitType::Gun)
        throw RuleError("--attacker: guns never initiate contact (seed 004, MELEES); a gun is contacted, and then eliminated");
    if (!request.continuing) {
        if (a.type == UnitType::LightFoot && !a.in_wood_or_town)
            throw RuleError("--attacker: light infantry never initiate contact except in a wood or built-up area (seed 004, MELEES)");
        if ((a.type == UnitType::Foot || a.type == UnitType::LightFoot) && is_horse(d.type))
            throw RuleError("--attacker: foot cannot initiate contact against horse (seed 004, MELEES); "
                            "a melee already in contact continues with --continuing");
    }
    MeleeSetup setup;
    if (d.type == UnitType::Gun) {
        setup.gun_overrun = true;
        setup.attacker.role = "attacker";
        setup.defender.role = "defender";
        setup.attacker.hits = {1.0};
        setup.defender.hits = {1.0};
        setup.defender.loses = 1.0;
        setup.explanation.push_back("a gun can only be contacted if no friendly regular foot is within " +
                                    cm_text(tables.gun_protection_cm) +
                                    "; a gun so contacted is automatically eliminated, no dice (seed 004, MELEES)");
        return setup;
    }
    setup.attacker = prepare_side(tables, request, true);
    setup.defender = prepare_side(tables, request, false);
    // A side loses when it suffers more hits than it inflicts (seed 004, MORALE).
    double attacker_loses = 0, defender_loses = 0;
    const Chances& by_attacker = setup.attacker.hits;
    const Chances& by_defender = setup.defender.hits;
    for (std::size_t i = 0; i < by_attacker.size(); ++i)
        for (std::size_t j = 0; j < by_defender.size(); ++j) {
            const double p = by_attacker[i] * by_defender[j];
            if (j > i) attacker_loses += p;
            if (i > j) defender_loses += p;
        }
    setup.attacker.loses = attacker_loses;
    setup.defender.loses = defender_loses;
    setup.neither_loses = std::max(0.0, 1.0 - attacker_loses - defender_loses);
    setup.explanation.push_back("hits are inflicted simultaneously; the side suffering more hits loses the melee and retreats one move "
                                "(seed 004, MELEES and MORALE)");
    return setup;
}

namespace {

SideThrow throw_pool(const Tables& tables, const MeleeSideSetup& s, FaceSource& source, Explanation& steps) {
    SideThrow t;
    int n = s.pool.dice;
    if (s.pool.half_dice) {
        source.expect(1, "1 to decide the " + s.role + "'s half die");
        const int decider = source.take();
        t.half_became_die = decider >= tables.half_die_on;
        if (t.half_became_die) ++n;
        steps.push_back(s.role + "'s half die: " + std::to_string(decider) +
                        (t.half_became_die ? " (" + std::to_string(tables.half_die_on) + "+): becomes a die"
                                           : ": lost (needs " + std::to_string(tables.half_die_on) + "+)"));
    }
    t.dice = take_faces(source, n, dice_words(n) + " of the " + s.role + "'s pool");
    t.scored = count_at_least(t.dice, s.hit_on);
    if (n > 0)
        steps.push_back(s.role + " throws " + faces_text(t.dice) + ": " + hits_words(t.scored) + " on " + std::to_string(s.hit_on) + "+");
    return t;
}

int effectiveness_after(int effectiveness, int hits, int step) { return std::max(0, effectiveness - hits * step); }

}  // namespace

MeleeResult resolve_melee(const Tables& tables, const MeleeSetup& setup, FaceSource& attacker_dice, FaceSource& defender_dice) {
    MeleeResult r;
    r.explanation = setup.attacker.explanation;
    r.explanation.insert(r.explanation.end(), setup.defender.explanation.begin(), setup.defender.explanation.end());
    if (setup.gun_overrun) {
        attacker_dice.finish();
        defender_dice.finish();
        r.loser = "defender";
        r.explanation.insert(r.explanation.end(), setup.explanation.begin(), setup.explanation.end());
        return r;
    }
    r.attacker = throw_pool(tables, setup.attacker, attacker_dice, r.explanation);
    r.defender = throw_pool(tables, setup.defender, defender_dice, r.explanation);
    // Saving throws: the side hit throws them, after its own pool.
    r.attacker.hits = roll_saves(defender_dice, r.attacker.scored, setup.attacker.enemy_save_on, r.attacker.saves,
                                 "the defender's saving throws, 1 a hit");
    r.defender.hits = roll_saves(attacker_dice, r.defender.scored, setup.defender.enemy_save_on, r.defender.saves,
                                 "the attacker's saving throws, 1 a hit");
    if (!r.attacker.saves.empty())
        r.explanation.push_back("defender's saving throws " + faces_text(r.attacker.saves) + " (" +
                                std::to_string(setup.attacker.enemy_save_on) + "+ cancels): " + hits_words(r.attacker.hits) + " stand");
    if (!r.defender.saves.empty())
        r.explanation.push_back("attacker's saving throws " + faces_text(r.defender.saves) + " (" +
                                std::to_string(setup.defender.enemy_save_on) + "+ cancels): " + hits_words(r.defender.hits) + " stand");
    attacker_dice.finish();
    defender_dice.finish();
    r.loser = r.defender.hits > r.attacker.hits ? "attacker" : r.attacker.hits > r.defender.hits ? "defender" : "";
    const int step = tables.step_percent;
    const int a_eff = setup.attacker.steps * step;
    const int d_eff = setup.defender.steps * step;
    r.attacker_after = effectiveness_after(a_eff, r.defender.hits, step);
    r.defender_after = effectiveness_after(d_eff, r.attacker.hits, step);
    r.explanation.push_back("attacker suffers " + hits_words(r.defender.hits) + " (" + std::to_string(a_eff) + " % -> " +
                            std::to_string(r.attacker_after) + " %), defender suffers " + hits_words(r.attacker.hits) + " (" +
                            std::to_string(d_eff) + " % -> " + std::to_string(r.defender_after) + " %)");
    r.explanation.push_back(r.loser.empty() ? "equal hits: neither loses the melee; both test morale only if they lost effectiveness to firing"
                                            : "the " + r.loser + " loses the melee: it tests morale and retreats one move whatever the test "
                                                                 "(seed 004, MORALE)");
    return r;
}

// ------------------------------------------------------------------ musketry

MusketrySetup prepare_musketry(const Tables& tables, const MusketryRequest& q) {
    MusketrySetup s;
    const int steps = effectiveness_steps(q.effectiveness, "--effectiveness", tables.step_percent);
    std::string hit_key;
    switch (q.firer) {
    case UnitType::Foot: hit_key = q.not_firing_order ? "foot-not-firing-order" : "foot-firing-order"; s.weapon = "musket"; break;
    case UnitType::LightFoot: hit_key = "light-foot"; s.weapon = "musket"; break;
    case UnitType::Gun: throw RuleError("--firer: a gun fires with `game-of-kings artillery` (seed 004, ARTILLERY), not musketry");
    default: hit_key = "dismounted-horse"; s.weapon = "carbine"; break;
    }
    if (q.not_firing_order && q.firer != UnitType::Foot)
        throw RuleError("--not-firing-order applies to regular foot only (seed 004, MUSKETRY)");
    s.range_limit_cm = s.weapon == "musket" ? tables.musket_cm : tables.carbine_cm;
    if (!(q.range_cm >= 0))
        throw RuleError("--range expects a distance in cm of 0 or more; got " + cm_text(q.range_cm));
    if (q.range_cm > s.range_limit_cm)
        throw RuleError("--range: " + cm_text(q.range_cm) + " is beyond " + s.weapon + " range (" + cm_text(s.range_limit_cm) +
                        ", seed 004, MUSKETRY)");
    const auto& effect = tables.weather_effects.at(std::string(to_string(q.weather)));
    if (effect.visibility_cm > 0 && q.range_cm > effect.visibility_cm)
        throw RuleError("--range: in fog visibility is " + cm_text(effect.visibility_cm) +
                        " and unseen foes cannot be fired at (seed 004, WEATHER)");
    s.hit_on = tables.musketry_hit_on.at(hit_key);
    const int firing_steps = q.column ? std::min(steps, tables.column_front_steps) : steps;
    s.dice = firing_steps * tables.musketry_dice_per_step;
    s.explanation.push_back(std::string(to_string(q.firer)) + " at " + std::to_string(q.effectiveness) + " %: " + dice_words(s.dice) +
                            ", one per 25 % in the front line of bases" +
                            (q.column && firing_steps < steps ? " (in column the second base cannot fire)" : "") +
                            " (seed 004, MUSKETRY)");
    s.explanation.push_back(s.weapon + " at " + cm_text(q.range_cm) + " (range " + cm_text(s.range_limit_cm) + "); a hit on " +
                            std::to_string(s.hit_on) + "+ (" + hit_key + ", seed 004, MUSKETRY)");
    if (q.moved || q.column || q.disorganised) {
        std::string why;
        if (q.moved) why += "moved";
        if (q.column) why += std::string(why.empty() ? "" : ", ") + "in column";
        if (q.disorganised) why += std::string(why.empty() ? "" : ", ") + "disorganised";
        s.terms.add(tables.musketry_penalty, "moved, in column or disorganised");
        s.explanation.push_back(std::to_string(tables.musketry_penalty) + " a die: " + why +
                                " (one -1 however many apply, decision D4; seed 004, MUSKETRY)");
    }
    if (q.before_contact) {
        s.terms.add(tables.before_contact, "firing before contact");
        s.explanation.push_back(std::to_string(tables.before_contact) +
                                " a die: infantry firing before a frontal contact by a unit that began outside musketry range (seed 004, MELEES)");
    }
    if (effect.musketry != 0) {
        s.terms.add(effect.musketry, q.weather == Weather::LightRain ? "light rain" : "heavy rain");
        s.explanation.push_back(std::to_string(effect.musketry) + " a die: " + std::string(to_string(q.weather)) + " (seed 004, WEATHER)");
    }
    if (q.national != 0) {
        s.terms.add(q.national, "national characteristic");
        s.explanation.push_back((q.national > 0 ? "+" : "") + std::to_string(q.national) +
                                " a die: national characteristic (seed 004, NATIONAL/ARMY CHARACTERISTICS)");
    }
    s.save_on = save_on(tables, q.target_cuirassiers, q.target_cover, "musketry");
    if (s.save_on) s.explanation.push_back("the target" + save_words(s.save_on));
    const double p = d6_at_least(s.hit_on, s.terms.total);
    if (p == 0.0) s.explanation.push_back("no face can score " + std::to_string(s.hit_on) + " after " + s.terms.describe() + ": no hits possible");
    s.hit_chance = p * (s.save_on ? 1.0 - d6_at_least(s.save_on) : 1.0);
    s.hits = binomial(s.dice, s.hit_chance);
    return s;
}

FireResult resolve_musketry(const MusketrySetup& s, FaceSource& source) {
    FireResult r;
    r.explanation = s.explanation;
    r.dice = take_faces(source, s.dice, dice_words(s.dice) + " of musketry");
    r.scored = count_at_least(r.dice, s.hit_on, s.terms.total);
    r.explanation.push_back("throws " + faces_text(r.dice) + (s.terms.empty() ? "" : " (" + s.terms.describe() + ")") + ": " +
                            hits_words(r.scored) + " on " + std::to_string(s.hit_on) + "+");
    r.hits = roll_saves(source, r.scored, s.save_on, r.saves, "the target's saving throws, 1 a hit");
    if (!r.saves.empty())
        r.explanation.push_back("saving throws " + faces_text(r.saves) + " (" + std::to_string(s.save_on) + "+ cancels): " +
                                hits_words(r.hits) + " stand");
    source.finish();
    r.explanation.push_back("the target loses " + std::to_string(25 * r.hits) + " % effectiveness" +
                            (r.hits ? " and tests morale (seed 004, MORALE)" : ""));
    return r;
}

// ------------------------------------------------------------------ artillery

std::string_view to_string(Shot shot) { return shot == Shot::Canister ? "canister" : "roundshot"; }
Shot shot_from_string(std::string_view text, std::string_view field) {
    if (text == "canister") return Shot::Canister;
    if (text == "roundshot") return Shot::Roundshot;
    throw RuleError(std::string(field) + " expects canister or roundshot; got \"" + std::string(text) + "\"");
}
std::string_view to_string(Target target) {
    return target == Target::Foot ? "foot" : target == Target::Horse ? "horse" : "gun";
}
Target target_from_string(std::string_view text, std::string_view field) {
    for (const Target t : {Target::Foot, Target::Horse, Target::Gun})
        if (to_string(t) == text) return t;
    throw RuleError(std::string(field) + " expects foot, horse or gun; got \"" + std::string(text) + "\"");
}

namespace {

// The potential hits of a score: whole part, and whether an exact half is left to dice for.
struct Potential {
    int whole = 0;
    bool half = false;
};
Potential potential_of(int score, int divisor) {
    const int whole = score / divisor;
    const int rem = score % divisor;
    if (2 * rem == divisor) return {whole, true};
    return {whole + (2 * rem > divisor ? 1 : 0), false};
}

}  // namespace

ArtillerySetup prepare_artillery(const Tables& tables, const ArtilleryRequest& q) {
    ArtillerySetup s;
    effectiveness_steps(q.effectiveness, "--effectiveness", tables.step_percent);
    const bool canister = q.shot == Shot::Canister;
    const double limit = canister ? tables.canister_cm : tables.roundshot_cm;
    if (!(q.range_cm >= 0) || q.range_cm > limit)
        throw RuleError("--range: " + std::string(to_string(q.shot)) + " reaches 0-" + cm_text(limit) + " (seed 004, ARTILLERY); got " +
                        cm_text(q.range_cm));
    const auto& effect = tables.weather_effects.at(std::string(to_string(q.weather)));
    if (effect.visibility_cm > 0 && q.range_cm > effect.visibility_cm)
        throw RuleError("--range: in fog visibility is " + cm_text(effect.visibility_cm) +
                        " and unseen foes cannot be fired at (seed 004, WEATHER)");
    const int base = canister ? tables.canister_divisor : tables.roundshot_divisor;
    s.halved = q.effectiveness <= tables.artillery_halve_at;
    s.divisor = s.halved ? 2 * base : base;
    s.hit_on = tables.artillery_hit_on.at(std::string(to_string(q.target)));
    s.explanation.push_back(std::string(to_string(q.shot)) + " at " + cm_text(q.range_cm) + ": a die " +
                            (base == 2 ? "halved" : base == 4 ? "quartered" : "divided by " + std::to_string(base)) +
                            " gives the potential hits (seed 004, ARTILLERY)");
    if (s.halved)
        s.explanation.push_back("the gun is at " + std::to_string(q.effectiveness) + " % (" + std::to_string(tables.artillery_halve_at) +
                                " % or less): potential hits halved, the die divided by " + std::to_string(s.divisor));
    s.explanation.push_back("a fraction rounds to the nearest whole number; an exact half becomes a potential hit on a die of " +
                            std::to_string(tables.half_becomes_on) + "+ (50:50)");
    s.explanation.push_back("each potential hit hits on " + std::to_string(s.hit_on) + "+ against " + std::string(to_string(q.target)) +
                            " (the author's change: 4, not 5; a gun needs 6)");
    s.save_on = save_on(tables, q.target_cuirassiers, q.target_cover, to_string(q.shot));
    if (s.save_on) s.explanation.push_back("the target" + save_words(s.save_on));
    if (q.target_cuirassiers && q.target != Target::Horse)
        throw RuleError("--cuirassiers: cuirassiers are horse; the target is " + std::string(to_string(q.target)));
    const double half = d6_at_least(tables.half_becomes_on);
    for (int score = 1; score <= 6; ++score) {
        const Potential p = potential_of(score, s.divisor);
        Chances one(static_cast<std::size_t>(p.whole + 1), 0.0);
        one.back() = 1.0;
        if (p.half) {
            one.back() = 1.0 - half;
            one.push_back(half);
        }
        add_weighted(s.potential_hits, one, 1.0 / 6.0);
    }
    s.hit_chance = d6_at_least(s.hit_on) * (s.save_on ? 1.0 - d6_at_least(s.save_on) : 1.0);
    s.hits = thin(s.potential_hits, s.hit_chance);
    return s;
}

ArtilleryResult resolve_artillery(const Tables& tables, const ArtillerySetup& s, FaceSource& source) {
    ArtilleryResult r;
    r.explanation = s.explanation;
    source.expect(1, "1 score die");
    r.score = source.take();
    const Potential p = potential_of(r.score, s.divisor);
    r.potential_hits = p.whole;
    std::string line = "score " + std::to_string(r.score) + " / " + std::to_string(s.divisor) + " = " + std::to_string(p.whole);
    if (p.half) {
        line += " and a half";
        source.expect(1, "1 to decide the exact half");
        r.half_die = source.take();
        if (*r.half_die >= tables.half_becomes_on) ++r.potential_hits;
        line += "; the half's die " + std::to_string(*r.half_die) + (*r.half_die >= tables.half_becomes_on ? " makes it a potential hit" : " loses it");
    } else if (r.score % s.divisor != 0) {
        line += " (rounded to the nearest whole number)";
    }
    r.explanation.push_back(line + ": " + std::to_string(r.potential_hits) + " potential " + (r.potential_hits == 1 ? "hit" : "hits"));
    r.dice = take_faces(source, r.potential_hits, std::to_string(r.potential_hits) + " for the potential hits");
    r.scored = count_at_least(r.dice, s.hit_on);
    if (r.potential_hits > 0)
        r.explanation.push_back("potential hits throw " + faces_text(r.dice) + ": " + hits_words(r.scored) + " on " +
                                std::to_string(s.hit_on) + "+");
    r.hits = roll_saves(source, r.scored, s.save_on, r.saves, "the target's saving throws, 1 a hit");
    if (!r.saves.empty())
        r.explanation.push_back("saving throws " + faces_text(r.saves) + " (" + std::to_string(s.save_on) + "+ cancels): " +
                                hits_words(r.hits) + " stand");
    source.finish();
    return r;
}

// ------------------------------------------------------------------ morale and rally

MoraleSetup prepare_morale(const Tables& tables, Quality quality, bool general, bool support) {
    MoraleSetup s;
    s.needed = tables.morale_pass_on.at(std::string(to_string(quality)));
    if (general) s.terms.add(tables.morale_general, "general attached");
    if (support) s.terms.add(tables.morale_support, "friendly horse or foot (not light) to the rear within two moves");
    s.pass_on = std::max(1, s.needed - s.terms.total);
    s.probability = d6_at_least_exact(s.needed, s.terms.total);
    s.explanation.push_back(std::string(to_string(quality)) + " needs " + std::to_string(s.needed) +
                            " or more to avoid losing a further 25 % (seed 004, MORALE; one less than the June 2018 edition)");
    if (!s.terms.empty()) s.explanation.push_back("modifiers: " + s.terms.describe() + " (seed 004, MORALE)");
    s.explanation.push_back(s.pass_on > 6 ? std::string("no face passes") : "passes on a natural " + std::to_string(s.pass_on) + "+");
    return s;
}

MoraleSetup prepare_rally(const Tables& tables, bool general) {
    MoraleSetup s;
    s.needed = tables.rally_pass_on;
    if (general) s.terms.add(tables.rally_general, "general with the unit");
    s.pass_on = std::max(1, s.needed - s.terms.total);
    s.probability = d6_at_least_exact(s.needed, s.terms.total);
    s.explanation.push_back("a retreating unit rallies on " + std::to_string(s.needed) +
                            " or better, one action point an attempt, the first use of the sector's points (seed 004, MORALE)");
    if (!s.terms.empty()) s.explanation.push_back("modifiers: " + s.terms.describe());
    s.explanation.push_back("passes on a natural " + std::to_string(s.pass_on) + "+");
    return s;
}

TestResult resolve_test(const MoraleSetup& s, FaceSource& source, std::string_view passed_words, std::string_view failed_words) {
    TestResult r;
    r.explanation = s.explanation;
    source.expect(1, "1 die");
    r.face = source.take();
    source.finish();
    r.total = r.face + s.terms.total;
    r.passed = r.total >= s.needed;
    r.explanation.push_back("throws " + std::to_string(r.face) + (s.terms.empty() ? "" : " " + s.terms.describe() + " = " + std::to_string(r.total)) +
                            " against " + std::to_string(s.needed) + ": " + std::string(r.passed ? passed_words : failed_words));
    return r;
}

// ------------------------------------------------------------------ weather

void check_gauge(const Tables& tables, int gauge, std::string_view field) {
    if (gauge < tables.gauge_min || gauge > tables.gauge_max)
        throw RuleError(std::string(field) + " expects a weather gauge of " + std::to_string(tables.gauge_min) + "-" +
                        std::to_string(tables.gauge_max) + " (seed 004, WEATHER); got " + std::to_string(gauge));
}

std::string gauge_name(const Tables& tables, int gauge) {
    check_gauge(tables, gauge, "gauge");
    return tables.gauge_names.at(gauge);
}

namespace {
int next_gauge(const Tables& tables, int gauge, int face) {
    const auto in = [face](const std::vector<int>& list) { return std::find(list.begin(), list.end(), face) != list.end(); };
    if (in(tables.weather_down)) return std::max(tables.gauge_min, gauge - 1);
    if (in(tables.weather_up)) return std::min(tables.gauge_max, gauge + 1);
    return gauge;
}
}  // namespace

std::vector<std::pair<int, fortuna::Probability>> weather_chances(const Tables& tables, std::optional<int> gauge) {
    std::map<int, std::uint64_t> counts;
    std::uint64_t total = 0;
    if (!gauge) {
        for (int a = 1; a <= 6; ++a)
            for (int b = 1; b <= 6; ++b) ++counts[a + b];
        total = 36;
    } else {
        check_gauge(tables, *gauge, "--gauge");
        for (int f = 1; f <= 6; ++f) ++counts[next_gauge(tables, *gauge, f)];
        total = 6;
    }
    std::vector<std::pair<int, fortuna::Probability>> out;
    for (const auto& [g, n] : counts) out.emplace_back(g, fortuna::Probability{n, total});
    return out;
}

WeatherResult resolve_weather(const Tables& tables, std::optional<int> gauge, FaceSource& source) {
    WeatherResult r;
    if (!gauge) {
        r.dice = take_faces(source, 2, "2 dice for the start");
        r.gauge = r.dice[0] + r.dice[1];
        r.explanation.push_back("start of the game: 2d6 " + faces_text(r.dice) + " = " + std::to_string(r.gauge) + " (seed 004, WEATHER)");
    } else {
        check_gauge(tables, *gauge, "--gauge");
        r.dice = take_faces(source, 1, "1 die for the turn");
        r.gauge = next_gauge(tables, *gauge, r.dice[0]);
        const int face = r.dice[0];
        const bool down = std::find(tables.weather_down.begin(), tables.weather_down.end(), face) != tables.weather_down.end();
        const bool up = std::find(tables.weather_up.begin(), tables.weather_up.end(), face) != tables.weather_up.end();
        r.explanation.push_back("gauge " + std::to_string(*gauge) + ", die " + std::to_string(face) + ": " +
                                (down ? "down one notch" : up ? "up one notch" : "stays") +
                                ((down || up) && r.gauge == *gauge ? " (the gauge ends at " + std::to_string(r.gauge) + ", decision D11)" : "") +
                                " -> " + std::to_string(r.gauge) + " (seed 004, WEATHER)");
    }
    source.finish();
    r.name = tables.gauge_names.at(r.gauge);
    r.explanation.push_back(std::to_string(r.gauge) + " = " + r.name);
    return r;
}

// ------------------------------------------------------------------ command

ActionPoints resolve_action_points(const Tables& tables, FaceSource& source) {
    ActionPoints a;
    source.expect(3, "a d" + std::to_string(tables.centre_faces) + " for the centre, then a d" + std::to_string(tables.flank_faces) +
                         " for the left flank and one for the right");
    a.centre = source.take(tables.centre_faces);
    a.left = source.take(tables.flank_faces);
    a.right = source.take(tables.flank_faces);
    source.finish();
    a.explanation.push_back("centre: d" + std::to_string(tables.centre_faces) + " = " + std::to_string(a.centre) + " action points");
    a.explanation.push_back("left flank: d" + std::to_string(tables.flank_faces) + " = " + std::to_string(a.left));
    a.explanation.push_back("right flank: d" + std::to_string(tables.flank_faces) + " = " + std::to_string(a.right));
    a.explanation.push_back("in each sector: rally (compulsory first), guns, move, muskets and carbines, melee (seed 004, COMMAND & CONTROL)");
    return a;
}

std::vector<std::pair<int, fortuna::Probability>> action_point_chances(const Tables& tables, bool centre) {
    const int faces = centre ? tables.centre_faces : tables.flank_faces;
    std::vector<std::pair<int, fortuna::Probability>> out;
    for (int f = 1; f <= faces; ++f) out.emplace_back(f, fortuna::Probability{1, static_cast<std::uint64_t>(faces)});
    return out;
}

Initiative resolve_initiative(const Tables& tables, FaceSource& source) {
    Initiative i;
    for (;;) {
        source.expect(2, "a pair of dice, player A's then player B's, a tie thrown again");
        const int a = source.take(tables.initiative_faces);
        const int b = source.take(tables.initiative_faces);
        i.throws.emplace_back(a, b);
        i.explanation.push_back("player A " + std::to_string(a) + ", player B " + std::to_string(b) + (a == b ? ": a tie, thrown again (decision D12)" : ""));
        if (a != b) {
            i.chooser = a > b ? "A" : "B";
            break;
        }
        if (i.throws.size() > 1000) throw RuleError("initiative: more than 1000 ties in a row");
    }
    source.finish();
    i.explanation.push_back("player " + i.chooser + " chooses to go first or second this turn (the author's change; seed 004, COMMAND & CONTROL)");
    return i;
}

// ------------------------------------------------------------------ movement

MoveSetup prepare_move(const Tables& tables, UnitType type, std::string_view formation, Weather weather, bool limbered) {
    MoveSetup m;
    switch (type) {
    case UnitType::Foot:
        if (formation == "line") m.rate_key = "foot-line";
        else if (formation == "column") m.rate_key = "foot-column";
        else if (formation == "retreating") m.rate_key = "foot-retreating";
        else throw RuleError("--formation expects line, column or retreating for foot; got \"" + std::string(formation) + "\"");
        break;
    case UnitType::LightFoot: m.rate_key = "light-foot"; break;
    case UnitType::Gun:
        if (!limbered) throw RuleError("--limbered: an unlimbered gun does not move; limbering costs an action point (seed 004, MOVEMENT)");
        m.rate_key = "limbered-gun";
        break;
    default: m.rate_key = std::string(to_string(type)); break;
    }
    m.base_cm = tables.move_cm.at(m.rate_key);
    const auto& effect = tables.weather_effects.at(std::string(to_string(weather)));
    m.weather_percent = effect.movement_percent;
    m.max_cm = m.base_cm * (100.0 + m.weather_percent) / 100.0;
    m.variation_from_cm = m.max_cm * tables.variation_from;
    m.explanation.push_back(m.rate_key + ": " + cm_text(m.base_cm) + " (seed 004, MOVEMENT)");
    if (m.weather_percent != 0)
        m.explanation.push_back(std::string(to_string(weather)) + ": movement " + std::to_string(m.weather_percent) + " % -> " +
                                cm_text(m.max_cm) + " (seed 004, WEATHER)");
    m.explanation.push_back("moving " + cm_text(m.variation_from_cm) + " or more throws The Variation: " +
                            std::to_string(tables.variation_up_on) + " adds " + std::to_string(tables.variation_percent) + " %, " +
                            std::to_string(tables.variation_down_on) + " takes " + std::to_string(tables.variation_percent) +
                            " % off (seed 004, MOVEMENT, The Variation)");
    return m;
}

// ------------------------------------------------------------------ terrain

double terrain_piece_chance(const Tables& tables) {
    return static_cast<double>(tables.terrain_piece_on.size()) / 6.0;
}

Chances terrain_piece_chances(const Tables& tables) {
    return binomial(tables.terrain_rows * tables.terrain_columns, terrain_piece_chance(tables));
}

TerrainResult resolve_terrain(const Tables& tables, FaceSource& source) {
    TerrainResult r;
    const auto& on = tables.terrain_piece_on;
    const double foot = 30.48;
    r.explanation.push_back("the " + std::to_string(tables.terrain_rows * tables.terrain_columns) + " sectors (" +
                            std::to_string(tables.terrain_rows) + " rows of " + std::to_string(tables.terrain_columns) + ", each " +
                            cm_text(tables.table_width_ft * foot / tables.terrain_columns) + " x " +
                            cm_text(tables.table_depth_ft * foot / tables.terrain_rows) +
                            "): a die each, a terrain piece on 4-6, then a die for its kind (seed 004, RANDOM TERRAIN GENERATOR)");
    for (int row = 1; row <= tables.terrain_rows; ++row)
        for (int column = 1; column <= tables.terrain_columns; ++column) {
            TerrainPiece piece;
            piece.row = row;
            piece.column = column;
            const std::string where = "row " + std::to_string(row) + ", sector " + std::to_string(column);
            source.expect(1, "a die for " + where);
            piece.presence_die = source.take();
            if (std::find(on.begin(), on.end(), piece.presence_die) != on.end()) {
                source.expect(1, "the kind of the piece in " + where);
                piece.kind_die = source.take();
                piece.kind = tables.terrain_kinds.at(piece.kind_die);
                ++r.pieces;
                r.explanation.push_back(where + ": " + std::to_string(piece.presence_die) + " a piece, " +
                                        std::to_string(piece.kind_die) + " " + piece.kind);
            } else {
                r.explanation.push_back(where + ": " + std::to_string(piece.presence_die) + " open ground");
            }
            r.sectors.push_back(piece);
        }
    source.finish();
    r.explanation.push_back(std::to_string(r.pieces) + " terrain pieces; a river through several sectors counts once; size and "
                                                       "exact nature by agreement, or more dice");
    return r;
}

// ------------------------------------------------------------------ victory

ArmyPoints army_points(const Tables& tables, int generals, int foot, int others, int generals_now, int foot_now, int others_now) {
    ArmyPoints p;
    p.start = generals * tables.points_general + foot * tables.points_foot + others * tables.points_other;
    p.now = generals_now * tables.points_general + foot_now * tables.points_foot + others_now * tables.points_other;
    p.lost = static_cast<double>(p.now) < tables.loses_below * static_cast<double>(p.start);
    return p;
}

}  // namespace fortuna::game_of_kings
