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
# versions and AdaBoost on six data sets with three hypothesis classes. This chapter reruns all three
# classes (decision stumps, raw data, SVM hypotheses) on the two small LIBSVM sets the catalogue has,
# **german** (`german.numer`, 24 features) and **diabetes**, from the studies `glocer_ch5`, `glocer_raw` and
# `glocer_svm` (`refboost-repro glocer_ch5` etc.), the data sets of Table 5.1, the single-run test-error traces of
# §5.1 (study `glocer_stability`), the high-precision comparison of §5.5 (gap curves on german and diabetes, study
# `glocer_precision`, and live on a bundled set), the tables of all three classes on a9a (the split published with
# the ERLPBoost code; SVM hypotheses without forming the kernel matrix), and the sparse code paths at the shapes of the three large text sets (§5).
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
# **What ran.** The full Table 5.3 grid is 571 cells per data set. On german and diabetes the paper-scale
# store holds **every** setting: LPBoost, AdaBoost, ERLPBoost, Binary ERLPBoost and the two corrective
# boosters (10, 1 and 140 each per set). On a9a's published split (§5) a 20,000-iteration corrective cell
# costs up to 6.6 min of CPU on this shared 2-core machine, so there the two corrective boosters have a declared
# **core subset** (`refboost.studies._glocer._glocer_tier`): seven settings each (the theoretical
# $\eta$ at $\nu/N\in\{0,0.2,0.4,0.6\}$ and $\eta\in\{10,100,1000\}$ at $\nu=1$), run first; the other
# settings ran in the grid's order after it (every $\eta$ at $\nu=1$ first), and the store now holds every one of
# them, so on a9a too every selection pool is the full grid (so are the raw-data and SVM stores' of §3). The
# `settings` column gives the count per booster.
# astro-ph, news20 and real-sim are not stored here (see below). The raw-data and SVM runs are described
# in §3.

# %%
import json
import math
import time

import matplotlib.pyplot as plt
import numpy as np
from scipy.stats import binomtest, spearmanr

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
# ## Table 5.1: the data sets
#
# Glocer (2009), Table 5.1 lists six LIBSVM-style sets with the sizes of their training and test files
# *before* the 60/20/20 re-split (one size when the set comes as one file) and their dimensions. The cell
# prints each row next to refboost's catalogue: the rows and features of the catalogue files the name
# resolves to (`datasets.status(name)["files"]`, sizes from `datasets.registry()`, which records each file's
# parsed shape; for the three sparse sets the published shapes of `datasets.UNPINNED`). **Two paths** for the
# sizes: (i) the registry's parsed shapes; (ii) the examples the study actually loaded at paper scale, the
# train + validation + test sizes of every stored cell of `glocer_ch5` (german, diabetes, a9a), and, where a
# data folder has the file (not in CI), the shape `datasets.load` returns.

# %%
#: Glocer (2009), Table 5.1: name -> (training size, test size or None for a single file, dimensions)
TABLE_5_1 = {"news20": (19996, None, 1355191), "real-sim": (72309, None, 20958),
             "astro-ph": (62369, 32487, 99757), "a9a": (32561, 16281, 123),
             "german.numer": (1000, None, 24), "diabetes": (768, None, 8)}
REG = datasets.registry()
t51, stored_n = [], {}
with studies.Store(STORE) as sto:
    for r in sto.records():
        stored_n.setdefault(r["dataset"], set()).add(r["n_train"] + r["n_val"] + r["n_test"])
for nm, (tr_p, te_p, dim_p) in TABLE_5_1.items():
    st = datasets.status(nm)
    files = [REG[f] for f in st["files"]]
    rows = [f["rows"] for f in files]
    cols = {f["cols"] for f in files}
    loaded = None
    if st["loadable"]:  # a data folder has it (paper-scale machine): the shape the loader returns
        d = datasets.load(nm, dense=False)
        loaded = (d.X.shape[0], None if d.X_test is None else d.X_test.shape[0], d.X.shape[1])
    t51.append({"data set": nm, "catalogue": st["name"], "paper train/test": f"{tr_p}" + (f"/{te_p}" if te_p else ""),
                "ours (files)": "/".join(map(str, rows)), "paper dims": dim_p, "ours dims": "/".join(map(str, cols)),
                "stored cells' N": "/".join(map(str, sorted(stored_n.get(nm, [])))) or None,
                "unpinned": any(f["path"] in datasets.UNPINNED for f in files), "loaded": loaded})
print(studies.format_table(t51))

# %%
for row, (nm, (tr_p, te_p, dim_p)) in zip(t51, TABLE_5_1.items(), strict=True):
    rows = [int(v) for v in row["ours (files)"].split("/")]
    assert [int(v) for v in row["ours dims"].split("/")] == [dim_p], nm  # every file: the printed dimension
    if nm == "astro-ph":  # only the training file is catalogued (no public canonical copy of either part)
        assert rows == [tr_p] and row["unpinned"]
        # the synthetic stand-in's row count is the thesis' total, Table 5.1's two parts together
        assert datasets.SPARSE_TEXT_SHAPES[nm]["rows"] == tr_p + te_p
    else:
        assert rows == [tr_p] + ([te_p] if te_p else []), nm
    if nm in stored_n:  # second path: what the study loaded and split, every stored cell
        assert stored_n[nm] == {tr_p + (te_p or 0)}, nm
    if row["loaded"] is not None:
        assert row["loaded"] == (tr_p, te_p, dim_p) or (nm == "astro-ph" and row["loaded"][:1] == (tr_p,)), nm
assert set(stored_n) >= {"german.numer", "diabetes", "a9a"}
# german: the thesis' 24 dimensions are LIBSVM's german.numer; the IDA german (ch. 2) has 20 features
assert REG["raetsch/german/german_train_data_1.asc.gz"]["cols"] == 20
claims.check("Glocer Table 5.1", status="holds",
             on="the catalogue's files for all six sets (astro-ph: training part only) and the glocer_ch5 store "
                "(german, diabetes, a9a)",
             note="sizes and dimensions agree; astro-ph's 32,487-example test part is not catalogued, and the three "
                  "sparse sets' shapes are the published ones (checksums unpinned)")

# %% [markdown]
# ## 1 Tables 5.4, 5.7 and 5.10: the chosen setting, its test error, time and parameters
#
# One row per data set and booster: `settings` is how many of the booster's Table 5.3 settings the
# store holds, `chosen` the setting of least validation error in the thesis' format
# ($\nu/N$, $\eta$; `*` for $\epsilon=0.01$), `test_error_pct` its test error next to Table 5.4's,
# `cpu_s` its CPU time next to Table 5.7's seconds (a different machine: compare orders, not values).
# german and diabetes here; a9a's rows, from its published split, are in §5.

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
# what ran: every declared setting of every booster on german and diabetes
def declared_ids(study, keep):
    """The key ids of the study's paper-scale cells ``k`` with ``keep(k)``."""
    return {studies.key_id(k) for k in studies.get_study(study).cells("paper") if keep(k)}


stored_ids = {studies.key_id(r) for r in RECS}
full = declared_ids("glocer_ch5", lambda k: k["dataset"] in SETS)
assert len(full) == 2 * (10 + 1 + 4 * 140) and full <= stored_ids
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
best_is_corrective, corrective_tied = {}, {}
ada_worst = {}
for ds in SETS:
    n = {"german.numer": 200, "diabetes": 154}[ds]
    errs = {b: BEST[(ds, b)]["test_error_pct"] for b in (*ERLP_FAMILY, "adaboost")}
    errs = {b: e for b, e in errs.items() if e is not None}
    lo = min(errs.values())
    co = min(errs[b] for b in G.GLOCER_CORRECTIVE)
    best_is_corrective[ds] = co == lo
    # the same test set: one-sample two standard errors, 2 sqrt(p(1-p)/n), p the mean of the two errors
    m = (lo + co) / 200
    corrective_tied[ds] = (co - lo) / 100 <= 2 * math.sqrt(m * (1 - m) / n)
    ada_worst[ds] = errs["adaboost"] == max(errs.values())
    print(f"{ds}: least test error {lo:.2f} % by {[NAMES[b] for b, e in errs.items() if e == lo]}; best corrective "
          f"{co:.2f} % (within 2 SE of the least: {corrective_tied[ds]}); AdaBoost {errs['adaboost']:.2f} % "
          f"(worst: {ada_worst[ds]})")

# %%
assert all(consistent.values())  # every test error within sampling error of the thesis'
assert all(ada_worst.values())  # AdaBoost has the largest test error (ties included) on both sets
assert all(best_is_corrective.values())  # a corrective variant has the least test error (ties included)
assert all(corrective_tied.values())  # (so it is also within sampling error of the least)
claims.check("Glocer Table 5.4", status="partly reproduced",
             on="german and diabetes, stumps, every setting of the Table 5.3 grid",
             note="all ten test errors within two standard errors of the thesis'; the least test error is a "
                  "corrective variant's on both sets, tied with ERLPBoost on german (27.5 %) and a four-way tie of "
                  "the ERLPBoost variants on diabetes (22.73 %), as the thesis prints one (24.03 %); AdaBoost the "
                  "largest on both; a9a in section 5; the three large sets not run")

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
assert slowest["diabetes"] == "corrective_binary_erlpboost"  # Table 5.7: corr bin the slowest on diabetes
assert slowest["german.numer"] != "corrective_binary_erlpboost"  # but not on german (corr is)
claims.check("Glocer Table 5.7", status="partly reproduced", on="german and diabetes, stumps, CPU time",
             note="CPU time; Corrective Binary's chosen setting is the slowest on diabetes as printed, Corrective "
                  "ERLPBoost's on german (29 s against 26 s, both 20,000 iterations); setting by setting (same "
                  "iteration count) Corrective Binary is slower at the median (1.07x) but not uniformly: refboost "
                  "solves its beta with brentq, not the thesis' bisection (Alg. 4.4); the other orders differ")

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
print("capped (nu > 1) winners:", {ds: sum(not won_uncapped[(ds, b)] for b in ERLP_FAMILY) for ds in SETS},
      "of 4 per set")

# %%
assert not any(won_theoretical.values())  # counterexamples: on our split every winner is a grid value of eta
assert not any(won_uncapped[("german.numer", b)] for b in ERLP_FAMILY)  # german: every winner capped, as printed
assert not all(won_uncapped[("diabetes", b)] for b in ERLP_FAMILY)  # diabetes: not every winner uncapped
claims.check("Glocer Table 5.10", status="fails",
             on="german and diabetes, stumps, every setting of the Table 5.3 grid",
             note="'every winner is a theoretical eta' fails: all eight winners are grid values eta <= 500 (cf. "
                  "Fig 5.10: more regularisation is better on these sets); every german winner is capped, as "
                  "printed, but on diabetes three of four are (the thesis: none)")

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
#   is below ERLPBoost's in significantly more than half of the 20 (set, $\nu/N$) pairs (theoretical $\eta$;
#   one-sided sign test at the 5 % level).
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
binary_faster_n, identical = {}, {}
for ds in SETS:
    n = {"german.numer": 200, "diabetes": 154}[ds]
    ce, cb = curve(ds, "erlpboost", "nu"), curve(ds, "binary_erlpboost", "nu")
    common = sorted(set(ce) & set(cb))
    if not common:  # Binary ERLPBoost's theoretical-eta cells did not run on this set
        continue
    faster = [cb[v]["time_cpu"] < ce[v]["time_cpu"] for v in common]
    binary_faster_n[ds] = sum(faster)
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
# Fig 5.13 as a sign test over the 20 (set, nu/N) pairs: is Binary faster in significantly more than half?
n_faster = sum(binary_faster_n.values())
p_bin = binomtest(n_faster, 20, alternative="greater").pvalue
print(f"Fig 5.13: Binary faster in {n_faster} of 20 (set, nu/N) pairs, sign test p = {p_bin:.2f}")
assert len(binary_faster_n) == 2 and p_bin > 0.05  # not significantly faster: the claim is not supported here
claims.check("Glocer Fig 5.13", status="fails", on="german and diabetes, stumps, theoretical eta, "
             "nu/N in {1/N, 0.1, ..., 0.9}", note="CPU time: Binary faster in only about half of the 20 (set, "
             "nu/N) pairs (sign test p > 0.05; printed above), so 'Binary trains faster' is not supported; these "
             "cells take 0.01-50 s of CPU and a single run's time varies by tens of percent below 0.1 s")
assert len(identical) == 2 and all(identical.values())  # Fig 5.16: ERLPBoost and Binary within two standard errors
claims.check("Glocer Fig 5.16", status="partly reproduced", on="german and diabetes, stumps, theoretical eta, "
             "nu/N in {1/N, 0.1, ..., 0.9}", note="ERLPBoost and Binary within two standard errors at all ten nu/N "
             "values on both sets (at most 1.5 points apart); stumps only")
assert np.all(iter_ratio >= 10) and np.all((hyp_ratio >= 0.1) & (hyp_ratio <= 10))  # Fig 5.25
claims.check("Glocer Fig 5.25", status="partly reproduced", on="german and diabetes, stumps, every eta at nu = 1",
             note="corrective runs take 70-370x the iterations of the totally corrective ones (every one from "
                  "eta = 10 up hits the 20,000 cap) with 0.6-1.1x their distinct hypotheses")

# %% [markdown]
# ## 3 Raw-data and SVM hypotheses: Tables 5.5, 5.6, 5.8, 5.9, 5.11 and 5.12
#
# The thesis' two other hypothesis classes (ch. 5, "Raw data hypotheses ... SVM hypotheses"):
#
# * **raw data**: $h_j(x)=x_j/c_j$, a column of the data matrix (`refboost.oracles.RawFeatureOracle`,
#   reflexive); the thesis does not say how it maps features into $[-1,1]$, we divide by $c_j=\max_n|x_{nj}|$
#   on the training part;
# * **SVM hypotheses**: $h_m(x)=\langle x,x_m\rangle/c_m$ for a training example $x_m$ ("multiplying the
#   original data matrix by one of its rows"), i.e. a column of the linear kernel matrix
#   (`refboost.oracles.KernelColumnOracle`, reflexive, $c_m=\max_n|\langle x_n,x_m\rangle|$). The thesis
#   stresses that this "is not the same as training SVMs on the data and boosting the result", so the
#   weak learner here is **not** a per-round SVM.
# * The last row of Tables 5.6 and 5.9 is a **linear SVM** (software and $C$ not given): scikit-learn's
#   `LinearSVC` with $C=1$ on the training part, stored as one round of AdaBoost with the `linear-svm` weak
#   learner (under the uniform distribution that round returns the sign of the SVM itself; printed as `svm`).
#
# Studies `glocer_raw` and `glocer_svm` (same split, grids, selection rule and analysis as `glocer_ch5`).
# german is the catalogue's **unscaled** `german.numer` (its large-valued features dominate the inner
# products of the SVM hypotheses), diabetes the LIBSVM-scaled file. **What ran** (`_glocer_tier`): every
# totally corrective setting of Table 5.3 (a TC cell takes well under a second here: these classes have 48
# and 1,200 members on german), AdaBoost and the SVM, and every corrective setting too (a corrective cell
# takes at most 41 s of CPU here); for SVM hypotheses also the theoretical $\eta$ at $\epsilon=10^{-5}$, $\nu=1$ for
# all four variants: Table 5.12's $\eta$ of order $10^6$ decode to that setting ($2\cdot10^5\ln600=1.28\cdot10^6$),
# which its caption does not mention. a9a's rows for both classes are in §5; the three sparse sets ran with
# neither.

# %%
HYP = {"stump": "glocer_ch5", "raw": "glocer_raw", "kernel": "glocer_svm"}
HYP_NAME = {"stump": "stumps", "raw": "raw data", "kernel": "SVM hypotheses"}
NTEST = {"german.numer": 200, "diabetes": 154}


def load_records(study):
    with studies.Store(studies.default_store(study, "paper")) as sto:
        return [r for r in sto.records() if r["dataset"] in SETS]


RECS_H = {"stump": RECS, "raw": load_records("glocer_raw"), "kernel": load_records("glocer_svm")}
ROWS_H = {h: [r for r in studies.analyse(HYP[h], "paper") if r["dataset"] in SETS] for h in ("raw", "kernel")}
BEST_H = {h: {(r["dataset"], r["booster"]): r for r in rows} for h, rows in ROWS_H.items()}
BEST_H["stump"] = BEST
PAPER_H = {h: studies.paper_numbers()[HYP[h]] for h in HYP}
for h in ("raw", "kernel"):
    prov = json.loads((studies.default_store(HYP[h], "paper") / "provenance.json").read_text())
    print(f"{HYP[h]}: {len(RECS_H[h])} stored cells of german and diabetes, "
          f"{sum(r['time_cpu'] for r in RECS_H[h]) / 60:.1f} CPU minutes in the cells; {len(prov['runs'])} runs, "
          f"wall {sum(r['wall_time'] for r in prov['runs']) / 60:.1f} min")
    names = dict(NAMES, adaboost="svm" if h == "kernel" else "ada")
    print(studies.format_table([{c: names.get(r[c], r[c]) if c == "booster" else r.get(c) for c in SHOWN}
                                for r in ROWS_H[h]]))

# %% [markdown]
# **Two paths**, as for stumps: each chosen row is recomputed from the raw records by a direct minimum of the
# validation error, and each chosen test error is a whole number of test examples.

# %%
for h in ("raw", "kernel"):
    for (ds, b), row in BEST_H[h].items():
        cand = [r for r in RECS_H[h] if r["dataset"] == ds and r["booster"] == b]
        assert abs(100 * min(r["val_error"] for r in cand) - row["val_error_pct"]) < 1e-9
        wrong = row["test_error_pct"] / 100 * NTEST[ds]
        assert abs(wrong - round(wrong)) < 1e-9, (h, ds, b)
    svm_cells = [r for r in RECS_H[h] if r["booster"] == "adaboost"]
    assert {r["weak_learner"] for r in svm_cells} == {"linear-svm" if h == "kernel" else "raw"}
    if h == "kernel":  # one round: the SVM's own classifier, a single hypothesis
        assert all(r["n_iter"] == 1 and r["n_hypotheses"] == 1 for r in svm_cells)

# %% [markdown]
# ### Tables 5.5 and 5.6: test error of the chosen setting
#
# Each of our test errors is compared with the thesis' within two standard errors of a difference of two
# independent binomial proportions (as for Table 5.4). The qualitative claims of §5.6, each tested on our
# rows (a comparison of two methods on our **same** test set uses the one-sample $2\sqrt{p(1-p)/n}$):
# Table 5.5, AdaBoost is "comparable" to the best on german and diabetes; Table 5.6, "the totally corrective
# algorithms are at least as good as the corrective algorithms on every data set", the linear SVM is best on
# german (26.0 %) and worse than a boosting variant on diabetes; and "for each dataset except german, the
# best result for SVM hypotheses beats the best result for decision stumps and raw data".

# %%
def two_se(p, q, n, pooled=True):
    """Two standard errors of a difference of two test errors on n examples: of two independent binomial
    proportions (different splits, ``pooled``: 2p(1-p)/n) or of one (the same test set: p(1-p)/n)."""
    m = (p + q) / 2
    return 2 * math.sqrt((2 if pooled else 1) * m * (1 - m) / n)


def best_err(h, ds, b):
    return BEST_H[h][(ds, b)]["test_error_pct"] / 100


def best_cpu(h, ds, b):
    return BEST_H[h][(ds, b)]["cpu_s"]


ROWS5 = {"raw": (*ERLP_FAMILY, "adaboost"), "kernel": (*ERLP_FAMILY, "adaboost")}
consistent_h, lines = {}, []
for h in ("raw", "kernel"):
    for ds in SETS:
        for b in ROWS5[h]:
            ours, theirs = best_err(h, ds, b), PAPER_H[h]["values"][ds][b] / 100
            tol = two_se(ours, theirs, NTEST[ds])
            consistent_h[(h, ds, b)] = abs(ours - theirs) <= tol
            lines.append(f"{'raw' if h == 'raw' else 'SVM':4s}{ds:13s}{('svm' if h == 'kernel' and b == 'adaboost' else NAMES[b]):8s}"
                         f"ours {100 * ours:5.2f} thesis {100 * theirs:5.2f} |diff| {100 * abs(ours - theirs):4.2f}"
                         f" <= {100 * tol:4.2f} {consistent_h[(h, ds, b)]}")
print("\n".join(lines))
not_consistent = [k for k, v in consistent_h.items() if not v]
print("outside two standard errors:", not_consistent)

# Table 5.5: AdaBoost comparable to the best ERLPBoost variant on german and diabetes (same test set)
ada_comparable = {}
for ds in SETS:
    lo = min(best_err("raw", ds, b) for b in ERLP_FAMILY)
    ada = best_err("raw", ds, "adaboost")
    ada_comparable[ds] = abs(ada - lo) <= two_se(ada, lo, NTEST[ds], pooled=False)
    print(f"Table 5.5 {ds}: AdaBoost {100 * ada:.2f} %, best ERLPBoost variant {100 * lo:.2f} %: comparable "
          f"{ada_comparable[ds]}")
# Table 5.6: totally corrective at least as good as corrective; the linear SVM vs the boosters
tc_ge_corr, svm_best = {}, {}
for ds in SETS:
    tc = min(best_err("kernel", ds, b) for b in G.GLOCER_TC)
    co = min(best_err("kernel", ds, b) for b in G.GLOCER_CORRECTIVE)
    tc_ge_corr[ds] = tc <= co
    svm = best_err("kernel", ds, "adaboost")
    svm_best[ds] = svm <= min(best_err("kernel", ds, b) for b in ERLP_FAMILY)
    print(f"Table 5.6 {ds}: best TC {100 * tc:.2f} %, best corrective {100 * co:.2f} %; linear SVM {100 * svm:.2f} % "
          f"(least of the table: {svm_best[ds]})")
# the thesis: "for each data set except german, the best result for SVM hypotheses beats the best result for
# decision stumps and raw data" (the four ERLPBoost variants of each table)
best_class = {ds: {h: min(best_err(h, ds, b) for b in ERLP_FAMILY) for h in HYP} for ds in SETS}
for ds in SETS:
    print(f"best ERLPBoost-family test error on {ds}: " + ", ".join(f"{HYP_NAME[h]} {100 * e:.2f} %"
                                                                     for h, e in best_class[ds].items()))
svm_class_wins = {ds: best_class[ds]["kernel"] <= min(best_class[ds]["stump"], best_class[ds]["raw"]) for ds in SETS}
print("SVM hypotheses at least as good as stumps and raw data:", svm_class_wins)

# %%
assert all(consistent_h.values())  # every raw-data and SVM test error within two standard errors of the thesis'
assert all(ada_comparable.values())  # Table 5.5: AdaBoost within sampling error of the best variant
assert all(tc_ge_corr.values())  # Table 5.6: totally corrective at least as good as corrective
assert svm_best["german.numer"] and not svm_best["diabetes"]  # Table 5.6: the SVM best on german, not on diabetes
assert not any(svm_class_wins.values())  # counterexample: on diabetes SVM hypotheses do not beat stumps
claims.check("Glocer Table 5.5", status="partly reproduced", on="german and diabetes, raw data, every setting of the grid",
             note="all ten test errors within two standard errors of the thesis'; AdaBoost comparable to the best "
                  "variant on both sets, as stated; 'ERLPBoost best overall' rests on the four sets not run")
claims.check("Glocer Table 5.6", status="partly reproduced",
             on="german and diabetes, SVM hypotheses (linear-kernel columns) and LinearSVC (C = 1), every setting of the grid",
             note="all ten test errors within two standard errors; TC at least as good as corrective and the linear "
                  "SVM best on german, worse than ERLPBoost on diabetes, as stated; but 'SVM hypotheses beat stumps "
                  "and raw data except on german' fails on diabetes (22.73 % against 21.43 % with raw data)")

# %% [markdown]
# ### Tables 5.8 and 5.9: CPU time of the chosen setting
#
# Times from another machine, so orders only. The thesis' statements about them: Table 5.8 (raw data),
# "Corrective ERLPBoost was faster than ERLPBoost on every dataset except news20" and "Binary ERLPBoost was
# faster than Corrective Binary ERLPBoost on every data set"; Table 5.9, "SVMs are dramatically faster than any
# of our boosting algorithms" and "the totally corrective algorithms are faster than the corrective algorithms
# for SVM hypotheses"; and (Table 5.7's text) Corrective Binary is slower than Corrective ERLPBoost "for the
# other two hypothesis classes as well", which we test setting by setting as for stumps.

# %%
def cpu_order(h, ds, bs):
    return " < ".join(("svm" if h == "kernel" and b == "adaboost" else NAMES[b])
                      for b in sorted(bs, key=lambda b: best_cpu(h, ds, b)))


for h in ("raw", "kernel"):
    for ds in SETS:
        bs = ROWS5[h]
        ours = {b: best_cpu(h, ds, b) for b in bs}
        theirs = PAPER_H[h]["times"][ds]
        print(f"{HYP_NAME[h]:14s} {ds:13s} ours " + ", ".join(f"{NAMES[b]} {v:.3g}" for b, v in ours.items())
              + " | thesis " + ", ".join(f"{NAMES[b]} {theirs[b]:g}" for b in bs))
        print(f"{'':28s} order ours: {cpu_order(h, ds, bs)}")
# Table 5.8 (raw data): "Corrective ERLPBoost was faster than ERLPBoost on every dataset except news20" and
# "Binary ERLPBoost was faster than Corrective Binary ERLPBoost on every data set"
corr_faster_raw = {ds: best_cpu("raw", ds, "corrective_erlpboost") < best_cpu("raw", ds, "erlpboost") for ds in SETS}
bin_faster_raw = {ds: best_cpu("raw", ds, "binary_erlpboost") < best_cpu("raw", ds, "corrective_binary_erlpboost")
                  for ds in SETS}
# Table 5.9 (SVM): "SVMs are dramatically faster than any of our boosting algorithms"; "the totally corrective
# algorithms are faster than the corrective algorithms"
svm_fastest = {ds: best_cpu("kernel", ds, "adaboost") < min(best_cpu("kernel", ds, b) for b in ERLP_FAMILY)
               for ds in SETS}
tc_faster_svm = {ds: max(best_cpu("kernel", ds, b) for b in G.GLOCER_TC)
                 < min(best_cpu("kernel", ds, b) for b in G.GLOCER_CORRECTIVE) for ds in SETS}
print("Table 5.8: Corrective faster than ERLPBoost", corr_faster_raw, "| Binary faster than Corrective Binary",
      bin_faster_raw)
print("Table 5.9: linear SVM faster than every booster", svm_fastest, "| TC faster than corrective", tc_faster_svm)
# "Corrective Binary ERLPBoost is slower than Corrective ERLPBoost ... true for the other two hypothesis classes as
# well": setting by setting, over the settings both ran with the same number of iterations
ratios_h = {}
for h in ("raw", "kernel"):
    by = {(r["dataset"], r["booster"], r["params"]): r for r in RECS_H[h]}
    rs = [by[(ds, "corrective_binary_erlpboost", p)]["time_cpu"] / r["time_cpu"]
          for (ds, b, p), r in by.items() if b == "corrective_erlpboost"
          and (ds, "corrective_binary_erlpboost", p) in by and by[(ds, "corrective_binary_erlpboost", p)]["n_iter"]
          == r["n_iter"]]
    ratios_h[h] = np.array(rs)
    print(f"{HYP_NAME[h]}: {len(rs)} settings, CPU corr bin / corr median {np.median(rs):.2f}, range "
          f"[{min(rs):.2f}, {max(rs):.2f}]")

# %%
assert not any(corr_faster_raw.values())  # counterexample to Table 5.8's "Corrective faster than ERLPBoost"
assert all(bin_faster_raw.values())  # Table 5.8: Binary faster than Corrective Binary
assert all(svm_fastest.values())  # Table 5.9: the linear SVM faster than every booster
assert all(tc_faster_svm.values())  # Table 5.9: totally corrective faster than corrective
assert ratios_h["raw"].min() < 1 < ratios_h["raw"].max()  # raw data: Corrective Binary not uniformly slower
claims.check("Glocer Table 5.8", status="partly reproduced", on="german and diabetes, raw data, CPU time",
             note="Binary faster than Corrective Binary on both, as stated; 'Corrective ERLPBoost faster than "
                  "ERLPBoost' fails on both (a TC cell takes hundredths of a second here, a corrective one "
                  "seconds); setting by setting Corrective Binary is not uniformly slower than Corrective")
claims.check("Glocer Table 5.9", status="partly reproduced", on="german and diabetes, SVM hypotheses, CPU time",
             note="TC faster than corrective on both and the linear SVM faster than every booster on both, as "
                  "stated (orders only: another machine)")

# %% [markdown]
# ### Tables 5.11 and 5.12: the chosen parameters
#
# As for Table 5.10, every printed winner is a theoretical $\eta$ (Table 5.11 at $\epsilon=0.001$ or $0.01$;
# Table 5.12 also at the unstated $\epsilon=10^{-5}$, which won all four german entries).

# %%
won_h = {}
for h in ("raw", "kernel"):
    for ds in SETS:
        for b in ERLP_FAMILY:
            row = BEST_H[h][(ds, b)]
            rec = next(r for r in G.glocer_best(RECS_H[h], "paper", h) if r["dataset"] == ds and r["booster"] == b)
            p = json.loads(rec["best"]["params"])
            won_h[(h, ds, b)] = {"theoretical": "eta" not in p, "eps": p.get("eps"), "nu_frac": p.get("nu_frac", 0)}
            print(f"{HYP_NAME[h]:14s} {ds:13s} {NAMES[b]:9s} ours {row['chosen']:>16s}  thesis {row['paper_chosen']}")
for h in ("raw", "kernel"):
    n_theo = sum(v["theoretical"] for k, v in won_h.items() if k[0] == h)
    print(f"{HYP_NAME[h]}: theoretical eta won {n_theo} of {len(SETS) * len(ERLP_FAMILY)}")
hp_won_german = [b for b in ERLP_FAMILY if won_h[("kernel", "german.numer", b)]["eps"] == 1e-05]
print("SVM hypotheses, german: winners at eps = 1e-5 (Table 5.12's german column):", hp_won_german)

# %%
assert not any(v["theoretical"] for k, v in won_h.items() if k[0] == "raw")  # counterexamples to Table 5.11
assert set(G.GLOCER_TC) <= set(hp_won_german)  # Table 5.12: both TC german winners are the eps = 1e-5 setting
assert sum(v["theoretical"] for k, v in won_h.items() if k[0] == "kernel") < len(SETS) * len(ERLP_FAMILY)
claims.check("Glocer Table 5.11", status="fails", on="german and diabetes, raw data, every setting of the grid",
             note="'every winner is a theoretical eta' fails: none of the eight is; all are grid values eta <= 500, "
                  "the corrective ones eta = 10 on diabetes and 500 on german")
claims.check("Glocer Table 5.12", status="partly reproduced", on="german and diabetes, SVM hypotheses",
             note="on german both totally corrective winners are the theoretical eta at the unstated eps = 1e-5, "
                  "nu = 1, exactly as printed (1.28e6, 1.48e6); six of eight winners are theoretical etas, but on "
                  "diabetes Binary (eta = 100) and Corrective ERLPBoost (eta = 3000) win with grid values")

# %% [markdown]
# ### Figures 5.19-5.24: corrective against totally corrective, time and test error against $\eta$
#
# One row per hypothesis class (stumps from the `glocer_ch5` store), $\nu=1$, every $\eta$ both boosters of a
# pair ran (all 13 for every class). The thesis (§5.4): with stumps
# TC "always faster for low $\eta$" and slower at large $\eta$ (except a9a); with raw data TC "generally
# faster ... except for the german data set, where the results are mixed"; with SVM hypotheses TC
# "significantly faster" (except a9a). Test error: tied at small $\eta$ for stumps and raw data, and for SVM
# hypotheses "no significant difference" on german and diabetes. Ties are tested within the one-sample two
# standard errors.

# %%
def curve_h(h, ds, b, vary, recs=None):
    """A Figs 5.10-5.27 curve keyed by eta or nu/N, from the class' records (or ``recs``)."""
    recs = RECS_H[h] if recs is None else recs
    return {(q["eta"] if vary == "eta" else q["nu_frac"]): q for q in G.glocer_curve(recs, ds, b, vary)}


fig, axes = plt.subplots(3, 2, figsize=(13, 11))
for i, h in enumerate(HYP):
    for ds, ls in zip(SETS, ("-", "--"), strict=True):
        for b, col in zip(ERLP_FAMILY, ("C0", "C1", "C2", "C3"), strict=True):
            c = G.glocer_curve(RECS_H[h], ds, b, "eta")
            if not c:
                continue
            lab = f"{NAMES[b]} {ds.split('.')[0]}"
            axes[i, 0].loglog([q["eta"] for q in c], [max(q["time_cpu"], 1e-3) for q in c], "o" + ls, color=col,
                              label=lab, ms=3)
            axes[i, 1].semilogx([q["eta"] for q in c], [q["test_error"] for q in c], "o" + ls, color=col, label=lab,
                                ms=3)
    axes[i, 0].set(xlabel=r"$\eta$ ($\nu=1$; rightmost: theoretical)", ylabel="CPU s",
                   title=f"{HYP_NAME[h]}: Fig {('5.19', '5.20', '5.21')[i]}")
    axes[i, 1].set(xlabel=r"$\eta$ ($\nu=1$)", ylabel="test error", title=f"{HYP_NAME[h]}: Fig {('5.22', '5.23', '5.24')[i]}")
    axes[i, 1].legend(fontsize=7, ncol=2)
fig.tight_layout()
plt.show()

# the comparisons, on the etas both boosters of a pair (TC, its corrective version) ran at nu = 1
tc_time_win, err_tie, err_tie_small = {}, {}, {}
for h in HYP:
    for ds in SETS:
        for tc, co in zip(G.GLOCER_TC, G.GLOCER_CORRECTIVE, strict=True):
            a, c = curve_h(h, ds, tc, "eta"), curve_h(h, ds, co, "eta")
            common = sorted(set(a) & set(c))
            tc_time_win[(h, ds, tc)] = [a[e]["time_cpu"] < c[e]["time_cpu"] for e in common]
            ties = [abs(a[e]["test_error"] - c[e]["test_error"])
                    <= two_se(a[e]["test_error"], c[e]["test_error"], NTEST[ds], pooled=False) for e in common]
            err_tie[(h, ds, tc)] = ties
            err_tie_small[(h, ds, tc)] = ties[0] if common else None
            print(f"{HYP_NAME[h]:14s} {ds:13s} {NAMES[tc]:4s} vs {NAMES[co]:8s} etas {[round(e) for e in common]}: "
                  f"TC faster {sum(tc_time_win[(h, ds, tc)])}/{len(common)}, test errors within 2 SE "
                  f"{sum(ties)}/{len(common)}")

# %%
def at(h, ds, tc, k):
    """Outcome at the k-th common eta of a (TC, corrective) pair."""
    return tc_time_win[(h, ds, tc)][k]


# Fig 5.19, stumps: TC faster at the smallest eta (10) everywhere; at the theoretical eta (the largest) it is
# still faster on german, against "slower at large eta"
assert all(at("stump", ds, tc, 0) for ds in SETS for tc in G.GLOCER_TC)
assert all(at("stump", "german.numer", tc, -1) for tc in G.GLOCER_TC)
assert not all(at("stump", "diabetes", tc, -1) for tc in G.GLOCER_TC)  # diabetes: TC slower at the theoretical eta
claims.check("Glocer Fig 5.19", status="partly reproduced", on="german and diabetes, stumps, nu = 1, every eta",
             note="TC faster at small eta, as stated; 'slower at large eta' fails on german (TC faster at every "
                  "eta) and holds on diabetes only at the theoretical eta (TC 40-47 s, corrective 17-22 s)")
assert all(all(v) for k, v in tc_time_win.items() if k[0] == "raw")  # Fig 5.20: TC faster at every eta
claims.check("Glocer Fig 5.20", status="partly reproduced", on="german and diabetes, raw data, nu = 1",
             note="TC faster than corrective at every eta on both sets (the thesis: generally faster, german mixed)")
assert all(all(v) and v for k, v in tc_time_win.items() if k[0] == "kernel")  # Fig 5.21
claims.check("Glocer Fig 5.21", status="partly reproduced", on="german and diabetes, SVM hypotheses, nu = 1, every eta",
             note="TC faster at every eta, as stated")
assert all(err_tie_small[k] for k in err_tie_small if k[0] in ("stump", "raw"))  # Figs 5.22, 5.23: tied at eta 10
assert all(all(v) for k, v in err_tie.items() if k[0] == "raw")
claims.check("Glocer Fig 5.22", status="partly reproduced", on="german and diabetes, stumps, nu = 1",
             note="test errors of TC and corrective within two standard errors at the smallest eta (1), as stated")
claims.check("Glocer Fig 5.23", status="partly reproduced", on="german and diabetes, raw data, nu = 1",
             note="tied within two standard errors at every eta (the thesis: ties on three of six sets)")
assert all(all(v) for k, v in err_tie.items() if k[0] == "kernel")  # Fig 5.24: no significant difference
claims.check("Glocer Fig 5.24", status="partly reproduced", on="german and diabetes, SVM hypotheses, nu = 1, every eta",
             note="no significant difference on german and diabetes at any eta, as stated")

# %% [markdown]
# ### Figures 5.11, 5.12, 5.14, 5.15, 5.17, 5.18, 5.26, 5.27 from the same stores
#
# Fig 5.11: with raw data "more regularization significantly reduces the generalization error for the german
# and diabetes data sets"; Fig 5.12: for SVM hypotheses the theoretical $\eta$ "is a reasonable choice";
# Fig 5.14: Binary faster than ERLPBoost with raw data too; Fig 5.15: with SVM hypotheses Binary "clearly
# faster ... for all $\nu$" on german and diabetes; Fig 5.17: with raw data Binary "performs slightly better on
# german and diabetes"; Fig 5.18: virtually identical test errors with SVM hypotheses; Figs 5.26-5.27: the
# corrective boosters need far more iterations with a similar order of distinct hypotheses.

# %%
more_reg_h, bin_faster_h, bin_err_h, iter_ratio_h, hyp_ratio_h, iter_eta_h, iter_pair_h = {}, {}, {}, {}, {}, {}, {}
for h in ("raw", "kernel"):
    for ds in SETS:
        for b in G.GLOCER_TC:  # Figs 5.11, 5.12: test error vs eta at nu = 1
            c = curve_h(h, ds, b, "eta")
            theo = next(q for q in c.values() if q["theoretical"] and q["eta"] == max(c))
            small = min(q["test_error"] for e, q in c.items() if e <= 100)
            more_reg_h[(h, ds, b)] = (small, theo["test_error"])
        ce, cb = curve_h(h, ds, "erlpboost", "nu"), curve_h(h, ds, "binary_erlpboost", "nu")
        common = sorted(set(ce) & set(cb))  # Figs 5.14-5.18: theoretical eta, every nu/N
        bin_faster_h[(h, ds)] = [cb[v]["time_cpu"] < ce[v]["time_cpu"] for v in common]
        bin_err_h[(h, ds)] = [cb[v]["test_error"] - ce[v]["test_error"] for v in common]
        ir, hr, ie, ip = [], [], [], []
        for tc, co in zip(G.GLOCER_TC, G.GLOCER_CORRECTIVE, strict=True):  # Figs 5.26, 5.27
            a, c = curve_h(h, ds, tc, "eta"), curve_h(h, ds, co, "eta")
            for e in sorted(set(a) & set(c)):
                ir.append(c[e]["n_iter"] / a[e]["n_iter"])
                hr.append(c[e]["n_hypotheses"] / a[e]["n_hypotheses"])
                ie.append(e)
                ip.append(f"{NAMES[co]} / {NAMES[tc]}")
        iter_ratio_h[(h, ds)], hyp_ratio_h[(h, ds)], iter_eta_h[(h, ds)] = np.array(ir), np.array(hr), np.array(ie)
        iter_pair_h[(h, ds)] = ip
        print(f"{HYP_NAME[h]:14s} {ds:13s} Fig 5.1{1 if h == 'raw' else 2}: min test error eta <= 100 / theoretical: "
              + ", ".join(f"{NAMES[b]} {more_reg_h[(h, ds, b)][0]:.3f}/{more_reg_h[(h, ds, b)][1]:.3f}"
                          for b in G.GLOCER_TC))
        print(f"{'':28s} Binary faster at {sum(bin_faster_h[(h, ds)])}/{len(common)} nu/N; test error Binary - "
              f"ERLPBoost mean {np.mean(bin_err_h[(h, ds)]):+.4f}, max |.| {np.max(np.abs(bin_err_h[(h, ds)])):.3f}")
        print(f"{'':28s} corrective / TC: iterations [{ir and min(ir):.0f}, {ir and max(ir):.0f}], distinct "
              f"hypotheses [{hr and min(hr):.2f}, {hr and max(hr):.2f}]")

# %%
SETS_H = [(h, ds) for h in ("raw", "kernel") for ds in SETS]
# Fig 5.11 (raw): no eta <= 100 beats the theoretical one: "more regularization ... reduces the error" fails
assert all(more_reg_h[("raw", ds, b)][0] >= more_reg_h[("raw", ds, b)][1] for ds in SETS for b in G.GLOCER_TC)
claims.check("Glocer Fig 5.11", status="fails", on="german and diabetes, raw data, nu = 1",
             note="the least test error over eta <= 100 equals the theoretical eta's on both sets: more "
                  "regularisation does not reduce the error here")
# Fig 5.12 (SVM): the theoretical eta within two standard errors of the best eta <= 100
assert all(abs(a - b) <= two_se(a, b, NTEST[ds], pooled=False)
           for (h, ds, _), (a, b) in more_reg_h.items() if h == "kernel")
claims.check("Glocer Fig 5.12", status="partly reproduced", on="german and diabetes, SVM hypotheses, nu = 1",
             note="the theoretical eta is within two standard errors of the best eta <= 100: a reasonable choice")
# Figs 5.14, 5.15: Binary faster at a majority of nu/N (raw), at every nu/N (SVM, german and diabetes): both fail
assert not any(sum(v) > len(v) / 2 for (h, ds), v in bin_faster_h.items() if h == "raw")
assert not any(all(v) for (h, ds), v in bin_faster_h.items() if h == "kernel")
claims.check("Glocer Fig 5.14", status="fails", on="german and diabetes, raw data, theoretical eta, every nu/N",
             note="Binary faster at only 3-4 of 10 nu/N values; the cells take hundredths of a second here")
claims.check("Glocer Fig 5.15", status="fails", on="german and diabetes, SVM hypotheses, theoretical eta, every nu/N",
             note="'Binary clearly faster for all nu on german and diabetes' fails: faster at some nu/N only")
# Fig 5.17 (raw): "Binary slightly better on german and diabetes" fails (its mean error is slightly higher);
# Fig 5.18 (SVM): virtually identical, within two standard errors at every nu/N
assert all(np.mean(bin_err_h[("raw", ds)]) > 0 for ds in SETS)
assert all(np.max(np.abs(bin_err_h[("kernel", ds)])) <= two_se(0.25, 0.25, NTEST[ds], pooled=False) for ds in SETS)
claims.check("Glocer Fig 5.17", status="fails", on="german and diabetes, raw data, theoretical eta, every nu/N",
             note="Binary's test error is on average slightly higher, not lower (differences within sampling error)")
claims.check("Glocer Fig 5.18", status="partly reproduced", on="german and diabetes, SVM hypotheses, every nu/N",
             note="ERLPBoost and Binary within two standard errors at every nu/N (at most 2 points apart)")
# Figs 5.26, 5.27: the corrective runs take more iterations at every eta, at least 10x at every eta > 1 (at
# eta = 1, the strongest regularisation, both stop within a few dozen iterations), and the numbers of distinct
# hypotheses are within 10x of each other
below_10x = [f"{HYP_NAME[h]}, {ds}, {pair} at eta = {e:g}: {r:.1f}x" for (h, ds), rs in iter_ratio_h.items()
             for e, r, pair in zip(iter_eta_h[(h, ds)], rs, iter_pair_h[(h, ds)], strict=True) if r < 10]
print("corrective / TC iterations below 10x:", "; ".join(below_10x))
assert all(np.all(iter_ratio_h[k] > 1) and np.all(iter_ratio_h[k][iter_eta_h[k] > 1] >= 10)
           and np.all((hyp_ratio_h[k] >= 0.1) & (hyp_ratio_h[k] <= 10)) for k in SETS_H)
claims.check("Glocer Fig 5.26", status="partly reproduced", on="german and diabetes, raw data, nu = 1",
             note="corrective / TC iterations 60-1,700x, distinct hypotheses within 10x")
claims.check("Glocer Fig 5.27", status="partly reproduced", on="german and diabetes, SVM hypotheses, nu = 1",
             note="corrective / TC iterations 86-3,333x at every eta > 1 and 9x at eta = 1 on german (27 "
                  "against 3), distinct hypotheses 1.3-5x")

# %% [markdown]
# ## §5.1: test error against iteration (Figs 5.1-5.9)
#
# Glocer (2009), §5.1 follows single runs and plots the test error of the combined hypothesis after each
# iteration: LPBoost uncapped (Figs 5.1-5.3: stumps at $\epsilon=0.05$, raw data at $\epsilon=0.01$, SVM
# hypotheses), LPBoost capped (Figs 5.4-5.6, several $\nu/N$) and ERLPBoost at $\nu=1$, $\epsilon=0.001$,
# $\eta\in\{20,200,2000\}$ (Figs 5.7-5.9), one panel per data set. The text: LPBoost's error "fluctuates
# wildly" on every set except a9a (stumps), except news20 and diabetes (raw data), except real-sim (SVM);
# capping "does not stabilize the algorithm"; ERLPBoost is stable "in almost every case", its worst case a change
# of 0.07 in one iteration (Fig 5.9(f), diabetes, SVM hypotheses), "not nearly as severe" as LPBoost's.
#
# Study `glocer_stability` (`refboost-repro glocer_stability --scale paper`): the same cells on german and
# diabetes with `trace: true`, LPBoost capped at $\nu/N\in\{0.1,0.3\}$ (our choice: the figures' legends are not
# legible in our copy). The trace evaluates the run at roughly geometric checkpoints (every iteration up to
# $t=4$, then ratio $\sqrt2$, and the last one), so with stumps (37-253 iterations) it sees 11-16 points per
# run; the raw-data and SVM runs stop within 25 iterations and are seen at 4-11 checkpoints. **Statistic,
# fixed before the runs:** the largest rise of the test error between consecutive checkpoints; a run is
# *unstable* when it is at least 5 percentage points (`GLOCER_JUMP`; 10 of german's 200, 8 of diabetes' 154
# test examples), a bit below the thesis' own "not severe" 0.07.

# %%
ST_STORE = studies.default_store("glocer_stability", "paper")
with studies.Store(ST_STORE) as sto:
    ST_RECS = sto.records()
ST_PROV = json.loads((ST_STORE / "provenance.json").read_text())
ST_ROWS = studies.analyse("glocer_stability", "paper")
print(studies.format_table([{k: r[k] for k in ("figure", "dataset", "weak_learner", "booster", "setting", "n_iter",
                                              "max_rise_pct", "test_error_pct", "unstable", "paper")}
                            for r in sorted(ST_ROWS, key=lambda r: (r["figure"], r["dataset"], r["setting"]))]))
print(f"{len(ST_RECS)} traced cells, {sum(r['time_cpu'] for r in ST_RECS):.0f} s CPU in the cells")


def pj(r):
    """A record's parameters as a dict."""
    return json.loads(r["params"]) if isinstance(r["params"], str) else dict(r["params"])


def st_cell(ds, wl, b, **p):
    """The traced record of (data set, class, booster, parameters without eps/max_iter/trace)."""
    out = [r for r in ST_RECS if r["dataset"] == ds and r["weak_learner"] == wl and r["booster"] == b
           and {k: v for k, v in pj(r).items() if k not in ("eps", "max_iter", "trace")} == p]
    assert len(out) == 1, (ds, wl, b, p)
    return out[0]


# %% tags=["hide-input"]
WL_NAME = {"stump": "stumps", "raw": "raw data", "kernel": "SVM hypotheses"}
for ds in SETS:
    fig, axs = plt.subplots(3, 3, figsize=(13, 10), sharey="row")
    for i, wl in enumerate(G.GLOCER_WEAK_LEARNERS):
        panels = ([("nu = 1", st_cell(ds, wl, "lpboost"))],
                  [(f"nu/N = {f}", st_cell(ds, wl, "lpboost", nu_frac=f)) for f in (0.1, 0.3)],
                  [(f"eta = {e:g}", st_cell(ds, wl, "erlpboost", eta=e)) for e in (20.0, 200.0, 2000.0)])
        for j, lines in enumerate(panels):
            for lab, r in lines:
                s = G.glocer_trace_stats(r)
                axs[i, j].plot(s["t"], s["test_error"], "o-", ms=3, label=lab)
            fig_no = G.GLOCER_STABILITY_FIGS[("lpboost", "lpboost capped", "erlpboost")[j]][i]
            axs[i, j].set(title=f"{fig_no}: {('LPBoost', 'LPBoost capped', 'ERLPBoost')[j]}, {WL_NAME[wl]}",
                          xlabel="iteration", ylabel="test error" if j == 0 else None)
            axs[i, j].legend(fontsize=9)
    fig.suptitle(f"{ds}: test error after t iterations (cf. Glocer 2009, Figs 5.1-5.9, panels (e)/(f))")
    fig.tight_layout()
    plt.show()

# %% [markdown]
# **Two paths.** The traced cells repeat cells of the `glocer_ch5`, `glocer_raw` and `glocer_svm` stores (same data
# set, split, booster and parameters, run separately without a trace): the last checkpoint of each trace must be
# that run, with the same number of iterations and the same test error. Then the thesis' statements, with the
# statistic above.

# %%
n_same = 0
for r in ST_RECS:
    p = {k: v for k, v in pj(r).items() if k != "trace"}
    twin = [q for q in RECS_H[r["weak_learner"]] if q["dataset"] == r["dataset"] and q["booster"] == r["booster"]
            and pj(q) == p]
    tr = json.loads(r["trace"]) if isinstance(r["trace"], str) else r["trace"]
    # the trace ends at the run (ERLPBoost's history also holds the final oracle call that certified the stop)
    assert tr["t"][-1] - r["n_iter"] in (0, 1) and abs(tr["test_error"][-1] - r["test_error"]) < 1e-12
    for q in twin:  # the separate, untraced run of the same cell
        assert q["n_iter"] == r["n_iter"] and abs(q["test_error"] - r["test_error"]) < 1e-12, (r["dataset"], p)
        n_same += 1
print(f"{n_same} of {len(ST_RECS)} traced cells have an untraced twin in the glocer stores; all agree")
assert n_same >= 20  # every ERLPBoost cell (18) and the stump LPBoost cells at eps = 0.05 (6)

ST = {(r["dataset"], r["weak_learner"], r["booster"], r["setting"]): r for r in ST_ROWS}
lp = {k: r for k, r in ST.items() if k[2] == "lpboost"}
er = {k: r for k, r in ST.items() if k[2] == "erlpboost"}
# Figs 5.1-5.3: LPBoost uncapped is unstable on both sets and every class, also raw data on diabetes,
# which the thesis names as an exception (Fig 5.2)
assert all(r["unstable"] for k, r in lp.items() if k[3] == "0")
assert ST[("diabetes", "raw", "lpboost", "0")]["max_rise_pct"] >= 20
# Figs 5.4-5.6: capping does not stabilise: every capped run is unstable too
assert all(r["unstable"] for k, r in lp.items() if k[3] != "0")
assert len(lp) == 18 and sum(r["max_rise_pct"] >= 17 for r in lp.values()) == 17
# Figs 5.7-5.9: ERLPBoost stable with stumps and raw data on both sets and with SVM hypotheses on german ...
assert all(not r["unstable"] for k, r in er.items() if not (k[0] == "diabetes" and k[1] == "kernel"))
# ... but not with SVM hypotheses on diabetes (the thesis' own worst case, Fig 5.9(f): 0.07): rises of 8-11 points
# at eta = 200 and 2000, above the capped LPBoost run at nu/N = 0.3 (6.5) but below the other two LPBoost runs
dk = [r["max_rise_pct"] for k, r in er.items() if k[:2] == ("diabetes", "kernel")]
assert sum(v >= 100 * G.GLOCER_JUMP for v in dk) == 2 and max(dk) < 11
assert ST[("diabetes", "kernel", "lpboost", "0.3")]["max_rise_pct"] < max(dk)
# on every set and class ERLPBoost's largest rise is below the uncapped LPBoost run's (Figs 5.1-5.3 vs 5.7-5.9)
for ds in SETS:
    for wl in G.GLOCER_WEAK_LEARNERS:
        e_max = max(r["max_rise_pct"] for k, r in er.items() if k[:2] == (ds, wl))
        assert e_max < ST[(ds, wl, "lpboost", "0")]["max_rise_pct"], (ds, wl)
claims.check("Glocer Fig 5.1", status="partly reproduced",
             on="german.numer and diabetes (the thesis' panels (e), (f)), one 60/20/20 split, traced single runs, "
                "stumps, eps = 0.05",
             note="max test-error rise between checkpoints 29.5 (german) and 28.6 (diabetes) points: unstable")
claims.check("Glocer Fig 5.2", status="partly reproduced",
             on="german.numer and diabetes (the thesis' panels (e), (f)), one 60/20/20 split, traced single runs, "
                "raw data, eps = 0.01",
             note="unstable on german as stated; the thesis' diabetes exception is not reproduced "
                  "(a 28.6-point rise)")
claims.check("Glocer Fig 5.3", status="partly reproduced",
             on="german.numer and diabetes (the thesis' panels (e), (f)), one 60/20/20 split, traced single runs, "
                "SVM hypotheses, eps = 0.01",
             note="unstable on both sets, as stated")
claims.check("Glocer Fig 5.4", status="partly reproduced",
             on="german.numer and diabetes (the thesis' panels (e), (f)), one 60/20/20 split, traced single runs, "
                "stumps, nu/N in {0.1, 0.3}",
             note="capping does not stabilise: every capped run has a rise of >= 5 points")
claims.check("Glocer Fig 5.5", status="partly reproduced",
             on="german.numer and diabetes (the thesis' panels (e), (f)), one 60/20/20 split, traced single runs, "
                "raw data, nu/N in {0.1, 0.3}",
             note="capping does not stabilise: every capped run has a rise of >= 5 points")
claims.check("Glocer Fig 5.6", status="partly reproduced",
             on="german.numer and diabetes (the thesis' panels (e), (f)), one 60/20/20 split, traced single runs, "
                "SVM hypotheses, nu/N in {0.1, 0.3}",
             note="capping does not stabilise: every capped run has a rise of >= 5 points")
claims.check("Glocer Fig 5.7", status="partly reproduced",
             on="german.numer and diabetes (the thesis' panels (e), (f)), one 60/20/20 split, traced single runs, "
                "stumps, eta in {20, 200, 2000}",
             note="no rise of 5 points or more; the slow upward drift of (e), (f) shows too")
claims.check("Glocer Fig 5.8", status="partly reproduced",
             on="german.numer and diabetes (the thesis' panels (e), (f)), one 60/20/20 split, traced single runs, "
                "raw data, eta in {20, 200, 2000}",
             note="no rise of 5 points or more")
claims.check("Glocer Fig 5.9", status="partly reproduced",
             on="german.numer and diabetes (the thesis' panels (e), (f)), one 60/20/20 split, traced single runs, "
                "SVM hypotheses, eta in {20, 200, 2000}",
             note="stable on german; on diabetes rises of 8.4 and 10.4 points at eta = 200, 2000 (the thesis' "
                  "worst case "
                  "there is 0.07): below uncapped LPBoost's 17.5 on the same set and class, above the capped "
                  "(nu/N = 0.3) LPBoost run's 6.5")

# %% [markdown]
# **Result.** With the statistic fixed in advance, LPBoost is unstable in all 18 runs (6 uncapped, 12 capped): its
# test error jumps by 6.5-55 points between two checkpoints (17 of 18 runs by 17 or more), and capping does not
# help (Figs 5.4-5.6 hold on both sets). The thesis' exception for raw data on diabetes (Fig 5.2) is **not**
# reproduced: our run jumps by 28.6 points. ERLPBoost stays below 5 points with stumps and raw data on both sets
# and with SVM hypotheses on german; with SVM hypotheses on diabetes (the panel the thesis itself names as
# ERLPBoost's worst, 0.07) it jumps by 8.4 and 10.4 points at $\eta=200$ and $2000$ (at $\eta=20$ by 0.6), less
# than the uncapped LPBoost run (17.5) but more than the capped run at $\nu/N=0.3$ (6.5). Several LPBoost runs stop
# far above the majority rule's error (german, 30 % positives: up to 66.5 % test error). Only german and diabetes,
# the thesis' panels (e) and (f), are run: the four large sets are not here (§5).

# %% [markdown]
# ## 4 §5.5: high precision, duality gap against iterations and time
#
# At $\epsilon=10^{-5}$ the thesis runs ERLPBoost and Corrective ERLPBoost on diabetes (Fig 5.28)
# and german (Fig 5.29) and plots the duality gap against iterations and time; on diabetes the TC
# algorithm converges in fewer iterations **and** less time. The gap both algorithms stop on is the
# same quantity, $\min_{q\le t}P^q(d^{q-1})-\hat\Theta^{t-1}$ (Alg. 3.2 and Alg. 4.1 with the max form
# of (3.6)); the boosters record it per iteration with its time (`history`: ERLPBoost's
# `delta_practical`, Corrective ERLPBoost's `delta`). The study `glocer_precision` stores these curves for
# german and diabetes (further below); first this section runs the two boosters itself, on the bundled LIBSVM
# **breast-cancer** set (683 examples, 10 features; german and diabetes are not bundled), where the whole stump
# class is small enough for an independent LP: $\nu=1$, theoretical $\eta$, Corrective ERLPBoost stopped after
# 20,000 iterations.
#
# **Independent path.** The gap brackets the ERLP optimum, $\hat\Theta^{t-1}\le P^*_{ERLP}\le\min_q
# P^q(d^{q-1})$, and $P_{LP}\le P^*_{ERLP}\le P_{LP}+\frac{\ln(N/\nu)}{\eta}=P_{LP}+\frac\epsilon2$ (eq. (3.7)), so
# HiGHS' soft-margin LP value over the **whole** stump class must satisfy
# $\hat\Theta^{t-1}-\frac\epsilon2\le P_{LP}\le\min_q P^q(d^{q-1})$ at every $t$, for both boosters.

# %%
EPS_HP = 1e-5
bc = datasets.load("breast-cancer")
orc = StumpOracle(bc.X, bc.y)
# warm up both boosters on 40 examples first, so the CPU times below do not include numba's one-time compile
# (with an empty numba cache it adds about 30 s to whichever runs first)
orc_w = StumpOracle(bc.X[:40], bc.y[:40])
rb.erlpboost(orc_w, eps=1e-2, max_iter=5)
rb.corrective_erlpboost(orc_w, eps=1e-2, max_iter=5)
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
# **German, all three classes (Fig 5.29) and diabetes (Fig 5.28) from the store.** The curves above are on a
# bundled stand-in; the thesis' own sets are not bundled, so the study `glocer_precision` ran the same two
# settings ($\nu=1$, $\epsilon=10^{-5}$, theoretical $\eta$; ERLPBoost at most 1,000 and Corrective ERLPBoost
# 20,000 iterations) on german and diabetes with stumps, raw data and SVM hypotheses. Each record keeps the gap the
# booster stops on (ERLPBoost's `delta_practical`, Corrective ERLPBoost's `delta`) at about 24 checkpoints a decade
# of iterations, with the run's clock there (the cell parameter `curve`; the booster's own history, not a re-run).
# The thesis (§5.5): on diabetes ERLPBoost converges in fewer iterations and less time for every class; on german it
# takes less time for stumps and SVM hypotheses **but not for raw data**. **Two paths:** the analysis' `tc_faster`
# flag (CPU time of the whole cell) against the curves (the run's clock when the gap first reaches $\epsilon/2$); and
# the SVM-hypothesis records against `glocer_svm`'s cells of the same setting (Table 5.12's runs, without curves),
# which must agree in iterations, final gap and test error.

# %%
PREC = {}
with studies.Store(studies.default_store("glocer_precision", "paper")) as sto:
    for r in sto.records():
        PREC[(r["dataset"], r["weak_learner"], r["booster"])] = r
with studies.Store(studies.default_store("glocer_svm", "paper")) as sto:
    for r in sto.records():
        p = pj(r)
        if r["weak_learner"] == "kernel" and p.get("eps") == 1e-05 and "eta" not in p and "nu_frac" not in p \
                and r["booster"] in ("erlpboost", "corrective_erlpboost") and r["dataset"] in SETS:
            same = PREC[(r["dataset"], "kernel", r["booster"])]
            assert all(same[f] == r[f] for f in ("n_iter", "gap", "test_error", "converged")), r["dataset"]


def gap_curve(r):
    """(t, gap, the run's clock) of a record's stored curve, the entries with a recorded gap."""
    tr, clock = json.loads(r["trace"]), json.loads(r["trace_time"])
    field = pj(r)["curve"]
    pts = [(t, g, c) for t, g, c in zip(tr["t"], tr[field], clock, strict=True) if g is not None]
    return np.array(pts)


prec_rows = []
for ds in SETS:
    for h in G.GLOCER_WEAK_LEARNERS:
        tc, co = PREC.get((ds, h, "erlpboost")), PREC.get((ds, h, "corrective_erlpboost"))
        if tc is None or co is None:
            continue
        c_tc, c_co = gap_curve(tc), gap_curve(co)
        hit = c_tc[c_tc[:, 1] <= EPS_HP / 2]  # the TC run's first checkpoint at or below eps/2
        prec_rows.append({"dataset": ds, "class": WL_NAME[h], "TC iter": tc["n_iter"], "TC gap": tc["gap"],
                          "TC CPU s": tc["time_cpu"], "TC clock at eps/2": hit[0, 2] if len(hit) else None,
                          "corr iter": co["n_iter"], "corr gap": co["gap"], "corr min curve": c_co[:, 1].min(),
                          "corr CPU s": co["time_cpu"], "corr clock": c_co[-1, 2],
                          "TC first": tc["converged"] and tc["time_cpu"] < co["time_cpu"],
                          "paper": "TC first" if (ds, h) != ("german.numer", "raw") else "corrective first"})
SHORT = {"stumps": "stumps", "raw data": "raw", "SVM hypotheses": "SVM"}
print("ERLPBoost (totally corrective, TC): iterations, final gap, CPU s, the run's clock when the gap first <= eps/2")
print(studies.format_table([{"set": r["dataset"], "class": SHORT[r["class"]], "iter": r["TC iter"], "gap": r["TC gap"],
                             "CPU s": r["TC CPU s"], "clock at eps/2": r["TC clock at eps/2"]} for r in prec_rows]))
print("\nCorrective ERLPBoost: iterations, final gap, CPU s, the run's clock at its end; TC first?; the thesis")
print(studies.format_table([{"set": r["dataset"], "class": SHORT[r["class"]], "iter": r["corr iter"],
                             "gap": r["corr gap"], "CPU s": r["corr CPU s"], "clock": r["corr clock"],
                             "TC first": r["TC first"], "thesis": r["paper"]} for r in prec_rows]))

for ds in SETS:
    fig, axs = plt.subplots(2, 3, figsize=(13, 7), sharey=True)
    fig_no = "5.29" if ds == "german.numer" else "5.28"
    for j, h in enumerate(G.GLOCER_WEAK_LEARNERS):
        for b, name in (("erlpboost", "ERLPBoost"), ("corrective_erlpboost", "Corrective ERLPBoost")):
            c = gap_curve(PREC[(ds, h, b)])
            axs[0, j].loglog(c[:, 0], c[:, 1], marker=".", ms=3, label=name)
            axs[1, j].loglog(np.maximum(c[:, 2], 1e-3), c[:, 1], marker=".", ms=3, label=name)
        for i, xl in enumerate(("iteration", "time (s, the run's clock)")):
            axs[i, j].axhline(EPS_HP / 2, color="gray", ls=":", lw=1)
            axs[i, j].set(title=f"{ds}, {WL_NAME[h]}", xlabel=xl)
            axs[i, 0].set_ylabel("duality gap")
            axs[i, j].legend(fontsize=8)
    fig.suptitle(f"cf. Glocer (2009), Fig {fig_no}: {ds}, nu = 1, eps = 1e-5 (dotted: eps/2)")
    fig.tight_layout()
    plt.show()

# %%
assert len(prec_rows) == 6
for row in prec_rows:
    # the curves end where the records end: the TC curve at or below eps/2 (its stopping rule), the corrective
    # curve never there (no corrective run converged), and the run's clock within the cell's wall time
    key = (row["dataset"], {v: k for k, v in WL_NAME.items()}[row["class"]])
    tc, co = PREC[(*key, "erlpboost")], PREC[(*key, "corrective_erlpboost")]
    c_tc, c_co = gap_curve(tc), gap_curve(co)
    assert c_tc[-1, 0] >= tc["n_iter"] and c_co[-1, 0] == co["n_iter"]
    assert row["TC clock at eps/2"] is not None and c_tc[-1, 1] <= EPS_HP / 2 and row["corr min curve"] > EPS_HP / 2
    assert c_tc[-1, 2] <= tc["time_cell"] and c_co[-1, 2] <= co["time_cell"]
    # the corrective gap falls by less than 10 % over its 20,000 iterations (the step-size reason below)
    assert c_co[-1, 1] > 0.9 * c_co[0, 1], key
P_ROWS = {(r["dataset"], r["weak_learner"]): r for r in studies.analyse("glocer_precision", "paper")}
for (ds, h, b), r in PREC.items():
    if b == "erlpboost":  # every totally corrective run stopped and its recorded gap is within eps (Lemma 3.5)
        assert r["converged"] and r["gap"] <= EPS_HP, (ds, h)
    else:  # no corrective run got within eps/2 in 20,000 iterations: the gap is still of order 1
        assert not r["converged"] and r["n_iter"] == 20000 and r["gap"] > 0.5, (ds, h)
for row in prec_rows:  # the analysis' flag agrees with the raw records
    key = (row["dataset"], {v: k for k, v in WL_NAME.items()}[row["class"]])
    if key in P_ROWS:
        assert P_ROWS[key]["tc_faster"] == row["TC first"], key
verdict = {(r["dataset"], r["class"]): r["TC first"] for r in prec_rows}
# second path, the curves: TC first = its clock at eps/2 below the corrective run's clock at its end
verdict_clock = {(r["dataset"], r["class"]): bool(r["TC clock at eps/2"] < r["corr clock"]) for r in prec_rows}
print("TC first (CPU of the cells):", verdict)
print("TC first (the runs' clocks):", verdict_clock)
assert verdict == verdict_clock
# Fig 5.29 (german): TC first for stumps and SVM hypotheses, as stated; for raw data TC converges in well under a
# second while the corrective run has not converged after 20,000 iterations: the thesis' exception fails
assert verdict[("german.numer", "stumps")] and verdict[("german.numer", "SVM hypotheses")]
assert verdict[("german.numer", "raw data")]
g_raw = (PREC[("german.numer", "raw", "erlpboost")], PREC[("german.numer", "raw", "corrective_erlpboost")])
assert g_raw[0]["time_cpu"] < 0.05 * g_raw[1]["time_cpu"]
# Fig 5.28 (diabetes): TC in fewer iterations for every class; in less time for raw data and SVM hypotheses; with
# stumps undecided here: TC took longer (eps = 1e-5 with eta ~ 1.2e6) than the capped corrective run, which had not
# converged either
assert all(PREC[("diabetes", h, "erlpboost")]["n_iter"] < 1000 for h in G.GLOCER_WEAK_LEARNERS)
assert verdict[("diabetes", "raw data")] and verdict[("diabetes", "SVM hypotheses")]
assert not verdict[("diabetes", "stumps")]
assert PREC[("diabetes", "stump", "erlpboost")]["time_cpu"] > PREC[("diabetes", "stump", "corrective_erlpboost")][
    "time_cpu"]
claims.check("Glocer Fig 5.29", status="fails",
             on="german.numer, stumps, raw data and SVM hypotheses, nu = 1, eps = 1e-5, corrective capped at 20,000 "
                "iterations (the stored gap curves and CPU times)",
             note="TC reaches eps/2 first for stumps and SVM hypotheses, as stated; for raw data too (0.04 s; the "
                  "corrective run has gap 1.4 after 20,000 iterations, 7.8 s), against the thesis' exception")
claims.check("Glocer Fig 5.28", status="partly reproduced",
             on="diabetes, stumps, raw data and SVM hypotheses, nu = 1, eps = 1e-5 (the stored gap curves and CPU "
                "times)",
             note="TC converges in fewer iterations for every class and in less time for raw data and SVM "
                  "hypotheses; with stumps TC took about 3 CPU minutes, longer than the unconverged 20,000-iteration "
                  "corrective run")

# %% [markdown]
# At $\epsilon=10^{-5}$ refboost's Corrective ERLPBoost does not converge within 20,000 iterations on any of the
# six set/class pairs (final gap above 1; the reason is the step size, see above), so "who converges first" is
# decided only where ERLPBoost finished within the corrective run's time: everywhere except stumps on diabetes,
# where ERLPBoost needed 297 iterations and about three minutes of CPU at $\eta\approx1.2\cdot10^6$. On german the thesis'
# exception for raw data (corrective faster, "even decreasing $\epsilon$ to $10^{-8}$") fails here: ERLPBoost
# converges in 25 iterations and 0.04 s. The thesis' corrective step may differ from refboost's, so this is a
# statement about these implementations.

# %% [markdown]
# ## 5 The large sets: a9a and sparse text data
#
# ### a9a
#
# The largest of the thesis' dense sets: 48,842 examples (a9a and a9a.t together), 123 binary features.
# Table 5.2 gives its parts as 29,305 / 9,768 / 9,769. The ERLPBoost code ships a 60/20/20 split of
# a9a + a9a.t with exactly these sizes (catalogue entry `a9a-erlpboost`), and the a9a cells run on it: the split
# `erlpboost-0.1` of `studies.PUBLISHED_SPLITS` reads its three parts as published, and a test
# (`tests/test_studies.py`) checks that they partition a9a + a9a.t. Whether it is the thesis' own draw cannot be
# told (its script is gone); it is the published one with the printed sizes. The store holds, as for german
# and diabetes, every setting of the Table 5.3 grid on it for all five boosters (the corrective boosters' seven core
# settings ran first, then the rest in the grid's order: every $\eta$ at $\nu=1$, then at $\nu/N=0.1$, ...); the
# counts and CPU minutes are printed below. The corrective core cells
# first ran before the sparse edge sweeps and Binary ERLPBoost's faster $\beta$ root, at 17-54 ms of CPU per
# iteration; they were re-run with the current code (2.7-5.1 times less CPU, the same records; one, Corrective
# Binary ERLPBoost's at $\nu=1$ and the theoretical $\eta$, agrees to the last digit of its least margin, as records
# re-run on another CPU may), so that all of a9a's corrective cells are timed with one code; the replaced records
# are kept in `provenance.json` under `pruned`. Tables 5.4, 5.7 and 5.10 get their a9a column. Six cells of an earlier timing probe on our own 60/20/20 draw (split `60/20/20:s0`) left the store when
# a9a moved to its published split (`refboost-repro glocer_ch5 --scale paper --prune`); provenance.json keeps
# their records under `pruned`, and the last check compares them with the same settings on the published split.
#
# The thesis' claims about a9a with stumps, each tested below (two standard errors as in §1; methods compared
# on the same test set use the one-sample form):
#
# * Table 5.4: every variant near 15.6 %; Table 5.7: the times; Table 5.10: every winner a theoretical $\eta$.
# * Fig 5.1 (text): on a9a LPBoost "has consistently poor performance" (instead of fluctuating).
# * Fig 5.10 (text): the theoretical $\eta$ "is a reasonable choice" on every set except german and diabetes.
# * Fig 5.16 (text): ERLPBoost and Binary "virtually identical" against $\nu/N$; capping "does not help much"
#   on a9a: about 0.15 "without capping", and no $\nu/N$ improves on it.
# * Fig 5.19 (text): TC is faster at small $\eta$ and slower than corrective at large $\eta$ "on every data set
#   except a9a", i.e. on a9a TC is not slower at large $\eta$.
# * Fig 5.22 (text): tied at small $\eta$; as $\eta$ grows the corrective boosters are "at least as good" as TC.
# * Fig 5.25 (text): corrective runs need 10-100 times the iterations but a similar number of unique hypotheses.

# %%
A9A, A9A_SPLIT, A9A_NTEST, A9A_NVAL = "a9a", G.glocer_split("a9a"), 9769, 9768  # Table 5.2's test and validation sizes
with studies.Store(STORE) as sto:
    A9A_ALL = [r for r in sto.records() if r["dataset"] == A9A]
A9A_RECS = [r for r in A9A_ALL if r["split"] == A9A_SPLIT]
# the earlier probe on our own draw: pruned from the store when a9a moved to its split, kept in provenance.json
# (the other pruned a9a records are the published split's cells replaced by their re-timed runs)
A9A_PROBE = [r for e in PROV.get("pruned", []) for r in e["records"] if r["dataset"] == A9A and r["split"] != A9A_SPLIT]
A9A_ROWS = {r["booster"]: r for r in studies.analyse("glocer_ch5", "paper") if r["dataset"] == A9A}
A9A_SIZES = {(r["n_train"], r["n_val"], r["n_test"]) for r in A9A_RECS}
print(f"a9a, split {A9A_SPLIT}: {len(A9A_RECS)} cells, {sum(r['time_cpu'] for r in A9A_RECS) / 60:.1f} CPU "
      f"minutes;\n  train/validation/test sizes {A9A_SIZES}")
print(studies.format_table([{c: NAMES.get(r[c], r[c]) if c == "booster" else r.get(c) for c in SHOWN[1:]}
                            for r in A9A_ROWS.values()]))


def a9a_curve(b, vary):
    return curve_h("stump", A9A, b, vary, A9A_RECS)


def same_set_tie(p, q):
    """Two test errors on a9a's one test set within the one-sample two standard errors."""
    return abs(p - q) <= two_se(p, q, A9A_NTEST, pooled=False)


# Table 5.4: each chosen test error against the thesis' (independent proportions, as in section 1)
a9a_consistent = {}
for b in (*ERLP_FAMILY, "adaboost"):
    if A9A_ROWS[b]["test_error_pct"] is None:  # not run
        continue
    ours, theirs = A9A_ROWS[b]["test_error_pct"] / 100, paper["values"][A9A][b] / 100
    a9a_consistent[b] = abs(ours - theirs) <= two_se(ours, theirs, A9A_NTEST)
    print(f"Table 5.4 a9a {NAMES[b]:9s} ours {100 * ours:6.2f}  thesis {100 * theirs:6.2f}  "
          f"within 2 SE: {a9a_consistent[b]}")
# Table 5.7 (orders only: another machine) and Table 5.10
bs = [b for b in (*ERLP_FAMILY, "adaboost") if A9A_ROWS[b]["cpu_s"] is not None]
rho_a9a = spearmanr([A9A_ROWS[b]["cpu_s"] for b in bs], [paper["times"][A9A][b] for b in bs]).statistic
print(f"Table 5.7 a9a, fastest first: ours {[NAMES[b] for b in sorted(bs, key=lambda b: A9A_ROWS[b]['cpu_s'])]},\n"
      f"  thesis {[NAMES[b] for b in sorted(bs, key=lambda b: paper['times'][A9A][b])]}; Spearman {rho_a9a:.2f}")
a9a_theoretical, REC_A9A = {}, {}
for row in G.glocer_best(A9A_RECS, "paper"):
    if row["dataset"] == A9A and row["booster"] in ERLP_FAMILY and row["best"] is not None:
        a9a_theoretical[row["booster"]] = "eta" not in json.loads(row["best"]["params"])
        REC_A9A[row["booster"]] = row["best"]
print("Table 5.10 a9a, theoretical eta won:\n ", {NAMES[b]: v for b, v in a9a_theoretical.items()})
def val_least_and_theoretical(recs, b):
    """The least validation error of booster b's stored settings in recs, and the least among its theoretical etas."""
    pool = [r for r in recs if r["booster"] == b]
    return (min(r["val_error"] for r in pool),
            min(r["val_error"] for r in pool if "eta" not in json.loads(r["params"])))


# up to ties (different eta, the same classifier): does a theoretical eta attain the pool's least validation error?
a9a_theo_attains = {}
for b in ERLP_FAMILY:
    pool = [r for r in A9A_RECS if r["booster"] == b]
    least = min(r["val_error"] for r in pool)
    a9a_theo_attains[b] = any(r["val_error"] == least and "eta" not in json.loads(r["params"]) for r in pool)
print("Table 5.10 a9a, a theoretical eta among the least validation errors:\n ",
      {NAMES[b]: v for b, v in a9a_theo_attains.items()})

# Fig 5.1's remark: LPBoost consistently poor. The majority rule's error on this test set is its positive
# fraction (catalogue label counts of a9a.test, a path independent of the records)
pos = REG["libsvm/erlpboost_a9a/a9a.test"]["labels"]["1.0"]
majority = pos / A9A_NTEST
lp = {json.loads(r["params"]).get("nu_frac", 0.0): r["test_error"] for r in A9A_RECS if r["booster"] == "lpboost"}
best_erlp = min(A9A_ROWS[b]["test_error_pct"] / 100 for b in ERLP_FAMILY if A9A_ROWS[b]["test_error_pct"] is not None)
print("LPBoost test error by nu/N:", ", ".join(f"{k:g}: {v:.4f}" for k, v in sorted(lp.items())[:5]) + ",\n  "
      + ", ".join(f"{k:g}: {v:.4f}" for k, v in sorted(lp.items())[5:])
      + f";\n  majority rule {majority:.4f}; best chosen ERLPBoost variant {best_erlp:.4f}")

# Fig 5.10's remark: at nu = 1 the theoretical eta within 2 SE of the best eta of the curve
theo_ok = {}
for b in ERLP_FAMILY:
    c = G.glocer_curve(A9A_RECS, A9A, b, "eta")
    theo = [q["test_error"] for q in c if q["theoretical"]]
    theo_ok[b] = same_set_tie(theo[0], min(q["test_error"] for q in c)) if theo else None
print("Fig 5.10 a9a, theoretical eta as good as the best eta (2 SE):\n ", {NAMES[b]: v for b, v in theo_ok.items()})

# Fig 5.16's remarks, at the theoretical eta: Binary vs ERLPBoost per nu/N; capping does not improve on nu = 1
e_nu, b_nu = a9a_curve("erlpboost", "nu"), a9a_curve("binary_erlpboost", "nu")
identical = {p: same_set_tie(e_nu[p]["test_error"], b_nu[p]["test_error"]) for p in sorted(set(e_nu) & set(b_nu))}
uncapped = {b: c[0.0]["test_error"] for b, c in (("erlpboost", e_nu), ("binary_erlpboost", b_nu))}
capped_best = {b: min(q["test_error"] for p, q in c.items() if p > 0) for b, c in
               (("erlpboost", e_nu), ("binary_erlpboost", b_nu))}
print(f"Fig 5.16 a9a: erlp and bin tied at {sum(identical.values())}/{len(identical)} nu/N;\n  uncapped "
      f"{ {NAMES[b]: round(v, 4) for b, v in uncapped.items()} }, best capped "
      f"{ {NAMES[b]: round(v, 4) for b, v in capped_best.items()} }")

# Figs 5.19 and 5.22 at nu = 1, on the etas both boosters of a pair ran (every eta of the grid and the theoretical
# one)
a9a_tc_faster, a9a_corr_as_good, a9a_small_tie, a9a_iter_ratio, a9a_hyp_ratio = {}, {}, {}, {}, {}
for tc, co in zip(G.GLOCER_TC, G.GLOCER_CORRECTIVE, strict=True):
    a, c = a9a_curve(tc, "eta"), a9a_curve(co, "eta")
    common = sorted(set(a) & set(c))
    a9a_tc_faster[tc] = [a[e]["time_cpu"] < c[e]["time_cpu"] for e in common]
    a9a_iter_ratio[tc] = {e: c[e]["n_iter"] / a[e]["n_iter"] for e in common}  # Fig 5.25: corrective / TC
    a9a_hyp_ratio[tc] = {e: c[e]["n_hypotheses"] / a[e]["n_hypotheses"] for e in common}
    a9a_small_tie[tc] = same_set_tie(a[common[0]]["test_error"], c[common[0]]["test_error"])
    a9a_corr_as_good[tc] = [c[e]["test_error"] <= a[e]["test_error"]
                            or same_set_tie(a[e]["test_error"], c[e]["test_error"]) for e in common]
    print(f"{NAMES[tc]} vs {NAMES[co]}, nu = 1, eta {[round(e) for e in common]}:\n"
          f"  CPU s        TC {[round(a[e]['time_cpu'], 1) for e in common]}\n"
          f"       corrective {[round(c[e]['time_cpu'], 1) for e in common]}\n"
          f"  test error   TC {[round(a[e]['test_error'], 4) for e in common]}\n"
          f"       corrective {[round(c[e]['test_error'], 4) for e in common]}\n"
          f"  corrective / TC: iterations {[round(v, 1) for v in a9a_iter_ratio[tc].values()]},\n"
          f"       distinct hypotheses {[round(v, 2) for v in a9a_hyp_ratio[tc].values()]}")

# the off-grid probe on our own draw against the same settings on the published split (different test sets)
by_cell = {(r["booster"], r["params"]): r for r in A9A_RECS}
probe_pairs = [(r, by_cell[(r["booster"], r["params"])]) for r in A9A_PROBE]
for r, q in probe_pairs:
    print(f"{r['booster']:9s} {r['params']}:\n  our draw {r['test_error']:.4f}, published split {q['test_error']:.4f}")

# %%
assert A9A_SIZES == {(29305, 9768, 9769)}  # Table 5.2's a9a sizes, every cell
core = declared_ids("glocer_ch5", lambda k: k["dataset"] == A9A and G._glocer_tier(k["booster"], k["params"]) < 2)
assert len(core) == G.glocer_core_count((A9A,)) and core <= {studies.key_id(r) for r in A9A_RECS}  # all ran
a9a_tc = declared_ids("glocer_ch5", lambda k: k["dataset"] == A9A and k["booster"] in G.GLOCER_TC)
assert len(a9a_tc) == 280 and a9a_tc <= {studies.key_id(r) for r in A9A_RECS}  # every totally corrective setting ran
claims.check("Glocer Table 5.2", status="partly reproduced", on="a9a, the published ERLPBoost split, every stored cell",
             note="training, validation and test sizes 29,305 / 9,768 / 9,769 as printed")
# Table 5.4: all five within two standard errors (independent proportions, n = 9,769) of the thesis'
assert len(a9a_consistent) == 5 and all(a9a_consistent.values())
a9a_least = min(A9A_ROWS[b]["test_error_pct"] for b in (*ERLP_FAMILY, "adaboost"))
assert any(A9A_ROWS[b]["test_error_pct"] == a9a_least for b in G.GLOCER_CORRECTIVE)  # "the best is corrective"
# the thesis' least, Corrective Binary ERLPBoost's, is not ours: ERLPBoost and Corrective ERLPBoost tie at the least
# error and Corrective Binary is one test example behind them (on one test set: a tie within sampling error)
a9a_best = [b for b in (*ERLP_FAMILY, "adaboost") if A9A_ROWS[b]["test_error_pct"] == a9a_least]
assert min(paper["values"][A9A], key=paper["values"][A9A].get) == "corrective_binary_erlpboost"
assert a9a_best == ["erlpboost", "corrective_erlpboost"]
a9a_cb_behind = round((A9A_ROWS["corrective_binary_erlpboost"]["test_error_pct"] - a9a_least) / 100 * A9A_NTEST)
assert a9a_cb_behind == 1 and same_set_tie(A9A_ROWS["corrective_binary_erlpboost"]["test_error_pct"] / 100,
                                           a9a_least / 100)
print(f"Table 5.4 a9a: least test error {a9a_least:.2f} % by {[NAMES[b] for b in a9a_best]}; the thesis' least, "
      f"Corrective Binary ERLPBoost, is {a9a_cb_behind} test example behind")
claims.check("Glocer Table 5.4", status="partly reproduced",
             on="a9a (published split), stumps, every setting of the Table 5.3 grid",
             note="all five test errors within two standard errors of the thesis' 15.54-15.65 %; the least error is "
                  "ERLPBoost's and Corrective ERLPBoost's (15.61 %), the thesis' is Corrective Binary ERLPBoost's, "
                  "one test example behind them here (a tie within sampling error)")
# Table 5.7: the totally corrective boosters' chosen settings are the two fastest here; the thesis' ERLPBoost is
# its slowest of the five (536 s: its optimiser "struggles with stumps")
assert max(A9A_ROWS[b]["cpu_s"] for b in G.GLOCER_TC) < min(A9A_ROWS[b]["cpu_s"] for b in (*G.GLOCER_CORRECTIVE,
                                                                                            "adaboost"))
assert max(paper["times"][A9A], key=paper["times"][A9A].get) == "erlpboost"
claims.check("Glocer Table 5.7", status="partly reproduced", on="a9a, stumps, CPU time of the chosen setting",
             note="the order differs: ERLPBoost is the thesis' slowest on a9a and our fastest (refboost's TC step "
                  "is a Newton method on a small dual, not the thesis' TAO optimiser); TC below corrective and AdaBoost")
# Table 5.10: up to ties a theoretical eta wins for ERLPBoost and Binary (their nu/N as printed, 0.3 and 0.2); for
# the corrective boosters a grid eta has the least validation error, ahead of the best theoretical eta by less than
# two standard errors (one validation set of 9,768)
assert all(a9a_theo_attains[b] for b in G.GLOCER_TC)
assert [json.loads(REC_A9A[b]["params"]).get("nu_frac") for b in G.GLOCER_TC] == [0.3, 0.2]
a9a_theo_margin = {}
for b in G.GLOCER_CORRECTIVE:
    v_least, v_theo = val_least_and_theoretical(A9A_RECS, b)
    a9a_theo_margin[b] = round((v_theo - v_least) * A9A_NVAL)
    assert v_theo > v_least and v_theo - v_least <= two_se(v_theo, v_least, A9A_NVAL, pooled=False), b
print("Table 5.10 a9a, corrective boosters: validation examples by which the best theoretical eta trails the winner:",
      {NAMES[b]: v for b, v in a9a_theo_margin.items()})
claims.check("Glocer Table 5.10", status="partly reproduced",
             on="a9a, stumps, every setting of the Table 5.3 grid",
             note="a theoretical eta attains the least validation error for ERLPBoost and Binary (tied with grid "
                  "values that give the same classifier, so the tie-break prints eta = 50), their nu/N 0.3 and 0.2 "
                  "as printed; for the two corrective boosters a grid eta wins, by 2 and 4 of 9,768 validation examples "
                  "(within two standard errors), so the thesis' 'every winner a theoretical eta' fails for them")
# Fig 5.1's remark: uncapped LPBoost is the majority rule on the test set (the same count of errors), and every
# LPBoost setting is worse than the best ERLPBoost variant by more than two standard errors (same test set)
assert round(lp[0.0] * A9A_NTEST) == pos
assert all(e > best_erlp and not same_set_tie(e, best_erlp) for e in lp.values())
claims.check("Glocer Fig 5.1", status="partly reproduced", on="a9a, stumps, LPBoost at eps = 0.05, final test errors "
             "of the ten nu/N settings", note="consistently poor, as stated: uncapped it predicts the majority class "
             "(24.29 %), and no setting comes within two standard errors of ERLPBoost's 15.6 % (end points only, "
             "no trace)")
# Fig 5.10's remark: the theoretical eta is as good as the best eta for the totally corrective boosters; the
# corrective ones at nu = 1 and the theoretical eta (20,571 and 22,571) stop at the 20,000-iteration cap with two
# distinct hypotheses and the error of a single stump: their step is at most about 2 / eta
assert all(theo_ok[b] for b in G.GLOCER_TC) and not any(theo_ok[b] for b in G.GLOCER_CORRECTIVE)
stalled = [r for r in A9A_RECS if r["booster"] in G.GLOCER_CORRECTIVE and r["params"] == '{"eps": 0.001, "max_iter": 20000}']
assert len(stalled) == 2 and all(r["n_iter"] == 20000 and r["n_hypotheses"] == 2 and not r["converged"] for r in stalled)
claims.check("Glocer Fig 5.10", status="partly reproduced", on="a9a, stumps, nu = 1",
             note="holds for ERLPBoost and Binary; fails for the corrective boosters, which at the theoretical eta "
                  "stall at two hypotheses within 20,000 iterations (22.83 % test error; Table 5.10 prints Corrective "
                  "ERLPBoost's (0, 20571) as a9a's winner at 15.65 %)")
# Fig 5.16's remarks: ERLPBoost and Binary tied at every nu/N; uncapped about 0.15; no nu/N better by 2 SE
assert len(identical) == 10 and all(identical.values())
assert all(0.15 <= v <= 0.16 for v in uncapped.values())
assert all(capped_best[b] >= uncapped[b] or same_set_tie(capped_best[b], uncapped[b]) for b in uncapped)
claims.check("Glocer Fig 5.16", status="partly reproduced", on="a9a, stumps, theoretical eta, nu/N in {1/N, 0.1, ..., "
             "0.9}", note="virtually identical at every nu/N; uncapped 15.67 % and no capped setting better by two "
             "standard errors, as stated")
# Fig 5.19: on a9a the totally corrective boosters are faster at every eta both ran, the large ones included
assert all(all(v) and v for v in a9a_tc_faster.values())
claims.check("Glocer Fig 5.19", status="partly reproduced", on="a9a, stumps, nu = 1, the etas both boosters ran",
             note="TC faster at every eta, as the thesis says of a9a (the exception to 'slower at large eta')")
# Fig 5.22: tied at the smallest eta; at the theoretical eta the corrective boosters are worse (the stall above)
assert all(a9a_small_tie.values())
assert all(not v[-1] for v in a9a_corr_as_good.values())
claims.check("Glocer Fig 5.22", status="partly reproduced", on="a9a, stumps, nu = 1",
             note="tied at the smallest eta as stated; 'corrective at least as good at large eta' fails at the "
                  "theoretical eta, where the corrective boosters stall")
# Fig 5.25: corrective runs take at least 10x the iterations at every eta >= 10; their distinct hypotheses are
# within 10x of TC's except at the theoretical eta (2 against 96)
assert all(v >= 10 for r in a9a_iter_ratio.values() for e, v in r.items() if e >= 10)
assert [all(0.1 <= v <= 10 for e, v in r.items() if e < max(r)) for r in a9a_hyp_ratio.values()] == [True, True]
assert all(r[max(r)] < 0.1 for r in a9a_hyp_ratio.values())
claims.check("Glocer Fig 5.25", status="partly reproduced", on="a9a, stumps, nu = 1, the etas both boosters ran",
             note=">= 10x the iterations, distinct hypotheses of the same order except at the theoretical eta")
# the probe on our own draw: the same settings give test errors within two standard errors (independent sets)
assert len(probe_pairs) == 6
assert all(abs(r["test_error"] - q["test_error"]) <= two_se(r["test_error"], q["test_error"], A9A_NTEST)
           for r, q in probe_pairs if r["booster"] == "erlpboost")
# claims: none (the two draws agree for ERLPBoost; LPBoost's erratic errors are the Fig 5.1 remark above)

# %% [markdown]
# ### a9a with raw-data hypotheses: Tables 5.5, 5.8 and 5.11
#
# Study `glocer_raw` on the same published split. The raw-data class on a9a is its 123 binary features and their
# negations: hypotheses with values in $\{0,1\}$ (resp. $\{-1,0\}$) that **abstain** where the feature is 0.
# **What ran**: every setting of Table 5.3 for the four ERLPBoost variants (560 cells) and AdaBoost, as on german
# and diabetes. ERLPBoost and Binary ERLPBoost take 0.3-20 s of CPU a cell, a corrective cell 0.1 s to 6 min (at
# $\nu/N\ge0.6$ under half a second, at $0.5$ under 20 s). The corrective boosters' eleven core settings each ran
# first, the rest after them in the grid's order (every $\eta$ at $\nu=1$, then $\nu/N=0.1$, ...). The 22 core
# cells first ran before the sparse edge sweep of a mostly-zero class (`MatrixOracle` sweeps a CSR copy of $U^\top$
# when at most a third of a large $U$ is non-zero: a9a's is 11 %) and Binary ERLPBoost's faster $\beta$ root, at
# 16-52 ms of CPU per iteration, 5-15 minutes for a 20,000-iteration cell. They were re-run with the current code:
# identical records, 2.0-7.3 times less CPU for the 18 that take over a second; the replaced records are kept in
# `provenance.json` under `pruned`. So every corrective cell with raw data on a9a, and Table 5.8's corrective times
# below, are timed with one code. The SVM class is the next section.
#
# **AdaBoost and abstaining hypotheses.** AdaBoost's step for a hypothesis with values in $[-1,1]$ is the line
# search that minimises $Z_t$ (the thesis, §6; Schapire and Singer), i.e. the step after which its edge is 0.
# A hypothesis that is $\ge 0$ on every training example and $0$ on some has no such finite step: the exponential
# loss decreases along it without a minimiser, and the limit of the normalised combination is that hypothesis
# alone, which abstains wherever it is 0. On a9a this happens at iteration 608: the hypothesis of largest edge
# ($4.2\cdot10^{-4}$) is the negation of a feature present in 16 training examples, all negative. refboost stops
# before such a step (`stop_reason = "no_finite_step"`) and returns $\lambda_{608}$, whose test error is 15.65 %
# (the thesis: 15.64 %). That hypothesis alone is non-zero on only 5 test examples; with ties counted as $+1$ it
# errs on 75.7 % of the test set. An earlier refboost returned it, as it does for a hypothesis that is $> 0$ on
# every example (a perfect one). Unit test: `tests/test_adaboost.py::test_abstaining_hypothesis_stops_before_the_infinite_step`.

# %%
def a9a_class_table(h, table, names):
    """a9a's records of a hypothesis class' study, its rows by booster (printed), the boosters that ran (every
    core setting of `_glocer_tier` stored), their test errors and CPU times, and whether each test error is within
    two standard errors of the thesis'. A booster with only part of its core settings stored is listed, not
    compared: its chosen setting would be a minimum over a partial grid."""
    with studies.Store(studies.default_store(HYP[h], "paper")) as sto:
        recs = [r for r in sto.records() if r["dataset"] == A9A]
    ids = {studies.key_id(r) for r in recs}
    core = {b: declared_ids(HYP[h], lambda k, b=b: k["dataset"] == A9A and k["booster"] == b
                            and G._glocer_tier(b, k["params"], h) < 2) for b in ERLP_FAMILY}
    rows = {r["booster"]: r for r in studies.analyse(HYP[h], "paper") if r["dataset"] == A9A}
    print(f"{HYP[h]}, a9a: {len(recs)} cells, {sum(r['time_cpu'] for r in recs) / 60:.1f} CPU minutes, of which "
          f"{sum(r['time_oracle'] for r in recs) / 60:.1f} wall minutes building the class")
    print(studies.format_table([{c: names.get(r[c], r[c]) if c == "booster" else r.get(c) for c in SHOWN[1:]}
                                for r in rows.values()]))
    run = [b for b in (*ERLP_FAMILY, "adaboost") if rows[b]["test_error_pct"] is not None and core.get(b, set()) <= ids]
    for b in ERLP_FAMILY:
        if rows[b]["test_error_pct"] is not None and b not in run:
            print(f"{names[b]}: {len(core[b] & ids)} of its {len(core[b])} core settings run so far; not compared")
    err = {b: rows[b]["test_error_pct"] / 100 for b in run}
    consistent = {}
    for b in run:
        theirs = PAPER_H[h]["values"][A9A][b] / 100
        consistent[b] = abs(err[b] - theirs) <= two_se(err[b], theirs, A9A_NTEST)
        print(f"Table {table} a9a {names[b]:9s} ours {100 * err[b]:6.2f}  thesis {100 * theirs:6.2f}  "
              f"within 2 SE: {consistent[b]}")
    return recs, rows, run, err, {b: rows[b]["cpu_s"] for b in run}, consistent


names_raw = dict(NAMES, adaboost="ada")
A9A_RAW, A9A_RAW_ROWS, RAW_RUN, raw_err, raw_cpu, a9a_raw_consistent = a9a_class_table("raw", "5.5", names_raw)
raw_paper = PAPER_H["raw"]
raw_least = min(raw_err[b] for b in RAW_RUN if b != "adaboost")
# the thesis (section 5.6): ERLPBoost "a close second on a9a"; AdaBoost "comparable on a9a, german and diabetes"
raw_close = {b: same_set_tie(raw_err[b], raw_least) for b in ("erlpboost", "adaboost")}
print("within the one-sample 2 SE of the least ERLPBoost-family error:", {names_raw[b]: v for b, v in raw_close.items()})
print("Table 5.8 a9a, fastest first: ours", [names_raw[b] for b in sorted(RAW_RUN, key=raw_cpu.get)],
      "\n  thesis", [names_raw[b] for b in sorted(RAW_RUN, key=raw_paper["times"][A9A].get)])
a9a_raw_won, a9a_raw_params = {}, {}
for row in G.glocer_best(A9A_RAW, "paper", "raw"):
    if row["dataset"] == A9A and row["booster"] in ERLP_FAMILY and row["best"] is not None:
        a9a_raw_params[row["booster"]] = json.loads(row["best"]["params"])
        a9a_raw_won[row["booster"]] = "eta" not in a9a_raw_params[row["booster"]]
        print(f"Table 5.11 a9a {names_raw[row['booster']]:9s} ours {A9A_RAW_ROWS[row['booster']]['chosen']:>12s}  "
              f"thesis {A9A_RAW_ROWS[row['booster']]['paper_chosen']}")

# %%
assert {(r["n_train"], r["n_val"], r["n_test"]) for r in A9A_RAW} == {(29305, 9768, 9769)}
a9a_raw_tc = declared_ids("glocer_raw", lambda k: k["dataset"] == A9A and k["booster"] in (*G.GLOCER_TC, "adaboost"))
assert len(a9a_raw_tc) == 281 and a9a_raw_tc <= {studies.key_id(r) for r in A9A_RAW}  # every TC setting, AdaBoost
a9a_raw_core = declared_ids("glocer_raw",
                            lambda k: k["dataset"] == A9A and G._glocer_tier(k["booster"], k["params"], "raw") < 2)
assert len(a9a_raw_core) == 281 + 22 and a9a_raw_core <= {studies.key_id(r) for r in A9A_RAW}  # and the core
assert all(abs(r["test_error"] * A9A_NTEST - round(r["test_error"] * A9A_NTEST)) < 1e-6 for r in A9A_RAW)  # counts
assert all(a9a_raw_consistent.values())  # Table 5.5: every a9a test error within two standard errors
assert all(raw_close.values())  # ERLPBoost a close second, AdaBoost comparable (one-sample 2 SE)
assert (round(100 * min(raw_err.values()), 2), round(100 * max(raw_err.values()), 2)) == (15.54, 15.70)  # the note's
claims.check("Glocer Table 5.5", status="partly reproduced",
             on="a9a (published split), raw data, every setting of the Table 5.3 grid, AdaBoost",
             note="all five test errors within two standard errors of the thesis' (15.54-15.70 % against 15.59-15.69 %); "
                  "ERLPBoost a close second and AdaBoost comparable, as stated; AdaBoost's run stops at iteration 608 "
                  "before a hypothesis that abstains and has no finite step")
# Table 5.8 (orders only): "Corrective ERLPBoost faster than ERLPBoost on every data set except news20" fails on a9a
# as on german and diabetes; "Binary faster than Corrective Binary on every data set" holds; the thesis' fastest on
# a9a, AdaBoost, is not ours: ERLPBoost is
assert raw_cpu["corrective_erlpboost"] > raw_cpu["erlpboost"]
assert raw_cpu["binary_erlpboost"] < raw_cpu["corrective_binary_erlpboost"]
assert min(raw_paper["times"][A9A], key=raw_paper["times"][A9A].get) == "adaboost"
assert min(raw_cpu, key=raw_cpu.get) == "erlpboost"
claims.check("Glocer Table 5.8", status="partly reproduced", on="a9a, raw data, CPU time of the chosen setting",
             note="Binary faster than Corrective Binary, as stated; 'Corrective ERLPBoost faster than ERLPBoost' fails "
                  "(a corrective cell runs minutes, a TC one seconds); our fastest is ERLPBoost, the thesis' AdaBoost")
# Table 5.11: every printed winner is a theoretical eta; here ERLPBoost's is (at the printed nu/N 0.2), Binary's and
# the two corrective boosters' (over their full grids) are not
assert a9a_raw_won["erlpboost"] and not a9a_raw_won["binary_erlpboost"]
assert not a9a_raw_won["corrective_erlpboost"] and not a9a_raw_won["corrective_binary_erlpboost"]
assert a9a_raw_params["erlpboost"]["nu_frac"] == 0.2
assert {b: A9A_RAW_ROWS[b]["chosen"] for b in ERLP_FAMILY[1:]} == {  # the note's grid winners
    "binary_erlpboost": "0.3, 100", "corrective_erlpboost": "0.3, 50", "corrective_binary_erlpboost": "0.1, 500"}
claims.check("Glocer Table 5.11", status="fails", on="a9a, raw data, every setting of the Table 5.3 grid",
             note="'every winner is a theoretical eta' fails for Binary ERLPBoost (0.3, 100), Corrective ERLPBoost "
                  "(0.3, 50) and Corrective Binary (0.1, 500); ERLPBoost's winner is a theoretical eta at the printed "
                  "nu/N = 0.2 (at eps = 0.01, the thesis' at 0.001)")
# %% [markdown]
# ### a9a with SVM hypotheses: Tables 5.6, 5.9 and 5.12
#
# Study `glocer_svm` on the same published split. The class is the 29,305 columns of the linear kernel matrix and
# their negations. As a matrix it takes 6.9 GB (13.7 GB with the negations) and an edge sweep $N^2=8.6\cdot10^8$
# products; an earlier run through that matrix did not finish one ERLPBoost cell in 20 minutes (the thesis' chosen
# ERLPBoost run took 8,312 s, Table 5.9). The kernel is linear, so refboost never forms it: above 7,000 training
# examples `KernelColumnOracle` returns a `LinearKernelOracle`, the same hypotheses, keys and tie rule, whose sweep
# is two products with the 29,305 x 123 data matrix,
# $(d^\top U)_m=\langle X^\top(d\circ y),x_m\rangle/c_m$, and whose scales $c_m=\max_n|\langle x_n,x_m\rangle|$
# come from blocks of the kernel matrix formed once per cell. Its edges agree with the matrix form's to rounding
# (`tests/test_oracles_sparse.py` compares edges, keys, columns, predictions and whole booster runs). The scales
# take 13-22 s per cell (the record's `time_oracle`, one thread), counted in each cell's CPU time below.
# **What ran**: every ERLPBoost and Binary ERLPBoost setting of Table 5.3 with Table 5.12's $\epsilon=10^{-5}$
# setting (282 cells) and the linear SVM; the corrective boosters' 12 core settings each (`_glocer_tier`: 20,000
# iterations of an edge sweep, 8 s to 12.5 min of CPU a cell), then every other setting of both (the cell below
# asserts that each pool holds all 141; provenance.json lists the order, which is not one grid-order run: the last
# Corrective Binary settings ran in interleaved shards). So every row is chosen from its whole grid, as on a9a
# with stumps and raw data.

# %%
names_svm = dict(NAMES, adaboost="svm")
A9A_SVM, A9A_SVM_ROWS, SVM_RUN, svm_err, svm_cpu, a9a_svm_consistent = a9a_class_table("kernel", "5.6", names_svm)
svm_paper = PAPER_H["kernel"]
# the thesis (section 5.6): "for each data set except german, the best result for SVM hypotheses beats the best
# result for decision stumps and raw data"; here over the four ERLPBoost variants (each with its core on a9a)
a9a_class_best = {"stump": min(A9A_ROWS[b]["test_error_pct"] for b in ERLP_FAMILY) / 100,
                  "raw": min(raw_err[b] for b in ERLP_FAMILY),
                  "kernel": min(svm_err[b] for b in ERLP_FAMILY)}
print("a9a, best ERLPBoost-family test error per class:",
      {HYP_NAME[h]: round(100 * e, 2) for h, e in a9a_class_best.items()})
print("Table 5.9 a9a (CPU s, orders only): ours", {names_svm[b]: round(v, 1) for b, v in svm_cpu.items()},
      "\n  thesis", {names_svm[b]: svm_paper["times"][A9A][b] for b in SVM_RUN})
svm_pool = {b: sum(r["booster"] == b for r in A9A_SVM) for b in ("corrective_erlpboost", "corrective_binary_erlpboost")}
print("a9a SVM pools (settings run of 141):", {names_svm[b]: n for b, n in svm_pool.items()})
a9a_svm_won, a9a_svm_params, REC_A9A_SVM = {}, {}, {}
for row in G.glocer_best(A9A_SVM, "paper", "kernel"):
    if row["dataset"] == A9A and row["booster"] in ERLP_FAMILY and row["best"] is not None:
        REC_A9A_SVM[row["booster"]] = row["best"]
        a9a_svm_params[row["booster"]] = json.loads(row["best"]["params"])
        a9a_svm_won[row["booster"]] = "eta" not in a9a_svm_params[row["booster"]]
        print(f"Table 5.12 a9a {names_svm[row['booster']]:9s} ours {A9A_SVM_ROWS[row['booster']]['chosen']:>12s}  "
              f"thesis {A9A_SVM_ROWS[row['booster']]['paper_chosen']}")

# %% [markdown]
# The claims tested on a9a: Table 5.6, every test error against the thesis' (two standard errors, independent
# proportions), and "the best result for SVM hypotheses beats the best result for decision stumps and raw data"
# on every set but german, over the four ERLPBoost variants; Table 5.9, the linear SVM "dramatically faster" than
# the boosters, and the orders §5.6 states for the corrective boosters (as for raw data above); Table 5.12, every
# printed winner a theoretical $\eta$ (a9a's: ERLPBoost at $\nu=1$, $\eta=20{,}571$; Binary at $\nu/N=0.3$,
# $\eta=4{,}408$, both at $\epsilon=0.001$; both corrective boosters at $\nu=1$ and $\epsilon=10^{-5}$, $\eta$ about
# $2\cdot10^6$). Each chosen row is recomputed from the raw records by a direct minimum of the validation error,
# as in §3.

# %%
assert {(r["n_train"], r["n_val"], r["n_test"]) for r in A9A_SVM} == {(29305, 9768, 9769)}
a9a_svm_tier0 = declared_ids("glocer_svm", lambda k: k["dataset"] == A9A
                             and G._glocer_tier(k["booster"], k["params"], "kernel") == 0)
assert len(a9a_svm_tier0) == 2 * 141 + 1 and a9a_svm_tier0 <= {studies.key_id(r) for r in A9A_SVM}  # all of tier 0
a9a_svm_core = declared_ids("glocer_svm", lambda k: k["dataset"] == A9A
                            and G._glocer_tier(k["booster"], k["params"], "kernel") < 2)
assert len(a9a_svm_core) == 2 * 141 + 1 + 2 * 12 and a9a_svm_core <= {studies.key_id(r) for r in A9A_SVM}  # and tier 1
a9a_svm_all = declared_ids("glocer_svm", lambda k: k["dataset"] == A9A)  # the claims' `on=`: every setting of the grid
assert len(a9a_svm_all) == 4 * 141 + 1 and a9a_svm_all == {studies.key_id(r) for r in A9A_SVM}
assert set(SVM_RUN) == {*ERLP_FAMILY, "adaboost"}  # every booster compared
for b in SVM_RUN:  # second path: the chosen setting is the least validation error of the raw records
    pool = [r for r in A9A_SVM if r["booster"] == b]
    assert abs(100 * min(r["val_error"] for r in pool) - A9A_SVM_ROWS[b]["val_error_pct"]) < 1e-9
assert all(abs(r["test_error"] * A9A_NTEST - round(r["test_error"] * A9A_NTEST)) < 1e-6 for r in A9A_SVM)  # counts
assert all(a9a_svm_consistent.values())  # Table 5.6: every a9a test error within two standard errors
# "SVM hypotheses' best beats stumps' and raw data's": it beats stumps' but not raw data's, which is one test example
# lower (Corrective Binary ERLPBoost's); all three within the one-sample two standard errors of each other. Both
# least values are over every setting of the grid
assert a9a_class_best["kernel"] < a9a_class_best["stump"]
assert a9a_class_best["raw"] < a9a_class_best["kernel"]  # the claim fails against raw data
a9a_raw_ahead = round((a9a_class_best["kernel"] - a9a_class_best["raw"]) * A9A_NTEST)
print("a9a: raw data's best is", a9a_raw_ahead, "test example(s) below SVM hypotheses' best")
assert a9a_raw_ahead >= 1
assert all(same_set_tie(a9a_class_best["kernel"], a9a_class_best[h]) for h in ("stump", "raw"))
# the errors the note below quotes, as computed
assert {b: round(100 * e, 2) for b, e in svm_err.items()} == {
    "erlpboost": 15.57, "binary_erlpboost": 15.55, "corrective_erlpboost": 15.99,
    "corrective_binary_erlpboost": 15.81, "adaboost": 15.53}
assert svm_pool == {"corrective_erlpboost": 141, "corrective_binary_erlpboost": 141}  # the claims' `on=` pools
assert {h: round(100 * e, 2) for h, e in a9a_class_best.items()} == {"stump": 15.61, "raw": 15.54, "kernel": 15.55}
claims.check("Glocer Table 5.6", status="partly reproduced",
             on="a9a (published split), SVM hypotheses (matrix-free), every setting of the grid, LinearSVC (C = 1)",
             note="all five test errors (ERLPBoost 15.57 %, Binary 15.55 %, Corrective 15.99 %, Corrective Binary "
                  "15.81 %, linear SVM 15.53 %) within two standard errors of the thesis' 15.62-15.65 %; SVM hypotheses' "
                  "best (15.55 %) below stumps' (15.61 %), as stated, but not below raw data's (15.54 %, one test example "
                  "less), all three within sampling error of each other")
# Table 5.9: the linear SVM faster than every booster; most of a totally corrective cell here is building the class.
# As with raw data: "Binary faster than Corrective Binary" holds, "Corrective ERLPBoost faster than ERLPBoost" fails
# (20,000 edge sweeps against a few hundred; the thesis' own a9a row has 16,117 s against 8,312 s)
assert svm_cpu["adaboost"] < min(svm_cpu[b] for b in ERLP_FAMILY) / 5
assert all(REC_A9A_SVM[b]["time_oracle"] > REC_A9A_SVM[b]["time_boost"] for b in G.GLOCER_TC)
assert svm_cpu["binary_erlpboost"] < svm_cpu["corrective_binary_erlpboost"]
assert svm_cpu["corrective_erlpboost"] > svm_cpu["erlpboost"]
assert svm_paper["times"][A9A]["corrective_erlpboost"] > svm_paper["times"][A9A]["erlpboost"]
assert {b: round(v) for b, v in svm_cpu.items()} == {"erlpboost": 18, "binary_erlpboost": 19, "corrective_erlpboost": 244,
                                                     "corrective_binary_erlpboost": 435, "adaboost": 1}  # the note's
claims.check("Glocer Table 5.9", status="partly reproduced", on="a9a, SVM hypotheses, CPU time of the chosen setting",
             note="the linear SVM (1.4 s) faster than ERLPBoost and Binary (18-19 s, most of it the class' scales), as "
                  "stated; 'dramatically' is 12x here against the thesis' 1,000x and more (8,312 s and 3,845 s); Binary "
                  "faster than Corrective Binary (435 s), as stated; 'Corrective ERLPBoost faster than ERLPBoost' fails "
                  "(244 s against 18 s; the thesis' own row: 16,117 s against 8,312 s)")
# Table 5.12: no a9a winner is a theoretical eta; for the totally corrective boosters the best theoretical eta's
# validation error is within the one-sample two standard errors (n = 9,768) of the least
assert set(a9a_svm_won) == set(ERLP_FAMILY) and not any(a9a_svm_won.values())
for b in G.GLOCER_TC:
    v_least, v_theo = val_least_and_theoretical(A9A_SVM, b)
    assert v_theo > v_least and v_theo - v_least <= two_se(v_theo, v_least, A9A_NVAL, pooled=False), b
assert {b: A9A_SVM_ROWS[b]["chosen"] for b in ERLP_FAMILY} == {  # the note's winners
    "erlpboost": "0.3, 3000", "binary_erlpboost": "0.2, 1000", "corrective_erlpboost": "0.2, 200",
    "corrective_binary_erlpboost": "0.1, 100"}
claims.check("Glocer Table 5.12", status="fails", on="a9a, SVM hypotheses, every setting of the grid",
             note="'every winner is a theoretical eta' fails on a9a: ERLPBoost's winner is (0.3, 3000), Binary's "
                  "(0.2, 1000), Corrective ERLPBoost's (0.2, 200) and Corrective Binary's (0.1, 100), grid values (the thesis: theoretical 20,571 at "
                  "nu = 1 and 4,408 at 0.3; about 2e6 at eps = 1e-5 for the corrective ones); for ERLPBoost and Binary "
                  "the best theoretical eta is within sampling error of the winner on the validation part")

# %% [markdown]
# An observation the thesis does not make, and part of why every a9a winner above sits at $\nu/N\le0.3$: with SVM
# hypotheses, every stored a9a cell at $\nu/N\ge0.5$, of all four boosters, has exactly the majority rule's test
# error (2,373 of 9,769, the test positives; below 0.5 only some cells do, as the cell prints), while with stumps
# and raw data no a9a cell does. The grid's jump sits where $\nu$ passes $2N_+$ ($N_+=6{,}927$ positives of
# $N=29{,}305$ training examples, $2N_+/N=0.473$): above it no $d$ in the capped simplex ($d_n\le1/\nu$) gives the
# positives half the weight, so predicting the majority class has edge $d(-)-d(+)\ge1-2N_+/\nu>0$ under every
# admissible $d$. That bound holds for every hypothesis class, and stumps and raw data do not collapse, so it does not
# explain the collapse; we report the observation and where the threshold falls, without an explanation. The cell
# counts it over the stored records, every a9a setting of the grid.

# %%
a9a_tr_labels = REG["libsvm/erlpboost_a9a/a9a.train"]["labels"]  # catalogue label counts of the training part
a9a_pos_tr, a9a_n_tr = a9a_tr_labels["1.0"], sum(a9a_tr_labels.values())
def is_majority(r):  # the record's test error is the majority rule's, as a count of test examples
    return round(r["test_error"] * A9A_NTEST) == pos
def nu_frac_of(r):
    return pj(r).get("nu_frac", 0.0)  # no nu_frac: nu = 1, nu/N = 1/N
svm_hi = [r for r in A9A_SVM if r["booster"] in ERLP_FAMILY and nu_frac_of(r) >= 0.5]
svm_lo = [r for r in A9A_SVM if r["booster"] in ERLP_FAMILY and nu_frac_of(r) <= 0.4]
print(f"a9a, SVM hypotheses: majority-rule test error in {sum(map(is_majority, svm_hi))} of {len(svm_hi)} cells "
      f"at nu/N >= 0.5, {sum(map(is_majority, svm_lo))} of {len(svm_lo)} at nu/N <= 0.4; "
      f"2 N+ / N = {2 * a9a_pos_tr / a9a_n_tr:.3f}")
assert 0.4 < 2 * a9a_pos_tr / a9a_n_tr < 0.5  # the threshold falls between the grid's 0.4 and 0.5
assert len(svm_hi) >= 4 * 14 and all(map(is_majority, svm_hi))  # every cell above it, at least one full row each
assert not all(map(is_majority, svm_lo))
# with stumps and raw data, no a9a cell of the four boosters has the majority rule's error
assert not any(is_majority(r) for r in A9A_RECS + A9A_RAW if r["booster"] in ERLP_FAMILY)

# %% [markdown]
# ### Sparse text data
#
# astro-ph (94,856 x 99,757), news20 (19,996 x 1,355,191) and real-sim (72,309 x
# 20,958) are not bundled, and this machine has no internet, so they have not been downloaded here. They are in
# the catalogue by name (`refboost-data download news20.binary`, `real-sim` from the LIBSVM page; `astro-ph` has
# no public canonical copy we know of, so it loads from a data folder only), but their checksums are **not
# pinned**: no copy was at hand to pin them, so a download is accepted when it parses to the published shape and
# the sha256 of the stored file is recorded next to it and verified from then on (`datasets.UNPINNED`). refboost
# runs on them without densifying: a scipy.sparse $X$ gives a `SparseRawFeatureOracle` (the raw-data class
# with $U$ kept sparse, an edge sweep is one sparse product $U^\top d$), and `KernelColumnOracle` forms its
# kernel matrix as a sparse product, or, above 7,000 training examples, not at all (`LinearKernelOracle`, as on a9a
# above). To run the same booster code at the thesis' shapes,
# `refboost.datasets.sparse_text_like(name, rng, scale=...)` draws a **synthetic** sparse binary set with the
# set's dimension and density (non-zeros per row: astro-ph 77, news20 455, real-sim 51; positive fraction
# 0.31, 0.50, 0.31; `datasets.SPARSE_TEXT_SHAPES`) and `scale` times its number of examples: text-like tf-idf
# values on Zipf-distributed terms, unit rows, labels from a linear "topic" teacher with 5 % flipped. Its
# error rates say nothing about the real sets; it exercises the code paths and gives timings. The cell runs
# ERLPBoost with raw-data hypotheses on a 60/20/20 split of each at a small scale and checks on the real-sim
# stand-in that the sparse and the dense path give the same hypotheses, weights and predictions. At these sizes
# (a few hundred training examples for $10^4$-$10^6$ features) the test errors stay near the majority rate: the
# cell exercises the code, it claims nothing about learning. At the sets' full shapes the same runs are a benchmark
# (`benchmarks/bench_sparse_scale.py`, too long for this chapter): on the astro-ph stand-in, 56,914 training
# examples x 99,757 features, ERLPBoost converges in 107 iterations and 29 s of CPU; on news20's, 11,998 x
# 1,355,191 with 444 non-zeros per row, in 460 iterations and 161 s; each result certified from its weights.

# %%
from refboost.experiments import error_rate, train_val_test_split
from refboost.oracles import RawFeatureOracle, SparseRawFeatureOracle

SPARSE_SCALE = {"astro-ph": 0.005, "news20": 0.02, "real-sim": 0.01}  # 474, 400 and 723 examples
SPARSE_EPS = 0.01
sparse_runs = {}
for nm, sc in SPARSE_SCALE.items():
    X, y = datasets.sparse_text_like(nm, np.random.default_rng(0), scale=sc)
    tr, va, te = train_val_test_split(X.shape[0], [0.6, 0.2, 0.2], np.random.default_rng(1))
    orc_s = RawFeatureOracle(X[tr], y[tr])
    c0 = time.process_time()
    res = rb.erlpboost(orc_s, eps=SPARSE_EPS, max_iter=1000)
    cpu = time.process_time() - c0
    err = error_rate(orc_s.predict(res.hypotheses, res.weights, X[te]), y[te])
    sparse_runs[nm] = (X, y, tr, te, orc_s, res)
    print(f"{nm:9s} synthetic {X.shape[0]:5d} x {X.shape[1]:9d}, {X.nnz / X.shape[0]:5.1f} non-zeros per row: "
          f"{type(orc_s).__name__}, ERLPBoost {res.n_iter} iterations, {cpu:.2f} s CPU, converged {res.converged}, "
          f"test error {100 * err:.1f} % (positive fraction {100 * np.mean(y[te] > 0):.1f} %)")
    assert isinstance(orc_s, SparseRawFeatureOracle) and orc_s.U_half.nnz == X[tr].nnz
    assert res.converged
X, y, tr, te, orc_s, res = sparse_runs["real-sim"]
orc_d = RawFeatureOracle(X[tr].toarray(), y[tr])  # 434 x 20,958 dense: small enough to compare
res_d = rb.erlpboost(orc_d, eps=SPARSE_EPS, max_iter=1000)
assert res_d.hypotheses == res.hypotheses and np.allclose(res_d.weights, res.weights, rtol=0, atol=1e-9)
assert np.allclose(orc_d.predict(res_d.hypotheses, res_d.weights, X[te].toarray()),
                   orc_s.predict(res.hypotheses, res.weights, X[te]), rtol=0, atol=1e-9)

# %% [markdown]
# ## 6 Summary
#
# * **Table 5.4** (test error, stumps): on german and diabetes every one of our ten test errors is
#   within sampling error of the thesis' and AdaBoost has the largest. With every setting of the grid run,
#   the least test error is a corrective variant's on both sets, as stated: tied with ERLPBoost on german
#   (27.5 %), and on diabetes the four ERLPBoost variants tie (22.73 %), as the thesis' four do (24.03 %).
# * **Table 5.7** (time): Corrective Binary ERLPBoost's chosen setting is the slowest on diabetes, as
#   printed, Corrective ERLPBoost's on german; the other orders differ, and setting by setting Corrective
#   Binary is not uniformly slower than Corrective ERLPBoost here (its $\beta$ comes from `brentq`, not a
#   bisection).
# * **Table 5.10** (parameters): the thesis' "every winner is a theoretical $\eta$" fails on our split:
#   all eight winners are grid values $\eta\le500$, in line with the thesis' own
#   Fig 5.10 remark that german and diabetes prefer more regularisation, which our curves reproduce.
# * **Figs 5.10, 5.16, 5.25** hold on both sets; **Fig 5.13** (Binary faster) is not supported: Binary is
#   faster in about half of the (set, $\nu/N$) pairs, whose cells take a fraction of a second here; **Fig 5.28**'s
#   ordering (TC faster at high precision) holds on the bundled stand-in, by a wide margin.
# * **Tables 5.5 and 5.6** (raw data, SVM hypotheses): all twenty test errors within sampling error of the
#   thesis'; AdaBoost comparable with raw data, TC at least as good as corrective with SVM hypotheses and the
#   linear SVM best on german, as stated; "SVM hypotheses beat stumps and raw data except on german" fails on
#   diabetes, where raw data do best.
# * **Tables 5.8 and 5.9** (time): Binary faster than Corrective Binary (raw) and TC faster than corrective (SVM)
#   and the linear SVM faster than every booster, as stated; "Corrective ERLPBoost faster than ERLPBoost" (raw)
#   fails on both sets.
# * **Tables 5.11 and 5.12** (parameters): with raw data no winner is a theoretical $\eta$ (fails);
#   with SVM hypotheses six of eight are, and german's two TC winners are exactly the printed
#   unstated-$\epsilon=10^{-5}$ setting.
# * **Figs 5.19-5.24**: TC faster at small $\eta$ for every class and at every $\eta$ for raw data and SVM
#   hypotheses; with stumps not slower at large $\eta$ on german (against the text), slower on diabetes only at
#   the theoretical $\eta$; test errors of TC and
#   corrective tied at small $\eta$. **Figs 5.11, 5.14, 5.15, 5.17** fail on these two sets, **5.12, 5.18, 5.26,
#   5.27** hold (Fig 5.27's corrective runs take at least 86x the iterations at every $\eta>1$, but only 9x at
#   $\eta=1$ on german, where both stop within 30 iterations).
# * **a9a** (stumps, the split published with the ERLPBoost code, Table 5.2's sizes; every totally corrective
#   setting of the Table 5.3 grid):
#   all five Table 5.4 test errors within sampling error of the thesis' (15.6 %), the least ERLPBoost's and
#   Corrective ERLPBoost's, not Corrective Binary's (one test example behind); up to ties a theoretical $\eta$
#   wins for ERLPBoost and Binary (Table 5.10), for the corrective boosters a grid $\eta$ by 2 and 4 validation
#   examples; LPBoost consistently poor (uncapped it is the majority rule), TC faster
#   than corrective at every $\eta$, ERLPBoost and Binary tied at every $\nu/N$, capping no help: as stated. Against
#   the thesis: the corrective boosters at $\nu=1$ and the theoretical $\eta$ (Table 5.10's Corrective ERLPBoost
#   winner) stall at two hypotheses within 20,000 iterations (22.8 %), and ERLPBoost is our fastest, the thesis'
#   slowest (Table 5.7).
# * **a9a with raw data** (the same split; every setting of the Table 5.3 grid, AdaBoost): all five Table 5.5 test
#   errors within sampling error of the thesis' (15.6 %), ERLPBoost a close second and AdaBoost comparable, as
#   stated. Table 5.8: Binary faster than Corrective Binary, as stated; Corrective ERLPBoost slower than ERLPBoost
#   (fails) and ERLPBoost, not AdaBoost, our fastest. Table 5.11: the winners of Binary and both corrective
#   boosters are grid values (fails). AdaBoost meets a hypothesis that abstains and has no finite line-search step at
#   iteration 608; refboost stops before it.
# * **a9a with SVM hypotheses** (matrix-free: the 29,305 x 29,305 kernel matrix is never formed; every TC setting,
#   the linear SVM, every corrective setting): all five
#   Table 5.6 test errors within sampling error of the thesis', SVM hypotheses' best below stumps' but one test
#   example above raw data's (fails; all within sampling error); Table 5.9: the linear SVM fastest (12x, the thesis' over 1,000x), Binary faster than
#   Corrective Binary, Corrective ERLPBoost slower than ERLPBoost (fails); Table 5.12: all four winners grid values
#   (fails).
#   **Sparse sets**: not downloadable here; the sparse raw-data path runs at their shapes on synthetic data.
# * **Table 5.1**: the catalogue's files have the printed sizes and dimensions for all six sets (astro-ph: its
#   training part only; the three sparse sets with published, unpinned shapes); the stored german, diabetes and a9a
#   cells loaded exactly those examples.
# * **Figs 5.1-5.9** (german and diabetes, traced single runs): LPBoost unstable in all 18 runs, capped or not (a
#   rise of >= 5 points between checkpoints; 17 of 18 by >= 17 points), also on diabetes with raw data, the thesis'
#   exception; ERLPBoost stable except with SVM hypotheses on diabetes (8.4 and 10.4 points at $\eta=200, 2000$),
#   the panel the thesis names as its worst case.
# * **Fig 5.29** (german, $\epsilon=10^{-5}$): ERLPBoost reaches $\epsilon/2$ first for stumps and SVM hypotheses,
#   as stated, and also for raw data, where the thesis says it does not (fails). **Fig 5.28** on diabetes: fewer
#   iterations everywhere, less time for raw data and SVM hypotheses, undecided for stumps. The gap curves of both
#   figures are stored (`glocer_precision`) and drawn; the same curves on the bundled breast-cancer set are
#   bracketed by HiGHS' LP value.
# * Not run: most of the corrective boosters' non-core settings on a9a (all three classes), the
#   three large sets themselves, the §5.1 and §5.5 runs on the four large sets. `refboost-repro glocer_ch5
#   --scale paper --datasets a9a` resumes a grid.
# * **Timing**: every cell's clock starts after its worker has run the booster once on 24 examples, so
#   that loading code is not charged to the first cell; the stored cells timed before that change as a
#   worker's first (171 of german's and diabetes' cells in the five Glocer stores, 17 of a9a's that take
#   under 300 s of CPU) were re-run, and their records were identical except the times (the replaced records
#   are kept in each `provenance.json`); 7 a9a cells of 325-875 s (AdaBoost's with stumps, six corrective
#   cells with raw data) keep their first times, where 1-4 s is under 1.3 %. a9a's corrective cells with stumps
#   were re-run with the current code (above), so they are timed with one code and warm.

# %%
print(f"notebook ran in {time.perf_counter() - T0:.1f} s")
