// SPDX-License-Identifier: MIT
// Error types that keep the user's message apart from the developer's detail.
#pragma once

#include <stdexcept>
#include <string>
#include <vector>

namespace fortuna {

// A data file (rule set, army, scenario, save) that is malformed or inconsistent.
// Names the file, the place (line:column of a syntax error or JSON pointer of a bad field)
// and what was expected, so the user can fix the file without reading code.
class DataError : public std::runtime_error {
public:
    DataError(std::string file, std::string where, std::string expected, std::string found = {});

    const std::string& file() const noexcept { return file_; }
    const std::string& where() const noexcept { return where_; }  // "12:5" or "/odds/rows/3"
    const std::string& expected() const noexcept { return expected_; }
    const std::string& found() const noexcept { return found_; }

private:
    std::string file_, where_, expected_, found_;
};

// Every problem of one file at once (issue 28, item 6): a schema names all it finds, and a user
// fixes them in one go. It is the first problem as a DataError (file(), where() and the rest are
// the first's), and what() lists them all, one a line.
class DataErrors : public DataError {
public:
    explicit DataErrors(std::vector<DataError> all);  // not empty
    const std::vector<DataError>& all() const noexcept { return all_; }
    const char* what() const noexcept override { return text_.c_str(); }

private:
    std::vector<DataError> all_;
    std::string text_;
};

// A request that the rules cannot answer: an impossible roll, a unit type unknown to the
// rule set, a range beyond the artillery table. The message is for the user.
class RuleError : public std::runtime_error {
public:
    using std::runtime_error::runtime_error;
};

}  // namespace fortuna
