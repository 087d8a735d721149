// SPDX-License-Identifier: MIT
// The battle lab in the app: runs battle_lab.hpp's battles in a worker thread and plots the outcomes with their intervals.
#include "battle_lab_dialog.hpp"

#include <QCloseEvent>
#include <QDialogButtonBox>
#include <QFileDialog>
#include <QFormLayout>
#include <QFontMetricsF>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QPainter>
#include <QPlainTextEdit>
#include <QPointer>
#include <QProgressBar>
#include <QPushButton>
#include <QSpinBox>
#include <QVBoxLayout>

#include "fortuna/land/battle_lab.hpp"
#include "fortuna/core/errors.hpp"
#include "fortuna/seam/library.hpp"
#include "fortuna/land/opponent.hpp"
#include "fortuna/land/scenario.hpp"
#include "qt_text.hpp"

#include <cmath>

namespace fortuna::app {

using namespace Qt::StringLiterals;
using nlohmann::json;

OutcomePlot::OutcomePlot(QWidget* parent) : QWidget(parent) { setMinimumHeight(140 + 4 * fontMetrics().height()); }

void OutcomePlot::setRuns(std::vector<std::pair<QString, json>> runs, QStringList outcomes, QStringList names) {
    runs_ = std::move(runs);
    outcomes_ = std::move(outcomes);
    names_ = std::move(names);
    update();
}

void OutcomePlot::paintEvent(QPaintEvent*) {
    QPainter painter(this);
    painter.fillRect(rect(), palette().color(QPalette::Base));
    // Margins from the font (issue 28: labels 14 px tall were cut, the outcomes' names elided):
    // the names wrap onto two lines under their group, the legend below them.
    const QFontMetricsF metrics(painter.font());
    const double line = std::ceil(metrics.height());
    const double axis = std::ceil(metrics.horizontalAdvance(u"100%"_s)) + 6;
    // The names take as many lines as the longest needs in its group's width.
    const double group_width = (width() - axis - 14) / std::max<double>(1, static_cast<double>(outcomes_.size()));
    double names = 2 * line;
    for (const QString& name : names_)
        names = std::max(names, std::ceil(metrics.boundingRect(QRectF(0, 0, std::max(1.0, group_width - 4), 1e6),
                                                               Qt::AlignHCenter | Qt::TextWordWrap, name).height()));
    const QRectF area = QRectF(rect()).adjusted(axis + 4, line / 2 + 4, -10, -(names + line + 12));
    painter.setPen(QPen(QColor(0xaa, 0xaa, 0xaa), 0));
    painter.drawRect(area);
    painter.setPen(palette().color(QPalette::WindowText));
    for (const int percent : {0, 50, 100}) {
        const double y = area.bottom() - area.height() * percent / 100.0;
        painter.drawText(QRectF(0, y - line / 2, axis, line), Qt::AlignRight | Qt::AlignVCenter, QString::number(percent) + u"%"_s);
        if (percent == 50) {
            painter.setPen(QPen(QColor(0xdd, 0xdd, 0xdd), 0, Qt::DotLine));
            painter.drawLine(QPointF(area.left(), y), QPointF(area.right(), y));
            painter.setPen(palette().color(QPalette::WindowText));
        }
    }
    if (runs_.empty() || outcomes_.isEmpty()) {
        painter.drawText(area, Qt::AlignCenter, tr("Run the battles to see how they end"));
        return;
    }
    // One group per outcome; in it one bar per run, the printed tables first.
    const QColor colours[] = {QColor(0x4a, 0x6f, 0xa5), QColor(0xd0, 0x8a, 0x2e)};
    const double group = area.width() / static_cast<double>(outcomes_.size());
    const double bar = std::min(48.0, group * 0.7 / static_cast<double>(runs_.size()));
    painter.setRenderHint(QPainter::Antialiasing);
    for (int o = 0; o < outcomes_.size(); ++o) {
        const double left = area.left() + group * o + (group - bar * static_cast<double>(runs_.size())) / 2;
        for (std::size_t r = 0; r < runs_.size(); ++r) {
            const json& share = runs_[r].second["outcome_shares"][outcomes_[o].toStdString()];
            if (!share.is_object()) continue;
            const double value = share["share"].get<double>();
            const QRectF rect_bar(left + bar * static_cast<double>(r), area.bottom() - area.height() * value, bar - 4, area.height() * value);
            painter.fillRect(rect_bar, colours[r % 2]);
            // The 95 % interval as a whisker.
            const double lo = area.bottom() - area.height() * share["ci95"][0].get<double>();
            const double hi = area.bottom() - area.height() * share["ci95"][1].get<double>();
            const double x = rect_bar.center().x();
            painter.setPen(QPen(palette().color(QPalette::WindowText), 1.2));
            painter.drawLine(QPointF(x, lo), QPointF(x, hi));
            painter.drawLine(QPointF(x - 5, lo), QPointF(x + 5, lo));
            painter.drawLine(QPointF(x - 5, hi), QPointF(x + 5, hi));
            // The share above the whisker, or inside the bar when the whisker reaches the top.
            const double label_y = std::min(hi, rect_bar.top()) - line - 2 < area.top() ? rect_bar.top() + 2 : std::min(hi, rect_bar.top()) - line - 2;
            painter.setPen(label_y > rect_bar.top() ? QColor(Qt::white) : palette().color(QPalette::WindowText));
            painter.drawText(QRectF(rect_bar.left() - 10, label_y, bar + 16, line), Qt::AlignCenter,
                             QString::number(value * 100, 'f', 1) + u"%"_s);
            painter.setPen(palette().color(QPalette::WindowText));
        }
        painter.drawText(QRectF(area.left() + group * o + 2, area.bottom() + 3, group - 4, names),
                         Qt::AlignHCenter | Qt::AlignTop | Qt::TextWordWrap, names_.value(o));
    }
    // The legend: which colour is which run.
    double x = area.left();
    const double legend_y = area.bottom() + 3 + names + 3;
    for (std::size_t r = 0; r < runs_.size(); ++r) {
        const double width = std::ceil(metrics.horizontalAdvance(runs_[r].first)) + 2;
        painter.fillRect(QRectF(x, legend_y + (line - 10) / 2, 10, 10), colours[r % 2]);
        painter.drawText(QRectF(x + 14, legend_y, width, line), Qt::AlignLeft | Qt::AlignVCenter, runs_[r].first);
        x += 14 + width + 18;
    }
}

BattleLabDialog::BattleLabDialog(const RulesLibrary& library, const Scenario& scenario, QWidget* parent)
    : QDialog(parent), library_(library), scenario_(std::make_shared<const Scenario>(scenario)) {
    setWindowTitle(tr("Battle Lab — %1").arg(qs(scenario.name)));
    auto* layout = new QVBoxLayout(this);
    auto* form = new QFormLayout;
    battles_ = new QSpinBox(this);
    battles_->setRange(1, 100000);
    battles_->setValue(200);
    seed_ = new QLineEdit(u"1"_s, this);
    auto* edited_row = new QHBoxLayout;
    edited_ = new QLineEdit(this);
    edited_->setPlaceholderText(tr("none: the printed tables only"));
    auto* browse = new QPushButton(tr("Choose…"), this);
    edited_row->addWidget(edited_, 1);
    edited_row->addWidget(browse);
    form->addRow(tr("&Battles:"), battles_);
    form->addRow(tr("First &seed:"), seed_);
    auto* edited_label = new QLabel(tr("&Edited rule set:"), this);
    edited_label->setBuddy(edited_);
    form->addRow(edited_label, edited_row);
    layout->addLayout(form);
    progress_ = new QProgressBar(this);
    layout->addWidget(progress_);
    plot_ = new OutcomePlot(this);
    layout->addWidget(plot_, 1);
    summary_ = new QPlainTextEdit(this);
    summary_->setReadOnly(true);
    summary_->setFont(QFont(u"monospace"_s));
    summary_->setMinimumHeight(160);
    layout->addWidget(summary_, 1);
    status_ = new QLabel(tr("Both sides are played by their doctrines (docs/rules/opponent.md); battle i plays seed + i."), this);
    status_->setWordWrap(true);
    layout->addWidget(status_);
    auto* buttons = new QDialogButtonBox(QDialogButtonBox::Close, this);
    run_button_ = buttons->addButton(tr("&Run"), QDialogButtonBox::ActionRole);
    run_button_->setDefault(true);
    layout->addWidget(buttons);
    connect(buttons, &QDialogButtonBox::rejected, this, &BattleLabDialog::reject);
    connect(browse, &QPushButton::clicked, this, [this] {
        const QString file = QFileDialog::getOpenFileName(this, tr("Edited rule set"), QString(), tr("Rule set (*.json)"));
        if (!file.isEmpty()) edited_->setText(file);
    });
    connect(run_button_, &QPushButton::clicked, this, [this] {
        if (running()) return stop();
        bool ok = false;
        const unsigned long long seed = seed_->text().trimmed().toULongLong(&ok);
        if (!ok) {
            status_->setText(tr("The seed is a whole number 0-18446744073709551615, not “%1”.").arg(seed_->text()));
            return;
        }
        run(battles_->value(), seed, edited_->text().trimmed());
    });
    resize(640, 640);
}

BattleLabDialog::~BattleLabDialog() {
    stop_ = true;  // the battles under way finish; no other begins
    if (worker_.joinable()) worker_.join();
}

void BattleLabDialog::stop() {
    if (!running()) return;
    stop_ = true;
    status_->setText(tr("Stopping: the battles under way finish, then those played are shown."));
}

void BattleLabDialog::run(int battles, unsigned long long seed, const QString& edited_ruleset) {
    if (running()) return;
    if (worker_.joinable()) worker_.join();
    done_ = false;
    stop_ = false;
    requested_ = battles;
    run_button_->setText(tr("&Stop"));
    progress_->setRange(0, battles * (edited_ruleset.isEmpty() ? 1 : 2));
    progress_->setValue(0);
    status_->setText(tr("Playing %n battle(s)…", nullptr, battles));
    const QPointer<BattleLabDialog> self(this);
    const auto report = [self](int done) {
        QMetaObject::invokeMethod(
            self, [self, done] { if (self) self->progress_->setValue(done); }, Qt::QueuedConnection);
    };
    const std::filesystem::path edited = edited_ruleset.toStdString();
    // The worker reads the library and its own copy of the scenario; only queued calls reach the window.
    worker_ = std::thread([this, self, battles, seed, edited, report, scenario = scenario_] {
        std::vector<std::pair<QString, json>> runs;
        QString error;
        try {
            const Doctrines doctrines = load_doctrines(library_, *scenario);
            runs.emplace_back(tr("printed tables"), summarise_battles(*scenario, run_battles(library_, *scenario, doctrines, seed, battles, 0, report, &stop_)));
            if (!edited.empty() && !stop_) {
                const RulesLibrary house = RulesLibrary::load(library_.data_dir(), {edited});
                const Scenario own = Scenario::from_json(scenario->document, scenario->file, house);
                const auto offset = [report, battles](int done) { report(battles + done); };
                runs.emplace_back(tr("edited: %1").arg(qs(edited.filename().string())),
                                  summarise_battles(own, run_battles(house, own, doctrines, seed, battles, 0, offset, &stop_)));
            }
        } catch (const std::exception& problem) {
            error = qs(problem.what());
        }
        done_ = true;
        QMetaObject::invokeMethod(
            self, [self, runs = std::move(runs), error]() mutable { if (self) self->showResults(std::move(runs), error); },
            Qt::QueuedConnection);
    });
}

void BattleLabDialog::showResults(std::vector<std::pair<QString, json>> runs, QString error) {
    run_button_->setText(tr("&Run"));
    if (close_when_done_) {
        emit labFinished();
        QDialog::reject();
        return;
    }
    if (!error.isEmpty()) {
        status_->setText(tr("The battles were not played: %1").arg(error));
        emit labFinished();
        return;
    }
    QStringList outcomes, names;
    for (const SideSetup& side : scenario_->sides) {
        outcomes << qs(side.id);
        names << tr("won by %1").arg(qs(side.name));  // in full: the plot wraps it under its bar
    }
    outcomes << u"draw"_s;
    names << tr("drawn");
    std::vector<std::pair<std::string, json>> table;
    for (const auto& [label, summary] : runs) table.emplace_back(label.toStdString(), summary);
    QStringList lines;
    for (const std::string& line : lab_table(*scenario_, table)) lines << qs(line);
    summary_->setPlainText(lines.join(u'\n'));
    const int played = runs.empty() ? 0 : runs.front().second.value("battles", 0);
    const bool stopped = stop_ && played < requested_;
    plot_->setRuns(std::move(runs), outcomes, names);
    status_->setText(stopped ? tr("Stopped after %n battle(s); shares with their 95% intervals (the whiskers).", nullptr, played)
                             : tr("Shares with their 95% intervals (the whiskers); the same seeds give the same battles."));
    emit labFinished();
}

QString BattleLabDialog::summaryText() const { return summary_->toPlainText(); }
QString BattleLabDialog::statusText() const { return status_->text(); }

void BattleLabDialog::reject() {
    if (running()) {
        // Closing stops the lab: the battles under way finish, then the window closes.
        close_when_done_ = true;
        stop();
        return;
    }
    QDialog::reject();
}

}  // namespace fortuna::app
