// SPDX-License-Identifier: MIT
// The companion's one window on the game: every use of fortuna::Game's API is in this class.
#include "table_game.hpp"

#include <QBuffer>
#include <QImage>

#include <algorithm>
#include <array>
#include <cstdint>
#include <set>

#include "companion_protocol.hpp"
#include "fortuna/chance.hpp"
#include "fortuna/errors.hpp"
#include "fortuna/game.hpp"
#include "fortuna/platform.hpp"
#include "fortuna/report/report_export.hpp"

namespace fortuna::companion {
namespace {

// The words a page shows for an outcome: the table's result code and name where there is one.
std::string outcome_label(const nlohmann::json& result, const std::string& summary) {
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
std::string describe(const nlohmann::json& action) {
    std::string text = action.value("do", std::string("action"));
    std::string fields;
    for (const auto& [key, value] : action.items()) {
        if (key == "do" || key == "roll" || key == "rolls" || key == "note") continue;
        fields += (fields.empty() ? "" : ", ") + key + " " + (value.is_string() ? value.get<std::string>() : dump_json(value));
    }
    return cut_text(fields.empty() ? text : text + ": " + fields, 240);
}

}  // namespace

TableGame::TableGame(GameSource game, Perform perform) : game_(std::move(game)), perform_(std::move(perform)) {}

TableGame TableGame::over(Game& game) {
    return TableGame([&game] { return &game; },
                     [&game](const nlohmann::json& action) -> std::optional<std::string> {
                         try {
                             (void)game.apply(action);
                             return std::nullopt;
                         } catch (const std::exception& error) {
                             return std::string(error.what());
                         }
                     });
}

bool TableGame::has_game() const { return game_() != nullptr; }

const Game& TableGame::game() const {
    const Game* game = game_();
    if (game == nullptr) throw ApiError(503, "no battle is open at the umpire's desk");
    return *game;
}

std::vector<std::string> TableGame::side_ids() const {
    std::vector<std::string> ids;
    for (const SideSetup& side : game().scenario().sides) ids.push_back(side.id);
    return ids;
}

std::size_t TableGame::version() const { return has_game() ? game().journal().size() : 0; }

nlohmann::json TableGame::public_state() const {
    const Game& g = game();
    nlohmann::json state = g.summary_json();
    state.erase("seed");
    state["turn"] = g.clock().turn;
    state["scenario_name"] = g.scenario().name;
    state["version"] = g.journal().size();
    state["dusk"] = format_clock(g.scenario().dusk);
    // Who is on the table is no secret (the models stand there): codes and names for the
    // pages' pickers; states stay with the side's player and the umpire.
    nlohmann::json roster = nlohmann::json::array();
    for (const Unit& unit : g.units())
        roster.push_back({{"code", unit.id.code}, {"name", unit.id.name}, {"side", g.scenario().sides[static_cast<std::size_t>(unit.id.side)].id},
                          {"present", unit.now.presence == Presence::OnBoard},
                          {"x_mm", unit.now.position.x_mm}, {"y_mm", unit.now.position.y_mm}});
    state["roster"] = roster;
    return state;
}

nlohmann::json TableGame::units_of(int side) const {
    nlohmann::json units = nlohmann::json::array();
    for (const Unit& unit : game().units()) {
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

nlohmann::json TableGame::journal_from(std::size_t first, std::size_t count) const {
    const auto& journal = game().journal();
    nlohmann::json lines = nlohmann::json::array();
    const std::size_t end = journal.size() - std::min(first, journal.size()) > count ? first + count : journal.size();
    for (std::size_t i = std::min(first, journal.size()); i < end; ++i) lines.push_back(journal[i]);
    return lines;
}

std::optional<int> TableGame::unit_side(std::string_view code) const {
    for (const Unit& unit : game().units())
        if (unit.id.code == code) return unit.id.side;
    return std::nullopt;
}

std::optional<int> TableGame::general_side(std::string_view code) const {
    for (const General& general : game().generals())
        if (general.id.code == code) return general.id.side;
    return std::nullopt;
}

nlohmann::json TableGame::apply(const nlohmann::json& action) {
    const std::size_t before = version();
    if (const auto refused = perform_(action)) throw ApiError(409, *refused);
    const auto& journal = game().journal();
    if (journal.size() <= before) throw ApiError(409, "the desk did not apply the action");
    return journal.back();
}

Preview TableGame::preview(const nlohmann::json& action) const {
    const Game& g = game();
    nlohmann::json base = action;
    base.erase("roll");
    Preview preview;
    try {
        // A copy rebuilt from the journal (rolls as recorded), so the real game is not touched.
        // The copy's generator is the real one's twin: what it would draw next is the game's
        // next roll. So nothing it draws is ever read: every roll of the dry run is entered,
        // the main roll as each of its outcomes and any other (a named leader's under fire)
        // from the system's random source, and the summary is what all outcomes share.
        Game copy = Game::replay(g.library(), g.scenario(), g.seed(), g.journal(), "companion preview",
                                 g.initial_enforcement());
        // Other slots' rolls, shared by every outcome: the umpire's entered ones, and fresh ones.
        nlohmann::json others = base.contains("rolls") && base["rolls"].is_object() ? base["rolls"] : nlohmann::json::object();
        std::set<std::string> fresh_slots;
        struct Tried {
            std::string summary;
            nlohmann::json result;
            std::optional<RollKind> main_kind;
            bool fresh = false;  // a roll other than the main one came from the system's random source
        };
        const auto tried = [&](nlohmann::json attempt) {
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
            throw ApiError(409, "this action draws more rolls than its preview can enter");
        };
        const Tried first = tried(base);
        if (!first.main_kind) {
            preview.summary = first.fresh ? describe(base) : first.summary;
            return preview;
        }
        const RollKind kind = *first.main_kind;
        preview.roll_kind = std::string(to_string(kind));
        // Every natural roll with its weight (2d6: 7 is 6 of 36): the exact distribution of
        // the main roll.
        std::vector<std::pair<std::string, std::uint64_t>> weights;
        std::optional<std::string> shared;
        for (const RollOutcome& outcome : roll_outcomes(kind)) {
            nlohmann::json with_roll = base;
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
        preview.summary = cut == std::string::npos || cut == 0 ? describe(base) : shared->substr(0, cut);
        const std::uint64_t total = total_weight(kind);
        for (const auto& [label, weight] : weights) {
            const Probability p{weight, total};
            preview.odds.push_back({{"outcome", label}, {"numerator", weight}, {"denominator", total}, {"percent", p.percent(1)}});
        }
    } catch (const RuleError& error) {
        throw ApiError(409, error.what());
    } catch (const DataError& error) {
        throw ApiError(409, error.what());
    }
    return preview;
}

nlohmann::json TableGame::entered_roll(const std::string& kind_text, const nlohmann::json& value) const {
    if (!value.is_number() && !value.is_string()) throw ApiError(400, "'value' is the roll as a number, e.g. 4 or 0.734");
    const std::string text = value.is_string() ? value.get<std::string>() : value.dump();
    try {
        const RollKind kind = enum_from_string<RollKind>(kind_text);
        const int natural = parse_roll(kind, text);
        if (kind == RollKind::Random) return format_roll(kind, natural);
        return natural;
    } catch (const RuleError& error) {
        throw ApiError(400, error.what());
    }
}

QByteArray TableGame::board_png(int width_px) const {
    const Game& g = game();
    const QImage image = report::render_board(g, g.state(), std::clamp(width_px, 200, 1600));
    QByteArray bytes;
    QBuffer buffer(&bytes);
    buffer.open(QIODevice::WriteOnly);
    image.save(&buffer, "PNG");
    return bytes;
}

}  // namespace fortuna::companion
