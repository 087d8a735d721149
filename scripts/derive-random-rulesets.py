#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""Derives the lost tables of the four random-number rule sets (seed 000: the Ages of Glaube,
Gloire, Reason and Destiny) from the dice edition (seed 002, data/tables/gloire-dice.json) and
writes data/tables/<id>.json and data/armies/<id>/<nation>.json.

The method is written out in docs/rules/random-number-method.md; each rule set's page
(docs/rules/<id>.md) says where every number comes from. Run from the repository root:

    python3 scripts/derive-random-rulesets.py

Random numbers are written with three decimals (0.000-0.999) as the data format asks; the
layout is otherwise that of scripts/format-json.py."""
import copy
import decimal
import importlib.util
import json
import math
import os
import re
import sys
from fractions import Fraction

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
DICE = json.load(open(os.path.join(ROOT, "data/tables/gloire-dice.json"), encoding="utf-8"))


def _load_script(name, filename):
    spec = importlib.util.spec_from_file_location(name, os.path.join(os.path.dirname(os.path.abspath(__file__)), filename))
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


ESSAY = _load_script("crisis_bands_from_essay", "crisis-bands-from-essay.py")

# ----------------------------------------------------------------- the conversion method

def thousandths_ceil(p):
    """Smallest whole thousandth x with x/1000 >= p (p a Fraction)."""
    return math.ceil(p * 1000)


def band_of_cumulative(lower, upper):
    """The random numbers r with lower <= r < upper, as inclusive thousandths: a random number
    r 'rolls' the outcome whose cumulative probability first exceeds r (method, step 1)."""
    return thousandths_ceil(lower), thousandths_ceil(upper) - 1


def face_band(face):
    """d6 face k is the random numbers r with floor(6r) + 1 = k."""
    return band_of_cumulative(Fraction(face - 1, 6), Fraction(face, 6))


TWO_D6 = {t: Fraction(6 - abs(t - 7), 36) for t in range(2, 13)}


def two_d6_band(first, last):
    below = sum((TWO_D6[t] for t in range(2, first)), Fraction(0))
    upto = sum((TWO_D6[t] for t in range(2, last + 1)), Fraction(0))
    return band_of_cumulative(below, upto)


def threshold(face):
    """'face or more on a die' as a random-number need: (face - 1)/6 rounded down to 0.050.
    Reproduces both needs the text states: a 6 (routing, seed 002) -> 0.800 (seed 000, 5.2),
    a 2 (orders, seed 002) -> 0.150 (seed 000, 7.1.2)."""
    return math.floor(Fraction(face - 1, 6) * 20) * 50


assert threshold(6) == 800 and threshold(2) == 150, "the method must reproduce the stated needs"

STEP = 100  # +1 on a die becomes +0.100 (seed 000, 8.3.1-8.3.4, 5.3)


class R(int):
    """A value in thousandths, written as a three-decimal random number."""


def merge(bands):
    """[(lo, hi, result)] with adjacent equal results merged."""
    out = []
    for lo, hi, res in bands:
        if out and out[-1][2] == res and out[-1][1] + 1 == lo:
            out[-1] = (out[-1][0], hi, res)
        else:
            out.append((lo, hi, res))
    return out


def column_bands(faces):
    """A column of die results as bands of exact probability [lower, upper) (Fractions)."""
    out = []
    for i, res in enumerate(faces):
        lo, hi = Fraction(i, 6), Fraction(i + 1, 6)
        if out and out[-1][2] == res:
            out[-1] = (out[-1][0], hi, res)
        else:
            out.append((lo, hi, res))
    return out


def split_withdrawals(bands):
    """Aw is the worse half (the lower rolls, next to Ar) of the attacker-disrupted band Ad;
    Dw the worse half (the higher rolls, next to Dr) of the defender-disrupted band Dd. The
    halves are exact; rounding to thousandths happens once, in to_thousandths (method, step 3)."""
    out = []
    for lo, hi, res in bands:
        mid = (lo + hi) / 2
        if res == "Ad":
            out += [(lo, mid, "Aw"), (mid, hi, "Ad")]
        elif res == "Dd":
            out += [(lo, mid, "Dd"), (mid, hi, "Dw")]
        else:
            out.append((lo, hi, res))
    return out


def to_thousandths(bands):
    return [(*band_of_cumulative(lo, hi), res) for lo, hi, res in bands]


def rows_from_columns(columns):
    """Columns of bands -> table rows: the union of every column's band edges."""
    starts = sorted({lo for col in columns for lo, _, _ in col})
    rows = []
    for i, lo in enumerate(starts):
        hi = starts[i + 1] - 1 if i + 1 < len(starts) else 999
        results = []
        for col in columns:
            results.append(next(res for a, b, res in col if a <= lo <= b))
        rows.append({"roll": [R(lo), R(hi)], "results": results})
    return rows


def dice_columns(rows):
    count = len(rows[0]["results"])
    return [[row["results"][c] for row in rows] for c in range(count)]


def weaker_battery(col, step=STEP):
    """A horse battery needs 0.100 more than a foot battery for the same result (method, step 5)."""
    out = []
    for i, (lo, hi, res) in enumerate(col):
        new_lo = 0 if i == 0 else min(lo + step, 1000)
        new_hi = 999 if i + 1 == len(col) else min(col[i + 1][0] + step, 1000) - 1
        if new_lo <= new_hi:
            out.append((new_lo, new_hi, res))
    return merge(out)


# ----------------------------------------------------------------- the four rule sets

RULESETS = {
    "glaube": {
        "name": "The Age of Glaube",
        "period": "1618-1659",
        "great_captains": ["Gustavus Adolphus", "Cromwell"],
        "square": "'defensive hedgehog'",
        "square_fire_mm": 30,
    },
    "gloire": {"name": "The Age of Gloire", "period": "1667-1714", "great_captains": ["Marlborough"],
               "square": "square", "square_fire_mm": 50},
    "reason": {"name": "The Age of Reason", "period": "1740-1783", "great_captains": ["Frederick the Great"],
               "square": "square", "square_fire_mm": 50},
    "destiny": {"name": "The Age of Destiny", "period": "1792-1815", "great_captains": ["Napoleon"],
                "square": "square", "square_fire_mm": 50},
}

RESULT_TEXT = {
    "Ar": ("Attacker routed", "8.5.1",
           "Remove one base unit from the combat group, and mark off one victory point in the victory table. "
           "The remainder will rout from the board at charge speed until a random number >=0.800 is thrown to rally them to the disrupted state."),
    "Aw": ("Attacker retires", "8.5.2",
           "Previously undisrupted units combat units are disrupted to value of opponents combat strength and withdraw facing enemy at full speed. "
           "Units must use disrupted value for all further combat and continue to retire until rallied. Attackers already disrupted remove one base unit "
           "from the game, and mark off one victory point in the victory table. The remainder will rout from the board at charge speed until a random number >=0.800 is thrown to rally them to the disrupted state."),
    "Ad": ("Attacker disrupted", "8.5.3 (printed 'Attacker disrupted, Ar': erratum, the code is Ad)",
           "Previously undisrupted combat units are disrupted to the strength of their opponent and withdraw at full speed facing their opponent. "
           "Attackers already disrupted remove one base unit from the game, and mark off one victory point in the victory table. The remainder will rout "
           "from the board at charge speed until a random number >=0.800 is thrown to rally them to the disrupted state."),
    "Dx": ("Disruption exchanged", "8.5.4",
           "Previously undisrupted combat units are disrupted. Attackers already disrupted remove one base unit from the game. The remainder hold their "
           "ground for this move. Defenders already disrupted remove one base unit from the game and mark off one victory point in the victory table. "
           "The remainder will rout from the board at charge until a random number >=0.800 is thrown to rally them to the disrupted state."),
    "Dd": ("Defender disrupted", "8.5.5",
           "Previously undisrupted combat units become disrupted. Defenders already disrupted remove one base unit from the game, and mark off one victory "
           "point in the victory table. The remainder will rout from the board at charge speed until a random number >=0.800 is thrown to rally them to the disrupted state."),
    "Dw": ("Defender retires", "8.5.6 (printed 'Attackers already disrupted': erratum, read Defenders)",
           "Previously undisrupted units combat units are disrupted to value of opponents combat strength and withdraw facing enemy at full speed. "
           "Units must use disrupted value for all further combat and continue to retire until rallied. [Defenders] already disrupted remove one base unit "
           "from the game, and mark off one victory point in the victory table. The remainder will rout from the board at charge speed until a random number >=0.800 is thrown to rally them to the disrupted state."),
    "Dr": ("Defender routed", "8.5.7",
           "Remove one base unit from the combat group, and mark off one victory point in the victory table. The remainder will rout from the board at "
           "charge speed until a random number >=0.800 is thrown to rally them to the disrupted state."),
}


def outcome(lose, state):
    return {"lose_bases": lose, "state": state}


RESULT_EFFECTS = {
    "Ar": ({"normal": outcome(1, "routing"), "disrupted": outcome(1, "routing")}, {}),
    "Aw": ({"normal": outcome(0, "withdrawing"), "disrupted": outcome(1, "routing")}, {}),
    "Ad": ({"normal": outcome(0, "disrupted"), "disrupted": outcome(1, "routing")}, {}),
    "Dx": ({"normal": outcome(0, "disrupted"), "disrupted": outcome(1, "disrupted")},
           {"normal": outcome(0, "disrupted"), "disrupted": outcome(1, "routing")}),
    "Dd": ({}, {"normal": outcome(0, "disrupted"), "disrupted": outcome(1, "routing")}),
    "Dw": ({}, {"normal": outcome(0, "withdrawing"), "disrupted": outcome(1, "routing")}),
    "Dr": ({}, {"normal": outcome(1, "routing"), "disrupted": outcome(1, "routing")}),
}


def results_section():
    out = {"-": {"name": "No effect", "section": "8.4, combat results table", "attacker": {}, "defender": {}}}
    for code in ["Ar", "Aw", "Ad", "Dx", "Dd", "Dw", "Dr"]:
        name, section, text = RESULT_TEXT[code]
        attacker, defender = RESULT_EFFECTS[code]
        out[code] = {"name": name, "section": section, "text": text, "attacker": attacker, "defender": defender}
    return out


def derive_ruleset(rid):
    meta = RULESETS[rid]
    doc = f"docs/rules/{rid}.md"
    sq = meta["square"]
    table = {
        "format": "fortuna-ruleset",
        "format_version": 1,
        "id": rid,
        "name": meta["name"],
        "period": meta["period"],
        "source": f"seed 000 ({meta['name']}); its tables were pictures and are lost: derived from seed 002 as {doc} describes",
        "chance": {
            "model": "random",
            "notes": "One random number 0.000-0.999 for every roll (seed 000, 2.3). Lost tables derived from seed 002 by "
                     "docs/rules/random-number-method.md: a die face is a band of width 1/6, a 2d6 total a band of its probability.",
        },
        "turn": {
            "minutes": 5,
            "phases": [
                {"id": "a", "name": "Disruption and rout removal", "section": "4 (a); 5"},
                {"id": "b", "name": "Artillery fire", "section": "4 (b); 6"},
                {"id": "c", "name": "Orders and movement", "section": "4 (c); 7"},
                {"id": "d", "name": "Combat", "section": "4 (d); 8"},
                {"id": "e", "name": "Crisis of morale", "section": "4 (e); 9"},
            ],
        },
    }
    odds = copy.deepcopy(DICE["odds"])
    odds["section"] = "8.2, odds table (seed 002 Table 5)"
    odds["notes"] = (odds.get("notes", "") + " Carried over from the dice edition: " + doc + "#odds-table").strip()
    table["odds"] = odds

    dice_cols = dice_columns(DICE["combat_results"]["rows"])
    columns = [to_thousandths(split_withdrawals(column_bands(col))) for col in dice_cols]
    table["combat_results"] = {
        "section": "8.4, combat results table (derived from seed 002 Table 6)",
        "roll": "random",
        "columns": copy.deepcopy(DICE["combat_results"]["columns"]),
        "rows": rows_from_columns(columns),
        "odds_beyond_columns": "clamp",
        "notes": f"Each die face of seed 002 Table 6 is a band of width 1/6; Aw takes the lower half of each Ad band, Dw the upper half of each Dd band ({doc}#combat-results-table).",
    }
    table["results"] = results_section()
    table["column_shifts"] = {"section": "8.4", "combined_arms_two": 1, "combined_arms_three": 2, "flank": 1, "rear": 2}
    table["combat_modifiers"] = {
        "section": "8.3.1 terrain, 8.3.2 generals, 8.3.3 charging, 8.3.4 infantry attacking " + sq,
        "terrain_attacker": R(STEP),
        "terrain_defender": R(-STEP),
        "charge": R(STEP),
        "attacking_square": R(STEP),
        "leader_with_attacker": R(STEP),
        "leader_with_defender": R(-STEP),
        "leader_killed": R(STEP),
    }

    field = DICE["artillery"]["batteries"][0]
    foot_cols = [to_thousandths(column_bands(col)) for col in dice_columns(field["rows"])]
    horse_cols = [weaker_battery(col) for col in foot_cols]
    table["artillery"] = {
        "section": "6, artillery table (derived from seed 002 Table 3)",
        "roll": "random",
        "batteries": [
            {"id": "foot", "name": "Foot battery", "bands": copy.deepcopy(field["bands"]), "rows": rows_from_columns(foot_cols),
             "notes": "Seed 002 Table 3 (field artillery), each die face a band of width 1/6."},
            {"id": "horse", "name": "Horse battery", "bands": copy.deepcopy(field["bands"]), "rows": rows_from_columns(horse_cols),
             "notes": "Section 6: foot batteries are more effective than horse batteries. A horse battery needs 0.100 more than a foot battery for each result."},
        ],
        "target_formation_modifiers": {"line": R(0), "column": R(STEP), "square": R(STEP)},
        "band_edge": "nearer",
        "notes": f"Target in column or {sq} adds 0.100 (seed 002 Table 3 note, +1 as 0.100). {doc}#artillery-tables",
    }

    dice_leaders = DICE["leaders"]
    lo, hi = two_d6_band(*dice_leaders["casualty_on"])
    fates = []
    for fate in dice_leaders["fates"]:
        f = copy.deepcopy(fate)
        a, _ = face_band(fate["roll"][0])
        _, b = face_band(fate["roll"][1])
        f["roll"] = [R(a), R(b)]
        f["text"] = f["text"].replace("1 is deducted from the dice roll", "0.100 is deducted from the random number")
        fates.append(f)
    table["leaders"] = {
        "section": "5.3 and 8.3.2, generals under fire (derived from seed 002 Table 6)",
        "casualty_roll": "random",
        "casualty_on": [R(lo), R(hi)],
        "fate_roll": "random",
        "fates": fates,
        "modifiers": {"attack": R(STEP), "defend": R(-STEP), "rally": R(STEP)},
        "great_captain_modifiers": {"attack": R(2 * STEP), "defend": R(-2 * STEP), "rally": R(2 * STEP)},
        "great_captains": meta["great_captains"],
        "notes": f"A casualty on 2d6 2-3 (3/36) becomes 0.000-0.083; the fate die as bands of 1/6. {doc}#generals-under-fire",
    }

    square = copy.deepcopy(DICE["cavalry_vs_square"])
    for state in ("normal", "disrupted"):
        for o in square[state]:
            a, b = two_d6_band(*o["roll"])
            o["roll"] = [R(a), R(b)]
            o["text"] = o["text"].replace("until a 6 is thrown", "until a random number >=0.800 is thrown")
            if rid == "glaube":
                o["text"] = o["text"].replace("Square", "'Defensive hedgehog'").replace("square", "'defensive hedgehog'")
    square["section"] = f"8.6, {sq} attack table (derived from seed 002 Table 7)"
    square["roll"] = "random"
    square["infantry_fire_mm"] = meta["square_fire_mm"]
    square.pop("infantry_modifier", None)
    if rid == "glaube":
        # 8.6 (Glaube): the pistol fire comes before contact, so the attack is made from within
        # the hedgehog's 0-30 mm (docs/rules/glaube.md#defensive-hedgehog-attack-table).
        square["attack_before_contact"] = True
        square["notes"] = ("8.6: cavalry attack the 'defensive hedgehog' by pistol fire before contact; the infantry reply within 0-30 mm. "
                           "The odds are seed 002 Table 7's, 2d6 totals as bands of their probability. " + doc + "#defensive-hedgehog-attack-table")
    else:
        square["notes"] = ("8.6: cavalry attempt contact; the infantry fire within 0-50 mm. The odds are seed 002 Table 7's, 2d6 totals as "
                           "bands of their probability. " + doc + "#square-attack-table")
    table["cavalry_vs_square"] = square

    table["rally"] = {
        "section": "5.2",
        "roll": "random",
        "routing_needs": R(800),
        "disrupted_needs": "army table",
        "notes": "5.1: disrupted units need their army-table value; 5.2: routing units >= 0.800; 5.3: a surviving general adds +0.100 (a great captain +0.200).",
    }
    table["orders"] = {"section": "7.1.2", "roll": "random", "understood_from": R(150),
                       "messenger_mm_per_turn": 200, "notes": "7.1.2: >= 0.150 understood, <= 0.149 not understood; 7.2.7: messengers 200 mm a turn."}
    table["charge"] = {"section": "7.2.6", "once_every_turns": 6, "notes": "Once per six turns (once per half hour)."}
    table["ranges"] = {"section": "8.1.1-8.1.3", "infantry_combat_mm": 50, "cavalry_combat": "contact",
                       "notes": "Infantry within 0-50 mm; cavalry in physical contact. Unit types may carry their own combat_range_mm."}

    levels = []
    for level in DICE["crisis_of_morale"]["levels"]:
        if level.get("immediate"):
            # Seed 002 rounds these levels to certainty; the random number follows the curve the
            # "Sauve qui peut" essay reads them from (method, step 8; errata E22).
            _, top = ESSAY.essay_band(level["percent"])
            if top >= 999:
                levels.append({"percent": level["percent"], "immediate": True})
            else:
                levels.append({"percent": level["percent"], "crisis_on": [R(0), R(top)]})
        else:
            _, b = face_band(level["crisis_on"][1])
            levels.append({"percent": level["percent"], "crisis_on": [R(0), R(b)]})
    first_curve = next(lv for lv in levels if lv["percent"] == 40)
    first_curve["notes"] = ("9.2: above 40 % 'an immediate crisis is likely to occur for a majority of troops': every unit still rolls; "
                            "from 40 % the band is the 'Sauve qui peut' essay's share of battles (" + doc + "#crisis-of-morale).")
    first_certain = next(lv for lv in levels if lv.get("immediate"))
    first_certain["notes"] = ("The essay's share reaches 0.9995 here: every random number brings the crisis (" + doc + "#crisis-of-morale).")
    table["crisis_of_morale"] = {
        "section": "9.2 (thresholds 3.2, 9.1; bands derived from seed 002)",
        "roll": "random",
        "scope": "unit",
        "crossing": "reach",
        "levels": levels,
        "effect": "For each unit whose number shows a crisis: undisrupted become disrupted, disrupted rout, without removing any troops; "
                  "they rally in the normal way in the following move (9.2; effect as seed 002).",
        "notes": "9.2: 'a random number must be rolled for all troops in the army', each level tested once. " + doc + "#crisis-of-morale",
    }

    fc = copy.deepcopy(DICE["formation_changes"])
    fc["section"] = "7.2.1, change of formation (seed 002 Table 4)"
    if rid == "glaube":
        for change in fc["changes"]:
            change["name"] = change["name"].replace("Square", "Hedgehog")
    if rid != "gloire":
        fc["national_deductions"] = []
        fc["notes"] = "The French deduction of seed 002 Table 4 belongs to the armies of Louis XIV and is kept only in gloire."
    table["formation_changes"] = fc
    dusk = copy.deepcopy(DICE["dusk_visibility"])
    dusk["section"] = "6, dusk (seed 002 Table 8)"
    table["dusk_visibility"] = dusk
    table["victory"] = {
        "section": "10",
        "bands": [
            {"min_margin": 0, "result": "draw"},
            {"min_margin": 5, "result": "marginal victory"},
            {"min_margin": 10, "result": "major victory"},
            {"min_margin": 25, "result": "decisive victory", "exclusive": True},
        ],
        "notes": "Difference in % casualties: 0-5 draw, 5-10 marginal, 10-25 major, > 25 decisive. A margin exactly on 5 or 10 takes the "
                 "higher band (as seed 002: a draw only when 'less than 5%'); exactly 25 is major, since decisive needs '> 25%'.",
    }
    return table


# ----------------------------------------------------------------- armies

INF_BASE = {"width_mm": 20, "depth_mm": 15, "figures": 2}
CAV_BASE = {"width_mm": 30, "depth_mm": 40, "figures": 2}
GUN_BASE = {"width_mm": 20, "depth_mm": 30, "figures": 1}

MOVES = {
    "foot": (50, -10, 10, 10),         # seed 002 Line Infantry
    "guard": (60, -10, 10, 10),        # seed 002 Guard
    "light": (60, -10, 10, 10),        # ours: light infantry and riflemen as fast as the guard
    "horse": (120, -20, 20, 20),       # seed 002 cavalry
    "medium": (140, -20, 20, 20),      # ours: Destiny 2.4.2, between heavy and light
    "fast": (160, -20, 20, 20),        # ours: light cavalry, the fastest
    "gun": (50, -20, 10, 10),          # seed 002 Field artillery
    "horse-gun": (120, -20, 20, 20),   # ours: horse batteries keep pace with heavy cavalry
}


def unit(uid, name, arm, kind, normal, disrupted, rally_face, move, bases, source, **extra):
    u = {"id": uid, "name": name, "arm": arm, "kind": kind, "factors": {"normal": normal, "disrupted": disrupted},
         "rally": R(threshold(rally_face)),
         "movement_mm": dict(zip(("normal", "difficult", "road", "charge"), MOVES[move])),
         "base": dict(INF_BASE if arm == "infantry" else CAV_BASE if arm == "cavalry" else GUN_BASE),
         "typical_bases": bases}
    for key in ("battery", "combat_range_mm", "first_contact_as", "can_dismount", "dismounted_as"):
        if key in extra:
            u[key] = extra.pop(key)
    u["source"] = source
    if "notes" in extra:
        u["notes"] = extra.pop("notes")
    assert not extra, extra
    return u


def glaube_armies():
    src = "derived: docs/rules/glaube.md#armies"
    def inf(uid, name, kind, n, d, face, bases, **kw):
        return unit(uid, name, "infantry", kind, n, d, face, "foot", bases, src, **kw)
    def cav(uid, name, kind, n, d, face, move="horse", **kw):
        return unit(uid, name, "cavalry", kind, n, d, face, move, 3, src, **kw)
    def dragoons(face=5, name="Dragoons"):
        return [cav("dragoons-mounted", name + " - Mounted", "dragoons", 3, 2, face, can_dismount=True, dismounted_as="dragoons-dismounted",
                    notes="2.4.2: mounting or dismounting takes a move."),
                inf("dragoons-dismounted", name + " - Dismounted", "dismounted-dragoons", 2, 1, face, 3)]
    def guns(name="Foot Artillery"):
        return unit("foot-artillery", name, "artillery", "foot", 1, 1, 5, "gun", 1, src, battery="foot",
                    notes="8.1.3: a battery fights with strength 1 in any state.")
    def veterans(n=3, d=2, bases=6, name="Veteran Foot", notes=None):
        kw = {"notes": notes} if notes else {}
        return inf("veterans", name, "veterans", n, d, 4, bases, **kw)
    def regulars(n=2, d=1, bases=6, name="Regular Foot", face=5, notes=None):
        kw = {"notes": notes} if notes else {}
        return inf("regulars", name, "regulars", n, d, face, bases, **kw)
    def militia(name="Militia", bases=6):
        return inf("militia", name, "militia", 1, 1, 6, bases)
    cuirassiers = lambda face=5, name="Cuirassiers": cav("cuirassiers", name, "heavy", 5, 3, face, notes="2.4.2: heavy cavalry, charge home with the sword.")
    horse = lambda face=5, name="Horse (sword)", notes="2.4.2: heavy 'Regulars', charge home with the sword.": cav("horse", name, "heavy", 5, 3, face, notes=notes)
    arquebusiers = lambda face=5, name="Arquebusiers (carbines, caracole)": cav("arquebusiers", name, "medium", 4, 2, face,
                                                                                notes="2.4.2: medium cavalry, carbines and a modified caracole.")
    light_horse = lambda name, face=5, notes="Not a class of 2.4.2: light horse as Destiny's light cavalry (3/2, fastest).": cav(
        "light-horse", name, "light", 3, 2, face, move="fast", notes=notes)
    tercio = 10
    return {
        "sweden": ("Sweden", "Protestant: the Swedish army of Gustavus Adolphus", [
            veterans(4, 3, 6, "Veteran Brigades (Swedish and Finnish)", "Salvo fire: one above the common veterans, as seed 002 rates British platoon fire."),
            regulars(3, 2, 6, "Regular Foot (Swedish brigade)", notes="Salvo fire: one above the common regulars (seed 002's British pattern)."),
            horse(4, "Horse (Finnish Hakkapeliitta, sword)"),
            *dragoons(),
            guns(),
            unit("light-guns", "Regimental Guns (light)", "artillery", "light", 1, 1, 5, "foot", 1, src, battery="horse",
                 notes="Light regimental guns move with the foot; the lighter battery table (horse) stands for their lesser effect."),
        ]),
        "imperialists": ("The Emperor (Imperialists)", "Catholic: the army of the Holy Roman Emperor", [
            veterans(3, 2, tercio, "Veteran Tercio"), regulars(2, 1, tercio, "Regular Tercio"),
            cuirassiers(4), arquebusiers(), light_horse("Croats (light horse)"), *dragoons(), guns(),
        ]),
        "catholic-league": ("The Catholic League (Bavaria)", "Catholic: Tilly's army of the Catholic League", [
            veterans(3, 2, tercio, "Veteran Tercio"), regulars(2, 1, tercio, "Regular Tercio"),
            cuirassiers(), arquebusiers(), *dragoons(), guns(),
        ]),
        "bohemia": ("Bohemia and its allies", "Protestant: the Bohemian Estates with Moravians, Silesians, Austrians and Hungarians", [
            regulars(2, 1, 6, "Regular Foot"), militia("Militia (Bohemian levies)"),
            cuirassiers(name="Cuirassiers (Anhalt's)"), arquebusiers(),
            light_horse("Hungarian Light Horse", 6, "Bethlen's Hungarians: light horse (Destiny's light class, fastest) whose morale need is a 6 (0.800)."),
            *dragoons(), guns(),
        ]),
        "spain": ("Spain", "Catholic: the armies of Philip IV", [
            veterans(3, 2, tercio, "Veteran Tercio (tercio viejo)"), regulars(2, 1, tercio, "Regular Tercio"),
            cuirassiers(), arquebusiers(), *dragoons(), guns(),
        ]),
        "france": ("France", "The armies of Louis XIII and the young Louis XIV", [
            veterans(3, 2, 8, "Veteran Foot (vieux régiments)"), regulars(2, 1, 8, "Regular Foot"), militia("Militia", 8),
            cuirassiers(4, "Gendarmerie (cuirassiers)"), horse(), arquebusiers(), *dragoons(), guns(),
        ]),
        "royalists": ("English Royalists", "The King's armies of the Civil Wars", [
            veterans(3, 2, 6, "Veteran Foot (Oxford army)"), regulars(2, 1, 6, "Regular Foot"), militia("Militia (Welsh and Cornish levies)"),
            horse(6, "Horse (Rupert's, sword)", "Charge home, but hard to rally or control after success: morale need 0.800 (a 6)."),
            *dragoons(), guns(),
        ]),
        "parliament": ("Parliament / New Model Army", "Parliament's armies and the New Model Army", [
            veterans(3, 2, 6, "New Model Foot"), regulars(2, 1, 6, "Regular Foot"), militia("Trained Bands (London)"),
            horse(4, "Horse (Ironsides, sword)", "Cromwell's horse kept their order: morale need 0.500 (4-6)."),
            cuirassiers(name="Cuirassiers (Haselrig's Lobsters)"), *dragoons(), guns(),
        ]),
        "scots-covenanters": ("Scots Covenanters", "The Army of the Covenant", [
            veterans(3, 2, 6, "Veteran Foot (Leven's, from Swedish service)"), regulars(2, 1, 6, "Regular Foot"), militia("Militia (levies)"),
            light_horse("Scots Lancers (light horse)"), *dragoons(), guns(),
        ]),
    }


def gloire_armies():
    """Seed 002 Tables 1-2, each unit as printed; the rally need converted; field artillery as a foot battery."""
    out = {}
    folder = os.path.join(ROOT, "data/armies/gloire-dice")
    for name in sorted(os.listdir(folder)):
        army = json.load(open(os.path.join(folder, name), encoding="utf-8"))
        units = []
        for u in army["units"]:
            v = copy.deepcopy(u)
            v["rally"] = R(threshold(u["rally"]))
            if u["arm"] == "artillery":
                v["id"] = "foot-artillery"
                v["name"] = "Foot Artillery (" + u["name"] + ")"
                v["kind"] = "foot"
                v["battery"] = "foot"
                v["notes"] = "Seed 002's field artillery is the foot battery of section 6; no horse batteries before the 1750s."
            if u["id"] == "dragoons-mounted":
                v["can_dismount"] = True
                v["dismounted_as"] = "dragoons-dismounted"
            v["source"] = "seed 002, " + army["source"].split(", ")[-1] + "; rally need converted (docs/rules/gloire.md#armies)"
            order = ["id", "name", "arm", "kind", "factors", "rally", "movement_mm", "base", "typical_bases", "battery",
                     "combat_range_mm", "first_contact_as", "can_dismount", "dismounted_as", "source", "notes"]
            units.append({k: v[k] for k in order if k in v})
        out[army["id"]] = (army["name"], army.get("alliance", ""), units)
    return out


def reason_armies():
    src = "derived: docs/rules/reason.md#armies"
    def inf(uid, name, kind, n, d, face, move="foot", **kw):
        return unit(uid, name, "infantry", kind, n, d, face, move, 5, src, **kw)
    def cav(uid, name, kind, n, d, face, **kw):
        return unit(uid, name, "cavalry", kind, n, d, face, "horse", 3, src, **kw)
    guard = lambda name, n=3, d=2: inf("guard", name, "guard", n, d, 4, "guard")
    grenadiers = lambda name="Grenadiers", n=3, d=2: inf("grenadiers", name, "grenadiers", n, d, 4)
    line = lambda name="Line Infantry", n=2, d=1, face=5, **kw: inf("line-infantry", name, "line", n, d, face, **kw)
    light = lambda name="Light Infantry", n=2, d=1: inf("light-infantry", name, "light", n, d, 5, "light", notes="2.4.1: Line/Light are one class; light moves faster.")
    militia = lambda name="Militia": inf("militia", name, "militia", 1, 1, 6)
    minutemen = lambda: inf("minutemen", "Minutemen (riflemen)", "minutemen", 1, 1, 6, "light", combat_range_mm=100,
                            notes="2.4.1: skirmishers as light infantry with rifles: their own combat range, 0-100 mm against the musket's 0-50 mm.")
    cuirassiers = lambda face=5: cav("cuirassiers", "Cuirassiers", "heavy", 5, 3, face)
    horse = lambda name="Horse": cav("horse", name, "heavy", 5, 3, 5, notes="2.4.2: heavy 'Regulars'.")
    hussars = lambda: cav("hussars", "Hussars", "medium", 4, 2, 5, notes="2.4.2 names heavy, medium and dragoons only; hussars take the medium class.")
    def dragoons(n=3, d=2, face=5, name="Dragoons"):
        return [cav("dragoons-mounted", name + " - Mounted", "dragoons", n, d, face, can_dismount=True, dismounted_as="dragoons-dismounted"),
                unit("dragoons-dismounted", name + " - Dismounted", "infantry", "dismounted-dragoons", 2, 1, face, "foot", 3, src)]
    foot_guns = lambda: unit("foot-artillery", "Foot Artillery", "artillery", "foot", 1, 1, 5, "gun", 1, src, battery="foot")
    horse_guns = lambda: unit("horse-artillery", "Horse Artillery", "artillery", "horse", 1, 1, 5, "horse-gun", 1, src, battery="horse",
                              notes="Section 6: less effective than a foot battery, faster.")
    return {
        "prussia": ("Prussia", "Frederick the Great's army", [
            guard("Guard (Garde)"), grenadiers(), line("Line Infantry (musketeers)", 3, 2, notes="Rate of fire: one above the common line, as seed 002 rates British platoon fire."),
            cuirassiers(4), hussars(), *dragoons(4, 2, 5), foot_guns(), horse_guns()]),
        "austria": ("Austria", "The armies of Maria Theresa", [
            grenadiers(), line(), light("Grenzer (light infantry)"), cuirassiers(), hussars(), *dragoons(), foot_guns(), horse_guns()]),
        "france": ("France", "The armies of Louis XV and Louis XVI", [
            guard("Gardes Françaises"), grenadiers(), line(), light("Chasseurs (light infantry)"), militia("Milice"),
            horse("Cavalerie (horse)"), hussars(), *dragoons(), foot_guns()]),
        "britain": ("Britain", "British armies in Germany and America", [
            guard("Foot Guards", 4, 3), grenadiers("Grenadiers", 3, 2),
            line("Line Infantry", 3, 2, notes="Seed 002, Table 2: British line 3/2 (platoon fire)."), light("Light Infantry", 3, 2),
            horse(), *dragoons(4, 2, 5), foot_guns()]),
        "russia": ("Russia", "The armies of Elizabeth and Catherine", [
            guard("Guards (Preobrazhensky)"), grenadiers(), line("Line Infantry", 2, 1, 4, notes="Steadiness: morale need 0.500 (4-6)."),
            cuirassiers(), hussars(), *dragoons(), foot_guns(), horse_guns()]),
        "continental-army": ("American Continental Army", "The Continental Army, 1775-1783", [
            line("Continental Line"), light("Light Infantry"), minutemen(), *dragoons(name="Continental Light Dragoons"), foot_guns()]),
        "american-militia": ("American militia", "State militia", [
            militia("Militia"), minutemen(), *dragoons(3, 2, 6, "Mounted Militia")]),
    }


def destiny_armies():
    src = "derived: docs/rules/destiny.md#armies"
    def inf(uid, name, kind, n, d, face, move="foot", **kw):
        return unit(uid, name, "infantry", kind, n, d, face, move, 5, src, **kw)
    def cav(uid, name, kind, n, d, face, move, **kw):
        return unit(uid, name, "cavalry", kind, n, d, face, move, 3, src, **kw)
    guard = lambda name, n=3, d=2: inf("guard", name, "guard", n, d, 4, "guard")
    grenadiers = lambda name="Grenadiers": inf("grenadiers", name, "grenadiers", 3, 2, 4)
    highlanders = lambda: inf("highlanders", "Highlanders", "grenadiers", 3, 2, 5,
                              notes="2.4.1: the British have Highlanders in lieu of Grenadiers. Seed 002, Example 2: Highlanders 5x3 = 15, disrupted 5x2 = 10, rally on a 5.")
    line = lambda name="Line Infantry", n=2, d=1: inf("line-infantry", name, "line", n, d, 5)
    light = lambda name="Light Infantry", n=2, d=1: inf("light-infantry", name, "light", n, d, 5, "light")
    militia = lambda name: inf("militia", name, "militia", 1, 1, 6, notes="2.4.1: Landwehr / Opolchenie / Militia, one class.")
    rifles = lambda: inf("rifles", "95th Rifles", "rifles", 2, 1, 4, "light", combat_range_mm=100,
                         notes="2.4.1: unique to the British; rifles give them their own combat range, 0-100 mm against the musket's 0-50 mm.")
    guard_cav = lambda name: cav("guard-cavalry", name, "heavy", 6, 4, 4, "horse", notes="Heavy Guard: one above cuirassiers, as seed 002's Guard is one above the Line.")
    carabiniers = lambda name="Carabiniers": cav("carabiniers", name, "heavy", 5, 3, 4, "horse")
    cuirassiers = lambda name="Cuirassiers": cav("cuirassiers", name, "heavy", 5, 3, 5, "horse")
    dragoons = lambda name="Dragoons": cav("dragoons", name, "medium", 4, 2, 5, "medium")
    lancer = lambda uid, name: cav(uid, name, "light", 3, 2, 5, "fast", first_contact_as="dragoons",
                                   notes="2.4.2: medium shock value (as dragoons) in the first move of contact, light after.")
    light_cav = lambda uid, name: cav(uid, name, "light", 3, 2, 5, "fast")
    foot_guns = lambda: unit("foot-artillery", "Foot Artillery", "artillery", "foot", 1, 1, 5, "gun", 1, src, battery="foot",
                             notes="2.4.3: the greatest effect, the slowest movement.")
    horse_guns = lambda: unit("horse-artillery", "Horse Artillery", "artillery", "horse", 1, 1, 5, "horse-gun", 1, src, battery="horse",
                              notes="2.4.3: the least effect, the fastest movement.")
    return {
        "france": ("France", "The armies of the Republic and the Empire", [
            guard("Imperial Guard (Old Guard)", 4, 3), grenadiers(), line(), light("Light Infantry (Légère)"), militia("National Guard"),
            guard_cav("Guard Cavalry (Grenadiers à cheval)"), carabiniers(), cuirassiers(), dragoons(),
            lancer("lancers", "Lancers (Chevau-légers lanciers)"), light_cav("chasseurs", "Chasseurs à cheval"), light_cav("hussars", "Hussars"),
            foot_guns(), horse_guns()]),
        "britain": ("Britain", "Wellington's army", [
            guard("Foot Guards", 4, 3), highlanders(), line("Line Infantry", 3, 2), light("Light Infantry", 3, 2), rifles(),
            guard_cav("Household Cavalry (Life Guards)"),
            cav("heavy-dragoons", "Heavy Dragoons", "heavy", 5, 3, 5, "horse", notes="British heavy cavalry (the Union Brigade) fight as heavy cavalry."),
            light_cav("light-dragoons", "Light Dragoons"), light_cav("hussars", "Hussars"), foot_guns(), horse_guns()]),
        "prussia": ("Prussia", "The armies of Frederick William III", [
            guard("Guard"), grenadiers(), line(), light("Fusiliers (light infantry)"), militia("Landwehr"),
            guard_cav("Garde du Corps"), cuirassiers(), dragoons(), lancer("uhlans", "Uhlans"), light_cav("hussars", "Hussars"),
            foot_guns(), horse_guns()]),
        "austria": ("Austria", "The armies of Francis I", [
            grenadiers(), line(), light("Grenzer (light infantry)"), militia("Landwehr"),
            cuirassiers(), dragoons("Dragoons (Chevaulegers)"), lancer("uhlans", "Uhlans"), light_cav("hussars", "Hussars"),
            foot_guns(), horse_guns()]),
        "russia": ("Russia", "The armies of Alexander I", [
            guard("Guard"), grenadiers(), line(), light("Jäger (light infantry)"), militia("Opolchenie"),
            guard_cav("Chevalier Guard"), cuirassiers(), dragoons(), lancer("uhlans", "Uhlans"), light_cav("hussars", "Hussars"),
            light_cav("cossacks", "Cossacks"), foot_guns(), horse_guns()]),
        "spain": ("Spain", "The Spanish armies, 1793-1814", [
            guard("Guardias (Spanish and Walloon Guards)"), grenadiers(), line(), light("Light Infantry (Ligeros)"), militia("Provincial Militia"),
            carabiniers("Carabineros Reales"), dragoons(), light_cav("hussars", "Hussars"), foot_guns(), horse_guns()]),
        "portugal": ("Portugal", "The Portuguese army of the Peninsular War", [
            line(), light("Caçadores (light infantry)"), militia("Militia (Milícias)"), dragoons("Dragoons (Portuguese cavalry)"),
            foot_guns(), horse_guns()]),
    }


ARMIES = {"glaube": glaube_armies, "gloire": gloire_armies, "reason": reason_armies, "destiny": destiny_armies}
ARMY_SOURCE = {
    "glaube": "seed 000, The Age of Glaube 2.4 (troop types); values derived in docs/rules/glaube.md#armies",
    "gloire": "seed 002, Tables 1-2; rally needs converted in docs/rules/gloire.md#armies",
    "reason": "seed 000, The Age of Reason 2.4 (troop types); values derived in docs/rules/reason.md#armies",
    "destiny": "seed 000, The Age of Destiny 2.4 (troop types); values derived in docs/rules/destiny.md#armies",
}


# ----------------------------------------------------------------- writing (scripts/format-json.py's layout)

FORMAT_JSON = _load_script("format_json", "format-json.py")


def as_written(value):
    """Thousandths as the decimals a person writes (R(100) -> 0.100), for format-json's dump."""
    if isinstance(value, R):
        return decimal.Decimal(int(value)).scaleb(-3)
    if isinstance(value, dict):
        return {k: as_written(v) for k, v in value.items()}
    if isinstance(value, list):
        return [as_written(v) for v in value]
    return value


def dump(value):
    return FORMAT_JSON.dump(as_written(value))


def write(path, document):
    full = os.path.join(ROOT, path)
    os.makedirs(os.path.dirname(full), exist_ok=True)
    with open(full, "w", encoding="utf-8") as f:
        f.write(dump(document) + "\n")
    json.load(open(full, encoding="utf-8"))  # still valid JSON


def main():
    for rid in RULESETS:
        write(f"data/tables/{rid}.json", derive_ruleset(rid))
        for nation, (name, alliance, units) in ARMIES[rid]().items():
            write(f"data/armies/{rid}/{nation}.json", {
                "format": "fortuna-army", "format_version": 1, "ruleset": rid, "id": nation, "name": name,
                "alliance": alliance, "source": ARMY_SOURCE[rid], "units": units})
    return 0


if __name__ == "__main__":
    sys.exit(main())
