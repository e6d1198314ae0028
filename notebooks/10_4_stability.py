# ---
# jupyter:
#   jupytext:
#     formats: ipynb,py:percent
#     notebook_metadata_filter: kernelspec,jupytext
#     text_representation:
#       extension: .py
#       format_name: percent
#       format_version: '1.3'
#       jupytext_version: 1.19.6
#   kernelspec:
#     display_name: Python 3
#     language: python
#     name: python3
# ---

# %%

# %% [markdown]
# (ch-glocer-stability)=
# # §5.1: test error against iteration (Figs 5.1-5.9)
#
# {cite:t}`glocer2009`, §5.1 follows single runs and plots the test error of the combined
# hypothesis after each iteration: LPBoost uncapped (Figs 5.1-5.3: stumps at $\epsilon=0.05$, raw
# data at $\epsilon=0.01$, SVM hypotheses), LPBoost capped (Figs 5.4-5.6, several $\nu/N$) and
# ERLPBoost at $\nu=1$, $\epsilon=0.001$, $\eta\in\{20,200,2000\}$ (Figs 5.7-5.9), one panel per
# data set. The text: LPBoost's error "fluctuates wildly" on every set except a9a (stumps), except
# news20 and diabetes (raw data), except real-sim (SVM); capping "does not stabilize the algorithm";
# ERLPBoost is stable "in almost every case", its worst case a change of 0.07 in one iteration
# (Fig 5.9(f), diabetes, SVM hypotheses), "not nearly as severe" as LPBoost's.
#
# Study `glocer_stability` (`refboost-repro glocer_stability --scale paper`): the same cells on
# german and diabetes with `trace: true`, LPBoost capped at $\nu/N\in\{0.1,0.3\}$ (our choice: the
# figures' legends are not legible in our copy). The trace evaluates the run at roughly geometric
# checkpoints (every iteration up to $t=4$, then ratio $\sqrt2$, and the last one). **Statistic,
# fixed before the runs:** the largest rise of the test error between consecutive checkpoints; a
# run is *unstable* when it is at least 5 percentage points (`GLOCER_JUMP`; 10 of german's 200, 8 of
# diabetes' 154 test examples), a bit below the thesis' own "not severe" 0.07.

# %% tags=["hide-input"]
import json

import matplotlib.pyplot as plt
import pandas as pd

from refboost import book, claims, studies
from refboost.studies import glocer as G

book.setup()
SETS = ("german.numer", "diabetes")
WL_NAME = {"stump": "stumps", "raw": "raw data", "kernel": "SVM hypotheses"}
HYP = {"stump": "glocer_ch5", "raw": "glocer_raw", "kernel": "glocer_svm"}
with studies.Store(studies.default_store("glocer_stability", "paper")) as sto:
    ST_RECS = sto.records()
ST_ROWS = studies.analyse("glocer_stability", "paper")
RECS_H = {}
for h, s in HYP.items():
    with studies.Store(studies.default_store(s, "paper")) as sto:
        RECS_H[h] = [r for r in sto.records() if r["dataset"] in SETS]


def pj(r):
    """A record's parameters as a dict."""
    return (
        json.loads(r["params"]) if isinstance(r["params"], str) else dict(r["params"])
    )


def st_cell(ds, wl, b, **p):
    """The traced record of (data set, class, booster, parameters without eps/max_iter/trace)."""
    out = [
        r
        for r in ST_RECS
        if r["dataset"] == ds
        and r["weak_learner"] == wl
        and r["booster"] == b
        and {k: v for k, v in pj(r).items() if k not in ("eps", "max_iter", "trace")}
        == p
    ]
    assert len(out) == 1, (ds, wl, b, p)
    return out[0]


st = pd.DataFrame(
    sorted(
        ST_ROWS,
        key=lambda r: (int(r["figure"].split(".")[1]), r["dataset"], r["setting"]),
    )
)
st["class"] = st["weak_learner"].map(WL_NAME)
st["booster"] = st["booster"].map({"lpboost": "LPBoost", "erlpboost": "ERLPBoost"})
st["unstable"] = st["unstable"].map({True: "yes", False: "no"})
book.glue("st-cpu", f"{sum(r['time_cpu'] for r in ST_RECS):.0f}")
book.glue("st-n", f"{len(ST_RECS)}")
book.table(
    st[
        [
            "figure",
            "dataset",
            "class",
            "booster",
            "setting",
            "n_iter",
            "max_rise_pct",
            "test_error_pct",
            "unstable",
            "paper",
        ]
    ].rename(
        columns={
            "dataset": "data set",
            "setting": "nu/N, eta",
            "n_iter": "iterations",
            "max_rise_pct": "largest rise (points)",
            "test_error_pct": "final test error %",
            "paper": "the thesis",
        }
    ),
    caption="The traced runs of Figs 5.1-5.9 on german and diabetes: the largest rise of the "
    "test error between consecutive checkpoints (percentage points), the final test error, "
    "our verdict (unstable: a rise of 5 points or more) and the thesis' description.",
    formats={"largest rise (points)": "{:.1f}", "final test error %": "{:.1f}"},
)

# %% [markdown]
# {numref}`fig-glocer-stab-stump`, {numref}`fig-glocer-stab-raw` and {numref}`fig-glocer-stab-kernel`
# show the traces, one figure per hypothesis class ({glue:text}`st-n` traced cells,
# {glue:text}`st-cpu` s of CPU in all).

# %% tags=["hide-input"]
for wl in G.GLOCER_WEAK_LEARNERS:
    fig, axs = plt.subplots(2, 2, figsize=(book.COLUMN_INCHES, 6.4), sharey="row")
    for i, ds in enumerate(SETS):
        lines = [("LPBoost, $\\nu=1$", st_cell(ds, wl, "lpboost"))]
        lines += [
            (f"LPBoost, $\\nu/N={f}$", st_cell(ds, wl, "lpboost", nu_frac=f))
            for f in (0.1, 0.3)
        ]
        for lab, r in lines:
            s = G.glocer_trace_stats(r)
            axs[i, 0].plot(s["t"], s["test_error"], "o-", ms=3, label=lab)
        for e in (20.0, 200.0, 2000.0):
            s = G.glocer_trace_stats(st_cell(ds, wl, "erlpboost", eta=e))
            axs[i, 1].plot(
                s["t"], s["test_error"], "o-", ms=3, label=f"ERLPBoost, $\\eta={e:g}$"
            )
        for j in range(2):
            axs[i, j].set(xscale="log", title=f"{ds}, {('LPBoost', 'ERLPBoost')[j]}")
            axs[i, j].set(ylabel="test error" if j == 0 else None)
            axs[1, j].set(xlabel="iteration")
    fig.tight_layout()
    fig.subplots_adjust(bottom=0.27)
    for j in range(2):
        axs[1, j].legend(loc="upper center", bbox_to_anchor=(0.5, -0.32), ncol=1)
    book.figure(f"fig-glocer-stab-{wl}", fig)

# %% [markdown]
# ```{glue:figure} fig-glocer-stab-stump
# :name: fig-glocer-stab-stump
#
# Stumps: test error after $t$ iterations (log scale) on german (top) and diabetes (bottom), cf.
# Glocer (2009), Figs 5.1, 5.4 and 5.7, panels (e) and (f). Left: LPBoost uncapped and capped,
# whose error jumps by tens of points between checkpoints (unstable, as stated). Right: ERLPBoost at
# three $\eta$, stable.
# ```
#
# ```{glue:figure} fig-glocer-stab-raw
# :name: fig-glocer-stab-raw
#
# Raw data, as {numref}`fig-glocer-stab-stump` (cf. Figs 5.2, 5.5, 5.8). LPBoost is unstable on
# both sets, including diabetes, which the thesis names as an exception; ERLPBoost is stable.
# ```
#
# ```{glue:figure} fig-glocer-stab-kernel
# :name: fig-glocer-stab-kernel
#
# SVM hypotheses, as {numref}`fig-glocer-stab-stump` (cf. Figs 5.3, 5.6, 5.9). LPBoost is unstable;
# ERLPBoost is stable on german, and on diabetes rises by more than 5 points at $\eta=200$ and
# $2000$, the panel the thesis itself names as ERLPBoost's worst case.
# ```
#
# **Two paths.** The traced cells repeat cells of the `glocer_ch5`, `glocer_raw` and `glocer_svm`
# stores (same data set, split, booster and parameters, run separately without a trace): the last
# checkpoint of each trace must be that run, with the same number of iterations and the same test
# error. Then the thesis' statements, with the statistic above.

# %% tags=["hide-input"]
n_same = 0
for r in ST_RECS:
    p = {k: v for k, v in pj(r).items() if k != "trace"}
    twin = [
        q
        for q in RECS_H[r["weak_learner"]]
        if q["dataset"] == r["dataset"] and q["booster"] == r["booster"] and pj(q) == p
    ]
    tr = json.loads(r["trace"]) if isinstance(r["trace"], str) else r["trace"]
    # the trace ends at the run (ERLPBoost's history also holds the certifying oracle call)
    assert tr["t"][-1] - r["n_iter"] in (0, 1)
    assert abs(tr["test_error"][-1] - r["test_error"]) < 1e-12
    for q in twin:  # the separate, untraced run of the same cell
        assert (
            q["n_iter"] == r["n_iter"]
            and abs(q["test_error"] - r["test_error"]) < 1e-12
        )
        n_same += 1
# every ERLPBoost cell (18) and the stump LPBoost cells at eps = 0.05 (6)
assert n_same >= 20

ST = {(r["dataset"], r["weak_learner"], r["booster"], r["setting"]): r for r in ST_ROWS}
lp = {k: r for k, r in ST.items() if k[2] == "lpboost"}
er = {k: r for k, r in ST.items() if k[2] == "erlpboost"}
# Figs 5.1-5.3: LPBoost uncapped unstable on both sets and every class, also raw data on
# diabetes, which the thesis names as an exception (Fig 5.2)
assert all(r["unstable"] for k, r in lp.items() if k[3] == "0")
assert ST[("diabetes", "raw", "lpboost", "0")]["max_rise_pct"] >= 20
# Figs 5.4-5.6: capping does not stabilise: every capped run is unstable too
assert all(r["unstable"] for k, r in lp.items() if k[3] != "0")
assert len(lp) == 18 and sum(r["max_rise_pct"] >= 17 for r in lp.values()) == 17
# Figs 5.7-5.9: ERLPBoost stable except with SVM hypotheses on diabetes ...
assert all(
    not r["unstable"]
    for k, r in er.items()
    if not (k[0] == "diabetes" and k[1] == "kernel")
)
# ... where (the thesis' own worst case, Fig 5.9(f): 0.07) two runs rise by 8-11 points
dk = [r["max_rise_pct"] for k, r in er.items() if k[:2] == ("diabetes", "kernel")]
assert sum(v >= 100 * G.GLOCER_JUMP for v in dk) == 2 and max(dk) < 11
assert ST[("diabetes", "kernel", "lpboost", "0.3")]["max_rise_pct"] < max(dk)
# on every set and class ERLPBoost's largest rise is below the uncapped LPBoost run's
for ds in SETS:
    for wl in G.GLOCER_WEAK_LEARNERS:
        e_max = max(r["max_rise_pct"] for k, r in er.items() if k[:2] == (ds, wl))
        assert e_max < ST[(ds, wl, "lpboost", "0")]["max_rise_pct"], (ds, wl)

# %% tags=["remove-input"]
claims.check(
    "Glocer Fig 5.1",
    status="partly reproduced",
    on="german.numer and diabetes (the thesis' panels (e), (f)), one 60/20/20 split, traced single runs, stumps, eps = 0.05",
    margin="the statistic fixed before the runs: unstable when the test error rises by 5 points or more between consecutive checkpoints (the thesis' own 'not severe' worst case is 7)",
    note="max test-error rise between checkpoints 29.5 (german) and 28.6 (diabetes) points: "
    "unstable",
    paper="unstable",
    ours="unstable on both",
)
claims.check(
    "Glocer Fig 5.2",
    status="partly reproduced",
    on="german.numer and diabetes (the thesis' panels (e), (f)), one 60/20/20 split, traced single runs, raw data, eps = 0.01",
    margin="the statistic fixed before the runs: unstable when the test error rises by 5 points or more between consecutive checkpoints (the thesis' own 'not severe' worst case is 7)",
    note="unstable on german as stated; the thesis' diabetes exception is not reproduced (a "
    "28.6-point rise)",
    paper="unstable except diabetes",
    ours="unstable on both",
)
claims.check(
    "Glocer Fig 5.3",
    status="partly reproduced",
    on="german.numer and diabetes (the thesis' panels (e), (f)), one 60/20/20 split, traced single runs, SVM hypotheses, eps = 0.01",
    margin="the statistic fixed before the runs: unstable when the test error rises by 5 points or more between consecutive checkpoints (the thesis' own 'not severe' worst case is 7)",
    note="unstable on both sets, as stated",
    paper="unstable",
    ours="unstable on both",
)
claims.check(
    "Glocer Fig 5.4",
    status="partly reproduced",
    on="german.numer and diabetes (the thesis' panels (e), (f)), one 60/20/20 split, traced single runs, stumps, nu/N in {0.1, 0.3}",
    margin="the statistic fixed before the runs: unstable when the test error rises by 5 points or more between consecutive checkpoints (the thesis' own 'not severe' worst case is 7)",
    note="capping does not stabilise: every capped run has a rise of >= 5 points",
    paper="capping does not stabilise",
    ours="4 of 4 capped runs unstable",
)
claims.check(
    "Glocer Fig 5.5",
    status="partly reproduced",
    on="german.numer and diabetes (the thesis' panels (e), (f)), one 60/20/20 split, traced single runs, raw data, nu/N in {0.1, 0.3}",
    margin="the statistic fixed before the runs: unstable when the test error rises by 5 points or more between consecutive checkpoints (the thesis' own 'not severe' worst case is 7)",
    note="capping does not stabilise: every capped run has a rise of >= 5 points",
    paper="capping does not stabilise",
    ours="4 of 4 capped runs unstable",
)
claims.check(
    "Glocer Fig 5.6",
    status="partly reproduced",
    on="german.numer and diabetes (the thesis' panels (e), (f)), one 60/20/20 split, traced single runs, SVM hypotheses, nu/N in {0.1, 0.3}",
    margin="the statistic fixed before the runs: unstable when the test error rises by 5 points or more between consecutive checkpoints (the thesis' own 'not severe' worst case is 7)",
    note="capping does not stabilise: every capped run has a rise of >= 5 points",
    paper="capping does not stabilise",
    ours="4 of 4 capped runs unstable",
)
claims.check(
    "Glocer Fig 5.7",
    status="partly reproduced",
    on="german.numer and diabetes (the thesis' panels (e), (f)), one 60/20/20 split, traced single runs, stumps, eta in {20, 200, 2000}",
    margin="the statistic fixed before the runs: unstable when the test error rises by 5 points or more between consecutive checkpoints (the thesis' own 'not severe' worst case is 7)",
    note="no rise of 5 points or more; the slow upward drift of (e), (f) shows too",
    paper="stable",
    ours="6 of 6 stable",
)
claims.check(
    "Glocer Fig 5.8",
    status="partly reproduced",
    on="german.numer and diabetes (the thesis' panels (e), (f)), one 60/20/20 split, traced single runs, raw data, eta in {20, 200, 2000}",
    margin="the statistic fixed before the runs: unstable when the test error rises by 5 points or more between consecutive checkpoints (the thesis' own 'not severe' worst case is 7)",
    note="no rise of 5 points or more",
    paper="stable",
    ours="6 of 6 stable",
)
claims.check(
    "Glocer Fig 5.9",
    status="partly reproduced",
    on="german.numer and diabetes (the thesis' panels (e), (f)), one 60/20/20 split, traced single runs, SVM hypotheses, eta in {20, 200, 2000}",
    margin="the statistic fixed before the runs: unstable when the test error rises by 5 points or more between consecutive checkpoints (the thesis' own 'not severe' worst case is 7)",
    note="stable on german; on diabetes rises of 8.4 and 10.4 points at eta = 200, 2000 (the "
    "thesis' worst case there is 0.07): below uncapped LPBoost's 17.5 on the same set and class, "
    "above the capped (nu/N = 0.3) LPBoost run's 6.5",
    paper="stable; worst rise 7 points (diabetes)",
    ours=f"worst rise {max(dk):.1f} points (diabetes)",
)

# %% [markdown]
# **Result.** With the statistic fixed in advance, LPBoost is unstable in all {glue:text}`st-lp-n` runs
# (uncapped and capped) and capping does not help: Figs 5.1-5.6 are reproduced on both sets, except the
# thesis' exception for raw data on diabetes (Fig 5.2), which is **not** reproduced: our run jumps
# by {glue:text}`st-raw-dia` points. ERLPBoost stays below 5 points with stumps and raw data on both
# sets and with SVM hypotheses on german; with SVM hypotheses on diabetes, the panel the thesis
# itself names as ERLPBoost's worst, it jumps by up to {glue:text}`st-er-worst` points, less than
# the uncapped LPBoost run ({glue:text}`st-lp-dia-kernel`). Only german and diabetes, the thesis'
# panels (e) and (f), are run.

# %% tags=["remove-input"]
book.glue(
    "st-raw-dia", f"{ST[('diabetes', 'raw', 'lpboost', '0')]['max_rise_pct']:.1f}"
)
book.glue("st-er-worst", f"{max(dk):.1f}")
book.glue("st-lp-n", f"{len(lp)}")
book.glue(
    "st-lp-dia-kernel",
    f"{ST[('diabetes', 'kernel', 'lpboost', '0')]['max_rise_pct']:.1f}",
)
