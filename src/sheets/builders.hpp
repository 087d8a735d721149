// SPDX-License-Identifier: MIT
// The three sheets' contents, each added to a Document as blocks.
#pragma once

#include "fortuna/sheets/sheet_source.hpp"
#include "fortuna/sheets/sheets.hpp"
#include "layout.hpp"

class QPdfWriter;

namespace fortuna::sheets {

void build_victory_sheet(Document& document, const SheetSource& source);
void build_roster(Document& document, const SheetSource& source);
void build_reference(Document& document, const RuleSet& rules);

// Shared wording.
QString roll_text(RollKind kind, int value);          // "5", "0.800"
QString band_text(RollKind kind, const RollBand& band);  // "1-3", "0.000-0.499"
QString modifier_text(RollKind kind, int value);      // "+1", "+0.100"
QString chance_text(RollKind kind, const std::optional<RollBand>& band, bool immediate);  // "33.3 %"
QString clock(int minutes);                           // "12:15"

// A PDF writer set up as every sheet is: 600 dpi, the paper's page layout, creator and title.
void prepare_pdf_writer(QPdfWriter& writer, Paper paper, const QString& title);

}  // namespace fortuna::sheets
