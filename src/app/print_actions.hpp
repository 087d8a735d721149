// SPDX-License-Identifier: MIT
// File > Print..., Print Preview... and Export PDF... for the printed sheets of any rule system (issues 7 and 25).
#pragma once

#include <functional>
#include <memory>

#include "fortuna/seam/game_session.hpp"

class QMenu;
class QWidget;

namespace fortuna {

// The game the sheets are printed from right now, as a session (the land desk's game through
// land::land_session_view); nullptr when nothing is open (the actions then say so instead).
using SheetSessionProvider = std::function<std::unique_ptr<GameSession>()>;

// Adds Print... (Ctrl+P), Print Preview... and Export PDF... to the menu. Each asks which of the
// session's sheets (GameSession::sheet_kinds: for the land games the victory and time sheet, the
// army roster, the quick reference), then shows QPrintDialog, QPrintPreviewDialog or a file
// dialog; the one renderer (paint_content_sheet) lays the sheet out. `parent` owns the dialogs.
void installPrintActions(QMenu* fileMenu, QWidget* parent, SheetSessionProvider current);

}  // namespace fortuna
