"""Where one AdaBoost-CG restricted master spends its time (complements bench_shen.py).

Run: OPENBLAS_NUM_THREADS=1 REFBOOST_DATA=/work/shared/data PYTHONPATH=. python benchmarks/bench_shen_master.py

For each (data set, t): run ``refboost.adaboost_cg`` (T from 300 AdaBoost rounds as in bench_shen.py),
snapshot the master just before column t enters, then replay that master (``add`` + ``solve`` to the same
tau) REPS times on fresh copies and time its parts (thread CPU time, min and median over the replays; the copies are
made outside the timed region, so U starts cold: the replay slightly overstates the in-run cost), next to
``oracle.best`` at the final distribution.
"""

from __future__ import annotations

import copy
import time
from collections import defaultdict

import numpy as np

import refboost as rb
from refboost.boosters import shen

CASES = (("breast-cancer", 40), ("diabetes", 100), ("german.numer", 80), ("splice", 100))
REPS = 200
PARTS = ("_border", "_direction", "_newton_step", "_refresh_model")

for name, stop in CASES:
    ds = rb.datasets.load(name)
    oracle = rb.StumpOracle(ds.X, ds.y)
    T = 1.0 / rb.adaboost(oracle, max_iter=300, store_d=False).extra["norm"]
    snap: dict = {}
    add = shen._Master.add

    def add_snap(self, h, _add=add, _stop=stop, _snap=snap):
        if self.t == _stop and "m" not in _snap:
            _snap["m"], _snap["h"] = copy.deepcopy(self), h.copy()
        return _add(self, h)

    shen._Master.add = add_snap
    try:
        res = rb.adaboost_cg(oracle, T=T, eps=1e-5, max_iter=300)
    finally:
        shen._Master.add = add
    tau = shen.INNER_GAP_FRACTION * res.history[stop - 1]["gap"] * T
    acc = defaultdict(list)
    for _ in range(REPS):
        m = copy.deepcopy(snap["m"])
        spent = defaultdict(float)
        for part in PARTS:
            fn = getattr(m, part)

            def timed(*a, _fn=fn, _part=part, _spent=spent, **k):
                t0 = time.thread_time()
                out = _fn(*a, **k)
                _spent[_part] += time.thread_time() - t0
                return out

            setattr(m, part, timed)
        t0 = time.thread_time()
        m.add(snap["h"])
        m.solve(tau)
        acc["master (add + solve)"].append(time.thread_time() - t0)
        for part in PARTS:
            acc[part].append(spent[part])
        acc["steps"].append(m.n_iter)
    d = res.distribution
    for _ in range(REPS):
        t0 = time.thread_time()
        oracle.best(d)
        acc["oracle.best"].append(time.thread_time() - t0)
    print(f"{name} ({ds.n_examples} x {ds.n_features}), master of column {stop + 1}: Newton steps "
          f"{np.median(acc['steps']):.0f}; times [us] min / median")
    for key in ("master (add + solve)", *PARTS, "oracle.best"):
        print(f"  {key:22s} {np.min(acc[key]) * 1e6:7.1f} / {np.median(acc[key]) * 1e6:7.1f}")
    mins = {k: np.min(v) for k, v in acc.items()}
    print(f"  master / oracle (min): {mins['master (add + solve)'] / mins['oracle.best']:.2f}; _newton_step includes "
          f"_direction; the rest of _newton_step = U s, f at the chord point, U^T u, ratio test, lambda update")
