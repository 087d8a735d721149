// SPDX-License-Identifier: MIT
// Words the rules' explanations share, so that a distance reads the same in every one of them.
#pragma once

#include <cmath>
#include <string>

namespace fortuna::detail {

// "468 mm": whole millimetres, as the umpire reads them off the tape.
inline std::string mm(double value) { return std::to_string(std::lround(value)) + " mm"; }

}  // namespace fortuna::detail
