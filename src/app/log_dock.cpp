// SPDX-License-Identifier: MIT
// The log dock: what the engine and the app log, through spdlog's Qt sink.
#include "log_dock.hpp"

#include <spdlog/sinks/qt_sinks.h>
#include <spdlog/spdlog.h>

namespace fortuna::app {

LogPanel::LogPanel(QWidget* parent) : QPlainTextEdit(parent) {
    setReadOnly(true);
    setMaximumBlockCount(5000);
    sink_ = std::make_shared<spdlog::sinks::qt_sink_mt>(this, "appendPlainText");
    sink_->set_pattern("%H:%M:%S %^%l%$ %v");
    spdlog::default_logger()->sinks().push_back(sink_);
}

LogPanel::~LogPanel() {
    auto& sinks = spdlog::default_logger()->sinks();
    sinks.erase(std::remove(sinks.begin(), sinks.end(), sink_), sinks.end());
}

}  // namespace fortuna::app
