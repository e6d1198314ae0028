"""Comparison of records: :func:`same_record`, exactly or across CPUs (:data:`CROSS_CPU_RTOL`)."""

from __future__ import annotations

import json

import numpy as np

from .keys import RUN_FIELDS

#: Relative tolerance for floats of a record re-run on another CPU (:func:`same_record`): the BLAS kernels
#: (OpenBLAS picks Haswell or SkylakeX code at run time) and numpy's SIMD loops (AVX2 or AVX-512 ``exp``,
#: ``log``, sums) round the last bits differently.
CROSS_CPU_RTOL = 1e-9
#: Fields a booster's solver determines only to its accuracy ``eps`` (the cell's, or the booster's default),
#: with the tolerance they get across CPUs: the gap (a certificate <= eps) to eps; the margins to sqrt(eps),
#: since an eps-optimal objective fixes the solution only to O(sqrt(eps)) (strong concavity) and not at all
#: along a flat optimal face: AdaBoost-CG at eps = 1e-5 and T = 0.002 on breast-cancer returned a mean
#: margin 8.7e-5 apart on an AVX2 and an AVX-512 CPU, the same test error and minimum margin to 4e-9.
SOLVER_ACCURACY_FIELDS = {"gap": lambda eps: eps, "margin_min": np.sqrt, "margin_mean": np.sqrt}
#: Boosters whose ``n_iter`` counts the iterations of one numerical solve rather than boosting rounds
#: (AdaBoost-QP: the Newton iterations of its single QP): across CPUs it is not compared.
SOLVER_ITERATION_BOOSTERS = ("adaboost_qp",)


def _cell_eps(rec: dict) -> float | None:
    """The accuracy ``eps`` a record's booster ran at: the cell's parameter, else the booster's default."""
    import inspect

    try:
        params = json.loads(rec["params"]) if isinstance(rec.get("params"), str) else dict(rec.get("params") or {})
    except (TypeError, ValueError):
        return None
    if isinstance(params.get("eps"), int | float):
        return float(params["eps"])
    import refboost

    name = rec.get("booster")
    fn = getattr(refboost, name, None) if name in refboost.BOOSTERS else None
    par = None if fn is None else inspect.signature(fn).parameters.get("eps")
    return float(par.default) if par is not None and isinstance(par.default, int | float) else None


def same_record(a: dict, b: dict, *, rtol: float = 0.0) -> list[str]:
    """The fields (outside :data:`RUN_FIELDS`) where two records differ; [] when identical.

    ``rtol = 0`` (the default): every value must be identical (the same cell run twice on one machine,
    two stores merged). ``rtol > 0`` compares a record re-run on another CPU (:data:`CROSS_CPU_RTOL`):
    two finite floats count as equal when ``|x - y| <= rtol * max(1, |x|, |y|)``, also inside the trace
    (parsed from its JSON, compared entry by entry); the :data:`SOLVER_ACCURACY_FIELDS` may differ by up
    to their tolerance at the booster's ``eps`` (the gap: eps, the margins: sqrt(eps)); ``n_iter`` of
    :data:`SOLVER_ITERATION_BOOSTERS` is not compared. Keys, counts, test errors, verdicts, booleans
    and every discrete entry of the trace must still be identical.
    """
    if not (isinstance(rtol, int | float) and 0 <= rtol < 1):
        raise ValueError(f"rtol must be a number in [0, 1), got {rtol!r}")
    fields = sorted((set(a) | set(b)) - set(RUN_FIELDS))

    def close(x, y, atol=0.0):
        if json.dumps(x) == json.dumps(y):  # JSON: NaN equals NaN
            return True
        if not rtol:
            return False
        if isinstance(x, list) and isinstance(y, list):
            return len(x) == len(y) and all(close(u, v) for u, v in zip(x, y, strict=True))
        if isinstance(x, dict) and isinstance(y, dict):
            return x.keys() == y.keys() and all(close(x[k], y[k]) for k in x)
        floats = isinstance(x, float) and isinstance(y, float) and np.isfinite(x) and np.isfinite(y)
        return floats and abs(x - y) <= max(rtol * max(1.0, abs(x), abs(y)), atol)

    eps = _cell_eps(a) if rtol else None  # the booster's accuracy, for SOLVER_ACCURACY_FIELDS

    def same(f):
        x, y = a.get(f), b.get(f)
        if not rtol:
            return close(x, y)
        if f == "trace" and isinstance(x, str) and isinstance(y, str):
            try:
                return close(json.loads(x), json.loads(y))
            except ValueError:
                return x == y
        if f == "n_iter" and a.get("booster") in SOLVER_ITERATION_BOOSTERS and a.get("booster") == b.get("booster"):
            return True
        tol = SOLVER_ACCURACY_FIELDS.get(f)
        return close(x, y, atol=float(tol(eps)) if tol and eps else 0.0)

    return [f for f in fields if not same(f)]
