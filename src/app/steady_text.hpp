// SPDX-License-Identifier: MIT
// Rich text that changes with every action (the Victory dock's table): laid out once per change.
#pragma once

#include <QTextBrowser>

namespace fortuna::app {

// A read-only, frameless text browser whose height follows its text. A word-wrapped rich-text
// QLabel lays its text out again for every size the window's dock area asks of it after each
// change (most of a frame's paint on a table of 2,000 units: bench/app/board_repaint.cpp); this
// lays it out once for its width, and its size changes only when its height does.
class SteadyText : public QTextBrowser {
    Q_OBJECT
public:
    explicit SteadyText(QWidget* parent = nullptr);
    void setText(const QString& html);  // nothing happens if the text is the same

protected:
    void resizeEvent(QResizeEvent* event) override;

private:
    void fitHeight();
    QString html_;
};

}  // namespace fortuna::app
