// SPDX-License-Identifier: MIT
// The Age of Sail (seed 000): wind, sailing, gunnery, boarding, hazards and the naval game state.
//
// Everything here is plain C++ over the tables of data/tables/age-of-sail.json; the decisions
// where the seed is silent or slips (S1-S10, D1-D12, N1-N6) are in docs/rules/age-of-sail.md.
// Distances are in cm (the text's "units"), headings in degrees clockwise from north.
#pragma once

#include <array>
#include <filesystem>
#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <variant>
#include <vector>

#include <nlohmann/json.hpp>

#include "fortuna/core/chance.hpp"
#include "fortuna/core/odds.hpp"
#include "fortuna/core/recorded_game.hpp"

namespace fortuna {

// ---------------------------------------------------------------- tables

struct DieChange {
    int from = 1;
    int to = 1;
    int delta = 0;  // compass points (+ clockwise) or speed levels
    std::string words;
};

struct PointOfSailBand {
    std::string id;
    std::string name;
    double from_deg = 0;
    double to_deg = 0;
    bool can_sail = true;
    int wind_modifier = 0;
};

struct RangeBand {
    double from_cm = 0;
    double to_cm = 0;
    int hull = 6;   // least score that hits the hull (gun decks)
    int sails = 6;  // least score that hits the sails (masts)
};

struct MastSpec {
    std::string name;  // fore, main, mizzen
    int units = 1;     // movement units per level of wind
};

// A rebuilt ship damage sheet (docs/rules/age-of-sail.md N4, N5).
struct ShipClass {
    std::string id;
    std::string name;
    std::string sheet;  // ship-of-the-line, frigate, sloop, pirate
    int gun_decks_per_side = 0;
    std::vector<MastSpec> masts;
    int hull = 0;
    nlohmann::json history;
    std::string provenance;
    int mast_units() const;
    int cells() const;  // every cell of the sheet: gun decks on both sides, masts, hull
};

struct Navy {
    std::string id;
    std::string name;
    std::string years;
};

struct NavalTables {
    std::string id;
    std::string name;
    std::string source;
    double cm_per_unit = 1;
    // Wind (The Wind; Game Sequence).
    std::vector<std::string> compass;  // 8 points clockwise from N
    bool wind_named_from = true;       // S3
    int speed_min = 1, speed_max = 7, speed_start = 4, high_seas_from = 6;
    std::vector<DieChange> direction_change;
    std::vector<DieChange> speed_change;
    // Movement.
    std::vector<PointOfSailBand> points_of_sail;
    double minimum_cm = 1, drift_cm = 1;
    int turning_points = 16;
    double turning_cost_cm = 1;
    int anchor_moves_to_raise = 1;
    // Hazards.
    std::vector<int> shoal_grounds_on;
    int refloat_on = 6, mast_repair_on = 6, disentangle_on = 6;
    int fire_out_first = 5, fire_out_second = 6, fire_sixes_needed = 2;
    double explosion_radius_cm = 12;
    std::vector<int> founder_on;
    // Boarding: the least prize crew, in gun decks (D8).
    int prize_crew_min = 1;
    // Firing.
    double max_range_cm = 12, arc_deg = 90;
    std::vector<RangeBand> firing;
    std::string victory_measure;
    std::vector<Navy> navies;
    std::vector<ShipClass> classes;

    // Reads a document already checked against data/schema/naval.schema.json, then checks what
    // a schema cannot (bands in order, a ship that sails has a mast); throws DataError with pointer.
    static NavalTables from_json(const nlohmann::json& document, const std::string& file);
    const ShipClass& ship_class(std::string_view id) const;  // throws RuleError naming the known ones
    const Navy* navy(std::string_view id) const;
    int compass_index(std::string_view point) const;           // throws RuleError
    double point_degrees(int index) const { return index * 45.0; }
    const std::string& point_name(int index) const { return compass.at(static_cast<std::size_t>(index)); }
};

// data/tables/age-of-sail.json, schema-checked (DataError names file and pointer).
NavalTables load_naval_tables(const std::filesystem::path& data_dir);

// A distance or angle for messages: "6.3", "12", "22.5" (to a tenth).
std::string format_tenths(double value);

// Checks one die a player typed or a file gave: 1-6, else RuleError saying so.
Roll entered_die(int value, std::string_view what);
// Parses "3,6,6" into that many dice; the count must be `expected`.
std::vector<Roll> parse_dice_pool(std::string_view text, int expected, std::string_view what);

// ---------------------------------------------------------------- wind and sailing

struct WindState {
    int direction = 6;  // index into NavalTables::compass (6 = W): where the wind blows FROM
    int speed = 4;
    bool operator==(const WindState&) const = default;
};

struct WindChange {
    WindState before;
    WindState after;
    Roll direction_roll;
    Roll speed_roll;
    const DieChange* direction_row = nullptr;
    const DieChange* speed_row = nullptr;
    Explanation explanation;
};

// End of round (The Wind): direction die, then speed die (D2); speed held within 1-7 (D1).
WindChange change_wind(const NavalTables& tables, WindState wind, const Roll& direction_roll, const Roll& speed_roll);
// Exact chance of each direction / speed after the end-of-round dice.
Distribution wind_probabilities(const NavalTables& tables, WindState wind);
bool high_seas(const NavalTables& tables, const WindState& wind);

double normalize_degrees(double degrees);  // [0, 360)
// Angle between a heading and the direction the wind comes from, 0-180.
double off_wind_degrees(const NavalTables& tables, const WindState& wind, double heading_deg);
const PointOfSailBand& point_of_sail(const NavalTables& tables, const WindState& wind, double heading_deg);

struct SailingAllowance {
    bool can_sail = false;
    bool drifting = false;  // every mast shot away: 1 cm downwind
    double off_wind_deg = 0;
    const PointOfSailBand* band = nullptr;
    int effective_wind = 0;  // wind speed + point-of-sail modifier
    int mast_units = 0;
    double allowance_cm = 0;
    Explanation explanation;
};
SailingAllowance sailing_allowance(const NavalTables& tables, const WindState& wind, double heading_deg, int mast_units);

// Points of the 16-point turning circle between two headings (the shorter way) and their cost.
int turning_points_between(const NavalTables& tables, double from_deg, double to_deg);
double turning_cost_cm(const NavalTables& tables, double from_deg, double to_deg);
// The direction a drifting ship goes: downwind.
double downwind_degrees(const NavalTables& tables, const WindState& wind);

// ---------------------------------------------------------------- ships

enum class FireState { None, Burning, Spreading };
enum class BroadsideSide { Port, Starboard };
enum class Aim { Hull, Sails };
enum class FireAspect { Port, Starboard, Bow, Stern };  // where the shot comes from, seen from the target

std::string_view to_string(FireState value);
std::string_view to_string(BroadsideSide value);
std::string_view to_string(Aim value);
std::string_view to_string(FireAspect value);
BroadsideSide broadside_side_from_string(std::string_view text);  // throws RuleError
Aim aim_from_string(std::string_view text);                       // "hull", "sails"
FireAspect fire_aspect_from_string(std::string_view text);

// What actions change: copied whole into the undo record.
struct ShipStatus {
    int side = 0;  // index into the scenario's sides; a prize changes side
    int port_decks = 0;
    int starboard_decks = 0;
    std::vector<bool> masts;  // standing, in the class's order (fore first)
    int hull = 0;
    FireState fire = FireState::None;
    bool grounded = false;
    bool anchored = false;
    bool weighing_anchor = false;  // raising the anchor takes this whole move
    bool repairing = false;        // crew at the masts: no firing, no boarding this round
    bool struck = false;           // captured
    bool sunk = false;
    std::string entangled_with;    // ship id, or ""
    double x_cm = 0;
    double y_cm = 0;
    double heading_deg = 0;
    std::array<int, 2> damage_by{0, 0};  // cells marked off, credited to each side (D9)
    bool port_fired = false;       // this round
    bool starboard_fired = false;
    bool moved = false;            // this player's move
    int hazards_thrown = 0;        // bits of Hazard thrown this half: one throw each
    bool operator==(const ShipStatus&) const = default;
    int mast_count() const;
    int gun_decks() const { return port_decks + starboard_decks; }
};

struct Ship {
    std::string id;
    std::string name;
    std::string navy;
    const ShipClass* ship_class = nullptr;
    int original_side = 0;
    ShipStatus now;
    int mast_units() const;
    int cells_left() const;  // gun decks + masts standing + hull
    bool afloat() const { return !now.sunk; }
    bool severely_damaged() const { return now.gun_decks() == 0 && now.hull == 0; }
};

// A fresh sheet of a class: every cell intact.
ShipStatus fresh_status(const ShipClass& ship_class, int side);

// Bearing from one point to another, degrees clockwise from north (y grows northwards).
double bearing_degrees(double from_x, double from_y, double to_x, double to_y);
double distance_cm(const Ship& a, const Ship& b);
// Which broadside arc of the firer holds the target, if any (S1: port is the left side).
std::optional<BroadsideSide> arc_holding(const NavalTables& tables, const Ship& firer, const Ship& target);
// Where the firer stands seen from the target (D3).
FireAspect aspect_of(const Ship& target, const Ship& firer);

// ---------------------------------------------------------------- gunnery (Combat)

struct BroadsideSetup {
    int dice = 0;
    double range_cm = 0;
    Aim aim = Aim::Hull;
    int band_index = 0;
    const RangeBand* band = nullptr;
    int score = 6;  // least die that hits
    Explanation explanation;
};

// The gun decks firing, the range and the aim; RuleError beyond 12 cm or with no gun deck.
BroadsideSetup prepare_broadside(const NavalTables& tables, int dice, double range_cm, Aim aim);

struct BroadsideRoll {
    BroadsideSetup setup;
    std::vector<Roll> dice;
    int hits = 0;
    int sixes = 0;
    bool fire = false;  // a pair of sixes (D6)
    Explanation explanation;
};
BroadsideRoll roll_broadside(const NavalTables& tables, const BroadsideSetup& setup, const std::vector<Roll>& dice);

// Exact probability of each number of hits, with and without fire, before the roll: the dice are
// counted face by face (hit, six, miss), the same count as enumerating all 6^n throws.
struct BroadsideOdds {
    std::vector<Probability> hits;          // index = number of hits
    std::vector<Probability> hits_and_fire; // index = number of hits, and a pair of sixes
    Probability fire;
    Probability at_least_one_hit;
    Distribution as_distribution() const;   // "0 hits", "1 hit", ..., "fire"
};
BroadsideOdds broadside_odds(const BroadsideSetup& setup);

// What the hits do to the target's sheet (D4, D5).
struct DamageDone {
    int port_decks = 0;
    int starboard_decks = 0;
    int hull = 0;
    std::vector<std::string> masts;  // names, in the order shot away
    int cells() const { return port_decks + starboard_decks + hull + static_cast<int>(masts.size()); }
    Explanation explanation;
};
// owner_masts: the target's owner's choice of masts for a broadside (names); empty: D5's default.
DamageDone apply_hits(const Ship& target, ShipStatus& status, Aim aim, FireAspect aspect, int hits,
                      const std::vector<std::string>& owner_masts = {});

// ---------------------------------------------------------------- boarding

struct BoardingRoll {
    std::vector<Roll> attacker_dice;
    std::vector<Roll> defender_dice;
    int attacker_total = 0;
    int defender_total = 0;
    int winner = -1;  // 0 attacker, 1 defender, -1 a tie (D8)
    Explanation explanation;
};
BoardingRoll roll_boarding(int attacker_decks, int defender_decks, const std::vector<Roll>& attacker_dice,
                           const std::vector<Roll>& defender_dice);

struct BoardingOdds {
    Probability attacker_wins;
    Probability defender_wins;
    Probability tie;
    Distribution as_distribution() const;
};
// Ships in contact may board (D13): within the first range band, centre to centre, or entangled.
bool in_contact(const NavalTables& tables, const Ship& a, const Ship& b);
// Exact: the distribution of each side's total by convolution of d6 counts.
BoardingOdds boarding_odds(int attacker_decks, int defender_decks);
// Number of ways n dice total each sum (index = sum), out of 6^n.
std::vector<std::uint64_t> dice_total_counts(int dice);

// ---------------------------------------------------------------- hazards

enum class Hazard { Shoal, Refloat, MastRepair, Disentangle, FireFight, Founder, ExplosionSpread };
std::string_view to_string(Hazard value);
Hazard hazard_from_string(std::string_view text);  // throws RuleError

struct HazardRoll {
    Hazard hazard = Hazard::Shoal;
    Roll roll;
    bool bad = false;  // grounded, still stuck, mast not mended, fire not out, sinks, catches fire
    std::string outcome;
    Explanation explanation;
};
// One die against the rule. For FireFight the ship's fire state picks 5-6 or 6; for
// ExplosionSpread the distance picks the hull score of its band (D7).
HazardRoll roll_hazard(const NavalTables& tables, Hazard hazard, const Roll& roll, FireState fire = FireState::Burning,
                       double distance_cm = 0);
// Chance of the bad outcome before the roll.
Probability hazard_probability(const NavalTables& tables, Hazard hazard, FireState fire = FireState::Burning,
                               double distance_cm = 0);

// ---------------------------------------------------------------- scenario and game

struct NavalSide {
    std::string id;
    std::string name;
    std::string navy;
    std::string admiral;
};

struct Shoal {
    std::string name;
    double x_cm = 0, y_cm = 0, radius_cm = 0;
};

struct NavalScenario {
    std::string id;
    std::string name;
    std::string description;
    std::string source;
    double width_cm = 180, depth_cm = 120;
    WindState wind;
    int first_side = 0;
    int rounds = 0;  // the rounds the battle lasts (D18); 0: until a fleet has no ship fighting
    std::vector<NavalSide> sides;
    std::vector<Shoal> shoals;
    std::vector<Ship> ships;
    static NavalScenario from_json(const nlohmann::json& document, const std::string& file, const NavalTables& tables);
};
NavalScenario load_naval_scenario(const std::filesystem::path& file, const NavalTables& tables,
                                  const std::filesystem::path& data_dir);
inline constexpr const char* kNavalScenarioFormat = "fortuna-naval-scenario";
bool is_naval_scenario(const std::filesystem::path& file);  // its "format" says so

// The actions of a naval game: plain structs, the rolls inside them (filled in when generated),
// a JSON codec and, once applied, an undo record. Ships are named by id.
struct WindAction {
    std::optional<Roll> direction_roll, speed_roll;
};
struct ShipMoveAction {
    std::string ship;
    double x_cm = 0, y_cm = 0, heading_deg = 0;
    std::optional<Roll> shoal_roll;  // thrown only when the move enters a shoal
};
struct BroadsideAction {
    std::string ship, target;
    BroadsideSide side = BroadsideSide::Port;
    Aim aim = Aim::Hull;
    std::vector<std::string> owner_masts;
    std::vector<Roll> dice;
};
struct BoardingAction {
    std::string ship, target;
    int prize_crew = 1;  // gun decks sent across if the boarder wins
    std::vector<Roll> attacker_dice, defender_dice;
};
struct HazardAction {
    std::string ship;
    Hazard hazard = Hazard::FireFight;  // Refloat, MastRepair, Disentangle, FireFight, Founder
    std::optional<Roll> roll;
    std::vector<Roll> spread_rolls;     // an explosion: one die per ship within 12 cm
};
struct AnchorAction {
    std::string ship;
    bool drop = true;  // false: weigh (raise) the anchor
};
struct EndHalfAction {};  // the active player's half of the round ends
using NavalAction = std::variant<WindAction, ShipMoveAction, BroadsideAction, BoardingAction, HazardAction, AnchorAction,
                                 EndHalfAction>;

nlohmann::json naval_action_to_json(const NavalAction& action);
NavalAction naval_action_from_json(const nlohmann::json& input);  // RuleError names the bad field
// An action as a client sends it through the seam (the table companion, the session's apply): the
// action's own keys, with who asked ("by"), the programmed opponent's reason ("why") and the
// umpire's overrule of a refusal ("override", issue 32) beside them, which the journal line keeps
// apart from the action.
struct AttributedNavalAction {
    NavalAction action;
    std::optional<std::string> by;
    std::optional<std::string> why;
    std::optional<std::string> overrule;
};
AttributedNavalAction attributed_naval_action_from_json(const nlohmann::json& input);  // RuleError names the bad field
std::string_view naval_action_kind(const NavalAction& action);

// A move asked about before it is made (the desk's move mode): turn to a heading, then sail
// straight on for a distance. The same checks as ShipMoveAction; `refusal` says why the rules
// forbid it ("" when they allow it), so the desk shows the reason without applying anything.
struct ShipMovePlan {
    std::string ship;
    double from_x_cm = 0, from_y_cm = 0;
    double heading_deg = 0;   // the heading the ship ends on (a drifting ship keeps hers)
    double distance_cm = 0;
    double to_x_cm = 0, to_y_cm = 0;
    SailingAllowance allowance;  // on the new heading
    int turning_points = 0;
    double turning_cm = 0;
    double remaining_cm = 0;  // allowance - turning - distance (negative: too far)
    std::string shoal;        // the first shoal the course enters (a die is thrown), or ""
    std::string refusal;
    bool allowed() const { return refusal.empty(); }
    ShipMoveAction action() const { return {ship, to_x_cm, to_y_cm, heading_deg, std::nullopt}; }
};

struct NavalTurn {
    int round = 1;
    int active_side = 0;
    int halves_done = 0;  // 0 or 1 this round
    bool operator==(const NavalTurn&) const = default;
};

struct NavalState {
    WindState wind;
    NavalTurn turn;
    std::vector<Ship> ships;
};

// One record undoes and redoes an action exactly: the ships and wind it touched, swapped.
struct NavalChange {
    std::vector<std::pair<std::size_t, ShipStatus>> ships;
    std::optional<WindState> wind;
    std::optional<NavalTurn> turn;
    void toggle(NavalState& state);
};

struct AppliedNavalAction {
    NavalAction action;  // with every roll it used
    std::string summary;
    Explanation explanation;
    NavalChange change;
};

class NavalGame {
public:
    NavalGame(const NavalTables& tables, NavalScenario scenario);

    // Applies an action, rolling the dice it lacks; RuleError when the rules forbid it. With the
    // umpire's `override_reason` a rule of play is applied anyway and the explanation and summary
    // say "overruled by the umpire: <reason>" (issue 32; docs/rules/age-of-sail.md).
    const AppliedNavalAction& apply(NavalAction action, Dice& dice, const std::string& override_reason = {});
    bool undo();
    bool redo();

    const NavalTables& tables() const { return *tables_; }
    const NavalScenario& scenario() const { return scenario_; }
    const NavalState& state() const { return state_; }
    const std::vector<AppliedNavalAction>& history() const { return done_; }
    const Ship& ship(std::string_view id) const;
    // The move of `ship` turning to `heading_deg` and sailing `distance_cm` straight on (a
    // drifting ship goes downwind and keeps her heading), checked as apply() would check it.
    ShipMovePlan plan_move(std::string_view ship, double heading_deg, double distance_cm) const;
    // Cells of the enemy's sheets this side marked off (D9), and the side ahead (-1: level).
    int damage_inflicted_by(int side) const;
    int leading_side() const;
    nlohmann::json to_json() const;

private:
    std::size_t index_of(std::string_view id) const;
    ShipMovePlan check_move(const Ship& s, double x_cm, double y_cm, double heading_deg) const;
    std::string apply_move(ShipMoveAction& move, Explanation& steps);
    std::string apply_broadside(BroadsideAction& fire, Explanation& steps);
    std::string apply_boarding(BoardingAction& boarding, Explanation& steps);
    std::string apply_hazard(HazardAction& hazard, Explanation& steps);
    std::vector<Roll> draw(const std::string& slot, std::size_t have, int needed);
    // A rule of play: refused with `words` (citing its section) unless the umpire overrules it.
    void rule(bool ok, const std::string& words);
    std::string overriding_;               // the reason of the action being applied
    std::vector<std::string> overruled_;   // the rules it overruled
    const NavalTables* tables_;
    Dice* dice_ = nullptr;  // during apply
    std::string roll_key_;
    KeptRolls kept_;  // generated rolls of undone actions, by key and slot (the recorder's, written once)
    NavalScenario scenario_;
    NavalState state_;
    std::vector<AppliedNavalAction> done_;
    std::vector<AppliedNavalAction> undone_;
};

// The round, the wind, each side with the damage it inflicted and its ships, the side ahead: the
// position in a few lines for a terminal (fortuna-cli play, naval board, replay).
std::vector<std::string> naval_state_lines(const NavalGame& game);

}  // namespace fortuna
