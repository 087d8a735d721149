// SPDX-License-Identifier: MIT
// The platform layer's calls that run the same on Linux and under Wine: the random source and the terminal check.
#include <gtest/gtest.h>

#include <array>
#include <cstdio>
#include <filesystem>
#include <vector>

#ifdef _WIN32
#include <io.h>
#else
#include <unistd.h>
#endif

#include "fortuna/core/platform.hpp"
#include "test_game_support.hpp"

namespace fortuna {
namespace {

using testing::TemporaryFolder;

#ifdef _WIN32
int duplicate(int fd) { return ::_dup(fd); }
int duplicate_onto(int from, int to) { return ::_dup2(from, to); }
int close_descriptor(int fd) { return ::_close(fd); }
int descriptor_of(std::FILE* file) { return ::_fileno(file); }
#else
int duplicate(int fd) { return ::dup(fd); }
int duplicate_onto(int from, int to) { return ::dup2(from, to); }
int close_descriptor(int fd) { return ::close(fd); }
int descriptor_of(std::FILE* file) { return ::fileno(file); }
#endif

TEST(PlatformPortable, RandomBytesFillTheWholeBufferWithEveryByteValue) {
    // 16 KiB from a uniform source miss one of the 256 byte values with a chance of about
    // 256 * (255/256)^16384, below 1e-25: a buffer left partly unfilled (zeros) or a constant
    // source fails at once. The size also crosses getrandom(2)'s 256-byte pieces.
    std::vector<unsigned char> bytes(16384, 0);
    platform::fill_random(bytes);
    std::array<int, 256> seen{};
    for (const unsigned char byte : bytes) ++seen[byte];
    for (int value = 0; value < 256; ++value) EXPECT_GT(seen[static_cast<std::size_t>(value)], 0) << "byte value " << value;
    // Nor is the tail left as it was: the last 64 bytes are not all zero (a chance of 256^-64).
    bool tail_written = false;
    for (std::size_t i = bytes.size() - 64; i < bytes.size(); ++i) tail_written = tail_written || bytes[i] != 0;
    EXPECT_TRUE(tail_written);
}

TEST(PlatformPortable, TwoDrawsOfRandomBytesDiffer) {
    // Two 16-byte secrets alike by chance: 2^-128. Alike, the source repeats itself.
    std::array<unsigned char, 16> first{}, second{};
    platform::fill_random(first);
    platform::fill_random(second);
    EXPECT_NE(first, second);
    std::array<unsigned char, 0> none{};
    EXPECT_NO_THROW(platform::fill_random(none));
}

TEST(PlatformPortable, StandardErrorSentToAFileIsNoTerminal) {
    // fortuna-cli simulate 2> lab.log must not fill the log with redrawn progress bars.
    TemporaryFolder folder("platform-terminal");
    const std::filesystem::path log = folder.path() / "stderr.log";
    std::fflush(stderr);
    const int saved = duplicate(2);
    ASSERT_GE(saved, 0);
    std::FILE* file = std::fopen(log.string().c_str(), "w");
    ASSERT_NE(file, nullptr);
    ASSERT_GE(duplicate_onto(descriptor_of(file), 2), 0);
    const bool terminal = platform::stderr_is_terminal();
    std::fflush(stderr);
    duplicate_onto(saved, 2);
    close_descriptor(saved);
    std::fclose(file);
    EXPECT_FALSE(terminal);
}

}  // namespace
}  // namespace fortuna
