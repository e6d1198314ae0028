"""Stump oracle vs scikit-learn's weighted DecisionTreeClassifier(max_depth=1), same data and weights.

Run: ``REFBOOST_DATA=/path/to/data PYTHONPATH=. python benchmarks/bench_stumps.py [n_calls]``.
Data: the a9a training part of the ERLPBoost split (29305 x 123). Reports time per call and the ratio.
"""

from __future__ import annotations

import sys
import time

import numpy as np
from sklearn.tree import DecisionTreeClassifier

from refboost import datasets
from refboost.oracles import StumpOracle


def main(n_calls: int = 10) -> None:
    ds = datasets.load("a9a-erlpboost")
    X, y = ds.X, ds.y
    rng = np.random.default_rng(0)
    D = [rng.dirichlet(np.ones(len(y))) for _ in range(n_calls)]
    t0 = time.perf_counter()
    oracle = StumpOracle(X, y)
    t_build = time.perf_counter() - t0
    t0 = time.perf_counter()
    ours = [oracle.best_edge(d) for d in D]
    t_ours = (time.perf_counter() - t0) / n_calls
    t0 = time.perf_counter()
    theirs = [DecisionTreeClassifier(max_depth=1).fit(X, y, sample_weight=d) for d in D]
    t_sk = (time.perf_counter() - t0) / n_calls
    # same optimum: the sklearn stump's edge (leaf values as +-1 predictions) is never above ours
    for (_key, edge), clf, d in zip(ours, theirs, D, strict=True):
        e_sk = float(d @ (y * clf.predict(X)))
        assert e_sk <= edge + 1e-12, (e_sk, edge)
    print(f"a9a {X.shape}: presort {t_build:.3f} s once")
    print(f"StumpOracle.best_edge   {1e3 * t_ours:8.2f} ms/call")
    print(f"sklearn depth-1 tree    {1e3 * t_sk:8.2f} ms/call")
    print(f"ratio sklearn / ours    {t_sk / t_ours:8.2f}x")


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 10)
