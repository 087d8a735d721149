// SPDX-License-Identifier: MIT
// The library of the data folder: each rule system's tables loaded by the system, and every file
// of every system checked as the app and the CLI load it (`fortuna-cli validate`). Reading and
// schema-checking one file is data_files.cpp's.
#include "fortuna/seam/library.hpp"
#include "fortuna/core/data_files.hpp"
#include "fortuna/core/message_catalogue.hpp"
#include "fortuna/seam/rule_system.hpp"

#include <algorithm>
#include <set>

#include <spdlog/spdlog.h>


namespace fortuna {

namespace fs = std::filesystem;

RulesLibrary::RulesLibrary() = default;
RulesLibrary::~RulesLibrary() = default;
RulesLibrary::RulesLibrary(RulesLibrary&&) noexcept = default;
RulesLibrary& RulesLibrary::operator=(RulesLibrary&&) noexcept = default;
RulesLibrary RulesLibrary::load(const fs::path& data_dir) { return load(data_dir, {}); }

RulesLibrary RulesLibrary::load(const fs::path& data_dir, const std::vector<fs::path>& edited_tables) {
    RulesLibrary library;
    library.data_dir_ = data_dir;
    const fs::path tables = data_dir / "tables";
    std::error_code error;
    if (!fs::is_directory(tables, error))
        throw DataError(tables.string(), "", "a folder of rule-set tables (is FORTUNA_DATA right?)", "no such folder");
    // The house edits, each to the system whose format it is.
    std::map<const RuleSystem*, std::vector<fs::path>> edits;
    for (const fs::path& file : edited_tables) {
        const ClaimedFile claimed = claim_file_or_refuse(file);
        edits[claimed.system].push_back(file);
    }
    for (const RuleSystem* system : rule_systems()) {
        const auto edited = edits.find(system);
        std::unique_ptr<SystemTables> loaded =
            system->load_library_tables(data_dir, edited == edits.end() ? std::vector<fs::path>{} : edited->second, library.problems_);
        if (loaded) library.tables_.emplace(system->id(), std::move(loaded));
        else if (edited != edits.end())
            throw DataError(edited->second.front().string(), "/format", "a table of a system that takes house edits", format_of(read_json_file(edited->second.front())));
    }
    spdlog::debug("loaded the tables of {} rule systems from {} ({} broken files)", library.tables_.size(), data_dir.string(), library.problems_.size());
    return library;
}

namespace {

// One file, checked exactly as the app and the CLI load it, by the rule system whose format it
// is; returns its kind. A file no system claims is refused naming every format known.
std::string check_one_file(const RulesLibrary& library, const fs::path& file) {
    const ClaimedFile claimed = claim_file(file);
    if (claimed.format.empty() && claimed.document.is_object() && claimed.document.contains("$schema")) return "schema";
    if (claimed.format == "fortuna-words") {
        // A language's words: checked with the folder it belongs to, its own entries' problems named.
        const MessageCatalogue catalogue = MessageCatalogue::load(file.parent_path());
        std::vector<DataError> own;
        for (const DataError& problem : catalogue.problems())
            if (fs::path(problem.file()) == file) own.push_back(problem);
        if (!own.empty()) throw DataErrors(std::move(own));
        return "words (" + catalogue.language() + ")";
    }
    if (claimed.system == nullptr)
        throw DataError(file.string(), "/format", "a file of a rule system this program knows: " + known_formats() + " or a JSON schema",
                        claimed.format.empty() ? "no \"format\"" : "\"" + claimed.format + "\"");
    return claimed.system->check_file(library, file, claimed.document);
}

bool is_candidate(const fs::path& file) {
    const auto extension = file.extension();
    return extension == ".json" || extension == ".fortuna" || extension == ".fortuna-naval" || extension == ".journal";
}

}  // namespace

ValidationReport RulesLibrary::check_files(const fs::path& data_dir, const std::vector<fs::path>& paths) {
    ValidationReport report;
    std::optional<RulesLibrary> library;
    try {
        library.emplace(load(data_dir));
    } catch (const DataError& error) {
        report.problems.push_back(error);
        return report;
    }
    // The files to check: those named, and every data file in the folders named (all of
    // data/ when nothing is named), in a stable order.
    std::vector<fs::path> files;
    for (const fs::path& path : paths.empty() ? std::vector<fs::path>{data_dir} : paths) {
        std::error_code error;
        if (fs::is_directory(path, error)) {
            std::vector<fs::path> found;
            for (auto it = fs::recursive_directory_iterator(path, fs::directory_options::skip_permission_denied, error);
                 !error && it != fs::recursive_directory_iterator(); it.increment(error)) {
                if (it->is_regular_file(error) && is_candidate(it->path())) found.push_back(it->path());
            }
            if (error) report.problems.emplace_back(path.string(), "", "a folder that can be read", error.message());
            std::sort(found.begin(), found.end());
            files.insert(files.end(), found.begin(), found.end());
        } else if (fs::exists(path, error)) {
            files.push_back(path);
        } else {
            report.problems.emplace_back(path.string(), "", "a data file or a folder of them", "no such file or folder");
        }
    }
    for (const fs::path& file : files) {
        try {
            report.checked.push_back({file, check_one_file(*library, file)});
        } catch (const DataErrors& errors) {
            report.checked.push_back({file, "broken"});
            report.problems.insert(report.problems.end(), errors.all().begin(), errors.all().end());
        } catch (const DataError& error) {
            report.checked.push_back({file, "broken"});
            report.problems.push_back(error);
        } catch (const RuleError& error) {
            report.checked.push_back({file, "broken"});
            report.problems.emplace_back(file.string(), "", "a file whose every action and reference the rules accept", error.what());
        } catch (const nlohmann::json::exception& error) {
            report.checked.push_back({file, "broken"});
            report.problems.emplace_back(file.string(), "", "a file of the shape its schema describes", error.what());
        }
    }
    return report;
}

std::vector<DataError> RulesLibrary::validate(const fs::path& data_dir, const std::vector<fs::path>& paths) {
    return check_files(data_dir, paths).problems;
}

const SystemTables* RulesLibrary::tables_of(std::string_view system_id) const {
    const auto found = tables_.find(system_id);
    return found == tables_.end() ? nullptr : found->second.get();
}

}  // namespace fortuna
