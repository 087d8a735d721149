// SPDX-License-Identifier: MIT
// Clausewitz (seed 003) through the seam: its three kinds of file and the check of each.
#include <set>

#include "fortuna/clausewitz/system.hpp"
#include "fortuna/clausewitz/tables.hpp"
#include "fortuna/errors.hpp"
#include "fortuna/library.hpp"

namespace fortuna::clausewitz {

namespace {

constexpr std::string_view kTablesFormat = "fortuna-clausewitz";
constexpr std::string_view kArmyFormat = "fortuna-clausewitz-army";
constexpr std::string_view kScenarioFormat = "fortuna-clausewitz-scenario";

void named_after_id(const std::filesystem::path& file, const nlohmann::json& document) {
    if (document.at("id").get<std::string>() != file.stem().string())
        throw DataError(file.string(), "/id", "\"" + file.stem().string() + "\" (the file's name)", document.at("id").dump());
}

std::string check_army(const Tables& tables, const std::filesystem::path& file, const nlohmann::json& d) {
    named_after_id(file, d);
    const auto& units = d.at("units");
    std::set<std::string> seen;
    for (std::size_t i = 0; i < units.size(); ++i) {
        const std::string pointer = "/units/" + std::to_string(i);
        const std::string type = units[i].at("type");
        const UnitType* known = tables.find_unit_type(type);
        if (!known) {
            std::string ids;
            for (const auto& u : tables.unit_types) ids += (ids.empty() ? "" : ", ") + u.id;
            throw DataError(file.string(), pointer + "/type", "a unit type of " + tables.file + " (" + ids + ")", units[i].at("type").dump());
        }
        if (!seen.insert(type).second) throw DataError(file.string(), pointer + "/type", "each unit type once", units[i].at("type").dump());
        const std::string weapon = units[i].value("weapon", known->weapon);
        bool found = false;
        for (const auto& w : tables.weapons) found = found || w.id == weapon;
        if (!found) throw DataError(file.string(), pointer + "/weapon", "a weapon of " + tables.file, units[i].at("weapon").dump());
    }
    return "Clausewitz army list, " + d.at("nation").get<std::string>() + " (" + std::to_string(units.size()) + " unit types)";
}

std::string check_scenario(const Tables& tables, const std::filesystem::path& data_dir, const std::filesystem::path& file, const nlohmann::json& d) {
    named_after_id(file, d);
    // Every side's army exists, every brigade's units are types of that army, and every brigade
    // stays within the rules' size (five troop bases, three wide).
    std::set<std::string> objectives;
    for (const auto& o : d.at("objectives")) objectives.insert(o.at("id").get<std::string>());
    const double width_cm = d.at("table").at("width_cm"), depth_cm = d.at("table").at("depth_cm");
    const auto& sides = d.at("sides");
    for (std::size_t s = 0; s < sides.size(); ++s) {
        const std::string side_pointer = "/sides/" + std::to_string(s);
        const std::string army_id = sides[s].at("army");
        const auto army_file = data_dir / "armies" / "clausewitz" / (army_id + ".json");
        if (!std::filesystem::exists(army_file))
            throw DataError(file.string(), side_pointer + "/army", "an army list in data/armies/clausewitz/", sides[s].at("army").dump());
        const auto army = read_json_file(army_file);
        std::set<std::string> types;
        for (const auto& u : army.at("units")) types.insert(u.at("type").get<std::string>());
        const auto& brigades = sides[s].at("brigades");
        for (std::size_t b = 0; b < brigades.size(); ++b) {
            const std::string pointer = side_pointer + "/brigades/" + std::to_string(b);
            const auto& units = brigades[b].at("units");
            if (static_cast<int>(units.size()) > tables.brigade_max_units)
                throw DataError(file.string(), pointer + "/units",
                                "at most " + std::to_string(tables.brigade_max_units) + " troop bases in a brigade", std::to_string(units.size()));
            for (std::size_t u = 0; u < units.size(); ++u)
                if (!types.contains(units[u].at("type").get<std::string>()))
                    throw DataError(file.string(), pointer + "/units/" + std::to_string(u) + "/type", "a unit type of the army " + army_id,
                                    units[u].at("type").dump());
            if (brigades[b].contains("at")) {
                const double x = brigades[b].at("at").at(0), y = brigades[b].at("at").at(1);
                if (x < 0 || y < 0 || x > width_cm || y > depth_cm)
                    throw DataError(file.string(), pointer + "/at", "a place on the table (0-" + std::to_string(static_cast<int>(width_cm)) + " x 0-" +
                                                                       std::to_string(static_cast<int>(depth_cm)) + " cm)",
                                    brigades[b].at("at").dump());
            }
            if (brigades[b].contains("objective") && !objectives.contains(brigades[b].at("objective").get<std::string>()))
                throw DataError(file.string(), pointer + "/objective", "an objective id of /objectives", brigades[b].at("objective").dump());
        }
    }
    return "Clausewitz scenario, " + d.at("name").get<std::string>();
}

class ClausewitzSystem final : public RuleSystem {
public:
    std::string id() const override { return "clausewitz"; }
    std::string name() const override { return "Clausewitz"; }
    std::string era() const override { return "1792-1815"; }
    std::string source() const override { return "seed 003, Clausewitz (blog posts, newest first)"; }
    std::vector<FileFormat> formats() const override {
        return {{std::string(kTablesFormat), "Clausewitz tables", "tables"},
                {std::string(kArmyFormat), "Clausewitz army list", "armies"},
                {std::string(kScenarioFormat), "Clausewitz scenario", "scenarios"}};
    }
    std::string check_file(const RulesLibrary& library, const std::filesystem::path& file, const nlohmann::json& document) const override {
        return check_clausewitz_file(library.data_dir(), file, document);
    }

    static std::string check_clausewitz_file(const std::filesystem::path& data_dir, const std::filesystem::path& file, const nlohmann::json& document) {
        const std::string format = document.is_object() && document.contains("format") && document.at("format").is_string()
                                       ? document.at("format").get<std::string>()
                                       : "";
        try {
            if (format == kTablesFormat) {
                validate_against_schema(document, "clausewitz", file.string(), data_dir);
                const Tables tables = Tables::from_json(document, file.string());
                return "Clausewitz tables (" + std::to_string(tables.unit_types.size()) + " unit types, " + std::to_string(tables.weapons.size()) +
                       " weapons, " + std::to_string(tables.action_costs.size()) + " actions)";
            }
            if (format == kArmyFormat) {
                validate_against_schema(document, "clausewitz-army", file.string(), data_dir);
                return check_army(load_tables(data_dir), file, document);
            }
            if (format == kScenarioFormat) {
                validate_against_schema(document, "clausewitz-scenario", file.string(), data_dir);
                return check_scenario(load_tables(data_dir), data_dir, file, document);
            }
        } catch (const nlohmann::json::exception& error) {
            throw DataError(file.string(), "/", "a Clausewitz file as its schema describes", error.what());
        }
        throw DataError(file.string(), "/format", "one of \"fortuna-clausewitz\", \"fortuna-clausewitz-army\", \"fortuna-clausewitz-scenario\"",
                        document.is_object() && document.contains("format") ? document.at("format").dump() : "nothing");
    }
};

}  // namespace

const RuleSystem& clausewitz_system() {
    static const ClausewitzSystem system;
    return system;
}

// The same checks without a loaded library (tests, and the CLI before the library loads).
std::string check_clausewitz_file(const std::filesystem::path& data_dir, const std::filesystem::path& file, const nlohmann::json& document) {
    return ClausewitzSystem::check_clausewitz_file(data_dir, file, document);
}

}  // namespace fortuna::clausewitz
