// SPDX-License-Identifier: MIT
// The scenario editor for Game Of Kings (issue 31): its table (the seed's 6 ft x 2 ft 6 in, its
// 12 sectors), the random terrain generator with its dice shown, pieces placed by name (moved,
// resized by a handle, turned, named, deleted), units from the 1740s army lists placed by drag or
// typed centimetres, each side's army points, Save, Play, Undo and Redo. A window of its own
// beside the land editor (ScenarioEditor); the library decides every rule (editing.hpp).
#pragma once

#include <QGraphicsScene>
#include <QGraphicsView>
#include <QMainWindow>

#include <memory>
#include <optional>
#include <vector>

#include "kings_plan.hpp"

class QCheckBox;
class QComboBox;
class QDoubleSpinBox;
class QFormLayout;
class QLabel;
class QLineEdit;
class QListWidget;
class QPlainTextEdit;
class QPushButton;
class QSpinBox;

namespace fortuna::app {

// The board: 1 scene unit a millimetre, player A's edge at the bottom (y from A's edge, x from
// A's left, as the format measures), the 12 sectors, the ground, the units in their side's colour.
class KingsScene : public QGraphicsScene {
    Q_OBJECT
public:
    explicit KingsScene(KingsPlan& plan, QObject* parent = nullptr);
    // A board point in cm and its scene point.
    QPointF toScene(double x_cm, double y_cm) const;
    QPointF toBoard(const QPointF& scene) const;  // cm
    KingsPiece pieceAt(const QPointF& scene) const;
    // The selected placed piece's resize handle (its corner x1, y1) in scene coordinates.
    std::optional<QPointF> handle() const;
    // The selected piece shown moved by `offset` (scene units) while dragged.
    void previewMove(const QPointF& offset);
    void rebuild();

private:
    KingsPlan& plan_;
    struct Item {
        KingsPiece piece;
        QGraphicsItem* item = nullptr;
    };
    std::vector<Item> items_;
};

class KingsView : public QGraphicsView {
    Q_OBJECT
public:
    KingsView(KingsPlan& plan, KingsScene& scene, QWidget* parent = nullptr);
    // The next click places this unit of the army lists (Add and place), or nothing.
    void armUnit(nlohmann::ordered_json unit);
    bool armed() const { return armed_.has_value(); }
    // Places the armed unit at a board point in cm (the click, or typed coordinates).
    bool placeArmed(double x_cm, double y_cm);
    void fitTable();
    void removeSelected();
    // A placed piece turned a quarter about its centre (its width and depth exchanged: the format's pieces are upright rectangles).
    void turnSelected();

signals:
    void message(const QString& text);

protected:
    void mousePressEvent(QMouseEvent* event) override;
    void mouseMoveEvent(QMouseEvent* event) override;
    void mouseReleaseEvent(QMouseEvent* event) override;
    void wheelEvent(QWheelEvent* event) override;
    void resizeEvent(QResizeEvent* event) override;

private:
    KingsPlan& plan_;
    KingsScene& scene_;
    struct Drag {
        KingsPiece piece;
        bool handle = false;
        QPointF press;  // scene
        bool moving = false;
    };
    std::optional<Drag> drag_;
    std::optional<nlohmann::ordered_json> armed_;
};

class KingsEditor : public QMainWindow {
    Q_OBJECT
public:
    explicit KingsEditor(std::shared_ptr<const RulesLibrary> library, QWidget* parent = nullptr);
    ~KingsEditor() override;

    KingsPlan& plan() { return *plan_; }
    KingsView& view() { return *view_; }
    KingsScene& scene() { return *scene_; }
    QListWidget* problemsList() const { return problems_; }
    QString statusText() const;
    QString diceText() const;

    void startBattle(nlohmann::ordered_json document);
    bool openScenario(const QString& file_or_id, bool quiet = false);
    bool save();
    bool saveAs();
    bool saveTo(const QString& file, bool quiet = false);
    bool play(bool quiet = false);

    // The actions behind the buttons, without their dialogs (tests, scripts); each returns the
    // refusal in words, or an empty string.
    // Random terrain: thrown from `seed`, or from the typed faces ("5,1,5,2,...").
    QString randomTerrain(std::uint64_t seed, const QString& typed = {});
    // The table plan of the battle as it stands (File > Export Table Plan, Ctrl+P) written as a
    // landscape PDF on "A4", "A3" or "Letter".
    QString exportTablePlan(const QString& pdf, const QString& paper = QStringLiteral("A4"));
    // A player's choice for a sector whose kind die gave one: hill, water, wood, built-up-area.
    QString chooseTerrain(int row, int column, const QString& kind);
    // Historic (D40): the ground placed by name, the generator's throw dropped; or not.
    void setHistoric(bool historic);
    // A piece placed by name, a rectangle in cm.
    QString addPiece(const QString& kind, const QString& name, double x0, double y0, double x1, double y1);
    // A unit of an army list for `side` (0, 1): "france" / "line-foot"; at (x, y) cm, or armed for a click.
    QString addUnit(int side, const QString& list, const QString& list_unit, const QString& name, const QString& sector,
                    std::optional<QPointF> at_cm = std::nullopt);
    // A field of the selected piece or the battle, as typed ("name", "x", "turns", "side 1 name"...).
    QString setField(const QString& field, const QString& text);

signals:
    void playRequested(const QString& file);

protected:
    void closeEvent(QCloseEvent* event) override;

private:
    QString setFieldAt(const std::string& pointer, const QString& field, const QString& text);
    void buildDocks();
    void buildActions();
    void refreshBattle();
    void refreshTerrain();
    void refreshArmy();
    void refreshSelected();
    void refreshProblems();
    void updateTitle();
    void say(const QString& text);

    std::unique_ptr<KingsPlan> plan_;
    KingsScene* scene_ = nullptr;
    KingsView* view_ = nullptr;
    QLabel* verdict_ = nullptr;
    // Battle
    QLineEdit* id_ = nullptr;
    QLineEdit* name_ = nullptr;
    QSpinBox* turns_ = nullptr;
    QCheckBox* historic_ = nullptr;
    QLineEdit* side_names_[2] = {nullptr, nullptr};
    QLineEdit* side_ids_[2] = {nullptr, nullptr};
    QComboBox* generals_[2] = {nullptr, nullptr};
    QLabel* points_ = nullptr;
    // Terrain
    QSpinBox* seed_ = nullptr;
    QLineEdit* typed_ = nullptr;
    QPlainTextEdit* dice_ = nullptr;
    QFormLayout* choices_ = nullptr;
    QWidget* choices_box_ = nullptr;
    QComboBox* piece_kind_ = nullptr;
    QLineEdit* piece_name_ = nullptr;
    // Army
    QComboBox* unit_side_ = nullptr;
    QComboBox* list_unit_ = nullptr;
    QLineEdit* unit_name_ = nullptr;
    QComboBox* unit_sector_ = nullptr;
    QDoubleSpinBox* unit_x_ = nullptr;
    QDoubleSpinBox* unit_y_ = nullptr;
    QListWidget* units_ = nullptr;
    // The selected piece
    QFormLayout* selected_ = nullptr;
    QWidget* selected_box_ = nullptr;
    QListWidget* problems_ = nullptr;
    bool refreshing_ = false;
};

// Opens a Game Of Kings editor window (deleted when closed).
KingsEditor* open_kings_editor(std::shared_ptr<const RulesLibrary> library, QWidget* parent);
// Whether a file (or shipped id) is a Game Of Kings scenario, as the registry claims it.
bool is_kings_scenario(const RulesLibrary& library, const QString& file_or_id);

}  // namespace fortuna::app
