"""Small profile of the short part-A runs of bench_entropy.py: ERLPBoost vs LPBoost.

Prints CPU time (time.process_time, best of ``--repeats``) of ``lpboost(method="highs-ds-warm")`` and
``erlpboost`` (canonical eta, eps = 0.01), their ratio, the ERLPBoost steps, Newton iterations and objective
evaluations, and the same ERLPBoost run on the numpy reference path (``entropy.USE_JIT = False``, the
solver before the numba kernels) with its ratio to LPBoost. Warms up (compiles / loads the numba
kernels) before timing.

Run: OPENBLAS_NUM_THREADS=1 PYTHONPATH=. REFBOOST_DATA=/path/to/data python benchmarks/prof_entropy_small.py
"""

from __future__ import annotations

import argparse
import time

import numpy as np

import refboost as rb
from refboost.boosters import entropy

CASES = (("heart", "stump", 0.3), ("heart", "stump", 0.5), ("heart", "tree", 0.3), ("breast_cancer", "tree", 0.3),
         ("banana", "tree", 0.5), ("waveform", "stump", 0.3), ("waveform", "tree", 0.3))


def cpu(fn, repeats, *a, **k):
    best = np.inf
    for _ in range(repeats):
        c0 = time.process_time()
        out = fn(*a, **k)
        best = min(best, time.process_time() - c0)
    return out, best


def main(argv=None):
    ap = argparse.ArgumentParser()
    ap.add_argument("--repeats", type=int, default=3)
    ap.add_argument("--profile", action="store_true", help="cProfile the first case's ERLPBoost run")
    args = ap.parse_args(argv)
    rb.erlpboost(rb.MatrixOracle(np.array([[1.0, -1.0], [-0.5, 0.5], [0.2, 0.1]])), nu=1.5, eps=0.1)  # warm-up
    for name, kind, p in CASES:
        ds = rb.datasets.load(name)
        o = rb.StumpOracle(ds.X, ds.y) if kind == "stump" else rb.TreeOracle(ds.X, ds.y, search="greedy")
        nu = p * ds.n_examples
        lp, c_lp = cpu(rb.lpboost, args.repeats, o, nu=nu, eps=0.01, max_iter=100_000, method="highs-ds-warm")
        entropy.USE_JIT = False
        er_np, c_np = cpu(rb.erlpboost, args.repeats, o, nu=nu, eps=0.01, max_iter=100_000)
        entropy.USE_JIT = True
        er, c_er = cpu(rb.erlpboost, args.repeats, o, nu=nu, eps=0.01, max_iter=100_000)
        it = sum(r.get("inner_iter", 0) for r in er.history)
        ev = sum(r.get("inner_eval", 0) for r in er.history)
        print(f"{name:>14} {kind:>5} {p:4.2f}: LPB {1e3 * c_lp:7.1f} ms T={lp.n_iter:3d} | ERLPB {1e3 * c_er:7.1f} ms "
              f"T={er.n_iter:3d} newton {it:4d} evals {ev:4d} | ratio {c_er / c_lp:5.2f} | "
              f"SM {rb.soft_margin(er.margins, nu):.6f} gap {er.gap:.2e} | numpy path {1e3 * c_np:7.1f} ms "
              f"T={er_np.n_iter:3d} ratio {c_np / c_lp:5.2f}", flush=True)
        if args.profile:
            import cProfile
            import pstats

            cProfile.runctx("rb.erlpboost(o, nu=nu, eps=0.01, max_iter=100_000)", globals(), locals(), "/tmp/erlp.prof")
            pstats.Stats("/tmp/erlp.prof").sort_stats("tottime").print_stats(25)
            args.profile = False


if __name__ == "__main__":
    main()
