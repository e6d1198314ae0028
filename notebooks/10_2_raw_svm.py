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
# (ch-glocer-raw-svm)=
# # Raw-data and SVM hypotheses: Tables 5.5, 5.6, 5.8, 5.9, 5.11 and 5.12
#
# The thesis' two other hypothesis classes ({cite:t}`glocer2009`, ch. 5, "Raw data hypotheses ...
# SVM hypotheses"), on german and diabetes:
#
# * **raw data**: $h_j(x)=x_j/c_j$, a column of the data matrix (`refboost.oracles.RawFeatureOracle`,
#   reflexive); the thesis does not say how it maps features into $[-1,1]$, we divide by
#   $c_j=\max_n|x_{nj}|$ on the training part;
# * **SVM hypotheses**: $h_m(x)=\langle x,x_m\rangle/c_m$ for a training example $x_m$ ("multiplying
#   the original data matrix by one of its rows"), a column of the linear kernel matrix
#   (`refboost.oracles.KernelColumnOracle`, reflexive, $c_m=\max_n|\langle x_n,x_m\rangle|$). The
#   thesis stresses that this "is not the same as training SVMs on the data and boosting the
#   result", so the weak learner here is **not** a per-round SVM;
# * the last row of Tables 5.6 and 5.9 is a **linear SVM** (software and $C$ not given):
#   scikit-learn's `LinearSVC` {cite:p}`pedregosa2011` with $C=1$ on the training part, stored as one
#   round of AdaBoost with the `linear-svm` weak learner (printed as "linear SVM").
#
# Studies `glocer_raw` and `glocer_svm` (same split, grids, selection rule and analysis as
# `glocer_ch5`, {doc}`10_1_stumps`). german is the catalogue's **unscaled** `german.numer`,
# diabetes the LIBSVM-scaled file. Every setting of Table 5.3 ran for every booster, and for SVM
# hypotheses also the theoretical $\eta$ at $\epsilon=10^{-5}$, $\nu=1$: Table 5.12's $\eta$ of order
# $10^6$ decode to that setting, which its caption does not mention. a9a is in {doc}`10_6_a9a`.

# %% tags=["hide-input"]
import json

import numpy as np
import pandas as pd
from IPython.display import display

import refboost as rb
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
}
ERLP_FAMILY = (*G.GLOCER_TC, *G.GLOCER_CORRECTIVE)
HYP = {"stump": "glocer_ch5", "raw": "glocer_raw", "kernel": "glocer_svm"}
HYP_NAME = {"stump": "stumps", "raw": "raw data", "kernel": "SVM hypotheses"}


def load_records(study):
    with studies.Store(studies.default_store(study, "paper")) as sto:
        return [r for r in sto.records() if r["dataset"] in SETS]


def name(h, b):
    return "linear SVM" if h == "kernel" and b == "adaboost" else NAMES[b]


RECS_H = {h: load_records(s) for h, s in HYP.items()}
BEST_H = {
    h: {
        (r["dataset"], r["booster"]): r
        for r in studies.analyse(HYP[h], "paper")
        if r["dataset"] in SETS
    }
    for h in HYP
}
PAPER_H = {h: studies.paper_numbers()[HYP[h]] for h in HYP}
ROWS5 = (*ERLP_FAMILY, "adaboost")


def best_err(h, ds, b):
    return BEST_H[h][(ds, b)]["test_error_pct"] / 100


def best_cpu(h, ds, b):
    return BEST_H[h][(ds, b)]["cpu_s"]


# %% [markdown]
# **Two paths**, as for stumps: each chosen row is recomputed from the raw records by a direct
# minimum of the validation error, and each chosen test error is a whole number of test examples.

# %% tags=["hide-input"]
for h in ("raw", "kernel"):
    for (ds, b), row in BEST_H[h].items():
        cand = [r for r in RECS_H[h] if (r["dataset"], r["booster"]) == (ds, b)]
        assert (
            abs(100 * min(r["val_error"] for r in cand) - row["val_error_pct"]) < 1e-9
        )
        wrong = row["test_error_pct"] / 100 * NTEST[ds]
        assert abs(wrong - round(wrong)) < 1e-9, (h, ds, b)
    svm_cells = [r for r in RECS_H[h] if r["booster"] == "adaboost"]
    assert {r["weak_learner"] for r in svm_cells} == {
        "linear-svm" if h == "kernel" else "raw"
    }
    if h == "kernel":  # one round: the SVM's classifier, a single hypothesis
        assert all(r["n_iter"] == 1 and r["n_hypotheses"] == 1 for r in svm_cells)
# claims: none (bookkeeping: the analysis' choice equals a direct minimum over the records)

# %% [markdown]
# ## Tables 5.5 and 5.6: test error of the chosen setting
#
# Each test error is compared with the thesis' within the two-standard-error band of
# {ref}`ch-glocer-experiments`. The qualitative claims of §5.6, each tested on our rows (two methods
# on our **same** test set: the one-sample band): Table 5.5, AdaBoost is "comparable" to the best on
# german and diabetes; Table 5.6, "the totally corrective algorithms are at least as good as the
# corrective algorithms on every data set", the linear SVM is best on german and worse than a
# boosting variant on diabetes; and "for each dataset except german, the best result for SVM
# hypotheses beats the best result for decision stumps and raw data".

# %% tags=["hide-input"]
consistent_h, t55 = {}, {"raw": [], "kernel": []}
for h in ("raw", "kernel"):
    for ds in SETS:
        for b in ROWS5:
            ours, theirs = best_err(h, ds, b), PAPER_H[h]["values"][ds][b] / 100
            tol = G.two_se(ours, theirs, NTEST[ds])
            consistent_h[(h, ds, b)] = abs(ours - theirs) <= tol
            t55[h].append(
                {
                    "data set": ds,
                    "booster": name(h, b),
                    "thesis %": 100 * theirs,
                    "ours %": 100 * ours,
                    "|difference|": 100 * abs(ours - theirs),
                    "band (2 SE)": 100 * tol,
                    "within band": "yes" if consistent_h[(h, ds, b)] else "no",
                }
            )
for h, tno in (("raw", "5.5"), ("kernel", "5.6")):
    display(
        book.table(
            pd.DataFrame(t55[h]),
            caption=f"Table {tno} (test error of the chosen setting, {HYP_NAME[h]}), the "
            "thesis' and ours in percent; band: two standard errors of a difference of two "
            "independent proportions on the test size (german 200, diabetes 154).",
            formats="{:.2f}",
        )
    )

ada_comparable, tc_ge_corr, svm_best = {}, {}, {}
for ds in SETS:
    lo = min(best_err("raw", ds, b) for b in ERLP_FAMILY)
    ada = best_err("raw", ds, "adaboost")
    ada_comparable[ds] = abs(ada - lo) <= G.two_se(ada, lo, NTEST[ds], pooled=False)
    tc = min(best_err("kernel", ds, b) for b in G.GLOCER_TC)
    co = min(best_err("kernel", ds, b) for b in G.GLOCER_CORRECTIVE)
    tc_ge_corr[ds] = tc <= co
    svm = best_err("kernel", ds, "adaboost")
    svm_best[ds] = svm <= min(best_err("kernel", ds, b) for b in ERLP_FAMILY)
best_class = {
    ds: {h: min(best_err(h, ds, b) for b in ERLP_FAMILY) for h in HYP} for ds in SETS
}
svm_class_wins = {
    ds: best_class[ds]["kernel"] <= min(best_class[ds]["stump"], best_class[ds]["raw"])
    for ds in SETS
}
yn = {True: "yes", False: "no"}
stmt = pd.DataFrame(
    [
        ("5.5: AdaBoost within 2 SE of the best ERLPBoost variant", ada_comparable),
        ("5.6: best TC at least as good as best corrective", tc_ge_corr),
        ("5.6: the linear SVM has the least error", svm_best),
        ("5.6: SVM hypotheses' best <= stumps' and raw data's", svm_class_wins),
    ],
    columns=["statement", "v"],
)
for ds in SETS:
    stmt[ds] = [yn[bool(v[ds])] for v in stmt["v"]]
for ds in SETS:
    book.glue(
        f"best-class-{ds[:3]}",
        ", ".join(f"{HYP_NAME[h]} {100 * e:.2f} %" for h, e in best_class[ds].items()),
    )
book.table(
    stmt.drop(columns="v"),
    caption="The statements of section 5.6 about Tables 5.5 and 5.6, on our rows (the thesis: "
    "yes, yes, german only, every set but german).",
)

# %%
assert all(consistent_h.values())  # every raw-data and SVM test error within 2 SE
# Table 5.5: AdaBoost within sampling error of the best
assert all(ada_comparable.values())
assert all(tc_ge_corr.values())  # Table 5.6: totally corrective at least as good
# the SVM best on german only
assert svm_best["german.numer"] and not svm_best["diabetes"]
# on diabetes SVM hypotheses do not beat raw data
assert not any(svm_class_wins.values())
assert best_class["diabetes"]["raw"] < best_class["diabetes"]["kernel"]

# %% tags=["remove-input"]
claims.check(
    "Glocer Table 5.5",
    status="partly reproduced",
    on="german and diabetes, raw data, every setting of the grid",
    margin="two standard errors of a difference of two independent binomial proportions at "
    "the thesis' test size (german 200, diabetes 154); the thesis reports no standard errors",
    note="AdaBoost comparable to the best variant on both sets, as stated; 'ERLPBoost best "
    "overall' rests on the four sets not run here",
    paper="10 test errors",
    ours=f"{sum(v for k, v in consistent_h.items() if k[0] == 'raw')} of 10 within the band",
)
claims.check(
    "Glocer Table 5.6",
    status="partly reproduced",
    on="german and diabetes, SVM hypotheses (linear-kernel columns) and LinearSVC (C = 1), "
    "every setting of the grid",
    margin="two standard errors of a difference of two independent binomial proportions at "
    "the thesis' test size (german 200, diabetes 154)",
    note="TC at least as good as corrective and the linear SVM best on german, worse than "
    "ERLPBoost on diabetes, as stated; 'SVM hypotheses beat stumps and raw data except on "
    "german' fails on diabetes, where raw data do best (within sampling error)",
    paper="10 test errors; SVM hypotheses best except on german",
    ours=f"{sum(v for k, v in consistent_h.items() if k[0] == 'kernel')} of 10 within the "
    "band; raw data best on diabetes",
)

# %% [markdown]
# Tables 5.5 and 5.6 are **reproduced on german and diabetes** within sampling error, and so are
# their qualitative statements except one: on diabetes SVM hypotheses do not beat raw data (best
# ERLPBoost-family errors: {glue:text}`best-class-dia`; on german: {glue:text}`best-class-ger`).
#
# ## Tables 5.8 and 5.9: CPU time of the chosen setting
#
# Times from another machine, so orders only. The thesis' statements: Table 5.8 (raw data),
# "Corrective ERLPBoost was faster than ERLPBoost on every dataset except news20" and "Binary
# ERLPBoost was faster than Corrective Binary ERLPBoost on every data set"; Table 5.9, "SVMs are
# dramatically faster than any of our boosting algorithms" and "the totally corrective algorithms
# are faster than the corrective algorithms for SVM hypotheses"; and (Table 5.7's text) Corrective
# Binary is slower than Corrective ERLPBoost "for the other two hypothesis classes as well", which we
# test setting by setting as for stumps.

# %% tags=["hide-input"]
for h, tno in (("raw", "5.8"), ("kernel", "5.9")):
    rows = [
        {
            "data set": ds,
            "booster": name(h, b),
            "thesis CPU s": float(PAPER_H[h]["times"][ds][b]),
            "ours CPU s": best_cpu(h, ds, b),
        }
        for ds in SETS
        for b in ROWS5
    ]
    display(
        book.table(
            pd.DataFrame(rows),
            caption=f"Table {tno} (CPU seconds of the chosen setting, {HYP_NAME[h]}): the "
            "thesis' (another machine) and ours; compare orders, not values.",
            formats="{:.3g}",
        )
    )
corr_faster_raw = {
    ds: best_cpu("raw", ds, "corrective_erlpboost") < best_cpu("raw", ds, "erlpboost")
    for ds in SETS
}
bin_faster_raw = {
    ds: best_cpu("raw", ds, "binary_erlpboost")
    < best_cpu("raw", ds, "corrective_binary_erlpboost")
    for ds in SETS
}
svm_fastest = {
    ds: best_cpu("kernel", ds, "adaboost")
    < min(best_cpu("kernel", ds, b) for b in ERLP_FAMILY)
    for ds in SETS
}
tc_faster_svm = {
    ds: max(best_cpu("kernel", ds, b) for b in G.GLOCER_TC)
    < min(best_cpu("kernel", ds, b) for b in G.GLOCER_CORRECTIVE)
    for ds in SETS
}
ratios_h = {}
for h in ("raw", "kernel"):
    by = {(r["dataset"], r["booster"], r["params"]): r for r in RECS_H[h]}
    cb = "corrective_binary_erlpboost"
    ratios_h[h] = np.array(
        [
            by[(ds, cb, p)]["time_cpu"] / r["time_cpu"]
            for (ds, b, p), r in by.items()
            if b == "corrective_erlpboost"
            and (ds, cb, p) in by
            and by[(ds, cb, p)]["n_iter"] == r["n_iter"]
        ]
    )
stmt = pd.DataFrame(
    [
        ("5.8: Corrective ERLPBoost faster than ERLPBoost", corr_faster_raw),
        ("5.8: Binary faster than Corrective Binary", bin_faster_raw),
        ("5.9: the linear SVM faster than every booster", svm_fastest),
        ("5.9: both TC faster than both corrective", tc_faster_svm),
    ],
    columns=["statement", "v"],
)
for ds in SETS:
    stmt[ds] = [yn[bool(v[ds])] for v in stmt["v"]]
for h in ("raw", "kernel"):
    book.glue(
        f"cb-ratio-{h}",
        f"{np.median(ratios_h[h]):.2f} (range {ratios_h[h].min():.2f}-{ratios_h[h].max():.2f}, "
        f"{len(ratios_h[h])} settings)",
    )
book.table(
    stmt.drop(columns="v"),
    caption="The statements of section 5.6 about Tables 5.8 and 5.9, on our rows (the thesis: "
    "yes on both sets for each).",
)

# %%
# Table 5.8's "Corrective faster" fails on both
assert not any(corr_faster_raw.values())
assert all(bin_faster_raw.values())  # Table 5.8: Binary faster than Corrective Binary
assert all(svm_fastest.values())  # Table 5.9: the linear SVM faster than every booster
# Table 5.9: totally corrective faster than corrective
assert all(tc_faster_svm.values())
# not uniformly slower (raw data)
assert ratios_h["raw"].min() < 1 < ratios_h["raw"].max()

# %% tags=["remove-input"]
claims.check(
    "Glocer Table 5.8",
    status="partly reproduced",
    on="german and diabetes, raw data, CPU time",
    margin="orders only (another machine): which of two boosters' chosen settings is faster",
    note="Binary faster than Corrective Binary on both, as stated; 'Corrective ERLPBoost faster "
    "than ERLPBoost' fails on both (a TC cell takes hundredths of a second here, a corrective one "
    "seconds); setting by setting Corrective Binary is not uniformly slower than Corrective",
    paper="Corrective faster than ERLPBoost; Binary faster than Corrective Binary",
    ours="the first no, the second yes (both sets)",
)
claims.check(
    "Glocer Table 5.9",
    status="partly reproduced",
    on="german and diabetes, SVM hypotheses, CPU time",
    margin="orders only (another machine): which of two boosters' chosen settings is faster",
    note="TC faster than corrective and the linear SVM faster than every booster on both sets, "
    "as stated",
    paper="SVM fastest; TC faster than corrective",
    ours="both, on both sets",
)

# %% [markdown]
# Table 5.9's orders are **reproduced**; Table 5.8's only in part: "Corrective ERLPBoost faster
# than ERLPBoost" **fails** on both sets. Setting by setting Corrective Binary takes
# {glue:text}`cb-ratio-raw` times Corrective ERLPBoost's CPU with raw data and
# {glue:text}`cb-ratio-kernel` with SVM hypotheses (median): not uniformly slower.
#
# ## Tables 5.11 and 5.12: the chosen parameters
#
# As for Table 5.10, every printed winner is a theoretical $\eta$ (Table 5.11 at $\epsilon=0.001$ or
# $0.01$; Table 5.12 also at the unstated $\epsilon=10^{-5}$, which won all four german entries). The
# tables give, on our validation set, the winner's errors next to the best theoretical $\eta$'s.

# %% tags=["hide-input"]
won_h, behind_h, band_h, t511 = {}, {}, {}, {"raw": [], "kernel": []}
for h in ("raw", "kernel"):
    best_recs = {
        (r["dataset"], r["booster"]): r["best"]
        for r in G.glocer_best(RECS_H[h], "paper", h)
    }
    for ds in SETS:
        for b in ERLP_FAMILY:
            rec = best_recs[(ds, b)]
            p = json.loads(rec["params"])
            won_h[(h, ds, b)] = {
                "theoretical": "eta" not in p,
                "eps": p.get("eps"),
                "nu_frac": p.get("nu_frac", 0),
            }
            pool = [r for r in RECS_H[h] if r["dataset"] == ds and r["booster"] == b]
            n_val = pool[0]["n_val"]
            v_theo = min(
                r["val_error"] for r in pool if "eta" not in json.loads(r["params"])
            )
            behind_h[(h, ds, b)] = round((v_theo - rec["val_error"]) * n_val)
            band_h[(h, ds, b)] = (
                G.two_se(v_theo, rec["val_error"], n_val, pooled=False) * n_val
            )
            t511[h].append(
                {
                    "data set": ds,
                    "booster": NAMES[b],
                    "thesis": BEST_H[h][(ds, b)]["paper_chosen"],
                    "ours": BEST_H[h][(ds, b)]["chosen"],
                    "winner's validation errors": round(rec["val_error"] * n_val),
                    "best theoretical eta's": round(v_theo * n_val),
                    "band (2 SE, examples)": band_h[(h, ds, b)],
                }
            )
for h, tno in (("raw", "5.11"), ("kernel", "5.12")):
    display(
        book.table(
            pd.DataFrame(t511[h]),
            caption=f"Table {tno} (chosen nu/N, eta, {HYP_NAME[h]}; * eps = 0.01, ** eps = "
            "1e-5), the thesis' and ours, and on our validation set the errors (counts of "
            "examples) of our winner and of the best theoretical eta; band: two one-sample "
            "standard errors, in examples.",
            formats={"band (2 SE, examples)": "{:.1f}"},
        )
    )
raw_keys = [k for k in behind_h if k[0] == "raw"]
n_tie = sum(behind_h[k] == 0 for k in raw_keys)
book.glue("t511-ties", f"{n_tie}")
book.glue("t511-one", f"{sum(behind_h[k] == 1 for k in raw_keys)}")
book.glue("t511-band", f"{min(band_h[k] for k in raw_keys):.0f}")
hp_won_german = [
    b for b in ERLP_FAMILY if won_h[("kernel", "german.numer", b)]["eps"] == 1e-05
]
# Table 5.12's german column: the theoretical eta at eps = 1e-5, nu = 1, N = 600
eta_hp = {
    b: (rb.bounds.eta_binary if "binary" in b else rb.bounds.eta_erlp)(1e-5, 600, 1.0)
    for b in ERLP_FAMILY
}
printed_hp = {
    "erlpboost": 1.27e6,
    "binary_erlpboost": 1.48e6,
    "corrective_erlpboost": 1.28e6,
    "corrective_binary_erlpboost": 1.48e6,
}  # Glocer (2009), Table 5.12, german
book.glue("eta-hp-erlp", f"{eta_hp['erlpboost']:.4g}")
book.glue("eta-hp-bin", f"{eta_hp['binary_erlpboost']:.4g}")
kern_keys = [k for k in behind_h if k[0] == "kernel"]
n_theo_svm = sum(won_h[k]["theoretical"] for k in kern_keys)
book.glue("t512-theo", f"{n_theo_svm}")
book.glue("t512-behind", f"{max(behind_h[k] for k in kern_keys)}")

# %%
raw_won = [won_h[k]["theoretical"] for k in raw_keys]
assert not any(raw_won)  # Table 5.11: no winner of ours is a theoretical eta ...
# ... but on 4 of 8 the best theoretical eta ties the winner's validation error
# (it loses to the tie-break order) and on the other 4 it is one example behind
assert n_tie == 4 and all(behind_h[k] in (0, 1) for k in raw_keys)
assert all(behind_h[k] < band_h[k] for k in raw_keys)
assert min(band_h[k] for k in raw_keys) >= 10
# Table 5.12: german's TC winners are the theoretical eta at eps = 1e-5, nu = 1
assert set(G.GLOCER_TC) <= set(hp_won_german)
assert all(won_h[("kernel", "german.numer", b)]["nu_frac"] == 0 for b in G.GLOCER_TC)
# our eta agrees with the printed ones to their 3 digits: 1.2794e6 is printed 1.27e6
# for ERLPBoost (truncated) and 1.28e6 for Corrective ERLPBoost (the same eta)
assert all(abs(eta_hp[b] - printed_hp[b]) <= 0.01e6 for b in ERLP_FAMILY)
assert round(eta_hp["erlpboost"], -4) == 1.28e6 != printed_hp["erlpboost"]
assert n_theo_svm == 6 and max(behind_h[k] for k in kern_keys) == 1

# %% tags=["remove-input"]
claims.check(
    "Glocer Table 5.11",
    status="not separated at our power",
    on="german and diabetes, raw data, every setting of the grid",
    power="a theoretical eta behind the winner by two one-sample standard errors of the "
    "validation error (12 of german's 200, 10 of diabetes' 154 validation examples) would have "
    "been detected; on 4 of 8 settings the best theoretical eta ties the winner (it loses only "
    "to the tie-break order), on the other 4 it is one validation example behind",
    note="no winner of ours is a theoretical eta (the thesis: all eight)",
    paper="every winner a theoretical eta",
    ours=f"{n_tie} of 8 tied, {8 - n_tie} one example behind",
)
claims.check(
    "Glocer Table 5.12",
    status="partly reproduced",
    on="german and diabetes, SVM hypotheses, every setting of the grid",
    margin="the printed setting (theoretical eta or not, eps, nu/N) is our winner's; the "
    "printed eta of order 1e6 matches our theoretical eta at eps = 1e-5 to its three digits",
    note="on german both totally corrective winners are the theoretical eta at the unstated eps "
    "= 1e-5, nu = 1, as printed (our eta 1.279e6 and 1.479e6; the thesis prints 1.27e6 for "
    "ERLPBoost, 1.28e6 for the same setting of Corrective ERLPBoost); six of eight winners are "
    "theoretical etas; on diabetes Binary and Corrective ERLPBoost win with grid values, one "
    "validation example ahead of the best theoretical eta",
    paper="ERLPBoost 1.27e6, Binary 1.48e6 (german)",
    ours=f"{eta_hp['erlpboost']:.4g}, {eta_hp['binary_erlpboost']:.4g}; {n_theo_svm} of 8 "
    "theoretical",
)

# %% [markdown]
# Table 5.11 is **not separated at our power**: none of our eight raw-data winners is a theoretical
# $\eta$, but on {glue:text}`t511-ties` of the eight settings the best theoretical $\eta$ has exactly
# the winner's validation error and loses only to the tie-break order, and on the other
# {glue:text}`t511-one` it is one validation example behind, against a detectable difference of
# about {glue:text}`t511-band` examples. Table 5.12 is **partly reproduced**:
# {glue:text}`t512-theo` of eight SVM-hypothesis winners are theoretical $\eta$, the other two lead
# by {glue:text}`t512-behind` validation example, and german's two totally corrective winners are the
# printed setting at the unstated $\epsilon=10^{-5}$, $\nu=1$: our theoretical $\eta$ is
# {glue:text}`eta-hp-erlp` (ERLPBoost) and {glue:text}`eta-hp-bin` (Binary); the thesis prints
# 1.27e6 and 1.48e6, and 1.28e6 for the same setting of Corrective ERLPBoost, so its ERLPBoost entry
# is the same $\eta$ truncated rather than rounded.
