// SPDX-License-Identifier: MIT
// Journal -> quarter-hour sections of sentences, casualties and the result (see battle_report.hpp).
#include "fortuna/land/battle_report.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <map>
#include <sstream>
#include <variant>

#include "fortuna/core/overloaded.hpp"

namespace fortuna {

namespace {

std::string join(const std::vector<std::string>& parts, const std::string& last_glue = " and ") {
    std::string out;
    for (std::size_t i = 0; i < parts.size(); ++i) {
        if (i > 0) out += i + 1 == parts.size() ? last_glue : std::string(", ");
        out += parts[i];
    }
    return out;
}

std::string capitalised(std::string text) {
    if (!text.empty() && text.front() >= 'a' && text.front() <= 'z') text.front() = static_cast<char>(text.front() - 'a' + 'A');
    return text;
}

std::string sentence(std::string text) {
    text = capitalised(std::move(text));
    if (!text.empty() && text.back() != '.' && text.back() != '!' && text.back() != '?') text += '.';
    return text;
}

std::string number(double value, int decimals) {
    char buffer[32];
    std::snprintf(buffer, sizeof buffer, "%.*f", decimals, value);
    return buffer;
}

std::string plural(int n, const std::string& one, const std::string& many) { return std::to_string(n) + " " + (n == 1 ? one : many); }

// Metres on the ground for board millimetres ("1 mm = 2 m").
double metres_per_mm(const Board& board) {
    const auto eq = board.scale.find('=');
    if (eq == std::string::npos) return 1.0;
    try {
        return std::stod(board.scale.substr(eq + 1));
    } catch (const std::exception&) {
        return 1.0;
    }
}

class Narrator {
public:
    explicit Narrator(const Game& game) : game_(game) {}

    // "Silesian Foot (B-I2)"; a name that ends in brackets takes the code inside them:
    // "Buquoy's first tercio (Imperial foot, IM-T1)".
    std::string unit(std::size_t i) const {
        const std::string& name = game_.units()[i].id.name;
        const std::string& code = game_.units()[i].id.code;
        if (!name.empty() && name.back() == ')') return name.substr(0, name.size() - 1) + ", " + code + ")";
        return name + " (" + code + ")";
    }
    std::string unit(const std::string& code) const {
        for (std::size_t i = 0; i < game_.units().size(); ++i)
            if (game_.units()[i].id.code == code) return unit(i);
        return code;
    }
    std::string general(std::size_t g) const { return game_.generals()[g].id.name; }
    std::string general(const std::string& code) const {
        for (std::size_t g = 0; g < game_.generals().size(); ++g)
            if (game_.generals()[g].id.code == code) return general(g);
        return code;
    }
    std::string side_name(int side) const { return game_.scenario().sides[static_cast<std::size_t>(side)].name; }
    std::string side_name(const std::string& id) const {
        const int s = game_.scenario().side_index(id);
        return s < 0 ? id : side_name(s);
    }

    // What happened to one unit between two positions, as clauses ("loses 2 bases", "routs").
    std::vector<std::string> unit_changes(std::size_t i, const UnitStatus& before, const UnitStatus& after) const {
        std::vector<std::string> out;
        const int lost = before.bases - after.bases;
        if (lost > 0) out.push_back("loses " + plural(lost, "base", "bases"));
        if (after.presence == Presence::OffBoard && before.presence == Presence::OnBoard) {
            out.push_back(after.bases == 0 ? "is destroyed" : "leaves the field");
        } else if (after.state != before.state) {
            switch (after.state) {
            case UnitState::Disrupted: out.push_back(before.state == UnitState::Routing ? "stops its flight, still disordered" : "is thrown into disorder"); break;
            case UnitState::Routing: out.push_back("routs"); break;
            case UnitState::Withdrawing: out.push_back("falls back"); break;
            case UnitState::Normal: out.push_back("restores its order"); break;
            }
        }
        if (after.guns == Guns::Captured && before.guns != Guns::Captured) out.push_back("loses its guns to the enemy");
        (void)i;
        return out;
    }

    std::string general_change(std::size_t g, const GeneralStatus& before, const GeneralStatus& after) const {
        if (after.condition == before.condition) return {};
        switch (after.condition) {
        case GeneralCondition::Killed: return general(g) + " is killed";
        case GeneralCondition::Wounded: return general(g) + " is wounded and carried from the field";
        case GeneralCondition::Unhorsed: return general(g) + "'s horse is shot under him";
        case GeneralCondition::Present: return general(g) + " is back in the saddle";
        }
        return {};
    }

    // The consequences of one action: every unit and general it changed, in a fixed order
    // (the units named first by the action, then the rest in order of battle).
    std::string consequences(const StateChange& change, const GameState& after, const std::vector<std::string>& first) const {
        std::vector<std::pair<std::size_t, std::string>> units;
        for (const auto& [index, before] : change.units) {
            auto clauses = unit_changes(index, before, after.units[index]);
            if (clauses.empty()) continue;
            units.emplace_back(index, unit(index) + " " + join(clauses));
        }
        const auto rank = [&](std::size_t index) {
            const auto it = std::find(first.begin(), first.end(), game_.units()[index].id.code);
            return it == first.end() ? first.size() + index : static_cast<std::size_t>(it - first.begin());
        };
        std::sort(units.begin(), units.end(), [&](const auto& a, const auto& b) { return rank(a.first) < rank(b.first); });
        std::vector<std::string> parts;
        for (auto& u : units) parts.push_back(std::move(u.second));
        for (const auto& [g, before] : change.generals) {
            const std::string text = general_change(g, before, after.generals[g]);
            if (!text.empty()) parts.push_back(text);
        }
        return join(parts, "; ");
    }

    const Game& game_;
};

}  // namespace

BattleReport make_battle_report(const Game& game) {
    const Scenario& scenario = game.scenario();
    const RuleSet& rules = game.rules();
    const Narrator say(game);
    const auto& history = game.history();
    const int turn_minutes = rules.turn_minutes > 0 ? rules.turn_minutes : 5;
    const double metres = metres_per_mm(scenario.board);

    // The position after each action: the undo records, toggled back from the present.
    std::vector<GameState> after(history.size());
    GameState position = game.state();
    for (std::size_t i = history.size(); i-- > 0;) {
        after[i] = position;
        StateChange change = history[i].change;
        change.toggle(position);
    }
    const GameState initial = position;

    BattleReport report;
    report.title = scenario.name;
    report.ruleset = rules.name;
    report.start_clock = format_clock(scenario.start);
    report.end_clock = game.clock_text();
    report.subtitle = rules.name + "; " + report.start_clock + " to " + report.end_clock + "; seed " + std::to_string(game.seed());

    // Quarter hours of the clock from the start to now.
    const int now = game.minutes();
    std::vector<int> starts{scenario.start};
    for (int q = scenario.start - scenario.start % 15 + 15; q <= now; q += 15) starts.push_back(q);
    for (int s : starts) {
        ReportSection section;
        section.minutes = s;
        section.clock = format_clock(s);
        report.sections.push_back(section);
    }
    const auto section_of = [&](int minutes) {
        std::size_t k = 0;
        for (std::size_t i = 0; i < starts.size(); ++i)
            if (starts[i] <= minutes) k = i;
        return k;
    };
    for (std::size_t k = 0; k < report.sections.size(); ++k) {
        const int end = k + 1 < starts.size() ? starts[k + 1] : std::max(now + turn_minutes, starts[k] + turn_minutes);
        report.sections[k].first_turn = (starts[k] - scenario.start) / turn_minutes + 1;
        report.sections[k].last_turn = (end - 1 - scenario.start) / turn_minutes + 1;
    }

    struct Tallies {
        std::map<int, int> fired, told;        // per side: salvoes, salvoes with an effect
        std::map<int, std::vector<std::string>> moved;  // per side: unit codes, in order
        std::map<int, std::vector<std::string>> unrallied;  // per side: units that failed to rally
        std::vector<std::string> events;
    };
    std::vector<Tallies> tallies(report.sections.size());
    std::vector<std::size_t> last_action(report.sections.size(), history.size());

    int last_told_seq = -1;  // the last action told (its seq, or -1) and its section
    std::size_t last_told_section = 0;
    for (std::size_t i = 0; i < history.size(); ++i) {
        const AppliedAction& action = history[i];
        const int minutes = scenario.start + (action.clock.turn - 1) * turn_minutes;
        const std::size_t k = section_of(minutes);
        last_action[k] = i;
        Tallies& t = tallies[k];
        const GameState& state = after[i];
        // A deliberate re-roll is told as the action it rolled again, from before its first roll
        // to after the second, in place of the first telling (only the last action can be
        // re-rolled, so its telling is the last one made).
        const AppliedAction* rolled_again = nullptr;
        if (const auto* reroll = std::get_if<RerollAction>(&action.request.action); reroll && reroll->of)
            for (std::size_t j = 0; j < i; ++j)
                if (history[j].seq == *reroll->of) rolled_again = &history[j];
        const Action& told = rolled_again != nullptr ? rolled_again->request.action : action.request.action;
        StateChange change = action.change;
        if (rolled_again != nullptr) {
            change = rolled_again->change;
            for (const auto& entry : action.change.units)
                if (std::none_of(change.units.begin(), change.units.end(), [&](const auto& e) { return e.first == entry.first; }))
                    change.units.push_back(entry);
            for (const auto& entry : action.change.generals)
                if (std::none_of(change.generals.begin(), change.generals.end(), [&](const auto& e) { return e.first == entry.first; }))
                    change.generals.push_back(entry);
            if (last_told_seq == rolled_again->seq && !tallies[last_told_section].events.empty()) {
                tallies[last_told_section].events.pop_back();
                last_told_seq = -1;
            }
        }
        const auto side_of_unit = [&](const std::string& code) {
            for (const Unit& u : game.units())
                if (u.id.code == code) return u.id.side;
            return -1;
        };
        // What each kind of action tells (seed 000's events as a reader of the battle meets them);
        // `quiet`: an action counted in its section though told only in a tally (moves, salvoes, rallies).
        std::string event;
        bool quiet = false;
        bool skip = false;
        const Overloaded tell{
            [&](const CombatAction& a) {
                std::string how;
                if (action.result.contains("result_name")) how = " (" + action.result.value("column", std::string()) + ", " + action.result["result_name"].get<std::string>() + ")";
                else if (action.result.contains("text")) how = " (" + action.result["text"].get<std::string>() + ")";
                const std::string verb = action.result.value("table", std::string()) == "cavalry-vs-square" ? " charges the hedgehog of " : " attacks ";
                const std::string outcome = say.consequences(change, state, {a.defender, a.attacker});
                event = say.unit(a.attacker) + verb + say.unit(a.defender) + (a.charge.value_or(false) ? " at the charge" : "") +
                        (a.flank.value_or(false) ? " in the flank" : "") + (a.rear.value_or(false) ? " in the rear" : "") + how + ": " +
                        (outcome.empty() ? "neither gives way" : outcome);
            },
            [&](const ArtilleryAction& a) {
                quiet = true;
                const int side = side_of_unit(a.battery);
                if (rolled_again == nullptr) ++t.fired[side];
                const std::string outcome = say.consequences(change, state, {a.target});
                if (!outcome.empty()) {
                    ++t.told[side];
                    event = say.unit(a.battery) + " fires on " + say.unit(a.target) + " at " + number(a.range_mm.value_or(0.0) * metres, 0) + " m: " + outcome;
                }
            },
            [&](const RallyAction& a) {
                quiet = true;
                const std::string outcome = say.consequences(change, state, {a.unit});
                if (action.result.value("rallied", false)) event = outcome.empty() ? say.unit(a.unit) + " rallies" : outcome;
                else t.unrallied[side_of_unit(a.unit)].push_back(a.unit);
            },
            [&](const ControlAction& a) {
                // seed 000, 8.7: told only when the victors are carried away.
                if (action.result.contains("pursuing") && action.result["pursuing"].is_string())
                    event = say.unit(a.unit) + ", carried away by its success, pursues " + say.unit(action.result["pursuing"].get<std::string>());
                else skip = true;
            },
            [&](const RoutAction& a) {
                const std::string outcome = say.consequences(change, state, {a.unit});
                const bool off = a.off_board || action.result.value("off_board", false);  // rules 3 measure it
                event = off ? say.unit(a.unit) + " flees the field" : (outcome.empty() ? say.unit(a.unit) + " flees" : outcome);
            },
            [&](const MoveAction& a) {
                if (a.general) {
                    skip = true;  // generals ride where they are needed; not told
                    return;
                }
                quiet = true;
                const std::string code = a.unit.value_or(std::string());
                t.moved[side_of_unit(code)].push_back(code);
                if (a.off_board) event = say.unit(code) + " leaves the field";
            },
            [&](const ChargeAction& a) { event = say.unit(a.unit) + " charges"; },
            [&](const FormationAction& a) {
                std::vector<std::string> parts;
                if (a.to) {
                    const bool square = *a.to == Formation::Square;
                    parts.push_back("forms " + (square ? std::string(rules.id == "glaube" ? "a defensive hedgehog" : "square") : std::string(to_string(*a.to))));
                }
                if (a.guns) parts.push_back(*a.guns == Guns::Limbered ? "limbers its guns" : "unlimbers its guns");
                if (a.mount) parts.push_back(*a.mount ? "mounts" : "dismounts");
                if (parts.empty()) parts.push_back("changes its facing");
                event = say.unit(a.unit) + " " + join(parts);
            },
            [&](const LeaderAction& a) {
                const std::string outcome = say.consequences(change, state, {a.unit.value_or(std::string())});
                event = outcome.empty() ? say.general(a.general) + " rides through the fire unharmed" : outcome;
            },
            [&](const OrderAction& a) {
                event = say.general(a.general) + (a.in_person ? " gives his order in person to " : " sends a messenger to ") + a.to + ": \"" + a.order + "\"";
            },
            [&](const DeliverAction& a) {
                event = a.captured ? "A messenger is taken by the enemy before he arrives"
                                   : (action.result.value("understood", false) ? "An order arrives and is understood" : "An order arrives and is misunderstood");
                if (a.messenger >= 1 && static_cast<std::size_t>(a.messenger) <= state.messengers.size())
                    event += " (" + state.messengers[static_cast<std::size_t>(a.messenger - 1)].to + ")";
            },
            [&](const CrisisAction& a) {
                const std::string side = say.side_name(a.side);
                const int level = action.result.value("level", 0);
                if (action.result.value("crisis", false)) {
                    std::vector<std::string> codes;
                    for (const auto& c : action.result["affected"]) codes.push_back(c.get<std::string>());
                    event = "Crisis of morale: at " + std::to_string(level) + " % losses, " + plural(static_cast<int>(codes.size()), "unit", "units") + " of " +
                            side + " waver or break (" + join(codes) + ")";
                } else {
                    event = side + " stand firm at " + std::to_string(level) + " % losses";
                }
            },
            [&](const ReinforcementsAction&) { event = action.summary; },
            [&](const SetAction& a) {
                // The umpire's hand: what no action covers (guns taken, a general hit by a stray
                // ball) is set directly; it is told like any other event, with the reason.
                const std::string reason = a.reason.value_or(std::string());
                const std::string outcome = say.consequences(change, state, {a.unit.value_or(std::string())});
                if (!outcome.empty()) {
                    event = outcome + (reason.empty() ? std::string() : " (" + reason + ")");
                } else {
                    std::string what = action.summary;
                    if (what.rfind("Correction: ", 0) == 0) what = what.substr(12);
                    event = "(The umpire corrects the table: " + what + ")";
                }
            },
            [&](const auto&) {},  // the clock (end-phase), the rules' switches (enforce), a re-roll of nothing
        };
        std::visit(tell, told);
        if (skip) continue;
        if (!event.empty() && rolled_again != nullptr) event += " (the roll taken again by agreement)";
        if (!event.empty()) {
            t.events.push_back(sentence(event));
            last_told_seq = action.seq;
            last_told_section = k;
            report.sections[k].actions.push_back(action.seq);
        } else if (quiet) {
            report.sections[k].actions.push_back(action.seq);
        }
    }

    GameState carried = initial;
    for (std::size_t k = 0; k < report.sections.size(); ++k) {
        ReportSection& section = report.sections[k];
        const Tallies& t = tallies[k];
        for (int side = 0; side < 2; ++side) {
            const auto fired = t.fired.find(side);
            if (fired == t.fired.end()) continue;
            const int told = t.told.count(side) ? t.told.at(side) : 0;
            section.sentences.push_back(sentence("The guns of " + say.side_name(side) + " fire " +
                                                 (fired->second == 1 ? std::string("once") : std::to_string(fired->second) + " times") +
                                                 (told == 0 ? ", without effect" : (told == fired->second ? "" : "; " + std::to_string(told) + " tell"))));
        }
        for (int side = 0; side < 2; ++side) {
            const auto moved = t.moved.find(side);
            if (moved == t.moved.end()) continue;
            std::vector<std::string> codes = moved->second;
            std::sort(codes.begin(), codes.end());
            codes.erase(std::unique(codes.begin(), codes.end()), codes.end());
            std::string list;
            if (codes.size() <= 4) {
                std::vector<std::string> named;
                for (const auto& c : codes) named.push_back(say.unit(c));
                list = ": " + join(named);
            }
            section.sentences.push_back(sentence(say.side_name(side) + " manoeuvre, " + plural(static_cast<int>(codes.size()), "unit", "units") +
                                                 " moving" + list));
        }
        section.sentences.insert(section.sentences.end(), t.events.begin(), t.events.end());
        for (int side = 0; side < 2; ++side) {
            const auto failed = t.unrallied.find(side);
            if (failed == t.unrallied.end()) continue;
            std::vector<std::string> codes = failed->second;
            std::sort(codes.begin(), codes.end());
            codes.erase(std::unique(codes.begin(), codes.end()), codes.end());
            std::vector<std::string> named;
            for (const auto& c : codes) named.push_back(say.unit(c));
            section.sentences.push_back(sentence(join(named) + (codes.size() == 1 ? " tries" : " try") + " to rally and cannot"));
        }
        if (section.sentences.empty()) section.sentences.push_back("Nothing is recorded in this quarter hour: the armies hold their ground.");
        if (last_action[k] < history.size()) carried = after[last_action[k]];
        section.state = carried;
    }

    // Casualties and the result (seed 000, section 10).
    for (int side = 0; side < 2; ++side) {
        const SideTally tally = game.tally(side);
        SideOutcomeLine line;
        line.id = tally.id;
        line.name = tally.name;
        line.bases_start = tally.bases_start;
        line.bases_lost = tally.bases_lost;
        line.percent_lost = tally.percent_lost;
        for (std::size_t i = 0; i < game.units().size(); ++i) {
            if (game.units()[i].id.side != side) continue;
            const UnitStatus& u = game.state().units[i];
            if (u.presence == Presence::Awaiting) continue;
            if (u.presence == Presence::OffBoard || u.state == UnitState::Routing) ++line.units_routed_or_gone;
            if (u.guns == Guns::Captured) ++line.guns_lost;
        }
        report.casualties.push_back(sentence(line.name + " lose " + std::to_string(line.bases_lost) + " of " + std::to_string(line.bases_start) +
                                             " base units (" + number(line.percent_lost, 1) + " %)" +
                                             (line.units_routed_or_gone > 0 ? "; " + plural(line.units_routed_or_gone, "unit is", "units are") + " routing or gone" : "") +
                                             (line.guns_lost > 0 ? "; " + plural(line.guns_lost, "battery", "batteries") + " taken" : "")));
        report.sides.push_back(line);
    }
    const VictoryJudgement v = game.victory();
    const std::string margin = "margin " + number(v.margin, 1) + " percentage points";
    if (v.winner.empty()) report.result = sentence("The day ends in a " + v.result + " (" + margin + ")");
    else report.result = sentence(say.side_name(v.winner == "a" ? 0 : 1) + " win a " + v.result + " (" + margin + ")");
    return report;
}

std::string battle_report_text(const BattleReport& report) {
    std::ostringstream out;
    out << "# " << report.title << "\n\n" << report.subtitle << "\n";
    for (const ReportSection& section : report.sections) {
        out << "\n## " << section.clock << "\n\n";
        for (std::size_t i = 0; i < section.sentences.size(); ++i) out << (i ? " " : "") << section.sentences[i];
        out << "\n";
    }
    out << "\n## The end, " << report.end_clock << "\n\n";
    for (const std::string& line : report.casualties) out << line << "\n";
    out << report.result << "\n";
    return out.str();
}

}  // namespace fortuna
