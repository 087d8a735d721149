#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""Scores every candidate for the column of seed 002 Table 5 (the odds table) that was lost in the
text conversion, against the table's own pattern and the two worked examples, and prints the scores
(docs/rules/errata.md, E1). Run from the repository root:

    python3 scripts/score-lost-odds-column.py

The header prints 22 attacking strengths and every row 21 odds, so one column is lost; which one is
the question. For each candidate the 21 printed odds of a row fill the other 21 columns in order,
and the candidate column stays unknown (it is scored nowhere). The scores:

* examples: the odds the worked examples print (Example 1: 20:20 = 1:1, 20:10 = 2:1; Example 2:
  15:10 = 1:1, 5:10 = 1:2, 15:5 = 3:1) that the table then gives (a cell in the lost column
  confirms nothing);
* equal: cells where attacker and defender are equal that read 1:1 (the table's diagonal);
* wrong side: cells that favour the weaker side (a stronger attacker at worse than 1:1, or a weaker
  one at better than 1:1);
* breaks: pairs of neighbouring known cells, along a row or down a column, where more strength gives
  worse odds (the table's monotony);
* off the rule: known cells that differ from the rule the worked examples show (15:10 = 1:1,
  20:10 = 2:1, 5:10 = 1:2, 15:5 = 3:1): the stronger side's strength over the weaker's, rounded
  down, at most 7 (the table's largest odds);
* log error: mean |log2(printed odds) - log2(attack / defend)| over the known cells, how far the
  odds stray from the strengths' own ratio.

The best candidate reproduces all five examples and leaves the fewest cells off the rule; the
script then lists, for it and for the earlier reading (column 35 lost), every cell off the rule."""
import math
import sys

# Seed 002, "Table 5:- Odds Table", as printed (header, then each defending strength and its 21 odds).
ATTACK = [35, 32, 28, 25, 24, 21, 20, 18, 16, 15, 14, 12, 10, 9, 8, 7, 6, 5, 4, 3, 2, 1]
PRINTED = """
35 1:1 1:1 1:1 1:1 1:1 1:1 1:1 1:2 1:2 1:2 1:2 1:3 1:3 1:4 1:5 1:5 1:7 1:7 1:7 1:7 1:7
32 1:1 1:1 1:1 1:1 1:1 1:1 1:1 1:2 1:2 1:2 1:2 1:3 1:3 1:4 1:4 1:5 1:6 1:6 1:7 1:7 1:7
28 1:1 1:1 1:1 1:1 1:1 1:1 1:1 1:1 1:1 1:2 1:2 1:2 1:3 1:3 1:4 1:4 1:5 1:5 1:7 1:7 1:7
25 1:1 1:1 1:1 1:1 1:1 1:1 1:1 1:1 1:1 1:1 1:2 1:2 1:2 1:3 1:3 1:4 1:5 1:6 1:6 1:7 1:7
24 1:1 1:1 1:1 1:1 1:1 1:1 1:1 1:1 1:1 1:1 1:2 1:2 1:2 1:3 1:3 1:4 1:4 1:6 1:6 1:7 1:7
21 1:1 1:1 1:1 1:1 1:1 1:1 1:1 1:1 1:1 1:1 1:1 1:2 1:2 1:2 1:3 1:3 1:4 1:5 1:5 1:7 1:7
20 1:1 1:1 1:1 1:1 1:1 1:1 1:1 1:1 1:1 1:1 1:1 1:2 1:2 1:2 1:2 1:3 1:4 1:5 1:6 1:6 1:7
18 1:1 1:1 1:1 1:1 1:1 1:1 1:1 1:1 1:1 1:1 1:1 1:1 1:2 1:2 1:2 1:3 1:3 1:4 1:6 1:6 1:7
16 2:1 2:1 1:1 1:1 1:1 1:1 1:1 1:1 1:1 1:1 1:1 1:1 1:1 1:2 1:2 1:3 1:4 1:5 1:5 1:7 1:7
15 2:1 2:1 1:1 1:1 1:1 1:1 1:1 1:1 1:1 1:1 1:1 1:1 1:1 1:1 1:2 1:2 1:3 1:3 1:5 1:5 1:7
14 2:1 2:1 2:1 1:1 1:1 1:1 1:1 1:1 1:1 1:1 1:1 1:1 1:1 1:1 1:2 1:2 1:2 1:3 1:4 1:4 1:7
12 2:1 2:1 2:1 2:1 1:1 1:1 1:1 1:1 1:1 1:1 1:1 1:1 1:1 1:1 1:1 1:2 1:2 1:3 1:4 1:6 1:7
10 3:1 3:1 2:1 2:1 2:1 2:1 1:1 1:1 1:1 1:1 1:1 1:1 1:1 1:1 1:1 1:1 1:2 1:2 1:3 1:5 1:7
9 3:1 3:1 3:1 2:1 2:1 2:1 2:1 1:1 1:1 1:1 1:1 1:1 1:1 1:1 1:1 1:1 1:1 1:2 1:3 1:4 1:7
8 4:1 4:1 3:1 3:1 2:1 2:1 2:1 1:1 1:1 1:1 1:1 1:1 1:1 1:1 1:1 1:1 1:1 1:2 1:3 1:4 1:7
7 5:1 4:1 4:1 3:1 3:1 2:1 2:1 2:1 2:1 2:1 1:1 1:1 1:1 1:1 1:1 1:1 1:1 1:1 1:2 1:3 1:7
6 5:1 4:1 4:1 4:1 3:1 3:1 3:1 2:1 2:1 2:1 1:1 1:1 1:1 1:1 1:1 1:1 1:1 1:1 1:2 1:3 1:6
5 7:1 6:1 5:1 5:1 4:1 4:1 4:1 3:1 3:1 3:1 2:1 2:1 2:1 1:1 1:1 1:1 1:1 1:1 1:1 1:2 1:5
4 7:1 7:1 7:1 6:1 6:1 5:1 5:1 4:1 4:1 3:1 3:1 2:1 2:1 1:1 1:1 1:1 1:1 1:1 1:1 1:2 1:4
3 7:1 7:1 7:1 7:1 7:1 6:1 6:1 5:1 5:1 4:1 4:1 3:1 3:1 2:1 2:1 2:1 1:1 1:1 1:1 1:1 1:3
2 7:1 7:1 7:1 7:1 7:1 7:1 7:1 7:1 7:1 7:1 6:1 5:1 4:1 4:1 3:1 3:1 2:1 2:1 1:1 1:1 1:2
1 7:1 7:1 7:1 7:1 7:1 7:1 7:1 7:1 7:1 7:1 7:1 7:1 7:1 7:1 7:1 6:1 5:1 4:1 3:1 2:1 1:1
"""
# The odds the two worked examples print: (attack, defend, odds).
EXAMPLES = [(20, 20, "1:1"), (20, 10, "2:1"), (15, 10, "1:1"), (5, 10, "1:2"), (15, 5, "3:1")]


def value(odds):
    a, d = odds.split(":")
    return int(a) / int(d)


def rows():
    table = {}
    for line in PRINTED.strip().splitlines():
        words = line.split()
        table[int(words[0])] = words[1:]
    return table


def table_rule(attack, defend):
    """The odds the worked examples show: the stronger over the weaker, rounded down, at most 7."""
    if attack >= defend:
        return f"{min(attack // defend, 7)}:1"
    ratio = min(defend // attack, 7)
    return "1:1" if ratio == 1 else f"1:{ratio}"


def off_rule(grid):
    return [(a, d, odds, table_rule(a, d)) for d, cells in grid.items() for a, odds in zip(ATTACK, cells)
            if odds is not None and odds != table_rule(a, d)]


def placed(printed, lost):
    """The 22 cells of a row when column `lost` is the one the conversion dropped (None there)."""
    cells = list(printed)
    cells.insert(lost, None)
    return cells


def score(lost, table):
    grid = {d: placed(printed, lost) for d, printed in table.items()}
    column = {a: i for i, a in enumerate(ATTACK)}
    examples = sum(1 for a, d, odds in EXAMPLES if grid[d][column[a]] == odds)
    equal = sum(1 for d in grid if d in column and grid[d][column[d]] == "1:1")
    equal_known = sum(1 for d in grid if d in column and grid[d][column[d]] is not None)
    wrong_side = 0
    errors = []
    for d, cells in grid.items():
        for a, odds in zip(ATTACK, cells):
            if odds is None:
                continue
            if (a > d and value(odds) < 1) or (a < d and value(odds) > 1):
                wrong_side += 1
            errors.append(abs(math.log2(value(odds)) - math.log2(a / d)))
    breaks = 0
    defends = sorted(grid, reverse=True)
    for d in defends:  # along a row: attack strengths descend, odds must not rise
        known = [value(o) for o in grid[d] if o is not None]
        breaks += sum(1 for x, y in zip(known, known[1:]) if y > x)
    for i in range(len(ATTACK)):  # down a column: defence descends, odds must not fall
        known = [value(grid[d][i]) for d in defends if grid[d][i] is not None]
        breaks += sum(1 for x, y in zip(known, known[1:]) if y < x)
    return examples, equal, equal_known, wrong_side, breaks, len(off_rule(grid)), sum(errors) / len(errors)


def main():
    table = rows()
    assert all(len(v) == len(ATTACK) - 1 for v in table.values()), "every printed row holds 21 odds"
    print("| lost column (attack strength) | examples (of 5) | equal strengths at 1:1 | wrong side | breaks | off the rule (of 441) | mean log2 error |")
    print("|---|---|---|---|---|---|---|")
    results = []
    for lost, strength in enumerate(ATTACK):
        examples, equal, equal_known, wrong_side, breaks, off, error = score(lost, table)
        results.append((strength, examples, off))
        print(f"| {strength} | {examples} | {equal} of {equal_known} | {wrong_side} | {breaks} | {off} | {error:.3f} |")
    fewest = min(off for _, examples, off in results if examples == len(EXAMPLES))
    best = [strength for strength, examples, off in results if examples == len(EXAMPLES) and off == fewest]
    print()
    print(f"best: lost column {', '.join(str(b) for b in best)} (all five examples, {fewest} cells off the rule)")
    for strength in dict.fromkeys(best + [35]):
        grid = {d: placed(printed, ATTACK.index(strength)) for d, printed in table.items()}
        print()
        print(f"cells off the rule with column {strength} lost (attack against defence: printed, rule):")
        print("; ".join(f"{a}:{d} {odds} ({rule})" for a, d, odds, rule in off_rule(grid)))
    return 0


if __name__ == "__main__":
    sys.exit(main())
