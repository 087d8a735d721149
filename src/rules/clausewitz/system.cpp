// SPDX-License-Identifier: MIT
// Clausewitz (seed 003) through the seam: its three kinds of file and the check of each.
#include <set>

#include "fortuna/clausewitz/session.hpp"
#include "fortuna/clausewitz/system.hpp"
#include "fortuna/clausewitz/tables.hpp"
#include "fortuna/core/errors.hpp"
#include "fortuna/seam/library.hpp"

namespace fortuna::clausewitz {

namespace {


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
    return "Clausewitz army list";
}

int minutes_of(const std::string& clock) { return std::stoi(clock.substr(0, 2)) * 60 + std::stoi(clock.substr(3, 2)); }

std::string check_scenario(const Tables& tables, const std::filesystem::path& data_dir, const std::filesystem::path& file, const nlohmann::json& d) {
    named_after_id(file, d);
    const std::string name = file.string();
    // Every side's army exists, every brigade's units are types of that army, every brigade stays
    // within the rules' size, stands on the table or arrives on it between the start and the end,
    // and every objective and terrain piece is one the rules know.
    const double width_cm = d.at("table").at("width_cm"), depth_cm = d.at("table").at("depth_cm");
    const auto on_table = [&](const nlohmann::json& point, const std::string& pointer) {
        const double x = point.at(0), y = point.at(1);
        if (x < 0 || y < 0 || x > width_cm || y > depth_cm)
            throw DataError(name, pointer, "a place on the table (0-" + std::to_string(static_cast<int>(width_cm)) + " x 0-" +
                                               std::to_string(static_cast<int>(depth_cm)) + " cm)",
                            point.dump());
    };
    const int start = minutes_of(d.at("time").at("start")), end = minutes_of(d.at("time").at("end"));
    if (end <= start) throw DataError(name, "/time/end", "a time after the start " + d.at("time").at("start").get<std::string>(), d.at("time").at("end").dump());
    std::set<std::string> objectives;
    for (std::size_t i = 0; i < d.at("objectives").size(); ++i) {
        const auto& o = d.at("objectives")[i];
        if (!objectives.insert(o.at("id").get<std::string>()).second)
            throw DataError(name, "/objectives/" + std::to_string(i) + "/id", "an objective number used once", o.at("id").dump());
        on_table(o.at("at"), "/objectives/" + std::to_string(i) + "/at");
    }
    for (std::size_t i = 0; i < d.at("terrain").size(); ++i) {
        const auto& t = d.at("terrain")[i];
        if (!tables.terrain_types.contains(t.at("type").get<std::string>()))
            throw DataError(name, "/terrain/" + std::to_string(i) + "/type", "a terrain type of " + tables.file, t.at("type").dump());
        on_table(t.at("from"), "/terrain/" + std::to_string(i) + "/from");
        on_table(t.at("to"), "/terrain/" + std::to_string(i) + "/to");
    }
    std::set<std::string> brigade_ids;
    const auto& sides = d.at("sides");
    for (std::size_t s = 0; s < sides.size(); ++s) {
        const std::string side_pointer = "/sides/" + std::to_string(s);
        const std::string army_id = sides[s].at("army");
        const auto army_file = data_dir / "armies" / "clausewitz" / (army_id + ".json");
        if (!std::filesystem::exists(army_file))
            throw DataError(name, side_pointer + "/army", "an army list in data/armies/clausewitz/", sides[s].at("army").dump());
        const auto army = read_json_file(army_file);
        std::set<std::string> types;
        for (const auto& u : army.at("units")) types.insert(u.at("type").get<std::string>());
        const auto& brigades = sides[s].at("brigades");
        for (std::size_t b = 0; b < brigades.size(); ++b) {
            const std::string pointer = side_pointer + "/brigades/" + std::to_string(b);
            const auto& brigade = brigades[b];
            if (!brigade_ids.insert(brigade.at("id").get<std::string>()).second)
                throw DataError(name, pointer + "/id", "a brigade id used once in the scenario", brigade.at("id").dump());
            const auto& units = brigade.at("units");
            if (static_cast<int>(units.size()) > tables.brigade_max_units)
                throw DataError(name, pointer + "/units", "at most " + std::to_string(tables.brigade_max_units) + " troop bases in a brigade",
                                std::to_string(units.size()));
            for (std::size_t u = 0; u < units.size(); ++u)
                if (!types.contains(units[u].at("type").get<std::string>()))
                    throw DataError(name, pointer + "/units/" + std::to_string(u) + "/type", "a unit type of the army " + army_id, units[u].at("type").dump());
            const bool placed = brigade.contains("at"), arriving = brigade.contains("arrives");
            if (placed && arriving) throw DataError(name, pointer, "either \"at\" (on the table at the start) or \"arrives\", not both", "");
            if (!placed && !arriving && !d.contains("scouting"))
                throw DataError(name, pointer, "\"at\" (on the table at the start) or \"arrives\" (a brigade is deployed by the player only with \"scouting\")", "");
            if (placed) on_table(brigade.at("at"), pointer + "/at");
            if (arriving) {
                on_table(brigade.at("arrives").at("at"), pointer + "/arrives/at");
                const int when = minutes_of(brigade.at("arrives").at("time"));
                if (when <= start || when >= end)
                    throw DataError(name, pointer + "/arrives/time", "a time after the start and before the end of the battle", brigade.at("arrives").at("time").dump());
            }
            if (brigade.contains("objective") && !objectives.contains(brigade.at("objective").get<std::string>()))
                throw DataError(name, pointer + "/objective", "an objective id of /objectives", brigade.at("objective").dump());
            if (!units.empty() && units[0].contains("men")) {
                int sum = 0;
                for (std::size_t u = 0; u < units.size(); ++u) {
                    if (!units[u].contains("men"))
                        throw DataError(name, pointer + "/units/" + std::to_string(u) + "/men", "the men of every unit (the first unit gives them)", "nothing");
                    sum += units[u].at("men").get<int>();
                }
                if (!brigade.at("men").is_number_integer() || brigade.at("men").get<int>() != sum)
                    throw DataError(name, pointer + "/men", "the sum of its units' men, " + std::to_string(sum), brigade.at("men").dump());
            }
        }
        // Generals: one commander-in-chief, each other general commanding a division of the side.
        if (sides[s].contains("generals")) {
            std::set<std::string> divisions;
            for (const auto& brigade : brigades) divisions.insert(brigade.at("division").get<std::string>());
            int chiefs = 0;
            const auto& generals = sides[s].at("generals");
            for (std::size_t g = 0; g < generals.size(); ++g) {
                const std::string pointer = side_pointer + "/generals/" + std::to_string(g);
                on_table(generals[g].at("at"), pointer + "/at");
                if (generals[g].value("commander_in_chief", false)) {
                    ++chiefs;
                    if (generals[g].contains("division")) throw DataError(name, pointer + "/division", "no division for the commander-in-chief (he orders them all)", generals[g].at("division").dump());
                } else if (!generals[g].contains("division") || !divisions.contains(generals[g].at("division").get<std::string>())) {
                    throw DataError(name, pointer + "/division", "the division of a brigade of this side", generals[g].contains("division") ? generals[g].at("division").dump() : "nothing");
                }
            }
            if (chiefs != 1) throw DataError(name, side_pointer + "/generals", "exactly one commander-in-chief", std::to_string(chiefs));
        }
    }
    return "Clausewitz scenario";
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
                {std::string(kScenarioFormat), "Clausewitz scenario", "scenarios"},
                {std::string(kSaveFormat), "Clausewitz save", "saves"},
                {std::string(kJournalFormat), "Clausewitz journal", "journals"}};
    }
    std::string check_file(const RulesLibrary& library, const std::filesystem::path& file, const nlohmann::json& document) const override {
        const std::string format = format_of(document);
        if (format == kSaveFormat) return check_clausewitz_game_file(library, file, format);
        if (format == "fortuna-journal" && document.is_object() && document.value("game", std::string()) == "clausewitz")
            return check_clausewitz_game_file(library, file, std::string(kJournalFormat));
        return check_clausewitz_file(library.data_dir(), file, document);
    }
    std::unique_ptr<GameSession> open_game(const RulesLibrary& library, const std::filesystem::path& file, const ClaimedFile& claimed,
                                           std::uint64_t seed) const override {
        return open_clausewitz_session(library, file, claimed.format, seed);
    }

    static std::string check_clausewitz_file(const std::filesystem::path& data_dir, const std::filesystem::path& file, const nlohmann::json& document) {
        const std::string format = document.is_object() && document.contains("format") && document.at("format").is_string()
                                       ? document.at("format").get<std::string>()
                                       : "";
        try {
            if (format == kTablesFormat) {
                validate_against_schema(document, "clausewitz", file.string(), data_dir);
                (void)Tables::from_json(document, file.string());
                return "Clausewitz tables";
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
