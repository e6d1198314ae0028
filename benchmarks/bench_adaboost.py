"""AdaBoost with the exact stump oracle vs scikit-learn's AdaBoostClassifier (SAMME, depth-1 trees).

Run: ``REFBOOST_DATA=/path/to/data PYTHONPATH=. python benchmarks/bench_adaboost.py [rounds] [dataset]``.
Data: the a9a training part of the ERLPBoost split (29305 x 123) by default, the data of
``bench_stumps.py``. One run each, same data, ``rounds`` (default 200) rounds; reports the wall
time of each fit (refboost: oracle presort + boosting) and the ratio. Output format as
``bench_stumps.py``. The two runs need not choose the same stumps (scikit-learn's trees maximise
the Gini gain, not the edge; chapter 02, §5), so the training errors are printed side by side.
"""

from __future__ import annotations

import sys
import time

import numpy as np
from sklearn.ensemble import AdaBoostClassifier
from sklearn.tree import DecisionTreeClassifier

import refboost as rb
from refboost import datasets
from refboost.experiments import error_rate
from refboost.oracles import StumpOracle


def main(rounds: int = 200, name: str = "a9a-erlpboost") -> None:
    ds = datasets.load(name)
    X, y = ds.X, ds.y
    X = X.toarray() if hasattr(X, "toarray") else np.asarray(X)
    t0 = time.perf_counter()
    oracle = StumpOracle(X, y)
    t_build = time.perf_counter() - t0
    t0 = time.perf_counter()
    res = rb.adaboost(oracle, max_iter=rounds, store_d=False)
    t_boost = time.perf_counter() - t0
    t_ours = t_build + t_boost
    t0 = time.perf_counter()
    sk = AdaBoostClassifier(DecisionTreeClassifier(max_depth=1), n_estimators=rounds, random_state=0).fit(X, y)
    t_sk = time.perf_counter() - t0
    err_ours = error_rate(oracle.predict(res.hypotheses, res.weights, X), y)
    err_sk = float(np.mean(sk.predict(X) != y))
    print(f"{name} {X.shape}, {rounds} rounds: presort {t_build:.3f} s once (included below)")
    print(f"refboost.adaboost + StumpOracle {t_ours:8.2f} s   ({1e3 * t_boost / res.n_iter:.2f} ms/round)")
    print(f"sklearn AdaBoostClassifier      {t_sk:8.2f} s   ({1e3 * t_sk / len(sk.estimators_):.2f} ms/round)")
    print(f"ratio sklearn / ours            {t_sk / t_ours:8.2f}x")
    print(f"training error: refboost {err_ours:.4f}, sklearn {err_sk:.4f}")


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 200, sys.argv[2] if len(sys.argv) > 2 else "a9a-erlpboost")
