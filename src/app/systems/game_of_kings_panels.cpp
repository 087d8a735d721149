// SPDX-License-Identifier: MIT
// Game Of Kings' own panels on the session desk (issue 29, item 4): the turn bar (the turn, who won
// the dice for going first and with what, who goes first, the weather gauge and what it does this
// turn), the action points of the side acting per sector (d10 the centre, d6 a flank: thrown and
// left), the army points of each side against half of its start (VICTORY), and the units of the
// sector working outlined on the board. Every figure is the game's own (GameModel::turn_summary).
#include <QCoreApplication>
#include <QFont>
#include <QGroupBox>
#include <QHBoxLayout>
#include <QLabel>
#include <QPainter>
#include <QProgressBar>
#include <QVBoxLayout>

#include <algorithm>
#include <array>
#include <cmath>

#include "fortuna/game_of_kings/session.hpp"
#include "qt_text.hpp"
#include "session_desk.hpp"
#include "session_panels.hpp"

namespace fortuna::app {

namespace gok_desk_panels {

using namespace Qt::StringLiterals;
namespace gok = fortuna::game_of_kings;

class GameOfKingsPanels final : public SessionPanels {
    Q_DECLARE_TR_FUNCTIONS(GameOfKingsPanels)

public:
    explicit GameOfKingsPanels(SessionDesk& desk) : desk_(desk) {
        // The turn bar: three labels in a row, each read aloud by its name.
        bar_ = new QWidget(&desk);
        bar_->setObjectName(u"gokTurnBar"_s);
        bar_->setAccessibleName(tr("Turn"));
        bar_->setWindowTitle(tr("Turn"));
        auto* row = new QHBoxLayout(bar_);
        row->setContentsMargins(4, 2, 4, 2);
        turn_ = label(u"gokTurn"_s, tr("Turn"));
        initiative_ = label(u"gokInitiative"_s, tr("Initiative"));
        weather_ = label(u"gokWeather"_s, tr("Weather"));
        QFont bold = turn_->font();
        bold.setBold(true);
        turn_->setFont(bold);
        initiative_->setWordWrap(true);
        weather_->setWordWrap(true);
        row->addWidget(turn_);
        row->addWidget(initiative_, 2);
        row->addWidget(weather_, 3);

        points_box_ = new QGroupBox(tr("Action points"), &desk);
        points_box_->setObjectName(u"gokActionPoints"_s);
        points_box_->setAccessibleName(tr("Action points"));
        points_box_->setWindowTitle(tr("Action points"));
        auto* points = new QVBoxLayout(points_box_);
        points_side_ = label(u"gokPointsSide"_s, tr("Action points of the side acting"));
        points->addWidget(points_side_);
        for (std::size_t s = 0; s < sectors_.size(); ++s) {
            sectors_[s] = label(u"gokSector"_s + QString::number(s), tr("Sector"));
            points->addWidget(sectors_[s]);
        }

        victory_box_ = new QGroupBox(tr("Victory"), &desk);
        victory_box_->setObjectName(u"gokVictory"_s);
        victory_box_->setAccessibleName(tr("Victory"));
        victory_box_->setWindowTitle(tr("Victory"));
        auto* victory = new QVBoxLayout(victory_box_);
        for (std::size_t s = 0; s < armies_.size(); ++s) {
            armies_[s] = label(u"gokArmy"_s + QString::number(s), tr("Army points"));
            bars_[s] = new QProgressBar(victory_box_);
            bars_[s]->setObjectName(u"gokArmyBar"_s + QString::number(s));
            bars_[s]->setTextVisible(false);
            bars_[s]->setMaximumHeight(10);
            bars_[s]->setFocusPolicy(Qt::NoFocus);
            victory->addWidget(armies_[s]);
            victory->addWidget(bars_[s]);
        }
    }

    QWidget* topBar() override { return bar_; }
    std::vector<QWidget*> sidePanels() override { return {points_box_, victory_box_}; }

    void refresh() override {
        const gok::GameModel* game = gok::game_of_kings_game(desk_.session());
        if (game == nullptr) return;
        const gok::TurnSummary t = game->turn_summary();
        const auto side = [&](int s) { return qs(game->scenario().sides[static_cast<std::size_t>(s)].name); };

        turn_->setText(t.phase == "over" ? tr("Turn %1 of %2: the battle is decided").arg(t.turn).arg(t.turns)
                                         : tr("Turn %1 of %2").arg(t.turn).arg(t.turns));
        if (t.chooser < 0) {
            initiative_->setText(tr("Initiative: the dice for going first are thrown as the turn opens"));
        } else {
            // The winner's die first; a tie thrown again is said before the throw that decided.
            const auto& last = t.initiative.back();
            const int won = t.chooser == 0 ? last.first : last.second;
            const int lost = t.chooser == 0 ? last.second : last.first;
            QString dice = tr("%1 won the dice %2 to %3").arg(side(t.chooser)).arg(won).arg(lost);
            const auto ties = static_cast<int>(t.initiative.size()) - 1;
            if (ties == 1) dice += u" "_s + tr("(after a tie)");
            if (ties > 1) dice += u" "_s + tr("(after %1 ties)").arg(ties);
            initiative_->setText(t.first < 0 ? tr("Initiative: %1, to choose who goes first").arg(dice)
                                             : tr("Initiative: %1; %2 goes first").arg(dice, side(t.first)));
        }
        weather_->setText(t.gauge == 0 ? tr("Weather: %1").arg(qs(t.weather_effect))
                                       : tr("Weather gauge %1, %2: %3").arg(t.gauge).arg(qs(t.weather), qs(t.weather_effect)));

        if (t.phase == "over") {
            points_side_->setText(tr("The battle is decided."));
        } else if (!t.points_thrown) {
            points_side_->setText(t.phase == "action-points" ? tr("%1 to throw: a d10 for the centre, a d6 for each flank").arg(side(t.acting))
                                                             : tr("Thrown by the side on turn after the choice of going first"));
        } else {
            points_side_->setText(tr("Half-turn of %1").arg(side(t.acting)));
        }
        for (std::size_t s = 0; s < sectors_.size() && s < t.sectors.size(); ++s) {
            const auto& sector = t.sectors[s];
            const QString name = sector.name == "left" ? tr("left") : sector.name == "centre" ? tr("centre") : tr("right");
            QString text = tr("%1 (d%2)").arg(name).arg(sector.faces);
            if (t.points_thrown && t.phase != "over") {
                text += u": "_s + tr("%1 thrown, %2 left").arg(sector.thrown).arg(sector.left);
                if (sector.working) text += u" - "_s + tr("working now");
                if (sector.done) text += u" - "_s + tr("done");
            }
            sectors_[s]->setText(text);
            QFont font = sectors_[s]->font();
            font.setBold(sector.working);
            sectors_[s]->setFont(font);
            sectors_[s]->setEnabled(!sector.done);
        }

        for (std::size_t s = 0; s < armies_.size(); ++s) {
            const auto& army = t.armies[s];
            const QString half = QString::number(army.loses_below, 'g', 4);
            armies_[s]->setText(qs(army.name) + u"\n"_s +
                                (army.lost ? tr("%1 of %2 army points, below half (%3): the army has lost").arg(army.points).arg(army.start).arg(half)
                                           : tr("%1 of %2 army points; loses below %3").arg(army.points).arg(army.start).arg(half)));
            armies_[s]->setStyleSheet(army.lost ? u"color: #a00000;"_s : QString());
            bars_[s]->setRange(0, std::max(1, army.start));
            bars_[s]->setValue(std::max(0, army.points));
        }
    }

    // The units of the sector working, the side acting's, ringed: the ones its points act with. The
    // rings go round the session's own pieces (the board's frame, player A's edge below).
    void paintUnderPieces(QPainter& painter, double scale) override {
        const gok::GameModel* game = gok::game_of_kings_game(desk_.session());
        if (game == nullptr) return;
        const gok::TurnState& turn = game->state().turn;
        if (turn.phase != "sectors" || turn.sector.empty()) return;
        const int acting = game->acting_side();
        painter.save();
        painter.setPen(QPen(QColor(0xd0, 0x90, 0x00), 2));
        painter.setBrush(QColor(0xff, 0xd0, 0x40, 110));
        for (const Piece& piece : desk_.session().pieces()) {
            const int unit = game->unit_index(piece.id);
            if (unit < 0) continue;
            const auto& spec = game->scenario().units[static_cast<std::size_t>(unit)];
            if (spec.side != acting || spec.sector != turn.sector || game->state().units[static_cast<std::size_t>(unit)].status == gok::Status::Removed)
                continue;
            const double radius = (std::max(piece.width_cm, piece.depth_cm) / 2 + 1.0) * scale;
            painter.drawEllipse(QPointF(piece.x_cm * scale, piece.y_cm * scale), radius, radius);
        }
        painter.restore();
    }

private:
    QLabel* label(const QString& name, const QString& accessible) {
        auto* made = new QLabel(&desk_);
        made->setObjectName(name);
        made->setAccessibleName(accessible);
        // One line each (no word wrap): the desk's splitter then keeps every line in view.
        made->setTextInteractionFlags(Qt::TextSelectableByKeyboard | Qt::TextSelectableByMouse);
        return made;
    }

    SessionDesk& desk_;
    QWidget* bar_ = nullptr;
    QLabel* turn_ = nullptr;
    QLabel* initiative_ = nullptr;
    QLabel* weather_ = nullptr;
    QGroupBox* points_box_ = nullptr;
    QLabel* points_side_ = nullptr;
    std::array<QLabel*, 3> sectors_{};
    QGroupBox* victory_box_ = nullptr;
    std::array<QLabel*, 2> armies_{};
    std::array<QProgressBar*, 2> bars_{};
};

}  // namespace gok_desk_panels

std::unique_ptr<SessionPanels> make_game_of_kings_panels(SessionDesk& desk) { return std::make_unique<gok_desk_panels::GameOfKingsPanels>(desk); }

}  // namespace fortuna::app
