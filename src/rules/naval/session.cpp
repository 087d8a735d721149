// SPDX-License-Identifier: MIT
// The Age of Sail behind the seam: a NavalSession seen as a GameSession, and the system's
// open_game (a scenario, a save with the journal beside it, a journal after a crash).
#include <algorithm>
#include <array>
#include <cmath>
#include <cstdio>

#include "fortuna/core/errors.hpp"
#include "fortuna/seam/game_session.hpp"
#include "fortuna/core/journal.hpp"
#include "fortuna/core/json_fields.hpp"
#include "fortuna/seam/library.hpp"
#include "fortuna/naval/opponent.hpp"
#include "fortuna/naval/system.hpp"
#include "fortuna/naval/files.hpp"
#include "fortuna/core/platform.hpp"
#include "fortuna/core/game_files.hpp"
#include "sheets.hpp"

namespace fortuna::naval {

namespace fs = std::filesystem;
using nlohmann::json;

namespace naval_preview_detail {

// A ship's broadside, boarding, hazard or move in its own words, without a die.
std::string describe_naval(const json& action) {
    std::string text = action.value("action", std::string("action"));
    std::string fields;
    for (const auto& [key, value] : action.items()) {
        if (key == "action" || key == "note" || key == "dice" || key.ends_with("_dice") || key.ends_with("_roll") || key == "roll") continue;
        fields += (fields.empty() ? "" : ", ") + key + " " + (value.is_string() ? value.get<std::string>() : value.dump());
    }
    return fields.empty() ? text : text + ": " + fields;
}

std::vector<OutcomeChance> chances(const Distribution& distribution) {
    std::vector<OutcomeChance> out;
    for (const auto& [label, p] : distribution) out.push_back({label, p.numerator, p.denominator});
    return out;
}

// One die thrown against a hazard's rule, face by face (1 of 6 each), grouped by what it does.
std::vector<OutcomeChance> hazard_chances(const NavalTables& tables, Hazard hazard, FireState fire) {
    std::vector<OutcomeChance> out;
    for (int face = 1; face <= 6; ++face) {
        const HazardRoll r = roll_hazard(tables, hazard, entered_die(face, "preview"), fire);
        auto it = std::find_if(out.begin(), out.end(), [&](const OutcomeChance& c) { return c.outcome == r.outcome; });
        if (it == out.end()) out.push_back({r.outcome, 1, 6});
        else ++it->numerator;
    }
    return out;
}

// A generator seeded from the system's random source: what a dry run throws with, so that no
// die it draws is the game's next (the game's own generator is never copied into the dry run).
Dice dry_run_dice() {
    std::array<unsigned char, 8> bytes{};
    platform::fill_random(bytes);
    std::uint64_t seed = 0;
    for (const unsigned char byte : bytes) seed = (seed << 8) | byte;
    return Dice(seed);
}

// The action tried on a copy of the game (RuleError when the rules refuse it), then the exact
// odds of its dice from the gunnery, boarding and hazard tables (seed 000, Combat; Hazards): the
// copy's dice are never shown, only how many the action throws.
ActionPreview preview_naval_action(const NavalGame& game, const json& action) {
    json bare = action;
    bare.erase("note");
    const NavalAction parsed = naval_action_from_json(bare);
    NavalGame copy = game;
    Dice dice = dry_run_dice();
    const AppliedNavalAction& done = copy.apply(parsed, dice);
    ActionPreview preview;
    preview.summary = describe_naval(bare);
    const NavalTables& tables = game.tables();
    if (const auto* fire = std::get_if<BroadsideAction>(&done.action)) {
        const Ship& firer = game.ship(fire->ship);
        const Ship& target = game.ship(fire->target);
        const int decks = static_cast<int>(fire->dice.size());
        const BroadsideSetup setup = prepare_broadside(tables, decks, distance_cm(firer, target), fire->aim);
        preview.roll_kind = "dice:" + std::to_string(decks);
        preview.roll_slot = "dice";
        preview.odds = chances(broadside_odds(setup).as_distribution());
        // "fire" is a pair of sixes among the hits: the page says so beside its chance.
        if (!preview.odds.empty() && preview.odds.back().outcome == "fire") preview.odds.back().outcome = "fire (a pair of sixes, with the hits)";
        preview.summary += " (" + std::to_string(decks) + " gun decks at " + format_tenths(setup.range_cm) + " cm, " + std::to_string(setup.score) + "+ hits)";
    } else if (const auto* boarding = std::get_if<BoardingAction>(&done.action)) {
        const int a = static_cast<int>(boarding->attacker_dice.size());
        const int d = static_cast<int>(boarding->defender_dice.size());
        preview.roll_kind = "dice:" + std::to_string(a);
        preview.roll_slot = "attacker_dice";  // the defender's dice are the defender's (or the program's) to throw
        preview.odds = chances(boarding_odds(a, d).as_distribution());
        preview.summary += " (" + std::to_string(a) + " dice against " + std::to_string(d) + ")";
    } else if (const auto* hazard = std::get_if<HazardAction>(&done.action)) {
        preview.roll_kind = "d6";
        preview.roll_slot = "roll";
        preview.odds = hazard_chances(tables, hazard->hazard, game.ship(hazard->ship).now.fire);
    } else if (const auto* move = std::get_if<ShipMoveAction>(&done.action)) {
        if (move->shoal_roll) {
            preview.roll_kind = "d6";
            preview.roll_slot = "shoal_roll";
            preview.odds = hazard_chances(tables, Hazard::Shoal, FireState::None);
        }
    } else if (std::holds_alternative<WindAction>(done.action)) {
        // Two dice, direction then speed: odds of the wind after them, no one roll to type.
        preview.odds = chances(wind_probabilities(tables, game.state().wind));
    }
    return preview;
}

}  // namespace naval_preview_detail

namespace {

class NavalGameSession final : public GameSession {
public:
    NavalGameSession(std::unique_ptr<NavalTables> tables, NavalSession session, std::vector<std::string> notes = {})
        : tables_(std::move(tables)), owned_(std::make_unique<NavalSession>(std::move(session))), view_(owned_.get()),
          notes_(std::move(notes)) {
        prepare();
    }
    // A window on a session another holds (the naval desk's, for the table companion): it reads;
    // the holder applies through its own path (its undo stack).
    struct Viewing {};
    NavalGameSession(Viewing, const NavalSession& viewed) : view_(&viewed) { prepare(); }

    const RuleSystem& system() const override { return naval_system(); }
    std::string scenario_id() const override { return view_->scenario_copy().id; }
    std::string scenario_name() const override { return view_->game().scenario().name; }
    std::uint64_t seed() const override { return view_->seed(); }
    std::vector<std::string> side_ids() const override {
        std::vector<std::string> ids;
        for (const auto& side : view_->game().scenario().sides) ids.push_back(side.id);
        return ids;
    }
    std::vector<std::string> side_names() const override {
        std::vector<std::string> names;
        for (const auto& side : view_->game().scenario().sides) names.push_back(side.name);
        return names;
    }
    int acting_side() const override {
        const NavalTurn& turn = view_->game().state().turn;
        return turn.halves_done >= 2 ? view_->game().scenario().first_side : turn.active_side;
    }
    std::string clock_label() const override {
        const NavalGame& game = view_->game();
        const NavalTurn& turn = game.state().turn;
        const auto& sides = game.scenario().sides;
        return "round " + std::to_string(turn.round) +
               (turn.halves_done >= 2 ? ", the wind to throw" : ", " + sides[static_cast<std::size_t>(turn.active_side)].name + " moving");
    }

    Happened apply(const json& action) override {
        const std::string kind = text_member(action, "action");
        if (kind == "undo" || kind == "redo") {
            if (!(kind == "undo" ? undo() : redo())) throw RuleError("there is nothing to " + kind);
        } else {
            // Who asked and why (the programmed opponent's reason) are the journal line's, not the action's.
            AttributedNavalAction attributed = attributed_naval_action_from_json(action);
            held().apply(std::move(attributed.action), attributed.by, attributed.why, attributed.overrule);
        }
        const json& line = view_->journal().back();
        Happened happened;
        happened.seq = line.value("seq", 0);
        happened.kind = text_member(line, "do");
        happened.summary = text_member(line, "summary");
        happened.action = line.value("action", json());
        if (kind != "undo" && kind != "redo") happened.explanation = view_->game().history().back().explanation;
        for (auto& opponent : opponents_) opponent.forget();
        return happened;
    }
    bool undo() override { return held().undo(); }
    bool redo() override { return held().redo(); }
    bool can_undo() const override { return view_->can_undo(); }
    bool can_redo() const override { return view_->can_redo(); }

    const std::vector<json>& journal() const override { return view_->journal(); }
    std::size_t actions_in_effect() const override { return view_->game().history().size(); }
    void attach_journal(const fs::path& file) override { held().attach_journal(file); }
    std::optional<fs::path> journal_file() const override { return view_->journal_file(); }
    void save(const fs::path& file) const override { save_naval_game(*view_, file); }
    std::vector<std::string> opening_notes() const override { return notes_; }

    SessionOutcome outcome() const override {
        const NavalOutcome judged = judge_naval_battle(view_->game());
        return {judged.over, judged.winner, judged.reason};
    }
    json public_state() const override { return view_->game().to_json(); }
    std::vector<std::string> state_lines() const override { return naval_state_lines(view_->game()); }
    std::vector<Piece> pieces() const override {
        std::vector<Piece> out;
        for (const Ship& ship : view_->game().state().ships) {
            std::string status = ship.now.sunk ? "sunk" : ship.now.struck ? "struck" : ship.now.fire != FireState::None ? "on fire" :
                                 ship.now.grounded ? "aground" : ship.now.anchored ? "anchored" : "";
            // A model ship about 5 cm long and 1.5 cm in the beam: its bow is its front.
            out.push_back({ship.id, ship.name, ship.now.side, ship.now.x_cm, ship.now.y_cm, ship.now.heading_deg, 1.5, 5, status});
        }
        return out;
    }
    TableSize table() const override { return {view_->game().scenario().width_cm, view_->game().scenario().depth_cm}; }
    std::vector<Ground> ground() const override {
        std::vector<Ground> out;
        for (const Shoal& shoal : view_->game().scenario().shoals) {
            Ground g{shoal.name, "shoal", {}};
            for (int i = 0; i < 24; ++i) {
                const double a = i * 3.14159265358979 / 12;
                g.outline.emplace_back(shoal.x_cm + shoal.radius_cm * std::cos(a), shoal.y_cm + shoal.radius_cm * std::sin(a));
            }
            out.push_back(std::move(g));
        }
        return out;
    }

    // ---- The table's phones.
    std::optional<int> owner_of(std::string_view code) const override {
        for (const Ship& ship : view_->game().state().ships)
            if (ship.id == code) return ship.now.side;  // a prize is her captor's
        return std::nullopt;
    }
    // A ship's damage sheet as her captain keeps it: gun decks each side, masts, hull, fire.
    json units_of(int side) const override {
        json ships = json::array();
        for (const Ship& ship : view_->game().state().ships) {
            if (ship.now.side != side) continue;
            json masts = json::array();
            for (std::size_t i = 0; i < ship.now.masts.size() && i < ship.ship_class->masts.size(); ++i)
                masts.push_back({{"name", ship.ship_class->masts[i].name}, {"standing", static_cast<bool>(ship.now.masts[i])}});
            ships.push_back({{"code", ship.id},
                             {"name", ship.name},
                             {"class", ship.ship_class->name},
                             {"port_decks", ship.now.port_decks},
                             {"starboard_decks", ship.now.starboard_decks},
                             {"decks_per_side", ship.ship_class->gun_decks_per_side},
                             {"masts", masts},
                             {"hull", ship.now.hull},
                             {"hull_start", ship.ship_class->hull},
                             {"fire", std::string(to_string(ship.now.fire))},
                             {"state", ship.now.sunk ? "sunk" : ship.now.struck ? "struck" : ship.now.grounded ? "aground" : ship.now.anchored ? "anchored" : "afloat"},
                             {"x_cm", ship.now.x_cm},
                             {"y_cm", ship.now.y_cm},
                             {"heading_deg", ship.now.heading_deg}});
        }
        return ships;
    }
    // The kinds a captain asks for; the wind and the end of a half are the umpire's (seed 000,
    // Game Sequence), as are the dice (a roll request) and the target's choice of masts (D5).
    PlayerActions player_actions() const override {
        PlayerActions actions;
        actions.kind_key = "action";
        actions.kinds = {
            {"move", {"action", "ship", "x_cm", "y_cm", "heading_deg"}, {"ship"}, {}, {"shoal_roll"}},
            {"broadside", {"action", "ship", "target", "side", "aim"}, {"ship"}, {"target"}, {"owner_masts", "dice"}},
            {"boarding", {"action", "ship", "target", "prize_crew"}, {"ship"}, {"target"}, {"attacker_dice", "defender_dice"}},
            {"hazard", {"action", "ship", "hazard"}, {"ship"}, {}, {"roll", "spread_rolls"}},
            {"anchor", {"action", "ship", "drop"}, {"ship"}, {}, {}},
        };
        return actions;
    }
    ActionPreview preview(const json& action) const override { return naval_preview_detail::preview_naval_action(view_->game(), action); }
    std::vector<std::string> sheet_kinds() const override { return naval_sheet_kinds(); }
    SheetContent sheet(std::string_view kind) const override { return naval_sheet(view_->game(), kind); }

    std::optional<Proposal> propose(int side) override {
        if (side < 0 || side > 1) return std::nullopt;
        const auto next = opponents_[static_cast<std::size_t>(side)].next(view_->game());
        if (!next) return std::nullopt;
        return Proposal{naval_action_to_json(next->action), next->reason};
    }
    void refused(int side, const json& action) override {
        if (side < 0 || side > 1) return;
        opponents_[static_cast<std::size_t>(side)].refused(naval_action_from_json(action));
    }

private:
    void prepare() {
        for (int side = 0; side < 2; ++side)
            opponents_.emplace_back(side, default_naval_doctrine(view_->game().scenario(), side));
    }
    // The session to change: this one's own; a view's holder applies through its own path.
    NavalSession& held() {
        if (!owned_) throw RuleError("this view of the naval game reads it; the desk that holds it applies the actions");
        return *owned_;
    }

    std::unique_ptr<NavalTables> tables_;  // the session's game points into them
    std::unique_ptr<NavalSession> owned_;
    const NavalSession* view_ = nullptr;
    std::vector<std::string> notes_;
    std::vector<NavalOpponent> opponents_;
};

// A save, or the journal beside it when that journal goes further (a crash after the save
// leaves the actions since in the journal only). A journal that disagrees is refused, never replaced.
NavalSession continue_save(const NavalTables& tables, const fs::path& save, const fs::path& data_dir, std::vector<std::string>& notes) {
    NavalSession session = load_naval_game(tables, save, data_dir);
    const fs::path beside = journal_path_for_save(save);
    std::error_code missing;
    if (!fs::exists(beside, missing)) return session;
    const JournalContents contents = read_journal(beside);
    const auto& saved = session.journal();
    std::size_t same = 0;
    const bool same_game = contents.header == session.journal_header();
    while (same_game && same < saved.size() && same < contents.lines.size() && saved[same] == contents.lines[same]) ++same;
    if (same_game && same == contents.lines.size()) return session;
    if (same_game && same == saved.size()) {
        notes.push_back("continuing " + beside.string() + ": it holds " + std::to_string(contents.lines.size() - saved.size()) +
                        (contents.lines.size() - saved.size() == 1 ? " journal line" : " journal lines") + " beyond the save " + save.string());
        return recover_naval_game(tables, beside, data_dir);
    }
    throw RuleError("the journal " + beside.string() +
                    (same_game ? " disagrees with " + save.string() + " from line " + std::to_string(same + 2)
                               : " belongs to another game than " + save.string()) +
                    ": continue it with --load " + beside.string() + ", or move it away to continue the save");
}

}  // namespace

std::unique_ptr<GameSession> open_naval_session(const RulesLibrary& library, const fs::path& file, const std::string& format,
                                                std::uint64_t seed) {
    auto tables = std::make_unique<NavalTables>(load_naval_tables(library.data_dir()));
    const fs::path& data = library.data_dir();
    if (format == kNavalScenarioFormat) {
        NavalSession session(*tables, read_naval_scenario_copy(file, data), seed, data);
        return std::make_unique<NavalGameSession>(std::move(tables), std::move(session));
    }
    if (format == kNavalSaveFormat) {
        std::vector<std::string> notes;
        NavalSession session = continue_save(*tables, file, data, notes);
        return std::make_unique<NavalGameSession>(std::move(tables), std::move(session), std::move(notes));
    }
    NavalSession session = recover_naval_game(*tables, file, data);
    return std::make_unique<NavalGameSession>(std::move(tables), std::move(session));
}

std::unique_ptr<GameSession> naval_session_view(const NavalSession& session) {
    return std::make_unique<NavalGameSession>(NavalGameSession::Viewing{}, session);
}

}  // namespace fortuna::naval

namespace fortuna {

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
    const NavalTurn& turn = game.state().turn;
    std::vector<std::string> lines{scenario.name};
    lines.push_back("round " + std::to_string(turn.round) +
                    (turn.halves_done >= 2 ? ", the wind to throw" : ", " + scenario.sides[static_cast<std::size_t>(turn.active_side)].name + " to move") +
                    "; wind from " + tables.compass[static_cast<std::size_t>(w.direction)] + ", speed " + std::to_string(w.speed) +
                    (high_seas(tables, w) ? " (high seas)" : "") +
                    (scenario.rounds > 0 ? "; " + std::to_string(scenario.rounds) + " rounds in all" : ""));
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

}  // namespace fortuna
