"""Shared pieces of the Shen & Li (2010) boosters: master tolerances, the temperature check, the certified result."""

from __future__ import annotations

from ..._validation import check_real
from ...result import BoostResult

#: Tightest tolerance of a restricted master (Frank-Wolfe/duality gap of the T-scaled problem).
MASTER_TOL = 1e-12
#: Newton iterations per restricted master solve.
MASTER_MAX_ITER = 500
#: Weights below this are reported as inactive in histories (n_active).
ACTIVE_TOL = 1e-10


class ShenLiError(RuntimeError):
    """A restricted master problem did not converge (should not happen on valid input)."""


def check_T(T, name: str = "T") -> float:
    """Regularisation/temperature T > 0 (constraint ``1^T w = 1/T``; Shen & Li (2010), eq. (5))."""
    return check_real(T, name, low=0.0, low_open=True)


def _certified(res: BoostResult, cert, fired: bool, what: str) -> BoostResult:
    """``converged = cert.ok`` (the certificate of the returned weights decides, whether or not the
    stopping rule fired); the certificate goes to ``extra["certificate"]``."""
    res.extra["certificate"] = cert
    res.converged = bool(cert.ok)
    if fired and not cert.ok:
        res.message = f"stopping rule fired but {what} is not certified from the returned weights: {cert.message}"
    elif cert.ok and not fired:
        res.message = (f"converged: {res.message}; the stopping rule did not fire, but the certificate of the "
                       f"returned weights confirms {what}: {cert.message}")
    return res
