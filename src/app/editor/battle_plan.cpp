// SPDX-License-Identifier: MIT
// The battle being built in the scenario editor: edits as undo commands, drafts saved whole
// (see battle_plan.hpp).
#include "battle_plan.hpp"

#include <QElapsedTimer>
#include <QFileInfo>
#include <QSaveFile>
#include <QUndoCommand>

#include <algorithm>
#include <cctype>
#include <filesystem>
#include <stdexcept>

#include "fortuna/core/errors.hpp"
#include "fortuna/seam/library.hpp"
#include "fortuna/seam/rule_system.hpp"
#include "qt_text.hpp"

namespace fortuna::app {

using namespace Qt::StringLiterals;

namespace plan_detail {

// One edit of the plan: the scenario before and after. A scenario is small (a few hundred
// units at most), so two copies per command cost little and make undo exact for every kind of
// edit, however it was made (Tiled's ChangeValue with merge ids, STYLE.md).
class PlanEdit : public QUndoCommand {
public:
    PlanEdit(BattlePlan& plan, const QString& text, Scenario before, Scenario after, int merge_id)
        : QUndoCommand(text), plan_(plan), before_(std::move(before)), after_(std::move(after)), merge_id_(merge_id) {}
    void undo() override { plan_.replace(before_); }
    void redo() override { plan_.replace(after_); }
    int id() const override { return merge_id_; }
    bool mergeWith(const QUndoCommand* other) override {
        if (other->id() != merge_id_ || merge_id_ < 0) return false;
        after_ = static_cast<const PlanEdit*>(other)->after_;
        return true;
    }

private:
    BattlePlan& plan_;
    Scenario before_;
    Scenario after_;
    int merge_id_;
};

// Merge ids by key: one per field typed into ("/sides/0/name"), so typing merges and the next
// field starts a new command.
int merge_id_of(const QString& key) {
    if (key.isEmpty()) return -1;
    static QHash<QString, int> ids;
    const auto it = ids.constFind(key);
    if (it != ids.constEnd()) return *it;
    const int id = 1000 + static_cast<int>(ids.size());
    ids.insert(key, id);
    return id;
}

int index_after(const std::string& pointer, const std::string& member) {
    const std::string key = "/" + member + "/";
    const auto at = pointer.find(key);
    if (at == std::string::npos) return -1;
    std::size_t end = at + key.size();
    int value = 0;
    bool any = false;
    while (end < pointer.size() && std::isdigit(static_cast<unsigned char>(pointer[end])) != 0) {
        value = value * 10 + (pointer[end] - '0');
        any = true;
        ++end;
    }
    return any ? value : -1;
}

}  // namespace plan_detail

PieceRef PieceRef::fromPointer(const std::string& pointer) {
    using plan_detail::index_after;
    PieceRef piece;
    if (pointer.rfind("/terrain/", 0) == 0) {
        piece.kind = Kind::Feature;
        piece.feature = index_after(pointer, "terrain");
        for (const char* member : {"polygon", "polyline"})
            if (const int point = index_after(pointer, member); point >= 0) piece.point = point;
        if (piece.feature < 0) piece.kind = Kind::Battle;
        return piece;
    }
    if (pointer.rfind("/reinforcements/", 0) == 0) {
        piece.reinforcement = index_after(pointer, "reinforcements");
        piece.unit = index_after(pointer, "units");
        piece.kind = piece.reinforcement < 0 ? Kind::Battle : piece.unit >= 0 ? Kind::ReinforcementUnit : Kind::Reinforcement;
        return piece;
    }
    if (pointer.rfind("/sides/", 0) == 0) {
        piece.side = index_after(pointer, "sides");
        piece.command = index_after(pointer, "commands");
        piece.unit = index_after(pointer, "units");
        if (piece.command >= 0 && piece.unit >= 0) piece.kind = Kind::Unit;
        else if (piece.command >= 0 && pointer.find("/general") != std::string::npos) piece.kind = Kind::General;
        else piece.kind = piece.side >= 0 ? Kind::Side : Kind::Battle;
        if (piece.kind == Kind::Side) piece.command = -1;
        return piece;
    }
    piece.kind = Kind::Battle;
    return piece;
}

UnitSetup* unit_named(Scenario& scenario, const PieceRef& piece) {
    const auto at = [](auto& list, int i) -> UnitSetup* {
        return i >= 0 && i < static_cast<int>(list.size()) ? &list[static_cast<std::size_t>(i)] : nullptr;
    };
    if (piece.kind == PieceRef::Kind::ReinforcementUnit) {
        if (piece.reinforcement < 0 || piece.reinforcement >= static_cast<int>(scenario.reinforcements.size())) return nullptr;
        return at(scenario.reinforcements[static_cast<std::size_t>(piece.reinforcement)].command.units, piece.unit);
    }
    if (piece.kind != PieceRef::Kind::Unit || piece.side < 0 || piece.side >= static_cast<int>(scenario.sides.size())) return nullptr;
    auto& commands = scenario.sides[static_cast<std::size_t>(piece.side)].commands;
    if (piece.command < 0 || piece.command >= static_cast<int>(commands.size())) return nullptr;
    return at(commands[static_cast<std::size_t>(piece.command)].units, piece.unit);
}

const UnitSetup* unit_named(const Scenario& scenario, const PieceRef& piece) { return unit_named(const_cast<Scenario&>(scenario), piece); }

BattlePlan::BattlePlan(std::shared_ptr<const RulesLibrary> library, QObject* parent) : QObject(parent), library_(std::move(library)) {
    connect(&undo_stack_, &QUndoStack::cleanChanged, this, &BattlePlan::fileChanged);
}

BattlePlan::~BattlePlan() {
    // The commands refer to this plan: drop them first.
    undo_stack_.clear();
}

void BattlePlan::start(Scenario scenario) {
    undo_stack_.clear();
    scenario_ = std::move(scenario);
    file_.clear();
    unsaved_new_ = true;
    selection_ = {};
    checkProblems();
    emit changed();
    emit selectionChanged();
    emit fileChanged();
}

void BattlePlan::open(const QString& file_or_id) {
    const std::filesystem::path path = scenario_path(*library_, ss(file_or_id));
    // A shipped battle (by id, or its file in data/scenarios) is kept as shipped: Save asks for
    // a file of the club's own.
    std::error_code no_folder;
    const bool shipped_id = (!file_or_id.contains(u'/') && !file_or_id.endsWith(u".json"_s)) ||
                            std::filesystem::equivalent(path.parent_path(), library_->data_dir() / "scenarios", no_folder);
    const nlohmann::json document = read_json_file(path);
    if (format_of(document) != "fortuna-scenario")
        throw DataError(path.string(), "/format", "a land scenario (\"fortuna-scenario\"): the editor has no editor yet for this kind of file",
                        format_of(document).empty() ? std::string("no format") : "\"" + format_of(document) + "\"");
    Scenario read = read_scenario_draft(document, path.string(), *library_);
    undo_stack_.clear();
    scenario_ = std::move(read);
    file_ = shipped_id ? QString() : QFileInfo(verbatim(path.string())).absoluteFilePath();
    unsaved_new_ = false;
    selection_ = {};
    checkProblems();
    emit changed();
    emit selectionChanged();
    emit fileChanged();
}

std::string BattlePlan::fileText() const { return scenario_file_text(scenario_to_json(scenario_)); }

void BattlePlan::save(const QString& file) {
    const std::string text = fileText();
    QSaveFile out(file);
    if (!out.open(QIODevice::WriteOnly))
        throw std::runtime_error(ss(tr("cannot open %1 for writing (%2); the file on disk is unchanged").arg(file, out.errorString())));
    if (out.write(text.data(), static_cast<qint64>(text.size())) != static_cast<qint64>(text.size())) {
        const QString why = out.errorString();
        out.cancelWriting();
        throw std::runtime_error(ss(tr("cannot write %1 (%2); the file on disk is unchanged").arg(file, why)));
    }
    if (!out.commit()) throw std::runtime_error(ss(tr("cannot finish writing %1 (%2); the file on disk is unchanged").arg(file, out.errorString())));
    file_ = QFileInfo(file).absoluteFilePath();
    scenario_.file = ss(file_);
    unsaved_new_ = false;
    undo_stack_.setClean();
    emit fileChanged();
}

void BattlePlan::edit(const QString& text, const std::function<void(Scenario&)>& change, const QString& merge_key) {
    Scenario after = scenario_;
    change(after);
    if (scenario_to_json(after) == scenario_to_json(scenario_)) return;
    undo_stack_.push(new plan_detail::PlanEdit(*this, text, scenario_, std::move(after), plan_detail::merge_id_of(merge_key)));
}

void BattlePlan::replace(const Scenario& scenario) {
    scenario_ = scenario;
    if (selection_.kind != PieceRef::Kind::None && !holds(selection_)) {
        selection_ = {};
        emit selectionChanged();
    }
    checkProblems();
    emit changed();
}

void BattlePlan::checkProblems() {
    QElapsedTimer timer;
    timer.start();
    try {
        problems_ = scenario_problems(*library_, scenario_to_json(scenario_), scenario_.file);
    } catch (const std::exception& error) {
        // The check itself failed: say so as one problem of the whole file rather than stop.
        problems_ = {ScenarioProblem{"", "a scenario the check can read", error.what()}};
    }
    last_check_ms_ = static_cast<double>(timer.nsecsElapsed()) / 1e6;
    emit problemsChanged();
}

void BattlePlan::select(const PieceRef& piece) {
    const PieceRef next = holds(piece) ? piece : PieceRef{};
    if (next == selection_ && next.point == selection_.point) return;
    selection_ = next;
    emit selectionChanged();
}

bool BattlePlan::holds(const PieceRef& piece) const {
    const auto& sides = scenario_.sides;
    const auto command_ok = [&] {
        return piece.side >= 0 && piece.side < static_cast<int>(sides.size()) && piece.command >= 0 &&
               piece.command < static_cast<int>(sides[static_cast<std::size_t>(piece.side)].commands.size());
    };
    switch (piece.kind) {
    case PieceRef::Kind::None:
    case PieceRef::Kind::Battle: return true;
    case PieceRef::Kind::Feature: return piece.feature >= 0 && piece.feature < static_cast<int>(scenario_.terrain.size());
    case PieceRef::Kind::Side: return piece.side >= 0 && piece.side < static_cast<int>(sides.size());
    case PieceRef::Kind::General: return command_ok();
    case PieceRef::Kind::Reinforcement:
        return piece.reinforcement >= 0 && piece.reinforcement < static_cast<int>(scenario_.reinforcements.size());
    case PieceRef::Kind::ReinforcementUnit:
        return piece.reinforcement >= 0 && piece.reinforcement < static_cast<int>(scenario_.reinforcements.size()) && piece.unit >= 0 &&
               piece.unit < static_cast<int>(scenario_.reinforcements[static_cast<std::size_t>(piece.reinforcement)].command.units.size());
    case PieceRef::Kind::Unit:
        return command_ok() && piece.unit >= 0 &&
               piece.unit < static_cast<int>(sides[static_cast<std::size_t>(piece.side)].commands[static_cast<std::size_t>(piece.command)].units.size());
    }
    return false;
}

bool BattlePlan::codeTaken(const std::string& code) const {
    for (const SideSetup& side : scenario_.sides)
        for (const CommandSetup& command : side.commands) {
            if (command.general && command.general->code == code) return true;
            for (const UnitSetup& unit : command.units)
                if (unit.code == code) return true;
        }
    for (const ReinforcementSetup& r : scenario_.reinforcements) {
        if (r.command.general && r.command.general->code == code) return true;
        for (const UnitSetup& unit : r.command.units)
            if (unit.code == code) return true;
    }
    return false;
}

namespace plan_detail {

// "bohemia" -> "BO"; a side with no id yet -> "S1".
std::string side_prefix(const Scenario& scenario, int side) {
    std::string prefix;
    if (side >= 0 && side < static_cast<int>(scenario.sides.size()))
        for (const char c : scenario.sides[static_cast<std::size_t>(side)].id)
            if (std::isalpha(static_cast<unsigned char>(c)) != 0 && prefix.size() < 2) prefix += static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
    return prefix.empty() ? "S" + std::to_string(side + 1) : prefix;
}

}  // namespace plan_detail

std::string BattlePlan::suggestCode(int side, Arm arm) const {
    const std::string stem = plan_detail::side_prefix(scenario_, side) + "-" + (arm == Arm::Infantry ? "I" : arm == Arm::Cavalry ? "C" : "A");
    for (int n = 1;; ++n)
        if (!codeTaken(stem + std::to_string(n))) return stem + std::to_string(n);
}

std::string BattlePlan::suggestGeneralCode(int side) const {
    const std::string stem = plan_detail::side_prefix(scenario_, side) + "-G";
    for (int n = 1;; ++n)
        if (!codeTaken(stem + std::to_string(n))) return stem + std::to_string(n);
}

}  // namespace fortuna::app
