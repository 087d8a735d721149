// SPDX-License-Identifier: MIT
// The app's QtTest classes share one program, fortuna_app_tests: each file registers its class
// under the name ctest runs it by (the name of the program the class once had to itself).
#pragma once

#include <QMetaObject>
#include <QObject>

#include <memory>
#include <vector>

namespace fortuna::app_tests {

struct RegisteredTest {
    const char* name;          // ctest's name for the class, "fortuna_app_german_tests"
    const QMetaObject* meta;   // the class itself, "GermanTest"
    const char* source;        // its file, for QFINDTESTDATA (QTest::setMainSourcePath), as QTEST_MAIN did
    void (*init_main)();       // the class's static initMain(), if it has one, before the QApplication
    std::unique_ptr<QObject> (*make)();
};

// Every class registered so far, in no particular order (static initialisation).
std::vector<RegisteredTest>& registeredTests();

template <typename TestClass>
bool registerTest(const char* name, const char* source) {
    registeredTests().push_back(RegisteredTest{
        name, &TestClass::staticMetaObject, source,
        [] {
            if constexpr (requires { TestClass::initMain(); }) TestClass::initMain();
        },
        []() -> std::unique_ptr<QObject> { return std::make_unique<TestClass>(); }});
    return true;
}

}  // namespace fortuna::app_tests

// In place of QTEST_MAIN(TestClass), at global scope after the class:
//   FORTUNA_APP_TEST(fortuna_app_german_tests, GermanTest)
// The name must also be run by a fortuna_app_test() in tests/app/CMakeLists.txt (the test
// fortuna_app_tests_every_class_runs fails otherwise).
#define FORTUNA_APP_TEST(name, TestClass)                                                                  \
    namespace fortuna_app_test_registrations {                                                             \
    [[maybe_unused]] const bool name = ::fortuna::app_tests::registerTest<TestClass>(#name, __FILE__);    \
    }
