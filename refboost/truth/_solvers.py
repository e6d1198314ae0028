"""The two solves of the ground truth: one LP helper (HiGHS) and one conic helper (cvxpy + Clarabel).

Every problem module of :mod:`refboost.truth` builds its problem as the paper's equation reads and
hands it to :func:`_solve` (a linear program, through :func:`scipy.optimize.linprog`) or to
:func:`_conic_solve` (a cvxpy problem); these are the only places that call a solver, and the only
places that turn a failed solve into :class:`GroundTruthError`.
"""

from __future__ import annotations

import warnings

import numpy as np
from scipy.optimize import linprog

#: HiGHS variants accepted by the ground-truth LPs.
LP_METHODS = ("highs", "highs-ds", "highs-ipm")

#: HiGHS tolerances for ground truth (tighter than HiGHS's defaults of 1e-7).
FEAS_TOL = 1e-10

#: cvxpy statuses that count as solved.
OPTIMAL = ("optimal", "optimal_inaccurate")

#: ... for a problem whose infeasibility is itself the answer (SoftBoost's (3.1), the corrective (4.6)).
OPTIMAL_OR_INFEASIBLE = OPTIMAL + ("infeasible", "infeasible_inaccurate")

#: Conic settings of the entropy-regularised problems (Glocer 2009, chapters 3-4; Mitsuboshi et al. 2022):
#: Clarabel at 1e-10; an infeasible status is an answer, and an infinite objective reported by cvxpy is
#: accepted (the relative entropy is +inf a few ulps outside the simplex; the Glocer problems evaluate
#: their value at the clipped solution).
ENTROPY_CONIC = {"tols": (1e-10,), "accept": OPTIMAL_OR_INFEASIBLE, "finite_value": False}


class GroundTruthError(RuntimeError):
    """A ground-truth solver did not reach an optimal solution."""


def _solve(c, A_ub, b_ub, A_eq, b_eq, bounds, method, what):
    """The one LP solve of the ground truth: HiGHS (``method``, one of :data:`LP_METHODS`) at
    feasibility tolerance :data:`FEAS_TOL` (and optimality 1e-12 for the interior-point method).

    Returns scipy's :class:`~scipy.optimize.OptimizeResult`; raises :class:`GroundTruthError`
    naming the problem ``what`` unless HiGHS reports an optimum.
    """
    options = {"primal_feasibility_tolerance": FEAS_TOL, "dual_feasibility_tolerance": FEAS_TOL}
    if method == "highs-ipm":
        options["ipm_optimality_tolerance"] = 1e-12
    res = linprog(c, A_ub=A_ub, b_ub=b_ub, A_eq=A_eq, b_eq=b_eq, bounds=bounds, method=method, options=options)
    if res.status != 0:
        raise GroundTruthError(f"HiGHS failed on {what}: status {res.status}, {res.message}")
    return res


def _conic_solve(prob, what: str, *, tols, accept=OPTIMAL, finite_value: bool = True) -> str:
    """The one conic solve of the ground truth: Clarabel at each tolerance of ``tols`` in turn
    (``None``: Clarabel's own defaults) until the status is in ``accept`` with a finite value.

    cvxpy's "solution may be inaccurate" warning is silenced: the status carries the same fact.
    ``finite_value=False`` accepts a status whose objective cvxpy reports as infinite (the entropy
    problems recompute their value from the clipped solution). Returns the status; raises
    :class:`GroundTruthError` naming the problem when no attempt succeeds.
    """
    import cvxpy as cp

    status = "not solved"
    for tol in tols:
        opts = {} if tol is None else {"tol_gap_abs": tol, "tol_gap_rel": tol, "tol_feas": tol, "max_iter": 500}
        try:
            with warnings.catch_warnings():
                warnings.simplefilter("ignore", UserWarning)
                prob.solve(solver=cp.CLARABEL, **opts)
        except cp.error.SolverError as exc:
            status = f"solver error: {exc}"
            continue
        status = prob.status
        if status in accept and (status.startswith("infeasible") or not finite_value or np.isfinite(prob.value)):
            return status
    raise GroundTruthError(f"Clarabel did not solve {what}: {status}")


def _simplex_clean(v, nu=None) -> np.ndarray:
    """Clip a solver's vector to the (capped) simplex and renormalise: negative entries to 0, entries
    above ``1/nu`` to ``1/nu`` (when ``nu`` is given). Conic solvers return entries a few ulps outside,
    where ``rel_entr`` is +inf and cvxpy reports an infinite objective."""
    v = np.maximum(np.asarray(v, float).ravel(), 0.0)
    if nu is not None:
        v = np.minimum(v, 1.0 / nu)
    return v / v.sum()
