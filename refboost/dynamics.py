"""The dynamics of AdaBoost: the reduced iterated map, its cycles, the smooth margin.

Rudin, Daubechies & Schapire (2003), "On the Dynamics of Boosting". For a
matrix of mistakes ``M in {-1, +1}^{m x n}`` one AdaBoost step acts on the weights alone:

    d_{t+1, i} = d_{t, i} / (1 + M_{i j_t} r_t)                     (reduced iterated map, §2)

and, for a step to target edge theta (arc-gv, AdaBoost*, coordinate ascent),

    d_{t+1, i} = d_{t, i} (1 + M_{i j_t} theta) / (1 + M_{i j_t} r_t),   (d_{t+1}^T M)_{j_t} = theta.

The map holds **only for +-1 matrices** (checked), and it is unstable normal to the simplex (an
error delta in sum(d) grows to delta / (1 - r^2) per step), so it is renormalised every step by
default. The boosters in :mod:`refboost.boosters.adaboost` do not use it (they work from
lambda in the log domain); this module is the second, independent path the notebook and tests
compare them with, plus the paper's closed forms (golden-ratio cycles, the unfolded 1-D map).

Tie-breaking: the optimal choice is the **lowest index** among the columns whose
edge is within ``tie_tol`` (default 1e-10) of the maximum. Ties are exact at t = 1, 2 of the
3 x 3 example from the uniform start and decide which cycle is reached.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from fractions import Fraction

import numpy as np
from scipy.optimize import brentq, minimize
from scipy.special import logsumexp

from ._validation import (
    check_array,
    check_choice,
    check_distribution,
    check_int,
    check_real,
    check_rng,
    check_U,
    check_weights,
)
from .oracles import Oracle

#: The golden ratio phi = (1 + sqrt 5) / 2; the 3 x 3 cycles have r = 1 / phi.
PHI = (1.0 + math.sqrt(5.0)) / 2.0
#: Default tolerance of the lowest-index tie rule.
TIE_TOL = 1e-10

__all__ = [
    "PHI",
    "EdgePromiseError",
    "PermissibleOracle",
    "ReducedMapTrajectory",
    "check_pm1",
    "cycle_margin",
    "detect_cycle",
    "fold_3x3",
    "golden_cycles_3x3",
    "iterate_reduced_map",
    "nonoptimal_cycle_start_4x5",
    "one_mistake_cycle",
    "optimal_choice",
    "reduced_map_step",
    "smooth_margin",
    "smooth_margin_slice_max",
    "unfold_3x3",
    "unfolded_map_3x3",
    "upsilon",
]


class EdgePromiseError(ValueError):
    """A weak learner returned a hypothesis whose edge is below its promised edge ``rho``."""


def check_pm1(M, name: str = "M") -> np.ndarray:
    """Check that ``M`` is a 2-d matrix with entries in {-1, +1} (the reduced map needs it)."""
    arr = check_U(M, name)
    if not np.all(np.abs(arr) == 1.0):
        raise ValueError(
            f"{name} must have entries in {{-1, +1}} (the reduced iterated map of Rudin et al. 2003 holds "
            "only for +-1 matrices; use the boosters for confidence-rated entries)"
        )
    return arr


def optimal_choice(edges: np.ndarray, tie_tol: float = TIE_TOL) -> int:
    """Lowest index among the edges within ``tie_tol`` of the maximum."""
    e = np.asarray(edges, dtype=float)
    return int(np.flatnonzero(e >= e.max() - tie_tol)[0])


# ----------------------------------------------------------------------------------------
# the reduced iterated map
# ----------------------------------------------------------------------------------------


def _map_update(d: np.ndarray, col: np.ndarray, theta: float, r: float, renormalize: bool) -> np.ndarray:
    """One step of the reduced map on column ``col``, ``d (1 + col theta) / (1 + col r)``, optionally renormalised."""
    dn = d * (1.0 + col * theta) / (1.0 + col * r)
    return dn / dn.sum() if renormalize else dn


def reduced_map_step(
    M, d, *, j: int | None = None, theta: float = 0.0, renormalize: bool = True, tie_tol: float = TIE_TOL
) -> tuple[np.ndarray, int, float]:
    """One step of the (generalised) reduced iterated map (Rudin et al. 2003, §2).

    ``d_{t+1, i} = d_{t, i} (1 + M_{ij} theta) / (1 + M_{ij} r)`` with ``r = (d^T M)_j``;
    ``theta = 0`` is AdaBoost.

    Parameters
    ----------
    M : array_like, shape (m, n), entries in {-1, +1}
    d : array_like, shape (m,)
        Current weights (a distribution).
    j : int, optional
        Column to use; default the optimal choice (maximum edge, lowest index within ``tie_tol``).
    theta : float in [0, r)
        Target edge (0 = AdaBoost).
    renormalize : bool, default True
        Divide by the sum afterwards (the exact map preserves it; floating point does not:
        an error in sum(d) grows by the factor 1/(1 - r^2) per step, see the module docstring).

    Returns
    -------
    (d_next, j, r)
    """
    M = check_pm1(M)
    d = check_distribution(d, M.shape[0], name="d", atol=1e-6)
    theta = check_real(theta, "theta", low=-1.0, high=1.0, low_open=True, high_open=True)
    e = M.T @ d
    if j is None:
        j = optimal_choice(e, tie_tol)
    else:
        j = check_int(j, "j", low=0, high=M.shape[1] - 1)
    r = float(e[j])
    if not (theta < r < 1.0):
        raise ValueError(f"the map needs theta < r < 1 (r = edge of column j = {r}, theta = {theta})")
    return _map_update(d, M[:, j], theta, r, renormalize), j, r


@dataclass
class ReducedMapTrajectory:
    """Orbit of the reduced map: ``d[t]`` (t = 0..T, d[0] = start), ``j[t]``, ``r[t]`` (t = 0..T-1)."""

    d: np.ndarray
    j: np.ndarray
    r: np.ndarray


Chooser = Callable[[np.ndarray, np.ndarray, int], int]


def iterate_reduced_map(
    M,
    d0,
    n_steps: int,
    *,
    chooser: Chooser | Sequence[int] | None = None,
    theta: float = 0.0,
    renormalize: bool = True,
    exact: bool = False,
    tie_tol: float = TIE_TOL,
) -> ReducedMapTrajectory:
    """Iterate the reduced map ``n_steps`` times from ``d0``.

    Parameters
    ----------
    M : +-1 matrix (m x n)
    d0 : distribution of length m (for ``exact=True``: entries convertible to Fraction)
    n_steps : int >= 1
    chooser : callable ``(d, edges, t) -> j``, a sequence of column indices (cycled), or None
        (optimal choice, lowest index within ``tie_tol``; ``tie_tol = 0`` when exact).
    theta : target edge (0 = AdaBoost)
    renormalize : divide by the sum after every step (float path only; the float map drifts off the simplex)
    exact : bool
        Rational arithmetic with :class:`fractions.Fraction` (for the tiny examples: the Fibonacci
        orbit of the 3 x 3 matrix). ``d`` is then an object array of Fractions.
    """
    M = check_pm1(M)
    m, n = M.shape
    n_steps = check_int(n_steps, "n_steps", low=1)
    if exact:
        Mi = M.astype(int).astype(object)
        d = np.array([Fraction(x) for x in d0], dtype=object)
        if d.shape != (m,) or sum(d) != 1 or any(x <= 0 for x in d):
            raise ValueError(f"d0 must be {m} positive numbers summing to exactly 1 for exact=True")
        th = Fraction(theta)
    else:
        d = check_distribution(d0, m, name="d0", atol=1e-6).copy()
        th = check_real(theta, "theta", low=-1.0, high=1.0, low_open=True, high_open=True)
    if chooser is not None and not callable(chooser):
        seq = [check_int(k, "chooser entry", low=0, high=n - 1) for k in chooser]
        if not seq:
            raise ValueError("chooser sequence must not be empty")
        chooser = (lambda s: lambda dd, ee, t: s[t % len(s)])(seq)
    ds, js, rs = [d.copy()], [], []
    for t in range(n_steps):
        if exact:
            e = np.array([sum(Mi[i, k] * d[i] for i in range(m)) for k in range(n)], dtype=object)
            j = int(chooser(d, e, t)) if chooser else max(range(n), key=lambda k: (e[k], -k))
            r = e[j]
            if not (th < r < 1):
                raise ValueError(f"step {t}: the map needs theta < r < 1, got r = {r}")
            d = np.array([d[i] * (1 + Mi[i, j] * th) / (1 + Mi[i, j] * r) for i in range(m)], dtype=object)
        else:
            e = M.T @ d
            j = int(chooser(d, e, t)) if chooser else optimal_choice(e, tie_tol)
            if not 0 <= j < n:
                raise ValueError(f"chooser returned column {j}, expected an index in [0, {n - 1}]")
            r = float(e[j])
            if not (th < r < 1.0):
                raise ValueError(f"step {t}: the map needs theta < r < 1, got r = {r} (column {j})")
            d = _map_update(d, M[:, j], th, r, renormalize)
        ds.append(d.copy())
        js.append(j)
        rs.append(r)
    if exact:
        return ReducedMapTrajectory(np.array(ds, dtype=object), np.array(js), np.array(rs, dtype=object))
    return ReducedMapTrajectory(np.array(ds), np.array(js), np.array(rs, dtype=float))


def detect_cycle(d_hist, *, tol: float = 1e-9, max_period: int = 200, window: int | None = None):
    """Smallest period p with ``max |d_t - d_{t-p}| < tol`` over the last ``window`` iterates.

    Returns ``(p, points)`` with the last p iterates, or ``(None, None)`` if no period
    ``<= max_period`` fits. ``window`` defaults to ``2 * max_period``.
    """
    D = check_array(d_hist, "d_hist", ndim=2)
    tol = check_real(tol, "tol", low=0.0, low_open=True)
    max_period = check_int(max_period, "max_period", low=1)
    window = 2 * max_period if window is None else check_int(window, "window", low=1)
    T = D.shape[0]
    for p in range(1, max_period + 1):
        lo = max(p, T - window)
        if T - lo < p:  # not enough iterates to confirm a full period
            break
        if np.max(np.abs(D[lo:] - D[lo - p : T - p])) < tol:
            return p, D[T - p :].copy()
    return None, None


def cycle_margin(M, js: Sequence[int], rs: Sequence[float], thetas: Sequence[float] | None = None) -> float:
    """Margin ``min_i (M lambda)_i / ||lambda||_1`` of the increments ``lambda = sum_t alpha_t e_{j_t}``.

    ``alpha_t = artanh(r_t) - artanh(theta_t)`` (theta = 0: AdaBoost). Applied to one period of a
    cycle it gives the limit margin of the run (the earlier steps' weight vanishes like 1/T).
    """
    M = check_U(M)
    js = np.asarray(js, dtype=int)
    rs = check_array(rs, "rs", ndim=1)
    if js.shape != rs.shape:
        raise ValueError(f"js and rs must have the same length, got {js.shape} and {rs.shape}")
    th = np.zeros_like(rs) if thetas is None else check_array(thetas, "thetas", ndim=1)
    alpha = np.arctanh(rs) - np.arctanh(th)
    lam = np.zeros(M.shape[1])
    np.add.at(lam, js, alpha)
    return float((M @ lam).min() / lam.sum())


def upsilon(r):
    """``Upsilon(r) = -ln(1 - r^2) / ln((1 + r) / (1 - r))`` (Rätsch & Warmuth 2005).

    The margin of a cycle with constant edge r: if example i is misclassified k times per period
    p, periodicity of d_i needs ``(1 + r)^{p-k} (1 - r)^k = 1``, i.e. margin ``1 - 2k/p = Upsilon(r)``.
    Upsilon(1/phi) = 1/3, Upsilon(1/2) = 0.26186, and rho/2 <= Upsilon(rho) <= rho.
    """
    r = check_array(r, "r")
    if np.any((r <= 0) | (r >= 1)):
        raise ValueError("r must lie in (0, 1)")
    out = -np.log1p(-(r**2)) / (2.0 * np.arctanh(r))
    return float(out) if out.ndim == 0 else out


# ----------------------------------------------------------------------------------------
# closed forms: the m x m one-mistake cycles, the 3 x 3 golden-ratio cycles, the 4 x 5 cycle
# ----------------------------------------------------------------------------------------


def one_mistake_cycle(m: int) -> tuple[float, float, np.ndarray]:
    """The length-m cycle of AdaBoost on ``one_mistake(m)`` (derived here).

    In the cycle visiting columns 0, 1, ..., m-1, the example chosen k steps ago has weight
    ``q^k / 2`` where ``q in (1/2, 1)`` solves ``q^m - 2q + 1 = 0`` (so the weights sum to 1);
    every step has edge ``r = 1 - q^{m-1} = 1/q - 1``.

    Returns
    -------
    (q, r, points) with ``points[k]`` the weights just before column k is chosen.
    """
    m = check_int(m, "m", low=3)
    poly = lambda q: q**m - 2.0 * q + 1.0
    q = float(brentq(poly, 0.5, 1.0 - 1e-9, xtol=1e-16, rtol=4 * np.finfo(float).eps))
    r = 1.0 / q - 1.0
    pts = np.empty((m, m))
    for k in range(m):
        for i in range(m):
            pts[k, i] = 0.5 * q ** ((k - 1 - i) % m)
    return q, r, pts


def golden_cycles_3x3() -> tuple[np.ndarray, np.ndarray]:
    """The two 3-cycles of Rudin et al. (2003), §3, with a = (3 - sqrt5)/4, b = (sqrt5 - 1)/4.

    ``cyc``  = [(a, b, 1/2), (1/2, a, b), (b, 1/2, a)] (columns 1, 2, 3, ...),
    ``cyc'`` = [(a, 1/2, b), (1/2, b, a), (b, a, 1/2)] (columns 1, 3, 2, ...). Every step: r = 1/phi.
    """
    a, b = (3.0 - math.sqrt(5.0)) / 4.0, (math.sqrt(5.0) - 1.0) / 4.0
    cyc = np.array([[a, b, 0.5], [0.5, a, b], [b, 0.5, a]])
    cyc_p = np.array([[a, 0.5, b], [0.5, b, a], [b, a, 0.5]])
    return cyc, cyc_p


def nonoptimal_cycle_start_4x5(eps: float | None = None) -> np.ndarray:
    """Start of the non-optimal (5, 4, 3) cycle on ``rudin_nonoptimal_4x5()`` (Rudin et al. 2003, §3).

    ``d_1 = (eps, (3 - sqrt5)/4 - eps, 1/2, (sqrt5 - 1)/4)``; the paper's point is
    ``eps = (3 - sqrt5)/8`` (default). Every ``eps`` in the open interval ``(0, (3 - sqrt5)/4)``
    lies on a 3-cycle choosing columns 5, 4, 3 (0-based 4, 3, 2) with edge 1/phi >= rho = 1/2
    (the endpoints put a zero weight on the boundary).
    """
    top = (3.0 - math.sqrt(5.0)) / 4.0
    eps = top / 2.0 if eps is None else check_real(eps, "eps", low=0.0, high=top, low_open=True, high_open=True)
    return np.array([eps, top - eps, 0.5, (math.sqrt(5.0) - 1.0) / 4.0])


# ----------------------------------------------------------------------------------------
# the 3 x 3 map on the unfolded triangle (Fig. 2a/b)
# ----------------------------------------------------------------------------------------


def fold_3x3(s) -> np.ndarray:
    """Point of the inner triangle at position ``s in [0, 3)``.

    s in (0,1): (s/2, (1-s)/2, 1/2); s in (1,2): (1/2, (s-1)/2, (2-s)/2); s in (2,3): ((3-s)/2, 1/2, (s-2)/2).
    """
    s = np.mod(check_array(s, "s"), 3.0)
    seg = np.floor(s).astype(int)
    x = s - seg
    out = np.empty(s.shape + (3,))
    # on segment k the "1/2" coordinate is index (k + 2) % 3, coordinate (k) % 3 is x/2, (k+1) % 3 is (1-x)/2
    for k in range(3):
        sel = seg == k
        out[sel, k % 3] = x[sel] / 2.0
        out[sel, (k + 1) % 3] = (1.0 - x[sel]) / 2.0
        out[sel, (k + 2) % 3] = 0.5
    return out


def unfold_3x3(d) -> np.ndarray:
    """Inverse of :func:`fold_3x3` for points with one coordinate equal to 1/2 (within 1e-9)."""
    D = np.atleast_2d(check_array(d, "d"))
    if D.shape[1] != 3:
        raise ValueError(f"d must have 3 coordinates, got shape {D.shape}")
    k = (np.argmin(np.abs(D - 0.5), axis=1) + 1) % 3  # segment whose "1/2" coordinate is (k + 2) % 3
    if np.any(np.abs(D[np.arange(len(D)), (k + 2) % 3] - 0.5) > 1e-9):
        raise ValueError("d must lie on the inner triangle (one coordinate equal to 1/2)")
    return k + 2.0 * D[np.arange(len(D)), k]


def unfolded_map_3x3(s) -> np.ndarray:
    """The 1-D map f of AdaBoost on the unfolded inner triangle (Rudin et al. 2003, Fig. 2a).

    On (0, 1): ``f(s) = 1 + (1-s)/(2-s)`` for s < 1/2 (column 1 chosen) and ``f(s) = 3 - s/(1+s)`` for
    s > 1/2 (column 2), and ``f(s + 1) = f(s) + 1 (mod 3)``. Jumps (ties) at s = 0.5, 1.5, 2.5, where
    the lowest-index rule is used (the left branch). Returns values in [0, 3).
    """
    s_in = check_array(s, "s")
    s = np.atleast_1d(np.mod(s_in, 3.0))
    seg = np.floor(s)
    x = s - seg
    y = np.where(x <= 0.5, 1.0 + (1.0 - x) / (2.0 - x), 3.0 - x / (1.0 + x))
    # the lowest-index rule at the tie x = 1/2 of segment 2 picks column 1 (index 0), whose
    # branch there is the "right" formula of segment 0 shifted: handled by symmetry below
    out = np.mod(y + seg, 3.0)
    tie2 = (seg == 2) & (x == 0.5)
    out[tie2] = np.mod(3.0 - 0.5 / 1.5 + 2.0, 3.0)
    return out if s_in.ndim else float(out[0])


# ----------------------------------------------------------------------------------------
# the smooth margin
# ----------------------------------------------------------------------------------------


def smooth_margin(U, lam) -> float:
    """Smooth margin ``G(lambda) = -ln(sum_i exp(-(U lambda)_i)) / ||lambda||_1`` (Rudin et al. 2003, §4).

    Log-sum-exp; ``lambda >= 0`` with ``||lambda||_1 > 0`` (G is undefined at 0). Satisfies
    ``mu(lambda) - ln(m) / ||lambda||_1 <= G(lambda) <= mu(lambda)`` (eq. (2); strict on the right
    in exact arithmetic for m >= 2).
    """
    U = check_U(U)
    lam = check_weights(lam, U.shape[1], "lam")
    if np.any(lam < 0):
        raise ValueError("lam must be non-negative")
    s = float(lam.sum())
    if s <= 0:
        raise ValueError("lam must be non-zero (G is undefined at lambda = 0)")
    x = -(U @ lam)
    mx = x.max()
    return float(-(mx + math.log(np.exp(x - mx).sum())) / s)


#: Stopping tolerance of the SLSQP solve in :func:`smooth_margin_slice_max`.
SLICE_FTOL = 1e-15
#: Largest accepted Frank-Wolfe gap of :func:`smooth_margin_slice_max` (a first-order bound on
#: max G - G(lam); the actual value error is second order, ~1e-12 against cvxpy in the tests).
SLICE_GAP_TOL = 1e-6


def smooth_margin_slice_max(U, s: float, *, max_iter: int = 500) -> tuple[float, np.ndarray]:
    """Maximum of the smooth margin on the slice ``{lambda >= 0 : ||lambda||_1 = s}``.

    Rudin et al. (2003), §4: "G is concave for each fixed value of ||lambda||_1" (on the slice
    ``G = -ln F(lambda) / s`` and ``ln F`` is a log-sum-exp of linear functions). The slice
    maximum is ``-(1/s) min_{x in Delta_n} lse(-s U x)``, solved here by SLSQP on the simplex
    with the analytic gradient ``-s U^T softmax(-s U x)`` (a small smooth convex problem; the
    generic second path is Shen & Li's eq. (5) in :mod:`refboost.truth` with ``1/T = s``).
    It increases with s and tends to rho: ``rho - ln(m)/s <= max G <= rho`` (eq. (2)).

    Returns
    -------
    (G_max, lam) with ``lam >= 0``, ``lam.sum() == s``.
    """
    U = check_U(U)
    s = check_real(s, "s", low=0.0, low_open=True)
    max_iter = check_int(max_iter, "max_iter", low=1)
    n = U.shape[1]

    def fun(x):  # -G on the slice, scaled to O(1): lse(-s U x) / s and its gradient
        z = -s * (U @ x)
        L = float(logsumexp(z))
        return L / s, -(U.T @ np.exp(z - L))

    res = minimize(
        fun,
        np.full(n, 1.0 / n),
        jac=True,
        method="SLSQP",
        bounds=[(0.0, 1.0)] * n,
        constraints=[{"type": "eq", "fun": lambda x: x.sum() - 1.0, "jac": lambda x: np.ones(n)}],
        options={"ftol": SLICE_FTOL, "maxiter": max_iter},
    )
    x = np.maximum(res.x, 0.0)
    x = x / x.sum()
    # certificate: the Frank-Wolfe gap x.grad - min_j grad_j bounds the suboptimality (convexity);
    # SLSQP's exit "positive directional derivative" at a tight ftol is accepted when it is small
    _, grad = fun(x)
    fw_gap = float(x @ grad - grad.min())
    if fw_gap > SLICE_GAP_TOL:
        raise RuntimeError(
            f"SLSQP did not converge on the slice ||lambda||_1 = {s}: {res.message} (Frank-Wolfe gap {fw_gap:.2e})"
        )
    lam = s * x
    return smooth_margin(U, lam), lam


# ----------------------------------------------------------------------------------------
# the non-optimal weak learner
# ----------------------------------------------------------------------------------------

POLICIES = ("optimal", "laziest", "random", "sequence")


class PermissibleOracle(Oracle):
    """A "non-optimal" weak learner (Rudin et al. 2003, §1, used in §3): any column with edge >= rho.

    Parameters
    ----------
    U : array_like (N, K), entries in [-1, 1]
    rho : float in [-1, 1]
        The promised edge (the hard margin of U for the paper's setting). Every returned column has
        edge >= rho - tol, else :class:`EdgePromiseError` is raised.
    policy : {"optimal", "laziest", "random", "sequence"} or callable ``(d, edges) -> j``
        ``laziest``: smallest edge among the permissible columns (lowest index within ``tie_tol``);
        ``random``: uniform among them (needs ``rng``); ``sequence``: the columns of
        ``sequence`` in turn (cycled), each checked against the promise; ``optimal``: maximum edge.
    """

    def __init__(
        self,
        U,
        rho: float,
        *,
        policy="laziest",
        sequence: Sequence[int] | None = None,
        rng: np.random.Generator | None = None,
        tol: float = 1e-12,
        tie_tol: float = TIE_TOL,
    ):
        self.U = check_U(U)
        self.n_examples, self.n_hypotheses = self.U.shape
        self.rho = check_real(rho, "rho", low=-1.0, high=1.0)
        self.tol = check_real(tol, "tol", low=0.0)
        self.tie_tol = check_real(tie_tol, "tie_tol", low=0.0)
        if callable(policy):
            self.policy = policy
        else:
            self.policy = check_choice(policy, "policy", POLICIES)
        if self.policy == "sequence":
            if sequence is None or len(sequence) == 0:
                raise ValueError("sequence must be a non-empty list of column indices for policy='sequence'")
            self.sequence = [check_int(k, "sequence entry", low=0, high=self.n_hypotheses - 1) for k in sequence]
        if self.policy == "random":
            check_rng(rng, when="for policy='random'")
        self.rng = rng
        self.calls = 0

    def best(self, d):
        d = self._check_d(d)
        e = self.U.T @ d
        ok = np.flatnonzero(e >= self.rho - self.tol)
        if self.policy == "optimal":
            j = optimal_choice(e, self.tie_tol)
        elif self.policy == "laziest":
            if ok.size == 0:
                raise EdgePromiseError(f"no column has edge >= rho = {self.rho} (max edge {e.max()}): rho is too large")
            lo = e[ok].min()
            j = int(ok[np.flatnonzero(e[ok] <= lo + self.tie_tol)[0]])
        elif self.policy == "random":
            if ok.size == 0:
                raise EdgePromiseError(f"no column has edge >= rho = {self.rho} (max edge {e.max()}): rho is too large")
            j = int(self.rng.choice(ok))
        elif self.policy == "sequence":
            j = self.sequence[self.calls % len(self.sequence)]
        else:
            j = int(self.policy(d, e))
            if not 0 <= j < self.n_hypotheses:
                raise ValueError(f"policy returned column {j}, expected an index in [0, {self.n_hypotheses - 1}]")
        self.calls += 1
        if e[j] < self.rho - self.tol:
            raise EdgePromiseError(f"weak learner returned column {j} with edge {e[j]:.6g} < rho = {self.rho:.6g}")
        return j, self.U[:, j].copy()

    def column(self, key):
        j = int(key)
        if not 0 <= j < self.n_hypotheses:
            raise ValueError(f"key must be a column index in [0, {self.n_hypotheses - 1}], got {key}")
        return self.U[:, j].copy()

    def columns(self, keys):
        keys = np.asarray(list(keys), dtype=int)
        return self.U[:, keys].copy()
