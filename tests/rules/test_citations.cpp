// SPDX-License-Identifier: MIT
// Citations that hold (issue 32, 5): every "errata EN" cited in the source tree (src/, include/,
// docs/, scripts/) names an entry of docs/rules/errata.md, and the entry's title shares a key word
// with the lines around the citation, so that a number slipped by one (E6 for E8) is caught. Every
// "seed NNN, <section>" names a heading of that seed listed in docs/rules/seed-sections.md, a list
// checked against the seed texts wherever they are at hand. FORTUNA_LIST_CITATIONS=1 prints each
// citation with its target's title.
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdlib>
#include <iostream>
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

// ---- seed sections (docs/rules/seed-sections.md)

// "| 000 | 8.4 | 8.4 Flank and rear attacks |" -> sections["000"]["8.4"] = "8.4 Flank and rear attacks".
std::map<std::string, std::map<std::string, std::string>> seed_sections() {
    std::map<std::string, std::map<std::string, std::string>> sections;
    const std::regex row(R"(^\| (00\d) \| ([^|]+) \| ([^|]+) \|$)");
    for (const std::string& line : lines_of(read_all(source_tree() / "docs" / "rules" / "seed-sections.md"))) {
        std::smatch m;
        if (std::regex_match(line, m, row)) sections[m[1]][m[2]] = m[3];
    }
    return sections;
}

// The headings of a seed text by the rules the list was made with (docs/rules/seed-sections.md).
std::map<std::string, std::string> headings_in(const std::string& seed, const std::string& text) {
    std::map<std::string, std::string> found;
    for (std::string line : lines_of(text)) {
        if (!line.empty() && line.back() == '\r') line.pop_back();
        const auto first = line.find_first_not_of(" \t"), last = line.find_last_not_of(" \t");
        if (first == std::string::npos) continue;
        line = line.substr(first, last - first + 1);
        if (line.size() > 90 || line.back() == '.') continue;
        std::smatch m;
        std::string key;
        if ((seed == "000" || seed == "001") && std::regex_match(line, m, std::regex(R"((\d+(?:\.\d+)*) [A-Z].*)"))) key = m[1];
        if (seed == "002" && std::regex_match(line, m, std::regex(R"((\d)\) [A-Z].*)"))) key = m[1].str() + ")";
        if (seed == "002" && std::regex_search(line, m, std::regex(R"(^(Table \d+):)"))) key = m[1];
        if (seed == "002" && line == "Game Sequence") key = line;
        if (seed == "001" && std::regex_match(line, std::regex(R"(\d\d:\d\d)"))) key = line;
        if (seed == "004" && std::regex_match(line, std::regex(R"([A-Z][A-Z &/'-]{2,}[A-Z])"))) key = line;
        if (!key.empty() && !found.count(key)) found[key] = line;
    }
    return found;
}

struct SeedCitation {
    std::string where;
    std::string seed;
    std::string cited;  // as written: "8.1.1", "Table 6", "Game Sequence 3", "4)", "MELEES", "12:15"
    std::string key;    // the heading it names in the list
};

// The key of the heading a cited section names, "" when the form is not one of the list's.
std::string heading_key(const std::string& seed, const std::string& cited) {
    std::smatch m;
    if (seed == "002") {
        if (std::regex_match(cited, m, std::regex(R"(Tables? (\d+))"))) return "Table " + m[1].str();
        if (std::regex_match(cited, m, std::regex(R"(Game Sequence (\d))"))) return m[1].str() + ")";
        if (cited == "Game Sequence") return cited;
        if (std::regex_match(cited, m, std::regex(R"((\d)\)?)"))) return m[1].str() + ")";
        return {};
    }
    if (std::regex_match(cited, std::regex(R"(\d+(?:\.\d+)*)"))) return cited;
    if (std::regex_match(cited, std::regex(R"(\d\d:\d\d)"))) return cited;
    if (std::regex_match(cited, std::regex(R"([A-Z][A-Z &/'-]*[A-Z])"))) return cited;
    return {};
}

std::vector<SeedCitation> seed_citations(int& other_forms) {
    std::vector<SeedCitation> out;
    other_forms = 0;
    // "seed 000, 8.4", "seed 000, section 6", "seed 002, Table 6", "seed 002, 4) Combat Phase",
    // "seed 002, Game Sequence 3", "seed 004, COMMAND & CONTROL", "seed 001, 12:15".
    const std::regex cite(
        R"(seed (00\d),? (?:sections? )?(Tables? \d+|Game Sequence(?: \d)?|\d\d:\d\d|\d+(?:\.\d+)*\)?|[A-Z][A-Z&/' -]*[A-Z]|.))");
    const fs::path root = source_tree();
    for (const char* folder : {"src", "include", "docs", "scripts"}) {
        if (!fs::exists(root / folder)) continue;
        for (const auto& entry : fs::recursive_directory_iterator(root / folder)) {
            if (!entry.is_regular_file()) continue;
            const std::string ext = entry.path().extension().string();
            if (ext != ".cpp" && ext != ".hpp" && ext != ".md" && ext != ".py" && ext != ".sh" && ext != ".js") continue;
            if (entry.path().filename() == "seed-sections.md") continue;
            const std::vector<std::string> lines = lines_of(read_all(entry.path()));
            for (std::size_t i = 0; i < lines.size(); ++i) {
                for (auto it = std::sregex_iterator(lines[i].begin(), lines[i].end(), cite); it != std::sregex_iterator(); ++it) {
                    SeedCitation c;
                    c.where = fs::relative(entry.path(), root).generic_string() + ":" + std::to_string(i + 1);
                    c.seed = (*it)[1];
                    c.cited = (*it)[2];
                    // Numbers in seeds 000 and 001 with a ")" are a sentence's parenthesis: "(seed 000, 6)".
                    if (c.seed != "002" && !c.cited.empty() && c.cited.back() == ')') c.cited.pop_back();
                    c.key = heading_key(c.seed, c.cited);
                    if (c.key.empty()) {
                        ++other_forms;  // words or a quoted title ("seed 003, \"Steady!\"", "seed 000, The Age of Glaube")
                        continue;
                    }
                    out.push_back(std::move(c));
                }
            }
        }
    }
    return out;
}

TEST(Citations, EverySeedSectionCitedIsAHeadingOfThatSeed) {
    const auto sections = seed_sections();
    ASSERT_GE(sections.size(), 4u) << "docs/rules/seed-sections.md was not read";
    int other_forms = 0;
    const std::vector<SeedCitation> found = seed_citations(other_forms);
    ASSERT_GE(found.size(), 200u) << "the source tree was not found at " << source_tree();
    const bool list = std::getenv("FORTUNA_LIST_CITATIONS") != nullptr;
    for (const SeedCitation& c : found) {
        const auto seed = sections.find(c.seed);
        const auto heading = seed == sections.end() ? std::map<std::string, std::string>::const_iterator() : seed->second.find(c.key);
        if (seed == sections.end() || heading == seed->second.end()) {
            ADD_FAILURE() << c.where << " cites seed " << c.seed << ", " << c.cited << ": no such heading in that seed (docs/rules/seed-sections.md)";
            continue;
        }
        if (list) std::cout << c.where << ": seed " << c.seed << ", " << c.cited << " -> " << heading->second << "\n";
    }
    if (list) std::cout << found.size() << " section citations checked; " << other_forms << " cite a seed by words or a quoted title\n";
}

TEST(Citations, TheListOfSeedSectionsIsTheSeeds) {
    // Where the seed texts are at hand, the list is what they hold: no heading invented.
    std::vector<fs::path> candidates;
    if (const char* env = std::getenv("FORTUNA_SEEDS_DIR")) candidates.emplace_back(env);
    candidates.push_back(source_tree() / ".." / "shared" / "seeds");
    const auto folder = std::find_if(candidates.begin(), candidates.end(), [](const fs::path& p) { return fs::exists(p / "README.md"); });
    if (folder == candidates.end()) GTEST_SKIP() << "the seed texts are not here (FORTUNA_SEEDS_DIR)";
    const auto sections = seed_sections();
    for (const auto& entry : fs::directory_iterator(*folder)) {
        const std::string name = entry.path().filename().string();
        if (entry.path().extension() != ".txt" || name.size() < 4) continue;
        const std::string seed = name.substr(0, 3);
        const auto headings = headings_in(seed, read_all(entry.path()));
        const auto listed = sections.count(seed) ? sections.at(seed) : std::map<std::string, std::string>();
        if (seed == "003") continue;  // cited by its posts' titles, not listed
        for (const auto& [key, line] : headings) {
            std::string shown = line;
            std::replace(shown.begin(), shown.end(), '|', '/');
            EXPECT_EQ(listed.count(key) ? listed.at(key) : std::string("(missing)"), shown) << "seed " << seed << ", " << key;
        }
        EXPECT_EQ(listed.size(), headings.size()) << "seed " << seed;
    }
}

TEST(Citations, TheSectionCheckCatchesASectionTheSeedDoesNotHave) {
    const auto sections = seed_sections();
    EXPECT_TRUE(sections.at("000").count(heading_key("000", "8.4")));
    EXPECT_FALSE(sections.at("000").count(heading_key("000", "8.9")));
    EXPECT_TRUE(sections.at("002").count(heading_key("002", "Game Sequence 3")));
    EXPECT_FALSE(sections.at("002").count(heading_key("002", "Table 9")));
    EXPECT_TRUE(sections.at("004").count(heading_key("004", "MELEES")));
}

}  // namespace
