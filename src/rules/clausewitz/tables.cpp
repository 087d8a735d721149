// SPDX-License-Identifier: MIT
// Reads data/tables/clausewitz.json (seed 003's numbers, each with its post) and cross-checks it.
#include <algorithm>
#include <array>
#include <cmath>
#include <set>

#include "fortuna/clausewitz/tables.hpp"
#include "fortuna/core/errors.hpp"
#include "fortuna/seam/library.hpp"

namespace fortuna::clausewitz {

namespace {

template <typename E, std::size_t N>
E parse_word(std::string_view text, std::string_view what, const std::array<std::pair<E, std::string_view>, N>& words) {
    std::string known;
    for (const auto& [value, word] : words) {
        if (word == text) return value;
        known += (known.empty() ? "" : "|") + std::string(word);
    }
    throw RuleError(std::string(what) + " expects " + known + ", not '" + std::string(text) + "'");
}

constexpr std::array<std::pair<Arm, std::string_view>, 2> kArms{{{Arm::Foot, "foot"}, {Arm::Mounted, "mounted"}}};
constexpr std::array<std::pair<Formation, std::string_view>, 3> kFormations{
    {{Formation::Line, "line"}, {Formation::Column, "column"}, {Formation::Square, "square"}}};
constexpr std::array<std::pair<Terrain, std::string_view>, 4> kTerrain{
    {{Terrain::Open, "open"}, {Terrain::Rough, "rough"}, {Terrain::Difficult, "difficult"}, {Terrain::Impassable, "impassable"}}};
constexpr std::array<std::pair<RangeBand, std::string_view>, 2> kRanges{{{RangeBand::Effective, "effective"}, {RangeBand::Long, "long"}}};

template <typename E, std::size_t N>
std::string_view word_of(E value, const std::array<std::pair<E, std::string_view>, N>& words) {
    for (const auto& [v, word] : words)
        if (v == value) return word;
    return "?";
}

ArtilleryEffect effect_from(const std::string& word) {
    return word == "half" ? ArtilleryEffect::Half : word == "double" ? ArtilleryEffect::Double : ArtilleryEffect::Normal;
}
CavalryThreat threat_from(const std::string& word) {
    return word == "reduced" ? CavalryThreat::Reduced : word == "none" ? CavalryThreat::None : CavalryThreat::Full;
}

std::string list_ids(const auto& items) {
    std::string out;
    for (const auto& item : items) out += (out.empty() ? "" : ", ") + item.id;
    return out;
}

// Every "post" and every value of "cites" names a listed post (or "editor", our decision).
void check_citations(const nlohmann::json& node, const std::string& pointer, const std::set<std::string>& posts, const std::string& file) {
    if (node.is_object()) {
        for (const auto& [key, value] : node.items()) {
            const std::string here = pointer + "/" + key;
            if (key == "post" && value.is_string() && !posts.contains(value.get<std::string>()) && value != "editor")
                throw DataError(file, here, "a post listed under /posts", value.dump());
            if (key == "cites" && value.is_object())
                for (const auto& [field, post] : value.items()) {
                    if (!node.contains(field)) throw DataError(file, here + "/" + field, "a field of " + pointer + " to cite", field);
                    if (!posts.contains(post.get<std::string>()) && post != "editor")
                        throw DataError(file, here + "/" + field, "a post listed under /posts", post.dump());
                }
            check_citations(value, here, posts, file);
        }
    } else if (node.is_array()) {
        for (std::size_t i = 0; i < node.size(); ++i) check_citations(node[i], pointer + "/" + std::to_string(i), posts, file);
    }
}

}  // namespace

std::string_view to_string(Arm arm) { return word_of(arm, kArms); }
std::string_view to_string(Formation formation) { return word_of(formation, kFormations); }
std::string_view to_string(Terrain terrain) { return word_of(terrain, kTerrain); }
std::string_view to_string(RangeBand band) { return word_of(band, kRanges); }
Arm arm_from(std::string_view text, std::string_view what) { return parse_word(text, what, kArms); }
Formation formation_from(std::string_view text, std::string_view what) { return parse_word(text, what, kFormations); }
Terrain terrain_from(std::string_view text, std::string_view what) { return parse_word(text, what, kTerrain); }
RangeBand range_from(std::string_view text, std::string_view what) { return parse_word(text, what, kRanges); }

const FormationRules& Tables::formation(Formation id) const {
    for (const auto& f : formations)
        if (f.id == id) return f;
    throw RuleError(file + " has no formation '" + std::string(to_string(id)) + "'");
}
const ArmRules& Tables::arm(Arm id) const {
    for (const auto& a : arms)
        if (a.id == id) return a;
    throw RuleError(file + " has no movement for '" + std::string(to_string(id)) + "'");
}
const TerrainRules& Tables::ground(Terrain id) const {
    for (const auto& t : terrain)
        if (t.id == id) return t;
    throw RuleError(file + " has no terrain class '" + std::string(to_string(id)) + "'");
}
const Weapon& Tables::weapon(std::string_view id) const {
    for (const auto& w : weapons)
        if (w.id == id) return w;
    throw RuleError("unknown weapon '" + std::string(id) + "': expected one of " + list_ids(weapons));
}
const ActionCost& Tables::action(std::string_view id) const {
    for (const auto& a : action_costs)
        if (a.id == id) return a;
    throw RuleError("unknown action '" + std::string(id) + "': expected one of " + list_ids(action_costs));
}
const UnitType* Tables::find_unit_type(std::string_view id) const {
    for (const auto& u : unit_types)
        if (u.id == id) return &u;
    return nullptr;
}
std::string Tables::post_title(std::string_view id) const {
    for (const auto& p : posts)
        if (p.id == id) return p.title;
    return id == "editor" ? "our decision (docs/rules/clausewitz.md)" : "";
}
int Tables::save_on(std::string_view cover) const {
    if (const auto found = saves.find(std::string(cover)); found != saves.end()) return found->second;
    std::string known;
    for (const auto& [id, score] : saves) known += (known.empty() ? "" : ", ") + id;
    throw RuleError("unknown cover '" + std::string(cover) + "': expected one of " + known);
}

Tables Tables::from_json(const nlohmann::json& d, const std::string& file) {
    Tables t;
    t.file = file;
    std::string pointer;  // where we are, for a field the schema let through but the rules cannot use
    try {
        std::set<std::string> post_ids;
        for (const auto& p : d.at("posts")) {
            t.posts.push_back({p.at("id"), p.at("order"), p.at("title")});
            post_ids.insert(p.at("id").get<std::string>());
        }
        check_citations(d, "", post_ids, file);
        const auto& s = d.at("scale");
        t.scale_ratio = s.at("ratio"), t.men_per_figure = s.at("men_per_figure"), t.base_width_mm = s.at("base_width_mm"),
        t.base_depth_mm = s.at("base_depth_mm"), t.table_width_ft = s.at("table_width_ft"), t.table_depth_ft = s.at("table_depth_ft");
        const auto& turn = d.at("turn");
        t.turn_minutes = turn.at("minutes"), t.turns = turn.at("turns"), t.actions = turn.at("actions");
        t.brigade_max_units = d.at("brigade").at("max_units"), t.brigade_max_wide = d.at("brigade").at("max_wide");
        const auto& c = d.at("command");
        t.command_rating_min = c.at("rating_min"), t.command_rating_max = c.at("rating_max"), t.command_points = c.at("command_points"),
        t.command_cm_per_action_lost = c.at("cm_per_action_lost"), t.order_cost = c.at("order_cost");
        const auto& m = d.at("morale");
        t.morale_base = m.at("base"), t.morale_per_unit = m.at("per_unit"), t.morale_per_column = m.at("per_unit_in_column"),
        t.morale_per_square = m.at("per_unit_in_square"), t.morale_best = m.at("best"), t.morale_always_fails = m.at("always_fails"),
        t.withdraw_margin = m.at("withdraw_margin");
        if (t.morale_best > t.morale_base)
            throw DataError(file, "/morale/best", "a best score no harder than the base " + std::to_string(t.morale_base) + "+", std::to_string(t.morale_best));
        const auto& f = d.at("fire");
        t.steady = f.at("steady"), t.fire_effective = f.at("effective"), t.fire_long = f.at("long"),
        t.skirmish_effective = f.at("skirmish_effective"), t.skirmish_long = f.at("skirmish_long"),
        t.enfilade_multiplier = f.at("enfilade_multiplier");
        t.lose_die_on = d.at("damage").at("lose_die_on");
        std::set<Formation> seen_formations;
        for (std::size_t i = 0; i < d.at("formations").size(); ++i) {
            const auto& j = d.at("formations")[i];
            pointer = "/formations/" + std::to_string(i);
            FormationRules r;
            r.id = formation_from(j.at("id").get<std::string>(), "formation id");
            if (!seen_formations.insert(r.id).second) throw DataError(file, pointer + "/id", "each of line, column and square once", j.at("id").dump());
            r.dice_divisor = j.at("dice_divisor"), r.quick_march = j.at("quick_march"), r.can_move = j.at("can_move"),
            r.morale_per_unit = j.at("morale_per_unit");
            r.artillery_front = effect_from(j.at("artillery_front")), r.artillery_flank = effect_from(j.at("artillery_flank"));
            r.cavalry_threat = threat_from(j.at("cavalry_threat"));
            r.post = j.at("post");
            t.formations.push_back(r);
        }
        const auto& me = d.at("melee");
        t.melee_against_foot = me.at("against_foot"), t.melee_against_mounted = me.at("against_mounted"), t.melee_flank = me.at("flank"),
        t.melee_rear = me.at("rear"), t.six_always_hits = me.at("six_always_hits"), t.general_dice = me.at("general_dice"),
        t.general_hits_on = me.at("general_hits_on"), t.artillery_melee_divisor = me.at("artillery_dice_divisor"),
        t.uphill_gentle = me.at("uphill_gentle"), t.uphill_steep = me.at("uphill_steep"), t.village_defender = me.at("village_defender"),
        t.colours_on = me.at("colours_on");
        const auto& mv = d.at("movement");
        std::set<Arm> seen_arms;
        for (std::size_t i = 0; i < mv.at("arms").size(); ++i) {
            const auto& j = mv.at("arms")[i];
            ArmRules a{arm_from(j.at("id").get<std::string>(), "arm"), j.at("march_cm"), j.at("quick_cm")};
            if (!seen_arms.insert(a.id).second) throw DataError(file, "/movement/arms/" + std::to_string(i) + "/id", "foot and mounted once each", j.at("id").dump());
            t.arms.push_back(a);
        }
        std::set<Terrain> seen_terrain;
        for (std::size_t i = 0; i < mv.at("terrain").size(); ++i) {
            const auto& j = mv.at("terrain")[i];
            TerrainRules r{terrain_from(j.at("id").get<std::string>(), "terrain"), j.at("quick_march"), j.at("divisor"), j.value("el_bruc_cm", 0)};
            if (!seen_terrain.insert(r.id).second)
                throw DataError(file, "/movement/terrain/" + std::to_string(i) + "/id", "each terrain class once", j.at("id").dump());
            t.terrain.push_back(r);
        }
        t.road_bonus_cm = mv.at("road_bonus_cm"), t.road_needs_column = mv.at("road_needs_column"), t.adc_cm = mv.at("adc_cm"),
        t.cinc_cm = mv.at("cinc_cm"), t.withdraw_actions = mv.at("withdraw_actions"), t.flee_extra_actions = mv.at("flee_extra_actions"),
        t.flee_next_turn_actions = mv.at("flee_next_turn_actions");
        t.zone_cm = d.at("zone_of_control").at("distance_cm"), t.zone_angle_deg = d.at("zone_of_control").at("angle_deg");
        for (const auto& j : d.at("saves")) t.saves[j.at("id")] = j.at("save_on");
        for (const auto& j : d.at("terrain_types")) t.terrain_types[j.at("id")] = terrain_from(j.at("class").get<std::string>(), "terrain class");
        for (std::size_t i = 0; i < d.at("weapons").size(); ++i) {
            const auto& j = d.at("weapons")[i];
            Weapon w{j.at("id"), j.at("kind") == "artillery", j.at("effective_cm"), j.at("long_cm")};
            if (w.long_cm < w.effective_cm)
                throw DataError(file, "/weapons/" + std::to_string(i) + "/long_cm", "a long range at least the effective range (" + j.at("effective_cm").dump() + " cm)",
                                j.at("long_cm").dump());
            t.weapons.push_back(w);
        }
        for (const auto& j : d.at("actions")) t.action_costs.push_back({j.at("id"), j.at("name"), j.at("cost"), j.at("in_zone"), j.at("post")});
        t.chips_per_player = d.at("chip_bag").at("chips_per_player"), t.chips_per_general_activated = d.at("chip_bag").at("chips_per_general_activated");
        const auto& dep = d.at("deployment");
        t.deployment_min_markers = dep.at("min_markers"), t.deployment_move_cm = dep.at("move_cm"), t.deployment_reach_cm = dep.at("reach_cm"),
        t.deployment_lock_cm = dep.at("lock_cm");
        t.vp_general_captured = d.at("victory").at("general_captured"), t.vp_colours = d.at("victory").at("colours_captured");
        t.men_per_strength = d.at("strength").at("men_per_point");
        for (std::size_t i = 0; i < d.at("unit_types").size(); ++i) {
            const auto& j = d.at("unit_types")[i];
            pointer = "/unit_types/" + std::to_string(i);
            UnitType u;
            u.id = j.at("id"), u.name = j.at("name"), u.arm = arm_from(j.at("arm").get<std::string>(), "arm"), u.weapon = j.at("weapon");
            u.men_per_combat_die = j.at("men_per_combat_die"), u.men_per_skirmish_die = j.at("men_per_skirmish_die"),
            u.artillery_per_weapon = j.at("artillery_per_weapon"), u.command_bonus = j.at("command_bonus"), u.cavalry_threat = j.at("cavalry_threat"),
            u.deployment_marker = j.at("deployment_marker"), u.artillery = j.at("artillery"), u.el_bruc = j.at("el_bruc");
            if (std::none_of(t.weapons.begin(), t.weapons.end(), [&](const Weapon& w) { return w.id == u.weapon; }))
                throw DataError(file, pointer + "/weapon", "one of the weapons listed (" + list_ids(t.weapons) + ")", j.at("weapon").dump());
            if (t.find_unit_type(u.id)) throw DataError(file, pointer + "/id", "a unit type id used once", j.at("id").dump());
            t.unit_types.push_back(u);
        }
        for (const Terrain needed : {Terrain::Open, Terrain::Rough, Terrain::Difficult, Terrain::Impassable})
            if (!seen_terrain.contains(needed)) throw DataError(file, "/movement/terrain", "the class " + std::string(to_string(needed)), "");
        for (const Formation needed : {Formation::Line, Formation::Column, Formation::Square})
            if (!seen_formations.contains(needed)) throw DataError(file, "/formations", "the formation " + std::string(to_string(needed)), "");
    } catch (const nlohmann::json::exception& error) {
        throw DataError(file, pointer.empty() ? "/" : pointer, "the Clausewitz tables as data/schema/clausewitz.schema.json describes", error.what());
    } catch (const RuleError& error) {
        throw DataError(file, pointer.empty() ? "/" : pointer, "a word the rules know", error.what());
    }
    return t;
}

Tables load_tables(const std::filesystem::path& data_dir) {
    const auto file = data_dir / "tables" / "clausewitz.json";
    const auto document = read_json_file(file);
    validate_against_schema(document, "clausewitz", file.string(), data_dir);
    return Tables::from_json(document, file.string());
}

UnitDice unit_dice(const Tables& tables, const UnitType& type, int men, int weapons) {
    if (men < 0) throw RuleError("men: expected 0 or more, not " + std::to_string(men));
    if (weapons < 0) throw RuleError("weapons: expected 0 or more, not " + std::to_string(weapons));
    UnitDice dice;
    if (type.men_per_combat_die > 0) dice.combat = men / type.men_per_combat_die;
    if (type.men_per_skirmish_die > 0) dice.skirmish = (men + type.men_per_skirmish_die - 1) / type.men_per_skirmish_die;
    dice.artillery = type.artillery_per_weapon * weapons;
    if (tables.men_per_strength > 0) dice.strength = men / tables.men_per_strength;
    return dice;
}

}  // namespace fortuna::clausewitz
