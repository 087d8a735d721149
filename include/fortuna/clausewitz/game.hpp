// SPDX-License-Identifier: MIT
// Clausewitz (seed 003) as a game: the scenario set up on the table, the turn (the chip bag, an
// activation by a general's command test, the five actions spent or reserved), the actions
// (March, Quick March, Change Unit Formations, facing, Fire!, Fire Skirmish Weapons, orders by
// ADC, charges into contact and their melee), the zone of control measured from the bases, the
// morale test before each action in it with withdrawal or flight by the margin, objectives scored
// each turn, colours and generals captured, reinforcements entering by the clock; and the
// programmed opponent that proposes actions with reasons. Every circumstance a roll depends on is measured
// from the board; an action names only who does what to whom.
#pragma once

#include <cstdint>
#include <filesystem>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "fortuna/core/chance.hpp"
#include "fortuna/clausewitz/board.hpp"
#include "fortuna/clausewitz/resolvers.hpp"
#include "fortuna/clausewitz/tables.hpp"
#include "fortuna/core/recorded_game.hpp"

namespace fortuna::clausewitz {

struct UnitBase {
    std::string type;  // "line-infantry"
    std::string name;  // "27th Jagers"
    int men = 0;
    int combat_dice = 0;  // now (damage takes them away)
    int skirmish_dice = 0;
    int artillery_dice = 0;  // one a gun
    std::string weapon;
};

struct Brigade {
    std::string id, name, division;
    int side = 0;
    int rating = 3;  // command rating 1-5
    Arm arm = Arm::Foot;
    std::string weapon;  // of its front units (the first that is not artillery)
    std::vector<UnitBase> units;
    double x = 0, y = 0, facing = 0;  // centre in cm, compass bearing (0 = up the table)
    Formation formation = Formation::Line;
    int strength = 0, strength_start = 0;  // one point a full 50 men
    int damage_taken = 0;
    std::string status = "ready";  // "ready", "fled", "gone" (left the field)
    std::string objective;         // the objective its division was ordered to hold
    bool activated = false;        // this turn
    int actions_left = 0;          // this turn; kept after the activation ends for reactions
    bool halted = false;           // withdrew: no more actions this turn but defensive fire
    std::string arrives;           // a reinforcement: the clock it enters at ("15:00"); "" for one on the table at the start
};

struct General {
    std::string id, name, division;  // division "" for the commander-in-chief
    int side = 0;
    bool commander_in_chief = false;
    int rating = 3;
    double x = 0, y = 0;
    int points_left = 0;  // command points this turn
    double moved_cm = 0;  // this turn
    std::string captured_by;  // the enemy brigade holding him ("Capturing Generals"); "" when free
};

struct Adc {
    int side = 0;
    std::string to_general, objective;
    double x = 0, y = 0;
};

struct Objective {
    std::string id, name;
    double x = 0, y = 0;
    int vp = 0;
};

struct TerrainPiece {
    std::string id, type;
    double x0 = 0, y0 = 0, x1 = 0, y1 = 0;
};

struct SideSetup {
    std::string id, name, army, commander;
    std::string posture;  // the opponent's doctrine: "attack" or "hold"
    std::string doctrine_cite;
    std::string advance_to;  // attack: the objective a division is sent to once it holds its own
};

// A scenario as the game reads it (from the shipped file or the copy inside a save).
struct Scenario {
    std::string id, name;
    nlohmann::json document;
    double width_cm = 0, depth_cm = 0;
    int start_minutes = 0, turn_minutes = 10, turns = 0;
    std::vector<SideSetup> sides;
    std::vector<Brigade> brigades;
    std::vector<General> generals;
    std::vector<Objective> objectives;
    std::vector<TerrainPiece> terrain;
    // Reinforcements (the scenario's "arrives"): each enters at its place when the clock reaches
    // its time, in the order of the file; `arrives` holds the clock, `x`/`y` the place.
    std::vector<Brigade> arrivals;
    // The scouting phase (the scenario's "scouting"; D64-D67): brigades without a place, deployed
    // by their side in the zone its deployment markers find.
    bool scouting = false;
    std::vector<Brigade> to_deploy;
};
// Builds it from a document already valid against the schema (check_file); RuleError when the
// scenario cannot be played yet, naming what it lacks (a brigade on the field without men, no
// generals).
Scenario scenario_from_json(const Tables& tables, const nlohmann::json& document, const std::filesystem::path& data_dir, const std::string& file);

struct Marker {
    int side = 0;
    double x = 0, y = 0;
    bool locked = false;
};

struct GameState {
    int turn = 1;
    // "" the battle; "scouting" (deployment markers) and "deployment" (brigades placed) before it.
    std::string phase;
    std::vector<Marker> markers;
    std::vector<int> markers_left{0, 0};  // still to be placed
    int scout_side = -1;                  // whose deployment turn; -1: the roll-off not yet thrown
    int passes = 0;                       // deployment turns passed in a row
    int first_locked = -1;                // the side that locked all its markers first
    std::vector<std::string> to_deploy;   // ids of the brigades still to be placed
    bool over = false;
    std::vector<Brigade> brigades;
    std::vector<General> generals;
    std::vector<Adc> adcs;
    std::vector<int> vp{0, 0};
    std::vector<int> bag{0, 0};     // chips of each side left in the bag this turn
    int chip = -1;                  // the side whose chip was drawn and not yet used; -1: none
    int active = -1;                // the brigade activated now; -1: none
    std::vector<bool> adc_sent{false, false};
    std::vector<std::string> held;  // by objective: the side id holding it at the last count, or ""
    std::vector<int> colours{0, 0};    // enemy colours each side has taken in melee ("Capturing Enemy Colours")
    std::vector<int> generals_taken{0, 0};  // enemy generals each side has captured ("Capturing Generals")
    std::vector<std::string> arrived;  // ids of the reinforcements that have entered
    std::vector<std::string> waiting;  // reinforcements due whose place is blocked: they enter at the next turn's start
    // The desk's memory of the turn (kept out of to_json, so saves of older builds still compare;
    // a replay rebuilds them): the last chip drawn and the brigade it activated, and each turn's
    // count of the objectives (who held each, the victory points after it).
    int last_chip = -1;
    std::string chip_activated;
    struct Count {
        int turn = 0;
        std::string clock;
        std::vector<std::string> held;  // by objective: the side id or ""
        std::vector<int> vp;            // after the count
    };
    std::vector<Count> tally;
    // The reactions offered (D68): the enemy brigades whose zone the activated brigade has just
    // acted in, with actions in reserve, that have not yet fired or let it pass; their side acts
    // until it fires or lets the chance pass ("pass-reaction"), or the activated side acts on.
    std::vector<std::string> may_react;
};

// The morale test a brigade takes before an action in an enemy's zone of control (or before a
// defensive reaction to `owner`), as measured now.
struct ZoneMorale {
    int owner = -1;  // the enemy brigade whose zone it is
    MoraleSetup setup;
    MoraleOdds odds;
};

// An ADC riding to his general: where he is, where the general is, and when he arrives (ADCs
// ride at the end of each turn, reaching the general when he is within the ride).
struct AdcRide {
    int side = 0;
    std::string to_general, objective;
    double from_x = 0, from_y = 0, to_x = 0, to_y = 0, distance_cm = 0;
    int turns = 1;          // ends of turn until he arrives: 1 = at the end of this turn
    std::string arrives;    // the clock of that turn ("14:20")
};

// An action in the journal's words, its rolls inside. Kinds: draw, activate, march,
// quick-march, face, formation, fire, skirmish, bombard, hold, end-activation, order, move-general,
// charge (a March into base-to-base contact with an enemy brigade and the melee it fights),
// pass-reaction (the reacting side lets the reactions on offer pass, D68).
struct Action {
    std::string kind;
    std::string brigade, target, general, to_general, objective, chip_side, formation;
    std::optional<double> to_x, to_y, facing;
    int points = 0;
    std::string overrule;  // the umpire's logged reason for overruling a refusal
    // What a Fire!, Fire Skirmish Weapons or Bombard claims about the board (issue 32): "range"
    // ("effective"/"long"), "enfilade" (fire, skirmish), "flank" (bombard), "cover" (a terrain
    // with a save, or "none"). Agreeing with the measure it changes nothing; disagreeing it is
    // refused naming what the board shows, unless the umpire overrules (then the claim is read).
    nlohmann::json claims = nlohmann::json::object();
    std::vector<Roll> chip, command, morale, steady, fire, save, lose;
    // A charge's melee: the charger's combat dice (its general's guard die last), the defender's
    // (likewise), the charger's own dice-lost rolls ("lose" holds the target's) and the winner's
    // colours die.
    std::vector<Roll> melee, defence, lose_back, colours;
    // Scouting: the roll-off's dice (one a side, thrown again while equal) and the marker moved
    // (1-based among the side's markers; 0 places a new one).
    std::vector<Roll> roll_off;
    int marker = 0;
};

// What a melee between two brigades would be, measured from the board as it stands (the charger
// already in contact): each side's roll set up by the resolvers, each side's hits and the result
// by the margin, exact.
struct MeleeOutlook {
    MeleeSetup charger, defender;
    CountOdds hits_on_defender, hits_on_charger;
    long double charger_wins = 0, drawn = 0, defender_wins = 0;
    long double defender_flees = 0, charger_flees = 0;  // lost by more than the withdrawal margin
    bool flank = false, rear = false;
    Explanation explanation;  // the measures: flank or rear, hills, village, generals in contact
};

// The rolls of an action foreseen before they are thrown (the session's preview): the action in
// words, the roll a player types and the key it goes in, and the exact chance of each outcome.
// Every outcome's words begin with its group ("morale: passes", "damage: 2"); the chances within
// a group exclude each other and sum to 1. A volley's Steady! and Fire! odds are those of the
// volley once a morale test before it (in a zone of control) has passed.
struct Foreseen {
    std::string summary;
    std::string roll_kind;  // "dice:N" (N six-sided dice, each read alone); "" when no one roll is typed
    std::string roll_slot;  // the action's key the typed roll goes in: "steady", "command", "morale"
    std::vector<std::pair<std::string, Probability>> odds;
};

struct Applied {
    Action action;
    std::string summary;
    Explanation explanation;
};

// The game model behind RecordedGame (recorded_game.hpp lists what it provides).
class Game {
public:
    using Action = clausewitz::Action;
    using Applied = clausewitz::Applied;

    Game(std::shared_ptr<const Tables> tables, std::shared_ptr<const Scenario> scenario);

    const Applied& apply(Action action, Dice& dice);
    bool undo();
    bool redo();
    std::size_t actions_in_effect() const { return done_.size(); }
    static nlohmann::json encode(const Action& action);
    static Action decode(const nlohmann::json& input);  // RuleError naming the bad field
    static std::string kind(const Action& action) { return action.kind; }
    nlohmann::json line_context() const;
    nlohmann::json to_json() const;

    const Tables& tables() const { return *tables_; }
    const Scenario& scenario() const { return *scenario_; }
    const GameState& state() const { return state_; }
    std::string clock() const;  // "14:20"
    // The side acting now: the side of the chip drawn or the activated brigade; the first side
    // when a chip is to be drawn; -1 when the battle is over.
    int acting_side() const;

    // The action's rolls before they are thrown: the action goes through apply's own code on a copy
    // of the game up to its first roll (a volley: past a morale test before it, as if passed), so it
    // is measured and refused exactly as apply would (RuleError). No generator is read.
    Foreseen foresee(Action action) const;

    // Geometry the rules measure, public for the opponent and the tests.
    Footprint footprint(const Brigade& brigade) const;
    Footprint footprint_at(const Brigade& brigade, double x, double y, double facing) const;
    // The enemy brigade (index) whose zone of control `b` stands in, nearest first; -1: none.
    int zone_owner(int b) const;
    int zone_owner_at(int b, const Footprint& place) const;
    // The morale test brigade b takes before an action in a zone (against >= 0: before a reaction
    // to that enemy); nullopt when it stands in no enemy's zone.
    std::optional<ZoneMorale> zone_morale(int b, int against = -1) const;
    // The brigades that may react now (D68): enemies of the activated brigade with actions in
    // reserve whose zone it has just acted in, by index; empty when none is offered.
    std::vector<int> reactions_on_offer() const;
    // The ADCs riding, each with where from, where to and when he arrives.
    std::vector<AdcRide> adc_rides() const;
    // The terrain class under a point, and the save of the cover there (nullopt: none).
    Terrain ground_at(double x, double y) const;
    std::optional<int> save_at(double x, double y) const;
    // The terrain giving that save ("woods", "village"), or "none".
    std::string cover_at(double x, double y) const;
    // Why a march of brigade b to (x, y) would be refused (nullopt: allowed), without applying it.
    std::optional<std::string> march_refusal(int b, double x, double y, bool quick) const;
    // What a march of brigade b to (x, y) costs in actions (a wheel to face the way first, then the
    // distance at the rate of the worst ground crossed); RuleError when the rules refuse it.
    int march_cost(int b, double x, double y, bool quick, bool ignore_zone = false, Explanation* out = nullptr) const;
    // Where a charge of brigade b at brigade t makes contact (the charger's centre, facing the
    // target's centre) and whether it is in contact already; RuleError when the rules refuse it.
    struct Contact {
        double x = 0, y = 0, facing = 0, distance = 0;
        bool already = false;
        int cost = 0;  // actions: the March to contact (its wheel first), or one for a melee already in contact
    };
    Contact charge_contact(int b, int t) const;
    // The melee brigade b (in contact) would fight against t, measured from the board.
    MeleeOutlook melee_outlook(int b, int t) const;
    MeleeOutlook melee_outlook_at(int b, int t, double x, double y, double facing) const;
    // The last action applied (the recorder's apply() returned it).
    const Applied& last_applied() const { return done_.back()->applied; }
    int find_brigade(const std::string& id) const;  // -1 when unknown
    int find_general(const std::string& id) const;
    int side_index(const std::string& id) const;

private:
    struct Done {
        Applied applied;
        std::shared_ptr<const GameState> before;
        std::string key;
    };
    // `key`: the kept-roll key of the action the player gave (Hold!'s forced fire keeps its rolls under the Hold!'s).
    std::string apply_action(Action& action, Dice& dice, Explanation& out, const std::string* key_of = nullptr);
    std::vector<Roll> rolls(std::vector<Roll>& typed, const std::string& key, const std::string& slot, std::size_t count, RollKind kind, Dice& dice,
                            const std::string& field, const std::string& why);
    int active_brigade(const Action& action, const std::string& rule) const;
    void spend(Brigade& brigade, int actions, const Action& action, const std::string& what, Explanation& out);
    // The morale test before an action in a zone of control (or, `against` >= 0, before a defensive
    // reaction to that enemy): true when the action goes ahead.
    bool zone_test(int b, Action& action, const std::string& key, Dice& dice, Explanation& out, std::string& summary, int against = -1);
    void retreat(int b, int from, double distance, bool flee, Explanation& out);
    // Damage from a melee: strength points and a die each to lose a combat die (D47, Combat Dice).
    void take_damage(int b, int damage, std::vector<Roll>& typed, const std::string& key, const std::string& slot, Dice& dice, Explanation& out);
    // Enemy generals under brigade b's footprint are captured (Capturing Generals); captured
    // generals follow their captor.
    void capture_generals(int b, double from_x, double from_y, Explanation& out);
    void follow_captors();
    void bring_reinforcements(Explanation& out);
    std::string charge(Action& action, Dice& dice, Explanation& out, const std::string& key);
    std::string scouting_action(Action& action, Dice& dice, Explanation& out, const std::string& key);
    void begin_battle(Explanation& out);

public:
    // Scouting (D64-D67), public for the opponent and the tests: why a marker move would be refused
    // (nullopt: allowed; `marker` 0 places a new one from the side's edge), where it would stop (at
    // the lock distance from an enemy marker), the side's deployment zone (a convex polygon) and
    // why a brigade's deployment there would be refused.
    std::optional<std::string> scout_refusal(int side, int marker, double x, double y) const;
    std::pair<double, double> scout_stop(int side, int marker, double x, double y, bool* locks = nullptr) const;
    std::vector<std::pair<double, double>> deployment_zone(int side) const;
    std::optional<std::string> deploy_refusal(const std::string& brigade, double x, double y, double facing) const;
    const Brigade* undeployed(const std::string& id) const;
    double edge_y(int side) const { return side == 0 ? 0.0 : scenario_->depth_cm; }

private:
    void end_turn(Explanation& out);
    void fill_bag();
    void offer_reactions(const Action& action, const GameState& before, Explanation& out);
    void overrule_or_refuse(const Action& action, const std::string& rule, Explanation& out) const;
    // Every roll of the game passes here before it is thrown: a preview records it and, with
    // `stop`, ends the copy's run; an apply goes on.
    void at_roll(Foreseen roll, bool stop = true);
    Foreseen* foreseeing_ = nullptr;  // set on foresee()'s copy only

    std::shared_ptr<const Tables> tables_;
    std::shared_ptr<const Scenario> scenario_;
    GameState state_;
    std::vector<std::shared_ptr<const Done>> done_, undone_;  // shared: the recorder copies the model each action
    bool step(bool undoing);  // undo (true) or redo
    KeptRolls kept_;
};

std::string action_key(const Action& action);

// ------------------------------------------------------------------ the programmed opponent

struct Proposed {
    nlohmann::json action;
    std::string reason;
};
// The next action for `side` by the scenario's doctrine for it ("attack": close on the enemy and
// its objective, fire when in range; "hold": stand on the objective, fire at what comes within
// range), with its reason; nullopt when the side is not acting. `refused` holds the proposals the
// rules refused since the last action applied. Nothing is proposed that the rules' own preview
// (Game::foresee) refuses: such a choice is passed over for the doctrine's next.
std::optional<Proposed> propose_action(const Game& game, int side, const std::vector<nlohmann::json>& refused);

// Why the rules would refuse `action` now, or nullopt when they accept it (as far as its first
// die): the action run through apply's own code on a copy (Game::foresee). The opponent and the
// Duties list ask it, so neither offers what the rules refuse.
std::optional<std::string> refusal_of(const Game& game, const nlohmann::json& action);

// ------------------------------------------------------------------ the outcome

struct Outcome {
    bool over = false;
    int winner = -1;
    std::string reason;
};
Outcome judge(const Game& game);

}  // namespace fortuna::clausewitz
