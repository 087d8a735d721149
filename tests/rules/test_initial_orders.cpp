// SPDX-License-Identifier: MIT
// A side's initial orders in a scenario (seed 000, 7.1.1; issue 31's objectives): read, checked
// against the battle's terrain and table, written on one line, and followed by the programmed
// opponent when no doctrine file is given.
#include <gtest/gtest.h>

#include <string>

#include "fortuna/core/errors.hpp"
#include "fortuna/seam/library.hpp"
#include "fortuna/land/opponent.hpp"
#include "fortuna/land/scenario.hpp"
#include "fortuna/land/scenario_editing.hpp"

namespace fortuna {
namespace initial_orders_tests {

const RulesLibrary& orders_library() {
    static const RulesLibrary loaded = RulesLibrary::load(FORTUNA_TEST_DATA_DIR);
    return loaded;
}

// The test skirmish with the French ordered to take the Galgenberg and the Imperials to hold a point.
nlohmann::json skirmish_with_orders() {
    nlohmann::json document = load_scenario(orders_library(), "test-skirmish").document;
    document["sides"][0]["orders"] = nlohmann::json{
        {"posture", "attack"}, {"objective", nlohmann::json{{"terrain", "Galgenberg"}}}, {"text", "Take the Galgenberg"}};
    const nlohmann::json point{{"x_mm", 700}, {"y_mm", 300}};
    nlohmann::json objective = nlohmann::json::object();
    objective["point"] = point;
    document["sides"][1]["orders"] = nlohmann::json{{"posture", "defend"}, {"objective", objective}};
    return document;
}

std::string listed_problems(const nlohmann::json& document) {
    std::string text;
    for (const ScenarioProblem& p : scenario_problems(orders_library(), document, "orders.json")) text += p.message() + "\n";
    return text;
}

TEST(InitialOrders, AreReadWithTheirObjective) {
    const Scenario scenario = Scenario::from_json(skirmish_with_orders(), "orders.json", orders_library());
    ASSERT_TRUE(scenario.sides[0].orders.has_value());
    EXPECT_EQ(scenario.sides[0].orders->posture, Posture::Attack);
    EXPECT_EQ(scenario.sides[0].orders->text, "Take the Galgenberg");
    const auto hill = objective_of(scenario, *scenario.sides[0].orders);
    ASSERT_TRUE(hill.has_value());
    EXPECT_EQ(hill->name, "Galgenberg");
    const auto point = objective_of(scenario, *scenario.sides[1].orders);
    ASSERT_TRUE(point.has_value());
    EXPECT_DOUBLE_EQ(point->at.x_mm, 700);
    EXPECT_EQ(point->name, "the point (700, 300)");
    EXPECT_EQ(listed_problems(skirmish_with_orders()), "");
}

TEST(InitialOrders, AreWrittenOnOneLineAndReadBackTheSame) {
    const Scenario scenario = Scenario::from_json(skirmish_with_orders(), "orders.json", orders_library());
    const std::string text = scenario_file_text(scenario_to_json(scenario));
    EXPECT_NE(text.find(R"("orders": {"posture": "attack", "objective": {"terrain": "Galgenberg"}, "text": "Take the Galgenberg"})"),
              std::string::npos)
        << text.substr(0, 2000);
    const Scenario again = Scenario::from_json(nlohmann::json::parse(text), "again.json", orders_library());
    ASSERT_TRUE(again.sides[1].orders.has_value());
    EXPECT_EQ(again.sides[1].orders->posture, Posture::Defend);
    ASSERT_TRUE(again.sides[1].orders->objective_point.has_value());
    EXPECT_DOUBLE_EQ(again.sides[1].orders->objective_point->y_mm, 300);
}

TEST(InitialOrders, AnUnknownFeatureOrAPointOffTheTableIsNamedInPlace) {
    nlohmann::json document = skirmish_with_orders();
    document["sides"][0]["orders"]["objective"]["terrain"] = "Weisser Berg";
    document["sides"][1]["orders"]["objective"]["point"]["x_mm"] = 9000;
    const std::string problems = listed_problems(document);
    EXPECT_NE(problems.find("/sides/0/orders/objective/terrain"), std::string::npos) << problems;
    EXPECT_NE(problems.find("Galgenberg, Eichwald"), std::string::npos) << problems;
    EXPECT_NE(problems.find("/sides/1/orders/objective/point"), std::string::npos) << problems;
    EXPECT_THROW(Scenario::from_json(document, "orders.json", orders_library()), DataError);
}

TEST(InitialOrders, APostureTheRulesDoNotKnowIsRefusedByTheSchema) {
    nlohmann::json document = skirmish_with_orders();
    document["sides"][0]["orders"]["posture"] = "charge";
    const std::string problems = listed_problems(document);
    EXPECT_NE(problems.find("/sides/0/orders/posture"), std::string::npos) << problems;
}

TEST(InitialOrders, TheOpponentFollowsThemWithoutADoctrineFile) {
    const Scenario scenario = Scenario::from_json(skirmish_with_orders(), "orders.json", orders_library());
    const Doctrines doctrines = default_doctrines(scenario);
    EXPECT_EQ(doctrines.side(0).posture, Posture::Attack);
    EXPECT_EQ(doctrines.side(0).objective_name, "Galgenberg");
    ASSERT_TRUE(doctrines.side(0).objective.has_value());
    EXPECT_NE(doctrines.side(0).source.find("7.1.1"), std::string::npos);
    EXPECT_EQ(doctrines.side(1).posture, Posture::Defend);

    // Without orders the first player attacks and marches on no ground of its own.
    const Scenario plain = load_scenario(orders_library(), "test-skirmish");
    EXPECT_FALSE(default_doctrines(plain).side(0).objective.has_value());
    // The second side's orders can make it the attacker.
    nlohmann::json document = skirmish_with_orders();
    document["sides"][1]["orders"]["posture"] = "attack";
    const Scenario both = Scenario::from_json(document, "orders.json", orders_library());
    EXPECT_EQ(default_doctrines(both).side(1).posture, Posture::Attack);
}

}  // namespace initial_orders_tests
}  // namespace fortuna
