"""Edge sweeps on large, mostly-zero data: the sparse paths of the stump, raw-feature and SVM classes vs the
dense ones they replace, and Corrective ERLPBoost on each, side by side in one run.

Run: ``REFBOOST_DATA=/path/to/data OMP_NUM_THREADS=1 PYTHONPATH=. python benchmarks/bench_sweeps.py [n_iter]``.
Data: the a9a training part of the ERLPBoost split (29305 x 123, binary, 11 % non-zero). For each class the
dense path is forced by raising its size or density threshold (``oracles._STUMP_MODE_MIN_SIZE``,
``_SPARSE_EDGES_MIN_SIZE``, ``_SPARSE_SWEEP_DENSITY``). Reports CPU time per edge sweep (``best_edge`` or
``best``, 20 random distributions) and per Corrective ERLPBoost iteration (nu = 1, eps = 0.001, ``n_iter``
iterations, default 1000), the ratios dense / sparse, and checks that both paths pick the same hypotheses
and give the same weights.
"""

from __future__ import annotations

import sys
import time

import numpy as np

from refboost import corrective_erlpboost, datasets, oracles
from refboost.oracles import LinearKernelOracle, RawFeatureOracle, StumpOracle

#: the threshold that sends each class down its dense path, and the value that does
DENSE = {
    "stump": ("_STUMP_MODE_MIN_SIZE", 1 << 62),
    "raw": ("_SPARSE_EDGES_MIN_SIZE", 1 << 62),
    "kernel": ("_SPARSE_SWEEP_DENSITY", 0.0),
}
CLASSES = {"stump": StumpOracle, "raw": RawFeatureOracle, "kernel": LinearKernelOracle}


def _build(name: str, X, y, dense: bool):
    attr, value = DENSE[name]
    old = getattr(oracles, attr)
    if dense:
        setattr(oracles, attr, value)
    try:
        return CLASSES[name](X, y)
    finally:
        setattr(oracles, attr, old)


def main(n_iter: int = 1000) -> None:
    ds = datasets.load("a9a-erlpboost")
    X, y = ds.X, ds.y
    rng = np.random.default_rng(0)
    D = [rng.dirichlet(np.ones(len(y))) for _ in range(20)]
    print(f"a9a {X.shape}, {np.count_nonzero(X) / X.size:.1%} non-zero; Corrective ERLPBoost nu = 1, eps = 0.001, "
          f"{n_iter} iterations; CPU time")
    print(f"{'class':8s} {'path':7s} {'build s':>8s} {'sweep ms':>9s} {'iter ms':>8s}")
    for name in CLASSES:
        out = {}
        for dense in (True, False):
            t0 = time.process_time()
            orc = _build(name, X, y, dense)
            t_build = time.process_time() - t0
            sweep = getattr(orc, "best_edge", orc.best)
            t0 = time.process_time()
            keys = [sweep(d)[0] for d in D]
            t_sweep = (time.process_time() - t0) / len(D)
            t0 = time.process_time()
            res = corrective_erlpboost(orc, nu=1.0, eps=0.001, max_iter=n_iter)
            t_iter = (time.process_time() - t0) / max(res.n_iter, 1)
            out[dense] = (keys, res, t_sweep, t_iter)
            path = "dense" if dense else "sparse"
            print(f"{name:8s} {path:7s} {t_build:8.2f} {1e3 * t_sweep:9.2f} {1e3 * t_iter:8.2f}")
        (k1, r1, s1, i1), (k2, r2, s2, i2) = out[True], out[False]
        assert k1 == k2, name
        assert r1.hypotheses == r2.hypotheses and r1.n_iter == r2.n_iter, name
        np.testing.assert_allclose(r2.weights, r1.weights, rtol=0, atol=1e-9)
        print(f"{name:8s} ratio dense / sparse: sweep {s1 / s2:.1f}x, iteration {i1 / i2:.1f}x (same hypotheses, "
              f"weights within 1e-9)")


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 1000)
