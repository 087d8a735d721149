// SPDX-License-Identifier: MIT
// The exact probability of every outcome, drawn as bars before the roll (after Wesnoth's attack prediction).
#include "odds_bars.hpp"

#include <QPainter>

#include "qt_text.hpp"

namespace fortuna::app {

using namespace Qt::StringLiterals;

namespace {
// Attacker-good results green, defender-good red, exchanges amber, no effect grey.
QColor colour_of(const QString& code) {
    if (code.startsWith(u"D") && code != u"Dx") return QColor(0x3a, 0x8d, 0x3a);
    if (code.startsWith(u"A")) return QColor(0xc0, 0x39, 0x2b);
    if (code == u"Dx") return QColor(0xe0, 0x9a, 0x20);
    if (code.contains(u"broken") || code.contains(u"rallies") || code.contains(u"understood")) return QColor(0x3a, 0x8d, 0x3a);
    return QColor(0x88, 0x88, 0x88);
}
}  // namespace

OddsBars::OddsBars(QWidget* parent) : QWidget(parent) { setSizePolicy(QSizePolicy::Expanding, QSizePolicy::Fixed); }

void OddsBars::setDistribution(const Distribution& distribution, const QString& highlight) {
    distribution_ = distribution;
    highlight_ = highlight;
    updateGeometry();
    update();
}

QSize OddsBars::sizeHint() const { return {260, std::max<int>(20, static_cast<int>(distribution_.size()) * 20 + 4)}; }
QSize OddsBars::minimumSizeHint() const { return {160, sizeHint().height()}; }

void OddsBars::paintEvent(QPaintEvent*) {
    QPainter painter(this);
    painter.setRenderHint(QPainter::Antialiasing);
    const QFontMetrics metrics = fontMetrics();
    int label_width = 40;
    for (const auto& [code, p] : distribution_) label_width = std::max(label_width, metrics.horizontalAdvance(qs(code)) + 8);
    const int percent_width = metrics.horizontalAdvance(u"100.0% (36/36)"_s) + 8;
    const int bar_left = label_width;
    const int bar_width = std::max(10, width() - label_width - percent_width);
    int y = 2;
    for (const auto& [code, p] : distribution_) {
        const QString name = qs(code);
        const QRect row(0, y, width(), 18);
        if (name == highlight_) painter.fillRect(row, QColor(0xff, 0xf3, 0xb0));
        painter.setPen(palette().color(QPalette::WindowText));
        painter.drawText(QRect(2, y, label_width - 4, 18), Qt::AlignVCenter | Qt::AlignLeft, name);
        const int w = static_cast<int>(std::lround(p.value() * bar_width));
        painter.fillRect(QRect(bar_left, y + 3, bar_width, 12), QColor(0xee, 0xee, 0xee));
        painter.fillRect(QRect(bar_left, y + 3, w, 12), colour_of(name));
        QString text = qs(p.percent(1));
        if (p.denominator <= 36) text += QStringLiteral(" (%1/%2)").arg(p.numerator).arg(p.denominator);
        painter.setPen(palette().color(QPalette::WindowText));
        painter.drawText(QRect(bar_left + bar_width + 4, y, percent_width, 18), Qt::AlignVCenter | Qt::AlignLeft, text);
        y += 20;
    }
}

}  // namespace fortuna::app
