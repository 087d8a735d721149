// SPDX-License-Identifier: MIT
// Fuzz target: the umpire's command line (src/app/umpire_command.cpp), typed text to a game action, on test-skirmish.
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <vector>

#include <QString>

#include "fortuna/core/errors.hpp"
#include "fortuna/land/game.hpp"
#include "fortuna/seam/library.hpp"
#include "fortuna/land/scenario.hpp"
#include "fuzz_support.hpp"
#include "umpire_command.hpp"

// Each input line is one command as typed; the first byte of the input picks the selection
// (none, a French unit, an Imperial one, both) so that commands that take units from the
// selection are reached too. Accepted are the parser's refusal (CommandError) and the game's
// (RuleError, DataError). Oracle beyond "no crash": an action the parser builds must survive
// the JSON limits every loader applies (no NaN or infinity, which nlohmann would write as null),
// and the game's journal of what was applied must replay to the same position.
extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    using namespace fortuna;
    const RulesLibrary& library = fuzz::shipped_library();
    static const Scenario scenario = load_scenario(library, "test-skirmish");
    if (size == 0) return 0;
    Game game(library, scenario, 20261122);
    std::vector<std::size_t> selection;
    const int french = app::find_unit(game, QStringLiteral("F-I1"));
    const int imperial = app::find_unit(game, QStringLiteral("I-I1"));
    if ((data[0] & 1) != 0 && french >= 0) selection.push_back(static_cast<std::size_t>(french));
    if ((data[0] & 2) != 0 && imperial >= 0) selection.push_back(static_cast<std::size_t>(imperial));
    const QString text = QString::fromUtf8(reinterpret_cast<const char*>(data + 1), static_cast<qsizetype>(size - 1));
    int applied = 0;
    for (const QString& line : text.split(u'\n')) {
        if (applied >= 32) break;
        try {
            const app::UmpireCommand command = app::parse_umpire_command(line, game, selection);
            if (command.kind != app::UmpireCommand::Kind::Action) continue;
            // The typed action survives its codec: what the journal writes is what was parsed.
            const nlohmann::json encoded = encode_action(command.action);
            const std::string dumped = encoded.dump();
            const nlohmann::json again = encode_action(decode_action(parse_json_text(dumped, "parsed command")));
            if (again != encoded) {
                std::fprintf(stderr, "the parsed action does not survive JSON: %s\n", dumped.c_str());
                std::abort();
            }
            (void)game.apply(command.action);
            ++applied;
        } catch (const app::CommandError&) {
        } catch (const RuleError&) {
        } catch (const DataError&) {
        }
    }
    fuzz::expect_journal_replays(library, scenario, game);
    return 0;
}
