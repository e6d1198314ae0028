# ruff: noqa: E501  (one claim per row; long statements stay on one line)
"""The catalogue of the claims of the five works the book covers, as data.

One row per claim: ``(id, kind, where, statement)``. The id starts with the work's key (see
:data:`refboost.claims.WORKS`), so the work is implied. ``where`` is the claim's place in the work
(section, equation, page where the work numbers its pages). Statements are one line, in the book's
notation; where the printed form is wrong the chapter's erratum block gives the corrected form and
the ledger records "fails as printed, holds corrected".

Kinds: theorem, lemma, corollary, proposition, dual (a named Lagrange/Fenchel dual or a duality
statement), kkt (an optimality or primal-dual relation), algorithm (the algorithm does what the
work says it does), bound (an iteration or error bound), claim (an unnumbered statement in the
text), table, figure (experimental or illustrative results; their content is the claim).
"""

from __future__ import annotations

CATALOGUE: tuple[tuple[str, str, str, str], ...] = (
    # ------------------------------------------------------------------------------------------------
    # Glocer (2009), Entropy Regularization and Soft Margin Maximization, PhD thesis, UC Santa Cruz
    # ------------------------------------------------------------------------------------------------
    ("Glocer eq (2.2)-(2.3)", "dual", "§2.2, eqs. (2.2), (2.3)",
     "The $w$-domain soft-margin LP (2.2) is the LP dual of the $d$-domain LP (2.3); their optimal values agree"),
    ("Glocer KKT (2.2)-(2.3)", "kkt", "§2.2",
     r"Complementary slackness between (2.2) and (2.3); the slack of example $n$ is $\max(0,\rho-(Uw)_n)$ (printed "
     r"with $\min(0,\cdot)$)"),
    ("Glocer Table 2.2", "table", "§2.1, Table 2.2",
     r"The edge of a $\{-1,+1\}$ hypothesis under $d$ equals $1-2\times{}$ its weighted error"),
    ("Glocer Fig 2.3", "figure", "§2.2, Fig. 2.3",
     "For 2 examples and 2 hypotheses the $d$- and $w$-domain objectives meet at the same optimal value"),
    ("Glocer Fig 2.4", "figure", "§2.2, Fig. 2.4",
     "The $d$-domain objective (max of the edges) is piecewise linear and convex in $d_1$"),
    ("Glocer Fig 2.5", "figure", "§2.2, Fig. 2.5",
     "The $w$-domain objective (min of the margins) is piecewise linear and concave in $w_1$"),
    ("Glocer Alg 2.1", "algorithm", "§2.3, Alg. 2.1",
     r"LPBoost (column generation on (2.3)) stops with $P^T_{LP}$ within $\epsilon$ of the optimum over the whole "
     "class"),
    ("Glocer Fig 2.6", "figure", "§2.3, Fig. 2.6",
     r"LPBoost's stopping criterion $\min_qu^q\cdot d^{q-1}-P^T_{LP}\le\epsilon/2$ implies $g-P^T_{LP}\le\epsilon$"),
    ("Glocer Lemma 2.4", "lemma", "§2.4, Def. 2.3 and Lemma 2.4",
     "If $(i,j)$ is a pivot of $U$, the value of (2.1) is $U_{ij}$ and $d=e_i$, $w=e_j$ are optimal"),
    ("Glocer Thm 2.5", "theorem", "§2.4, Thm 2.5",
     "There is a hard-margin instance on which LPBoost needs $N/2+1$ iterations; after $N/2$ of them $P^t_{LP}$ is "
     r"still $\ge0.99$ below the optimum"),
    ("Glocer Fig 2.8", "figure", "§2.4, Fig. 2.8",
     r"The $N=8$, $T=5$ instance of Thm 2.5 (the $u^t$ vectors hard for LPBoost, $\nu=1$)"),
    ("Glocer §2.5", "claim", "§2.5",
     "Given a good set of hypotheses, LPBoost's combined hypothesis can misclassify every example"),
    ("Glocer Fig 2.9", "figure", "§2.5, Fig. 2.9",
     r"The $u^t$ vectors and the $P^t$ row of the §2.5 example (printed $-3\delta$ for the first rows)"),
    ("Glocer §2.6", "claim", "§2.6, Fig. 2.10",
     "Long and Servedio's example: under random label noise the soft-margin boosters (LPBoost, ERLPBoost) put weight "
     "on the penalizer hypotheses and misclassify clean examples"),
    ("Glocer Lemma 3.1", "dual", "§3.1.2, Lemma 3.1",
     r"The Lagrangian dual of the SoftBoost problem (3.1) (printed with the normalisation $w\cdot\mathbf 1=1$)"),
    ("Glocer KKT SoftBoost", "kkt", "§3.1.2",
     "SoftBoost's distribution is the capped relative-entropy projection: $d_n$ proportional to "
     r"$\exp(-\sum_qw_qu^q_n)$, capped at $1/\nu$"),
    ("Glocer Alg 3.1", "algorithm", "§3.1, Alg. 3.1",
     r"SoftBoost: relative-entropy projection onto the edge constraints $\gamma-\epsilon$, capped at $1/\nu$"),
    ("Glocer Thm 3.2", "bound", "§3.1.3, Thm 3.2",
     r"SoftBoost stops after at most $\lceil\frac2{\epsilon^2}\ln\frac N\nu\rceil$ iterations with a combination at "
     r"most $\epsilon$ below $g$"),
    ("Glocer Lemma 3.3", "lemma", "§3.2.2, Lemma 3.3",
     r"If $\eta\ge\frac2\epsilon\ln\frac N\nu$, the simple criterion $\delta^{T+1}\le\frac\epsilon2$ implies "
     r"$g-P^T_{LP}\le\epsilon$"),
    ("Glocer Fig 3.1", "figure", "§3.2.2, Fig. 3.1",
     r"Depiction of the simple stopping criterion of ERLPBoost ($\delta^{T+1}\le\frac\epsilon2$)"),
    ("Glocer Lemma 3.4", "lemma", "§3.2.2, Lemma 3.4",
     r"The practical gap $\tilde\delta^t$ (edge minus the dual value) upper-bounds $\delta^t$"),
    ("Glocer Lemma 3.5", "lemma", "§3.2.2, Lemma 3.5",
     r"The practical criterion $\tilde\delta^{T+1}\le\frac\epsilon2$ implies $g-P^T_{LP}\le\epsilon$"),
    ("Glocer Fig 3.2", "figure", "§3.2.2, Fig. 3.2", "Depiction of the practical stopping criterion of ERLPBoost"),
    ("Glocer Lemma 3.6", "dual", "§3.2.3, Lemma 3.6, eqs. (3.10)-(3.16)",
     "The Lagrangian dual of the ERLPBoost problem (3.6); primal = dual value"),
    ("Glocer KKT (3.16)", "kkt", "§3.2.3, after (3.16)",
     r"The primal-dual map $d^t_n$ proportional to $\exp(-\eta(Uw)_n-\eta\psi_n)$ (printed with $+\psi$)"),
    ("Glocer Fig 3.3", "figure", "§3.2.3, Fig. 3.3",
     "The $w$-domain objective of ERLPBoost is concave and differentiable"),
    ("Glocer Fig 3.4", "figure", "§3.2.3, Fig. 3.4",
     "The $d$-domain objective of ERLPBoost is piecewise continuous and not differentiable"),
    ("Glocer Lemma 3.7", "lemma", "§3.2.4, Lemma 3.7",
     r"If $\eta\ge\frac12$, $P^t(d^t)-P^{t-1}(d^{t-1})\ge(P^t(d^{t-1})-P^{t-1}(d^{t-1}))^2/(8\eta)$ (the convexity "
     r"step printed with $\exp(x_n)$)"),
    ("Glocer Lemma 3.8", "lemma", "§3.2.4, Lemma 3.8",
     r"If $\eta\ge\frac12$ and $\delta^t\ge0$, $\delta^t-\delta^{t+1}\ge(\delta^t)^2/(8\eta)$"),
    ("Glocer Lemma 3.9", "lemma", "§3.2.4, Lemma 3.9 (Sublemma 5.4 of Abe et al.)",
     r"If $\delta^t\ge0$ and $\delta^t-\delta^{t+1}\ge c(\delta^t)^2$, then "
     r"$\delta^t\le1/\big(c\,(t-1+\frac1{c\delta^1})\big)$"),
    ("Glocer Thm 3.10", "bound", "§3.2.4, Thm 3.10",
     r"ERLPBoost with $\eta=\max(\frac2\epsilon\ln\frac N\nu,\frac12)$ and the simple criterion stops within "
     r"$\max(\frac{32}{\epsilon^2}\ln\frac N\nu,\frac8\epsilon)$ iterations, $\epsilon$-optimal ($\delta^1$ printed "
     r"$\le1$; it lies in $[0,2]$)"),
    ("Glocer Lemma 3.11", "lemma", "§3.2.5, Lemma 3.11",
     r"The recurrence of Lemma 3.8 holds for the practical gap $\tilde\delta^t$"),
    ("Glocer Thm 3.12", "bound", "§3.2.5, Thm 3.12",
     r"ERLPBoost with the practical criterion stops within $\max(\frac{64}{\epsilon^2}\ln\frac "
     r"N\nu,\frac{16}\epsilon)$ iterations"),
    ("Glocer Lemma 3.13", "dual", "§3.2.6, Lemma 3.13, eqs. (3.18)-(3.21)",
     r"The dual of the unnormalised-entropy problem (3.18): the same $w$ as ERLPBoost's, with $\beta$ shifted by "
     r"$1/\eta$"),
    ("Glocer Lemma 3.14", "lemma", "§3.2.6, Lemma 3.14", "The progress bound of Lemma 3.7 via the unnormalised dual"),
    ("Glocer Lemma 3.15", "lemma", "§3.3.2, Lemma 3.15",
     r"Binary ERLPBoost: $\eta\ge\frac2\epsilon(\ln\frac N\nu+1)$ and $\delta_B^{T+1}\le\frac\epsilon2$ imply "
     r"$g-P^T_{LP}\le\epsilon$ (binary entropy range $\ln\frac N\nu+1$ on the capped simplex)"),
    ("Glocer Lemma 3.16", "lemma", "§3.3.2, Lemma 3.16",
     "Binary ERLPBoost: the practical gap upper-bounds the simple gap (Lemma 3.4 for $P_B$)"),
    ("Glocer Lemma 3.17", "lemma", "§3.3.2, Lemma 3.17",
     r"Binary ERLPBoost: the practical criterion implies $\epsilon$-optimality"),
    ("Glocer Lemma 3.18", "dual", "§3.3.3, Lemma 3.18, eqs. (3.26)-(3.28)",
     "The Lagrangian dual of the Binary ERLPBoost problem (3.25)"),
    ("Glocer KKT Binary", "kkt", "§3.3.4",
     r"Binary ERLPBoost's primal-dual map $d_n=1/\big(\nu(1+\exp(\eta(Uw)_n+\beta))\big)$-type logistic cap"),
    ("Glocer Fig 3.5", "figure", "§3.3, Fig. 3.5", "Effect of regularization on Binary ERLPBoost, $d$ domain"),
    ("Glocer Fig 3.6", "figure", "§3.3, Fig. 3.6", "Effect of capping on Binary ERLPBoost, $d$ domain"),
    ("Glocer Fig 3.7", "figure", "§3.3, Fig. 3.7",
     "Effect of regularization on Binary ERLPBoost, $w$ domain (concave, differentiable)"),
    ("Glocer Fig 3.8", "figure", "§3.3, Fig. 3.8",
     "Effect of capping on Binary ERLPBoost, $w$ domain (concave, differentiable)"),
    ("Glocer Lemma 3.19", "lemma", "§3.3.5, Lemma 3.19",
     r"Binary progress: $P_B^t(d^t)-P_B^{t-1}(d^{t-1})\ge(P_B^t(d^{t-1})-P_B^{t-1}(d^{t-1}))^2/(8\eta)$"),
    ("Glocer Lemma 3.20", "lemma", "§3.3.5, Lemma 3.20", "The quadratic recurrence for Binary ERLPBoost"),
    ("Glocer Thm 3.21", "bound", "§3.3.5, Thm 3.21",
     r"Binary ERLPBoost, simple criterion: $T\le\max(\frac{32}{\epsilon^2}(\ln\frac N\nu+1),\frac8\epsilon)$"),
    ("Glocer Lemma 3.22", "lemma", "§3.3.5, Lemma 3.22", "The recurrence for the practical binary gap"),
    ("Glocer Thm 3.23", "bound", "§3.3.5, Thm 3.23",
     r"Binary ERLPBoost, practical criterion: $T\le\max(\frac{64}{\epsilon^2}(\ln\frac N\nu+1),\frac{16}\epsilon)$ "
     "(printed without the $+1$)"),
    ("Glocer Alg 3.2", "algorithm", "§3.2, Alg. 3.2",
     r"ERLPBoost (totally corrective, entropy-regularised LP) returns an $\epsilon$-optimal combination"),
    ("Glocer Alg 3.3", "algorithm", "§3.3, Alg. 3.3", r"Binary ERLPBoost returns an $\epsilon$-optimal combination"),
    ("Glocer Lemma 4.1", "dual", "§4.2, Lemma 4.1, eq. (4.6)", "The Lagrangian dual of the corrective problem (4.6)"),
    ("Glocer Lemma 4.2", "dual", "§4.3, Lemma 4.2, eq. (4.12)",
     "The Lagrangian dual of the corrective binary problem (4.12)"),
    ("Glocer KKT corrective", "kkt", "§4.2.1",
     r"The corrective dual's $\psi$ and $d$ have a closed form (capped softmax, after Vishwanathan)"),
    ("Glocer Table 4.1", "table", "§4.1, Table 4.1",
     "The $d$- and $w$-domain problems of ERLPBoost and Binary ERLPBoost; differentiable in $w$, not in $d$"),
    ("Glocer Alg 4.1", "algorithm", "§4.2, Alg. 4.1",
     r"Corrective ERLPBoost (one coordinate step per round, start $w^0=0$) returns an $\epsilon$-optimal combination"),
    ("Glocer Alg 4.2", "algorithm", "§4.2, Alg. 4.2",
     r"Project Simplex: the exact projection onto the capped simplex (printed cap $\nu$, corrected $1/\nu$)"),
    ("Glocer Alg 4.3", "algorithm", "§4.3, Alg. 4.3",
     r"Corrective Binary ERLPBoost returns an $\epsilon$-optimal combination"),
    ("Glocer Alg 4.4", "algorithm", "§4.3, Alg. 4.4", r"The $\beta$ bisection of the binary corrective step"),
    ("Glocer eq (4.3)-(4.4)", "bound", "§4.2, eqs. (4.3), (4.4)",
     "Lower bounds on the per-step increase of the corrective dual; the thesis's (4.3) is tighter than (4.4)"),
    ("Glocer Fig 4.1", "figure", "§4.2, Fig. 4.1",
     "The exact per-step increase lies above both lower bounds (4.3) and (4.4)"),
    ("Glocer §4 corrective bound", "bound", "§4.1 (quoted from Shalev-Shwartz and Singer)",
     r"Corrective ERLPBoost needs $O(\ln(N/\nu)/\epsilon^2)$ iterations, more than the totally corrective one in "
     "practice"),
    ("Glocer Table 5.1", "table", "§5, Table 5.1", "The data sets: sizes of training and test sets"),
    ("Glocer Table 5.2", "table", "§5, Table 5.2", "The data sets after processing"),
    ("Glocer Table 5.3", "table", "§5, Table 5.3", r"The parameter grids ($\nu/N$, $\eta$, $\epsilon$)"),
    ("Glocer Fig 5.1", "figure", "§5.1, Fig. 5.1", "LPBoost without capping, decision stumps: test error is unstable"),
    ("Glocer Fig 5.2", "figure", "§5.1, Fig. 5.2", "LPBoost without capping, raw-data hypotheses: unstable"),
    ("Glocer Fig 5.3", "figure", "§5.1, Fig. 5.3", "LPBoost without capping, SVM hypotheses: unstable"),
    ("Glocer Fig 5.4", "figure", "§5.1, Fig. 5.4", "LPBoost with capping, decision stumps: capping does not stabilise"),
    ("Glocer Fig 5.5", "figure", "§5.1, Fig. 5.5", "LPBoost with capping, raw data: capping does not stabilise"),
    ("Glocer Fig 5.6", "figure", "§5.1, Fig. 5.6", "LPBoost with capping, SVM: capping does not stabilise"),
    ("Glocer Fig 5.7", "figure", "§5.1, Fig. 5.7", "ERLPBoost, decision stumps: entropy regularization is stable"),
    ("Glocer Fig 5.8", "figure", "§5.1, Fig. 5.8", "ERLPBoost, raw data: stable"),
    ("Glocer Fig 5.9", "figure", "§5.1, Fig. 5.9", "ERLPBoost, SVM: stable"),
    ("Glocer Fig 5.10", "figure", "§5.2, Fig. 5.10", r"Generalization error vs $\eta$, decision stumps"),
    ("Glocer Fig 5.11", "figure", "§5.2, Fig. 5.11", r"Generalization error vs $\eta$, raw data"),
    ("Glocer Fig 5.12", "figure", "§5.2, Fig. 5.12", r"Generalization error vs $\eta$, SVM"),
    ("Glocer Fig 5.13", "figure", "§5.3, Fig. 5.13",
     r"Training time vs $\nu/N$, stumps: Binary ERLPBoost faster than ERLPBoost"),
    ("Glocer Fig 5.14", "figure", "§5.3, Fig. 5.14", r"Training time vs $\nu/N$, raw data: Binary faster"),
    ("Glocer Fig 5.15", "figure", "§5.3, Fig. 5.15",
     r"Training time vs $\nu/N$, SVM: Binary faster only on german, diabetes"),
    ("Glocer Fig 5.16", "figure", "§5.3, Fig. 5.16",
     r"Generalization error vs $\nu/N$, stumps: ERLPBoost and Binary virtually identical"),
    ("Glocer Fig 5.17", "figure", "§5.3, Fig. 5.17", r"Generalization error vs $\nu/N$, raw data"),
    ("Glocer Fig 5.18", "figure", "§5.3, Fig. 5.18", r"Generalization error vs $\nu/N$, SVM"),
    ("Glocer Fig 5.19", "figure", "§5.4, Fig. 5.19", r"Time vs $\eta$, stumps: corrective vs totally corrective"),
    ("Glocer Fig 5.20", "figure", "§5.4, Fig. 5.20", r"Time vs $\eta$, raw data: totally corrective generally faster"),
    ("Glocer Fig 5.21", "figure", "§5.4, Fig. 5.21", r"Time vs $\eta$, SVM: totally corrective significantly faster"),
    ("Glocer Fig 5.22", "figure", "§5.4, Fig. 5.22",
     r"Generalization error vs $\eta$, stumps: corrective vs totally corrective"),
    ("Glocer Fig 5.23", "figure", "§5.4, Fig. 5.23", r"Generalization error vs $\eta$, raw data"),
    ("Glocer Fig 5.24", "figure", "§5.4, Fig. 5.24", r"Generalization error vs $\eta$, SVM"),
    ("Glocer Fig 5.25", "figure", "§5.4, Fig. 5.25",
     r"Number of hypotheses vs $\eta$, stumps: corrective needs $10$–$100\times$ more iterations"),
    ("Glocer Fig 5.26", "figure", "§5.4, Fig. 5.26", r"Number of hypotheses vs $\eta$, raw data"),
    ("Glocer Fig 5.27", "figure", "§5.4, Fig. 5.27", r"Number of hypotheses vs $\eta$, SVM"),
    ("Glocer Fig 5.28", "figure", "§5.5, Fig. 5.28",
     r"Duality gap vs time and iteration at $\epsilon=10^{-5}$, diabetes: totally corrective converges faster"),
    ("Glocer Fig 5.29", "figure", "§5.5, Fig. 5.29",
     r"Duality gap vs time and iteration at $\epsilon=10^{-5}$, german"),
    ("Glocer Table 5.4", "table", "§5.6, Table 5.4", "Lowest generalization error per algorithm, decision stumps"),
    ("Glocer Table 5.5", "table", "§5.6, Table 5.5", "Lowest generalization error per algorithm, raw data"),
    ("Glocer Table 5.6", "table", "§5.6, Table 5.6", "Lowest generalization error per algorithm, SVM"),
    ("Glocer Table 5.7", "table", "§5.6, Table 5.7", "Training time of the best result, decision stumps"),
    ("Glocer Table 5.8", "table", "§5.6, Table 5.8", "Training time of the best result, raw data"),
    ("Glocer Table 5.9", "table", "§5.6, Table 5.9", "Training time of the best result, SVM"),
    ("Glocer Table 5.10", "table", "§5.6, Table 5.10", "Parameters of the best result, decision stumps"),
    ("Glocer Table 5.11", "table", "§5.6, Table 5.11", "Parameters of the best result, raw data"),
    ("Glocer Table 5.12", "table", "§5.6, Table 5.12", "Parameters of the best result, SVM"),
    # ------------------------------------------------------------------------------------------------
    # Mitsuboshi, Hatano & Takimoto, Boosting as Frank-Wolfe
    # ------------------------------------------------------------------------------------------------
    ("MHT Defs 1-3", "claim", "§2.1, Defs. 1-3",
     r"The capped-entropy conjugate $\tilde f^\star$ is $\eta$-smooth in $\ell_\infty$ and its gradient is the "
     "entropic distribution"),
    ("MHT eq (4)-(5)", "dual", "§2.1, eqs. (4), (5)",
     "Edge minimisation over the capped simplex (4) and soft-margin maximisation (5) have the same value"),
    ("MHT Lemma 1", "lemma", "§2.2, Lemma 1 (App. A.1)",
     r"If $f\le\tilde f\le f+c$ then $f^\star-c\le\tilde f^\star\le f^\star$; with Lemma 3, "
     r"$0\le\tilde\rho-\rho\le\ln(m/\nu)/\eta$"),
    ("MHT Thm 1", "theorem", "§2.2, Thm 1 (Borwein-Lewis)",
     r"Fenchel duality and its optimality conditions: $w\in\partial g(A^\top d)$, $-Aw\in\partial f(d)$"),
    ("MHT Alg 1", "algorithm", "§3, Alg. 1",
     r"The generic scheme: FW step $\mathcal F$ and secondary rule $\mathcal B$, keep the better; stop when "
     r"$\epsilon_t\le\epsilon/2$"),
    ("MHT Alg 2", "algorithm", "§3, Alg. 2",
     r"The secondary rule $\mathcal B$: the LP over the chosen columns (MLPBoost)"),
    ("MHT Alg 3", "algorithm", "§3, Alg. 3", r"The short-step FW rule $\mathcal F$"),
    ("MHT Alg 4", "algorithm", "§3, Alg. 4", r"The pairwise FW rule $\mathcal F$"),
    ("MHT Thm 2", "theorem", "§2.5, Thm 2",
     r"LPBoost, ERLPBoost and C-ERLPBoost are Frank-Wolfe algorithms (fully corrective on $f^\star$, fully "
     r"corrective on $\tilde f^\star$, short-step on $\tilde f^\star$); the weak learner is the LMO"),
    ("MHT eq (14)", "kkt", "§2.5, eq. (14)", "ERLPBoost's weights solve (14) and $d_t=d(w_t)$"),
    ("MHT Lemma 2", "lemma", "§3, Lemma 2",
     r"With $\eta=2\ln(m/\nu)/\epsilon$, $\epsilon_t\le\epsilon/2$ implies $\rho(w_t)\ge g-\epsilon$ (the stopping "
     "test is sound)"),
    ("MHT Thm 3", "bound", "§4, Thm 3",
     r"Alg. 1 with classic or short-step FW and any $\mathcal B$ reaches $\epsilon$-accuracy in "
     r"$O(\eta/\epsilon)=O(\ln(m/\nu)/\epsilon^2)$ rounds; $\epsilon_t\le8\eta/(t+3)$ (the induction display as "
     r"printed fails for $t\ge2$)"),
    ("MHT Cor 1", "corollary", "§4, Cor. 1", "The bound of Thm 3 holds with the pairwise FW rule (Alg. 4)"),
    ("MHT Lemma 3", "lemma", "App. A, Lemma 3",
     r"$0\le\Delta(d)\le\ln(m/\nu)$ on the capped simplex (tight iff $\nu$ is an integer)"),
    ("MHT Lemma 4", "lemma", "App. A, Lemma 4",
     "Edge minimisation and soft-margin maximisation are a Fenchel pair with strong duality (the explicit form "
     "printed with a sign error)"),
    ("MHT Cor 2", "corollary", "App. A, Cor. 2", "Strong duality of the regularised (smoothed) pair"),
    ("MHT §5 worst case", "claim", "§5 (text)",
     "LPBoost takes $m/2$ iterations in the worst case; MLPBoost and ERLPBoost terminate in 2"),
    ("MHT Table 1", "table", "§1, Table 1",
     r"The boosters compared: iteration bounds (LPBoost $\Omega(m)$, the others $O(\ln(m/\nu)/\epsilon^2)$), the "
     "problem per iteration, and the speed order in practice"),
    ("MHT Table 2", "table", "§5, Table 2",
     "Computation time: MLPBoost is competitive with LPBoost and much faster than ERLPBoost and FW"),
    ("MHT Table 3", "table", "§5, Table 3", r"Test error of LPBoost, ERLPBoost, FW and MLPBoost (5-fold CV for $\nu$)"),
    ("MHT Fig 1", "figure", "§5, Fig. 1", "Ringnorm: soft-margin objective and test error vs CPU time"),
    ("MHT Fig 2", "figure", "App. B, Fig. 2",
     "Soft-margin objective vs time: MLPBoost converges faster than ERLPBoost and is competitive with LPBoost"),
    ("MHT Fig 3", "figure", "App. B, Fig. 3", "Test error vs time: MLPBoost (SS) reaches low test error"),
    ("MHT Fig 4", "figure", "App. B, Fig. 4",
     r"Cumulative number of $\mathcal B$ updates vs iteration: $\mathcal B$ wins early, $\mathcal F$ later"),
    ("MHT Fig 5", "figure", "App. B, Fig. 5",
     r"FW, PFW and MLPBoost: the secondary rule $\mathcal B$ gives huge progress"),
    # ------------------------------------------------------------------------------------------------
    # Shen & Li (2010), On the Dual Formulation of Boosting Algorithms, IEEE TPAMI 32(12)
    # ------------------------------------------------------------------------------------------------
    ("Shen-Li eq (3)-(4)", "claim", "§2, eqs. (3), (4)",
     r"The $\ell_1$-constrained AdaBoost (3) and its penalised form (4) agree; $\mathbf 1^\top\boldsymbol w\le1/T$ "
     "may be taken with equality"),
    ("Shen-Li Def 3.1", "claim", "§3, Def. 3.1, eq. (9)",
     r"The convex conjugate $f^*(\boldsymbol u)=\sup_{\boldsymbol x}(\boldsymbol u^\top\boldsymbol x-f(\boldsymbol "
     "x))$ is convex even when $f$ is not"),
    ("Shen-Li Prop 3.1", "proposition", "§3, Prop. 3.1",
     "The convex conjugate of log-sum-exp is the negative entropy on the simplex"),
    ("Shen-Li logit conjugate", "claim", "§3.4 (proof of Thm 3.2)",
     r"The conjugate of $\mathrm{logit}(x)=\log(1+e^{-x})$ is $(-u)\log(-u)+(1+u)\log(1+u)$ on $[-1,0]$, $+\infty$ "
     "elsewhere"),
    ("Shen-Li smooth max", "claim", "§3.2",
     r"log-sum-exp is a smooth maximum: $\max_ia_i\le\log\sum_ie^{a_i}\le\max_ia_i+\log M$"),
    ("Shen-Li Thm 3.1", "theorem", "§3, Thm 3.1",
     r"The Lagrange dual of AdaBoost$_{\ell1}$ (5) is Shannon-entropy maximisation (10); strong duality: "
     r"$\mathrm{Opt}_{(5)}=\mathrm{Opt}_{(10)}=-\mathrm{Opt}_{(15)}/T$"),
    ("Shen-Li eq (14)", "dual", "§3, eq. (14)", "The dual of the exponential loss without the logarithm"),
    ("Shen-Li eq (18)", "dual", "§3.1, eq. (18)", "The dual (15) read as Gibbs free-energy minimisation"),
    ("Shen-Li eq (24)", "kkt", "§3.5, eq. (24)",
     r"KKT: $\boldsymbol u^\star$ = softmax of the negative margins (AdaBoost's weights); the primal $\boldsymbol "
     r"w=\boldsymbol\lambda/T$ from the dual's multipliers"),
    ("Shen-Li eq (25)-(26)", "kkt", "§3.5, eqs. (25), (26)",
     r"Margins $=-\log\boldsymbol u^\star-\mathrm{Opt}$ (25); var of the margins $=$ var of $\log\boldsymbol "
     r"u^\star$ (26)"),
    ("Shen-Li r* identity", "kkt", "§3.5 (after (26))",
     r"$r^\star=-T\sum_iu_i\log u_i-T\log\sum_ie^{-\varrho_i/T}=\sum_iu_i\varrho_i$ (printed with $+T\sum_iu_i\log "
     "u_i$)"),
    ("Shen-Li §3.1 homotopy", "claim", "§3.1",
     r"$T$ is a homotopy parameter: $\text{LP value}-T\log M\le\mathrm{Opt}_{(15)}\le\text{LP value}$, and $T\to0$ "
     "gives LPBoost"),
    ("Shen-Li eq (19)-(22)", "dual", "§3.2, eqs. (19)-(22)",
     "LPBoost's hard (19)/(20) and soft (21)/(22) LP pairs are duals with equal values"),
    ("Shen-Li eq (27)-(28)", "dual", "§3.3, eqs. (27), (28)",
     r"Squared and generalised hinge LPBoost duals: an $\ell_p$ hinge gives a Tsallis-entropy dual ($q$-log printed "
     "wrongly)"),
    ("Shen-Li Thm 3.2", "theorem", "§3.4, Thm 3.2",
     r"The dual of LogitBoost (30)/(32) maximises the binary relative entropy (31); $\boldsymbol "
     r"u=\mathrm{sigmoid}(-\varrho)$ (33)"),
    ("Shen-Li Lemma 3.1", "lemma", "§3.5, Lemma 3.1",
     "AdaBoost's margins approximately follow a Gaussian distribution"),
    ("Shen-Li eq (37)", "claim", "§3.5, eq. (37)",
     r"The Gaussian integral of $\exp(-\varrho/T)$ over $[\varrho_1,\varrho_2]$ in closed form ($\mathrm{erf}$), the "
     "step from (36) to (38)"),
    ("Shen-Li Thm 3.3", "theorem", "§3.5, Thm 3.3, eq. (38)",
     r"AdaBoost$_{\ell1}$ approximately maximises the average margin and minimises the margin variance (Gaussian "
     "approx. (38))"),
    ("Shen-Li §3.6 AdaBoost-QP", "claim", "§3.6",
     r"AdaBoost-QP minimises $\mathrm{var}(\varrho)/2-T\,\mathrm{mean}(\varrho)$, the second-order form of Thm 3.3"),
    ("Shen-Li §3.7 CG", "claim", "§3.7",
     "Column generation on the dual (the most violated edge) converges to the optimum over the full class"),
    ("Shen-Li Alg 1", "algorithm", "§2, Alg. 1", "Stage-wise AdaBoost and arc-gv"),
    ("Shen-Li Alg 2", "algorithm", "§3.7, Alg. 2", "AdaBoost-CG (totally corrective) returns the optimum of (5)"),
    ("Shen-Li Fig 1", "figure", "§3.5, Fig. 1",
     r"AdaBoost's negative entropy of $\boldsymbol u$ is lower than arc-gv's through the iterations"),
    ("Shen-Li Fig 2", "figure", "§3.3, Fig. 2", "The loss functions (exp, logistic, hinge, squared hinge)"),
    ("Shen-Li Fig 3", "figure", "§3.5, Fig. 3", "AdaBoost's margins are close to Gaussian (normal probability plots)"),
    ("Shen-Li Fig 4", "figure", "§4.1, Fig. 4",
     "Cumulative margin distributions: arc-gv has the larger minimum margin, AdaBoost-QP the larger mean"),
    ("Shen-Li Fig 5", "figure", "§4.2, Fig. 5",
     r"AdaBoost-CG converges in about $10\times$ fewer iterations than AdaBoost"),
    ("Shen-Li Table II", "table", "§4.1, Table II",
     "AdaBoost vs AdaBoost-QP on 14 data sets: QP has the larger mean margin, AdaBoost the larger minimum margin"),
    ("Shen-Li Table III", "table", "§4.1, Table III", "AdaBoost-QP on the full set of decision stumps"),
    ("Shen-Li Table IV", "table", "§4.2, Table IV",
     "AdaBoost vs AdaBoost-CG, stumps: similar test error, far fewer iterations"),
    ("Shen-Li Table V", "table", "§4.2, Table V", "AdaBoost-CG with stumps, $T$ chosen by validation"),
    ("Shen-Li Table VI", "table", "§4.2, Table VI", "LDA weak classifiers, AdaBoost vs AdaBoost-CG, $T$ by validation"),
    ("Shen-Li Table VII", "table", "§4.2, Table VII",
     "AdaBoost-CG on banana: all runs stop before 100 iterations; train error falls with $1/T$, test error flat"),
    ("Shen-Li Table VIII", "table", "§4.3, Table VIII", "LogitBoost-CG with stumps, $T$ chosen by validation"),
    ("Shen-Li Table IX", "table", "§4, Table IX", "The data sets"),
    # ------------------------------------------------------------------------------------------------
    # Sun, Todorovic & Li (2006), Reducing the Overfitting of AdaBoost by Controlling its Data
    # Distribution Skewness, IJPRAI 20(7)
    # ------------------------------------------------------------------------------------------------
    ("Sun §2 AdaBoost", "claim", "§2, eqs. (1)-(8), Fig. 1",
     "AdaBoost is stage-wise functional gradient descent on the exponential cost with exact line search (2)"),
    ("Sun eq (9)-(10)", "dual", "§2, eqs. (9), (10)",
     "The hard-margin LP (9) and the minimax game (10) have the same value"),
    ("Sun eq (12)-(16)", "dual", "§3.1, eqs. (11)-(16)",
     "LP$_{reg}$: the box-constrained minimax (11) is the LP (12) with dual (14), i.e. the penalty form (15)-(16)"),
    ("Sun §3.1 nu-property", "claim", "§3.1",
     r"With $C=1/(\nu N)$: $\#\text{margin errors}\le\nu N\le\#\text{support vectors}$"),
    ("Sun eq (17)-(18)", "dual", "§3.2, eqs. (17), (18)",
     "For a convex penalty $P$ the penalised minimax (17) equals the regularised dual-domain problem (18)"),
    ("Sun §3 convexity", "claim", "§3.2-3.3", "The KL penalty, the soft edges $s_j$, $s$ and the cost $G$ are convex"),
    ("Sun eq (20)", "dual", "§3.2, eq. (20)",
     r"The KL-regularised problem (20) and its dual; $d^\star=\mathrm{softmax}(-Z\alpha^\star/\beta)$ (Gibbs form)"),
    ("Sun eq (31)", "kkt", "§3.2, eq. (31)",
     r"At the optimum of (20) the soft margins are all equal to $\mathrm{Opt}$ (the minimum soft margin is maximised)"),
    ("Sun eq (25)", "claim", "§3.2, eq. (25)",
     "The linearisation of $s$ at $d^{(t)}$ is a supporting hyperplane: tangent at $d^{(t)}$, below $s$ on the "
     "simplex"),
    ("Sun eq (29)", "claim", "§3.2, eq. (29)",
     r"The LP approximation (29) becomes better as more constraints are added (nondecreasing, below $\mathrm{Opt}$)"),
    ("Sun eq (35)", "dual", "§3.3, eq. (35)",
     r"The Norm2-regularised problem (35) and its dual; soft margins (39) equal $\mathrm{Opt}$ on the support of "
     r"$d^\star$"),
    ("Sun eq (37)", "claim", "§3.3, eq. (37)", "The supporting-hyperplane formula for the Norm2 penalty"),
    ("Sun eq (40)", "claim", "§3.3, eq. (40)", "AdaBoost$_{Reg}$'s soft margin has no consistent penalty form"),
    ("Sun eq (47)", "claim", "§3.5, eqs. (45)-(48)",
     "AdaBoost$_{KL}$ and AdaBoost$_{Norm2}$ are stage-wise gradient descent over the pseudo-hypotheses (45); the "
     "direction is maximised at $h_t$, $d^{(t)}$"),
    ("Sun §3.2 beta=0", "claim", "§3.2", r"For $\beta=0$ AdaBoost$_{KL}$ reduces to AdaBoost"),
    ("Sun Lemma 1", "lemma", "Appendix, Lemma 1",
     r"As $\beta\to\infty$ only $h_1$ is kept: $\tilde\alpha_2\in(1/\beta^2,1/\beta)\to0$"),
    ("Sun Fig 2", "algorithm", "§3.2, Fig. 2",
     r"AdaBoost$_{KL}$: $d^{(t+1)}=\mathrm{softmax}(-\sum_{j\le t}\tilde\alpha_j\tilde z_{\cdot j})$, exact line "
     "search, tangent linearisation"),
    ("Sun Fig 3", "algorithm", "§3.3, Fig. 3", "AdaBoost$_{Norm2}$, the same stage-wise identities"),
    ("Sun Fig 4", "figure", "§3.2, Fig. 4",
     "$N=2$ illustration: the epigraph of $s$ and its piecewise-linear underestimate from supporting lines"),
    ("Sun Fig 5", "figure", "§4, Fig. 5",
     "Decision boundaries on banana: AdaBoost zigzags and overfits, AdaBoost$_{KL/Norm2}$ are smooth"),
    ("Sun Fig 6", "figure", "§4, Fig. 6",
     "Waveform: AdaBoost overfits; the regularised methods allow a few hard samples small margins"),
    ("Sun §4 skewness", "claim", "§1, §4",
     "The regularised algorithms reduce the skewness of AdaBoost's data distribution"),
    ("Sun Table 1", "table", "§4, Table 1",
     "Test error on 13 IDA data sets: AdaBoost$_{KL}$ and AdaBoost$_{Norm2}$ beat AdaBoost and (except heart) "
     "AdaBoost$_{Reg}$"),
    ("Sun Table 2", "table", "§4, Table 2",
     "90% significance tests comparing AdaBoost$_{KL}$ with the other algorithms"),
    ("Sun §4 counts", "claim", "§4",
     "The text's counts from Table 1: AdaBoost$_{Reg}$ significantly better than AdaBoost in 10 of 13 data sets, "
     "AdaBoost$_{KL}$ significantly better than AdaBoost$_{Reg}$ in 5, AdaBoost$_{KL/Norm2}$ standard deviations "
     "smaller than RBF's and AdaBoost's in almost all cases"),
    ("Sun §4 low noise", "claim", "§4",
     "ringnorm, thyroid and twonorm suggest the regularised algorithms are effective even in the low-noise regime"),
    # ------------------------------------------------------------------------------------------------
    # Rudin, Daubechies & Schapire, The Dynamics of AdaBoost (NIPS 2003 version, "On the Dynamics of
    # Boosting"); sections and figures as numbered there
    # ------------------------------------------------------------------------------------------------
    ("RDS §2 reduced map", "theorem", "§2",
     r"AdaBoost's weights follow the reduced iterated map $d_{t+1}=d_t(1\pm\dots)/(1\pm r_t)$"),
    ("RDS §2 edge zero", "claim", "§2",
     r"The classifier just used has edge 0 under the next weights, so $j_{t+1}\ne j_t$"),
    ("RDS §3 3x3 margin", "claim", "§3",
     r"For the $3\times3$ one-mistake matrix the maximum margin is $1/3$, attained at $\lambda^*=(1/3,1/3,1/3)$"),
    ("RDS §3 3x3 cycles", "theorem", "§3, Figs. 1-2",
     r"On the $3\times3$ matrix AdaBoost converges to one of two stable 3-cycles (golden-ratio weights, $r=1/\phi$)"),
    ("RDS §3 3x3 max margin", "claim", "§3",
     r"On the $3\times3$ matrix AdaBoost's cycle attains the maximum margin $1/3$"),
    ("RDS §3 mxm cycles", "claim", "§3",
     r"For the $m\times m$ one-mistake matrices AdaBoost has periodic cycles of length $m$ attaining margin $1-2/m$"),
    ("RDS §3 larger cases", "claim", "§3", "On larger (random) matrices AdaBoost's weights also seem to cycle"),
    ("RDS §3 non-optimal", "theorem", "§3",
     r"Non-optimal AdaBoost need not maximise the margin ($4\times5$ example: margin $1/3<1/2$), proving the "
     "Ratsch-Warmuth conjecture"),
    ("RDS §4 conjecture", "claim", "§4",
     "Optimal AdaBoost (max-edge weak learner) is conjectured to maximise the margin when its weights cycle"),
    ("RDS §4 smooth margin", "claim", "§4, eqs. (1), (2)",
     r"The smooth margin $G$ satisfies $\mu-\ln(m)/\lVert\lambda\rVert_1\le G<\mu$ (bounds (1)-(2))"),
    ("RDS §4 G concave", "claim", "§4", r"$G$ is concave on each slice $\lVert\lambda\rVert_1=s$"),
    ("RDS §4 coordinate ascent", "claim", "§4",
     "Coordinate ascent on $G$ chooses AdaBoost's direction (the max-edge classifier)"),
    ("RDS eq (3)", "algorithm", "§4, eq. (3)",
     "Approximate coordinate ascent: step between arc-gv's and AdaBoost's "
     r"($0<\alpha_{arc}\le\alpha_{aca}\le\alpha_{ada}$), positive when $\rho>0$"),
    ("RDS §4 AdaBoost*", "claim", "§4", r"AdaBoost$^*_\nu$ reaches a margin within $\nu$ of the maximum"),
    ("RDS Fig 1", "figure", "§3, Fig. 1",
     r"$3\times3$ matrix: selection regions of $d$-space and the inner triangle on which $d_2,d_3,\dots$ lie"),
    ("RDS Fig 2", "figure", "§3, Fig. 2",
     "The iterated map on the unfolded triangle, its third iterate with 6 stable fixed points, 50 steps of AdaBoost "
     r"converging to a cycle, and 500 steps on a random $11\times21$ matrix"),
    ("RDS Fig 3a", "figure", "§4, Fig. 3(a)",
     r"Random $11\times21$ matrix: AdaBoost, arc-gv, AdaBoost$^*$, approximate and exact coordinate ascent all "
     "approach the maximum margin"),
    ("RDS Fig 3b", "figure", "§4, Fig. 3(b)",
     r"Synthetic hypercube data ($50\times100$): approximate coordinate ascent's margin lies between AdaBoost's and "
     "arc-gv's"),
)
