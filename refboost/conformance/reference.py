"""The soft-margin LP reference instances, read from the conformance kit.

The ten instances (Glocer's Theorem 2.5 worst case at N = 10, 20, 40, 80 and six random matrices)
are stored in the kit as ``soft_margin_lp/reference_<name>`` (:mod:`refboost.conformance`) with the
kit's certificate: HiGHS and Clarabel agreeing on the value, and :func:`refboost.certify.soft_margin_lp`
accepting the stored solution. This module reads them in the older record layout
(``nu``, ``N``, ``K``, ``value``, ``d``, ``gamma``, ``w``, ``psi``, ``rho``, ``certificate``).

``python -m refboost.conformance.reference <dir>`` still writes the older directory layout (``U.csv`` and
``solution.json``) for tools that read it.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

import numpy as np
import scipy

from .. import truth
from .._validation import check_U
from ..margins import soft_margin

PREFIX = "reference_"


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


def names() -> list[str]:
    """The reference instance names (``thm2_5_N10``, ..., ``random_uniform_1``)."""
    from . import instances

    return sorted(i.name[len(PREFIX):] for i in instances("soft_margin_lp", tag="reference"))


def load_lp_reference(name_or_path) -> tuple[np.ndarray, dict]:
    """One reference instance: ``(U, solution)``.

    ``name_or_path``: a name of :func:`names` (read from the conformance kit), or a directory in the
    older layout (``U.csv`` + ``solution.json``, as written by :func:`write_lp_references`).
    """
    p = Path(name_or_path)
    if p.is_dir() and (p / "U.csv").is_file():
        U = np.loadtxt(p / "U.csv", delimiter=",", ndmin=2)
        return U, json.loads((p / "solution.json").read_text())
    from . import load

    name = str(name_or_path)
    if name not in names():
        raise ValueError(f"name_or_path must be one of {names()} or an instance directory, got {name_or_path!r}")
    inst = load("soft_margin_lp", PREFIX + name)
    s, c = inst.solution, inst.certificate
    sol = {
        "problem": "soft-margin LP, Glocer (2009) eqs. (2.2)/(2.3)",
        "nu": inst.params["nu"],
        "N": inst.U.shape[0],
        "K": inst.U.shape[1],
        "value": inst.value,
        "d": inst.distribution.tolist(),
        "gamma": s["gamma"],
        "w": inst.weights.tolist(),
        "psi": s["psi"],
        "rho": s["rho"],
        "certificate": c,
    }
    return inst.U, sol


def write_lp_references(data_dir) -> list[Path]:
    """Write every reference instance in the older layout under ``data_dir/lp/``; return the directories."""
    from ._families import legacy_lp_instances

    root = Path(data_dir) / "lp"
    written = []
    for name, (U, nu) in legacy_lp_instances().items():
        d = root / name
        d.mkdir(parents=True, exist_ok=True)
        np.savetxt(d / "U.csv", U, delimiter=",", fmt="%.17g")
        (d / "solution.json").write_text(json.dumps(certify_soft_margin(U, nu), indent=1) + "\n")
        written.append(d)
    return written


if __name__ == "__main__":  # pragma: no cover
    if len(sys.argv) < 2:
        sys.exit("usage: python -m refboost.conformance.reference <dir>  (writes <dir>/lp/<name>/U.csv, solution.json)")
    for p in write_lp_references(sys.argv[1]):
        print(p)
