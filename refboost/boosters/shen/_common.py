"""Shared pieces of the Shen & Li (2010) boosters: master tolerances, the temperature check, the certified result."""

from __future__ import annotations

from ..._validation import check_real
from ...result import BoostResult
from .._common import stop_message

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


def _certified(res: BoostResult, cert, reason: str | None = None, cause: str = "") -> BoostResult:
    """The end of a Shen & Li run whose result was assembled before its certificate:
    ``converged = cert.ok`` (the certificate of the returned weights decides, whether or not the
    stopping rule fired), the certificate in ``extra["certificate"]``, and, given the ``reason`` the run
    stopped for, the message of :func:`refboost.boosters._common.stop_message` with the message the
    run was assembled with as its details."""
    res.extra["certificate"] = cert
    res.converged = bool(cert.ok)
    if reason is not None:
        res.message = stop_message(cert, reason, details=res.message, cause=cause, params=res.params)
    return res


def _cg_reason(res: BoostResult) -> str:
    """Why a column-generation run stopped: its rule fired, ``max_iter`` columns, or a selected column again."""
    return "rule" if res.converged else "max_iter" if res.n_iter >= res.params["max_iter"] else "stalled"
