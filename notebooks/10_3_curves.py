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
# (ch-glocer-curves)=
# # Curves against $\eta$ and $\nu/N$ for all three classes: Figs 5.11-5.27
#
# {cite:t}`glocer2009`, §5.2-5.4, plots test error, CPU time and the number of iterations and
# distinct hypotheses against $\eta$ (at $\nu=1$) or $\nu/N$ (at the theoretical $\eta$), for each
# hypothesis class. This page draws them for german and diabetes from the three stores (stumps from
# `glocer_ch5`, {doc}`10_1_stumps`; raw data and SVM hypotheses from `glocer_raw` and `glocer_svm`,
# {doc}`10_2_raw_svm`) and tests each remark of the text on the plotted points. Ties of two test
# errors on our one test set are tested within the one-sample two standard errors.

# %% tags=["hide-input"]

import matplotlib.pyplot as plt
import numpy as np
import pandas as pd
from scipy.stats import binomtest

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
}
ERLP_FAMILY = (*G.GLOCER_TC, *G.GLOCER_CORRECTIVE)
HYP = {"stump": "glocer_ch5", "raw": "glocer_raw", "kernel": "glocer_svm"}
HYP_NAME = {"stump": "stumps", "raw": "raw data", "kernel": "SVM hypotheses"}
COLORS = dict(zip(ERLP_FAMILY, ("C0", "C1", "C2", "C3"), strict=True))


def load_records(study):
    with studies.Store(studies.default_store(study, "paper")) as sto:
        return [r for r in sto.records() if r["dataset"] in SETS]


RECS_H = {h: load_records(s) for h, s in HYP.items()}


def curve_h(h, ds, b, vary):
    """A Figs 5.10-5.27 curve keyed by eta or nu/N, from the class' records."""
    return {
        (q["eta"] if vary == "eta" else q["nu_frac"]): q
        for q in G.glocer_curve(RECS_H[h], ds, b, vary)
    }


# %% [markdown]
# ## Figures 5.19-5.24: corrective against totally corrective
#
# One panel per hypothesis class, $\nu=1$, every $\eta$ both boosters of a pair ran (all 13 for
# every class). The thesis (§5.4): with stumps TC "always faster for low $\eta$" and slower at large
# $\eta$ (except a9a); with raw data TC "generally faster ... except for the german data set, where
# the results are mixed"; with SVM hypotheses TC "significantly faster" (except a9a). Test error:
# tied at small $\eta$ for stumps and raw data, and for SVM hypotheses "no significant difference" on
# german and diabetes. {numref}`fig-glocer-time-eta` shows the times, {numref}`fig-glocer-err-eta`
# the test errors.


# %% tags=["hide-input"]
def eta_figure(field, ylabel, log):
    fig, axes = plt.subplots(1, 3, figsize=(book.COLUMN_INCHES, 3.4), sharey=log)
    for ax, h in zip(axes, HYP, strict=True):
        for ds, ls in zip(SETS, ("-", "--"), strict=True):
            for b in ERLP_FAMILY:
                c = G.glocer_curve(RECS_H[h], ds, b, "eta")
                y = [max(q[field], 1e-3) if log else q[field] for q in c]
                plot = ax.loglog if log else ax.semilogx
                plot([q["eta"] for q in c], y, "o" + ls, ms=2.5, color=COLORS[b])
        ax.set(title=HYP_NAME[h], xlabel=r"$\eta$ at $\nu=1$")
    axes[0].set_ylabel(ylabel)
    handles = [plt.Line2D([], [], color=COLORS[b], label=NAMES[b]) for b in ERLP_FAMILY]
    handles += [
        plt.Line2D([], [], color="k", ls=ls, label=ds)
        for ds, ls in zip(SETS, ("-", "--"), strict=True)
    ]
    fig.legend(handles=handles, loc="lower center", ncol=3, bbox_to_anchor=(0.5, -0.03))
    fig.tight_layout(rect=(0, 0.2, 1, 1))
    return fig


book.figure("fig-glocer-time-eta", eta_figure("time_cpu", "CPU seconds", True))
book.figure("fig-glocer-err-eta", eta_figure("test_error", "test error", False))

# the comparisons, on the etas both boosters of a pair (TC, its corrective version) ran at nu = 1
tc_time_win, err_tie, err_tie_small = {}, {}, {}
for h in HYP:
    for ds in SETS:
        for tc, co in zip(G.GLOCER_TC, G.GLOCER_CORRECTIVE, strict=True):
            a, c = curve_h(h, ds, tc, "eta"), curve_h(h, ds, co, "eta")
            common = sorted(set(a) & set(c))
            tc_time_win[(h, ds, tc)] = [
                a[e]["time_cpu"] < c[e]["time_cpu"] for e in common
            ]
            ties = [
                abs(a[e]["test_error"] - c[e]["test_error"])
                <= G.two_se(
                    a[e]["test_error"], c[e]["test_error"], NTEST[ds], pooled=False
                )
                for e in common
            ]
            err_tie[(h, ds, tc)] = ties
            err_tie_small[(h, ds, tc)] = ties[0] if common else None
rows = [
    {
        "class": HYP_NAME[h],
        "data set": ds,
        "pair": f"{NAMES[tc]} / corrective",
        "etas": len(v),
        "TC faster at": sum(v),
        "tied (2 SE) at": sum(err_tie[(h, ds, tc)]),
    }
    for (h, ds, tc), v in tc_time_win.items()
]
book.table(
    pd.DataFrame(rows),
    caption="Figs 5.19-5.24 on our runs: for each class, data set and totally corrective (TC) "
    "booster against its corrective version, the number of etas at nu = 1 at which TC is "
    "faster (CPU) and at which the two test errors are within two one-sample standard errors.",
)

# %% [markdown]
# ```{glue:figure} fig-glocer-time-eta
# :name: fig-glocer-time-eta
#
# CPU seconds against $\eta$ at $\nu=1$ (cf. Glocer 2009, Figs 5.19-5.21), german (solid) and
# diabetes (dashed). The totally corrective boosters (ERLPBoost, Binary) are faster than the
# corrective ones at every $\eta$ with raw data and SVM hypotheses, and with stumps at small
# $\eta$; with stumps they are slower only on diabetes at the theoretical $\eta$ (rightmost points).
# ```
#
# ```{glue:figure} fig-glocer-err-eta
# :name: fig-glocer-err-eta
#
# Test error against $\eta$ at $\nu=1$ (cf. Figs 5.22-5.24). Totally corrective and corrective
# boosters are tied within sampling error at small $\eta$ for every class, and at every $\eta$ for
# raw data and SVM hypotheses, as the thesis says.
# ```


# %%
def at(h, ds, tc, k):
    """Outcome at the k-th common eta of a (TC, corrective) pair."""
    return tc_time_win[(h, ds, tc)][k]


# Fig 5.19, stumps: TC faster at the smallest eta everywhere; at the theoretical
# (largest) eta still faster on german, against "slower at large eta"; slower on
# diabetes
assert all(at("stump", ds, tc, 0) for ds in SETS for tc in G.GLOCER_TC)
assert all(at("stump", "german.numer", tc, -1) for tc in G.GLOCER_TC)
assert not all(at("stump", "diabetes", tc, -1) for tc in G.GLOCER_TC)
assert all(all(v) for k, v in tc_time_win.items() if k[0] == "raw")  # Fig 5.20
# Fig 5.21
assert all(all(v) and v for k, v in tc_time_win.items() if k[0] == "kernel")
# 5.22, 5.23
assert all(err_tie_small[k] for k in err_tie_small if k[0] in ("stump", "raw"))
assert all(all(v) for k, v in err_tie.items() if k[0] == "raw")
assert all(all(v) for k, v in err_tie.items() if k[0] == "kernel")  # Fig 5.24

# %% tags=["remove-input"]
claims.check(
    "Glocer Fig 5.19",
    status="partly reproduced",
    on="german and diabetes, stumps, nu = 1, every eta",
    margin="orders only (another machine): TC faster or not at each eta",
    note="TC faster at small eta, as stated; 'slower at large eta' fails on german (TC faster at "
    "every eta) and holds on diabetes only at the theoretical eta",
    paper="TC faster at low eta, slower at large eta",
    ours="faster at low eta; slower only on diabetes at the theoretical eta",
)
claims.check(
    "Glocer Fig 5.20",
    status="partly reproduced",
    on="german and diabetes, raw data, nu = 1",
    margin="orders only (another machine): TC faster or not at each eta",
    note="TC faster than corrective at every eta on both sets (the thesis: generally faster, "
    "german mixed)",
    paper="TC generally faster",
    ours="TC faster at every eta",
)
claims.check(
    "Glocer Fig 5.21",
    status="partly reproduced",
    on="german and diabetes, SVM hypotheses, nu = 1, every eta",
    margin="orders only (another machine): TC faster or not at each eta",
    note="TC faster at every eta, as stated",
    paper="TC significantly faster",
    ours="TC faster at every eta",
)
claims.check(
    "Glocer Fig 5.22",
    status="partly reproduced",
    on="german and diabetes, stumps, nu = 1",
    margin="ties: two test errors on our one test set within two one-sample binomial standard errors",
    note="test errors of TC and corrective tied at the smallest eta (1), as stated",
    paper="tied at small eta",
    ours="tied at eta = 1",
)
claims.check(
    "Glocer Fig 5.23",
    status="partly reproduced",
    on="german and diabetes, raw data, nu = 1",
    margin="ties: two test errors on our one test set within two one-sample binomial standard errors",
    note="tied at every eta (the thesis: ties on three of six sets)",
    paper="tied at small eta",
    ours="tied at every eta",
)
claims.check(
    "Glocer Fig 5.24",
    status="partly reproduced",
    on="german and diabetes, SVM hypotheses, nu = 1, every eta",
    margin="ties: two test errors on our one test set within two one-sample binomial standard errors",
    note="no significant difference on german and diabetes at any eta, as stated",
    paper="no significant difference",
    ours="tied at every eta",
)

# %% [markdown]
# The time remarks of Figs 5.19-5.21 and the test-error remarks of Figs 5.22-5.24 are reproduced on
# german and diabetes, except the stump remark "TC slower at large $\eta$", which holds on diabetes
# at the theoretical $\eta$ only.
#
# ## Figures 5.11, 5.12, 5.14, 5.15, 5.17, 5.18, 5.26, 5.27
#
# Fig 5.11: with raw data "more regularization significantly reduces the generalization error for
# the german and diabetes data sets"; Fig 5.12: for SVM hypotheses the theoretical $\eta$ "is a
# reasonable choice"; Fig 5.14: Binary faster than ERLPBoost with raw data too; Fig 5.15: with SVM
# hypotheses Binary "clearly faster ... for all $\nu$" on german and diabetes; Fig 5.17: with raw
# data Binary "performs slightly better on german and diabetes"; Fig 5.18: virtually identical test
# errors with SVM hypotheses; Figs 5.26-5.27: the corrective boosters need far more iterations with
# a similar order of distinct hypotheses. {numref}`fig-glocer-nu-curves` shows the curves against
# $\nu/N$, the two tables below the numbers each remark is tested on.

# %% tags=["hide-input"]
more_reg_h, bin_faster_h, bin_err_h = {}, {}, {}
iter_ratio_h, hyp_ratio_h, iter_eta_h, iter_pair_h = {}, {}, {}, {}
for h in ("raw", "kernel"):
    for ds in SETS:
        for b in G.GLOCER_TC:  # Figs 5.11, 5.12: test error vs eta at nu = 1
            c = curve_h(h, ds, b, "eta")
            theo = next(
                q for q in c.values() if q["theoretical"] and q["eta"] == max(c)
            )
            small = min(q["test_error"] for e, q in c.items() if e <= 100)
            more_reg_h[(h, ds, b)] = (
                small,
                theo["test_error"],
                c[min(c)]["test_error"],
            )
        ce, cb = (
            curve_h(h, ds, "erlpboost", "nu"),
            curve_h(h, ds, "binary_erlpboost", "nu"),
        )
        # Figs 5.14-5.18: theoretical eta, every nu/N
        common = sorted(set(ce) & set(cb))
        bin_faster_h[(h, ds)] = [cb[v]["time_cpu"] < ce[v]["time_cpu"] for v in common]
        bin_err_h[(h, ds)] = [cb[v]["test_error"] - ce[v]["test_error"] for v in common]
        ir, hr, ie, ip = [], [], [], []
        # Figs 5.26, 5.27
        for tc, co in zip(G.GLOCER_TC, G.GLOCER_CORRECTIVE, strict=True):
            a, c = curve_h(h, ds, tc, "eta"), curve_h(h, ds, co, "eta")
            for e in sorted(set(a) & set(c)):
                ir.append(c[e]["n_iter"] / a[e]["n_iter"])
                hr.append(c[e]["n_hypotheses"] / a[e]["n_hypotheses"])
                ie.append(e)
                ip.append(f"{NAMES[co]} / {NAMES[tc]}")
        iter_ratio_h[(h, ds)], hyp_ratio_h[(h, ds)] = np.array(ir), np.array(hr)
        iter_eta_h[(h, ds)], iter_pair_h[(h, ds)] = np.array(ie), ip

fig, axes = plt.subplots(2, 2, figsize=(book.COLUMN_INCHES, 5.6), sharex=True)
for j, h in enumerate(("raw", "kernel")):
    for ds, ls in zip(SETS, ("-", "--"), strict=True):
        for b in G.GLOCER_TC:
            c = G.glocer_curve(RECS_H[h], ds, b, "nu")
            x = [q["nu_frac"] for q in c]
            axes[0, j].plot(
                x, [q["time_cpu"] for q in c], "o" + ls, ms=3, color=COLORS[b]
            )
            axes[1, j].plot(
                x, [q["test_error"] for q in c], "o" + ls, ms=3, color=COLORS[b]
            )
    axes[0, j].set(title=HYP_NAME[h], ylabel="CPU seconds" if j == 0 else None)
    axes[1, j].set(
        xlabel=r"$\nu/N$ (theoretical $\eta$)", ylabel="test error" if j == 0 else None
    )
handles = [plt.Line2D([], [], color=COLORS[b], label=NAMES[b]) for b in G.GLOCER_TC]
handles += [
    plt.Line2D([], [], color="k", ls=ls, label=ds)
    for ds, ls in zip(SETS, ("-", "--"), strict=True)
]
fig.legend(handles=handles, loc="lower center", ncol=4, bbox_to_anchor=(0.5, -0.01))
fig.tight_layout(rect=(0, 0.07, 1, 1))
book.figure("fig-glocer-nu-curves", fig)

rows = []
for h in ("raw", "kernel"):
    for ds in SETS:
        v = bin_faster_h[(h, ds)]
        rows.append(
            {
                "class": HYP_NAME[h],
                "data set": ds,
                "least error, eta <= 100": min(
                    more_reg_h[(h, ds, b)][0] for b in G.GLOCER_TC
                ),
                "error at theoretical eta": min(
                    more_reg_h[(h, ds, b)][1] for b in G.GLOCER_TC
                ),
                "Binary faster at (of 10 nu/N)": sum(v),
                "Binary - ERLPBoost error, mean": float(np.mean(bin_err_h[(h, ds)])),
                "largest |difference|": float(np.max(np.abs(bin_err_h[(h, ds)]))),
            }
        )
book.table(
    pd.DataFrame(rows),
    caption="Figs 5.11-5.18 on our runs (ERLPBoost and Binary): the least test error over eta "
    "<= 100 and the test error at the theoretical eta (nu = 1, the smaller of the two boosters); "
    "at the theoretical eta over the ten nu/N, how often Binary is faster, and the differences of "
    "the test errors.",
    formats="{:.3f}",
)
rows = [
    {
        "class": HYP_NAME[h],
        "data set": ds,
        "corrective / TC iterations": f"{r.min():.0f}-{r.max():.0f}",
        "at eta > 1": f"{r[iter_eta_h[(h, ds)] > 1].min():.0f}-{r.max():.0f}",
        "distinct hypotheses": f"{hyp_ratio_h[(h, ds)].min():.1f}-{hyp_ratio_h[(h, ds)].max():.1f}",
    }
    for (h, ds), r in iter_ratio_h.items()
]
book.table(
    pd.DataFrame(rows),
    caption="Figs 5.26 and 5.27: the ratios corrective / totally corrective of iterations (all "
    "etas; etas above 1) and of distinct hypotheses, over both pairs and every eta at nu = 1.",
)
n_bin_raw = sum(sum(v) for (h, _), v in bin_faster_h.items() if h == "raw")
n_bin_svm = sum(sum(v) for (h, _), v in bin_faster_h.items() if h == "kernel")
book.glue("f514-n", f"{n_bin_raw}")
book.glue("f515-n", f"{n_bin_svm}")
book.glue("f514-p", f"{binomtest(n_bin_raw, 20, alternative='greater').pvalue:.2f}")
book.glue("f515-p", f"{binomtest(n_bin_svm, 20, alternative='greater').pvalue:.2f}")
nu_cpu = [
    q["time_cpu"]
    for h in ("raw", "kernel")
    for ds in SETS
    for b in G.GLOCER_TC
    for q in curve_h(h, ds, b, "nu").values()
]
book.glue("f514-cpu", f"{max(nu_cpu):.2f}")

# %% [markdown]
# ```{glue:figure} fig-glocer-nu-curves
# :name: fig-glocer-nu-curves
#
# ERLPBoost and Binary ERLPBoost at the theoretical $\eta$ against $\nu/N$, raw data (left) and
# SVM hypotheses (right), german (solid) and diabetes (dashed) (cf. Figs 5.14, 5.15, 5.17, 5.18).
# Top: CPU seconds; every cell takes well under a second and neither booster is faster across the
# board (Figs 5.14, 5.15 not separated at our power). Bottom: test error; the two boosters are
# within sampling error of each other everywhere (Fig 5.18 reproduced; Fig 5.17's "Binary slightly
# better" not separated).
# ```
#
# With raw data the test error is flat from moderate $\eta$ up and *higher* at the strongest
# regularisation, so no $\eta\le100$ beats the theoretical one: Fig 5.11 **fails** on both sets.
# Binary ERLPBoost is faster in {glue:text}`f514-n` of 20 (set, $\nu/N$) pairs with raw data (sign
# test $p=$ {glue:text}`f514-p`) and {glue:text}`f515-n` of 20 with SVM hypotheses
# ($p=$ {glue:text}`f515-p`), on cells of at most {glue:text}`f514-cpu` s of CPU: as for stumps
# ({doc}`10_1_stumps`), a sign test over 20 pairs would need 15 of 20 to reject, so Figs 5.14 and
# 5.15 are **not separated at our power**, and so is Fig 5.17's "slightly better", whose differences
# are within sampling error.

# %%
SETS_H = [(h, ds) for h in ("raw", "kernel") for ds in SETS]
# Fig 5.11 (raw): no eta <= 100 beats the theoretical one, and eta = 1 is worse
assert all(
    more_reg_h[("raw", ds, b)][0] >= more_reg_h[("raw", ds, b)][1]
    for ds in SETS
    for b in G.GLOCER_TC
)
assert all(
    more_reg_h[("raw", ds, b)][2] > more_reg_h[("raw", ds, b)][1]
    for ds in SETS
    for b in G.GLOCER_TC
)
# Fig 5.12 (SVM): the theoretical eta within 2 SE of the best eta <= 100
assert all(
    abs(a - b) <= G.two_se(a, b, NTEST[ds], pooled=False)
    for (h, ds, _), (a, b, _) in more_reg_h.items()
    if h == "kernel"
)
# Figs 5.14, 5.15: Binary not faster at most nu/N (raw), not at every nu/N (SVM)
assert not any(sum(v) > len(v) / 2 for (h, ds), v in bin_faster_h.items() if h == "raw")
assert not any(all(v) for (h, ds), v in bin_faster_h.items() if h == "kernel")
assert binomtest(n_bin_raw, 20, alternative="greater").pvalue > 0.05
assert binomtest(n_bin_svm, 20, alternative="greater").pvalue > 0.05
assert max(nu_cpu) < 1.0  # every cell of these curves takes under a second
# Fig 5.17 (raw): Binary's mean error slightly higher, each difference within 2 SE;
# Fig 5.18 (SVM): within two standard errors at every nu/N
assert all(np.mean(bin_err_h[("raw", ds)]) > 0 for ds in SETS)
for h in ("raw", "kernel"):
    assert all(
        np.max(np.abs(bin_err_h[(h, ds)]))
        <= G.two_se(0.25, 0.25, NTEST[ds], pooled=False)
        for ds in SETS
    )
# Figs 5.26, 5.27: more iterations at every eta, at least 10x at every eta > 1, and the
# numbers of distinct hypotheses within 10x of each other
assert all(
    np.all(iter_ratio_h[k] > 1)
    and np.all(iter_ratio_h[k][iter_eta_h[k] > 1] >= 10)
    and np.all((hyp_ratio_h[k] >= 0.1) & (hyp_ratio_h[k] <= 10))
    for k in SETS_H
)

# %% tags=["remove-input"]
claims.check(
    "Glocer Fig 5.11",
    status="fails",
    on="german and diabetes, raw data, nu = 1",
    counterexample="on both sets and for both TC boosters no eta <= 100 has a lower test error "
    "than the theoretical eta (the curve is flat from moderate eta up) and the strongest "
    "regularisation, eta = 1, is worse: more regularisation does not reduce the error",
    paper="more regularisation significantly reduces the error",
    ours="no reduction; eta = 1 worse",
)
claims.check(
    "Glocer Fig 5.12",
    status="partly reproduced",
    on="german and diabetes, SVM hypotheses, nu = 1",
    margin="the theoretical eta's test error within two one-sample binomial standard errors of "
    "the best eta <= 100 ('a reasonable choice')",
    paper="theoretical eta reasonable",
    ours="within 2 SE on both sets",
)
claims.check(
    "Glocer Fig 5.14",
    status="not separated at our power",
    on="german and diabetes, raw data, theoretical eta, every nu/N",
    power="the one-sided sign test over the 20 (set, nu/N) pairs at 5 % rejects only with at least 15 of 20; it has 80 % power only if Binary is faster in about 80 % of the settings",
    note="Binary faster at a minority of the nu/N values; every cell takes under a second here, "
    "where a single run's time varies by tens of percent",
    paper="Binary faster",
    ours=f"faster in {n_bin_raw} of 20",
)
claims.check(
    "Glocer Fig 5.15",
    status="not separated at our power",
    on="german and diabetes, SVM hypotheses, theoretical eta, every nu/N",
    power="the one-sided sign test over the 20 (set, nu/N) pairs at 5 % rejects only with at least 15 of 20; it has 80 % power only if Binary is faster in about 80 % of the settings",
    note="'Binary clearly faster for all nu on german and diabetes': faster at some nu/N only, "
    "on cells of under a second",
    paper="Binary clearly faster, every nu",
    ours=f"faster in {n_bin_svm} of 20",
)
claims.check(
    "Glocer Fig 5.17",
    status="not separated at our power",
    on="german and diabetes, raw data, theoretical eta, every nu/N",
    power="each difference of the two test errors on one test set would be detected above two "
    "one-sample standard errors (about 6 points on german's 200, 7 on diabetes' 154 test "
    "examples); a 'slight' difference below that cannot be",
    note="Binary's test error is on average slightly higher, not lower, every difference within "
    "sampling error",
    paper="Binary slightly better",
    ours="Binary slightly worse on average, within 2 SE",
)
claims.check(
    "Glocer Fig 5.18",
    status="partly reproduced",
    on="german and diabetes, SVM hypotheses, every nu/N",
    margin="ties: two test errors on our one test set within two one-sample binomial standard errors",
    note="at most 2 points apart",
    paper="virtually identical",
    ours="within 2 SE at every nu/N",
)
claims.check(
    "Glocer Fig 5.26",
    status="partly reproduced",
    on="german and diabetes, raw data, nu = 1",
    margin="corrective / TC iterations >= 10 at every eta > 1 and distinct hypotheses within a "
    "factor 10 ('far more iterations', 'a similar number')",
    paper="far more iterations, similar hypotheses",
    ours=", ".join(
        f"{iter_ratio_h[('raw', ds)].min():.0f}-{iter_ratio_h[('raw', ds)].max():.0f}x"
        for ds in SETS
    ),
)
claims.check(
    "Glocer Fig 5.27",
    status="partly reproduced",
    on="german and diabetes, SVM hypotheses, nu = 1",
    margin="corrective / TC iterations >= 10 at every eta > 1 and distinct hypotheses within a "
    "factor 10",
    note="at eta = 1 on german only 9x (both stop within 30 iterations)",
    paper="far more iterations, similar hypotheses",
    ours=", ".join(
        f"{iter_ratio_h[('kernel', ds)].min():.0f}-{iter_ratio_h[('kernel', ds)].max():.0f}x"
        for ds in SETS
    ),
)
