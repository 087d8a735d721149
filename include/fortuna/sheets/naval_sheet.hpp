// SPDX-License-Identifier: MIT
// The naval victory sheet (The Age of Sail, seed 000): each ship's damage cells to mark off, the damage each side inflicted, the victory condition.
#pragma once

#include <QDate>
#include <QString>

#include "fortuna/naval/model.hpp"
#include "fortuna/sheets/sheets.hpp"

class QPagedPaintDevice;

namespace fortuna::sheets {

// "Naval victory sheet"
std::string naval_sheet_title();

// Paints the sheet of a naval game (a fresh one from its scenario, or one in play: the cells
// already lost come crossed off) onto a device not yet painted on. `origin` names where it came
// from (the scenario file or the save). Returns the number of pages.
int paint_naval_victory_sheet(const NavalGame& game, QPagedPaintDevice& device, const QDate& printed, const QString& origin);

// Writes it as a PDF with real text; returns the number of pages.
int write_naval_victory_pdf(const NavalGame& game, const QString& file, Paper paper, const QString& origin,
                            const QDate& printed = QDate::currentDate());

}  // namespace fortuna::sheets
