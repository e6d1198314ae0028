"""Same iterates before/after a change of the AdaBoost-CG / LogitBoost-CG master (a check, not a timing).

Run: OPENBLAS_NUM_THREADS=1 REFBOOST_DATA=/work/shared/data PYTHONPATH=. python benchmarks/check_shen_iterates.py [REF]

Loads ``refboost/boosters/shen.py`` at git revision REF (default 5624568, the master before the call-count
round) as a separate module, runs both versions of ``adaboost_cg`` and ``logitboost_cg`` (T from 300 AdaBoost
rounds, eps = 1e-5, at most 150 columns) on the bench_shen.py sets except a9a, and asserts the same columns,
master iteration counts, per-iteration objectives and gaps, weights and distribution (relative difference
<= TOL; 0.0 means bit-identical).
"""

from __future__ import annotations

import importlib.util
import subprocess
import sys
import tempfile
from pathlib import Path

import numpy as np

import refboost as rb
from refboost.boosters import shen as shen_new

REF = sys.argv[1] if len(sys.argv) > 1 else "5624568"
SETS = ("breast-cancer", "australian", "heart", "diabetes", "german.numer", "splice", "w1a", "mushrooms")
TOL = 1e-12

git = ["git", "show", f"{REF}:refboost/boosters/shen.py"]
src = subprocess.run(git, capture_output=True, text=True, check=True).stdout
src = src.replace("from .._validation", "from refboost._validation").replace("from ..result", "from refboost.result")
src = src.replace("from . import _newton", "from refboost.boosters import _newton")
src = src.replace("from ._common", "from refboost.boosters._common")
src = src.replace("from .lpboost", "from refboost.boosters.lpboost")
with tempfile.TemporaryDirectory() as tmp:
    path = Path(tmp) / "shen_ref.py"
    path.write_text(src)
    spec = importlib.util.spec_from_file_location("shen_ref", path)
    shen_ref = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(shen_ref)


def rel(a, b) -> float:
    a, b = np.asarray(a, float), np.asarray(b, float)
    fin = np.isfinite(a) & np.isfinite(b)
    assert np.array_equal(np.isfinite(a), np.isfinite(b))
    return float(np.max(np.abs(a[fin] - b[fin]) / (1 + np.abs(a[fin])), initial=0.0))


worst = 0.0
for name in SETS:
    ds = rb.datasets.load(name)
    oracle = rb.StumpOracle(ds.X, ds.y)
    T = 1.0 / rb.adaboost(oracle, max_iter=300, store_d=False).extra["norm"]
    for alg in ("adaboost_cg", "logitboost_cg"):
        a = getattr(shen_ref, alg)(oracle, T=T, eps=1e-5, max_iter=150)
        b = getattr(shen_new, alg)(oracle, T=T, eps=1e-5, max_iter=150)
        assert a.hypotheses == b.hypotheses, (name, alg, "columns differ")
        assert [h["master_iter"] for h in a.history] == [h["master_iter"] for h in b.history], (name, alg)
        diffs = {
            "objective": rel([h["objective"] for h in a.history], [h["objective"] for h in b.history]),
            "gap": rel([h["gap"] for h in a.history], [h["gap"] for h in b.history]),
            "weights": rel(a.weights, b.weights),
            "distribution": rel(a.distribution, b.distribution),
        }
        d = max(diffs.values())
        worst = max(worst, d)
        print(f"{name:14s} {alg:14s} columns {b.n_iter:3d} identical; max rel. difference {d:.1e}")
        assert d <= TOL, (name, alg, diffs)
print(f"same iterates as {REF} on {len(SETS)} sets x 2 boosters; worst relative difference {worst:.1e}")
