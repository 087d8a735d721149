// SPDX-License-Identifier: MIT
// The battle being built in the scenario editor (issue 31): one fortuna::Scenario, its file, its
// undo stack and its problems. Every edit is a command on the stack (Subsurface's shape: the
// editor's widgets never change the scenario themselves), and a save writes whatever was entered,
// problems and all, so nothing typed is lost.
#pragma once

#include <QObject>
#include <QString>
#include <QUndoStack>

#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "fortuna/land/scenario.hpp"
#include "fortuna/land/scenario_editing.hpp"

namespace fortuna {
class RulesLibrary;
}

namespace fortuna::app {

// One piece of the plan, as the editor selects it and a problem's JSON pointer names it.
struct PieceRef {
    // Reinforcement: a group arriving later (its command); ReinforcementUnit: one of its units.
    enum class Kind { None, Feature, Unit, General, Battle, Side, Reinforcement, ReinforcementUnit };
    Kind kind = Kind::None;
    int feature = -1;               // Feature
    int side = -1, command = -1;    // Unit, General, Side (side only)
    int unit = -1;                  // Unit, ReinforcementUnit
    int point = -1;                 // a feature's point named by a pointer ("/terrain/2/polygon/3")
    int reinforcement = -1;         // Reinforcement, ReinforcementUnit
    bool operator==(const PieceRef& other) const {
        return kind == other.kind && feature == other.feature && side == other.side && command == other.command && unit == other.unit &&
               reinforcement == other.reinforcement;
    }
    static PieceRef featureAt(int index) { return {Kind::Feature, index, -1, -1, -1, -1, -1}; }
    static PieceRef unitAt(int side, int command, int unit) { return {Kind::Unit, -1, side, command, unit, -1, -1}; }
    static PieceRef generalOf(int side, int command) { return {Kind::General, -1, side, command, -1, -1, -1}; }
    static PieceRef reinforcementAt(int index) { return {Kind::Reinforcement, -1, -1, -1, -1, -1, index}; }
    static PieceRef reinforcementUnitAt(int index, int unit) { return {Kind::ReinforcementUnit, -1, -1, -1, unit, -1, index}; }
    // The piece a problem's pointer lies in ("/sides/0/commands/1/units/3/position" is that
    // unit); the battle for "/id", "/start" and the like.
    static PieceRef fromPointer(const std::string& pointer);
};

// The unit a piece names (on the table or in a reinforcement), or nullptr.
UnitSetup* unit_named(Scenario& scenario, const PieceRef& piece);
const UnitSetup* unit_named(const Scenario& scenario, const PieceRef& piece);

class BattlePlan : public QObject {
    Q_OBJECT
public:
    explicit BattlePlan(std::shared_ptr<const RulesLibrary> library, QObject* parent = nullptr);
    ~BattlePlan() override;

    const RulesLibrary& library() const { return *library_; }
    std::shared_ptr<const RulesLibrary> sharedLibrary() const { return library_; }
    const Scenario& scenario() const { return scenario_; }
    QUndoStack* undoStack() { return &undo_stack_; }
    // The file it was read from or last saved to; empty for a new battle or a shipped id.
    QString filePath() const { return file_; }
    bool isModified() const { return !undo_stack_.isClean() || unsaved_new_; }

    // A new battle (new_scenario), the undo stack emptied; not yet saved.
    void start(Scenario scenario);
    // A scenario file, however incomplete (read_scenario_draft), or a shipped id (then Save
    // asks where: the shipped file is not written over). Throws DataError, RuleError, or
    // std::runtime_error naming the file; the plan open stays as it was then.
    void open(const QString& file_or_id);
    // Writes the file even with problems (a draft), atomically through QSaveFile; throws
    // std::runtime_error saying which step failed (the file on disk is then unchanged).
    void save(const QString& file);
    // The file's text as save writes it.
    std::string fileText() const;

    // One edit: `change` applied to a copy of the scenario, pushed as one command named `text`.
    // Consecutive edits with the same non-empty `merge_key` ("typing in one field") merge into
    // one. Nothing is pushed when the change leaves the scenario as it was.
    void edit(const QString& text, const std::function<void(Scenario&)>& change, const QString& merge_key = {});
    // Replaces the scenario (the undo commands call it).
    void replace(const Scenario& scenario);

    // What scenario_problems says of the plan now: refreshed after every change.
    const std::vector<ScenarioProblem>& problems() const { return problems_; }
    // How long the last check took, in milliseconds (the status bar's tooltip; the docs' measure).
    double lastCheckMs() const { return last_check_ms_; }

    PieceRef selection() const { return selection_; }
    void select(const PieceRef& piece);
    // The selection still names a piece of the scenario.
    bool holds(const PieceRef& piece) const;

    // A unit code not yet used in the battle, from the side's id and the unit's arm: "BO-I3".
    std::string suggestCode(int side, Arm arm) const;
    std::string suggestGeneralCode(int side) const;

signals:
    // The scenario changed (an edit, an undo or redo, a file opened).
    void changed();
    void problemsChanged();
    void selectionChanged();
    void fileChanged();

private:
    void checkProblems();
    bool codeTaken(const std::string& code) const;

    std::shared_ptr<const RulesLibrary> library_;
    Scenario scenario_;
    QString file_;
    QUndoStack undo_stack_;
    bool unsaved_new_ = false;
    std::vector<ScenarioProblem> problems_;
    double last_check_ms_ = 0;
    PieceRef selection_;
};

}  // namespace fortuna::app
