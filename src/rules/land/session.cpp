// SPDX-License-Identifier: MIT
// The land games behind the seam: a Game seen as a GameSession, its programmed opponents from the
// scenario's doctrine, and the system's open_game (a scenario, a save, a journal after a crash);
// what a side's player may ask for from the table, and the exact preview of an action before its
// roll (the companion's odds, computed here since issue 25).
#include <algorithm>
#include <array>
#include <memory>
#include <set>

#include "fortuna/land/battlefield.hpp"
#include "fortuna/core/chance.hpp"
#include "fortuna/core/errors.hpp"
#include "fortuna/land/game.hpp"
#include "fortuna/seam/game_session.hpp"
#include "fortuna/land/system.hpp"
#include "fortuna/seam/library.hpp"
#include "fortuna/land/opponent.hpp"
#include "fortuna/core/platform.hpp"
#include "fortuna/land/save.hpp"
#include "fortuna/land/scenario.hpp"
#include "sheets.hpp"

namespace fortuna::land {

namespace fs = std::filesystem;
using nlohmann::json;

namespace land_preview_detail {

// The words a page shows for an outcome: the table's result code and name where there is one.
std::string outcome_label(const json& result, const std::string& summary) {
    if (result.contains("result") && result["result"].is_string()) {
        std::string label = result["result"].get<std::string>();
        if (result.contains("result_name") && result["result_name"].is_string()) label += " (" + result["result_name"].get<std::string>() + ")";
        return label;
    }
    if (result.contains("text") && result["text"].is_string()) return result["text"].get<std::string>();
    if (result.contains("rallied") && result["rallied"].is_boolean()) return result["rallied"].get<bool>() ? "rallied" : "not rallied";
    if (result.contains("understood") && result["understood"].is_boolean())
        return result["understood"].get<bool>() ? "understood" : "not understood";
    const auto colon = summary.rfind(": ");
    return colon == std::string::npos ? summary : summary.substr(colon + 2);
}

// A natural roll of this kind from the system's random source (platform::fill_random), never
// from the game's generator: what a dry run enters for a roll it does not enumerate.
std::string fresh_roll(RollKind kind) {
    std::array<unsigned char, 8> bytes{};
    platform::fill_random(bytes);
    std::uint64_t draw = 0;
    for (const unsigned char byte : bytes) draw = (draw << 8) | byte;
    std::uint64_t pick = draw % total_weight(kind);  // a bias under 2^-50
    for (const RollOutcome& outcome : roll_outcomes(kind)) {
        if (pick < outcome.weight) return format_roll(kind, outcome.value);
        pick -= outcome.weight;
    }
    return format_roll(kind, roll_outcomes(kind).back().value);
}

std::string common_prefix(const std::string& a, const std::string& b) {
    const auto end = std::mismatch(a.begin(), a.end(), b.begin(), b.end()).first;
    return std::string(a.begin(), end);
}

// The action in its own words, without a roll: "combat: attacker F-I1, defender I-I1, charge true".
std::string describe_action(const json& action) {
    std::string text = action.value("do", std::string("action"));
    std::string fields;
    for (const auto& [key, value] : action.items()) {
        if (key == "do" || key == "roll" || key == "rolls" || key == "note") continue;
        fields += (fields.empty() ? "" : ", ") + key + " " + (value.is_string() ? value.get<std::string>() : value.dump());
    }
    std::string out = fields.empty() ? text : text + ": " + fields;
    if (out.size() > 240) {
        std::size_t cut = 240;
        while (cut > 0 && (static_cast<unsigned char>(out[cut]) & 0xC0) == 0x80) --cut;  // never inside a UTF-8 character
        out.resize(cut);
    }
    return out;
}

// The dry run of issue 16, now the library's: the action tried on a copy of the game for every
// natural roll of its main roll, every other roll entered from the system's random source, so
// that nothing is read from the copy's generator (the real one's twin: its next draw is the
// game's next roll). The summary is what all outcomes share.
// `copy` is the game replayed from its journal (replay_for_preview); every try on it is undone,
// so one copy serves every preview of a position (LandGameSession keeps it until the game moves).
ActionPreview preview_land_action(Game& copy, const json& action) {
    json base = action;
    base.erase("roll");
    ActionPreview preview;
    preview.roll_slot = "roll";
    // Other slots' rolls, shared by every outcome: the umpire's entered ones, and fresh ones.
    json others = base.contains("rolls") && base["rolls"].is_object() ? base["rolls"] : json::object();
    std::set<std::string> fresh_slots;
    struct Tried {
        std::string summary;
        json result;
        std::optional<RollKind> main_kind;
        bool fresh = false;  // a roll other than the main one came from the system's random source
    };
    const auto tried = [&](json attempt) {
        for (int round = 0; round < 8; ++round) {
            if (!others.empty()) attempt["rolls"] = others;
            const AppliedAction& done = copy.apply(attempt);
            Tried out{done.summary, done.result, std::nullopt, false};
            bool generated = false;
            for (const ActionRoll& r : done.rolls) {
                if (r.slot == "roll") out.main_kind = r.roll.kind;
                else out.fresh = out.fresh || fresh_slots.count(r.slot) > 0;
                if (r.roll.source == RollSource::Entered) continue;
                generated = true;
                if (r.slot == "roll") {
                    attempt["roll"] = fresh_roll(r.roll.kind);
                } else {
                    others[r.slot] = fresh_roll(r.roll.kind);
                    fresh_slots.insert(r.slot);
                }
            }
            (void)copy.undo();
            if (!generated) return out;
        }
        throw RuleError("this action draws more rolls than its preview can enter");
    };
    const Tried first = tried(base);
    if (!first.main_kind) {
        preview.summary = first.fresh ? describe_action(base) : first.summary;
        return preview;
    }
    const RollKind kind = *first.main_kind;
    preview.roll_kind = std::string(to_string(kind));
    // Every natural roll with its weight (2d6: 7 is 6 of 36): the exact distribution of the main roll.
    std::vector<std::pair<std::string, std::uint64_t>> weights;
    std::optional<std::string> shared;
    for (const RollOutcome& outcome : roll_outcomes(kind)) {
        json with_roll = base;
        with_roll["roll"] = format_roll(kind, outcome.value);
        const Tried done = tried(with_roll);
        const std::string label = outcome_label(done.result, done.summary);
        const auto it = std::find_if(weights.begin(), weights.end(), [&](const auto& w) { return w.first == label; });
        if (it == weights.end()) weights.emplace_back(label, outcome.weight);
        else it->second += outcome.weight;
        shared = shared ? common_prefix(*shared, done.summary) : done.summary;
    }
    // What every outcome's summary says before its roll ("F-I1 ... attacks I-I1 ... at 1:1").
    const auto cut = shared ? shared->rfind(", ") : std::string::npos;
    preview.summary = cut == std::string::npos || cut == 0 ? describe_action(base) : shared->substr(0, cut);
    const std::uint64_t total = total_weight(kind);
    for (const auto& [label, weight] : weights) preview.odds.push_back({label, weight, total});
    return preview;
}

Game replay_for_preview(const Game& g) {
    return Game::replay(g.library(), g.scenario(), g.seed(), g.journal(), "companion preview", g.initial_enforcement());
}

}  // namespace land_preview_detail

PlayerActions land_player_actions() {
    // Which keys name the acting unit or general of each kind a player may ask for, and the keys
    // of those kinds that the umpire alone sets: what the library measures on the board unless the
    // umpire says otherwise, and what is the other side's to name (docs/companion.md).
    struct Acting {
        const char* kind;
        std::vector<std::string> own;
        std::vector<std::string> umpire;
        std::vector<std::string> existing;
    };
    static const std::vector<Acting> acting{
        {"combat", {"attacker", "attacker_leader"}, {"defender_leader"}, {"defender"}},
        {"artillery", {"battery"}, {"range_mm", "range_measured"}, {}},
        {"rally", {"unit", "general"}, {}, {}},
        {"rout", {"unit"}, {"to", "off_board"}, {}},
        {"formation", {"unit"}, {}, {}},
        {"charge", {"unit"}, {}, {}},
        {"move", {"unit", "general"}, {}, {}},
        {"leader", {"general"}, {}, {}},
        {"order", {"general"}, {"distance_mm", "distance_measured"}, {}},
        {"control", {"unit", "general"}, {}, {}},
    };
    PlayerActions actions;
    actions.kind_key = "do";
    for (const Acting& a : acting) {
        const ActionKindInfo* info = find_action_kind(a.kind);
        if (info == nullptr) continue;
        PlayerActionKind kind{a.kind, {"do", "note"}, a.own, a.existing, a.umpire};
        for (const std::string_view key : info->keys)
            if (std::find(a.umpire.begin(), a.umpire.end(), key) == a.umpire.end()) kind.keys.emplace_back(key);
        actions.kinds.push_back(std::move(kind));
    }
    return actions;
}

namespace {

class LandGameSession final : public GameSession {
public:
    explicit LandGameSession(Game game) : owned_(std::make_unique<Game>(std::move(game))), view_(owned_.get()) { prepare(); }
    // A game held elsewhere (the app's document), read and previewed; its holder applies.
    struct Viewing {};
    LandGameSession(Viewing, const Game& viewed) : view_(&viewed) { prepare(); }

    const RuleSystem& system() const override { return land_system(); }
    std::string scenario_id() const override { return view_->scenario().id; }
    std::string scenario_name() const override { return view_->scenario().name; }
    std::uint64_t seed() const override { return view_->seed(); }
    std::vector<std::string> side_ids() const override {
        std::vector<std::string> ids;
        for (const auto& side : view_->scenario().sides) ids.push_back(side.id);
        return ids;
    }
    std::vector<std::string> side_names() const override {
        std::vector<std::string> names;
        for (const auto& side : view_->scenario().sides) names.push_back(side.name);
        return names;
    }
    int acting_side() const override { return view_->phasing_side(); }
    std::string clock_label() const override {
        return "turn " + std::to_string(view_->state().clock.turn) + ", " + view_->clock_text() + ", " +
               view_->scenario().sides[static_cast<std::size_t>(view_->phasing_side())].name + "'s half";
    }

    Happened apply(const json& action) override {
        const AppliedAction& applied = held().apply(action);
        // The opponent whose proposal this was marks its subject decided for the phase.
        for (std::size_t side = 0; side < proposed_.size(); ++side)
            if (proposed_[side] && proposed_[side]->first == action) {
                opponents_[side].noted(proposed_[side]->second);
                proposed_[side].reset();
            }
        const json& line = view_->journal().back();
        return {line.value("seq", applied.seq), line.value("do", applied.kind), line.value("summary", applied.summary), applied.explanation,
                applied.input};
    }
    bool undo() override {
        if (!view_->can_undo()) return false;
        held().undo();
        forget();
        return true;
    }
    bool redo() override {
        if (!view_->can_redo()) return false;
        held().redo();
        forget();
        return true;
    }
    bool can_undo() const override { return view_->can_undo(); }
    bool can_redo() const override { return view_->can_redo(); }

    const std::vector<json>& journal() const override { return view_->journal(); }
    std::size_t actions_in_effect() const override { return view_->history().size(); }
    void attach_journal(const fs::path& file) override { held().attach_journal(file); }
    std::optional<fs::path> journal_file() const override { return view_->journal_file(); }
    void save(const fs::path& file) const override { save_game(*view_, file); }
    std::vector<std::string> opening_notes() const override { return {}; }

    SessionOutcome outcome() const override {
        const BattleOutcome judged = judge_battle(*view_, doctrines_);
        return {judged.decided, judged.winner, judged.words};
    }
    json public_state() const override {
        json state = view_->summary_json();
        state["turn"] = view_->clock().turn;
        state["dusk"] = format_clock(view_->scenario().dusk);
        return state;
    }
    std::vector<std::string> state_lines() const override { return view_->summary_lines(); }

    std::optional<Proposal> propose(int side) override {
        if (side < 0 || side > 1) return std::nullopt;
        auto request = opponents_[static_cast<std::size_t>(side)].next(*view_);
        if (!request) return std::nullopt;
        json action = encode_action(*request);
        proposed_[static_cast<std::size_t>(side)] = std::make_pair(action, *request);
        return Proposal{std::move(action), request->why.value_or("")};
    }
    void refused(int side, const json& action) override {
        if (side < 0 || side > 1) return;
        auto& proposed = proposed_[static_cast<std::size_t>(side)];
        const ActionRequest request = proposed && proposed->first == action ? proposed->second : decode_action(action);
        opponents_[static_cast<std::size_t>(side)].noted(request, std::string("refused by the rules"));
        proposed.reset();
    }

    // ---- The table's phones.
    std::optional<int> owner_of(std::string_view code) const override {
        for (const Unit& unit : view_->units())
            if (unit.id.code == code) return unit.id.side;
        for (const General& general : view_->generals())
            if (general.id.code == code) return general.id.side;
        return std::nullopt;
    }
    json units_of(int side) const override {
        json units = json::array();
        for (const Unit& unit : view_->units()) {
            if (unit.id.side != side) continue;
            units.push_back({{"code", unit.id.code},
                             {"name", unit.id.name},
                             {"arm", to_string(unit.arm())},
                             {"bases", unit.now.bases},
                             {"bases_start", unit.id.bases_start},
                             {"state", to_string(unit.now.state)},
                             {"formation", to_string(unit.now.formation)},
                             {"presence", to_string(unit.now.presence)},
                             {"last_charge_turn", unit.now.last_charge_turn}});
        }
        return units;
    }
    // Who is on the table is no secret (the models stand there): codes and names for the pages'
    // pickers; states stay with the side's player and the umpire.
    json roster() const override {
        json roster = json::array();
        for (const Unit& unit : view_->units())
            roster.push_back({{"code", unit.id.code}, {"name", unit.id.name},
                              {"side", view_->scenario().sides[static_cast<std::size_t>(unit.id.side)].id},
                              {"present", unit.now.presence == Presence::OnBoard},
                              {"x_mm", unit.now.position.x_mm}, {"y_mm", unit.now.position.y_mm}});
        return roster;
    }
    PlayerActions player_actions() const override { return land_player_actions(); }

    // The board as every system's is drawn from the seam (the companion's fogged pictures): units
    // by their footprints now, generals as small discs, areas of ground by their outlines.
    std::vector<Piece> pieces() const override {
        std::vector<Piece> out;
        const Game& game = *view_;
        for (std::size_t i = 0; i < game.units().size(); ++i) {
            const Unit& unit = game.units()[i];
            if (unit.now.presence != Presence::OnBoard) continue;
            const Footprint footprint = unit_footprint(game, i);
            out.push_back({unit.id.code, unit.id.code, unit.id.side, unit.now.position.x_mm / 10, unit.now.position.y_mm / 10,
                           unit.now.facing_deg, footprint.width_mm / 10, footprint.depth_mm / 10,
                           unit.now.state == UnitState::Normal ? std::string() : std::string(to_string(unit.now.state))});
        }
        for (const General& general : game.generals()) {
            if (general.now.presence != Presence::OnBoard) continue;
            out.push_back({general.id.code, general.id.code, general.id.side, general.now.position.x_mm / 10,
                           general.now.position.y_mm / 10, 0, 1.6, 1.6,
                           general.now.condition == GeneralCondition::Present ? std::string()
                                                                              : std::string(to_string(general.now.condition))});
        }
        return out;
    }
    TableSize table() const override { return {view_->scenario().board.width_mm / 10, view_->scenario().board.depth_mm / 10}; }
    std::vector<Ground> ground() const override {
        std::vector<Ground> out;
        for (const TerrainFeature& feature : view_->scenario().terrain) {
            if (!feature.closed) continue;  // roads, rivers, walls: lines the pieces' board does not draw
            Ground ground{feature.name, feature.kind == TerrainKind::Lake ? "water" : std::string(to_string(feature.kind)), {}};
            for (const BoardPoint& point : feature.points) ground.outline.emplace_back(point.x_mm / 10, point.y_mm / 10);
            out.push_back(std::move(ground));
        }
        return out;
    }
    // What a side sees of the other (fog of war): an enemy unit or general is seen when a line of
    // sight (seed 000, 6; dusk from the clock; units screen) runs to its centre from the centre of
    // one of the side's units or generals on the table, as the artillery rules measure it.
    std::optional<std::set<std::string>> seen_by(int side) const override {
        const Game& game = *view_;
        const Battlefield& field = game.battlefield();
        const TableIndex index = index_table(game);
        std::vector<BoardPoint> eyes;
        for (const Unit& unit : game.units())
            if (unit.id.side == side && unit.now.presence == Presence::OnBoard) eyes.push_back(unit.now.position);
        for (const General& general : game.generals())
            if (general.id.side == side && general.now.presence == Presence::OnBoard) eyes.push_back(general.now.position);
        std::set<std::string> seen;
        const auto look = [&](const std::string& code, const BoardPoint& at) {
            for (const BoardPoint& eye : eyes)
                if (sees(game, field, eye, at, index)) {
                    seen.insert(code);
                    return;
                }
        };
        for (const Unit& unit : game.units())
            if (unit.id.side != side && unit.now.presence == Presence::OnBoard) look(unit.id.code, unit.now.position);
        for (const General& general : game.generals())
            if (general.id.side != side && general.now.presence == Presence::OnBoard) look(general.id.code, general.now.position);
        return seen;
    }
    // The dry run's copy of the game is replayed from the journal once per position and kept: a
    // proposal or roll request checked again and again (a guest flooding them) costs the tries
    // alone, not a replay of the whole journal each time (issue 27: 30-40 ms at 300 lines). The
    // journal only grows (an undo is a line too), so its length and last line name the position.
    // Every try on the copy is undone and enters every roll it keeps, so nothing of the copy's
    // generator reaches a preview, however many tries it has seen.
    ActionPreview preview(const json& action) const override {
        const auto& journal = view_->journal();
        const json last = journal.empty() ? json() : journal.back();
        // The tries' own lines (each applied and undone) grow the copy's journal: a copy that has
        // seen thousands of them is replayed afresh, so a flood of previews holds no memory.
        if (!preview_copy_ || preview_lines_ != journal.size() || preview_last_ != last ||
            preview_copy_->journal().size() > journal.size() + 4096) {
            preview_copy_.reset();
            preview_copy_ = std::make_unique<Game>(land_preview_detail::replay_for_preview(*view_));
            preview_lines_ = journal.size();
            preview_last_ = last;
        }
        return land_preview_detail::preview_land_action(*preview_copy_, action);
    }

    std::vector<std::string> sheet_kinds() const override { return sheets::land_sheet_kinds(); }
    SheetContent sheet(std::string_view kind) const override { return land_game_sheet(*view_, kind); }

    const Game& game() const { return *view_; }

private:
    void prepare() {
        doctrines_ = load_doctrines(view_->library(), view_->scenario());
        for (int side = 0; side < 2; ++side) opponents_.emplace_back(*view_, doctrines_.side(side));
        proposed_.resize(2);
    }
    // The game to change: this session's own; a view's holder applies through its own path.
    Game& held() {
        if (!owned_) throw RuleError("this view of the land game reads it; the desk that holds it applies the actions");
        return *owned_;
    }
    void forget() {
        for (auto& opponent : opponents_) opponent.forget();
        for (auto& proposed : proposed_) proposed.reset();
    }
    std::unique_ptr<Game> owned_;
    const Game* view_ = nullptr;
    mutable std::unique_ptr<Game> preview_copy_;  // the game at preview_lines_, for dry runs
    mutable std::size_t preview_lines_ = 0;
    mutable json preview_last_;
    Doctrines doctrines_;
    std::vector<Opponent> opponents_;
    std::vector<std::optional<std::pair<json, ActionRequest>>> proposed_;
};

}  // namespace

std::unique_ptr<GameSession> land_session_view(const Game& game) { return std::make_unique<LandGameSession>(LandGameSession::Viewing{}, game); }

const Game* land_game_of(const GameSession& session) {
    const auto* land = dynamic_cast<const LandGameSession*>(&session);
    return land ? &land->game() : nullptr;
}

std::unique_ptr<GameSession> open_land_session(const RulesLibrary& library, const fs::path& file, const std::string& format,
                                               const json& document, std::uint64_t seed) {
    if (format == "fortuna-scenario")
        return std::make_unique<LandGameSession>(Game(library, Scenario::from_json(document, file.string(), library), seed));
    if (format == "fortuna-save") return std::make_unique<LandGameSession>(load_game(library, file));
    if (format == "fortuna-journal") return std::make_unique<LandGameSession>(recover_game(library, file));
    throw RuleError(file.string() + " is a " + land_system().describe(format) + " of the land rules: there is no game to play from it " +
                    "(a scenario, a save or a journal starts or continues one)");
}

}  // namespace fortuna::land
