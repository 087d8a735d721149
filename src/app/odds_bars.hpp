// SPDX-License-Identifier: MIT
// The exact probability of every outcome, drawn as bars before the roll (after Wesnoth's attack prediction).
#pragma once

#include <QWidget>

#include "fortuna/land/resolution.hpp"

namespace fortuna::app {

class OddsBars : public QWidget {
    Q_OBJECT
public:
    explicit OddsBars(QWidget* parent = nullptr);
    void setDistribution(const Distribution& distribution, const QString& highlight = QString());
    const Distribution& distribution() const { return distribution_; }
    QSize sizeHint() const override;
    QSize minimumSizeHint() const override;

protected:
    void paintEvent(QPaintEvent* event) override;

private:
    Distribution distribution_;
    QString highlight_;
};

}  // namespace fortuna::app
