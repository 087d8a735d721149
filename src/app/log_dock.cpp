// SPDX-License-Identifier: MIT
// The log dock: what the engine and the app log, through spdlog, in the reader's language.
#include "log_dock.hpp"

#include <QMetaObject>
#include <QPointer>

#include <mutex>
#include <string>

#include <spdlog/sinks/base_sink.h>
#include <spdlog/spdlog.h>

#include "fortuna/core/message_catalogue.hpp"

namespace fortuna::app {

namespace {

// spdlog's Qt sink, but each message told through the message catalogue first: the engine logs
// its English ("#3 CL-A1 ... fires on ..."), the dock shows it in German under a German locale.
class ShownSink : public spdlog::sinks::base_sink<std::mutex> {
public:
    explicit ShownSink(QPlainTextEdit* panel) : panel_(panel) {}

protected:
    void sink_it_(const spdlog::details::log_msg& message) override {
        const std::string said = shown(std::string_view(message.payload.data(), message.payload.size()));
        spdlog::details::log_msg told = message;
        told.payload = spdlog::string_view_t(said.data(), said.size());
        spdlog::memory_buf_t formatted;
        formatter_->format(told, formatted);
        QString line = QString::fromUtf8(formatted.data(), static_cast<qsizetype>(formatted.size()));
        while (line.endsWith(u'\n') || line.endsWith(u'\r')) line.chop(1);
        QMetaObject::invokeMethod(panel_.data(), "appendPlainText", Qt::AutoConnection, Q_ARG(QString, line));
    }
    void flush_() override {}

private:
    QPointer<QPlainTextEdit> panel_;
};

}  // namespace

LogPanel::LogPanel(QWidget* parent) : QPlainTextEdit(parent) {
    setReadOnly(true);
    setMaximumBlockCount(5000);
    sink_ = std::make_shared<ShownSink>(this);
    sink_->set_pattern("%H:%M:%S %l %v");
    spdlog::default_logger()->sinks().push_back(sink_);
}

LogPanel::~LogPanel() {
    auto& sinks = spdlog::default_logger()->sinks();
    sinks.erase(std::remove(sinks.begin(), sinks.end(), sink_), sinks.end());
}

}  // namespace fortuna::app
