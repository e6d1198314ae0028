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
# (ch-corrective)=
# # Corrective ERLPBoost and corrective Binary ERLPBoost
#
# The totally corrective algorithms of {doc}`03_entropy_regularized` re-solve the regularised
# problem (3.6) over all hypotheses at every iteration. {cite:t}`shalevshwartz2008` proposed a
# **corrective** variant that only moves the weight of the newest hypothesis, one closed-form step
# per iteration; {cite:t}`glocer2009`, chapter 4, calls it Corrective ERLPBoost and adds a binary
# entropy version. This chapter states both algorithms, derives their step and the per-iteration
# progress that gives their iteration bound, and checks each piece: the capped projection, the
# $\beta$ bisection, the duals of the exact line search, the step size, full runs against the totally
# corrective algorithms, and the printed start $w^0=0$, which fails.

# %% tags=["remove-input"]
from refboost import claims

claims.at_a_glance("04")

# %% [markdown]
# ## 1. Definitions and statements
#
# Notation as in {doc}`03_entropy_regularized`: $u^q_n=y_nh^q(x_n)$, $d^0$ uniform, $\nu$ the cap,
# $\hat\Theta^t$ the dual (3.10) and $P^t(d)=\max_{q\le t}u^q\cdot d+\frac1\eta\Delta(d,d^0)$.
#
# ```{prf:algorithm} Corrective ERLPBoost (Glocer 2009, Alg. 4.1, corrected)
# :nonumber:
# :label: alg-corrective
#
# $w^1=e_1$ (the first hypothesis). For $t=2,3,\dots$: get $h^t$ for $d^{t-1}$; with
# $x=u^t-\sum_{q<t}w^{t-1}_qu^q$,
#
# $$\alpha=\mathrm{clip}_{[0,1]}\Big(\frac{x\cdot d^{t-1}}{\eta\|x\|_\infty^2}\Big),\qquad
#   w^t=((1-\alpha)w^{t-1},\alpha);$$
#
# stop when $\delta^t=\min_{q\le t}P^q(d^{q-1})-\hat\Theta^{t-1}(w^{t-1},\psi^{t-1})\le\frac\epsilon2$;
# otherwise $d^t$ is the KL projection of $d^0e^{-\eta Uw^t}$ onto the capped simplex (Alg. 4.2,
# Project Simplex). **Corrective Binary ERLPBoost** (Alg. 4.3) uses $\Delta_{2,\nu}$ and finds the
# normaliser $\beta$ of $d^t$ by bisection (Alg. 4.4).
# ```
#
# The step approximates an exact line search over $w_t$, the problem (Glocer 2009, eq. (4.6))
#
# $$\min_d\ u^t\cdot d+\frac1\eta\Delta(d,d^0)\ \text{ s.t. }\ d\cdot\mathbf1=1,\ d\le\tfrac1\nu\mathbf1,\
#   (u^t-\bar u)\cdot d=0,\qquad \bar u=\sum_{q<t}w^{t-1}_qu^q .\tag{4.6}$$
#
# ```{prf:lemma} Corrective dual (Glocer 2009, Lemma 4.1)
# :nonumber:
# :label: lem-corrective-dual
#
# The dual of (4.6) is $\max_{w_t\in\mathbb R,\psi\ge0}-\frac1\eta\ln\sum_nd^0_ne^{-\eta((1-w_t)\bar u_n+w_tu^t_n+\psi_n)}-\frac1\nu\sum_n\psi_n$
# (4.7), and $d^t_n\propto d^0_ne^{-\eta((1-w_t)\bar u_n+w_tu^t_n+\psi_n)}$ (4.8).
# ```
# ```{prf:proof}
# Attach $\beta$ to $d\cdot\mathbf 1=1$, $\psi\ge0$ to the caps and $1-w_t$ to the equality
# $(\bar u-u^t)\cdot d=0$; the Lagrangian is a function of a free $d$. Stationarity in $d_n$ gives
# (4.8); optimising $\beta$ out gives (4.7). Strong duality holds **when (4.6) is feasible**.
# ```
#
# :::{admonition} Erratum: Glocer (2009), proof of Lemma 4.1
# :class: dropdown warning
# **Printed:** the proof writes $\mathbf d^t$ inside the Lagrangian and concludes strong duality from Slater's
# condition because "the uniform distribution is always a feasible solution".
# **Corrected:** the Lagrangian is a function of a free $\mathbf d$; $w_t$ is the multiplier of an equality,
# a free real number (not confined to Alg. 4.1's step range $[0,1]$); and (4.6) can be **infeasible**
# (for $u^t>\bar u$ componentwise no distribution satisfies $(u^t-\bar u)\cdot d=0$), so strong duality
# holds only when it is feasible. **Why:** $d^0$ satisfies the equality only by accident. The statement is
# unaffected. Checked in {ref}`sec-corrective-duals`.
# :::
#
# ## 2. Derivation: the step and the iteration bound
#
# ```{prf:lemma} The corrective step's progress (after Shalev-Shwartz and Singer 2008)
# :nonumber:
# :label: lem-corrective-step
#
# Let $f(\alpha)=-\frac1\eta\ln\sum_nd^{t-1}_ne^{-\eta\alpha x_n}$ (4.2), the increase of the dual value
# along $w(\alpha)$. Then $f(\alpha)\ge\alpha\,x\cdot d^{t-1}-\frac\eta2\alpha^2\|x\|_\infty^2$ (4.4, corrected),
# maximal at the step of {prf:ref}`Alg. 4.1 <alg-corrective>`, where it is at least
# $\frac{(x\cdot d^{t-1})^2}{2\eta\|x\|_\infty^2}\ge\frac{(x\cdot d^{t-1})^2}{8\eta}$ when the step is not clipped.
# ```
# ```{prf:proof}
# $\ln\sum_nd_ne^{-\eta\alpha x_n}$ is the cumulant generating function of $-\eta\alpha x$ under $d$; its
# second derivative in $\alpha$ is $\eta^2$ times a variance of $x$, at most $\eta^2\|x\|_\infty^2$. A
# second-order Taylor bound gives (4.4); maximising the quadratic gives $\alpha=x\cdot d/(\eta\|x\|_\infty^2)$,
# and $\|x\|_\infty\le2$ gives the last inequality.
# ```
#
# :::{admonition} Erratum: Glocer (2009), eq. (4.4)
# :class: warning
# **Printed:** $\alpha x\cdot d-2\eta\alpha^2\|x\|_\infty^2$. **Corrected:** $\alpha x\cdot d-\frac\eta2\alpha^2\|x\|_\infty^2$
# {cite:p}`shalevshwartz2008`. **Why:** the thesis says (4.4) is tighter than the Hoeffding bound
# $\alpha x\cdot d-2\eta\alpha^2$ (4.3) (its Fig. 4.1) and maximises it to get the step $x\cdot d/(\eta\|x\|_\infty^2)$; the
# printed coefficient would give $x\cdot d/(4\eta\|x\|^2_\infty)$ and a bound *looser* than (4.3). Checked in
# {ref}`sec-corrective-step`.
# :::
#
# :::{admonition} Erratum: Glocer (2009), Alg. 4.1(b) and Alg. 4.3(b), the step size
# :class: dropdown warning
# **Printed:** Alg. 4.1(b): $w^t_t=\max\big(0,\min\big(1,\frac{(\mathbf u^t-\sum_{q=0}^{t-1}w^{t-1}_q\mathbf u^q)\cdot\mathbf d^{t-1}}{\eta\|\mathbf u^t-\sum_{q=0}^{t-1}w^{t-1}_q\mathbf u^q\|_\infty}\big)\big)$
# (no square, sums from $q=0$); Alg. 4.3(b) puts $\mathbf w^t$ instead of $\mathbf w^{t-1}$ in the norm.
# **Corrected:** the step of {prf:ref}`Alg. 4.1 <alg-corrective>`, the maximiser of (4.4) as the thesis's §4.1 and
# {cite:t}`shalevshwartz2008` derive it; `refboost` implements it (`step_rule="sq"`; the printed rule is
# `step_rule="nosq"`). **Why:** $w^t$ is not known before $\alpha$ is, and only the squared norm maximises (4.4).
# Checked in {ref}`sec-corrective-start`: the printed rule gives different iterates.
# :::
#
# **Iteration bound** (Glocer 2009, §4.1, quoted from Shalev-Shwartz and Singer: $O(\frac1{\epsilon^2}\ln\frac N\nu)$).
# With a maximum-edge oracle $x\cdot d^{t-1}\ge\delta^t$, so {prf:ref}`the step lemma <lem-corrective-step>` gives the
# recurrence $\delta^t-\delta^{t+1}\ge(\delta^t)^2/(8\eta)$ of {prf:ref}`Lemma 3.8 <lem-recurrence>` from $t=2$ on (the
# first step is $w^1=e_1$), and {prf:ref}`Lemma 3.9 <lem-envelope>` gives $T\le2+\frac{16\eta}\epsilon$, i.e.
# $\max(\frac{32}{\epsilon^2}\ln\frac N\nu,\frac8\epsilon)+2$ at the canonical $\eta$.
#
# ## 3. Checks
#
# Tolerances are those of the solvers: Clarabel for the conic problems (values to $\sim10^{-11}$),
# exact arithmetic identities to $10^{-12}$.

# %% tags=["hide-input"]
import matplotlib.pyplot as plt
import numpy as np
import pandas as pd
from scipy.optimize import minimize_scalar

import refboost as rb
from refboost import book, bounds, certify, truth
from refboost.boosters.corrective import beta_bisection, project_simplex
from refboost.boosters.entropy import binary_smoothed_soft_margin
from refboost.certify.corrective import corrective_46, corrective_binary_412
from refboost.instances import lpboost_worst_case
from refboost.projections import project_capped_simplex_log, smoothed_soft_margin

book.setup()
rng = np.random.default_rng(0)

# %% [markdown]
# ### 3.1 Project Simplex (Alg. 4.2)
#
# **Claim.** Alg. 4.2 computes the KL projection onto the capped simplex in $O(N\log N)$ by sorting.
# The check compares it with the log-domain projection of `refboost.projections` on random vectors.
#
# :::{admonition} Erratum: Glocer (2009), Alg. 4.2 (Project Simplex)
# :class: warning
# **Printed:** $\theta=\frac{1-\nu(n-1)}Z$, stop when $\theta d'_n\le\nu$, output $\hat d_n=\min\{\nu,\theta d'_n\}$.
# **Corrected:** $\theta=\frac{1-(n-1)/\nu}Z$, stop when $\theta d'_n\le\frac1\nu$, output $\hat d_n=\min\{\frac1\nu,\theta d'_n\}$,
# in the original order. **Why:** the thesis caps at $d\le\frac1\nu$ with $\nu\in[1,N]$; the printed form is
# Shalev-Shwartz and Singer's convention, whose cap parameter is $1/\nu$ here (with $\nu\ge1$ the printed cap
# $\nu$ never binds, so the printed output is the plain normalisation). Checked below.
# :::

# %% tags=["hide-input"]
rows_p = []
for nu in (1.0, 2.5, 7.0):
    a = np.exp(2 * rng.normal(size=25))
    d, C = project_simplex(a, nu)
    p = project_capped_simplex_log(np.log(a), nu)
    rows_p.append(
        {
            "nu": nu,
            "capped |C|": int(C.sum()),
            "max |d - d_log|": np.abs(d - p.d).max(),
            "same capped set": bool(np.array_equal(C, p.capped)),
            "max |printed - d_log|": np.abs(a / a.sum() - p.d).max(),
        }
    )
proj = pd.DataFrame(rows_p)
book.table(
    proj,
    caption="Project Simplex (corrected) against the log-domain KL projection on random "
    "vectors of 25 entries; printed: the output of the printed cap nu, i.e. the plain "
    "normalisation.",
    formats={
        "nu": "{:g}",
        "max |d - d_log|": "{:.1e}",
        "max |printed - d_log|": "{:.3f}",
    },
)

# %%
assert proj["max |d - d_log|"].max() <= 1e-12 and proj["same capped set"].all()
binds = proj["capped |C|"] > 0  # where the cap binds, the printed output is wrong
assert binds.any() and (proj["max |printed - d_log|"][binds] > 1e-3).all()

# %% tags=["remove-input"]
claims.check(
    "Glocer Alg 4.2",
    status="fails as printed, holds corrected",
    on="random vectors of 25 entries, nu in {1, 2.5, 7}",
    counterexample="nu = 7, where 4 of 25 entries reach the cap 1/nu: the printed cap nu "
    "never binds, and its output (the plain normalisation) violates d <= 1/nu",
    correction="cap 1/nu: theta = (1 - (n-1)/nu)/Z, stop when theta d'_n <= 1/nu",
    paper="cap nu",
    ours=f"corrected: max error {proj['max |d - d_log|'].max():.1e}",
)

# %% [markdown]
# ### 3.2 The $\beta$ bisection (Alg. 4.4)
#
# **Claim.** Alg. 4.4 finds the normaliser $\beta$ of the binary step, the root of $s(\beta)=\sum_nd_n(\beta)=1$,
# by bisection. The check compares it with Brent's method on random margins.
#
# :::{admonition} Erratum: Glocer (2009), Alg. 4.4 (binary search for $\beta$)
# :class: warning
# **Printed:** "While $s(\beta_l)\ge1$, set $\beta_l=2\beta_l$"; "While $s(\beta_u)\le1$, set $\beta_u=2\beta_u$"; midpoint
# $\beta=\beta_l+\frac12(\beta_l+\beta_u)$; stop when $|s(\beta)|\le\tau$.
# **Corrected:** widen while $s(\beta_l)<1$ resp. $s(\beta_u)>1$; midpoint $\frac12(\beta_l+\beta_u)$; stop when $|s(\beta)-1|\le\tau$.
# **Why:** $s$ is strictly decreasing from $N/\nu>1$ to 0 and $\beta$ is the root of $s(\beta)=1$: the bracket
# needs $s(\beta_l)\ge1\ge s(\beta_u)$, the printed midpoint leaves the bracket, and at the root $|s(\beta)|=1$,
# so the printed stopping test never fires there. Checked below.
# :::

# %% tags=["hide-input"]
m = rng.uniform(-1, 1, size=40)
rows_b4 = []
for nu, eta in [(1.0, 10.0), (4.0, 100.0)]:
    b, k = beta_bisection(m, nu, eta)
    r = binary_smoothed_soft_margin(m, nu, eta)
    lo, hi = r.beta - 0.5, r.beta + 0.5  # a bracket around the root
    rows_b4.append(
        {
            "nu": nu,
            "eta": eta,
            "bisection beta": b,
            "steps": k,
            "Brent beta": r.beta,
            "s(root)": r.d.sum(),
            "printed midpoint in bracket": bool(lo <= lo + (lo + hi) / 2 <= hi),
        }
    )
bis = pd.DataFrame(rows_b4)
book.table(
    bis,
    caption="The corrected bisection against Brent's method (40 random margins); s(root) is "
    "the sum of d at the root, which the printed test |s| <= tau compares with 0; the printed "
    "midpoint beta_l + (beta_l + beta_u)/2 tested on the bracket root +- 0.5.",
    formats={
        "nu": "{:g}",
        "eta": "{:g}",
        "bisection beta": "{:.12f}",
        "Brent beta": "{:.12f}",
        "s(root)": "{:.6f}",
    },
)

# %%
assert (np.abs(bis["bisection beta"] - bis["Brent beta"]) <= 1e-9).all()
# s = 1 at the root: the printed test |s| <= tau fails there
assert (np.abs(bis["s(root)"] - 1) <= 1e-9).all()

# %% tags=["remove-input"]
claims.check(
    "Glocer Alg 4.4",
    status="fails as printed, holds corrected",
    on="40 random margins, (nu, eta) in {(1, 10), (4, 100)}, against Brent's method",
    counterexample="at the root s(beta) = 1, so the printed stopping test |s(beta)| <= tau "
    "never fires there; the printed widening loops and midpoint leave the bracket",
    correction="widen while s(beta_l) < 1 resp. s(beta_u) > 1; midpoint (beta_l + beta_u)/2; "
    "stop when |s(beta) - 1| <= tau",
    paper="|s(beta)| <= tau",
    ours="|bisection - Brent| <= 1e-9; s(root) = 1",
)

# %% [markdown]
# (sec-corrective-duals)=
# ### 3.3 Lemmas 4.1 and 4.2: the duals of the exact line search
#
# **Claim.** The dual of (4.6) is the one-dimensional (4.7) over a free $w_t$ (Lemma 4.1); the dual of
# the binary problem (4.12) is (4.13), with $d^t$ given by (4.14) and, after the change of variable,
# by the update of Alg. 4.3 (Lemma 4.2). The check solves (4.6) and (4.12) with Clarabel and
# maximises the duals over $w_t$ with Brent's method; the certificates of `refboost.certify.corrective`
# must accept the conic solutions; and an instance with $u>\bar u$ componentwise must be infeasible.
#
# :::{admonition} Erratum: Glocer (2009), Lemma 4.2 (the dual of the Binary problem (4.12))
# :class: dropdown warning
# **Printed:** the change of variable reads $w^t_q=w^t_tw^{t-1}_q$; the stationarity line has $-(1-w_t)\sum_q$;
# several sums run to $t$; (4.15) carries a $\psi$ term. **Corrected:** $w^t_q=(1-w^t_t)w^{t-1}_q$; $+(1-w_t)\sum_q$;
# the sums run to $t-1$; no $\psi$ (the binary entropy keeps $d$ below the cap). **Why:** these follow from
# differentiating the Lagrangian of (4.12) and from step (c) of Alg. 4.3. The printed change of variable
# makes the lemma's final update wrong; checked below.
# :::

# %% tags=["hide-input"]
U5 = rng.choice([-1.0, 1.0], size=(30, 5))
ubar = U5 @ rng.dirichlet(np.ones(5))
u = rng.choice([-1.0, 1.0], size=30)
rows_d = []
for nu, eta in [(1.0, 5.0), (3.0, 10.0)]:
    g = truth.corrective_primal_46(u, ubar, nu, eta)
    r1 = minimize_scalar(
        lambda a: -smoothed_soft_margin(a * u + (1 - a) * ubar, nu, eta).value,
        bracket=(0, 1),
        tol=1e-12,
    )
    gb = truth.corrective_binary_primal_412(u, ubar, nu, eta)
    r2 = minimize_scalar(
        lambda a: -binary_smoothed_soft_margin(a * u + (1 - a) * ubar, nu, eta).value,
        bracket=(0, 1),
        tol=1e-12,
    )
    wt = (
        r2.x
    )  # the binary dual's w_t; the printed change of variable w_q = w_t w_q^(t-1)
    d_printed = binary_smoothed_soft_margin(wt * u + wt * ubar, nu, eta).d
    c46 = corrective_46(u, ubar, g.d, nu=nu, eta=eta)
    c412 = corrective_binary_412(u, ubar, gb.d, nu=nu, eta=eta)
    rows_d.append(
        {
            "nu": nu,
            "eta": eta,
            "(4.6) conic": g.value,
            "(4.7) dual": -r1.fun,
            "w_t": r1.x,
            "1 + alpha": 1 + g.alpha,
            "(4.12) conic": gb.value,
            "(4.13) dual": -r2.fun,
            "cert. gap (4.6)": c46.gap,
            "cert. gap (4.12)": c412.gap,
            "printed (4.14) |d - d*|": np.abs(d_printed - gb.d).max(),
            "ok": c46.ok and c412.ok,
        }
    )
infeasible = truth.corrective_primal_46(np.full(10, 0.5), np.full(10, 0.1), 2.0, 10.0)
duals = pd.DataFrame(rows_d)
book.table(
    duals.drop(columns=["ok"]),
    caption="Lemmas 4.1 and 4.2: the conic primal values (Clarabel) against the duals "
    "maximised over the free w_t (Brent); 1 + alpha: w_t read off the conic solution; "
    "cert. gap: the certificates' duality gaps; printed (4.14): the distance of the update "
    "under the printed change of variable from the conic d*.",
    formats={
        "nu": "{:g}",
        "eta": "{:g}",
        **{c: "{:.8f}" for c in ["(4.6) conic", "(4.7) dual", "(4.12) conic"]},
        "(4.13) dual": "{:.8f}",
        "w_t": "{:.5f}",
        "1 + alpha": "{:.5f}",
        "cert. gap (4.6)": "{:.1e}",
        "cert. gap (4.12)": "{:.1e}",
        "printed (4.14) |d - d*|": "{:.3f}",
    },
)

# %%
assert (np.abs(duals["(4.7) dual"] - duals["(4.6) conic"]) <= 1e-8).all()
assert (np.abs(duals["w_t"] - duals["1 + alpha"]) <= 1e-5).all()
assert (np.abs(duals["(4.13) dual"] - duals["(4.12) conic"]) <= 1e-8).all()
assert duals["ok"].all()  # the certificates accept the conic solutions
assert (duals["printed (4.14) |d - d*|"] > 1e-3).all()  # the printed change of variable
assert infeasible.status.startswith("infeasible")  # u > ubar: (4.6) infeasible

# %% tags=["remove-input"]
claims.check(
    "Glocer Lemma 4.1",
    status="holds; proof corrected",
    on="random feasible instances (N = 30), (nu, eta) in {(1, 5), (3, 10)}, against Clarabel",
    correction="the Lagrangian is over a free d (printed d^t); strong duality needs (4.6) "
    "feasible, which the uniform distribution does not guarantee (an infeasible instance "
    "is asserted)",
    paper="(4.6) = (4.7)",
    ours=f"max gap {np.abs(duals['(4.7) dual'] - duals['(4.6) conic']).max():.1e}",
)
claims.check(
    "Glocer Lemma 4.2",
    status="fails as printed, holds corrected",
    on="the same instances",
    counterexample="with the printed change of variable w_q^t = w_t w_q^(t-1) the lemma's "
    "final update differs from the conic solution of (4.12) by more than 1e-3",
    correction="w_q^t = (1 - w_t) w_q^(t-1); +(1 - w_t) sum_q in the stationarity line; sums "
    "to t - 1; no psi in (4.15)",
    paper="w_q^t = w_t w_q^(t-1)",
    ours=f"printed update off by >= {duals['printed (4.14) |d - d*|'].min():.3f}",
)
claims.check(
    "Glocer KKT corrective",
    status="holds",
    on="the same instances (the certificates recover w_t and psi from d)",
    paper="closed-form psi and d",
    ours=f"certificate gaps <= {duals[['cert. gap (4.6)', 'cert. gap (4.12)']].max().max():.1e}",
)

# %% [markdown]
# (sec-corrective-step)=
# ### 3.4 The step-size lower bounds (Fig. 4.1)
#
# **Claim.** The exact increase (4.2) lies above both lower bounds, and (4.4) is the tighter one
# (Fig. 4.1). The check evaluates the three curves and the printed (4.4) on a grid of step sizes for
# a random $x\in[-1,1.8]^{50}$ with $x\cdot d>0$, so that the step is not clipped ($1<\|x\|_\infty<2$
# separates the bounds), $\eta=5$; {numref}`fig-step-bounds`
# draws them.

# %% tags=["hide-input"]
eta = 5.0
x = rng.uniform(-1.0, 1.8, size=50)  # x.d > 0: the step is not clipped to 0
dd = rng.dirichlet(np.ones(50))
xinf = np.abs(x).max()
al = np.linspace(0, 0.2, 101)
f = np.array([-np.log(np.sum(dd * np.exp(-eta * a * x))) / eta for a in al])
b43 = al * (x @ dd) - 2 * eta * al**2
bss = al * (x @ dd) - eta / 2 * al**2 * xinf**2
b44_printed = al * (x @ dd) - 2 * eta * al**2 * xinf**2
al_fine = np.linspace(0, 1, 200001)
a_star = al_fine[np.argmax(al_fine * (x @ dd) - eta / 2 * al_fine**2 * xinf**2)]
a_alg = np.clip((x @ dd) / (eta * xinf**2), 0, 1)

# %%
assert x @ dd > 0 and 0 < a_alg < 1  # a step that every line of the bound shapes
assert np.all(f >= b43 - 1e-12) and np.all(f >= bss - 1e-12)
assert np.all(bss >= b43 - 1e-12)  # corrected (4.4) is tighter than (4.3)
# the printed (4.4) lies below (4.3): looser, not tighter
assert np.all(b44_printed <= b43 + 1e-12) and np.any(b44_printed < b43 - 1e-6)
assert abs(a_star - a_alg) <= 1e-5  # the maximiser is the step of Alg. 4.1

# %% tags=["remove-input"]
claims.check(
    "Glocer eq (4.3)-(4.4)",
    status="fails as printed, holds corrected",
    on="a grid of 101 step sizes, random x in [-1, 1.8]^50 with x.d > 0, eta = 5",
    counterexample="the printed (4.4), alpha x.d - 2 eta alpha^2 ||x||^2, lies below (4.3) "
    "wherever alpha > 0: it is looser, not tighter",
    correction="(4.4) = alpha x.d - eta/2 alpha^2 ||x||_inf^2, which lies between (4.3) and "
    "(4.2)",
    paper="(4.4) tighter than (4.3)",
    ours="corrected: yes; printed: no",
)
claims.check(
    "Glocer Fig 4.1",
    status="fails as printed, holds corrected",
    on="the same grid",
    counterexample="with the printed coefficient the (4.4) curve lies below (4.3)",
    correction="with (4.4) corrected the figure's ordering (4.2) >= (4.4) >= (4.3) holds",
    paper="(4.2) >= (4.4) >= (4.3)",
    ours=f"argmax of corrected (4.4) = {a_star:.5f}, step = {a_alg:.5f}",
)

# %% tags=["hide-input"]
fig, ax = plt.subplots(figsize=(book.COLUMN_INCHES, 3.4))
ax.plot(al, f, label="(4.2) exact increase")
ax.plot(al, bss, ":", label="(4.4) corrected")
ax.plot(al, b43, "--", label="(4.3) Hoeffding")
ax.plot(al, b44_printed, "-.", label="(4.4) printed")
ax.set(xlabel=r"step size $\alpha$", ylabel="dual increase")
ax.legend(loc="center left", bbox_to_anchor=(1.01, 0.5))
fig.tight_layout()
book.figure("fig-step-bounds", fig)

# %% [markdown]
# ```{glue:figure} fig-step-bounds
# :name: fig-step-bounds
#
# The exact dual increase (4.2) along the corrective step against its lower bounds, our analogue of
# Glocer (2009), Fig. 4.1 ($\eta=5$, random $x$). The corrected (4.4) lies between (4.2) and the
# Hoeffding bound (4.3), as the figure claims; the printed (4.4) lies below (4.3).
# ```
#
# ### 3.5 Corrective against totally corrective
#
# **Claim.** Both corrective algorithms return an $\epsilon$-optimal combination, like the totally
# corrective ones, but need more iterations. The check: a random $\pm1$ class ($N=40$, 30 hypotheses
# and negations), $\epsilon=0.1$, $\nu\in\{1,4\}$; the soft margin of each output against $g=P_{LP}$.
#
# :::{admonition} Erratum: Glocer (2009), Alg. 4.1(d), the $P$ of the stopping rule
# :class: warning
# **Printed:** $P^t(\mathbf d)=\sum_{q=1}^tw^t_q(\mathbf u^q\cdot\mathbf d)+\frac1\eta\Delta(\mathbf d,\mathbf d^0)$, while §4.2.1 says to use (3.6).
# **Corrected:** the max form of (3.6), $P^t(\mathbf d)=\max_{q\le t}\mathbf u^q\cdot\mathbf d+\frac1\eta\Delta(\mathbf d,\mathbf d^0)$ (the max
# form of (3.25) for the Binary variant), which `refboost` implements.
# **Why:** only the max form gives $P^q(\mathbf d^{q-1})\ge\mathbf u^q\cdot\mathbf d^{q-1}\ge g$, the upper bound the stopping rule
# compares with the dual value (the argument of Lemma 3.5). Checked below: $\min_qP^q(\mathbf d^{q-1})$ never
# falls below the optimum $g$.
# :::

# %% tags=["hide-input"]
N, K, eps = 40, 30, 0.1
o = rb.MatrixOracle(rng.choice([-1.0, 1.0], size=(N, K)), reflexive=True)
rows, curves = [], {}
algos = [
    ("ERLPBoost", rb.erlpboost),
    ("Corrective ERLPBoost", rb.corrective_erlpboost),
    ("Binary ERLPBoost", rb.binary_erlpboost),
    ("Corrective Binary", rb.corrective_binary_erlpboost),
]
for nu in (1.0, 4.0):
    g = truth.soft_margin_lp(o.U, nu).value
    for name, algo in algos:
        res = algo(o, nu=nu, eps=eps)
        curves[name, nu] = res.history_array("dual")
        rows.append(
            {
                "algorithm": name,
                "nu": nu,
                "iterations": res.n_iter,
                "unique hypotheses": len(res.hypotheses),
                "g - SM(w)": g - rb.soft_margin(res.margins, nu),
                "min_q P^q - g": res.extra["min_P"] - g
                if name.startswith("Corrective")
                else np.nan,
                "converged": res.converged,
            }
        )
runs = pd.DataFrame(rows)
ratio = runs.iterations[1::2].to_numpy() / runs.iterations[0::2].to_numpy()
book.glue("ratio-min", float(ratio.min()))
book.glue("ratio-max", float(ratio.max()))
book.table(
    runs.drop(columns=["converged"]),
    caption="Totally corrective and corrective runs on a random +-1 class (N = 40, eps = 0.1). "
    "SM(w): soft margin of the output; g = P_LP of the class; min_q P^q - g: the stopping "
    "rule's upper bound minus the optimum (corrective runs).",
    formats={"nu": "{:g}", "g - SM(w)": "{:.3f}", "min_q P^q - g": "{:.3f}"},
)

# %%
assert runs.converged.all() and (runs["g - SM(w)"] <= eps + 1e-9).all()
# the max form of P bounds g from above
assert (runs["min_q P^q - g"].dropna() >= -1e-12).all()
assert ratio.min() > 1  # the corrective algorithms need more iterations

# %% tags=["remove-input"]
claims.check(
    "Glocer Alg 3.2",
    status="holds",
    on="random +-1 class, N = 40, K = 30, nu in {1, 4}, eps = 0.1 (the totally corrective "
    "baseline of chapter 4)",
    paper="eps-optimal",
    ours=f"max g - SM(w) = {runs['g - SM(w)'].max():.3f} over all four algorithms",
)

# %% [markdown]
# The corrective runs need {glue:text}`ratio-min:.1f` to {glue:text}`ratio-max:.1f` times as many
# iterations as the totally corrective ones; {numref}`fig-dual-curves` shows why: each corrective
# step moves one coordinate, so the dual value creeps up where the totally corrective step jumps.

# %% tags=["hide-input"]
fig, ax = plt.subplots(figsize=(book.COLUMN_INCHES, 3.4))
for name in ("ERLPBoost", "Corrective ERLPBoost"):
    c_ = curves[name, 1.0]
    ax.plot(np.arange(1, len(c_) + 1), c_, label=name)
ax.axhline(truth.soft_margin_lp(o.U, 1.0).value, color="k", lw=0.8, label="$P_{LP}$")
ax.set(xscale="log", xlabel="iteration t", ylabel="dual value")
ax.legend(loc="lower right")
fig.tight_layout()
book.figure("fig-dual-curves", fig)

# %% [markdown]
# ```{glue:figure} fig-dual-curves
# :name: fig-dual-curves
#
# The dual value of ERLPBoost and Corrective ERLPBoost per iteration ($\nu=1$, log scale): both
# approach $P_{LP}$, the corrective one in many more, smaller steps.
# ```
#
# ### 3.6 The corrective iteration bound, and "10-100x more iterations"
#
# **Claims.** (i) The corrective bound $T\le2+\frac{16\eta}\epsilon$ of section 2, with the recurrence
# asserted at every iteration (pool above, $\epsilon\in\{0.1,0.05\}$). (ii) Glocer (2009), §5.4 (Fig. 5.25)
# reports that the corrective algorithms need **10-100x** more iterations than the totally corrective
# ones, with a similar number of *unique* hypotheses; the check computes the ratio on the pool and on
# IDA `heart` with decision stumps over the thesis's $\eta$ grid $\{2,20,200\}$ (Table 5.3), $\epsilon=0.1$.

# %% tags=["hide-input"]
rows_b = []
rec_ok, stop_ok = True, True
for eps_b in (0.1, 0.05):
    for nu in (1.0, 4.0):
        c = rb.corrective_erlpboost(o, nu=nu, eps=eps_b)
        tc = rb.erlpboost(o, nu=nu, eps=eps_b)
        eta_b = c.params["eta"]
        dl = np.array([r_["delta"] for r_ in c.history if "delta" in r_])
        stop_ok &= bool(
            c.converged and np.all(dl[:-1] > eps_b / 2) and dl[-1] <= eps_b / 2
        )
        rec_ok &= bool(np.all(dl[:-1] - dl[1:] >= dl[:-1] ** 2 / (8 * eta_b) - 1e-12))
        rows_b.append(
            (
                "random +-1",
                eps_b,
                nu,
                eta_b,
                c.n_iter,
                tc.n_iter,
                len(c.hypotheses),
                len(tc.hypotheses),
                2 + bounds.erlpboost_bound_eta(eps_b, eta_b),
            )
        )
ds_h = rb.datasets.load("heart")
o_h = rb.StumpOracle(ds_h.X, ds_h.y)
for eta_h in (2.0, 20.0, 200.0):
    for nu in (1.0, 0.1 * ds_h.n_examples):
        c = rb.corrective_erlpboost(o_h, nu=nu, eps=0.1, eta=eta_h)
        tc = rb.erlpboost(o_h, nu=nu, eps=0.1, eta=eta_h)
        stop_ok &= bool(c.history[-1].get("stop") and tc.history[-1].get("stop"))
        rows_b.append(
            (
                "IDA heart",
                0.1,
                nu,
                eta_h,
                c.n_iter,
                tc.n_iter,
                len(c.hypotheses),
                len(tc.hypotheses),
                2 + bounds.erlpboost_bound_eta(0.1, eta_h),
            )
        )
cols = ["instance", "eps", "nu", "eta", "T corr.", "T TC", "unique corr.", "unique TC"]
tb = pd.DataFrame(rows_b, columns=cols + ["bound"])
tb["ratio"] = tb["T corr."] / tb["T TC"]
tb["T / bound"] = tb["T corr."] / tb["bound"]
book.table(
    tb,
    caption="Corrective (corr.) against totally corrective (TC) ERLPBoost: iterations, unique "
    "hypotheses, the corrective bound 2 + 16 eta/eps, the iteration ratio and T / bound.",
    formats={
        "eps": "{:g}",
        "nu": "{:g}",
        "eta": "{:.3g}",
        "bound": "{:,.0f}",
        "ratio": "{:.1f}",
        "T / bound": "{:.3f}",
    },
)

# %%
on_heart = (tb.instance == "IDA heart").to_numpy()
# both stopping rules fired; the recurrence held at every iteration
assert stop_ok and rec_ok
t_over_b = tb["T / bound"]
assert (t_over_b <= 1).all() and t_over_b.max() > 0.05  # T within the bound
# Fig. 5.25's range: inside [10, 100] at the largest eta and at eps = 0.1 (pool) ...
in_range = (on_heart & (tb.eta == 200)) | (~on_heart & (tb.eps == 0.1))
assert tb.ratio[in_range].between(10, 100).all()
# ... but not at the smaller eta of the grid, nor at eps = 0.05, nu = 1 on the pool
assert (tb.ratio[on_heart & (tb.eta < 200)] < 10).all()
assert (tb.ratio[~on_heart] > 100).any()
uniq = tb["unique corr."] / tb["unique TC"]
assert uniq.between(1.0, 2.0).all()  # similar numbers of unique hypotheses

# %% tags=["remove-input"]
claims.check(
    "Glocer §4 corrective bound",
    status="holds",
    on="random +-1 pool N = 40, nu in {1, 4}, eps in {0.1, 0.05}, and IDA heart: holds, "
    "slack x11 or more (T/bound up to 0.09), the recurrence asserted per iteration",
    paper="T <= 2 + 16 eta/eps",
    ours=f"max T/bound {tb['T / bound'].max():.3f}",
)
claims.check(
    "Glocer Fig 5.25",
    status="partly reproduced",
    on="IDA heart (stumps), eta in {2, 20, 200}, eps = 0.1; random +-1 pool, eps in {0.1, 0.05}",
    margin="the thesis's own range 10-100x is the band, fixed before looking; unique "
    "hypotheses within 2x",
    note="ratio in [10, 100] only at eta = 200 and eps = 0.1; 2.9-5.2 at eta in {2, 20}; "
    "> 100 at eps = 0.05, nu = 1",
    paper="10-100x",
    ours=f"{tb.ratio.min():.1f}-{tb.ratio.max():.0f}x",
)

# %% [markdown]
# (sec-corrective-start)=
# ### 3.7 The printed start $w^0=0$ fails; the start $w^1=e_1$ is certified
#
# **Claim.** Alg. 4.1 and 4.3 as printed start from $w^0=0$: the mass $1-\sum_qw_q$ sits on the zero
# hypothesis, so $\Theta^t$ is the dual value of the class **plus** the zero hypothesis, and the stopping
# test certifies that unnormalised mixture, not the normalised weights the algorithm returns
# (dividing by $\sum_qw_q$ scales negative margins up). With $w^1=e_1$ every iterate is in the simplex
# of the class, so $\Theta^{t-1}\le\max_w\Theta(w)=\min_dP(d)\le P^q(d^{q-1})$, and at the stop
# $\mathrm{SM}_\nu(Uw^{t-1})\ge\Theta^{t-1}-\ln(N/\nu)/\eta\ge\max_{q'}u^{q'}\cdot d^*-\epsilon$ ($d^*$ the
# $d^{q-1}$ attaining $\min_qP^q$): the LP certificate at $d^*$ confirms the returned weights.
# The check: the LPBoost worst case `instances.lpboost_worst_case(20)` ($N=40$, $\nu=1$,
# $\epsilon=0.05$), both algorithms, both starts.

# %% tags=["hide-input"]
Uw = lpboost_worst_case(20)
ow = rb.MatrixOracle(Uw)
star_w = truth.soft_margin_lp(Uw, 1.0).value
rows_s = []
for name, algo in (
    ("Corrective ERLPBoost", rb.corrective_erlpboost),
    ("Corrective Binary", rb.corrective_binary_erlpboost),
):
    printed = algo(ow, eps=0.05, start="zero")
    fixed = algo(ow, eps=0.05)
    rows_s.append(
        {
            "algorithm": name,
            "margin, w^0 = 0": rb.soft_margin(printed.margins, 1.0),
            "rule fired": printed.extra["stopping_rule_fired"],
            "converged, w^0 = 0": printed.converged,
            "margin, w^1 = e_1": rb.soft_margin(fixed.margins, 1.0),
            "converged, w^1 = e_1": fixed.converged,
            "certified": certify.result(fixed, Uw, bound="truth").ok,
        }
    )
starts = pd.DataFrame(rows_s)
book.table(
    starts,
    caption=f"The two starts on lpboost_worst_case(20) (N = 40, nu = 1, eps = 0.05; optimum "
    f"{star_w:.2e} by HiGHS): the hard margin of the output, whether the stopping rule fired "
    "and whether the certificate accepts the output.",
    formats={"margin, w^0 = 0": "{:+.4f}", "margin, w^1 = e_1": "{:+.4f}"},
)

# %%
for r in rows_s:
    # the printed start: the rule fires far below the optimum; the certificate refuses
    assert r["rule fired"] and r["margin, w^0 = 0"] < star_w - 0.5
    assert not r["converged, w^0 = 0"]
    # the corrected start: converged, certified against the ground truth
    assert r["converged, w^1 = e_1"] and r["margin, w^1 = e_1"] >= star_w - 0.05 - 1e-9
    assert r["certified"]

# %% tags=["remove-input"]
claims.check(
    "Glocer Alg 4.1",
    status="fails as printed, holds corrected",
    on="the LPBoost worst-case instance (N = 40, nu = 1, eps = 0.05)",
    counterexample="from the printed start w^0 = 0 the stopping rule fires with a hard margin "
    "near -1, the optimum being 1.2e-4; the certificate refuses the output",
    correction="start w^1 = e_1 (the first hypothesis with weight one); the step with the "
    "squared norm; P of the stopping rule in max form",
    paper="eps-optimal from w^0 = 0",
    ours=f"margin {starts['margin, w^0 = 0'][0]:+.3f} (w^0 = 0), "
    f"{starts['margin, w^1 = e_1'][0]:+.4f} (w^1 = e_1)",
)
claims.check(
    "Glocer Alg 4.3",
    status="fails as printed, holds corrected",
    on="the same instance, Corrective Binary ERLPBoost",
    counterexample="from the printed start w^0 = 0 the stopping rule fires with a hard margin "
    "near -1; the certificate refuses the output",
    correction="start w^1 = e_1; w^(t-1) (printed w^t) in the step's norm",
    paper="eps-optimal from w^0 = 0",
    ours=f"margin {starts['margin, w^0 = 0'][1]:+.3f} (w^0 = 0), "
    f"{starts['margin, w^1 = e_1'][1]:+.4f} (w^1 = e_1)",
)

# %% [markdown]
# On random reflexive $\pm1$ classes (optimum 0, non-separable) the printed start ends more than
# $\epsilon$ below the optimum on some instances; the corrected start is certified on every one, and
# `converged` is honest either way. The printed step without the square (`step_rule="nosq"`) also
# converges, but along different iterates: on the pool above its steps are twice the corrected ones,
# because $\|x\|_\infty=2$.

# %% tags=["hide-input"]
n_bad_printed, n_inst, honest, certified = 0, 12, True, True
for _ in range(n_inst):
    Ur = rng.choice(
        [-1.0, 1.0], size=(int(rng.integers(10, 121)), int(rng.integers(3, 30)))
    )
    orr = rb.MatrixOracle(Ur, reflexive=True)
    star_r = truth.soft_margin_lp(orr.U, 1.0).value
    p = rb.corrective_erlpboost(orr, eps=0.05, start="zero")
    f_ = rb.corrective_erlpboost(orr, eps=0.05)
    n_bad_printed += rb.soft_margin(p.margins, 1.0) < star_r - 0.05
    certified &= bool(f_.converged and certify.result(f_, orr.U, bound="truth").ok)
    honest &= bool(not p.converged or certify.result(p, orr.U, bound="truth").ok)
steps = {}
for rule in ("sq", "nosq"):
    c = rb.corrective_erlpboost(o, nu=4.0, eps=0.1, step_rule=rule)
    steps[rule] = np.array([r_["alpha"] for r_ in c.history if "alpha" in r_])
book.glue("n-bad", int(n_bad_printed))

# %%
assert certified and honest and n_bad_printed >= 1
assert abs(steps["nosq"][1] / steps["sq"][1] - 2) <= 1e-6  # the printed step differs

# %% tags=["remove-input"]
claims.check(
    "Glocer Alg 4.1",
    status="fails as printed, holds corrected",
    on="12 random reflexive +-1 classes, N in [10, 120]",
    counterexample="the printed start w^0 = 0 ends more than eps below the optimum on at "
    "least one of the 12 instances",
    correction="start w^1 = e_1: certified on all 12",
    paper="eps-optimal",
    ours=f"printed start fails on {n_bad_printed} of {n_inst}; corrected: 0",
)

# %% [markdown]
# The printed start fails on {glue:text}`n-bad` of the 12 instances.
#
# ## 4. Where the code is
#
# The algorithms are `refboost.corrective_erlpboost` and `refboost.corrective_binary_erlpboost`
# (default `start="first"`, `step_rule="sq"`); their certificates are in
# `refboost.certify.corrective` (`corrective_46`, `corrective_binary_412`), the ground truth in
# `refboost.truth` (`corrective_primal_46`, `corrective_binary_primal_412`).
