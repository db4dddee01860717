#!/usr/bin/env python3
"""Rewrites planner/API.md's generated blocks from the declarations, as the CLI prints them.

Each block sits between `<!-- TAG: NAME (COMMAND …) -->` and `<!-- /TAG -->`; its text is what
COMMAND prints (schema_test.cpp keeps them equal). After adding a request field, a response field
or a message code:

    python3 scripts/api-tables.py build/bin/accelguide
"""
import re
import subprocess
import sys
from pathlib import Path

cli = sys.argv[1] if len(sys.argv) > 1 else "build/bin/accelguide"
api = Path(__file__).resolve().parent.parent / "planner" / "API.md"
text = api.read_text(encoding="utf-8")
opening = re.compile(r"<!-- (fields|response|messages): (\S+) \(accelguide ([^;)]*)[;)][^\n]*-->\n")

out, at = [], 0
for m in opening.finditer(text):
    close = text.index(f"<!-- /{m.group(1)} -->", m.end())
    args = m.group(3).split()
    printed = subprocess.run([cli, *args], check=True, capture_output=True, text=True).stdout
    out += [text[at:m.end()], printed]
    at = close
out.append(text[at:])
api.write_text("".join(out), encoding="utf-8")
