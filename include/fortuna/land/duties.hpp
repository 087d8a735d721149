// SPDX-License-Identifier: MIT
// The solo player's checklist: what the rules require of the phasing side now, phase by phase.
#pragma once

#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include <nlohmann/json.hpp>

namespace fortuna {

class Battlefield;
class Game;

// How to use it (the turn bar):
//
//   const Battlefield field(game.scenario());          // once per game: the terrain
//   for (const Duty& duty : duties(game, field))        // after every apply/undo/redo
//       show(duty.phase, duty.text, duty.done);         // tick the done ones
//
// duties() lists, for the side whose half-turn it is, every item of phases a-e of the
// current half-turn (the current phase's items are those with duty.phase == game.phase().id).
// An item stays in the list once done: `done` is true when an action in the game's history,
// applied in this same turn and half, resolves it (the journal is the record; nothing else
// is stored). Undoing that action makes the item open again. Ids are stable across calls
// within the half-turn, so the UI can keep its own marks (expanded, highlighted) by id:
//
//   a/rally/B-I3            unit B-I3 is disrupted, routing or withdrawing: roll to rally
//   b/fire/CL-A1            battery CL-A1 may fire (normal, unlimbered, a visible target in range)
//   c/reinforcements/ID     reinforcement ID is due (its time has come, still awaiting)
//   c/messenger/3           messenger 3 has reached the turn he arrives: deliver (roll) or capture
//   d/combat/CL-T1/B-I2     CL-T1 must attack B-I2: infantry within the infantry combat range,
//                           cavalry in contact, both on the table and in sight of each other
//   e/crisis/bohemian/15    the Bohemians reached the 15 % threshold and have not tested it
//
// Each item carries `action`, the journal action that resolves it with the rolls left to the
// game (e.g. {"do": "rally", "unit": "B-I3"}); the UI may prefill its dialog from it. Combat
// items name the rule set's range; artillery items list their targets with range bands.
// Every rule cited: seed 000 section 4 (the sequence), 5 (rally), 6 (artillery), 7.2.7
// (messengers), 8.1 (combat ranges), 9 (crisis of morale); seed 002 Game Sequence.
enum class DutyKind { Rally, ArtilleryFire, Reinforcements, Messenger, Rout, Combat, Control, CrisisTest };
std::string_view to_string(DutyKind kind);

// One target of a battery: in sight and within the battery table's longest band.
struct FireTarget {
    std::string unit;     // code
    std::string name;
    double range_mm = 0;  // centre to centre, as the artillery action takes it
    std::string band;     // the battery table's band label, "0-60"
};

struct Duty {
    std::string id;     // stable, see above
    std::string phase;  // "a".."e"
    DutyKind kind = DutyKind::Rally;
    std::string text;   // one line for the turn bar
    std::string rule;   // the section it comes from
    std::vector<std::string> units;  // codes involved (unit first, then its opponent)
    std::vector<FireTarget> targets; // artillery only, nearest first
    nlohmann::json action;           // the action that resolves it
    bool done = false;
};

// Everything the phasing side must (or, for artillery, may) do in this half-turn, in phase
// order, then by unit code. Pure function of the game; cheap enough to call after every action.
std::vector<Duty> duties(const Game& game, const Battlefield& field);
// The items of one phase only ("a".."e"), measured alone: the same items as
// duties_in_phase(duties(game, field), phase) at a fraction of the cost (the end of a phase
// and the programmed opponent ask for one phase).
std::vector<Duty> duties(const Game& game, const Battlefield& field, std::string_view phase);

// The Duties list kept from one action to the next (the Duties dock refreshes it after every
// action, undo and redo): update() returns exactly what duties(game, field) would, but measures
// again only what the units that changed since the last call can have changed. A battery keeps
// the outcome of each target unless the battery or the target changed, or a unit that changed
// stood or stands across the line between them; an attacker keeps its combats unless a change
// lies within its reach. Another game or field, the other side's half-turn or a change of the
// dusk measures everything. The game and field must outlive the tracker's use of them; call
// reset() when a new game may sit at the old one's address.
class DutyTracker {
public:
    DutyTracker();
    ~DutyTracker();
    DutyTracker(DutyTracker&&) noexcept;
    DutyTracker& operator=(DutyTracker&&) noexcept;
    std::vector<Duty> update(const Game& game, const Battlefield& field);
    void reset();

private:
    std::vector<Duty> measure(const Game& game, const Battlefield& field);
    struct Memory;
    std::unique_ptr<Memory> memory_;
};

// The items of one phase ("a".."e").
std::vector<Duty> duties_in_phase(const std::vector<Duty>& all, std::string_view phase);

// {"id", "phase", "kind", "text", "rule", "units", "targets", "action", "done"} per item.
nlohmann::json duties_json(const std::vector<Duty>& all);

}  // namespace fortuna
