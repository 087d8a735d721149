// SPDX-License-Identifier: MIT
// The yardstick of scripts/bench-app.sh: an empty Qt Widgets window that exits at its first paint.
#include <QApplication>
#include <QMainWindow>
#include <QPaintEvent>
#include <QTimer>

namespace {
class EmptyWindow : public QMainWindow {
protected:
    void paintEvent(QPaintEvent* event) override {
        QMainWindow::paintEvent(event);
        if (!done_) {
            done_ = true;
            QTimer::singleShot(0, qApp, &QCoreApplication::quit);
        }
    }

private:
    bool done_ = false;
};
}  // namespace

int main(int argc, char** argv) {
    QApplication app(argc, argv);
    EmptyWindow window;
    window.resize(1600, 1000);
    window.show();
    return app.exec();
}
