// SPDX-License-Identifier: MIT
// The land rule system's files as the registry sees them: the four Ages and Realm of Chance.
#include "fortuna/land/system.hpp"

#include "fortuna/core/errors.hpp"
#include "fortuna/seam/game_session.hpp"
#include "fortuna/land/game.hpp"
#include "fortuna/land/land_tables.hpp"
#include "fortuna/seam/library.hpp"
#include "fortuna/land/opponent.hpp"
#include "fortuna/land/save.hpp"
#include "fortuna/land/scenario.hpp"
#include "fortuna/land/scenario_editing.hpp"

namespace fortuna::land {

namespace fs = std::filesystem;

std::unique_ptr<GameSession> open_land_session(const RulesLibrary& library, const fs::path& file, const std::string& format,
                                               const nlohmann::json& document, std::uint64_t seed);

namespace {

class LandSystem final : public RuleSystem {
public:
    std::string id() const override { return "land"; }
    std::string name() const override { return "The Ages (Glaube, Gloire, Reason, Destiny) and Realm of Chance"; }
    std::string era() const override { return "1618-1815"; }
    std::string source() const override { return "seed 000 (the four Ages), seed 002 (Realm of Chance: the Age of Gloire)"; }
    std::vector<FileFormat> formats() const override {
        return {{"fortuna-ruleset", "rule set", "tables"},   {"fortuna-army", "army", "armies"},
                {"fortuna-scenario", "scenario", "scenarios"}, {"fortuna-doctrine", "doctrine", "doctrines"},
                {"fortuna-save", "save", "saves"},             {"fortuna-journal", "journal", "journals"}};
    }

    // The rule sets of data/tables and the armies of data/armies/<rule set>/ (land_tables.hpp).
    std::unique_ptr<SystemTables> load_library_tables(const fs::path& data_dir, const std::vector<fs::path>& edited,
                                              std::vector<DataError>& problems) const override {
        return LandTables::load(data_dir, edited, problems);
    }

    std::string check_file(const RulesLibrary& library, const fs::path& file, const nlohmann::json& document) const override {
        const std::string name = file.string();
        const std::string format = format_of(document);
        if (format == "fortuna-journal") {
            // read_journal (size, lines, header), then the whole game replayed from its first action.
            (void)recover_game(library, file);
            return "journal";
        }
        if (format == "fortuna-ruleset") {
            (void)load_ruleset_file(file, library.data_dir());
            return "rule set";
        }
        if (format == "fortuna-army") {
            validate_against_schema(document, "army", name, library.data_dir());
            const std::string ruleset = document.at("ruleset").get<std::string>();
            if (!land_tables(library).has_ruleset(ruleset)) {
                try {
                    (void)land_tables(library).ruleset(ruleset);
                } catch (const RuleError& missing) {
                    throw DataError(name, "/ruleset", "a rule set that loads from " + (library.data_dir() / "tables").string(),
                                    missing.what());
                }
            }
            (void)load_army_file(file, library.data_dir(), land_tables(library).ruleset(ruleset));
            return "army";
        }
        if (format == "fortuna-scenario") {
            // The schema, the cross-references (rule set, nations, unit types, leaders), then a
            // game is set up from it as the app does when it opens the scenario.
            Scenario scenario = Scenario::from_json(document, name, library);
            (void)Game(library, std::move(scenario), 1);
            return "scenario";
        }
        if (format == "fortuna-doctrine") {
            // The programmed opponent's doctrine: its schema, then every side, unit and terrain
            // feature it names against the scenario it is for (docs/rules/opponent.md).
            validate_against_schema(document, "doctrine", name, library.data_dir());
            const std::string id = document.at("scenario").get<std::string>();
            Scenario scenario;
            try {
                scenario = load_scenario(library, id);
            } catch (const std::exception& missing) {
                throw DataError(name, "/scenario", "a scenario in " + (library.data_dir() / "scenarios").string(), id);
            }
            (void)doctrines_from_json(document, name, library, scenario);
            return "doctrine";
        }
        if (format == "fortuna-save") {
            // Everything load_game does: schema, the scenario copy, the full replay, the comparison.
            const ReplayCheck check = check_save(library, file);
            if (!check.reproduced)
                throw DataError(name, "/journal", "a journal that replays to the saved position",
                                check.differences.front() +
                                    (check.differences.size() > 1 ? " (and " + std::to_string(check.differences.size() - 1) + " more)" : ""));
            return "save";
        }
        throw DataError(name, "/format", "a format of the land rules", format);
    }

    std::unique_ptr<GameSession> open_game(const RulesLibrary& library, const fs::path& file, const ClaimedFile& claimed,
                                           std::uint64_t seed) const override {
        return open_land_session(library, file, claimed.format, claimed.document, seed);
    }

    // Every problem at once (scenario_editing.hpp); a file with none is also set up as a game, as
    // check_file does, so that "plays" means what `play` finds.
    std::vector<ScenarioProblem> scenario_problems(const RulesLibrary& library, const fs::path& file,
                                                   const nlohmann::json& document) const override {
        if (format_of(document) != "fortuna-scenario") return RuleSystem::scenario_problems(library, file, document);
        std::vector<ScenarioProblem> problems = fortuna::scenario_problems(library, document, file.string());
        if (!problems.empty()) return problems;
        try {
            (void)Game(library, Scenario::from_json(document, file.string(), library), 1);
        } catch (const DataError& problem) {
            problems.push_back({problem.where(), problem.expected(), problem.found()});
        } catch (const RuleError& problem) {
            problems.push_back({"", "a scenario a game can be set up from", problem.what()});
        }
        return problems;
    }

    std::optional<nlohmann::ordered_json> new_scenario_document(const RulesLibrary& library, std::string_view ruleset,
                                                                double width_mm, double depth_mm) const override {
        if (!land_tables(library).has_ruleset(ruleset)) return std::nullopt;  // not a land rule set
        return scenario_to_json(new_scenario(library, ruleset, width_mm, depth_mm));
    }
};

}  // namespace

}  // namespace fortuna::land

namespace fortuna {

const RuleSystem& land_system() {
    static const land::LandSystem system;
    return system;
}

}  // namespace fortuna
