// SPDX-License-Identifier: MIT
// The Age of Sail's files as the registry sees them.
#include "fortuna/naval/system.hpp"

#include "fortuna/core/errors.hpp"
#include "fortuna/seam/game_session.hpp"
#include "fortuna/seam/library.hpp"
#include "fortuna/naval/model.hpp"
#include "fortuna/naval/files.hpp"

namespace fortuna::naval {

namespace fs = std::filesystem;

std::unique_ptr<GameSession> open_naval_session(const RulesLibrary& library, const fs::path& file, const std::string& format,
                                                std::uint64_t seed);

namespace {

class NavalSystem final : public RuleSystem {
public:
    std::string id() const override { return "age-of-sail"; }
    std::string name() const override { return "The Age of Sail"; }
    std::string era() const override { return "1756-1815"; }
    std::string source() const override { return "seed 000, The Age of Sail"; }
    std::vector<FileFormat> formats() const override {
        return {{"fortuna-naval", "naval tables", "tables"},
                {kNavalScenarioFormat, "naval scenario", "scenarios"},
                {kNavalSaveFormat, "naval save", "saves"},
                {std::string("fortuna-") + kNavalJournalGame + "-journal", "naval journal", "journals"}};
    }

    std::string check_file(const RulesLibrary& library, const fs::path& file, const nlohmann::json& document) const override {
        const std::string format = format_of(document);
        if (format == "fortuna-journal") {
            // A naval game's journal: replayed in full against the naval tables.
            (void)recover_naval_game(load_naval_tables(library.data_dir()), file, library.data_dir());
            return "naval journal";
        }
        if (format == "fortuna-naval" || format == kNavalScenarioFormat) {
            // Tables and scenarios against their schemas (docs/rules/age-of-sail.md), then a
            // scenario's ships against the tables' classes, as the naval desk opens it.
            validate_against_schema(document, format.substr(8), file.string(), library.data_dir());
            if (format == "fortuna-naval") return "naval tables";
            (void)load_naval_scenario(file, load_naval_tables(library.data_dir()), library.data_dir());
            return "naval scenario";
        }
        if (format == kNavalSaveFormat) {
            // Everything the naval desk and play do to open it: the replay and its comparison.
            (void)load_naval_game(load_naval_tables(library.data_dir()), file, library.data_dir());
            return "naval save";
        }
        throw DataError(file.string(), "/format", "a format of The Age of Sail", format);
    }

    std::unique_ptr<GameSession> open_game(const RulesLibrary& library, const fs::path& file, const ClaimedFile& claimed,
                                           std::uint64_t seed) const override {
        if (claimed.format == "fortuna-naval") return RuleSystem::open_game(library, file, claimed, seed);
        return open_naval_session(library, file, claimed.format, seed);
    }
};

}  // namespace

}  // namespace fortuna::naval

namespace fortuna {

const RuleSystem& naval_system() {
    static const naval::NavalSystem system;
    return system;
}

}  // namespace fortuna
