"""Sun, Todorovic & Li (2006), Tables 1 and 2 with decision stumps: a larger run than notebook 07.

Run: ``PYTHONPATH=. REFBOOST_DATA=<data> python benchmarks/table_sun.py [--full] [--out FILE]``.

Protocol as in notebooks/07_skewness (§3.10): T = 200, beta by stratified K-fold CV on the
training part of the first realisations (median of the picks; ``refboost.experiments.cv_table``),
test errors on the stored IDA realisations, next to the paper's numbers (data/sun/paper_tables.json).
Default ("medium"): banana, breast_cancer, heart, titanic; realisations 1-10; 3-fold CV on
realisations 1-3; three grid values. ``--full``: the eight stored IDA sets with realisations,
5-fold CV on realisations 1-5, five grid values (the notebook's FULL_RUN). Not a test.
"""

from __future__ import annotations

import argparse
import json
import math
import time
from pathlib import Path

import numpy as np
from scipy import stats

import refboost as rb

T = 200
PAPER = json.loads((Path(__file__).resolve().parents[1] / "data" / "sun" / "paper_tables.json").read_text())


def norm2_sqrtN(oracle, *, c, max_iter):
    """AdaBoost_Norm2 with beta = c sqrt(N)."""
    return rb.adaboost_norm2(oracle, beta=c * math.sqrt(oracle.n_examples), max_iter=max_iter)


def reg_N(oracle, *, c, max_iter):
    """AdaBoost_Reg with beta = c N."""
    return rb.adaboost_reg(oracle, beta=c * oracle.n_examples, max_iter=max_iter)


def config(full: bool):
    if full:
        sets = ["banana", "breast_cancer", "german", "heart", "titanic", "waveform", "ringnorm", "image"]
        grids = {
            "kl": [0.02, 0.05, 0.1, 0.2, 0.5],
            "n2": [0.05, 0.1, 0.2, 0.4, 0.8],
            "reg": [0.01, 0.03, 0.1, 0.3, 0.6],
        }
        return sets, list(range(1, 11)), [1, 2, 3, 4, 5], 5, grids
    grids = {"kl": [0.03, 0.1, 0.3], "n2": [0.05, 0.15, 0.4], "reg": [0.02, 0.1, 0.3]}
    return ["banana", "breast_cancer", "heart", "titanic"], list(range(1, 11)), [1, 2, 3], 3, grids


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--full", action="store_true")
    ap.add_argument("--out", default=None, help="write the per-realisation errors as JSON")
    args = ap.parse_args(argv)
    sets, reals, cv_reals, folds, grids = config(args.full)
    boosters = {
        "AB": (rb.adaboost, {"max_iter": [T], "store_d": [False]}),
        "AB_R": (reg_N, {"c": grids["reg"], "max_iter": [T]}),
        "AB_KL": (rb.adaboost_kl, {"beta": grids["kl"], "max_iter": [T]}),
        "AB_N2": (norm2_sqrtN, {"c": grids["n2"], "max_iter": [T]}),
    }
    labels = list(boosters)
    rng = np.random.default_rng(2006)
    out = {"protocol": {"T": T, "realisations": reals, "cv_realisations": cv_reals, "folds": folds, "grids": grids}}
    print(f"{'data':14s}" + "".join(f"{k:>14s}" for k in labels) + " |" + "".join(f"{k:>12s}" for k in labels))
    for name in sets:
        t0 = time.perf_counter()
        row = rb.experiments.cv_table(
            name, boosters, realisations=reals, cv_realisations=cv_reals, n_folds=folds, rng=rng
        )
        e = row["errors"]
        ours = "".join(f"{100 * e[k].mean():7.1f} ± {100 * e[k].std(ddof=1):4.1f}" for k in labels)
        pap = "".join(f"{PAPER['table1'][name][k][0]:6.1f} ± {PAPER['table1'][name][k][1]:3.1f}" for k in labels)
        sig = {}
        for k in ("AB", "AB_R", "AB_N2"):
            t_p = stats.ttest_rel(e[k], e["AB_KL"]).statistic if np.any(e[k] != e["AB_KL"]) else 0.0
            crit = stats.t.ppf(0.95, len(reals) - 1)
            sig[k] = "+" if t_p > crit else ("-" if t_p < -crit else "0")
        chosen = {k: {p: v for p, v in pr.items() if p in ("beta", "c")} for k, pr in row["params"].items()}
        print(f"{name:14s}{ours} |{pap}   paired 90% KL vs {sig}  chosen {chosen}  ({time.perf_counter() - t0:.0f} s)")
        out[name] = {"errors": {k: v.tolist() for k, v in e.items()}, "params": row["params"], "paired_sign": sig}
    if args.out:
        Path(args.out).write_text(json.dumps(out, indent=1))


if __name__ == "__main__":
    main()
