"""accelguide's operator measurement kit: times the operations a transformer step runs on one GPU
and writes the chip's operator table (data/operators/<chip>.json) that the planner reads.

Modules: timing (CUDA-event timers), shapes (what is measured, quick and full), operators (the
PyTorch measurements), power (NVML sampling), table (raw measurement -> data file; no PyTorch)."""
