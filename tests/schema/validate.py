#!/usr/bin/env python3
"""The published JSON Schemas against the requests the project documents and tests.

    validate.py ACCELGUIDE SOURCE_DIR

Asks `accelguide schema KIND` for each kind it declares, checks that each is a valid draft 2020-12
schema, then validates with Debian's python3-jsonschema (an implementation independent of ours):
every tests/requests/*.json and every `json request` block of planner/API.md of that kind must
conform; a copy with an unknown field, a number out of bounds or a required field removed must not.
Prints one line per file checked; exits 1 on the first failure."""
import copy
import json
import pathlib
import re
import subprocess
import sys

from jsonschema import Draft202012Validator

accelguide, source = sys.argv[1], pathlib.Path(sys.argv[2])
help_text = subprocess.run([accelguide, "schema", "--help"], capture_output=True, text=True, check=True).stdout
kinds = re.search(r"kind TEXT:\{([^}]*)\}", help_text).group(1).split(",")
schemas = {}
for kind in kinds:
    schema = json.loads(subprocess.run([accelguide, "schema", kind], capture_output=True, text=True, check=True).stdout)
    Draft202012Validator.check_schema(schema)
    schemas[kind] = Draft202012Validator(schema)

# The error_* requests are malformed on purpose (not JSON, a raw control character): left out.
requests = [(p.name, json.loads(p.read_text())) for p in sorted((source / "tests/requests").glob("*.json"))
            if not p.name.startswith("error_")]
api = (source / "planner/API.md").read_text()
for i, block in enumerate(re.findall(r"```json request\n(.*?)```", api, re.S)):
    requests.append((f"planner/API.md request {i + 1}", json.loads(block)))

failed = 0
checked = {kind: 0 for kind in kinds}


def errors(kind, request):
    return [f"{'/'.join(map(str, e.absolute_path))}: {e.message}" for e in schemas[kind].iter_errors(request)]


for name, request in requests:
    kind = request.get("kind") if isinstance(request, dict) else None
    if kind not in schemas:
        continue
    found = errors(kind, request)
    print(f"{'FAIL' if found else 'ok'}  {kind}  {name}" + "".join(f"\n      {e}" for e in found))
    failed += bool(found)
    checked[kind] += 1
    # The schema refuses what the planner refuses: an unknown field, a required one missing.
    spoilt = copy.deepcopy(request)
    spoilt["no_such_field"] = 1
    if not errors(kind, spoilt):
        print(f"FAIL  {kind}  {name}: an unknown field passes")
        failed += 1
    for field in schemas[kind].schema.get("required", []):
        spoilt = {k: v for k, v in request.items() if k != field}
        if not errors(kind, spoilt):
            print(f"FAIL  {kind}  {name}: passes without {field}")
            failed += 1

for kind, n in checked.items():
    if n == 0:
        print(f"FAIL  {kind}: no documented or tested request to validate")
        failed += 1
print(f"{sum(checked.values())} requests validated against {len(schemas)} schema(s), {failed} failure(s)")
sys.exit(1 if failed else 0)
