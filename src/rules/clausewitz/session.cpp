// SPDX-License-Identifier: MIT
// Clausewitz behind the seam: the recorded game (recorded_game.hpp) as a GameSession, its save
// (the journal, the scenario's copy and the state, compared after the replay) and open_game.
#include <cstdio>
#include <fstream>
#include <functional>

#include "fortuna/clausewitz/session.hpp"
#include "fortuna/clausewitz/system.hpp"
#include "fortuna/core/errors.hpp"
#include "fortuna/seam/game_session.hpp"
#include "fortuna/core/journal.hpp"
#include "fortuna/seam/library.hpp"
#include "fortuna/core/game_files.hpp"
#include "sheets.hpp"

namespace fortuna::clausewitz {

namespace fs = std::filesystem;
using nlohmann::json;

namespace {

using Recorded = RecordedGame<Game>;

// The first place two states differ, as a JSON pointer ("" when equal).
std::string first_difference(const json& a, const json& b, const std::string& at) {
    if (a == b) return "";
    if (a.is_number() && b.is_number()) return at.empty() ? "/" : at;
    if (a.type() != b.type()) return at.empty() ? "/" : at;
    if (a.is_object()) {
        for (const auto& [key, value] : a.items()) {
            if (!b.contains(key)) return at + "/" + key;
            const std::string d = first_difference(value, b.at(key), at + "/" + key);
            if (!d.empty()) return d;
        }
        for (const auto& [key, value] : b.items())
            if (!a.contains(key)) return at + "/" + key;
        return "";
    }
    if (a.is_array()) {
        if (a.size() != b.size()) return at.empty() ? "/" : at;
        for (std::size_t i = 0; i < a.size(); ++i) {
            const std::string d = first_difference(a[i], b[i], at + "/" + std::to_string(i));
            if (!d.empty()) return d;
        }
        return "";
    }
    return a == b ? "" : (at.empty() ? "/" : at);
}

std::uint64_t seed_of(const json& node, const std::string& file, const std::string& pointer) {
    if (!node.is_string() || node.get<std::string>().empty() || node.get<std::string>().size() > 20 ||
        node.get<std::string>().find_first_not_of("0123456789") != std::string::npos)
        throw DataError(file, pointer, "the seed as a string of digits", node.dump().substr(0, 40));
    return std::stoull(node.get<std::string>());
}

Recorded replay_lines(const RulesLibrary& library, const json& header, const std::vector<json>& lines, const std::string& file,
                      const std::function<std::string(std::size_t)>& where, const std::string& header_pointer) {
    if (!header.is_object() || !header.contains("scenario") || !header.at("scenario").is_object() || !header.at("scenario").contains("document"))
        throw DataError(file, header_pointer + "/scenario/document", "the scenario's document copied into the header", header.dump().substr(0, 60));
    const json& document = header.at("scenario").at("document");
    try {
        validate_against_schema(document, "clausewitz-scenario", file, library.data_dir());
    } catch (const DataError& error) {
        throw DataError(file, header_pointer + "/scenario/document" + error.where(), error.expected(), error.found());
    }
    const std::uint64_t seed = seed_of(header.value("seed", json()), file, header_pointer + "/seed");
    auto tables = std::make_shared<const Tables>(load_tables(library.data_dir()));
    std::shared_ptr<const Scenario> scenario;
    try {
        scenario = std::make_shared<const Scenario>(scenario_from_json(*tables, document, library.data_dir(), file));
    } catch (const RuleError& error) {
        throw DataError(file, header_pointer + "/scenario/document", "a playable Clausewitz scenario", error.what());
    }
    return Recorded::replay(Game(tables, scenario), seed, header, lines, file, where);
}

}  // namespace

PlayerActions clausewitz_player_actions() {
    struct Kind {
        const char* kind;
        std::vector<std::string> keys;      // beside "action" and "note"
        std::vector<std::string> own;       // the player's brigades and generals
        std::vector<std::string> existing;  // an enemy named
        std::vector<std::string> umpire;
    };
    // Every roll slot, the chip and "overrule" are the umpire's in every kind; the claims about
    // the board (range, enfilade, flank, cover) are measured, so the umpire's too.
    const std::vector<std::string> rolls{"chips", "command", "morale", "steady", "fire", "save", "lose", "melee", "defence", "lose_back", "colours", "roll_off", "overrule"};
    const auto with = [&](std::vector<std::string> more) {
        more.insert(more.end(), rolls.begin(), rolls.end());
        return more;
    };
    static const std::vector<Kind> kinds{
        {"activate", {"brigade", "general", "points"}, {"brigade", "general"}, {}, {}},
        {"march", {"brigade", "at"}, {"brigade"}, {}, {}},
        {"quick-march", {"brigade", "at"}, {"brigade"}, {}, {}},
        {"face", {"brigade", "facing"}, {"brigade"}, {}, {}},
        {"formation", {"brigade", "formation"}, {"brigade"}, {}, {}},
        {"fire", {"brigade", "target"}, {"brigade"}, {"target"}, {"range", "enfilade", "cover"}},
        {"skirmish", {"brigade", "target"}, {"brigade"}, {"target"}, {"range", "enfilade", "cover"}},
        {"bombard", {"brigade", "target"}, {"brigade"}, {"target"}, {"range", "flank", "cover"}},
        {"hold", {"brigade"}, {"brigade"}, {}, {}},
        {"charge", {"brigade", "target"}, {"brigade"}, {"target"}, {}},
        {"roll-off", {}, {}, {}, {}},
        {"scout", {"marker", "at"}, {}, {}, {}},
        {"scout-pass", {}, {}, {}, {}},
        {"deploy", {"brigade", "at", "facing"}, {}, {}, {}},
        {"order", {"general", "to", "objective"}, {"general", "to"}, {}, {}},
        {"move-general", {"general", "at"}, {"general"}, {}, {}},
        {"pass-reaction", {}, {}, {}, {}},
    };
    PlayerActions actions;
    actions.kind_key = "action";
    for (const Kind& k : kinds) {
        PlayerActionKind kind{k.kind, {"action", "note"}, k.own, k.existing, with(k.umpire)};
        kind.keys.insert(kind.keys.end(), k.keys.begin(), k.keys.end());
        actions.kinds.push_back(std::move(kind));
    }
    return actions;
}

ActionPreview clausewitz_preview(const Game& game, bool can_undo, bool can_redo, const json& action) {
    if (!action.is_object()) throw RuleError("an action is a JSON object with \"action\": KIND, not " + action.dump().substr(0, 60));
    ActionPreview out;
    const std::string kind = action.contains("action") && action["action"].is_string() ? action["action"].get<std::string>() : "";
    if (kind == "undo" || kind == "redo") {
        if (!(kind == "undo" ? can_undo : can_redo)) throw RuleError("there is nothing to " + kind);
        out.summary = kind + ": the last action " + (kind == "undo" ? "taken back, its rolls kept" : "applied again with its own rolls");
        return out;
    }
    json bare = action;
    for (const char* key : {"note", "by", "why", "chips", "command", "morale", "steady", "fire", "save", "lose", "melee", "defence", "lose_back", "colours", "roll_off"}) bare.erase(key);
    const Foreseen seen = game.foresee(Game::decode(bare));
    out.summary = seen.summary;
    out.roll_kind = seen.roll_kind;
    out.roll_slot = seen.roll_slot;
    for (const auto& [label, p] : seen.odds) out.odds.push_back({label, p.numerator, p.denominator});
    return out;
}

namespace {

class ClausewitzSession final : public GameSession {
public:
    ClausewitzSession(Recorded game, std::vector<std::string> notes = {}) : game_(std::move(game)), notes_(std::move(notes)) {}

    const RuleSystem& system() const override { return clausewitz_system(); }
    std::string scenario_id() const override { return game_.model().scenario().id; }
    std::string scenario_name() const override { return game_.model().scenario().name; }
    std::uint64_t seed() const override { return game_.seed(); }
    std::vector<std::string> side_ids() const override {
        std::vector<std::string> ids;
        for (const auto& s : game_.model().scenario().sides) ids.push_back(s.id);
        return ids;
    }
    std::vector<std::string> side_names() const override {
        std::vector<std::string> names;
        for (const auto& s : game_.model().scenario().sides) names.push_back(s.name);
        return names;
    }
    int acting_side() const override { return game_.model().acting_side(); }
    std::string clock_label() const override {
        const Game& g = game_.model();
        const int side = g.acting_side();
        return "turn " + std::to_string(g.state().turn) + ", " + g.clock() +
               (side < 0 ? ", over" : g.state().chip < 0 && g.state().active < 0 ? ", a chip to draw" : ", " + g.scenario().sides[static_cast<std::size_t>(side)].name + " acting");
    }

    Happened apply(const json& action) override {
        const std::string kind = action.is_object() && action.contains("action") && action["action"].is_string() ? action["action"].get<std::string>() : "";
        const json& line = game_.apply_json(action);
        Happened happened;
        happened.seq = line.value("seq", 0);
        happened.kind = line.value("do", std::string());
        happened.summary = line.value("summary", std::string());
        happened.action = line.value("action", json());
        if (kind != "undo" && kind != "redo") happened.explanation = game_.model().last_applied().explanation;
        refused_.clear();
        return happened;
    }
    bool undo() override {
        refused_.clear();
        return game_.undo();
    }
    bool redo() override {
        refused_.clear();
        return game_.redo();
    }
    bool can_undo() const override { return game_.can_undo(); }
    bool can_redo() const override { return game_.can_redo(); }
    const std::vector<json>& journal() const override { return game_.journal(); }
    std::size_t actions_in_effect() const override { return game_.model().actions_in_effect(); }
    void attach_journal(const fs::path& file) override { game_.attach_journal(file); }
    std::optional<fs::path> journal_file() const override { return game_.journal_file(); }
    void save(const fs::path& file) const override { atomic_write_file(file, save_document(game_).dump(1) + "\n"); }
    std::vector<std::string> opening_notes() const override { return notes_; }

    SessionOutcome outcome() const override {
        const Outcome o = judge(game_.model());
        return {o.over, o.winner, o.reason};
    }
    json public_state() const override { return game_.model().to_json(); }
    std::vector<std::string> state_lines() const override { return clausewitz_state_lines(game_.model()); }
    std::vector<std::string> sheet_kinds() const override { return clausewitz_sheet_kinds(); }
    SheetContent sheet(std::string_view kind) const override { return clausewitz_sheet(game_.model(), kind); }
    // The board's frame has y down from the table's far edge; the scenario's y runs up the table.
    std::vector<Piece> pieces() const override {
        const auto& model = game_.model();
        const double depth = model.scenario().depth_cm;
        std::vector<Piece> out;
        for (const Brigade& b : model.state().brigades) {
            if (b.status == "gone") continue;
            const Footprint f = model.footprint(b);
            out.push_back({b.id, b.name + " " + std::to_string(b.strength) + "/" + std::to_string(b.strength_start), b.side, f.x_cm,
                           depth - f.y_cm, f.facing_deg, f.width_cm, f.depth_cm, b.status == "ready" ? (b.halted ? "halted" : "") : b.status});
        }
        for (const General& g : model.state().generals)
            out.push_back({g.id, g.name, g.side, g.x, depth - g.y, 0, 1, 1, ""});
        for (const Adc& a : model.state().adcs) out.push_back({"adc", "ADC to " + a.to_general, a.side, a.x, depth - a.y, 0, 0.6, 0.6, ""});
        return out;
    }
    TableSize table() const override { return {game_.model().scenario().width_cm, game_.model().scenario().depth_cm}; }
    std::vector<Ground> ground() const override {
        const auto& scenario = game_.model().scenario();
        const double depth = scenario.depth_cm;
        std::vector<Ground> out;
        for (const TerrainPiece& t : scenario.terrain)
            out.push_back({t.id, t.type, {{t.x0, depth - t.y0}, {t.x1, depth - t.y0}, {t.x1, depth - t.y1}, {t.x0, depth - t.y1}}});
        for (const Objective& o : scenario.objectives)
            out.push_back({o.name + " (" + std::to_string(o.vp) + " VP)", "objective",
                           {{o.x - 1, depth - o.y - 1}, {o.x + 1, depth - o.y - 1}, {o.x + 1, depth - o.y + 1}, {o.x - 1, depth - o.y + 1}}});
        return out;
    }

    // A side's player asks for the actions of its own brigades and generals (the chip drawn, every
    // roll, the measured claims and "overrule" stay the umpire's).
    PlayerActions player_actions() const override { return clausewitz_player_actions(); }
    ActionPreview preview(const json& action) const override { return clausewitz_preview(game_.model(), game_.can_undo(), game_.can_redo(), action); }

    std::optional<Proposal> propose(int side) override {
        const auto next = propose_action(game_.model(), side, refused_);
        if (!next) return std::nullopt;
        return Proposal{next->action, next->reason};
    }
    void refused(int, const json& action) override { refused_.push_back(action); }
    std::vector<SessionDuty> duties() const override { return clausewitz_duties(game_.model()); }
    const Game& model() const { return game_.model(); }

    static json save_document(const Recorded& game) {
        return {{"format", std::string(kSaveFormat)}, {"format_version", 1}, {"header", game.journal_header()}, {"seed", std::to_string(game.seed())},
                {"journal", game.journal()}, {"state", game.model().to_json()}};
    }

private:
    Recorded game_;
    std::vector<std::string> notes_;
    std::vector<json> refused_;
};

Recorded load_save(const RulesLibrary& library, const fs::path& file) {
    const json d = read_json_file(file);
    const std::string name = file.string();
    if (!d.is_object() || d.value("format", std::string()) != kSaveFormat) throw DataError(name, "/format", "\"" + std::string(kSaveFormat) + "\"", d.is_object() && d.contains("format") ? d.at("format").dump() : "nothing");
    if (d.value("format_version", 0) != 1) throw DataError(name, "/format_version", "1", d.contains("format_version") ? d.at("format_version").dump() : "nothing");
    if (!d.contains("header") || !d.at("header").is_object()) throw DataError(name, "/header", "the journal header", "nothing");
    if (!d.contains("journal") || !d.at("journal").is_array()) throw DataError(name, "/journal", "the journal's lines", "nothing");
    if (!d.contains("state") || !d.at("state").is_object()) throw DataError(name, "/state", "the state of the game", "nothing");
    const std::uint64_t seed = seed_of(d.value("seed", json()), name, "/seed");
    if (seed_of(d.at("header").value("seed", json()), name, "/header/seed") != seed) throw DataError(name, "/seed", "the header's seed", d.at("seed").dump());
    const std::vector<json> lines = d.at("journal").get<std::vector<json>>();
    Recorded game = replay_lines(library, d.at("header"), lines, name, [](std::size_t i) { return "/journal/" + std::to_string(i); }, "/header");
    const json replayed = game.model().to_json();
    const std::string differs = first_difference(d.at("state"), replayed, "");
    if (!differs.empty())
        throw DataError(name, "/state" + differs, "the state the journal replays to: " + replayed.at(json::json_pointer(differs == "/" ? "" : differs)).dump().substr(0, 80),
                        d.at("state").contains(json::json_pointer(differs == "/" ? "" : differs)) ? d.at("state").at(json::json_pointer(differs == "/" ? "" : differs)).dump().substr(0, 80) : "nothing");
    return game;
}

Recorded recover_journal(const RulesLibrary& library, const fs::path& file) {
    const JournalContents contents = read_journal(file);
    return replay_lines(library, contents.header, contents.lines, file.string(), [](std::size_t i) { return "line " + std::to_string(i + 2); }, "line 1");
}

// A save, or the journal beside it when that journal goes further; a journal that disagrees is
// refused, never replaced.
Recorded continue_save(const RulesLibrary& library, const fs::path& save, std::vector<std::string>& notes) {
    Recorded game = load_save(library, save);
    const fs::path beside = journal_path_for_save(save);
    std::error_code missing;
    if (!fs::exists(beside, missing)) return game;
    const JournalContents contents = read_journal(beside);
    const auto& saved = game.journal();
    std::size_t same = 0;
    const bool same_game = contents.header == game.journal_header();
    while (same_game && same < saved.size() && same < contents.lines.size() && saved[same] == contents.lines[same]) ++same;
    if (same_game && same == contents.lines.size()) return game;
    if (same_game && same == saved.size()) {
        notes.push_back("continuing " + beside.string() + ": it holds " + std::to_string(contents.lines.size() - saved.size()) + " journal line" +
                        (contents.lines.size() - saved.size() == 1 ? "" : "s") + " beyond the save " + save.string());
        return recover_journal(library, beside);
    }
    throw RuleError("the journal " + beside.string() +
                    (same_game ? " disagrees with " + save.string() + " from line " + std::to_string(same + 2) : " belongs to another game than " + save.string()) +
                    ": continue it with --load " + beside.string() + ", or move it away to continue the save");
}

}  // namespace

const Game* clausewitz_game(const GameSession& session) {
    const auto* mine = dynamic_cast<const ClausewitzSession*>(&session);
    return mine ? &mine->model() : nullptr;
}

std::vector<SessionDuty> clausewitz_duties(const Game& game) {
    const GameState& s = game.state();
    const auto& sides = game.scenario().sides;
    std::vector<SessionDuty> out;
    if (s.over) return out;
    const auto name = [&](int side) { return sides[static_cast<std::size_t>(side)].name; };
    if (!s.phase.empty()) {
        if (s.scout_side < 0) out.push_back({"throw the roll-off: the loser places the first deployment marker (D64)", json{{"action", "roll-off"}}, true});
        else if (s.phase == "scouting") out.push_back({name(s.scout_side) + " passes its deployment turn (D66)", json{{"action", "scout-pass"}}});
        return out;
    }
    // A reaction on offer (D68): each brigade's weapons, then letting it pass.
    const std::vector<int> offered = game.reactions_on_offer();
    if (!offered.empty()) {
        const Brigade& enemy = s.brigades[static_cast<std::size_t>(s.active)];
        for (const int r : offered) {
            const Brigade& me = s.brigades[static_cast<std::size_t>(r)];
            std::string test;
            if (const auto zone = game.zone_morale(r, s.active)) test = ", a morale test " + std::to_string(zone->setup.pass_on) + "+ on 2d6 first (passes " + zone->odds.pass.percent(1) + ")";
            const std::string reserve = " (" + std::to_string(me.actions_left) + " in reserve" + test + "; D68)";
            // Each weapon only when the rules accept it (refusal_of: the action's own code on a
            // copy): a front with no combat dice left, no guns, no skirmishers, out of arc or range.
            const auto offer = [&](const char* kind, const std::string& words) {
                const json action{{"action", kind}, {"brigade", me.id}, {"target", enemy.id}};
                if (!refusal_of(game, action)) out.push_back({words + reserve, action});
            };
            offer("fire", me.name + " reacts: Fire! at " + enemy.name);
            offer("bombard", me.name + " reacts: Bombard " + enemy.name);
            offer("skirmish", me.name + " reacts: Fire Skirmish Weapons at " + enemy.name);
        }
        out.push_back({name(s.brigades[static_cast<std::size_t>(offered.front())].side) + " lets the reaction pass, keeping the actions in reserve (D68)", json{{"action", "pass-reaction"}}});
        return out;
    }
    if (s.active >= 0) {
        const Brigade& b = s.brigades[static_cast<std::size_t>(s.active)];
        if (const auto zone = game.zone_morale(s.active))
            out.push_back({b.name + " stands in the zone of control of " + s.brigades[static_cast<std::size_t>(zone->owner)].name + ": each action after a morale test " +
                               std::to_string(zone->setup.pass_on) + "+ on 2d6 (passes " + zone->odds.pass.percent(1) + ", withdraws " + zone->odds.withdraw.percent(1) +
                               ", flees " + zone->odds.flee.percent(1) + "); Hold! costs no action",
                           json{{"action", "hold"}, {"brigade", b.id}}});
        out.push_back({b.name + " ends its activation, " + std::to_string(b.actions_left) + " action" + (b.actions_left == 1 ? "" : "s") + " kept in reserve for reactions",
                       json{{"action", "end-activation"}}});
        return out;
    }
    if (s.chip >= 0) {
        for (const Brigade& b : s.brigades) {
            if (b.side != s.chip || b.activated || b.status == "gone") continue;
            int g = -1;
            for (std::size_t i = 0; i < s.generals.size(); ++i)
                if (s.generals[i].side == b.side && s.generals[i].division == b.division && !s.generals[i].commander_in_chief && s.generals[i].captured_by.empty()) g = static_cast<int>(i);
            for (std::size_t i = 0; g < 0 && i < s.generals.size(); ++i)
                if (s.generals[i].side == b.side && s.generals[i].commander_in_chief && s.generals[i].captured_by.empty()) g = static_cast<int>(i);
            if (g < 0) continue;
            const General& general = s.generals[static_cast<std::size_t>(g)];
            out.push_back({general.name + " activates " + b.name + " (command test; " + std::to_string(general.points_left) + " command points left)",
                           json{{"action", "activate"}, {"brigade", b.id}, {"general", general.id}, {"points", 0}}});
        }
        out.push_back({name(s.chip) + " uses its chip for nothing", json{{"action", "end-activation"}}});
        return out;
    }
    out.push_back({"draw a chip from the bag (" + name(0) + " " + std::to_string(s.bag[0]) + ", " + name(1) + " " + std::to_string(s.bag[1]) + ")", json{{"action", "draw"}}, true});
    return out;
}

std::vector<std::string> clausewitz_state_lines(const Game& game) {
    const GameState& s = game.state();
    const auto& sides = game.scenario().sides;
    std::vector<std::string> lines{game.scenario().name + ": turn " + std::to_string(s.turn) + " of " + std::to_string(game.scenario().turns) + ", " + game.clock() +
                                   "; chips in the bag: " + sides[0].name + " " + std::to_string(s.bag[0]) + ", " + sides[1].name + " " + std::to_string(s.bag[1])};
    for (const Brigade& b : s.brigades) {
        char line[320];
        std::snprintf(line, sizeof line, "  %-8s %-14s %-7s at (%.1f, %.1f) facing %.0f  strength %d/%d  actions %d%s%s", sides[static_cast<std::size_t>(b.side)].id.c_str(),
                      b.id.c_str(), std::string(to_string(b.formation)).c_str(), b.x, b.y, b.facing, b.strength, b.strength_start, b.actions_left,
                      b.status == "ready" ? "" : (" " + b.status).c_str(), s.active >= 0 && s.brigades[static_cast<std::size_t>(s.active)].id == b.id ? "  <- activated" : "");
        lines.push_back(line);
    }
    lines.push_back("victory points: " + sides[0].name + " " + std::to_string(s.vp[0]) + ", " + sides[1].name + " " + std::to_string(s.vp[1]));
    return lines;
}

std::unique_ptr<GameSession> new_clausewitz_session(const RulesLibrary& library, const fs::path& scenario_file, std::uint64_t seed) {
    const json document = read_json_file(scenario_file);
    check_clausewitz_file(library.data_dir(), scenario_file, document);
    auto tables = std::make_shared<const Tables>(load_tables(library.data_dir()));
    auto scenario = std::make_shared<const Scenario>(scenario_from_json(*tables, document, library.data_dir(), scenario_file.string()));
    json header{{"format", "fortuna-journal"}, {"game", "clausewitz"}, {"scenario", {{"id", scenario->id}, {"document", document}}}, {"seed", std::to_string(seed)}};
    return std::make_unique<ClausewitzSession>(Recorded(Game(tables, scenario), seed, std::move(header)));
}

std::unique_ptr<GameSession> open_clausewitz_session(const RulesLibrary& library, const fs::path& file, const std::string& format, std::uint64_t seed) {
    if (format == kScenarioFormat) return new_clausewitz_session(library, file, seed);
    if (format == kSaveFormat) {
        std::vector<std::string> notes;
        Recorded game = continue_save(library, file, notes);
        return std::make_unique<ClausewitzSession>(std::move(game), std::move(notes));
    }
    if (format == kJournalFormat) return std::make_unique<ClausewitzSession>(recover_journal(library, file));
    throw RuleError(file.string() + " is a " + clausewitz_system().describe(format) + ", not a game to play: give a Clausewitz scenario, save or journal");
}

std::string check_clausewitz_game_file(const RulesLibrary& library, const fs::path& file, const std::string& format) {
    if (format == kSaveFormat) {
        const Recorded game = load_save(library, file);
        return "Clausewitz save";
    }
    const Recorded game = recover_journal(library, file);
    return "Clausewitz journal";
}

}  // namespace fortuna::clausewitz
