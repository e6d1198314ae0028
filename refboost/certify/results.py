"""``certify.result(res, U)``: the statement each booster documents, checked from its returned weights.

Every booster's docstring says what it certifies (e.g. "the soft margin of the returned weights is
within eps of the optimum over the class"). :func:`result` reads the algorithm's name and the
parameters stored in the :class:`~refboost.BoostResult` and calls the matching certificate of this
package on ``res.weights`` / ``res.hypotheses`` / ``res.distribution`` (never on the booster's own
records). A booster returns ``converged=True`` only when this check passes; the property tests
assert it on thousands of adversarial instances.

Each family module registers its boosters in ``RESULT_CHECKS`` (``{algorithm: fn(res, U, tol, bound) -> Certificate}``).
"""

from __future__ import annotations

import importlib

from ._core import Certificate

#: Family modules of this package that register result checks.
_FAMILIES = ("lp", "dynamics", "entropy", "corrective", "shen", "sun")


def _registry() -> dict:
    reg: dict = {}
    for fam in _FAMILIES:
        mod = importlib.import_module(f".{fam}", __package__)
        for name, fn in getattr(mod, "RESULT_CHECKS", {}).items():
            if name in reg:  # pragma: no cover - a registration error
                raise AssertionError(f"two certificate checks registered for {name!r}")
            reg[name] = fn
    return reg


def result(res, U, *, tol: float | None = None, bound: str = "auto") -> Certificate:
    """Certify a booster's result against the statement its docstring makes.

    Parameters
    ----------
    res : refboost.BoostResult
    U : array (N, K) or refboost.Oracle
        The class the booster ran on (for a MatrixOracle, its matrix ``oracle.U`` or the oracle).
    tol : float, optional
        Gap to certify; default the booster's own ``eps`` (``res.params["eps"]``).
    bound : {"auto", "dual", "truth"}
        As in :func:`refboost.certify.soft_margin_lp`: ``"dual"`` uses only the returned
        distribution(s) (what the booster itself may use); ``"auto"`` falls back to ground truth.
    """
    reg = _registry()
    if res.algorithm not in reg:
        raise ValueError(f"no certificate is registered for algorithm {res.algorithm!r}; known: {sorted(reg)}")
    return reg[res.algorithm](res, U, tol, bound)


def registered() -> tuple:
    """Names of the algorithms :func:`result` can check."""
    return tuple(sorted(_registry()))
