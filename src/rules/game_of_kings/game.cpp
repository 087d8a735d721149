// SPDX-License-Identifier: MIT
// Game Of Kings (seed 004) as a game: the scenario on the table and the turn's actions, each
// applied with the resolvers and every circumstance measured on the board.
#include "fortuna/game_of_kings/game.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <map>
#include <set>

#include "fortuna/core/errors.hpp"
#include "fortuna/seam/library.hpp"

namespace fortuna::game_of_kings {

namespace {

using nlohmann::json;
namespace fs = std::filesystem;

constexpr double kSample = 0.25;  // a move is checked every 2.5 mm
constexpr const char* kSectors[3] = {"left", "centre", "right"};
constexpr const char* kSteps[5] = {"rally", "guns", "move", "muskets and carbines", "melee"};

std::string fmt_cm(double cm) {
    char text[32];
    std::snprintf(text, sizeof text, "%.1f cm", cm);
    return text;
}

bool is_foot(UnitType type) { return type == UnitType::Foot || type == UnitType::LightFoot; }

// Width (along x) and depth (along y) of a unit (D25): bases 40x20 mm; foot two bases side by side
// in line, one behind the other in column; horse one behind the other; a gun one base lengthways.
std::pair<double, double> size_of(UnitType type, const std::string& formation) {
    if (is_foot(type)) return formation == "column" ? std::pair{4.0, 4.0} : std::pair{8.0, 2.0};
    if (type == UnitType::Gun) return {2.0, 4.0};
    if (formation == "dismounted") return {8.0, 2.0};  // the troopers on foot, the two bases side by side (D14)
    return {4.0, 4.0};
}

// How a unit moves: dismounted horse move as foot in line, and retreat as retreating foot (D14).
std::pair<UnitType, std::string> moving_as(UnitType type, const std::string& formation, bool retreating) {
    if (formation == "dismounted") return {UnitType::Foot, retreating ? "retreating" : "line"};
    return {type, retreating && is_foot(type) ? "retreating" : formation};
}

// The footprint square to the table: a unit facing +x or -x has its frontage along y (D46).
Rect rect_at(double x, double y, UnitType type, const std::string& formation, int facing = kFacePlusY) {
    auto [w, d] = size_of(type, formation);
    if (facing == kFacePlusX || facing == kFaceMinusX) std::swap(w, d);
    return {x - w / 2, y - d / 2, x + w / 2, y + d / 2};
}

// An oblique rectangle (centre, unit axes u and v, half-extents hu and hv) against a rectangle square
// to the table, by separating axes: they overlap (more than a hair) when no axis separates them.
bool gok_oblique_overlaps(double cx, double cy, double ux, double uy, double hu, double vx, double vy, double hv, const Rect& r) {
    constexpr double e = 1e-6;
    const double rx = (r.x0 + r.x1) / 2, ry = (r.y0 + r.y1) / 2, rw = (r.x1 - r.x0) / 2, rh = (r.y1 - r.y0) / 2;
    const double dx = rx - cx, dy = ry - cy;
    // the table's axes
    if (std::abs(dx) >= rw + hu * std::abs(ux) + hv * std::abs(vx) - e) return false;
    if (std::abs(dy) >= rh + hu * std::abs(uy) + hv * std::abs(vy) - e) return false;
    // the oblique rectangle's axes
    if (std::abs(dx * ux + dy * uy) >= hu + rw * std::abs(ux) + rh * std::abs(uy) - e) return false;
    if (std::abs(dx * vx + dy * vy) >= hv + rw * std::abs(vx) + rh * std::abs(vy) - e) return false;
    return true;
}

// A facing as a unit vector, and back.
int gok_facing_of(double dx, double dy) {
    if (std::abs(dx) > std::abs(dy)) return dx > 0 ? kFacePlusX : kFaceMinusX;
    return dy > 0 ? kFacePlusY : kFaceMinusY;
}

int points_of(UnitType type, const Tables& tables) { return type == UnitType::Foot ? tables.points_foot : tables.points_other; }

// A river piece `r` overlaps where no crossing (bridge or ford) carries the unit whose centre is
// (x, y): nullptr when none (D27).
const TerrainArea* river_in_way(const std::vector<TerrainArea>& terrain, const Rect& r, double x, double y) {
    for (const auto& piece : terrain) {
        if (piece.kind != "river" || !rects_overlap(r, piece.area)) continue;
        bool carried = false;
        for (const auto& crossing : terrain)
            carried = carried || (crossing.kind == "crossing" && x >= crossing.area.x0 && x <= crossing.area.x1 && y >= crossing.area.y0 && y <= crossing.area.y1);
        if (!carried) return &piece;
    }
    return nullptr;
}

}  // namespace

namespace gok_foresee_detail {

// Thrown on foresee()'s copy when the action reaches its first die: the preview has what it needs.
struct ForeseenStop {};

// A chance enumerated in double precision as a fraction over 10^12: a pool's exact denominator
// (36^n against a saving throw) outgrows the 64-bit fraction the seam carries (decision D38).
fortuna::Probability twelve_places(double p) {
    constexpr double scale = 1e12;
    const double clamped = std::clamp(p, 0.0, 1.0);
    return {static_cast<std::uint64_t>(std::llround(clamped * scale)), static_cast<std::uint64_t>(scale)};
}

// "hits: 2 hits" reads twice: a group that names hits counts them bare ("potential hits: 2").
void add_chances(Foreseen& seen, const std::string& group, const Chances& chances, bool bare = false) {
    for (std::size_t k = 0; k < chances.size(); ++k)
        seen.odds.emplace_back(group + ": " + std::to_string(k) + (bare ? "" : k == 1 ? " hit" : " hits"), twelve_places(chances[k]));
}

std::string pool_roll_words(const Pool& pool) {
    if (pool.half_dice == 0) return std::to_string(pool.dice) + (pool.dice == 1 ? " die" : " dice");
    return std::to_string(pool.dice + 2) + " dice: the half die's decider first (4+ makes it a die, D5), the " + std::to_string(pool.dice) +
           " whole dice, then the half's own die";
}

}  // namespace gok_foresee_detail

using gok_foresee_detail::twelve_places;

double rect_distance(const Rect& a, const Rect& b) {
    const double dx = std::max({0.0, a.x0 - b.x1, b.x0 - a.x1});
    const double dy = std::max({0.0, a.y0 - b.y1, b.y0 - a.y1});
    return std::sqrt(dx * dx + dy * dy);
}
bool rects_overlap(const Rect& a, const Rect& b) {
    constexpr double e = 1e-6;
    return a.x0 < b.x1 - e && b.x0 < a.x1 - e && a.y0 < b.y1 - e && b.y0 < a.y1 - e;
}

int facing_after_wheel(int facing, bool left) {
    // Left is anticlockwise (x to the right, y up): the new front is the old left side.
    const double fx = facing_dx(facing), fy = facing_dy(facing);
    return left ? gok_facing_of(-fy, fx) : gok_facing_of(fy, -fx);
}

std::string facing_name(int facing) {
    switch (facing) {
        case kFacePlusY: return "+y";
        case kFaceMinusY: return "-y";
        case kFacePlusX: return "+x";
        case kFaceMinusX: return "-x";
        default: return "+y";
    }
}

// The facing in a player's words: the scenario format's y runs from player A's edge towards B's,
// x from A's left (the save keeps facing_name's "+y").
namespace gok_explained {

// A resolver's explanation opens with its setup's lines, which the action's explanation already
// holds: only what the roll added is appended, so no line is told twice.
void append_after_setup(Explanation& out, const Explanation& resolved, std::size_t setup_lines) {
    const std::size_t skip = std::min(setup_lines, resolved.size());
    out.insert(out.end(), resolved.begin() + static_cast<std::ptrdiff_t>(skip), resolved.end());
}

}  // namespace gok_explained

std::string facing_words(int facing) {
    switch (facing) {
        case kFacePlusY: return "player B's edge";
        case kFaceMinusY: return "player A's edge";
        case kFacePlusX: return "the right (as player A sees the table)";
        case kFaceMinusX: return "the left (as player A sees the table)";
        default: return "player B's edge";
    }
}

std::string_view to_string(Status status) {
    switch (status) {
        case Status::Normal: return "normal";
        case Status::Retreating: return "retreating";
        case Status::Halted: return "halted";
        case Status::Removed: return "removed";
    }
    return "normal";
}

// ---------------------------------------------------------------- scenario

Scenario scenario_from_json(const Tables& tables, const fs::path& data_dir, const json& d, const std::string& file) {
    Scenario s;
    s.file = file;
    s.document = d;
    s.id = d.at("id").get<std::string>();
    s.name = d.at("name").get<std::string>();
    s.width_cm = d.at("/table_cm/width"_json_pointer).get<double>();
    s.depth_cm = d.at("/table_cm/depth"_json_pointer).get<double>();
    s.turns = d.at("turns").get<int>();
    const double expect_w = tables.table_width_ft * 30.48, expect_d = tables.table_depth_ft * 30.48;
    if (std::abs(s.width_cm - expect_w) > 0.01 || std::abs(s.depth_cm - expect_d) > 0.01)
        throw DataError(file, "/table_cm", "the seed's table, " + fmt_cm(expect_w) + " x " + fmt_cm(expect_d) + " (RANDOM TERRAIN GENERATOR)",
                        fmt_cm(s.width_cm) + " x " + fmt_cm(s.depth_cm));

    // The terrain. A non-historic battle throws the seed's random terrain generator (its dice thrown
    // again here, the players' choices filled in); a historic one places its ground by name ("For
    // non-historic battles", RANDOM TERRAIN GENERATOR; D40), each piece on the table.
    const json& ground = d.at("terrain");
    const bool historic = d.at("historic").get<bool>();
    if (historic && (ground.contains("dice") || !ground.contains("placed")))
        throw DataError(file, "/terrain", "a historic battle's ground placed by name in /terrain/placed, no generator dice (seed 004, RANDOM TERRAIN GENERATOR: 'For non-historic battles'; D40)",
                        ground.contains("dice") ? "generator dice" : "no placed pieces");
    if (!historic && (!ground.contains("dice") || !ground.contains("generator_seed") || !ground.contains("choices")))
        throw DataError(file, "/terrain", "a non-historic battle's generator_seed, dice and choices (seed 004, RANDOM TERRAIN GENERATOR)", "missing");
    if (ground.contains("dice")) {
        std::vector<int> faces = ground.at("dice").get<std::vector<int>>();
        FaceSource source(faces, file + "#/terrain/dice");
        TerrainResult generated;
        try {
            generated = resolve_terrain(tables, source);
            source.finish();
        } catch (const RuleError& error) {
            throw DataError(file, "/terrain/dice", "the faces of the random terrain generator (seed 004)", error.what());
        }
        std::map<std::pair<int, int>, std::string> chosen;
        for (const auto& choice : ground.value("choices", json::array()))
            chosen[{choice.at("row").get<int>(), choice.at("column").get<int>()}] = choice.at("kind").get<std::string>();
        const double sector_w = s.width_cm / tables.terrain_columns, sector_d = s.depth_cm / tables.terrain_rows;
        for (const TerrainPiece& piece : generated.sectors) {
            if (piece.kind.empty()) continue;
            std::string kind = piece.kind;
            const auto found = chosen.find({piece.row, piece.column});
            if (kind == "player-a-choice" || kind == "player-b-choice") {
                if (found == chosen.end())
                    throw DataError(file, "/terrain/choices", "the choice for row " + std::to_string(piece.row) + ", column " + std::to_string(piece.column) +
                                                                  " (" + kind + ")", "none");
                kind = found->second;
                chosen.erase(found);
            }
            const double cx = sector_w * (piece.column - 0.5), cy = sector_d * (piece.row - 0.5);
            s.terrain.push_back({kind, {cx - sector_w / 4, cy - sector_d / 4, cx + sector_w / 4, cy + sector_d / 4}, piece.row, piece.column, ""});
        }
        if (!chosen.empty())
            throw DataError(file, "/terrain/choices", "choices only for sectors whose kind die gave a player's choice",
                            "row " + std::to_string(chosen.begin()->first.first) + ", column " + std::to_string(chosen.begin()->first.second));
    }
    std::size_t index = 0;
    std::set<std::string> placed_names;
    for (const auto& piece : ground.value("placed", json::array())) {
        const std::string where = "/terrain/placed/" + std::to_string(index++);
        TerrainArea area;
        area.kind = piece.at("kind").get<std::string>();
        area.name = piece.at("name").get<std::string>();
        const auto corners = piece.at("rect_cm").get<std::vector<double>>();
        if (corners.size() != 4) throw DataError(file, where + "/rect_cm", "[x0, y0, x1, y1] in cm", piece.at("rect_cm").dump());
        area.area = {corners[0], corners[1], corners[2], corners[3]};
        if (!placed_names.insert(area.name).second) throw DataError(file, where + "/name", "a piece's name used once", area.name);
        if (area.area.x0 >= area.area.x1 || area.area.y0 >= area.area.y1)
            throw DataError(file, where + "/rect_cm", "[x0, y0, x1, y1] with x0 < x1 and y0 < y1", piece.at("rect_cm").dump());
        if (area.area.x0 < 0 || area.area.y0 < 0 || area.area.x1 > s.width_cm + 1e-9 || area.area.y1 > s.depth_cm + 1e-9)
            throw DataError(file, where + "/rect_cm", "a piece wholly on the table (" + fmt_cm(s.width_cm) + " x " + fmt_cm(s.depth_cm) + ")",
                            piece.at("rect_cm").dump());
        s.terrain.push_back(area);
    }
    // A crossing (bridge or ford) lies over a river it carries troops across (D27).
    index = 0;
    for (const auto& piece : ground.value("placed", json::array())) {
        const std::size_t at = index++;
        if (piece.at("kind") != "crossing") continue;
        const TerrainArea& crossing = s.terrain[s.terrain.size() - ground.at("placed").size() + at];
        bool over = false;
        for (const auto& river : s.terrain) over = over || (river.kind == "river" && rects_overlap(river.area, crossing.area));
        if (!over) throw DataError(file, "/terrain/placed/" + std::to_string(at) + "/rect_cm", "a crossing over a river (D27)", crossing.name + " crosses none");
    }

    // Sides, their army lists and doctrines.
    std::map<std::string, int> side_index;
    index = 0;
    for (const auto& side : d.at("sides")) {
        SideSpec spec;
        spec.id = side.at("id").get<std::string>();
        spec.name = side.at("name").get<std::string>();
        spec.facing = side.at("player").get<std::string>() == "A" ? 1 : -1;
        spec.general_with = side.at("general_with").get<std::string>();
        const json& doc = side.at("doctrine");
        spec.doctrine.sector_order = doc.at("sector_order").get<std::vector<std::string>>();
        spec.doctrine.go_first = doc.at("go_first").get<bool>();
        spec.doctrine.charge_horse = doc.at("/charge_if_win_over_loss/horse"_json_pointer).get<double>();
        spec.doctrine.charge_foot = doc.at("/charge_if_win_over_loss/foot"_json_pointer).get<double>();
        spec.doctrine.advance = doc.at("advance").get<std::string>();
        spec.doctrine.source = doc.at("source").get<std::string>();
        spec.doctrine.hold = doc.value("hold", false);
        spec.doctrine.reserve = doc.value("reserve", std::vector<std::string>{});
        spec.doctrine.counter_attack_moves = doc.value("counter_attack_moves", 0.0);
        std::set<std::string> order(spec.doctrine.sector_order.begin(), spec.doctrine.sector_order.end());
        if (order != std::set<std::string>{"left", "centre", "right"})
            throw DataError(file, "/sides/" + std::to_string(index) + "/doctrine/sector_order", "left, centre and right, each once",
                            doc.at("sector_order").dump());
        std::size_t c = 0;
        for (const auto& entry : side.value("characteristics", json::array())) {
            Characteristic ch;
            ch.id = entry.at("id").get<std::string>();
            ch.applies_to = entry.at("applies_to").get<std::vector<std::string>>();
            ch.musketry_modifier = entry.value("musketry_modifier", 0);
            if (entry.contains("melee_hit_on")) ch.melee_hit_on = entry.at("melee_hit_on").get<int>();
            ch.source = entry.at("source").get<std::string>();
            ch.basis = entry.at("basis").get<std::string>();
            if (ch.musketry_modifier == 0 && !ch.melee_hit_on)
                throw DataError(file, "/sides/" + std::to_string(index) + "/characteristics/" + std::to_string(c),
                                "a musketry_modifier other than 0 or a melee_hit_on (the seed's two kinds, D44)", entry.dump());
            spec.characteristics.push_back(std::move(ch));
            ++c;
        }
        side_index[spec.id] = static_cast<int>(index++);
        s.sides.push_back(spec);
    }
    if (s.sides[0].facing == s.sides[1].facing) throw DataError(file, "/sides/1/player", "one side player A, the other player B", "both the same");

    std::map<std::string, json> lists;
    index = 0;
    std::set<std::string> ids;
    for (const auto& unit : d.at("units")) {
        const std::string where = "/units/" + std::to_string(index++);
        UnitSpec u;
        u.id = unit.at("id").get<std::string>();
        u.name = unit.at("name").get<std::string>();
        if (!ids.insert(u.id).second) throw DataError(file, where + "/id", "a unit id used once", u.id);
        const std::string side = unit.at("side").get<std::string>();
        if (!side_index.count(side)) throw DataError(file, where + "/side", "a side id of /sides", side);
        u.side = side_index[side];
        u.list = unit.at("list").get<std::string>();
        u.list_unit = unit.at("list_unit").get<std::string>();
        if (!lists.count(u.list)) {
            const fs::path list_file = data_dir / "armies" / "game-of-kings" / (u.list + ".json");
            std::error_code missing;
            if (!fs::exists(list_file, missing)) throw DataError(file, where + "/list", "an army list of data/armies/game-of-kings", u.list);
            json list = read_json_file(list_file);
            validate_against_schema(list, "game-of-kings-army", list_file.string(), data_dir);
            lists[u.list] = list;
        }
        bool found = false;
        for (const auto& entry : lists[u.list].at("units")) {
            if (entry.at("id").get<std::string>() != u.list_unit) continue;
            found = true;
            u.type = unit_type_from_string(entry.at("type").get<std::string>(), where + "/list_unit");
            u.quality = quality_from_string(entry.at("quality").get<std::string>(), where + "/list_unit");
            u.cuirassiers = entry.value("cuirassiers", false);
        }
        if (!found) throw DataError(file, where + "/list_unit", "a unit id of the army list " + u.list, u.list_unit);
        u.sector = unit.at("sector").get<std::string>();
        u.x = unit.at("x").get<double>();
        u.y = unit.at("y").get<double>();
        u.formation = unit.at("formation").get<std::string>();
        const bool ok = is_foot(u.type) ? (u.formation == "line" || u.formation == "column")
                        : u.type == UnitType::Gun ? (u.formation == "limbered" || u.formation == "unlimbered")
                                                  : (u.formation == "mounted" || u.formation == "dismounted");
        if (!ok)
            throw DataError(file, where + "/formation",
                            is_foot(u.type) ? "line or column (foot)" : u.type == UnitType::Gun ? "limbered or unlimbered (a gun)" : "mounted or dismounted (horse, D14)",
                            u.formation);
        const Rect r = rect_at(u.x, u.y, u.type, u.formation);
        if (r.x0 < 0 || r.y0 < 0 || r.x1 > s.width_cm || r.y1 > s.depth_cm)
            throw DataError(file, where + "/x", "a unit wholly on the table", "(" + fmt_cm(u.x) + ", " + fmt_cm(u.y) + ")");
        for (const auto& piece : s.terrain)
            if (piece.kind == "water" && rects_overlap(r, piece.area))
                throw DataError(file, where + "/x", "a unit out of the water (impassable, D27)", "(" + fmt_cm(u.x) + ", " + fmt_cm(u.y) + ")");
        if (const TerrainArea* river = river_in_way(s.terrain, r, u.x, u.y))
            throw DataError(file, where + "/x", "a unit out of the river " + river->name + " (or on a crossing over it, D27)", "(" + fmt_cm(u.x) + ", " + fmt_cm(u.y) + ")");
        for (const auto& other : s.units)
            if (rects_overlap(r, rect_at(other.x, other.y, other.type, other.formation)))
                throw DataError(file, where + "/x", "a unit clear of every other unit", "overlaps " + other.id);
        s.units.push_back(u);
    }
    index = 0;
    for (const auto& side : s.sides) {
        const auto it = std::find_if(s.units.begin(), s.units.end(), [&](const UnitSpec& u) { return u.id == side.general_with; });
        if (it == s.units.end() || s.sides[static_cast<std::size_t>(it->side)].id != side.id)
            throw DataError(file, "/sides/" + std::to_string(index) + "/general_with", "a unit of this side", side.general_with);
        int points = tables.points_general;
        for (const auto& u : s.units)
            if (s.sides[static_cast<std::size_t>(u.side)].id == side.id) points += points_of(u.type, tables);
        s.start_points[index] = points;
        std::size_t k = 0;
        for (const std::string& id : side.doctrine.reserve) {
            const auto unit = std::find_if(s.units.begin(), s.units.end(), [&](const UnitSpec& u) { return u.id == id; });
            if (unit == s.units.end() || s.sides[static_cast<std::size_t>(unit->side)].id != side.id)
                throw DataError(file, "/sides/" + std::to_string(index) + "/doctrine/reserve/" + std::to_string(k), "a unit of this side", id);
            ++k;
        }
        // National characteristics: each names units of this side that can use it (D44).
        for (std::size_t c = 0; c < side.characteristics.size(); ++c) {
            const Characteristic& ch = side.characteristics[c];
            const std::string where = "/sides/" + std::to_string(index) + "/characteristics/" + std::to_string(c);
            for (std::size_t a = 0; a < ch.applies_to.size(); ++a) {
                const auto unit = std::find_if(s.units.begin(), s.units.end(), [&](const UnitSpec& u) { return u.id == ch.applies_to[a]; });
                const std::string at = where + "/applies_to/" + std::to_string(a);
                if (unit == s.units.end() || s.sides[static_cast<std::size_t>(unit->side)].id != side.id)
                    throw DataError(file, at, "a unit of this side", ch.applies_to[a]);
                if (ch.musketry_modifier != 0 && !is_foot(unit->type))
                    throw DataError(file, at, "a unit that fires muskets (foot or light foot) for a musketry_modifier (seed 004, MUSKETRY; D14)",
                                    unit->id + " (" + std::string(to_string(unit->type)) + ")");
                if (ch.melee_hit_on && unit->type == UnitType::Gun)
                    throw DataError(file, at, "a unit that inflicts melee casualties (not a gun) for a melee_hit_on (seed 004, MELEES)", unit->id + " (gun)");
                if (ch.melee_hit_on && unit->melee_hit_on && *unit->melee_hit_on != *ch.melee_hit_on)
                    throw DataError(file, at, "one melee_hit_on a unit", unit->id + " has " + std::to_string(*unit->melee_hit_on) + " already");
                unit->musketry_national += ch.musketry_modifier;
                if (ch.melee_hit_on) unit->melee_hit_on = ch.melee_hit_on;
                unit->characteristics.push_back(ch.id);
            }
        }
        if (!side.doctrine.reserve.empty() && side.doctrine.counter_attack_moves <= 0)
            throw DataError(file, "/sides/" + std::to_string(index) + "/doctrine/counter_attack_moves",
                            "a reach in normal moves above 0 for the reserve's counter-attack (D41)", "none");
        ++index;
    }
    return s;
}

// ---------------------------------------------------------------- the model

GameModel::GameModel(std::shared_ptr<const Tables> tables, std::shared_ptr<const Scenario> scenario)
    : tables_(std::move(tables)), scenario_(std::move(scenario)) {
    for (const auto& spec : scenario_->units) {
        UnitState u;
        u.x = spec.x;
        u.y = spec.y;
        u.facing = scenario_->sides[static_cast<std::size_t>(spec.side)].facing;
        u.formation = spec.formation;
        u.general = scenario_->sides[static_cast<std::size_t>(spec.side)].general_with == spec.id;
        state_.units.push_back(u);
    }
}

int GameModel::side_of(int unit) const { return scenario_->units[static_cast<std::size_t>(unit)].side; }

int GameModel::unit_index(const std::string& id) const {
    for (std::size_t i = 0; i < scenario_->units.size(); ++i)
        if (scenario_->units[i].id == id) return static_cast<int>(i);
    return -1;
}

Rect GameModel::footprint(int unit) const {
    const auto& u = state_.units[static_cast<std::size_t>(unit)];
    return rect_at(u.x, u.y, scenario_->units[static_cast<std::size_t>(unit)].type, u.formation, u.facing);
}

double GameModel::distance(int a, int b) const { return rect_distance(footprint(a), footprint(b)); }

// D26: "within a 45-degree arc of its front": some point of the target lies ahead of the front edge
// and within 22.5 degrees of straight ahead from some point of that edge.
bool GameModel::in_arc(int firer, int target) const {
    // Seen from the firer as it faces now (D46): `ahead` along its front, `across` along its frontage.
    const int facing = state_.units[static_cast<std::size_t>(firer)].facing;
    const auto turned = [facing](const Rect& r) {
        const double fx = facing_dx(facing), fy = facing_dy(facing);
        // a frame whose +y is the facing and whose +x is the firer's right: (across, ahead)
        const double a0 = r.x0 * fy - r.y0 * fx, a1 = r.x1 * fy - r.y1 * fx;
        const double b0 = r.x0 * fx + r.y0 * fy, b1 = r.x1 * fx + r.y1 * fy;
        return Rect{std::min(a0, a1), std::min(b0, b1), std::max(a0, a1), std::max(b0, b1)};
    };
    const Rect f = turned(footprint(firer)), t = turned(footprint(target));
    const double front = f.y1;
    const double beyond = t.y1 - front;  // not "far": windows.h makes that a macro
    if (beyond <= 0) return false;
    const double gap = std::max({0.0, t.x0 - f.x1, f.x0 - t.x1});
    return gap <= std::tan(22.5 * 3.14159265358979323846 / 180.0) * beyond + 1e-9;
}

// D28: no other unit stands on the line from the firer's front centre to the target's nearest point;
// fog limits sight to its visibility.
bool GameModel::visible(int firer, int target) const {
    const Rect f = footprint(firer), t = footprint(target);
    const auto& fu = state_.units[static_cast<std::size_t>(firer)];
    // the front centre, as the unit faces now (D46)
    const double sx = fu.facing == kFacePlusX ? f.x1 : fu.facing == kFaceMinusX ? f.x0 : fu.x;
    const double sy = fu.facing == kFacePlusY ? f.y1 : fu.facing == kFaceMinusY ? f.y0 : fu.y;
    const double ex = std::clamp(sx, t.x0, t.x1), ey = std::clamp(sy, t.y0, t.y1);
    if (weather() == Weather::Fog) {
        const double limit = tables_->weather_effects.at("fog").visibility_cm;
        if (std::hypot(ex - sx, ey - sy) > limit) return false;
    }
    for (std::size_t i = 0; i < state_.units.size(); ++i) {
        const int other = static_cast<int>(i);
        if (other == firer || other == target || state_.units[i].status == Status::Removed) continue;
        const Rect r = footprint(other);
        // Liang-Barsky clip of the segment against the rectangle's interior.
        double t0 = 0, t1 = 1;
        const double dx = ex - sx, dy = ey - sy;
        const double p[4] = {-dx, dx, -dy, dy};
        const double q[4] = {sx - r.x0, r.x1 - sx, sy - r.y0, r.y1 - sy};
        bool inside = true;
        for (int k = 0; k < 4 && inside; ++k) {
            if (std::abs(p[k]) < 1e-12) {
                if (q[k] <= 0) inside = false;
            } else {
                const double v = q[k] / p[k];
                if (p[k] < 0) t0 = std::max(t0, v);
                else t1 = std::min(t1, v);
            }
        }
        if (inside && t1 - t0 > 1e-6) return false;
    }
    return true;
}

bool GameModel::behind_cover(int unit) const {
    return in_terrain(unit, "wood") || in_terrain(unit, "built-up-area") || in_terrain(unit, "works");
}

bool GameModel::in_terrain(int unit, const std::string& kind) const {
    const auto& u = state_.units[static_cast<std::size_t>(unit)];
    for (const auto& piece : scenario_->terrain)
        if (piece.kind == kind && u.x >= piece.area.x0 && u.x <= piece.area.x1 && u.y >= piece.area.y0 && u.y <= piece.area.y1) return true;
    return false;
}

Weather GameModel::weather() const {
    if (state_.turn.gauge == 0) return Weather::Fair;
    const Weather w = weather_from_string(gauge_name(*tables_, state_.turn.gauge), "gauge");
    const int after = tables_->weather_effects.at("extreme-heat").after_turns;
    if (w == Weather::Fair && after > 0 && state_.turn.same_fair_turns >= after) return Weather::ExtremeHeat;
    return w;
}

double GameModel::move_allowance(int unit) const {
    const auto& spec = scenario_->units[static_cast<std::size_t>(unit)];
    const auto& u = state_.units[static_cast<std::size_t>(unit)];
    if (spec.type == UnitType::Gun && u.formation != "limbered") return 0;
    const auto [type, formation] = moving_as(spec.type, u.formation, u.status == Status::Retreating);
    return prepare_move(*tables_, type, formation, weather(), spec.type == UnitType::Gun).max_cm;
}

int GameModel::sector_index(const std::string& sector) const {
    for (int i = 0; i < 3; ++i)
        if (sector == kSectors[i]) return i;
    return -1;
}

std::string GameModel::path_blocked(int unit, double x, double y, int ignore) const {
    const auto& spec = scenario_->units[static_cast<std::size_t>(unit)];
    const auto& u = state_.units[static_cast<std::size_t>(unit)];
    const double length = std::hypot(x - u.x, y - u.y);
    const int samples = std::max(1, static_cast<int>(std::ceil(length / kSample)));
    for (int k = 1; k <= samples; ++k) {
        const double f = static_cast<double>(k) / samples;
        const Rect r = rect_at(u.x + (x - u.x) * f, u.y + (y - u.y) * f, spec.type, u.formation, u.facing);
        const bool last = k == samples;
        if (r.x0 < 0 || r.y0 < 0 || r.x1 > scenario_->width_cm || r.y1 > scenario_->depth_cm)
            return "the move leaves the table";
        for (const auto& piece : scenario_->terrain)
            if (piece.kind == "water" && rects_overlap(r, piece.area))
                return (piece.name.empty() ? "water (row " + std::to_string(piece.row) + ", column " + std::to_string(piece.column) + ")" : piece.name) +
                       " is impassable (D27)";
        if (const TerrainArea* river = river_in_way(scenario_->terrain, r, u.x + (x - u.x) * f, u.y + (y - u.y) * f))
            return "the river " + river->name + " is crossed only at a crossing, a bridge or ford (seed 004, MELEES: 'defending a river bank'; D27)";
        for (std::size_t i = 0; i < state_.units.size(); ++i) {
            const int other = static_cast<int>(i);
            if (other == unit || other == ignore || state_.units[i].status == Status::Removed) continue;
            if (!rects_overlap(r, footprint(other))) continue;
            const auto& ospec = scenario_->units[i];
            const bool friend_ = ospec.side == spec.side;
            // Seed 004, MOVEMENT: all troops pass through friendly light foot, light foot through any friends,
            // provided they have movement enough to take them beyond.
            if (friend_ && !last && (ospec.type == UnitType::LightFoot || spec.type == UnitType::LightFoot)) continue;
            return std::string(friend_ ? "" : "the enemy ") + ospec.id + " is in the way" +
                   (friend_ ? " (only light foot are passed through, and a move may not end on them: seed 004, MOVEMENT)" : "");
        }
    }
    return "";
}

std::string GameModel::river_on_path(int unit, double x, double y) const {
    const auto& spec = scenario_->units[static_cast<std::size_t>(unit)];
    const auto& u = state_.units[static_cast<std::size_t>(unit)];
    const double length = std::hypot(x - u.x, y - u.y);
    const int samples = std::max(1, static_cast<int>(std::ceil(length / kSample)));
    for (int k = 0; k <= samples; ++k) {
        const double f = static_cast<double>(k) / samples;
        const Rect r = rect_at(u.x + (x - u.x) * f, u.y + (y - u.y) * f, spec.type, u.formation, u.facing);
        for (const auto& piece : scenario_->terrain)
            if (piece.kind == "river" && rects_overlap(r, piece.area)) return piece.name;
    }
    return "";
}

// Seed 004, MELEES: "A gun can only be contacted if it has no friendly regular foot within 4cm"
// (the tables' gun_protection_cm; light foot and horse do not protect it).
int GameModel::gun_protector(int gun) const {
    const UnitSpec& gspec = scenario_->units[static_cast<std::size_t>(gun)];
    if (gspec.type != UnitType::Gun) return -1;
    for (std::size_t i = 0; i < state_.units.size(); ++i)
        if (scenario_->units[i].side == gspec.side && scenario_->units[i].type == UnitType::Foot && state_.units[i].status != Status::Removed &&
            distance(static_cast<int>(i), gun) <= tables_->gun_protection_cm)
            return static_cast<int>(i);
    return -1;
}

std::optional<std::pair<double, double>> GameModel::charge_position(int unit, int target, std::string* why) const {
    const auto plan = charge_plan(unit, target, why);
    if (!plan) return std::nullopt;
    return std::pair{plan->x, plan->y};
}

// D29, D46: which of a unit's four arcs a point lies in, by the lines through its corners at 45
// degrees: "front" beyond its front edge by at least as much as beyond a side edge, "rear" likewise
// behind its rear edge, "left" or "right" beyond a side edge by more; "" on the unit itself.
std::string arc_around(const Rect& footprint, int facing, double x, double y) {
    const bool across = facing == kFacePlusX || facing == kFaceMinusX;
    const double tw = across ? footprint.y1 - footprint.y0 : footprint.x1 - footprint.x0;  // its frontage
    const double td = across ? footprint.x1 - footprint.x0 : footprint.y1 - footprint.y0;  // its depth
    const double gx = facing_dx(facing), gy = facing_dy(facing);  // its front
    const double lx = -gy, ly = gx;                                 // its left
    const double rx = x - (footprint.x0 + footprint.x1) / 2, ry = y - (footprint.y0 + footprint.y1) / 2;
    const double ahead = rx * gx + ry * gy, aside = rx * lx + ry * ly;
    const double before = ahead - td / 2, behind = -ahead - td / 2, beside = std::abs(aside) - tw / 2;
    if (before > 1e-9 && before >= beside - 1e-9) return "front";
    if (behind > 1e-9 && behind >= beside - 1e-9) return "rear";
    if (beside > 1e-9) return aside > 0 ? "left" : "right";
    return "";
}

std::string GameModel::arc_of(int unit, double x, double y) const {
    return arc_around(footprint(unit), state_.units[static_cast<std::size_t>(unit)].facing, x, y);
}

// D29, D46: a charger contacts squarely, centred on it, the edge of the target its own front faces,
// from anywhere beyond that edge's line (the target before its front, as D29 always measured); that
// edge is the target's front, rear or a flank by the target's facing. A flank edge is reached only
// from the flank's arc (arc_of): a charger standing in the target's front or rear arc meets that.
std::optional<ChargePlan> GameModel::charge_plan(int unit, int target, std::string* why) const {
    const auto& u = state_.units[static_cast<std::size_t>(unit)];
    const auto& t = state_.units[static_cast<std::size_t>(target)];
    const std::string& uid = scenario_->units[static_cast<std::size_t>(unit)].id;
    const std::string& tid = scenario_->units[static_cast<std::size_t>(target)].id;
    const auto [tw, td] = size_of(scenario_->units[static_cast<std::size_t>(target)].type, t.formation);
    const double gx = facing_dx(t.facing), gy = facing_dy(t.facing);  // the target's front
    const double nx = -facing_dx(u.facing), ny = -facing_dy(u.facing);  // the outward side of the edge the charger faces
    const bool along = std::abs(nx * gx + ny * gy) > 0.5;               // that edge is the target's front or rear
    const double reach = along ? td / 2 : tw / 2;                        // the target's half-extent that way
    const double beyond = (u.x - t.x) * nx + (u.y - t.y) * ny - reach;
    const std::string arc = arc_of(target, u.x, u.y);
    const auto refuse = [&](const std::string& words) {
        if (why) *why = words;
        return std::nullopt;
    };
    if (beyond <= 1e-9) {
        if (arc == "left" || arc == "right") return refuse(tid + " is not before " + uid + "'s front: it stands in " + tid + "'s flank arc (D46): wheel first");
        if ((t.x - u.x) * facing_dx(u.facing) + (t.y - u.y) * facing_dy(u.facing) <= 0) return refuse("the target is not before its front: about-face first");
        return refuse(tid + " is not before " + uid + "'s front (D29, D46): wheel first");
    }
    ChargePlan plan;
    if (along) {
        plan.from_rear = nx * gx + ny * gy < 0;
        plan.edge = plan.from_rear ? "rear" : "front";
    } else {
        if (arc != "left" && arc != "right")
            return refuse(uid + " faces " + tid + "'s flank but stands in its " + arc + " arc: a flank is reached only from beyond the front and rear arcs (D46)");
        plan.edge = "flank";
        plan.flank = true;
    }
    const auto [cw, cd] = size_of(scenario_->units[static_cast<std::size_t>(unit)].type, u.formation);
    (void)cw;
    plan.x = t.x + nx * (reach + cd / 2);
    plan.y = t.y + ny * (reach + cd / 2);
    return plan;
}

// Seed 004, MOVEMENT: "When a unit wheels, measure the distance from the front-centre of the unit"
// (D46): a quarter wheel about the front corner on the side it turns to; its front centre travels a
// quarter circle of radius half the frontage. The way is swept at small steps of the turn.
WheelPlan GameModel::wheel_plan(int unit, bool left) const {
    const auto& u = state_.units[static_cast<std::size_t>(unit)];
    const auto& spec = scenario_->units[static_cast<std::size_t>(unit)];
    const auto size = size_of(spec.type, u.formation);
    const double w = size.first, d = size.second;
    const double fx = facing_dx(u.facing), fy = facing_dy(u.facing);
    const double sx = left ? -fy : fy, sy = left ? fx : -fx;  // the side it turns to
    const double px = u.x + fx * d / 2 + sx * w / 2, py = u.y + fy * d / 2 + sy * w / 2;  // the front corner on that side
    WheelPlan plan;
    plan.facing = facing_after_wheel(u.facing, left);
    plan.x = px + fx * w / 2 - sx * d / 2;
    plan.y = py + fy * w / 2 - sy * d / 2;
    plan.arc_cm = std::acos(-1.0) / 2 * (w / 2);
    const double outer = std::acos(-1.0) / 2 * std::hypot(w, d);
    const int samples = std::max(8, static_cast<int>(std::ceil(outer / kSample)));
    const double vx = u.x - px, vy = u.y - py;  // the centre from the pivot
    for (int k = 1; k <= samples && plan.blocked.empty(); ++k) {
        const double angle = (left ? 1.0 : -1.0) * std::acos(-1.0) / 2 * k / samples;
        const double c = std::cos(angle), s = std::sin(angle);
        const auto turn = [c, s](double x, double y) { return std::pair{x * c - y * s, x * s + y * c}; };
        const auto [ox, oy] = turn(vx, vy);
        const double cx = px + ox, cy = py + oy;
        const auto front = turn(fx, fy);     // the front, turned
        const auto frontage = turn(sx, sy);  // the frontage, turned
        const double ax = front.first, ay = front.second, bx = frontage.first, by = frontage.second;
        const bool last = k == samples;
        for (const double a : {-1.0, 1.0})
            for (const double b : {-1.0, 1.0}) {
                const double x = cx + a * ax * d / 2 + b * bx * w / 2, y = cy + a * ay * d / 2 + b * by * w / 2;
                if (plan.blocked.empty() && (x < -1e-6 || y < -1e-6 || x > scenario_->width_cm + 1e-6 || y > scenario_->depth_cm + 1e-6))
                    plan.blocked = "the wheel leaves the table (D46)";
            }
        if (!plan.blocked.empty()) break;
        const auto meets = [&](const Rect& r) { return gok_oblique_overlaps(cx, cy, ax, ay, d / 2, bx, by, w / 2, r); };
        for (const auto& piece : scenario_->terrain) {
            if (piece.kind == "water" && meets(piece.area)) {
                plan.blocked = (piece.name.empty() ? "water (row " + std::to_string(piece.row) + ", column " + std::to_string(piece.column) + ")" : piece.name) +
                               " is impassable (D27)";
                break;
            }
            if (piece.kind == "river" && meets(piece.area)) {
                bool carried = false;
                for (const auto& crossing : scenario_->terrain)
                    carried = carried || (crossing.kind == "crossing" && cx >= crossing.area.x0 && cx <= crossing.area.x1 && cy >= crossing.area.y0 && cy <= crossing.area.y1);
                if (!carried) {
                    plan.blocked = "the river " + piece.name + " is crossed only at a crossing, a bridge or ford (D45)";
                    break;
                }
            }
        }
        if (!plan.blocked.empty()) break;
        for (std::size_t i = 0; i < state_.units.size(); ++i) {
            const int other = static_cast<int>(i);
            if (other == unit || state_.units[i].status == Status::Removed) continue;
            const auto& ospec = scenario_->units[i];
            const bool friend_ = ospec.side == spec.side;
            if (!meets(footprint(other))) continue;
            if (friend_ && !last && (ospec.type == UnitType::LightFoot || spec.type == UnitType::LightFoot)) continue;
            plan.blocked = std::string(friend_ ? "" : "the enemy ") + ospec.id + " is in the way of the wheel" +
                           (friend_ ? " (only light foot are passed through, and a wheel may not end on them: seed 004, MOVEMENT)" : " (D46)");
            break;
        }
    }
    if (plan.blocked.empty()) {
        const Rect end = rect_at(plan.x, plan.y, spec.type, u.formation, plan.facing);
        for (std::size_t i = 0; i < state_.units.size(); ++i)
            if (scenario_->units[i].side != spec.side && state_.units[i].status != Status::Removed && rect_distance(end, footprint(static_cast<int>(i))) < 0.5) {
                plan.blocked = "it would touch " + scenario_->units[i].id + "; contact is made with \"charge\" (D29)";
                break;
            }
    }
    return plan;
}

int GameModel::points_now(int side) const {
    int points = scenario_->start_points[side];
    for (std::size_t i = 0; i < state_.units.size(); ++i) {
        if (scenario_->units[i].side != side || state_.units[i].status != Status::Removed) continue;
        points -= points_of(scenario_->units[i].type, *tables_);
        if (state_.units[i].general) points -= tables_->points_general;
    }
    return points;
}

int GameModel::result(std::string* why) const {
    bool lost[2];
    for (int side = 0; side < 2; ++side)
        lost[side] = points_now(side) < tables_->loses_below * scenario_->start_points[side];
    const auto words = [&](int side) {
        return "the army points of " + scenario_->sides[static_cast<std::size_t>(side)].name + ", " + std::to_string(points_now(side)) +
               ", are below half of " + std::to_string(scenario_->start_points[side]);
    };
    if (lost[0] && lost[1]) {
        if (why) *why = "both armies lost: " + words(0) + " and " + words(1) + " (seed 004, VICTORY; a draw, D33)";
        return 2;
    }
    for (int side = 0; side < 2; ++side)
        if (lost[side]) {
            if (why) *why = "Victory to " + scenario_->sides[static_cast<std::size_t>(1 - side)].name + ": " + words(side) + " (seed 004, VICTORY)";
            return 1 - side;
        }
    if (state_.turn.turn > scenario_->turns) {
        if (why)
            *why = "no army below half after " + std::to_string(scenario_->turns) + " turns: a draw (D33); army points " +
                   scenario_->sides[0].name + " " + std::to_string(points_now(0)) + "/" + std::to_string(scenario_->start_points[0]) + ", " +
                   scenario_->sides[1].name + " " + std::to_string(points_now(1)) + "/" + std::to_string(scenario_->start_points[1]);
        return 2;
    }
    return -1;
}

// What the weather does this turn, in the words of seed 004, WEATHER, every number from the tables.
std::string weather_effect_words(const Tables& tables, Weather weather, int gauge, int same_fair_turns) {
    if (gauge == 0) return "not yet thrown: 2d6 on the gauge when the first turn opens";
    const std::string key(to_string(weather));
    const auto found = tables.weather_effects.find(key);
    if (found == tables.weather_effects.end()) return "no effect";
    const WeatherEffect& e = found->second;
    std::vector<std::string> parts;
    const auto number = [](double value) {
        char text[32];
        std::snprintf(text, sizeof text, "%g", value);
        return std::string(text);
    };
    if (e.visibility_cm > 0) parts.push_back("visibility " + number(e.visibility_cm) + " cm (unseen foes cannot be fired at)");
    if (e.movement_percent != 0) parts.push_back("movement " + std::to_string(e.movement_percent) + " %");
    if (e.musketry != 0) parts.push_back("muskets and carbines " + std::to_string(e.musketry) + " a die");
    std::string words;
    for (const auto& part : parts) words += (words.empty() ? "" : ", ") + part;
    if (weather == Weather::ExtremeHeat)
        return "extreme heat: " + words + " while the gauge stays on " + std::to_string(gauge) + " (" + std::to_string(same_fair_turns) + " turns on it; D19)";
    if (weather == Weather::Fair) {
        const int after = tables.weather_effects.count("extreme-heat") ? tables.weather_effects.at("extreme-heat").after_turns : 0;
        std::string fair = "no effect";
        if (after > 0)
            fair += " (" + std::to_string(same_fair_turns) + (same_fair_turns == 1 ? " turn" : " turns") + " on " + std::to_string(gauge) +
                    "; extreme heat from the " + (after == 3 ? std::string("third") : std::to_string(after) + "th") + ")";
        return fair;
    }
    return words.empty() ? "no effect" : words;
}

TurnSummary GameModel::turn_summary() const {
    const TurnState& t = state_.turn;
    TurnSummary out;
    out.turn = t.turn;
    out.turns = scenario_->turns;
    out.phase = t.phase;
    out.acting = acting_side();
    out.gauge = t.gauge;
    out.same_fair_turns = t.same_fair_turns;
    if (t.gauge != 0) {
        out.weather = std::string(to_string(weather()));
        out.gauge_name = gauge_name(*tables_, t.gauge);
    }
    out.weather_effect = weather_effect_words(*tables_, weather(), t.gauge, t.same_fair_turns);
    const bool opened = t.phase != "begin-turn" && !t.initiative.empty();
    out.chooser = opened ? t.chooser : -1;
    out.first = opened && t.phase != "choose" ? t.first : -1;
    if (opened) out.initiative = t.initiative;
    out.points_thrown = t.phase == "sectors";
    for (int s = 0; s < 3; ++s) {
        TurnSummary::Sector sector;
        sector.name = kSectors[s];
        sector.faces = s == 1 ? tables_->centre_faces : tables_->flank_faces;
        if (out.points_thrown) {
            sector.thrown = t.thrown[s];
            sector.left = t.points[s];
            sector.done = std::find(t.sectors_done.begin(), t.sectors_done.end(), sector.name) != t.sectors_done.end();
            sector.working = t.sector == sector.name;
        }
        out.sectors.push_back(sector);
    }
    for (int s = 0; s < 2; ++s) {
        auto& army = out.armies[s];
        army.id = scenario_->sides[static_cast<std::size_t>(s)].id;
        army.name = scenario_->sides[static_cast<std::size_t>(s)].name;
        army.points = points_now(s);
        army.start = scenario_->start_points[s];
        army.loses_below = tables_->loses_below * army.start;
        army.lost = army.points < army.loses_below;
    }
    return out;
}

void GameModel::check_over() {
    if (result(nullptr) != -1) state_.turn.phase = "over";
}

int GameModel::acting_side() const {
    const TurnState& t = state_.turn;
    if (t.phase == "begin-turn" || t.phase == "over") return 0;
    if (t.phase == "choose") return t.chooser;
    return t.half == 0 ? t.first : 1 - t.first;
}

std::string GameModel::clock_label() const {
    const TurnState& t = state_.turn;
    std::string label = "turn " + std::to_string(t.turn) + " of " + std::to_string(scenario_->turns);
    if (t.phase == "over") return label + ", the battle over";
    if (t.phase == "begin-turn") return label + ", the weather and who goes first to throw";
    const std::string side = scenario_->sides[static_cast<std::size_t>(acting_side())].name;
    if (t.phase == "choose") return label + ", " + side + " to choose going first or second";
    if (t.phase == "action-points") return label + ", " + side + " to throw action points";
    if (t.sector.empty()) return label + ", " + side + " to choose a sector";
    const int s = sector_index(t.sector);
    return label + ", " + side + ": " + t.sector + " sector, " + kSteps[t.step] + " (" + std::to_string(t.points[s]) + " action points left)";
}

json GameModel::line_context() const {
    return {{"turn", state_.turn.turn}, {"side", scenario_->sides[static_cast<std::size_t>(acting_side())].id}};
}

json GameModel::to_json() const {
    json units = json::array();
    for (std::size_t i = 0; i < state_.units.size(); ++i) {
        const auto& u = state_.units[i];
        const auto& spec = scenario_->units[i];
        json unit{{"id", spec.id},
                  {"name", spec.name},
                  {"side", scenario_->sides[static_cast<std::size_t>(spec.side)].id},
                  {"type", to_string(spec.type)},
                  {"quality", to_string(spec.quality)},
                  {"sector", spec.sector},
                  {"x", std::round(u.x * 100) / 100},
                  {"y", std::round(u.y * 100) / 100},
                  {"facing", facing_name(u.facing)},
                  {"formation", u.formation},
                  {"effectiveness", u.effectiveness},
                  {"status", to_string(u.status)}};
        if (u.disorganised) unit["disorganised"] = true;
        if (u.general) unit["general"] = true;
        units.push_back(unit);
    }
    json contacts = json::array();
    for (const auto& c : state_.contacts) {
        json contact{{"attacker", scenario_->units[static_cast<std::size_t>(c.attacker)].id},
                     {"defender", scenario_->units[static_cast<std::size_t>(c.defender)].id},
                     {"from_rear", c.from_rear}};
        if (c.flank) contact["flank"] = true;
        contacts.push_back(contact);
    }
    const TurnState& t = state_.turn;
    json sides = json::array();
    for (int s = 0; s < 2; ++s)
        sides.push_back({{"id", scenario_->sides[static_cast<std::size_t>(s)].id},
                         {"army_points", points_now(s)},
                         {"start", scenario_->start_points[s]},
                         {"loses_below", tables_->loses_below * scenario_->start_points[s]}});
    return {{"turn", t.turn},
            {"phase", t.phase},
            {"acting", scenario_->sides[static_cast<std::size_t>(acting_side())].id},
            {"weather", {{"gauge", t.gauge}, {"name", t.gauge ? std::string(to_string(weather())) : std::string("not yet thrown")}}},
            {"action_points", {{"left", t.points[0]}, {"centre", t.points[1]}, {"right", t.points[2]}}},
            {"sector", t.sector},
            {"step", t.sector.empty() ? "" : kSteps[t.step]},
            {"sides", sides},
            {"units", units},
            {"contacts", contacts}};
}

// ---------------------------------------------------------------- actions in the journal's words

json GameModel::encode(const Action& a) {
    json out{{"action", a.kind}};
    if (!a.unit.empty()) out["unit"] = a.unit;
    if (!a.target.empty()) out["target"] = a.target;
    if (!a.sector.empty()) out["sector"] = a.sector;
    if (!a.first.empty()) out["first"] = a.first;
    if (!a.formation.empty()) out["formation"] = a.formation;
    if (!a.direction.empty()) out["direction"] = a.direction;
    if (a.to_x) out["to"] = {*a.to_x, *a.to_y};
    if (!a.override_reason.empty()) out["override"] = a.override_reason;
    for (const auto& [key, value] : a.claims.items()) out[key] = value;
    if (!a.roll.empty()) out["roll"] = a.roll;
    if (!a.dice.empty()) {
        json dice = json::array();
        for (const Roll& r : a.dice) {
            json one = roll_to_json(r);
            if (r.kind == RollKind::Random) one["die"] = "d10";
            dice.push_back(one);
        }
        out["dice"] = dice;
    }
    return out;
}

GameModel::Action GameModel::decode(const json& in) {
    if (!in.is_object()) throw RuleError("an action is a JSON object with \"action\"");
    static const std::set<std::string> kinds{"begin-turn", "choose", "action-points", "sector", "rally", "fire-gun", "move", "charge",
                                             "form", "limber", "unlimber", "about-face", "wheel", "reorganise", "fire", "melee", "end-sector"};
    static const std::set<std::string> fields{"action", "unit", "target", "sector", "first", "formation", "direction", "to", "dice", "roll", "override"};
    Action a;
    if (!in.contains("action") || !in["action"].is_string() || !kinds.count(in["action"].get<std::string>()))
        throw RuleError("action: expects one of begin-turn, choose, action-points, sector, rally, fire-gun, move, charge, form, limber, "
                        "unlimber, about-face, wheel, reorganise, fire, melee, end-sector; got " + (in.contains("action") ? in["action"].dump() : std::string("none")));
    a.kind = in["action"].get<std::string>();
    // Claims about the board (issue 32): which actions may state them, and what each expects.
    static const std::map<std::string, std::set<std::string>> claim_kinds{
        {"rear", {"melee"}}, {"flank", {"melee"}}, {"higher-ground", {"melee"}}, {"cover", {"fire", "fire-gun"}}, {"range", {"fire", "fire-gun"}}};
    for (const auto& [key, value] : in.items()) {
        const auto claim = claim_kinds.find(key);
        if (claim != claim_kinds.end()) {
            if (!claim->second.count(a.kind))
                throw RuleError(key + ": not a field of a Game Of Kings " + a.kind + " action (a claim about the board that only " +
                                (key == "cover" || key == "range" ? std::string("fire and fire-gun") : std::string("melee")) + " may state)");
            if ((key == "rear" || key == "flank" || key == "cover") && !value.is_boolean())
                throw RuleError(key + ": expects true or false (what the action claims the board shows); got " + value.dump());
            if (key == "higher-ground" && (!value.is_string() || (value != "attacker" && value != "defender" && value != "neither")))
                throw RuleError(key + ": expects \"attacker\", \"defender\" or \"neither\" (who the action claims stands higher); got " + value.dump());
            if (key == "range" && (!value.is_number() || !std::isfinite(value.get<double>()) || value.get<double>() < 0 || value.get<double>() > 10000))
                throw RuleError(key + ": expects the range the action claims, in centimetres (0 or more); got " + value.dump());
            a.claims[key] = value;
            continue;
        }
        if (!fields.count(key)) throw RuleError(key + ": not a field of a Game Of Kings action (" + a.kind + ")");
    }
    const auto text = [&](const char* key, std::string& out) {
        if (!in.contains(key)) return;
        if (!in[key].is_string() || in[key].get<std::string>().empty()) throw RuleError(std::string(key) + ": expects a non-empty string; got " + in[key].dump());
        out = in[key].get<std::string>();
    };
    text("unit", a.unit);
    text("target", a.target);
    text("sector", a.sector);
    text("first", a.first);
    text("formation", a.formation);
    if (!a.formation.empty() && a.kind != "form")
        throw RuleError("formation: not a field of a Game Of Kings " + a.kind + " action (only form changes it; a unit's formation is the board's)");
    text("override", a.override_reason);
    text("direction", a.direction);
    if (!a.direction.empty() && a.kind != "wheel" && a.kind != "unlimber")
        throw RuleError("direction: not a field of a Game Of Kings " + a.kind + " action (only wheel and unlimber turn a unit: D46)");
    if (a.kind == "wheel" && a.direction != "left" && a.direction != "right")
        throw RuleError("direction: wheel expects \"left\" or \"right\" (a quarter wheel about the front corner on that side, D46); got " +
                        (in.contains("direction") ? in["direction"].dump() : std::string("none")));
    if (a.kind == "unlimber" && !a.direction.empty() && a.direction != "left" && a.direction != "right" && a.direction != "about")
        throw RuleError("direction: unlimber pivots the gun \"left\", \"right\" or \"about\" (seed 004, MOVEMENT: 'the gun may be pivoted as part of unlimbering'); got " +
                        in["direction"].dump());
    if (in.contains("to")) {
        const json& to = in["to"];
        if (!to.is_array() || to.size() != 2 || !to[0].is_number() || !to[1].is_number())
            throw RuleError("to: expects [x, y] in centimetres; got " + to.dump());
        a.to_x = to[0].get<double>();
        a.to_y = to[1].get<double>();
        if (!std::isfinite(*a.to_x) || !std::isfinite(*a.to_y) || std::abs(*a.to_x) > 10000 || std::abs(*a.to_y) > 10000)
            throw RuleError("to: expects finite centimetres on the table; got " + to.dump());
    }
    if (in.contains("dice")) {
        const json& dice = in["dice"];
        if (!dice.is_array()) throw RuleError("dice: expects a list of the faces typed (numbers); got " + dice.dump());
        for (std::size_t i = 0; i < dice.size(); ++i) {
            const json& die = dice[i];
            Roll r{RollKind::D6, 0, RollSource::Entered};
            if (die.is_number_integer()) {
                r.value = die.get<int>();
            } else if (die.is_object() && die.contains("value") && die["value"].is_number_integer() && die.value("source", "") == "entered") {
                r.value = die["value"].get<int>();
            } else {
                throw RuleError("dice/" + std::to_string(i) + ": expects a typed face (a whole number); got " + die.dump());
            }
            if (r.value < 1 || r.value > 10) throw RuleError("dice/" + std::to_string(i) + ": expects a face of 1-6 (1-10 for the centre's d10); got " + die.dump());
            a.dice.push_back(r);
        }
    }
    if (in.contains("roll")) {
        // The first roll as a player threw it: one face, or the faces of a pool.
        const json& roll = in["roll"];
        const json list = roll.is_array() ? roll : json::array({roll});
        if (list.empty()) throw RuleError("roll: expects the faces of the action's first roll (e.g. [6, 3, 1]); got []");
        for (std::size_t i = 0; i < list.size(); ++i) {
            if (!list[i].is_number_integer() || list[i].get<int>() < 1 || list[i].get<int>() > 6)
                throw RuleError("roll/" + std::to_string(i) + ": expects a face of a d6 (1-6); got " + list[i].dump());
            a.roll.push_back(list[i].get<int>());
        }
        for (const Roll& r : a.dice)
            if (r.source == RollSource::Entered)
                throw RuleError("roll: the first roll typed goes with the desk's dice for the rest, not with faces typed in \"dice\" (type every face there instead)");
    }
    const auto need = [&](const std::string& value, const char* key) {
        if (value.empty()) throw RuleError(std::string(key) + ": " + a.kind + " expects \"" + key + "\"");
    };
    if (a.kind == "choose") need(a.first, "first");
    if (a.kind == "sector") need(a.sector, "sector");
    if (a.kind == "form") need(a.formation, "formation");
    if (a.kind != "begin-turn" && a.kind != "choose" && a.kind != "action-points" && a.kind != "sector" && a.kind != "end-sector") need(a.unit, "unit");
    if (a.kind == "fire-gun" || a.kind == "fire" || a.kind == "charge" || a.kind == "melee") need(a.target, "target");
    if (a.kind == "move" && !a.to_x) throw RuleError("to: move expects \"to\": [x, y]");
    return a;
}

// ---------------------------------------------------------------- apply, undo, redo

const Applied& GameModel::apply(Action action, Dice& dice) {
    if (state_.turn.phase == "over") {
        std::string why;
        result(&why);
        throw RuleError("the battle is over: " + why);
    }
    const State before = state_;
    const std::string key = action.kind + "/" + action.unit + "/" + action.target + "/" + action.sector;
    Applied out;
    out.action = action;
    out.action.dice.clear();
    const std::vector<Roll> typed = action.dice;
    std::size_t next = 0;
    typed_roll_ = action.roll;
    roll_reached_ = false;
    queued_.clear();
    roll_notes_.clear();
    FaceSource faces([&](int sides) {
        if (foreseeing_ != nullptr) {
            // A die no roll site announced: the preview says so rather than guess (never drawn).
            foreseeing_->summary = out.summary.empty() ? action.kind + ": its dice" : out.summary;
            throw gok_foresee_detail::ForeseenStop{};
        }
        if (!queued_.empty()) {
            const int face = queued_.front();
            queued_.erase(queued_.begin());
            if (face > sides) throw RuleError("roll: " + std::to_string(face) + " is not a face of a d" + std::to_string(sides));
            return face;  // kept in the action's "roll"
        }
        if (!typed.empty()) {
            if (next >= typed.size())
                throw RuleError("dice: the action needs more than the " + std::to_string(typed.size()) + " faces typed");
            const int face = typed[next].value;
            if (face < 1 || face > sides)
                throw RuleError("dice/" + std::to_string(next) + ": " + std::to_string(face) + " is not a face of a d" + std::to_string(sides));
            ++next;
            out.action.dice.push_back(Roll{sides == 10 ? RollKind::Random : RollKind::D6, face, RollSource::Entered});
            return face;
        }
        if (sides == 10) {
            const Roll raw = kept_.draw_one(key, "d10", RollKind::Random, dice);
            const int face = raw.value % 10 + 1;
            out.action.dice.push_back(Roll{RollKind::Random, face, RollSource::Generated});
            return face;
        }
        if (sides != 6) throw RuleError("a d" + std::to_string(sides) + " is no die of Game Of Kings");
        const int face = kept_.draw_one(key, "d6", RollKind::D6, dice).value;
        out.action.dice.push_back(Roll{RollKind::D6, face, RollSource::Generated});
        return face;
    });
    overriding_ = action.override_reason;
    overruled_.clear();
    try {
        apply_action(out, faces);
        for (auto it = overruled_.rbegin(); it != overruled_.rend(); ++it)
            out.explanation.insert(out.explanation.begin(), "overruled by the umpire: " + overriding_ + " (" + *it + ")");
        if (!overruled_.empty()) out.summary += " (overruled by the umpire: " + overriding_ + ")";
        // The journal keeps the summary: a claim the umpire imposed is said there beside the measure.
        const std::string mark = "claimed by the umpire: ";
        for (const std::string& line : out.explanation)
            if (line.rfind(mark, 0) == 0) out.summary += " (" + line + ")";
        if (!typed.empty() && next != typed.size())
            throw RuleError("dice: the action took " + std::to_string(next) + " faces; " + std::to_string(typed.size()) + " were typed");
        if (!typed_roll_.empty() && !roll_reached_) throw RuleError("roll: " + action.kind + " throws no die here; nothing to type");
        if (!queued_.empty())
            throw RuleError("roll: " + std::to_string(queued_.size()) + " of the faces typed were not taken (the rules threw fewer dice than the preview named)");
        if (!roll_notes_.empty()) out.explanation.insert(out.explanation.begin(), roll_notes_.begin(), roll_notes_.end());
        check_over();
    } catch (...) {
        state_ = before;
        throw;
    }
    auto record = std::make_shared<Record>(Record{before, state_, out});
    done_.push_back(record);
    undone_.clear();
    return done_.back()->applied;
}

namespace gok_kept_dice {

// An action's generated dice as the kept-roll record holds them, under the action's key: the d6
// as thrown, a d10 as the random number it came from.
struct Slots {
    std::string key;
    std::vector<Roll> d6, d10;
};
Slots of(const Action& a) {
    Slots slots{a.kind + "/" + a.unit + "/" + a.target + "/" + a.sector, {}, {}};
    for (const Roll& r : a.dice) {
        if (r.source != RollSource::Generated) continue;
        if (r.kind == RollKind::Random) slots.d10.push_back(Roll{RollKind::Random, r.value - 1, RollSource::Generated});
        else slots.d6.push_back(r);
    }
    return slots;
}

}  // namespace gok_kept_dice

bool GameModel::undo() {
    if (done_.empty()) return false;
    auto last = done_.back();
    done_.pop_back();
    state_ = last->before;
    const gok_kept_dice::Slots slots = gok_kept_dice::of(last->applied.action);
    kept_.keep(slots.key, "d6", slots.d6);
    kept_.keep(slots.key, "d10", slots.d10);
    undone_.push_back(last);
    return true;
}

bool GameModel::redo() {
    if (undone_.empty()) return false;
    auto again = undone_.back();
    undone_.pop_back();
    state_ = again->after;
    // The dice the undo kept are the redone action's own again: taken back, so the next action
    // like it (the other side's action points, the same volley next turn) throws afresh.
    const gok_kept_dice::Slots slots = gok_kept_dice::of(again->applied.action);
    kept_.take_back(slots.key, "d6", slots.d6);
    kept_.take_back(slots.key, "d10", slots.d10);
    done_.push_back(again);
    return true;
}

// ---------------------------------------------------------------- the rules of each action

int GameModel::require_unit(const std::string& id, const std::string& field, bool own) const {
    const int index = unit_index(id);
    if (index < 0) throw RuleError(field + ": no unit \"" + id + "\" in " + scenario_->id);
    if (state_.units[static_cast<std::size_t>(index)].status == Status::Removed) throw RuleError(field + ": " + id + " has been removed");
    const int acting = acting_side();
    rule(!(own && side_of(index) != acting),
         field + ": " + id + " is not " + scenario_->sides[static_cast<std::size_t>(acting)].name + "'s, whose half-turn it is (seed 004, COMMAND & CONTROL)");
    if (!own && side_of(index) == acting) throw RuleError(field + ": " + id + " is a friend, not an enemy");
    rule(!(own && scenario_->units[static_cast<std::size_t>(index)].sector != state_.turn.sector),
         field + ": " + id + " is in the " + scenario_->units[static_cast<std::size_t>(index)].sector + " sector, not the " +
                        state_.turn.sector + " sector now working (seed 004, COMMAND & CONTROL)");
    return index;
}

void GameModel::require_step(int step, const std::string& what) {
    if (state_.turn.phase != "sectors" || state_.turn.sector.empty())
        throw RuleError(what + ": choose a sector first (\"sector\"); now: " + clock_label());
    rule(step >= state_.turn.step,
         what + " is step " + std::to_string(step + 1) + " (" + kSteps[step] + "); the " + state_.turn.sector + " sector has reached step " +
                        std::to_string(state_.turn.step + 1) + " (" + kSteps[state_.turn.step] +
                        "): the order within a sector is rally, guns, move, muskets and carbines, melee (seed 004, COMMAND & CONTROL)");
    if (step > 0) {
        const int s = sector_index(state_.turn.sector);
        for (std::size_t i = 0; i < state_.units.size(); ++i) {
            const auto& u = state_.units[i];
            if (u.status == Status::Retreating && !u.rally_tried && u.retreat_half != half_id() && side_of(static_cast<int>(i)) == acting_side() &&
                scenario_->units[i].sector == state_.turn.sector && state_.turn.points[s] >= tables_->costs.at("rally_attempt"))
                rule(false, what + ": action points must first be used to try to rally retreating units (seed 004, MORALE); " +
                                scenario_->units[i].id + " is retreating");
        }
    }
    state_.turn.step = step;
}

void GameModel::spend(int cost, const std::string& what) {
    const int s = sector_index(state_.turn.sector);
    rule(state_.turn.points[s] >= cost,
         what + " costs " + std::to_string(cost) + (cost == 1 ? " action point" : " action points") + "; the " + state_.turn.sector +
                        " has " + std::to_string(state_.turn.points[s]) + " left (seed 004, COMMAND & CONTROL; D24)");
    state_.turn.points[s] = std::max(0, state_.turn.points[s] - cost);
}

void GameModel::require_can_act(int unit, const std::string& what) const {
    const auto& u = state_.units[static_cast<std::size_t>(unit)];
    const std::string& id = scenario_->units[static_cast<std::size_t>(unit)].id;
    rule(u.status != Status::Retreating, what + ": " + id + " is retreating; rally it first (seed 004, MORALE)");
    rule(u.status != Status::Halted, what + ": " + id + " rallied this turn and returns to normal action on the following turn (seed 004, MORALE)");
    for (const auto& c : state_.contacts)
        if (c.attacker == unit || c.defender == unit) rule(false, what + ": " + id + " is in melee (seed 004, MELEES)");
}

json GameModel::claim(const Action& a, const std::string& key, const json& measured, const std::string& claimed_words, const std::string& shows,
                      const std::string& section, std::vector<std::string>& notes, bool agrees) const {
    if (!a.claims.contains(key)) return measured;
    if (agrees) {
        notes.push_back(key + ": the action claims " + claimed_words + "; the board agrees: " + shows);
        return measured;
    }
    rule(false, key + ": the action claims " + claimed_words + ", the board shows " + shows + " (" + section + ")");  // each claim(...) cites its section
    notes.push_back("claimed by the umpire: " + claimed_words + " (the board shows: " + shows + ")");
    return a.claims.at(key);
}

void GameModel::rule(bool ok, const std::string& words) const {
    if (ok) return;
    if (overriding_.empty()) throw RuleError(words + " (to apply it anyway, the umpire overrules: \"override\": \"reason\")");
    overruled_.push_back(words);
}

void GameModel::remove_unit(int unit, Applied& out, const std::string& why) {
    auto& u = state_.units[static_cast<std::size_t>(unit)];
    u.status = Status::Removed;
    u.effectiveness = 0;
    const std::string& id = scenario_->units[static_cast<std::size_t>(unit)].id;
    out.explanation.push_back(id + " is removed: " + why + (u.general ? "; its general is eliminated with it (seed 004, MORALE)" : ""));
    state_.contacts.erase(std::remove_if(state_.contacts.begin(), state_.contacts.end(),
                                         [&](const Contact& c) { return c.attacker == unit || c.defender == unit; }),
                          state_.contacts.end());
}

void GameModel::hit(int unit, int hits, Applied& out, const std::string& cause) {
    if (hits <= 0) return;
    auto& u = state_.units[static_cast<std::size_t>(unit)];
    u.effectiveness = std::max(0, u.effectiveness - hits * tables_->step_percent);
    const std::string& id = scenario_->units[static_cast<std::size_t>(unit)].id;
    out.explanation.push_back(id + " loses " + std::to_string(hits * tables_->step_percent) + " % to " + cause + ": " + std::to_string(u.effectiveness) +
                              " % (seed 004, ORGANISATION)");
    if (u.effectiveness == 0) remove_unit(unit, out, "its effectiveness is gone (D20)");
}

void GameModel::morale_test(int unit, Applied& out, FaceSource& faces, bool lost_melee) {
    auto& u = state_.units[static_cast<std::size_t>(unit)];
    if (u.status == Status::Removed) return;
    const auto& spec = scenario_->units[static_cast<std::size_t>(unit)];
    const int home = -scenario_->sides[static_cast<std::size_t>(spec.side)].facing;
    int supporter = -1;
    for (std::size_t i = 0; i < state_.units.size() && supporter < 0; ++i) {
        const int other = static_cast<int>(i);
        const auto& o = state_.units[i];
        const auto& ospec = scenario_->units[i];
        if (other == unit || ospec.side != spec.side || o.status != Status::Normal || o.supported) continue;
        if (ospec.type == UnitType::LightFoot || ospec.type == UnitType::Gun) continue;
        if ((o.y - u.y) * home <= 0) continue;  // not to the rear
        const auto [otype, oformation] = moving_as(ospec.type, o.formation, false);
        const double reach = 2 * prepare_move(*tables_, otype, oformation, Weather::Fair, false).base_cm;
        if (distance(other, unit) <= reach) supporter = other;
    }
    const MoraleSetup setup = prepare_morale(*tables_, spec.quality, u.general, supporter >= 0);
    out.explanation.push_back(spec.id + " tests its morale (" + std::string(lost_melee ? "lost a melee" : "lost effectiveness to firing") +
                              (supporter >= 0 ? "; supported by " + scenario_->units[static_cast<std::size_t>(supporter)].id + ", measured to its rear within two normal moves"
                                              : "") +
                              ")");
    if (supporter >= 0) state_.units[static_cast<std::size_t>(supporter)].supported = true;
    {
        Foreseen seen;
        seen.summary = spec.id + " tests its morale: a die, " + std::to_string(setup.pass_on) + "+ holds (seed 004, MORALE)";
        seen.roll_kind = "d6";
        seen.faces = 1;
        seen.odds.emplace_back("morale: holds", setup.probability);
        seen.odds.emplace_back("morale: fails", fortuna::Probability{setup.probability.denominator - setup.probability.numerator, setup.probability.denominator});
        at_roll(std::move(seen));
    }
    const TestResult r = resolve_test(setup, faces, "holds", "fails: a further 25 % lost");
    out.explanation.insert(out.explanation.end(), r.explanation.begin(), r.explanation.end());
    if (!r.passed) {
        hit(unit, 1, out, "a failed morale test");
        if (u.status != Status::Removed) retreat(unit, out, faces);
    } else if (lost_melee) {
        retreat(unit, out, faces);
    }
}

void GameModel::retreat(int unit, Applied& out, FaceSource& faces) {
    auto& u = state_.units[static_cast<std::size_t>(unit)];
    const auto& spec = scenario_->units[static_cast<std::size_t>(unit)];
    const bool first = u.status != Status::Retreating;
    u.status = Status::Retreating;
    u.retreat_half = half_id();
    if (is_foot(spec.type)) u.disorganised = true;
    if (spec.type == UnitType::Gun) u.formation = "limbered";
    state_.contacts.erase(std::remove_if(state_.contacts.begin(), state_.contacts.end(),
                                         [&](const Contact& c) { return c.attacker == unit || c.defender == unit; }),
                          state_.contacts.end());
    const auto [rtype, rformation] = moving_as(spec.type, u.formation, true);
    const MoveSetup m = prepare_move(*tables_, rtype, rformation, weather(), spec.type == UnitType::Gun);
    {
        Foreseen seen;
        seen.summary = spec.id + " retreats a move, " + fmt_cm(m.max_cm) + ", The Variation thrown (seed 004, MORALE; D31)";
        seen.roll_kind = "d6";
        seen.faces = 1;
        const auto count = [](int from, int to) { return static_cast<std::uint64_t>(std::max(0, to - from + 1)); };
        seen.odds.emplace_back("the retreat: 25 % further", fortuna::Probability{count(tables_->variation_up_on, 6), 6});
        seen.odds.emplace_back("the retreat: as rated", fortuna::Probability{count(tables_->variation_down_on + 1, tables_->variation_up_on - 1), 6});
        seen.odds.emplace_back("the retreat: 25 % short", fortuna::Probability{count(1, tables_->variation_down_on), 6});
        at_roll(std::move(seen));
    }
    const int face = faces.take(6);
    double length = m.max_cm;
    std::string variation = "the Variation " + std::to_string(face) + ": ";
    if (face >= tables_->variation_up_on) length *= 1 + tables_->variation_percent / 100.0, variation += "+25 %";
    else if (face <= tables_->variation_down_on) length *= 1 - tables_->variation_percent / 100.0, variation += "-25 %";
    else variation += "as rated";
    const int home = -scenario_->sides[static_cast<std::size_t>(spec.side)].facing;
    u.facing = home;  // "ending with its back to the enemy"
    const Rect start = footprint(unit);
    const int samples = std::max(1, static_cast<int>(std::ceil(length / kSample)));
    double done = 0;
    for (int k = 1; k <= samples; ++k) {
        const double step = length * k / samples;
        Rect r = start;
        r.y0 += home * step;
        r.y1 += home * step;
        if (r.y0 < 0 || r.y1 > scenario_->depth_cm) {
            out.explanation.push_back(spec.id + " retreats " + fmt_cm(length) + " (" + variation + ") off its own edge of the table");
            remove_unit(unit, out, "it retreated off the table (D32)");
            return;
        }
        bool water = false;
        for (const auto& piece : scenario_->terrain) water = water || (piece.kind == "water" && rects_overlap(r, piece.area));
        water = water || river_in_way(scenario_->terrain, r, (r.x0 + r.x1) / 2, (r.y0 + r.y1) / 2) != nullptr;  // a river halts it too, off a crossing (D27)
        if (water) {
            out.explanation.push_back(spec.id + " retreats " + fmt_cm(done) + " (" + variation + ") and halts at water (D27)");
            break;
        }
        int blocker = -1;
        for (std::size_t i = 0; i < state_.units.size() && blocker < 0; ++i) {
            const int other = static_cast<int>(i);
            if (other == unit || state_.units[i].status == Status::Removed || !rects_overlap(r, footprint(other))) continue;
            const UnitType t = scenario_->units[i].type;
            if (t == UnitType::Foot || is_horse(t)) blocker = other;
        }
        if (blocker >= 0) {
            const auto& bspec = scenario_->units[static_cast<std::size_t>(blocker)];
            out.explanation.push_back(spec.id + "'s retreat is obstructed by " + bspec.id + " (" + std::string(to_string(bspec.type)) + ")");
            if (first) {
                remove_unit(unit, out, "a retreat obstructed by horse or foot on its first move (seed 004, MORALE)");
            } else {
                out.explanation.push_back(spec.id + " halts behind it (the seed eliminates only on the first move)");
                break;
            }
            if (bspec.side == spec.side && !(is_horse(bspec.type) && is_foot(spec.type))) morale_test(blocker, out, faces, false);
            return;
        }
        done = step;
    }
    // Guns and light foot in the way are passed through; a retreat does not end on them.
    for (double back = done; back >= 0; back -= kSample) {
        Rect r = start;
        r.y0 += home * back;
        r.y1 += home * back;
        bool clear = true;
        for (std::size_t i = 0; i < state_.units.size() && clear; ++i)
            if (static_cast<int>(i) != unit && state_.units[i].status != Status::Removed && rects_overlap(r, footprint(static_cast<int>(i)))) clear = false;
        if (clear) {
            done = back;
            break;
        }
    }
    u.y += home * done;
    out.explanation.push_back(spec.id + " retreats " + fmt_cm(done) + " (" + variation + "), its back to the enemy (seed 004, MORALE)");
}

void GameModel::end_sector(Applied& out, FaceSource& faces) {
    TurnState& t = state_.turn;
    const int acting = acting_side();
    for (const auto& c : state_.contacts) {
        const int mine = side_of(c.attacker) == acting ? c.attacker : c.defender;
        if (scenario_->units[static_cast<std::size_t>(mine)].sector == t.sector && c.resolved_half != half_id())
            rule(false, "end-sector: the melee of " + scenario_->units[static_cast<std::size_t>(c.attacker)].id + " and " +
                            scenario_->units[static_cast<std::size_t>(c.defender)].id +
                            " is still to be fought: a melee continues each half-turn the units stay in contact (seed 004, MELEES)");
    }
    for (std::size_t i = 0; i < state_.units.size(); ++i) {
        if (state_.units[i].status != Status::Retreating || state_.units[i].retreat_half == half_id() || side_of(static_cast<int>(i)) != acting ||
            scenario_->units[i].sector != t.sector)
            continue;
        out.explanation.push_back(scenario_->units[i].id + " did not rally and retreats another move (D31)");
        retreat(static_cast<int>(i), out, faces);
    }
    t.sectors_done.push_back(t.sector);
    out.explanation.push_back("the " + t.sector + " sector is done");
    t.sector.clear();
    t.step = 0;
    if (t.sectors_done.size() < 3) return;
    t.sectors_done.clear();
    for (auto& u : state_.units) u.supported = false;
    if (t.half == 0) {
        t.half = 1;
        t.phase = "action-points";
        out.explanation.push_back("the half-turn ends; " + scenario_->sides[static_cast<std::size_t>(acting_side())].name + "'s half begins");
        return;
    }
    t.half = 0;
    ++t.turn;
    t.phase = "begin-turn";
    out.explanation.push_back("turn " + std::to_string(t.turn - 1) + " ends");
}

void GameModel::throw_turn(Applied& out, FaceSource& faces) {
    TurnState& t = state_.turn;
    {
        Foreseen seen;
        const std::optional<int> from = t.gauge ? std::optional<int>(t.gauge) : std::nullopt;
        seen.summary = "Turn " + std::to_string(t.turn) + " opens: the weather gauge " +
                       (from ? "moves from " + std::to_string(*from) + " (" + gauge_name(*tables_, *from) + ") by one die: 1-2 down, 3-4 stays, 5-6 up"
                             : std::string("starts on 2d6")) +
                       ", then each side a die for the choice of going first (seed 004, WEATHER; COMMAND & CONTROL)";
        seen.roll_kind = from ? "d6" : "dice:2";
        seen.faces = from ? 1 : 2;
        for (const auto& [gauge, p] : weather_chances(*tables_, from))
            seen.odds.emplace_back("weather: gauge " + std::to_string(gauge) + " (" + gauge_name(*tables_, gauge) + ")", p);
        at_roll(std::move(seen));
    }
    const WeatherResult w = resolve_weather(*tables_, t.gauge ? std::optional<int>(t.gauge) : std::nullopt, faces);
    const bool fair = gauge_name(*tables_, w.gauge) == "fair";
    t.same_fair_turns = fair ? (w.gauge == t.gauge ? t.same_fair_turns + 1 : 1) : 0;
    t.gauge = w.gauge;
    out.explanation.insert(out.explanation.end(), w.explanation.begin(), w.explanation.end());
    if (weather() == Weather::ExtremeHeat)
        out.explanation.push_back("the gauge has stayed on " + std::to_string(w.gauge) + " for " + std::to_string(t.same_fair_turns) +
                                  " turns: extreme heat, movement -25 % (seed 004, WEATHER; D19)");
    const Initiative i = resolve_initiative(*tables_, faces);
    out.explanation.insert(out.explanation.end(), i.explanation.begin(), i.explanation.end());
    t.chooser = i.chooser == "A" ? (scenario_->sides[0].facing > 0 ? 0 : 1) : (scenario_->sides[0].facing > 0 ? 1 : 0);
    // Player A is the side facing +y; the throws are kept side by side in the scenario's order.
    t.initiative.clear();
    for (const auto& [a, b] : i.throws) t.initiative.emplace_back(scenario_->sides[0].facing > 0 ? a : b, scenario_->sides[0].facing > 0 ? b : a);
    t.phase = "choose";
    for (auto& u : state_.units) {
        u.moved = u.fired = u.fired_gun = u.about_faced = u.formed_line = u.rally_tried = false;
        if (u.status == Status::Halted) u.status = Status::Normal;
    }
    out.summary = "Turn " + std::to_string(t.turn) + ": weather " + std::string(to_string(weather())) + " (gauge " + std::to_string(t.gauge) + "); " +
                  scenario_->sides[static_cast<std::size_t>(t.chooser)].name + " chooses who goes first";
}

void GameModel::apply_action(Applied& out, FaceSource& faces) {
    const Action& a = out.action;
    TurnState& t = state_.turn;
    const auto phase = [&](const char* wanted) {
        if (t.phase != wanted) throw RuleError(a.kind + ": not now (" + clock_label() + ")");
    };
    if (a.kind == "begin-turn") {
        phase("begin-turn");
        throw_turn(out, faces);
        return;
    }
    if (a.kind == "choose") {
        phase("choose");
        int first = -1;
        for (int s = 0; s < 2; ++s)
            if (scenario_->sides[static_cast<std::size_t>(s)].id == a.first) first = s;
        if (first < 0) throw RuleError("first: expects \"" + scenario_->sides[0].id + "\" or \"" + scenario_->sides[1].id + "\"; got \"" + a.first + "\"");
        t.first = first;
        t.half = 0;
        t.phase = "action-points";
        out.summary = scenario_->sides[static_cast<std::size_t>(t.chooser)].name + " chooses that " +
                      scenario_->sides[static_cast<std::size_t>(first)].name + " goes first (seed 004, COMMAND & CONTROL: the author's change)";
        out.explanation.push_back(out.summary);
        return;
    }
    if (a.kind == "action-points") {
        phase("action-points");
        {
            Foreseen seen;
            seen.summary = scenario_->sides[static_cast<std::size_t>(acting_side())].name +
                           " throws action points: a d10 for the centre, a d6 for each flank (seed 004, COMMAND & CONTROL); the d10 is no die of a pool, "
                           "so the desk throws them or the umpire types all three in \"dice\"";
            for (const char* sector : {"left", "centre", "right"})
                for (const auto& [points, p] : action_point_chances(*tables_, std::string(sector) == "centre"))
                    seen.odds.emplace_back(std::string(sector) + ": " + std::to_string(points) + (points == 1 ? " point" : " points"), p);
            at_roll(std::move(seen));
        }
        const ActionPoints p = resolve_action_points(*tables_, faces);
        t.points[0] = t.thrown[0] = p.left;
        t.points[1] = t.thrown[1] = p.centre;
        t.points[2] = t.thrown[2] = p.right;
        t.phase = "sectors";
        t.sector.clear();
        out.explanation = p.explanation;
        out.summary = scenario_->sides[static_cast<std::size_t>(acting_side())].name + " throws action points: left " + std::to_string(p.left) + ", centre " +
                      std::to_string(p.centre) + ", right " + std::to_string(p.right);
        return;
    }
    if (a.kind == "sector") {
        phase("sectors");
        if (!t.sector.empty()) throw RuleError("sector: the " + t.sector + " sector is working; end it first (\"end-sector\")");
        if (sector_index(a.sector) < 0) throw RuleError("sector: expects left, centre or right; got \"" + a.sector + "\"");
        if (std::find(t.sectors_done.begin(), t.sectors_done.end(), a.sector) != t.sectors_done.end())
            rule(false, "sector: the " + a.sector + " sector has acted this half-turn (seed 004, COMMAND & CONTROL)");
        t.sector = a.sector;
        t.step = 0;
        out.summary = scenario_->sides[static_cast<std::size_t>(acting_side())].name + ": the " + a.sector + " sector (" +
                      std::to_string(t.points[sector_index(a.sector)]) + " action points)";
        out.explanation.push_back(out.summary);
        return;
    }
    if (a.kind == "end-sector") {
        if (t.phase != "sectors" || t.sector.empty()) throw RuleError("end-sector: no sector is working (" + clock_label() + ")");
        const std::string sector = t.sector;
        const std::string side = scenario_->sides[static_cast<std::size_t>(acting_side())].name;
        end_sector(out, faces);
        out.summary = side + " ends the " + sector + " sector";
        return;
    }

    // Unit actions: the step of the sector's order, the unit, the board.
    static const std::map<std::string, int> step_of{{"rally", 0}, {"fire-gun", 1}, {"move", 2}, {"charge", 2}, {"form", 2}, {"limber", 2},
                                                   {"unlimber", 2}, {"about-face", 2}, {"wheel", 2}, {"reorganise", 2}, {"fire", 3}, {"melee", 4}};
    require_step(step_of.at(a.kind), a.kind);
    const int unit = require_unit(a.unit, "unit", true);
    auto& u = state_.units[static_cast<std::size_t>(unit)];
    const UnitSpec& spec = scenario_->units[static_cast<std::size_t>(unit)];
    const auto cost = [&](const char* key) { return tables_->costs.at(key); };

    if (a.kind == "rally") {
        if (u.status != Status::Retreating) throw RuleError("unit: " + spec.id + " is not retreating; only retreating units rally (seed 004, MORALE)");
        rule(!u.rally_tried, "unit: " + spec.id + " has tried to rally this turn (seed 004, MORALE)");
        rule(u.retreat_half != half_id(), "unit: " + spec.id + " began retreating this half-turn; it rallies on subsequent turns (seed 004, MORALE; D31)");
        spend(cost("rally_attempt"), "a rally attempt");
        u.rally_tried = true;
        const MoraleSetup rally = prepare_rally(*tables_, u.general);
        {
            Foreseen seen;
            seen.summary = spec.id + " tries to rally: a die, " + std::to_string(rally.pass_on) + "+ halts it" + (u.general ? " (+1 its general)" : "") +
                           " (seed 004, MORALE)";
            seen.roll_kind = "d6";
            seen.faces = 1;
            seen.odds.emplace_back("rally: halts", rally.probability);
            seen.odds.emplace_back("rally: keeps retreating", fortuna::Probability{rally.probability.denominator - rally.probability.numerator, rally.probability.denominator});
            at_roll(std::move(seen));
        }
        const TestResult r = resolve_test(rally, faces, "halts", "keeps retreating");
        out.explanation = r.explanation;
        if (r.passed) u.status = Status::Halted;
        out.summary = spec.id + (r.passed ? " rallies: halted, normal action next turn" : " fails to rally");
        return;
    }
    if (a.kind == "melee") {
        const int target = require_unit(a.target, "target", false);
        auto found = std::find_if(state_.contacts.begin(), state_.contacts.end(), [&](const Contact& c) {
            return (c.attacker == unit && c.defender == target) || (c.attacker == target && c.defender == unit);
        });
        if (found == state_.contacts.end())
            throw RuleError("target: " + a.target + " is not in contact with " + a.unit + " (measured " + fmt_cm(distance(unit, target)) +
                            "); contact is made by a charge (seed 004, MELEES)");
        rule(found->resolved_half != half_id(), "target: the melee of " + a.unit + " and " + a.target + " has been fought this half-turn (seed 004, MELEES)");
        Contact contact = *found;
        contact.continuing = found->resolved_half >= 0;
        MeleeRequest req = melee_request(contact);
        const std::string measured = melee_heading(contact, req);  // before any claim the umpire imposes
        std::vector<std::string> notes;
        melee_claims(a, contact, req, notes);
        MeleeSetup setup = prepare_melee(*tables_, req);
        setup.explanation.insert(setup.explanation.begin(), notes.begin(), notes.end());
        setup.explanation.insert(setup.explanation.begin(), measured);
        out.explanation = setup.explanation;
        {
            const std::string& aid = scenario_->units[static_cast<std::size_t>(contact.attacker)].id;
            const std::string& did = scenario_->units[static_cast<std::size_t>(contact.defender)].id;
            Foreseen seen;
            const auto side_words = [&](const MeleeSideSetup& side, const std::string& id) {
                return id + " " + (side.pool.dice + side.pool.half_dice == 0 ? std::string("no dice") : describe_pool(side.pool) + " hitting on " + std::to_string(side.hit_on) + "+") +
                       (side.enemy_save_on ? " (the enemy saves on " + std::to_string(side.enemy_save_on) + "+)" : "");
            };
            seen.summary = "Melee " + aid + " (attacker) against " + did + " (defender): " + side_words(setup.attacker, aid) + "; " +
                           side_words(setup.defender, did) + "; the roll typed is " + aid + "'s pool, " + gok_foresee_detail::pool_roll_words(setup.attacker.pool) +
                           " (the defender's dice and the saving throws are the desk's)";
            const Pool& pool = setup.attacker.pool;
            if (pool.dice + pool.half_dice > 0) {
                seen.faces = pool.dice + (pool.half_dice ? 2 : 0);
                seen.roll_kind = "dice:" + std::to_string(seen.faces);
                seen.half_die = pool.half_dice > 0;
            }
            gok_foresee_detail::add_chances(seen, "the attacker's hits", setup.attacker.hits);
            gok_foresee_detail::add_chances(seen, "the defender's hits", setup.defender.hits);
            seen.odds.emplace_back("loses: the attacker", twelve_places(setup.attacker.loses));
            seen.odds.emplace_back("loses: the defender", twelve_places(setup.defender.loses));
            seen.odds.emplace_back("loses: neither", twelve_places(setup.neither_loses));
            at_roll(std::move(seen));
        }
        const MeleeResult r = resolve_melee(*tables_, setup, faces, faces);
        out.explanation.insert(out.explanation.end(), r.explanation.begin(), r.explanation.end());
        found->resolved_half = half_id();
        found->continuing = true;
        const int att = contact.attacker, def = contact.defender;
        hit(att, r.defender.hits, out, "melee");
        hit(def, r.attacker.hits, out, "melee");
        const int loser = r.loser == "attacker" ? att : r.loser == "defender" ? def : -1;
        if (loser >= 0 && state_.units[static_cast<std::size_t>(loser)].status != Status::Removed) morale_test(loser, out, faces, true);
        out.summary = "Melee " + scenario_->units[static_cast<std::size_t>(att)].id + " against " + scenario_->units[static_cast<std::size_t>(def)].id + ": hits " +
                      std::to_string(r.attacker.hits) + " and " + std::to_string(r.defender.hits) +
                      (loser >= 0 ? "; " + scenario_->units[static_cast<std::size_t>(loser)].id + " loses" : "; neither loses, the melee continues");
        return;
    }

    require_can_act(unit, a.kind);
    if (a.kind == "fire-gun") {
        if (spec.type != UnitType::Gun) throw RuleError("unit: " + spec.id + " is no gun (fire-gun)");
        rule(u.formation == "unlimbered", "unit: " + spec.id + " is limbered; unlimber it to fire (seed 004, MOVEMENT)");
        rule(!u.fired_gun, "unit: " + spec.id + " has fired this turn (seed 004, ARTILLERY)");
        const int target = require_unit(a.target, "target", false);
        const double range = distance(unit, target);
        rule(in_arc(unit, target), "target: " + a.target + " is outside " + spec.id + "'s 45-degree arc of its front (seed 004, ARTILLERY; D26)");
        rule(range <= tables_->roundshot_cm, "target: " + a.target + " is " + fmt_cm(range) + " away; roundshot reaches " + fmt_cm(tables_->roundshot_cm) + " (seed 004, ARTILLERY)");
        rule(visible(unit, target), "target: " + a.target + " cannot be seen from " + spec.id + " (a unit in the line of fire, or fog; D28)");
        std::vector<std::string> notes;
        double read_range = range;
        const bool cover = fire_claims(a, target, read_range, "seed 004, ARTILLERY; D26", notes);
        spend(cost("fire_gun"), "firing a gun");
        ArtilleryRequest req;
        req.shot = read_range <= tables_->canister_cm ? Shot::Canister : Shot::Roundshot;
        req.effectiveness = u.effectiveness;
        const UnitType tt = scenario_->units[static_cast<std::size_t>(target)].type;
        req.target = tt == UnitType::Gun ? Target::Gun : is_horse(tt) ? Target::Horse : Target::Foot;
        req.range_cm = std::min(read_range, tables_->roundshot_cm);  // an overruled range is read at the limit
        req.weather = weather();
        req.target_cuirassiers = scenario_->units[static_cast<std::size_t>(target)].cuirassiers;
        req.target_cover = cover;
        const ArtillerySetup setup = prepare_artillery(*tables_, req);
        {
            Foreseen seen;
            seen.summary = spec.id + " fires " + std::string(to_string(req.shot)) + " at " + a.target + " (" + fmt_cm(range) + "): a score die divided by " +
                           std::to_string(setup.divisor) + " gives the potential hits, each hitting on " + std::to_string(setup.hit_on) + "+" +
                           (setup.save_on ? ", the target saving on " + std::to_string(setup.save_on) + "+" : "") +
                           "; the roll typed is the score die (seed 004, ARTILLERY)";
            seen.roll_kind = "d6";
            seen.faces = 1;
            gok_foresee_detail::add_chances(seen, "potential hits", setup.potential_hits, true);
            gok_foresee_detail::add_chances(seen, "hits", setup.hits, true);
            at_roll(std::move(seen));
        }
        const ArtilleryResult r = resolve_artillery(*tables_, setup, faces);
        out.explanation = setup.explanation;
        out.explanation.insert(out.explanation.begin(), notes.begin(), notes.end());
        out.explanation.insert(out.explanation.begin(), spec.id + " fires " + std::string(to_string(req.shot)) + " at " + a.target + ", measured " + fmt_cm(range) +
                                                            (behind_cover(target) ? ", the target behind cover" : ", the target in the open"));
        gok_explained::append_after_setup(out.explanation, r.explanation, setup.explanation.size());
        u.fired_gun = true;
        hit(target, r.hits, out, "artillery");
        if (r.hits > 0) morale_test(target, out, faces, false);
        out.summary = spec.id + " fires " + std::string(to_string(req.shot)) + " at " + a.target + " (" + fmt_cm(range) + "): " + std::to_string(r.hits) +
                      (r.hits == 1 ? " hit" : " hits");
        return;
    }
    if (a.kind == "fire") {
        if (spec.type == UnitType::Gun) throw RuleError("unit: " + spec.id + " is a gun; guns fire with \"fire-gun\" (seed 004, ARTILLERY)");
        rule(is_foot(spec.type) || u.formation == "dismounted",
             "unit: " + spec.id + " is " + std::string(to_string(spec.type)) + " on its horses; horse fire carbines only dismounted (\"form\" dismounted first; seed 004, MUSKETRY; D14)");
        rule(!u.fired, "unit: " + spec.id + " has fired this turn (seed 004, MUSKETRY)");
        rule(!u.formed_line, "unit: " + spec.id + " changed formation this turn (column to line, or dismounted) and may not otherwise move or fire (seed 004, MOVEMENT; D14)");
        const int target = require_unit(a.target, "target", false);
        const double range = distance(unit, target);
        rule(in_arc(unit, target), "target: " + a.target + " is outside " + spec.id + "'s 45-degree arc of its front (seed 004, MUSKETRY; D26)");
        const bool carbine = !is_foot(spec.type);  // dismounted horse fire carbines (seed 004, MUSKETRY; D14)
        const double reach = carbine ? tables_->carbine_cm : tables_->musket_cm;
        rule(range <= reach, "target: " + a.target + " is " + fmt_cm(range) + " away; " + (carbine ? "carbines" : "muskets") + " reach " + fmt_cm(reach) + " (seed 004, MUSKETRY)");
        rule(visible(unit, target), "target: " + a.target + " cannot be seen from " + spec.id + " (a unit in the line of fire, or fog; D28)");
        std::vector<std::string> notes;
        double read_range = range;
        const bool cover = fire_claims(a, target, read_range, "seed 004, MUSKETRY; D26", notes);
        spend(cost("fire_muskets"), "musketry");
        MusketryRequest req;
        req.firer = spec.type;
        req.effectiveness = u.effectiveness;
        req.range_cm = std::min(read_range, reach);  // an overruled range is read at the limit
        req.moved = u.moved;
        req.column = u.formation == "column";
        req.disorganised = u.disorganised;
        req.weather = weather();
        req.national = spec.musketry_national;  // the scenario's characteristic (D44), never the action's
        req.target_cuirassiers = scenario_->units[static_cast<std::size_t>(target)].cuirassiers;
        req.target_cover = cover;
        const MusketrySetup setup = prepare_musketry(*tables_, req);
        {
            Foreseen seen;
            seen.summary = spec.id + " fires at " + a.target + " (" + fmt_cm(range) + "): " + std::to_string(setup.dice) + (setup.dice == 1 ? " die" : " dice") +
                           " hitting on " + std::to_string(setup.hit_on) + "+" + (setup.terms.empty() ? "" : " (" + setup.terms.describe() + ")") +
                           (setup.save_on ? ", the target saving on " + std::to_string(setup.save_on) + "+" : "") + " (seed 004, MUSKETRY)";
            if (setup.dice > 0) {
                seen.roll_kind = "dice:" + std::to_string(setup.dice);
                seen.faces = setup.dice;
            }
            gok_foresee_detail::add_chances(seen, "hits", setup.hits, true);
            at_roll(std::move(seen));
        }
        const FireResult r = resolve_musketry(setup, faces);
        out.explanation = setup.explanation;
        out.explanation.insert(out.explanation.begin(), notes.begin(), notes.end());
        out.explanation.insert(out.explanation.begin(), spec.id + " fires at " + a.target + ", measured " + fmt_cm(range) +
                                                            (behind_cover(target) ? ", the target behind cover" : ", the target in the open"));
        gok_explained::append_after_setup(out.explanation, r.explanation, setup.explanation.size());
        u.fired = true;
        hit(target, r.hits, out, "musketry");
        if (r.hits > 0) morale_test(target, out, faces, false);
        out.summary = spec.id + " fires at " + a.target + " (" + fmt_cm(range) + "): " + std::to_string(r.hits) + (r.hits == 1 ? " hit" : " hits");
        return;
    }
    if (a.kind == "about-face") {
        if (spec.type == UnitType::Gun) throw RuleError("unit: a gun pivots as it unlimbers; foot and horse about-face (seed 004, MOVEMENT)");
        rule(!u.about_faced, "unit: " + spec.id + " has made its single about-face this turn (seed 004, MOVEMENT)");
        spend(cost("about_face"), "an about-face");
        u.facing = -u.facing;
        u.about_faced = true;
        out.summary = spec.id + " about-faces";
        out.explanation.push_back(out.summary + " (1 action point, no loss of movement; seed 004, MOVEMENT)");
        return;
    }
    if (a.kind == "wheel") {
        // Seed 004, MOVEMENT: "When a unit wheels, measure the distance from the front-centre of the
        // unit"; a gun "may be pivoted as part of unlimbering" (D46).
        if (spec.type == UnitType::Gun)
            throw RuleError("unit: a gun does not wheel; it may be pivoted as part of unlimbering (seed 004, MOVEMENT): unlimber with \"direction\" (D46)");
        rule(u.formation != "dismounted", "unit: " + spec.id + " is dismounted; its troopers on foot do not wheel: mount first (D14, D46)");
        rule(!u.moved, "unit: " + spec.id + " has moved this turn; a wheel is its move (seed 004, MOVEMENT; D46)");
        rule(!u.formed_line, "unit: " + spec.id + " changed from column to line this turn and may not otherwise move (seed 004, MOVEMENT)");
        const double allowance = move_allowance(unit);
        const bool left = a.direction == "left";
        const WheelPlan plan = wheel_plan(unit, left);
        rule(plan.arc_cm <= allowance + 1e-9, "unit: the wheel's front centre travels " + fmt_cm(plan.arc_cm) + ", beyond " + spec.id + "'s move of " +
                                                   fmt_cm(allowance) + " (seed 004, MOVEMENT: 'measure the distance from the front-centre'; D46)");
        rule(plan.blocked.empty(), "direction: the wheel is blocked (D46): " + plan.blocked);
        spend(cost("move"), "a wheel (a move)");
        u.moved = true;
        std::string words = spec.id + " wheels " + a.direction + ": its front centre travels " + fmt_cm(plan.arc_cm) + " of its " + fmt_cm(allowance);
        bool made = true;
        if (plan.arc_cm >= allowance * tables_->variation_from - 1e-9) {
            {
                Foreseen seen;
                seen.summary = spec.id + " wheels " + a.direction + ", " + fmt_cm(plan.arc_cm) + " of its " + fmt_cm(allowance) +
                               ": three quarters or more throws The Variation, 1 falls short and the wheel is not made (seed 004, MOVEMENT; D30, D46)";
                seen.roll_kind = "d6";
                seen.faces = 1;
                const auto short_faces = static_cast<std::uint64_t>(std::max(0, tables_->variation_down_on));
                seen.odds.emplace_back("the wheel: made", fortuna::Probability{6 - short_faces, 6});
                seen.odds.emplace_back("the wheel: falls short", fortuna::Probability{short_faces, 6});
                at_roll(std::move(seen));
            }
            const int face = faces.take(6);
            made = face > tables_->variation_down_on;
            out.explanation.push_back("three quarters or more of its move: the Variation throws " + std::to_string(face) +
                                      (made ? (face >= tables_->variation_up_on ? ", +25 %: the quarter wheel ends where it was ordered (D30, D46)" : ", as ordered")
                                            : ", -25 %: the wheel falls short and the unit stays as it stood, its move spent (D30, D46)"));
        }
        if (made) {
            u.x = plan.x;
            u.y = plan.y;
            u.facing = plan.facing;
        }
        out.summary = made ? spec.id + " wheels " + a.direction + ", facing " + facing_words(u.facing) : spec.id + " falls short of its wheel";
        out.explanation.insert(out.explanation.begin(), words + " about its front " + a.direction + " corner (1 action point, its move this turn; seed 004, MOVEMENT; D46)");
        return;
    }
    if (a.kind == "reorganise") {
        if (!u.disorganised) throw RuleError("unit: " + spec.id + " is not disorganised");
        spend(cost("reorganise"), "reorganising");
        u.disorganised = false;
        out.summary = spec.id + " reorganises";
        out.explanation.push_back(out.summary + ": it fires without the -1 again (seed 004, MORALE)");
        return;
    }
    if (a.kind == "form" && is_horse(spec.type)) {
        // Horse dismount to fire carbines and mount again (seed 004, MUSKETRY: "dismounted horse"; D14).
        if (a.formation != "dismounted" && a.formation != "mounted")
            throw RuleError("formation: horse form \"dismounted\" or \"mounted\"; got \"" + a.formation + "\"");
        if (a.formation == u.formation) throw RuleError("formation: " + spec.id + " is already " + a.formation);
        const bool down = a.formation == "dismounted";
        rule(!(down && (u.moved || u.fired)), "unit: " + spec.id + " has moved this turn; dismounting it may not otherwise move or fire that turn (D14, as column to line: seed 004, MOVEMENT)");
        const Rect r = rect_at(u.x, u.y, spec.type, a.formation, u.facing);
        for (std::size_t i = 0; i < state_.units.size(); ++i)
            if (static_cast<int>(i) != unit && state_.units[i].status != Status::Removed && rects_overlap(r, footprint(static_cast<int>(i))))
                throw RuleError("formation: no room to " + std::string(down ? "dismount" : "mount") + ": " + scenario_->units[i].id + " is in the way");
        spend(cost("dismount_or_mount"), down ? "dismounting" : "mounting");
        u.formation = a.formation;
        if (down) u.formed_line = true;
        out.summary = spec.id + (down ? " dismounts" : " mounts");
        out.explanation.push_back(out.summary + " (" + std::to_string(cost("dismount_or_mount")) + " action point" +
                                  (down ? "; it may not otherwise move or fire this turn; on foot it fires carbines at 6 cm, 6 to hit, and moves as foot in line"
                                        : "; it moves and charges as horse again") +
                                  "; seed 004, MUSKETRY; D14)");
        return;
    }
    if (a.kind == "form") {
        if (spec.type != UnitType::Foot) throw RuleError("unit: only foot battalions change between line and column (seed 004, MOVEMENT)");
        if (a.formation != "line" && a.formation != "column") throw RuleError("formation: expects line or column; got \"" + a.formation + "\"");
        if (a.formation == u.formation) throw RuleError("formation: " + spec.id + " is already in " + a.formation);
        const bool to_line = a.formation == "line";
        rule(!(to_line && (u.moved || u.fired)), "unit: " + spec.id + " has moved or fired; changing to line it may not otherwise move or fire that turn (seed 004, MOVEMENT)");
        const Rect r = rect_at(u.x, u.y, spec.type, a.formation, u.facing);
        for (std::size_t i = 0; i < state_.units.size(); ++i)
            if (static_cast<int>(i) != unit && state_.units[i].status != Status::Removed && rects_overlap(r, footprint(static_cast<int>(i))))
                throw RuleError("formation: no room for " + a.formation + ": " + scenario_->units[i].id + " is in the way");
        spend(cost(to_line ? "column_to_line" : "line_to_column"), "changing formation");
        u.formation = a.formation;
        if (to_line) u.formed_line = true;
        out.summary = spec.id + " forms " + a.formation;
        out.explanation.push_back(out.summary + (to_line ? " (1 action point; no other move or fire this turn)" : " (free)") + " (seed 004, MOVEMENT)");
        return;
    }
    if (a.kind == "limber" || a.kind == "unlimber") {
        if (spec.type != UnitType::Gun) throw RuleError("unit: only guns limber and unlimber");
        const bool limber = a.kind == "limber";
        if ((u.formation == "limbered") == limber) throw RuleError("unit: " + spec.id + " is already " + u.formation);
        rule(!u.fired_gun, "unit: a gun that has fired cannot also be limbered (seed 004, COMMAND & CONTROL)");
        // "the gun may be pivoted as part of unlimbering" (seed 004, MOVEMENT): about its centre, a
        // quarter left or right or about (D46).
        int facing = u.facing;
        if (!a.direction.empty()) {
            facing = a.direction == "about" ? -u.facing : facing_after_wheel(u.facing, a.direction == "left");
            const Rect r = rect_at(u.x, u.y, spec.type, "unlimbered", facing);
            if (r.x0 < 0 || r.y0 < 0 || r.x1 > scenario_->width_cm || r.y1 > scenario_->depth_cm)
                throw RuleError("direction: the gun pivoted would leave the table (D46)");
            for (std::size_t i = 0; i < state_.units.size(); ++i)
                if (static_cast<int>(i) != unit && state_.units[i].status != Status::Removed && rects_overlap(r, footprint(static_cast<int>(i))))
                    throw RuleError("direction: no room to pivot the gun: " + scenario_->units[i].id + " is in the way (D46)");
        }
        spend(cost("limber_or_unlimber"), a.kind);
        u.formation = limber ? "limbered" : "unlimbered";
        u.facing = facing;
        out.summary = spec.id + " " + (limber ? "limbers" : "unlimbers") + (a.direction.empty() ? "" : ", pivoted " + a.direction + " to face " + facing_words(facing));
        out.explanation.push_back(out.summary + " (1 action point; seed 004, MOVEMENT" + (a.direction.empty() ? "" : ": 'the gun may be pivoted as part of unlimbering'; D46") + ")");
        return;
    }
    // move and charge
    if (a.kind == "charge")
        rule(u.formation != "dismounted", "unit: " + spec.id + " is dismounted; squadrons charge home on their horses: mount first (seed 004, ORGANISATION; D14)");
    rule(!u.moved, "unit: " + spec.id + " has moved this turn (seed 004, MOVEMENT)");
    rule(!u.formed_line, "unit: " + spec.id + " changed from column to line this turn and may not otherwise move (seed 004, MOVEMENT)");
    rule(!u.fired_gun, "unit: a gun that has fired cannot also move (seed 004, COMMAND & CONTROL)");
    const double allowance = move_allowance(unit);
    if (allowance <= 0) throw RuleError("unit: " + spec.id + " is an unlimbered gun; limber it to move (seed 004, MOVEMENT)");
    const double variation_from = allowance * tables_->variation_from;
    if (a.kind == "move") {
        const double length = std::hypot(*a.to_x - u.x, *a.to_y - u.y);
        if (length < 0.05) throw RuleError("to: " + spec.id + " is already there");
        rule(length <= allowance + 1e-9,
             "to: " + fmt_cm(length) + " is beyond " + spec.id + "'s move of " + fmt_cm(allowance) + " (seed 004, MOVEMENT)");
        const std::string blocked = path_blocked(unit, *a.to_x, *a.to_y);
        if (!blocked.empty()) throw RuleError("to: " + blocked);
        const Rect end = rect_at(*a.to_x, *a.to_y, spec.type, u.formation, u.facing);
        for (std::size_t i = 0; i < state_.units.size(); ++i)
            if (scenario_->units[i].side != spec.side && state_.units[i].status != Status::Removed && rect_distance(end, footprint(static_cast<int>(i))) < 0.5)
                throw RuleError("to: it would touch " + scenario_->units[i].id + "; contact is made with \"charge\" (D29)");
        spend(cost("move"), "a move");
        double fx = *a.to_x, fy = *a.to_y;
        std::string words = spec.id + " moves " + fmt_cm(length);
        if (length >= variation_from - 1e-9) {
            {
                Foreseen seen;
                seen.summary = spec.id + " moves " + fmt_cm(length) + " of its " + fmt_cm(allowance) + ": three quarters or more throws The Variation (seed 004, MOVEMENT; D30)";
                seen.roll_kind = "d6";
                seen.faces = 1;
                const auto count = [](int from, int to) { return static_cast<std::uint64_t>(std::max(0, to - from + 1)); };
                seen.odds.emplace_back("the Variation: 25 % further", fortuna::Probability{count(tables_->variation_up_on, 6), 6});
                seen.odds.emplace_back("the Variation: as ordered", fortuna::Probability{count(tables_->variation_down_on + 1, tables_->variation_up_on - 1), 6});
                seen.odds.emplace_back("the Variation: 25 % short", fortuna::Probability{count(1, tables_->variation_down_on), 6});
                at_roll(std::move(seen));
            }
            const int face = faces.take(6);
            double factor = 1;
            if (face >= tables_->variation_up_on) factor = 1 + tables_->variation_percent / 100.0;
            if (face <= tables_->variation_down_on) factor = 1 - tables_->variation_percent / 100.0;
            out.explanation.push_back("moving three-quarters or more of its move (" + fmt_cm(length) + " of " + fmt_cm(allowance) + "): the Variation throws " +
                                      std::to_string(face) + (factor > 1 ? ", +25 %" : factor < 1 ? ", -25 %" : ", as ordered") + " (seed 004, MOVEMENT)");
            if (factor < 1) {
                fx = u.x + (fx - u.x) * factor;
                fy = u.y + (fy - u.y) * factor;
            } else if (factor > 1) {
                // Further along the same line, as far as it stays clear (D30).
                const double ex = u.x + (fx - u.x) * factor, ey = u.y + (fy - u.y) * factor;
                for (int k = 20; k >= 0; --k) {
                    const double px = fx + (ex - fx) * k / 20.0, py = fy + (ey - fy) * k / 20.0;
                    const Rect r = rect_at(px, py, spec.type, u.formation, u.facing);
                    bool ok = path_blocked(unit, px, py).empty();
                    for (std::size_t i = 0; ok && i < state_.units.size(); ++i)
                        if (scenario_->units[i].side != spec.side && state_.units[i].status != Status::Removed && rect_distance(r, footprint(static_cast<int>(i))) < 0.5)
                            ok = false;
                    if (ok) {
                        fx = px;
                        fy = py;
                        break;
                    }
                }
            }
            words += " ordered, " + fmt_cm(std::hypot(fx - u.x, fy - u.y)) + " made";
        }
        u.x = fx;
        u.y = fy;
        u.moved = true;
        out.summary = words;
        out.explanation.insert(out.explanation.begin(), words + " to (" + fmt_cm(fx) + ", " + fmt_cm(fy) + ")");
        return;
    }
    // charge
    const int target = require_unit(a.target, "target", false);
    const UnitSpec& tspec = scenario_->units[static_cast<std::size_t>(target)];
    auto& tu = state_.units[static_cast<std::size_t>(target)];
    rule(spec.type != UnitType::Gun, "unit: guns never initiate contact (seed 004, MELEES)");
    if (spec.type == UnitType::LightFoot && !in_terrain(unit, "wood") && !in_terrain(unit, "built-up-area"))
        throw RuleError("unit: light infantry never initiate contact except in a wood or built-up area (seed 004, MELEES)");
    rule(!(is_foot(spec.type) && is_horse(tspec.type) && state_.units[static_cast<std::size_t>(target)].formation != "dismounted"),
         "target: foot cannot initiate contact against horse (seed 004, MELEES; dismounted horse are on foot, D14)");
    if (const int guard = gun_protector(target); guard >= 0)
        throw RuleError("target: " + tspec.id + " has friendly regular foot (" + scenario_->units[static_cast<std::size_t>(guard)].id + ") within " +
                        fmt_cm(tables_->gun_protection_cm) + " and cannot be contacted (seed 004, MELEES)");
    for (const auto& c : state_.contacts)
        if (c.attacker == target || c.defender == target) throw RuleError("target: " + tspec.id + " is already in melee (this version fights one contact a unit, D29)");
    std::string why;
    const auto plan = charge_plan(unit, target, &why);
    if (!plan) throw RuleError("target: " + why);
    const std::optional<std::pair<double, double>> place = std::pair{plan->x, plan->y};
    const double length = std::hypot(place->first - u.x, place->second - u.y);
    const double before = distance(unit, target);
    if (length > allowance + 1e-9)
        throw RuleError("target: contact with " + tspec.id + " needs " + fmt_cm(length) + "; " + spec.id + "'s move is " + fmt_cm(allowance) + " (seed 004, MOVEMENT)");
    const std::string blocked = path_blocked(unit, place->first, place->second, target);
    if (!blocked.empty()) throw RuleError("target: the way to contact is blocked: " + blocked);
    // Across a river (at a crossing): the defender defends its bank (seed 004, MELEES; D27).
    const std::string river = river_on_path(unit, place->first, place->second);
    spend(cost("move"), "a charge (a move)");
    u.moved = true;
    out.explanation.push_back(spec.id + " charges " + tspec.id + ": " + fmt_cm(length) + " to contact of " + fmt_cm(allowance) + " (no charge bonus; seed 004, MOVEMENT)");
    // A preview of the charge adds the melee its contact would bring, measured with the charger
    // at the place of contact (the melee itself is fought in the sector's melee step).
    const auto melee_at_contact = [&](Foreseen& seen) {
        if (foreseeing_ == nullptr || tspec.type == UnitType::Gun) return;
        const double x = u.x, y = u.y;
        u.x = place->first;
        u.y = place->second;
        add_melee_after(seen, Contact{unit, target, plan->from_rear, false, -1, !river.empty(), plan->flank});
        u.x = x;
        u.y = y;
    };
    if (length >= variation_from - 1e-9) {
        {
            Foreseen seen;
            seen.summary = spec.id + " charges " + tspec.id + ": " + fmt_cm(length) + " to contact of its " + fmt_cm(allowance) +
                           ", three quarters or more: The Variation is thrown, 1 falls short (seed 004, MOVEMENT; D30)";
            seen.roll_kind = "d6";
            seen.faces = 1;
            const auto short_faces = static_cast<std::uint64_t>(std::max(0, tables_->variation_down_on));
            seen.odds.emplace_back("the charge: reaches contact", fortuna::Probability{6 - short_faces, 6});
            seen.odds.emplace_back("the charge: falls short", fortuna::Probability{short_faces, 6});
            melee_at_contact(seen);
            at_roll(std::move(seen));
        }
        const int face = faces.take(6);
        out.explanation.push_back("the Variation throws " + std::to_string(face) + (face <= tables_->variation_down_on ? ": -25 %, the charge falls short (D30)" : ""));
        if (face <= tables_->variation_down_on) {
            const double factor = 1 - tables_->variation_percent / 100.0;
            u.x += (place->first - u.x) * factor;
            u.y += (place->second - u.y) * factor;
            out.summary = spec.id + " charges " + tspec.id + " and falls short";
            return;
        }
    }
    u.x = place->first;
    u.y = place->second;
    const bool from_rear = plan->from_rear, flank = plan->flank;
    if (tspec.type == UnitType::Gun) {
        remove_unit(target, out, "a gun contacted is automatically eliminated (seed 004, MELEES)");
        out.summary = spec.id + " charges and overruns the gun " + tspec.id;
        return;
    }
    // Infantry contacted frontally by an enemy that began its move outside musketry range fires first, at -1.
    if (is_foot(tspec.type) && !from_rear && !flank && before > tables_->musket_cm && tu.status == Status::Normal) {
        MusketryRequest req;
        req.firer = tspec.type;
        req.effectiveness = tu.effectiveness;
        req.range_cm = 0;
        req.column = tu.formation == "column";
        req.disorganised = tu.disorganised;
        req.before_contact = true;
        req.weather = weather();
        req.national = tspec.musketry_national;  // D44
        req.target_cuirassiers = spec.cuirassiers;
        req.target_cover = false;
        const MusketrySetup setup = prepare_musketry(*tables_, req);
        {
            Foreseen seen;
            seen.summary = spec.id + " charges " + tspec.id + ", which fires first at -1 (the charger began " + fmt_cm(before) +
                           " away, beyond musket range; seed 004, MELEES): " + std::to_string(setup.dice) + (setup.dice == 1 ? " die" : " dice") + " hitting on " +
                           std::to_string(setup.hit_on) + "+ (" + setup.terms.describe() + "); the roll typed is " + tspec.id + "'s";
            if (setup.dice > 0) {
                seen.roll_kind = "dice:" + std::to_string(setup.dice);
                seen.faces = setup.dice;
            }
            gok_foresee_detail::add_chances(seen, "fire before contact", setup.hits);
            melee_at_contact(seen);
            at_roll(std::move(seen));
        }
        const FireResult r = resolve_musketry(setup, faces);
        out.explanation.push_back(tspec.id + " fires before the melee (the charger began " + fmt_cm(before) + " away, beyond musket range; seed 004, MELEES)");
        out.explanation.insert(out.explanation.end(), r.explanation.begin(), r.explanation.end());
        hit(unit, r.hits, out, "musketry before contact");
        if (r.hits > 0) morale_test(unit, out, faces, false);
        if (u.status != Status::Normal) {
            out.summary = spec.id + " charges " + tspec.id + " and is driven off by its fire";
            return;
        }
    }
    state_.contacts.push_back({unit, target, from_rear, false, -1, !river.empty(), flank});
    if (!river.empty()) out.explanation.push_back(spec.id + " came across the river " + river + ": " + tspec.id + " defends its bank (seed 004, MELEES; D27)");
    out.summary = spec.id + " charges " + tspec.id + (from_rear ? " in the rear" : flank ? " in the flank" : "") + ": contact";
    if (flank) out.explanation.push_back(spec.id + " stood beyond " + tspec.id + "'s side, between the lines of its front and rear: it attacks in flank (seed 004, MELEES: a die per 25 %; D46)");
    out.explanation.push_back(out.summary + " (the melee is fought in the melee step)");
}

Foreseen GameModel::foresee(Action action) const {
    action.dice.clear();
    action.roll.clear();
    GameModel copy = *this;
    Foreseen seen;
    copy.foreseeing_ = &seen;
    Dice idle(0);  // never drawn: the copy stops before its first die
    try {
        const Applied& done = copy.apply(std::move(action), idle);
        seen.summary = done.summary;  // an action without dice
        // A charge that made contact without a die: the melee it brings, as the board now is.
        if (done.action.kind == "charge")
            for (const Contact& c : copy.state_.contacts)
                if (c.attacker == copy.unit_index(done.action.unit)) copy.add_melee_after(seen, c);
    } catch (const gok_foresee_detail::ForeseenStop&) {
    }
    return seen;
}

void GameModel::add_melee_after(Foreseen& seen, const Contact& contact) const {
    MeleeSetup setup;
    try {
        setup = melee_setup(contact);
    } catch (const RuleError&) {
        return;  // a contact only an overrule made (foot on horse): the melee step will say why
    }
    const std::string then = "then the melee, ";
    gok_foresee_detail::add_chances(seen, then + "the attacker's hits", setup.attacker.hits);
    gok_foresee_detail::add_chances(seen, then + "the defender's hits", setup.defender.hits);
    seen.odds.emplace_back(then + "who loses: the attacker", twelve_places(setup.attacker.loses));
    seen.odds.emplace_back(then + "who loses: the defender", twelve_places(setup.defender.loses));
    seen.odds.emplace_back(then + "who loses: neither", twelve_places(setup.neither_loses));
    seen.summary += "; then the melee in the melee step: " + describe_pool(setup.attacker.pool) + " against " + describe_pool(setup.defender.pool);
}

void GameModel::at_roll(Foreseen roll) {
    if (roll_reached_) return;
    roll_reached_ = true;
    if (foreseeing_ != nullptr) {
        *foreseeing_ = std::move(roll);
        throw gok_foresee_detail::ForeseenStop{};
    }
    if (typed_roll_.empty()) return;
    if (roll.roll_kind.empty() || roll.faces <= 0)
        throw RuleError("roll: " + roll.summary + ": no one roll a player types here; type every face in \"dice\" or let the desk throw");
    if (static_cast<int>(typed_roll_.size()) != roll.faces)
        throw RuleError("roll: expects " + std::to_string(roll.faces) + (roll.faces == 1 ? " face" : " faces") + " (" + roll.summary + "); got " +
                        std::to_string(typed_roll_.size()));
    queued_ = typed_roll_;
    if (roll.half_die && queued_.front() < tables_->half_die_on) {
        roll_notes_.push_back("the half die's decider shows " + std::to_string(queued_.front()) + " (" + std::to_string(tables_->half_die_on) +
                              "+ makes it a die): the half's own die, " + std::to_string(queued_.back()) + ", is not counted (D5; D38)");
        queued_.pop_back();
    }
}

MeleeRequest GameModel::melee_request(const Contact& c) const {
    const auto side = [&](int unit, int other, bool attacker) {
        const auto& u = state_.units[static_cast<std::size_t>(unit)];
        const auto& spec = scenario_->units[static_cast<std::size_t>(unit)];
        MeleeSide s;
        s.type = spec.type;
        s.effectiveness = u.effectiveness;
        if (in_terrain(unit, "hill") && !in_terrain(other, "hill")) s.bonuses.insert("higher-ground");
        if (!attacker && in_terrain(unit, "built-up-area") && !in_terrain(other, "built-up-area")) s.bonuses.insert("town");
        s.firing_order = spec.type == UnitType::Foot && u.formation == "line" && !u.disorganised && u.status == Status::Normal;
        s.in_wood_or_town = in_terrain(unit, "wood") || in_terrain(unit, "built-up-area");
        s.cuirassiers = spec.cuirassiers;
        s.cover = behind_cover(unit);  // a wood, a built-up area or works (D27, D39)
        s.hit_on = spec.melee_hit_on;   // the scenario's characteristic (D44)
        if (u.formation == "dismounted") {
            // On foot the troopers fight as close-order foot not in firing order: the Inf row, the Inf (oth) column (D14).
            s.type = UnitType::Foot;
            s.firing_order = false;
        }
        return s;
    };
    MeleeRequest req;
    req.attacker = side(c.attacker, c.defender, true);
    req.defender = side(c.defender, c.attacker, false);
    req.from_rear = c.from_rear;
    req.continuing = c.continuing;
    if (c.across_river) req.defender.bonuses.insert("river");
    if (c.flank) req.attacker.bonuses.insert("flank");  // attacking in flank, measured at the charge (D46)  // defending a river bank, measured at the charge (D27)
    return req;
}

namespace {
std::string gok_higher_ground(const MeleeRequest& req) {
    return req.attacker.bonuses.count("higher-ground") ? "attacker" : req.defender.bonuses.count("higher-ground") ? "defender" : "neither";
}
}  // namespace

std::string GameModel::melee_heading(const Contact& c, const MeleeRequest& req) const {
    const std::string higher = gok_higher_ground(req);
    return scenario_->units[static_cast<std::size_t>(c.attacker)].id + " (attacker) against " + scenario_->units[static_cast<std::size_t>(c.defender)].id +
           " (defender)" + (c.continuing ? ", continuing" : "") + "; measured on the board: " + (c.from_rear ? "from the rear" : c.flank ? "in the flank" : "from the front") +
           ", higher ground " + (higher == "neither" ? std::string("neither side's") : "the " + higher + "'s") + ", the defender " +
           (req.defender.cover ? "behind cover" : "in the open") + (c.across_river ? ", defending a river bank (the attacker came across the river; D27)" : "") +
           " (seed 004, MELEES; D2, D29)";
}

MeleeSetup GameModel::melee_setup(const Contact& c) const {
    const MeleeRequest req = melee_request(c);
    MeleeSetup setup = prepare_melee(*tables_, req);
    setup.explanation.insert(setup.explanation.begin(), melee_heading(c, req));
    return setup;
}

bool GameModel::fire_claims(const Action& a, int target, double& range, const std::string& section, std::vector<std::string>& notes) const {
    const bool measured_cover = behind_cover(target);
    const auto cover_words = [](bool cover) { return std::string(cover ? "cover (the target in a wood, built-up area or works)" : "no cover (the target in the open)"); };
    bool cover = measured_cover;
    if (a.claims.contains("cover")) {
        const bool claimed = a.claims.at("cover").get<bool>();
        cover = claim(a, "cover", measured_cover, cover_words(claimed), cover_words(measured_cover), "seed 004, SAVING THROWS; D27", notes, claimed == measured_cover)
                    .get<bool>();
    }
    if (a.claims.contains("range")) {
        const double claimed = a.claims.at("range").get<double>();
        // Agrees within 2 mm: bases placed by hand (docs/rules/enforcement.md).
        range = claim(a, "range", range, "a range of " + fmt_cm(claimed), fmt_cm(range), section, notes, std::abs(claimed - range) <= 0.2 + 1e-9).get<double>();
    }
    return cover;
}

void GameModel::melee_claims(const Action& a, Contact& contact, MeleeRequest& req, std::vector<std::string>& notes) const {
    const auto aspect = [](bool rear) { return std::string(rear ? "rear" : "front"); };
    if (a.claims.contains("rear")) {
        const bool claimed = a.claims.at("rear").get<bool>();
        contact.from_rear = claim(a, "rear", contact.from_rear, aspect(claimed), aspect(contact.from_rear), "seed 004, MELEES; D29", notes,
                                  claimed == contact.from_rear)
                                .get<bool>();
        req.from_rear = contact.from_rear;
    }
    if (a.claims.contains("flank")) {
        // Measured at the charge from where the charger stood (D46).
        const bool claimed = a.claims.at("flank").get<bool>();
        const auto flank_words = [](bool flank) { return std::string(flank ? "flank" : "no flank"); };
        const bool read = claim(a, "flank", contact.flank, flank_words(claimed), flank_words(contact.flank), "seed 004, MELEES; D46", notes,
                                claimed == contact.flank)
                              .get<bool>();
        contact.flank = read;
        if (read) req.attacker.bonuses.insert("flank");
        else req.attacker.bonuses.erase("flank");
    }
    if (a.claims.contains("higher-ground")) {
        const std::string measured = gok_higher_ground(req);
        const std::string claimed = a.claims.at("higher-ground").get<std::string>();
        const auto words = [](const std::string& who) { return who == "neither" ? std::string("neither side higher") : "the " + who + " higher"; };
        const std::string read = claim(a, "higher-ground", measured, words(claimed), words(measured) + " (hills at the two centres)", "seed 004, MELEES; D2", notes,
                                       claimed == measured)
                                     .get<std::string>();
        req.attacker.bonuses.erase("higher-ground");
        req.defender.bonuses.erase("higher-ground");
        if (read == "attacker") req.attacker.bonuses.insert("higher-ground");
        if (read == "defender") req.defender.bonuses.insert("higher-ground");
    }
}

}  // namespace fortuna::game_of_kings
