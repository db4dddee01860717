#!/usr/bin/env python3
"""Measure one GPU's operator table for accelguide's planner.

  python3 scripts/measure/measure_operators.py --chip h100-sxm --quick --out data/operators/h100-sxm.json
  python3 scripts/measure/measure_operators.py --chip h100-sxm --from-raw raw.json --out table.json

The first needs PyTorch with CUDA and one free GPU; the second only rewrites a recorded raw file (CI
tests it that way). README.md beside this file says what is measured and how to use the result."""
import argparse
import datetime
import json
import sys
import time
import traceback

sys.path.insert(0, __import__("os").path.dirname(__file__))
from opkit import table  # noqa: E402


def _environment(torch, sampler):
    props = torch.cuda.get_device_properties(0)
    device = {"name": props.name, "multiprocessors": props.multi_processor_count,
              "memory_gib": round(props.total_memory / 2**30, 1)}
    software = {"torch": torch.__version__, "cuda": torch.version.cuda,
                "python": sys.version.split()[0]}
    if sampler:
        facts = sampler.facts()
        software["driver"] = facts.pop("driver")
        device.update(facts)
    return device, software


def measure(chip, quick, budget_s, log):
    import torch
    from opkit import operators, power
    if not torch.cuda.is_available():
        raise SystemExit("measure_operators: PyTorch sees no CUDA GPU (use --from-raw to rewrite a recorded file)")
    try:
        sampler = power.Sampler()
    except Exception as e:  # no NVML: measure everything but power
        sampler, nvml_error = None, f"NVML unavailable: {e}"
    device, software = _environment(torch, sampler)
    min_s = 0.02 if quick else 0.05
    started = time.monotonic()
    raw = {"chip": chip, "measured_at": datetime.datetime.now(datetime.timezone.utc).isoformat(timespec="seconds"),
           "device": device, "software": software, "mode": "quick" if quick else "full",
           "sections": {}, "errors": {}}
    steps = [
        ("bandwidth", lambda: operators.bandwidth(quick, 0.3)),
        ("matmul", lambda: operators.gemm(quick, min_s)),
        ("elementwise", lambda: operators.elementwise(quick, min_s)),
        ("attention", lambda: operators.attention(quick, min_s)),
        ("decode_attention", lambda: operators.decode_attention(quick, min_s)),
        ("optimizer", lambda: operators.optimizer(quick, min_s)),
        ("launch", lambda: operators.launch(min_s)),
        ("power", lambda: _power(sampler, quick)),
    ]
    for name, step in steps:
        if time.monotonic() - started > budget_s:
            raw["errors"][name] = f"skipped: the {budget_s:.0f} s budget was spent"
            continue
        t0 = time.monotonic()
        try:
            if name == "power" and sampler is None:
                raise RuntimeError(nvml_error)
            raw["sections"][name] = step()
        except Exception as e:
            raw["errors"][name] = f"{type(e).__name__}: {e}".splitlines()[0][:300]
            traceback.print_exc()
            torch.cuda.empty_cache()
        log(f"{name}: {len(raw['sections'].get(name, []))} rows in {time.monotonic() - t0:.1f} s")
    if not raw["errors"]:
        del raw["errors"]
    return raw


def _power(sampler, quick):
    from opkit import power
    seconds, states = power.states(quick)
    return [dict(state=name, **sampler.during(work, seconds)) for name, work in states]


def main(argv=None):
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--chip", required=True, help="the accelerator's id in data/accelerators.json, e.g. h100-sxm")
    p.add_argument("--out", required=True, help="the operator table to write, e.g. data/operators/h100-sxm.json")
    p.add_argument("--quick", action="store_true", help="fewer shapes, shorter timings (a few minutes)")
    p.add_argument("--budget", type=float, default=600, help="seconds after which remaining sections are skipped")
    p.add_argument("--raw-out", help="also write the raw measurement (for --from-raw, or a bug report)")
    p.add_argument("--from-raw", help="rewrite a recorded raw measurement instead of measuring")
    p.add_argument("--source", help="the source id the table cites (default accelguide-measured-CHIP-DATE)")
    args = p.parse_args(argv)
    log = lambda line: print(f"measure_operators: {line}", file=sys.stderr, flush=True)
    if args.from_raw:
        with open(args.from_raw, encoding="utf-8") as f:
            raw = json.load(f)
        if raw.get("chip") != args.chip:
            raise SystemExit(f"measure_operators: {args.from_raw} measured '{raw.get('chip')}', not '{args.chip}'")
    else:
        raw = measure(args.chip, args.quick, args.budget, log)
        if args.raw_out:
            with open(args.raw_out, "w", encoding="utf-8") as f:
                json.dump(raw, f, indent=1)
    try:
        text = table.dumps(table.table_from_raw(raw, args.source))
    except ValueError as e:
        raise SystemExit(f"measure_operators: {e}")
    with open(args.out, "w", encoding="utf-8") as f:
        f.write(text)
    log(f"wrote {args.out}")


if __name__ == "__main__":
    main()
