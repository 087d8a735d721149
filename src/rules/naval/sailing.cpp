// SPDX-License-Identifier: MIT
// Wind, points of sail, speed from masts, turning and the geometry of arcs (seed 000, The Wind; Movement; Combat).
#include <algorithm>
#include <cmath>
#include <cstdio>

#include "fortuna/core/errors.hpp"
#include "fortuna/naval/model.hpp"

namespace fortuna {

std::string format_tenths(double value) {
    char buffer[32];
    std::snprintf(buffer, sizeof buffer, "%g", std::round(value * 10) / 10);
    return buffer;
}

namespace {

const DieChange& change_row(const std::vector<DieChange>& rows, int face) {
    for (const auto& row : rows)
        if (face >= row.from && face <= row.to) return row;
    throw RuleError("a die shows 1 to 6, not " + std::to_string(face));
}

std::string faces_text(const DieChange& row) {
    return row.from == row.to ? std::to_string(row.from) : std::to_string(row.from) + "-" + std::to_string(row.to);
}

}  // namespace

// ---------------------------------------------------------------- names

std::string_view to_string(FireState value) {
    switch (value) {
        case FireState::None: return "none";
        case FireState::Burning: return "burning";
        case FireState::Spreading: return "spreading";
    }
    return "?";
}
std::string_view to_string(BroadsideSide value) { return value == BroadsideSide::Port ? "port" : "starboard"; }
std::string_view to_string(Aim value) { return value == Aim::Hull ? "hull" : "sails"; }
std::string_view to_string(FireAspect value) {
    switch (value) {
        case FireAspect::Port: return "port";
        case FireAspect::Starboard: return "starboard";
        case FireAspect::Bow: return "bow";
        case FireAspect::Stern: return "stern";
    }
    return "?";
}
BroadsideSide broadside_side_from_string(std::string_view text) {
    if (text == "port") return BroadsideSide::Port;
    if (text == "starboard") return BroadsideSide::Starboard;
    throw RuleError("unknown side '" + std::string(text) + "': expected port or starboard");
}
Aim aim_from_string(std::string_view text) {
    if (text == "hull" || text == "gun-decks" || text == "decks") return Aim::Hull;
    if (text == "sails" || text == "masts") return Aim::Sails;
    throw RuleError("unknown aim '" + std::string(text) + "': expected hull (gun decks) or sails (masts)");
}
FireAspect fire_aspect_from_string(std::string_view text) {
    if (text == "port") return FireAspect::Port;
    if (text == "starboard") return FireAspect::Starboard;
    if (text == "bow" || text == "fore") return FireAspect::Bow;
    if (text == "stern" || text == "aft") return FireAspect::Stern;
    throw RuleError("unknown aspect '" + std::string(text) + "': expected port, starboard, bow or stern");
}

// ---------------------------------------------------------------- wind

WindChange change_wind(const NavalTables& tables, WindState wind, const Roll& direction_roll, const Roll& speed_roll) {
    WindChange change;
    change.before = wind;
    change.direction_roll = direction_roll;
    change.speed_roll = speed_roll;
    change.direction_row = &change_row(tables.direction_change, direction_roll.value);
    change.speed_row = &change_row(tables.speed_change, speed_roll.value);
    const int points = static_cast<int>(tables.compass.size());
    WindState after = wind;
    after.direction = ((wind.direction + change.direction_row->delta) % points + points) % points;
    after.speed = std::clamp(wind.speed + change.speed_row->delta, tables.speed_min, tables.speed_max);  // D1
    change.after = after;
    const auto name = [&](int index) { return tables.compass[static_cast<std::size_t>(index)]; };
    change.explanation.push_back("The Wind, direction die " + std::to_string(direction_roll.value) + " (row " +
                                 faces_text(*change.direction_row) + ": " + change.direction_row->words + "): " +
                                 name(wind.direction) + " -> " + name(after.direction));
    std::string speed_line = "The Wind, speed die " + std::to_string(speed_roll.value) + " (row " +
                             faces_text(*change.speed_row) + ": " + change.speed_row->words + "): " +
                             std::to_string(wind.speed) + " -> " + std::to_string(after.speed);
    if (wind.speed + change.speed_row->delta != after.speed)
        speed_line += " (held within " + std::to_string(tables.speed_min) + "-" + std::to_string(tables.speed_max) + ", D1)";
    change.explanation.push_back(speed_line);
    if (high_seas(tables, after))
        change.explanation.push_back("High seas: wind " + std::to_string(after.speed) + " is " +
                                     std::to_string(tables.high_seas_from) + " or more; ships with no gun decks and no hull may founder");
    return change;
}

Distribution wind_probabilities(const NavalTables& tables, WindState wind) {
    Distribution out;
    for (int d = 1; d <= 6; ++d)
        for (int s = 1; s <= 6; ++s) {
            const WindState after = change_wind(tables, wind, Roll{RollKind::D6, d}, Roll{RollKind::D6, s}).after;
            const std::string key = tables.compass[static_cast<std::size_t>(after.direction)] + " " + std::to_string(after.speed);
            auto it = std::find_if(out.begin(), out.end(), [&](const auto& entry) { return entry.first == key; });
            if (it == out.end()) it = out.insert(out.end(), {key, Probability{0, 36}});
            ++it->second.numerator;
        }
    return out;
}

bool high_seas(const NavalTables& tables, const WindState& wind) { return wind.speed >= tables.high_seas_from; }

// ---------------------------------------------------------------- sailing

double normalize_degrees(double degrees) {
    double d = std::fmod(degrees, 360.0);
    if (d < 0) d += 360.0;
    if (d >= 360.0 - 1e-9) d = 0;
    return d;
}

double off_wind_degrees(const NavalTables& tables, const WindState& wind, double heading_deg) {
    double eye = tables.point_degrees(wind.direction);  // where the wind comes from (S3)
    if (!tables.wind_named_from) eye = normalize_degrees(eye + 180);
    const double diff = std::fabs(normalize_degrees(heading_deg) - eye);
    return diff > 180 ? 360 - diff : diff;
}

const PointOfSailBand& point_of_sail(const NavalTables& tables, const WindState& wind, double heading_deg) {
    const double off = off_wind_degrees(tables, wind, heading_deg);
    // Between two bands (a heading off the 16-point circle) the nearer band below applies.
    const PointOfSailBand* found = &tables.points_of_sail.front();
    for (const auto& band : tables.points_of_sail)
        if (off >= band.from_deg - 1e-9) found = &band;
    return *found;
}

double downwind_degrees(const NavalTables& tables, const WindState& wind) {
    const double from = tables.point_degrees(wind.direction);
    return tables.wind_named_from ? normalize_degrees(from + 180) : from;
}

SailingAllowance sailing_allowance(const NavalTables& tables, const WindState& wind, double heading_deg, int mast_units) {
    SailingAllowance a;
    a.off_wind_deg = off_wind_degrees(tables, wind, heading_deg);
    a.band = &point_of_sail(tables, wind, heading_deg);
    a.mast_units = mast_units;
    if (mast_units <= 0) {
        a.drifting = true;
        a.allowance_cm = tables.drift_cm;
        a.explanation.push_back("Movement: every mast shot away, the ship drifts " + format_tenths(tables.drift_cm) +
                                " cm downwind (towards " + format_tenths(downwind_degrees(tables, wind)) + "°)");
        return a;
    }
    a.explanation.push_back("Points of Sail: heading " + format_tenths(normalize_degrees(heading_deg)) + "° is " +
                            format_tenths(a.off_wind_deg) + "° off the wind from " +
                            tables.compass[static_cast<std::size_t>(wind.direction)] + ": " + a.band->name);
    if (!a.band->can_sail) {
        a.explanation.push_back("Movement: no ship sails directly into the wind; tack one compass point either side (D10)");
        return a;
    }
    a.can_sail = true;
    a.effective_wind = wind.speed + a.band->wind_modifier;
    const double raw = static_cast<double>(a.effective_wind * mast_units) * tables.cm_per_unit;
    a.allowance_cm = std::max(raw, tables.minimum_cm);
    std::string line = "Movement: (wind " + std::to_string(wind.speed) +
                       (a.band->wind_modifier ? (a.band->wind_modifier > 0 ? " + " : " - ") + std::to_string(std::abs(a.band->wind_modifier)) : std::string()) +
                       ") x " + std::to_string(mast_units) + " mast units = " + format_tenths(raw) + " cm";
    if (raw < tables.minimum_cm) line += ", raised to the minimum " + format_tenths(tables.minimum_cm) + " cm";
    a.explanation.push_back(line);
    return a;
}

int turning_points_between(const NavalTables& tables, double from_deg, double to_deg) {
    double diff = std::fabs(normalize_degrees(to_deg) - normalize_degrees(from_deg));
    if (diff > 180) diff = 360 - diff;
    const double point = 360.0 / tables.turning_points;
    return static_cast<int>(std::ceil(diff / point - 1e-9));
}

double turning_cost_cm(const NavalTables& tables, double from_deg, double to_deg) {
    return turning_points_between(tables, from_deg, to_deg) * tables.turning_cost_cm * tables.cm_per_unit;
}

// ---------------------------------------------------------------- ships and arcs

int ShipStatus::mast_count() const { return static_cast<int>(std::count(masts.begin(), masts.end(), true)); }

int Ship::mast_units() const {
    int units = 0;
    for (std::size_t i = 0; i < now.masts.size() && i < ship_class->masts.size(); ++i)
        if (now.masts[i]) units += ship_class->masts[i].units;
    return units;
}

int Ship::cells_left() const { return now.gun_decks() + now.mast_count() + now.hull; }

ShipStatus fresh_status(const ShipClass& ship_class, int side) {
    ShipStatus s;
    s.side = side;
    s.port_decks = s.starboard_decks = ship_class.gun_decks_per_side;
    s.masts.assign(ship_class.masts.size(), true);
    s.hull = ship_class.hull;
    return s;
}

double bearing_degrees(double from_x, double from_y, double to_x, double to_y) {
    constexpr double kDegrees = 180.0 / 3.14159265358979323846;
    return normalize_degrees(std::atan2(to_x - from_x, to_y - from_y) * kDegrees);
}

double distance_cm(const Ship& a, const Ship& b) { return std::hypot(a.now.x_cm - b.now.x_cm, a.now.y_cm - b.now.y_cm); }

namespace {
// Bearing of `other` off `ship`'s bow, clockwise, 0-360.
double relative_bearing(const Ship& ship, const Ship& other) {
    return normalize_degrees(bearing_degrees(ship.now.x_cm, ship.now.y_cm, other.now.x_cm, other.now.y_cm) - ship.now.heading_deg);
}
}  // namespace

std::optional<BroadsideSide> arc_holding(const NavalTables& tables, const Ship& firer, const Ship& target) {
    const double relative = relative_bearing(firer, target);
    const double half = tables.arc_deg / 2;
    // S1: starboard (right) looks to 90° off the bow, port (left) to 270°.
    if (std::fabs(relative - 90) <= half + 1e-9) return BroadsideSide::Starboard;
    if (std::fabs(relative - 270) <= half + 1e-9) return BroadsideSide::Port;
    return std::nullopt;
}

FireAspect aspect_of(const Ship& target, const Ship& firer) {
    const double relative = relative_bearing(target, firer);
    if (relative > 45 && relative < 135) return FireAspect::Starboard;
    if (relative > 225 && relative < 315) return FireAspect::Port;
    if (relative >= 135 && relative <= 225) return FireAspect::Stern;
    return FireAspect::Bow;
}

}  // namespace fortuna
