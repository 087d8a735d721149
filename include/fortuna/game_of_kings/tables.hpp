// SPDX-License-Identifier: MIT
// Game Of Kings (seed 004): every number of the rules, read from data/tables/game-of-kings.json.
//
// The resolvers take their numbers from here and never from constants, so the table file is the
// one place an umpire (or the battle lab) changes a rule; each number carries its seed section.
#pragma once

#include <array>
#include <filesystem>
#include <map>
#include <string>
#include <string_view>
#include <vector>

#include <nlohmann/json.hpp>

namespace fortuna::game_of_kings {

// The unit types of the command line and the army lists (seed 004, ORGANISATION and MELEES).
enum class UnitType { HeavyCavalry, MediumCavalry, LightCavalry, Lancers, Foot, LightFoot, Gun };
inline constexpr std::array<UnitType, 7> kUnitTypes{UnitType::HeavyCavalry, UnitType::MediumCavalry, UnitType::LightCavalry,
                                                    UnitType::Lancers,      UnitType::Foot,          UnitType::LightFoot,
                                                    UnitType::Gun};
std::string_view to_string(UnitType type);
// "heavy-cavalry", ...; a RuleError naming `field` and every type otherwise.
UnitType unit_type_from_string(std::string_view text, std::string_view field);
// "heavy-cavalry, medium-cavalry, ..." for messages.
std::string unit_type_list();
bool is_horse(UnitType type);

enum class Quality { Elite, Regular, Poor };
std::string_view to_string(Quality quality);
Quality quality_from_string(std::string_view text, std::string_view field);

// The weather as firing and movement feel it (seed 004, WEATHER).
enum class Weather { Fair, LightRain, HeavyRain, Fog, ExtremeHeat };
std::string_view to_string(Weather weather);
Weather weather_from_string(std::string_view text, std::string_view field);

// An effectiveness in percent as 25 % steps: 100 -> 4 ... 25 -> 1; a RuleError naming `field`
// and "25, 50, 75 or 100" for anything else (seed 004, ORGANISATION).
int effectiveness_steps(int percent, std::string_view field, int step_percent = 25);

struct WeatherEffect {
    double visibility_cm = 0;  // 0: unlimited
    int movement_percent = 0;
    int musketry = 0;
    int after_turns = 0;  // extreme heat only
};

struct MeleeBonus {
    std::string side;  // "attacker", "defender", "either"
    std::string words;
};

struct Tables {
    std::string file;
    std::string name;
    // ORGANISATION
    int step_percent = 25;
    // COMMAND & CONTROL
    int initiative_faces = 6;
    int centre_faces = 10;
    int flank_faces = 6;
    std::vector<std::string> sequence;
    std::map<std::string, int> costs;  // action point costs
    // MOVEMENT
    std::map<std::string, double> move_cm;
    double variation_from = 0.75;
    int variation_up_on = 6;
    int variation_down_on = 1;
    int variation_percent = 25;
    // MUSKETRY
    double musket_cm = 8;
    double carbine_cm = 6;
    int musketry_dice_per_step = 1;
    int column_front_steps = 2;
    std::map<std::string, int> musketry_hit_on;
    int musketry_penalty = -1;
    int before_contact = -1;
    // ARTILLERY
    double canister_cm = 6;
    int canister_divisor = 2;
    double roundshot_cm = 24;
    int roundshot_divisor = 4;
    int artillery_halve_at = 50;
    int half_becomes_on = 4;
    std::map<std::string, int> artillery_hit_on;  // foot, horse, gun
    // MELEES
    std::vector<std::string> melee_columns;
    std::map<std::string, std::array<int, 6>> melee_halves;  // dice per step, in half dice
    int bonus_dice_per_step = 1;
    std::map<std::string, MeleeBonus> bonuses;
    int melee_hit_on = 4;
    int half_die_on = 4;
    double gun_protection_cm = 4;
    // SAVING THROWS
    int cuirassier_save_on = 6;
    std::vector<std::string> cuirassier_not_against;
    int cover_save_on = 4;
    // MORALE
    std::map<std::string, int> morale_pass_on;
    int morale_general = 1;
    int morale_support = 1;
    int rally_pass_on = 5;
    int rally_general = 1;
    // WEATHER
    int gauge_min = 2;
    int gauge_max = 12;
    std::map<int, std::string> gauge_names;
    std::vector<int> weather_down, weather_same, weather_up;
    std::map<std::string, WeatherEffect> weather_effects;
    // RANDOM TERRAIN GENERATOR
    double table_width_ft = 6;
    double table_depth_ft = 2.5;
    int terrain_rows = 2;
    int terrain_columns = 6;
    std::vector<int> terrain_piece_on;
    std::map<int, std::string> terrain_kinds;
    // VICTORY
    int points_general = 3;
    int points_foot = 2;
    int points_other = 1;
    double loses_below = 0.5;
};

// Reads a parsed tables document (already valid against data/schema/game-of-kings.schema.json)
// and cross-checks it: DataError naming the file, the pointer and what was expected.
Tables tables_from_json(const nlohmann::json& document, const std::string& file);
// data/tables/game-of-kings.json: read, validated against its schema, cross-checked.
Tables load_tables(const std::filesystem::path& data_dir);

}  // namespace fortuna::game_of_kings
