// SPDX-License-Identifier: MIT
// fortuna-cli play for a naval game: naval actions from a file, the journal as they apply, the save at the end.
//
// `play` (cmd_play.cpp) hands a naval scenario, save or journal here; the land game's options
// that a naval game has no use for (the programmed opponent, advisory rules) are refused there.
#include <cstdio>
#include <system_error>

#include "fortuna/errors.hpp"
#include "fortuna/json_fields.hpp"
#include "fortuna/journal.hpp"
#include "fortuna/library.hpp"
#include "fortuna/naval_files.hpp"
#include "fortuna/platform.hpp"
#include "fortuna/save.hpp"
#include "naval_play.hpp"
#include "play_files.hpp"

namespace fortuna::cli {

using nlohmann::json;

std::filesystem::path naval_scenario_file(const Context& context, const std::string& id_or_file) {
    const bool is_file = id_or_file.find('/') != std::string::npos || id_or_file.ends_with(".json");
    return is_file ? std::filesystem::path(id_or_file) : context.data_dir / "scenarios" / (id_or_file + ".json");
}

bool names_naval_game(const Context& context, const std::optional<std::string>& scenario, const std::optional<std::string>& load) {
    std::error_code missing;
    if (scenario) {
        const auto file = naval_scenario_file(context, *scenario);
        return std::filesystem::exists(file, missing) && is_naval_scenario(file);
    }
    return load && std::filesystem::exists(*load, missing) && (is_naval_journal(*load) || is_naval_save(*load));
}

namespace {

std::string ship_line(const Ship& s) {
    std::string masts;
    for (std::size_t i = 0; i < s.now.masts.size(); ++i) masts += s.now.masts[i] ? "|" : "x";
    std::string state;
    if (s.now.fire != FireState::None) state += " ON FIRE (" + std::string(to_string(s.now.fire)) + ")";
    if (s.now.grounded) state += " aground";
    if (s.now.anchored) state += " anchored";
    if (s.now.struck) state += " struck (prize)";
    if (s.now.sunk) state += " SUNK";
    char line[256];
    std::snprintf(line, sizeof line, "  %-12s %-11s port %d stbd %d masts %s hull %d  at (%g, %g) heading %g°%s", s.id.c_str(),
                  s.ship_class->id.c_str(), s.now.port_decks, s.now.starboard_decks, masts.c_str(), s.now.hull, s.now.x_cm, s.now.y_cm,
                  s.now.heading_deg, state.c_str());
    return line;
}

}  // namespace

std::vector<std::string> naval_state_lines(const NavalGame& game) {
    const auto& scenario = game.scenario();
    const auto& tables = game.tables();
    const auto& w = game.state().wind;
    std::vector<std::string> lines{scenario.name};
    lines.push_back("round " + std::to_string(game.state().turn.round) + ", " +
                    scenario.sides[static_cast<std::size_t>(game.state().turn.active_side)].name + " to move; wind from " +
                    tables.compass[static_cast<std::size_t>(w.direction)] + ", speed " + std::to_string(w.speed) +
                    (high_seas(tables, w) ? " (high seas)" : ""));
    for (std::size_t side = 0; side < scenario.sides.size(); ++side) {
        lines.push_back(scenario.sides[side].name + " (damage inflicted " + std::to_string(game.damage_inflicted_by(static_cast<int>(side))) + ")");
        for (const auto& s : game.state().ships)
            if (s.now.side == static_cast<int>(side)) lines.push_back(ship_line(s));
    }
    const int leader = game.leading_side();
    lines.push_back(leader < 0 ? "leading: level (D9: the most damage inflicted wins)"
                               : "leading: " + scenario.sides[static_cast<std::size_t>(leader)].name + " (D9: the most damage inflicted wins)");
    return lines;
}

namespace {

// A save, or the journal beside it when that journal goes further (a crash after the save
// leaves the actions since in the journal only). A journal that disagrees is refused, never replaced.
NavalSession continue_naval_save(const NavalTables& tables, const std::filesystem::path& save, const std::filesystem::path& data_dir,
                                 std::optional<std::filesystem::path>& journal, std::vector<std::string>& notes) {
    NavalSession session = load_naval_game(tables, save, data_dir);
    const std::filesystem::path beside = journal_path_for_save(save);
    std::error_code missing;
    if (!std::filesystem::exists(beside, missing)) return session;
    const JournalContents contents = read_journal(beside);
    const auto& saved = session.journal();
    std::size_t same = 0;
    const bool same_game = contents.header == session.journal_header();
    while (same_game && same < saved.size() && same < contents.lines.size() && saved[same] == contents.lines[same]) ++same;
    // The journal beside the save goes on taking the actions, as the land game's does.
    if (same_game && same == contents.lines.size()) {
        journal = beside;
        return session;
    }
    if (same_game && same == saved.size()) {
        journal = beside;
        notes.push_back("continuing " + beside.string() + ": it holds " + plural(contents.lines.size() - saved.size(), "journal line") +
                        " beyond the save " + save.string());
        return recover_naval_game(tables, beside, data_dir);
    }
    throw UsageError("the journal " + beside.string() + (same_game ? " disagrees with " + save.string() + " from line " + std::to_string(same + 2)
                                                                   : " belongs to another game than " + save.string()) +
                     ": continue it with --load " + beside.string() + ", or move it away to continue the save");
}

NavalSession open_naval_game(const NavalTables& tables, const NavalPlayRequest& request, Context& context,
                             std::optional<std::filesystem::path>& journal, std::vector<std::string>& notes) {
    if (request.load) {
        if (is_naval_journal(*request.load)) {
            journal = *request.load;
            return recover_naval_game(tables, *request.load, context.data_dir);
        }
        return continue_naval_save(tables, *request.load, context.data_dir, journal, notes);
    }
    return NavalSession(tables, read_naval_scenario_copy(naval_scenario_file(context, *request.scenario), context.data_dir),
                        seed_or_random(request.seed), context.data_dir);
}

// Applies the file's actions until the end or the first refusal (`stopped` says which line and why).
void apply_naval_actions(NavalSession& session, const std::string& actions, json& applied, std::vector<std::string>& lines,
                         std::optional<std::string>& stopped) {
    for_each_action_line(actions, [&](int number, const std::string& text) {
        const std::string where = actions + ":" + std::to_string(number) + ": ";
        try {
            const json input = parse_json_text(text, actions);
            const std::string kind = text_member(input, "action");
            if (kind == "undo" || kind == "redo") {
                if (!(kind == "undo" ? session.undo() : session.redo())) throw RuleError("there is nothing to " + kind);
            } else {
                session.apply(naval_action_from_json(input));
            }
            const json& line = session.journal().back();
            applied.push_back({{"line", number}, {"seq", line["seq"]}, {"do", line["do"]}, {"summary", line["summary"]},
                               {"action", line.value("action", json())}});
            lines.push_back("#" + std::to_string(line["seq"].get<int>()) + " " + line["summary"].get<std::string>());
            return true;
        } catch (const DataError& error) {
            stopped = where + "not a naval action as JSON (" + error.expected() + (error.found().empty() ? "" : ", found " + error.found()) + ")";
        } catch (const json::exception& error) {
            stopped = where + "not a naval action as JSON (" + error.what() + ")";
        } catch (const RuleError& error) {
            stopped = where + error.what();
        } catch (const std::system_error& error) {
            // The journal could not take the line: not applied, and the ones before it are on disk.
            stopped = where + "not applied: " + error.what();
        }
        return false;
    });
}

}  // namespace

int play_naval(const NavalPlayRequest& request, Context& context) {
    platform::set_program_name("fortuna-cli");
    std::vector<std::shared_ptr<platform::FileLock>> owned;
    if (request.save) owned.push_back(own_game_files(*request.save));
    if (request.journal) owned.push_back(own_game_files(*request.journal));
    if (request.load && !request.save && !request.journal) owned.push_back(own_game_files(*request.load));

    const NavalTables tables = load_naval_tables(context.data_dir);
    std::optional<std::filesystem::path> loaded_journal;
    std::vector<std::string> notes;
    NavalSession session = open_naval_game(tables, request, context, loaded_journal, notes);
    for (const auto& note : notes) context.err << "fortuna-cli play: " << note << "\n";

    // As the land game: the journal keeps every action on disk as it applies, so nothing is
    // lost before the save; an existing journal is continued, never cut short.
    std::optional<std::filesystem::path> journal;
    if (request.journal) journal = *request.journal;
    else if (request.save) journal = journal_path_for_save(*request.save);
    else journal = loaded_journal;
    if (journal) {
        try {
            session.attach_journal(*journal);
        } catch (const JournalConflict& conflict) {
            throw UsageError(std::string(conflict.what()) + " ; give another --journal/--save");
        }
    }

    json applied = json::array();
    std::vector<std::string> lines;
    std::optional<std::string> stopped;
    if (request.actions) apply_naval_actions(session, *request.actions, applied, lines, stopped);

    std::optional<std::string> save_failure;
    if (request.save) {
        try {
            save_naval_game(session, *request.save);
        } catch (const std::system_error& error) {
            save_failure = error.what();
        }
    }

    json document = session.game().to_json();
    document["seed"] = std::to_string(session.seed());
    document["applied"] = applied;
    document["applied_count"] = applied.size();
    if (request.save && !save_failure) document["save"] = *request.save;
    if (save_failure) document["save_failed"] = *save_failure;
    if (const auto file = session.journal_file()) document["journal_file"] = file->string();
    if (stopped) document["refused"] = *stopped;
    for (const auto& line : naval_state_lines(session.game())) lines.push_back(line);
    if (request.save && !save_failure) lines.push_back("Saved to " + *request.save);
    emit(context, document, lines);
    if (stopped) {
        context.err << "fortuna-cli play: refused " << *stopped << "\n"
                    << "  the " << plural(applied.size(), "action") << " before it were applied"
                    << (request.save && !save_failure ? " and saved" : "") << "\n";
    }
    if (save_failure) context.err << "fortuna-cli play: " << *save_failure << "\n";
    return stopped || save_failure ? kExitFailure : kExitOk;
}

int replay_naval(const std::string& file, Context& context) {
    const NavalTables tables = load_naval_tables(context.data_dir);
    const bool journal = is_naval_journal(file);
    const NavalSession session = journal ? recover_naval_game(tables, file, context.data_dir) : load_naval_game(tables, file, context.data_dir);
    json document = session.game().to_json();
    document.update({{"file", file}, {"kind", journal ? "naval journal" : "naval save"}, {"reproduced", true},
                     {"lines", session.journal().size()}, {"actions", session.game().history().size()}});
    std::vector<std::string> lines{file + ": the " + (journal ? "naval journal" : "naval save") + " of " +
                                   plural(session.journal().size(), "line") + " (" + plural(session.game().history().size(), "action") +
                                   " in effect) replays roll by roll" + (journal ? "" : " to the saved state")};
    for (const auto& line : naval_state_lines(session.game())) lines.push_back(line);
    emit(context, document, lines);
    return kExitOk;
}

}  // namespace fortuna::cli
