// SPDX-License-Identifier: MIT
// The programmed opponent: a side's doctrine as data, the general who plays it by the rules, and when a battle is decided.
//
// How to use it (fortuna-cli play --opponent, the app's Game > Computer plays):
//
//   const Doctrines doctrines = load_doctrines(library, game.scenario());   // data/doctrines/<id>.json
//   Opponent catholic(game, doctrines.side(0));
//   while (game.phasing_side() == catholic.side() && !judge_battle(game, doctrines).decided)
//       catholic.step(game);   // one typed action, applied, its reason in request.why
//
// The opponent proposes the same typed actions as the desk (actions.hpp) and the game judges
// them by the same rules of play: what it may not do is refused and it chooses again. Every
// decision it takes is a pure function of the game and its seed (each unit's random-number
// test is drawn from the seed, the turn and the unit), so the same seed plays the same battle,
// and an undone step proposed again is the same step. docs/rules/opponent.md cites every choice.
#pragma once

#include <cstdint>
#include <filesystem>
#include <functional>
#include <map>
#include <optional>
#include <set>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "fortuna/land/actions.hpp"
#include "fortuna/land/battlefield.hpp"
#include "fortuna/land/duties.hpp"
#include "fortuna/land/resolution.hpp"
#include "fortuna/land/scenario.hpp"

namespace fortuna {

class Game;
class RulesLibrary;
struct AppliedAction;

// Which target a battery chooses among those in sight and range (seed 000, 6).
enum class ArtilleryAim { Nearest, Strongest, Weakest };
template <>
struct EnumNames<ArtilleryAim> {
    static constexpr std::string_view what = "artillery aim";
    static constexpr std::array<NameOf<ArtilleryAim>, 3> names{
        {{ArtilleryAim::Nearest, "nearest"}, {ArtilleryAim::Strongest, "strongest"}, {ArtilleryAim::Weakest, "weakest"}}};
};

// Units held back until a time or until the enemy comes near.
struct ReserveOrder {
    std::vector<std::string> units;
    std::optional<int> commit_at;               // minutes since midnight
    std::optional<double> enemy_within_mm;      // of any unit of the reserve
    std::string source;
};

// One side's way of fighting, each choice with its source (docs/data-format.md, Doctrines).
struct SideDoctrine {
    std::string side;  // the scenario's side id
    int side_index = 0;
    Posture posture = Posture::Attack;
    std::string source;
    // Attack: the ground marched on when no enemy is within engage_within_mm. Defend: the
    // ground held. A terrain feature's name (its centre) or a point.
    std::string objective_name;
    std::optional<BoardPoint> objective;
    double engage_within_mm = 300;
    // The author's random-number test (seed 000, 2.3): a unit advances this turn when its
    // 0.000-0.999 number is at least this (0: always).
    int advance_test = 0;  // thousandths
    // Attack only when the chance of a result that hurts the defender and not the attacker is
    // at least this (seed 002, Table 6 read before the roll, resolution.hpp).
    double min_favourable = 0.5;
    // Defend: cavalry charges an enemy that comes within this (0: never).
    double counter_charge_within_mm = 0;
    ArtilleryAim aim = ArtilleryAim::Nearest;
    // A general within this of a unit rallying helps it (seed 000, 5.3); 0: never.
    double rally_general_within_mm = 0;
    // The side gives up the field once its losses reach this percent of its bases.
    std::optional<double> break_off_percent;
    std::vector<ReserveOrder> reserves;
    std::map<std::string, std::string> sources;  // "charge", "artillery", ... -> the seed passage
};

struct Doctrines {
    std::string file;  // where they were read from ("" when built in memory)
    std::string scenario;
    std::vector<SideDoctrine> sides;  // one per scenario side, in the scenario's order
    const SideDoctrine& side(int index) const { return sides.at(static_cast<std::size_t>(index)); }
};

// data/doctrines/<scenario id>.json.
std::filesystem::path doctrine_path(const RulesLibrary& library, std::string_view scenario_id);
// Schema (data/schema/doctrine.schema.json), then every side, unit and terrain feature it names
// against the scenario. Throws DataError with the file and the JSON pointer of the bad field.
Doctrines doctrines_from_json(const nlohmann::json& document, const std::string& file, const RulesLibrary& library,
                              const Scenario& scenario);
// The scenario's doctrine file; a scenario without one gets the default of docs/rules/opponent.md
// (the first player attacks the enemy, the second defends where it stands).
Doctrines load_doctrines(const RulesLibrary& library, const Scenario& scenario);
Doctrines default_doctrines(const Scenario& scenario);

// How the battle stands as the programmed generals judge it (docs/rules/opponent.md).
struct BattleOutcome {
    bool decided = false;
    int winner = -1;  // side index; -1: a draw or not decided
    int loser = -1;
    std::string how;  // "sauve-qui-peut", "broke off", "dusk", "stalled"
    std::string words;
    int minutes = 0;  // the clock when it was judged
    VictoryJudgement judgement;
};
BattleOutcome judge_battle(const Game& game, const Doctrines& doctrines);

// One side's programmed general.
class Opponent {
public:
    Opponent(const Game& game, SideDoctrine doctrine);

    int side() const { return doctrine_.side_index; }
    const SideDoctrine& doctrine() const { return doctrine_; }
    // Who the journal says asked: "computer: catholic".
    const std::string& by() const { return by_; }

    // The next action of this side's half-turn, its reason in `why`: a duty of the phase, a
    // move the doctrine chooses, or the end of the phase when nothing is left. nullopt when
    // the half-turn is the other side's, or the phase waits for the player (waiting_for).
    std::optional<ActionRequest> next(const Game& game);
    // Applies next(); a refused proposal is noted (not proposed again this phase) and the
    // next is tried. A phase the opponent cannot end by the rules is ended with the reason
    // as the override ("found no legal action for ..."). Returns the applied action, or
    // nullptr when it was not this side's half or the phase waits for the player.
    const AppliedAction* step(Game& game);
    // For a caller that applies next()'s proposal itself (the app, through its undo stack):
    // what became of it, noted as step() notes it. An applied or refused subject is not
    // proposed again this phase; a refusal is counted with the rules' words. A refused end of
    // phase makes the opponent measure the phase again, and refused once more, propose the end
    // with the override "found no legal action for ...".
    void noted(const ActionRequest& request, const std::optional<std::string>& refusal = std::nullopt);
    // Forgets what it decided in the current phase (the app calls it after an undo), but for
    // its own actions of the phase still in the history: their units are not ordered again.
    void forget();
    // The solo player takes a unit over: the opponent gives it no orders and does none of
    // its duties (rally, fire, combat); a phase with such a duty open waits for the player.
    void take_over(const std::string& unit) { taken_.insert(unit); }
    void hand_back(const std::string& unit) { taken_.erase(unit); }
    const std::set<std::string>& taken_over() const { return taken_; }
    // What the phase waits for when next() gives nothing though it is this side's half: the
    // open duties of units the player has taken over, in words.
    std::vector<std::string> waiting_for(const Game& game);
    // Proposals the rules refused since it was made (it then chose again).
    int refusals() const { return refused_total_; }
    // The refusals of the current phase, in words.
    const std::vector<std::string>& refusals_this_phase() const { return refusals_; }

private:
    std::optional<ActionRequest> rally(const Game& game);
    std::optional<ActionRequest> fire(const Game& game);
    std::optional<ActionRequest> manoeuvre(const Game& game);
    std::optional<ActionRequest> combat(const Game& game);
    std::optional<ActionRequest> crisis(const Game& game);
    std::optional<ActionRequest> unit_order(const Game& game, std::size_t unit, const TableIndex& table);
    bool committed(const Game& game, std::size_t unit, const TableIndex& table) const;
    int unit_roll(const Game& game, std::size_t unit) const;  // thousandths, from the seed
    void mark(const ActionRequest& request);
    void sync(const Game& game);
    // Given a game in the middle of this side's phase (recovered after a crash, or handed to the
    // computer mid-phase), it goes through the phase so far again on a copy rebuilt from the
    // journal, proposing as it did, so that it goes on as if never interrupted (issue 28): no
    // unit moved twice, the phase's duties as they were measured when it began.
    void catch_up(const Game& game);
    // The side's duties as the phase began (duties.hpp): each is proposed once, so they are
    // measured once a phase rather than after every action (the sight checks dominate).
    const std::vector<Duty>& phase_duties(const Game& game);

    SideDoctrine doctrine_;
    std::string by_;
    double home_y_ = 0;  // the table edge behind the side (home_edge_y): withdrawers go for it
    // What was decided in the current phase: keyed by subject (unit, battery, "end").
    std::tuple<int, int, int> phase_key_{-1, -1, -1};
    std::set<std::string> decided_;
    bool recall_ = true;  // after forget(): the phase's own actions in the history are marked at the next sync
    std::vector<std::string> held_;  // units that hold this phase, for the end-phase's words
    std::vector<std::string> refusals_;
    int refused_total_ = 0;
    std::vector<Duty> duties_;
    bool duties_stale_ = true;
    bool remeasured_ = false;  // the phase's duties measured again before ending it
    std::optional<std::string> end_override_;  // the phase is ended by override, with this reason
    std::set<std::string> taken_;
};

// Plays the sides given (others are left to the caller) until the battle is decided, the clock
// reaches `until` (minutes since midnight), or the side to play has no opponent. `on_applied`
// sees every applied action.
struct AutoPlay {
    BattleOutcome outcome;
    int applied = 0;
    int with_reason = 0;  // applied actions that carry the opponent's why
    int refused = 0;      // proposals the rules refused (the opponent then chose again)
    int overruled = 0;    // phases it had to end by override (no legal action left)
};
AutoPlay play_opponents(Game& game, const Doctrines& doctrines, const std::vector<int>& sides,
                        std::optional<int> until = std::nullopt,
                        const std::function<void(const AppliedAction&)>& on_applied = {});

}  // namespace fortuna
