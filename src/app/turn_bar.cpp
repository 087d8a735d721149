// SPDX-License-Identifier: MIT
// The turn bar: turn, clock, phasing side, phase a-e, minutes to dusk, and the next-phase action.
#include "turn_bar.hpp"

#include <QLabel>
#include <QToolButton>

#include "desk_focus.hpp"
#include "game_document.hpp"
#include "qt_text.hpp"

namespace fortuna::app {

using namespace Qt::StringLiterals;

TurnBar::TurnBar(GameDocument& document, QAction* next_phase, QWidget* parent)
    : QToolBar(tr("Turn"), parent), document_(document) {
    setObjectName(u"turnBar"_s);
    turn_ = new QLabel(this);
    phases_ = new QLabel(this);
    dusk_ = new QLabel(this);
    describe(turn_, tr("Turn and clock"), tr("The turn, the clock and the phasing side (seed 000 section 4: a turn is each side's half-turn in phases a-e)"));
    describe(phases_, tr("Phases"), tr("The phases of the half-turn: a) rally, b) artillery fire, c) movement, d) combat, e) morale. N goes to the next"));
    describe(dusk_, tr("Dusk"), tr("Minutes to dusk; in the last hour sight is shortened (Table 8)"));
    turn_->setContentsMargins(6, 0, 10, 0);
    phases_->setContentsMargins(6, 0, 6, 0);
    dusk_->setContentsMargins(10, 0, 6, 0);
    addWidget(turn_);
    addWidget(phases_);
    addAction(next_phase);
    duties_ = new QToolButton(this);
    duties_->setObjectName(u"dutiesButton"_s);
    duties_->setToolTip(tr("What the rules require of the phasing side now (Ctrl+D; J opens the next open item)"));
    duties_->setAutoRaise(true);
    duties_->setAccessibleName(tr("Duties of the phasing side"));
    connect(duties_, &QToolButton::clicked, this, &TurnBar::dutiesRequested);
    addWidget(duties_);
    addWidget(dusk_);
    connect(&document_, &GameDocument::positionChanged, this, &TurnBar::refresh);
    refresh();
}

QString TurnBar::text() const {
    if (!document_.hasGame()) return {};
    const Game& game = document_.game();
    return tr("Turn %1 · %2 · %3 · phase %4) %5")
        .arg(game.clock().turn)
        .arg(qs(game.clock_text()), qs(game.scenario().sides[static_cast<std::size_t>(game.phasing_side())].name),
             qs(game.phase().id), qs(game.phase().name));
}

void TurnBar::setDuties(const QString& summary, int open) {
    duties_->setText(summary);
    duties_->setVisible(!summary.isEmpty());
    // Something still to do in this phase: the button says so in colour.
    // A palette, not a style sheet: a style sheet re-polishes the bar (a cost at every action).
    QPalette palette = this->palette();
    palette.setColor(QPalette::ButtonText, open > 0 ? QColor(0xa0, 0x40, 0x00) : QColor(0x1a, 0x70, 0x1a));
    duties_->setPalette(palette);
    QFont font = this->font();
    font.setBold(open > 0);
    duties_->setFont(font);
}

QString TurnBar::duties() const { return duties_->text(); }

void TurnBar::refresh() {
    if (!document_.hasGame()) return;
    const Game& game = document_.game();
    const SideSetup& side = game.scenario().sides[static_cast<std::size_t>(game.phasing_side())];
    turn_->setText(tr("<b>Turn %1</b> &nbsp; <b style='font-size:large'>%2</b> &nbsp; "
                      "<span style='background:%3'>&nbsp;&nbsp;&nbsp;</span> <b>%4</b>")
                       .arg(game.clock().turn)
                       .arg(qs(game.clock_text()), qs(side.colour), qs(side.name)));
    QString phases;
    for (const Phase& phase : game.phases()) {
        const bool now = phase.id == game.phase().id;
        phases += now ? QStringLiteral("<span style='background:#2b4c9b;color:white'>&nbsp;<b>%1) %2</b>&nbsp;</span> ")
                            .arg(qs(phase.id), qs(phase.name))
                      : QStringLiteral("<span style='color:#777'>%1)</span> ").arg(qs(phase.id));
    }
    phases_->setText(phases);
    const int to_dusk = game.minutes_to_dusk();
    const auto visibility = game.rules().dusk.visibility(to_dusk);
    dusk_->setText(visibility ? tr("dusk in %1 min · sight %2 mm").arg(to_dusk).arg(*visibility)
                              : tr("dusk %1 (in %2 min)").arg(qs(format_clock(game.scenario().dusk))).arg(to_dusk));
}

}  // namespace fortuna::app
