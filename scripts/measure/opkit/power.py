"""Board power by activity, from NVML (the board only, no host), sampled every 50 ms in a thread
while a workload runs back to back."""
import statistics
import threading
import time


class Sampler:
    def __init__(self):
        import pynvml
        pynvml.nvmlInit()
        self._nvml = pynvml
        self._handle = pynvml.nvmlDeviceGetHandleByIndex(0)

    def facts(self):
        n, h = self._nvml, self._handle
        out = {"driver": _text(n.nvmlSystemGetDriverVersion())}
        for key, call in (("power_limit_w", lambda: n.nvmlDeviceGetEnforcedPowerLimit(h) / 1e3),
                          ("max_sm_clock_mhz", lambda: n.nvmlDeviceGetMaxClockInfo(h, n.NVML_CLOCK_SM))):
            try:
                out[key] = call()
            except Exception:
                pass
        return out

    def watts(self):
        return self._nvml.nvmlDeviceGetPowerUsage(self._handle) / 1e3

    def during(self, work, seconds):
        """Median and 10th/90th percentiles of the samples taken while work() runs."""
        samples, stop = [], threading.Event()

        def sample():
            while not stop.is_set():
                samples.append(self.watts())
                time.sleep(0.05)
        thread = threading.Thread(target=sample)
        thread.start()
        try:
            work(seconds)
        finally:
            stop.set()
            thread.join()
        samples = samples[len(samples) // 4:]  # the first quarter is the ramp
        deciles = statistics.quantiles(samples, n=10) if len(samples) >= 2 else samples * 9
        return {"watts_median": statistics.median(samples), "watts_p10": deciles[0],
                "watts_p90": deciles[-1], "samples": len(samples)}


def _text(value):
    return value.decode() if isinstance(value, bytes) else value


def states(quick):
    """(state, workload(seconds)) pairs; the workloads import PyTorch lazily."""
    import torch
    from .timing import run_for
    seconds = 3 if quick else 6
    dev, bf16 = "cuda", torch.bfloat16
    a = torch.randn(8192, 8192, device=dev, dtype=bf16)
    x = torch.randn(1 << 30, device=dev, dtype=bf16)
    y = torch.empty_like(x)
    w = torch.randn(4096, 28672, device=dev, dtype=bf16)
    small = torch.randn(32, 4096, device=dev, dtype=bf16)
    return seconds, [
        ("idle", lambda s: time.sleep(s)),
        ("matmul_bf16_8192", lambda s: run_for(lambda: a @ a, s)),
        ("copy_2gib", lambda s: run_for(lambda: y.copy_(x), s)),
        ("matmul_m32_weight_read", lambda s: run_for(lambda: small @ w, s)),
    ]
