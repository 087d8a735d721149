// SPDX-License-Identifier: MIT
// fortuna-cli scenario new / scenario check: a club's own battle from a script (issue 31).
#include <cmath>
#include <fstream>
#include <optional>

#include "cli.hpp"
#include "fortuna/core/errors.hpp"
#include "fortuna/land/land_tables.hpp"
#include "fortuna/seam/rule_system.hpp"
#include "fortuna/core/game_files.hpp"
#include "fortuna/land/scenario.hpp"
#include "fortuna/land/scenario_editing.hpp"

namespace fortuna::cli {
namespace {

using json = nlohmann::json;

// --table WxH: millimetres by default ("1800x1200"), or with a unit after the depth ("6x4ft",
// "180x120cm"). An inch is 25.4 mm, a foot 304.8 mm.
struct TableSize {
    double width_mm = 0;
    double depth_mm = 0;
};

std::optional<double> table_number(const std::string& text) {
    if (text.empty() || text.size() > 12) return std::nullopt;
    std::size_t used = 0;
    try {
        const double value = std::stod(text, &used);
        if (used != text.size() || !std::isfinite(value)) return std::nullopt;
        return value;
    } catch (const std::logic_error&) {
        return std::nullopt;
    }
}

TableSize parse_table(const std::string& text) {
    const auto refuse = [&]() {
        return UsageError("--table needs WIDTHxDEPTH in mm (e.g. 1800x1200), or with cm, ft or in after the depth "
                          "(e.g. 6x4ft), not '" + text + "'");
    };
    std::string body = text;
    double scale = 1.0;
    for (const auto& [suffix, mm] : {std::pair<const char*, double>{"mm", 1.0}, {"cm", 10.0}, {"ft", 304.8}, {"in", 25.4}}) {
        const std::string s(suffix);
        if (body.size() > s.size() && body.compare(body.size() - s.size(), s.size(), s) == 0) {
            body.resize(body.size() - s.size());
            scale = mm;
            break;
        }
    }
    const std::size_t x = body.find_first_of("xX");
    if (x == std::string::npos) throw refuse();
    const auto width = table_number(body.substr(0, x));
    const auto depth = table_number(body.substr(x + 1));
    if (!width || !depth || *width <= 0 || *depth <= 0) throw refuse();
    // Whole tenths of a millimetre: 6 ft is 1828.8 mm, written as such in the file.
    const auto mm = [&](double value) { return std::round(value * scale * 10.0) / 10.0; };
    return {mm(*width), mm(*depth)};
}

// A millimetre count as the file writes it: 1800, 1828.8.
json mm_json(double mm) {
    if (mm == std::floor(mm) && std::fabs(mm) < 1e15) return static_cast<long long>(mm);
    return mm;
}

// ------------------------------------------------------------------ scenario new

int run_scenario_new(const Arguments& args, Context& context) {
    const std::string ruleset = args.required("ruleset");
    const TableSize table = parse_table(args.required("table"));
    const std::string out = args.required("out");

    std::optional<nlohmann::ordered_json> document;
    const RuleSystem* made_by = nullptr;
    for (const RuleSystem* system : rule_systems()) {
        if ((document = system->new_scenario_document(context.library(), ruleset, table.width_mm, table.depth_mm))) {
            made_by = system;
            break;
        }
    }
    if (!document) {
        if (const RuleSystem* system = find_rule_system(ruleset))
            throw RuleError(system->name() + " (" + system->id() + ") has no editor yet: its scenarios are written by hand "
                            "(docs/data-format.md); scenario new makes a battle for a land rule set or a system with an editor");
        std::string known;
        for (const RuleSet* rules : land_tables(context.library()).rulesets()) known += (known.empty() ? "" : ", ") + rules->id;
        // The other systems that make a new battle (the registry says, not a list kept here): one
        // whose new_scenario_document answers its own id, with a document or a refusal of the table.
        for (const RuleSystem* system : rule_systems()) {
            if (land_tables(context.library()).has_ruleset(system->id())) continue;
            bool makes = false;
            try {
                makes = system->new_scenario_document(context.library(), system->id(), table.width_mm, table.depth_mm).has_value();
            } catch (const RuleError&) {
                makes = true;
            }
            if (makes) known += ", " + system->id();
        }
        throw RuleError("no rule set '" + ruleset + "': scenario new makes a battle for " + known);
    }

    OutputFile output(out, ".json", context);
    std::error_code error;
    if (!output.to_standard_output() && std::filesystem::exists(output.path(), error) && !args.flag("force"))
        throw UsageError(out + " exists: give --force to replace it, or another --out");
    const std::string text = scenario_file_text(*document);
    if (output.to_standard_output()) {
        std::ofstream(output.path(), std::ios::binary) << text;
    } else {
        atomic_write_file(output.path(), text);
    }
    output.deliver();

    const std::vector<ScenarioProblem> missing =
        made_by->scenario_problems(context.library(), output.path(), json::parse(text));
    std::vector<std::string> lines{"wrote " + output.name() + ": a new battle of " + made_by->name() + " (" + ruleset + ") on a " +
                                   mm_json(table.width_mm).dump() + " x " + mm_json(table.depth_mm).dump() + " mm table"};
    for (const ScenarioProblem& problem : missing) lines.push_back("  still to do: " + problem.message());
    if (!output.to_standard_output()) lines.push_back("check it with: fortuna-cli scenario check " + out);
    json todo = json::array();
    for (const ScenarioProblem& problem : missing)
        todo.push_back(json{{"pointer", problem.pointer}, {"expected", problem.expected}, {"found", problem.found}});
    emit(context,
         json{{"file", output.name()}, {"system", made_by->id()}, {"ruleset", ruleset},
              {"table_mm", json{{"width", mm_json(table.width_mm)}, {"depth", mm_json(table.depth_mm)}}}, {"to_do", todo}},
         lines);
    return kExitOk;
}

// ------------------------------------------------------------------ scenario check

// A scenario of any rule system, as the registry claims it; every problem at once where the
// system lists them (land), else the first its loader meets.
int run_scenario_check(const Arguments& args, Context& context) {
    if (args.positional().size() != 1) throw UsageError("give one scenario file (or a shipped scenario id)");
    const std::string word = args.positional().front();
    std::filesystem::path file = word;
    std::error_code error;
    if (!std::filesystem::exists(file, error) && word.find('/') == std::string::npos && word.find('\\') == std::string::npos &&
        !word.ends_with(".json"))
        file = context.data_dir / "scenarios" / (word + ".json");  // a shipped scenario by id

    std::vector<ScenarioProblem> problems;
    const RuleSystem* system = nullptr;
    try {
        const ClaimedFile claimed = claim_file(file);
        system = claimed.system;
        bool scenario = false;
        if (system != nullptr)
            for (const FileFormat& format : system->formats())
                if (format.format == claimed.format && format.place == "scenarios") scenario = true;
        if (!scenario) {
            std::string formats;
            for (const RuleSystem* known : rule_systems())
                for (const FileFormat& format : known->formats())
                    if (format.place == "scenarios") formats += (formats.empty() ? "\"" : ", \"") + format.format + "\"";
            problems.push_back({"/format", "a scenario: " + formats,
                                claimed.format.empty() ? std::string("no \"format\"")
                                                       : "\"" + claimed.format + "\"" +
                                                             (system ? " (a " + system->describe(claimed.format) + ")" : std::string())});
        } else {
            problems = system->scenario_problems(context.library(), file, claimed.document);
        }
    } catch (const DataError& unreadable) {
        // Not a file, or not JSON: its place is a line and column, not a pointer.
        const bool pointer = !unreadable.where().empty() && unreadable.where().front() == '/';
        problems.push_back({pointer ? unreadable.where() : std::string(),
                            (pointer || unreadable.where().empty() ? std::string() : "(at " + unreadable.where() + ") ") +
                                unreadable.expected(),
                            unreadable.found()});
    }

    const std::string name = file.string();
    std::vector<std::string> lines;
    json list = json::array();
    for (const ScenarioProblem& problem : problems) {
        lines.push_back(name + ": " + problem.message());
        list.push_back(json{{"pointer", problem.pointer}, {"expected", problem.expected}, {"found", problem.found}});
    }
    if (problems.empty()) lines.push_back(name + ": plays (a scenario of " + system->name() + ")");
    else lines.push_back(name + ": " + std::to_string(problems.size()) + (problems.size() == 1 ? " problem" : " problems"));
    emit(context,
         json{{"file", name}, {"system", system ? system->id() : std::string()}, {"plays", problems.empty()}, {"problems", list}},
         lines);
    return problems.empty() ? kExitOk : kExitFailure;
}

// ------------------------------------------------------------------ declarations

void declare_scenario_new(CLI::App& command) {
    command.add_option("--ruleset", "the land rule set it is fought with (see 'fortuna-cli rulesets'), or game-of-kings")->type_name("R")->required();
    command.add_option("--table", "the table: WIDTHxDEPTH in mm (1800x1200), or with cm, ft or in after it (6x4ft); 200-5000 mm a side; "
                                  "game-of-kings: the seed's 6x2.5ft only")
        ->type_name("WxH")
        ->required();
    command.add_option("--out", "write the scenario here ('-' for standard output)")->type_name("FILE")->required();
    command.add_flag("--force")->description("replace --out if it exists");
}

void declare_scenario_check(CLI::App& command) {
    command.add_option("scenario", "a scenario file of any rule system (or a shipped scenario id)")->type_name("FILE");
}

const Registration scenario_edit_registrations[] = {
    {"scenario new", "write an empty battle for a rule set and a table, valid for the schema, to fill in", declare_scenario_new,
     run_scenario_new},
    {"scenario check", "every problem of a scenario at once, each at its JSON pointer (exit 1 when any)", declare_scenario_check,
     run_scenario_check},
};

}  // namespace
}  // namespace fortuna::cli
