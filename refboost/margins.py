"""Edges, margins and the closed-form soft margin of a fixed weight vector.

Notation of Glocer (2009), Table 2.1: ``U[n, q] = u^q_n = y_n h^q(x_n)``; the edge of
hypothesis q under d is ``u^q . d`` (Def. 2.1), the margin of example n under w is
``(U w)_n`` (Def. 2.2).
"""

from __future__ import annotations

import math

import numpy as np

from ._validation import check_distribution, check_margins, check_nu, check_U, check_weights


def edges(U, d) -> np.ndarray:
    """Edges ``U^T d`` of every column of U under distribution d (Glocer 2009, Def. 2.1)."""
    U = check_U(U)
    d = check_distribution(d, U.shape[0])
    return U.T @ d


def margins(U, w) -> np.ndarray:
    """Margins ``U w`` of every example under hypothesis weights w (Glocer 2009, Def. 2.2)."""
    U = check_U(U)
    return U @ check_weights(w, U.shape[1], "w")


def _cap_weights(N: int, nu: float) -> np.ndarray:
    """Weights on the sorted margins that attain min over the capped simplex."""
    k = math.ceil(nu - 1e-12)  # k = ceil(nu), robust to nu = 3.0000000000001
    k = max(1, min(k, N))
    c = np.zeros(N)
    c[: k - 1] = 1.0 / nu
    c[k - 1] = 1.0 - (k - 1) / nu
    return c


def soft_margin(margins, nu: float = 1.0) -> float:
    """Soft margin of given margins: ``min {d . m : d in S^N, d <= 1/nu}``.

    Closed form (derived here from the d-domain definition of Glocer 2009, §2.1): with the
    margins sorted ascending and ``k = ceil(nu)``,
    ``SM_nu = (1/nu) sum_{j<k} m_(j) + (1 - (k-1)/nu) m_(k)``.
    For integer nu this is the mean of the nu smallest margins; nu = 1 gives the hard margin
    ``min_n m_n``. It equals the value of the w-domain LP (2.2) at fixed w (optimal
    rho = m_(k), psi_n = (rho - m_n)_+).

    Parameters
    ----------
    margins : array_like, shape (N,)
        Margins ``U w`` (any real numbers).
    nu : float, 1 <= nu <= N
        Capping parameter.
    """
    m = check_margins(margins)
    return _soft_margin(m, check_nu(nu, m.shape[0]))


def _soft_margin(m: np.ndarray, nu: float) -> float:
    """:func:`soft_margin` without input checks (the boosters' inner loops)."""
    return float(_cap_weights(m.shape[0], nu) @ np.sort(m))


def soft_margin_distribution(margins, nu: float = 1.0) -> np.ndarray:
    """A minimiser d of ``d . m`` over the capped simplex (mass 1/nu on the smallest margins).

    Ties are broken by the stable sort order (lowest index first).
    """
    m = check_margins(margins)
    nu = check_nu(nu, m.shape[0])
    order = np.argsort(m, kind="stable")
    d = np.empty_like(m)
    d[order] = _cap_weights(m.shape[0], nu)
    return d


def repair_capped(d, nu: float) -> np.ndarray:
    """Move a solver's d (feasible up to its tolerance) exactly onto the capped simplex.

    Clips to [0, 1/nu], then spreads the remaining deficit (or surplus) in proportion to the room
    left under the caps (or to the entries), so sum d = 1 and 0 <= d <= 1/nu hold to round-off.
    The change is of the order of the solver's feasibility tolerance.
    """
    cap = 1.0 / nu
    d = np.clip(np.asarray(d, dtype=float), 0.0, cap)
    deficit = 1.0 - d.sum()
    if deficit > 0:
        room = cap - d
        total = room.sum()
        if total > 0:  # at nu = N every entry may sit at its cap already (the deficit is round-off)
            d = d + deficit * room / total
    elif deficit < 0:
        d = d + deficit * d / d.sum()
    return np.clip(d, 0.0, cap)


def soft_margin_slack(margins, nu: float = 1.0) -> tuple[float, np.ndarray]:
    """Optimal ``(rho, psi)`` of LP (2.2) at fixed margins: rho = m_(k), psi = (rho - m)_+."""
    m = check_margins(margins)
    nu = check_nu(nu, m.shape[0])
    k = max(1, min(math.ceil(nu - 1e-12), m.shape[0]))
    rho = float(np.sort(m)[k - 1])
    return rho, np.maximum(rho - m, 0.0)
