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
# (ch-glocer-a9a-classes)=
# # a9a with raw data and SVM hypotheses, and the sparse text sets
#
# The raw-data and SVM-hypothesis experiments of {cite:t}`glocer2009` on a9a's published split
# (studies `glocer_raw` and `glocer_svm`; the split and the protocol as in {doc}`10_6_a9a`), and the
# sparse code paths at the shapes of the three text sets, which are not available here.
#
# ## Raw data: Tables 5.5, 5.8 and 5.11
#
# The raw-data class on a9a is its 123 binary features and their negations: hypotheses with values
# in $\{0,1\}$ (resp. $\{-1,0\}$) that **abstain** where the feature is 0. Every setting of Table 5.3
# ran for the four ERLPBoost variants and AdaBoost. ERLPBoost and Binary ERLPBoost take seconds a
# cell, a corrective cell up to minutes. The corrective cells were re-run with the current code (a
# sparse edge sweep when at most a third of a large $U$ is non-zero, a9a's is 11 %): identical
# records, less CPU, so every corrective cell is timed with one code (the replaced records are in
# `provenance.json` under `pruned`).
#
# **AdaBoost and abstaining hypotheses.** AdaBoost's step for a hypothesis with values in $[-1,1]$
# is the line search that minimises $Z_t$ (the thesis, §6), the step after which its edge is 0. A
# hypothesis that is $\ge 0$ on every training example and $0$ on some has no such finite step: the
# exponential loss decreases along it without a minimiser. On a9a this happens at iteration
# {glue:text}`ada-iter`: the
# hypothesis of largest edge ($4.2\cdot10^{-4}$) is the negation of a feature present in 16 training
# examples, all negative. refboost stops before such a step (`stop_reason = "no_finite_step"`) and
# returns the combination of the iterations before it. Unit test:
# `tests/test_adaboost.py::test_abstaining_hypothesis_stops_before_the_infinite_step`.

# %% tags=["hide-input"]
import json

import numpy as np
import pandas as pd
from IPython.display import display

import refboost as rb
from refboost import book, claims, datasets, studies
from refboost.studies import glocer as G

book.setup()
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
PAPER_H = {h: studies.paper_numbers()[HYP[h]] for h in HYP}
REG = datasets.registry()
A9A, A9A_SPLIT, A9A_NTEST, A9A_NVAL = "a9a", G.glocer_split("a9a"), 9769, 9768


def same_set_tie(p, q):
    return abs(p - q) <= G.two_se(p, q, A9A_NTEST, pooled=False)


def pj(r):
    return (
        json.loads(r["params"]) if isinstance(r["params"], str) else dict(r["params"])
    )


def val_least_and_theoretical(recs, b):
    pool = [r for r in recs if r["booster"] == b]
    return (
        min(r["val_error"] for r in pool),
        min(r["val_error"] for r in pool if "eta" not in pj(r)),
    )


def a9a_class(h, names):
    """a9a's records of a class' study, its rows by booster, the boosters compared (every core
    setting stored), their test errors and CPU times, and the comparison with the thesis' as
    a table."""
    with studies.Store(studies.default_store(HYP[h], "paper")) as sto:
        recs = [r for r in sto.records() if r["dataset"] == A9A]
    ids = {studies.key_id(r) for r in recs}
    core = {
        b: G.declared_ids(
            HYP[h],
            lambda k, b=b: (
                k["dataset"] == A9A
                and k["booster"] == b
                and G.cell_tier(b, k["params"], h) < 2
            ),
        )
        for b in ERLP_FAMILY
    }
    rows = {
        r["booster"]: r for r in studies.analyse(HYP[h], "paper") if r["dataset"] == A9A
    }
    run = [
        b
        for b in (*ERLP_FAMILY, "adaboost")
        if rows[b]["test_error_pct"] is not None and core.get(b, set()) <= ids
    ]
    err = {b: rows[b]["test_error_pct"] / 100 for b in run}
    consistent, t = {}, []
    for b in run:
        theirs = PAPER_H[h]["values"][A9A][b] / 100
        consistent[b] = abs(err[b] - theirs) <= G.two_se(err[b], theirs, A9A_NTEST)
        t.append(
            {
                "booster": names[b],
                "thesis %": 100 * theirs,
                "ours %": 100 * err[b],
                "within 2 SE": "yes" if consistent[b] else "no",
                "thesis CPU s": float(PAPER_H[h]["times"][A9A][b]),
                "ours CPU s": rows[b]["cpu_s"],
                "thesis setting": rows[b]["paper_chosen"],
                "ours": rows[b]["chosen"],
            }
        )
    table = pd.DataFrame(t)
    return recs, rows, run, err, {b: rows[b]["cpu_s"] for b in run}, consistent, table


def show(table, h, tnos):
    display(
        book.table(
            table.iloc[:, :6],
            caption=f"a9a, {HYP_NAME[h]}: Table {tnos[0]} (test error of the chosen setting; "
            "within 2 SE: two standard errors of a difference of two independent proportions on "
            f"9,769 test examples) and Table {tnos[1]} (CPU seconds, another machine).",
            formats={
                "thesis %": "{:.2f}",
                "ours %": "{:.2f}",
                "thesis CPU s": "{:,.1f}",
                "ours CPU s": "{:,.1f}",
            },
        )
    )


names_raw = dict(NAMES)
A9A_RAW, A9A_RAW_ROWS, RAW_RUN, raw_err, raw_cpu, a9a_raw_consistent, RAW_T = a9a_class(
    "raw", names_raw
)
show(RAW_T, "raw", ("5.5", "5.8"))
raw_paper = PAPER_H["raw"]
ada_rec = next(r for r in A9A_RAW if r["booster"] == "adaboost")
book.glue("ada-iter", f"{ada_rec['n_iter']}")
n_tr = A9A_RAW[0]["n_train"]
book.glue("kern-gb", f"{n_tr**2 * 8 / 1e9:.1f}")
book.glue("kern-n2", f"{n_tr**2:.1e}")
raw_least = min(raw_err[b] for b in RAW_RUN if b != "adaboost")
# the thesis (5.6): ERLPBoost "a close second on a9a"; AdaBoost "comparable on a9a"
raw_close = {b: same_set_tie(raw_err[b], raw_least) for b in ("erlpboost", "adaboost")}
a9a_raw_won, a9a_raw_params, raw_val = {}, {}, []
for row in G.glocer_best(A9A_RAW, "paper", "raw"):
    if row["dataset"] == A9A and row["booster"] in ERLP_FAMILY:
        b = row["booster"]
        a9a_raw_params[b] = pj(row["best"])
        a9a_raw_won[b] = "eta" not in a9a_raw_params[b]
        v_least, v_theo = val_least_and_theoretical(A9A_RAW, b)
        raw_val.append(
            {
                "booster": names_raw[b],
                "thesis": A9A_RAW_ROWS[b]["paper_chosen"],
                "ours": A9A_RAW_ROWS[b]["chosen"],
                "least validation errors": round(v_least * A9A_NVAL),
                "best theoretical eta's": round(v_theo * A9A_NVAL),
                "band (2 SE, examples)": G.two_se(
                    v_theo, v_least, A9A_NVAL, pooled=False
                )
                * A9A_NVAL,
            }
        )
RAW_VAL = pd.DataFrame(raw_val)
book.table(
    RAW_VAL,
    caption="a9a, raw data, Table 5.11 (chosen nu/N, eta; * eps = 0.01), the thesis' and ours, "
    "and the validation errors (counts of 9,768 examples) of our winner and of the best "
    "theoretical eta; band: two one-sample standard errors, in examples.",
    formats={"band (2 SE, examples)": "{:.0f}"},
)
book.glue(
    "raw-range",
    f"{100 * min(raw_err.values()):.2f}-{100 * max(raw_err.values()):.2f} %",
)
TH, LEAST = "best theoretical eta's", "least validation errors"
book.glue("raw-behind", f"{(RAW_VAL[TH] - RAW_VAL[LEAST]).max()}")

# %% tags=["hide-input"]
assert {(r["n_train"], r["n_val"], r["n_test"]) for r in A9A_RAW} == {
    (29305, 9768, 9769)
}
a9a_raw_tc = G.declared_ids(
    "glocer_raw",
    lambda k: k["dataset"] == A9A and k["booster"] in (*G.GLOCER_TC, "adaboost"),
)
assert len(a9a_raw_tc) == 281 and a9a_raw_tc <= {studies.key_id(r) for r in A9A_RAW}
a9a_raw_core = G.declared_ids(
    "glocer_raw",
    lambda k: k["dataset"] == A9A and G.cell_tier(k["booster"], k["params"], "raw") < 2,
)
assert len(a9a_raw_core) == 281 + 22 and a9a_raw_core <= {
    studies.key_id(r) for r in A9A_RAW
}
assert all(
    abs(r["test_error"] * A9A_NTEST - round(r["test_error"] * A9A_NTEST)) < 1e-6
    for r in A9A_RAW
)
assert all(a9a_raw_consistent.values())  # Table 5.5: every a9a test error within 2 SE
assert all(raw_close.values())  # ERLPBoost a close second, AdaBoost comparable
assert (
    round(100 * min(raw_err.values()), 2),
    round(100 * max(raw_err.values()), 2),
) == (15.54, 15.70)
# Table 5.8 (orders): "Corrective ERLPBoost faster than ERLPBoost" fails; "Binary faster than
# Corrective Binary" holds; the thesis' fastest, AdaBoost, is not ours: ERLPBoost is
assert raw_cpu["corrective_erlpboost"] > raw_cpu["erlpboost"]
assert raw_cpu["binary_erlpboost"] < raw_cpu["corrective_binary_erlpboost"]
assert min(raw_paper["times"][A9A], key=raw_paper["times"][A9A].get) == "adaboost"
assert min(raw_cpu, key=raw_cpu.get) == "erlpboost"
# Table 5.11: ERLPBoost's winner is a theoretical eta (at the printed nu/N 0.2); Binary's and
# the corrective boosters' are grid values, 1-2 validation examples ahead of a theoretical eta
assert a9a_raw_won["erlpboost"] and not a9a_raw_won["binary_erlpboost"]
assert (
    not a9a_raw_won["corrective_erlpboost"]
    and not a9a_raw_won["corrective_binary_erlpboost"]
)
assert a9a_raw_params["erlpboost"]["nu_frac"] == 0.2
assert {b: A9A_RAW_ROWS[b]["chosen"] for b in ERLP_FAMILY[1:]} == {
    "binary_erlpboost": "0.3, 100",
    "corrective_erlpboost": "0.3, 50",
    "corrective_binary_erlpboost": "0.1, 500",
}
gap_raw = RAW_VAL["best theoretical eta's"] - RAW_VAL["least validation errors"]
assert gap_raw.max() <= 2 and (gap_raw < RAW_VAL["band (2 SE, examples)"]).all()
assert RAW_VAL["band (2 SE, examples)"].min() >= 70

# %% tags=["remove-input"]
claims.check(
    "Glocer Table 5.5",
    status="partly reproduced",
    on="a9a (published split), raw data, every setting of the Table 5.3 grid, AdaBoost",
    margin="two standard errors of a difference of two independent binomial proportions at the thesis' test size (9,769); the thesis reports no standard errors",
    note="ERLPBoost a close second and AdaBoost comparable, as stated; AdaBoost's run stops at "
    "iteration 608 before a hypothesis that abstains and has no finite step",
    paper="15.59-15.69 %",
    ours=f"{100 * min(raw_err.values()):.2f}-{100 * max(raw_err.values()):.2f} %, 5 of 5 within",
)
claims.check(
    "Glocer Table 5.8",
    status="partly reproduced",
    on="a9a, raw data, CPU time of the chosen setting",
    margin="orders only (another machine): which of two boosters' chosen settings is faster",
    note="Binary faster than Corrective Binary, as stated; 'Corrective ERLPBoost faster than "
    "ERLPBoost' fails (a corrective cell runs minutes, a TC one seconds); our fastest is "
    "ERLPBoost, the thesis' AdaBoost",
    paper="Corrective faster than ERLPBoost",
    ours=f"{raw_cpu['corrective_erlpboost']:.0f} s against {raw_cpu['erlpboost']:.0f} s",
)
claims.check(
    "Glocer Table 5.11",
    status="not separated at our power",
    on="a9a, raw data, every setting of the Table 5.3 grid",
    power="a theoretical eta behind the winner by two one-sample standard errors of the "
    "validation error (about 70 of 9,768 validation examples) would have been detected; the "
    "best theoretical eta is 1-2 examples behind the grid winners",
    note="ERLPBoost's winner is a theoretical eta at the printed nu/N = 0.2 (at eps = 0.01, the "
    "thesis' at 0.001); Binary (0.3, 100), Corrective ERLPBoost (0.3, 50) and Corrective Binary "
    "(0.1, 500) win with grid values",
    paper="every winner a theoretical eta",
    ours=f"1 of 4; the others {gap_raw.max()} or fewer validation examples ahead",
)

# %% [markdown]
# With raw data on a9a Table 5.5 is **reproduced** (test errors {glue:text}`raw-range`, all within
# sampling error), Table 5.8 only partly ("Corrective ERLPBoost faster than ERLPBoost" fails), and
# Table 5.11 is **not separated at our power**: three of four winners are grid values, but the best
# theoretical $\eta$ trails each by at most {glue:text}`raw-behind` of 9,768 validation examples.
#
# ## SVM hypotheses: Tables 5.6, 5.9 and 5.12
#
# The class is the 29,305 columns of the linear kernel matrix and their negations. As a matrix it
# takes {glue:text}`kern-gb` GB in double precision (twice that with the negations) and an edge
# sweep {glue:text}`kern-n2` products; the
# thesis' chosen ERLPBoost run took 8,312 s (Table 5.9). The kernel is linear, so refboost never
# forms it: above 7,000 training examples `KernelColumnOracle` returns a `LinearKernelOracle`, the
# same hypotheses, keys and tie rule, whose sweep is two products with the 29,305 x 123 data matrix,
# $(d^\top U)_m=\langle X^\top(d\circ y),x_m\rangle/c_m$, and whose scales
# $c_m=\max_n|\langle x_n,x_m\rangle|$ come from blocks of the kernel matrix formed once per cell
# (`tests/test_oracles_sparse.py` compares edges, keys, columns, predictions and whole booster runs
# with the matrix form). Every setting of Table 5.3 ran, with Table 5.12's $\epsilon=10^{-5}$ setting
# and the linear SVM. The claims tested: Table 5.6, every test error against the thesis', and "the
# best result for SVM hypotheses beats the best result for decision stumps and raw data" on every set
# but german; Table 5.9, the linear SVM "dramatically faster" than the boosters, and the orders of
# the corrective boosters as for raw data; Table 5.12, every printed winner a theoretical $\eta$.

# %% tags=["hide-input"]
names_svm = dict(NAMES, adaboost="linear SVM")
A9A_SVM, A9A_SVM_ROWS, SVM_RUN, svm_err, svm_cpu, a9a_svm_consistent, SVM_T = a9a_class(
    "kernel", names_svm
)
show(SVM_T, "kernel", ("5.6", "5.9"))
svm_paper = PAPER_H["kernel"]
with studies.Store(studies.default_store("glocer_ch5", "paper")) as sto:
    stump_rows = {
        r["booster"]: r
        for r in studies.analyse("glocer_ch5", "paper")
        if r["dataset"] == A9A
    }
a9a_class_best = {
    "stump": min(stump_rows[b]["test_error_pct"] for b in ERLP_FAMILY) / 100,
    "raw": min(raw_err[b] for b in ERLP_FAMILY),
    "kernel": min(svm_err[b] for b in ERLP_FAMILY),
}
svm_pool = {
    b: sum(r["booster"] == b for r in A9A_SVM)
    for b in ("corrective_erlpboost", "corrective_binary_erlpboost")
}
a9a_svm_won, REC_A9A_SVM, svm_val = {}, {}, []
for row in G.glocer_best(A9A_SVM, "paper", "kernel"):
    if row["dataset"] == A9A and row["booster"] in ERLP_FAMILY:
        b = row["booster"]
        REC_A9A_SVM[b] = row["best"]
        a9a_svm_won[b] = "eta" not in pj(row["best"])
        v_least, v_theo = val_least_and_theoretical(A9A_SVM, b)
        svm_val.append(
            {
                "booster": names_svm[b],
                "thesis": A9A_SVM_ROWS[b]["paper_chosen"],
                "ours": A9A_SVM_ROWS[b]["chosen"],
                "least validation errors": round(v_least * A9A_NVAL),
                "best theoretical eta's": round(v_theo * A9A_NVAL),
                "band (2 SE, examples)": G.two_se(
                    v_theo, v_least, A9A_NVAL, pooled=False
                )
                * A9A_NVAL,
            }
        )
SVM_VAL = pd.DataFrame(svm_val)
book.table(
    SVM_VAL,
    caption="a9a, SVM hypotheses, Table 5.12 (chosen nu/N, eta; ** eps = 1e-5), the thesis' and "
    "ours, and the validation errors (counts of 9,768 examples) of our winner and of the best "
    "theoretical eta; band: two one-sample standard errors, in examples.",
    formats={"band (2 SE, examples)": "{:.0f}"},
)
for h, e in a9a_class_best.items():
    book.glue(f"a9a-best-{h}", f"{100 * e:.2f} %")
book.glue(
    "a9a-raw-ahead",
    f"{round((a9a_class_best['kernel'] - a9a_class_best['raw']) * A9A_NTEST)}",
)
book.glue(
    "svm-speedup", f"{min(svm_cpu[b] for b in G.GLOCER_TC) / svm_cpu['adaboost']:.0f}"
)
svm_gap = SVM_VAL[TH] - SVM_VAL[LEAST]
book.glue("svm-behind", f"{svm_gap.min()}-{svm_gap.max()}")

# %% tags=["hide-input"]
assert {(r["n_train"], r["n_val"], r["n_test"]) for r in A9A_SVM} == {
    (29305, 9768, 9769)
}
a9a_svm_tier0 = G.declared_ids(
    "glocer_svm",
    lambda k: (
        k["dataset"] == A9A and G.cell_tier(k["booster"], k["params"], "kernel") == 0
    ),
)
assert len(a9a_svm_tier0) == 2 * 141 + 1 and a9a_svm_tier0 <= {
    studies.key_id(r) for r in A9A_SVM
}
a9a_svm_core = G.declared_ids(
    "glocer_svm",
    lambda k: (
        k["dataset"] == A9A and G.cell_tier(k["booster"], k["params"], "kernel") < 2
    ),
)
assert len(a9a_svm_core) == 2 * 141 + 1 + 2 * 12
assert a9a_svm_core <= {studies.key_id(r) for r in A9A_SVM}
a9a_svm_all = G.declared_ids(
    "glocer_svm", lambda k: k["dataset"] == A9A
)  # every setting
assert len(a9a_svm_all) == 4 * 141 + 1 and a9a_svm_all == {
    studies.key_id(r) for r in A9A_SVM
}
assert set(SVM_RUN) == {*ERLP_FAMILY, "adaboost"}  # every booster compared
# second path: the chosen setting is the least validation error of the records
for b in SVM_RUN:
    pool = [r for r in A9A_SVM if r["booster"] == b]
    assert (
        abs(100 * min(r["val_error"] for r in pool) - A9A_SVM_ROWS[b]["val_error_pct"])
        < 1e-9
    )
assert all(
    abs(r["test_error"] * A9A_NTEST - round(r["test_error"] * A9A_NTEST)) < 1e-6
    for r in A9A_SVM
)
assert all(a9a_svm_consistent.values())  # Table 5.6: every a9a test error within 2 SE
# "SVM hypotheses' best beats stumps' and raw data's": it beats stumps' but not raw data's,
# which is one test example lower; all three within sampling error of each other
assert a9a_class_best["kernel"] < a9a_class_best["stump"]
assert a9a_class_best["raw"] < a9a_class_best["kernel"]
assert round((a9a_class_best["kernel"] - a9a_class_best["raw"]) * A9A_NTEST) >= 1
assert all(
    same_set_tie(a9a_class_best["kernel"], a9a_class_best[h]) for h in ("stump", "raw")
)
assert {b: round(100 * e, 2) for b, e in svm_err.items()} == {
    "erlpboost": 15.57,
    "binary_erlpboost": 15.55,
    "corrective_erlpboost": 15.99,
    "corrective_binary_erlpboost": 15.81,
    "adaboost": 15.53,
}
assert svm_pool == {"corrective_erlpboost": 141, "corrective_binary_erlpboost": 141}
assert {h: round(100 * e, 2) for h, e in a9a_class_best.items()} == {
    "stump": 15.61,
    "raw": 15.54,
    "kernel": 15.55,
}
# Table 5.9: the linear SVM faster than every booster; most of a TC cell is building the class;
# "Binary faster than Corrective Binary" holds, "Corrective faster than ERLPBoost" fails
assert svm_cpu["adaboost"] < min(svm_cpu[b] for b in ERLP_FAMILY) / 5
assert all(
    REC_A9A_SVM[b]["time_oracle"] > REC_A9A_SVM[b]["time_boost"] for b in G.GLOCER_TC
)
assert svm_cpu["binary_erlpboost"] < svm_cpu["corrective_binary_erlpboost"]
assert svm_cpu["corrective_erlpboost"] > svm_cpu["erlpboost"]
assert (
    svm_paper["times"][A9A]["corrective_erlpboost"]
    > svm_paper["times"][A9A]["erlpboost"]
)
assert {b: round(v) for b, v in svm_cpu.items()} == {
    "erlpboost": 18,
    "binary_erlpboost": 19,
    "corrective_erlpboost": 244,
    "corrective_binary_erlpboost": 435,
    "adaboost": 1,
}
# Table 5.12: no a9a winner is a theoretical eta, but for every booster the best theoretical
# eta's validation error is within the one-sample two standard errors of the least
assert set(a9a_svm_won) == set(ERLP_FAMILY) and not any(a9a_svm_won.values())
for b in ERLP_FAMILY:
    v_least, v_theo = val_least_and_theoretical(A9A_SVM, b)
    assert v_theo > v_least and v_theo - v_least <= G.two_se(
        v_theo, v_least, A9A_NVAL, pooled=False
    ), b
assert {b: A9A_SVM_ROWS[b]["chosen"] for b in ERLP_FAMILY} == {
    "erlpboost": "0.3, 3000",
    "binary_erlpboost": "0.2, 1000",
    "corrective_erlpboost": "0.2, 200",
    "corrective_binary_erlpboost": "0.1, 100",
}
gap_svm = SVM_VAL["best theoretical eta's"] - SVM_VAL["least validation errors"]
assert gap_svm.min() == 8 and gap_svm.max() == 58
assert SVM_VAL["band (2 SE, examples)"].min() >= 70

# %% tags=["remove-input"]
claims.check(
    "Glocer Table 5.6",
    status="partly reproduced",
    on="a9a (published split), SVM hypotheses (matrix-free), every setting of the grid, "
    "LinearSVC (C = 1)",
    margin="two standard errors of a difference of two independent binomial proportions at the thesis' test size (9,769); the thesis reports no standard errors",
    note="all five test errors (ERLPBoost 15.57 %, Binary 15.55 %, Corrective 15.99 %, "
    "Corrective Binary 15.81 %, linear SVM 15.53 %) within the band of the thesis' "
    "15.62-15.65 %; SVM hypotheses' best (15.55 %) below stumps' (15.61 %), as stated, but not "
    "below raw data's (15.54 %, one test example less), all three within sampling error",
    paper="15.62-15.65 %",
    ours=f"{100 * min(svm_err.values()):.2f}-{100 * max(svm_err.values()):.2f} %, 5 of 5 within",
)
claims.check(
    "Glocer Table 5.9",
    status="partly reproduced",
    on="a9a, SVM hypotheses, CPU time of the chosen setting",
    margin="orders only (another machine): which of two chosen settings is faster",
    note="the linear SVM (1.4 s) faster than ERLPBoost and Binary (18-19 s, most of it the "
    "class' scales), as stated; 'dramatically' is 12x here against the thesis' 1,000x and more; "
    "Binary faster than Corrective Binary (435 s), as stated; 'Corrective ERLPBoost faster than "
    "ERLPBoost' fails (244 s against 18 s; the thesis' own row: 16,117 s against 8,312 s)",
    paper="SVM dramatically faster",
    ours=f"SVM {svm_cpu['adaboost']:.1f} s, ERLPBoost {svm_cpu['erlpboost']:.0f} s",
)
claims.check(
    "Glocer Table 5.12",
    status="not separated at our power",
    on="a9a, SVM hypotheses, every setting of the grid",
    power="a theoretical eta behind the winner by two one-sample standard errors of the "
    "validation error (about 70 of 9,768 validation examples) would have been detected; the best "
    "theoretical eta is 8-58 examples behind the four grid winners",
    note="every a9a winner of ours is a grid value: ERLPBoost (0.3, 3000), Binary (0.2, 1000), "
    "Corrective ERLPBoost (0.2, 200), Corrective Binary (0.1, 100); the thesis: theoretical "
    "20,571 at nu = 1 and 4,408 at 0.3, about 2e6 at eps = 1e-5 for the corrective ones",
    paper="every winner a theoretical eta",
    ours="0 of 4; the best theoretical eta 8-58 examples behind",
)

# %% [markdown]
# With SVM hypotheses on a9a Table 5.6 is **reproduced** within sampling error, but "SVM hypotheses
# beat stumps and raw data" fails narrowly: their best ({glue:text}`a9a-best-kernel`) is below
# stumps' ({glue:text}`a9a-best-stump`) and {glue:text}`a9a-raw-ahead` test example above raw
# data's ({glue:text}`a9a-best-raw`). Table 5.9: the linear SVM is the fastest, by a factor of
# {glue:text}`svm-speedup` over the totally corrective boosters (the thesis: over 1,000), and
# "Corrective ERLPBoost faster than ERLPBoost" fails. Table 5.12 is **not separated at our
# power**: all four winners are grid values, but the best theoretical $\eta$ is only
# {glue:text}`svm-behind` validation examples behind, inside two standard errors.
#
# **An observation the thesis does not make**, and part of why every a9a winner above sits at
# $\nu/N\le0.3$: with SVM hypotheses, every stored a9a cell at $\nu/N\ge0.5$, of all four boosters,
# has exactly the majority rule's test error (the test positives), while with stumps and raw data no
# a9a cell does. The jump sits where $\nu$ passes $2N_+$ ($N_+$ the training positives): above it no
# $d$ in the capped simplex gives the positives half the weight, so predicting the majority class
# has a positive edge under every admissible $d$. That bound holds for every hypothesis class, and
# stumps and raw data do not collapse, so it does not explain the collapse; we report the
# observation and where the threshold falls ($2N_+/N=$ {glue:text}`a9a-2np`), without an
# explanation.

# %% tags=["hide-input"]
a9a_tr_labels = REG["libsvm/erlpboost_a9a/a9a.train"]["labels"]
a9a_pos_tr, a9a_n_tr = a9a_tr_labels["1.0"], sum(a9a_tr_labels.values())
pos = REG["libsvm/erlpboost_a9a/a9a.test"]["labels"]["1.0"]
with studies.Store(studies.default_store("glocer_ch5", "paper")) as sto:
    A9A_RECS = [
        r for r in sto.records() if r["dataset"] == A9A and r["split"] == A9A_SPLIT
    ]


def is_majority(r):  # the record's test error is the majority rule's, as a count
    return round(r["test_error"] * A9A_NTEST) == pos


def nu_frac_of(r):
    return pj(r).get("nu_frac", 0.0)  # no nu_frac: nu = 1


svm_hi = [r for r in A9A_SVM if r["booster"] in ERLP_FAMILY and nu_frac_of(r) >= 0.5]
svm_lo = [r for r in A9A_SVM if r["booster"] in ERLP_FAMILY and nu_frac_of(r) <= 0.4]
book.glue("a9a-2np", f"{2 * a9a_pos_tr / a9a_n_tr:.3f}")
book.table(
    pd.DataFrame(
        [
            {
                "cells": "SVM hypotheses, nu/N >= 0.5",
                "stored": len(svm_hi),
                "with the majority rule's test error": sum(map(is_majority, svm_hi)),
            },
            {
                "cells": "SVM hypotheses, nu/N <= 0.4",
                "stored": len(svm_lo),
                "with the majority rule's test error": sum(map(is_majority, svm_lo)),
            },
            {
                "cells": "stumps and raw data, every nu/N",
                "stored": sum(r["booster"] in ERLP_FAMILY for r in A9A_RECS + A9A_RAW),
                "with the majority rule's test error": sum(
                    is_majority(r)
                    for r in A9A_RECS + A9A_RAW
                    if r["booster"] in ERLP_FAMILY
                ),
            },
        ]
    ),
    caption="a9a, the four ERLPBoost variants: stored cells whose test error is the majority "
    "rule's (a count of the test positives).",
)

# %%
assert 0.4 < 2 * a9a_pos_tr / a9a_n_tr < 0.5  # the threshold falls between 0.4 and 0.5
assert len(svm_hi) >= 4 * 14 and all(map(is_majority, svm_hi))  # every cell above it
assert not all(map(is_majority, svm_lo))
assert not any(
    is_majority(r) for r in A9A_RECS + A9A_RAW if r["booster"] in ERLP_FAMILY
)
# claims: none (an observation the thesis does not make)

# %% [markdown]
# ## The sparse text sets
#
# astro-ph (94,856 x 99,757), news20 (19,996 x 1,355,191) and real-sim (72,309 x 20,958) are not
# bundled and this machine has no internet, so they have not been downloaded here. They are in the
# catalogue by name, but their checksums are **not pinned**: a download is accepted when it parses
# to the published shape, and the sha256 of the stored file is recorded and verified from then on
# (`datasets.UNPINNED`). refboost runs on them without densifying: a scipy.sparse $X$ gives a
# `SparseRawFeatureOracle` (the raw-data class with $U$ kept sparse; an edge sweep is one sparse
# product $U^\top d$), and `KernelColumnOracle` forms its kernel matrix as a sparse product, or,
# above 7,000 training examples, not at all. To run the same booster code at the thesis' shapes,
# `refboost.datasets.sparse_text_like(name, rng, scale=...)` draws a **synthetic** sparse binary set
# with the set's dimension and density (`datasets.SPARSE_TEXT_SHAPES`) and `scale` times its number
# of examples: tf-idf-like values on Zipf-distributed terms, unit rows, labels from a linear "topic"
# teacher with 5 % flipped. Its error rates say nothing about the real sets; it exercises the code
# paths. The cell runs ERLPBoost with raw-data hypotheses on a 60/20/20 split of each at a small
# scale and checks on the real-sim stand-in that the sparse and the dense path give the same
# hypotheses, weights and predictions. At the sets' full shapes the same runs are a benchmark
# (`benchmarks/bench_sparse_scale.py`, too long for this chapter).

# %%
from refboost.experiments import error_rate, train_val_test_split
from refboost.oracles import RawFeatureOracle, SparseRawFeatureOracle

SPARSE_SCALE = {"astro-ph": 0.005, "news20": 0.02, "real-sim": 0.01}
SPARSE_EPS = 0.01
sparse_runs, sparse_rows = {}, []
for nm, sc in SPARSE_SCALE.items():
    X, y = datasets.sparse_text_like(nm, np.random.default_rng(0), scale=sc)
    tr, va, te = train_val_test_split(
        X.shape[0], [0.6, 0.2, 0.2], np.random.default_rng(1)
    )
    orc_s = RawFeatureOracle(X[tr], y[tr])
    res = rb.erlpboost(orc_s, eps=SPARSE_EPS, max_iter=1000)
    err = error_rate(orc_s.predict(res.hypotheses, res.weights, X[te]), y[te])
    sparse_runs[nm] = (X, y, tr, te, orc_s, res)
    sparse_rows.append(
        (nm, X.shape, X.nnz / X.shape[0], res.n_iter, err, np.mean(y[te] > 0))
    )
    assert isinstance(orc_s, SparseRawFeatureOracle) and orc_s.U_half.nnz == X[tr].nnz
    assert res.converged
X, y, tr, te, orc_s, res = sparse_runs["real-sim"]
orc_d = RawFeatureOracle(X[tr].toarray(), y[tr])  # dense: small enough to compare
res_d = rb.erlpboost(orc_d, eps=SPARSE_EPS, max_iter=1000)
assert res_d.hypotheses == res.hypotheses
assert np.allclose(res_d.weights, res.weights, rtol=0, atol=1e-9)
assert np.allclose(
    orc_d.predict(res_d.hypotheses, res_d.weights, X[te].toarray()),
    orc_s.predict(res.hypotheses, res.weights, X[te]),
    rtol=0,
    atol=1e-9,
)
# claims: none (the sparse code path against the dense one, on synthetic data)

# %% tags=["hide-input"]
book.table(
    pd.DataFrame(
        [
            {
                "stand-in for": nm,
                "examples": shp[0],
                "features": shp[1],
                "non-zeros per row": nnz,
                "iterations": it,
                "test error": err,
                "positive fraction": posf,
            }
            for nm, shp, nnz, it, err, posf in sparse_rows
        ]
    ),
    caption="ERLPBoost (raw data, eps = 0.01) on small synthetic stand-ins of the three text "
    "sets: every run converges through the sparse oracle; at a few hundred training examples for "
    "10^4-10^6 features the test error stays near the majority rate, so the runs claim nothing "
    "about learning.",
    formats={
        "non-zeros per row": "{:.1f}",
        "test error": "{:.3f}",
        "positive fraction": "{:.3f}",
    },
)
