// SPDX-License-Identifier: MIT
// The battle lab in the app: many computer-played battles of the open scenario, their outcomes plotted with 95 % intervals.
#pragma once

#include <QDialog>
#include <QString>

#include <atomic>
#include <memory>
#include <thread>
#include <utility>
#include <vector>

#include <nlohmann/json.hpp>

class QLabel;
class QLineEdit;
class QPlainTextEdit;
class QProgressBar;
class QPushButton;
class QSpinBox;

namespace fortuna {
class RulesLibrary;
struct Scenario;
}  // namespace fortuna

namespace fortuna::app {

// Bars of each outcome's share with its 95 % interval, one bar per run (printed, edited).
class OutcomePlot : public QWidget {
    Q_OBJECT
public:
    explicit OutcomePlot(QWidget* parent = nullptr);
    void setRuns(std::vector<std::pair<QString, nlohmann::json>> runs, QStringList outcomes, QStringList names);
    QSize sizeHint() const override { return {460, 220}; }
    int runCount() const { return static_cast<int>(runs_.size()); }
    const QStringList& names() const { return names_; }  // the outcomes as the plot names them

protected:
    void paintEvent(QPaintEvent* event) override;

private:
    std::vector<std::pair<QString, nlohmann::json>> runs_;
    QStringList outcomes_;  // "catholic", "bohemian", "draw"
    QStringList names_;     // as shown
};

// Game > Battle Lab…: the same lab as `fortuna-cli simulate` (battle_lab.hpp), on the open
// scenario, in a worker thread so the window stays alive; the table of text beside the plot.
class BattleLabDialog : public QDialog {
    Q_OBJECT
public:
    BattleLabDialog(const RulesLibrary& library, const Scenario& scenario, QWidget* parent = nullptr);
    ~BattleLabDialog() override;

    // Starts the battles (the Run button); labFinished() is emitted when the summary is shown.
    void run(int battles, unsigned long long seed, const QString& edited_ruleset = {});
    // No further battle is begun; those finished are summarised (the Stop button, closing).
    void stop();
    bool running() const { return worker_.joinable() && !done_; }
    const OutcomePlot& plot() const { return *plot_; }
    QString summaryText() const;
    QString statusText() const;

    // Esc and Close: while the battles run, stops them and closes once those under way are done.
    void reject() override;

signals:
    void labFinished();  // the summary is shown (or the error)

private:
    void showResults(std::vector<std::pair<QString, nlohmann::json>> runs, QString error);

    const RulesLibrary& library_;
    std::shared_ptr<const Scenario> scenario_;
    QSpinBox* battles_;
    QLineEdit* seed_;
    QLineEdit* edited_;
    QPushButton* run_button_;
    QProgressBar* progress_;
    OutcomePlot* plot_;
    QPlainTextEdit* summary_;
    QLabel* status_;
    std::thread worker_;
    std::atomic<bool> done_{false};
    std::atomic<bool> stop_{false};
    bool close_when_done_ = false;
    int requested_ = 0;  // battles asked for in the current run
};

}  // namespace fortuna::app
