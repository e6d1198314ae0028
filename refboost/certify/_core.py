"""The certificate type and the small pieces of arithmetic every family shares.

A :class:`Certificate` is what an independent reader needs to accept or reject a candidate
solution of one optimisation problem: the candidate's objective, a bound on the optimum that
does not come from the code that produced the candidate, the gap between them, how far the
candidate is from feasible, the residuals of the optimality (KKT) conditions that apply, and a
verdict. Everything here is recomputed from the instance and the candidate alone.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field

import numpy as np

from .._validation import check_array, check_length, check_U, check_vector, check_weights
from ..oracles import Oracle

#: Absolute slack for round-off added to every tolerance test (objectives are O(1) here).
ROUNDOFF = 1e-9

#: Worst constraint violation a candidate may show and still count as feasible.
FEAS_TOL = 1e-8


@dataclass(frozen=True)
class Certificate:
    """An independently recomputed verdict on a candidate solution.

    Attributes
    ----------
    problem : str
        Problem family (e.g. ``"soft_margin_lp"``).
    equation : str
        The source equation the objective and bound are read from.
    sense : {"max", "min"}
        Whether the problem maximises or minimises ``objective``.
    objective : float
        The candidate's objective value (recomputed, never read from the solver).
    bound : float
        An upper (``sense="max"``) or lower (``sense="min"``) bound on the optimum.
    gap : float
        ``bound - objective`` (max) or ``objective - bound`` (min): an upper bound on the
        candidate's suboptimality once it is feasible. ``inf`` when no bound could be formed.
    feasibility : float
        Worst violation of the candidate's constraints (0 when exactly feasible).
    kkt : dict of str -> float
        Named residuals of the optimality conditions that were checked.
    tol : float
        The gap the verdict requires.
    ok : bool
        ``feasibility <= FEAS_TOL`` and ``gap <= tol`` (each with round-off slack ``ROUNDOFF``).
    bound_source : str
        Where the bound comes from (a dual point built from the candidate, the oracle, ground truth).
    message : str
        One line that says why the verdict is what it is.
    """

    problem: str
    equation: str
    sense: str
    objective: float
    bound: float
    gap: float
    feasibility: float
    tol: float
    ok: bool
    bound_source: str
    message: str
    kkt: dict = field(default_factory=dict)

    def report(self) -> str:
        """A readable multi-line report (what an assertion failure prints)."""
        lines = [
            f"{self.problem} [{self.equation}]: {'CERTIFIED' if self.ok else 'NOT CERTIFIED'}",
            f"  objective ({self.sense})  {self.objective:.12g}",
            f"  bound                {self.bound:.12g}   ({self.bound_source})",
            f"  gap                  {self.gap:.3g}   (tolerance {self.tol:.3g})",
            f"  feasibility          {self.feasibility:.3g}   (tolerance {FEAS_TOL:.1g})",
        ]
        for k, v in self.kkt.items():
            lines.append(f"  {k:<20} {v:.3g}")
        lines.append(f"  {self.message}")
        return "\n".join(lines)

    def __str__(self) -> str:
        return self.report()


def verdict(*, problem, equation, sense, objective, bound, feasibility, tol, bound_source, kkt=None,
            what="objective") -> Certificate:
    """Assemble a :class:`Certificate` from its recomputed parts (the gap and the verdict are derived here)."""
    objective, bound, feasibility = float(objective), float(bound), float(feasibility)
    if not (math.isfinite(objective) and math.isfinite(bound)):
        gap = math.inf
    else:
        gap = bound - objective if sense == "max" else objective - bound
    kkt = {k: float(v) for k, v in (kkt or {}).items()}
    feasible = feasibility <= FEAS_TOL
    small = gap <= tol + ROUNDOFF * max(1.0, abs(objective))
    ok = bool(feasible and small)
    if ok:
        msg = f"{what} within {tol:.3g} of the optimum (gap {gap:.3g})"
    elif not feasible:
        msg = f"candidate infeasible: worst violation {feasibility:.3g} > {FEAS_TOL:.1g}"
    elif not math.isfinite(gap):
        msg = "no finite bound: the gap cannot be certified"
    else:
        msg = f"gap {gap:.3g} > tolerance {tol:.3g}"
    return Certificate(problem=problem, equation=equation, sense=sense, objective=objective, bound=bound,
                       gap=float(gap), feasibility=feasibility, tol=float(tol), ok=ok,
                       bound_source=bound_source, message=msg, kkt=kkt)


def simplex_violation(w: np.ndarray) -> float:
    """Distance of ``w`` from the probability simplex in the max sense: negative entries and |sum - 1|."""
    if w.size == 0:
        return 1.0
    return float(max(0.0, -float(w.min()), abs(float(w.sum()) - 1.0)))


def capped_simplex_violation(d: np.ndarray, nu: float) -> float:
    """Worst violation of ``d >= 0, sum d = 1, d <= 1/nu``."""
    return float(max(0.0, -float(d.min()), float(d.max()) - 1.0 / nu, abs(float(d.sum()) - 1.0)))


def onto_capped_simplex(d: np.ndarray, nu: float) -> np.ndarray:
    """Move a nearly feasible ``d`` exactly onto ``{d >= 0, sum d = 1, d <= 1/nu}``.

    Clip to [0, 1/nu], then spread the deficit (surplus) over the room under the caps (over the
    entries). A bound evaluated at the result is valid whatever ``d`` was; how far it moved is
    reported separately.
    """
    cap = 1.0 / nu
    x = np.clip(d, 0.0, cap)
    for _ in range(3):
        deficit = 1.0 - x.sum()
        if deficit > 0:
            room = cap - x
            if room.sum() <= 0:
                break
            x = x + deficit * room / room.sum()
        elif deficit < 0:
            x = x + deficit * x / x.sum()
        x = np.clip(x, 0.0, cap)
    return x


def sorted_soft_margin(m: np.ndarray, nu: float) -> float:
    """``min { d . m : d in capped simplex }``, read off the sorted margins.

    The minimiser puts 1/nu on the floor(nu) smallest margins and the rest on the next one
    (Glocer 2009, eq. (2.2) at fixed w). Written here again on purpose: a certificate does not
    call the code it checks.
    """
    N = m.shape[0]
    s = np.sort(m)
    k = min(N, max(1, math.ceil(nu - 1e-12)))
    return float(s[: k - 1].sum() / nu + (1.0 - (k - 1) / nu) * s[k - 1])


def candidate_columns(U, weights, hypotheses):
    """The columns the candidate combines and its weights, read from a matrix or an oracle (checked)."""
    w = check_array(weights, "weights", ndim=1, min_size=0)
    if isinstance(U, Oracle):
        if hypotheses is None:
            raise ValueError("hypotheses must be given when U is an Oracle (the keys the weights belong to)")
        keys = list(hypotheses)
        check_length(w, len(keys), "weights", "len(hypotheses)")
        N = U.n_examples
        if not keys:
            return np.zeros((N, 0)), w
        cols = check_U(U.columns(keys), "oracle columns", clip=False)
        if cols.shape != (N, len(keys)):
            raise ValueError(f"oracle.columns must return shape ({N}, {len(keys)}), got {cols.shape}")
        return cols, w
    A = check_U(U, clip=False)
    if hypotheses is None:
        return A, check_weights(w, A.shape[1])
    idx = np.asarray(list(hypotheses), dtype=np.int64)
    check_length(w, idx.shape[0], "weights", "len(hypotheses)")
    if idx.size and (idx.min() < 0 or idx.max() >= A.shape[1]):
        raise ValueError(f"hypotheses must be column indices in [0, {A.shape[1] - 1}]")
    return A[:, idx], w


def max_edge(U, d: np.ndarray) -> float:
    """``max_q u^q . d`` over the class: the matrix's columns, or the column ``oracle.best(d)`` returns."""
    if isinstance(U, Oracle):
        _, u = U.best(d)
        u = check_array(u, "oracle column", ndim=1, min_size=0)
        if u.shape[0] != d.shape[0] or np.max(np.abs(u)) > 1 + 1e-12:
            raise ValueError("oracle.best returned a column that is not in [-1, 1]^N")
        return float(u @ d)
    return float(np.max(np.asarray(U, dtype=float).T @ d))


def relative_entropy_uniform(d: np.ndarray) -> float:
    """``Delta(d, d^0) = sum_n d_n ln(N d_n)`` with d^0 uniform (0 ln 0 = 0); Glocer (2009), Table 2.1."""
    N = d.shape[0]
    pos = d > 0
    return float(np.sum(d[pos] * (np.log(d[pos]) + math.log(N))))


def binary_relative_entropy_uniform(d: np.ndarray, nu: float) -> float:
    """``Delta_{2,nu}(d, d^0) = sum d ln(d/d0) + (1/nu - d) ln((1/nu - d)/(1/nu - d0))``, d^0 uniform,
    d clipped to its domain [0, 1/nu] (Glocer 2009, Table 2.1 and (3.25))."""
    N = d.shape[0]
    d0 = 1.0 / N
    x = np.clip(d, 0.0, 1.0 / nu)
    e = np.maximum(1.0 / nu - x, 0.0)
    pos, pose = x > 0, e > 0
    return float(np.sum(x[pos] * np.log(x[pos] / d0)) + np.sum(e[pose] * np.log(e[pose] / (1.0 / nu - d0))))


def candidate_distributions(distribution, N: int) -> list:
    """The candidate dual points a caller gives: ``None`` (none), one d of length N, or a list of them."""
    if distribution is None:
        return []
    ds = [distribution] if np.ndim(distribution) == 1 else list(distribution)
    out = []
    for d in ds:
        out.append(check_vector(d, N, "distribution", "N", min_size=0))
    return out

