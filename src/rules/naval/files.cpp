// SPDX-License-Identifier: MIT
// Naval saves and journals: every action a line with its rolls, replayed through NavalGame::apply and checked roll by roll.
//
// Why replay draws the generated rolls again instead of taking them from the file: the game's
// dice and the rolls kept by undo (naval_game.cpp) are then exactly where the live game left
// them, so a resumed game rolls on as the uninterrupted one would have; and a roll that comes
// out different from the recorded one proves the file belongs to another scenario or seed.
// Dice the player entered are his own and are replayed as recorded.
#include "fortuna/naval/files.hpp"

#include <cerrno>
#include <cstdlib>
#include <fstream>

#include "fortuna/core/errors.hpp"
#include "fortuna/core/json_fields.hpp"
#include "fortuna/seam/library.hpp"
#include "fortuna/naval/system.hpp"
#include "fortuna/core/platform.hpp"
#include "fortuna/core/game_files.hpp"

#ifndef FORTUNA_VERSION
#define FORTUNA_VERSION "dev"
#endif

namespace fortuna {

namespace {

using nlohmann::json;

// The action fields holding one roll, and those holding a list of rolls (naval_action_to_json).
constexpr const char* kSingleRolls[] = {"direction_roll", "speed_roll", "shoal_roll", "roll"};
constexpr const char* kRollLists[] = {"dice", "attacker_dice", "defender_dice", "spread_rolls"};

// Names a bad die or an unknown ship by its pointer before the codec sees the action, so the
// message says which field of which line is wrong (the codec's own message has no line).
void check_action_fields(const json& action, const NavalGame& game, const std::string& file, const std::string& where) {
    if (!action.is_object()) throw DataError(file, where, "a naval action object with \"action\"", action.dump().substr(0, 60));
    for (const char* key : {"ship", "target"}) {
        if (!action.contains(key)) continue;
        const json& id = action[key];
        bool known = false;
        std::string ids;
        for (const auto& s : game.state().ships) {
            known = known || (id.is_string() && id.get<std::string>() == s.id);
            ids += (ids.empty() ? "" : ", ") + s.id;
        }
        if (!known) throw DataError(file, where + "/" + key, "a ship of the scenario (" + ids + ")", id.dump());
    }
    const auto check_die = [&](const json& roll, const std::string& pointer) {
        const json& value = roll.is_object() && roll.contains("value") ? roll["value"] : roll;
        if (!value.is_number_integer() || value.get<long long>() < 1 || value.get<long long>() > 6)
            throw DataError(file, pointer + (roll.is_object() ? "/value" : ""), "a d6 roll, 1 to 6", value.dump());
    };
    for (const char* key : kSingleRolls)
        if (action.contains(key) && !action[key].is_null()) check_die(action[key], where + "/" + key);
    for (const char* key : kRollLists) {
        if (!action.contains(key)) continue;
        if (!action[key].is_array()) throw DataError(file, where + "/" + key, "a list of d6 rolls", action[key].dump().substr(0, 60));
        for (std::size_t i = 0; i < action[key].size(); ++i) check_die(action[key][i], where + "/" + key + "/" + std::to_string(i));
    }
}

std::uint64_t parse_seed(const json& node, const std::string& file, const std::string& where) {
    const std::string text = node.is_string() ? node.get<std::string>() : std::string();
    errno = 0;
    char* end = nullptr;
    const unsigned long long value = std::strtoull(text.c_str(), &end, 10);
    if (text.empty() || errno != 0 || *end != '\0' || text.front() == '-')
        throw DataError(file, where, "an unsigned 64-bit number as decimal text", node.dump());
    return value;
}

DataError rebase(const DataError& error, const std::string& file, const std::string& prefix) {
    return DataError(file, prefix + error.where(), error.expected(), error.found());
}

NavalScenarioCopy scenario_copy_from(const json& node, const std::string& file, const std::string& where) {
    if (!node.is_object() || !node.contains("id") || !node["id"].is_string() || !node.contains("document") || !node["document"].is_object())
        throw DataError(file, where, "the scenario: {\"id\", \"file\", \"document\": a copy of the naval scenario}", node.dump().substr(0, 60));
    const std::string id = node["id"].get<std::string>();
    if (text_member(node["document"], "id") != id)
        throw DataError(file, where + "/id", "the id of the scenario copy ('" + text_member(node["document"], "id") + "')", node["id"].dump());
    return {id, text_member(node, "file"), node["document"]};
}

}  // namespace

NavalScenarioCopy read_naval_scenario_copy(const std::filesystem::path& file, const std::filesystem::path& data_dir) {
    json document = read_json_file(file);
    validate_against_schema(document, "naval-scenario", file.string(), data_dir);
    return {document.value("id", std::string()), file.string(), std::move(document)};
}

// ---------------------------------------------------------------- session

namespace {
NavalScenario scenario_of(const NavalScenarioCopy& copy, const NavalTables& tables, const std::filesystem::path& data_dir) {
    const std::string file = copy.file.empty() ? copy.id : copy.file;
    validate_against_schema(copy.document, "naval-scenario", file, data_dir);
    return NavalScenario::from_json(copy.document, file, tables);
}
}  // namespace

json NavalModel::line_context() const {
    const NavalTurn& turn = game_.state().turn;
    return {{"round", turn.round}, {"side", game_.scenario().sides[static_cast<std::size_t>(turn.active_side)].id}};
}

json NavalModel::step_context() const { return {{"round", game_.state().turn.round}}; }

json NavalModel::line_extras(const Action& action) {
    if (action.override_reason.empty()) return json::object();
    return {{"override", action.override_reason}};
}

NavalModel::Action NavalModel::decode_line(const json& line, const json& action) {
    Action decoded = decode(action);
    if (line.contains("override") && line["override"].is_string()) decoded.override_reason = line["override"].get<std::string>();
    return decoded;
}

void NavalModel::check_line(const json& line, const std::string& file, const std::string& at) const {
    const json& recorded = line.contains("action") ? line["action"] : json();
    check_action_fields(recorded, game_, file, at + "/action");
    const std::string kind = text_member(line, "do");
    if (text_member(recorded, "action") != kind)
        throw DataError(file, at + "/action/action", "the kind the line names (\"" + kind + "\")", recorded.value("action", json()).dump());
}

namespace {
json naval_journal_header(const NavalScenarioCopy& scenario, const std::string& name, std::uint64_t seed) {
    json copy{{"id", scenario.id}, {"document", scenario.document}};
    if (!scenario.file.empty()) copy["file"] = scenario.file;
    return {{"format", kJournalFormat},
            {"format_version", kJournalFormatVersion},
            {"game", kNavalJournalGame},
            {"scenario", copy},
            {"seed", std::to_string(seed)},
            {"summary", "Naval journal of " + name + "; one action a line, each with its rolls and a summary"}};
}

RecordedGame<NavalModel> new_recorded_game(const NavalTables& tables, const NavalScenarioCopy& scenario, std::uint64_t seed,
                                           const std::filesystem::path& data_dir) {
    NavalGame game(tables, scenario_of(scenario, tables, data_dir));
    json header = naval_journal_header(scenario, game.scenario().name, seed);
    return RecordedGame<NavalModel>(NavalModel(std::move(game)), seed, std::move(header));
}
}  // namespace

NavalSession::NavalSession(const NavalTables& tables, NavalScenarioCopy scenario, std::uint64_t seed,
                           const std::filesystem::path& data_dir)
    : scenario_(std::move(scenario)), recorded_(new_recorded_game(tables, scenario_, seed, data_dir)) {}

const AppliedNavalAction& NavalSession::apply(NavalAction action, const std::optional<std::string>& by,
                                              const std::optional<std::string>& why, const std::optional<std::string>& override_reason) {
    if (override_reason && override_reason->empty()) throw RuleError("override: the umpire's reason, not an empty text");
    if (override_reason && by && by->rfind("umpire", 0) != 0)
        throw RuleError("override: only the umpire overrules a rule; this action is by " + *by);
    return recorded_.apply(NavalModel::Action{std::move(action), override_reason.value_or(std::string())}, by, why);
}

NavalSession NavalSession::replay(const NavalTables& tables, NavalScenarioCopy scenario, std::uint64_t seed,
                                  const std::vector<json>& lines, const std::filesystem::path& data_dir, const std::string& file,
                                  const std::function<std::string(std::size_t)>& where) {
    NavalSession session(tables, std::move(scenario), seed, data_dir);
    session.recorded_ = RecordedGame<NavalModel>::replay(session.recorded_.model(), seed, session.recorded_.journal_header(), lines, file, where);
    return session;
}

// ---------------------------------------------------------------- save

json naval_save_document(const NavalSession& session) {
    const NavalScenarioCopy& scenario = session.scenario_copy();
    json copy{{"id", scenario.id}, {"document", scenario.document}};
    if (!scenario.file.empty()) copy["file"] = scenario.file;
    return {{"format", kNavalSaveFormat},
            {"format_version", kNavalSaveFormatVersion},
            {"app", std::string("Fortuna Belli ") + FORTUNA_VERSION},
            {"saved_at", platform::utc_timestamp()},
            {"scenario", copy},
            {"seed", std::to_string(session.seed())},
            {"generator", {{"draws", std::to_string(session.dice().draws())}}},
            {"journal", session.journal()},
            {"state", session.game().to_json()}};
}

void save_naval_game(const NavalSession& session, const std::filesystem::path& file) {
    atomic_write_file(file, naval_save_document(session).dump(1, ' ', false, json::error_handler_t::replace) + "\n");
}

NavalSession load_naval_game(const NavalTables& tables, const std::filesystem::path& path, const std::filesystem::path& data_dir) {
    const std::string file = path.string();
    const json document = read_json_file(path);
    if (!document.is_object() || text_member(document, "format") != kNavalSaveFormat)
        throw DataError(file, "/format", std::string("a naval save (\"format\": \"") + kNavalSaveFormat + "\")",
                        document.is_object() && document.contains("format") ? document["format"].dump() : "no format");
    const json version = document.value("format_version", json(1));
    if (!version.is_number_integer() || version.get<long long>() < 1 || version.get<long long>() > kNavalSaveFormatVersion)
        throw DataError(file, "/format_version",
                        "naval save format 1 to " + std::to_string(kNavalSaveFormatVersion) + " (a newer one needs a newer Fortuna Belli)",
                        version.dump());
    for (const auto& [key, is_right, what] : {std::tuple{"/journal", &json::is_array, "the journal lines, a list"},
                                             std::tuple{"/state", &json::is_object, "the state the journal leads to, an object"},
                                             std::tuple{"/generator", &json::is_object, "the generator: {\"draws\"}"}}) {
        const json::json_pointer pointer(key);
        if (!document.contains(pointer) || !(document[pointer].*is_right)())
            throw DataError(file, key, what, document.contains(pointer) ? document[pointer].dump().substr(0, 60) : "nothing");
    }
    NavalScenarioCopy scenario = scenario_copy_from(document.value("scenario", json()), file, "/scenario");
    const std::uint64_t seed = parse_seed(document.value("seed", json()), file, "/seed");
    const auto& lines = document["journal"].get_ref<const json::array_t&>();
    NavalSession session = [&] {
        try {
            return NavalSession::replay(tables, std::move(scenario), seed, {lines.begin(), lines.end()}, data_dir, file,
                                        [](std::size_t i) { return "/journal/" + std::to_string(i); });
        } catch (const DataError& error) {
            if (error.file() == file) throw;
            throw rebase(error, file, "/scenario/document");  // the scenario copy's own error
        }
    }();
    const std::uint64_t draws = parse_seed(document["generator"].value("draws", json()), file, "/generator/draws");
    if (draws != session.dice().draws())
        throw DataError(file, "/generator/draws", "the dice drawn by the replayed journal (" + std::to_string(session.dice().draws()) + ")",
                        std::to_string(draws));
    const json replayed = session.game().to_json();
    const json& saved = document["state"];
    if (replayed != saved) {
        const json patch = json::diff(saved, replayed);
        const std::string pointer = patch.empty() ? "" : patch.front().value("path", std::string());
        const json::json_pointer at(pointer);
        throw DataError(file, "/state" + pointer,
                        "the state the journal replays to (" + (replayed.contains(at) ? replayed[at].dump() : "nothing") + ")",
                        saved.contains(at) ? saved[at].dump() : "nothing");
    }
    return session;
}

NavalSession recover_naval_game(const NavalTables& tables, const std::filesystem::path& journal, const std::filesystem::path& data_dir) {
    const std::string file = journal.string();
    const JournalContents contents = read_journal(journal);
    const json& header = contents.header;
    if (text_member(header, "game") != kNavalJournalGame)
        throw DataError(file, "line 1/game", std::string("a naval journal (\"game\": \"") + kNavalJournalGame + "\")",
                        header.contains("game") ? header["game"].dump() : "a land game's journal");
    NavalScenarioCopy scenario = scenario_copy_from(header.value("scenario", json()), file, "line 1/scenario");
    const std::uint64_t seed = parse_seed(header.value("seed", json()), file, "line 1/seed");
    try {
        // The header is line 1: the first action is line 2.
        return NavalSession::replay(tables, std::move(scenario), seed, contents.lines, data_dir, file,
                                    [](std::size_t i) { return "line " + std::to_string(i + 2); });
    } catch (const DataError& error) {
        if (error.file() == file) throw;
        throw rebase(error, file, "line 1/scenario/document");
    }
}

bool is_naval_save(const std::filesystem::path& file) {
    try {
        const json document = read_json_file(file);
        return document.is_object() && text_member(document, "format") == kNavalSaveFormat;
    } catch (const DataError&) {
        return false;
    }
}

bool is_naval_journal(const std::filesystem::path& file) {
    std::ifstream in(file, std::ios::binary);
    std::string first;
    if (!in || !std::getline(in, first)) return false;
    const json header = json::parse(first, nullptr, false);
    return header.is_object() && text_member(header, "format") == kJournalFormat &&
           text_member(header, "game") == kNavalJournalGame;
}

// recovery/<system id>/ as every system's but land's (the app offers them all at its start).
std::filesystem::path naval_recovery_dir() { return recovery_dir() / naval_system().id(); }

}  // namespace fortuna
