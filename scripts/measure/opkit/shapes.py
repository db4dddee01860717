"""What the kit measures. Shapes are Llama 3.1 8B's and 70B's layers (70B split over tensor-parallel
degrees 1, 2, 4, 8), so rows line up with the H100 measured for this project on 2026-11-27."""

# (N, K) of a layer's products: out_features x in_features.
LLAMA_8B = [(6144, 4096), (4096, 4096), (28672, 4096), (4096, 14336)]


def llama_70b(tp):
    return [(10240 // tp, 8192), (8192, 8192 // tp), (57344 // tp, 8192), (8192, 28672 // tp)]


def gemm_cases(quick):
    """(dtype, M, N, K) rows. M is tokens (batch x sequence)."""
    rows = []
    ms = [1, 8, 64, 256, 1024, 4096, 16384] if quick else [1, 8, 64, 256, 1024, 2048, 4096, 8192, 16384]
    for dtype in ("bf16", "fp8"):
        for m in ms:
            if dtype == "fp8" and m < 16:
                continue  # the fp8 kernel needs M a multiple of 16
            rows += [(dtype, m, n, k) for n, k in LLAMA_8B]
        for m in ([2048] if quick else [2048, 8192]):
            for tp in (1, 2, 4, 8):
                rows += [(dtype, m, n, k) for n, k in llama_70b(tp)]
        rows += [(dtype, s, s, s) for s in ((4096, 16384) if quick else (4096, 8192, 16384))]
    return rows


def bandwidth_sizes(quick):
    return [1 << 30] if quick else [1 << 28, 1 << 30, 4 << 30]


# (tokens, hidden) for element-wise kernels; cross-entropy uses Llama 3's vocabulary.
def elementwise_cases(quick):
    tokens = [1024, 8192] if quick else [1024, 8192, 32768]
    return [(m, h) for m in tokens for h in (4096, 8192)]


VOCAB = 128256


def attention_cases(quick):
    """(batch, sequence, heads, head_dim): causal flash attention, Llama-like heads."""
    seqs = [2048, 8192] if quick else [1024, 2048, 4096, 8192, 16384]
    return [(max(1, 16384 // s), s, 32, 128) for s in seqs] + [(1, 8192, 64, 128)]


def decode_cases(quick):
    """(batch, context, query heads, kv heads, head_dim): one new token attends to its KV cache."""
    pairs = [(1, 8192), (32, 4096), (128, 2048)] if quick else \
        [(1, 2048), (1, 8192), (1, 32768), (8, 8192), (32, 4096), (32, 8192), (128, 2048), (128, 8192)]
    return [(b, l, 32, 8, 128) for b, l in pairs] + [(b, l, 64, 8, 128) for b, l in pairs[:2]]


def optimizer_sizes(quick):
    return [1 << 26] if quick else [1 << 24, 1 << 26, 1 << 28]
