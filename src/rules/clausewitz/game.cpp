// SPDX-License-Identifier: MIT
// Clausewitz (seed 003) played: the turn, the chip bag, activation by command test, the actions,
// the zone of control measured from the bases, the morale test before each action in it,
// withdrawal and flight, objectives each turn; charges and their melee, colours and generals
// captured, reinforcements by the clock (session 13). The rolls are the round-1 resolvers'.
#include <algorithm>
#include <cmath>
#include <cstdio>
#include <numbers>
#include <set>

#include "fortuna/clausewitz/game.hpp"
#include "fortuna/core/errors.hpp"
#include "fortuna/seam/library.hpp"

namespace fortuna::clausewitz {

namespace {

using nlohmann::json;

constexpr std::string_view kAlphaPost = " (seed 003, \"Clausewitz Full Alpha Ruleset\")";
constexpr std::string_view kSynopsisPost = " (seed 003, \"Clausewitz (A Synopsis)\")";
constexpr std::string_view kAdjustPost = " (seed 003, \"Rulebook Adjustments\")";
constexpr std::string_view kMovement2Post = " (seed 003, \"Movement Part II\")";

std::string cm_text(double value) {
    char text[32];
    std::snprintf(text, sizeof text, "%.1f", value);
    return text;
}
std::string num(int value) { return std::to_string(value); }
double rad(double deg) { return deg * std::numbers::pi / 180.0; }
double bearing(double x0, double y0, double x1, double y1) {
    double b = std::atan2(x1 - x0, y1 - y0) * 180.0 / std::numbers::pi;
    return b < 0 ? b + 360.0 : b;
}
double angle_between(double a, double b) {
    double d = std::fmod(std::fabs(a - b), 360.0);
    return d > 180.0 ? 360.0 - d : d;
}
double norm360(double a) {
    a = std::fmod(a, 360.0);
    return a < 0 ? a + 360.0 : a;
}
int clock_minutes(const std::string& clock) { return std::stoi(clock.substr(0, 2)) * 60 + std::stoi(clock.substr(3, 2)); }
std::string faces(const std::vector<Roll>& rolls) {
    std::string text;
    for (const Roll& r : rolls) text += (text.empty() ? "" : ",") + std::to_string(r.value);
    return text.empty() ? "-" : text;
}

// Rotated rectangles overlap (separating axes); touching is not overlapping.
bool overlaps(const Footprint& a, const Footprint& b) {
    const auto corners = [](const Footprint& f) {
        const double fx = std::sin(rad(f.facing_deg)), fy = std::cos(rad(f.facing_deg));
        const double rx = fy, ry = -fx;
        std::vector<std::pair<double, double>> out;
        for (const double along : {1.0, -1.0})
            for (const double side : {1.0, -1.0})
                out.emplace_back(f.x_cm + fx * along * f.depth_cm / 2 + rx * side * f.width_cm / 2, f.y_cm + fy * along * f.depth_cm / 2 + ry * side * f.width_cm / 2);
        return out;
    };
    const auto ca = corners(a), cb = corners(b);
    for (const Footprint* f : {&a, &b}) {
        const double fx = std::sin(rad(f->facing_deg)), fy = std::cos(rad(f->facing_deg));
        for (const auto& [ax, ay] : {std::pair{fx, fy}, std::pair{fy, -fx}}) {
            double amin = 1e18, amax = -1e18, bmin = 1e18, bmax = -1e18;
            for (const auto& [x, y] : ca) amin = std::min(amin, x * ax + y * ay), amax = std::max(amax, x * ax + y * ay);
            for (const auto& [x, y] : cb) bmin = std::min(bmin, x * ax + y * ay), bmax = std::max(bmax, x * ax + y * ay);
            if (amax <= bmin + 1e-6 || bmax <= amin + 1e-6) return false;
        }
    }
    return true;
}

[[noreturn]] void bad_field(const std::string& field, const std::string& expected, const json& found) {
    throw RuleError("\"" + field + "\": expected " + expected + ", not " + found.dump().substr(0, 60));
}
std::string text_field(const json& input, const std::string& field, bool required) {
    if (!input.contains(field)) {
        if (required) throw RuleError("\"" + field + "\": expected a string (this action needs it), not nothing");
        return "";
    }
    const json& value = input.at(field);
    if (!value.is_string() || value.get<std::string>().empty() || value.get<std::string>().size() > 200) bad_field(field, "a non-empty string", value);
    return value.get<std::string>();
}
std::optional<double> number_field(const json& input, const std::string& field, double lo, double hi) {
    if (!input.contains(field)) return std::nullopt;
    const json& value = input.at(field);
    if (!value.is_number() || !(value.get<double>() >= lo) || !(value.get<double>() <= hi))
        bad_field(field, "a number from " + cm_text(lo) + " to " + cm_text(hi), value);
    return value.get<double>();
}
std::vector<Roll> rolls_field(const json& input, const std::string& field, RollKind kind) {
    std::vector<Roll> out;
    if (!input.contains(field)) return out;
    const json& list = input.at(field);
    if (!list.is_array() || list.size() > 200) bad_field(field, "a list of rolls", list);
    const RollRange range = natural_range(kind);
    const std::string expected = kind == RollKind::Random ? "a roll of 0 to 999" : "a die of 1 to 6";
    for (std::size_t i = 0; i < list.size(); ++i) {
        const json& item = list[i];
        Roll roll{kind, 0, RollSource::Entered};
        const json* value = &item;
        if (item.is_object()) {
            if (!item.contains("value")) bad_field(field + "/" + std::to_string(i), expected, item);
            value = &item.at("value");
            const std::string source = item.value("source", std::string("entered"));
            if (source != "generated" && source != "entered") bad_field(field + "/" + std::to_string(i) + "/source", "\"generated\" or \"entered\"", item.at("source"));
            roll.source = source == "generated" ? RollSource::Generated : RollSource::Entered;
        }
        if (!value->is_number_integer() || value->get<int>() < range.min || value->get<int>() > range.max) bad_field(field + "/" + std::to_string(i), expected, *value);
        roll.value = value->get<int>();
        out.push_back(roll);
    }
    return out;
}

const std::set<std::string>& kinds() {
    static const std::set<std::string> all{"draw", "activate", "march", "quick-march", "face", "formation", "fire", "skirmish", "bombard", "hold", "end-activation", "order", "move-general", "charge",
                                           "roll-off", "scout", "scout-pass", "deploy", "pass-reaction"};
    return all;
}

}  // namespace

// ------------------------------------------------------------------ the scenario

Scenario scenario_from_json(const Tables& tables, const json& d, const std::filesystem::path& data_dir, const std::string& file) {
    Scenario s;
    s.id = d.at("id");
    s.name = d.at("name");
    s.document = d;
    s.width_cm = d.at("table").at("width_cm");
    s.depth_cm = d.at("table").at("depth_cm");
    s.start_minutes = clock_minutes(d.at("time").at("start"));
    s.turn_minutes = d.at("time").at("turn_minutes");
    s.turns = (clock_minutes(d.at("time").at("end")) - s.start_minutes) / s.turn_minutes;
    s.scouting = d.contains("scouting");
    for (const auto& o : d.at("objectives")) s.objectives.push_back({o.at("id"), o.at("name"), o.at("at")[0].get<double>(), o.at("at")[1].get<double>(), o.at("vp_per_turn").get<int>()});
    for (const auto& t : d.at("terrain")) {
        const double fx = t.at("from")[0].get<double>(), fy = t.at("from")[1].get<double>(), tx = t.at("to")[0].get<double>(), ty = t.at("to")[1].get<double>();
        s.terrain.push_back({t.at("id"), t.at("type"), std::min(fx, tx), std::min(fy, ty), std::max(fx, tx), std::max(fy, ty)});
    }
    const auto& sides = d.at("sides");
    for (std::size_t si = 0; si < sides.size(); ++si) {
        const auto& side = sides[si];
        const std::string where = "/sides/" + std::to_string(si);
        SideSetup setup{side.at("id"), side.at("name"), side.at("army"), side.at("commander"), "", "", ""};
        if (!side.contains("doctrine"))
            throw RuleError(file + ": not yet playable: " + where + "/doctrine is missing (the programmed opponent's posture, \"attack\" or \"hold\", with its source)");
        setup.posture = side.at("doctrine").at("posture");
        setup.doctrine_cite = side.at("doctrine").at("cite")[0];
        setup.advance_to = side.at("doctrine").value("advance_to", std::string());
        s.sides.push_back(setup);
        if (!side.contains("generals"))
            throw RuleError(file + ": not yet playable: " + where + "/generals is missing (a commander-in-chief and a general for each division)");
        for (const auto& g : side.at("generals")) {
            General general;
            general.id = g.at("id");
            general.name = g.at("name");
            general.division = g.value("division", std::string());
            general.commander_in_chief = g.value("commander_in_chief", false);
            general.rating = g.at("rating");
            general.side = static_cast<int>(si);
            general.x = g.at("at")[0];
            general.y = g.at("at")[1];
            general.points_left = tables.command_points;
            s.generals.push_back(general);
        }
        const auto army = read_json_file(data_dir / "armies" / "clausewitz" / (side.at("army").get<std::string>() + ".json"));
        for (std::size_t bi = 0; bi < side.at("brigades").size(); ++bi) {
            const auto& b = side.at("brigades")[bi];
            const std::string at = where + "/brigades/" + std::to_string(bi);
            const bool arriving = b.contains("arrives");
            const bool deploying = !arriving && !b.contains("at");
            if (deploying && !s.scouting) throw RuleError(file + ": " + at + " has no \"at\" and the scenario no \"scouting\" to deploy it");
            Brigade brigade;
            brigade.id = b.at("id");
            brigade.name = b.at("name");
            brigade.division = b.at("division");
            brigade.side = static_cast<int>(si);
            brigade.rating = b.value("rating", 0);
            if (brigade.rating == 0) throw RuleError(file + ": not yet playable: " + at + "/rating is missing (the brigade's command rating, 1-5)");
            if (!deploying) {
                const json& place = arriving ? b.at("arrives").at("at") : b.at("at");
                brigade.x = place[0];
                brigade.y = place[1];
            }
            if (arriving) brigade.arrives = b.at("arrives").at("time");
            brigade.facing = b.value("facing", si == 0 ? 0.0 : 180.0);
            brigade.formation = formation_from(b.value("formation", std::string("line")), at + "/formation");
            brigade.objective = b.value("objective", std::string());
            const auto& units = b.at("units");
            const bool per_unit = !units.empty() && units[0].contains("men");
            if (!per_unit && b.at("men").is_null())
                throw RuleError(file + ": not yet playable: " + at + "/men is null (no sourced strength, so its dice cannot be counted)");
            const int brigade_men = b.at("men").is_null() ? 0 : b.at("men").get<int>();
            for (std::size_t ui = 0; ui < units.size(); ++ui) {
                const auto& u = units[ui];
                UnitBase base;
                base.type = u.at("type");
                base.name = u.at("name");
                base.men = per_unit ? u.value("men", 0) : brigade_men / static_cast<int>(units.size()) + (static_cast<int>(ui) < brigade_men % static_cast<int>(units.size()) ? 1 : 0);
                if (per_unit && base.men == 0) throw RuleError(file + ": " + at + "/units/" + std::to_string(ui) + "/men is missing (every unit's or none)");
                const UnitType* type = tables.find_unit_type(base.type);
                if (!type) throw RuleError(file + ": " + at + "/units/" + std::to_string(ui) + "/type is not a unit type of the tables");
                std::string weapon = type->weapon;
                for (const auto& listed : army.at("units"))
                    if (listed.at("type") == base.type) weapon = listed.value("weapon", weapon);
                const UnitDice dice = unit_dice(tables, *type, base.men, u.value("guns", 0));
                base.combat_dice = dice.combat;
                base.skirmish_dice = dice.skirmish;
                base.artillery_dice = dice.artillery;
                base.weapon = weapon;
                brigade.strength += dice.strength;
                brigade.arm = type->arm;
                if (brigade.weapon.empty() || (tables.weapon(brigade.weapon).artillery && !type->artillery)) brigade.weapon = weapon;
                brigade.units.push_back(base);
            }
            brigade.strength_start = brigade.strength;
            (arriving ? s.arrivals : deploying ? s.to_deploy : s.brigades).push_back(brigade);
        }
    }
    std::vector<Brigade> all = s.brigades;
    all.insert(all.end(), s.arrivals.begin(), s.arrivals.end());
    all.insert(all.end(), s.to_deploy.begin(), s.to_deploy.end());
    for (const Brigade& b : all) {
        bool commanded = false;
        for (const General& g : s.generals) commanded = commanded || (g.side == b.side && g.division == b.division && !g.commander_in_chief);
        if (!commanded) throw RuleError(file + ": not yet playable: no general of division for " + b.division + " (brigade " + b.id + ")");
    }
    return s;
}

// ------------------------------------------------------------------ the game

Game::Game(std::shared_ptr<const Tables> tables, std::shared_ptr<const Scenario> scenario) : tables_(std::move(tables)), scenario_(std::move(scenario)) {
    state_.brigades = scenario_->brigades;
    state_.generals = scenario_->generals;
    state_.held.assign(scenario_->objectives.size(), "");
    fill_bag();
    if (scenario_->scouting) {
        // At least five markers a side, one more for each unit with Deployment Marker (D25).
        state_.phase = "scouting";
        for (int side = 0; side < 2; ++side) {
            int extra = 0;
            std::vector<Brigade> all = scenario_->brigades;
            all.insert(all.end(), scenario_->to_deploy.begin(), scenario_->to_deploy.end());
            for (const Brigade& b : all)
                if (b.side == side)
                    for (const UnitBase& u : b.units) {
                        const UnitType* type = tables_->find_unit_type(u.type);
                        extra += type && type->deployment_marker ? 1 : 0;
                    }
            state_.markers_left[static_cast<std::size_t>(side)] = tables_->deployment_min_markers + extra;
        }
        for (const Brigade& b : scenario_->to_deploy) state_.to_deploy.push_back(b.id);
    }
}

std::string Game::clock() const {
    const int at = scenario_->start_minutes + (state_.turn - 1) * scenario_->turn_minutes;
    char text[8];
    std::snprintf(text, sizeof text, "%02d:%02d", (at / 60) % 24, at % 60);
    return text;
}

int Game::acting_side() const {
    if (state_.over) return -1;
    if (!state_.phase.empty()) return std::max(0, state_.scout_side);
    // A reaction on offer (D68): the reacting side answers it (fires or lets it pass) first.
    if (!state_.may_react.empty()) {
        const int r = find_brigade(state_.may_react.front());
        if (r >= 0) return state_.brigades[static_cast<std::size_t>(r)].side;
    }
    if (state_.active >= 0) return state_.brigades[static_cast<std::size_t>(state_.active)].side;
    if (state_.chip >= 0) return state_.chip;
    return 0;
}

int Game::find_brigade(const std::string& id) const {
    for (std::size_t i = 0; i < state_.brigades.size(); ++i)
        if (state_.brigades[i].id == id) return static_cast<int>(i);
    return -1;
}
int Game::find_general(const std::string& id) const {
    for (std::size_t i = 0; i < state_.generals.size(); ++i)
        if (state_.generals[i].id == id) return static_cast<int>(i);
    return -1;
}
int Game::side_index(const std::string& id) const {
    for (std::size_t i = 0; i < scenario_->sides.size(); ++i)
        if (scenario_->sides[i].id == id) return static_cast<int>(i);
    return -1;
}

Footprint Game::footprint_at(const Brigade& b, double x, double y, double facing) const {
    const double base_w = tables_->base_width_mm / 10.0, base_d = tables_->base_depth_mm / 10.0;
    const int units = static_cast<int>(b.units.size());
    const int wide = std::min(units, tables_->brigade_max_wide);
    const int deep = (units + wide - 1) / wide;
    return Footprint{x, y, facing, base_w * wide, base_d * deep};
}
Footprint Game::footprint(const Brigade& b) const { return footprint_at(b, b.x, b.y, b.facing); }

int Game::zone_owner_at(int b, const Footprint& place) const {
    const Brigade& me = state_.brigades[static_cast<std::size_t>(b)];
    int best = -1;
    double best_d = 1e18;
    for (std::size_t i = 0; i < state_.brigades.size(); ++i) {
        const Brigade& e = state_.brigades[i];
        if (e.side == me.side || e.status != "ready") continue;
        const ZoneCheck z = zone_of_control(*tables_, footprint(e), place);
        if (z.inside && z.distance_cm < best_d) best = static_cast<int>(i), best_d = z.distance_cm;
    }
    return best;
}
int Game::zone_owner(int b) const { return zone_owner_at(b, footprint(state_.brigades[static_cast<std::size_t>(b)])); }

Terrain Game::ground_at(double x, double y) const {
    Terrain worst = Terrain::Open;
    for (const TerrainPiece& t : scenario_->terrain)
        if (x >= t.x0 && x <= t.x1 && y >= t.y0 && y <= t.y1) {
            const auto found = tables_->terrain_types.find(t.type);
            if (found != tables_->terrain_types.end() && static_cast<int>(found->second) > static_cast<int>(worst)) worst = found->second;
        }
    return worst;
}
std::optional<int> Game::save_at(double x, double y) const {
    std::optional<int> best;
    for (const TerrainPiece& t : scenario_->terrain)
        if (x >= t.x0 && x <= t.x1 && y >= t.y0 && y <= t.y1 && tables_->saves.contains(t.type)) {
            const int s = tables_->saves.at(t.type);
            if (!best || s < *best) best = s;
        }
    return best;
}

std::string Game::cover_at(double x, double y) const {
    std::string cover = "none";
    std::optional<int> best;
    for (const TerrainPiece& t : scenario_->terrain)
        if (x >= t.x0 && x <= t.x1 && y >= t.y0 && y <= t.y1 && tables_->saves.contains(t.type)) {
            const int s = tables_->saves.at(t.type);
            if (!best || s < *best) best = s, cover = t.type;
        }
    return cover;
}

std::optional<std::string> Game::march_refusal(int b, double x, double y, bool quick) const {
    const Brigade& me = state_.brigades[static_cast<std::size_t>(b)];
    if (x < 0 || y < 0 || x > scenario_->width_cm || y > scenario_->depth_cm)
        return "the march ends off the table (0-" + cm_text(scenario_->width_cm) + " x 0-" + cm_text(scenario_->depth_cm) + " cm)";
    const double dist = std::hypot(x - me.x, y - me.y);
    if (dist < 0.05) return "the march goes nowhere (" + cm_text(dist) + " cm)";
    const double travel = bearing(me.x, me.y, x, y);
    const int owner = zone_owner(b);
    if (quick && owner >= 0) return "Quick March cannot be used inside the zone of control of an enemy unit" + std::string(kAlphaPost);
    double end_facing = travel;
    if (owner >= 0) {
        const Brigade& e = state_.brigades[static_cast<std::size_t>(owner)];
        const double to_enemy = bearing(me.x, me.y, e.x, e.y);
        if (angle_between(travel, to_enemy) > 10.0 && angle_between(travel, norm360(to_enemy + 180.0)) > 10.0)
            return "inside the zone of control of " + e.name + " a brigade may only move directly towards or away from it (within 10 degrees)" +
                   std::string(kMovement2Post);
        end_facing = bearing(x, y, e.x, e.y);
    }
    // No passing through units: the footprint along the path never overlaps another brigade's.
    const int steps = std::max(1, static_cast<int>(std::ceil(dist / 0.5)));
    for (int i = 1; i <= steps; ++i) {
        const double t = static_cast<double>(i) / steps;
        const Footprint here = footprint_at(me, me.x + (x - me.x) * t, me.y + (y - me.y) * t, i == steps ? end_facing : (owner >= 0 ? me.facing : travel));
        for (std::size_t j = 0; j < state_.brigades.size(); ++j) {
            if (static_cast<int>(j) == b || state_.brigades[j].status == "gone") continue;
            if (overlaps(here, footprint(state_.brigades[j])))
                return "the march would pass through " + state_.brigades[j].name + " at (" + cm_text(here.x_cm) + ", " + cm_text(here.y_cm) + ")" + std::string(kMovement2Post);
        }
    }
    return std::nullopt;
}

namespace cw_foresee_detail {

// Thrown on foresee()'s copy when the action reaches the roll its preview names.
struct ForeseenStop {};

// A chance enumerated in long double as a fraction over 10^12: a volley's exact denominator
// (6 to the power of every die thrown) outgrows the 64-bit fraction the seam carries (D56).
Probability twelve_places(long double p) {
    constexpr long double scale = 1e12L;
    const long double clamped = std::clamp(p, 0.0L, 1.0L);
    return {static_cast<std::uint64_t>(std::llround(static_cast<double>(clamped * scale))), static_cast<std::uint64_t>(scale)};
}

void add_counts(Foreseen& seen, const std::string& group, const CountOdds& odds) {
    for (std::size_t k = 0; k < odds.p.size(); ++k) seen.odds.emplace_back(group + ": " + std::to_string(k), twelve_places(odds.p[k]));
}

Probability complement(const Probability& p) { return {p.denominator - p.numerator, p.denominator}; }

}  // namespace cw_foresee_detail

Foreseen Game::foresee(Action action) const {
    for (auto* list : {&action.chip, &action.command, &action.morale, &action.steady, &action.fire, &action.save, &action.lose, &action.melee, &action.defence,
                       &action.lose_back, &action.colours, &action.roll_off})
        list->clear();
    Game copy = *this;
    Foreseen seen;
    copy.foreseeing_ = &seen;
    Dice idle(0);  // never drawn: the copy stops before its rolls
    try {
        const Applied& done = copy.apply(std::move(action), idle);
        if (seen.summary.empty()) seen.summary = done.summary;  // an action without rolls
    } catch (const cw_foresee_detail::ForeseenStop&) {
    }
    return seen;
}

void Game::at_roll(Foreseen roll, bool stop) {
    if (foreseeing_ == nullptr) return;
    Foreseen& seen = *foreseeing_;
    seen.summary += (seen.summary.empty() ? "" : "; ") + roll.summary;
    if (seen.roll_kind.empty()) {
        seen.roll_kind = roll.roll_kind;
        seen.roll_slot = roll.roll_slot;
    }
    seen.odds.insert(seen.odds.end(), roll.odds.begin(), roll.odds.end());
    if (stop) throw cw_foresee_detail::ForeseenStop{};
}

std::vector<Roll> Game::rolls(std::vector<Roll>& typed, const std::string& key, const std::string& slot, std::size_t count, RollKind kind, Dice& dice,
                              const std::string& field, const std::string& why) {
    if (foreseeing_ != nullptr && count > 0) {
        // A roll no site announced: the preview stops here rather than draw (never from a generator).
        at_roll(Foreseen{"then " + std::to_string(count) + " " + field + " rolls", "", "", {}});
    }
    if (!typed.empty()) {
        if (typed.size() != count)
            throw RuleError("\"" + field + "\": " + std::to_string(count) + " rolls expected (" + why + "), " + std::to_string(typed.size()) + " given");
        return typed;
    }
    typed = kept_.draw(key, slot, static_cast<int>(count), kind, dice);
    return typed;
}

void Game::overrule_or_refuse(const Action& action, const std::string& rule, Explanation& out) const {
    if (action.overrule.empty()) throw RuleError(rule);
    out.push_back("the umpire overrules: " + rule + "; reason: " + action.overrule);
}

int Game::active_brigade(const Action& action, const std::string& what) const {
    const int b = find_brigade(action.brigade);
    if (b < 0) throw RuleError("\"brigade\": no brigade '" + action.brigade + "' on the table in " + scenario_->id);
    if (state_.active != b) {
        const std::string now = state_.active < 0 ? "no brigade is activated" : state_.brigades[static_cast<std::size_t>(state_.active)].name + " is activated";
        throw RuleError(what + ": " + state_.brigades[static_cast<std::size_t>(b)].name + " is not the activated element (" + now +
                        "): only the element whose chip was drawn and which passed its command test acts" + std::string(kAlphaPost));
    }
    return b;
}

void Game::spend(Brigade& brigade, int actions, const Action& action, const std::string& what, Explanation& out) {
    if (brigade.actions_left < actions) {
        overrule_or_refuse(action, what + " costs " + num(actions) + " action" + (actions == 1 ? "" : "s") + "; " + brigade.name + " has " +
                                       num(brigade.actions_left) + " left this turn" + std::string(kAlphaPost) + " (Actions & Reactions)",
                           out);
        brigade.actions_left = 0;
        return;
    }
    brigade.actions_left -= actions;
    out.push_back(what + ": " + num(actions) + " action" + (actions == 1 ? "" : "s") + ", " + num(brigade.actions_left) + " left" + std::string(kAlphaPost));
}

std::optional<ZoneMorale> Game::zone_morale(int b, int against) const {
    if (b < 0 || static_cast<std::size_t>(b) >= state_.brigades.size()) return std::nullopt;
    const int owner = against >= 0 ? against : zone_owner(b);
    if (owner < 0) return std::nullopt;
    const Brigade& me = state_.brigades[static_cast<std::size_t>(b)];
    MoraleRequest request;
    request.units = static_cast<int>(me.units.size());
    if (me.formation == Formation::Column) request.in_column = request.units;
    if (me.formation == Formation::Square) request.in_square = request.units;
    request.foot = me.arm == Arm::Foot;
    for (const Brigade& e : state_.brigades) {
        if (e.side == me.side || e.status != "ready") continue;
        if (std::hypot(e.x - me.x, e.y - me.y) > tables_->zone_cm) continue;
        for (const UnitBase& u : e.units) {
            const UnitType* type = tables_->find_unit_type(u.type);
            if (type) request.cavalry_threat = std::max(request.cavalry_threat, type->cavalry_threat);
        }
    }
    ZoneMorale zone;
    zone.owner = owner;
    zone.setup = prepare_morale(*tables_, request);
    zone.odds = morale_odds(*tables_, zone.setup);
    return zone;
}

std::vector<int> Game::reactions_on_offer() const {
    std::vector<int> out;
    if (state_.active < 0) return out;
    for (const std::string& id : state_.may_react) {
        const int r = find_brigade(id);
        if (r >= 0) out.push_back(r);
    }
    return out;
}

std::vector<AdcRide> Game::adc_rides() const {
    std::vector<AdcRide> out;
    for (const Adc& adc : state_.adcs) {
        const int g = find_general(adc.to_general);
        if (g < 0) continue;
        const General& general = state_.generals[static_cast<std::size_t>(g)];
        AdcRide ride;
        ride.side = adc.side;
        ride.to_general = adc.to_general;
        ride.objective = adc.objective;
        ride.from_x = adc.x, ride.from_y = adc.y, ride.to_x = general.x, ride.to_y = general.y;
        ride.distance_cm = std::hypot(general.x - adc.x, general.y - adc.y);
        // end_turn: within the ride he arrives; otherwise he rides its length towards the general.
        ride.turns = ride.distance_cm <= tables_->adc_cm ? 1 : 1 + static_cast<int>(std::ceil((ride.distance_cm - tables_->adc_cm) / tables_->adc_cm - 1e-9));
        const int at = scenario_->start_minutes + (state_.turn - 1 + ride.turns - 1) * scenario_->turn_minutes;
        char text[8];
        std::snprintf(text, sizeof text, "%02d:%02d", (at / 60) % 24, at % 60);
        ride.arrives = text;
        out.push_back(ride);
    }
    return out;
}

bool Game::zone_test(int b, Action& action, const std::string& key, Dice& dice, Explanation& out, std::string& summary, int against) {
    const std::optional<ZoneMorale> zone = zone_morale(b, against);
    if (!zone) return true;
    const int owner = zone->owner;
    Brigade& me = state_.brigades[static_cast<std::size_t>(b)];
    const Brigade& enemy = state_.brigades[static_cast<std::size_t>(owner)];
    const MoraleSetup& setup = zone->setup;
    out.push_back(against >= 0 ? "a defensive reaction to " + enemy.name + ": the reacting brigade must pass a morale test first" + std::string(kAlphaPost) + " (Zone of Control)"
                               : "inside the zone of control of " + enemy.name + ": a morale test before each action" + std::string(kAlphaPost) + " (Zone of Control)");
    const MoraleOdds& odds = zone->odds;
    out.push_back("odds before the roll: passes " + odds.pass.percent(2) + ", withdraws " + odds.withdraw.percent(2) + ", flees " + odds.flee.percent(2));
    if (foreseeing_ != nullptr) {
        const bool volley = action.kind == "fire" || action.kind == "skirmish" || action.kind == "bombard" || action.kind == "charge";
        at_roll(Foreseen{me.name + " is in the zone of control of " + enemy.name + ": a morale test on 2d6 first, " + num(setup.pass_on) + "+ passes" +
                             (volley ? (action.kind == "charge" ? " (the melee's odds below are once it has passed)" : " (the volley's odds below are once it has passed)") : "") + std::string(kAlphaPost) + " (Zone of Control)",
                         volley ? "" : "dice:2", volley ? "" : "morale",  // a volley's typed roll is its Steady! dice
                         {{"morale: passes", odds.pass}, {"morale: withdraws", odds.withdraw}, {"morale: flees", odds.flee}}},
                !volley);
        return true;  // a volley foreseen as if the test passed
    }
    const auto two = rolls(action.morale, key, "morale", 2, RollKind::D6, dice, "morale", "2d6");
    int margin = 0;
    const int roll = two[0].value + two[1].value;
    const MoraleResult result = morale_result(*tables_, setup, roll, &margin);
    for (const auto& line : setup.explanation) out.push_back(line);
    out.push_back("morale 2d6 " + num(two[0].value) + "+" + num(two[1].value) + " = " + num(roll) + " against " + num(setup.pass_on) + "+: " +
                  std::string(to_string(result)) + (margin > 0 ? " (failed by " + num(margin) + ")" : ""));
    if (result == MoraleResult::Pass) return true;
    const Reaction reaction = react(*tables_, result, margin, me.arm, std::min(me.actions_left, tables_->actions));
    for (const auto& line : reaction.explanation) out.push_back(line);
    retreat(b, owner, reaction.distance_cm, result == MoraleResult::Flee, out);
    me.actions_left = 0;
    summary = me.name + " fails its morale test in the zone of " + enemy.name + " and " +
              (result == MoraleResult::Flee ? "flees " : "withdraws ") + num(reaction.distance_cm) + " cm" + (me.status == "gone" ? ", off the table" : "");
    return false;
}

void Game::retreat(int b, int from, double distance, bool flee, Explanation& out) {
    Brigade& me = state_.brigades[static_cast<std::size_t>(b)];
    const Brigade& enemy = state_.brigades[static_cast<std::size_t>(from)];
    const double away = bearing(enemy.x, enemy.y, me.x, me.y);
    const double dx = std::sin(rad(away)), dy = std::cos(rad(away));
    const double facing = flee ? away : norm360(away + 180.0);
    double moved = 0;
    bool blocked = false;
    for (double step = 0.5; step <= distance + 1e-9; step += 0.5) {
        const double x = me.x + dx * step, y = me.y + dy * step;
        if (x < 0 || y < 0 || x > scenario_->width_cm || y > scenario_->depth_cm) {
            me.status = "gone";
            out.push_back(me.name + " leaves the table: it is out of the battle");
            state_.active = state_.active == b ? -1 : state_.active;
            return;
        }
        const Footprint here = footprint_at(me, x, y, facing);
        for (std::size_t j = 0; j < state_.brigades.size() && !blocked; ++j)
            if (static_cast<int>(j) != b && state_.brigades[j].status != "gone" && overlaps(here, footprint(state_.brigades[j]))) blocked = true;
        if (blocked) break;
        moved = step;
    }
    me.x += dx * moved;
    me.y += dy * moved;
    me.facing = facing;
    if (flee) me.status = "fled";
    else me.halted = true;
    out.push_back(me.name + (flee ? " flees " : " withdraws ") + cm_text(moved) + " cm directly away from " + enemy.name + (blocked ? " (stopped by a brigade in its path)" : "") +
                  ", now at (" + cm_text(me.x) + ", " + cm_text(me.y) + ") facing " + cm_text(me.facing) + (flee ? " (away)" : " (its front to the enemy)"));
}

// D68: after an action of the activated brigade that went ahead (no failed morale test), the
// enemies whose zone it now stands in, with actions in reserve and in good order, are offered a
// defensive reaction; a reaction fired takes that brigade off the offer; anything else closes it.
void Game::offer_reactions(const Action& action, const GameState& before, Explanation& out) {
    const std::vector<std::string> offered = std::move(state_.may_react);
    state_.may_react.clear();
    if (state_.over || state_.active < 0 || !state_.phase.empty()) return;
    const Brigade& acting = state_.brigades[static_cast<std::size_t>(state_.active)];
    if (acting.status != "ready") return;
    // The reaction is defensive fire (D50): offered to a brigade whose musket, skirmishers or guns
    // reach the activated brigade from its front edge (its zone is 10 cm, a musket's long range 4).
    const auto eligible = [&](const Brigade& r) {
        if (r.side == acting.side || r.status != "ready" || r.actions_left <= 0) return false;
        const ZoneCheck zone = zone_of_control(*tables_, footprint(r), footprint(acting));
        if (!zone.inside) return false;
        double reach = 0;
        for (const UnitBase& u : r.units) {
            if ((u.combat_dice > 0 || u.skirmish_dice > 0) && !r.weapon.empty()) reach = std::max(reach, tables_->weapon(r.weapon).long_cm);
            if (u.artillery_dice > 0 && !u.weapon.empty()) reach = std::max(reach, tables_->weapon(u.weapon).long_cm);
        }
        return zone.distance_cm <= reach + 1e-9;
    };
    const bool shooting = action.kind == "fire" || action.kind == "skirmish" || action.kind == "bombard";
    if (shooting && action.brigade != acting.id) {
        // A reaction fired: the others still offered keep their chance at this action.
        for (const std::string& id : offered) {
            const int r = find_brigade(id);
            if (id != action.brigade && r >= 0 && eligible(state_.brigades[static_cast<std::size_t>(r)])) state_.may_react.push_back(id);
        }
        return;
    }
    static const std::set<std::string> acts{"march", "quick-march", "face", "formation", "fire", "skirmish", "bombard", "hold"};
    if (!acts.contains(action.kind) || action.brigade != acting.id) return;
    const int b = state_.active;
    const Brigade& was = before.brigades[static_cast<std::size_t>(b)];
    if (!was.halted && acting.halted) return;  // it failed its morale test: it did not act
    std::string names;
    for (const Brigade& r : state_.brigades)
        if (eligible(r)) {
            state_.may_react.push_back(r.id);
            names += (names.empty() ? "" : ", ") + r.name + " (" + num(r.actions_left) + " in reserve)";
        }
    if (!names.empty())
        out.push_back(acting.name + " acted inside the zone of control of " + names + ", within reach of its weapons: a defensive reaction is offered (Fire!, Fire Skirmish Weapons or Bombard at " +
                      acting.name + " after a morale test, or let it pass)" + std::string(kAlphaPost) + " (Zone of Control; D68)");
}

void Game::fill_bag() {
    for (std::size_t side = 0; side < state_.bag.size(); ++side) {
        std::set<std::string> divisions;
        for (const Brigade& b : state_.brigades)
            if (b.side == static_cast<int>(side) && b.status != "gone") divisions.insert(b.division);
        state_.bag[side] = divisions.empty() ? 0 : chips_for(*tables_, static_cast<int>(divisions.size()));
    }
}

void Game::end_turn(Explanation& out) {
    // Objectives: held by a side with a brigade in good order ordered to hold it within the zone
    // distance, and no enemy brigade in good order as close (D39).
    for (std::size_t o = 0; o < scenario_->objectives.size(); ++o) {
        const Objective& obj = scenario_->objectives[o];
        std::vector<bool> ordered(2, false), near(2, false);
        for (const Brigade& b : state_.brigades) {
            if (b.status != "ready" || std::hypot(b.x - obj.x, b.y - obj.y) > tables_->zone_cm) continue;
            near[static_cast<std::size_t>(b.side)] = true;
            if (b.objective == obj.id) ordered[static_cast<std::size_t>(b.side)] = true;
        }
        state_.held[o] = "";
        for (int side = 0; side < 2; ++side)
            if (ordered[static_cast<std::size_t>(side)] && !near[static_cast<std::size_t>(1 - side)]) {
                state_.held[o] = scenario_->sides[static_cast<std::size_t>(side)].id;
                state_.vp[static_cast<std::size_t>(side)] += obj.vp;
                out.push_back(scenario_->sides[static_cast<std::size_t>(side)].name + " holds objective " + obj.id + " (" + obj.name + "): +" + num(obj.vp) + " VP" +
                              std::string(kAlphaPost) + " (Objectives)");
            }
    }
    out.push_back("victory points: " + scenario_->sides[0].name + " " + num(state_.vp[0]) + ", " + scenario_->sides[1].name + " " + num(state_.vp[1]));
    state_.tally.push_back({state_.turn, clock(), state_.held, state_.vp});
    // ADCs ride 30 cm towards their general; on arrival the division takes the new objective.
    std::vector<Adc> riding;
    for (Adc& adc : state_.adcs) {
        const int g = find_general(adc.to_general);
        const General& general = state_.generals[static_cast<std::size_t>(g)];
        const double d = std::hypot(general.x - adc.x, general.y - adc.y);
        if (d <= tables_->adc_cm) {
            for (Brigade& b : state_.brigades)
                if (b.side == general.side && b.division == general.division) b.objective = adc.objective;
            out.push_back("the ADC reaches " + general.name + ": " + general.division + " now holds objective " + adc.objective + std::string(kAlphaPost) + " (Generals)");
        } else {
            adc.x += (general.x - adc.x) / d * tables_->adc_cm;
            adc.y += (general.y - adc.y) / d * tables_->adc_cm;
            out.push_back("the ADC to " + general.name + " rides " + num(tables_->adc_cm) + " cm, " + cm_text(d - tables_->adc_cm) + " cm still to go");
            riding.push_back(adc);
        }
    }
    state_.adcs = riding;
    if (state_.turn >= scenario_->turns) {
        state_.over = true;
        out.push_back("the last turn (" + clock() + ") is over: the battle ends");
        return;
    }
    ++state_.turn;
    for (Brigade& b : state_.brigades) b.activated = false, b.actions_left = 0, b.halted = false;
    for (General& g : state_.generals) g.points_left = tables_->command_points, g.moved_cm = 0;
    state_.adc_sent = {false, false};
    bring_reinforcements(out);
    fill_bag();
    out.push_back("turn " + num(state_.turn) + " (" + clock() + "): the bag holds " + num(state_.bag[0]) + " " + scenario_->sides[0].name + " and " +
                  num(state_.bag[1]) + " " + scenario_->sides[1].name + " chips (one a player, five a general of division activated)" + std::string(kSynopsisPost));
}

std::string action_key(const Action& a) { return a.kind + ":" + a.brigade + ":" + a.target + ":" + a.general; }

const Applied& Game::apply(Action action, Dice& dice) {
    if (state_.over) throw RuleError("the battle is over (" + clock() + ", turn " + num(state_.turn) + "): no more actions");
    if (!kinds().contains(action.kind)) throw RuleError("\"action\": unknown kind '" + action.kind + "'");
    auto before = std::make_shared<const GameState>(state_);
    const std::string key = action_key(action);
    Explanation explanation;
    std::string summary;
    try {
        summary = apply_action(action, dice, explanation);
        follow_captors();
        offer_reactions(action, *before, explanation);
    } catch (...) {
        state_ = *before;
        throw;
    }
    // A side with nothing left on the table ends the battle at once (once it has begun).
    for (int side = 0; side < 2 && state_.phase.empty(); ++side) {
        bool any = false;
        for (const Brigade& b : state_.brigades) any = any || (b.side == side && b.status != "gone");
        if (!any && !state_.over) {
            state_.over = true;
            explanation.push_back(scenario_->sides[static_cast<std::size_t>(side)].name + " has no brigade left on the table: the battle ends");
        }
    }
    done_.push_back(std::make_shared<const Done>(Done{{action, summary, explanation}, before, key}));
    undone_.clear();
    return done_.back()->applied;
}

// Every roll of an action by its slot, as undo keeps them and redo takes them back (the chip is a
// random number, the rest d6: KeptRolls matches each by its kind).
namespace cw_record_detail {
std::vector<std::pair<std::string, const std::vector<Roll>*>> rolls_by_slot(const Action& a) {
    return {{"chip", &a.chip},   {"command", &a.command}, {"morale", &a.morale}, {"steady", &a.steady},       {"fire", &a.fire},       {"save", &a.save},
            {"lose", &a.lose},   {"melee", &a.melee},     {"defence", &a.defence}, {"lose_back", &a.lose_back}, {"colours", &a.colours}, {"roll_off", &a.roll_off}};
}
}  // namespace cw_record_detail
using cw_record_detail::rolls_by_slot;

// Undo and redo are one swap: the action's state before for the state now, moved from one list
// to the other; undo keeps its generated rolls for the same request, redo takes them back.
bool Game::step(bool undoing) {
    auto& from = undoing ? done_ : undone_;
    auto& to = undoing ? undone_ : done_;
    if (from.empty()) return false;
    Done moved = *from.back();
    from.pop_back();
    const GameState now = state_;
    state_ = *moved.before;
    moved.before = std::make_shared<const GameState>(now);
    for (const auto& [slot, list] : rolls_by_slot(moved.applied.action)) {
        if (undoing) kept_.keep(moved.key, slot, *list);
        else kept_.take_back(moved.key, slot, *list);
    }
    to.push_back(std::make_shared<const Done>(std::move(moved)));
    return true;
}

bool Game::undo() { return step(true); }
bool Game::redo() { return step(false); }

std::string Game::apply_action(Action& action, Dice& dice, Explanation& out, const std::string* key_of) {
    const std::string key = key_of ? *key_of : action_key(action);
    const bool before_battle = action.kind == "roll-off" || action.kind == "scout" || action.kind == "scout-pass" || action.kind == "deploy";
    if (!state_.phase.empty() || before_battle) {
        if (state_.phase.empty()) throw RuleError(action.kind + ": the battle has begun; " + (scenario_->scouting ? "its scouting phase is over" : "this scenario has no scouting phase"));
        return scouting_action(action, dice, out, key);
    }
    const auto side_name = [&](int side) { return scenario_->sides[static_cast<std::size_t>(side)].name; };

    if (action.kind == "draw") {
        if (state_.active >= 0 || state_.chip >= 0) {
            const int holder = state_.active >= 0 ? state_.brigades[static_cast<std::size_t>(state_.active)].side : state_.chip;
            throw RuleError("a chip drawn out of turn: " + side_name(holder) + "'s chip is in play (" +
                            (state_.active >= 0 ? state_.brigades[static_cast<std::size_t>(state_.active)].name + " is activated" : "no element activated yet") +
                            "); end the activation first" + std::string(kAlphaPost) + " (Playing the Game)");
        }
        const int total = state_.bag[0] + state_.bag[1];
        out.push_back("the chip bag: " + side_name(0) + " " + num(state_.bag[0]) + ", " + side_name(1) + " " + num(state_.bag[1]) + " chips; the next is " +
                      side_name(0) + "'s with " + Probability{static_cast<std::uint64_t>(state_.bag[0]), static_cast<std::uint64_t>(total)}.percent(2) +
                      std::string(kAlphaPost) + " (Playing the Game)");
        int side = -1;
        if (!action.chip_side.empty()) {
            side = side_index(action.chip_side);
            if (side < 0) throw RuleError("\"chip\": expected a side of " + scenario_->id + " ('" + scenario_->sides[0].id + "' or '" + scenario_->sides[1].id + "'), not '" + action.chip_side + "'");
            if (state_.bag[static_cast<std::size_t>(side)] == 0) throw RuleError("\"chip\": " + side_name(side) + " has no chip left in the bag this turn");
            out.push_back("the umpire drew " + side_name(side) + "'s chip by hand");
        } else {
            // One roll of 0-999 a draw, thrown again when it falls beyond the last whole multiple of
            // the chips in the bag, so every chip is exactly as likely as another.
            const int limit = 1000 - 1000 % total;
            at_roll(Foreseen{"a chip drawn from the bag: " + side_name(0) + " " + num(state_.bag[0]) + ", " + side_name(1) + " " + num(state_.bag[1]) +
                                 " (the desk draws it, or the umpire names the chip drawn by hand: \"chip\")" + std::string(kAlphaPost) + " (Playing the Game)",
                             "", "",
                             {{"chip: " + side_name(0), Probability{static_cast<std::uint64_t>(state_.bag[0]), static_cast<std::uint64_t>(total)}},
                              {"chip: " + side_name(1), Probability{static_cast<std::uint64_t>(state_.bag[1]), static_cast<std::uint64_t>(total)}}}});
            std::vector<Roll> drawn = action.chip;
            if (drawn.empty()) {
                while (true) {
                    const Roll r = kept_.draw_one(key, "chip", RollKind::Random, dice);
                    drawn.push_back(r);
                    if (r.value < limit) break;
                }
            } else {
                for (std::size_t i = 0; i < drawn.size(); ++i)
                    if ((drawn[i].value < limit) != (i + 1 == drawn.size()))
                        throw RuleError("\"chips\": each roll but the last must be " + num(limit) + " or more (thrown again), the last below " + num(limit));
            }
            action.chip = drawn;
            const int pick = drawn.back().value % total;
            side = pick < state_.bag[0] ? 0 : 1;
            out.push_back("drawn: roll " + faces(drawn) + " -> chip " + num(pick + 1) + " of " + num(total) + ": " + side_name(side));
        }
        --state_.bag[static_cast<std::size_t>(side)];
        state_.chip = side;
        state_.last_chip = side;
        state_.chip_activated.clear();
        return side_name(side) + " chip drawn (" + num(state_.bag[0] + state_.bag[1]) + " left in the bag)";
    }

    if (action.kind == "pass-reaction") {
        // D68: the reacting side lets the reactions on offer pass (offer_reactions closes the offer).
        if (state_.may_react.empty())
            throw RuleError("pass-reaction: no reaction is on offer (one is offered when the activated enemy acts inside a brigade's zone of control)" + std::string(kAlphaPost) + " (Zone of Control; D68)");
        std::string names;
        for (const std::string& id : state_.may_react) names += (names.empty() ? "" : ", ") + state_.brigades[static_cast<std::size_t>(find_brigade(id))].name;
        out.push_back(names + " let" + (state_.may_react.size() == 1 ? "s" : "") + " the chance to react pass, keeping the actions in reserve" + std::string(kAlphaPost) + " (Zone of Control; D68)");
        return names + (state_.may_react.size() == 1 ? " does" : " do") + " not react";
    }

    if (action.kind == "end-activation") {
        std::string summary;
        if (state_.active >= 0) {
            Brigade& b = state_.brigades[static_cast<std::size_t>(state_.active)];
            out.push_back(b.name + " ends its activation keeping " + num(b.actions_left) + " action" + (b.actions_left == 1 ? "" : "s") +
                          " in reserve for reactions" + std::string(kAlphaPost) + " (Actions & Reactions)");
            summary = b.name + " ends its activation (" + num(b.actions_left) + " in reserve)";
        } else if (state_.chip >= 0) {
            out.push_back(side_name(state_.chip) + " uses its chip for nothing");
            summary = side_name(state_.chip) + " passes its chip";
        } else {
            throw RuleError("end-activation: no chip has been drawn and no element is activated (draw a chip)");
        }
        state_.active = -1;
        state_.chip = -1;
        if (state_.bag[0] + state_.bag[1] == 0) {
            out.push_back("the bag is empty: the turn ends" + std::string(kAlphaPost) + " (The Turn)");
            end_turn(out);
            summary += "; turn over";
        }
        return summary;
    }

    if (action.kind == "activate") {
        if (state_.active >= 0) throw RuleError("activate: " + state_.brigades[static_cast<std::size_t>(state_.active)].name + " is activated now; end its activation first");
        if (state_.chip < 0) throw RuleError("activate: a chip drawn out of turn: no chip has been drawn (draw one first)" + std::string(kAlphaPost) + " (Playing the Game)");
        const int b = find_brigade(action.brigade);
        if (b < 0) throw RuleError("\"brigade\": no brigade '" + action.brigade + "' in " + scenario_->id);
        Brigade& brigade = state_.brigades[static_cast<std::size_t>(b)];
        if (brigade.side != state_.chip)
            overrule_or_refuse(action, "a chip drawn out of turn: the chip drawn is " + side_name(state_.chip) + "'s, and " + brigade.name + " is " + side_name(brigade.side) + "'s" +
                                           std::string(kAlphaPost) + " (Playing the Game)", out);
        if (brigade.status == "gone") throw RuleError("\"brigade\": " + brigade.name + " has left the table");
        if (brigade.activated) overrule_or_refuse(action, "\"brigade\": " + brigade.name + " has already been activated this turn" + std::string(kAlphaPost), out);
        const int g = find_general(action.general);
        if (g < 0) throw RuleError("\"general\": no general '" + action.general + "' in " + scenario_->id);
        General& general = state_.generals[static_cast<std::size_t>(g)];
        if (general.side != brigade.side) throw RuleError("\"general\": " + general.name + " is not of " + side_name(brigade.side));
        if (!general.captured_by.empty())
            overrule_or_refuse(action, "\"general\": " + general.name + " is a prisoner of " + state_.brigades[static_cast<std::size_t>(find_brigade(general.captured_by))].name +
                                           " and gives no orders" + std::string(kAlphaPost) + " (Advanced Rules: Capturing Generals; D61)", out);
        if (!general.commander_in_chief && general.division != brigade.division)
            overrule_or_refuse(action, "an order from a general to another division: " + general.name + " commands " + general.division + ", " + brigade.name + " is of " +
                                           brigade.division + "; only the commander-in-chief orders any division" + std::string(kSynopsisPost) + " (Command and Control)", out);
        if (action.points < 0 || action.points > general.points_left)
            throw RuleError("\"points\": expected 0 to " + num(general.points_left) + " command points (" + general.name + " has " + num(general.points_left) + " left this turn)");
        state_.chip = -1;
        brigade.activated = true;
        state_.chip_activated = brigade.id;
        // A brigade that fled must rally first: a morale test, or flee a further five actions.
        if (brigade.status == "fled") {
            MoraleRequest request;
            request.units = static_cast<int>(brigade.units.size());
            const MoraleSetup setup = prepare_morale(*tables_, request);
            {
                const MoraleOdds odds = morale_odds(*tables_, setup);
                at_roll(Foreseen{brigade.name + " fled last: a morale test on 2d6, " + num(setup.pass_on) + "+ rallies it, else it flees a further " +
                                     num(tables_->flee_next_turn_actions) + " actions" + std::string(kAlphaPost) + " (Zone of Control)",
                                 "dice:2", "morale", {{"rally: rallies", odds.pass}, {"rally: flees again", cw_foresee_detail::complement(odds.pass)}}});
            }
            const auto two = rolls(action.morale, key, "morale", 2, RollKind::D6, dice, "morale", "2d6");
            const int roll = two[0].value + two[1].value;
            int margin = 0;
            const MoraleResult result = morale_result(*tables_, setup, roll, &margin);
            out.push_back(brigade.name + " fled last: it must pass a morale test to move as normal, or flee a further " + num(tables_->flee_next_turn_actions) +
                          " actions" + std::string(kAlphaPost) + " (Zone of Control)");
            out.push_back("morale 2d6 " + num(two[0].value) + "+" + num(two[1].value) + " = " + num(roll) + " against " + num(setup.pass_on) + "+");
            if (result != MoraleResult::Pass) {
                int nearest = -1;
                double best = 1e18;
                for (std::size_t i = 0; i < state_.brigades.size(); ++i) {
                    const Brigade& e = state_.brigades[i];
                    const double d = std::hypot(e.x - brigade.x, e.y - brigade.y);
                    if (e.side != brigade.side && e.status != "gone" && d < best) best = d, nearest = static_cast<int>(i);
                }
                const double distance = tables_->arm(brigade.arm).quick_cm * tables_->flee_next_turn_actions;
                if (nearest >= 0) retreat(b, nearest, distance, true, out);
                return brigade.name + " fails to rally and flees again";
            }
            brigade.status = "ready";
            out.push_back(brigade.name + " rallies");
        }
        const double distance = std::hypot(general.x - brigade.x, general.y - brigade.y);
        CommandRequest request;
        request.general_rating = general.rating;
        request.unit_rating = brigade.rating;
        request.command_points = action.points;
        for (const UnitBase& u : brigade.units) request.light_cavalry += u.type == "light-cavalry" ? 1 : 0;
        request.distance_cm = distance;
        const CommandSetup setup = prepare_command(*tables_, request);
        general.points_left -= action.points;
        for (const auto& line : setup.explanation) out.push_back(line);
        out.push_back("chance to pass: " + command_odds(setup).percent(2));
        at_roll(Foreseen{general.name + " activates " + brigade.name + ": the command test on 2d6, " + num(setup.pass_on) + "+ (" + num(setup.actions_left) +
                             " actions if it passes)" + std::string(kSynopsisPost) + " (Command and Control)",
                         "dice:2", "command",
                         {{"command: the order is carried out", command_odds(setup)}, {"command: fails", cw_foresee_detail::complement(command_odds(setup))}}});
        const auto two = rolls(action.command, key, "command", 2, RollKind::D6, dice, "command", "2d6");
        const int roll = two[0].value + two[1].value;
        const bool passed = roll >= setup.pass_on;
        out.push_back("command 2d6 " + num(two[0].value) + "+" + num(two[1].value) + " = " + num(roll) + " against " + num(setup.pass_on) + "+: " +
                      (passed ? "the order is carried out" : "fails: the brigade cannot act this turn"));
        if (!passed || setup.actions_left == 0) {
            brigade.actions_left = 0;
            return general.name + " fails to activate " + brigade.name + " (" + num(roll) + " against " + num(setup.pass_on) + "+)";
        }
        brigade.actions_left = setup.actions_left;
        state_.active = b;
        return general.name + " activates " + brigade.name + ": " + num(brigade.actions_left) + " actions";
    }

    if (action.kind == "order") {
        if (state_.chip < 0 || state_.active >= 0)
            throw RuleError("order: the commander-in-chief acts when his side's chip is drawn and no element is activated" + std::string(kAlphaPost) + " (Generals)");
        const int g = find_general(action.general);
        if (g < 0) throw RuleError("\"general\": no general '" + action.general + "' in " + scenario_->id);
        const General& cinc = state_.generals[static_cast<std::size_t>(g)];
        if (!cinc.commander_in_chief) throw RuleError("\"general\": " + cinc.name + " is a general of division; only the commander-in-chief sends ADCs" + std::string(kAlphaPost) + " (Generals)");
        if (cinc.side != state_.chip) overrule_or_refuse(action, "a chip drawn out of turn: the chip drawn is " + side_name(state_.chip) + "'s", out);
        if (!cinc.captured_by.empty())
            overrule_or_refuse(action, "\"general\": " + cinc.name + " is a prisoner and sends no ADC" + std::string(kAlphaPost) + " (Advanced Rules: Capturing Generals; D61)", out);
        if (state_.adc_sent[static_cast<std::size_t>(cinc.side)]) overrule_or_refuse(action, "order: " + cinc.name + " has sent his ADC this turn (one a turn)" + std::string(kAlphaPost) + " (Generals)", out);
        const int to = find_general(action.to_general);
        if (to < 0) throw RuleError("\"to\": no general '" + action.to_general + "' in " + scenario_->id);
        const General& target = state_.generals[static_cast<std::size_t>(to)];
        if (target.side != cinc.side || target.commander_in_chief) throw RuleError("\"to\": " + target.name + " is not a general of division of " + side_name(cinc.side));
        bool known = false;
        for (const Objective& o : scenario_->objectives) known = known || o.id == action.objective;
        if (!known) throw RuleError("\"objective\": no objective '" + action.objective + "' in " + scenario_->id);
        state_.adc_sent[static_cast<std::size_t>(cinc.side)] = true;
        state_.chip = -1;
        state_.adcs.push_back({cinc.side, target.id, action.objective, cinc.x, cinc.y});
        out.push_back(cinc.name + " sends an ADC to " + target.name + " with objective " + action.objective + "; it rides " + num(tables_->adc_cm) +
                      " cm a turn regardless of terrain and meets the general first" + std::string(kAlphaPost) + " (Generals)");
        return cinc.name + " sends an ADC to " + target.name + ": hold objective " + action.objective;
    }

    if (action.kind == "move-general") {
        const int g = find_general(action.general);
        if (g < 0) throw RuleError("\"general\": no general '" + action.general + "' in " + scenario_->id);
        General& general = state_.generals[static_cast<std::size_t>(g)];
        const int holder = acting_side();
        if (general.side != holder || (state_.chip < 0 && state_.active < 0))
            overrule_or_refuse(action, "move-general: a general moves while his side holds the chip", out);
        if (!action.to_x || !action.to_y) throw RuleError("\"to\": expected [x, y] in cm");
        if (!general.captured_by.empty())
            overrule_or_refuse(action, "move-general: " + general.name + " is a prisoner: he stays with the brigade that captured him" + std::string(kAlphaPost) + " (Advanced Rules: Capturing Generals)", out);
        const double x = *action.to_x, y = *action.to_y;
        if (x < 0 || y < 0 || x > scenario_->width_cm || y > scenario_->depth_cm) throw RuleError("\"to\": a place on the table (0-" + cm_text(scenario_->width_cm) + " x 0-" + cm_text(scenario_->depth_cm) + " cm)");
        const double d = std::hypot(x - general.x, y - general.y);
        if (general.moved_cm + d > tables_->cinc_cm + 1e-9)
            overrule_or_refuse(action, "move-general: " + general.name + " may ride " + num(tables_->cinc_cm) + " cm a turn; " + cm_text(general.moved_cm) + " ridden, " + cm_text(d) + " asked (D40)", out);
        general.moved_cm += d;
        general.x = x, general.y = y;
        out.push_back(general.name + " rides " + cm_text(d) + " cm to (" + cm_text(x) + ", " + cm_text(y) + "), " + cm_text(tables_->cinc_cm - general.moved_cm) + " cm left this turn (D40)");
        return general.name + " rides to (" + cm_text(x) + ", " + cm_text(y) + ")";
    }

    if (action.kind == "charge") return charge(action, dice, out, key);

    // The activated brigade's actions.
    if (action.kind == "hold") {
        // Hold! (0 actions): with an enemy in its front arc within weapon range the brigade must pass
        // a command test, or fires all its weapons at the closest (alpha, Actions & Reactions).
        const int b = active_brigade(action, "Hold!");
        Brigade& me = state_.brigades[static_cast<std::size_t>(b)];
        const Weapon& weapon = tables_->weapon(me.weapon);
        int closest = -1;
        double closest_d = 1e18;
        for (std::size_t i = 0; i < state_.brigades.size(); ++i) {
            const Brigade& e = state_.brigades[i];
            if (e.side == me.side || e.status == "gone") continue;
            const ZoneCheck arc = zone_of_control(*tables_, footprint(me), footprint(e));
            if (arc.in_arc && arc.distance_cm <= weapon.long_cm + 1e-9 && arc.distance_cm < closest_d) closest = static_cast<int>(i), closest_d = arc.distance_cm;
        }
        out.push_back("Hold!: 0 actions" + std::string(kAlphaPost) + " (Actions & Reactions)");
        std::string summary = me.name + " holds";
        if (closest >= 0 && me.actions_left > 0) {
            int g = -1;
            for (std::size_t i = 0; i < state_.generals.size(); ++i)
                if (state_.generals[i].side == me.side && state_.generals[i].division == me.division && !state_.generals[i].commander_in_chief) g = static_cast<int>(i);
            CommandRequest request;
            request.general_rating = g >= 0 ? state_.generals[static_cast<std::size_t>(g)].rating : tables_->command_rating_max;
            request.unit_rating = me.rating;
            const CommandSetup setup = prepare_command(*tables_, request);
            out.push_back(state_.brigades[static_cast<std::size_t>(closest)].name + " is within range: the brigade must pass a command test to hold its fire (D54)");
            out.push_back("command test: 2d6 " + num(setup.pass_on) + "+ (general " + num(request.general_rating) + " + brigade " + num(me.rating) + "), " +
                          command_odds(setup).percent(2));
            at_roll(Foreseen{me.name + " holds with " + state_.brigades[static_cast<std::size_t>(closest)].name + " in range: a command test on 2d6, " +
                                 num(setup.pass_on) + "+ holds its fire, else it fires at it (D54)",
                             "dice:2", "command",
                             {{"Hold!: holds its fire", command_odds(setup)}, {"Hold!: fails and fires", cw_foresee_detail::complement(command_odds(setup))}}});
            const auto two = rolls(action.command, key, "command", 2, RollKind::D6, dice, "command", "2d6");
            const int roll = two[0].value + two[1].value;
            out.push_back("command 2d6 " + num(two[0].value) + "+" + num(two[1].value) + " = " + num(roll) + (roll >= setup.pass_on ? ": it holds its fire" : ": it fails and fires"));
            if (roll < setup.pass_on) {
                Action forced = action;
                forced.kind = "fire";
                forced.target = state_.brigades[static_cast<std::size_t>(closest)].id;
                forced.command.clear();
                summary = me.name + " fails to hold its fire: " + apply_action(forced, dice, out, &key);
                action.morale = forced.morale, action.steady = forced.steady, action.fire = forced.fire, action.save = forced.save, action.lose = forced.lose;
                if (state_.active != b || me.status != "ready") return summary;
            }
        } else {
            out.push_back("no enemy within weapon range in its front arc: it holds");
        }
        out.push_back(me.name + " ends its activation keeping " + num(me.actions_left) + " actions in reserve");
        state_.active = -1;
        if (state_.bag[0] + state_.bag[1] == 0) {
            out.push_back("the bag is empty: the turn ends" + std::string(kAlphaPost) + " (The Turn)");
            end_turn(out);
            summary += "; turn over";
        }
        return summary;
    }

    if (action.kind == "fire" || action.kind == "skirmish" || action.kind == "bombard") {
        const int b = find_brigade(action.brigade);
        if (b < 0) throw RuleError("\"brigade\": no brigade '" + action.brigade + "' in " + scenario_->id);
        Brigade& firer = state_.brigades[static_cast<std::size_t>(b)];
        const int t = find_brigade(action.target);
        if (t < 0) throw RuleError("\"target\": no brigade '" + action.target + "' in " + scenario_->id);
        const Brigade& target_now = state_.brigades[static_cast<std::size_t>(t)];
        if (target_now.side == firer.side) throw RuleError("\"target\": " + target_now.name + " is a friendly brigade");
        if (target_now.status == "gone") throw RuleError("\"target\": " + target_now.name + " has left the table");
        const bool reaction = state_.active != b;
        if (reaction) {
            // Defensive fire: a brigade with actions in reserve fires at an enemy acting in its zone.
            if (firer.actions_left < 1 || state_.active != t)
                throw RuleError(action.kind + ": " + firer.name + " is not the activated element; it may fire only as a reaction, with an action in reserve, at the activated enemy" +
                                std::string(kAlphaPost) + " (Actions & Reactions)");
            if (!zone_of_control(*tables_, footprint(firer), footprint(target_now)).inside)
                overrule_or_refuse(action, action.kind + ": a reaction answers an enemy acting inside the reacting brigade's zone of control; " + target_now.name + " is not in it" + std::string(kAlphaPost), out);
            out.push_back(firer.name + " reacts to " + target_now.name + " acting in its zone of control" + std::string(kAlphaPost) + " (Actions & Reactions)");
        }
        if (firer.status != "ready") throw RuleError(action.kind + ": " + firer.name + " has fled and cannot fire");
        if (firer.halted && !reaction) overrule_or_refuse(action, action.kind + ": " + firer.name + " withdrew this turn: no further actions but defensive fire" + std::string(kAlphaPost), out);
        // Measured: the target in the firer's front arc, the distance from its front edge.
        const ZoneCheck arc = zone_of_control(*tables_, footprint(firer), footprint(target_now));
        if (!arc.in_arc) overrule_or_refuse(action, "\"target\": " + target_now.name + " is not in " + firer.name + "'s front arc (45 degrees from its front edge)" + std::string(kMovement2Post), out);
        const bool bombard = action.kind == "bombard";
        std::string weapon_id = firer.weapon;
        int guns_dice = 0;
        for (const UnitBase& u : firer.units)
            if (u.artillery_dice > 0) {
                if (guns_dice == 0) weapon_id = u.weapon;
                guns_dice += u.artillery_dice;
            }
        if (bombard && guns_dice == 0) throw RuleError("Bombard: " + firer.name + " has no artillery dice (no guns)" + std::string(kAlphaPost));
        if (!bombard) weapon_id = firer.weapon;
        const Weapon& weapon = tables_->weapon(weapon_id);
        if (bombard && !zone_of_control(*tables_, footprint(firer), footprint(target_now)).inside)
            for (std::size_t i = 0; i < state_.brigades.size(); ++i) {
                const Brigade& e = state_.brigades[i];
                if (e.side == firer.side || e.status != "ready") continue;
                if (zone_of_control(*tables_, footprint(firer), footprint(e)).inside)
                    overrule_or_refuse(action, "\"target\": " + e.name + " is within " + firer.name + "'s zone of control: an enemy there must be the target of the Bombard" + std::string(kAlphaPost) + " (Bombard)", out);
            }
        if (arc.distance_cm > weapon.long_cm + 1e-9)
            overrule_or_refuse(action, "\"target\": " + target_now.name + " is " + cm_text(arc.distance_cm) + " cm away, beyond the " + weapon.id + "'s long range " + cm_text(weapon.long_cm) + " cm" + std::string(kAlphaPost) + " (Weapons)", out);
        const std::string what = action.kind == "fire" ? "Fire!" : bombard ? "Bombard" : "Fire Skirmish Weapons";
        // Measured on the board, then held against what the action claims (issue 32), before any roll.
        const std::string band_measured = arc.distance_cm <= weapon.effective_cm + 1e-9 ? "effective" : "long";
        const double from_target_now = angle_between(bearing(target_now.x, target_now.y, firer.x, firer.y), target_now.facing);
        const bool off_flank = from_target_now > 45.0 && from_target_now < 135.0;
        const bool enfilade_measured = !bombard && target_now.formation == Formation::Line && off_flank;
        const bool flank_measured = bombard && off_flank;
        const std::string cover_measured = cover_at(target_now.x, target_now.y);
        Explanation claimed;
        const auto claim = [&](const char* field, const json& measured, const std::string& shows, const std::string& post) -> json {
            if (!action.claims.contains(field)) return measured;
            const json& said = action.claims.at(field);
            const std::string said_words = said.is_string() ? said.get<std::string>() : said.dump();
            if (said == measured) {
                claimed.push_back("\"" + std::string(field) + "\": the action claims " + said_words + "; the board agrees: " + shows);
                return measured;
            }
            overrule_or_refuse(action, "\"" + std::string(field) + "\": the action claims " + said_words + ", the board shows " + shows + post, out);
            claimed.push_back("claimed by the umpire: " + std::string(field) + ": " + said_words + " (the board shows: " + shows + ")");
            return said;
        };
        const std::string band = claim("range", band_measured,
                                       band_measured + " (" + cm_text(arc.distance_cm) + " cm from the front edge; the " + weapon.id + " " + cm_text(weapon.effective_cm) + "/" +
                                           cm_text(weapon.long_cm) + " cm)",
                                       std::string(kAlphaPost) + " (Weapons)")
                                     .get<std::string>();
        const bool enfilade = claim("enfilade", enfilade_measured,
                                    enfilade_measured ? std::string("enfilade (the firer off the flank of a line, 45-135 degrees; D48)")
                                                      : std::string("no enfilade (") + (target_now.formation != Formation::Line ? "the target is not in line" : "the firer is not off its flank, 45-135 degrees") + "; D48)",
                                    std::string(kAdjustPost) + " (enfilading fire)")
                                  .get<bool>();
        const bool flank = claim("flank", flank_measured, flank_measured ? "the flank (the guns 45-135 degrees off the target's facing)" : "no flank (the guns within 45 degrees of the target's front or rear)",
                                 std::string(kAlphaPost) + " (Formations: artillery fire into the flank of a line)")
                               .get<bool>();
        const std::string cover_read = claim("cover", cover_measured, cover_measured == "none" ? std::string("none (the target's centre in no woods or village)") : cover_measured + " (the target's centre)",
                                             std::string(kAlphaPost) + " (Terrain Types)")
                                           .get<std::string>();
        {
            std::string summary;
            if (!zone_test(b, action, key, dice, out, summary, reaction ? t : -1)) return summary;
        }
        spend(firer, 1, action, what, out);
        Brigade& target = state_.brigades[static_cast<std::size_t>(t)];
        FireRequest request;
        request.kind = action.kind == "fire" ? FireKind::Volley : bombard ? FireKind::Artillery : FireKind::Skirmish;
        const int front = std::min(static_cast<int>(firer.units.size()), tables_->brigade_max_wide);
        for (int i = 0; i < static_cast<int>(firer.units.size()); ++i) {
            if (request.kind == FireKind::Volley && i < front) request.dice += firer.units[static_cast<std::size_t>(i)].combat_dice;
            if (request.kind == FireKind::Skirmish) request.dice += firer.units[static_cast<std::size_t>(i)].skirmish_dice;
        }
        if (bombard) request.dice = guns_dice;
        if (request.dice == 0) throw RuleError(what + ": " + firer.name + " has no " + (request.kind == FireKind::Volley ? "combat" : bombard ? "artillery" : "skirmish") + " dice left to fire");
        request.range = band == "effective" ? RangeBand::Effective : RangeBand::Long;
        request.firer = firer.formation;
        request.target = target.formation;
        // Enfilade: the firer stands off the flank of a target in line (45-135 degrees either side), as measured above.
        request.enfilade = enfilade;
        request.target_flank = flank;
        request.save = cover_read == "none" ? std::optional<int>() : std::optional<int>(tables_->saves.at(cover_read));
        const FireSetup setup = prepare_fire(*tables_, request);
        const FireOdds odds = fire_odds(setup);
        for (const std::string& line : claimed) out.push_back(line);
        out.push_back(target.name + " at " + cm_text(arc.distance_cm) + " cm from the front edge: " + (request.range == RangeBand::Effective ? "effective" : "long") + " range of the " +
                      weapon.id + " (" + cm_text(weapon.effective_cm) + "/" + cm_text(weapon.long_cm) + " cm)" + (request.enfilade ? "; in the flank of a line: enfilade" : "") + (request.target_flank ? "; the guns in its flank" : "") +
                      (request.save ? "; in cover, saving on " + num(*request.save) + "+" : "") +
                      (std::any_of(claimed.begin(), claimed.end(), [](const std::string& line) { return line.rfind("claimed by the umpire: ", 0) == 0; })
                           ? " (read as the umpire claimed, not as measured)"
                           : ""));
        out.push_back("odds before the roll: Steady! " + cm_text(static_cast<double>(odds.steady_success) * 100) + "% a die, Fire! " +
                      cm_text(static_cast<double>(odds.fire_success) * 100) + "%, expected damage " + cm_text(static_cast<double>(odds.damage.expected())));
        {
            Foreseen seen{firer.name + ": " + what + " at " + target.name + " (" + cm_text(arc.distance_cm) + " cm, " + band + " range): " + num(setup.dice_used) +
                              " dice, Steady! " + num(setup.steady_on) + "+, then Fire! " + num(setup.fire_on) + "+ for each steady die" +
                              (setup.save_on ? ", the target saving on " + num(*setup.save_on) + "+" : std::string()) +
                              (setup.damage == ArtilleryEffect::Double ? ", damage doubled" : setup.damage == ArtilleryEffect::Half ? ", damage halved" : "") +
                              "; the roll typed is the Steady! dice (the Fire! dice are thrown for those that pass)" + std::string(kAlphaPost) + " (Firing)",
                          "dice:" + num(setup.dice_used), "steady", {}};
            cw_foresee_detail::add_counts(seen, "Steady!", odds.steady_successes);
            cw_foresee_detail::add_counts(seen, "damage", odds.damage);
            at_roll(std::move(seen));
        }
        const auto steady = rolls(action.steady, key, "steady", static_cast<std::size_t>(setup.dice_used), RollKind::D6, dice, "steady", "one a die used");
        int successes = 0;
        for (const Roll& r : steady) successes += r.value >= setup.steady_on ? 1 : 0;
        const auto fire = rolls(action.fire, key, "fire", static_cast<std::size_t>(successes), RollKind::D6, dice, "fire", "one a Steady! success");
        int hits = 0;
        for (const Roll& r : fire) hits += r.value >= setup.fire_on ? 1 : 0;
        std::optional<std::string> save_text;
        if (setup.save_on) save_text = faces(rolls(action.save, key, "save", static_cast<std::size_t>(hits), RollKind::D6, dice, "save", "one a hit"));
        else if (!action.save.empty()) throw RuleError("\"save\": no saving throw here (the target is in the open)");
        DiceSource typed(nullptr);
        const FireThrow thrown = throw_fire(setup, typed, faces(steady) == "-" ? std::string() : faces(steady), fire.empty() ? std::string() : faces(fire),
                                            save_text ? (*save_text == "-" ? std::string() : *save_text) : std::optional<std::string>());
        for (const auto& line : thrown.explanation) out.push_back(line);
        if (thrown.damage > 0) {
            target.damage_taken += thrown.damage;
            target.strength = std::max(0, target.strength - thrown.damage);
            const auto lose = rolls(action.lose, key, "lose", static_cast<std::size_t>(thrown.damage), RollKind::D6, dice, "lose", "one a point of damage");
            int lost = 0;
            for (const Roll& r : lose)
                if (r.value >= tables_->lose_die_on) {
                    // From the front unit with the most dice left (the one fired on).
                    auto best = target.units.begin();
                    for (auto it = target.units.begin(); it != target.units.end(); ++it)
                        if (it->combat_dice > best->combat_dice) best = it;
                    if (best->combat_dice > 0) --best->combat_dice, ++lost;
                }
            out.push_back("damage rolls " + faces(lose) + ": " + num(lost) + " combat di" + (lost == 1 ? "e" : "ce") + " lost on " + num(tables_->lose_die_on) + "+; strength " +
                          num(target.strength) + " of " + num(target.strength_start) + std::string(kAlphaPost) + " (Combat Dice, Using Strength)");
            if (target.strength == 0) {
                target.status = "gone";
                out.push_back(target.name + " has no strength left: it is out of the battle");
            }
        } else if (!action.lose.empty()) {
            throw RuleError("\"lose\": no damage, no rolls to lose dice");
        }
        // The journal keeps the summary: a claim the umpire imposed is said there too.
        std::string imposed;
        const std::string mark = "claimed by the umpire: ";
        for (const std::string& line : claimed)
            if (line.rfind(mark, 0) == 0) imposed += (imposed.empty() ? "" : "; ") + line.substr(mark.size());
        return firer.name + (reaction ? " reacts: " : ": ") + what + " at " + target.name + ", " + num(thrown.damage) + " damage" +
               (imposed.empty() ? std::string() : " (" + mark + imposed + ")");
    }

    // March, Quick March, facing, formation: the activated brigade only.
    const int b = active_brigade(action, action.kind);
    Brigade& me = state_.brigades[static_cast<std::size_t>(b)];
    if (me.halted) overrule_or_refuse(action, action.kind + ": " + me.name + " withdrew this turn: no further actions but defensive fire" + std::string(kAlphaPost), out);

    if (action.kind == "formation") {
        const Formation to = formation_from(action.formation, "\"formation\"");
        if (to == me.formation) throw RuleError("\"formation\": " + me.name + " is in " + std::string(to_string(to)) + " already");
        std::string summary;
        if (!zone_test(b, action, key, dice, out, summary)) return summary;
        spend(me, tables_->action("change-unit-formation").cost, action, "Change Unit Formations", out);
        out.push_back(me.name + ": " + std::string(to_string(me.formation)) + " -> " + std::string(to_string(to)) + " (every unit; D41)" + std::string(kAdjustPost) + " (Formations)");
        me.formation = to;
        return me.name + " forms " + std::string(to_string(to));
    }

    if (action.kind == "face") {
        if (!action.facing) throw RuleError("\"facing\": expected a compass bearing 0-360");
        if (zone_owner(b) >= 0) {
            const Brigade& e = state_.brigades[static_cast<std::size_t>(zone_owner(b))];
            overrule_or_refuse(action, "face: inside the zone of control of " + e.name + " a brigade must face it" + std::string(kMovement2Post), out);
        }
        const double turn = angle_between(me.facing, *action.facing);
        const Wheel w = wheel(*tables_, me.arm, footprint(me).width_cm, turn);
        // No wheeling onto another brigade, as no marching through one (D72).
        const Footprint turned = footprint_at(me, me.x, me.y, norm360(*action.facing));
        for (std::size_t j = 0; j < state_.brigades.size(); ++j) {
            if (static_cast<int>(j) == b || state_.brigades[j].status == "gone" || !overlaps(turned, footprint(state_.brigades[j]))) continue;
            overrule_or_refuse(action, "face: the wheel would turn " + me.name + " onto " + state_.brigades[j].name + " (no brigade passes through another, D72)" +
                                           std::string(kMovement2Post),
                               out);
            break;
        }
        std::string summary;
        if (!zone_test(b, action, key, dice, out, summary)) return summary;
        for (const auto& line : w.explanation) out.push_back(line);
        spend(me, std::max(1, w.actions), action, "wheel", out);
        me.facing = norm360(*action.facing);
        return me.name + " wheels to face " + cm_text(me.facing);
    }

    // march / quick-march
    const bool quick = action.kind == "quick-march";
    if (!action.to_x || !action.to_y) throw RuleError("\"at\": expected [x, y] in cm");
    const double x = *action.to_x, y = *action.to_y;
    const int owner = zone_owner(b);
    const bool in_zone_start = owner >= 0;
    int cost = 0;
    Explanation move_lines;
    try {
        cost = march_cost(b, x, y, quick, false, &move_lines);
    } catch (const RuleError& refusal) {
        const std::string why = refusal.what();
        if (!quick || why.find("Quick March cannot be used inside the zone") == std::string::npos) throw;
        overrule_or_refuse(action, why, out);
        move_lines.clear();
        cost = march_cost(b, x, y, quick, true, &move_lines);
    }
    const double dist = std::hypot(x - me.x, y - me.y);
    if (me.actions_left < cost && action.overrule.empty())
        throw RuleError(std::string(quick ? "Quick March" : "March") + " of " + cm_text(dist) + " cm costs " + num(cost) + " actions; " + me.name + " has " +
                        num(me.actions_left) + " left this turn" + std::string(kAlphaPost) + " (Actions & Reactions)");
    std::string summary;
    if (!zone_test(b, action, key, dice, out, summary)) return summary;
    for (const auto& line : move_lines) out.push_back(line);
    spend(me, cost, action, std::string(quick ? "Quick March" : "March") + " of " + cm_text(dist) + " cm", out);
    double facing = bearing(me.x, me.y, x, y);
    if (in_zone_start) facing = bearing(x, y, state_.brigades[static_cast<std::size_t>(owner)].x, state_.brigades[static_cast<std::size_t>(owner)].y);
    const double from_x = me.x, from_y = me.y;
    me.x = x, me.y = y, me.facing = facing;
    capture_generals(b, from_x, from_y, out);
    const int now_owner = zone_owner(b);
    if (now_owner >= 0) {
        const Brigade& e = state_.brigades[static_cast<std::size_t>(now_owner)];
        me.facing = bearing(me.x, me.y, e.x, e.y);
        out.push_back("inside the zone of control of " + e.name + ": it must face it (facing " + cm_text(me.facing) + ")" + std::string(kMovement2Post));
    }
    return me.name + (quick ? " quick-marches " : " marches ") + cm_text(dist) + " cm to (" + cm_text(x) + ", " + cm_text(y) + ")";
}

int Game::march_cost(int b, double x, double y, bool quick, bool ignore_zone, Explanation* out) const {
    const Brigade& me = state_.brigades[static_cast<std::size_t>(b)];
    const int owner = zone_owner(b);
    const bool in_zone = owner >= 0 && !ignore_zone;
    if (const auto refusal = march_refusal(b, x, y, quick && in_zone)) throw RuleError(*refusal);
    const double travel = bearing(me.x, me.y, x, y);
    if (quick && !ignore_zone && owner < 0 && zone_owner_at(b, footprint_at(me, x, y, travel)) >= 0)
        throw RuleError("Quick March cannot be used inside the zone of control of an enemy unit (this one would end in one)" + std::string(kAlphaPost));
    // The worst ground along the path governs the whole move (D42).
    Terrain ground = Terrain::Open;
    for (int i = 0; i <= 10; ++i) {
        const Terrain here = ground_at(me.x + (x - me.x) * i / 10.0, me.y + (y - me.y) * i / 10.0);
        if (static_cast<int>(here) > static_cast<int>(ground)) ground = here;
    }
    MoveRequest request;
    request.arm = me.arm;
    request.quick = quick;
    request.terrain = ground;
    request.formation = me.formation;
    request.in_zone = in_zone;
    const Movement per = move(*tables_, request);
    int wheel_actions = 0;
    if (owner < 0) {
        const double turn = angle_between(me.facing, travel);
        if (turn > 1.0) {
            const Wheel w = wheel(*tables_, me.arm, footprint(me).width_cm, turn);
            wheel_actions = w.actions;
            if (out) out->insert(out->end(), w.explanation.begin(), w.explanation.end());
        }
    }
    if (out) out->insert(out->end(), per.explanation.begin(), per.explanation.end());
    const double dist = std::hypot(x - me.x, y - me.y);
    return wheel_actions + static_cast<int>(std::ceil(dist / per.per_action_cm - 1e-9));
}

// ------------------------------------------------------------------ melee, captures, reinforcements

namespace cw_melee_detail {

// How far a point lies outside a footprint (0 inside or on its edge).
double distance_to_footprint(const Footprint& f, double x, double y) {
    const double fx = std::sin(f.facing_deg * std::numbers::pi / 180.0), fy = std::cos(f.facing_deg * std::numbers::pi / 180.0);
    const double along = (x - f.x_cm) * fx + (y - f.y_cm) * fy, side = (x - f.x_cm) * fy - (y - f.y_cm) * fx;
    return std::hypot(std::max(0.0, std::fabs(side) - f.width_cm / 2), std::max(0.0, std::fabs(along) - f.depth_cm / 2));
}

}  // namespace cw_melee_detail

Game::Contact Game::charge_contact(int b, int t) const {
    const Brigade& me = state_.brigades[static_cast<std::size_t>(b)];
    const Brigade& target = state_.brigades[static_cast<std::size_t>(t)];
    Contact c;
    const double dist = std::hypot(target.x - me.x, target.y - me.y);
    if (dist < 1e-6) throw RuleError("charge: " + me.name + " and " + target.name + " stand on one place (an umpire's placing): move one first");
    c.facing = bearing(me.x, me.y, target.x, target.y);
    const double dx = (target.x - me.x) / dist, dy = (target.y - me.y) / dist;
    // In contact already: a millimetre more towards it would overlap.
    if (overlaps(footprint_at(me, me.x + dx * 0.1, me.y + dy * 0.1, me.facing), footprint(target))) {
        c.already = true;
        c.x = me.x, c.y = me.y, c.facing = me.facing;
        c.cost = 1;
        return c;
    }
    if (overlaps(footprint_at(me, me.x, me.y, c.facing), footprint(target)))
        throw RuleError("charge: " + me.name + " has no room to wheel to face " + target.name + " where it stands" + std::string(kMovement2Post));
    // The farthest point straight at the target's centre where the fronts touch (bisection).
    double lo = 0, hi = dist;
    for (int i = 0; i < 40; ++i) {
        const double mid = (lo + hi) / 2;
        if (overlaps(footprint_at(me, me.x + dx * mid, me.y + dy * mid, c.facing), footprint(target))) hi = mid;
        else lo = mid;
    }
    lo = std::floor(lo * 1000) / 1000;  // to the hundredth of a millimetre short: touching never counts as a step further
    c.x = me.x + dx * lo, c.y = me.y + dy * lo, c.distance = lo;
    c.cost = march_cost(b, c.x, c.y, false);
    return c;
}

MeleeOutlook Game::melee_outlook(int b, int t) const {
    const Brigade& me = state_.brigades[static_cast<std::size_t>(b)];
    return melee_outlook_at(b, t, me.x, me.y, me.facing);
}

MeleeOutlook Game::melee_outlook_at(int b, int t, double x, double y, double facing) const {
    const Brigade& me = state_.brigades[static_cast<std::size_t>(b)];
    const Brigade& target = state_.brigades[static_cast<std::size_t>(t)];
    MeleeOutlook o;
    const auto dice_of = [&](const Brigade& brigade, bool& artillery) {
        int dice = 0;
        artillery = !brigade.units.empty();
        for (const UnitBase& u : brigade.units) {
            dice += u.combat_dice;
            const UnitType* type = tables_->find_unit_type(u.type);
            artillery = artillery && type && type->artillery;
        }
        return dice;
    };
    // Hills under each centre: the side off a hill its enemy stands on fights from below.
    const auto hill_at = [&](double px, double py) {
        int hill = 0;
        for (const TerrainPiece& piece : scenario_->terrain)
            if (px >= piece.x0 && px <= piece.x1 && py >= piece.y0 && py <= piece.y1)
                hill = std::max(hill, piece.type == "steep-hills" ? 2 : piece.type == "gentle-hills" ? 1 : 0);
        return hill;
    };
    const auto general_in_contact = [&](const Brigade& brigade, const Footprint& place) {
        for (const General& g : state_.generals)
            if (g.side == brigade.side && g.captured_by.empty() &&
                cw_melee_detail::distance_to_footprint(place, g.x, g.y) <= tables_->base_depth_mm / 10.0 + 1e-9)
                return g.name;
        return std::string();
    };
    const Footprint mine = footprint_at(me, x, y, facing), theirs = footprint(target);
    const double from_front = angle_between(bearing(target.x, target.y, x, y), target.facing);
    o.flank = from_front > 45.0 && from_front <= 135.0;
    o.rear = from_front > 135.0;
    o.explanation.push_back(me.name + " strikes " + target.name + (o.rear ? " in the rear" : o.flank ? " in the flank" : " in the front") + " (its centre " + cm_text(from_front) +
                            " degrees off " + target.name + "'s facing: front to 45, flank to 135, rear beyond; D57)" + (o.flank || o.rear ? std::string(kAdjustPost) + " (Flank and Rear Attacks)" : ""));
    MeleeRequest attack, defend;
    attack.dice = dice_of(me, attack.artillery);
    defend.dice = dice_of(target, defend.artillery);
    attack.against = target.arm;
    defend.against = me.arm;
    attack.flank = o.flank;
    attack.rear = o.rear;
    const int hill_me = hill_at(x, y), hill_them = hill_at(target.x, target.y);
    if (hill_them > 0 && hill_me == 0) {
        attack.slope = hill_them == 2 ? Slope::SteepBelow : Slope::GentleBelow;
        o.explanation.push_back(me.name + " attacks up the " + (hill_them == 2 ? "steep" : "gentle") + " hill " + target.name + " stands on (D57)");
    }
    if (hill_me > 0 && hill_them == 0) {
        defend.slope = hill_me == 2 ? Slope::SteepBelow : Slope::GentleBelow;
        o.explanation.push_back(target.name + " fights up the " + (hill_me == 2 ? "steep" : "gentle") + " hill " + me.name + " stands on (D57)");
    }
    defend.defending_village = cover_at(target.x, target.y) == "village";
    const std::string my_general = general_in_contact(me, mine), their_general = general_in_contact(target, theirs);
    attack.general = !my_general.empty();
    defend.general = !their_general.empty();
    if (attack.general) o.explanation.push_back(my_general + " is in base-to-base contact with " + me.name + " and joins the melee" + std::string(kAlphaPost) + " (Generals)");
    if (defend.general) o.explanation.push_back(their_general + " is in base-to-base contact with " + target.name + " and joins the melee" + std::string(kAlphaPost) + " (Generals)");
    o.charger = prepare_melee(*tables_, attack);
    o.defender = prepare_melee(*tables_, defend);
    o.hits_on_defender = melee_odds(o.charger);
    o.hits_on_charger = melee_odds(o.defender);
    for (std::size_t i = 0; i < o.hits_on_defender.p.size(); ++i)
        for (std::size_t j = 0; j < o.hits_on_charger.p.size(); ++j) {
            const long double p = o.hits_on_defender.p[i] * o.hits_on_charger.p[j];
            const int margin = static_cast<int>(i) - static_cast<int>(j);
            if (margin > 0) o.charger_wins += p, o.defender_flees += margin > tables_->withdraw_margin ? p : 0.0L;
            else if (margin < 0) o.defender_wins += p, o.charger_flees += -margin > tables_->withdraw_margin ? p : 0.0L;
            else o.drawn += p;
        }
    return o;
}

void Game::take_damage(int b, int damage, std::vector<Roll>& typed, const std::string& key, const std::string& slot, Dice& dice, Explanation& out) {
    Brigade& target = state_.brigades[static_cast<std::size_t>(b)];
    if (damage <= 0) {
        if (!typed.empty()) throw RuleError("\"" + slot + "\": " + target.name + " takes no damage, so no rolls to lose dice");
        return;
    }
    target.damage_taken += damage;
    target.strength = std::max(0, target.strength - damage);
    const auto lose = rolls(typed, key, slot, static_cast<std::size_t>(damage), RollKind::D6, dice, slot, "one a point of damage to " + target.name);
    int lost = 0;
    for (const Roll& r : lose)
        if (r.value >= tables_->lose_die_on) {
            auto best = target.units.begin();
            for (auto it = target.units.begin(); it != target.units.end(); ++it)
                if (it->combat_dice > best->combat_dice) best = it;
            if (best->combat_dice > 0) --best->combat_dice, ++lost;
        }
    out.push_back(target.name + " takes " + num(damage) + " damage: rolls " + faces(lose) + ", " + num(lost) + " combat di" + (lost == 1 ? "e" : "ce") + " lost on " +
                  num(tables_->lose_die_on) + "+; strength " + num(target.strength) + " of " + num(target.strength_start) + std::string(kAlphaPost) + " (Combat Dice, Using Strength)");
    if (target.strength == 0) {
        target.status = "gone";
        out.push_back(target.name + " has no strength left: it is out of the battle");
        if (state_.active == b) state_.active = -1;
    }
}

void Game::capture_generals(int b, double from_x, double from_y, Explanation& out) {
    const Brigade& me = state_.brigades[static_cast<std::size_t>(b)];
    if (me.status != "ready") return;
    // The footprint swept from where the move began to where it ends (half-centimetre steps).
    const double dist = std::hypot(me.x - from_x, me.y - from_y);
    const int steps = std::max(1, static_cast<int>(std::ceil(dist / 0.5)));
    for (General& g : state_.generals) {
        if (g.side == me.side || !g.captured_by.empty()) continue;
        bool over = false;
        for (int i = 0; i <= steps && !over; ++i) {
            const double f = static_cast<double>(i) / steps;
            over = cw_melee_detail::distance_to_footprint(footprint_at(me, from_x + (me.x - from_x) * f, from_y + (me.y - from_y) * f, me.facing), g.x, g.y) <= 1e-9;
        }
        if (!over) continue;
        g.captured_by = me.id;
        ++state_.generals_taken[static_cast<std::size_t>(me.side)];
        state_.vp[static_cast<std::size_t>(me.side)] += 1;
        out.push_back(me.name + " moves over or finishes its move on top of " + g.name + ": he is captured and stays with the brigade until a brigade of his defeats it in melee; +1 VP" +
                      std::string(kAlphaPost) + " (Advanced Rules: Capturing Generals)");
    }
    follow_captors();
}

void Game::follow_captors() {
    for (General& g : state_.generals) {
        if (g.captured_by.empty()) continue;
        const int c = find_brigade(g.captured_by);
        if (c < 0) continue;
        g.x = state_.brigades[static_cast<std::size_t>(c)].x;
        g.y = state_.brigades[static_cast<std::size_t>(c)].y;
    }
}

void Game::bring_reinforcements(Explanation& out) {
    const int now = scenario_->start_minutes + (state_.turn - 1) * scenario_->turn_minutes;
    std::vector<std::string> waiting;
    for (const Brigade& r : scenario_->arrivals) {
        if (std::find(state_.arrived.begin(), state_.arrived.end(), r.id) != state_.arrived.end() || clock_minutes(r.arrives) > now) continue;
        Brigade entering = r;
        entering.facing = r.side == 0 ? 0.0 : 180.0;
        bool blocked = false;
        for (const Brigade& other : state_.brigades)
            blocked = blocked || (other.status != "gone" && overlaps(footprint(entering), footprint(other)));
        if (blocked) {
            waiting.push_back(r.id);
            out.push_back(r.name + " is due (" + r.arrives + ") but a brigade stands on its place of arrival (" + cm_text(r.x) + ", " + cm_text(r.y) +
                          "): it enters when the place is clear (D60)");
            continue;
        }
        state_.brigades.push_back(entering);
        state_.arrived.push_back(r.id);
        out.push_back(r.name + " arrives (" + r.arrives + ", the scenario's time from its sources) at (" + cm_text(r.x) + ", " + cm_text(r.y) + "), " +
                      std::string(to_string(r.formation)) + ", " + num(r.strength) + " strength (D60)");
    }
    state_.waiting = waiting;
}

std::string Game::charge(Action& action, Dice& dice, Explanation& out, const std::string& key) {
    const int b = active_brigade(action, "charge");
    Brigade& me = state_.brigades[static_cast<std::size_t>(b)];
    if (me.halted) overrule_or_refuse(action, "charge: " + me.name + " withdrew this turn: no further actions but defensive fire" + std::string(kAlphaPost), out);
    const int t = find_brigade(action.target);
    if (t < 0) throw RuleError("\"target\": no brigade '" + action.target + "' in " + scenario_->id);
    if (state_.brigades[static_cast<std::size_t>(t)].side == me.side) throw RuleError("\"target\": " + state_.brigades[static_cast<std::size_t>(t)].name + " is a friendly brigade");
    if (state_.brigades[static_cast<std::size_t>(t)].status == "gone") throw RuleError("\"target\": " + state_.brigades[static_cast<std::size_t>(t)].name + " has left the table");
    const std::string target_name = state_.brigades[static_cast<std::size_t>(t)].name;
    if (me.formation == Formation::Square)
        overrule_or_refuse(action, "charge: " + me.name + " is in square, and a square cannot move" + std::string(kAdjustPost) + " (Formations)", out);
    bool guns_only = true;
    for (const UnitBase& u : me.units) {
        const UnitType* type = tables_->find_unit_type(u.type);
        guns_only = guns_only && type && type->artillery;
    }
    if (guns_only)
        overrule_or_refuse(action, "charge: " + me.name + " is all artillery; artillery does not charge (\"Horse artillery are unable to charge\"; D58)" +
                                       std::string(" (seed 003, \"Writing a Wargame – Unit Movement\")"), out);
    if (me.arm == Arm::Mounted && state_.brigades[static_cast<std::size_t>(t)].formation == Formation::Square)
        overrule_or_refuse(action, "charge: Cavalry cannot charge units in Square formation (" + target_name + " is in square)" + std::string(kAlphaPost) + " (Unit Formations)", out);
    const Contact contact = charge_contact(b, t);
    if (me.actions_left < contact.cost && action.overrule.empty())
        throw RuleError("charge: " + (contact.already ? std::string("a melee in contact") : "the March of " + cm_text(contact.distance) + " cm into contact") + " costs " +
                        num(contact.cost) + " action" + (contact.cost == 1 ? "" : "s") + "; " + me.name + " has " + num(me.actions_left) + " left this turn" + std::string(kAlphaPost) +
                        " (Actions & Reactions)");
    {
        std::string summary;
        if (!zone_test(b, action, key, dice, out, summary)) return summary;
    }
    const double from_x = me.x, from_y = me.y;
    if (contact.already) {
        spend(me, contact.cost, action, "melee in contact", out);
        out.push_back(me.name + " is in base-to-base contact with " + target_name + " already: it fights again (D58)");
    } else {
        spend(me, contact.cost, action, "March of " + cm_text(contact.distance) + " cm into contact with " + target_name, out);
        me.x = contact.x, me.y = contact.y, me.facing = contact.facing;
        out.push_back(me.name + " marches " + cm_text(contact.distance) + " cm straight at " + target_name + " into base-to-base contact, now at (" + cm_text(me.x) + ", " +
                      cm_text(me.y) + ") facing " + cm_text(me.facing) + ": the brigades fight a melee" + std::string(kAlphaPost) + " (CC v Foot, CC v Mounted; D58)");
        capture_generals(b, from_x, from_y, out);
    }
    const MeleeOutlook o = melee_outlook(b, t);
    Brigade& target = state_.brigades[static_cast<std::size_t>(t)];
    for (const auto& line : o.explanation) out.push_back(line);
    if (o.charger.dice_used + o.charger.general_dice == 0) throw RuleError("charge: " + me.name + " has no combat dice left to fight a melee" + std::string(kAlphaPost) + " (Combat Dice)");
    const int my_dice = o.charger.dice_used + o.charger.general_dice, their_dice = o.defender.dice_used + o.defender.general_dice;
    out.push_back("odds before the roll: " + me.name + " wins " + cm_text(static_cast<double>(o.charger_wins) * 100) + "%, drawn " + cm_text(static_cast<double>(o.drawn) * 100) +
                  "%, " + target.name + " wins " + cm_text(static_cast<double>(o.defender_wins) * 100) + "%");
    {
        Foreseen seen{me.name + " charges " + target.name + ": " + num(my_dice) + " dice hitting on " + num(o.charger.hit_on) + "+" +
                          (o.charger.general_dice ? " (the general's on " + num(o.charger.general_hit_on) + "+)" : std::string()) + " against " + num(their_dice) + " on " +
                          num(o.defender.hit_on) + "+" + (o.defender.general_dice ? " (the general's on " + num(o.defender.general_hit_on) + "+)" : std::string()) +
                          (o.rear ? ", in the rear" : o.flank ? ", in the flank" : "") + "; the side that takes more hits loses: by " + num(tables_->withdraw_margin) +
                          " or less it withdraws, by more it flees (D59); the roll typed is the charger's dice (its general's last)" + std::string(kAlphaPost) + " (Melee)",
                      "dice:" + num(my_dice), "melee", {}};
        cw_foresee_detail::add_counts(seen, "hits on " + target.name, o.hits_on_defender);
        cw_foresee_detail::add_counts(seen, "hits on " + me.name, o.hits_on_charger);
        using cw_foresee_detail::twelve_places;
        seen.odds.emplace_back("melee: " + target.name + " flees", twelve_places(o.defender_flees));
        seen.odds.emplace_back("melee: " + target.name + " withdraws", twelve_places(o.charger_wins - o.defender_flees));
        seen.odds.emplace_back("melee: drawn, both stand", twelve_places(o.drawn));
        seen.odds.emplace_back("melee: " + me.name + " withdraws", twelve_places(o.defender_wins - o.charger_flees));
        seen.odds.emplace_back("melee: " + me.name + " flees", twelve_places(o.charger_flees));
        const long double six = static_cast<long double>(std::clamp(7 - tables_->colours_on, 0, 6)) / 6.0L;
        seen.odds.emplace_back("colours: taken by " + me.name, twelve_places(o.charger_wins * six));
        seen.odds.emplace_back("colours: taken by " + target.name, twelve_places(o.defender_wins * six));
        seen.odds.emplace_back("colours: none taken", twelve_places(1.0L - (o.charger_wins + o.defender_wins) * six));
        at_roll(std::move(seen));
    }
    const auto split = [](const std::vector<Roll>& all, int first) {
        std::vector<Roll> a(all.begin(), all.begin() + first), g(all.begin() + first, all.end());
        return std::make_pair(a.empty() ? std::string() : faces(a), g.empty() ? std::optional<std::string>() : std::optional<std::string>(faces(g)));
    };
    const auto mine = rolls(action.melee, key, "melee", static_cast<std::size_t>(my_dice), RollKind::D6, dice, "melee",
                            "one a combat die of " + me.name + ", its general's guard die last");
    const auto theirs = rolls(action.defence, key, "defence", static_cast<std::size_t>(their_dice), RollKind::D6, dice, "defence",
                              "one a combat die of " + target.name + ", its general's guard die last");
    DiceSource typed(nullptr);
    const auto [my_faces, my_general] = split(mine, o.charger.dice_used);
    const auto [their_faces, their_general] = split(theirs, o.defender.dice_used);
    const MeleeThrow struck = throw_melee(o.charger, typed, my_faces, my_general);
    const MeleeThrow back = throw_melee(o.defender, typed, their_faces, their_general);
    out.push_back(me.name + ":");
    for (const auto& line : struck.explanation) out.push_back("  " + line);
    out.push_back(target.name + ":");
    for (const auto& line : back.explanation) out.push_back("  " + line);
    take_damage(t, struck.hits, action.lose, key, "lose", dice, out);
    take_damage(b, back.hits, action.lose_back, key, "lose_back", dice, out);
    const int margin = struck.hits - back.hits;
    std::string summary = me.name + " charges " + target.name + ": " + num(struck.hits) + " hit" + (struck.hits == 1 ? "" : "s") + " given, " + num(back.hits) + " taken";
    if (margin == 0) {
        out.push_back("equal hits: the melee is drawn and both brigades stand in contact (D59)");
        if (!action.colours.empty()) throw RuleError("\"colours\": a drawn melee has no winner to roll for colours");
        return summary + "; drawn";
    }
    const int winner = margin > 0 ? b : t, loser = margin > 0 ? t : b;
    Brigade& won = state_.brigades[static_cast<std::size_t>(winner)];
    Brigade& lost = state_.brigades[static_cast<std::size_t>(loser)];
    const int by = std::abs(margin);
    const bool flee = by > tables_->withdraw_margin;
    out.push_back(lost.name + " takes " + num(by) + " more hit" + (by == 1 ? "" : "s") + " and loses the melee: " +
                  (flee ? "by more than " + num(tables_->withdraw_margin) + " it flees" : "by " + num(tables_->withdraw_margin) + " or less it withdraws") + " (D59)");
    if (lost.status != "gone") {
        const Reaction reaction = react(*tables_, flee ? MoraleResult::Flee : MoraleResult::Withdraw, by, lost.arm, std::clamp(lost.actions_left, 0, tables_->actions));
        retreat(loser, winner, reaction.distance_cm, flee, out);
        lost.actions_left = 0;
        summary += "; " + lost.name + (flee ? " flees " : " withdraws ") + num(reaction.distance_cm) + " cm";
    }
    // The loser's captives are free again (Capturing Generals: "until a friendly Brigade defeats them in combat").
    for (General& g : state_.generals)
        if (g.captured_by == lost.id && g.side == won.side) {
            g.captured_by.clear();
            out.push_back(g.name + " is freed: " + won.name + " has defeated his captors" + std::string(kAlphaPost) + " (Advanced Rules: Capturing Generals)");
        }
    follow_captors();
    const auto colour = rolls(action.colours, key, "colours", 1, RollKind::D6, dice, "colours", "one die for the winner's chance at the colours");
    if (colour[0].value >= tables_->colours_on) {
        ++state_.colours[static_cast<std::size_t>(won.side)];
        state_.vp[static_cast<std::size_t>(won.side)] += 1;
        out.push_back(won.name + " rolls " + num(colour[0].value) + ": it takes " + lost.name + "'s colours, +1 VP" + std::string(kAlphaPost) + " (Advanced Rules: Capturing Enemy Colours)");
        summary += "; colours taken by " + won.name;
    } else {
        out.push_back(won.name + " rolls " + num(colour[0].value) + " for the colours: needs " + num(tables_->colours_on) + std::string(kAlphaPost) + " (Advanced Rules: Capturing Enemy Colours)");
    }
    return summary;
}

// ------------------------------------------------------------------ scouting and deployment

namespace cw_scout_detail {

// The convex hull of points (Andrew's monotone chain), counter-clockwise.
std::vector<std::pair<double, double>> hull(std::vector<std::pair<double, double>> p) {
    std::sort(p.begin(), p.end());
    p.erase(std::unique(p.begin(), p.end()), p.end());
    if (p.size() < 3) return p;
    const auto cross = [](const std::pair<double, double>& o, const std::pair<double, double>& a, const std::pair<double, double>& b) {
        return (a.first - o.first) * (b.second - o.second) - (a.second - o.second) * (b.first - o.first);
    };
    std::vector<std::pair<double, double>> h(2 * p.size());
    std::size_t k = 0;
    for (std::size_t i = 0; i < p.size(); ++i) {
        while (k >= 2 && cross(h[k - 2], h[k - 1], p[i]) <= 0) --k;
        h[k++] = p[i];
    }
    for (std::size_t i = p.size() - 1, t = k + 1; i > 0; --i) {
        while (k >= t && cross(h[k - 2], h[k - 1], p[i - 1]) <= 0) --k;
        h[k++] = p[i - 1];
    }
    h.resize(k - 1);
    return h;
}

bool inside(const std::vector<std::pair<double, double>>& poly, double x, double y) {
    if (poly.size() < 3) return false;
    for (std::size_t i = 0; i < poly.size(); ++i) {
        const auto& a = poly[i];
        const auto& b = poly[(i + 1) % poly.size()];
        if ((b.first - a.first) * (y - a.second) - (b.second - a.second) * (x - a.first) < -1e-9) return false;
    }
    return true;
}

}  // namespace cw_scout_detail

const Brigade* Game::undeployed(const std::string& id) const {
    if (std::find(state_.to_deploy.begin(), state_.to_deploy.end(), id) == state_.to_deploy.end()) return nullptr;
    for (const Brigade& b : scenario_->to_deploy)
        if (b.id == id) return &b;
    return nullptr;
}

std::pair<double, double> Game::scout_stop(int side, int marker, double x, double y, bool* locks) const {
    double sx = x, sy = edge_y(side);
    if (marker > 0) {
        int seen = 0;
        for (const Marker& m : state_.markers)
            if (m.side == side && ++seen == marker) sx = m.x, sy = m.y;
    }
    // The first point of the move within the lock distance of an enemy marker: it stops there.
    const double length = std::hypot(x - sx, y - sy);
    const int steps = std::max(1, static_cast<int>(std::ceil(length / 0.01)));
    for (int i = 0; i <= steps; ++i) {
        const double px = sx + (x - sx) * i / steps, py = sy + (y - sy) * i / steps;
        for (const Marker& e : state_.markers)
            if (e.side != side && std::hypot(px - e.x, py - e.y) <= tables_->deployment_lock_cm + 1e-9) {
                if (locks) *locks = true;
                return {std::round(px * 1000) / 1000, std::round(py * 1000) / 1000};
            }
    }
    if (locks) *locks = false;
    return {x, y};
}

std::optional<std::string> Game::scout_refusal(int side, int marker, double x, double y) const {
    const std::string post = std::string(kSynopsisPost) + " (Deployment)";
    if (x < 0 || y < 0 || x > scenario_->width_cm || y > scenario_->depth_cm) return "\"at\": a place on the table";
    double sx = x, sy = edge_y(side);
    int index = -1, seen = 0;
    if (marker == 0) {
        if (state_.markers_left[static_cast<std::size_t>(side)] == 0) return "scout: " + scenario_->sides[static_cast<std::size_t>(side)].name + " has no marker left to place" + post;
    } else {
        for (std::size_t i = 0; i < state_.markers.size(); ++i)
            if (state_.markers[i].side == side && ++seen == marker) index = static_cast<int>(i);
        if (index < 0) return "\"marker\": " + scenario_->sides[static_cast<std::size_t>(side)].name + " has " + num(seen) + " marker" + (seen == 1 ? "" : "s") + " on the table, not " + num(marker);
        const Marker& m = state_.markers[static_cast<std::size_t>(index)];
        if (m.locked) return "\"marker\": marker " + num(marker) + " is locked (within " + num(tables_->deployment_lock_cm) + " cm of an enemy marker) and moves no more" + post;
        sx = m.x, sy = m.y;
    }
    const double length = std::hypot(x - sx, y - sy);
    if (length > tables_->deployment_move_cm + 1e-9)
        return "scout: a marker moves " + num(tables_->deployment_move_cm) + " cm a deployment turn" + std::string(marker == 0 ? " from where it is placed on its own edge (" + cm_text(sx) + ", " + cm_text(sy) + ")" : "") +
               "; this is " + cm_text(length) + " cm" + post;
    const auto [ex, ey] = scout_stop(side, marker, x, y);
    const double reach = tables_->deployment_reach_cm;
    bool near = ex <= reach || ey <= reach || scenario_->width_cm - ex <= reach || scenario_->depth_cm - ey <= reach;
    for (std::size_t i = 0; i < state_.markers.size() && !near; ++i)
        if (static_cast<int>(i) != index && state_.markers[i].side == side && std::hypot(state_.markers[i].x - ex, state_.markers[i].y - ey) <= reach + 1e-9) near = true;
    if (!near) return "scout: every marker must be within " + num(tables_->deployment_reach_cm) + " cm of a table edge or of another friendly marker" + post;
    return std::nullopt;
}

std::vector<std::pair<double, double>> Game::deployment_zone(int side) const {
    // The area the markers enclose (D65): their convex hull with the two corners of the side's own edge.
    std::vector<std::pair<double, double>> points{{0.0, edge_y(side)}, {scenario_->width_cm, edge_y(side)}};
    for (const Marker& m : state_.markers)
        if (m.side == side) points.emplace_back(m.x, m.y);
    return cw_scout_detail::hull(points);
}

std::optional<std::string> Game::deploy_refusal(const std::string& id, double x, double y, double facing) const {
    const Brigade* b = undeployed(id);
    if (!b) return "\"brigade\": no brigade '" + id + "' waiting to be deployed in " + scenario_->id;
    if (b->side != state_.scout_side)
        return "deploy: it is " + scenario_->sides[static_cast<std::size_t>(state_.scout_side)].name + "'s turn to place a brigade (the sides place them alternately)" + std::string(kAlphaPost) + " (Scouting Phase)";
    const Footprint place = footprint_at(*b, x, y, facing);
    const auto zone = deployment_zone(b->side);
    if (!cw_scout_detail::inside(zone, x, y))
        return "\"at\": (" + cm_text(x) + ", " + cm_text(y) + ") is outside " + scenario_->sides[static_cast<std::size_t>(b->side)].name +
               "'s deployment zone (the area its markers enclose with its own edge; D65)" + std::string(kSynopsisPost) + " (Deployment)";
    for (const Brigade& other : state_.brigades)
        if (other.status != "gone" && overlaps(place, footprint(other))) return "\"at\": " + b->name + " would stand on " + other.name;
    return std::nullopt;
}

void Game::begin_battle(Explanation& out) {
    state_.phase.clear();
    fill_bag();
    out.push_back("every brigade is deployed: the battle begins, turn 1 (" + clock() + "); the bag holds " + num(state_.bag[0]) + " " + scenario_->sides[0].name + " and " +
                  num(state_.bag[1]) + " " + scenario_->sides[1].name + " chips" + std::string(kSynopsisPost));
}

std::string Game::scouting_action(Action& action, Dice& dice, Explanation& out, const std::string& key) {
    const auto side_name = [&](int side) { return scenario_->sides[static_cast<std::size_t>(side)].name; };
    const std::string post = std::string(kSynopsisPost) + " (Deployment)";
    if (action.kind != "roll-off" && action.kind != "scout" && action.kind != "scout-pass" && action.kind != "deploy")
        throw RuleError(action.kind + ": the battle has not begun: " +
                        (state_.phase == "scouting" ? std::string("the scouting phase (roll-off, scout, scout-pass)") : std::string("the deployment (deploy)")) + " comes first" + post);
    if (action.kind == "roll-off") {
        if (state_.phase != "scouting" || state_.scout_side >= 0) throw RuleError("roll-off: the scouting phase's roll-off has been thrown already" + post);
        at_roll(Foreseen{"the roll-off: one die a side, thrown again while equal; the loser places the first marker" + post, "", "",
                         {{"roll-off: " + side_name(0) + " wins", Probability{1, 2}}, {"roll-off: " + side_name(1) + " wins", Probability{1, 2}}}});
        std::vector<Roll> thrown = action.roll_off;
        if (thrown.empty()) {
            while (true) {
                const auto two = kept_.draw(key, "roll_off", 2, RollKind::D6, dice);
                thrown.insert(thrown.end(), two.begin(), two.end());
                if (two[0].value != two[1].value) break;
            }
        } else {
            if (thrown.size() % 2 != 0) throw RuleError("\"roll_off\": dice in pairs (one a side), " + num(static_cast<int>(thrown.size())) + " given");
            for (std::size_t i = 0; i + 1 < thrown.size(); i += 2)
                if ((thrown[i].value == thrown[i + 1].value) != (i + 2 < thrown.size()))
                    throw RuleError("\"roll_off\": every pair but the last must be equal (thrown again), the last unequal");
        }
        action.roll_off = thrown;
        const int a = thrown[thrown.size() - 2].value, b = thrown.back().value;
        const int winner = a > b ? 0 : 1;
        state_.scout_side = 1 - winner;
        out.push_back("roll-off: " + side_name(0) + " " + num(a) + ", " + side_name(1) + " " + num(b) + ": " + side_name(winner) +
                      " wins; the table edges are the scenario's (D64), and the loser places the first marker" + post);
        return side_name(winner) + " wins the roll-off; " + side_name(1 - winner) + " scouts first";
    }
    if (state_.phase == "scouting" && state_.scout_side < 0) throw RuleError(action.kind + ": the scouting phase begins with the roll-off" + post);
    const int side = state_.scout_side;
    const auto has_move = [&](int s) {
        if (state_.markers_left[static_cast<std::size_t>(s)] > 0) return true;
        for (const Marker& m : state_.markers)
            if (m.side == s && !m.locked) return true;
        return false;
    };
    const auto next_scout = [&]() {
        for (int s = 0; s < 2; ++s)
            if (state_.first_locked < 0 && !has_move(s)) {
                state_.first_locked = s;
                out.push_back(side_name(s) + " has every marker placed and locked first: it places the first brigade" + std::string(kAlphaPost) + " (Scouting Phase)");
            }
        const bool done = (!has_move(0) && !has_move(1)) || state_.passes >= 2;
        if (done) {
            state_.phase = "deployment";
            state_.scout_side = state_.first_locked >= 0 ? state_.first_locked : side;
            out.push_back("the scouting phase is over; the deployment zones are the areas the markers enclose (D65): " + side_name(state_.scout_side) + " places first");
            return;
        }
        if (has_move(1 - side)) state_.scout_side = 1 - side;
    };
    if (action.kind == "scout") {
        if (state_.phase != "scouting") throw RuleError("scout: the scouting phase is over" + post);
        if (!action.to_x || !action.to_y) throw RuleError("\"at\": expected [x, y] in cm (where the marker ends its move)");
        if (const auto refusal = scout_refusal(side, action.marker, *action.to_x, *action.to_y)) throw RuleError(*refusal);
        bool locks = false;
        const auto [x, y] = scout_stop(side, action.marker, *action.to_x, *action.to_y, &locks);
        Marker* moved = nullptr;
        if (action.marker == 0) {
            --state_.markers_left[static_cast<std::size_t>(side)];
            state_.markers.push_back({side, x, y, false});
            moved = &state_.markers.back();
            out.push_back(side_name(side) + " places a marker on its edge and moves it to (" + cm_text(x) + ", " + cm_text(y) + "); " +
                          num(state_.markers_left[static_cast<std::size_t>(side)]) + " left to place" + post);
        } else {
            int seen = 0;
            for (Marker& m : state_.markers)
                if (m.side == side && ++seen == action.marker) moved = &m;
            moved->x = x, moved->y = y;
            out.push_back(side_name(side) + " moves marker " + num(action.marker) + " to (" + cm_text(x) + ", " + cm_text(y) + ")" + post);
        }
        if (locks) {
            moved->locked = true;
            for (Marker& e : state_.markers)
                if (e.side != side && std::hypot(e.x - x, e.y - y) <= tables_->deployment_lock_cm + 1e-6) e.locked = true;
            out.push_back("within " + num(tables_->deployment_lock_cm) + " cm of an enemy marker: both stop " + num(tables_->deployment_lock_cm) + " cm apart and are locked" + post);
        }
        state_.passes = 0;
        next_scout();
        return side_name(side) + (action.marker == 0 ? " places a marker at (" : " moves a marker to (") + cm_text(x) + ", " + cm_text(y) + ")" + (locks ? ", locked" : "");
    }
    if (action.kind == "scout-pass") {
        if (state_.phase != "scouting") throw RuleError("scout-pass: the scouting phase is over" + post);
        ++state_.passes;
        out.push_back(side_name(side) + " passes its deployment turn (D66: when both sides pass in a row, the scouting ends)");
        next_scout();
        return side_name(side) + " passes its deployment turn";
    }
    if (action.kind == "deploy") {
        if (state_.phase != "deployment") throw RuleError("deploy: brigades are deployed once the scouting phase is over" + post);
        if (!action.to_x || !action.to_y) throw RuleError("\"at\": expected [x, y] in cm (the brigade's centre)");
        const Brigade* waiting = undeployed(action.brigade);
        const double facing = action.facing ? *action.facing : (waiting && waiting->side == 1 ? 180.0 : 0.0);
        if (const auto refusal = deploy_refusal(action.brigade, *action.to_x, *action.to_y, facing)) throw RuleError(*refusal);
        Brigade placed = *waiting;
        placed.x = *action.to_x, placed.y = *action.to_y, placed.facing = norm360(facing);
        state_.brigades.push_back(placed);
        state_.to_deploy.erase(std::find(state_.to_deploy.begin(), state_.to_deploy.end(), placed.id));
        out.push_back(side_name(placed.side) + " deploys " + placed.name + " at (" + cm_text(placed.x) + ", " + cm_text(placed.y) + ") facing " + cm_text(placed.facing) +
                      " in its deployment zone" + std::string(kAlphaPost) + " (Scouting Phase: \"Players then place their units in the table alternately\")");
        const auto left = [&](int s) {
            for (const std::string& id : state_.to_deploy)
                if (undeployed(id)->side == s) return true;
            return false;
        };
        if (left(1 - placed.side)) state_.scout_side = 1 - placed.side;
        if (state_.to_deploy.empty()) begin_battle(out);
        return side_name(placed.side) + " deploys " + placed.name + " at (" + cm_text(placed.x) + ", " + cm_text(placed.y) + ")";
    }
    throw RuleError("\"action\": '" + action.kind + "' is no action before the battle");
}

// ------------------------------------------------------------------ journal words

json Game::encode(const Action& a) {
    json out{{"action", a.kind}};
    const auto put = [&](const char* key, const std::string& value) {
        if (!value.empty()) out[key] = value;
    };
    put("brigade", a.brigade);
    put("target", a.target);
    put("general", a.general);
    put("to", a.to_general);
    put("objective", a.objective);
    put("chip", a.chip_side);
    put("formation", a.formation);
    if (a.to_x && a.to_y) out["at"] = json::array({*a.to_x, *a.to_y});
    if (a.facing) out["facing"] = *a.facing;
    if (a.points) out["points"] = a.points;
    put("overrule", a.overrule);
    for (const auto& [field, value] : a.claims.items()) out[field] = value;
    const auto put_rolls = [&](const char* key, const std::vector<Roll>& rolls) {
        if (!rolls.empty()) out[key] = rolls_to_json(rolls);
    };
    put_rolls("chips", a.chip);
    put_rolls("command", a.command);
    put_rolls("morale", a.morale);
    put_rolls("steady", a.steady);
    put_rolls("fire", a.fire);
    put_rolls("save", a.save);
    put_rolls("lose", a.lose);
    put_rolls("melee", a.melee);
    put_rolls("defence", a.defence);
    put_rolls("lose_back", a.lose_back);
    put_rolls("colours", a.colours);
    put_rolls("roll_off", a.roll_off);
    if (a.marker) out["marker"] = a.marker;
    return out;
}

Action Game::decode(const json& input) {
    if (!input.is_object()) throw RuleError("an action is a JSON object with \"action\": KIND, not " + input.dump().substr(0, 60));
    static const std::set<std::string> known{"action", "brigade", "target", "general", "to", "objective", "chip", "formation", "at", "facing", "points", "overrule",
                                             "chips", "command", "morale", "steady", "fire", "save", "lose", "melee", "defence", "lose_back", "colours", "roll_off", "marker"};
    static const std::set<std::string> claim_fields{"range", "enfilade", "flank", "cover"};
    for (const auto& [field, value] : input.items())
        if (!known.contains(field) && !claim_fields.contains(field))
            throw RuleError("\"" + field + "\": not a field of a Clausewitz action (known: action, brigade, target, general, to, objective, chip, formation, at, facing, points, overrule, the rolls and, for fire, skirmish and bombard, the claims range, enfilade, flank and cover)");
    Action a;
    a.kind = text_field(input, "action", true);
    for (const std::string& field : claim_fields) {
        if (!input.contains(field)) continue;
        const json& value = input.at(field);
        const bool shooting = a.kind == "fire" || a.kind == "skirmish" || a.kind == "bombard";
        if (!shooting || (field == "enfilade" && a.kind == "bombard") || (field == "flank" && a.kind != "bombard"))
            throw RuleError("\"" + field + "\": not a field of a Clausewitz " + a.kind + " action (a claim about the board: range and cover for fire, skirmish and bombard, enfilade for fire and skirmish, flank for bombard)");
        if (field == "range" && (!value.is_string() || (value != "effective" && value != "long"))) bad_field(field, "\"effective\" or \"long\" (the range band claimed)", value);
        if ((field == "enfilade" || field == "flank") && !value.is_boolean()) bad_field(field, "true or false (what the action claims the board shows)", value);
        if (field == "cover" && (!value.is_string() || (value != "none" && value != "woods" && value != "village")))
            bad_field(field, "\"woods\", \"village\" or \"none\" (the cover claimed for the target)", value);
        a.claims[field] = value;
    }
    if (!kinds().contains(a.kind))
        throw RuleError("\"action\": expected one of draw, activate, march, quick-march, face, formation, fire, skirmish, bombard, hold, charge, end-activation, order, move-general, pass-reaction, roll-off, scout, scout-pass, deploy, undo, redo, not '" + a.kind + "'");
    const bool needs_brigade = a.kind == "activate" || a.kind == "march" || a.kind == "quick-march" || a.kind == "face" || a.kind == "formation" || a.kind == "fire" ||
                               a.kind == "skirmish" || a.kind == "bombard" || a.kind == "hold" || a.kind == "charge" || a.kind == "deploy";
    a.brigade = text_field(input, "brigade", needs_brigade);
    a.target = text_field(input, "target", a.kind == "fire" || a.kind == "skirmish" || a.kind == "bombard" || a.kind == "charge");
    if (a.kind == "hold" && input.contains("target")) throw RuleError("\"target\": Hold! names no target: the closest enemy in range is measured");
    a.general = text_field(input, "general", a.kind == "activate" || a.kind == "order" || a.kind == "move-general");
    a.to_general = text_field(input, "to", a.kind == "order");
    a.objective = text_field(input, "objective", a.kind == "order");
    a.chip_side = text_field(input, "chip", false);
    a.formation = text_field(input, "formation", a.kind == "formation");
    if (input.contains("formation") && a.kind != "formation")
        throw RuleError("\"formation\": not a field of a Clausewitz " + a.kind + " action (only formation changes it; a brigade's formation is the board's)");
    if (a.kind == "formation" && a.formation != "line" && a.formation != "column" && a.formation != "square")
        bad_field("formation", "\"line\", \"column\" or \"square\"", input.at("formation"));
    if (input.contains("at")) {
        const json& at = input.at("at");
        if (!at.is_array() || at.size() != 2 || !at[0].is_number() || !at[1].is_number() || !(at[0].get<double>() >= -1000 && at[0].get<double>() <= 1000) ||
            !(at[1].get<double>() >= -1000 && at[1].get<double>() <= 1000))
            bad_field("at", "[x, y] in cm", at);
        a.to_x = at[0].get<double>();
        a.to_y = at[1].get<double>();
    } else if (a.kind == "march" || a.kind == "quick-march" || a.kind == "move-general" || a.kind == "scout" || a.kind == "deploy") {
        throw RuleError("\"at\": expected [x, y] in cm (where to go), not nothing");
    }
    a.facing = number_field(input, "facing", 0, 360);
    if (a.kind == "face" && !a.facing) throw RuleError("\"facing\": expected a compass bearing from 0 to 360, not nothing");
    if (input.contains("points")) {
        const json& p = input.at("points");
        if (!p.is_number_integer() || p.get<int>() < 0 || p.get<int>() > 5) bad_field("points", "a whole number of command points from 0 to 5", p);
        a.points = p.get<int>();
    }
    a.overrule = text_field(input, "overrule", false);
    a.chip = rolls_field(input, "chips", RollKind::Random);
    a.command = rolls_field(input, "command", RollKind::D6);
    a.morale = rolls_field(input, "morale", RollKind::D6);
    a.steady = rolls_field(input, "steady", RollKind::D6);
    a.fire = rolls_field(input, "fire", RollKind::D6);
    a.save = rolls_field(input, "save", RollKind::D6);
    a.lose = rolls_field(input, "lose", RollKind::D6);
    a.melee = rolls_field(input, "melee", RollKind::D6);
    a.defence = rolls_field(input, "defence", RollKind::D6);
    a.lose_back = rolls_field(input, "lose_back", RollKind::D6);
    a.colours = rolls_field(input, "colours", RollKind::D6);
    a.roll_off = rolls_field(input, "roll_off", RollKind::D6);
    if (input.contains("roll_off") && a.kind != "roll-off") throw RuleError("\"roll_off\": not a roll of a Clausewitz " + a.kind + " action (the scouting's roll-off only)");
    if (input.contains("marker")) {
        const json& m = input.at("marker");
        if (a.kind != "scout") throw RuleError("\"marker\": not a field of a Clausewitz " + a.kind + " action (scout only)");
        if (!m.is_number_integer() || m.get<int>() < 1 || m.get<int>() > 100) bad_field("marker", "the number of one of the side's markers on the table (1, 2, ...); leave it out to place a new one", m);
        a.marker = m.get<int>();
    }
    for (const char* field : {"melee", "defence", "lose_back", "colours"})
        if (input.contains(field) && a.kind != "charge") throw RuleError("\"" + std::string(field) + "\": not a roll of a Clausewitz " + a.kind + " action (a charge's melee only)");
    return a;
}

json Game::line_context() const {
    const int side = acting_side();
    return {{"turn", state_.turn}, {"clock", clock()}, {"side", side < 0 ? "" : scenario_->sides[static_cast<std::size_t>(side)].id}};
}

json Game::to_json() const {
    json brigades = json::array();
    for (const Brigade& b : state_.brigades) {
        json units = json::array();
        for (const UnitBase& u : b.units) units.push_back({{"name", u.name}, {"type", u.type}, {"men", u.men}, {"combat_dice", u.combat_dice}, {"skirmish_dice", u.skirmish_dice}, {"artillery_dice", u.artillery_dice}});
        brigades.push_back({{"id", b.id}, {"name", b.name}, {"side", scenario_->sides[static_cast<std::size_t>(b.side)].id}, {"division", b.division},
                            {"at", {std::round(b.x * 1000) / 1000, std::round(b.y * 1000) / 1000}}, {"facing", std::round(b.facing * 1000) / 1000},
                            {"formation", to_string(b.formation)}, {"strength", b.strength}, {"strength_start", b.strength_start}, {"damage", b.damage_taken},
                            {"status", b.status}, {"objective", b.objective}, {"activated", b.activated}, {"actions_left", b.actions_left}, {"halted", b.halted},
                            {"units", units}});
    }
    json generals = json::array();
    for (const General& g : state_.generals)
        generals.push_back({{"id", g.id}, {"name", g.name}, {"division", g.division}, {"side", scenario_->sides[static_cast<std::size_t>(g.side)].id},
                            {"commander_in_chief", g.commander_in_chief}, {"rating", g.rating}, {"at", {std::round(g.x * 1000) / 1000, std::round(g.y * 1000) / 1000}},
                            {"points_left", g.points_left}, {"moved_cm", std::round(g.moved_cm * 1000) / 1000}});
    // Fields added in session 13 appear only when they hold something, so a save of an older build
    // (which cannot have them) still compares equal after its replay.
    for (std::size_t i = 0; i < state_.generals.size(); ++i)
        if (!state_.generals[i].captured_by.empty()) generals[i]["captured_by"] = state_.generals[i].captured_by;
    json adcs = json::array();
    for (const Adc& a : state_.adcs)
        adcs.push_back({{"side", scenario_->sides[static_cast<std::size_t>(a.side)].id}, {"to", a.to_general}, {"objective", a.objective},
                        {"at", {std::round(a.x * 1000) / 1000, std::round(a.y * 1000) / 1000}}});
    json objectives = json::array();
    for (std::size_t o = 0; o < scenario_->objectives.size(); ++o)
        objectives.push_back({{"id", scenario_->objectives[o].id}, {"name", scenario_->objectives[o].name}, {"held_by", state_.held[o]}, {"vp_per_turn", scenario_->objectives[o].vp}});
    // Reactions on offer: enemies of the activated brigade with actions in reserve whose zone it stands in.
    json reactions = json::array();
    if (state_.active >= 0) {
        const Brigade& acting = state_.brigades[static_cast<std::size_t>(state_.active)];
        for (const Brigade& b : state_.brigades)
            if (b.side != acting.side && b.status == "ready" && b.actions_left > 0 && zone_of_control(*tables_, footprint(b), footprint(acting)).inside)
                reactions.push_back({{"brigade", b.id}, {"against", acting.id}, {"actions_left", b.actions_left}, {"may", "fire"}});
    }
    json vp = json::object(), bag = json::object();
    for (std::size_t s = 0; s < 2; ++s) vp[scenario_->sides[s].id] = state_.vp[s], bag[scenario_->sides[s].id] = state_.bag[s];
    json out{{"turn", state_.turn}, {"turns", scenario_->turns}, {"clock", clock()}, {"over", state_.over}, {"bag", bag},
             {"chip", state_.chip < 0 ? "" : scenario_->sides[static_cast<std::size_t>(state_.chip)].id},
             {"active", state_.active < 0 ? "" : state_.brigades[static_cast<std::size_t>(state_.active)].id}, {"vp", vp}, {"objectives", objectives},
             {"brigades", brigades}, {"generals", generals}, {"adcs", adcs}, {"reactions", reactions}};
    if (state_.colours[0] + state_.colours[1] > 0) {
        json colours = json::object();
        for (std::size_t s = 0; s < 2; ++s) colours[scenario_->sides[s].id] = state_.colours[s];
        out["colours_taken"] = colours;
    }
    if (state_.generals_taken[0] + state_.generals_taken[1] > 0) {
        json taken = json::object();
        for (std::size_t s = 0; s < 2; ++s) taken[scenario_->sides[s].id] = state_.generals_taken[s];
        out["generals_captured"] = taken;
    }
    if (!state_.arrived.empty()) out["arrived"] = state_.arrived;
    if (!state_.phase.empty()) {
        out["phase"] = state_.phase;
        out["scouting_side"] = state_.scout_side < 0 ? "" : scenario_->sides[static_cast<std::size_t>(state_.scout_side)].id;
        out["to_deploy"] = state_.to_deploy;
        json left = json::object(), zones = json::object();
        for (std::size_t s = 0; s < 2; ++s) {
            left[scenario_->sides[s].id] = state_.markers_left[s];
            json zone = json::array();
            for (const auto& [x, y] : deployment_zone(static_cast<int>(s))) zone.push_back({std::round(x * 1000) / 1000, std::round(y * 1000) / 1000});
            zones[scenario_->sides[s].id] = zone;
        }
        out["markers_left"] = left;
        out["deployment_zones"] = zones;
    }
    if (!state_.markers.empty()) {
        json markers = json::array();
        for (const Marker& m : state_.markers)
            markers.push_back({{"side", scenario_->sides[static_cast<std::size_t>(m.side)].id}, {"at", {std::round(m.x * 1000) / 1000, std::round(m.y * 1000) / 1000}}, {"locked", m.locked}});
        out["markers"] = markers;
    }
    if (!state_.waiting.empty()) out["waiting"] = state_.waiting;
    return out;
}

// ------------------------------------------------------------------ the outcome

Outcome judge(const Game& game) {
    const GameState& s = game.state();
    const auto& sides = game.scenario().sides;
    Outcome o;
    if (!s.phase.empty()) {
        o.reason = "before the battle: the " + s.phase + (s.phase == "scouting" ? " phase" : " of the brigades") + " (seed 003, \"Clausewitz (A Synopsis)\", Deployment)";
        return o;
    }
    std::vector<int> on_table(2, 0);
    for (const Brigade& b : s.brigades) on_table[static_cast<std::size_t>(b.side)] += b.status != "gone" ? 1 : 0;
    std::string tally = sides[0].name + " " + std::to_string(s.vp[0]) + " VP, " + sides[1].name + " " + std::to_string(s.vp[1]) + " VP";
    // The Advanced Rules' extra points are in the totals; say which (D61, D63).
    for (std::size_t side = 0; side < 2; ++side)
        if (s.colours[side] + s.generals_taken[side] > 0)
            tally += "; " + sides[side].name + "'s include " + std::to_string(s.colours[side]) + " for colours and " + std::to_string(s.generals_taken[side]) +
                     " for generals captured";
    for (int side = 0; side < 2; ++side)
        if (on_table[static_cast<std::size_t>(side)] == 0) {
            o.over = true;
            o.winner = 1 - side;
            o.reason = sides[static_cast<std::size_t>(1 - side)].name + " wins: " + sides[static_cast<std::size_t>(side)].name + " has no brigade left on the table (" + tally + ")";
            return o;
        }
    o.over = s.over;
    if (s.vp[0] != s.vp[1]) o.winner = s.vp[0] > s.vp[1] ? 0 : 1;
    if (o.over)
        o.reason = (o.winner < 0 ? std::string("a draw") : sides[static_cast<std::size_t>(o.winner)].name + " wins") + " on victory points after turn " +
                   std::to_string(s.turn) + " (" + game.clock() + "), the objectives held turn by turn (" + tally + "; seed 003, \"Clausewitz Full Alpha Ruleset\", Objectives; D38)";
    else
        o.reason = "turn " + std::to_string(s.turn) + " of " + std::to_string(game.scenario().turns) + ": " + tally;
    return o;
}

}  // namespace fortuna::clausewitz
