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
from _shen_snapshot import snapshot_master

from refboost.boosters import shen

CASES = (("breast-cancer", 40), ("diabetes", 100), ("german.numer", 80), ("splice", 100))
REPS = 200
PARTS = ("_border", "_direction", "_newton_step", "_refresh_model")

for name, stop in CASES:
    sn = snapshot_master(name, stop)
    ds, oracle, T, res, snap = sn.ds, sn.oracle, sn.T, sn.result, {"m": sn.master, "h": sn.h}
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
