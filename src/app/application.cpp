// SPDX-License-Identifier: MIT
// Start-up of the fortuna executable: arguments, the default battle, the recovery offer, --screenshot.
#include "application.hpp"

#include <QApplication>
#include <QCommandLineParser>
#include <QDir>
#include <QDockWidget>
#include <QElapsedTimer>
#include <QFile>
#include <QMessageBox>
#include <QStatusBar>
#include <QTimer>
#include <QToolBar>

#include <cstdio>
#include <future>
#include <memory>
#include <string_view>

#include <spdlog/spdlog.h>

#include "board_view.hpp"
#include "fortuna/seam/library.hpp"
#include "fortuna/land/scenario.hpp"
#include "game_document.hpp"
#include "main_window.hpp"
#include "man_page.hpp"
#include "qt_text.hpp"
#include "translations.hpp"

// The icon lives in fortuna_app, a static library: its resources must be pulled in by name,
// from the global namespace (Q_INIT_RESOURCE declares a global function).
static void init_fortuna_resources() { Q_INIT_RESOURCE(fortuna); }

namespace fortuna::app {

using namespace Qt::StringLiterals;

namespace {

// Ends the process as soon as the board has been painted once (scripts/bench-app.sh).
class QuitAfterPaint : public QObject {
public:
    QuitAfterPaint(const QElapsedTimer* clock, QObject* parent) : QObject(parent), clock_(clock) {}
    bool eventFilter(QObject*, QEvent* event) override {
        if (event->type() == QEvent::Paint && !done_) {
            done_ = true;
            if (clock_ != nullptr) std::fprintf(stderr, "first paint of the board: %lld ms\n", static_cast<long long>(clock_->elapsed()));
            QTimer::singleShot(0, qApp, &QCoreApplication::quit);
        }
        return false;
    }

private:
    const QElapsedTimer* clock_;
    bool done_ = false;
};

// --help, --version and --screenshot need no screen: without one (no X or Wayland display and no
// platform chosen) they run on the offscreen platform instead of aborting. Decided before the
// QApplication is built, which is when Qt connects to the display.
void fall_back_to_offscreen(int argc, char** argv) {
    if (qEnvironmentVariableIsSet("QT_QPA_PLATFORM") || qEnvironmentVariableIsSet("DISPLAY") || qEnvironmentVariableIsSet("WAYLAND_DISPLAY"))
        return;
    for (int i = 1; i < argc; ++i) {
        const std::string_view arg = argv[i];
        if (arg == "--help" || arg == "-h" || arg == "--help-all" || arg == "--version" || arg == "-v" || arg == "--screenshot" ||
            arg.starts_with("--screenshot=")) {
            qputenv("QT_QPA_PLATFORM", "offscreen");
            return;
        }
    }
}

QString default_battle(const RulesLibrary& library) {
    // White Mountain when the scenario is shipped (its own issue) and loads, else the test
    // scenario: a broken army it needs must not leave the app without a battle at start.
    const auto dir = library.data_dir() / "scenarios";
    if (std::filesystem::exists(dir / "white-mountain-1620.json")) {
        try {
            (void)load_scenario(library, "white-mountain-1620");
            return u"white-mountain-1620"_s;
        } catch (const std::exception& error) {
            spdlog::error("the default battle cannot be opened, the test skirmish instead: {}", error.what());
        }
    }
    return u"test-skirmish"_s;
}

}  // namespace

int run_fortuna(int argc, char** argv) {
    // The rules data (pure C++, no Qt) loads on a thread while Qt connects to the display and
    // reads its fonts: the two together are most of a cold start (scripts/bench-app.sh).
    QElapsedTimer clock;
    clock.start();
    auto loading = std::async(std::launch::async, [] { return RulesLibrary::load(); });
    fall_back_to_offscreen(argc, argv);
    QApplication app(argc, argv);
    init_fortuna_resources();
    installTranslations(app);
    QApplication::setOrganizationName(u"Fortuna Belli"_s);
    QApplication::setApplicationName(u"fortuna"_s);
    QApplication::setApplicationVersion(qs(FORTUNA_VERSION));
    QApplication::setWindowIcon(QIcon(u":/fortuna/fortuna.svg"_s));

    QCommandLineParser parser;
    parser.setApplicationDescription(u"Fortuna Belli: the board at true scale and the umpire's desk."_s);
    parser.addHelpOption();
    parser.addVersionOption();
    QCommandLineOption screenshot(u"screenshot"_s, u"Render the main window with FILE open to a PNG and exit."_s, u"out.png"_s);
    QCommandLineOption size(u"size"_s, u"Window size for --screenshot (default 1600x1000)."_s, u"WxH"_s, u"1600x1000"_s);
    QCommandLineOption command(u"command"_s, u"Run an umpire's command before the screenshot (repeatable)."_s, u"text"_s);
    QCommandLineOption dock(u"dock"_s, u"Raise a dock before the screenshot: combat, artillery, rally, crisis, journal, log."_s, u"name"_s);
    QCommandLineOption board_only(u"board-only"_s, u"For --screenshot: hide the docks and the command line, the board fills the window."_s);
    QCommandLineOption quit_after_paint(u"quit-after-paint"_s, u"Exit once the board is painted (start-up benchmark)."_s);
    QCommandLineOption man(u"man"_s, u"Print the manual page (roff) and exit."_s);
    man.setFlags(QCommandLineOption::HiddenFromHelp);
    parser.addOptions({screenshot, size, command, dock, board_only, quit_after_paint, man});
    parser.addPositionalArgument(u"file"_s, u"A scenario (id or .json), a saved game (.fortuna) or a recovery journal."_s, u"[file]"_s);
    // --help and --version exit inside process(): the loading thread must be done by then.
    loading.wait();
    parser.process(app);
    if (parser.isSet(man)) {
        std::fputs(manPageFromHelp(parser.helpText(), qs(FORTUNA_VERSION)).toUtf8().constData(), stdout);
        return 0;
    }

    const bool timing = qEnvironmentVariableIsSet("FORTUNA_TIMING");
    if (timing) std::fprintf(stderr, "Qt application ready: %lld ms\n", static_cast<long long>(clock.elapsed()));
    std::shared_ptr<const RulesLibrary> library;
    try {
        library = std::make_shared<const RulesLibrary>(loading.get());
        if (const QString broken = showRulesWordsInLocale(library->data_dir()); !broken.isEmpty())
            spdlog::warn("the rules' words stay in English: {}", broken.toStdString());
    } catch (const std::exception& error) {
        // No rules folder at all: nothing can be played, but say so where the user looks.
        spdlog::critical("cannot load the rules data: {}", error.what());
        std::fprintf(stderr, "fortuna: cannot load the rules data: %s\n", error.what());
        if (!parser.isSet(screenshot) && !parser.isSet(quit_after_paint))
            QMessageBox::critical(nullptr, u"Fortuna Belli"_s, QApplication::translate("fortuna", "The rules data cannot be loaded:\n\n%1").arg(qs(error.what())));
        return 2;
    }
    // A broken data file disables only itself (RulesLibrary::problems): name each in the log
    // and on stderr now, and in a dialog once the window is up.
    QStringList broken;
    for (const DataError& problem : library->problems()) {
        spdlog::error("data file left out: {}", problem.what());
        std::fprintf(stderr, "fortuna: left out a broken data file: %s\n", problem.what());
        broken << qs(problem.what());
    }

    if (timing) std::fprintf(stderr, "rules library loaded: %lld ms\n", static_cast<long long>(clock.elapsed()));
    const bool shooting = parser.isSet(screenshot);
    const bool benchmarking = parser.isSet(quit_after_paint);
    MainWindow window(library);
    if (timing) std::fprintf(stderr, "main window built: %lld ms\n", static_cast<long long>(clock.elapsed()));
    if (shooting || benchmarking) window.document().setRecoveryEnabled(false);
    const QString file = parser.positionalArguments().value(0, default_battle(*library));
    if (shooting) {
        const QStringList wh = parser.value(size).split(u'x');
        window.resize(wh.value(0).toInt() > 0 ? wh.value(0).toInt() : 1600, wh.value(1).toInt() > 0 ? wh.value(1).toInt() : 1000);
    }
    const bool asked = parser.positionalArguments().size() > 0;
    if (shooting || benchmarking) {
        if (!window.openFile(file, true)) {
            std::fprintf(stderr, "fortuna: cannot open %s\n", file.toLocal8Bit().constData());
            return 1;
        }
    } else if (asked) {
        window.openOrInstead(file, default_battle(*library));
    } else {
        window.openFile(file);
    }
    if (timing) std::fprintf(stderr, "window built, battle open: %lld ms\n", static_cast<long long>(clock.elapsed()));
    if (benchmarking) {
        auto* filter = new QuitAfterPaint(timing ? &clock : nullptr, &window);
        window.boardView().viewport()->installEventFilter(filter);
        window.show();
        return app.exec();
    }
    if (!window.gaveWayToADesk()) window.show();
    if (shooting) {
        QApplication::processEvents();
        window.boardView().fitTable();
        for (const QString& text : parser.values(command)) {
            const QString error = window.runCommand(text);
            if (!error.isEmpty()) std::fprintf(stderr, "fortuna: %s: %s\n", text.toLocal8Bit().constData(), error.toLocal8Bit().constData());
            QApplication::processEvents();
        }
        if (parser.isSet(dock)) window.raiseDock(parser.value(dock));
        if (parser.isSet(board_only)) {
            QApplication::processEvents();  // the docks built after the first paint, then hidden
            for (QDockWidget* d : window.findChildren<QDockWidget*>()) d->hide();
            if (auto* bar = window.findChild<QToolBar*>(u"commandBar"_s)) bar->hide();
            window.statusBar()->hide();
        }
        for (int i = 0; i < 5; ++i) QApplication::processEvents();
        const QString out = parser.value(screenshot);
        if (!window.grab().save(out)) {
            std::fprintf(stderr, "fortuna: cannot write %s\n", out.toLocal8Bit().constData());
            return 1;
        }
        std::printf("%s\n", out.toLocal8Bit().constData());
        return 0;
    }
    if (!broken.isEmpty()) {
        QTimer::singleShot(0, &window, [&window, broken] {
            const int count = static_cast<int>(broken.size());  // lupdate reads no cast in tr()'s count
            QMessageBox box(QMessageBox::Warning, QApplication::translate("fortuna", "Broken data files left out"),
                            QApplication::translate("fortuna", "%n data file(s) could not be loaded and were left out. "
                                                               "Every rule set, army and scenario that does not depend on them works.", nullptr, count),
                            QMessageBox::Ok, &window);
            box.setObjectName(u"brokenDataFiles"_s);
            box.setDetailedText(broken.join(u"\n\n"_s));
            box.setInformativeText(broken.join(u"\n\n"_s).left(600));
            box.exec();
        });
    }
    QTimer::singleShot(0, &window, &MainWindow::offerRecovery);
    return app.exec();
}

}  // namespace fortuna::app
