// SPDX-License-Identifier: MIT
// Reads a scenario: schema first, then the cross-references the schema cannot see.
#include "fortuna/scenario.hpp"

#include <algorithm>
#include <array>
#include <cstdio>
#include <set>
#include <utility>

#include "fortuna/errors.hpp"
#include "fortuna/library.hpp"

namespace fortuna {

namespace {

std::string position_text(const BoardPoint& point) {
    char buffer[64];
    std::snprintf(buffer, sizeof buffer, "(%.0f, %.0f) mm", point.x_mm, point.y_mm);
    return buffer;
}

BoardPoint read_position(const nlohmann::json& node) {
    return {node.at("x_mm").get<double>(), node.at("y_mm").get<double>()};
}

BoardPoint read_point(const nlohmann::json& node) { return {node.at(0).get<double>(), node.at(1).get<double>()}; }

// Cross-reference checks after the schema: the reader of one command names its pointer.
class ScenarioReader {
public:
    ScenarioReader(const std::string& file, const RulesLibrary& library, Scenario& scenario)
        : file_(file), library_(library), scenario_(scenario) {}

    CommandSetup command(const nlohmann::json& node, const std::string& pointer, const std::string& side_nation) {
        CommandSetup command;
        command.name = node.at("name").get<std::string>();
        if (node.contains("general")) {
            const auto& general = node.at("general");
            GeneralSetup setup;
            setup.code = general.at("code").get<std::string>();
            setup.name = general.at("name").get<std::string>();
            setup.great_captain = general.value("great_captain", false);
            if (general.contains("position")) {
                setup.position = read_position(general.at("position"));
                on_board(*setup.position, pointer + "/general/position", setup.name);
            }
            unique_code(setup.code, pointer + "/general/code");
            command.general = setup;
        }
        const auto& units = node.at("units");
        for (std::size_t i = 0; i < units.size(); ++i) {
            command.units.push_back(unit(units[i], pointer + "/units/" + std::to_string(i), side_nation));
        }
        return command;
    }

    void on_board(const BoardPoint& point, const std::string& pointer, const std::string& who) const {
        if (!scenario_.board.contains(point)) {
            char board[64];
            std::snprintf(board, sizeof board, "%.0f x %.0f mm", scenario_.board.width_mm, scenario_.board.depth_mm);
            throw DataError(file_, pointer, std::string("a position on the ") + board + " board for " + who,
                            position_text(point));
        }
    }

private:
    UnitSetup unit(const nlohmann::json& node, const std::string& pointer, const std::string& side_nation) {
        UnitSetup unit;
        unit.code = node.at("code").get<std::string>();
        unit.name = node.at("name").get<std::string>();
        unit.nation = node.value("nation", side_nation);
        unit.type = node.at("type").get<std::string>();
        unit.bases = node.at("bases").get<int>();
        unit.position = read_position(node.at("position"));
        unit.facing_deg = node.value("facing_deg", 0.0);
        unit.formation = enum_from_string<Formation>(node.value("formation", std::string("line")));
        unit.state = enum_from_string<UnitState>(node.value("state", std::string("normal")));
        unit.guns_limbered = node.value("guns", std::string("unlimbered")) == "limbered";
        unique_code(unit.code, pointer + "/code");
        on_board(unit.position, pointer + "/position", unit.code);

        const std::string nation_pointer = node.contains("nation") ? pointer + "/nation" : pointer;
        const auto armies = library_.armies(scenario_.ruleset);
        const auto army = std::find_if(armies.begin(), armies.end(), [&](const Army* a) { return a->id == unit.nation; });
        if (army == armies.end()) {
            std::string known;
            for (const Army* a : armies) known += (known.empty() ? "" : ", ") + a->id;
            throw DataError(file_, nation_pointer, "a nation of rule set '" + scenario_.ruleset + "' (" + known + ")",
                            "'" + unit.nation + "'");
        }
        unit.unit_type = (*army)->find(unit.type);
        if (unit.unit_type == nullptr) {
            std::string known;
            for (const UnitType& t : (*army)->units) known += (known.empty() ? "" : ", ") + t.id;
            throw DataError(file_, pointer + "/type", "a unit type of " + (*army)->name + " (" + known + ")",
                            "'" + unit.type + "'");
        }
        if (unit.formation == Formation::Square && unit.unit_type->arm != Arm::Infantry) {
            throw DataError(file_, pointer + "/formation", "line or column: only infantry form square", "square");
        }
        if (node.contains("guns") && unit.unit_type->arm != Arm::Artillery) {
            throw DataError(file_, pointer + "/guns", "no 'guns' for a unit that is not artillery",
                            std::string(to_string(unit.unit_type->arm)));
        }
        return unit;
    }

    void unique_code(const std::string& code, const std::string& pointer) {
        if (!codes_.insert(code).second) {
            throw DataError(file_, pointer, "a code no other unit or general of the scenario uses", "'" + code + "' again");
        }
    }

    const std::string& file_;
    const RulesLibrary& library_;
    Scenario& scenario_;
    std::set<std::string> codes_;
};

}  // namespace

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
    if (document.is_object() && document.contains("format_version") && document["format_version"].is_number_integer() &&
        document["format_version"].get<long long>() > kFormatVersion) {
        throw DataError(file, "/format_version",
                        "scenario format " + std::to_string(kFormatVersion) +
                            " or older: this file was written by a newer Fortuna Belli; update the app to open it",
                        document["format_version"].dump());
    }
    validate_against_schema(document, "scenario", file, library.data_dir());

    Scenario scenario;
    scenario.file = file;
    scenario.document = document;
    scenario.format_version = document.at("format_version").get<int>();
    scenario.id = document.at("id").get<std::string>();
    scenario.name = document.at("name").get<std::string>();
    scenario.description = document.value("description", std::string());
    scenario.source = document.value("source", std::string());
    scenario.ruleset = document.at("ruleset").get<std::string>();
    if (!library.has_ruleset(scenario.ruleset)) {
        std::string known;
        for (const RuleSet* rules : library.rulesets()) known += (known.empty() ? "" : ", ") + rules->id;
        throw DataError(file, "/ruleset", "a rule set in data/tables (" + known + ")", "'" + scenario.ruleset + "'");
    }
    const auto& board = document.at("board");
    scenario.board.width_mm = board.at("width_mm").get<double>();
    scenario.board.depth_mm = board.at("depth_mm").get<double>();
    scenario.board.scale = board.value("scale", std::string("1 mm = 2 m"));
    scenario.start = parse_clock(document.at("start").get<std::string>());
    scenario.dusk = parse_clock(document.at("dusk").get<std::string>());
    if (scenario.dusk <= scenario.start) {
        throw DataError(file, "/dusk", "a dusk later than the start " + format_clock(scenario.start),
                        format_clock(scenario.dusk));
    }

    const auto& terrain = document.at("terrain");
    for (std::size_t i = 0; i < terrain.size(); ++i) {
        const auto& node = terrain[i];
        const std::string pointer = "/terrain/" + std::to_string(i);
        TerrainFeature feature;
        feature.kind = enum_from_string<TerrainKind>(node.at("kind").get<std::string>());
        feature.name = node.at("name").get<std::string>();
        feature.closed = node.contains("polygon");
        const auto& points = feature.closed ? node.at("polygon") : node.at("polyline");
        for (std::size_t p = 0; p < points.size(); ++p) {
            const BoardPoint point = read_point(points[p]);
            // Features may run off the edge (a road leaves the board), but not far.
            const double margin = 0.5 * std::max(scenario.board.width_mm, scenario.board.depth_mm);
            if (point.x_mm < -margin || point.y_mm < -margin || point.x_mm > scenario.board.width_mm + margin ||
                point.y_mm > scenario.board.depth_mm + margin) {
                throw DataError(file, pointer + (feature.closed ? "/polygon/" : "/polyline/") + std::to_string(p),
                                "a point on or near the board", position_text(point));
            }
            feature.points.push_back(point);
        }
        feature.layers = node.value("layers", 0);
        feature.shelters = node.value("shelters", 0);
        if (node.contains("width_mm")) feature.width_mm = node.at("width_mm").get<double>();
        scenario.terrain.push_back(std::move(feature));
    }

    ScenarioReader reader(file, library, scenario);
    const auto& sides = document.at("sides");
    for (std::size_t s = 0; s < sides.size(); ++s) {
        const auto& node = sides[s];
        const std::string pointer = "/sides/" + std::to_string(s);
        SideSetup side;
        side.id = node.at("id").get<std::string>();
        side.name = node.at("name").get<std::string>();
        side.colour = node.value("colour", std::string(s == 0 ? "#2b4c9b" : "#b03030"));
        side.nation = node.at("nation").get<std::string>();
        if (s == 1 && side.id == scenario.sides[0].id) {
            throw DataError(file, pointer + "/id", "an id different from the first side's", "'" + side.id + "' again");
        }
        const auto& commands = node.at("commands");
        for (std::size_t c = 0; c < commands.size(); ++c) {
            side.commands.push_back(reader.command(commands[c], pointer + "/commands/" + std::to_string(c), side.nation));
        }
        scenario.sides.push_back(std::move(side));
    }
    scenario.first_player = document.value("first_player", scenario.sides[0].id);
    if (scenario.side_index(scenario.first_player) < 0) {
        throw DataError(file, "/first_player", "the id of one of the sides ('" + scenario.sides[0].id + "' or '" +
                                                   scenario.sides[1].id + "')",
                        "'" + scenario.first_player + "'");
    }

    if (document.contains("reinforcements")) {
        const auto& reinforcements = document.at("reinforcements");
        std::set<std::string> ids;
        for (std::size_t r = 0; r < reinforcements.size(); ++r) {
            const auto& node = reinforcements[r];
            const std::string pointer = "/reinforcements/" + std::to_string(r);
            ReinforcementSetup setup;
            setup.id = node.at("id").get<std::string>();
            if (!ids.insert(setup.id).second) {
                throw DataError(file, pointer + "/id", "an id no other reinforcement uses", "'" + setup.id + "' again");
            }
            setup.side = node.at("side").get<std::string>();
            const int side = scenario.side_index(setup.side);
            if (side < 0) {
                throw DataError(file, pointer + "/side",
                                "the id of one of the sides ('" + scenario.sides[0].id + "' or '" + scenario.sides[1].id + "')",
                                "'" + setup.side + "'");
            }
            setup.arrives = parse_clock(node.at("arrives").get<std::string>());
            if (setup.arrives < scenario.start || setup.arrives > scenario.dusk) {
                throw DataError(file, pointer + "/arrives",
                                "a time between the start " + format_clock(scenario.start) + " and dusk " +
                                    format_clock(scenario.dusk),
                                format_clock(setup.arrives));
            }
            setup.entry = node.value("entry", std::string());
            setup.command = reader.command(node.at("command"), pointer + "/command",
                                           scenario.sides[static_cast<std::size_t>(side)].nation);
            scenario.reinforcements.push_back(std::move(setup));
        }
    }

    if (document.contains("sauve_qui_peut")) {
        // Thresholds that change with the time of day (seed 001; Scenario::sauve_qui_peut).
        const auto& levels = library.ruleset(scenario.ruleset).crisis_of_morale.levels;
        const auto& periods = document.at("sauve_qui_peut");
        for (std::size_t p = 0; p < periods.size(); ++p) {
            const auto& node = periods[p];
            const std::string pointer = "/sauve_qui_peut/" + std::to_string(p);
            MoraleThresholds period;
            period.from = parse_clock(node.at("from").get<std::string>());
            if (period.from < scenario.start || period.from > scenario.dusk)
                throw DataError(file, pointer + "/from",
                                "a time between the start " + format_clock(scenario.start) + " and dusk " + format_clock(scenario.dusk),
                                format_clock(period.from));
            period.side = node.value("side", std::string());
            if (!period.side.empty() && scenario.side_index(period.side) < 0)
                throw DataError(file, pointer + "/side",
                                "the id of one of the sides ('" + scenario.sides[0].id + "' or '" + scenario.sides[1].id + "')",
                                "'" + period.side + "'");
            period.source = node.value("source", std::string());
            period.percents = node.at("percents").get<std::vector<int>>();
            if (period.percents.size() > levels.size())
                throw DataError(file, pointer + "/percents",
                                "at most " + std::to_string(levels.size()) + " thresholds, one for each crisis level of the rule set",
                                std::to_string(period.percents.size()));
            for (std::size_t i = 0; i < levels.size(); ++i) {
                const int percent = i < period.percents.size() ? period.percents[i] : levels[i].percent;
                const int before = i == 0 ? 0 : (i - 1 < period.percents.size() ? period.percents[i - 1] : levels[i - 1].percent);
                if (percent <= before)
                    throw DataError(file, pointer + "/percents/" + std::to_string(std::min(i, period.percents.size() - 1)),
                                    "thresholds rising from level to level (the rule set's levels after these go on at " +
                                        std::to_string(levels[std::min(i, levels.size() - 1)].percent) + "%)",
                                    std::to_string(percent) + "% after " + std::to_string(before) + "%");
            }
            for (const MoraleThresholds& earlier : scenario.sauve_qui_peut)
                if (earlier.from == period.from && earlier.side == period.side)
                    throw DataError(file, pointer + "/from", "one period a side a time", format_clock(period.from) + " again");
            scenario.sauve_qui_peut.push_back(std::move(period));
        }
    }
    return scenario;
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
