#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""Rewrite JSON data files with two-space indentation and arrays of scalars on one line,
so that a table row in data/ reads like the printed row it transcribes. Numbers keep the
digits they were written with: a random number stays 0.100, not 0.1."""
import decimal
import json
import sys


def scalar(value):
    if isinstance(value, decimal.Decimal):
        return str(value)
    return json.dumps(value, ensure_ascii=False)


def inline(value):
    if isinstance(value, dict):
        return "{" + ", ".join(f"{json.dumps(k, ensure_ascii=False)}: {inline(v)}" for k, v in value.items()) + "}"
    if isinstance(value, list):
        return "[" + ", ".join(inline(v) for v in value) + "]"
    return scalar(value)


def is_scalar(value):
    return not isinstance(value, (dict, list))


def is_flat_row(value):
    """An object whose members are scalars or arrays of scalars: one table row."""
    return isinstance(value, dict) and all(
        is_scalar(v) or (isinstance(v, list) and all(is_scalar(x) for x in v)) for v in value.values())


def dump(value, indent=0):
    pad = "  " * indent
    if isinstance(value, dict):
        if not value:
            return "{}"
        flat = inline(value)
        if all(is_scalar(v) for v in value.values()) and len(flat) + len(pad) < 110:
            return flat
        items = [f"{pad}  {json.dumps(k, ensure_ascii=False)}: {dump(v, indent + 1)}" for k, v in value.items()]
        return "{\n" + ",\n".join(items) + "\n" + pad + "}"
    if isinstance(value, list):
        if all(is_scalar(v) for v in value):
            return inline(value)
        if all(is_flat_row(v) and len(inline(v)) < 150 for v in value):
            return "[\n" + ",\n".join(pad + "  " + inline(v) for v in value) + "\n" + pad + "]"
        return "[\n" + ",\n".join(pad + "  " + dump(v, indent + 1) for v in value) + "\n" + pad + "]"
    return scalar(value)


def main(paths):
    for path in paths:
        with open(path, encoding="utf-8") as f:
            data = json.load(f, parse_float=decimal.Decimal)
        with open(path, "w", encoding="utf-8") as f:
            f.write(dump(data) + "\n")


if __name__ == "__main__":
    main(sys.argv[1:])
