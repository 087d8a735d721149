// SPDX-License-Identifier: MIT
// National army tables: loading and the factor a unit fights with.
#include "fortuna/land/army.hpp"

#include <nlohmann/json.hpp>

#include "fortuna/core/errors.hpp"
#include "core/json_reader.hpp"

namespace fortuna {

using detail::JsonReader;

double Movement::allowance(std::string_view going) const {
    if (going == "normal") return normal;
    if (going == "difficult") return normal + difficult;
    if (going == "road") return normal + road;
    if (going == "charge") return normal + charge;
    throw RuleError("unknown going '" + std::string(going) + "': expected normal, difficult, road or charge");
}

int UnitType::factor(UnitState state, Formation formation) const {
    // Infantry in square (hedgehog) use the disrupted factor whatever their state (seed 002,
    // 4) Combat Phase; seed 000, 8.3.4). Withdrawing and routing units fight as disrupted
    // (seed 000, 7.2.3: "treat the troops as disrupted").
    if (arm == Arm::Infantry && formation == Formation::Square) return factor_disrupted;
    return state == UnitState::Normal ? factor_normal : factor_disrupted;
}

const UnitType* Army::find(std::string_view unit_id) const {
    for (const auto& unit : units)
        if (unit.id == unit_id) return &unit;
    return nullptr;
}

Army Army::from_json(const nlohmann::json& document, const std::string& file, const RuleSet& rules) {
    const JsonReader root(document, file);
    Army army;
    army.file = file;
    army.ruleset = root.string("ruleset");
    if (army.ruleset != rules.id) root.fail_at("ruleset", "\"" + rules.id + "\" (the folder it is in)", army.ruleset);
    army.id = root.string("id");
    army.name = root.string("name");
    army.alliance = root.string_or("alliance", "");
    army.source = root.string("source");
    const RollKind rally_kind = rules.unit_roll_kind();
    const JsonReader units = root.at("units");
    for (std::size_t i = 0; i < units.size(); ++i) {
        const JsonReader node = units.at(i);
        UnitType unit;
        unit.id = node.string("id");
        if (army.find(unit.id)) node.fail_at("id", "a unit id not used before in this army", unit.id);
        unit.name = node.string("name");
        try {
            unit.arm = enum_from_string<Arm>(node.string("arm"));
        } catch (const RuleError&) {
            node.fail_at("arm", "infantry, cavalry or artillery", node.string("arm"));
        }
        unit.kind = node.string_or("kind", "");
        const JsonReader factors = node.at("factors");
        unit.factor_normal = factors.integer("normal");
        unit.factor_disrupted = factors.integer("disrupted");
        if (unit.factor_normal < 0 || unit.factor_normal > 50) factors.fail_at("normal", "a factor from 0 to 50");
        if (unit.factor_disrupted < 0 || unit.factor_disrupted > unit.factor_normal)
            factors.fail_at("disrupted", "a factor from 0 to the normal factor (" + std::to_string(unit.factor_normal) + ")");
        unit.rally = node.roll_value("rally", rally_kind);
        const JsonReader movement = node.at("movement_mm");
        unit.movement = {movement.number("normal"), movement.number("difficult"), movement.number("road"),
                         movement.number("charge")};
        if (unit.movement.normal <= 0 || unit.movement.normal > 1000) movement.fail_at("normal", "a move from 1 to 1000 mm");
        if (unit.movement.normal + unit.movement.difficult < 0)
            movement.fail_at("difficult", "a reduction no larger than the normal move");
        const JsonReader base = node.at("base");
        unit.base = {base.number("width_mm"), base.number("depth_mm"), base.integer("figures")};
        if (unit.base.width_mm <= 0 || unit.base.depth_mm <= 0) base.fail("a base with positive width_mm and depth_mm");
        unit.typical_bases = node.integer_or("typical_bases", 1);
        unit.battery = node.string_or("battery", unit.arm == Arm::Artillery ? "field" : "");
        if (unit.arm == Arm::Artillery) {
            try {
                (void)rules.artillery.battery(unit.battery);
            } catch (const RuleError& error) {
                node.fail_at("battery", "a battery table of the rule set", unit.battery);
            }
        }
        if (node.has("combat_range_mm")) unit.combat_range_mm = node.number("combat_range_mm");
        unit.first_contact_as = node.string_or("first_contact_as", "");
        unit.can_dismount = node.boolean_or("can_dismount", false);
        unit.dismounted_as = node.string_or("dismounted_as", "");
        unit.source = node.string_or("source", army.source);
        unit.notes = node.string_or("notes", "");
        army.units.push_back(std::move(unit));
    }
    // Cross-references inside the army: a dismounting unit names a unit type that exists.
    for (std::size_t i = 0; i < army.units.size(); ++i) {
        const auto& unit = army.units[i];
        if (!unit.dismounted_as.empty() && !army.find(unit.dismounted_as))
            units.at(i).fail_at("dismounted_as", "the id of another unit type of this army", unit.dismounted_as);
        if (!unit.first_contact_as.empty() && !army.find(unit.first_contact_as))
            units.at(i).fail_at("first_contact_as", "the id of another unit type of this army", unit.first_contact_as);
    }
    if (army.units.empty()) units.fail("at least one unit type");
    return army;
}

}  // namespace fortuna
