"""The measurements, one function per operator kind. Each returns raw rows: the shape, the seconds per
call and how it was timed; table.py derives rates (TFLOP/s, TB/s) from them. Data is random normal,
bf16 unless the row says otherwise."""
import torch
import torch.nn.functional as F

from . import shapes
from .timing import seconds_per_call

DEV = "cuda"
BF16 = torch.bfloat16


def _row(seconds_and_mode, **shape):
    seconds, mode = seconds_and_mode
    return dict(shape, seconds=seconds, timing=mode)


def bandwidth(quick, min_s):
    rows = []
    for size in shapes.bandwidth_sizes(quick):
        x = torch.randn(size // 2, device=DEV, dtype=BF16)
        y = torch.empty_like(x)
        rows.append(_row(seconds_per_call(lambda: y.copy_(x), min_s, use_graph=False),
                         op="copy", bytes=2 * size))
        rows.append(_row(seconds_per_call(lambda: x.sum(), min_s, use_graph=False), op="read", bytes=size))
        del x, y
        torch.cuda.empty_cache()
    return rows


def _gemm_call(dtype, m, n, k):
    a = torch.randn(m, k, device=DEV, dtype=BF16)
    if dtype == "bf16":
        b = torch.randn(k, n, device=DEV, dtype=BF16)
        return lambda: a @ b
    fp8 = torch.float8_e4m3fn
    a8 = a.to(fp8)
    b8 = torch.randn(n, k, device=DEV, dtype=BF16).to(fp8).t()  # column-major, as the kernel needs
    one = torch.tensor(1.0, device=DEV)
    return lambda: torch._scaled_mm(a8, b8, scale_a=one, scale_b=one, out_dtype=BF16)


def gemm(quick, min_s):
    rows = []
    for dtype, m, n, k in shapes.gemm_cases(quick):
        call = _gemm_call(dtype, m, n, k)
        rows.append(_row(seconds_per_call(call, min_s), op="matmul", dtype=dtype, m=m, n=n, k=k))
        del call
    torch.cuda.empty_cache()
    return rows


def _rotary(x, cos, sin):
    half = x.shape[-1] // 2
    rotated = torch.cat((-x[..., half:], x[..., :half]), dim=-1)
    return x * cos + rotated * sin


def elementwise(quick, min_s):
    """Each op as eager PyTorch runs it. `bytes` is the least a fused kernel must move (inputs read
    once, output written once), so a low rate also shows what unfused kernels cost."""
    rows = []
    for m, h in shapes.elementwise_cases(quick):
        x = torch.randn(m, h, device=DEV, dtype=BF16)
        w = torch.randn(h, device=DEV, dtype=BF16)
        g = torch.randn(m, 4 * h, device=DEV, dtype=BF16)
        u = torch.randn(m, 4 * h, device=DEV, dtype=BF16)
        cos = torch.randn(m, h, device=DEV, dtype=BF16)
        sin = torch.randn(m, h, device=DEV, dtype=BF16)
        cases = [
            ("rms_norm", lambda: F.rms_norm(x, (h,), w, 1e-5), 2 * m * h * 2),
            ("swiglu", lambda: F.silu(g) * u, 3 * m * 4 * h * 2),
            ("rotary", lambda: _rotary(x, cos, sin), 4 * m * h * 2),
            ("residual_add", lambda: x + x, 2 * m * h * 2),  # x is read once
            ("softmax", lambda: torch.softmax(x, dim=-1), 2 * m * h * 2),
        ]
        for op, call, nbytes in cases:
            rows.append(_row(seconds_per_call(call, min_s), op=op, tokens=m, hidden=h, bytes=nbytes))
        del x, w, g, u, cos, sin
    for m in ([1024, 4096] if quick else [1024, 4096, 16384]):
        logits = torch.randn(m, shapes.VOCAB, device=DEV, dtype=BF16)
        target = torch.randint(0, shapes.VOCAB, (m,), device=DEV)
        rows.append(_row(seconds_per_call(lambda: F.cross_entropy(logits, target), min_s),
                         op="cross_entropy", tokens=m, hidden=shapes.VOCAB, bytes=m * shapes.VOCAB * 2))
        del logits, target
    torch.cuda.empty_cache()
    return rows


def attention(quick, min_s):
    """Causal flash attention (PyTorch's scaled_dot_product_attention), forward and forward+backward."""
    rows = []
    for b, s, heads, d in shapes.attention_cases(quick):
        q, k, v = (torch.randn(b, heads, s, d, device=DEV, dtype=BF16, requires_grad=True) for _ in range(3))

        def fwd():
            with torch.no_grad():
                return F.scaled_dot_product_attention(q, k, v, is_causal=True)
        rows.append(_row(seconds_per_call(fwd, min_s), op="flash_forward",
                         batch=b, sequence=s, heads=heads, head_dim=d))
        grad = torch.randn(b, heads, s, d, device=DEV, dtype=BF16)

        def fwd_bwd():
            out = F.scaled_dot_product_attention(q, k, v, is_causal=True)
            out.backward(grad)
        rows.append(_row(seconds_per_call(fwd_bwd, min_s, use_graph=False), op="flash_forward_backward",
                         batch=b, sequence=s, heads=heads, head_dim=d))
        del q, k, v, grad
    torch.cuda.empty_cache()
    return rows


def decode_attention(quick, min_s):
    """One new token per sequence against a KV cache, grouped-query: the query heads that share a KV
    head are laid out as that head's queries, as GQA decode kernels do."""
    rows = []
    for b, ctx, heads, kv_heads, d in shapes.decode_cases(quick):
        group = heads // kv_heads
        q = torch.randn(b, kv_heads, group, d, device=DEV, dtype=BF16)
        k = torch.randn(b, kv_heads, ctx, d, device=DEV, dtype=BF16)
        v = torch.randn(b, kv_heads, ctx, d, device=DEV, dtype=BF16)
        call = lambda: F.scaled_dot_product_attention(q, k, v)
        rows.append(_row(seconds_per_call(call, min_s), op="decode", batch=b, context=ctx,
                         heads=heads, kv_heads=kv_heads, head_dim=d, bytes=2 * b * ctx * kv_heads * d * 2))
        del q, k, v
    torch.cuda.empty_cache()
    return rows


def optimizer(quick, min_s):
    """AdamW (fused) over fp32 parameters: reads parameter, gradient and both moments, writes three."""
    rows = []
    for n in shapes.optimizer_sizes(quick):
        p = torch.nn.Parameter(torch.randn(n, device=DEV))
        p.grad = torch.randn(n, device=DEV)
        opt = torch.optim.AdamW([p], lr=1e-4, fused=True)
        rows.append(_row(seconds_per_call(opt.step, min_s, use_graph=False),
                         op="adamw_fused", parameters=n, bytes=n * 4 * 7))
        del p, opt
    torch.cuda.empty_cache()
    return rows


def launch(min_s):
    """What a tiny kernel costs: launched from Python one by one (eager), and replayed in a graph."""
    x = torch.zeros(1, device=DEV)
    rows = []
    for use_graph in (False, True):
        seconds, mode = seconds_per_call(lambda: x.add_(1), min_s, use_graph=use_graph)
        rows.append(dict(op="tiny_kernel", seconds=seconds, timing=mode))
    return rows
