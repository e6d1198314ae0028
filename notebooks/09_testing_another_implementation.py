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
# # Testing another implementation
#
# The chapters so far check refboost against the papers. This one turns the checks around: it
# packages them so that *another* implementation of the same problems can be tested, and runs them
# on code no one here wrote. Three pieces:
#
# * the **conformance kit** `refboost.conformance`: certified instances of every problem
#   `refboost.certify` covers (the soft-margin LP, Glocer (2009), LPs (2.2)/(2.3); the hard margin;
#   ERLP (3.6) and its dual (3.10); Binary ERLP (3.25); SoftBoost's projection (3.1); the corrective
#   steps (4.6)/(4.12); the Frank–Wolfe smoothed objective of Mitsuboshi et al., (9)/(12); Shen & Li's
#   (5), (32), (27)/(28), (41); Sun, Todorovic & Li's (20), (35), LP_reg (12); AdaBoost's dynamics of
#   Rudin, Daubechies & Schapire). It lives in `data/conformance/` of a clone and inside the installed
#   wheel;
# * `assert_certified` and the pytest plugin `refboost.testing` (a marker that runs a test once per
#   instance);
# * the command `refboost-check`, for implementations that are not written in Python: they write
#   their solutions to CSV files and the command certifies them.
#
# A candidate is never compared with a stored answer: optimal solutions are often not unique (ties,
# duplicate columns, a zero optimum). It is **certified**: `refboost.certify` recomputes its objective
# from the instance and the candidate alone, builds an independent bound on the optimum (a dual point,
# e.g. the largest edge $\max_q u^q\cdot d$ of a distribution in the capped simplex bounds the soft
# margin, Glocer (2009), (2.2) $\le$ (2.3)), and accepts when the candidate is feasible and the gap is at
# most $10^{-6}\max(1,|\text{objective}|)$.

# %% tags=["hide-input"]
import contextlib
import io
import tempfile
import warnings
from importlib.metadata import version
from pathlib import Path

import numpy as np
import pandas as pd
from sklearn.ensemble import AdaBoostClassifier
from sklearn.tree import DecisionTreeClassifier

import refboost as rb
from refboost import book
from refboost import conformance as kit
from refboost.conformance import colboost
from refboost.conformance.cli import main as refboost_check
from refboost.testing import (
    assert_certified,
    from_margins,
    from_sklearn_ensemble,
    weights_from_columns,
)

book.setup()
SHORT = 1e-3  # "stops short": a certified gap above this


# %% [markdown]
# ## 1 What the kit holds
#
# Every instance stores the matrix `U` ($U_{nq}=y_nh_q(x_n)$), the family's parameters, an optimal
# solution and its certificate. Each was solved by **two independent solvers** (the ground truth of
# `refboost.truth`, HiGHS or cvxpy + Clarabel, and a second formulation: for the soft-margin LP the
# dual LP (2.3) by HiGHS and the primal (2.2) by Clarabel), which must agree on the optimal value,
# and `refboost.certify` must accept the stored solution. The instances are small on purpose (a test
# suite runs them all in seconds) and are tagged: `random` (seeded $\pm1$ and uniform matrices),
# `adversarial` (ties, duplicate rows, a zero or negative optimum, one column, $\nu$ close to $N$, ...)
# and `real-data` (decision-stump matrices of subsampled IDA and LIBSVM sets; these also store the
# features `X`, the labels `y` and each column's stump).

# %% tags=["hide-input"]
counts, fam_rows = {}, []
for p in kit.problems():
    insts = kit.instances(p)
    counts[p] = len(insts)
    tagged = [
        sum(t in i.tags for i in insts) for t in ("random", "adversarial", "real-data")
    ]
    big = max(insts, key=lambda i: i.U.size).U.shape if insts else None
    fam_rows.append((p, len(insts), *tagged, "{} x {}".format(*big) if big else "—"))
ALL = kit.instances()
book.glue("n-instances", len(ALL))
book.glue("n-families", len(counts))
book.table(
    pd.DataFrame(
        fam_rows,
        columns=[
            "family",
            "instances",
            "random",
            "adversarial",
            "real-data",
            "largest N x K",
        ],
    ),
    caption=f"The kit's {len(ALL)} instances in {len(counts)} families, by tag.",
)

# %% [markdown]
# Every one of the {glue:text}`n-instances` stored solutions is re-certified from the stored files
# alone, and the two solvers of each instance agree within its stated tolerance. For one instance,
# the soft-margin LP on a heart subsample:

# %%
verified = [kit.verify(i) for i in ALL]  # re-certified from the stored files alone
failed = [i.name for i, c in zip(ALL, verified, strict=True) if not c.ok]
assert not failed, failed
assert all(
    abs(i.certificate["value_difference"]) <= i.certificate["agreement_tol"]
    for i in ALL
    if "solvers" in i.certificate
)
inst = kit.load("soft_margin_lp", "real_heart_r2_nu1")

# %% tags=["hide-input"]
book.table(
    pd.DataFrame(
        [(s["name"], s["value"]) for s in inst.certificate["solvers"]],
        columns=["solver", "optimal value"],
    ),
    caption=f"{inst.name} ({inst.U.shape[0]} x {inst.U.shape[1]}, nu = "
    f"{inst.params['nu']:g}): the two independent solvers, which agree to "
    f"{inst.certificate['value_difference']:.1e} (required: at most "
    f"{inst.certificate['agreement_tol']:.0e}).",
    formats={"optimal value": "{:.15f}"},
)

# %% [markdown]
# ## 2 Three ways to use it
#
# **In code.** `assert_certified(problem, U, params, weights=..., distribution=...)` returns the
# certificate or fails as an assertion (a test failure) whose message names the problem (and the kit
# instance with its optimum, when `U` and `params` are one of the kit's), the candidate's objective,
# the bound, the gap, the worst KKT residual and the condition that failed. Below: the soft-margin
# LP solved by HiGHS (passes) and the uniform combination (fails).

# %%
w_ok = rb.truth.soft_margin_lp(inst.U, **inst.params).w
cert = assert_certified(inst.problem, inst.U, inst.params, weights=w_ok)
K = inst.U.shape[1]
try:
    assert_certified(inst.problem, inst.U, inst.params, weights=np.full(K, 1 / K))
    raise RuntimeError("the uniform combination should not be certified")
except AssertionError as failure:
    report = str(failure)
assert "NOT certified" in report and "worst KKT residual" in report
book.glue("highs-gap", cert.gap)
print(report)

# %% [markdown]
# HiGHS's solution is certified with gap {glue:text}`highs-gap:.1e`; the report above is what a
# failing test prints for the uniform combination.

# %% [markdown]
# **In a test suite.** Installing refboost registers a pytest plugin (entry point `pytest11`). Another
# project writes
#
# ```python
# import pytest
# from refboost.testing import assert_certified
#
# @pytest.mark.refboost_instances("soft_margin_lp")          # all families when none is named; tag="real-data"
# def test_my_lp(refboost_instance):
#     w = my_solver(refboost_instance.U, **refboost_instance.params)
#     assert_certified(refboost_instance.problem, refboost_instance.U, refboost_instance.params, weights=w)
# ```
#
# and gets one test per instance, named after it (`test_my_lp[real_heart_r2_nu1]`). The marker is
# registered, so `--strict-markers` passes. `weights_from_columns` turns the shapes other libraries
# return (chosen column indices with unnormalised, repeated or sign-flipped coefficients) into weights
# over the instance's columns; `from_margins` recovers them from the margins $y_nf(x_n)$ alone (non-negative
# least squares over the columns); `from_sklearn_ensemble` evaluates a fitted scikit-learn ensemble of
# stumps on a real-data instance.
#
# **From any language.** `refboost-check --list` lists the families; `refboost-check soft-margin-lp
# --instance NAME --weights w.csv [--distribution d.csv]` certifies one candidate, and `--batch DIR`
# a folder of `<instance>.weights.csv` files (an instance of the family without a candidate is
# reported missing and fails the run unless `--allow-missing`); `--json` prints the rows for a machine. The exit status
# is 0 when everything is certified, 1 otherwise, 2 on a usage error. Here the command is called
# in-process on a folder with one optimal and one uniform candidate:

# %%
with tempfile.TemporaryDirectory() as folder:
    good, bad = kit.instances("hard_margin", tag="real-data")[:2]
    np.savetxt(Path(folder) / f"{good.name}.weights.csv", good.weights)
    np.savetxt(
        Path(folder) / f"{bad.name}.weights.csv",
        np.full(bad.U.shape[1], 1 / bad.U.shape[1]),
    )
    with contextlib.redirect_stderr(io.StringIO()) as err:  # the CLI's warning
        status = refboost_check(["hard-margin", "--batch", folder, "--allow-missing"])
assert status == 1  # one candidate is not certified
assert "have no candidate (allowed)" in err.getvalue()  # the other instances, reported

# %% [markdown]
# ## 3 Code no one here wrote
#
# ### 3.1 scikit-learn's AdaBoostClassifier
#
# scikit-learn's {cite:p}`pedregosa2011` `AdaBoostClassifier` with depth-1 trees (SAMME
# {cite:p}`zhu2009`; for two classes it is AdaBoost {cite:p}`freund1997`) is fitted on each real-data instance's features for 100 rounds. Its
# normalised combination $f=\sum_t\alpha_th_t/\sum_t\alpha_t$ is a point of the simplex of the stump
# class, so it is a candidate for the hard margin and for the soft-margin LP (2.2) at the instance's
# $\nu$. Every stump it picks is one of the instance's columns (the instance holds every distinct
# stump labelling, both polarities), so `from_sklearn_ensemble` returns weights over the columns and
# the certificate is exact. AdaBoost is not a margin maximiser ({cite:t}`rudin2004jmlr` show it need
# not reach the maximum margin even asymptotically), so it should stop short, and by how much is now
# measured.

# %% tags=["hide-input"]
RESULTS = []  # (implementation, family, instance, certified, gap)


def certify_row(impl, family, inst, weights):
    """Certify one candidate and record the verdict (a candidate that cannot be formed counts as a failure)."""
    if weights is None:
        RESULTS.append((impl, family, inst.name, False, float("inf")))
        return None
    c = kit.certify_candidate(family, inst.U, inst.params, weights=weights)
    RESULTS.append((impl, family, inst.name, bool(c.ok), float(c.gap)))
    return c


# %%
ada_short, ada_table = [], []
for family in ("hard_margin", "soft_margin_lp"):
    for inst in kit.instances(family, tag="real-data"):
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            stump = DecisionTreeClassifier(max_depth=1)
            ada = AdaBoostClassifier(stump, n_estimators=100, random_state=0)
            ada.fit(inst.X, inst.y)
        cand = from_sklearn_ensemble(ada, inst)
        assert cand.weights is not None and cand.matched == cand.n_members
        c = certify_row("sklearn AdaBoostClassifier", family, inst, cand.weights)
        assert c.objective <= inst.value + 1e-9  # weak duality: never above the optimum
        nu = inst.params.get("nu", 1.0)
        ada_table.append((inst.name, family, nu, c.objective, inst.value, c.gap))
        if c.gap > SHORT:
            ada_short.append((family, inst.name, c.gap))
ada_rows = [r for r in RESULTS if r[0] == "sklearn AdaBoostClassifier"]

# %% tags=["hide-input"]
book.glue("sklearn-version", version("scikit-learn"))
book.table(
    pd.DataFrame(
        ada_table,
        columns=[
            "instance",
            "family",
            "nu",
            "AdaBoost's (soft) margin",
            "optimum",
            "certified gap",
        ],
    ),
    caption=f"scikit-learn {version('scikit-learn')} AdaBoostClassifier (100 stumps) on the "
    f"real-data instances: certified on {sum(r[3] for r in ada_rows)} of {len(ada_rows)}, "
    f"below the optimum by more than {SHORT:g} on {len(ada_short)} (largest gap "
    f"{max(r[4] for r in ada_rows):.3f}).",
    formats={
        "nu": "{:g}",
        "AdaBoost's (soft) margin": "{:.4f}",
        "optimum": "{:.4f}",
        "certified gap": "{:.2e}",
    },
)

# %% [markdown]
# The two instances AdaBoost solves are those of the breast-cancer subsample, where a single stump
# classifies every example correctly: AdaBoost stops after that stump (zero weighted error), whose
# margin 1 is optimal for both problems. Everywhere else its margin is below the optimum: on the
# hard margin ($\nu=1$) it approaches the optimum slowly (the benchmark
# `benchmarks/bench_conformance.py` runs 1000 rounds on larger matrices: the gaps shrink but stay
# above $10^{-3}$ on most), and the soft margin at $\nu>1$ is an objective AdaBoost does not target.

# %%
assert {n for _, n, _ in ada_short} == {r[2] for r in ada_rows if not r[3]}
assert len(ada_short) >= len(ada_rows) - 2 and all(
    r[3] for r in ada_rows if "breast_cancer" in r[2]
)
assert all(g > SHORT for _, _, g in ada_short)

# %% [markdown]
# ### 3.2 colboost
#
# [colboost](https://pypi.org/project/colboost/) {cite:p}`akkerman2025` implements LP-based boosting
# with column generation on Gurobi; it runs here under the size-limited licence that ships with
# `gurobipy` (at most 2000 variables and constraints, ample for the kit's instances). Two of its
# formulations solve problems of the kit:
#
# * `lp_boost`: {cite:t}`demiriz2002`, $\min\ \|w\|_1+C\sum_n\xi_n$ s.t. $U w\ge 1-\xi$, $w,\xi\ge0$. With
#   $C=1/(\nu\rho^\star)$, where $\rho^\star>0$ is the optimal soft margin, its solutions normalised onto
#   the simplex are exactly those of (2.2) (divide by $\rho^\star$: the dual of Demiriz's LP is (2.3)
#   scaled by $1/\rho^\star$). So it applies to the instances with $\rho^\star>0$ and $\nu<N$ (at $\nu=N$,
#   $w=0$ is also optimal for Demiriz's LP and Gurobi may return it).
# * `erlp_boost`: ERLPBoost {cite:p}`warmuth2008erlpboost`, whose target is again the soft
#   margin (2.2); its weights are the multipliers of the edge constraints, reported with a minus sign
#   (`weights_from_columns(..., negative="abs")`).
#
# Each is run twice: *reweighting* the instance's own columns (`reweight_ensemble` with one "learner"
# per column, so its LP is over exactly the kit's class), and, on the real-data instances, *fitting*
# with its own column generation over scikit-learn stumps (seeded, so that ties between stumps are
# broken the same way on every run); the fitted model only exposes margins (`compute_margins`),
# turned into weights over the instance's columns by `from_margins`.

# %% tags=["hide-input"]
# COLBOOST: why colboost cannot run here, None where it can
EnsembleClassifier, COLBOOST = colboost.load()
book.glue(
    "colboost-version",
    f"colboost {version('colboost')} with gurobipy {version('gurobipy')}"
    if COLBOOST is None
    else f"colboost skipped: {COLBOOST}",
)


def colboost_reweight(solver, inst, C):
    """colboost's weights over the instance's columns (None when the LP exceeds the licence's size limit)."""
    try:
        return colboost.reweight(EnsembleClassifier, solver, inst.U, C)
    except colboost.GurobiSizeLimit:
        colboost_skipped[(solver, inst.name)] = "Gurobi size limit"
        return None


# %% tags=["hide-input"]
colboost_skipped = {}
if COLBOOST is None:
    for family in ("hard_margin", "soft_margin_lp"):
        for inst in kit.instances(family):
            N, nu = inst.U.shape[0], inst.params.get("nu", 1.0)
            if inst.value <= 1e-9 or nu >= N:
                colboost_skipped[(family, inst.name)] = (
                    "rho* <= 0" if inst.value <= 1e-9 else "nu = N"
                )
                continue
            for solver, C, negative in (
                ("lp_boost", 1 / (nu * inst.value), "clip"),
                ("erlp_boost", nu, "abs"),
            ):
                w = colboost_reweight(solver, inst, C)
                if w is not None:
                    certify_row(
                        f"colboost {solver} (reweight)",
                        family,
                        inst,
                        weights_from_columns(
                            range(len(w)), w, len(w), negative=negative
                        ),
                    )
            if "real-data" in inst.tags:
                for solver, C in (
                    ("lp_boost", 1 / (nu * inst.value)),
                    ("erlp_boost", nu),
                ):
                    margins = colboost.fit_margins(
                        EnsembleClassifier, solver, inst.X, inst.y, C, max_iter=100
                    )
                    try:
                        w = from_margins(inst.U, margins)
                    except ValueError:  # zero margins (no weight on any stump)
                        w = None
                    certify_row(f"colboost {solver} (fit)", family, inst, w)
    n_run = len({r[2] for r in RESULTS if r[0].startswith("colboost")})
    not_run = ", ".join(
        f"{sum(v == why for v in colboost_skipped.values())} ({why})"
        for why in dict.fromkeys(colboost_skipped.values())
    )
    book.glue("colboost-run", f"colboost ran on {n_run} instances; not run: {not_run}")
else:
    book.glue("colboost-run", "colboost did not run here")

# %% [markdown]
# Run here: {glue:text}`colboost-version`; {glue:text}`colboost-run`.

# %% [markdown]
# ### 3.3 refboost's own boosters
#
# The same test, applied to this library: LPBoost (Glocer (2009), Alg. 2.1) on the hard margin and the
# soft-margin LP, AdaBoost-CG and LogitBoost-CG (Shen & Li (2010), the $\ell_1$-constrained (5) and
# (32); the kit's value is $T$ times the objective) and AdaBoost$_{KL}$ (Sun, Todorovic & Li (2006), (20)),
# each on every instance of its family, with a tolerance $10^{-9}$ passed to the booster.

# %% tags=["hide-input"]
OWN = {
    "hard_margin": ("refboost lpboost", lambda o, p: rb.lpboost(o, nu=1.0, eps=1e-9)),
    "soft_margin_lp": (
        "refboost lpboost",
        lambda o, p: rb.lpboost(o, nu=p["nu"], eps=1e-9),
    ),
    "adaboost_l1": (
        "refboost adaboost_cg",
        lambda o, p: rb.adaboost_cg(o, T=p["T"], eps=1e-9),
    ),
    "logitboost_l1": (
        "refboost logitboost_cg",
        lambda o, p: rb.logitboost_cg(o, T=p["T"], eps=1e-9),
    ),
    "sun_kl": (
        "refboost adaboost_kl",
        lambda o, p: rb.adaboost_kl(o, beta=p["beta"], eps=1e-9, max_iter=2000),
    ),
}
own_flags = []  # (booster's converged flag, kit's verdict)
for family, (impl, run) in OWN.items():
    for inst in kit.instances(family):
        res = run(rb.MatrixOracle(inst.U), inst.params)
        c = certify_row(
            impl,
            family,
            inst,
            weights_from_columns(
                res.hypotheses, res.weights, inst.U.shape[1], normalize=False
            ),
        )
        own_flags.append((res.converged, c.ok, family, inst.name))

# %% [markdown]
# ## 4 The comparison
#
# One row per implementation and family: the instances run, how many were certified (gap at most
# $10^{-6}\max(1,|\text{objective}|)$, feasible), and the median and worst certified gap.

# %% tags=["hide-input"]
TABLE = {}
for impl in dict.fromkeys(r[0] for r in RESULTS):
    for family in dict.fromkeys(r[1] for r in RESULTS if r[0] == impl):
        gaps = np.array([r[4] for r in RESULTS if r[:2] == (impl, family)])
        ok = sum(r[3] for r in RESULTS if r[:2] == (impl, family))
        TABLE[impl, family] = (len(gaps), ok, float(np.median(gaps)), float(gaps.max()))
book.table(
    pd.DataFrame(
        [(*k, *v) for k, v in TABLE.items()],
        columns=[
            "implementation",
            "family",
            "instances run",
            "certified",
            "median gap",
            "worst gap",
        ],
    ),
    caption="Every implementation on every kit family it solves: instances run, instances "
    "certified (feasible, gap at most 1e-6 max(1, |objective|)), median and worst certified gap.",
    formats={"median gap": "{:.1e}", "worst gap": "{:.1e}"},
)

# %% [markdown]
# What the table shows, asserted below:
#
# * **refboost's LPBoost, AdaBoost-CG and LogitBoost-CG are certified on every instance of their
#   families.** AdaBoost$_{KL}$ is not: Sun et al.'s algorithm is a coordinate method that stops when
#   the best pseudo-edge is not positive (chapter 7), which on most instances is short of the optimum
#   of (20). Its `converged` flag says so: whenever a refboost booster reports `converged=True` the kit
#   certifies it (the flag is never optimistic).
# * **scikit-learn's AdaBoostClassifier** reaches the optimal margin only where one stump separates
#   the data; elsewhere it stops short by the gaps printed in §3.1.
# * **colboost's `lp_boost`** is certified on every instance it applies to when it reweights the
#   kit's columns: its Gurobi LP is exact. **Its `erlp_boost`** is not certified on most: its loop ends
#   when its own estimate of the gap is below $0.99/2$ (a linearised entropy, re-solved), so it returns
#   a combination within that loose tolerance rather than the optimum. With its own column generation
#   (`fit`) on the real-data instances the same holds: `lp_boost` reaches the certified optimum on
#   every one, `erlp_boost` on the breast-cancer subsample only -- with one exception that depends on the
#   CPU: on `real_heart_r2` (in both families) colboost's `fit` is certified where numpy and OpenBLAS run
#   their AVX2 code, and stops 9.6e-3 short where they run AVX-512 code (checked on one machine by forcing
#   OpenBLAS's Haswell kernels and disabling numpy's AVX-512 loops). Its column generation picks
#   scikit-learn stumps, and on this instance its path turns on rounding. The cell
#   below allows that instance, and only that one, to fail.

# %%
exact = ("refboost lpboost", "refboost adaboost_cg", "refboost logitboost_cg")
for key in [k for k in TABLE if k[0] in exact]:
    n, ok, _, worst = TABLE[key]
    assert ok == n == counts[key[1]], key  # every instance of the family, all certified
# the converged flag is never optimistic
assert all(ok for conv, ok, *_ in own_flags if conv), [
    f for f in own_flags if f[0] and not f[1]
]
n_kl, ok_kl, _, worst_kl = TABLE["refboost adaboost_kl", "sun_kl"]
assert ok_kl < n_kl and worst_kl > SHORT
n_ada, ok_ada, med_ada, _ = TABLE["sklearn AdaBoostClassifier", "hard_margin"]
assert ok_ada == 1 and med_ada > SHORT

# %% tags=["hide-input"]
# colboost: the verdicts of the list above
if COLBOOST is None:
    for family in ("hard_margin", "soft_margin_lp"):
        n, ok, _, worst = TABLE["colboost lp_boost (reweight)", family]
        n_skip = sum(k[0] == family for k in colboost_skipped)
        assert ok == n and n + n_skip == counts[family]  # none at the size limit
        n, ok, _, worst = TABLE["colboost erlp_boost (reweight)", family]
        assert (
            ok < n and SHORT < worst < 0.99
        )  # within its own tolerance 0.99, short of the optimum
        n, ok, _, _ = TABLE["colboost lp_boost (fit)", family]
        short = {
            r[2]
            for r in RESULTS
            if r[0] == "colboost lp_boost (fit)" and r[1] == family and not r[3]
        }
        # certified on the others, on any CPU
        assert short <= {"real_heart_r2", "real_heart_r2_nu1"}, short
        n, ok, _, worst = TABLE["colboost erlp_boost (fit)", family]
        assert ok == 1 and worst > SHORT
