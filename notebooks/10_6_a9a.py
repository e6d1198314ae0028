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
# (ch-glocer-a9a)=
# # a9a with decision stumps: Tables 5.2, 5.4, 5.7, 5.10 and the a9a remarks
#
# a9a is the largest of the dense sets of {cite:t}`glocer2009`: 48,842 examples (a9a and a9a.t
# together), 123 binary features, split 29,305 / 9,768 / 9,769 by Table 5.2. The ERLPBoost code
# ships a 60/20/20 split of a9a + a9a.t with exactly these sizes (catalogue entry `a9a-erlpboost`),
# and the a9a cells run on it: the split `erlpboost-0.1` of `studies.PUBLISHED_SPLITS` reads its
# three parts as published, and a test (`tests/test_studies.py`) checks that they partition a9a +
# a9a.t. Whether it is the thesis' own draw cannot be told (its script is gone); it is the published
# one with the printed sizes. The store holds every setting of the Table 5.3 grid on it for all five
# boosters ({ref}`ch-glocer-experiments`). The corrective cells were re-run with the current code
# (sparse edge sweeps and Binary ERLPBoost's faster $\beta$ root), so all of a9a's corrective cells
# are timed with one code; the replaced records are kept in `provenance.json` under `pruned`, and so
# are six cells of an earlier timing probe on our own 60/20/20 draw, which the last check compares
# with the same settings on the published split.
#
# The thesis' claims about a9a with stumps, each tested below (two standard errors as in
# {ref}`ch-glocer-experiments`; methods compared on the same test set use the one-sample form):
#
# * Table 5.4: every variant near 15.6 %; Table 5.7: the times; Table 5.10: every winner a
#   theoretical $\eta$.
# * Fig 5.1 (text): on a9a LPBoost "has consistently poor performance" (instead of fluctuating).
# * Fig 5.10 (text): the theoretical $\eta$ "is a reasonable choice" on every set except german and
#   diabetes.
# * Fig 5.16 (text): ERLPBoost and Binary "virtually identical" against $\nu/N$; capping "does not
#   help much" on a9a: about 0.15 "without capping", and no $\nu/N$ improves on it.
# * Fig 5.19 (text): TC is faster at small $\eta$ and slower than corrective at large $\eta$ "on
#   every data set except a9a", i.e. on a9a TC is not slower at large $\eta$.
# * Fig 5.22 (text): tied at small $\eta$; as $\eta$ grows the corrective boosters are "at least as
#   good" as TC.
# * Fig 5.25 (text): corrective runs need 10-100 times the iterations but a similar number of
#   unique hypotheses.

# %% tags=["hide-input"]
import json

import pandas as pd
from IPython.display import display
from scipy.stats import spearmanr

from refboost import book, claims, datasets, studies
from refboost.studies import glocer as G

book.setup()
NAMES = {
    "erlpboost": "ERLPBoost",
    "binary_erlpboost": "Binary",
    "corrective_erlpboost": "Corrective",
    "corrective_binary_erlpboost": "Corrective Binary",
    "adaboost": "AdaBoost",
    "lpboost": "LPBoost",
}
ERLP_FAMILY = (*G.GLOCER_TC, *G.GLOCER_CORRECTIVE)
STORE = studies.default_store("glocer_ch5", "paper")
PROV = json.loads((STORE / "provenance.json").read_text())
REG = datasets.registry()
paper = studies.paper_numbers()["glocer_ch5"]
# Table 5.2
A9A, A9A_SPLIT, A9A_NTEST, A9A_NVAL = (
    "a9a",
    G.glocer_split("a9a"),
    9769,
    9768,
)
with studies.Store(STORE) as sto:
    A9A_ALL = [r for r in sto.records() if r["dataset"] == A9A]
A9A_RECS = [r for r in A9A_ALL if r["split"] == A9A_SPLIT]
# the earlier probe on our own draw: pruned from the store, kept in provenance.json
A9A_PROBE = [
    r
    for e in PROV.get("pruned", [])
    for r in e["records"]
    if r["dataset"] == A9A and r["split"] != A9A_SPLIT
]
A9A_ROWS = {
    r["booster"]: r
    for r in studies.analyse("glocer_ch5", "paper")
    if r["dataset"] == A9A
}
A9A_SIZES = {(r["n_train"], r["n_val"], r["n_test"]) for r in A9A_RECS}


def same_set_tie(p, q):
    """Two test errors on a9a's one test set within the one-sample two standard errors."""
    return abs(p - q) <= G.two_se(p, q, A9A_NTEST, pooled=False)


def a9a_curve(b, vary):
    return {
        (q["eta"] if vary == "eta" else q["nu_frac"]): q
        for q in G.glocer_curve(A9A_RECS, A9A, b, vary)
    }


def val_least_and_theoretical(recs, b):
    """The least validation error of booster b's settings in recs, and the least among its
    theoretical etas."""
    pool = [r for r in recs if r["booster"] == b]
    return (
        min(r["val_error"] for r in pool),
        min(r["val_error"] for r in pool if "eta" not in json.loads(r["params"])),
    )


book.glue("a9a-cells", f"{len(A9A_RECS):,}")
book.glue("a9a-cpu", f"{sum(r['time_cpu'] for r in A9A_RECS) / 60:.0f}")

# %% [markdown]
# ## Tables 5.2, 5.4 and 5.7
#
# The store holds {glue:text}`a9a-cells` cells on the published split
# ({glue:text}`a9a-cpu` CPU minutes).

# %% tags=["hide-input"]
a9a_consistent, t = {}, []
for b in (*ERLP_FAMILY, "adaboost"):
    ours, theirs = A9A_ROWS[b]["test_error_pct"] / 100, paper["values"][A9A][b] / 100
    a9a_consistent[b] = abs(ours - theirs) <= G.two_se(ours, theirs, A9A_NTEST)
    t.append(
        {
            "booster": NAMES[b],
            "thesis %": 100 * theirs,
            "ours %": 100 * ours,
            "band (2 SE)": 100 * G.two_se(ours, theirs, A9A_NTEST),
            "within band": "yes" if a9a_consistent[b] else "no",
            "thesis CPU s": float(paper["times"][A9A][b]),
            "ours CPU s": A9A_ROWS[b]["cpu_s"],
        }
    )
book.table(
    pd.DataFrame(t),
    caption="a9a, stumps: Table 5.4 (test error of the chosen setting, percent; band: two "
    "standard errors of a difference of two independent proportions on 9,769 test examples) and "
    "Table 5.7 (CPU seconds, another machine: compare orders).",
    formats={
        "thesis %": "{:.2f}",
        "ours %": "{:.2f}",
        "band (2 SE)": "{:.2f}",
        "thesis CPU s": "{:,.1f}",
        "ours CPU s": "{:,.1f}",
    },
)
bs = list((*ERLP_FAMILY, "adaboost"))
rho_a9a = spearmanr(
    [A9A_ROWS[b]["cpu_s"] for b in bs], [paper["times"][A9A][b] for b in bs]
).statistic
a9a_least = min(A9A_ROWS[b]["test_error_pct"] for b in bs)
a9a_best = [b for b in bs if A9A_ROWS[b]["test_error_pct"] == a9a_least]
a9a_cb_behind = round(
    (A9A_ROWS["corrective_binary_erlpboost"]["test_error_pct"] - a9a_least)
    / 100
    * A9A_NTEST
)
book.glue("a9a-least", f"{a9a_least:.2f} %")
book.glue("a9a-least-by", " and ".join(NAMES[b] for b in a9a_best))
book.glue("a9a-cb-behind", f"{a9a_cb_behind}")
book.glue("a9a-rho", f"{rho_a9a:+.2f}")

# %% tags=["hide-input"]
assert A9A_SIZES == {(29305, 9768, 9769)}  # Table 5.2's a9a sizes, every cell
core = G.declared_ids(
    "glocer_ch5",
    lambda k: k["dataset"] == A9A and G.cell_tier(k["booster"], k["params"]) < 2,
)
assert len(core) == G.glocer_core_count((A9A,)) and core <= {
    studies.key_id(r) for r in A9A_RECS
}
a9a_tc = G.declared_ids(
    "glocer_ch5", lambda k: k["dataset"] == A9A and k["booster"] in G.GLOCER_TC
)
assert len(a9a_tc) == 280 and a9a_tc <= {studies.key_id(r) for r in A9A_RECS}
assert len(a9a_consistent) == 5 and all(a9a_consistent.values())  # Table 5.4
assert any(A9A_ROWS[b]["test_error_pct"] == a9a_least for b in G.GLOCER_CORRECTIVE)
# the thesis' least (Corrective Binary's) is one test example behind ours (a tie)
assert (
    min(paper["values"][A9A], key=paper["values"][A9A].get)
    == "corrective_binary_erlpboost"
)
assert a9a_best == ["erlpboost", "corrective_erlpboost"]
assert a9a_cb_behind == 1 and same_set_tie(
    A9A_ROWS["corrective_binary_erlpboost"]["test_error_pct"] / 100, a9a_least / 100
)
# Table 5.7: the TC boosters' chosen settings are our two fastest; ERLPBoost the thesis' slowest
assert max(A9A_ROWS[b]["cpu_s"] for b in G.GLOCER_TC) < min(
    A9A_ROWS[b]["cpu_s"] for b in (*G.GLOCER_CORRECTIVE, "adaboost")
)
assert max(paper["times"][A9A], key=paper["times"][A9A].get) == "erlpboost"

# %% tags=["remove-input"]
claims.check(
    "Glocer Table 5.2",
    status="partly reproduced",
    on="a9a, the published ERLPBoost split, every stored cell",
    margin="exact: the split sizes equal the printed ones",
    paper="29,305 / 9,768 / 9,769",
    ours="29,305 / 9,768 / 9,769",
)
claims.check(
    "Glocer Table 5.4",
    status="partly reproduced",
    on="a9a (published split), stumps, every setting of the Table 5.3 grid",
    margin="two standard errors of a difference of two independent binomial proportions at the thesis' test size (9,769); the thesis reports no standard errors",
    note="the least error is ERLPBoost's and Corrective ERLPBoost's; the thesis' least, "
    "Corrective Binary ERLPBoost's, is one test example behind them here (a tie within sampling "
    "error)",
    paper="15.54-15.65 %",
    ours=f"{min(r['ours %'] for r in t):.2f}-{max(r['ours %'] for r in t):.2f} %, 5 of 5 within",
)
claims.check(
    "Glocer Table 5.7",
    status="partly reproduced",
    on="a9a, stumps, CPU time of the chosen setting",
    margin="orders only (another machine)",
    note="the order differs: ERLPBoost is the thesis' slowest on a9a and our fastest (refboost's "
    "TC step is a Newton method on a small dual, not the thesis' TAO optimiser); TC below "
    "corrective and AdaBoost",
    paper="ERLPBoost slowest",
    ours=f"ERLPBoost fastest; Spearman {rho_a9a:+.2f}",
)

# %% [markdown]
# Table 5.4 is **reproduced** on a9a: all five test errors are within sampling error of the
# thesis'; the least, {glue:text}`a9a-least`, is {glue:text}`a9a-least-by`'s, and the thesis'
# least, Corrective Binary ERLPBoost's, is {glue:text}`a9a-cb-behind` test example behind. Table
# 5.7's order is not: ERLPBoost is the thesis' slowest and our fastest (rank correlation
# {glue:text}`a9a-rho`).
#
# ## Table 5.10: the chosen parameters
#
# Up to ties (different $\eta$, the same classifier) the question is whether a theoretical $\eta$
# attains the pool's least validation error.

# %% tags=["hide-input"]
a9a_theo_attains, REC_A9A, t510 = {}, {}, []
best = {
    r["booster"]: r["best"]
    for r in G.glocer_best(A9A_RECS, "paper")
    if r["dataset"] == A9A
}
for b in ERLP_FAMILY:
    pool = [r for r in A9A_RECS if r["booster"] == b]
    least = min(r["val_error"] for r in pool)
    a9a_theo_attains[b] = any(
        r["val_error"] == least and "eta" not in json.loads(r["params"]) for r in pool
    )
    REC_A9A[b] = best[b]
    v_least, v_theo = val_least_and_theoretical(A9A_RECS, b)
    t510.append(
        {
            "booster": NAMES[b],
            "thesis": A9A_ROWS[b]["paper_chosen"],
            "ours": A9A_ROWS[b]["chosen"],
            "least validation errors": round(v_least * A9A_NVAL),
            "best theoretical eta's": round(v_theo * A9A_NVAL),
            "band (2 SE, examples)": G.two_se(v_theo, v_least, A9A_NVAL, pooled=False)
            * A9A_NVAL,
        }
    )
book.table(
    pd.DataFrame(t510),
    caption="a9a, Table 5.10 (chosen nu/N, eta), the thesis' and ours, and the validation "
    "errors (counts of 9,768 examples) of our winner and of the best theoretical eta; band: two "
    "one-sample standard errors, in examples.",
    formats={"band (2 SE, examples)": "{:.0f}"},
)

# %%
# ties: a theoretical eta attains the least
assert all(a9a_theo_attains[b] for b in G.GLOCER_TC)
assert [json.loads(REC_A9A[b]["params"]).get("nu_frac") for b in G.GLOCER_TC] == [
    0.3,
    0.2,
]
a9a_theo_margin = {}
for b in G.GLOCER_CORRECTIVE:
    v_least, v_theo = val_least_and_theoretical(A9A_RECS, b)
    a9a_theo_margin[b] = round((v_theo - v_least) * A9A_NVAL)
    assert v_theo > v_least
    assert v_theo - v_least <= G.two_se(v_theo, v_least, A9A_NVAL, pooled=False), b
assert a9a_theo_margin == {"corrective_erlpboost": 2, "corrective_binary_erlpboost": 4}

# %% tags=["remove-input"]
claims.check(
    "Glocer Table 5.10",
    status="partly reproduced",
    on="a9a, stumps, every setting of the Table 5.3 grid",
    margin="a printed theoretical winner is reproduced when a theoretical eta attains our least "
    "validation error (ties with grid values that give the same classifier included)",
    note="reproduced for ERLPBoost and Binary (nu/N 0.3 and 0.2 as printed; the tie-break prints "
    "eta = 50); for the two corrective boosters a grid eta wins by 2 and 4 of 9,768 validation "
    "examples, within two standard errors: not separated",
    paper="theoretical eta, every booster",
    ours="ERLPBoost, Binary: tied; corrective: 2 and 4 examples behind",
)

# %% [markdown]
# Table 5.10 is **partly reproduced** on a9a: for ERLPBoost and Binary a theoretical $\eta$ attains
# the least validation error (the tie-break order prints a grid value with the same classifier); for
# the corrective boosters the best theoretical $\eta$ is a few validation examples behind, far
# inside sampling error.
#
# ## The a9a remarks of Figs 5.1, 5.10, 5.16, 5.19, 5.22 and 5.25
#
# LPBoost's final test errors (Fig 5.1's remark) against the majority rule, whose error on this
# test set is its positive fraction (catalogue label counts of a9a.test, a path independent of the
# records); the theoretical $\eta$ against the best $\eta$ (Fig 5.10); ERLPBoost against Binary
# across $\nu/N$ (Fig 5.16).

# %% tags=["hide-input"]
pos = REG["libsvm/erlpboost_a9a/a9a.test"]["labels"]["1.0"]
majority = pos / A9A_NTEST
lp = {
    json.loads(r["params"]).get("nu_frac", 0.0): r["test_error"]
    for r in A9A_RECS
    if r["booster"] == "lpboost"
}
best_erlp = min(A9A_ROWS[b]["test_error_pct"] / 100 for b in ERLP_FAMILY)
theo_ok, theo_err = {}, {}
for b in ERLP_FAMILY:
    c = G.glocer_curve(A9A_RECS, A9A, b, "eta")
    theo = [q["test_error"] for q in c if q["theoretical"]]
    theo_err[b] = (theo[0], min(q["test_error"] for q in c))
    theo_ok[b] = same_set_tie(theo[0], min(q["test_error"] for q in c))
e_nu, b_nu = a9a_curve("erlpboost", "nu"), a9a_curve("binary_erlpboost", "nu")
identical = {
    p: same_set_tie(e_nu[p]["test_error"], b_nu[p]["test_error"])
    for p in sorted(set(e_nu) & set(b_nu))
}
uncapped = {
    b: c[0.0]["test_error"]
    for b, c in (("erlpboost", e_nu), ("binary_erlpboost", b_nu))
}
capped_best = {
    b: min(q["test_error"] for p, q in c.items() if p > 0)
    for b, c in (("erlpboost", e_nu), ("binary_erlpboost", b_nu))
}
book.table(
    pd.DataFrame(
        {
            "nu/N": list(lp),
            "LPBoost test error": list(lp.values()),
            "ERLPBoost (theoretical eta)": [e_nu[p]["test_error"] for p in lp],
            "Binary (theoretical eta)": [b_nu[p]["test_error"] for p in lp],
        }
    ).sort_values("nu/N"),
    caption=f"a9a, stumps: test errors against nu/N (0: nu = 1) of LPBoost (eps = 0.05) and of "
    f"ERLPBoost and Binary at the theoretical eta; the majority rule's error is {majority:.4f}, "
    f"the best chosen ERLPBoost variant's {best_erlp:.4f}.",
    formats={
        "nu/N": "{:g}",
        "LPBoost test error": "{:.4f}",
        "ERLPBoost (theoretical eta)": "{:.4f}",
        "Binary (theoretical eta)": "{:.4f}",
    },
)
book.table(
    pd.DataFrame(
        [
            {
                "booster": NAMES[b],
                "test error at theoretical eta": v[0],
                "least over the eta curve": v[1],
                "within 2 SE": "yes" if theo_ok[b] else "no",
            }
            for b, v in theo_err.items()
        ]
    ),
    caption="a9a, Fig 5.10's remark at nu = 1: the theoretical eta against the best eta of the "
    "curve (one-sample two standard errors).",
    formats="{:.4f}",
)
book.glue("a9a-majority", f"{100 * majority:.2f} %")
book.glue("a9a-uncapped", f"{100 * uncapped['erlpboost']:.2f} %")

# %% [markdown]
# At $\nu=1$ and the theoretical $\eta$ the two corrective boosters stall: they stop at the
# 20,000-iteration cap with two distinct hypotheses and the error of a single stump, their step
# being at most about $2/\eta$. The pairs of a totally corrective booster and its corrective version
# at $\nu=1$, at every $\eta$ both ran, are compared in the next two tables (Figs 5.19, 5.22 and
# 5.25).

# %% tags=["hide-input"]
a9a_tc_faster, a9a_corr_as_good, a9a_small_tie, a9a_iter_ratio, a9a_hyp_ratio = (
    {},
    {},
    {},
    {},
    {},
)
for tc, co in zip(G.GLOCER_TC, G.GLOCER_CORRECTIVE, strict=True):
    a, c = a9a_curve(tc, "eta"), a9a_curve(co, "eta")
    common = sorted(set(a) & set(c))
    a9a_tc_faster[tc] = [a[e]["time_cpu"] < c[e]["time_cpu"] for e in common]
    a9a_iter_ratio[tc] = {e: c[e]["n_iter"] / a[e]["n_iter"] for e in common}
    a9a_hyp_ratio[tc] = {e: c[e]["n_hypotheses"] / a[e]["n_hypotheses"] for e in common}
    a9a_small_tie[tc] = same_set_tie(
        a[common[0]]["test_error"], c[common[0]]["test_error"]
    )
    a9a_corr_as_good[tc] = [
        c[e]["test_error"] <= a[e]["test_error"]
        or same_set_tie(a[e]["test_error"], c[e]["test_error"])
        for e in common
    ]
    display(
        book.table(
            pd.DataFrame(
                {
                    "eta": common,
                    "TC CPU s": [a[e]["time_cpu"] for e in common],
                    "corrective CPU s": [c[e]["time_cpu"] for e in common],
                    "TC test error": [a[e]["test_error"] for e in common],
                    "corrective test error": [c[e]["test_error"] for e in common],
                    "iterations ratio": list(a9a_iter_ratio[tc].values()),
                    "hypotheses ratio": list(a9a_hyp_ratio[tc].values()),
                }
            ),
            caption=f"a9a, stumps, nu = 1: {NAMES[tc]} (TC) against {NAMES[co]} ERLPBoost at "
            "every eta (the last is the theoretical one): CPU seconds, test errors, and the "
            "ratios corrective / TC of iterations and distinct hypotheses.",
            formats={
                "eta": "{:,.0f}",
                "TC CPU s": "{:.1f}",
                "corrective CPU s": "{:.1f}",
                "TC test error": "{:.4f}",
                "corrective test error": "{:.4f}",
                "iterations ratio": "{:.1f}",
                "hypotheses ratio": "{:.2f}",
            },
        )
    )
by_cell = {(r["booster"], r["params"]): r for r in A9A_RECS}
probe_pairs = [(r, by_cell[(r["booster"], r["params"])]) for r in A9A_PROBE]

# %% tags=["hide-input"]
# Fig 5.1: uncapped LPBoost is the majority rule on the test set, and every LPBoost setting is
# worse than the best ERLPBoost variant by more than two standard errors (same test set)
assert round(lp[0.0] * A9A_NTEST) == pos
assert all(e > best_erlp and not same_set_tie(e, best_erlp) for e in lp.values())
# Fig 5.10: the theoretical eta as good as the best eta for TC; the corrective boosters stall
assert all(theo_ok[b] for b in G.GLOCER_TC) and not any(
    theo_ok[b] for b in G.GLOCER_CORRECTIVE
)
stalled = [
    r
    for r in A9A_RECS
    if r["booster"] in G.GLOCER_CORRECTIVE
    and r["params"] == '{"eps": 0.001, "max_iter": 20000}'
]
assert len(stalled) == 2
assert all(
    r["n_iter"] == 20000 and r["n_hypotheses"] == 2 and not r["converged"]
    for r in stalled
)
# Fig 5.16: tied at every nu/N; uncapped about 0.15; no nu/N better by 2 SE
assert len(identical) == 10 and all(identical.values())
assert all(0.15 <= v <= 0.16 for v in uncapped.values())
assert all(
    capped_best[b] >= uncapped[b] or same_set_tie(capped_best[b], uncapped[b])
    for b in uncapped
)
# Fig 5.19: on a9a TC is faster at every eta both ran, the large ones included
assert all(all(v) and v for v in a9a_tc_faster.values())
# Fig 5.22: tied at the smallest eta; at the theoretical eta the corrective boosters are worse
assert all(a9a_small_tie.values())
assert all(not v[-1] for v in a9a_corr_as_good.values())
# Fig 5.25: >= 10x the iterations at every eta >= 10; hypotheses within 10x except at the
# theoretical eta (2 against 96)
assert all(v >= 10 for r in a9a_iter_ratio.values() for e, v in r.items() if e >= 10)
assert [
    all(0.1 <= v <= 10 for e, v in r.items() if e < max(r))
    for r in a9a_hyp_ratio.values()
] == [
    True,
    True,
]
assert all(r[max(r)] < 0.1 for r in a9a_hyp_ratio.values())
# the probe on our own draw: the same settings give test errors within 2 SE (independent sets)
assert len(probe_pairs) == 6
assert all(
    abs(r["test_error"] - q["test_error"])
    <= G.two_se(r["test_error"], q["test_error"], A9A_NTEST)
    for r, q in probe_pairs
    if r["booster"] == "erlpboost"
)

# %% tags=["remove-input"]
claims.check(
    "Glocer Fig 5.1",
    status="partly reproduced",
    on="a9a, stumps, LPBoost at eps = 0.05, final test errors of the ten nu/N settings",
    margin="consistently poor: every LPBoost setting worse than the best ERLPBoost variant by "
    "more than two one-sample binomial standard errors",
    note="uncapped it predicts the majority class; end points only, no trace",
    paper="consistently poor",
    ours=f"uncapped {100 * lp[0.0]:.2f} % (majority rule); best ERLPBoost {100 * best_erlp:.2f} %",
)
claims.check(
    "Glocer Fig 5.10",
    status="partly reproduced",
    on="a9a, stumps, nu = 1",
    margin="ties: two test errors on the one test set within two one-sample binomial standard errors (the theoretical eta against the best eta of the curve)",
    note="holds for ERLPBoost and Binary; fails for the corrective boosters, which at the "
    "theoretical eta stall at two hypotheses within 20,000 iterations (Table 5.10 prints "
    "Corrective ERLPBoost's (0, 20571) as a9a's winner)",
    paper="theoretical eta reasonable",
    ours="TC yes; corrective no (stall)",
)
claims.check(
    "Glocer Fig 5.16",
    status="partly reproduced",
    on="a9a, stumps, theoretical eta, nu/N in {1/N, 0.1, ..., 0.9}",
    margin="ties: two test errors on the one test set within two one-sample binomial standard errors",
    note="virtually identical at every nu/N; no capped setting better by two standard errors, "
    "as stated",
    paper="about 0.15 uncapped; capping no help",
    ours=f"{uncapped['erlpboost']:.4f} uncapped; tied at 10 of 10 nu/N",
)
claims.check(
    "Glocer Fig 5.19",
    status="partly reproduced",
    on="a9a, stumps, nu = 1, the etas both boosters ran",
    margin="orders only (another machine): TC faster or not at each eta",
    note="TC faster at every eta, as the thesis says of a9a (the exception to 'slower at large "
    "eta')",
    paper="TC not slower at large eta",
    ours="TC faster at every eta",
)
claims.check(
    "Glocer Fig 5.22",
    status="partly reproduced",
    on="a9a, stumps, nu = 1",
    margin="ties: two test errors on the one test set within two one-sample binomial standard errors",
    note="tied at the smallest eta as stated; 'corrective at least as good at large eta' fails "
    "at the theoretical eta, where the corrective boosters stall",
    paper="tied at small eta; corrective at least as good at large eta",
    ours="tied at small eta; worse at the theoretical eta",
)
claims.check(
    "Glocer Fig 5.25",
    status="partly reproduced",
    on="a9a, stumps, nu = 1, the etas both boosters ran",
    margin="corrective / TC iterations >= 10 and distinct hypotheses within a factor 10",
    note="distinct hypotheses of the same order except at the theoretical eta (the stall)",
    paper="10-100x iterations, similar hypotheses",
    ours=">= 10x at every eta >= 10",
)

# %% [markdown]
# On a9a the remarks of the thesis are **reproduced** with one exception: uncapped LPBoost predicts
# the majority class ({glue:text}`a9a-majority` test error) and every LPBoost setting is clearly
# worse than ERLPBoost; ERLPBoost and Binary are tied at every $\nu/N$, uncapped
# ({glue:text}`a9a-uncapped`) no worse than capped; TC is faster than corrective at every $\eta$. The
# exception is the corrective boosters at $\nu=1$ and the theoretical $\eta$ (Table 5.10's printed
# Corrective ERLPBoost winner), which stall at two hypotheses within 20,000 iterations, so there the
# theoretical $\eta$ is not a reasonable choice and corrective is not "at least as good" as TC. The
# six probe cells on our own 60/20/20 draw agree with the published split for ERLPBoost within
# sampling error.
