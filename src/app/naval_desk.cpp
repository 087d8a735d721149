// SPDX-License-Identifier: MIT
// The naval desk: the Age of Sail board, the damage sheets, the odds before the roll and the journal, driven from the keyboard.
#include "naval_desk.hpp"

#include <QCloseEvent>
#include <QCoreApplication>
#include <QDateTime>
#include <QFileDialog>
#include <QFileInfo>
#include <QHBoxLayout>
#include <QKeyEvent>
#include <QLabel>
#include <QListWidget>
#include <QMessageBox>
#include <QPainter>
#include <QPainterPath>
#include <QPlainTextEdit>
#include <QScrollBar>
#include <QUndoCommand>
#include <QUndoStack>
#include <QVBoxLayout>

#include <cmath>
#include <functional>
#include <limits>
#include <random>
#include <system_error>

#ifdef FORTUNA_HAVE_COMPANION
#include "companion_dialog.hpp"
#endif
#include "export_actions.hpp"
#include "fortuna/core/errors.hpp"
#include "fortuna/core/json_fields.hpp"
#include "fortuna/seam/library.hpp"
#include "fortuna/naval/system.hpp"
#include "fortuna/seam/rule_system.hpp"
#include "fortuna/core/game_files.hpp"
#include "qt_text.hpp"
#ifdef FORTUNA_HAVE_SHEETS
#include "fortuna/sheets/content_sheet.hpp"
#endif

namespace fortuna::app {

using namespace Qt::StringLiterals;

namespace {

const QColor kSideColours[] = {QColor(178, 34, 34), QColor(30, 70, 160)};
constexpr double kPi = 3.14159265358979323846;

// Table cm (y northwards) to widget pixels (y downwards).
struct TableScale {
    double pixels_per_cm = 1;
    double margin = 12;
    double depth_cm = 0;
    QPointF at(double x, double y) const { return {margin + x * pixels_per_cm, margin + (depth_cm - y) * pixels_per_cm}; }
};

// A compass bearing as a Qt angle (degrees anticlockwise from 3 o'clock).
double qt_angle(double bearing) { return 90.0 - bearing; }

// One applied action on the desk's undo stack: applied before it is pushed (a refusal never
// reaches the stack); undone and redone by the session, which keeps its rolls. `skip` puts the
// stack's index back after a step the journal could not take, without stepping the game again.
class NavalCommand : public QUndoCommand {
public:
    NavalCommand(const QString& text, std::function<bool()> back, std::function<bool()> forward, bool& skip)
        : QUndoCommand(text), back_(std::move(back)), forward_(std::move(forward)), skip_(skip) {}
    void undo() override {
        if (skip_) skip_ = false;
        else back_();
    }
    void redo() override {
        if (first_) first_ = false;  // already applied when it was pushed
        else if (skip_) skip_ = false;
        else forward_();
    }

private:
    std::function<bool()> back_;
    std::function<bool()> forward_;
    bool& skip_;
    bool first_ = true;
};

}  // namespace

NavalBoard::NavalBoard(const NavalGame& game, QWidget* parent) : QWidget(parent), game_(game) {
    setMinimumSize(480, 320);
    setFocusPolicy(Qt::NoFocus);
}

void NavalBoard::setSelection(int ship, int target) {
    ship_ = ship;
    target_ = target;
    update();
}

void NavalBoard::setPlan(std::optional<ShipMovePlan> plan) {
    plan_ = std::move(plan);
    update();
}

void NavalBoard::paintEvent(QPaintEvent*) {
    const auto& scenario = game_.scenario();
    const auto& tables = game_.tables();
    QPainter p(this);
    p.setRenderHint(QPainter::Antialiasing);
    TableScale scale;
    scale.depth_cm = scenario.depth_cm;
    scale.pixels_per_cm = std::min((width() - 2 * scale.margin) / scenario.width_cm, (height() - 2 * scale.margin) / scenario.depth_cm);
    const QRectF sea(scale.at(0, scenario.depth_cm), scale.at(scenario.width_cm, 0));
    p.fillRect(rect(), palette().window());
    p.fillRect(sea, QColor(196, 222, 240));
    p.setPen(QPen(QColor(120, 150, 180), 0));
    p.drawRect(sea);
    for (const auto& shoal : scenario.shoals) {
        const double r = shoal.radius_cm * scale.pixels_per_cm;
        p.setBrush(QColor(222, 204, 150));
        p.setPen(Qt::NoPen);
        p.drawEllipse(scale.at(shoal.x_cm, shoal.y_cm), r, r);
        p.setPen(Qt::darkGray);
        p.drawText(scale.at(shoal.x_cm, shoal.y_cm) + QPointF(r + 3, 4), qs(shoal.name));
    }
    // The selected ship's arcs of fire (S1: port on the left) with the range rings of the ruler.
    const auto& ships = game_.state().ships;
    if (ship_ >= 0 && ship_ < static_cast<int>(ships.size())) {
        const Ship& s = ships[static_cast<std::size_t>(ship_)];
        const QPointF centre = scale.at(s.now.x_cm, s.now.y_cm);
        for (double side : {90.0, 270.0}) {
            for (std::size_t band = tables.firing.size(); band-- > 0;) {
                const double r = tables.firing[band].to_cm * scale.pixels_per_cm;
                QPainterPath wedge(centre);
                wedge.arcTo(QRectF(centre.x() - r, centre.y() - r, 2 * r, 2 * r), qt_angle(s.now.heading_deg + side) - tables.arc_deg / 2, tables.arc_deg);
                wedge.closeSubpath();
                p.setPen(QPen(QColor(80, 80, 80, 120), 0));
                p.setBrush(QColor(255, 255, 255, 40 + 30 * static_cast<int>(tables.firing.size() - band)));
                p.drawPath(wedge);
            }
        }
    }
    const auto hull_outline = [&](double pixels_per_cm) {
        const double len = std::max(4.0 * pixels_per_cm, 12.0), beam = len / 3;
        return QPolygonF({QPointF(0, -len / 2), QPointF(beam / 2, 0), QPointF(beam / 2, len / 2), QPointF(-beam / 2, len / 2), QPointF(-beam / 2, 0)});
    };
    // The planned move: a dashed track to the outline of the ship where she would end, green when
    // the rules allow it, red when they do not (the desk says why).
    if (plan_) {
        const QColor track = plan_->allowed() ? QColor(0, 120, 0) : QColor(200, 0, 0);
        const QPointF from = scale.at(plan_->from_x_cm, plan_->from_y_cm), to = scale.at(plan_->to_x_cm, plan_->to_y_cm);
        p.setPen(QPen(track, 2, Qt::DashLine));
        p.setBrush(Qt::NoBrush);
        p.drawLine(from, to);
        p.save();
        p.translate(to);
        p.rotate(plan_->heading_deg);
        p.drawPolygon(hull_outline(scale.pixels_per_cm));
        p.restore();
        p.setPen(track);
        p.drawText(to + QPointF(10, 14), tr("%1 cm left").arg(qs(format_tenths(plan_->remaining_cm))));
    }
    for (std::size_t i = 0; i < ships.size(); ++i) {
        const Ship& s = ships[i];
        const QPointF c = scale.at(s.now.x_cm, s.now.y_cm);
        p.save();
        p.translate(c);
        p.rotate(s.now.heading_deg);
        const double len = std::max(4.0 * scale.pixels_per_cm, 12.0);
        const QPolygonF hull = hull_outline(scale.pixels_per_cm);
        p.setBrush(s.now.sunk ? QColor(120, 120, 120, 90) : kSideColours[s.now.side & 1]);
        p.setPen(QPen(static_cast<int>(i) == ship_ ? Qt::yellow : static_cast<int>(i) == target_ ? Qt::black : Qt::white, 2));
        p.drawPolygon(hull);
        p.restore();
        p.setPen(Qt::black);
        QString label = qs(s.name);
        if (s.now.fire != FireState::None) label += u" (fire)"_s;
        if (s.now.grounded) label += u" (aground)"_s;
        if (s.now.anchored) label += u" (anchored)"_s;
        if (!s.now.entangled_with.empty()) label += u" (entangled)"_s;
        if (s.now.struck) label += u" (prize)"_s;
        if (s.now.sunk) label += u" (sunk)"_s;
        p.drawText(c + QPointF(len / 2 + 2, -2), label);
    }
    // The wind: an arrow blowing from its compass point, with its speed.
    const auto& wind = game_.state().wind;
    const QPointF w0(width() - 70.0, 60.0);
    const double downwind = downwind_degrees(tables, wind) * kPi / 180;
    const QPointF tip = w0 + QPointF(std::sin(downwind) * 30, -std::cos(downwind) * 30);
    const QPointF tail = w0 - QPointF(std::sin(downwind) * 30, -std::cos(downwind) * 30);
    p.setPen(QPen(Qt::darkBlue, 3));
    p.drawLine(tail, tip);
    // The arrowhead points downwind, where the wind blows to.
    for (double side : {-0.5, 0.5}) p.drawLine(tip, tip - QPointF(std::sin(downwind + side) * 10, -std::cos(downwind + side) * 10));
    p.drawText(QPointF(width() - 130.0, 110.0), tr("wind %1, %2").arg(qs(tables.point_name(wind.direction))).arg(wind.speed));
}

// ---------------------------------------------------------------- desk

NavalDesk::NavalDesk(std::unique_ptr<NavalTables> tables, std::unique_ptr<NavalSession> session, const QString& save_path,
                     const std::filesystem::path& journal, QWidget* parent)
    : QWidget(parent), tables_(std::move(tables)), session_(std::move(session)), save_path_(save_path) {
    // A game opened from a recovery journal is unsaved work until it is saved (as on the land desk):
    // closing it asks, and it never lets go of that journal silently.
    saved_lines_ = journal.empty() ? session_->journal().size() : std::numeric_limits<std::size_t>::max();
    undo_ = new QUndoStack(this);
    // "[*]": the title shows * while there is work the save does not hold, as the main window's does.
    setWindowTitle(tr("%1[*] - Fortuna Belli, The Age of Sail").arg(qs(game().scenario().name)));
    setFocusPolicy(Qt::StrongFocus);
    board_ = new NavalBoard(session_->game(), this);
    status_ = new QLabel(this);
    odds_ = new QLabel(this);
    odds_->setWordWrap(true);
    dice_ = new QLabel(this);
    dice_->setWordWrap(true);
    sheets_ = new QListWidget(this);
    sheets_->setFocusPolicy(Qt::NoFocus);
    journal_ = new QPlainTextEdit(this);
    journal_->setReadOnly(true);
    journal_->setFocusPolicy(Qt::NoFocus);
    // The newest line stays in sight, also when the desk is first laid out with the file's lines.
    connect(journal_->verticalScrollBar(), &QScrollBar::rangeChanged, journal_, [bar = journal_->verticalScrollBar()](int, int most) {
        bar->setValue(most);
    });
    auto* keys = new QLabel(tr("Tab ship, T target, G plan a move (Left/Right heading, Up/Down distance, Enter sail, Esc cancel), "
                               "A anchor, F fire at hull, S at sails, B board, X fight fire, R refloat, M repair mast, "
                               "D disentangle, H high seas, E end move, W wind, 1-6 your own dice for the next action, "
                               "Ctrl+Z undo, Ctrl+Shift+Z redo, Ctrl+S save, Ctrl+Shift+S save as, "
                               "Ctrl+P victory sheet (PDF), Ctrl+Shift+C table companion, Ctrl+W close"), this);
    keys->setWordWrap(true);
    auto* side = new QVBoxLayout;
    side->addWidget(status_);
    side->addWidget(sheets_, 2);
    side->addWidget(odds_);
    side->addWidget(dice_);
    side->addWidget(journal_, 1);
    side->addWidget(keys);
    auto* layout = new QHBoxLayout(this);
    layout->addWidget(board_, 3);
    layout->addLayout(side, 2);
    for (const auto& line : session_->journal()) log(qs(line.value("summary", std::string())));
    // Every action reaches the disk as it applies (naval_files.hpp): a crash loses nothing.
    try {
        std::filesystem::path file = journal;
        if (file.empty()) {
            std::filesystem::create_directories(naval_recovery_dir());
            const QString stamp = QDateTime::currentDateTime().toString(u"yyyyMMdd-HHmmss"_s);
            const std::string base = game().scenario().id + "-" + ss(stamp) + "-" + std::to_string(QCoreApplication::applicationPid());
            // Two desks opened in the same second each get a journal of their own.
            file = naval_recovery_dir() / (base + ".journal");
            for (int n = 2; std::filesystem::exists(file); ++n) file = naval_recovery_dir() / (base + "-" + std::to_string(n) + ".journal");
        }
        session_->attach_journal(file);
    } catch (const std::exception& error) {
        log(tr("No crash-safe journal: %1").arg(qs(error.what())));
    }
    selectShip(1);
    refresh();
}


// The log follows its newest line (issue 28): appendPlainText scrolls only when the view was at
// the bottom already, and the lines of the opened file were added before the desk was laid out.
void NavalDesk::log(const QString& line) {
    journal_->appendPlainText(line);
    journal_->verticalScrollBar()->setValue(journal_->verticalScrollBar()->maximum());
}

std::string NavalDesk::shipId(int index) const { return game().state().ships.at(static_cast<std::size_t>(index)).id; }

void NavalDesk::selectShip(int step) {
    typed_dice_.clear();  // the dice typed were for the ship and target that were selected (issue 28)
    const auto& ships = game().state().ships;
    const int n = static_cast<int>(ships.size());
    for (int k = 1; k <= n; ++k) {
        const int i = ((ship_ < 0 ? (step > 0 ? -1 : 0) : ship_) + step * k % n + n) % n;
        const Ship& s = ships[static_cast<std::size_t>(i)];
        if (!s.now.sunk && s.now.side == game().state().turn.active_side) {
            ship_ = i;
            break;
        }
    }
    target_ = -1;
    selectTarget();
}

void NavalDesk::selectTarget() {
    // The next enemy in one of the selected ship's broadside arcs and within range, or in contact to board.
    const auto& ships = game().state().ships;
    const int n = static_cast<int>(ships.size());
    if (ship_ < 0) return;
    typed_dice_.clear();
    const Ship& me = ships[static_cast<std::size_t>(ship_)];
    for (int k = 1; k <= n; ++k) {
        const int i = (target_ + k + n) % n;
        const Ship& s = ships[static_cast<std::size_t>(i)];
        if (s.now.sunk || s.now.side == me.now.side) continue;
        const bool in_arc = distance_cm(me, s) <= tables_->max_range_cm && arc_holding(*tables_, me, s);
        if (!in_arc && !in_contact(*tables_, me, s)) continue;
        target_ = i;
        refresh();
        return;
    }
    target_ = -1;
    refresh();
}

// After a move ends, or an undo or redo crosses the end of one, the selection goes to a ship of the side to move.
void NavalDesk::followActiveSide() {
    if (ship_ >= 0 && game().state().ships[static_cast<std::size_t>(ship_)].now.side == game().state().turn.active_side) return;
    ship_ = -1;
    selectShip(1);
}

bool NavalDesk::perform(NavalAction action) { return performAttributed({std::move(action), std::nullopt, std::nullopt, std::nullopt}); }

QString NavalDesk::performFromTable(const nlohmann::json& action) {
    try {
        return performAttributed(attributed_naval_action_from_json(action)) ? QString() : last_;
    } catch (const RuleError& error) {
        last_refusal_ = error.what();
        return qs(error.what());
    }
}

bool NavalDesk::performAttributed(AttributedNavalAction attributed) {
    try {
        const auto& done = session_->apply(std::move(attributed.action), attributed.by, attributed.why, attributed.overrule);
        typed_dice_.clear();  // used by this action (takeDice checked their count)
        loaded_undone_ = 0;   // the session let go of what was undone below the stack
        undo_->push(new NavalCommand(qs(done.summary), [this] { return stepBack(); }, [this] { return stepForward(); }, skip_step_));
        last_ = qs(done.summary);
        log(last_);
        for (const auto& step : done.explanation) log(u"    "_s + qs(step));
        followActiveSide();
        refresh();
        return true;
    } catch (const RuleError& error) {
        last_ = qs(error.what());
        last_refusal_ = error.what();
        log(tr("refused: %1").arg(last_));
        return false;
    } catch (const std::system_error& error) {
        // The journal could not take the line: the action is not applied (naval_files.hpp).
        last_ = tr("not applied, the journal could not be written: %1").arg(qs(error.what()));
        last_refusal_ = std::string("not applied, the journal could not be written: ") + error.what();
        log(last_);
        return false;
    }
}

bool NavalDesk::undo() {
    if (undo_->canUndo()) {
        step_failed_ = false;
        undo_->undo();
        if (!step_failed_) return true;
        skip_step_ = true;  // the game did not step back: neither does the stack
        undo_->redo();
        return false;
    }
    // Below the stack: the actions of the save or journal the desk opened.
    if (!session_->can_undo() || !stepBack()) return false;
    ++loaded_undone_;
    return true;
}

bool NavalDesk::redo() {
    if (loaded_undone_ > 0) {
        if (!stepForward()) return false;
        --loaded_undone_;
        return true;
    }
    if (!undo_->canRedo()) return false;
    step_failed_ = false;
    undo_->redo();
    if (!step_failed_) return true;
    skip_step_ = true;
    undo_->undo();
    return false;
}

bool NavalDesk::stepBack() {
    try {
        if (!session_->undo()) {
            step_failed_ = true;
            return false;
        }
    } catch (const std::system_error& error) {
        last_ = tr("not undone, the journal could not be written: %1").arg(qs(error.what()));
        log(last_);
        step_failed_ = true;
        return false;
    }
    last_ = tr("undone (the dice are kept: asking again gives the same roll)");
    log(last_);
    followActiveSide();
    refresh();
    return true;
}

bool NavalDesk::stepForward() {
    try {
        if (!session_->redo()) {
            step_failed_ = true;
            return false;
        }
    } catch (const std::system_error& error) {
        last_ = tr("not redone, the journal could not be written: %1").arg(qs(error.what()));
        log(last_);
        step_failed_ = true;
        return false;
    }
    last_ = tr("redone: %1").arg(qs(game().history().back().summary));
    log(last_);
    followActiveSide();
    refresh();
    return true;
}

void NavalDesk::fire(Aim aim) {
    if (ship_ < 0 || target_ < 0) {
        last_ = tr("no target in an arc of fire within %1 cm").arg(tables_->max_range_cm);
        return;
    }
    const auto& ships = game().state().ships;
    const Ship& me = ships[static_cast<std::size_t>(ship_)];
    const auto side = arc_holding(*tables_, me, ships[static_cast<std::size_t>(target_)]);
    const int decks = side == BroadsideSide::Starboard ? me.now.starboard_decks : me.now.port_decks;
    const auto dice = takeDice(decks, tr("this broadside (one die per gun deck)"));
    if (!dice) return;
    perform(BroadsideAction{shipId(ship_), shipId(target_), side.value_or(BroadsideSide::Port), aim, {}, *dice});
}

void NavalDesk::board() {
    if (ship_ < 0 || target_ < 0) {
        refuse(tr("no enemy to board: T selects one in contact"));
        return;
    }
    // Every gun deck left on both ships throws: the boarder's dice first, then the defender's.
    const int attacker = game().state().ships[static_cast<std::size_t>(ship_)].now.gun_decks();
    const int defender = game().state().ships[static_cast<std::size_t>(target_)].now.gun_decks();
    const auto dice = takeDice(attacker + defender, tr("boarding (%1 for the boarder's gun decks, then %2 for the defender's)").arg(attacker).arg(defender));
    if (!dice) return;
    BoardingAction boarding{shipId(ship_), shipId(target_), tables_->prize_crew_min, {}, {}};
    if (!dice->empty()) {
        boarding.attacker_dice.assign(dice->begin(), dice->begin() + attacker);
        boarding.defender_dice.assign(dice->begin() + attacker, dice->end());
    }
    perform(std::move(boarding));
}

void NavalDesk::refuse(const QString& why) {
    last_ = why;
    log(tr("refused: %1").arg(why));
}

QString NavalDesk::typedDice() const {
    QStringList faces;
    for (const Roll& die : typed_dice_) faces << QString::number(die.value);
    return faces.join(u' ');
}

void NavalDesk::typeDie(int face) {
    try {
        typed_dice_.push_back(entered_die(face, "typed die"));
    } catch (const RuleError& error) {
        refuse(qs(error.what()));
    }
}

std::optional<std::vector<Roll>> NavalDesk::takeDice(int expected, const QString& what) {
    if (typed_dice_.empty()) return std::vector<Roll>{};  // none typed: the game throws them
    if (static_cast<int>(typed_dice_.size()) == expected) return typed_dice_;
    // Never padded nor cut: the umpire's dice are his own (Backspace or Esc to correct them).
    refuse(expected == 0 ? tr("%1 throws no dice; %2 typed (Esc clears them)").arg(what).arg(typed_dice_.size())
                         : tr("%1 throws %2 dice; %3 typed (Backspace takes one back, Esc clears them)")
                               .arg(what).arg(expected).arg(typed_dice_.size()));
    return std::nullopt;
}

// ---------------------------------------------------------------- the move mode

void NavalDesk::startMove() {
    if (ship_ < 0) {
        refuse(tr("no ship of the side to move"));
        return;
    }
    const Ship& me = game().state().ships[static_cast<std::size_t>(ship_)];
    plan_heading_ = me.now.heading_deg;
    plan_distance_ = 0;
    replan();
}

void NavalDesk::replan() {
    plan_ = game().plan_move(shipId(ship_), plan_heading_, plan_distance_);
}

void NavalDesk::stepPlan(int points, double cm) {
    const double heading = normalize_degrees(plan_heading_ + points * 360.0 / tables_->turning_points);
    const double distance = std::max(0.0, plan_distance_ + cm);
    const ShipMovePlan next = game().plan_move(shipId(ship_), heading, distance);
    // A step further than the allowance is refused with the reason; turning may still overspend it (shown red).
    if (cm > 0 && next.remaining_cm < -1e-6) {
        refuse(qs(next.refusal));
        return;
    }
    plan_heading_ = heading;
    plan_distance_ = distance;
    plan_ = next;
}

void NavalDesk::sailPlan() {
    // A die only when the course meets a shoal (the plan says which).
    const auto dice = takeDice(plan_->shoal.empty() ? 0 : 1, plan_->shoal.empty() ? tr("this move (no shoal on the course)") : tr("this move over %1").arg(qs(plan_->shoal)));
    if (!dice) return;
    ShipMoveAction move = plan_->action();
    if (!dice->empty()) move.shoal_roll = dice->front();
    if (perform(std::move(move))) plan_.reset();
}

// Keys of the move mode; false for a key the mode does not use.
bool NavalDesk::planKey(QKeyEvent* event) {
    const double step = tables_->cm_per_unit;  // "1 cm = 1 unit of distance"
    switch (event->key()) {
        case Qt::Key_Left: stepPlan(-1, 0); return true;
        case Qt::Key_Right: stepPlan(1, 0); return true;
        case Qt::Key_Up: stepPlan(0, step); return true;
        case Qt::Key_Down: stepPlan(0, -step); return true;
        case Qt::Key_Return:
        case Qt::Key_Enter: sailPlan(); return true;
        case Qt::Key_Escape:
            plan_.reset();
            last_ = tr("move cancelled");
            return true;
        default: return false;
    }
}

void NavalDesk::keyPressEvent(QKeyEvent* event) {
    const bool ctrl = event->modifiers() & Qt::ControlModifier;
    const bool shift = event->modifiers() & Qt::ShiftModifier;
    const std::string me = ship_ >= 0 ? shipId(ship_) : std::string();
    const int key = event->key();
    if (!ctrl && key >= Qt::Key_0 && key <= Qt::Key_9) {
        typeDie(key - Qt::Key_0);
        refresh();
        return;
    }
    if (key == Qt::Key_Backspace) {
        if (!typed_dice_.empty()) typed_dice_.pop_back();
        refresh();
        return;
    }
    if (plan_) {
        if (!planKey(event)) refuse(tr("planning a move: arrows plan it, Enter sails, Esc cancels"));
        refresh();
        return;
    }
    const auto hazard = [&](Hazard which) {
        const auto dice = takeDice(1, tr("this throw"));
        if (!dice) return;
        perform(HazardAction{me, which, dice->empty() ? std::nullopt : std::optional<Roll>(dice->front()), {}});
    };
    const auto without_dice = [&](NavalAction action, const QString& what) {
        if (takeDice(0, what)) perform(std::move(action));
    };
    switch (key) {
        case Qt::Key_Tab: selectShip(1); break;
        case Qt::Key_Backtab: selectShip(-1); break;
        case Qt::Key_T: selectTarget(); break;
        case Qt::Key_F: fire(Aim::Hull); break;
        case Qt::Key_S:
            if (ctrl && shift) saveAs();
            else if (ctrl) save();
            else fire(Aim::Sails);
            break;
        case Qt::Key_P:
            if (ctrl) exportVictorySheetAsked();
            break;
        case Qt::Key_B: board(); break;
        case Qt::Key_G: startMove(); break;
        case Qt::Key_A:
            if (ship_ >= 0) without_dice(AnchorAction{me, !game().ship(me).now.anchored}, tr("the anchor"));
            break;
        case Qt::Key_X: hazard(Hazard::FireFight); break;
        case Qt::Key_R: hazard(Hazard::Refloat); break;
        case Qt::Key_M: hazard(Hazard::MastRepair); break;
        case Qt::Key_D: hazard(Hazard::Disentangle); break;
        case Qt::Key_H: hazard(Hazard::Founder); break;
        case Qt::Key_E: without_dice(EndHalfAction{}, tr("ending the move")); break;
        case Qt::Key_Escape:
            typed_dice_.clear();
            break;
        case Qt::Key_W:
            if (ctrl) {
                close();
            } else if (const auto dice = takeDice(2, tr("the wind (direction, then speed)"))) {
                perform(dice->empty() ? WindAction{} : WindAction{(*dice)[0], (*dice)[1]});
            }
            break;
        case Qt::Key_Z:
            if (ctrl && shift) redo();
            else if (ctrl) undo();
            break;
#ifdef FORTUNA_HAVE_COMPANION
        case Qt::Key_C:
            // The table companion for this desk's game: the captains' phones (docs/companion.md).
            if (ctrl && shift) showCompanionDialog(navalCompanionSource(*this), this);
            break;
#endif
        default: QWidget::keyPressEvent(event); return;
    }
    refresh();
}

bool NavalDesk::focusNextPrevChild(bool) { return false; }

void NavalDesk::refresh() {
    emit positionChanged();
    setWindowModified(isModified());
    const auto& state = game().state();
    const auto& scenario = game().scenario();
    status_->setText(tr("Round %1, %2 to move. Wind from %3, speed %4%5. Damage inflicted: %6 %7, %8 %9.")
                         .arg(state.turn.round)
                         .arg(qs(scenario.sides[static_cast<std::size_t>(state.turn.active_side)].name))
                         .arg(qs(tables_->point_name(state.wind.direction)))
                         .arg(state.wind.speed)
                         .arg(high_seas(*tables_, state.wind) ? tr(" (high seas)") : QString())
                         .arg(qs(scenario.sides[0].name))
                         .arg(game().damage_inflicted_by(0))
                         .arg(qs(scenario.sides[1].name))
                         .arg(game().damage_inflicted_by(1)));
    status_->setWordWrap(true);
    sheets_->clear();
    for (std::size_t i = 0; i < state.ships.size(); ++i) {
        const Ship& s = state.ships[i];
        QString masts;
        for (bool standing : s.now.masts) masts += standing ? u'|' : u'x';
        auto* item = new QListWidgetItem(tr("%1 (%2): port %3, starboard %4, masts %5, hull %6%7%8")
                                             .arg(qs(s.name), qs(s.ship_class->id))
                                             .arg(s.now.port_decks)
                                             .arg(s.now.starboard_decks)
                                             .arg(masts)
                                             .arg(s.now.hull)
                                             .arg(s.now.fire != FireState::None ? tr(", on fire") : QString())
                                             .arg(s.now.sunk ? tr(", sunk") : s.now.struck ? tr(", prize") : QString()),
                                         sheets_);
        item->setForeground(kSideColours[s.now.side & 1]);
        if (static_cast<int>(i) == ship_) item->setBackground(QColor(255, 250, 200));
    }
    // The odds before the roll for the selected broadside (STYLE.md: show the chances first).
    QString odds = tr("No enemy in an arc of fire.");
    if (ship_ >= 0 && target_ >= 0) {
        const Ship& me = state.ships[static_cast<std::size_t>(ship_)];
        const Ship& them = state.ships[static_cast<std::size_t>(target_)];
        const auto side = arc_holding(*tables_, me, them);
        const int decks = side == BroadsideSide::Port ? me.now.port_decks : me.now.starboard_decks;
        // A ship in contact ahead or astern can be boarded but no broadside bears on her.
        odds = side ? tr("%1 -> %2: %3 broadside, %4 cm, gun decks: %5.").arg(qs(me.name), qs(them.name), qs(to_string(*side)))
                          .arg(qs(format_tenths(distance_cm(me, them))))
                          .arg(decks)
                    : tr("%1 -> %2: %3 cm, ahead or astern: no broadside bears.").arg(qs(me.name), qs(them.name), qs(format_tenths(distance_cm(me, them))));
        if (decks > 0 && distance_cm(me, them) <= tables_->max_range_cm && side) {
            for (Aim aim : {Aim::Hull, Aim::Sails}) {
                const auto setup = prepare_broadside(*tables_, decks, distance_cm(me, them), aim);
                const auto chances = broadside_odds(setup);
                odds += tr("\n%1 (%2-6): at least one hit %3, fire %4").arg(qs(to_string(aim))).arg(setup.score)
                            .arg(qs(chances.at_least_one_hit.percent()), qs(chances.fire.percent()));
            }
        }
    }
    // Boarding before the roll: every gun deck left on each ship throws a die (Combat, D8).
    if (ship_ >= 0 && target_ >= 0) {
        const Ship& me = state.ships[static_cast<std::size_t>(ship_)];
        const Ship& them = state.ships[static_cast<std::size_t>(target_)];
        if (in_contact(*tables_, me, them) && me.now.gun_decks() > 0) {
            const BoardingOdds chances = boarding_odds(me.now.gun_decks(), them.now.gun_decks());
            odds += tr("\nBoarding (%1 dice against %2): capture %3, repulsed %4, tie %5")
                        .arg(me.now.gun_decks())
                        .arg(them.now.gun_decks())
                        .arg(qs(chances.attacker_wins.percent()), qs(chances.defender_wins.percent()), qs(chances.tie.percent()));
        }
    }
    // The move being planned, as the library checks it: allowance, turning, what is left, or why not.
    if (plan_) {
        replan();
        const ShipMovePlan& plan = *plan_;
        const Ship& me = game().ship(plan.ship);
        QString text = tr("Move %1: heading %2°, %3 cm").arg(qs(me.name), qs(format_tenths(plan.heading_deg)), qs(format_tenths(plan.distance_cm)));
        if (!plan.shoal.empty())
            text += tr(", over %1 (runs aground: %2)").arg(qs(plan.shoal), qs(hazard_probability(*tables_, Hazard::Shoal).percent()));
        if (plan.allowance.drifting) {
            text += tr(" (dismasted: she drifts downwind)");
        } else if (plan.allowance.band) {
            text += tr(", %1").arg(qs(plan.allowance.band->name));
        }
        text += tr(". Allowance %1 cm, turning %2 point(s) = %3 cm, left %4 cm.")
                    .arg(qs(format_tenths(plan.allowance.allowance_cm)))
                    .arg(plan.turning_points)
                    .arg(qs(format_tenths(plan.turning_cm)), qs(format_tenths(plan.remaining_cm)));
        text += plan.allowed() ? tr("\nLeft/Right heading, Up/Down distance, Enter sails, Esc cancels.") : tr("\nNot allowed: %1").arg(qs(plan.refusal));
        odds = text + u"\n\n"_s + odds;
    }
    odds_->setText(odds);
    dice_->setText(typed_dice_.empty() ? tr("Dice: thrown by the game (type 1-6 to give your own)")
                                       : tr("Dice typed for the next action: %1 (Backspace takes one back, Esc clears)").arg(typedDice()));
    board_->setSelection(ship_, target_);
    board_->setPlan(plan_);
}

QString NavalDesk::recoveryJournal() const {
    const auto file = session_->journal_file();
    return file ? qs(file->string()) : QString();
}

bool NavalDesk::saveTo(const QString& file) {
    try {
        const std::filesystem::path path = ss(file);
        // The save becomes ours (refused when another program has it open), then is written whole or not at all.
        std::shared_ptr<platform::FileLock> owner = own_game_files(path);
        save_naval_game(*session_, path);
        save_owner_ = std::move(owner);
        save_path_ = file;
        saved_lines_ = session_->journal().size();
        last_ = tr("Saved %1").arg(file);
    } catch (const std::exception& error) {
        last_ = tr("Not saved: %1").arg(qs(error.what()));
        log(last_);
        return false;
    }
    log(last_);
    refresh();
    return true;
}

bool NavalDesk::save() { return save_path_.isEmpty() ? saveAs() : saveTo(save_path_); }

bool NavalDesk::saveAs() {
    const QString suggested = save_path_.isEmpty() ? start_folder() + u"/"_s + qs(game().scenario().id + kNavalSaveExtension) : save_path_;
    const QString file = QFileDialog::getSaveFileName(this, tr("Save the naval game"), suggested,
                                                      tr("Fortuna Belli naval games (*.fortuna-naval)"));
    if (file.isEmpty()) return false;
    remember_folder(file);
    return saveTo(file);
}

bool NavalDesk::exportVictorySheet(const QString& pdf) {
#ifdef FORTUNA_HAVE_SHEETS
    try {
        const QString origin = save_path_.isEmpty() ? qs(std::filesystem::path(session_->scenario_copy().file).filename().string())
                                                    : QFileInfo(save_path_).fileName();
        sheets::write_content_pdf(naval::naval_session_view(*session_)->sheet("victory"), pdf, sheets::PlanPaper::A4, origin);
        last_ = tr("Wrote the victory sheet to %1").arg(pdf);
        log(last_);
        return true;
    } catch (const std::exception& error) {
        last_ = tr("The victory sheet was not written: %1").arg(qs(error.what()));
        log(last_);
        return false;
    }
#else
    Q_UNUSED(pdf);
    last_ = tr("This build has no printed sheets.");
    return false;
#endif
}

void NavalDesk::exportVictorySheetAsked() {
    const QString file = QFileDialog::getSaveFileName(this, tr("Export the naval victory sheet"),
                                                      start_folder() + u"/"_s + qs(game().scenario().id + "-victory.pdf"), tr("PDF (*.pdf)"));
    if (file.isEmpty()) return;
    remember_folder(file);
    exportVictorySheet(file);
}

void NavalDesk::closeEvent(QCloseEvent* event) {
    // Unsaved work is asked about, as the land desk asks (issue 28: Ctrl+W closed without a word).
    if (isModified()) {
        const auto answer = QMessageBox::question(this, tr("Unsaved naval game"),
                                                  tr("Save the game before closing?\n\nDiscard deletes the unsaved actions and their journal."),
                                                  QMessageBox::Save | QMessageBox::Discard | QMessageBox::Cancel, QMessageBox::Save);
        if (answer == QMessageBox::Save ? !save() : answer != QMessageBox::Discard) {
            event->ignore();
            return;
        }
        if (answer == QMessageBox::Discard) discardJournal();
    }
    letGoOfJournal();
    QWidget::closeEvent(event);
}

void NavalDesk::discardJournal() {
    // The umpire's own choice: the unsaved actions go, and their journal with them.
    const QString journal = recoveryJournal();
    session_->detach_journal();
    if (!journal.isEmpty()) {
        std::error_code ignored;
        std::filesystem::remove(ss(journal), ignored);
    }
}

// Also when the app quits with the desk open (it goes with its parent, without a close event).
NavalDesk::~NavalDesk() { letGoOfJournal(); }

void NavalDesk::letGoOfJournal() {
    // Saved work needs no journal; unsaved work keeps it in the recovery folder, to open again.
    const QString journal = recoveryJournal();
    session_->detach_journal();
    if (!journal.isEmpty() && !isModified()) {
        std::error_code ignored;
        std::filesystem::remove(ss(journal), ignored);
    }
}

bool is_naval_file(const std::filesystem::path& file) {
    // The registry decides, as File > Open does (rule_system.hpp): one check of a file's system.
    std::error_code missing;
    if (!std::filesystem::is_regular_file(file, missing)) return false;
    try {
        return claim_file(file).system == &naval_system();
    } catch (const DataError&) {
        return false;  // not JSON: the land game's opening says what is wrong with it
    }
}

NavalDesk* open_naval_desk(const std::filesystem::path& file, const std::filesystem::path& data_dir, QWidget* parent) {
    auto tables = std::make_unique<NavalTables>(load_naval_tables(data_dir));
    std::unique_ptr<NavalSession> session;
    QString save_path;
    std::filesystem::path journal;
    if (is_naval_journal(file)) {
        // A game left unsaved (or cut off by a crash): it goes on in the same journal.
        session = std::make_unique<NavalSession>(recover_naval_game(*tables, file, data_dir));
        journal = file;
    } else if (is_naval_save(file)) {
        session = std::make_unique<NavalSession>(load_naval_game(*tables, file, data_dir));
        save_path = qs(file.string());
    } else {
        std::random_device device;
        session = std::make_unique<NavalSession>(*tables, read_naval_scenario_copy(file, data_dir),
                                                 (static_cast<std::uint64_t>(device()) << 32) | device(), data_dir);
    }
    auto* desk = new NavalDesk(std::move(tables), std::move(session), save_path, journal, parent);
    desk->setWindowFlag(Qt::Window);
    desk->setAttribute(Qt::WA_DeleteOnClose);
    desk->resize(1200, 700);
    desk->show();
    desk->setFocus();
    return desk;
}

}  // namespace fortuna::app
