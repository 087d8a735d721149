// SPDX-License-Identifier: MIT
// File > Print..., Print Preview... and Export PDF... for the printed sheets (issue 7).
#pragma once

#include <functional>
#include <optional>

#include "fortuna/sheets/sheet_source.hpp"

class QMenu;
class QWidget;

namespace fortuna {

// What the sheets are printed from right now: the open game (sheets::source_from_game) or
// scenario (sheets::source_from_scenario); nullopt when nothing is open (the actions then
// say so instead of printing).
using SheetSourceProvider = std::function<std::optional<sheets::SheetSource>()>;

// Adds Print... (Ctrl+P), Print Preview... and Export PDF... to the menu. Each asks which
// sheet (victory and time sheet, army roster, quick reference), then shows QPrintDialog,
// QPrintPreviewDialog or a file dialog. `parent` owns the dialogs.
void installPrintActions(QMenu* fileMenu, QWidget* parent, SheetSourceProvider current);

}  // namespace fortuna
