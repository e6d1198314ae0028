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
# (ch-entropy-pictures)=
# # The objectives in pictures, and the capped simplex
#
# {cite:t}`glocer2009` draws the objectives of LPBoost, ERLPBoost and Binary ERLPBoost on problems
# small enough to plot (Figs 2.3-2.5 and 3.3-3.8): 2 examples (the $d$ side, $d=(d_1,1-d_1)$) or 2
# hypotheses (the $w$ side, $w=(w_1,1-w_1)$). Their point is Table 4.1's: regularisation makes the
# $w$-domain problem differentiable, while the $d$ side keeps the kinks of the maximum over the
# hypotheses. The matrices are not given in the text, so this page uses its own and asserts, on a
# grid of 801 points, what each figure shows; every optimum on the grid is compared with the
# library's step solver.

# %% tags=["hide-input"]
import itertools

import matplotlib.pyplot as plt
import numpy as np
import pandas as pd

from refboost import book, claims, truth
from refboost.boosters.entropy import (
    binary_dual_step,
    binary_entropy_capped,
    binary_primal,
    binary_smoothed_soft_margin,
    erlp_dual_step,
    erlp_primal,
)
from refboost.projections import smoothed_soft_margin

book.setup()
U22 = np.array([[1.0, -0.5], [-0.6, 0.8]])  # 2 examples x 2 hypotheses (Fig. 2.3)
U24 = np.array(
    [[0.9, -0.5, 0.2, -0.8], [-0.7, 0.6, 0.1, 0.9]]
)  # 2 x 4 (Figs 2.4, 3.4-3.6)
U42 = np.array(
    [[0.8, -0.4], [-0.6, 0.7], [0.3, 0.2], [0.5, -0.9]]
)  # 4 x 2 (2.5, 3.3, 3.7-3.8)
x = np.linspace(0, 1, 801)
h = x[1] - x[0]
D = np.column_stack([x, 1 - x])  # d = (d_1, 1 - d_1)
W = np.column_stack([x, 1 - x])  # w = (w_1, 1 - w_1)


def d_side(U):  # max_q u^q . d along d_1
    return (D @ U).max(1)


def w_side(U):  # min_n (U w)_n along w_1
    return (W @ U.T).min(1)


def second_diff(f):
    return f[:-2] - 2 * f[1:-1] + f[2:]


def kinks(f, U, mask=None):
    """Slope jumps of f where the maximising line of max_q u^q.d changes, in units of the
    two lines' slope difference: ~1 at a kink of the max of the lines, ~0 if f is smooth."""
    mask = np.ones_like(x, bool) if mask is None else mask
    xs_, f_, q = x[mask], f[mask], (D[mask] @ U).argmax(1)
    jumps = []
    for i in np.flatnonzero(np.diff(q)):
        if 2 <= i < len(xs_) - 4:
            a_, b_ = (U[0] - U[1])[q[i]], (U[0] - U[1])[q[i + 1]]
            jump = (f_[i + 4] - f_[i + 3]) - (f_[i - 1] - f_[i - 2])
            jumps.append(jump / h / (b_ - a_))
    return np.array(jumps)


def curvature_ok(f, U, eta_):  # |f''| <= eta max_n (u_n1 - u_n2)^2 (w side)
    bound = eta_ * np.abs(U[:, 0] - U[:, 1]).max() ** 2 * h**2
    return bool(np.all(np.abs(second_diff(f)) <= bound + 1e-12))


def in_cap(nu):  # the grid points of d_1 in the capped simplex [1 - 1/nu, 1/nu]
    return (x >= 1 - 1 / nu - 1e-12) & (x <= 1 / nu + 1e-12)


# %% [markdown]
# ## 1. LPBoost and ERLPBoost
#
# **Claims.** The LP's $d$ side is convex piecewise linear and its $w$ side concave piecewise linear,
# with equal optima (Figs 2.3-2.5). ERLPBoost's $w$ side is concave and differentiable (curvature
# $\le\eta\max_n(u_{n1}-u_{n2})^2$), between the minimum margin and the minimum margin $+\ln N/\eta$
# (Fig. 3.3); its $d$ side is convex with a kink wherever the maximising hypothesis changes (Fig. 3.4).

# %% tags=["hide-input"]
etas = (2.0, 8.0, 32.0)
theta = {
    e: np.array([smoothed_soft_margin(U42 @ w_, 1.0, e).value for w_ in W])
    for e in etas
}
P_er = {e: np.array([erlp_primal(U24, d_, e) for d_ in D]) for e in etas}

# %%
for U_, name in ((U22, "2.3"), (U24, "2.4"), (U42, "2.5")):
    lp_ = truth.soft_margin_lp(U_, 1.0).value
    if U_.shape[0] == 2:
        f = d_side(U_)
        assert np.all(second_diff(f) >= -1e-12) and len(kinks(f, U_)) >= 1, name
        assert abs(f.min() - lp_) <= 2 * h, name
    if U_.shape[1] == 2:
        f = w_side(U_)
        assert np.all(second_diff(f) <= 1e-12), name
        assert (
            np.sum(np.abs(second_diff(f)) > 1e-9) >= 1 and abs(f.max() - lp_) <= 2 * h
        )
for eta_, f in theta.items():  # Fig. 3.3
    assert np.all(second_diff(f) <= 1e-12) and curvature_ok(f, U42, eta_)
    assert np.all(f >= w_side(U42) - 1e-12)
    assert np.all(f <= w_side(U42) + np.log(4) / eta_ + 1e-12)
    assert abs(f.max() - erlp_dual_step(U42, 1.0, eta_).dual) <= 1e-5
for eta_, f in P_er.items():  # Fig. 3.4: grid points are feasible
    assert np.all(second_diff(f) >= -1e-12) and len(kinks(f, U24)) >= 1
    assert np.all(kinks(f, U24) > 0.8)
    assert 0 <= f.min() - erlp_dual_step(U24, 1.0, eta_).primal + 1e-9 <= 2 * h

# %% tags=["remove-input"]
claims.check(
    "Glocer Fig 2.3",
    status="holds",
    on="a 2 x 2 matrix; 801 grid points: "
    "the shapes the figure shows, asserted (our matrices)",
    note="d-side minimum = w-side maximum = the LP value (HiGHS), within the grid step",
    paper="equal optima",
    ours="within 2 grid steps",
)
claims.check(
    "Glocer Fig 2.4",
    status="holds",
    on="a 2 x 4 matrix; 801 grid points: "
    "the shapes the figure shows, asserted (our matrices)",
    paper="convex, piecewise linear",
    ours="convex, kinks found",
)
claims.check(
    "Glocer Fig 2.5",
    status="holds",
    on="a 4 x 2 matrix; 801 grid points: "
    "the shapes the figure shows, asserted (our matrices)",
    paper="concave, piecewise linear",
    ours="concave, kinks found",
)
claims.check(
    "Glocer Fig 3.3",
    status="holds",
    on="a 4 x 2 matrix, nu = 1, eta in {2, 8, 32}; 801 grid points: "
    "the shapes the figure shows, asserted (our matrices)",
    paper="concave, differentiable",
    ours="curvature bounded; within ln(N)/eta of the minimum margin",
)
claims.check(
    "Glocer Fig 3.4",
    status="holds",
    on="a 2 x 4 matrix, nu = 1, eta in {2, 8, 32}; 801 grid points: "
    "the shapes the figure shows, asserted (our matrices)",
    paper="convex, kinked",
    ours=f"slope jumps >= {min(kinks(f, U24).min() for f in P_er.values()):.2f} x the "
    "lines' difference",
)

# %% [markdown]
# {numref}`fig-lp-erlp` draws the three panels: regularisation smooths the $w$ side (right) and
# lifts the $d$ side (middle) without removing its kinks.

# %% tags=["hide-input"]
fig, ax = plt.subplots(1, 3, figsize=(book.COLUMN_INCHES, 4.2))
ax[0].plot(x, d_side(U22), label=r"$d$ side vs $d_1$")
ax[0].plot(x, w_side(U22), label=r"$w$ side vs $w_1$")
ax[0].set(xlabel="$d_1$ or $w_1$", ylabel="value", title="Fig. 2.3: LP, 2 x 2")
ax[1].plot(x, d_side(U24), "k", lw=1, label=r"LP ($\eta=\infty$)")
ax[2].plot(x, w_side(U42), "k", lw=1, label=r"LP ($\eta=\infty$)")
for eta_ in etas:
    ax[1].plot(x, P_er[eta_], label=rf"$\eta={eta_:g}$")
    ax[2].plot(x, theta[eta_], label=rf"$\eta={eta_:g}$")
ax[1].set(xlabel="$d_1$", ylabel="$P(d)$", title="Figs 2.4, 3.4: d side")
ax[2].set(xlabel="$w_1$", ylabel=r"$\hat\Theta(w)$", title="Figs 2.5, 3.3: w side")
for a in ax:
    a.legend(loc="upper center", bbox_to_anchor=(0.5, -0.3), frameon=False)
    a.xaxis.labelpad = 2
fig.tight_layout()
book.figure("fig-lp-erlp", fig)

# %% [markdown]
# ```{glue:figure} fig-lp-erlp
# :name: fig-lp-erlp
#
# Left: the LP's two sides on a $2\times2$ matrix meet at the LP value (Fig. 2.3). Middle: the $d$
# side of LPBoost and ERLPBoost on a $2\times4$ matrix, convex with kinks for every $\eta$ (Figs 2.4,
# 3.4). Right: the $w$ side on a $4\times2$ matrix, piecewise linear for the LP, smooth and concave for
# ERLPBoost (Figs 2.5, 3.3). The shapes the thesis draws hold on these matrices.
# ```
#
# ## 2. Binary ERLPBoost
#
# **Claims.** Binary ERLPBoost's $d$ side is convex and kinked, the regulariser shrinks pointwise as
# $\eta$ grows (Fig. 3.5), and, unlike ERLPBoost's relative entropy, its value depends on $\nu$, not
# only its domain $[1-\frac1\nu,\frac1\nu]$ (Fig. 3.6); its $w$ side is concave and differentiable (Figs
# 3.7, 3.8).

# %% tags=["hide-input"]
PB = {}
for nu_, eta_ in ((1.25, 2.0), (1.25, 8.0), (1.25, 32.0), (1.0, 8.0), (1.6, 8.0)):
    vals = [binary_primal(U24, np.minimum(d_, 1 / nu_), nu_, eta_) for d_ in D]
    PB[nu_, eta_] = np.where(in_cap(nu_), vals, np.nan)
TB = {
    (nu_, eta_): np.array(
        [binary_smoothed_soft_margin(U42 @ w_, nu_, eta_).value for w_ in W]
    )
    for nu_, eta_ in ((1.25, 2.0), (1.25, 8.0), (1.25, 32.0), (2.0, 8.0), (3.0, 8.0))
}
mid = np.abs(x - 0.42) < h / 2
vals_b = [PB[nu_, 8.0][mid][0] for nu_ in (1.0, 1.25, 1.6)]
vals_e = [erlp_primal(U24, np.array([0.42, 0.58]), 8.0) for _ in (1.0, 1.25, 1.6)]
reg = [PB[1.25, e][in_cap(1.25)] - d_side(U24)[in_cap(1.25)] for e in (2.0, 8.0, 32.0)]

# %%
for (nu_, eta_), f in PB.items():  # Figs 3.5, 3.6
    g_ = f[in_cap(nu_)]
    assert np.all(second_diff(g_) >= -1e-12) and len(kinks(f, U24, in_cap(nu_))) >= 1
    assert np.all(kinks(f, U24, in_cap(nu_)) > 0.8)
    assert 0 <= g_.min() - binary_dual_step(U24, nu_, eta_).primal + 1e-9 <= 2 * h
assert np.all(np.diff(reg, axis=0) <= 1e-15)  # the regulariser shrinks as eta grows
assert np.ptp(vals_b) > 1e-3 and np.ptp(vals_e) == 0  # nu changes the binary value only
for (nu_, eta_), f in TB.items():  # Figs 3.7, 3.8
    assert np.all(second_diff(f) <= 1e-10) and curvature_ok(f, U42, eta_)
    assert abs(f.max() - binary_dual_step(U42, nu_, eta_).dual) <= 1e-5

# %% tags=["remove-input"]
claims.check(
    "Glocer Fig 3.5",
    status="holds",
    on="the 2 x 4 matrix, nu = 1.25, eta in {2, 8, 32}; 801 grid points: "
    "the shapes the figure shows, asserted (our matrices)",
    paper="regularisation lowers with eta",
    ours="pointwise decreasing in eta",
)
claims.check(
    "Glocer Fig 3.6",
    status="holds",
    on="the 2 x 4 matrix, eta = 8, nu in {1, 1.25, 1.6}; 801 grid points: "
    "the shapes the figure shows, asserted (our matrices)",
    note="the value depends on nu (ERLPBoost's does not)",
    paper="capping changes the function",
    ours=f"spread over nu at d_1 = 0.42: {np.ptp(vals_b):.3f} (ERLPBoost: 0)",
)
claims.check(
    "Glocer Fig 3.7",
    status="holds",
    on="a 4 x 2 matrix, 1/nu = 0.8, eta in {2, 8, 32}; 801 grid points: "
    "the shapes the figure shows, asserted (our matrices)",
    paper="concave, differentiable",
    ours="curvature bounded",
)
claims.check(
    "Glocer Fig 3.8",
    status="holds",
    on="the 4 x 2 matrix, eta = 8, nu in {1.25, 2, 3}; 801 grid points: "
    "the shapes the figure shows, asserted (our matrices)",
    paper="concave, differentiable",
    ours="curvature bounded",
)
claims.check(
    "Glocer Table 4.1",
    status="holds",
    on="the same small matrices, ERLPBoost and Binary ERLPBoost",
    note="differentiable (bounded curvature) in w, kinked in d",
    paper="w side differentiable, d side not",
    ours="as stated, for every eta and nu drawn",
)

# %% tags=["hide-input"]
fig, ax = plt.subplots(1, 3, figsize=(book.COLUMN_INCHES, 4.2))
for (nu_, eta_), f in PB.items():
    if nu_ == 1.25:
        ax[0].plot(x, f, label=rf"$\eta={eta_:g}$")
    if eta_ == 8.0:
        ax[1].plot(x, f, label=rf"$1/\nu={1 / nu_:.3g}$")
for (nu_, eta_), f in TB.items():
    ax[2].plot(x, f, label=rf"$\eta={eta_:g}$, $1/\nu={1 / nu_:.2g}$")
ax[0].set(xlabel="$d_1$", ylabel="$P_B(d)$", title=r"Fig. 3.5: $1/\nu=0.8$")
ax[1].set(xlabel="$d_1$", ylabel="$P_B(d)$", title=r"Fig. 3.6: $\eta=8$")
ax[2].set(xlabel="$w_1$", ylabel=r"$\hat\Theta_B(w)$", title="Figs 3.7, 3.8: w side")
for a in ax:
    a.legend(loc="upper center", bbox_to_anchor=(0.5, -0.3), frameon=False)
    a.xaxis.labelpad = 2
fig.tight_layout()
book.figure("fig-binary", fig)

# %% [markdown]
# ```{glue:figure} fig-binary
# :name: fig-binary
#
# Binary ERLPBoost. Left: the $d$ side on the capped simplex ($1/\nu=0.8$) for three $\eta$ (Fig. 3.5).
# Middle: the same at $\eta=8$ for three caps, whose values differ, not only their domains (Fig.
# 3.6). Right: the $w$ side, concave and smooth for every $\eta$ and $\nu$ (Figs 3.7, 3.8). The shapes
# the thesis draws hold on these matrices.
# ```
#
# ## 3. The capped simplex
#
# Capping shrinks the set of distributions, so the value of (2.3), the soft margin, can only grow
# with $\nu$; at $\nu=N$ only $d^0$ is left and the value is the best average edge. Lemma 3.15 rests
# on the range $\Delta_{2,\nu}\le\ln\frac N\nu+1$ of the binary entropy on the capped simplex. The check
# evaluates it at every vertex of the capped simplex for small $N$ (all permutations of $\lfloor\nu\rfloor$
# coordinates at $\frac1\nu$, one at $1-\lfloor\nu\rfloor/\nu$, the rest 0), for integer and fractional $\nu$;
# $\Delta_{2,\nu}$ is convex, so its maximum over the polytope is at a vertex, and random points stay
# below the vertex value.

# %% tags=["hide-input"]
rng_s = np.random.default_rng(0)
U_s = rng_s.choice([-1.0, 1.0], size=(40, 30))
U_s = np.hstack([U_s, -U_s])
nus = np.linspace(1, 40, 79)
sm_nu = np.array([truth.soft_margin_lp(U_s, v).value for v in nus])
rows_v = []
for N_v in (4, 5, 6):
    for nu_v in sorted({1.0, 1.5, 2.0, 2.5, N_v / 2 + 0.3, N_v - 1.0, N_v - 0.5}):
        k = int(np.floor(nu_v + 1e-12))
        base = np.r_[
            np.full(k, 1 / nu_v),
            [1 - k / nu_v] if k < N_v else [],
            np.zeros(max(N_v - k - 1, 0)),
        ][:N_v]
        verts = {tuple(p) for p in itertools.permutations(base)}
        vals = np.array([binary_entropy_capped(np.array(v), nu_v) for v in verts])
        pts = np.random.default_rng(N_v).dirichlet(np.ones(N_v), 400)
        pts = pts[pts.max(1) <= 1 / nu_v]
        closed = np.nan
        if (
            abs(nu_v - round(nu_v)) < 1e-12
        ):  # integer nu: the vertex value in closed form
            closed = np.log(N_v / nu_v) + (N_v / nu_v - 1) * np.log(N_v / (N_v - nu_v))
        rows_v.append(
            {
                "N": N_v,
                "nu": nu_v,
                "vertices": len(verts),
                "max": vals.max(),
                "spread": np.ptp(vals),
                "closed form": closed,
                "random max": max(
                    (binary_entropy_capped(p_, nu_v) for p_ in pts), default=-np.inf
                ),
                "ln(N/nu) + 1": np.log(N_v / nu_v) + 1,
            }
        )

# %%
# claims: none (the soft margin grows with nu: an illustration of the capped simplex)
assert np.all(np.diff(sm_nu) >= -1e-9) and abs(sm_nu[-1] - U_s.mean(0).max()) <= 1e-9

# %%
for r in rows_v:
    assert r["max"] <= r["ln(N/nu) + 1"] + 1e-12 and r["spread"] <= 1e-12
    assert np.isnan(r["closed form"]) or abs(r["max"] - r["closed form"]) <= 1e-12
    assert r["random max"] <= r["max"] + 1e-12

# %% tags=["remove-input"]
vt = pd.DataFrame(rows_v)
claims.check(
    "Glocer Lemma 3.15",
    status="holds",
    on="every vertex of the capped simplex, N in {4, 5, 6}, integer and fractional nu, plus "
    "random points",
    note="the binary entropy range ln(N/nu) + 1",
    paper="Delta_2 <= ln(N/nu) + 1",
    ours=f"largest ratio max / (ln(N/nu) + 1) = {(vt['max'] / vt['ln(N/nu) + 1']).max():.3f}",
)
book.table(
    vt.drop(columns=["spread", "random max"]),
    caption="The capped binary entropy at the vertices of the capped simplex: its maximum, the "
    "closed form for integer nu and the bound ln(N/nu) + 1 of Lemma 3.15.",
    formats={
        "nu": "{:g}",
        "max": "{:.4f}",
        "closed form": "{:.4f}",
        "ln(N/nu) + 1": "{:.4f}",
    },
)
