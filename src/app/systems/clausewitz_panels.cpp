// SPDX-License-Identifier: MIT
// Clausewitz's own panels on the session desk (session_panels.hpp; issue 30, item 4): the clock
// over the board; the chip bag, each brigade's five actions, the zones, reactions and riding ADCs,
// and the objectives' count turn by turn beside it; the zones of control and the ADCs' rides drawn
// on the board. Everything is read from the library (fortuna/clausewitz): the zone's outline, the
// morale test's odds, the reactions on offer and the ADCs' arrival are its measures, not the app's.
#include <QAbstractItemView>
#include <QHeaderView>
#include <QLabel>
#include <QPainter>
#include <QShortcut>
#include <QTabWidget>
#include <QTableWidget>
#include <QVBoxLayout>

#include <algorithm>
#include <cmath>

#include "fortuna/clausewitz/board.hpp"
#include "fortuna/clausewitz/game.hpp"
#include "fortuna/clausewitz/session.hpp"
#include "qt_text.hpp"
#include "session_desk.hpp"
#include "session_panels.hpp"

namespace fortuna::app {

namespace clausewitz_panels_detail {

using namespace Qt::StringLiterals;
namespace cw = fortuna::clausewitz;

// The board's side colours (table_game.cpp paints the pieces in these).
const QColor kCwSide[2] = {QColor(178, 34, 34), QColor(30, 70, 160)};

QString percent(const Probability& p) { return qs(p.percent(1)); }

// Five pips a brigade: spent filled, left hollow.
QString pips(int left, int of) {
    QString text;
    for (int i = 0; i < of; ++i) text += i < of - left ? u"\u25cf"_s : u"\u25cb"_s;
    return text;
}

class ClausewitzPanels final : public SessionPanels {
public:
    explicit ClausewitzPanels(SessionDesk& desk) : desk_(desk) {
        bar_ = new QLabel;
        bar_->setAccessibleName(SessionDesk::tr("Clock"));
        bar_->setWindowTitle(SessionDesk::tr("Clock"));
        bar_->setTextFormat(Qt::PlainText);
        QFont big = bar_->font();
        big.setPointSizeF(big.pointSizeF() * 1.15);
        big.setBold(true);
        bar_->setFont(big);

        bag_ = new QLabel;
        bag_->setAccessibleName(SessionDesk::tr("Chip bag"));
        bag_->setWindowTitle(SessionDesk::tr("Chip bag"));
        bag_->setWordWrap(true);
        bag_->setTextFormat(Qt::PlainText);
        bag_->setFocusPolicy(Qt::TabFocus);

        tabs_ = new QTabWidget;
        tabs_->setAccessibleName(SessionDesk::tr("Clausewitz"));
        tabs_->setWindowTitle(SessionDesk::tr("Brigades, zones and victory"));
        brigades_ = new QTableWidget(0, 4);
        brigades_->setAccessibleName(SessionDesk::tr("Brigades"));
        brigades_->setHorizontalHeaderLabels({SessionDesk::tr("Brigade"), SessionDesk::tr("Actions"), SessionDesk::tr("Now"), SessionDesk::tr("Zone")});
        brigades_->setEditTriggers(QAbstractItemView::NoEditTriggers);
        brigades_->setSelectionBehavior(QAbstractItemView::SelectRows);
        brigades_->verticalHeader()->setVisible(false);
        brigades_->horizontalHeader()->setStretchLastSection(true);
        zones_ = new QLabel;
        zones_->setAccessibleName(SessionDesk::tr("Zones, reactions and ADCs"));
        zones_->setWordWrap(true);
        zones_->setTextFormat(Qt::PlainText);
        zones_->setAlignment(Qt::AlignTop | Qt::AlignLeft);
        zones_->setFocusPolicy(Qt::TabFocus);
        victory_ = new QTableWidget(0, 0);
        victory_->setAccessibleName(SessionDesk::tr("Victory"));
        victory_->setEditTriggers(QAbstractItemView::NoEditTriggers);
        victory_->verticalHeader()->setVisible(false);
        tabs_->addTab(brigades_, SessionDesk::tr("Brigades"));
        tabs_->addTab(zones_, SessionDesk::tr("Zones and ADCs"));
        tabs_->addTab(victory_, SessionDesk::tr("Victory"));
        // Keyboard-first: Ctrl+1, Ctrl+2, Ctrl+3 show a tab and put the focus in it.
        for (int i = 0; i < 3; ++i) {
            auto* key = new QShortcut(QKeySequence(Qt::CTRL | static_cast<Qt::Key>(Qt::Key_1 + i)), &desk_);
            key->setContext(Qt::WindowShortcut);
            QObject::connect(key, &QShortcut::activated, tabs_, [this, i] {
                tabs_->setCurrentIndex(i);
                tabs_->currentWidget()->setFocus();
            });
        }
    }

    QWidget* topBar() override { return bar_; }
    std::vector<QWidget*> sidePanels() override { return {bag_, tabs_}; }

    void refresh() override {
        const cw::Game* game = cw::clausewitz_game(desk_.session());
        if (game == nullptr) return;
        const cw::GameState& s = game->state();
        const auto& sides = game->scenario().sides;
        const auto side_name = [&](int side) { return qs(sides[static_cast<std::size_t>(side)].name); };
        const auto brigade_name = [&](const std::string& id) {
            const int b = game->find_brigade(id);
            return b < 0 ? qs(id) : qs(s.brigades[static_cast<std::size_t>(b)].name);
        };

        // The clock over the board: turn, time, who acts and why.
        QString now;
        if (s.over) now = SessionDesk::tr("the battle is over");
        else if (!s.phase.empty()) now = SessionDesk::tr("before the battle: %1").arg(qs(s.phase));
        else if (!s.may_react.empty()) now = SessionDesk::tr("%1 may react to %2").arg(side_name(game->acting_side()), qs(s.brigades[static_cast<std::size_t>(s.active)].name));
        else if (s.active >= 0) {
            const cw::Brigade& b = s.brigades[static_cast<std::size_t>(s.active)];
            now = SessionDesk::tr("%1 activated, %2 actions left").arg(qs(b.name)).arg(b.actions_left);
        } else if (s.chip >= 0) now = SessionDesk::tr("%1's chip drawn: activate a brigade").arg(side_name(s.chip));
        else now = SessionDesk::tr("a chip to draw");
        bar_->setText(SessionDesk::tr("Turn %1 of %2 \u00b7 %3 \u00b7 %4").arg(s.turn).arg(game->scenario().turns).arg(qs(game->clock()), now));

        // The chip bag.
        QStringList bag;
        bag << SessionDesk::tr("In the bag: %1 %2, %3 %4 (%5 chips)").arg(side_name(0)).arg(s.bag[0]).arg(side_name(1)).arg(s.bag[1]).arg(s.bag[0] + s.bag[1]);
        if (s.bag[0] + s.bag[1] > 0)
            bag << SessionDesk::tr("Next chip: %1 %2, %3 %4")
                       .arg(side_name(0), percent(Probability{static_cast<std::uint64_t>(s.bag[0]), static_cast<std::uint64_t>(s.bag[0] + s.bag[1])}), side_name(1),
                            percent(Probability{static_cast<std::uint64_t>(s.bag[1]), static_cast<std::uint64_t>(s.bag[0] + s.bag[1])}));
        if (s.last_chip >= 0)
            bag << (s.chip_activated.empty() ? SessionDesk::tr("Last chip drawn: %1's, no brigade activated by it yet").arg(side_name(s.last_chip))
                                             : SessionDesk::tr("Last chip drawn: %1's, it activated %2").arg(side_name(s.last_chip), brigade_name(s.chip_activated)));
        else
            bag << SessionDesk::tr("No chip drawn yet this battle");
        bag_->setText(bag.join(u'\n'));

        // Each brigade's five actions: spent, left, kept in reserve.
        const int per_turn = game->tables().actions;
        brigades_->setRowCount(0);
        for (std::size_t i = 0; i < s.brigades.size(); ++i) {
            const cw::Brigade& b = s.brigades[i];
            if (b.status == "gone" && b.strength == 0 && !b.activated) continue;
            const int row = brigades_->rowCount();
            brigades_->insertRow(row);
            QString state;
            if (b.status != "ready") state = qs(b.status);
            else if (static_cast<int>(i) == s.active) state = SessionDesk::tr("activated");
            else if (b.halted) state = SessionDesk::tr("withdrew: defensive fire only");
            else if (b.activated && b.actions_left > 0) state = SessionDesk::tr("%1 in reserve for reactions").arg(b.actions_left);
            else if (b.activated) state = SessionDesk::tr("spent");
            else state = SessionDesk::tr("to activate");
            if (std::find(s.may_react.begin(), s.may_react.end(), b.id) != s.may_react.end()) state += SessionDesk::tr("; may react now");
            QString zone;
            if (b.status == "ready")
                if (const auto z = game->zone_morale(static_cast<int>(i)))
                    zone = SessionDesk::tr("in %1's zone: morale %2+").arg(qs(s.brigades[static_cast<std::size_t>(z->owner)].name)).arg(z->setup.pass_on);
            const QStringList cells{qs(b.name), b.activated ? pips(b.actions_left, per_turn) : pips(per_turn, per_turn) + SessionDesk::tr(" (not yet)"), state, zone};
            for (int c = 0; c < cells.size(); ++c) {
                auto* item = new QTableWidgetItem(cells[c]);
                item->setForeground(kCwSide[b.side == 0 ? 0 : 1].darker(120));
                item->setToolTip(side_name(b.side));  // the side in words as well as in its colour
                brigades_->setItem(row, c, item);
            }
        }
        brigades_->resizeColumnsToContents();

        // The zones entered, the morale test before the next action, the reactions, the ADCs.
        QStringList zones;
        if (s.active >= 0) {
            const cw::Brigade& b = s.brigades[static_cast<std::size_t>(s.active)];
            if (const auto z = game->zone_morale(s.active))
                zones << SessionDesk::tr("%1 stands in the zone of control of %2: before each action a morale test on 2d6, %3+: passes %4, withdraws %5, flees %6")
                             .arg(qs(b.name), qs(s.brigades[static_cast<std::size_t>(z->owner)].name))
                             .arg(z->setup.pass_on)
                             .arg(percent(z->odds.pass), percent(z->odds.withdraw), percent(z->odds.flee));
            else
                zones << SessionDesk::tr("%1 stands in no enemy's zone of control: no morale test before its actions").arg(qs(b.name));
        }
        for (const int r : game->reactions_on_offer()) {
            const cw::Brigade& me = s.brigades[static_cast<std::size_t>(r)];
            const auto z = game->zone_morale(r, s.active);
            zones << SessionDesk::tr("Reaction offered: %1 (%2 in reserve) may fire at %3 after a morale test %4+ (passes %5), or let it pass")
                         .arg(qs(me.name))
                         .arg(me.actions_left)
                         .arg(qs(s.brigades[static_cast<std::size_t>(s.active)].name))
                         .arg(z ? z->setup.pass_on : 0)
                         .arg(z ? percent(z->odds.pass) : QString());
        }
        int contacts = 0;
        for (std::size_t i = 0; i < s.brigades.size(); ++i)
            if (s.brigades[i].status == "ready")
                if (const auto z = game->zone_morale(static_cast<int>(i)); z && static_cast<int>(i) != s.active) {
                    if (++contacts > 8) continue;
                    zones << SessionDesk::tr("%1 is in the zone of control of %2").arg(qs(s.brigades[i].name), qs(s.brigades[static_cast<std::size_t>(z->owner)].name));
                }
        for (const cw::AdcRide& ride : game->adc_rides()) {
            const int g = game->find_general(ride.to_general);
            zones << SessionDesk::tr("ADC of %1 riding to %2 with objective %3: %4 cm to go, arrives at the end of the %5 turn")
                         .arg(side_name(ride.side), g < 0 ? qs(ride.to_general) : qs(s.generals[static_cast<std::size_t>(g)].name), qs(ride.objective))
                         .arg(ride.distance_cm, 0, 'f', 1)
                         .arg(qs(ride.arrives));
        }
        if (zones.isEmpty()) zones << SessionDesk::tr("No brigade stands in an enemy's zone of control and no ADC is riding.");
        zones_->setText(zones.join(u'\n'));

        // The objectives' count, turn by turn.
        const auto& objectives = game->scenario().objectives;
        QStringList heads{SessionDesk::tr("Turn")};
        for (const cw::Objective& o : objectives) heads << SessionDesk::tr("%1 (%2 VP)").arg(qs(o.name)).arg(o.vp);
        heads << side_name(0) << side_name(1);
        victory_->setColumnCount(static_cast<int>(heads.size()));
        victory_->setHorizontalHeaderLabels(heads);
        victory_->setRowCount(0);
        const auto held_by = [&](const std::string& id) {
            for (std::size_t side = 0; side < sides.size(); ++side)
                if (sides[side].id == id) return side_name(static_cast<int>(side));
            return u"-"_s;
        };
        const auto add_row = [&](const QString& turn, const std::vector<std::string>& held, const std::vector<int>& vp) {
            const int row = victory_->rowCount();
            victory_->insertRow(row);
            victory_->setItem(row, 0, new QTableWidgetItem(turn));
            for (std::size_t o = 0; o < held.size(); ++o) victory_->setItem(row, static_cast<int>(o) + 1, new QTableWidgetItem(held_by(held[o])));
            victory_->setItem(row, static_cast<int>(held.size()) + 1, new QTableWidgetItem(QString::number(vp[0])));
            victory_->setItem(row, static_cast<int>(held.size()) + 2, new QTableWidgetItem(QString::number(vp[1])));
        };
        for (const cw::GameState::Count& count : s.tally) add_row(SessionDesk::tr("%1 (%2)").arg(count.turn).arg(qs(count.clock)), count.held, count.vp);
        if (!s.over) add_row(SessionDesk::tr("now"), s.held, s.vp);
        victory_->resizeColumnsToContents();
        victory_->scrollToBottom();
    }

    // The zones of control: every brigade's drawn faintly, those an enemy stands in filled.
    void paintUnderPieces(QPainter& painter, double scale) override {
        const cw::Game* game = cw::clausewitz_game(desk_.session());
        if (game == nullptr || !game->state().phase.empty()) return;
        const cw::GameState& s = game->state();
        const double depth = game->scenario().depth_cm;
        std::vector<bool> holds(s.brigades.size(), false);
        for (std::size_t i = 0; i < s.brigades.size(); ++i)
            if (s.brigades[i].status == "ready")
                if (const auto z = game->zone_morale(static_cast<int>(i))) holds[static_cast<std::size_t>(z->owner)] = true;
        painter.save();
        for (std::size_t i = 0; i < s.brigades.size(); ++i) {
            const cw::Brigade& b = s.brigades[i];
            if (b.status != "ready") continue;
            QPolygonF zone;
            for (const auto& [x, y] : cw::zone_outline(game->tables(), game->footprint(b))) zone << QPointF(x * scale, (depth - y) * scale);
            QColor line = kCwSide[b.side == 0 ? 0 : 1];
            QColor fill = line;
            fill.setAlpha(holds[i] ? 70 : 0);
            line.setAlpha(holds[i] ? 200 : 90);
            painter.setPen(QPen(line, holds[i] ? 1.5 : 1.0, holds[i] ? Qt::SolidLine : Qt::DotLine));
            painter.setBrush(fill);
            painter.drawPolygon(zone);
        }
        painter.restore();
    }

    // Over the pieces: each ADC's ride to his general with its arrival, the activated brigade and
    // the brigades offered a reaction marked.
    void paintOverPieces(QPainter& painter, double scale) override {
        const cw::Game* game = cw::clausewitz_game(desk_.session());
        if (game == nullptr) return;
        const cw::GameState& s = game->state();
        const double depth = game->scenario().depth_cm;
        painter.save();
        for (const cw::AdcRide& ride : game->adc_rides()) {
            const QPointF from(ride.from_x * scale, (depth - ride.from_y) * scale), to(ride.to_x * scale, (depth - ride.to_y) * scale);
            const QColor colour = kCwSide[ride.side == 0 ? 0 : 1].darker(130);
            painter.setPen(QPen(colour, 2, Qt::DashLine));
            painter.drawLine(from, to);
            const double angle = std::atan2(to.y() - from.y(), to.x() - from.x());
            painter.setPen(QPen(colour, 2));
            for (const double side : {-0.45, 0.45})
                painter.drawLine(to, to - QPointF(std::cos(angle + side) * 10, std::sin(angle + side) * 10));
            painter.drawText((from + to) / 2 + QPointF(4, -4), SessionDesk::tr("ADC, arrives %1").arg(qs(ride.arrives)));
        }
        const auto ring = [&](int b, const QColor& colour) {
            const cw::Brigade& brigade = s.brigades[static_cast<std::size_t>(b)];
            const cw::Footprint f = game->footprint(brigade);
            const double r = std::hypot(f.width_cm, f.depth_cm) / 2 * scale + 4;
            painter.setPen(QPen(colour, 2));
            painter.setBrush(Qt::NoBrush);
            painter.drawEllipse(QPointF(f.x_cm * scale, (depth - f.y_cm) * scale), r, r);
        };
        if (s.active >= 0) ring(s.active, QColor(230, 170, 0));
        for (const int r : game->reactions_on_offer()) ring(r, QColor(0, 150, 80));
        painter.restore();
    }

private:
    SessionDesk& desk_;
    QLabel* bar_ = nullptr;
    QLabel* bag_ = nullptr;
    QTabWidget* tabs_ = nullptr;
    QTableWidget* brigades_ = nullptr;
    QLabel* zones_ = nullptr;
    QTableWidget* victory_ = nullptr;
};

}  // namespace clausewitz_panels_detail

std::unique_ptr<SessionPanels> make_clausewitz_panels(SessionDesk& desk) { return std::make_unique<clausewitz_panels_detail::ClausewitzPanels>(desk); }

}  // namespace fortuna::app
