// SPDX-License-Identifier: MIT
// main() of fortuna_app_tests: runs the QtTest class named on its command line as its own program
// (QTEST_MAIN) ran it, so that CI links the app once for all its test classes.
#include <QApplication>
#include <QByteArray>
#include <QString>
#include <QTest>

#include <algorithm>
#include <cstdio>
#include <set>
#include <string>
#include <string_view>
#include <vector>

#include "app_test_registry.hpp"

namespace fortuna::app_tests {

std::vector<RegisteredTest>& registeredTests() {
    static std::vector<RegisteredTest> tests;
    return tests;
}

namespace app_tests_runner {

constexpr const char* kProgram = "fortuna_app_tests";

// The classes by name: the listing and the lookups read the same order on every run.
std::vector<RegisteredTest> sortedTests() {
    std::vector<RegisteredTest> tests = registeredTests();
    std::sort(tests.begin(), tests.end(),
              [](const RegisteredTest& a, const RegisteredTest& b) { return std::string_view(a.name) < std::string_view(b.name); });
    return tests;
}

// A class answers to its ctest name ("fortuna_app_german_tests"), its C++ name
// ("fortuna::app::BattleLabTest") and that name without its namespace ("BattleLabTest").
bool answersTo(const RegisteredTest& test, std::string_view asked) {
    const std::string_view class_name = test.meta->className();
    const std::size_t colons = class_name.rfind("::");
    const std::string_view short_name = colons == std::string_view::npos ? class_name : class_name.substr(colons + 2);
    return asked == test.name || asked == class_name || asked == short_name;
}

void printUsage(std::FILE* to) {
    std::fprintf(to,
                 "usage: %s CLASS [QtTest options and test functions]\n"
                 "       %s all [QtTest options]\n"
                 "CLASS runs one test class, as its own program once did (one function: %s CLASS function).\n"
                 "'all' runs every class in turn in this one process, without the environment ctest gives\n"
                 "each (the German class needs LANG=de_DE.UTF-8): 'ctest -L app' runs them as CI does.\n"
                 "The classes (ctest's name, then the class):\n",
                 kProgram, kProgram, kProgram);
    for (const RegisteredTest& test : sortedTests()) std::fprintf(to, "  %-40s %s\n", test.name, test.meta->className());
}

// The source path QFINDTESTDATA starts from, as QTEST_MAIN set it (the build folder too, as CMake
// defines it for a Qt test).
void setSourcePath(const RegisteredTest& test) {
#ifdef QT_TESTCASE_BUILDDIR
    QTest::setMainSourcePath(test.source, QT_TESTCASE_BUILDDIR);
#else
    QTest::setMainSourcePath(test.source);
#endif
}

// QTEST_MAIN's set-up around one class: its initMain(), the QApplication, 96 dpi, the source path.
// The application's name stays the program's former one, so each class keeps its own settings file
// and test-mode folders when ctest runs two classes side by side.
int runClass(const RegisteredTest& test, std::vector<char*> arguments) {
    test.init_main();
    int count = static_cast<int>(arguments.size());
    arguments.push_back(nullptr);
    QApplication application(count, arguments.data());
    QApplication::setAttribute(Qt::AA_Use96Dpi, true);
    QCoreApplication::setApplicationName(QString::fromUtf8(test.name));
    setSourcePath(test);
    const std::unique_ptr<QObject> object = test.make();
    return QTest::qExec(object.get(), count, arguments.data());
}

// Every class in turn under one QApplication; the number of classes that failed.
int runAll(const std::vector<RegisteredTest>& tests, std::vector<char*> arguments) {
    for (const RegisteredTest& test : tests) test.init_main();
    int count = static_cast<int>(arguments.size());
    arguments.push_back(nullptr);
    QApplication application(count, arguments.data());
    QApplication::setAttribute(Qt::AA_Use96Dpi, true);
    std::vector<std::string> failed;
    for (const RegisteredTest& test : tests) {
        QCoreApplication::setApplicationName(QString::fromUtf8(test.name));
        setSourcePath(test);
        const std::unique_ptr<QObject> object = test.make();
        if (QTest::qExec(object.get(), count, arguments.data()) != 0) failed.emplace_back(test.name);
    }
    std::fprintf(stdout, "%s: %zu of %zu classes passed\n", kProgram, tests.size() - failed.size(), tests.size());
    for (const std::string& name : failed) std::fprintf(stdout, "  failed: %s\n", name.c_str());
    return static_cast<int>(std::min<std::size_t>(failed.size(), 125));
}

// CMake's check (the test fortuna_app_tests_every_class_runs): the names ctest runs are exactly
// the registered classes, each registered once, so that no class is compiled in and never run.
int checkCtestRuns(const std::vector<RegisteredTest>& tests, const std::vector<std::string_view>& run) {
    const std::set<std::string_view> runs(run.begin(), run.end());
    int problems = 0;
    for (std::size_t i = 1; i < tests.size(); ++i)
        if (std::string_view(tests[i - 1].name) == tests[i].name) {
            std::fprintf(stderr, "%s: two classes are registered as %s (%s and %s): expected a name of its own for each\n", kProgram,
                         tests[i].name, tests[i - 1].meta->className(), tests[i].meta->className());
            ++problems;
        }
    for (const RegisteredTest& test : tests)
        if (runs.count(test.name) == 0) {
            std::fprintf(stderr, "%s: the class %s (%s) is registered but no ctest test runs it: add fortuna_app_test(%s ...) to tests/app/CMakeLists.txt\n",
                         kProgram, test.meta->className(), test.name, test.name);
            ++problems;
        }
    for (const std::string_view name : runs)
        if (std::none_of(tests.begin(), tests.end(), [&](const RegisteredTest& test) { return name == test.name; })) {
            std::fprintf(stderr, "%s: ctest runs '%.*s', which no file registers: expected FORTUNA_APP_TEST(%.*s, ...) in its test file\n",
                         kProgram, static_cast<int>(name.size()), name.data(), static_cast<int>(name.size()), name.data());
            ++problems;
        }
    if (problems == 0) std::fprintf(stdout, "%s: ctest runs each of the %zu registered classes\n", kProgram, tests.size());
    return problems == 0 ? 0 : 1;
}

int run(int argc, char* argv[]) {
    const std::vector<RegisteredTest> tests = sortedTests();
    if (argc < 2) {
        printUsage(stdout);
        return 0;
    }
    const std::string_view first = argv[1];
    if (first == "-h" || first == "-help" || first == "--help") {
        printUsage(stdout);
        return 0;
    }
    if (first == "--ctest-runs") return checkCtestRuns(tests, std::vector<std::string_view>(argv + 2, argv + argc));

    // Without a display Qt would stop the program at the QApplication: the offscreen platform
    // stands in, as it does for the app's --help (ctest sets it anyway).
    if (qEnvironmentVariableIsEmpty("QT_QPA_PLATFORM") && qEnvironmentVariableIsEmpty("DISPLAY") &&
        qEnvironmentVariableIsEmpty("WAYLAND_DISPLAY"))
        qputenv("QT_QPA_PLATFORM", "offscreen");

    // QtTest reads the program's name and everything after the class, as it did before.
    std::vector<char*> arguments{argv[0]};
    arguments.insert(arguments.end(), argv + 2, argv + argc);
    if (first == "all") return runAll(tests, arguments);
    for (const RegisteredTest& test : tests)
        if (answersTo(test, first)) return runClass(test, arguments);

    if (first.starts_with('-'))
        std::fprintf(stderr, "%s: the first argument names a test class (or 'all'), and QtTest's options such as '%s' follow it; expected one of:\n", kProgram, argv[1]);
    else
        std::fprintf(stderr, "%s: the first argument names a test class (or 'all'), and '%s' is none; expected one of:\n", kProgram, argv[1]);
    for (const RegisteredTest& test : tests) std::fprintf(stderr, "  %s\n", test.name);
    return 2;
}

}  // namespace app_tests_runner
}  // namespace fortuna::app_tests

int main(int argc, char* argv[]) { return fortuna::app_tests::app_tests_runner::run(argc, argv); }
