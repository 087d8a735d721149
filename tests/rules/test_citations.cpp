// SPDX-License-Identifier: MIT
// Citations that hold (issue 32, 5): every "errata EN" cited in the source tree (src/, include/,
// docs/, scripts/) names an entry of docs/rules/errata.md, and the entry's title shares a key word
// with the lines around the citation, so that a number slipped by one (E6 for E8) is caught.
#include <gtest/gtest.h>

#include <algorithm>
#include <cctype>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <map>
#include <regex>
#include <set>
#include <sstream>
#include <string>
#include <vector>

namespace {

namespace fs = std::filesystem;

fs::path source_tree() { return fs::weakly_canonical(fs::path(FORTUNA_TEST_DATA_DIR) / ".."); }

std::string read_all(const fs::path& file) {
    std::ifstream in(file, std::ios::binary);
    return {std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
}

std::vector<std::string> lines_of(const std::string& text) {
    std::vector<std::string> lines;
    std::istringstream in(text);
    for (std::string line; std::getline(in, line);) lines.push_back(line);
    return lines;
}

// Words stripped to their first five letters, so that "measured" meets "measure" and "routing"
// meets "routes"; words shorter than five letters and the words every entry uses are no key.
std::set<std::string> key_words(const std::string& text) {
    static const std::set<std::string> common{"where", "what", "when", "which", "with", "from", "that", "than", "does",
                                              "their", "there", "these", "this", "beyond", "against", "between", "numbers",
                                              "table", "tables", "prints", "reads", "counts", "whose", "errata", "decision",
                                              "should", "would", "could", "every", "other", "section", "their", "because"};
    std::set<std::string> words;
    std::string word;
    const auto flush = [&] {
        if (word.size() >= 5 && !common.count(word)) words.insert(word.substr(0, 5));
        word.clear();
    };
    for (const char c : text) {
        if (std::isalpha(static_cast<unsigned char>(c))) word += static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
        else flush();
    }
    flush();
    return words;
}

// The entries of docs/rules/errata.md: "## E8. A leader killed: whose roll loses 1" and the
// entry's seed, decision and reasons below it.
struct Entry {
    std::string title;
    std::string text;  // the title and the entry's body
};
std::map<int, Entry> errata_entries() {
    std::map<int, Entry> entries;
    const std::regex heading(R"(^## E(\d+)\. (.*)$)");
    Entry* current = nullptr;
    for (const std::string& line : lines_of(read_all(source_tree() / "docs" / "rules" / "errata.md"))) {
        std::smatch m;
        if (std::regex_match(line, m, heading)) {
            current = &entries[std::stoi(m[1])];
            current->title = m[2];
            current->text = m[2];
        } else if (line.rfind("## ", 0) == 0) {
            current = nullptr;
        } else if (current != nullptr) {
            current->text += "\n" + line;
        }
    }
    return entries;
}

struct Citation {
    std::string where;    // "src/rules/resolution.cpp:157"
    int entry = 0;
    std::string context;  // the citing line and the two either side
};

std::vector<Citation> citations() {
    std::vector<Citation> out;
    // "errata E8", "(errata E20)", "docs/rules/errata.md, E22", "errata.md E21".
    const std::regex cite(R"(errata(?:\.md)?,? E(\d+))");
    const fs::path root = source_tree();
    for (const char* folder : {"src", "include", "docs", "scripts"}) {
        if (!fs::exists(root / folder)) continue;
        for (const auto& entry : fs::recursive_directory_iterator(root / folder)) {
            if (!entry.is_regular_file()) continue;
            const std::string ext = entry.path().extension().string();
            if (ext != ".cpp" && ext != ".hpp" && ext != ".md" && ext != ".py" && ext != ".sh" && ext != ".js") continue;
            const std::vector<std::string> lines = lines_of(read_all(entry.path()));
            for (std::size_t i = 0; i < lines.size(); ++i) {
                for (auto it = std::sregex_iterator(lines[i].begin(), lines[i].end(), cite); it != std::sregex_iterator(); ++it) {
                    Citation c;
                    c.where = fs::relative(entry.path(), root).generic_string() + ":" + std::to_string(i + 1);
                    c.entry = std::stoi((*it)[1]);
                    for (std::size_t j = i >= 2 ? i - 2 : 0; j < std::min(lines.size(), i + 3); ++j) c.context += lines[j] + "\n";
                    out.push_back(std::move(c));
                }
            }
        }
    }
    return out;
}

TEST(Citations, TheErrataHaveTheirEntriesInOrder) {
    const auto entries = errata_entries();
    ASSERT_GE(entries.size(), 22u);
    int expected = 1;
    for (const auto& [number, entry] : entries) EXPECT_EQ(number, expected++) << entry.title;
}

TEST(Citations, EveryErrataCitationNamesAnEntryWhoseTitleFitsTheCitingLines) {
    const auto entries = errata_entries();
    const std::vector<Citation> found = citations();
    ASSERT_GE(found.size(), 40u) << "the source tree was not found at " << source_tree();
    for (const Citation& c : found) {
        const auto entry = entries.find(c.entry);
        if (entry == entries.end()) {
            ADD_FAILURE() << c.where << " cites errata E" << c.entry << ", which docs/rules/errata.md does not have";
            continue;
        }
        // The citing lines share a key word with the entry (its title, seed, decision or reasons).
        const std::set<std::string> said = key_words(entry->second.text);
        const std::set<std::string> context = key_words(c.context);
        std::vector<std::string> shared;
        std::set_intersection(said.begin(), said.end(), context.begin(), context.end(), std::back_inserter(shared));
        EXPECT_FALSE(shared.empty()) << c.where << " cites errata E" << c.entry << " (\"" << entry->second.title
                                     << "\"), but no key word of that entry is in the lines around it:\n"
                                     << c.context;
    }
}

TEST(Citations, TheCheckCatchesTheSlipItWasWrittenFor) {
    // The killed leader's sign cited as E6 (Combat strength: figures or bases) instead of E8.
    const auto entries = errata_entries();
    const std::string context = "        case LeaderEffect::Killed:\n"
                                "            // Table 6: the unit whose leader fell has 1 deducted; on the attacker's roll that is\n"
                                "            // -1 for the attacker's side and +1 for the defender's (errata E6).\n";
    const auto shares = [&](int entry) {
        const std::set<std::string> title = key_words(entries.at(entry).text);
        const std::set<std::string> words = key_words(context);
        return std::any_of(title.begin(), title.end(), [&](const std::string& w) { return words.count(w) > 0; });
    };
    EXPECT_FALSE(shares(6));
    EXPECT_TRUE(shares(8));
}

}  // namespace
