#!/usr/bin/env python3
"""End-to-end training steps and prefill on one GPU, to test the planner's predictions against.

  python3 scripts/measure/measure_end_to_end.py --chip h200 --out h200-end-to-end.json

Llama-shaped models (Llama 3.2 1B and 3B, Llama 3.1 8B) built from their published configurations
with random weights (nothing is downloaded), trained in bf16 with fused AdamW and PyTorch's
scaled_dot_product_attention, no activation recompute, one GPU; and their forward pass alone at
batch 1 (prefill). These are results, not inputs: the planner must predict them from its operator
tables, and no constant may be set on them (issue 37). Needs PyTorch with CUDA and transformers."""
import argparse
import datetime
import json
import statistics
import sys
import time

MODELS = {  # published configurations (Hugging Face config.json of each model)
    "llama-3.2-1b": dict(num_hidden_layers=16, hidden_size=2048, num_attention_heads=32, num_key_value_heads=8,
                         intermediate_size=8192, vocab_size=128256, tie_word_embeddings=True),
    "llama-3.2-3b": dict(num_hidden_layers=28, hidden_size=3072, num_attention_heads=24, num_key_value_heads=8,
                         intermediate_size=8192, vocab_size=128256, tie_word_embeddings=True),
    "llama-3.1-8b": dict(num_hidden_layers=32, hidden_size=4096, num_attention_heads=32, num_key_value_heads=8,
                         intermediate_size=14336, vocab_size=128256, tie_word_embeddings=False),
}
TRAIN = [("llama-3.2-1b", 2048, 1), ("llama-3.2-1b", 2048, 4), ("llama-3.2-1b", 2048, 8), ("llama-3.2-1b", 4096, 2),
         ("llama-3.2-3b", 2048, 1), ("llama-3.2-3b", 2048, 4), ("llama-3.1-8b", 2048, 1), ("llama-3.1-8b", 2048, 2)]
PREFILL = [512, 2048, 8192]


def build(torch, name):
    from transformers import LlamaConfig, LlamaForCausalLM
    config = LlamaConfig(**MODELS[name], max_position_embeddings=8192, rope_theta=500000.0, attn_implementation="sdpa")
    torch.set_default_dtype(torch.bfloat16)
    with torch.device("cuda"):
        model = LlamaForCausalLM(config)
    torch.set_default_dtype(torch.float32)
    return model, sum(p.numel() for p in model.parameters())


def timed_steps(torch, step, warmup, steps):
    for _ in range(warmup):
        step()
    torch.cuda.synchronize()
    times = []
    for _ in range(steps):
        start = time.perf_counter()
        step()
        torch.cuda.synchronize()
        times.append(time.perf_counter() - start)
    return statistics.median(times), min(times), max(times)


def train_case(torch, model, seq, batch, steps):
    opt = torch.optim.AdamW(model.parameters(), lr=1e-5, fused=True)
    ids = torch.randint(0, model.config.vocab_size, (batch, seq), device="cuda")

    def step():
        loss = model(input_ids=ids, labels=ids).loss
        loss.backward()
        opt.step()
        opt.zero_grad(set_to_none=True)
    torch.cuda.reset_peak_memory_stats()
    median, low, high = timed_steps(torch, step, 3, steps)
    out = dict(seconds_median=median, seconds_min=low, seconds_max=high, steps=steps,
               peak_memory_gib=round(torch.cuda.max_memory_allocated() / 2**30, 2))
    del opt, ids
    model.zero_grad(set_to_none=True)
    torch.cuda.empty_cache()
    return out


def prefill_case(torch, model, seq, steps):
    ids = torch.randint(0, model.config.vocab_size, (1, seq), device="cuda")

    def step():
        with torch.no_grad():
            model(input_ids=ids, logits_to_keep=1)
    median, low, high = timed_steps(torch, step, 3, steps)
    return dict(seconds_median=median, seconds_min=low, seconds_max=high, steps=steps)


def main():
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--chip", required=True)
    p.add_argument("--out", required=True)
    p.add_argument("--steps", type=int, default=10)
    p.add_argument("--budget", type=float, default=400)
    args = p.parse_args()
    import torch
    import transformers
    started = time.monotonic()
    props = torch.cuda.get_device_properties(0)
    record = {"chip": args.chip, "measured_at": datetime.datetime.now(datetime.timezone.utc).isoformat(timespec="seconds"),
              "device": {"name": props.name, "multiprocessors": props.multi_processor_count},
              "software": {"torch": torch.__version__, "cuda": torch.version.cuda, "transformers": transformers.__version__},
              "method": "bf16 weights, gradients and fused AdamW states (no fp32 master copy); SDPA attention; no recompute; "
                        "loss over the full vocabulary; median wall time of the steps after 3 warm-ups, synchronised each step",
              "models": MODELS, "train": [], "prefill": [], "errors": []}
    for name in MODELS:
        if time.monotonic() - started > args.budget:
            record["errors"].append(f"{name}: skipped, budget spent")
            continue
        try:
            model, params = build(torch, name)
        except Exception as e:
            record["errors"].append(f"{name}: build failed: {e}")
            continue
        for model_name, seq, batch in TRAIN:
            if model_name != name:
                continue
            try:
                row = dict(model=name, parameters=params, sequence=seq, micro_batch=batch, **train_case(torch, model, seq, batch, args.steps))
                record["train"].append(row)
                print(json.dumps(row), flush=True)
            except Exception as e:
                record["errors"].append(f"train {name} seq {seq} batch {batch}: {type(e).__name__}: {str(e)[:200]}")
                torch.cuda.empty_cache()
        model.eval()
        for seq in PREFILL:
            try:
                row = dict(model=name, parameters=params, sequence=seq, batch=1, **prefill_case(torch, model, seq, args.steps))
                record["prefill"].append(row)
                print(json.dumps(row), flush=True)
            except Exception as e:
                record["errors"].append(f"prefill {name} seq {seq}: {type(e).__name__}: {str(e)[:200]}")
        del model
        torch.cuda.empty_cache()
    with open(args.out, "w", encoding="utf-8") as f:
        json.dump(record, f, indent=1)
    print(f"measure_end_to_end: wrote {args.out} in {time.monotonic() - started:.0f} s", file=sys.stderr)


if __name__ == "__main__":
    main()
