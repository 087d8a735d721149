// SPDX-License-Identifier: MIT
// What a unit, a general or a messenger can be besides its combat state, with the words for each.
#pragma once

#include <array>
#include <string_view>

#include "fortuna/core/names.hpp"

namespace fortuna {

// Whether a unit or general is on the table: reinforcements wait until they arrive; a unit
// that routs off the board is permanently removed (seed 002, Game Sequence 3).
enum class Presence { Awaiting, OnBoard, OffBoard };
// Dragoons mount or dismount; other units are neither.
enum class Mount { None, Mounted, Dismounted };
// Artillery limbers and unlimbers, and can be captured (seed 002, Game Sequence 2).
enum class Guns { None, Limbered, Unlimbered, Captured };
enum class GeneralCondition { Present, Unhorsed, Wounded, Killed };
enum class MessengerStatus { InTransit, Understood, NotUnderstood, Captured };

template <>
struct EnumNames<Presence> {
    static constexpr std::string_view what = "presence";
    static constexpr std::array<NameOf<Presence>, 3> names{
        {{Presence::Awaiting, "awaiting"}, {Presence::OnBoard, "on-board"}, {Presence::OffBoard, "off-board"}}};
};
template <>
struct EnumNames<Mount> {
    static constexpr std::string_view what = "mount";
    static constexpr std::array<NameOf<Mount>, 3> names{
        {{Mount::None, "none"}, {Mount::Mounted, "mounted"}, {Mount::Dismounted, "dismounted"}}};
};
template <>
struct EnumNames<Guns> {
    static constexpr std::string_view what = "guns";
    static constexpr std::array<NameOf<Guns>, 4> names{{{Guns::None, "none"},
                                                         {Guns::Limbered, "limbered"},
                                                         {Guns::Unlimbered, "unlimbered"},
                                                         {Guns::Captured, "captured"}}};
};
template <>
struct EnumNames<GeneralCondition> {
    static constexpr std::string_view what = "condition";
    static constexpr std::array<NameOf<GeneralCondition>, 4> names{{{GeneralCondition::Present, "present"},
                                                                     {GeneralCondition::Unhorsed, "unhorsed"},
                                                                     {GeneralCondition::Wounded, "wounded"},
                                                                     {GeneralCondition::Killed, "killed"}}};
};
template <>
struct EnumNames<MessengerStatus> {
    static constexpr std::string_view what = "messenger status";
    static constexpr std::array<NameOf<MessengerStatus>, 4> names{{{MessengerStatus::InTransit, "in-transit"},
                                                                    {MessengerStatus::Understood, "understood"},
                                                                    {MessengerStatus::NotUnderstood, "not-understood"},
                                                                    {MessengerStatus::Captured, "captured"}}};
};

}  // namespace fortuna
