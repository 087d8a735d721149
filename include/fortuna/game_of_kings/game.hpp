// SPDX-License-Identifier: MIT
// Game Of Kings (seed 004) as a game: a scenario on the table, the state of every unit, and the
// typed actions of a whole turn (the turn's dice, the choice of going first, the action points of a
// half, each sector's rally, guns, move, muskets and melee), each applied with the resolvers of
// resolvers.hpp. Every circumstance a roll depends on (range, arc, contact, rear, higher ground,
// cover, support) is measured on the board here, never taken from the action.
//
// Geometry (decisions D25-D31 in docs/rules/game-of-kings.md): centimetres, x along the table's long
// edge from player A's left, y from player A's edge; a unit is a rectangle centred on (x, y), facing
// one of the table's four directions (+y, -y, +x, -x): a quarter wheel (D46) turns it by 90 degrees,
// so every footprint stays a rectangle square to the table (a unit facing +x or -x has its frontage
// along y).
#pragma once

#include <cstdint>
#include <filesystem>
#include <memory>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include <nlohmann/json.hpp>

#include "fortuna/core/chance.hpp"
#include "fortuna/game_of_kings/resolvers.hpp"
#include "fortuna/game_of_kings/tables.hpp"
#include "fortuna/core/recorded_game.hpp"

namespace fortuna::game_of_kings {

inline constexpr const char* kScenarioFormat = "fortuna-game-of-kings-scenario";
inline constexpr const char* kSaveFormat = "fortuna-game-of-kings-save";
inline constexpr const char* kJournalFormat = "fortuna-game-of-kings-journal";
inline constexpr const char* kSystemId = "game-of-kings";

struct Rect {
    double x0 = 0, y0 = 0, x1 = 0, y1 = 0;
};

// A unit's facing (UnitState::facing): +1 towards +y (player B's edge), -1 towards -y, +2 towards +x
// (the table's right as player A sees it), -2 towards -x (D46).
inline constexpr int kFacePlusY = 1, kFaceMinusY = -1, kFacePlusX = 2, kFaceMinusX = -2;
inline double facing_dx(int facing) { return facing == kFacePlusX ? 1.0 : facing == kFaceMinusX ? -1.0 : 0.0; }
inline double facing_dy(int facing) { return facing == kFacePlusY ? 1.0 : facing == kFaceMinusY ? -1.0 : 0.0; }
// The facing after a quarter wheel: left (anticlockwise seen from above, x right and y up) or right.
int facing_after_wheel(int facing, bool left);
// "+y", "-y", "+x", "-x"
std::string facing_name(int facing);
std::string facing_words(int facing);  // "player B's edge", "the left (as player A sees the table)"
// Which arc of a unit standing on `footprint` facing `facing` the point (x, y) lies in, by the lines
// through its corners at 45 degrees (D46): "front" (beyond its front edge by at least as much as
// beyond a side edge), "rear" (likewise behind its rear edge), "left" or "right"; "" on the unit.
std::string arc_around(const Rect& footprint, int facing, double x, double y);
double rect_distance(const Rect& a, const Rect& b);
bool rects_overlap(const Rect& a, const Rect& b);

struct TerrainArea {
    std::string kind;  // "hill", "water", "wood", "built-up-area", "works" (redoubts, entrenchments: D39),
                       // "river" (crossed only at a "crossing", a bridge or ford placed over it: D27)
    Rect area;
    int row = 0, column = 0;  // the generator's sector; 0 for a piece a historic scenario places
    std::string name;         // a placed piece's name ("Fontenoy", "the redoute d'Eu"); "" for the generator's
};

struct UnitSpec {
    std::string id, name;
    int side = 0;
    std::string list, list_unit;  // the army list and its unit id
    UnitType type = UnitType::Foot;
    Quality quality = Quality::Regular;
    bool cuirassiers = false;
    std::string sector;  // "left", "centre", "right"
    double x = 0, y = 0;
    std::string formation;  // foot: "line" / "column"; guns: "unlimbered" / "limbered"; horse: "mounted"
    // Its side's national characteristics for this battle (seed 004, NATIONAL/ARMY CHARACTERISTICS;
    // D44), gathered from SideSpec::characteristics: added to each musketry die; a melee's score to hit.
    int musketry_national = 0;
    std::optional<int> melee_hit_on;
    std::vector<std::string> characteristics;  // their ids, for the explanations
};

// A national or army characteristic a scenario gives one side's units for its battle ("Decide these
// on a battle-by-battle basis", seed 004, NATIONAL/ARMY CHARACTERISTICS; decision D44): the
// seed's two kinds, a modifier to each musketry die and the score a melee's die needs to hit.
struct Characteristic {
    std::string id;
    std::vector<std::string> applies_to;  // unit ids of the scenario, all of the side's
    int musketry_modifier = 0;
    std::optional<int> melee_hit_on;
    std::string source, basis;
};

// The programmed opponent's doctrine, as data in the scenario with its source.
struct Doctrine {
    std::vector<std::string> sector_order{"centre", "left", "right"};
    bool go_first = true;
    // Charge when the chance the enemy loses the melee is at least this many times the chance we lose.
    double charge_horse = 1.0;
    double charge_foot = 2.0;
    std::string advance;  // the words of the advance rule, for the reasons
    std::string source;
    // Holding a position (D41): the side's units do not advance (they fire, and charge by the odds
    // above, where an enemy is within reach); the units of `reserve` move against an enemy only
    // when it comes within `counter_attack_moves` of their normal moves.
    bool hold = false;
    std::vector<std::string> reserve;
    double counter_attack_moves = 0;
};

struct SideSpec {
    std::string id, name;
    int facing = 1;  // +1: faces towards +y (player A), -1
    std::string general_with;  // the unit the general is attached to
    Doctrine doctrine;
    std::vector<Characteristic> characteristics;
};

struct Scenario {
    std::string id, name, file;
    nlohmann::json document;
    double width_cm = 0, depth_cm = 0;
    std::vector<TerrainArea> terrain;
    std::vector<SideSpec> sides;
    std::vector<UnitSpec> units;
    int turns = 0;
    int start_points[2] = {0, 0};
};

// Reads a scenario document (already valid against its schema) and cross-checks it against the
// tables, the army lists and the board: DataError naming the file, the pointer and what was expected.
Scenario scenario_from_json(const Tables& tables, const std::filesystem::path& data_dir, const nlohmann::json& document,
                            const std::string& file);

enum class Status { Normal, Retreating, Halted, Removed };
std::string_view to_string(Status status);

struct UnitState {
    double x = 0, y = 0;
    int facing = 1;  // kFacePlusY, kFaceMinusY, kFacePlusX, kFaceMinusX
    std::string formation;
    int effectiveness = 100;
    Status status = Status::Normal;
    bool disorganised = false;
    bool moved = false, fired = false, fired_gun = false, about_faced = false, formed_line = false, rally_tried = false;
    bool supported = false;  // gave support to a morale test this half
    bool general = false;
    int retreat_half = -1;  // the half-turn its retreat began or last continued
};

struct Contact {
    int attacker = 0, defender = 0;
    bool from_rear = false;
    bool continuing = false;
    int resolved_half = -1;
    // The charge that made it crossed a river (at a crossing): the defender defends the river bank
    // and has the seed's die for it while the contact lasts (seed 004, MELEES; D27).
    bool across_river = false;
    // The charger reached the defender's flank (its left or right edge), measured at the charge from
    // where the charger stood (D46): the attacker has the seed's flank die while the contact lasts.
    bool flank = false;
};

// Where a charge of one unit against another would make contact, measured on the board (D29, D46):
// the edge of the target in whose arc the charger's centre stands (GameModel::arc_of: "front",
// "rear" or "flank"), and the place the charger stands touching it, centred on that edge.
struct ChargePlan {
    double x = 0, y = 0;
    std::string edge;  // "front", "rear", "flank"
    bool from_rear = false, flank = false;
};

// A quarter wheel measured on the board (seed 004, MOVEMENT: "When a unit wheels, measure the
// distance from the front-centre of the unit"; D46): about the front corner on the side it turns
// to, the front centre travelling a quarter circle of half the frontage.
struct WheelPlan {
    double x = 0, y = 0;  // the centre after the wheel
    int facing = 1;       // the facing after it
    double arc_cm = 0;    // the distance the front centre travels
    std::string blocked;  // why the wheel cannot be made ("" when it can), naming the rule
};

struct TurnState {
    int turn = 1;
    std::string phase = "begin-turn";  // "begin-turn", "choose", "action-points", "sectors", "over"
    int chooser = 0;
    int first = 0;
    int half = 0;  // halves played before this one (0 or 1 in a turn); half id = 2*(turn-1)+half
    int points[3] = {0, 0, 0};  // left, centre, right
    int thrown[3] = {0, 0, 0};
    std::string sector;  // the sector working, "" between sectors
    int step = 0;        // 0 rally, 1 guns, 2 move, 3 muskets, 4 melee
    std::vector<std::string> sectors_done;
    int gauge = 0;
    int same_fair_turns = 0;
    // This turn's dice for the choice of going first, each throw as (sides[0]'s die, sides[1]'s),
    // ties thrown again (D12, D37); empty before the turn opens. Kept for the turn bar; the save's
    // state (to_json) does not carry it: a replay throws it again.
    std::vector<std::pair<int, int>> initiative;
};

struct State {
    std::vector<UnitState> units;
    std::vector<Contact> contacts;
    TurnState turn;
};

struct Action {
    std::string kind;  // begin-turn, choose, action-points, sector, rally, fire-gun, move, charge, form, limber,
                       // unlimber, about-face, reorganise, fire, melee, end-sector
    std::string unit, target, sector, first, formation;
    std::string direction;  // wheel: "left" / "right"; unlimber: "left", "right" or "about" (the gun's pivot)
    std::optional<double> to_x, to_y;
    std::vector<Roll> dice;  // every roll, in the order taken (d10 rolls as kind Random, value face-1)
    // The action's first roll as a player threw it ("roll": [faces]), the one its preview names
    // (Foreseen): taken before any other die, every later die thrown by the generator (then
    // "dice" holds only those). A pool with a half die is typed as the seed throws it: the half's
    // decider first, the whole dice, then the half's own die, counted only when the decider makes
    // it a die (D5, decision D38 in docs/rules/game-of-kings.md).
    std::vector<int> roll;
    std::string override_reason;  // "override": the umpire's reason to apply it over a rule (docs/rules/game-of-kings.md)
    // What the action claims about the board (issue 32): "rear", "flank", "higher-ground" (melee),
    // "cover", "range" (fire, fire-gun). Each is held against the board's measure: agreeing it
    // changes nothing, disagreeing it is refused naming what the board shows, unless the umpire
    // overrules (then the claim is read, and the explanation says so beside the measure).
    nlohmann::json claims = nlohmann::json::object();
};

// The first roll of an action foreseen before it is thrown (the session's preview): what it is in
// words, what a player types for it, and the exact chance of each outcome. Every outcome's words
// begin with its group ("hits: 2", "loses: the attacker"); the chances within a group exclude
// each other and sum to 1.
struct Foreseen {
    std::string summary;
    std::string roll_kind;  // "d6", "dice:N" (N six-sided dice, each read alone); "" when no one roll is typed
    int faces = 0;          // the faces of that roll
    bool half_die = false;  // a pool with a half die: decider, whole dice, the half's own die
    std::vector<std::pair<std::string, fortuna::Probability>> odds;
};

// The turn as the desk's turn bar, action points and victory panels show it (issue 29, item 4):
// read from the game, never computed by a client.
struct TurnSummary {
    int turn = 1, turns = 0;
    std::string phase;       // as TurnState::phase
    int acting = 0;          // the side acting now (index into the scenario's sides)
    int gauge = 0;           // 0: not yet thrown
    std::string weather;     // "fair", "light-rain", "heavy-rain", "fog", "extreme-heat"; "" before the first throw
    std::string gauge_name;  // the gauge's own name ("fair" even in extreme heat)
    int same_fair_turns = 0;
    std::string weather_effect;  // what the weather does this turn, in words, from the tables (seed 004, WEATHER)
    int chooser = -1;            // who won the dice for going first this turn; -1 before they are thrown
    int first = -1;              // who goes first; -1 before the choice
    std::vector<std::pair<int, int>> initiative;  // the throws, (sides[0], sides[1]), ties first
    struct Sector {
        std::string name;  // "left", "centre", "right"
        int faces = 6;     // the die thrown for it: d10 the centre, d6 a flank
        int thrown = 0, left = 0;
        bool done = false, working = false;
    };
    bool points_thrown = false;  // the side acting has thrown its action points this half
    std::vector<Sector> sectors;  // left, centre, right
    struct Army {
        std::string id, name;
        int points = 0, start = 0;
        double loses_below = 0;  // half the start: the army loses strictly below it (D21)
        bool lost = false;
    };
    Army armies[2];
};

// What `weather` does this turn in words (seed 004, WEATHER), its numbers from the tables: fog's
// visibility and movement, rain's musketry, heavy rain's and extreme heat's movement; fair says how
// many turns the gauge has stayed on its number (D19). gauge 0: not yet thrown.
std::string weather_effect_words(const Tables& tables, Weather weather, int gauge, int same_fair_turns);

struct Applied {
    Action action;
    std::string summary;
    std::vector<std::string> explanation;
};

class GameModel {
public:
    using Action = game_of_kings::Action;
    using Applied = game_of_kings::Applied;

    GameModel(std::shared_ptr<const Tables> tables, std::shared_ptr<const Scenario> scenario);

    const Applied& apply(Action action, Dice& dice);
    bool undo();
    bool redo();
    std::size_t actions_in_effect() const { return done_.size(); }
    static nlohmann::json encode(const Action& action);
    static Action decode(const nlohmann::json& input);
    static std::string kind(const Action& action) { return action.kind; }
    nlohmann::json line_context() const;
    nlohmann::json to_json() const;

    const Tables& tables() const { return *tables_; }
    const Scenario& scenario() const { return *scenario_; }
    const State& state() const { return state_; }
    // The explanation of the last action in effect (empty when none).
    std::vector<std::string> last_explanation() const { return done_.empty() ? std::vector<std::string>{} : done_.back()->applied.explanation; }

    // The first roll of `action` before it is thrown: the action goes through apply's own code on a
    // copy of the game up to its first die, so it is measured and refused exactly as apply would
    // measure and refuse it (RuleError); no generator is read (the copy throws nothing). An action
    // that throws no die is foreseen with no roll and its summary as it would apply.
    Foreseen foresee(Action action) const;

    // The side acting now (begin-turn: player A, side 0).
    int acting_side() const;
    std::string clock_label() const;
    int points_now(int side) const;
    // -1: not over; 0/1: the winner; 2: a draw. `why` in words.
    int result(std::string* why) const;
    TurnSummary turn_summary() const;
    Weather weather() const;
    int unit_index(const std::string& id) const;  // -1 if none
    Rect footprint(int unit) const;
    // Measured on the board, for the opponent and the resolvers.
    double distance(int a, int b) const;
    bool in_arc(int firer, int target) const;
    bool visible(int firer, int target) const;
    bool in_terrain(int unit, const std::string& kind) const;
    // Behind cover (seed 004, SAVING THROWS): the unit's centre in a wood, a built-up area or works (D27, D39).
    bool behind_cover(int unit) const;
    double move_allowance(int unit) const;  // 0 when it cannot move
    int sector_index(const std::string& sector) const;  // -1 if not a sector
    // The river `unit`'s path to (x, y) would cross (its name), or "": the charge that crosses one
    // gives the defender the river-bank die (D27).
    std::string river_on_path(int unit, double x, double y) const;
    // The friendly regular foot within gun_protection_cm of the gun `gun` (the first in the file), or
    // -1: such a gun "cannot be contacted" (seed 004, MELEES). The charge's resolver refuses by it;
    // the programmed opponent and the Duties list ask it too, so none offers what the rule refuses.
    int gun_protector(int gun) const;
    // The position of `unit` touching `target` if it charged now, and the distance; nullopt with why.
    std::optional<std::pair<double, double>> charge_position(int unit, int target, std::string* why) const;
    // The charge's contact as the board measures it (D29, D46); nullopt with why (the charger does
    // not face the edge its place reaches: wheel or about-face first).
    std::optional<ChargePlan> charge_plan(int unit, int target, std::string* why) const;
    // Which of `unit`'s arcs the point (x, y) lies in, by the lines through its corners at 45 degrees
    // (D46): "front", "rear", "left", "right"; "" on the unit itself.
    std::string arc_of(int unit, double x, double y) const;
    // A quarter wheel of `unit` to the left or right, measured (its cost, the place it ends, what is in the way).
    WheelPlan wheel_plan(int unit, bool left) const;
    // The melee setup of a contact as the board shows it now.
    MeleeSetup melee_setup(const Contact& contact) const;
    // The request melee_setup prepares, every term measured on the board.
    MeleeRequest melee_request(const Contact& contact) const;
    // The reason a move of `unit` to (x, y) is refused, or "" (ignoring action points and the step).
    std::string path_blocked(int unit, double x, double y, int ignore = -1) const;

private:
    struct Record {
        State before, after;
        Applied applied;
    };
    // Every roll of the rules passes here before its first die: a preview records it and stops; an
    // apply whose action carries its first roll typed ("roll") queues those faces for the dice.
    void at_roll(Foreseen roll);
    // A preview of a charge: the chances of the melee `contact` would bring, appended to `seen`.
    void add_melee_after(Foreseen& seen, const Contact& contact) const;
    void throw_turn(Applied& out, FaceSource& faces);
    void apply_action(Applied& out, FaceSource& faces);
    void require_step(int step, const std::string& what);
    void spend(int cost, const std::string& what);
    int require_unit(const std::string& id, const std::string& field, bool own) const;
    void require_can_act(int unit, const std::string& what) const;
    // A rule of play: refused with `words` (which cite the seed or decision) unless the umpire
    // overrules it with the action's "override"; the overruled rules go into the explanation.
    void rule(bool ok, const std::string& words) const;
    // The claims of a fire or fire-gun (cover, range) against the board: the cover to read; `range`
    // (the measure in) becomes the range to read.
    bool fire_claims(const Action& action, int target, double& range, const std::string& section, std::vector<std::string>& notes) const;
    // The claims of a melee (rear, flank, higher ground) against the board, applied to `request` when overruled.
    void melee_claims(const Action& action, Contact& contact, MeleeRequest& request, std::vector<std::string>& notes) const;
    std::string melee_heading(const Contact& contact, const MeleeRequest& request) const;
    Foreseen* foreseeing_ = nullptr;  // set on foresee()'s copy only
    std::vector<int> typed_roll_;     // the action's "roll", until its roll is reached
    bool roll_reached_ = false;       // the action's first roll has been reached
    std::vector<int> queued_;         // faces of the typed roll still to be taken
    std::vector<std::string> roll_notes_;  // what the typed roll's conversion says (a half's die not counted)
    mutable std::string overriding_;               // the reason of the action being applied
    mutable std::vector<std::string> overruled_;   // the rules it overruled
    // Holds the action's claim `key` (if any) against `measured` (shown as `shows`): the value to
    // read. Agreeing, the measure; disagreeing, refused with `section` unless the umpire overrules.
    nlohmann::json claim(const Action& action, const std::string& key, const nlohmann::json& measured, const std::string& claimed_words,
                         const std::string& shows, const std::string& section, std::vector<std::string>& notes, bool agrees) const;
    void hit(int unit, int hits, Applied& out, const std::string& cause);
    void morale_test(int unit, Applied& out, FaceSource& faces, bool lost_melee);
    void retreat(int unit, Applied& out, FaceSource& faces);
    void end_sector(Applied& out, FaceSource& faces);
    void remove_unit(int unit, Applied& out, const std::string& why);
    void check_over();
    int half_id() const { return 2 * (state_.turn.turn - 1) + state_.turn.half; }
    int side_of(int unit) const;

    std::shared_ptr<const Tables> tables_;
    std::shared_ptr<const Scenario> scenario_;
    State state_;
    std::vector<std::shared_ptr<const Record>> done_, undone_;
    KeptRolls kept_;
};

using Recorded = RecordedGame<GameModel>;

}  // namespace fortuna::game_of_kings
