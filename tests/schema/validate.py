#!/usr/bin/env python3
"""The published JSON Schemas against the requests the project documents and tests, and their responses.

    validate.py ACCELGUIDE SOURCE_DIR

Asks `accelguide schema KIND` (and `--response`) for each kind it declares, checks that each is a
valid draft 2020-12 schema, then validates with Debian's python3-jsonschema (an implementation
independent of ours): every tests/requests/*.json and every `json request` block of planner/API.md
of that kind must conform; a copy with an unknown field or a required field removed must not. The
planner's response to each of them, and to every request of data/accuracy.json, must conform to
its kind's response schema (which refuses an undeclared field), and every declared response field
must appear in one of those responses, so a declaration cannot outlive its writer.
Prints one line per file checked; exits 1 if anything failed."""
import copy
import json
import pathlib
import re
import subprocess
import sys
import tempfile

from jsonschema import Draft202012Validator

accelguide, source = sys.argv[1], pathlib.Path(sys.argv[2])
help_text = subprocess.run([accelguide, "schema", "--help"], capture_output=True, text=True, check=True).stdout
# "envelope" is every response's outside, printed as API.md's table only: each kind's response schema holds it.
kinds = [k for k in re.search(r"kind TEXT:\{([^}]*)\}", help_text).group(1).split(",") if k != "envelope"]
schemas, responses = {}, {}
for kind in kinds:
    for table, flags in ((schemas, []), (responses, ["--response"])):
        schema = json.loads(subprocess.run([accelguide, "schema", kind, *flags], capture_output=True, text=True, check=True).stdout)
        Draft202012Validator.check_schema(schema)
        table[kind] = Draft202012Validator(schema)

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

# The responses: to every request above that is a JSON object, and to the accuracy cases' requests.
for case in json.loads((source / "data/accuracy.json").read_text())["cases"]:
    for i, request in enumerate(case.get("requests", [])):
        requests.append((f"data/accuracy.json {case['id']} request {i + 1}", request))
seen = {kind: set() for kind in kinds}  # every key path a successful response of that kind held


def walk(value, path, into):
    if isinstance(value, dict):
        for key, child in value.items():
            into.add(path + key)
            walk(child, path + key + ".", into)
    elif isinstance(value, list):
        for child in value:
            walk(child, path[:-1] + "[].", into)


answered = 0
with tempfile.TemporaryDirectory() as folder:
    for name, request in requests:
        if not isinstance(request, dict):
            continue
        file = pathlib.Path(folder) / "request.json"
        file.write_text(json.dumps(request))
        out = subprocess.run([accelguide, "plan", "--json", str(file), "--root", str(source)], capture_output=True, text=True)
        response = json.loads(out.stdout)
        kind = response.get("kind", request.get("kind"))
        if kind not in responses:
            continue
        # The whole schema decides; its branch (success or failure) says why, readably.
        branch = Draft202012Validator(responses[kind].schema["oneOf"][0 if response.get("ok") else 1])
        found = [f"{'/'.join(map(str, e.absolute_path))}: {e.message[:200]}" for e in branch.iter_errors(response)]
        if not found and not responses[kind].is_valid(response):
            found = ["valid on its branch but not under the whole schema"]
        if found or not response.get("ok"):
            print(f"{'FAIL' if found else 'ok'}  {kind} response  {name} (ok={response.get('ok')})" + "".join(f"\n      {e}" for e in found[:5]))
        failed += bool(found)
        answered += 1
        if response.get("ok"):
            walk(response[kind], "", seen[kind])
            spoilt = copy.deepcopy(response)
            spoilt[kind]["no_such_field"] = 1
            if responses[kind].is_valid(spoilt):
                print(f"FAIL  {kind} response  {name}: an undeclared field passes")
                failed += 1

# Written when the catalogue has it, and the project's data/regions.json has none yet.
NOT_IN_THE_PROJECTS_DATA = {"carbon_intensity_market"}
for kind in kinds:
    markdown = subprocess.run([accelguide, "schema", kind, "--response", "--markdown"], capture_output=True, text=True, check=True).stdout
    declared = re.findall(r"^\| `([^`]+)` \|", markdown, re.M)
    for path in declared:
        if path not in seen[kind] and path.rsplit(".", 1)[-1] not in NOT_IN_THE_PROJECTS_DATA:
            print(f"FAIL  {kind} response: `{path}` is declared but no tested response holds it")
            failed += 1
print(f"{answered} responses validated against {len(responses)} response schema(s); {failed} failure(s) in all")
sys.exit(1 if failed else 0)
