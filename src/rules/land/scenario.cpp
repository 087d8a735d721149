// SPDX-License-Identifier: MIT
// Reads a scenario: schema first, then the cross-references the schema cannot see (one reader
// for a file that must play, a draft, and every problem of a draft at once).
#include "fortuna/land/scenario.hpp"
#include "fortuna/land/land_tables.hpp"
#include "scenario_reading.hpp"

#include <algorithm>
#include <array>
#include <cstdint>
#include <cstdio>
#include <limits>
#include <optional>
#include <set>
#include <utility>

#include "fortuna/core/errors.hpp"
#include "fortuna/land/battlefield.hpp"
#include "fortuna/land/geometry.hpp"
#include "fortuna/seam/library.hpp"

namespace fortuna {

namespace scenario_reading {

using Json = nlohmann::json;

std::string position_text(const BoardPoint& point) {
    char buffer[64];
    std::snprintf(buffer, sizeof buffer, "(%.0f, %.0f) mm", point.x_mm, point.y_mm);
    return buffer;
}

// What can be read of a member: present and of the right type, or nothing. The schema has
// passed for a file Scenario::from_json reads, so there these never fail; a draft reads what it can.
const Json* member(const Json& node, const char* key) {
    if (!node.is_object()) return nullptr;
    const auto it = node.find(key);
    return it == node.end() ? nullptr : &*it;
}
std::optional<std::string> text(const Json& node, const char* key) {
    const Json* value = member(node, key);
    return value && value->is_string() ? std::optional<std::string>(value->get<std::string>()) : std::nullopt;
}
std::optional<double> number(const Json& node, const char* key) {
    const Json* value = member(node, key);
    return value && value->is_number() ? std::optional<double>(value->get<double>()) : std::nullopt;
}
std::optional<int> integer(const Json& node, const char* key) {
    const Json* value = member(node, key);
    if (value == nullptr || !value->is_number_integer()) return std::nullopt;
    if (value->is_number_unsigned()) {
        const auto v = value->get<std::uint64_t>();
        return v <= static_cast<std::uint64_t>(std::numeric_limits<int>::max()) ? std::optional<int>(static_cast<int>(v)) : std::nullopt;
    }
    const auto v = value->get<std::int64_t>();
    return v >= std::numeric_limits<int>::min() && v <= std::numeric_limits<int>::max() ? std::optional<int>(static_cast<int>(v))
                                                                                        : std::nullopt;
}
std::optional<bool> boolean(const Json& node, const char* key) {
    const Json* value = member(node, key);
    return value && value->is_boolean() ? std::optional<bool>(value->get<bool>()) : std::nullopt;
}
const Json* array(const Json& node, const char* key) {
    const Json* value = member(node, key);
    return value && value->is_array() ? value : nullptr;
}
std::optional<int> clock(const Json& node, const char* key) {
    const auto value = text(node, key);
    if (!value) return std::nullopt;
    try {
        return parse_clock(*value);
    } catch (const RuleError&) {
        return std::nullopt;  // the schema's pattern names it
    }
}
template <typename Enum>
std::optional<Enum> enumerated(const Json& node, const char* key) {
    const auto value = text(node, key);
    if (!value) return std::nullopt;
    for (const auto& name : EnumNames<Enum>::names)
        if (name.word == *value) return name.value;
    return std::nullopt;
}
std::optional<BoardPoint> position(const Json& node, const char* key) {
    const Json* value = member(node, key);
    if (value == nullptr) return std::nullopt;
    const auto x = number(*value, "x_mm");
    const auto y = number(*value, "y_mm");
    if (!x || !y) return std::nullopt;
    return BoardPoint{*x, *y};
}
std::optional<BoardPoint> point(const Json& node) {
    if (!node.is_array() || node.size() != 2 || !node[0].is_number() || !node[1].is_number()) return std::nullopt;
    return BoardPoint{node[0].get<double>(), node[1].get<double>()};
}

// The one reader of a scenario document and the one copy of each cross-reference check the
// schema cannot see. Scenario::from_json reads a document the schema passed and throws at the
// first problem; scenario_problems collects every one; read_scenario_draft reads what it can.
class Reader {
public:
    Reader(const std::string& file, const RulesLibrary& library, Scenario& scenario, Problems mode,
           std::vector<ScenarioProblem>* problems)
        : file_(file), library_(library), scenario_(scenario), mode_(mode), problems_(problems) {}

    void read(const Json& document) {
        Scenario& s = scenario_;
        s.file = file_;
        s.document = document;
        s.format_version = integer(document, "format_version").value_or(Scenario::kFormatVersion);
        s.id = text(document, "id").value_or("");
        s.name = text(document, "name").value_or("");
        s.description = text(document, "description").value_or("");
        s.source = text(document, "source").value_or("");
        s.ruleset = text(document, "ruleset").value_or("");
        ruleset_known_ = land_tables(library_).has_ruleset(s.ruleset);
        if (!ruleset_known_ && member(document, "ruleset") != nullptr && member(document, "ruleset")->is_string()) {
            std::string known;
            for (const RuleSet* rules : land_tables(library_).rulesets()) known += (known.empty() ? "" : ", ") + rules->id;
            problem("/ruleset", "a rule set in data/tables (" + known + ")", "'" + s.ruleset + "'");
        }
        if (const Json* board = member(document, "board")) {
            s.board.width_mm = number(*board, "width_mm").value_or(s.board.width_mm);
            s.board.depth_mm = number(*board, "depth_mm").value_or(s.board.depth_mm);
            s.board.scale = text(*board, "scale").value_or(s.board.scale);
        }
        const auto start = clock(document, "start");
        const auto dusk = clock(document, "dusk");
        s.start = start.value_or(0);
        s.dusk = dusk.value_or(0);
        if (start && dusk && s.dusk <= s.start)
            problem("/dusk", "a dusk later than the start " + format_clock(s.start), format_clock(s.dusk));
        times_known_ = start && dusk && s.dusk > s.start;

        if (const Json* terrain = array(document, "terrain"))
            for (std::size_t i = 0; i < terrain->size(); ++i) feature((*terrain)[i], "/terrain/" + std::to_string(i));

        if (const Json* sides = array(document, "sides")) {
            for (std::size_t i = 0; i < sides->size(); ++i) side((*sides)[i], "/sides/" + std::to_string(i), i);
        }
        s.first_player = text(document, "first_player").value_or(s.sides.empty() ? std::string() : s.sides[0].id);
        if (member(document, "first_player") && s.sides.size() >= 2 && s.side_index(s.first_player) < 0)
            problem("/first_player", "the id of one of the sides (" + side_ids() + ")", "'" + s.first_player + "'");

        if (const Json* reinforcements = array(document, "reinforcements")) {
            std::set<std::string> ids;
            for (std::size_t i = 0; i < reinforcements->size(); ++i)
                reinforcement((*reinforcements)[i], "/reinforcements/" + std::to_string(i), ids);
        }
        if (const Json* periods = array(document, "sauve_qui_peut"))
            for (std::size_t i = 0; i < periods->size(); ++i) thresholds((*periods)[i], "/sauve_qui_peut/" + std::to_string(i));
        sides_with_units();
    }

private:
    void problem(const std::string& pointer, const std::string& expected, const std::string& found) {
        if (mode_ == Problems::Throw) throw DataError(file_, pointer, expected, found);
        if (mode_ == Problems::Collect && problems_ != nullptr) problems_->push_back({pointer, expected, found});
    }

    std::string side_ids() const {
        std::string ids;
        for (const SideSetup& side : scenario_.sides) ids += (ids.empty() ? "'" : " or '") + side.id + "'";
        return ids;
    }

    void feature(const Json& node, const std::string& pointer) {
        if (!node.is_object()) return;
        TerrainFeature feature;
        feature.kind = enumerated<TerrainKind>(node, "kind").value_or(TerrainKind::Hill);
        feature.name = text(node, "name").value_or("");
        feature.closed = member(node, "polygon") != nullptr || member(node, "polyline") == nullptr;
        const char* key = feature.closed ? "polygon" : "polyline";
        if (const Json* points = array(node, key)) {
            // Features may run off the edge (a road leaves the board), but not far.
            const Board& board = scenario_.board;
            const double margin = 0.5 * std::max(board.width_mm, board.depth_mm);
            std::vector<std::size_t> written;  // each point's index in the file
            for (std::size_t p = 0; p < points->size(); ++p) {
                const auto at = point((*points)[p]);
                if (!at) continue;
                written.push_back(p);
                if (at->x_mm < -margin || at->y_mm < -margin || at->x_mm > board.width_mm + margin ||
                    at->y_mm > board.depth_mm + margin)
                    problem(pointer + "/" + key + "/" + std::to_string(p), "a point on or near the board", position_text(*at));
                feature.points.push_back(*at);
            }
            // The board: an outline that crosses itself is no area and no line a unit can follow.
            // Past the schema's 1000 points the schema has said so already, and the check would be slow.
            if (mode_ == Problems::Collect && feature.points.size() <= 1000) {
                if (const auto crossing = outline_crossing(feature.points, feature.closed))
                    problem(pointer + "/" + key + "/" + std::to_string(written[crossing->second]),
                            std::string("an outline that does not cross itself"),
                            "the edge from point " + std::to_string(written[crossing->second]) + " meets the edge from point " +
                                std::to_string(written[crossing->first]));
            }
        }
        feature.layers = integer(node, "layers").value_or(0);
        feature.shelters = integer(node, "shelters").value_or(0);
        feature.width_mm = number(node, "width_mm");
        scenario_.terrain.push_back(std::move(feature));
    }

    void side(const Json& node, const std::string& pointer, std::size_t index) {
        if (!node.is_object()) return;
        SideSetup side;
        side.id = text(node, "id").value_or("");
        side.name = text(node, "name").value_or("");
        side.colour = text(node, "colour").value_or(index == 0 ? "#2b4c9b" : "#b03030");
        side.nation = text(node, "nation").value_or("");
        if (!side.id.empty() && scenario_.side_index(side.id) >= 0)
            problem(pointer + "/id", "an id different from the first side's", "'" + side.id + "' again");
        if (const Json* orders = member(node, "orders"); orders && orders->is_object()) side.orders = this->orders(*orders, pointer + "/orders");
        if (const Json* commands = array(node, "commands"))
            for (std::size_t c = 0; c < commands->size(); ++c)
                if ((*commands)[c].is_object())
                    side.commands.push_back(command((*commands)[c], pointer + "/commands/" + std::to_string(c), side.nation, true));
        scenario_.sides.push_back(std::move(side));
        side_pointers_.push_back(pointer);
    }

    // A side's initial orders (seed 000, 7.1.1; InitialOrders): the objective names a feature of
    // this battle's terrain (read before the sides) or a point on its table.
    InitialOrders orders(const Json& node, const std::string& pointer) {
        InitialOrders given;
        given.posture = enumerated<Posture>(node, "posture").value_or(Posture::Attack);
        given.text = text(node, "text").value_or("");
        const Json* objective = member(node, "objective");
        if (objective == nullptr || !objective->is_object()) return given;
        if (const auto name = text(*objective, "terrain")) {
            given.objective_terrain = *name;
            const bool known = std::any_of(scenario_.terrain.begin(), scenario_.terrain.end(),
                                           [&](const TerrainFeature& f) { return f.name == *name; });
            if (!known) {
                std::string names;
                for (const TerrainFeature& f : scenario_.terrain)
                    if (!f.name.empty()) names += (names.empty() ? "" : ", ") + f.name;
                problem(pointer + "/objective/terrain",
                        "the name of a terrain feature of this battle" + (names.empty() ? std::string(" (it has none named)") : " (" + names + ")"),
                        "'" + *name + "'");
            }
        } else if (const auto at = position(*objective, "point")) {
            given.objective_point = *at;
            on_board(*at, pointer + "/objective/point", "the objective");
        }
        return given;
    }

    // The board: a side with no unit at all, on the table or to come, has no battle to fight.
    void sides_with_units() {
        if (mode_ != Problems::Collect) return;
        const Scenario& s = scenario_;
        for (std::size_t i = 0; i < s.sides.size(); ++i) {
            std::size_t units = 0;
            for (const CommandSetup& command : s.sides[i].commands) units += command.units.size();
            for (const ReinforcementSetup& r : s.reinforcements)
                if (r.side == s.sides[i].id) units += r.command.units.size();
            if (units == 0)
                problem(side_pointers_[i] + "/commands", "at least one unit for " + (s.sides[i].name.empty() ? s.sides[i].id : s.sides[i].name) +
                                                           ", on the table or arriving as a reinforcement",
                        "no units");
        }
    }

    CommandSetup command(const Json& node, const std::string& pointer, const std::string& side_nation, bool deployed) {
        CommandSetup command;
        command.name = text(node, "name").value_or("");
        if (const Json* general = member(node, "general"); general && general->is_object()) {
            GeneralSetup setup;
            setup.code = text(*general, "code").value_or("");
            setup.name = text(*general, "name").value_or("");
            setup.great_captain = boolean(*general, "great_captain").value_or(false);
            setup.position = position(*general, "position");
            if (setup.position) on_board(*setup.position, pointer + "/general/position", setup.name);
            if (setup.position) on_open_ground(*setup.position, pointer + "/general/position", setup.name);
            unique_code(setup.code, pointer + "/general/code");
            command.general = setup;
        }
        if (const Json* units = array(node, "units"))
            for (std::size_t i = 0; i < units->size(); ++i)
                if ((*units)[i].is_object()) command.units.push_back(unit((*units)[i], pointer + "/units/" + std::to_string(i), side_nation));
        // The board: a command on the table takes its orders from its general (seed 000, 7.1:
        // "a hierarchy of command, which was strictly observed"; 7.1.2). A reinforcement may come
        // on without one, sent by the army's commander (test-skirmish's dragoons): docs/data-format.md.
        if (mode_ == Problems::Collect && deployed && !command.general && !command.units.empty())
            problem(pointer + "/general",
                    "a general for the command's " + std::to_string(command.units.size()) +
                        (command.units.size() == 1 ? " unit" : " units") + " (seed 000, 7.1: orders come through the generals)",
                    "");
        return command;
    }

    void on_board(const BoardPoint& point, const std::string& pointer, const std::string& who) {
        if (!scenario_.board.contains(point)) {
            char board[64];
            std::snprintf(board, sizeof board, "%g x %g mm", scenario_.board.width_mm, scenario_.board.depth_mm);
            problem(pointer, std::string("a position on the ") + board + " board for " + who, position_text(point));
        }
    }

    // The board: nobody stands on a lake or in a town's streets (Battlefield::impassable_at,
    // seed 000, 3.1.3-3.1.4), measured at the centre the file gives.
    void on_open_ground(const BoardPoint& point, const std::string& pointer, const std::string& who) {
        if (mode_ != Problems::Collect || !scenario_.board.contains(point)) return;
        if (!field_) field_.emplace(scenario_.board, scenario_.terrain);
        if (const TerrainFeature* ground = field_->impassable_at(point))
            problem(pointer, "a position on ground " + who + " can stand on (" + std::string(to_string(ground->kind)) + " '" +
                                 ground->name + "' is impassable)",
                    position_text(point));
    }

    UnitSetup unit(const Json& node, const std::string& pointer, const std::string& side_nation) {
        UnitSetup unit;
        unit.code = text(node, "code").value_or("");
        unit.name = text(node, "name").value_or("");
        unit.nation = text(node, "nation").value_or(side_nation);
        unit.type = text(node, "type").value_or("");
        unit.bases = integer(node, "bases").value_or(0);
        const auto at = position(node, "position");
        unit.position = at.value_or(BoardPoint{});
        unit.facing_deg = number(node, "facing_deg").value_or(0.0);
        unit.formation = enumerated<Formation>(node, "formation").value_or(Formation::Line);
        unit.state = enumerated<UnitState>(node, "state").value_or(UnitState::Normal);
        unit.guns_limbered = text(node, "guns").value_or("unlimbered") == "limbered";
        unique_code(unit.code, pointer + "/code");
        if (at) on_board(unit.position, pointer + "/position", unit.code);
        if (at) on_open_ground(unit.position, pointer + "/position", unit.code);

        // The army and the unit type: only against a rule set that exists, and a nation typed
        // (a reinforcement of an unknown side has none to default to).
        if (!ruleset_known_ || unit.nation.empty()) return unit;
        const std::string nation_pointer = member(node, "nation") ? pointer + "/nation" : pointer;
        const auto armies = land_tables(library_).armies(scenario_.ruleset);
        const auto army = std::find_if(armies.begin(), armies.end(), [&](const Army* a) { return a->id == unit.nation; });
        if (army == armies.end()) {
            std::string known;
            for (const Army* a : armies) known += (known.empty() ? "" : ", ") + a->id;
            // Its army file may be there and broken: say so, not that the nation is unknown (issue 28).
            const auto file = library_.data_dir() / "armies" / scenario_.ruleset / (unit.nation + ".json");
            problem(nation_pointer, "a nation of rule set '" + scenario_.ruleset + "' (" + known + ")",
                    "'" + unit.nation + "'" + (std::any_of(library_.problems().begin(), library_.problems().end(), [&](const DataError& e) { return std::filesystem::path(e.file()) == file; }) ? ", whose army file " + file.string() + " did not load (see its own problems)" : std::string()));
            return unit;
        }
        if (!text(node, "type")) return unit;
        unit.unit_type = (*army)->find(unit.type);
        if (unit.unit_type == nullptr) {
            std::string known;
            for (const UnitType& t : (*army)->units) known += (known.empty() ? "" : ", ") + t.id;
            problem(pointer + "/type", "a unit type of " + (*army)->name + " (" + known + ")", "'" + unit.type + "'");
            return unit;
        }
        if (unit.formation == Formation::Square && unit.unit_type->arm != Arm::Infantry)
            problem(pointer + "/formation", "line or column: only infantry form square", "square");
        if (member(node, "guns") && unit.unit_type->arm != Arm::Artillery)
            problem(pointer + "/guns", "no 'guns' for a unit that is not artillery", std::string(to_string(unit.unit_type->arm)));
        return unit;
    }

    void unique_code(const std::string& code, const std::string& pointer) {
        if (code.empty()) return;  // a code not typed yet: the schema names it
        if (!codes_.insert(code).second)
            problem(pointer, "a code no other unit or general of the scenario uses", "'" + code + "' again");
    }

    void reinforcement(const Json& node, const std::string& pointer, std::set<std::string>& ids) {
        if (!node.is_object()) return;
        Scenario& s = scenario_;
        ReinforcementSetup setup;
        setup.id = text(node, "id").value_or("");
        if (!setup.id.empty() && !ids.insert(setup.id).second)
            problem(pointer + "/id", "an id no other reinforcement uses", "'" + setup.id + "' again");
        setup.side = text(node, "side").value_or("");
        const int side = s.side_index(setup.side);
        if (member(node, "side") && side < 0 && !s.sides.empty())
            problem(pointer + "/side", "the id of one of the sides (" + side_ids() + ")", "'" + setup.side + "'");
        const auto arrives = clock(node, "arrives");
        setup.arrives = arrives.value_or(s.start);
        // A reinforcement after dusk never comes on (issue 31: "a reinforcement after the last turn").
        if (arrives && times_known_ && (setup.arrives < s.start || setup.arrives > s.dusk))
            problem(pointer + "/arrives",
                    "a time between the start " + format_clock(s.start) + " and dusk " + format_clock(s.dusk), format_clock(setup.arrives));
        setup.entry = text(node, "entry").value_or("");
        if (const Json* command = member(node, "command"); command && command->is_object())
            setup.command = this->command(*command, pointer + "/command",
                                          side >= 0 ? s.sides[static_cast<std::size_t>(side)].nation : std::string(), false);
        s.reinforcements.push_back(std::move(setup));
    }

    // Thresholds that change with the time of day (seed 001; Scenario::sauve_qui_peut).
    void thresholds(const Json& node, const std::string& pointer) {
        if (!node.is_object()) return;
        Scenario& s = scenario_;
        MoraleThresholds period;
        const auto from = clock(node, "from");
        period.from = from.value_or(s.start);
        if (from && times_known_ && (period.from < s.start || period.from > s.dusk))
            problem(pointer + "/from", "a time between the start " + format_clock(s.start) + " and dusk " + format_clock(s.dusk),
                    format_clock(period.from));
        period.side = text(node, "side").value_or("");
        if (!period.side.empty() && s.side_index(period.side) < 0)
            problem(pointer + "/side", "the id of one of the sides (" + side_ids() + ")", "'" + period.side + "'");
        period.source = text(node, "source").value_or("");
        if (const Json* percents = array(node, "percents"))
            for (const Json& percent : *percents)
                if (percent.is_number_integer() && percent.get<std::int64_t>() >= 0 && percent.get<std::int64_t>() <= 100)
                    period.percents.push_back(percent.get<int>());
        if (ruleset_known_ && !period.percents.empty()) {
            const auto& levels = land_tables(library_).ruleset(s.ruleset).crisis_of_morale.levels;
            if (period.percents.size() > levels.size()) {
                problem(pointer + "/percents",
                        "at most " + std::to_string(levels.size()) + " thresholds, one for each crisis level of the rule set",
                        std::to_string(period.percents.size()));
            } else {
                for (std::size_t i = 0; i < levels.size(); ++i) {
                    const int percent = i < period.percents.size() ? period.percents[i] : levels[i].percent;
                    const int before =
                        i == 0 ? 0 : (i - 1 < period.percents.size() ? period.percents[i - 1] : levels[i - 1].percent);
                    if (percent <= before) {
                        problem(pointer + "/percents/" + std::to_string(std::min(i, period.percents.size() - 1)),
                                "thresholds rising from level to level (the rule set's levels after these go on at " +
                                    std::to_string(levels[std::min(i, levels.size() - 1)].percent) + "%)",
                                std::to_string(percent) + "% after " + std::to_string(before) + "%");
                        break;
                    }
                }
            }
        }
        for (const MoraleThresholds& earlier : s.sauve_qui_peut)
            if (from && earlier.from == period.from && earlier.side == period.side) {
                problem(pointer + "/from", "one period a side a time", format_clock(period.from) + " again");
                break;
            }
        s.sauve_qui_peut.push_back(std::move(period));
    }

    const std::string& file_;
    const RulesLibrary& library_;
    Scenario& scenario_;
    Problems mode_;
    std::vector<ScenarioProblem>* problems_;
    bool ruleset_known_ = false;
    bool times_known_ = false;
    std::set<std::string> codes_;
    std::vector<std::string> side_pointers_;  // each side's pointer in the file
    std::optional<Battlefield> field_;        // the terrain, once read: for the board's checks
};

std::optional<ScenarioProblem> newer_format(const nlohmann::json& document) {
    const auto version = integer(document, "format_version");
    const Json* written = member(document, "format_version");
    const bool newer = version ? *version > Scenario::kFormatVersion : written && written->is_number_unsigned();
    if (!newer) return std::nullopt;
    return ScenarioProblem{"/format_version",
                           "scenario format " + std::to_string(Scenario::kFormatVersion) +
                               " or older: this file was written by a newer Fortuna Belli; update the app to open it",
                           written->dump()};
}

Scenario read(const nlohmann::json& document, const std::string& file, const RulesLibrary& library, Problems mode,
              std::vector<ScenarioProblem>* problems) {
    Scenario scenario;
    Reader(file, library, scenario, mode, problems).read(document);
    return scenario;
}

}  // namespace scenario_reading

int parse_clock(std::string_view text) {
    int hours = -1, minutes = -1;
    if (text.size() == 5 && text[2] == ':') {
        const auto digit = [&](std::size_t i) { return text[i] >= '0' && text[i] <= '9' ? text[i] - '0' : -100; };
        hours = digit(0) * 10 + digit(1);
        minutes = digit(3) * 10 + digit(4);
    }
    if (hours < 0 || hours > 23 || minutes < 0 || minutes > 59) {
        throw RuleError("'" + std::string(text) + "' is not a time: expected HH:MM, e.g. 12:15");
    }
    return hours * 60 + minutes;
}

std::string format_clock(int minutes_since_midnight) {
    const int day = 24 * 60;
    const int m = ((minutes_since_midnight % day) + day) % day;
    char buffer[8];
    std::snprintf(buffer, sizeof buffer, "%02d:%02d", m / 60, m % 60);
    return buffer;
}

BoardPoint feature_centre(const TerrainFeature& feature) {
    BoardPoint sum;
    for (const BoardPoint& p : feature.points) sum.x_mm += p.x_mm, sum.y_mm += p.y_mm;
    const double n = static_cast<double>(std::max<std::size_t>(1, feature.points.size()));
    return {sum.x_mm / n, sum.y_mm / n};
}

std::optional<Objective> objective_of(const Scenario& scenario, const InitialOrders& orders) {
    if (!orders.objective_terrain.empty()) {
        for (const TerrainFeature& feature : scenario.terrain)
            if (feature.name == orders.objective_terrain) return Objective{feature_centre(feature), feature.name};
        return std::nullopt;
    }
    if (!orders.objective_point) return std::nullopt;
    const BoardPoint at = *orders.objective_point;
    return Objective{at, "the point (" + std::to_string(static_cast<int>(at.x_mm)) + ", " + std::to_string(static_cast<int>(at.y_mm)) + ")"};
}

const SideSetup& Scenario::side(std::string_view side_id) const {
    const int index = side_index(side_id);
    if (index < 0) {
        throw RuleError("no side '" + std::string(side_id) + "' in scenario '" + id + "': the sides are '" + sides.at(0).id +
                        "' and '" + sides.at(1).id + "'");
    }
    return sides[static_cast<std::size_t>(index)];
}

int Scenario::side_index(std::string_view side_id) const {
    for (std::size_t i = 0; i < sides.size(); ++i) {
        if (sides[i].id == side_id) return static_cast<int>(i);
    }
    return -1;
}

Scenario Scenario::from_json(const nlohmann::json& document, const std::string& file, const RulesLibrary& library) {
    // The format and version first, so that a file from a newer Fortuna says so instead of
    // failing on a field this build does not know.
    if (const auto newer = scenario_reading::newer_format(document))
        throw DataError(file, newer->pointer, newer->expected, newer->found);
    validate_against_schema(document, "scenario", file, library.data_dir());
    return scenario_reading::read(document, file, library, scenario_reading::Problems::Throw);
}

std::filesystem::path scenario_path(const RulesLibrary& library, std::string_view id_or_file) {
    const std::string text(id_or_file);
    const bool is_file = text.find('/') != std::string::npos || text.find('\\') != std::string::npos ||
                         (text.size() > 5 && text.ends_with(".json"));
    if (is_file) return std::filesystem::path(text);
    return library.data_dir() / "scenarios" / (text + ".json");
}

Scenario load_scenario(const RulesLibrary& library, std::string_view id_or_file) {
    const std::filesystem::path path = scenario_path(library, id_or_file);
    std::error_code error;
    if (!std::filesystem::is_regular_file(path, error)) {
        std::string known;
        for (const auto& id : scenario_ids(library.data_dir())) known += (known.empty() ? "" : ", ") + id;
        throw DataError(path.string(), "", "a scenario file" + (known.empty() ? std::string() : " (shipped: " + known + ")"),
                        "no such file");
    }
    return Scenario::from_json(read_json_file(path), path.string(), library);
}

std::vector<std::string> scenario_ids(const std::filesystem::path& data_dir) {
    std::vector<std::string> ids;
    std::error_code error;
    for (const auto& entry : std::filesystem::directory_iterator(data_dir / "scenarios", error)) {
        if (entry.path().extension() == ".json") ids.push_back(entry.path().stem().string());
    }
    std::sort(ids.begin(), ids.end());
    return ids;
}

}  // namespace fortuna
