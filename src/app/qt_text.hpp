// SPDX-License-Identifier: MIT
// Small conversions between the rules engine's std::string and Qt's QString.
//
// qs() is for what a person reads: the library's English passes through the message catalogue of
// the user's language (fortuna/core/message_catalogue.hpp), so the desk says in German what the
// rules say in English. verbatim() is for text that goes back into a file or a field as it was (a
// scenario's names in the editor, a path): it is never translated.
#pragma once

#include <QString>

#include <string>
#include <string_view>

#include "fortuna/core/message_catalogue.hpp"

namespace fortuna::app {

inline QString verbatim(const std::string& text) { return QString::fromStdString(text); }
inline QString verbatim(std::string_view text) { return QString::fromUtf8(text.data(), static_cast<qsizetype>(text.size())); }
inline QString qs(const std::string& text) { return QString::fromStdString(shown(text)); }
inline QString qs(std::string_view text) { return QString::fromStdString(shown(text)); }
inline QString qs(const char* text) { return QString::fromStdString(shown(text)); }
inline std::string ss(const QString& text) { return text.toStdString(); }

}  // namespace fortuna::app
