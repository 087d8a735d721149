// SPDX-License-Identifier: MIT
// The table plan of a Game Of Kings battle for the club's notice board (issue 31, item 5), as the
// land battles have theirs (table_plan.hpp): the seed's table to scale on a landscape page with its
// twelve sectors, the ground as the game will have it (the generator's pieces and the ones placed
// by name), every unit's footprint where it deploys, coded, each side's general ringed; then the
// set-up list by side and sector, places in cm from player A's left and A's edge as the scenario
// format measures them. Drawn from the document as it is, a draft too: what cannot be read is left
// out (`scenario check` names it).
#pragma once

#include <filesystem>

#include <QDate>
#include <QString>

#include <nlohmann/json.hpp>

#include "fortuna/sheets/table_plan.hpp"

class QPagedPaintDevice;

namespace fortuna::sheets {

// Paints the plan onto a device not yet painted on, in its page layout; returns the pages.
int paint_kings_table_plan(const nlohmann::json& document, const std::filesystem::path& data_dir, QPagedPaintDevice& device,
                           const QDate& printed);
// Writes it as a PDF (landscape, table_plan_layout); returns the pages. Throws std::runtime_error
// when the file cannot be written, DataError when the Game Of Kings tables cannot be read.
int write_kings_table_plan_pdf(const nlohmann::json& document, const std::filesystem::path& data_dir, const QString& file,
                               PlanPaper paper, const QDate& printed = QDate::currentDate());

}  // namespace fortuna::sheets
