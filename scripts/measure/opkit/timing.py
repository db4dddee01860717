"""Device time of one call: CUDA events around repeated calls after warm-ups. Calls are captured in a
CUDA graph when they allow it, so the figure is the kernels' time, not Python's launch time; the row
says which ("graph" or "eager")."""
import torch


def _events():
    return torch.cuda.Event(enable_timing=True), torch.cuda.Event(enable_timing=True)


def _time_eager(fn, reps):
    start, end = _events()
    start.record()
    for _ in range(reps):
        fn()
    end.record()
    end.synchronize()
    return start.elapsed_time(end) / 1e3 / reps


def _graph_of(fn, calls):
    stream = torch.cuda.Stream()
    stream.wait_stream(torch.cuda.current_stream())
    with torch.cuda.stream(stream):
        for _ in range(2):
            fn()
    torch.cuda.current_stream().wait_stream(stream)
    graph = torch.cuda.CUDAGraph()
    with torch.cuda.graph(graph):
        for _ in range(calls):
            fn()
    return graph


def seconds_per_call(fn, min_seconds, use_graph=True):
    """Returns (seconds per call, "graph" | "eager")."""
    for _ in range(3):
        fn()
    torch.cuda.synchronize()
    one = max(_time_eager(fn, 1), 1e-6)
    reps = int(min(20000, max(5, min_seconds / one)))
    if use_graph:
        calls = int(min(reps, 200))
        try:
            graph = _graph_of(fn, calls)
            replays = max(2, reps // calls)
            graph.replay()
            torch.cuda.synchronize()
            start, end = _events()
            start.record()
            for _ in range(replays):
                graph.replay()
            end.record()
            end.synchronize()
            seconds = start.elapsed_time(end) / 1e3 / (replays * calls)
            del graph
            return seconds, "graph"
        except Exception:  # some calls cannot be captured: time them eagerly instead
            torch.cuda.synchronize()
    return _time_eager(fn, reps), "eager"


def run_for(fn, seconds):
    """Runs fn back to back for about `seconds` of wall time (for power readings)."""
    import time
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        for _ in range(20):
            fn()
        torch.cuda.synchronize()
