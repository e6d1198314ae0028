"""Time per iteration of the four margin-targeting boosters of Rudin, Daubechies & Schapire (2003).

adaboost, arcgv, adaboost_star (nu = 0.001), coordinate_ascent (approximate, eq. (3)) and
coordinate_ascent(method="exact") (Brent line search of G) share one log-domain skeleton
(``refboost/boosters/adaboost.py``); they differ only in the target edge theta_t, so the ratios
to AdaBoost measure the cost of the target (and of the line search), and the oracle share says
how much of an iteration is the weak learner.

Instances, one run each, side by side in one process:
* ``StumpOracle`` on real data sets (``refboost.datasets``: IDA heart, realisation 1, and
  LIBSVM ionosphere; exact decision stumps, both polarities);
* ``MatrixOracle`` on the chapter's matrices: the 11 x 20 counterexample with negations (11 x 40), the Fig. 3(b)
  synthetic hypercube (50 x 100), and a larger random +-1 matrix (500 x 2000, negations appended).

Times are CPU times of this process (``time.process_time``; the runs are single-threaded, so
they are robust to other load on a shared machine); run with ``OMP_NUM_THREADS=1``.

Run:  OMP_NUM_THREADS=1 PYTHONPATH=. REFBOOST_DATA=/path/to/data python benchmarks/bench_adaboost_dynamics.py
Options: --iters-stump 300 --iters-matrix 1000 --repeats 3 (the best of the repeats is reported)
"""

from __future__ import annotations

import argparse
import time

import numpy as np

import refboost as rb
from refboost import datasets
from refboost import instances as I
from refboost.oracles import Oracle, StumpOracle

ALGORITHMS = {
    "adaboost": lambda o, T: rb.adaboost(o, max_iter=T, store_d=False),
    "arcgv": lambda o, T: rb.arcgv(o, max_iter=T, store_d=False),
    "adaboost_star": lambda o, T: rb.adaboost_star(o, nu=1e-3, max_iter=T, store_d=False),
    "coordinate_ascent": lambda o, T: rb.coordinate_ascent(o, max_iter=T, store_d=False),
    "coordinate_ascent(exact)": lambda o, T: rb.coordinate_ascent(o, max_iter=T, method="exact", store_d=False),
}


class TimedOracle(Oracle):
    """Wraps an oracle and accumulates the CPU time spent in ``best`` (the weak learner)."""

    def __init__(self, inner: Oracle):
        self.inner = inner
        self.n_examples = inner.n_examples
        self.seconds = 0.0

    def best(self, d):
        t0 = time.process_time()
        out = self.inner.best(d)
        self.seconds += time.process_time() - t0
        return out

    def column(self, key):
        return self.inner.column(key)

    def columns(self, keys):
        return self.inner.columns(keys)


def instances(iters_stump: int, iters_matrix: int):
    for name in ("ida:heart", "libsvm:ionosphere"):
        ds = datasets.load(name)
        yield f"stumps {name} {ds.X.shape}", StumpOracle(ds.X, ds.y), iters_stump
    yield "matrix 11x40", rb.MatrixOracle(I.adaboost_not_max_margin_11x20()), iters_matrix
    yield "matrix hypercube 50x100", rb.MatrixOracle(I.synthetic_hypercube(np.random.default_rng(0))), iters_matrix
    big = I.random_pm1(500, 1000, np.random.default_rng(0), negate=True)
    yield f"matrix random +-1 {big.shape[0]}x{big.shape[1]}", rb.MatrixOracle(big), max(1, iters_matrix // 4)


def main(iters_stump: int = 300, iters_matrix: int = 1000, repeats: int = 3) -> None:
    head = f"{'instance':40s} {'algorithm':26s} {'iters':>6s} {'us/iter':>9s} {'vs ada':>7s} {'oracle %':>9s}"
    print(head + f" {'margin':>8s}   (best of {repeats} runs, CPU time)")
    for label, oracle, T in instances(iters_stump, iters_matrix):
        base = None
        ALGORITHMS["adaboost"](oracle, 20)  # warm-up (caches, lazy imports)
        for alg, run in ALGORITHMS.items():
            dt = share = float("inf")
            for _ in range(repeats):
                timed = TimedOracle(oracle)
                t0 = time.process_time()
                res = run(timed, T)
                elapsed = time.process_time() - t0
                if elapsed < dt:
                    dt, share = elapsed, 100.0 * timed.seconds / max(elapsed, 1e-12)
            per = dt / res.n_iter
            base = per if base is None else base
            print(
                f"{label:40s} {alg:26s} {res.n_iter:6d} {1e6 * per:9.1f} {per / base:6.2f}x {share:8.1f}% "
                f"{res.margins.min():8.4f}"
            )
        print()


if __name__ == "__main__":
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--iters-stump", type=int, default=300)
    ap.add_argument("--iters-matrix", type=int, default=1000)
    ap.add_argument("--repeats", type=int, default=3)
    a = ap.parse_args()
    main(a.iters_stump, a.iters_matrix, a.repeats)
