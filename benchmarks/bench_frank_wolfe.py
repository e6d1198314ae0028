"""Table 2 of Mitsuboshi, Hatano & Takimoto (arXiv:2209.10831) at small scale.

Protocol (digest seed-002 §5.1-5.2, scaled down): Rätsch benchmark sets (realisation 1, training
part, read from ``$REFBOOST_DATA/raetsch``), nu in {0.1, ..., 0.5} m, eps = 0.01; every column of
Table 2 (LPB., ERLPB., FW = C-ERLPBoost = "MLPB. (SS only)", PFW = "MLPB. (PFW only)",
MLPB. (SS), MLPB. (PFW)) run side by side in one process; wall time per cell = mean over nu,
with ">" when some run hit ``--time-limit`` (the paper: ``timeout 20000s``). Printed next to it:
iterations, the final soft margin's distance to the HiGHS optimum over the whole hypothesis
class, and the ratios MLPB./LPB. and ERLPB./LPB. with the paper's ratios.

Weak learner: until depth-2 trees land on main, the exact max-edge decision stump over a finite
grid of thresholds (``MatrixOracle`` of thresholded features, both orientations), which is a true
LMO, so the certificates are relative to the true optimum. ERLPBoost is taken from
``refboost.erlpboost`` when present (another branch), otherwise reported as n/a.

Run:  PYTHONPATH=. REFBOOST_DATA=/work/shared/data python benchmarks/bench_frank_wolfe.py
Options: --datasets banana heart --nus 0.1 0.3 --time-limit 5 --thresholds 16
"""

from __future__ import annotations

import argparse
import os
import time
from pathlib import Path

import numpy as np

import refboost as rb
from refboost import truth

DATASETS = ("banana", "breast_cancer", "german", "heart", "titanic", "waveform")
#: Paper's Table 2 (seconds, mean over nu): LPB., ERLPB., MLPB. (SS), MLPB. (PFW).
PAPER = {
    "banana": (168.26, 3434.75, 1418.41, 1398.68),
    "breast_cancer": (3.61, 73.45, 23.43, 19.81),
    "german": (77.56, 1391.91, 181.43, 201.88),
    "heart": (10.03, 193.58, 44.11, 24.26),
    "titanic": (0.25, 0.13, 1.96, 0.12),
    "waveform": (437.29, 9018.54, 2243.07, 1619.56),
}
FILE_STEM = {"breast_cancer": "breast-cancer"}


def load_raetsch(name: str, realisation: int = 1) -> tuple[np.ndarray, np.ndarray]:
    """Training part of one IDA realisation (``<stem>_train_{data,labels}_<i>.asc.gz``)."""
    home = Path(os.environ.get("REFBOOST_DATA", "/work/shared/data")) / "raetsch" / name
    stem = FILE_STEM.get(name, name)
    for s in (stem, name):
        f = home / f"{s}_train_data_{realisation}.asc.gz"
        if f.exists():
            X = np.loadtxt(f)
            y = np.loadtxt(home / f"{s}_train_labels_{realisation}.asc.gz")
            return np.atleast_2d(X), y
    raise FileNotFoundError(f"no realisation {realisation} of {name} under {home}")


def stump_matrix(X: np.ndarray, y: np.ndarray, n_thresholds: int) -> np.ndarray:
    """U[i, (f, theta)] = y_i sign(x_if - theta) (ties -> +1) for <= n_thresholds quantile thresholds
    per feature; the oracle adds the negations (reflexive)."""
    cols = []
    for f in range(X.shape[1]):
        v = np.unique(X[:, f])
        mids = (v[:-1] + v[1:]) / 2 if v.size > 1 else v
        if mids.size > n_thresholds:
            mids = np.unique(np.quantile(mids, np.linspace(0, 1, n_thresholds)))
        for th in mids:
            cols.append(np.where(X[:, f] >= th, 1.0, -1.0))
    H = np.unique(np.column_stack(cols), axis=1)  # drop duplicate stumps
    return y[:, None] * H


def algorithms(time_limit: float):
    algs = {
        "LPB.": lambda o, nu, eps: rb.lpboost(o, nu=nu, eps=eps, max_iter=100_000),
        "ERLPB.": None,
        "FW": lambda o, nu, eps: rb.cerlpboost(o, nu=nu, eps=eps, time_limit=time_limit),
        "PFW": lambda o, nu, eps: rb.mlpboost(
            o, nu=nu, eps=eps, rule="pairwise", secondary=None, time_limit=time_limit
        ),
        "MLPB.(SS)": lambda o, nu, eps: rb.mlpboost(o, nu=nu, eps=eps, rule="short_step", time_limit=time_limit),
        "MLPB.(PFW)": lambda o, nu, eps: rb.mlpboost(o, nu=nu, eps=eps, rule="pairwise", time_limit=time_limit),
    }
    erlp = getattr(rb, "erlpboost", None)
    if erlp is not None:
        algs["ERLPB."] = lambda o, nu, eps: erlp(o, nu=nu, eps=eps)
    return algs


def main(argv=None) -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--datasets", nargs="+", default=list(DATASETS))
    ap.add_argument("--nus", nargs="+", type=float, default=[0.1, 0.2, 0.3, 0.4, 0.5])
    ap.add_argument("--eps", type=float, default=0.01)
    ap.add_argument("--time-limit", type=float, default=5.0)
    ap.add_argument("--thresholds", type=int, default=16)
    args = ap.parse_args(argv)
    algs = algorithms(args.time_limit)
    names = list(algs)
    print(
        f"eps = {args.eps}, nu/m in {args.nus}, time limit {args.time_limit:g} s per run, stumps <= "
        f"{args.thresholds} thresholds/feature (reflexive MatrixOracle = exact LMO)\n"
    )
    summary = {}
    for ds in args.datasets:
        X, y = load_raetsch(ds)
        U = stump_matrix(X, y, args.thresholds)
        o = rb.MatrixOracle(U, reflexive=True)
        m = U.shape[0]
        print(f"== {ds}: m = {m}, features = {X.shape[1]}, hypotheses = {o.n_hypotheses}")
        times = {a: [] for a in names}
        capped = {a: False for a in names}
        for p in args.nus:
            nu = p * m
            star = truth.soft_margin_lp(o.U, nu).value
            row = [f"  nu={p:.1f}m"]
            for a in names:
                if algs[a] is None:
                    row.append(f"{a} n/a")
                    continue
                t0 = time.perf_counter()
                res = algs[a](o, nu, args.eps)
                dt = time.perf_counter() - t0
                times[a].append(dt)
                capped[a] |= not res.converged
                subopt = star - rb.soft_margin(res.margins, nu)
                extra = f"/B{res.extra['n_secondary_wins']}" if a.startswith("MLPB") else ""
                row.append(f"{a} {dt:6.2f}s T={res.n_iter}{extra} d={subopt:.1e}{'' if res.converged else ' (cap)'}")
            print(" | ".join(row), flush=True)
        summary[ds] = {a: (np.mean(times[a]) if times[a] else np.nan, capped[a]) for a in names}

    print("\nTable 2 (small scale): mean wall time over nu in seconds ('>' = some run hit the time limit)")
    print(f"{'dataset':14s}" + "".join(f"{a:>12s}" for a in names))
    for ds, cells in summary.items():
        print(
            f"{ds:14s}"
            + "".join(f"{('>' if c else '') + ('n/a' if np.isnan(t) else f'{t:.3f}'):>12s}" for t, c in cells.values())
        )
    print("\nRatios (ours vs paper):  MLPB.(SS)/LPB.  MLPB.(PFW)/LPB.  ERLPB./LPB.  FW/MLPB.(SS)")
    for ds, cells in summary.items():
        lp = cells["LPB."][0]
        pl, pe, ps, pp = PAPER.get(ds, (np.nan,) * 4)
        r = [
            cells["MLPB.(SS)"][0] / lp,
            cells["MLPB.(PFW)"][0] / lp,
            cells["ERLPB."][0] / lp,
            cells["FW"][0] / cells["MLPB.(SS)"][0],
        ]
        print(
            f"{ds:14s} ours {r[0]:7.2f} {r[1]:7.2f} {r[2]:7.2f} {'>' if cells['FW'][1] else ''}{r[3]:.1f}"
            f"   paper {ps / pl:7.2f} {pp / pl:7.2f} {pe / pl:7.2f}"
        )


if __name__ == "__main__":
    main()
