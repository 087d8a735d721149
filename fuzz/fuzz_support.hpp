// SPDX-License-Identifier: MIT
// Shared by the fuzz targets: the shipped library loaded once, inputs as text or as a scratch file.
#pragma once

#include <cstddef>
#include <cstdint>
#include <filesystem>
#include <fstream>
#include <string>

#include <unistd.h>

#include <cstdio>
#include <cstdlib>

#include "fortuna/core/errors.hpp"
#include "fortuna/land/game.hpp"
#include "fortuna/seam/library.hpp"

namespace fortuna::fuzz {

// The shipped data folder (rule sets, armies, schemas), loaded once per process.
inline const RulesLibrary& shipped_library() {
    static const RulesLibrary library = RulesLibrary::load(FORTUNA_FUZZ_DATA_DIR);
    return library;
}

// The oracle of the targets that play: the game's own journal must replay to the same
// position, which load_game and crash recovery rely on. Aborts (a finding) otherwise.
inline void expect_journal_replays(const RulesLibrary& library, const Scenario& scenario, const Game& game) {
    try {
        const Game again = Game::replay(library, scenario, game.seed(), game.journal(), "fuzz");
        if (!(again.state() == game.state())) {
            std::fprintf(stderr, "replayed journal reaches a different position\n");
            std::abort();
        }
    } catch (const DataError& error) {
        std::fprintf(stderr, "the game's own journal does not replay: %s\n", error.what());
        std::abort();
    }
}

inline std::string text_of(const std::uint8_t* data, std::size_t size) {
    return std::string(reinterpret_cast<const char*>(data), size);
}

// Loaders that take a path get the input through one scratch file per process, in /dev/shm
// when it exists so that the disk is not worn by millions of writes.
inline const std::filesystem::path& scratch_file(const char* name) {
    static const std::filesystem::path path = [&] {
        std::error_code error;
        const std::filesystem::path dir =
            std::filesystem::is_directory("/dev/shm", error) ? std::filesystem::path("/dev/shm") : std::filesystem::temp_directory_path();
        return dir / (std::string("fortuna-") + name + "-" + std::to_string(::getpid()));
    }();
    return path;
}

// Removes the scratch file when the fuzzer exits (libFuzzer ends with exit(), which runs this).
struct ScratchRemover {
    std::filesystem::path path;
    ~ScratchRemover() {
        std::error_code error;
        std::filesystem::remove(path, error);
    }
};

inline const std::filesystem::path& write_scratch(const char* name, const std::uint8_t* data, std::size_t size) {
    const auto& path = scratch_file(name);
    static const ScratchRemover remover{path};
    std::ofstream out(path, std::ios::binary | std::ios::trunc);
    out.write(reinterpret_cast<const char*>(data), static_cast<std::streamsize>(size));
    return path;
}

}  // namespace fortuna::fuzz
