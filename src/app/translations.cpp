// SPDX-License-Identifier: MIT
// The app's own words in the user's language: the shipped translation chosen from the locale.
#include "translations.hpp"

#include <QCoreApplication>
#include <QLibraryInfo>
#include <QLocale>
#include <QTranslator>

#include "fortuna/core/message_catalogue.hpp"

namespace fortuna::app {

using namespace Qt::StringLiterals;

namespace {

void install(QCoreApplication& app, const QString& name, const QString& folder) {
    auto* translator = new QTranslator(&app);
    // Tries fortuna_de_AT.qm, then fortuna_de.qm, ... for each of the user's languages.
    if (translator->load(QLocale(), name, u"_"_s, folder)) app.installTranslator(translator);
    else delete translator;
}

}  // namespace

void installTranslations(QCoreApplication& app) {
    install(app, u"fortuna"_s, u":/i18n"_s);  // qt_add_translations in src/app/CMakeLists.txt
    install(app, u"qtbase"_s, QLibraryInfo::path(QLibraryInfo::TranslationsPath));  // dialog buttons
}

QString showRulesWordsInLocale(const std::filesystem::path& data_dir) {
    const QString language = QLocale().name().section(u'_', 0, 0);
    try {
        show_words_in(catalogue_for(language.toStdString(), data_dir));
        return {};
    } catch (const std::exception& error) {
        show_words_in(nullptr);
        return QString::fromStdString(error.what());
    }
}

}  // namespace fortuna::app
