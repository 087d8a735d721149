// SPDX-License-Identifier: MIT
#include "steady_text.hpp"

#include <QResizeEvent>

#include <cmath>

namespace fortuna::app {

SteadyText::SteadyText(QWidget* parent) : QTextBrowser(parent) {
    setFrameShape(QFrame::NoFrame);
    setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    setVerticalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    setSizePolicy(QSizePolicy::Preferred, QSizePolicy::Fixed);
    setOpenLinks(false);
    // The window's colour behind the text, as a label has it.
    viewport()->setAutoFillBackground(false);
    setStyleSheet(QStringLiteral("QTextBrowser { background: transparent; }"));
    document()->setDocumentMargin(0);
}

void SteadyText::setText(const QString& html) {
    if (html == html_) return;
    html_ = html;
    setHtml(html);
    fitHeight();
}

void SteadyText::resizeEvent(QResizeEvent* event) {
    QTextBrowser::resizeEvent(event);
    if (event->size().width() != event->oldSize().width()) fitHeight();
}

void SteadyText::fitHeight() {
    document()->setTextWidth(viewport()->width());
    const int height = static_cast<int>(std::ceil(document()->size().height())) + 2 * frameWidth();
    if (height != minimumHeight() || height != maximumHeight()) setFixedHeight(height);
}

}  // namespace fortuna::app
