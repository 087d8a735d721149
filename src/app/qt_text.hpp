// SPDX-License-Identifier: MIT
// Small conversions between the rules engine's std::string and Qt's QString.
#pragma once

#include <QString>

#include <string>
#include <string_view>

namespace fortuna::app {

inline QString qs(const std::string& text) { return QString::fromStdString(text); }
inline QString qs(std::string_view text) { return QString::fromUtf8(text.data(), static_cast<qsizetype>(text.size())); }
inline QString qs(const char* text) { return QString::fromUtf8(text); }
inline std::string ss(const QString& text) { return text.toStdString(); }

}  // namespace fortuna::app
