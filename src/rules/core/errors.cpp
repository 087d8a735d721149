// SPDX-License-Identifier: MIT
// Formatting of the errors a user reads.
#include "fortuna/core/errors.hpp"

namespace fortuna {
namespace {
std::string describe(const std::string& file, const std::string& where, const std::string& expected,
                     const std::string& found) {
    std::string text = file.empty() ? std::string("data") : file;
    if (!where.empty()) text += (where.front() == '/' ? std::string(" at ") : std::string(":")) + where;
    text += ": expected " + expected;
    if (!found.empty()) text += ", found " + found;
    return text;
}
}  // namespace

DataError::DataError(std::string file, std::string where, std::string expected, std::string found)
    : std::runtime_error(describe(file, where, expected, found)),
      file_(std::move(file)),
      where_(std::move(where)),
      expected_(std::move(expected)),
      found_(std::move(found)) {}

DataErrors::DataErrors(std::vector<DataError> all) : DataError(all.at(0)), all_(std::move(all)) {
    for (const DataError& error : all_) text_ += (text_.empty() ? "" : "\n") + std::string(error.what());
}

}  // namespace fortuna
