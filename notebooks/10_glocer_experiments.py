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

# %% [markdown]
# (ch-glocer-experiments)=
# # Glocer's experiments: regularisation, correction and precision
#
# Glocer (2009), chapter 5, compares LPBoost, ERLPBoost, Binary ERLPBoost, their corrective
# versions and AdaBoost on six data sets with three hypothesis classes. This chapter reruns the
# decision-stump part on the two small LIBSVM sets the catalogue has, **german** (`german.numer`,
# 24 features) and **diabetes**, from the study `glocer_ch5` (`refboost-repro glocer_ch5`), and the
# high-precision comparison of §5.5 on a bundled set.
#
# **Protocol** (Glocer 2009, §5 and Table 5.3). Training and test files together, one random
# 60/20/20 train/validation/test split (german: 600/200/200, diabetes: 460/154/154 as in Table 5.2;
# our seed differs from the thesis', whose script is not public). Reflexive decision stumps. Grids:
# $\eta\in\{1,2,5,10,20,50,100,200,500,1000,2000,3000\}$ plus the theoretical
# $\eta=\frac2\epsilon\ln\frac N\nu$ (ERLPBoost, Thm 3.10) or $\frac2\epsilon(\ln\frac N\nu+1)$
# (Binary, Thm 3.21) at $\epsilon=0.001$ and $0.01$; $\nu/N\in\{1/N, 0.1,\dots,0.9\}$ ("0" below means
# $\nu=1$); $\epsilon=0.001$; at most 1,000 iterations for the totally corrective (TC) and 20,000 for
# the corrective boosters; LPBoost at $\epsilon=0.05$; AdaBoost 20,000 iterations. The setting of
# least validation error is chosen (ties: the Table 5.3 order) and its test error reported
# (§5.6, Tables 5.4, 5.7, 5.10).
#
# **What ran.** The full Table 5.3 grid is 571 cells per data set; on this shared 2-core machine a
# 20,000-iteration corrective cell costs about 18 s of CPU, so the paper-scale store holds a
# declared **core subset** (`refboost.studies._glocer._glocer_tier`): every LPBoost and AdaBoost
# setting; for ERLPBoost and Binary ERLPBoost every $\eta$ at $\nu=1$ and, at the other $\nu/N$, the
# theoretical $\eta$ and $\eta\in\{10,100,1000\}$; for the corrective boosters at most seven settings
# (the theoretical $\eta$ at $\nu/N\in\{0,0.2,0.4,0.6\}$ and $\eta\in\{10,100,1000\}$ at $\nu=1$): 286
# cells, all of which ran (the `settings` column gives the count per booster). a9a (29,305 training examples) did not
# fit; astro-ph, news20 and real-sim are not in the catalogue. The selection pools therefore differ
# between boosters; the thesis' winners (Table 5.10) are all theoretical $\eta$, which every pool has.

# %%
import json
import math
import time

import matplotlib.pyplot as plt
import numpy as np
from scipy.stats import spearmanr

import refboost as rb
from refboost import claims, datasets, studies, truth
from refboost.oracles import StumpOracle
from refboost.studies import _glocer as G

plt.rcParams.update({"font.size": 12})
T0 = time.perf_counter()
STORE = studies.default_store("glocer_ch5", "paper")
with studies.Store(STORE) as sto:
    RECS = sto.records()
PROV = json.loads((STORE / "provenance.json").read_text())
SETS = ("german.numer", "diabetes")
NAMES = {"erlpboost": "erlp", "binary_erlpboost": "bin", "corrective_erlpboost": "corr",
         "corrective_binary_erlpboost": "corr bin", "adaboost": "ada", "lpboost": "lpboost"}
RECS = [r for r in RECS if r["dataset"] in SETS]
cpu = sum(r["time_cpu"] for r in RECS)
print(f"{len(RECS)} stored cells of german and diabetes, {cpu / 60:.1f} CPU minutes in the cells; "
      f"{len(PROV['runs'])} runs, wall {sum(r['wall_time'] for r in PROV['runs']) / 60:.1f} min")

# %% [markdown]
# ## 1 Tables 5.4, 5.7 and 5.10: the chosen setting, its test error, time and parameters
#
# One row per data set and booster: `settings` is how many of the booster's Table 5.3 settings the
# store holds, `chosen` the setting of least validation error in the thesis' format
# ($\nu/N$, $\eta$; `*` for $\epsilon=0.01$), `test_error_pct` its test error next to Table 5.4's,
# `cpu_s` its CPU time next to Table 5.7's seconds (a different machine: compare orders, not values).

# %%
ROWS = [r for r in studies.analyse("glocer_ch5", "paper") if r["dataset"] in SETS]
SHOWN = ("dataset", "booster", "chosen", "paper_chosen", "test_error_pct", "paper_pct", "cpu_s", "paper_s")
# the other columns (settings run, validation error, converged): refboost-repro glocer_ch5 --scale paper --table
print(studies.format_table([{c: NAMES.get(r[c], r[c]) if c == "booster" else r.get(c) for c in SHOWN} for r in ROWS]))
BEST = {(r["dataset"], r["booster"]): r for r in ROWS}
REC_BEST = {(b["dataset"], b["booster"]): b["best"] for b in G.glocer_best(RECS, "paper")}

# %% [markdown]
# **Two paths.** The table is built by the study's analysis from the store; the cell below chooses
# again from the raw records with a one-line rule and recomputes each chosen test error as a count
# of test examples (the error times the test size must be an integer).

# %%
for (ds, b), row in BEST.items():
    cand = [r for r in RECS if r["dataset"] == ds and r["booster"] == b]
    if not cand:
        continue
    best_val = min(r["val_error"] for r in cand)
    assert abs(100 * best_val - row["val_error_pct"]) < 1e-9
    rec = REC_BEST[(ds, b)]
    assert rec["val_error"] == best_val and rec in cand
    wrong = rec["test_error"] * rec["n_test"]
    assert abs(wrong - round(wrong)) < 1e-9 and rec["n_test"] == {"german.numer": 200, "diabetes": 154}[ds]
    assert rec["n_train"] == {"german.numer": 600, "diabetes": 460}[ds]  # Table 5.2's sizes
# claims: none (bookkeeping: the analysis' choice equals a direct minimum over the records)
claims.check("Glocer Table 5.2", status="partly reproduced", on="german.numer and diabetes, the 60/20/20 split",
             note="training sizes 600 and 460, test sizes 200 and 154 as printed; the other four sets not run")

# %% [markdown]
# ### Table 5.4: test error of the chosen setting
#
# Our split and the thesis' are different random draws of the same data, so a test error is only
# comparable up to sampling error: we call two test errors **consistent** when they differ by at most
# $2\sqrt{2p(1-p)/n}$ ($n$ the test size, $p$ their mean; two standard errors of a difference of two
# independent binomial proportions). The thesis' qualitative claims (§5.6): with stumps the best
# method on every set is a corrective variant (on diabetes all but AdaBoost tie), and AdaBoost is
# clearly worse on german and diabetes (30.5 % and 34.42 %, against at most 28.5 % and 24.03 %).

# %%
paper = studies.paper_numbers()["glocer_ch5"]
ERLP_FAMILY = (*G.GLOCER_TC, *G.GLOCER_CORRECTIVE)
consistent, lines = {}, []
for ds in SETS:
    n = {"german.numer": 200, "diabetes": 154}[ds]
    for b in (*ERLP_FAMILY, "adaboost"):
        row = BEST[(ds, b)]
        if row["test_error_pct"] is None:
            continue
        ours, theirs = row["test_error_pct"] / 100, paper["values"][ds][b] / 100
        p = (ours + theirs) / 2
        tol = 2 * math.sqrt(2 * p * (1 - p) / n)
        consistent[(ds, b)] = abs(ours - theirs) <= tol
        lines.append(f"{ds:13s} {NAMES[b]:9s} ours {100 * ours:6.2f}  thesis {100 * theirs:6.2f}  "
                     f"|diff| {100 * abs(ours - theirs):5.2f} <= {100 * tol:5.2f}: {consistent[(ds, b)]}")
print("\n".join(lines))
best_is_corrective = {}
ada_worst = {}
for ds in SETS:
    errs = {b: BEST[(ds, b)]["test_error_pct"] for b in (*ERLP_FAMILY, "adaboost")}
    errs = {b: e for b, e in errs.items() if e is not None}
    lo = min(errs.values())
    best_is_corrective[ds] = any(errs.get(b) == lo for b in G.GLOCER_CORRECTIVE)
    ada_worst[ds] = errs["adaboost"] == max(errs.values())
    print(f"{ds}: least test error {lo:.2f} % by {[NAMES[b] for b, e in errs.items() if e == lo]}; "
          f"AdaBoost {errs['adaboost']:.2f} % (worst: {ada_worst[ds]})")

# %%
assert all(consistent.values())  # every test error within sampling error of the thesis'
assert all(ada_worst.values())  # AdaBoost has the largest test error (ties included) on both sets
assert all(best_is_corrective.values())  # a corrective variant has the least test error (ties included)
claims.check("Glocer Table 5.4", status="partly reproduced", on="german and diabetes, stumps, the core grid subset",
             note="all ten test errors within two standard errors of the thesis'; a corrective variant has the "
                  "least error on both sets (on diabetes the two corrective ones, where the thesis prints a "
                  "four-way tie); AdaBoost the largest on both; a9a and the three large sets not run")

# %% [markdown]
# ### Table 5.7: CPU time of the chosen setting
#
# The thesis' times are from another machine, so we compare **orders**: Table 5.7 has Corrective
# Binary ERLPBoost as the slowest of the four ERLPBoost variants on both sets (13 s and 3.5 s). The
# time of the chosen setting depends on which setting wins, so the cell also compares the two
# corrective boosters **setting by setting** over every setting both ran with the same number of
# iterations (the thesis, §5.4: Corrective Binary is slower because its step needs a bisection for
# $\beta$; refboost's default finds $\beta$ with `brentq`, `beta_solver="bisection"` is the thesis'
# Alg. 4.4).

# %%
for ds in SETS:
    t = {NAMES[b]: BEST[(ds, b)]["cpu_s"] for b in (*ERLP_FAMILY, "adaboost")}
    print(ds, {k: None if v is None else round(v, 2) for k, v in t.items()},
          "| thesis:", {NAMES[b]: v for b, v in paper["times"][ds].items()})
pairs = []
by_setting = {(r["dataset"], r["booster"], r["params"]): r for r in RECS}
for (ds, b, p), r in by_setting.items():
    if b == "corrective_erlpboost" and (ds, "corrective_binary_erlpboost", p) in by_setting:
        rb_ = by_setting[(ds, "corrective_binary_erlpboost", p)]
        if r["n_iter"] == rb_["n_iter"]:  # same number of iterations: the time per iteration decides
            pairs.append((ds, p, rb_["time_cpu"] / r["time_cpu"]))
ratios = np.array([q[2] for q in pairs])
print(f"{len(pairs)} settings run by both corrective boosters with the same iteration count: CPU ratio "
      f"corr bin / corr median {np.median(ratios):.2f}, range [{ratios.min():.2f}, {ratios.max():.2f}]")
slowest = {ds: max(ERLP_FAMILY, key=lambda b: BEST[(ds, b)]["cpu_s"]) for ds in SETS}
print("slowest chosen setting:", {ds: NAMES[b] for ds, b in slowest.items()})
for ds in SETS:
    bs = (*ERLP_FAMILY, "adaboost")
    rho = spearmanr([BEST[(ds, b)]["cpu_s"] for b in bs], [paper["times"][ds][b] for b in bs]).statistic
    print(f"{ds}: order ours {[NAMES[b] for b in sorted(bs, key=lambda b: BEST[(ds, b)]['cpu_s'])]}, thesis "
          f"{[NAMES[b] for b in sorted(bs, key=lambda b: paper['times'][ds][b])]}; Spearman {rho:.2f}")

# %%
assert ratios.min() < 1 < ratios.max()  # counterexample to "Corrective Binary is slower" setting by setting
assert all(b == "corrective_binary_erlpboost" for b in slowest.values())  # Table 5.7: corr bin the slowest
claims.check("Glocer Table 5.7", status="partly reproduced", on="german and diabetes, stumps, CPU time",
             note="CPU time; Corrective Binary is the slowest chosen setting on both sets as printed, but setting "
                  "by setting (same 20,000 iterations) it is not uniformly slower: refboost solves its beta with "
                  "brentq, not the thesis' bisection (Alg. 4.4); the other orders differ")

# %% [markdown]
# ### Table 5.10: the chosen parameters
#
# Table 5.10's claim read off its entries: every winning $\eta$ is a theoretical one (none of the
# grid values 1 ... 3000 won), on diabetes every ERLPBoost variant wins uncapped ($\nu=1$) and on
# german capped ($\nu/N$ of 0.4 or 0.5).

# %%
won_theoretical, won_uncapped = {}, {}
for ds in SETS:
    for b in ERLP_FAMILY:
        rec = REC_BEST[(ds, b)]
        if rec is None:
            continue
        p = json.loads(rec["params"])
        won_theoretical[(ds, b)] = "eta" not in p
        won_uncapped[(ds, b)] = "nu_frac" not in p
        print(f"{ds:13s} {NAMES[b]:9s} ours {BEST[(ds, b)]['chosen']:>14s}  thesis {BEST[(ds, b)]['paper_chosen']}")
print("theoretical eta won:", sum(won_theoretical.values()), "of", len(won_theoretical))

# %%
assert not all(won_theoretical.values())  # counterexamples: grid values of eta win on our split
claims.check("Glocer Table 5.10", status="fails", on="german and diabetes, stumps, the core grid subset",
             note="'every winner is a theoretical eta' fails: six of eight winners are grid values eta <= 100 "
                  "(both totally corrective boosters on both sets, the corrective ones on diabetes; cf. Fig 5.10); "
                  "german's Corrective ERLPBoost winner (0.4, 1833) equals the printed one")

# %% [markdown]
# ## 2 Figures 5.10, 5.13, 5.16, 5.19 and 5.25 from the same store
#
# The figures of §5.2-5.4 vary one parameter with the other fixed: $\eta$ at $\nu=1$, or $\nu/N$ at
# the theoretical $\eta$ (`refboost.studies._glocer.glocer_curve`). Stumps, german and diabetes.

# %%
fig, axes = plt.subplots(2, 3, figsize=(15, 8))
for i, ds in enumerate(SETS):
    ax = axes[i, 0]
    for b in ERLP_FAMILY:
        c = G.glocer_curve(RECS, ds, b, "eta")
        if c:
            ax.semilogx([q["eta"] for q in c], [q["test_error"] for q in c], "o-", label=NAMES[b])
    ax.set(xlabel=r"$\eta$ ($\nu = 1$; rightmost: theoretical)", ylabel="test error", title=f"{ds}: Figs 5.10, 5.22")
    ax.legend(fontsize=9)
    ax = axes[i, 1]
    for b, col in zip(G.GLOCER_TC, ("C0", "C1"), strict=True):
        c = G.glocer_curve(RECS, ds, b, "nu")
        ax.plot([q["nu_frac"] for q in c], [q["time_cpu"] for q in c], "o-", color=col, label=f"{NAMES[b]} CPU s")
        ax.plot([q["nu_frac"] for q in c], [q["test_error"] * 10 for q in c], "x:", color=col,
                label=f"{NAMES[b]} test error x 10")
    ax.set(xlabel=r"$\nu/N$ (theoretical $\eta$)", title=f"{ds}: Figs 5.13, 5.16")
    ax.legend(fontsize=9)
    ax = axes[i, 2]
    for b, col in zip(ERLP_FAMILY, ("C0", "C1", "C2", "C3"), strict=True):
        c = G.glocer_curve(RECS, ds, b, "eta")
        if c:
            ax.loglog([q["eta"] for q in c], [q["n_iter"] for q in c], "o-", color=col, label=f"{NAMES[b]} iterations")
            ax.loglog([q["eta"] for q in c], [q["n_hypotheses"] for q in c], "x:", color=col,
                      label=f"{NAMES[b]} distinct hypotheses")
    ax.set(xlabel=r"$\eta$ ($\nu = 1$)", title=f"{ds}: Figs 5.19, 5.25")
    ax.legend(fontsize=8)
fig.tight_layout()
plt.show()

# %% [markdown]
# The claims, each as a test on the plotted points:
#
# * **Fig 5.10** (§5.2): on german and diabetes more regularisation is better than the theoretical
#   $\eta$: the least test error over $\eta\le100$ is below the test error at the theoretical $\eta$
#   ($\nu=1$), for ERLPBoost and Binary ERLPBoost.
# * **Fig 5.13** (§5.3): with stumps Binary ERLPBoost trains faster than ERLPBoost: Binary's CPU time
#   is below ERLPBoost's at a majority of the $\nu/N$ values (theoretical $\eta$).
# * **Fig 5.16** (§5.3): with stumps the test errors of ERLPBoost and Binary ERLPBoost are "virtually
#   identical" across $\nu/N$: we test $|{\rm diff}|\le 2\sqrt{p(1-p)/n}$ (two binomial standard
#   errors of a test error on $n$ examples, $p$ the two errors' mean) at every $\nu/N$.
# * **Fig 5.25** (§5.4): the corrective boosters need 10-100 times more iterations than the totally
#   corrective ones, with a number of distinct hypotheses of the same order (ratio within 10x).

# %%
def curve(ds, b, vary):
    return {(q["eta"] if vary == "eta" else q["nu_frac"]): q for q in G.glocer_curve(RECS, ds, b, vary)}


more_reg_better = {}
for ds in SETS:
    for b in G.GLOCER_TC:
        c = curve(ds, b, "eta")
        theo = next((q for q in c.values() if q["theoretical"]), None)
        if theo is None:  # the theoretical-eta cell at nu = 1 did not run
            continue
        small = min(q["test_error"] for e, q in c.items() if e <= 100)
        more_reg_better[(ds, b)] = small < theo["test_error"]
        print(f"Fig 5.10 {ds:13s} {NAMES[b]:4s} min test error eta <= 100: {small:.3f}; "
              f"theoretical eta {theo['eta']:.0f}: {theo['test_error']:.3f}")
binary_faster, identical = {}, {}
for ds in SETS:
    n = {"german.numer": 200, "diabetes": 154}[ds]
    ce, cb = curve(ds, "erlpboost", "nu"), curve(ds, "binary_erlpboost", "nu")
    common = sorted(set(ce) & set(cb))
    if not common:  # Binary ERLPBoost's theoretical-eta cells did not run on this set
        continue
    faster = [cb[v]["time_cpu"] < ce[v]["time_cpu"] for v in common]
    binary_faster[ds] = sum(faster) > len(common) / 2
    gaps = [abs(cb[v]["test_error"] - ce[v]["test_error"]) for v in common]
    tols = [2 * math.sqrt(p * (1 - p) / n) for p in ((cb[v]["test_error"] + ce[v]["test_error"]) / 2 for v in common)]
    identical[ds] = all(g_ <= t_ for g_, t_ in zip(gaps, tols, strict=True))
    print(f"Fig 5.13 {ds}: Binary faster at {sum(faster)}/{len(common)} nu/N values {common}; "
          f"Fig 5.16: max |test error diff| {max(gaps):.3f} (tolerance >= {min(tols):.3f}): {identical[ds]}")
iter_ratio, hyp_ratio = [], []
for ds in SETS:
    for tc, co in zip(G.GLOCER_TC, G.GLOCER_CORRECTIVE, strict=True):
        a, c = curve(ds, tc, "eta"), curve(ds, co, "eta")
        for e in sorted(set(a) & set(c)):
            iter_ratio.append(c[e]["n_iter"] / a[e]["n_iter"])
            hyp_ratio.append(c[e]["n_hypotheses"] / a[e]["n_hypotheses"])
iter_ratio, hyp_ratio = np.array(iter_ratio), np.array(hyp_ratio)
print(f"Fig 5.25: {iter_ratio.size} (eta, pair) points; iterations corrective / TC in "
      f"[{iter_ratio.min():.1f}, {iter_ratio.max():.1f}], distinct hypotheses in [{hyp_ratio.min():.2f}, {hyp_ratio.max():.2f}]")

# %%
assert len(more_reg_better) >= 3 and all(more_reg_better.values())  # Fig 5.10: a small eta beats the theoretical one
claims.check("Glocer Fig 5.10", status="partly reproduced", on="german and diabetes, stumps, nu = 1",
             note="on both sets the least test error over eta <= 100 is below the theoretical eta's (ERLPBoost, "
                  "Binary where its theoretical cell ran); the other four sets not run")
assert binary_faster["diabetes"] and not binary_faster["german.numer"]  # Fig 5.13: diabetes yes, german no
claims.check("Glocer Fig 5.13", status="partly reproduced", on="german and diabetes, stumps, theoretical eta, "
             "nu/N in {1/N, 0.1, ..., 0.9}", note="CPU time: Binary faster at a majority of nu/N on diabetes, "
             "at only half of them on german (printed above)")
assert identical and all(identical.values())  # Fig 5.16: ERLPBoost and Binary within two standard errors
claims.check("Glocer Fig 5.16", status="partly reproduced", on="the nu/N values where both ran at the theoretical eta",
             note="only the nu/N values the core run reached (see the printed list); stumps only")
assert np.all(iter_ratio >= 10) and np.all((hyp_ratio >= 0.1) & (hyp_ratio <= 10))  # Fig 5.25
claims.check("Glocer Fig 5.25", status="partly reproduced", on="german and diabetes, stumps, the etas both ran at nu = 1",
             note="corrective runs take >= 10x the iterations (all hit the 20,000 cap) with distinct-hypothesis "
                  "counts within 10x of the totally corrective ones")

# %% [markdown]
# ## 3 §5.5: high precision, duality gap against iterations and time
#
# At $\epsilon=10^{-5}$ the thesis runs ERLPBoost and Corrective ERLPBoost on diabetes (Fig 5.28)
# and german (Fig 5.29) and plots the duality gap against iterations and time; on diabetes the TC
# algorithm converges in fewer iterations **and** less time. The gap both algorithms stop on is the
# same quantity, $\min_{q\le t}P^q(d^{q-1})-\hat\Theta^{t-1}$ (Alg. 3.2 and Alg. 4.1 with the max form
# of (3.6)); the boosters record it per iteration with its time (`history`: ERLPBoost's
# `delta_practical`, Corrective ERLPBoost's `delta`). The study's traces carry the soft margin, not
# this gap, so this section runs the two boosters itself, on the bundled LIBSVM **breast-cancer**
# set (683 examples, 10 features; german and diabetes are not bundled), $\nu=1$, theoretical $\eta$,
# Corrective ERLPBoost stopped after 20,000 iterations.
#
# **Independent path.** The gap brackets the ERLP optimum, $\hat\Theta^{t-1}\le P^*_{ERLP}\le\min_q
# P^q(d^{q-1})$, and $P_{LP}\le P^*_{ERLP}\le P_{LP}+\frac{\ln(N/\nu)}{\eta}=P_{LP}+\frac\epsilon2$ (eq. (3.7)), so
# HiGHS' soft-margin LP value over the **whole** stump class must satisfy
# $\hat\Theta^{t-1}-\frac\epsilon2\le P_{LP}\le\min_q P^q(d^{q-1})$ at every $t$, for both boosters.

# %%
EPS_HP = 1e-5
bc = datasets.load("breast-cancer")
orc = StumpOracle(bc.X, bc.y)
c0 = time.process_time()
tc = rb.erlpboost(orc, eps=EPS_HP, max_iter=1000)
cpu_tc = time.process_time() - c0
c0 = time.process_time()
co = rb.corrective_erlpboost(orc, eps=EPS_HP, max_iter=20000)
cpu_co = time.process_time() - c0
U_all = orc.columns(orc.all_keys())
lp = truth.soft_margin_lp(U_all, nu=1.0)
H = {"ERLPBoost": [(h["t"], h["time"], h["min_P"], h["min_P"] - h["delta_practical"]) for h in tc.history],
     "Corrective ERLPBoost": [(h["t"], h["time"], h["min_P"], h["min_P"] - h["delta"]) for h in co.history
                              if "delta" in h]}
for name, rows in H.items():
    arr = np.array(rows)
    H[name] = arr
    print(f"{name:21s} {int(arr[-1, 0]):6d} iterations, {arr[-1, 1]:6.2f} s (run's clock), final gap "
          f"{arr[-1, 2] - arr[-1, 3]:.2e}")
print(f"CPU: ERLPBoost {cpu_tc:.2f} s, Corrective ERLPBoost {cpu_co:.2f} s; HiGHS P_LP over all "
      f"{U_all.shape[1]} stumps = {lp.value:.6f}")

# %%
LP_TOL = 1e-9
for name, arr in H.items():
    assert np.all(arr[:, 3] - EPS_HP / 2 <= lp.value + LP_TOL), name  # dual bound - eps/2 <= P_LP
    assert np.all(lp.value <= arr[:, 2] + LP_TOL), name  # P_LP <= primal bound
assert tc.converged and H["ERLPBoost"][-1, 2] - H["ERLPBoost"][-1, 3] <= EPS_HP / 2
gap_co = H["Corrective ERLPBoost"][:, 2] - H["Corrective ERLPBoost"][:, 3]
# TC reaches eps in fewer iterations and less time than the corrective run needs to get within 100 eps
assert gap_co.min() > 100 * EPS_HP and H["ERLPBoost"][-1, 0] < H["Corrective ERLPBoost"][-1, 0]
assert cpu_tc < cpu_co
claims.check("Glocer Fig 5.28", status="partly reproduced",
             on="bundled breast-cancer (a stand-in for diabetes), stumps, nu = 1, eps = 1e-5, gap bracketed by HiGHS",
             note="TC converges in fewer iterations and less CPU time; corrective run capped at 20,000 iterations")

# %%
fig, ax = plt.subplots(1, 2, figsize=(11, 4.2))
for name, arr in H.items():
    gap = arr[:, 2] - arr[:, 3]
    ax[0].loglog(arr[:, 0], gap, label=name)
    ax[1].loglog(np.maximum(arr[:, 1], 1e-4), gap, label=name)
for a, xl in zip(ax, ("iteration", "time (s, the run's clock)"), strict=True):
    a.axhline(EPS_HP / 2, color="gray", ls=":", lw=1)
    a.set(xlabel=xl, ylabel="duality gap", title="breast-cancer, eps = 1e-5 (cf. Fig 5.28)")
    a.legend()
fig.tight_layout()
plt.show()

# %% [markdown]
# The corrective run hardly moves at this precision: with $\eta=\frac2\epsilon\ln N\approx1.3\cdot10^6$
# the corrective step $\alpha={\rm clip}_{[0,1]}\big(x\cdot d^{t-1}/(\eta\|x\|_\infty^2)\big)$ (Alg. 4.1) is of
# order $10^{-6}$, so 20,000 steps move the weights by a few percent at most, while the totally corrective
# ERLPBoost re-solves its restricted problem exactly at every iteration and closes the gap in about a
# hundred. The thesis' Fig 5.28 shows the same ordering on diabetes, with a less extreme gap between the
# two; its corrective curve is not reproduced point by point here (different data set, and refboost's
# step is the one with the squared norm, as in Shalev-Shwartz and Singer).

# %% [markdown]
# ## 4 Summary
#
# * **Table 5.4** (test error, stumps): on german and diabetes every one of our ten test errors is
#   within sampling error of the thesis', a corrective variant has the least error on both sets (on
#   diabetes the two corrective ones, where the thesis prints a four-way tie) and AdaBoost the largest.
# * **Table 5.7** (time): Corrective Binary ERLPBoost's chosen setting is the slowest on both sets, as
#   printed; the other orders differ, and setting by setting Corrective Binary is not uniformly slower
#   than Corrective ERLPBoost here (its $\beta$ comes from `brentq`, not a bisection).
# * **Table 5.10** (parameters): the thesis' "every winner is a theoretical $\eta$" fails on our split:
#   six of eight winners are grid values $\eta\le100$, in line with the thesis' own
#   Fig 5.10 remark that german and diabetes prefer more regularisation, which our curves reproduce.
# * **Figs 5.10, 5.16, 5.25** hold on both sets, **Fig 5.13** (Binary faster) on diabetes but not on
#   german, where it is faster at only half the $\nu/N$ values; **Fig 5.28**'s ordering (TC
#   faster at high precision) holds on the bundled stand-in, by a wide margin.
# * Not run: a9a, the three large sparse sets, raw-data and SVM hypotheses (Tables 5.5, 5.6, 5.8, 5.9,
#   5.11, 5.12; the weak learners `raw`, `kernel` and `linear-svm` exist), most of the corrective grid.
#   `refboost-repro glocer_ch5 --scale paper --datasets german.numer,diabetes` resumes the grid.

# %%
print(f"notebook ran in {time.perf_counter() - T0:.1f} s")
