// SPDX-License-Identifier: MIT
// The first-run welcome over the board: the five keys that resolve a combat and walk a solo phase.
#include "welcome_overlay.hpp"

#include <QLabel>
#include <QPushButton>
#include <QSettings>
#include <QVBoxLayout>

namespace fortuna::app {

using namespace Qt::StringLiterals;

namespace {
const QString kDismissedKey = u"welcome/dismissed"_s;
}

WelcomeOverlay::WelcomeOverlay(QWidget* board) : QFrame(board) {
    setObjectName(u"welcome"_s);
    setFocusPolicy(Qt::NoFocus);
    setFrameShape(QFrame::StyledPanel);
    setAutoFillBackground(true);
    setStyleSheet(u"#welcome { background: rgba(255, 255, 250, 235); border: 2px solid #2b4c9b; border-radius: 6px; }"_s);
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(12, 10, 12, 10);
    text_ = new QLabel(this);
    text_->setTextFormat(Qt::RichText);
    text_->setText(tr("<h3 style='margin:0'>The umpire's desk: where to begin</h3>"
                      "<table cellspacing='3'>"
                      "<tr><td><b>Tab</b></td><td>choose your unit (those facing an enemy come first)</td></tr>"
                      "<tr><td><b>E</b></td><td>the enemy it can attack or fire on (E again: the next)</td></tr>"
                      "<tr><td><b>C</b>, <b>Enter</b></td><td>resolve the combat (type the roll before Enter, or let the app roll)</td></tr>"
                      "<tr><td><b>U</b></td><td>undo, with the same roll kept for redo</td></tr>"
                      "<tr><td><b>J</b>, <b>Enter</b></td><td>solo play: the next duty of the phase, then resolve it</td></tr>"
                      "<tr><td><b>N</b></td><td>the next phase</td></tr>"
                      "<tr><td><b>Esc</b></td><td>back to the board from anywhere</td></tr>"
                      "<tr><td><b>F1</b></td><td>every key and command</td></tr></table>"));
    text_->setAccessibleName(tr("Welcome: the keys to begin with"));
    auto* close = new QPushButton(tr("Got it (Esc)"), this);
    close->setObjectName(u"welcomeClose"_s);
    close->setFocusPolicy(Qt::NoFocus);  // the keys stay with the board
    close->setToolTip(tr("Hide this panel for good; F1 lists the keys at any time"));
    close->setAccessibleName(tr("Dismiss the welcome panel"));
    layout->addWidget(text_);
    layout->addWidget(close, 0, Qt::AlignRight);
    connect(close, &QPushButton::clicked, this, &WelcomeOverlay::dismiss);
    adjustSize();
    move(12, 12);
    setVisible(wanted());
}

bool WelcomeOverlay::wanted() { return !QSettings().value(kDismissedKey, false).toBool(); }

void WelcomeOverlay::dismiss() {
    QSettings().setValue(kDismissedKey, true);
    hide();
}

}  // namespace fortuna::app
