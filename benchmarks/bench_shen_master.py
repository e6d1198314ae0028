"""Where one AdaBoost-CG restricted master spends its time: numpy reference vs compiled (complements bench_shen.py).

Run: OPENBLAS_NUM_THREADS=1 REFBOOST_DATA=/path/to/data PYTHONPATH=. python benchmarks/bench_shen_master.py

For each (data set, t): run ``refboost.adaboost_cg`` (T from 300 AdaBoost rounds as in bench_shen.py) once with
the numpy reference master (``shen.USE_JIT = False``) and once with the compiled one (``_JitMaster``; this run
compiles or loads the numba kernels, so the replays below are warm), snapshot each master just before column t
enters, then replay both (``add`` + ``solve`` to the same tau), alternating, REPS times on fresh copies and time
their parts (thread CPU time, min and median over the replays; the copies are made outside the timed region, so U
starts cold: the replay slightly overstates the in-run cost), next to ``oracle.best`` at the final distribution.
Reference parts: ``_border``, ``_direction`` (inside ``_newton_step``), ``_newton_step``, ``_refresh_model``;
compiled parts: ``add`` (one kernel: border + bookkeeping), ``_newton_step`` (one kernel), ``_refresh_model``
(numpy, as the reference).
"""

from __future__ import annotations

import copy
import time
from collections import defaultdict

import numpy as np
from _shen_snapshot import snapshot_master

from refboost.boosters import shen

CASES = (("heart", 40), ("breast-cancer", 40), ("australian", 60), ("diabetes", 100), ("german.numer", 80),
         ("splice", 100))
REPS = 200
PARTS = {False: ("_border", "_direction", "_newton_step", "_refresh_model"),
         True: ("add", "_newton_step", "_refresh_model")}


def replay(snap, h, tau, parts, acc, label):
    m = copy.deepcopy(snap)
    spent = defaultdict(float)
    for part in parts:
        fn = getattr(m, part)

        def timed(*a, _fn=fn, _part=part, _spent=spent, **k):
            t0 = time.thread_time()
            out = _fn(*a, **k)
            _spent[_part] += time.thread_time() - t0
            return out

        setattr(m, part, timed)
    t0 = time.thread_time()
    m.add(h)
    m.solve(tau)
    acc[f"{label} master (add + solve)"].append(time.thread_time() - t0)
    for part in parts:
        acc[f"{label} {part}"].append(spent[part])
    acc[f"{label} steps"].append(m.n_iter)


for name, stop in CASES:
    snaps = {jit: snapshot_master(name, stop, jit=jit) for jit in (False, True)}
    sn = snaps[False]
    ds, oracle, res, T = sn.ds, sn.oracle, sn.result, sn.T
    tau = shen.INNER_GAP_FRACTION * res.history[stop - 1]["gap"]  # history gaps are T-scaled already
    acc = defaultdict(list)
    for _ in range(REPS):
        for jit, label in ((False, "numpy"), (True, "jit")):
            replay(snaps[jit].master, snaps[jit].h, tau, PARTS[jit], acc, label)
    d = res.distribution
    for _ in range(REPS):
        t0 = time.thread_time()
        oracle.best(d)
        acc["oracle.best"].append(time.thread_time() - t0)
    print(f"{name} ({ds.n_examples} x {ds.n_features}), master of column {stop + 1}: Newton steps numpy "
          f"{np.median(acc['numpy steps']):.0f}, jit {np.median(acc['jit steps']):.0f}; times [us] min / median")
    keys = [f"numpy {k}" for k in ("master (add + solve)", *PARTS[False])]
    keys += [f"jit {k}" for k in ("master (add + solve)", *PARTS[True])]
    for key in (*keys, "oracle.best"):
        print(f"  {key:28s} {np.min(acc[key]) * 1e6:7.1f} / {np.median(acc[key]) * 1e6:7.1f}")
    mins = {k: np.min(v) for k, v in acc.items()}
    meds = {k: np.median(v) for k, v in acc.items()}
    print(f"  master / oracle, min (median): numpy {mins['numpy master (add + solve)'] / mins['oracle.best']:.2f} "
          f"({meds['numpy master (add + solve)'] / meds['oracle.best']:.2f}), jit "
          f"{mins['jit master (add + solve)'] / mins['oracle.best']:.2f} "
          f"({meds['jit master (add + solve)'] / meds['oracle.best']:.2f})", flush=True)
