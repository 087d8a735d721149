// SPDX-License-Identifier: MIT
// The battle report with a picture of the board per quarter hour, as HTML or PDF (QtGui).
#pragma once

#include <cstddef>
#include <filesystem>
#include <functional>
#include <memory>
#include <vector>

#include <QImage>

#include "fortuna/land/battle_report.hpp"
#include "fortuna/land/game.hpp"

namespace fortuna::report {

// The board as the umpire sees it (top edge up): hills by layer, woods, water, roads,
// villages, walls and redans with their names; every unit on the table as its footprint
// (battlefield.hpp) in its side's colour, disrupted units paler, routing ones crossed,
// captured guns marked; generals as rings; a north arrow when the scenario gives one.
// Needs a QGuiApplication only for the fonts (the offscreen platform serves).
QImage render_board(const Game& game, const GameState& state, int width_px);

// What render_board reads of a game, copied: drawn from this, a picture needs nothing of the
// game, so it can be drawn on another thread while the game goes on (the table companion draws
// its board pictures off its main thread, issue 27). The unit types it points to are the rules
// library's, which outlives every game.
struct BoardScene {
    std::shared_ptr<const Scenario> scenario;
    std::vector<Unit> units;
    std::vector<General> generals;
    GameState state;
};
BoardScene board_scene(const Game& game, const GameState& state);
QImage render_board(const BoardScene& scene, int width_px);

// Told after each quarter hour's picture is drawn (pictures done, pictures in all): a long game
// draws dozens, and the app shows a progress bar.
using ReportProgress = std::function<void(std::size_t done, std::size_t total)>;

// HTML: one self-contained file, the pictures inline as PNG data. Throws std::runtime_error
// naming the file when it cannot be written.
void write_html(const Game& game, const BattleReport& report, const std::filesystem::path& file, int image_width_px = 900,
                const ReportProgress& progress = {});
// PDF (A4 portrait): the same text and pictures through QTextDocument onto a QPdfWriter.
void write_pdf(const Game& game, const BattleReport& report, const std::filesystem::path& file, const ReportProgress& progress = {});

// By the file's extension: .html/.htm or .pdf; anything else is a std::invalid_argument.
void write_report(const Game& game, const std::filesystem::path& file, const ReportProgress& progress = {});

}  // namespace fortuna::report
