"""Shen & Li (2010): the declared studies (Tables II and IV; III; V and VIII; VI; VII)."""

from __future__ import annotations

import numpy as np

from ._common import _key, _mean_std, _params, find_cell, paper_numbers, records_by_cell
from .keys import Study

# ------------------------------------------------------------------------------------------
# Shen & Li (2010), Tables II and IV
# ------------------------------------------------------------------------------------------

#: The Table II/IV data sets in the catalogue (liver-disorders is not in it); heart and splice are the LIBSVM ones.
SHEN_PAPER_SETS = (
    "australian",
    "breast-cancer",
    "diabetes",
    "fourclass",
    "german.numer",
    "libsvm:heart",
    "ionosphere",
    "mushrooms",
    "sonar",
    "libsvm:splice",
    "svmguide1",
    "svmguide3",
    "w1a",
)

SHEN_SCALES = {
    # tiny: one bundled set, one split per table, two settings per booster, few rounds
    "ci": {
        "sets": ("australian",),
        "t2_splits": 1,
        "ab_rounds": (50, 100),
        "qp_T": (0.1, 0.02),
        "pool": 100,
        "t4_splits": 1,
        "checkpoints": (20, 50),
        "t_rounds": 50,
    },
    # the paper: Table II 10 random 70/15/15 splits, Table IV 5 (its 15% validation part unused)
    "paper": {
        "sets": SHEN_PAPER_SETS,
        "t2_splits": 10,
        "ab_rounds": (600, 800, 1000, 1200, 1500),
        "qp_T": (1 / 10, 1 / 20, 1 / 30, 1 / 40, 1 / 50, 1 / 100, 1 / 200, 1 / 500),
        "pool": 1500,
        "t4_splits": 5,
        "checkpoints": (100, 500, 1000),
        "t_rounds": 1000,
    },
}

SHEN_EPS = 1e-5  # the column-generation threshold of the paper


def _cg_params(inv_t: int, cfg: dict) -> dict:
    """A column-generation cell's parameters: ``T = 1/inv_t``, the paper's eps, the scale's column budget."""
    return {"T": 1 / inv_t, "eps": SHEN_EPS, "max_iter": cfg["max_iter"]}


def _shen_t2_settings(booster: str, cfg: dict) -> list[dict]:
    if booster == "adaboost":
        return [{"max_iter": r} for r in cfg["ab_rounds"]]
    return [{"T": t, "pool_adaboost_rounds": cfg["pool"]} for t in cfg["qp_T"]]


def _shen_t4_settings(booster: str, cfg: dict) -> list[dict]:
    if booster == "adaboost":
        return [{"max_iter": r} for r in cfg["checkpoints"]]
    return [{"T_from_adaboost_rounds": cfg["t_rounds"], "eps": SHEN_EPS, "max_iter": r} for r in cfg["checkpoints"]]


def _shen_grid(scale: str) -> list[dict]:
    """Split-major: every data set's cells of split 0, then of split 1, ... (``--limit`` runs whole splits first)."""
    from .keys import key_id

    cfg = SHEN_SCALES[scale]
    keys: dict[str, dict] = {}  # Table IV's AdaBoost cells can coincide with Table II's: declared once
    for s in range(max(cfg["t2_splits"], cfg["t4_splits"])):
        for dataset in cfg["sets"]:
            tables = []
            if s < cfg["t2_splits"]:
                tables.append((("adaboost", "adaboost_qp"), _shen_t2_settings))
            if s < cfg["t4_splits"]:
                tables.append((("adaboost", "adaboost_cg"), _shen_t4_settings))
            for boosters, settings in tables:
                for booster in boosters:
                    for params in settings(booster, cfg):
                        k = _key(dataset, f"70/15/15:s{s}", booster, params, "stump")
                        keys.setdefault(key_id({**k, "version": ""}), k)
    return list(keys.values())


def _least(recs: list[dict], field: str = "val_error") -> dict:
    """The record of least ``field`` (by default the validation error); ties: the first setting of the
    declared grid."""
    return min(enumerate(recs), key=lambda ir: (ir[1][field], ir[0]))[1]


def _complete_splits(by: dict, dataset: str, splits: int, booster: str, settings: list[dict],
                     field: str = "val_error") -> dict:
    """``{split index: record}``: per 70/15/15 split the setting of least ``field`` (:func:`_least`); a split
    counts only when every setting of the grid is stored."""
    chosen = {}
    for s in range(splits):
        recs = [find_cell(by, dataset, f"70/15/15:s{s}", booster, p) for p in settings]
        if all(r is not None for r in recs):
            chosen[s] = _least(recs, field)
    return chosen


def _choices(by: dict, sets, splits: int, boosters, settings) -> dict:
    """``{(dataset, booster): {split index: record}}`` by :func:`_complete_splits`; ``settings(booster)``
    is the booster's grid."""
    return {(dataset, booster): _complete_splits(by, dataset, splits, booster, settings(booster))
            for dataset in sets for booster in boosters}


def shen_table2_choices(records: list[dict], scale: str) -> dict:
    """Table II's chosen cells: ``{(dataset, booster): {split index: record}}``.

    Per split, the setting of least validation error (AdaBoost: the rounds; AdaBoost-QP: T); a split
    counts only when every setting of the grid is stored.
    """
    cfg = SHEN_SCALES[scale]
    return _choices(records_by_cell(records), cfg["sets"], cfg["t2_splits"], ("adaboost", "adaboost_qp"),
                    lambda b: _shen_t2_settings(b, cfg))


def shen_table4_runs(records: list[dict], scale: str) -> dict:
    """Table IV's cells: ``{(dataset, booster, checkpoint): {split index: record}}``."""
    cfg = SHEN_SCALES[scale]
    by = records_by_cell(records)
    out = {}
    for dataset in cfg["sets"]:
        for booster in ("adaboost", "adaboost_cg"):
            for p, c in zip(_shen_t4_settings(booster, cfg), cfg["checkpoints"], strict=True):
                out[dataset, booster, c] = {
                    s: r for s in range(cfg["t4_splits"]) if (r := find_cell(by, dataset, f"70/15/15:s{s}", booster, p))
                }
    return out


def _shen_analysis(records: list[dict], scale: str) -> list[dict]:
    """Table II: per split the setting of least validation error; Table IV: test error at each checkpoint."""
    cfg = SHEN_SCALES[scale]
    paper = paper_numbers()["shen_tables"]
    t2 = shen_table2_choices(records, scale)
    t4 = shen_table4_runs(records, scale)
    rows = []
    for dataset in cfg["sets"]:
        for booster in ("adaboost", "adaboost_qp"):
            chosen = list(t2[dataset, booster].values())
            pap = paper["table_ii"]["values"].get(dataset, {}).get(booster, {})
            row = {"table": "II", "dataset": dataset, "booster": booster, "splits": f"{len(chosen)}/{cfg['t2_splits']}"}
            for f in ("test_error", "margin_min", "margin_mean"):
                row[f], row[f + "_std"] = _mean_std([r[f] for r in chosen])
                row["paper_" + f] = pap.get(f, [None])[0]
            rows.append(row)
        for booster in ("adaboost", "adaboost_cg"):
            row = {"table": "IV", "dataset": dataset, "booster": booster}
            n_runs = 0
            for c in cfg["checkpoints"]:
                recs = list(t4[dataset, booster, c].values())
                n_runs = max(n_runs, len(recs))
                row[f"test@{c}"], row[f"test@{c}_std"] = _mean_std([r["test_error"] for r in recs])
                row[f"paper_test@{c}"] = (
                    paper["table_iv"]["values"].get(dataset, {}).get(booster, {}).get(str(c), [None])[0]
                )
                row[f"train@{c}"], row[f"train@{c}_std"] = _mean_std([r["train_error"] for r in recs])
                row[f"paper_train@{c}"] = (
                    paper["table_iv_train"]["values"].get(dataset, {}).get(booster, {}).get(str(c), [None])[0]
                )
            row["splits"] = f"{n_runs}/{cfg['t4_splits']}"
            rows.append(row)
    return rows


SHEN_TABLES = Study(
    name="shen_tables",
    title="AdaBoost vs AdaBoost-QP (margins, test error) and AdaBoost vs AdaBoost-CG (test error by iteration)",
    source="Shen & Li (2010), Tables II and IV",
    grid=_shen_grid,
    analysis=_shen_analysis,
    notes=(
        "Table II (paper): 10 random 70/15/15 train/validation/test splits; AdaBoost's rounds chosen on "
        "validation from {600, 800, 1000, 1200, 1500}; AdaBoost-QP over the hypotheses of 1500 AdaBoost "
        "rounds, T chosen on validation from {1/10, ..., 1/500}; test error and the minimum and average "
        "normalised training margins. Table IV: 5 splits (70% train, 15% test, 15% unused: the same "
        "70/15/15 splits, validation ignored), AdaBoost and AdaBoost-CG (eps = 1e-5, T = 1 / sum of the "
        "coefficients of 1000 AdaBoost rounds) stopped after 100, 500 and 1000 iterations (CG's forced "
        "iterations after convergence change nothing, so stopping at max_iter is the same). Decision "
        "stumps. The random splits differ from the paper's (it does not say how it drew them). "
        "liver-disorders is not in the catalogue; at paper scale every set but australian, breast-cancer, "
        "mushrooms and svmguide1 needs `refboost-data download`. ci scale: australian, one split, two "
        "settings per booster, at most 100 rounds. The paper-scale grid is split-major (a partial run leaves whole "
        "splits)."
    ),
)


#: The McNemar threshold of Shen & Li (2010), §4.2: chi^2 with 1 degree of freedom at alpha = 0.05.
MCNEMAR_CHI2_95 = 3.841459


def mcnemar(pred_a, pred_b, y) -> dict:
    """McNemar's test of two classifiers on the same test examples (Shen & Li (2010), §4.2, their ref. [39]).

    ``n01`` = examples ``a`` gets wrong and ``b`` right, ``n10`` the reverse; the statistic is the
    continuity-corrected ``(|n01 - n10| - 1)^2 / (n01 + n10)`` (0 when ``n01 + n10 = 0``; the paper does not
    say which variant it uses), compared with ``chi^2_{1, 0.95} = 3.841459``; ``p_exact`` is the two-sided
    exact (binomial) p-value of the same disagreements, a second path to the decision.

    Parameters
    ----------
    pred_a, pred_b, y : array_like of {-1, +1}, the same length
    """
    from scipy import stats

    pred_a, pred_b, y = (np.asarray(v, dtype=float).ravel() for v in (pred_a, pred_b, y))
    if not (pred_a.shape == pred_b.shape == y.shape) or y.size == 0:
        raise ValueError(
            f"pred_a, pred_b and y must be non-empty and of one length, got {pred_a.size}, {pred_b.size}, {y.size}"
        )
    wa, wb = pred_a != y, pred_b != y
    n01, n10 = int(np.sum(wa & ~wb)), int(np.sum(~wa & wb))
    n = n01 + n10
    chi2 = 0.0 if n == 0 else (abs(n01 - n10) - 1) ** 2 / n
    p_exact = 1.0 if n == 0 else float(stats.binomtest(n01, n, 0.5).pvalue)
    return {
        "n01": n01,
        "n10": n10,
        "chi2": float(chi2),
        "p": float(stats.chi2.sf(chi2, 1)),
        "p_exact": p_exact,
        "significant": bool(chi2 > MCNEMAR_CHI2_95),
    }


# ------------------------------------------------------------------------------------------
# Shen & Li (2010), Table III: AdaBoost-QP over all decision stumps
# ------------------------------------------------------------------------------------------

#: Table III's data sets in the catalogue (liver-disorders is not in it).
SHEN_T3_SETS = (
    "australian",
    "breast-cancer",
    "fourclass",
    "german.numer",
    "libsvm:heart",
    "mushrooms",
    "libsvm:splice",
)

SHEN_T3_SCALES = {
    "ci": {"sets": ("breast-cancer",), "splits": 1, "qp_T": (0.1, 0.02)},
    # Table II's protocol (the same seeded 70/15/15 splits), the pool = every stump of the training part
    "paper": {"sets": SHEN_T3_SETS, "splits": 10, "qp_T": SHEN_SCALES["paper"]["qp_T"]},
}


def _t3_grid(scale: str) -> list[dict]:
    cfg = SHEN_T3_SCALES[scale]
    return [
        _key(dataset, f"70/15/15:s{s}", "adaboost_qp", {"T": t}, "stump")
        for s in range(cfg["splits"])
        for dataset in cfg["sets"]
        for t in cfg["qp_T"]
    ]


def shen_table3_choices(records: list[dict], scale: str) -> dict:
    """``{dataset: {split index: record}}``: per split the T of least validation error (complete splits only)."""
    cfg = SHEN_T3_SCALES[scale]
    by = records_by_cell(records)
    settings = [{"T": t} for t in cfg["qp_T"]]
    return {dataset: _complete_splits(by, dataset, cfg["splits"], "adaboost_qp", settings) for dataset in cfg["sets"]}


def _t3_analysis(records: list[dict], scale: str) -> list[dict]:
    cfg = SHEN_T3_SCALES[scale]
    paper = paper_numbers()["shen_table3"]["table_iii"]["values"]
    rows = []
    for dataset, chosen in shen_table3_choices(records, scale).items():
        recs = list(chosen.values())
        row = {"table": "III", "dataset": dataset, "booster": "adaboost_qp", "splits": f"{len(recs)}/{cfg['splits']}"}
        row["test_error"], row["test_error_std"] = _mean_std([r["test_error"] for r in recs])
        row["paper_test_error"] = paper.get(dataset, [None])[0]
        row["paper_test_error_std"] = paper.get(dataset, [None, None])[1]
        row["pool"], _ = _mean_std([r["n_hypotheses"] for r in recs])  # distinct stumps in the pool (mean)
        row["converged"] = f"{sum(bool(r['converged']) for r in recs)}/{len(recs)}"
        rows.append(row)
    return rows


SHEN_TABLE3 = Study(
    name="shen_table3",
    title="AdaBoost-QP over the whole class of decision stumps (test error, T chosen on validation)",
    source="Shen & Li (2010), Table III",
    grid=_t3_grid,
    analysis=_t3_analysis,
    notes=(
        "Table III (paper): Table II's protocol (10 random 70/15/15 splits, T chosen on the validation part "
        "from {1/10, ..., 1/500}) with AdaBoost-QP (41) over all decision stumps of the training part instead "
        "of the 1500 AdaBoost stumps. Ours: the same seeded splits as shen_tables; refboost.adaboost_qp "
        "without a pool takes every key of the StumpOracle (both polarities, the constants; identical "
        "labelings merged). liver-disorders is not in the catalogue. The analysis counts a split only when all "
        "eight T are stored (x/10). ci scale: breast-cancer, one split, T in {1/10, 1/50}. Paper scale: all ten "
        "splits of all seven sets."
    ),
)


# ------------------------------------------------------------------------------------------
# Shen & Li (2010), Tables V and VIII: AdaBoost-CG and LogitBoost-CG with T chosen on validation
# ------------------------------------------------------------------------------------------

#: The data sets of Tables V, VI and VIII in the catalogue (liver-disorders is not in it).
SHEN_CG_SETS = (
    "australian",
    "breast-cancer",
    "diabetes",
    "fourclass",
    "libsvm:heart",
    "ionosphere",
    "sonar",
    "libsvm:splice",
)

SHEN_T58_SCALES = {
    "ci": {"sets": ("breast-cancer",), "splits": 1, "inv_T": (10, 50), "max_iter": 200},
    # "the same as in Section 4.1": T from {1/10, ..., 1/500}; 5 runs; at most 1000 columns (Table IV's budget)
    "paper": {"sets": SHEN_CG_SETS, "splits": 5, "inv_T": (10, 20, 30, 40, 50, 100, 200, 500), "max_iter": 1000},
}


def _t58_grid(scale: str) -> list[dict]:
    cfg = SHEN_T58_SCALES[scale]
    return [
        _key(dataset, f"70/15/15:s{s}", booster, _cg_params(g, cfg), "stump")
        for s in range(cfg["splits"])
        for dataset in cfg["sets"]
        for booster in ("adaboost_cg", "logitboost_cg")
        for g in cfg["inv_T"]
    ]


def shen_cg_choices(records, sets, splits, boosters, settings, weak_learner) -> dict:
    """``{(dataset, booster): {split index: record}}``: per split the setting of least validation error."""
    return _choices(records_by_cell([r for r in records if r["weak_learner"] == weak_learner]), sets, splits,
                    boosters, settings)


def shen_t58_choices(records: list[dict], scale: str) -> dict:
    cfg = SHEN_T58_SCALES[scale]
    return shen_cg_choices(
        records,
        cfg["sets"],
        cfg["splits"],
        ("adaboost_cg", "logitboost_cg"),
        lambda b: [_cg_params(g, cfg) for g in cfg["inv_T"]],
        "stump",
    )


def _t58_analysis(records: list[dict], scale: str) -> list[dict]:
    cfg = SHEN_T58_SCALES[scale]
    paper = paper_numbers()["shen_table58"]
    rows = []
    for (dataset, booster), chosen in shen_t58_choices(records, scale).items():
        recs = list(chosen.values())
        table = "V" if booster == "adaboost_cg" else "VIII"
        pap = paper["table_v" if table == "V" else "table_viii"]["values"].get(dataset, [None, None])
        row = {"table": table, "dataset": dataset, "booster": booster, "splits": f"{len(recs)}/{cfg['splits']}"}
        row["test_error"], row["test_error_std"] = _mean_std([r["test_error"] for r in recs])
        row["paper_test_error"], row["paper_test_error_std"] = pap
        row["inv_T"] = "/".join(str(round(1 / _params(r)["T"])) for r in recs) or None
        row["converged"] = f"{sum(bool(r['converged']) for r in recs)}/{len(recs)}"
        rows.append(row)
    return rows


SHEN_TABLE58 = Study(
    name="shen_table58",
    title="AdaBoost-CG and LogitBoost-CG with decision stumps, T chosen on validation (test error)",
    source="Shen & Li (2010), Tables V and VIII",
    grid=_t58_grid,
    analysis=_t58_analysis,
    notes=(
        "Tables V and VIII (paper): 5 random 70/15/15 splits, T chosen on the validation part from the grid of "
        "Section 4.1, {1/10, 1/20, 1/30, 1/40, 1/50, 1/100, 1/200, 1/500}; eps = 1e-5; decision stumps. The "
        "paper does not state the column budget; ours is 1000 (Table IV's). The same seeded splits as "
        "shen_tables (its first five). liver-disorders is not in the catalogue. ci scale: breast-cancer, one "
        "split, 1/T in {10, 50}, at most 200 columns. The table counts the splits stored (x/5)."
    ),
)


# ------------------------------------------------------------------------------------------
# Shen & Li (2010), Table VI: LDA weak classifiers, AdaBoost vs AdaBoost-CG
# ------------------------------------------------------------------------------------------

SHEN_T6_SCALES = {
    "ci": {"sets": ("breast-cancer",), "splits": 1, "rounds": (20, 50), "inv_T": (5, 20), "max_iter": 200},
    "paper": {
        "sets": SHEN_CG_SETS,
        "splits": 5,
        "rounds": (100, 500, 1000),
        "inv_T": (2, 5, 8, 10, 12, 15, 20, 30, 40, 50, 70, 90, 100, 120, 150),
        "max_iter": 1000,
    },
}


def _t6_settings(booster: str, cfg: dict) -> list[dict]:
    if booster == "adaboost":
        return [{"max_iter": r} for r in cfg["rounds"]]
    return [_cg_params(g, cfg) for g in cfg["inv_T"]]


def _t6_grid(scale: str) -> list[dict]:
    cfg = SHEN_T6_SCALES[scale]
    return [
        _key(dataset, f"70/15/15:s{s}", booster, p, "lda")
        for s in range(cfg["splits"])
        for dataset in cfg["sets"]
        for booster in ("adaboost", "adaboost_cg")
        for p in _t6_settings(booster, cfg)
    ]


def shen_t6_choices(records: list[dict], scale: str) -> dict:
    """``{(dataset, booster): {split: record}}`` chosen on validation (AdaBoost: rounds; CG: T)."""
    cfg = SHEN_T6_SCALES[scale]
    return shen_cg_choices(
        records, cfg["sets"], cfg["splits"], ("adaboost", "adaboost_cg"), lambda b: _t6_settings(b, cfg), "lda"
    )


def shen_t6_best_test(records: list[dict], scale: str) -> dict:
    """``{dataset: {split: record}}``: AdaBoost's round count of least *test* error (the paper's Table VI rule)."""
    cfg = SHEN_T6_SCALES[scale]
    by = records_by_cell([r for r in records if r["weak_learner"] == "lda"])
    settings = _t6_settings("adaboost", cfg)
    return {dataset: _complete_splits(by, dataset, cfg["splits"], "adaboost", settings, "test_error")
            for dataset in cfg["sets"]}


def _t6_analysis(records: list[dict], scale: str) -> list[dict]:
    cfg = SHEN_T6_SCALES[scale]
    paper = paper_numbers()["shen_table6"]["table_vi"]["values"]
    val = shen_t6_choices(records, scale)
    best = shen_t6_best_test(records, scale)
    rows = []
    for dataset in cfg["sets"]:
        for booster in ("adaboost", "adaboost_cg"):
            recs = list(val[dataset, booster].values())
            pap = paper.get(dataset, {}).get(booster, [None, None])
            row = {"table": "VI", "dataset": dataset, "booster": booster, "splits": f"{len(recs)}/{cfg['splits']}"}
            if booster == "adaboost":  # the paper's rule: the best test error of the three round counts
                row["test_error"], row["test_error_std"] = _mean_std([r["test_error"] for r in best[dataset].values()])
            else:
                row["test_error"], row["test_error_std"] = _mean_std([r["test_error"] for r in recs])
            row["paper_test_error"], row["paper_test_error_std"] = pap
            row["test_error_val"], _ = _mean_std([r["test_error"] for r in recs])  # chosen on validation
            rows.append(row)
    return rows


SHEN_TABLE6 = Study(
    name="shen_table6",
    title="LDA weak classifiers: AdaBoost vs AdaBoost-CG with T chosen on validation (test error)",
    source="Shen & Li (2010), Table VI",
    grid=_t6_grid,
    analysis=_t6_analysis,
    notes=(
        "Table VI (paper): 5 random 70/15/15 splits, LDA weak classifiers (refboost.LDAOracle: u-weighted Fisher "
        "direction with 1e-4 I, maximum-edge threshold on the projection; the paper does not specify these); "
        "AdaBoost: the smallest TEST error of 100, 500 and 1000 rounds (the paper's rule, a selection on the "
        "test part; test_error_val is the round count chosen on validation instead); AdaBoost-CG: T chosen on "
        "the validation part from {1/2, 1/5, 1/8, 1/10, 1/12, 1/15, 1/20, 1/30, 1/40, 1/50, 1/70, 1/90, 1/100, "
        "1/120, 1/150}, eps = 1e-5, at most 1000 columns. LDA is not an exact pricing oracle, so CG's "
        "stopping rule is no certificate over all linear classifiers. The same seeded splits as shen_tables. "
        "liver-disorders is not in the catalogue. ci scale: breast-cancer, one split, AdaBoost 20 and 50 rounds, "
        "1/T in {5, 20}. Paper scale: all five splits of every set."
    ),
)


# ------------------------------------------------------------------------------------------
# Shen & Li (2010), Table VII: AdaBoost-CG on banana, stumps and LDA, three values of T
# ------------------------------------------------------------------------------------------

#: Table VII's 1/T grid, its column budget ("the maximum iteration is set to 400") and the two weak learners.
SHEN_T7_INV_T = (20, 40, 80)
SHEN_T7_MAX_ITER = 400
SHEN_T7_LEARNERS = ("stump", "lda")

#: The paper's number of runs. The catalogue has banana's IDA realisations 1-10; runs 11-50 are refboost's
#: seeded partitions of the same 5,300 patterns with the IDA sizes (split ``"p<R>"``, ``load_split``).
SHEN_T7_RUNS = 50
SHEN_T7_IDA = 10

SHEN_T7_SCALES = {
    # bundled banana realisation 1, both learners, the two ends of the grid, at most 200 columns
    "ci": {"runs": ("r1",), "inv_T": (20, 80), "max_iter": 200},
    # the paper: banana of Rätsch et al. (2001) (its ref. [32]), 50 runs
    "paper": {
        "runs": tuple(f"r{r}" for r in range(1, SHEN_T7_IDA + 1))
        + tuple(f"p{r}" for r in range(SHEN_T7_IDA + 1, SHEN_T7_RUNS + 1)),
        "inv_T": SHEN_T7_INV_T,
        "max_iter": SHEN_T7_MAX_ITER,
    },
}


def _t7_grid(scale: str) -> list[dict]:
    cfg = SHEN_T7_SCALES[scale]
    return [
        _key("banana", run, "adaboost_cg", _cg_params(g, cfg), wl)
        for run in cfg["runs"]
        for wl in SHEN_T7_LEARNERS
        for g in cfg["inv_T"]
    ]


def shen_table7_runs(records: list[dict], scale: str) -> dict:
    """Table VII's cells: ``{(weak learner, 1/T): {run: record}}`` (the stored ones; a run is a split name,
    ``"r<R>"`` an IDA realisation, ``"p<R>"`` a seeded partition)."""
    cfg = SHEN_T7_SCALES[scale]
    out = {}
    for wl in SHEN_T7_LEARNERS:
        by = records_by_cell([r for r in records if r["weak_learner"] == wl])
        for g in cfg["inv_T"]:
            out[wl, g] = {
                run: rec
                for run in cfg["runs"]
                if (rec := find_cell(by, "banana", run, "adaboost_cg", _cg_params(g, cfg))) is not None
            }
    return out


def _t7_analysis(records: list[dict], scale: str) -> list[dict]:
    """One row per (weak learner, 1/T): test and training error (mean, std over realisations), iterations."""
    cfg = SHEN_T7_SCALES[scale]
    paper = paper_numbers()["shen_table7"]["table_vii"]["values"]
    rows = []
    for (wl, g), runs in shen_table7_runs(records, scale).items():
        recs = list(runs.values())
        pap = paper.get(wl, {}).get(str(g), {})
        row = {"table": "VII", "dataset": "banana", "weak_learner": wl, "inv_T": g,
               "runs": f"{len(recs)}/{len(cfg['runs'])}"}
        for f in ("test_error", "train_error"):
            row[f], row[f + "_std"] = _mean_std([r[f] for r in recs])
            row["paper_" + f], row["paper_" + f + "_std"] = pap.get(f, [None, None])
        row["n_iter_mean"], _ = _mean_std([r["n_iter"] for r in recs])
        row["n_iter_max"] = max((int(r["n_iter"]) for r in recs), default=None)
        row["converged"] = f"{sum(bool(r['converged']) for r in recs)}/{len(recs)}"
        rows.append(row)
    return rows


SHEN_TABLE7 = Study(
    name="shen_table7",
    title="AdaBoost-CG on banana with decision stumps and LDA weak classifiers at 1/T = 20, 40, 80",
    source="Shen & Li (2010), Table VII",
    grid=_t7_grid,
    analysis=_t7_analysis,
    notes=(
        "Table VII (paper): AdaBoost-CG on the banana data of Raetsch et al. (2001) (the paper's ref. [32]), "
        "decision stumps and LDA weak classifiers, 1/T in {20, 40, 80}, at most 400 iterations, 50 runs; test and "
        "training error, mean and standard deviation. The paper does not say which 50 runs; banana's benchmark "
        "comes as fixed realisations (400 training, 4900 test examples); the catalogue has IDA realisations 1-10, "
        "so the paper scale's 50 runs are those ten and 40 seeded partitions of the same 5,300 patterns with the "
        "IDA sizes (split 'p<R>', not IDA files). eps = 1e-5 (the "
        "paper's column-generation threshold); LDA = refboost.LDAOracle (u-weighted Fisher direction, the "
        "maximum-edge threshold; the paper does not specify it, and it is not an exact pricing oracle). ci scale: "
        "the bundled realisation 1, 1/T in {20, 80}, at most 200 iterations."
    ),
)


DECLARED = (SHEN_TABLES, SHEN_TABLE3, SHEN_TABLE58, SHEN_TABLE6, SHEN_TABLE7)
