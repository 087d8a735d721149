// SPDX-License-Identifier: MIT
// The command family: orders sent by messenger and their delivery (seed 002, Game Sequence 3).
#include <cmath>

#include "action_context.hpp"
#include "fortuna/errors.hpp"

namespace fortuna::detail {

void execute(ActionContext& ctx, const OrderAction& action) {
    const std::size_t g = ctx.general_index("general", action.general);
    const General& general = ctx.general(g);
    if (!general.effective() && ctx.state().generals[g].condition != GeneralCondition::Unhorsed)
        throw RuleError(general.id.code + " is " + std::string(to_string(ctx.state().generals[g].condition)) +
                        " and gives no orders");
    const double distance = action.distance_mm.value_or(0);
    const int turn = ctx.clock().turn;
    auto& messengers = ctx.edit_messengers();
    Messenger m;
    m.number = static_cast<int>(messengers.size()) + 1;
    m.side = general.id.side;
    m.general = general.id.code;
    m.to = action.to;
    m.order = action.order;
    m.issued_turn = turn;
    const auto& orders = ctx.rules().orders;
    const double per_turn = orders.messenger_mm_per_turn > 0 ? orders.messenger_mm_per_turn : 200.0;
    m.arrives_turn = turn + static_cast<int>(std::ceil(distance / per_turn - 1e-9));
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
        throw RuleError("messenger " + std::to_string(number) + " is already " + std::string(to_string(m.status)));
    if (action.captured) {
        ctx.edit_messengers()[index].status = MessengerStatus::Captured;
        ctx.summary("Messenger " + std::to_string(number) + " to " + m.to + " is captured");
        return;
    }
    if (ctx.clock().turn < m.arrives_turn)
        throw RuleError("messenger " + std::to_string(number) + " arrives on turn " + std::to_string(m.arrives_turn) +
                        "; it is turn " + std::to_string(ctx.clock().turn));
    ctx.key_rolls("deliver", {std::to_string(number)});
    const ActionRoll roll = ctx.draw("roll", ctx.rules().orders.roll);
    const OrderResolution r = resolve_order(ctx.rules(), roll.roll);
    ctx.explain(r.explanation);
    ctx.edit_messengers()[index].status = r.understood ? MessengerStatus::Understood : MessengerStatus::NotUnderstood;
    ctx.result() = {{"understood", r.understood}};
    ctx.summary("Messenger " + std::to_string(number) + " reaches " + m.to + ", roll " +
                format_roll(roll.roll.kind, roll.roll.value) +
                (r.understood ? ": the order is understood" : ": the order is not understood"));
}

}  // namespace fortuna::detail
