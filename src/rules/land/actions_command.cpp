// SPDX-License-Identifier: MIT
// The command family: orders given in person or sent by messenger, their delivery and the
// messenger's ride back (seed 000, 7.1.2 and 7.2.7; seed 002, Game Sequence 3).
#include <cmath>
#include <limits>

#include "action_context.hpp"
#include "fortuna/land/battlefield.hpp"
#include "fortuna/core/errors.hpp"

namespace fortuna::detail {

namespace {

// A general gives an order in person when his figure stands at the unit: within one base depth
// of a command stand (20 mm, 2.4.4) of its outline, the figure being placed by its centre.
constexpr double kInPersonMm = 20.0;

// The shortest ride from `from` to the outline of the unit coded `to`, or of the nearest unit of
// the command named `to`, on the table; none when `to` names neither.
std::optional<double> ride_to(const Game& game, const BoardPoint& from, const std::string& to) {
    std::optional<double> best;
    for (std::size_t i = 0; i < game.units().size(); ++i) {
        const Unit& unit = game.units()[i];
        if ((unit.id.code != to && unit.id.command != to) || game.state().units[i].presence != Presence::OnBoard) continue;
        const Polygon outline = unit_footprint(game, i).corners;
        double gap = point_in_polygon(from, outline) ? 0.0 : std::numeric_limits<double>::infinity();
        for (std::size_t e = 0; e < outline.size() && gap > 0; ++e)
            gap = std::min(gap, point_segment_distance(from, outline[e], outline[(e + 1) % outline.size()]));
        if (!best || gap < *best) best = gap;
    }
    return best;
}

double messenger_speed(const RuleSet& rules) {
    return rules.orders.messenger_mm_per_turn > 0 ? rules.orders.messenger_mm_per_turn : 200.0;
}

int turns_to_ride(double mm, double per_turn) { return static_cast<int>(std::ceil(mm / per_turn - 1e-9)); }

}  // namespace

void execute(ActionContext& ctx, const OrderAction& action) {
    const std::size_t g = ctx.general_index("general", action.general);
    const General& general = ctx.general(g);
    if (!general.effective() && ctx.state().generals[g].condition != GeneralCondition::Unhorsed)
        ctx.fail("general", "a general in the game (" + general.id.code + " is " +
                                std::string(to_string(ctx.state().generals[g].condition)) + " and gives no orders)");
    const int turn = ctx.clock().turn;
    const auto& orders = ctx.rules().orders;
    const bool measuring = ctx.rules_version() >= 4;
    const std::optional<double> on_board = measuring ? ride_to(ctx.game(), ctx.state().generals[g].position, action.to) : std::nullopt;
    if (action.in_person) {
        // seed 000, 7.1.2: "If the orders are conveyed in person by the commander in chief or
        // General, the orders are accepted without question or loss of clarity."
        if (!measuring) ctx.fail("in_person", "false: orders in person came with rules 4");
        if (!on_board) ctx.fail("to", "a unit code or a command name with units on the table, for an order in person");
        ctx.require(*on_board <= kInPersonMm + 1e-9, Refusal::InPersonDistance,
                    general.id.code + " is " + fixed(*on_board) + " mm from " + action.to + ": an order in person is given at the unit (within " +
                        fixed(kInPersonMm) + " mm)");
        ctx.result() = {{"in_person", true}, {"understood", true}};
        ctx.explain(orders.section + ": an order given in person is accepted without question or loss of clarity (seed 000, 7.1.2)");
        ctx.summary(general.id.code + " gives his order in person to " + action.to + ": \"" + action.order + "\", accepted");
        return;
    }
    // Rules 4: the ride is measured on the board when the umpire gives none (the shortest way to
    // the addressee's nearest outline; 7.2.7: "in any direction, regardless of terrain").
    if (measuring && !action.distance_mm && !on_board)
        ctx.fail("distance_mm", "the messenger's ride in board mm ('" + action.to + "' names no unit or command on the table)");
    const double distance = action.distance_mm ? *action.distance_mm : on_board.value_or(0);
    // Journaled as measured: a replay reads the ride and says it in the same words.
    if ((measuring && !action.distance_mm) || action.distance_measured)
        ctx.explain("the ride measured on the board: " + fixed(distance) + " mm from " + general.id.code + " to " + action.to);
    if (measuring && !action.distance_mm) {
        ctx.pending().request.action = [&] {
            OrderAction measured = action;
            measured.distance_mm = distance;
            measured.distance_measured = true;
            return measured;
        }();
    }
    auto& messengers = ctx.edit_messengers();
    Messenger m;
    m.number = static_cast<int>(messengers.size()) + 1;
    m.side = general.id.side;
    m.general = general.id.code;
    m.to = action.to;
    m.order = action.order;
    m.issued_turn = turn;
    m.ride_mm = distance;
    const double per_turn = messenger_speed(ctx.rules());
    m.arrives_turn = turn + turns_to_ride(distance, per_turn);
    messengers.push_back(m);
    ctx.result() = {{"messenger", m.number}, {"arrives_turn", m.arrives_turn}};
    ctx.explain(orders.section + ": a staff officer rides " + fixed(per_turn) + " mm a turn; " + fixed(distance) +
                " mm takes him to turn " + std::to_string(m.arrives_turn));
    ctx.summary(general.id.code + " sends messenger " + std::to_string(m.number) + " to " + action.to + ": \"" +
                action.order + "\", arriving turn " + std::to_string(m.arrives_turn));
}

void execute(ActionContext& ctx, const DeliverAction& action) {
    const int number = action.messenger;
    const auto count = ctx.state().messengers.size();
    if (number > static_cast<int>(count)) ctx.fail("messenger", "a messenger's number (1-" + std::to_string(count) + ")");
    const auto index = static_cast<std::size_t>(number - 1);
    const Messenger m = ctx.state().messengers[index];
    if (m.status != MessengerStatus::InTransit)
        ctx.fail("messenger", "a messenger still riding (messenger " + std::to_string(number) + " is already " +
                                  std::string(to_string(m.status)) + ")");
    if (action.captured) {
        ctx.edit_messengers()[index].status = MessengerStatus::Captured;
        ctx.summary("Messenger " + std::to_string(number) + " to " + m.to + " is captured");
        return;
    }
    ctx.require(ctx.clock().turn >= m.arrives_turn, Refusal::MessengerEarly,
                "messenger " + std::to_string(number) + " arrives on turn " + std::to_string(m.arrives_turn) + "; it is turn " +
                    std::to_string(ctx.clock().turn));
    ctx.key_rolls("deliver", {std::to_string(number)});
    const ActionRoll roll = ctx.draw("roll", ctx.rules().orders.roll);
    const OrderResolution r = resolve_order(ctx.rules(), roll.roll);
    ctx.explain(r.explanation);
    Messenger& delivered = ctx.edit_messengers()[index];
    delivered.status = r.understood ? MessengerStatus::Understood : MessengerStatus::NotUnderstood;
    ctx.result() = {{"understood", r.understood}};
    std::string back;
    if (ctx.rules_version() >= 4) {
        // seed 000, 7.1.2: "Once all units have received their orders, the staff officer must
        // ride back to the General who issued the orders to report for further orders."
        delivered.back_turn = ctx.clock().turn + turns_to_ride(m.ride_mm, messenger_speed(ctx.rules()));
        ctx.result()["back_turn"] = delivered.back_turn;
        back = "; he rides back to " + m.general + ", with him on turn " + std::to_string(delivered.back_turn);
        ctx.explain("seed 000, 7.1.2: the staff officer rides back to " + m.general + " to report for further orders (" + fixed(m.ride_mm) +
                    " mm at " + fixed(messenger_speed(ctx.rules())) + " mm a turn)");
    }
    ctx.summary("Messenger " + std::to_string(number) + " reaches " + m.to + ", roll " +
                format_roll(roll.roll.kind, roll.roll.value) +
                (r.understood ? ": the order is understood" : ": the order is not understood") + back);
}

}  // namespace fortuna::detail
