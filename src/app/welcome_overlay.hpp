// SPDX-License-Identifier: MIT
// The first-run welcome over the board: the five keys that resolve a combat and walk a solo phase.
#pragma once

#include <QFrame>

class QLabel;

namespace fortuna::app {

// Shown over the board's top-left corner until dismissed (its button, or Esc on the board);
// the dismissal is remembered in QSettings ("welcome/dismissed"). It never takes the focus:
// the keys it names work while it shows. F1 shows every key.
class WelcomeOverlay : public QFrame {
    Q_OBJECT
public:
    explicit WelcomeOverlay(QWidget* board);
    // Whether a first run still has to see it.
    static bool wanted();
    void dismiss();

private:
    QLabel* text_;
};

}  // namespace fortuna::app
