// SPDX-License-Identifier: MIT
// The log dock: what the engine and the app log, through spdlog's Qt sink.
#pragma once

#include <QPlainTextEdit>

#include <memory>

namespace spdlog::sinks {
class sink;
}

namespace fortuna::app {

class LogPanel : public QPlainTextEdit {
    Q_OBJECT
public:
    explicit LogPanel(QWidget* parent = nullptr);
    ~LogPanel() override;

private:
    std::shared_ptr<spdlog::sinks::sink> sink_;
};

}  // namespace fortuna::app
