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
# # The dual formulation of boosting (Shen & Li, 2010)
#
# Shen & Li, *On the Dual Formulation of Boosting Algorithms*, IEEE TPAMI 32(12), 2010. Equation numbers
# are the paper's display numbers.
#
# Notation: $U_{ij}=y_iH_{ij}$ (the paper's $V=\mathrm{diag}(\boldsymbol y)H$), weights $\boldsymbol w\succcurlyeq0$
# with $\mathbf 1^\top\boldsymbol w=1/T$, normalised weights $\boldsymbol\lambda=T\boldsymbol w$ on the simplex,
# normalised margins $\varrho=U\boldsymbol\lambda$ (34), edges $U^\top\boldsymbol u$.
#
# ## 1 Statement
#
# **AdaBoost$_{\ell1}$**, eq. (5):
#
# $$\min_{\boldsymbol w}\ \log\sum_{i=1}^M\exp(-y_iH_i\boldsymbol w)\quad\text{s.t.}\quad\boldsymbol w\succcurlyeq0,\ \mathbf 1^\top\boldsymbol w=\tfrac1T.$$
#
# ```{prf:theorem} AdaBoost dual (Shen & Li 2010, Thm 3.1)
# :nonumber:
# :label: thm-shen-ada-dual
# The Lagrange dual of (5) is the Shannon-entropy maximisation (10)
#
# $$\max_{r,\boldsymbol u}\ \frac rT-\sum_iu_i\log u_i\quad\text{s.t.}\quad U^\top\boldsymbol u\preccurlyeq-r\mathbf 1,\ \boldsymbol u\succcurlyeq0,\ \mathbf 1^\top\boldsymbol u=1,$$
#
# equivalently ($r\to-r$, times $T$) the *entropy-regularised LPBoost* (15)
#
# $$\min_{r,\boldsymbol u}\ r+T\sum_iu_i\log u_i\quad\text{s.t.}\quad U^\top\boldsymbol u\preccurlyeq r\mathbf 1,\ \boldsymbol u\in\Delta_M,$$
#
# with $\mathrm{Opt}_{(5)}=\mathrm{Opt}_{(10)}=-\mathrm{Opt}_{(15)}/T$ and the KKT relation (24)
# $u_i^\star=\mathrm{softmax}(-U\boldsymbol w^\star)_i$.
# ```
#
# ```{prf:theorem} LogitBoost dual (Shen & Li 2010, Thm 3.2)
# :nonumber:
# :label: thm-shen-logit-dual
# The dual of the $\ell_1$-constrained logistic loss (32),
# $\min_{\boldsymbol w}\sum_i\log(1+e^{-y_iH_i\boldsymbol w})$ s.t. $\boldsymbol w\succcurlyeq0,\ \mathbf 1^\top\boldsymbol w=1/T$, is (30), equivalently
#
# $$(31)\qquad\min_{r,\boldsymbol u}\ r+T\sum_i\big[u_i\log u_i+(1-u_i)\log(1-u_i)\big]\quad\text{s.t.}\quad U^\top\boldsymbol u\preccurlyeq r\mathbf 1,$$
#
# with $\boldsymbol u\in(0,1)^M$ **not normalised**, and KKT (33) $u_i=\sigma(-y_iH_i\boldsymbol w)$.
# ```
#
# The soft-margin LPBoost with the generalised hinge $(\max\{0,1-yF\})^p$ has, for $p>1$, the
# Tsallis-entropy-regularised dual (28) $\min r+c\sum_iu_i^q$, $c=D^{1-q}(p^{1-q}-p^{-q})=(pD)^{1-q}/q$.
# AdaBoost-QP (41) is $\min_{\boldsymbol w\in\Delta}\tfrac12\boldsymbol w^\top A\boldsymbol w-T\boldsymbol b^\top\boldsymbol w$
# ($\boldsymbol b$ = mean, $A$ = population covariance of the rows $y_iH_i$).

# %%
import time

import matplotlib.pyplot as plt
import numpy as np
from scipy import stats
from scipy.integrate import quad
from scipy.special import erf, expit, logsumexp

import refboost as rb
from refboost import claims, truth
from refboost.boosters.shen import (
    binary_entropy_sum,
    q_log,
    tsallis_coefficient,
    tsallis_entropy,
)
from refboost.experiments import error_rate, random_split
from refboost.instances import threshold_pool

FULL_RUN = False  # True: the six data sets of Fig. 5 and 1000 rounds in §3.8 (a few minutes)
plt.rcParams.update({"font.size": 12})  # legible at the book's column width
OBJ_TOL, KKT_TOL = 1e-6, 1e-4  # objective agreement; dual-variable residuals (Clarabel accuracy)
rng = np.random.default_rng(0)
M, N = 40, 25
y = rng.choice([-1.0, 1.0], M)
U = y[:, None] * np.sign(rng.standard_normal((M, N)) + 0.3 * y[:, None])

# %% [markdown]
# ## 2 Derivation
#
# Introduce $z_i=-y_iH_i\boldsymbol w$ (eq. (11); the minimisation is over $(\boldsymbol w,\boldsymbol z)$, not only
# $\boldsymbol w$ as printed). The Lagrangian (12) is
# $L=\mathrm{lse}(\boldsymbol z)-\sum_iu_i(z_i+y_iH_i\boldsymbol w)-\boldsymbol q^\top\boldsymbol w-r(\mathbf 1^\top\boldsymbol w-1/T)$.
# The infimum over $\boldsymbol z$ is $-\mathrm{lse}^*(\boldsymbol u)=-\sum u_i\log u_i$ on the simplex (Prop. 3.1);
# the infimum over $\boldsymbol w$ is finite iff $U^\top\boldsymbol u+\boldsymbol q+r\mathbf 1=0$, i.e.
# $U^\top\boldsymbol u\preccurlyeq-r\mathbf 1$: this is (13) → (10). Stationarity in $\boldsymbol z$ gives (24).
# The multipliers $\boldsymbol\lambda$ of the edge constraints of (15) satisfy $\mathbf 1^\top\boldsymbol\lambda=1$
# ($\partial_r$) and $u_i\propto\exp(-(U\boldsymbol\lambda)_i/T)$ ($\partial_{u_i}$), hence $\boldsymbol w=\boldsymbol\lambda/T$.
#
# **Corrections to the paper.** Each is checked by a cell of §3.
#
# :::{admonition} Erratum: Shen & Li (2010), §3.5, the identity for $r^\star$
# :class: warning
# **Printed:** $\frac1T(-r^\star+T\sum_iu_i^\star\log u_i^\star)=\mathrm{Opt}_{(10)}$, hence
# $r^\star=T\sum_iu^\star_i\log u^\star_i-T\log\sum_ie^{-\varrho_i^\star/T}$.
# **Corrected:** $r^\star=-T\sum_iu_i^\star\log u_i^\star-T\log\sum_ie^{-\varrho_i^\star/T}=\sum_iu_i^\star\varrho_i^\star$:
# the maximal edge equals the $\boldsymbol u^\star$-average of the normalised margins.
# **Why:** the entropy term has the wrong sign; with (24), $\log u_i^\star=-\varrho_i^\star/T-\log\sum_ke^{-\varrho^\star_k/T}$, and
# the corrected form follows by taking the $\boldsymbol u^\star$-average. The conclusion drawn for $T\to0$ still holds.
# Checked in §3.2 (corrected form = Clarabel's $r^\star$; the printed form misses it by more than $10^{-2}$).
# :::
#
# :::{admonition} Erratum: Shen & Li (2010), §3.3, Tsallis entropy in $q$-log form
# :class: warning
# **Printed:** $S_q(\boldsymbol u)=-\sum_iu_i\log_qu_i$.
# **Corrected:** $S_q(\boldsymbol u)=(1-\sum_iu_i^q)/(q-1)=-\sum_iu_i^q\log_qu_i=\sum_iu_i\log_q(1/u_i)$.
# **Why:** with $\log_qu=(u^{1-q}-1)/(1-q)$, $-\sum_iu_i\log_qu_i=(1-\sum_iu_i^{2-q})/(1-q)=S_{2-q}(\boldsymbol u)$.
# Checked in §3.5 (last loop: the printed form equals $S_{2-q}$ and differs from $S_q$).
# :::
#
# :::{admonition} Erratum: Shen & Li (2010), eq. (14)
# :class: warning
# **Printed:** (14) is introduced as the dual of "the cost function in (3)".
# **Corrected:** it is the dual of the exponential loss (2) under the $\ell_1$ constraint of (3),
# $\min_{\boldsymbol w\succcurlyeq0,\,\mathbf 1^\top\boldsymbol w=1/T}\sum_i\exp(-y_iH_i\boldsymbol w)$.
# **Why:** the conjugate of $\sum_ie^{z_i}$ is $\sum_i(u_i\log u_i-u_i)$ on $\boldsymbol u\succcurlyeq0$ (no normalisation),
# which gives (14) with the unnormalised KKT relation $u_i^\star=\exp(-y_iH_i\boldsymbol w^\star)$; the logarithm in (3)
# gives the normalised entropy of (10) instead.
# Checked in §3.3 (the exponential-loss primal and (14) have the same optimum).
# :::
#
# :::{admonition} Erratum: Shen & Li (2010), §3.6, the eigenvector remark on (41)
# :class: warning
# **Printed:** without $\boldsymbol w\succcurlyeq0$ the QP (41) "can be analytically solved using eigenvalue
# decomposition — the largest eigenvector is the solution".
# **Corrected:** with only $\mathbf 1^\top\boldsymbol w=1$, (41) is an equality-constrained QP solved by the linear KKT
# system $A\boldsymbol w-T\boldsymbol b+\nu\mathbf 1=0$, $\mathbf 1^\top\boldsymbol w=1$ (singular or unbounded when $A$ is singular on
# $\mathbf 1^\perp$). **Why:** the objective has a linear term $-T\boldsymbol b^\top\boldsymbol w$, so its minimiser is not an
# eigenvector of $A$. The paper always imposes $\boldsymbol w\succcurlyeq0$, so nothing else depends on it.
# Checked in the cell after §3.3.
# :::
#
# Two readings we fix: the minimisation in (11) is over $(\boldsymbol w,\boldsymbol z)$, and
# $\mathbf 1^\top\boldsymbol w\le1/T$ is equivalent to the equality only when the constraint is active (e.g. pools
# closed under negation, which we use for stumps).
#
# **Solver design.** At the optimum $u_{\max}/u_{\min}$ can reach $e^{2/T}$ ($e^{1000}$ at $T=1/500$, in the
# paper's grid), so the duals are hostile to conic solvers. `refboost.adaboost_cg` and `refboost.logitboost_cg`
# solve the restricted **primal** in the normalised form (6), $\min_{\boldsymbol\lambda\in\Delta}T\,\mathrm{lse}(-U\boldsymbol\lambda/T)$,
# by an active-set Newton method on the simplex and recover $\boldsymbol u$ by a stable softmax. With
# $\boldsymbol g=-U^\top\boldsymbol u$ the Frank–Wolfe gap $\max_je_j-\boldsymbol\lambda^\top\boldsymbol e$ ($e$ = edges) equals the
# duality gap of the $T$-scaled pair (5)/(15), because $T\sum u\log u=-\boldsymbol u^\top\varrho-T\,\mathrm{Opt}$.
# With the maximum over the *whole* class this is the CG certificate: $\mathrm{Opt}^{\rm restricted}_{(5)}-\mathrm{Opt}^{\rm full}_{(5)}\le(\max_he_h-\boldsymbol u^\top\varrho)/T$.
#
# **What a result certifies.** `res.gap` $=\max_he_h-\boldsymbol u^\top\varrho$ is in the units of $\varepsilon$ (the
# $T$-scaled pair (5)/(15)); `res.extra["gap_unscaled"]` $=$ `res.gap`$/T$ bounds the excess of (5) itself.
# `refboost.certify.shen` recomputes each statement from the returned weights alone (objective in the paper's primal,
# the dual at the point the KKT relations build from the margins, the largest edge over the class):
# `adaboost_l1` ((5)/(15) at (24)), `logitboost_l1` ((32)/(31) at (33)), `generalized_hinge` ((28), or the LP (22)
# at $p=1$) and `adaboost_qp` ((41), its Wolfe dual). A booster returns `converged=True` only when its stopping rule
# fired *and* that certificate (`res.extra["certificate"]`) confirms it.

# %% [markdown]
# ### 2.1 The conjugates behind the derivation (Definition 3.1, Proposition 3.1, §3.4) and the smooth maximum (§3.2)
#
# Each closed form in `refboost.conjugates` is compared with the supremum of Definition 3.1 computed by scipy
# (BFGS on $\boldsymbol u^\top\boldsymbol x-f(\boldsymbol x)$, from $\boldsymbol x=0$):
#
# * Proposition 3.1, $\mathrm{lse}^*(\boldsymbol u)=\sum_iu_i\log u_i$ on the simplex, on 30 random $\boldsymbol u$ (Dirichlet,
#   $M\in\{2,5,20\}$); off the simplex the supremum is infinite: along $\boldsymbol x=t\mathbf 1$ the objective grows like
#   $t(\mathbf 1^\top\boldsymbol u-1)$, along $\boldsymbol x=-t\boldsymbol e_k$ like $-tu_k$ when $u_k<0$;
# * the paper's $\mathrm{logit}(x)=\log(1+e^{-x})$ of §3.4, $\mathrm{logit}^*(u)=(-u)\log(-u)+(1+u)\log(1+u)$ on $[-1,0]$ (a grid
#   of 199 points), its mirror $\log(1+e^x)$ with $u\log u+(1-u)\log(1-u)$ on $[0,1]$, and $\sum_ie^{x_i}$ with
#   $\sum_i(u_i\log u_i-u_i)$ (behind (14));
# * Definition 3.1's remark that $f^*$ is convex even for a non-convex $f$: for the double well
#   $f(x)=x^4-3x^2+x$, the brute-force conjugate on a grid has non-negative second differences, and $f^{**}$ is
#   the convex envelope, strictly below $f$ between the wells.
#
# The smooth maximum $\max_ia_i\le\log\sum_ie^{a_i}\le\max_ia_i+\log M$ (§3.2), and its temperature form
# $\max_ia_i\le T\log\sum_ie^{a_i/T}\le\max_ia_i+T\log M$ behind the homotopy of §3.6, is checked on 2000 random vectors
# and on adversarial ones: all entries equal (the upper bound is attained), one entry far above the rest (the lower
# bound is attained), entries of size $10^{300}$ and $10^{-300}$, $M=1$.

# %%
from refboost import conjugates as cj  # noqa: E402

rng_c = np.random.default_rng(31)
conj_err = {}
conj_err["lse (Prop. 3.1)"] = max(
    abs(cj.numerical_conjugate("lse", uu)[0] - cj.lse_conjugate(uu))
    for m_ in (2, 5, 20) for uu in rng_c.dirichlet(np.full(m_, rng_c.uniform(0.2, 3)), 10))
u_grid = np.linspace(-0.995, -0.005, 199)
conj_err["logit (§3.4)"] = max(abs(cj.numerical_conjugate("logit", v)[0] - cj.logit_conjugate(v)) for v in u_grid)
conj_err["log(1 + e^x)"] = max(abs(cj.numerical_conjugate("softplus", -v)[0] - cj.softplus_conjugate(-v)) for v in u_grid)
conj_err["sum exp (14)"] = max(abs(cj.numerical_conjugate("sum_exp", uu)[0] - cj.sum_exp_conjugate(uu))
                               for uu in rng_c.uniform(0.01, 5, (20, 4)))
print("max |numerical sup - closed form|:", {k: f"{v:.1e}" for k, v in conj_err.items()})
assert max(conj_err.values()) < 1e-9
# off the domains the supremum is +inf: the objective grows linearly along the directions of the proof
u_off = {"1^T u = 1.2": np.array([0.5, 0.4, 0.3]), "u_1 < 0": np.array([-0.2, 0.7, 0.5])}
x_dir = {"1^T u = 1.2": np.ones(3), "u_1 < 0": -np.eye(3)[0]}
for k, uu in u_off.items():
    vals = [uu @ (t * x_dir[k]) - logsumexp(t * x_dir[k]) for t in (10.0, 100.0, 1000.0)]
    assert cj.lse_conjugate(uu) == np.inf and vals[2] > 9 * vals[1] > 81 * vals[0] > 0
for v in (-1.3, 0.2):  # logit* is +inf outside [-1, 0]: u x - logit(x) grows along x -> -inf or x -> +inf
    vals = [v * x - np.logaddexp(0, -x) for x in np.sign(v + 0.5) * np.array([10.0, 100.0, 1000.0])]
    assert cj.logit_conjugate(v) == np.inf and vals[2] > vals[1] > vals[0] > 0
assert cj.logit_conjugate(-1.0) == cj.logit_conjugate(0.0) == 0.0  # the endpoints: 0 log 0 = 0
# Definition 3.1: the conjugate of a non-convex f is convex, and f** is f's convex envelope
xs = np.linspace(-4, 4, 8001)
f_dw = xs**4 - 3 * xs**2 + xs
us_ = np.linspace(-20, 20, 401)
f_star = cj.grid_conjugate(f_dw, xs, us_)
f_bistar = cj.grid_conjugate(f_star, us_, xs)
assert np.diff(f_star, 2).min() > -1e-9  # convex although f is not
assert f_dw[4000] > (f_dw[3000] + f_dw[5000]) / 2 + 1 and f_dw[4000] - f_bistar[4000] > 1.0  # f(0) > midpoint; f** < f
assert np.all(f_bistar <= f_dw + 1e-9)
claims.check("Shen-Li Def 3.1", status="holds", on="the double well x^4 - 3x^2 + x, grid conjugate",
             note="f* convex, f** the convex envelope below f")
claims.check("Shen-Li Prop 3.1", status="holds", on="30 random u on the simplex (M in {2, 5, 20}), two off-simplex u",
             note="closed form = scipy supremum to 1e-9; linear growth off the simplex")
claims.check("Shen-Li logit conjugate", status="holds", on="199 points of (-1, 0), two points outside, the endpoints",
             note="also log(1 + e^x) on [0, 1] and sum exp (the conjugate behind (14))")

# the smooth maximum of §3.2, with temperature T
vecs = [rng_c.standard_normal(int(m_)) * rng_c.choice([1e-3, 1.0, 1e3]) for m_ in rng_c.integers(1, 200, 2000)]
vecs += [np.full(50, 3.7), np.r_[1e3, np.zeros(49)], np.full(7, 1e300), np.r_[1e300, -1e300], np.full(4, 1e-300),
         np.array([-2.5]), np.r_[np.zeros(999), 40.0]]
worst = 0.0
for a_ in vecs:
    for T_sm in (1.0, 0.1, 1 / 500):
        lo, hi = cj.smooth_max_bounds(a_, T_sm)
        sm = cj.smooth_max(a_, T_sm)
        scale = 1e-14 * max(1.0, abs(lo))
        assert lo - scale <= sm <= hi + scale
        worst = max(worst, (lo - sm) / max(1.0, abs(lo)), (sm - hi) / max(1.0, abs(lo)))
assert abs(cj.smooth_max(np.full(50, 3.7)) - (3.7 + np.log(50))) < 1e-14  # upper bound attained (all equal)
assert abs(cj.smooth_max(np.r_[1e3, np.zeros(49)]) - 1e3) < 1e-14  # lower bound attained (one dominant entry)
print(f"smooth max: {len(vecs)} vectors x 3 temperatures inside [max, max + T log M]; largest relative excess {worst:.1e}")
claims.check("Shen-Li smooth max", status="holds", on="2000 random and 7 adversarial vectors, T in {1, 1/10, 1/500}",
             note="both bounds attained on the adversarial vectors")


# %% [markdown]
# ## 3 Numerical checks
# ### 3.1 Theorem 3.1: (5) = (10) = −(15)/T, KKT (24), w = λ/T

# %%
rows = []
for T in (1 / 5, 1 / 10, 1 / 20):
    p5, d10, d15 = (truth.adaboost_l1_primal_eq5(U, T), truth.adaboost_l1_dual_eq10(U, T),
                    truth.adaboost_l1_dual_eq15(U, T))
    res = rb.adaboost_cg(rb.MatrixOracle(U), T=T, eps=1e-9)
    kkt = np.abs(res.distribution - d15.x["u"]).max()
    lam_err = np.abs(U @ (d15.duals["lambda"] / T) - res.margins).max()
    rows.append((1 / T, p5.value, d10.value, -d15.value / T, res.extra["primal_objective"], res.gap, kkt, lam_err))
    assert abs(p5.value - d10.value) < OBJ_TOL and abs(p5.value + d15.value / T) < OBJ_TOL
    # stopping rule: T-scaled gap <= eps, so Opt(5) is reached within eps / T; certified from the weights alone
    assert abs(res.extra["primal_objective"] - p5.value) < OBJ_TOL and res.gap <= 1e-9 and res.extra["certificate"].ok
    assert rb.certify.result(res, U).ok
    assert kkt < KKT_TOL and lam_err < 1e-2 and abs(d15.duals["lambda"].sum() - 1) < KKT_TOL
claims.check("Shen-Li Thm 3.1", status="holds", on="random U, T grid, against Clarabel")
claims.check("Shen-Li eq (24)", status="holds", on="the same instances", note="KKT (24) and w = lambda/T")
claims.check("Shen-Li Alg 2", status="holds", on="the same instances",
             note="AdaBoost-CG reaches the optimum of (5), certified")
print(f"{'1/T':>4} {'Opt(5)':>12} {'Opt(10)':>12} {'-Opt(15)/T':>12} {'adaboost_cg':>12} {'cert.gap':>9} "
      f"{'|u-u15|':>8} {'|U(lam/T)-Uw|':>13}")
for r in rows:
    print(f"{r[0]:4.0f} {r[1]:12.8f} {r[2]:12.8f} {r[3]:12.8f} {r[4]:12.8f} {r[5]:9.1e} {r[6]:8.1e} {r[7]:13.1e}")

# %% [markdown]
# ### 3.2 The $r^\star$ identity: corrected form holds, the paper's form fails

# %%
T = 1 / 10
res = rb.adaboost_cg(rb.MatrixOracle(U), T=T, eps=1e-9)
d15 = truth.adaboost_l1_dual_eq15(U, T)
u, rho = res.distribution, res.extra["normalized_margins"]
neg_ent = float(np.sum(u * np.log(u)))
r_corrected = -T * neg_ent - T * logsumexp(-rho / T)
r_paper = T * neg_ent - T * logsumexp(-rho / T)
print(f"r*(15, Clarabel) = {d15.x['r']:.7f}   corrected = {r_corrected:.7f}   sum u*rho = {u @ rho:.7f}   "
      f"paper's form = {r_paper:.7f}")
assert abs(r_corrected - d15.x["r"]) < OBJ_TOL and abs(u @ rho - d15.x["r"]) < OBJ_TOL
paper_form_residual = abs(r_paper - d15.x["r"])
assert paper_form_residual > 1e-2  # counterexample to the printed identity
claims.check("Shen-Li r* identity", status="fails as printed, holds corrected", on="one random U, T = 1/10",
             note="the printed identity is asserted off by > 1e-2")

# %% [markdown]
# ### 3.3 (25), (26), the LP sandwich, Gibbs (18), dual (14)

# %%
T = 1 / 20
res = rb.adaboost_cg(rb.MatrixOracle(U), T=T, eps=1e-9)
u, opt5 = res.distribution, res.extra["primal_objective"]
# (25), (26) on two separate Clarabel solves: the margins U w* of the primal (5), u* of the dual (10)
# (the booster's u is the softmax of its own margins, for which (25) would hold for any w)
eq25 = []
for T25 in (1 / 5, 1 / 20):
    p5_, d10_ = truth.adaboost_l1_primal_eq5(U, T25), truth.adaboost_l1_dual_eq10(U, T25)
    m25, lu = U @ p5_.x["w"], np.log(d10_.x["u"])
    w_off = np.full(N, 1 / (N * T25))  # feasible, not optimal: (25) must fail there
    eq25.append((T25, np.abs(m25 - (-lu - p5_.value)).max(), abs(np.var(m25) - np.var(lu)),
                 np.abs(U @ w_off - (-lu - p5_.value)).max()))
    assert eq25[-1][1] < 1e-2 and eq25[-1][2] < 1e-2 and eq25[-1][3] > 1.0
lp = truth.hard_margin_lp(U)
opt15 = -T * opt5
assert lp.value - T * np.log(M) - 1e-9 <= opt15 <= lp.value + 1e-9 and res.extra["r"] >= lp.value - 1e-9
assert abs(truth.gibbs_eq18(U, T).value - opt15) < OBJ_TOL
p2, d14 = truth.exp_loss_primal_l1(U, 1 / 5), truth.exp_loss_dual_eq14(U, 1 / 5)
assert abs(p2.value - d14.value) < OBJ_TOL
claims.check("Shen-Li eq (25)-(26)", status="holds", on="one random U, T in {1/5, 1/20}, primal and dual solved separately",
             note="residual < 1e-2 (the log of Clarabel's smallest u); > 1 at the uniform feasible w")
claims.check("Shen-Li §3.1 homotopy", status="holds", on="the same instance", note="the LP sandwich")
claims.check("Shen-Li eq (18)", status="holds", on="the same instance")
claims.check("Shen-Li eq (14)", status="fails as printed, holds corrected", on="the same instance",
             note="see the erratum on (14)")
print(f"r_LP = {lp.value:.6f} >= Opt(15) = {opt15:.6f} >= r_LP - T log M = {lp.value - T * np.log(M):.6f}; "
      f"(14): {p2.value:.8f} = {d14.value:.8f}")
for T25, r25, r26, r_off in eq25:
    print(f"1/T = {1 / T25:.0f}: (25) max |Uw* + log u* + Opt(5)| = {r25:.1e}, (26) |var Uw* - var log u*| = {r26:.1e}; "
          f"(25) at the uniform w: {r_off:.2f}")

# %% [markdown]
# The eigenvector remark of the paper's §3.6 (erratum in §2): on six columns of $U$, the solution of the KKT system
# is the minimum of (41) over $\mathbf 1^\top\boldsymbol w=1$ (no feasible perturbation lowers it), and the largest
# eigenvector of $A$, scaled onto the same plane, is far from it.

# %%
rng_q = np.random.default_rng(41)
Uq, Tq = U[:, :6], 1 / 10
A_q, b_q = np.cov(Uq.T, bias=True), Uq.mean(axis=0)  # population covariance and mean of the rows y_i H_i
n_q = A_q.shape[0]
kkt_q = np.block([[A_q, np.ones((n_q, 1))], [np.ones((1, n_q)), np.zeros((1, 1))]])
w_q = np.linalg.solve(kkt_q, np.r_[Tq * b_q, 1.0])[:n_q]


def obj_q(w):
    return 0.5 * w @ A_q @ w - Tq * b_q @ w


v_q = np.linalg.eigh(A_q)[1][:, -1]
v_q = v_q / v_q.sum()  # the largest eigenvector, scaled onto 1^T w = 1
null_q = np.linalg.svd(np.ones((1, n_q)))[2][1:]  # directions that keep 1^T w = 1
assert min(obj_q(w_q + 0.1 * z) for z in rng_q.standard_normal((200, n_q - 1)) @ null_q) >= obj_q(w_q)
assert obj_q(v_q) > obj_q(w_q) + 1e-3
claims.check("Shen-Li §3.6 AdaBoost-QP", status="fails as printed, holds corrected", on="six columns of U",
             note="the eigenvector remark on (41) is asserted wrong; the KKT solution is the minimum")
print(f"(41) without w >= 0: KKT solution {obj_q(w_q):.5f} < largest eigenvector {obj_q(v_q):.5f}")

# %% [markdown]
# #### (3), (4) and the relaxed constraint $\mathbf 1^\top\boldsymbol w\le1/T$
#
# The paper: for a given $T$ there is a $T'$ for which the penalised form (4),
# $\min_{\boldsymbol w\succcurlyeq0}\log\sum_ie^{-y_iH_i\boldsymbol w}+\mathbf 1^\top\boldsymbol w/T'$, has the solution of (3), and the relaxed
# $\mathbf 1^\top\boldsymbol w\le1/T$ is the same as the equality. Stationarity of (5) gives $1/T'=r^\star$, the largest edge at
# the optimum (the multiplier of $\mathbf 1^\top\boldsymbol w=1/T$), so (4) is solved at $T'=1/r^\star_{(15)}$ and must return
# $\mathbf 1^\top\boldsymbol w=1/T$ and $\mathrm{Opt}_{(5)}$. The relaxation holds on the pool $[U,-U]$ (closed under negation); on
# the first four columns of $U$, whose hard margin is negative, the loss is bounded below on $\boldsymbol w\succcurlyeq0$
# and at $1/T=500$ the constraint is inactive: the relaxed problem has a smaller value than (3).

# %%
import cvxpy as cp  # noqa: E402


def l1_adaboost(Um, T, relaxed=False, penalty=None):
    """(3)/(5) with 1^T w = 1/T, its relaxation 1^T w <= 1/T, or (4) with the penalty 1^T w / T' (Clarabel)."""
    w = cp.Variable(Um.shape[1], nonneg=True)
    obj = cp.log_sum_exp(-Um @ w) + (0 if penalty is None else penalty * cp.sum(w))
    cons = [] if penalty is not None else [cp.sum(w) <= 1 / T] if relaxed else [cp.sum(w) == 1 / T]
    prob = cp.Problem(cp.Minimize(obj), cons)
    prob.solve(solver="CLARABEL")
    return float(cp.log_sum_exp(-Um @ w).value), float(w.value.sum())


rows34 = []
for T34 in (1 / 5, 1 / 20):
    opt5_, _ = l1_adaboost(U, T34)
    r_star = truth.adaboost_l1_dual_eq15(U, T34).x["r"]
    val4, norm4 = l1_adaboost(U, T34, penalty=r_star)
    U_neg = np.hstack([U, -U])
    eq_neg, rel_neg = l1_adaboost(U_neg, T34)[0], l1_adaboost(U_neg, T34, relaxed=True)[0]
    rows34.append((1 / T34, opt5_, r_star, val4, norm4, eq_neg, rel_neg))
    # (4) = (3) to the accuracy of r* (a dual variable): 1^T w = 1/T within KKT_TOL (relative), and the loss differs
    # from Opt(5) by what that 1^T w error explains to first order (d Opt(5) / d(1/T) = -r*)
    assert r_star > 0 and abs(norm4 * T34 - 1) < KKT_TOL and abs(val4 - opt5_ + r_star * (norm4 - 1 / T34)) < OBJ_TOL
    assert abs(eq_neg - rel_neg) < OBJ_TOL  # negation-closed pool: <= is the equality
U_4c = U[:, :4]
eq_4c, (rel_4c, norm_4c) = l1_adaboost(U_4c, 1 / 500)[0], l1_adaboost(U_4c, 1 / 500, relaxed=True)
assert truth.hard_margin_lp(U_4c).value < 0 and norm_4c < 0.9 * 500 and rel_4c < eq_4c - 1  # counterexample to "<= is ="
for r in rows34:
    print(f"1/T = {r[0]:.0f}: Opt(5) = {r[1]:.7f}; (4) at 1/T' = r* = {r[2]:.5f}: lse = {r[3]:.7f}, 1^T w = {r[4]:.4f}; "
          f"[U, -U]: '=' {r[5]:.7f}, '<=' {r[6]:.7f}")
print(f"four columns, 1/T = 500: '=' {eq_4c:.4f}; '<=' {rel_4c:.4f} with 1^T w = {norm_4c:.1f} < 500")
claims.check("Shen-Li eq (3)-(4)", status="fails as printed, holds corrected", on="random U, T in {1/5, 1/20}; four columns at 1/T = 500",
             note="(4) at T' = 1/r* solves (3); '<=' equals '=' on a pool closed under negation, not on four columns "
                  "with a negative hard margin")

# %% [markdown]
# ### 3.4 Theorem 3.2 (LogitBoost)

# %%
T = 1 / 5
p32, d30, d31 = truth.logitboost_primal_eq32(U, T), truth.logitboost_dual_eq30(U, T), truth.logitboost_dual_eq31(U, T)
res_l = rb.logitboost_cg(rb.MatrixOracle(U), T=T, eps=1e-9)
ul = res_l.extra["u"]
print(f"Opt(32) = {p32.value:.8f}, Opt(30) = {d30.value:.8f}, -Opt(31)/T = {-d31.value / T:.8f}, "
      f"logitboost_cg = {res_l.extra['primal_objective']:.8f}; sum u = {ul.sum():.3f}")
assert abs(p32.value - d30.value) < OBJ_TOL and abs(p32.value + d31.value / T) < OBJ_TOL
assert abs(res_l.extra["primal_objective"] - p32.value) < OBJ_TOL
assert np.abs(ul - expit(-res_l.margins)).max() < 1e-12 and np.abs(ul - d31.x["u"]).max() < KKT_TOL  # (33)
assert np.all((0 < ul) & (ul < 1)) and abs(ul.sum() - 1) > 0.5 and np.all(ul[res_l.margins > 0] < 0.5)
assert abs(res_l.extra["r"] - T * binary_entropy_sum(ul) + T * res_l.extra["primal_objective"]) < 1e-8
claims.check("Shen-Li Thm 3.2", status="holds", on="random U, T grid, against Clarabel",
             note="(30) = (32) = -(31)/T, u = sigmoid(-margin) (33)")

# %% [markdown]
# ### 3.5 Generalised hinge, Tsallis dual (28), and the $q$-log erratum

# %%
for p in (1.5, 2.0, 3.0):
    D = 0.1
    prim, dual = truth.generalized_hinge_primal(U, D, p), truth.tsallis_dual_eq28(U, D, p)
    res_h = rb.lpboost_hinge(rb.MatrixOracle(U), D=D, p=p, eps=1e-9)
    print(f"p={p}: primal {prim.value:.8f}  dual(28) {dual.value:.8f}  lpboost_hinge {res_h.extra['primal_objective']:.8f}"
          f"  gap {res_h.gap:.1e}")
    assert abs(prim.value - dual.value) < OBJ_TOL and abs(res_h.extra["primal_objective"] - prim.value) < OBJ_TOL
    assert abs(tsallis_coefficient(D, p) - D ** (1 - p / (p - 1)) * (p ** (1 - p / (p - 1)) - p ** (-p / (p - 1)))) < 1e-14
lp_soft = truth.soft_margin_lp(U, nu=10.0)
res_h1 = rb.lpboost_hinge(rb.MatrixOracle(U), D=0.1, p=1.0, eps=1e-9)
assert abs(rb.soft_margin(res_h1.margins, 10.0) - lp_soft.value) < 1e-8  # p = 1 is LPBoost (21)/(22)
uu = np.random.default_rng(2).dirichlet(np.ones(12))
for q in (0.5, 1.5, 3.0):
    s = tsallis_entropy(uu, q)
    assert abs(s + np.sum(uu**q * q_log(uu, q))) < 1e-12 and abs(s - np.sum(uu * q_log(1 / uu, q))) < 1e-12
    paper_tsallis = -np.sum(uu * q_log(uu, q))
    assert abs(paper_tsallis - tsallis_entropy(uu, 2 - q)) < 1e-12 and abs(paper_tsallis - s) > 1e-3
    print(f"q={q}: S_q = {s:.6f}; paper's -sum u log_q u = {paper_tsallis:.6f} = S_(2-q)")
claims.check("Shen-Li eq (27)-(28)", status="fails as printed, holds corrected", on="random U, p and D grid",
             note="the q-log form of the Tsallis entropy is asserted wrong; the dual (28) holds")
claims.check("Shen-Li eq (19)-(22)", status="holds", on="p = 1 reuses the LP (21)/(22)")

# %% [markdown]
# #### Fig. 2: the losses
#
# Fig. 2 plots the exponential $e^{-s}$, logistic $\log(1+e^{-s})$, hinge $\max\{0,1-s\}$ and squared hinge
# $(\max\{0,1-s\})^2$ losses of $s=yF(\boldsymbol x)$, which the paper calls Bayes-consistent (citing Bartlett, Jordan &
# McAuliffe). For a convex loss $\phi$ that is the case iff $\phi$ is differentiable at 0 with $\phi'(0)<0$ (their
# Theorem 6): asserted with convexity on a grid and central differences at 0. A non-example must fail: the
# non-convex sigmoid loss $1/(1+e^{s})$ is not convex.

# %% tags=["hide-input"]
s_ax = np.linspace(-2, 2.5, 901)
losses = {"exponential": lambda s_: np.exp(-s_), "logistic": lambda s_: np.logaddexp(0, -s_),
          "hinge": lambda s_: np.maximum(0, 1 - s_), "squared hinge": lambda s_: np.maximum(0, 1 - s_) ** 2}
fig, ax = plt.subplots(figsize=(6, 4))
for name, phi in losses.items():
    ax.plot(s_ax, phi(s_ax), label=name)
    dphi0 = [(phi(h) - phi(-h)) / (2 * h) for h in (1e-3, 1e-5)]
    assert np.diff(phi(s_ax), 2).min() >= -1e-12  # convex
    assert abs(dphi0[0] - dphi0[1]) < 1e-5 and dphi0[1] < 0  # differentiable at 0 with phi'(0) < 0: calibrated
ax.plot(s_ax, (s_ax <= 0).astype(float), "k:", label="0-1")
ax.set(xlabel="$s = yF(x)$", ylabel="loss", ylim=(0, 4), title="Fig. 2: the losses of §3.3")
ax.legend(fontsize=12)
plt.tight_layout()
plt.show()
assert np.diff(expit(-s_ax), 2).min() < 0  # the sigmoid loss fails the convexity test
claims.check("Shen-Li Fig 2", status="reproduced", on="a grid of s in [-2, 2.5]",
             note="the four losses are convex and differentiable at 0 with a negative slope (classification-calibrated)")

# %% [markdown]
# ### 3.6 Column generation certificate on a stump pool, and the $T$ homotopy
#
# Synthetic data ($M=120$, $d=4$). AdaBoost-CG prices with the exact stump oracle `refboost.StumpOracle` (all
# thresholds, both polarities, constants); the ground truth needs the whole class as a finite matrix,
# `threshold_pool` = the oracle's class materialised (`oracle.columns(oracle.all_keys())`, identical labelings
# merged). AdaBoost-CG with $\varepsilon=10^{-5}$ must end within $\varepsilon/T$ of the full-class optimum
# of (5) (Clarabel over all columns; checked at $1/T\in\{5,20,50\}$ — Clarabel fails on this 954-column primal at
# $T=1$, and at $T=1/200$ we rely on the LP sandwich only), with a non-increasing restricted objective.

# %%
Xs = np.random.default_rng(1).uniform(-1, 1, (120, 4))
ys = np.where(Xs[:, 0] + 0.5 * Xs[:, 1] ** 2 - 0.3 + 0.3 * np.random.default_rng(5).standard_normal(120) > 0, 1.0, -1.0)
stumps_s = rb.StumpOracle(Xs, ys)
Us = threshold_pool(Xs, ys)  # ground truth only
lp_s = truth.hard_margin_lp(Us)
print(f"pool: {Us.shape[1]} distinct stump columns; hard margin r_LP = {lp_s.value:.4f}")
print(f"{'1/T':>4} {'cols':>5} {'Opt(5) CG':>12} {'Opt(5) full':>12} {'excess':>9} {'eps/T':>7} {'Opt(15)':>9} {'|u-1/M|':>8}")
homotopy = []
for inv_T in (1, 5, 20, 50, 200):
    T = 1 / inv_T
    res = rb.adaboost_cg(stumps_s, T=T, eps=1e-5)
    full = truth.adaboost_l1_primal_eq5(Us, T).value if 5 <= inv_T <= 50 else np.nan
    excess = res.extra["primal_objective"] - full
    opt15 = -T * res.extra["primal_objective"]
    homotopy.append((T, opt15, res.extra["r"], -np.sum(res.distribution * np.log(res.distribution)), res))
    print(f"{inv_T:4d} {res.n_iter:5d} {res.extra['primal_objective']:12.7f} {full:12.7f} {excess:9.1e} {1e-5 / T:7.0e} "
          f"{opt15:9.5f} {np.abs(res.distribution - 1 / len(ys)).max():8.1e}")
    assert res.converged and np.all(np.diff(res.history_array("objective")) <= 1e-9)
    if 5 <= inv_T <= 50:
        assert -OBJ_TOL <= excess <= 1e-5 / T + OBJ_TOL
    assert lp_s.value - T * np.log(len(ys)) - 1e-6 <= opt15 <= lp_s.value + res.gap + 1e-9  # gap in (15)'s units
claims.check("Shen-Li §3.7 CG", status="holds", on="a stump pool, T grid", note="certified against the full pool")
claims.check("Shen-Li §3.1 homotopy", status="holds", on="the same pool")

# %% [markdown]
# ### 3.7 Theorem 3.3: where the Gaussian approximation (38) holds
#
# For exactly Gaussian margins ($\bar\varrho=\sigma=0.1$, $M=1000$) compare $\log\frac1M\sum e^{-\varrho_i/T}$
# with (38) $-\bar\varrho/T+\sigma^2/(2T^2)$. The Monte Carlo estimate has relative variance $e^{\sigma^2/T^2}-1$:
# the approximation is good for $\sigma/T\lesssim1$ and useless for $\sigma/T\gg1$ — most of the paper's $T$ grid
# ($1/T\in[10,500]$) with real margin spreads.

# %%
rho_g = np.random.default_rng(0).normal(0.1, 0.1, 1000)
print(f"{'1/T':>4} {'sigma/T':>7} {'empirical':>10} {'(38)':>8}")
thm33 = {}
for inv_T in (2, 10, 50, 200):
    emp = logsumexp(-rho_g * inv_T) - np.log(1000)
    approx = -0.1 * inv_T + 0.01 * inv_T**2 / 2
    thm33[inv_T] = (emp, approx)
    print(f"{inv_T:4d} {0.1 * inv_T:7.1f} {emp:10.3f} {approx:8.3f}")
assert abs(thm33[2][0] - thm33[2][1]) < 0.05 and abs(thm33[10][0] - thm33[10][1]) < 0.1
assert thm33[200][1] > 2 * thm33[200][0]  # sigma/T = 20: (38) is off by more than a factor 2
claims.check("Shen-Li Thm 3.3", status="fails", on="sigma/T in {2, 10, 200}",
             note="(38) holds for small sigma/T and is off by more than a factor 2 at sigma/T = 20")


def eq37(mean, sigma, T, lo, hi):
    """Shen & Li (2010), eq. (37): log of the Gaussian integral of exp(-rho/T) over [lo, hi], as printed."""
    z = lambda r_: (r_ - mean) / (np.sqrt(2) * sigma) + sigma / (np.sqrt(2) * T)  # noqa: E731
    return -np.log(2) - mean / T + sigma**2 / (2 * T**2) + np.log(erf(z(hi)) - erf(z(lo)))


rng37, err37 = np.random.default_rng(37), 0.0
for _ in range(200):
    mean, T37 = rng37.uniform(-0.5, 0.5), 1 / rng37.uniform(1, 20)
    sigma = T37 * rng37.uniform(0.05, 2)  # sigma/T <= 2: beyond, the erf difference of (37) cancels in floating point
    lo, hi = np.sort(mean + sigma * rng37.uniform(-3, 3, 2))
    quad_val = quad(lambda r_: stats.norm.pdf(r_, mean, sigma) * np.exp(-r_ / T37), lo, hi, epsabs=0, epsrel=1e-13)[0]
    err37 = max(err37, abs(eq37(mean, sigma, T37, lo, hi) - np.log(quad_val)) / max(1, abs(np.log(quad_val))))
assert err37 < 1e-10
# over the whole line the erf bracket is 2 and (37) is (38)
assert abs(eq37(0.1, 0.1, 0.5, -np.inf, np.inf) - (-0.1 / 0.5 + 0.01 / (2 * 0.25))) < 1e-14
print(f"(37) against scipy.integrate.quad on 200 random (mean, sigma, T, interval): largest relative error {err37:.1e}")
claims.check("Shen-Li eq (37)", status="holds", on="200 random (mean, 1/T in [1, 20], sigma/T in [0.05, 2], interval within 3 sigma)",
             note="the printed closed form against quadrature, relative error < 1e-10; (38) is its whole-line limit")

# %% [markdown]
# QP identity: with $\mathbf 1^\top\boldsymbol w=1$ the objective of (41) is $\sigma^2/2-T\bar\varrho$ (population variance),
# i.e. $-T^2$ times (39). AdaBoost-QP against Clarabel:

# %%
oracle_s = rb.MatrixOracle(Us)  # AdaBoost-QP over the whole (materialised) stump class, Table III style
for T in (1 / 10, 1 / 50):
    qp = rb.adaboost_qp(oracle_s, T=T)
    tq = truth.adaboost_qp_eq41(Us, T)
    assert abs(qp.extra["qp_objective"] - tq.value) < OBJ_TOL
    assert abs(qp.extra["qp_objective"] - (np.var(qp.margins) / 2 - T * qp.margins.mean())) < 1e-12
    print(f"1/T={1 / T:.0f}: QP {qp.extra['qp_objective']:.8f}  Clarabel {tq.value:.8f}  "
          f"active columns {int(np.sum(qp.weights > 1e-9))} of {len(qp.hypotheses)}")
claims.check("Shen-Li §3.6 AdaBoost-QP", status="holds", on="random U, T grid, against Clarabel",
             note="the objective is var(margins)/2 - T mean(margin)")

# %% [markdown]
# ### 3.8 Lemma 3.1: are AdaBoost's margins Gaussian? (Fig. 3)
#
# Lemma 3.1 (a CLT heuristic, not a theorem) says the normalised margins of AdaBoost are
# approximately Gaussian. Paper, Fig. 3 (australian, stumps): excess kurtosis $-0.056$ after 50 and $-0.34$ after
# 1100 weak classifiers. We run `refboost.adaboost` with `refboost.StumpOracle` on the whole australian set (the
# paper's split is not stated), rebuild $\boldsymbol\lambda_t$ from the history, and report excess kurtosis,
# skewness, Shapiro–Wilk, and (38) evaluated on these real margins at $1/T=\|\boldsymbol\lambda_t\|_1$.


# %%
def adaboost_path(res, oracle, X_test=None, at=None):
    """Unnormalised train margins U lambda_t (and test scores) after each round of a refboost.adaboost/arcgv run."""
    cols, cols_te, out = {}, {}, []
    f_tr = np.zeros(oracle.n_examples)
    f_te = None if X_test is None else np.zeros(X_test.shape[0])
    for rec in res.history:
        k = rec["hypothesis"]
        if k not in cols:
            cols[k] = oracle.column(k)
            if X_test is not None:
                cols_te[k] = oracle.evaluate(k, X_test)
        f_tr = f_tr + rec["alpha"] * cols[k]
        if X_test is not None:
            f_te = f_te + rec["alpha"] * cols_te[k]
        if at is None or rec["t"] in at:
            out.append((rec["t"], rec["norm"], f_tr, f_te))
    return out


aus = rb.datasets.load("australian")
stumps_aus = rb.StumpOracle(aus.X, aus.y)
ab_aus = rb.adaboost(stumps_aus, max_iter=1100, store_d=False)
print(f"{'rounds':>6} {'ex.kurt':>8} {'paper':>6} {'skew':>6} {'Shapiro p':>9} {'sigma/T':>7} {'log mean e^(-rho/T)':>19} {'(38)':>7}")
lemma31 = {}
for t, norm, f, _ in adaboost_path(ab_aus, stumps_aus, at=(50, 1100)):
    rho = f / norm  # normalised margins; 1/T = ||lambda_t||_1
    emp = logsumexp(-rho * norm) - np.log(len(rho))
    approx = -rho.mean() * norm + rho.var() * norm**2 / 2
    lemma31[t] = (stats.kurtosis(rho), stats.skew(rho), stats.shapiro(rho).pvalue, rho.std() * norm, emp, approx)
    print(f"{t:6d} {lemma31[t][0]:8.3f} {(-0.056 if t == 50 else -0.34):6.3f} {lemma31[t][1]:6.3f} {lemma31[t][2]:9.1e} "
          f"{lemma31[t][3]:7.2f} {emp:19.3f} {approx:7.3f}")
assert all(abs(v[0]) < 1 for v in lemma31.values())  # sanity band |excess kurtosis| < 1
assert lemma31[1100][0] < lemma31[50][0] < 0  # platykurtic, more so after 1100 rounds, as in the paper
assert all(v[2] < 1e-3 for v in lemma31.values())  # ... but Shapiro-Wilk rejects exact Gaussianity at both
assert abs(lemma31[50][4] - lemma31[50][5]) < abs(lemma31[1100][4] - lemma31[1100][5])  # (38) worsens as sigma/T grows
claims.check("Shen-Li Lemma 3.1", status="fails", on="AdaBoost's margins after 50 and 1100 rounds",
             note="platykurtic as in the paper, but Shapiro-Wilk rejects exact Gaussianity")
claims.check("Shen-Li Fig 3", status="partly reproduced", on="the same runs",
             note="the margins are platykurtic as in the figure")

# %% [markdown]
# The kurtosis matches the paper's sign and size ($-0.12$ vs $-0.056$ after 50 rounds, $-0.39$ vs $-0.34$ after
# 1100), so "roughly Gaussian" holds in the kurtosis sense, but Shapiro–Wilk rejects normality at both lengths
# (the margins are skewed), and the Gaussian approximation (38) of the loss is already $\approx 10\%$ off at
# $\sigma/T\approx1$ and worse at $\sigma/T\approx1.7$: Theorem 3.3's reading is qualitative.
#
# **Beyond australian.** Fig. 3's reading is that the margins are roughly Gaussian after 50 rounds and *closer* to
# Gaussian after 1100. We measure closeness by the correlation $r$ of the normal probability plot (what Fig. 3 shows;
# `scipy.stats.probplot`, $r=1$ for exactly Gaussian quantiles) and repeat the run on four more instance families:
# breast-cancer (whole data set), heart and banana (training parts of IDA realisation 1) and two draws of the noisy-parabola toy data
# ($M=300$, 10 % label noise). Asserted: $r$ grows from 50 to 1100 rounds on australian, as in Fig. 3; it *falls* on
# heart and on both parabola draws (counterexamples to "increasingly Gaussian"); breast-cancer's excess kurtosis
# leaves the band $|\kappa|<1$ after 1100 rounds; Shapiro–Wilk rejects normality ($p<10^{-3}$) on every instance
# after 1100 rounds.

# %%
from refboost.instances import noisy_parabola  # noqa: E402

fam = {"australian": stumps_aus}
for name in ("breast-cancer", "heart"):
    ds_ = rb.datasets.load(name)
    fam[name] = rb.StumpOracle(ds_.X, ds_.y)
ban1 = rb.datasets.load("ida:banana", realisation=1)
fam["banana 1"] = rb.StumpOracle(ban1.X, ban1.y)
for seed in (0, 1):
    fam[f"parabola {seed}"] = rb.StumpOracle(*noisy_parabola(300, np.random.default_rng(seed), noise=0.1))
gauss = {}
print(f"{'instance':>13} {'M':>4} {'r(50)':>7} {'r(1100)':>7} {'kurt(50)':>8} {'kurt(1100)':>10} {'SW p(1100)':>10}")
for name, o in fam.items():
    run = ab_aus if name == "australian" else rb.adaboost(o, max_iter=1100, store_d=False)
    st_ = {t: (stats.probplot(f / nm, fit=True)[1][2], stats.kurtosis(f / nm), stats.shapiro(f / nm).pvalue)
           for t, nm, f, _ in adaboost_path(run, o, at=(50, 1100))}
    gauss[name] = st_
    print(f"{name:>13} {o.n_examples:4d} {st_[50][0]:7.4f} {st_[1100][0]:7.4f} {st_[50][1]:8.3f} {st_[1100][1]:10.3f} "
          f"{st_[1100][2]:10.1e}")
assert gauss["australian"][1100][0] > gauss["australian"][50][0]  # Fig. 3: closer to Gaussian after 1100 rounds
falls = [k for k in ("heart", "parabola 0", "parabola 1") if gauss[k][1100][0] < gauss[k][50][0] - 1e-3]
assert falls == ["heart", "parabola 0", "parabola 1"]  # ... but farther from it on these instances
assert abs(gauss["breast-cancer"][1100][1]) > 1  # and outside the kurtosis band
assert all(v[1100][2] < 1e-3 for v in gauss.values())
claims.check("Shen-Li Lemma 3.1", status="fails", on="AdaBoost with stumps, 1100 rounds, on 6 instances of 4 families",
             note="the probability-plot correlation falls with the rounds on heart and two parabola draws; "
                  "breast-cancer's kurtosis leaves |k| < 1; Shapiro-Wilk rejects everywhere")
claims.check("Shen-Li Fig 3", status="partly reproduced", on="australian, 50 and 1100 rounds",
             note="closer to Gaussian after 1100 rounds (probability-plot correlation grows), as in the figure")

# %% [markdown]
# ### 3.9 Real data: AdaBoost vs AdaBoost-CG vs AdaBoost-QP vs arc-gv (Fig. 1, Fig. 4, Fig. 5, Tables II/IV)
#
# Protocol of Table IV on one random split: 70 % train, 15 % test, 15 % unused; stumps (`refboost.StumpOracle`);
# `refboost.adaboost` for $K$ rounds; $1/T=\|\boldsymbol\lambda_K\|_1$ (the paper's heuristic); AdaBoost-CG with
# $\varepsilon=10^{-5}$ and at most $K$ columns; AdaBoost-QP (41) over AdaBoost's $K$-round pool at the same $T$
# (Table II's pool; the paper picks $T$ by CV); arc-gv (`refboost.arcgv`, target $\max(0,\mu_t)$; the paper also
# clips the step to $\le1$) for $K$ rounds. Default: breast-cancer, $K=300$. `FULL_RUN = True`: the six data sets of
# Fig. 5 (australian, breast-cancer, diabetes, heart, splice, svmguide3) with $K=1000$.
#
# "Reaches the objective in fewer iterations" is measured on the objective of (5): with a pool closed under
# negation, $\mathrm{Opt}_{(5)}$ at $\mathbf 1^\top\boldsymbol w=1/T$ is also the optimum under $\le1/T$, so every AdaBoost
# iterate ($\|\boldsymbol\lambda_t\|_1\le1/T$) has $\mathrm{lse}(-U\boldsymbol\lambda_t)\ge\mathrm{Opt}_{(5)}$; we count the CG
# iterations until the restricted optimum is below AdaBoost's value after $K$ rounds.


# %%
def entropy_curve(res):
    """sum_i u_i log u_i of the weights u^(t) of every round (Fig. 1)."""
    return np.array([float(np.sum(r["d"] * np.log(np.where(r["d"] > 0, r["d"], 1.0)))) for r in res.history])


def replay(name, K, seed=0):
    ds = rb.datasets.load(name)
    tr, held = random_split(ds.n_examples, 0.3, np.random.default_rng(seed))
    te = held[: len(held) // 2]
    X_te, y_te = ds.X[te], ds.y[te]
    stumps = rb.StumpOracle(ds.X[tr], ds.y[tr])
    t0 = time.perf_counter()
    ab = rb.adaboost(stumps, max_iter=K)
    t_ab = time.perf_counter() - t0
    path = adaboost_path(ab, stumps, X_te)
    lse_ab = np.array([logsumexp(-f) for _, _, f, _ in path])
    err_ab = np.array([(np.mean(f <= 0), error_rate(g, y_te)) for _, _, f, g in path])
    T = 1 / ab.extra["norm"]
    cg = rb.adaboost_cg(stumps, T=T, eps=1e-5, max_iter=K)
    obj_cg = cg.history_array("objective")
    cols_cg = cg.history_array("t")  # columns after each pricing (a re-priced selected column repeats t)
    it_cg = int(cols_cg[np.argmax(obj_cg <= lse_ab[-1])]) if np.any(obj_cg <= lse_ab[-1]) else np.nan
    qp = rb.adaboost_qp(stumps, T=T, pool=ab.hypotheses)
    arc = rb.arcgv(stumps, max_iter=K)
    test = lambda r: error_rate(stumps.predict(r.hypotheses, r.weights, X_te), y_te)
    return dict(name=name, M=len(tr), T=T, ab=ab, cg=cg, qp=qp, arc=arc, lse_ab=lse_ab, obj_cg=obj_cg, cols_cg=cols_cg,
                it_cg=it_cg, err_ab=err_ab, t_ab=t_ab, t_cg=cg.extra["time"], te_cg=test(cg), te_qp=test(qp), te_arc=test(arc),
                tr_cg=float(np.mean(cg.margins <= 0)), ent_ab=entropy_curve(ab), ent_arc=entropy_curve(arc))


fig5_sets = ["australian", "breast-cancer", "diabetes", "heart", "splice", "svmguide3"] if FULL_RUN else ["breast-cancer"]
K = 1000 if FULL_RUN else 300
runs = [replay(name, K) for name in fig5_sets]
print(f"{'data':>13} {'M':>4} {'1/T':>5} {'CG it':>5} {'CG gap':>7} {'it to AB obj':>12} {'ratio':>5} {'lse AB':>7} "
      f"{'Opt(5)':>7} {'train AB/CG':>11} {'test AB/CG/QP/arc':>19} {'t AB':>5} {'t CG':>5}")
for r in runs:
    print(f"{r['name']:>13} {r['M']:4d} {1 / r['T']:5.1f} {r['cg'].n_iter:5d} {r['cg'].gap:7.1e} {r['it_cg']:12d} "
          f"{K / r['it_cg']:5.1f} {r['lse_ab'][-1]:7.3f} {r['cg'].extra['primal_objective']:7.3f} "
          f"{r['err_ab'][-1, 0]:5.3f}/{r['tr_cg']:5.3f} {r['err_ab'][-1, 1]:4.3f}/{r['te_cg']:4.3f}/{r['te_qp']:4.3f}/"
          f"{r['te_arc']:4.3f} {r['t_ab']:5.2f} {r['t_cg']:5.2f}")
    # CG optimises (5) at AdaBoost's l1 norm and reaches AdaBoost's K-round objective in fewer iterations
    assert r["cg"].converged and r["cg"].extra["primal_objective"] <= r["lse_ab"][-1] + 1e-9 and r["it_cg"] < K
print(f"\n{'data':>13} {'min margin AB/QP/arc/CG':>27} {'mean margin AB/QP/arc/CG':>27} {'AB lower sum u log u':>20}")
for r in runs:
    mins = [r[k].margins.min() for k in ("ab", "qp", "arc")] + [r["cg"].extra["normalized_margins"].min()]
    means = [r[k].margins.mean() for k in ("ab", "qp", "arc")] + [r["cg"].extra["normalized_margins"].mean()]
    r["frac_ent"] = float(np.mean(r["ent_ab"] <= r["ent_arc"] + 1e-12))
    print(f"{r['name']:>13} {'/'.join(f'{v:.3f}' for v in mins):>27} {'/'.join(f'{v:.3f}' for v in means):>27} "
          f"{r['frac_ent']:19.0%}")
    assert mins[1] <= mins[0]  # Table II: AdaBoost has the larger minimum margin than AdaBoost-QP
claims.check("Shen-Li Fig 5", status="partly reproduced", on="breast-cancer, K = 300",
             note="AdaBoost-CG converges in fewer rounds than AdaBoost")
claims.check("Shen-Li Table II", status="partly reproduced", on="breast-cancer, K = 300",
             note="the minimum-margin part: AdaBoost's minimum margin >= AdaBoost-QP's")
claims.check("Shen-Li Alg 1", status="holds", on="the same runs")

# %% [markdown]
# On breast-cancer ($K=300$) AdaBoost-CG needs about 30 columns to reach AdaBoost's 300-round objective (ratio $\approx9$,
# the paper's "about 10×"); at 1000 rounds (`FULL_RUN`) the ratios on the Fig. 5 sets are printed above. Three
# empirical claims do **not** hold on this split, and are asserted as failures below:
#
# * **Fig. 1** ("AdaBoost's $\sum u\log u$ is consistently lower than arc-gv's"): AdaBoost's is *higher* in most
#   rounds. With $\mu_t>0$ arc-gv's step $\operatorname{artanh}r_t-\operatorname{artanh}\mu_t$ is shorter than AdaBoost's,
#   so its weights stay closer to uniform (on australian $\mu_t<0$ throughout and arc-gv coincides with AdaBoost).
# * **Fig. 4** ("arc-gv has the largest minimum margin"): after $K=300$ (and 600) rounds arc-gv's minimum margin is
#   below AdaBoost's; arc-gv converges to the LP margin only asymptotically.
#
# Both are re-judged below with Arc-Gv as the paper specifies it, at the paper's $K=600$.
# * **Table II** ("QP has the larger average margin on every data set"): at the heuristic $T=1/\|\boldsymbol\lambda_K\|_1$
#   (here $1/T\approx59$) the variance term of (41) dominates and QP's mean margin is *below* AdaBoost's; the paper picks
#   $T$ by CV from $\{1/10,\dots,1/500\}$. Table II's other half — AdaBoost has the larger minimum margin — holds.

# %%
bc = next(r for r in runs if r["name"] == "breast-cancer")
assert bc["frac_ent"] < 0.5  # Fig. 1 claim fails: AdaBoost's negative entropy is the lower one in < half the rounds
assert bc["arc"].margins.min() < bc["ab"].margins.min()  # Fig. 4 claim fails at K = 300
assert bc["qp"].margins.mean() < bc["ab"].margins.mean()  # Table II mean-margin claim fails at this T
claims.check("Shen-Li Fig 1", status="fails", on="breast-cancer, K = 300",
             note="AdaBoost's negative entropy is the lower one in fewer than half of the rounds")
claims.check("Shen-Li Fig 4", status="fails", on="breast-cancer, K = 300",
             note="arc-gv's minimum margin is below AdaBoost's")
claims.check("Shen-Li Table II", status="fails", on="breast-cancer, K = 300",
             note="AdaBoost-QP's mean margin is below AdaBoost's")
print(f"breast-cancer: AdaBoost below arc-gv in {bc['frac_ent']:.0%} of rounds; min margin arc-gv "
      f"{bc['arc'].margins.min():.4f} < AdaBoost {bc['ab'].margins.min():.4f}; mean margin QP {bc['qp'].margins.mean():.4f} "
      f"< AdaBoost {bc['ab'].margins.mean():.4f}")

# %% [markdown]
# #### Arc-Gv as Shen & Li specify it: Figs. 1 and 4 at the paper's $K=600$
#
# The arc-gv above is Rudin et al.'s form (`refboost.arcgv`: target $\max(0,\mu_t)$, step not clipped). The paper's
# Algorithm 1 takes the target $\varrho_j$ = the current minimum margin, **negative allowed**, and clips the step (8)
# into $[0,1]$ (`refboost.arcgv_clipped.arcgv_clipped`). Fig. 4 is breast-cancer with 600 rounds of AdaBoost and
# Arc-Gv; Fig. 1 is breast-cancer and australian (rounds not stated; we take 600). We re-judge both on five random
# splits (random generator seed 0 to 4, the 70 % training part), AdaBoost-QP over AdaBoost's pool at the heuristic $T$ as above.
# Asserted: Fig. 1 holds on australian (AdaBoost's $\sum u\log u$ is the lower one in at least 95 % of the rounds on every
# split) and fails on breast-cancer (fewer than half of the rounds on four of the five splits); Fig. 4's "Arc-Gv has
# the largest minimum margin" fails on every breast-cancer split (Arc-Gv's is below AdaBoost's), and its average-margin
# order QP > AdaBoost > Arc-Gv fails too (Arc-Gv's mean margin is above AdaBoost's, QP's is the smallest).

# %%
from refboost.arcgv_clipped import arcgv_clipped  # noqa: E402

K_PAPER = 600
fig14 = {}
for name in ("breast-cancer", "australian"):
    ds_ = rb.datasets.load(name)
    for seed in range(5):
        tr_, _ = random_split(ds_.n_examples, 0.3, np.random.default_rng(seed))
        o = rb.StumpOracle(ds_.X[tr_], ds_.y[tr_])
        ab_, arc_ = rb.adaboost(o, max_iter=K_PAPER), arcgv_clipped(o, max_iter=K_PAPER)
        qp_ = rb.adaboost_qp(o, T=1 / ab_.extra["norm"], pool=ab_.hypotheses)
        assert arc_.n_iter == K_PAPER and arc_.extra["stop_reason"] == "max_iter"
        e_ab, e_arc = entropy_curve(ab_), entropy_curve(arc_)
        fig14[name, seed] = (float(np.mean(e_ab <= e_arc + 1e-12)), *(r_.margins.min() for r_ in (ab_, arc_, qp_)),
                             *(r_.margins.mean() for r_ in (ab_, arc_, qp_)),
                             float(np.mean(arc_.history_array("raw_step") > 1)))
print(f"{'data':>13} {'split':>5} {'AB lower':>8} {'min margin AB/Arc-Gv/QP':>25} {'mean margin AB/Arc-Gv/QP':>25} "
      f"{'steps clipped at 1':>18}")
for (name, seed), v in fig14.items():
    print(f"{name:>13} {seed:5d} {v[0]:8.0%} {'/'.join(f'{x:.4f}' for x in v[1:4]):>25} "
          f"{'/'.join(f'{x:.4f}' for x in v[4:7]):>25} {v[7]:18.1%}")
bc14 = [v for (name, _), v in fig14.items() if name == "breast-cancer"]
au14 = [v for (name, _), v in fig14.items() if name == "australian"]
assert all(v[0] >= 0.95 for v in au14)  # Fig. 1 holds on australian
assert sum(v[0] < 0.5 for v in bc14) == 4  # ... and fails on breast-cancer (4 of 5 splits)
assert all(v[2] < v[1] for v in bc14)  # Fig. 4: Arc-Gv's minimum margin is below AdaBoost's on every split
assert all(v[5] > v[4] > v[6] for v in bc14)  # mean margins: Arc-Gv > AdaBoost > QP, not QP > AdaBoost > Arc-Gv
claims.check("Shen-Li Fig 1", status="fails", on="Arc-Gv clipped into [0, 1], K = 600, five splits each of breast-cancer "
             "and australian", note="holds on australian (>= 95 % of the rounds); on breast-cancer AdaBoost's negative "
             "entropy is the lower one in fewer than half of the rounds on 4 of 5 splits")
claims.check("Shen-Li Fig 4", status="fails", on="breast-cancer, Arc-Gv clipped into [0, 1], K = 600, five splits",
             note="Arc-Gv's minimum margin is below AdaBoost's, and its mean margin above AdaBoost's, on every split")
claims.check("Shen-Li Alg 1", status="holds", on="the same runs",
             note="Arc-Gv with the target varrho_j = current minimum margin and the step clipped into [0, 1]")

# %% [markdown]
# #### Fig. 5: "about 10× fewer iterations" at the paper's $K=1000$
#
# We read "about 10×" as a ratio within a factor 2 of 10, $[5,20]$, with the ratio = $K$ over the number of CG
# iterations until the restricted optimum of (5) is below AdaBoost's $K$-round objective (as above). On the three
# Fig. 5 data sets stored with the project (australian, breast-cancer and heart; heart is the training part of IDA
# realisation 1, 170 examples, not the 270 of the LIBSVM file), split seed 0, at $K=1000$. The same runs give Table IV's
# comparison at 1000 rounds (test error on the 15 % test part, training error).

# %%
ratio5, table4 = {}, {}
for name in ("australian", "breast-cancer", "heart"):
    ds_ = rb.datasets.load(name)
    tr_, held_ = random_split(ds_.n_examples, 0.3, np.random.default_rng(0))
    te_ = held_[: len(held_) // 2]
    o = rb.StumpOracle(ds_.X[tr_], ds_.y[tr_])
    ab_ = rb.adaboost(o, max_iter=1000, store_d=False)
    lse_K = logsumexp(-ab_.margins * ab_.extra["norm"])
    cg_ = rb.adaboost_cg(o, T=1 / ab_.extra["norm"], eps=1e-5, max_iter=1000)
    obj_, cols_ = cg_.history_array("objective"), cg_.history_array("t")
    assert cg_.converged and np.any(obj_ <= lse_K)
    ratio5[name] = 1000 / int(cols_[np.argmax(obj_ <= lse_K)])
    table4[name] = [error_rate(o.predict(r_.hypotheses, r_.weights, ds_.X[te_]), ds_.y[te_]) for r_ in (ab_, cg_)]
    table4[name] += [float(np.mean(r_.margins <= 0)) for r_ in (ab_, cg_)] + [len(te_)]
print("K / (CG iterations to AdaBoost's 1000-round objective):", {k: round(v, 1) for k, v in ratio5.items()})
print("Table IV at 1000 rounds, test AB/CG, train AB/CG (test points):",
      {k: f"{v[0]:.3f}/{v[1]:.3f}, {v[2]:.3f}/{v[3]:.3f} ({v[4]})" for k, v in table4.items()})
assert all(abs(v[0] - v[1]) < 0.05 and v[3] <= v[2] for v in table4.values())  # Table IV: similar test, CG train <= AB
claims.check("Shen-Li Table IV", status="partly reproduced", on="australian, breast-cancer, heart (IDA), one split, 1000 rounds",
             note="test errors within 0.05 of each other, CG's training error no larger; the paper: 5 runs on 14 sets")
assert all(v > 5 for v in ratio5.values())  # CG is much faster everywhere ...
assert [k for k, v in ratio5.items() if v > 20] == ["breast-cancer", "heart"]  # ... but not "about 10x" on two of three
claims.check("Shen-Li Fig 5", status="fails", on="australian, breast-cancer, heart, K = 1000, split seed 0",
             note="ratio in [5, 20] on australian only (9.3); above 20 on breast-cancer and heart: the ratio grows with K")

# %% [markdown]
# The ratio is not a property of the two algorithms: CG's count saturates (it converges after a few dozen columns)
# while AdaBoost's grows with $K$, so the ratio grows roughly like $K$ (about 9 on breast-cancer at $K=300$, above 20
# at $K=1000$).
#
# With `FULL_RUN = True` ($K=1000$, six data sets; one split each, seed 0) the iteration ratios are 9.3 (australian),
# 8.7 (diabetes), 7.4 (splice) and 6.2 (svmguide3), and those of the cell above on breast-cancer and heart (23, 25) —
# within $[5,20]$ on four of the six; AdaBoost's minimum margin exceeds QP's on all six (Table II) but QP's mean margin is *below*
# AdaBoost's on all six at the heuristic $T$; on the four data sets whose stump margin is negative arc-gv's target
# is clipped to 0 and arc-gv coincides with AdaBoost, on breast-cancer and heart AdaBoost's $\sum u\log u$ is the
# lower one in only 10 % of the rounds.
#
# ### 3.10 $T$ and the iteration count: Table VII (banana), Tables V and VIII ($T$ by validation)
#
# **Table VII** (§4.2): AdaBoost-CG on the banana data of Rätsch, Onoda & Müller (2001) (the paper's ref. [32]) with
# decision stumps and with LDA weak classifiers, $1/T\in\{20,40,80\}$, "the maximum iteration is set to 400", 50 runs.
# The paper's claims: (a) "the training error depends on $T$"; (b) "$T$ also has influence on the convergence speed";
# (c) "in a wide range of $T$, the test error does not change significantly"; (d) "all runs stop earlier than 100
# iterations". The paper does not say which 50 runs; banana's benchmark comes as fixed realisations (400 training,
# 4900 test examples), so a run here is one IDA realisation, and the data catalogue has realisations 1–10: **10 of
# the paper's 50 runs** (store `shen_table7`, `refboost-repro shen_table7 --scale paper`; $\varepsilon=10^{-5}$, the
# paper's threshold; LDA is `refboost.LDAOracle`, which the paper does not specify). The table below is read from the
# store; the second path re-runs the six cells of the bundled realisation 1 here and requires each stored test error
# to be reproduced exactly, and on those re-runs computes the paper's own test (McNemar, §4.2) between $1/T=20$ and
# $80$. Tests over realisations are paired $t$-tests (`scipy.stats.ttest_rel`, two-sided, $\alpha=0.05$); agreement
# with a printed number means our mean lies within two of the paper's standard deviations (at least 0.005).

# %%
from refboost import studies  # noqa: E402
from refboost.studies import _shen  # noqa: E402

with studies.Store(studies.default_store("shen_table7", "paper")) as _sto:
    rec7 = _sto.records()
t7 = _shen.shen_table7_runs(rec7, "paper")
pap7 = studies.paper_numbers()["shen_table7"]["table_vii"]["values"]
INV_T7, REAL7 = _shen.SHEN_T7_INV_T, _shen.SHEN_T7_SCALES["paper"]["realisations"]
ALPHA7 = 0.05  # the level of every test of this section
assert all(set(t7[wl, g]) == set(REAL7) for wl in _shen.SHEN_T7_LEARNERS for g in INV_T7)  # the store is complete
col = {(wl, g, f): np.array([t7[wl, g][r][f] for r in REAL7], dtype=float)
       for wl in _shen.SHEN_T7_LEARNERS for g in INV_T7 for f in ("test_error", "train_error", "n_iter")}
print(f"Table VII: banana, {len(REAL7)} realisations (paper: 50 runs); ours (paper's) mean ± std")
print(f"{'learner':>7} {'1/T':>4} {'test':>26} {'train':>26} {'iterations':>12} {'converged':>9}")
for wl in _shen.SHEN_T7_LEARNERS:
    for g in INV_T7:
        pp = pap7[wl][str(g)]
        cell = lambda f: (f"{col[wl, g, f].mean():.3f} ± {col[wl, g, f].std():.3f} "  # noqa: E731
                          f"({pp[f][0]:.3f} ± {pp[f][1]:.3f})")
        n_conv = sum(bool(t7[wl, g][r]["converged"]) for r in REAL7)
        it = col[wl, g, "n_iter"]
        print(f"{wl:>7} {g:4d} {cell('test_error'):>26} {cell('train_error'):>26} {it.mean():5.1f} [{it.min():.0f}-{it.max():.0f}]"
              f" {n_conv:6d}/{len(REAL7)}")
# the study's own table (refboost.studies.analyse) is the same computation written once more: it must agree
for row in studies.analyse("shen_table7", "paper"):
    for f in ("test_error", "train_error"):
        assert abs(row[f] - col[row["weak_learner"], row["inv_T"], f].mean()) < 1e-12
near7 = [(wl, g, f) for wl in _shen.SHEN_T7_LEARNERS for g in INV_T7 for f in ("test_error", "train_error")
         if abs(col[wl, g, f].mean() - pap7[wl][str(g)][f][0]) <= 2 * max(pap7[wl][str(g)][f][1], 0.005)]
print(f"means within 2 paper std (at least 0.005) of the paper's: {len(near7)}/12")


def paired7(wl, f, a=INV_T7[0], b=INV_T7[-1]):
    """(mean of b - a, paired t-test p, realisations where b > a) over the realisations; p = 0 if b - a is constant."""
    d = col[wl, b, f] - col[wl, a, f]
    p = float(stats.ttest_rel(col[wl, b, f], col[wl, a, f]).pvalue) if np.ptp(d) > 0 else 0.0
    return float(d.mean()), p, int(np.sum(d > 0))


verd7 = {(wl, f): paired7(wl, f) for wl in _shen.SHEN_T7_LEARNERS for f in ("train_error", "n_iter", "test_error")}
for (wl, f), (d, p, up) in verd7.items():
    print(f"{wl:>5} {f:>11}: 1/T = 80 minus 20 = {d:+8.4f}, paired t-test p = {p:.1e}, larger on {up}/{len(REAL7)}")
over100 = {(wl, g): [r for r in REAL7 if t7[wl, g][r]["n_iter"] >= 100] for wl in _shen.SHEN_T7_LEARNERS for g in INV_T7}
print("runs with 100 iterations or more:", {f"{wl} 1/T={g}": len(v) for (wl, g), v in over100.items() if v})
# the paper's own numbers, read as 50 independent runs per column (Welch's test from the printed mean and std)
welch7 = {wl: float(stats.ttest_ind_from_stats(*pap7[wl]["80"]["test_error"], 50, *pap7[wl]["20"]["test_error"], 50,
                                               equal_var=False).pvalue) for wl in _shen.SHEN_T7_LEARNERS}
print("the paper's test errors, 1/T = 80 vs 20, Welch's t-test p:", {k: f"{v:.1e}" for k, v in welch7.items()})

# second path: re-run the cells of the bundled realisation 1; McNemar between 1/T = 20 and 80 on its 4900 test examples
sp7 = studies.load_split("banana", "r1")
mcn7 = {}
for wl, oracle_cls in (("stump", rb.StumpOracle), ("lda", rb.LDAOracle)):
    o = oracle_cls(sp7["X"], sp7["y"])
    pred = {}
    for g in INV_T7:
        stored = t7[wl, g][1]
        r_ = rb.adaboost_cg(o, **_shen._params(stored))
        pred[g] = np.where(o.predict(r_.hypotheses, r_.weights, sp7["X_test"]) >= 0, 1.0, -1.0)
        assert np.mean(pred[g] != sp7["y_test"]) == stored["test_error"] and r_.n_iter == stored["n_iter"]
    mcn7[wl] = _shen.mcnemar(pred[INV_T7[0]], pred[INV_T7[-1]], sp7["y_test"])
    assert mcn7[wl]["significant"] == (mcn7[wl]["p_exact"] < ALPHA7)  # chi2 and the exact binomial p agree
    print(f"McNemar, realisation 1, {wl}, 1/T = 20 vs 80: chi2 = {mcn7[wl]['chi2']:.2f} (> {_shen.MCNEMAR_CHI2_95}: "
          f"{mcn7[wl]['significant']}), exact p = {mcn7[wl]['p_exact']:.3f}; only 20 wrong {mcn7[wl]['n01']}, "
          f"only 80 wrong {mcn7[wl]['n10']}")
claims.check("Shen-Li Table VII", status="reproduced", on="the 6 re-run stored cells of banana realisation 1",
             note="each re-run reproduces its stored test error and iteration count exactly; the study's table agrees "
                  "with the means computed here; McNemar's test is computed on the re-runs")

# %% tags=["hide-input"]
fig, ax = plt.subplots(1, 3, figsize=(13, 3.8))
for wl, mk in (("stump", "o"), ("lda", "s")):
    for a, f in zip(ax[:2], ("test_error", "train_error"), strict=True):
        m = [col[wl, g, f].mean() for g in INV_T7]
        a.errorbar(INV_T7, m, yerr=[col[wl, g, f].std() for g in INV_T7], marker=mk, capsize=3, label=f"ours, {wl}")
        a.errorbar(INV_T7, [pap7[wl][str(g)][f][0] for g in INV_T7], yerr=[pap7[wl][str(g)][f][1] for g in INV_T7],
                   marker=mk, ls="--", mfc="none", capsize=3, label=f"paper, {wl}")
        a.set_title(f"{f.replace('_', ' ')} (Table VII)")
    ax[2].plot(INV_T7, [col[wl, g, "n_iter"].mean() for g in INV_T7], marker=mk, label=f"ours, {wl} (mean, range)")
    ax[2].fill_between(INV_T7, [col[wl, g, "n_iter"].min() for g in INV_T7], [col[wl, g, "n_iter"].max() for g in INV_T7],
                       alpha=0.2)
ax[2].axhline(100, color="k", ls=":", label="the paper's 'all runs stop before 100'")
ax[2].set_title("AdaBoost-CG iterations")
for a in ax:
    a.set_xlabel("1/T")
    a.set_xticks(INV_T7)
    a.legend(fontsize=9)
plt.tight_layout()
plt.show()

# %% [markdown]
# **Verdicts on Table VII** (asserted below on the 10 realisations; the counts are printed above).

# %%
# the printed numbers: every mean (test and train, both learners, the three T) within two of the paper's std
assert len(near7) == 12
# (a) the training error falls as 1/T grows, on every realisation, for both learners
assert all(verd7[wl, "train_error"][0] < 0 and verd7[wl, "train_error"][1] < ALPHA7 and verd7[wl, "train_error"][2] == 0
           for wl in _shen.SHEN_T7_LEARNERS)
assert all(np.all(np.diff([col[wl, g, "train_error"].mean() for g in INV_T7]) <= 0) for wl in _shen.SHEN_T7_LEARNERS)
# (b) T sets the convergence speed: more iterations at larger 1/T, on every realisation, every converged within 400
assert all(verd7[wl, "n_iter"][2] == len(REAL7) and verd7[wl, "n_iter"][1] < ALPHA7 for wl in _shen.SHEN_T7_LEARNERS)
assert all(bool(rec["converged"]) for runs in t7.values() for rec in runs.values())
# (c) "the test error does not change significantly": the change of the mean is smaller than the spread over runs
#     (ours and the paper's) ...
assert all(abs(verd7[wl, "test_error"][0]) < max(col[wl, g, "test_error"].std() for g in INV_T7)
           for wl in _shen.SHEN_T7_LEARNERS)
assert all(abs(pap7[wl]["80"]["test_error"][0] - pap7[wl]["20"]["test_error"][0]) < pap7[wl]["20"]["test_error"][1]
           for wl in _shen.SHEN_T7_LEARNERS)
# ... but it is a significant rise, paired over realisations, for both learners (stumps: on every realisation; and
# McNemar on realisation 1), and by Welch's test the paper's own stump columns already differ
test_up = [wl for wl in _shen.SHEN_T7_LEARNERS if verd7[wl, "test_error"][0] > 0 and verd7[wl, "test_error"][1] < ALPHA7]
assert test_up == ["stump", "lda"] and verd7["stump", "test_error"][2] == len(REAL7)
assert mcn7["stump"]["significant"] and mcn7["stump"]["n10"] > mcn7["stump"]["n01"]
assert welch7["stump"] < ALPHA7 <= welch7["lda"]
# (d) "all runs stop earlier than 100 iterations" fails: counterexamples at 1/T = 40 and 80 (1/T = 20: all below 100)
assert not any(over100[wl, 20] for wl in _shen.SHEN_T7_LEARNERS)
assert len(over100["stump", 40]) == len(over100["stump", 80]) == len(over100["lda", 80]) == len(REAL7)
print("counterexamples to 'all runs stop before 100 iterations' (learner, 1/T, realisation, iterations):",
      [(wl, g, r, t7[wl, g][r]["n_iter"]) for (wl, g), v in over100.items() for r in v][:4], "...")
claims.check("Shen-Li Table VII", status="fails",
             on="banana, IDA realisations 1-10 (10 of the paper's 50 runs), stumps and LDA, 1/T in {20, 40, 80} "
                "(store shen_table7)",
             note="all 12 means within 2 paper std; training error falls and iterations grow with 1/T on every "
                  "realisation; but every stump run at 1/T = 40, 80 and every LDA run at 1/T = 80 needs 100 or more "
                  "iterations, and the test error rises significantly with 1/T (paired t-test, both learners; "
                  "McNemar on realisation 1 for stumps), by less than its spread over runs")

# %% [markdown]
# **Table IX and Tables V/VIII** (`FULL_RUN` only for V/VIII): AdaBoost-CG and LogitBoost-CG with $T$ chosen on the
# 15 % validation part from $\{1/10,1/20,1/50,1/100,1/200\}$, test error on the 15 % test part, one split each (the
# paper's protocol is the study `shen_table58`, §3.12).
#
# `FULL_RUN` measured (seed 0): validated test errors AdaBoost-CG / LogitBoost-CG: australian $0.117/0.097$,
# breast-cancer $0.078/0.088$, diabetes $0.252/0.270$, heart $0.280/0.240$, splice $0.061/0.048$, svmguide3
# $0.054/0.054$ — as in the paper, neither wins everywhere (one split, so no error bars).

# %%
tab9 = {name: rb.datasets.load(name).X.shape for name in ("australian", "breast-cancer")}
assert tab9 == {"australian": (690, 14), "breast-cancer": (683, 10)}  # Table IX's sizes
claims.check("Shen-Li Table IX", status="partly reproduced", on="australian and breast-cancer (the LIBSVM files stored)",
             note="examples and features as in the table; the other twelve sets are not stored")

if FULL_RUN:
    grid = (10, 20, 50, 100, 200)
    print(f"\n{'data':>13} {'CG 1/T':>6} {'CG test':>7} {'Logit 1/T':>9} {'Logit test':>10}")
    for name in fig5_sets:
        ds = rb.datasets.load(name)
        tr, held = random_split(ds.n_examples, 0.3, np.random.default_rng(0))
        va, te = held[len(held) // 2:], held[: len(held) // 2]
        o = rb.StumpOracle(ds.X[tr], ds.y[tr])
        row = []
        for booster in (rb.adaboost_cg, rb.logitboost_cg):
            fits = {g: booster(o, T=1 / g, eps=1e-5, max_iter=1000) for g in grid}
            err = lambda r, idx: error_rate(o.predict(r.hypotheses, r.weights, ds.X[idx]), ds.y[idx])
            best = min(grid, key=lambda g: err(fits[g], va))
            row += [best, err(fits[best], te)]
        print(f"{name:>13} {row[0]:6d} {row[1]:7.3f} {row[2]:9d} {row[3]:10.3f}")

# %% [markdown]
# ### 3.11 Figures: the $T$ homotopy, margin distributions (Fig. 4), entropy curves (Fig. 1), convergence (Fig. 5)

# %% tags=["hide-input"]
fig, ax = plt.subplots(2, 2, figsize=(10, 8.5))
ax = ax.ravel()
Ts = np.array([h[0] for h in homotopy])
ax[0].semilogx(1 / Ts, [h[1] for h in homotopy], "o-", label=r"Opt(15) $= -T\,$Opt(5)")
ax[0].semilogx(1 / Ts, [h[2] for h in homotopy], "s-", label=r"$r^\star$ = max edge $= \sum_i u_i\varrho_i$")
ax[0].axhline(lp_s.value, color="k", ls="--", label=r"hard margin $r_{LP}$ (HiGHS)")
ax[0].fill_between(1 / Ts, lp_s.value - Ts * np.log(len(ys)), lp_s.value, color="0.85", label=r"$[r_{LP}-T\log M, r_{LP}]$")
ax[0].set_xlabel("1/T")
ax[0].set_title("(15) → hard-margin LP as T → 0")
ax[0].legend(fontsize=12)
for lab, marg in (("AdaBoost", bc["ab"].margins), ("AdaBoost-CG", bc["cg"].extra["normalized_margins"]),
                  ("AdaBoost-QP", bc["qp"].margins), ("arc-gv", bc["arc"].margins)):
    ms = np.sort(marg)
    ax[1].plot(ms, np.arange(1, len(ms) + 1) / len(ms), label=f"{lab} (min {ms[0]:.3f}, mean {ms.mean():.3f})")
ax[1].set_xlabel(r"normalised margin $\varrho_i$")
ax[1].set_ylabel("cumulative fraction")
ax[1].set_title(f"Margins, breast-cancer, K = {K} (Fig. 4)")
ax[1].legend(fontsize=12)
for r in runs:
    line = ax[2].plot(r["ent_ab"], label=f"AdaBoost, {r['name']}")[0]
    ax[2].plot(r["ent_arc"], ls="--", color=line.get_color(), label=f"arc-gv, {r['name']}")
ax[2].set_xlabel("iteration")
ax[2].set_ylabel(r"$\sum_i u_i\log u_i$")
ax[2].set_title("Negative entropy of u (Fig. 1)")
ax[2].legend(fontsize=12)
for r in runs:
    line = ax[3].semilogx(np.arange(1, K + 1), r["lse_ab"] - r["cg"].extra["primal_objective"], label=f"AdaBoost, {r['name']}")[0]
    ax[3].semilogx(r["cols_cg"], r["obj_cg"] - r["cg"].extra["primal_objective"] + 1e-12, ls="--",
                   color=line.get_color(), label=f"AdaBoost-CG, {r['name']}")
ax[3].set_yscale("log")
ax[3].set_xlabel("iteration")
ax[3].set_ylabel(r"objective of (5) $-$ Opt(5) at $T$")
ax[3].set_title("Convergence (Fig. 5)")
ax[3].legend(fontsize=12)
plt.tight_layout()
plt.show()


# %% [markdown]
# ### 3.12 The experiments at the paper's protocol: Tables II to VI and VIII from the study stores
#
# The cells above re-run one split each. The paper's tables are declared as studies (`refboost-repro --list`):
# `shen_tables` (Tables II and IV), `shen_table3` (Table III), `shen_table6` (Table VI) and `shen_table58` (Tables V
# and VIII), each a grid of cells (data set × seeded 70/15/15 split × booster × parameter) run by
# `refboost-repro STUDY --scale paper` and stored in `data/results/STUDY/paper/`. This section reads those stores
# (`refboost.studies.analyse`) and tests the paper's qualitative claims on them. The splits are ours (seeded by data
# set and split number; the paper does not give its own), shared by all the studies, so Table III's QP and Table II's
# QP see the same training parts. liver-disorders is not in the data catalogue.
#
# **What ran.** The paper scale of every study is the paper's protocol; on the shared 2-core machine, where it did not
# fit, we ran a stated subset of the splits (the grids are split-major, so `refboost-repro ... --limit N` runs whole splits first): the
# `splits` column of each table is "complete splits / the paper's count" (a split counts only when every setting of
# the validation grid is stored), and each store's `provenance.json` records every run (command, cells, wall and CPU
# time). Tables II and IV: all ten splits (Table IV: the first five) of all 13 sets, the full protocol;
# Table III: all ten splits of all seven sets (australian's QP over its about 1900 stumps costs up to 35 s a cell);
# Tables V, VI and VIII: all five. Another `refboost-repro STUDY --scale paper` resumes each store to the full protocol.
# With five to ten splits a paired test has modest power: "not separated" below means no evidence of a
# difference on these splits, which is what the paper's "no statistical difference" claims too.
#
# **Statistics.** The record of a cell holds its error rates, not its per-example predictions. Comparisons between
# two algorithms over the stored splits use the paired $t$-test over splits (`scipy.stats.ttest_rel`, two-sided,
# $\alpha=0.05$), per data set. The paper's own test is McNemar's (§4.2, $\chi^2_{1,0.95}=3.841459$) on per-example
# predictions; we compute it (`refboost.studies._shen.mcnemar`: continuity-corrected statistic, and the exact binomial
# $p$ as a second path) by re-running the stored cells of the bundled data sets (australian, breast-cancer) and
# check first that each re-run reproduces its stored test error exactly.

# %%
from refboost import studies  # noqa: E402
from refboost.studies import _shen  # noqa: E402


def paper_records(name):
    """The stored records of a study at the paper's scale (None without a store)."""
    path = studies.default_store(name, "paper")
    if not any((path / f).exists() for f in ("cells.parquet", "cells.sqlite")):
        return None
    with studies.Store(path) as sto:
        return sto.records()


def paired(a, b):
    """Paired t-test over the common splits of two {split: record} maps: (mean a - b, p, n).

    Fewer than 3 common splits: not tested (p = 1). Equal errors on every split: p = 1. Differences equal and
    non-zero on every split (zero variance): p = 0.
    """
    common = sorted(set(a) & set(b))
    da = np.array([a[s]["test_error"] for s in common])
    db = np.array([b[s]["test_error"] for s in common])
    if len(common) < 3 or np.allclose(da, db):
        return float(np.mean(da - db)) if common else np.nan, 1.0, len(common)
    if np.ptp(da - db) == 0:
        return float(np.mean(da - db)), 0.0, len(common)
    return float(np.mean(da - db)), float(stats.ttest_rel(da, db).pvalue), len(common)


ALPHA = 0.05
rec_t = paper_records("shen_tables")
t2 = _shen.shen_table2_choices(rec_t, "paper")
t4 = _shen.shen_table4_runs(rec_t, "paper")
pap2 = studies.paper_numbers()["shen_tables"]["table_ii"]["values"]
sets2 = [d for d in _shen.SHEN_PAPER_SETS if t2[d, "adaboost"] and t2[d, "adaboost_qp"]]
print(f"Table II (mean over splits; paper in brackets): {len(sets2)} data sets")
print(f"{'data':>13} {'splits':>6} {'test AB':>14} {'test QP':>14} {'p':>5} {'min margin AB':>16} {'min margin QP':>16} "
      f"{'mean margin AB':>16} {'mean margin QP':>16}")
tab2 = {}
for d in sets2:
    ab, qp = t2[d, "adaboost"], t2[d, "adaboost_qp"]
    m = {k: {f: float(np.mean([r[f] for r in v.values()])) for f in ("test_error", "margin_min", "margin_mean")}
         for k, v in (("ab", ab), ("qp", qp))}
    diff, p, n = paired(ab, qp)
    tab2[d] = dict(m=m, p=p, n=n, diff=diff,
                   min_split=all(ab[s]["margin_min"] > qp[s]["margin_min"] for s in set(ab) & set(qp)),
                   mean_split=all(qp[s]["margin_mean"] > ab[s]["margin_mean"] for s in set(ab) & set(qp)))
    pp = pap2[d]
    cell = lambda k, f, b: f"{m[k][f]:6.3f} ({pp[b][f][0]:6.3f})"
    print(f"{d:>13} {n:3d}/10 {cell('ab', 'test_error', 'adaboost')} {cell('qp', 'test_error', 'adaboost_qp')} {p:5.2f} "
          f"{cell('ab', 'margin_min', 'adaboost'):>16} {cell('qp', 'margin_min', 'adaboost_qp'):>16} "
          f"{cell('ab', 'margin_mean', 'adaboost'):>16} {cell('qp', 'margin_mean', 'adaboost_qp'):>16}")
# agreement with the printed numbers: our mean test error within two of the paper's standard deviations
near2 = {b: [d for d in sets2 if abs(tab2[d]["m"][k]["test_error"] - pap2[d][b]["test_error"][0])
             <= 2 * pap2[d][b]["test_error"][1]] for k, b in (("ab", "adaboost"), ("qp", "adaboost_qp"))}
print(f"test error within 2 paper std of the paper's: AdaBoost {len(near2['adaboost'])}/{len(sets2)}, "
      f"AdaBoost-QP {len(near2['adaboost_qp'])}/{len(sets2)}")
min_ok = [d for d in sets2 if tab2[d]["m"]["ab"]["margin_min"] > tab2[d]["m"]["qp"]["margin_min"]]
mean_ok = [d for d in sets2 if tab2[d]["m"]["qp"]["margin_mean"] > tab2[d]["m"]["ab"]["margin_mean"]]
sig2 = [d for d in sets2 if tab2[d]["p"] < ALPHA]
qp_better = [d for d in sets2 if tab2[d]["diff"] > 0]
print(f"AdaBoost's minimum margin larger on {len(min_ok)}/{len(sets2)}; QP's mean margin larger on "
      f"{len(mean_ok)}/{len(sets2)}; test error: QP lower on {len(qp_better)}/{len(sets2)}, paired t-test significant "
      f"(p < {ALPHA}) on {sig2 or 'none'}")

# %% [markdown]
# Table IV: AdaBoost and AdaBoost-CG ($T=1/\|\boldsymbol w\|_1$ of 1000 AdaBoost rounds, $\varepsilon=10^{-5}$) after 100,
# 500 and 1000 iterations. The paper: the test errors do not differ significantly, and CG's training error is
# "consistently better or no worse".

# %%
pap4 = studies.paper_numbers()["shen_tables"]
sets4 = [d for d in _shen.SHEN_PAPER_SETS if all(t4[d, b, c] for b in ("adaboost", "adaboost_cg") for c in (100, 500, 1000))]
print(f"{'data':>13} {'runs':>4} " + " ".join(f"{'test AB/CG @' + str(c):>19} {'p':>4}" for c in (100, 500, 1000))
      + f" {'train AB/CG @1000':>17}")
tab4 = {}
for d in sets4:
    row = {}
    for c in (100, 500, 1000):
        ab, cg = t4[d, "adaboost", c], t4[d, "adaboost_cg", c]
        row[c] = dict(zip(("diff", "p", "n"), paired(ab, cg), strict=True))
        for k, v in (("ab", ab), ("cg", cg)):
            row[c][k] = float(np.mean([r["test_error"] for r in v.values()]))
            row[c][k + "_train"] = float(np.mean([r["train_error"] for r in v.values()]))
    tab4[d] = row
    pt = pap4["table_iv"]["values"].get(d, {})
    print(f"{d:>13} {row[1000]['n']:2d}/5 " + " ".join(
        f"{row[c]['ab']:.3f}/{row[c]['cg']:.3f} ({pt['adaboost'][str(c)][0]:.3f}/{pt['adaboost_cg'][str(c)][0]:.3f}) "
        f"{row[c]['p']:4.2f}" for c in (100, 500, 1000)) + f" {row[1000]['ab_train']:.3f}/{row[1000]['cg_train']:.3f}")
near4 = [(d, b) for d in sets4 for b, k in (("adaboost", "ab"), ("adaboost_cg", "cg"))
         if abs(tab4[d][1000][k] - pap4["table_iv"]["values"][d][b]["1000"][0])
         <= 2 * max(pap4["table_iv"]["values"][d][b]["1000"][1], 0.005)]
print(f"test error at 1000 within 2 paper std (at least 0.005) of the paper's: {len(near4)}/{2 * len(sets4)}")
sig4 = sorted({(d, c) for d in sets4 for c in (100, 500, 1000) if tab4[d][c]["p"] < ALPHA})
train_worse = [(d, c) for d in sets4 for c in (100, 500, 1000) if tab4[d][c]["cg_train"] > tab4[d][c]["ab_train"] + 1e-12]
print(f"paired t-test significant (p < {ALPHA}) at: {sig4 or 'none'}; CG's training error above AdaBoost's at: "
      f"{train_worse or 'none'}")

# %% [markdown]
# McNemar on per-example predictions (the paper's test): the stored Table IV cells at 1000 iterations of the two
# bundled data sets are re-run (`refboost.studies.load_split` gives the same split, the boosters are deterministic),
# each re-run must give its stored test error exactly, and then AdaBoost and AdaBoost-CG are compared on the same test
# examples.

# %%
mcn = {}
for d in ("australian", "breast-cancer"):
    for s in sorted(set(t4[d, "adaboost", 1000]) & set(t4[d, "adaboost_cg", 1000])):
        sp = studies.load_split(d, f"70/15/15:s{s}")
        o = rb.StumpOracle(sp["X"], sp["y"])
        ab_ = rb.adaboost(o, max_iter=1000, store_d=False)
        cg_ = rb.adaboost_cg(o, T=1 / float(ab_.extra["norm"]), eps=_shen.SHEN_EPS, max_iter=1000)
        preds = [np.where(o.predict(r_.hypotheses, r_.weights, sp["X_test"]) >= 0, 1.0, -1.0) for r_ in (ab_, cg_)]
        for b, pr in zip(("adaboost", "adaboost_cg"), preds, strict=True):
            assert np.mean(pr != sp["y_test"]) == t4[d, b, 1000][s]["test_error"]  # the re-run is the stored cell
        mcn[d, s] = _shen.mcnemar(*preds, sp["y_test"])
        assert mcn[d, s]["significant"] == (mcn[d, s]["chi2"] > _shen.MCNEMAR_CHI2_95)
print("McNemar, AdaBoost vs AdaBoost-CG at 1000 iterations (n01 = AB wrong/CG right, n10 = reverse):")
for (d, s), v in mcn.items():
    print(f"  {d:>13} split {s}: n01 {v['n01']:2d} n10 {v['n10']:2d} chi2 {v['chi2']:5.2f} p {v['p']:.2f} "
          f"exact p {v['p_exact']:.2f}")
mcn_sig = [k for k, v in mcn.items() if v["significant"]]
print(f"chi2 > {_shen.MCNEMAR_CHI2_95}: {mcn_sig or 'none'} of {len(mcn)}")
claims.check("Shen-Li Table IV", status="partly reproduced", on="10 re-run stored cells of australian and breast-cancer",
             note="each re-run reproduces its stored test error exactly; McNemar's test is computed on them here")

# %% [markdown]
# Table III: AdaBoost-QP over **all** decision stumps of the training part (`refboost.adaboost_qp` without a pool takes
# every key of the `StumpOracle`), $T$ chosen on validation, on the same splits as Table II. The paper: slightly
# better than Table II's QP over AdaBoost's 1500 stumps in most cases, no significant difference.

# %%
rec3 = paper_records("shen_table3")
t3 = _shen.shen_table3_choices(rec3, "paper") if rec3 else {}
pap3 = studies.paper_numbers()["shen_table3"]["table_iii"]["values"]
sets3 = [d for d in t3 if t3[d] and d in sets2]
tab3 = {}
print(f"{'data':>13} {'splits':>6} {'QP all stumps':>16} {'QP 1500 AB stumps':>18} {'p':>5} {'distinct stumps':>15}")
for d in sets3:
    diff, p, n = paired(t3[d], t2[d, "adaboost_qp"])
    tab3[d] = dict(all=float(np.mean([r["test_error"] for r in t3[d].values()])), diff=diff, p=p, n=n)
    print(f"{d:>13} {len(t3[d]):3d}/10 {tab3[d]['all']:.3f} ({pap3[d][0]:.3f}) {tab2[d]['m']['qp']['test_error']:8.3f} "
          f"({pap2[d]['adaboost_qp']['test_error'][0]:.3f}) {p:5.2f} "
          f"{np.mean([r['n_hypotheses'] for r in t3[d].values()]):15.0f}")
near3 = [d for d in sets3 if abs(tab3[d]["all"] - pap3[d][0]) <= 2 * max(pap3[d][1], 0.005)]
print(f"within 2 paper std (at least 0.005) of the paper's: {len(near3)}/{len(sets3)}")
sig3 = [d for d in sets3 if tab3[d]["p"] < ALPHA]
better3 = [d for d in sets3 if tab3[d]["diff"] < 0]
print(f"all-stump QP lower on {len(better3)}/{len(sets3)}; paired t-test significant on {sig3 or 'none'}")

# %% [markdown]
# Table VI: LDA weak classifiers (`refboost.LDAOracle`), AdaBoost reported as in the paper, the least **test** error
# of 100, 500 and 1000 rounds (a selection on the test part; the rounds chosen on validation are printed too), and
# AdaBoost-CG with $T$ chosen on validation from $\{1/2,\dots,1/150\}$. The paper: AdaBoost and AdaBoost-CG are alike
# (McNemar, no significant difference).

# %%
rec6 = paper_records("shen_table6")
t6 = _shen.shen_t6_choices(rec6, "paper") if rec6 else {}
t6best = _shen.shen_t6_best_test(rec6, "paper") if rec6 else {}
pap6 = studies.paper_numbers()["shen_table6"]["table_vi"]["values"]
sets6 = [d for d in _shen.SHEN_CG_SETS if t6 and t6best[d] and t6[d, "adaboost_cg"]]
tab6 = {}
print(f"{'data':>13} {'splits':>6} {'AB best test':>16} {'AB on val':>9} {'CG':>16} {'p (AB val vs CG)':>16}")
for d in sets6:
    diff, p, n = paired(t6[d, "adaboost"], t6[d, "adaboost_cg"])
    tab6[d] = dict(best=float(np.mean([r["test_error"] for r in t6best[d].values()])), p=p, n=n,
                   val=float(np.mean([r["test_error"] for r in t6[d, "adaboost"].values()])),
                   cg=float(np.mean([r["test_error"] for r in t6[d, "adaboost_cg"].values()])))
    print(f"{d:>13} {n:4d}/5 {tab6[d]['best']:.3f} ({pap6[d]['adaboost'][0]:.3f}) {tab6[d]['val']:9.3f} "
          f"{tab6[d]['cg']:.3f} ({pap6[d]['adaboost_cg'][0]:.3f}) {p:16.2f}")
near6 = [(d, b) for d in sets6 for b, k in (("adaboost", "best"), ("adaboost_cg", "cg"))
         if abs(tab6[d][k] - pap6[d][b][0]) <= 2 * max(pap6[d][b][1], 0.005)]
print(f"within 2 paper std (at least 0.005) of the paper's: {len(near6)}/{2 * len(sets6)}")
mcn6 = {}
for d in [d for d in ("australian", "breast-cancer") if d in sets6]:
    for s in sorted(set(t6[d, "adaboost"]) & set(t6[d, "adaboost_cg"])):
        sp = studies.load_split(d, f"70/15/15:s{s}")
        o = rb.LDAOracle(sp["X"], sp["y"])
        preds = []
        for b, fn in (("adaboost", rb.adaboost), ("adaboost_cg", rb.adaboost_cg)):
            r_ = fn(o, **_shen._params(t6[d, b][s]))
            preds.append(np.where(o.predict(r_.hypotheses, r_.weights, sp["X_test"]) >= 0, 1.0, -1.0))
            assert np.mean(preds[-1] != sp["y_test"]) == t6[d, b][s]["test_error"]  # the re-run is the stored cell
        mcn6[d, s] = _shen.mcnemar(*preds, sp["y_test"])
mcn6_sig = [k for k, v in mcn6.items() if v["significant"]]
# the paper's text: "slightly better [test error] than with stumps for both"; ours: LDA's CG vs the stumps' CG at 1000
# iterations (Table IV's cells) on the splits both stores hold
lda_vs_stump = {d: paired(t6[d, "adaboost_cg"], t4[d, "adaboost_cg", 1000]) for d in sets6 if d in sets4}
lda_worse = [d for d, v in lda_vs_stump.items() if v[0] > 0]
print("LDA's AdaBoost-CG minus the stumps' (Table IV, 1000 iterations), mean over common splits:",
      {d: round(v[0], 3) for d, v in lda_vs_stump.items()})
print(f"McNemar (LDA; AdaBoost's rounds and CG's T chosen on validation), chi2 > {_shen.MCNEMAR_CHI2_95}: "
      f"{mcn6_sig or 'none'} of {len(mcn6)}; largest chi2 {max((v['chi2'] for v in mcn6.values()), default=0):.2f}")
claims.check("Shen-Li Table VI", status="reproduced",
             on="the stored LDA cells of australian and breast-cancer, 10 splits re-run",
             note="each re-run reproduces its stored test error exactly; McNemar's test is computed on them")

# %% [markdown]
# Tables V and VIII: AdaBoost-CG and LogitBoost-CG with stumps, $T$ chosen on validation from $\{1/10,\dots,1/500\}$
# (store `shen_table58`). The paper: LogitBoost-CG's results are "very similar" to AdaBoost-CG's and neither wins on
# all data sets; Table V is slightly better than Table IV's AdaBoost-CG (whose $T$ comes from AdaBoost).

# %%
rec58 = paper_records("shen_table58")
t58 = _shen.shen_t58_choices(rec58, "paper") if rec58 else {}
pap58 = studies.paper_numbers()["shen_table58"]
sets58 = [d for d in _shen.SHEN_CG_SETS if t58 and t58[d, "adaboost_cg"] and t58[d, "logitboost_cg"]]
tab58 = {}
print(f"{'data':>13} {'splits':>6} {'AdaBoost-CG (V)':>16} {'LogitBoost-CG (VIII)':>20} {'p':>5}")
for d in sets58:
    diff, p, n = paired(t58[d, "adaboost_cg"], t58[d, "logitboost_cg"])
    tab58[d] = dict(diff=diff, p=p, n=n, **{b: float(np.mean([r["test_error"] for r in t58[d, b].values()]))
                                            for b in ("adaboost_cg", "logitboost_cg")})
    print(f"{d:>13} {n:4d}/5 {tab58[d]['adaboost_cg']:.3f} ({pap58['table_v']['values'][d][0]:.3f}) "
          f"{tab58[d]['logitboost_cg']:.3f} ({pap58['table_viii']['values'][d][0]:.3f}) {p:9.2f}")
ada_wins = [d for d in sets58 if tab58[d]["diff"] < 0]
logit_wins = [d for d in sets58 if tab58[d]["diff"] > 0]
sig58 = [d for d in sets58 if tab58[d]["p"] < ALPHA]
print(f"AdaBoost-CG lower on {ada_wins or 'none'}; LogitBoost-CG lower on {logit_wins or 'none'}; "
      f"paired t-test significant on {sig58 or 'none'}")

# %% [markdown]
# **Verdicts.** Asserted on the stored splits (the counts are printed above; a claim that fails is asserted as failing,
# with its counterexamples named):

# %%
# Table II: AdaBoost has the larger minimum margin on every data set (the means over splits, the table's numbers)
assert min_ok == sets2
min_fail_split = [d for d in sets2 if not tab2[d]["min_split"]]
print("AdaBoost's minimum margin below QP's on some split of:", min_fail_split or "none")
# "QP has the larger average margin on every data set": on the means over splits (the table's numbers) ...
mean_fail = [d for d in sets2 if d not in mean_ok]
assert not mean_fail
# ... but not split by split: on these sets some split has AdaBoost's mean margin the larger
mean_fail_split = [d for d in sets2 if not tab2[d]["mean_split"]]
print("QP's mean margin below AdaBoost's on some split of:", mean_fail_split)
# test error: QP lower on most data sets (the paper: on 9 of 14); the paired t-test separates the two more often in
# QP's favour than in AdaBoost's; a separation in AdaBoost's favour where the paper's own Table II has QP the lower
# contradicts the paper's ordering (printed: the counterexamples)
sig2_qp = [d for d in sig2 if tab2[d]["diff"] > 0]
sig2_ab = [d for d in sig2 if tab2[d]["diff"] < 0]
paper_ab_lower = [d for d in sets2 if pap2[d]["adaboost"]["test_error"][0] < pap2[d]["adaboost_qp"]["test_error"][0]]
print(f"significant in QP's favour: {sig2_qp}; in AdaBoost's: {sig2_ab} (the paper's AdaBoost lower on {paper_ab_lower})")
assert 2 * len(qp_better) > len(sets2) and len(sig2_qp) > len(sig2_ab)
print("AdaBoost significantly lower where the paper has QP lower:", [d for d in sig2_ab if d not in paper_ab_lower])
assert all(2 * len(v) > len(sets2) for v in near2.values())  # most means within two of the paper's std
# FEW: at most one comparison in ten (about what alpha = 0.05 gives by chance), and at least one
FEW = lambda n: max(1, n // 10)  # noqa: E731
claims.check("Shen-Li Table II", status="reproduced",
             on="13 LIBSVM sets, all 10 seeded 70/15/15 splits each (store shen_tables)",
             note="on every set's mean AdaBoost's minimum margin and QP's mean margin are the larger (not on every "
                  "split: minimum on german.numer, mean on 10 sets); QP's test error lower on 7/13, significantly "
                  "(paired t-test, p < 0.05) on australian, breast-cancer, heart and splice in QP's favour, on "
                  "mushrooms (as in the paper) and w1a (against the paper's ordering) in AdaBoost's; every mean "
                  "within 2 paper std")
# Table IV: McNemar (the paper's test) never rejects on the re-run splits; the paired t-test over splits separates the
# two at a few data set x checkpoint pairs, in both directions
assert not mcn_sig and len(mcn) >= 6
sig4_ab = [f"{d}@{c}" for d, c in sig4 if tab4[d][c]["diff"] < 0]
sig4_cg = [f"{d}@{c}" for d, c in sig4 if tab4[d][c]["diff"] > 0]
assert len(sig4) <= 0.2 * 3 * len(sets4)
# "CG's training error is consistently better or no worse": the counterexamples
assert train_worse
claims.check("Shen-Li Table IV", status="partly reproduced",
             on="13 LIBSVM sets, all 5 seeded splits each (store shen_tables); McNemar on 10 re-run australian and "
                "breast-cancer splits",
             note="McNemar chi2 <= 3.841459 on every re-run split; the paired t-test over splits separates 5 of 39 "
                  "data set x checkpoint pairs (AdaBoost lower on breast-cancer at 100/500/1000 and heart at 100, CG "
                  "lower on fourclass at 1000); CG's training error above AdaBoost's on german.numer at 1000")
# Table III: QP over all stumps vs over AdaBoost's 1500 stumps, same splits: no significant difference
assert sets3 and all(tab3[d]["diff"] < 0 for d in sig3)  # where separated, the all-stump QP is the lower
# "slightly better in most cases", and the printed means within two of the paper's standard deviations
assert 2 * len(better3) > len(sets3) and len(near3) == len(sets3)
claims.check("Shen-Li Table III", status="reproduced",
             on="7 LIBSVM sets, all 10 splits of each (store shen_table3)",
             note="QP over all stumps lower than over AdaBoost's 1500 on 5/7 sets ('slightly better in most cases'), "
                  "significantly (paired t-test, p < 0.05) only on mushrooms; every mean within 2 paper std; "
                  "liver-disorders not in the catalogue")
# Table VI: AdaBoost (rounds chosen on validation) and AdaBoost-CG not separated, as the paper's McNemar tests say
sig6 = [d for d in sets6 if tab6[d]["p"] < ALPHA]
assert len(sig6) <= FEW(len(sets6)) and not mcn6_sig and len(mcn6) >= 4
# ... but "slightly better than with stumps for both" fails: LDA's AdaBoost-CG is worse than the stumps' on these
assert lda_worse
assert len(near6) == 2 * len(sets6)  # every mean within two of the paper's standard deviations
claims.check("Shen-Li Table VI", status="reproduced",
             on="8 LIBSVM sets, LDA weak learner, all 5 splits each (store shen_table6)",
             note="AdaBoost and AdaBoost-CG not separated (paired t-test over splits; McNemar on 10 re-run australian "
                  "and breast-cancer splits); every mean within 2 paper std; the text's 'slightly better than with "
                  "stumps' fails for CG on ionosphere, sonar and splice")
# Tables V and VIII: "neither wins on all data sets" holds; "very similar" is weaker than the paired t-test on the sets
# of sig58 (all in LogitBoost-CG's favour), which the paper does not test
assert ada_wins and logit_wins and set(sig58) <= set(logit_wins)
near58 = [(d, t) for d in sets58 for t, b in (("table_v", "adaboost_cg"), ("table_viii", "logitboost_cg"))
          if abs(tab58[d][b] - pap58[t]["values"][d][0]) <= 2 * max(pap58[t]["values"][d][1], 0.005)]
print(f"Tables V/VIII: {len(near58)}/{2 * len(sets58)} means within 2 paper std (at least 0.005) of the paper's")
claims.check(["Shen-Li Table V", "Shen-Li Table VIII"], status="partly reproduced",
             on="8 LIBSVM sets, all 5 splits (store shen_table58)",
             note="neither booster wins on every set (each lower on 4); but LogitBoost-CG is lower by a paired t-test "
                  "(p < 0.05) on fourclass and splice; 15/16 means within 2 paper std")


# %% [markdown]
# **Reading the stores.** Our means sit within two of the paper's standard deviations on almost every data set,
# although our splits are not the paper's. What holds: on every data set's mean over splits AdaBoost's minimum margin
# is larger than AdaBoost-QP's and QP's average margin is the larger (Table II); QP's test error is the lower on most
# data sets (the paper: on 9 of 14), significantly (paired $t$-test) where named above, mostly in QP's favour
# (AdaBoost's on mushrooms, as in the paper's own table, and on w1a, against it); QP over all stumps is lower still on most sets (Table III); AdaBoost and AdaBoost-CG with LDA are not separated
# (Table VI); McNemar's test, the paper's, never rejects on the re-run australian and breast-cancer splits (Tables IV,
# VI); neither CG booster wins everywhere (Tables V, VIII). What does not: neither margin ordering is a split-by-split
# fact (named above); in Table IV the paired $t$-test separates AdaBoost and AdaBoost-CG at a few data set and
# checkpoint pairs (named above, both ways); CG's training error is *not* "consistently better or no worse" (Table IV, named above); LogitBoost-CG beats
# AdaBoost-CG by the paired $t$-test on the sets named above; and Table VI's remark that LDA does slightly better than
# stumps for both boosters fails (the paper's own Table VI contradicts it on sonar and splice; ours on the sets named
# above).


# %% [markdown]
# ## 4 Promotion
#
# Everything above imports the package: `refboost.adaboost_cg`, `refboost.logitboost_cg`, `refboost.adaboost_qp`,
# `refboost.lpboost_hinge` (package `refboost/boosters/shen/`; every restricted master is written as a concave
# function of the margins; the column-generation masters are warm-started chord-Newton steps on the support face, from
# a Cholesky factor of an earlier curvature model that each new column borders, each master solved only to 0.5 times
# the current certificate (the certificate is valid for any feasible $\boldsymbol\lambda$, so it still bounds the
# excess over the full class); their hot path runs as compiled numba kernels (`refboost/_jit/shen.py`; the
# numpy code stays the reference, `refboost.boosters.shen.USE_JIT = False`, and `tests/test_shen_jit.py` checks that
# both take the same steps), with the shared active-set Newton method
# `refboost/boosters/_newton.py` of the entropy chapter as fallback and for AdaBoost-QP and the hinge LPBoost),
# `refboost.adaboost` and `refboost.arcgv`, the exact stump oracle
# `refboost.StumpOracle`, the data sets `refboost.datasets.load`, the declared studies of the paper's tables
# (`refboost/studies/_shen.py`: `shen_tables`, `shen_table3`, `shen_table58`, `shen_table6`, `shen_table7`, with
# McNemar's test;
# tests `tests/test_studies_shen.py`), the ground truth
# `refboost.truth.*_eq5/10/14/15/18/28/30/31/32/41`, and `refboost.instances.threshold_pool` (the stump class
# materialised for the ground truth), the certificates `refboost.certify.shen`. Tests: `tests/test_shen.py`,
# `tests/test_certify_shen.py`; timings: `benchmarks/bench_shen.py`.
#
# **Paper claims that fail on our instances:** the printed $r^\star$ identity (residual asserted $>10^{-2}$ in §3.2);
# the $q$-log form of the Tsallis entropy (it is $S_{2-q}$, §3.5); the Gaussian approximation (38) behind Theorem 3.3
# outside $\sigma/T\lesssim1$ (§3.7, and on real margins §3.8); exact Gaussianity of the margins (Shapiro–Wilk, §3.8) and
# "closer to Gaussian with more rounds" (heart, the parabola data, §3.8); the relaxed constraint of (3) off
# negation-closed pools (§3.3); and, on breast-cancer, Fig. 1's entropy ordering and Fig. 4's margin orderings, also
# with Arc-Gv as the paper specifies it at $K=600$ (Fig. 1 holds on australian), Table II's mean-margin ordering at the
# heuristic $T$ (§3.9; at the $T$ chosen on validation it holds on every data set's mean, §3.12), Fig. 5's "about 10×"
# at $K=1000$ (more than 20× on breast-cancer and heart); Table VII's "all runs stop before 100 iterations" and its
# "test error does not change significantly" (a small but significant rise with $1/T$, §3.10); at
# the paper's protocol (§3.12, the study stores) Table IV's "CG's training error is consistently no worse" and Table
# VI's "LDA slightly better than stumps for both". The conjugates (Definition 3.1, Proposition 3.1, §3.4), the smooth maximum
# and the closed form (37) hold (§2.1, §3.7). Arc-Gv with the clipped step is `refboost.arcgv_clipped.arcgv_clipped`,
# the conjugates `refboost.conjugates`.
