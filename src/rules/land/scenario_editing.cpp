// SPDX-License-Identifier: MIT
// A club's own battle (issue 31): a scenario written back as a file that diffs well.
#include "fortuna/land/scenario_editing.hpp"
#include "fortuna/land/land_tables.hpp"

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <map>
#include <set>

#include "fortuna/core/errors.hpp"
#include "fortuna/seam/library.hpp"
#include "scenario_reading.hpp"

namespace fortuna {

namespace scenario_writing {

using Ordered = nlohmann::ordered_json;
using Json = nlohmann::json;

// A board number as the shipped files write it: 1500, not 1500.0; anything else as nlohmann
// writes a double (the shortest text that reads back to the same double).
Ordered number(double value) {
    if (std::isfinite(value) && value == std::floor(value) && std::fabs(value) < 1e15)
        return static_cast<std::int64_t>(value);
    return value;
}

// The member of the original node, or nullptr: what the file held that the model does not
// (a "notes" member, the board's north) is written back from there.
const Json* member(const Json* node, const char* key) {
    if (node == nullptr || !node->is_object()) return nullptr;
    const auto it = node->find(key);
    return it == node->end() ? nullptr : &*it;
}

// An optional member is written when its value is not the default, or when the original node
// wrote it (a shipped file's "state": "normal" stays), or, for a node the editor made, when the
// shipped files always write it (`by_convention`).
bool write_optional(const Json* original, const char* key, bool is_default, bool by_convention) {
    if (!is_default) return true;
    if (original != nullptr && original->is_object()) return original->contains(key);
    return by_convention;
}

// An enum's text: the original's own spelling when it names the same value ("organised" stays
// "organised", "hedgehog" stays "hedgehog"), else the canonical name.
template <typename Enum>
std::string enum_text(Enum value, const Json* original) {
    if (original != nullptr && original->is_string()) {
        for (const auto& name : EnumNames<Enum>::names)
            if (name.word == original->get_ref<const std::string&>() && name.value == value) return std::string(name.word);
    }
    return std::string(to_string(value));
}

// A member kept from the original as an ordered value (Scenario::document sorts an object's
// members: a kept object, which the shipped files do not have, comes back in that order).
Ordered copy(const Json& value) { return Ordered::parse(value.dump(-1, ' ', false, Json::error_handler_t::replace)); }

// Members in a fixed order; what the original held beyond the model is kept in its place when
// the order names it, after the model's members when it does not.
class MemberOrder {
public:
    MemberOrder(std::initializer_list<const char*> order, const Json* original) : order_(order), original_(original) {}

    void set(const char* key, Ordered value) { values_[key] = std::move(value); }

    Ordered build() const {
        Ordered out = Ordered::object();
        for (const char* key : order_) {
            if (const auto it = values_.find(key); it != values_.end()) {
                out[key] = it->second;
            } else if (!owned(key)) {
                if (const Json* kept = member(original_, key)) out[key] = copy(*kept);
            }
        }
        for (const auto& [key, value] : values_)
            if (!out.contains(key)) out[key] = value;
        if (original_ != nullptr && original_->is_object()) {
            for (const auto& [key, value] : original_->items())
                if (!out.contains(key) && !owned(key.c_str())) out[key] = copy(value);
        }
        return out;
    }

    // Members the model writes (or leaves out on purpose): never copied from the original.
    void own(std::initializer_list<const char*> keys) {
        for (const char* key : keys) owned_.emplace_back(key);
    }

private:
    bool owned(const std::string& key) const {
        for (const auto& k : owned_)
            if (k == key) return true;
        return values_.count(key) > 0;
    }

    std::vector<const char*> order_;
    const Json* original_;
    std::map<std::string, Ordered> values_;
    std::vector<std::string> owned_;
};

class Writer {
public:
    explicit Writer(const Scenario& scenario) : scenario_(scenario) {
        const Json& document = scenario.document;
        index_codes(member(&document, "sides"));
        if (const Json* reinforcements = member(&document, "reinforcements"); reinforcements && reinforcements->is_array())
            for (const Json& r : *reinforcements) index_command(member(&r, "command"));
    }

    Ordered scenario() const {
        const Scenario& s = scenario_;
        const Json* original = s.document.is_object() ? &s.document : nullptr;
        MemberOrder out({"$schema", "format", "format_version", "id", "name", "description", "source", "notes", "ruleset",
                         "board", "start", "dusk", "first_player", "terrain", "sides", "reinforcements", "sauve_qui_peut"},
                        original);
        out.own({"description", "source", "first_player", "reinforcements", "sauve_qui_peut"});
        out.set("format", "fortuna-scenario");
        out.set("format_version", s.format_version);
        out.set("id", s.id);
        out.set("name", s.name);
        if (write_optional(original, "description", s.description.empty(), false)) out.set("description", s.description);
        if (write_optional(original, "source", s.source.empty(), false)) out.set("source", s.source);
        out.set("ruleset", s.ruleset);
        out.set("board", board(member(original, "board")));
        out.set("start", format_clock(s.start));
        out.set("dusk", format_clock(s.dusk));
        const bool first_is_default = !s.sides.empty() && s.first_player == s.sides.front().id;
        if (write_optional(original, "first_player", first_is_default || s.first_player.empty(), true) && !s.first_player.empty())
            out.set("first_player", s.first_player);

        Ordered terrain = Ordered::array();
        const Json* terrain_original = member(original, "terrain");
        for (std::size_t i = 0; i < s.terrain.size(); ++i) terrain.push_back(feature(s.terrain[i], match_feature(terrain_original, s.terrain[i], i)));
        out.set("terrain", terrain);

        Ordered sides = Ordered::array();
        const Json* sides_original = member(original, "sides");
        for (std::size_t i = 0; i < s.sides.size(); ++i) sides.push_back(side(s.sides[i], match_by(sides_original, "id", s.sides[i].id, i)));
        out.set("sides", sides);

        if (write_optional(original, "reinforcements", s.reinforcements.empty(), true)) {
            Ordered reinforcements = Ordered::array();
            const Json* r_original = member(original, "reinforcements");
            for (std::size_t i = 0; i < s.reinforcements.size(); ++i)
                reinforcements.push_back(reinforcement(s.reinforcements[i], match_by(r_original, "id", s.reinforcements[i].id, i)));
            out.set("reinforcements", reinforcements);
        }
        if (write_optional(original, "sauve_qui_peut", s.sauve_qui_peut.empty(), false)) {
            Ordered periods = Ordered::array();
            const Json* p_original = member(original, "sauve_qui_peut");
            for (std::size_t i = 0; i < s.sauve_qui_peut.size(); ++i) {
                const Json* node = p_original && p_original->is_array() && i < p_original->size() ? &(*p_original)[i] : nullptr;
                periods.push_back(thresholds(s.sauve_qui_peut[i], node));
            }
            out.set("sauve_qui_peut", periods);
        }
        return out.build();
    }

private:
    Ordered board(const Json* original) const {
        const Board& b = scenario_.board;
        MemberOrder out({"width_mm", "depth_mm", "scale", "north_deg"}, original);
        out.own({"scale"});
        out.set("width_mm", number(b.width_mm));
        out.set("depth_mm", number(b.depth_mm));
        if (write_optional(original, "scale", b.scale == Board{}.scale, true)) out.set("scale", b.scale);
        return out.build();
    }

    static Ordered point(const BoardPoint& p) {
        Ordered out = Ordered::array();
        out.push_back(number(p.x_mm));
        out.push_back(number(p.y_mm));
        return out;
    }
    static Ordered position(const BoardPoint& p) {
        Ordered out = Ordered::object();
        out["x_mm"] = number(p.x_mm);
        out["y_mm"] = number(p.y_mm);
        return out;
    }

    static Ordered feature(const TerrainFeature& f, const Json* original) {
        MemberOrder out({"kind", "name", "layers", "shelters", "width_mm", "polygon", "polyline", "notes"}, original);
        out.own({"layers", "shelters", "width_mm", "polygon", "polyline"});
        out.set("kind", std::string(to_string(f.kind)));
        out.set("name", f.name);
        if (write_optional(original, "layers", f.layers == 0, f.kind == TerrainKind::Hill)) out.set("layers", f.layers);
        const bool shelters_by_convention = f.kind == TerrainKind::Village || f.kind == TerrainKind::Town;
        if (write_optional(original, "shelters", f.shelters == 0, shelters_by_convention)) out.set("shelters", f.shelters);
        if (f.width_mm) out.set("width_mm", number(*f.width_mm));
        Ordered points = Ordered::array();
        for (const BoardPoint& p : f.points) points.push_back(point(p));
        out.set(f.closed ? "polygon" : "polyline", points);
        return out.build();
    }

    Ordered side(const SideSetup& side, const Json* original) const {
        MemberOrder out({"id", "name", "colour", "nation", "orders", "commands"}, original);
        out.own({"colour", "orders"});
        out.set("id", side.id);
        out.set("name", side.name);
        if (!side.colour.empty()) out.set("colour", side.colour);
        out.set("nation", side.nation);
        if (side.orders) out.set("orders", orders(*side.orders));
        Ordered commands = Ordered::array();
        const Json* c_original = member(original, "commands");
        for (std::size_t i = 0; i < side.commands.size(); ++i)
            commands.push_back(command(side.commands[i], match_by(c_original, "name", side.commands[i].name, i), side.nation));
        out.set("commands", commands);
        return out.build();
    }

    // A side's initial orders (seed 000, 7.1.1) on one line: posture, objective, words.
    static Ordered orders(const InitialOrders& given) {
        Ordered out = Ordered::object();
        out["posture"] = std::string(to_string(given.posture));
        if (!given.objective_terrain.empty()) {
            Ordered objective = Ordered::object();
            objective["terrain"] = given.objective_terrain;
            out["objective"] = objective;
        } else if (given.objective_point) {
            Ordered objective = Ordered::object();
            objective["point"] = position(*given.objective_point);
            out["objective"] = objective;
        }
        if (!given.text.empty()) out["text"] = given.text;
        return out;
    }

    Ordered command(const CommandSetup& command, const Json* original, const std::string& side_nation) const {
        MemberOrder out({"name", "general", "units"}, original);
        out.own({"general"});
        out.set("name", command.name);
        if (command.general) out.set("general", general(*command.general, by_code(command.general->code)));
        Ordered units = Ordered::array();
        for (const UnitSetup& u : command.units) units.push_back(unit(u, by_code(u.code), side_nation));
        out.set("units", units);
        return out.build();
    }

    static Ordered general(const GeneralSetup& general, const Json* original) {
        MemberOrder out({"code", "name", "great_captain", "position", "notes"}, original);
        out.own({"great_captain", "position"});
        out.set("code", general.code);
        out.set("name", general.name);
        if (write_optional(original, "great_captain", !general.great_captain, true)) out.set("great_captain", general.great_captain);
        if (general.position) out.set("position", position(*general.position));
        return out.build();
    }

    static Ordered unit(const UnitSetup& unit, const Json* original, const std::string& side_nation) {
        MemberOrder out({"code", "name", "nation", "type", "bases", "position", "facing_deg", "formation", "state", "guns", "notes"},
                        original);
        out.own({"nation", "facing_deg", "formation", "state", "guns"});
        out.set("code", unit.code);
        out.set("name", unit.name);
        if (write_optional(original, "nation", unit.nation == side_nation, false)) out.set("nation", unit.nation);
        out.set("type", unit.type);
        out.set("bases", unit.bases);
        out.set("position", position(unit.position));
        if (write_optional(original, "facing_deg", unit.facing_deg == 0, true)) out.set("facing_deg", number(unit.facing_deg));
        if (write_optional(original, "formation", unit.formation == Formation::Line, true))
            out.set("formation", enum_text(unit.formation, member(original, "formation")));
        if (write_optional(original, "state", unit.state == UnitState::Normal, false))
            out.set("state", enum_text(unit.state, member(original, "state")));
        const bool artillery = unit.unit_type != nullptr && unit.unit_type->arm == Arm::Artillery;
        if (write_optional(original, "guns", !unit.guns_limbered, artillery))
            out.set("guns", unit.guns_limbered ? "limbered" : "unlimbered");
        return out.build();
    }

    Ordered reinforcement(const ReinforcementSetup& r, const Json* original) const {
        MemberOrder out({"id", "side", "arrives", "entry", "command"}, original);
        out.own({"entry"});
        out.set("id", r.id);
        out.set("side", r.side);
        out.set("arrives", format_clock(r.arrives));
        if (write_optional(original, "entry", r.entry.empty(), false)) out.set("entry", r.entry);
        const int side = scenario_.side_index(r.side);
        const std::string nation = side >= 0 ? scenario_.sides[static_cast<std::size_t>(side)].nation : std::string();
        out.set("command", command(r.command, member(original, "command"), nation));
        return out.build();
    }

    static Ordered thresholds(const MoraleThresholds& period, const Json* original) {
        MemberOrder out({"from", "side", "percents", "source"}, original);
        out.own({"side", "source"});
        out.set("from", format_clock(period.from));
        if (!period.side.empty()) out.set("side", period.side);
        out.set("percents", period.percents);
        if (!period.source.empty()) out.set("source", period.source);
        return out.build();
    }

    // The original node of a model element: at the same index when its key agrees, else the
    // first with that key (the editor may have reordered them), else none.
    static const Json* match_by(const Json* array, const char* key, const std::string& value, std::size_t index) {
        if (array == nullptr || !array->is_array()) return nullptr;
        const auto agrees = [&](const Json& node) {
            const Json* k = member(&node, key);
            return k != nullptr && k->is_string() && k->get_ref<const std::string&>() == value;
        };
        if (index < array->size() && agrees((*array)[index])) return &(*array)[index];
        for (const Json& node : *array)
            if (agrees(node)) return &node;
        return nullptr;
    }

    static const Json* match_feature(const Json* array, const TerrainFeature& feature, std::size_t index) {
        if (array == nullptr || !array->is_array()) return nullptr;
        const std::string kind(to_string(feature.kind));
        const auto agrees = [&](const Json& node) {
            const Json* n = member(&node, "name");
            const Json* k = member(&node, "kind");
            return n && k && n->is_string() && k->is_string() && n->get_ref<const std::string&>() == feature.name &&
                   k->get_ref<const std::string&>() == kind;
        };
        if (index < array->size() && agrees((*array)[index])) return &(*array)[index];
        for (const Json& node : *array)
            if (agrees(node)) return &node;
        return nullptr;
    }

    // Units and generals by their code, unique in a scenario: a unit moved to another command
    // keeps its notes.
    void index_codes(const Json* sides) {
        if (sides == nullptr || !sides->is_array()) return;
        for (const Json& side : *sides) {
            const Json* commands = member(&side, "commands");
            if (commands == nullptr || !commands->is_array()) continue;
            for (const Json& command : *commands) index_command(&command);
        }
    }
    void index_command(const Json* command) {
        if (const Json* general = member(command, "general")) index_code(general);
        if (const Json* units = member(command, "units"); units && units->is_array())
            for (const Json& unit : *units) index_code(&unit);
    }
    void index_code(const Json* node) {
        if (const Json* code = member(node, "code"); code && code->is_string()) codes_.emplace(code->get<std::string>(), node);
    }
    const Json* by_code(const std::string& code) const {
        const auto it = codes_.find(code);
        return it == codes_.end() ? nullptr : it->second;
    }

    const Scenario& scenario_;
    std::map<std::string, const Json*> codes_;
};

// Strings and numbers as nlohmann writes them; a string that is not UTF-8 (built in memory, never
// read from a file) is written with U+FFFD in place of the bad bytes rather than refused.
std::string scalar_text(const Ordered& node) {
    return node.dump(-1, ' ', false, nlohmann::ordered_json::error_handler_t::replace);
}

enum class Place { UnitsItem, Position, General, Orders, Other };

bool inline_node(const Ordered& node, Place place) {
    if (node.is_array()) {
        for (const auto& item : node)
            if (item.is_structured()) return false;
        return true;  // a point [x, y], a list of percents
    }
    if (node.is_object())
        return place == Place::Position || place == Place::UnitsItem || place == Place::General || place == Place::Orders;
    return true;
}

void write_inline(std::string& out, const Ordered& node) {
    if (node.is_object()) {
        out += '{';
        bool first = true;
        for (const auto& [key, value] : node.items()) {
            if (!first) out += ", ";
            first = false;
            out += scalar_text(Ordered(key));
            out += ": ";
            write_inline(out, value);
        }
        out += '}';
    } else if (node.is_array()) {
        out += '[';
        bool first = true;
        for (const auto& value : node) {
            if (!first) out += ", ";
            first = false;
            write_inline(out, value);
        }
        out += ']';
    } else {
        out += scalar_text(node);
    }
}

void write_node(std::string& out, const Ordered& node, int depth, Place place) {
    if (inline_node(node, place) || node.empty()) {
        write_inline(out, node);
        return;
    }
    const std::string inner(static_cast<std::size_t>(depth + 1), ' ');
    if (node.is_object()) {
        out += "{\n";
        bool first = true;
        for (const auto& [key, value] : node.items()) {
            if (!first) out += ",\n";
            first = false;
            out += inner;
            out += scalar_text(Ordered(key));
            out += ": ";
            const Place child = key == "position" ? Place::Position
                                : key == "general"  ? Place::General
                                : key == "orders"   ? Place::Orders
                                                    : Place::Other;
            // Inside "units" each element is a unit; a Game Of Kings piece placed by name or a
            // player's choice of terrain is one line too.
            if ((key == "units" || key == "placed" || key == "choices") && value.is_array() && !value.empty()) {
                out += "[\n";
                const std::string item_indent(static_cast<std::size_t>(depth + 2), ' ');
                bool first_unit = true;
                for (const auto& item : value) {
                    if (!first_unit) out += ",\n";
                    first_unit = false;
                    out += item_indent;
                    write_node(out, item, depth + 2, Place::UnitsItem);
                }
                out += "\n" + inner + "]";
            } else {
                write_node(out, value, depth + 1, child);
            }
        }
        out += "\n" + std::string(static_cast<std::size_t>(depth), ' ') + "}";
    } else {
        out += "[\n";
        bool first = true;
        for (const auto& value : node) {
            if (!first) out += ",\n";
            first = false;
            out += inner;
            write_node(out, value, depth + 1, Place::Other);
        }
        out += "\n" + std::string(static_cast<std::size_t>(depth), ' ') + "]";
    }
}

}  // namespace scenario_writing

Scenario new_scenario(const RulesLibrary& library, std::string_view ruleset, double width_mm, double depth_mm) {
    if (!land_tables(library).has_ruleset(ruleset)) {
        std::string known;
        for (const RuleSet* rules : land_tables(library).rulesets()) known += (known.empty() ? "" : ", ") + rules->id;
        throw RuleError("no land rule set '" + std::string(ruleset) + "': the rule sets are " + known);
    }
    const auto table_side = [](double mm, const char* what) {
        if (!(mm >= kNewTableMinMm && mm <= kNewTableMaxMm))
            throw RuleError(std::string("a table ") + what + " of " + (std::isfinite(mm) ? std::to_string(static_cast<long long>(std::llround(mm))) : std::string("?")) +
                            " mm: expected " + std::to_string(static_cast<int>(kNewTableMinMm)) + "-" +
                            std::to_string(static_cast<int>(kNewTableMaxMm)) + " mm");
    };
    table_side(width_mm, "width");
    table_side(depth_mm, "depth");
    const std::vector<const Army*> armies = land_tables(library).armies(ruleset);
    if (armies.empty()) throw RuleError("rule set '" + std::string(ruleset) + "' has no army lists in data/armies to field");

    Scenario scenario;
    scenario.id = "new-battle";
    scenario.name = "New battle";
    scenario.ruleset = std::string(ruleset);
    scenario.board.width_mm = width_mm;
    scenario.board.depth_mm = depth_mm;
    scenario.start = 9 * 60;
    scenario.dusk = 17 * 60;
    const char* colours[2] = {"#2b4c9b", "#b03030"};
    for (std::size_t i = 0; i < 2; ++i) {
        // The rule set's two first nations (by id); a rule set of one army fights itself.
        const Army& army = *armies[std::min(i, armies.size() - 1)];
        SideSetup side;
        side.id = armies.size() >= 2 ? army.id : (i == 0 ? "blue" : "red");
        side.name = army.name;
        side.colour = colours[i];
        side.nation = army.id;
        side.commands.push_back(CommandSetup{"First command", std::nullopt, {}});
        scenario.sides.push_back(std::move(side));
    }
    scenario.first_player = scenario.sides.front().id;
    scenario.document = nlohmann::json::parse(scenario_to_json(scenario).dump());
    return scenario;
}

Scenario read_scenario_draft(const nlohmann::json& document, const std::string& file, const RulesLibrary& library) {
    if (!document.is_object())
        throw DataError(file, "", "a JSON object (a scenario)", std::string(document.type_name()));
    return scenario_reading::read(document, file, library, scenario_reading::Problems::Ignore);
}

std::vector<ScenarioProblem> scenario_problems(const RulesLibrary& library, const nlohmann::json& document, const std::string& file) {
    if (!document.is_object()) return {{"", "a JSON object (a scenario)", std::string(document.type_name())}};
    if (auto newer = scenario_reading::newer_format(document)) return {*newer};
    std::vector<ScenarioProblem> problems;
    try {
        problems = schema_problems(document, "scenario", library.data_dir());
    } catch (const DataError& broken) {
        // A data folder without its schema: the other checks still run.
        problems.push_back({"", "the schema data/schema/scenario.schema.json to check the file against", broken.what()});
    }
    std::vector<ScenarioProblem> checked;
    scenario_reading::read(document, file, library, scenario_reading::Problems::Collect, &checked);
    for (ScenarioProblem& problem : checked) {
        const bool known = std::any_of(problems.begin(), problems.end(), [&](const ScenarioProblem& p) { return p == problem; });
        if (!known) problems.push_back(std::move(problem));
    }
    // A hostile file could hold a million errors: the first ones say what to fix.
    if (problems.size() > kMaxScenarioProblems) {
        const std::size_t more = problems.size() - kMaxScenarioProblems;
        problems.resize(kMaxScenarioProblems);
        problems.push_back({"", "the problems above fixed first", std::to_string(more) + " more problems not listed"});
    }
    return problems;
}

nlohmann::ordered_json scenario_to_json(const Scenario& scenario) { return scenario_writing::Writer(scenario).scenario(); }

std::string scenario_file_text(const nlohmann::ordered_json& document) {
    std::string text;
    scenario_writing::write_node(text, document, 0, scenario_writing::Place::Other);
    text += '\n';
    return text;
}

}  // namespace fortuna
