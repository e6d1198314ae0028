"""Reference instances with certified solutions, stored in ``data/`` in open formats.

Each instance is a directory ``data/<family>/<name>/`` holding ``U.csv`` (the matrix
``U[n, q] = y_n h_q(x_n)``, full double precision) and ``solution.json`` (the parameters, the
optimal value, primal/dual solutions and the certificate that proves them: both LP domains solved
independently, their value difference, and the feasibility residuals). Implementers of other
boosting libraries can test against these without installing a solver.

Regenerate with ``python -m refboost.reference <data-dir>``; the tests check that the stored
certificates hold.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

import numpy as np
import scipy

from . import instances, truth
from ._validation import check_U
from .margins import soft_margin


def certify_soft_margin(U, nu: float) -> dict:
    """Solve LPs (2.2)/(2.3) and return a JSON-ready record with the certificate."""
    U = check_U(U)
    s = truth.soft_margin_lp(U, nu)
    return {
        "problem": "soft-margin LP, Glocer (2009) eqs. (2.2)/(2.3)",
        "nu": nu,
        "N": U.shape[0],
        "K": U.shape[1],
        "value": s.value,
        "d": s.d.tolist(),
        "gamma": s.gamma,
        "w": s.w.tolist(),
        "psi": s.psi.tolist(),
        "rho": s.rho,
        "certificate": {
            "value_d_domain": s.value,
            "value_w_domain": s.value_w,
            "duality_gap": s.duality_gap,
            "soft_margin_of_w": soft_margin(U @ s.w, nu),
            "max_edge_of_d": float(np.max(U.T @ s.d)),
            "d_sum_residual": abs(float(s.d.sum()) - 1.0),
            "w_sum_residual": abs(float(s.w.sum()) - 1.0),
        },
        "solver": f"HiGHS via scipy {scipy.__version__} linprog(method={s.method!r})",
    }


def _instances() -> dict[str, tuple[np.ndarray, float]]:
    rng = np.random.default_rng(20091201)
    out: dict[str, tuple[np.ndarray, float]] = {}
    for m in (5, 10, 20, 40):
        out[f"thm2_5_N{2 * m}"] = (instances.lpboost_worst_case(m), 1.0)
    for k, (N, K, nu) in enumerate([(20, 10, 1.0), (50, 30, 5.0), (100, 60, 10.0), (200, 80, 40.0)]):
        out[f"random_pm1_{k}"] = (rng.choice([-1.0, 1.0], size=(N, K)), nu)
    for k, (N, K, nu) in enumerate([(30, 20, 3.5), (80, 40, 12.25)]):
        out[f"random_uniform_{k}"] = (rng.uniform(-1, 1, (N, K)), nu)
    return out


def write_lp_references(data_dir) -> list[Path]:
    """Write every LP reference instance under ``data_dir/lp/``; return the directories."""
    root = Path(data_dir) / "lp"
    written = []
    for name, (U, nu) in _instances().items():
        d = root / name
        d.mkdir(parents=True, exist_ok=True)
        np.savetxt(d / "U.csv", U, delimiter=",", fmt="%.17g")
        (d / "solution.json").write_text(json.dumps(certify_soft_margin(U, nu), indent=1) + "\n")
        written.append(d)
    return written


def load_lp_reference(path) -> tuple[np.ndarray, dict]:
    """Read one instance directory: ``(U, solution)``."""
    path = Path(path)
    U = np.loadtxt(path / "U.csv", delimiter=",", ndmin=2)
    return U, json.loads((path / "solution.json").read_text())


if __name__ == "__main__":  # pragma: no cover
    target = sys.argv[1] if len(sys.argv) > 1 else "data"
    for p in write_lp_references(target):
        print(p)
