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
#     display_name: Python 3 (ipykernel)
#     language: python
#     name: python3
# ---

# %% [markdown]
# (ch-fw-experiments)=
# # The paper's experiments from the study stores
#
# {cite:t}`mitsuboshi2022` compare LPBoost, ERLPBoost, C-ERLPBoost and MLPBoost on Rätsch's benchmark
# sets {cite:p}`ratsch2001`: computation time (Table 2), test error with $\nu$ chosen by 5-fold
# cross-validation (Table 3), and the objective and test error against time (Figs 1 and 3); the
# caption of Table 1 orders the boosters by speed. This page compares them with the committed study
# stores: the cells below read `data/results/` and run nothing. The algorithms are defined in
# {ref}`ch-frank-wolfe`; the small-scale runs are on {ref}`ch-fw-small-scale`.
#
# **Verdicts in short.** Table 3's test-error gaps between the three LP solvers are **not
# reproduced**: our differences lie inside their sampling error on every set but one, and the paper's
# large gaps on banana, ringnorm and image lie far outside our intervals (Table 3: fails). Table 2's
# ordering "MLPBoost slower than LPBoost, C-ERLPBoost slowest" is reproduced, but ERLPBoost is
# *faster* than LPBoost on most of our runs, not 13-124 times slower (Table 2: partly reproduced).
#
# **Protocol.** `mht_table3` follows Table 3's protocol: on the training part of realisation 1 (IDA's;
# for the sets marked * below, refboost's seeded partition), 5-fold cross-validation picks
# $\nu\in\{0.1,\dots,0.5\}m$ (least mean validation error, ties to the smaller $\nu$), the booster
# is retrained on the whole training part and its test error reported; $\epsilon=0.01$, the exact best
# depth-2 tree (`refboost.TreeOracle`). Its cells on the whole training part are exactly the runs Table
# 2 times (mean over $\nu$ at $\epsilon=0.01$), so Table 2's ratios come from the same store.
# `mht_figs` holds one traced run per set and booster at $\nu=0.1m$ (Figs 1 and 3), with greedy
# depth-2 trees. Four sets, marked *, (flare_solar, splice, thyroid, twonorm) exist in the catalogue
# only as full pattern sets: their realisation 1 is refboost's seeded partition with the IDA sizes
# (`refboost.datasets.mat_realisation`), **not** an original IDA split file, so their numbers are for
# a different split from any IDA realisation. The paper's Diabetes (Rätsch's diabetis) is not in the
# catalogue.
#
# **What ran** is the folded table below, generated from the store: {glue:text}`mht-ran-cells` cells,
# {glue:text}`mht-ran-cpu-h` hours of CPU in all. Every cell's
# rounds, CPU time and certificate are in `data/results/mht_table3/paper/`, and each run's command,
# commit and reason in its `provenance.json`. The exact tree search screens every root split with a
# sweep over per-feature prefix-sum trees (refboost's compiled tree kernels) and recomputes only the
# near-best splits with the plain histogram code: the same tree and edge bit for bit
# (`tests/test_tree_oracle_screened.py`). An earlier form of that sweep gave the same records at 4-6
# times the CPU per call (`benchmarks/results/compare_tree_kernel.txt`); which cells ran which form
# is recorded per run in `provenance.json`, and Table 2 compares boosters only within one data set,
# whose Table 2 cells ran one form. A run that reaches the round cap keeps its classifier and test
# error, and its time is a lower bound (Table 2 prints it as ">x", as the paper prints its aborted
# runs); it counts as converged when the certificate of its returned weights is within $\epsilon$.

# %% tags=["hide-input"]
import json
import math

import matplotlib.pyplot as plt
import numpy as np
import pandas as pd
from scipy.stats import binomtest, norm

from refboost import book, claims, studies
from refboost.studies.mht import (
    CV_TIE_TOL,
    MHT_SCALES,
    MHT_SEEDED_PARTITION,
    mht_fig_curves,
    mht_table2,
    paper_seconds,
)

book.setup()
COLS = {"lpboost": "LPB.", "erlpboost": "ERLPB.", "mlpboost": "MLPB.(SS)",
        "cerlpboost": "C-ERLPB."}  # fmt: skip
T3_COLS = {
    b: c for b, c in COLS.items() if b != "cerlpboost"
}  # no C-ERLPB. column in Table 3
SETS = MHT_SCALES["paper"]["sets"]


def star(dn):
    return dn + ("*" if dn in MHT_SEEDED_PARTITION else "")


paper3 = studies.paper_numbers()["mht_table3"]["values"]
rows3 = studies.analyse("mht_table3", "paper")
with studies.Store(studies.default_store("mht_table3", "paper")) as _sto:
    recs3 = _sto.records()

# %% tags=["remove-input", "hide-output"]
# claims: none (bookkeeping: what the store holds, per booster and data set)
_ran = pd.DataFrame(recs3)
_ran["part"] = np.where(_ran["split"].str.contains("/cv"), "CV folds", "training part")
_declared = pd.DataFrame(studies.get_study("mht_table3").cells("paper"))
_n_declared = _declared.groupby(["dataset", "booster"]).size()


def _span(v, fmt):
    lo, hi = min(v), max(v)
    return fmt.format(lo) if lo == hi else f"{fmt.format(lo)}-{fmt.format(hi)}"


ran_rows = []
for (dn, b), g in _ran.groupby(["dataset", "booster"]):
    ran_rows.append({
        "data set": star(dn),
        "booster": COLS[b],
        "cells": f"{len(g)}/{_n_declared[dn, b]}",
        "rounds": _span(g["n_iter"], "{:,}"),
        "CPU s per cell": _span(g["time_cpu"], "{:,.0f}"),
        "not converged": int((~g["converged"].astype(bool)).sum()),
    })  # fmt: skip
RAN = pd.DataFrame(ran_rows)
book.glue("mht-ran-cells", f"{len(_ran):,}")
book.glue("mht-ran-cpu-h", f"{_ran['time_cpu'].sum() / 3600:,.0f}")
book.table(
    RAN,
    caption="What ran (store mht_table3, paper scale): for each data set and booster, the cells "
    "stored / declared (the whole training part and the 5 CV folds, at each nu), the range of "
    "rounds and of CPU seconds per cell, and how many stopped without a certificate within eps. "
    "* refboost's seeded partition.",
)

# %% [markdown]
# ## 3.13 Table 3: test error with $\nu$ chosen by cross-validation
#
# Two paths: the study's analysis, and the CV selection recomputed here from the raw records with
# pandas; the cell asserts that they agree.

# %% tags=["hide-input"]
# claims: none (the analysis equals a recomputation from the raw records)
df3 = pd.DataFrame(recs3)
df3["nu_frac"] = df3["params"].map(lambda p: json.loads(p)["nu_frac"])
cv = df3[df3["split"].str.contains("/cv")].groupby(["dataset", "booster", "nu_frac"])
cv = cv["val_error"].agg(["mean", "size"]).reset_index()
cv = cv[cv["size"] == MHT_SCALES["paper"]["folds"]]
full = df3[df3["split"] == "r1"].set_index(["dataset", "booster", "nu_frac"])[
    "test_error"
]
ours3 = {}
for (dn, b), g in cv.groupby(["dataset", "booster"]):
    if len(g) == len(MHT_SCALES["paper"]["nu_frac"]):
        best = (
            g[g["mean"] <= g["mean"].min() + CV_TIE_TOL].sort_values("nu_frac").iloc[0]
        )
        if (dn, b, best["nu_frac"]) in full.index:
            ours3[dn, b] = (best["nu_frac"], float(full[dn, b, best["nu_frac"]]))
for r in rows3:
    assert (r["test_error"] is None) == ((r["dataset"], r["booster"]) not in ours3)
    if r["test_error"] is not None:
        assert (r["nu_frac"], r["test_error"]) == ours3[r["dataset"], r["booster"]]
done3 = sorted(
    {
        dn
        for dn, b in ours3
        if all((dn, c) in ours3 for c in ("lpboost", "erlpboost", "mlpboost"))
    }
)
cap_c = df3[(df3["split"] == "r1") & (df3["booster"] == "cerlpboost")
            & ~df3["converged"].astype(bool)]  # fmt: skip
_capped3 = set(zip(cap_c["dataset"], cap_c["nu_frac"], strict=True))

t3 = pd.DataFrame({"data set": [star(dn) for dn in SETS]})
for b, c in T3_COLS.items():
    t3[f"{c} ours (nu/m)"] = [
        "not run"
        if (dn, b) not in ours3
        else f"{ours3[dn, b][1]:.3f} ({ours3[dn, b][0]:.1f})"
        for dn in SETS
    ]
    t3[f"{c} paper"] = [paper3.get(dn, {}).get(b, np.nan) for dn in SETS]
t3["C-ERLPB. ours (nu/m)"] = [
    "—" if (dn, "cerlpboost") not in ours3 else
    f"{ours3[dn, 'cerlpboost'][1]:.3f} ({ours3[dn, 'cerlpboost'][0]:.1f})"
    + ("+" if (dn, ours3[dn, "cerlpboost"][0]) in _capped3 else "")
    for dn in SETS
]  # fmt: skip
book.table(
    t3,
    caption=f"Table 3: test error, nu/m chosen by 5-fold CV ({len(recs3)} stored cells), next to "
    "the paper's. * realisation 1 is refboost's seeded partition with the IDA sizes, not an IDA "
    "file. C-ERLPB. has no column in the paper; + its retrained run stopped at the round cap.",
    formats="{:.2f}",
)

# %% [markdown]
# The paper's Table 3 has MLPBoost far below LPBoost and ERLPBoost on most sets (banana 0.10 vs 0.28 and
# 0.37, ringnorm 0.03 vs 0.18), although the three solve the same soft-margin LP to within $\epsilon$
# (Lemma 2; LPBoost's stopping rule). The cell below compares, on every set with all three columns,
# ERLPB. − LPB. and MLPB. − LPB. with a 95% interval (normal approximation with independent errors on
# the $n$ test examples, which over-states the variance of a paired difference, so the intervals are
# conservative). It asserts: (i) on every such set but titanic both of our differences lie inside their
# interval; titanic is the exception: a dozen distinct training inputs, an LP with many optimal
# solutions, and LPBoost's and MLPBoost's classifiers differ widely at equal $\nu$ (the non-unique
# optima the paper itself names as a source of its spread); (ii) an exact two-sided sign test over the
# sets finds no evidence that MLPBoost's error differs from LPBoost's ($p>0.05$), whereas the paper has
# MLPB. below LPB. on 9 of its 12 sets; (iii) on banana, ringnorm and image the paper's MLPB. − LPB.
# lies outside our interval even after a Bonferroni correction over the sets compared, and on image
# the paper's ERLPB. − LPB. $=+0.10$ is more than five half-widths away from ours; on german the
# paper's small MLPB. − LPB. lies inside our interval. Titanic is the paper's 24-row de-duplicated set
# (its 0.60 for all three); ours is IDA's 150-row training part.

# %%
err = {
    (dn, b): ours3[dn, b][1]
    for dn in done3
    for b in ("lpboost", "erlpboost", "mlpboost")
}
r1_err = df3[df3["split"] == "r1"].pivot_table(
    index=["dataset", "nu_frac"], columns="booster", values="test_error"
)
n_test3 = {
    dn: int(df3[(df3["dataset"] == dn) & (df3["split"] == "r1")]["n_test"].iloc[0])
    for dn in done3
}
z_bonf = norm.ppf(1 - 0.05 / (2 * len(done3)))  # two-sided, Bonferroni


def half_width(e1, e2, n, z=1.96):
    """Half-width of e2 - e1, two error rates on n test examples (independent)."""
    return z * math.sqrt((e1 * (1 - e1) + e2 * (1 - e2)) / n)


inside, paper_out, paper_out_bonf, t3c = {}, {}, {}, []
for dn in done3:
    e_l = err[dn, "lpboost"]
    hws = {
        b: half_width(e_l, err[dn, b], n_test3[dn]) for b in ("erlpboost", "mlpboost")
    }
    inside[dn] = all(abs(err[dn, b] - e_l) <= hws[b] for b in hws)
    pd_ = paper3[dn]["mlpboost"] - paper3[dn]["lpboost"]
    ours_d = err[dn, "mlpboost"] - e_l
    paper_out[dn] = abs(pd_ - ours_d) > hws["mlpboost"]
    hw_bonf = half_width(e_l, err[dn, "mlpboost"], n_test3[dn], z_bonf)
    paper_out_bonf[dn] = abs(pd_ - ours_d) > hw_bonf
    t3c.append((star(dn), n_test3[dn], err[dn, "erlpboost"] - e_l, ours_d,
                 hws["mlpboost"], pd_))  # fmt: skip
# (i) on every set but titanic (a dozen distinct inputs, many optimal LP solutions)
assert {dn for dn in done3 if not inside[dn]} <= {"titanic"}, inside
if not inside.get("titanic", True):
    X_ti = studies.load_split("titanic", "r1")["X"]
    at_nu = r1_err.loc["titanic"]
    assert len(np.unique(X_ti, axis=0)) <= 15
    assert (at_nu["lpboost"] - at_nu["mlpboost"]).abs().max() > 0.3
diff = np.array([err[dn, "mlpboost"] - err[dn, "lpboost"] for dn in done3])
n_neq = int(np.sum(diff != 0))
p_sign = binomtest(int(np.sum(diff < 0)), n_neq).pvalue if n_neq else 1.0
paper_below = sum(v["mlpboost"] < v["lpboost"] for v in paper3.values())
assert len(done3) >= 3 and p_sign > 0.05 and paper_below == 9  # (ii)
for dn in sorted(
    {dn for dn, b in ours3 if b == "erlpboost" and (dn, "lpboost") in ours3}
    - set(done3)
):  # (i) on sets with only LPB. and ERLPB. stored (none in the committed store)
    e_l, e_e = ours3[dn, "lpboost"][1], ours3[dn, "erlpboost"][1]
    n_t = int(df3[(df3["dataset"] == dn) & (df3["split"] == "r1")]["n_test"].iloc[0])
    assert abs(e_e - e_l) <= half_width(e_l, e_e, n_t), dn
e_img = (ours3["image", "lpboost"][1], ours3["image", "erlpboost"][1])
n_img = n_test3["image"]
paper_img = paper3["image"]["erlpboost"] - paper3["image"]["lpboost"]
assert abs(paper_img - (e_img[1] - e_img[0])) > 5 * half_width(*e_img, n_img)
for dn, gap in (("banana", 0.1), ("ringnorm", 0.1), ("image", 0.05)):  # (iii)
    assert paper_out[dn] and paper_out_bonf[dn]
    assert abs(paper3[dn]["mlpboost"] - paper3[dn]["lpboost"]) > gap
assert not paper_out["german"]  # german: inside our interval

# %% tags=["remove-input"]
claims.check(
    "MHT Table 3",
    status="fails",
    on="realisation 1 of banana, breast_cancer, flare_solar*, german, heart, image, ringnorm, "
    "splice*, thyroid*, titanic, twonorm* (* refboost's seeded partition with the IDA sizes); "
    "nu by 5-fold CV; exact depth-2 trees",
    counterexample="banana, ringnorm and image (IDA splits, 4900, 7000 and 1010 test "
    "examples): the paper's MLPB. - LPB. lies outside our interval after a Bonferroni "
    "correction over the 11 sets; image's ERLPB. - LPB. more than five half-widths away",
    note="LPB., ERLPB. and MLPB. test errors differ by less than their 95% intervals on every "
    "set but titanic (non-unique LP optima); no sign-test evidence that MLPB. differs from LPB.",
    paper="MLPB. below LPB. on 9 of 12 sets",
    ours=f"MLPB. below/above LPB. on {int(np.sum(diff < 0))}/{int(np.sum(diff > 0))} of "
    f"{len(done3)}; sign test p = {p_sign:.2f}",
)

# %% tags=["remove-input"]
t3c = pd.DataFrame(t3c, columns=["data set", "test examples", "ERLPB. - LPB.", "MLPB. - LPB.",
                                 "95% half-width", "paper MLPB. - LPB."])  # fmt: skip
t3c["paper outside our interval"] = [
    ("yes, also Bonferroni" if paper_out_bonf[dn] else "yes") if paper_out[dn] else "no"
    for dn in done3
]
book.glue("fw-t3-sign-p", float(p_sign))
book.table(
    t3c,
    caption="Table 3's differences to LPBoost, ours (test error on realisation 1) with the 95% "
    f"half-width of MLPB. - LPB., and the paper's MLPB. - LPB.; 'Bonferroni': also outside the "
    f"interval at z = {z_bonf:.2f} (family-wise 5% over the {len(done3)} sets).",
    formats={
        "ERLPB. - LPB.": "{:+.4f}",
        "MLPB. - LPB.": "{:+.4f}",
        "95% half-width": "{:.3f}",
        "paper MLPB. - LPB.": "{:+.2f}",
    },  # fmt: skip
)

# %% [markdown]
# On our runs the three methods that solve the soft-margin LP give the same test error within the
# sampling error (sign test $p=$ {glue:text}`fw-t3-sign-p:.2f`), so the paper's Table 3 **fails** as a
# statement about the methods: its large gaps are not reproduced, and on banana, ringnorm and image they
# lie outside our intervals even after the Bonferroni correction. The run-to-run detail the paper leaves
# open (split, de-duplicated rows, Gurobi's choice among optimal LP solutions) is a plausible source of
# its spread.
#
# ## 3.14 Table 2: computation time
#
# Our mean CPU time over $\nu$ per booster (the `mht_table3` cells on the whole training part; a cell's
# CPU time includes setting up the weak learner and predicting), as ratios to LPBoost, next to the
# paper's ratios of its printed seconds. Absolute seconds depend on the machine and its load; the
# ratios and the orderings are what is compared. The orderings are tested per $(\text{set},\nu)$ pair
# with an exact sign test ($\alpha=0.01$); the paper prints one run per cell and no standard errors, so
# no band on the ratios themselves can be fixed.

# %% tags=["hide-input"]
# claims: none (the analysis equals the per-(set, nu) times of the records)
rows2 = mht_table2(recs3, "paper")
r1 = df3[df3["split"] == "r1"].pivot_table(
    index=["dataset", "nu_frac"], columns="booster", values="time_cpu"
)
for r in rows2:  # second path: the per-(set, nu) CPU times straight from the records
    for b in ("lpboost", "erlpboost", "mlpboost"):
        if r[f"{b}_cpu"] is not None:
            assert abs(r[f"{b}_cpu"] - r1.loc[r["dataset"], b].mean()) < 1e-12


def _fmt(v):
    return "—" if v is None else (v if isinstance(v, str) else f"{v:.2f}")


t2 = pd.DataFrame(
    {
        "data set": [star(r["dataset"]) for r in rows2],
        "cells L/E/C/M": [r["cells"] for r in rows2],
        "LPB. CPU (s)": [_fmt(r["lpboost_cpu"]) for r in rows2],
    }
)
for b in ("erlpboost", "mlpboost", "cerlpboost"):
    t2[f"{COLS[b]}/LPB."] = [_fmt(r[f"{b}/lpboost"]) for r in rows2]
    t2[f"{COLS[b]}/LPB. paper"] = [_fmt(r[f"paper {b}/lpboost"]) for r in rows2]
book.table(
    t2.iloc[:, :5],
    caption="Table 2 (i): LPBoost's mean CPU time over nu, and ERLPBoost's as a ratio to it, "
    "ours and the paper's. Cells: stored runs of LPB./ERLPB./C-ERLPB./MLPB.",
)

# %% tags=["remove-input"]
book.table(
    t2.iloc[:, [0, 5, 6, 7, 8]],
    caption="Table 2 (ii): MLPBoost's and C-ERLPBoost's mean CPU time as ratios to LPBoost's, "
    "ours and the paper's ('>': a lower bound: a run stopped at the round cap, or the paper's "
    "time limit).",
)

# %%
pairs = r1[["lpboost", "erlpboost", "mlpboost"]].dropna()
n_pairs = len(pairs)
k_m = int(np.sum(pairs["mlpboost"] > pairs["lpboost"]))
k_e = int(np.sum(pairs["erlpboost"] < pairs["lpboost"]))
p_m = binomtest(k_m, n_pairs, alternative="greater").pvalue
p_e = binomtest(k_e, n_pairs, alternative="greater").pvalue
paper2 = studies.paper_numbers()["mht_table2"]["values"]
paper_e = {dn: v["erlpboost"] / v["lpboost"] for dn, v in paper2.items()}
# the paper: MLPB.(SS) slower than LPB. on all 13 sets -- reproduced
assert all(v["mlpboost"] > v["lpboost"] for v in paper2.values()) and p_m < 0.01
# the paper: ERLPB. 13-124x slower than LPB. on 10 of 13 sets -- fails: faster here
assert sum(v > 10 for v in paper_e.values()) == 10
assert min(v for v in paper_e.values() if v > 10) > 13 and p_e < 0.01
ratio_e = {r["dataset"]: r["erlpboost/lpboost"] for r in rows2
           if r["erlpboost/lpboost"] is not None}  # fmt: skip
assert sum(v > 10 for v in ratio_e.values()) < len(ratio_e) / 2
# C-ERLPB. (the paper's FW): slower than LPB. and ERLPB. in every pair where it
# ran; a run stopped at the round cap (a lower-bound time) still counts as slower
pairs_c = r1[["lpboost", "erlpboost", "cerlpboost"]].dropna()
k_cl2 = int(np.sum(pairs_c["cerlpboost"] > pairs_c["lpboost"]))
k_ce2 = int(np.sum(pairs_c["cerlpboost"] > pairs_c["erlpboost"]))
p_cl2 = binomtest(k_cl2, len(pairs_c), alternative="greater").pvalue
p_ce2 = binomtest(k_ce2, len(pairs_c), alternative="greater").pvalue
assert all(paper_seconds(v["cerlpboost"]) > v["lpboost"] for v in paper2.values())
assert len(pairs_c) >= 20 and p_cl2 < 0.01 and p_ce2 < 0.01
assert k_cl2 == k_ce2 == len(pairs_c)

# %% tags=["remove-input"]
claims.check(
    "MHT Table 2",
    status="partly reproduced",
    on="mht_table3 store, whole-training-part cells of the sets with all five nu, nu in "
    "{0.1, ..., 0.5} m, eps = 0.01, exact trees",
    margin="the orderings only: an ordering is reproduced when an exact sign test over the "
    "(set, nu) pairs rejects the reverse at alpha = 0.01; no band on the ratios (the paper "
    "prints one run per cell, no standard errors)",
    note="MLPB. slower than LPB. and C-ERLPB. slower than LPB. and ERLPB., as in the paper; "
    "ERLPB. is not 13-124x slower than LPB. as on 10 of the paper's 13 sets, but faster on "
    "most (set, nu) pairs",
    paper="MLPB. > LPB.; ERLPB. >> LPB.; FW slowest",
    ours=f"MLPB. slower in {k_m}/{n_pairs}; ERLPB. faster in {k_e}/{n_pairs}; C-ERLPB. "
    f"slowest in {k_ce2}/{len(pairs_c)}",
)

# %% tags=["remove-input"]
n_c = len(pairs_c)
book.table(
    pd.DataFrame(
        {
            "claim of Table 2": [
                "MLPB.(SS) slower than LPB.",
                "ERLPB. more than 10x slower than LPB. on most sets",
                "C-ERLPB. (FW) slower than LPB.",
                "C-ERLPB. (FW) slower than ERLPB.",
            ],
            "paper": [
                f"on all {len(paper2)} sets",
                f"on {sum(v > 10 for v in paper_e.values())} of {len(paper2)} sets "
                f"({min(v for v in paper_e.values() if v > 10):.0f}-"
                f"{max(paper_e.values()):.0f}x)",
                f"on all {len(paper2)} sets",
                f"on {sum(paper_seconds(v['cerlpboost']) > v['erlpboost'] for v in paper2.values())}"
                f" of {len(paper2)} sets",
            ],
            "ours": [
                f"in {k_m} of {n_pairs} (set, nu) pairs",
                f"faster than LPB. in {k_e} of {n_pairs} pairs; >10x on "
                f"{sum(v > 10 for v in ratio_e.values())} of {len(ratio_e)} sets",
                f"in {k_cl2} of {n_c} pairs",
                f"in {k_ce2} of {n_c} pairs",
            ],
            "exact sign test": [
                f"p = {p_m:.1e}",
                f"p = {p_e:.1e} (reverse)",
                f"p = {p_cl2:.1e}",
                f"p = {p_ce2:.1e}",
            ],
            "verdict": ["reproduced", "fails", "reproduced", "reproduced"],
        }
    ),
    caption="Table 2's orderings, tested per (set, nu) pair on the mht_table3 store (alpha = "
    "0.01). The verdict of each row; the claim's overall verdict is in the table below.",
)

# %% [markdown]
# Table 2's ordering MLPBoost slower than LPBoost is reproduced, and C-ERLPBoost comes after both in
# every pair where it ran; but ERLPBoost, slowest in the paper, is faster than LPBoost on most of our
# (set, $\nu$) pairs (its compiled step, `refboost/_jit/entropy.py`; the paper's was a generic convex
# solver).
#
# **Table 1 (the comparison of the boosters).** The paper's Table 1 prints, per booster, the iteration
# bound and the problem solved per iteration, and its caption adds that "in practice, the algorithms
# work fast in the order LPBoost, ERLPBoost, and C-ERLPBoost" and that MLPBoost "is as fast as
# LPBoost":
#
# | | LPBoost | C-ERLPBoost | ERLPBoost | MLPBoost |
# |---|---|---|---|---|
# | iteration bound | $\Omega(m)$ | $O(\frac1{\epsilon^2}\ln\frac m\nu)$ | $O(\frac1{\epsilon^2}\ln\frac m\nu)$ | $O(\frac1{\epsilon^2}\ln\frac m\nu)$ |
# | problem per iteration | LP | sorting | convex program | LP |
#
# The bounds row is checked on the worst-case family ({ref}`ch-fw-convergence`, §3.8). The second row
# describes the solvers and is not a measurable claim (refboost's: the restricted LP with HiGHS; the
# log-domain capped-simplex projection of `refboost.projections`, a fixed-point iteration without a
# sort; an active-set Newton method on the small dual; the LP again). The caption's speed order is
# checked here: on the Table 2 runs ERLPBoost is *faster* than LPBoost on most $(\text{set},\nu)$
# pairs, so its first part fails; its last place, C-ERLPBoost after ERLPBoost, is tested on the figure
# runs below.

# %% [markdown]
# ## 3.15 Figures 1 and 3: objective and test error against time
#
# training part, $\nu=0.1m$, $\epsilon=0.01$. The weak learner is the greedy depth-2 tree (`TreeOracle(search=
# "greedy")`: the best stump at the root, then the best stump in each child), because one exact-search LPBoost run on
# ringnorm (7951 root splits per call) at $\nu=0.1m$ took {glue:text}`mht-exact-ringnorm` in `mht_table3`,
# the greedy one {glue:text}`mht-greedy-ringnorm`. The time axis is the
# booster's own clock at iteration $t$ (wall time; the paper plots CPU time). ERLPBoost's first iteration also
# loads its compiled kernels once per worker process, so the orderings below compare the time spent **after**
# iteration 1. Fig. 1 (ringnorm) claims, read from the paper's Table 2 and text: ERLPBoost is by far the slowest
# to converge, MLPBoost is competitive with LPBoost; Fig. 3 claims MLPBoost reaches a low test error on most sets.
# The three solve the same LP, but the greedy tree is not an exact oracle, so a run can stop short of the others'
# objective (the spread of the final objectives is printed; it exceeds $\epsilon$ on some sets); asserted is that
# MLPBoost ends at least as high as LPB. and ERLPB., up to $\epsilon$. Then the orderings of Fig. 1 on ringnorm, and per set whether MLPBoost's
# final test error is within 0.02 of the best final test error of LPB. and ERLPB. ("low"), counted over the sets.

# %% tags=["hide-input"]
# claims: none (the curves end at their records; the figures' claims are declared below)
with studies.Store(studies.default_store("mht_figs", "paper")) as _sto:
    recs_f = _sto.records()
curves = mht_fig_curves(recs_f)
rows_f = {(r["dataset"], r["booster"]): r for r in studies.analyse("mht_figs", "paper")}
_exact = next(
    x for x in recs3
    if (x["dataset"], x["booster"], x["split"]) == ("ringnorm", "lpboost", "r1")
    and json.loads(x["params"])["nu_frac"] == 0.1
)  # fmt: skip
_greedy = next(
    x for x in recs_f if (x["dataset"], x["booster"]) == ("ringnorm", "lpboost")
)
for _k, _x in (("exact", _exact), ("greedy", _greedy)):
    book.glue(f"mht-{_k}-ringnorm", f"{_x['time_cpu']:,.1f} s of CPU ({_x['n_iter']:,} rounds)")
_cerlp_f = [x["n_iter"] for x in recs_f if x["booster"] == "cerlpboost"]
book.glue("mht-cerlp-rounds-figs", f"{min(_cerlp_f):,} to {max(_cerlp_f):,}")
book.glue("mht-figs-cells", f"{len(recs_f):,}")
_capped = _ran[(_ran["booster"] == "cerlpboost") & (_ran["n_iter"] >= 100_000)]
book.glue("mht-cerlp-cap-cpu-min", f"{_capped['time_cpu'].max() / 60:,.0f}")
fig_sets = [
    dn
    for dn in SETS
    if all((dn, b) in curves for b in ("lpboost", "erlpboost", "mlpboost"))
]
eps_f = 0.01
after1, frows = {}, []
for (dn, b), c in sorted(curves.items()):
    r = rows_f[dn, b]
    rec = next(x for x in recs_f if x["dataset"] == dn and x["booster"] == b)
    # second path: the curve's last point is the record's own run
    assert c["t"][-1] == rec["n_iter"] + (b == "erlpboost")
    assert c["test_error"][-1] == rec["test_error"]
    assert r["objective"] == c["objective"][-1] and np.all(np.diff(c["time"]) >= 0)
    after1[dn, b] = c["time"][-1] - c["time"][0]
    frows.append((star(dn), COLS[b], rec["n_iter"], c["time"][-1], after1[dn, b],
                  c["objective"][-1], c["test_error"][-1]))  # fmt: skip
low = {
    dn: curves[dn, "mlpboost"]["test_error"][-1]
    <= min(curves[dn, b]["test_error"][-1] for b in ("lpboost", "erlpboost")) + 0.02
    for dn in fig_sets
}
for (
    dn
) in fig_sets:  # MLPBoost ends at least as high as LPBoost and ERLPBoost, up to eps
    best_other = max(curves[dn, b]["objective"][-1] for b in ("lpboost", "erlpboost"))
    assert curves[dn, "mlpboost"]["objective"][-1] >= best_other - eps_f
# C-ERLPBoost stops on its FW gap from the greedy tree's edges, which can be below the class's
# best: "converged" does not bound rho* - rho(w_T) here; on heart it ends far below MLPB.
cg = curves["heart", "cerlpboost"]["objective"][-1]
assert rows_f["heart", "cerlpboost"]["converged"]
assert cg < curves["heart", "mlpboost"]["objective"][-1] - 5 * eps_f

# %% tags=["remove-input"]
book.table(
    pd.DataFrame(
        frows,
        columns=[
            "data set",
            "booster",
            "rounds T",
            "time (s)",
            "time after t = 1 (s)",
            "rho(w_T)",
            "test error",
        ],
    ),
    caption=f"The {len(recs_f)} traced runs of mht_figs (realisation 1, nu = 0.1m, eps = 0.01, "
    "greedy depth-2 trees): rounds, the run's clock at the end and after iteration 1, the final "
    "soft margin and test error.",
    formats={
        "time (s)": "{:.2f}",
        "time after t = 1 (s)": "{:.2f}",
        "rho(w_T)": "{:.4f}",
        "test error": "{:.4f}",
    },  # fmt: skip
)

# %%
rn = {b: curves["ringnorm", b] for b in ("lpboost", "erlpboost", "mlpboost")}
# Fig. 1 (ringnorm): MLPB. competitive with LPB. (within 2x of its time) -- holds
assert after1["ringnorm", "mlpboost"] <= 2 * after1["ringnorm", "lpboost"]
# ERLPB. the slowest (paper: 1148 s vs 22 s for LPB.) -- fails: the fastest here
assert after1["ringnorm", "erlpboost"] < min(
    after1["ringnorm", b] for b in ("lpboost", "mlpboost")
)
# MLPBoost's test error far below LPBoost's (paper's Table 3: 0.03 vs 0.18) -- fails
te_end = {b: rn[b]["test_error"][-1] for b in rn}
assert abs(te_end["mlpboost"] - te_end["lpboost"]) <= 0.02
assert paper3["ringnorm"]["lpboost"] - paper3["ringnorm"]["mlpboost"] > 0.1
# Fig. 3: "MLPB.(SS) reaches low test error on most data sets": within 0.02 of the
# best of LPB. and ERLPB. on more than half of the sets, more than 0.02 below on none
below = {
    dn: curves[dn, "mlpboost"]["test_error"][-1]
    < min(curves[dn, b]["test_error"][-1] for b in ("lpboost", "erlpboost")) - 0.02
    for dn in fig_sets
}
assert 2 * sum(low.values()) > len(fig_sets) and not any(below.values())
# Table 1's caption, last place: C-ERLPB. slower than ERLPB. (exact sign test over
# the sets, alpha = 0.01; time after iteration 1)
ce_sets = [dn for dn in SETS if all((dn, b) in curves for b in COLS)]
k_ce = sum(after1[dn, "cerlpboost"] > after1[dn, "erlpboost"] for dn in ce_sets)
p_ce = binomtest(k_ce, len(ce_sets), alternative="greater").pvalue
assert p_ce < 0.01
assert k_e > n_pairs / 2  # Table 1's caption: LPB. before ERLPB. fails

# %% tags=["remove-input"]
FIG_DIFFERS = (
    "greedy depth-2 trees (the best stump at the root, then in each child) instead of the "
    "best depth-2 tree; wall time of one run per booster instead of CPU time"
)
book.glue("fw-fig3-low", int(sum(low.values())))
book.glue("fw-fig3-n", len(fig_sets))
book.glue("fw-fig3-not", ", ".join(star(dn) for dn in fig_sets if not low[dn]))
claims.check(
    "MHT Fig 1",
    status="protocol substituted",
    on="ringnorm, IDA realisation 1, nu = 0.1 m, eps = 0.01, greedy depth-2 trees",
    differs="greedy depth-2 trees (the best stump at the root, then in each child) instead of "
    "the best depth-2 tree; wall time of one run per booster instead of CPU time",
    note="MLPB. within 2x of LPB.'s time (holds); ERLPB. is the fastest, not the slowest; "
    "MLPB.'s test error is within 0.02 of LPB.'s, not far below it",
    paper="ERLPB. slowest; MLPB. competitive with LPB., lower test error",
    ours=f"time after t = 1 (s): LPB. {after1['ringnorm', 'lpboost']:.1f}, ERLPB. "
    f"{after1['ringnorm', 'erlpboost']:.1f}, MLPB. {after1['ringnorm', 'mlpboost']:.1f}",
)
claims.check(
    "MHT Fig 3",
    status="protocol substituted",
    on="realisation 1 (IDA's; * a seeded partition: flare_solar, splice, thyroid, twonorm) of "
    "the 11 sets with LPB., ERLPB. and MLPB. in mht_figs, nu = 0.1 m, eps = 0.01",
    differs="greedy depth-2 trees instead of the best depth-2 tree; wall time instead of CPU "
    "time; seeded partitions on four sets",
    note="MLPB.'s final test error within 0.02 of the best of LPB. and ERLPB. on 8 of 11 sets "
    "(not german, thyroid*, titanic); on no set is it more than 0.02 below both, unlike the "
    "paper's Table 3",
    paper="MLPB. reaches low test error",
    ours=f"within 0.02 of the best on {sum(low.values())} of {len(fig_sets)}; more than 0.02 "
    f"below both on {sum(below.values())}",
)
claims.check(
    "MHT Table 1",
    status="partly reproduced",
    on="the Table 2 runs of the mht_table3 store (exact trees) and the 11 traced runs of "
    "mht_figs (greedy trees; time after iteration 1)",
    margin="the caption's speed order only, each part by an exact sign test at alpha = 0.01 "
    "(over (set, nu) pairs, resp. sets); no band on times (one run per cell in the paper)",
    note="the caption's last place holds: C-ERLPB. is slower than ERLPB. on all 11 sets; its "
    "first part, LPB. before ERLPB., fails on the Table 2 runs",
    paper="speed order LPB., ERLPB., C-ERLPB.",
    ours=f"ERLPB. faster than LPB. in {k_e}/{n_pairs} pairs; C-ERLPB. slower than ERLPB. on "
    f"{k_ce}/{len(ce_sets)} sets",
)

# %% [markdown]
# On ringnorm ({numref}`fig-fw-ringnorm`) MLPBoost is within twice LPBoost's time, but ERLPBoost is the
# fastest of the three, not the slowest, and MLPBoost's test error is LPBoost's, not far below it. Over
# the sets ({numref}`fig-fw-testerr-a`, {numref}`fig-fw-testerr-b`), MLPBoost's final test error is
# within 0.02 of the best of LPBoost and ERLPBoost on {glue:text}`fw-fig3-low` of
# {glue:text}`fw-fig3-n` sets (not {glue:text}`fw-fig3-not`), and on none is it more than 0.02 below
# both. Both figures ran under a substituted protocol (greedy trees, wall time).

# %% tags=["hide-input"]
STYLE = {"lpboost": "C0", "erlpboost": "C1", "mlpboost": "C2", "cerlpboost": "C3"}
fig, ax = plt.subplots(1, 2, figsize=(book.COLUMN_INCHES, 3.4))
for b in COLS:
    if ("ringnorm", b) in curves:
        c = curves["ringnorm", b]
        ax[0].plot(c["time"], c["objective"], ".-", color=STYLE[b], label=COLS[b])
        ax[1].plot(c["time"], c["test_error"], ".-", color=STYLE[b], label=COLS[b])
for a, lab in zip(ax, (r"soft margin $\rho(w_t)$", "test error"), strict=True):
    a.set_xscale("log")
    a.set(xlabel="time (s, the run's clock)", ylabel=lab)
lo = min(float(curves["ringnorm", b]["objective"].min()) for b in rn)
ax[0].set_ylim(max(-0.05, lo), None)
fig.legend(*ax[0].get_legend_handles_labels(), loc="lower center", ncol=4,
           bbox_to_anchor=(0.5, -0.02), frameon=False)  # fmt: skip
fig.tight_layout(rect=(0, 0.1, 1, 1))
book.figure("fig-fw-ringnorm", fig)


def testerr_grid(sets, name):
    n_col = 3
    n_row = -(-len(sets) // n_col)
    fig, axs = plt.subplots(n_row, n_col, figsize=(book.COLUMN_INCHES, 2.4 * n_row + 0.5),
                            squeeze=False)  # fmt: skip
    for a, dn in zip(axs.flat, sets, strict=False):
        for b in COLS:
            if (dn, b) in curves:
                c = curves[dn, b]
                a.plot(
                    c["time"],
                    c["test_error"],
                    ".-",
                    ms=3,
                    color=STYLE[b],
                    label=COLS[b],
                )
        a.set_xscale("log")
        a.set_title(star(dn))
        a.set_xlabel("time (s)")
    for a in axs.flat[len(sets) :]:
        a.set_axis_off()
    for row in axs:
        row[0].set_ylabel("test error")
    fig.legend(*axs[0][0].get_legend_handles_labels(), loc="lower center", ncol=4,
               bbox_to_anchor=(0.5, 0), frameon=False)  # fmt: skip
    fig.tight_layout(rect=(0, 0.06, 1, 1))
    book.figure(name, fig)


testerr_grid(fig_sets[:6], "fig-fw-testerr-a")
testerr_grid(fig_sets[6:], "fig-fw-testerr-b")

# %% [markdown]
# ```{glue:figure} fig-fw-ringnorm
# :name: fig-fw-ringnorm
#
# Fig. 1 from the store: ringnorm, $\nu=0.1m$, $\epsilon=0.01$, greedy depth-2 trees; the soft margin
# (left) and the test error (right) against the run's clock. ERLPBoost finishes first and MLPBoost
# within twice LPBoost's time; the test errors end together. Verdict: protocol substituted.
# ```
#
# ```{glue:figure} fig-fw-testerr-a
# :name: fig-fw-testerr-a
#
# Fig. 3 from the store, first six sets: test error against time for the four boosters ($\nu=0.1m$,
# $\epsilon=0.01$, greedy depth-2 trees). MLPBoost ends near the best of LPBoost and ERLPBoost, not
# below them. Verdict: protocol substituted.
# ```
#
# ```{glue:figure} fig-fw-testerr-b
# :name: fig-fw-testerr-b
#
# Fig. 3 from the store, the remaining sets, as in {numref}`fig-fw-testerr-a`.
# ```
#
# **What the stores show.** The three methods that solve the soft-margin LP give test errors whose differences lie
# inside their 95% intervals on every set we ran but titanic, whose dozen distinct training inputs leave the LP with
# many optimal solutions (there LPBoost's and MLPBoost's classifiers differ widely at equal $\nu$, the paper's own
# explanation of its spread). So the paper's wide differences in Table 3 (and MLPBoost's low test error in Figs 1
# and 3 as a *difference* to LPBoost) are not reproduced; the run-to-run detail the paper leaves open (split,
# de-duplicated rows, Gurobi's choice among optimal LP solutions) is a plausible source of its spread. On the
# seeded partitions (*) the comparison is between methods on one split, not with the paper's split. Table 2's
# ordering MLPBoost slower than LPBoost is reproduced; ERLPBoost, slowest in the paper, is faster than LPBoost on most
# of our (set, $\nu$) pairs (its compiled step, `refboost/_jit/entropy.py`). C-ERLPBoost (the paper's FW) needs
# thousands of rounds ({glue:text}`mht-cerlp-rounds-figs` in the figures, which have it on all 11 sets; up to $10^5$, the cap, with the
# exact tree in Table 2's runs), comes after ERLPBoost in time on every set, in the figures and in every (set, $\nu$)
# pair of Table 2's runs, as in the paper, and with the greedy tree its stopping test is no certificate (heart,
# above). Every declared cell of both stores has run ({glue:text}`mht-ran-cells` in `mht_table3`,
# {glue:text}`mht-figs-cells` in `mht_figs`), and any of them can
# be re-run and compared with its stored record, e.g.
# `refboost-repro mht_table3 --scale paper --verify 3 --datasets splice --boosters cerlpboost`
# (`REFBOOST_DATA` pointing at the downloaded sets; a C-ERLPBoost cell at the cap
# took up to {glue:text}`mht-cerlp-cap-cpu-min` min of CPU here).

# %% [markdown]
# ## 4. Promotion
#
# Everything above imports the package: `refboost.mlpboost` / `refboost.cerlpboost`
# (`refboost/boosters/frank_wolfe.py`: Alg. 1 with the four FW rules and the LPBoost / ERLPBoost
# secondary rules, $\epsilon_t$, $G_t$, the rate bound and the certificate
# $\hat\gamma_T-\rho(w_T)$ per round), the eta of Lemma 2 and the bounds of Theorem 3 / eq. (18)
# next to Glocer's in `refboost.bounds` (`eta_fw`, `fw_rate_bound`, `fw_iteration_bound`), the sorting algorithm
# `refboost.projections.smoothed_soft_margin`, the restricted LP of `refboost.lpboost`, ERLPBoost's
# step `refboost.boosters.entropy.erlp_dual_step`, and the ground truth `refboost.truth`
# (`soft_margin_lp`, `smoothed_soft_margin_cvx`, `smoothed_soft_margin_beta_form`,
# `smoothed_edge_min_cvx`, `smoothed_soft_margin_max_cvx`). The tests in
# `tests/test_frank_wolfe.py` repeat these assertions.
