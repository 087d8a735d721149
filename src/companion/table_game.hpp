// SPDX-License-Identifier: MIT
// The companion's one window on the game, whatever its rule system: every call it makes on the
// game goes through this class, and this class asks the seam (GameSession) only.
#pragma once

#include <QByteArray>
#include <QColor>
#include <QImage>

#include <cstddef>
#include <functional>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include <nlohmann/json.hpp>

#include "fortuna/seam/fog_of_war.hpp"
#include "fortuna/seam/game_session.hpp"

class QPainter;

namespace fortuna::companion {

// The library's preview of an action (GameSession::preview) as the pages get it: the exact
// chances of each outcome of its roll, served before the roll is made; nothing in it comes from
// the game's generator.
struct Preview {
    std::string summary;    // what every outcome's summary says before its roll, or the action's fields
    std::string roll_kind;  // "d6", "2d6", "random", "dice:3"; "" when the action has no one roll to type
    std::string roll_slot;  // the action's key the typed roll goes in: "roll", "dice", ...
    nlohmann::json odds = nlohmann::json::array();  // [{"outcome", "numerator", "denominator", "percent"}]
    std::string unavailable;  // why a system has no odds for it ("no preview for <system> yet"), or ""
};

class TableGame {
public:
    // Where the game is (the app may replace it; nothing while no battle is open) and how an
    // action is applied: the holder's own path (the desk's undo stack in the app), which
    // returns the rules' refusal in words or nothing when the action was applied. The board
    // picture is the holder's painter where it has one (the land report's), else the session's
    // pieces drawn at scale.
    using SessionSource = std::function<const GameSession*()>;
    using Perform = std::function<std::optional<std::string>(const nlohmann::json& action)>;
    // A board picture's drawing with everything it reads copied in: the server runs it on a worker
    // thread while the game goes on, so it may touch nothing of the game (issue 27, item 4).
    using BoardDrawing = std::function<QImage(int width_px)>;
    // Called on the main thread: copies what the holder's painter reads now, returns its drawing.
    using BoardPainter = std::function<BoardDrawing()>;
    TableGame(SessionSource session, Perform perform, BoardPainter painter = {});
    // A session held by the caller alone (fortuna-cli serve): actions go straight to its apply.
    static TableGame over(GameSession& session, BoardPainter painter = {});

    // Who is asking, for fog of war: the umpire sees everything; a side index, its own pieces and
    // those it sees; kNoSide (a spectator), no piece of either side while the fog is on.
    static constexpr int kUmpire = -2;
    static constexpr int kNoSide = -1;
    // Fog of war, the umpire's choice (fortuna/fog_of_war.hpp); off by default. Turning it on for
    // a system that measures no sight is ApiError 409 naming why.
    void set_fog(bool on);
    bool fog() const { return fog_; }
    // What a side is told of the enemy units it sees under the fog: nothing of their strength and
    // state (the default), or their state and strength rounded (fortuna/fog_of_war.hpp).
    void set_fog_strengths(FogStrengths strengths) { strengths_ = strengths; }
    FogStrengths fog_strengths() const { return strengths_; }
    bool fogged_for(int viewer) const { return fog_ && viewer != kUmpire && has_game(); }
    // Whether the fog hides something of `node` (an action, a line) from the viewer: it names a
    // piece of the other side they do not see.
    bool hides(const nlohmann::json& node, int viewer) const;

    bool has_game() const;
    std::vector<std::string> side_ids() const;
    // Journal lines so far: grows with every action, undo and redo, so it dates a state.
    std::size_t version() const;
    // The session's public state (never the seed: it would tell the generated rolls in advance)
    // with the system, the clock in words, the side to act, the journal's length and the roster.
    // Under fog, the roster keeps the viewer's pieces and those they see, and "fog" says so.
    nlohmann::json public_state(int viewer = kUmpire) const;
    // The side's pieces as its player sees them (GameSession::units_of).
    nlohmann::json units_of(int side) const;
    // Journal lines from index `first` on (0: all), at most `count` of them.
    // Under fog a line naming a piece the viewer does not see is its number and "fog" only.
    nlohmann::json journal_from(std::size_t first, std::size_t count = static_cast<std::size_t>(-1), int viewer = kUmpire) const;
    // The side owning a unit, general or ship code, or nothing.
    std::optional<int> owner_of(std::string_view code) const;
    // What a side's player may ask for (the system's list).
    PlayerActions player_actions() const;
    // Applies through the holder's path; the journal line it wrote. ApiError 409 when refused, in
    // the rules' English whatever the desk's language (each page's is told from it).
    nlohmann::json apply(const nlohmann::json& action);
    // The library's exact preview (ApiError 409 when the rules refuse the action).
    Preview preview(const nlohmann::json& action) const;
    // A typed roll checked against its kind ("4" for a d6, "0.734" for a random number, "3,6,6"
    // for dice:3), as the value the action's roll slot takes. ApiError 400 out of range.
    nlohmann::json entered_roll(const std::string& kind, const nlohmann::json& value) const;
    // The board at this moment, as PNG; under fog the pieces the viewer sees, drawn from the seam.
    QByteArray board_png(int width_px, int viewer = kUmpire) const;
    // Whose picture a viewer is served: kUmpire (every piece) unless the fog is on for them, then
    // their own (a side index, or kNoSide for a spectator). Pictures are kept and shared by it.
    int picture_view(int viewer) const { return fogged_for(viewer) ? viewer : kUmpire; }
    // The picture of this view (picture_view) at this moment, copied on this thread and drawn by
    // the drawing wherever it runs: the holder's painter for kUmpire, else the session's pieces
    // the view sees (ApiError 503 when no battle is open).
    BoardDrawing board_drawing(int view) const;
    static QByteArray png_of(const QImage& image);

private:
    const GameSession& session() const;  // ApiError 503 when no battle is open
    SessionSource session_;
    Perform perform_;
    BoardPainter painter_;
    bool fog_ = false;
    FogStrengths strengths_ = FogStrengths::Hidden;
};

// What draw_session_board reads of a session, copied (a worker thread draws it while the game
// goes on): the table, its ground, the pieces to draw (those a fogged view sees), the names.
struct SessionBoard {
    TableSize table;
    std::vector<Ground> ground;
    std::vector<Piece> pieces;
    std::string scenario_name;
    std::string clock_label;
};
SessionBoard session_board(const GameSession& session, const SideView* only = nullptr);
QImage draw_session_board(const SessionBoard& board, int width_px);

// The session's pieces on its table at scale (ground, then pieces along their facing in the
// sides' colours, labels, a cross over a piece whose status says something is the matter): the
// board of every system that has no painter of its own. A system with no table draws its clock.
// `only`, when given, keeps the pieces it sees (fog of war).
QImage draw_session_board(const GameSession& session, int width_px, const SideView* only = nullptr);
// What draw_session_board and the app's session desk share: a ground's fill by its kind's words
// (wood, hill, water, built-up, marsh, objective), the sides' colours, and one piece at `scale`
// pixels a centimetre.
QColor session_ground_colour(const std::string& kind);
extern const QColor kSessionSideColours[2];
// One piece's body at `scale` pixels a centimetre (its label is paint_session_labels').
void paint_session_piece(QPainter& painter, const Piece& piece, double scale);
// Every piece's label ("F-gardes 100%", its status after it), each placed where it covers no label
// placed before it: beside its piece (above or below, right or left), else a line further away
// with a thin leader to the piece, else where it covers least. A crowded line of battle (Fontenoy)
// stays readable.
void paint_session_labels(QPainter& painter, const std::vector<Piece>& pieces, double scale);
// The placing alone: for each label of `sizes` near its `anchors` point (pixels), its box.
std::vector<QRectF> place_labels(const std::vector<QPointF>& anchors, const std::vector<QSizeF>& sizes);

}  // namespace fortuna::companion
