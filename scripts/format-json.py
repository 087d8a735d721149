#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""Rewrite JSON data files with two-space indentation and arrays of scalars on one line,
so that a table row in data/ reads like the printed row it transcribes."""
import json, sys

def dump(value, indent=0):
    pad = "  " * indent
    if isinstance(value, dict):
        if not value:
            return "{}"
        flat = json.dumps(value, ensure_ascii=False, separators=(", ", ": "))
        if all(not isinstance(v, (dict, list)) for v in value.values()) and len(flat) + len(pad) < 110:
            return flat
        items = [f'{pad}  {json.dumps(k, ensure_ascii=False)}: {dump(v, indent + 1)}' for k, v in value.items()]
        return "{\n" + ",\n".join(items) + "\n" + pad + "}"
    if isinstance(value, list):
        if all(not isinstance(v, (dict, list)) for v in value):
            return "[" + ", ".join(json.dumps(v, ensure_ascii=False) for v in value) + "]"
        if all(isinstance(v, dict) and all(not isinstance(x, (dict, list)) or (isinstance(x, list) and all(not isinstance(y, (dict, list)) for y in x)) for x in v.values()) and len(json.dumps(v, ensure_ascii=False)) < 150 for v in value):
            return "[\n" + ",\n".join(pad + "  " + json.dumps(v, ensure_ascii=False, separators=(", ", ": ")) for v in value) + "\n" + pad + "]"
        return "[\n" + ",\n".join(pad + "  " + dump(v, indent + 1) for v in value) + "\n" + pad + "]"
    return json.dumps(value, ensure_ascii=False)

for path in sys.argv[1:]:
    with open(path, encoding="utf-8") as f:
        data = json.load(f)
    with open(path, "w", encoding="utf-8") as f:
        f.write(dump(data) + "\n")
