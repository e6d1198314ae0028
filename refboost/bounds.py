"""Canonical regularisation parameters and iteration bounds, each citing its theorem.

Notation of Glocer (2009): N examples, capping parameter nu in [1, N], precision eps > 0,
regularisation eta (the regulariser is Delta/eta). How T is counted: SoftBoost counts the
hypothesis of the stopping iteration (as the proof of Glocer's Thm 3.2 does); ERLPBoost and
Binary ERLPBoost discard it (T = t - 1: Alg. 3.2 stops before adding h^t to the output).

The last section holds the Frank-Wolfe view of Mitsuboshi, Hatano & Takimoto (arXiv:2209.10831,
2022): the eta of their Algorithm 1 (Lemma 2), the rate of Theorem 3 / Corollary 1 and
the iteration bound of eq. (18), used by :mod:`refboost.boosters.frank_wolfe`.
"""

from __future__ import annotations

import math

import numpy as np

from ._validation import check_eps, check_eta, check_int, check_nu, check_nu_binary


def _log_ratio(N, nu, binary: bool) -> tuple[int, float, float]:
    N = check_int(N, "N", low=1)
    nu = check_nu_binary(nu, N) if binary else check_nu(nu, N)
    return N, nu, math.log(N / nu)


def eta_erlp(eps: float, N: int, nu: float = 1.0) -> float:
    """Canonical ERLPBoost eta: ``max(2/eps ln(N/nu), 1/2)`` (Glocer 2009, Thm 3.10 / Lemma 3.3).

    With this eta the regulariser contributes at most ``ln(N/nu)/eta <= eps/2`` (eq. (3.7)),
    because ``Delta(d, d^0) <= ln(N/nu)`` on the capped simplex.
    """
    eps = check_eps(eps)
    _, _, L = _log_ratio(N, nu, False)
    return max(2.0 / eps * L, 0.5)


def eta_binary(eps: float, N: int, nu: float = 1.0) -> float:
    """Canonical Binary ERLPBoost eta: ``max(2/eps (ln(N/nu) + 1), 1/2)`` (Glocer 2009, Thm 3.21;
    Lemma 3.15 uses ``Delta_{2,nu} <= ln(N/nu) + 1``). Requires 1 <= nu < N (at nu = N
    the only feasible d = 1/N makes 1/nu - d = 0, where the binary entropy's gradient is undefined)."""
    eps = check_eps(eps)
    _, _, L = _log_ratio(N, nu, True)
    return max(2.0 / eps * (L + 1.0), 0.5)


def softboost_bound(eps: float, N: int, nu: float = 1.0) -> float:
    """SoftBoost / TotalBoost: ``T <= 1 + 2/eps^2 ln(N/nu)`` (Glocer 2009, Thm 3.2).

    The theorem states ``ceil(2/eps^2 ln(N/nu))``; its proof sums Pinsker over iterations
    1..T-1 (the proof's ``d^T`` must read ``d^{T-1}``, an off-by-one in the printed proof), which
    gives the "+1" form asserted here: the proof's bound, not the statement's.
    """
    eps = check_eps(eps)
    _, _, L = _log_ratio(N, nu, False)
    return 1.0 + 2.0 / eps**2 * L


def erlpboost_bound(eps: float, N: int, nu: float = 1.0, *, stopping: str = "simple") -> float:
    """ERLPBoost with the canonical eta (:func:`eta_erlp`).

    * simple criterion: ``T <= max(32/eps^2 ln(N/nu), 8/eps)`` (Glocer 2009, Thm 3.10);
    * practical criterion: ``T <= max(64/eps^2 ln(N/nu), 16/eps)`` (Thm 3.12).
    """
    eps = check_eps(eps)
    _, _, L = _log_ratio(N, nu, False)
    if stopping == "simple":
        return max(32.0 / eps**2 * L, 8.0 / eps)
    if stopping == "practical":
        return max(64.0 / eps**2 * L, 16.0 / eps)
    raise ValueError(f"stopping must be one of ['practical', 'simple'], got {stopping!r}")


def binary_erlpboost_bound(eps: float, N: int, nu: float = 1.0, *, stopping: str = "simple") -> float:
    """Binary ERLPBoost with the canonical eta (:func:`eta_binary`).

    * simple: ``T <= max(32/eps^2 (ln(N/nu)+1), 8/eps)`` (Glocer 2009, Thm 3.21);
    * practical: ``T <= max(64/eps^2 (ln(N/nu)+1), 16/eps)`` (Glocer 2009, Thm 3.23 with
      eta = :func:`eta_binary`, as its proof gives; the printed statement drops the ``+1`` and
      cites the wrong eta).
    """
    eps = check_eps(eps)
    _, _, L = _log_ratio(N, nu, True)
    if stopping == "simple":
        return max(32.0 / eps**2 * (L + 1.0), 8.0 / eps)
    if stopping == "practical":
        return max(64.0 / eps**2 * (L + 1.0), 16.0 / eps)
    raise ValueError(f"stopping must be one of ['practical', 'simple'], got {stopping!r}")


def erlpboost_bound_eta(eps: float, eta: float, *, stopping: str = "simple") -> float:
    """Iteration bound for any ``eta >= 1/2`` (Glocer 2009, Lemma 3.9 applied as in (3.17)).

    Lemma 3.8 gives ``delta^t - delta^{t+1} >= (delta^t)^2/(8 eta)``; Lemma 3.9 then gives
    ``T < 8 eta / delta^T``. While running, ``delta^T > eps/2`` (simple) or, for the practical
    criterion, ``hat delta^T > eps/4`` (Lemma 3.4), so ``T <= 16 eta/eps`` resp. ``32 eta/eps``.
    With the canonical eta this is exactly Thm 3.10 / 3.12 (and Thm 3.21 / 3.23 for Binary
    ERLPBoost with :func:`eta_binary`). The iteration bound holds for any eta >= 1/2; the
    eps-optimality guarantee needs eta at least the canonical value.
    """
    eps = check_eps(eps)
    eta = check_eta(eta)
    if eta < 0.5:
        raise ValueError(f"eta must be >= 1/2 for the iteration bound (Lemma 3.7), got {eta}")
    if stopping == "simple":
        return 16.0 * eta / eps
    if stopping == "practical":
        return 32.0 * eta / eps
    raise ValueError(f"stopping must be one of ['practical', 'simple'], got {stopping!r}")


# --------------------------------------------------------------------------------------------
# Mitsuboshi, Hatano & Takimoto (2022): Algorithm 1 (MLPBoost, C-ERLPBoost) as Frank-Wolfe
# --------------------------------------------------------------------------------------------
#: Floor of the Frank-Wolfe eta (Mitsuboshi et al. 2022, Appendix A.2): the base case ``eps_1 <= 2 <= 8 eta/3``
#: of Theorem 3's induction needs eta >= 3/4 (Glocer's ERLPBoost floor is 1/2).
ETA_FW_MIN = 0.75


def eta_fw(eps: float, N: int, nu: float = 1.0) -> float:
    """Eta of Algorithm 1: ``max(3/4, 2 ln(N/nu)/eps)`` (Mitsuboshi et al. 2022, Lemma 2 fixes
    ``eta = 2 ln(N/nu)/eps``; the floor 3/4 is what Theorem 3's induction needs).

    The canonical ERLPBoost eta (:func:`eta_erlp`) with the floor raised from 1/2 to 3/4
    (:data:`ETA_FW_MIN`). With it ``ln(N/nu)/eta <= eps/2`` (Lemma 3 + Lemma 1:
    ``rho <= rho~ <= rho + ln(N/nu)/eta``), so
    the stop test ``eps_t <= eps/2`` certifies an ``eps``-accurate soft margin (Lemma 2). The
    paper's Alg. 1 takes ``nu > 0``; the capped simplex needs ``nu in [1, N)`` (``nu < 1`` empties it,
    ``nu = N`` makes ``ln(N/nu) = 0``), so ``N >= 2``.
    """
    N = check_int(N, "N", low=2)
    nu = check_nu_binary(nu, N)
    eps = check_eps(eps)
    return max(ETA_FW_MIN, eta_erlp(eps, N, nu))


def fw_rate_bound(eta: float, t) -> np.ndarray | float:
    """Rate of Algorithm 1: ``eps_t <= 8 eta / (t + 2)`` for rounds ``t >= 1`` (Mitsuboshi et al.
    2022, Theorem 3, eq. (18), with the induction display corrected: the
    printed ``8 eta t/(t+2) (t+1)/(t+2)`` is ``8 eta (t+1)/(t+2)^2``, which still is ``<= 8 eta/(t+3)``).

    Holds for the short-step and classic rules whatever the secondary rule. For the pairwise rule
    (Corollary 1) pass ``t = k(t)`` for ``8 eta/(k(t) + 2)``, or ``t = k(t) + 1`` for
    the sharper ``8 eta/(k(t) + 3)`` that the base case ``eps_1 <= 8 eta/3`` gives, with ``k(t)``
    the number of good (non-drop) steps before round t.
    """
    eta = check_eta(eta)
    return 8.0 * eta / (np.asarray(t, dtype=float) + 2.0)


def fw_iteration_bound(eta: float, eps: float) -> int:
    """Rounds after which Theorem 3 guarantees ``eps_t <= eps/2``: ``ceil(16 eta/eps - 2)``
    (Mitsuboshi et al. 2022, Theorem 3, eq. (18)).

    With ``eta = 2 ln(N/nu)/eps`` (:func:`eta_fw`) this is the paper's ``32 ln(N/nu)/eps^2 - 2``.
    """
    eta = check_eta(eta)
    eps = check_eps(eps)
    return max(1, math.ceil(16.0 * eta / eps - 2.0))


__all__ = [
    "ETA_FW_MIN",
    "binary_erlpboost_bound",
    "erlpboost_bound",
    "erlpboost_bound_eta",
    "eta_binary",
    "eta_erlp",
    "eta_fw",
    "fw_iteration_bound",
    "fw_rate_bound",
    "softboost_bound",
]
