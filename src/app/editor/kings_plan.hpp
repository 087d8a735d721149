// SPDX-License-Identifier: MIT
// A Game Of Kings battle being built in the scenario editor (issue 31): its scenario document,
// its undo stack and its problems, beside BattlePlan (which holds a land Scenario). Every edit is
// a command on the stack; the library (fortuna/game_of_kings/editing.hpp) throws the terrain,
// measures the footprints, counts the points and lists the problems: the plan decides nothing.
#pragma once

#include <QObject>
#include <QString>
#include <QUndoStack>

#include <array>
#include <functional>
#include <memory>
#include <optional>
#include <vector>

#include <nlohmann/json.hpp>

#include "fortuna/game_of_kings/editing.hpp"

namespace fortuna {
class RulesLibrary;
}

namespace fortuna::app {

// One piece of a Game Of Kings plan: a unit (/units/N) or a terrain piece placed by name
// (/terrain/placed/N); the generator's pieces are the dice's and are not selected.
struct KingsPiece {
    enum class Kind { None, Unit, Placed };
    Kind kind = Kind::None;
    int index = -1;
    bool operator==(const KingsPiece&) const = default;
    // The piece a problem's pointer lies in ("/units/3/x" is unit 3).
    static KingsPiece fromPointer(const std::string& pointer);
};

// Reading a draft as it is, however hostile or half typed: a member of the expected type, else
// nothing (the Problems say what is wrong with it; the editor never stops on it).
std::string text_in(const nlohmann::ordered_json& node, const char* key);
nlohmann::ordered_json value_in(const nlohmann::ordered_json& node, const char* key);  // null when absent
bool flag_in(const nlohmann::ordered_json& node, const char* key);
int whole_in(const nlohmann::ordered_json& node, const char* key);  // 0 when not a whole number
// The document's rect_cm as four numbers, or nullopt.
std::optional<std::array<double, 4>> rect_in(const nlohmann::ordered_json& piece);

class KingsPlan : public QObject {
    Q_OBJECT
public:
    using Document = nlohmann::ordered_json;
    explicit KingsPlan(std::shared_ptr<const RulesLibrary> library, QObject* parent = nullptr);
    ~KingsPlan() override;

    const RulesLibrary& library() const { return *library_; }
    std::shared_ptr<const RulesLibrary> sharedLibrary() const { return library_; }
    const game_of_kings::Tables& tables() const { return *tables_; }
    std::shared_ptr<const game_of_kings::Tables> sharedTables() const { return tables_; }
    const std::vector<game_of_kings::ListUnit>& listUnits() const { return list_units_; }
    const Document& document() const { return document_; }
    QUndoStack* undoStack() { return &undo_stack_; }
    QString filePath() const { return file_; }
    bool isModified() const { return !undo_stack_.isClean() || unsaved_new_; }

    // A new battle (new_battle_document), the undo stack emptied; not yet saved.
    void start(Document document);
    // A Game Of Kings scenario file, however incomplete, or a shipped id (then Save asks where).
    // Throws DataError or std::runtime_error naming the file; the plan stays as it was then.
    void open(const QString& file_or_id);
    // Writes the file even with problems (a draft), atomically; throws saying which step failed.
    void save(const QString& file);
    std::string fileText() const;

    // One edit: `change` applied to a copy of the document, pushed as one command named `text`;
    // consecutive edits with the same non-empty `merge_key` merge. Nothing is pushed when the
    // document is left as it was. An edit the draft's shape cannot take (a member of another type)
    // changes nothing and returns the refusal in words (also signalled as `refused`); else "".
    QString edit(const QString& text, const std::function<void(Document&)>& change, const QString& merge_key = {});
    void replace(const Document& document);

    const std::vector<ScenarioProblem>& problems() const { return problems_; }
    // The ground as the game will have it, and each side's army points (the library's).
    const std::vector<game_of_kings::TerrainArea>& ground() const { return ground_; }
    std::array<game_of_kings::SidePoints, 2> points() const;
    // The list unit a unit of the document names, or nullptr.
    const game_of_kings::ListUnit* listUnitOf(int unit) const;
    // The unit's footprint in cm where the game measures it, or nullopt when its list unit is unknown.
    std::optional<game_of_kings::Rect> footprintOf(int unit) const;
    // The side index (0, 1) of a unit, -1 when its side is none of the two.
    int sideOf(int unit) const;
    int unitCount() const;
    int placedCount() const;

    KingsPiece selection() const { return selection_; }
    void select(const KingsPiece& piece);
    bool holds(const KingsPiece& piece) const;
    // A unit id not yet used: the side's first letter, the list unit, a number ("F-line-foot-2").
    std::string suggestUnitId(int side, const std::string& list_unit) const;

signals:
    void changed();
    void problemsChanged();
    void selectionChanged();
    void fileChanged();
    // An edit that could not be applied to the draft as it is, in words.
    void refused(const QString& why);

private:
    void refresh();

    std::shared_ptr<const RulesLibrary> library_;
    std::shared_ptr<const game_of_kings::Tables> tables_;
    std::vector<game_of_kings::ListUnit> list_units_;
    Document document_;
    QString file_;
    QUndoStack undo_stack_;
    bool unsaved_new_ = false;
    std::vector<ScenarioProblem> problems_;
    std::vector<game_of_kings::TerrainArea> ground_;
    KingsPiece selection_;
};

}  // namespace fortuna::app
