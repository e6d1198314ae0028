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
# (ch-glocer-precision)=
# # §5.5: high precision, the duality gap against iterations and time (Figs 5.28, 5.29)
#
# At $\epsilon=10^{-5}$ {cite:t}`glocer2009` runs ERLPBoost and Corrective ERLPBoost on diabetes
# (Fig 5.28) and german (Fig 5.29) and plots the duality gap against iterations and time; on
# diabetes the totally corrective (TC) algorithm converges in fewer iterations **and** less time. The
# gap both algorithms stop on is the same quantity, $\min_{q\le t}P^q(d^{q-1})-\hat\Theta^{t-1}$
# (Alg. 3.2 and Alg. 4.1 with the max form of (3.6)); the boosters record it per iteration with its
# time (`history`: ERLPBoost's `delta_practical`, Corrective ERLPBoost's `delta`).
#
# ## A live run on a bundled set
#
# This section first runs the two boosters itself, on the bundled LIBSVM **breast-cancer** set (683
# examples, 10 features; german and diabetes are not bundled), where the whole stump class is small
# enough for an independent LP: $\nu=1$, theoretical $\eta$, Corrective ERLPBoost stopped after
# 20,000 iterations.
#
# **Independent path.** The gap brackets the ERLP optimum, $\hat\Theta^{t-1}\le P^*_{ERLP}\le\min_q
# P^q(d^{q-1})$, and $P_{LP}\le P^*_{ERLP}\le P_{LP}+\frac{\ln(N/\nu)}{\eta}=P_{LP}+\frac\epsilon2$
# (eq. (3.7)), so HiGHS' soft-margin LP value over the **whole** stump class must satisfy
# $\hat\Theta^{t-1}-\frac\epsilon2\le P_{LP}\le\min_q P^q(d^{q-1})$ at every $t$, for both boosters.

# %% tags=["hide-input"]
import json
import time

import matplotlib.pyplot as plt
import numpy as np
import pandas as pd

import refboost as rb
from refboost import book, claims, datasets, studies, truth
from refboost.oracles import StumpOracle
from refboost.studies import glocer as G

book.setup()
SETS = ("german.numer", "diabetes")
WL_NAME = {"stump": "stumps", "raw": "raw data", "kernel": "SVM hypotheses"}
EPS_HP = 1e-5
bc = datasets.load("breast-cancer")
orc = StumpOracle(bc.X, bc.y)
# warm up both boosters on 40 examples, so the CPU times below exclude numba's compile
orc_w = StumpOracle(bc.X[:40], bc.y[:40])
rb.erlpboost(orc_w, eps=1e-2, max_iter=5)
rb.corrective_erlpboost(orc_w, eps=1e-2, max_iter=5)

# %%
c0 = time.process_time()
tc = rb.erlpboost(orc, eps=EPS_HP, max_iter=1000)
cpu_tc = time.process_time() - c0
c0 = time.process_time()
co = rb.corrective_erlpboost(orc, eps=EPS_HP, max_iter=20000)
cpu_co = time.process_time() - c0
lp = truth.soft_margin_lp(orc.columns(orc.all_keys()), nu=1.0)  # the whole class

# %% tags=["hide-input"]
book.glue("bc-tc-iter", f"{tc.n_iter}")
book.glue("bc-eta", f"{rb.bounds.eta_erlp(EPS_HP, bc.X.shape[0], 1.0):.2g}")
H = {
    "ERLPBoost": np.array(
        [
            (h["t"], h["time"], h["min_P"], h["min_P"] - h["delta_practical"])
            for h in tc.history
        ]
    ),
    "Corrective ERLPBoost": np.array(
        [
            (h["t"], h["time"], h["min_P"], h["min_P"] - h["delta"])
            for h in co.history
            if "delta" in h
        ]
    ),
}
book.table(
    pd.DataFrame(
        [
            {
                "booster": k,
                "iterations": int(a[-1, 0]),
                "CPU s": (cpu_tc, cpu_co)[i],
                "final gap": a[-1, 2] - a[-1, 3],
            }
            for i, (k, a) in enumerate(H.items())
        ]
    ),
    caption=f"breast-cancer, stumps, nu = 1, eps = 1e-5: iterations, CPU seconds and the final "
    f"gap of each run; HiGHS' soft-margin LP value over all {len(orc.all_keys())} stumps is "
    f"{lp.value:.6f}.",
    formats={"CPU s": "{:.2f}", "final gap": "{:.2e}"},
)

# %%
LP_TOL = 1e-9
for name, arr in H.items():
    # dual bound - eps/2 <= P_LP
    assert np.all(arr[:, 3] - EPS_HP / 2 <= lp.value + LP_TOL), name
    assert np.all(lp.value <= arr[:, 2] + LP_TOL), name  # P_LP <= primal bound
assert tc.converged
assert H["ERLPBoost"][-1, 2] - H["ERLPBoost"][-1, 3] <= EPS_HP / 2
gap_co = H["Corrective ERLPBoost"][:, 2] - H["Corrective ERLPBoost"][:, 3]
# TC reaches eps in fewer iterations and less time than the corrective run needs
# to get within 100 eps
assert (
    gap_co.min() > 100 * EPS_HP
    and H["ERLPBoost"][-1, 0] < H["Corrective ERLPBoost"][-1, 0]
)
assert cpu_tc < cpu_co

# %% tags=["remove-input"]
claims.check(
    "Glocer Fig 5.28",
    status="protocol substituted",
    on="bundled breast-cancer, stumps, nu = 1, eps = 1e-5, gap bracketed by HiGHS",
    differs="data: the bundled breast-cancer set stands in for diabetes (not bundled); the "
    "corrective run is capped at 20,000 iterations",
    note="TC converges in fewer iterations and less CPU time",
    paper="TC first (diabetes)",
    ours=f"TC {int(H['ERLPBoost'][-1, 0])} iterations, {cpu_tc:.1f} s; corrective not "
    f"converged after 20,000",
)

# %% tags=["hide-input"]
fig, ax = plt.subplots(1, 2, figsize=(book.COLUMN_INCHES, 3.4), sharey=True)
for name, arr in H.items():
    gap = arr[:, 2] - arr[:, 3]
    ax[0].loglog(arr[:, 0], gap, label=name)
    ax[1].loglog(np.maximum(arr[:, 1], 1e-4), gap, label=name)
for a, xl in zip(ax, ("iteration", "time (s, the run's clock)"), strict=True):
    a.axhline(EPS_HP / 2, color="gray", ls=":", lw=1)
    a.set(xlabel=xl)
ax[0].set_ylabel("duality gap")
ax[0].legend(loc="lower left")
fig.tight_layout()
book.figure("fig-glocer-bc-gap", fig)

# %% [markdown]
# ```{glue:figure} fig-glocer-bc-gap
# :name: fig-glocer-bc-gap
#
# The duality gap of ERLPBoost and Corrective ERLPBoost on the bundled breast-cancer set at
# $\epsilon=10^{-5}$ against iterations (left) and the run's clock (right); dotted: $\epsilon/2$.
# The totally corrective run closes the gap in {glue:text}`bc-tc-iter` iterations, the corrective one hardly
# moves in 20,000: Fig 5.28's ordering, on a stand-in data set.
# ```
#
# The corrective run hardly moves at this precision ({numref}`fig-glocer-bc-gap`): with
# $\eta=\frac2\epsilon\ln N\approx$ {glue:text}`bc-eta` the corrective step
# $\alpha={\rm clip}_{[0,1]}\big(x\cdot d^{t-1}/(\eta\|x\|_\infty^2)\big)$ (Alg. 4.1) is of order
# $10^{-6}$, so 20,000 steps move the weights by a few percent at most, while the totally corrective
# ERLPBoost re-solves its restricted problem exactly at every iteration. The thesis' Fig 5.28 shows
# the same ordering on diabetes, with a less extreme gap between the two; refboost's step is the one
# with the squared norm, as in {cite:t}`shalevshwartz2008`.
#
# ## German and diabetes from the store
#
# The study `glocer_precision` ran the same two settings ($\nu=1$, $\epsilon=10^{-5}$, theoretical
# $\eta$; ERLPBoost at most 1,000 and Corrective ERLPBoost 20,000 iterations) on german and diabetes
# with stumps, raw data and SVM hypotheses. Each record keeps the gap the booster stops on at about 24
# checkpoints a decade of iterations, with the run's clock there (the booster's own history, not a
# re-run). The thesis (§5.5): on diabetes ERLPBoost converges in fewer iterations and less time for
# every class; on german it takes less time for stumps and SVM hypotheses **but not for raw data**.
# **Two paths:** the analysis' `tc_faster` flag (CPU time of the whole cell) against the curves (the
# run's clock when the gap first reaches $\epsilon/2$); and the SVM-hypothesis records against
# `glocer_svm`'s cells of the same setting (Table 5.12's runs, without curves), which must agree in
# iterations, final gap and test error.


# %% tags=["hide-input"]
def pj(r):
    return (
        json.loads(r["params"]) if isinstance(r["params"], str) else dict(r["params"])
    )


PREC = {}
with studies.Store(studies.default_store("glocer_precision", "paper")) as sto:
    for r in sto.records():
        PREC[(r["dataset"], r["weak_learner"], r["booster"])] = r
SVM_TWINS = []
with studies.Store(studies.default_store("glocer_svm", "paper")) as sto:
    for r in sto.records():
        p = pj(r)
        if (
            r["weak_learner"] == "kernel"
            and p.get("eps") == 1e-05
            and "eta" not in p
            and "nu_frac" not in p
            and r["booster"] in ("erlpboost", "corrective_erlpboost")
            and r["dataset"] in SETS
        ):
            SVM_TWINS.append((r, PREC[(r["dataset"], "kernel", r["booster"])]))


def gap_curve(r):
    """(t, gap, the run's clock) of a record's stored curve, the entries with a recorded gap."""
    tr, clock = json.loads(r["trace"]), json.loads(r["trace_time"])
    field = pj(r)["curve"]
    pts = [
        (t, g, c)
        for t, g, c in zip(tr["t"], tr[field], clock, strict=True)
        if g is not None
    ]
    return np.array(pts)


prec_rows = []
for ds in SETS:
    for h in G.GLOCER_WEAK_LEARNERS:
        tc_r, co_r = PREC[(ds, h, "erlpboost")], PREC[(ds, h, "corrective_erlpboost")]
        c_tc, c_co = gap_curve(tc_r), gap_curve(co_r)
        hit = c_tc[
            c_tc[:, 1] <= EPS_HP / 2
        ]  # the TC run's first checkpoint at or below eps/2
        prec_rows.append(
            {
                "data set": ds,
                "class": WL_NAME[h],
                "TC iterations": tc_r["n_iter"],
                "TC CPU s": tc_r["time_cpu"],
                "TC clock at eps/2": hit[0, 2] if len(hit) else None,
                "corrective final gap": co_r["gap"],
                "corrective CPU s": co_r["time_cpu"],
                "TC first": "yes"
                if tc_r["converged"] and tc_r["time_cpu"] < co_r["time_cpu"]
                else "no",
                "the thesis": "no" if (ds, h) == ("german.numer", "raw") else "yes",
                "_corr_min": c_co[:, 1].min(),
                "_corr_clock": c_co[-1, 2],
            }
        )
PR = pd.DataFrame(prec_rows)
book.table(
    PR.drop(columns=["_corr_min", "_corr_clock"]),
    caption="glocer_precision (nu = 1, eps = 1e-5, theoretical eta): ERLPBoost (TC) iterations, "
    "CPU seconds and the run's clock when its gap first reaches eps/2; Corrective ERLPBoost's gap "
    "after 20,000 iterations and CPU seconds; whether TC converges first, ours and the thesis'.",
    formats={
        "TC CPU s": "{:.2f}",
        "TC clock at eps/2": "{:.2f}",
        "corrective final gap": "{:.2f}",
        "corrective CPU s": "{:.1f}",
    },
)
for ds in SETS:
    fig, axs = plt.subplots(1, 3, figsize=(book.COLUMN_INCHES, 3.0), sharey=True)
    for j, h in enumerate(G.GLOCER_WEAK_LEARNERS):
        for b, name in (
            ("erlpboost", "ERLPBoost"),
            ("corrective_erlpboost", "Corrective ERLPBoost"),
        ):
            c = gap_curve(PREC[(ds, h, b)])
            axs[j].loglog(
                np.maximum(c[:, 2], 1e-3), c[:, 1], marker=".", ms=3, label=name
            )
        axs[j].axhline(EPS_HP / 2, color="gray", ls=":", lw=1)
        axs[j].set(title=WL_NAME[h], xlabel="time (s, the run's clock)")
    axs[0].set_ylabel("duality gap")
    fig.legend(
        *axs[0].get_legend_handles_labels(),
        loc="lower center",
        ncol=2,
        bbox_to_anchor=(0.5, -0.02),
    )
    fig.tight_layout(rect=(0, 0.12, 1, 1))
    book.figure(f"fig-glocer-gap-{ds[:3]}", fig)

# %% [markdown]
# ```{glue:figure} fig-glocer-gap-ger
# :name: fig-glocer-gap-ger
#
# german (cf. Glocer 2009, Fig 5.29): the duality gap against the run's clock for the three classes,
# $\nu=1$, $\epsilon=10^{-5}$; dotted: $\epsilon/2$. ERLPBoost reaches $\epsilon/2$ first for every
# class, raw data included, where the thesis says the corrective algorithm is faster: Fig 5.29
# fails.
# ```
#
# ```{glue:figure} fig-glocer-gap-dia
# :name: fig-glocer-gap-dia
#
# diabetes (cf. Fig 5.28), as {numref}`fig-glocer-gap-ger`. ERLPBoost converges in fewer iterations
# for every class and first in time for raw data and SVM hypotheses; with stumps it needs minutes
# at $\eta\approx1.2\cdot10^6$, longer than the unconverged corrective run.
# ```

# %% tags=["hide-input"]
for r, same in SVM_TWINS:  # second path: the same setting in glocer_svm
    assert all(same[f] == r[f] for f in ("n_iter", "gap", "test_error", "converged"))
assert len(prec_rows) == 6 and len(SVM_TWINS) == 4
for row in prec_rows:
    # the curves end where the records end: TC at or below eps/2, the corrective curve never
    # there, and the run's clock within the cell's wall time
    key = (row["data set"], {v: k for k, v in WL_NAME.items()}[row["class"]])
    tc_r, co_r = PREC[(*key, "erlpboost")], PREC[(*key, "corrective_erlpboost")]
    c_tc, c_co = gap_curve(tc_r), gap_curve(co_r)
    assert c_tc[-1, 0] >= tc_r["n_iter"] and c_co[-1, 0] == co_r["n_iter"]
    assert row["TC clock at eps/2"] is not None and c_tc[-1, 1] <= EPS_HP / 2
    assert row["_corr_min"] > EPS_HP / 2
    assert c_tc[-1, 2] <= tc_r["time_cell"] and c_co[-1, 2] <= co_r["time_cell"]
    # the corrective gap falls by less than 10 % over its 20,000 iterations
    assert c_co[-1, 1] > 0.9 * c_co[0, 1], key
P_ROWS = {
    (r["dataset"], r["weak_learner"]): r
    for r in studies.analyse("glocer_precision", "paper")
}
for (ds, h, b), r in PREC.items():
    if b == "erlpboost":  # every totally corrective run stopped, its gap within eps
        assert r["converged"] and r["gap"] <= EPS_HP, (ds, h)
    else:  # no corrective run got within eps/2 in 20,000 iterations
        assert not r["converged"] and r["n_iter"] == 20000 and r["gap"] > 0.5, (ds, h)
verdict = {(r["data set"], r["class"]): r["TC first"] == "yes" for r in prec_rows}
for row in prec_rows:  # the analysis' flag agrees with the raw records
    key = (row["data set"], {v: k for k, v in WL_NAME.items()}[row["class"]])
    assert P_ROWS[key]["tc_faster"] == verdict[(row["data set"], row["class"])], key
# second path, the curves: TC first = its clock at eps/2 below the corrective run's end
verdict_clock = {
    (r["data set"], r["class"]): bool(r["TC clock at eps/2"] < r["_corr_clock"])
    for r in prec_rows
}
assert verdict == verdict_clock
# Fig 5.29 (german): TC first for stumps and SVM hypotheses, as stated, and for raw data too
assert (
    verdict[("german.numer", "stumps")] and verdict[("german.numer", "SVM hypotheses")]
)
assert verdict[("german.numer", "raw data")]
g_raw = (
    PREC[("german.numer", "raw", "erlpboost")],
    PREC[("german.numer", "raw", "corrective_erlpboost")],
)
assert g_raw[0]["time_cpu"] < 0.05 * g_raw[1]["time_cpu"]
# the counterexample
assert g_raw[0]["n_iter"] == 25 and round(g_raw[0]["time_cpu"], 2) == 0.04
assert round(g_raw[1]["gap"], 1) == 1.4 and round(g_raw[1]["time_cpu"], 1) == 6.0
# Fig 5.28 (diabetes): TC in fewer iterations for every class, in less time for raw data and
# SVM hypotheses; with stumps TC took longer than the capped, unconverged corrective run
assert all(
    PREC[("diabetes", h, "erlpboost")]["n_iter"] < 1000 for h in G.GLOCER_WEAK_LEARNERS
)
assert verdict[("diabetes", "raw data")] and verdict[("diabetes", "SVM hypotheses")]
assert not verdict[("diabetes", "stumps")]
assert (
    PREC[("diabetes", "stump", "erlpboost")]["time_cpu"]
    > PREC[("diabetes", "stump", "corrective_erlpboost")]["time_cpu"]
)

# %% tags=["remove-input"]
book.glue("p29-tc-iter", f"{g_raw[0]['n_iter']}")
book.glue("p29-tc-cpu", f"{g_raw[0]['time_cpu']:.2f}")
book.glue("p29-co-gap", f"{g_raw[1]['gap']:.1f}")
book.glue("p29-co-cpu", f"{g_raw[1]['time_cpu']:.1f}")
book.glue("p28-st-iter", f"{PREC[('diabetes', 'stump', 'erlpboost')]['n_iter']}")
book.glue(
    "p28-st-min", f"{PREC[('diabetes', 'stump', 'erlpboost')]['time_cpu'] / 60:.1f}"
)
claims.check(
    "Glocer Fig 5.29",
    status="fails",
    on="german.numer, stumps, raw data and SVM hypotheses, nu = 1, eps = 1e-5, corrective "
    "capped at 20,000 iterations (the stored gap curves and CPU times)",
    counterexample="raw data on german: ERLPBoost converges to eps in a few dozen iterations "
    "and a fraction of a second of CPU, while Corrective ERLPBoost's gap is still above 1 after "
    "20,000 iterations and several seconds, against the thesis' exception (corrective faster "
    "for raw data)",
    note="TC reaches eps/2 first for stumps and SVM hypotheses, as stated",
    paper="TC first except raw data",
    ours=f"TC first for all three (raw data: {g_raw[0]['n_iter']} iterations, "
    f"{g_raw[0]['time_cpu']:.2f} s of CPU, against gap {g_raw[1]['gap']:.1f} after 20,000 "
    f"iterations, {g_raw[1]['time_cpu']:.1f} s)",
)
claims.check(
    "Glocer Fig 5.28",
    status="partly reproduced",
    on="diabetes, stumps, raw data and SVM hypotheses, nu = 1, eps = 1e-5 (the stored gap "
    "curves and CPU times)",
    margin="orders only (another machine): fewer iterations, and less CPU time to converge",
    note="TC converges in fewer iterations for every class and in less time for raw data and "
    "SVM hypotheses; with stumps TC took longer than the unconverged 20,000-iteration "
    "corrective run",
    paper="TC fewer iterations and less time, every class",
    ours="fewer iterations, every class; less time except stumps (TC "
    f"{PREC[('diabetes', 'stump', 'erlpboost')]['time_cpu'] / 60:.1f} min of CPU)",
)

# %% [markdown]
# Fig 5.29 **fails** on its exception: on german with raw data ERLPBoost converges in
# {glue:text}`p29-tc-iter` iterations and {glue:text}`p29-tc-cpu` s, while the corrective run still
# has a gap of {glue:text}`p29-co-gap` after 20,000 iterations ({glue:text}`p29-co-cpu` s). At
# $\epsilon=10^{-5}$ refboost's Corrective ERLPBoost does not converge within 20,000 iterations on
# any of the six set/class pairs (the step-size reason above), so "who converges first" is decided
# only where ERLPBoost finished within the corrective run's time: everywhere except stumps on
# diabetes, where ERLPBoost needed {glue:text}`p28-st-iter` iterations and about
# {glue:text}`p28-st-min` CPU minutes. Fig 5.28 is therefore **partly reproduced**. The thesis'
# corrective step may differ from refboost's, so this is a statement about these implementations.
