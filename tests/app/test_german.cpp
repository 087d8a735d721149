// SPDX-License-Identifier: MIT
// The main window under a German locale (LANG=de_DE.UTF-8): German menus and docks, English rules data.
#include <QAbstractButton>
#include <QApplication>
#include <QDir>
#include <QDockWidget>
#include <QLabel>
#include <QLineEdit>
#include <QMenuBar>
#include <QMessageBox>
#include <QPushButton>
#include <QRegularExpression>
#include <QSettings>
#include <QStandardPaths>
#include <QTest>

#include <map>
#include <memory>

#include "battle_lab_dialog.hpp"
#include "export_actions.hpp"
#include "fortuna/seam/library.hpp"
#include "game_document.hpp"
#include "main_window.hpp"
#include "translations.hpp"

using namespace fortuna;
using namespace fortuna::app;
using namespace Qt::StringLiterals;

namespace {

// The letter after a single '&' ("Compu&ter spielt" -> 't'), or none; "&&" is a literal ampersand.
QChar mnemonic(const QString& text) {
    static const QRegularExpression accelerator(u"(?<!&)&([^&])"_s);
    const QRegularExpressionMatch match = accelerator.match(QString(text).replace(u"&&"_s, QString()));
    return match.hasMatch() ? match.captured(1).at(0).toLower() : QChar();
}

// The texts of a group (one menu, one dialog) that share an Alt letter: "t: Compu&ter spielt, &Tasten".
QStringList clashes(const QStringList& texts) {
    std::map<QChar, QStringList> by_letter;
    for (const QString& text : texts)
        if (const QChar letter = mnemonic(text); !letter.isNull()) by_letter[letter] << text;
    QStringList found;
    for (const auto& [letter, group] : by_letter)
        if (group.size() > 1) found << QString(letter) + u": "_s + group.join(u", "_s);
    return found;
}

QMenu* menuTitled(const QMainWindow& window, const QString& title) {
    for (QAction* action : window.menuBar()->actions())
        if (action->text() == title) return action->menu();
    return nullptr;
}

QStringList textsOf(const QMenu& menu) {
    QStringList texts;
    for (const QAction* action : menu.actions())
        if (!action->isSeparator()) texts << action->text();
    return texts;
}

// Every menu below the menu bar, submenus included ("Spiel > Computer spielt").
void collectMenus(QMenu* menu, QList<QMenu*>& into) {
    into << menu;
    for (QAction* action : menu->actions())
        if (action->menu() != nullptr) collectMenus(action->menu(), into);
}

// The main window in German on the test skirmish, shown; null if the scenario did not open.
std::unique_ptr<MainWindow> germanWindowOnSkirmish() {
    installTranslations(*QCoreApplication::instance());
    auto window = std::make_unique<MainWindow>(std::make_shared<const RulesLibrary>(RulesLibrary::load()));
    window->document().setRecoveryEnabled(false);
    if (!window->openFile(u"test-skirmish"_s, true)) return nullptr;
    window->show();
    if (!QTest::qWaitForWindowExposed(window.get())) return nullptr;
    return window;
}

}  // namespace

class GermanTest : public QObject {
    Q_OBJECT

private slots:
    void initTestCase() {
        // The export box remembers its folder in the settings: keep the user's own settings out of it.
        QStandardPaths::setTestModeEnabled(true);
        QSettings().clear();
    }

    void menusAndDocksSpeakGerman() {
        QCOMPARE(QLocale().language(), QLocale::German);  // ctest sets LANG, LC_ALL, LC_MESSAGES
        const std::unique_ptr<MainWindow> shown = germanWindowOnSkirmish();
        QVERIFY(shown != nullptr);
        MainWindow& window = *shown;

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

    // The strings of the second session (the desk, the file dialogs, the computer's menu) had no
    // German until the 138-string pass; each check names a screen a German club sees.
    void theDeskAndTheFileDialogsSpeakGerman() {
        const std::unique_ptr<MainWindow> shown = germanWindowOnSkirmish();
        QVERIFY(shown != nullptr);
        MainWindow& window = *shown;

        QMenu* game = menuTitled(window, u"&Spiel"_s);
        QVERIFY(game != nullptr);
        const QStringList game_texts = textsOf(*game);
        for (const QString& german : {u"Compu&ter spielt"_s, u"Schlachtla&bor …"_s, u"Verstärkungen &heranführen"_s})
            QVERIFY2(game_texts.contains(german), qPrintable(game_texts.join(u" | "_s)));
        for (const QString& text : game_texts) QVERIFY2(!text.contains(u"Companion"_s), qPrintable(text));

        QMenu* edit = menuTitled(window, u"&Bearbeiten"_s);
        QVERIFY(edit != nullptr);
        const QStringList edit_texts = textsOf(*edit);
        for (const QString& german : {u"Nächste Einheit der ziehenden Seite auswählen (Tab)"_s, u"Nächsten &Gegner in Reichweite auswählen"_s})
            QVERIFY2(edit_texts.contains(german), qPrintable(edit_texts.join(u" | "_s)));

        // File > Battle Report exists when the report library was built.
        if (const auto* report = window.findChild<QAction*>(u"battleReport"_s))
            QCOMPARE(report->text(), u"Schlachtbe&richt (HTML oder PDF) …"_s);

        const auto* command_line = window.findChild<QLineEdit*>(u"commandLine"_s);
        QVERIFY(command_line != nullptr);
        QCOMPARE(command_line->accessibleName(), u"Befehlszeile des Schiedsrichters"_s);
        const auto* welcome_close = window.findChild<QPushButton*>(u"welcomeClose"_s);
        QVERIFY(welcome_close != nullptr);
        QCOMPARE(welcome_close->text(), u"Verstanden (Esc)"_s);

        // The box after a file is written: its title, its sentence and its Open button.
        const QString file = QDir::tempPath() + u"/kleinfeld-report.html"_s;
        confirm_export(&window, file, QObject::tr("The battle report"));
        auto* box = window.findChild<QMessageBox*>(u"exportConfirmation"_s);
        QVERIFY(box != nullptr);
        QCOMPARE(box->windowTitle(), u"Gespeichert"_s);
        QCOMPARE(box->text(), u"Der Schlachtbericht wurde gespeichert als\n"_s + QDir::toNativeSeparators(file));
        QStringList buttons;
        for (const QAbstractButton* button : box->buttons()) buttons << button->text();
        QVERIFY2(buttons.contains(u"Ö&ffnen"_s), qPrintable(buttons.join(u", "_s)));
        box->close();
    }

    // Alt+letter must reach one entry: no two entries of a menu (or of the menu bar, or of the
    // battle lab's form) share their underlined letter in German.
    void acceleratorsDoNotClash() {
        const std::unique_ptr<MainWindow> shown = germanWindowOnSkirmish();
        QVERIFY(shown != nullptr);
        MainWindow& window = *shown;

        QStringList titles;
        QList<QMenu*> menus;
        for (QAction* action : window.menuBar()->actions()) {
            titles << action->text();
            if (action->menu() != nullptr) collectMenus(action->menu(), menus);
        }
        QVERIFY2(clashes(titles).isEmpty(), qPrintable(clashes(titles).join(u"; "_s)));
        QVERIFY(menus.size() >= 7);  // Datei, Zuletzt geöffnet, Bearbeiten, Ansicht, Werkzeuge, Spiel, Computer spielt, Hilfe
        for (const QMenu* menu : menus) {
            const QStringList found = clashes(textsOf(*menu));
            QVERIFY2(found.isEmpty(), qPrintable(menu->title() + u": "_s + found.join(u"; "_s)));
        }

        auto* lab_action = window.findChild<QAction*>(u"battleLab"_s);
        QVERIFY(lab_action != nullptr);
        lab_action->trigger();
        auto* lab = window.findChild<BattleLabDialog*>();
        QVERIFY(lab != nullptr);
        QStringList lab_texts;
        for (const QLabel* label : lab->findChildren<QLabel*>()) lab_texts << label->text();
        for (const QAbstractButton* button : lab->findChildren<QAbstractButton*>()) lab_texts << button->text();
        QVERIFY2(lab_texts.contains(u"&Erster Startwert:"_s), qPrintable(lab_texts.join(u" | "_s)));
        QVERIFY2(clashes(lab_texts).isEmpty(), qPrintable(clashes(lab_texts).join(u"; "_s)));
        lab->close();
    }
};

#include "app_test_registry.hpp"
FORTUNA_APP_TEST(fortuna_app_german_tests, GermanTest)
#include "test_german.moc"
