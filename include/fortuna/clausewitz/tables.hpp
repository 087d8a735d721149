// SPDX-License-Identifier: MIT
// The numbers of Clausewitz (seed 003) as data/tables/clausewitz.json holds them, each traced to a post.
//
// The resolvers read every number from here, never from a constant, so that a house edit of the
// file (or the next post of the seed) changes the game without a rebuild.
#pragma once

#include <filesystem>
#include <map>
#include <string>
#include <string_view>
#include <vector>

#include <nlohmann/json.hpp>

namespace fortuna::clausewitz {

enum class Arm { Foot, Mounted };
enum class Formation { Line, Column, Square };
enum class Terrain { Open, Rough, Difficult, Impassable };
enum class RangeBand { Effective, Long };
enum class ArtilleryEffect { Half, Normal, Double };
enum class CavalryThreat { Full, Reduced, None };

std::string_view to_string(Arm arm);
std::string_view to_string(Formation formation);
std::string_view to_string(Terrain terrain);
std::string_view to_string(RangeBand band);
// Parses the words a user types; throws RuleError naming `what` and the words accepted.
Arm arm_from(std::string_view text, std::string_view what);
Formation formation_from(std::string_view text, std::string_view what);
Terrain terrain_from(std::string_view text, std::string_view what);
RangeBand range_from(std::string_view text, std::string_view what);

struct Post {
    std::string id;     // "adjustments"
    int order = 0;      // 1 = the newest post
    std::string title;  // "Rulebook Adjustments"
};

struct FormationRules {
    Formation id = Formation::Line;
    int dice_divisor = 1;  // 4: a quarter of the combat dice, rounded up
    bool quick_march = false;
    bool can_move = true;
    int morale_per_unit = 0;
    ArtilleryEffect artillery_front = ArtilleryEffect::Normal;
    ArtilleryEffect artillery_flank = ArtilleryEffect::Normal;
    CavalryThreat cavalry_threat = CavalryThreat::Full;
    std::string post;
};

struct ArmRules {
    Arm id = Arm::Foot;
    int march_cm = 0;
    int quick_cm = 0;
};

struct TerrainRules {
    Terrain id = Terrain::Open;
    bool quick_march = false;
    int divisor = 1;  // 0: no movement (impassable) save El Bruc's
    int el_bruc_cm = 0;
};

struct Weapon {
    std::string id;  // "musket"
    bool artillery = false;
    double effective_cm = 0;
    double long_cm = 0;
};

struct ActionCost {
    std::string id;    // "change-brigade-formation"
    std::string name;  // "Change Brigade Formation"
    int cost = 0;
    bool in_zone = true;  // may be taken inside an enemy's zone of control
    std::string post;
};

struct UnitType {
    std::string id;  // "line-infantry"
    std::string name;
    Arm arm = Arm::Foot;
    std::string weapon;
    int men_per_combat_die = 0;   // 0: adds no combat dice
    int men_per_skirmish_die = 0; // 0: adds no skirmish dice
    int artillery_per_weapon = 0;
    int command_bonus = 0;
    int cavalry_threat = 0;       // Cavalry (-1) / (-2)
    bool deployment_marker = false;
    bool artillery = false;
    bool el_bruc = false;
};

struct Tables {
    std::string file;  // where they were read, for messages
    std::vector<Post> posts;
    int scale_ratio = 0, men_per_figure = 0, base_width_mm = 0, base_depth_mm = 0, table_width_ft = 0, table_depth_ft = 0;
    int turn_minutes = 0, turns = 0, actions = 0;
    int brigade_max_units = 0, brigade_max_wide = 0;
    int command_rating_min = 0, command_rating_max = 0, command_points = 0, order_cost = 0;
    double command_cm_per_action_lost = 0;
    int morale_base = 0, morale_per_unit = 0, morale_per_column = 0, morale_per_square = 0, morale_best = 0,
        morale_always_fails = 0, withdraw_margin = 0;
    int steady = 0, fire_effective = 0, fire_long = 0, skirmish_effective = 0, skirmish_long = 0, enfilade_multiplier = 1;
    int lose_die_on = 0;
    std::vector<FormationRules> formations;
    int melee_against_foot = 0, melee_against_mounted = 0, melee_flank = 0, melee_rear = 0, general_dice = 0,
        general_hits_on = 0, artillery_melee_divisor = 1, uphill_gentle = 0, uphill_steep = 0, village_defender = 0, colours_on = 0;
    bool six_always_hits = true;
    std::vector<ArmRules> arms;
    std::vector<TerrainRules> terrain;
    int road_bonus_cm = 0;
    bool road_needs_column = true;
    int adc_cm = 0, cinc_cm = 0, withdraw_actions = 0, flee_extra_actions = 0, flee_next_turn_actions = 0;
    double zone_cm = 0, zone_angle_deg = 0;
    std::map<std::string, int> saves;  // "woods" -> 5
    std::map<std::string, Terrain> terrain_types;
    std::vector<Weapon> weapons;
    std::vector<ActionCost> action_costs;
    int chips_per_player = 0, chips_per_general_activated = 0;
    int deployment_min_markers = 0, deployment_move_cm = 0, deployment_reach_cm = 0, deployment_lock_cm = 0;
    int vp_general_captured = 0, vp_colours = 0;
    int men_per_strength = 0;
    std::vector<UnitType> unit_types;

    const FormationRules& formation(Formation id) const;
    const ArmRules& arm(Arm id) const;
    const TerrainRules& ground(Terrain id) const;
    const Weapon& weapon(std::string_view id) const;          // RuleError listing the known weapons
    const ActionCost& action(std::string_view id) const;      // RuleError listing the known actions
    const UnitType* find_unit_type(std::string_view id) const;  // nullptr when unknown
    std::string post_title(std::string_view id) const;         // "Rulebook Adjustments"; "" when unknown
    int save_on(std::string_view cover) const;                 // RuleError listing the covers

    // Builds the tables from a document already valid against clausewitz.schema.json and
    // cross-checks them (every weapon a unit names exists, every post cited is listed, long range
    // beyond effective ...). Throws DataError naming the file and the JSON pointer.
    static Tables from_json(const nlohmann::json& document, const std::string& file);
};

// data_dir/tables/clausewitz.json: read, checked against its schema, built. Throws DataError.
Tables load_tables(const std::filesystem::path& data_dir);

// A unit's dice and strength from its men, as the basic army list counts them (seed 003,
// "Clausewitz Full Alpha Ruleset", Basic Units Army List): combat dice one per full 200 (foot)
// or 50 (cavalry) men, skirmish dice one per 1000 men rounded up, strength one per full 50 men.
struct UnitDice {
    int combat = 0;
    int skirmish = 0;
    int artillery = 0;
    int strength = 0;
};
UnitDice unit_dice(const Tables& tables, const UnitType& type, int men, int weapons);

}  // namespace fortuna::clausewitz
