// SPDX-License-Identifier: MIT
// The umpire's command line: "c B-I3 F-I1 +flank 4" becomes one game action (or a view request).
// Why one file of 660 lines: one parser for the whole command language, so that its twenty-odd
// verbs share one tokenizer, one way of naming units and rolls and one set of error messages.
#include "umpire_command.hpp"

#include <QLineF>
#include <QRegularExpression>

#include <algorithm>
#include <cmath>
#include <numbers>

#include "board_geometry.hpp"
#include "desk_actions.hpp"
#include "qt_text.hpp"

namespace fortuna::app {

using namespace Qt::StringLiterals;

int find_unit(const Game& game, const QString& code) {
    const auto& units = game.units();
    for (std::size_t i = 0; i < units.size(); ++i)
        if (QString::compare(qs(units[i].id.code), code, Qt::CaseInsensitive) == 0) return static_cast<int>(i);
    return -1;
}

int find_general(const Game& game, const QString& code) {
    const auto& generals = game.generals();
    for (std::size_t i = 0; i < generals.size(); ++i)
        if (QString::compare(qs(generals[i].id.code), code, Qt::CaseInsensitive) == 0) return static_cast<int>(i);
    return -1;
}

QPointF mark_position(const Game& game, const BoardMark& mark) {
    return mark.kind == BoardMark::Kind::Unit ? to_point(game.state().units[mark.index].position)
                                              : to_point(game.generals()[mark.index].now.position);
}

QString mark_code(const Game& game, const BoardMark& mark) {
    return qs(mark.kind == BoardMark::Kind::Unit ? game.units()[mark.index].id.code : game.generals()[mark.index].id.code);
}

double distance_between_marks(const Game& game, const BoardMark& a, const BoardMark& b) {
    if (a.kind == BoardMark::Kind::Unit && b.kind == BoardMark::Kind::Unit) return distance_between_units(game, a.index, b.index);
    // A general is measured from his base's centre, where the rules place him (seed 002 "Scale").
    const auto outline = [&](const BoardMark& m) {
        return m.kind == BoardMark::Kind::Unit ? unit_footprint(game, m.index).corners
                                               : Polygon{to_board(mark_position(game, m))};
    };
    return polygon_distance(outline(a), outline(b));
}

SightLine line_of_sight_between_marks(const Game& game, const BoardMark& a, const BoardMark& b) {
    if (a.kind == BoardMark::Kind::Unit && b.kind == BoardMark::Kind::Unit) return line_of_sight_between(game, a.index, b.index);
    // The library's line ignores the units under either end (the observer and the target).
    return line_of_sight(game, mark_position(game, a), mark_position(game, b));
}

double reach_mm(const Game& game, std::size_t unit) {
    const UnitType& type = game.units()[unit].type();
    switch (type.arm) {
    case Arm::Infantry:
    case Arm::Cavalry: return combat_reach(game, unit).reach_mm.value_or(0.0);  // seed 000, 8.1.1-8.1.2 (geometry.hpp)
    case Arm::Artillery: break;
    }
    try {
        const BatteryTable& table = game.rules().artillery.battery(type.battery.empty() ? std::string("field") : type.battery);
        return table.bands.empty() ? 0.0 : table.bands.back().max_mm;
    } catch (const std::exception&) {
        return 0.0;
    }
}

std::vector<std::size_t> enemies_in_reach(const Game& game, std::size_t unit) {
    const auto& units = game.units();
    const double reach = reach_mm(game, unit);
    std::vector<std::pair<double, std::size_t>> found;
    for (std::size_t e = 0; e < units.size(); ++e) {
        if (units[e].id.side == units[unit].id.side || game.state().units[e].presence != Presence::OnBoard) continue;
        if (const double d = distance_between_units(game, unit, e); d <= reach + 1e-9) found.emplace_back(d, e);
    }
    std::sort(found.begin(), found.end());
    std::vector<std::size_t> nearest_first;
    for (const auto& [d, e] : found) nearest_first.push_back(e);
    return nearest_first;
}

std::vector<std::size_t> tab_order(const Game& game) {
    std::vector<std::size_t> engaged, others;
    for (std::size_t i = 0; i < game.units().size(); ++i) {
        if (game.units()[i].id.side != game.phasing_side() || game.state().units[i].presence != Presence::OnBoard) continue;
        (enemies_in_reach(game, i).empty() ? others : engaged).push_back(i);
    }
    engaged.insert(engaged.end(), others.begin(), others.end());
    return engaged;
}

QString example_command(const Game& game) {
    const auto& units = game.units();
    std::optional<std::size_t> own;
    for (std::size_t i = 0; i < units.size() && !own; ++i)
        if (units[i].id.side == game.phasing_side() && game.state().units[i].presence == Presence::OnBoard && units[i].arm() != Arm::Artillery)
            own = i;
    if (!own) return u"c ATTACKER DEFENDER +flank 4"_s;
    // The enemy whose centre is nearest: an example to type, not a measurement (the outlines of
    // every enemy after every action were a millisecond or two on a table of 2,000 units).
    std::optional<std::size_t> enemy;
    double nearest = 0;
    const BoardPoint& from = game.state().units[*own].position;
    for (std::size_t i = 0; i < units.size(); ++i) {
        if (units[i].id.side == game.phasing_side() || game.state().units[i].presence != Presence::OnBoard) continue;
        const double d = distance_mm(from, game.state().units[i].position);
        if (!enemy || d < nearest) enemy = i, nearest = d;
    }
    return QStringLiteral("c %1 %2 +flank 4").arg(qs(units[*own].id.code), enemy ? qs(units[*enemy].id.code) : u"DEFENDER"_s);
}

QStringList umpire_command_help() {
    return {
        u"c [ATT] [DEF] [+flank +rear +charge +arms2 +arms3 +ta +td +obstacle -flank ...] [GENERAL] [ROLL]  combat (Table 5/6)"_s,
        u"a [BATTERY] [TARGET] [RANGE] [ROLL] [!]     artillery fire (Table 3); range in mm (300 or 300mm; below 100: 50mm), else from the board"_s,
        u"r [UNIT] [GENERAL] [ROLL]                  rally a disrupted or routing unit"_s,
        u"m [UNIT] X,Y | DIST [!]                    move to a point or DIST mm ahead (! past the allowance)"_s,
        u"ch [UNIT] X,Y | DIST [!]                   charge"_s,
        u"f [UNIT] line|column|square                change formation"_s,
        u"w [UNIT] +DEG|-DEG                          wheel (outer flank checked against the allowance)"_s,
        u"limber|unlimber|mount|dismount [UNIT]      guns and dragoons"_s,
        u"rout [UNIT] [off]                          run a move at charge speed for its edge (off: must leave)"_s,
        u"ct [UNIT] [GENERAL] [ROLL]                 control test of a unit that routed its enemy (8.7)"_s,
        u"k [SIDE] [ROLL]                            crisis of morale test"_s,
        u"reinf [ID]                                 bring on a reinforcement that is due"_s,
        u"order GENERAL UNIT [person|DISTmm] WORDS   an order in person at the unit, or by messenger (ride measured)"_s,
        u"deliver N [captured] [ROLL]                messenger N arrives (roll) or is captured"_s,
        u"set UNIT bases=3 state=disrupted ...       umpire's correction (journaled, no roll)"_s,
        u"n                                          next phase"_s,
        u"j                                          the next open duty of the phase: its resolver, filled in"_s,
        u"u | redo | reroll                          undo, redo (same rolls), deliberate re-roll"_s,
        u"s CODE...   d A B   los A B   z CODE   fit select, distance, line of sight, centre, fit (A, B: units or generals)"_s,
        u"ROLL: a whole number (4) or a decimal of up to three places (0.650, .42); none: the app rolls"_s,
    };
}

namespace {

struct Tokens {
    QStringList words;
    bool force = false;  // "!": past the allowance or out of sight, flagged in the journal
};

// "4", "12", "0.650", ".42": and any decimal below 10 however many its places ("0.6500"), which
// measures no range in mm; the rules read it as the roll and refuse it with the reason (issue 28).
bool is_roll(const QString& token) {
    static const QRegularExpression pattern(u"^(\\d{1,2}|\\d?\\.\\d+)$"_s);
    return pattern.match(token).hasMatch();
}

// A finite number: "nan" and "inf" parse as doubles but measure nothing on a table.
bool is_number(const QString& token) {
    bool ok = false;
    const double value = token.toDouble(&ok);
    return ok && std::isfinite(value);
}

std::optional<QPointF> as_point(const QString& token) {
    const QStringList parts = token.split(u',');
    if (parts.size() != 2) return std::nullopt;
    bool okx = false, oky = false;
    const double x = parts[0].toDouble(&okx), y = parts[1].toDouble(&oky);
    if (!okx || !oky || !std::isfinite(x) || !std::isfinite(y)) return std::nullopt;
    return QPointF(x, y);
}

[[noreturn]] void fail(const QString& message) { throw CommandError(ss(message)); }

// A word the umpire typed for one of the game's named values ("column", "disrupted"): the
// library's own table of names decides, and its message says what was expected.
template <NamedEnum E>
E named_value(const QString& word, const QString& verb) {
    if (auto value = try_enum_from_string<E>(ss(word))) return *value;
    fail(QStringLiteral("%1: unknown %2 '%3': expected %4").arg(verb, qs(std::string(EnumNames<E>::what)), word, qs(enum_choices<E>())));
}

// What is left after the parts of a command were taken out is refused, never ignored: a typo in
// a roll ("0.6x") must not become a roll the app generates.
void refuse_leftovers(const QStringList& words, const QString& verb, const QString& usage) {
    if (words.isEmpty()) return;
    const QString& word = words.front();
    const bool signed_number = word.size() > 1 && (word.front() == u'-' || word.front() == u'+') && (word[1].isDigit() || word[1] == u'.');
    if (!word.isEmpty() && (word.front().isDigit() || word.front() == u'.' || signed_number))
        fail(QStringLiteral("'%1': '%2' is not a roll: a roll is a whole number (4) or a decimal of up to three places (0.650); %3")
                 .arg(verb, word, usage));
    fail(QStringLiteral("'%1' does not understand '%2' (no unit or general of that code): %3").arg(verb, word, usage));
}

// A distance typed by the umpire: board mm, never negative.
double distance_mm(const QString& token, const QString& verb) {
    bool ok = false;
    const double value = token.toDouble(&ok);
    if (!ok || !std::isfinite(value)) fail(QStringLiteral("'%1': '%2' is not a distance: expected board mm, e.g. 45").arg(verb, token));
    if (value < 0) fail(QStringLiteral("'%1': a distance cannot be negative ('%2'); distances are board mm").arg(verb, token));
    return value;
}

class Parser {
public:
    Parser(const Game& game, const std::vector<std::size_t>& selection) : game_(game), selection_(selection) {}

    std::string code(std::size_t unit) const { return game_.units()[unit].id.code; }
    int side(std::size_t unit) const { return game_.units()[unit].id.side; }

    // Takes unit codes out of the words, in order.
    std::vector<std::size_t> take_units(QStringList& words) const {
        std::vector<std::size_t> found;
        for (auto it = words.begin(); it != words.end();) {
            const int u = find_unit(game_, *it);
            if (u >= 0) {
                found.push_back(static_cast<std::size_t>(u));
                it = words.erase(it);
            } else {
                ++it;
            }
        }
        return found;
    }
    std::vector<std::size_t> take_generals(QStringList& words) const {
        std::vector<std::size_t> found;
        for (auto it = words.begin(); it != words.end();) {
            const int g = find_general(game_, *it);
            if (g >= 0) {
                found.push_back(static_cast<std::size_t>(g));
                it = words.erase(it);
            } else {
                ++it;
            }
        }
        return found;
    }
    std::optional<QString> take_roll(QStringList& words) const {
        if (!words.isEmpty() && is_roll(words.last())) return words.takeLast();
        return std::nullopt;
    }

    // One unit named or selected.
    std::size_t one_unit(std::vector<std::size_t> named, const QString& verb) const {
        if (!named.empty()) return named.front();
        if (selection_.size() == 1) return selection_.front();
        for (std::size_t u : selection_)
            if (side(u) == game_.phasing_side()) return u;
        if (!selection_.empty()) return selection_.front();
        fail(QStringLiteral("'%1' needs a unit: type its code or select it on the board").arg(verb));
    }

    // The phasing side's unit acts on the enemy one; supports are further units of the actor's side.
    struct Pair {
        std::size_t actor, target;
        std::vector<std::size_t> supports;
    };
    Pair pair(const std::vector<std::size_t>& named, const QString& verb) const {
        std::vector<std::size_t> pool = named;
        for (std::size_t u : selection_)
            if (std::find(pool.begin(), pool.end(), u) == pool.end()) pool.push_back(u);
        if (named.size() >= 2) {
            Pair p{named[0], named[1], {}};
            for (std::size_t i = 2; i < named.size(); ++i) p.supports.push_back(named[i]);
            return p;
        }
        std::optional<std::size_t> actor, target;
        if (named.size() == 1) {
            if (side(named[0]) == game_.phasing_side()) actor = named[0];
            else target = named[0];
        }
        std::vector<std::size_t> supports;
        for (std::size_t u : pool) {
            if (!actor && side(u) == game_.phasing_side() && (!target || side(*target) != side(u))) actor = u;
            else if (!target && actor && side(u) != side(*actor)) target = u;
        }
        if (actor && !target)
            for (std::size_t u : pool)
                if (side(u) != side(*actor)) { target = u; break; }
        if (!actor && target)
            for (std::size_t u : pool)
                if (side(u) != side(*target)) { actor = u; break; }
        if (!actor || !target)
            fail(QStringLiteral("'%1' needs two units of opposing sides: type their codes or select them (%2 selected)")
                     .arg(verb).arg(selection_.size()));
        for (std::size_t u : pool)
            if (u != *actor && side(u) == side(*actor)) supports.push_back(u);
        return {*actor, *target, supports};
    }

    UmpireCommand combat(QStringList words) const {
        std::optional<QString> roll = take_roll(words);
        const std::vector<std::size_t> named = take_units(words);
        const std::vector<std::size_t> generals = take_generals(words);
        const Pair p = pair(named, u"c"_s);
        CombatProposal proposal = propose_combat(game_, p.actor, p.supports, p.target);
        QStringList said;
        for (const QString& reason : reasons_of(proposal)) said << u"proposed: "_s + reason;
        TerrainAdvantage terrain = proposal.terrain;
        for (const QString& word : words) {
            const QString w = word.toLower();
            if (w.size() < 2 || (w[0] != u'+' && w[0] != u'-')) refuse_leftovers({word}, u"c"_s, u"modifiers are +flank, +rear, +charge, +arms2, +arms3, +ta, +td, +obstacle (or - to drop one), then the roll"_s);
            const bool on = w[0] == u'+';
            const QString m = w.mid(1);
            if (m == u"flank" || m == u"f") proposal.flank = on;
            else if (m == u"rear" || m == u"r") proposal.rear = on;
            else if (m == u"charge" || m == u"c" || m == u"ch") proposal.charge = on;
            else if (m == u"obstacle" || m == u"o" || m == u"wall") proposal.obstacle = on;
            else if (m == u"arms2" || m == u"2") proposal.arms = on ? 2 : 1;
            else if (m == u"arms3" || m == u"3") proposal.arms = on ? 3 : 1;
            else if (m == u"arms" ) proposal.arms = on ? std::max(2, proposal.arms) : 1;
            else if (m == u"ta" || m == u"terrain-attacker") terrain = on ? TerrainAdvantage::Attacker : TerrainAdvantage::None;
            else if (m == u"td" || m == u"terrain-defender" || m == u"terrain") terrain = on ? TerrainAdvantage::Defender : TerrainAdvantage::None;
            else fail(QStringLiteral("unknown combat modifier '%1': +flank, +rear, +charge, +arms2, +arms3, +ta, +td, +obstacle").arg(word));
            said << QStringLiteral("umpire: %1").arg(word);
        }
        if (proposal.flank && proposal.rear) proposal.flank = false;  // the rear shift includes the flank's
        UmpireCommand command;
        command.kind = UmpireCommand::Kind::Action;
        CombatAction a;
        a.attacker = code(p.actor);
        a.defender = code(p.target);
        for (std::size_t s : p.supports) a.supports.push_back(code(s));  // combined arms are counted from them (rules 5)
        a.flank = proposal.flank;
        a.rear = proposal.rear;
        a.charge = proposal.charge;
        a.obstacle = proposal.obstacle;
        a.arms = proposal.arms;
        a.terrain = terrain;
        for (std::size_t g : generals) {
            const General& general = game_.generals()[g];
            (general.id.side == side(p.actor) ? a.attacker_leader : a.defender_leader) = general.id.code;
        }
        command.action = std::move(a);
        if (roll) enter_roll(command.action, *roll);
        command.echo = QStringLiteral("%1 attacks %2%3%4").arg(qs(code(p.actor)), qs(code(p.target)),
                                                            said.isEmpty() ? QString() : u" ("_s + said.join(u"; "_s) + u")"_s,
                                                            roll ? u", umpire's roll "_s + *roll : u", roll generated"_s);
        return command;
    }

    UmpireCommand artillery(QStringList words, bool force) const {
        std::optional<double> range;
        for (auto it = words.begin(); it != words.end(); ++it) {
            if (it->endsWith(u"mm", Qt::CaseInsensitive) && is_number(it->chopped(2))) {
                range = distance_mm(it->chopped(2), u"a"_s);
                words.erase(it);
                break;
            }
        }
        std::optional<QString> roll = take_roll(words);
        const std::vector<std::size_t> named = take_units(words);
        // The board is in mm: a plain number left is the range ("a CL-A2 B-I4 300 0.950").
        if (!range)
            for (auto it = words.begin(); it != words.end(); ++it)
                if (is_number(*it)) {
                    range = distance_mm(*it, u"a"_s);
                    words.erase(it);
                    break;
                }
        refuse_leftovers(words, u"a"_s, u"a [BATTERY] [TARGET] [RANGE mm] [ROLL] [!]"_s);
        const Pair p = pair(named, u"a"_s);
        const SightLine sight = line_of_sight_between(game_, p.actor, p.target);
        if (!sight.clear && !force)
            fail(QStringLiteral("%1 cannot see %2: %3 (add ! to fire anyway)").arg(qs(code(p.actor)), qs(code(p.target)), sight.reason));
        const double measured = std::round(distance_between_units(game_, p.actor, p.target));
        UmpireCommand command;
        command.kind = UmpireCommand::Kind::Action;
        ArtilleryAction fire;
        fire.battery = code(p.actor);
        fire.target = code(p.target);
        fire.range_mm = range.value_or(measured);
        command.action = std::move(fire);
        if (roll) enter_roll(command.action, *roll);
        if (!sight.clear) command.action.note = "fired although " + ss(sight.reason);
        command.echo = QStringLiteral("%1 fires on %2 at %3 mm%4%5").arg(qs(code(p.actor)), qs(code(p.target)))
                           .arg(range.value_or(measured))
                           .arg(range ? u" (umpire's range; board says "_s + QString::number(measured) + u" mm)"_s : u" (measured)"_s,
                                roll ? u", umpire's roll "_s + *roll : QString());
        return command;
    }

    UmpireCommand move(QStringList words, bool charge, bool force) const {
        const std::vector<std::size_t> named = take_units(words);
        const std::size_t u = one_unit(named, charge ? u"ch"_s : u"m"_s);
        if (words.size() != 1) fail(QStringLiteral("'%1' needs where to: X,Y in board mm or a distance ahead in mm").arg(charge ? u"ch"_s : u"m"_s));
        const UnitStatus& now = game_.state().units[u];
        // "40" or "40mm" ahead, as the guide teaches (issue 28: "m 10mm" was refused).
        const QString distance = words[0].endsWith(u"mm", Qt::CaseInsensitive) ? words[0].chopped(2) : words[0];
        QPointF to;
        if (auto point = as_point(words[0])) {
            to = *point;
        } else if (is_number(distance)) {
            const double ahead = distance_mm(distance, charge ? u"ch"_s : u"m"_s);
            const double rad = now.facing_deg * std::numbers::pi / 180.0;
            to = to_point(now.position) + QPointF(std::sin(rad), -std::cos(rad)) * ahead;
        } else {
            fail(QStringLiteral("'%1' is neither X,Y nor a distance in mm").arg(words[0]));
        }
        to = QPointF(std::round(to.x()), std::round(to.y()));
        const MoveCheck check = check_move(game_, u, to, charge);
        if (check.over && !force)
            fail(QStringLiteral("%1: %2 (add ! to move anyway; the journal notes it)").arg(qs(code(u)), check.words()));
        UmpireCommand command;
        command.kind = UmpireCommand::Kind::Action;
        const BoardPoint where{to.x(), to.y()};
        command.action = charge ? ActionRequest(charge_to(code(u), where)) : ActionRequest(move_to(code(u), where));
        if (check.over) command.action.note = "past the allowance: " + ss(check.words());
        command.echo = QStringLiteral("%1 %2 to (%3, %4): %5").arg(qs(code(u)), charge ? u"charges"_s : u"moves"_s)
                           .arg(to.x()).arg(to.y()).arg(check.words());
        return command;
    }

private:
    const Game& game_;
    const std::vector<std::size_t>& selection_;
};

}  // namespace

namespace {
UmpireCommand parse_words(const QString& text, const Game& game, const std::vector<std::size_t>& selection);
}  // namespace

// "! reason" at the end overrules a rule of play with the umpire's reason (docs/rules/
// enforcement.md): "c CL-T1 B-I3 ! the bases touch on the table". A "!" without a reason is refused.
UmpireCommand parse_umpire_command(const QString& text, const Game& game, const std::vector<std::size_t>& selection) {
    const qsizetype bang = text.indexOf(u'!');
    if (bang < 0) return parse_words(text, game, selection);
    const QString reason = text.mid(bang + 1).trimmed();
    // A bare "!" only forces the desk's own checks (a drag past the allowance); the game's rules
    // of play still judge the action, and only a reason overrules them.
    if (reason.isEmpty()) return parse_words(text, game, selection);
    UmpireCommand command = parse_words(text.left(bang) + u" !"_s, game, selection);
    if (command.kind != UmpireCommand::Kind::Action) fail(u"'!' overrules a rule of an action; this command is not one"_s);
    command.action.override_reason = ss(reason);
    command.echo += u" (overruled: "_s + reason + u")"_s;
    return command;
}

namespace {
UmpireCommand parse_words(const QString& text, const Game& game, const std::vector<std::size_t>& selection) {
    static const QRegularExpression spaces(u"\\s+"_s);
    QStringList words = text.trimmed().split(spaces, Qt::SkipEmptyParts);
    if (words.isEmpty()) fail(u"type a command; ? lists them"_s);
    bool force = false;
    if (words.last() == u"!") {
        force = true;
        words.removeLast();
    } else if (words.last().endsWith(u'!')) {
        force = true;
        words.last().chop(1);
    }
    // "!" alone (or "! reason" with nothing before it) leaves no verb (fuzz_umpire_command:
    // taking the first of an empty list read freed memory).
    if (words.isEmpty()) fail(u"'!' follows a command: c CL-T1 B-I3 ! the reason"_s);
    const QString verb = words.takeFirst().toLower();
    Parser parser(game, selection);
    UmpireCommand command;
    const auto action = [&](ActionRequest a, const QString& echo) {
        command.kind = UmpireCommand::Kind::Action;
        command.action = std::move(a);
        command.echo = echo;
        return command;
    };

    if (verb == u"c" || verb == u"combat") return parser.combat(words);
    if (verb == u"a" || verb == u"art" || verb == u"fire") return parser.artillery(words, force);
    if (verb == u"m" || verb == u"move") return parser.move(words, false, force);
    if (verb == u"ch" || verb == u"charge") return parser.move(words, true, force);
    // A unit's morale roll, with a general's help (5.3): a rally (5.1-5.2) or a control test (8.7).
    const auto morale_roll = [&]<class Roll>(Roll typed, const QString& usage, const QString& doing) {
        std::optional<QString> roll = parser.take_roll(words);
        const auto named = parser.take_units(words);
        const auto generals = parser.take_generals(words);
        refuse_leftovers(words, verb, usage);
        const std::size_t u = parser.one_unit(named, verb);
        typed.unit = parser.code(u);
        if (!generals.empty()) typed.general = game.generals()[generals.front()].id.code;
        ActionRequest a(std::move(typed));
        if (roll) enter_roll(a, *roll);
        return action(a, QStringLiteral("%1 %2%3").arg(qs(parser.code(u)), doing, roll ? u", umpire's roll "_s + *roll : QString()));
    };
    if (verb == u"r" || verb == u"rally") return morale_roll(RallyAction{}, u"r [UNIT] [GENERAL] [ROLL]"_s, u"tries to rally"_s);
    if (verb == u"ct" || verb == u"control")
        return morale_roll(ControlAction{}, u"ct [UNIT] [GENERAL] [ROLL]"_s, u"takes its control test"_s);
    if (verb == u"f" || verb == u"form" || verb == u"formation") {
        const auto named = parser.take_units(words);
        const std::size_t u = parser.one_unit(named, verb);
        if (words.size() != 1) fail(u"'f' needs the formation: line, column or square"_s);
        QString to = words[0].toLower();
        if (to == u"l") to = u"line"_s;
        else if (to == u"c" || to == u"col") to = u"column"_s;
        else if (to == u"s" || to == u"sq" || to == u"h" || to == u"hedgehog") to = u"square"_s;
        FormationAction form;
        form.unit = parser.code(u);
        form.to = named_value<Formation>(to, u"f"_s);
        return action(form,
                      QStringLiteral("%1 forms %2").arg(qs(parser.code(u)), to));
    }
    if (verb == u"w" || verb == u"wheel" || verb == u"face") {
        const auto named = parser.take_units(words);
        const std::size_t u = parser.one_unit(named, verb);
        if (words.size() != 1 || !is_number(words[0])) fail(QStringLiteral("'%1' needs degrees: w +45 turns right, w -45 left; face 90 faces the right edge").arg(verb));
        const double now = game.state().units[u].facing_deg;
        const double typed = words[0].toDouble();
        // A facing is 0-360 and a wheel at most a full turn either way: 400 is a slip of the
        // hand, not 40 (issue 13, 3: never wrapped silently).
        if (verb == u"face" ? (typed < 0 || typed > 360) : std::abs(typed) > 360)
            fail(verb == u"face" ? QStringLiteral("face %1: expected a direction 0-360 degrees (0 faces the top edge, 90 the right)").arg(words[0])
                                 : QStringLiteral("%1 %2: expected a wheel of -360 to +360 degrees").arg(verb, words[0]));
        double facing = verb == u"face" ? typed : now + typed;
        facing = std::fmod(std::fmod(facing, 360.0) + 360.0, 360.0);
        const MoveCheck check = check_wheel(game, u, facing);
        if (check.over && !force) fail(QStringLiteral("%1 wheels: outer flank %2 (add ! to wheel anyway)").arg(qs(parser.code(u)), check.words()));
        MoveAction wheel;
        wheel.unit = parser.code(u);
        wheel.facing_deg = facing;
        ActionRequest a(std::move(wheel));
        if (check.over) a.note = "wheel past the allowance: " + ss(check.words());
        return action(a, QStringLiteral("%1 wheels to face %2 deg: outer flank %3").arg(qs(parser.code(u))).arg(facing).arg(check.words()));
    }
    if (verb == u"limber" || verb == u"unlimber" || verb == u"mount" || verb == u"dismount") {
        const auto named = parser.take_units(words);
        const std::size_t u = parser.one_unit(named, verb);
        FormationAction a;
        a.unit = parser.code(u);
        if (verb == u"limber" || verb == u"unlimber") a.guns = verb == u"limber" ? Guns::Limbered : Guns::Unlimbered;
        else a.mount = verb == u"mount";
        return action(a, QStringLiteral("%1: %2").arg(qs(parser.code(u)), verb));
    }
    if (verb == u"rout") {
        const auto named = parser.take_units(words);
        const std::size_t u = parser.one_unit(named, verb);
        RoutAction rout;
        rout.unit = parser.code(u);
        rout.off_board = words.contains(u"off"_s, Qt::CaseInsensitive);
        return action(rout, QStringLiteral("%1 routs").arg(qs(parser.code(u))));
    }
    if (verb == u"k" || verb == u"crisis") {
        std::optional<QString> roll = parser.take_roll(words);
        int side = game.phasing_side();
        if (!words.isEmpty() && (words[0].front().isDigit() || words[0].front() == u'.')) refuse_leftovers(words, verb, u"k [SIDE] [ROLL]"_s);
        if (words.size() > 1) refuse_leftovers(words.mid(1), verb, u"k [SIDE] [ROLL]"_s);
        if (!words.isEmpty()) {
            side = -1;
            for (int s = 0; s < 2; ++s) {
                const SideSetup& setup = game.scenario().sides[static_cast<std::size_t>(s)];
                if (qs(setup.id).startsWith(words[0], Qt::CaseInsensitive) || qs(setup.name).startsWith(words[0], Qt::CaseInsensitive)) side = s;
            }
            if (side < 0) fail(QStringLiteral("no side called '%1'").arg(words[0]));
        }
        ActionRequest a(CrisisAction{game.scenario().sides[static_cast<std::size_t>(side)].id});
        if (roll) enter_roll(a, *roll);
        return action(a, QStringLiteral("crisis of morale test for %1").arg(qs(game.scenario().sides[static_cast<std::size_t>(side)].name)));
    }
    if (verb == u"n" || verb == u"next") return action(EndPhaseAction{}, u"next phase"_s);
    if (verb == u"reinf" || verb == u"reinforcements") {
        std::string id;
        if (!words.isEmpty()) id = ss(words[0]);
        else
            for (const ReinforcementSetup& r : game.scenario().reinforcements) {
                bool waiting = false;
                for (std::size_t i = 0; i < game.units().size(); ++i)
                    if (game.units()[i].id.reinforcement == r.id && game.state().units[i].presence == Presence::Awaiting) waiting = true;
                if (waiting && r.arrives <= game.minutes()) { id = r.id; break; }
            }
        if (id.empty()) fail(u"no reinforcement is due; name one: reinf ID"_s);
        return action(ReinforcementsAction{id}, QStringLiteral("reinforcements %1").arg(qs(id)));
    }
    if (verb == u"order") {
        // order GENERAL UNIT [person | DISTmm] words of the order (seed 000, 7.1.2): in person at
        // the unit, or by a messenger whose ride the library measures unless the umpire gives it.
        const QString usage = u"order GENERAL UNIT [person | DISTmm] THE ORDER IN WORDS"_s;
        if (words.size() < 3) fail(QStringLiteral("'order' needs a general, a unit and the order in words: %1").arg(usage));
        QStringList general{words[0]}, to{words[1]};
        const auto generals = parser.take_generals(general);
        const auto units = parser.take_units(to);
        if (generals.size() != 1) fail(QStringLiteral("'order': '%1' is not a general's code: %2").arg(words[0], usage));
        if (units.size() != 1) fail(QStringLiteral("'order': '%1' is not a unit's code: %2").arg(words[1], usage));
        OrderAction order;
        order.general = game.generals()[generals.front()].id.code;
        order.to = parser.code(units.front());
        QStringList said = words.mid(2);
        if (said.front().toLower() == u"person") {
            order.in_person = true;
            said.removeFirst();
        } else if (said.front().endsWith(u"mm", Qt::CaseInsensitive) && is_number(said.front().chopped(2))) {
            order.distance_mm = distance_mm(said.front().chopped(2), verb);
            said.removeFirst();
        }
        if (said.isEmpty()) fail(QStringLiteral("'order' needs the order in words: %1").arg(usage));
        order.order = ss(said.join(u' '));
        return action(order, order.in_person ? QStringLiteral("%1 gives an order in person to %2").arg(qs(order.general), qs(order.to))
                                             : QStringLiteral("%1 sends a messenger to %2").arg(qs(order.general), qs(order.to)));
    }
    if (verb == u"deliver") {
        std::optional<QString> roll = parser.take_roll(words);
        const bool captured = words.removeAll(u"captured"_s) > 0;
        bool ok = false;
        const int number = words.isEmpty() ? 0 : words[0].toInt(&ok);
        if (!ok || number < 1) {
            // "deliver 3" alone: the 3 is the messenger, not a roll.
            if (roll && words.isEmpty()) {
                return action(DeliverAction{roll->toInt(), false}, QStringLiteral("messenger %1 arrives").arg(*roll));
            }
            fail(u"'deliver' needs the messenger's number: deliver 3 [captured] [ROLL]"_s);
        }
        refuse_leftovers(words.mid(1), verb, u"deliver N [captured] [ROLL]"_s);
        ActionRequest a(DeliverAction{number, captured});
        if (!captured && roll) enter_roll(a, *roll);
        return action(a, captured ? QStringLiteral("messenger %1 captured").arg(number) : QStringLiteral("messenger %1 arrives").arg(number));
    }
    if (verb == u"set") {
        const auto named = parser.take_units(words);
        if (named.empty()) fail(u"'set' needs a unit code, then key=value: bases=3 state=disrupted formation=column facing=90"_s);
        SetAction a;
        a.unit = parser.code(named.front());
        for (const QString& word : words) {
            const qsizetype eq = word.indexOf(u'=');
            if (eq <= 0) fail(QStringLiteral("'%1' is not key=value").arg(word));
            const QString key = word.left(eq).toLower(), value = word.mid(eq + 1);
            bool number = false;
            if (key == u"bases") {
                a.bases = value.toInt(&number);
                if (!number) fail(QStringLiteral("bases=%1: expected a whole number of bases").arg(value));
            } else if (key == u"facing") {
                a.facing_deg = value.toDouble(&number);
                if (!number || !std::isfinite(*a.facing_deg) || *a.facing_deg < 0 || *a.facing_deg > 360) fail(QStringLiteral("facing=%1: expected a direction in degrees, 0-360").arg(value));
            }
            else if (key == u"state") a.state = named_value<UnitState>(value.toLower(), u"set"_s);
            else if (key == u"formation") a.formation = named_value<Formation>(value.toLower(), u"set"_s);
            else if (key == u"guns") a.guns = named_value<Guns>(value.toLower(), u"set"_s);
            else if (key == u"presence") a.presence = named_value<Presence>(value.toLower(), u"set"_s);
            else fail(QStringLiteral("'set' does not know '%1': bases, state, formation, facing, guns, presence").arg(key));
        }
        return action(a, QStringLiteral("correction of %1").arg(qs(parser.code(named.front()))));
    }
    if (verb == u"u" || verb == u"undo") {
        command.kind = UmpireCommand::Kind::Undo;
        return command;
    }
    if (verb == u"redo") {
        command.kind = UmpireCommand::Kind::Redo;
        return command;
    }
    if (verb == u"reroll") {
        ActionRequest a(RerollAction{});
        if (auto roll = parser.take_roll(words)) enter_roll(a, *roll);
        refuse_leftovers(words, verb, u"reroll [ROLL]"_s);
        return action(a, u"deliberate re-roll of the last action (journaled)"_s);
    }
    if (verb == u"s" || verb == u"sel" || verb == u"select" || verb == u"d" || verb == u"dist" || verb == u"los" || verb == u"z" ||
        verb == u"zoom") {
        // Units and generals, in the order typed.
        std::vector<BoardMark> marks;
        for (const QString& word : words) {
            if (const int u = find_unit(game, word); u >= 0) marks.push_back({BoardMark::Kind::Unit, static_cast<std::size_t>(u)});
            else if (const int g = find_general(game, word); g >= 0) marks.push_back({BoardMark::Kind::General, static_cast<std::size_t>(g)});
            else fail(QStringLiteral("no unit or general called %1").arg(word));
        }
        const bool select = verb.startsWith(u's');
        const bool centre = verb == u"z" || verb == u"zoom" || (select && !marks.empty());
        if (select) {
            command.kind = UmpireCommand::Kind::Select;
            for (const BoardMark& m : marks)
                if (m.kind == BoardMark::Kind::Unit) command.units.push_back(m.index);
            // Generals are not selected; named alone, the board centres on them.
            if (!command.units.empty() || marks.empty()) return command;
        }
        for (std::size_t u : selection) {
            const BoardMark m{BoardMark::Kind::Unit, u};
            if (marks.size() < 2 && std::find(marks.begin(), marks.end(), m) == marks.end()) marks.push_back(m);
        }
        if (marks.size() < (centre ? 1u : 2u))
            fail(QStringLiteral("'%1' needs %2").arg(verb, centre ? u"a unit or a general"_s : u"two units or generals (typed or selected)"_s));
        command.kind = centre ? UmpireCommand::Kind::Centre : verb == u"los" ? UmpireCommand::Kind::Sight : UmpireCommand::Kind::Measure;
        command.marks = marks;
        return command;
    }
    if (verb == u"fit") {
        command.kind = UmpireCommand::Kind::Fit;
        return command;
    }
    if (verb == u"j" || verb == u"duty") {
        command.kind = UmpireCommand::Kind::NextDuty;
        return command;
    }
    if (verb == u"?" || verb == u"h" || verb == u"help") {
        command.kind = UmpireCommand::Kind::Help;
        return command;
    }
    fail(QStringLiteral("unknown command '%1'; ? lists them").arg(verb));
}
}  // namespace

}  // namespace fortuna::app
