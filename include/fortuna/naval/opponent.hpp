// SPDX-License-Identifier: MIT
// The programmed opponent of The Age of Sail: each captain closes to his admiral's chosen range,
// rakes when the geometry allows, fires his broadside at the best target, boards when the dice
// favour it, fights fires, refloats, repairs and anchors by doctrine; every action with its reason.
#pragma once

#include <optional>
#include <set>
#include <string>

#include "fortuna/naval/model.hpp"

namespace fortuna {

// How one admiral fights (docs/rules/age-of-sail.md, "The programmed opponent").
struct NavalDoctrine {
    double close_to_cm = 4;   // the range the captains close to: the first band, where hull hits on 4+ (seed 000, Combat)
    Aim aim = Aim::Hull;      // what the broadsides aim at
    double board_from = 0.5;  // boards when the chance of capture is at least this
    bool repair_masts = true; // repairs shot-away masts when no enemy is in range
    std::string source;       // why: the practice it follows
};

// The doctrine of a side of the scenario: the Royal Navy aims at the hull and closes; La Royale
// aims at the rigging, the practice naval histories ascribe to the French fleet of the period.
NavalDoctrine default_naval_doctrine(const NavalScenario& scenario, int side);

struct NavalProposal {
    NavalAction action;
    std::string reason;
};

class NavalOpponent {
public:
    NavalOpponent(int side, NavalDoctrine doctrine) : side_(side), doctrine_(std::move(doctrine)) {}
    int side() const { return side_; }
    const NavalDoctrine& doctrine() const { return doctrine_; }

    // The next action of this side in its half of the round: hazards first (fire, aground,
    // entangled, high seas), then each ship's move, then broadsides and boarding, then the end of
    // the half. nullopt when the side is not moving. At the end of a round (both halves done) the
    // side that moved first throws for the wind.
    std::optional<NavalProposal> next(const NavalGame& game) const;
    // An action the rules refused: not proposed again in this half.
    void refused(const NavalAction& action) { refused_.insert(naval_action_to_json(action).dump()); }
    void forget() { refused_.clear(); }

private:
    bool was_refused(const NavalAction& action) const { return refused_.count(naval_action_to_json(action).dump()) > 0; }
    std::optional<NavalProposal> hazard(const NavalGame& game) const;
    std::optional<NavalProposal> move(const NavalGame& game) const;
    std::optional<NavalProposal> broadside(const NavalGame& game) const;
    std::optional<NavalProposal> boarding(const NavalGame& game) const;
    int side_;
    NavalDoctrine doctrine_;
    std::set<std::string> refused_;
};

// Ships of a side still fighting: afloat, not struck, with a gun deck or hull left.
int fighting_ships(const NavalGame& game, int side);
// The naval battle ends when a fleet has no ship still fighting, or after the scenario's rounds
// (0: no limit); the winner inflicted the most damage (D9). winner -1: not over, or level.
struct NavalOutcome {
    bool over = false;
    int winner = -1;
    std::string reason;
};
NavalOutcome judge_naval_battle(const NavalGame& game);

}  // namespace fortuna
