"""The declared studies: each paper table as a grid of cells and an analysis.

Every study has a ``ci`` scale (a handful of cells on bundled data, seconds; it exercises the
protocol, not the paper's numbers) and a ``paper`` scale (the paper's protocol on the paper's data
sets as far as the data catalogue of :mod:`refboost.datasets` has them). The papers' numbers are
in ``paper_numbers.json`` next to this module, each with the table it comes from.
"""

from __future__ import annotations

import json
from functools import lru_cache
from pathlib import Path

import numpy as np

from ._runner import Study

# ------------------------------------------------------------------------------------------
# shared helpers
# ------------------------------------------------------------------------------------------


@lru_cache(maxsize=1)
def paper_numbers() -> dict:
    """The papers' numbers (``paper_numbers.json``): per study, source table, quantity and values."""
    return json.loads((Path(__file__).with_name("paper_numbers.json")).read_text(encoding="utf-8"))


def _key(dataset, split, booster, params, weak_learner) -> dict:
    return {"dataset": dataset, "split": split, "booster": booster, "params": params, "weak_learner": weak_learner}


def _params(rec) -> dict:
    p = rec["params"]
    return json.loads(p) if isinstance(p, str) else dict(p)


def _param_label(params: dict) -> str:
    return ", ".join(f"{k}={v}" for k, v in sorted(params.items())) or "(defaults)"


# ------------------------------------------------------------------------------------------
# Mitsuboshi, Hatano & Takimoto, Table 3
# ------------------------------------------------------------------------------------------

MHT_BOOSTERS = ("lpboost", "erlpboost", "cerlpboost", "mlpboost")

#: The Table 3 data sets the catalogue has as IDA realisations (its "Diabetes", Rätsch's diabetis, is not one).
MHT_PAPER_SETS = (
    "banana",
    "breast_cancer",
    "flare_solar",
    "german",
    "heart",
    "image",
    "ringnorm",
    "splice",
    "thyroid",
    "titanic",
    "twonorm",
)

MHT_SCALES = {
    # tiny: one bundled realisation, 2-fold CV, two capping values, a loose eps, stumps
    "ci": {"sets": {"heart": (1,)}, "folds": 2, "nu_frac": (0.2, 0.5), "eps": 0.1, "weak_learner": "stump"},
    # the paper: nu in {0.1, ..., 0.5} m by 5-fold CV on the training part, eps = 0.01, depth-2 trees
    "paper": {
        "sets": {d: (1,) for d in MHT_PAPER_SETS},
        "folds": 5,
        "nu_frac": (0.1, 0.2, 0.3, 0.4, 0.5),
        "eps": 0.01,
        "weak_learner": "tree",
    },
}


def _mht_grid(scale: str) -> list[dict]:
    cfg = MHT_SCALES[scale]
    keys = []
    for dataset, reals in cfg["sets"].items():
        for r in reals:
            splits = [f"r{r}/cv{cfg['folds']}.{f}" for f in range(cfg["folds"])] + [f"r{r}"]
            for split in splits:
                for booster in MHT_BOOSTERS:
                    for p in cfg["nu_frac"]:
                        keys.append(
                            _key(dataset, split, booster, {"nu_frac": p, "eps": cfg["eps"]}, cfg["weak_learner"])
                        )
    return keys


def _mht_analysis(records: list[dict], scale: str) -> list[dict]:
    """Per data set and booster: nu by least mean CV error (ties: the smaller nu), its test error."""
    cfg = MHT_SCALES[scale]
    paper = paper_numbers()["mht_table3"]
    by = {}
    for r in records:
        by[(r["dataset"], r["split"], r["booster"], _params(r)["nu_frac"])] = r
    rows = []
    for dataset, reals in cfg["sets"].items():
        for booster in MHT_BOOSTERS:
            chosen, cv_errs, test_errs, conv, n_cells = [], [], [], 0, 0
            for r in reals:
                cv = {}
                for p in cfg["nu_frac"]:
                    folds = [by.get((dataset, f"r{r}/cv{cfg['folds']}.{f}", booster, p)) for f in range(cfg["folds"])]
                    test = by.get((dataset, f"r{r}", booster, p))
                    for rec in [*folds, test]:
                        if rec is not None:
                            n_cells += 1
                            conv += bool(rec["converged"])
                    if all(f is not None for f in folds):
                        cv[p] = float(np.mean([f["val_error"] for f in folds]))
                if len(cv) < len(cfg["nu_frac"]):
                    continue
                best = min(cfg["nu_frac"], key=lambda p: (cv[p], p))
                test = by.get((dataset, f"r{r}", booster, best))
                if test is None:
                    continue
                chosen.append(best)
                cv_errs.append(cv[best])
                test_errs.append(test["test_error"])
            rows.append(
                {
                    "dataset": dataset,
                    "booster": booster,
                    "realisations": f"{len(test_errs)}/{len(reals)}",
                    "nu_frac": None if not chosen else (chosen[0] if len(chosen) == 1 else float(np.median(chosen))),
                    "cv_error": float(np.mean(cv_errs)) if cv_errs else None,
                    "test_error": float(np.mean(test_errs)) if test_errs else None,
                    "paper": paper["values"].get(dataset, {}).get(booster),
                    "converged": f"{conv}/{n_cells}",
                }
            )
    return rows


MHT_TABLE3 = Study(
    name="mht_table3",
    title="Test error of LPBoost, ERLPBoost, C-ERLPBoost and MLPBoost with nu chosen by 5-fold CV",
    source="Mitsuboshi, Hatano & Takimoto, Table 3",
    grid=_mht_grid,
    analysis=_mht_analysis,
    notes=(
        "Protocol (paper): 5-fold CV on the training part picks nu in {0.1, ..., 0.5} m; retrain on the whole "
        "training part; test error. eps = 0.01, best depth-2 tree (refboost's exact-search TreeOracle). "
        "Split, seed and realisation are unspecified in the paper; we use IDA realisation 1 and seeded "
        "stratified folds. Each (fold, nu) and (training part, nu) is one cell, so the selection is done "
        "in the analysis. Table 3 has no C-ERLPBoost column (its time in Table 2 exceeds 10^3-10^4 s); "
        "our C-ERLPBoost row has no paper number. The paper's Diabetes (diabetis) is not in the "
        "catalogue. The paper warns the three methods solve the same LP yet differ widely; treat the "
        "comparison as qualitative. ci scale: heart realisation 1, 2 folds, nu in {0.2, 0.5} m, "
        "eps = 0.1, stumps."
    ),
)


#: Every study by name, in the order ``refboost-repro --list`` shows them.
STUDIES: dict[str, Study] = {s.name: s for s in (MHT_TABLE3,)}
