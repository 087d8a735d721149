// SPDX-License-Identifier: MIT
// fortuna-cli serve: the table companion without a desk, for a club's spare laptop (issue 16), for
// a game of any rule system behind the seam (issue 25).
#include "cli.hpp"

#ifdef FORTUNA_HAVE_COMPANION

#include <QCoreApplication>
#include <QDateTime>
#include <QHostAddress>
#include <QTimer>

#include <array>
#include <atomic>
#include <charconv>
#include <csignal>
#include <iostream>
#include <memory>
#include <random>
#include <sstream>
#include <system_error>

#ifndef _WIN32
#include <QSocketNotifier>

#include <cerrno>
#include <unistd.h>
#endif

#include "companion_server.hpp"
#include "fortuna/core/errors.hpp"
#include "fortuna/land/game.hpp"
#include "fortuna/seam/game_session.hpp"
#include "fortuna/core/journal.hpp"
#include "fortuna/land/system.hpp"
#include "fortuna/qt/headless_gui.hpp"
#include "fortuna/report/report_export.hpp"
#include "fortuna/land/save.hpp"
#include "fortuna/land/scenario.hpp"
#include "session_play.hpp"
#include "table_game.hpp"

// Qt's `emit` keyword macro would swallow the name of fortuna-cli's output function.
#undef emit

namespace fortuna::cli {
namespace {

using nlohmann::json;

// SIGINT and SIGTERM (Ctrl+C on Windows) reach the event loop through a flag: the handler only
// sets it (a lock-free atomic is async-signal-safe), the loop looks at it a few times a second and
// quits, so that the journal and the save are closed cleanly. Standard C and Qt only, so that
// `serve` builds wherever the companion does.
std::atomic<bool> stop_requested{false};
static_assert(std::atomic<bool>::is_always_lock_free);
void on_stop_signal(int) { stop_requested.store(true); }
// How often the loop looks: a stop is noticed within this, an idle server wakes 5 times a second.
constexpr int kStopCheckMilliseconds = 200;

std::uint64_t serve_seed(const Arguments& args) {
    const auto text = args.value("seed");
    if (!text) {
        std::random_device device;
        return (static_cast<std::uint64_t>(device()) << 32) | device();
    }
    std::uint64_t seed = 0;
    const auto [end, error] = std::from_chars(text->data(), text->data() + text->size(), seed);
    if (text->empty() || error != std::errc() || end != text->data() + text->size())
        throw UsageError("--seed needs a whole number 0-18446744073709551615, not '" + *text + "'");
    return seed;
}

// A line typed on serve's standard input (docs/companion.md, Join codes): "reissue SIDE",
// "reissue umpire", "reissue" (every side's code), "fog on", "fog off", "fog rounded", "fog hidden" (the enemy's
// strengths under the fog), "codes". The answer goes to standard output,
// one JSON object a line with --json: {"reissued": {...}, "codes": {...}} or {"error": "..."}.
void serve_command(const std::string& line, companion::CompanionServer& server, Context& context) {
    std::istringstream words(line);
    std::string verb;
    std::string who;
    std::string extra;
    words >> verb >> who >> extra;
    if (verb.empty()) return;
    json answer;
    try {
        if ((verb == "reissue" || verb == "revoke") && extra.empty()) {
            const std::vector<std::string> names = who.empty() || who == "all" ? std::vector<std::string>{} : std::vector<std::string>{who};
            answer = {{"reissued", server.reissueCodes(names)}, {"codes", server.codes().to_json()}};
        } else if (verb == "fog" && (who == "on" || who == "off") && extra.empty()) {
            server.setFog(who == "on");
            answer = {{"fog", server.fog()}};
        } else if (verb == "fog" && fortuna::fog_strengths_from(who) && extra.empty()) {
            server.setFogStrengths(*fortuna::fog_strengths_from(who));
            answer = {{"fog", server.fog()}, {"strengths", std::string(fortuna::to_string(server.fogStrengths()))}};
        } else if (verb == "codes" && who.empty()) {
            answer = {{"codes", server.codes().to_json()}};
        } else {
            answer = {{"error", "unknown command '" + companion::cut_text(line, 80) + "': type 'reissue SIDE', 'reissue umpire', 'reissue' (every side's), 'fog on', 'fog off' or 'codes'"}};
        }
    } catch (const companion::ApiError& error) {
        answer = {{"error", error.what()}};
    }
    if (context.json) {
        context.out << companion::dump_json(answer) << std::endl;
        return;
    }
    if (answer.contains("error")) context.out << shown(answer["error"].get<std::string>()) << "\n";
    if (answer.contains("fog")) context.out << "  " << shown(std::string("fog of war ") + (answer["fog"].get<bool>() ? "on" : "off")) << "\n";
    if (answer.contains("reissued"))
        for (auto it = answer["reissued"].begin(); it != answer["reissued"].end(); ++it)
            context.out << "  " << shown("new code for " + it.key() + ": " + it.value().get<std::string>() + " (the old one is revoked)") << "\n";
    else if (answer.contains("codes"))
        for (auto it = answer["codes"].begin(); it != answer["codes"].end(); ++it) context.out << "  " << it.key() << ": " << it.value().get<std::string>() << "\n";
    context.out << std::flush;
}

int run_serve(const Arguments& args, Context& context) {
    const auto load = args.value("load");
    const auto scenario_name = args.value("scenario");
    if (load.has_value() == scenario_name.has_value()) throw UsageError("give --scenario ID|FILE for a new game or --load SAVE to continue one");
    if (load && args.value("seed")) throw UsageError("--load continues a saved game: its seed is in the save");
    const std::string bind = args.value("bind").value_or("127.0.0.1");
    const QHostAddress address(QString::fromStdString(bind));
    if (address.isNull()) throw UsageError("--bind needs an address such as 127.0.0.1 (this machine only) or 0.0.0.0 (every network), not '" + bind + "'");
    const int port = args.integer("port", 8700);
    if (port < 0 || port > 65535) throw UsageError("--port is 1-65535 (0: any free port), not " + std::to_string(port));

    const RulesLibrary& library = context.library();
    // The registry says which rule system the file is: the land games keep their own options
    // (--advisory), every other system opens through its GameSession.
    const auto other = session_file(context, scenario_name, load);
    std::optional<Game> game;
    std::unique_ptr<GameSession> session;
    if (other) {
        const RuleSystem& system = *other->claimed.system;
        if (args.flag("advisory"))
            throw UsageError("--advisory switches off the land games' rules of play; " + other->file.string() + " is a " +
                             system.describe(other->claimed.format) + " of " + system.name() + ", which has none to switch off");
        if (load && !other->claimed.format.ends_with("-save") && !other->claimed.format.ends_with("-journal"))
            throw UsageError("--load continues a save or a journal; " + other->file.string() + " is a " + system.describe(other->claimed.format));
        session = system.open_game(library, other->file, other->claimed, load ? 0 : serve_seed(args));
        for (const auto& note : session->opening_notes()) context.err << "fortuna-cli serve: " << shown(note) << "\n";
    } else {
        // --advisory: without the rules of play (docs/rules/enforcement.md), as `play --advisory`.
        const Enforcement enforcement = args.flag("advisory") ? Enforcement{false, false, false, false} : Enforcement{};
        game.emplace(load ? load_game(library, *load) : Game(library, load_scenario(library, *scenario_name), serve_seed(args), enforcement));
        session = land::land_session_view(*game);
    }

    // Durable like `play`: every action reaches the journal (and the sender the attribution
    // log beside it) before the page hears back.
    const auto save = args.value("save");
    std::filesystem::path journal;
    if (const auto given = args.value("journal")) journal = *given;
    else if (save) journal = journal_path_for_save(*save);
    else journal = session->scenario_id() + "-serve-" + QDateTime::currentDateTime().toString(QStringLiteral("yyyyMMdd-HHmmss")).toStdString() + ".journal";
    if (game) {
        game->attach_journal(journal);
    } else {
        try {
            session->attach_journal(journal);
        } catch (const JournalConflict& conflict) {
            throw UsageError(std::string(conflict.what()) + " ; give another --journal/--save");
        }
    }
    const std::string attribution = journal.string() + ".by.jsonl";

    const auto gui = qt::headless_gui_application();  // the board picture needs QtGui's fonts (offscreen)
    companion::Limits limits;
    // A live page that sends nothing for this long (the page pings every 30 s) is closed.
    limits.idle_seconds = args.integer("idle-timeout", limits.idle_seconds);
    if (limits.idle_seconds < 1 || limits.idle_seconds > 86400)
        throw UsageError("--idle-timeout is 1-86400 seconds, not " + std::to_string(limits.idle_seconds));
    // The land game is applied as before (Game::apply, its rules of play) and drawn by the report's
    // painter; every other system's session applies its own actions and is drawn from its pieces.
    companion::TableGame table = game ? companion::TableGame([&session] { return session.get(); },
                                                             [&game](const json& action) -> std::optional<std::string> {
                                                                 try {
                                                                     (void)game->apply(action);
                                                                     return std::nullopt;
                                                                 } catch (const std::exception& error) {
                                                                     return std::string(error.what());
                                                                 }
                                                             },
                                                             [&game] {
                                                                 // Copied here, drawn on the server's worker thread.
                                                                 auto scene = std::make_shared<const report::BoardScene>(report::board_scene(*game, game->state()));
                                                                 return companion::TableGame::BoardDrawing(
                                                                     [scene](int width) { return report::render_board(*scene, width); });
                                                             })
                                      : companion::TableGame::over(*session);
    companion::CompanionServer server(std::move(table), limits);
    server.setAttributionLog(QString::fromStdString(attribution));
    server.setLanguages(companion::PageLanguages::shared(context.data_dir));  // each phone in its own language
    if (const auto strengths = args.value("fog-strengths")) {
        // Under the fog, what a side is told of the enemy it sees (docs/rules/fog-of-war-strengths.md).
        const auto chosen = fortuna::fog_strengths_from(*strengths);
        if (!chosen) throw UsageError("--fog-strengths is hidden or rounded, not '" + companion::cut_text(*strengths, 40) + "'");
        server.setFogStrengths(*chosen);
    }
    if (args.flag("fog")) {
        try {
            server.setFog(true);
        } catch (const companion::ApiError& error) {
            throw UsageError(std::string("--fog: ") + error.what());
        }
    }
    try {
        server.listen(address, static_cast<quint16>(port));
    } catch (const std::runtime_error& error) {
        context.err << "fortuna-cli serve: " << shown(error.what()) << "\n";
        return kExitFailure;
    }

    const json first{{"url", server.url().toStdString()}, {"codes", server.codes().to_json()}, {"journal", journal.string()},
                     {"attribution", attribution}, {"scenario", session->scenario_id()}, {"system", session->system().id()}};
    context.out << first.dump() << std::endl;
    if (!context.json) {
        context.out << shown("Serving " + session->scenario_name() + " (" + session->system().name() + ") at " + server.url().toStdString() + " (Ctrl+C stops)") << "\n";
        const json codes = server.codes().to_json();
        for (auto it = codes.begin(); it != codes.end(); ++it) context.out << "  " << it.key() << ": " << it.value().get<std::string>() << "\n";
        context.out << std::flush;
    }

    stop_requested.store(false);
    QTimer stop_check;
    QObject::connect(&stop_check, &QTimer::timeout, [] {
        if (stop_requested.load()) QCoreApplication::quit();
    });
    stop_check.start(kStopCheckMilliseconds);
    std::signal(SIGINT, on_stop_signal);
    std::signal(SIGTERM, on_stop_signal);
#ifndef _WIN32
    // Lines typed on standard input revoke and reissue join codes without a restart. A serve put
    // in the background of a terminal gets EIO from read() (SIGTTIN ignored) instead of being
    // stopped, and looks again a second later; at the end of its input (/dev/null, a closed
    // pipe) it stops reading and serves on.
    std::string typed;
    std::signal(SIGTTIN, SIG_IGN);
    QSocketNotifier input(STDIN_FILENO, QSocketNotifier::Read);
    QObject::connect(&input, &QSocketNotifier::activated, [&] {
        std::array<char, 1024> buffer{};
        const ssize_t got = ::read(STDIN_FILENO, buffer.data(), buffer.size());
        if (got < 0 && (errno == EIO || errno == EAGAIN || errno == EINTR)) {
            input.setEnabled(false);
            QTimer::singleShot(1000, &input, [&input] { input.setEnabled(true); });
            return;
        }
        if (got <= 0) {
            input.setEnabled(false);
            return;
        }
        typed.append(buffer.data(), static_cast<std::size_t>(got));
        for (auto end = typed.find('\n'); end != std::string::npos; end = typed.find('\n')) {
            serve_command(typed.substr(0, end), server, context);
            typed.erase(0, end + 1);
        }
        if (typed.size() > 4096) typed.clear();  // no command is that long
    });
#endif
    QCoreApplication::exec();
    std::signal(SIGINT, SIG_DFL);
    std::signal(SIGTERM, SIG_DFL);
#ifndef _WIN32
    std::signal(SIGTTIN, SIG_DFL);
#endif
    stop_check.stop();
    server.close();

    std::optional<std::string> save_failure;
    if (save) {
        try {
            if (game) save_game(*game, *save);
            else session->save(*save);
        } catch (const std::system_error& error) {
            save_failure = error.what();
        }
    }
    json document = game ? game->summary_json() : session->public_state();
    document.erase("seed");
    document["system"] = session->system().id();
    document["journal_file"] = journal.string();
    if (save && !save_failure) document["save"] = *save;
    if (save_failure) document["save_failed"] = *save_failure;
    std::vector<std::string> lines{"Stopped serving after " + std::to_string(session->journal().size()) + " journal lines (" + journal.string() + ")"};
    if (save && !save_failure) lines.push_back("Saved to " + *save);
    if (save_failure) context.err << "fortuna-cli serve: " << shown("not saved: " + *save_failure) << "\n";
    emit(context, document, lines);
    return save_failure ? kExitFailure : kExitOk;
}

void declare_serve(CLI::App& command) {
    command.add_option("--scenario", "serve a new game of this scenario (a shipped id or a .json file)")->type_name("ID|FILE");
    command.add_option("--seed", "seed of the new game's generator")->type_name("N");
    command.add_option("--load", "serve this saved game instead")->type_name("SAVE");
    command.add_option("--bind", "the address to listen on (127.0.0.1 by default; the club's network address to share)")->type_name("ADDR");
    command.add_option("--port", "the port to listen on")->type_name("N");
    command.add_option("--journal", "write the recovery journal here")->type_name("FILE");
    command.add_option("--idle-timeout", "close a live page that sends nothing for this many seconds (120)")->type_name("SECONDS");
    command.add_option("--save", "save the game here when serving stops")->type_name("SAVE");
    command.add_option("--fog-strengths", "under the fog, the enemy units a side sees: hidden (their strength and state; the default) or rounded "
                                          "(their state and bases to the nearest 2)")->type_name("hidden|rounded");
    command.add_flag("--fog")->description("fog of war: each side's pages show the other side's pieces only where its own see them (docs/companion.md)");
    command.add_flag("--advisory")->description("a new game without the rules of play: the app advises, the table decides");
}

const Registration registration{"serve", "serve the game to the players' phones over HTTP and a WebSocket (docs/companion.md)",
                                declare_serve, run_serve};

}  // namespace
}  // namespace fortuna::cli

#endif
