// SPDX-License-Identifier: MIT
// The main window under a German locale (LANG=de_DE.UTF-8): German menus and docks, English rules data.
#include <QApplication>
#include <QDockWidget>
#include <QMenuBar>
#include <QTest>

#include <memory>

#include "fortuna/library.hpp"
#include "game_document.hpp"
#include "main_window.hpp"
#include "translations.hpp"

using namespace fortuna;
using namespace fortuna::app;
using namespace Qt::StringLiterals;

class GermanTest : public QObject {
    Q_OBJECT

private slots:
    void menusAndDocksSpeakGerman() {
        QCOMPARE(QLocale().language(), QLocale::German);  // ctest sets LANG, LC_ALL, LC_MESSAGES
        installTranslations(*QCoreApplication::instance());
        MainWindow window(std::make_shared<const RulesLibrary>(RulesLibrary::load()));
        window.document().setRecoveryEnabled(false);
        QVERIFY(window.openFile(u"test-skirmish"_s, true));
        window.show();
        QVERIFY(QTest::qWaitForWindowExposed(&window));

        QStringList menus;
        for (const QAction* action : window.menuBar()->actions()) menus << action->text();
        for (const QString& german : {u"&Datei"_s, u"&Bearbeiten"_s, u"&Ansicht"_s, u"&Werkzeuge"_s, u"&Spiel"_s, u"&Hilfe"_s})
            QVERIFY2(menus.contains(german), qPrintable(menus.join(u", "_s)));
        QVERIFY2(!menus.contains(u"&File"_s), qPrintable(menus.join(u", "_s)));

        QStringList docks;
        for (const QDockWidget* dock : window.findChildren<QDockWidget*>()) docks << dock->windowTitle();
        QVERIFY2(docks.contains(u"Schlachtordnung"_s), qPrintable(docks.join(u", "_s)));
        QVERIFY2(docks.contains(u"Moralkrise"_s), qPrintable(docks.join(u", "_s)));

        // The scenario's name comes from the data and stays as written.
        QVERIFY2(window.windowTitle().contains(u"Skirmish at Kleinfeld"_s), qPrintable(window.windowTitle()));
    }
};

QTEST_MAIN(GermanTest)
#include "test_german.moc"
