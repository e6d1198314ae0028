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
# # Controlling the skewness of AdaBoost's distribution: AdaBoost_KL and AdaBoost_Norm2
#
# Sun, Todorovic & Li (2006), *Reducing the overfitting of AdaBoost by controlling its data
# distribution skewness*, IJPRAI 20(7). Notation and equation numbers follow the paper:
# $Z\in[-1,1]^{N\times|\mathcal H|}$ with $z_{nj}=y_nh_j(x_n)$,
# **columns** $z_{\cdot j}$ (the paper's intro calls them rows; its own (26), (36), (44) use
# columns), $d_0=\mathbf 1/N$, $\Gamma^K$ the probability simplex.
#
# ## 1 Statement
#
# AdaBoost's margin maximisation is the game $\max_{\alpha\in\Gamma}\min_{d\in\Gamma}d^\top Z\alpha$
# ((10); note that (9) omits the constraint $\alpha\in\Gamma$, without which the LP is unbounded).
# The paper penalises skewed distributions:
#
# $$\textbf{(17)}\quad \max_{\alpha\in\Gamma^{|\mathcal H|}}\ \min_{d\in\Gamma^N}\ d^\top Z\alpha+\beta P(d),
# \qquad \textbf{(18)}\quad \min_{\gamma,\,d\in\Gamma^N}\ \gamma+\beta P(d)
# \ \ \text{s.t.}\ z_{\cdot j}^\top d\le\gamma\ \forall j,$$
#
# with $P(d)=\mathrm{KL}(d\Vert d_0)=\sum_n d_n\ln(Nd_n)$ (problem (20)) or the **non-squared**
# $P(d)=\lVert d-d_0\rVert_2$ (problem (35)). Linearising the constraint of the epigraph form (21)
# at the algorithm's own query distributions $d^{(t)}$ gives the LP (29)/(36) and the soft margins
# (31)/(39); the paper then plugs these into AdaBoost's exponential loss. The resulting algorithms
# (Figs. 2 and 3) are **AdaBoost on augmented columns**:
#
# ```{prf:algorithm} AdaBoost$_{KL}$ / AdaBoost$_{Norm2}$ (Sun et al. 2006, Figs. 2-3)
# :nonumber:
# :label: alg-sun
# $d^{(1)}=d_0$. For $t=1,\dots,T$:
# 1. $h_t=\arg\max_h\sum_n d^{(t)}_n y_nh(x_n)$ (27), $z_{\cdot t}=y\odot h_t(X)$;
# 2. $\tilde z_{\cdot t}=z_{\cdot t}+\beta\,\phi(d^{(t)})$ with $\phi^{KL}(d)=\ln(Nd)$ (28) or
#    $\phi^{N2}(d)=(d-d_0)/\lVert d-d_0\rVert_2$ (37), and $\phi^{N2}(d_0):=0$;
# 3. $\tilde\alpha_t=\arg\min_{a\ge0}\sum_n d^{(t)}_ne^{-a\tilde z_{nt}}$ (33)/(42);
# 4. $d^{(t+1)}_n\propto d^{(t)}_ne^{-\tilde\alpha_t\tilde z_{nt}}$ (34)/(43).
#
# Output $F(x)=\sum_t\tilde\alpha_th_t(x)$: the mistrust terms are used in training only.
# ```
#
# AdaBoost$_{Reg}$ (Rätsch et al. 2001), as compared in the paper through its soft margin (40),
# is the same loop with the uncentred $\phi^{Reg}(d)=d$.

# %%
import math
import time

import matplotlib.pyplot as plt
import numpy as np
from scipy.optimize import linprog
from scipy.special import logsumexp, softmax

import refboost as rb
from refboost import claims, truth
from refboost.instances import noisy_parabola
from refboost.projections import smoothed_soft_margin

plt.rcParams.update({"font.size": 12})  # legible at the book's column width
T0 = time.perf_counter()

CONIC_TOL = 1e-6  # Clarabel (tolerances 1e-10) against closed forms / specialised solvers
IDENTITY_TOL = 1e-12  # algebraic identities in floating point
KKT_TOL = 1e-5  # KKT quantities read off a conic solution

# %% [markdown]
# ## 2 Derivation
#
# ### 2.1 The exact duals
#
# **KL.** With multipliers $\alpha\ge0$ for the edge constraints and $\rho$ for $\mathbf 1^\top d=1$,
# $L=\gamma+\beta\sum_nd_n\ln(Nd_n)+\sum_j\alpha_j(z_{\cdot j}^\top d-\gamma)+\rho(1-\mathbf 1^\top d)$.
# $\inf_\gamma$ forces $\mathbf 1^\top\alpha=1$; $\inf_d$ gives $d_n=\frac1N e^{(\rho-(Z\alpha)_n)/\beta-1}$;
# maximising over $\rho$:
#
# $$\textbf{(20-D)}\qquad \max_{\alpha\in\Gamma}\ -\beta\ln\Big(\frac1N\sum_ne^{-(Z\alpha)_n/\beta}\Big),
# \qquad d^\star=\mathrm{softmax}(-Z\alpha^\star/\beta).$$
#
# The inner minimum of (17) is this soft-min in closed form (Gibbs variational principle):
# `rb.kl_regularized_margin`. It is the uncapped ERLPBoost objective ($\nu=1$, $\eta=1/\beta$)
# and, with $w=\alpha/\beta$, Shen & Li's AdaBoost$_{\ell_1}$ dual with $T=\beta$:
# $\mathrm{Opt}(20)=\beta\ln N-\beta\min\{\ln\sum_ne^{-(Zw)_n}: w\ge0,\ \mathbf 1^\top w=1/\beta\}$.
#
# **Norm2.** Writing $\lVert v\rVert_2=\max_{\lVert u\rVert\le1}u^\top v$ and swapping min and max:
#
# $$\textbf{(35-D)}\qquad \max_{\rho,\ \alpha\in\Gamma,\ \lVert u\rVert_2\le1}\ \rho-\frac\beta N\mathbf 1^\top u
# \quad\text{s.t.}\quad (Z\alpha)_n+\beta u_n\ge\rho\ \ \forall n .$$
#
# The inner minimum $\min_{d\in\Gamma}d^\top m+\beta\lVert d-d_0\rVert$ (`rb.norm2_regularized_margin`)
# has a scalar characterisation: with $c=m-\bar m\mathbf 1$, if $\lVert c\rVert\le\beta$ then
# $d^\star=d_0$ (the **collapse**); otherwise stationarity
# $0\in m+\beta\frac{d-d_0}{\lVert d-d_0\rVert}+N_\Gamma(d)$ says, with $s=\lVert d-d_0\rVert/\beta$,
# $d^\star=P_\Gamma(d_0-s\,m)$, and $s$ is the root of the non-increasing function
# $r(s)=\lVert P_\Gamma(d_0-sc)-d_0\rVert/s=\beta$ (solved with `brentq` in $\ln s$).
#
# ### 2.2 Linearisation, line search, update
#
# The supporting hyperplane of $s(d)=\max_j z_{\cdot j}^\top d+\beta P(d)$ at $d^{(t)}$ is, **on the
# simplex only** (the constants cancel because $\mathbf 1^\top d=\mathbf 1^\top d^{(t)}=1$),
# $\gamma=\tilde z_{\cdot t}^\top d$ with the columns of step 2 above (25)/(37). Tangency:
# $\tilde z_{\cdot t}^\top d^{(t)}=\gamma_t+\beta P(d^{(t)})$, the **pseudo-edge**. The line search
# objective $\varphi(a)=\sum_nd^{(t)}_ne^{-a\tilde z_{nt}}$ is convex with
# $\varphi'(0)=-(\gamma_t+\beta P(d^{(t)}))$, so
#
# * $\tilde\alpha_t=0$ iff the pseudo-edge is $\le0$;
# * $\tilde\alpha_t=+\infty$ iff $\min_n\tilde z_{nt}\ge0$ (not mentioned in the paper);
# * otherwise the root of $g(a)=\sum_n\mathrm{softmax}(\ln d^{(t)}-a\tilde z_{\cdot t})_n\tilde z_{nt}$,
#   which is decreasing ($g'=-\mathrm{Var}$). `exp_line_search` brackets it and calls `brentq`
#   (closed form $\frac12\ln\frac{1-\epsilon}{\epsilon}$ for $\pm1$ columns) and reports
#   `zero` / `unbounded` / `no_bracket` instead of returning inf/NaN.
#
# For KL the update is the *tempered* rule
# $\ln d^{(t+1)}=(1-\beta\tilde\alpha_t)\ln d^{(t)}-\tilde\alpha_tz_{\cdot t}+\mathrm{const}$: when
# $\beta\tilde\alpha_t>1$ the weight order **inverts**.
#
# ### 2.3 Errata and decisions
#
# :::{admonition} Erratum: Sun, Todorovic & Li (2006), eq. (9)
# :class: warning
# **Printed:** the margin-maximisation LP (9) without the constraint $\alpha\in\Gamma^{|\mathcal H|}$.
# **Corrected:** $\alpha\in\Gamma^{|\mathcal H|}$, as in the game (10).
# **Why:** without it $\alpha\mapsto c\,\alpha$ scales the minimum margin by $c$, so the LP is unbounded as
# soon as some $\alpha$ has a positive minimum margin. Checked in §3.1 (HiGHS reports the LP without
# the constraint unbounded on the toy data).
# :::
#
# :::{admonition} Erratum: Sun, Todorovic & Li (2006), eqs. (33), (42), Figs. 2–3 and Lemma 1
# :class: warning
# **Printed:** the normalised weight $\alpha_t$ in the line search and the update.
# **Corrected:** the unnormalised step $\tilde\alpha_t$; the cost is $\sum_n\exp(-\sum_{j\le t}\tilde\alpha_j\tilde z_{nj})$.
# **Why:** the line search (33)/(42) minimises over an unconstrained step $a\ge0$, and the update (34)/(43)
# multiplies by $e^{-\tilde\alpha_t\tilde z_{nt}}$; normalised weights live on the simplex and cannot be
# set round by round. Checked in §3.3 ($d^{(T+1)}=\mathrm{softmax}(-\sum_t\tilde\alpha_t\tilde z_{\cdot t})$ and each
# line search exact).
# :::
#
# :::{admonition} Erratum: Sun, Todorovic & Li (2006), Figs. 2–3, step numbering
# :class: warning
# **Printed:** the steps are numbered 1, 2, 4. **Corrected:** the weighted-error step 3 (choose $h_t$
# by (27)) is missing; in {prf:ref}`alg-sun` it is step 1, and in the code it lives in the weak learner.
# **Why:** a numbering slip; no computation depends on it, so no cell checks it.
# :::
#
# Decisions where the paper is silent:
# * Norm2 at $t=1$ is $0/0$; we take $\phi(d_0)=0$ (a valid subgradient), so step 1 is AdaBoost.
# * No stopping rule or policy for zero/infinite steps: we stop on a zero step, and on an infinite
#   step either stop (default) or cap at `alpha_max`; every occurrence is counted in `extra["flags"]`.
# * The chain (17)→(21)→(29)→(30)→(32) is motivation, not equivalence: the stage-wise iterates do
#   not solve (20)/(35) (checked in §3.4).
#
# **Certificate.** Each round gives an upper bound $s(d^{(t)})=\gamma_t+\beta P(d^{(t)})$ on the exact
# optimum, and the inner minimum $D(w)$ of (17) at the normalised weights is a lower bound. The
# returned weights are certified by `refboost.certify.sun` from the returned data alone:
# `BoostResult.gap` $=\min_d s(d)-D(w)$ over the returned distribution, the best query and the
# inner minimiser of $w$, and `converged` is that certificate at tolerance `eps` (the default
# `eps=0` runs all $T$ rounds and is certified only to round-off). AdaBoost$_{Reg}$'s column (40) is,
# up to a constant (which changes the line search only), the supporting hyperplane of
# $P(d)=\frac12\lVert d-d_0\rVert_2^2$; it is scored against (44) with that penalty.

# %% [markdown]
# ## 3 Numerical check
#
# ### 3.1 Instance: the toy data with the full stump pool
#
# `noisy_parabola` (in `refboost.instances`) draws $x\sim N(0,I_2)$, $y=\mathrm{sign}(x_1+x_2^2/2-0.3)$
# with 15% flipped labels; $Z$ holds every decision stump of `rb.StumpOracle` as a column.


# %%
def stump_matrix(X, y):
    so = rb.StumpOracle(X, y)
    return so.columns(so.all_keys())


X, y = noisy_parabola(50, np.random.default_rng(0), noise=0.15)
Z = stump_matrix(X, y)
N = Z.shape[0]
oracle = rb.MatrixOracle(Z)
print("Z:", Z.shape)

# erratum (9): max_{alpha >= 0, rho} rho s.t. Z alpha >= rho, without sum(alpha) = 1, is unbounded here
n_h = Z.shape[1]
lp9 = linprog(np.r_[np.zeros(n_h), -1.0], A_ub=np.c_[-Z, np.ones(N)], b_ub=np.zeros(N),
              bounds=[(0, None)] * n_h + [(None, None)], method="highs")
lp10 = linprog(np.r_[np.zeros(n_h), -1.0], A_ub=np.c_[-Z, np.ones(N)], b_ub=np.zeros(N),
               A_eq=np.r_[np.ones(n_h), 0.0][None, :], b_eq=[1.0], bounds=[(0, None)] * n_h + [(None, None)],
               method="highs")
print(f"LP (9) as printed: {'unbounded' if lp9.status == 3 else lp9.status}; "
      f"with alpha in the simplex (10): rho* = {-lp10.fun:.4f}")
assert lp9.status == 3 and lp10.status == 0 and -lp10.fun > 0
claims.check("Sun eq (9)-(10)", status="fails as printed, holds corrected", on="toy data, full stump pool",
             note="LP (9) as printed is unbounded; with alpha in the simplex (10) it is the hard margin")

# %% [markdown]
# ### 3.2 Exact problems: duality, Gibbs form, equalised soft margins, identities
#
# The equal soft margins (31) are checked on two *separate* solves, $d^\star$ from the primal (20) and
# $\alpha^\star$ from the dual (20-D): with $d^\star$ rebuilt as $\mathrm{softmax}(-Z\alpha^\star/\beta)$ they
# would be equal by algebra, whatever $\alpha^\star$ is. A non-optimal $\alpha$ spreads them.

# %%
rows, soft_rows = [], []
for beta in (0.1, 1.0):
    p, q = truth.sun_kl_primal(Z, beta), truth.sun_kl_dual(Z, beta)
    m = Z @ q.alpha
    closed = rb.kl_regularized_margin(m, beta)
    # (31) with d^(t) = d*, d* from the primal solve and alpha* from the separate dual solve: all equal to Opt
    soft = m + beta * np.log(N * p.d)
    sl = truth.shen_li_l1_dual(Z, beta)
    erlp = smoothed_soft_margin(m, 1.0, 1.0 / beta)
    rows.append(("KL", beta, p.value, q.value, abs(p.value - q.value)))
    assert abs(p.value - q.value) < CONIC_TOL  # (20) = (20-D)
    assert abs(closed.value - q.value) < CONIC_TOL
    assert np.abs(p.d - closed.d).max() < KKT_TOL  # d* = softmax(-Z alpha*/beta)
    assert np.ptp(soft) < 10 * KKT_TOL and abs(soft.mean() - p.value) < CONIC_TOL
    soft_rows.append((beta, np.ptp(soft), np.ptp(Z @ (q.alpha + 1 / Z.shape[1]) / 2 + beta * np.log(N * p.d))))
    assert abs(beta * math.log(N) - beta * sl.value - p.value) < CONIC_TOL  # Shen & Li, T = beta
    assert abs(erlp.value - closed.value) < 1e-10  # uncapped ERLPBoost, eta = 1/beta
for beta in (0.1, 1.0):
    p, q = truth.sun_norm2_primal(Z, beta), truth.sun_norm2_dual(Z, beta)
    d0 = np.full(N, 1 / N)
    u = (p.d - d0) / np.linalg.norm(p.d - d0)
    soft = Z @ q.alpha + beta * u  # (39) with d^(t) = d*
    supp = p.d > 1e-6
    rows.append(("Norm2", beta, p.value, q.value, abs(p.value - q.value)))
    assert abs(p.value - q.value) < CONIC_TOL  # (35) = (35-D)
    assert abs(rb.norm2_regularized_margin(Z @ q.alpha, beta).value - q.value) < CONIC_TOL
    assert np.ptp(soft[supp]) < KKT_TOL and soft[~supp].min() >= soft[supp].max() - KKT_TOL
claims.check("Sun eq (20)", status="holds", on="toy data, beta grid, against Clarabel",
             note="(20) = (20-D), d* = softmax(-Z alpha*/beta); equals Shen-Li with T = beta and uncapped ERLPBoost")
assert all(r[2] > 100 * r[1] for r in soft_rows)  # a non-optimal alpha: the soft margins spread
claims.check("Sun eq (31)", status="holds", on="the same instances",
             note="the soft margins, from the primal's d* and the dual's alpha* (two solves), agree to 1e-4")
claims.check("Sun eq (17)-(18)", status="holds", on="the same instances (KL and Norm2)")
claims.check("Sun eq (35)", status="holds", on="the same instances",
             note="(35) = (35-D); soft margins equal on the support")
print(f"{'P':6s} {'beta':>5s} {'primal':>10s} {'dual':>10s} {'|gap|':>9s}")
for r in rows:
    print(f"{r[0]:6s} {r[1]:5.2f} {r[2]:10.6f} {r[3]:10.6f} {r[4]:9.1e}")
for beta, spread, spread_off in soft_rows:
    print(f"KL beta={beta}: spread of the soft margins (31) at (alpha*, d*) {spread:.1e}; "
          f"at the midpoint of alpha* and the uniform weights {spread_off:.3f}")

# %% [markdown]
# **Norm2 collapse.** $d^\star=d_0$ iff $\beta\ge\bar\beta$; with a unique best-mean column of
# mean $\bar m$, $\bar\beta=\sqrt{N(1-\bar m^2)}$, i.e. $O(\sqrt N)$, while KL never collapses.
# Hence the Norm2 $\beta$ grid must be about $\sqrt N$ times the KL grid.

# %%
means = Z.mean(axis=0)
bbar = math.sqrt(N * (1 - means.max() ** 2))
dist = {f: np.linalg.norm(truth.sun_norm2_primal(Z, f * bbar).d - 1 / N) for f in (0.99, 1.01)}
print(f"beta_bar = {bbar:.4f};  ||d* - d0|| at 0.99 beta_bar: {dist[0.99]:.2e}, at 1.01 beta_bar: {dist[1.01]:.1e}")
assert np.sum(means >= means.max() - 1e-12) == 1
assert dist[0.99] > 1e-4 and dist[1.01] < 1e-6
# claims: none (the Norm2 collapse threshold is a derived fact, not a claim of the paper)

# %% [markdown]
# **LP$_{reg}$-AdaBoost** (12)/(14) is the soft-margin LP with cap $C$, i.e. `lpboost` with
# Glocer's $\nu=1/C$; with Rätsch's $\nu_R$ ($C=1/(\nu_RN)$) the $\nu$-property
# $\#\{\lambda_n>0\}\le\nu_RN\le\#\{d_n>0\}$ holds (the $\nu$-property of Rätsch et al. 2001).

# %%
for nu_R in (0.1, 0.3):
    lp = truth.soft_margin_lp(Z, nu_R * N)
    res = rb.lpboost(oracle, nu=nu_R * N, eps=1e-9, max_iter=500)
    n_err, n_sv = int(np.sum(lp.psi > 1e-9)), int(np.sum(lp.d > 1e-9))
    print(f"nu_R={nu_R}: LP_reg {lp.value:.6f}, lpboost {res.extra['P_LP']:.6f}; ", end="")
    print(f"#lambda>0={n_err} <= nu_R N={nu_R * N:g} <= #d>0={n_sv}")
    assert abs(lp.value - lp.value_w) < 1e-9 and abs(res.extra["P_LP"] - lp.value) < 1e-8
    assert n_err <= nu_R * N + 1e-9 <= n_sv + 2e-9
claims.check("Sun eq (12)-(16)", status="holds", on="toy data, nu_R in {0.1, 0.3}")
claims.check("Sun §3.1 nu-property", status="holds", on="the same instances")

# %% [markdown]
# ### 3.3 The stage-wise algorithms: $\beta=0$ is AdaBoost, and the stage-wise identities
#
# With $\beta=0$ all three loops are `rb.adaboost` **bit for bit**: the same hypotheses, steps and
# weights (one normalised weight per distinct hypothesis, first-use order; the unnormalised sums
# are `extra["lambda"]`). They share AdaBoost's closed-form step and its log-domain state.

# %%
ab = rb.adaboost(oracle, max_iter=80, store_d=False)
for f in (rb.adaboost_kl, rb.adaboost_norm2, rb.adaboost_reg):
    r0 = f(oracle, beta=0.0, max_iter=80)
    assert r0.hypotheses == ab.hypotheses and np.array_equal(r0.weights, ab.weights)
    assert np.array_equal(r0.extra["lambda"], ab.extra["lambda"])
    assert r0.extra["alpha_tilde"].tolist() == [rec["alpha"] for rec in ab.history]
runs = {
    ("KL", 0.1): rb.adaboost_kl(oracle, beta=0.1, max_iter=80),
    ("Norm2", 0.5): rb.adaboost_norm2(oracle, beta=0.5, max_iter=80),
}
for (kind, beta), r in runs.items():
    Zt, a = r.extra["augmented_columns"], r.extra["alpha_tilde"]
    S = Zt @ a
    assert np.abs(r.distribution - softmax(-S)).max() < IDENTITY_TOL  # d^(T+1) = softmax(-sum a z~)
    assert abs(r.extra["log_G"] - logsumexp(-S)) < 1e-10  # G^(T) = N prod C_t
    assert np.nanmax(r.history_array("step_residual")) < IDENTITY_TOL  # line search exact: sum_n d^(t+1)_n z~_nt = 0
    tang = [abs(rec["pseudo_edge"] - (rec["edge"] + beta * rec["penalty"])) for rec in r.history]
    assert max(tang) < IDENTITY_TOL  # tangency of the linearisation (25)/(37)
    print(f"{kind}: max line-search residual {r.extra['max_line_search_residual']:.1e}, max tangency {max(tang):.1e}")
claims.check("Sun §3.2 beta=0", status="holds", on="toy data", note="identical hypotheses and weights")
claims.check("Sun Fig 2", status="fails as printed, holds corrected", on="toy data, beta grid",
             note="the stage-wise identities; see the erratum on (33), (42) and the step numbering")
claims.check("Sun Fig 3", status="fails as printed, holds corrected", on="the same runs",
             note="see the erratum on (42) and the step numbering")
claims.check("Sun eq (25)", status="holds", on="the same runs", note="tangency of the linearisation")
claims.check("Sun eq (37)", status="holds", on="the same runs (Norm2)")
claims.check("Sun §2 AdaBoost", status="holds", on="the same runs (beta = 0)",
             note="exact line search: the used column has zero pseudo-edge under the next weights")

# %% [markdown]
# ### 3.4 The limits of "stage-wise gradient descent": the iterates do not solve (20)/(35)
#
# The paper (§3.5) shows that each round picks the steepest direction in the enlarged class
# $\tilde{\mathcal H}$ and line-searches it. That is a statement about greedy direction choice,
# not convergence. The certificate brackets the exact optimum, the cutting-plane LP (29)/(36) on the
# algorithm's own queries is a nondecreasing lower bound (Kelley), but the stage-wise upper bound
# $\min_ts(d^{(t)})$ stays well above $\mathrm{Opt}$: **the paper's derivation motivates the soft
# margin but gives no convergence to (20)/(35)** (asserted below).

# %%
print(f"{'':6s} {'beta':>5s} {'LP_1':>8s} {'LP_20':>8s} {'LP_80':>8s} {'max D':>8s} {'Opt':>8s} {'min s':>8s}")
for (kind, beta), r in runs.items():
    opt = (truth.sun_kl_primal if kind == "KL" else truth.sun_norm2_primal)(Z, beta).value
    lps = [truth.sun_cutting_plane_lp(r.extra["augmented_columns"][:, :T]).value for T in (1, 20, 80)]
    lo, up = r.extra["lower_bound"], r.extra["upper_bound"]
    print(f"{kind:6s} {beta:5.2f} {lps[0]:8.4f} {lps[1]:8.4f} {lps[2]:8.4f} {lo:8.4f} {opt:8.4f} {up:8.4f}")
    assert lps[0] <= lps[1] + 1e-12 <= lps[2] + 2e-12 and lps[2] <= opt + CONIC_TOL  # LP (29)/(36): nondecreasing, below Opt
    assert lo <= opt + CONIC_TOL <= up + 2 * CONIC_TOL  # certificate brackets Opt
    assert up - opt > 1e-2  # the stage-wise iterates stay far from the optimum
claims.check("Sun eq (29)", status="holds", on="toy data, KL and Norm2",
             note="LP (29)/(36) nondecreasing and below Opt; the iterates stay far from Opt")

# %% [markdown]
# **What a result certifies.** `refboost.certify.result` rechecks a run from its returned weights
# alone: the objective is $D(w)$ recomputed from $Uw$, the bound is $s(d)$ at the best of the
# returned distribution, the best query and the inner minimiser of $w$. The stage-wise runs above
# are honestly *not* certified (`converged=False`, gaps near 0.1). Above the Norm2
# collapse threshold the exact problem is solved by $d_0$, the stopping rule $s(d)-D(w)\le$ `eps`
# fires, and the certificate confirms it.

# %%
for (kind, beta), r in runs.items():
    cert = rb.certify.result(r, Z, bound="dual")
    assert not r.converged and cert.ok == r.converged and abs(cert.gap - r.gap) < 1e-12
    print(f"{kind:6s} beta={beta}: converged={r.converged}, gap {r.gap:.3g}; {cert.message}")
rc = rb.adaboost_norm2(oracle, beta=10.0 * math.sqrt(Z.shape[0]), eps=1e-6, max_iter=200)
cert = rb.certify.result(rc, Z)
print(rc.message)
print(cert.report())
assert rc.converged and cert.ok
# claims: none (what a run's converged flag certifies: an implementation property)

# %% [markdown]
# #### The paper's §3.5: the direction of each round is the steepest one in $\tilde{\mathcal H}$, (47)/(48)
#
# With the pseudo-hypotheses (45), the inner product (47) of round $t$ is
# $\sum_nd^{(t)}_ny_nh(x_n)+\beta\sum_nd^{(t)}_n\phi_n(d)$; the first term is maximised by the weak learner's $h_t$,
# the second over $d\in\Gamma^N$ by
#
# * **KL** ($\phi_n=\ln(Nd_n)$): $\sum_nd^{(t)}_n\ln(Nd_n)=\mathrm{KL}(d^{(t)}\Vert d_0)-\mathrm{KL}(d^{(t)}\Vert d)$, a strictly
#   concave function with the **unique** maximiser $d=d^{(t)}$ (Gibbs' inequality);
# * **Norm2** ($\phi_n=(d_n-1/N)/\lVert d-d_0\rVert$): by (48) (Cauchy–Schwarz) the maximum $\lVert d^{(t)}-d_0\rVert$ is
#   attained on the whole **ray** $d_0+c\,(d^{(t)}-d_0)$, $c>0$, inside the simplex (all give the same $\tilde h$);
# * **Reg** ($\phi_n=d_n$, the soft margin (40)): $\sum_nd^{(t)}_nd_n$ is linear, maximised at the **vertex**
#   $e_{\arg\max d^{(t)}}$, not at $d^{(t)}$ — the paper's remark that AdaBoost$_{Reg}$'s direction "is not the one that
#   maximally decreases the associated cost".
#
# Checked at round $t=10$ of a KL ($\beta=0.1$) and a Norm2 ($\beta=0.5$) run on the toy data, with $d^{(t)}$
# rebuilt from the run's columns: Clarabel solves the KL problem (a concave program) and, for Norm2, the SOCP
# $\max(d-d_0)^\top d^{(t)}$ s.t. $\lVert d-d_0\rVert\le\varrho$ at three radii (its maximisers must lie on the ray); SLSQP
# from three random starts must return $d^{(t)}$ for KL and *different* points of the ray for Norm2; HiGHS solves
# the Reg LP.


# %%
import cvxpy as cp  # noqa: E402
from scipy.optimize import minimize  # noqa: E402


def simplex_argmax(fun, start):
    """A local maximiser of fun over the simplex (SLSQP from start)."""
    cons = [{"type": "eq", "fun": lambda d: d.sum() - 1, "jac": lambda d: np.ones_like(d)}]
    res = minimize(lambda d: -fun(d), start, method="SLSQP", bounds=[(1e-12, 1)] * len(start), constraints=cons,
                   options={"ftol": 1e-15, "maxiter": 1000})
    return res.x


d0, rng47, t47 = np.full(N, 1 / N), np.random.default_rng(47), 10
print(f"{'':6s} {'max edge':>9s} {'= edge h_t':>10s} {'ground truth':>26s} {'SLSQP from 3 starts':>32s}")
for kind, booster, beta in (("KL", rb.adaboost_kl, 0.1), ("Norm2", rb.adaboost_norm2, 0.5)):
    r = booster(oracle, beta=beta, max_iter=t47)
    Zt, a = r.extra["augmented_columns"], r.extra["alpha_tilde"]
    dt = softmax(-Zt[:, : t47 - 1] @ a[: t47 - 1])  # d^(t), t = 10
    rec, v = r.history[t47 - 1], dt - d0
    assert abs((Z.T @ dt).max() - rec["edge"]) < IDENTITY_TOL  # h_t maximises the first term of (47)
    starts = rng47.dirichlet(np.ones(N), 3)
    if kind == "KL":
        g = lambda d: dt @ np.log(N * d)  # noqa: E731
        x = cp.Variable(N, nonneg=True)
        cp.Problem(cp.Maximize(dt @ cp.log(x)), [cp.sum(x) == 1]).solve(solver="CLARABEL")
        sols = [simplex_argmax(g, s0) for s0 in starts]
        dev = [np.abs(sl - dt).max() for sl in sols]
        assert np.abs(x.value - dt).max() < 10 * KKT_TOL and max(dev) < 1e-6  # unique maximiser d^(t)
        assert abs(rec["pseudo_edge"] - rec["edge"] - beta * g(dt)) < IDENTITY_TOL  # the maximum of (47)
        pert = [g(dt + 1e-3 * (z - z.mean())) for z in rng47.standard_normal((200, N))]
        assert max(pert) < g(dt)  # strict: every perturbation inside the simplex lowers it
        print(f"{kind:6s} {(Z.T @ dt).max():9.5f} {rec['edge']:10.5f}   Clarabel |d - d^(t)| {np.abs(x.value - dt).max():.0e}"
              f"   max |d - d^(t)| {max(dev):.0e} (unique)")
    else:
        h = lambda d: (d - d0) @ dt / np.linalg.norm(d - d0)  # noqa: E731
        ray = []
        for rad in (0.25, 0.5, 1.0):
            x = cp.Variable(N, nonneg=True)
            cp.Problem(cp.Maximize((x - d0) @ dt), [cp.sum(x) == 1, cp.norm(x - d0) <= rad * np.linalg.norm(v)]).solve(
                solver="CLARABEL")
            ray.append(np.abs(x.value - (d0 + rad * v)).max())
            assert ray[-1] < 10 * KKT_TOL and abs(h(x.value) - np.linalg.norm(v)) < 10 * KKT_TOL
        sols = [simplex_argmax(h, s0) for s0 in starts]
        cos = [(sl - d0) @ v / np.linalg.norm(sl - d0) / np.linalg.norm(v) for sl in sols]
        cs = [np.linalg.norm(sl - d0) / np.linalg.norm(v) for sl in sols]
        assert min(cos) > 1 - 1e-9 and max(abs(h(sl) - np.linalg.norm(v)) for sl in sols) < 1e-9  # all on the ray
        assert max(abs(c - 1) for c in cs) > 1e-2  # ... and not d^(t) itself: the maximiser is not unique
        assert max(h(d) for d in rng47.dirichlet(np.ones(N), 500)) < np.linalg.norm(v)  # off the ray: below (48)
        print(f"{kind:6s} {(Z.T @ dt).max():9.5f} {rec['edge']:10.5f}   Clarabel: on the ray, max dev {max(ray):.0e}"
              f"   cos = 1, c = {', '.join(f'{c:.4f}' for c in cs)}")
    lp = linprog(-dt, A_eq=np.ones((1, N)), b_eq=[1.0], bounds=[(0, None)] * N, method="highs")
    second = np.sort(dt)[-2]
    assert lp.status == 0 and lp.x.max() == 1.0 and np.argmax(lp.x) == np.argmax(dt) and second < dt.max()
    assert -lp.fun > dt @ dt + 1e-3  # Reg: the vertex beats d^(t) itself
    print(f"{'Reg':6s} at the same d^(t): max over the simplex {-lp.fun:.4f} at a vertex (unique: next largest "
          f"d_n = {second:.4f}) > value at d^(t) {dt @ dt:.4f}")
claims.check("Sun eq (47)", status="holds", on="toy data, round 10 of a KL and a Norm2 run",
             note="h_t and d^(t) maximise (47); KL: unique (Clarabel and 3 SLSQP starts); Norm2: the ray (48)")
claims.check("Sun eq (40)", status="holds", on="the same rounds",
             note="AdaBoost_Reg's mistrust term is maximised at a vertex, not at d^(t): not the steepest direction")

# %% [markdown]
# #### Convexity (§3.2–3.3)
#
# The paper uses that $\mathrm{KL}(d\Vert d_0)$ and $\lVert d-d_0\rVert$ are convex on the simplex, hence the soft edges
# $s_j(d)=z_{\cdot j}^\top d+\beta P(d)$ and $s=\max_js_j$, and that the cost $G$ is convex in the step
# ($\varphi''(a)=\sum_nd_n\tilde z_{nt}^2e^{-a\tilde z_{nt}}\ge0$). Checked by the midpoint inequality on 2000 random pairs
# of distributions (a Dirichlet with small concentration, so many near the boundary) and on the line-search costs of
# the runs of §3.3; the concave entropy $-\mathrm{KL}$ must fail the same test.

# %%
pairs = rng47.dirichlet(np.full(N, 0.3), (2000, 2))
kl = lambda D: np.sum(D * np.log(N * np.maximum(D, 1e-300)), axis=-1)  # noqa: E731
n2 = lambda D: np.linalg.norm(D - 1 / N, axis=-1)  # noqa: E731
viol = {}
for name, P_ in (("KL", kl), ("Norm2", n2)):
    for beta in (0.1, 1.0):
        s_fun = lambda D, P_=P_, beta=beta: (D @ Z).max(axis=-1) + beta * P_(D)  # noqa: E731
        mid = s_fun(pairs.mean(axis=1))
        viol[name, beta] = float(np.max(mid - s_fun(pairs).mean(axis=1)))
        assert viol[name, beta] <= 1e-12  # s((d + d')/2) <= (s(d) + s(d'))/2
assert np.max(-kl(pairs.mean(axis=1)) + kl(pairs).mean(axis=1)) > 1e-3  # the test detects a concave function
a_grid = np.linspace(0, 3, 301)
for r in runs.values():
    Zt, a = r.extra["augmented_columns"], r.extra["alpha_tilde"]
    for t in range(Zt.shape[1]):
        d_t = softmax(-Zt[:, :t] @ a[:t])
        phi = np.exp(np.log(d_t)[None, :] - a_grid[:, None] * Zt[:, t][None, :]).sum(axis=1)
        assert np.all(np.diff(phi, 2) >= -1e-12 * phi[1:-1])  # phi(a) = sum_n d_n e^{-a z~_nt} is convex
print("largest midpoint violation of s (must be <= 0):", {f"{k[0]}, beta={k[1]}": f"{v:.1e}" for k, v in viol.items()})
claims.check("Sun §3 convexity", status="holds", on="toy data: 2000 random pairs of distributions, beta in {0.1, 1}; "
             "the line-search costs of the §3.3 runs", note="KL and Norm2 soft edges s and the cost G")

# %% [markdown]
# ### 3.5 Lemma 1, sharpened
#
# ```{prf:lemma} Sun et al. (2006), Lemma 1 (appendix), with a sharpened limit
# :nonumber:
# :label: lem-sun-1
# If $\beta\to\infty$, only $h_1$ is kept: $\tilde\alpha_2\in(1/\beta^2,1/\beta)$. More precisely,
# $\beta\tilde\alpha_2\to c^\star_{KL}(\epsilon_1)=
# \ln\!\big[\ln\frac1{2\epsilon_1}/\ln(2(1-\epsilon_1))\big]/\ln\frac{1-\epsilon_1}{\epsilon_1}$
# for KL and $\beta\tilde\alpha_2\to2\tilde\alpha_1\sqrt{N\epsilon_1(1-\epsilon_1)}$ for Norm2.
# ```
#
# The paper proves only $t=2$, conflates $\alpha_2$ with $\tilde\alpha_2$, and the bracket fails for
# small $\beta$ (shown below for $\beta=1$).


# %%
def cstar(e):
    return math.log(math.log(1 / (2 * e)) / math.log(2 * (1 - e))) / math.log((1 - e) / e)


print(f"{'beta':>8s} {'beta*a2 KL':>12s} {'bracket':>8s} {'beta*a2 N2':>12s}")
for beta in (1.0, 10.0, 1e2, 1e3, 1e4, 1e5):
    rk = rb.adaboost_kl(oracle, beta=beta, max_iter=2)
    rn = rb.adaboost_norm2(oracle, beta=beta, max_iter=2)
    a2k, a2n = rk.extra["alpha_tilde"][1], rn.extra["alpha_tilde"][1]
    br = 1 / beta**2 < a2k < 1 / beta
    print(f"{beta:8.0e} {beta * a2k:12.6f} {str(br):>8s} {beta * a2n:12.6f}")
e1, a1 = rk.history[0]["error"], rn.extra["alpha_tilde"][0]
lim_kl, lim_n2 = cstar(e1), 2 * a1 * math.sqrt(N * e1 * (1 - e1))
print(f"limits: c*_KL({e1:.3f}) = {lim_kl:.6f},  2 a1 sqrt(N e (1-e)) = {lim_n2:.6f}")
assert abs(beta * a2k - lim_kl) < 1e-4 and abs(beta * a2n - lim_n2) < 1e-3
assert not (1 / 1.0**2 < rb.adaboost_kl(oracle, beta=1.0, max_iter=2).extra["alpha_tilde"][1] < 1 / 1.0)
claims.check("Sun Lemma 1", status="fails as printed, holds corrected", on="toy data, beta up to 1e5",
             note="the sharpened limit beta alpha_2 -> c* holds; the printed bracket (1/beta^2, 1/beta) fails at beta = 1")

# %% [markdown]
# ### 3.6 Failure modes the paper does not mention
#
# With 5% label noise and $\beta=2$, AdaBoost$_{KL}$ takes steps with
# $\beta\tilde\alpha_t>1$ (the tempered update inverts the weight order) and at $t=16$ meets
# $\min_n\tilde z_{nt}\ge0$: an infinite step. The default policy stops there; `on_unbounded="cap"`
# continues with $\tilde\alpha_t=$ `alpha_max`.

# %%
Xn, yn = noisy_parabola(60, np.random.default_rng(2), noise=0.05)
on = rb.MatrixOracle(stump_matrix(Xn, yn))
rf = rb.adaboost_kl(on, beta=2.0, max_iter=60)
print(rf.message, rf.extra["flags"], "max beta*alpha:", np.nanmax(rf.history_array("beta_alpha")))
assert rf.extra["status"] == "unbounded_step" and len(rf.history) == 16
assert rf.extra["flags"]["beta_alpha_gt_1"] >= 1 and np.nanmax(rf.history_array("beta_alpha")) > 1
rcap = rb.adaboost_kl(on, beta=2.0, max_iter=30, on_unbounded="cap", alpha_max=3.0)
assert rcap.n_iter == 30 and rcap.extra["flags"]["capped_step"] >= 1
# claims: none (failure modes the paper does not mention: properties of the algorithm, not a claim of the paper)

# %% [markdown]
# ### 3.7 Fig. 4 redrawn ($N=2$)
#
# $d=(p,1-p)$, two hypotheses. Left: $s_j(p)=z_{\cdot j}^\top d+\beta\mathrm{KL}(d\Vert d_0)$, their
# maximum $s$ and the optimum of (21). Right: the supporting lines $\tilde z_{\cdot t}^\top d$ at the
# AdaBoost$_{KL}$ queries $d^{(t)}$ and the optimum of the LP (29).

# %%
Z2 = np.array([[1.0, -0.6], [-1.0, 1.0]])
beta2 = 0.3
p = np.linspace(1e-4, 1 - 1e-4, 400)
D = np.stack([p, 1 - p], axis=1)
KL2 = np.sum(D * np.log(2 * D), axis=1)
s_j = D @ Z2 + beta2 * KL2[:, None]
opt2 = truth.sun_kl_primal(Z2, beta2)
r2 = rb.adaboost_kl(rb.MatrixOracle(Z2), beta=beta2, max_iter=6)
lp2 = truth.sun_cutting_plane_lp(r2.extra["augmented_columns"])
fig, ax = plt.subplots(1, 2, figsize=(10, 4.2), sharey=True)
for j in range(2):
    ax[0].plot(p, s_j[:, j], "--", label=f"$s_{j + 1}$")
ax[0].plot(p, s_j.max(axis=1), "k", lw=2, label="$s=\\max_j s_j$")
ax[0].plot(opt2.d[0], opt2.value, "ro", label="optimum of (21)")
ax[1].plot(p, s_j.max(axis=1), "k", lw=2)
for t in range(r2.extra["augmented_columns"].shape[1]):
    ax[1].plot(p, D @ r2.extra["augmented_columns"][:, t], lw=0.8)
ax[1].plot(lp2.d[0], lp2.value, "bs", label="LP (29) optimum")
ax[1].plot(opt2.d[0], opt2.value, "ro")
for a_ in ax:
    a_.set_xlabel("$p=d_1$")
    a_.legend(fontsize=12)
ax[0].set_title("(a) epigraph of $s(d)$")
ax[1].set_title("(b) supporting lines at the queries $d^{(t)}$")
ax[1].set_ylim(-1.05, 1.2)
plt.tight_layout()
plt.show()
assert lp2.value <= opt2.value + CONIC_TOL
assert np.all(D @ r2.extra["augmented_columns"] <= s_j.max(axis=1)[:, None] + IDENTITY_TOL)  # underestimation
claims.check("Sun Fig 4", status="holds", on="N = 2",
             note="the supporting lines underestimate s and the LP lies below Opt")

# %% [markdown]
# ### 3.8 Real data: banana (Rätsch/IDA realisation 1), decision stumps, $T=200$
#
# The paper's base learner is an RBF net; here it is the exhaustive decision-stump oracle, so
# absolute errors are those of an additive stump model. $\beta$ is fixed (no CV):
# KL $\beta=0.2$, Norm2 $\beta=0.2\sqrt N$ (the $\sqrt N$ scaling of §3.2), Reg $\beta=1$.
# The paper's claim checked here is the one in its title: the regularised algorithms keep the
# distribution less skewed. We measure skewness by $\mathrm{KL}(d^{(t)}\Vert d_0)=\ln N-H(d^{(t)})$.


# %%
def banana_runs(i, T=200):
    ds = rb.datasets.load("banana", realisation=i)
    o, n = rb.StumpOracle(ds.X, ds.y), ds.n_examples
    res = {
        "AdaBoost": rb.adaboost(o, max_iter=T),  # store_d: the skewness curve below needs d^(t)
        "AdaBoost_KL": rb.adaboost_kl(o, beta=0.2, max_iter=T),
        "AdaBoost_Norm2": rb.adaboost_norm2(o, beta=0.2 * math.sqrt(n), max_iter=T),
        "AdaBoost_Reg": rb.adaboost_reg(o, beta=1.0, max_iter=T),
    }
    err = {
        k: rb.experiments.error_rate(o.predict(r.hypotheses, r.weights, ds.X_test), ds.y_test) for k, r in res.items()
    }
    return ds, o, res, err


def skewness(r):
    """KL(d^(t) || d_0) per round (Sun boosters record it; for rb.adaboost it is computed from d^(t))."""
    if "kl_to_uniform" in r.history[0]:
        return r.history_array("kl_to_uniform"), r.history_array("max_Nd")
    D = np.array([rec["d"] for rec in r.history])
    n = D.shape[1]
    with np.errstate(divide="ignore"):
        kl = np.sum(np.where(D > 0, D * np.log(n * D), 0.0), axis=1)
    return kl, n * D.max(axis=1)


bds, boracle, bres, berr = banana_runs(1)
fig, axs = plt.subplots(2, 2, figsize=(10, 8))
ax = axs.ravel()
for k, r in bres.items():
    kl_t, maxnd_t = skewness(r)
    ax[0].plot(kl_t, label=k, lw=1)
    ax[1].plot(maxnd_t, label=k, lw=1)
    m = np.sort(r.margins)
    ax[2].plot(m, np.arange(1, m.size + 1) / m.size, label=k)
ax[0].set(title="skewness KL$(d^{(t)}\\Vert d_0)$", xlabel="round t")
ax[1].set(title="largest weight $N\\max_n d^{(t)}_n$", xlabel="round t", yscale="log")
ax[2].set(title="margin distribution (CDF)", xlabel="normalised margin")
ax[3].legend(*ax[0].get_legend_handles_labels(), loc="center")
ax[3].axis("off")
plt.tight_layout()
plt.show()
skew = {k: float(np.mean(skewness(r)[0][50:])) for k, r in bres.items()}
print(f"{'':16s} {'mean KL(d||d0), t>50':>22s} {'train err':>10s} {'test err':>9s} {'gap':>8s}")
for k, r in bres.items():
    print(f"{k:16s} {skew[k]:22.4f} {np.mean(r.margins <= 0):10.4f} {berr[k]:9.4f} {r.gap:8.4f}")
assert skew["AdaBoost_KL"] < skew["AdaBoost"] and skew["AdaBoost_Norm2"] < skew["AdaBoost"]
claims.check("Sun §4 skewness", status="holds", on="banana realisation 1, stumps, T = 200",
             note="AdaBoost_KL's and AdaBoost_Norm2's distributions are less skewed than AdaBoost's")

# %% [markdown]
# ### 3.9 Fig. 5 redrawn: decision boundaries on banana
#
# The paper's Fig. 5 shows AdaBoost's boundary on one banana realisation as a zigzag that chases
# the noisy samples, and AdaBoost$_{N2}$ / AdaBoost$_{KL}$ as smoother boundaries that give up some
# hard samples. With stumps every boundary is axis-parallel, so "smooth" means fewer and larger
# steps. Below: the three classifiers of §3.8 ($\beta$ fixed as stated there) on realisation 1,
# training points coloured by label, samples with a negative training margin circled. The figure's claim
# is asserted on realisations 1–3: the number of label switches along the grid lines (a proxy for the
# boundary's length) is more than 1.5 times larger for AdaBoost, the regularised boosters leave more
# training points with a negative margin, and their test error is lower.

# %%
g0, g1 = np.meshgrid(
    np.linspace(bds.X[:, 0].min() - 0.3, bds.X[:, 0].max() + 0.3, 160),
    np.linspace(bds.X[:, 1].min() - 0.3, bds.X[:, 1].max() + 0.3, 160),
)
grid_pts = np.c_[g0.ravel(), g1.ravel()]
fig, axs = plt.subplots(2, 2, figsize=(10, 9), sharex=True, sharey=True)
ax = axs.ravel()
ax[3].axis("off")
n_switch = {}
for a_, k in zip(ax[:3], ("AdaBoost", "AdaBoost_Norm2", "AdaBoost_KL"), strict=True):
    r = bres[k]
    fg = boracle.predict(r.hypotheses, r.weights, grid_pts).reshape(g0.shape)
    lab = np.where(fg >= 0, 1.0, -1.0)
    n_switch[k] = int(np.sum(lab[:, 1:] != lab[:, :-1]) + np.sum(lab[1:, :] != lab[:-1, :]))
    a_.contourf(g0, g1, lab, levels=[-2, 0, 2], colors=["#f4c7c3", "#c6dbef"], alpha=0.8)
    a_.contour(g0, g1, fg, levels=[0.0], colors="k", linewidths=1)
    a_.scatter(*bds.X[bds.y > 0].T, s=6, c="tab:blue")
    a_.scatter(*bds.X[bds.y < 0].T, s=6, c="tab:red")
    bad = r.margins < 0
    a_.scatter(*bds.X[bad].T, s=40, facecolors="none", edgecolors="k", linewidths=0.6)
    a_.set_title(f"{k}\ntest error {100 * berr[k]:.1f}%, {bad.sum()} points with $\\rho<0$", fontsize=12)
plt.tight_layout()
plt.show()
print("label switches along the grid lines (boundary length proxy):", n_switch)


def fig5_row(i):
    """Boundary length proxy, training points with a negative margin and test error of AB, AB_N2, AB_KL (§3.8's beta)."""
    ds = rb.datasets.load("banana", realisation=i)
    o = rb.StumpOracle(ds.X, ds.y)
    fits = {"AdaBoost": rb.adaboost(o, max_iter=200, store_d=False),
            "AdaBoost_Norm2": rb.adaboost_norm2(o, beta=0.2 * math.sqrt(ds.n_examples), max_iter=200),
            "AdaBoost_KL": rb.adaboost_kl(o, beta=0.2, max_iter=200)}
    row = {}
    for k, r in fits.items():
        lab = np.where(o.predict(r.hypotheses, r.weights, grid_pts) >= 0, 1.0, -1.0).reshape(g0.shape)
        switches = int(np.sum(lab[:, 1:] != lab[:, :-1]) + np.sum(lab[1:, :] != lab[:-1, :]))
        row[k] = (switches, int(np.sum(r.margins < 0)), rb.experiments.error_rate(
            o.predict(r.hypotheses, r.weights, ds.X_test), ds.y_test))
    return row


fig5 = {i: fig5_row(i) for i in (1, 2, 3)}  # the same grid box on every realisation (they share the distribution)
print(f"{'real.':>5s}" + "".join(f"{k + ' (switches, rho<0, test)':>40s}" for k in fig5[1]))
for i, row in fig5.items():
    print(f"{i:5d}" + "".join(f"{f'{v[0]:d}, {v[1]:d}, {v[2]:.3f}':>40s}" for v in row.values()))
    ab_, others = row["AdaBoost"], [row["AdaBoost_Norm2"], row["AdaBoost_KL"]]
    assert all(ab_[0] > 1.5 * o_[0] for o_ in others)  # AdaBoost's boundary is the longest (zigzag) ...
    assert all(o_[1] > ab_[1] for o_ in others)  # ... the regularised ones give up more hard samples ...
    assert all(o_[2] < ab_[2] for o_ in others)  # ... and have the lower test error (AdaBoost overfits)
assert fig5[1]["AdaBoost"][0] == n_switch["AdaBoost"]  # the drawn realisation is the first row
claims.check("Sun Fig 5", status="reproduced", on="banana realisations 1-3, stumps, T = 200, beta as in §3.8",
             note="AdaBoost's boundary has > 1.5x the label switches of AB_KL's and AB_N2's; these have more "
                  "negative training margins and a lower test error")

# %% [markdown]
# #### Fig. 6: waveform
#
# The paper's Fig. 6 (one waveform realisation, RBF nets): AdaBoost drives the training error to zero and "quickly
# leads to overfitting", while AdaBoost$_{N2}$ and AdaBoost$_{KL}$ allow a few hard samples small or negative margins
# and "effectively overcome the overfitting". Here: IDA waveform realisation 1 (400 training and 4600 test points),
# stumps, 500 rounds, $\beta$ as in §3.8. The error curves come from the study `sun_fig6`
# (`refboost-repro sun_fig6 --scale paper`): traced cells that store the training and test error at roughly
# geometric rounds $t$ of each run. The margin panel is recomputed here from the same three runs, and those runs give
# the second path for the curves: their per-round errors (`rb.experiments.staged_errors`) must equal the stored
# trace at every stored $t$.
# Asserted: AdaBoost's training error reaches 0 and the regularised boosters leave at least 5 training points with a
# negative margin (AdaBoost none) — as in the figure; but AdaBoost does not overfit here (its final test error is within
# 0.005 of its best over the 500 rounds) and AdaBoost$_{KL}$ ends with a *higher* test error than AdaBoost.

# %%
import json  # noqa: E402

from refboost import studies  # noqa: E402

FIG6_NAMES = {"adaboost": "AdaBoost", "adaboost_norm2": "AdaBoost_Norm2", "adaboost_kl": "AdaBoost_KL"}
with studies.Store(studies.default_store("sun_fig6", "paper")) as sto:
    fig6_recs = {FIG6_NAMES[r["booster"]]: r for r in sto.records()}
traces = {k: json.loads(r["trace"]) for k, r in fig6_recs.items()}
wav = rb.datasets.load("waveform", realisation=1)
o_w = rb.StumpOracle(wav.X, wav.y)
fig6 = {"AdaBoost": rb.adaboost(o_w, max_iter=500, store_d=False),
        "AdaBoost_Norm2": rb.adaboost_norm2(o_w, beta=0.2 * math.sqrt(wav.n_examples), max_iter=500),
        "AdaBoost_KL": rb.adaboost_kl(o_w, beta=0.2, max_iter=500)}
for k, r in fig6.items():  # the store holds these runs: same beta and rounds
    p = json.loads(fig6_recs[k]["params"])
    assert p["max_iter"] == 500 and p.get("beta") == r.params.get("beta")
curves = {k: (rb.experiments.staged_errors(o_w, r, wav.X, wav.y), rb.experiments.staged_errors(o_w, r, wav.X_test, wav.y_test))
          for k, r in fig6.items()}
for k, tr in traces.items():  # second path: the stored trace equals the chapter's per-round errors at every stored t
    t_idx = np.asarray(tr["t"]) - 1
    assert np.array_equal(curves[k][0][t_idx], tr["train_error"]) and np.array_equal(curves[k][1][t_idx], tr["test_error"])
fig, ax = plt.subplots(1, 2, figsize=(10, 4))
for k, tr in traces.items():
    line = ax[0].plot(tr["t"], tr["test_error"], "o-", ms=3, label=f"{k} test")[0]
    ax[0].plot(tr["t"], tr["train_error"], "s--", ms=3, color=line.get_color(), label=f"{k} train")
    m = np.sort(fig6[k].margins)
    ax[1].plot(m, np.arange(1, m.size + 1) / m.size, label=k)
ax[0].set(xlabel="round t", xscale="log", ylabel="error", title="waveform 1: training and test error (stored)",
          ylim=(0, 0.3))
ax[1].set(xlabel="normalised margin", title="margin distribution (CDF)")
ax[0].legend(fontsize=9)
ax[1].legend(fontsize=12)
plt.tight_layout()
plt.show()
print(f"{'':16s} {'train end':>9s} {'test best (round)':>18s} {'test end':>8s} {'rho < 0':>7s}   (stored trace)")
for k, tr in traces.items():
    i_best = int(np.argmin(tr["test_error"]))
    print(f"{k:16s} {tr['train_error'][-1]:9.3f} {tr['test_error'][i_best]:11.3f} ({tr['t'][i_best]:3d}) "
          f"{tr['test_error'][-1]:8.3f} {int(np.sum(fig6[k].margins < 0)):7d}")
ab_tr = traces["AdaBoost"]
assert ab_tr["train_error"][-1] == 0 and np.sum(fig6["AdaBoost"].margins < 0) == 0
assert all(np.sum(fig6[k].margins < 0) >= 5 for k in ("AdaBoost_Norm2", "AdaBoost_KL"))  # as in the figure ...
assert ab_tr["test_error"][-1] - min(ab_tr["test_error"]) < 0.005  # ... but AdaBoost does not overfit here
assert curves["AdaBoost"][1][-1] - curves["AdaBoost"][1].min() < 0.005  # (also over every round, not only the stored t)
assert traces["AdaBoost_KL"]["test_error"][-1] > ab_tr["test_error"][-1]  # and AdaBoost_KL ends worse
claims.check("Sun Fig 6", status="fails", on="IDA waveform realisation 1, stumps, 500 rounds (study sun_fig6)",
             note="training error 0 and the regularised boosters' negative margins reproduced; no overfitting to "
                  "overcome: AdaBoost's final test error is within 0.005 of its best, AdaBoost_KL's is higher")

# %% [markdown]
# ### 3.10 Tables 1 and 2: the study `sun_table1`
#
# **Protocol** (the IDA protocol of Rätsch et al. (2001), which the paper says it follows), declared as the
# study `sun_table1` (`refboost-repro sun_table1 --scale paper`; one stored cell per (CV fold, grid value) and per
# (realisation, grid value), the selection done by the study's analysis): $T=200$; the $\beta$ of AdaBoost$_{Reg}$,
# AdaBoost$_{KL}$ and AdaBoost$_{Norm2}$ chosen by stratified 5-fold cross-validation on the training part of each of
# realisations 1-5 (least mean validation error, ties to the smaller value), the median of the five choices used on
# every realisation; test error mean ± std over the realisations. Grids are stated in scale-free form $c$: KL
# $\beta=c\in\{0.02,0.05,0.1,0.2,0.5\}$; Norm2 $\beta=c\sqrt N$, $c\in\{0.05,0.1,0.2,0.4,0.8\}$ (§3.2: the collapse
# threshold is $O(\sqrt N)$); Reg $\beta=cN$, $c\in\{0.01,0.03,0.1,0.3,0.6\}$ (its mistrust $\beta d_n$ is
# $O(\beta/N)$), with $N$ the IDA training size. The Reg grid stays below $c\approx1$: after AdaBoost's first step
# the misclassified samples carry $d_n=1/(2\epsilon_1N)$, so $\tilde z_{n2}=-1+c/(2\epsilon_1)\ge0$ on them once
# $c\ge2\epsilon_1$ and, the correct ones being positive anyway, the second line search is unbounded and the run
# stops with one stump (the policy of §3.6 reports it).
#
# **Differences from the paper**, so the absolute numbers are *not* expected to match: the base learner is the
# exhaustive decision stump (`rb.StumpOracle`), not an RBF network; 10 realisations (the paper: 100, 20 for image
# and splice); 12 of the 13 Table 1 data sets (diabetis is not in the catalogue). For banana, breast_cancer, german,
# heart, image, ringnorm, titanic and waveform the realisations are the IDA repository's split files.
# **flare_solar, splice, thyroid and twonorm** exist in the catalogue only as full pattern sets, so their realisations
# 1-10 are refboost's own seeded random partitions with the IDA sizes of Rätsch et al. (2001), Table 1
# (`rb.datasets.mat_realisation`: 666/400, 1000/2175, 140/75 and 400/7000 training/test points), **not** the original
# IDA splits; they are marked † in the tables below (the study's `partition` column says `seeded`). The protocol on
# them is otherwise the same. The AB and AB$_R$ columns of the paper's Table 1 are those of Rätsch et al. (2001); ours
# are rerun.
#
# **Table 2.** The paper does not name its test. We report both a per-realisation paired $t$-test (two-sided, 90%,
# $|t|>t_{0.95,9}=1.83$) and the summary-statistic unpaired test that fits the paper's entries
# ($t=(\bar e_{other}-\bar e_{KL})/\sqrt{(s_{KL}^2+s_{other}^2)/n}$, $|t|>1.645$), here with our $n=10$.
# `+` = AdaBoost$_{KL}$ significantly better. The paper's qualitative claims are asserted with the paired test:
# a booster "beats" another on a data set when its mean test error is lower and the paired test is significant at
# 90%. The paired $t$ of the study's analysis is recomputed here from the stored records with `scipy.stats.ttest_rel`.

# %% tags=["hide-input"]
from scipy import stats  # noqa: E402

PAPER = studies.paper_numbers()["sun_table1"]
T1_LABELS = ("AB", "AB_R", "AB_KL", "AB_N2")
BOOSTER_OF = {"AB": "adaboost", "AB_R": "adaboost_reg", "AB_KL": "adaboost_kl", "AB_N2": "adaboost_norm2"}
t1_rows = studies.analyse("sun_table1", "paper")
prov = json.loads((studies.default_store("sun_table1", "paper") / "provenance.json").read_text())
with studies.Store(studies.default_store("sun_table1", "paper")) as sto:
    t1_recs = sto.records()
t1 = {(r["dataset"], r["label"]): r for r in t1_rows if r["table"] == "1"}
t2 = {(r["dataset"], r["label"]): r for r in t1_rows if r["table"] == "2"}
T1_SETS = [d for d in dict.fromkeys(r["dataset"] for r in t1_rows) if t1[d, "AB_KL"]["realisations"] == "10/10"]
print(f"stored cells: {len(t1_recs)} of {prov['runs'][-1]['cells_total']}; runs: {len(prov['runs'])}, "
      f"wall {sum(r['wall_time'] for r in prov['runs']) / 60:.1f} min, cell CPU "
      f"{sum(r['cpu_time_cells'] for r in prov['runs']) / 60:.1f} min; complete data sets: {T1_SETS}")


def test_errors(dataset, label):
    """Per-realisation test errors at the chosen beta, read from the stored records (realisation order)."""
    b, beta = BOOSTER_OF[label], t1[dataset, label]["beta"]
    got = sorted((int(r["split"][1:]), r["test_error"]) for r in t1_recs
                 if r["dataset"] == dataset and r["booster"] == b and "/" not in r["split"]
                 and json.loads(r["params"]).get("beta") == beta)
    assert [i for i, _ in got] == list(range(1, 11))
    return np.array([e for _, e in got])


E = {(d, lab): test_errors(d, lab) for d in T1_SETS for lab in T1_LABELS}
# the four sets on refboost's seeded partitions: the analysis' partition column against the data module's list of
# sets stored as full pattern sets, and every test record's part sizes against the IDA sizes (not the whole set)
SEEDED = [d for d in T1_SETS if t1[d, "AB"]["partition"] == "seeded"]
assert set(SEEDED) == set(rb.datasets.IDA_MAT_SIZES)
for d in SEEDED:
    sizes = {(r["n_train"], r["n_test"]) for r in t1_recs if r["dataset"] == d and "/" not in r["split"]}
    assert sizes == {rb.datasets.IDA_MAT_SIZES[d][:2]}
assert all(t1[d, "AB"]["partition"] == "IDA" for d in T1_SETS if d not in SEEDED)


def shown(d):
    return d + (" †" if d in SEEDED else "")


print("Table 1: test error % (mean ± std over 10 realisations): ours (stumps) | paper (RBF net, 100 realisations)")
print(f"{'data':16s}" + "".join(f"{k:>14s}" for k in T1_LABELS) + " |" + "".join(f"{k:>12s}" for k in T1_LABELS))
for d in T1_SETS:
    ours = "".join(f"{100 * E[d, k].mean():7.1f} ± {100 * E[d, k].std(ddof=1):4.1f}" for k in T1_LABELS)
    pap = "".join(f"{PAPER['table1'][d][k][0]:6.1f} ± {PAPER['table1'][d][k][1]:3.1f}" for k in T1_LABELS)
    print(f"{shown(d):16s}{ours} |{pap}")
print("† realisations 1-10 are refboost's seeded partitions with the IDA sizes, not the IDA split files")
print("\nchosen c (median of the 5 CV choices; the choices):")
for d in T1_SETS:
    print(f"{shown(d):16s}" + "".join(f"  {k} {t1[d, k]['c']:g} ({t1[d, k]['choices']})" for k in T1_LABELS[1:]))
for d in T1_SETS:  # the two paths agree: the analysis' means and the records read here
    for k in T1_LABELS:
        assert abs(t1[d, k]["test_error"] - E[d, k].mean()) < 1e-12
        assert t1[d, k]["c"] is None or t1[d, k]["choices"].count(f"{t1[d, k]['c']:g}") >= 1


def paired(a, b):
    """scipy's paired t of a - b (errors of a minus errors of b); a constant difference gives +-inf or 0."""
    diff = a - b
    if np.ptp(diff) <= 1e-12:
        return 0.0 if abs(diff.mean()) <= 1e-12 else math.copysign(math.inf, diff.mean())
    return float(stats.ttest_rel(a, b).statistic)


CRIT = float(stats.t.ppf(0.95, 9))


def verdict(t, crit):
    return "+" if t > crit else ("-" if t < -crit else "0")


print("\nTable 2: AB_KL vs other (+ = AB_KL significantly better at 90%): paired | summary | paper")
print(f"{'data':16s}" + "".join(f"{'vs ' + k:>16s}" for k in ("AB", "AB_R", "AB_N2")))
for d in T1_SETS:
    cells = []
    for k in ("AB", "AB_R", "AB_N2"):
        row = t2[d, f"AB_KL vs {k}"]
        t_p = paired(E[d, k], E[d, "AB_KL"])
        assert (math.isinf(t_p) and t_p == row["test_t_paired"]) or abs(t_p - row["test_t_paired"]) < 1e-9
        assert verdict(t_p, CRIT) == row["test_mark_paired"]
        cells.append(f"{row['test_mark_paired']} | {row['test_mark_summary']} | {row['paper_mark'] or 'n/a'}")
    print(f"{shown(d):16s}" + "".join(f"{c:>16s}" for c in cells))
# claims: none (the two paths to the study's numbers agree: its analysis and the records read here with scipy)

# %%
# The paper's claims, with the paired test at 90% on our 10 realisations: a "beats" b on a data set when the
# paired t of (errors of b - errors of a) exceeds t_{0.95,9}
sig = {}
for a in ("AB_KL", "AB_N2"):
    for b in ("AB", "AB_R"):
        t = {d: paired(E[d, b], E[d, a]) for d in T1_SETS}
        sig[a, b] = {d: verdict(t[d], CRIT) for d in T1_SETS}
print(f"{'':16s}" + "".join(f"{a + ' vs ' + b:>16s}" for a, b in sig) + "   (paired, + = first significantly better)")
for d in T1_SETS:
    print(f"{shown(d):16s}" + "".join(f"{sig[k][d]:>16s}" for k in sig))
# "AB_KL and AB_N2 beat AdaBoost" (Table 1, §4) and "except for heart, both beat AdaBoost_Reg" (§4)
not_beat_ab = {a: [d for d in T1_SETS if sig[a, "AB"][d] != "+"] for a in ("AB_KL", "AB_N2")}
not_beat_reg = {a: [d for d in T1_SETS if d != "heart" and sig[a, "AB_R"][d] != "+"] for a in ("AB_KL", "AB_N2")}
worse = {k: [d for d in T1_SETS if v[d] == "-"] for k, v in sig.items()}
print("not significantly better than AdaBoost:", not_beat_ab)
print("not significantly better than AdaBoost_Reg (heart aside):", not_beat_reg)
print("significantly worse:", worse)
# Table 2's marks (AB_KL vs AB and vs AB_Reg, the paper's columns) against ours
t2_cmp = [(d, k, t2[d, f"AB_KL vs {k}"]["test_mark_paired"], t2[d, f"AB_KL vs {k}"]["test_mark_summary"],
           PAPER["table2"][d][k]) for d in T1_SETS for k in ("AB", "AB_R")]
agree_p = [c for c in t2_cmp if c[2] == c[4]]
agree_s = [c for c in t2_cmp if c[3] == c[4]]
print(f"Table 2 marks reproduced: paired test {len(agree_p)} of {len(t2_cmp)}, summary test {len(agree_s)} of "
      f"{len(t2_cmp)}; not reproduced (paired): {[c[:3] + (c[4],) for c in t2_cmp if c[2] != c[4]]}")
assert len(T1_SETS) == 12  # the whole stored grid is analysed: 8 IDA sets and the 4 seeded ones
# Table 1 / §4: "AB_KL and AB_N2 beat AdaBoost" fails: each is not significantly better somewhere, and on some
# data set both are significantly WORSE than AdaBoost (the counterexample printed above) ...
both_worse = [d for d in T1_SETS if sig["AB_KL", "AB"][d] == "-" and sig["AB_N2", "AB"][d] == "-"]
assert not_beat_ab["AB_KL"] and not_beat_ab["AB_N2"] and both_worse
# ... "except for heart, both beat AdaBoost_Reg" fails too, with a data set where both are significantly worse ...
assert not_beat_reg["AB_KL"] and not_beat_reg["AB_N2"]
assert [d for d in T1_SETS if sig["AB_KL", "AB_R"][d] == "-" and sig["AB_N2", "AB_R"][d] == "-"]
# ... while on other data sets both do significantly beat AdaBoost (the claim holds there)
assert [d for d in T1_SETS if sig["AB_KL", "AB"][d] == "+" and sig["AB_N2", "AB"][d] == "+"]
print("both significantly worse than AdaBoost on:", both_worse)
# the data sets where every chosen value is its grid's smallest (Reg 0.01, KL 0.02, Norm2 0.05: the protocol above)
at_floor = [d for d in T1_SETS if (t1[d, "AB_R"]["c"], t1[d, "AB_KL"]["c"], t1[d, "AB_N2"]["c"]) == (0.01, 0.02, 0.05)]
print("CV choices at the grids' lower end:", at_floor)
assert at_floor == ["image", "ringnorm", "thyroid", "twonorm"]
# the note's lists, guarded so the text cannot drift from the store
both_beat_ab = [d for d in T1_SETS if sig["AB_KL", "AB"][d] == "+" and sig["AB_N2", "AB"][d] == "+"]
assert both_beat_ab == ["breast_cancer", "heart", "waveform", "flare_solar", "splice"] and both_worse == ["ringnorm"]
assert [d for d in T1_SETS if sig["AB_KL", "AB_R"][d] == "-" and sig["AB_N2", "AB_R"][d] == "-"] == [
    "ringnorm", "flare_solar"]
claims.check("Sun Table 1", status="fails", on="12 data sets, 10 realisations each, stumps, T = 200, IDA protocol "
             "(study sun_table1; flare_solar, splice, thyroid, twonorm on refboost's seeded partitions), paired t at 90%",
             note="AB_KL and AB_N2 significantly beat AdaBoost on breast_cancer, heart, waveform, flare_solar and "
                  "splice (AB_KL also on twonorm, AB_N2 also on german) but not on banana, titanic and thyroid; on "
                  "ringnorm both are significantly worse than AdaBoost and AdaBoost_Reg (AB_N2 also on image), on "
                  "flare_solar both are significantly worse than AdaBoost_Reg; stumps, not the paper's RBF nets")
# Table 2: some of the paper's marks (AB_KL vs AB and vs AB_Reg) come back with the paired test, some do not
assert 0 < len(agree_p) < len(t2_cmp)
assert [c[:2] for c in t2_cmp if c[2] != c[4]] == [
    ("banana", "AB"), ("banana", "AB_R"), ("german", "AB"), ("ringnorm", "AB"), ("ringnorm", "AB_R"),
    ("titanic", "AB_R"), ("flare_solar", "AB_R"), ("splice", "AB_R"), ("twonorm", "AB_R")]  # the note's list
claims.check("Sun Table 2", status="partly reproduced", on="the same runs: AB_KL vs AB and vs AB_Reg on 12 data sets",
             note="the paired test at 90% reproduces 15 of the paper's 24 marks (the summary-statistic test with "
                  "n = 10: 10); not reproduced: banana '+' (ours '0', both columns), german vs AB '+' ('0'), ringnorm "
                  "'+' ('-', both columns), titanic vs AB_Reg '0' ('-'), flare_solar vs AB_Reg '0' ('-'), splice and "
                  "twonorm vs AB_Reg '+' ('0'); all four marks against AdaBoost on the seeded sets are reproduced")

# %% [markdown]
# **The paper's Table 2 against its own Table 1.** What is asserted here is that the paper's Table 2 follows from
# its own Table 1 by the summary-statistic test with $n=100$: 68 of the 72 comparable cells agree, three more
# within the one-decimal rounding of Table 1, and titanic vs $\nu$-Arc is marked "0" although $t=3.0$ (no
# rounding explains it: a typo in one of the two tables). Also asserted on the paper's Table 1: its §4 sentence
# "except for heart, both AdaBoost$_{norm2}$ and AdaBoost$_{KL}$ prove better than AdaBoost$_{Reg}$" overstates it
# (ties on image for KL; on ringnorm, splice, image and twonorm for Norm2).

# %%
# the paper's Table 2 against its own Table 1: the summary-statistic test (|t| > 1.645, n = 100) on every cell
t2_agree, t2_other = 0, []
for name, marks in PAPER["table2"].items():
    p1, (m_kl, s_kl) = PAPER["table1"][name], PAPER["table1"][name]["AB_KL"]
    for k, mark in marks.items():
        if mark is None or p1.get(k) is None:
            continue
        m_o, s_o = p1[k]
        t_val = (m_o - m_kl) / math.sqrt((s_kl**2 + s_o**2) / 100)
        if verdict(t_val, 1.645) == mark:
            t2_agree += 1
            continue
        # Table 1 prints one decimal: the extreme t over the rounding box (means +-0.05, std devs +-0.05)
        lo = (m_o - m_kl - 0.1) / math.sqrt(((s_kl + 0.05) ** 2 + (s_o + 0.05) ** 2) / 100)
        hi = (m_o - m_kl + 0.1) / math.sqrt(((s_kl - 0.05) ** 2 + (s_o - 0.05) ** 2) / 100)
        reachable = {"+": hi > 1.645, "-": lo < -1.645, "0": lo < 1.645 and hi > -1.645}[mark]
        t2_other.append((name, k, mark, round(t_val, 2), reachable))
print(f"paper's Table 2 recomputed from its Table 1: {t2_agree} cells agree; the others:", t2_other)
assert t2_agree == 68 and len(t2_other) == 4
assert [c[:2] for c in t2_other if not c[4]] == [("titanic", "nu-Arc")]  # no rounding of Table 1 explains this one
# the text's reading of Table 1: "except for heart, both AdaBoost_N2 and AdaBoost_KL prove better than AdaBoost_Reg"
t1_order = {}
for alg in ("AB_KL", "AB_N2"):
    for other in ("AB", "AB_R"):
        rows_ = PAPER["table1"].items()
        t1_order[alg, other] = tuple(sorted(n for n, r in rows_ if r[alg][0] >= r[other][0]))  # not strictly better
print("Table 1, data sets where the regularised booster is not strictly better:", t1_order)
assert t1_order["AB_KL", "AB_R"] == ("heart", "image") and t1_order["AB_N2", "AB_R"] == (
    "heart", "image", "ringnorm", "splice", "twonorm")  # ties beyond heart: the sentence overstates
assert t1_order["AB_KL", "AB"] == ("image",) and t1_order["AB_N2", "AB"] == ("image", "thyroid")
claims.check("Sun Table 1", status="fails", on="the paper's own Table 1 (13 data sets)",
             note="'except for heart, both beat AdaBoost_Reg' overstates: AB_KL ties on image, AB_N2 on ringnorm, "
                  "splice, image and twonorm; against AdaBoost they tie on image (and AB_N2 on thyroid)")
claims.check("Sun Table 2", status="partly reproduced", on="the paper's own Table 1 (mean, std, n = 100)",
             note="68 of 72 cells follow from Table 1 by the unpaired test at 90%, 3 more within its rounding; "
                  "titanic vs nu-Arc is '0' although t = 3.0")

# %% [markdown]
# **The §4 readings of Table 1, on the paper's numbers and on ours.** The text reads four more things off Table 1:
# AdaBoost$_{Reg}$ performs significantly better than AdaBoost "in ten out of thirteen cases"; AdaBoost$_{KL}$ shows
# "significant improvements" over AdaBoost$_{Reg}$ "in five datasets out of thirteen" (by Table 2: waveform, banana,
# ringnorm, splice and twonorm); the standard deviations of AdaBoost$_{N2}$ and AdaBoost$_{KL}$ are smaller than those
# of RBF and AdaBoost "in almost all cases"; and ringnorm, thyroid and twonorm show the regularised algorithms
# effective "even in the low-noise regime". On the paper's Table 1 each is checked with the summary-statistic test
# ($|t|>1.645$, $n=100$), on our 12 sets with the paired test at 90% (standard deviations over our 10 realisations;
# there is no RBF column here, so ours compare with AdaBoost only).

# %%
# §4's readings of Table 1: on the paper's numbers (summary test, n = 100) and on our runs (paired test, n = 10)
P1 = PAPER["table1"]


def t_paper(d, a, b):
    """The summary-statistic t of 'a has lower error than b' on the paper's Table 1 (n = 100)."""
    (m_a, s_a), (m_b, s_b) = P1[d][a], P1[d][b]
    return (m_b - m_a) / math.sqrt((s_a**2 + s_b**2) / 100)


LOW_NOISE = ("ringnorm", "thyroid", "twonorm")
read_paper = {
    "AB_R beats AB": sorted(d for d in P1 if t_paper(d, "AB_R", "AB") > 1.645),
    "AB_KL beats AB_R": sorted(d for d in P1 if t_paper(d, "AB_KL", "AB_R") > 1.645),
    "AB_KL std below AB and RBF": sorted(d for d in P1 if P1[d]["AB_KL"][1] < min(P1[d]["AB"][1], P1[d]["RBF"][1])),
    "AB_N2 std below AB and RBF": sorted(d for d in P1 if P1[d]["AB_N2"][1] < min(P1[d]["AB"][1], P1[d]["RBF"][1])),
    "low noise: AB_KL beats AB": sorted(d for d in LOW_NOISE if t_paper(d, "AB_KL", "AB") > 1.645),
    "low noise: AB_N2 beats AB": sorted(d for d in LOW_NOISE if t_paper(d, "AB_N2", "AB") > 1.645),
}
read_ours = {
    "AB_R beats AB": sorted(d for d in T1_SETS if verdict(paired(E[d, "AB"], E[d, "AB_R"]), CRIT) == "+"),
    "AB_KL beats AB_R": sorted(d for d in T1_SETS if sig["AB_KL", "AB_R"][d] == "+"),
    "AB_KL std below AB": sorted(d for d in T1_SETS if E[d, "AB_KL"].std(ddof=1) < E[d, "AB"].std(ddof=1)),
    "AB_N2 std below AB": sorted(d for d in T1_SETS if E[d, "AB_N2"].std(ddof=1) < E[d, "AB"].std(ddof=1)),
    "low noise: AB_KL beats AB": sorted(d for d in LOW_NOISE if sig["AB_KL", "AB"][d] == "+"),
    "low noise: AB_N2 beats AB": sorted(d for d in LOW_NOISE if sig["AB_N2", "AB"][d] == "+"),
}
for src, read, n_sets in (("paper's Table 1", read_paper, len(P1)), ("ours", read_ours, len(T1_SETS))):
    print(f"{src} ({n_sets} data sets):")
    for k, v in read.items():
        print(f"  {k:28s} {len(v):2d}: {', '.join(v)}")
# the paper's own numbers bear out the counts (10 of 13; exactly the five named; 10 of 13 for each deviation) ...
assert len(read_paper["AB_R beats AB"]) == 10
assert read_paper["AB_KL beats AB_R"] == ["banana", "ringnorm", "splice", "twonorm", "waveform"]
assert len(read_paper["AB_KL std below AB and RBF"]) == len(read_paper["AB_N2 std below AB and RBF"]) == 10
# ... except the low-noise sentence for thyroid: there neither regularised booster is significantly better (t < 1)
assert read_paper["low noise: AB_KL beats AB"] == read_paper["low noise: AB_N2 beats AB"] == ["ringnorm", "twonorm"]
assert max(t_paper("thyroid", a, "AB") for a in ("AB_KL", "AB_N2")) < 1.0
claims.check("Sun §4 counts", status="holds", on="the paper's own Table 1 (13 data sets, summary test, n = 100)",
             note="AB_Reg beats AB on 10 of 13, AB_KL beats AB_Reg on exactly banana, ringnorm, splice, twonorm and "
                  "waveform, each regularised booster's std is below AB's and RBF's on 10 of 13")
claims.check("Sun §4 low noise", status="fails", on="the paper's own Table 1 (summary test, n = 100)",
             note="holds for ringnorm and twonorm; on thyroid neither AB_KL nor AB_N2 is significantly better than "
                  "AdaBoost (t = 0.34 and 0)")
# on our runs (paired test, n = 10): AdaBoost_Reg beats AdaBoost on far fewer than 10 of 12 sets, AdaBoost_KL beats
# AdaBoost_Reg on fewer than five (and not on the five named: on ringnorm it is significantly worse), the standard
# deviations are below AdaBoost's on most but not all sets, and the low-noise sentence fails on ringnorm (both
# regularised boosters significantly worse than AdaBoost) and thyroid (no significant difference)
assert len(read_ours["AB_R beats AB"]) <= len(T1_SETS) // 2
assert len(read_ours["AB_KL beats AB_R"]) < 5 and sig["AB_KL", "AB_R"]["ringnorm"] == "-"
assert not set(read_paper["AB_KL beats AB_R"]) <= set(read_ours["AB_KL beats AB_R"])
assert len(T1_SETS) // 2 < len(read_ours["AB_KL std below AB"]) < len(T1_SETS)
assert len(T1_SETS) // 2 < len(read_ours["AB_N2 std below AB"]) < len(T1_SETS)
assert sig["AB_KL", "AB"]["ringnorm"] == sig["AB_N2", "AB"]["ringnorm"] == "-"
assert sig["AB_KL", "AB"]["thyroid"] == sig["AB_N2", "AB"]["thyroid"] == "0"
# the note's lists, guarded so the text below cannot drift from the store
assert read_ours["AB_R beats AB"] == ["flare_solar", "splice", "titanic", "twonorm", "waveform"]
assert read_ours["AB_KL beats AB_R"] == ["waveform"] and read_ours["low noise: AB_KL beats AB"] == ["twonorm"]
assert read_ours["low noise: AB_N2 beats AB"] == []
claims.check("Sun §4 counts", status="fails", on="12 data sets, 10 realisations each, stumps, T = 200, IDA protocol "
             "(study sun_table1; flare_solar, splice, thyroid, twonorm on refboost's seeded partitions), paired t at 90%",
             note="AB_Reg significantly beats AB on 5 of 12 (flare_solar, splice, titanic, twonorm, waveform), AB_KL "
                  "beats AB_Reg on 1 (waveform; significantly worse on ringnorm, titanic and flare_solar); the std "
                  "of AB_KL is below AB's on 9 of 12, AB_N2's on 8; n = 10 realisations, not 100")
claims.check("Sun §4 low noise", status="fails", on="the same runs",
             note="on ringnorm AB_KL and AB_N2 are significantly worse than AdaBoost, on thyroid (seeded partitions) "
                  "no different; only AB_KL on twonorm (seeded partitions) is significantly better")

# %% [markdown]
# **What the tables show.** With decision stumps the absolute errors are the paper's only where an additive stump
# model is not the bottleneck: on breast_cancer, german, heart, image, titanic and flare_solar ours are within about
# 3 points of the paper's (on splice, 60 nucleotide positions that stumps split one at a time, ours are even lower,
# 6.7-7.2% against 9.2-10.1%), while on banana (29% against 11-12%: an additive stump model cannot follow its curved
# boundary), ringnorm (8-10% against 1.5-1.9%), waveform (12-13% against 9-11%), twonorm (4.4-4.6% against 2.6-3.0%:
# its optimal boundary is an oblique hyperplane) and thyroid (7% against 4.4%) all four stump ensembles stay above the
# paper's RBF-net errors after 200 rounds. The four sets marked † run on refboost's seeded partitions with the IDA
# sizes, not on the IDA files, so their realisations are not the paper's (the protocol is). The ordering the paper
# reports, AdaBoost$_{KL}$ and AdaBoost$_{N2}$ ahead of AdaBoost and (heart aside) of AdaBoost$_{Reg}$, holds
# significantly against AdaBoost on breast_cancer, heart, waveform, flare_solar and splice (AdaBoost$_{KL}$ also on
# twonorm, AdaBoost$_{N2}$ also on german), but against AdaBoost$_{Reg}$ only on waveform (AdaBoost$_{N2}$ also on
# banana and heart); on ringnorm both regularised boosters are significantly *worse* than AdaBoost and
# AdaBoost$_{Reg}$ (AdaBoost$_{N2}$ also on image), on flare_solar both are significantly worse than
# AdaBoost$_{Reg}$, and on thyroid no booster differs significantly from another. On image, ringnorm, thyroid and
# twonorm the median CV choice of all three regularised boosters is its grid's smallest value, so the grid's lower
# end binds there (a grid reaching $\beta=0$, i.e. AdaBoost, would be the fairer
# protocol; we report the declared grid as run). On titanic AdaBoost$_{KL}$'s CV picks its smallest $\beta$, which
# gives practically AdaBoost's error, and it loses to AdaBoost$_{Reg}$. 15 of the paper's 24 Table 2 marks against
# AdaBoost and AdaBoost$_{Reg}$ come back with the paired test (all four against AdaBoost on the † sets), 10 with
# the paper's summary-statistic test at our $n=10$ (it ignores the pairing, so it has less power). The §4 counts
# read off the paper's Table 1 hold on its own numbers but not on ours (AdaBoost$_{Reg}$ beats AdaBoost on 5 of 12,
# AdaBoost$_{KL}$ beats AdaBoost$_{Reg}$ on 1), and the "low-noise regime" sentence fails even on the paper's table
# for thyroid. What holds on every run is the mechanism the paper's title names: less skewed distributions (§3.8)
# and simpler boundaries (§3.9); the claim that this turns into lower test error is, with stumps and 10
# realisations, true on some data sets and false on others. The paper's RBF-net base learner and its 100
# realisations are out of scope here.

# %% [markdown]
# ## 4 Promotion
#
# Everything above imports the package: `rb.adaboost_kl`, `rb.adaboost_norm2`, `rb.adaboost_reg`,
# `rb.kl_regularized_margin`, `rb.norm2_regularized_margin`, `refboost.boosters.sun.exp_line_search`;
# ground truth `truth.sun_kl_primal / sun_kl_dual / sun_norm2_primal / sun_norm2_dual /
# sun_inner_min / sun_line_search / sun_cutting_plane_lp / shen_li_l1_dual`. The shared pieces:
# the baseline `rb.adaboost` (which $\beta=0$ reproduces bit for bit), the weak learner
# `rb.StumpOracle`, the data `rb.datasets.load`, the toy generator `rb.instances.noisy_parabola`, and
# the experiments as studies, `refboost.studies` `sun_table1` (Tables 1-2: the IDA protocol's grid, the
# selection and both tests in its analysis) and `sun_fig6` (Fig. 6's traced runs), whose committed stores
# §3.9-3.10 read. Only the second path of §3.10 (the paired test with `scipy.stats`, the per-realisation
# errors read from the records) and the analyses of the paper's own tables live in the notebook.

# %%
print(f"notebook ran in {time.perf_counter() - T0:.1f} s")
