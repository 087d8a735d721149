// SPDX-License-Identifier: MIT
// fortuna-cli distance and los: the library's tape and line of sight, as a script sees them.
#include <gtest/gtest.h>

#include <cmath>
#include <string>

#include <nlohmann/json.hpp>

#include "cli_runner.hpp"

namespace {

using fortuna::testing::run_cli;

// White Mountain: IM-C1's corner (1255, 740) to B-I6's (1080, 379.5), sqrt(175^2 + 360.5^2) =
// 400.7 mm between the nearest edges (errata E20), the number the board's `d` echoes and draws.
TEST(CliMeasure, DistanceIsBetweenTheNearestEdges) {
    const auto run = run_cli("--json distance --scenario white-mountain-1620 IM-C1 B-I6");
    ASSERT_EQ(run.code, 0) << run.out;
    const auto j = nlohmann::json::parse(run.out);
    EXPECT_NEAR(j["distance_mm"].get<double>(), std::hypot(175.0, 360.5), 1e-9);
    EXPECT_DOUBLE_EQ(j["nearest"]["from"]["x_mm"].get<double>(), 1255);
    EXPECT_DOUBLE_EQ(j["nearest"]["to"]["y_mm"].get<double>(), 379.5);
    const auto text = run_cli("distance --scenario white-mountain-1620 IM-C1 B-I6");
    EXPECT_NE(text.out.find("401 mm between the nearest edges = 801 m"), std::string::npos) << text.out;
}

TEST(CliMeasure, SightBetweenUnitsAndFromAGeneral) {
    // Seed 000, 6: CL-A1's gun sees B-I2 up the hill (the Duties list offers it as a target).
    const auto run = run_cli("--json los --scenario white-mountain-1620 CL-A1 B-I2");
    ASSERT_EQ(run.code, 0) << run.out;
    EXPECT_TRUE(nlohmann::json::parse(run.out)["visible"].get<bool>());
    // Tilly (CL-G1 at (540, 870)) looking at B-I2 (440, 362): the line passes x 528 at y 810,
    // inside CL-T3's column (x 490-550, y 787.5-832.5), which hides it.
    const auto tilly = run_cli("--json los --scenario white-mountain-1620 CL-G1 B-I2");
    ASSERT_EQ(tilly.code, 0) << tilly.out;
    const auto j = nlohmann::json::parse(tilly.out);
    EXPECT_FALSE(j["visible"].get<bool>());
    EXPECT_EQ(j["blocked_by"].get<std::string>().rfind("unit CL-T3", 0), 0u) << j.dump();
    const auto bad = run_cli("los --scenario white-mountain-1620 CL-A1 X-9");
    EXPECT_EQ(bad.code, 2) << bad.out;  // a code the game does not know is a usage error
    EXPECT_NE(bad.out.find("X-9"), std::string::npos) << bad.out;
}

}  // namespace
