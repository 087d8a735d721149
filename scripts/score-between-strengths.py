#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""Measures how the two readings of a strength that seed 002 Table 5 does not print
(odds.between_strengths: "next-lower", "nearest" and "ratio", errata E3) treat attacker and defender, with
the exact probabilities of the library (fortuna-cli odds and combat --json), and prints the result.
Run from the repository root after building fortuna-cli:

    python3 scripts/score-between-strengths.py [path/to/fortuna-cli]

The fights measured are every pair of strengths the shipped units can have (bases 1 to 10 times a
normal or disrupted factor of any army file) where the attacker's or the defender's strength is not
printed. Each fight's reference is the
table's own rule applied to the real strengths (the stronger side's strength over the weaker's,
rounded down, at most 7: errata E1), read on the combat results table like any other odds. For each
reading the script reports how often it moves the fight to a column better for the attacker than the
reference, or worse, and the mean change in the attacker's chance of harming the defender (Dx, Dd,
Dr) and of being harmed (Ar, Ad, Dx, counted once)."""
import concurrent.futures
import glob
import importlib.util
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def _load_script(name, filename):
    spec = importlib.util.spec_from_file_location(name, os.path.join(os.path.dirname(os.path.abspath(__file__)), filename))
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


# The table's own rule (errata E1): the stronger side's strength over the weaker's, rounded down, at most 7.
table_rule = _load_script("score_lost_odds_column", "score-lost-odds-column.py").table_rule
RULESET = "gloire-dice"
DEFENDER_HARMED = {"Dx", "Dd", "Dw", "Dr"}
ATTACKER_HARMED = {"Ar", "Aw", "Ad", "Dx"}


def run(cli, data, *arguments):
    out = subprocess.run([cli, "--data", data, "--json", *arguments], check=True, capture_output=True, text=True).stdout
    return json.loads(out)


def strengths():
    """Bases 1 to the largest unit of the shipped scenarios (White Mountain's tercios of 10) times
    every normal or disrupted factor of every army (the random-number editions read seed 002's odds
    table too, method step 7)."""
    factors, largest = set(), 1
    for path in glob.glob(os.path.join(ROOT, "data/armies/*/*.json")):
        with open(path, encoding="utf-8") as f:
            for unit in json.load(f)["units"]:
                if "factors" not in unit:  # the armies of other rule systems (Game Of Kings, Clausewitz) read no Table 5
                    continue
                factors.update((unit["factors"]["normal"], unit["factors"]["disrupted"]))
                largest = max(largest, unit.get("typical_bases", 1))
    for path in glob.glob(os.path.join(ROOT, "data/scenarios/*.json")):
        with open(path, encoding="utf-8") as f:
            text = f.read()
        largest = max([largest] + [int(n) for n in re.findall(r'"bases": (\d+)', text)])
    return sorted({bases * factor for factor in factors for bases in range(1, largest + 1)})


def data_with(reading):
    folder = tempfile.mkdtemp(prefix="fortuna-between-")
    shutil.copytree(os.path.join(ROOT, "data"), os.path.join(folder, "data"))
    path = os.path.join(folder, "data/tables", RULESET + ".json")
    with open(path, encoding="utf-8") as f:
        document = json.load(f)
    document["odds"]["between_strengths"] = reading
    with open(path, "w", encoding="utf-8") as f:
        json.dump(document, f)
    return os.path.join(folder, "data")


def main(argv):
    cli = argv[0] if argv else os.path.join(ROOT, "build/src/cli/fortuna-cli")
    data = os.path.join(ROOT, "data")
    with open(os.path.join(data, "tables", RULESET + ".json"), encoding="utf-8") as f:
        rules = json.load(f)
    printed = set(rules["odds"]["attack_strengths"])
    columns = [c["label"] for c in rules["combat_results"]["columns"]]
    # The exact chance of each result in each column, from the library: a fight at printed
    # strengths for each column (five against five is 1:1, ten against five 2:1, ...), checked.
    chances = {}
    representatives = {"1-5": (5, 25), "1-4": (5, 20), "1-3": (5, 15), "1-2": (5, 10), "1-1": (5, 5),
                       "2-1": (10, 5), "3-1": (15, 5), "4-1": (20, 5), "5-1": (25, 5), "6-1": (32, 5)}
    for label in columns:
        a, d = representatives[label]
        document = run(cli, data, "combat", "--ruleset", RULESET, "--attack", str(a), "--defend", str(d), "--preview")
        if document["column"] != label:
            print(f"{a} against {d} reads column {document['column']}, not {label}", file=sys.stderr)
            return 1
        chances[label] = document["probabilities"]

    def column_of(odds):
        """The column of odds read by the table's own rule; beyond the columns, the end one (errata E2)."""
        a, d = (int(x) for x in odds.split(":"))
        label = f"{a}-{d}"
        if label in columns:
            return columns.index(label)
        return len(columns) - 1 if a > d else 0

    def harm(label, codes):
        return sum(p for r, p in chances[label].items() if r in codes)

    fights = [(a, d) for a in strengths() for d in strengths() if a not in printed or d not in printed]
    print(f"{len(fights)} fights with a strength the table does not print (strengths {strengths()})")
    # How closely the printed cells follow the table's own rule: the ground of the "ratio" reading.
    pairs = [(a, d) for a in sorted(printed) for d in sorted(printed)]
    with concurrent.futures.ThreadPoolExecutor(max_workers=8) as pool:
        cells = list(pool.map(lambda f: run(cli, data, "odds", "--ruleset", RULESET, "--attack", str(f[0]), "--defend", str(f[1]))["odds"],
                              pairs))
    follow = sum(1 for (a, d), odds in zip(pairs, cells) if odds == table_rule(a, d))
    print(f"printed cells that are the table's own rule (E1): {follow} of {len(pairs)}")
    print()
    # Who is shorted: an unprinted attacker read down loses a column (worse for the attacker), an
    # unprinted defender read down loses one too (better for the attacker). Each class apart.
    classes = {"attacker unprinted": lambda a, d: a not in printed and d in printed,
               "defender unprinted": lambda a, d: a in printed and d not in printed,
               "both unprinted": lambda a, d: a not in printed and d not in printed}
    print("| reading | fights | better column for the attacker | same | worse | mean change, attacker harms defender | mean change, attacker harmed |")
    print("|---|---|---|---|---|---|---|")
    for reading in ("next-lower", "nearest", "ratio"):
        folder = data_with(reading)
        with concurrent.futures.ThreadPoolExecutor(max_workers=8) as pool:
            read = list(pool.map(lambda f: run(cli, folder, "odds", "--ruleset", RULESET, "--attack", str(f[0]),
                                               "--defend", str(f[1]))["column"], fights))
        shutil.rmtree(os.path.dirname(folder))
        for name, member in [("all", lambda a, d: True)] + list(classes.items()):
            better = same = worse = 0
            harms = harmed = 0.0
            n = 0
            for (a, d), got in zip(fights, read):
                if not member(a, d):
                    continue
                n += 1
                reference = columns[column_of(table_rule(a, d))]
                shift = columns.index(got) - columns.index(reference)
                better += shift > 0
                same += shift == 0
                worse += shift < 0
                harms += harm(got, DEFENDER_HARMED) - harm(reference, DEFENDER_HARMED)
                harmed += harm(got, ATTACKER_HARMED) - harm(reference, ATTACKER_HARMED)
            n = max(n, 1)
            print(f"| {reading}, {name} | {n} | {better} ({better / n:.0%}) | {same} ({same / n:.0%}) | {worse} ({worse / n:.0%}) | "
                  f"{harms / n:+.3f} | {harmed / n:+.3f} |")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
