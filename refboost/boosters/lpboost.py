"""LPBoost (Glocer 2009, Alg. 2.1; Demiriz, Bennett & Shawe-Taylor 2002).

Totally corrective column generation on the soft-margin LP. Each iteration solves the
restricted d-domain LP (2.3) over the hypotheses received so far with HiGHS (this LP *is*
the algorithm, so a generic LP solver in the loop is right) and reads the hypothesis
weights w of the w-domain LP (2.2) off its duals.
"""

from __future__ import annotations

import math
import time

import numpy as np
from scipy.optimize import linprog

from ..margins import repair_capped
from ..result import BoostResult
from ._common import Columns, finish, query
from ._params import Choice, Int, Nu, Real, constraints

LP_METHODS = ("highs", "highs-ds", "highs-ipm", "highs-ds-warm")
#: lpboost's methods: LP_METHODS and the working-set master ``"highs-ds-ws"`` (:class:`IncrementalRestrictedLP`).
#: ``"highs-ds-warm"``: dual simplex on one LP kept across iterations (:class:`IncrementalRestrictedLP`),
#: warm-started from the previous basis -- the same optimum as ``"highs-ds"``, which rebuilds the LP every
#: iteration (an order of magnitude slower on LIBSVM diabetes with nu = 0.1 N and all stumps;
#: ``benchmarks/bench_lpboost_default.py``). ``"highs-ds-ws"``: :class:`IncrementalRestrictedLP` with
#: ``working_set=True``: row generation on the vertex rows of (2.2), then, if that needs many rows, (2.3) on
#: a working set of examples; each solve checked on all N examples in one O(N t) pass: the same optimum to
#: HiGHS's tolerance, about 45 times faster per iteration on a9a with stumps (``benchmarks/bench_floor.py``);
#: its d, hence the trajectory, can differ on degenerate LPs (many optimal d).
LPBOOST_METHODS = (*LP_METHODS, "highs-ds-ws")
#: Feasibility tolerance passed to HiGHS for the restricted LP.
LP_FEAS_TOL = 1e-9
#: Smallest buffer of examples beyond ceil(nu) in the first working set of ``"highs-ds-ws"``.
WS_MIN_BUFFER = 64
#: ``"highs-ds-ws"``: a solve of its first phase (vertex rows) that needs more rows than this switches to the second.
WS_MAX_VERTEX_ROWS = 20
#: ``"highs-ds-ws"``'s first phase stops when the master's value exceeds SM_nu(U w) by at most this times max |u_qi|.
ROWS_TOL = 1e-12


def _normalised(w: np.ndarray) -> np.ndarray:
    """The row duals of (2.3) sum to 1 (the cost of gamma); divide out the solver's round-off
    (uniform weights if every dual vanished, which LP duality excludes)."""
    t = float(w.sum())
    return w / t if t > 0 else np.full(w.shape[0], 1.0 / w.shape[0])


class LPBoostError(RuntimeError):
    """The restricted LP could not be solved (should not happen on valid input)."""


def restricted_lp(U_t: np.ndarray, nu: float, method: str = "highs-ds"):
    """Solve LP (2.3) over the columns of ``U_t``; return ``(P, d, w, rho, psi)``.

    ``w`` are the multipliers of ``U_t^T d <= gamma`` (they form the optimal w of (2.2)),
    ``rho`` the multiplier of ``1^T d = 1`` and ``psi`` those of the caps ``d <= 1/nu``.
    """
    N, t = U_t.shape
    if method in ("highs-ds-warm", "highs-ds-ws"):  # a one-shot solve has no basis to start from
        method = "highs-ds"
    c = np.r_[np.zeros(N), 1.0]
    A_ub = np.hstack([U_t.T, -np.ones((t, 1))])
    A_eq = np.r_[np.ones(N), 0.0][None, :]
    bounds = [(0.0, 1.0 / nu)] * N + [(None, None)]
    options = {"primal_feasibility_tolerance": LP_FEAS_TOL, "dual_feasibility_tolerance": LP_FEAS_TOL}
    res = linprog(c, A_ub=A_ub, b_ub=np.zeros(t), A_eq=A_eq, b_eq=[1.0], bounds=bounds, method=method, options=options)
    if res.status != 0:
        raise LPBoostError(f"restricted LP (2.3) failed: {res.message}")
    d = repair_capped(res.x[:N], nu)
    w = _normalised(np.maximum(-res.ineqlin.marginals, 0.0))
    rho = float(res.eqlin.marginals[0])
    psi = np.maximum(-res.upper.marginals[:N], 0.0)
    return float(res.fun), d, w, rho, psi


def _quiet_highs():
    """A HiGHS model that prints nothing, not even the licence banner.

    ``highspy.Highs()`` prints its banner while it wires up its Python callbacks, before
    ``output_flag`` can be switched off. The solver class underneath (``highspy._core._Highs``,
    the same C++ model without that wiring, which this module does not use) prints nothing once
    ``output_flag`` is off. Falls back to ``highspy.Highs()`` where the core class is not exposed.
    """
    import highspy

    try:
        from highspy._core import _Highs
    except ImportError:  # pragma: no cover - other highspy layouts
        _Highs = highspy.Highs
    h = _Highs()
    h.setOptionValue("output_flag", False)
    return h


class IncrementalRestrictedLP:
    """LP (2.3) kept alive across column-generation iterations, warm-started (``"highs-ds-warm"``).

    The same LP as :func:`restricted_lp` -- ``min gamma`` s.t. ``u_q^T d <= gamma`` for every
    column so far, ``1^T d = 1``, ``0 <= d <= 1/nu`` (Glocer 2009, eq. (2.3)) -- held in one
    ``highspy.Highs`` model: :meth:`add` appends the row of a new column and :meth:`solve`
    re-optimises with the dual simplex from the previous optimal basis (a new cut keeps the basis
    dual feasible), instead of building and solving the LP from scratch each iteration. Returns the
    same ``(P, d, w, rho, psi)`` (``w`` = minus the row duals, normalised; ``rho`` = the dual of
    ``1^T d = 1``; ``psi`` = the duals of the caps).

    With ``working_set=True`` (``"highs-ds-ws"``) the master scales with the columns and a working
    set, not with N; every solve ends with one O(N t) pass over all N examples that certifies the
    restricted optimum as the optimum of (2.2)/(2.3) to HiGHS's tolerance. Two phases:

    1. *Vertex rows* (the w-domain LP (2.2) by row generation). (2.2) is ``max_{w in simplex}
       SM_nu(U w)`` with ``SM_nu(m) = min d^T m`` over the vertices d of the capped simplex, i.e.
       ``max gamma`` s.t. ``gamma <= (U^T d_j)^T w`` for every vertex ``d_j``. The master (t + 1
       variables ``gamma, w``) holds the rows of the vertices generated so far, kept across
       iterations (the entry of a new column in row j is ``u^T d_j``). After each master solve the
       pass computes the margins ``m = U w`` of all N examples and the vertex ``d(w)`` (``1/nu`` on
       the ``ceil(nu) - 1`` smallest margins, the rest on the next, ties to the lower index), whose
       row is the most violated one: ``SM_nu(U w) = d(w)^T m``. It stops when the master's value
       (an upper bound on the optimum over the columns so far) exceeds that lower bound by at most
       ``ROWS_TOL`` times the largest ``|u_qi|``, or when ``d(w)``'s row is in the master already
       (the gap is then the master's own feasibility tolerance). The master's row duals
       ``lambda_j`` give the d of (2.3): ``d = sum_j lambda_j d_j`` with ``max_q u_q^T d`` = the
       master's value (the d-domain master is (2.3) over the convex hull of the ``d_j``); ``rho,
       psi`` are the optimal ``(rho, psi)`` of (2.2) at the returned margins. On data with many tied
       margins (a9a's stumps) a new column needs one or two rows; where the optimal d splits weight
       over many examples of almost equal margins it can need many, so a solve that generates more
       than ``WS_MAX_VERTEX_ROWS`` rows switches, for good, to phase 2.
    2. *Examples* (the d-domain LP (2.3) on a working set S of examples, the others' ``d_i`` fixed
       at 0). The optimum of (2.3) puts weight only on the examples whose margin ``m_i = (U w)_i``
       is at most the dual ``rho`` of ``1^T d = 1`` (``m_i - rho`` is the reduced cost of
       ``d_i``): after each solve the pass adds to S the examples outside it with
       ``m_i < rho - tol`` (``tol`` = the dual feasibility tolerance; the ``max(ceil(nu), 64)``
       most violated ones if there are more) and the model, warm-started, is solved again until none
       is left; every ``d_i`` outside S is then at its bound 0 with reduced cost >= -tol, so the
       basis is optimal for the LP over all N. S starts as the ``ceil(nu) + buffer`` examples with
       the smallest margins (``buffer`` defaults to ``max(ceil(nu), 64)``) and only grows; the dual
       simplex prices with Dantzig's rule. When ``ceil(nu) + buffer`` is at least N / 2, phase 2
       runs from the start with S = all N (the full LP).

    On degenerate LPs (many optimal d) the d returned, hence the trajectory of LPBoost, can differ
    from the full model's; where (2.3) has one solution, it is the same.
    """

    def __init__(self, N: int, nu: float, *, working_set: bool = False, buffer: int | None = None):
        import highspy

        self.N, self.nu = N, nu
        self._cap = np.full(N, 1.0 / nu)  # the caps 1/nu of (2.3)
        self._inf = highspy.kHighsInf
        self.n_columns = 0
        self.working_set = bool(working_set)
        if not self.working_set:
            h = self._new_highs()
            inf = self._inf
            h.setOptionValue("simplex_strategy", 1)  # dual simplex, as "highs-ds"
            h.addVars(N, np.zeros(N), self._cap)
            h.changeColsCost(N, np.arange(N, dtype=np.int32), np.zeros(N))
            h.addVar(-inf, inf)  # gamma, column N
            h.changeColCost(N, 1.0)
            h.addRow(1.0, 1.0, N, np.arange(N, dtype=np.int32), np.ones(N))  # 1^T d = 1 (row 0)
            self._h = h
            self._idx = np.arange(N + 1, dtype=np.int32)
            return
        k = min(N, max(1, math.ceil(nu - 1e-12)))
        self._k = k
        self._n0 = k + (max(k, WS_MIN_BUFFER) if buffer is None else int(buffer))
        self._max_add = max(k, WS_MIN_BUFFER)  # examples added per round at most: the most violated
        self._U = np.zeros((N, 8))  # the columns so far (the first n_columns), for the O(N t) pass
        self._scale = 0.0  # the largest |u_qi| so far
        self.n_rounds = 0  # solves of the restricted model (>= calls of solve)
        self.n_vertex_rows = 0
        if 2 * self._n0 >= N:
            self._start_examples(np.arange(N))
            return
        self.phase = "vertices"
        h = self._new_highs()
        h.addVar(-self._inf, self._inf)  # gamma, column 0; w_q is column q
        h.changeColCost(0, -1.0)  # max gamma
        h.addRow(1.0, 1.0, 0, np.zeros(0, dtype=np.int32), np.zeros(0))  # 1^T w = 1 (row 0)
        self._h = h
        self._verts = np.zeros((16, k), dtype=np.int64)  # row j's vertex: its k examples, the partial one last
        self._seen: set = set()
        vals = np.full(k, self._cap[0])  # a vertex's entries: the caps 1/nu, the rest of the mass on the last
        vals[-1] = 1.0 - (k - 1) * self._cap[0]
        self._vals = vals

    @staticmethod
    def _new_highs():
        h = _quiet_highs()
        h.setOptionValue("solver", "simplex")
        h.setOptionValue("primal_feasibility_tolerance", LP_FEAS_TOL)
        h.setOptionValue("dual_feasibility_tolerance", LP_FEAS_TOL)
        return h

    def add(self, u: np.ndarray) -> None:
        """Append the constraint ``u^T d - gamma <= 0`` of a new column ``u``."""
        u = np.asarray(u, dtype=float)
        if not self.working_set:
            self._h.addRow(-self._inf, 0.0, self.N + 1, self._idx, np.r_[u, -1.0])
            self.n_columns += 1
            return
        t = self.n_columns
        if t == self._U.shape[1]:
            self._U = np.hstack([self._U, np.zeros_like(self._U)])
        self._U[:, t] = u
        self.n_columns += 1
        self._scale = max(self._scale, float(np.abs(u).max(initial=0.0)))
        if self.phase == "vertices":  # the variable w_t: 1 in row 0, -u^T d_j in row j
            J = self.n_vertex_rows
            col = np.empty(J + 1)
            col[0] = 1.0
            col[1:] = -(u[self._verts[:J]] @ self._vals)
            self._h.addCol(0.0, 0.0, self._inf, J + 1, np.arange(J + 1, dtype=np.int32), col)
            return
        S = self._S
        idx = np.arange(S.size + 1, dtype=np.int32)
        self._h.addRow(-self._inf, 0.0, S.size + 1, idx, np.r_[-1.0, u[S]])

    # ------------------------------------------------------------------ phase 2: examples

    def _start_examples(self, first: np.ndarray) -> None:
        """Phase 2: (2.3) on the examples ``first`` (gamma column 0, example S[k] column k + 1; row 0 is
        1^T d = 1, row q the q-th column)."""
        self.phase = "examples"
        h = self._new_highs()
        h.setOptionValue("simplex_strategy", 1)  # dual simplex
        # Dantzig pricing: cheaper pivots than steepest edge's on these degenerate LPs (a9a, nu = 0.1 N)
        h.setOptionValue("simplex_dual_edge_weight_strategy", 0)
        h.addVar(-self._inf, self._inf)
        h.changeColCost(0, 1.0)
        h.addRow(1.0, 1.0, 0, np.zeros(0, dtype=np.int32), np.zeros(0))
        for _ in range(self.n_columns):
            h.addRow(-self._inf, 0.0, 1, np.zeros(1, dtype=np.int32), np.array([-1.0]))
        self._h = h
        self._S = np.zeros(0, dtype=np.int64)  # the working set, in the order of the model's columns
        self._in_S = np.zeros(self.N, dtype=bool)
        self._add_examples(np.sort(first))

    def _add_examples(self, ids: np.ndarray) -> None:
        """Add the variables ``d_i``, i in ``ids``, with their entries in rows 0..t (at their bound 0)."""
        k, t = ids.size, self.n_columns
        starts = np.arange(k, dtype=np.int32) * (t + 1)
        rows = np.tile(np.arange(t + 1, dtype=np.int32), k)
        vals = np.empty((k, t + 1))
        vals[:, 0] = 1.0
        vals[:, 1:] = self._U[ids, :t]
        self._h.addCols(k, np.zeros(k), np.zeros(k), self._cap[ids], k * (t + 1), starts, rows, vals.ravel())
        self._S = np.r_[self._S, ids]
        self._in_S[ids] = True

    def _solve_examples(self):
        N, t = self.N, self.n_columns
        while True:
            sol = self._run()
            self.n_rounds += 1
            row_dual = np.asarray(sol.row_dual)
            w = _normalised(np.maximum(-row_dual[1:], 0.0))
            rho = float(row_dual[0])
            if self._S.size == N:
                break
            m = self._U[:, :t] @ w  # the O(N t) pass: reduced cost of d_i is m_i - rho
            new = np.flatnonzero((m < rho - LP_FEAS_TOL) & ~self._in_S)
            if new.size == 0:
                break
            if new.size > self._max_add:
                new = np.sort(new[np.argsort(m[new], kind="stable")[: self._max_add]])
            self._add_examples(new)
        x = np.asarray(sol.col_value)
        d = np.zeros(N)
        d[self._S] = x[1:]
        psi = np.zeros(N)
        psi[self._S] = np.maximum(-np.asarray(sol.col_dual)[1:], 0.0)
        return float(x[0]), repair_capped(d, self.nu), w, rho, psi

    # ------------------------------------------------------------------ phase 1: vertex rows

    def _vertex(self, m: np.ndarray) -> np.ndarray:
        """The examples of the vertex d(m) minimising d^T m: the k smallest margins (ties to the lower
        index), a k-th smallest last."""
        k = self._k
        v = np.partition(m, k - 1)[k - 1]
        below = np.flatnonzero(m < v)
        at = np.flatnonzero(m == v)[: k - below.size]
        return np.r_[below, at]

    def _add_vertex(self, idx: np.ndarray) -> None:
        t, J = self.n_columns, self.n_vertex_rows
        if J == self._verts.shape[0]:
            self._verts = np.vstack([self._verts, np.zeros_like(self._verts)])
        self._verts[J] = idx
        g = self._vals @ self._U[idx, :t]  # U^T d_j
        self._h.addRow(-self._inf, 0.0, t + 1, np.arange(t + 1, dtype=np.int32), np.r_[1.0, -g])
        self._seen.add(idx.tobytes())
        self.n_vertex_rows += 1

    def _solve_vertices(self):
        """Phase 1; None if it generated more than WS_MAX_VERTEX_ROWS rows (then phase 2 takes over)."""
        t, vals = self.n_columns, self._vals
        if self.n_vertex_rows == 0:
            self._add_vertex(self._vertex(self._U[:, 0]))
        tol = ROWS_TOL * max(self._scale, np.finfo(float).tiny)
        added = 0
        while True:
            sol = self._run()
            self.n_rounds += 1
            x = np.asarray(sol.col_value)
            w = _normalised(np.maximum(x[1:], 0.0))
            m = self._U[:, :t] @ w  # the O(N t) pass
            idx = self._vertex(m)
            upper = float(x[0])
            if upper - float(m[idx] @ vals) <= tol or idx.tobytes() in self._seen:
                break
            if added == WS_MAX_VERTEX_ROWS:
                self._start_examples(self._vertex_examples(m))
                return None
            self._add_vertex(idx)
            added += 1
        J = self.n_vertex_rows
        lam = np.maximum(-np.asarray(sol.row_dual)[1 : J + 1], 0.0)
        lam = lam / lam.sum() if lam.sum() > 0 else np.full(J, 1.0 / J)
        on = np.flatnonzero(lam > 0)
        d = np.bincount(self._verts[on].ravel(), weights=(lam[on, None] * vals[None, :]).ravel(), minlength=self.N)
        rho = float(m[idx[-1]])  # a k-th smallest margin: the optimal rho of (2.2) at these margins
        return upper, repair_capped(d, self.nu), w, rho, np.maximum(rho - m, 0.0)

    def _vertex_examples(self, m: np.ndarray) -> np.ndarray:
        """Phase 2's first working set: the ceil(nu) + buffer smallest margins (ties to the lower index)."""
        return np.argsort(m, kind="stable")[: min(self._n0, self.N)]

    def _run(self):
        import highspy

        h = self._h
        h.run()
        if h.getModelStatus() != highspy.HighsModelStatus.kOptimal:
            # HiGHS's presolve can declare the LP infeasible when the caps leave almost no room
            # (nu within round-off of N: N / nu - 1 ~ 1e-9); solve again from scratch without it
            h.clearSolver()
            h.setOptionValue("presolve", "off")
            h.run()
        if h.getModelStatus() != highspy.HighsModelStatus.kOptimal:
            raise LPBoostError(f"restricted LP (2.3) failed: {h.modelStatusToString(h.getModelStatus())}")
        return h.getSolution()

    def solve(self):
        """Re-optimise; ``(P, d, w, rho, psi)`` as :func:`restricted_lp`."""
        if self.working_set:
            if self.phase == "vertices":
                out = self._solve_vertices()
                if out is not None:
                    return out
            return self._solve_examples()
        sol = self._run()
        x = np.asarray(sol.col_value)
        row_dual = np.asarray(sol.row_dual)
        d = repair_capped(x[: self.N], self.nu)
        w = _normalised(np.maximum(-row_dual[1:], 0.0))
        rho = float(row_dual[0])
        psi = np.maximum(-np.asarray(sol.col_dual)[: self.N], 0.0)
        return float(x[self.N]), d, w, rho, psi


@constraints(nu=Nu(), eps=Real(0, None, low_open=True), max_iter=Int(1), method=Choice(LPBOOST_METHODS))
def lpboost(
    oracle,
    *,
    nu: float = 1.0,
    eps: float = 1e-3,
    max_iter: int = 1000,
    method: str = "highs-ds-warm",
) -> BoostResult:
    """LPBoost, Glocer (2009) Alg. 2.1.

    Certifies: the soft margin SM_nu(U w) of the returned weights is within eps of the optimum
    of LP (2.2) over the whole class (``refboost.certify.soft_margin_lp`` with the returned
    distribution and the d^{q-1} of the smallest edge as dual points; ``converged=True`` exactly
    when that certificate confirms it).

    ``d^0`` is uniform. At iteration t the oracle returns ``u^t`` for ``d^{t-1}``; LP (2.3)
    over ``u^1..u^t`` gives ``d^t`` and ``P^t_LP``. Stop when
    ``min_{q<=t} u^q . d^{q-1} - P^t_LP <= eps`` (Alg. 2.1; eps, not the eps/2 of
    Fig. 2.6). T = t counts the last hypothesis.

    Certificate: with a maximum-edge oracle every edge ``u^q . d^{q-1}`` is >= P_LP, the optimum
    over the whole class, so ``gap = min_q u^q . d^{q-1} - P^T_LP >= P_LP - P^T_LP``. The returned
    w is optimal for (2.2) over the chosen columns, so ``soft_margin(margins, nu) = P^T_LP``. The
    stopping rule is checked again, from the returned w alone, by the certificate of LPs
    (2.2)/(2.3): SM_nu(U w) against ``max_q u^q . d`` at the returned d^T and at the d^{q-1} of the
    smallest edge (``extra["certificate"]``). ``converged`` is that certificate's verdict: if the
    rule fired but the certificate does not confirm it (round-off of the LP solver), ``converged``
    is False and the message says so.

    Parameters
    ----------
    oracle : refboost.Oracle
    nu : float, 1 <= nu <= N
        Capping parameter (nu = 1: hard margin).
    eps : float > 0
        Precision.
    max_iter : int >= 1
    method : {"highs-ds-warm", "highs-ds", "highs", "highs-ipm", "highs-ds-ws"}
        HiGHS method of the restricted LP (see :data:`LPBOOST_METHODS`); LP solutions are not unique,
        so trajectories can depend on it. ``"highs-ds-warm"`` (default): dual simplex on one LP kept
        across iterations, warm-started from the previous basis (the same optimum as ``"highs-ds"``,
        which rebuilds the LP every iteration); ``"highs-ds-ws"``: a master that scales with the
        columns and a working set, not with N (the same optimum to HiGHS's tolerance).

    Returns
    -------
    BoostResult
        ``weights`` = w of (2.2) (the LP duals), ``distribution`` = d^T, ``gap`` = the certified
        gap ``max_q u^q . d - SM_nu(U w)`` at the best dual point (history records keep the
        stopping rule's ``min_q u^q . d^{q-1} - P^t_LP``),
        ``extra`` = {"P_LP": P^T_LP, "rho": rho, "psi": psi, "gamma_hat": min edge,
        "certificate_distributions": [d^{q-1} of the smallest edge], "certificate": the
        :class:`refboost.certify.Certificate`}.
    """
    N = oracle.n_examples
    nu = float(nu)
    eps = float(eps)

    d = np.full(N, 1.0 / N)
    cols = Columns(N)  # the chosen hypotheses' columns, keys de-duplicated
    history: list[dict] = []
    gamma_hat = np.inf
    d_min_edge = d
    warm = (IncrementalRestrictedLP(N, nu, working_set=method == "highs-ds-ws")
            if method in ("highs-ds-warm", "highs-ds-ws") else None)
    P = -1.0
    w = np.zeros(0)
    rho, psi = np.nan, np.zeros(N)
    converged = False
    t0 = time.perf_counter()
    for t in range(1, max_iter + 1):
        key, u = query(oracle, d)
        edge = float(u @ d)
        if edge < gamma_hat:
            gamma_hat, d_min_edge = edge, d
        _, new = cols.add(key, u)
        if new:
            P, d, w, rho, psi = _restricted_step(warm, cols, u, nu, method)
        gap = gamma_hat - P
        history.append(
            {
                "t": t,
                "hypothesis": key,
                "edge": edge,
                "gamma_hat": gamma_hat,
                "P_LP": P,
                "gap": gap,
                "new": new,
                "time": time.perf_counter() - t0,
            }
        )
        if gap <= eps:
            converged = True
            break
    return _output(oracle, cols, w, d, d_min_edge, P, rho, psi, gamma_hat, gap, converged, history,
                   {"nu": nu, "eps": eps, "max_iter": max_iter, "method": method})


def _restricted_step(warm, cols: Columns, u, nu: float, method: str):
    """Glocer (2009), Alg. 2.1, the restricted LP (2.3) over ``u^1..u^t`` (on the LP kept across
    iterations when ``warm``, else rebuilt): ``(P^t_LP, d^t, w, rho, psi)``."""
    if warm is not None:
        warm.add(u)
        return warm.solve()
    return restricted_lp(cols.stacked(), nu, method)


def _output(oracle, cols: Columns, w, d, d_min_edge, P, rho, psi, gamma_hat, gap, converged, history,
            params) -> BoostResult:
    """Glocer (2009), Alg. 2.1's output ``w`` (the duals of (2.2)), certified by
    :func:`refboost.certify.soft_margin_lp` at ``d^T`` and the ``d^{q-1}`` of the smallest edge."""
    from ..certify.lp import soft_margin_lp
    from .adaboost import certificate_class

    nu, eps = params["nu"], params["eps"]
    keys = cols.keys
    margins = cols.stacked() @ w
    cert = soft_margin_lp(certificate_class(oracle), w, nu=nu, hypotheses=keys, distribution=[d, d_min_edge],
                          tol=eps, bound="dual")
    return finish(
        cert,
        "rule" if converged else "max_iter",
        details=f"min edge - P_LP = {gap:.3g} {'<=' if converged else '>'} eps = {eps:g}",
        weights=w,
        hypotheses=list(keys),
        distribution=d,
        margins=margins,
        n_iter=len(history),
        history=history,
        algorithm="lpboost",
        params=params,
        extra={"P_LP": P, "rho": rho, "psi": psi, "gamma_hat": gamma_hat,
               "certificate_distributions": [d_min_edge.copy()], "certificate": cert},
    )
