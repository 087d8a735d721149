// SPDX-License-Identifier: MIT
// Game Of Kings in the scenario editor (issue 31): an empty battle, the generator thrown for a
// draft, a draft's ground and points, and every problem of a draft at once (see editing.hpp).
#include "fortuna/game_of_kings/editing.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <map>
#include <set>

#include "fortuna/core/chance.hpp"
#include "fortuna/core/errors.hpp"
#include "fortuna/game_of_kings/system.hpp"
#include "fortuna/seam/library.hpp"

namespace fortuna::game_of_kings {

namespace gok_editing_detail {

namespace fs = std::filesystem;
using Json = nlohmann::json;
using Ordered = nlohmann::ordered_json;

constexpr double kFootCm = 30.48;
constexpr const char* kScenarioSchema = "game-of-kings-scenario";

std::string cm_words(double cm) {
    char text[32];
    std::snprintf(text, sizeof text, "%.1f cm", cm);
    return text;
}

// A member of an object of the expected kind, or nullptr.
const Json* member(const Json& node, const char* key) {
    if (!node.is_object()) return nullptr;
    const auto it = node.find(key);
    return it == node.end() ? nullptr : &*it;
}
std::string text_of(const Json& node, const char* key) {
    const Json* value = member(node, key);
    return value && value->is_string() ? value->get<std::string>() : std::string();
}
std::optional<double> number_of(const Json& node, const char* key) {
    const Json* value = member(node, key);
    if (value && value->is_number()) return value->get<double>();
    return std::nullopt;
}

// The doctrine of a side the editor makes: the encounter's plain doctrine, its source said.
Ordered plain_doctrine() {
    Ordered doctrine = Ordered::object();
    doctrine["sector_order"] = Ordered::array({"centre", "left", "right"});
    doctrine["go_first"] = true;
    doctrine["charge_if_win_over_loss"] = Ordered{{"horse", 1.0}, {"foot", 2.0}};
    doctrine["advance"] =
        "foot advance in line until an enemy is within musket range and stand to fire; horse advance until an enemy is within a move "
        "and charge when the odds allow; guns stay unlimbered and fire";
    doctrine["source"] =
        "the editors' plain doctrine for a non-historic battle, as encounter-1745's (docs/rules/game-of-kings.md, Opponent), written by "
        "the scenario editor";
    return doctrine;
}

const char* kPiecesWords = "each piece half its sector's width and depth, centred in the sector (D27); water is impassable (D27)";

}  // namespace gok_editing_detail

using namespace gok_editing_detail;

double seed_table_width_cm(const Tables& tables) { return tables.table_width_ft * kFootCm; }
double seed_table_depth_cm(const Tables& tables) { return tables.table_depth_ft * kFootCm; }

std::vector<ListUnit> army_list_units(const std::filesystem::path& data_dir) {
    std::vector<fs::path> files;
    std::error_code error;
    for (const auto& entry : fs::directory_iterator(data_dir / "armies" / "game-of-kings", error))
        if (entry.path().extension() == ".json") files.push_back(entry.path());
    std::sort(files.begin(), files.end());
    std::vector<ListUnit> units;
    for (const fs::path& file : files) {
        try {
            const Json list = read_json_file(file);
            const std::string id = list.at("id").get<std::string>(), nation = list.at("nation").get<std::string>();
            std::vector<ListUnit> read;
            for (const auto& unit : list.at("units")) {
                ListUnit u;
                u.list = id;
                u.list_name = nation;
                u.id = unit.at("id").get<std::string>();
                u.name = unit.at("name").get<std::string>();
                u.type = unit_type_from_string(unit.at("type").get<std::string>(), "type");
                u.quality = quality_from_string(unit.at("quality").get<std::string>(), "quality");
                u.cuirassiers = unit.value("cuirassiers", false);
                read.push_back(u);
            }
            units.insert(units.end(), read.begin(), read.end());
        } catch (const std::exception&) {
            // A list that does not read is left out whole; `validate` names what is wrong with it.
        }
    }
    return units;
}

std::string default_formation(UnitType type) {
    if (type == UnitType::Foot || type == UnitType::LightFoot) return "line";
    if (type == UnitType::Gun) return "unlimbered";
    return "mounted";
}

Rect unit_footprint(const std::shared_ptr<const Tables>& tables, UnitType type, const std::string& formation, double x, double y) {
    // The game's own measure: a one-unit game asked for its footprint, so the editor and the game agree.
    auto scenario = std::make_shared<Scenario>();
    scenario->sides.resize(2);
    UnitSpec unit;
    unit.type = type;
    unit.formation = formation;
    unit.x = x;
    unit.y = y;
    scenario->units.push_back(unit);
    const GameModel model(tables, scenario);
    return model.footprint(0);
}

nlohmann::ordered_json new_battle_document(const Tables& tables) {
    Ordered d = Ordered::object();
    d["format"] = kScenarioFormat;
    d["format_version"] = 1;
    d["id"] = "my-battle";
    d["name"] = "Saturday's battle";
    d["historic"] = false;
    d["notes"] = "A battle made with the scenario editor.";
    d["table_cm"] = Ordered{{"width", std::round(seed_table_width_cm(tables) * 100) / 100},
                            {"depth", std::round(seed_table_depth_cm(tables) * 100) / 100},
                            {"source", "seed 004, RANDOM TERRAIN GENERATOR: 'my 6ft by 2ft 6in table', 12 sectors each 1ft by 1ft 3in"}};
    d["turns"] = 20;
    d["turns_source"] =
        "decision D33: the seed sets no turn limit; 20 turns lets foot cross the table and fight; no army below half by then is a draw";
    Ordered terrain = Ordered::object();
    terrain["pieces"] = kPiecesWords;
    d["terrain"] = terrain;
    Ordered sides = Ordered::array();
    const char* ids[2] = {"france", "allies"};
    const char* names[2] = {"France", "The Pragmatic Allies"};
    const char* players[2] = {"A", "B"};
    for (int i = 0; i < 2; ++i) {
        Ordered side = Ordered::object();
        side["id"] = ids[i];
        side["name"] = names[i];
        side["player"] = players[i];
        side["general_with"] = "";
        side["doctrine"] = plain_doctrine();
        sides.push_back(side);
    }
    d["sides"] = sides;
    d["units"] = Ordered::array();
    return d;
}

TerrainThrow throw_terrain(const Tables& tables, std::uint64_t seed, const std::optional<std::vector<int>>& typed,
                           const nlohmann::ordered_json& before) {
    TerrainThrow out;
    out.seed = seed;
    out.typed = typed.has_value();
    Dice dice(seed);
    FaceSource source = typed ? FaceSource(*typed, "the typed dice") : FaceSource(dice);
    const TerrainResult result = resolve_terrain(tables, source);
    out.dice = source.taken();
    out.sectors = result.sectors;
    out.explanation = result.explanation;
    Ordered terrain = Ordered::object();
    // A typed throw has no generator behind it: its seed says 0 and its command types the faces.
    terrain["generator_seed"] = typed ? 0 : seed;
    std::string faces;
    for (const int face : out.dice) faces += (faces.empty() ? "" : ",") + std::to_string(face);
    terrain["command"] = typed ? "fortuna-cli game-of-kings terrain --dice " + faces : "fortuna-cli game-of-kings terrain --seed " + std::to_string(seed);
    terrain["dice"] = out.dice;
    terrain["choices"] = Ordered::array();
    terrain["pieces"] = kPiecesWords;
    if (before.is_object() && before.contains("placed")) terrain["placed"] = before.at("placed");
    out.terrain = terrain;
    return out;
}

std::vector<TerrainArea> draft_terrain(const Tables& tables, const nlohmann::json& document) {
    std::vector<TerrainArea> pieces;
    const Json* ground = member(document, "terrain");
    if (!ground || !ground->is_object()) return pieces;
    const double width = seed_table_width_cm(tables), depth = seed_table_depth_cm(tables);
    if (const Json* dice = member(*ground, "dice"); dice && dice->is_array()) {
        try {
            FaceSource source(dice->get<std::vector<int>>(), "/terrain/dice");
            const TerrainResult thrown = resolve_terrain(tables, source);
            std::map<std::pair<int, int>, std::string> chosen;
            if (const Json* choices = member(*ground, "choices"); choices && choices->is_array())
                for (const auto& choice : *choices)
                    if (choice.is_object() && choice.value("row", Json()).is_number_integer() && choice.value("column", Json()).is_number_integer())
                        chosen[{choice.at("row").get<int>(), choice.at("column").get<int>()}] = text_of(choice, "kind");
            const double sector_w = width / tables.terrain_columns, sector_d = depth / tables.terrain_rows;
            for (const TerrainPiece& piece : thrown.sectors) {
                if (piece.kind.empty()) continue;
                std::string kind = piece.kind;
                if (kind == "player-a-choice" || kind == "player-b-choice")
                    if (const auto it = chosen.find({piece.row, piece.column}); it != chosen.end() && !it->second.empty()) kind = it->second;
                // D27, as scenario_from_json places them: half the sector each way, centred.
                const double cx = sector_w * (piece.column - 0.5), cy = sector_d * (piece.row - 0.5);
                pieces.push_back({kind, {cx - sector_w / 4, cy - sector_d / 4, cx + sector_w / 4, cy + sector_d / 4}, piece.row, piece.column, ""});
            }
        } catch (const std::exception&) {
            // Dice that do not make a throw: no generated ground (battle_problems names them).
        }
    }
    if (const Json* placed = member(*ground, "placed"); placed && placed->is_array())
        for (const auto& piece : *placed) {
            const Json* rect = member(piece, "rect_cm");
            if (!rect || !rect->is_array() || rect->size() != 4) continue;
            bool numbers = true;
            for (const auto& value : *rect) numbers = numbers && value.is_number();
            if (!numbers) continue;
            TerrainArea area;
            area.kind = text_of(piece, "kind");
            area.name = text_of(piece, "name");
            area.area = {(*rect)[0].get<double>(), (*rect)[1].get<double>(), (*rect)[2].get<double>(), (*rect)[3].get<double>()};
            pieces.push_back(area);
        }
    return pieces;
}

std::array<SidePoints, 2> side_points(const Tables& tables, const std::vector<ListUnit>& lists, const nlohmann::json& document) {
    std::array<SidePoints, 2> points{};
    std::string ids[2];
    if (const Json* sides = member(document, "sides"); sides && sides->is_array())
        for (std::size_t i = 0; i < 2 && i < sides->size(); ++i) ids[i] = text_of((*sides)[i], "id");
    if (const Json* units = member(document, "units"); units && units->is_array())
        for (const auto& unit : *units) {
            const std::string side = text_of(unit, "side"), list = text_of(unit, "list"), id = text_of(unit, "list_unit");
            const auto known = std::find_if(lists.begin(), lists.end(), [&](const ListUnit& u) { return u.list == list && u.id == id; });
            if (known == lists.end()) continue;
            for (std::size_t i = 0; i < 2; ++i)
                if (!side.empty() && side == ids[i]) (known->type == UnitType::Foot ? points[i].foot : points[i].others) += 1;
        }
    for (SidePoints& side : points)
        side.points = army_points(tables, 1, side.foot, side.others, 1, side.foot, side.others).start;  // seed 004, VICTORY
    return points;
}

std::vector<ScenarioProblem> battle_problems(const std::filesystem::path& data_dir, const nlohmann::json& document,
                                             const std::filesystem::path& file) {
    std::vector<ScenarioProblem> problems;
    if (!document.is_object()) return {{"", "a Game Of Kings scenario: a JSON object", document.type_name()}};
    try {
        problems = schema_problems(document, kScenarioSchema, data_dir);
    } catch (const std::exception& error) {
        problems.push_back({"", "the scenario schema data/schema/game-of-kings-scenario.schema.json", error.what()});
    }
    const auto add = [&](std::string pointer, std::string expected, std::string found) {
        const ScenarioProblem problem{std::move(pointer), std::move(expected), std::move(found)};
        if (std::find(problems.begin(), problems.end(), problem) == problems.end()) problems.push_back(problem);
    };

    std::shared_ptr<const Tables> tables;
    try {
        tables = std::make_shared<const Tables>(load_tables(data_dir));
    } catch (const std::exception& error) {
        problems.push_back({"", "the Game Of Kings tables (data/tables/game-of-kings.json)", error.what()});
        return problems;
    }
    const double width = seed_table_width_cm(*tables), depth = seed_table_depth_cm(*tables);

    // The table: the seed's (scenario_from_json).
    if (const Json* table = member(document, "table_cm"); table && table->is_object()) {
        const auto w = number_of(*table, "width"), d = number_of(*table, "depth");
        if (w && d && (std::abs(*w - width) > 0.01 || std::abs(*d - depth) > 0.01))
            add("/table_cm", "the seed's table, " + cm_words(width) + " x " + cm_words(depth) + " (RANDOM TERRAIN GENERATOR)",
                cm_words(*w) + " x " + cm_words(*d));
    }

    // The terrain: the generator's throw and its choices (non-historic), or placed pieces (D40).
    const Json* ground = member(document, "terrain");
    const Json* historic = member(document, "historic");
    if (ground && ground->is_object() && historic && historic->is_boolean()) {
        if (historic->get<bool>()) {
            if (ground->contains("dice"))
                add("/terrain/dice", "no generator dice in a historic battle: its ground is placed by name (D40)", "generator dice");
            if (!ground->contains("placed")) add("/terrain/placed", "a historic battle's ground placed by name (D40)", "");
        } else {
            std::string missing;
            for (const char* key : {"generator_seed", "dice", "choices"})
                if (!ground->contains(key)) missing += (missing.empty() ? "no " : ", no ") + std::string(key);
            if (!missing.empty())
                add("/terrain", "a non-historic battle's terrain thrown by the random terrain generator: its generator_seed, dice and choices "
                                "(the editor's Random terrain, or fortuna-cli game-of-kings terrain; seed 004, RANDOM TERRAIN GENERATOR; D40)",
                    missing);
        }
    }
    if (ground && ground->is_object()) {
        if (const Json* dice = member(*ground, "dice"); dice && dice->is_array()) {
            std::vector<int> faces;
            for (const auto& face : *dice)
                if (face.is_number_integer()) faces.push_back(face.get<int>());
            try {
                FaceSource source(faces, "/terrain/dice");
                const TerrainResult thrown = resolve_terrain(*tables, source);
                std::set<std::pair<int, int>> wanted;
                for (const TerrainPiece& piece : thrown.sectors)
                    if (piece.kind == "player-a-choice" || piece.kind == "player-b-choice") wanted.insert({piece.row, piece.column});
                std::set<std::pair<int, int>> given;
                std::size_t index = 0;
                if (const Json* choices = member(*ground, "choices"); choices && choices->is_array())
                    for (const auto& choice : *choices) {
                        const std::string where = "/terrain/choices/" + std::to_string(index++);
                        if (!choice.is_object() || !choice.value("row", Json()).is_number_integer() || !choice.value("column", Json()).is_number_integer())
                            continue;  // the schema's
                        const std::pair<int, int> sector{choice.at("row").get<int>(), choice.at("column").get<int>()};
                        if (!wanted.count(sector))
                            add(where, "a choice only for a sector whose kind die gave a player's choice (5 or 6)",
                                "row " + std::to_string(sector.first) + ", column " + std::to_string(sector.second));
                        else if (!given.insert(sector).second)
                            add(where, "one choice a sector", "row " + std::to_string(sector.first) + ", column " + std::to_string(sector.second));
                    }
                for (const TerrainPiece& piece : thrown.sectors)
                    if (wanted.count({piece.row, piece.column}) && !given.count({piece.row, piece.column}))
                        add("/terrain/choices", std::string(piece.kind == "player-a-choice" ? "player A's" : "player B's") +
                                                    " choice of the piece in row " + std::to_string(piece.row) + ", column " +
                                                    std::to_string(piece.column) + " (kind die " + std::to_string(piece.kind_die) +
                                                    "): hill, water, wood or built-up area",
                            "none yet");
            } catch (const RuleError& error) {
                add("/terrain/dice", "the faces of the random terrain generator (seed 004)", error.what());
            }
        }
        std::set<std::string> names;
        std::size_t index = 0;
        if (const Json* placed = member(*ground, "placed"); placed && placed->is_array())
            for (const auto& piece : *placed) {
                const std::string where = "/terrain/placed/" + std::to_string(index++);
                const std::string name = text_of(piece, "name");
                if (!name.empty() && !names.insert(name).second) add(where + "/name", "a piece's name used once", name);
                const Json* rect = member(piece, "rect_cm");
                if (!rect || !rect->is_array() || rect->size() != 4 ||
                    !std::all_of(rect->begin(), rect->end(), [](const Json& v) { return v.is_number(); }))
                    continue;  // the schema's
                const double x0 = (*rect)[0].get<double>(), y0 = (*rect)[1].get<double>(), x1 = (*rect)[2].get<double>(), y1 = (*rect)[3].get<double>();
                if (x0 >= x1 || y0 >= y1) add(where + "/rect_cm", "[x0, y0, x1, y1] with x0 < x1 and y0 < y1", rect->dump());
                else if (x0 < 0 || y0 < 0 || x1 > width + 1e-9 || y1 > depth + 1e-9)
                    add(where + "/rect_cm", "a piece wholly on the table (" + cm_words(width) + " x " + cm_words(depth) + ")", rect->dump());
            }
    }

    // The sides.
    std::map<std::string, int> side_index;
    std::string players[2];
    const Json* sides = member(document, "sides");
    if (sides && sides->is_array()) {
        for (std::size_t i = 0; i < sides->size() && i < 2; ++i) {
            const Json& side = (*sides)[i];
            const std::string id = text_of(side, "id");
            if (!id.empty() && !side_index.emplace(id, static_cast<int>(i)).second)
                add("/sides/" + std::to_string(i) + "/id", "a side id used once", id);
            players[i] = text_of(side, "player");
            if (const Json* doctrine = member(side, "doctrine"); doctrine && doctrine->is_object())
                if (const Json* order = member(*doctrine, "sector_order"); order && order->is_array()) {
                    std::set<std::string> seen;
                    for (const auto& s : *order)
                        if (s.is_string()) seen.insert(s.get<std::string>());
                    if (seen != std::set<std::string>{"left", "centre", "right"})
                        add("/sides/" + std::to_string(i) + "/doctrine/sector_order", "left, centre and right, each once", order->dump());
                }
        }
        if (!players[0].empty() && players[0] == players[1]) add("/sides/1/player", "one side player A, the other player B", "both " + players[0]);
    }

    // The units: each read as the game reads it, on the ground the game will have.
    const std::vector<ListUnit> lists = army_list_units(data_dir);
    std::set<std::string> list_ids;
    for (const ListUnit& unit : lists) list_ids.insert(unit.list);
    const std::vector<TerrainArea> terrain = draft_terrain(*tables, document);
    struct Placed {
        std::string id;
        int side = -1;
        Rect rect;
    };
    std::vector<Placed> placed_units;
    std::set<std::string> unit_ids;
    std::size_t index = 0;
    if (const Json* units = member(document, "units"); units && units->is_array())
        for (const auto& unit : *units) {
            const std::string where = "/units/" + std::to_string(index++);
            if (!unit.is_object()) continue;  // the schema's
            const std::string id = text_of(unit, "id");
            if (!id.empty() && !unit_ids.insert(id).second) add(where + "/id", "a unit id used once", id);
            const std::string side = text_of(unit, "side");
            const auto found_side = side_index.find(side);
            if (!side.empty() && found_side == side_index.end()) add(where + "/side", "a side id of /sides", side);
            const std::string list = text_of(unit, "list"), list_unit = text_of(unit, "list_unit");
            const auto entry = std::find_if(lists.begin(), lists.end(), [&](const ListUnit& u) { return u.list == list && u.id == list_unit; });
            if (!list.empty() && !list_ids.count(list)) add(where + "/list", "an army list of data/armies/game-of-kings", list);
            else if (!list.empty() && !list_unit.empty() && entry == lists.end()) add(where + "/list_unit", "a unit id of the army list " + list, list_unit);
            const auto x = number_of(unit, "x"), y = number_of(unit, "y");
            const std::string formation = text_of(unit, "formation");
            if (entry == lists.end() || !x || !y || formation.empty()) continue;
            const UnitType type = entry->type;
            const bool foot = type == UnitType::Foot || type == UnitType::LightFoot;
            const bool fits = foot ? (formation == "line" || formation == "column")
                              : type == UnitType::Gun ? (formation == "limbered" || formation == "unlimbered")
                                                      : formation == "mounted";
            if (!fits) {
                add(where + "/formation", foot ? "line or column (foot)" : type == UnitType::Gun ? "limbered or unlimbered (a gun)" : "mounted (horse)",
                    formation);
                continue;
            }
            const Rect r = unit_footprint(tables, type, formation, *x, *y);
            const std::string at = "(" + cm_words(*x) + ", " + cm_words(*y) + ")";
            if (r.x0 < 0 || r.y0 < 0 || r.x1 > width || r.y1 > depth)
                add(where + "/x", "a unit wholly on the table (" + cm_words(width) + " x " + cm_words(depth) + ")", at);
            for (const TerrainArea& piece : terrain)
                if (piece.kind == "water" && rects_overlap(r, piece.area)) {
                    add(where + "/x", "a unit out of the water (impassable, D27)", at);
                    break;
                }
            for (const Placed& other : placed_units)
                if (rects_overlap(r, other.rect)) {
                    add(where + "/x", "a unit clear of every other unit", "overlaps " + other.id);
                    break;
                }
            placed_units.push_back({id, found_side == side_index.end() ? -1 : found_side->second, r});
        }

    // Each side's general, with a unit of his own side; each side with units; the reserve.
    if (sides && sides->is_array())
        for (std::size_t i = 0; i < sides->size() && i < 2; ++i) {
            const Json& side = (*sides)[i];
            const std::string id = text_of(side, "id");
            int count = 0;
            if (const Json* units = member(document, "units"); units && units->is_array())
                for (const auto& unit : *units) count += text_of(unit, "side") == id ? 1 : 0;
            if (!id.empty() && count == 0) add("/sides/" + std::to_string(i), "units of the side " + id + " (from its army lists)", "none");
            const std::string general = text_of(side, "general_with");
            if (!member(side, "general_with") || !member(side, "general_with")->is_string()) continue;  // the schema's
            bool ours = false;
            if (const Json* units = member(document, "units"); units && units->is_array())
                for (const auto& unit : *units) ours = ours || (text_of(unit, "id") == general && text_of(unit, "side") == id);
            const std::string where = "/sides/" + std::to_string(i) + "/general_with";
            const bool named = std::any_of(problems.begin(), problems.end(), [&](const ScenarioProblem& p) { return p.pointer == where; });
            if (!ours && !(general.empty() && named)) add(where, "the id of a unit of this side, the one its general is attached to", general);
        }

    // Nothing more to name here: what `validate` says of the file is the last word, so a file with
    // no problem listed is one that plays.
    if (problems.empty()) {
        try {
            (void)check_game_of_kings_file(data_dir, file, document);
        } catch (const DataError& error) {
            const bool pointer = error.where().empty() || error.where().front() == '/';
            problems.push_back({pointer ? error.where() : std::string(), error.expected(), error.found()});
        } catch (const RuleError& error) {
            problems.push_back({"", "a scenario a game can be set up from", error.what()});
        }
    }
    if (problems.size() > kMaxScenarioProblems) {
        const std::size_t more = problems.size() - kMaxScenarioProblems;
        problems.resize(kMaxScenarioProblems);
        problems.push_back({"", "fewer problems", std::to_string(more) + " more not listed"});
    }
    return problems;
}

}  // namespace fortuna::game_of_kings
