#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""Computes the random-number crisis-of-morale bands by the method of the "Sauve qui peut" essay
(seed 000, its last post) and prints them beside the bands the rule sets ship.

The essay sets the chance of a crisis at a casualty level to the cumulative share of battles in
which the Allied army lost at most that percentage (Chandler, Campaigns of Napoleon, Appendix I).
Its table and chart were pictures and are lost; its text keeps (b) the median, 25 % Allied, and
(c) the shape, a normal distribution with a small high tail. The spread is the one the same author
used when he read the chart with a die (seed 002, 5) Crisis of morale): a crisis on 1 at 15 % and
on 1-5 at 35 %, that is 1/6 and 5/6 at ten points either side of the median. See
docs/rules/errata.md, E22, for the decision this script supports. Run from the repository root:

    python3 scripts/crisis-bands-from-essay.py

scripts/derive-random-rulesets.py imports essay_band() for the levels the dice edition makes
immediate (40 % and over)."""
import json
import math
import os
import sys
from fractions import Fraction
from statistics import NormalDist

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))

MEDIAN_ALLIED_PERCENT = 25  # essay (b): "casualty rates of 15% French and 25% Allied" in the average battle
# The author's die: 5/6 of battles below 35 %, ten points above the median (seed 002, 5)).
SPREAD_PERCENT = 10 / NormalDist().inv_cdf(5 / 6)
ESSAY_CURVE = NormalDist(MEDIAN_ALLIED_PERCENT, SPREAD_PERCENT)
LEVELS = range(15, 101, 5)  # seed 000, 3.2 and 9.1: 15 % and every 5 % thereafter


def essay_chance(percent):
    """Share of the essay's battles in which the Allies lost at most `percent` %."""
    return ESSAY_CURVE.cdf(percent)


def essay_band(percent):
    """The essay's chance as random numbers 0.000-x in thousandths (method step 1: an outcome of
    cumulative probability p is the numbers below ceil(1000 p))."""
    upper = min(math.ceil(round(essay_chance(percent) * 1000, 9)), 1000)
    return 0, upper - 1


def shipped_levels(ruleset):
    with open(os.path.join(ROOT, "data/tables", ruleset + ".json"), encoding="utf-8") as f:
        return {level["percent"]: level for level in json.load(f)["crisis_of_morale"]["levels"]}


def shipped_chance(level, roll):
    if level.get("immediate"):
        return Fraction(1)
    low, high = level["crisis_on"]
    if roll == "d6":
        return Fraction(high - low + 1, 6)
    return Fraction(round(high * 1000) - round(low * 1000) + 1, 1000)


def main():
    dice = shipped_levels("gloire-dice")
    random_sets = {rid: shipped_levels(rid) for rid in ("glaube", "gloire", "reason", "destiny")}
    print(f"Essay curve: normal, median {MEDIAN_ALLIED_PERCENT} %, spread {SPREAD_PERCENT:.2f} points "
          "(through the dice edition's 1/6 at 15 % and 5/6 at 35 %)")
    print()
    print("| level | essay chance | essay band | dice edition (seed 002) | shipped random-number band | difference |")
    print("|---|---|---|---|---|---|")
    worst = 0.0
    for percent in LEVELS:
        chance = essay_chance(percent)
        _, top = essay_band(percent)
        d = dice.get(percent)
        dice_text = "-" if d is None else ("immediate" if d.get("immediate") else
                                           f"{d['crisis_on'][0]}-{d['crisis_on'][1]} ({float(shipped_chance(d, 'd6')):.3f})")
        bands = {rid: levels.get(percent) for rid, levels in random_sets.items()}
        texts = {f"0.000-{b['crisis_on'][1]:.3f}" if b else "-" for b in bands.values()}
        if len(texts) != 1:
            print(f"the random-number rule sets disagree at {percent} %: {sorted(texts)}", file=sys.stderr)
            return 1
        shipped = bands["glaube"]
        difference = "-" if shipped is None else f"{float(shipped_chance(shipped, 'random')) - chance:+.3f}"
        if shipped is not None:
            worst = max(worst, abs(float(shipped_chance(shipped, "random")) - chance))
        print(f"| {percent} % | {chance:.4f} | 0.000-{top / 1000:.3f} | {dice_text} | {texts.pop()} | {difference} |")
    print()
    print(f"largest difference, shipped against essay: {worst:.3f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
