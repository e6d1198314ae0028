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
# (ch-entropy-noise)=
# # Label noise and the stability of the distribution
#
# Two properties the thesis argues for without a theorem {cite:p}`glocer2009`: regularisation does
# not make ERLPBoost immune to the random-label-noise construction of {cite:t}`long2010` (§2.6), and
# it does make its distribution on the examples move less from one iteration to the next than
# LPBoost's (Figs 5.1, 5.7).

# %% tags=["hide-input"]
import matplotlib.pyplot as plt
import numpy as np
import pandas as pd

import refboost as rb
from refboost import book, claims
from refboost.boosters.entropy import binary_dual_step, erlp_dual_step
from refboost.boosters.lpboost import restricted_lp

book.setup()

# %% [markdown]
# ## 1. Label noise (Glocer 2009, §2.6)
#
# {cite:t}`long2010` show that every *convex potential booster* (minimising $\sum_n\phi(y_nf(x_n))$,
# $\phi$ convex, non-increasing, $\phi'(0)<0$, $\phi(+\infty)=0$) can be forced by random label noise to
# misclassify half of a four-example sample. Neither LPBoost (a min, and $\phi(x)=-x$) nor ERLPBoost
# ($w\in\mathcal S^t$, while their analysis needs $w_1+w_2>1$) meets the theorem's hypotheses; the thesis
# reports (values not given) that on the instance with $\gamma=0.1$ both still misclassify half the
# examples for every $\nu$ and $\eta$ tried.
#
# **The instance** (the thesis's Fig. 2.10 is missing from the text; coordinates as reconstructed
# from Long and Servedio): hypotheses $h_1(x)=x_1$, $h_2(x)=x_2$, all clean labels $+1$, examples
# "large margin" $(1,0)$, two "penalizers" $(\gamma,-\gamma)$ and a "puller" $(\gamma,5\gamma)$. What the
# construction needs: $h_1$ alone classifies the clean sample with margin $\ge\gamma$; flipping the
# large-margin label makes the hard-margin LP put weight $\frac{1+\gamma}{1+2\gamma}$ on $h_2$ (equalise
# $-w_1=\gamma(2w_1-1)$), so both penalizers get $f=\gamma(2w_1-1)<0$. Errors are counted against the
# **clean** labels; $f(x)=0$ counts as an error (a tie). ERLPBoost is shown twice: the run of
# `rb.erlpboost` and the exact regularised optimum over both hypotheses (`erlp_dual_step`, the
# limit of the run); Binary ERLPBoost needs $\nu<N=4$.

# %% tags=["hide-input"]
gam = 0.1
X_ls = np.array([[1.0, 0.0], [gam, -gam], [gam, -gam], [gam, 5 * gam]])
y_clean = np.ones(4)
y_noisy = np.array([-1.0, 1.0, 1.0, 1.0])  # the large-margin example's label flipped
U_clean, U_noisy = y_clean[:, None] * X_ls, y_noisy[:, None] * X_ls
PENALIZERS = [1, 2]


def clean_errors(w):
    f = X_ls @ w  # f(x) = sum_q w_q h_q(x); clean label +1
    return int(np.sum(f <= 0)), int(np.sum(f == 0)), f


def full_w(res):
    w = np.zeros(2)
    w[res.hypotheses] = res.weights
    return w


clean_lp = clean_errors(full_w(rb.lpboost(rb.MatrixOracle(U_clean), nu=1.0, eps=1e-6)))
clean_er = clean_errors(erlp_dual_step(U_clean, 1.0, 100.0).w)

# %%
assert np.all(U_clean[:, 0] >= gam - 1e-15)  # h_1 alone has margin >= gamma
assert clean_lp[0] == 0 and clean_er[0] == 0  # no errors on the clean sample

# %% tags=["remove-input"]
claims.check(
    "Glocer §2.6",
    status="holds",
    on="the Long-Servedio construction, clean sample",
    paper="clean sample separable with margin gamma",
    ours=f"errors: LPBoost {clean_lp[0]}, ERLPBoost {clean_er[0]}",
)

# %% [markdown]
# With the noisy label, every algorithm on a grid of $\nu$ and $\eta$ (the table: the weights, $f$ at a
# penalizer, errors and ties against the clean labels):

# %% tags=["hide-input"]
rows_ls = []


def add(name, nu, eta, w):
    err, ties, f = clean_errors(w)
    rows_ls.append(
        {
            "algorithm": name,
            "nu": nu,
            "eta": eta,
            "w_1": w[0],
            "w_2": w[1],
            "f(penalizer)": f[1],
            "f_pen": f[PENALIZERS],
            "errors": err,
            "ties": ties,
        }
    )


for nu in (1.0, 2.0, 3.0, 4.0):
    add(
        "LPBoost",
        nu,
        np.nan,
        full_w(rb.lpboost(rb.MatrixOracle(U_noisy), nu=nu, eps=1e-9)),
    )
for nu in (1.0, 2.0, 3.0, 3.9):
    for eta in (1.0, 10.0, 100.0, 1000.0):
        o_n = rb.MatrixOracle(U_noisy)
        add(
            "ERLPBoost run",
            nu,
            eta,
            full_w(rb.erlpboost(o_n, nu=nu, eps=0.01, eta=eta)),
        )
        add("ERLPBoost exact", nu, eta, erlp_dual_step(U_noisy, nu, eta).w)
        add("Binary exact", nu, eta, binary_dual_step(U_noisy, nu, eta).w)
ls = pd.DataFrame(rows_ls)
summary = (
    ls.groupby("algorithm", sort=False)
    .agg(
        runs=("errors", "size"),
        min_errors=("errors", "min"),
        max_f_penalizer=("f(penalizer)", "max"),
        min_w2=("w_2", "min"),
        ties=("ties", "sum"),
    )
    .reset_index()
    .rename(
        columns={
            "min_errors": "fewest errors",
            "max_f_penalizer": "largest f(penalizer)",
            "min_w2": "smallest w_2",
            "ties": "ties (all runs)",
        }
    )
)
book.table(
    summary,
    caption="The Long-Servedio sample with one flipped label (gamma = 0.1), over nu in {1, 2, "
    "3, 4} (LPBoost) and nu in {1, 2, 3, 3.9} x eta in {1, 10, 100, 1000} (the others): "
    "errors against the clean labels (a prediction 0 is a tie and counts as an error).",
    formats={"largest f(penalizer)": "{:+.4f}", "smallest w_2": "{:.4f}"},
)

# %%
# LPBoost's w in closed form: the hard-margin LP optimum for nu <= 2
for r in rows_ls:
    if r["algorithm"] == "LPBoost":
        w_hard = [gam / (1 + 2 * gam), (1 + gam) / (1 + 2 * gam)]
        w_lp = w_hard if r["nu"] <= 2 else [0, 1]
        assert np.allclose([r["w_1"], r["w_2"]], w_lp, atol=1e-9), r["nu"]
# §2.6: on every grid point both penalizers are misclassified (half the sample)
for r in rows_ls:
    assert np.all(r["f_pen"] < 0) and r["errors"] >= 2, r
# as eta grows, ERLPBoost's optimum approaches the LP's w_1 = gamma/(1 + 2 gamma)
# from below
w1 = [erlp_dual_step(U_noisy, 1.0, e).w[0] for e in (10.0, 100.0, 1000.0, 1e5)]
assert np.all(np.diff(w1) > 0) and abs(w1[-1] - gam / (1 + 2 * gam)) <= 1e-4

# %% tags=["remove-input"]
claims.check(
    "Glocer §2.6",
    status="holds",
    on="the Long-Servedio construction with noise, nu and eta grid",
    paper="half the sample misclassified for every nu, eta",
    ours=f"at least {ls.errors.min()} of 4 errors in all {len(ls)} runs",
)

# %% [markdown]
# The claim holds on the whole grid: every algorithm, every $\nu$ and $\eta$, misclassifies both
# penalizers (with $\nu\ge3$ LPBoost's $w=(0,1)$ also gives the flipped example $f=0$, a tie). Capping
# does not help because the penalizers are the examples the optimum sacrifices, and the regulariser
# only moves $w$ towards $h_2$'s vertex $w=(0,1)$, the opposite of robustness.
#
# ## 2. Stability on IDA heart
#
# **Claim** (Figs 5.1, 5.7): LPBoost's distribution jumps between vertices of the capped simplex,
# ERLPBoost's moves smoothly. The check: IDA `heart` (realisation 1, 170 training examples), exact
# decision stumps, $\nu=0.2N$, $\epsilon=0.1$. For each prefix $t$ of the hypotheses each algorithm chose,
# $d^t$ and $w^t$ are recomputed (LPBoost: HiGHS vertex of LP (2.3); ERLPBoost: the $w$-domain step);
# {numref}`fig-stability` plots $\|d^t-d^{t-1}\|_1$, $\|w^t-w^{t-1}\|_1$ and the support of $d^t$.

# %% tags=["hide-input"]
ds = rb.datasets.load("heart")
o_h = rb.StumpOracle(ds.X, ds.y)
N_h = ds.n_examples
nu_h, eps_h = 0.2 * N_h, 0.1
res_lp = rb.lpboost(o_h, nu=nu_h, eps=eps_h)
res_er = rb.erlpboost(o_h, nu=nu_h, eps=eps_h)
eta_h = res_er.params["eta"]


def trajectory(keys, solve):
    Uk = o_h.columns(keys)
    D, W, w_prev = [], [], None
    for t in range(1, len(keys) + 1):
        d_t, w_t = solve(Uk[:, :t], w_prev)
        w_prev = w_t
        D.append(d_t)
        W.append(np.r_[w_t, np.zeros(len(keys) - t)])
    return np.array(D), np.array(W)


def erlp_solve(Ut, w0):
    s = erlp_dual_step(Ut, nu_h, eta_h, w0=None if w0 is None else np.r_[w0, 0.0])
    return s.d, s.w


D_lp, W_lp = trajectory(res_lp.hypotheses, lambda Ut, w0: restricted_lp(Ut, nu_h)[1:3])
D_er, W_er = trajectory(res_er.hypotheses, erlp_solve)
stats, rows_st = {}, []
for name, D, W in (("LPBoost", D_lp, W_lp), ("ERLPBoost", D_er, W_er)):
    dd = np.abs(np.diff(D, axis=0)).sum(1)
    dw = np.abs(np.diff(W, axis=0)).sum(1)
    supp = (D > 1e-9).sum(1)
    stats[name] = (dd, dw, supp)
    rows_st.append(
        {
            "algorithm": name,
            "T": len(D),
            "mean |d^t - d^(t-1)|_1": dd.mean(),
            "max |d^t - d^(t-1)|_1": dd.max(),
            "median |w^t - w^(t-1)|_1": np.median(dw),
            "median support of d^t": np.median(supp),
        }
    )
book.table(
    pd.DataFrame(rows_st),
    caption=f"LPBoost and ERLPBoost on IDA heart (N = {N_h}, decision stumps, nu = 0.2 N, "
    "eps = 0.1): movement of the distribution d and the weights w per iteration.",
    formats="{:.3f}",
)

# %%
# observed on this instance (not a theorem): ERLPBoost's distribution moves less
# and is spread over more examples; LPBoost's d^t is a vertex with few nonzeros
assert stats["ERLPBoost"][0].mean() < 0.75 * stats["LPBoost"][0].mean()
assert np.median(stats["ERLPBoost"][2]) > 2 * np.median(stats["LPBoost"][2])
assert np.median(stats["ERLPBoost"][1]) <= np.median(stats["LPBoost"][1])
assert res_lp.converged and res_er.converged

# %% tags=["remove-input"]
claims.check(
    "Glocer Fig 5.1",
    status="protocol substituted",
    on="IDA heart, decision stumps, one run",
    differs="the figure plots LPBoost's test error over iterations; we assert the mechanism "
    "behind it, the per-iteration movement of d^t (mean L1 step >= 4/3 of ERLPBoost's), on "
    "one realisation",
    paper="unstable (test error)",
    ours=f"mean |d^t - d^(t-1)|_1 = {stats['LPBoost'][0].mean():.3f}",
)
claims.check(
    "Glocer Fig 5.7",
    status="protocol substituted",
    on="IDA heart, decision stumps, one run",
    differs="the figure plots ERLPBoost's test error over iterations; we assert the "
    "distribution's smaller movement and larger support, on one realisation",
    paper="stable (test error)",
    ours=f"mean |d^t - d^(t-1)|_1 = {stats['ERLPBoost'][0].mean():.3f}",
)

# %% tags=["hide-input"]
fig, ax = plt.subplots(1, 3, figsize=(book.COLUMN_INCHES, 3.0))
for name, (dd, dw, supp) in stats.items():
    ax[0].plot(range(2, len(dd) + 2), dd, "o-", ms=3, label=name)
    ax[1].plot(range(2, len(dw) + 2), dw, "o-", ms=3, label=name)
    ax[2].plot(range(1, len(supp) + 1), supp, "o-", ms=3, label=name)
ax[0].set(xlabel="iteration t", ylabel=r"$\|d^t-d^{t-1}\|_1$")
ax[1].set(xlabel="iteration t", ylabel=r"$\|w^t-w^{t-1}\|_1$")
ax[2].set(xlabel="iteration t", ylabel="support of $d^t$")
fig.legend(*ax[0].get_legend_handles_labels(), loc="upper center", ncol=2)
fig.tight_layout(rect=(0, 0, 1, 0.88))
book.figure("fig-stability", fig)

# %% [markdown]
# ```{glue:figure} fig-stability
# :name: fig-stability
#
# LPBoost and ERLPBoost on IDA heart (stumps, $\nu=0.2N$, $\epsilon=0.1$). Left: the $L_1$ step of the
# distribution; middle: of the weights; right: the number of examples with positive weight.
# LPBoost's distribution jumps and sits on few examples; ERLPBoost's moves less and is spread out,
# the mechanism behind Figs 5.1 and 5.7 (asserted on this run; a substituted protocol).
# ```
