// SPDX-License-Identifier: MIT
// One visitor from several lambdas, for std::visit over a typed action: each kind of action its
// own lambda, so a new kind is a compile-time question rather than a string nobody compares.
#pragma once

namespace fortuna {

template <class... Lambdas>
struct Overloaded : Lambdas... {
    using Lambdas::operator()...;
};
template <class... Lambdas>
Overloaded(Lambdas...) -> Overloaded<Lambdas...>;

}  // namespace fortuna
