"""Reading and writing the stored instances of the conformance kit (open formats only).

Layout of one instance: ``<root>/<problem>/<name>/`` with

* ``U.csv`` -- the matrix, one row per example, values printed with ``%.17g`` (round-trip exact);
* ``instance.json`` -- parameters, optimal value, primal/dual solutions, the certificate;
* ``Xy.csv`` -- only for real-data instances: the features the stump matrix was built from, one
  row per example, and the label (-1 or +1) in the last column (``solution["stumps"]`` describes
  each column of U).

``<root>/manifest.json`` lists every file with its sha256, the counts per family and per tag, and
the command that regenerates the kit.
"""

from __future__ import annotations

import hashlib
import json
import math
from dataclasses import dataclass, field
from pathlib import Path

import numpy as np

FORMAT_VERSION = 1
MANIFEST = "manifest.json"


@dataclass(frozen=True)
class Instance:
    """One certified instance of the kit.

    Attributes
    ----------
    problem, name : str
        Family (snake_case) and instance name.
    U : ndarray, shape (N, K)
        The matrix ``U[n, q] = y_n h_q(x_n)`` (corrective families: the two columns ``u``, ``ubar``;
        dynamics: the +-1 mistake matrix).
    params : dict
        The family's parameters (``nu``, ``eta``, ``T``, ``beta``, ...).
    tags : tuple of str
        E.g. ``"random"``, ``"adversarial"``, ``"real-data"``, the adversarial kind.
    value : float
        The optimal value, in the units of the objective of the family's certificate.
    weights : ndarray (K,) or None
        An optimal w.
    distribution : ndarray (N,) or None
        An optimal d.
    solution : dict
        Everything else stored (duals, gamma, psi, iterates, stump descriptions, ...).
    certificate : dict
        The stored certificate: both solvers and their values, their difference, the tolerance,
        the :mod:`refboost.certify` verdict and residuals, the software versions.
    path : pathlib.Path
        The instance directory.
    X, y : ndarray or None
        Real-data instances: the features and labels the stump matrix was built from.
    """

    problem: str
    name: str
    U: np.ndarray
    params: dict
    tags: tuple
    value: float
    weights: np.ndarray | None
    distribution: np.ndarray | None
    solution: dict
    certificate: dict
    path: Path
    X: np.ndarray | None = None
    y: np.ndarray | None = None
    generator: dict = field(default_factory=dict)

    @property
    def tol(self) -> float:
        """The tolerance the stored certificate was issued at."""
        return float(self.certificate["tol"])

    def __repr__(self) -> str:
        N, K = self.U.shape
        return f"Instance({self.problem!r}, {self.name!r}, N={N}, K={K}, tags={self.tags})"


# ------------------------------------------------------------------------------------------
# JSON: finite floats are written with repr (round-trip exact); inf / nan as strings
# ------------------------------------------------------------------------------------------


def to_jsonable(x):
    """Numpy scalars/arrays to lists and floats; non-finite floats to the strings "inf", "-inf", "nan"."""
    if isinstance(x, dict):
        return {str(k): to_jsonable(v) for k, v in x.items()}
    if isinstance(x, (list, tuple)):
        return [to_jsonable(v) for v in x]
    if isinstance(x, np.ndarray):
        return to_jsonable(x.tolist())
    if isinstance(x, (bool, np.bool_)):
        return bool(x)
    if isinstance(x, (int, np.integer)):
        return int(x)
    if isinstance(x, (float, np.floating)):
        v = float(x)
        if math.isfinite(v):
            return v
        return "nan" if math.isnan(v) else ("inf" if v > 0 else "-inf")
    return x


def from_json_float(v) -> float:
    """Inverse of :func:`to_jsonable` for one float."""
    if isinstance(v, str):
        return float(v)
    return float(v)


def _fmt(x, depth: int) -> str:
    """Objects one key per line; lists of scalars (and lists of them) on one line."""
    if isinstance(x, dict):
        if not x:
            return "{}"
        pad = " " * (depth + 1)
        items = [f"{pad}{json.dumps(k)}: {_fmt(v, depth + 1)}" for k, v in x.items()]
        return "{\n" + ",\n".join(items) + "\n" + " " * depth + "}"
    if isinstance(x, list) and any(isinstance(v, dict) for v in x):
        pad = " " * (depth + 1)
        return "[\n" + ",\n".join(pad + _fmt(v, depth + 1) for v in x) + "\n" + " " * depth + "]"
    return json.dumps(x, allow_nan=False, separators=(",", ":"))


def dumps(obj) -> str:
    return _fmt(to_jsonable(obj), 0) + "\n"


def write_matrix(path: Path, A: np.ndarray) -> None:
    A = np.atleast_2d(np.asarray(A, dtype=float))
    lines = [",".join(format(float(v), ".17g") for v in row) for row in A]
    path.write_text("\n".join(lines) + "\n")


def read_matrix(path: Path) -> np.ndarray:
    rows = [line for line in path.read_text().splitlines() if line.strip()]
    return np.array([[float(v) for v in line.split(",")] for line in rows], dtype=float)


def sha256(path: Path) -> str:
    return hashlib.sha256(Path(path).read_bytes()).hexdigest()


def write_instance(root: Path, rec: dict) -> list[Path]:
    """Write one instance record (as built by :mod:`refboost.conformance.build`); return the files."""
    d = Path(root) / rec["problem"] / rec["name"]
    d.mkdir(parents=True, exist_ok=True)
    for old in d.iterdir():
        old.unlink()
    files = [d / "U.csv", d / "instance.json"]
    write_matrix(files[0], rec["U"])
    if rec.get("X") is not None:
        write_matrix(d / "Xy.csv", np.column_stack([rec["X"], np.asarray(rec["y"], dtype=float)]))
        files.append(d / "Xy.csv")
    meta = {k: v for k, v in rec.items() if k not in ("U", "X", "y")}
    meta = {"format": FORMAT_VERSION, **meta, "shape": list(np.shape(rec["U"]))}
    files[1].write_text(dumps(meta))
    return files


def _array_or_none(v):
    return None if v is None else np.asarray([from_json_float(x) for x in v], dtype=float)


def read_instance(path: Path) -> Instance:
    """Read one instance directory (no verification; see :func:`refboost.conformance.verify`)."""
    path = Path(path)
    meta = json.loads((path / "instance.json").read_text())
    U = read_matrix(path / "U.csv")
    if list(U.shape) != list(meta["shape"]):
        raise ValueError(f"{path.name}: U.csv has shape {U.shape}, instance.json says {tuple(meta['shape'])}")
    X = y = None
    if (path / "Xy.csv").exists():
        Xy = read_matrix(path / "Xy.csv")
        X, y = Xy[:, :-1], Xy[:, -1].copy()
    return Instance(
        problem=meta["problem"],
        name=meta["name"],
        U=U,
        params=meta["params"],
        tags=tuple(meta["tags"]),
        value=from_json_float(meta["value"]),
        weights=_array_or_none(meta.get("weights")),
        distribution=_array_or_none(meta.get("distribution")),
        solution=meta.get("solution", {}),
        certificate=meta["certificate"],
        path=path,
        X=X,
        y=y,
        generator=meta.get("generator", {}),
    )


def write_manifest(root: Path, *, seed: int, command: str, versions: dict, skipped: dict | None = None) -> dict:
    """Hash every instance file under ``root`` and write ``manifest.json`` (deterministic order).

    ``skipped``: per family, the generated instances left out (solvers disagreed or a solver failed);
    families not given keep the list of the previous manifest."""
    root = Path(root)
    old = {}
    if (root / MANIFEST).is_file():
        old = json.loads((root / MANIFEST).read_text()).get("skipped", {})
    skipped = {**old, **(skipped or {})}
    files, families, tags = {}, {}, {}
    for inst_json in sorted(root.glob("*/*/instance.json")):
        d = inst_json.parent
        meta = json.loads(inst_json.read_text())
        fam = meta["problem"]
        families[fam] = families.get(fam, 0) + 1
        tags.setdefault(fam, {})
        for t in meta["tags"]:
            tags[fam][t] = tags[fam].get(t, 0) + 1
        for f in sorted(d.iterdir()):
            files[f.relative_to(root).as_posix()] = {"sha256": sha256(f), "bytes": f.stat().st_size}
    manifest = {
        "format": FORMAT_VERSION,
        "generator": {"seed": seed, "command": command},
        "versions": versions,
        "counts": {"total": sum(families.values()), "per_family": dict(sorted(families.items())),
                   "per_tag": {k: dict(sorted(v.items())) for k, v in sorted(tags.items())}},
        "total_bytes": sum(v["bytes"] for v in files.values()),
        "skipped": {k: v for k, v in sorted(skipped.items()) if k in families},
        "files": files,
    }
    (root / MANIFEST).write_text(dumps(manifest))
    return manifest
