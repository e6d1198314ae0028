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
# (ch-glocer-stumps)=
# # Decision stumps on german and diabetes: Tables 5.4, 5.7, 5.10 and Figs 5.10-5.25
#
# The stump experiments of {cite:t}`glocer2009`, §5.2-5.6, on german and diabetes, from the
# `glocer_ch5` store (every setting of the Table 5.3 grid; the protocol and the sampling-error band
# are in {ref}`ch-glocer-experiments`). Each table of the thesis is set against ours, then the
# figures that vary one parameter with the other fixed. a9a's stump rows are in {doc}`10_6_a9a`.

# %% tags=["hide-input"]
import json
import math

import matplotlib.pyplot as plt
import numpy as np
import pandas as pd
from scipy.stats import binom, binomtest, spearmanr

from refboost import book, claims, studies
from refboost.studies import glocer as G

book.setup()
SETS = ("german.numer", "diabetes")
NTEST = {"german.numer": 200, "diabetes": 154}
NAMES = {
    "erlpboost": "ERLPBoost",
    "binary_erlpboost": "Binary",
    "corrective_erlpboost": "Corrective",
    "corrective_binary_erlpboost": "Corrective Binary",
    "adaboost": "AdaBoost",
    "lpboost": "LPBoost",
}
ERLP_FAMILY = (*G.GLOCER_TC, *G.GLOCER_CORRECTIVE)
with studies.Store(studies.default_store("glocer_ch5", "paper")) as sto:
    RECS = [r for r in sto.records() if r["dataset"] in SETS]
ROWS = [r for r in studies.analyse("glocer_ch5", "paper") if r["dataset"] in SETS]
BEST = {(r["dataset"], r["booster"]): r for r in ROWS}
REC_BEST = {
    (b["dataset"], b["booster"]): b["best"] for b in G.glocer_best(RECS, "paper")
}
paper = studies.paper_numbers()["glocer_ch5"]


# %% [markdown]
# ## Tables 5.2 and 5.4: the chosen setting and its test error
#
# The study's analysis chooses, for each data set and booster, the setting of least validation
# error; **two paths**: the cell below chooses again from the raw records with a one-line rule and
# recomputes each chosen test error as a count of test examples (the error times the test size must
# be an integer).

# %%
for (ds, b), row in BEST.items():
    cand = [r for r in RECS if r["dataset"] == ds and r["booster"] == b]
    best_val = min(r["val_error"] for r in cand)
    assert abs(100 * best_val - row["val_error_pct"]) < 1e-9
    rec = REC_BEST[(ds, b)]
    assert rec["val_error"] == best_val and rec in cand
    wrong = rec["test_error"] * rec["n_test"]
    assert abs(wrong - round(wrong)) < 1e-9 and rec["n_test"] == NTEST[ds]
    assert rec["n_train"] == {"german.numer": 600, "diabetes": 460}[ds]  # Table 5.2
full = G.declared_ids("glocer_ch5", lambda k: k["dataset"] in SETS)
assert len(full) == 2 * (10 + 1 + 4 * 140) and full <= {studies.key_id(r) for r in RECS}

# %% tags=["remove-input"]
claims.check(
    "Glocer Table 5.2",
    status="partly reproduced",
    on="german.numer and diabetes, the 60/20/20 split",
    margin="exact: every stored cell's training and test sizes equal the printed ones",
    note="the other four sets: a9a in section 6, the three text sets not run",
    paper="600 / 200 / 200; 460 / 154 / 154",
    ours="600 / 200 / 200; 460 / 154 / 154",
)

# %% [markdown]
# The thesis' qualitative claims about Table 5.4 (§5.6): with stumps the best method on every set
# is a corrective variant (on diabetes all but AdaBoost tie), and AdaBoost is clearly worse on german
# and diabetes. Each of our test errors is compared with the thesis' within the two-standard-error
# band of the chapter's protocol.

# %% tags=["hide-input"]
consistent, t54 = {}, []
for ds in SETS:
    for b in (*ERLP_FAMILY, "adaboost"):
        row = BEST[(ds, b)]
        ours, theirs = row["test_error_pct"] / 100, paper["values"][ds][b] / 100
        tol = G.two_se(ours, theirs, NTEST[ds])
        consistent[(ds, b)] = abs(ours - theirs) <= tol
        t54.append(
            {
                "data set": ds,
                "booster": NAMES[b],
                "thesis %": 100 * theirs,
                "ours %": 100 * ours,
                "|difference|": 100 * abs(ours - theirs),
                "band (2 SE)": 100 * tol,
                "within band": "yes" if consistent[(ds, b)] else "no",
            }
        )
best_is_corrective, corrective_tied, ada_worst, least_by = {}, {}, {}, {}
for ds in SETS:
    errs = {b: BEST[(ds, b)]["test_error_pct"] for b in (*ERLP_FAMILY, "adaboost")}
    lo = min(errs.values())
    co = min(errs[b] for b in G.GLOCER_CORRECTIVE)
    best_is_corrective[ds] = co == lo
    m = (lo + co) / 200  # the same test set: the one-sample band
    corrective_tied[ds] = (co - lo) / 100 <= 2 * math.sqrt(m * (1 - m) / NTEST[ds])
    ada_worst[ds] = errs["adaboost"] == max(errs.values())
    least_by[ds] = ", ".join(NAMES[b] for b, e in errs.items() if e == lo)
    book.glue(f"t54-least-{ds[:3]}", f"{lo:.2f} %")
    book.glue(f"t54-least-by-{ds[:3]}", least_by[ds])
book.table(
    pd.DataFrame(t54),
    caption="Table 5.4 (test error of the chosen setting, stumps): the thesis' and ours, in "
    "percent; band: two standard errors of a difference of two independent proportions on the "
    "test size (german 200, diabetes 154).",
    formats="{:.2f}",
)

# %%
assert all(consistent.values())  # every test error within sampling error of the thesis'
assert all(ada_worst.values())  # AdaBoost has the largest test error (ties included)
# a corrective variant has the least (ties incl.)
assert all(best_is_corrective.values())
assert all(corrective_tied.values())  # (so it is within sampling error of the least)

# %% tags=["remove-input"]
claims.check(
    "Glocer Table 5.4",
    status="partly reproduced",
    on="german and diabetes, stumps, every setting of the Table 5.3 grid",
    margin="two standard errors of a difference of two independent binomial proportions at "
    "the thesis' test size (german 200, diabetes 154), p the two errors' mean; the thesis "
    "reports one split and no standard errors",
    note="the least test error is a corrective variant's on both sets (tied with ERLPBoost on "
    "german, a four-way tie of the ERLPBoost variants on diabetes); AdaBoost the largest on "
    "both; a9a in section 6; the three text sets not run",
    paper="corrective best; AdaBoost worst",
    ours=f"10 of 10 within the band; least: {least_by['german.numer']} (german), "
    f"{least_by['diabetes']} (diabetes)",
)

# %% [markdown]
# Table 5.4 is **reproduced on german and diabetes**: all ten test errors are within sampling error
# of the thesis', the least is a corrective variant's on both sets (german
# {glue:text}`t54-least-ger`, by {glue:text}`t54-least-by-ger`; diabetes
# {glue:text}`t54-least-dia`, by {glue:text}`t54-least-by-dia`) and AdaBoost's is the largest.
#
# ## Table 5.7: CPU time of the chosen setting
#
# The thesis' times are from another machine, so we compare **orders**: Table 5.7 has Corrective
# Binary ERLPBoost as the slowest of the four ERLPBoost variants on both sets. The time of the
# chosen setting depends on which setting wins, so the cell also compares the two corrective
# boosters **setting by setting** over every setting both ran with the same number of iterations
# (§5.4: Corrective Binary is slower because its step needs a bisection for $\beta$; refboost's
# default finds $\beta$ by safeguarded Newton, `beta_solver="bisection"` is the thesis' Alg. 4.4).

# %% tags=["hide-input"]
t57 = []
for ds in SETS:
    for b in (*ERLP_FAMILY, "adaboost"):
        t57.append(
            {
                "data set": ds,
                "booster": NAMES[b],
                "thesis CPU s": float(paper["times"][ds][b]),
                "ours CPU s": BEST[(ds, b)]["cpu_s"],
            }
        )
pairs = []
by_setting = {(r["dataset"], r["booster"], r["params"]): r for r in RECS}
for (ds, b, p), r in by_setting.items():
    if (
        b == "corrective_erlpboost"
        and (ds, "corrective_binary_erlpboost", p) in by_setting
    ):
        rb_ = by_setting[(ds, "corrective_binary_erlpboost", p)]
        # same iteration count: time per iteration decides
        if r["n_iter"] == rb_["n_iter"]:
            pairs.append((ds, p, rb_["time_cpu"] / r["time_cpu"]))
ratios = np.array([q[2] for q in pairs])
slowest = {ds: max(ERLP_FAMILY, key=lambda b: BEST[(ds, b)]["cpu_s"]) for ds in SETS}
spearman = {}
for ds in SETS:
    bs = (*ERLP_FAMILY, "adaboost")
    spearman[ds] = spearmanr(
        [BEST[(ds, b)]["cpu_s"] for b in bs], [paper["times"][ds][b] for b in bs]
    ).statistic
book.glue("t57-npairs", f"{len(pairs):,}")
book.glue("t57-median", f"{np.median(ratios):.2f}")
book.glue("t57-range", f"{ratios.min():.2f}-{ratios.max():.2f}")
book.glue("t57-rho", ", ".join(f"{spearman[ds]:+.2f}" for ds in SETS))
book.table(
    pd.DataFrame(t57),
    caption="Table 5.7 (CPU seconds of the chosen setting, stumps): the thesis' (another "
    "machine) and ours; compare orders, not values.",
    formats="{:.3g}",
)

# %%
# "Corrective Binary is slower" not setting by setting
assert ratios.min() < 1 < ratios.max()
assert slowest["diabetes"] == "corrective_binary_erlpboost"  # as printed on diabetes
assert slowest["german.numer"] != "corrective_binary_erlpboost"  # but not on german

# %% tags=["remove-input"]
claims.check(
    "Glocer Table 5.7",
    status="partly reproduced",
    on="german and diabetes, stumps, CPU time",
    margin="orders only (another machine): which ERLPBoost variant's chosen setting is the "
    "slowest",
    note="Corrective Binary's chosen setting is the slowest on diabetes as printed, Corrective "
    "ERLPBoost's on german; setting by setting Corrective Binary is not uniformly slower (its "
    "beta comes from a safeguarded Newton method, not the thesis' bisection, Alg. 4.4); the "
    "other orders differ",
    paper="Corrective Binary slowest on both",
    ours=f"slowest: {NAMES[slowest['german.numer']]} (german), "
    f"{NAMES[slowest['diabetes']]} (diabetes)",
)

# %% [markdown]
# Table 5.7 is **partly reproduced**: Corrective Binary ERLPBoost is the slowest on diabetes, as
# printed, but not on german. Over the {glue:text}`t57-npairs` settings both corrective boosters
# ran with the same iteration count, Corrective Binary takes {glue:text}`t57-median` times the CPU
# of Corrective ERLPBoost at the median (range {glue:text}`t57-range`): slower on most settings, not
# on all. The rank correlations of our five times with the thesis' are {glue:text}`t57-rho`
# (german, diabetes).
#
# ## Table 5.10: the chosen parameters
#
# Table 5.10 read off its entries: every printed winning $\eta$ is a theoretical one (none of the
# grid values 1 ... 3000), on diabetes every ERLPBoost variant wins uncapped ($\nu=1$) and on german
# capped. On our split the choice is made on 200 (german) and 154 (diabetes) validation examples, so
# the question is not only *which* setting wins but by how much: the table gives the winner's
# validation errors (a count of validation examples) next to the best theoretical $\eta$'s.

# %% tags=["hide-input"]
won_theoretical, won_uncapped, t510, behind, band = {}, {}, [], {}, {}
for ds in SETS:
    for b in ERLP_FAMILY:
        rec = REC_BEST[(ds, b)]
        p = json.loads(rec["params"])
        won_theoretical[(ds, b)] = "eta" not in p
        won_uncapped[(ds, b)] = "nu_frac" not in p
        pool = [r for r in RECS if r["dataset"] == ds and r["booster"] == b]
        n_val = pool[0]["n_val"]
        v_win = rec["val_error"]
        v_theo = min(
            r["val_error"] for r in pool if "eta" not in json.loads(r["params"])
        )
        behind[(ds, b)] = round((v_theo - v_win) * n_val)
        band[(ds, b)] = G.two_se(v_theo, v_win, n_val, pooled=False) * n_val
        t510.append(
            {
                "data set": ds,
                "booster": NAMES[b],
                "thesis": BEST[(ds, b)]["paper_chosen"],
                "ours": BEST[(ds, b)]["chosen"],
                "winner's validation errors": round(v_win * n_val),
                "best theoretical eta's": round(v_theo * n_val),
                "band (2 SE, examples)": band[(ds, b)],
            }
        )
book.glue("t510-behind", f"{min(behind.values())} to {max(behind.values())}")
book.glue("t510-band", f"{min(band.values()):.0f}-{max(band.values()):.0f}")
book.table(
    pd.DataFrame(t510),
    caption="Table 5.10 (chosen nu/N, eta; * for eps = 0.01), the thesis' and ours, and on our "
    "validation set the errors (counts of examples) of our winner and of the best theoretical "
    "eta; band: two one-sample standard errors of the validation error, in examples.",
    formats={"band (2 SE, examples)": "{:.1f}"},
)

# %%
# on our split every winner is a grid value of eta
assert not any(won_theoretical.values())
assert not any(won_uncapped[("german.numer", b)] for b in ERLP_FAMILY)  # german: capped
# diabetes: not all nu = 1
assert not all(won_uncapped[("diabetes", b)] for b in ERLP_FAMILY)
# ... but no theoretical eta is behind by two standard errors: no robust counterexample
assert all(0 < behind[k] < band[k] for k in behind)
assert max(behind[("german.numer", b)] for b in ERLP_FAMILY) <= 5
assert max(behind[("diabetes", b)] for b in ERLP_FAMILY) <= 8
assert min(band[("german.numer", b)] for b in ERLP_FAMILY) >= 12
assert min(band[("diabetes", b)] for b in ERLP_FAMILY) >= 10

# %% tags=["remove-input"]
claims.check(
    "Glocer Table 5.10",
    status="not separated at our power",
    on="german and diabetes, stumps, every setting of the Table 5.3 grid",
    power="a theoretical eta behind the winner by two one-sample standard errors of the "
    "validation error (12 of german's 200, 10 of diabetes' 154 validation examples) would have "
    "been detected; the best theoretical eta is behind by 1-5 (german) and 6-8 (diabetes)",
    note="all eight of our winners are grid values eta <= 500 (the thesis' are theoretical); "
    "every german winner is capped, as printed; on diabetes three of four are (the thesis: none)",
    paper="every winner a theoretical eta",
    ours=f"grid winners; theoretical eta behind by {min(behind.values())}-"
    f"{max(behind.values())} validation examples",
)

# %% [markdown]
# Table 5.10 is **not separated at our power**. On our split all eight winners are grid values of
# $\eta$, which would contradict the printed table, but the best theoretical $\eta$ is only
# {glue:text}`t510-behind` validation examples behind each, well inside two standard errors
# ({glue:text}`t510-band` examples): a different
# split could as well have chosen it. The capping ($\nu/N$) matches the thesis on german only.
#
# ## Figures 5.10, 5.13, 5.16 and 5.25 from the same store
#
# The figures of §5.2-5.4 vary one parameter with the other fixed: $\eta$ at $\nu=1$, or $\nu/N$ at
# the theoretical $\eta$ (`glocer_curve` of the study module). The claims, each tested on the
# plotted points:
#
# * **Fig 5.10** (§5.2): on german and diabetes more regularisation is better than the theoretical
#   $\eta$: the least test error over $\eta\le100$ is below the test error at the theoretical $\eta$
#   ($\nu=1$), for ERLPBoost and Binary ERLPBoost ({numref}`fig-glocer-stump-eta`).
# * **Fig 5.13** (§5.3): with stumps Binary ERLPBoost trains faster than ERLPBoost, tested by a
#   one-sided sign test over the 20 (set, $\nu/N$) pairs at the theoretical $\eta$, 5 % level
#   ({numref}`fig-glocer-stump-nu`, top).
# * **Fig 5.16** (§5.3): the test errors of ERLPBoost and Binary are "virtually identical" across
#   $\nu/N$: within two one-sample standard errors at every $\nu/N$
#   ({numref}`fig-glocer-stump-nu`, bottom).
# * **Fig 5.25** (§5.4): the corrective boosters need 10-100 times more iterations than the totally
#   corrective ones, with a number of distinct hypotheses of the same order (ratio within 10x;
#   {numref}`fig-glocer-stump-iter`).


# %% tags=["hide-input"]
def curve(ds, b, vary):
    return {
        (q["eta"] if vary == "eta" else q["nu_frac"]): q
        for q in G.glocer_curve(RECS, ds, b, vary)
    }


COLORS = dict(zip(ERLP_FAMILY, ("C0", "C1", "C2", "C3"), strict=True))
fig, axes = plt.subplots(1, 2, figsize=(book.COLUMN_INCHES, 3.4), sharey=True)
for ax, ds in zip(axes, SETS, strict=True):
    for b in ERLP_FAMILY:
        c = G.glocer_curve(RECS, ds, b, "eta")
        ax.semilogx(
            [q["eta"] for q in c],
            [q["test_error"] for q in c],
            "o-",
            ms=3,
            color=COLORS[b],
            label=NAMES[b],
        )
    ax.set(xlabel=r"$\eta$ at $\nu=1$ (rightmost: theoretical)", title=ds)
axes[0].set_ylabel("test error")
fig.legend(
    *axes[0].get_legend_handles_labels(),
    loc="lower center",
    ncol=4,
    bbox_to_anchor=(0.5, -0.02),
)
fig.tight_layout(rect=(0, 0.1, 1, 1))
book.figure("fig-glocer-stump-eta", fig)

fig, axes = plt.subplots(2, 2, figsize=(book.COLUMN_INCHES, 5.6), sharex=True)
for j, ds in enumerate(SETS):
    for b in G.GLOCER_TC:
        c = G.glocer_curve(RECS, ds, b, "nu")
        x = [q["nu_frac"] for q in c]
        axes[0, j].semilogy(
            x, [q["time_cpu"] for q in c], "o-", ms=3, color=COLORS[b], label=NAMES[b]
        )
        axes[1, j].plot(
            x, [q["test_error"] for q in c], "o-", ms=3, color=COLORS[b], label=NAMES[b]
        )
    axes[0, j].set(title=ds, ylabel="CPU seconds" if j == 0 else None)
    axes[1, j].set(
        xlabel=r"$\nu/N$ (theoretical $\eta$)", ylabel="test error" if j == 0 else None
    )
fig.legend(
    *axes[0, 0].get_legend_handles_labels(),
    loc="lower center",
    ncol=2,
    bbox_to_anchor=(0.5, -0.01),
)
fig.tight_layout(rect=(0, 0.06, 1, 1))
book.figure("fig-glocer-stump-nu", fig)

fig, axes = plt.subplots(1, 2, figsize=(book.COLUMN_INCHES, 3.6), sharey=True)
for ax, ds in zip(axes, SETS, strict=True):
    for b in ERLP_FAMILY:
        c = G.glocer_curve(RECS, ds, b, "eta")
        eta = [q["eta"] for q in c]
        ax.loglog(
            eta, [q["n_iter"] for q in c], "o-", ms=3, color=COLORS[b], label=NAMES[b]
        )
        ax.loglog(eta, [q["n_hypotheses"] for q in c], "x:", ms=4, color=COLORS[b])
    ax.set(xlabel=r"$\eta$ at $\nu=1$", title=ds)
axes[0].set_ylabel("iterations (o-), distinct\nhypotheses (x:)")
fig.legend(
    *axes[0].get_legend_handles_labels(),
    loc="lower center",
    ncol=4,
    bbox_to_anchor=(0.5, -0.02),
)
fig.tight_layout(rect=(0, 0.1, 1, 1))
book.figure("fig-glocer-stump-iter", fig)

# %% [markdown]
# ```{glue:figure} fig-glocer-stump-eta
# :name: fig-glocer-stump-eta
#
# Test error of the four ERLPBoost variants against $\eta$ at $\nu=1$ (cf. Glocer 2009, Figs 5.10
# and 5.22), german and diabetes, stumps; the rightmost point of each curve is the theoretical
# $\eta$. Small $\eta$ (more regularisation) does better than the theoretical value on both sets:
# Fig 5.10's remark is reproduced.
# ```
#
# ```{glue:figure} fig-glocer-stump-nu
# :name: fig-glocer-stump-nu
#
# ERLPBoost and Binary ERLPBoost at the theoretical $\eta$ against $\nu/N$ (cf. Figs 5.13 and
# 5.16). Top: CPU seconds (log scale); neither is faster across the board, so "Binary trains faster"
# is not separated at our power. Bottom: test error; the two are within sampling error at every
# $\nu/N$, as Fig 5.16 says.
# ```
#
# ```{glue:figure} fig-glocer-stump-iter
# :name: fig-glocer-stump-iter
#
# Iterations (circles, solid) and distinct hypotheses (crosses, dotted) against $\eta$ at $\nu=1$
# (cf. Figs 5.19 and 5.25). The corrective boosters hit the 20,000-iteration cap from $\eta=10$ on,
# far above the totally corrective iterations, with a similar number of distinct hypotheses: Fig
# 5.25 is reproduced.
# ```

# %% tags=["hide-input"]
more_reg_better, theo_vs_small = {}, []
for ds in SETS:
    for b in G.GLOCER_TC:
        c = curve(ds, b, "eta")
        theo = next(q for q in c.values() if q["theoretical"])
        small = min(q["test_error"] for e, q in c.items() if e <= 100)
        more_reg_better[(ds, b)] = small < theo["test_error"]
        theo_vs_small.append(
            {
                "data set": ds,
                "booster": NAMES[b],
                "least test error, eta <= 100": small,
                "theoretical eta": theo["eta"],
                "its test error": theo["test_error"],
            }
        )
binary_faster_n, identical, nu_gap = {}, {}, {}
for ds in SETS:
    ce, cb = curve(ds, "erlpboost", "nu"), curve(ds, "binary_erlpboost", "nu")
    common = sorted(set(ce) & set(cb))
    binary_faster_n[ds] = sum(cb[v]["time_cpu"] < ce[v]["time_cpu"] for v in common)
    gaps = [abs(cb[v]["test_error"] - ce[v]["test_error"]) for v in common]
    tols = [
        G.two_se(cb[v]["test_error"], ce[v]["test_error"], NTEST[ds], pooled=False)
        for v in common
    ]
    identical[ds] = all(g_ <= t_ for g_, t_ in zip(gaps, tols, strict=True))
    nu_gap[ds] = max(gaps)
iter_ratio, hyp_ratio = [], []
for ds in SETS:
    for tc, co in zip(G.GLOCER_TC, G.GLOCER_CORRECTIVE, strict=True):
        a, c = curve(ds, tc, "eta"), curve(ds, co, "eta")
        for e in sorted(set(a) & set(c)):
            iter_ratio.append(c[e]["n_iter"] / a[e]["n_iter"])
            hyp_ratio.append(c[e]["n_hypotheses"] / a[e]["n_hypotheses"])
iter_ratio, hyp_ratio = np.array(iter_ratio), np.array(hyp_ratio)
n_faster = sum(binary_faster_n.values())
p_bin = binomtest(n_faster, 20, alternative="greater").pvalue
# the sign test's power: the smallest count it rejects at 5 %, and the share of settings in which
# Binary would have to be faster for an 80 % chance of rejecting
k_crit = next(
    k for k in range(21) if binomtest(k, 20, alternative="greater").pvalue <= 0.05
)
q80 = next(q for q in np.arange(0.5, 1.0, 0.01) if binom.sf(k_crit - 1, 20, q) >= 0.8)
nu_cpu = [
    q["time_cpu"]
    for ds in SETS
    for b in G.GLOCER_TC
    for q in curve(ds, b, "nu").values()
]
book.glue("f513-cpu", f"{min(nu_cpu):.2g}-{max(nu_cpu):.2g}")
book.glue("f513-faster", f"{n_faster}")
book.glue("f513-p", f"{p_bin:.2f}")
book.glue("f513-kcrit", f"{k_crit}")
book.glue("f513-q80", f"{100 * q80:.0f} %")
book.glue("f516-gap", f"{100 * max(nu_gap.values()):.1f}")
book.glue("f525-iter", f"{iter_ratio.min():.0f}-{iter_ratio.max():.0f}")
book.glue("f525-hyp", f"{hyp_ratio.min():.1f}-{hyp_ratio.max():.1f}")
book.table(
    pd.DataFrame(theo_vs_small),
    caption="Fig 5.10's remark: the least test error over eta <= 100 at nu = 1 against the test "
    "error at the theoretical eta.",
    formats={
        "theoretical eta": "{:,.0f}",
        "least test error, eta <= 100": "{:.3f}",
        "its test error": "{:.3f}",
    },
)

# %% [markdown]
# Binary ERLPBoost is faster in {glue:text}`f513-faster` of the 20 (set, $\nu/N$) pairs (sign
# test $p=$ {glue:text}`f513-p`). The test rejects at 5 % only with at least
# {glue:text}`f513-kcrit` of 20, and has 80 % power only if Binary is faster in
# {glue:text}`f513-q80` of the settings; these cells take {glue:text}`f513-cpu` s of CPU, and a
# single run's time varies by tens of percent below 0.1 s. So Fig 5.13 is **not separated at our power**: absence of
# evidence, not a counterexample. ERLPBoost's and Binary's test errors are at most
# {glue:text}`f516-gap` points apart (Fig 5.16 reproduced); the corrective runs take
# {glue:text}`f525-iter` times the iterations of the totally corrective ones with
# {glue:text}`f525-hyp` times their distinct hypotheses (Fig 5.25 reproduced).

# %%
assert len(more_reg_better) == 4 and all(more_reg_better.values())  # Fig 5.10
assert len(binary_faster_n) == 2 and p_bin > 0.05  # Fig 5.13: not significantly faster
assert k_crit == 15 and 0.75 <= q80 <= 0.85  # the power the note states
assert len(identical) == 2 and all(identical.values())  # Fig 5.16: within 2 SE
# 5.25
assert np.all(iter_ratio >= 10) and np.all((hyp_ratio >= 0.1) & (hyp_ratio <= 10))

# %% tags=["remove-input"]
claims.check(
    "Glocer Fig 5.10",
    status="partly reproduced",
    on="german and diabetes, stumps, nu = 1",
    margin="strict order of two test errors on one test set: the least over eta <= 100 below "
    "the theoretical eta's, for ERLPBoost and Binary",
    note="the other four sets not run (a9a in section 6)",
    paper="more regularisation better on german, diabetes",
    ours="4 of 4 curves",
)
claims.check(
    "Glocer Fig 5.13",
    status="not separated at our power",
    on="german and diabetes, stumps, theoretical eta, nu/N in {1/N, 0.1, ..., 0.9}",
    power="the one-sided sign test over the 20 (set, nu/N) pairs at 5 % rejects only with at "
    "least 15 of 20; it has 80 % power only if Binary is faster in about 80 % of the settings",
    note="Binary is faster in about half of the pairs (p > 0.05); the cells are short, and a "
    "single run's time varies by tens of percent below 0.1 s",
    paper="Binary faster",
    ours=f"faster in {n_faster} of 20, p = {p_bin:.2f}; cells of "
    f"{min(nu_cpu):.2g}-{max(nu_cpu):.2g} s of CPU",
)
claims.check(
    "Glocer Fig 5.16",
    status="partly reproduced",
    on="german and diabetes, stumps, theoretical eta, nu/N in {1/N, 0.1, ..., 0.9}",
    margin="ERLPBoost and Binary within two one-sample binomial standard errors of each other "
    "at every nu/N ('virtually identical')",
    note="stumps only; the other four sets not run here",
    paper="virtually identical",
    ours=f"at most {100 * max(nu_gap.values()):.1f} points apart",
)
claims.check(
    "Glocer Fig 5.25",
    status="partly reproduced",
    on="german and diabetes, stumps, every eta at nu = 1",
    margin="corrective / TC iterations >= 10 and distinct hypotheses within a factor 10 at "
    "every eta ('10-100 times more iterations', 'a similar number')",
    note="every corrective run from eta = 10 up hits the 20,000 cap",
    paper="10-100x iterations",
    ours=f"{iter_ratio.min():.0f}-{iter_ratio.max():.0f}x iterations, "
    f"{hyp_ratio.min():.1f}-{hyp_ratio.max():.1f}x hypotheses",
)
