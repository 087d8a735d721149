// SPDX-License-Identifier: MIT
// A Game Of Kings battle in the scenario editor: edits as undo commands, drafts saved whole
// (see kings_plan.hpp).
#include "kings_plan.hpp"

#include <QFileInfo>
#include <QHash>
#include <QSaveFile>
#include <QUndoCommand>

#include <algorithm>
#include <cctype>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <stdexcept>

#include "fortuna/core/errors.hpp"
#include "fortuna/seam/library.hpp"
#include "fortuna/seam/rule_system.hpp"
#include "fortuna/land/scenario.hpp"
#include "qt_text.hpp"

namespace fortuna::app {

using namespace Qt::StringLiterals;

namespace kings_plan_detail {

// One edit: the document before and after (a scenario is a few kilobytes; two copies make undo
// exact for every kind of edit, STYLE.md).
class KingsEdit : public QUndoCommand {
public:
    KingsEdit(KingsPlan& plan, const QString& text, KingsPlan::Document before, KingsPlan::Document after, int merge_id)
        : QUndoCommand(text), plan_(plan), before_(std::move(before)), after_(std::move(after)), merge_id_(merge_id) {}
    void undo() override { plan_.replace(before_); }
    void redo() override { plan_.replace(after_); }
    int id() const override { return merge_id_; }
    bool mergeWith(const QUndoCommand* other) override {
        if (other->id() != merge_id_ || merge_id_ < 0) return false;
        after_ = static_cast<const KingsEdit*>(other)->after_;
        return true;
    }

private:
    KingsPlan& plan_;
    KingsPlan::Document before_, after_;
    int merge_id_;
};

int kings_merge_id(const QString& key) {
    if (key.isEmpty()) return -1;
    static QHash<QString, int> ids;
    const auto it = ids.constFind(key);
    if (it != ids.constEnd()) return *it;
    const int id = 5000 + static_cast<int>(ids.size());
    ids.insert(key, id);
    return id;
}

int kings_index_after(const std::string& pointer, const std::string& prefix) {
    if (pointer.rfind(prefix, 0) != 0) return -1;
    std::size_t at = prefix.size();
    int value = 0;
    bool any = false;
    while (at < pointer.size() && std::isdigit(static_cast<unsigned char>(pointer[at])) != 0) {
        value = value * 10 + (pointer[at] - '0');
        any = true;
        ++at;
    }
    return any ? value : -1;
}

std::string read_text_file_for_plan(const std::filesystem::path& path) {
    std::ifstream in(path, std::ios::binary);
    if (!in) throw std::runtime_error("cannot read " + path.string());
    std::ostringstream text;
    text << in.rdbuf();
    return text.str();
}

}  // namespace kings_plan_detail

std::string text_in(const nlohmann::ordered_json& node, const char* key) {
    if (!node.is_object()) return {};
    const auto it = node.find(key);
    return it != node.end() && it->is_string() ? it->get<std::string>() : std::string();
}

nlohmann::ordered_json value_in(const nlohmann::ordered_json& node, const char* key) {
    if (!node.is_object()) return nullptr;
    const auto it = node.find(key);
    return it != node.end() ? *it : nlohmann::ordered_json();
}

bool flag_in(const nlohmann::ordered_json& node, const char* key) {
    const auto value = value_in(node, key);
    return value.is_boolean() && value.get<bool>();
}

int whole_in(const nlohmann::ordered_json& node, const char* key) {
    const auto value = value_in(node, key);
    return value.is_number_integer() ? value.get<int>() : 0;
}

std::optional<std::array<double, 4>> rect_in(const nlohmann::ordered_json& piece) {
    const auto rect = value_in(piece, "rect_cm");
    if (!rect.is_array() || rect.size() != 4) return std::nullopt;
    std::array<double, 4> out{};
    for (std::size_t i = 0; i < 4; ++i) {
        if (!rect[i].is_number()) return std::nullopt;
        out[i] = rect[i].get<double>();
    }
    return out;
}

KingsPiece KingsPiece::fromPointer(const std::string& pointer) {
    using kings_plan_detail::kings_index_after;
    if (const int unit = kings_index_after(pointer, "/units/"); unit >= 0) return {Kind::Unit, unit};
    if (const int piece = kings_index_after(pointer, "/terrain/placed/"); piece >= 0) return {Kind::Placed, piece};
    return {};
}

KingsPlan::KingsPlan(std::shared_ptr<const RulesLibrary> library, QObject* parent)
    : QObject(parent),
      library_(std::move(library)),
      tables_(std::make_shared<const game_of_kings::Tables>(game_of_kings::load_tables(library_->data_dir()))),
      list_units_(game_of_kings::army_list_units(library_->data_dir())) {
    connect(&undo_stack_, &QUndoStack::cleanChanged, this, &KingsPlan::fileChanged);
}

KingsPlan::~KingsPlan() { undo_stack_.clear(); }

void KingsPlan::start(Document document) {
    undo_stack_.clear();
    document_ = std::move(document);
    file_.clear();
    unsaved_new_ = true;
    selection_ = {};
    refresh();
    emit changed();
    emit selectionChanged();
    emit fileChanged();
}

void KingsPlan::open(const QString& file_or_id) {
    const std::filesystem::path path = scenario_path(*library_, ss(file_or_id));
    std::error_code no_folder;
    const bool shipped = (!file_or_id.contains(u'/') && !file_or_id.endsWith(u".json"_s)) ||
                         std::filesystem::equivalent(path.parent_path(), library_->data_dir() / "scenarios", no_folder);
    const nlohmann::json read = read_json_file(path);
    if (format_of(read) != game_of_kings::kScenarioFormat)
        throw DataError(path.string(), "/format", std::string("a Game Of Kings scenario (\"") + game_of_kings::kScenarioFormat + "\")",
                        format_of(read).empty() ? std::string("no format") : "\"" + format_of(read) + "\"");
    // The members in the file's own order: a reopened file is written back as it was read.
    Document document = Document::parse(kings_plan_detail::read_text_file_for_plan(path));
    undo_stack_.clear();
    document_ = std::move(document);
    file_ = shipped ? QString() : QFileInfo(verbatim(path.string())).absoluteFilePath();
    unsaved_new_ = false;
    selection_ = {};
    refresh();
    emit changed();
    emit selectionChanged();
    emit fileChanged();
}

std::string KingsPlan::fileText() const { return scenario_file_text(document_); }

void KingsPlan::save(const QString& file) {
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
    unsaved_new_ = false;
    undo_stack_.setClean();
    refresh();  // the id is checked against the file's name
    emit fileChanged();
}

QString KingsPlan::edit(const QString& text, const std::function<void(Document&)>& change, const QString& merge_key) {
    Document after = document_;
    try {
        change(after);
    } catch (const std::exception& error) {
        // A draft whose shape the edit cannot take (a member of another type): refused, said, nothing changed.
        const QString why = tr("%1: not applied, the draft's shape does not allow it (%2); the Problems say what to correct").arg(text, qs(error.what()));
        emit refused(why);
        return why;
    }
    if (after == document_) return {};
    undo_stack_.push(new kings_plan_detail::KingsEdit(*this, text, document_, std::move(after), kings_plan_detail::kings_merge_id(merge_key)));
    return {};
}

void KingsPlan::replace(const Document& document) {
    document_ = document;
    if (selection_.kind != KingsPiece::Kind::None && !holds(selection_)) {
        selection_ = {};
        emit selectionChanged();
    }
    refresh();
    emit changed();
}

void KingsPlan::refresh() {
    const nlohmann::json plain = nlohmann::json::parse(document_.dump());
    // Unsaved, the file is named after the id, as Save As suggests.
    const std::string typed_id = text_in(document_, "id");
    const std::string id = typed_id.empty() ? std::string("battle") : typed_id;
    const std::filesystem::path file = file_.isEmpty() ? std::filesystem::path(id + ".json") : std::filesystem::path(ss(file_));
    try {
        problems_ = game_of_kings::battle_problems(library_->data_dir(), plain, file);
    } catch (const std::exception& error) {
        problems_ = {ScenarioProblem{"", "a scenario the check can read", error.what()}};
    }
    ground_ = game_of_kings::draft_terrain(*tables_, plain);
    emit problemsChanged();
}

std::array<game_of_kings::SidePoints, 2> KingsPlan::points() const {
    return game_of_kings::side_points(*tables_, list_units_, nlohmann::json::parse(document_.dump()));
}

int KingsPlan::unitCount() const {
    const auto it = document_.find("units");
    return it != document_.end() && it->is_array() ? static_cast<int>(it->size()) : 0;
}

int KingsPlan::placedCount() const {
    const auto terrain = document_.find("terrain");
    if (terrain == document_.end() || !terrain->is_object()) return 0;
    const auto placed = terrain->find("placed");
    return placed != terrain->end() && placed->is_array() ? static_cast<int>(placed->size()) : 0;
}

const game_of_kings::ListUnit* KingsPlan::listUnitOf(int unit) const {
    if (unit < 0 || unit >= unitCount()) return nullptr;
    const auto& u = document_.at("units").at(static_cast<std::size_t>(unit));
    if (!u.is_object()) return nullptr;
    const std::string list = text_in(u, "list"), id = text_in(u, "list_unit");
    for (const auto& entry : list_units_)
        if (entry.list == list && entry.id == id) return &entry;
    return nullptr;
}

std::optional<game_of_kings::Rect> KingsPlan::footprintOf(int unit) const {
    const game_of_kings::ListUnit* entry = listUnitOf(unit);
    if (!entry) return std::nullopt;
    const auto& u = document_.at("units").at(static_cast<std::size_t>(unit));
    if (!value_in(u, "x").is_number() || !value_in(u, "y").is_number()) return std::nullopt;
    const std::string typed = text_in(u, "formation");
    const std::string formation = typed.empty() ? game_of_kings::default_formation(entry->type) : typed;
    return game_of_kings::unit_footprint(tables_, entry->type, formation, u.at("x").get<double>(), u.at("y").get<double>());
}

int KingsPlan::sideOf(int unit) const {
    if (unit < 0 || unit >= unitCount()) return -1;
    const auto& u = document_.at("units").at(static_cast<std::size_t>(unit));
    const std::string side = text_in(u, "side");
    const auto sides = document_.find("sides");
    if (sides == document_.end() || !sides->is_array()) return -1;
    for (std::size_t i = 0; i < sides->size() && i < 2; ++i)
        if (!side.empty() && text_in((*sides)[i], "id") == side) return static_cast<int>(i);
    return -1;
}

void KingsPlan::select(const KingsPiece& piece) {
    const KingsPiece next = holds(piece) ? piece : KingsPiece{};
    if (next == selection_) return;
    selection_ = next;
    emit selectionChanged();
}

bool KingsPlan::holds(const KingsPiece& piece) const {
    switch (piece.kind) {
    case KingsPiece::Kind::Unit: return piece.index >= 0 && piece.index < unitCount();
    case KingsPiece::Kind::Placed: return piece.index >= 0 && piece.index < placedCount();
    case KingsPiece::Kind::None: return false;
    }
    return false;
}

std::string KingsPlan::suggestUnitId(int side, const std::string& list_unit) const {
    std::string prefix = "U";
    const auto sides = document_.find("sides");
    if (sides != document_.end() && sides->is_array() && side >= 0 && side < static_cast<int>(sides->size())) {
        const std::string id = text_in((*sides)[static_cast<std::size_t>(side)], "id");
        if (!id.empty()) prefix = std::string(1, static_cast<char>(std::toupper(static_cast<unsigned char>(id.front()))));
    }
    const auto taken = [&](const std::string& id) {
        if (unitCount() == 0) return false;
        for (const auto& u : document_.at("units"))
            if (text_in(u, "id") == id) return true;
        return false;
    };
    std::string base = prefix + "-";
    for (const char c : list_unit) base += std::isalnum(static_cast<unsigned char>(c)) != 0 ? c : '-';
    for (int n = 1;; ++n) {
        const std::string id = base + "-" + std::to_string(n);
        if (!taken(id)) return id;
    }
}

}  // namespace fortuna::app
