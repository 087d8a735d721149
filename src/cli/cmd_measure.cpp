// SPDX-License-Identifier: MIT
// fortuna-cli distance / los: the library's tape and line of sight between two units or generals of a scenario or a saved game.
#include <cmath>
#include <filesystem>

#include "cli.hpp"
#include "fortuna/land/battlefield.hpp"
#include "fortuna/land/game.hpp"
#include "fortuna/land/save.hpp"

namespace fortuna::cli {
namespace {

Game open_table(const Arguments& args, Context& context, const std::string& verb) {
    if (args.positional().size() != 2) throw UsageError(verb + " needs two codes: " + verb + " (--scenario ID | --save FILE) A B");
    if (const auto save = args.value("save")) {
        if (!std::filesystem::exists(*save)) throw UsageError(verb + ": no saved game at '" + *save + "'");
        return load_game(context.library(), *save);
    }
    return Game(context.library(), load_scenario(context.library(), args.value("scenario").value_or("white-mountain-1620")), 1);
}

std::size_t unit_index(const Game& game, const std::string& code) {
    return static_cast<std::size_t>(&game.unit(code) - game.units().data());  // throws naming the known codes
}

std::string mm(double value) { return std::to_string(static_cast<long long>(std::lround(value))); }

int run_distance(const Arguments& args, Context& context) {
    const Game game = open_table(args, context, "distance");
    const std::vector<std::string> codes = args.positional();
    const std::string a = codes[0];
    const std::string b = codes[1];
    const Gap gap = unit_gap(game, unit_index(game, a), unit_index(game, b));
    emit(context,
         {{"from", a}, {"to", b}, {"distance_mm", gap.mm}, {"metres", gap.mm * 2},
          {"nearest", {{"from", {{"x_mm", gap.from.x_mm}, {"y_mm", gap.from.y_mm}}}, {"to", {{"x_mm", gap.to.x_mm}, {"y_mm", gap.to.y_mm}}}}},
          {"rule", "errata E20: between the nearest edges"}},
         {a + " to " + b + ": " + mm(gap.mm) + " mm between the nearest edges = " + mm(gap.mm * 2) + " m (from " + mm(gap.from.x_mm) + "," +
          mm(gap.from.y_mm) + " to " + mm(gap.to.x_mm) + "," + mm(gap.to.y_mm) + ")"});
    return kExitOk;
}

int run_los(const Arguments& args, Context& context) {
    const Game game = open_table(args, context, "los");
    const Battlefield field(game.scenario());
    const LineOfSight los = line_of_sight(game, field, args.positional()[0], args.positional()[1]);
    std::vector<std::string> lines{args.positional()[0] + (los.visible ? " sees " : " cannot see ") + args.positional()[1] +
                                   (los.visible ? "" : ": blocked by " + los.blocked_by)};
    for (const auto& step : los.explanation) lines.push_back("  " + step);
    emit(context, {{"from", args.positional()[0]}, {"to", args.positional()[1]}, {"visible", los.visible}, {"blocked_by", los.blocked_by},
                   {"distance_mm", los.distance_mm}, {"explanation", los.explanation}},
         lines);
    return kExitOk;
}

void declare_table(CLI::App& command) {
    command.add_option("--scenario", "a scenario at its start (White Mountain by default)")->type_name("ID");
    command.add_option("--save", "a saved game as it stands")->type_name("FILE");
    command.add_option("codes", "two unit or general codes, e.g. IM-C1 B-I6")->type_name("A B")->expected(2);
}

const Registration distance_registration{"distance", "nearest edges of two units, in mm and m", declare_table, run_distance};
const Registration los_registration{"los", "line of sight between two units or generals", declare_table, run_los};

}  // namespace
}  // namespace fortuna::cli
