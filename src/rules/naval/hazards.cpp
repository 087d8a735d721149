// SPDX-License-Identifier: MIT
// One-die hazards of the sea: shoals and refloating, mast repair, disentangling, fire and its spread, foundering (seed 000).
#include <algorithm>
#include <cstdio>

#include "fortuna/core/errors.hpp"
#include "fortuna/naval/model.hpp"

namespace fortuna {

namespace {

std::string faces_text(const std::vector<int>& faces) {
    std::string text;
    for (int f : faces) text += (text.empty() ? "" : ", ") + std::to_string(f);
    return text;
}

std::vector<int> at_least(int score) {
    std::vector<int> faces;
    for (int f = std::max(score, 1); f <= 6; ++f) faces.push_back(f);
    return faces;
}

// The faces that give the bad outcome, and the words for both outcomes.
struct HazardRule {
    std::vector<int> bad_faces;
    std::string rule;
    std::string bad;
    std::string good;
};

std::vector<int> complement(const std::vector<int>& faces) {
    std::vector<int> out;
    for (int f = 1; f <= 6; ++f)
        if (std::find(faces.begin(), faces.end(), f) == faces.end()) out.push_back(f);
    return out;
}

HazardRule rule_for(const NavalTables& tables, Hazard hazard, FireState fire, double distance_cm) {
    switch (hazard) {
        case Hazard::Shoal:
            return {tables.shoal_grounds_on, "Movement, shoals: " + faces_text(tables.shoal_grounds_on) + " runs aground (S4)",
                    "runs aground and cannot move until it throws a " + std::to_string(tables.refloat_on), "passes over the shoal"};
        case Hazard::Refloat:
            return {complement(at_least(tables.refloat_on)), "Movement, refloating: " + std::to_string(tables.refloat_on) + " refloats",
                    "still aground", "refloats"};
        case Hazard::MastRepair:
            return {complement(at_least(tables.mast_repair_on)),
                    "Movement, mast repair: " + std::to_string(tables.mast_repair_on) + " repairs a mast (the crew cannot fire or board)",
                    "the mast is not yet repaired", "a mast is repaired"};
        case Hazard::Disentangle:
            return {complement(at_least(tables.disentangle_on)),
                    "Combat, boarding: " + std::to_string(tables.disentangle_on) + " disentangles the ships", "still entangled",
                    "the ships separate"};
        case Hazard::FireFight: {
            if (fire == FireState::None) throw RuleError("the ship is not on fire");
            const int score = fire == FireState::Burning ? tables.fire_out_first : tables.fire_out_second;
            return {complement(at_least(score)),
                    std::string("Combat, fire (") + (fire == FireState::Burning ? "first" : "second") + " round): " +
                        std::to_string(score) + (score < 6 ? "-6" : "") + " puts it out",
                    fire == FireState::Burning ? "the fire grows" : "the ship blows up and sinks", "the fire is out"};
        }
        case Hazard::Founder:
            return {tables.founder_on, "Combat, high seas: " + faces_text(tables.founder_on) + " sinks a ship with no gun decks and no hull",
                    "the ship founders and sinks", "she stays afloat"};
        case Hazard::ExplosionSpread: {
            if (distance_cm > tables.explosion_radius_cm + 1e-9) throw RuleError("beyond the explosion's reach");
            const RangeBand* band = &tables.firing.front();
            for (const auto& b : tables.firing)
                if (distance_cm > b.from_cm + 1e-9 || &b == &tables.firing.front()) band = &b;
            char range[64];
            std::snprintf(range, sizeof range, "%g-%g cm", band->from_cm, band->to_cm);
            return {at_least(band->hull),
                    "Combat, explosion: within " + std::to_string(static_cast<int>(tables.explosion_radius_cm)) +
                        " cm, the hull row " + range + " (" + std::to_string(band->hull) + "-6) sets this ship on fire (D7)",
                    "catches fire", "escapes the flames"};
        }
    }
    throw RuleError("unknown hazard");
}

}  // namespace

std::string_view to_string(Hazard value) {
    switch (value) {
        case Hazard::Shoal: return "shoal";
        case Hazard::Refloat: return "refloat";
        case Hazard::MastRepair: return "mast-repair";
        case Hazard::Disentangle: return "disentangle";
        case Hazard::FireFight: return "fire";
        case Hazard::Founder: return "founder";
        case Hazard::ExplosionSpread: return "explosion";
    }
    return "?";
}

Hazard hazard_from_string(std::string_view text) {
    for (Hazard h : {Hazard::Shoal, Hazard::Refloat, Hazard::MastRepair, Hazard::Disentangle, Hazard::FireFight, Hazard::Founder,
                     Hazard::ExplosionSpread})
        if (to_string(h) == text) return h;
    throw RuleError("unknown hazard '" + std::string(text) +
                    "': expected shoal, refloat, mast-repair, disentangle, fire, founder or explosion");
}

HazardRoll roll_hazard(const NavalTables& tables, Hazard hazard, const Roll& roll, FireState fire, double distance_cm) {
    if (roll.value < 1 || roll.value > 6) throw RuleError(std::string(to_string(hazard)) + ": a die shows 1 to 6, not " + std::to_string(roll.value));
    const HazardRule rule = rule_for(tables, hazard, fire, distance_cm);
    HazardRoll r;
    r.hazard = hazard;
    r.roll = roll;
    r.bad = std::find(rule.bad_faces.begin(), rule.bad_faces.end(), roll.value) != rule.bad_faces.end();
    r.outcome = r.bad ? rule.bad : rule.good;
    r.explanation.push_back(rule.rule);
    r.explanation.push_back("die " + std::to_string(roll.value) + ": " + r.outcome);
    return r;
}

Probability hazard_probability(const NavalTables& tables, Hazard hazard, FireState fire, double distance_cm) {
    return {rule_for(tables, hazard, fire, distance_cm).bad_faces.size(), 6};
}

}  // namespace fortuna
