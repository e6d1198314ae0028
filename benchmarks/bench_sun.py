"""Side-by-side timings for the Sun et al. solvers: specialised vs generic (Clarabel), ratios.

Run: ``PYTHONPATH=. python benchmarks/bench_sun.py``. Not a test; numbers depend on the machine.
"""

from __future__ import annotations

import time

import numpy as np

import refboost as rb
from refboost import truth
from refboost.boosters.sun import exp_line_search


def best_of(f, k=3):
    ts = []
    for _ in range(k):
        t = time.perf_counter()
        out = f()
        ts.append(time.perf_counter() - t)
    return min(ts), out


def main():
    rng = np.random.default_rng(0)
    print(f"{'problem':34s} {'N':>5s} {'specialised [s]':>16s} {'Clarabel [s]':>13s} {'ratio':>8s} {'|diff|':>9s}")
    for N in (50, 400, 2000):
        log_d = np.log(rng.dirichlet(np.ones(N)))
        zt = rng.uniform(-1, 1, N)
        zt += 0.2 - np.exp(log_d) @ zt
        m = rng.uniform(-1, 1, N)
        cases = [
            (
                "line search (33)",
                lambda log_d=log_d, zt=zt: exp_line_search(log_d, zt).log_C,
                lambda log_d=log_d, zt=zt: truth.sun_line_search(log_d, zt).value,
            ),
            (
                "KL inner min of (17), beta=0.1",
                lambda m=m: rb.kl_regularized_margin(m, 0.1).value,
                lambda m=m: truth.sun_inner_min(m, 0.1, "kl").value,
            ),
            (
                "Norm2 inner min of (17), beta=0.5",
                lambda m=m: rb.norm2_regularized_margin(m, 0.5).value,
                lambda m=m: truth.sun_inner_min(m, 0.5, "norm2").value,
            ),
        ]
        for name, fast, slow in cases:
            tf, vf = best_of(fast)
            ts, vs = best_of(slow, k=1)
            print(f"{name:34s} {N:5d} {tf:16.2e} {ts:13.2e} {ts / tf:8.0f} {abs(vf - vs):9.1e}")


if __name__ == "__main__":
    main()
