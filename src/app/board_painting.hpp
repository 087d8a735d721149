// SPDX-License-Identifier: MIT
// What the board's items share to paint themselves: labels at a constant size on screen with a
// halo, terrain outlines and inks, and the terrain item (one item for all the ground). Internal
// to the board (board_scene.cpp, board_pieces.cpp, board_painting.cpp).
#pragma once

#include <QColor>
#include <QFont>
#include <QGraphicsItem>
#include <QPainter>
#include <QPolygonF>
#include <QRectF>
#include <QString>

#include <vector>

#include "fortuna/land/scenario.hpp"

namespace fortuna::app {

constexpr double kTerrainLabelPoints = 11;
constexpr double kUnitLabelPixels = 11;

// Screen pixels per board mm under the painter's current transform.
double pixels_per_mm(const QPainter* painter);
QFont font_of_pixels(double pixels_per_mm, double pixel_size, bool bold = false, bool italic = false);
// The label's size on screen, in pixels, from the font's metrics alone.
QSizeF label_size(const QString& text, double point_size, bool bold = false, bool italic = false);
// Text with a pale halo, legible on any ground, at a constant size on screen, upright.
// `at` is the anchor in the painter's coordinates: the baseline unless AlignVCenter/AlignTop.
// With `within` (in the painter's coordinates, e.g. the table), the label is moved inside it
// rather than run off its edge.
void draw_label(QPainter* painter, const QPointF& at, const QString& text, double point_size, const QColor& colour,
                bool bold = false, bool italic = false, Qt::Alignment align = Qt::AlignCenter, const QRectF& within = QRectF());

QPolygonF feature_polygon(const TerrainFeature& feature);
QColor terrain_ink(TerrainKind kind);

struct TerrainLabel {
    QPointF at;  // centre, board mm
    QString text;
    QColor ink;
    bool operator==(const TerrainLabel&) const = default;
};
// Where a feature's name may go, best first (board_painting.cpp).
std::vector<QPointF> terrain_label_candidates(const TerrainFeature& f, const QRectF& table, const QSizeF& label);

// All terrain in one item, painted once per zoom level; the names where BoardScene::placeLabels
// put them (repainted only when one moved).
QGraphicsItem* make_terrain_item(const Scenario& scenario, QRectF table);
void set_terrain_labels(QGraphicsItem* terrain, std::vector<TerrainLabel> labels);

// A side's objective (its initial orders, seed 000 7.1.1): a pennant in the side's colour, its
// pole at `at` (board mm), and what the side does there. Drawn, never picked. The desk's board,
// the editor's and the table plan draw the same one.
QGraphicsItem* make_objective_flag(QPointF at, QColor colour, QString words);
// "French: attack", "Austrians: hold": the words under a side's pennant.
QString objective_words(const SideSetup& side);

}  // namespace fortuna::app
