// SPDX-License-Identifier: MIT
// Game > Table companion...: serve the open battle to the players' phones; URL, QR code and join codes.
#include "companion_dialog.hpp"

#include <QCheckBox>
#include <QComboBox>
#include <QDialogButtonBox>
#include <QFont>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QImage>
#include <QLabel>
#include <QNetworkInterface>
#include <QPixmap>
#include <QPushButton>
#include <QSignalBlocker>
#include <QSpinBox>
#include <QTreeWidget>
#include <QUndoStack>
#include <QVBoxLayout>

#ifdef FORTUNA_HAVE_QRENCODE
#include <qrencode.h>
#endif

#include "companion_server.hpp"
#include "fortuna/land/game.hpp"
#include "fortuna/land/system.hpp"
#include "fortuna/naval/system.hpp"
#include "fortuna/report/report_export.hpp"
#include "game_document.hpp"
#include "naval_desk.hpp"
#include "session_desk.hpp"
#include "qt_text.hpp"
#include "table_game.hpp"

namespace fortuna::app {

using namespace Qt::StringLiterals;

namespace {

QImage qrImage(const QString& text) {
#ifdef FORTUNA_HAVE_QRENCODE
    const QByteArray utf8 = text.toUtf8();
    QRcode* code = QRcode_encodeString(utf8.constData(), 0, QR_ECLEVEL_M, QR_MODE_8, 1);
    if (code == nullptr) return {};
    const int quiet = 4;  // the quiet zone readers need around the symbol
    const int size = code->width + 2 * quiet;
    QImage image(size, size, QImage::Format_RGB32);
    image.fill(Qt::white);
    for (int y = 0; y < code->width; ++y)
        for (int x = 0; x < code->width; ++x)
            if (code->data[y * code->width + x] & 1) image.setPixel(x + quiet, y + quiet, qRgb(0, 0, 0));
    QRcode_free(code);
    return image.scaled(size * 6, size * 6);
#else
    Q_UNUSED(text);
    return {};
#endif
}

}  // namespace

// perform() for actions, the undo stack for undo and redo, so that the desk's Edit > Undo and
// the journal stay one whoever acted.
companion::TableGame deskTableGame(GameDocument& document) {
    // The companion reads the game through the seam: a view of the document's land game, made
    // again when the desk opens another battle (another Game, scenario or seed).
    struct View {
        const Game* game = nullptr;
        std::string scenario;
        std::uint64_t seed = 0;
        std::unique_ptr<GameSession> session;
    };
    auto view = std::make_shared<View>();
    return companion::TableGame(
        [&document, view]() -> const GameSession* {
            if (!document.hasGame()) return nullptr;
            const Game& game = document.game();
            if (view->game != &game || view->scenario != game.scenario().id || view->seed != game.seed()) {
                view->session = land::land_session_view(game);
                view->game = &game;
                view->scenario = game.scenario().id;
                view->seed = game.seed();
            }
            return view->session.get();
        },
        [&document](const nlohmann::json& action) -> std::optional<std::string> {
            const std::string kind = action.value("do", std::string());
            if (kind == "undo" || kind == "redo") {
                QUndoStack* stack = document.undoStack();
                if (kind == "undo" ? !stack->canUndo() : !stack->canRedo()) return "there is nothing to " + kind;
                if (kind == "undo") stack->undo();
                else stack->redo();
                return std::nullopt;
            }
            if (document.performJson(action)) return document.lastRefusal();  // each phone tells its own
            return std::nullopt;
        },
        [&document] {
            // Copied here, drawn on the server's worker thread while the desk goes on.
            auto scene = std::make_shared<const report::BoardScene>(report::board_scene(document.game(), document.game().state()));
            return companion::TableGame::BoardDrawing([scene](int width) { return report::render_board(*scene, width); });
        });
}

companion::TableGame sessionTableGame(SessionDesk& desk) {
    return companion::TableGame(
        [&desk]() -> const GameSession* { return &desk.session(); },
        [&desk](const nlohmann::json& action) -> std::optional<std::string> {
            const std::string key = desk.session().player_actions().kind_key;
            const std::string kind = action.is_object() && action.contains(key) && action[key].is_string() ? action[key].get<std::string>() : "";
            if (kind == "undo" || kind == "redo") {
                QUndoStack* stack = desk.undoStack();
                if (kind == "undo" ? !stack->canUndo() : !stack->canRedo()) return "there is nothing to " + kind;
                if (kind == "undo") stack->undo();
                else stack->redo();
                return std::nullopt;
            }
            if (!desk.perform(action).isEmpty()) return desk.lastRefusal();
            return std::nullopt;
        });
}

companion::TableGame navalTableGame(NavalDesk& desk) {
    // The desk holds one session for its life: one view of it serves every call.
    auto view = std::shared_ptr<GameSession>(naval::naval_session_view(desk.session()));
    return companion::TableGame(
        [view]() -> const GameSession* { return view.get(); },
        [&desk](const nlohmann::json& action) -> std::optional<std::string> {
            const std::string kind = action.is_object() && action.contains("action") && action["action"].is_string()
                                         ? action["action"].get<std::string>() : "";
            if (kind == "undo" || kind == "redo") {
                QUndoStack* stack = desk.undoStack();
                if (kind == "undo" ? !stack->canUndo() : !stack->canRedo()) return "there is nothing to " + kind;
                if (!(kind == "undo" ? desk.undo() : desk.redo())) return ss(desk.lastMessage());
                return std::nullopt;
            }
            if (!desk.performFromTable(action).isEmpty()) return desk.lastRefusal();
            return std::nullopt;
        });
}

CompanionSource navalCompanionSource(NavalDesk& desk) {
    return {[&desk] { return navalTableGame(desk); }, [] { return true; },
            [&desk] {
                std::vector<std::string> names;
                for (const auto& side : desk.game().scenario().sides) names.push_back(side.name);
                return names;
            },
            [&desk](companion::CompanionServer* server, QObject* context, std::function<void()>) {
                QObject::connect(&desk, &NavalDesk::positionChanged, server, &companion::CompanionServer::gameChanged);
                (void)context;  // a naval desk holds one battle: nothing replaces it
            }};
}

CompanionSource sessionCompanionSource(SessionDesk& desk) {
    return {[&desk] { return sessionTableGame(desk); }, [] { return true; }, [&desk] { return desk.session().side_names(); },
            [&desk](companion::CompanionServer* server, QObject* context, std::function<void()>) {
                QObject::connect(&desk, &SessionDesk::positionChanged, server, &companion::CompanionServer::gameChanged);
                (void)context;  // a session desk holds one battle: nothing replaces it
            }};
}

namespace {

CompanionSource documentSource(GameDocument& document) {
    return {[&document] { return deskTableGame(document); }, [&document] { return document.hasGame(); },
            [&document] {
                std::vector<std::string> names;
                if (document.hasGame())
                    for (const auto& side : document.game().scenario().sides) names.push_back(side.name);
                return names;
            },
            [&document](companion::CompanionServer* server, QObject* context, std::function<void()> replaced) {
                QObject::connect(&document, &GameDocument::positionChanged, server, &companion::CompanionServer::gameChanged);
                QObject::connect(&document, &GameDocument::gameReplaced, server, &companion::CompanionServer::gameReplaced);
                QObject::connect(&document, &GameDocument::gameReplaced, context, std::move(replaced));
            }};
}

}  // namespace

CompanionDialog::CompanionDialog(GameDocument& document, QWidget* parent) : CompanionDialog(documentSource(document), parent) {}

CompanionDialog::CompanionDialog(CompanionSource source, QWidget* parent) : QDialog(parent), source_(std::move(source)) {
    setWindowTitle(tr("Table Companion"));
    auto* layout = new QVBoxLayout(this);
    auto* intro = new QLabel(tr("Players follow the battle and roll their own dice from their phones; you accept or decline "
                                "what they propose. Anyone who can reach the address sees the board; a join code lets a player "
                                "act for their side only."));
    intro->setWordWrap(true);
    layout->addWidget(intro);

    auto* form = new QFormLayout;
    address_ = new QComboBox;
    address_->addItem(tr("This computer only (127.0.0.1)"), u"127.0.0.1"_s);
    for (const QHostAddress& address : QNetworkInterface::allAddresses())
        if (address.protocol() == QAbstractSocket::IPv4Protocol && !address.isLoopback())
            address_->addItem(tr("The club's network (%1)").arg(address.toString()), address.toString());
    address_->addItem(tr("Every network of this computer (0.0.0.0)"), u"0.0.0.0"_s);
    form->addRow(tr("Listen on"), address_);
    port_ = new QSpinBox;
    port_->setRange(1024, 65535);
    port_->setValue(8700);
    form->addRow(tr("Port"), port_);
    // Fog of war (docs/companion.md): each side's phones show the enemy only where its units see them.
    fog_ = new QCheckBox(tr("Fog of war: each side sees the enemy only where its units and generals see them"));
    fog_->setObjectName(u"fogOfWar"_s);
    connect(fog_, &QCheckBox::toggled, this, [this](bool on) {
        if (!server_ || server_->fog() == on) return;
        try {
            server_->setFog(on);
        } catch (const std::exception& error) {
            status_->setText(qs(error.what()));
            const QSignalBlocker quiet(fog_);
            fog_->setChecked(server_->fog());
        }
    });
    form->addRow(QString(), fog_);
    layout->addLayout(form);

    start_ = new QPushButton(tr("Start Serving"));
    connect(start_, &QPushButton::clicked, this, [this] { server_ && server_->isListening() ? stop() : start(); });
    layout->addWidget(start_);

    url_ = new QLabel;
    url_->setTextInteractionFlags(Qt::TextBrowserInteraction);
    url_->setOpenExternalLinks(true);
    layout->addWidget(url_);

    auto* row = new QHBoxLayout;
    qr_ = new QLabel;
    qr_->setMinimumSize(200, 200);
    qr_->setAlignment(Qt::AlignCenter);
    row->addWidget(qr_);
    auto* right = new QVBoxLayout;
    qr_for_ = new QComboBox;
    connect(qr_for_, &QComboBox::currentIndexChanged, this, &CompanionDialog::showQr);
    right->addWidget(new QLabel(tr("QR code for")));
    right->addWidget(qr_for_);
    codes_ = new QTreeWidget;
    codes_->setHeaderLabels({tr("Who"), tr("Join code")});
    codes_->setRootIsDecorated(false);
    codes_->header()->setSectionResizeMode(QHeaderView::ResizeToContents);
    QFont mono(u"monospace"_s);
    mono.setStyleHint(QFont::Monospace);
    codes_->setFont(mono);
    right->addWidget(codes_);
    // A code that went astray (a player left the table, a code was read out aloud) is revoked
    // and replaced at once, without stopping the companion.
    auto* reissue = new QHBoxLayout;
    new_code_ = new QPushButton(tr("New Code"));
    new_code_->setObjectName(u"newCode"_s);
    new_code_->setToolTip(tr("Revoke the selected join code and issue a new one; pages joined with the old code can only watch"));
    new_code_->setEnabled(false);
    connect(new_code_, &QPushButton::clicked, this, &CompanionDialog::reissueSelected);
    connect(codes_, &QTreeWidget::currentItemChanged, this,
            [this](QTreeWidgetItem* item) { new_code_->setEnabled(server_ != nullptr && item != nullptr); });
    new_codes_ = new QPushButton(tr("New Codes for Every Side"));
    new_codes_->setObjectName(u"newCodes"_s);
    new_codes_->setToolTip(tr("Revoke every side's join code and issue new ones; the umpire's code stays"));
    new_codes_->setEnabled(false);
    connect(new_codes_, &QPushButton::clicked, this, &CompanionDialog::reissueEverySide);
    reissue->addWidget(new_code_);
    reissue->addWidget(new_codes_);
    right->addLayout(reissue);
    row->addLayout(right, 1);
    layout->addLayout(row);

    status_ = new QLabel(tr("Not serving."));
    status_->setWordWrap(true);
    layout->addWidget(status_);
    auto* buttons = new QDialogButtonBox(QDialogButtonBox::Close);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::hide);
    layout->addWidget(buttons);
    resize(560, 520);
}

CompanionDialog::~CompanionDialog() { stop(); }

void CompanionDialog::start() {
    if (!source_.has_game()) {
        status_->setText(tr("Open a battle first."));
        return;
    }
    stop();
    server_ = new companion::CompanionServer(source_.game(), {}, this);
    source_.wire(server_, this, [this] {
        if (server_ && source_.has_game()) showCodes();
    });
    connect(server_, &companion::CompanionServer::pagesChanged, this,
            [this](int pages) { status_->setText(tr("Serving: %n page(s) connected.", nullptr, pages)); });
    // Codes reissued from the umpire's phone (POST /api/codes/...) show here at once.
    connect(server_, &companion::CompanionServer::codesChanged, this, &CompanionDialog::showCodes);
    // The fog turned on or off from the umpire's phone shows here at once.
    connect(server_, &companion::CompanionServer::fogChanged, this, [this](bool on) {
        const QSignalBlocker quiet(fog_);
        fog_->setChecked(on);
    });
    connect(server_, &companion::CompanionServer::networkAction, this, [this](const QString& by, const QString& summary) {
        status_->setText(tr("From %1: %2").arg(by, summary));
    });
    try {
        server_->listen(QHostAddress(address_->currentData().toString()), static_cast<quint16>(port_->value()));
    } catch (const std::exception& error) {
        status_->setText(tr("Cannot serve: %1").arg(qs(error.what())));
        delete server_;
        server_ = nullptr;
        return;
    }
    if (fog_->isChecked()) {
        try {
            server_->setFog(true);
        } catch (const std::exception& error) {
            status_->setText(qs(error.what()));
            const QSignalBlocker quiet(fog_);
            fog_->setChecked(false);
        }
    }
    url_->setText(u"<a href=\"%1\">%1</a>"_s.arg(server_->url().toHtmlEscaped()));
    start_->setText(tr("Stop Serving"));
    address_->setEnabled(false);
    port_->setEnabled(false);
    status_->setText(tr("Serving: 0 pages connected."));
    showCodes();
}

void CompanionDialog::stop() {
    if (server_ == nullptr) return;
    // Closing drops the pages, and the server says so (pagesChanged) after "Not serving." was
    // written: nothing it says once stopped reaches the status line.
    disconnect(server_, nullptr, this, nullptr);
    server_->close();
    server_->deleteLater();
    server_ = nullptr;
    url_->clear();
    qr_->clear();
    codes_->clear();
    qr_for_->clear();
    new_code_->setEnabled(false);
    new_codes_->setEnabled(false);
    start_->setText(tr("Start Serving"));
    address_->setEnabled(true);
    port_->setEnabled(true);
    status_->setText(tr("Not serving."));
}

void CompanionDialog::showCodes() {
    if (server_ == nullptr || !source_.has_game()) return;
    const int shown = qr_for_->currentIndex();
    codes_->clear();
    qr_for_->blockSignals(true);
    qr_for_->clear();
    qr_for_->addItem(tr("Everyone (watch only)"), QString());
    const auto& codes = server_->codes();
    const std::vector<std::string> names = source_.side_names();
    for (std::size_t i = 0; i < codes.side_ids().size(); ++i) {
        const QString side = qs(i < names.size() ? names[i] : codes.side_ids()[i]);
        auto* item = new QTreeWidgetItem(codes_, {side, qs(codes.side_codes()[i])});
        item->setData(0, Qt::UserRole, qs(codes.side_ids()[i]));
        qr_for_->addItem(side, qs(codes.side_codes()[i]));
    }
    auto* umpire = new QTreeWidgetItem(codes_, {tr("Umpire"), qs(codes.umpire())});
    umpire->setData(0, Qt::UserRole, u"umpire"_s);
    qr_for_->addItem(tr("Umpire"), qs(codes.umpire()));
    // The QR code shown stays the same person's: after a new code it carries the new one.
    if (shown > 0 && shown < qr_for_->count()) qr_for_->setCurrentIndex(shown);
    qr_for_->blockSignals(false);
    new_code_->setEnabled(false);
    new_codes_->setEnabled(!codes.side_ids().empty());
    showQr();
}

void CompanionDialog::reissueSelected() {
    const QTreeWidgetItem* item = codes_->currentItem();
    if (server_ == nullptr || item == nullptr) return;
    const QString who = item->data(0, Qt::UserRole).toString();
    const QString name = item->text(0);
    try {
        server_->reissueCodes({ss(who)});  // codesChanged shows the new code
    } catch (const std::exception& error) {
        status_->setText(tr("Cannot issue a new code: %1").arg(qs(error.what())));
        return;
    }
    status_->setText(tr("New join code for %1; the old one no longer works.").arg(name));
}

void CompanionDialog::reissueEverySide() {
    if (server_ == nullptr) return;
    try {
        server_->reissueCodes({});
    } catch (const std::exception& error) {
        status_->setText(tr("Cannot issue a new code: %1").arg(qs(error.what())));
        return;
    }
    status_->setText(tr("New join codes for every side; the old ones no longer work."));
}

void CompanionDialog::showQr() {
    if (server_ == nullptr) return;
    const QString code = qr_for_->currentData().toString();
    // A side's QR carries its code in the fragment (#code=...), which never reaches a server log.
    const QString text = code.isEmpty() ? server_->url() : server_->url() + u"#code="_s + code;
    const QImage image = qrImage(text);
    if (image.isNull()) qr_->setText(tr("(no QR code: libqrencode is missing)"));
    else qr_->setPixmap(QPixmap::fromImage(image).scaled(220, 220, Qt::KeepAspectRatio, Qt::FastTransformation));
    qr_->setToolTip(text);
}

void showCompanionDialog(CompanionSource source, QWidget* parent) {
    auto* dialog = parent->findChild<CompanionDialog*>();
    if (dialog == nullptr) dialog = new CompanionDialog(std::move(source), parent);
    dialog->show();
    dialog->raise();
    dialog->activateWindow();
}

void showCompanionDialog(GameDocument& document, QWidget* parent) {
    auto* dialog = parent->findChild<CompanionDialog*>();
    if (dialog == nullptr) dialog = new CompanionDialog(document, parent);
    dialog->show();
    dialog->raise();
    dialog->activateWindow();
}

}  // namespace fortuna::app
