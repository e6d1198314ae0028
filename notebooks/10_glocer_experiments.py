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
# (ch-glocer-experiments)=
# # Glocer's experiments: regularisation, correction and precision
#
# {cite:t}`glocer2009`, chapter 5, compares LPBoost {cite:p}`demiriz2002`, ERLPBoost
# {cite:p}`warmuth2008erlpboost`, Binary ERLPBoost, their corrective versions and AdaBoost
# {cite:p}`freund1997` on six data sets with three hypothesis classes (decision stumps, raw data and
# "SVM hypotheses", the columns of a linear kernel matrix). This chapter reruns the experiments from
# stored study results (`refboost-repro glocer_ch5`, `glocer_raw`, `glocer_svm`, `glocer_stability`,
# `glocer_precision`) on the two small sets of the thesis, **german** (`german.numer`, 24 features)
# and **diabetes**, on **a9a** (the split published with the ERLPBoost code) and, for the sparse code
# paths only, on synthetic stand-ins for the three text sets. Every table and figure of the thesis'
# chapter is compared with ours below, and each comparison ends with a verdict table linked to the
# {ref}`claims ledger <ledger>`.

# %% tags=["remove-input"]
from refboost import claims

claims.at_a_glance("10")

# %% [markdown]
# **In short.** The thesis' test errors are reproduced within sampling error wherever we could run
# them (Tables 5.4-5.6 on german, diabetes and a9a), and so are its stability results: LPBoost's test
# error jumps, capped or not, while ERLPBoost's does not (Figs 5.1-5.9). The **parameter tables**
# (5.10-5.12) print a theoretical $\eta$ as the winner almost everywhere; on our splits the winners
# are often grid values, but the best theoretical $\eta$ trails them on the validation set by less
# than two standard errors: Tables 5.10 (german, diabetes) and 5.11, and Table 5.12 on a9a, are
# **not separated at our power**, not refuted. So are the timing remarks "Binary ERLPBoost trains
# faster" (Figs 5.13-5.15), measured on cells of under a second, and "Binary slightly better" (Fig
# 5.17). Two remarks **fail** on a robust counterexample: with raw data more regularisation does not
# reduce the error (Fig 5.11), and on german with raw data ERLPBoost converges long before its
# corrective version at high precision, against the thesis' exception (Fig 5.29). Within the tables
# marked "partly reproduced" some statements fail, each said in its section (for instance
# "Corrective ERLPBoost faster than ERLPBoost", Table 5.8). CPU times come from another machine and
# are compared as orders only (Tables 5.7-5.9).
#
# The chapter's sections:
#
# 1. {doc}`10_1_stumps`: Tables 5.4, 5.7, 5.10 and Figs 5.10, 5.13, 5.16, 5.25 (german, diabetes).
# 2. {doc}`10_2_raw_svm`: Tables 5.5, 5.6, 5.8, 5.9, 5.11, 5.12 (raw data and SVM hypotheses).
# 3. {doc}`10_3_curves`: Figs 5.11-5.27 for all three classes.
# 4. {doc}`10_4_stability`: §5.1, test error against iteration (Figs 5.1-5.9).
# 5. {doc}`10_5_precision`: §5.5, the duality gap at $\epsilon=10^{-5}$ (Figs 5.28, 5.29).
# 6. {doc}`10_6_a9a`: a9a with stumps (Tables 5.2, 5.4, 5.7, 5.10 and the a9a remarks).
# 7. {doc}`10_7_a9a_classes`: a9a with raw data and SVM hypotheses, and the sparse text sets.
#
# ## Protocol
#
# The thesis' protocol (§5 and Table 5.3): training and test files together, one random 60/20/20
# train/validation/test split (german: 600/200/200, diabetes: 460/154/154 as in Table 5.2; our seed
# differs from the thesis', whose script is not public). Grids:
# $\eta\in\{1,2,5,10,20,50,100,200,500,1000,2000,3000\}$ plus the theoretical
# $\eta=\frac2\epsilon\ln\frac N\nu$ (ERLPBoost, Thm 3.10) or $\frac2\epsilon(\ln\frac N\nu+1)$
# (Binary, Thm 3.21) at $\epsilon=0.001$ and $0.01$; $\nu/N\in\{1/N, 0.1,\dots,0.9\}$ ("0" below
# means $\nu=1$); $\epsilon=0.001$; at most 1,000 iterations for the totally corrective (TC) and
# 20,000 for the corrective boosters; LPBoost at $\epsilon=0.05$; AdaBoost 20,000 iterations. The
# setting of least validation error is chosen (ties: the Table 5.3 order) and its test error
# reported (§5.6, Tables 5.4-5.12).
#
# **Sampling error.** The thesis reports one split and no standard errors. Our split is another
# random draw of the same data, so a test error is comparable with the thesis' only up to the
# binomial sampling error of the thesis' own test set: two test errors are **consistent** when they
# differ by at most $2\sqrt{2p(1-p)/n}$ ($n$ the test size of Table 5.2, $p$ their mean; two standard
# errors of a difference of two independent proportions). This band, fixed before looking, is the
# `margin` of every "reproduced" verdict on a test error. Two methods on our **same** test (or
# validation) set are compared with the one-sample $2\sqrt{p(1-p)/n}$.
#
# ## What ran
#
# The table below counts the stored cells of each study against the cells it declares
# at paper scale. Every declared cell is stored: on a9a too every booster's selection pool is the
# full grid ({glue:text}`a9a-stored` of {glue:text}`a9a-declared` a9a cells in the three
# hypothesis-class studies, among them all {glue:text}`a9a-corr-stored` of the
# {glue:text}`a9a-corr-declared` cells of the two corrective boosters), so every chosen setting below is a minimum over the whole Table 5.3
# grid. astro-ph, news20 and real-sim are not stored (section 7). Every cell's clock starts after its
# worker has run the booster once on 24 examples, so loading code is not charged to the first cell;
# cells timed before that change were re-run, with identical records except the times (the replaced
# records are kept in each store's `provenance.json`), except a few a9a cells of several CPU minutes,
# where that one-time cost is about a percent.

# %% tags=["hide-input"]

import pandas as pd

from refboost import book, datasets, studies

book.setup()
STUDY_NAME = {
    "glocer_ch5": "stumps (Tables 5.4, 5.7, 5.10)",
    "glocer_raw": "raw data (Tables 5.5, 5.8, 5.11)",
    "glocer_svm": "SVM hypotheses (Tables 5.6, 5.9, 5.12)",
    "glocer_stability": "traced runs (Figs 5.1-5.9)",
    "glocer_precision": "gap curves (Figs 5.28, 5.29)",
}
ran, stored_n, corr_a9a = [], {}, []
for study, what in STUDY_NAME.items():
    store = studies.default_store(study, "paper")
    with studies.Store(store) as sto:
        recs = sto.records()
    ids = {studies.key_id(r) for r in recs}
    declared = studies.get_study(study).cells("paper")
    corr = {
        studies.key_id(k)
        for k in declared
        if k["dataset"] == "a9a" and k["booster"].startswith("corrective")
    }
    corr_a9a += [len(corr), len(corr & ids)]
    for ds in sorted({k["dataset"] for k in declared}):
        dec = {studies.key_id(k) for k in declared if k["dataset"] == ds}
        mine = [r for r in recs if r["dataset"] == ds and studies.key_id(r) in dec]
        ran.append(
            {
                "study": study,
                "what": what,
                "data set": ds,
                "declared cells": len(dec),
                "stored": len(dec & ids),
                "CPU minutes": sum(r["time_cpu"] for r in mine) / 60,
            }
        )
    if study == "glocer_ch5":
        for r in recs:
            stored_n.setdefault(r["dataset"], set()).add(
                r["n_train"] + r["n_val"] + r["n_test"]
            )
RAN = pd.DataFrame(ran)
a9a_rows = RAN[(RAN["data set"] == "a9a") & RAN["study"].isin(list(STUDY_NAME)[:3])]
book.glue("a9a-stored", f"{int(a9a_rows['stored'].sum()):,}")
book.glue("a9a-declared", f"{int(a9a_rows['declared cells'].sum()):,}")
corr_declared, corr_stored = sum(corr_a9a[0::2]), sum(corr_a9a[1::2])
book.glue("a9a-corr-stored", f"{corr_stored:,}")
book.glue("a9a-corr-declared", f"{corr_declared:,}")
book.table(
    RAN.drop(columns="study"),
    caption="What ran: for each study (what it reproduces) and data set, the cells it declares at "
    "paper scale, how many are stored, and the CPU minutes of the stored cells.",
    formats={"CPU minutes": "{:.1f}"},
)

# %%
assert (RAN["stored"] == RAN["declared cells"]).all(), "every declared cell is stored"
assert corr_stored == corr_declared > 800  # a9a's corrective settings: all of them ran
# claims: none (bookkeeping: the stores are complete)

# %% [markdown]
# ## Table 5.1: the data sets
#
# Table 5.1 of {cite:t}`glocer2009` lists six LIBSVM-style sets with the sizes of their training and
# test files *before* the 60/20/20 re-split (one size when the set comes as one file) and their
# dimensions. The table below sets each row next to refboost's catalogue. **Two paths** for the
# sizes: (i) the shapes the catalogue recorded when it parsed each pinned file
# (`datasets.registry()`; for the three sparse sets, which are not pinned, the published shapes of
# `datasets.UNPINNED`); (ii) the examples the study actually loaded at paper scale, the train +
# validation + test sizes of every stored cell of `glocer_ch5` (german, diabetes, a9a), and, where a
# data folder has the file (not in CI), the shape `datasets.load` returns.

# %% tags=["hide-input"]
#: Glocer (2009), Table 5.1: name -> (training size, test size or None, dimensions)
TABLE_5_1 = {
    "news20": (19996, None, 1355191),
    "real-sim": (72309, None, 20958),
    "astro-ph": (62369, 32487, 99757),
    "a9a": (32561, 16281, 123),
    "german.numer": (1000, None, 24),
    "diabetes": (768, None, 8),
}
REG = datasets.registry()
t51 = []
for nm, (tr_p, te_p, dim_p) in TABLE_5_1.items():
    st = datasets.status(nm)
    files = [REG[f] for f in st["files"]]
    loaded = None
    if st["loadable"]:  # a data folder has it: the shape the loader returns
        d = datasets.load(nm, dense=False)
        loaded = (
            d.X.shape[0],
            None if d.X_test is None else d.X_test.shape[0],
            d.X.shape[1],
        )
    t51.append(
        {
            "data set": nm,
            "paper train/test": f"{tr_p:,}" + (f" / {te_p:,}" if te_p else ""),
            "ours (files)": " / ".join(f"{f['rows']:,}" for f in files),
            "paper dimensions": dim_p,
            "ours": " / ".join(f"{c:,}" for c in sorted({f["cols"] for f in files})),
            "examples the study loaded": " / ".join(
                f"{n:,}" for n in sorted(stored_n.get(nm, []))
            )
            or "not run",
            "checksum pinned": "no"
            if any(f["path"] in datasets.UNPINNED for f in files)
            else "yes",
            "_rows": [f["rows"] for f in files],
            "_cols": sorted({f["cols"] for f in files}),
            "_loaded": loaded,
        }
    )
T51 = pd.DataFrame(t51)
book.table(
    T51.drop(columns=["_rows", "_cols", "_loaded"]),
    caption="Glocer (2009), Table 5.1 against the catalogue: training / test sizes of the "
    "files, dimensions, and the examples every stored glocer_ch5 cell loaded (train + "
    "validation + test). astro-ph: only the training file is catalogued.",
)

# %%
for row, (nm, (tr_p, te_p, dim_p)) in zip(t51, TABLE_5_1.items(), strict=True):
    assert row["_cols"] == [dim_p], nm  # every file: the printed dimension
    if nm == "astro-ph":  # only the training file is catalogued
        assert row["_rows"] == [tr_p] and row["checksum pinned"] == "no"
        # the synthetic stand-in's row count is the thesis' total, both parts
        assert datasets.SPARSE_TEXT_SHAPES[nm]["rows"] == tr_p + te_p
    else:
        assert row["_rows"] == [tr_p] + ([te_p] if te_p else []), nm
    if nm in stored_n:  # second path: what the study loaded and split, every cell
        assert stored_n[nm] == {tr_p + (te_p or 0)}, nm
    if row["_loaded"] is not None:
        assert row["_loaded"] == (tr_p, te_p, dim_p) or (
            nm == "astro-ph" and row["_loaded"][:1] == (tr_p,)
        ), nm
assert set(stored_n) >= {"german.numer", "diabetes", "a9a"}
pinned_run = [r["data set"] for r in t51 if r["checksum pinned"] == "yes"]
assert pinned_run == ["a9a", "german.numer", "diabetes"]
# german: the thesis' 24 dimensions are LIBSVM's german.numer; IDA's german has 20
assert REG["raetsch/german/german_train_data_1.asc.gz"]["cols"] == 20

# %% tags=["remove-input"]
claims.check(
    "Glocer Table 5.1",
    status="holds",
    on="german.numer, diabetes and a9a: the sizes and dimensions the catalogue parsed from the "
    "pinned files, and the examples every stored glocer_ch5 cell loaded",
    paper="1,000 x 24; 768 x 8; 32,561 / 16,281 x 123",
    ours="the same (files and stored cells)",
)
claims.check(
    "Glocer Table 5.1",
    status="weakly asserted",
    on="news20, real-sim, astro-ph",
    note="no copy of these three sets is at hand: their shapes are the published ones "
    "typed into the catalogue (checksums not pinned), so equality with the thesis' row is not "
    "a test; astro-ph's 32,487-example test part is not catalogued",
    paper="19,996 x 1,355,191; 72,309 x 20,958; 62,369 / 32,487 x 99,757",
    ours="published shapes, not loaded",
)

# %% [markdown]
# Table 5.1 **holds** for the three sets the studies ran on (german, diabetes, a9a: the files and
# every stored cell have the printed sizes), and is only **weakly asserted** for the three sparse
# text sets, whose shapes we could not load here. german's 24 dimensions are LIBSVM's
# `german.numer`; the IDA german of {doc}`02_data_and_weak_learners` has 20 features.
