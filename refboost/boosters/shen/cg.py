"""Column generation (Shen & Li (2010), Algorithm 2): AdaBoost-CG on (5) and LogitBoost-CG on (32)."""

from __future__ import annotations

import time

import numpy as np
from scipy.special import log_softmax

from ...certify import shen as _cert
from ...result import BoostResult
from .. import _newton
from .._common import query
from .._params import Int, Real, constraints
from ._common import ACTIVE_TOL, MASTER_MAX_ITER, MASTER_TOL, _certified, _cg_reason
from .master import FW_FIRST_STEP, INNER_GAP_FRACTION, _JitMaster, _Master, exp_master, logistic_master


def _use_jit() -> bool:
    """The package's switch :data:`refboost.boosters.shen.USE_JIT`, read at call time (it may be set after import)."""
    from . import USE_JIT

    return USE_JIT


# ---------------------------------------------------------------------------------------------
# Column generation driver (Algorithm 2)
# ---------------------------------------------------------------------------------------------


def _pricing_distribution(u, master, normalise_u, T):
    """The distribution the oracle prices with: ``u / 1^T u`` (the argmax of (42) is scale invariant).

    The logistic u of (33) is not normalised and underflows where the margins exceed ~745 T; it is then
    normalised in logarithms, ``softmax(log sigmoid(-varrho / T))``.
    """
    if normalise_u:
        return u / u.sum()
    s = float(u.sum())
    if s >= 1e-250:
        return u / s
    logu = -np.logaddexp(0.0, master.m / T)
    return np.exp(log_softmax(logu))


def _column_generation(oracle, T, eps, max_iter, make_master, algorithm, obj_name, normalise_u, fast=True):
    """Shen & Li (2010), Algorithm 2: price a column at the master's ``u``, stop on the duality gap, add
    the column and re-solve the restricted master (step 4)."""
    M = oracle.n_examples
    u = np.full(M, 1.0 / M) if normalise_u else np.full(M, 0.5)
    keys: list = []
    key_set: set | None = set()  # O(1) membership while the oracle's keys are hashable (else the list)
    f, centred = make_master(T)
    # the compiled master serves the objectives it has kernels for (f.kind: exp, logistic) in the fast mode; the
    # hinge LPBoost (fast=False) and the FW_FIRST_STEP variant (not compiled) use the numpy master
    jit = _use_jit() and fast and hasattr(f, "kind") and not FW_FIRST_STEP
    master = (_JitMaster if jit else _Master)(f, centred, M)
    lam = np.zeros(0)
    history: list[dict] = []
    converged = False
    gap = np.inf
    objective = np.nan
    t0 = time.perf_counter()
    t_master = t_oracle = c_master = c_oracle = 0.0  # wall (perf_counter) and CPU (thread_time) seconds
    n_master = 0
    while True:
        d = _pricing_distribution(u, master, normalise_u, T)
        t1, c1 = time.perf_counter(), time.thread_time()
        key, h = query(oracle, d)
        t_oracle += time.perf_counter() - t1
        c_oracle += time.thread_time() - c1
        edge_best = float(h @ u)
        if keys:
            edges_S = master.G  # = U_S^T u at the master's margins (U_S lambda up to incremental round-off)
            r = float(edges_S.max())
            weighted = float(lam @ edges_S)  # = u^T varrho
            # the class contains the selected columns: max over it >= r (equal in exact arithmetic when the
            # best column is selected; max() keeps full gap >= restricted gap through round-off)
            edge_best = max(edge_best, r)
            gap = edge_best - weighted  # T-scaled: the duality gap of T x (5) and (15), in the units of eps
            history.append({"t": len(keys), "hypothesis": keys[-1], "objective": objective, "r": r,
                            "u_varrho": weighted, "edge_best": edge_best, "gap": gap, "master_gap": master.measure,
                            "master_iter": n_master, "n_active": int(np.sum(lam > ACTIVE_TOL)),
                            "entropy_term": float(np.sum(u * np.log(np.where(u > 0, u, 1.0)))),
                            "time": time.perf_counter() - t0, "oracle_time": t_oracle, "master_time": t_master})
            if gap <= eps:
                converged = True
                break
        if len(keys) >= max_iter:
            break
        t1, c1 = time.perf_counter(), time.thread_time()
        if fast:
            # inexact master: restricted gap <= tau = INNER_GAP_FRACTION * (full gap); see its comment
            tau = max(MASTER_TOL, INNER_GAP_FRACTION * gap)
        else:
            tau = MASTER_TOL
        selected, key_set = _is_selected(key, keys, key_set)
        if selected:
            # the best column is already selected: its restricted gap equals the full one (> eps > tau_prev
            # only if the previous master was looser than eps); tighten the master instead of adding it
            if not fast or master.measure <= MASTER_TOL:
                break  # only possible when the master tolerance exceeds eps (reported below)
            tau = max(MASTER_TOL, min(tau, INNER_GAP_FRACTION * master.measure))
        else:
            keys.append(key)
            if key_set is not None:
                key_set.add(key)
            master.add(np.asarray(h, dtype=float))
        n_master = _master_step(master, f, centred, tau, fast)
        t_master += time.perf_counter() - t1
        c_master += time.thread_time() - c1
        lam = master.lam
        u = master.u
        objective = -master.val / T
    return _output(master, keys, lam, u, gap, converged, objective, history, normalise_u, T, eps, max_iter,
                   algorithm, obj_name, t0, (t_oracle, t_master, c_oracle, c_master))


def _is_selected(key, keys: list, key_set: set | None) -> tuple[bool, set | None]:
    """Whether the oracle's column is already in the restricted master (a set while the keys are hashable,
    then the list); returns the set, or None once a key was not hashable."""
    if key_set is not None:
        try:
            selected = key in key_set
        except TypeError:
            key_set = None
    if key_set is None:
        selected = key in keys
    return selected, key_set


def _master_step(master, f, centred: bool, tau: float, fast: bool) -> int:
    """Shen & Li (2010), Alg. 2, step 4: solve the restricted master over the selected columns to the
    tolerance ``tau`` (the compiled / numpy master in the fast mode, else :func:`refboost.boosters._newton.maximize`
    warm-started at the current lambda). Returns the master's iterations."""
    if fast:
        master.solve(tau)  # leaves m, u, G at exactly U_S lambda
        return master.n_iter
    r_ = _newton.maximize(f, master.U, master.lam, tol=tau, max_iter=MASTER_MAX_ITER, centred=centred)
    master.lam, master.measure, n_master = r_.x, r_.measure, r_.n_iter
    master.refresh()
    return n_master


def _output(master, keys, lam, u, gap, converged, objective, history, normalise_u, T, eps, max_iter, algorithm,
            obj_name, t0, times) -> BoostResult:
    """Shen & Li (2010), Alg. 2's output ``w = lambda / T`` over the selected columns, with the duality gap."""
    t_oracle, t_master, c_oracle, c_master = times
    U_S = master.U
    w = lam / T
    varrho = U_S @ lam
    msg = f"max edge - u.varrho = {gap:.3g} {'<=' if converged else '>'} eps = {eps:g}"  # the details of the message
    return BoostResult(
        weights=w,
        hypotheses=list(keys),
        distribution=_pricing_distribution(u, master, normalise_u, T),
        margins=U_S @ w,
        n_iter=len(keys),
        history=history,
        gap=float(max(gap, 0.0)),  # round-off can make the bound -1e-14; history keeps the raw value
        converged=converged,
        message=msg,
        algorithm=algorithm,
        params={"T": T, "eps": eps, "max_iter": max_iter},
        extra={
            obj_name: objective,
            "gap_unscaled": float(max(gap, 0.0)) / T,
            "lambda": lam,
            "u": u,
            "r": float((U_S.T @ u).max()),
            "normalized_margins": varrho,
            "master_gap": master.measure,
            "time": time.perf_counter() - t0,
            "oracle_time": t_oracle,
            "master_time": t_master,
            "oracle_cpu": c_oracle,
            "master_cpu": c_master,
            "n_refresh": master.n_refresh,
        },
    )


#: Declared ranges of the column-generation boosters' parameters (refboost.boosters._params).
_CG_CONSTRAINTS = dict(T=Real(0, None, low_open=True), eps=Real(0, None, low_open=True), max_iter=Int(1))


@constraints(**_CG_CONSTRAINTS)
def adaboost_cg(oracle, *, T: float, eps: float = 1e-5, max_iter: int = 1000) -> BoostResult:
    """AdaBoost-CG, Shen & Li (2010), Algorithm 2: column generation on AdaBoost_l1 (5).

    Certifies: the returned weights satisfy ``w >= 0, 1^T w = 1/T`` and ``T (lse(-U w) - Opt(5)) <= eps``
    over the whole class (the dual (15) at ``u = softmax(-U w)`` (24) with ``r`` = the class's largest
    edge; :func:`refboost.certify.shen.adaboost_l1`), i.e. ``lse(-U w)`` is within ``eps / T`` of Opt(5).

    Primal (5): ``min_w lse(-U w)  s.t. w >= 0, 1^T w = 1/T``; dual (15):
    ``min_{r,u} r + T sum_i u_i log u_i  s.t. U^T u <= r 1, u in simplex``.
    Each iteration prices the column of maximum edge under ``u`` (42), adds it, and solves the
    restricted primal in the normalised form (6) by active-set Newton; ``u`` = softmax(-U w) (24).

    Stopping: ``max_h edge_h(u) - u^T varrho <= eps``, where ``u^T varrho = r`` at the restricted
    optimum (the corrected r* identity); this implies the paper's rule ``edge < r + eps``. The left
    side is the duality gap of T x (5) and (15) at ``(w, u)``: eps is in the units of (15).

    Parameters
    ----------
    oracle : refboost.Oracle
        Pricing oracle (exact maximum-edge oracle for the certificate to hold).
    T : float > 0
        Regularisation/temperature; returned weights sum to 1/T.
    eps : float > 0
        Convergence threshold on the T-scaled duality gap (paper: 1e-5).
    max_iter : int >= 1
        Maximum number of columns.

    Returns
    -------
    BoostResult
        ``weights = lambda / T``, ``distribution = u``, ``margins = U w`` (unnormalised),
        ``gap = max edge - u^T varrho >= T (lse(-U w) - Opt(5)_full)`` (exact oracle),
        ``extra``: ``certificate`` (:class:`refboost.certify.Certificate`), ``primal_objective``
        (= lse(-U w), Opt(5) restricted), ``gap_unscaled`` (= gap / T), ``lambda``, ``u``, ``r`` (max edge
        over selected columns), ``normalized_margins``, ``master_gap`` (T-scaled); timings: ``time`` (wall),
        ``oracle_time`` / ``master_time`` (wall seconds in pricing / in the restricted masters),
        ``oracle_cpu`` / ``master_cpu`` (the same split in thread CPU time), ``n_refresh`` (curvature-model
        refreshes of the master).
    """
    T, eps = float(T), float(eps)
    res = _column_generation(oracle, T, eps, max_iter, exp_master, "adaboost_cg", "primal_objective", True)
    cert = _cert.adaboost_l1(oracle, res.weights, T=T, hypotheses=res.hypotheses, tol=eps, bound="dual")
    return _certified(res, cert, _cg_reason(res))


@constraints(**_CG_CONSTRAINTS)
def logitboost_cg(oracle, *, T: float, eps: float = 1e-5, max_iter: int = 1000) -> BoostResult:
    """LogitBoost-CG, Shen & Li (2010), Algorithm 2 with (31) in place of (15).

    Primal (32): ``min_w sum_i log(1 + exp(-(U w)_i))  s.t. w >= 0, 1^T w = 1/T``; dual (31):
    ``min_{r,u} r + T sum_i [u_i log u_i + (1-u_i) log(1-u_i)]  s.t. U^T u <= r 1`` (u in (0,1),
    *not* normalised). KKT (33): ``u_i = sigmoid(-(U w)_i)``. Initial ``u = 1/2`` (the u of (33) at w = 0).
    Pricing uses ``u / 1^T u`` (argmax is scale invariant); edges in histories use ``u`` itself.

    Certifies: the returned weights satisfy ``w >= 0, 1^T w = 1/T`` and
    ``T (sum_i log(1 + exp(-(U w)_i)) - Opt(32)) <= eps`` over the whole class (the dual (31) at
    ``u = sigmoid(-U w)`` (33) with ``r`` = the class's largest edge; :func:`refboost.certify.shen.logitboost_l1`).

    Parameters and gap as in :func:`adaboost_cg` (gap = ``max edge - u^T varrho`` with the u of (33));
    ``extra["u"]`` is the unnormalised u of (31) and ``distribution`` its normalisation;
    ``extra["primal_objective"]`` = Opt(32) restricted.
    """
    T, eps = float(T), float(eps)
    res = _column_generation(oracle, T, eps, max_iter, logistic_master, "logitboost_cg", "primal_objective", False)
    cert = _cert.logitboost_l1(oracle, res.weights, T=T, hypotheses=res.hypotheses, tol=eps, bound="dual")
    return _certified(res, cert, _cg_reason(res))
