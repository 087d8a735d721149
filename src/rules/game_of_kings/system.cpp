// SPDX-License-Identifier: MIT
// Game Of Kings (seed 004) as a rule system: its formats and the checks of its files.
#include "fortuna/game_of_kings/system.hpp"

#include <cmath>
#include <cstdio>
#include <set>

#include "fortuna/core/errors.hpp"
#include "fortuna/game_of_kings/editing.hpp"
#include "fortuna/game_of_kings/session.hpp"
#include "fortuna/seam/game_session.hpp"
#include "fortuna/game_of_kings/tables.hpp"
#include "fortuna/seam/library.hpp"
#include "fortuna/seam/scenario_files.hpp"

namespace fortuna::game_of_kings {

namespace {

namespace fs = std::filesystem;

constexpr const char* kTablesFormat = "fortuna-game-of-kings";
constexpr const char* kArmyFormat = "fortuna-game-of-kings-army";

void require_named_after_id(const fs::path& file, const nlohmann::json& document) {
    const std::string id = document.at("id").get<std::string>();
    if (id != file.stem().string())
        throw DataError(file.string(), "/id", "\"" + file.stem().string() + "\" (the file's name)", id);
}

// The army's cross-references: unique unit ids, sources that exist, characteristics that name
// units of the list, cuirassiers that are heavy horse; returns the unit ids with their types.
std::map<std::string, UnitType> check_army(const fs::path& file, const nlohmann::json& army) {
    const std::string name = file.string();
    std::set<std::string> sources{"seed-004"};
    for (const auto& source : army.at("sources")) {
        const std::string id = source.at("id").get<std::string>();
        if (!sources.insert(id).second) throw DataError(name, "/sources", "source ids used once", id);
    }
    std::map<std::string, UnitType> units;
    std::size_t index = 0;
    for (const auto& unit : army.at("units")) {
        const std::string where = "/units/" + std::to_string(index++);
        const std::string id = unit.at("id").get<std::string>();
        const UnitType type = unit_type_from_string(unit.at("type").get<std::string>(), where + "/type");
        if (!units.emplace(id, type).second) throw DataError(name, where + "/id", "a unit id used once in the list", id);
        if (unit.value("cuirassiers", false) && type != UnitType::HeavyCavalry)
            throw DataError(name, where + "/cuirassiers", "cuirassiers only on heavy-cavalry (seed 004, SAVING THROWS)",
                            std::string(to_string(type)));
        for (const auto& cite : unit.at("sources")) {
            const std::string id_cited = cite.get<std::string>();
            if (!sources.count(id_cited)) throw DataError(name, where + "/sources", "a source id of /sources or \"seed-004\"", id_cited);
        }
    }
    index = 0;
    for (const auto& characteristic : army.value("characteristics", nlohmann::json::array())) {
        const std::string where = "/characteristics/" + std::to_string(index++);
        for (const auto& unit : characteristic.at("applies_to")) {
            const std::string id = unit.get<std::string>();
            if (!units.count(id)) throw DataError(name, where + "/applies_to", "a unit id of this list's /units", id);
            if (characteristic.contains("melee_hit_on") && !is_horse(units.at(id)) && units.at(id) != UnitType::Foot)
                throw DataError(name, where + "/applies_to", "units that inflict melee hits (horse or foot)", id);
        }
        for (const auto& cite : characteristic.at("sources")) {
            const std::string id_cited = cite.get<std::string>();
            if (!sources.count(id_cited)) throw DataError(name, where + "/sources", "a source id of /sources or \"seed-004\"", id_cited);
        }
    }
    return units;
}

class GameOfKingsSystem final : public fortuna::RuleSystem {
public:
    std::string id() const override { return "game-of-kings"; }
    std::string name() const override { return "Game Of Kings"; }
    std::string era() const override { return "1740-1748"; }
    std::string source() const override { return "seed 004, Game Of Kings (adapted from Neil Thomas)"; }
    std::vector<fortuna::FileFormat> formats() const override {
        return {{kTablesFormat, "Game Of Kings tables", "tables"},
                {kArmyFormat, "Game Of Kings army list", "armies"},
                {kScenarioFormat, "Game Of Kings scenario", "scenarios"},
                {kSaveFormat, "Game Of Kings save", "saves"},
                {kJournalFormat, "Game Of Kings journal", "journals"}};
    }

    std::unique_ptr<fortuna::GameSession> open_game(const fortuna::RulesLibrary& library, const fs::path& file, const fortuna::ClaimedFile& claimed,
                                                    std::uint64_t seed) const override {
        if (claimed.format == kTablesFormat || claimed.format == kArmyFormat) return RuleSystem::open_game(library, file, claimed, seed);
        return open_session(library.data_dir(), file, claimed.format, seed);
    }

    // Every problem of a scenario at once (issue 31, editing.hpp); its other files one at a time.
    std::vector<fortuna::ScenarioProblem> scenario_problems(const fortuna::RulesLibrary& library, const fs::path& file,
                                                            const nlohmann::json& document) const override {
        if (format_of(document) != kScenarioFormat) return RuleSystem::scenario_problems(library, file, document);
        return battle_problems(library.data_dir(), document, file);
    }

    // An empty battle on the seed's table, the only one its generator and its loader know.
    std::optional<nlohmann::ordered_json> new_scenario_document(const fortuna::RulesLibrary& library, std::string_view ruleset, double width_mm,
                                                                double depth_mm) const override {
        if (ruleset != kSystemId) return std::nullopt;
        const Tables tables = load_tables(library.data_dir());
        const double width = seed_table_width_cm(tables) * 10, depth = seed_table_depth_cm(tables) * 10;
        if (std::abs(width_mm - width) > 1 || std::abs(depth_mm - depth) > 1) {
            char words[160];
            std::snprintf(words, sizeof words, "%.1f x %.1f mm (6 ft x 2 ft 6 in, 6x2.5ft)", width, depth);
            char found[64];
            std::snprintf(found, sizeof found, "%.1f x %.1f mm", width_mm, depth_mm);
            const std::string why = "its random terrain generator divides it into 12 sectors of 1 ft x 1 ft 3 in";
            const std::string where = " (seed 004, RANDOM TERRAIN GENERATOR)";
            throw RuleError(std::string("Game Of Kings is played on the seed's table, ") + words + ": " + why + where +
                            ", and its distances are stated on the table in cm; not " + found);
        }
        return new_battle_document(tables);
    }

    std::string check_file(const fortuna::RulesLibrary& library, const fs::path& file, const nlohmann::json& document) const override {
        return check(library.data_dir(), file, document);
    }

    static std::string check(const fs::path& data_dir, const fs::path& file, const nlohmann::json& document) {
        const std::string format = document.is_object() ? document.value("format", std::string()) : std::string();
        if (format == kTablesFormat) {
            validate_against_schema(document, "game-of-kings", file.string(), data_dir);
            tables_from_json(document, file.string());
            return "Game Of Kings tables";
        }
        if (format == kArmyFormat) {
            validate_against_schema(document, "game-of-kings-army", file.string(), data_dir);
            require_named_after_id(file, document);
            check_army(file, document);
            return "Game Of Kings army list";
        }
        if (format == kScenarioFormat || format == kSaveFormat || (format == "fortuna-journal" && document.value("game", "") == kSystemId))
            return check_game_file(data_dir, file, document);
        throw DataError(file.string(), "/format",
                        std::string("a Game Of Kings file: \"") + kTablesFormat + "\", \"" + kArmyFormat + "\", \"" + kScenarioFormat + "\", \"" +
                            kSaveFormat + "\" or a journal of the game \"" + kSystemId + "\"",
                        format.empty() ? "no \"format\"" : "\"" + format + "\"");
    }
};

}  // namespace

std::string check_game_of_kings_file(const std::filesystem::path& data_dir, const std::filesystem::path& file,
                                     const nlohmann::json& document) {
    return GameOfKingsSystem::check(data_dir, file, document);
}

const fortuna::RuleSystem& game_of_kings_system() {
    static const GameOfKingsSystem system;
    return system;
}

}  // namespace fortuna::game_of_kings
