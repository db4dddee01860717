"""Raw measurement -> the chip's operator table, data/operators/<chip>.json. Pure Python (no PyTorch),
so CI tests it from a recorded raw file. The table keeps each row's shape and its time in
microseconds; rates (TFLOP/s, TB/s, share of peak) are derived by the planner, so no figure is
written twice."""
import json

FORMAT = 1
SECTIONS = ("bandwidth", "matmul", "elementwise", "attention", "decode_attention", "optimizer",
            "launch", "power")
METHOD = ("One process alone on one GPU. Times are CUDA events around repeated calls after three "
          "warm-ups, the calls captured in a CUDA graph where they allow it (a row's timing says "
          "graph or eager); random normal data. Power is NVML board power (no host), sampled every "
          "50 ms while a workload runs back to back. scripts/measure/README.md gives each operator's "
          "shapes and bytes.")


def _micro(row):
    out = {k: v for k, v in row.items() if k not in ("seconds",)}
    out["us"] = round(row["seconds"] * 1e6, 3)
    return out


def _check(raw):
    for key in ("chip", "measured_at", "device", "software", "mode", "sections"):
        if key not in raw:
            raise ValueError(f"raw measurement lacks '{key}'")
    for name, rows in raw["sections"].items():
        if name not in SECTIONS:
            raise ValueError(f"raw measurement has an unknown section '{name}'")
        for i, row in enumerate(rows):
            seconds = row.get("seconds")
            if name != "power" and not (isinstance(seconds, (int, float)) and seconds > 0):
                raise ValueError(f"{name}[{i}]: seconds must be a positive number, got {seconds!r}")


def table_from_raw(raw, source_id=None):
    """The data file's object for a raw measurement (see measure_operators.py --raw-out)."""
    _check(raw)
    chip, day = raw["chip"], raw["measured_at"][:10]
    table = {
        "format": FORMAT,
        "chip": chip,
        "source": source_id or f"accelguide-measured-{chip}-{day}",
        "measured": day,
        "mode": raw["mode"],
        "device": raw["device"],
        "software": raw["software"],
        "method": METHOD,
    }
    if raw.get("note"):
        table["note"] = raw["note"]
    sections = raw["sections"]
    for name in SECTIONS:
        rows = sections.get(name)
        if rows:
            table[name] = rows if name == "power" else [_micro(r) for r in rows]
    missing = dict(raw.get("errors", {}))
    for name in SECTIONS:
        if not sections.get(name) and name not in missing:
            missing[name] = "not measured"
    if missing:
        table["missing"] = missing
    return table


def dumps(table):
    """One row per line: the file reads as a table and diffs row by row."""
    lines = ["{"]
    keys = list(table)
    for i, key in enumerate(keys):
        value = table[key]
        comma = "," if i + 1 < len(keys) else ""
        if isinstance(value, list):
            lines.append(f"  {json.dumps(key)}: [")
            for j, row in enumerate(value):
                lines.append("    " + json.dumps(row, ensure_ascii=False) + ("," if j + 1 < len(value) else ""))
            lines.append("  ]" + comma)
        else:
            lines.append(f"  {json.dumps(key)}: {json.dumps(value, ensure_ascii=False)}{comma}")
    lines.append("}")
    return "\n".join(lines) + "\n"
