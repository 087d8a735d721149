// SPDX-License-Identifier: MIT
// Victory tracker: bases lost per side, percent, next threshold, the judgement now, and a casualty plot.
#include "victory_dock.hpp"

#include "steady_text.hpp"

#include <QLabel>
#include <QPainter>
#include <QVBoxLayout>

#include "game_document.hpp"
#include "qt_text.hpp"

namespace fortuna::app {

using namespace Qt::StringLiterals;

CasualtyPlot::CasualtyPlot(GameDocument& document, QWidget* parent) : QWidget(parent), document_(document) {
    setMinimumHeight(100);
}

void CasualtyPlot::paintEvent(QPaintEvent*) {
    QPainter painter(this);
    painter.fillRect(rect(), palette().color(QPalette::Base));
    if (!document_.hasGame()) return;
    const Game& game = document_.game();
    const QRectF area = QRectF(rect()).adjusted(34, 8, -8, -20);
    const int start = game.scenario().start;
    const int end = std::max(game.minutes() + game.rules().turn_minutes, start + 60);
    int total = 1;
    int larger = 0;
    for (int s = 0; s < 2; ++s)
        if (game.tally(s).bases_start > total) total = game.tally(s).bases_start, larger = s;
    const auto x_of = [&](int minutes) { return area.left() + area.width() * (minutes - start) / std::max(1, end - start); };
    const auto y_of = [&](double bases) { return area.bottom() - area.height() * bases / total; };
    painter.setPen(QPen(QColor(0xaa, 0xaa, 0xaa), 0));
    painter.drawRect(area);
    painter.setPen(palette().color(QPalette::WindowText));
    painter.drawText(QRectF(0, area.top() - 6, 32, 14), Qt::AlignRight, QString::number(total));
    painter.drawText(QRectF(0, area.bottom() - 8, 32, 14), Qt::AlignRight, u"0"_s);
    painter.drawText(QRectF(area.left(), area.bottom() + 2, 60, 16), Qt::AlignLeft, qs(format_clock(start)));
    painter.drawText(QRectF(area.right() - 60, area.bottom() + 2, 60, 16), Qt::AlignRight, qs(format_clock(end)));
    // Crisis thresholds of the larger army as faint lines: those in force now (a scenario may
    // change them by the clock, Game::crisis_table).
    painter.setPen(QPen(QColor(0xdd, 0x99, 0x99), 0, Qt::DotLine));
    for (const CrisisLevel& level : game.crisis_table(larger).levels) {
        const double y = y_of(total * level.percent / 100.0);
        painter.drawLine(QPointF(area.left(), y), QPointF(area.right(), y));
    }
    painter.setRenderHint(QPainter::Antialiasing);
    for (int s = 0; s < 2; ++s) {
        QColor colour(qs(game.scenario().sides[static_cast<std::size_t>(s)].colour));
        if (colour.lightness() > 170) colour = colour.darker(200);
        QPolygonF line;
        line << QPointF(x_of(start), y_of(0));
        int last = 0;
        for (const CasualtyPoint& p : document_.casualtySeries()) {
            const int lost = p.bases_lost[static_cast<std::size_t>(s)];
            line << QPointF(x_of(p.minutes), y_of(last)) << QPointF(x_of(p.minutes), y_of(lost));
            last = lost;
        }
        line << QPointF(x_of(game.minutes()), y_of(last));
        painter.setPen(QPen(colour, 2));
        painter.drawPolyline(line);
    }
}

VictoryPanel::VictoryPanel(GameDocument& document, QWidget* parent) : QWidget(parent), document_(document) {
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(4, 4, 4, 4);
    text_ = new SteadyText(this);
    plot_ = new CasualtyPlot(document_, this);
    layout->addWidget(text_);
    layout->addWidget(plot_, 1);
    connect(&document_, &GameDocument::positionChanged, this, &VictoryPanel::refresh);
    refresh();
}

void VictoryPanel::refresh() {
    if (!document_.hasGame()) return;
    const Game& game = document_.game();
    QString html = u"<table cellspacing=0 cellpadding=2>"_s +
                   tr("<tr><th align=left>Side</th><th>Lost</th><th>%</th><th align=left>Next threshold</th></tr>");
    for (int s = 0; s < 2; ++s) {
        const SideTally t = game.tally(s);
        QString next = tr("none left");
        for (const Threshold& th : t.thresholds)
            if (!th.reached) {
                next = tr("%1% at %2 bases").arg(th.percent).arg(th.bases);
                break;
            }
        html += QStringLiteral("<tr><td><span style='background:%1'>&nbsp;&nbsp;</span> %2</td><td align=center>%3/%4</td><td align=center>%5</td><td>%6</td></tr>")
                    .arg(qs(game.scenario().sides[static_cast<std::size_t>(s)].colour), qs(t.name))
                    .arg(t.bases_lost).arg(t.bases_start).arg(t.percent_lost, 0, 'f', 1).arg(next);
    }
    html += u"</table>"_s;
    const VictoryJudgement v = game.victory();
    html += tr("<p>If the battle ended now: <b>%1</b> (margin %2 points)</p>").arg(qs(v.result)).arg(v.margin, 0, 'f', 1);
    text_->setText(html);
    plot_->update();
}

}  // namespace fortuna::app
