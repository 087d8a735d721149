// SPDX-License-Identifier: MIT
// The companion's one window on the game, through the seam (table_game.hpp).
#include "table_game.hpp"

#include <QBuffer>
#include <QFont>
#include <QFontMetricsF>
#include <QPainter>
#include <QPolygonF>

#include <algorithm>
#include <memory>

#include "companion_protocol.hpp"
#include "fortuna/core/chance.hpp"
#include "fortuna/core/errors.hpp"

namespace fortuna::companion {

TableGame::TableGame(SessionSource session, Perform perform, BoardPainter painter)
    : session_(std::move(session)), perform_(std::move(perform)), painter_(std::move(painter)) {}

TableGame TableGame::over(GameSession& session, BoardPainter painter) {
    return TableGame([&session] { return &session; },
                     [&session](const nlohmann::json& action) -> std::optional<std::string> {
                         try {
                             (void)session.apply(action);
                             return std::nullopt;
                         } catch (const std::exception& error) {
                             return std::string(error.what());
                         }
                     },
                     std::move(painter));
}

bool TableGame::has_game() const { return session_() != nullptr; }

void TableGame::set_fog(bool on) {
    if (on) {
        const std::string why = SideView::unavailable(session());
        if (!why.empty()) throw ApiError(409, why);
    }
    fog_ = on;
}

const GameSession& TableGame::session() const {
    const GameSession* session = session_();
    if (session == nullptr) throw ApiError(503, "no battle is open at the umpire's desk");
    return *session;
}

std::vector<std::string> TableGame::side_ids() const { return session().side_ids(); }

std::size_t TableGame::version() const { return has_game() ? session().journal().size() : 0; }

bool TableGame::hides(const nlohmann::json& node, int viewer) const {
    return fogged_for(viewer) && SideView(session(), viewer).journal_line(node).contains("fog");
}

nlohmann::json TableGame::public_state(int viewer) const {
    const GameSession& s = session();
    nlohmann::json state = s.public_state();
    if (!state.is_object()) state = nlohmann::json{{"position", state}};
    state.erase("seed");
    state["system"] = s.system().id();
    state["system_name"] = s.system().name();
    state["scenario_name"] = s.scenario_name();
    state["clock_label"] = s.clock_label();
    const auto ids = s.side_ids();
    const int acting = s.acting_side();
    state["acting_side"] = acting >= 0 && static_cast<std::size_t>(acting) < ids.size() ? ids[static_cast<std::size_t>(acting)] : "";
    state["side_ids"] = ids;
    state["side_names"] = s.side_names();
    // What a side's player may ask for, so that a page builds its form from the system's list.
    const PlayerActions allowed = s.player_actions();
    state["kind_key"] = allowed.kind_key;
    nlohmann::json kinds = nlohmann::json::array();
    for (const PlayerActionKind& kind : allowed.kinds)
        kinds.push_back(nlohmann::json{{"kind", kind.kind}, {"keys", kind.keys}, {"own", kind.own}, {"existing", kind.existing}});
    state["player_kinds"] = kinds;
    state["player_kinds_open"] = allowed.open;
    if (allowed.open) state["player_open"] = nlohmann::json{{"own_keys", allowed.own_keys}, {"open_keys", allowed.open_keys}};
    state["version"] = s.journal().size();
    state["state_lines"] = s.state_lines();
    const SessionOutcome outcome = s.outcome();
    state["outcome"] = nlohmann::json{{"over", outcome.over},
                                      {"winner", outcome.winner >= 0 && static_cast<std::size_t>(outcome.winner) < ids.size()
                                                     ? ids[static_cast<std::size_t>(outcome.winner)] : ""},
                                      {"reason", outcome.reason}};
    state["roster"] = s.roster();
    state["fog"] = nlohmann::json{{"on", fog_}, {"strengths", std::string(to_string(strengths_))}};
    if (fogged_for(viewer)) {
        const SideView view(s, viewer, strengths_);
        state["roster"] = view.roster(state["roster"]);
        state["fog"]["seen"] = view.seen_count();
    }
    return state;
}

nlohmann::json TableGame::units_of(int side) const { return session().units_of(side); }

nlohmann::json TableGame::journal_from(std::size_t first, std::size_t count, int viewer) const {
    const auto& journal = session().journal();
    nlohmann::json lines = nlohmann::json::array();
    const std::size_t end = journal.size() - std::min(first, journal.size()) > count ? first + count : journal.size();
    const std::optional<SideView> view = fogged_for(viewer) ? std::optional<SideView>(std::in_place, session(), viewer) : std::nullopt;
    for (std::size_t i = std::min(first, journal.size()); i < end; ++i) lines.push_back(view ? view->journal_line(journal[i]) : journal[i]);
    return lines;
}

std::optional<int> TableGame::owner_of(std::string_view code) const { return session().owner_of(code); }

PlayerActions TableGame::player_actions() const { return session().player_actions(); }

nlohmann::json TableGame::apply(const nlohmann::json& action) {
    const std::size_t before = version();
    if (const auto refused = perform_(action)) throw ApiError(409, *refused);  // the rules' English: each phone is told its own
    const auto& journal = session().journal();
    if (journal.size() <= before) throw ApiError(409, "the desk did not apply the action");
    return journal.back();
}

Preview TableGame::preview(const nlohmann::json& action) const {
    ActionPreview seen;
    try {
        seen = session().preview(action);
    } catch (const RuleError& error) {
        throw ApiError(409, error.what());
    } catch (const DataError& error) {
        throw ApiError(409, error.what());
    } catch (const nlohmann::json::exception& error) {
        throw ApiError(400, std::string("the action is not one of this game's: ") + error.what());
    }
    Preview preview{cut_text(seen.summary, 400), seen.roll_kind, seen.roll_slot, nlohmann::json::array(), seen.unavailable};
    for (const OutcomeChance& chance : seen.odds) {
        const Probability p{chance.numerator, chance.denominator};
        preview.odds.push_back(nlohmann::json{{"outcome", chance.outcome}, {"numerator", chance.numerator},
                                              {"denominator", chance.denominator}, {"percent", p.percent(1)}});
    }
    return preview;
}

nlohmann::json TableGame::entered_roll(const std::string& kind, const nlohmann::json& value) const {
    if (!value.is_number() && !value.is_string() && !value.is_array())
        throw ApiError(400, "'value' is the roll as a number, e.g. 4 or 0.734, or dice as \"3,6,6\"");
    try {
        return session().entered_roll(kind, value);
    } catch (const RuleError& error) {
        throw ApiError(400, error.what());
    }
}

QByteArray TableGame::board_png(int width_px, int viewer) const {
    return png_of(board_drawing(picture_view(viewer))(std::clamp(width_px, 200, 1600)));
}

TableGame::BoardDrawing TableGame::board_drawing(int view) const {
    const GameSession& s = session();
    if (view == kUmpire && painter_) return painter_();
    std::optional<SideView> only;
    if (view != kUmpire) only.emplace(s, view);
    auto board = std::make_shared<const SessionBoard>(session_board(s, only ? &*only : nullptr));
    return [board](int width_px) { return draw_session_board(*board, width_px); };
}

QByteArray TableGame::png_of(const QImage& image) {
    QByteArray bytes;
    QBuffer buffer(&bytes);
    buffer.open(QIODevice::WriteOnly);
    image.save(&buffer, "PNG");
    return bytes;
}

namespace {

QString qt_text(const std::string& text) { return QString::fromStdString(text); }

// The ground's colours of a printed map, by the kind's words.
}  // namespace

QColor session_ground_colour(const std::string& kind) {
    const auto has = [&](const char* word) { return kind.find(word) != std::string::npos; };
    if (has("wood")) return {0x8f, 0xb9, 0x78};
    if (has("hill")) return {0xd2, 0xb4, 0x8c};
    if (has("water") || has("river") || kind == "shoal") return {0x9c, 0xc3, 0xe6};
    if (has("built") || has("town") || has("village")) return {0xb0, 0xb0, 0xb0};
    if (has("marsh")) return {0xa8, 0xc8, 0xb0};
    if (kind == "objective") return {0xf0, 0xc0, 0x30};
    return {0xc8, 0xc0, 0xa0};
}

const QColor kSessionSideColours[2] = {QColor(178, 34, 34), QColor(30, 70, 160)};

void paint_session_piece(QPainter& painter, const Piece& piece, double scale) {
    painter.save();
    painter.translate(piece.x_cm * scale, piece.y_cm * scale);
    painter.rotate(piece.facing_deg);
    // A piece keeps a few pixels on a small picture: a phone's board still shows every ship.
    const double w = std::max(piece.width_cm * scale, 4.0);
    const double d = std::max(piece.depth_cm * scale, 3.0);
    const QRectF body(-w / 2, -d / 2, w, d);
    const QColor colour = kSessionSideColours[piece.side == 0 ? 0 : 1];
    const QBrush fill(piece.status.empty() ? colour : colour.lighter(170));
    if (piece.bases_start > 1 && piece.bases < piece.bases_start) {
        // Bases removed (seed 004: "one of the bases is removed"): the footprint dashed, the bases
        // left filled in its middle.
        painter.setBrush(Qt::NoBrush);
        painter.setPen(QPen(Qt::black, 1, Qt::DashLine));
        painter.drawRect(body);
        const double left = w * piece.bases / piece.bases_start;
        painter.setBrush(fill);
        painter.setPen(QPen(Qt::black, 1));
        painter.drawRect(QRectF(-left / 2, -d / 2, left, d));
        painter.setPen(QPen(Qt::black, 3));
        painter.drawLine(QPointF(-left / 2, -d / 2), QPointF(left / 2, -d / 2));
    } else {
        painter.setBrush(fill);
        painter.setPen(QPen(Qt::black, 1));
        painter.drawRect(body);
        // Each base of the unit, side by side along its front.
        for (int b = 1; b < piece.bases_start; ++b)
            painter.drawLine(QPointF(-w / 2 + w * b / piece.bases_start, -d / 2), QPointF(-w / 2 + w * b / piece.bases_start, d / 2));
        painter.setPen(QPen(Qt::black, 3));
        painter.drawLine(body.topLeft(), body.topRight());  // the front edge: which way it faces
    }
    if (piece.officer_at) {
        // The officer behind the bases, where the seed puts him for the unit's effectiveness.
        const double r = std::clamp(d * 0.35, 1.5, 4.0);
        painter.setPen(QPen(Qt::black, 1));
        painter.setBrush(Qt::white);
        painter.drawEllipse(QPointF(*piece.officer_at * w, d / 2 + r + 1), r, r);
    }
    if (!piece.status.empty()) {
        painter.setPen(QPen(Qt::black, 1));
        painter.drawLine(body.topLeft(), body.bottomRight());
        painter.drawLine(body.topRight(), body.bottomLeft());
    }
    painter.restore();
}

std::vector<QRectF> place_labels(const std::vector<QPointF>& anchors, const std::vector<QSizeF>& sizes) {
    std::vector<QRectF> placed;
    placed.reserve(anchors.size());
    const auto overlap = [&](const QRectF& box) {
        double area = 0;
        for (const QRectF& other : placed) {
            const QRectF both = box.intersected(other);
            if (!both.isEmpty()) area += both.width() * both.height();
        }
        return area;
    };
    for (std::size_t i = 0; i < anchors.size(); ++i) {
        const QPointF at = anchors[i];
        const double w = sizes[i].width(), h = sizes[i].height();
        // Beside the piece first (above right, as before), then the other corners, then a line
        // further up or down at a time.
        std::vector<QRectF> tries{QRectF(at.x() + 6, at.y() - 4 - h, w, h), QRectF(at.x() + 6, at.y() + 4, w, h),
                                  QRectF(at.x() - 6 - w, at.y() - 4 - h, w, h), QRectF(at.x() - 6 - w, at.y() + 4, w, h)};
        for (int k = 1; k <= 3; ++k) {
            tries.emplace_back(at.x() + 6, at.y() - 4 - h - k * h, w, h);
            tries.emplace_back(at.x() + 6, at.y() + 4 + k * h, w, h);
        }
        QRectF best = tries.front();
        double least = overlap(best);
        for (const QRectF& box : tries) {
            if (least <= 0) break;
            if (const double covered = overlap(box); covered < least) {
                least = covered;
                best = box;
            }
        }
        placed.push_back(best);
    }
    return placed;
}

void paint_session_labels(QPainter& painter, const std::vector<Piece>& pieces, double scale) {
    const QFontMetricsF metrics(painter.font());
    std::vector<QPointF> anchors;
    std::vector<QSizeF> sizes;
    std::vector<QString> texts;
    for (const Piece& piece : pieces) {
        texts.push_back(qt_text(piece.label + (piece.status.empty() ? "" : " (" + piece.status + ")")));
        anchors.emplace_back(piece.x_cm * scale, piece.y_cm * scale);
        sizes.emplace_back(metrics.horizontalAdvance(texts.back()) + 2, metrics.height());
    }
    const std::vector<QRectF> boxes = place_labels(anchors, sizes);
    for (std::size_t i = 0; i < boxes.size(); ++i) {
        const QRectF& box = boxes[i];
        // A label moved a line or more away keeps a thin leader to its piece.
        if (box.top() > anchors[i].y() + 4 + 0.5 * box.height() || box.bottom() < anchors[i].y() - 4 - 0.5 * box.height()) {
            painter.setPen(QPen(QColor(0x60, 0x60, 0x60), 0.5));
            painter.drawLine(anchors[i], QPointF(box.left(), box.center().y()));
        }
        painter.setPen(Qt::black);
        painter.drawText(box, Qt::AlignLeft | Qt::AlignVCenter, texts[i]);
    }
}

SessionBoard session_board(const GameSession& session, const SideView* only) {
    return SessionBoard{session.table(), session.ground(), only ? only->pieces(session.pieces()) : session.pieces(),
                        session.scenario_name(), session.clock_label()};
}

QImage draw_session_board(const GameSession& session, int width_px, const SideView* only) {
    return draw_session_board(session_board(session, only), width_px);
}

QImage draw_session_board(const SessionBoard& board, int width_px) {
    const TableSize table = board.table;
    const bool drawn = table.width_cm > 0 && table.depth_cm > 0;
    const int height_px = drawn ? std::clamp(static_cast<int>(width_px * table.depth_cm / table.width_cm), 100, 2400) : width_px / 3;
    QImage image(width_px, height_px, QImage::Format_RGB32);
    image.fill(QColor(0xe8, 0xe4, 0xd0));
    QPainter painter(&image);
    painter.setRenderHint(QPainter::Antialiasing);
    QFont font = painter.font();
    font.setPixelSize(std::max(9, width_px / 70));
    painter.setFont(font);
    if (!drawn) {
        painter.drawText(image.rect(), Qt::AlignCenter | Qt::TextWordWrap, qt_text(board.scenario_name + "\n" + board.clock_label));
        return image;
    }
    const double scale = std::min((width_px - 8) / table.width_cm, (height_px - 8) / table.depth_cm);
    painter.translate(4, 4);
    painter.setPen(QPen(Qt::darkGray, 1));
    painter.drawRect(QRectF(0, 0, table.width_cm * scale, table.depth_cm * scale));
    for (const Ground& ground : board.ground) {
        QPolygonF outline;
        for (const auto& [x, y] : ground.outline) outline << QPointF(x * scale, y * scale);
        const QColor fill = session_ground_colour(ground.kind);
        painter.setPen(QPen(fill.darker(140), 1));
        painter.setBrush(fill);
        painter.drawPolygon(outline);
        painter.setPen(QColor(0x40, 0x40, 0x40));
        painter.drawText(outline.boundingRect().topLeft() + QPointF(2, font.pixelSize() + 2), qt_text(ground.name));
    }
    for (const Piece& piece : board.pieces) paint_session_piece(painter, piece, scale);
    paint_session_labels(painter, board.pieces, scale);
    return image;
}

}  // namespace fortuna::companion
