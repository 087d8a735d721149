// SPDX-License-Identifier: MIT
// Repaint of the board with 2,000 units (issue 5: under 16 ms): a fitted 1600 x 1000 view,
// every unit at its true base size with its label, repainted synchronously; median of 40.
#include <QApplication>
#include <QDockWidget>
#include <QElapsedTimer>

#include <algorithm>
#include <cstdio>
#include <memory>
#include <string>
#include <vector>

#include <spdlog/spdlog.h>

#include "../crowded_table.hpp"
#include "board_scene.hpp"
#include "board_view.hpp"
#include "duties_dock.hpp"
#include "fortuna/seam/library.hpp"
#include "fortuna/land/battlefield.hpp"
#include "fortuna/land/duties.hpp"
#include "fortuna/land/scenario.hpp"
#include "game_document.hpp"
#include "main_window.hpp"
#include "order_of_battle_dock.hpp"

using namespace fortuna;
using namespace fortuna::app;

int main(int argc, char** argv) {
    QApplication app(argc, argv);
    spdlog::set_level(spdlog::level::warn);  // the journal lines of 80 actions are not the measurement
    const int units = argc > 1 ? std::atoi(argv[1]) : 2000;
    // "desk" as the second argument: only the whole desk's frame, as often as the third says (for a
    // profiler's record).
    const bool desk_only = argc > 2 && std::string(argv[2]) == "desk";
    const int runs_each = argc > 3 ? std::max(1, std::atoi(argv[3])) : 21;  // more, for a profile
    auto library = std::make_shared<const RulesLibrary>(RulesLibrary::load(FORTUNA_BENCH_DATA_DIR));
    // The test scenario's terrain and sides, units/2 units a side (bench/crowded_table.hpp).
    Scenario scenario = fortuna::bench::crowded_table(*library, FORTUNA_BENCH_DATA_DIR, units);
    GameDocument doc(library);
    doc.setRecoveryEnabled(false);
    doc.openGame(std::make_unique<Game>(*library, std::move(scenario), 1));
    BoardScene scene(doc);
    BoardView view(doc, scene);
    view.resize(1600, 1000);
    view.show();
    view.fitTable();
    QApplication::processEvents();
    QElapsedTimer timer;
    const auto median_ms = [&](auto&& action) {
        std::vector<double> runs;
        for (int i = 0; i < runs_each; ++i) {
            timer.start();
            action(i);
            runs.push_back(static_cast<double>(timer.nsecsElapsed()) / 1e6);
        }
        std::sort(runs.begin(), runs.end());
        return runs[runs.size() / 2];
    };
    const std::string first = doc.game().units().front().id.code;
    if (!desk_only) {
        std::vector<double> ms;
        for (int i = 0; i < 45; ++i) {
            timer.start();
            view.viewport()->repaint();
            const double t = static_cast<double>(timer.nsecsElapsed()) / 1e6;
            if (i >= 5) ms.push_back(t);  // the first paints warm the font and glyph caches
        }
        std::sort(ms.begin(), ms.end());
        std::printf("board repaint, %d units, %dx%d view: median %.2f ms, min %.2f, max %.2f (target < 16 ms)\n", units,
                    view.viewport()->width(), view.viewport()->height(), ms[ms.size() / 2], ms.front(), ms.back());
        // What every action costs besides the paint: the solo aid's list (Duties dock) and the
        // placing of the labels, both redone after each action, undo and redo.
        const Battlefield field(doc.game().scenario());
        std::vector<double> duty_runs;
        std::size_t items = 0;
        for (int i = 0; i < 21; ++i) {
            timer.start();
            items = duties(doc.game(), field).size();
            duty_runs.push_back(static_cast<double>(timer.nsecsElapsed()) / 1e6);
        }
        std::sort(duty_runs.begin(), duty_runs.end());
        const double duty_ms = duty_runs[duty_runs.size() / 2];
        timer.start();
        scene.setViewScale(view.transform().m11() * 1.01);
        scene.ensureLabelsPlaced();
        const double label_ms = static_cast<double>(timer.nsecsElapsed()) / 1e6;
        std::printf("after an action, %d units: duties %.1f ms (%zu items, median of 21), labels placed %.1f ms\n", units, duty_ms, items, label_ms);
        // An action as the desk applies it, with the board, the order of battle and the Duties list
        // listening: a correction of one unit (the views redraw that unit: GameChange) against a new
        // phase, which redraws every unit (the turn counts in the charge marks). Median of 21, the
        // journal off.
        OrderOfBattlePanel order_of_battle(doc);
        DutiesPanel duties_list(doc);  // not shown, in no shown window: it lists on every action
        const int bases = doc.game().units().front().now.bases;
        const double one_unit_ms = median_ms([&](int i) {
            SetAction correction;
            correction.unit = first;
            correction.bases = i % 2 == 0 ? bases - 1 : bases;
            (void)doc.perform(correction);
        });
        const double new_phase_ms = median_ms([&](int) { (void)doc.perform(EndPhaseAction{}); });
        std::printf("an action with the board, order of battle and Duties list listening, %d units: one unit changed %.2f ms, "
                    "a new phase %.2f ms\n",
                    units, one_unit_ms, new_phase_ms);

    }

    // The whole desk, as the umpire has it: the main window with its docks (board, Duties,
    // Combat, Inspector, Journal, Victory, the order of battle raised, then the Duties list), the same table. One
    // frame is timed from the action to the end of the paint that shows it: the listeners, the
    // labels placed again and the repaint of what changed. Median of 21 (target < 16 ms).
    MainWindow window(library);
    window.document().setRecoveryEnabled(false);
    window.document().openGame(std::make_unique<Game>(*library, fortuna::bench::crowded_table(*library, FORTUNA_BENCH_DATA_DIR, units), 1));
    window.resize(1600, 1000);
    window.show();
    if (auto* dock = window.findChild<QDockWidget*>(QStringLiteral("orderOfBattle"))) dock->raise();
    for (int i = 0; i < 5; ++i) QApplication::processEvents();
    GameDocument& desk = window.document();
    desk.select({0});  // the unit corrected, selected as the umpire would have it
    QApplication::processEvents();
    const int desk_bases = desk.game().units().front().now.bases;
    // Split: the action with its listeners (the docks refreshed), then the events that paint.
    QElapsedTimer part;
    std::vector<double> listening, painting;
    const auto frame = [&](auto&& action) {
        part.start();
        action();
        listening.push_back(static_cast<double>(part.nsecsElapsed()) / 1e6);
        part.start();
        QApplication::processEvents();
        painting.push_back(static_cast<double>(part.nsecsElapsed()) / 1e6);
    };
    const auto median_of = [](std::vector<double> runs) {
        std::sort(runs.begin(), runs.end());
        return runs.empty() ? 0.0 : runs[runs.size() / 2];
    };
    const auto one_unit = [&](int i) {
        frame([&] {
            SetAction correction;
            correction.unit = first;
            correction.bases = i % 2 == 0 ? desk_bases - 1 : desk_bases;
            (void)desk.perform(correction);
        });
    };
    // One unit changed, then a new phase: each the median frame and its two parts.
    const auto both = [&](const char* heading) {
        listening.clear();
        painting.clear();
        const double one_ms = median_ms(one_unit);
        const double one_listening = median_of(listening), one_painting = median_of(painting);
        listening.clear();
        painting.clear();
        const double phase_ms = median_ms([&](int) { frame([&] { (void)desk.perform(EndPhaseAction{}); }); });
        std::printf("%s: one unit changed %.2f ms (action and docks %.2f, paint %.2f), a new phase %.2f ms (action and docks %.2f, "
                    "paint %.2f) (target < 16 ms)\n",
                    heading, one_ms, one_listening, one_painting, phase_ms, median_of(listening), median_of(painting));
    };
    both(("one frame of the whole desk, " + std::to_string(units) + " units, from the action to its paint").c_str());
    // The Duties list shares its place with the order of battle: the same with it raised, so that
    // its list is painted too.
    if (auto* dock = window.findChild<QDockWidget*>(QStringLiteral("duties"))) dock->raise();
    for (int i = 0; i < 3; ++i) QApplication::processEvents();
    both("the same with the Duties list raised");
    return 0;
}
