// SPDX-License-Identifier: MIT
// Unit inspector: the selected unit's army-table entry and its state now.
#include "inspector_dock.hpp"

#include "board_geometry.hpp"
#include "board_scene.hpp"
#include "fortuna/core/chance.hpp"
#include "game_document.hpp"
#include "qt_text.hpp"

namespace fortuna::app {

using namespace Qt::StringLiterals;

UnitInspector::UnitInspector(GameDocument& document, QWidget* parent)
    : QTextBrowser(parent), document_(document) {
    setOpenLinks(false);
    connect(&document_, &GameDocument::positionChanged, this, &UnitInspector::refresh);
    connect(&document_, &GameDocument::selectionChanged, this, &UnitInspector::refresh);
    refresh();
}

void UnitInspector::refresh() {
    if (!document_.hasGame() || document_.selection().empty()) {
        setHtml(tr("<p><i>Select a unit on the board, in the order of battle, or with Tab.</i></p>"));
        return;
    }
    const Game& game = document_.game();
    QString html;
    for (std::size_t u : document_.selection()) {
        const Unit& unit = game.units()[u];
        const UnitStatus& now = game.state().units[u];
        const UnitType& type = unit.type();
        const SideSetup& side = game.scenario().sides[static_cast<std::size_t>(unit.id.side)];
        const Movement& m = type.movement;
        const RollKind kind = game.rules().unit_roll_kind();
        html += QStringLiteral("<h3 style='margin:2px'><span style='background:%1'>&nbsp;&nbsp;</span> %2 %3</h3>")
                    .arg(qs(side.colour), qs(unit.id.code), qs(unit.id.name).toHtmlEscaped());
        html += u"<table cellspacing=0 cellpadding=1>"_s;
        const auto row = [&](const QString& key, const QString& value) {
            html += QStringLiteral("<tr><td style='color:#555'>%1&nbsp;</td><td>%2</td></tr>").arg(key, value);
        };
        row(tr("Side"), QStringLiteral("%1, %2").arg(qs(side.name), qs(unit.id.command).toHtmlEscaped()));
        row(tr("Type"), QStringLiteral("%1 (%2, %3)").arg(qs(type.name), qs(to_string(type.arm)), qs(type.source)));
        row(tr("Bases"), tr("<b>%1</b> of %2 (%3 × %4 mm)").arg(now.bases).arg(unit.id.bases_start).arg(type.base.width_mm).arg(type.base.depth_mm));
        QString state = qs(to_string(now.state));
        if (now.state == UnitState::Disrupted) state = tr("<b style='color:#c06000'>disrupted</b> (orange counter)");
        if (now.state == UnitState::Routing) state = tr("<b style='color:#c01010'>routing</b>");
        if (now.presence != Presence::OnBoard) state += QStringLiteral(" · %1").arg(qs(to_string(now.presence)));
        row(tr("State"), state);
        row(tr("Formation"), qs(to_string(now.formation)) + (now.guns != Guns::None ? u", guns "_s + qs(to_string(now.guns)) : QString()) +
                                 (now.mount != Mount::None ? u", "_s + qs(to_string(now.mount)) : QString()));
        row(tr("Factor"), tr("%1 normal, %2 disrupted → strength <b>%3</b>")
                              .arg(type.factor_normal).arg(type.factor_disrupted)
                              .arg(now.bases * type.factor(now.state, now.formation)));
        row(tr("Rally"), tr("needs %1").arg(qs(format_roll(kind, type.rally))));
        row(tr("Movement"), tr("%1 mm normal · %2 difficult · %3 road · %4 charge")
                                .arg(m.allowance("normal")).arg(m.allowance("difficult")).arg(m.allowance("road")).arg(m.allowance("charge")));
        if (now.last_charge_turn > 0)
            row(tr("Charged"), tr("turn %1; next charge turn %2").arg(now.last_charge_turn).arg(now.last_charge_turn + game.rules().charge_once_every_turns));
        row(tr("Position"), tr("(%1, %2) mm, facing %3°").arg(now.position.x_mm, 0, 'f', 0).arg(now.position.y_mm, 0, 'f', 0).arg(now.facing_deg, 0, 'f', 0));
        const int layers = hill_layers_at(game.scenario(), to_point(now.position));
        if (layers > 0) row(tr("Ground"), QStringLiteral("hill, layer %1").arg(layers));
        if (!type.notes.empty()) row(tr("Notes"), qs(type.notes).toHtmlEscaped());
        html += u"</table>"_s;
    }
    if (document_.selection().size() == 2) {
        const std::size_t a = document_.selection()[0], b = document_.selection()[1];
        const double d = distance_between_units(game, a, b);
        const SightLine sight = line_of_sight_between(game, a, b);
        html += QStringLiteral("<p><b>%1 → %2</b>: %3 mm (%4 m) apart, %5; %1 is on %2's %6.</p>")
                    .arg(qs(game.units()[a].id.code), qs(game.units()[b].id.code))
                    .arg(d, 0, 'f', 0)
                    .arg(d * kMetresPerMm, 0, 'f', 0)
                    .arg(sight.clear ? tr("in sight") : sight.reason.toHtmlEscaped(), aspect_text(game, a, b));
    }
    setHtml(html);
}

}  // namespace fortuna::app
