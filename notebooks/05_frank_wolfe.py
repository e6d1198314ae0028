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
#     display_name: Python 3 (ipykernel)
#     language: python
#     name: python3
# ---

# %% [markdown]
# (ch-frank-wolfe)=
# # Boosting as Frank–Wolfe
#
# Mitsuboshi, Hatano & Takimoto (arXiv:2209.10831) read LPBoost, ERLPBoost and C-ERLPBoost as
# **Frank–Wolfe (FW)** methods on the Fenchel dual of the (entropy-regularised) edge-minimisation
# problem, with the weak learner as FW's linear minimisation oracle. Their generic scheme
# (Algorithm 1, "MLPBoost" when the secondary rule is LPBoost) takes, each round, the better of a
# FW step and an arbitrary secondary step, keeping the $O(\ln(m/\nu)/\epsilon^2)$ iteration bound of
# ERLPBoost while inheriting LPBoost's speed. This chapter rebuilds every formula of the paper,
# shows each misprint it relies on in an erratum block next to the cell that checks it, and states
# the choice it makes wherever the paper leaves one open.
#
# **Notation**. $A\in[-1,1]^{m\times n}$, $A_{ij}=y_ih_j(x_i)$ (refboost's `U`);
# $\mathcal P^m_\nu=\{d\in[0,1/\nu]^m:\|d\|_1=1\}$, $\nu\in[1,m)$; $f=\iota_{\mathcal P^m_\nu}$;
# $\Delta(d)=\sum_id_i\ln d_i+\ln m$; $\tilde f=f+\frac1\eta\Delta$.
# Soft margin $\rho(w)=-f^\star(-Aw)=\min_{d\in\mathcal P^m_\nu}d^\top Aw$ (the objective of (5));
# smoothed soft margin $\tilde\rho(w)=-\tilde f^\star(-Aw)=\min_d[d^\top Aw+\Delta(d)/\eta]$ (that of (12));
# its minimiser, the entropic distribution $d(w)=\nabla\tilde f^\star(-Aw)$ (step 1 of Alg. 1); best
# edge so far $\hat\gamma_t=\min_{0\le\tau\le t}(d_\tau^\top A)_{j_{\tau+1}}$ and gap estimate
# $\epsilon_t=\hat\gamma_t-\tilde\rho(w_t)$ (Alg. 1 and Lemma 2).
#
# ## 1. Statement
#
# ```{prf:definition} Edge minimisation and soft-margin maximisation (eqs. (4), (5))
# :nonumber:
# :label: def-fw-pair
#
# $$\begin{aligned}\gamma^\star&=\min_{d}\ \max_j (d^\top A)_j+f(d) &&(4)\\
#   \rho^\star&=\max_{w\in\mathcal P^n}-f^\star(-Aw)
#   =\max_{w\in\mathcal P^n}\min_{d\in\mathcal P^m_\nu}d^\top Aw &&(5)\end{aligned}$$
#
# and the smoothed pair $\min_d\max_j(d^\top A)_j+\tilde f(d)$ (11) /
# $\max_{w\in\mathcal P^n}-\tilde f^\star(-Aw)$ (12).
# ```
#
# ```{prf:algorithm} Algorithm 1 (generic scheme; MLPBoost with $\mathcal B$ = LPBoost)
# :nonumber:
# :label: alg-mlpboost
#
# **Input** $\nu\in[1,m)$, $\epsilon>0$, FW rule $\mathcal F$, secondary rule $\mathcal B$;
# $\eta=\max(3/4,\,2\ln(m/\nu)/\epsilon)$.
# $d_0=\frac1m\mathbf 1$, $h_{j_1}=\mathrm{WL}(d_0)$, $w_1=e_{j_1}$. For $t=1,2,\dots$
# 1. $d_t=\nabla\tilde f^\star(-Aw_t)$ (sorting algorithm, log domain);
# 2. $h_{j_{t+1}}=\mathrm{WL}(d_t)$; $\epsilon_t=\hat\gamma_t-\tilde\rho(w_t)$; stop if $\epsilon_t\le\epsilon/2$;
# 3. $w^{(1)}=\mathcal F(w_t,e_{j_{t+1}},d_t)$, $w^{(2)}=\mathcal B(A,\mathcal E_{t+1})$;
# 4. $w_{t+1}=$ the one with the larger $\tilde\rho$ (ties keep $w^{(1)}$).
#
# $\mathcal F$: short step (Alg. 3, eq. (7)), classic $2/(t+2)$, exact line search, pairwise (Alg. 4).
# $\mathcal B$: LPBoost (Alg. 2: the LP over $\mathcal E_{t+1}$), ERLPBoost (eq. (14)), or none.
# ```
#
# ```{prf:theorem} Unified view (Theorem 2)
# :nonumber:
# :label: thm-fw-unified
#
# With $\theta=-Aw$ and $\mathcal C=\mathrm{CH}\{-Ae_j\}$: C-ERLPBoost is short-step FW on $\tilde f^\star$;
# ERLPBoost is fully corrective FW on $\tilde f^\star$; LPBoost is fully corrective FW on $f^\star$.
# The max-edge weak learner is the LMO.
# ```
#
# ```{prf:theorem} Convergence (Theorem 3 and Corollary 1)
# :nonumber:
# :label: thm-fw-rate
#
# For the short-step or classic rule and **any** $\mathcal B$: $\epsilon_t\le\frac{8\eta}{t+2}$ for all
# $t\ge1$ (18), hence $\epsilon_T\le\epsilon/2$ after $T\ge\frac{32}{\epsilon^2}\ln\frac m\nu-2$ rounds.
# Pairwise rule: $\epsilon_t\le\frac{8\eta}{k(t)+2}$ with $k(t)$ the number of good (non-drop) steps.
# ```

# %%
import math
import time

import matplotlib.pyplot as plt
import numpy as np
from scipy.optimize import linprog

import refboost as rb
from refboost import claims, truth
from refboost.bounds import eta_fw, fw_iteration_bound, fw_rate_bound
from refboost.margins import soft_margin
from refboost.projections import (
    kl_divergence,
    project_capped_simplex_log,
    smoothed_soft_margin,
)

FULL_RUN = False  # True: eps = 0.01 in the figures, as the paper (minutes)
plt.rcParams.update({"font.size": 12})  # legible at the book's column width
rng = np.random.default_rng(2022)
ROUND = 1e-10  # round-off slack on inequalities between computed quantities
CVX_TOL = 1e-6  # Clarabel vs the sorting algorithm, on values


def random_U(rng, m, n, bias=0.3):
    U = np.sign(rng.normal(size=(m, n)) + bias * rng.normal(size=(m, 1))) * rng.uniform(0.2, 1, size=(m, n))
    return np.clip(U, -1, 1)


def Delta(d):
    return kl_divergence(d, np.full(d.shape[0], 1 / d.shape[0]))


# %% [markdown]
# ## 2. Derivation
#
# **Hard pair: the edge LP and the soft-margin LP.** As an LP, (4) is the *edge LP*
# $\min_{d,\gamma}\gamma$ s.t. $A^\top d\le\gamma\mathbf1$,
# $\mathbf1^\top d=1$, $0\le d\le\frac1\nu\mathbf1$ (the LP behind Alg. 2, over all columns). With multipliers $w\ge0$, $\rho$, $\xi\ge0$,
# $\mu\ge0$ the Lagrangian is
# $L=\gamma(1-\mathbf1^\top w)+d^\top(Aw-\rho\mathbf1+\xi-\mu)+\rho-\frac1\nu\mathbf1^\top\xi$;
# stationarity in $\gamma$ gives $\mathbf1^\top w=1$, in $d$ gives $Aw+\xi-\rho\mathbf1=\mu\ge0$, so the
# dual is the $\ell_1$ *soft-margin LP* $\max\rho-\frac1\nu\sum\xi_i$ s.t. $(Aw)_i\ge\rho-\xi_i$, $w\in\mathcal P^n$,
# $\xi\ge0$, which is (5) written as an LP (Demiriz, Bennett & Shawe-Taylor 2002).
# For fixed $w$ the inner minimum of (5) has a closed form, the *sorting formula*: with $z=Aw$ sorted
# ascending, $\rho(w)=\frac1\nu\sum_{r\le\lfloor\nu\rfloor}z_{(r)}+(1-\lfloor\nu\rfloor/\nu)z_{(\lfloor\nu\rfloor+1)}$
# (mass $1/\nu$ on the $\lfloor\nu\rfloor$ smallest margins, the rest on the next one; `refboost.soft_margin`).
#
# **Smoothed pair: the entropic edge problem and its log-sum-exp dual.** Adding $\frac1\eta\Delta(d)$ to
# the edge LP gives ERLPBoost's problem (9) in epigraph form, the *entropic edge problem*
# $\min_{d,\gamma}\gamma+\frac1\eta\Delta(d)$ s.t. $A^\top d\le\gamma\mathbf1$, $d\in\mathcal P^m_\nu$ (over all
# columns this is (11)). With multipliers $w\ge0$ on the edge constraints and $\beta\ge0$ on
# $d\le\frac1\nu\mathbf1$, minimising its Lagrangian over $d\ge0$ gives $d_i\propto\exp(-\eta((Aw)_i+\beta_i))$; eliminating the normaliser gives
#
# $$\max_{w\in\mathcal P^n,\ \beta\ge0}-\frac1\eta\ln\Big(\frac1m\sum_ie^{-\eta((Aw)_i+\beta_i)}\Big)
# -\frac1\nu\sum_i\beta_i,
# \qquad\text{(log-sum-exp dual)}$$
#
# i.e. $\tilde f^\star(\theta)=\min_{\beta\ge0}\frac1\eta\ln(\frac1m\sum_ie^{\eta(\theta_i-\beta_i)})
# +\frac1\nu\sum\beta_i$
# (the *$\beta$-form* of $\tilde f^\star$; this is (12) and, on the columns seen so far, ERLPBoost's
# $w$-problem (14)), and the gradient is the *capped soft-min*
# $d_i(w)=\min\{\frac1\nu,\xi e^{-\eta(Aw)_i}\}$ with $\xi>0$ fixed by $\sum_id_i=1$ (KKT of the
# minimum that defines $\tilde\rho$),
# computed by the sorting algorithm **in the log domain** ($\eta\approx460$ at $\epsilon=0.01$,
# $e^{460}$ overflows): `refboost.projections.smoothed_soft_margin`.
#
# **FW reading.** $F=\tilde f^\star$ on $\mathcal C=-A\mathcal P^n$; $\nabla F(\theta_t)=d_t$;
# $\arg\min_{s\in\mathcal C}s^\top d_t=-Ae_j$ with $j$ the max-edge hypothesis; FW gap
# $G_t=\max_j(d_t^\top A)_j-d_t^\top Aw_t$, an upper bound on $\epsilon_t$ by (17); $\|A(e_j-w)\|_\infty\le2$, whence the $2\eta$ of (15).
#
# **Choices the paper leaves open.** $\eta$ is not an input of Alg. 1: Lemma 2 fixes
# $\eta=2\ln(m/\nu)/\epsilon$, and the induction of Theorem 3 needs $\eta\ge3/4$ in its base case
# ($\epsilon_1\le2\le8\eta/3$), so we take $\eta=\max(3/4,\,2\ln(m/\nu)/\epsilon)$ (`refboost.bounds.eta_fw`).
# Ties on line 13 keep the FW candidate $w^{(1)}$. The weak learner of the checks below is an exact
# maximum-edge learner (the LMO); Theorem 3 needs only an edge $\ge\hat\gamma_t$, and §3.6 also runs
# a learner that is not the LMO.
#
# :::{admonition} Erratum: Mitsuboshi, Hatano & Takimoto (2022), Alg. 1, input
# :class: warning
# **Printed:** $\nu>0$. **Corrected:** $\nu\in[1,m)$.
# **Why:** for $\nu>m$ the capped simplex $\mathcal P^m_\nu$ is empty ($\sum_id_i\le m/\nu<1$); at $\nu=m$
# it is the single point $\frac1m\mathbf1$ and $\eta=2\ln(m/\nu)/\epsilon=0$; for $\nu<1$ the caps
# $1/\nu>1$ never bind, so the problem is that of $\nu=1$ with a needlessly large $\eta$.
# Checked in the cell below: `mlpboost` refuses $\nu\notin[1,m)$, and $\eta$ is never below $3/4$.
# :::
#
# :::{admonition} Erratum: Mitsuboshi, Hatano & Takimoto (2022), eq. (11)
# :class: warning
# **Printed:** $\min_d\max_j(d^\top A)_j+\tilde f^\star(d)$. **Corrected:** $\min_d\max_j(d^\top A)_j+\tilde f(d)$.
# **Why:** the regulariser of the primal is $\tilde f=f+\frac1\eta\Delta$; its conjugate $\tilde f^\star$ belongs
# to the dual (12), and Theorem 1 pairs a primal term $\tilde f$ with the dual term $\tilde f^\star$.
# Checked in §3.4 (Corollary 2): (11) with $\tilde f$ and (12) have the same optimum.
# :::
#
# :::{admonition} Erratum: Mitsuboshi, Hatano & Takimoto (2022), Lemma 2 and the text after Alg. 2
# :class: warning
# **Printed:** "the optimality gap defined in Algorithm 2". **Corrected:** Algorithm 1.
# **Why:** Alg. 2 is the LPBoost rule $\mathcal B$ and has no gap or stopping test; $\epsilon_t$ is
# defined on line 8 of Alg. 1. Checked in §3.6: Lemma 2's conclusion
# $\rho(w_T)\ge\hat\gamma_T-\epsilon$ is asserted for every run stopped by Alg. 1's test.
# :::

# %%
for bad_nu in (0.5, 40.0, 41.0):  # m = 40: nu < 1, nu = m, nu > m
    try:
        rb.mlpboost(rb.MatrixOracle(random_U(np.random.default_rng(0), 40, 5)), nu=bad_nu, eps=0.1)
        raise AssertionError(f"nu = {bad_nu} accepted")
    except ValueError as err:
        print(f"nu = {bad_nu:4}: refused ({str(err).split(' (')[0]})")
assert eta_fw(1.0, 10, 9.9) == 0.75 > 2 * math.log(10 / 9.9)  # eta floored at 3/4
assert abs(eta_fw(0.01, 400, 40.0) - 2 * math.log(10) / 0.01) < 1e-9  # Lemma 2's eta otherwise
claims.check("MHT Lemma 2", status="weakly asserted", on="eta_fw at two parameter points",
             note="only the value of eta (floored at 3/4, the erratum) is asserted here; the lemma itself is asserted in §3.6")
print(f"eta at eps = 1, m = 10, nu = 9.9: {eta_fw(1.0, 10, 9.9)} (Lemma 2 alone gives {2 * math.log(10 / 9.9):.3f})")

# %% [markdown]
# ## 3. Numerical check
# ### 3.1 The per-round distribution: sorting algorithm vs two conic forms
# Path 1: log-domain sorting algorithm. Path 2: cvxpy + Clarabel on the minimum that defines
# $\tilde\rho$ (entropy, exponential cone) and on the $\beta$-form of $\tilde f^\star$ (§2), which
# never builds a distribution.

# %%
rows = []
for _ in range(4):
    m = 30
    z = rng.uniform(-1, 1, m)
    nu, eta = float(rng.uniform(1, m - 1)), float(rng.uniform(0.5, 40))
    s = smoothed_soft_margin(z, nu, eta)
    a, b = truth.smoothed_soft_margin_cvx(z, nu, eta), truth.smoothed_soft_margin_beta_form(z, nu, eta)
    rows.append((nu, eta, s.value, a.value - s.value, b.value - s.value, np.abs(a.d - s.d).max(), int(s.capped.sum())))
    assert abs(a.value - s.value) < CVX_TOL and abs(b.value - s.value) < CVX_TOL
    assert np.abs(a.d - s.d).max() < 1e-4 and s.capped.sum() <= math.ceil(nu) - 1
print(f"{'nu':>6} {'eta':>6} {'rho~ sort':>11} {'cvx-sort':>9} {'beta-sort':>9} {'|d diff|':>9} caps")
for r in rows:
    print(f"{r[0]:6.2f} {r[1]:6.2f} {r[2]:11.7f} {r[3]:9.1e} {r[4]:9.1e} {r[5]:9.1e} {r[6]:4d}")

# at the paper's eta (eps = 0.01, nu = 0.1 m): finite, normalised, inside the sandwich
m = 400
z = rng.uniform(-1, 1, m)
eta460 = eta_fw(0.01, m, 0.1 * m)
s = smoothed_soft_margin(z, 0.1 * m, eta460)
assert abs(eta460 - 460.517) < 1e-3 and np.isfinite(s.d).all() and abs(s.d.sum() - 1) < 1e-12
claims.check("MHT Defs 1-3", status="holds", on="random theta, nu grid, against two conic forms",
             note="the per-round distribution (gradient of tilde-f*) by sorting equals the conic solutions; no overflow at the paper's eta")
print(f"eta = {eta460:.2f}: sum d = {s.d.sum():.15f}, caps = {s.capped.sum()}")

# %% [markdown]
# ### 3.2 Smoothness in $\ell_\infty$ and the gradient (Definitions 1–3)

# %%
worst = -np.inf
for _ in range(300):
    m = int(rng.integers(3, 30))
    nu, eta = float(rng.uniform(1, m)), float(rng.uniform(0.5, 30))
    th = rng.uniform(-1, 1, m)
    th2 = th + 10 ** rng.uniform(-3, 0) * rng.uniform(-1, 1, m)
    F = lambda x, nu=nu, eta=eta: -smoothed_soft_margin(-x, nu, eta).value  # noqa: E731
    g = smoothed_soft_margin(-th, nu, eta).d
    worst = max(worst, F(th2) - F(th) - (th2 - th) @ g - eta / 2 * np.abs(th2 - th).max() ** 2)
    assert F(th2) >= F(th) + (th2 - th) @ g - 1e-12  # convexity
print(f"max excess over the eta-smoothness bound: {worst:.2e} (must be <= 0)")
assert worst <= 1e-12
claims.check("MHT Defs 1-3", status="holds", on="random theta, nu and eta grid",
             note="l_inf smoothness and convexity of tilde-f*")

# %% [markdown]
# ### 3.3 Lemma 1 (sandwich) and Lemma 3 (entropy range)
#
# :::{admonition} Erratum: Mitsuboshi, Hatano & Takimoto (2022), Appendix A.1, last line
# :class: warning
# **Printed:** $\tilde f^\star(-Aw)-\frac\epsilon2\le f(-Aw)\le\tilde f^\star(-Aw)$.
# **Corrected:** $\tilde f^\star(-Aw)\le f^\star(-Aw)\le\tilde f^\star(-Aw)+\frac\epsilon2$, i.e.
# $\rho(w)\le\tilde\rho(w)\le\rho(w)+\ln(m/\nu)/\eta$ at $\eta=2\ln(m/\nu)/\epsilon$.
# **Why:** $f$ must be $f^\star$, and adding $\frac1\eta\Delta\ge0$ to the minimand of $\rho$ can only raise it,
# so $\tilde f^\star\le f^\star$; the printed direction is violated whenever $\Delta(d(w))>0$.
# Checked in the cell below (second block: the printed form fails, the corrected one holds).
# :::
#
# :::{admonition} Erratum: Mitsuboshi, Hatano & Takimoto (2022), proof of Lemma 3
# :class: warning
# **Printed:** the maximiser of $\Delta$ on $\mathcal P^m_\nu$ puts $1/\nu$ on "some $k\in[m]$" coordinates.
# **Corrected:** $k=\lfloor\nu\rfloor$ exactly, and the rest $1-\lfloor\nu\rfloor/\nu$ on one more coordinate;
# the bound $\Delta\le\ln(m/\nu)$ is attained only for integer $\nu$.
# **Why:** a vertex of $\mathcal P^m_\nu$ has at most one coordinate strictly between $0$ and $1/\nu$.
# Checked in the cell below (last two loops).
# :::
#
# Lemma 1 gives the *sandwich* $\rho(w)\le\tilde\rho(w)\le\rho(w)+\ln(m/\nu)/\eta$ (from
# $0\le\Delta\le\ln(m/\nu)$ on $\mathcal P^m_\nu$, Lemma 3); the first loop below asserts it on random
# instances, the second block that the printed form of A.1 fails (erratum above), the last loop
# Lemma 3 at its vertices.

# %%
ratios = []
for _ in range(300):
    m = int(rng.integers(2, 60))
    nu, eta = float(rng.uniform(1, m)), float(rng.uniform(0.5, 500))
    z = rng.uniform(-1, 1, m)
    rho, rt, c = soft_margin(z, nu), smoothed_soft_margin(z, nu, eta).value, math.log(m / nu) / eta
    assert rho - ROUND <= rt <= rho + c + ROUND
    if c > 0:
        ratios.append((rt - rho) / c)
print(f"(rho~ - rho)/c over random instances: max {max(ratios):.3f} (the bound is used, not loose)")

m, nu, eps = 40, 4.0, 0.1
eta = 2 * math.log(m / nu) / eps
z = rng.uniform(-1, 1, m)
f_star, ft_star = -soft_margin(z, nu), -smoothed_soft_margin(z, nu, eta).value
print(f"A.1 as printed needs f* <= f~*: f* - f~* = {f_star - ft_star:.4f} > 0 -> FAILS; corrected form holds")
assert f_star - ft_star > 1e-3 and ft_star <= f_star <= ft_star + eps / 2

for m, nu in [(10, 3.0), (10, 3.7), (100, 12.5), (100, 20.0)]:
    k = math.floor(nu)
    v = np.zeros(m)
    v[:k], v[k] = 1 / nu, 1 - k / nu
    print(f"Lemma 3 vertex m={m}, nu={nu}: Delta = {Delta(v):.5f}, ln(m/nu) = {math.log(m / nu):.5f}")
    assert Delta(v) <= math.log(m / nu) + 1e-12
    assert (abs(Delta(v) - math.log(m / nu)) < 1e-12) == (nu == int(nu))  # tight iff nu integer
for _ in range(200):
    m = int(rng.integers(2, 50))
    nu = float(rng.uniform(1, m))
    assert Delta(project_capped_simplex_log(rng.normal(scale=5, size=m), nu).d) <= math.log(m / nu) + 1e-12
claims.check("MHT Lemma 1", status="fails as printed, holds corrected", on="random w, nu grid",
             note="the last line of App. A.1 corrected, see the erratum")
claims.check("MHT Lemma 3", status="fails as printed, holds corrected", on="random points of the capped simplex",
             note="proof corrected; tight iff nu is an integer")

# %% [markdown]
# ### 3.4 Lemma 4 and Theorem 1: strong duality of the edge LP and the soft-margin LP, optimality conditions; Corollary 2
# Ground truth: HiGHS (`truth.soft_margin_lp`) on both LPs; Clarabel on the entropic edge problem
# and on its log-sum-exp dual (§2).
#
# :::{admonition} Erratum: Mitsuboshi, Hatano & Takimoto (2022), Lemma 4, explicit form
# :class: warning
# **Printed:** $f^\star(-Aw)=\max_d(-d^\top Aw)=\min_dd^\top Aw$ and $\max_w-f^\star(-Aw)=-\min_w\max_dd^\top Aw$.
# **Corrected:** $f^\star(-Aw)=-\min_{d\in\mathcal P^m_\nu}d^\top Aw$ and
# $\max_w-f^\star(-Aw)=\max_{w\in\mathcal P^n}\min_{d\in\mathcal P^m_\nu}d^\top Aw$, which is (5).
# **Why:** $\max_d(-x)=-\min_dx$. Checked in the cell below: $f^\star(-Aw)$ by HiGHS equals
# $-\rho(w)$ and differs from the printed $+\rho(w)$.
# :::

# %%
m, n, nu = 40, 15, 6.5
U = rng.uniform(-1, 1, (m, n))
sol = truth.soft_margin_lp(U, nu)
w_dual = np.maximum(sol.duals["w"], 0) / np.maximum(sol.duals["w"], 0).sum()
e = U.T @ sol.d
print(f"gamma* (edge LP) = {sol.value:.12f}, rho* (soft-margin LP) = {sol.value_w:.12f}, "
      f"rho(w) by the sorting formula = {soft_margin(U @ w_dual, nu):.12f}")
assert sol.duality_gap < 1e-9 and abs(soft_margin(U @ w_dual, nu) - sol.value) < 1e-9
assert np.all(e[w_dual > 1e-9] >= e.max() - 1e-9)  # w in dg(A^T d): weight only on max-edge columns
assert abs(sol.d @ U @ w_dual - soft_margin(U @ w_dual, nu)) < 1e-9  # -Aw in df(d)
zz = U @ w_dual
f_star_lp = -linprog(zz, A_eq=np.ones((1, m)), b_eq=[1], bounds=[(0, 1 / nu)] * m, method="highs").fun
print(f"f*(-Aw) by HiGHS = {f_star_lp:.6f} = -min_d d.Aw = {-soft_margin(zz, nu):.6f}; "
      f"printed form gives {soft_margin(zz, nu):.6f}")
assert abs(f_star_lp + soft_margin(zz, nu)) < 1e-12 and abs(f_star_lp - soft_margin(zz, nu)) > 1e-3

eta = 12.0
p, q = truth.smoothed_edge_min_cvx(U, nu, eta), truth.smoothed_soft_margin_max_cvx(U, nu, eta)
sq = smoothed_soft_margin(U @ q.w, nu, eta)
print(f"Corollary 2: entropic edge problem = {p.value:.9f}, log-sum-exp dual = {q.value:.9f}, "
      f"sorting rho~(w*) = {sq.value:.9f}")
assert abs(p.value - q.value) < CVX_TOL and abs(sq.value - q.value) < CVX_TOL
assert np.abs(smoothed_soft_margin(U @ p.w, nu, eta).d - p.d).max() < 1e-4  # (14): d = d(w*)
claims.check("MHT Lemma 4", status="fails as printed, holds corrected", on="random U, nu grid (HiGHS)",
             note="the explicit form's sign corrected; strong duality holds")
claims.check("MHT Thm 1", status="holds", on="the same instances", note="w in dg(A^T d) and -Aw in df(d)")
claims.check("MHT eq (4)-(5)", status="holds", on="the same instances")
claims.check("MHT Cor 2", status="holds", on="random U against Clarabel (regularised pair)")
claims.check("MHT eq (14)", status="holds", on="the same instances", note="d = d(w*)")

# %% [markdown]
# ### 3.5 Theorem 2: the unified view, iterate by iterate
# Each booster is compared with a generic FW written here in $\theta$-space (20 lines, independent of
# the package's step code): C-ERLPBoost vs short-step FW; LPBoost vs fully corrective FW on $f^\star$
# with HiGHS ground truth as the corrective step and the LP's $d$ as subgradient; ERLPBoost (the
# direct implementation of Glocer's Alg. 3.2) vs fully corrective FW on $\tilde f^\star$ with Clarabel
# on the log-sum-exp dual (§2) as the corrective step, and vs Alg. 1 with $\mathcal B$ = rule (14).
#
# :::{admonition} Erratum: Mitsuboshi, Hatano & Takimoto (2022), Alg. 3 (short step)
# :class: warning
# **Printed:** the step moves towards $e_{j+1}$, and $\lambda_t$ is a quotient with no rule for a zero denominator.
# **Corrected:** towards $e_{j_{t+1}}$, the new hypothesis; when $\eta\|A(e_{j_{t+1}}-w_t)\|_\infty^2=0$ the two
# points coincide and we take $\lambda_t=0$. **Why:** $j$ is not defined in Alg. 3, and the FW step is
# towards the LMO's answer; a zero denominator means $e_{j_{t+1}}$ and $w_t$ have the same margins, so
# no step changes the objective. Checked in the cell below: C-ERLPBoost takes the same steps as the
# generic short-step FW written there with this rule.
# :::


# %%
def lmo(U, g):
    """argmin_{s in {-A e_j}} s.g, lowest index on ties (= max-edge weak learner)."""
    lin = (-U).T @ g
    return int(np.flatnonzero(lin <= lin.min() + 1e-12)[0])


def fw_theta(U, nu, eta, T, corrective=None):
    """Generic FW on F = f~* (or f* via `corrective`) over CH{-A e_j}; returns atoms, steps, x."""
    m = U.shape[0]
    atoms = [lmo(U, np.full(m, 1 / m))]
    x, g, steps = -U[:, atoms[0]], None, []
    for _ in range(T):
        g = smoothed_soft_margin(-x, nu, eta).d if corrective is None else g
        if g is None:  # first LPBoost round: the LP over {atom 1}
            g = corrective(atoms)[1]
        j = lmo(U, g)
        atoms.append(j)
        if corrective is None:  # short step (7) in theta-space
            s = -U[:, j]
            den = eta * np.abs(s - x).max() ** 2
            lam = 0.0 if den == 0 else float(np.clip((x - s) @ g / den, 0, 1))
            x = x + lam * (s - x)
            steps.append(lam)
        else:
            x, g = corrective(list(dict.fromkeys(atoms)))
    return atoms, steps, x


U = random_U(rng, 60, 20)
nu, eps = 6.0, 0.1
T = 40
ce = rb.cerlpboost(rb.MatrixOracle(U), nu=nu, eps=1e-9, max_iter=T + 1)
atoms, steps, x = fw_theta(U, nu, ce.params["eta"], T)
same_atoms = atoms == [ce.hypotheses[0]] + [r["hypothesis"] for r in ce.history[:T]]
step_diff = np.abs(np.array(steps) - [r["step"] for r in ce.history[:T]]).max()
x_diff = np.abs(-x - ce.margins).max()
print(f"C-ERLPBoost vs short-step FW in theta-space: same LMO atoms {same_atoms}, "
      f"|step diff| {step_diff:.1e}, |theta + A w| {x_diff:.1e}")
assert same_atoms and step_diff < 1e-12 and x_diff < 1e-8  # theta accumulates round-off over T steps


def lp_corrective(atoms_u):
    s_ = truth.soft_margin_lp(U[:, atoms_u], nu)  # HiGHS ground truth: argmin_{CH(atoms)} f*
    return -U[:, atoms_u] @ s_.w, s_.d  # (theta, a subgradient of f* at theta)


lp = rb.lpboost(rb.MatrixOracle(U), nu=nu, eps=1e-3)
atoms_lp, _, _ = fw_theta(U, nu, 1.0, len(lp.hypotheses) - 1, corrective=lp_corrective)
print(f"LPBoost vs fully corrective FW on f*: same atoms {atoms_lp == lp.hypotheses} ({len(atoms_lp)} atoms)")
assert atoms_lp == lp.hypotheses

eta = 8.0
K = 6
erl = rb.erlpboost(rb.MatrixOracle(U), nu=nu, eps=1e-6, eta=eta, max_iter=K)
d = np.full(U.shape[0], 1 / U.shape[0])
fc_atoms = []
for _ in range(K):
    fc_atoms.append(lmo(U, d))
    w_star = truth.smoothed_soft_margin_max_cvx(U[:, fc_atoms], nu, eta).w  # Clarabel on the log-sum-exp dual
    d = smoothed_soft_margin(U[:, fc_atoms] @ w_star, nu, eta).d
alg1 = rb.mlpboost(rb.MatrixOracle(U), nu=nu, eps=1e-6, eta=eta, secondary="erlpboost", max_iter=K - 1)
print(f"ERLPBoost vs fully corrective FW on f~* (Clarabel): same atoms {fc_atoms == erl.hypotheses}, "
      f"|d diff| {np.abs(d - erl.distribution).max():.1e}")
print(f"ERLPBoost vs Alg. 1 with B = (14): same atoms {alg1.hypotheses == erl.hypotheses}, "
      f"|w diff| {np.abs(alg1.weights - erl.weights).max():.1e}, "
      f"B won {alg1.extra['n_secondary_wins']}/{alg1.n_iter} rounds")
assert fc_atoms == erl.hypotheses and np.abs(d - erl.distribution).max() < 1e-4
assert alg1.hypotheses == erl.hypotheses and np.abs(alg1.weights - erl.weights).max() < 1e-9
assert all(r["secondary_value"] >= r["primary_value"] - 1e-12 for r in alg1.history)
claims.check("MHT Thm 2", status="holds", on="random U, iterate by iterate",
             note="C-ERLPBoost = short-step FW, LPBoost and ERLPBoost = fully corrective FW; weak learner = LMO")
claims.check("MHT Alg 3", status="fails as printed, holds corrected", on="the same runs",
             note="the short step corrected, see the erratum")

# %% [markdown]
# ### 3.6 Lemma 2, the gap relations, Theorem 3 and Corollary 1 on every round
# Every rule × every secondary, random and adversarial instances (the Theorem 2.5 family of
# Glocer, its duplicated soft version, a misclassify-all instance, a planted pivot), plus a weak
# learner that is **not** the LMO (a random above-median column): Theorem 3 only uses
# $\hat\gamma_t\le$ the current edge, so its bound holds for any weak learner, while Lemma 2's
# certificate is then relative to $\hat\gamma_T$ only. Asserted per round: $\epsilon_t\le 8\eta/(t+2)$
# (pairwise: $\le 8\eta/(k(t)+2)$ and the sharper $8\eta/(k(t)+3)$), $\epsilon_t\le G_t$,
# $\epsilon_t\ge-\epsilon/2$, the recursions (15)/(22), monotonicity (not for the classic step);
# at the end $\rho(w_T)\ge\rho^\star-\epsilon$ and $T\le\lceil 32\ln(m/\nu)/\epsilon^2-2\rceil$.


# %%
class AboveMedianOracle(rb.Oracle):
    def __init__(self, U, rng):
        self.U, self.n_examples, self.rng = U, U.shape[0], rng

    def best(self, d):
        e = self.U.T @ d
        j = int(self.rng.choice(np.flatnonzero(e >= np.median(e))))
        return j, self.U[:, j].copy()

    def column(self, key):
        return self.U[:, int(key)].copy()


sep = np.clip(np.abs(random_U(rng, 15, 6)) * 0.5 + 0.1, -1, 1)
instances = {
    "random nu=0.1m": (random_U(rng, 120, 40), 12.0),
    "random nu=0.4m": (random_U(rng, 120, 40), 48.0),
    "Thm 2.5 family": (rb.instances.lpboost_worst_case(6), 1.0),
    "Thm 2.5 x2 rows": (rb.instances.lpboost_worst_case(5, duplicate=2), 2.0),
    "misclassify-all": (rb.instances.misclassify_all(sep, 0.05), 1.0),
    "planted pivot": (rb.instances.planted_pivot(30, 12, 3, 5, -0.2, rng), 2.5),
}
eps = 0.1
table = []
worst_ratio, n_rounds, classic_drops = -np.inf, 0, []
for name, (U, nu) in instances.items():
    star = truth.soft_margin_lp(U, nu).value
    for rule in ("short_step", "classic", "line_search", "pairwise"):
        for sec in (None, "lpboost", "erlpboost"):
            for oracle_kind in ("LMO", "above-median"):
                o = rb.MatrixOracle(U) if oracle_kind == "LMO" else AboveMedianOracle(U, np.random.default_rng(1))
                res = rb.mlpboost(o, nu=nu, eps=eps, rule=rule, secondary=sec, max_iter=3000)
                eta = res.params["eta"]
                et, t, G = res.history_array("eps_t"), res.history_array("t"), res.history_array("fw_gap")
                bound = fw_rate_bound(eta, t) if rule != "pairwise" else 8 * eta / (res.history_array("k_good") + 2)
                assert np.all(et <= bound + ROUND) and np.all(et <= G + ROUND)
                if rule == "pairwise":
                    assert np.all(et <= fw_rate_bound(eta, res.history_array("k_good") + 1) + ROUND)
                worst_ratio = max(worst_ratio, np.max(et / bound))
                n_rounds += len(et)
                lam = res.history_array("step")[:-1]
                if rule == "classic":
                    assert np.all(et[1:] <= (1 - lam) * et[:-1] + 2 * eta * lam**2 + ROUND)  # (15)
                    if res.n_iter > 1:
                        classic_drops.append(np.diff(res.history_array("smoothed_margin")).min())
                else:
                    assert np.all(np.diff(et) <= ROUND)
                    assert np.all(np.diff(res.history_array("smoothed_margin")) >= -ROUND)
                if rule in ("short_step", "line_search"):
                    assert np.all(et[:-1] - et[1:] >= np.maximum(et[:-1], 0) ** 2 / (8 * eta) - ROUND)  # (22)
                if res.converged:
                    rho_T = soft_margin(res.margins, nu)
                    assert rho_T >= res.extra["gamma_hat"] - eps - ROUND  # Lemma 2
                    if oracle_kind == "LMO":  # eps_t >= -eps/2 needs gamma^ >= gamma* (max-edge learner)
                        assert et.min() >= -eps / 2 - ROUND
                        assert rho_T >= star - eps - ROUND and star - rho_T <= res.gap + ROUND
                    if rule != "pairwise":
                        assert res.n_iter <= fw_iteration_bound(eta, eps)
                if oracle_kind == "LMO":
                    subopt = star - soft_margin(res.margins, nu)
                    table.append((name, rule, sec or "-", res.n_iter, res.extra["n_secondary_wins"], subopt))
print(f"{n_rounds} rounds checked; max eps_t / bound = {worst_ratio:.3f}; "
      f"classic step: smallest change of rho~ = {min(classic_drops):.3f} (non-monotone)")
assert min(classic_drops) < -1e-4
claims.check("MHT Lemma 2", status="fails as printed, holds corrected",
             on="random U, every round, rules SS/classic/PFW",
             note="stated for Alg. 1 (the paper says Alg. 2); see the erratum")
claims.check("MHT Thm 3", status="holds", on="the same runs, every round",
             note="eps_t <= 8 eta/(t+3), recursions (15) and (22), iteration bound")
claims.check("MHT Cor 1", status="holds", on="the same runs with the pairwise rule")
claims.check("MHT Alg 1", status="fails as printed, holds corrected", on="the same runs",
             note="input corrected, see the erratum")
claims.check("MHT Alg 4", status="holds", on="the same runs")
print(f"\n{'instance':16s} {'rule':11s} {'B':9s} {'T':>5s} {'B wins':>6s} {'rho*-rho(w_T)':>13s}")
for r in table:
    if r[0].startswith("random"):
        print(f"{r[0]:16s} {r[1]:11s} {r[2]:9s} {r[3]:5d} {r[4]:6d} {r[5]:13.2e}")

# %% [markdown]
# **Theorem 3 recomputed from the iterates.** The cell above reads $\epsilon_t$ and $G_t$ from the booster's own
# records. Here they are recomputed from the returned iterates only: $w_t$ is the weight vector the booster returns
# when stopped after $t-1$ rounds (the runs are deterministic, so this is the $t$-th iterate of the full run), and
# from $w_t$ alone the cell computes $\tilde\rho(w_t)$ and $d_t$ by Clarabel (`truth.frank_wolfe.smoothed_soft_margin_cvx`,
# not the sorting algorithm the booster uses), the edges of the **whole** class under $d_t$ (the LMO, computed here),
# $\hat\gamma_t=\min_{\tau\le t}\max_j(A^\top d_\tau)_j$ (with $d_0$ uniform), $\epsilon_t=\hat\gamma_t-\tilde\rho(w_t)$ and the FW gap
# $G_t=\max_j(A^\top d_t)_j-d_t^\top Aw_t$. Asserted per round: $\epsilon_t\le8\eta/(t+2)$ (also for the pairwise rule, where
# Corollary 1 only claims $8\eta/(k(t)+2)$, $k(t)\le t$), $\epsilon_t\le G_t$, $\epsilon_t\ge-\epsilon/2$, the short step's
# recursion (22) with the conic solver's tolerance, and that the booster's records agree with the recomputation.
# $\epsilon=0.2$ keeps the reruns short.

# %%
from refboost.truth.frank_wolfe import smoothed_soft_margin_cvx  # noqa: E402

CONIC = 5e-5  # Clarabel's accuracy on d_t (~1e-5, so on the edges and gamma^), the slack of the recomputed inequalities
inst_it = {
    "random m=40": (random_U(np.random.default_rng(7), 40, 20), 4.0, ("short_step", "classic", "pairwise")),
    "Thm 2.5 family": (rb.instances.lpboost_worst_case(6), 1.0, ("short_step", "classic")),
    "planted pivot": (rb.instances.planted_pivot(30, 12, 3, 5, -0.2, np.random.default_rng(8)), 2.5,
                      ("short_step", "classic")),
}
eps_it, rows_it = 0.2, []
for name, (U, nu, rules) in inst_it.items():
    m_, K_ = U.shape
    star = truth.soft_margin_lp(U, nu).value
    for rule in rules:
        o = rb.MatrixOracle(U)
        full = rb.mlpboost(o, nu=nu, eps=eps_it, rule=rule, secondary=None)
        eta = full.params["eta"]
        gam = float((U.T @ np.full(m_, 1 / m_)).max())  # the tau = 0 term (d_0 uniform)
        et_re, G_re, et_rec = [], [], []
        for t in range(1, full.n_iter + 1):
            w_t = np.zeros(K_)
            if t == 1:
                w_t[full.hypotheses[0]] = 1.0
            else:
                part = rb.mlpboost(o, nu=nu, eps=eps_it, rule=rule, secondary=None, max_iter=t - 1)
                w_t[part.hypotheses] = part.weights
            z = U @ w_t
            c = smoothed_soft_margin_cvx(z, nu, eta)
            e = U.T @ c.d
            gam = min(gam, float(e.max()))
            et_re.append(gam - c.value)
            G_re.append(float(e.max() - c.d @ z))
            et_rec.append(full.history[t - 1]["eps_t"])
        et_re, G_re, t_ = np.array(et_re), np.array(G_re), np.arange(1, full.n_iter + 1)
        assert np.all(et_re <= fw_rate_bound(eta, t_) + CONIC) and np.all(et_re <= G_re + CONIC)
        assert np.all(et_re >= -eps_it / 2 - CONIC) and np.abs(et_re - np.array(et_rec)).max() <= CONIC
        if rule == "short_step":  # recursion (22) on the recomputed sequence
            assert np.all(et_re[:-1] - et_re[1:] >= np.maximum(et_re[:-1], 0) ** 2 / (8 * eta) - 2 * CONIC)
        assert soft_margin(U @ np.bincount(full.hypotheses, full.weights, K_), nu) >= star - eps_it - ROUND
        assert full.converged and full.n_iter <= fw_iteration_bound(eta, eps_it)
        rows_it.append((name, rule, full.n_iter, fw_iteration_bound(eta, eps_it), np.max(et_re / fw_rate_bound(eta, t_)),
                        np.abs(et_re - np.array(et_rec)).max()))
print(f"{'instance':>15} {'rule':>10} {'T':>4} {'bound':>6} {'T/bound':>8} {'max eps_t/(8eta/(t+2))':>22} {'|rec - recomputed|':>18}")
for r in rows_it:
    print(f"{r[0]:>15} {r[1]:>10} {r[2]:4d} {r[3]:6d} {r[2] / r[3]:8.3f} {r[4]:22.3f} {r[5]:18.1e}")
claims.check("MHT Thm 3", status="holds", on="random m = 40, the Thm 2.5 family, a planted pivot; short-step and "
             "classic rules, eps = 0.2, every round",
             note="eps_t and G_t recomputed from the returned iterates w_t (Clarabel, whole-class LMO), not read "
             "from the booster's records; eps_t/bound <= 0.1")
claims.check("MHT Cor 1", status="holds", on="the random instance with the pairwise rule, every round, recomputed",
             note="even the round-count bound 8 eta/(t+2) holds")


# %% [markdown]
# ### 3.7 Theorem 3's induction display, corrected
#
# :::{admonition} Erratum: Mitsuboshi, Hatano & Takimoto (2022), proof of Theorem 3, induction step
# :class: warning
# **Printed:** $\epsilon_{t+1}\le\dots=8\eta\frac t{t+2}\frac{t+1}{t+2}\le\frac{8\eta}{t+3}$.
# **Corrected:** $\epsilon_{t+1}\le(1-\lambda_t)\epsilon_t+2\eta\lambda_t^2=\frac{8\eta(t+1)}{(t+2)^2}\le\frac{8\eta}{t+3}$.
# **Why:** the right-hand side of (15) at $\epsilon_t=\frac{8\eta}{t+2}$, $\lambda_t=\frac2{t+2}$ is
# $\frac{8\eta t}{(t+2)^2}+\frac{8\eta}{(t+2)^2}$; the printed product agrees only at $t=1$ and for
# $t\ge2$ breaks the final inequality (at $t=2$: $3\eta>8\eta/5$). The theorem survives.
# Checked in the cell below.
# :::

# %%
ts = np.arange(1, 200)
lam = 2 / (ts + 2)
rhs = (1 - lam) * 8 / (ts + 2) + 2 * lam**2
printed = 8 * ts / (ts + 2) * (ts + 1) / (ts + 2)
assert np.allclose(rhs, 8 * (ts + 1) / (ts + 2) ** 2) and np.all(rhs <= 8 / (ts + 3) + 1e-15)
assert np.all(printed[1:] > 8 / (ts[1:] + 3) + 1e-3)  # the printed display fails for t >= 2
claims.check("MHT Thm 3", status="fails as printed, holds corrected", on="t = 0..200",
             note="the printed induction display is asserted to fail for t >= 2; the corrected one holds")
print("corrected: 8 eta (t+1)/(t+2)^2 <= 8 eta/(t+3) for all t; printed form violates it for t >= 2")

# %% [markdown]
# ### 3.8 The LPBoost worst case
# On Glocer's Theorem 2.5 family ($2h$ examples, $h+1$ hypotheses, $\nu=1$) LPBoost needs
# $h+1=m/2+1$ rounds; MLPBoost, ERLPBoost and Alg. 1 with the ERLPBoost rule stop after 2.
# FW alone is slow (597/735/873 rounds for $m=20/40/80$).

# %%
print(f"{'m':>4} {'LPB':>4} {'ERLPB':>5} {'MLPB(SS)':>8} {'MLPB(PFW)':>9} {'FW':>5}  rho*")
worst_case_rounds = {}  # m -> rounds per booster (Table 1 below)
for h in (10, 20, 40):
    U = rb.instances.lpboost_worst_case(h)
    o = rb.MatrixOracle(U)
    star = truth.hard_margin_lp(U).value
    r = [rb.lpboost(o, nu=1.0, eps=0.01), rb.erlpboost(o, nu=1.0, eps=0.01),
         rb.mlpboost(o, nu=1.0, eps=0.01), rb.mlpboost(o, nu=1.0, eps=0.01, rule="pairwise"),
         rb.cerlpboost(o, nu=1.0, eps=0.01)]
    its = [x.n_iter for x in r]
    worst_case_rounds[2 * h] = dict(zip(("lpboost", "erlpboost", "mlpboost", "mlpboost-pfw", "cerlpboost"), its,
                                        strict=True))
    print(f"{2 * h:4d} {its[0]:4d} {its[1]:5d} {its[2]:8d} {its[3]:9d} {its[4]:5d}  {star:.2e}")
    assert r[0].n_iter == h + 1 and r[1].n_iter == r[2].n_iter == r[3].n_iter == 2
    assert all(soft_margin(x.margins, 1.0) >= star - 0.01 for x in r)
claims.check("MHT §5 worst case", status="holds", on="the LPBoost worst case, several m",
             note="LPBoost needs m/2 + 1 rounds; MLPBoost and ERLPBoost 2")
claims.check("Glocer Thm 2.5", status="holds", on="the same instances")

# %% [markdown]
# ### 3.9 Figures 2, 4 and 5 at small scale (Rätsch *heart*, decision stumps)
# Soft-margin objective $\rho(w_t)$ vs iteration and vs wall time for LPB., ERLPB., FW, PFW,
# MLPB. (SS) and MLPB. (PFW), $\nu=0.1m$; and the cumulative number of rounds in which the LPBoost
# rule wins line 13 (Fig. 4). Data: `refboost.datasets.load("heart")` (IDA realisation 1, training
# part). Weak learner: `refboost.StumpOracle`, the exact maximum-edge decision stump over all
# distinct thresholds (both polarities), so it is a true LMO; the HiGHS optimum $\rho^\star$ over the
# whole stump class comes from the LP over all its columns (`StumpOracle.all_keys`). The paper's
# weak learner, depth-2 trees (`refboost.TreeOracle`), is used in `benchmarks/bench_frank_wolfe.py`.
# ERLPBoost's per-round $\rho(w_t)$ is taken from Alg. 1 with $\mathcal B$ = rule (14), whose iterates
# are ERLPBoost's (§3.5). Default: $\epsilon=0.05$ (every run converges in under a second); `FULL_RUN` uses
# $\epsilon=0.01$ as the paper.

# %%
from refboost import datasets

ds = datasets.load("heart", realisation=1)
source = f"{ds.name} (realisation {ds.realisation}, train)"
o = rb.StumpOracle(ds.X, ds.y)
Us = o.columns(o.all_keys())  # the whole stump class, for the ground truth only
m = Us.shape[0]
nu = 0.1 * m
eps_fig = 0.01 if FULL_RUN else 0.05
star = truth.soft_margin_lp(Us, nu).value
runs = {}
t0 = time.perf_counter()
runs["LPB."] = rb.lpboost(o, nu=nu, eps=eps_fig)
runs["ERLPB."] = rb.mlpboost(o, nu=nu, eps=eps_fig, secondary="erlpboost")
runs["FW"] = rb.cerlpboost(o, nu=nu, eps=eps_fig)
runs["PFW"] = rb.mlpboost(o, nu=nu, eps=eps_fig, rule="pairwise", secondary=None)
runs["MLPB.(SS)"] = rb.mlpboost(o, nu=nu, eps=eps_fig)
runs["MLPB.(PFW)"] = rb.mlpboost(o, nu=nu, eps=eps_fig, rule="pairwise")
print(f"{source}: m = {m}, {o.n_hypotheses()} stumps, nu = {nu:g}, eps = {eps_fig}, rho* = {star:.5f} "
      f"({time.perf_counter() - t0:.1f} s)")
for k, r in runs.items():
    gap_k = star - soft_margin(r.margins, nu)
    print(f"  {k:11s} T = {r.n_iter:5d}  converged = {r.converged!s:5s}  rho* - rho(w_T) = {gap_k:.2e}")
    if r.converged and k != "LPB.":
        assert soft_margin(r.margins, nu) >= star - eps_fig - ROUND
# claims: none (the eps-guarantee of each run; the figures' orderings are asserted and declared in the next cell)


# %% [markdown]
# What Figures 2, 4, 5 and Table 2 claim, asserted on these runs. Wall and CPU times are milliseconds here and
# vary with the load of the machine, so the orderings are asserted on **rounds** (deterministic): the round at which
# $\rho(w_t)$ first comes within $\epsilon$ of $\rho^\star$ (Fig. 2's curves), the rounds to stop (Table 2, Fig. 5), and per
# round which rule won line 13 (Fig. 4) and how much $\rho$ moved. CPU times (median of 3 repeats, after a warm-up) are
# printed, not asserted.

# %%
def rounds_to_eps(r):
    sm_ = r.history_array("P_LP" if r.algorithm == "lpboost" else "soft_margin")
    return int(np.flatnonzero(sm_ >= star - eps_fig)[0]) + 1


def cpu_median(fn):
    fn()  # warm-up (compilation, caches)
    ts_ = []
    for _ in range(3):
        c0 = time.process_time()
        fn()
        ts_.append(time.process_time() - c0)
    return float(np.median(ts_))


hit = {k: rounds_to_eps(r) for k, r in runs.items()}
wins, jumps = {}, {}
for k in ("MLPB.(SS)", "MLPB.(PFW)"):
    won = np.array([rec.get("secondary_won", False) for rec in runs[k].history[:-1]])
    dj = np.diff(runs[k].history_array("soft_margin"))
    half = len(won) // 2
    wins[k] = (won[:half].mean(), won[half:].mean())
    jumps[k] = (dj[won].mean(), dj[~won].mean())
cpu = {k: cpu_median(lambda f=f: f()) for k, f in {
    "LPB.": lambda: rb.lpboost(o, nu=nu, eps=eps_fig),
    "ERLPB.": lambda: rb.mlpboost(o, nu=nu, eps=eps_fig, secondary="erlpboost"),
    "FW": lambda: rb.cerlpboost(o, nu=nu, eps=eps_fig),
    "MLPB.(SS)": lambda: rb.mlpboost(o, nu=nu, eps=eps_fig)}.items()}
eta_f = runs["MLPB.(SS)"].params["eta"]
B_fw = fw_iteration_bound(eta_f, eps_fig)
print(f"{'run':11s} {'T':>5s} {'T/bound':>8s} {'round within eps':>16s} {'CPU (s)':>8s}")
for k, r in runs.items():
    tb = f"{r.n_iter / B_fw:8.3f}" if k != "LPB." else f"{'-':>8s}"
    print(f"{k:11s} {r.n_iter:5d} {tb} {hit[k]:16d} {cpu.get(k, np.nan):8.3f}")
for k in wins:
    print(f"{k}: LPBoost rule wins {wins[k][0]:.2f} of the first half of the rounds, {wins[k][1]:.2f} of the second; "
          f"mean change of rho: {jumps[k][0]:+.4f} when it wins, {jumps[k][1]:+.5f} otherwise")
# Table 2 (computation, by rounds): iteration counts within Theorem 3's bound; MLPB. within 2x of LPB.'s rounds and
# 5x fewer than FW / PFW; but ERLPB. (Alg. 1 with rule (14)) stops in fewer rounds than MLPB. here
for k in ("FW", "MLPB.(SS)", "ERLPB."):
    assert runs[k].converged and runs[k].n_iter <= B_fw
assert runs["MLPB.(SS)"].n_iter <= 2 * runs["LPB."].n_iter
assert 5 * runs["MLPB.(SS)"].n_iter <= runs["FW"].n_iter and 5 * runs["MLPB.(PFW)"].n_iter <= runs["PFW"].n_iter
assert runs["ERLPB."].n_iter < runs["MLPB.(SS)"].n_iter
# Fig. 2: MLPB. competitive with LPB. (within 1.5x of its rounds to reach rho* - eps); faster than ERLPB. fails here
assert hit["MLPB.(SS)"] <= 1.5 * hit["LPB."] and hit["ERLPB."] < hit["MLPB.(SS)"]
# Fig. 4: with the short step the LPBoost rule wins early and F later; with the pairwise rule it is the other way round
assert wins["MLPB.(SS)"][0] > 5 * wins["MLPB.(SS)"][1] and wins["MLPB.(PFW)"][1] > wins["MLPB.(PFW)"][0]
# Fig. 5: the secondary rule cuts the rounds 5x or more (above); with the short step its rounds carry the progress
assert jumps["MLPB.(SS)"][0] > 100 * abs(jumps["MLPB.(SS)"][1])
claims.check("MHT Table 2", status="partly reproduced", on="Ratsch heart, stumps, nu = 0.1m, eps = 0.05 (rounds, not time)",
             note="T within Thm 3's bound; MLPB. within 2x of LPB.'s rounds, 5x fewer than FW/PFW; ERLPB. needs fewer "
             "rounds than MLPB. (its cost per round is not visible at m = 170); times not asserted")
claims.check("MHT Fig 2", status="partly reproduced", on="the same runs",
             note="MLPB. within 1.5x of LPB.'s rounds to rho* - eps; 'faster than ERLPB.' fails (ERLPB. gets there first)")
claims.check("MHT Fig 4", status="partly reproduced", on="the same runs",
             note="B wins early and F later with the short step; the reverse with the pairwise rule")
claims.check("MHT Fig 5", status="reproduced", on="the same runs",
             note="B cuts FW's and PFW's rounds 5x or more; with the short step the B rounds carry the progress")


# %% tags=["hide-input"]
def trace(r):
    if r.algorithm == "lpboost":
        return r.history_array("t"), r.history_array("P_LP"), r.history_array("time")
    return r.history_array("t"), r.history_array("soft_margin"), r.history_array("time")


fig, axs = plt.subplots(2, 2, figsize=(10, 8))
ax = axs.ravel()
for k, r in runs.items():
    t, sm, tm = trace(r)
    ax[0].plot(t, sm, label=k)
    ax[1].plot(tm, sm, label=k)
for a in ax[:2]:
    a.axhline(star, color="k", ls=":", lw=1)
    a.set_ylim(star - 0.3, star + 0.02)
    a.set_ylabel(r"soft margin $\rho(w_t)$")
ax[0].set_xscale("log"), ax[0].set_xlabel("iteration t")
ax[1].set_xscale("log"), ax[1].set_xlabel("wall time (s)")
ax[0].set_title("Fig. 2/5 style: vs iteration")
ax[1].set_title("vs wall time")
ax[3].legend(*ax[0].get_legend_handles_labels(), loc="center", title="Figs 2/5")
ax[3].axis("off")
for k in ("MLPB.(SS)", "MLPB.(PFW)"):
    won = np.array([rec.get("secondary_won", False) for rec in runs[k].history])
    ax[2].plot(np.arange(1, len(won) + 1), np.cumsum(won), label=k)
tt = np.arange(1, max(r.n_iter for k, r in runs.items() if k.startswith("MLPB")) + 1)
ax[2].plot(tt, tt, "k:", lw=1, label="y = x")
ax[2].set_xlabel("iteration t"), ax[2].set_ylabel("cumulative LPBoost-rule wins")
ax[2].set_title("Fig. 4 style"), ax[2].legend()
plt.tight_layout()
plt.show()

# %% [markdown]
# The paper's reading is visible at this scale: FW and PFW alone crawl once the objective is close
# to the optimum; with the short step the LPBoost rule wins mostly in the early rounds (Fig. 4; with the
# pairwise rule it wins more often later) and gives MLPBoost a large jump; LPBoost itself remains fastest in wall time on this small problem (the paper's
# conclusion too). Timings of all six columns of Table 2 on six Rätsch sets are in
# `benchmarks/bench_frank_wolfe.py`.

# %% [markdown]
# ### 3.10 Why MLPBoost needs more rounds than LPBoost, and a sharper (sound) stopping test
# Alg. 1 stops on $\epsilon_t=\hat\gamma_t-\tilde\rho(w_t)\le\epsilon/2$ (line 8). A direct optimality
# certificate is available at no cost.
#
# ```{prf:lemma} Soft-margin certificate
# :nonumber:
# :label: lem-fw-certificate
# Let the weak learner return a maximum-edge hypothesis. Then for every round $t$ and every
# $w\in\mathcal P^n$, $\hat\gamma_t\ge\rho^\star\ge\rho(w)$, where $\rho^\star=P_{LP}$ is the optimum of
# (5) over the whole class. Hence, if $\hat\gamma_t-\rho(w)\le\epsilon$ for some candidate $w$, then
# $\rho(w)\ge\hat\gamma_t-\epsilon\ge\rho^\star-\epsilon$. Moreover Alg. 1's test implies this test for
# $w=w_t$: $\hat\gamma_t-\rho(w_t)\le\epsilon_t+\ln(m/\nu)/\eta\le\epsilon_t+\epsilon/2$.
# ```
#
# ```{prf:proof}
# Each edge is $(d_\tau^\top A)_{j_{\tau+1}}=\max_j(d_\tau^\top A)_j\ge\min_{d\in\mathcal P^m_\nu}\max_j
# (d^\top A)_j=\rho^\star$ (Lemma 4), so $\hat\gamma_t\ge\rho^\star$; and $\rho^\star\ge\rho(w)$ by
# definition of (5). For the last claim use Lemma 1's sandwich (§3.3): $\rho(w_t)\ge\tilde\rho(w_t)-\ln(m/\nu)/\eta$, and
# $\eta\ge2\ln(m/\nu)/\epsilon$.
# ```
#
# Alg. 1 holds two candidates at line 8 of round $t$: $w_t$ and the LPBoost-rule candidate
# $w^{(2)}$ over the same hypotheses $J_t$, whose soft margin is the restricted LP value
# $\rho(w^{(2)})=P^t_{LP}$ (it solves the soft-margin LP on $A_{J_t}$). `mlpboost(..., stopping="certificate")`
# stops when Alg. 1's test **or** $\hat\gamma_t-\max(\rho(w_t),P^t_{LP})\le\epsilon$ fires, returns the
# certifying candidate and reports which test fired (`extra["stop_reason"]`). It fires no later than
# Alg. 1's test, so Theorem 3's iteration bound still applies, and the guarantee is Lemma 2's:
# $\rho(w_T)\ge\hat\gamma_T-\epsilon$. LPBoost's own stopping rule (Glocer 2009, Alg. 2.1) is this
# certificate on $w^{(2)}$ alone. The default stays the paper's rule.
#
# **Where the extra rounds go.** Both algorithms stop when an upper bound $\hat\gamma_t$ meets a
# lower bound. The lower bound is not the problem: on this instance the best candidate of LPBoost and
# of MLPBoost is within $\epsilon/2$ of $\rho^\star$ at about the same round (column "primal ok"
# below, asserted to come before the stop). The upper bound is. LPBoost queries the weak learner at
# the LP's extreme distributions, MLPBoost at the entropic $d(w_t)$.
# The edges at $d(w_t)$ approach $\rho^\star$ only as fast as $d(w_t)$ approaches the regularised
# optimum $d^{\rm E}$. Even there, the max edge can exceed $\rho^\star$ by up to $\epsilon/2$. Same
# heart / stump setting as §3.9.

# %%
print(f"{'run':26s} {'T':>4s} {'stopped on':>11s} {'primal ok':>9s} {'rho*-rho(w_T)':>13s} {'gamma^_T-rho*':>13s}")
lpb = runs["LPB."]
t_ok = int(np.argmax(lpb.history_array("P_LP") >= star - eps_fig / 2)) + 1
print(f"{'LPB.':26s} {lpb.n_iter:4d} {'certificate':>11s} {t_ok:9d} {star - soft_margin(lpb.margins, nu):13.2e} "
      f"{lpb.extra['gamma_hat'] - star:13.2e}")
cert_runs = {}
for k, rule in (("MLPB.(SS)", "short_step"), ("MLPB.(PFW)", "pairwise")):
    cert_runs[k] = rb.mlpboost(o, nu=nu, eps=eps_fig, rule=rule, stopping="certificate")
    for stop, r in (("eps_t", runs[k]), ("certificate", cert_runs[k])):
        c = r.extra["smoothing_bias"]
        best = np.fmax(r.history_array("soft_margin"), r.history_array("secondary_soft_margin"))
        t_ok = int(np.argmax(best >= star - eps_fig / 2)) + 1
        rho_T, gh = soft_margin(r.margins, nu), r.extra["gamma_hat"]
        print(f"{k + ', ' + stop:26s} {r.n_iter:4d} {r.extra['stop_reason']:>11s} {t_ok:9d} {star - rho_T:13.2e} "
              f"{gh - star:13.2e}")
        assert r.converged and t_ok < r.n_iter
        assert gh >= star - ROUND  # max-edge learner: gamma^ is an upper bound on rho*
        assert rho_T >= gh - eps_fig - ROUND >= star - eps_fig - 2 * ROUND  # the guarantee, either rule
        assert np.all(r.history_array("gap") <= r.history_array("eps_t") + c + ROUND)  # Alg. 1 test => cert.
    paper, cert = runs[k], cert_runs[k]
    T = cert.n_iter
    assert T <= paper.n_iter and [h["hypothesis"] for h in cert.history] == [h["hypothesis"] for h in paper.history[:T]]
    assert cert.extra["stop_reason"] == "certificate" and cert.gap <= eps_fig
    assert abs(cert.history[-1]["secondary_soft_margin"] - truth.soft_margin_lp(o.columns(cert.hypotheses), nu).value) < 1e-8
    print(f"  {k}: {paper.n_iter} -> {T} rounds with the certificate")
claims.check("MHT Alg 2", status="holds", on="Ratsch heart, stumps",
             note="MLPBoost's guarantee holds under either stopping rule")
claims.check("MHT Lemma 2", status="holds", on="the same runs", note="rho(w_T) >= gamma-hat - eps >= rho* - eps")

# %% [markdown]
# The certificate saves a fraction of the rounds (10–20 % here; 0–45 % on the depth-2 tree runs of
# `benchmarks/bench_frank_wolfe.py` at $\nu=0.1m$), not the factor 2–6 to LPBoost. The remaining gap is the slower
# upper bound $\hat\gamma_t$ from the entropic distributions. That is the price of Theorem 3's
# guarantee: LPBoost's LP distributions give no iteration bound better than $\Omega(m)$ (§3.8).
# With the depth-2 greedy trees of the benchmark there is a second effect. The greedy tree is not
# the LMO, and at LPBoost's extreme distributions it often returns low-edge trees. LPBoost's
# $\hat\gamma_T$ then falls below the optimum over the generated trees, and LPBoost stops
# short of it by more than $\epsilon$ (by 0.010–0.041 at $\epsilon=0.01$ on five of the six sets
# there), while MLPBoost's final soft margin is closer on five of them. The benchmark therefore also
# reports the time at which MLPBoost first reaches LPBoost's final soft margin (0.4–2.4x LPBoost's
# time on five of the six sets; 4.4–4.9x on breast_cancer and, for the short step, banana).

# %% [markdown]
# ### 3.11 A variant that closes the certification gap: pricing at the LP's distribution
# §3.10 puts MLPBoost's extra rounds in the upper bound: $\hat\gamma_t$ sees only the edges at
# the entropic $d(w_t)$, LPBoost's sees the edges at the LP's extreme distributions $d^t_{LP}$.
# `mlpboost(..., price_lp=True)` queries the weak learner at both. This variant is not in the
# paper, and `mlpboost` without it is still Alg. 1. In round $t$, step 2 of
# {prf:ref}`alg-mlpboost` becomes
#
# 2'. $h_{j_{t+1}}=\mathrm{WL}(d_t)$ and $h_{j'_t}=\mathrm{WL}(d^t_{LP})$, where $d^t_{LP}$ is the
# distribution of the restricted edge LP (§2) over the pool $J_t$ (none in round 1);
# $\hat\gamma_t=\min\bigl(\hat\gamma_{t-1},(d_t^\top A)_{j_{t+1}},(d^{t\top}_{LP}A)_{j'_t}\bigr)$;
# $J_{t+1}=J_t\cup\{j_{t+1},j'_t\}$, so $w^{(2)}$ is the restricted LP over both new hypotheses.
#
# ```{prf:lemma} Theorem 3 and Corollary 1 hold for the variant
# :nonumber:
# :label: lem-fw-price-lp
# With a weak learner satisfying Theorem 3's assumption at $d_t$, Alg. 1 with step 2' satisfies
# $\epsilon_t\le8\eta/(t+2)$ (short step, classic, line search) and $\epsilon_t\le8\eta/(k(t)+2)$
# (pairwise) at every round, and so the iteration bound (18) holds. With a maximum-edge weak
# learner $\hat\gamma_t\ge\rho^\star$, so `stopping="certificate"` is sound, and it now contains
# LPBoost's own test $\min\text{edge}-P^t_{LP}\le\epsilon$ (Glocer 2009, Alg. 2.1).
# ```
#
# ```{prf:proof}
# The proof of Theorem 3 touches $\hat\gamma$ and the secondary rule in
# only three places.
#
# 1. $\hat\gamma_{t+1}\le\hat\gamma_t$ (step 1).
# 2. $\hat\gamma_t\le(d_t^\top A)_{j_{t+1}}$, which gives (17): $G_t\ge\epsilon_t$ (step 3).
# 3. Line 13 returns $\tilde\rho(w_{t+1})\ge\tilde\rho(w^{(1)}_{t+1})$, where $w^{(1)}_{t+1}$ is
#    the FW step from $w_t$ towards $e_{j_{t+1}}$ (step 1).
#
# The extra edge is one more term of the minimum, so 1 and 2 still hold. The FW step uses only
# $w_t$, $d_t$ and $j_{t+1}$, so it is unchanged and still a candidate of line 13, and 3 holds. The
# base case $\epsilon_1\le2$ is unchanged (round 1 has no LP). Corollary 1 uses the same three facts,
# plus the away atom being an active atom of $w_t$, which is also unchanged. For soundness:
# $d^t_{LP}\in\mathcal P^m_\nu$ (it is repaired onto it), so its maximum edge is $\ge\rho^\star$
# (Lemma 4). Finally, $w^{(2)}$ over $J_t$ has $\rho(w^{(2)})=P^t_{LP}$ (§3.10).
# ```
#
# Below, the lemma is checked on every round on the *heart* / stump instance of §3.9, together with
# the three facts of the proof. The tests repeat the check on random and adversarial matrices for
# all four rules (`tests/test_frank_wolfe.py::test_price_lp_variant`).

# %%
print(f"{'run':30s} {'T':>4s} {'stopped on':>11s} {'rho*-rho(w_T)':>13s} {'gamma^_T-rho*':>13s}")
print(f"{'LPB.':30s} {lpb.n_iter:4d} {'certificate':>11s} {star - soft_margin(lpb.margins, nu):13.2e} "
      f"{lpb.extra['gamma_hat'] - star:13.2e}")
price_runs = {}
for k, rule in (("MLPB.(SS)", "short_step"), ("MLPB.(PFW)", "pairwise")):
    r = rb.mlpboost(o, nu=nu, eps=eps_fig, rule=rule, stopping="certificate", price_lp=True)
    price_runs[k] = r
    eta, h = r.params["eta"], r.history
    t_arr = r.history_array("t") if rule != "pairwise" else r.history_array("k_good")
    assert r.converged and np.all(r.history_array("eps_t") <= fw_rate_bound(eta, t_arr) + ROUND)  # the lemma
    g = r.history_array("gamma_hat")
    edges = np.array([min(x["edge"], x.get("lp_edge", np.inf)) for x in h])
    assert np.all(np.diff(g) <= 0) and np.all(g <= r.history_array("edge"))  # facts 1 and 2
    assert np.array_equal(g[1:], np.minimum(g[:-1], edges[1:]))  # gamma^ includes the LP's edges
    nxt = r.history_array("smoothed_margin")[1:]
    assert np.all(nxt >= np.array([x["primary_value"] for x in h[:-1]]) - ROUND)  # fact 3
    rho_T, gh = soft_margin(r.margins, nu), r.extra["gamma_hat"]
    assert gh >= star - ROUND and rho_T >= gh - eps_fig - ROUND >= star - eps_fig - 2 * ROUND  # soundness
    assert r.n_iter < cert_runs[k].n_iter  # fewer rounds than without pricing, on this instance
    for tag, x in ((k + ", certificate", cert_runs[k]), (k + ", price_lp", r)):
        print(f"{tag:30s} {x.n_iter:4d} {x.extra['stop_reason']:>11s} "
              f"{star - soft_margin(x.margins, nu):13.2e} {x.extra['gamma_hat'] - star:13.2e}")
claims.check("MHT Thm 3", status="holds", on="the pricing variant on Ratsch heart",
             note="the variant satisfies the rate (the chapter's lemma)")

# %% [markdown]
# **Table 2 protocol, all $\nu$.** `benchmarks/bench_frank_wolfe.py` ran every column of Table 2
# plus both variants in one process: six Rätsch sets, $\nu\in\{0.1,\dots,0.5\}m$, $\epsilon=0.01$,
# greedy depth-2 trees, `stopping="certificate"` for the MLPB. columns, and time limits of 120 s
# (ERLPB., MLPB.) and 30 s (FW, PFW). Its output is stored in
# `benchmarks/results/bench_frank_wolfe_all.txt`. The cell below reads that file (it does not re-run
# the benchmark) and asserts the claims of the next paragraph. `d` is
# $\rho^\star_{\rm gen}-\rho(w_T)$, with $\rho^\star_{\rm gen}$ the HiGHS optimum over all trees
# generated for that $(\text{set},\nu)$.

# %% tags=["hide-input"]
import re
from pathlib import Path

bench_path = next(
    p for p in (Path("../benchmarks/results/bench_frank_wolfe_all.txt"), Path("benchmarks/results/bench_frank_wolfe_all.txt"))
    if p.exists()
)
text = bench_path.read_text()
run_re = re.compile(r"^ {4}(\S+)\s+([\d.]+) /\s+([\d.]+) s\s+T =\s+(\d+)\S*(.*?)d =\s+(\S+)\s+test err (\S+)(\s+\(time limit\))?$")
runs_b, ds_name, nu_frac = [], None, None
for line in text.splitlines():
    if line.startswith("== "):
        ds_name = line[3:].split(":")[0]
    elif line.startswith("  nu = "):
        nu_frac = float(line.split()[2])
    elif (mt := run_re.match(line)) and ds_name is not None:
        runs_b.append(dict(ds=ds_name, nu=nu_frac, col=mt[1], wall=float(mt[2]), cpu=float(mt[3]), T=int(mt[4]),
                           d=float(mt[6]), capped=mt[8] is not None))


def ratio_table(kind):
    """The bench's own 'Ratios of mean <kind> times' table: {dataset: {column pair: (ours, paper)}}."""
    block = text.split(f"Ratios of mean {kind} times")[1].split("\n\n")[0].splitlines()
    pairs = block[1].split()[1:]
    out = {}
    for row in block[2:]:
        cells = re.findall(r"(\S+) \((\S+)\)", row)
        out[row.split()[0]] = dict(zip(pairs, cells, strict=True))
    return out


cpu_r, wall_r = ratio_table("CPU"), ratio_table("wall")
datasets_b = list(cpu_r)
print(f"{bench_path.name}: {len(runs_b)} runs, {len(datasets_b)} data sets, nu/m in "
      f"{sorted({r['nu'] for r in runs_b})}")
print(f"{'dataset':14s} {'MLPB.(SS)/LPB.':>22s} {'MLPB.(PFW)/LPB.':>22s} {'MLPB+p(SS)/LPB.':>22s} {'MLPB+p(PFW)/LPB.':>22s}"
      "   CPU (wall), paper's MLPB./LPB. in []")
for dn in datasets_b:
    row = f"{dn:14s}"
    for pair in ("MLPB.(SS)/LPB.", "MLPB.(PFW)/LPB.", "MLPB+p(SS)/LPB.", "MLPB+p(PFW)/LPB."):
        (c, pc), (w, _) = cpu_r[dn][pair], wall_r[dn][pair]
        row += f" {c + ' (' + w + ') [' + pc.removeprefix('p:') + ']':>22s}"
    print(row)

# per run: accuracy against rho*_gen (d <= eps) and CPU ratio to LPB. of the same (data set, nu),
# the latter only where LPB. took >= MIN_CPU (times are printed to 0.01 s)
MIN_CPU = 0.1
eps_b = float(re.match(r"eps = ([\d.]+)", text)[1])
lpb_cpu = {(r["ds"], r["nu"]): r["cpu"] for r in runs_b if r["col"] == "LPB."}
print(f"\n{'column':12s} {'runs':>4s} {'capped':>6s} {'d <= eps':>8s} {'CPU/LPB. per run: median':>25s} {'max':>7s} {'<= 2x':>6s}"
      f"  (ratios over the {sum(v >= MIN_CPU for v in lpb_cpu.values())} runs with LPB. CPU >= {MIN_CPU} s)")
per_run, n_acc, n_reach = {}, {}, {}
for col in dict.fromkeys(r["col"] for r in runs_b):
    rs = [r for r in runs_b if r["col"] == col]
    n_acc[col] = sum(r["d"] <= eps_b for r in rs)
    rat = np.array([r["cpu"] / lpb_cpu[r["ds"], r["nu"]] for r in rs if lpb_cpu[r["ds"], r["nu"]] >= MIN_CPU])
    per_run[col] = rat
    print(f"{col:12s} {len(rs):4d} {sum(r['capped'] for r in rs):6d} {sum(r['d'] <= eps_b for r in rs):8d} "
          f"{np.median(rat):25.2f} {rat.max():7.2f} {int(np.sum(rat <= 2)):6d}")

# equal accuracy: runs in which an MLPB. column reaches LPB.'s final soft margin at all ('@LPB')
for col in ("MLPB.(SS)", "MLPB.(PFW)", "MLPB+p(SS)", "MLPB+p(PFW)"):
    hits = [re.search(r"@LPB (never|t=\d+)", ln) for ln in text.splitlines() if ln.startswith(f"    {col} ")]
    n_reach[col] = sum(h[1] != "never" for h in hits)
    print(f"{col:12s} reaches LPB.'s final soft margin in {sum(h[1] != 'never' for h in hits)} of {len(hits)} runs")


def ours(dn, pair, kind="CPU"):
    """Our ratio as a float and whether it is only a bound ('>' or '?')."""
    v = (cpu_r if kind == "CPU" else wall_r)[dn][pair][0]
    return float(v.lstrip(">?")), v[0] in ">?"


# %%
# the claims of the text below, on this file
for kind, paper_within_2x in (("CPU", {"german"}), ("wall", {"german", "waveform"})):
    for rule in ("SS", "PFW"):
        assert all(ours(dn, f"MLPB+p({rule})/LPB.", kind)[0] <= 2 for dn in datasets_b)  # variant: within 2x
        assert {dn for dn in datasets_b if ours(dn, f"MLPB.({rule})/LPB.", kind)[0] <= 2} == paper_within_2x
assert all(ours(dn, "MLPB.(SS)/LPB.")[0] < float(cpu_r[dn]["MLPB.(SS)/LPB."][1]) for dn in datasets_b)
fw_cells = {dn: ours(dn, "FW/MLPB.(SS)") for dn in ("banana", "german", "waveform")}  # paper: FW > 10^4 s
assert fw_cells["banana"][0] >= 10 and fw_cells["banana"][1]  # a lower bound, FW hit its limit
assert fw_cells["waveform"][0] < 10 and not fw_cells["waveform"][1]
assert fw_cells["german"][0] < 10 and fw_cells["german"][1]  # undetermined at this time limit
assert all(ours(dn, "FW/MLPB+p(SS)")[0] >= 10 for dn in ("banana", "waveform"))
quoted = {  # the ranges and cells quoted below (CPU)
    "MLPB+p(SS)/LPB.": (0.62, 1.30), "MLPB+p(PFW)/LPB.": (0.85, 1.89),
    "MLPB.(SS)/LPB.": (1.61, 5.81), "MLPB.(PFW)/LPB.": (1.64, 7.91),
}
for pair, rng_q in quoted.items():
    vals = [ours(dn, pair)[0] for dn in datasets_b]
    assert (min(vals), max(vals)) == rng_q, (pair, min(vals), max(vals))
assert [ours(dn, "FW/MLPB.(SS)")[0] for dn in ("banana", "waveform", "german")] == [17.90, 8.25, 1.11]
assert [ours(dn, "FW/MLPB+p(SS)")[0] for dn in ("banana", "waveform", "german")] == [36.50, 28.45, 2.10]
assert [n_acc[c] for c in ("LPB.", "MLPB.(SS)", "MLPB+p(SS)")] == [7, 10, 12]
assert [n_reach[c] for c in ("MLPB.(SS)", "MLPB+p(SS)")] == [25, 26]
# claims: none (checks that the prose below quotes the stored benchmark file correctly; Table 2's claims are
# asserted on runs made in this chapter, section 3.9)

# %% [markdown]
# With `price_lp=True`, MLPBoost's mean time over $\nu$ is within 2x of LPBoost's on all six sets:
# 0.62–1.30x CPU for the short step and 0.85–1.89x for the pairwise rule. The paper's MLPBoost,
# run with the same certificate, takes 1.61–5.81x (SS) and 1.64–7.91x (PFW) of LPBoost's CPU time.
# That is below the paper's own SS ratios on every set, but within 2x only on *german* (and on
# *waveform* by wall time). Final solutions of comparable quality: the greedy tree is not the LMO,
# so every method can stop short of $\rho^\star_{\rm gen}$. Runs with $d\le\epsilon$: LPB. 7 of 30,
# MLPB.(SS) 10, MLPB+p(SS) 12. Runs that reach LPB.'s final soft margin: 25 (MLPB.(SS)) and 26
# (MLPB+p(SS)) of 30. For FW vs MLPBoost, where the paper shows $>10^4$ s: on *banana*, FW/MLPB.(SS)
# is at least 17.90x (CPU; FW hits its 30 s limit). On *waveform* it is 8.25x, because FW converges
# on our 400-row training split. On *german* it is undetermined: FW stops at 30 s, while MLPB.
# averages 18.7 s CPU (the ratio printed is 1.11, a lower bound). Against MLPB+p(SS) the ratios are
# at least 36.50x, 28.45x and at least 2.10x (undetermined again).

# %% [markdown]
# ### 3.12 The paper's experiments from the study stores: Table 3, Table 2, Figs 1 and 3
# The experiments of §5 are declared as studies (`refboost.studies`, chapter 2) and their runs are committed
# stores in `data/results/`; the cells below read them and run nothing. `mht_table3` follows Table 3's protocol:
# on the training part of realisation 1 (IDA's; for the sets marked * below, refboost's seeded partition), 5-fold
# cross-validation picks $\nu\in\{0.1,\dots,0.5\}m$ (least mean
# validation error, ties to the smaller $\nu$), the booster is retrained on the whole training part and its test
# error reported; $\epsilon=0.01$, the exact best depth-2 tree (`refboost.TreeOracle`). Its cells on the whole
# training part are exactly the runs Table 2 times (mean over $\nu$ at $\epsilon=0.01$), so Table 2's ratios come
# from the same store (`refboost.studies._mht.mht_table2`). `mht_figs` holds one traced run per set and booster at
# $\nu=0.1m$ (Figs 1 and 3): the objective $\rho(w_t)$ and the test error at roughly geometric checkpoints $t$,
# with the run's clock at $t$. What ran is what the stores' `provenance.json` lists; the rest of each grid is
# declared and shown as missing (`not run`, `x/y` cells). The grid holds the 11 Table 3 sets of the catalogue (the
# paper's Diabetes, Rätsch's diabetis, is not in it). Four of them, marked * below (flare_solar, splice, thyroid,
# twonorm), exist in the catalogue only as full pattern sets: their realisation 1 is refboost's seeded partition
# with the IDA sizes (`refboost.datasets.mat_realisation`), **not** an original IDA split file, so their numbers
# are for a different split from any IDA realisation. The exact tree search screens every root split with a
# sweep of point updates on per-feature prefix-sum trees (`refboost._jit.tree`) and recomputes only the near-best
# ones with the plain histogram code, which gives the same tree and edge bit for bit
# (`tests/test_tree_oracle_screened.py`) 400-1,000 times faster per call on ringnorm, twonorm and image. Until
# 2026-11-29 the sweep was a lazy segment tree over all bins, with the same records at 4-6 times the CPU per call
# (`benchmarks/results/compare_tree_kernel.txt`); every stored Table 2 cell but image's and splice*'s ran that form,
# so the times below come from it. Image's 15 Table 2 cells of LPBoost, ERLPBoost and MLPBoost were re-run with the
# second form (the same records at 2.6-7.3 times less CPU, 2-172 s instead of 12-539 s per cell), and so were
# splice*'s 15 (the same records; LPBoost's and ERLPBoost's at 1.7-2.3 times less CPU, MLPBoost's at about the same,
# its time being mostly its LPs: 0.4-164 s per cell); the replaced records are kept in the store's
# `provenance.json` under `pruned`. So they compare with C-ERLPBoost's image and splice* cells, which ran the second
# form; within every other set the four boosters' Table 2 cells ran one form. The stored cells were
# still costly on a shared 2-core machine (about 80 ms of CPU per LPBoost round on ringnorm; on german an LPBoost cell takes 1-5 min of CPU, most of it in HiGHS re-solving the
# restricted LP, about 30 dual simplex pivots per round on a dense 560 x 500 constraint matrix). LPBoost and
# ERLPBoost ran on all 11 sets. MLPBoost stops only
# when the smoothed objective is within $\epsilon/2$, so it often needs thousands of rounds, each with an LP
# (one twonorm cell: 7,083 rounds, 9 min of CPU); it ran on banana, breast_cancer, flare_solar*, heart, thyroid*,
# titanic, twonorm* (its 25 twonorm CV cells: 1,181-7,408 rounds, up to 8 min of CPU each), ringnorm (Table 2's
# runs: up to 10,036 rounds and 17 min of CPU per cell; its 25 CV cells: 819-8,746 rounds, 43-612 s of CPU each),
# splice* (all 30 cells: 146-5,809 rounds, 2-147 s of CPU each), image (525-5,685 rounds, 22-461 s of CPU each)
# and german (337-6,241 rounds, 7-523 s of CPU each): all 11 sets.
# Each set's whole-training-part cells (the runs Table 2 times) come first in the
# grid. C-ERLPBoost (no column in the paper's Table 3) ran Table 2's cells on banana, breast_cancer, flare_solar*,
# heart, thyroid* and titanic, and its CV folds on the same six sets: with the exact tree it needs up to 97,223
# rounds to converge, and at $\nu=0.1m$ it stopped at the cap of $10^5$ rounds without converging on heart (training
# part and all five CV folds) and thyroid* (training part and one CV fold); such a run keeps its classifier and
# test error, and its time is a lower bound (Table 2 prints it as ">x", as the paper prints its aborted runs). On
# ringnorm it ran Table 2's five cells (24,920-100,000 rounds, 16-59 min of CPU each; at $\nu=0.1m$ it stopped at
# the cap). On german it ran Table 2's five cells (24,949-76,392 rounds, 9-31 min of CPU each, all converged) and
# on twonorm* Table 2's five cells (25,426-100,000 rounds, 14-59 min of CPU each: at $\nu=0.1m$ it stopped at the
# cap). A run that reaches the cap counts as converged when the certificate of its returned weights is within
# $\epsilon$ although Alg. 1's own test, $\epsilon_t\le\epsilon/2$, has not fired: twonorm*'s six runs at
# $\nu=0.2m$ (certified gaps 0.0089-0.0095, $\epsilon=0.01$) and two of ringnorm's CV folds at $0.2m$. The CV cells
# of these three sets run with the second tree sweep: german's 25 (23,880-91,778 rounds, 1-7 min of CPU each, all
# converged), ringnorm's 25 (21,918-100,000 rounds, 3-15 min each; at $\nu=0.1m$ the cap in all five folds) and
# twonorm*'s 25 (22,924-100,000 rounds, 3-17 min each; at $0.1m$ the cap in all five folds), so all three sets have
# a C-ERLPB. entry under Table 3 below. On image, with the second sweep, it ran Table 2's five cells
# (30,015-100,000 rounds, 11-40 min of CPU each; at $\nu=0.1m$ it stopped at the cap with a certified gap of 0.0103,
# just above $\epsilon=0.01$, so that run is stored with converged = False) and its 25 CV cells (18,160-100,000
# rounds, 6-32 min each; at $0.1m$ the cap in all five folds, fold 2's run certified within $\epsilon$ there), so
# image too has a C-ERLPB. entry under Table 3. On splice* (the paper lists it above $10^3$ s) it ran Table 2's five
# cells (13,032-100,000 rounds, 3-30 min of CPU each; at $\nu=0.1m$ it stopped at the cap with a certified gap of
# 0.0101, stored with converged = False) and its 25 CV cells (14,653-100,000 rounds, 3-26 min each): all 20 at
# $\nu\ge 0.2m$ converged, and at $0.1m$ all five folds stopped at the cap (certified gaps 0.0101-0.0106, just above
# $\epsilon$, so none is stored as converged). So splice* too has its C-ERLPB. ratio in Table 2 and its entry under
# Table 3, and every cell of both stores has run.
# The figures use greedy depth-2 trees.

# %% tags=["hide-input"]
import json as _json

import pandas as pd
from scipy.stats import binomtest

from refboost import studies
from refboost.studies._mht import (
    CV_TIE_TOL,
    MHT_SCALES,
    MHT_SEEDED_PARTITION,
    mht_fig_curves,
    mht_table2,
    paper_seconds,
)

COLS = {"lpboost": "LPB.", "erlpboost": "ERLPB.", "mlpboost": "MLPB.(SS)", "cerlpboost": "C-ERLPB."}
paper3 = studies.paper_numbers()["mht_table3"]["values"]
rows3 = studies.analyse("mht_table3", "paper")
with studies.Store(studies.default_store("mht_table3", "paper")) as _sto:
    recs3 = _sto.records()

# second path: the CV selection recomputed from the raw records with pandas
df3 = pd.DataFrame(recs3)
df3["nu_frac"] = df3["params"].map(lambda p: _json.loads(p)["nu_frac"])
cv = df3[df3["split"].str.contains("/cv")].groupby(["dataset", "booster", "nu_frac"])
cv = cv["val_error"].agg(["mean", "size"]).reset_index()
cv = cv[cv["size"] == MHT_SCALES["paper"]["folds"]]
full = df3[df3["split"] == "r1"].set_index(["dataset", "booster", "nu_frac"])["test_error"]
ours3 = {}
for (dn, b), g in cv.groupby(["dataset", "booster"]):
    if len(g) == len(MHT_SCALES["paper"]["nu_frac"]):
        best = g[g["mean"] <= g["mean"].min() + CV_TIE_TOL].sort_values("nu_frac").iloc[0]  # ties: smaller nu
        if (dn, b, best["nu_frac"]) in full.index:
            ours3[dn, b] = (best["nu_frac"], float(full[dn, b, best["nu_frac"]]))
for r in rows3:
    assert (r["test_error"] is None) == ((r["dataset"], r["booster"]) not in ours3)
    if r["test_error"] is not None:
        assert (r["nu_frac"], r["test_error"]) == ours3[r["dataset"], r["booster"]]

done3 = sorted({dn for dn, b in ours3 if all((dn, c) in ours3 for c in ("lpboost", "erlpboost", "mlpboost"))})
print(f"Table 3: test error (nu/m chosen by 5-fold CV) [paper]; {len(recs3)} stored cells")
print("* realisation 1 is refboost's seeded partition with the IDA sizes, not an IDA file")
T3_COLS = {b: c for b, c in COLS.items() if b != "cerlpboost"}  # C-ERLPB.: no paper column, see below
print(f"{'data set':14s}" + "".join(f"{c:>20s}" for c in T3_COLS.values()))
for dn in MHT_SCALES["paper"]["sets"]:
    line = f"{dn + ('*' if dn in MHT_SEEDED_PARTITION else ''):14s}"
    for b in T3_COLS:
        o_ = ours3.get((dn, b))
        p_ = paper3.get(dn, {}).get(b)
        cell = "not run" if o_ is None else f"{o_[1]:.3f} ({o_[0]:.1f})"
        line += f"{cell + ('' if p_ is None else f' [{p_:.2f}]'):>20s}"
    print(line)
# C-ERLPBoost's runs on the whole training part that stopped at the round cap without converging
cap_c = df3[(df3["split"] == "r1") & (df3["booster"] == "cerlpboost") & ~df3["converged"].astype(bool)]
_capped3 = set(zip(cap_c["dataset"], cap_c["nu_frac"], strict=True))
print("C-ERLPB. (not in the paper's Table 3; +: the retrained run stopped at the round cap): " + "; ".join(
    f"{dn} {ours3[dn, 'cerlpboost'][1]:.3f} ({ours3[dn, 'cerlpboost'][0]:.1f})"
    + ("+" if (dn, ours3[dn, "cerlpboost"][0]) in _capped3 else "")
    for dn in MHT_SCALES["paper"]["sets"] if (dn, "cerlpboost") in ours3))
# claims: none (the analysis's CV selection equals a recomputation from the raw records; Table 3's claim is
# asserted in the next cell)

# %% [markdown]
# The paper's Table 3 has MLPBoost far below LPBoost and ERLPBoost on most sets (banana 0.10 vs 0.28 and 0.37,
# ringnorm 0.03 vs 0.18), although the three solve the same soft-margin LP to within $\epsilon$ (Lemma 2;
# LPBoost's stopping rule). The cell compares, on every set with all three columns, ERLPB. − LPB. and
# MLPB. − LPB. with a 95% interval (normal approximation with independent errors on the $n$ test examples, which
# over-states the variance of a paired difference, so the intervals are conservative). It asserts: (i) on every
# such set but titanic both of our differences lie inside their interval (no detectable difference between methods
# that solve the same LP); titanic is the counterexample: a dozen distinct training inputs, an LP with many optimal
# solutions, and LPBoost's and MLPBoost's classifiers differ widely at equal $\nu$ (the non-unique optima the paper
# itself names as a source of its spread); (ii) an exact two-sided sign test over the sets finds no evidence that MLPBoost's error differs from
# LPBoost's ($p>0.05$), whereas the paper has MLPB. below LPB. on 9 of its 12 sets (equal on titanic and twonorm); (iii) on banana (4900 test
# examples) the paper's MLPB. − LPB. $=-0.18$ lies far outside our interval, and so do ringnorm's $-0.15$ (7000
# test examples; ours $+0.003\pm0.010$: MLPBoost 0.104, LPBoost 0.101, the paper 0.03 and 0.18) and image's $-0.08$
# (1010 test examples; ours $+0.001\pm0.010$: MLPBoost 0.014, LPBoost 0.013, the paper 0.02 and 0.10). The sets marked * use refboost's seeded
# partition with the IDA sizes (the catalogue has only their full pattern sets), so their errors are for a
# different split than any IDA realisation (splice*'s MLPB. − LPB. is $-0.0005$ on ours, the paper's $-0.06$ on
# its split). On german (300 test examples) the paper's MLPB. − LPB. $=-0.01$ lies inside our interval
# ($+0.017\pm0.065$: MLPBoost 0.220, LPBoost 0.203, the paper 0.27 and 0.28). On image the paper's ERLPB. − LPB. $=+0.10$ is more than five
# half-widths away from ours. Titanic is the paper's 24-row de-duplicated set (its 0.60 for all
# three); ours is IDA's 150-row training part.

# %%
err = {(dn, b): ours3[dn, b][1] for dn in done3 for b in ("lpboost", "erlpboost", "mlpboost")}
r1_err = df3[df3["split"] == "r1"].pivot_table(index=["dataset", "nu_frac"], columns="booster", values="test_error")
n_test3 = {dn: int(df3[(df3["dataset"] == dn) & (df3["split"] == "r1")]["n_test"].iloc[0]) for dn in done3}


def half_width(e1, e2, n):
    """95% half-width of e2 - e1 for two error rates on n test examples (independent-error approximation)."""
    return 1.96 * math.sqrt((e1 * (1 - e1) + e2 * (1 - e2)) / n)


print(f"{'set':14s} {'n_test':>6s} {'ERLPB.-LPB.':>11s} {'MLPB.-LPB.':>10s} {'95% +-':>6s} {'paper':>6s}")
inside, paper_out = {}, {}
for dn in done3:
    e_l = err[dn, "lpboost"]
    hws = {b: half_width(e_l, err[dn, b], n_test3[dn]) for b in ("erlpboost", "mlpboost")}
    inside[dn] = all(abs(err[dn, b] - e_l) <= hws[b] for b in hws)
    pd_ = paper3[dn]["mlpboost"] - paper3[dn]["lpboost"]
    paper_out[dn] = abs(pd_ - (err[dn, "mlpboost"] - e_l)) > hws["mlpboost"]
    print(f"{dn + ('*' if dn in MHT_SEEDED_PARTITION else ''):14s} {n_test3[dn]:6d} {err[dn, 'erlpboost'] - e_l:+11.4f} "
          f"{err[dn, 'mlpboost'] - e_l:+10.4f} {hws['mlpboost']:6.3f} {pd_:+6.2f}{'  outside' if paper_out[dn] else ''}")
print("paper: the paper's MLPB. - LPB.; outside: not within our 95% interval")
# (i) holds on every set but titanic: its training part has only a dozen distinct inputs, the LP many optimal
# solutions, and at equal nu the two runs' classifiers differ widely (the non-unique optima the paper names)
assert {dn for dn in done3 if not inside[dn]} <= {"titanic"}, inside
if not inside.get("titanic", True):
    X_ti = studies.load_split("titanic", "r1")["X"]
    at_nu = r1_err.loc["titanic"]
    print(f"titanic: {len(np.unique(X_ti, axis=0))} distinct training inputs; test error at equal nu/m "
          f"(LPB., MLPB.): {[(nu, round(a, 3), round(b, 3)) for nu, a, b in zip(at_nu.index, at_nu['lpboost'], at_nu['mlpboost'], strict=True)]}")
    assert len(np.unique(X_ti, axis=0)) <= 15 and (at_nu["lpboost"] - at_nu["mlpboost"]).abs().max() > 0.3
diff = np.array([err[dn, "mlpboost"] - err[dn, "lpboost"] for dn in done3])
n_neq = int(np.sum(diff != 0))
p_sign = binomtest(int(np.sum(diff < 0)), n_neq).pvalue if n_neq else 1.0
paper_below = sum(v["mlpboost"] < v["lpboost"] for v in paper3.values())
print(f"sets with all three columns: {len(done3)}; MLPB. below / above LPB. on {int(np.sum(diff < 0))} / "
      f"{int(np.sum(diff > 0))}; sign test p = {p_sign:.3f} (paper: below on {paper_below} of {len(paper3)}); "
      f"the paper's MLPB. - LPB. outside our 95% interval on {[dn for dn in done3 if paper_out[dn]]}")
assert len(done3) >= 3 and p_sign > 0.05 and paper_below == 9  # (ii)
# (i) also on any set where only LPBoost and ERLPBoost are stored (none in the committed store: MLPBoost ran on
# all 11 sets; a partial store, e.g. a user's resumed run, may have such sets)
done2 = sorted({dn for dn, b in ours3 if b == "erlpboost" and (dn, "lpboost") in ours3} - set(done3))
for dn in done2:
    e_l, e_e = ours3[dn, "lpboost"][1], ours3[dn, "erlpboost"][1]
    n_t = int(df3[(df3["dataset"] == dn) & (df3["split"] == "r1")]["n_test"].iloc[0])
    hw = half_width(e_l, e_e, n_t)
    print(f"{dn + ('*' if dn in MHT_SEEDED_PARTITION else ''):14s} {n_t:6d} ERLPB.-LPB. {e_e - e_l:+.4f} "
          f"(+- {hw:.3f}); paper {paper3[dn]['erlpboost'] - paper3[dn]['lpboost']:+.2f}")
    assert abs(e_e - e_l) <= hw, dn
# and the paper's ERLPB. - LPB. on image (0.20 - 0.10) lies far outside our interval
e_img = (ours3["image", "lpboost"][1], ours3["image", "erlpboost"][1])
n_img = int(df3[(df3["dataset"] == "image") & (df3["split"] == "r1")]["n_test"].iloc[0])
assert abs((paper3["image"]["erlpboost"] - paper3["image"]["lpboost"]) - (e_img[1] - e_img[0])) > 5 * half_width(
    *e_img, n_img)
assert paper_out["banana"] and abs(paper3["banana"]["mlpboost"] - paper3["banana"]["lpboost"]) > 0.1  # (iii)
assert paper_out["ringnorm"] and abs(paper3["ringnorm"]["mlpboost"] - paper3["ringnorm"]["lpboost"]) > 0.1
assert paper_out["image"] and abs(paper3["image"]["mlpboost"] - paper3["image"]["lpboost"]) > 0.05
assert not paper_out["german"]  # german: the paper's small MLPB. - LPB. lies inside our interval
claims.check("MHT Table 3", status="fails",
             on="realisation 1 of banana, breast_cancer, flare_solar*, german, heart, image, ringnorm, splice*, thyroid*, "
             "titanic, twonorm* (* refboost's seeded partition with the IDA sizes); nu "
             "by 5-fold CV; exact depth-2 trees",
             note="LPB., ERLPB. and MLPB. test errors differ by less than their 95% intervals on every set but "
             "titanic (non-unique LP optima); the paper's gaps (banana MLPB. 0.10 vs LPB. 0.28; ringnorm MLPB. 0.03 vs "
             "LPB. 0.18, ours 0.104 and 0.101; image ERLPB. 0.20 vs LPB. 0.10, ours 0.013 and 0.013) are not "
             "reproduced, nor image's MLPB. 0.02 vs LPB. 0.10 (ours 0.014 and 0.013)")

# %% [markdown]
# **Table 2 (CPU time ratios).** Our mean CPU time over $\nu$ per booster (the `mht_table3` cells on the whole
# training part; a cell's CPU time includes setting up the weak learner and predicting), as ratios to LPBoost, next
# to the paper's ratios of its printed seconds. Absolute seconds depend on the machine and its load; the ratios and
# the orderings are what is compared. The orderings are tested per $(\text{set},\nu)$ pair with an exact sign test
# ($\alpha=0.01$).

# %%
rows2 = mht_table2(recs3, "paper")
print("CPU time: LPB.'s in s, the others as ratios to LPB. [paper's]; cells: stored L/E/C/M")
print(f"{'data set':14s} {'cells':>15s} {'LPB.':>7s} {'ERLPB./LPB.':>13s} {'MLPB./LPB.':>13s} {'C-ERLPB./LPB.':>13s}")


def _fmt(v):
    return "-" if v is None else (v if isinstance(v, str) else f"{v:.2f}")


for r in rows2:
    print(f"{r['dataset'] + ('*' if r['dataset'] in MHT_SEEDED_PARTITION else ''):14s} {r['cells']:>15s} "
          f"{_fmt(r['lpboost_cpu']):>7s}" + "".join(
              f"{_fmt(r[f'{b}/lpboost']) + ' [' + _fmt(r[f'paper {b}/lpboost']) + ']':>14s}"
              for b in ("erlpboost", "mlpboost", "cerlpboost")))
# second path: the per-(set, nu) CPU times straight from the records
r1 = df3[df3["split"] == "r1"].pivot_table(index=["dataset", "nu_frac"], columns="booster", values="time_cpu")
for r in rows2:
    for b in ("lpboost", "erlpboost", "mlpboost"):
        if r[f"{b}_cpu"] is not None:
            assert abs(r[f"{b}_cpu"] - r1.loc[r["dataset"], b].mean()) < 1e-12
pairs = r1[["lpboost", "erlpboost", "mlpboost"]].dropna()
n_pairs = len(pairs)
k_m = int(np.sum(pairs["mlpboost"] > pairs["lpboost"]))
k_e = int(np.sum(pairs["erlpboost"] < pairs["lpboost"]))
p_m = binomtest(k_m, n_pairs, alternative="greater").pvalue
p_e = binomtest(k_e, n_pairs, alternative="greater").pvalue
print(f"over {n_pairs} (set, nu) pairs: MLPB. slower than LPB. in {k_m} (sign test p = {p_m:.1e}); "
      f"ERLPB. faster than LPB. in {k_e} (p = {p_e:.1e})")
paper2 = studies.paper_numbers()["mht_table2"]["values"]
paper_e = {dn: v["erlpboost"] / v["lpboost"] for dn, v in paper2.items()}
# the paper: MLPB.(SS) slower than LPB. on all 13 sets (reproduced); ERLPB. 13-124x slower than LPB. on 10 of
# the 13 sets (fails: ERLPBoost's compiled step makes it faster than LPBoost here)
assert all(v["mlpboost"] > v["lpboost"] for v in paper2.values()) and p_m < 0.01
assert sum(v > 10 for v in paper_e.values()) == 10 and min(v for v in paper_e.values() if v > 10) > 13 and p_e < 0.01
ratio_e = {r["dataset"]: r["erlpboost/lpboost"] for r in rows2 if r["erlpboost/lpboost"] is not None}
print(f"ERLPB./LPB. above 10 on {sum(v > 10 for v in ratio_e.values())} of our {len(ratio_e)} sets (paper: 10 of 13); "
      f"above 1 on {[dn for dn, v in ratio_e.items() if v > 1]}")
assert sum(v > 10 for v in ratio_e.values()) < len(ratio_e) / 2  # the paper's "ERLPB. >10x slower on most sets" fails
# C-ERLPB. (the paper's column "MLPB. (SS only)", i.e. FW): the slowest of the paper's boosters, aborted after 10^3
# or 10^4 s on 9 of its 13 sets. A run of ours that stopped at the round cap (10^5 rounds) without converging has a
# time that is a lower bound; it still counts as slower, since the time to converge exceeds it.
pairs_c = r1[["lpboost", "erlpboost", "cerlpboost"]].dropna()
k_cl2 = int(np.sum(pairs_c["cerlpboost"] > pairs_c["lpboost"]))
k_ce2 = int(np.sum(pairs_c["cerlpboost"] > pairs_c["erlpboost"]))
p_cl2 = binomtest(k_cl2, len(pairs_c), alternative="greater").pvalue
p_ce2 = binomtest(k_ce2, len(pairs_c), alternative="greater").pvalue
print(f"C-ERLPB. on {pairs_c.index.get_level_values(0).nunique()} sets, {len(pairs_c)} (set, nu) pairs: slower than "
      f"LPB. in {k_cl2} (sign test p = {p_cl2:.1e}), than ERLPB. in {k_ce2} (p = {p_ce2:.1e}); median ratio to LPB. "
      f"{np.median(pairs_c['cerlpboost'] / pairs_c['lpboost']):.0f}; stopped at the round cap: "
      f"{[(dn, nu, int(n)) for dn, nu, n in zip(cap_c['dataset'], cap_c['nu_frac'], cap_c['n_iter'], strict=True)]}")

# the paper: C-ERLPB. slower than LPB. on all 13 sets (a printed lower bound counts); reproduced per pair
assert all(paper_seconds(v["cerlpboost"]) > v["lpboost"] for v in paper2.values())
assert len(pairs_c) >= 20 and p_cl2 < 0.01 and p_ce2 < 0.01
assert k_cl2 == k_ce2 == len(pairs_c)  # the text below: slower than both in every pair where it ran
claims.check("MHT Table 2", status="partly reproduced",
             on="mht_table3 store, whole-training-part cells of the sets with all five nu (table above), "
             "nu in {0.1, ..., 0.5} m, eps = 0.01, exact trees",
             note="MLPB. slower than LPB. in (nearly) every (set, nu) pair, as in the paper; C-ERLPB. (the paper's "
             "MLPB. (SS only)) slower than LPB. and ERLPB. on the sets where it ran, as in the paper; ERLPB. is not "
             "13-124x slower than LPB. as on 10 of the paper's 13 sets, but faster on most (set, nu) pairs")

# %% [markdown]
# **Table 1 (the comparison of the boosters).** The paper's Table 1 prints, per booster, the iteration bound and the
# problem solved per iteration, and its caption adds that "in practice, the algorithms work fast in the order
# LPBoost, ERLPBoost, and C-ERLPBoost" and that MLPBoost "is as fast as LPBoost":
#
# | | LPBoost | C-ERLPBoost | ERLPBoost | MLPBoost |
# |---|---|---|---|---|
# | iteration bound | $\Omega(m)$ | $O(\frac1{\epsilon^2}\ln\frac m\nu)$ | $O(\frac1{\epsilon^2}\ln\frac m\nu)$ | $O(\frac1{\epsilon^2}\ln\frac m\nu)$ |
# | problem per iteration | LP | sorting | convex program | LP |
#
# The cell checks the bounds row on the worst-case family of §3.8 ($m = 20, 40, 80$, $\nu = 1$,
# $\epsilon = 0.01$): LPBoost's rounds are $m/2+1$, linear in $m$; ERLPBoost's are within Glocer's Thm 3.10 bound
# `bounds.erlpboost_bound` and MLPBoost's and C-ERLPBoost's within Theorem 3's `bounds.fw_iteration_bound` at
# `bounds.eta_fw`. The second row describes the solvers and is not a measurable claim (refboost's: the
# restricted LP with HiGHS; the log-domain capped-simplex projection of `refboost.projections`, a fixed-point
# iteration without a sort; an active-set Newton method on the small dual; the LP again). The
# caption's speed order is checked on the Table 2 runs above: there ERLPBoost is *faster* than LPBoost on most
# $(\text{set},\nu)$ pairs, so the order fails on our runs (ERLPBoost's step is compiled here; the paper's
# was a generic convex solver).

# %%
ms = sorted(worst_case_rounds)
lp_rounds = [worst_case_rounds[m_wc]["lpboost"] for m_wc in ms]
assert lp_rounds == [m_wc // 2 + 1 for m_wc in ms]  # Omega(m): linear in m on this family
for m_wc in ms:
    wc = worst_case_rounds[m_wc]
    assert wc["erlpboost"] <= rb.bounds.erlpboost_bound(0.01, m_wc, 1.0)
    fw_bound = fw_iteration_bound(eta_fw(0.01, m_wc, 1.0), 0.01)
    assert max(wc["mlpboost"], wc["mlpboost-pfw"], wc["cerlpboost"]) <= fw_bound
    print(f"m = {m_wc:3d}: LPB. {wc['lpboost']:3d} rounds (m/2 + 1); ERLPB. {wc['erlpboost']} <= "
          f"{rb.bounds.erlpboost_bound(0.01, m_wc, 1.0):.3g}; MLPB. {wc['mlpboost']}, C-ERLPB. {wc['cerlpboost']} <= {fw_bound}")
assert k_e > n_pairs / 2  # the caption's "LPBoost faster than ERLPBoost" fails on most (set, nu) pairs here
claims.check("MHT Table 1", status="partly reproduced",
             on="the §3.8 worst-case family (m = 20, 40, 80) and the Table 2 runs of the mht_table3 store",
             note="the iteration-bound row holds on the instances (LPBoost m/2 + 1 rounds, the others within their "
             "O(ln(m/nu)/eps^2) bounds); the caption's speed order LPB. < ERLPB. fails: ERLPB. is faster than LPB. "
             "on most (set, nu) pairs of Table 2 here")

# %% [markdown]
# **Figs 1 and 3 (objective and test error vs time).** One traced run per set and booster, realisation 1's
# training part, $\nu=0.1m$, $\epsilon=0.01$. The weak learner is the greedy depth-2 tree (`TreeOracle(search=
# "greedy")`: the best stump at the root, then the best stump in each child), because one exact-search LPBoost run on
# ringnorm (7951 root splits per call) takes more than 300 s of CPU here, a greedy one about 1 s. The time axis is the
# booster's own clock at iteration $t$ (wall time; the paper plots CPU time). ERLPBoost's first iteration also
# loads its compiled kernels once per worker process, so the orderings below compare the time spent **after**
# iteration 1. Fig. 1 (ringnorm) claims, read from the paper's Table 2 and text: ERLPBoost is by far the slowest
# to converge, MLPBoost is competitive with LPBoost; Fig. 3 claims MLPBoost reaches a low test error on most sets.
# The three solve the same LP, but the greedy tree is not an exact oracle, so a run can stop short of the others'
# objective (the spread of the final objectives is printed; it exceeds $\epsilon$ on some sets); asserted is that
# MLPBoost ends at least as high as LPB. and ERLPB., up to $\epsilon$. Then the orderings of Fig. 1 on ringnorm, and per set whether MLPBoost's
# final test error is within 0.02 of the best final test error of LPB. and ERLPB. ("low"), counted over the sets.

# %%
with studies.Store(studies.default_store("mht_figs", "paper")) as _sto:
    recs_f = _sto.records()
curves = mht_fig_curves(recs_f)
rows_f = {(r["dataset"], r["booster"]): r for r in studies.analyse("mht_figs", "paper")}
fig_sets = [dn for dn in MHT_SCALES["paper"]["sets"] if all((dn, b) in curves for b in ("lpboost", "erlpboost", "mlpboost"))]
eps_f = 0.01
print(f"{len(recs_f)} traced runs; sets with LPB., ERLPB. and MLPB.: {fig_sets}")
print(f"{'set':14s} {'booster':10s} {'T':>6s} {'time (s)':>9s} {'after t=1':>9s} {'rho(w_T)':>9s} {'test err':>8s} {'best':>6s}")
after1 = {}
for (dn, b), c in sorted(curves.items()):
    r = rows_f[dn, b]
    # second path: the curve's last point is the record's own run
    rec = next(x for x in recs_f if x["dataset"] == dn and x["booster"] == b)
    assert c["t"][-1] == rec["n_iter"] + (b == "erlpboost") and c["test_error"][-1] == rec["test_error"]
    assert r["objective"] == c["objective"][-1] and np.all(np.diff(c["time"]) >= 0)
    after1[dn, b] = c["time"][-1] - c["time"][0]
    print(f"{dn:14s} {COLS[b]:10s} {rec['n_iter']:6d} {c['time'][-1]:9.2f} {after1[dn, b]:9.2f} "
          f"{c['objective'][-1]:9.4f} {c['test_error'][-1]:8.4f} {c['test_error'].min():6.3f}")
low = {dn: curves[dn, "mlpboost"]["test_error"][-1]
       <= min(curves[dn, b]["test_error"][-1] for b in ("lpboost", "erlpboost")) + 0.02 for dn in fig_sets}
print("MLPB.'s final test error within 0.02 of the best of LPB. and ERLPB.:", {k: bool(v) for k, v in low.items()})
# LPBoost with the greedy (inexact) tree can stop short: the final objectives of a set need not agree within eps
spread = {dn: max(curves[dn, b]["objective"][-1] for b in ("lpboost", "erlpboost", "mlpboost"))
          - min(curves[dn, b]["objective"][-1] for b in ("lpboost", "erlpboost", "mlpboost")) for dn in fig_sets}
print("spread of the final objectives of LPB., ERLPB., MLPB. per set:", {k: round(float(v), 4) for k, v in spread.items()})
for dn in fig_sets:  # MLPBoost ends at least as high as LPBoost and ERLPBoost, up to eps
    assert curves[dn, "mlpboost"]["objective"][-1] >= max(curves[dn, b]["objective"][-1] for b in ("lpboost", "erlpboost")) - eps_f
# C-ERLPBoost stops on its FW gap, computed from the edges of the trees the weak learner returned; the greedy tree's
# edge can be below the class's best, so "converged" does not bound rho* - rho(w_T) here: on heart it ends far below
cg = curves["heart", "cerlpboost"]["objective"][-1]
print(f"heart: C-ERLPB. converged = {rows_f['heart', 'cerlpboost']['converged']}, rho(w_T) = {cg:.4f}, "
      f"MLPB. {curves['heart', 'mlpboost']['objective'][-1]:.4f}")
assert rows_f["heart", "cerlpboost"]["converged"] and cg < curves["heart", "mlpboost"]["objective"][-1] - 5 * eps_f
# claims: none (the curves end at their records; on these runs MLPBoost ends at least as high as the others, and
# C-ERLPBoost's stopping test is not a certificate with the greedy tree; the figures' claims: the next two cells)

# %%
# Fig. 1 (ringnorm): the paper's orderings
rn = {b: curves["ringnorm", b] for b in ("lpboost", "erlpboost", "mlpboost")}
print("ringnorm, time after iteration 1 (s):", {COLS[b]: round(float(after1["ringnorm", b]), 2) for b in rn},
      "final test error:", {COLS[b]: round(float(rn[b]["test_error"][-1]), 4) for b in rn})
# MLPBoost is competitive with LPBoost (within 2x of its time) -- holds
assert after1["ringnorm", "mlpboost"] <= 2 * after1["ringnorm", "lpboost"]
# ERLPBoost the slowest (paper: 1148 s vs 22 s for LPB. in Table 2) -- fails: it is the fastest here
assert after1["ringnorm", "erlpboost"] < min(after1["ringnorm", b] for b in ("lpboost", "mlpboost"))
# MLPBoost's test error far below LPBoost's (paper's Table 3: 0.03 vs 0.18) -- fails: within 0.02
assert abs(rn["mlpboost"]["test_error"][-1] - rn["lpboost"]["test_error"][-1]) <= 0.02
assert paper3["ringnorm"]["lpboost"] - paper3["ringnorm"]["mlpboost"] > 0.1
claims.check("MHT Fig 1", status="partly reproduced", on="ringnorm, IDA realisation 1, nu = 0.1 m, eps = 0.01, greedy depth-2 trees",
             note="MLPB. within 2x of LPB.'s time (holds); ERLPB. is the fastest, not the slowest; MLPB.'s test error "
             "is within 0.02 of LPB.'s, not far below it; wall time of one run each")

# %%
# Fig. 3: "MLPB.(SS) reaches low test error on most data sets" -- read as: its final test error is within 0.02 of
# the best final test error of LPB. and ERLPB. on more than half of the sets; and the paper's sharper reading
# (MLPB. well below both, as in its Table 3) is checked as: more than 0.02 below both on some set
below = {dn: curves[dn, "mlpboost"]["test_error"][-1]
         < min(curves[dn, b]["test_error"][-1] for b in ("lpboost", "erlpboost")) - 0.02 for dn in fig_sets}
print(f"MLPB. low on {sum(low.values())} of {len(fig_sets)} sets (not on {[dn for dn in fig_sets if not low[dn]]}); "
      f"more than 0.02 below both LPB. and ERLPB. on {sum(below.values())}")
assert 2 * sum(low.values()) > len(fig_sets) and not any(below.values())
claims.check("MHT Fig 3", status="partly reproduced",
             on="realisation 1 (IDA's; * a seeded partition: flare_solar, splice, thyroid, twonorm) of the 11 sets with "
             "LPB., ERLPB. and MLPB. in mht_figs, nu = 0.1 m, eps = 0.01, greedy depth-2 trees",
             note="MLPB.'s final test error within 0.02 of the best of LPB. and ERLPB. on 8 of 11 sets (not german, thyroid*, "
             "titanic); "
             "on no set is it more than 0.02 below both, unlike the paper's Table 3")

# %%
# Table 1's caption, last place: C-ERLPBoost slower than ERLPBoost -- on the figure runs (exact sign test over the
# sets, alpha = 0.01; time after iteration 1, as for Fig. 1)
ce_sets = [dn for dn in MHT_SCALES["paper"]["sets"] if all((dn, b) in curves for b in COLS)]
k_ce = sum(after1[dn, "cerlpboost"] > after1[dn, "erlpboost"] for dn in ce_sets)
k_cl = sum(after1[dn, "cerlpboost"] > after1[dn, "lpboost"] for dn in ce_sets)
slowest = [dn for dn in ce_sets if after1[dn, "cerlpboost"] > max(after1[dn, b] for b in T3_COLS)]
p_ce = binomtest(k_ce, len(ce_sets), alternative="greater").pvalue
print(f"C-ERLPB. slower than ERLPB. on {k_ce} of {len(ce_sets)} sets (sign test p = {p_ce:.1e}), than LPB. on "
      f"{k_cl}; the slowest of the four on {len(slowest)}: {slowest}")
assert p_ce < 0.01  # holds: C-ERLPBoost comes after ERLPBoost, as the caption orders them
claims.check("MHT Table 1", status="partly reproduced",
             on="the 11 traced runs of mht_figs (nu = 0.1 m, eps = 0.01, greedy depth-2 trees; time after iteration 1)",
             note="the caption's last place holds: C-ERLPB. is slower than ERLPB. on all 11 sets (exact sign test, "
             "alpha = 0.01); its first part, LPB. before ERLPB., fails on the Table 2 runs above")

# %% tags=["hide-input"]
STYLE = {"lpboost": "C0", "erlpboost": "C1", "mlpboost": "C2", "cerlpboost": "C3"}
fig, ax = plt.subplots(1, 2, figsize=(11, 4))
for b, c in ((b, curves["ringnorm", b]) for b in COLS if ("ringnorm", b) in curves):
    ax[0].plot(c["time"], c["objective"], ".-", color=STYLE[b], label=COLS[b])
    ax[1].plot(c["time"], c["test_error"], ".-", color=STYLE[b], label=COLS[b])
for a, lab in zip(ax, (r"soft margin $\rho(w_t)$", "test error"), strict=True):
    a.set_xscale("log"), a.set_xlabel("time (s, the run's clock)"), a.set_ylabel(lab)
ax[0].set_ylim(max(-0.05, min(float(curves["ringnorm", b]["objective"].min()) for b in rn)), None)
ax[0].set_title(r"Fig. 1 (left): ringnorm, $\nu=0.1m$"), ax[1].set_title("Fig. 1 (right)"), ax[0].legend()
plt.tight_layout()
plt.show()

# %% tags=["hide-input"]
n_f = len(fig_sets)
n_col = min(n_f, 4)  # a grid of panels, 4 to a row, so each stays legible in the text column
n_row = -(-n_f // n_col)
fig, axs = plt.subplots(n_row, n_col, figsize=(3.3 * n_col, 2.9 * n_row), squeeze=False)
for a, dn in zip(axs.flat, fig_sets, strict=False):
    for b in COLS:
        if (dn, b) in curves:
            a.plot(curves[dn, b]["time"], curves[dn, b]["test_error"], ".-", color=STYLE[b], label=COLS[b])
    a.set_xscale("log"), a.set_title(dn), a.set_xlabel("time (s)")
for a in axs.flat[n_f:]:
    a.set_axis_off()
for row in axs:
    row[0].set_ylabel("test error")
axs[0][0].legend(fontsize=9)
fig.suptitle(r"Fig. 3 style: test error vs time, $\nu=0.1m$, $\epsilon=0.01$, greedy depth-2 trees")
plt.tight_layout()
plt.show()

# %% [markdown]
# What the stores show. The three methods that solve the soft-margin LP give test errors whose differences lie
# inside their 95% intervals on every set we ran but titanic, whose dozen distinct training inputs leave the LP with
# many optimal solutions (there LPBoost's and MLPBoost's classifiers differ widely at equal $\nu$, the paper's own
# explanation of its spread). So the paper's wide differences in Table 3 (and MLPBoost's low test error in Figs 1
# and 3 as a *difference* to LPBoost) are not reproduced; the run-to-run detail the paper leaves open (split,
# de-duplicated rows, Gurobi's choice among optimal LP solutions) is a plausible source of its spread. On the
# seeded partitions (*) the comparison is between methods on one split, not with the paper's split. Table 2's
# ordering MLPBoost slower than LPBoost is reproduced; ERLPBoost, slowest in the paper, is faster than LPBoost on most
# of our (set, $\nu$) pairs (its compiled step, `refboost/_jit/entropy.py`). C-ERLPBoost (the paper's FW) needs
# thousands of rounds (554 to 30,049 in the figures, which have it on all 11 sets; up to $10^5$, the cap, with the
# exact tree in Table 2's runs), comes after ERLPBoost in time on every set, in the figures and in every (set, $\nu$)
# pair of Table 2's runs, as in the paper, and with the greedy tree its stopping test is no certificate (heart,
# above). Every declared cell of both stores has run (1,320 in `mht_table3`, 44 in `mht_figs`), and any of them can
# be re-run and compared with its stored record, e.g.
# `refboost-repro mht_table3 --scale paper --verify 3 --datasets splice --boosters cerlpboost`
# (`REFBOOST_DATA` pointing at the downloaded sets; a C-ERLPBoost cell at the cap takes about 25 min of CPU).


# %% [markdown]
# ## 4. Promotion
# Everything above imports the package: `refboost.mlpboost` / `refboost.cerlpboost`
# (`refboost/boosters/frank_wolfe.py`: Alg. 1 with the four FW rules and the LPBoost / ERLPBoost
# secondary rules, $\epsilon_t$, $G_t$, the rate bound and the certificate
# $\hat\gamma_T-\rho(w_T)$ per round), the eta of Lemma 2 and the bounds of Theorem 3 / eq. (18)
# next to Glocer's in `refboost.bounds` (`eta_fw`, `fw_rate_bound`, `fw_iteration_bound`), the sorting algorithm
# `refboost.projections.smoothed_soft_margin`, the restricted LP of `refboost.lpboost`, ERLPBoost's
# step `refboost.boosters.entropy.erlp_dual_step`, and the ground truth `refboost.truth`
# (`soft_margin_lp`, `smoothed_soft_margin_cvx`, `smoothed_soft_margin_beta_form`,
# `smoothed_edge_min_cvx`, `smoothed_soft_margin_max_cvx`). The tests in
# `tests/test_frank_wolfe.py` repeat these assertions.
